/* test-own-moves.c: the user's own moves on the viewer's board, in the
 * real window: picking a piece marks its legal targets, other targets are
 * refused, a move the game has is followed, other moves form the user's
 * line (promotion through the chooser), which the move list sets apart and
 * "copy as PGN" writes as a variation; discarding drops it, and the
 * database file is never written.
 *
 * Moves go through ex_board_press_square() and ex_board_release_square(),
 * which the board's drag gesture calls for a press and a release; the
 * promotion piece is chosen by clicking the chooser's button.  The
 * screenshot viewer-own-moves.png is saved in the test's build directory
 * (VIEWER_TEST_OUTPUT_DIR).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <utime.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-board.h"
#include "ex-game-view.h"
#include "ex-move-list.h"
#include "ex-promotion-chooser.h"
#include "ex-window-test.h"
#include "ui-common.h"

#ifndef VIEWER_TEST_OUTPUT_DIR
#define VIEWER_TEST_OUTPUT_DIR "."
#endif

#define TIMEOUT_MS 60000
#define SQ(name) cq_square_from_name (name)

static ExApplication *app;

/* White to move can castle short, and its pawn on b7 promotes; the game's
 * own moves are 1. Kd2 Kd7 2. b8=Q. */
static const char database_text[] =
  "[Event \"Own moves\"]\n"
  "[Site \"?\"]\n"
  "[Date \"2026.??.??\"]\n"
  "[Round \"?\"]\n"
  "[White \"Composer, A\"]\n"
  "[Black \"+\"]\n"
  "[Result \"*\"]\n"
  "[SetUp \"1\"]\n"
  "[FEN \"4k3/1P6/8/8/8/8/8/4K2R w K - 0 1\"]\n"
  "\n"
  "1. Kd2 Kd7 2. b8=Q *\n";

/* Copies the game as PGN with the window's action and reads it back. */
static char *
copy_pgn (ExWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-pgn", NULL));
  return ex_test_read_clipboard (GTK_WIDGET (window));
}

/* A click on a square: a press and a release on it. */
static void
click (ExBoard    *board,
       const char *square)
{
  ex_board_press_square (board, SQ (square));
  ex_board_release_square (board, SQ (square));
}

/* A drag: a press on @from, the release on @to. */
static void
drag (ExBoard    *board,
      const char *from,
      const char *to)
{
  g_assert_true (ex_board_press_square (board, SQ (from)));
  ex_board_release_square (board, SQ (to));
}

/* The text of the user's moves in the move list, space-separated, and
 * checks that each carries the list's "own" tag. */
static char *
own_moves_text (ExGameView *view)
{
  ExMoveList *list = EX_MOVE_LIST (ex_game_view_get_move_list (view));
  const ExMoveText *mt = ex_move_list_get_move_text (list);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (list));
  GtkTextTag *own = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "own");
  GString *text = g_string_new (NULL);

  g_assert_nonnull (own);
  for (guint i = 0; i < mt->moves->len; i++)
    {
      const ExMoveTextSpan *span = &g_array_index (mt->moves, ExMoveTextSpan, i);
      GtkTextIter start, end;
      g_autofree char *move = NULL;

      gtk_text_buffer_get_iter_at_offset (buffer, &start, span->start);
      gtk_text_buffer_get_iter_at_offset (buffer, &end, span->end);
      g_assert_cmpint (gtk_text_iter_has_tag (&start, own), ==, span->own);
      if (!span->own)
        continue;
      move = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", move);
    }
  return g_string_free (text, FALSE);
}

