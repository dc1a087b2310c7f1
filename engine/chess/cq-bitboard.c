/* cq-bitboard.c: the attack geometry's entry points and small tables.
 *
 * The leaper tables, the magic bitboards of the sliders, the between/line
 * tables and the rays by direction (cq-attacks.h) are generated at build
 * time by cq-gen-tables.c into cq-tables.c, as const data.  Here: the
 * direction steps, the castling rights kept per square, and the public
 * attack queries of cq-chess.h.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cq-chess-private.h"

const gint8 _cq_ray_step[8][2] = {
  { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
};

#define WK_ CQ_CASTLE_WK
#define WQ_ CQ_CASTLE_WQ
#define BK_ CQ_CASTLE_BK
#define BQ_ CQ_CASTLE_BQ
const guint8 _cq_castle_keep[64] = {
  0xF & ~WQ_, 0xF, 0xF, 0xF, 0xF & ~(WK_ | WQ_), 0xF, 0xF, 0xF & ~WK_,
  0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
  0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
  0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
  0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
  0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
  0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF, 0xF,
  0xF & ~BQ_, 0xF, 0xF, 0xF, 0xF & ~(BK_ | BQ_), 0xF, 0xF, 0xF & ~BK_,
};
#undef WK_
#undef WQ_
#undef BK_
#undef BQ_

CqBitboard
cq_attacks_from (CqPiece piece, int square, CqBitboard occupied)
{
  g_return_val_if_fail (square >= 0 && square < 64, 0);

  switch ((int) piece)
    {
    case CQ_WP:
      return _cq_pawn_attacks[CQ_WHITE][square];
    case CQ_BP:
      return _cq_pawn_attacks[CQ_BLACK][square];
    case CQ_WN: case CQ_BN:
      return _cq_knight_attacks[square];
    case CQ_WB: case CQ_BB:
      return _cq_bishop_attacks (square, occupied);
    case CQ_WR: case CQ_BR:
      return _cq_rook_attacks (square, occupied);
    case CQ_WQ: case CQ_BQ:
      return _cq_bishop_attacks (square, occupied) | _cq_rook_attacks (square, occupied);
    case CQ_WK: case CQ_BK:
      return _cq_king_attacks[square];
    default:
      return 0;
    }
}

gboolean
cq_square_attacked (const CqPosition *pos, int square, CqColor by_color)
{
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (square >= 0 && square < 64, FALSE);

  return _cq_attackers_of (pos, square, by_color, _cq_occupied (pos)) != 0;
}
