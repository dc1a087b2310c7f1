/* test-ui-robust.c: the workbench under abuse.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drives the real ExWindow: a new search started while one runs (many
 * times over), Stop a hundred times in a row, Stop inside a very long game,
 * closing the window during a
 * search and while a damaged game is being opened, missing and unreadable
 * databases, a query error while a search runs, and the list of damaged
 * and skipped games (ExDiagnostics) with its game window.  After each, the
 * window must be idle and consistent, no search thread may be left running
 * (ex_search_job_get_n_running()) and, under ASan, nothing may leak.
 * Exits 77 (skipped) when there is no display.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-utils.h"
#include "ex-diagnostics.h"
#include "ex-search-job.h"
#include "ex-window-test.h"
#include "ui-common.h"

/* The sample's games with Black mated while White has a knight: 14 of 103
 * (tests/ui/test-window.c, counted with the cql tool). */
#define KNIGHT_MATE_QUERY "(match\n  (position :mate :btm N))\n"
#define KNIGHT_MATE_COUNT 14
#define SAMPLE_GAMES 103
#define TIMEOUT_MS 60000

static ExApplication *app;

/* TRUE if some GtkProgressBar in @widget's tree is drawn. */
static gboolean
progress_bar_shown (GtkWidget *widget)
{
  if (GTK_IS_PROGRESS_BAR (widget) && gtk_widget_is_visible (widget))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (progress_bar_shown (c))
      return TRUE;
  return FALSE;
}

static void
set_database_path (ExWindow *window, const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  ex_window_set_database (window, file);
}

/* Many new searches, each started while the previous one runs: only the
 * last one's results arrive, complete, and one thread at most runs. */
static void
test_restart_while_running (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  g_autofree char *big = ex_test_make_big_database (40);

  set_database_path (window, big);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  for (guint i = 0; i < 25; i++)
    {
      g_assert_true (ex_window_run (window));
      g_assert_true (ex_window_is_searching (window));
      for (guint k = 0; k < i % 4; k++)
        g_main_context_iteration (NULL, FALSE);
      /* the old threads wind down on their own; never more than a few */
      g_assert_cmpuint (ex_search_job_get_n_running (), <=, i + 1);
    }
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, TIMEOUT_MS));
  ex_test_drain ();
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_false (progress_bar_shown (GTK_WIDGET (window)));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT * 40);
  ex_test_destroy_window (window);
  g_unlink (big);
}

/* Stop a hundred times in a row, at different moments: the window is idle
 * after each Stop, and a last full search still gives every result. */
static void
test_stop_hundred_times (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  g_autofree char *big = ex_test_make_big_database (20);

  set_database_path (window, big);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  for (guint i = 0; i < 100; i++)
    {
      g_assert_true (ex_window_run (window));
      for (guint k = 0; k < i % 7; k++)
        g_main_context_iteration (NULL, FALSE);
      ex_window_stop (window);
      g_assert_false (ex_window_is_searching (window));
      g_assert_false (progress_bar_shown (GTK_WIDGET (window)));
      g_assert_false (ex_window_get_status_is_error (window));
      g_assert_nonnull (strstr (ex_window_get_status_text (window), "stopped"));
      /* Stop again: nothing to stop, nothing changes */
      ex_window_stop (window);
      g_assert_false (ex_window_is_searching (window));
    }
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, TIMEOUT_MS));
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_DEFAULT);
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT * 20);
  ex_test_destroy_window (window);
  g_unlink (big);
}

/* Stop while the search is inside one very long game (four games of
 * 1,000,000 plies, a :relation with :shift, which compares each position
 * with the rest of its game): the search thread must be gone well within a second,
 * not at the end of the game. */
