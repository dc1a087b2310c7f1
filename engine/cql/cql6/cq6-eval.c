/* cq6-eval.c: evaluates a CQL 6 filter tree at the positions of a game.
 *
 * Each filter gives match / no match and, by its type, a value: a square
 * set (a set filter matches when it is not empty), a number or a string
 * (they match when they have a value).  Piece designators are the same
 * #CqDesignator as CQL 3's: the union of the position's bitboards of the
 * pieces in the mask, cut to the square set.  Attacks come from the chess
 * core's tables (cq_attacks_from), legality from its move generator.
 * Which positions are examined and how a game matches is in
 * _cq6_match_game() (docs/cql6.md "How a query runs").
 *
 * Why one file of about 1,400 lines: every single-position filter's
 * evaluation is a case of the recursive _cq6_eval() or of eval_general()
 * (or the small-framed eval_square_expr() and eval_compare()) behind it,
 * and the set geometry it calls (attacks, lines, pins, rays, pawn
 * structure) serves those cases only (and the walk's copy of the
 * conjunctions, eval_collect(), which finds the squares the board shows);
 * the filters across positions, variables and output live in the files
 * named in cq6-private.h.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "chess/cq-attacks.h"

#include <string.h>


/* Whether the side to move is in check, computed once per position (the
 * chess core's inline test, as CQL 3's evaluator uses it). */
gboolean
_cq6_in_check (Cq6Ctx *c)
{
  if (c->in_check < 0)
    {
      c->in_check = _cq_in_check (c->pos) ? 1 : 0;
    }
  return c->in_check;
}

/* Whether the side to move has a legal move, found once per position: a
 * position a move was played from has one (cq_node_has_played_move()),
 * which spares the test at every check of a line that goes on. */
static gboolean
has_move (Cq6Ctx *c)
{
  if (c->has_move < 0)
    c->has_move = ((c->node != NULL && c->pos == &c->node->position
                    && cq_node_has_played_move (c->node))
                   || (_cq6_in_check (c) ? cq_position_has_legal_move (c->pos)
                                         : _cq_position_has_legal_move_not_in_check (c->pos)))
                  ? 1 : 0;
  return c->has_move;
}

/* Stalemate: not in check and no legal move.  A few set operations rule
 * it out in nearly every position before either test runs (CQL 3's
 * :stalemate does the same). */
static gboolean
stalemate (Cq6Ctx *c)
{
  if (c->has_move < 0 && _cq_position_has_move_unless_in_check (c->pos))
    return FALSE;
  return !_cq6_in_check (c) && !has_move (c);
}

static CqBitboard
designator_squares (const CqDesignator *d, const CqPosition *pos)
{
  CqBitboard hits = 0;
  guint mask = d->pieces;

  if (mask == CQ_PIECES_ALL)
    return d->squares;
  /* Every piece of a side (`A`, `a`, or both: `◭`) is that side's
   * bitboard: one read instead of six. */
  if ((mask & CQ_PIECES_WHITE) == CQ_PIECES_WHITE)
    hits = pos->by_color[CQ_WHITE], mask &= ~CQ_PIECES_WHITE;
  if ((mask & CQ_PIECES_BLACK) == CQ_PIECES_BLACK)
    hits |= pos->by_color[CQ_BLACK], mask &= ~CQ_PIECES_BLACK;
  for (; mask != 0; mask &= mask - 1)
    hits |= pos->pieces[__builtin_ctz (mask)];
  return hits & d->squares;
}

static gint64
piece_power (CqPiece piece)
{
  static const gint64 values[] = { 0, 1, 3, 3, 5, 9, 0 };
  return values[CQ_PIECE_TYPE (piece)];
}

static const char *
tag_value (const Cq6Ctx *c, const char *name)
{
  return cq_game_get_tag (c->game, name);
}

/* The string filters of the game's tags; with a string argument, whether
 * the tag contains it. */
/* Not inlined into eval(): its frame would make every call dearer. */
G_NO_INLINE static gboolean
eval_tag (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const char *values[2] = { NULL, NULL };
  char date[11];
  guint n = 1;

  if (f->kind == CQ6_PLAYER)
    {
      if (f->which == 0)
        values[0] = tag_value (c, "White"), values[1] = tag_value (c, "Black"), n = 2;
      else
        values[0] = tag_value (c, f->which == 1 ? "White" : "Black");
    }
  else if (strcmp (f->string, "Date") == 0 || strcmp (f->string, "EventDate") == 0)
    {
      /* CQL 6.2 gives a date normalised, "yyyy.mm.dd" with ? for what is
       * unknown, also when the tag is missing (ruling 73). */
      _cq_tag_normalise_date (tag_value (c, f->string), date, NULL);
      values[0] = date;
    }
  else
    values[0] = tag_value (c, f->string);

  if (f->n_args == 0)
    {
      g_autofree char *both = NULL;

      if (values[0] == date)
        {
          v->str = _cq6_state_string_n (c, f, date, strlen (date));
          return TRUE;
        }
      if (n == 1)
        {
          v->str = values[0];
          return v->str != NULL;
        }
      /* `player`: both names joined by a backslash and an `n`, as CQL 6.2
       * gives them (it reads `player white + "\n" + player black`, and a
       * string does not read `\n` as a line break); none unless both tags
       * are there. */
      if (values[0] == NULL || values[1] == NULL)
        return FALSE;
      both = g_strconcat (values[0], "\\n", values[1], NULL);
      v->str = _cq6_state_string_n (c, f, both, strlen (both));
      return TRUE;
    }
  /* Case counts: "lacny" does not find Lacny (ruling 5). */
  for (guint i = 0; i < n; i++)
    if (values[i] != NULL && strstr (values[i], f->args[0]->string) != NULL)
      return TRUE;
  return FALSE;
}

