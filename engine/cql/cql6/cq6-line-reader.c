/* cq6-line-reader.c: the reader of the CQL 6 filters over sequences of
 * moves: line and path (constituents, repetition suffixes `*`, `+`, `?`,
 * `{m,n}`, groups), the dash filters (`--`, `X--Y`, `X[x]Y`, `--=Q`,
 * `--(F)`), previous, countmoves and consecutivemoves.  They are
 * evaluated by cq6-line.c and cq6-moves.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"

#include <string.h>

/* The most automaton states one line may need (repetition counts are
 * expanded): a larger one is refused when the query is read. */
#define MAX_STATES 4096

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

static gboolean
adjacent (Cq6Parser *p)
{
  Cq6Token *prev, *t = _cq6_peek (p);

  if (p->pos == 0)
    return FALSE;
  prev = &g_array_index (p->tokens, Cq6Token, p->pos - 1);
  return prev->start + prev->len == t->start;
}

static gboolean
is_dash (const Cq6Token *t)
{
  return _cq6_is_punct (t, "--") || _cq6_is_punct (t, "[x]");
}

/* The rest of a dash filter after its `--` or `[x]` (already read): the
 * to-set written right after it, `=T` (a promotion), `(F)` (a filter
 * the position after the move must match).  CQL 6 reference, "dash":
 * no white space between the sets and the dash. */
static Cq6Filter *
parse_dash_rest (Cq6Parser *p, Cq6Token *dash, Cq6Filter *left)
{
  Cq6Filter *f = _cq6_node (CQ6_DASH, CQ6_TYPE_LOGICAL, dash);
  Cq6Token *t;

  if (_cq6_is_punct (dash, "[x]"))
    f->which |= CQ6_DASH_CAPTURE;
  _cq6_filter_add_arg (f, left);
  t = _cq6_peek (p);
  if (adjacent (p) && (t->kind == CQ6_TOK_DESIGNATOR || t->kind == CQ6_TOK_WORD))
    {
      Cq6Filter *right = _cq6_want_type (p, t, _cq6_parse_primary (p), CQ6_TYPE_SET,
                                         "the right side of a dash filter");
      if (right == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_add_arg (f, right);
    }
  else
    _cq6_filter_add_arg (f, NULL);
  t = _cq6_peek (p);
  if (_cq6_is_punct (t, "=") && _cq6_peek_at (p, 1)->kind == CQ6_TOK_DESIGNATOR)
    {
      Cq6Filter *promo;

      _cq6_advance (p);
      t = _cq6_advance (p);
      /* `=T` names piece types: its colour does not count (rulings 11:
       * `--=q` and `--=Q` find the same promotions). */
      promo = _cq6_node (CQ6_DESIGNATOR, CQ6_TYPE_SET, t);
      promo->designator = t->designator;
      _cq6_filter_add_arg (f, promo);
    }
  else
    _cq6_filter_add_arg (f, NULL);
  t = _cq6_peek (p);
  if (_cq6_is_punct (t, "(") && adjacent (p))
    {
      Cq6Filter *target;

      _cq6_advance (p);
      target = _cq6_parse_filter (p);
      if (target == NULL || !_cq6_expect_punct (p, ")", "to close the dash filter's '('"))
        {
          _cq6_filter_free (target);
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_add_arg (f, target);
    }
  else
    _cq6_filter_add_arg (f, NULL);
  return f;
}

Cq6Filter *
_cq6_parse_line_infix (Cq6Parser *p, Cq6Filter *left)
{
  Cq6Token *t = _cq6_peek (p);

  if (!is_dash (t) || !adjacent (p))
    return left;
  if (left->type != CQ6_TYPE_SET)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "the left side of a dash filter must be a set of squares");
      _cq6_filter_free (left);
      return NULL;
    }
  _cq6_advance (p);
  return parse_dash_rest (p, t, left);
}

