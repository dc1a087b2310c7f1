/* cq-attacks.h: the attack and line geometry of the board, for the whole
 * engine: the chess core (engine/chess) and both CQL evaluators
 * (engine/cql/cql3, engine/cql/cql6) use these tables and inline helpers,
 * so that there is one geometry.  Engine-internal: not part of the public
 * API (cq-chess.h), never used by the app.
 *
 * Tables: leaper attacks (knight, king, pawn captures), magic bitboards
 * for the sliders, the squares between and the line through two aligned
 * squares, and the rays from each square in each of the 8 directions.
 * They are const data written at build time (cq-gen-tables.c generates
 * cq-tables.c), so they cost nothing at start-up.
 * Everything here is static inline or a table lookup: the evaluators call
 * these at every position.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "chess/cq-chess.h"

G_BEGIN_DECLS

#define CQ_FILE_A_BB  G_GUINT64_CONSTANT (0x0101010101010101)
#define CQ_FILE_H_BB  G_GUINT64_CONSTANT (0x8080808080808080)
#define CQ_RANK_1_BB  G_GUINT64_CONSTANT (0x00000000000000FF)
#define CQ_RANK_8_BB  G_GUINT64_CONSTANT (0xFF00000000000000)

/* One magic-bitboard entry: attacks[((occ & mask) * magic) >> shift]. */
typedef struct {
  CqBitboard        mask;
  CqBitboard        magic;
  const CqBitboard *attacks;
  guint             shift;
} CqMagic;

extern const CqBitboard _cq_knight_attacks[64];
extern const CqBitboard _cq_king_attacks[64];
extern const CqBitboard _cq_pawn_attacks[2][64];
extern const CqMagic    _cq_rook_magics[64];
extern const CqMagic    _cq_bishop_magics[64];
/* Bishop and rook attacks from a square on an empty board. */
extern const CqBitboard _cq_bishop_pseudo[64];
extern const CqBitboard _cq_rook_pseudo[64];
/* Squares strictly between two aligned squares, else 0. */
extern const CqBitboard _cq_between[64][64];
/* The whole line (rank, file or diagonal) through two aligned squares, else 0. */
extern const CqBitboard _cq_line[64][64];

static inline int
_cq_lsb (CqBitboard b)
{
  return __builtin_ctzll (b);
}

static inline int
_cq_pop_lsb (CqBitboard *b)
{
  int sq = __builtin_ctzll (*b);
  *b &= *b - 1;
  return sq;
}

/* Without the POPCNT instruction (-mpopcnt / -march), GCC calls a libgcc
 * routine; the SWAR count inlines better. */
