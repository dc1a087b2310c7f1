/* test-index.c: the workbench indexes a database in the background after
 * its first search, shows the index's state in the status line, searches
 * from it, and notices a file changed since it was indexed.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test searches its own copy of the bundled sample database
 * (data/sample/studies.pgn, 103 games; the knight mates: 14 of them), with
 * the indexes in a folder of the test's own (EXCELSIOR_INDEX_DIR), and
 * changes it: games appended (the file's identity changes), or one
 * game's bytes edited in place with the size and modification time put
 * back (the identity checks pass; the game's digest does not); and a
 * build that fails, not tried again; two windows, one build at a time;
 * the setting that turns the builds off;
 * a search, then Cancel, while a
 * bigger file is indexed.  Exits 77
 * (skipped) when there is no display.  With EXCELSIOR_SCREENSHOT_DIR set
 * it saves the window while indexing (index-building.png) and once
 * indexed (index-indexed.png).
 */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-indexer.h"
#include "ex-search.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

#include "window-test-data.h"
#include "test-files.h"

static ExApplication *app;
static char *tmp_dir;
static char *index_dir;

static const char *
index_text (ExWindow *window)
{
  return ex_statusbar_get_index (ex_window_get_statusbar (window));
}

typedef struct {
  ExWindow     *window;
  ExIndexState  state;
} StateWait;

static gboolean
state_is (gpointer user_data)
{
  StateWait *wait = user_data;

  return ex_indexer_get_state (ex_window_get_indexer (wait->window)) == wait->state;
}

/* Waits until @window's index is in @state; fails naming the test's line. */
#define wait_state(window, state) wait_state_at (window, state, __LINE__)

static void
wait_state_at (ExWindow     *window,
               ExIndexState  state,
               int           line)
{
  StateWait wait = { window, state };

  if (!ex_test_wait_until (state_is, &wait, SEARCH_TIMEOUT_MS))
    g_error ("line %d: the index's state is %d (“%s”), not %d", line,
             ex_indexer_get_state (ex_window_get_indexer (window)), index_text (window), state);
}

static gboolean
fraction_shown (gpointer window)
{
  return ex_indexer_get_fraction (ex_window_get_indexer (window)) > 0.0
         || ex_indexer_get_state (ex_window_get_indexer (window)) != EX_INDEX_STATE_INDEXING;
}

static gboolean
no_index_work (gpointer unused)
{
  return ex_indexer_get_n_running () == 0;
}

static const CqSearchProgress *
last_progress (ExWindow *window)
{
  return ex_search_get_progress (ex_window_get_search (window));
}

