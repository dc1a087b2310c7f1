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

/* A `(` at the current token after the dash filter that ends there, which
 * began at token @start: FALSE with a syntax error unless the filter is a
 * path's constituent, as CQL 6.2 refuses it everywhere else (dash-parse:
 * a target `(F)` must touch the dash, and a second `(` after it may be a
 * target meant for it).  A path's constituent takes the filters after it
 * as its targets, `(F)` after white space included. */
static gboolean
check_paren_after_dash (Cq6Parser *p, guint start, gboolean after_target)
{
  Cq6Token *t = _cq6_peek (p);

  if (!_cq6_is_punct (t, "(") || p->path_item == start + 1
      || (!after_target && adjacent (p)))
    return TRUE;
  if (after_target)
    _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                  "a `(` right after a dash filter's `(...)`: CQL 6.2 refuses it, as it may "
                  "be meant as the target; write `--(F G)` for several filters, or `{...}`");
  else
    _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                  "white space between a dash filter and the `(` of its target: write "
                  "`--(F)` without it, or `{...}` for a filter of its own (CQL 6.2 "
                  "refuses a `(` here)");
  return FALSE;
}

/* The rest of a dash filter after its `--` or `[x]` (already read), which
 * began at token @start (its left set's first, or the dash): the to-set
 * written right after it, `=T` (a promotion), `(F)` (a filter the
 * position after the move must match).  CQL 6 reference, "dash": no white
 * space between the sets and the dash. */