/* A repetition suffix after a constituent: `*`, `+`, `?`, `{m,n}`,
 * `{m,}`, `{,n}`, `{n}`.  Wraps @item in a CQ6_LINE_REPEAT; @item itself
 * when none follows; NULL on an error. */
static Cq6Filter *
parse_suffix (Cq6Parser *p, Cq6Filter *item)
{
  Cq6Token *t = _cq6_peek (p);
  gint64 lo, hi;
  Cq6Filter *r;

  if (_cq6_is_punct (t, "*"))
    lo = 0, hi = -1;
  else if (_cq6_is_punct (t, "+"))
    lo = 1, hi = -1;
  else if (_cq6_is_punct (t, "?"))
    lo = 0, hi = 1;
  else if (_cq6_is_punct (t, "{")
           && (_cq6_peek_at (p, 1)->kind == CQ6_TOK_NUMBER || _cq6_is_punct (_cq6_peek_at (p, 1), ",")))
    {
      _cq6_advance (p);
      lo = 0, hi = -1;
      if (_cq6_peek (p)->kind == CQ6_TOK_NUMBER)
        lo = hi = _cq6_advance (p)->number;
      if (_cq6_is_punct (_cq6_peek (p), ","))
        {
          _cq6_advance (p);
          hi = -1;
          if (_cq6_peek (p)->kind == CQ6_TOK_NUMBER)
            hi = _cq6_advance (p)->number;
        }
      if (!_cq6_expect_punct (p, "}", "to close the repetition range"))
        {
          _cq6_filter_free (item);
          return NULL;
        }
      if (hi >= 0 && hi < lo)
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                        "this repetition range's maximum is below its minimum");
          _cq6_filter_free (item);
          return NULL;
        }
      r = _cq6_node1 (CQ6_LINE_REPEAT, CQ6_TYPE_LOGICAL, t, item);
      r->range_min = lo, r->range_max = hi;
      return parse_suffix (p, r);
    }
  else
    return item;
  _cq6_advance (p);
  r = _cq6_node1 (CQ6_LINE_REPEAT, CQ6_TYPE_LOGICAL, t, item);
  r->range_min = lo, r->range_max = hi;
  return parse_suffix (p, r);
}

/* The token index where the constituent starting at the current token
 * must stop being read as an expression: a `+`, `*` or `?` there is a
 * repetition suffix, not arithmetic (`check+ --> stalemate`).  G_MAXUINT
 * when there is none. */
static guint
suffix_fence (Cq6Parser *p)
{
  int depth = 0;

  for (guint i = p->pos; i < p->tokens->len; i++)
    {
      Cq6Token *t = &g_array_index (p->tokens, Cq6Token, i);
      Cq6Token *n;

      if (t->kind == CQ6_TOK_END)
        break;
      if (_cq6_is_punct (t, "(") || _cq6_is_punct (t, "{"))
        depth++;
      else if (_cq6_is_punct (t, ")") || _cq6_is_punct (t, "}"))
        {
          if (--depth < 0)
            break;
        }
      else if (depth == 0 && (_cq6_is_punct (t, "-->") || _cq6_is_punct (t, "<--")))
        break;
      else if (depth == 0 && i > p->pos
               && (_cq6_is_punct (t, "+") || _cq6_is_punct (t, "*") || _cq6_is_punct (t, "?")))
        {
          n = &g_array_index (p->tokens, Cq6Token, MIN (i + 1, p->tokens->len - 1));
          if (_cq6_is_punct (t, "?") || n->kind == CQ6_TOK_END || _cq6_is_punct (n, ")")
              || _cq6_is_punct (n, "}") || _cq6_is_punct (n, "-->") || _cq6_is_punct (n, "<--")
              || is_dash (n) || (n->kind != CQ6_TOK_NUMBER && !_cq6_is_punct (n, "(")
                                 && !_cq6_is_punct (n, "#") && !_cq6_is_punct (n, "-")))
            return i;
        }
    }
  return G_MAXUINT;
}

