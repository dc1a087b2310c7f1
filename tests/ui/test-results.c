/* test-results.c: the results list and the database a composer works with.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 *  - every column's title sorts when clicked, and toggles its order when
 *    clicked again, the Sort column of a CQL 6 query that sorts included,
 *    also after another column was clicked; only the column that sorts
 *    shows an arrow, and it points the way the list is sorted;
 *  - while a sorting query fills the list (20,600 games), every frame
 *    shows the rows in sort order and the list stays at its top, the best
 *    rows; a row clicked with the pointer shows its game at once and
 *    stays selected, shown and in view (the same game, wherever the rows
 *    inserted above move it), and the list's scroll bar is shown, so that
 *    the best rows above stay reachable;
 *  - a folder chosen as the database is searched with its sub-folders,
 *    and the database label says how many files in how many folders;
 *    files of another folder can be added to the database;
 *  - the recent databases hold databases only, each with its folder, so
 *    that two files of one name are told apart;
 *  - the accelerators the menus show are the keys that activate their
 *    actions (no key bound twice, none bound past the menu's back);
 *  - a long status message is ellipsized, whole in its tooltip; a
 *    converted example's name says "(CQL 6)".
 *
 * On the bundled sample (103 studies) and copies of it.  With
 * EXCELSIOR_SCREENSHOT_DIR set, saves results-resort.png and
 * databases-folder.png.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-result.h"
#include "ex-results-view-private.h"
#include "ex-statusbar.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"
#include "test-files.h"

#define SEARCH_TIMEOUT_MS 120000
#define SAMPLE_GAMES 103
#define SORT_QUERY "cql()\ninitial\nsort \"white pieces\" #A\n"

static ExApplication *app;
static char *tmp_dir;

static gboolean
not_sorting (gpointer data)
{
  return !ex_window_is_sorting (EX_WINDOW (data));
}

static ExResultsView *
results_view (ExWindow *window)
{
  GtkWidget *view = ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_RESULTS_VIEW);

  g_assert_nonnull (view);
  return EX_RESULTS_VIEW (view);
}

/* The title widget (GTK's column title button) of the column titled
 * @title in @window's results list. */
