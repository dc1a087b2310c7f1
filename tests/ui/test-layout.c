/* test-layout.c: the main window's layout at the sizes people use.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * At 1400x900, 1000x700 and 800x600 (the window's size as restored from
 * the settings), after a search: every column of the results list is in
 * view at 1400 px, the game number column holds six digits, the database
 * button shows its file's name at 1000 px and part of it at 800 px, the
 * progress of a search is shown whole, and the window can be made 800 px
 * wide.  At 1000x700 with Theme Tools shown, the buttons under the board
 * show their whole labels; with a game shown too, the window keeps its
 * width (the labels under the board go above its buttons) and the match
 * label is whole and apart from the navigation buttons.  The editor never breaks a line inside a
 * designator.
 *
 * The database is the HHDB selection of the shared data when
 * EXCELSIOR_SHARED_DATA is set, else a copy of the bundled sample under
 * that file's (long) name.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-nav-bar.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000
#define HHDB_NAME         "cql6-sample-hhdb-selection.pgn"
#define MATE_QUERY        "(match (position :mate))\n"

static ExApplication *app;
static char *tmp_dir;
static char *database;

/* The HHDB studies, or the sample under their name. */
static char *
make_database (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  char *path;
  gsize len;

  if (shared != NULL)
    {
      path = g_build_filename (shared, "studies", HHDB_NAME, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return path;
      g_free (path);
    }
  g_assert_nonnull (sample);
  g_file_get_contents (sample, &text, &len, &error);
  g_assert_no_error (error);
  path = g_build_filename (tmp_dir, HHDB_NAME, NULL);
  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
  return path;
}

/* Runs MATE_QUERY; once it has found games, lets the results list take
 * them in. */
static void
run_mate_query (ExWindow *window)
{
  ex_test_run_and_wait (window, MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), >, 0);
  ex_test_drain ();
}

/* The window is @width wide, give or take the few pixels the window frame
 * takes without a window manager. */
static void
assert_window_width (ExWindow *window,
                     int       width)
{
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, width - 20);
}

static int
text_width (GtkWidget  *widget,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* The label has been given the width of its text as it is now. */
static gboolean
label_laid_out (gpointer data)
{
  GtkWidget *label = data;
  int natural;

  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  return gtk_widget_get_width (label) >= natural;
}

/* A label shows its whole text: not shortened, and given its natural
 * width. */
static void
assert_label_whole (GtkLabel *label)
{
  int natural;

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
  gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                      NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (label)), >=, natural);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
}

/* ------------------------------------------------------------------------
 * The tests
 */

/* 1400x900: the results list shows all its columns without scrolling
 * sideways, and the game number column holds a 6-digit number. */
static void
test_wide (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, database);
  GtkWidget *column_view = ex_test_find_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  GtkScrolledWindow *scroller;
  GtkAdjustment *hadjustment;
  GListModel *columns;
  g_autoptr(GtkColumnViewColumn) number = NULL;

  run_mate_query (window);
  assert_window_width (window, 1400);

  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (column_view,
                                                           GTK_TYPE_SCROLLED_WINDOW));
  hadjustment = gtk_scrolled_window_get_hadjustment (scroller);
  g_test_message ("results list: %.0f px of columns in %.0f px",
                  gtk_adjustment_get_upper (hadjustment),
                  gtk_adjustment_get_page_size (hadjustment));
  g_assert_cmpfloat (gtk_adjustment_get_upper (hadjustment), <=,
                     gtk_adjustment_get_page_size (hadjustment) + 0.5);

  columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (column_view));
  number = g_list_model_get_item (columns, 0);
  g_assert_cmpstr (gtk_column_view_column_get_title (number), ==, "#");
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (number), >=,
                   text_width (column_view, "145716") + 12);

  ex_test_destroy_window (window);
}

/* 1000x700: the database button shows the file's whole name, and the
 * progress of a search is shown whole while it runs. */
