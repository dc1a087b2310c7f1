/* cq6-line-routes.c: a path, or a line that writes variables, searched
 * route by route.
 *
 * The longest match of a path (cq6-line.c) is found from what is known
 * of each (position, state) pair, which holds as long as a constituent's
 * value depends on its position only.  Two things break that, and the
 * path is then searched as CQL 6.2 searches every path: depth first over
 * the routes its constituents allow (CQL 6 reference, "path"):
 *
 * - `path max F`: F is evaluated at the last position of each route; the
 *   route kept is the one where F is largest (ties: the first found, or
 *   all of them with keepallbest), and the path's value is F's there.
 *   Routes where F has no value are passed over.
 * - pathcount (and pathcountunfocused) in the constituents: the number
 *   of focus moves of the route so far, which depends on the route.
 * - `path firstmatch`: the first route that matches is kept, and the
 *   search stops there (CQL 6.2's order decides which is first).
 * - constituents that write a variable: what it holds after the path is
 *   what the last route tried wrote (or, if atomic, the route kept's).
 *
 * The routes are tried in CQL 6.2's order: the moves of a position main
 * line first, a repetition with as few rounds as it allows first (`*`,
 * `?` and `{m,n}` try to go on before they repeat once more).  The
 * comments a route's constituents write are taken back when the search
 * leaves it, and those of the routes kept, as they were written, put back
 * at the end; what
 * they write to variables stays as the search leaves it, as in CQL 6.2
 * (whose variables, unless `atomic`, keep what the last route tried
 * wrote).
 *
 * A forward `line` whose constituents write a variable is searched the
 * same way, as CQL 6.2 searches every line: depth first, each constituent
 * tried at a position and, when it holds, the rest at each next position
 * (main line first); a match is recorded where a constituent holds and
 * the rest may be empty, the farthest kept (ties: the first found).  So a
 * constituent is evaluated once per route that reaches it, and what it
 * writes (`Count += 1`) counts every one of those evaluations, as in CQL
 * 6.2, not only those of the route kept.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"

/* CQL 6.2's starting value of the best `max` so far: a route whose F is
 * not above it is never kept. */
#define NO_MAX (-100000000)

typedef struct {
  LineRun      *r;
  Cq6Ctx       *c;
  const CqNode *start;
  gint32        count;      /* focus moves of the route being tried */
  GPtrArray    *ends;       /* the last positions of the routes kept, the
                             * best first */
  gint32        best_count; /* focus moves of the best route, -1: none yet */
  gint64        best_max;   /* F at the best route's end (`max`) */
  guint32      *busy;       /* per state: 1 + the index of the position
                             * where it is being tried, 0: not */
  gboolean      atomic;     /* the constituents change atomic variables */
  Cq6Slot      *best_atomic; /* the variables at the best route's end */
  gboolean      line;       /* a line: @count counts the positions tested */
  guint         comments_start; /* the comments before the search */
  GArray       *best_comments;  /* CqPositionComment: those written along
                                 * the routes kept, as written there */
} Routes;

static void search (Routes *R, const CqNode *n, gint q);

static void
clear_comment_copy (gpointer data)
{
  g_free (((CqPositionComment *) data)->text);
}

/* The comments the route just done wrote, kept as they were written
 * (CQL 6.2 keeps them aside when it records a match): those of a new
 * best route replace the ones kept, those of a tied one (keepallbest)
 * follow them. */
static void
keep_comments (Routes *R, gboolean best)
{
  const GArray *all = R->c->st->comments;

  if (best && R->best_comments != NULL)
    g_array_set_size (R->best_comments, 0);
  for (guint i = R->comments_start; all != NULL && i < all->len; i++)
    {
      CqPositionComment copy = g_array_index (all, CqPositionComment, i);

      /* Made at the first comment kept: most routes write none. */
      if (R->best_comments == NULL)
        {
          R->best_comments = g_array_new (FALSE, FALSE, sizeof (CqPositionComment));
          g_array_set_clear_func (R->best_comments, clear_comment_copy);
        }
      copy.text = g_strdup (copy.text);
      g_array_append_val (R->best_comments, copy);
    }
}