static GtkWidget *
find_title (GtkWidget  *widget,
            const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkColumnViewTitle"))
        {
          GtkWidget *label = ex_test_find_widget (child, GTK_TYPE_LABEL);

          if (label != NULL && g_str_equal (gtk_label_get_text (GTK_LABEL (label)), title))
            return child;
          continue;
        }
      found = find_title (child, title);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The arrow that @title's column title shows: 1 up (ascending), -1 down
 * (descending), 0 none. */
static int
title_arrow (ExWindow   *window,
             const char *title)
{
  GtkWidget *button = find_title (GTK_WIDGET (results_view (window)), title);
  GtkWidget *label, *icon;

  if (button == NULL)
    g_error ("no column “%s”", title);
  ex_test_wait_frame (button);
  label = ex_test_find_widget (button, GTK_TYPE_LABEL);
  /* The arrow: the widget after the title's label. */
  icon = gtk_widget_get_next_sibling (label);
  g_assert_nonnull (icon);
  if (!gtk_widget_get_visible (icon) || gtk_widget_has_css_class (icon, "unsorted"))
    return 0;
  /* A shown arrow is whole: the title has room for it. */
  {
    graphene_rect_t bounds;

    g_assert_true (gtk_widget_compute_bounds (icon, button, &bounds));
    if (bounds.origin.x + bounds.size.width > gtk_widget_get_width (button) + 0.5f)
      g_error ("the arrow of “%s” is cut: it ends at %.0f of %d pixels", title,
               bounds.origin.x + bounds.size.width, gtk_widget_get_width (button));
  }
  if (gtk_widget_has_css_class (icon, "ascending"))
    return 1;
  if (gtk_widget_has_css_class (icon, "descending"))
    return -1;
  return 0;
}

typedef struct {
  ExWindow   *window;
  const char *title;
  int         arrow;
} ArrowData;

static gboolean
arrow_changed (gpointer data)
{
  ArrowData *d = data;

  return title_arrow (d->window, d->title) != d->arrow;
}

/* Clicks @title's column title with the pointer (ex_test_click()): GTK
 * 4.8's sort on a title click is private.  Waits until the title's arrow
 * changed and the list is sorted. */
static void
click_title (ExWindow   *window,
             const char *title)
{
  GtkWidget *button = find_title (GTK_WIDGET (results_view (window)), title);
  ArrowData arrow = { window, title, 0 };

  g_assert_nonnull (button);
  arrow.arrow = title_arrow (window, title);
  ex_test_click (button, 8, gtk_widget_get_height (button) / 2.f, 1);
  if (!ex_test_wait_until (arrow_changed, &arrow, 10000))
    g_error ("a click on “%s” left its arrow as it was (%d)", title, arrow.arrow);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  ex_test_drain ();
}

typedef enum { BY_NUMBER, BY_SORT_VALUE, BY_EVENT } Order;

/* Asserts that the list shows @window's results in @order (@descending:
 * the other way round), ties always in game number order. */
static void
assert_order (ExWindow *window,
              Order     order,
              gboolean  descending)
{
  GListModel *shown = ex_window_get_results (window);
  guint n = g_list_model_get_n_items (shown);

  g_assert_cmpuint (n, >, 10);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autoptr(ExResult) a = g_list_model_get_item (shown, i);
      g_autoptr(ExResult) b = g_list_model_get_item (shown, i + 1);
      guint64 na = ex_result_get_number (a), nb = ex_result_get_number (b);
      int cmp = 0;

      if (order == BY_SORT_VALUE)
        {
          guint k;
          gint64 va = ex_result_get_sort_values (a, &k)[0].number;
          gint64 vb = ex_result_get_sort_values (b, &k)[0].number;

          /* Ascending in the Sort column's order: the largest first. */
          cmp = (vb > va) - (vb < va);
        }
      else if (order == BY_EVENT)
        {
          const char *ea = ex_result_get_event (a), *eb = ex_result_get_event (b);

          /* Games without an Event last. */
          cmp = ea == NULL || eb == NULL ? (ea == NULL) - (eb == NULL)
                                         : g_ascii_strcasecmp (ea, eb);
        }
      if (cmp == 0)
        cmp = (na > nb) - (na < nb);
      if (descending)
        cmp = -cmp;
      if (cmp >= 0)
        g_error ("rows %u and %u (games %" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT
                 ") out of order %d%s", i, i + 1, na, nb, order, descending ? " descending" : "");
    }
}

static void
assert_arrows (ExWindow   *window,
               const char *sorted_title,
               int         arrow)
{
  static const char *const titles[] = { "#", "white pieces", "Event", "Result", "Positions" };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      int shown = title_arrow (window, titles[i]);
      int want = g_str_equal (titles[i], sorted_title) ? arrow : 0;

      if (shown != want)
        g_error ("column “%s” shows arrow %d, not %d", titles[i], shown, want);
    }
}

/* Every column toggles, the Sort column included, after any other. */
static void
test_resort (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);

  ex_test_run_and_wait (window, SORT_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  assert_arrows (window, "white pieces", 1);
  assert_order (window, BY_SORT_VALUE, FALSE);

  click_title (window, "Event");
  assert_arrows (window, "Event", 1);
  assert_order (window, BY_EVENT, FALSE);

  click_title (window, "white pieces");
  assert_arrows (window, "white pieces", 1);
  assert_order (window, BY_SORT_VALUE, FALSE);
  click_title (window, "white pieces");
  assert_arrows (window, "white pieces", -1);
  assert_order (window, BY_SORT_VALUE, TRUE);

  /* "#" showed no arrow while the Sort column sorted: its first click
   * sorts by game number. */
  click_title (window, "#");
  assert_arrows (window, "#", 1);
  assert_order (window, BY_NUMBER, FALSE);
  click_title (window, "#");
  assert_arrows (window, "#", -1);
  assert_order (window, BY_NUMBER, TRUE);

  click_title (window, "white pieces");
  assert_arrows (window, "white pieces", 1);
  assert_order (window, BY_SORT_VALUE, FALSE);
  ex_test_screenshot (GTK_WIDGET (window), "results-resort.png");

  /* A query that does not sort: by game number, its arrow on "#". */
  ex_test_run_and_wait (window, "cql()\nmate\n", EX_TEST_RUN_NO_ERROR);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  assert_order (window, BY_NUMBER, FALSE);
  g_assert_cmpint (title_arrow (window, "#"), ==, 1);
  g_assert_cmpint (title_arrow (window, "Event"), ==, 0);
  ex_test_destroy_window (window);
}

