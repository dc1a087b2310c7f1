/* test-theme-pane.c: Theme Tools as a side pane of the main window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.theme-tools (Ctrl+T, the main menu) and the header's toggle button
 * show and hide the Theme Tools pane inside the main window, beside the
 * query, the results and the board, which stay in view and uncovered; no
 * other window opens.  Whether the pane is shown is kept when the window
 * is closed and restored by the next one.  F1 in the pane opens the
 * guide's page on the picker.  On the bundled sample (103 studies).
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-help-window.h"
#include "ex-results-view.h"
#include "ex-theme-tools.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

static ExApplication *app;

/* @widget's bounds in @window's coordinates. */
static graphene_rect_t
bounds_in (GtkWidget *widget,
           GtkWidget *window)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  return bounds;
}

static void
assert_apart (GtkWidget *a,
              GtkWidget *b,
              GtkWidget *window)
{
  graphene_rect_t ra = bounds_in (a, window), rb = bounds_in (b, window);
  graphene_rect_t overlap;

  g_assert_cmpfloat (ra.size.width, >, 200);
  g_assert_cmpfloat (rb.size.width, >, 200);
  g_assert_false (graphene_rect_intersection (&ra, &rb, &overlap)
                  && overlap.size.width > 0.5 && overlap.size.height > 0.5);
}

static guint
count_toplevels (void)
{
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static void
test_pane (void)
{
  GSettings *settings = ex_utils_get_settings ();
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  GtkToggleButton *button = ex_window_get_theme_tools_button (window);
  GtkWidget *results, *game_view, *tools;
  ExHelpWindow *help;
  guint n_windows = count_toplevels ();

  g_assert_false (ex_window_get_theme_tools_visible (window));
  g_assert_false (gtk_toggle_button_get_active (button));

  /* A search, so that the results and the board show a game. */
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), >, 0);
  ex_window_select_result (window, 0);

  /* Ctrl+T's action: the pane, in the main window, nothing covered. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.theme-tools", NULL));
  tools = GTK_WIDGET (ex_window_get_theme_tools (window));
  ex_test_wait_frame (GTK_WIDGET (window));
  g_assert_true (ex_window_get_theme_tools_visible (window));
  g_assert_true (gtk_toggle_button_get_active (button));
  g_assert_true (gtk_widget_get_mapped (tools));
  g_assert_true (gtk_widget_get_root (tools) == GTK_ROOT (window));
  g_assert_cmpuint (count_toplevels (), ==, n_windows);
  results = ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_RESULTS_VIEW);
  game_view = ex_window_get_game_view (window);
  g_assert_true (gtk_widget_get_mapped (results));
  g_assert_true (gtk_widget_get_mapped (game_view));
  assert_apart (tools, results, GTK_WIDGET (window));
  assert_apart (tools, game_view, GTK_WIDGET (window));
  assert_apart (results, game_view, GTK_WIDGET (window));
  ex_test_screenshot (GTK_WIDGET (window), "theme-tools-pane.png");

  /* F1 in the pane: the guide's page on the picker. */
  g_assert_true (gtk_widget_child_focus (tools, GTK_DIR_TAB_FORWARD));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
  help = ex_window_show_help (window, NULL);
  g_assert_cmpstr (ex_help_window_get_page (help), ==, "picker.md");
  gtk_window_destroy (GTK_WINDOW (help));

  /* The header's button hides it, and the action shows it again. */
  gtk_toggle_button_set_active (button, FALSE);
  g_assert_false (ex_window_get_theme_tools_visible (window));
  g_assert_false (gtk_widget_is_visible (tools));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.theme-tools", NULL));
  g_assert_true (gtk_widget_is_visible (tools));

  /* Kept on close; the next window starts with the pane. */
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_true (g_settings_get_boolean (settings, "theme-tools-visible"));
  window = ex_test_new_window (app, 1400, 860, NULL);
  g_assert_true (ex_window_get_theme_tools_visible (window));
  g_assert_true (gtk_toggle_button_get_active (ex_window_get_theme_tools_button (window)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (ex_window_get_theme_tools (window))));

  /* Hidden, and so kept. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.theme-tools", NULL));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_false (g_settings_get_boolean (settings, "theme-tools-visible"));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch_dir = NULL;
  int status;

  scratch_dir = g_dir_make_tmp ("excelsior-theme-pane-XXXXXX", NULL);
  g_assert_nonnull (scratch_dir);
  g_setenv ("XDG_DATA_HOME", scratch_dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", scratch_dir, TRUE);

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui/theme-pane/pane", test_pane);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
