/* test-window.c: the workbench window, driven for real under a display.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens ExWindow in the real ExApplication, runs searches of the bundled
 * sample database (data/sample/studies.pgn, 103 games) on the search
 * thread while iterating the main context, and checks the results list,
 * the game view (node shown and pixels of the board), Stop, a query with a
 * syntax error, the example queries, opening a .cql file with :pgn, the
 * preferences and the dialogs.  Exits 77 (skipped) when there is no
 * display.  Browsing the results, the clipboard and Export are in
 * test-window-export.c.
 *
 * The expected counts were checked with the `cql` tool on the same file
 * (`cql QUERY.cql` with `:pgn data/sample/studies.pgn`).
 */
#include "config.h"

#include <math.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-utils.h"
#include "ex-game-view.h"
#include "ex-preferences.h"
#include "ex-result.h"
#include "ex-search-job.h"
#include "ex-window-test.h"
#include "ui-common.h"

#include "window-test-data.h"

/* The example queries and the number of sample games each matches, counted
 * by the `cql` tool and, independently, by a script replaying the games
 * with pychess's move generator. */
static const struct {
  const char *name;
  guint       count;
} example_counts[] = {
  { "knight-mate.cql", 14 },
  { "stalemate.cql", 38 },
  { "mate-in-variations.cql", 24 },
  { "king-in-corner.cql", 13 },
  { "queen-on-eighth.cql", 34 },
  { "stalemate-ending.cql", 28 },
  { "black-king-corner-start.cql", 9 },
  { "underpromotion.cql", 20 },
  { "pin-to-king.cql", 29 },
  { "knight-attacks-king.cql", 42 },
  { "white-starts-behind.cql", 39 },
};


static ExApplication *app;

/* ------------------------------------------------------------------------
 * Helpers
 */

static gboolean
count_frame_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  (*(guint *)user_data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
enough_frames (gpointer data)
{
  return *(guint *)data >= 3;
}

/* Waits until @widget is mapped and three frames have been drawn since
 * (slow builds, such as the sanitizers', take longer than a fixed wait). */
static void
wait_drawn (GtkWidget *widget)
{
  guint frames = 0;
  guint id;

  g_assert_true (ex_test_wait_until ((gboolean (*) (gpointer))gtk_widget_get_mapped, widget,
                                     SEARCH_TIMEOUT_MS));
  id = gtk_widget_add_tick_callback (widget, count_frame_cb, &frames, NULL);
  g_assert_true (ex_test_wait_until (enough_frames, &frames, SEARCH_TIMEOUT_MS));
  gtk_widget_remove_tick_callback (widget, id);
}

/* Renders @widget (realized, allocated) into a texture and returns its
 * pixels as B8G8R8A8 premultiplied (GDK_MEMORY_DEFAULT). */
static guchar *
render_widget (GtkWidget *widget,
               int       *width,
               int       *height,
               gsize     *stride)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  guchar *data;

  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  g_assert_cmpint (*width, >, 0);
  g_assert_cmpint (*height, >, 0);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), *width, *height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  *stride = (gsize)*width * 4;
  data = g_malloc (*stride * (gsize)*height);
  gdk_texture_download (texture, data, *stride);

  return data;
}

static void
pixel_at (const guchar *data,
          gsize         stride,
          int           x,
          int           y,
          GdkRGBA      *rgba)
{
  const guchar *p = data + (gsize)y * stride + (gsize)x * 4;

  /* GDK_MEMORY_DEFAULT is B8G8R8A8_PREMULTIPLIED in memory order; the board
   * is opaque, so premultiplication changes nothing. */
  rgba->blue = p[0] / 255.0;
  rgba->green = p[1] / 255.0;
  rgba->red = p[2] / 255.0;
  rgba->alpha = p[3] / 255.0;
}

static gboolean
same_colour (const GdkRGBA *a,
             const GdkRGBA *b)
{
  return fabs (a->red - b->red) < 0.03 && fabs (a->green - b->green) < 0.03
         && fabs (a->blue - b->blue) < 0.03;
}

