/* test-details.c: the small things a user meets first.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An error reads the same from the live parse and from Run; position lists
 * alone are run inside a match list; the label over the editor marks
 * unsaved changes; an example that replaces unsaved changes says how to get
 * them back; --help names the files that may be given; the database button's
 * arrow opens a menu; a search without :markall says that only a game's
 * first matching position is marked; the query renamed with its own name
 * keeps it.  On the bundled sample (103 studies).
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-query-document.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000
/* `(match (position :mate))` on the sample, counted by the cql tool. */
#define MATE_COUNT 27

static ExApplication *app;

/* Run shows an error in the words of the live parse: "Line 3, column 16:
 * ...", not "<editor>:3:16: ...". */
static void
test_error_text (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  g_autofree char *live = NULL;

  ex_window_set_query_text (window, "(match\n  (position\n    :mate :btm :knightmate))\n");
  g_assert_false (ex_cql_editor_parse_now (editor));
  live = g_strdup (ex_cql_editor_get_message (editor));
  g_assert_true (g_str_has_prefix (live, "Line 3, column 16: "));

  g_assert_false (ex_window_run (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_cmpstr (ex_window_get_status_text (window), ==, live);

  ex_test_destroy_window (window);
}

/* `(position :mate)` alone is run as `(match (position :mate))`; its
 * errors are where they are in the text, and nobody is told to add a
 * :pgn the workbench does not use. */
static void
test_bare_position_list (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  guint line, column;

  ex_window_set_query_text (window, "; mates\n(position :mate)\n");
  g_assert_true (ex_cql_editor_parse_now (editor));
  ex_test_run_and_wait (window, "; mates\n(position :mate)\n", EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, MATE_COUNT);

  /* On the first line, after the "(match " put before it. */
  ex_window_set_query_text (window, "(position :mat)");
  g_assert_false (ex_cql_editor_parse_now (editor));
  g_assert_true (ex_cql_editor_get_error_location (editor, &line, &column));
  g_assert_cmpuint (line, ==, 1);
  g_assert_cmpuint (column, ==, 11);
  g_assert_true (g_str_has_prefix (ex_cql_editor_get_message (editor), "Line 1, column 11: "));
  g_assert_null (strstr (ex_cql_editor_get_message (editor), ":pgn"));
  g_assert_false (ex_window_run (window));
  g_assert_null (strstr (ex_window_get_status_text (window), ":pgn"));

  /* Unbalanced: the error is at the end of the text, not after it. */
  ex_window_set_query_text (window, "(position :mate\n  :btm");
  g_assert_false (ex_cql_editor_parse_now (editor));
  g_assert_true (ex_cql_editor_get_error_location (editor, &line, &column));
  g_assert_cmpuint (line, <=, 2);

  ex_test_destroy_window (window);
}

/* The label over the editor: the example's name, then " •" once the text
 * changes; loading an example over unsaved changes says Ctrl+Z brings
 * them back, and it does. */
static void
test_modified_and_examples (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GtkTextBuffer *buffer = ex_window_get_query_buffer (window);
  const char *mine = "(match (position :stalemate))\n";
  g_autofree char *text = NULL;
  GtkTextIter end;

  g_assert_true (ex_window_load_example (window, "stalemate.cql"));
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_query_file_label (window)), ==,
                   "stalemate.cql");

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert (buffer, &end, " ", -1);
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_query_file_label (window)), ==,
                   "stalemate.cql •");

  ex_window_set_query_text (window, mine);
  g_assert_true (gtk_text_buffer_get_modified (buffer));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "knight-mate.cql");
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_query_file_label (window)), ==,
                   "knight-mate.cql");
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "Ctrl+Z"));
  gtk_text_buffer_undo (buffer);
  text = ex_window_dup_query_text (window);
  g_assert_cmpstr (text, ==, mine);

  /* An unchanged example replaced by another: no such warning. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "stalemate.cql");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "knight-mate.cql");
  g_assert_null (strstr (ex_window_get_status_text (window), "Ctrl+Z"));

  ex_test_destroy_window (window);
}

/* The query renamed with its own name (the string the document holds):
 * the name is copied before the old one is freed, so that it stays (the
 * sanitizer build reads freed memory otherwise), and the label shows it. */
static void
test_rename_to_own_name (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExQueryDocument *document = ex_window_get_query_document (window);

  g_assert_true (ex_window_load_example (window, "stalemate.cql"));
  g_assert_cmpstr (ex_query_document_get_name (document), ==, "stalemate.cql");
  ex_query_document_set_name (document, ex_query_document_get_name (document), TRUE);
  g_assert_cmpstr (ex_query_document_get_name (document), ==, "stalemate.cql");
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_query_file_label (window)), ==,
                   "stalemate.cql");
  ex_query_document_set_name (document, ex_query_document_get_name (document), FALSE);
  g_assert_cmpstr (ex_query_document_get_name (document), ==, "stalemate.cql");

  ex_test_destroy_window (window);
}

/* The database button's arrow keeps its promise: the button opens a menu
 * (recent databases, then Open, which Ctrl+D also reaches). */