/* `ray` and `xray`: the sets of its arguments, then the lines. */
G_NO_INLINE static gboolean
eval_ray (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  CqBitboard sets[16];

  for (guint i = 0; i < f->n_args; i++)
    {
      Cq6Val a;

      a.set = 0;
      if (!_cq6_eval (f->args[i], c, &a))
        return FALSE;
      sets[i] = a.set;
    }
  v->set = _cq6_ray_squares (c->pos, sets, f->n_args, f->directions, f->which);
  return v->set != 0;
}

G_NO_INLINE static gboolean
eval_pin (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  CqBitboard sets[3] = { CQ_SQUARES_ALL, CQ_SQUARES_ALL, CQ_SQUARES_ALL };

  for (guint i = 0; i < 3; i++)
    if (f->args[i] != NULL)
      {
        Cq6Val a;

        a.set = 0;
        if (!_cq6_eval (f->args[i], c, &a))
          return FALSE;
        sets[i] = a.set;
      }
  v->set = _cq6_pinned (c->pos, sets[0], sets[1], sets[2], f->args[2] != NULL,
                        (Cq6PinRole) f->which);
  return v->set != 0;
}

/* A bound variable that holds a value (no piece): its value into @v and
 * whether it matches, as 1 or 0; -1 for any other variable, read by
 * cq6-vars.c. */
G_ALWAYS_INLINE static inline int
bound_variable (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const Cq6Slot *slot = &c->st->slots[f->which];

  /* What the variable is comes with the node (CQ6_VAR_READ_*): no look
   * at its #Cq6Var. */
  if (!slot->bound || (f->number & CQ6_VAR_READ_PIECE))
    return -1;
  *v = slot->val;
  return !(f->number & CQ6_VAR_READ_SET) || v->set != 0;
}

/* A bound piece variable read at @node, when its square there is known
 * already (_cq6_piece_bit_known()): its square into @v and whether it
 * matches (the piece is on the board), as 1 or 0; -1 otherwise, read by
 * cq6-vars.c. */
G_ALWAYS_INLINE static inline int
bound_piece_at (const Cq6Filter *f, const Cq6State *st, const CqNode *node, Cq6Val *v)
{
  const Cq6Slot *slot = &st->slots[f->which];
  CqBitboard set;

  if (!slot->bound || !(f->number & CQ6_VAR_READ_PIECE)
      || !_cq6_piece_bit_known (st, node, slot->val.num, &set))
    return -1;
  v->set = set;
  return set != 0;
}

/* Evaluates @f, a piece designator inline (the commonest filter, met in
 * every compound and orbit), anything else through eval(). */
G_ALWAYS_INLINE static inline gboolean
eval_fast (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  if (f->kind == CQ6_DESIGNATOR)
    {
      v->set = designator_squares (&f->designator, c->pos);
      return v->set != 0;
    }
  return _cq6_eval (f, c, v);
}

/* Evaluates @f, an operand of a comparison, an arithmetic operator or a
 * square function: a number or a bound variable inline (the leaves of
 * such expressions, e.g. `8 - file sq + 1`), anything else as
 * eval_fast(). */
G_ALWAYS_INLINE static inline gboolean
eval_operand (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  if (f->kind == CQ6_NUMBER)
    {
      v->num = f->number;
      return TRUE;
    }
  if (f->kind == CQ6_VARIABLE)
    {
      int bound = bound_variable (f, c, v);

      if (bound < 0)
        bound = bound_piece_at (f, c->st, c->node, v);
      if (bound >= 0)
        return bound;
    }
  return eval_fast (f, c, v);
}

static gboolean eval_collect (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v, CqBitboard *squares);

/* eval_fast() that also adds, when @f matches, the squares of the set
 * filters that made it match to *squares: a designator inline, the
 * filters that hold such set filters through eval_collect(), any other
 * straight to _cq6_eval() (no more calls than the walk made before). */
G_ALWAYS_INLINE static inline gboolean
collect_fast (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v, CqBitboard *squares)
{
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_DESIGNATOR:
      v->set = designator_squares (&f->designator, c->pos);
      *squares |= v->set;
      return v->set != 0;
    case CQ6_COMPOUND: case CQ6_AND: case CQ6_OR: case CQ6_ORBIT:
      return eval_collect (f, c, v, squares);
    default:
      if (!_cq6_eval (f, c, v))
        return FALSE;
      /* A set filter that matches always gives its value. */
      if (f->type == CQ6_TYPE_SET)
        *squares |= v->set;
      return TRUE;
    }
}

/* One member of an orbit: adds its value to the orbit's (sets united,
 * numbers their maximum, matches counted).  Returns TRUE when the answer
 * is known (a logical orbit matched).  With @squares (eval_collect()), the
 * squares of the member's set filters are added when the member counts;
 * eval_orbit() passes a constant NULL, so that its inlined copy has no
 * trace of them. */
G_ALWAYS_INLINE static inline gboolean
orbit_member (const Cq6Filter *f, const Cq6Filter *member, Cq6Ctx *c, Cq6Val *v, gint64 *count,
              CqBitboard *squares)
{
  Cq6Val a;
  CqBitboard found = 0;

  a.set = 0;
  if (member->kind == CQ6_COMPOUND)
    {
      /* A compound member's filters inline: its anchor designator is
       * first among them, already known to match. */
      for (guint i = 0; i < member->n_args; i++)
        if (!(squares != NULL ? collect_fast (member->args[i], c, &a, &found)
                              : eval_fast (member->args[i], c, &a)))
          return FALSE;
    }
  else if (!(squares != NULL ? collect_fast (member, c, &a, &found) : eval_fast (member, c, &a)))
    return FALSE;
  if (squares != NULL)
    *squares |= found;
  if (f->which == CQ6_ORBIT_COUNT)
    (*count)++;
  else if (f->type == CQ6_TYPE_SET)
    v->set |= a.set, (*count)++;
  else if (f->type == CQ6_TYPE_NUMBER)
    v->num = *count == 0 ? a.num : MAX (v->num, a.num), (*count)++;
  else
    {
      (*count)++;
      return TRUE;
    }
  return FALSE;
}