/* ------------------------------------------------------------------------
 * Tests
 */

static void
test_search_and_view (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  g_autoptr(ExResult) first = NULL;
  const CqMatchedPosition *positions;
  const CqPosition *pos;
  ExBoard *board;
  guint n_positions;
  GdkRGBA light, dark;
  g_autofree guchar *pixels = NULL;
  int width, height;
  gsize stride;
  guint checked_empty = 0, checked_occupied = 0;

  /* The window starts with the sample database and runs without one chosen. */
  g_assert_nonnull (ex_window_get_database (window));
  g_assert_null (ex_game_view_get_game (view));

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "Found"));

  /* Sorted by game number, ascending, and every result has a position. */
  for (guint i = 0; i < KNIGHT_MATE_COUNT; i++)
    {
      g_autoptr(ExResult) r = g_list_model_get_item (results, i);

      g_assert_cmpuint (ex_result_get_positions (r, &n_positions) != NULL, ==, TRUE);
      g_assert_cmpuint (n_positions, >=, 1);
      g_assert_cmpuint (ex_result_get_number (r), >=, 1);
      g_assert_cmpuint (ex_result_get_number (r), <=, 103);
      if (i > 0)
        {
          g_autoptr(ExResult) prev = g_list_model_get_item (results, i - 1);

          g_assert_cmpuint (ex_result_get_number (prev), <, ex_result_get_number (r));
        }
    }

  /* Selecting the first result shows its game at its first matched
   * position: a mate, Black to move, with a white knight. */
  ex_window_select_result (window, 0);
  wait_drawn (GTK_WIDGET (ex_game_view_get_board (view)));
  first = g_list_model_get_item (results, 0);
  positions = ex_result_get_positions (first, &n_positions);
  g_assert_nonnull (ex_game_view_get_game (view));
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, ex_result_get_number (first));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, positions[0].node);

  board = ex_game_view_get_board (view);
  pos = ex_board_get_position (board);
  g_assert_nonnull (pos);
  g_assert_true (cq_position_in_check (pos));
  g_assert_false (cq_position_has_legal_move (pos));
  g_assert_cmpint (pos->side_to_move, ==, CQ_BLACK);

  /* The board is drawn: the centre of each empty square has the square's
   * colour; an occupied square's centre has a piece's pixels on it. */
  g_assert_true (gdk_rgba_parse (&light, EX_BOARD_LIGHT_SQUARE_COLOR));
  g_assert_true (gdk_rgba_parse (&dark, EX_BOARD_DARK_SQUARE_COLOR));
  ex_test_wait_frame (GTK_WIDGET (board));
  pixels = render_widget (GTK_WIDGET (board), &width, &height, &stride);
  for (int sq = 0; sq < 64; sq++)
    {
      gboolean is_dark = ((sq / 8) + (sq % 8)) % 2 == 0;
      graphene_rect_t bounds;
      GdkRGBA c;
      int cx, cy;

      g_assert_true (ex_board_get_square_bounds (board, sq, &bounds));
      cx = (int)(bounds.origin.x + bounds.size.width / 2);
      cy = (int)(bounds.origin.y + bounds.size.height / 2);
      g_assert_cmpint (cx, <, width);
      g_assert_cmpint (cy, <, height);
      pixel_at (pixels, stride, cx, cy, &c);

      /* Squares of the last move or of the match are tinted: skip them. */
      if (ex_board_get_highlight (board) & (G_GUINT64_CONSTANT (1) << sq))
        continue;
      if (cq_position_piece_at (pos, sq) == CQ_EMPTY)
        {
          if (same_colour (&c, is_dark ? &dark : &light))
            checked_empty++;
        }
      else
        {
          g_assert_false (same_colour (&c, is_dark ? &dark : &light));
          checked_occupied++;
        }
    }
  /* A mate position has at least the two kings and the knight; most of
   * its empty squares are untinted. */
  g_assert_cmpuint (checked_occupied, >=, 2);
  g_assert_cmpuint (checked_empty, >=, 40);

  ex_test_destroy_window (window);
}