/* The number of index files in the test's index folder. */
static guint
count_indexes (void)
{
  g_autoptr(GDir) dir = g_dir_open (index_dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    n += g_str_has_suffix (name, ".cqx");
  return n;
}

/* Searched, indexed in the background, searched from the index; then
 * games appended: shown as changed, searched from the text (the new
 * games found), indexed again, searched from the index again. */
static void
test_index_and_append (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autofree char *path = ex_test_copy_file (sample, tmp_dir, "indexed.pgn");
  g_autofree char *text = NULL;
  g_autofree char *twice = NULL;
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  GListModel *results = ex_window_get_results (window);
  const char *tooltip;
  gsize len = 0;

  /* Nothing is built before the first search. */
  wait_state (window, EX_INDEX_STATE_NOT_INDEXED);
  g_assert_cmpstr (index_text (window), ==, "Not indexed");
  g_assert_cmpuint (count_indexes (), ==, 0);

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (last_progress (window)->indexed_files, ==, 0);

  /* Built after it, in the background. */
  wait_state (window, EX_INDEX_STATE_INDEXED);
  g_assert_cmpstr (index_text (window), ==, "Indexed");
  g_assert_cmpuint (count_indexes (), ==, 1);
  tooltip = gtk_widget_get_tooltip_text (
    ex_test_find_label (GTK_WIDGET (ex_window_get_statusbar (window)), "Indexed"));
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "“indexed.pgn”: indexed, 103 games, "));
  g_assert_nonnull (strstr (tooltip, index_dir));
  ex_test_wait_frame (GTK_WIDGET (window));
  ex_test_screenshot (GTK_WIDGET (window), "index-indexed.png");

  /* The next search reads the index, and finds the same games. */
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (last_progress (window)->indexed_files, ==, 1);
  g_assert_cmpuint (last_progress (window)->index_passed, >, 0);
  g_assert_cmpuint (last_progress (window)->games, ==, 103);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), " s, from its index)"));

  /* The database's games appended to it, as an editor saves (a new file
   * renamed over the old): noticed without a search. */
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  twice = g_strconcat (text, "\n", text, NULL);
  g_assert_true (g_file_set_contents (path, twice, -1, NULL));
  wait_state (window, EX_INDEX_STATE_CHANGED);
  g_assert_cmpstr (index_text (window), ==, "Changed since indexed");

  /* Searched from its text: the new games are found. */
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 2 * KNIGHT_MATE_COUNT);
  g_assert_cmpuint (last_progress (window)->indexed_files, ==, 0);
  g_assert_cmpuint (last_progress (window)->games, ==, 206);
  g_assert_null (strstr (ex_window_get_status_text (window), "from its index"));

  /* Indexed again after that search, and read from the index. */
  wait_state (window, EX_INDEX_STATE_INDEXED);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 2 * KNIGHT_MATE_COUNT);
  g_assert_cmpuint (last_progress (window)->indexed_files, ==, 1);
  g_assert_cmpuint (last_progress (window)->games, ==, 206);

  ex_test_destroy_window (window);
  g_unlink (path);
}

/* One game's bytes edited in place in the middle of a file larger than
 * the blocks the index hashes, its size and modification time put back:
 * the index still opens, and the search finds the game changed (its
 * digest), stops with a clear error rather than read it, and the file is
 * indexed again; the next search reads the new index. */
static void
test_same_identity_edit (void)
{
  g_autofree char *big = ex_test_make_big_database (4);
  g_autofree char *path = ex_test_copy_file (big, tmp_dir, "edited.pgn");
  g_autofree char *text = NULL;
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  GListModel *results = ex_window_get_results (window);
  struct stat before;
  struct timespec times[2];
  const char *event;
  gsize len = 0;
  int fd;

  g_unlink (big);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 4 * KNIGHT_MATE_COUNT);
  wait_state (window, EX_INDEX_STATE_INDEXED);

  /* Game 11 of the third copy (game 217), a knight mate, 200 KiB into the
   * file: one letter of its Event tag changed, written in place.  The
   * search reads it because it matches (on the index's tree of its moves
   * first, the query reading no tag); a game it passes over is not read,
   * and its edit not seen (docs/index.md). */
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  g_assert_cmpuint (len, >, 3 * 65536);
  event = text;
  for (guint i = 0; i < 2 * 103 + 10; i++)
    {
      event = strstr (event + 1, "[Event \"");
      g_assert_nonnull (event);
    }
  g_assert_cmpuint ((gsize) (event - text), >, 65536);
  g_assert_cmpuint ((gsize) (event - text), <, len - 65536);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  fd = g_open (path, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  {
    char letter = event[8] == 'X' ? 'Y' : 'X';

    g_assert_cmpint (pwrite (fd, &letter, 1, event + 8 - text), ==, 1);
  }
  g_assert_cmpint (close (fd), ==, 0);
  times[0] = before.st_atim;
  times[1] = before.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  /* The change is seen (a file monitor gives a change at most every
   * 800 ms), and the index still passes its checks. */
  ex_test_spin (1000);
  wait_state (window, EX_INDEX_STATE_INDEXED);

  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_DEFAULT);
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window),
                            "changed since it was indexed: a game is no longer where its "
                            "index says"));
  /* Marked at once, and built again. */
  g_assert_cmpint (ex_indexer_get_state (ex_window_get_indexer (window)), !=,
                   EX_INDEX_STATE_INDEXED);
  wait_state (window, EX_INDEX_STATE_INDEXED);

  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 4 * KNIGHT_MATE_COUNT);
  g_assert_cmpuint (last_progress (window)->indexed_files, ==, 1);

  ex_test_destroy_window (window);
  g_unlink (path);
}

