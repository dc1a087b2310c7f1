/* pgn-bench.c: throughput of the PGN reader (not a test).
 *
 *   pgn-bench split FILE...   split only: games, MB/s
 *   pgn-bench parse FILE...   split + tags + replay: games/s, ns per ply
 *   pgn-bench errors FILE...  print every game's error
 *   pgn-bench write FILE...   parse and write back to stdout
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "pgn/cq-pgn.h"

static int
run (const char *mode, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_path (path, NULL, &error);
  guint64 games = 0, bytes = 0, plies = 0, errors = 0, skipped = 0, nodes = 0;
  const char *text;
  gsize len;
  CqGameSource source;
  gint64 t0;
  clock_t c0;
  double secs, cpu;
  GString *out = g_string_new (NULL);

  if (reader == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  t0 = g_get_monotonic_time ();
  c0 = clock ();
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      games++;
      bytes += len;
      if (strcmp (mode, "split") == 0)
        continue;
      else
        {
          CqGame *game = cq_game_new_parsed (text, len, &source, path);

          if (game->skipped)
            skipped++;
          else if (game->error)
            errors++;
          if (game->error && strcmp (mode, "errors") == 0)
            printf ("%s\n", game->error);
          nodes += game->n_nodes;
          if (game->root)
            plies += cq_game_mainline_end (game)->ply;
          if (strcmp (mode, "write") == 0)
            {
              g_string_truncate (out, 0);
              cq_pgn_write_game (out, game, NULL);
              fwrite (out->str, 1, out->len, stdout);
            }
          cq_game_free (game);
        }
    }
  if (error)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  secs = (g_get_monotonic_time () - t0) / 1e6;
  cpu = (double) (clock () - c0) / CLOCKS_PER_SEC;
  g_string_free (out, TRUE);
  if (strcmp (mode, "write") == 0)
    return 0;
  fprintf (stderr,
           "%s: %s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " errors, %" G_GUINT64_FORMAT
           " skipped, %" G_GUINT64_FORMAT " mainline plies, %" G_GUINT64_FORMAT " nodes; "
           "%.3f s wall, %.3f s CPU: %.1f MB/s, %.0f games/s, %.1f ns/node (CPU)\n",
           path, mode, games, errors, skipped, plies, nodes, secs, cpu, bytes / 1e6 / cpu,
           games / cpu, nodes ? cpu * 1e9 / nodes : 0.0);
  return 0;
}

int
main (int argc, char **argv)
{
  int status = 0;

  if (argc < 3)
    {
      g_printerr ("usage: %s split|parse|errors|write FILE...\n", argv[0]);
      return 2;
    }
  for (int i = 2; i < argc; i++)
    status |= run (argv[1], argv[i]);
  return status;
}