static void
test_syntax_error (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GtkTextBuffer *buffer = ex_window_get_query_buffer (window);
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "cql-error");
  GListModel *results = ex_window_get_results (window);
  GtkTextIter cursor;
  guint line = 0, column = 0;
  guint n_before;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  n_before = g_list_model_get_n_items (results);
  g_assert_cmpuint (n_before, ==, KNIGHT_MATE_COUNT);

  /* Line 3 has an unknown keyword at column 14. */
  ex_window_set_query_text (window, "(match\n  (position\n    :mate :btm :knightmate))\n");
  g_assert_false (ex_window_run (window));
  g_assert_false (ex_window_is_searching (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_true (g_str_has_prefix (ex_window_get_status_text (window),
                                   "Line 3, column 16: "));
  g_assert_true (ex_window_get_error_location (window, &line, &column));
  g_assert_cmpuint (line, ==, 3);
  g_assert_cmpuint (column, ==, 16);

  /* The cursor is on the error and the item is underlined. */
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, 2);
  g_assert_cmpint (gtk_text_iter_get_line_offset (&cursor), ==, 15);
  g_assert_nonnull (tag);
  g_assert_true (gtk_text_iter_has_tag (&cursor, tag));
  gtk_text_iter_forward_chars (&cursor, 10);
  g_assert_true (gtk_text_iter_has_tag (&cursor, tag));   /* ...knightmate's last 'e' */
  gtk_text_iter_forward_char (&cursor);
  g_assert_false (gtk_text_iter_has_tag (&cursor, tag));  /* the ')' */

  /* Nothing ran: the previous results are still there. */
  ex_test_drain ();
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, n_before);

  /* Unbalanced parentheses: an error at the end of the text. */
  ex_window_set_query_text (window, "(match (position :mate)");
  g_assert_false (ex_window_get_error_location (window, NULL, NULL));
  g_assert_false (ex_window_run (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_true (g_str_has_prefix (ex_window_get_status_text (window), "Line 1, column "));
  g_assert_true (ex_window_get_error_location (window, &line, &column));
  g_assert_cmpuint (line, ==, 1);

  /* Editing removes the error mark; a good query runs again. */
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_false (ex_window_get_error_location (window, NULL, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);

  ex_test_destroy_window (window);
}

/* The first widget under @widget (itself included) whose action is
 * @action_name, or NULL. */
static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action_name)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The matches the status line says a stopped search kept ("...; N
 * matching games so far"). */
static guint
stopped_matches (ExWindow *window)
{
  const char *status = ex_window_get_status_text (window);
  const char *semicolon = strrchr (status, ';');

  guint n = 0;

  g_assert_nonnull (semicolon);
  /* The count may have the locale's thousands separators. */
  for (const char *p = semicolon + 1; *p == ' ' || g_ascii_isdigit (*p) || *p == ','
       || *p == '.'; p++)
    if (g_ascii_isdigit (*p))
      n = n * 10 + (guint) (*p - '0');
  return n;
}

/* A condition for ex_test_wait_until(): every row handed to the results
 * list is in it. */
static gboolean
rows_delivered (gpointer window)
{
  return ex_search_get_n_pending (ex_window_get_search (EX_WINDOW (window))) == 0;
}

/* A condition for ex_test_wait_until(): the search of @window has listed
 * its first results, or has ended. */
static gboolean
first_results_or_done (gpointer window)
{
  return !ex_window_is_searching (EX_WINDOW (window))
         || g_list_model_get_n_items (ex_window_get_results (EX_WINDOW (window))) > 0;
}

/* Once a search has ended (its rows all in the list), Export is enabled and
 * Stop is not, whatever the number of results and wherever the last slice
 * of rows falls: with more rows than the list takes in one frame the search
 * thread ends before the last slice is in, and the actions must be updated
 * when it is. */
static void
test_actions_after_search (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GtkWidget *export_button = find_actionable (GTK_WIDGET (window), "win.export");
  GtkWidget *stop_button = find_actionable (GTK_WIDGET (window), "win.stop");
  g_autofree char *big_path = ex_test_make_big_database (4);
  g_autoptr(GFile) big = g_file_new_for_path (big_path);
  g_autofree char *sample_path = ex_test_sample_database ();
  g_autoptr(GFile) sample = g_file_new_for_path (sample_path);
  static const struct {
    gboolean    big;
    const char *query;
  } runs[] = {
    { FALSE, KNIGHT_MATE_QUERY },                       /* 14 results */
    { FALSE, "(match (position :check))\n" },           /* most of the 103 */
    { TRUE, KNIGHT_MATE_QUERY },                        /* 56 */
    { TRUE, "(match (position))\n" },                   /* all 412 */
  };

  g_assert_nonnull (export_button);
  g_assert_nonnull (stop_button);
  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
      {
        guint n;

        ex_window_set_database (window, runs[i].big ? big : sample);
        ex_test_run_and_wait (window, runs[i].query, EX_TEST_RUN_NO_ERROR);
        n = g_list_model_get_n_items (ex_window_get_results (window));
        g_assert_cmpuint (n, >, 0);
        ex_test_drain ();
        g_assert_true (gtk_widget_get_sensitive (export_button));
        g_assert_false (gtk_widget_get_sensitive (stop_button));
      }

  ex_test_destroy_window (window);
  g_unlink (big_path);
}

static void
test_stop (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  g_autofree char *big_path = ex_test_make_big_database (BIG_COPIES);
  g_autoptr(GFile) big = g_file_new_for_path (big_path);
  g_autofree char *sample_path = ex_test_sample_database ();
  g_autoptr(GFile) sample = g_file_new_for_path (sample_path);
  guint n_at_stop;

  ex_window_set_database (window, big);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);

  /* Stop at once: the window is idle again immediately. */
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_window_is_searching (window));
  ex_window_stop (window);
  g_assert_false (ex_window_is_searching (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "stopped"));
  n_at_stop = stopped_matches (window);
  /* The matches counted at Stop all reach the list, no more; the thread
   * is joined. */
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (rows_delivered, window, SEARCH_TIMEOUT_MS));
  ex_test_drain ();
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, n_at_stop);

  /* Stop in the middle, after the first batch of results. */
  g_assert_true (ex_window_run (window));
  while (ex_window_is_searching (window) && g_list_model_get_n_items (results) == 0)
    g_main_context_iteration (NULL, TRUE);
  if (ex_window_is_searching (window))
    {
      GtkWidget *export_button = find_actionable (GTK_WIDGET (window), "win.export");
      guint n_listed = g_list_model_get_n_items (results);

      ex_window_stop (window);
      n_at_stop = stopped_matches (window);
      g_assert_cmpuint (n_at_stop, >=, n_listed);
      g_assert_cmpuint (n_at_stop, >, 0);
      g_assert_cmpuint (n_at_stop, <, KNIGHT_MATE_COUNT * BIG_COPIES);
      g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
      g_assert_true (ex_test_wait_until (rows_delivered, window, SEARCH_TIMEOUT_MS));
      ex_test_drain ();
      /* The list, the status line and the progress it showed last agree. */
      g_assert_cmpuint (g_list_model_get_n_items (results), ==, n_at_stop);
      {
        g_autofree char *number = ex_utils_format_count (n_at_stop);
        g_autofree char *count = g_strconcat (number, " matches", NULL);

        g_assert_nonnull (strstr (ex_statusbar_get_progress (ex_window_get_statusbar (window)),
                                  count));
      }
      g_assert_true (gtk_widget_get_sensitive (export_button));
    }
  else
    g_test_message ("the search of %u games ended before the first batch was shown",
                    103 * BIG_COPIES);

  /* A new search while one runs replaces it: only the new results come. */
  g_assert_true (ex_window_run (window));
  ex_window_set_database (window, sample);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  ex_test_drain ();
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);

  /* The whole big database: every copy matches. */
  ex_window_set_database (window, big);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT * BIG_COPIES);

  ex_test_destroy_window (window);
  g_unlink (big_path);
}

