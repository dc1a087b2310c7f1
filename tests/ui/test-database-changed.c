/* test-database-changed.c: the results of a search are never read back
 * from a database that changed since; a search that fails keeps the
 * previous results; another database clears them; a damaged game's text
 * is read back through the same checks; a result copied as Export writes
 * it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test searches its own copy of the bundled sample database
 * (data/sample/studies.pgn, 103 games; the knight mates: 14 of them) and
 * changes it the way a composer does in a text editor: a game deleted (the
 * size changes), one game's bytes edited in place (the size stays; the
 * modification time is then set back, as a copy that keeps times would),
 * a file of a folder or a compressed file rewritten.  Exits 77 (skipped)
 * when there is no display.  With EXCELSIOR_SCREENSHOT_DIR set it saves
 * the refusal as export-refused.png and the results a failed search kept
 * as search-failed-kept.png.
 */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-diagnostics.h"
#include "ex-game-view.h"
#include "ex-result.h"
#include "ex-search.h"
#include "ex-window-test.h"
#include "compress-util.h"
#include "ui-common.h"

#include "window-test-data.h"

static ExApplication *app;
static char *tmp_dir;

/* A copy of the sample database at @name in the test's folder.
 * Returns: (transfer full): its path. */
static char *
copy_sample (const char *name)
{
  g_autofree char *sample = ex_test_sample_database ();

  return ex_test_copy_file (sample, tmp_dir, name);
}

/* Deletes the first game of the PGN file @path, as an editor would. */
static void
delete_first_game (const char *path)
{
  g_autofree char *text = NULL;
  const char *second;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  second = strstr (text + 1, "\n[Event ");
  g_assert_nonnull (second);
  second++;
  g_assert_true (g_file_set_contents (path, second, (gssize) (len - (gsize) (second - text)),
                                      NULL));
}

static gboolean
export_failed_with (ExWindow   *window,
                    const char *path,
                    const char *expected)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ex_window_export_to_path (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (ex_window_get_status_is_error (window));
  if (strstr (ex_window_get_status_text (window), expected) == NULL)
    g_error ("the status does not say “%s”: %s", expected, ex_window_get_status_text (window));
  /* Nothing was written. */
  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Selects result @position and returns the game shown (NULL for none);
 * the status says why when there is none. */
static CqGame *
show_result (ExWindow *window,
             guint     position)
{
  ex_window_select_result (window, position);
  ex_test_drain ();
  return ex_test_shown_game (window);
}

/* A deleted game: the file's size changed.  Export refuses and writes
 * nothing, a result is not shown, its copy is refused; the status names
 * the file and its size and time then and now.  The search run again
 * reads the file as it is. */
static void
test_size_changed (void)
{
  g_autofree char *path = copy_sample ("size.pgn");
  g_autofree char *out = g_build_filename (tmp_dir, "size-out.pgn", NULL);
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  GListModel *results = ex_window_get_results (window);
  g_autoptr(GError) error = NULL;
  const char *status;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_nonnull (show_result (window, 0));

  delete_first_game (path);

  g_assert_true (export_failed_with (window, out, "“size.pgn” was changed after the search ("));
  status = ex_window_get_status_text (window);
  g_assert_nonnull (strstr (status, "Could not export to “size-out.pgn”"));
  g_assert_nonnull (strstr (status, " bytes, modified "));
  g_assert_nonnull (strstr (status, "(searched: "));
  g_assert_nonnull (strstr (status, "; now: "));
  g_assert_nonnull (strstr (status, "Run the search again"));
  ex_test_wait_frame (GTK_WIDGET (window));
  ex_test_screenshot (GTK_WIDGET (window), "export-refused.png");

  /* Not shown either: the board is emptied rather than show another game. */
  g_assert_null (show_result (window, 3));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "was changed after the search"));
  g_assert_null (ex_window_dup_game_pgn (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-exported-pgn",
                                             NULL));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_true (g_str_has_prefix (ex_window_get_status_text (window), "Could not copy game "));

  /* Searched again, the file is read as it is now. */
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), >, 0);
  g_assert_nonnull (show_result (window, 0));
  g_assert_true (ex_window_export_to_path (window, out, &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));

  ex_test_destroy_window (window);
  g_unlink (out);
  g_unlink (path);
}

