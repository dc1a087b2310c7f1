/* test-convert.c: Convert to CQL 6 in the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CQL 3 query in the editor, converted with the window's action
 * (win.convert-query, the "To CQL 6" button beside the dialect), becomes a
 * CQL 6 query that finds the same games of the bundled sample; the dialect
 * label and the button follow, the board highlights the same matched
 * squares; Undo brings the CQL 3 text back; a query
 * that does not read is left as it is, with the reason in the status line.
 * The converter itself is tested in tests/cql/test-cql-convert.c.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-game-view.h"
#include "ex-result.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000

static ExApplication *app;

/* Runs the query in the editor on the sample; returns its games' numbers. */
static GArray *
run_games (ExWindow *window)
{
  GListModel *results;
  GArray *games = g_array_new (FALSE, FALSE, sizeof (guint64));

  g_assert_true (ex_window_run (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  results = ex_window_get_results (window);
  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr(ExResult) result = g_list_model_get_item (results, i);
      guint64 number = ex_result_get_number (result);

      g_array_append_val (games, number);
    }
  return games;
}

/* The squares the board highlights at the first result's first matched
 * position: the squares of the set filters that made it match. */
static CqBitboard
first_highlight (ExWindow *window)
{
  ExBoard *board = ex_game_view_get_board (EX_GAME_VIEW (ex_window_get_game_view (window)));

  ex_window_select_result (window, 0);
  ex_test_drain ();
  return ex_board_get_highlight (board);
}

static void
assert_same_games (GArray *a, GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpuint (g_array_index (a, guint64, i), ==, g_array_index (b, guint64, i));
}

static void
test_convert (void)
{
  static const char *const queries[] = {
    "; Black is mated while White still has a knight.\n"
    "(match\n  (position :mate :btm N))\n",
    "(match\n"
    "  (position :variations :stalemate K[a-h1] :flipcolor))\n",
  };
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GtkLabel *dialect = ex_window_get_dialect_label (window);

  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      g_autoptr(GArray) cql3_games = NULL;
      g_autoptr(GArray) cql6_games = NULL;
      g_autofree char *text = NULL;
      g_autofree char *undone = NULL;
      CqBitboard cql3_squares;

      ex_query_document_set_text (ex_cql_editor_get_document (editor), queries[q], FALSE);
      if (!ex_cql_editor_parse_now (editor))
        g_error ("%s", ex_cql_editor_get_message (editor));
      g_assert_cmpstr (gtk_label_get_text (dialect), ==, "CQL 3");
      g_assert_true (gtk_widget_is_visible (GTK_WIDGET (ex_window_get_convert_button (window))));
      cql3_games = run_games (window);
      g_assert_cmpuint (cql3_games->len, >, 0);
      cql3_squares = first_highlight (window);
      g_assert_cmpuint (cql3_squares, !=, 0);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.convert-query", NULL));
      g_assert_false (ex_window_get_status_is_error (window));
      text = ex_cql_editor_dup_text (editor);
      g_assert_true (g_str_has_prefix (text, "cql(") || strstr (text, "\ncql(") != NULL);
      g_assert_true (ex_cql_editor_parse_now (editor));
      g_assert_cmpint (ex_cql_editor_get_dialect (editor), ==, CQ_DIALECT_CQL6);
      g_assert_cmpstr (gtk_label_get_text (dialect), ==, "CQL 6");
      g_assert_false (gtk_widget_is_visible (GTK_WIDGET (ex_window_get_convert_button (window))));
      /* The converted text no longer belongs to a CQL 3 file. */
      g_assert_null (ex_query_document_get_file (ex_cql_editor_get_document (editor)));
      cql6_games = run_games (window);
      assert_same_games (cql3_games, cql6_games);
      /* The board shows the same matched squares for both dialects. */
      g_assert_cmpuint (first_highlight (window), ==, cql3_squares);
      if (q == 1)
        {
          ex_test_drain ();
          ex_test_screenshot (GTK_WIDGET (window), "convert-cql6.png");
        }

      /* Undo brings the CQL 3 text back, and the button with it. */
      gtk_text_buffer_undo (GTK_TEXT_BUFFER (ex_window_get_query_buffer (window)));
      undone = ex_cql_editor_dup_text (editor);
      g_assert_cmpstr (undone, ==, queries[q]);
      g_assert_true (ex_cql_editor_parse_now (editor));
      g_assert_cmpstr (gtk_label_get_text (dialect), ==, "CQL 3");
    }

  /* A query opened from its file: the converted text is no longer the
   * file's (Save asks for a new one), its name says it is the CQL 6 form,
   * and the CQL 3 file is left as it was. */
  {
    g_autofree char *dir = g_dir_make_tmp ("ex-convert-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "knight.cql", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autofree char *on_disk = NULL;

    g_assert_true (g_file_set_contents (path, queries[0], -1, NULL));
    ex_window_open_file (window, file);
    ex_test_drain ();
    g_assert_nonnull (ex_query_document_get_file (ex_cql_editor_get_document (editor)));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.convert-query", NULL));
    g_assert_null (ex_query_document_get_file (ex_cql_editor_get_document (editor)));
    g_assert_cmpstr (ex_query_document_get_name (ex_cql_editor_get_document (editor)), ==,
                     "knight (CQL 6)");
    g_assert_true (g_file_get_contents (path, &on_disk, NULL, NULL));
    g_assert_cmpstr (on_disk, ==, queries[0]);
    g_assert_cmpint (g_unlink (path), ==, 0);
    g_assert_cmpint (g_rmdir (dir), ==, 0);
  }

  /* A query that does not read is not converted: the text stays and the
   * status line says where it fails. */
  {
    const char *broken = "(match (position :mate :btm N)\n";
    g_autofree char *text = NULL;

    ex_query_document_set_text (ex_cql_editor_get_document (editor), broken, FALSE);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.convert-query", NULL));
    g_assert_true (ex_window_get_status_is_error (window));
    g_assert_true (g_str_has_prefix (ex_window_get_status_text (window), "Not converted: "));
    text = ex_cql_editor_dup_text (editor);
    g_assert_cmpstr (text, ==, broken);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();

  g_test_add_func ("/convert/action", test_convert);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