/* Closing the window while it searches: the search is cancelled, its
 * thread joined from the main loop, and nothing is reported to the dead
 * window (ASan and G_DEBUG=fatal-criticals would tell). */
static void
test_close_while_searching (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autofree char *big_path = ex_test_make_big_database (BIG_COPIES);
  g_autoptr(GFile) big = g_file_new_for_path (big_path);

  ex_window_set_database (window, big);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  g_assert_true (ex_window_run (window));
  /* Let some batches and progress reports queue up: the first are listed,
   * more are on their way. */
  g_assert_true (ex_test_wait_until (first_results_or_done, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (ex_search_job_get_n_running (), ==, ex_window_is_searching (window) ? 1 : 0);
  ex_test_destroy_window (window);
  ex_test_drain ();

  g_unlink (big_path);
}

/* A database that cannot be read: the search fails with a message and the
 * window stays usable. */
static void
test_missing_database (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/excelsior/none.pgn");
  g_autofree char *sample_path = ex_test_sample_database ();
  g_autoptr(GFile) sample = g_file_new_for_path (sample_path);

  ex_window_set_database (window, missing);
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  /* Nothing could be searched: no search starts (test-database-changed.c:
   * the previous results stay). */
  g_assert_false (ex_window_run (window));
  g_assert_false (ex_window_is_searching (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_true (g_str_has_prefix (ex_window_get_status_text (window),
                                   "Could not search “none.pgn”: "));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 0);

  ex_window_set_database (window, sample);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==,
                    KNIGHT_MATE_COUNT);

  ex_test_destroy_window (window);
}

static void
test_examples (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  const char *const *names = ex_window_list_examples ();
  GListModel *results = ex_window_get_results (window);

  g_assert_cmpuint (g_strv_length ((char **)names), ==, G_N_ELEMENTS (example_counts));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *text = NULL;

      g_assert_cmpstr (names[i], ==, example_counts[i].name);
      g_assert_true (ex_window_load_example (window, names[i]));
      text = ex_window_dup_query_text (window);
      /* Each example starts with its one-line comment. */
      g_assert_true (g_str_has_prefix (text, "; "));
      ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
      g_assert_cmpuint (g_list_model_get_n_items (results), ==, example_counts[i].count);
    }
  /* Over a CQL 6 query each example comes as its CQL 6 twin, which finds
   * the same games. */
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *twin = g_strconcat (names[i], "6", NULL);

      ex_window_set_query_text (window, "cql()\ntrue\n");
      g_assert_true (ex_window_load_example (window, names[i]));
      text = ex_window_dup_query_text (window);
      g_assert_true (g_str_has_prefix (text, "// "));
      g_assert_cmpstr (gtk_label_get_text (ex_window_get_query_file_label (window)), ==, twin);
      ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
      g_assert_cmpuint (g_list_model_get_n_items (results), ==, example_counts[i].count);
    }
  g_assert_false (ex_window_load_example (window, "no-such-example.cql"));
  g_assert_false (ex_window_load_example (window, "../ui/ex-window.ui"));

  ex_test_destroy_window (window);
}

