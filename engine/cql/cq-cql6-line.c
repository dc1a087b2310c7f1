/* cq-cql6-line.c: CQL 6 filters over sequences of moves: line, the dash
 * filters and path, consecutivemoves.
 *
 * A dash filter (`--`, `X--Y`, `X[x]Y`, `--=Q`, `--(F)`; CQL 6 reference,
 * "dash") stands for one move of the game out of the current position;
 * `previous` (`currentmove`) before it makes it the move that led here.
 *
 * `line` and `path` are regular expressions over the game tree (CQL 6
 * reference, "line", "path"): their constituents, with the repetition
 * suffixes `*`, `+`, `?`, `{m,n}` and parenthesised groups, are compiled
 * into a small automaton (Thompson's construction) whose test states hold
 * the constituent filters.  The longest match from the current position
 * is found by a search over (position, state) pairs, each pair solved
 * once (memoised), so that a line costs at most positions x states filter
 * evaluations, never one per path through the tree.  When the
 * constituents read no variable and write nothing, the memo is kept for
 * the whole game: the line starting at the next position reuses it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-cql6-private.h"
#include "cql/cq-pieceid.h"

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
      /* `=T` names piece types: its colour does not count (part-2 notes:
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
               || _cq6_is_word (w, "piecepath") || _cq6_is_word (w, "count")
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
  items = parse_items (p, t, arrow, FALSE);
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

gboolean
_cq6_parse_line_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  if (_cq6_is_word (t, "line") || _cq6_is_word (t, "path"))
    {
      *out = parse_line (p, t, t->text[0] == 'p');
      return TRUE;
    }
  if (_cq6_is_word (t, "previous") || _cq6_is_word (t, "currentmove"))
    {
      /* Only a dash filter may follow (the reference: "expected --
       * filter following 'currentmove'"). */
      Cq6Token *d = _cq6_peek (p);
      Cq6Filter *f = NULL;

      if (!_cq6_parse_line_punct (p, d, &f) || f == NULL || f->kind != CQ6_DASH)
        {
          if (f == NULL && (p->error == NULL || *p->error == NULL))
            _cq6_fail_at (p, d, CQ_QUERY_ERROR_SYNTAX, "expected a dash filter (`--`, `[x]`) after `%s`",
                          t->text);
          _cq6_filter_free (f);
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
      Cq6Token *d;
      Cq6Filter *f = NULL;

      for (;; _cq6_advance (p))
        if (_cq6_is_word (_cq6_peek (p), "legal"))
          which |= CQ6_DASH_LEGAL;
        else if (_cq6_is_word (_cq6_peek (p), "pseudolegal"))
          which |= CQ6_DASH_PSEUDOLEGAL;
        else
          break;
      d = _cq6_peek (p);
      if (!_cq6_parse_line_punct (p, d, &f) || f == NULL || f->kind != CQ6_DASH)
        {
          if (f == NULL && (p->error == NULL || *p->error == NULL))
            _cq6_fail_at (p, d, CQ_QUERY_ERROR_SYNTAX, "expected a dash filter (`--`, `[x]`) after `countmoves`");
          _cq6_filter_free (f);
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

/* ------------------------------------------------------------------ */
/* Dash filters                                                        */
/* ------------------------------------------------------------------ */

/* The sets of a dash filter, evaluated in the position before its move. */
typedef struct {
  CqBitboard from, to;
} DashSets;

static gboolean
dash_sets (const Cq6Filter *f, Cq6Ctx *before, DashSets *s)
{
  Cq6Val v = { 0 };

  s->from = s->to = ~(CqBitboard) 0;
  if (f->args[0] != NULL)
    {
      if (!_cq6_eval (f->args[0], before, &v))
        return FALSE;
      s->from = v.set;
    }
  if (f->args[1] != NULL)
    {
      if (!_cq6_eval (f->args[1], before, &v))
        return FALSE;
      s->to = v.set;
    }
  return s->from != 0 && s->to != 0;
}

/* Does the move @m (leading to @after, or NULL for a move not in the
 * game) pass the dash filter @f?  CQL 6 reference, "dash": the from-set
 * holds the moving piece's square, the to-set the square moved to (for
 * `[x]`, the square of the piece taken, so that en passant counts), `=T`
 * the promotion's piece type, `(F)` the position after the move. */
static gboolean
dash_move_ok (const Cq6Filter *f, Cq6Ctx *c, const DashSets *s, const CqMove *m,
              const CqNode *after)
{
  int to = m->to;

  if (m->flags & CQ_MOVE_NULL)
    {
      /* A null move is no move of a piece: only a bare `--` takes it. */
      if (f->args[0] != NULL || f->args[1] != NULL || f->args[2] != NULL
          || (f->which & CQ6_DASH_CAPTURE))
        return FALSE;
    }
  else
    {
      if (f->which & CQ6_DASH_CAPTURE)
        {
          if (m->captured == CQ_EMPTY)
            return FALSE;
          if (m->flags & CQ_MOVE_EN_PASSANT)
            to = CQ_SQUARE (CQ_FILE (m->to), CQ_RANK (m->from));
        }
      if (!(s->from & CQ_BIT (m->from)) || !(s->to & CQ_BIT (to)))
        return FALSE;
      if (f->args[2] != NULL)
        {
          guint16 types = f->args[2]->designator.pieces;

          if (m->promotion == CQ_EMPTY
              || !(types & (CQ_PIECE_BIT (CQ_MAKE_PIECE (CQ_WHITE, CQ_PIECE_TYPE (m->promotion)))
                            | CQ_PIECE_BIT (CQ_MAKE_PIECE (CQ_BLACK, CQ_PIECE_TYPE (m->promotion))))))
            return FALSE;
        }
    }
  if (f->args[3] != NULL)
    {
      Cq6Ctx at;
      Cq6Val v;

      if (after == NULL)
        return FALSE;
      at = _cq6_ctx_at (c, after);
      if (!_cq6_eval (f->args[3], &at, &v))
        return FALSE;
    }
  return TRUE;
}

/* The game's continuations from @node the search looks at: the main one
 * only unless the header asks for variations (as `move`, ruling 2), or
 * @primary. */
static inline const CqNode *
next_child (const Cq6Ctx *c, const CqNode *child, gboolean primary)
{
  return primary || !c->program->variations ? NULL : child->next_sibling;
}

static gboolean
eval_dash (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  DashSets s;

  if (f->which & CQ6_DASH_PREVIOUS)
    {
      Cq6Ctx before;

      /* The move that led here: its sets are read before it (as
       * `move previous`, ruling 2); the mark stays here (part-2 notes). */
      if (c->node->parent == NULL)
        return FALSE;
      before = _cq6_ctx_at (c, c->node->parent);
      return dash_sets (f, &before, &s) && dash_move_ok (f, c, &s, &c->node->move, c->node);
    }
  if (f->which & CQ6_DASH_COUNT)
    {
      gint64 n = 0;

      v->num = 0;
      if (!dash_sets (f, c, &s))
        return TRUE;
      if (f->which & (CQ6_DASH_LEGAL | CQ6_DASH_PSEUDOLEGAL))
        {
          CqMove moves[CQ_MAX_MOVES];
          guint k = (f->which & CQ6_DASH_LEGAL) ? cq_position_legal_moves (c->pos, moves)
                                                : cq_position_pseudolegal_moves (c->pos, moves);

          for (guint i = 0; i < k; i++)
            {
              const CqNode *after = NULL;

              /* A move the game plays has its position for `(F)`. */
              for (const CqNode *ch = c->node->first_child; ch != NULL; ch = ch->next_sibling)
                if (ch->move.from == moves[i].from && ch->move.to == moves[i].to
                    && ch->move.promotion == moves[i].promotion)
                  after = ch;
              n += dash_move_ok (f, c, &s, &moves[i], after);
            }
        }
      else
        for (const CqNode *ch = c->node->first_child; ch != NULL; ch = next_child (c, ch, FALSE))
          n += dash_move_ok (f, c, &s, &ch->move, ch);
      v->num = n;
      return TRUE;
    }
  if (c->node->first_child == NULL || !dash_sets (f, c, &s))
    return FALSE;
  for (const CqNode *ch = c->node->first_child; ch != NULL; ch = next_child (c, ch, FALSE))
    if (dash_move_ok (f, c, &s, &ch->move, ch))
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* line and path                                                       */
/* ------------------------------------------------------------------ */

/* The automaton's states (Thompson's construction).  TEST holds a
 * constituent: in a line it takes one position; in a path a dash
 * constituent takes one move and any other tests the position reached.
 * SPLIT goes on at @out or @out2.  ACCEPT: the constituents are done. */
enum { ST_TEST, ST_SPLIT, ST_ACCEPT };

typedef struct {
  guint8           kind;
  const Cq6Filter *f;
  gint             out, out2;
} NState;

/* What is known of (position, state): the length of the longest match
 * from there (MEMO_UNKNOWN not solved yet, MEMO_BUSY being solved, -1 no
 * match) and the step that gives it (TEST: the next position's index
 * times 2, plus 1 if a move was taken, or -1 when the line ends there;
 * SPLIT: 0 for @out, 1 for @out2). */
#define MEMO_UNKNOWN G_MININT32
#define MEMO_BUSY    (G_MININT32 + 1)

typedef struct {
  gint32 len;
  gint32 choice;
} Memo;

/* One line or path filter in one game. */
typedef struct {
  const Cq6Filter *line;
  GArray          *states;   /* NState */
  gint             start;
  guint8          *accepts;  /* per state: ACCEPT is reached without a step */
  gboolean         pure;     /* memo entries hold for every start position */
  guint            n_states;
  Memo            *memo;     /* n_nodes x n_states, or NULL: @memo_map */
  GHashTable      *memo_map; /* index -> Memo*, for very large ones */
  GArray          *touched;  /* memo indices set by this evaluation (impure) */
  guint8          *banned;   /* nestban: per node, inside a matched line */
  guint64          focus;    /* path focus: the ids of the focus pieces */
  const CqNode    *start_node; /* path focus: where this evaluation starts */
} LineRun;

struct _Cq6LineState {
  GHashTable *runs;     /* Cq6Filter* -> LineRun* */
  guint8     *id_shown; /* per node: its `id:N` is written already */
  GHashTable *written;  /* consecutivemoves filter -> Recorded */
};

static void
line_run_free (gpointer data)
{
  LineRun *r = data;

  g_array_free (r->states, TRUE);
  g_free (r->accepts);
  g_free (r->memo);
  if (r->memo_map != NULL)
    g_hash_table_destroy (r->memo_map);
  g_array_free (r->touched, TRUE);
  g_free (r->banned);
  g_free (r);
}

static void recorded_free (gpointer data);

void
_cq6_line_state_free (Cq6State *st)
{
  if (st->line == NULL)
    return;
  g_hash_table_destroy (st->line->runs);
  g_hash_table_destroy (st->line->written);
  g_free (st->line->id_shown);
  g_free (st->line);
  st->line = NULL;
}

static gint
add_state (GArray *a, guint8 kind, const Cq6Filter *f, gint out, gint out2)
{
  NState s = { kind, f, out, out2 };

  g_array_append_val (a, s);
  return a->len - 1;
}

/* Compiles @f so that it goes on to state @next; returns its first state. */
static gint
compile (GArray *a, const Cq6Filter *f, gint next)
{
  gint tail;

  switch (f->kind)
    {
    case CQ6_LINE_SEQ:
      for (guint i = f->n_args; i-- > 0;)
        next = compile (a, f->args[i], next);
      return next;
    case CQ6_LINE_REPEAT:
      if (f->range_max < 0)
        {
          gint loop = add_state (a, ST_SPLIT, NULL, -1, next);
          gint body = compile (a, f->args[0], loop);

          g_array_index (a, NState, loop).out = body;
          tail = loop;
        }
      else
        {
          /* x{0,k}: (x (x ...)?)? */
          tail = next;
          for (gint64 k = f->range_min; k < f->range_max; k++)
            tail = add_state (a, ST_SPLIT, NULL, compile (a, f->args[0], tail), next);
        }
      for (gint64 k = 0; k < f->range_min; k++)
        tail = compile (a, f->args[0], tail);
      return tail;
    default:
      return add_state (a, ST_TEST, f, next, -1);
    }
}

/* Reads no variable and writes nothing: its value at a position depends
 * on the position only. */
static gboolean
pure (const Cq6Filter *f)
{
  if (f == NULL)
    return TRUE;
  if (f->kind >= CQ6_FIRST_STATEFUL && f->kind != CQ6_DASH && f->kind != CQ6_LINE_SEQ
      && f->kind != CQ6_LINE_REPEAT)
    return FALSE;
  for (guint i = 0; i < f->n_args; i++)
    if (!pure (f->args[i]))
      return FALSE;
  return TRUE;
}

static void
line_state_ensure (Cq6Ctx *c)
{
  Cq6State *st = c->st;

  if (st->line != NULL)
    return;
  st->line = g_new0 (struct _Cq6LineState, 1);
  st->line->runs = g_hash_table_new_full (NULL, NULL, NULL, line_run_free);
  st->line->id_shown = g_new0 (guint8, MAX (c->game->n_nodes, 1));
  st->line->written = g_hash_table_new_full (NULL, NULL, NULL, recorded_free);
}

static LineRun *
line_run (const Cq6Filter *f, Cq6Ctx *c)
{
  Cq6State *st = c->st;
  LineRun *r;
  gboolean changed = TRUE;
  guint64 cells;

  line_state_ensure (c);
  r = g_hash_table_lookup (st->line->runs, f);
  if (r != NULL)
    return r;
  r = g_new0 (LineRun, 1);
  r->line = f;
  r->states = g_array_new (FALSE, FALSE, sizeof (NState));
  r->start = compile (r->states, f->args[0], add_state (r->states, ST_ACCEPT, NULL, -1, -1));
  r->n_states = r->states->len;
  r->accepts = g_new0 (guint8, r->n_states);
  /* ACCEPT reached through SPLITs only (a fixed point). */
  while (changed)
    {
      changed = FALSE;
      for (guint q = 0; q < r->n_states; q++)
        {
          NState *s = &g_array_index (r->states, NState, q);
          gboolean a = s->kind == ST_ACCEPT
                       || (s->kind == ST_SPLIT && (r->accepts[s->out] || r->accepts[s->out2]));

          if (a && !r->accepts[q])
            r->accepts[q] = changed = TRUE;
        }
    }
  r->pure = pure (f->args[0]) && f->args[1] == NULL;
  cells = (guint64) MAX (c->game->n_nodes, 1) * r->n_states;
  if (cells <= (1u << 22))
    {
      r->memo = g_new (Memo, cells);
      for (guint64 i = 0; i < cells; i++)
        r->memo[i].len = MEMO_UNKNOWN;
    }
  else
    r->memo_map = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  r->touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (f->which & CQ6_LINE_NESTBAN)
    r->banned = g_new0 (guint8, MAX (c->game->n_nodes, 1));
  g_hash_table_insert (st->line->runs, (gpointer) f, r);
  return r;
}

static Memo *
memo_at (LineRun *r, const CqNode *n, gint q)
{
  guint32 i = n->index * r->n_states + q;
  Memo *m;

  if (r->memo != NULL)
    m = &r->memo[i];
  else if ((m = g_hash_table_lookup (r->memo_map, GUINT_TO_POINTER (i))) == NULL)
    {
      m = g_new (Memo, 1);
      m->len = MEMO_UNKNOWN;
      g_hash_table_insert (r->memo_map, GUINT_TO_POINTER (i), m);
    }
  return m;
}

/* A dash constituent of a path takes a move; `previous --` does not. */
static inline gboolean
is_move_step (const Cq6Filter *f)
{
  return f->kind == CQ6_DASH && !(f->which & (CQ6_DASH_PREVIOUS | CQ6_DASH_COUNT));
}

static gint32 best (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q);

/* Keeps the longer of the current best and a step of length @len to
 * @choice (the first found wins a tie: the main line first). */
static inline void
keep (gint32 *len, gint32 *choice, gint32 cand, gint32 cand_choice)
{
  if (cand > *len)
    *len = cand, *choice = cand_choice;
}

/* A line's TEST: the position @n, then the positions after it. */
static void
line_step (LineRun *r, Cq6Ctx *c, const CqNode *n, const NState *s, gint32 *len,
           gint32 *choice)
{
  guint32 w = r->line->which;
  gboolean primary = (w & CQ6_LINE_PRIMARY) != 0;
  Cq6Ctx at = _cq6_ctx_at (c, n);
  Cq6Val v;

  if (!_cq6_eval (s->f, &at, &v))
    return;
  if (r->accepts[s->out])
    keep (len, choice, 1, -1);
  if (w & CQ6_LINE_BACKWARD)
    {
      const CqNode *x = n->parent;

      if (x != NULL && (w & CQ6_LINE_SINGLECOLOR))
        x = x->parent;
      if (x != NULL)
        {
          gint32 k = best (r, c, x, s->out);
          if (k >= 0)
            keep (len, choice, k + 1, x->index * 2);
        }
      return;
    }
  for (const CqNode *a = n->first_child; a != NULL; a = next_child (c, a, primary))
    {
      const CqNode *b = a, *bend = NULL;

      /* singlecolor: the positions of the same side to move, two plies on. */
      if (w & CQ6_LINE_SINGLECOLOR)
        b = a->first_child;
      for (; b != bend && b != NULL;
           b = (w & CQ6_LINE_SINGLECOLOR) ? next_child (c, b, primary) : NULL)
        {
          gint32 k = best (r, c, b, s->out);
          if (k >= 0)
            keep (len, choice, k + 1, b->index * 2);
        }
    }
}

/* Is the move to @after made by a focus piece of the path? */
static gboolean
focus_move (LineRun *r, Cq6Ctx *c, const CqNode *before, const CqNode *after)
{
  const guint8 *ids;

  if (after->move.flags & CQ_MOVE_NULL)
    return FALSE;
  ids = _cq6_piece_ids (c, before);
  return ids[after->move.from] < 64 && (r->focus & ((guint64) 1 << ids[after->move.from]));
}

/* A path's TEST: a dash constituent takes a move out of @n (with focus,
 * the moves of other pieces are passed over, CQL 6 reference "path"),
 * any other constituent tests @n and stays there. */
static void
path_step (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q, const NState *s, gint32 *len,
           gint32 *choice)
{
  gboolean primary = (r->line->which & CQ6_LINE_PRIMARY) != 0;
  gboolean focus = r->line->args[1] != NULL;
  Cq6Ctx at = _cq6_ctx_at (c, n);
  DashSets sets;
  Cq6Val v;

  if (!is_move_step (s->f))
    {
      if (_cq6_eval (s->f, &at, &v))
        {
          gint32 k = best (r, c, n, s->out);
          if (k >= 0)
            keep (len, choice, k, -1);
        }
      return;
    }
  if (n->first_child == NULL)
    return;
  if (!dash_sets (s->f, &at, &sets))
    sets.from = sets.to = 0;
  for (const CqNode *a = n->first_child; a != NULL; a = next_child (c, a, primary))
    {
      if (focus && !focus_move (r, c, n, a))
        {
          /* The moves of other pieces are passed over, but not at the
           * start: the reference starts a focus path with a focus move
           * (`path focus N (--){4,}` marks the position before the
           * first knight move only). */
          gint32 k = n == r->start_node ? -1 : best (r, c, a, q);
          if (k >= 1)
            keep (len, choice, k, a->index * 2);
          continue;
        }
      if ((sets.from != 0 || (a->move.flags & CQ_MOVE_NULL))
          && dash_move_ok (s->f, c, &sets, &a->move, a))
        {
          gint32 k = best (r, c, a, s->out);
          if (k >= 0)
            keep (len, choice, k + 1, a->index * 2 + 1);
        }
    }
}

/* The longest match from position @n in state @q: the number of
 * positions (line) or moves (path) it takes, or -1. */
static gint32
best (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q)
{
  Memo *m = memo_at (r, n, q);
  const NState *s;
  gint32 len = -1, choice = -1;

  if (m->len != MEMO_UNKNOWN)
    return m->len == MEMO_BUSY ? -1 : m->len;
  m->len = MEMO_BUSY;
  if (!r->pure)
    {
      guint32 i = n->index * r->n_states + q;
      g_array_append_val (r->touched, i);
    }
  s = &g_array_index (r->states, NState, q);
  switch (s->kind)
    {
    case ST_ACCEPT:
      len = 0;
      break;
    case ST_SPLIT:
      {
        gint32 a = best (r, c, n, s->out), b = best (r, c, n, s->out2);

        len = a, choice = 0;
        keep (&len, &choice, b, 1);
      }
      break;
    default:
      if (r->line->which & CQ6_LINE_PATH)
        path_step (r, c, n, q, s, &len, &choice);
      else
        line_step (r, c, n, s, &len, &choice);
      break;
    }
  m = memo_at (r, n, q); /* the map may have grown */
  m->len = len;
  m->choice = choice;
  return len;
}

/* Follows the memo's choices from the start: the last position of the
 * match; with nestban, marks the positions it goes through. */
static const CqNode *
match_end (LineRun *r, Cq6Ctx *c, const CqNode *n)
{
  gboolean path = (r->line->which & CQ6_LINE_PATH) != 0;
  const CqNode *last = n, *start = n;
  gint q = r->start;

  for (guint guard = 0; guard < G_MAXUINT / 2; guard++)
    {
      const NState *s = &g_array_index (r->states, NState, q);
      const Memo *m = memo_at (r, n, q);

      if (r->banned != NULL && n != start)
        r->banned[n->index] = 1;
      if (s->kind == ST_ACCEPT)
        return path ? n : last;
      if (s->kind == ST_SPLIT)
        {
          q = m->choice == 1 ? s->out2 : s->out;
          continue;
        }
      last = n;
      if (m->choice < 0)
        {
          if (path)
            q = s->out;
          else
            return n;
          continue;
        }
      n = _cq6_node_by_index (c, m->choice / 2);
      if (!path || (m->choice & 1))
        q = s->out;
    }
  return last;
}

static int
move_number (const Cq6Ctx *c, const CqNode *n)
{
  gboolean root_btm = c->game->root->position.side_to_move == CQ_BLACK;

  return 1 + (n->ply + (root_btm ? 1 : 0)) / 2;
}

/* The comments a match writes (part-2 notes, "line"): at its first
 * position `Start line that ends at move N(wtm)`, at its last `End line
 * of length L that starts at move M(btm)`.  A position in a variation
 * is named by its positionid too: `[id]` where it is referred to, `id:N`
 * at itself, once (the reference writes a position's `id:N` in the first
 * comment that needs it only). */
static gboolean
first_id (Cq6Ctx *c, const CqNode *n)
{
  guint8 *shown = &c->st->line->id_shown[n->index];

  if (!n->in_variation || *shown)
    return FALSE;
  *shown = 1;
  return TRUE;
}

static void
add_comments (const Cq6Filter *f, Cq6Ctx *c, const CqNode *start, const CqNode *end, gint32 len)
{
  const char *what = (f->which & CQ6_LINE_PATH) ? "path" : "line";
  g_autofree char *s_id = NULL, *s_ref = NULL, *e_id = NULL, *e_ref = NULL;
  g_autofree char *s_text = NULL, *e_text = NULL;

  if ((f->which & CQ6_LINE_QUIET) || c->program->quiet || c->program->silent)
    return;
  s_id = first_id (c, start) ? g_strdup_printf ("id:%u ", start->index) : g_strdup ("");
  s_ref = start->in_variation ? g_strdup_printf ("[%u]", start->index) : g_strdup ("");
  e_id = first_id (c, end) ? g_strdup_printf (" id:%u", end->index) : g_strdup ("");
  e_ref = end->in_variation ? g_strdup_printf ("[%u]", end->index) : g_strdup ("");
  s_text = g_strdup_printf ("%sStart %s that ends at move %d(%s)%s", s_id, what,
                            move_number (c, end),
                            end->position.side_to_move == CQ_WHITE ? "wtm" : "btm", e_ref);
  e_text = g_strdup_printf ("End %s of length %d that starts at move %d(%s)%s%s", what, len,
                            move_number (c, start),
                            start->position.side_to_move == CQ_WHITE ? "wtm" : "btm", s_ref,
                            e_id);
  _cq6_add_comment (c, start, s_text);
  _cq6_add_comment (c, end, e_text);
}

static gboolean
eval_line (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  LineRun *r = line_run (f, c);
  const CqNode *end;
  gint32 len;

  if (r->banned != NULL && r->banned[c->node->index])
    return FALSE;
  if (f->args[1] != NULL)
    {
      /* path focus: the pieces on the set at the start, followed by id. */
      Cq6Val fv = { 0 };
      const guint8 *ids = _cq6_piece_ids (c, c->node);

      r->focus = 0;
      r->start_node = c->node;
      if (!_cq6_eval (f->args[1], c, &fv))
        return FALSE;
      for (int sq = 0; sq < 64; sq++)
        if ((fv.set & CQ_BIT (sq)) && ids[sq] < 64)
          r->focus |= (guint64) 1 << ids[sq];
      if (r->focus == 0)
        return FALSE;
    }
  len = best (r, c, c->node, r->start);
  if (len >= 1)
    {
      end = match_end (r, c, c->node);
      add_comments (f, c, c->node, end, len);
      v->num = len;
    }
  if (!r->pure)
    {
      for (guint i = 0; i < r->touched->len; i++)
        {
          guint32 k = g_array_index (r->touched, guint32, i);

          if (r->memo != NULL)
            r->memo[k].len = MEMO_UNKNOWN;
          else
            g_hash_table_remove (r->memo_map, GUINT_TO_POINTER (k));
        }
      g_array_set_size (r->touched, 0);
    }
  return len >= 1;
}

/* ------------------------------------------------------------------ */
/* consecutivemoves                                                    */
/* ------------------------------------------------------------------ */

/* The nodes after each move from @l (exclusive) down to @x, in order. */
static GPtrArray *
moves_from (const CqNode *l, const CqNode *x)
{
  GPtrArray *a = g_ptr_array_new ();

  for (; x != l; x = x->parent)
    g_ptr_array_add (a, (gpointer) x);
  for (guint i = 0; i < a->len / 2; i++)
    {
      gpointer t = a->pdata[i];
      a->pdata[i] = a->pdata[a->len - 1 - i];
      a->pdata[a->len - 1 - i] = t;
    }
  return a;
}

/* The comments one consecutivemoves filter wrote: those of its longest
 * match at a matched position (@current), and those of its last match at
 * the position being examined (@pending).  The reference keeps the
 * comments of one match per game (part-2 notes: one `s-move[1]` per
 * game), the first longest one at a position where the whole body
 * matched (compared on 253 studies: `if mainline {M = currentposition}
 * variation V = currentposition consecutivemoves(M V) >= 2` writes the
 * same comments), and nothing written where the body fails (the walk
 * cuts the list back, cq-cql6-eval.c).  So when the position matches, a
 * longer @pending replaces @current (_cq6_line_position_done()). */
typedef struct _Recorded {
  GArray *current; /* guint: indices in the state's comment list */
  GArray *pending;
  guint   current_len, pending_len; /* the match lengths */
} Recorded;

static void
recorded_free (gpointer data)
{
  Recorded *r = data;

  g_array_unref (r->current);
  g_array_unref (r->pending);
  g_free (r);
}

/* Removes the comments at @indices (ascending) from @st's list; every
 * recorded index above one removed moves down. */
static void
remove_comments (Cq6State *st, GArray *indices)
{
  GHashTableIter it;
  gpointer value;

  for (guint k = indices->len; k-- > 0;)
    {
      guint index = g_array_index (indices, guint, k);

      /* The list's clear function frees the text. */
      g_array_remove_index (st->comments, index);
      g_hash_table_iter_init (&it, st->line->written);
      while (g_hash_table_iter_next (&it, NULL, &value))
        {
          Recorded *r = value;
          GArray *sets[2] = { r->current, r->pending };

          for (guint s = 0; s < 2; s++)
            if (sets[s] != indices)
              for (guint j = 0; j < sets[s]->len; j++)
                if (g_array_index (sets[s], guint, j) > index)
                  g_array_index (sets[s], guint, j)--;
        }
    }
  g_array_set_size (indices, 0);
}

void
_cq6_line_position_done (Cq6State *st, gboolean matched)
{
  GHashTableIter it;
  gpointer value;

  g_hash_table_iter_init (&it, st->line->written);
  while (g_hash_table_iter_next (&it, NULL, &value))
    {
      Recorded *r = value;
      GArray *t;

      if (r->pending->len == 0)
        continue;
      if (matched && r->pending_len > r->current_len)
        {
          remove_comments (st, r->current);
          t = r->current, r->current = r->pending, r->pending = t;
          r->current_len = r->pending_len;
        }
      else if (matched)
        remove_comments (st, r->pending);
      /* Not matched: the walk has cut them off already. */
      g_array_set_size (r->pending, 0);
    }
}

static Recorded *
recorded_for (Cq6Ctx *c, const Cq6Filter *f)
{
  Recorded *r;

  line_state_ensure (c);
  r = g_hash_table_lookup (c->st->line->written, f);
  if (r == NULL)
    {
      r = g_new0 (Recorded, 1);
      r->current = g_array_new (FALSE, FALSE, sizeof (guint));
      r->pending = g_array_new (FALSE, FALSE, sizeof (guint));
      g_hash_table_insert (c->st->line->written, (gpointer) f, r);
    }
  return r;
}

static void
add_recorded (Cq6Ctx *c, Recorded *r, const CqNode *node, const char *text)
{
  guint i = c->st->comments->len;

  _cq6_add_comment (c, node, text);
  g_array_append_val (r->pending, i);
}

static inline gboolean
same_move (const CqNode *a, const CqNode *b)
{
  return a->move.from == b->move.from && a->move.to == b->move.to
         && a->move.piece == b->move.piece
         && (a->move.flags & CQ_MOVE_NULL) == (b->move.flags & CQ_MOVE_NULL);
}

static const char *
position_name (const Cq6Ctx *c, const Cq6Filter *arg, const char *fallback)
{
  if (arg->kind == CQ6_VARIABLE && c->program->vars != NULL)
    return ((Cq6Var *) c->program->vars->pdata[arg->which])->name;
  return fallback;
}

/* consecutivemoves(x y): with L the lowest common ancestor of x and y,
 * the length of the longest run of consecutive moves played from L to x
 * that is also played, in the same order, from L to y (CQL 6 reference,
 * "consecutivemoves"; moves are the same when the same piece goes from
 * the same square to the same square: the reference takes 1.h8=N and
 * 1.h8=Q for one move, 6.Rxd8+ and 6.Qxd8+ for two).  Writes `x-move[i]` and `y-move[i]` (the
 * arguments' variable names) after the i-th move of each run, i counted
 * forward in time (part-2 notes).  A longest common substring by dynamic
 * programming: |S| x |T| steps. */
static gboolean
eval_consecutive (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a = { 0 }, b = { 0 };
  const CqNode *x, *y, *l, *m;
  g_autoptr(GPtrArray) s = NULL;
  g_autoptr(GPtrArray) t = NULL;
  g_autofree guint *row = NULL;
  guint best = 0, best_i = 0, best_j = 0;

  if (!_cq6_eval (f->args[0], c, &a) || !_cq6_eval (f->args[1], c, &b)
      || a.node == NULL || b.node == NULL)
    return FALSE;
  x = a.node, y = b.node;
  for (l = x, m = y; l != m;)
    if (l->ply >= m->ply && l->parent != NULL)
      l = l->parent;
    else
      m = m->parent;
  s = moves_from (l, x);
  t = moves_from (l, y);
  /* row[j + 1]: the run ending at S[i] and T[j]. */
  row = g_new0 (guint, t->len + 1);
  for (guint i = 0; i < s->len; i++)
    for (guint j = t->len; j-- > 0;)
      {
        row[j + 1] = same_move (s->pdata[i], t->pdata[j]) ? row[j] + 1 : 0;
        if (row[j + 1] > best)
          best = row[j + 1], best_i = i, best_j = j;
      }
  v->num = best;
  /* No move in common: no match (the reference: `consecutivemoves(x y)
   * == 0` matches nothing). */
  if (best == 0 || (gint64) best < f->range_min || (gint64) best > f->range_max)
    return FALSE;
  if (best > 0 && !(f->which & CQ6_LINE_QUIET) && !c->program->quiet && !c->program->silent)
    {
      const char *xn = position_name (c, f->args[0], "x");
      const char *yn = position_name (c, f->args[1], "y");

      Recorded *rec = recorded_for (c, f);

      /* A second match at the same position replaces the first. */
      remove_comments (c->st, rec->pending);
      rec->pending_len = best;
      for (guint k = 0; k < best; k++)
        {
          g_autofree char *sx = g_strdup_printf ("%s-move[%u]", xn, k + 1);
          g_autofree char *sy = g_strdup_printf ("%s-move[%u]", yn, k + 1);

          add_recorded (c, rec, s->pdata[best_i + 1 - best + k], sx);
          add_recorded (c, rec, t->pdata[best_j + 1 - best + k], sy);
        }
    }
  return TRUE;
}

gboolean
_cq6_eval_line (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  switch (f->kind)
    {
    case CQ6_DASH:
      return eval_dash (f, c, v);
    case CQ6_LINE:
      return eval_line (f, c, v);
    case CQ6_CONSECUTIVEMOVES:
      return eval_consecutive (f, c, v);
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}