/* A compressed database cannot be indexed: shown so, and nothing built. */
static void
test_compressed (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autofree char *path = g_build_filename (tmp_dir, "sample.pgn.gz", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr(GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (mem, G_CONVERTER (gzip));
  ExWindow *window;
  guint before = count_indexes ();
  gsize len = 0;

  g_assert_true (g_file_get_contents (sample, &text, &len, NULL));
  g_assert_true (g_output_stream_write_all (out, text, len, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (mem));
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), NULL));

  window = ex_test_new_window (app, 0, 0, path);
  wait_state (window, EX_INDEX_STATE_UNSUPPORTED);
  g_assert_cmpstr (index_text (window), ==, "Not indexable");
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_test_spin (300);
  wait_state (window, EX_INDEX_STATE_UNSUPPORTED);
  g_assert_cmpuint (count_indexes (), ==, before);

  ex_test_destroy_window (window);
  g_unlink (path);
}

/* What test_search_and_cancel does the moment a build starts: the build
 * of a small file may end within one turn of the main loop, so that a
 * test that waits for "Indexing…" would miss it. */
typedef enum {
  ON_START_NOTHING,
  ON_START_SEARCH,
  ON_START_CANCEL,
} OnStart;

typedef struct {
  ExWindow *window;
  OnStart   on_start;
  guint     n_started;
  gboolean  was_indexing;
} BuildWatch;

static void
build_state_cb (ExIndexer  *indexer,
                GParamSpec *pspec,
                BuildWatch *watch)
{
  gboolean indexing = ex_indexer_get_state (indexer) == EX_INDEX_STATE_INDEXING;
  OnStart on_start = watch->on_start;

  if (indexing && !watch->was_indexing)
    {
      watch->n_started++;
      g_assert_true (g_str_has_prefix (index_text (watch->window), "Indexing… "));
      watch->on_start = ON_START_NOTHING;
      if (on_start == ON_START_SEARCH)
        g_assert_true (ex_window_run (watch->window));
      else if (on_start == ON_START_CANCEL)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (watch->window),
                                                   "win.cancel-indexing", NULL));
    }
  watch->was_indexing = indexing;
}

static gboolean
build_started (gpointer user_data)
{
  BuildWatch *watch = user_data;

  return watch->on_start == ON_START_NOTHING;
}

/* A build of a bigger file: a search started meanwhile stops it (the
 * search does not wait), and it starts over after the search; Cancel
 * stops it: not indexed, and not built again after the next search of
 * the same database. */