/* One filter as a constituent, read up to a suffix fence. */
static Cq6Filter *
parse_fenced_filter (Cq6Parser *p)
{
  guint fence = suffix_fence (p);
  Cq6TokenKind kind = CQ6_TOK_END;
  Cq6Filter *f;

  if (fence != G_MAXUINT)
    {
      kind = g_array_index (p->tokens, Cq6Token, fence).kind;
      g_array_index (p->tokens, Cq6Token, fence).kind = CQ6_TOK_END;
    }
  f = _cq6_parse_filter (p);
  if (fence != G_MAXUINT)
    g_array_index (p->tokens, Cq6Token, fence).kind = kind;
  return f;
}

static Cq6Filter *parse_items (Cq6Parser *p, Cq6Token *at, const char *arrow, gboolean group);

/* A constituent with its suffix: a parenthesised group of constituents
 * or one filter. */
static Cq6Filter *
parse_item (Cq6Parser *p, const char *arrow)
{
  Cq6Token *t = _cq6_peek (p);
  Cq6Filter *item;

  if (_cq6_is_punct (t, "("))
    {
      _cq6_advance (p);
      item = parse_items (p, t, arrow, TRUE);
      if (item != NULL && !_cq6_expect_punct (p, ")", "to close the group of constituents"))
        {
          _cq6_filter_free (item);
          return NULL;
        }
    }
  else
    item = parse_fenced_filter (p);
  return item != NULL ? parse_suffix (p, item) : NULL;
}

/* Constituents as a CQ6_LINE_SEQ.  A line's are each introduced by
 * @arrow (`-->` or `<--`; within a group, by @arrow after the first); a
 * path's (@arrow NULL) follow one another while a filter can start. */
static Cq6Filter *
parse_items (Cq6Parser *p, Cq6Token *at, const char *arrow, gboolean group)
{
  Cq6Filter *seq = _cq6_node (CQ6_LINE_SEQ, CQ6_TYPE_LOGICAL, at);

  for (guint n = 0;; n++)
    {
      Cq6Token *t = _cq6_peek (p);
      Cq6Filter *item;

      if (arrow != NULL)
        {
          if (_cq6_is_punct (t, arrow))
            _cq6_advance (p);
          else if (!(group && n == 0))
            {
              if (n > 0)
                break;
              _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected '%s' and a constituent", arrow);
              _cq6_filter_free (seq);
              return NULL;
            }
        }
      else if (!_cq6_starts_filter (t) || (group && _cq6_is_punct (t, ")")))
        {
          if (n > 0)
            break;
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "`path` needs at least one constituent");
          _cq6_filter_free (seq);
          return NULL;
        }
      if ((item = parse_item (p, arrow)) == NULL)
        {
          _cq6_filter_free (seq);
          return NULL;
        }
      _cq6_filter_add_arg (seq, item);
      if (group && _cq6_is_punct (_cq6_peek (p), ")"))
        break;
    }
  return seq;
}

/* The automaton states @f needs (see compile()). */
static gint64
count_states (const Cq6Filter *f)
{
  gint64 n = 0, body;

  switch (f->kind)
    {
    case CQ6_LINE_SEQ:
      for (guint i = 0; i < f->n_args; i++)
        n += count_states (f->args[i]);
      return MIN (n, G_MAXINT32);
    case CQ6_LINE_REPEAT:
      body = count_states (f->args[0]) + 1;
      if (f->range_max < 0)
        return MIN (body * (f->range_min + 1), G_MAXINT32);
      return MIN (body * MAX (f->range_max, 1), G_MAXINT32);
    default:
      return 1;
    }
}