/* One game's bytes edited, the size kept and the modification time set
 * back, saved as a new file renamed over the old: the file is refused as
 * replaced (another inode); the games of the file are still shown only
 * while it is the file searched.  Export refuses. */
static void
test_same_size_edit (void)
{
  g_autofree char *path = copy_sample ("same-size.pgn");
  g_autofree char *out = g_build_filename (tmp_dir, "same-size-out.pgn", NULL);
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  g_autofree char *text = NULL;
  const CqGameSource *source;
  struct timespec times[2];
  struct stat st;
  ExResult *result;
  gsize len = 0;
  char *event;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  result = g_list_model_get_item (ex_window_get_results (window), 2);
  source = ex_result_get_source (result);

  /* One letter of the game's Event tag changes case. */
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  event = strstr (text + source->offset, "[Event \"");
  g_assert_nonnull (event);
  g_assert_cmpint (event - text, <, (gssize) (source->offset + source->length));
  event += strlen ("[Event \"");
  *event = g_ascii_isupper (*event) ? g_ascii_tolower (*event) : g_ascii_toupper (*event);
  /* g_file_set_contents() writes a new file and renames it over the old,
   * as many editors save: the inode changes. */
  g_assert_true (g_file_set_contents (path, text, (gssize) len, NULL));
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);

  g_assert_null (show_result (window, 2));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window),
                            "“same-size.pgn” was replaced by another file after the search"));
  g_assert_true (export_failed_with (window, out, "Could not export to “same-size-out.pgn”: "));

  g_object_unref (result);
  ex_test_destroy_window (window);
  g_unlink (path);
}

/* A game edited in place, the inode, size and time kept: only the digest
 * of the game's text tells.  Written through the same file descriptor so
 * that the inode stays. */
static void
test_same_inode_edit (void)
{
  g_autofree char *path = copy_sample ("in-place.pgn");
  g_autofree char *out = g_build_filename (tmp_dir, "in-place-out.pgn", NULL);
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  g_autofree char *text = NULL;
  g_autofree char *number = NULL;
  g_autofree char *expected = NULL;
  const CqGameSource *source;
  struct timespec times[2];
  struct stat st;
  ExResult *result;
  gsize len = 0;
  char *event;
  int fd;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  result = g_list_model_get_item (ex_window_get_results (window), 2);
  source = ex_result_get_source (result);

  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  event = strstr (text + source->offset, "[Event \"") + strlen ("[Event \"");
  *event = g_ascii_isupper (*event) ? g_ascii_tolower (*event) : g_ascii_toupper (*event);
  fd = open (path, O_WRONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (pwrite (fd, event, 1, event - text), ==, 1);
  close (fd);
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);

  number = g_strdup_printf ("%" G_GUINT64_FORMAT, source->number);
  expected = g_strdup_printf ("Game %s at byte ", number);
  g_assert_null (show_result (window, 2));
  g_assert_true (ex_window_get_status_is_error (window));
  if (strstr (ex_window_get_status_text (window), expected) == NULL
      || strstr (ex_window_get_status_text (window),
                 "of “in-place.pgn” is no longer the game that matched") == NULL)
    g_error ("unexpected status: %s", ex_window_get_status_text (window));
  g_assert_nonnull (show_result (window, 0));
  g_assert_true (export_failed_with (window, out, expected));

  g_object_unref (result);
  ex_test_destroy_window (window);
  g_unlink (path);
}

/* A folder of a plain and a compressed file: the results of the file
 * rewritten are refused and name it; those of the other are shown. */
static void
test_folder_and_compressed (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "folder", NULL);
  g_autofree char *plain = NULL;
  g_autofree char *source_name = NULL;
  g_autofree char *source = NULL;
  g_autofree char *packed_path = NULL;
  g_autofree char *packed = NULL;
  g_autofree char *out = g_build_filename (tmp_dir, "folder-out.pgn", NULL);
  ExWindow *window;
  GListModel *results;
  ExResult *second;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  plain = copy_sample ("folder/a.pgn");
  source_name = g_strdup ("b-source.pgn");
  source = copy_sample (source_name);
  packed_path = g_build_filename (dir, "b.pgn.gz", NULL);
  packed = test_compress_file (source, "gzip", packed_path);
  if (packed == NULL)
    {
      g_test_skip ("gzip is not installed");
      return;
    }
  window = ex_test_new_window (app, 0, 0, dir);
  results = ex_window_get_results (window);

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 2 * KNIGHT_MATE_COUNT);
  second = g_list_model_get_item (results, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (ex_result_get_input_index (second), ==, 1);
  g_object_unref (second);

  /* The compressed file rewritten without its first game. */
  delete_first_game (source);
  g_unlink (packed);
  g_free (test_compress_file (source, "gzip", packed));

  g_assert_null (show_result (window, KNIGHT_MATE_COUNT));
  g_assert_nonnull (strstr (ex_window_get_status_text (window),
                            "“b.pgn.gz” was changed after the search"));
  g_assert_nonnull (show_result (window, 0));
  g_assert_true (export_failed_with (window, out, "“b.pgn.gz” was changed after the search"));

  ex_test_destroy_window (window);
  g_unlink (plain);
  g_unlink (packed);
  g_unlink (source);
  g_rmdir (dir);
}

