/* cq-bitboard.c: attack tables of the chess core.
 *
 * Leaper tables (knight, king, pawn captures), magic bitboards for the
 * sliders, the between/line tables used for pins and checks, and the rays
 * by direction (cq-attacks.h).  The magic
 * multipliers are searched for at start-up by trial of sparse random numbers
 * (a fixed-seed generator, so the result is the same on every run); the
 * search takes a few milliseconds and runs once per process (g_once).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cq-chess-private.h"

CqBitboard _cq_knight_attacks[64];
CqBitboard _cq_king_attacks[64];
CqBitboard _cq_pawn_attacks[2][64];
CqMagic    _cq_rook_magics[64];
CqMagic    _cq_bishop_magics[64];
CqBitboard _cq_bishop_pseudo[64];
CqBitboard _cq_rook_pseudo[64];
CqBitboard _cq_between[64][64];
CqBitboard _cq_line[64][64];
CqBitboard _cq_ray[64][8];
gsize      _cq_chess_tables_ready;

const gint8 _cq_ray_step[8][2] = {
  { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
};

/* Attack storage for all squares, "fancy" layout: each square owns
 * 2^popcount(mask) consecutive entries.  The sums over all squares of
 * 2^(relevant bits) are 102400 (rooks) and 5248 (bishops). */
static CqBitboard rook_table[102400];
static CqBitboard bishop_table[5248];

#define S(f, r) CQ_SQUARE (f, r)

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

static const CqBitboard rook_magics_found[64] = {
  G_GUINT64_CONSTANT (0x1080004008801020),
  G_GUINT64_CONSTANT (0x0840092002c03000),
  G_GUINT64_CONSTANT (0x1900200010400900),
  G_GUINT64_CONSTANT (0x0880100008000480),
  G_GUINT64_CONSTANT (0x4200100420080200),
  G_GUINT64_CONSTANT (0x8100020100080400),
  G_GUINT64_CONSTANT (0x0200040110886200),
  G_GUINT64_CONSTANT (0x0200008040220411),
  G_GUINT64_CONSTANT (0x0404800084400220),
  G_GUINT64_CONSTANT (0x0000401000402000),
  G_GUINT64_CONSTANT (0x0086001081220440),
  G_GUINT64_CONSTANT (0x0408800800100280),
  G_GUINT64_CONSTANT (0x000a001201040820),
  G_GUINT64_CONSTANT (0x8848800200840080),
  G_GUINT64_CONSTANT (0x4001000100040200),
  G_GUINT64_CONSTANT (0x0442000102105084),
  G_GUINT64_CONSTANT (0x9080010020804100),
  G_GUINT64_CONSTANT (0x0040404000201009),
  G_GUINT64_CONSTANT (0x0000808010002009),
  G_GUINT64_CONSTANT (0x2200090021d00100),
  G_GUINT64_CONSTANT (0x0008008008040080),
  G_GUINT64_CONSTANT (0x0004004002010040),
  G_GUINT64_CONSTANT (0x0011040008015042),
  G_GUINT64_CONSTANT (0x00000a0001768104),
  G_GUINT64_CONSTANT (0x0000800080204009),
  G_GUINT64_CONSTANT (0x2010004140002001),
  G_GUINT64_CONSTANT (0x9800200280100080),
  G_GUINT64_CONSTANT (0x1000100080080080),
  G_GUINT64_CONSTANT (0x0442000a00049020),
  G_GUINT64_CONSTANT (0x2100040080020080),
  G_GUINT64_CONSTANT (0x0800120400900148),
  G_GUINT64_CONSTANT (0x0010040a00128541),
  G_GUINT64_CONSTANT (0x2800804000800030),
  G_GUINT64_CONSTANT (0x1010002000400041),
  G_GUINT64_CONSTANT (0x4000200011004100),
  G_GUINT64_CONSTANT (0x0610008410800800),
  G_GUINT64_CONSTANT (0x0400802402800800),
  G_GUINT64_CONSTANT (0xc100020080800400),
  G_GUINT64_CONSTANT (0x0002000802000401),
  G_GUINT64_CONSTANT (0x0182085882000401),
  G_GUINT64_CONSTANT (0x0220204000808000),
  G_GUINT64_CONSTANT (0x2860100040024022),
  G_GUINT64_CONSTANT (0x0001002004110040),
  G_GUINT64_CONSTANT (0x99101042000a0020),
  G_GUINT64_CONSTANT (0x0004080004008080),
  G_GUINT64_CONSTANT (0x0010040002008080),
  G_GUINT64_CONSTANT (0x2012004881020004),
  G_GUINT64_CONSTANT (0x8300842444820011),
  G_GUINT64_CONSTANT (0x0088403882010200),
  G_GUINT64_CONSTANT (0x0820400080210100),
  G_GUINT64_CONSTANT (0x0110910040a00300),
  G_GUINT64_CONSTANT (0x0801100280080480),
  G_GUINT64_CONSTANT (0x0242009008200600),
  G_GUINT64_CONSTANT (0x1002000489500200),
  G_GUINT64_CONSTANT (0x0040800200010080),
  G_GUINT64_CONSTANT (0x0091800041000080),
  G_GUINT64_CONSTANT (0x0000209300488001),
  G_GUINT64_CONSTANT (0x04c1002414824001),
  G_GUINT64_CONSTANT (0x020020000b001041),
  G_GUINT64_CONSTANT (0x7000100004200901),
  G_GUINT64_CONSTANT (0x8002002004100802),
  G_GUINT64_CONSTANT (0x30010002084c0007),
  G_GUINT64_CONSTANT (0x0888221800813004),
  G_GUINT64_CONSTANT (0x4000002840840112),
};