static void
test_stop_inside_long_game (void)
{
  static const char *const cycle[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  gint64 stopped;
  int fd;

  for (guint game = 0; game < 4; game++)
    {
      g_string_append (text, "[Event \"long\"]\n\n");
      for (guint ply = 0; ply < 1000000; ply++)
        {
          if (ply % 2 == 0)
            g_string_append_printf (text, "%u. ", ply / 2 + 1);
          g_string_append (text, cycle[ply % 4]);
          g_string_append_c (text, ply % 16 == 15 ? '\n' : ' ');
        }
      g_string_append (text, "*\n\n");
    }
  fd = g_file_open_tmp ("excelsior-long-XXXXXX.pgn", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, text->str, text->len, &error);
  g_assert_no_error (error);

  set_database_path (window, path);
  ex_window_set_query_text (window,
                            "(match (position :relation (:shift :missingpiececount A 1)))\n");
  g_assert_true (ex_window_run (window));
  ex_test_spin (1500);
  g_assert_true (ex_window_is_searching (window));
  stopped = g_get_monotonic_time ();
  ex_window_stop (window);
  /* Looked at every millisecond: ex_test_wait_until() sleeps until the
   * main loop has an event, which can come long after the thread ended. */
  while (!ex_test_no_thread_running (NULL)
         && g_get_monotonic_time () - stopped < TIMEOUT_MS * (gint64) 1000)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_true (ex_test_no_thread_running (NULL));
  g_test_message ("the search thread ended %" G_GINT64_FORMAT " ms after Stop",
                  (g_get_monotonic_time () - stopped) / 1000);
  /* 100 ms is the aim (about 60 ms measured); sanitizers slow the walk. */
  g_assert_cmpint (g_get_monotonic_time () - stopped, <, 2 * G_USEC_PER_SEC);
  g_assert_false (ex_window_is_searching (window));
  ex_test_destroy_window (window);
  g_unlink (path);
}

/* Closing the window at different moments of a search. */
static void
test_close_during_search (void)
{
  g_autofree char *big = ex_test_make_big_database (20);

  for (guint i = 0; i < 10; i++)
    {
      ExWindow *window = ex_test_new_window (app, 0, 0, NULL);

      set_database_path (window, big);
      ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
      g_assert_true (ex_window_run (window));
      ex_test_spin (i * 15);
      ex_test_destroy_window (window);
    }
  g_unlink (big);
}

/* A database that is missing, a directory, or vanishes: an error in the
 * status line naming it, no thread left, and the window searches again. */
static void
test_missing_and_unreadable (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  g_autofree char *dir = g_dir_make_tmp ("ui-robust-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.pgn", NULL);
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  const char *const bad[] = { missing, dir };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *base = g_path_get_basename (bad[i]);

      set_database_path (window, bad[i]);
      ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
      ex_window_run (window);
      g_assert_true (ex_test_wait_until (ex_test_search_done, window, TIMEOUT_MS));
      g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, TIMEOUT_MS));
      g_assert_true (ex_window_get_status_is_error (window));
      g_assert_false (progress_bar_shown (GTK_WIDGET (window)));
      if (strstr (ex_window_get_status_text (window), base) == NULL)
        g_error ("the status does not name %s: %s", base, ex_window_get_status_text (window));
      g_assert_cmpuint (g_list_model_get_n_items (results), ==, 0);
    }

  /* and it still works */
  set_database_path (window, sample);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_DEFAULT);
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  ex_test_destroy_window (window);
  g_rmdir (dir);
}

/* A query with an error, run while a search runs: the error is shown at
 * its place; the window is not left half-searching. */
static void
test_query_error_while_searching (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  g_autofree char *big = ex_test_make_big_database (20);
  guint line = 0, column = 0;

  set_database_path (window, big);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  g_assert_true (ex_window_run (window));
  g_main_context_iteration (NULL, FALSE);
  ex_window_set_query_text (window, "(match\n  (position :mate K[z9]))\n");
  g_assert_false (ex_window_run (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_true (ex_window_get_error_location (window, &line, &column));
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 21);
  /* whatever became of the running search, it ends and its thread too */
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, TIMEOUT_MS));
  ex_test_drain ();
  /* the error stays shown until the next run; no progress is shown */
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_false (progress_bar_shown (GTK_WIDGET (window)));
  g_assert_true (ex_window_get_error_location (window, &line, &column));

  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_DEFAULT);
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT * 20);
  ex_test_destroy_window (window);
  g_unlink (big);
}

static const char damaged_pgn[] =
  "[Event \"good\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
  "[Event \"damaged\"]\n[White \"Broken\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n\n"
  "[Event \"variant\"]\n[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *\n\n"
  "[Event \"good too\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

static void
game_opened_cb (ExDiagnostics *diagnostics, gboolean ok, gpointer user_data)
{
  *(int *) user_data = ok ? 1 : 2;
}

static gboolean
is_set (gpointer data)
{
  return *(int *) data != 0;
}

/* Damaged and skipped games are listed, collapsed, under the results, and
 * each one's text opens in a window with the bad line highlighted. */
