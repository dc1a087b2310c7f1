/* test-window-export.c: the workbench window's results, driven for real
 * under a display: browsing them, copying a game, and Export.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens ExWindow in the real ExApplication, searches the bundled sample
 * database (data/sample/studies.pgn, 103 games), and checks the game view
 * while the results are browsed with the keys, the game copied to the
 * clipboard, and Export of all, the shown or the selected results with its
 * choices.  Exits 77 (skipped) when there is no display.  The rest of the
 * window's features are in test-window.c.
 *
 * The expected counts were checked with the `cql` tool on the same file
 * (`cql QUERY.cql` with `:pgn data/sample/studies.pgn`).
 */
#include "config.h"

#include <math.h>
#include <string.h>
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

static ExApplication *app;

static void
test_export (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  g_autofree char *dir = g_dir_make_tmp ("excelsior-ui-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "matches.pgn", NULL);
  g_autofree char *sample_path = ex_test_sample_database ();
  g_autofree char *sample_before = NULL;
  g_autofree char *sample_after = NULL;
  g_autofree char *exported = NULL;
  g_autoptr(GError) error = NULL;
  const char *p;
  guint64 previous = 0;

  g_assert_true (g_file_get_contents (sample_path, &sample_before, NULL, NULL));

  /* Nothing to export before a search. */
  g_assert_false (ex_window_export_to_path (window, out_path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);

  /* Never over the database being searched. */
  g_assert_false (ex_window_export_to_path (window, sample_path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_true (ex_window_export_to_path (window, out_path, &error));
  g_assert_no_error (error);
  g_assert_true (ex_window_is_exporting (window));
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "Exported 14 games"));

  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (exported, "[Event "));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "[Event "), ==, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{Original game: "), ==,
                    KNIGHT_MATE_COUNT);
  /* Without :markall only the first mate of each game is marked (R2). */
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{MATCH}"), ==, KNIGHT_MATE_COUNT);

  /* The games come in input order with their original numbers, and each
   * game's {MATCH} comes after its header comment. */
  for (p = strstr (exported, "{Original game: "); p != NULL;
       p = strstr (p + 1, "{Original game: "))
    {
      guint64 number = g_ascii_strtoull (p + strlen ("{Original game: "), NULL, 10);
      const char *next = strstr (p + 1, "{Original game: ");
      const char *match = strstr (p, "{MATCH}");
      gboolean found = FALSE;

      g_assert_cmpuint (number, >, previous);
      previous = number;
      g_assert_nonnull (match);
      g_assert_true (next == NULL || match < next);
      for (guint i = 0; i < KNIGHT_MATE_COUNT; i++)
        {
          g_autoptr(ExResult) r = g_list_model_get_item (results, i);

          found |= ex_result_get_number (r) == number;
        }
      g_assert_true (found);
    }

  /* The database is untouched and no temporary file is left behind. */
  g_assert_true (g_file_get_contents (sample_path, &sample_after, NULL, NULL));
  g_assert_cmpstr (sample_before, ==, sample_after);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    guint n_files = 0;

    while (g_dir_read_name (d) != NULL)
      n_files++;
    g_assert_cmpuint (n_files, ==, 1);
  }

  ex_test_destroy_window (window);
  g_unlink (out_path);
  g_rmdir (dir);
}

static gboolean
not_sorting (gpointer data)
{
  return !ex_window_is_sorting (EX_WINDOW (data));
}

static guint64
result_number (GListModel *model,
               guint       position)
{
  g_autoptr(ExResult) r = g_list_model_get_item (model, position);

  return ex_result_get_number (r);
}

/* The knight mates of the sample, by game number (see KNIGHT_MATE_QUERY). */
static const guint64 knight_mate_games[KNIGHT_MATE_COUNT] = {
  11, 29, 41, 50, 52, 60, 61, 62, 74, 75, 78, 81, 83, 101
};

/* Sorting by a column, the filter box, the previous/next result keys and
 * the highlight of the matched squares. */