/* The route just done at @end is the best so far (@best), or tied with
 * it (keepallbest). */
static void
keep_route (Routes *R, const CqNode *end, gboolean best)
{
  if (best)
    g_ptr_array_set_size (R->ends, 0);
  g_ptr_array_add (R->ends, (gpointer) end);
  if (best && R->atomic)
    {
      g_free (R->best_atomic);
      R->best_atomic = _cq6_line_save_slots (R->c);
    }
  /* pathlastposition in the constituents: the best route's end so far. */
  R->c->st->line->path_last = R->ends->pdata[0];
  keep_comments (R, best);
}

/* A route is done at @end: is it the best so far (CQL 6.2's order: a
 * larger F with `max`, else more focus moves), or tied with keepallbest? */
static void
route_done (Routes *R, const CqNode *end)
{
  const Cq6Filter *f = R->r->line;
  gboolean allbest = (f->which & CQ6_LINE_KEEPALLBEST) != 0;

  if (f->which & CQ6_LINE_MAX)
    {
      Cq6Ctx at = _cq6_ctx_at (R->c, end);
      guint mark = _cq6_comments_mark (R->c);
      Cq6Val v = { 0 };
      gboolean ok;

      R->c->st->line->path_count = R->count;
      ok = _cq6_eval (f->args[2], &at, &v);
      if (ok && v.num > R->best_max)
        {
          R->best_max = v.num;
          R->best_count = R->count;
          keep_route (R, end, TRUE);
        }
      else if (ok && v.num == R->best_max && allbest && R->best_count > 0)
        keep_route (R, end, FALSE);
      /* F's comments go with the route kept only. */
      _cq6_comments_rollback (R->c, mark);
      return;
    }
  if (R->count > R->best_count)
    {
      R->best_count = R->count;
      keep_route (R, end, TRUE);
    }
  else if (R->count == R->best_count && allbest)
    keep_route (R, end, FALSE);
}

/* path firstmatch: a route is kept, nothing more is tried. */
static inline gboolean
stopped (const Routes *R)
{
  return (R->r->line->which & CQ6_LINE_FIRSTMATCH) && R->ends->len > 0;
}

/* The TEST state @q (constituent @s->f) at @n. */
static void
test (Routes *R, const CqNode *n, gint q, const NState *s)
{
  LineRun *r = R->r;
  Cq6Ctx *c = R->c;
  gboolean primary = (r->line->which & CQ6_LINE_PRIMARY) != 0;
  gboolean focus = r->has_focus;
  Cq6Ctx at = _cq6_ctx_at (c, n);
  DashSets sets;
  guint mark;
  Cq6Slot *atomic;
  Cq6Val v;

  if (R->line)
    {
      gboolean primary_only = (r->line->which & CQ6_LINE_PRIMARY) != 0;

      mark = _cq6_comments_mark (c);
      if (_cq6_eval (s->f, &at, &v))
        {
          R->count++;
          if (r->accepts[s->out])
            route_done (R, n);
          /* The rest at each next position, unless nothing is left. */
          if (r->states[s->out].kind != ST_ACCEPT)
            for (const CqNode *a = _cq6_first_child (c, n, r->line->which);
                 a != NULL && !stopped (R); a = _cq6_next_child (c, a, primary_only))
              search (R, a, s->out);
          R->count--;
        }
      _cq6_comments_rollback (c, mark);
      return;
    }
  if (!_cq6_is_move_step (s->f))
    {
      mark = _cq6_comments_mark (c);
      c->st->line->path_count = R->count;
      if (_cq6_eval (s->f, &at, &v))
        {
          search (R, n, s->out);
        }
      _cq6_comments_rollback (c, mark);
      return;
    }
  if (n->first_child == NULL)
    return;
  if (!_cq6_dash_sets (s->f, &at, &sets))
    sets.from = sets.to = 0;
  for (const CqNode *a = n->first_child; a != NULL && !stopped (R);
       a = _cq6_next_child (c, a, primary))
    {
      if (focus && !_cq6_path_focus_move (r, c, n, a))
        {
          /* Another piece's move is passed over, but not at the start:
           * the path starts with a focus move (as in path_step()). */
          if (n != R->start)
            {
              search (R, a, q);
            }
          continue;
        }
      if (sets.from == 0 && !(a->move.flags & CQ_MOVE_NULL))
        continue;
      mark = _cq6_comments_mark (c);
      atomic = R->atomic ? _cq6_line_save_slots (c) : NULL;
      /* CQL 6.2 counts the move before its targets are tested. */
      c->st->line->path_count = R->count + 1;
      if (_cq6_dash_move_ok (s->f, c, &sets, &a->move, a, NULL))
        {
          R->count++;
          search (R, a, s->out);
          R->count--;
        }
      _cq6_comments_rollback (c, mark);
      if (atomic != NULL)
        {
          _cq6_path_atomic_restore (c, r->line, atomic);
          g_free (atomic);
        }
    }
}

