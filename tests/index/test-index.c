/* test-index.c: the persistent index of a PGN file (cq-index.h) and the
 * summarising search that builds it (#CqSearchOptions.summarize): every
 * game's source, digest and summary in the index are those of a direct
 * read of the file; a missing, changed, damaged or compressed file's index
 * is refused with its error; a build that cannot finish writes nothing.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "chess/cq-zobrist.h"
#include "compress-util.h"
#include "index/cq-index.h"
#include "index/cq-index-moves.h"
#include "pgn/cq-pgn.h"
#include "search/cq-search.h"
#include "test-files.h"

static char *index_dir;   /* EXCELSIOR_INDEX_DIR of the test */
static char *work_dir;    /* copies of fixtures the test changes */

static char *
fixture (const char *dir, const char *name)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  if (fixtures == NULL)
    fixtures = g_test_get_filename (G_TEST_DIST, "..", "fixtures", NULL);
  if (g_str_equal (dir, "sample"))
    return g_build_filename (fixtures, "..", "..", "data", "sample", name, NULL);
  return g_build_filename (fixtures, dir, name, NULL);
}

/* A copy of @src in the work folder, named @name. */
static char *
copy_to_work (const char *src, const char *name)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  char *dest = g_build_filename (work_dir, name, NULL);
  gsize len;

  g_file_get_contents (src, &data, &len, &error);
  g_assert_no_error (error);
  g_file_set_contents (dest, data, len, &error);
  g_assert_no_error (error);
  return dest;
}

/* The summary of @game the long way: every square, count, legal-move
 * test and Zobrist key at every position (cq_game_summarize() takes them
 * only where they can change, and keys a position from its parent's). */
static void
summarize_slowly (const CqGame *game, CqGameSummary *summary)
{
  CqGameSummary fast;

  cq_game_summarize (game, &fast);
  memset (summary->squares, 0, sizeof summary->squares);
  memset (summary->min_count, 0xff, sizeof summary->min_count);
  memset (summary->max_count, 0, sizeof summary->max_count);
  memset (summary->keys, 0, sizeof summary->keys);
  summary->flags = fast.flags & ~(guint32) (CQ_SUMMARY_CHECK | CQ_SUMMARY_MATE
                                           | CQ_SUMMARY_STALEMATE);
  for (guint i = 0; i < game->n_nodes; i++)
    {
      const CqPosition *pos = &cq_game_get_node (game, i)->position;

      for (guint p = 0; p < CQ_N_PIECES; p++)
        {
          guint n = (guint) __builtin_popcountll (pos->pieces[p]);

          summary->squares[p] |= pos->pieces[p];
          summary->min_count[p] = MIN (summary->min_count[p], n);
          summary->max_count[p] = MAX (summary->max_count[p], n);
        }
      cq_game_summary_add_key (summary->keys, _cq_position_key (pos));
      if (cq_position_in_check (pos))
        summary->flags |= CQ_SUMMARY_CHECK
                          | (cq_position_has_legal_move (pos) ? 0 : CQ_SUMMARY_MATE);
      else if (!cq_position_has_legal_move (pos))
        summary->flags |= CQ_SUMMARY_STALEMATE;
    }
  if (game->n_nodes == 0 || game->n_nodes > CQ_SUMMARY_KEY_MAX_POSITIONS)
    memset (summary->keys, 0xff, sizeof summary->keys);
  if (game->n_nodes == 0)
    {
      memset (summary->squares, 0xff, sizeof summary->squares);
      memset (summary->min_count, 0, sizeof summary->min_count);
      memset (summary->max_count, 0xff, sizeof summary->max_count);
    }
}