static void
test_browse_results (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  ExBoard *board = ex_game_view_get_board (view);
  const CqMatchedPosition *positions;
  const CqPosition *pos;
  guint n_positions;
  CqBitboard knights;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  for (guint i = 0; i < KNIGHT_MATE_COUNT; i++)
    g_assert_cmpuint (result_number (results, i), ==, knight_mate_games[i]);

  /* By Event, descending: "(2): Slepyan, 1983*" (game 101) first and
   * "(1): Dizvov, 1978" (game 11) last. */
  ex_window_sort_results (window, EX_RESULT_COLUMN_EVENT, GTK_SORT_DESCENDING);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (result_number (results, 0), ==, 101);
  g_assert_cmpuint (result_number (results, KNIGHT_MATE_COUNT - 1), ==, 11);
  /* Ties (the same Event never occurs here) would go by number; the three
   * Troitsky studies are in date order, 60, 61, 62, read backwards. */
  for (guint i = 0; i + 2 < KNIGHT_MATE_COUNT; i++)
    if (result_number (results, i) == 62)
      {
        g_assert_cmpuint (result_number (results, i + 1), ==, 61);
        g_assert_cmpuint (result_number (results, i + 2), ==, 60);
      }

  /* Back to game number, ascending. */
  ex_window_sort_results (window, EX_RESULT_COLUMN_NUMBER, GTK_SORT_ASCENDING);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (result_number (results, 0), ==, 11);

  /* The filter box: case folded, on the tags. */
  ex_window_set_filter_text (window, "POGOSYANTS");
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 5);
  g_assert_cmpuint (result_number (results, 0), ==, 41);
  g_assert_cmpuint (result_number (results, 4), ==, 83);
  /* And on the game number. */
  ex_window_set_filter_text (window, "101");
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 1);
  g_assert_cmpuint (result_number (results, 0), ==, 101);
  ex_window_set_filter_text (window, "");
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);

  /* Ctrl+Page Down from nothing selected: the first result, then the next. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-result", NULL));
  ex_test_drain ();
  g_assert_true (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (results), 0));
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 11);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-result", NULL));
  ex_test_drain ();
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 29);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-result", NULL));
  ex_test_drain ();
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 11);

  /* The matched squares are highlighted: those of the match (the piece
   * designator N: the white knights), in the position shown. */
  {
    g_autoptr(ExResult) first = g_list_model_get_item (results, 0);

    positions = ex_result_get_positions (first, &n_positions);
  }
  g_assert_cmpuint (ex_game_view_get_node (view), ==, positions[0].node);
  pos = ex_board_get_position (board);
  knights = pos->pieces[CQ_WN];
  g_assert_cmpuint (knights, !=, 0);
  g_assert_cmpuint (positions[0].squares, !=, 0);
  g_assert_cmpuint (ex_board_get_highlight (board), ==, positions[0].squares);
  g_assert_cmpuint (positions[0].squares & knights, ==, knights);

  ex_test_destroy_window (window);
}

/* Copy the game as PGN and the position as FEN. */
static void
test_clipboard (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  g_autofree char *fen = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *expected_fen = NULL;
  g_autoptr(GError) error = NULL;
  CqPosition pos;

  /* Nothing shown: nothing to copy. */
  g_assert_null (ex_window_dup_game_pgn (window));
  g_assert_null (ex_window_dup_position_fen (window));

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_window_select_result (window, 0);
  ex_test_drain ();

  expected_fen = ex_window_dup_position_fen (window);
  g_assert_nonnull (expected_fen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-fen", NULL));
  fen = ex_test_read_clipboard (GTK_WIDGET (window));
  g_assert_cmpstr (fen, ==, expected_fen);
  /* It is the mate shown on the board. */
  g_assert_true (cq_position_set_fen (&pos, fen, &error));
  g_assert_no_error (error);
  g_assert_true (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  g_assert_cmpint (pos.side_to_move, ==, CQ_BLACK);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-pgn", NULL));
  pgn = ex_test_read_clipboard (GTK_WIDGET (window));
  g_assert_true (g_str_has_prefix (pgn, "[Event \"Beautiful Chess Studies (1): Dizvov, 1978\"]\n"));
  g_assert_nonnull (strstr (pgn, "[FEN \""));
  g_assert_null (strstr (pgn, "{MATCH}"));
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 11);

  ex_test_destroy_window (window);
}

/* Copy the Game as Exported PGN (Ctrl+Shift+E): the game as Export writes
 * it, with the comments a CQL 6 query's `comment` filter wrote at the
 * positions it matched and the game's own annotations. */
static void
test_copy_exported (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autofree char *pgn = NULL;

  ex_test_run_and_wait (window, "cql()\nmate btm N\ncomment(\"knight mates here\")\n",
                        EX_TEST_RUN_NO_ERROR);
  ex_window_select_result (window, 0);
  ex_test_drain ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-exported-pgn",
                                             NULL));
  g_assert_false (ex_window_get_status_is_error (window));
  pgn = ex_test_read_clipboard (GTK_WIDGET (window));
  g_assert_true (g_str_has_prefix (pgn, "[Event \"Beautiful Chess Studies (1): Dizvov, 1978\"]\n"));
  /* The query's comment once, at the mate (4. Nf7#), after the study's own
   * comment to that move in the same braces, then the query's mark. */
  g_assert_cmpuint (ex_test_count_occurrences (pgn, "knight mates here"), ==, 1);
  g_assert_nonnull (strstr (pgn, "4. Nf7# {Correct! After two"));
  g_assert_nonnull (strstr (pgn, "checkmate! (1-0) knight mates here CQL} *"));

  ex_test_destroy_window (window);
}

/* Several results selected (as by Ctrl+click) in a list sorted by
 * descending game number: the game view shows the last one selected, the
 * previous/next keys step from it, and Export of the selection writes
 * exactly those games, in input order, with their {MATCH}. */