typedef struct {
  ExWindow *window;
  guint     n;
} RowsData;

static gboolean
has_rows (gpointer data)
{
  RowsData *d = data;

  return g_list_model_get_n_items (ex_window_get_results (d->window)) >= d->n
         || !ex_window_is_searching (d->window);
}

/* The positions of @window's selected results. */
static GtkBitset *
selection (ExWindow *window)
{
  return gtk_selection_model_get_selection (GTK_SELECTION_MODEL (ex_window_get_results (window)));
}

/* Whether rows are still coming into @window's list: the search runs, or
 * rows it found wait to be listed. */
static gboolean
filling (ExWindow *window)
{
  return ex_window_is_searching (window)
         || ex_results_view_get_n_pending (results_view (window)) > 0;
}

static gboolean
frame_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
ticked_twice (gpointer data)
{
  return *(guint *) data >= 2;
}

/* Waits until @widget's frame clock has ticked twice: one whole frame,
 * laid out and drawn, from what the list held when called.  (Not
 * ex_test_wait_frame(), which drains the main loop: rows would keep
 * coming in.) */
static void
wait_one_frame (GtkWidget *widget)
{
  guint ticks = 0;
  guint id = gtk_widget_add_tick_callback (widget, frame_tick_cb, &ticks, NULL);

  gtk_widget_queue_draw (widget);
  g_assert_true (ex_test_wait_until (ticked_twice, &ticks, 10000));
  gtk_widget_remove_tick_callback (widget, id);
}

static GtkAdjustment *
list_vadjustment (ExResultsView *view)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (view->column_view),
                                                 GTK_TYPE_SCROLLED_WINDOW);

  g_assert_nonnull (scrolled);
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

/* The result of the row shown at (@x, @y) of @view's column view, or
 * NULL (no row there). */
static ExResult *
result_at (ExResultsView *view,
           double         x,
           double         y)
{
  GtkWidget *list = GTK_WIDGET (view->column_view);

  for (GtkWidget *w = gtk_widget_pick (list, x, y, GTK_PICK_DEFAULT); w != NULL && w != list;
       w = gtk_widget_get_parent (w))
    {
      ExResult *result = g_object_get_data (G_OBJECT (w), "ex-result");

      if (result != NULL)
        return result;
    }
  return NULL;
}

static gboolean
has_current (gpointer view)
{
  return ex_results_view_get_current (EX_RESULTS_VIEW (view)) != NULL;
}

/* Asserts that the game view shows @result's game: the board is never
 * empty ("No game") for a row the user selected. */
static void
assert_shows (ExWindow *window,
              ExResult *result)
{
  CqGame *game = ex_test_shown_game (window);

  g_assert_nonnull (game);
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, ex_result_get_white (result));
  g_assert_cmpstr (cq_game_get_tag (game, "Black"), ==, ex_result_get_black (result));
  g_assert_cmpstr (cq_game_get_tag (game, "Event"), ==, ex_result_get_event (result));
}

/* Asserts that row @position of @view's list is in view (whole or cut). */
static void
assert_row_in_view (ExResultsView *view,
                    guint          position)
{
  GtkAdjustment *adj = list_vadjustment (view);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (ex_results_view_get_model (view)));
  double row = gtk_adjustment_get_upper (adj) / n;
  double top = gtk_adjustment_get_value (adj);

  if ((position + 1) * row < top || position * row > top + gtk_adjustment_get_page_size (adj))
    g_error ("row %u (of %u, %.1f px each) is out of view: the list shows %.0f to %.0f px",
             position, n, row, top, top + gtk_adjustment_get_page_size (adj));
}