static void
test_search_and_cancel (void)
{
  g_autofree char *path = ex_test_make_big_database (BIG_COPIES);
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  BuildWatch watch = { window, ON_START_SEARCH, 0, FALSE };
  guint before = count_indexes ();

  g_signal_connect (ex_window_get_indexer (window), "notify::state",
                    G_CALLBACK (build_state_cb), &watch);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  /* The build starts after the search, and a search at once. */
  g_assert_true (ex_test_wait_until (build_started, &watch, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (watch.n_started, ==, 1);
  g_assert_true (ex_window_is_searching (window));
  /* Started over after that search, and then cancelled at once (with a
   * screenshot asked for, once its progress shows). */
  if (g_getenv ("EXCELSIOR_SCREENSHOT_DIR") == NULL)
    watch.on_start = ON_START_CANCEL;
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpuint (last_progress (window)->indexed_files, ==, 0);

  if (g_getenv ("EXCELSIOR_SCREENSHOT_DIR") != NULL)
    {
      /* The progress shown (the build may end meanwhile on a fast
       * machine: only when a screenshot is asked for). */
      wait_state (window, EX_INDEX_STATE_INDEXING);
      g_assert_true (ex_test_wait_until (fraction_shown, window, SEARCH_TIMEOUT_MS));
      ex_test_wait_frame (GTK_WIDGET (window));
      ex_test_screenshot (GTK_WIDGET (window), "index-building.png");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-indexing",
                                                 NULL));
    }
  else
    g_assert_true (ex_test_wait_until (build_started, &watch, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (watch.n_started, ==, 2);
  wait_state (window, EX_INDEX_STATE_NOT_INDEXED);
  g_assert_cmpstr (index_text (window), ==, "Not indexed");
  g_assert_true (ex_test_wait_until (no_index_work, NULL, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (count_indexes (), ==, before);

  /* Not built again after the next search. */
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  ex_test_spin (500);
  g_assert_cmpuint (watch.n_started, ==, 2);
  g_assert_cmpint (ex_indexer_get_state (ex_window_get_indexer (window)), ==,
                   EX_INDEX_STATE_NOT_INDEXED);

  g_signal_handlers_disconnect_by_func (ex_window_get_indexer (window), build_state_cb, &watch);
  ex_test_destroy_window (window);
  g_unlink (path);
}

static void
note_indexing (ExIndexer  *indexer,
               GParamSpec *pspec,
               gboolean   *seen)
{
  if (ex_indexer_get_state (indexer) == EX_INDEX_STATE_INDEXING)
    *seen = TRUE;
}

/* A build that fails (its folder cannot be made) is shown so, and not
 * started again by the next searches while the file stays the same;
 * once the file changes it is tried again. */
static void
test_failed_not_retried (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autofree char *path = ex_test_copy_file (sample, tmp_dir, "unindexable.pgn");
  ExWindow *window;
  const char *tooltip;
  gboolean seen = FALSE;

  /* Set while no thread of the test runs. */
  g_setenv ("EXCELSIOR_INDEX_DIR", "/proc/self/excelsior-no-index", TRUE);
  window = ex_test_new_window (app, 0, 0, path);
  wait_state (window, EX_INDEX_STATE_NOT_INDEXED);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  wait_state (window, EX_INDEX_STATE_FAILED);
  g_assert_cmpstr (index_text (window), ==, "Indexing failed");
  tooltip = gtk_widget_get_tooltip_text (
    ex_test_find_label (GTK_WIDGET (ex_window_get_statusbar (window)), "Indexing failed"));
  g_assert_nonnull (strstr (tooltip, "“unindexable.pgn”: could not be indexed: "));

  g_signal_connect (ex_window_get_indexer (window), "notify::state",
                    G_CALLBACK (note_indexing), &seen);
  for (guint i = 0; i < 3; i++)
    {
      ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
      ex_test_spin (200);
    }
  g_assert_false (seen);
  g_assert_cmpint (ex_indexer_get_state (ex_window_get_indexer (window)), ==,
                   EX_INDEX_STATE_FAILED);

  /* Changed, it is tried again after its next search (and fails again). */
  g_assert_true (g_file_set_contents (path, "[Event \"?\"]\n\n1. e4 *\n", -1, NULL));
  wait_state (window, EX_INDEX_STATE_NOT_INDEXED);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  wait_state (window, EX_INDEX_STATE_FAILED);
  g_assert_true (seen);
  g_signal_handlers_disconnect_by_func (ex_window_get_indexer (window), note_indexing, &seen);

  ex_test_destroy_window (window);
  g_setenv ("EXCELSIOR_INDEX_DIR", index_dir, TRUE);
  g_unlink (path);
}

/* The "auto-index" setting off: a search builds nothing (the tooltip
 * says it is off); turned on, the database searched is indexed. */
static void
test_setting_off (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autofree char *path = ex_test_copy_file (sample, tmp_dir, "setting.pgn");
  GSettings *settings = ex_utils_get_settings ();
  ExWindow *window;
  const char *tooltip;
  guint before = count_indexes ();

  g_assert_nonnull (settings);
  g_settings_set_boolean (settings, "auto-index", FALSE);
  window = ex_test_new_window (app, 0, 0, path);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_test_spin (500);
  g_assert_cmpint (ex_indexer_get_state (ex_window_get_indexer (window)), ==,
                   EX_INDEX_STATE_NOT_INDEXED);
  g_assert_cmpuint (count_indexes (), ==, before);
  tooltip = gtk_widget_get_tooltip_text (
    ex_test_find_label (GTK_WIDGET (ex_window_get_statusbar (window)), "Not indexed"));
  g_assert_nonnull (strstr (tooltip, "(Off in the Preferences.)"));

  g_settings_set_boolean (settings, "auto-index", TRUE);
  wait_state (window, EX_INDEX_STATE_INDEXED);
  g_assert_cmpuint (count_indexes (), ==, before + 1);

  ex_test_destroy_window (window);
  g_unlink (path);
}

typedef struct {
  ExIndexer *a, *b;
  gboolean   both;
} TwoBuilds;

static void
note_both (ExIndexer  *indexer,
           GParamSpec *pspec,
           TwoBuilds  *two)
{
  if (ex_indexer_get_state (two->a) == EX_INDEX_STATE_INDEXING
      && ex_indexer_get_state (two->b) == EX_INDEX_STATE_INDEXING)
    two->both = TRUE;
}

/* Two windows, two databases searched one after the other: both are
 * indexed, one build at a time; then a third window on the first
 * database finds it indexed, and its search reads the index. */
static void
test_two_windows (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autofree char *path_a = ex_test_copy_file (sample, tmp_dir, "first.pgn");
  g_autofree char *path_b = ex_test_copy_file (sample, tmp_dir, "second.pgn");
  ExWindow *a = ex_test_new_window (app, 0, 0, path_a);
  ExWindow *b = ex_test_new_window (app, 0, 0, path_b);
  ExWindow *c;
  TwoBuilds two = { ex_window_get_indexer (a), ex_window_get_indexer (b), FALSE };

  g_signal_connect (two.a, "notify::state", G_CALLBACK (note_both), &two);
  g_signal_connect (two.b, "notify::state", G_CALLBACK (note_both), &two);
  ex_test_run_and_wait (a, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_test_run_and_wait (b, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  wait_state (a, EX_INDEX_STATE_INDEXED);
  wait_state (b, EX_INDEX_STATE_INDEXED);
  g_assert_false (two.both);
  g_signal_handlers_disconnect_by_func (two.a, note_both, &two);
  g_signal_handlers_disconnect_by_func (two.b, note_both, &two);

  c = ex_test_new_window (app, 0, 0, path_a);
  wait_state (c, EX_INDEX_STATE_INDEXED);
  ex_test_run_and_wait (c, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (last_progress (c)->indexed_files, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (c)), ==,
                    KNIGHT_MATE_COUNT);

  ex_test_destroy_window (c);
  ex_test_destroy_window (b);
  ex_test_destroy_window (a);
  g_unlink (path_a);
  g_unlink (path_b);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  tmp_dir = ex_test_own_tmp_dir ();
  index_dir = g_build_filename (tmp_dir, "index", NULL);
  g_setenv ("EXCELSIOR_INDEX_DIR", index_dir, TRUE);
  if (!ex_test_init (&argc, &argv))
    {
      g_rmdir (tmp_dir);
      g_free (tmp_dir);
      g_free (index_dir);
      return 77;
    }
  app = ex_test_new_application ();

  g_test_add_func ("/ui/index/index-and-append", test_index_and_append);
  g_test_add_func ("/ui/index/same-identity-edit", test_same_identity_edit);
  g_test_add_func ("/ui/index/compressed", test_compressed);
  g_test_add_func ("/ui/index/failed-not-retried", test_failed_not_retried);
  g_test_add_func ("/ui/index/two-windows", test_two_windows);
  g_test_add_func ("/ui/index/setting-off", test_setting_off);
  g_test_add_func ("/ui/index/search-and-cancel", test_search_and_cancel);
  status = g_test_run ();

  test_remove_tree (index_dir);
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_free (index_dir);
  g_clear_object (&app);
  return status;
}
