/* test-index-condition.c: necessary conditions on game summaries
 * (cq-index-condition.h): their algebra, the summaries they test
 * (cq_game_summarize()), the conditions of CQL 3 queries and position
 * searches, and their soundness over the repository's queries and games.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cql-test-util.h"
#include "cql-manual-cases.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "chess/cq-zobrist.h"

static char *
fixture_path (const char *first, ...)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  va_list ap;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *part;

  g_assert_nonnull (fixtures);
  g_ptr_array_add (parts, (gpointer) fixtures);
  va_start (ap, first);
  for (part = first; part != NULL; part = va_arg (ap, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* ---------------------------------------------------------------- */
/* The algebra                                                        */

static void
assert_condition (CqIndexCondition *c, const char *expected)
{
  g_autofree char *text = cq_index_condition_to_string (c);

  g_assert_cmpstr (text, ==, expected);
  cq_index_condition_free (c);
}

#define SQ(name) CQ_BIT (CQ_SQUARE ((name)[0] - 'a', (name)[1] - '1'))
#define P(piece) CQ_PIECE_BIT (piece)

static void
test_algebra (void)
{
  gint8 mirror[64];

  assert_condition (cq_index_condition_and (cq_index_condition_new_true (),
                                            cq_index_condition_new_flags (CQ_SUMMARY_MATE)),
                    "flags(mate)");
  assert_condition (cq_index_condition_and (cq_index_condition_new_false (),
                                            cq_index_condition_new_flags (CQ_SUMMARY_MATE)),
                    "false");
  assert_condition (cq_index_condition_or (cq_index_condition_new_true (),
                                           cq_index_condition_new_flags (CQ_SUMMARY_MATE)),
                    "true");
  assert_condition (cq_index_condition_or (cq_index_condition_new_false (),
                                           cq_index_condition_new_squares (P (CQ_WN), SQ ("d4"))),
                    "squares(N,d4)");
  assert_condition (cq_index_condition_and (cq_index_condition_new_flags (CQ_SUMMARY_MATE),
                                            cq_index_condition_new_flags (CQ_SUMMARY_CHECK)),
                    "flags(check|mate)");
  /* Two designators of one piece set fold into one leaf. */
  assert_condition (cq_index_condition_or (cq_index_condition_new_squares (P (CQ_WN), SQ ("d4")),
                                           cq_index_condition_new_squares (P (CQ_WN), SQ ("e5"))),
                    "squares(N,d4 e5)");
  assert_condition (cq_index_condition_or (cq_index_condition_new_squares (P (CQ_WN), SQ ("d4")),
                                           cq_index_condition_new_squares (P (CQ_BN), SQ ("e5"))),
                    "or(squares(N,d4),squares(n,e5))");
  assert_condition (cq_index_condition_new_squares (0, SQ ("d4")), "false");
  assert_condition (cq_index_condition_new_count_at_least (P (CQ_WP), 0), "true");
  assert_condition (cq_index_condition_new_count_at_least (P (CQ_WP), 65), "false");
  assert_condition (cq_index_condition_new_count_at_most (P (CQ_WP), 64), "true");
  assert_condition (cq_index_condition_new_count_at_most (P (CQ_BQ), 0), "count<=(q,0)");
  /* An index keeps no empty squares: a leaf on them asks nothing. */
  assert_condition (cq_index_condition_new_squares (P (CQ_EMPTY) | P (CQ_WR), SQ ("a1")), "true");
  assert_condition (cq_index_condition_new_count_at_least (P (CQ_EMPTY), 40), "true");
  assert_condition (cq_index_condition_new_count_at_most (P (CQ_EMPTY) | P (CQ_WP), 3), "true");
  /* Nor counts of kings. */
  assert_condition (cq_index_condition_new_count_at_least (P (CQ_BK), 2), "true");

  /* The images of a transform: files reversed, colours swapped. */
  for (guint sq = 0; sq < 64; sq++)
    mirror[sq] = (gint8) CQ_SQUARE (7 - CQ_FILE (sq), CQ_RANK (sq));
  {
    g_autoptr(CqIndexCondition) c = cq_index_condition_and (
      cq_index_condition_new_squares (P (CQ_WN), SQ ("b1")),
      cq_index_condition_new_count_at_least (P (CQ_WQ), 2));

    assert_condition (cq_index_condition_transform (c, mirror, FALSE),
                      "and(squares(N,g1),count>=(Q,2))");
    assert_condition (cq_index_condition_transform (c, mirror, TRUE),
                      "and(squares(n,g1),count>=(q,2))");
  }
  {
    /* A shift off the board: the square leaf goes, the count holds. */
    gint8 shift[64];
    g_autoptr(CqIndexCondition) c = cq_index_condition_and (
      cq_index_condition_new_squares (P (CQ_WN), SQ ("h1")),
      cq_index_condition_new_count_at_least (P (CQ_WQ), 2));

    for (guint sq = 0; sq < 64; sq++)
      shift[sq] = CQ_FILE (sq) == 7 ? -1 : (gint8) (sq + 1);
    assert_condition (cq_index_condition_transform (c, shift, FALSE), "false");
  }
  /* Keys: shown in hexadecimal, copied with their array; a transform
   * makes them TRUE (the key of a position's image is not known from
   * the key); no key is FALSE. */
  {
    guint64 keys[] = { G_GUINT64_CONSTANT (0x0123456789abcdef), 42 };
    g_autoptr(CqIndexCondition) c = cq_index_condition_and (
      cq_index_condition_new_flags (CQ_SUMMARY_CHECK), cq_index_condition_new_keys (keys, 2));

    keys[0] = 0;   /* copied: no longer read */
    assert_condition (cq_index_condition_copy (c),
                      "and(flags(check),keys(0123456789abcdef 000000000000002a))");
    assert_condition (cq_index_condition_transform (c, mirror, TRUE), "flags(check)");
    assert_condition (cq_index_condition_new_keys (NULL, 0), "false");
  }
}