static void
test_medium (void)
{
  g_autofree char *big = ex_test_make_big_database (600);
  g_autofree char *big_name = g_path_get_basename (big);
  ExWindow *window = ex_test_new_window (app, 1000, 700, database);
  GtkLabel *progress;

  run_mate_query (window);
  assert_window_width (window, 1000);
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_database_label (window)), ==, HHDB_NAME);
  assert_label_whole (ex_window_get_database_label (window));

  /* The progress, while a search of 61,800 games runs. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (big);

    ex_window_set_database (window, file);
  }
  g_assert_true (ex_window_run (window));
  while (ex_window_is_searching (window)
         && ex_search_get_progress (ex_window_get_search (window))->games == 0)
    g_main_context_iteration (NULL, TRUE);
  ex_test_drain ();
  /* (The job is gone as soon as the search thread has ended.) */
  if (ex_search_get_state (ex_window_get_search (window)) == EX_SEARCH_RUNNING)
    {
      progress = GTK_LABEL (ex_test_find_label (GTK_WIDGET (window),
                                                ex_statusbar_get_progress (
                                                  ex_window_get_statusbar (window))));
      g_assert_nonnull (progress);
      g_test_message ("progress: %s", gtk_label_get_text (progress));
      /* The text changes every 100 ms and the label gets its width at the
       * next frame: on a busy machine the check may fall between the two,
       * so it waits for a frame that has laid the text out. */
      g_object_ref (progress);
      ex_test_wait_until (label_laid_out, progress, 2000);
      assert_label_whole (progress);
      g_object_unref (progress);
    }
  else
    g_test_message ("the search ended before its progress was shown");
  ex_window_stop (window);
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));

  ex_test_destroy_window (window);
  g_unlink (big);
}

/* 800x600: the window takes that width, and the database button still
 * shows part of the name (not only "…"). */
static void
test_narrow (void)
{
  ExWindow *window = ex_test_new_window (app, 800, 600, database);
  int minimum;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL,
                      NULL, NULL);
  g_test_message ("the window needs %d px", minimum);
  g_assert_cmpint (minimum, <=, 800);

  run_mate_query (window);
  assert_window_width (window, 800);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (ex_window_get_database_label (window))), >=,
                   text_width (GTK_WIDGET (ex_window_get_database_label (window)), "cql6…pgn"));

  ex_test_destroy_window (window);
}

/* 1000x700 with Theme Tools shown, the narrowest the board viewer gets:
 * the labels of the buttons under the board are whole, so they read
 * differently, and the buttons are inside the viewer. */
static void
test_board_buttons (void)
{
  ExWindow *window = ex_test_new_window (app, 1000, 700, database);
  const char *labels[] = { "Anticipations", "Copy Pattern" };
  /* The viewer's pane: the game view and the row of buttons under it (the
   * Theme Tools pane has buttons of the same names). */
  GtkWidget *viewer = gtk_widget_get_parent (ex_window_get_game_view (window));

  ex_window_set_theme_tools_visible (window, TRUE);
  run_mate_query (window);
  ex_test_wait_frame (GTK_WIDGET (window));
  assert_window_width (window, 1000);
  g_test_message ("viewer: %d px", gtk_widget_get_width (viewer));
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      GtkLabel *label = GTK_LABEL (ex_test_find_label (viewer, labels[i]));
      graphene_rect_t bounds;

      g_assert_nonnull (label);
      g_test_message ("%s: %d px", labels[i], gtk_widget_get_width (GTK_WIDGET (label)));
      assert_label_whole (label);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), viewer, &bounds));
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                         gtk_widget_get_width (viewer));
    }
  ex_test_screenshot (GTK_WIDGET (window), "layout-board-buttons-1000.png");

  ex_test_destroy_window (window);
}

/* 1000x700 and 1400x900 with Theme Tools shown and a game shown at a
 * match: the window keeps the width it was given, and the "Match N of M"
 * label is whole and keeps its distance from the navigation buttons:
 * above them at 1000 px, 12 px before them at 1400 px.  Measured after
 * each of the first results shown, since each has labels of its own. */
