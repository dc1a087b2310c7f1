/* test-setup-board.c: the set-up board and the position search in the real
 * window (skips without a display): pieces placed by click and by drop,
 * moved and taken off, the FEN written and pasted, an illegal position
 * refused; a study's first position set up from the game shown, mirrored
 * and found in symmetric mode only, and with a piece missing found with
 * that square outlined on the board and said in the results list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With EXCELSIOR_SCREENSHOT_DIR set, screenshots of the main window (1400x900
 * and 1000x700) and of the set-up board are written there.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "cql/cq-query.h"
#include "ex-application.h"
#include "ex-utils.h"
#include "ex-game-view.h"
#include "ex-result.h"
#include "ex-setup-board.h"
#include "ex-theme-tools.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000
#define SQ(name) cq_square_from_name (name)

static ExApplication *app;

/* The first button under @widget whose label is @label. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL
      && strcmp (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* TRUE if a label under @widget shows a text containing @text. */
static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

/* The result for game @number of the window's results, or NULL. */
static ExResult *
find_result (ExWindow *window,
             guint64   number,
             guint    *index)
{
  GListModel *results = ex_window_get_results (window);

  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr(ExResult) result = g_list_model_get_item (results, i);

      if (ex_result_get_number (result) == number)
        {
          if (index != NULL)
            *index = i;
          return result;
        }
    }
  return NULL;
}