/* The results @window lists (a new list for each search that replaced
 * them: not kept across searches). */
static guint
n_results (ExWindow *window)
{
  return g_list_model_get_n_items (ex_window_get_results (window));
}

/* A search that fails (a query with an error, one that fails at run time
 * before it finds a game, a database that cannot be read) keeps the
 * results and the game shown, and says it failed; the header says whose
 * results they are.  One that fails after it found games lists those. */
static void
test_failed_search_keeps_results (void)
{
  g_autofree char *path = copy_sample ("failing.pgn");
  g_autofree char *out = g_build_filename (tmp_dir, "failing-out.pgn", NULL);
  g_autofree char *exported = NULL;
  g_autoptr(GError) error = NULL;
  ExWindow *window = ex_test_new_window (app, 0, 0, path);
  const char *status;
  CqGame *shown;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  shown = show_result (window, 3);
  g_assert_nonnull (shown);

  /* A query with an error. */
  ex_window_set_query_text (window, "(match\n  (position :mate K[z9]))\n");
  g_assert_false (ex_window_run (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_cmpuint (n_results (window), ==, KNIGHT_MATE_COUNT);
  g_assert_true (ex_test_shown_game (window)
                 == shown);

  /* A query that fails at run time, in the first game (a CQL 6 assert):
   * the search starts, then fails before it finds a game.  The rows stay,
   * labelled as the previous search's, their game is still read back, and
   * Export writes them. */
  g_assert_true (ex_test_find_label (GTK_WIDGET (window), "14 games") != NULL);
  ex_test_run_and_wait (window, "cql()\nassert false\n", EX_TEST_RUN_DEFAULT);
  g_assert_true (ex_window_get_status_is_error (window));
  status = ex_window_get_status_text (window);
  if (!g_str_has_prefix (status, "Could not search “failing.pgn”: ")
      || strstr (status, "assert failed at game 1") == NULL
      || strstr (status, "The previous results are kept.") == NULL)
    g_error ("unexpected status: %s", status);
  g_assert_cmpuint (n_results (window), ==, KNIGHT_MATE_COUNT);
  g_assert_nonnull (ex_test_find_label (GTK_WIDGET (window),
                                        "14 games · previous search of “failing.pgn”"));
  g_assert_null (ex_test_find_label (GTK_WIDGET (window), "Search Failed"));
  g_assert_true (ex_test_shown_game (window) == shown);
  ex_test_wait_frame (GTK_WIDGET (window));
  ex_test_screenshot (GTK_WIDGET (window), "search-failed-kept.png");
  g_assert_nonnull (show_result (window, 1));
  g_assert_true (ex_window_export_to_path (window, out, &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_true (g_file_get_contents (out, &exported, NULL, NULL));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "[Event "), ==, KNIGHT_MATE_COUNT);
  g_unlink (out);
  shown = show_result (window, 3);

  /* Failing after its first match, a search lists what it found. */
  ex_test_run_and_wait (window, "cql()\nassert gamenumber < 40\ncheck\n", EX_TEST_RUN_DEFAULT);
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "assert failed at game 40"));
  g_assert_null (strstr (ex_window_get_status_text (window), "previous results"));
  g_assert_cmpuint (n_results (window), >, 0);
  {
    g_autoptr(ExResult) last = g_list_model_get_item (ex_window_get_results (window),
                                                      n_results (window) - 1);

    g_assert_cmpuint (ex_result_get_number (last), <, 40);
  }
  g_assert_null (ex_test_shown_game (window));

  /* The knight mates again, then the database gone. */
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  shown = show_result (window, 3);
  g_assert_cmpint (g_unlink (path), ==, 0);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  g_assert_false (ex_window_run (window));
  g_assert_false (ex_window_is_searching (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_true (g_str_has_prefix (ex_window_get_status_text (window),
                                   "Could not search “failing.pgn”: "));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "previous results are kept"));
  g_assert_cmpuint (n_results (window), ==, KNIGHT_MATE_COUNT);
  g_assert_true (ex_test_shown_game (window)
                 == shown);

  ex_test_destroy_window (window);
}

