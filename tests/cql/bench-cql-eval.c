/* bench-cql-eval.c: positions evaluated per second by cq_query_match_game().
 *
 *   bench-cql-eval [PGN] [SECONDS]
 *
 * Reads and replays every game of PGN once (default: the 253 studies of
 * $EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-selection.pgn), then
 * evaluates each query of the table below over all games again and again
 * for about SECONDS (default 1) per measure and prints the number of
 * positions the query examined per second of evaluation (parsing and
 * replay excluded), with the game's nodes in the cache ("warm") and not.
 * Exits 77 (skip) when the data is absent.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"

#define WARM_REPEAT 16

static const struct {
  const char *cql;
  gboolean    variations;
} queries[] = {
  { "(match (position K[a1,h1,a8,h8] :stalemate))", FALSE },
  { "(match (position :mate))", FALSE },
  { "(match (position K[a1,h1,a8,h8] :stalemate :variations :markall))", TRUE },
  { "(match (position :mate :variations :markall))", TRUE },
  { "(match (position Ra3 q[h1-8] :markall :variations))", TRUE },
  /* a 4-designator list without and with :shift :flip :flipcolor
   * (560 instances), counts, rays, moves */
  { "(match (position Ke6 be7 be4 nd5 :markall :variations))", TRUE },
  { "(match (position Ke6 be7 be4 nd5 :shift :flip :flipcolor :markall :variations))", TRUE },
  { "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor :variations :markall))",
    TRUE },
  { "(match (position :rayattack (A n k) :flipcolor :variations :markall))", TRUE },
  { "(match (position :attackcount A k 2 :flipcolor :variations :markall))", TRUE },
  { "(match (position :promote [RBNrbn] :variations :markall))", TRUE },
};

int
main (int argc, char **argv)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) cq_game_free);
  double seconds = argc > 2 ? g_ascii_strtod (argv[2], NULL) : 1.0;
  guint64 mainline_positions = 0, all_positions = 0;
  const char *text;
  gsize len;
  CqGameSource source;
  CqMatchInfo info;

  if (argc > 1)
    path = g_strdup (argv[1]);
  else if (shared != NULL)
    path = g_build_filename (shared, "studies", "cql6-sample-hhdb-selection.pgn", NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_printerr ("bench-cql-eval: no PGN file (set EXCELSIOR_SHARED_DATA); skipped\n");
      return 77;
    }

  reader = cq_pgn_reader_new_for_path (path, NULL, &error);
  if (reader == NULL)
    {
      g_printerr ("bench-cql-eval: %s\n", error->message);
      return 1;
    }
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      CqGame *game = cq_game_new_parsed (text, len, &source, NULL);

      if (game->root == NULL || game->skipped)
        {
          cq_game_free (game);
          continue;
        }
      for (const CqNode *node = game->root; node != NULL; node = node->first_child)
        mainline_positions++;
      all_positions += game->n_nodes;
      g_ptr_array_add (games, game);
    }
  if (error != NULL)
    {
      g_printerr ("bench-cql-eval: %s\n", error->message);
      return 1;
    }

  g_print ("%s: %u games, %" G_GUINT64_FORMAT " mainline positions, %" G_GUINT64_FORMAT
           " positions with variations\n", path, games->len, mainline_positions, all_positions);

  cq_match_info_init (&info);
  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      g_autoptr(CqQuery) query = cq_query_new_from_string (queries[q].cql, NULL, &error);
      guint64 per_round = queries[q].variations ? all_positions : mainline_positions;
      guint64 rounds = 0;
      guint matched = 0;
      gint64 start, elapsed;

      if (query == NULL)
        {
          g_printerr ("bench-cql-eval: %s\n", error->message);
          return 1;
        }
      /* Warm: each game evaluated WARM_REPEAT times in a row, its nodes in
       * the cache, as in a search that evaluates a game right after
       * replaying it.  Cold: all games in turn (several MB of nodes), so
       * that most node reads miss the cache. */
      for (int warm = 1; warm >= 0; warm--)
        {
          guint repeat = warm ? WARM_REPEAT : 1;

          rounds = 0;
          start = g_get_monotonic_time ();
          do
            {
              matched = 0;
              for (guint g = 0; g < games->len; g++)
                for (guint r = 0; r < repeat; r++)
                  {
                    gboolean m = cq_query_match_game (query, games->pdata[g], &info);

                    matched += r == 0 && m;
                  }
              rounds += repeat;
              elapsed = g_get_monotonic_time () - start;
            }
          while (elapsed < seconds * G_USEC_PER_SEC);

          /* Every query examines every position of its traversal: a mate or
           * stalemate has no successor, so the mainline search of a game
           * stops at its last position anyway, and the :variations queries
           * use :markall. */
          g_print ("%-58s %-4s %3u games matched %7.2f M positions/s %8.1f us/game\n",
                   queries[q].cql, warm ? "warm" : "cold", matched,
                   (double) per_round * rounds / ((double) elapsed / G_USEC_PER_SEC) / 1e6,
                   (double) elapsed / ((double) rounds * games->len));
        }
    }
  cq_match_info_clear (&info);
  return 0;
}