/* Checks every game of @path's index against a direct read of @path. */
static void
check_against_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqIndex) index = cq_index_open (path, &error);
  g_autoptr(CqPgnReader) reader = NULL;
  CqSummaryColumns columns;
  const char *text;
  gsize len;
  CqGameSource want;
  guint64 n = 0, positions = 0, n_mates = 0, n_stalemates = 0;

  g_assert_no_error (error);
  g_assert_nonnull (index);
  g_assert_true (cq_index_check_data (index, &error));
  g_assert_no_error (error);
  cq_index_get_columns (index, &columns);
  g_assert_cmpuint (columns.n_games, ==, cq_index_get_n_games (index));

  reader = cq_pgn_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  while (cq_pgn_reader_next (reader, &text, &len, &want, &error))
    {
      /* As the search reads it: a game skipped for its tags is not
       * replayed. */
      g_autoptr(CqGame) game = cq_game_new_from_text (text, len, &want, path);
      CqGameSource got;
      CqGameSummary summary, direct;
      guint64 digest;

      g_assert_no_error (error);
      g_assert_cmpuint (n, <, cq_index_get_n_games (index));
      cq_index_get_game (index, n, &got, &digest, &summary);
      {
        const CqIndexLocator *loc = cq_index_get_locator (index, n);
        CqIndexLocator read[2];

        /* Read from the file, the same rows (one past the end: none). */
        g_assert_cmpuint (cq_index_read_locators (index, n, 2, read), ==,
                          MIN (2, cq_index_get_n_games (index) - n));
        g_assert_cmpmem (&read[0], sizeof read[0], loc, sizeof *loc);

        g_assert_cmpuint (loc->offset, ==, want.offset);
        g_assert_cmpuint (loc->length, ==, want.length);
        g_assert_cmpuint (loc->line, ==, want.line);
        g_assert_cmpuint (loc->digest, ==, digest);
        g_assert_cmpuint (loc->n_positions, ==, summary.n_positions);
      }
      g_assert_cmpuint (got.number, ==, want.number);
      g_assert_cmpuint (got.number, ==, n + 1);
      g_assert_cmpuint (got.offset, ==, want.offset);
      g_assert_cmpuint (got.length, ==, want.length);
      g_assert_cmpuint (got.line, ==, want.line);
      g_assert_cmpuint (digest, ==, cq_pgn_game_digest (text, len));

      if (!game->skipped)
        cq_game_parse_moves (game);
      cq_game_summarize (game, &direct);
      {
        /* Its tree in the compact moves, as its text gives it
         * (test-index-moves.c checks the encoding itself). */
        g_autoptr(GByteArray) encoded = g_byte_array_new ();
        gsize moves_len;
        const guint8 *moves = cq_index_get_moves (index, n, &moves_len);

        cq_index_moves_encode (game, encoded);
        g_assert_nonnull (moves);
        g_assert_cmpmem (moves, moves_len, encoded->data, encoded->len);
      }
      {
        CqGameSummary slow;

        summarize_slowly (game, &slow);
        g_assert_cmpmem (slow.squares, sizeof slow.squares,
                         direct.squares, sizeof direct.squares);
        g_assert_cmpmem (slow.min_count, sizeof slow.min_count,
                         direct.min_count, sizeof direct.min_count);
        g_assert_cmpmem (slow.max_count, sizeof slow.max_count,
                         direct.max_count, sizeof direct.max_count);
        g_assert_cmphex (slow.flags, ==, direct.flags);
        g_assert_cmpmem (slow.keys, sizeof slow.keys, direct.keys, sizeof direct.keys);
        n_mates += (direct.flags & CQ_SUMMARY_MATE) != 0;
        n_stalemates += (direct.flags & CQ_SUMMARY_STALEMATE) != 0;
      }
      /* The columns say the same; the summary read back is what the
       * index keeps of it. */
      for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
        {
          g_assert_cmpuint (columns.squares[p][n], ==, direct.squares[p]);
          if (CQ_SUMMARY_UNCOUNTED & (1u << p))
            g_assert_null (columns.counts[p]);
          else
            g_assert_cmpuint (columns.counts[p][n], ==,
                              cq_game_summary_pack_counts (direct.min_count[p],
                                                           direct.max_count[p]));
        }
      g_assert_null (columns.squares[CQ_EMPTY]);
      g_assert_null (columns.counts[CQ_EMPTY]);
      cq_game_summary_as_indexed (&direct);
      g_assert_cmpmem (&summary, sizeof summary, &direct, sizeof direct);
      g_assert_cmpuint (columns.flags[n], ==, direct.flags);
      g_assert_cmpmem (columns.keys + n * CQ_SUMMARY_KEY_WORDS, sizeof direct.keys,
                       direct.keys, sizeof direct.keys);
      positions += direct.n_positions;
      n++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, cq_index_get_n_games (index));
  g_assert_cmpuint (positions, ==, cq_index_get_n_positions (index));
  g_test_message ("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " with a mate, %"
                  G_GUINT64_FORMAT " with a stalemate", path, n, n_mates, n_stalemates);
}

