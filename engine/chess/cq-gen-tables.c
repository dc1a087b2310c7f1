/* cq-gen-tables.c: writes the attack tables of the chess core as C source.
 *
 * A build-time program (meson runs it through a custom_target): it fills
 * the leaper tables (knight, king, pawn captures), the magic bitboards of
 * the sliders (masks, multipliers, shifts and the "fancy" attack storage
 * of 102400 rook and 5248 bishop entries), the sliders' attacks on an
 * empty board, the between/line tables and the rays by direction, checks
 * every magic entry against a walk along the rays, and writes them all
 * as const arrays into one .c file.  The process then finds its tables in
 * .rodata, paged in as they are read, instead of filling ~900 KiB at
 * every start.
 *
 * The magic multipliers were found by trial of sparse random numbers (the
 * search below, fixed seeds); the ones found are kept in the lists so that
 * the build does not search.  Should one of them collide destructively (it
 * cannot while the masks and layout stay as they are), the search runs
 * for that square.
 *
 * It also writes the Zobrist keys of positions (cq-zobrist.h): a random
 * 64-bit number per piece on each square and one for black to move, the
 * splitmix64 sequence from the fixed seed ZOBRIST_SEED, the same on every
 * machine.  They are part of the index's format (docs/index.md): changing
 * the seed or the order makes every index read wrong, so the format's
 * version must change with them.
 *
 * Plain C without GLib: it runs on the build machine.  Usage:
 *   cq-gen-tables OUTPUT.c
 * Writes OUTPUT.c.tmp, then renames it; exits 1 with a message on error.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t Bb;

#define SQ(f, r) ((r) * 8 + (f))
#define FILE_OF(sq) ((sq) & 7)
#define RANK_OF(sq) ((sq) >> 3)
#define BIT(sq) ((Bb) 1 << (sq))

#define ROOK_ENTRIES 102400
#define BISHOP_ENTRIES 5248

typedef struct {
  Bb       mask;
  Bb       magic;
  unsigned offset;   /* first entry of the square in its table */
  unsigned shift;
} Magic;

static const Bb rook_known[64] = {
  0x1080004008801020, 0x0840092002c03000, 0x1900200010400900, 0x0880100008000480,
  0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
  0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
  0x000a001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
  0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021d00100,
  0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000a0001768104,
  0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
  0x0442000a00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040a00128541,
  0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
  0x0400802402800800, 0xc100020080800400, 0x0002000802000401, 0x0182085882000401,
  0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000a0020,
  0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
  0x0088403882010200, 0x0820400080210100, 0x0110910040a00300, 0x0801100280080480,
  0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
  0x0000209300488001, 0x04c1002414824001, 0x020020000b001041, 0x7000100004200901,
  0x8002002004100802, 0x30010002084c0007, 0x0888221800813004, 0x4000002840840112,
};

static const Bb bishop_known[64] = {
  0x2048017020910100, 0x0044410424008008, 0x040828a400900000, 0x8002209200022000,
  0x0002021000540002, 0x0021018840000000, 0x00009e8420204002, 0x00a0920110084480,
  0x4003062018010110, 0x0221046812004e09, 0x01e11002958912a0, 0x0000044410804000,
  0x0000821210000080, 0x080201102210a800, 0x0080040411045004, 0x00704a1842021000,
  0x1005061070322800, 0x0018001010410444, 0x0010000800401420, 0x2204002844000800,
  0x2052020412022280, 0x000a020101008208, 0x0040400201042000, 0x03e1082040480410,
  0x1004200004208414, 0x08700400984808c8, 0x0088080004004410, 0x008c0240140100a2,
  0x0008840001822000, 0x0050088001080100, 0x98140840040a2200, 0x3002020900210110,
  0x1004040640206000, 0x1090909000840400, 0x9002444810100020, 0x4000020080080080,
  0x0028020400011010, 0x0290808300020100, 0x8010020882004410, 0x0604010040082c20,
  0x20040104c0801008, 0x6004208424001050, 0x1002840041000800, 0x0200042018000102,
  0xa8002000a0821c00, 0x0040080802201910, 0x0222620444000100, 0x0002080041020088,
  0x1500820110401050, 0x0000492090100080, 0x0900410041100000, 0x0302000420880000,
  0x0010501202020020, 0x0008200490049040, 0x0462080214a40120, 0x2421310102008100,
  0x2400420080884060, 0x0800804406184208, 0x0b0080124a084400, 0x082e082300840412,
  0x6051049040082200, 0xc610211002102101, 0x0000048808010433, 0x0010200804405440,
};

