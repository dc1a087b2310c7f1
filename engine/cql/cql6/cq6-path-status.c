/* cq6-path-status.c: CQL 6's path status filters, read and evaluated:
 * pathstart, pathcount, pathcountunfocused, pathlastposition and
 * pathdebug (CQL 6 reference, "path status filters").
 *
 * Inside a path's constituents (or its `max`) they read the path being
 * matched: where it started, the focus moves of the route so far (and
 * the other moves), the last position of the best route found so far.
 * Outside every path, pathstart, pathlastposition and pathcount read the
 * last path that matched in this game: its start, its last position and
 * its length (none yet: they do not match).  Each game starts with none
 * (rulings: path status filters).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"

/* CQ6_PATHSTART, CQ6_PATHCOUNT, CQ6_PATHLASTPOSITION .which */
enum {
  UNFOCUSED = 1 << 0, /* pathcountunfocused */
  OUTSIDE   = 1 << 1  /* outside every path: the last path that matched */
};

gboolean
_cq6_parse_path_status_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  guint32 outside = p->path_depth == 0 ? OUTSIDE : 0;

  if (_cq6_is_word (t, "pathstart") || _cq6_is_word (t, "pathlastposition"))
    {
      *out = _cq6_node (t->text[4] == 's' ? CQ6_PATHSTART : CQ6_PATHLASTPOSITION,
                        CQ6_TYPE_POSITION, t);
      (*out)->which = outside;
      return TRUE;
    }
  if (_cq6_is_word (t, "pathcount") || _cq6_is_word (t, "pathcountunfocused"))
    {
      *out = _cq6_node (CQ6_PATHCOUNT, CQ6_TYPE_NUMBER, t);
      (*out)->which = outside | (t->text[9] != '\0' ? UNFOCUSED : 0);
      return TRUE;
    }
  if (_cq6_is_word (t, "pathdebug"))
    {
      /* CQL 6.2 reads the path around it, and stops with a crash where
       * there is none: refused there. */
      if (outside)
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                        "`pathdebug` describes the path it is in: it may only stand in a "
                        "path's constituents or `max`");
          *out = NULL;
        }
      else
        *out = _cq6_node (CQ6_PATHDEBUG, CQ6_TYPE_LOGICAL, t);
      return TRUE;
    }
  return FALSE;
}

gboolean
_cq6_path_status_in_search (const Cq6Filter *f)
{
  return (f->kind == CQ6_PATHCOUNT || f->kind == CQ6_PATHLASTPOSITION
          || f->kind == CQ6_PATHDEBUG)
         && !(f->which & OUTSIDE);
}

/* pathdebug: a message naming the path's start, the position examined
 * and the best route found so far (CQL 6.2 prints its internal state,
 * memory addresses included; these are its facts in Excelsior's words). */
static void
path_debug (Cq6Ctx *c)
{
  struct _Cq6LineState *ls = c->st->line;
  GString *where, *text;
  CqMessage message = { c->node->index, NULL, NULL };

  if (c->st->messages == NULL)
    return;
  where = g_string_new (NULL);
  _cq6_position_ref (c, c->node, where);
  text = g_string_new ("PathDebug: path started at ");
  _cq6_position_ref (c, ls->path_start, text);
  g_string_append_printf (text, ", route so far %d focus moves", ls->path_count);
  if (ls->path_last != NULL)
    {
      g_string_append (text, ", best route so far ends at ");
      _cq6_position_ref (c, ls->path_last, text);
    }
  message.where = g_string_free (where, FALSE);
  message.text = g_string_free (text, FALSE);
  g_array_append_val (c->st->messages, message);
}

gboolean
_cq6_eval_path_status (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  struct _Cq6LineState *ls;
  const CqNode *start;
  gint64 count;

  _cq6_line_state_ensure (c);
  ls = c->st->line;
  start = (f->which & OUTSIDE) ? ls->status_start : ls->path_start;
  if (start == NULL)
    return FALSE;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_PATHSTART:
      v->node = start;
      return TRUE;
    case CQ6_PATHLASTPOSITION:
      v->node = (f->which & OUTSIDE) ? ls->status_last : ls->path_last;
      return v->node != NULL;
    case CQ6_PATHCOUNT:
      count = (f->which & OUTSIDE) ? ls->status_count : ls->path_count;
      /* After the path, CQL 6.2's pathcount has no value at 0. */
      if ((f->which & OUTSIDE) && count <= 0)
        return FALSE;
      /* pathcountunfocused: CQL 6.2's `ply - pathstart:ply - pathcount`. */
      if (f->which & UNFOCUSED)
        count = (gint64) c->node->ply - start->ply - count;
      v->num = count;
      return TRUE;
    case CQ6_PATHDEBUG:
      path_debug (c);
      return TRUE;
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}

void
_cq6_path_status_record (Cq6Ctx *c, const CqNode *start, const CqNode *last, gint32 count)
{
  struct _Cq6LineState *ls = c->st->line;

  ls->status_start = start;
  ls->status_last = last;
  ls->status_count = count;
}