static void
test_database_button (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autoptr(GMenuModel) menu = NULL;
  g_autoptr(GMenuModel) open = NULL;
  g_autofree char *action = NULL;

  g_assert_true (GTK_IS_MENU_BUTTON (ex_window_get_database_button (window)));
  g_assert_true (gtk_menu_button_get_always_show_arrow (ex_window_get_database_button (window)));
  menu = ex_window_build_database_menu (window);
  open = g_menu_model_get_item_link (menu, g_menu_model_get_n_items (menu) - 1,
                                     G_MENU_LINK_SECTION);
  g_assert_true (g_menu_model_get_item_attribute (open, 0, G_MENU_ATTRIBUTE_ACTION, "s",
                                                  &action));
  g_assert_cmpstr (action, ==, "win.choose-database");

  ex_test_destroy_window (window);
}

/* Without :markall the status line says only the first matching position
 * of a game is marked; with it, it does not. */
static void
test_markall_hint (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);

  ex_test_run_and_wait (window, "; not :markall\n(match (position :mate))\n", EX_TEST_RUN_NO_ERROR);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), ":markall"));

  ex_test_run_and_wait (window, "(match (position :mate :markall))\n", EX_TEST_RUN_NO_ERROR);
  g_assert_null (strstr (ex_window_get_status_text (window), ":markall"));

  ex_test_destroy_window (window);
}

/* The editor tells the dialect from the text: CQL 6 is highlighted as CQL
 * 6 (data/cql6.lang) and named beside the query's name; a CQL 6 query runs,
 * and marks every matching position (no :markall hint). */
static void
test_dialect (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GtkSourceBuffer *buffer = GTK_SOURCE_BUFFER (
    gtk_text_view_get_buffer (GTK_TEXT_VIEW (ex_window_get_editor_view (window))));

  ex_window_set_query_text (window, "(match (position :mate))\n");
  g_assert_cmpint (ex_cql_editor_get_dialect (editor), ==, CQ_DIALECT_CQL3);
  g_assert_cmpstr (gtk_source_language_get_id (gtk_source_buffer_get_language (buffer)), ==,
                   "cql");
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_dialect_label (window)), ==, "CQL 3");

  ex_test_run_and_wait (window, "// mates by Black\ncql() mate ▲ attacks ♔\n",
                        EX_TEST_RUN_NO_ERROR);
  g_assert_cmpint (ex_cql_editor_get_dialect (editor), ==, CQ_DIALECT_CQL6);
  g_assert_cmpstr (gtk_source_language_get_id (gtk_source_buffer_get_language (buffer)), ==,
                   "cql6");
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_dialect_label (window)), ==, "CQL 6");
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_null (strstr (ex_window_get_status_text (window), ":markall"));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), >, 0);

  /* Completion and hover help speak the text's dialect. */
  {
    g_auto(GStrv) cql6 = ex_cql_editor_complete (editor, "passed");
    g_auto(GStrv) cql6_colon = ex_cql_editor_complete (editor, ":mat");
    GtkTextIter iter;
    g_autofree char *hover = NULL;

    g_assert_true (g_strv_contains ((const char *const *) cql6, "passedpawns"));
    g_assert_cmpuint (g_strv_length (cql6_colon), ==, 0);
    /* "mate" in "cql() mate ..." */
    gtk_text_buffer_get_iter_at_line_offset (GTK_TEXT_BUFFER (buffer), &iter, 1, 7);
    hover = ex_cql_editor_dup_hover_text (editor, &iter);
    g_assert_cmpstr (hover, ==, "mate: the side to move is checkmated");
  }
  ex_window_set_query_text (window, "(match (position :mate))\n");
  {
    g_auto(GStrv) cql3 = ex_cql_editor_complete (editor, ":mat");
    g_auto(GStrv) cql3_word = ex_cql_editor_complete (editor, "passed");

    g_assert_true (g_strv_contains ((const char *const *) cql3, ":mate"));
    g_assert_false (g_strv_contains ((const char *const *) cql3_word, "passedpawns"));
  }

  ex_test_destroy_window (window);
}

/* --help says which files may be given (run in a child: it exits). */
static void
test_help (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(ExApplication) child = ex_application_new (G_APPLICATION_NON_UNIQUE);
      char *argv[] = { (char *) "excelsior", (char *) "--help", NULL };

      exit (g_application_run (G_APPLICATION (child), 2, argv));
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*[OPTION*] [QUERY.cql] [DATABASE*]*");
  g_test_trap_assert_stdout ("*folder*");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui/details/error-text", test_error_text);
  g_test_add_func ("/ui/details/bare-position-list", test_bare_position_list);
  g_test_add_func ("/ui/details/modified-and-examples", test_modified_and_examples);
  g_test_add_func ("/ui/details/rename-to-own-name", test_rename_to_own_name);
  g_test_add_func ("/ui/details/database-button", test_database_button);
  g_test_add_func ("/ui/details/markall-hint", test_markall_hint);
  g_test_add_func ("/ui/details/help", test_help);
  g_test_add_func ("/ui/details/dialect", test_dialect);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
