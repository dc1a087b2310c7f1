/* cq3-eval.c: evaluates a compiled match list on a game tree.
 *
 * Rulings R1 (which positions), R2 (annotation), R3 (game filters), R4
 * (moves), R5 (check, mate, stalemate, attacks), R6 (rays), R8 (counts
 * and accumulators), R9 (sequences), R10 (relations), R11 (marks and
 * tags), R12 (logic).
 *
 * Queries with tags, accumulators or gapped sequences go through
 * match_themes() (cq3-game.c): the marks of every node are computed once
 * per game, the accumulators once per binding (phase 1 of R8), each
 * :gappedsequence once per binding for all nodes (a backward pass), then
 * the match list is evaluated as usual for each :forany binding.
 *
 * The query is only read: no global or static mutable state, so several
 * threads may evaluate one query at once.  Nothing is allocated per
 * position.  Per position the common case is a few bit operations: side
 * to move, root/leaf, game tests, then the designators; check, counts,
 * rays, the next move and legal-move existence are computed only when a
 * keyword needs them and everything cheaper passed.
 *
 * This file holds the per-position loop: the tests of an instance and
 * the walk of the top-level lists; the counting keywords are in
 * cq3-counts.c, the keywords across positions in cq3-across.c, the game
 * level (tags, :forany, accumulators) in cq3-game.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-eval-private.h"

#include <stdlib.h>
#include <string.h>

/* Does the move from @parent to @child satisfy every move test of
 * @instance (rulings R4)?  Adds the squares of matched designators.
 * @tags: the tags' squares at @parent (R11): `$t` matches the piece of
 * tag t (moving, captured, or promoting). */
