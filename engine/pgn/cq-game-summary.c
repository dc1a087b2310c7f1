/* cq-game-summary.c: a game's summary (cq-game-summary.h): one pass over
 * the positions of its tree.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "chess/cq-attacks.h"
#include "pgn/cq-game-summary.h"
#include "pgn/cq-game-private.h"

static const guint32 promotion_flag[] = {
  [CQ_QUEEN] = CQ_SUMMARY_PROMOTE_QUEEN,
  [CQ_ROOK] = CQ_SUMMARY_PROMOTE_ROOK,
  [CQ_BISHOP] = CQ_SUMMARY_PROMOTE_BISHOP,
  [CQ_KNIGHT] = CQ_SUMMARY_PROMOTE_KNIGHT,
};

/* TRUE if a move other than a null move was played from @node's
 * position: its children are its first child and that one's siblings. */
static gboolean
has_played_move (const CqNode *node)
{
  for (const CqNode *child = node->first_child; child != NULL; child = child->next_sibling)
    if (!(child->move.flags & CQ_MOVE_NULL))
      return TRUE;
  return FALSE;
}

void
cq_game_summarize (const CqGame *game, CqGameSummary *summary)
{
  guint32 flags = 0;

  g_return_if_fail (game != NULL && summary != NULL);

  memset (summary, 0, sizeof *summary);
  memset (summary->min_count, 0xff, sizeof summary->min_count);
  if (cq_game_get_tag (game, "FEN") != NULL)
    flags |= CQ_SUMMARY_SET_UP;
  if (game->error != NULL)
    flags |= CQ_SUMMARY_DAMAGED;
  if (game->skipped)
    flags |= CQ_SUMMARY_SKIPPED;
  if (game->n_nodes > CQ_SUMMARY_LONG_POSITIONS)
    flags |= CQ_SUMMARY_LONG;

  for (guint i = 0; i < game->n_nodes; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);
      const CqPosition *pos = &node->position;

      for (guint p = 0; p < CQ_N_PIECES; p++)
        summary->squares[p] |= pos->pieces[p];
      /* The counts change only by a capture or a promotion: a position
       * reached by another move has those of its parent, counted already. */
      if (node->parent == NULL || node->move.captured != CQ_EMPTY
          || node->move.promotion != CQ_EMPTY || (node->move.flags & CQ_MOVE_EN_PASSANT))
        for (guint p = 0; p < CQ_N_PIECES; p++)
          {
            guint n = (guint) _cq_popcount (pos->pieces[p]);

            summary->min_count[p] = MIN (summary->min_count[p], n);
            summary->max_count[p] = MAX (summary->max_count[p], MIN (n, 255u));
          }
      /* A position a move was played from has a legal move (the replay
       * plays only legal ones): only the others need the test. */
      if (_cq_in_check (pos))
        flags |= CQ_SUMMARY_CHECK
                 | (has_played_move (node) || cq_position_has_legal_move (pos)
                    ? 0 : CQ_SUMMARY_MATE);
      else if (!has_played_move (node) && !_cq_position_has_legal_move_not_in_check (pos))
        flags |= CQ_SUMMARY_STALEMATE;
      if (node->comments_after_ != NULL || node->comments_before_ != NULL)
        flags |= CQ_SUMMARY_COMMENTS;
      if (node->parent == NULL)
        continue;
      if (node->ply > CQ_SUMMARY_LONG_PLIES)
        flags |= CQ_SUMMARY_LONG;
      if (node->in_variation)
        flags |= CQ_SUMMARY_VARIATIONS;
      if (node->n_nags > 0)
        flags |= CQ_SUMMARY_NAGS;
      if (node->move.flags & CQ_MOVE_NULL)
        flags |= CQ_SUMMARY_NULL_MOVE;
      if (node->move.flags & CQ_MOVE_CASTLE)
        flags |= CQ_SUMMARY_CASTLE;
      if (node->move.flags & CQ_MOVE_EN_PASSANT)
        flags |= CQ_SUMMARY_EN_PASSANT;
      if (node->move.captured != CQ_EMPTY)
        flags |= CQ_SUMMARY_CAPTURE;
      if (node->move.promotion != CQ_EMPTY)
        flags |= promotion_flag[CQ_PIECE_TYPE (node->move.promotion)];
    }

  if (game->n_nodes == 0)
    {
      /* Nothing is known of a game without positions: no condition may
       * exclude it. */
      memset (summary->squares, 0xff, sizeof summary->squares);
      memset (summary->min_count, 0, sizeof summary->min_count);
      memset (summary->max_count, 0xff, sizeof summary->max_count);
    }
  summary->flags = flags;
  summary->n_positions = game->n_nodes;
}
