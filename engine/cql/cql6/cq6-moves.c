/* cq6-moves.c: the `move` filter (read and evaluated) and the moves of the
 * CQL 6 dash filters (`--`, `[x]`, `previous --`, countmoves) and consecutivemoves.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"

#include <string.h>

/* @m as the `move` and dash filters see it in @before, the position it is made
 * in: a null move leaves and reaches the square of the king of the side
 * to move, as in CQL 6.2 (64, no square, when that king is missing). */
static CqMove
as_null_move (const CqPosition *before, const CqMove *m)
{
  CqMove out = *m;

  if (m->flags & CQ_MOVE_NULL)
    {
      CqBitboard k = before->pieces[CQ_MAKE_PIECE (before->side_to_move, CQ_KING)];

      out.from = out.to = k != 0 ? __builtin_ctzll (k) : 64;
    }
  return out;
}

/* The moves of one position (#Cq6State.move_list): the game's positions
 * stay where they are while it is evaluated, so the position's address
 * tells it. */
struct _Cq6MoveList {
  const CqPosition *pos;
  gboolean          legal;
  guint             n;
  CqMove            moves[CQ_MAX_MOVES];
};

const CqMove *
_cq6_position_moves (Cq6Ctx *c, gboolean legal, guint *n)
{
  struct _Cq6MoveList *l = c->st->move_list;

  if (l == NULL)
    {
      l = c->st->move_list = g_new (struct _Cq6MoveList, 1);
      l->pos = NULL;
    }
  if (l->pos != c->pos || l->legal != legal)
    {
      l->n = legal ? cq_position_legal_moves (c->pos, l->moves)
                   : cq_position_pseudolegal_moves (c->pos, l->moves);
      l->pos = c->pos;
      l->legal = legal;
    }
  *n = l->n;
  return l->moves;
}

/* ------------------------------------------------------------------ */
/* Dash filters                                                        */
/* ------------------------------------------------------------------ */

gboolean
_cq6_dash_sets (const Cq6Filter *f, Cq6Ctx *before, DashSets *s)
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

/* The squares @m leaves (@from) and reaches (@to) that fit the sets
 * @from_mask and @to_mask, as CQL 6.2 sees a move: castling is the king's
 * move and the rook's, and either pair of squares that fits counts
 * (`R--f1` and `K--g1` both take 1.O-O).  Both empty: the move does not
 * fit. */
static void
fitting_squares (const CqMove *m, CqBitboard from_mask, CqBitboard to_mask, CqBitboard *from,
                 CqBitboard *to)
{
  *from = *to = 0;
  if ((to_mask & CQ_BIT (m->to)) && (from_mask & CQ_BIT (m->from)))
    *from = CQ_BIT (m->from), *to = CQ_BIT (m->to);
  if (m->flags & CQ_MOVE_CASTLE)
    {
      gboolean king_side = CQ_FILE (m->to) == 6;
      int rook_from = CQ_SQUARE (king_side ? 7 : 0, CQ_RANK (m->from));
      int rook_to = CQ_SQUARE (king_side ? 5 : 3, CQ_RANK (m->from));

      if ((to_mask & CQ_BIT (rook_to)) && (from_mask & CQ_BIT (rook_from)))
        *from |= CQ_BIT (rook_from), *to |= CQ_BIT (rook_to);
    }
}

/* `--="QR"`: is the letter of @m's promotion in the string @promo (read
 * in the position before the move), whatever the case?  "" and "."
 * stand for any promotion (CQL 6.2). */
static gboolean
promotion_in_string (const Cq6Filter *promo, Cq6Ctx *c, const CqMove *m, const CqNode *after)
{
  Cq6Ctx before = after != NULL && after->parent != NULL ? _cq6_ctx_at (c, after->parent) : *c;
  Cq6Val v = { 0 };
  char letter = "?PNBRQK"[MIN (CQ_PIECE_TYPE (m->promotion), 6)];

  if (!_cq6_eval (promo, &before, &v) || v.str == NULL)
    return FALSE;
  if (v.str[0] == '\0' || strcmp (v.str, ".") == 0)
    return TRUE;
  for (const char *s = v.str; *s != '\0'; s++)
    if (g_ascii_toupper (*s) == letter)
      return TRUE;
  return FALSE;
}