static gboolean
move_tests_hold (const CqInstance *instance, const CqNode *parent, const CqNode *child,
                 const CqBitboard *tags, CqBitboard *squares)
{
  const CqMove *move = &child->move;
  gboolean null_move = (move->flags & CQ_MOVE_NULL) != 0;
  CqBitboard found = 0;

  for (guint i = 0; i < instance->n_move_tests; i++)
    {
      const CqTest *test = &instance->move_tests[i];
      const CqDesignator *d = &test->u.designator;

      switch (test->kind)
        {
        case CQ_TEST_MOVEFROM:
          /* the moving piece on its square */
          if (null_move || !(d->squares & CQ_BIT (move->from)))
            return FALSE;
          if (d->pieces == 0 ? !(tags != NULL && (tags[d->tag] & CQ_BIT (move->from)))
                             : !(d->pieces & CQ_PIECE_BIT (move->piece)))
            return FALSE;
          found |= CQ_BIT (move->from);
          break;
        case CQ_TEST_MOVETO:
          /* the target square with its content before the move (empty for
           * en passant and castling) */
          if (null_move || !(d->squares & CQ_BIT (move->to)))
            return FALSE;
          if (d->pieces == 0 ? !(tags != NULL && (tags[d->tag] & CQ_BIT (move->to)))
                             : !(d->pieces & CQ_PIECE_BIT (parent->position.board[move->to])))
            return FALSE;
          found |= CQ_BIT (move->to);
          break;
        case CQ_TEST_PROMOTE:
          /* the promoted piece on the promotion square */
          if (null_move || move->promotion == CQ_EMPTY || !(d->squares & CQ_BIT (move->to)))
            return FALSE;
          /* A tag keeps its mark through promotion (R11). */
          if (d->pieces == 0 ? !(tags != NULL && (tags[d->tag] & CQ_BIT (move->from)))
                             : !(d->pieces & CQ_PIECE_BIT (move->promotion)))
            return FALSE;
          found |= CQ_BIT (move->to);
          break;
        case CQ_TEST_ENPASSANT:
          if ((((move->flags & CQ_MOVE_EN_PASSANT) != 0) ^ test->negate) == 0)
            return FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  *squares |= found;
  return TRUE;
}


static gboolean list_matches_node (const CqPositionList *list, const CqNode *node,
                                   const EvalGame *g, CqBitboard *squares);

/* The squares of the bound tags' pieces at @node (0 once captured). */
static inline void
tag_squares (const EvalGame *g, const CqNode *node, CqBitboard tags[CQ_MAX_TAGS])
{
  for (guint t = 0; t < g->n_tags; t++)
    {
      guint8 sq = g->where[(gsize) node->index * 64 + g->tag_mark[t]];

      tags[t] = sq < 64 ? CQ_BIT (sq) : 0;
    }
}

/* :elo, :whiteelo, :blackelo, :result (R3): a missing or non-numeric
 * rating matches no range. */
static gboolean
game_test_holds (const CqTest *test, const EvalGame *g)
{
  int side;

  if (test->kind == CQ_TEST_RESULT)
    return g->result == test->u.result;
  g_assert (test->kind == CQ_TEST_ELO);
  if (test->u.elo.which == 0)
    return (g->has_elo[CQ_WHITE] && in_range (&test->range, g->elo[CQ_WHITE]))
           || (g->has_elo[CQ_BLACK] && in_range (&test->range, g->elo[CQ_BLACK]));
  side = test->u.elo.which == 1 ? CQ_WHITE : CQ_BLACK;
  return g->has_elo[side] && in_range (&test->range, g->elo[side]);
}

/* One test other than the move tests; adds the squares of nested lists
 * that matched to *squares.  @tags: the tags' squares at @node. */
static gboolean
test_holds (const CqTest *test, const CqNode *node, const EvalGame *g, const CqBitboard *tags,
            CqBitboard *squares)
{
  const CqPosition *pos = &node->position;

  switch (test->kind)
    {
    case CQ_TEST_ELO:
    case CQ_TEST_RESULT:
      return game_test_holds (test, g);
    case CQ_TEST_MOVENUMBER:
      return in_range (&test->range, pos->fullmove_number);
    case CQ_TEST_PIECECOUNT:
      return in_range (&test->range,
                       popcount64 (designator_hits (&test->u.designator, pos, tags)));
    case CQ_TEST_POWER:
      return in_range (&test->range, _cq3_designator_power (&test->u.designator, pos, FALSE, tags));
    case CQ_TEST_POWERDIFFERENCE:
      {
        gint64 difference = _cq3_designator_power (&test->u.power.designator, pos, TRUE, tags);

        if (test->u.power.black_minus_white)
          difference = -difference;
        return in_range (&test->range, difference);
      }
    case CQ_TEST_ATTACKCOUNT:
      return in_range (&test->range, _cq3_attack_count (test, pos, tags));
    case CQ_TEST_RAY:
      return in_range (&test->range, _cq3_ray_count (test, pos, tags));
    case CQ_TEST_TAGMATCH:
      {
        /* R11: the tag's piece (current type and square) matches; a
         * captured piece matches nothing. */
        const CqDesignator *d = &test->u.tagmatch.designator;
        CqBitboard where = tags != NULL ? tags[test->u.tagmatch.tag] : 0;
        int sq;

        if (where == 0 || !(d->squares & where))
          return FALSE;
        sq = __builtin_ctzll (where);
        return (d->pieces & CQ_PIECE_BIT (pos->board[sq])) != 0;
      }
    case CQ_TEST_SUMRANGE:
      /* R8: phase 1 (accumulating) does not test sums. */
      if (g->accumulating)
        return TRUE;
      if (g->acc == NULL) /* no list adds to any accumulator */
        return in_range (&test->range, 0);
      return in_range (&test->range,
                       g->acc[(gsize) node->index * g->n_acc + test->u.accumulator]);
    case CQ_TEST_SEQUENCE:
      return _cq3_sequence_holds (test, node, g);
    case CQ_TEST_AND:
      {
        CqBitboard found = 0;

        for (guint i = 0; i < test->u.lists.n_lists; i++)
          {
            CqBitboard nested = 0;

            /* R8: a list that accumulates is not short-circuited (phase 1
             * counts every one; cq_query_match_game() does that). */
            if (!list_matches_node (test->u.lists.lists[i], node, g, &nested))
              return FALSE;
            found |= nested;
          }
        *squares |= found;
        return TRUE;
      }
    case CQ_TEST_OR:
      for (guint i = 0; i < test->u.lists.n_lists; i++)
        {
          CqBitboard nested = 0;

          if (list_matches_node (test->u.lists.lists[i], node, g, &nested))
            {
              *squares |= nested;
              return TRUE;
            }
        }
      return FALSE;
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}

/* Does @instance match the position of @node?  On a match, *squares gets
 * the squares where its designators (and move designators, and nested
 * lists) found their pieces.  @options: the list's #CqListOption bits. */
static gboolean instance_matches_rest (const CqInstance *instance, const CqNode *node,
                                       const EvalGame *g, guint32 options,
                                       CqBitboard *squares);
static gboolean instance_matches_plain (const CqInstance *instance, const CqNode *node,
                                        const EvalGame *g, CqBitboard *squares);
static gboolean instance_matches_plain_test (const CqInstance *instance, const CqNode *node,
                                             const EvalGame *g, CqBitboard *squares);

/* A count, attack or ray test: neither a game test (first in canonical
 * order) nor a logic one (last). */
static inline gboolean
is_middle_test (const CqTest *test)
{
  return !is_game_test (test) && test->kind != CQ_TEST_AND && test->kind != CQ_TEST_OR
         && test->kind != CQ_TEST_SEQUENCE && test->kind != CQ_TEST_RELATION;
}

/* R5, :stalemate: not in check and no legal move.  A move that is legal
 * unless the side to move is in check rules it out either way, so for
 * nearly every position neither the check test nor the move generator
 * runs. */
static inline gboolean
stalemate_ruled_out (const CqPosition *pos, guint32 conditions)
{
  return (conditions & CQ_COND_STALEMATE) && _cq_position_has_move_unless_in_check (pos);
}

static inline gboolean
instance_matches (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                  guint32 options, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;

  /* The side to move, root and leaf tests inline: :wtm or :btm alone
   * rejects half the positions, not worth a call. */
  if (conditions != 0)
    {
      if ((conditions & CQ_COND_WTM) && pos->side_to_move != CQ_WHITE)
        return FALSE;
      if ((conditions & CQ_COND_BTM) && pos->side_to_move != CQ_BLACK)
        return FALSE;
      if ((conditions & CQ_COND_INITIAL) && node->parent != NULL)
        return FALSE;
      if ((conditions & CQ_COND_TERMINAL) && node->first_child != NULL)
        return FALSE;
    }
  /* R4: a terminal position has no next move. */
  if (instance->n_move_tests > 0 && node->first_child == NULL)
    return FALSE;

  /* Without move tests or tags: designators only (the pieces of a
   * transformed pattern, tried a dozen times per position) inline; with
   * :check, :mate, :stalemate or one count or attack test, a shorter
   * path than the general one.  The same steps in the same order. */
  if (instance->n_move_tests == 0 && g->n_tags == 0)
    {
      if (instance->n_tests == 0 && !(conditions & CQ_COND_NEED_CHECK))
        {
          CqBitboard hits = 0;

          for (guint i = 0; i < instance->n_designators; i++)
            {
              CqBitboard found = designator_hits (&instance->designators[i], pos, NULL);

              if (found == 0)
                return FALSE;
              hits |= found;
            }
          *squares = hits;
          return TRUE;
        }
      if (instance->n_tests == 0)
        return instance_matches_plain (instance, node, g, squares);
      if (instance->n_tests == 1 && is_middle_test (&instance->tests[0]))
        return instance_matches_plain_test (instance, node, g, squares);
    }
  return instance_matches_rest (instance, node, g, options, squares);
}

/* The no legal move test of R5 at @node once @check is known: a position
 * a move was played from has one (cq_node_has_played_move()); not in
 * check, a cheaper test answers. */
static inline gboolean
position_has_legal_move (const CqNode *node, gboolean check)
{
  if (cq_node_has_played_move (node))
    return TRUE;
  return check ? cq_position_has_legal_move (&node->position)
               : _cq_position_has_legal_move_not_in_check (&node->position);
}

/* instance_matches_rest () for an instance without move tests or tags
 * and with at most one test, a count, attack or ray (`:mate :wtm`,
 * `:stalemate`, `K[a1] :check`, `:attackcount A k 2`): the same steps, in
 * the same order, without the loops over the kinds of tests. */
G_ALWAYS_INLINE static inline gboolean
instance_matches_plain_steps (const CqInstance *instance, const CqNode *node,
                              const EvalGame *g, gboolean one_test, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;
  CqBitboard hits = 0;
  gboolean check = FALSE;

  for (guint i = 0; i < instance->n_designators; i++)
    {
      CqBitboard found = designator_hits (&instance->designators[i], pos, NULL);

      if (found == 0)
        return FALSE;
      hits |= found;
    }
  if (conditions & CQ_COND_NEED_CHECK)
    {
      check = _cq_in_check (pos);
      if ((conditions & (CQ_COND_CHECK | CQ_COND_MATE)) && !check)
        return FALSE;
      if ((conditions & (CQ_COND_NOCHECK | CQ_COND_STALEMATE)) && check)
        return FALSE;
    }
  if (one_test)
    {
      /* The tests of the transform-heavy searches (tried for every
       * member of the transform set), without the call and switch of
       * test_holds (). */
      const CqTest *test = &instance->tests[0];

      if (test->kind == CQ_TEST_RAY)
        {
          if (!in_range (&test->range, _cq3_ray_count (test, pos, NULL)))
            return FALSE;
        }
      else if (test->kind == CQ_TEST_ATTACKCOUNT)
        {
          if (!in_range (&test->range, _cq3_attack_count (test, pos, NULL)))
            return FALSE;
        }
      else if (!test_holds (test, node, g, NULL, &hits))
        return FALSE;
    }
  if ((conditions & CQ_COND_NEED_MOVES) && position_has_legal_move (node, check))
    return FALSE;
  *squares = hits;
  return TRUE;
}

/* No test at all. */
static G_GNUC_NO_INLINE gboolean
instance_matches_plain (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                        CqBitboard *squares)
{
  return instance_matches_plain_steps (instance, node, g, FALSE, squares);
}

/* One count, attack or ray test. */
static G_GNUC_NO_INLINE gboolean
instance_matches_plain_test (const CqInstance *instance, const CqNode *node,
                             const EvalGame *g, CqBitboard *squares)
{
  return instance_matches_plain_steps (instance, node, g, TRUE, squares);
}

/* The rest of instance_matches (), once the cheap tests above passed. */
static gboolean
instance_matches_rest (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                       guint32 options, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;
  CqBitboard hits = 0;
  CqBitboard tag_bits[CQ_MAX_TAGS];
  const CqBitboard *tags = NULL;
  gboolean check = FALSE;   /* set below whenever CQ_COND_NEED_MOVES is */
  guint t = 0;

  /* Game tests and :movenumber come first in canonical order. */
  for (; t < instance->n_tests && is_game_test (&instance->tests[t]); t++)
    if (!test_holds (&instance->tests[t], node, g, NULL, &hits))
      return FALSE;

  if (g->n_tags > 0)
    {
      tag_squares (g, node, tag_bits);
      tags = tag_bits;
    }

  for (guint i = 0; i < instance->n_designators; i++)
    {
      CqBitboard found = designator_hits (&instance->designators[i], pos, tags);

      if (found == 0)
        return FALSE;
      hits |= found;
    }

  if (conditions & CQ_COND_NEED_CHECK)
    {
      if (stalemate_ruled_out (pos, conditions))
        return FALSE;
      check = _cq_in_check (pos);

      if ((conditions & (CQ_COND_CHECK | CQ_COND_MATE)) && !check)
        return FALSE;
      if ((conditions & (CQ_COND_NOCHECK | CQ_COND_STALEMATE)) && check)
        return FALSE;
    }

  /* Counts, attacks, rays (logic tests come last in canonical order). */
  for (; t < instance->n_tests
         && instance->tests[t].kind != CQ_TEST_AND && instance->tests[t].kind != CQ_TEST_OR
         && instance->tests[t].kind != CQ_TEST_SEQUENCE
         && instance->tests[t].kind != CQ_TEST_RELATION; t++)
    if (!test_holds (&instance->tests[t], node, g, tags, &hits))
      return FALSE;

  /* R4: the move keywords must all hold for one continuation: the
   * mainline move, or any if the list examines variations. */
  if (instance->n_move_tests > 0)
    {
      const CqNode *child = node->first_child;
      gboolean all = (options & CQ_LIST_ALL_CONTINUATIONS) != 0;

      for (; child != NULL; child = all ? child->next_sibling : NULL)
        if (move_tests_hold (instance, node, child, tags, &hits))
          break;
      if (child == NULL)
        return FALSE;
    }

  /* R5: no legal move, en passant included; costly, so late.  Not in
   * check (nearly always for :stalemate), a cheaper test answers. */
  if ((conditions & CQ_COND_NEED_MOVES) && position_has_legal_move (node, check))
    return FALSE;

  for (; t < instance->n_tests; t++)
    {
      const CqTest *test = &instance->tests[t];

      if (test->kind == CQ_TEST_RELATION)
        {
          /* R10: with :pattern, the squares of the (transformed) top-level
           * piece designators are the allowable squares. */
          CqBitboard allowable = CQ_SQUARES_ALL;

          if (test->u.relation->flags & CQ_RELATION_PATTERN)
            {
              allowable = 0;
              for (guint i = 0; i < instance->n_designators; i++)
                allowable |= instance->designators[i].squares;
            }
          if (!_cq3_relation_holds (test->u.relation, allowable, g, node))
            return FALSE;
        }
      else if (!test_holds (test, node, g, tags, &hits))
        return FALSE;
    }

  *squares = hits;
  return TRUE;
}

/* Some member of the transform set matches (the first one tried gives the
 * squares); with :not, none does (R12: the whole list, transforms
 * included, is negated; no squares).  A list with an anchor index tries
 * only the instances anchored on occupied squares, and the unanchored
 * ones (cq3-private.h). */
static gboolean
list_matches_node (const CqPositionList *list, const CqNode *node, const EvalGame *g,
                   CqBitboard *squares)
{
  gboolean matched = FALSE;

  /* The first instance that matches ends the search (goto found). */
  if (list->n_groups == 0)
    {
      for (guint i = 0; i < list->n_instances; i++)
        if (instance_matches (&list->instances[i], node, g, list->options, squares))
          goto found;
    }
  else
    {
      const CqPosition *pos = &node->position;

      for (guint k = 0; k < list->n_groups; k++)
        {
          const CqAnchorGroup *group = &list->groups[k];
          CqDesignator anchor = { group->squares, group->pieces, -1 };
          CqBitboard occupied = designator_hits (&anchor, pos, NULL);

          while (occupied != 0)
            {
              int sq = __builtin_ctzll (occupied);

              occupied &= occupied - 1;
              for (guint32 j = group->start[sq]; j < group->start[sq + 1]; j++)
                if (instance_matches (&list->instances[group->indices[j]], node, g,
                                      list->options, squares))
                  goto found;
            }
        }
      for (guint k = 0; k < list->n_unanchored; k++)
        if (instance_matches (&list->instances[list->unanchored[k]], node, g, list->options,
                              squares))
          goto found;
    }
  goto done;
found:
  matched = TRUE;
done:
  if (list->options & CQ_LIST_NOT)
    {
      *squares = 0;
      return !matched;
    }
  return matched;
}

/* ------------------------------------------------------------------ */
/* Top-level lists                                                     */

/* Records a match at @node in @out (nullable). */
static inline void
record_match (const CqNode *node, CqBitboard squares, GArray *out)
{
  if (out != NULL)
    {
      CqMatchedPosition m = { .node = node->index, .squares = squares };
      g_array_append_val (out, m);
    }
}

/* The positions a top-level list examines (R1: pre-order, the root
 * included; the mainline only by default, every node with :variations,
 * nodes off the mainline with :variationsonly): the first, then the next
 * after @node, or NULL. */
static inline const CqNode *
examined_next (const CqPositionList *list, const CqGame *game, const CqNode *node)
{
  /* A stopped search ends the walk (cq_game_set_stop_flag()), looked at
   * every 16 positions: a long game is left within milliseconds. */
  if (node != NULL && G_UNLIKELY ((node->index & 15) == 15) && cq_game_is_stopped (game))
    return NULL;
  /* The mainline walk, inline: it runs once per position. */
  if (G_LIKELY (!(list->options & (CQ_LIST_ROOT_ONLY | CQ_LIST_VARIATIONS
                                   | CQ_LIST_VARIATIONSONLY))))
    return node != NULL ? node->first_child : game->root;
  if (list->options & CQ_LIST_ROOT_ONLY)
    {
      /* :initial: the root is on the mainline (R1), never in a variation. */
      if (node != NULL || (list->options & CQ_LIST_VARIATIONSONLY))
        return NULL;
      return game->root;
    }
  if (list->options & (CQ_LIST_VARIATIONS | CQ_LIST_VARIATIONSONLY))
    {
      gboolean only_variations = (list->options & CQ_LIST_VARIATIONSONLY) != 0;

      /* Node indices are the pre-order of R1. */
      for (guint i = node != NULL ? node->index + 1 : 0; i < game->n_nodes; i++)
        {
          const CqNode *next = cq_game_get_node (game, i);

          if (!only_variations || next->in_variation)
            return next;
        }
      return NULL;
    }
  return node != NULL ? node->first_child : game->root;
}

/* :pretransformmatchcount (R8): one count per member of the transform
 * set; the list holds if some member's count lies in the range.  The
 * positions that member matched are annotated (the first, or every one
 * with :markall); when several members qualify, the one whose first
 * match comes first in R1 order (then the first in set order). */
static gboolean
match_list_pretransform (const CqPositionList *list, const CqGame *game, const EvalGame *g,
                         GArray *out, gboolean want_all)
{
  g_autoptr(GArray) found = out != NULL ? g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition))
                                        : NULL;
  g_autoptr(GArray) best = out != NULL ? g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition))
                                       : NULL;
  guint32 best_first = G_MAXUINT32;
  gboolean matched = FALSE;

  for (guint k = 0; k < list->n_instances; k++)
    {
      gint64 count = 0;
      guint32 first = G_MAXUINT32;

      if (found != NULL)
        g_array_set_size (found, 0);
      for (const CqNode *node = examined_next (list, game, NULL); node != NULL;
           node = examined_next (list, game, node))
        {
          CqBitboard squares;

          if (!instance_matches (&list->instances[k], node, g, list->options, &squares))
            continue;
          if (count++ == 0)
            first = node->index;
          if (count == 1 || want_all)
            record_match (node, squares, found);
          if (count > list->count.max)
            break;
        }
      if (!in_range (&list->count, count))
        continue;
      if (out == NULL)
        return TRUE;
      if (!matched || first < best_first)
        {
          GArray *t = best;

          best = found;
          found = t;
          best_first = first;
        }
      matched = TRUE;
    }
  if (matched)
    g_array_append_vals (out, best->data, best->len);
  return matched;
}