static void
test_open_query_file (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autofree char *dir = g_dir_make_tmp ("excelsior-ui-XXXXXX", NULL);
  g_autofree char *sample_path = ex_test_sample_database ();
  g_autofree char *db_path = g_build_filename (dir, "copy.pgn", NULL);
  g_autofree char *cql_path = g_build_filename (dir, "mates.cql", NULL);
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) cql = g_file_new_for_path (cql_path);
  g_autoptr(GFile) expected = g_file_new_for_path (db_path);
  gsize len;

  g_assert_nonnull (dir);
  g_assert_true (g_file_get_contents (sample_path, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (db_path, contents, len, NULL));
  g_assert_true (g_file_set_contents (cql_path,
                                      "(match :pgn copy.pgn :output out.pgn\n"
                                      "  (position :mate :btm N))\n", -1, NULL));

  /* The relative :pgn resolves against the query's directory and selects
   * the database; the editor gets the text. */
  ex_window_open_file (window, cql);
  g_assert_true (g_file_equal (ex_window_get_database (window), expected));
  text = ex_window_dup_query_text (window);
  g_assert_true (g_str_has_prefix (text, "(match :pgn copy.pgn"));
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==,
                    KNIGHT_MATE_COUNT);
  /* The :output is not written, and the status line says so. */
  g_assert_nonnull (strstr (ex_window_get_status_text (window),
                            "The query’s output “out.pgn” is not written"));
  {
    g_autofree char *out_path = g_build_filename (dir, "out.pgn", NULL);

    g_assert_false (g_file_test (out_path, G_FILE_TEST_EXISTS));
  }

  ex_test_destroy_window (window);
  g_unlink (cql_path);
  g_unlink (db_path);
  g_rmdir (dir);
}