/* While a sorting query fills the list (thousands of games, so that rows
 * still come in when the row is clicked): every frame shows the rows in
 * sort order, the list stays at its top (the best rows) until a row is
 * clicked; a row clicked with the pointer is selected and its game shown
 * at once, and stays selected, shown and in view (the same game, wherever
 * the rows inserted above move it) to the end of the fill, when the list
 * holds every game, the best first; the scroll bar shows the rows above.
 * A second run, without a click, ends at the list's top. */
static void
test_selection_during_sorting_fill (void)
{
  g_autofree char *big = NULL;
  ExWindow *window = NULL;
  GListModel *shown = NULL;
  ExResultsView *view = NULL;
  GtkWidget *list = NULL;
  GtkAdjustment *adj = NULL;
  GtkWidget *scrolled;
  GtkWidget *scrollbar;
  ExResult *under = NULL;
  g_autoptr(ExResult) chosen = NULL;
  g_autoptr(GtkBitset) selected = NULL;
  guint position = GTK_INVALID_LIST_POSITION;
  guint frames;
  guint copies;
  double x, y;
  guint n;

  /* The fill must outlast a few frames and the click: a machine fast
   * enough to fill the list before gets a database four times larger. */
  for (copies = 200;; copies *= 4)
    {
      RowsData rows;

      big = ex_test_make_big_database (copies);
      window = ex_test_new_window (app, 1400, 900, big);
      shown = ex_window_get_results (window);
      view = results_view (window);
      list = GTK_WIDGET (view->column_view);
      adj = list_vadjustment (view);
      rows = (RowsData) { window, 40 };

      ex_window_set_query_text (window, SORT_QUERY);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
      g_assert_true (ex_test_wait_until (has_rows, &rows, SEARCH_TIMEOUT_MS));

      /* Frames during the fill: sorted, at the top. */
      for (frames = 0; frames < 5 && filling (window); frames++)
        {
          wait_one_frame (list);
          assert_order (window, BY_SORT_VALUE, FALSE);
          g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0.0);
        }
      if (frames > 0 && filling (window))
        break;
      if (copies >= 3200)
        g_error ("the list was filled before the click even from %u copies of the sample",
                 copies);
      g_test_message ("the fill of %u copies of the sample ended too soon: more copies",
                      copies);
      ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS);
      ex_test_destroy_window (window);
      g_unlink (big);
      g_clear_pointer (&big, g_free);
    }

  /* A click on the 8th row shown, in its "#" cell (no tooltip there). */
  g_assert_true (filling (window));
  x = 20;
  {
    /* The header's height: the first row starts below it. */
    GtkWidget *title = find_title (GTK_WIDGET (view), "#");

    g_assert_nonnull (title);
    y = gtk_widget_get_height (title) + 7.5 * (gtk_adjustment_get_upper (adj)
                                                / g_list_model_get_n_items (shown));
  }
  under = result_at (view, x, y);
  g_assert_nonnull (under);
  ex_test_pointer_click (list, x, y, 1);
  g_assert_true (ex_test_wait_until (has_current, view, 10000));
  chosen = g_object_ref (ex_results_view_get_current (view));
  g_assert_true (filling (window));
  /* The row under the pointer, unless rows came in above it between the
   * look and the click: then the row that was there at the click. */
  if (chosen != under)
    g_test_message ("rows came in between the look and the click");
  assert_shows (window, chosen);

  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  ex_test_drain ();
  n = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n, ==, copies * SAMPLE_GAMES);
  assert_order (window, BY_SORT_VALUE, FALSE);

  /* The same game is selected, and only it, at its new place, shown and
   * in view. */
  selected = selection (window);
  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 1);
  for (guint i = 0; i < n && position == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr(ExResult) item = g_list_model_get_item (shown, i);

      if (item == chosen)
        position = i;
    }
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  g_assert_true (gtk_bitset_contains (selected, position));
  g_assert_true (ex_results_view_get_current (view) == chosen);
  assert_shows (window, chosen);
  wait_one_frame (list);
  assert_row_in_view (view, position);

  /* The rows above are reachable: the scroll bar is there, not only
   * while the pointer moves. */
  scrolled = gtk_widget_get_ancestor (GTK_WIDGET (view->column_view), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scrolled)));
  scrollbar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scrolled));
  ex_test_wait_frame (scrollbar);
  g_assert_true (gtk_widget_get_mapped (scrollbar));
  g_assert_cmpint (gtk_widget_get_width (scrollbar), >, 0);

  /* Without a click the list ends at its top: the best game first. */
  ex_test_run_and_wait (window, SORT_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  ex_test_wait_frame (list);
  g_assert_null (ex_results_view_get_current (view));
  assert_order (window, BY_SORT_VALUE, FALSE);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0.0);
  {
    g_autoptr(ExResult) first = g_list_model_get_item (shown, 0);
    GtkWidget *title = find_title (GTK_WIDGET (view), "#");

    g_assert_true (result_at (view, 20, gtk_widget_get_height (title) + 4) == first);
  }

  ex_test_destroy_window (window);
  g_unlink (big);
}

