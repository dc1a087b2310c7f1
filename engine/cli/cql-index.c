/* cql-index.c: `cql --index FILE...` builds the persistent index of each
 * file (cq-index.h), and `cql --index-info FILE...` says whether each has
 * one that is up to date (docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <glib-unix.h>

#include "index/cq-index.h"
#include "cql-private.h"

typedef struct {
  gboolean quiet;
  gboolean shown;      /* a progress line is on the terminal */
  gint64   start_us;
} IndexCli;

static gboolean
on_interrupt (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_CONTINUE;
}

static void
on_index_progress (guint64 bytes, guint64 total_bytes, guint64 games, gpointer data)
{
  IndexCli *ic = data;
  double seconds = (g_get_monotonic_time () - ic->start_us) / 1e6;

  if (ic->quiet || !isatty (STDERR_FILENO))
    return;
  fprintf (stderr, "\r\033[K%" G_GUINT64_FORMAT " games indexed, %.0f games/s, %.0f%%",
           games, seconds > 0 ? games / seconds : 0.0,
           total_bytes ? 100.0 * bytes / total_bytes : 0.0);
  ic->shown = TRUE;
}

/* @bytes in kB or MB, with a plain space (g_format_size() puts a
 * no-break space, which a terminal in another locale may not show). */
static char *
format_size (guint64 bytes)
{
  if (bytes < 1000 * 1000)
    return g_strdup_printf ("%.1f kB", bytes / 1e3);
  return g_strdup_printf ("%.1f MB", bytes / 1e6);
}

static void
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
}

/* Runs the main loop that dispatches the interrupts' sources while the
 * builds run on the calling thread. */
static gpointer
signal_thread (gpointer data)
{
  g_main_loop_run (data);
  return NULL;
}

/* Builds each file's index in turn.  An interrupt (SIGINT, SIGTERM,
 * SIGHUP) cancels the build under way at once (on_interrupt() on a thread
 * of its own), which then writes nothing and removes its temporary file
 * (cq_index_build()); the files after it are not indexed, and the status
 * is 1. */
static int
index_files (const char *const *paths, guint n_threads, gboolean quiet)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  guint sources[G_N_ELEMENTS (signals)];
  GThread *thread;
  int status = EXIT_OK;

  for (guint s = 0; s < G_N_ELEMENTS (signals); s++)
    sources[s] = g_unix_signal_add (signals[s], on_interrupt, cancellable);
  thread = g_thread_new ("cql-signals", signal_thread, loop);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      IndexCli ic = { quiet, FALSE, g_get_monotonic_time () };
      g_autoptr(GError) error = NULL;
      g_autoptr(CqIndex) index = NULL;
      g_autofree char *size = NULL;
      gboolean ok = cq_index_build (paths[i], n_threads, on_index_progress, &ic, cancellable,
                                    &error);

      if (ic.shown)
        fputs ("\r\033[K", stderr);
      if (!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          fprintf (stderr, "cql: interrupted; no index was written for %s\n", paths[i]);
          status = EXIT_FAILURE_;
          break;
        }
      if (ok)
        index = cq_index_open (paths[i], &error);
      if (index == NULL)
        {
          fprintf (stderr, "cql: %s\n", error->message);
          status = EXIT_FAILURE_;
          continue;
        }
      size = format_size (cq_index_get_file_size (index));
      fprintf (stderr, "%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " positions "
               "indexed in %.2f seconds; index %s at %s\n", paths[i],
               cq_index_get_n_games (index), cq_index_get_n_positions (index),
               (g_get_monotonic_time () - ic.start_us) / 1e6, size, cq_index_get_file (index));
    }
  /* Quit from inside the loop: a quit before the thread runs it would be
   * undone by g_main_loop_run(). */
  g_idle_add_once (quit_loop, loop);
  g_thread_join (thread);
  for (guint s = 0; s < G_N_ELEMENTS (signals); s++)
    g_source_remove (sources[s]);
  return status;
}

static int
index_info (const char *const *paths)
{
  int status = EXIT_OK;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqIndex) index = cq_index_open (paths[i], &error);
      g_autofree char *where = NULL;

      if (index != NULL && !cq_index_check_data (index, &error))
        g_clear_pointer (&index, cq_index_free);
      if (index == NULL)
        {
          where = cq_index_get_path (paths[i], NULL);
          printf ("%s: not indexed: %s\n", paths[i], error->message);
          if (where != NULL && !g_error_matches (error, CQ_INDEX_ERROR,
                                                 CQ_INDEX_ERROR_UNSUPPORTED))
            printf ("  index: %s\n", where);
          status = EXIT_FAILURE_;
          continue;
        }
      printf ("%s: up to date\n  index: %s\n  %" G_GUINT64_FORMAT " games, %"
              G_GUINT64_FORMAT " positions, %" G_GUINT64_FORMAT " bytes\n", paths[i],
              cq_index_get_file (index), cq_index_get_n_games (index),
              cq_index_get_n_positions (index), cq_index_get_file_size (index));
    }
  return status;
}

int
cql_index_command (gboolean build, gboolean info, const char *const *files,
                   guint n_threads, gboolean quiet)
{
  if (files[0] == NULL || build == info)
    {
      fprintf (stderr, "cql: --index and --index-info take PGN files (one of them)\n"
               "Try 'cql --help' for more information.\n");
      return EXIT_USAGE;
    }
  return build ? index_files (files, n_threads, quiet) : index_info (files);
}
