/* test-perft.c: exact perft node counts of the chess core.
 *
 * The default run checks the fixture positions (tests/fixtures/perft) at
 * every depth whose node count is at most FAST_NODE_LIMIT.  With --full
 * (registered only when meson's slow_tests option is on) it reads the
 * shared perft files (EXCELSIOR_SHARED_DATA) and checks every depth they
 * give: perftsuite.epd and ethereal-standard.epd in full, the standard
 * positions of tricky.perft in full, random.perft to depth 4.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-test-data.h"

/* Depths up to this many leaf nodes; a position that lists only bigger
 * counts is checked at its smallest listed depth. */
#define FAST_NODE_LIMIT 250000

static guint64
check_entry (const PerftEntry *e, guint max_depth, guint64 node_limit)
{
  g_autoptr (GError) error = NULL;
  CqPosition pos;
  guint64 total = 0;
  guint smallest = 0;

  if (!cq_position_set_fen (&pos, e->fen, &error))
    g_error ("%s: %s", e->id, error->message);
  for (guint d = 1; d <= MIN (max_depth, PERFT_MAX_DEPTH) && smallest == 0; d++)
    if (e->nodes[d] != 0)
      smallest = d;
  for (guint d = 1; d <= MIN (max_depth, PERFT_MAX_DEPTH); d++)
    {
      guint64 got;

      if (e->nodes[d] == 0 || (e->nodes[d] > node_limit && d != smallest))
        continue;
      got = cq_perft (&pos, d);
      if (got != e->nodes[d])
        g_error ("%s (%s): perft(%u) = %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT,
                 e->id, e->fen, d, got, e->nodes[d]);
      total += got;
    }
  return total;
}

static void
test_perft_fixtures (void)
{
  g_autoptr (GPtrArray) entries = perft_data_load_fixtures ();
  guint64 total = 0;
  guint checked = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      guint64 n = check_entry (entries->pdata[i], PERFT_MAX_DEPTH, FAST_NODE_LIMIT);

      g_assert_cmpuint (n, >, 0);
      total += n;
      checked++;
    }
  g_test_message ("%u positions, %" G_GUINT64_FORMAT " leaf nodes checked", checked, total);
  g_assert_cmpuint (checked, ==, 79);
}

/* The well-known reference numbers, independent of the fixture files. */
static void
test_perft_known (void)
{
  CqPosition pos;

  cq_position_set_initial (&pos);
  g_assert_cmpuint (cq_perft (&pos, 0), ==, 1);
  g_assert_cmpuint (cq_perft (&pos, 1), ==, 20);
  g_assert_cmpuint (cq_perft (&pos, 2), ==, 400);
  g_assert_cmpuint (cq_perft (&pos, 3), ==, 8902);
  g_assert_cmpuint (cq_perft (&pos, 4), ==, 197281);

  g_assert_true (cq_position_set_fen (&pos,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", NULL));
  g_assert_cmpuint (cq_perft (&pos, 1), ==, 48);
  g_assert_cmpuint (cq_perft (&pos, 2), ==, 2039);
  g_assert_cmpuint (cq_perft (&pos, 3), ==, 97862);

  /* chessprogramming.org position 3 (en passant discovered checks). */
  g_assert_true (cq_position_set_fen (&pos, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", NULL));
  g_assert_cmpuint (cq_perft (&pos, 4), ==, 43238);

  /* prison: one legal move per ply, 32 plies deep. */
  g_assert_true (cq_position_set_fen (&pos, "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - -", NULL));
  g_assert_cmpuint (cq_perft (&pos, 32), ==, 1);
}

static void
run_file (const char *dir, const char *name, guint max_depth)
{
  g_autofree char *path = g_build_filename (dir, "perft", name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = perft_data_load (path, &error);
  guint64 total = 0;
  guint checked = 0;
  gint64 t0 = g_get_monotonic_time ();

  g_assert_no_error (error);
  for (guint i = 0; i < entries->len; i++)
    {
      PerftEntry *e = entries->pdata[i];
      g_autoptr (GError) fen_error = NULL;
      CqPosition pos;

      /* tricky.perft mixes in X-FEN (Chess960 castling) positions. */
      if (g_str_has_prefix (e->id, "xfen-") || g_str_has_prefix (e->id, "hside-"))
        {
          if (!cq_position_set_fen (&pos, e->fen, &fen_error))
            g_assert_error (fen_error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_FEN);
          continue;
        }
      total += check_entry (e, max_depth, G_MAXUINT64);
      checked++;
    }
  g_test_message ("%s: %u positions, %" G_GUINT64_FORMAT " nodes in %.1f s", name, checked, total,
                  (g_get_monotonic_time () - t0) / 1e6);
  g_assert_cmpuint (checked, >, 0);
}

static void
test_perft_full (void)
{
  const char *dir = g_getenv ("EXCELSIOR_SHARED_DATA");

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the shared data (EXCELSIOR_SHARED_DATA) is absent");
      return;
    }
  run_file (dir, "perftsuite.epd", PERFT_MAX_DEPTH);
  run_file (dir, "ethereal-standard.epd", PERFT_MAX_DEPTH);
  run_file (dir, "tricky.perft", PERFT_MAX_DEPTH);
  run_file (dir, "random.perft", 4);
}

int
main (int argc, char **argv)
{
  gboolean full = FALSE;
  int out = 1;

  /* --full selects the slow test; drop it before GTest sees it. */
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--full") == 0)
      full = TRUE;
    else
      argv[out++] = argv[i];
  argc = out;
  argv[argc] = NULL;

  g_test_init (&argc, &argv, NULL);
  if (full)
    g_test_add_func ("/chess/perft/full", test_perft_full);
  else
    {
      g_test_add_func ("/chess/perft/known", test_perft_known);
      g_test_add_func ("/chess/perft/fixtures", test_perft_fixtures);
    }
  return g_test_run ();
}
