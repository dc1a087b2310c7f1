/* test-results.c: the results list and the database a composer works with.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 *  - every column's title sorts when clicked, and toggles its order when
 *    clicked again, the Sort column of a CQL 6 query that sorts included,
 *    also after another column was clicked; only the column that sorts
 *    shows an arrow, and it points the way the list is sorted;
 *  - while a sorting query fills the list, a row the user selected stays
 *    selected (the same game, wherever the rows inserted above move it),
 *    and the list's scroll bar is shown, so that the best rows above stay
 *    reachable;
 *  - a folder chosen as the database is searched with its sub-folders,
 *    and the database label says how many files in how many folders;
 *    files of another folder can be added to the database;
 *  - the recent databases hold databases only, each with its folder, so
 *    that two files of one name are told apart;
 *  - the accelerators the menus show are the keys that activate their
 *    actions (no key bound twice, none bound past the menu's back).
 *
 * On the bundled sample (103 studies) and copies of it.  With
 * EXCELSIOR_SCREENSHOT_DIR set, saves results-resort.png.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>

#include "ex-application.h"
#include "ex-result.h"
#include "ex-results-view-private.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

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

/* Clicks @title's column title with the pointer, a real click of the X
 * server (xdotool), which is what GTK's title button takes: GTK 4.8 has no
 * way to make the events, and its sort on a title click is private.  Waits
 * until the title's arrow changed and the list is sorted. */
static void
click_title (ExWindow   *window,
             const char *title)
{
  GtkWidget *button = find_title (GTK_WIDGET (results_view (window)), title);
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *xid = NULL, *x = NULL, *y = NULL;
  g_autoptr(GError) error = NULL;
  GtkNative *native;
  graphene_point_t point;
  double dx, dy;
  int status;
  ArrowData arrow = { window, title, 0 };

  g_assert_nonnull (button);
  if (xdotool == NULL)
    g_error ("xdotool is needed to click a column title (tools/deps.sh installs it)");
  if (!GDK_IS_X11_DISPLAY (gtk_widget_get_display (button)))
    g_error ("clicking a column title needs the X11 backend (Xvfb)");
  arrow.arrow = title_arrow (window, title);
  native = gtk_widget_get_native (button);
  g_assert_true (gtk_widget_compute_point (button, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (8, gtk_widget_get_height (button) / 2.f),
                                           &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native)));
  x = g_strdup_printf ("%d", (int) (point.x + dx));
  y = g_strdup_printf ("%d", (int) (point.y + dy));
  {
    const char *argv[] = { xdotool, "mousemove", "--sync", "--window", xid, x, y,
                           "click", "1", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
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

/* A row selected while a sorting query fills the list stays selected by
 * game while rows come in above it, and the scroll bar shows. */
static void
test_selection_during_sorting_fill (void)
{
  g_autofree char *big = ex_test_make_big_database (30);
  g_autoptr(GFile) file = g_file_new_for_path (big);
  ExWindow *window = ex_test_new_window (app, 1400, 900, big);
  GListModel *shown = ex_window_get_results (window);
  ExResultsView *view = results_view (window);
  GtkWidget *scrolled;
  GtkWidget *scrollbar;
  g_autoptr(ExResult) chosen = NULL;
  g_autoptr(GtkBitset) selected = NULL;
  RowsData rows = { window, 40 };
  guint position = GTK_INVALID_LIST_POSITION;
  guint n;

  ex_window_set_query_text (window, SORT_QUERY);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  g_assert_true (ex_test_wait_until (has_rows, &rows, SEARCH_TIMEOUT_MS));
  /* Still filling: a row of the lower half, with the fewest white pieces
   * so far, which rows of more pieces will come in above. */
  g_assert_true (ex_window_is_searching (window));
  n = g_list_model_get_n_items (shown);
  ex_results_view_select (view, n - 1, TRUE);
  chosen = g_list_model_get_item (shown, n - 1);
  g_assert_true (ex_results_view_get_current (view) == chosen);

  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  ex_test_drain ();
  n = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n, ==, 30 * SAMPLE_GAMES);
  assert_order (window, BY_SORT_VALUE, FALSE);

  /* The same game is selected, and only it, at its new place. */
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

  /* The rows above are reachable: the scroll bar is there, not only
   * while the pointer moves. */
  scrolled = gtk_widget_get_ancestor (GTK_WIDGET (view->column_view), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scrolled)));
  scrollbar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scrolled));
  ex_test_wait_frame (scrollbar);
  g_assert_true (gtk_widget_get_mapped (scrollbar));
  g_assert_cmpint (gtk_widget_get_width (scrollbar), >, 0);

  ex_test_destroy_window (window);
  g_unlink (big);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-results-XXXXXX", NULL);

  g_test_add_func ("/ui/results/resort", test_resort);
  g_test_add_func ("/ui/results/selection-during-sorting-fill",
                   test_selection_during_sorting_fill);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  return status;
}
