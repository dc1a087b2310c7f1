/* cq-eval.c: evaluates a compiled match list on a game tree.
 *
 * Rulings R1 (which positions), R2 (annotation), R5 (check, mate,
 * stalemate), R8 (every top-level list must match at least once).
 *
 * The query is only read: no global or static mutable state, so several
 * threads may evaluate one query at once.  Per position the common case is
 * a few bit operations: side to move, root/leaf, then the designators;
 * check and legal-move existence are computed only when a keyword needs
 * them and everything cheaper passed.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-query-private.h"

#include <stdlib.h>

static inline int
lowest_bit (guint mask)
{
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz (mask);
#else
  return g_bit_nth_lsf (mask, -1);
#endif
}

/* The squares of @d's square set that hold a piece of its piece set: the
 * designator matches iff this is not 0 (manual "Piece designators"). */
static inline CqBitboard
designator_hits (const CqDesignator *d, const CqPosition *pos)
{
  CqBitboard occupied = 0;
  guint mask = d->pieces;

  if (mask == CQ_PIECES_ALL)
    return d->squares;
  while (mask != 0)
    {
      occupied |= pos->pieces[lowest_bit (mask)];
      mask &= mask - 1;
    }
  return occupied & d->squares;
}

/* Does @instance match the position of @node?  On a match, *squares gets
 * the squares where its designators found their pieces. */
static gboolean
instance_matches (const CqInstance *instance, const CqNode *node, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;
  CqBitboard hits = 0;

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

  for (guint i = 0; i < instance->n_designators; i++)
    {
      CqBitboard found = designator_hits (&instance->designators[i], pos);

      if (found == 0)
        return FALSE;
      hits |= found;
    }

  if (conditions & CQ_COND_NEED_CHECK)
    {
      gboolean check = cq_position_in_check (pos);

      if ((conditions & (CQ_COND_CHECK | CQ_COND_MATE)) && !check)
        return FALSE;
      if ((conditions & (CQ_COND_NOCHECK | CQ_COND_STALEMATE)) && check)
        return FALSE;
      /* R5: no legal move, en passant included; the costliest test, last. */
      if ((conditions & CQ_COND_NEED_MOVES) && cq_position_has_legal_move (pos))
        return FALSE;
    }

  *squares = hits;
  return TRUE;
}

/* Some member of the transform set matches (the first one gives the
 * squares). */
static gboolean
list_matches_node (const CqPositionList *list, const CqNode *node, CqBitboard *squares)
{
  for (guint i = 0; i < list->n_instances; i++)
    if (instance_matches (&list->instances[i], node, squares))
      return TRUE;
  return FALSE;
}

/* Records a match at @node in @out (nullable).  Returns TRUE if the
 * search of the list may stop there. */
static inline gboolean
record_match (const CqNode *node, CqBitboard squares, GArray *out, gboolean want_all)
{
  if (out != NULL)
    {
      CqMatchedPosition m = { node->index, squares };
      g_array_append_val (out, m);
    }
  return !want_all;
}

/* Evaluates one top-level position list over the positions it examines
 * (R1: pre-order, the root included; the mainline only by default, every
 * node with :variations, nodes off the mainline with :variationsonly) and
 * appends the positions to annotate (R2) to @out (nullable).  Returns TRUE
 * if the list matched at least one position. */
static gboolean
match_list (const CqPositionList *list, CqGame *game, GArray *out)
{
  gboolean matched = FALSE;
  gboolean want_all;
  CqBitboard squares;

  if (list->options & CQ_LIST_NOANNOTATE)
    out = NULL;
  want_all = out != NULL && (list->options & CQ_LIST_MARKALL);

  if (list->options & CQ_LIST_ROOT_ONLY)
    {
      /* :initial: the root is on the mainline (R1), never in a variation. */
      if ((list->options & CQ_LIST_VARIATIONSONLY) == 0
          && list_matches_node (list, game->root, &squares))
        {
          record_match (game->root, squares, out, want_all);
          return TRUE;
        }
      return FALSE;
    }

  if (list->options & (CQ_LIST_VARIATIONS | CQ_LIST_VARIATIONSONLY))
    {
      gboolean only_variations = (list->options & CQ_LIST_VARIATIONSONLY) != 0;

      /* Node indices are the pre-order of R1. */
      for (guint i = 0; i < game->n_nodes; i++)
        {
          const CqNode *node = cq_game_get_node (game, i);

          if (only_variations && !node->in_variation)
            continue;
          if (list_matches_node (list, node, &squares))
            {
              matched = TRUE;
              if (record_match (node, squares, out, want_all))
                break;
            }
        }
    }
  else
    {
      for (const CqNode *node = game->root; node != NULL; node = node->first_child)
        if (list_matches_node (list, node, &squares))
          {
            matched = TRUE;
            if (record_match (node, squares, out, want_all))
              break;
          }
    }

  return matched;
}

static int
compare_matched (gconstpointer a, gconstpointer b)
{
  const CqMatchedPosition *x = a, *y = b;

  return x->node < y->node ? -1 : x->node > y->node;
}

/* Sorts by node index and merges duplicates (union of squares). */
static void
normalise_positions (GArray *positions)
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

/**
 * cq_query_accepts_tags:
 * @query: a compiled query.
 * @game: a game whose tags were read.
 *
 * Runs the match list's game-level filters on @game's tags (rulings R3).
 * This version compiles no game-level keyword (`:year`, `:result`,
 * `:player`, `:gamenumber` are rejected as CQ_QUERY_ERROR_UNSUPPORTED), so
 * every game passes.
 *
 * Returns: TRUE if the game may match.
 */
gboolean
cq_query_accepts_tags (const CqQuery *query, const CqGame *game)
{
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  return TRUE;
}

/**
 * cq_query_match_game:
 * @query: a compiled query (only read: thread-safe).
 * @game: a game; its moves are parsed here if they were not yet
 *   (cq_game_parse_moves() is idempotent).  A skipped game, or one
 *   without an initial position, never matches.
 * @info: (out) (nullable): receives the positions to annotate: for each
 *   top-level list without :noannotate, its first matching position in R1
 *   order, or with :markall every one; sorted by node index, duplicates
 *   merged, @squares the union of the squares where the matched piece
 *   designators found their pieces (rulings R2).  Emptied when the game
 *   does not match.
 *
 * The game matches iff every top-level position list matches at least one
 * position it examines (rulings R1, R8).
 *
 * Returns: TRUE if the game matches.
 */
gboolean
cq_query_match_game (const CqQuery *query, CqGame *game, CqMatchInfo *info)
{
  GArray *out = NULL;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  if (info != NULL)
    {
      if (info->positions == NULL)
        cq_match_info_init (info);
      g_array_set_size (info->positions, 0);
      out = info->positions;
    }

  if (!cq_query_accepts_tags (query, game))
    return FALSE;
  /* Reading the moves is what marks a game of another variant skipped. */
  cq_game_parse_moves (game);
  if (game->skipped || game->root == NULL)
    return FALSE;

  for (guint i = 0; i < query->n_lists; i++)
    if (!match_list (query->lists[i], game, out))
      {
        if (out != NULL)
          g_array_set_size (out, 0);
        return FALSE;
      }

  if (out != NULL)
    normalise_positions (out);
  return TRUE;
}

void
cq_match_info_init (CqMatchInfo *info)
{
  g_return_if_fail (info != NULL);
  info->positions = g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition));
}

void
cq_match_info_clear (CqMatchInfo *info)
{
  g_return_if_fail (info != NULL);
  g_clear_pointer (&info->positions, g_array_unref);
}