/* The keys of random summaries and key leaves: a few, so that a leaf's
 * keys are in some filters and not in others. */
static guint64
pool_key (guint i)
{
  return (i + 1) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
}

/* A summary with random contents (a few bits per column, so that leaves
 * pass and fail alike). */
static void
random_summary (GRand *rand, CqGameSummary *s)
{
  memset (s, 0, sizeof *s);
  for (guint k = 0; k < 3; k++)
    cq_game_summary_add_key (s->keys, pool_key (g_rand_int_range (rand, 0, 16)));
  for (guint p = 0; p < CQ_N_PIECES; p++)
    {
      for (guint k = 0; k < 3; k++)
        s->squares[p] |= CQ_BIT (g_rand_int_range (rand, 0, 64));
      s->min_count[p] = (guint8) g_rand_int_range (rand, 0, 3);
      s->max_count[p] = (guint8) (s->min_count[p] + g_rand_int_range (rand, 0, 3));
      /* Now and then past what a packed count holds (15). */
      if (g_rand_int_range (rand, 0, 20) == 0)
        s->max_count[p] = (guint8) g_rand_int_range (rand, 14, 20);
    }
  s->flags = g_rand_int (rand) & ((1u << 15) - 1);
  if (g_rand_int_range (rand, 0, 40) == 0)
    s->flags |= CQ_SUMMARY_DAMAGED;
}

/* @n random summaries and the same as columns; free with
 * random_games_free(). */
typedef struct {
  CqGameSummary   *games;
  guint64         *base;   /* the columns below, one block (8-byte words) */
  gsize            size;   /* of @base, in bytes */
  guint64         *squares;
  guint8          *counts;
  guint32         *flags;
  guint64         *keys;
  CqSummaryColumns cols;
} RandomGames;

static void
random_games_init (RandomGames *r, GRand *rand, guint n)
{
  gsize words = (gsize) n * (CQ_N_PIECES + CQ_SUMMARY_KEY_WORDS)
                + ((gsize) n * CQ_N_PIECES + 7) / 8 + ((gsize) n + 1) / 2;

  r->games = g_new (CqGameSummary, n);
  r->base = g_new0 (guint64, words);
  r->size = words * sizeof (guint64);
  r->squares = r->base;
  r->keys = r->squares + (gsize) n * CQ_N_PIECES;
  r->counts = (guint8 *) (r->keys + (gsize) n * CQ_SUMMARY_KEY_WORDS);
  r->flags = (guint32 *) (r->counts + ((gsize) n * CQ_N_PIECES + 7) / 8 * 8);
  memset (&r->cols, 0, sizeof r->cols);
  r->cols.n_games = n;
  r->cols.flags = r->flags;
  r->cols.keys = r->keys;
  /* As an index gives them: no column of empty squares. */
  for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
    {
      r->cols.squares[p] = r->squares + (gsize) p * n;
      if (!(CQ_SUMMARY_UNCOUNTED & (1u << p)))
        r->cols.counts[p] = r->counts + (gsize) p * n;
    }
  for (guint i = 0; i < n; i++)
    {
      random_summary (rand, &r->games[i]);
      for (guint p = 0; p < CQ_N_PIECES; p++)
        {
          r->squares[(gsize) p * n + i] = r->games[i].squares[p];
          r->counts[(gsize) p * n + i]
            = cq_game_summary_pack_counts (r->games[i].min_count[p], r->games[i].max_count[p]);
        }
      r->flags[i] = r->games[i].flags;
      memcpy (r->keys + (gsize) i * CQ_SUMMARY_KEY_WORDS, r->games[i].keys,
              sizeof r->games[i].keys);
    }
}

static void
random_games_free (RandomGames *r)
{
  g_free (r->games);
  g_free (r->base);
}

/* cq_index_condition_select() over columns agrees with
 * cq_index_condition_test() per summary, for every count of games
 * around the 64 of a bitmap word. */
