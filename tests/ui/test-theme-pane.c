/* test-theme-pane.c: Theme Tools as a side pane of the main window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.theme-tools (Ctrl+T, the main menu) and the header's toggle button
 * show and hide the Theme Tools pane inside the main window, beside the
 * query, the results and the board, which stay in view and uncovered; no
 * other window opens.  Whether the pane is shown is kept when the window
 * is closed and restored by the next one.  F1 in the pane opens the
 * guide's page on the picker.  In its theme library a double-click loads
 * a theme, a click only highlights, and the row highlighted follows the
 * theme loaded.  On the bundled sample (103 studies).
 *
 * Its size: at 1000x700 the window keeps its width with the pane shown,
 * and the pane is as wide as the widest of its pages needs (nothing in it
 * cut off or squeezed); the Games page beside it still lists several
 * games, and more once its other filters are hidden.  At 1400x900 the
 * pane leaves the Games page most of its height.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-game-list.h"
#include "ex-help-window.h"
#include "ex-results-view.h"
#include "ex-theme-library.h"
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

/* @widget's minimum width. */
static int
min_width (GtkWidget *widget)
{
  int minimum;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The width @widget was given: its allocation (CSS margins included) and
 * its margins, as gtk_widget_measure() counts them in its minimum. */
static int
given_width (GtkWidget *widget)
{
  GtkAllocation allocation;

  gtk_widget_get_allocation (widget, &allocation);
  return allocation.width + gtk_widget_get_margin_start (widget)
         + gtk_widget_get_margin_end (widget);
}

/* Every mapped widget under @widget is given at least its minimum width:
 * nothing is squeezed and drawn over its neighbours or cut off.  What
 * scrolls (the lists, the editor) may be narrower than its content, and a
 * column view sizes its cells by its columns. */
static void
assert_none_squeezed (GtkWidget *widget)
{
  if (widget == NULL || !gtk_widget_get_mapped (widget) || GTK_IS_COLUMN_VIEW (widget))
    return;
  if (!GTK_IS_SCROLLABLE (widget) && given_width (widget) < min_width (widget))
    g_error ("a %s is %d px wide, narrower than its minimum %d px",
             G_OBJECT_TYPE_NAME (widget), given_width (widget), min_width (widget));
  /* A notebook's tab scroll arrows may be mapped at no width: its page. */
  if (GTK_IS_NOTEBOOK (widget))
    {
      GtkNotebook *notebook = GTK_NOTEBOOK (widget);

      assert_none_squeezed (gtk_notebook_get_nth_page (notebook,
                                                       gtk_notebook_get_current_page (notebook)));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    assert_none_squeezed (child);
}

/* How many rows of the Games page's list are in view: its height over the
 * height of one row (the list's whole height over its number of rows). */
static double
games_rows_in_view (ExWindow *window)
{
  GtkWidget *list = ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_GAME_LIST);
  GtkWidget *column_view = ex_test_find_widget (list, GTK_TYPE_COLUMN_VIEW);
  GtkWidget *scroller = gtk_widget_get_ancestor (column_view, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment =
    gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  guint n_rows = g_list_model_get_n_items (ex_game_list_get_games (EX_GAME_LIST (list)));
  double row_height;

  g_assert_cmpuint (n_rows, >, 20);
  g_assert_true (gtk_widget_get_mapped (column_view));
  row_height = gtk_adjustment_get_upper (adjustment) / n_rows;
  g_assert_cmpfloat (row_height, >, 10);
  return gtk_adjustment_get_page_size (adjustment) / row_height;
}

/* Shows the Games page and waits until it lists the database. */
static void
show_games (ExWindow *window)
{
  GtkWidget *list = ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_GAME_LIST);
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (list, GTK_TYPE_STACK));

  gtk_stack_set_visible_child_name (stack, "games");
  while (ex_game_list_is_loading (EX_GAME_LIST (list)))
    g_main_context_iteration (NULL, TRUE);
  ex_test_drain ();
  ex_test_wait_frame (GTK_WIDGET (window));
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

/* 1000x700, the pane shown: the window stays 1000 px wide; the pane is
 * as wide as its widest page needs, each page gets its minimum, and the
 * Games page beside it lists games under its filters. */
static void
test_pane_small_window (void)
{
  ExWindow *window = ex_test_new_window (app, 1000, 700, NULL);
  GtkWidget *tools, *notebook, *list, *more_filters;
  double rows;

  ex_window_set_theme_tools_visible (window, TRUE);
  show_games (window);
  tools = GTK_WIDGET (ex_window_get_theme_tools (window));
  notebook = ex_test_find_widget (tools, GTK_TYPE_NOTEBOOK);
  g_test_message ("window %d px wide (minimum %d px), pane %d px (minimum %d px)",
                  gtk_widget_get_width (GTK_WIDGET (window)), min_width (GTK_WIDGET (window)),
                  gtk_widget_get_width (tools), min_width (tools));
  g_assert_cmpint (min_width (GTK_WIDGET (window)), <=, 1000);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1000);
  g_assert_cmpint (gtk_widget_get_width (tools), >=, min_width (tools));
  for (int i = 0; i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (notebook)); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), i);

      gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), i);
      ex_test_wait_frame (GTK_WIDGET (window));
      g_test_message ("page %d: %d px, minimum %d px", i, gtk_widget_get_width (page),
                      min_width (page));
      assert_none_squeezed (page);
    }
  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), 0);
  ex_test_wait_frame (GTK_WIDGET (window));
  assert_none_squeezed (GTK_WIDGET (window));

  /* The pane scrolled down (as to a theme's row with the focus), another
   * page is shown from its top, its tabs in view. */
  {
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (
      gtk_widget_get_ancestor (tools, GTK_TYPE_SCROLLED_WINDOW));
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scrolled);

    g_test_message ("pane: %.0f px of %.0f px in view", gtk_adjustment_get_page_size (adjustment),
                    gtk_adjustment_get_upper (adjustment));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                       gtk_adjustment_get_page_size (adjustment));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
    ex_theme_tools_show_page (EX_THEME_TOOLS (tools), "pattern");
    ex_test_wait_frame (GTK_WIDGET (window));
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==,
                       gtk_adjustment_get_lower (adjustment));
    ex_theme_tools_show_page (EX_THEME_TOOLS (tools), "picker");
    ex_test_wait_frame (GTK_WIDGET (window));
  }

  /* The Games page, its filters shown, then only the first row of them. */
  ex_test_screenshot (GTK_WIDGET (window), "theme-tools-pane-1000-filters.png");
  rows = games_rows_in_view (window);
  g_test_message ("Games page, all filters: %.1f rows", rows);
  g_assert_cmpfloat (rows, >=, 4);
  list = ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_GAME_LIST);
  more_filters = ex_test_find_widget (list, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (more_filters)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (more_filters), FALSE);
  ex_test_drain ();
  ex_test_wait_frame (GTK_WIDGET (window));
  rows = games_rows_in_view (window);
  g_test_message ("Games page, first row of filters: %.1f rows", rows);
  g_assert_cmpfloat (rows, >=, 8);
  ex_test_screenshot (GTK_WIDGET (window), "theme-tools-pane-1000.png");

  ex_test_destroy_window (window);
}