/* Opening another database clears the results, the damaged games and the
 * failure text of the previous one. */
static void
test_switch_database_clears (void)
{
  g_autofree char *path = copy_sample ("damaged.pgn");
  g_autofree char *missing = g_build_filename (tmp_dir, "missing.pgn", NULL);
  g_autofree char *sample_path = ex_test_sample_database ();
  g_autoptr(GFile) sample = g_file_new_for_path (sample_path);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  static const char damaged[] = "\n[Event \"damaged\"]\n[White \"x\"]\n\n1. e4 e5 2. Ke3 Kf9 *\n";
  ExWindow *window;
  ExDiagnostics *diagnostics;
  GListModel *results;
  FILE *f;

  f = fopen (path, "a");
  g_assert_nonnull (f);
  fputs (damaged, f);
  fclose (f);
  window = ex_test_new_window (app, 0, 0, path);
  results = ex_window_get_results (window);
  diagnostics = ex_window_get_diagnostics (window);

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (g_list_model_get_n_items (ex_diagnostics_get_model (diagnostics)), ==, 1);
  g_assert_nonnull (show_result (window, 0));

  ex_window_set_database (window, sample);
  ex_test_drain ();
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (ex_diagnostics_get_model (diagnostics)), ==, 0);
  g_assert_null (ex_test_shown_game (window));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "studies.pgn"));
  g_assert_nonnull (ex_test_find_label (GTK_WIDGET (window), "No Results Yet"));

  /* A failure, then another database: its text goes. */
  ex_window_set_database (window, missing_file);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  g_assert_false (ex_window_run (window));
  g_assert_true (ex_window_get_status_is_error (window));
  ex_window_set_database (window, sample);
  ex_test_drain ();
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_null (strstr (ex_window_get_status_text (window), "Could not search"));

  /* The same database again is no switch: the results stay. */
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  ex_window_set_database (window, sample);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);

  ex_test_destroy_window (window);
  g_unlink (path);
}

static void
game_opened_cb (ExDiagnostics *diagnostics,
                gboolean       ok,
                int           *opened)
{
  *opened = ok ? 1 : 2;
}

static gboolean
is_set (gpointer data)
{
  return *(int *) data != 0;
}

/* Opens damaged game @position of @window's list and returns the header
 * of the window that shows it (its text, or why it is not shown); @ok
 * says which. */
static const char *
open_damaged (ExWindow *window,
              guint     position,
              gboolean *ok)
{
  ExDiagnostics *diagnostics = ex_window_get_diagnostics (window);
  GtkWindow *game_window;
  int opened = 0;
  gulong id = g_signal_connect (diagnostics, "game-opened", G_CALLBACK (game_opened_cb),
                                &opened);

  g_assert_true (ex_diagnostics_open_game (diagnostics, position));
  g_assert_true (ex_test_wait_until (is_set, &opened, SEARCH_TIMEOUT_MS));
  g_signal_handler_disconnect (diagnostics, id);
  *ok = opened == 1;
  game_window = ex_diagnostics_get_game_window (diagnostics);
  g_assert_nonnull (game_window);
  return gtk_label_get_text (GTK_LABEL (ex_test_find_widget (GTK_WIDGET (game_window),
                                                             GTK_TYPE_LABEL)));
}

/* The damaged games' list reads a game's text back through the checks of
 * the results: the game edited in place (size, time and inode kept) is
 * refused by its digest; the file changed is refused with the message a
 * result gets. */