static const CqBitboard bishop_magics_found[64] = {
  G_GUINT64_CONSTANT (0x2048017020910100),
  G_GUINT64_CONSTANT (0x0044410424008008),
  G_GUINT64_CONSTANT (0x040828a400900000),
  G_GUINT64_CONSTANT (0x8002209200022000),
  G_GUINT64_CONSTANT (0x0002021000540002),
  G_GUINT64_CONSTANT (0x0021018840000000),
  G_GUINT64_CONSTANT (0x00009e8420204002),
  G_GUINT64_CONSTANT (0x00a0920110084480),
  G_GUINT64_CONSTANT (0x4003062018010110),
  G_GUINT64_CONSTANT (0x0221046812004e09),
  G_GUINT64_CONSTANT (0x01e11002958912a0),
  G_GUINT64_CONSTANT (0x0000044410804000),
  G_GUINT64_CONSTANT (0x0000821210000080),
  G_GUINT64_CONSTANT (0x080201102210a800),
  G_GUINT64_CONSTANT (0x0080040411045004),
  G_GUINT64_CONSTANT (0x00704a1842021000),
  G_GUINT64_CONSTANT (0x1005061070322800),
  G_GUINT64_CONSTANT (0x0018001010410444),
  G_GUINT64_CONSTANT (0x0010000800401420),
  G_GUINT64_CONSTANT (0x2204002844000800),
  G_GUINT64_CONSTANT (0x2052020412022280),
  G_GUINT64_CONSTANT (0x000a020101008208),
  G_GUINT64_CONSTANT (0x0040400201042000),
  G_GUINT64_CONSTANT (0x03e1082040480410),
  G_GUINT64_CONSTANT (0x1004200004208414),
  G_GUINT64_CONSTANT (0x08700400984808c8),
  G_GUINT64_CONSTANT (0x0088080004004410),
  G_GUINT64_CONSTANT (0x008c0240140100a2),
  G_GUINT64_CONSTANT (0x0008840001822000),
  G_GUINT64_CONSTANT (0x0050088001080100),
  G_GUINT64_CONSTANT (0x98140840040a2200),
  G_GUINT64_CONSTANT (0x3002020900210110),
  G_GUINT64_CONSTANT (0x1004040640206000),
  G_GUINT64_CONSTANT (0x1090909000840400),
  G_GUINT64_CONSTANT (0x9002444810100020),
  G_GUINT64_CONSTANT (0x4000020080080080),
  G_GUINT64_CONSTANT (0x0028020400011010),
  G_GUINT64_CONSTANT (0x0290808300020100),
  G_GUINT64_CONSTANT (0x8010020882004410),
  G_GUINT64_CONSTANT (0x0604010040082c20),
  G_GUINT64_CONSTANT (0x20040104c0801008),
  G_GUINT64_CONSTANT (0x6004208424001050),
  G_GUINT64_CONSTANT (0x1002840041000800),
  G_GUINT64_CONSTANT (0x0200042018000102),
  G_GUINT64_CONSTANT (0xa8002000a0821c00),
  G_GUINT64_CONSTANT (0x0040080802201910),
  G_GUINT64_CONSTANT (0x0222620444000100),
  G_GUINT64_CONSTANT (0x0002080041020088),
  G_GUINT64_CONSTANT (0x1500820110401050),
  G_GUINT64_CONSTANT (0x0000492090100080),
  G_GUINT64_CONSTANT (0x0900410041100000),
  G_GUINT64_CONSTANT (0x0302000420880000),
  G_GUINT64_CONSTANT (0x0010501202020020),
  G_GUINT64_CONSTANT (0x0008200490049040),
  G_GUINT64_CONSTANT (0x0462080214a40120),
  G_GUINT64_CONSTANT (0x2421310102008100),
  G_GUINT64_CONSTANT (0x2400420080884060),
  G_GUINT64_CONSTANT (0x0800804406184208),
  G_GUINT64_CONSTANT (0x0b0080124a084400),
  G_GUINT64_CONSTANT (0x082e082300840412),
  G_GUINT64_CONSTANT (0x6051049040082200),
  G_GUINT64_CONSTANT (0xc610211002102101),
  G_GUINT64_CONSTANT (0x0000048808010433),
  G_GUINT64_CONSTANT (0x0010200804405440),
};