static void
test_select (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (33);
  g_autoptr(CqIndexCondition) c = cq_index_condition_or (
    cq_index_condition_and (cq_index_condition_new_squares (P (CQ_WN) | P (CQ_BN),
                                                            CQ_SQUARES_LIGHT),
                            cq_index_condition_new_flags (CQ_SUMMARY_CHECK)),
    cq_index_condition_and (cq_index_condition_new_count_at_least (P (CQ_WP) | P (CQ_BP), 3),
                            cq_index_condition_or (
                              cq_index_condition_new_count_at_most (P (CQ_WQ), 1),
                              cq_index_condition_new_keys ((guint64[]) { pool_key (3) }, 1))));
  static const guint counts[] = { 1, 63, 64, 65, 127, 128, 129, 200 };

  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    {
      guint n = counts[k];
      g_autofree guint64 *bitmap = g_new (guint64, (n + 63) / 64 + 1);
      RandomGames r;
      CqGameSummary *games;
      guint64 expected = 0, selected;

      random_games_init (&r, rand, n);
      games = r.games;
      /* A sentinel word past the bitmap stays as it was. */
      bitmap[(n + 63) / 64] = 0x5a5a;
      selected = cq_index_condition_select (c, &r.cols, bitmap);
      for (guint i = 0; i < n; i++)
        {
          gboolean want = cq_index_condition_test (c, &games[i])
                          || (games[i].flags & CQ_SUMMARY_ALWAYS_READ);

          expected += want;
          g_assert_cmpint (((bitmap[i / 64] >> (i % 64)) & 1) != 0, ==, want);
        }
      if (n % 64 != 0)
        g_assert_cmpuint (bitmap[n / 64] >> (n % 64), ==, 0);
      g_assert_cmpuint (bitmap[(n + 63) / 64], ==, 0x5a5a);
      g_assert_cmpuint (selected, ==, expected);
      g_assert_cmpuint (selected, >, 0);
      g_assert_cmpuint (selected, <, n > 10 ? n : n + 1);
      random_games_free (&r);
    }
}

/* A random condition of up to @depth levels of `and` and `or`. */
static CqIndexCondition *
random_condition (GRand *rand, guint depth)
{
  guint16 pieces = (guint16) g_rand_int_range (rand, 1, 1 << CQ_N_PIECES);

  switch (depth == 0 ? g_rand_int_range (rand, 2, 7) : g_rand_int_range (rand, 0, 7))
    {
    case 6:
      {
        guint64 keys[2] = { pool_key (g_rand_int_range (rand, 0, 16)),
                            pool_key (g_rand_int_range (rand, 0, 16)) };

        return cq_index_condition_new_keys (keys, g_rand_int_range (rand, 1, 3));
      }
    case 0:
      return cq_index_condition_and (random_condition (rand, depth - 1),
                                     random_condition (rand, depth - 1));
    case 1:
      return cq_index_condition_or (random_condition (rand, depth - 1),
                                    random_condition (rand, depth - 1));
    case 2:
      return cq_index_condition_new_flags (1u << g_rand_int_range (rand, 0, 15));
    case 3:
      return cq_index_condition_new_squares (pieces, ((guint64) g_rand_int (rand) << 32)
                                                     & ((guint64) g_rand_int (rand) << 32
                                                        | g_rand_int (rand)));
    case 4:
      return cq_index_condition_new_count_at_least (pieces, g_rand_int_range (rand, 0, 12));
    default:
      return cq_index_condition_new_count_at_most (pieces, g_rand_int_range (rand, 0, 12));
    }
}

/* cq_index_condition_select() agrees with cq_index_condition_test() on
 * random trees, whose members are tested only on the games the members
 * before them left in question. */
static void
test_select_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (34);
  const guint n = 333;
  g_autofree guint64 *bitmap = g_new (guint64, (n + 63) / 64);
  RandomGames r;
  CqGameSummary *games;

  random_games_init (&r, rand, n);
  games = r.games;
  for (guint k = 0; k < 300; k++)
    {
      g_autoptr(CqIndexCondition) c = random_condition (rand, 4);
      guint64 expected = 0, selected = cq_index_condition_select (c, &r.cols, bitmap);

      for (guint i = 0; i < n; i++)
        {
          gboolean want = cq_index_condition_test (c, &games[i])
                          || (games[i].flags & CQ_SUMMARY_ALWAYS_READ);

          expected += want;
          g_assert_cmpint (((bitmap[i / 64] >> (i % 64)) & 1) != 0, ==, want);
        }
      g_assert_cmpuint (selected, ==, expected);
    }
  random_games_free (&r);
}

/* Writes @r's columns to a new temporary file; returns its descriptor
 * and its name in *@path. */
static int
write_columns (const RandomGames *r, char **path)
{
  g_autoptr(GError) error = NULL;
  int fd = g_file_open_tmp ("test-index-condition-XXXXXX", path, &error);

  g_assert_no_error (error);
  for (gsize done = 0; done < r->size;)
    {
      gssize wrote = write (fd, (const char *) r->base + done, r->size - done);

      g_assert_cmpint (wrote, >, 0);
      done += (gsize) wrote;
    }
  return fd;
}

/* Columns on file (#CqSummaryColumns.file_base, as an index gives them)
 * are read from the file, in windows of games that a few thousand games
 * cross, the same as from memory: the columns in memory are spoilt once
 * the file is written, so that a selection that read them instead would
 * disagree with the summaries. */