static void
build_ok (const char *path, guint n_threads)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (cq_index_build (path, n_threads, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* The sample studies and fixtures with skipped (Fischer random), damaged
 * and oddly split games: one thread and three give the same index. */
static void
test_build_and_check (void)
{
  static const char *const files[][2] = {
    { "sample", "studies.pgn" },
    { "pgn", "cutechess-fischerrandom.pgn" },
    { "pgn", "err.pgn" },
    { "pgn", "splitter-cases.pgn" },
    { "pgn", "rav_alternative.pgn" },
    { "pgn", "test-allownullmoves.pgn" },
    { "pgn", "utf8-bom.pgn" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = fixture (files[i][0], files[i][1]);

      build_ok (path, 1);
      check_against_file (path);
      build_ok (path, 3);
      check_against_file (path);
    }
}

/* A file of more games than the build gathers before storing them in
 * the columns (a few blocks and a part of one), each game different. */
static void
test_many_games (void)
{
  g_autofree char *path = g_build_filename (work_dir, "many.pgn", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  static const char *const moves[] = { "1. e4 e5 2. Nf3 *", "1. d4 d5 2. c4 dxc4 *",
                                       "1. f3 e5 2. g4 Qh4 *" };

  for (guint i = 0; i < 1500; i++)
    g_string_append_printf (text, "[Event \"game %u\"]\n\n%s\n\n", i + 1,
                            moves[i % G_N_ELEMENTS (moves)]);
  g_file_set_contents (path, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  build_ok (path, 1);
  check_against_file (path);
  build_ok (path, 2);
  check_against_file (path);
}

/* A file of short games, more than the build first makes room for (a
 * game per 300 bytes of text): its columns grow three times, and the
 * widest (the keys' filters, 64 bytes a game) passes 2 MiB, where the
 * build maps it in huge pages, then grows again as such a mapping. */
static void
test_growing_columns (void)
{
  g_autofree char *path = g_build_filename (work_dir, "growing.pgn", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  static const char *const moves[] = { "1. e4 e5 *", "1. d4 d5 *", "1. c4 e5 *",
                                       "1. Nf3 d5 *" };

  for (guint i = 0; i < 80000; i++)
    g_string_append_printf (text, "[Round \"%u\"]\n\n%s\n\n", i + 1,
                            moves[i % G_N_ELEMENTS (moves)]);
  g_file_set_contents (path, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  build_ok (path, 1);
  check_against_file (path);
}

/* Checks that the summary finds only by testing where a check can be:
 * given by the castling rook, discovered through the square of a pawn
 * taken en passant, discovered by a piece moving off the line, given by a
 * piece promoted to, and a mate with no checking move (the side mated
 * passed while in check).  Each game has one check, so that a check test
 * missed shows in its flags against the brute force of
 * check_against_file(). */
static void
test_checks (void)
{
  static const char *const games[][2] = {
    { "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "1. O-O Ke8 *" },
    { "8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1", "1. exd6 Kf6 *" },
    { "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "1. Nc5 Kd8 *" },
    { "8/4P3/5k2/8/8/8/8/K7 w - - 0 1", "1. e8=N Kf5 *" },
    { "6k1/8/8/8/8/1r6/r7/7K b - - 0 1", "1... Ra1 2. -- Rb2 *" },
  };
  g_autofree char *path = g_build_filename (work_dir, "checks.pgn", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqIndex) index = NULL;
  CqGameSummary summary;
  CqGameSource source;

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    g_string_append_printf (text, "[Event \"check %u\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s\n\n",
                            i + 1, games[i][0], games[i][1]);
  g_file_set_contents (path, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  build_ok (path, 1);
  check_against_file (path);
  index = cq_index_open (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      cq_index_get_game (index, i, &source, NULL, &summary);
      g_assert_true (summary.flags & CQ_SUMMARY_CHECK);
      g_assert_false (summary.flags & CQ_SUMMARY_DAMAGED);
    }
  g_assert_true (summary.flags & CQ_SUMMARY_MATE);
  g_assert_false (summary.flags & CQ_SUMMARY_STALEMATE);
}

/* The digest tells apart texts of one length that differ in any one
 * byte, and texts that differ only by a trailing NUL byte. */
static void
test_digest (void)
{
  char text[41] = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6";
  GHashTable *seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  char padded[24] = { 0 };

  for (gsize len = 0; len <= 40; len++)
    {
      guint64 digest = cq_pgn_game_digest (text, len);

      g_assert_cmpuint (digest, ==, cq_pgn_game_digest (text, len));
      for (gsize i = 0; i < len; i++)
        for (guint bit = 0; bit < 8; bit++)
          {
            text[i] ^= (char) (1u << bit);
            g_assert_cmpuint (cq_pgn_game_digest (text, len), !=, digest);
            text[i] ^= (char) (1u << bit);
          }
    }
  /* A zero byte more is another text: the length counts. */
  for (gsize len = 0; len < sizeof padded; len++)
    {
      guint64 digest = cq_pgn_game_digest (padded, len);

      g_assert_false (g_hash_table_contains (seen, &digest));
      g_hash_table_add (seen, g_memdup2 (&digest, sizeof digest));
    }
  g_hash_table_unref (seen);
}

/* Studies from ../shared/data (skipped without it): variations, mates,
 * stalemates, promotions of every kind. */
static void
test_shared_studies (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *path = NULL;

  if (shared != NULL)
    path = g_build_filename (shared, "studies", "cql6-sample-hhdb-selection.pgn", NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no ../shared/data");
      return;
    }
  build_ok (path, 2);
  check_against_file (path);
}

static void
test_path (void)
{
  g_autofree char *path = fixture ("pgn", "z0.pgn");
  g_autofree char *copy = copy_to_work (path, "path.pgn");
  g_autofree char *link = g_build_filename (work_dir, "link.pgn", NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  g_autoptr(GError) error = NULL;

  g_unlink (link);
  g_assert_cmpint (symlink (copy, link), ==, 0);
  a = cq_index_get_path (copy, &error);
  g_assert_no_error (error);
  b = cq_index_get_path (link, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a, ==, b);
  g_assert_true (g_str_has_prefix (a, index_dir));
  g_assert_true (g_str_has_suffix (a, ".cqx"));
  c = cq_index_get_path ("/nonexistent/x.pgn", &error);
  g_assert_null (c);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_unlink (link);
}

static void
expect_open_error (const char *path, gint code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqIndex) index = cq_index_open (path, &error);

  g_assert_null (index);
  g_assert_error (error, CQ_INDEX_ERROR, code);
  if (code != CQ_INDEX_ERROR_UNSUPPORTED)
    g_assert_nonnull (strstr (error->message, "cql --index"));
}

static void
test_missing_and_stale (void)
{
  g_autofree char *src = fixture ("pgn", "cct131.pgn");
  g_autofree char *path = copy_to_work (src, "stale.pgn");
  g_autofree char *data = NULL;
  gsize len;
  GStatBuf st;
  g_autoptr(GError) error = NULL;

  expect_open_error (path, CQ_INDEX_ERROR_MISSING);
  build_ok (path, 2);
  check_against_file (path);

  /* Its modification time alone. */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  {
    struct timespec times[2] = { { 0, UTIME_OMIT }, { st.st_mtime + 10, 0 } };

    g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  }
  expect_open_error (path, CQ_INDEX_ERROR_STALE);

  /* One byte of its middle changed, its size and time kept: the index
   * cannot tell (docs/index.md); its end blocks hold all of a small file,
   * so this one is caught. */
  build_ok (path, 1);
  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  data[len / 2] = data[len / 2] == 'a' ? 'b' : 'a';
  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
  {
    struct timespec times[2] = { { 0, UTIME_OMIT }, st.st_mtim };

    g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  }
  expect_open_error (path, CQ_INDEX_ERROR_STALE);

  /* Grown. */
  build_ok (path, 1);
  {
    FILE *f = fopen (path, "a");

    fputs ("\n", f);
    fclose (f);
  }
  expect_open_error (path, CQ_INDEX_ERROR_STALE);
}

/* Rewrites the index of @path with byte @at xor @mask, or cut to @at
 * bytes when @mask is 0. */
static void
damage_index (const char *path, gsize at, guint8 mask)
{
  g_autofree char *index_path = cq_index_get_path (path, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  g_file_get_contents (index_path, &data, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (at, <, len);
  if (mask == 0)
    len = at;
  else
    data[at] ^= mask;
  g_file_set_contents (index_path, data, len, &error);
  g_assert_no_error (error);
}

/* The size of the header of @path's index, as it says (bytes 12 to 15). */
static gsize
index_header_size (const char *path)
{
  g_autofree char *index_path = cq_index_get_path (path, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  guint32 size;
  gsize len;

  g_file_get_contents (index_path, &data, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >=, 16);
  memcpy (&size, data + 12, sizeof size);
  return GUINT32_FROM_LE (size);
}

static void
test_corrupt (void)
{
  g_autofree char *src = fixture ("pgn", "cct131.pgn");
  g_autofree char *path = copy_to_work (src, "corrupt.pgn");
  g_autofree char *index_path = NULL;
  g_autoptr(GError) error = NULL;
  gsize header;

  build_ok (path, 1);
  header = index_header_size (path);
  /* Magic, version, a count, an identity byte, the columns' checksum. */
  const gsize bytes[] = { 0, 8, 16, 40, 100, header - 6 };

  for (guint i = 0; i < G_N_ELEMENTS (bytes); i++)
    {
      build_ok (path, 1);
      damage_index (path, bytes[i], 0x10);
      expect_open_error (path, CQ_INDEX_ERROR_CORRUPT);
    }
  /* Cut short, in the header and in the columns. */
  build_ok (path, 1);
  damage_index (path, 100, 0);
  expect_open_error (path, CQ_INDEX_ERROR_CORRUPT);
  build_ok (path, 1);
  damage_index (path, header + 8, 0);
  expect_open_error (path, CQ_INDEX_ERROR_CORRUPT);
  /* An empty file. */
  index_path = cq_index_get_path (path, NULL);
  g_file_set_contents (index_path, "", 0, &error);
  g_assert_no_error (error);
  expect_open_error (path, CQ_INDEX_ERROR_CORRUPT);

  /* A byte of a column: the open does not read the columns, their
   * checksum says it. */
  build_ok (path, 1);
  damage_index (path, header + 3, 0x01);
  {
    g_autoptr(CqIndex) index = cq_index_open (path, &error);

    g_assert_no_error (error);
    g_assert_false (cq_index_check_data (index, &error));
    g_assert_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_CORRUPT);
  }
}

static void
test_unsupported (void)
{
  g_autofree char *src = fixture ("pgn", "cct131.pgn");
  g_autofree char *dest = g_build_filename (work_dir, "cct131.pgn.gz", NULL);
  g_autofree char *gz = test_compress_file (src, "gzip", dest);
  g_autoptr(GError) error = NULL;

  g_assert_false (cq_index_build ("-", 1, NULL, NULL, NULL, &error));
  g_assert_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  expect_open_error ("-", CQ_INDEX_ERROR_UNSUPPORTED);
  if (gz == NULL)
    {
      g_test_skip ("gzip is not installed");
      return;
    }
  g_assert_false (cq_index_build (gz, 1, NULL, NULL, NULL, &error));
  g_assert_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "not supported yet for compressed files"));
  expect_open_error (gz, CQ_INDEX_ERROR_UNSUPPORTED);
}

static gboolean
index_exists (const char *path)
{
  g_autofree char *index_path = cq_index_get_path (path, NULL);

  return g_file_test (index_path, G_FILE_TEST_EXISTS);
}

/* A cancelled build, and a file with a game too large to keep, write no
 * index (nor leave a temporary file). */
static void
test_nothing_written (void)
{
  g_autofree char *src = fixture ("sample", "studies.pgn");
  g_autofree char *path = copy_to_work (src, "cancel.pgn");
  g_autofree char *large = g_build_filename (work_dir, "large.pgn", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new ("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 {");
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_cancellable_cancel (cancellable);
  g_assert_false (cq_index_build (path, 2, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_false (index_exists (path));

  /* A game of more than 64 MiB. */
  while (text->len < 65 * 1024 * 1024)
    g_string_append (text, "a long comment, a long comment, a long comment. ");
  g_string_append (text, "} e5 *\n");
  g_file_set_contents (large, text->str, text->len, &error);
  g_assert_no_error (error);
  g_assert_false (cq_index_build (large, 1, NULL, NULL, NULL, &error));
  g_assert_error (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_DAMAGED);
  g_assert_false (index_exists (large));
  g_unlink (large);

  dir = g_dir_open (index_dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_suffix (name, ".tmp"));
}

typedef struct {
  guint64 n_games;
  guint64 n_diagnostics;
  guint64 skipped_summaries;
  guint64 last_number;
} SummaryCount;

static void
count_game (const CqGameSource *source, const CqGameSummary *summary, guint64 digest,
            const guint8 *moves, gsize moves_len, gpointer data)
{
  SummaryCount *c = data;

  g_assert_cmpuint (source->number, >, c->last_number);
  c->last_number = source->number;
  c->n_games++;
  if (summary->flags & CQ_SUMMARY_SKIPPED)
    c->skipped_summaries++;
}

static void
count_diagnostic (const CqDiagnostic *diag, gpointer data)
{
  ((SummaryCount *) data)->n_diagnostics++;
}

static void
count_match (const CqMatch *match, gpointer data)
{
  g_assert_not_reached ();
}

/* A summarising search delivers every game, whatever its tags or a
 * query's tag filter, and matches none. */
static void
test_summarize (void)
{
  g_autofree char *path = fixture ("pgn", "cutechess-fischerrandom.pgn");
  g_autofree char *sample = fixture ("sample", "studies.pgn");
  g_autoptr(CqQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  CqSearchCallbacks cb = { count_match, count_diagnostic, NULL, NULL, count_game };
  CqSearchOptions opts;
  CqSearchProgress progress;
  SummaryCount c = { 0 };

  cq_search_options_init (&opts);
  opts.summarize = TRUE;
  opts.n_threads = 2;
  g_assert_true (cq_search_run (NULL, path, &opts, &cb, &c, NULL, &progress, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.n_games, ==, progress.games);
  g_assert_cmpuint (c.n_games, ==, 4);
  g_assert_cmpuint (c.skipped_summaries, ==, progress.skipped);
  g_assert_cmpuint (c.n_diagnostics, ==, progress.skipped + progress.damaged);

  query = cq_query_new_from_string ("(match :player \"Nobody at all\" (position))",
                                    "t.cql", &error);
  g_assert_no_error (error);
  memset (&c, 0, sizeof c);
  g_assert_true (cq_search_run (query, sample, &opts, &cb, &c, NULL, &progress, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.n_games, ==, progress.games);
  g_assert_cmpuint (c.n_games, >, 10);
  g_assert_cmpuint (progress.matches, ==, 0);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  work_dir = g_dir_make_tmp ("test-index-XXXXXX", &error);
  g_assert_no_error (error);
  index_dir = g_build_filename (work_dir, "index", NULL);
  g_setenv ("EXCELSIOR_INDEX_DIR", index_dir, TRUE);

  g_test_add_func ("/index/build-and-check", test_build_and_check);
  g_test_add_func ("/index/many-games", test_many_games);
  g_test_add_func ("/index/growing-columns", test_growing_columns);
  g_test_add_func ("/index/checks", test_checks);
  g_test_add_func ("/index/digest", test_digest);
  g_test_add_func ("/index/shared-studies", test_shared_studies);
  g_test_add_func ("/index/path", test_path);
  g_test_add_func ("/index/missing-and-stale", test_missing_and_stale);
  g_test_add_func ("/index/corrupt", test_corrupt);
  g_test_add_func ("/index/unsupported", test_unsupported);
  g_test_add_func ("/index/nothing-written", test_nothing_written);
  g_test_add_func ("/index/summarize", test_summarize);
  status = g_test_run ();

  test_remove_tree (work_dir);
  return status;
}