/* The orbit of a transform: its members in turn, or with an anchor index
 * only those whose anchor square holds one of its pieces.  @squares as for
 * orbit_member(). */
G_ALWAYS_INLINE static inline gboolean
orbit (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v, CqBitboard *squares)
{
  gint64 count = 0;

  v->set = 0;
  if (f->groups == NULL && f->unanchored == NULL)
    {
      for (guint i = 0; i < f->n_args; i++)
        if (orbit_member (f, f->args[i], c, v, &count, squares))
          break;
    }
  else
    {
      gboolean done = FALSE;

      for (guint g = 0; g < f->n_groups && !done; g++)
        {
          const CqAnchorGroup *group = &f->groups[g];
          CqBitboard hits = 0;

          for (guint mask = group->pieces; mask != 0; mask &= mask - 1)
            hits |= c->pos->pieces[__builtin_ctz (mask)];
          for (hits &= group->squares; hits != 0 && !done; hits &= hits - 1)
            {
              int s = __builtin_ctzll (hits);

              for (guint32 j = group->start[s]; j < group->start[s + 1] && !done; j++)
                done = orbit_member (f, f->args[group->indices[j]], c, v, &count, squares);
            }
        }
      for (guint i = 0; i < f->n_unanchored && !done; i++)
        done = orbit_member (f, f->args[f->unanchored[i]], c, v, &count, squares);
    }
  if (f->which == CQ6_ORBIT_COUNT)
    {
      v->num = count;
      return count >= f->range_min && count <= f->range_max;
    }
  return count > 0;
}

/* Not inlined into eval(): its frame would make every call dearer. */
G_NO_INLINE static gboolean
eval_orbit (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  return orbit (f, c, v, NULL);
}

/**
 * eval_collect:
 * @squares: (inout): where the squares are added.
 *
 * Evaluates @f as _cq6_eval() does (the same filters in the same order,
 * the same comments kept or taken back) and, when it matches, adds to
 * *@squares the squares the board viewer shows for it
 * (CqMatchedPosition.squares): the value of a set filter; for a block
 * (`{...}`), an `and` or an `or`, the squares of the filters in it that
 * matched; for a transform (an orbit), those of the members that matched
 * (for a logical one, the first: CQL 3 shows the transform member that
 * matched).  Any other filter (`not`, `find`, `line`, a loop...) adds only
 * its own value if it is a set: what matched inside it is not what made
 * the position match.  Only the body's own filters are evaluated here (the
 * position walk); whatever they hold inside is _cq6_eval()'s, at its cost.
 */
static gboolean
eval_collect (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v, CqBitboard *squares)
{
  Cq6Val a, b;
  CqBitboard found = 0;

  a.set = b.set = 0;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_COMPOUND:
      {
        guint mark = _cq6_comments_mark (c);

        for (guint i = 0; i < f->n_args; i++)
          if (!collect_fast (f->args[i], c, v, &found))
            {
              _cq6_comments_rollback (c, mark);
              return FALSE;
            }
        break;
      }
    case CQ6_AND:
      {
        guint mark = _cq6_comments_mark (c);

        if (!collect_fast (f->args[0], c, &a, &found) || !collect_fast (f->args[1], c, &b, &found))
          {
            _cq6_comments_rollback (c, mark);
            return FALSE;
          }
        break;
      }
    case CQ6_OR:
      {
        guint mark = _cq6_comments_mark (c);

        /* Only the side that matched: the left one when both could. */
        if (collect_fast (f->args[0], c, &a, &found))
          break;
        _cq6_comments_rollback (c, mark);
        found = 0;
        if (collect_fast (f->args[1], c, &b, &found))
          break;
        _cq6_comments_rollback (c, mark);
        return FALSE;
      }
    case CQ6_ORBIT:
      if (!orbit (f, c, v, &found))
        return FALSE;
      break;
    default:
      /* Only the kinds above come here (collect_fast()). */
      return collect_fast (f, c, v, squares);
    }
  *squares |= found;
  return TRUE;
}

/* `equal(X Y)`, as CQL 6.2 compares any two values: a logical filter's
 * value is whether it matches, a set's its squares, and a number, string
 * or position without a value counts as a logical "no match".  So the
 * two are equal when they have the same kind and value, or when neither
 * has a value. */
static gboolean
equal_values (const Cq6Filter *f, Cq6Ctx *c)
{
  Cq6Val val[2] = { { 0 }, { 0 } };
  Cq6Type kind[2];

  for (guint i = 0; i < 2; i++)
    {
      const Cq6Filter *x = f->args[i];
      gboolean ok = _cq6_eval (x, c, &val[i]);

      kind[i] = x->type;
      if (x->type == CQ6_TYPE_SET && !ok)
        val[i].set = 0;
      else if (x->type == CQ6_TYPE_LOGICAL || (x->type != CQ6_TYPE_SET && !ok))
        {
          kind[i] = CQ6_TYPE_LOGICAL;
          val[i].num = ok;
        }
    }
  if (kind[0] != kind[1])
    return FALSE;
  switch (kind[0])
    {
    case CQ6_TYPE_SET:
      return val[0].set == val[1].set;
    case CQ6_TYPE_STRING:
      return g_strcmp0 (val[0].str, val[1].str) == 0;
    case CQ6_TYPE_POSITION:
      return val[0].node == val[1].node;
    default:
      return val[0].num == val[1].num;
    }
}