static void
test_select_file (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (35);
  const guint n = 20000;
  g_autofree guint64 *bitmap = g_new (guint64, (n + 63) / 64);
  g_autofree char *path = NULL;
  RandomGames r;
  int fd;

  random_games_init (&r, rand, n);
  fd = write_columns (&r, &path);
  memset (r.base, 0, r.size);
  r.cols.fd = fd;
  r.cols.file_base = r.base;
  for (guint k = 0; k < 200; k++)
    {
      g_autoptr(CqIndexCondition) c = random_condition (rand, 4);
      guint64 expected = 0, selected = cq_index_condition_select (c, &r.cols, bitmap);

      for (guint i = 0; i < n; i++)
        {
          gboolean want = cq_index_condition_test (c, &r.games[i])
                          || (r.games[i].flags & CQ_SUMMARY_ALWAYS_READ);

          expected += want;
          g_assert_cmpint (((bitmap[i / 64] >> (i % 64)) & 1) != 0, ==, want);
        }
      g_assert_cmpuint (selected, ==, expected);
    }
  close (fd);
  g_unlink (path);
  random_games_free (&r);
}

/* A file shortened after it was opened: the rows that cannot be read
 * are not taken from the mapping (whose pages past the end would stop the
 * program), and no game is left out for them: every game the summaries
 * select is selected, and every game of a window with a failed read. */
static void
test_select_file_shortened (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (36);
  const guint n = 20000;
  g_autofree guint64 *bitmap = g_new (guint64, (n + 63) / 64);
  g_autofree char *path = NULL;
  RandomGames r;
  guint extra = 0;
  int fd;

  random_games_init (&r, rand, n);
  fd = write_columns (&r, &path);
  g_assert_cmpint (ftruncate (fd, (off_t) (r.size / 2)), ==, 0);
  /* What a read of the mapping would find: no game selected on it. */
  memset (r.base, 0, r.size);
  r.cols.fd = fd;
  r.cols.file_base = r.base;
  for (guint k = 0; k < 50; k++)
    {
      g_autoptr(CqIndexCondition) c = random_condition (rand, 4);
      guint64 selected = cq_index_condition_select (c, &r.cols, bitmap);
      guint64 set = 0;

      for (guint i = 0; i < n; i++)
        {
          gboolean want = cq_index_condition_test (c, &r.games[i])
                          || (r.games[i].flags & CQ_SUMMARY_ALWAYS_READ);
          gboolean got = ((bitmap[i / 64] >> (i % 64)) & 1) != 0;

          if (want)
            g_assert_true (got);
          extra += got && !want;
          set += got;
        }
      g_assert_cmpuint (selected, ==, set);
    }
  /* The failed windows selected games the summaries would not. */
  g_assert_cmpuint (extra, >, 0);
  close (fd);
  g_unlink (path);
  random_games_free (&r);
}

/* ---------------------------------------------------------------- */
/* Summaries                                                          */

static void
summarize_text (const char *text, CqGameSummary *s)
{
  g_autoptr(CqGame) game = cq_game_new_from_text (text, strlen (text), NULL, NULL);

  cq_game_parse_moves (game);
  cq_game_summarize (game, s);
}

static void
summarize (const char *fen, const char *moves, CqGameSummary *s)
{
  g_autoptr(CqGame) game = cql_test_game_new (NULL, fen, moves, NULL, 0);

  cq_game_summarize (game, s);
}

