/* cq-chess-private.h: internals shared by the files of engine/chess.
 *
 * What the move generator, the SAN reader and the FEN reader share beyond
 * the attack geometry of cq-attacks.h (which the CQL evaluators use too):
 * castling rights, the legality test of a move.  Not part of the public
 * API.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess/cq-attacks.h"

G_BEGIN_DECLS

/* Castling rights kept when a move touches a square (from or to). */
extern const guint8 _cq_castle_keep[64];

/* TRUE if the side to move's king is safe after moving the piece on
 * @from to @to, removing whatever stands on @capsq (the captured piece's
 * square, @to for a normal capture, the pawn's square for en passant, or
 * -1).  Handles pins, discovered checks and en passant on the rank alike. */
G_ALWAYS_INLINE static inline gboolean
_cq_king_safe_after (const CqPosition *pos, int from, int to, int capsq)
{
  CqColor us = pos->side_to_move;
  CqBitboard cap = capsq >= 0 ? CQ_BIT (capsq) : 0;
  CqBitboard occ = ((_cq_occupied (pos) & ~CQ_BIT (from)) & ~cap) | CQ_BIT (to);
  int ksq = CQ_PIECE_TYPE (pos->board[from]) == CQ_KING ? to : _cq_king_square (pos, us);
  return !_cq_attacked_xray (pos, ksq, us ^ 1, occ, cap);
}

/* _cq_king_safe_after () for a move of a pawn, knight, bishop, rook or
 * queen (not the king), for the SAN reader that knows the mover's type:
 * the king stays on its square, and the enemy king, which never stands
 * next to it in a position reached by legal moves from a legal start
 * (cq_position_set_fen() refuses the side not to move in check), is not
 * looked at. */
G_ALWAYS_INLINE static inline gboolean
_cq_king_safe_after_piece_move (const CqPosition *pos, int from, int to, int capsq)
{
  CqColor us = pos->side_to_move;
  const CqBitboard *them = pos->pieces + (us == CQ_WHITE ? 6 : 0);
  CqBitboard cap = capsq >= 0 ? CQ_BIT (capsq) : 0;
  CqBitboard occ = ((_cq_occupied (pos) & ~CQ_BIT (from)) & ~cap) | CQ_BIT (to);
  int ksq = _cq_king_square (pos, us);

  if (((_cq_pawn_attacks[us][ksq] & them[CQ_WP]) | (_cq_knight_attacks[ksq] & them[CQ_WN]))
      & ~cap)
    return FALSE;
  return !_cq_slider_attacks_xray (them, ksq, occ, cap);
}

G_END_DECLS