/* 1400x900, the pane shown: the Games page keeps most of its height for
 * the list, all its filters shown. */
static void
test_pane_games (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  GtkWidget *tools;
  double rows;

  ex_window_set_theme_tools_visible (window, TRUE);
  show_games (window);
  tools = GTK_WIDGET (ex_window_get_theme_tools (window));
  g_assert_cmpint (gtk_widget_get_width (tools), >=, min_width (tools));
  assert_none_squeezed (GTK_WIDGET (window));
  rows = games_rows_in_view (window);
  g_test_message ("pane %d px; Games page: %.1f rows", gtk_widget_get_width (tools), rows);
  g_assert_cmpfloat (rows, >=, 17);

  ex_test_destroy_window (window);
}

typedef struct
{
  GtkListBox    *list;
  GtkListBoxRow *row;
  GtkLabel      *label;   /* nullable */
  const char    *text;
} RowWait;

/* A condition for ex_test_wait_until(): the row is the one highlighted
 * and the label (if any) says the text (the query's file name). */
static gboolean
row_selected (gpointer data)
{
  RowWait *wait = data;

  return gtk_list_box_get_selected_row (wait->list) == wait->row
         && (wait->label == NULL || g_strcmp0 (gtk_label_get_text (wait->label), wait->text) == 0);
}

