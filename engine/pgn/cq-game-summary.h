/* cq-game-summary.h: what the positions of a game hold, in a few words,
 * so that a search can pass over a game no query filter could match
 * without reading its moves (the persistent index, docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pgn/cq-game.h"

G_BEGIN_DECLS

/**
 * CqSummaryFlags:
 * What happens somewhere in a game's tree of positions (mainline and
 * variations, the initial position included).
 * @CQ_SUMMARY_CHECK: in some position the side to move is in check.
 * @CQ_SUMMARY_MATE: some position is checkmate.
 * @CQ_SUMMARY_STALEMATE: some position is stalemate.
 * @CQ_SUMMARY_PROMOTE_QUEEN, @CQ_SUMMARY_PROMOTE_ROOK,
 *   @CQ_SUMMARY_PROMOTE_BISHOP, @CQ_SUMMARY_PROMOTE_KNIGHT: some move
 *   promotes to that type (either colour).
 * @CQ_SUMMARY_CASTLE: some move castles.
 * @CQ_SUMMARY_EN_PASSANT: some move captures en passant.
 * @CQ_SUMMARY_CAPTURE: some move captures.
 * @CQ_SUMMARY_VARIATIONS: some position is not on the mainline.
 * @CQ_SUMMARY_COMMENTS: some move or the root has a `{}` or `;` comment.
 * @CQ_SUMMARY_NAGS: some move has a NAG (or a `!`/`?` suffix).
 * @CQ_SUMMARY_SET_UP: the game starts from a `FEN` tag's position.
 * @CQ_SUMMARY_NULL_MOVE: some move is a null move (`--`).
 * @CQ_SUMMARY_DAMAGED: the game was read with an error (#CqGame.error):
 *   a search always reads it, so that its message is given again.
 * @CQ_SUMMARY_SKIPPED: the game is not standard chess (#CqGame.skipped):
 *   always read, likewise.
 * @CQ_SUMMARY_LONG: the game's tree has more than
 *   #CQ_SUMMARY_LONG_POSITIONS positions, or a position more than
 *   #CQ_SUMMARY_LONG_PLIES plies from its start: always read, because an
 *   evaluation can stop the whole search with an error there (the stack
 *   budget of a `line` or `path` search, the text budget of a game's
 *   comments) whether or not the game could match, and the query
 *   analyses may assume every game they exclude is smaller.
 * @CQ_SUMMARY_CHECK_WTM, @CQ_SUMMARY_CHECK_BTM, @CQ_SUMMARY_MATE_WTM,
 *   @CQ_SUMMARY_MATE_BTM, @CQ_SUMMARY_STALEMATE_WTM,
 *   @CQ_SUMMARY_STALEMATE_BTM: as #CQ_SUMMARY_CHECK, #CQ_SUMMARY_MATE and
 *   #CQ_SUMMARY_STALEMATE, with White (WTM) or Black (BTM) to move in that
 *   position: a query's `mate wtm` needs the first, not just some mate.
 */
typedef enum {
  CQ_SUMMARY_CHECK          = 1u << 0,
  CQ_SUMMARY_MATE           = 1u << 1,
  CQ_SUMMARY_STALEMATE      = 1u << 2,
  CQ_SUMMARY_PROMOTE_QUEEN  = 1u << 3,
  CQ_SUMMARY_PROMOTE_ROOK   = 1u << 4,
  CQ_SUMMARY_PROMOTE_BISHOP = 1u << 5,
  CQ_SUMMARY_PROMOTE_KNIGHT = 1u << 6,
  CQ_SUMMARY_CASTLE         = 1u << 7,
  CQ_SUMMARY_EN_PASSANT     = 1u << 8,
  CQ_SUMMARY_CAPTURE        = 1u << 9,
  CQ_SUMMARY_VARIATIONS     = 1u << 10,
  CQ_SUMMARY_COMMENTS       = 1u << 11,
  CQ_SUMMARY_NAGS           = 1u << 12,
  CQ_SUMMARY_SET_UP         = 1u << 13,
  CQ_SUMMARY_NULL_MOVE      = 1u << 14,
  CQ_SUMMARY_DAMAGED        = 1u << 15,
  CQ_SUMMARY_SKIPPED        = 1u << 16,
  CQ_SUMMARY_LONG           = 1u << 17,
  CQ_SUMMARY_CHECK_WTM      = 1u << 18,
  CQ_SUMMARY_CHECK_BTM      = 1u << 19,
  CQ_SUMMARY_MATE_WTM       = 1u << 20,
  CQ_SUMMARY_MATE_BTM       = 1u << 21,
  CQ_SUMMARY_STALEMATE_WTM  = 1u << 22,
  CQ_SUMMARY_STALEMATE_BTM  = 1u << 23,
} CqSummaryFlags;