static inline int
_cq_popcount (CqBitboard b)
{
#ifdef __POPCNT__
  return __builtin_popcountll (b);
#else
  b = b - ((b >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  b = (b & G_GUINT64_CONSTANT (0x3333333333333333))
      + ((b >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  b = (b + (b >> 4)) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F);
  return (int) ((b * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
#endif
}

static inline gboolean
_cq_more_than_one (CqBitboard b)
{
  return (b & (b - 1)) != 0;
}

static inline CqBitboard
_cq_rook_attacks (int sq, CqBitboard occ)
{
  const CqMagic *m = &_cq_rook_magics[sq];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline CqBitboard
_cq_bishop_attacks (int sq, CqBitboard occ)
{
  const CqMagic *m = &_cq_bishop_magics[sq];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline CqBitboard
_cq_occupied (const CqPosition *pos)
{
  return pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK];
}

static inline int
_cq_king_square (const CqPosition *pos, CqColor color)
{
  return _cq_lsb (pos->pieces[CQ_MAKE_PIECE (color, CQ_KING)]);
}

/* Pieces of @by attacking @sq with occupancy @occ (the pieces' own
 * squares are taken from @pos; mask the result to drop captured ones). */
static inline CqBitboard
_cq_attackers_of (const CqPosition *pos, int sq, CqColor by, CqBitboard occ)
{
  const CqBitboard *p = pos->pieces + (by == CQ_WHITE ? 0 : 6);
  return (_cq_pawn_attacks[by ^ 1][sq] & p[CQ_WP])
         | (_cq_knight_attacks[sq] & p[CQ_WN])
         | (_cq_king_attacks[sq] & p[CQ_WK])
         | (_cq_bishop_attacks (sq, occ) & (p[CQ_WB] | p[CQ_WQ]))
         | (_cq_rook_attacks (sq, occ) & (p[CQ_WR] | p[CQ_WQ]));
}

/* The sliders' half of _cq_attacked_xray (): TRUE if a bishop, rook or
 * queen among @p (the six piece bitboards of one colour, pawn first)
 * attacks @sq with occupancy @occ, not counting those on @ignore. */
G_ALWAYS_INLINE static inline gboolean
_cq_slider_attacks_xray (const CqBitboard *p, int sq, CqBitboard occ, CqBitboard ignore)
{
  CqBitboard snipers = ((_cq_bishop_pseudo[sq] & (p[CQ_WB] | p[CQ_WQ]))
                        | (_cq_rook_pseudo[sq] & (p[CQ_WR] | p[CQ_WQ]))) & ~ignore;

  while (snipers)
    {
      int s = _cq_pop_lsb (&snipers);

      if ((_cq_between[sq][s] & occ) == 0)
        return TRUE;
    }
  return FALSE;
}

/* TRUE if a piece of @by attacks @sq with occupancy @occ, not counting
 * the pieces on @ignore (captured ones).  Same answer as
 * _cq_attackers_of () != 0, but the sliders are found as the few enemy
 * bishops, rooks and queens on a line through @sq (small tables) with
 * nothing between: no lookup in the 800 KiB magic tables, whose cache
 * misses were a quarter of the replay time. */
G_ALWAYS_INLINE static inline gboolean
_cq_attacked_xray (const CqPosition *pos, int sq, CqColor by, CqBitboard occ,
                   CqBitboard ignore)
{
  const CqBitboard *p = pos->pieces + (by == CQ_WHITE ? 0 : 6);

  if (((_cq_pawn_attacks[by ^ 1][sq] & p[CQ_WP])
       | (_cq_knight_attacks[sq] & p[CQ_WN])
       | (_cq_king_attacks[sq] & p[CQ_WK])) & ~ignore)
    return TRUE;
  return _cq_slider_attacks_xray (p, sq, occ, ignore);
}

/* Directions, in the order N NE E SE S SW W NW (the CQ_RAY_* bits of the
 * CQL engine): _cq_ray_step[d] is the (file, rank) step of direction d. */
extern const gint8 _cq_ray_step[8][2];
/* The squares from s (excluded) to the edge of the board in direction d. */
extern const CqBitboard _cq_ray[64][8];
/* The pieces of either colour that attack @sq with occupancy @occ: the
 * attack patterns seen from @sq (a knight attacks @sq from where a knight
 * on @sq would attack, a white pawn from where a black pawn on @sq
 * would).  The same as testing cq_attacks_from() from every piece. */
static inline CqBitboard
_cq_attackers_any (const CqPosition *pos, int sq, CqBitboard occ)
{
  const CqBitboard *p = pos->pieces;
  CqBitboard queens = p[CQ_WQ] | p[CQ_BQ];

  return (_cq_knight_attacks[sq] & (p[CQ_WN] | p[CQ_BN]))
         | (_cq_king_attacks[sq] & (p[CQ_WK] | p[CQ_BK]))
         | (_cq_rook_attacks (sq, occ) & (p[CQ_WR] | p[CQ_BR] | queens))
         | (_cq_bishop_attacks (sq, occ) & (p[CQ_WB] | p[CQ_BB] | queens))
         | (_cq_pawn_attacks[CQ_BLACK][sq] & p[CQ_WP])
         | (_cq_pawn_attacks[CQ_WHITE][sq] & p[CQ_BP]);
}

/* Is the side to move in check?  cq_position_in_check() inline, without
 * the call and its argument checks: the evaluators ask at nearly every
 * position. */
static inline gboolean
_cq_in_check (const CqPosition *pos)
{
  CqColor us = pos->side_to_move;

  return _cq_attacked_xray (pos, _cq_king_square (pos, us), us ^ 1, _cq_occupied (pos), 0);
}

/* FALSE if the side to move in @pos cannot be in check after @move,
 * the move that reached @pos, provided that side was not in check before
 * it (so after a legal move from a legal position; not after a null move,
 * nor from a position a null move reached).  A check is then given only
 * by the piece now on the move's destination (the moved or promoted
 * piece), or by a bishop, rook or queen of the mover through a square the
 * move emptied (its origin, the pawn taken en passant, the castling
 * rook's square; the castling rook's check is one through the rook's
 * square too): the test is that the piece stands where its kind attacks
 * the king from on an empty board, or that an emptied square and such a
 * slider of the mover are on one of the king's lines.  The squares
 * emptied by en passant and castling lie on the origin's rank, taken
 * whole.  TRUE says nothing: ask _cq_in_check (). */
static inline gboolean
_cq_move_may_give_check (const CqPosition *pos, const CqMove *move)
{
  CqColor us = pos->side_to_move;
  const CqBitboard *mover = pos->pieces + (us == CQ_WHITE ? 6 : 0);
  int ksq = _cq_king_square (pos, us);
  CqBitboard diagonals = _cq_bishop_pseudo[ksq];
  CqBitboard straight = _cq_rook_pseudo[ksq];
  CqBitboard emptied = CQ_BIT (move->from);
  CqBitboard from_king;

  if (move->flags & (CQ_MOVE_EN_PASSANT | CQ_MOVE_CASTLE))
    emptied |= G_GUINT64_CONSTANT (0xff) << (move->from & ~7);
  if (((emptied & diagonals) && (diagonals & (mover[CQ_WB] | mover[CQ_WQ])))
      || ((emptied & straight) && (straight & (mover[CQ_WR] | mover[CQ_WQ]))))
    return TRUE;
  switch (CQ_PIECE_TYPE (pos->board[move->to]))
    {
    case CQ_PAWN:   from_king = _cq_pawn_attacks[us][ksq]; break;
    case CQ_KNIGHT: from_king = _cq_knight_attacks[ksq]; break;
    case CQ_BISHOP: from_king = diagonals; break;
    case CQ_ROOK:   from_king = straight; break;
    case CQ_QUEEN:  from_king = diagonals | straight; break;
    default:        from_king = 0; break;
    }
  return (from_king & CQ_BIT (move->to)) != 0;
}

/* cq_position_has_legal_move () when the side to move is not in check
 * (the caller must know it; the answer is otherwise wrong). */
gboolean _cq_position_has_legal_move_not_in_check (const CqPosition *pos);

/* TRUE if the side to move has a move that is legal unless it is in
 * check; FALSE says nothing.  A pawn off the king's diagonals and rank
 * can be pinned only along its file, where a push keeps it on the pin
 * line; a knight, bishop, rook or queen on no line through the king
 * cannot be pinned at all.  Not in check, such a pawn's push to an empty
 * square, such a knight's step to a square without a piece of ours, or
 * such a slider's step to the first square of one of its lines without
 * a piece of ours, is legal.  A few set operations answer nearly every
 * position; `:stalemate` (not in check and no legal move) is then false
 * whether or not the side is in check, so the check test is skipped
 * too. */
static inline gboolean
_cq_position_has_move_unless_in_check (const CqPosition *pos)
{
  CqColor us = pos->side_to_move;
  CqBitboard own = pos->by_color[us];
  const CqBitboard *ours = pos->pieces + (us == CQ_WHITE ? 0 : 6);
  int ksq;
  CqBitboard pawns, pushed, unpinnable, b;

  ksq = _cq_king_square (pos, us);
  pawns = ours[CQ_WP] & ~(_cq_bishop_pseudo[ksq] | (CQ_RANK_1_BB << (ksq & 56)));
  pushed = us == CQ_WHITE ? pawns << 8 : pawns >> 8;
  if (pushed & ~(own | pos->by_color[us ^ 1]))
    return TRUE;
  unpinnable = ~(_cq_bishop_pseudo[ksq] | _cq_rook_pseudo[ksq]);
  b = ours[CQ_WN] & unpinnable;
  while (b)
    if (_cq_knight_attacks[_cq_pop_lsb (&b)] & ~own)
      return TRUE;
  b = (ours[CQ_WB] | ours[CQ_WQ]) & unpinnable;
  while (b)
    {
      int from = _cq_pop_lsb (&b);

      if (_cq_king_attacks[from] & _cq_bishop_pseudo[from] & ~own)
        return TRUE;
    }
  b = (ours[CQ_WR] | ours[CQ_WQ]) & unpinnable;
  while (b)
    {
      int from = _cq_pop_lsb (&b);

      if (_cq_king_attacks[from] & _cq_rook_pseudo[from] & ~own)
        return TRUE;
    }
  return FALSE;
}

G_END_DECLS