/* The preferences apply at once: figurines, orientation, annotation text. */
static void
test_preferences (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  GSettings *settings = ex_utils_get_settings ();
  g_autofree char *dir = g_dir_make_tmp ("excelsior-ui-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.pgn", NULL);
  g_autofree char *exported = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *preferences;
  GtkTextBuffer *moves;
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  g_assert_nonnull (settings);
  preferences = ex_preferences_new (GTK_WINDOW (window), settings);
  gtk_window_present (GTK_WINDOW (preferences));
  ex_test_drain ();

  /* The threads spin button writes the setting, and the setting it. */
  {
    GtkWidget *child = gtk_window_get_child (GTK_WINDOW (preferences));
    GtkSpinButton *threads = NULL;

    for (child = gtk_widget_get_first_child (child); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_SPIN_BUTTON (child))
        threads = GTK_SPIN_BUTTON (child);
    g_assert_nonnull (threads);
    gtk_spin_button_set_value (threads, 2);
    g_assert_cmpuint (g_settings_get_uint (settings, "threads"), ==, 2);
    g_settings_set_uint (settings, "threads", 1);
    g_assert_cmpint (gtk_spin_button_get_value_as_int (threads), ==, 1);
  }

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_window_select_result (window, 0);
  ex_test_drain ();

  g_assert_false (ex_game_view_get_figurine (view));
  g_settings_set_boolean (settings, "figurine-notation", TRUE);
  g_assert_true (ex_game_view_get_figurine (view));
  moves = gtk_text_view_get_buffer (GTK_TEXT_VIEW (ex_game_view_get_move_list (view)));
  gtk_text_buffer_get_bounds (moves, &start, &end);
  text = gtk_text_buffer_get_text (moves, &start, &end, FALSE);
  g_assert_nonnull (strstr (text, "♘"));
  g_settings_set_boolean (settings, "figurine-notation", FALSE);
  g_assert_false (ex_game_view_get_figurine (view));

  g_assert_false (ex_game_view_get_flipped (view));
  g_settings_set_boolean (settings, "board-flipped", TRUE);
  g_assert_true (ex_game_view_get_flipped (view));
  g_settings_set_boolean (settings, "board-flipped", FALSE);

  g_settings_set_string (settings, "annotation-text", "FOUND");
  g_assert_true (ex_window_export_to_path (window, out_path, &error));
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{FOUND}"), ==, KNIGHT_MATE_COUNT);
  g_clear_pointer (&exported, g_free);
  g_settings_set_boolean (settings, "export-annotations", FALSE);
  g_assert_true (ex_window_export_to_path (window, out_path, &error));
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{FOUND}"), ==, 0);
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{Original game: "), ==,
                    KNIGHT_MATE_COUNT);
  g_settings_reset (settings, "annotation-text");
  g_settings_reset (settings, "export-annotations");
  g_settings_reset (settings, "threads");

  gtk_window_destroy (GTK_WINDOW (preferences));
  ex_test_destroy_window (window);
  g_unlink (out_path);
  g_rmdir (dir);
}