/* Arithmetic, the set operations (`∪`, `∩`, `~`), the square functions
 * (`+`, `makesquare`, `file`, `rank`, `piecename`) and the set filters
 * of two sets (`attacks`, `attackedby`, `between`): the body of a square
 * loop is often made of them alone (`piecename sq == s:piecename
 * makesquare (8 - file sq + 1 rank sq)`, some 10 M squares in one query;
 * `◭∩between(x y)==6`, 7 M pairs of squares in another), a piece loop's
 * of sets of its variables (`C = C ∪ T`), so they are
 * evaluated here, in a frame much smaller than eval_general()'s, and
 * their operands (a number, a bound variable, one of these filters)
 * without going back through _cq6_eval(). */
G_NO_INLINE static gboolean
eval_square_expr (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a, b;

  /* As eval_general(): set operands are read even when they did not
   * match. */
  a.set = b.set = 0;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_MAKESQUARE:
      if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b)
          || a.num < 1 || a.num > 8 || b.num < 1 || b.num > 8)
        return FALSE;
      v->set = CQ_BIT (CQ_SQUARE (a.num - 1, b.num - 1));
      return TRUE;
    case CQ6_FILE:
    case CQ6_RANK:
      /* One square only. */
      if (!eval_operand (f->args[0], c, &a) || a.set == 0 || _cq_more_than_one (a.set))
        return FALSE;
      {
        int s = __builtin_ctzll (a.set);
        v->num = (f->kind == CQ6_FILE ? CQ_FILE (s) : CQ_RANK (s)) + 1;
      }
      return TRUE;
    case CQ6_PIECENAME:
      return eval_operand (f->args[0], c, &a) && _cq6_piecename (c->pos, a.set, f->which, v);
    case CQ6_UNION:
      eval_operand (f->args[0], c, &a);
      eval_operand (f->args[1], c, &b);
      v->set = a.set | b.set;
      return v->set != 0;
    case CQ6_INTERSECTION:
      if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b))
        return FALSE;
      v->set = a.set & b.set;
      return v->set != 0;
    case CQ6_COMPLEMENT:
      eval_operand (f->args[0], c, &a);
      v->set = ~a.set;
      return v->set != 0;
    case CQ6_ATTACKS:
      if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b))
        return FALSE;
      v->set = _cq6_attackers (c->pos, a.set, b.set);
      return v->set != 0;
    case CQ6_ATTACKEDBY:
      if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b))
        return FALSE;
      v->set = _cq6_attacked_in (c->pos, a.set, b.set);
      return v->set != 0;
    case CQ6_BETWEEN:
      if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b))
        return FALSE;
      v->set = _cq6_between_sets (a.set, b.set);
      return v->set != 0;
    case CQ6_ARITH:
      if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b))
        return FALSE;
      /* A sum or difference that does not overflow here, without the call;
       * the rest, overflows included, by _cq6_arith(). */
      if (f->which == '+' && !__builtin_add_overflow (a.num, b.num, &v->num))
        return TRUE;
      if (f->which == '-' && !__builtin_sub_overflow (a.num, b.num, &v->num))
        return TRUE;
      return _cq6_arith (f, c, (char) f->which, a.num, b.num, &v->num);
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}

/* The order of two positions by the game tree (≺ ≼ ≻ ≽, as CQL 6.2:
 * `x ≺ y` when x is an ancestor of y; its `≽` is `≻`, x a descendant of
 * y, not y), or by their ids for the other comparisons. */
G_NO_INLINE static gboolean
compare_positions (guint32 op, Cq6Ctx *c, const CqNode *x, const CqNode *y)
{
  switch (op)
    {
    case CQ6_CMP_PRECEDES_EQ:
      return x == y || _cq6_node_is_ancestor (c, x, y);
    case CQ6_CMP_PRECEDES:
      return _cq6_node_is_ancestor (c, x, y);
    case CQ6_CMP_SUCCEEDS: case CQ6_CMP_SUCCEEDS_EQ:
      return _cq6_node_is_ancestor (c, y, x);
    default:
      return _cq6_compare (op, x->index, y->index);
    }
}

/* A comparison: its own small frame, as eval_square_expr()'s (a square
 * loop's body is often one, `piecename sq == ...`). */
G_NO_INLINE static gboolean
eval_compare (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a, b;
  gboolean holds;

  a.set = b.set = 0;
  if (f->args[0]->type == CQ6_TYPE_SET)
    {
      /* Sets always have a value, the empty set included. */
      eval_operand (f->args[0], c, &a);
      eval_operand (f->args[1], c, &b);
      return (a.set == b.set) == (f->which == CQ6_CMP_EQ);
    }
  /* `!=` is "not ==": it holds when a side has no value (ruling 4). */
  if (!eval_operand (f->args[0], c, &a) || !eval_operand (f->args[1], c, &b))
    return f->which == CQ6_CMP_NE;
  switch (f->args[0]->type)
    {
    case CQ6_TYPE_NUMBER:
      holds = _cq6_compare (f->which, a.num, b.num);
      break;
    case CQ6_TYPE_STRING:
      /* Equal pointers (piecename's names) need no strcmp(). */
      holds = _cq6_compare (f->which, a.str == b.str ? 0 : strcmp (a.str, b.str), 0);
      break;
    case CQ6_TYPE_POSITION:
      holds = compare_positions (f->which, c, a.node, b.node);
      break;
    default:
      holds = (a.set == b.set) == (f->which == CQ6_CMP_EQ);
      break;
    }
  /* A comparison that has a value has its left side's. */
  if (holds && f->type != CQ6_TYPE_LOGICAL)
    *v = a;
  return holds;
}