/* The flags of one side to move, and their mirror under a colour swap:
 * a flag of White to move becomes Black's and back; the others stay. */
#define CQ_SUMMARY_WTM_FLAGS \
  (CQ_SUMMARY_CHECK_WTM | CQ_SUMMARY_MATE_WTM | CQ_SUMMARY_STALEMATE_WTM)
#define CQ_SUMMARY_BTM_FLAGS \
  (CQ_SUMMARY_CHECK_BTM | CQ_SUMMARY_MATE_BTM | CQ_SUMMARY_STALEMATE_BTM)
#define CQ_SUMMARY_SWAP_COLORS(flags) \
  (((flags) & ~(guint32) (CQ_SUMMARY_WTM_FLAGS | CQ_SUMMARY_BTM_FLAGS)) \
   | (((flags) & CQ_SUMMARY_WTM_FLAGS) << 1) | (((flags) & CQ_SUMMARY_BTM_FLAGS) >> 1))

/* The bounds past which a game is #CQ_SUMMARY_LONG. */
#define CQ_SUMMARY_LONG_POSITIONS 5000
#define CQ_SUMMARY_LONG_PLIES     500

/* The flags that make a game a candidate of every search. */
#define CQ_SUMMARY_ALWAYS_READ (CQ_SUMMARY_DAMAGED | CQ_SUMMARY_SKIPPED | CQ_SUMMARY_LONG)

/* The filter of a game's position keys (#CqGameSummary.keys): a Bloom
 * filter of CQ_SUMMARY_KEY_BITS bits (one cache line) in which each
 * position's Zobrist key (cq-zobrist.h: the pieces on their squares and
 * the side to move) sets CQ_SUMMARY_KEY_PROBES bits, the key's bits 0-8,
 * 9-17, 18-26 and 27-35 taken as bit numbers.  A key whose bits are not
 * all set is that of no position of the game.  A game of more than
 * CQ_SUMMARY_KEY_MAX_POSITIONS positions has every bit set: its filter
 * would pass most keys anyway.  docs/index.md gives the figures. */
#define CQ_SUMMARY_KEY_BITS          512
#define CQ_SUMMARY_KEY_WORDS         (CQ_SUMMARY_KEY_BITS / 64)
#define CQ_SUMMARY_KEY_PROBES        4
#define CQ_SUMMARY_KEY_MAX_POSITIONS 256

/**
 * CqGameSummary:
 * @squares: per #CqPiece, the squares on which such a piece stands in
 *   some position of the game's tree; [CQ_EMPTY]: the squares empty in
 *   some position.
 * @min_count, @max_count: per #CqPiece, the fewest and the most such
 *   pieces (empty squares for [CQ_EMPTY]) in any one position, capped at
 *   255 (a count of 64 empty squares fits).
 * @flags: #CqSummaryFlags.
 * @n_positions: the positions of the tree (#CqGame.n_nodes), the
 *   search's count of positions examined.
 * @keys: the filter of the positions' keys (CQ_SUMMARY_KEY_BITS above;
 *   cq_game_summary_may_hold_key()).
 *
 * A game without positions (a bad FEN; a game skipped before its moves
 * were read) has every square in @squares, @min_count 0 and @max_count
 * 255 and every bit of @keys, so that no condition on the summary
 * excludes it.
 */
typedef struct {
  guint64 squares[CQ_N_PIECES];
  guint8  min_count[CQ_N_PIECES];
  guint8  max_count[CQ_N_PIECES];
  guint32 flags;
  guint32 n_positions;
  guint64 keys[CQ_SUMMARY_KEY_WORDS];
} CqGameSummary;

/* The bit of the filter that @key's probe @j (0 to
 * CQ_SUMMARY_KEY_PROBES - 1) sets. */
static inline guint
cq_game_summary_key_bit (guint64 key, guint j)
{
  return (guint) (key >> (9 * j)) & (CQ_SUMMARY_KEY_BITS - 1);
}