static void
test_screenshot (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autofree char *dir = g_dir_make_tmp ("excelsior-ui-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "window.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (png);

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_window_select_result (window, 0);
  wait_drawn (GTK_WIDGET (window));
  ex_test_save_screenshot (window, png);

  texture = gdk_texture_new_from_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (gdk_texture_get_height (texture), ==,
                   gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gdk_texture_get_width (texture), >=, 1000);

  ex_test_destroy_window (window);
  g_unlink (png);
  g_rmdir (dir);
}

/* The keyboard shortcuts window, the about dialog and the preferences open
 * as windows of their own; closing the main window keeps the query, the
 * database and the size for the next one. */
static void
test_dialogs_and_settings (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GSettings *settings = ex_utils_get_settings ();
  g_autofree char *big_path = ex_test_make_big_database (2);
  g_autoptr(GFile) big = g_file_new_for_path (big_path);
  g_autofree char *query = NULL;
  g_autofree char *database = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_before = g_list_model_get_n_items (toplevels);
  const char *actions[] = { "app.preferences", "app.about", "win.show-help-overlay" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      guint n = g_list_model_get_n_items (toplevels);
      g_autoptr(GtkWindow) dialog = NULL;

      g_test_message ("opening %s", actions[i]);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL));
      ex_test_drain ();
      /* The shortcuts window is made with the main window, hidden. */
      if (i < 2)
        g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n + 1);
      for (guint k = 0; k < g_list_model_get_n_items (toplevels) && dialog == NULL; k++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, k);

          if ((i == 0 && EX_IS_PREFERENCES (w)) || (i == 1 && GTK_IS_ABOUT_DIALOG (w))
              || (i == 2 && GTK_IS_SHORTCUTS_WINDOW (w)))
            dialog = g_steal_pointer (&w);
        }
      g_assert_nonnull (dialog);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
      g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
      if (i == 1)
        g_assert_cmpstr (gtk_about_dialog_get_program_name (GTK_ABOUT_DIALOG (dialog)), ==,
                         "Excelsior");
      if (i < 2)
        gtk_window_destroy (dialog);
      else
        gtk_widget_set_visible (GTK_WIDGET (dialog), FALSE);
      ex_test_drain ();
    }
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n_before);

  /* Closed by the user: the query and database are kept ... */
  ex_window_set_query_text (window, KNIGHT_MATE_QUERY);
  /* A text without unsaved changes: the window closes without asking
   * (the question is tests/ui/test-quit.c's). */
  ex_query_document_set_name (ex_window_get_query_document (window), NULL, TRUE);
  ex_window_set_database (window, big);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
  ex_test_drain ();
  query = g_settings_get_string (settings, "last-query");
  database = g_settings_get_string (settings, "last-database");
  g_assert_cmpstr (query, ==, KNIGHT_MATE_QUERY);
  g_assert_cmpstr (database, ==, big_path);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), >=, 800);

  /* ... and the next window starts with them. */
  window = ex_test_new_window (app, 0, 0, NULL);
  g_clear_pointer (&query, g_free);
  query = ex_window_dup_query_text (window);
  g_assert_cmpstr (query, ==, KNIGHT_MATE_QUERY);
  g_assert_cmpstr (g_file_peek_path (ex_window_get_database (window)), ==, big_path);
  ex_test_run_and_wait (window, NULL, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==,
                    KNIGHT_MATE_COUNT * 2);

  g_settings_reset (settings, "last-query");
  g_settings_reset (settings, "last-database");
  ex_test_destroy_window (window);
  g_unlink (big_path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();

  g_test_add_func ("/ui/window/search-and-view", test_search_and_view);
  g_test_add_func ("/ui/window/syntax-error", test_syntax_error);
  g_test_add_func ("/ui/window/stop", test_stop);
  g_test_add_func ("/ui/window/actions-after-search", test_actions_after_search);
  g_test_add_func ("/ui/window/close-while-searching", test_close_while_searching);
  g_test_add_func ("/ui/window/missing-database", test_missing_database);
  g_test_add_func ("/ui/window/examples", test_examples);
  g_test_add_func ("/ui/window/open-query-file", test_open_query_file);
  g_test_add_func ("/ui/window/preferences", test_preferences);
  g_test_add_func ("/ui/window/screenshot", test_screenshot);
  g_test_add_func ("/ui/window/dialogs-and-settings", test_dialogs_and_settings);

  status = g_test_run ();

  g_clear_object (&app);

  return status;
}