/* `line [params] --> c1 --> c2 ...` / `path [params] c1 c2 ...`. */
static Cq6Filter *
parse_line (Cq6Parser *p, Cq6Token *t, gboolean path)
{
  Cq6Filter *f = _cq6_node (CQ6_LINE, CQ6_TYPE_NUMBER, t);
  Cq6Filter *focus = NULL, *items;
  const char *arrow = NULL;

  if (path)
    f->which |= CQ6_LINE_PATH;
  for (;;)
    {
      Cq6Token *w = _cq6_peek (p);

      if (_cq6_is_word (w, "primary"))
        f->which |= CQ6_LINE_PRIMARY;
      else if (_cq6_is_word (w, "nestban"))
        f->which |= CQ6_LINE_NESTBAN;
      else if (_cq6_is_word (w, "quiet"))
        f->which |= CQ6_LINE_QUIET;
      else if (!path && _cq6_is_word (w, "singlecolor"))
        f->which |= CQ6_LINE_SINGLECOLOR;
      else if (path && _cq6_is_word (w, "piecepath"))
        f->which |= CQ6_LINE_PIECEPATH;
      else if (path && _cq6_is_word (w, "verbose"))
        f->which |= CQ6_LINE_VERBOSE;
      else if (path && _cq6_is_word (w, "title") && f->string == NULL)
        {
          Cq6Token *s = _cq6_peek_at (p, 1);

          if (s->kind != CQ6_TOK_STRING || s->text[0] == '\0')
            {
              _cq6_fail_at (p, s, CQ_QUERY_ERROR_SYNTAX,
                            "expected a non-empty string after `title`, e.g. title \"rook\"");
              _cq6_filter_free (focus);
              _cq6_filter_free (f);
              return NULL;
            }
          f->string = g_strdup (s->text);
          _cq6_advance (p);
        }
      else if (path && _cq6_is_word (w, "focus") && focus == NULL)
        {
          _cq6_advance (p);
          if ((focus = _cq6_parse_set_arg (p, "focus")) == NULL)
            {
              _cq6_filter_free (f);
              return NULL;
            }
          continue;
        }
      else if (_cq6_is_word (w, "lastposition") || _cq6_is_word (w, "firstmatch")
               || _cq6_is_word (w, "max") || _cq6_is_word (w, "title")
               || _cq6_is_word (w, "piecepath") || _cq6_is_word (w, "verbose")
               || _cq6_is_word (w, "keepallbest") || _cq6_is_word (w, "count")
               || _cq6_is_word (w, "capture") || _cq6_is_word (w, "legal")
               || _cq6_is_word (w, "pseudolegal") || _cq6_is_word (w, "nestban")
               || _cq6_is_word (w, "singlecolor"))
        {
          _cq6_fail_at (p, w, CQ_QUERY_ERROR_UNSUPPORTED,
                        "the %s parameter `%s` is not supported yet", t->text, w->text);
          _cq6_filter_free (focus);
          _cq6_filter_free (f);
          return NULL;
        }
      else
        break;
      _cq6_advance (p);
    }
  if (!path)
    {
      Cq6Token *a = _cq6_peek (p);

      if (_cq6_is_punct (a, "<--"))
        arrow = "<--", f->which |= CQ6_LINE_BACKWARD;
      else
        arrow = "-->";
    }
  if ((f->which & CQ6_LINE_PIECEPATH) && focus == NULL)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "`piecepath` writes the way of the focus pieces: it needs `focus`");
      _cq6_filter_free (f);
      return NULL;
    }
  p->path_depth += path;
  items = parse_items (p, t, arrow, FALSE);
  p->path_depth -= path;
  if (items == NULL)
    {
      _cq6_filter_free (focus);
      _cq6_filter_free (f);
      return NULL;
    }
  _cq6_filter_add_arg (f, items);
  _cq6_filter_add_arg (f, focus);
  if (count_states (items) > MAX_STATES)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "this %s's repetitions are too large (more than %d steps)", t->text,
                    MAX_STATES);
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}

/* A dash filter after @t (`previous`, `currentmove`, `countmoves`): the
 * reference accepts nothing else ("expected -- filter following
 * 'currentmove'"). */