static Cq6Filter *
parse_dash_rest (Cq6Parser *p, Cq6Token *dash, Cq6Filter *left, guint start)
{
  Cq6Filter *f = _cq6_node (CQ6_DASH, CQ6_TYPE_LOGICAL, dash);
  Cq6Token *t;

  if (_cq6_is_punct (dash, "[x]"))
    f->which |= CQ6_DASH_CAPTURE;
  _cq6_filter_add_arg (f, left);
  t = _cq6_peek (p);
  if (adjacent (p) && (t->kind == CQ6_TOK_DESIGNATOR || t->kind == CQ6_TOK_WORD
                       || _cq6_is_punct (t, "~")))
    {
      Cq6Filter *right;

      /* CQL 6.2 reads a whole set expression there, white space and all:
       * `X--~C`, `X--A&B` is `X--(A&B)`, `X--Y -> k` is `X--(Y -> k)`. */
      right = _cq6_want_type (p, _cq6_peek (p), _cq6_parse_set_expression (p), CQ6_TYPE_SET,
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
  else if (_cq6_is_punct (t, "=") && adjacent (p) && _cq6_starts_filter (_cq6_peek_at (p, 1)))
    {
      /* `--="Q"`, `--=T` with T a string: the promotion's letter is in
       * the string, whatever its case ("" any promotion), as CQL 6.2. */
      Cq6Token *at;
      Cq6Filter *promo;

      _cq6_advance (p);
      at = _cq6_peek (p);
      promo = _cq6_want_type (p, at, _cq6_parse_primary (p), CQ6_TYPE_STRING,
                              "a promotion `=` (a piece designator or a string)");
      if (promo == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      _cq6_filter_add_arg (f, promo);
    }
  else
    _cq6_filter_add_arg (f, NULL);
  if (!check_paren_after_dash (p, start, FALSE))
    {
      _cq6_filter_free (f);
      return NULL;
    }
  t = _cq6_peek (p);
  if (_cq6_is_punct (t, "(") && adjacent (p))
    {
      Cq6Filter *target;

      /* `--(F G ...)`: the filters in turn, as a compound filter (CQL
       * 6.2); one alone is itself. */
      _cq6_advance (p);
      if (_cq6_is_punct (_cq6_peek (p), ")"))
        {
          _cq6_fail_at (p, _cq6_peek (p), CQ_QUERY_ERROR_SYNTAX,
                        "expected a filter in the dash filter's `(...)`");
          _cq6_filter_free (f);
          return NULL;
        }
      target = _cq6_parse_sequence (p, t, ")");
      if (target == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      if (target->n_args == 1)
        {
          Cq6Filter *only = target->args[0];

          target->n_args = 0;
          _cq6_filter_free (target);
          target = only;
        }
      _cq6_filter_add_arg (f, target);
      /* `--(F)` has F's value, at the first move (in the game's order)
       * whose position F matches: `--(from)` is a set (CQL 6.2). */
      if (target->type != CQ6_TYPE_LOGICAL)
        f->type = target->type;
      if (!check_paren_after_dash (p, start, TRUE))
        {
          _cq6_filter_free (f);
          return NULL;
        }
    }
  else
    _cq6_filter_add_arg (f, NULL);
  return f;
}

Cq6Filter *
_cq6_parse_line_infix (Cq6Parser *p, Cq6Filter *left, guint start)
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
  return parse_dash_rest (p, t, left, start);
}

/* Whether token @k on ends right where the one before it starts: no
 * white space between them. */
static gboolean
touches_previous (Cq6Parser *p, guint k)
{
  const Cq6Token *prev = _cq6_peek_at (p, k - 1), *t = _cq6_peek_at (p, k);

  return prev->start + prev->len == t->start;
}

/* Whether a repetition range `{m,n}` `{m,}` `{,n}` `{n}` starts at the
 * current token.  CQL 6.2 takes one only when written without white space
 * (its lexer makes it one token): `{3 < 3}` and `{ 2}` are filters in
 * braces there. */
static gboolean
at_range (Cq6Parser *p)
{
  guint k = 1;

  if (!_cq6_is_punct (_cq6_peek (p), "{"))
    return FALSE;
  if (_cq6_peek_at (p, k)->kind == CQ6_TOK_NUMBER && touches_previous (p, k))
    k++;
  if (_cq6_is_punct (_cq6_peek_at (p, k), ",") && touches_previous (p, k))
    {
      k++;
      if (_cq6_peek_at (p, k)->kind == CQ6_TOK_NUMBER && touches_previous (p, k))
        k++;
    }
  return k > 1 && _cq6_is_punct (_cq6_peek_at (p, k), "}") && touches_previous (p, k);
}

/* Does a repetition suffix start at the current token? */
static gboolean
at_suffix (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  return _cq6_is_punct (t, "*") || _cq6_is_punct (t, "+") || _cq6_is_punct (t, "?")
         || at_range (p);
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
  else if (at_range (p))
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
suffix_fence_scan (Cq6Parser *p, guint *stop)
{
  int depth = 0;
  guint i;

  for (i = p->pos; i < p->tokens->len; i++)
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
      else if (depth == 0 && _cq6_is_word (t, "path"))
        break; /* a path reads its own `+ * ?` up to its end (CQL 6.2) */
      else if (depth == 0 && i > p->pos
               && (_cq6_is_punct (t, "+") || _cq6_is_punct (t, "*") || _cq6_is_punct (t, "?")))
        {
          n = &g_array_index (p->tokens, Cq6Token, MIN (i + 1, p->tokens->len - 1));
          if (_cq6_is_punct (t, "?") || n->kind == CQ6_TOK_END || _cq6_is_punct (n, ")")
              || _cq6_is_punct (n, "}") || _cq6_is_punct (n, "-->") || _cq6_is_punct (n, "<--")
              || is_dash (n) || (n->kind != CQ6_TOK_NUMBER && !_cq6_is_punct (n, "(")
                                 && !_cq6_is_punct (n, "#") && !_cq6_is_punct (n, "-")))
            {
              *stop = i;
              return i;
            }
        }
    }
  *stop = i;
  return G_MAXUINT;
}

/* The scan above, remembered: the constituents of one path or line
 * follow one another at the same level of the reader, and a scan from a
 * later one that starts before the last scan stopped ends the same way
 * (tokens between the two starts lie at the first's bracket depth 0, or
 * the reader would be deeper).  Without it a path of n constituents
 * scanned n times to its end. */
static guint
suffix_fence (Cq6Parser *p)
{
  if (p->fence_valid && p->fence_depth == p->depth && p->fence_from <= p->pos
      && p->pos < p->fence_stop)
    return p->fence;
  p->fence = suffix_fence_scan (p, &p->fence_stop);
  p->fence_from = p->pos;
  p->fence_depth = p->depth;
  p->fence_valid = TRUE;
  return p->fence;
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

/* Is there a blank line (only white space on it) between the current
 * token and the one before?  Comments do not count as blank. */
static gboolean
after_blank_line (Cq6Parser *p)
{
  Cq6Token *prev, *t = _cq6_peek (p);
  const char *s, *end;
  gboolean newline = FALSE;

  if (p->pos == 0 || t->start == NULL)
    return FALSE;
  prev = &g_array_index (p->tokens, Cq6Token, p->pos - 1);
  /* The end of a `///` line stands at the last space before the next
   * token: the lines between are those after the `///` filter's parts. */
  if (_cq6_is_punct (prev, CQ6_LINE_COMMENT_END) && p->pos >= 2)
    prev = &g_array_index (p->tokens, Cq6Token, p->pos - 2);
  if (prev->start == NULL)
    return FALSE;
  for (s = prev->start + prev->len, end = t->start; s < end; s++)
    {
      if (s[0] == '/' && s[1] == '*')
        {
          const char *close = g_strstr_len (s + 2, end - s - 2, "*/");

          s = close != NULL ? close + 1 : end;
          newline = FALSE;
        }
      else if (s[0] == '/' && s[1] == '/')
        {
          while (s + 1 < end && s[1] != '\n')
            s++;
          newline = FALSE;
        }
      else if (*s == '\n')
        {
          if (newline)
            return TRUE;
          newline = TRUE;
        }
      else if (!g_ascii_isspace (*s))
        newline = FALSE;
    }
  return FALSE;
}

/* Does a path constituent (or a dash constituent's target) start at the
 * current token?  At the path's top level (@top: not inside a group) a
 * blank line ends the path, as in CQL 6.2 (so a query may go on with
 * other filters after it), and `legal` or `countmoves` there is refused
 * as CQL 6.2 does: its dash would read as a constituent. */
static gboolean
starts_constituent (Cq6Parser *p, gboolean top)
{
  Cq6Token *t = _cq6_peek (p);

  /* `-->` and `<--` end a path inside a line (`line --> path -- check+
   * --> mate`), as in CQL 6.2. */
  if (!_cq6_starts_filter (t) || _cq6_is_punct (t, "-->") || _cq6_is_punct (t, "<--"))
    return FALSE;
  if (top && after_blank_line (p))
    return FALSE;
  if (top && (_cq6_is_word (t, "legal") || _cq6_is_word (t, "countmoves")
              || _cq6_is_word (t, "pseudolegal")))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX,
                    "`%s` cannot be a constituent of `path`: its dash would be read as a "
                    "constituent; put braces around it (`{%s --}`)", t->text, t->text);
      return FALSE;
    }
  return TRUE;
}

/* Can the filter at the current token be a dash constituent's target,
 * not a repetition (`{5,}`) or the end of the constituents? */
static gboolean
starts_target (Cq6Parser *p, gboolean top)
{
  return !at_suffix (p) && starts_constituent (p, top);
}

/* Is @f pathcount used for its truth (a constituent, or a dash
 * constituent's target)?  CQL 6.2 stops there with an internal error
 * ("pathcount ... is always true there"): refused as it is read. */
static gboolean
pathcount_as_truth (Cq6Parser *p, const Cq6Filter *f)
{
  Cq6Token at = { 0 };

  if (f == NULL || f->kind != CQ6_PATHCOUNT || f->which != 0)
    return FALSE;
  at.line = f->line;
  at.column = f->column;
  _cq6_fail_at (p, &at, CQ_QUERY_ERROR_SEMANTIC,
                "`pathcount` as a constituent of `path` is always true: compare it "
                "(`pathcount > 2`)");
  return TRUE;
}

/* A path's dash constituent: the dash filter @dash (read already) and
 * the filters after it up to the next dash filter, a repetition or the
 * end.  As CQL 6.2 reads them, they are the dash's targets: they join its
 * `(F)`, test the position the move reaches (with the dash's sets for
 * `from` and `to`), and a repetition after them repeats the move with
 * them: `path -- check{5,}` is five checking moves in a row.  The dash
 * filter that ended it, read already, goes to @next. */
static Cq6Filter *
parse_dash_constituent (Cq6Parser *p, Cq6Filter *dash, gboolean top, Cq6Filter **next)
{
  Cq6Filter *targets = NULL;

  *next = NULL;
  while (starts_target (p, top))
    {
      guint start = p->pos;
      gboolean paren = _cq6_is_punct (_cq6_peek (p), "(");
      Cq6Filter *f = parse_fenced_filter (p);

      if (f == NULL)
        break;
      if (pathcount_as_truth (p, f))
        {
          _cq6_filter_free (f);
          break;
        }
      if (_cq6_is_move_step (f) && paren)
        {
          /* `(K--.)`: not a target (a dash filter) but, read again, a
           * group of constituents, as CQL 6.2 reads it. */
          _cq6_filter_free (f);
          p->pos = start;
          break;
        }
      if (_cq6_is_move_step (f))
        {
          *next = f;
          break;
        }
      if (targets == NULL)
        {
          targets = _cq6_filter_new (CQ6_COMPOUND, CQ6_TYPE_LOGICAL, f->line, f->column);
          if (dash->args[3] != NULL)
            _cq6_filter_add_arg (targets, dash->args[3]);
          _cq6_filter_set_arg (dash, 3, targets);
        }
      _cq6_filter_add_arg (targets, f);
      targets->type = f->type;
    }
  if (p->error != NULL && *p->error != NULL)
    {
      _cq6_filter_free (dash);
      _cq6_filter_free (*next);
      *next = NULL;
      return NULL;
    }
  return dash;
}

/* A constituent with its suffix: a parenthesised group of constituents,
 * a path's dash constituent (starting with @head when a dash filter was
 * read already, see parse_dash_constituent()) or one filter.  A dash
 * filter read past the constituent goes to @next. */
static Cq6Filter *
parse_item (Cq6Parser *p, const char *arrow, gboolean top, Cq6Filter *head, Cq6Filter **next)
{
  Cq6Token *t = _cq6_peek (p);
  Cq6Filter *item;

  *next = NULL;
  if (head == NULL && _cq6_is_punct (t, "("))
    {
      _cq6_advance (p);
      /* A group is a level of the reader's nesting, as a bracket is. */
      if (!_cq6_nest_enter (p, t))
        return NULL;
      item = _cq6_height_check (p, parse_items (p, t, arrow, TRUE));
      _cq6_nest_leave (p);
      if (item != NULL && !_cq6_expect_punct (p, ")", "to close the group of constituents"))
        {
          _cq6_filter_free (item);
          return NULL;
        }
    }
  else
    {
      guint outer = p->path_item;

      /* A dash filter that begins the constituent is the path's: it takes
       * a `(F)` after white space as a target (check_paren_after_dash()).
       * One read among a dash constituent's targets (@head) is not: CQL
       * 6.2 reads it as a filter first, and refuses the `(` there. */
      if (head == NULL && arrow == NULL)
        p->path_item = p->pos + 1;
      item = head != NULL ? head : parse_fenced_filter (p);
      p->path_item = outer;
      if (arrow == NULL && pathcount_as_truth (p, item))
        {
          _cq6_filter_free (item);
          return NULL;
        }
      if (item != NULL && arrow == NULL && _cq6_is_move_step (item))
        item = parse_dash_constituent (p, item, top, next);
      else if (item != NULL && arrow == NULL)
        {
          /* CQL 6.2 repeats a path's dash constituents and groups only
           * (`path check+ --` is its syntax error). */
          Cq6Token *r = _cq6_peek (p);

          if (at_suffix (p))
            {
              _cq6_fail_at (p, r, CQ_QUERY_ERROR_SYNTAX,
                            "in `path` only a dash constituent or a group of constituents "
                            "may be repeated (`(F --)%s`, or F after a dash)", r->text);
              _cq6_filter_free (item);
              return NULL;
            }
        }
    }
  /* A dash filter after the constituent: no repetition came between. */
  if (item == NULL || *next != NULL)
    return item;
  return parse_suffix (p, item);
}

/* Constituents as a CQ6_LINE_SEQ.  A line's are each introduced by
 * @arrow (`-->` or `<--`; within a group, by @arrow after the first); a
 * path's (@arrow NULL) follow one another while a filter can start. */
static Cq6Filter *
parse_items (Cq6Parser *p, Cq6Token *at, const char *arrow, gboolean group)
{
  Cq6Filter *seq = _cq6_node (CQ6_LINE_SEQ, CQ6_TYPE_LOGICAL, at);
  Cq6Filter *pending = NULL;

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
      else if (pending == NULL
               && (!starts_constituent (p, !group) || (group && _cq6_is_punct (t, ")"))))
        {
          if (p->error != NULL && *p->error != NULL)
            {
              _cq6_filter_free (seq);
              return NULL;
            }
          if (n > 0)
            break;
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "`path` needs at least one constituent");
          _cq6_filter_free (seq);
          return NULL;
        }
      item = parse_item (p, arrow, !group, pending, &pending);
      if (item == NULL)
        {
          _cq6_filter_free (seq);
          return NULL;
        }
      _cq6_filter_add_arg (seq, item);
      if (pending == NULL && group && _cq6_is_punct (_cq6_peek (p), ")"))
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
  Cq6Filter *focus = NULL, *max = NULL, *items;
  const char *arrow = NULL;

  if (path)
    f->which |= CQ6_LINE_PATH;
  if (!_cq6_parse_line_params (p, t, f, &focus, &max))
    {
      _cq6_filter_free (f);
      return NULL;
    }
  if (!path)
    arrow = (f->which & CQ6_LINE_BACKWARD) ? "<--" : "-->";
  p->path_depth += path;
  items = parse_items (p, t, arrow, FALSE);
  p->path_depth -= path;
  if (items == NULL)
    {
      _cq6_filter_free (focus);
      _cq6_filter_free (max);
      _cq6_filter_free (f);
      return NULL;
    }
  _cq6_filter_add_arg (f, items);
  _cq6_filter_add_arg (f, focus);
  if (max != NULL)
    _cq6_filter_add_arg (f, max);
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
  else if ((f = _cq6_parse_union (p)) == NULL)
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

/* `legal X--Y`, `pseudolegal X--Y` (@t the word, read): a legal (or
 * pseudo-legal) move of the position passes the dash filter, whether the
 * game plays it or not.  As in CQL 6.2 the filter may not be `[x]` nor
 * promote, and its `(F)` may only be `castle`, `o-o`, `o-o-o` or
 * `enpassant` (the kind of move: there is no position after a move not
 * played). */
static Cq6Filter *
parse_legal_dash (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Filter *f = parse_dash_only (p, t), *target;

  if (f == NULL)
    return NULL;
  target = f->args[3];
  if ((f->which & CQ6_DASH_CAPTURE) || f->args[2] != NULL
      || (target != NULL && (target->kind != CQ6_CURRENTMOVE
                             || target->which < CQ6_CURMOVE_ENPASSANT
                             || target->which > CQ6_CURMOVE_OOO
                             || target->which == CQ6_CURMOVE_NULL)))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` takes a dash filter `X--Y` without `[x]` or `=`, whose `(...)` "
                    "may only be castle, o-o, o-o-o or enpassant", t->text);
      _cq6_filter_free (f);
      return NULL;
    }
  f->which |= _cq6_is_word (t, "legal") ? CQ6_DASH_LEGAL : CQ6_DASH_PSEUDOLEGAL;
  return f;
}

/* `o-o`, `o-o-o` (read as the words and dashes they are made of, written
 * without spaces): the castling kind, or -1. */
static int
castle_word (Cq6Parser *p, Cq6Token *t)
{
  int n = 0;

  if (!_cq6_is_word (t, "o"))
    return -1;
  while (n < 2 && adjacent (p) && _cq6_is_punct (_cq6_peek (p), "-")
         && _cq6_is_word (_cq6_peek_at (p, 1), "o")
         && _cq6_peek_at (p, 1)->start == _cq6_peek (p)->start + 1)
    {
      _cq6_advance (p);
      _cq6_advance (p);
      n++;
    }
  return n == 1 ? CQ6_CURMOVE_OO : n == 2 ? CQ6_CURMOVE_OOO : -1;
}

/* The filters of the move that led to the current position (CQL 6.2
 * reads them so everywhere; in a path they see the move just made):
 * `primary` (the main continuation), `secondary`, `enpassant`,
 * `nullmove`, `castle`, `o-o`, `o-o-o`, and the sets `from`, `to`,
 * `enpassantsquare`. */
static gboolean
parse_current_move (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  static const struct { const char *name; guint32 which; } words[] = {
    { "primary", CQ6_CURMOVE_PRIMARY }, { "secondary", CQ6_CURMOVE_SECONDARY },
    { "enpassant", CQ6_CURMOVE_ENPASSANT }, { "nullmove", CQ6_CURMOVE_NULL },
    { "castle", CQ6_CURMOVE_CASTLE }, { "from", CQ6_CURMOVE_FROM },
    { "to", CQ6_CURMOVE_TO }, { "enpassantsquare", CQ6_CURMOVE_EPSQUARE },
  };
  int which = -1;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (_cq6_is_word (t, words[i].name))
      which = words[i].which;
  if (which < 0)
    {
      guint pos = p->pos;

      if ((which = castle_word (p, t)) < 0)
        {
          p->pos = pos;
          return FALSE;
        }
    }
  *out = _cq6_node (CQ6_CURRENTMOVE,
                    which >= CQ6_CURMOVE_FROM ? CQ6_TYPE_SET : CQ6_TYPE_LOGICAL, t);
  (*out)->which = which;
  return TRUE;
}

gboolean
_cq6_parse_line_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  if (parse_current_move (p, t, out))
    return TRUE;
  if (_cq6_is_word (t, "line") || _cq6_is_word (t, "path"))
    {
      *out = parse_line (p, t, t->text[0] == 'p');
      return TRUE;
    }
  if (_cq6_parse_path_status_word (p, t, out))
    return TRUE;
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
  if (_cq6_is_word (t, "legal") || _cq6_is_word (t, "pseudolegal"))
    {
      *out = parse_legal_dash (p, t);
      return TRUE;
    }
  if (_cq6_is_word (t, "countmoves"))
    {
      Cq6Token *w = _cq6_peek (p);
      Cq6Filter *f;

      if (_cq6_is_word (w, "legal") || _cq6_is_word (w, "pseudolegal"))
        f = parse_legal_dash (p, _cq6_advance (p));
      else
        f = parse_dash_only (p, t);
      if (f != NULL)
        {
          f->which |= CQ6_DASH_COUNT;
          f->type = CQ6_TYPE_NUMBER;
        }
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
      guint start = p->pos;

      _cq6_advance (p);
      *out = parse_dash_rest (p, t, NULL, start);
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