/* A copy of the bundled sample at @dir/@name (@dir made if missing). */
static char *
copy_sample (const char *dir,
             const char *name)
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autofree char *contents = NULL;
  char *path = g_build_filename (dir, name, NULL);
  gsize length;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (sample, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  return path;
}

/* A folder is searched with its sub-folders, and says how many files it
 * gave; files of another folder can be added. */
static void
test_folder_recursive (void)
{
  g_autofree char *tree = g_build_filename (tmp_dir, "tree", NULL);
  g_autofree char *sub = g_build_filename (tree, "sub", NULL);
  g_autofree char *deeper = g_build_filename (tree, "sub2", "deeper", NULL);
  g_autofree char *hidden = g_build_filename (tree, ".hidden", NULL);
  g_autofree char *other = g_build_filename (tmp_dir, "other", NULL);
  g_autofree char *a = copy_sample (tree, "a.pgn");
  g_autofree char *b = copy_sample (sub, "b.pgn");
  g_autofree char *c = copy_sample (deeper, "c.pgn");
  g_autofree char *h = copy_sample (hidden, "h.pgn");
  g_autofree char *e = copy_sample (other, "e.pgn");
  g_autofree char *notes = g_build_filename (sub, "notes.txt", NULL);
  g_autofree char *loop = g_build_filename (sub, "loop", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (tree);
  g_autoptr(GFile) extra = g_file_new_for_path (e);
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  GtkLabel *label = ex_window_get_database_label (window);
  const char *tooltip;

  g_assert_true (g_file_set_contents (notes, "not a database", -1, NULL));
  /* A link back up: not followed. */
  g_assert_cmpint (symlink (tree, loop), ==, 0);

  /* As the command line and a drop open it. */
  ex_window_open_file (window, folder);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "tree: 3 files in 3 folders");
  g_assert_cmpstr (ex_window_get_status_text (window), ==,
                   "Database: “tree”: 3 files in 3 folders");
  g_assert_false (ex_window_get_status_is_error (window));
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (ex_window_get_database_button (window)));
  g_assert_nonnull (strstr (tooltip, tree));
  g_assert_nonnull (strstr (tooltip, "3 files in 3 folders, sub-folders included"));
  ex_test_run_and_wait (window, "cql()\ninitial\n", EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==,
                    3 * SAMPLE_GAMES);
  ex_test_screenshot (GTK_WIDGET (window), "databases-folder.png");

  /* Files of another folder, added to the database. */
  ex_window_add_databases (window, (GFile *const *) &extra, 1);
  ex_window_add_databases (window, (GFile *const *) &extra, 1);
  g_assert_cmpuint (ex_window_get_n_databases (window), ==, 2);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "4 files in 4 folders");
  ex_test_run_and_wait (window, "cql()\ninitial\n", EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==,
                    4 * SAMPLE_GAMES);

  /* A folder with no database anywhere in it is an error that says so. */
  {
    g_autofree char *empty = g_build_filename (tmp_dir, "empty", "nested", NULL);
    g_autofree char *top = g_build_filename (tmp_dir, "empty", NULL);
    g_autoptr(GFile) none = g_file_new_for_path (top);

    g_assert_cmpint (g_mkdir_with_parents (empty, 0700), ==, 0);
    ex_window_open_file (window, none);
    g_assert_true (ex_window_get_status_is_error (window));
    g_assert_nonnull (strstr (ex_window_get_status_text (window), "hold a PGN file"));
    test_remove_tree (top);
  }

  ex_test_destroy_window (window);
  test_remove_tree (tree);
  test_remove_tree (other);
}