static void
test_summary (void)
{
  CqGameSummary s;

  /* Fool's mate: check and mate, a capture nowhere. */
  summarize (NULL, "1. f3 e5 2. g4 Qh4#", &s);
  g_assert_cmpuint (s.flags, ==, CQ_SUMMARY_CHECK | CQ_SUMMARY_MATE | CQ_SUMMARY_CHECK_WTM
                                 | CQ_SUMMARY_MATE_WTM);
  g_assert_cmpuint (s.n_positions, ==, 5);
  g_assert_true (s.squares[CQ_BQ] & SQ ("h4"));
  g_assert_true (s.squares[CQ_BQ] & SQ ("d8"));
  g_assert_cmpuint (s.min_count[CQ_WP], ==, 8);
  g_assert_cmpuint (s.max_count[CQ_EMPTY], ==, 32);
  /* Stalemate. */
  summarize ("k7/8/8/1Q6/8/8/8/7K w - - 0 1", "1. Kg2", &s);
  g_assert_false (s.flags & CQ_SUMMARY_STALEMATE);
  summarize ("k7/8/8/1Q6/8/8/8/7K w - - 0 1", "1. Qb6", &s);
  g_assert_cmpuint (s.flags, ==, CQ_SUMMARY_STALEMATE | CQ_SUMMARY_STALEMATE_BTM
                                 | CQ_SUMMARY_SET_UP);
  /* Check and mate with each side to move, in a variation too. */
  summarize ("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", "1. Qg8# (1. Qa1+ Kb8 2. Qh8#)", &s);
  g_assert_cmpuint (s.flags & (CQ_SUMMARY_WTM_FLAGS | CQ_SUMMARY_BTM_FLAGS), ==,
                    CQ_SUMMARY_CHECK_BTM | CQ_SUMMARY_MATE_BTM);
  summarize ("K7/8/1k6/8/8/8/8/6q1 b - - 0 1", "1... Qg8# (1... Qa1+ 2. Kb8 Qh8#)", &s);
  g_assert_cmpuint (s.flags & (CQ_SUMMARY_WTM_FLAGS | CQ_SUMMARY_BTM_FLAGS), ==,
                    CQ_SUMMARY_CHECK_WTM | CQ_SUMMARY_MATE_WTM);
  g_assert_cmpuint (CQ_SUMMARY_SWAP_COLORS (CQ_SUMMARY_MATE_WTM | CQ_SUMMARY_CHECK_BTM
                                            | CQ_SUMMARY_CAPTURE), ==,
                    CQ_SUMMARY_MATE_BTM | CQ_SUMMARY_CHECK_WTM | CQ_SUMMARY_CAPTURE);
  /* Promotions to each kind, in a variation, with a capture. */
  summarize ("1n5k/P7/8/8/8/8/8/7K w - - 0 1", "1. a8=Q (1. axb8=N) (1. a8=R) (1. a8=B) 1... Kg7",
             &s);
  g_assert_cmpuint (s.flags & ~CQ_SUMMARY_CHECK, ==,
                    CQ_SUMMARY_PROMOTE_QUEEN | CQ_SUMMARY_PROMOTE_ROOK
                    | CQ_SUMMARY_PROMOTE_BISHOP | CQ_SUMMARY_PROMOTE_KNIGHT
                    | CQ_SUMMARY_CAPTURE | CQ_SUMMARY_VARIATIONS | CQ_SUMMARY_SET_UP);
  g_assert_cmpuint (s.min_count[CQ_BN], ==, 0);
  g_assert_cmpuint (s.max_count[CQ_BN], ==, 1);
  g_assert_true (s.squares[CQ_WN] & SQ ("b8"));
  /* Castling, en passant, comments, NAGs. */
  summarize ("4k3/8/8/8/3p4/8/4P3/4K2R w K - 0 1", "{start} 1. O-O! Kd7 2. e4 dxe3 $1", &s);
  g_assert_cmpuint (s.flags, ==, CQ_SUMMARY_CASTLE | CQ_SUMMARY_EN_PASSANT | CQ_SUMMARY_CAPTURE
                                 | CQ_SUMMARY_COMMENTS | CQ_SUMMARY_NAGS | CQ_SUMMARY_SET_UP);
  /* A damaged game keeps the positions before its error. */
  summarize_text ("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", &s);
  g_assert_true (s.flags & CQ_SUMMARY_DAMAGED);
  g_assert_cmpuint (s.n_positions, ==, 3);
  g_assert_true (s.squares[CQ_WP] & SQ ("e4"));
  g_assert_false (s.squares[CQ_WK] & SQ ("e3"));
  /* A game of another variant: skipped, nothing known. */
  summarize_text ("[Event \"x\"]\n[Variant \"crazyhouse\"]\n\n1. e4 e5 *\n", &s);
  g_assert_true (s.flags & CQ_SUMMARY_SKIPPED);
}

/* ---------------------------------------------------------------- */
/* Conditions of queries                                              */

static void
assert_query (const char *text, const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, NULL, &error);

  g_assert_no_error (error);
  assert_condition (cq_query_get_index_condition (query), expected);
}

static void
assert_position (const char *fen, CqPositionMatch mode, guint max_differ, const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_for_position (fen, mode, max_differ, &error);

  g_assert_no_error (error);
  assert_condition (cq_query_get_index_condition (query), expected);
}

static void
test_cql3_conditions (void)
{
  assert_query ("(match (position))", "true");
  assert_query ("(match :player \"Tal\" (position :wtm :initial))", "true");
  assert_query ("(match (position :mate))", "flags(mate)");
  assert_query ("(match (position :stalemate :check))", "flags(check|stalemate)");
  assert_query ("(match (position :mate :btm N))", "and(flags(mate-btm),squares(N,a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4 a5 b5 c5 d5 e5 f5 g5 h5 a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8))");
  /* The side to move with mate, stalemate and check; under a colour swap
   * the other side's. */
  assert_query ("(match (position :wtm :stalemate :check))", "flags(check-wtm|stalemate-wtm)");
  assert_query ("(match (position :wtm :btm :mate))", "flags(mate)");
  assert_query ("(match (position :mate :wtm :flipcolor))",
                "or(flags(mate-btm),flags(mate-wtm))");
  /* Only positions off the mainline. */
  assert_query ("(match (position :mate :variationsonly))", "flags(mate|variations)");
  assert_query ("(match (position :not :mate :variationsonly))", "true");
  /* Two lists: both. */
  assert_query ("(match (position :mate) (position Qh8))", "and(flags(mate),squares(Q,h8))");
  /* :not, and a match count that admits none: true. */
  assert_query ("(match (position :not :mate))", "true");
  assert_query ("(match (position :mate :matchcount 0 3))", "true");
  assert_query ("(match (position :mate :matchcount 2 3))", "flags(mate)");
  /* A transform: the union of the images, per element. */
  assert_query ("(match (position Ka1 :flipcolor))", "or(squares(K,a1),squares(k,a8))");
  assert_query ("(match (position Ka1 Qb2 :flip))",
                "and(squares(Q,b2 g2 b7 g7),squares(K,a1 h1 a8 h8))");
  assert_query ("(match (position Rc2 :shifthorizontal))",
                "squares(R,a2 b2 c2 d2 e2 f2 g2 h2)");
  /* Promotions: the kinds named. */
  assert_query ("(match (position :promote [RBNrbn]))",
                "and(squares(NBRnbr,a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4 a5 b5 c5 d5 e5 f5 g5 h5 a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8),or(or(flags(promote=R),flags(promote=B)),flags(promote=N)))");
  assert_query ("(match (position :promote N[a-h8]))",
                "and(squares(N,a8 b8 c8 d8 e8 f8 g8 h8),flags(promote=N))");
  /* Counts. */
  assert_query ("(match (position :piececount [Qq] 0))",
                "count<=(Qq,0)");
  assert_query ("(match (position :piececount P 6 8))", "and(and(squares(P,a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4 a5 b5 c5 d5 e5 f5 g5 h5 a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8),count>=(P,6)),count<=(P,8))");
  /* Nested lists: :and both, :or either. */
  assert_query ("(match (position :and ((position :mate) (position Kh1))))",
                "and(flags(mate),squares(K,h1))");
  assert_query ("(match (position :or ((position :mate) (position :stalemate))))",
                "or(flags(mate),flags(stalemate))");
  /* A sequence's lists, and the lists of an :and, join the enclosing
   * list's elements, united over both transform sets. */
  assert_query ("(match (position :sequence ((position :movefrom Qa2) (position :check))))",
                "and(squares(Q,a2),flags(check))");
  assert_query ("(match (position :flipcolor :sequence ((position :movefrom Qa2 :flipvertical)"
                " (position :mate))))",
                "and(or(squares(Q,a2 h2),squares(q,a7 h7)),flags(mate))");
  /* A nested :or under a shift has many distinct images: "true" but for
   * the rest of the list. */
  assert_query ("(match (position :check :shift :or ((position Qa1) (position Rb2 Ka3))))",
                "flags(check)");
  assert_query ("(match (position :check :flipvertical :or ((position Qa1) (position Rb2))))",
                "and(flags(check),or(or(squares(Q,a1),squares(R,b2)),or(squares(Q,h1),squares(R,g2))))");
  /* Tags: the piece is the game's. */
  assert_query ("(match :forany t [Nn] (position $t[d4]))", "true");
}