/* The :wtm / :btm bits every instance of @list requires, or 0: the
 * positions of the other side are then skipped without trying the
 * instances (half the positions for `(position :mate :wtm)`).
 * Also CQ_COND_STALEMATE if every instance requires it and has no piece
 * designator (cheaper, and tried first, when there is one): the
 * positions where stalemate_ruled_out () holds are skipped likewise,
 * nearly all of them for `(position :stalemate)`.  Also CQ_COND_MATE if
 * every instance requires :mate or :stalemate: the positions a move was
 * played from are skipped (cq_node_has_played_move()), all but the ends
 * of the lines.  Only for small lists without an anchor index or :not. */
static guint32
list_side_filter (const CqPositionList *list)
{
  guint32 all = CQ_COND_WTM | CQ_COND_BTM | CQ_COND_STALEMATE | CQ_COND_MATE;

  if (list->n_groups != 0 || (list->options & CQ_LIST_NOT) || list->n_instances == 0
      || list->n_instances > 8)
    return 0;
  for (guint i = 0; i < list->n_instances; i++)
    {
      guint32 conditions = list->instances[i].conditions;

      all &= conditions | ((conditions & CQ_COND_NEED_MOVES) ? CQ_COND_MATE : 0);
      if (list->instances[i].n_designators != 0)
        all &= ~(guint32) CQ_COND_STALEMATE;
    }
  return all;
}

