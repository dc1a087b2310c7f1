/* test-databases.c: the workbench on databases as they are published: a
 * compressed file, several files searched as one, a folder.  The results
 * browse and export like any other, their games come from the search's
 * temporary games file, and that file goes with the results.
 *
 * The compressed copy of the bundled sample (103 studies) is made here with
 * gzip (always on Debian) and, when installed, zstd.
 *
 * With EXCELSIOR_SCREENSHOT_DIR set, the window showing a result of the
 * compressed two-file database is saved there as databases.png.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-utils.h"
#include "ex-game-view.h"
#include "ex-result.h"
#include "ex-search-job.h"
#include "ex-window-test.h"
#include "compress-util.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000
#define SAMPLE_GAMES 103
#define KNIGHT_MATE_QUERY "(match (position :mate :btm N))\n"
#define KNIGHT_MATE_COUNT 14

static ExApplication *app;
static char *tmp_dir;       /* the databases and the export, in own_tmp_dir */

/* @src compressed by @tool into the test's folder, or NULL without @tool. */
static char *
compress (const char *src, const char *tool, const char *name)
{
  g_autofree char *dest = g_build_filename (tmp_dir, name, NULL);

  return test_compress_file (src, tool, dest);
}

/* The search jobs' games files now in the temporary folder (the test's
 * own: other tests make theirs, and folders of the same prefix, elsewhere). */
static guint
count_games_files (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_get_tmp_dir (), 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "excelsior-results-"))
      n++;
  return n;
}

static guint64
result_number (GListModel *results, guint i)
{
  g_autoptr(ExResult) r = g_list_model_get_item (results, i);

  return ex_result_get_number (r);
}

static void
test_compressed_and_several_files (void)
{
  ExWindow *window = ex_window_new (GTK_APPLICATION (app));
  GListModel *results = ex_window_get_results (window);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  g_autofree char *plain = ex_test_sample_database ();
  g_autofree char *gz = compress (plain, "gzip", "studies.pgn.gz");
  g_autofree char *zst = compress (plain, "zstd", "studies.pgn.zst");
  g_autofree char *out_path = g_build_filename (tmp_dir, "out.pgn", NULL);
  g_autofree char *exported = NULL;
  g_autoptr(GFile) f_plain = g_file_new_for_path (plain);
  g_autoptr(GFile) f_gz = g_file_new_for_path (gz);
  g_autoptr(GFile) f_second = g_file_new_for_path (zst != NULL ? zst : gz);
  g_autoptr(GError) error = NULL;
  GFile *files[2];
  guint64 first_number;
  g_autofree char *event = NULL;
  guint before = count_games_files ();

  gtk_window_present (GTK_WINDOW (window));
  ex_test_drain ();

  /* A compressed file as the database. */
  g_assert_true (ex_window_is_database_file (f_gz));
  ex_window_set_database (window, f_gz);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_DEFAULT);
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (count_games_files (), ==, before + 1);
  ex_window_select_result (window, 0);
  ex_test_drain ();
  first_number = ex_game_view_get_game (view)->source.number;
  g_assert_cmpuint (first_number, ==, result_number (results, 0));
  event = g_strdup (cq_game_get_tag (ex_game_view_get_game (view), "Event"));
  g_assert_nonnull (event);

  /* Two files as one database: numbers go on, the second file's games
   * are shown from the games file too. */
  files[0] = f_plain;
  files[1] = f_second;
  ex_window_set_databases (window, files, 2);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_DEFAULT);
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "2 files"));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 2 * KNIGHT_MATE_COUNT);
  for (guint i = 0; i < KNIGHT_MATE_COUNT; i++)
    g_assert_cmpuint (result_number (results, i + KNIGHT_MATE_COUNT), ==,
                      result_number (results, i) + SAMPLE_GAMES);
  /* The previous search's games file went with its results. */
  g_assert_cmpuint (count_games_files (), ==, before + 1);
  ex_window_select_result (window, KNIGHT_MATE_COUNT);
  ex_test_drain ();
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, first_number + SAMPLE_GAMES);
  g_assert_cmpstr (cq_game_get_tag (ex_game_view_get_game (view), "Event"), ==, event);

  if (g_getenv ("EXCELSIOR_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("EXCELSIOR_SCREENSHOT_DIR"),
                                               "databases.png", NULL);
      ex_test_save_screenshot (window, png);
    }

  /* Export: every result, from the games file. */
  g_assert_true (ex_window_export_full (window, out_path, EX_EXPORT_ALL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  {
    g_autofree char *last = g_strdup_printf ("{Original game: %" G_GUINT64_FORMAT "}",
                                             result_number (results, 2 * KNIGHT_MATE_COUNT - 1));
    guint n = 0;

    for (const char *p = strstr (exported, "[Event "); p != NULL; p = strstr (p + 1, "[Event "))
      n++;
    g_assert_cmpuint (n, ==, 2 * KNIGHT_MATE_COUNT);
    g_assert_nonnull (strstr (exported, last));
  }
  /* Never over a file of the database. */
  g_assert_false (ex_window_export_full (window, zst != NULL ? zst : gz, EX_EXPORT_ALL, NULL,
                                         &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* A folder: its PGN files. */
  {
    g_autoptr(GFile) folder = g_file_new_for_path (tmp_dir);

    g_assert_true (ex_window_is_database_file (folder));
    g_unlink (out_path);
    ex_window_set_database (window, folder);
    ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_DEFAULT);
    g_assert_false (ex_window_get_status_is_error (window));
    g_assert_cmpuint (g_list_model_get_n_items (results), ==,
                      (zst != NULL ? 2 : 1) * KNIGHT_MATE_COUNT);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_cmpuint (count_games_files (), ==, before);

  g_unlink (gz);
  if (zst != NULL)
    g_unlink (zst);
}

/* A file that is not PGN: refused with one message, nothing listed. */
static void
test_not_pgn (void)
{
  ExWindow *window = ex_window_new (GTK_APPLICATION (app));
  g_autofree char *path = g_build_filename (tmp_dir, "image.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10";

  g_assert_true (g_file_set_contents (path, png, sizeof png - 1, NULL));
  gtk_window_present (GTK_WINDOW (window));
  ex_test_drain ();
  ex_window_set_database (window, file);
  /* The search does not start: it could search nothing. */
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  g_assert_false (ex_window_run (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "not a PGN file"));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *own_tmp_dir = ex_test_own_tmp_dir ();
  int status;

  if (!ex_test_init (&argc, &argv))
    {
      g_rmdir (own_tmp_dir);
      return 77;
    }
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-db-XXXXXX", NULL);

  g_test_add_func ("/ui/databases/compressed-and-several", test_compressed_and_several_files);
  g_test_add_func ("/ui/databases/not-pgn", test_not_pgn);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  g_rmdir (own_tmp_dir);
  return status;
}
