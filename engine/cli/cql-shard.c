/* cql-shard.c: `cql --merge`, the merge of a search run in parts
 * (`cql --shard K/N`, cq-shard.h; docs/cluster.md), what a part says, and
 * the lines of standard error a run and a merge share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "cql-private.h"
#include "pgn/cq-message.h"
#include "pgn/cq-output-file.h"
#include "search/cq-shard.h"

typedef struct {
  gboolean quiet;
} MergeCli;

static void
merge_on_message (const CqGameSource *source, const CqMessage *message, gpointer data)
{
  cql_print_message (source, message);
}

static void
merge_on_diagnostic (const CqDiagnostic *diag, gpointer data)
{
  MergeCli *m = data;

  cql_print_diagnostic (diag, m->quiet);
}

void
cql_part_on_diagnostic (const CqDiagnostic *diag, gpointer data)
{
  /* The games' diagnostics are the merge's to print, numbered across the
   * database; a file that could not be read to its end is said at once. */
  cql_print_diagnostic (diag, TRUE);
}

int
cql_merge_parts (const char *const *parts, const char *output, gboolean quiet)
{
  CqSearchCallbacks cb = { NULL, merge_on_diagnostic, NULL, merge_on_message };
  g_autoptr(CqOutputFile) file = NULL;
  g_autoptr(GError) error = NULL;
  CqSearchProgress progress = { 0 };
  g_auto(GStrv) persistent = NULL;
  MergeCli m = { quiet };
  gboolean ok, partial;
  FILE *out;
  int fd;

  for (guint i = 0; parts[i] != NULL; i++)
    if (g_str_equal (parts[i], output) || cql_same_file (parts[i], output))
      {
        fprintf (stderr, "cql: the output '%s' is a part file; refusing to overwrite it\n",
                 output);
        return EXIT_FAILURE_;
      }
  file = cq_output_file_open (output, &error);
  if (file == NULL)
    {
      fprintf (stderr, "cql: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  fd = dup (cq_output_file_get_fd (file));
  out = fd >= 0 ? fdopen (fd, "w") : NULL;
  if (out == NULL)
    {
      fprintf (stderr, "cql: cannot write '%s': %s\n", output, g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return EXIT_FAILURE_;
    }
  ok = cq_shard_merge (parts, output, out, &cb, &m, &progress, &persistent, &error);
  fflush (stdout);
  if (fclose (out) != 0 && (ok || error == NULL))
    {
      fprintf (stderr, "cql: cannot write '%s': %s\n", output, g_strerror (errno));
      return EXIT_FAILURE_;
    }
  partial = !ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
  if (!ok && !partial)
    {
      /* The output file is left as it was (cq_output_file_free()). */
      g_autofree char *shown = cq_message_escape_controls (error->message);
      fprintf (stderr, "cql: %s\n", shown);
      return EXIT_FAILURE_;
    }
  g_clear_error (&error);
  if (!cq_output_file_commit (file, &error))
    {
      fprintf (stderr, "cql: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  if (partial)
    {
      fprintf (stderr, "cql: some file of the database could not be read to its end\n");
      cql_print_count (&progress, " read");
      return EXIT_FAILURE_;
    }
  cql_print_damaged (&progress, quiet);
  cql_print_count (&progress, ", merged in %.2f seconds", progress.seconds);
  /* The persistent variables as one run prints them (cql.c). */
  for (guint i = 0; persistent != NULL && persistent[i] != NULL; i += 2)
    printf ("%s: %s\n", persistent[i], persistent[i + 1]);
  return EXIT_OK;
}

/* ------------------------------------------------------------------
 * What a run and a merge both print on standard error. */

void
cql_print_diagnostic (const CqDiagnostic *diag, gboolean quiet)
{
  /* A file that could not be read to its end is always reported. */
  if (quiet && !diag->input)
    return;
  fprintf (stderr, "%s\n", diag->message);
}

void
cql_print_damaged (const CqSearchProgress *progress, gboolean quiet)
{
  if (progress->damaged || progress->skipped)
    fprintf (stderr, "%" G_GUINT64_FORMAT " damaged and %" G_GUINT64_FORMAT
             " skipped games (%s)\n", progress->damaged, progress->skipped,
             quiet ? "run without --quiet for details" : "listed above");
}

void
cql_print_count (const CqSearchProgress *progress, const char *tail_format, ...)
{
  g_autofree char *tail = NULL;
  va_list args;

  va_start (args, tail_format);
  tail = g_strdup_vprintf (tail_format, args);
  va_end (args);
  fprintf (stderr, "%" G_GUINT64_FORMAT " %s of %" G_GUINT64_FORMAT " %s%s\n",
           progress->matches, progress->matches == 1 ? "match" : "matches",
           progress->games, progress->games == 1 ? "game" : "games", tail);
}