static void
test_damaged_game_changed (void)
{
  static const char damaged[] = "\n[Event \"damaged\"]\n[White \"x\"]\n\n1. e4 e5 2. Ke3 Kf9 *\n";
  g_autofree char *path = copy_sample ("damaged-changed.pgn");
  g_autofree char *text = NULL;
  g_autofree char *result_status = NULL;
  struct timespec times[2];
  struct stat st;
  const char *header;
  ExWindow *window;
  gboolean ok = FALSE;
  char *hit;
  gsize len = 0;
  FILE *f;
  int fd;

  f = fopen (path, "a");
  g_assert_nonnull (f);
  fputs (damaged, f);
  fclose (f);
  window = ex_test_new_window (app, 0, 0, path);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (
                      ex_diagnostics_get_model (ex_window_get_diagnostics (window))), ==, 1);

  /* As searched: its text. */
  header = open_damaged (window, 0, &ok);
  g_assert_true (ok);
  g_assert_nonnull (strstr (header, ": game 104: "));

  /* One letter of its White changed in place: the size, time and inode
   * stay; the digest tells. */
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  hit = strstr (text, "[White \"x\"]");
  g_assert_nonnull (hit);
  fd = open (path, O_WRONLY);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (pwrite (fd, "y", 1, hit - text + strlen ("[White \"")), ==, 1);
  close (fd);
  times[0] = st.st_atim;
  times[1] = st.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  header = open_damaged (window, 0, &ok);
  g_assert_false (ok);
  if (strstr (header, "of “damaged-changed.pgn” is no longer the game listed") == NULL)
    g_error ("unexpected refusal: %s", header);

  /* The file grown: refused as a result is, in the same words. */
  f = fopen (path, "a");
  g_assert_nonnull (f);
  fputs (damaged, f);
  fclose (f);
  g_assert_null (show_result (window, 0));
  result_status = g_strdup (ex_window_get_status_text (window));
  header = open_damaged (window, 0, &ok);
  g_assert_false (ok);
  g_assert_true (g_str_has_prefix (header,
                                   "“damaged-changed.pgn” was changed after the search ("));
  g_assert_nonnull (strstr (result_status, "“damaged-changed.pgn” was changed after the search ("));
  g_assert_true (g_str_has_suffix (header, "Run the search again."));

  ex_test_destroy_window (window);
  g_unlink (path);
}

/* Copy the Game as Exported PGN puts on the clipboard exactly what Export
 * writes for that result: a CQL 3 query's {MATCH}, a CQL 6 query's
 * comments. */
static void
test_copy_exported (void)
{
  static const char *const queries[] = {
    KNIGHT_MATE_QUERY,
    "cql()\nmate\ncomment (\"mate here\")\n",
  };
  static const char *const marks[] = { "{MATCH}", "mate here" };
  g_autofree char *out = g_build_filename (tmp_dir, "copy-out.pgn", NULL);
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autofree char *copied = NULL;
      g_autofree char *exported = NULL;
      g_autoptr(GError) error = NULL;

      ex_test_run_and_wait (window, queries[i], EX_TEST_RUN_NO_ERROR);
      g_assert_nonnull (show_result (window, 1));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-exported-pgn",
                                                 NULL));
      g_assert_false (ex_window_get_status_is_error (window));
      copied = ex_test_read_clipboard (GTK_WIDGET (window));

      g_assert_true (ex_window_export_full (window, out, EX_EXPORT_SELECTED, "MATCH", &error));
      g_assert_no_error (error);
      g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
      g_assert_false (ex_window_get_status_is_error (window));
      g_assert_true (g_file_get_contents (out, &exported, NULL, NULL));

      g_assert_cmpstr (copied, ==, exported);
      g_assert_nonnull (strstr (copied, marks[i]));
      g_assert_cmpuint (ex_test_count_occurrences (copied, "[Event "), ==, 1);
    }

  ex_test_destroy_window (window);
  g_unlink (out);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-changed-XXXXXX", NULL);

  g_test_add_func ("/ui/database-changed/size", test_size_changed);
  g_test_add_func ("/ui/database-changed/same-size", test_same_size_edit);
  g_test_add_func ("/ui/database-changed/same-inode", test_same_inode_edit);
  g_test_add_func ("/ui/database-changed/folder-and-compressed", test_folder_and_compressed);
  g_test_add_func ("/ui/database-changed/failed-search-keeps-results",
                   test_failed_search_keeps_results);
  g_test_add_func ("/ui/database-changed/switch-database-clears", test_switch_database_clears);
  g_test_add_func ("/ui/database-changed/damaged-game-changed", test_damaged_game_changed);
  g_test_add_func ("/ui/database-changed/copy-exported", test_copy_exported);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  return status;
}