gboolean
_cq6_dash_move_ok (const Cq6Filter *f, Cq6Ctx *c, const DashSets *s, const CqMove *m,
                   const CqNode *after, Cq6Val *value)
{
  int to = m->to;

  if (m->flags & CQ_MOVE_NULL)
    {
      /* A null move leaves and reaches the square of its side's king, as
       * in CQL 6.2 (`K--K` takes 1.--); it takes nothing (CQL 6.2 stops
       * with an internal error on `[x]` there: a ruling) and promotes to
       * nothing. */
      const CqPosition *before = after != NULL && after->parent != NULL
                                   ? &after->parent->position : c->pos;
      CqMove k = as_null_move (before, m);

      if (f->args[2] != NULL || (f->which & CQ6_DASH_CAPTURE) || k.from >= 64
          || !(s->from & CQ_BIT (k.from)) || !(s->to & CQ_BIT (k.to)))
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
      if (f->which & CQ6_DASH_CAPTURE)
        {
          if (!(s->from & CQ_BIT (m->from)) || !(s->to & CQ_BIT (to)))
            return FALSE;
        }
      else
        {
          CqBitboard from_sq, to_sq;

          fitting_squares (m, s->from, s->to, &from_sq, &to_sq);
          if (from_sq == 0)
            return FALSE;
        }
      if (f->args[2] != NULL && f->args[2]->type == CQ6_TYPE_STRING)
        {
          if (m->promotion == CQ_EMPTY || !promotion_in_string (f->args[2], c, m, after))
            return FALSE;
        }
      else if (f->args[2] != NULL)
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
      gboolean in_dash = c->st->in_dash, ok;
      CqBitboard dash_from = c->st->dash_from, dash_to = c->st->dash_to;

      at = _cq6_ctx_at (c, after);
      c->st->in_dash = TRUE, c->st->dash_from = s->from, c->st->dash_to = s->to;
      ok = _cq6_eval (f->args[3], &at, &v);
      c->st->in_dash = in_dash, c->st->dash_from = dash_from, c->st->dash_to = dash_to;
      if (!ok)
        return FALSE;
      if (value != NULL)
        *value = v;
    }
  return TRUE;
}

static gboolean move_is (guint32 which, const CqMove *m);

/* The legal (or pseudo-legal) moves of @c's position that pass the
 * `legal` dash filter @f: as CQL 6.2 counts them, one per pair of squares
 * (a pawn's four promotions on one square are one), and its target, if
 * any, is the kind of move (castle, o-o, o-o-o, enpassant).  Not inlined:
 * the dash filter's commoner paths keep a smaller frame. */
G_NO_INLINE static gint64
count_legal (const Cq6Filter *f, Cq6Ctx *c, const DashSets *s)
{
  guint k;
  const CqMove *moves = _cq6_position_moves (c, (f->which & CQ6_DASH_LEGAL) != 0, &k);
  /* seen[from]: the targets counted from there, valid for the squares
   * in @started only (no array of 64 to clear at each call). */
  guint64 seen[64];
  CqBitboard started = 0;
  gint64 n = 0;

  for (guint i = 0; i < k; i++)
    {
      const CqMove *m = &moves[i];

      if (!(s->from & CQ_BIT (m->from)) || !(s->to & CQ_BIT (m->to)))
        continue;
      if (!(started & CQ_BIT (m->from)))
        started |= CQ_BIT (m->from), seen[m->from] = 0;
      if (seen[m->from] & CQ_BIT (m->to))
        continue;
      if (f->args[3] != NULL && !move_is (f->args[3]->which, m))
        continue;
      seen[m->from] |= CQ_BIT (m->to);
      n++;
    }
  return n;
}

/* A set of a dash filter whose evaluation has no effect but its value. */
static inline gboolean
quiet_set (const Cq6Filter *f)
{
  return f == NULL || f->kind == CQ6_DESIGNATOR || f->kind == CQ6_VARIABLE;
}