static Cq6Filter *
parse_dash_only (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Token *d = _cq6_peek (p);
  Cq6Filter *f;

  if (!_cq6_starts_filter (d))
    f = NULL;
  else if ((f = _cq6_parse_primary (p)) == NULL)
    return NULL;
  if (f == NULL || f->kind != CQ6_DASH || (f->which & (CQ6_DASH_PREVIOUS | CQ6_DASH_COUNT)))
    {
      _cq6_fail_at (p, d, CQ_QUERY_ERROR_SYNTAX, "expected a dash filter (`--`, `[x]`) after `%s`",
                    t->text);
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}

gboolean
_cq6_parse_line_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  if (_cq6_is_word (t, "line") || _cq6_is_word (t, "path"))
    {
      *out = parse_line (p, t, t->text[0] == 'p');
      return TRUE;
    }
  if (_cq6_is_word (t, "pathstart"))
    {
      /* Inside a path's constituents: where that path started.  After a
       * path, CQL 6.2 gives the start of the last path that matched in the
       * game; that is not read here. */
      if (p->path_depth == 0)
        _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNSUPPORTED,
                      "`pathstart` outside a path's constituents is not supported yet");
      else
        *out = _cq6_node (CQ6_PATHSTART, CQ6_TYPE_POSITION, t);
      return TRUE;
    }
  if (_cq6_is_word (t, "previous") || _cq6_is_word (t, "currentmove"))
    {
      /* Only a dash filter may follow (the reference: "expected --
       * filter following 'currentmove'"). */
      Cq6Filter *f = parse_dash_only (p, t);

      if (f == NULL)
        {
          *out = NULL;
          return TRUE;
        }
      f->which |= CQ6_DASH_PREVIOUS;
      *out = f;
      return TRUE;
    }
  if (_cq6_is_word (t, "countmoves"))
    {
      guint32 which = CQ6_DASH_COUNT;
      Cq6Filter *f;

      for (;; _cq6_advance (p))
        if (_cq6_is_word (_cq6_peek (p), "legal"))
          which |= CQ6_DASH_LEGAL;
        else if (_cq6_is_word (_cq6_peek (p), "pseudolegal"))
          which |= CQ6_DASH_PSEUDOLEGAL;
        else
          break;
      if ((f = parse_dash_only (p, t)) == NULL)
        {
          *out = NULL;
          return TRUE;
        }
      f->which |= which;
      f->type = CQ6_TYPE_NUMBER;
      *out = f;
      return TRUE;
    }
  if (_cq6_is_word (t, "consecutivemoves"))
    {
      /* consecutivemoves [quiet] [range] (x y): CQL 6 reference,
       * "consecutivemoves". */
      Cq6Filter *f = _cq6_node (CQ6_CONSECUTIVEMOVES, CQ6_TYPE_NUMBER, t);

      f->range_min = G_MININT64, f->range_max = G_MAXINT64;
      if (_cq6_is_word (_cq6_peek (p), "quiet"))
        f->which |= CQ6_LINE_QUIET, _cq6_advance (p);
      if (_cq6_peek (p)->kind == CQ6_TOK_NUMBER
          && !_cq6_parse_range (p, &f->range_min, &f->range_max, "the consecutivemoves range"))
        {
          _cq6_filter_free (f);
          *out = NULL;
          return TRUE;
        }
      if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_POSITION, 2, 2, "consecutivemoves"))
        {
          _cq6_filter_free (f);
          f = NULL;
        }
      *out = f;
      return TRUE;
    }
  return FALSE;
}

gboolean
_cq6_parse_line_punct (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  if (is_dash (t))
    {
      _cq6_advance (p);
      *out = parse_dash_rest (p, t, NULL);
      return TRUE;
    }
  if (_cq6_is_punct (t, "-->") || _cq6_is_punct (t, "<--"))
    {
      /* The reference refuses `--> check` without `line` too. */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "`%s` may only follow `line` (`line %s ...`)",
                    t->text, t->text);
      *out = NULL;
      return TRUE;
    }
  return FALSE;
}