static void
test_position_conditions (void)
{
  /* K+Q v K: no pawns, no other kind, the pieces on their squares and
   * the key of the position (the Zobrist numbers of cq-gen-tables.c: a
   * change of them changes these, and the index's format); the images:
   * mirrored, colours reversed, both. */
  assert_position ("7k/8/8/8/8/3Q4/8/K7 w - - 0 1", CQ_POSITION_MATCH_EXACT, 0,
                   "and(and(and(and(and(and(count<=(P,0),count<=(p,0)),count<=(NBRnbrq,0)),"
                   "squares(Q,d3)),squares(K,a1)),squares(k,h8)),keys(257105e8754c0a6b))");
  assert_position ("7k/8/8/8/8/3Q4/8/K7 w - - 0 1", CQ_POSITION_MATCH_SYMMETRIC, 0,
                   "or(or(or(and(and(and(and(and(and(count<=(P,0),count<=(p,0)),"
                   "count<=(NBRnbrq,0)),squares(Q,d3)),squares(K,a1)),squares(k,h8)),"
                   "keys(257105e8754c0a6b)),"
                   "and(and(and(and(and(and(count<=(P,0),count<=(p,0)),count<=(NBRnbrq,0)),"
                   "squares(Q,e3)),squares(K,h1)),squares(k,a8)),keys(c293b80ac0422c50))),"
                   "and(and(and(and(and(and(count<=(P,0),count<=(p,0)),count<=(NBRQnbr,0)),"
                   "squares(q,d6)),squares(K,h1)),squares(k,a8)),keys(19ff15a074ff3cc9))),"
                   "and(and(and(and(and(and(count<=(P,0),count<=(p,0)),count<=(NBRQnbr,0)),"
                   "squares(q,e6)),squares(K,a1)),squares(k,h8)),keys(d768328939d736da)))");
  /* One piece may differ: counts within one, no squares; the mirror
   * image gives the same condition, kept once. */
  assert_position ("7k/8/8/8/8/3Q4/8/K7 w - - 0 1", CQ_POSITION_MATCH_EXACT, 1,
                   "and(and(count<=(P,1),count<=(p,1)),count<=(NBRnbrq,1))");
  assert_position ("7k/8/8/8/8/3Q4/8/K7 w - - 0 1", CQ_POSITION_MATCH_SYMMETRIC, 1,
                   "or(and(and(count<=(P,1),count<=(p,1)),count<=(NBRnbrq,1)),"
                   "and(and(count<=(P,1),count<=(p,1)),count<=(NBRQnbr,1)))");
}

/* ---------------------------------------------------------------- */
/* Soundness                                                          */

/* Each example of the manual: a game it matches passes its condition. */
static void
test_sound_manual (void)
{
  guint excluded = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const ManualCase *mc = &cases[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_string (mc->cql, NULL, &error);
      g_autoptr(CqIndexCondition) condition = NULL;
      g_autoptr(CqGame) game = NULL;
      CqGameSummary summary;
      gboolean passes, matched;

      g_assert_no_error (error);
      condition = cq_query_get_index_condition (query);
      game = cql_test_game_new (NULL, mc->fen, mc->moves, NULL, 0);
      cq_game_summarize (game, &summary);
      passes = cq_index_condition_test (condition, &summary);
      matched = cq_query_accepts_tags (query, game) && cq_query_match_game (query, game, NULL);
      g_assert_cmpint (matched, ==, strcmp (mc->expected, "no match") != 0);
      if (matched && !passes)
        {
          g_autofree char *text = cq_index_condition_to_string (condition);

          g_error ("%s: matches but fails %s", mc->name, text);
        }
      excluded += !passes;
    }
  g_test_message ("%u of %u manual cases excluded", excluded, (guint) G_N_ELEMENTS (cases));
  g_assert_cmpuint (excluded, >, 0);
}