/* The theme library: a double-click on a row loads its theme and leaves
 * that row highlighted, the theme loaded before no longer; a single click
 * only highlights (the query stays); a theme loaded by name is
 * highlighted too.  No row is highlighted before the first. */
static void
test_library_selection (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  const struct { const char *theme; guint clicks; } steps[] = {
    { "castling", 2 }, { "excelsior", 2 }, { "captures-one-square", 1 }, { "mirror-mate", 0 },
  };
  g_autofree char *loaded = NULL;
  ExThemeTools *tools;
  ExThemeLibrary *library;
  GtkListBox *list;

  ex_window_set_theme_tools_visible (window, TRUE);
  tools = ex_window_get_theme_tools (window);
  ex_theme_tools_show_page (tools, "themes");
  library = ex_theme_tools_get_library (tools);
  list = GTK_LIST_BOX (ex_test_find_widget (GTK_WIDGET (library), GTK_TYPE_LIST_BOX));
  ex_test_wait_frame (GTK_WIDGET (window));
  g_assert_null (gtk_list_box_get_selected_row (list));

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      /* (The row stays the same object: loading a theme does not make the
       * list anew.) */
      GtkListBoxRow *row = ex_theme_library_find_row (library, steps[i].theme);
      GtkListBoxRow *selected;
      g_autofree char *file = g_strconcat (steps[i].theme, ".cql", NULL);
      g_autofree char *before = ex_window_dup_query_text (window);
      g_autofree char *text = NULL;

      g_assert_nonnull (row);
      if (steps[i].clicks > 0)
        {
          /* The focus elsewhere, as after typing in the editor. */
          gtk_widget_grab_focus (GTK_WIDGET (ex_window_get_editor_view (window)));
          /* A row's tooltip (its theme's text) shown under the pointer
           * after the click before covers the next row, and GTK 4.8's
           * tooltips under X11 take the clicks meant for it. */
          for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
               child != NULL; child = gtk_widget_get_next_sibling (child))
            gtk_widget_set_has_tooltip (child, FALSE);
          gtk_widget_trigger_tooltip_query (GTK_WIDGET (list));
          ex_test_click (GTK_WIDGET (row), 40, 12, steps[i].clicks);
          /* On a busy machine the clicks may take longer to arrive. */
          ex_test_wait_until (row_selected,
                              &(RowWait) { list, row,
                                           steps[i].clicks == 2
                                           ? ex_window_get_query_file_label (window) : NULL,
                                           file },
                              10000);
        }
      else
        g_assert_true (ex_theme_library_activate (library, steps[i].theme));
      ex_test_wait_frame (GTK_WIDGET (window));
      text = ex_window_dup_query_text (window);
      selected = gtk_list_box_get_selected_row (list);
      g_test_message ("%s, %u clicks; highlighted: %s", file, steps[i].clicks,
                      selected != NULL ? (const char *) g_object_get_data (G_OBJECT (selected),
                                                                           "ex-theme")
                                       : "none");
      g_assert_true (selected == row);
      if (steps[i].clicks == 1)
        {
          g_assert_cmpstr (text, ==, before);
          continue;
        }
      g_assert_cmpstr (text, !=, before);
      g_assert_true (g_str_has_prefix (text, "; "));
      g_assert_cmpstr (gtk_label_get_text (ex_window_get_query_file_label (window)), ==, file);
      if (i == 1)
        ex_test_screenshot (GTK_WIDGET (window), "theme-library-selection.png");
    }

  ex_test_destroy_window (window);
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
  g_test_add_func ("/ui/theme-pane/small-window", test_pane_small_window);
  g_test_add_func ("/ui/theme-pane/games", test_pane_games);
  g_test_add_func ("/ui/theme-pane/library-selection", test_library_selection);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