/* The labels of the first section of @menu (the recent databases). */
static GPtrArray *
recent_labels (GMenuModel *menu)
{
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GMenuModel) section = NULL;

  g_assert_cmpint (g_menu_model_get_n_items (menu), >, 0);
  section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
    {
      char *label = NULL;
      g_autofree char *action = NULL;

      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &label));
      g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
      if (g_strcmp0 (action, "win.open-recent-database") == 0)
        g_ptr_array_add (labels, label);
      else
        g_free (label);
    }
  return labels;
}

/* The recent databases hold databases only; two of one name are told
 * apart by their folders. */
static void
test_recent_databases (void)
{
  g_autofree char *dir_a = g_build_filename (tmp_dir, "recent-a", NULL);
  g_autofree char *dir_b = g_build_filename (tmp_dir, "recent-b", NULL);
  g_autofree char *first = copy_sample (dir_a, "studies.pgn");
  g_autofree char *second = copy_sample (dir_b, "studies.pgn");
  g_autofree char *picture = g_build_filename (dir_a, "diagram.png", NULL);
  g_autoptr(GFile) f_first = g_file_new_for_path (first);
  g_autoptr(GFile) f_second = g_file_new_for_path (second);
  g_autoptr(GFile) f_picture = g_file_new_for_path (picture);
  GSettings *settings = ex_utils_get_settings ();
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  g_autoptr(GMenuModel) menu = NULL;
  g_autoptr(GPtrArray) labels = NULL;

  g_assert_nonnull (settings);
  g_assert_true (g_file_set_contents (picture, "\x89PNG\r\n", -1, NULL));
  g_settings_reset (settings, "recent-databases");

  ex_window_set_database (window, f_first);
  ex_window_set_database (window, f_second);
  /* Chosen with the All Files filter: searched if asked, not kept. */
  ex_window_set_database (window, f_picture);
  g_assert_true (g_file_equal (ex_window_get_database (window), f_picture));

  menu = ex_window_build_database_menu (window);
  labels = recent_labels (menu);
  g_assert_cmpuint (labels->len, >=, 2);
  for (guint i = 0; i < labels->len; i++)
    g_assert_null (strstr (g_ptr_array_index (labels, i), "diagram.png"));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (labels, 0), "studies.pgn — "));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (labels, 0), "recent-b"));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (labels, 1), "studies.pgn — "));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (labels, 1), "recent-a"));
  g_clear_object (&menu);
  g_clear_pointer (&labels, g_ptr_array_unref);

  /* An entry an older version kept is left out too. */
  {
    const char *picture_entry[] = { picture, NULL };
    const char *first_entry[] = { first, NULL };
    GVariantBuilder builder;

    g_variant_builder_init (&builder, G_VARIANT_TYPE ("aas"));
    g_variant_builder_add_value (&builder, g_variant_new_strv (picture_entry, -1));
    g_variant_builder_add_value (&builder, g_variant_new_strv (first_entry, -1));
    g_settings_set_value (settings, "recent-databases", g_variant_builder_end (&builder));
  }
  menu = ex_window_build_database_menu (window);
  labels = recent_labels (menu);
  g_assert_cmpuint (labels->len, ==, 1);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (labels, 0), "recent-a"));

  g_settings_reset (settings, "recent-databases");
  ex_test_destroy_window (window);
  test_remove_tree (dir_a);
  test_remove_tree (dir_b);
}

