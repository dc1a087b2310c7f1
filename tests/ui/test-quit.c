/* test-quit.c: quitting with an unsaved query, and the query the next window starts with.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Quit (Ctrl+Q, app.quit) and the window's close button take one path
 * (ex-window-close.c): a query with unsaved changes is asked about (Save,
 * Discard, Cancel).  Cancel keeps the window and the query; Save writes
 * the query's file and closes; Discard closes without writing.  The next
 * window starts with the query as it was left: the file's text, saved
 * or not, under the file's name.  A query without changes closes without
 * a question.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-query-document.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define FIRST_TEXT  "; first\n(match (position :mate))\n"
#define EDITED_TEXT "; edited\n(match (position :stalemate))\n"
#define LOST_TEXT   "; never saved\n(match (position :check))\n"

static ExApplication *app;
static char *scratch_dir;

static gboolean
dialog_shown (gpointer window)
{
  GtkWindow *dialog = ex_window_get_close_dialog (EX_WINDOW (window));

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

/* The question @window asks on closing: shown, over @window, with Save,
 * Discard and Cancel. */
static GtkDialog *
wait_for_question (ExWindow *window)
{
  GtkWindow *dialog;

  g_assert_true (ex_test_wait_until (dialog_shown, window, EX_TEST_TIMEOUT_MS));
  dialog = ex_window_get_close_dialog (window);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_modal (dialog));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                        GTK_RESPONSE_ACCEPT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                        GTK_RESPONSE_REJECT));
  g_assert_nonnull (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                        GTK_RESPONSE_CANCEL));
  return GTK_DIALOG (dialog);
}

static gboolean
has_workbench_window (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (EX_IS_WINDOW (l->data))
      return TRUE;
  return FALSE;
}

static void
quit (void)
{
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  ex_test_drain ();
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_quit_asks (void)
{
  g_autofree char *path = g_build_filename (scratch_dir, "mate.cql", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_auto(GStrv) accels = NULL;
  g_autofree char *text = NULL;
  g_autofree char *kept = NULL;
  ExWindow *window;
  ExQueryDocument *document;
  GtkDialog *dialog;

  /* Ctrl+Q is Quit. */
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.quit");
  g_assert_true (g_strv_contains ((const char *const *) accels, "<Control>q"));

  g_assert_true (g_file_set_contents (path, FIRST_TEXT, -1, NULL));
  window = ex_test_new_window (app, 1400, 860, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  ex_window_open_file (window, file);
  document = ex_window_get_query_document (window);
  g_assert_false (ex_query_document_get_modified (document));
  ex_window_set_query_text (window, EDITED_TEXT);
  g_assert_true (ex_query_document_get_modified (document));

  /* Quit asks; Cancel keeps the window and the query. */
  quit ();
  dialog = wait_for_question (window);
  g_assert_nonnull (window);
  ex_test_screenshot (GTK_WIDGET (dialog), "quit-question.png");
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  ex_test_drain ();
  g_assert_nonnull (window);
  g_assert_null (ex_window_get_close_dialog (window));
  g_assert_true (has_workbench_window ());
  text = ex_window_dup_query_text (window);
  g_assert_cmpstr (text, ==, EDITED_TEXT);
  g_assert_true (ex_query_document_get_modified (document));

  /* The window's close button asks the same question. */
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_question (window);
  gtk_dialog_response (dialog, GTK_RESPONSE_CANCEL);
  ex_test_drain ();
  g_assert_nonnull (window);

  /* Save writes the query's file and closes. */
  quit ();
  dialog = wait_for_question (window);
  gtk_dialog_response (dialog, GTK_RESPONSE_ACCEPT);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_null (window);
  g_assert_false (has_workbench_window ());
  g_clear_pointer (&text, g_free);
  text = read_file (path);
  g_assert_cmpstr (text, ==, EDITED_TEXT);
  kept = g_settings_get_string (ex_utils_get_settings (), "last-query-file");
  g_assert_cmpstr (kept, ==, path);

  /* The next window starts with that file, under its name, unmodified. */
  window = ex_test_new_window (app, 1400, 860, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  document = ex_window_get_query_document (window);
  g_clear_pointer (&text, g_free);
  text = ex_window_dup_query_text (window);
  g_assert_cmpstr (text, ==, EDITED_TEXT);
  g_assert_cmpstr (ex_query_document_get_name (document), ==, "mate.cql");
  g_assert_false (ex_query_document_get_modified (document));
  g_assert_true (g_file_equal (ex_query_document_get_file (document), file));

  /* Discard closes without writing; the next window reads the file. */
  ex_window_set_query_text (window, LOST_TEXT);
  quit ();
  dialog = wait_for_question (window);
  gtk_dialog_response (dialog, GTK_RESPONSE_REJECT);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_null (window);
  g_clear_pointer (&text, g_free);
  text = read_file (path);
  g_assert_cmpstr (text, ==, EDITED_TEXT);

  window = ex_test_new_window (app, 1400, 860, NULL);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_clear_pointer (&text, g_free);
  text = ex_window_dup_query_text (window);
  g_assert_cmpstr (text, ==, EDITED_TEXT);

  /* Without changes, Quit asks nothing and closes. */
  quit ();
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_null (window);
  g_assert_false (has_workbench_window ());

  g_unlink (path);
}

/* A query in no file, discarded: the next window starts with the first
 * example, not with the discarded text. */
static void
test_discard_untitled (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  g_autofree char *text = NULL;
  GtkDialog *dialog;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  ex_window_set_query_text (window, LOST_TEXT);
  gtk_window_close (GTK_WINDOW (window));
  dialog = wait_for_question (window);
  gtk_dialog_response (dialog, GTK_RESPONSE_REJECT);
  ex_test_drain ();
  g_assert_null (window);

  window = ex_test_new_window (app, 1400, 860, NULL);
  text = ex_window_dup_query_text (window);
  g_assert_null (strstr (text, "never saved"));
  g_assert_cmpstr (ex_query_document_get_name (ex_window_get_query_document (window)), ==,
                   "knight-mate.cql");
  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  scratch_dir = g_dir_make_tmp ("excelsior-quit-XXXXXX", NULL);
  g_assert_nonnull (scratch_dir);
  g_setenv ("XDG_DATA_HOME", scratch_dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", scratch_dir, TRUE);

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui/quit/asks", test_quit_asks);
  g_test_add_func ("/ui/quit/discard-untitled", test_discard_untitled);
  status = g_test_run ();

  g_clear_object (&app);
  g_rmdir (scratch_dir);
  return status;
}