static void
test_diagnostics_list (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  /* The window's ExDiagnostics (it is not exposed by ExWindow's API). */
  ExDiagnostics *diagnostics = EX_DIAGNOSTICS (ex_test_find_widget (GTK_WIDGET (window),
                                                                   EX_TYPE_DIAGNOSTICS));
  g_autofree char *path = NULL;
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  g_autoptr(GError) error = NULL;
  GListModel *model;
  GtkWindow *game_window;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  int opened = 0;
  int fd;

  g_assert_nonnull (diagnostics);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (diagnostics)));

  fd = g_file_open_tmp ("ui-robust-XXXXXX.pgn", &path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (write (fd, damaged_pgn, sizeof damaged_pgn - 1), ==, sizeof damaged_pgn - 1);
  close (fd);

  set_database_path (window, path);
  ex_test_run_and_wait (window, "(match (position :mate))", EX_TEST_RUN_DEFAULT);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 2);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (diagnostics)));
  g_assert_false (ex_diagnostics_get_expanded (diagnostics));
  g_assert_cmpstr (ex_diagnostics_get_title (diagnostics), ==, "1 damaged and 1 skipped games");
  model = ex_diagnostics_get_model (diagnostics);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  {
    g_autoptr(GtkStringObject) s0 = g_list_model_get_item (model, 0);
    g_autoptr(GtkStringObject) s1 = g_list_model_get_item (model, 1);
    guint64 line = 0, number = 0;

    g_assert_true (ex_diagnostics_parse_message (gtk_string_object_get_string (s0),
                                                 &line, &number));
    g_assert_cmpuint (line, ==, 9);
    g_assert_cmpuint (number, ==, 2);
    g_assert_nonnull (strstr (gtk_string_object_get_string (s0), "Ke3"));
    g_assert_nonnull (strstr (gtk_string_object_get_string (s1), "Atomic"));
  }
  ex_diagnostics_set_expanded (diagnostics, TRUE);
  ex_test_drain ();

  g_signal_connect (diagnostics, "game-opened", G_CALLBACK (game_opened_cb), &opened);
  g_assert_true (ex_diagnostics_open_game (diagnostics, 0));
  g_assert_true (ex_test_wait_until (is_set, &opened, TIMEOUT_MS));
  g_assert_cmpint (opened, ==, 1);
  game_window = ex_diagnostics_get_game_window (diagnostics);
  g_assert_nonnull (game_window);
  g_assert_nonnull (strstr (gtk_window_get_title (game_window), "Game 2"));
  /* the game's own text, and the bad line (file line 9 = its 5th) marked */
  {
    GtkWidget *w = gtk_window_get_child (game_window);
    GtkWidget *scrolled = gtk_widget_get_last_child (w);
    GtkWidget *view = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));

    if (GTK_IS_VIEWPORT (view))
      view = gtk_viewport_get_child (GTK_VIEWPORT (view));
    buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  }
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_true (g_str_has_prefix (text, "[Event \"damaged\"]"));
  g_assert_nonnull (strstr (text, "2. Ke3 Nc6"));
  g_assert_null (strstr (text, "Atomic"));
  {
    GtkTextMark *mark = gtk_text_buffer_get_mark (buffer, "error-line");
    GtkTextIter at;

    g_assert_nonnull (mark);
    gtk_text_buffer_get_iter_at_mark (buffer, &at, mark);
    g_assert_cmpint (gtk_text_iter_get_line (&at), ==, 4);
  }

  /* a second game replaces the window; then the list resets on a new search */
  opened = 0;
  g_assert_true (ex_diagnostics_open_game (diagnostics, 1));
  g_assert_true (ex_test_wait_until (is_set, &opened, TIMEOUT_MS));
  g_assert_nonnull (strstr (gtk_window_get_title (ex_diagnostics_get_game_window (diagnostics)),
                            "Game 3"));

  /* the file changed under us: the window says so instead of crashing */
  g_file_set_contents (path, "[Event \"only\"]\n\n1. e4 *\n", -1, &error);
  g_assert_no_error (error);
  opened = 0;
  g_assert_true (ex_diagnostics_open_game (diagnostics, 0));
  g_assert_true (ex_test_wait_until (is_set, &opened, TIMEOUT_MS));
  g_assert_cmpint (opened, ==, 2);

  set_database_path (window, sample);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_DEFAULT);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (diagnostics)));

  /* closing the window while a game is being opened */
  set_database_path (window, path);
  g_file_set_contents (path, damaged_pgn, -1, &error);
  g_assert_no_error (error);
  ex_test_run_and_wait (window, "(match (position :mate))", EX_TEST_RUN_DEFAULT);
  g_assert_true (ex_diagnostics_open_game (diagnostics, 0));
  ex_test_destroy_window (window);
  ex_test_drain ();
  g_unlink (path);
}

/* ex_diagnostics_read_game_text() on its own: by number, Latin-1, missing. */
static void
test_read_game_text (void)
{
  static const char latin1[] =
    "[Event \"a\"]\n\n1. e4 *\n\n[Event \"Gen\xe8ve\"]\n\n1. d4 *\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  guint64 first_line = 0;
  int fd = g_file_open_tmp ("ui-robust-XXXXXX.pgn", &path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (write (fd, latin1, sizeof latin1 - 1), ==, sizeof latin1 - 1);
  close (fd);
  text = ex_diagnostics_read_game_text (path, 2, &first_line, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "[Event \"Genève\"]\n\n1. d4 *");
  g_assert_cmpuint (first_line, ==, 5);
  g_clear_pointer (&text, g_free);
  text = ex_diagnostics_read_game_text (path, 3, NULL, NULL, &error);
  g_assert_null (text);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_unlink (path);
  text = ex_diagnostics_read_game_text (path, 1, NULL, NULL, &error);
  g_assert_null (text);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_false (ex_diagnostics_parse_message ("no location here", NULL, NULL));
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui-robust/read-game-text", test_read_game_text);
  g_test_add_func ("/ui-robust/diagnostics-list", test_diagnostics_list);
  g_test_add_func ("/ui-robust/missing-and-unreadable", test_missing_and_unreadable);
  g_test_add_func ("/ui-robust/query-error-while-searching", test_query_error_while_searching);
  g_test_add_func ("/ui-robust/restart-while-running", test_restart_while_running);
  g_test_add_func ("/ui-robust/stop-hundred-times", test_stop_hundred_times);
  g_test_add_func ("/ui-robust/stop-inside-long-game", test_stop_inside_long_game);
  g_test_add_func ("/ui-robust/close-during-search", test_close_during_search);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