guint
_cq6_dash_needs (const Cq6Filter *f)
{
  if (f->kind != CQ6_DASH
      || (f->which & (CQ6_DASH_PREVIOUS | CQ6_DASH_COUNT | CQ6_DASH_LEGAL | CQ6_DASH_PSEUDOLEGAL))
      || !quiet_set (f->args[0]) || !quiet_set (f->args[1]))
    return 0;
  return (f->args[2] != NULL ? CQ6_SHAPE_PROMOTION : 0)
         | ((f->which & CQ6_DASH_CAPTURE) ? CQ6_SHAPE_CAPTURE : 0);
}

gboolean
_cq6_eval_dash (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  DashSets s;
  guint needs;

  if (f->which & CQ6_DASH_PREVIOUS)
    {
      Cq6Ctx before;

      /* The move that led here: its sets are read before it (as
       * `move previous`, ruling 2); the mark stays here (rulings 11). */
      if (c->node->parent == NULL)
        return FALSE;
      before = _cq6_ctx_at (c, c->node->parent);
      return _cq6_dash_sets (f, &before, &s)
             && _cq6_dash_move_ok (f, c, &s, &c->node->move, c->node, v);
    }
  if (f->which & (CQ6_DASH_LEGAL | CQ6_DASH_PSEUDOLEGAL))
    {
      gint64 n = 0;

      v->num = 0;
      if (_cq6_dash_sets (f, c, &s))
        n = count_legal (f, c, &s);
      v->num = n;
      return (f->which & CQ6_DASH_COUNT) || n > 0;
    }
  if (f->which & CQ6_DASH_COUNT)
    {
      gint64 n = 0;

      v->num = 0;
      if (!_cq6_dash_sets (f, c, &s))
        return TRUE;
      else
        for (const CqNode *ch = c->node->first_child; ch != NULL; ch = _cq6_next_child (c, ch, FALSE))
          n += _cq6_dash_move_ok (f, c, &s, &ch->move, ch, NULL);
      v->num = n;
      return TRUE;
    }
  if (c->node->first_child == NULL)
    return FALSE;
  /* No move of the kind the filter needs (a promotion, a capture): no
   * match, whatever its sets are. */
  if ((needs = _cq6_dash_needs (f)) != 0)
    {
      const CqNode *ch = c->node->first_child;

      while (ch != NULL && (_cq6_move_shape (&ch->move) & needs) != needs)
        ch = _cq6_next_child (c, ch, FALSE);
      if (ch == NULL)
        return FALSE;
    }
  if (!_cq6_dash_sets (f, c, &s))
    return FALSE;
  for (const CqNode *ch = c->node->first_child; ch != NULL; ch = _cq6_next_child (c, ch, FALSE))
    if (_cq6_dash_move_ok (f, c, &s, &ch->move, ch, v))
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* The current move                                                    */
/* ------------------------------------------------------------------ */

/* Is @m of the kind @which (CQ6_CURMOVE_ENPASSANT ... CQ6_CURMOVE_OOO)?
 * Castling's squares are the king's (rulings R4): o-o goes to the g-file. */
static gboolean
move_is (guint32 which, const CqMove *m)
{
  switch (which)
    {
    case CQ6_CURMOVE_ENPASSANT:
      return (m->flags & CQ_MOVE_EN_PASSANT) != 0;
    case CQ6_CURMOVE_NULL:
      return (m->flags & CQ_MOVE_NULL) != 0;
    case CQ6_CURMOVE_CASTLE:
      return (m->flags & CQ_MOVE_CASTLE) != 0;
    case CQ6_CURMOVE_OO:
      return (m->flags & CQ_MOVE_CASTLE) && CQ_FILE (m->to) == 6;
    case CQ6_CURMOVE_OOO:
      return (m->flags & CQ_MOVE_CASTLE) && CQ_FILE (m->to) == 2;
    default:
      return FALSE;
    }
}

gboolean
_cq6_eval_current_move (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const CqNode *n = c->node;
  const CqMove *m = &n->move;

  if (f->type == CQ6_TYPE_SET)
    {
      /* The squares the move left and reached (a null move's: its king's,
       * as_null_move()), or (enpassantsquare) the square of the pawn it
       * took en passant; none at the first position.  A set matches when
       * not empty. */
      v->set = 0;
      if (n->parent == NULL)
        return FALSE;
      if (f->which == CQ6_CURMOVE_FROM || f->which == CQ6_CURMOVE_TO)
        {
          /* Castling: the king's and the rook's squares, those that fit
           * the dash filter whose `(F)` this is (CQL 6.2). */
          CqBitboard all = ~(CqBitboard) 0, from_sq, to_sq;
          CqMove k = as_null_move (&n->parent->position, m);

          if (k.from >= 64)
            return FALSE;
          fitting_squares (&k, c->st->in_dash ? c->st->dash_from : all,
                           c->st->in_dash ? c->st->dash_to : all, &from_sq, &to_sq);
          v->set = f->which == CQ6_CURMOVE_FROM ? from_sq : to_sq;
        }
      else if (m->flags & CQ_MOVE_EN_PASSANT)
        v->set = CQ_BIT (CQ_SQUARE (CQ_FILE (m->to), CQ_RANK (m->from)));
      return v->set != 0;
    }
  if (n->parent == NULL)
    return FALSE;
  switch (f->which)
    {
    case CQ6_CURMOVE_PRIMARY:
      return n->parent->first_child == n;
    case CQ6_CURMOVE_SECONDARY:
      return n->parent->first_child != n;
    default:
      return move_is (f->which, m);
    }
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

/* The name the comments give a position compared: its variable's. */
static const char *
position_name (const Cq6Ctx *c, const Cq6Filter *arg, const char *fallback)
{
  if (arg->kind == CQ6_VARIABLE && c->program->vars != NULL)
    return ((Cq6Var *) c->program->vars->pdata[arg->which])->name;
  return fallback;
}

/* The comments of consecutivemoves.  CQL 6.2 writes, for each
 * consecutivemoves filter, those of the first longest match it found in
 * the game (rulings 11: one `s-move[1]` per game), after every other
 * comment and mark of their positions (`{CQL s-move[7]}`).  Every match
 * counts: one found at a position that did not match, or in a comparison
 * or a filter that failed afterwards, as well (`not {echo (s t)
 * {consecutivemoves(s t) >= 3}}` writes a run of 3; `check or echo (s t)
 * {consecutivemoves(s t) >= 30}` writes runs shorter than 30 in games
 * that match by `check`; 11 queries compared on 2,108 studies).  So a
 * match is not written when found: the filter's best is kept aside, and
 * written when the walk is done with the game (_cq6_line_walk_done()). */
static void
consecutive_found (Cq6Ctx *c, const Cq6Filter *f, const CqNode *x_end, const CqNode *y_end,
                   guint len)
{
  GArray *a;
  guint i;

  _cq6_line_state_ensure (c);
  if (c->st->line->consecutive == NULL)
    c->st->line->consecutive = g_array_new (FALSE, TRUE, sizeof (Cq6ConsecutiveFound));
  a = c->st->line->consecutive;
  /* Few filters: found by a scan, kept in their order in the query, the
   * order their comments are written in. */
  for (i = 0; i < a->len; i++)
    {
      const Cq6Filter *g = g_array_index (a, Cq6ConsecutiveFound, i).filter;

      if (g == f || g->line > f->line || (g->line == f->line && g->column > f->column))
        break;
    }
  if (i == a->len || g_array_index (a, Cq6ConsecutiveFound, i).filter != f)
    {
      Cq6ConsecutiveFound entry = { f, { 0 } };

      g_array_insert_val (a, i, entry);
    }
  if (len > g_array_index (a, Cq6ConsecutiveFound, i).kept.len)
    g_array_index (a, Cq6ConsecutiveFound, i).kept
      = (Cq6ConsecutiveMatch) { x_end, y_end, len, position_name (c, f->args[0], "x"),
                                position_name (c, f->args[1], "y") };
}

void
_cq6_line_walk_done (Cq6Ctx *c)
{
  GArray *a = c->st->line->consecutive;

  for (guint i = 0; a != NULL && i < a->len; i++)
    {
      const Cq6ConsecutiveMatch *m = &g_array_index (a, Cq6ConsecutiveFound, i).kept;
      g_autofree const CqNode **x = NULL;
      g_autofree const CqNode **y = NULL;
      const CqNode *u = m->x_end, *w = m->y_end;

      if (m->len == 0)
        continue;
      /* The runs are the moves that reached their last positions and the
       * positions before those, back along the line. */
      x = g_new (const CqNode *, m->len);
      y = g_new (const CqNode *, m->len);
      for (guint k = m->len; k-- > 0; u = u->parent, w = w->parent)
        x[k] = u, y[k] = w;
      for (guint k = 0; k < m->len; k++)
        {
          g_autofree char *sx = g_strdup_printf ("%s-move[%u]", m->x_name, k + 1);
          g_autofree char *sy = g_strdup_printf ("%s-move[%u]", m->y_name, k + 1);

          _cq6_add_comment (c, x[k], sx);
          _cq6_add_comment (c, y[k], sy);
        }
    }
}

static inline gboolean
same_move (const CqNode *a, const CqNode *b)
{
  return a->move.from == b->move.from && a->move.to == b->move.to
         && a->move.piece == b->move.piece
         && (a->move.flags & CQ_MOVE_NULL) == (b->move.flags & CQ_MOVE_NULL);
}

gboolean
_cq6_eval_consecutive (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
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
  /* row[j + 1]: the run ending at S[i] and T[j].  Of the longest runs,
   * the one that ends first on the way to x, then first on the way to y
   * (CQL 6.2: zugzwang2's run of 5 in game 33 of the HHdb selection). */
  row = g_new0 (guint, t->len + 1);
  for (guint i = 0; i < s->len; i++)
    for (guint j = t->len; j-- > 0;)
      {
        row[j + 1] = same_move (s->pdata[i], t->pdata[j]) ? row[j] + 1 : 0;
        if (row[j + 1] > best || (row[j + 1] == best && best > 0 && i == best_i))
          best = row[j + 1], best_i = i, best_j = j;
      }
  v->num = best;
  /* No move in common: no match (the reference: `consecutivemoves(x y)
   * == 0` matches nothing). */
  if (best == 0 || (gint64) best < f->range_min || (gint64) best > f->range_max)
    return FALSE;
  if (!(f->which & CQ6_LINE_QUIET) && !c->program->quiet && !c->program->silent)
    consecutive_found (c, f, s->pdata[best_i], t->pdata[best_j], best);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The move filter                                                     */
/* ------------------------------------------------------------------ */

/* `move` and its parameters (CQL 6 reference "move"); args: from, to,
 * capture, promote, comment, enpassantsquare. */
Cq6Filter *
_cq6_parse_move (Cq6Parser *p, const Cq6Token *t)
{
  /* Written first, `from`, `to` or `capture` makes `move` a set of such
   * squares; `count` (with legal) a number; else it only matches or not,
   * as CQL 6.2 (rulings 2, 19). */
  Cq6Filter *f = _cq6_node (CQ6_MOVE, CQ6_TYPE_LOGICAL, t);
  static const guint32 set_flags[] = { CQ6_MOVE_SET_FROM, CQ6_MOVE_SET_TO,
                                       CQ6_MOVE_SET_CAPTURE };

  for (guint i = 0; i < 6; i++)
    _cq6_filter_add_arg (f, NULL);
  for (guint index = 0;; index++)
    {
      Cq6Token *w = _cq6_peek (p);
      int slot = -1;

      if (_cq6_is_word (w, "from"))
        slot = 0;
      else if (_cq6_is_word (w, "to"))
        slot = 1;
      else if (_cq6_is_word (w, "capture") || _cq6_is_word (w, "captures"))
        slot = 2;
      else if (_cq6_is_word (w, "promote"))
        slot = 3;
      if (slot >= 0)
        {
          Cq6Filter *arg;

          _cq6_advance (p);
          arg = _cq6_parse_set_arg (p, w->text);
          if (arg == NULL)
            {
              _cq6_filter_free (f);
              return NULL;
            }
          _cq6_filter_free (f->args[slot]);
          _cq6_filter_set_arg (f, slot, arg);
          if (index == 0 && slot < 3)
            f->which |= set_flags[slot], f->type = CQ6_TYPE_SET;
        }
      else if (_cq6_is_word (w, "count"))
        f->which |= CQ6_MOVE_COUNT, _cq6_advance (p);
      else if (_cq6_is_word (w, "previous"))
        f->which |= CQ6_MOVE_PREVIOUS, _cq6_advance (p);
      else if (_cq6_is_word (w, "legal"))
        f->which |= CQ6_MOVE_LEGAL, _cq6_advance (p);
      else if (_cq6_is_word (w, "primary"))
        f->which |= CQ6_MOVE_PRIMARY, _cq6_advance (p);
      else if (_cq6_is_word (w, "secondary"))
        f->which |= CQ6_MOVE_SECONDARY, _cq6_advance (p);
      else if ((_cq6_is_word (w, "enpassant") || _cq6_is_word (w, "enpassantsquare"))
               && (f->which & CQ6_MOVE_ENPASSANT))
        {
          /* One of them, once (CQL 6.2). */
          _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX,
                        "`move` takes one `enpassant` or `enpassantsquare`");
          _cq6_filter_free (f);
          return NULL;
        }
      else if (_cq6_is_word (w, "enpassant"))
        f->which |= CQ6_MOVE_ENPASSANT, _cq6_advance (p);
      else if (_cq6_is_word (w, "enpassantsquare"))
        {
          /* `enpassantsquare X`: an en passant capture of a pawn on X. */
          _cq6_advance (p);
          _cq6_filter_set_arg (f, 5, _cq6_parse_set_arg (p, w->text));
          if (f->args[5] == NULL)
            {
              _cq6_filter_free (f);
              return NULL;
            }
          f->which |= CQ6_MOVE_ENPASSANT;
        }
      else if (_cq6_is_word (w, "castle"))
        f->which |= CQ6_MOVE_CASTLE, _cq6_advance (p);
      else if (_cq6_is_word (w, "null"))
        f->which |= CQ6_MOVE_NULL, _cq6_advance (p);
      else if (_cq6_is_word (w, "pseudolegal"))
        f->which |= CQ6_MOVE_PSEUDOLEGAL, _cq6_advance (p);
      else if (_cq6_is_word (w, "comment") && f->args[4] == NULL
               && !(f->which & (CQ6_MOVE_LEGAL | CQ6_MOVE_PSEUDOLEGAL)))
        {
          /* `move ... comment (...)`: written at the position after each
           * move that passes (CQL 6.2); it ends the parameters. */
          Cq6Filter *comment = NULL;

          _cq6_advance (p);
          if (!_cq6_parse_output_word (p, w, &comment) || comment == NULL)
            {
              _cq6_filter_free (f);
              return NULL;
            }
          _cq6_filter_set_arg (f, 4, comment);
          break;
        }
      else if (_cq6_is_word (w, "comment"))
        break; /* after legal: a filter of its own, as CQL 6.2 reads it */
      else
        break;
    }
  /* CQL 6.2 refuses these: no such move exists. */
  if (((f->which & CQ6_MOVE_NULL) && (f->args[3] != NULL
                                      || (f->which & (CQ6_MOVE_ENPASSANT | CQ6_MOVE_LEGAL
                                                      | CQ6_MOVE_PSEUDOLEGAL))))
      || ((f->which & CQ6_MOVE_ENPASSANT) && f->args[3] != NULL))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC, (f->which & CQ6_MOVE_NULL)
                    ? "`move null` cannot take `promote`, `enpassant`, `enpassantsquare`, "
                      "`legal` or `pseudolegal` (as in CQL 6.2)"
                    : "a move cannot be both an en passant capture and a promotion "
                      "(as in CQL 6.2)");
      _cq6_filter_free (f);
      return NULL;
    }
  if ((f->which & CQ6_MOVE_COUNT) && !(f->which & (CQ6_MOVE_LEGAL | CQ6_MOVE_PSEUDOLEGAL)))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "`move ... count` needs `legal` or `pseudolegal` (as in CQL 6.2)");
      _cq6_filter_free (f);
      return NULL;
    }
  if (f->which & CQ6_MOVE_COUNT)
    f->type = CQ6_TYPE_NUMBER;
  if ((f->which & CQ6_MOVE_PREVIOUS) && (f->which & (CQ6_MOVE_LEGAL | CQ6_MOVE_PSEUDOLEGAL)))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
               "`move previous` cannot be `legal` or `pseudolegal`");
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}

