/* cq-game-summary.c: a game's summary (cq-game-summary.h): one pass over
 * the positions of its tree.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "chess/cq-attacks.h"
#include "chess/cq-zobrist.h"
#include "pgn/cq-game-summary.h"
#include "pgn/cq-game-private.h"

static const guint32 promotion_flag[] = {
  [CQ_QUEEN] = CQ_SUMMARY_PROMOTE_QUEEN,
  [CQ_ROOK] = CQ_SUMMARY_PROMOTE_ROOK,
  [CQ_BISHOP] = CQ_SUMMARY_PROMOTE_BISHOP,
  [CQ_KNIGHT] = CQ_SUMMARY_PROMOTE_KNIGHT,
};

/* FALSE if the side to move at @node cannot be in check: the move that
 * reached it gives no check (_cq_move_may_give_check ()), and that side
 * was not in check before it, which holds after a legal move unless the
 * position it was played from was reached by a null move (which may
 * leave the side that passed in check).  A start position is tested. */
static inline gboolean
may_be_in_check (const CqNode *node)
{
  const CqNode *parent = node->parent;

  if (parent == NULL || (node->move.flags & CQ_MOVE_NULL)
      || (parent->parent != NULL && (parent->move.flags & CQ_MOVE_NULL)))
    return TRUE;
  return _cq_move_may_give_check (&node->position, &node->move);
}

/* Takes @p's count in @pos into the minimum and maximum counts. */
static inline void
count_piece (const CqPosition *pos, guint p, guint8 *min_count, guint8 *max_count)
{
  guint n = (guint) _cq_popcount (pos->pieces[p]);

  min_count[p] = MIN (min_count[p], n);
  max_count[p] = MAX (max_count[p], MIN (n, 255u));
}

/* The key of @node's position from its parent's (@parent_key): the move
 * takes the piece moved off its square and puts it (or the piece it
 * promotes to) on its target, removes the piece taken (en passant: from
 * the target's file on the rank the pawn left), moves the castling rook
 * (its squares read from the two positions, once a game) and passes the
 * move; the other pieces stand where they stood. */
static inline guint64
child_key (const CqNode *node, guint64 parent_key)
{
  const CqMove *move = &node->move;
  guint64 key = parent_key ^ _cq_zobrist_black;

  if (move->flags & CQ_MOVE_NULL)
    return key;
  key ^= _cq_zobrist[move->piece][move->from]
         ^ _cq_zobrist[move->promotion != CQ_EMPTY ? move->promotion : move->piece][move->to];
  if (move->captured != CQ_EMPTY)
    key ^= _cq_zobrist[move->captured][move->flags & CQ_MOVE_EN_PASSANT
                                       ? CQ_SQUARE (CQ_FILE (move->to), CQ_RANK (move->from))
                                       : move->to];
  if (move->flags & CQ_MOVE_CASTLE)
    {
      guint rook = CQ_MAKE_PIECE (CQ_PIECE_COLOR (move->piece), CQ_ROOK);

      key ^= _cq_zobrist_squares (rook, node->position.pieces[rook]
                                        ^ node->parent->position.pieces[rook]);
    }
  return key;
}