/* Sets @key's bits in the filter @keys (CQ_SUMMARY_KEY_WORDS words). */
static inline void
cq_game_summary_add_key (guint64 *keys, guint64 key)
{
  for (guint j = 0; j < CQ_SUMMARY_KEY_PROBES; j++)
    {
      guint bit = cq_game_summary_key_bit (key, j);

      keys[bit / 64] |= G_GUINT64_CONSTANT (1) << (bit % 64);
    }
}

/* FALSE if no position of the game whose filter is @keys
 * (CQ_SUMMARY_KEY_WORDS words) has the Zobrist key @key; TRUE if one may. */
static inline gboolean
cq_game_summary_may_hold_key (const guint64 *keys, guint64 key)
{
  for (guint j = 0; j < CQ_SUMMARY_KEY_PROBES; j++)
    {
      guint bit = cq_game_summary_key_bit (key, j);

      if (!(keys[bit / 64] & (G_GUINT64_CONSTANT (1) << (bit % 64))))
        return FALSE;
    }
  return TRUE;
}

/* An index keeps a piece's fewest and most in one byte, a nibble each
 * (docs/index.md, "The format"): 15 stands for "15 or more", so a count
 * read back as at least 15 may be more.  The fewest read back is then at
 * most the true one and the most at least the true one (#G_MAXUINT8 for
 * 15), which is all a necessary condition asks of them.  No position of a
 * real game has 15 of one piece; a FEN may. */
#define CQ_SUMMARY_COUNT_SATURATED 15u

static inline guint8
cq_game_summary_pack_counts (guint8 fewest, guint8 most)
{
  return (guint8) (MIN (fewest, CQ_SUMMARY_COUNT_SATURATED)
                   | MIN (most, CQ_SUMMARY_COUNT_SATURATED) << 4);
}

/* The fewest of a packed byte. */
static inline guint8
cq_game_summary_unpack_fewest (guint8 packed)
{
  return packed & 0x0f;
}

/* The most of a packed byte: #G_MAXUINT8 for a saturated count. */
static inline guint8
cq_game_summary_unpack_most (guint8 packed)
{
  guint8 most = packed >> 4;

  return most == CQ_SUMMARY_COUNT_SATURATED ? G_MAXUINT8 : most;
}

/* The pieces whose counts an index keeps no column of: the empty
 * squares (their squares neither) and the kings (one of each in every
 * position of a game). */
#define CQ_SUMMARY_UNCOUNTED ((1u << CQ_EMPTY) | (1u << CQ_WK) | (1u << CQ_BK))

/* What an index gives back of @summary, in place: no empty squares
 * (@squares[CQ_EMPTY] every square), no counts of CQ_SUMMARY_UNCOUNTED
 * (fewest 0, most 64) and the other counts as packed (above). */
static inline void
cq_game_summary_as_indexed (CqGameSummary *summary)
{
  summary->squares[CQ_EMPTY] = G_MAXUINT64;
  for (guint p = 0; p < CQ_N_PIECES; p++)
    if (CQ_SUMMARY_UNCOUNTED & (1u << p))
      {
        summary->min_count[p] = 0;
        summary->max_count[p] = 64;
      }
    else
      {
        guint8 packed = cq_game_summary_pack_counts (summary->min_count[p],
                                                     summary->max_count[p]);

        summary->min_count[p] = cq_game_summary_unpack_fewest (packed);
        summary->max_count[p] = cq_game_summary_unpack_most (packed);
      }
}

/**
 * cq_game_summarize:
 * @game: a game whose moves were read (cq_game_parse_moves()).
 * @summary: (out): its summary.
 *
 * Visits every position of @game's tree (mainline and variations) once.
 * #CQ_SUMMARY_CHECK costs a check test only at the root, after or from a
 * null move, and where the move that reached the position can give check
 * (about one position in eight), none once the side to move was seen in
 * check, unless no move was played from the position, and #CQ_SUMMARY_MATE and
 * #CQ_SUMMARY_STALEMATE a legal-move test at each position no move was
 * played from (a null move aside): one a move was played from has a legal
 * move.  The counts are taken at the root and after each capture or
 * promotion, the only moves that change them, and the squares at the root
 * and, after a move, for the pieces it moves and the empty squares.  The
 * positions' Zobrist keys likewise: computed at the root, then each from
 * its parent's by the squares the move changed.
 */
void cq_game_summarize (const CqGame *game, CqGameSummary *summary);

G_END_DECLS