/* The CQL 3 query files of the repository (golden queries, themes,
 * examples, fuzzing seeds that compile as CQL 3), appended to @out. */
static void
collect_queries (const char *dir, GPtrArray *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".cql"))
      g_ptr_array_add (out, g_build_filename (dir, name, NULL));
}

static GPtrArray *
repository_queries (void)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *golden = fixture_path ("cql", "golden", NULL);
  g_autofree char *cql = fixture_path ("cql", NULL);
  g_autofree char *fuzz = fixture_path ("fuzz", "seed-cql", NULL);
  g_autofree char *workbench = fixture_path ("workbench", NULL);
  g_autofree char *root = fixture_path ("..", "..", NULL);
  g_autofree char *themes = g_build_filename (root, "data", "themes", NULL);
  g_autofree char *examples = g_build_filename (root, "data", "queries", NULL);

  collect_queries (golden, paths);
  collect_queries (cql, paths);
  collect_queries (fuzz, paths);
  collect_queries (workbench, paths);
  collect_queries (themes, paths);
  collect_queries (examples, paths);
  g_ptr_array_sort (paths, (GCompareFunc) g_strcmp0);
  return paths;
}

/* The PGN files the queries run on: the fixtures', and the studies of
 * the shared data when present. */
static GPtrArray *
pgn_files (void)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  static const char *const dirs[] = { "pgn", "chess", "cli", "viewer", "workbench" };
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = fixture_path (dirs[i], NULL);
      g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (name, ".pgn"))
          g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
    }
  if (shared != NULL)
    {
      char *studies = g_build_filename (shared, "studies", "cql6-sample-hhdb-selection.pgn",
                                        NULL);

      if (g_file_test (studies, G_FILE_TEST_EXISTS))
        g_ptr_array_add (paths, studies);
      else
        g_free (studies);
    }
  g_ptr_array_sort (paths, (GCompareFunc) g_strcmp0);
  return paths;
}

static void
test_sound_files (void)
{
  g_autoptr(GPtrArray) queries = repository_queries ();
  g_autoptr(GPtrArray) pgns = pgn_files ();
  guint n_cql3 = 0, n_selective = 0;

  for (guint i = 0; i < queries->len; i++)
    {
      const char *path = g_ptr_array_index (queries, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_file (path, &error);
      g_autoptr(CqIndexCondition) condition = NULL;
      guint64 excluded = 0;

      if (query == NULL || cq_query_get_dialect (query) != CQ_DIALECT_CQL3)
        continue;
      n_cql3++;
      condition = cq_query_get_index_condition (query);
      for (guint k = 0; k < pgns->len; k++)
        excluded += cql_test_assert_index_sound (query, g_ptr_array_index (pgns, k));
      n_selective += excluded > 0;
    }
  g_test_message ("%u CQL 3 queries on %u files, %u exclude games", n_cql3, pgns->len,
                  n_selective);
  g_assert_cmpuint (n_cql3, >=, 40);
  g_assert_cmpuint (n_selective, >=, 20);
}

/* The filters of positions' keys: every position of a game passes its
 * game's filter, and its exact and symmetric position searches pass the
 * game's summary, over the fixtures (variations, null moves, castling, en
 * passant, promotions with and without a capture: the union of their
 * flags says they are there); the keys of other games' positions mostly
 * fail a filter. */
static void
test_position_keys (void)
{
  g_autoptr(GPtrArray) pgns = pgn_files ();
  g_autoptr(GArray) summaries = g_array_new (FALSE, FALSE, sizeof (CqGameSummary));
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) owners = g_array_new (FALSE, FALSE, sizeof (guint));
  guint32 seen = 0;
  guint64 n_searches = 0, n_tests = 0, n_passed = 0;
  gboolean promotion_capture = FALSE;

  for (guint f = 0; f < pgns->len; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqPgnReader) reader = cq_pgn_reader_new_for_path (g_ptr_array_index (pgns, f),
                                                                 NULL, &error);
      const char *text;
      gsize len;
      CqGameSource source;

      g_assert_no_error (error);
      while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
        {
          g_autoptr(CqGame) game = cq_game_new_from_text (text, len, &source, NULL);
          CqGameSummary summary;
          guint owner = summaries->len;

          if (game->skipped)
            continue;
          cq_game_parse_moves (game);
          cq_game_summarize (game, &summary);
          g_array_append_val (summaries, summary);
          seen |= summary.flags;
          for (guint i = 0; i < game->n_nodes; i++)
            {
              const CqNode *node = cq_game_get_node (game, i);
              guint64 key = _cq_position_key (&node->position);

              promotion_capture |= node->parent != NULL && node->move.promotion != CQ_EMPTY
                                   && node->move.captured != CQ_EMPTY;
              g_assert_true (cq_game_summary_may_hold_key (summary.keys, key));
              g_array_append_val (keys, key);
              g_array_append_val (owners, owner);
              /* A few positions of each game searched as a query. */
              if (i % 17 == 3 && n_searches < 400)
                {
                  char fen[CQ_FEN_MAX];

                  cq_position_to_fen (&node->position, fen);
                  for (guint mode = CQ_POSITION_MATCH_EXACT;
                       mode <= CQ_POSITION_MATCH_SYMMETRIC; mode++)
                    {
                      g_autoptr(CqQuery) query = cq_query_new_for_position (fen, mode, 0,
                                                                            &error);
                      g_autoptr(CqIndexCondition) condition = NULL;

                      g_assert_no_error (error);
                      condition = cq_query_get_index_condition (query);
                      g_assert_true (cq_query_match_game (query, game, NULL));
                      g_assert_true (cq_index_condition_test (condition, &summary));
                    }
                  n_searches++;
                }
            }
        }
      g_assert_no_error (error);
    }
  g_assert_cmphex (seen & (CQ_SUMMARY_VARIATIONS | CQ_SUMMARY_NULL_MOVE | CQ_SUMMARY_CASTLE
                           | CQ_SUMMARY_EN_PASSANT | CQ_SUMMARY_PROMOTE_KNIGHT),
                   ==, CQ_SUMMARY_VARIATIONS | CQ_SUMMARY_NULL_MOVE | CQ_SUMMARY_CASTLE
                       | CQ_SUMMARY_EN_PASSANT | CQ_SUMMARY_PROMOTE_KNIGHT);
  g_assert_true (promotion_capture);
  g_assert_cmpuint (n_searches, >=, 100);

  /* Positions against the filters of other games (not full ones): a
   * position with the same key is another game's too, rarely. */
  for (guint k = 0; k < keys->len; k += 7)
    for (guint g = (k * 13) % summaries->len, t = 0; t < 5; t++, g = (g + 101) % summaries->len)
      {
        const CqGameSummary *summary = &g_array_index (summaries, CqGameSummary, g);

        if (g == g_array_index (owners, guint, k)
            || summary->n_positions > CQ_SUMMARY_KEY_MAX_POSITIONS || summary->n_positions == 0)
          continue;
        n_tests++;
        n_passed += cq_game_summary_may_hold_key (summary->keys,
                                                  g_array_index (keys, guint64, k));
      }
  g_test_message ("%u games, %u positions, %" G_GUINT64_FORMAT " searched; other games' "
                  "positions: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " pass",
                  summaries->len, keys->len, n_searches, n_passed, n_tests);
  g_assert_cmpuint (n_tests, >, 1000);
  g_assert_cmpuint (n_passed, <, n_tests / 5);
}