static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static gboolean
on_board (int f, int r)
{
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/* Slider attacks by walking the rays: the slow reference that checks the
 * magics searched (_cq_chess_search_magics()) and the fast ray_slide(). */
static CqBitboard
slide (int sq, CqBitboard occ, const int dirs[4][2])
{
  CqBitboard att = 0;

  for (int d = 0; d < 4; d++)
    {
      int f = CQ_FILE (sq) + dirs[d][0];
      int r = CQ_RANK (sq) + dirs[d][1];

      while (on_board (f, r))
        {
          att |= CQ_BIT (S (f, r));
          if (occ & CQ_BIT (S (f, r)))
            break;
          f += dirs[d][0];
          r += dirs[d][1];
        }
    }
  return att;
}

/* The squares from @sq outwards in the direction (@df, @dr), @sq left
 * out, by square and direction ((@df + 1) * 3 + @dr + 1): filled once by
 * walking, then used by ray_slide(). */
static CqBitboard rays[64][9];

static void
init_rays (void)
{
  for (int sq = 0; sq < 64; sq++)
    for (int df = -1; df <= 1; df++)
      for (int dr = -1; dr <= 1; dr++)
        {
          CqBitboard ray = 0;

          for (int f = CQ_FILE (sq) + df, r = CQ_RANK (sq) + dr;
               (df != 0 || dr != 0) && on_board (f, r); f += df, r += dr)
            ray |= CQ_BIT (S (f, r));
          rays[sq][(df + 1) * 3 + dr + 1] = ray;
        }
}

/* The same attack sets as slide(), from the rays: along each ray the
 * first occupied square (the lowest one where the squares grow outwards,
 * the highest where they shrink) ends it.  Fills the magic tables at
 * start-up about four times faster than walking. */
static CqBitboard
ray_slide (int sq, CqBitboard occ, const int dirs[4][2])
{
  CqBitboard att = 0;

  for (int d = 0; d < 4; d++)
    {
      int i = (dirs[d][0] + 1) * 3 + dirs[d][1] + 1;
      CqBitboard ray = rays[sq][i], block = ray & occ;

      if (block != 0)
        {
          int first = dirs[d][1] * 8 + dirs[d][0] > 0
                      ? __builtin_ctzll (block) : 63 - __builtin_clzll (block);

          ray ^= rays[first][i];
        }
      att |= ray;
    }
  return att;
}

/* Relevant occupancy: the ray squares except the last one of each ray
 * (a piece on the edge square never changes the attack set). */
static CqBitboard
relevant_mask (int sq, const int dirs[4][2])
{
  CqBitboard mask = 0;

  for (int d = 0; d < 4; d++)
    {
      int f = CQ_FILE (sq) + dirs[d][0];
      int r = CQ_RANK (sq) + dirs[d][1];

      while (on_board (f + dirs[d][0], r + dirs[d][1]))
        {
          mask |= CQ_BIT (S (f, r));
          f += dirs[d][0];
          r += dirs[d][1];
        }
    }
  return mask;
}

/* xorshift64* */
static guint64
rand64 (guint64 *state)
{
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * G_GUINT64_CONSTANT (2685821657736338717);
}

/* Fills the attack entries of @m for the occupancies @occs (attack sets
 * @refs) with the multiplier @m->magic; returns FALSE on a destructive
 * collision.  @epoch marks the entries written by attempt @attempt. */
static gboolean
try_magic (CqMagic *m, const CqBitboard *occs, const CqBitboard *refs, int size,
           guint *epoch, guint attempt)
{
  for (int i = 0; i < size; i++)
    {
      guint idx = (guint) (((occs[i] & m->mask) * m->magic) >> m->shift);

      if (epoch[idx] < attempt)
        {
          epoch[idx] = attempt;
          m->attacks[idx] = refs[i];
        }
      else if (m->attacks[idx] != refs[i])
        return FALSE;
    }
  return TRUE;
}

static void
init_magics (CqMagic *magics, CqBitboard *table, const int dirs[4][2],
             const CqBitboard *known, guint64 seed)
{
  CqBitboard occs[4096];
  CqBitboard refs[4096];
  guint      epoch[4096] = { 0 };
  guint      attempt = 0;
  CqBitboard *next = table;
  guint64    state = seed;

  for (int sq = 0; sq < 64; sq++)
    {
      CqMagic *m = &magics[sq];
      int bits, size = 0;
      CqBitboard sub = 0;

      m->mask = relevant_mask (sq, dirs);
      bits = _cq_popcount (m->mask);
      m->shift = 64 - bits;
      m->attacks = next;

      /* Every subset of the mask (carry-rippler enumeration). */
      do
        {
          occs[size] = sub;
          refs[size] = ray_slide (sq, sub, dirs);
          size++;
          sub = (sub - m->mask) & m->mask;
        }
      while (sub != 0);

      m->magic = known != NULL ? known[sq] : 0;
      if (known == NULL || !try_magic (m, occs, refs, size, epoch, ++attempt))
        {
          do
            {
              do
                m->magic = rand64 (&state) & rand64 (&state) & rand64 (&state);
              while (_cq_popcount ((m->mask * m->magic) >> 56) < 6);
            }
          while (!try_magic (m, occs, refs, size, epoch, ++attempt));
        }
      next += size;
    }
}

gboolean
_cq_chess_search_magics (gboolean rook, guint64 seed, CqBitboard *out)
{
  g_autofree CqMagic *magics = g_new0 (CqMagic, 64);
  g_autofree CqBitboard *table = g_new0 (CqBitboard, 102400);
  const int (*dirs)[2] = rook ? rook_dirs : bishop_dirs;

  init_magics (magics, table, dirs, NULL, seed);
  for (int sq = 0; sq < 64; sq++)
    {
      CqBitboard sub = 0;

      out[sq] = magics[sq].magic;
      do
        {
          const CqMagic *m = &magics[sq];

          if (m->attacks[((sub & m->mask) * m->magic) >> m->shift] != slide (sq, sub, dirs))
            return FALSE;
          sub = (sub - m->mask) & m->mask;
        }
      while (sub != 0);
    }
  return TRUE;
}

static CqBitboard
leaper (int sq, const int (*deltas)[2], int n)
{
  CqBitboard att = 0;

  for (int i = 0; i < n; i++)
    {
      int f = CQ_FILE (sq) + deltas[i][0];
      int r = CQ_RANK (sq) + deltas[i][1];

      if (on_board (f, r))
        att |= CQ_BIT (S (f, r));
    }
  return att;
}

static void
init_tables (void)
{
  static const int knight_d[8][2] = {
    { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 }
  };
  static const int king_d[8][2] = {
    { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 }
  };
  static const int wpawn_d[2][2] = { { -1, 1 }, { 1, 1 } };
  static const int bpawn_d[2][2] = { { -1, -1 }, { 1, -1 } };

  for (int sq = 0; sq < 64; sq++)
    {
      _cq_knight_attacks[sq] = leaper (sq, knight_d, 8);
      _cq_king_attacks[sq] = leaper (sq, king_d, 8);
      _cq_pawn_attacks[CQ_WHITE][sq] = leaper (sq, wpawn_d, 2);
      _cq_pawn_attacks[CQ_BLACK][sq] = leaper (sq, bpawn_d, 2);
    }
  init_rays ();

  init_magics (_cq_rook_magics, rook_table, rook_dirs, rook_magics_found,
               G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  init_magics (_cq_bishop_magics, bishop_table, bishop_dirs, bishop_magics_found,
               G_GUINT64_CONSTANT (0xD1B54A32D192ED03));

  for (int sq = 0; sq < 64; sq++)
    {
      _cq_bishop_pseudo[sq] = _cq_bishop_attacks (sq, 0);
      _cq_rook_pseudo[sq] = _cq_rook_attacks (sq, 0);
    }

  /* Lines and segments: walk the 8 directions from every square. */
  memset (_cq_between, 0, sizeof _cq_between);
  memset (_cq_line, 0, sizeof _cq_line);
  for (int a = 0; a < 64; a++)
    for (int d = 0; d < 8; d++)
      {
        const int *dir = d < 4 ? rook_dirs[d] : bishop_dirs[d - 4];
        CqBitboard line = CQ_BIT (a), between = 0;
        int f, r;

        /* The whole line: both ways from @a. */
        for (int sign = -1; sign <= 1; sign += 2)
          for (f = CQ_FILE (a) + sign * dir[0], r = CQ_RANK (a) + sign * dir[1]; on_board (f, r);
               f += sign * dir[0], r += sign * dir[1])
            line |= CQ_BIT (S (f, r));
        for (f = CQ_FILE (a) + dir[0], r = CQ_RANK (a) + dir[1]; on_board (f, r);
             f += dir[0], r += dir[1])
          {
            _cq_between[a][S (f, r)] = between;
            _cq_line[a][S (f, r)] = line;
            between |= CQ_BIT (S (f, r));
          }
      }

  /* Rays by direction. */
  for (int s = 0; s < 64; s++)
    for (int d = 0; d < 8; d++)
      {
        CqBitboard ray = 0;
        int f, r;

        for (f = CQ_FILE (s) + _cq_ray_step[d][0], r = CQ_RANK (s) + _cq_ray_step[d][1];
             on_board (f, r); f += _cq_ray_step[d][0], r += _cq_ray_step[d][1])
          ray |= CQ_BIT (S (f, r));
        _cq_ray[s][d] = ray;
      }
}

void
_cq_chess_init_tables_slow (void)
{
  if (g_once_init_enter (&_cq_chess_tables_ready))
    {
      init_tables ();
      g_once_init_leave (&_cq_chess_tables_ready, 1);
    }
}

CqBitboard
cq_attacks_from (CqPiece piece, int square, CqBitboard occupied)
{
  g_return_val_if_fail (square >= 0 && square < 64, 0);

  _cq_chess_ensure_tables ();
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

  _cq_chess_ensure_tables ();
  return _cq_attackers_of (pos, square, by_color, _cq_occupied (pos)) != 0;
}