/* Does @move pass the parameters of a `move` filter? */
static gboolean
move_passes (const Cq6Filter *f, const CqMove *m, const CqBitboard *sets, const gboolean *given)
{
  int captured_square = m->to;

  /* A null move is a move of the game, from and to its side's king
   * square (as_null_move()): it takes nothing, promotes to nothing and is
   * neither castling nor en passant (ruling 2). */
  if (m->flags & CQ_MOVE_NULL)
    return !given[2] && !given[3] && !(f->which & (CQ6_MOVE_ENPASSANT | CQ6_MOVE_CASTLE))
           && (!given[0] || (m->from < 64 && (sets[0] & CQ_BIT (m->from))))
           && (!given[1] || (m->to < 64 && (sets[1] & CQ_BIT (m->to))));
  if (f->which & CQ6_MOVE_NULL)
    return FALSE;
  if ((f->which & CQ6_MOVE_ENPASSANT) && !(m->flags & CQ_MOVE_EN_PASSANT))
    return FALSE;
  if ((f->which & CQ6_MOVE_CASTLE) && !(m->flags & CQ_MOVE_CASTLE))
    return FALSE;
  if (given[0] && !(sets[0] & CQ_BIT (m->from)))
    return FALSE;
  if (given[1] && !(sets[1] & CQ_BIT (m->to)))
    return FALSE;
  if (m->flags & CQ_MOVE_EN_PASSANT)
    captured_square = CQ_SQUARE (CQ_FILE (m->to), CQ_RANK (m->from));
  if (given[2] && (m->captured == CQ_EMPTY || !(sets[2] & CQ_BIT (captured_square))))
    return FALSE;
  /* `enpassantsquare X`: the pawn taken en passant stood on X. */
  if (given[5] && !(sets[5] & CQ_BIT (captured_square)))
    return FALSE;
  /* `promote` names a piece type: its colour does not count (ruling 3). */
  if (given[3] && (m->promotion == CQ_EMPTY
                   || !(f->args[3]->designator.pieces
                        & (CQ_PIECE_BIT (CQ_MAKE_PIECE (CQ_WHITE, CQ_PIECE_TYPE (m->promotion)))
                           | CQ_PIECE_BIT (CQ_MAKE_PIECE (CQ_BLACK,
                                                          CQ_PIECE_TYPE (m->promotion)))))))
    return FALSE;
  return TRUE;
}