static void
test_own_moves (void)
{
  g_autofree char *dir = g_dir_make_tmp ("excelsior-own-moves-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "own-moves.pgn", NULL);
  g_autofree char *after = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shot = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqGame) copied = NULL;
  GStatBuf before_stat, after_stat;
  ExWindow *window;
  ExGameView *view;
  ExBoard *board;
  CqGame *game;
  GtkWidget *chooser;
  guint n_nodes;

  g_assert_true (g_file_set_contents (path, database_text, -1, &error));
  g_assert_no_error (error);
  /* An old time stamp, so that a write now would change it. */
  g_assert_cmpint (g_utime (path, &(struct utimbuf) { 1000000000, 1000000000 }), ==, 0);
  g_assert_cmpint (g_stat (path, &before_stat), ==, 0);
  g_assert_cmpint (before_stat.st_mtime, ==, 1000000000);

  window = ex_test_new_window (app, 1400, 860, path);
  ex_test_run_and_wait (window, "(position :wtm)\n", EX_TEST_RUN_DEFAULT);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 1);
  ex_window_select_result (window, 0);
  ex_test_drain ();

  view = EX_GAME_VIEW (ex_window_get_game_view (window));
  board = ex_game_view_get_board (view);
  game = ex_game_view_get_game (view);
  g_assert_nonnull (game);
  n_nodes = game->n_nodes;
  g_assert_cmpuint (n_nodes, ==, 4);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
  g_assert_true (ex_board_get_interactive (board));

  /* A click on the king picks it up: its targets are its legal moves,
   * castling included. */
  click (board, "e1");
  g_assert_cmpint (ex_board_get_picked (board), ==, SQ ("e1"));
  g_assert_cmphex (ex_board_get_targets (board), ==,
                   CQ_BIT (SQ ("d1")) | CQ_BIT (SQ ("d2")) | CQ_BIT (SQ ("e2"))
                   | CQ_BIT (SQ ("f1")) | CQ_BIT (SQ ("f2")) | CQ_BIT (SQ ("g1")));

  /* A click on another square is no move: the piece is put back. */
  click (board, "e3");
  g_assert_cmpint (ex_board_get_picked (board), ==, CQ_NO_SQUARE);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);

  /* Dropped on an illegal square (e1-e4; the rook through the king), the
   * piece goes back; Black's pieces cannot be picked with White to move. */
  drag (board, "e1", "e4");
  drag (board, "h1", "d1");
  g_assert_false (ex_board_press_square (board, SQ ("e8")));
  g_assert_cmpint (ex_board_get_picked (board), ==, CQ_NO_SQUARE);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 0);

  /* Nor does the view take an illegal move through its API. */
  {
    CqMove illegal = { .from = SQ ("e1"), .to = SQ ("e3"), .piece = CQ_WK };

    g_assert_false (ex_game_view_play_move (view, &illegal));
    g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 0);
  }

  /* The game's own move is followed, not added. */
  click (board, "e1");
  click (board, "d2");
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 1);
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 0);

  /* Back at the start, castling (click-click), Kd7 (drag), b8 and the
   * chooser's knight: the user's line. */
  ex_game_view_go_to_node (view, 0);
  click (board, "e1");
  click (board, "g1");
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 1);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, n_nodes);
  g_assert_cmpint (cq_position_piece_at (ex_board_get_position (board), SQ ("f1")), ==, CQ_WR);
  drag (board, "e8", "d7");
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 2);
  drag (board, "b7", "b8");
  chooser = ex_board_get_promotion_chooser (board);
  g_assert_nonnull (chooser);
  ex_test_drain ();
  g_assert_true (gtk_widget_get_visible (chooser));
  /* Nothing is played until a piece is chosen. */
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 2);
  g_signal_emit_by_name (ex_promotion_chooser_get_button (EX_PROMOTION_CHOOSER (chooser),
                                                          CQ_KNIGHT), "clicked");
  ex_test_drain ();
  g_assert_false (gtk_widget_get_visible (chooser));
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 3);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, n_nodes + 2);
  g_assert_cmpint (cq_position_piece_at (ex_board_get_position (board), SQ ("b8")), ==, CQ_WN);
  g_assert_true (cq_position_in_check (ex_board_get_position (board)));

  /* The move list sets the user's moves apart, and only them. */
  text = own_moves_text (view);
  g_assert_cmpstr (text, ==, "O-O Kd7 b8=N+");

  /* Navigation walks them: back one move, forward again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.previous", NULL));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, n_nodes + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.next", NULL));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, n_nodes + 2);

  /* The screenshot: the line in the move list, Black's king (in check)
   * picked up with the squares it may go to. */
  click (board, "d7");
  g_assert_cmpint (ex_board_get_picked (board), ==, SQ ("d7"));
  shot = g_build_filename (VIEWER_TEST_OUTPUT_DIR, "viewer-own-moves.png", NULL);
  ex_test_save_screenshot (window, shot);
  click (board, "d7");
  g_assert_cmpint (ex_board_get_picked (board), ==, CQ_NO_SQUARE);

  /* Copy as PGN: the game with the user's line as a variation of its
   * first move, which reads back as such. */
  pgn = copy_pgn (window);
  g_assert_nonnull (strstr (pgn, "1. Kd2 (1. O-O Kd7 2. b8=N+) 1... Kd7 2. b8=Q *"));
  g_assert_cmpstr (ex_window_get_status_text (window), ==,
                   "Copied the game’s PGN, with your moves as a variation");
  copied = cq_game_new_parsed (pgn, strlen (pgn), NULL, NULL);
  g_assert_null (copied->error);
  g_assert_cmpuint (copied->n_nodes, ==, n_nodes + 3);
  g_clear_pointer (&pgn, g_free);

  /* A new move in the middle of the line replaces the rest of it. */
  ex_game_view_go_to_node (view, n_nodes + 1);
  drag (board, "b7", "b8");
  g_signal_emit_by_name (ex_promotion_chooser_get_button (EX_PROMOTION_CHOOSER (chooser),
                                                          CQ_ROOK), "clicked");
  g_clear_pointer (&text, g_free);
  text = own_moves_text (view);
  g_assert_cmpstr (text, ==, "O-O Kd7 b8=R");

  /* Discarding (Escape, the button) drops the line and shows the position
   * it started from; the PGN is the game's again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.discard-own-moves", NULL));
  g_assert_cmpuint (ex_game_view_get_n_own_moves (view), ==, 0);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
  g_clear_pointer (&text, g_free);
  text = own_moves_text (view);
  g_assert_cmpstr (text, ==, "");
  pgn = copy_pgn (window);
  g_assert_nonnull (strstr (pgn, "\n1. Kd2 Kd7 2. b8=Q *"));
  g_assert_cmpstr (ex_window_get_status_text (window), ==, "Copied the game’s PGN");

  /* The database file is as it was. */
  g_assert_true (g_file_get_contents (path, &after, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, database_text);
  g_assert_cmpint (g_stat (path, &after_stat), ==, 0);
  g_assert_cmpint (after_stat.st_mtime, ==, before_stat.st_mtime);
  g_assert_cmpint (after_stat.st_size, ==, before_stat.st_size);

  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, TIMEOUT_MS));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/viewer/own-moves", test_own_moves);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
