/* cq-zobrist.h: the Zobrist key of a position: the XOR of a random 64-bit
 * number per piece on its square, and of one more when black is to move.
 * Two positions with the same pieces on the same squares and the same side
 * to move have the same key; two that differ have the same key with a
 * chance of about 2^-64.  Castling rights and the en passant square are
 * not in the key (a position search compares neither).
 *
 * The numbers are const data written at build time (cq-gen-tables.c: the
 * splitmix64 sequence from a fixed seed, the same on every machine); the
 * index keeps keys derived from them (docs/index.md), so they are part of
 * its format.  Engine-internal, as cq-attacks.h.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess/cq-chess.h"

G_BEGIN_DECLS

/* Per #CqPiece and square; the row of CQ_EMPTY is zero. */
extern const CqBitboard _cq_zobrist[CQ_N_PIECES][64];
/* XORed in when black is to move. */
extern const CqBitboard _cq_zobrist_black;

/* The XOR of @piece's numbers over the squares of @squares: a key's
 * change when @piece leaves or reaches them. */
static inline guint64
_cq_zobrist_squares (guint piece, CqBitboard squares)
{
  guint64 key = 0;

  for (; squares != 0; squares &= squares - 1)
    key ^= _cq_zobrist[piece][__builtin_ctzll (squares)];
  return key;
}

/* The key of the position with @pieces (per #CqPiece; [CQ_EMPTY] is not
 * read) and @side_to_move (a #CqColor), computed from every piece (a
 * game's positions are keyed move by move instead: cq_game_summarize()). */
static inline guint64
_cq_pieces_key (const CqBitboard pieces[CQ_N_PIECES], guint side_to_move)
{
  guint64 key = side_to_move == CQ_BLACK ? _cq_zobrist_black : 0;

  for (guint p = CQ_WP; p <= CQ_BK; p++)
    key ^= _cq_zobrist_squares (p, pieces[p]);
  return key;
}

/* The key of @pos. */
static inline guint64
_cq_position_key (const CqPosition *pos)
{
  return _cq_pieces_key (pos->pieces, pos->side_to_move);
}

G_END_DECLS