/* `x:f`: f at the position x gives (CQL 6 reference "colon").  Its own
 * small frame, as eval_compare()'s: a piece or square loop's body often
 * reads another position this way (`firstmaneuver:x`) at every binding. */
G_NO_INLINE static gboolean
eval_colon (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Ctx there;
  Cq6Val a;
  guint mark = _cq6_comments_mark (c);

  a.node = NULL;
  if (!eval_operand (f->args[0], c, &a) || a.node == NULL)
    {
      _cq6_comments_rollback (c, mark);
      return FALSE;
    }
  /* A variable read there (`firstmaneuver:x`) needs no context of its
   * own, and writes no comment. */
  if (f->args[1]->kind == CQ6_VARIABLE)
    {
      int bound = bound_variable (f->args[1], c, v);

      if (bound < 0)
        bound = bound_piece_at (f->args[1], c->st, a.node, v);
      if (bound > 0)
        return TRUE;
      if (bound == 0)
        {
          _cq6_comments_rollback (c, mark);
          return FALSE;
        }
    }
  there = _cq6_ctx_at (c, a.node);
  if (_cq6_eval (f->args[1], &there, v))
    return TRUE;
  _cq6_comments_rollback (c, mark);
  return FALSE;
}

/* A block `{...}`: its filters in turn; one that fails takes back the
 * comments written inside it (_cq6_comments_rollback()).  A frame of its
 * own, much smaller than eval_general()'s: a loop's body is mostly a
 * block, evaluated at each round. */
G_NO_INLINE static gboolean
eval_compound (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  guint mark = _cq6_comments_mark (c);

  for (guint i = 0; i < f->n_args; i++)
    if (!eval_fast (f->args[i], c, v))
      {
        _cq6_comments_rollback (c, mark);
        return FALSE;
      }
  return TRUE;
}

/* The filters _cq6_eval() does not answer itself: those that evaluate
 * other filters or need a frame of their own (logic, set operations,
 * comparisons, the game's tags...). */