/* Typical selective searches exclude games of the studies. */
static void
test_selective (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *studies = shared != NULL
    ? g_build_filename (shared, "studies", "cql6-sample-hhdb-selection.pgn", NULL) : NULL;
  static const char *const queries[] = {
    "(match (position :mate :btm N R))",
    "(match (position :promote [RBNrbn] :variations))",
    "(match (position :mate Kh1 :flip :flipcolor))",
    "(match (position :stalemate :wtm :flipcolor))",
    "cql() mate wtm",
    "cql() flipcolor {check btm Q}",
    "cql() btm and stalemate",
  };

  if (studies == NULL || !g_file_test (studies, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-selection.pgn is absent");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_string (queries[i], NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (cql_test_assert_index_sound (query, studies), >, 0);
    }
  {
    /* A position of the studies' first game, searched exactly and up to
     * symmetries: only games that reach its material pass. */
    g_autoptr(GError) error = NULL;
    g_autoptr(CqPgnReader) reader = cq_pgn_reader_new_for_path (studies, NULL, &error);
    const char *text;
    gsize len;
    CqGameSource source;
    g_autoptr(CqGame) game = NULL;
    char fen[CQ_FEN_MAX];

    g_assert_true (cq_pgn_reader_next (reader, &text, &len, &source, &error));
    game = cq_game_new_from_text (text, len, &source, NULL);
    cq_game_parse_moves (game);
    g_assert_cmpuint (game->n_nodes, >, 3);
    cq_position_to_fen (&cq_game_get_node (game, 3)->position, fen);
    for (guint differ = 0; differ <= 1; differ++)
      for (guint mode = CQ_POSITION_MATCH_EXACT; mode <= CQ_POSITION_MATCH_SYMMETRIC; mode++)
        {
          g_autoptr(CqQuery) query = cq_query_new_for_position (fen, mode, differ, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (cql_test_assert_index_sound (query, studies), >, 0);
        }
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-condition/algebra", test_algebra);
  g_test_add_func ("/index-condition/select", test_select);
  g_test_add_func ("/index-condition/select-random", test_select_random);
  g_test_add_func ("/index-condition/select-file", test_select_file);
  g_test_add_func ("/index-condition/select-file-shortened", test_select_file_shortened);
  g_test_add_func ("/index-condition/summary", test_summary);
  g_test_add_func ("/index-condition/cql3", test_cql3_conditions);
  g_test_add_func ("/index-condition/position", test_position_conditions);
  g_test_add_func ("/index-condition/position-keys", test_position_keys);
  g_test_add_func ("/index-condition/sound/manual", test_sound_manual);
  g_test_add_func ("/index-condition/sound/files", test_sound_files);
  g_test_add_func ("/index-condition/sound/selective", test_selective);
  return g_test_run ();
}