gboolean
_cq3_match_list (const CqPositionList *list, CqGame *game, const EvalGame *g, GArray *out)
{
  gboolean counting = list->count_kind == CQ_COUNT_MATCH;
  gboolean want_all;
  gint64 count = 0;
  guint32 filter;
  guint reject_side;
  gboolean stalemate;
  /* One instance, no anchor index, no :not: list_matches_node () would
   * only call instance_matches (); inline here, no call per position. */
  const CqInstance *single = list->n_groups == 0 && list->n_instances == 1
                             && !(list->options & CQ_LIST_NOT) ? &list->instances[0] : NULL;

  if (list->options & CQ_LIST_NOANNOTATE)
    out = NULL;
  want_all = out != NULL && (list->options & CQ_LIST_MARKALL);

  if (list->count_kind == CQ_COUNT_PRETRANSFORM)
    return match_list_pretransform (list, game, g, out, want_all);

  filter = list_side_filter (list);
  /* bit c: positions with c to move are skipped */
  reject_side = ((filter & CQ_COND_WTM) ? 1u << CQ_BLACK : 0)
                | ((filter & CQ_COND_BTM) ? 1u << CQ_WHITE : 0);
  stalemate = (filter & CQ_COND_STALEMATE) != 0;
  for (const CqNode *node = examined_next (list, game, NULL); node != NULL;
       node = examined_next (list, game, node))
    {
      CqBitboard squares;

      if (filter != 0)
        {
          if ((reject_side >> node->position.side_to_move) & 1)
            continue;
          if ((filter & CQ_COND_MATE) && cq_node_has_played_move (node))
            continue;
          if (stalemate && _cq_position_has_move_unless_in_check (&node->position))
            continue;
        }
      if (single != NULL ? !instance_matches (single, node, g, list->options, &squares)
                         : !list_matches_node (list, node, g, &squares))
        continue;
      if (count++ == 0 || want_all)
        record_match (node, squares, out);
      if (counting ? count > list->count.max : !want_all)
        break;
    }

  return counting ? in_range (&list->count, count) : count > 0;
}