G_NO_INLINE static gboolean
eval_general (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Val a, b;
  const CqPosition *pos = c->pos;

  /* Set operands are read even when they did not match (empty).  A
   * stopped search, or a game whose evaluation an error ended, is not
   * looked for here (it would cost every filter): every loop of the
   * evaluator looks once a round (_cq6_halted()) and ends, and a filter
   * without a loop ends by itself. */
  a.set = b.set = 0;

  switch ((Cq6Kind) f->kind)
    {
    /* A filter that fails takes back the comments written inside it
     * (_cq6_comments_rollback()). */
    case CQ6_AND:
      {
        guint mark = _cq6_comments_mark (c);

        if (_cq6_eval (f->args[0], c, &a) && _cq6_eval (f->args[1], c, &b))
          return TRUE;
        _cq6_comments_rollback (c, mark);
        return FALSE;
      }
    case CQ6_OR:
      {
        guint mark = _cq6_comments_mark (c);

        if (_cq6_eval (f->args[0], c, &a))
          return TRUE;
        _cq6_comments_rollback (c, mark);
        if (_cq6_eval (f->args[1], c, &b))
          return TRUE;
        _cq6_comments_rollback (c, mark);
        return FALSE;
      }
    case CQ6_NOT:
      {
        guint mark = _cq6_comments_mark (c);

        if (!_cq6_eval (f->args[0], c, &a))
          return TRUE;
        _cq6_comments_rollback (c, mark);
        return FALSE;
      }
    case CQ6_IF:
      {
        guint mark = _cq6_comments_mark (c);
        gboolean ok;

        if (_cq6_eval (f->args[0], c, &a))
          ok = _cq6_eval (f->args[1], c, v);
        else
          {
            _cq6_comments_rollback (c, mark);
            ok = f->args[2] != NULL ? _cq6_eval (f->args[2], c, v) : TRUE;
          }
        if (!ok)
          _cq6_comments_rollback (c, mark);
        return ok;
      }
    case CQ6_CHECK:
      return _cq6_in_check (c);
    case CQ6_MATE:
      return _cq6_in_check (c) && !has_move (c);
    case CQ6_STALEMATE:
      return stalemate (c);
    case CQ6_MATE_FAMILY:
      /* A mate of the family that fails is the empty set (`#modelmate`
       * is 0 there, as in CQL 6.2), whatever pieces took part. */
      v->set = 0;
      if (f->which >= CQ6_MATEF_PURESTALEMATE ? !stalemate (c) : !_cq6_in_check (c) || has_move (c))
        return FALSE;
      if (!_cq6_mate_family (c->pos, f->which, &v->set))
        {
          v->set = 0;
          return FALSE;
        }
      return TRUE;
    case CQ6_MOVENUMBER:
      /* Counted from 1 at the game's first position, whatever its FEN
       * says, one more each time White is to move (ruling 7). */
      {
        gboolean root_btm = c->game->root->position.side_to_move == CQ_BLACK;
        v->num = 1 + (c->node->ply + (root_btm ? 1 : 0)) / 2;
      }
      return TRUE;
    case CQ6_FEN:
      v->str = _cq6_fen (c);
      return TRUE;

    case CQ6_IN:
      if (f->args[0]->type == CQ6_TYPE_STRING)
        return _cq6_eval (f->args[0], c, &a) && _cq6_eval (f->args[1], c, &b)
               && strstr (b.str, a.str) != NULL;
      _cq6_eval (f->args[0], c, &a);
      _cq6_eval (f->args[1], c, &b);
      /* The empty set is in every set (ruling 4). */
      return (a.set & ~b.set) == 0;
    case CQ6_EQUAL:
      return equal_values (f, c);
    case CQ6_COUNT:
      if (f->args[0]->type == CQ6_TYPE_STRING)
        {
          /* A string's length in bytes; none without a value. */
          if (!_cq6_eval (f->args[0], c, &a) || a.str == NULL)
            return FALSE;
          v->num = (gint64) strlen (a.str);
          return TRUE;
        }
      _cq6_eval (f->args[0], c, &a);
      v->num = _cq_popcount (a.set);
      return TRUE;
    case CQ6_LIGHT:
    case CQ6_DARK:
      if (!_cq6_eval (f->args[0], c, &a))
        return FALSE;
      v->set = a.set & (f->kind == CQ6_LIGHT ? CQ_SQUARES_LIGHT : CQ_SQUARES_DARK);
      return v->set != 0;
    case CQ6_PAWNS:
      v->set = _cq6_pawns_of_kind (pos, f->which);
      return v->set != 0;
    case CQ6_PIN:
      return eval_pin (f, c, v);
    case CQ6_RAY:
      return eval_ray (f, c, v);

    case CQ6_NEGATE:
      return _cq6_eval (f->args[0], c, &a) && _cq6_negate (f, c, a.num, &v->num);
    case CQ6_ABS:
      return _cq6_eval (f->args[0], c, &a) && _cq6_abs (f, c, a.num, &v->num);
    case CQ6_MAX:
    case CQ6_MIN:
      {
        /* The extreme of the arguments that match; it matches when one
         * of them does (CQL 6.2's page on max). */
        gboolean seen = FALSE;

        for (guint i = 0; i < f->n_args; i++)
          {
            if (!_cq6_eval (f->args[i], c, &a))
              continue;
            if (!seen || (f->kind == CQ6_MAX ? a.num > v->num : a.num < v->num))
              v->num = a.num;
            seen = TRUE;
          }
        return seen;
      }
    case CQ6_SQRT:
      if (!_cq6_eval (f->args[0], c, &a) || a.num < 0)
        return FALSE;
      v->num = _cq6_isqrt (a.num);
      return TRUE;
    case CQ6_POWER:
      _cq6_eval (f->args[0], c, &a);
      v->num = 0;
      for (CqBitboard s = a.set & _cq_occupied (pos); s != 0; s &= s - 1)
        v->num += piece_power ((CqPiece) pos->board[__builtin_ctzll (s)]);
      return TRUE;
    case CQ6_GAMENUMBER:
      v->num = (gint64) c->game->source.number;
      return TRUE;
    case CQ6_ELO:
      {
        gint64 w = 0, k = 0;
        gboolean hw = _cq_tag_parse_elo (tag_value (c, "WhiteElo"), &w);
        gboolean hb = _cq_tag_parse_elo (tag_value (c, "BlackElo"), &k);

        if (f->which == 1)
          return hw && (v->num = w, TRUE);
        if (f->which == 2)
          return hb && (v->num = k, TRUE);
        if (!hw && !hb)
          return FALSE;
        v->num = hw && hb ? MAX (w, k) : hw ? w : k;
        return TRUE;
      }
    case CQ6_YEAR:
      {
        /* The year of the date as `date` reads it; none when unknown. */
        char date[11];
        guint year;

        _cq_tag_normalise_date (tag_value (c, "Date"), date, &year);
        v->num = year;
        return year != 0;
      }
    case CQ6_TAG:
    case CQ6_PLAYER:
      return eval_tag (f, c, v);
    case CQ6_RESULT:
      return _cq_tag_parse_result (tag_value (c, "Result")) == f->which;
    case CQ6_HHDB:
      return _cq6_eval_hhdb (f, tag_value (c, "Event"), v);
    case CQ6_HHDB_KEY:
      return _cq6_eval_hhdb_key (f, c, v);
    case CQ6_REGEX:
      if (!_cq6_eval (f->args[0], c, &a) || a.str == NULL)
        return FALSE;
      return _cq6_eval_regex (f, c, a.str, v);
    case CQ6_ORBIT:
      return eval_orbit (f, c, v);
    case CQ6_NOTRANSFORM:
      return _cq6_eval (f->args[0], c, v);
    case CQ6_LASTGAMENUMBER:
      v->num = c->program->last_game_number;
      return v->num > 0;
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}

/* The leaves (a designator, a constant, a variable that holds a value, a
 * test of the side to move or of the node) are answered here, and the
 * filters evaluated in another file are passed on to it; everything else
 * goes to eval_general().  This function needs no stack frame, so that
 * passing on is a jump rather than a call, and a leaf, the commonest
 * filter, costs a few instructions instead of the big switch's frame. */
gboolean
_cq6_eval (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_DESIGNATOR:
      v->set = designator_squares (&f->designator, c->pos);
      return v->set != 0;
    case CQ6_NUMBER:
    case CQ6_COLOR:
      v->num = f->number;
      return TRUE;
    case CQ6_STRING:
    case CQ6_CURRENTTRANSFORM:
      v->str = f->string;
      return TRUE;
    case CQ6_TRUE:
      return TRUE;
    case CQ6_FALSE:
      return FALSE;
    case CQ6_WTM:
      return c->pos->side_to_move == CQ_WHITE;
    case CQ6_BTM:
      return c->pos->side_to_move == CQ_BLACK;
    case CQ6_SIDETOMOVE:
      v->num = c->pos->side_to_move == CQ_WHITE ? 1 : -1;
      return TRUE;
    case CQ6_INITIAL:
      return c->node->parent == NULL;
    case CQ6_TERMINAL:
      return c->node->first_child == NULL;
    case CQ6_MAINLINE:
      return !c->node->in_variation;
    case CQ6_VARIATION:
      return c->node->in_variation;
    case CQ6_PLY:
      v->num = c->node->ply;
      return TRUE;
    case CQ6_CURRENT:
      v->node = c->node;
      return TRUE;

    case CQ6_VARIABLE:
      {
        /* A bound variable is read here, the commonest case, without a
         * call into cq6-vars.c: one that holds a value, or a piece whose
         * square at this position is known. */
        int bound = bound_variable (f, c, v);

        if (bound < 0)
          bound = bound_piece_at (f, c->st, c->node, v);
        return bound >= 0 ? bound : _cq6_eval_variable (f, c, v);
      }
    case CQ6_ASSIGN:
      return _cq6_eval_assign (f, c, v);
    case CQ6_ISBOUND: case CQ6_UNBIND: case CQ6_PIECEID:
    case CQ6_REGEX_GROUP:
      return _cq6_eval_vars (f, c, v);
    case CQ6_SQUARE_LOOP: case CQ6_PIECE_LOOP: case CQ6_CALL: case CQ6_WHILE:
      return _cq6_eval_loops (f, c, v);
    case CQ6_DICT: case CQ6_DICT_GET: case CQ6_DICT_SET: case CQ6_DICT_COUNT:
    case CQ6_DICT_UNBIND: case CQ6_DICT_LOOP:
      return _cq6_eval_dict (f, c, v);
    case CQ6_DIRECTION:
      return _cq6_eval_direction (f, c, v);
    case CQ6_CONCAT: case CQ6_SUBSTRING: case CQ6_STRING_OP: case CQ6_SUBSTRING_ASSIGN:
      return _cq6_eval_strings (f, c, v);
    case CQ6_MOVE:
      return _cq6_eval_move (f, c, v);
    case CQ6_CURRENTMOVE:
      return _cq6_eval_current_move (f, c, v);
    case CQ6_PARENT: case CQ6_CHILD:
    case CQ6_POSITION_BY_ID: case CQ6_POSITIONID: case CQ6_DEPTH: case CQ6_ANCESTOR:
    case CQ6_DESCENDANT: case CQ6_LCA: case CQ6_DISTANCE: case CQ6_VIRTUALMAINLINE: case CQ6_TRY:
    case CQ6_FIND: case CQ6_ECHO: case CQ6_POSITION_AND:
      return _cq6_eval_positions (f, c, v);
    case CQ6_LINE: case CQ6_DASH: case CQ6_CONSECUTIVEMOVES:
    case CQ6_LINE_SEQ: case CQ6_LINE_REPEAT:
      return _cq6_eval_line (f, c, v);
    case CQ6_PATHSTART: case CQ6_PATHCOUNT: case CQ6_PATHLASTPOSITION: case CQ6_PATHDEBUG:
      return _cq6_eval_path_status (f, c, v);
    case CQ6_COMMENT: case CQ6_MESSAGE: case CQ6_SORT: case CQ6_STR:
      return _cq6_eval_output (f, c, v);
    case CQ6_ORIGINALCOMMENT: case CQ6_SETTAG: case CQ6_REMOVECOMMENT: case CQ6_ASSERT:
      return _cq6_eval_edit (f, c, v);
    case CQ6_READFILE: case CQ6_WRITEFILE:
      return _cq6_eval_files (f, c, v);
    case CQ6_SIMILAR:
      return _cq6_eval_similar (f, c, v);
    case CQ6_MAKESQUARE: case CQ6_FILE: case CQ6_RANK: case CQ6_PIECENAME: case CQ6_ARITH:
    case CQ6_UNION: case CQ6_INTERSECTION: case CQ6_COMPLEMENT:
    case CQ6_ATTACKS: case CQ6_ATTACKEDBY: case CQ6_BETWEEN:
      return eval_square_expr (f, c, v);

    case CQ6_COMPARE:
      return eval_compare (f, c, v);
    case CQ6_AT:
      return eval_colon (f, c, v);
    case CQ6_COMPOUND:
      return eval_compound (f, c, v);
    default:
      return eval_general (f, c, v);
    }
}