/* A move that passed the `move` filter @f: when @f has a value, adds the
 * move's square to the set, or counts it (once per pair of squares, as
 * CQL 6.2 counts legal moves), and returns FALSE to go on; else TRUE, the
 * filter matches. */
static gboolean
move_found (const Cq6Filter *f, const CqMove *m, Cq6Val *v, guint64 *pairs)
{
  if (f->args[4] != NULL)
    {
      /* With a comment every move that passes gets it: go on. */
      v->num = 1;
      if (f->type != CQ6_TYPE_SET)
        return FALSE;
    }
  if (m->from >= 64)
    return f->type != CQ6_TYPE_SET && !(f->which & CQ6_MOVE_COUNT);
  if (f->which & CQ6_MOVE_COUNT)
    {
      if (!(pairs[m->from] & CQ_BIT (m->to)))
        pairs[m->from] |= CQ_BIT (m->to), v->num++;
      return FALSE;
    }
  if (f->type != CQ6_TYPE_SET)
    return TRUE;
  if (f->which & CQ6_MOVE_SET_FROM)
    v->set |= CQ_BIT (m->from);
  else if (f->which & CQ6_MOVE_SET_TO)
    v->set |= CQ_BIT (m->to);
  else if (m->flags & CQ_MOVE_EN_PASSANT)
    v->set |= CQ_BIT (CQ_SQUARE (CQ_FILE (m->to), CQ_RANK (m->from)));
  else
    v->set |= CQ_BIT (m->to);
  return FALSE;
}

