/* test-help.c: F1 opens the user guide inside the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Help (F1, win.help) shows docs/workbench.md in the workbench's own help
 * window (ExHelpWindow, libcmark's reading of the Markdown), so that it
 * opens on a desktop with no application for Markdown files: the test runs
 * with empty XDG data and config folders of its own, and the page must be
 * shown in this process, with its headings, lists, code, tables and
 * screenshots.  A link to another page opens that page; a link to a
 * heading scrolls to it; Back returns; a page that is not part of the
 * guide says so and leaves the page shown.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-help-window.h"
#include "ex-window-test.h"
#include "ui-common.h"

static ExApplication *app;

/* Every widget of type @type under @widget (itself included). */
static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *found)
{
  if (g_type_is_a (G_OBJECT_TYPE (widget), type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

static ExHelpWindow *
find_help_window (ExWindow *window)
{
  ExHelpWindow *help = NULL;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (EX_IS_HELP_WINDOW (l->data)
        && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window))
      help = l->data;
  return help;
}

typedef struct
{
  ExHelpWindow *help;
  const char   *page;
} PageWait;

static gboolean
page_shown (gpointer data)
{
  PageWait *wait = data;

  return g_strcmp0 (ex_help_window_get_page (wait->help), wait->page) == 0;
}

static gboolean
scrolled_down (gpointer data)
{
  GtkScrolledWindow *scrolled = data;

  return gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scrolled)) > 100.0;
}

/* Follows the link to @uri on the page shown, as a click on it does. */
static void
follow_link (ExHelpWindow *help,
             const char   *uri)
{
  g_autofree char *needle = g_strdup_printf ("href=\"%s\"", uri);
  GtkLabel *label = GTK_LABEL (ex_test_find_label_markup (ex_help_window_get_content (help),
                                                         needle));
  gboolean handled = FALSE;

  g_assert_nonnull (label);
  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
}

static void
test_f1_opens_guide (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  g_auto(GStrv) accels = NULL;
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
  g_autoptr(GPtrArray) grids = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  ExHelpWindow *help;
  GtkWidget *content;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkLabel *code = NULL;
  PageWait wait;

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.help");
  g_assert_true (g_strv_contains ((const char *const *) accels, "F1"));

  /* F1: the guide, in this process, at the workbench's page. */
  g_assert_null (find_help_window (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
  help = find_help_window (window);
  g_assert_nonnull (help);
  g_assert_true (ex_test_wait_until (ex_test_widget_drawn, help, EX_TEST_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpstr (ex_help_window_get_page (help), ==, "workbench.md");
  g_assert_cmpstr (ex_help_window_get_message (help), ==, "");

  /* Headings, code, tables and screenshots are there. */
  content = ex_help_window_get_content (help);
  g_assert_nonnull (ex_test_find_label_markup (content, "The Excelsior workbench"));
  collect (content, GTK_TYPE_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, >=, 5);
  g_assert_nonnull (gtk_picture_get_paintable (pictures->pdata[0]));
  collect (content, GTK_TYPE_GRID, grids);
  g_assert_cmpuint (grids->len, >=, 3);
  /* The shortcuts table: its keys and actions in cells of their own. */
  g_assert_nonnull (ex_test_find_label_markup (content, "<b>Keys</b>"));
  g_assert_nonnull (ex_test_find_label_markup (content, "Ctrl+Return, F5"));
  g_assert_null (ex_test_find_label_markup (content, "|---|"));
  /* A heading of the page: scrolled to (the shortcuts' table). */
  g_assert_true (ex_help_window_show_page (help, "#all-keyboard-shortcuts", NULL));
  g_assert_true (ex_test_wait_until (scrolled_down,
                                     gtk_widget_get_ancestor (content, GTK_TYPE_SCROLLED_WINDOW),
                                     EX_TEST_TIMEOUT_MS));
  ex_test_wait_frame (GTK_WIDGET (help));
  ex_test_screenshot (GTK_WIDGET (help), "help-window.png");

  /* A link to another page opens it here; Back returns. */
  follow_link (help, "cql.md");
  wait = (PageWait) { help, "cql.md" };
  g_assert_true (ex_test_wait_until (page_shown, &wait, EX_TEST_TIMEOUT_MS));
  g_assert_nonnull (ex_test_find_label_markup (ex_help_window_get_content (help),
                                                "CQL in Excelsior"));
  /* Its code blocks: monospace, selectable. */
  collect (ex_help_window_get_content (help), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len && code == NULL; i++)
    if (gtk_widget_has_css_class (labels->pdata[i], "monospace"))
      code = labels->pdata[i];
  g_assert_nonnull (code);
  g_assert_true (gtk_label_get_selectable (code));
  g_assert_nonnull (strchr (gtk_label_get_text (code), '('));
  g_assert_true (strstr (gtk_window_get_title (GTK_WINDOW (help)), "CQL 3") != NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (help), "help.back", NULL));
  g_assert_cmpstr (ex_help_window_get_page (help), ==, "workbench.md");

  /* A link to a heading of another page opens the page scrolled to it. */
  follow_link (help, "picker.md#themes-in-cql-6");
  wait = (PageWait) { help, "picker.md" };
  g_assert_true (ex_test_wait_until (page_shown, &wait, EX_TEST_TIMEOUT_MS));
  g_assert_cmpstr (ex_help_window_get_anchor (help), ==, "themes-in-cql-6");
  g_assert_true (ex_test_wait_until (scrolled_down,
                                     gtk_widget_get_ancestor (ex_help_window_get_content (help),
                                                              GTK_TYPE_SCROLLED_WINDOW),
                                     EX_TEST_TIMEOUT_MS));

  /* Not a page of the guide: said, and the page stays. */
  g_assert_false (ex_help_window_show_page (help, "../README.md", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpstr (ex_help_window_get_page (help), ==, "picker.md");
  g_assert_nonnull (strstr (ex_help_window_get_message (help), "README.md"));

  /* F1 again presents the same window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
  g_assert_true (find_help_window (window) == help);
  g_assert_cmpstr (ex_help_window_get_page (help), ==, "workbench.md");

  ex_test_destroy_window (window);
  ex_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  int status;

  /* No desktop of the user's: no application for Markdown files. */
  scratch_dir = g_dir_make_tmp ("excelsior-help-XXXXXX", NULL);
  g_assert_nonnull (scratch_dir);
  g_setenv ("XDG_DATA_HOME", scratch_dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", scratch_dir, TRUE);

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui/help/f1-opens-guide", test_f1_opens_guide);
  status = g_test_run ();

  g_clear_object (&app);
  g_rmdir (scratch_dir);
  return status;
}