static void
find_and_wait (ExWindow     *window,
               ExSetupBoard *setup,
               GtkWidget    *find)
{
  g_signal_emit_by_name (find, "clicked");
  g_assert_true (ex_window_is_searching (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpstr (ex_setup_board_get_message (setup), ==, "");
}

static void
test_board (void)
{
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  ExWindow *window = ex_test_new_window (app, 1400, 900, sample);
  ExThemeTools *tools = ex_window_get_theme_tools (window);
  ExSetupBoard *setup = ex_theme_tools_get_setup_board (tools);
  GtkWidget *entry = ex_test_find_widget (GTK_WIDGET (setup), GTK_TYPE_ENTRY);
  g_autofree char *start = ex_setup_board_dup_fen (setup);
  g_autofree char *fen = NULL;

  /* It opens on the start position. */
  g_assert_cmpstr (start, ==, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  g_signal_emit_by_name (find_button (GTK_WIDGET (setup), "C_lear"), "clicked");
  for (int sq = 0; sq < 64; sq++)
    g_assert_cmpint (ex_setup_board_get_piece (setup, sq), ==, CQ_EMPTY);

  /* An empty board is no position. */
  g_assert_false (ex_setup_board_find (setup));
  g_assert_nonnull (strstr (ex_setup_board_get_message (setup), "cannot occur"));
  g_assert_false (ex_window_is_searching (window));

  /* Click placement with the brush; a second click takes the piece off. */
  ex_setup_board_set_brush (setup, CQ_WK);
  ex_setup_board_click_square (setup, SQ ("e1"));
  ex_setup_board_set_brush (setup, CQ_BK);
  ex_setup_board_click_square (setup, SQ ("e8"));
  ex_setup_board_set_brush (setup, CQ_WP);
  ex_setup_board_click_square (setup, SQ ("e2"));
  ex_setup_board_click_square (setup, SQ ("d2"));
  ex_setup_board_click_square (setup, SQ ("d2"));
  g_assert_cmpint (ex_setup_board_get_piece (setup, SQ ("d2")), ==, CQ_EMPTY);
  g_assert_cmpstr (ex_setup_board_get_message (setup), ==, "");

  /* Drops: from the palette, and from a square (the piece moves). */
  g_assert_true (ex_setup_board_drop (setup, SQ ("g1"), "N"));
  g_assert_true (ex_setup_board_drop (setup, SQ ("e4"), "P@e2"));
  g_assert_false (ex_setup_board_drop (setup, SQ ("e5"), "Q@d1"));   /* no queen on d1 */
  g_assert_false (ex_setup_board_drop (setup, SQ ("e5"), "X"));
  g_assert_cmpint (ex_setup_board_get_piece (setup, SQ ("e2")), ==, CQ_EMPTY);
  g_assert_cmpint (ex_setup_board_get_piece (setup, SQ ("e4")), ==, CQ_WP);
  ex_setup_board_set_side_to_move (setup, CQ_BLACK);
  fen = ex_setup_board_dup_fen (setup);
  g_assert_cmpstr (fen, ==, "4k3/8/8/8/4P3/8/8/4K1N1 b - - 0 1");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, fen);

  /* A pasted FEN, with only the board and the side to move. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "  8/8/8/3k4/8/3K4/4P3/8 w ");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpint (ex_setup_board_get_piece (setup, SQ ("d5")), ==, CQ_BK);
  g_assert_cmpint (ex_setup_board_get_piece (setup, SQ ("e1")), ==, CQ_EMPTY);
  g_assert_cmpint (ex_setup_board_get_side_to_move (setup), ==, CQ_WHITE);
  gtk_editable_set_text (GTK_EDITABLE (entry), "not a position");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (strstr (ex_setup_board_get_message (setup), "Not a FEN"));
  g_assert_cmpint (ex_setup_board_get_piece (setup, SQ ("d5")), ==, CQ_BK);

  /* Castling rights only where king and rook stand at home. */
  g_assert_true (ex_setup_board_set_fen (setup, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", NULL));
  g_free (fen);
  fen = ex_setup_board_dup_fen (setup);
  g_assert_cmpstr (fen, ==, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  ex_setup_board_set_piece (setup, SQ ("h1"), CQ_EMPTY);
  g_free (fen);
  fen = ex_setup_board_dup_fen (setup);
  g_assert_cmpstr (fen, ==, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1");

  ex_test_destroy_window (window);
}

/* A study's first position, set up from the game shown, mirrored: found in
 * symmetric mode only; then with a piece taken off: found with one piece
 * different, its square outlined. */
static void
run_position_search (int         width,
                     int         height,
                     const char *suffix)
{
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  ExWindow *window = ex_test_new_window (app, width, height, sample);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = ex_window_get_theme_tools (window);
  ExSetupBoard *setup = ex_theme_tools_get_setup_board (tools);
  GtkWidget *find = find_button (GTK_WIDGET (setup), "_Find This Position");
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  guint8 board[64];
  guint64 number;
  guint index;
  int removed = CQ_NO_SQUARE;
  g_autofree char *name = NULL;

  g_assert_nonnull (find);
  /* No game shown: the set-up board says nothing can be copied. */
  g_assert_false (ex_theme_tools_setup_from_game (tools));

  /* The first position of every study; the fourth is shown. */
  ex_cql_editor_replace_text (editor, "(match (position :initial))");
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  ex_window_select_result (window, 3);
  ex_test_drain ();
  {
    g_autoptr(ExResult) result = g_list_model_get_item (ex_window_get_results (window), 3);

    number = ex_result_get_number (result);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (tools)));
  g_assert_true (ex_setup_board_get_piece (setup, SQ ("a1")) != CQ_EMPTY
                 || ex_setup_board_get_message (setup) != NULL);

  /* Mirrored (files reversed); a study's position has no castling rights. */
  for (int sq = 0; sq < 64; sq++)
    board[sq] = (guint8) ex_setup_board_get_piece (setup, sq);
  for (int sq = 0; sq < 64; sq++)
    ex_setup_board_set_piece (setup, sq, (CqPiece) board[sq ^ 7]);

  ex_setup_board_set_search (setup, CQ_POSITION_MATCH_EXACT, 0);
  find_and_wait (window, setup, find);
  g_assert_null (find_result (window, number, NULL));

  ex_setup_board_set_search (setup, CQ_POSITION_MATCH_SYMMETRIC, 0);
  find_and_wait (window, setup, find);
  {
    ExResult *result = find_result (window, number, &index);
    const CqMatchedPosition *positions;
    guint n;

    g_assert_nonnull (result);
    positions = ex_result_get_positions (result, &n);
    g_assert_cmpuint (n, >=, 1);
    g_assert_cmpuint (positions[0].node, ==, 0);
    g_assert_cmpuint (positions[0].kind, ==, CQ_MATCH_KIND_MIRRORED);
  }
  ex_window_select_result (window, index);
  ex_test_drain ();
  g_assert_true (shows_label (GTK_WIDGET (view), "Mirrored"));

  /* The study's own position with one piece (not a king) taken off. */
  for (int sq = 0; sq < 64; sq++)
    {
      ex_setup_board_set_piece (setup, sq, (CqPiece) board[sq]);
      if (removed == CQ_NO_SQUARE && board[sq] != CQ_EMPTY && board[sq] != CQ_WK
          && board[sq] != CQ_BK)
        removed = sq;
    }
  g_assert_cmpint (removed, !=, CQ_NO_SQUARE);
  ex_setup_board_set_piece (setup, removed, CQ_EMPTY);
  ex_setup_board_set_search (setup, CQ_POSITION_MATCH_EXACT, 1);
  find_and_wait (window, setup, find);
  {
    ExResult *result = find_result (window, number, &index);
    const CqMatchedPosition *positions;
    guint n;

    g_assert_nonnull (result);
    positions = ex_result_get_positions (result, &n);
    g_assert_cmpuint (positions[0].node, ==, 0);
    g_assert_cmpuint (positions[0].kind, ==, CQ_MATCH_KIND_EXACT);
    g_assert_cmpuint (positions[0].n_differ, ==, 1);
    g_assert_cmpuint (positions[0].squares, ==, CQ_BIT (removed));
  }
  ex_window_select_result (window, index);
  ex_test_drain ();
  g_assert_cmpuint (ex_board_get_highlight (ex_game_view_get_board (view)), ==, CQ_BIT (removed));
  g_assert_true (shows_label (GTK_WIDGET (view), "· 1 piece differs"));
  g_assert_false (shows_label (GTK_WIDGET (view), "Exact"));
  /* The results list's Found column says it too. */
  g_assert_true (shows_label (GTK_WIDGET (window), "1 piece differs"));

  name = g_strdup_printf ("anticipation-window-%s.png", suffix);
  ex_test_screenshot (GTK_WIDGET (window), name);
  ex_window_set_theme_tools_visible (window, TRUE);
  ex_test_drain ();
  g_free (name);
  name = g_strdup_printf ("anticipation-setup-board-%s.png", suffix);
  ex_test_screenshot (GTK_WIDGET (window), name);

  ex_test_destroy_window (window);
}

static void
test_search_large (void)
{
  run_position_search (1400, 900, "1400x900");
}

static void
test_search_small (void)
{
  run_position_search (1000, 700, "1000x700");
}

int
main (int   argc,
      char *argv[])
{
  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();

  g_test_add_func ("/setup-board/board", test_board);
  g_test_add_func ("/setup-board/search-1400x900", test_search_large);
  g_test_add_func ("/setup-board/search-1000x700", test_search_small);

  return g_test_run ();
}