/* The side to move the body requires (a `wtm` or `btm` among its
 * filters), or -1: positions of the other side are skipped unevaluated. */
static int
required_side (const Cq6Filter *body)
{
  for (guint i = 0; i < body->n_args; i++)
    if (body->args[i]->kind == CQ6_WTM)
      return CQ_WHITE;
    else if (body->args[i]->kind == CQ6_BTM)
      return CQ_BLACK;
  return -1;
}

static gboolean
requires_stalemate (const Cq6Filter *body)
{
  for (guint i = 0; i < body->n_args; i++)
    if (body->args[i]->kind == CQ6_STALEMATE)
      return TRUE;
  return FALSE;
}

/* What a body made only of position tests (the side to move, `check`,
 * `mate`, `stalemate`, `true`, `false`) asks of a position, as
 * _cq6_eval() answers those filters: TESTS_NEVER that no position
 * matches, TESTS_CHECK that the side to move is in check, TESTS_NO_CHECK
 * that it is not, TESTS_NO_MOVE that it has no legal move.  The side to
 * move itself is required_side()'s. */
enum {
  TESTS_NEVER = 1 << 0,
  TESTS_CHECK = 1 << 1,
  TESTS_NO_CHECK = 1 << 2,
  TESTS_NO_MOVE = 1 << 3,
  TESTS_NONE = G_MAXUINT      /* the body holds another filter */
};