/* Adds the menu items' actions of @model, and of its sections and
 * submenus, to @actions. */
static void
collect_menu_actions (GMenuModel *model,
                      GHashTable *actions)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      char *action = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_hash_table_add (actions, action);
      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          collect_menu_actions (link, actions);
          g_object_unref (link);
        }
    }
}

/* Whether @trigger is the key of accelerator @accel. */
static gboolean
trigger_is_accel (GtkShortcutTrigger *trigger,
                  const char         *accel)
{
  guint keyval;
  GdkModifierType mods;

  if (!GTK_IS_KEYVAL_TRIGGER (trigger) || !gtk_accelerator_parse (accel, &keyval, &mods))
    return FALSE;
  return gdk_keyval_to_lower (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)))
         == gdk_keyval_to_lower (keyval)
         && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods;
}

/* The accelerator a menu shows for an action is the key that activates
 * it: set once, for the application, and no binding of the window gives
 * that key or the action another meaning. */
static void
test_menu_accelerators (void)
{
  static const struct { const char *action; const char *accel; } expected[] = {
    { "win.save-query", "<Control>s" },
    { "win.save-query-as", "<Shift><Control>s" },
    { "win.theme-tools", "<Control>t" },
    { "win.open-query", "<Control>o" },
    { "win.choose-database", "<Control>d" },
    { "win.export", "<Control>e" },
  };
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  GtkApplication *gtk_app = GTK_APPLICATION (app);
  g_autoptr(GHashTable) actions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GMenuModel) database_menu = ex_window_build_database_menu (window);
  g_autoptr(GListModel) controllers = NULL;
  GHashTableIter iter;
  const char *action;
  guint n_bindings = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (gtk_app, expected[i].action);

      g_assert_cmpuint (g_strv_length (accels), ==, 1);
      g_assert_cmpstr (accels[0], ==, expected[i].accel);
    }

  /* The actions of the window's menus: the menu buttons' (the main
   * menu's...) and the database button's, built when it opens. */
  collect_menu_actions (database_menu, actions);
  {
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, window);
    while (stack->len > 0)
      {
        GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_MENU_BUTTON (widget)
            && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL)
          collect_menu_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)),
                                actions);
        for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
             c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_ptr_array_unref (stack);
  }
  g_assert_true (g_hash_table_contains (actions, "win.save-query"));
  g_assert_true (g_hash_table_contains (actions, "win.save-query-as"));
  g_assert_true (g_hash_table_contains (actions, "win.theme-tools"));
  g_assert_true (g_hash_table_contains (actions, "win.add-database-files"));

  /* Each menu action's keys activate it alone. */
  g_hash_table_iter_init (&iter, actions);
  while (g_hash_table_iter_next (&iter, (gpointer *) &action, NULL))
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (gtk_app, action);

      for (guint i = 0; accels[i] != NULL; i++)
        {
          g_auto(GStrv) bound = gtk_application_get_actions_for_accel (gtk_app, accels[i]);

          g_assert_cmpuint (g_strv_length (bound), ==, 1);
          g_assert_cmpstr (bound[0], ==, action);
        }
    }

  /* The window's own key bindings: none for a menu's action (the menu
   * would show the application's key, or none), none on a menu's key. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *shortcut_action = gtk_shortcut_get_action (shortcut);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (!GTK_IS_NAMED_ACTION (shortcut_action))
            continue;
          action = gtk_named_action_get_action_name (GTK_NAMED_ACTION (shortcut_action));
          /* The window's controller of the application's accelerators. */
          if (GTK_IS_KEYVAL_TRIGGER (trigger))
            {
              GtkKeyvalTrigger *key = GTK_KEYVAL_TRIGGER (trigger);
              g_autofree char *accel =
                gtk_accelerator_name (gtk_keyval_trigger_get_keyval (key),
                                      gtk_keyval_trigger_get_modifiers (key));
              g_auto(GStrv) bound = gtk_application_get_actions_for_accel (gtk_app, accel);

              if (g_strv_contains ((const char *const *) bound, action))
                continue;
            }
          n_bindings++;
          if (g_hash_table_contains (actions, action))
            g_error ("the window binds a key to %s, which a menu shows with the "
                     "application's keys", action);
          g_hash_table_iter_init (&iter, actions);
          {
            const char *menu_action;

            while (g_hash_table_iter_next (&iter, (gpointer *) &menu_action, NULL))
              {
                g_auto(GStrv) accels = gtk_application_get_accels_for_action (gtk_app,
                                                                              menu_action);

                for (guint k = 0; accels[k] != NULL; k++)
                  if (trigger_is_accel (trigger, accels[k]))
                    g_error ("%s of %s is bound to %s too", accels[k], menu_action, action);
              }
          }
        }
    }
  g_test_message ("%u key bindings of the window checked", n_bindings);
  ex_test_destroy_window (window);
}