void
cq_game_summarize (const CqGame *game, CqGameSummary *summary)
{
  guint32 flags = 0;
  /* Kept here rather than in @summary, so that the compiler may keep them
   * in registers: @summary could alias the positions read. */
  CqBitboard squares[CQ_N_PIECES] = { 0 };
  guint8 min_count[CQ_N_PIECES], max_count[CQ_N_PIECES] = { 0 };
  /* The filter kept as one per probe, ORed together at the end: the
   * probes of one key (and of the next) then write to the same word
   * only for the same probe, rather than wait on each other's stores. */
  guint64 probe_keys[CQ_SUMMARY_KEY_PROBES][CQ_SUMMARY_KEY_WORDS] = { { 0 } };
  guint64 keys[CQ_SUMMARY_KEY_WORDS] = { 0 };
  const guint n_nodes = game->n_nodes;
  /* Each position's key, by node index (pre-order: a parent's comes
   * first); not taken in a game whose filter is all ones. */
  guint64 node_key[CQ_SUMMARY_KEY_MAX_POSITIONS];
  const gboolean keyed = game->n_nodes <= CQ_SUMMARY_KEY_MAX_POSITIONS;

  g_return_if_fail (game != NULL && summary != NULL);

  memset (summary, 0, sizeof *summary);
  memset (min_count, 0xff, sizeof min_count);
  if (cq_game_get_tag (game, "FEN") != NULL)
    flags |= CQ_SUMMARY_SET_UP;
  if (game->error != NULL)
    flags |= CQ_SUMMARY_DAMAGED;
  if (game->skipped)
    flags |= CQ_SUMMARY_SKIPPED;
  if (game->n_nodes > CQ_SUMMARY_LONG_POSITIONS)
    flags |= CQ_SUMMARY_LONG;

  /* What the moves do, gathered without a branch per move and turned
   * into flags once: the OR of their CqMove.flags, of the pieces taken
   * (CQ_EMPTY is 0), a bit per piece promoted to (bit CQ_EMPTY for none),
   * and whether a node has comments, NAGs or is in a variation. */
  guint move_flags = 0, captured = 0, promoted = 0, marks = 0;
  guint32 max_ply = 0;

  for (guint i = 0; i < n_nodes; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);
      const CqPosition *pos = &node->position;
      const CqMove *move = &node->move;
      gboolean leaf;

      /* A square is newly occupied only by the piece moved or promoted
       * to (and the castling rook), newly empty only where a piece left:
       * the other piece types stand where they stood in the parent's
       * position, gathered already, or on fewer squares (captured).  A
       * count changes only by a capture (the piece taken, and the empty
       * squares) or a promotion (the pawn and the piece it becomes). */
      if (node->parent == NULL)
        for (guint p = 0; p < CQ_N_PIECES; p++)
          {
            squares[p] |= pos->pieces[p];
            count_piece (pos, p, min_count, max_count);
          }
      else
        {
          move_flags |= move->flags;
          captured |= move->captured;
          promoted |= 1u << move->promotion;
          marks |= node->n_nags | (node->in_variation << 8);
          max_ply = MAX (max_ply, node->ply);
          if (!(move->flags & CQ_MOVE_NULL))
            {
              squares[move->piece] |= pos->pieces[move->piece];
              squares[CQ_EMPTY] |= pos->pieces[CQ_EMPTY];
              if (move->flags & CQ_MOVE_CASTLE)
                {
                  guint rook = CQ_MAKE_PIECE (CQ_PIECE_COLOR (move->piece), CQ_ROOK);

                  squares[rook] |= pos->pieces[rook];
                }
              if (move->captured != CQ_EMPTY)
                {
                  count_piece (pos, move->captured, min_count, max_count);
                  count_piece (pos, CQ_EMPTY, min_count, max_count);
                }
              if (move->promotion != CQ_EMPTY)
                {
                  squares[move->promotion] |= pos->pieces[move->promotion];
                  count_piece (pos, move->piece, min_count, max_count);
                  count_piece (pos, move->promotion, min_count, max_count);
                }
            }
        }
      if (node->comments_after_ != NULL || node->comments_before_ != NULL)
        marks |= 1u << 16;
      if (keyed)
        {
          guint64 key = node->parent == NULL ? _cq_position_key (pos)
                                             : child_key (node, node_key[node->parent->index]);

          node_key[i] = key;
          for (guint j = 0; j < CQ_SUMMARY_KEY_PROBES; j++)
            {
              guint bit = cq_game_summary_key_bit (key, j);

              probe_keys[j][bit / 64] |= G_GUINT64_CONSTANT (1) << (bit % 64);
            }
        }
      /* A position a move was played from has a legal move (the replay
       * plays only legal ones): only the others need the mate and
       * stalemate tests.  Each flag is also set with the side to move
       * (the BTM flag is the WTM one's next bit). */
      leaf = !cq_node_has_played_move (node);
      /* Once a check with this side to move is seen, this position's
       * check test can add nothing but to the mate test, which only a
       * position no move was played from needs. */
      if (!leaf && (flags & (CQ_SUMMARY_CHECK_WTM << pos->side_to_move)))
        continue;
      if (may_be_in_check (node) && _cq_in_check (pos))
        flags |= (CQ_SUMMARY_CHECK | (CQ_SUMMARY_CHECK_WTM << pos->side_to_move))
                 | (!leaf || cq_position_has_legal_move (pos)
                    ? 0 : CQ_SUMMARY_MATE | (CQ_SUMMARY_MATE_WTM << pos->side_to_move));
      else if (leaf && !_cq_position_has_legal_move_not_in_check (pos))
        flags |= CQ_SUMMARY_STALEMATE | (CQ_SUMMARY_STALEMATE_WTM << pos->side_to_move);
    }
  if (max_ply > CQ_SUMMARY_LONG_PLIES)
    flags |= CQ_SUMMARY_LONG;
  if (marks & 0xff)
    flags |= CQ_SUMMARY_NAGS;
  if (marks & 0xff00)
    flags |= CQ_SUMMARY_VARIATIONS;
  if (marks & (1u << 16))
    flags |= CQ_SUMMARY_COMMENTS;
  if (move_flags & CQ_MOVE_NULL)
    flags |= CQ_SUMMARY_NULL_MOVE;
  if (move_flags & CQ_MOVE_CASTLE)
    flags |= CQ_SUMMARY_CASTLE;
  if (move_flags & CQ_MOVE_EN_PASSANT)
    flags |= CQ_SUMMARY_EN_PASSANT;
  if (captured != CQ_EMPTY)
    flags |= CQ_SUMMARY_CAPTURE;
  for (guint t = CQ_KNIGHT; t <= CQ_QUEEN; t++)
    if (promoted & ((1u << CQ_MAKE_PIECE (CQ_WHITE, t)) | (1u << CQ_MAKE_PIECE (CQ_BLACK, t))))
      flags |= promotion_flag[t];
  for (guint j = 0; j < CQ_SUMMARY_KEY_PROBES; j++)
    for (guint w = 0; w < CQ_SUMMARY_KEY_WORDS; w++)
      keys[w] |= probe_keys[j][w];
  memcpy (summary->squares, squares, sizeof squares);
  memcpy (summary->min_count, min_count, sizeof min_count);
  memcpy (summary->max_count, max_count, sizeof max_count);
  if (keyed)
    memcpy (summary->keys, keys, sizeof keys);
  else
    memset (summary->keys, 0xff, sizeof summary->keys);

  if (game->n_nodes == 0)
    {
      /* Nothing is known of a game without positions: no condition may
       * exclude it. */
      memset (summary->squares, 0xff, sizeof summary->squares);
      memset (summary->min_count, 0, sizeof summary->min_count);
      memset (summary->max_count, 0xff, sizeof summary->max_count);
      memset (summary->keys, 0xff, sizeof summary->keys);
    }
  summary->flags = flags;
  summary->n_positions = game->n_nodes;
}