/* Directions N NE E SE S SW W NW, as _cq_ray_step of cq-bitboard.c. */
static const int steps[8][2] = {
  { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
};
static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static Bb knight_attacks[64], king_attacks[64], pawn_attacks[2][64];
static Bb bishop_pseudo[64], rook_pseudo[64];
static Bb between[64][64], line[64][64], ray[64][8];
static Magic rook_magics[64], bishop_magics[64];
static Bb rook_table[ROOK_ENTRIES], bishop_table[BISHOP_ENTRIES];

static int
on_board (int f, int r)
{
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

static int
popcount (Bb b)
{
  return __builtin_popcountll (b);
}

/* Slider attacks by walking the rays; the first occupied square ends each. */
static Bb
slide (int sq, Bb occ, const int dirs[4][2])
{
  Bb att = 0;

  for (int d = 0; d < 4; d++)
    for (int f = FILE_OF (sq) + dirs[d][0], r = RANK_OF (sq) + dirs[d][1]; on_board (f, r);
         f += dirs[d][0], r += dirs[d][1])
      {
        att |= BIT (SQ (f, r));
        if (occ & BIT (SQ (f, r)))
          break;
      }
  return att;
}

/* Relevant occupancy: the ray squares except the last one of each ray
 * (a piece on the edge square never changes the attack set). */
static Bb
relevant_mask (int sq, const int dirs[4][2])
{
  Bb mask = 0;

  for (int d = 0; d < 4; d++)
    for (int f = FILE_OF (sq) + dirs[d][0], r = RANK_OF (sq) + dirs[d][1];
         on_board (f + dirs[d][0], r + dirs[d][1]); f += dirs[d][0], r += dirs[d][1])
      mask |= BIT (SQ (f, r));
  return mask;
}

/* xorshift64* */
static uint64_t
rand64 (uint64_t *state)
{
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * UINT64_C (2685821657736338717);
}

/* The Zobrist keys' generator: splitmix64, from ZOBRIST_SEED; drawn for
 * the pieces in #CqPiece order (white pawn, knight, bishop, rook, queen,
 * king, then black's), each on squares a1 (0) to h8 (63), then black to
 * move.  The row of the empty square (piece 0) is zero. */
#define ZOBRIST_SEED UINT64_C (0x45786365)   /* "Exce" */
#define ZOBRIST_PIECES 13

static uint64_t
splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static Bb zobrist[ZOBRIST_PIECES][64];
static Bb zobrist_black;

static void
fill_zobrist (void)
{
  uint64_t state = ZOBRIST_SEED;

  for (int p = 1; p < ZOBRIST_PIECES; p++)
    for (int sq = 0; sq < 64; sq++)
      zobrist[p][sq] = splitmix64 (&state);
  zobrist_black = splitmix64 (&state);
}

/* Fills the entries of @m in @table for the occupancies @occs (attack sets
 * @refs); returns 0 on a destructive collision.  @epoch marks the entries
 * written by attempt @attempt. */
static int
try_magic (const Magic *m, Bb *table, const Bb *occs, const Bb *refs, int size,
           unsigned *epoch, unsigned attempt)
{
  for (int i = 0; i < size; i++)
    {
      unsigned idx = (unsigned) (((occs[i] & m->mask) * m->magic) >> m->shift);

      if (epoch[idx] < attempt)
        {
          epoch[idx] = attempt;
          table[m->offset + idx] = refs[i];
        }
      else if (table[m->offset + idx] != refs[i])
        return 0;
    }
  return 1;
}

/* Masks, shifts, offsets and multipliers of the 64 squares, and their
 * attack entries in @table (@entries long); the known multiplier first,
 * a search from @seed if it collides. */
static void
fill_magics (Magic *magics, Bb *table, unsigned entries, const int dirs[4][2],
             const Bb *known, uint64_t seed)
{
  static Bb occs[4096], refs[4096];
  static unsigned epoch[4096];
  unsigned attempt = 0, next = 0;
  uint64_t state = seed;

  memset (epoch, 0, sizeof epoch);
  for (int sq = 0; sq < 64; sq++)
    {
      Magic *m = &magics[sq];
      int size = 0;
      Bb sub = 0;

      m->mask = relevant_mask (sq, dirs);
      m->shift = 64 - popcount (m->mask);
      m->offset = next;
      /* Every subset of the mask (carry-rippler enumeration). */
      do
        {
          occs[size] = sub;
          refs[size] = slide (sq, sub, dirs);
          size++;
          sub = (sub - m->mask) & m->mask;
        }
      while (sub != 0);

      m->magic = known[sq];
      while (!try_magic (m, table, occs, refs, size, epoch, ++attempt))
        do
          m->magic = rand64 (&state) & rand64 (&state) & rand64 (&state);
        while (popcount ((m->mask * m->magic) >> 56) < 6);
      next += (unsigned) size;
    }
  if (next != entries)
    {
      fprintf (stderr, "cq-gen-tables: %u magic entries, expected %u\n", next, entries);
      exit (1);
    }
}

/* Every entry of every square against the ray walk. */
static void
check_magics (const Magic *magics, const Bb *table, const int dirs[4][2], const char *what)
{
  for (int sq = 0; sq < 64; sq++)
    {
      const Magic *m = &magics[sq];
      Bb sub = 0;

      do
        {
          if (table[m->offset + (((sub & m->mask) * m->magic) >> m->shift)]
              != slide (sq, sub, dirs))
            {
              fprintf (stderr, "cq-gen-tables: wrong %s attacks from square %d\n", what, sq);
              exit (1);
            }
          sub = (sub - m->mask) & m->mask;
        }
      while (sub != 0);
    }
}

static Bb
leaper (int sq, const int (*deltas)[2], int n)
{
  Bb att = 0;

  for (int i = 0; i < n; i++)
    if (on_board (FILE_OF (sq) + deltas[i][0], RANK_OF (sq) + deltas[i][1]))
      att |= BIT (SQ (FILE_OF (sq) + deltas[i][0], RANK_OF (sq) + deltas[i][1]));
  return att;
}

static void
fill_tables (void)
{
  static const int knight_d[8][2] = {
    { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 }
  };
  static const int wpawn_d[2][2] = { { -1, 1 }, { 1, 1 } };
  static const int bpawn_d[2][2] = { { -1, -1 }, { 1, -1 } };

  for (int sq = 0; sq < 64; sq++)
    {
      knight_attacks[sq] = leaper (sq, knight_d, 8);
      king_attacks[sq] = leaper (sq, steps, 8);
      pawn_attacks[0][sq] = leaper (sq, wpawn_d, 2);
      pawn_attacks[1][sq] = leaper (sq, bpawn_d, 2);
      bishop_pseudo[sq] = slide (sq, 0, bishop_dirs);
      rook_pseudo[sq] = slide (sq, 0, rook_dirs);
    }
  fill_magics (rook_magics, rook_table, ROOK_ENTRIES, rook_dirs, rook_known,
               UINT64_C (0x9E3779B97F4A7C15));
  fill_magics (bishop_magics, bishop_table, BISHOP_ENTRIES, bishop_dirs, bishop_known,
               UINT64_C (0xD1B54A32D192ED03));
  check_magics (rook_magics, rook_table, rook_dirs, "rook");
  check_magics (bishop_magics, bishop_table, bishop_dirs, "bishop");

  /* Rays by direction; lines and segments along them. */
  for (int a = 0; a < 64; a++)
    for (int d = 0; d < 8; d++)
      {
        int df = steps[d][0], dr = steps[d][1];
        Bb back = 0, seg = 0;

        for (int f = FILE_OF (a) + df, r = RANK_OF (a) + dr; on_board (f, r); f += df, r += dr)
          ray[a][d] |= BIT (SQ (f, r));
        for (int f = FILE_OF (a) - df, r = RANK_OF (a) - dr; on_board (f, r); f -= df, r -= dr)
          back |= BIT (SQ (f, r));
        for (int f = FILE_OF (a) + df, r = RANK_OF (a) + dr; on_board (f, r); f += df, r += dr)
          {
            between[a][SQ (f, r)] = seg;
            line[a][SQ (f, r)] = ray[a][d] | back | BIT (a);
            seg |= BIT (SQ (f, r));
          }
      }
}

/* @n values as the initializer of @decl; with @row > 0, braced in rows
 * of @row (the second index of a two-dimensional array). */
static void
write_array (FILE *out, const char *decl, const Bb *v, size_t n, size_t row)
{
  fprintf (out, "%s = {\n", decl);
  for (size_t i = 0; i < n; i++)
    {
      size_t col = row > 0 ? i % row : i;

      if (row > 0 && col == 0)
        fprintf (out, "  {\n");
      fprintf (out, "%s0x%016" PRIx64 "u,%s", col % 4 == 0 ? "    " : " ", v[i],
               col % 4 == 3 || i + 1 == n ? "\n" : "");
      if (row > 0 && col == row - 1)
        fprintf (out, "  },\n");
    }
  fprintf (out, "};\n\n");
}

static void
write_magics (FILE *out, const char *decl, const Magic *magics, const char *table)
{
  fprintf (out, "%s = {\n", decl);
  for (int sq = 0; sq < 64; sq++)
    fprintf (out, "  { 0x%016" PRIx64 "u, 0x%016" PRIx64 "u, %s + %u, %u },\n",
             magics[sq].mask, magics[sq].magic, table, magics[sq].offset, magics[sq].shift);
  fprintf (out, "};\n\n");
}

int
main (int argc, char **argv)
{
  char *tmp;
  FILE *out;

  if (argc != 2)
    {
      fprintf (stderr, "usage: cq-gen-tables OUTPUT.c\n");
      return 1;
    }
  fill_tables ();
  fill_zobrist ();

  tmp = malloc (strlen (argv[1]) + 5);
  if (tmp == NULL)
    return 1;
  sprintf (tmp, "%s.tmp", argv[1]);
  out = fopen (tmp, "w");
  if (out == NULL)
    {
      perror (tmp);
      return 1;
    }
  fprintf (out, "/* Generated by engine/chess/cq-gen-tables.c: do not edit. */\n"
                "#include \"config.h\"\n\n#include \"chess/cq-attacks.h\"\n"
                "#include \"chess/cq-zobrist.h\"\n\n");
  write_array (out, "const CqBitboard _cq_knight_attacks[64]", knight_attacks, 64, 0);
  write_array (out, "const CqBitboard _cq_king_attacks[64]", king_attacks, 64, 0);
  write_array (out, "const CqBitboard _cq_pawn_attacks[2][64]", pawn_attacks[0], 128, 64);
  write_array (out, "const CqBitboard _cq_bishop_pseudo[64]", bishop_pseudo, 64, 0);
  write_array (out, "const CqBitboard _cq_rook_pseudo[64]", rook_pseudo, 64, 0);
  write_array (out, "const CqBitboard _cq_between[64][64]", between[0], 64 * 64, 64);
  write_array (out, "const CqBitboard _cq_line[64][64]", line[0], 64 * 64, 64);
  write_array (out, "const CqBitboard _cq_ray[64][8]", ray[0], 64 * 8, 8);
  write_array (out, "static const CqBitboard rook_table[102400]", rook_table, ROOK_ENTRIES, 0);
  write_array (out, "static const CqBitboard bishop_table[5248]", bishop_table, BISHOP_ENTRIES, 0);
  write_magics (out, "const CqMagic _cq_rook_magics[64]", rook_magics, "rook_table");
  write_magics (out, "const CqMagic _cq_bishop_magics[64]", bishop_magics, "bishop_table");
  write_array (out, "const CqBitboard _cq_zobrist[CQ_N_PIECES][64]", zobrist[0],
               ZOBRIST_PIECES * 64, 64);
  fprintf (out, "const CqBitboard _cq_zobrist_black = 0x%016" PRIx64 "u;\n", zobrist_black);
  if (ferror (out) != 0)
    {
      fprintf (stderr, "cq-gen-tables: cannot write %s\n", tmp);
      fclose (out);
      remove (tmp);
      return 1;
    }
  if (fclose (out) != 0 || rename (tmp, argv[1]) != 0)
    {
      perror (argv[1]);
      remove (tmp);
      return 1;
    }
  free (tmp);
  return 0;
}