static int
compare_matched (gconstpointer a, gconstpointer b)
{
  const CqMatchedPosition *x = a, *y = b;

  return x->node < y->node ? -1 : x->node > y->node;
}

void
_cq3_normalise_positions (GArray *positions)
{
  guint n = 0;

  if (positions->len < 2)
    return;
  g_array_sort (positions, compare_matched);
  for (guint i = 0; i < positions->len; i++)
    {
      CqMatchedPosition *m = &g_array_index (positions, CqMatchedPosition, i);

      if (n > 0 && g_array_index (positions, CqMatchedPosition, n - 1).node == m->node)
        g_array_index (positions, CqMatchedPosition, n - 1).squares |= m->squares;
      else
        g_array_index (positions, CqMatchedPosition, n++) = *m;
    }
  g_array_set_size (positions, n);
}

/* For the other files of the evaluator: the functions above stay static
 * so that the compiler inlines them into this file's loops. */
gboolean
_cq3_game_test_holds (const CqTest *test, const EvalGame *g)
{
  return game_test_holds (test, g);
}

gboolean
_cq3_instance_matches (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                       guint32 options, CqBitboard *squares)
{
  return instance_matches (instance, node, g, options, squares);
}

gboolean
_cq3_list_matches_node (const CqPositionList *list, const CqNode *node, const EvalGame *g,
                        CqBitboard *squares)
{
  return list_matches_node (list, node, g, squares);
}