/* `move ... comment (...)`: the comment at @after, the position a move
 * that passes leads to. */
static void
move_comment (const Cq6Filter *f, Cq6Ctx *c, const CqNode *after)
{
  Cq6Ctx at;
  Cq6Val v;

  if (f->args[4] == NULL)
    return;
  at = _cq6_ctx_at (c, after);
  _cq6_eval (f->args[4], &at, &v);
}

/* `move ...`: TRUE if some move of the kind asked passes its parameters;
 * with a value, the set of their squares or their number. */
/* Not inlined into _cq6_eval(): its frame would make every call dearer. */
G_NO_INLINE gboolean
_cq6_eval_move (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  /* Indexed as the filter's args (4, the comment, unused). */
  CqBitboard sets[6] = { 0 };
  gboolean given[6] = { FALSE };
  guint64 pairs[64];
  Cq6Ctx before = *c;

  if (f->which & CQ6_MOVE_COUNT)
    memset (pairs, 0, sizeof pairs);

  /* `move previous`: its squares are read in the position before the
   * move (ruling 2). */
  if (f->which & CQ6_MOVE_PREVIOUS)
    {
      if (c->node->parent == NULL)
        return FALSE;
      before.node = c->node->parent;
      before.pos = &c->node->parent->position;
      before.in_check = before.has_move = -1;
    }
  for (guint i = 0; i < 6; i++)
    if (f->args[i] != NULL && i != 4)
      {
        Cq6Val a;

        given[i] = TRUE;
        if (i == 3)
          continue; /* promote: the piece types of its designator */
        if (!_cq6_eval (f->args[i], &before, &a))
          {
            /* No square: no move passes (a count of 0). */
            v->set = 0, v->num = 0;
            return (f->which & CQ6_MOVE_COUNT) != 0;
          }
        sets[i] = a.set;
      }
  v->set = 0, v->num = 0;
  if (f->which & CQ6_MOVE_PREVIOUS)
    {
      CqMove m = as_null_move (before.pos, &c->node->move);
      /* `primary`: the move was the main continuation; `secondary`, a
       * variation's. */
      gboolean main = c->node->parent->first_child == c->node;

      if (((f->which & CQ6_MOVE_PRIMARY) && !main) || ((f->which & CQ6_MOVE_SECONDARY) && main))
        return (f->which & CQ6_MOVE_COUNT) != 0;
      if (move_passes (f, &m, sets, given))
        {
          move_comment (f, c, c->node);
          if (move_found (f, &m, v, pairs))
            return TRUE;
        }
    }
  else if (f->which & (CQ6_MOVE_LEGAL | CQ6_MOVE_PSEUDOLEGAL))
    {
      guint n;
      const CqMove *moves = _cq6_position_moves (c, (f->which & CQ6_MOVE_LEGAL) != 0, &n);

      for (guint i = 0; i < n; i++)
        if (c->node->parent == NULL && (moves[i].flags & CQ_MOVE_EN_PASSANT))
          continue; /* the FEN's en passant square is not used (ruling 2) */
        else if (move_passes (f, &moves[i], sets, given) && move_found (f, &moves[i], v, pairs))
          return TRUE;
    }
  else
    {
      gboolean first = TRUE, passed = FALSE;
      /* Without `variations` a game is its main line: the moves of
       * variations are not there (ruling 2). */
      gboolean primary_only = (f->which & CQ6_MOVE_PRIMARY) || !c->program->variations;

      for (const CqNode *child = c->node->first_child; child != NULL;
           child = child->next_sibling, first = FALSE)
        {
          CqMove m = as_null_move (c->pos, &child->move);

          if (primary_only && !first)
            continue;
          if ((f->which & CQ6_MOVE_SECONDARY) && first)
            continue;
          if (move_passes (f, &m, sets, given))
            {
              move_comment (f, c, child);
              if (move_found (f, &m, v, pairs))
                return TRUE;
            }
        }
      return f->type == CQ6_TYPE_SET ? v->set != 0 : passed;
    }
  if (f->which & CQ6_MOVE_COUNT)
    return TRUE;
  if (f->args[4] != NULL && f->type != CQ6_TYPE_SET)
    return v->num != 0;
  return v->set != 0;
}
