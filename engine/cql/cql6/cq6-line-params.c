/* cq6-line-params.c: the parameters of CQL 6's line and path filters,
 * read before their constituents (CQL 6 reference, "line", "path"):
 * primary, secondary (line), nestban, firstmatch, quiet, singlecolor,
 * lastposition, a range (`m n`, `m`, `count`), and path's focus, title,
 * piecepath, verbose, keepallbest and max.  The filter they make is
 * evaluated in cq6-line.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* The CQ6_LINE_* flag of the parameter @w of a line (@path: a path) that
 * is only a word, or 0. */
static guint32
param_flag (const Cq6Token *w, gboolean path)
{
  static const struct { const char *word; guint32 flag; gint8 path; } params[] = {
    { "primary", CQ6_LINE_PRIMARY, -1 }, { "nestban", CQ6_LINE_NESTBAN, -1 },
    { "firstmatch", CQ6_LINE_FIRSTMATCH, -1 }, { "quiet", CQ6_LINE_QUIET, -1 },
    { "singlecolor", CQ6_LINE_SINGLECOLOR, -1 }, { "secondary", CQ6_LINE_SECONDARY, 0 },
    { "piecepath", CQ6_LINE_PIECEPATH, 1 }, { "verbose", CQ6_LINE_VERBOSE, 1 },
    { "keepallbest", CQ6_LINE_KEEPALLBEST, 1 },
  };

  if (w->kind != CQ6_TOK_WORD)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    if (strcmp (w->text, params[i].word) == 0 && (params[i].path < 0 || params[i].path == path))
      return params[i].flag;
  return 0;
}

static gboolean
fail (Cq6Filter *focus, Cq6Filter *max)
{
  _cq6_filter_free (focus);
  _cq6_filter_free (max);
  return FALSE;
}

gboolean
_cq6_parse_line_params (Cq6Parser *p, const Cq6Token *t, Cq6Filter *f, Cq6Filter **focus_out,
                        Cq6Filter **max_out)
{
  gboolean path = (f->which & CQ6_LINE_PATH) != 0;
  Cq6Filter *focus = NULL, *max = NULL;

  for (;;)
    {
      Cq6Token *w = _cq6_peek (p);
      guint32 flag = param_flag (w, path);

      if (flag != 0)
        {
          /* CQL 6.2 refuses a parameter given twice. */
          if (f->which & flag)
            {
              _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX, "multiple `%s` parameters in `%s`",
                            w->text, t->text);
              return fail (focus, max);
            }
          f->which |= flag;
        }
      else if (_cq6_is_word (w, "lastposition"))
        {
          /* Its value is the position the line ends at, not its length. */
          f->which |= CQ6_LINE_LASTPOSITION;
          f->type = CQ6_TYPE_POSITION;
        }
      else if (_cq6_is_word (w, "count") && !(f->which & CQ6_LINE_RANGE))
        {
          /* CQL 6.2's range `count`: any value. */
          f->range_min = -100000;
          f->range_max = 100000;
          f->which |= CQ6_LINE_RANGE;
        }
      else if (w->kind == CQ6_TOK_NUMBER && !(f->which & CQ6_LINE_RANGE))
        {
          /* `line 2 5 -->`, `path 3 ...`: the value (length, or path's
           * max) must be within the range, else the filter fails. */
          if (!_cq6_parse_range (p, &f->range_min, &f->range_max, "the range"))
            {
              return fail (focus, max);
            }
          f->which |= CQ6_LINE_RANGE;
          continue;
        }
      else if (path && _cq6_is_word (w, "title"))
        {
          Cq6Token *s = _cq6_peek_at (p, 1);

          if (s->kind != CQ6_TOK_STRING || s->text[0] == '\0')
            {
              _cq6_fail_at (p, s, CQ_QUERY_ERROR_SYNTAX,
                            "expected a non-empty string after `title`, e.g. title \"rook\"");
              return fail (focus, max);
            }
          /* Given twice, the last one holds (as in CQL 6.2). */
          g_free (f->string);
          f->string = g_strdup (s->text);
          _cq6_advance (p);
        }
      else if (path && _cq6_is_word (w, "max"))
        {
          /* `max F`: F is evaluated at the last position of each route,
           * where pathcount reads that route (a filter of this path). */
          Cq6Token *at = _cq6_peek_at (p, 1);

          if (max != NULL)
            {
              _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX,
                            "multiple `max` parameters in `path`");
              _cq6_filter_free (max);
              max = NULL;
            }
          else
            {
              _cq6_advance (p);
              p->path_depth++;
              max = _cq6_want_type (p, at, _cq6_parse_filter (p), CQ6_TYPE_NUMBER,
                                    "path's `max`");
              p->path_depth--;
            }
          if (max == NULL)
            {
              return fail (focus, max);
            }
          f->which |= CQ6_LINE_MAX;
          continue;
        }
      else if (path && _cq6_is_word (w, "focus") && focus == NULL)
        {
          _cq6_advance (p);
          if (_cq6_is_word (_cq6_peek (p), "capture"))
            {
              _cq6_advance (p);
              f->which |= CQ6_LINE_FOCUS_CAPTURE;
            }
          /* A set expression: `focus A | B` focuses on both. */
          focus = _cq6_want_type (p, _cq6_peek (p), _cq6_parse_union (p), CQ6_TYPE_SET,
                                  "focus");
          if (focus == NULL)
            {
              return fail (focus, max);
            }
          continue;
        }
      else if (_cq6_is_word (w, "max") || _cq6_is_word (w, "title")
               || _cq6_is_word (w, "piecepath") || _cq6_is_word (w, "verbose")
               || _cq6_is_word (w, "keepallbest") || _cq6_is_word (w, "secondary")
               || _cq6_is_word (w, "focus"))
        {
          /* CQL 6.2: these are path's only (secondary line's), and
           * `focus` is given once. */
          if (path && _cq6_is_word (w, "focus"))
            _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX, "multiple `focus` parameters in `path`");
          else
            _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX, "`%s` is not a parameter of %s here",
                          w->text, t->text);
          return fail (focus, max);
        }
      else
        break;
      _cq6_advance (p);
    }
  if (!path && _cq6_is_punct (_cq6_peek (p), "<--"))
    f->which |= CQ6_LINE_BACKWARD;
  {
    /* CQL 6.2's refusals of parameters that do not go together. */
    const char *clash = NULL;
    guint32 w = f->which;

    if ((w & CQ6_LINE_PIECEPATH) && focus == NULL && !(w & CQ6_LINE_SINGLECOLOR))
      clash = "`piecepath` writes the way of the focus pieces: it needs `focus`";
    else if (path && (w & CQ6_LINE_SINGLECOLOR) && focus != NULL)
      clash = "`singlecolor` cannot be used with `focus` in `path`";
    else if ((w & CQ6_LINE_PRIMARY) && (w & CQ6_LINE_SECONDARY))
      clash = "`primary` and `secondary` cannot both be given to `line`";
    else if ((w & (CQ6_LINE_PRIMARY | CQ6_LINE_SECONDARY)) && (w & CQ6_LINE_BACKWARD))
      clash = "`primary` and `secondary` cannot be used with `line <--`";
    else if ((w & CQ6_LINE_NESTBAN) && (w & CQ6_LINE_BACKWARD))
      clash = "`nestban` cannot be used with `line <--`";
    if (clash != NULL)
      {
        _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC, "%s", clash);
        return fail (focus, max);
      }
  }
  *focus_out = focus;
  *max_out = max;
  return TRUE;
}