static void
test_export_multi_selection (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  GListModel *results = ex_window_get_results (window);
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (results);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  g_autofree char *dir = g_dir_make_tmp ("excelsior-ui-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "selected.pgn", NULL);
  g_autofree char *exported = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkBitset) selected = NULL;
  const char *games[3];
  /* Sorted descending: 101 83 81 78 75 74 62 61 60 52 50 41 29 11. */
  const guint picks[3] = { 1, 8, 4 };          /* games 83, 60, 75 */
  const guint64 in_input_order[3] = { 60, 75, 83 };

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_window_sort_results (window, EX_RESULT_COLUMN_NUMBER, GTK_SORT_DESCENDING);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, KNIGHT_MATE_COUNT);
  g_assert_cmpuint (result_number (results, 0), ==, 101);

  ex_window_select_result (window, picks[0]);
  ex_window_add_to_selection (window, picks[1]);
  ex_window_add_to_selection (window, picks[2]);
  ex_test_drain ();
  selected = gtk_selection_model_get_selection (selection);
  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_selection_model_is_selected (selection, picks[i]));
  /* The game shown is the last one selected; the status counts them. */
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 75);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "3 games selected"));

  g_assert_true (ex_window_export_full (window, out_path, EX_EXPORT_SELECTED, "MATCH", &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "Exported 3 games"));
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ex_test_count_occurrences (exported, "[Event "), ==, 3);
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{Original game: "), ==, 3);
  /* Without :markall, one {MATCH} per game (rulings R2), in each game. */
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{MATCH}"), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *header = g_strdup_printf ("{Original game: %" G_GUINT64_FORMAT "}",
                                                 in_input_order[i]);

      games[i] = strstr (exported, header);
      g_assert_nonnull (games[i]);
      if (i > 0)
        g_assert_true (games[i - 1] < games[i]);
    }
  for (guint i = 0; i < 3; i++)
    {
      const char *match = strstr (games[i], "{MATCH}");
      const char *next_event = strstr (games[i], "[Event ");

      g_assert_nonnull (match);
      g_assert_true (next_event == NULL || match < next_event);
    }

  /* Next result: from the game shown (75, position 4) to position 5, which
   * alone is then selected. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-result", NULL));
  ex_test_drain ();
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 74);
  g_clear_pointer (&selected, gtk_bitset_unref);
  selected = gtk_selection_model_get_selection (selection);
  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 1);
  g_assert_true (gtk_selection_model_is_selected (selection, 5));

  /* Select all (Ctrl+A): the game shown stays, every result is exported. */
  gtk_selection_model_select_all (selection);
  ex_test_drain ();
  g_assert_cmpuint (ex_game_view_get_game (view)->source.number, ==, 74);
  g_assert_true (ex_window_export_full (window, out_path, EX_EXPORT_SELECTED, "MATCH", &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_clear_pointer (&exported, g_free);
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "[Event "), ==, KNIGHT_MATE_COUNT);

  ex_test_destroy_window (window);
  g_unlink (out_path);
  g_rmdir (dir);
}

/* Export of the selected result without annotations, and of the filtered
 * results with another annotation text. */
static void
test_export_choices (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autofree char *dir = g_dir_make_tmp ("excelsior-ui-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.pgn", NULL);
  g_autofree char *exported = NULL;
  g_autoptr(GError) error = NULL;

  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);

  /* Nothing selected yet. */
  g_assert_false (ex_window_export_full (window, out_path, EX_EXPORT_SELECTED, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  ex_window_select_result (window, 1);
  g_assert_true (ex_window_export_full (window, out_path, EX_EXPORT_SELECTED, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "[Event "), ==, 1);
  g_assert_nonnull (strstr (exported, "{Original game: 29}"));
  g_assert_nonnull (strstr (exported, "Kozyrev, 1987"));
  g_assert_null (strstr (exported, "{MATCH}"));
  g_clear_pointer (&exported, g_free);

  /* Replaced atomically by the next export: the filtered ones, {HIT}. */
  ex_window_set_filter_text (window, "troitsky");
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_true (ex_window_export_full (window, out_path, EX_EXPORT_SHOWN, "HIT", &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "Exported 3 games"));
  g_assert_true (g_file_get_contents (out_path, &exported, NULL, &error));
  g_assert_cmpuint (ex_test_count_occurrences (exported, "[Event "), ==, 3);
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{HIT}"), ==, 3);
  g_assert_cmpuint (ex_test_count_occurrences (exported, "{MATCH}"), ==, 0);
  g_assert_true (strstr (exported, "{Original game: 60}")
                 < strstr (exported, "{Original game: 61}"));
  g_assert_true (strstr (exported, "{Original game: 61}")
                 < strstr (exported, "{Original game: 62}"));

  ex_test_destroy_window (window);
  g_unlink (out_path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();

  g_test_add_func ("/ui/window/export", test_export);
  g_test_add_func ("/ui/window/browse-results", test_browse_results);
  g_test_add_func ("/ui/window/clipboard", test_clipboard);
  g_test_add_func ("/ui/window/copy-exported", test_copy_exported);
  g_test_add_func ("/ui/window/export-choices", test_export_choices);
  g_test_add_func ("/ui/window/export-multi-selection", test_export_multi_selection);

  status = g_test_run ();

  g_clear_object (&app);

  return status;
}