/* A long status message is cut with an ellipsis inside the window, its
 * whole text in the tooltip; a converted example is named "NAME (CQL 6)"
 * as docs/workbench.md says. */
static void
test_status_and_converted_name (void)
{
  ExWindow *window = ex_test_new_window (app, 1000, 700, NULL);
  ExStatusbar *statusbar = ex_window_get_statusbar (window);
  GtkLabel *query_label = ex_window_get_query_file_label (window);
  g_autoptr(GString) long_text = g_string_new ("Could not open “");
  GtkWidget *label;
  PangoLayout *layout;
  g_autofree char *tooltip = NULL;

  for (guint i = 0; i < 20; i++)
    g_string_append (long_text, "/a/very/long/folder/name");
  g_string_append (long_text, "/query.cql”: No such file or directory");
  ex_statusbar_set_message (statusbar, long_text->str, TRUE);
  label = ex_test_find_widget (GTK_WIDGET (statusbar), GTK_TYPE_LABEL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, long_text->str);
  ex_test_wait_frame (label);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  g_assert_true (pango_layout_is_ellipsized (layout));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (statusbar)), <=,
                   gtk_widget_get_width (GTK_WIDGET (window)));
  tooltip = g_strdup (gtk_widget_get_tooltip_text (label));
  g_assert_cmpstr (tooltip, ==, long_text->str);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s",
                                             "king-in-corner.cql"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (query_label), "king-in-corner"));
  g_assert_null (strstr (gtk_label_get_text (query_label), "(CQL 6)"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.convert-query", NULL));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (query_label), "king-in-corner (CQL 6)"));
  /* Undo, and To CQL 6 again: the name says it once. */
  gtk_text_buffer_undo (ex_window_get_query_buffer (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.convert-query", NULL));
  g_assert_null (strstr (gtk_label_get_text (query_label), "(CQL 6) (CQL 6)"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (query_label), "king-in-corner (CQL 6)"));
  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  /* The large databases the tests write, and the workbench's files, in a
   * temporary folder of this test's own. */
  g_autofree char *own_tmp_dir = ex_test_own_tmp_dir ();
  int status;

  if (!ex_test_init (&argc, &argv))
    {
      g_rmdir (own_tmp_dir);
      return 77;
    }
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-results-XXXXXX", NULL);

  g_test_add_func ("/ui/results/resort", test_resort);
  g_test_add_func ("/ui/results/selection-during-sorting-fill",
                   test_selection_during_sorting_fill);
  g_test_add_func ("/ui/results/folder-recursive", test_folder_recursive);
  g_test_add_func ("/ui/results/recent-databases", test_recent_databases);
  g_test_add_func ("/ui/results/menu-accelerators", test_menu_accelerators);
  g_test_add_func ("/ui/results/status-and-converted-name", test_status_and_converted_name);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  g_rmdir (own_tmp_dir);
  return status;
}