static void
test_game_shown_with_tools (void)
{
  const int widths[] = { 1000, 1400 };
  const int heights[] = { 700, 900 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      ExWindow *window = ex_test_new_window (app, widths[w], heights[w], database);
      /* The row under the board: position, match, navigation, flip. */
      GtkWidget *nav_bar = ex_test_find_widget (ex_window_get_game_view (window),
                                                EX_TYPE_NAV_BAR);
      GListModel *results;
      guint n;

      g_assert_nonnull (nav_bar);
      ex_window_set_theme_tools_visible (window, TRUE);
      run_mate_query (window);
      results = ex_window_get_results (window);
      n = MIN (g_list_model_get_n_items (results), 5);
      for (guint i = 0; i < n; i++)
        {
          GtkWidget *match_label;
          GtkWidget *buttons;
          graphene_rect_t label_bounds, buttons_bounds;

          ex_window_select_result (window, i);
          ex_test_wait_frame (GTK_WIDGET (window));
          g_assert_nonnull (ex_test_shown_game (window));
          g_test_message ("%d px: result %u, window %d px", widths[w], i,
                          gtk_widget_get_width (GTK_WIDGET (window)));
          assert_window_width (window, widths[w]);

          match_label = ex_test_find_label_markup (nav_bar, "Match ");
          g_assert_nonnull (match_label);
          g_assert_true (gtk_widget_get_mapped (match_label));
          /* The navigation buttons: the bar's second part. */
          buttons = gtk_widget_get_next_sibling (gtk_widget_get_first_child (nav_bar));
          g_assert_true (gtk_widget_compute_bounds (match_label, nav_bar, &label_bounds));
          g_assert_true (gtk_widget_compute_bounds (buttons, nav_bar, &buttons_bounds));
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (
                                                        GTK_LABEL (match_label))));
          if (ex_nav_bar_is_wrapped (EX_NAV_BAR (nav_bar)))
            {
              /* The labels above the buttons. */
              g_test_message ("match label ends at y %.0f, buttons start at y %.0f",
                              label_bounds.origin.y + label_bounds.size.height,
                              buttons_bounds.origin.y);
              g_assert_cmpfloat (label_bounds.origin.y + label_bounds.size.height, <=,
                                 buttons_bounds.origin.y);
            }
          else
            {
              /* Only the narrow viewer needs two rows. */
              g_assert_cmpint (widths[w], >, 1000);
              g_test_message ("match label ends at %.0f, buttons start at %.0f",
                              label_bounds.origin.x + label_bounds.size.width,
                              buttons_bounds.origin.x);
              g_assert_cmpfloat (label_bounds.origin.x + label_bounds.size.width + 12, <=,
                                 buttons_bounds.origin.x);
            }
        }
      ex_test_screenshot (GTK_WIDGET (window),
                          widths[w] == 1000 ? "layout-game-tools-1000.png"
                                            : "layout-game-tools-1400.png");
      ex_test_destroy_window (window);
    }
}

/* The editor does not wrap lines: a long line is one display line, never
 * broken inside a designator such as R[a-h]7. */
static void
test_editor_no_wrap (void)
{
  ExWindow *window = ex_test_new_window (app, 800, 600, database);
  GtkTextView *view = GTK_TEXT_VIEW (ex_window_get_editor_view (window));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  g_autoptr(GString) text = g_string_new ("(match\n  (position :mate");
  GtkTextIter iter;

  for (guint i = 0; i < 12; i++)
    g_string_append (text, " R[a-h]7 r?7 K[a1,h1,a8,h8]");
  g_string_append (text, "))\n");
  ex_window_set_query_text (window, text->str);
  ex_test_drain ();

  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), <, 800);
  gtk_text_buffer_get_start_iter (buffer, &iter);
  while (!gtk_text_iter_is_end (&iter))
    {
      int line = gtk_text_iter_get_line (&iter);

      g_assert_true (gtk_text_iter_starts_line (&iter));
      if (!gtk_text_view_forward_display_line (view, &iter))
        break;
      /* The next display line is the next line of the text. */
      g_assert_true (gtk_text_iter_is_end (&iter) || gtk_text_iter_get_line (&iter) == line + 1);
    }

  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-layout-XXXXXX", NULL);
  database = make_database ();

  g_test_add_func ("/ui/layout/wide", test_wide);
  g_test_add_func ("/ui/layout/medium", test_medium);
  g_test_add_func ("/ui/layout/narrow", test_narrow);
  g_test_add_func ("/ui/layout/board-buttons", test_board_buttons);
  g_test_add_func ("/ui/layout/game-shown-with-tools", test_game_shown_with_tools);
  g_test_add_func ("/ui/layout/editor-no-wrap", test_editor_no_wrap);
  status = g_test_run ();

  if (g_str_has_prefix (database, tmp_dir))
    g_unlink (database);
  g_rmdir (tmp_dir);
  g_free (database);
  g_free (tmp_dir);
  g_clear_object (&app);
  return status;
}