/* The TESTS_* flags of @body's filters, or TESTS_NONE. */
static guint
body_tests (const Cq6Filter *body)
{
  guint tests = 0, sides = 0;

  for (guint i = 0; i < body->n_args; i++)
    switch ((Cq6Kind) body->args[i]->kind)
      {
      case CQ6_TRUE:
        break;
      case CQ6_FALSE:
        tests |= TESTS_NEVER;
        break;
      case CQ6_WTM:
        sides |= 1;
        break;
      case CQ6_BTM:
        sides |= 2;
        break;
      case CQ6_CHECK:
        tests |= TESTS_CHECK;
        break;
      case CQ6_MATE:
        tests |= TESTS_CHECK | TESTS_NO_MOVE;
        break;
      case CQ6_STALEMATE:
        tests |= TESTS_NO_CHECK | TESTS_NO_MOVE;
        break;
      default:
        return TESTS_NONE;
      }
  if (sides == 3 || ((tests & TESTS_CHECK) && (tests & TESTS_NO_CHECK)))
    tests |= TESTS_NEVER;
  return tests;
}

/* _cq6_walk() for a body of position tests alone (body_tests()), the
 * commonest queries (`mate wtm`, `stalemate`): the same positions
 * examined and matched, without the general walk's work at each position
 * (the string store's compaction, the comments' mark, the squares, a
 * call of _cq6_eval() for each filter).  Such a body makes no string, no
 * comment and no square, in this game or any other. */
static void
walk_tests (const Cq6Program *program, const CqGame *game, Cq6State *st, GArray *out,
            int side, gboolean stalemate, guint tests)
{
  Cq6Ctx c = { program, game, NULL, NULL, -1, -1, st };

  for (const CqNode *node = game->root; node != NULL;
       node = _cq6_next_node (node, program->variations))
    {
      if (side >= 0 && node->position.side_to_move != side)
        continue;
      /* Mate and stalemate only where no move was played (has_move()). */
      if ((tests & TESTS_NO_MOVE) && cq_node_has_played_move (node))
        continue;
      if (stalemate && _cq_position_has_move_unless_in_check (&node->position))
        continue;
      c.node = node;
      c.pos = &node->position;
      c.in_check = c.has_move = -1;
      if (_cq6_halted (&c))
        break;
      if (tests & TESTS_NEVER)
        continue;
      if ((tests & (TESTS_CHECK | TESTS_NO_CHECK))
          && !_cq6_in_check (&c) != !(tests & TESTS_CHECK))
        continue;
      if ((tests & TESTS_NO_MOVE) && has_move (&c))
        continue;
      {
        CqMatchedPosition m = { .node = node->index, .squares = 0,
                                .comments_before = st->comments->len };
        g_array_append_val (out, m);
      }
    }
}

/* After the last position: what the line filters write for the whole
 * game (consecutivemoves' comments). */
static void
walk_done (const Cq6Program *program, const CqGame *game, Cq6State *st)
{
  if (st->line != NULL)
    {
      Cq6Ctx c = { program, game, game->root, &game->root->position, -1, -1, st };

      _cq6_line_walk_done (&c);
    }
}

void
_cq6_walk (const Cq6Program *program, const CqGame *game, Cq6State *st, GArray *out)
{
  const Cq6Filter *body = program->body;
  /* A body that sets variables or looks at other positions must run at
   * every position: no position is skipped on its side to move. */
  int side = program->stateful ? -1 : required_side (body);
  gboolean stalemate = !program->stateful && requires_stalemate (body);
  guint tests = program->stateful || st->line != NULL ? TESTS_NONE : body_tests (body);

  if (tests != TESTS_NONE)
    {
      walk_tests (program, game, st, out, side, stalemate, tests);
      walk_done (program, game, st);
      return;
    }
  for (const CqNode *node = game->root; node != NULL;
       node = _cq6_next_node (node, program->variations))
    {
      Cq6Ctx c = { program, game, node, &node->position, -1, -1, st };
      Cq6Val v;
      CqBitboard squares = 0;
      gboolean matched = TRUE;
      guint mark;

      if (side >= 0 && node->position.side_to_move != side)
        continue;
      if (stalemate && (cq_node_has_played_move (node)
                        || _cq_position_has_move_unless_in_check (&node->position)))
        continue;
      /* At the positions evaluated only (the others cost nothing and
       * make no strings): a stop or an error ends the walk; the strings
       * of the position before are let go. */
      if (_cq6_halted (&c))
        break;
      _cq6_strings_compact (st);
      v.set = 0;
      mark = st->comments->len;
      /* The body's filters one by one, the side to move already tested
       * (a `wtm` next to a `btm` is still evaluated, and fails); the
       * squares of its set filters, and of those inside its blocks and
       * transforms that matched, are the ones the board shows
       * (collect_fast(), eval_collect()). */
      for (guint i = 0; i < body->n_args && matched; i++)
        if (side < 0 || body->args[i]->kind != (side == CQ_WHITE ? CQ6_WTM : CQ6_BTM))
          matched = collect_fast (body->args[i], &c, &v, &squares);
      if (matched)
        {
          CqMatchedPosition m = { .node = node->index, .squares = squares,
                                  .comments_before = st->comments->len };
          g_array_append_val (out, m);
        }
      else
        {
          /* Comments written at a position that does not match are
           * dropped (CQL 6.2: `find <-- check mate` comments no check
           * that is not mate; `comment ("c") mate` only the mates). */
          _cq6_comments_rollback (&c, mark);
        }
    }
  walk_done (program, game, st);
}