/* Every route from @n in state @q, in CQL 6.2's order. */
static void
search (Routes *R, const CqNode *n, gint q)
{
  const NState *s = &R->r->states[q];
  guint32 was = R->busy[q];

  /* Back at a state at the same position without a move in between
   * (a repetition of constituents that take no move): no new route.  A
   * stopped search ends the search of routes too. */
  if (was == n->index + 1 || stopped (R) || _cq6_halted (R->c)
      || _cq6_too_deep (R->c, R->r->line))
    return;
  R->busy[q] = n->index + 1;
  switch (s->kind)
    {
    case ST_ACCEPT:
      /* A route that takes no move is no match; a line's match was
       * recorded where its last constituent held. */
      if (n != R->start && !R->line)
        route_done (R, n);
      break;
    case ST_SPLIT:
      /* @out repeats (or takes the optional part), @out2 goes on. */
      search (R, n, s->out2);
      search (R, n, s->out);
      break;
    default:
      test (R, n, q, s);
      break;
    }
  R->busy[q] = was;
}

void
_cq6_path_atomic_restore (Cq6Ctx *c, const Cq6Filter *path, const Cq6Slot *saved)
{
  for (guint i = 0; saved != NULL && i < c->program->vars->len; i++)
    if (_cq6_atomic_in_path (c->program, path, i))
      c->st->slots[i] = saved[i];
}

gint32
_cq6_path_routes (LineRun *r, Cq6Ctx *c, GPtrArray *ends, gint64 *max, Cq6Slot **atomic)
{
  Routes R = { 0 };
  Cq6Slot *before = NULL;
  /* The busy marks of most automata fit on the stack: a path is searched
   * at every position, where an allocation would cost more than the
   * search. */
  guint32 busy_small[64] = { 0 };

  R.r = r;
  R.c = c;
  R.start = c->node;
  R.ends = ends;
  R.best_count = -1;
  R.best_max = NO_MAX;
  R.busy = r->n_states <= G_N_ELEMENTS (busy_small) ? busy_small
           : g_new0 (guint32, r->n_states);
  R.atomic = (r->line->which & CQ6_LINE_ATOMIC) != 0;
  R.line = (r->line->which & CQ6_LINE_PATH) == 0;
  if (R.atomic)
    before = _cq6_line_save_slots (c);
  R.comments_start = _cq6_comments_mark (c);
  search (&R, c->node, r->start);
  /* The comments written along the routes kept, handed to the game's
   * comments (which free their texts from now on). */
  _cq6_comments_rollback (c, R.comments_start);
  for (guint i = 0; c->st->comments != NULL && R.best_comments != NULL
                    && i < R.best_comments->len; i++)
    {
      CqPositionComment *copy = &g_array_index (R.best_comments, CqPositionComment, i);

      g_array_append_val (c->st->comments, *copy);
      copy->text = NULL;
    }
  if (R.best_comments != NULL)
    g_array_unref (R.best_comments);
  /* The atomic variables as they were before the path; the caller gives
   * them the best route's values if the path matches. */
  if (before != NULL)
    {
      _cq6_path_atomic_restore (c, r->line, before);
      g_free (before);
    }
  *atomic = R.best_atomic;
  *max = R.best_max;
  if (R.busy != busy_small)
    g_free (R.busy);
  return R.best_count > 0 ? R.best_count : -1;
}
