/* fuzz-search.c: libFuzzer target for a whole search.
 *
 * The input is a PGN file.  It is written to a temporary file and searched
 * with cq_search_run() by a fixed set of queries that between them use the
 * game filters, piece designators, transforms, counts and the annotated
 * output.  Checks: the search completes, every game is accounted for, each
 * diagnostic reads "file:line: game N: what" (rulings R13), matched
 * positions lie in the game, and the annotated PGN of a match parses.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "search/cq-search.h"

static const char *const query_texts[] = {
  "(match (position))",
  "(match :year 1900 2100 :result 1-0 (position :mate :variations :markall))",
  "(match :gamenumber 2 5 :player \"a\" (position :stalemate :variations))",
  "(match (position :check :btm Q[a-h8] :variationsonly))",
  "(match (position :initial k[a1,h1,a8,h8] :flipcolor))",
  "(match (position :terminal K[a-h1-2] :shift :markall))",
  "(match (position :piececount [Pp] 0 6 :power [Qq] 9 18 :flipdihedral))",
  "(match (position :attackcount [RQ] k 1 2 :variations :markall))",
  "(match (position :ray (Q n k) :nocheck :variations))",
  "(match :forany x N (position $x[e4] :variations))",
  "(match (position :sequence ((position :check) (position :mate)) :variations))",
  "(match (position :gappedsequence ((position :initial) (position :btm :check)) "
  ":matchcount 1 3))",
  "(match (position :check :relation (:missingpiececount A 1 100 :changesidetomove)))",
};

typedef struct {
  const CqGame *unused;
  guint64  matches;
  guint64  diagnostics;
  guint64  last_number;
} Counts;

static CqQuery *queries[G_N_ELEMENTS (query_texts)];
static char *tmp_path;
static char *tmp_base;

static void
on_match (const CqMatch *m, gpointer user_data)
{
  Counts *c = user_data;
  g_autoptr(CqGame) game = NULL;

  c->matches++;
  g_assert_cmpuint (m->source.number, >, c->last_number);
  c->last_number = m->source.number;
  g_assert (m->pgn != NULL);
  g_assert (g_utf8_validate (m->pgn, m->pgn_len, NULL));
  game = cq_game_new_parsed (m->pgn, m->pgn_len, NULL, "match.pgn");
  g_assert (game->root != NULL);
  for (guint i = 0; i < m->n_positions; i++)
    g_assert_cmpuint (m->positions[i].node, <, game->n_nodes);
}

static void
on_diagnostic (const CqDiagnostic *d, gpointer user_data)
{
  Counts *c = user_data;
  g_autofree char *prefix = g_strdup_printf ("%s:", tmp_path);
  g_autofree char *game = g_strdup_printf (": game %" G_GUINT64_FORMAT ": ", d->source.number);

  c->diagnostics++;
  if (!g_str_has_prefix (d->message, prefix) || strstr (d->message, game) == NULL)
    g_error ("diagnostic not in the form file:line: game N: what: %s", d->message);
}

static void
setup (void)
{
  int fd;

  for (guint i = 0; i < G_N_ELEMENTS (query_texts); i++)
    {
      g_autoptr(GError) error = NULL;

      queries[i] = cq_query_new_from_string (query_texts[i], "fuzz.cql", &error);
      if (queries[i] == NULL)
        g_printerr ("fuzz-search: query %u not used: %s\n", i, error->message);
    }
  fd = g_file_open_tmp ("fuzz-search-XXXXXX.pgn", &tmp_path, NULL);
  g_assert (fd >= 0);
  close (fd);
  tmp_base = g_path_get_basename (tmp_path);
}

static void
cleanup (void)
{
  g_unlink (tmp_path);
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  FILE *f;
  CqSearchOptions opts;
  CqSearchCallbacks cb = { on_match, on_diagnostic, NULL };

  if (tmp_path == NULL)
    {
      setup ();
      atexit (cleanup);
    }
  if (size > 256 * 1024)
    return 0;

  f = fopen (tmp_path, "wb");
  g_assert (f != NULL);
  g_assert (fwrite (data, 1, size, f) == size);
  fclose (f);

  cq_search_options_init (&opts);
  opts.n_threads = 1;
  opts.want_pgn = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      Counts counts = { 0 };
      CqSearchProgress progress = { 0 };
      g_autoptr(GError) error = NULL;

      if (queries[i] == NULL)
        continue;
      if (!cq_search_run (queries[i], tmp_path, &opts, &cb, &counts, NULL, &progress, &error))
        {
          /* A file that does not look like PGN text (binary, an image, a
           * compressed format that cannot be read) is refused before a
           * game is read: a correct answer for such bytes. */
          if ((g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA)
               || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
              && progress.games == 0 && counts.matches == 0)
            return 0;
          /* Damaged input (text that runs on without a game end): the
           * games before it were searched and delivered. */
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            g_error ("search failed: %s", error->message);
        }
      g_assert_cmpuint (progress.matches, ==, counts.matches);
      g_assert_cmpuint (progress.damaged + progress.skipped + progress.failed_inputs, ==,
                        counts.diagnostics);
      g_assert_cmpuint (progress.matches, <=, progress.games);
      if (error == NULL)
        g_assert_cmpuint (progress.bytes, ==, size);
    }
  return 0;
}
