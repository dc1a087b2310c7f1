/* test-picker-ui.c: the picker, the pattern board, the theme library and
 * the editor's live parse, in the real window (skips without a display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widgets are driven through their own buttons (gtk_widget_activate(),
 * as a click does) and, for the board squares, through the functions the
 * board's gestures call.  With EXCELSIOR_SCREENSHOT_DIR set, screenshots of
 * the Theme Tools window and the main window are written there.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>
#include <gtksourceview/gtksource.h>
#include <glib/gstdio.h>

#include "cql/cq-query.h"
#include "ex-application.h"
#include "ex-utils.h"
#include "ex-cql-editor.h"
#include "ex-game-view.h"
#include "ex-pattern-board.h"
#include "ex-setup-board.h"
#include "ex-picker.h"
#include "ex-result.h"
#include "ex-theme-library.h"
#include "ex-theme-tools.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000
#define SQ(name) cq_square_from_name (name)

static ExApplication *app;

/* What a click ends with: GtkButton::clicked (gtk_widget_activate() on a
 * GtkButton only emits it after a 250 ms "press" animation); a check
 * button is activated, which toggles it. */
static void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  if (GTK_IS_BUTTON (button))
    g_signal_emit_by_name (button, "clicked");
  else
    g_assert_true (gtk_widget_activate (button));
}

static void
on_insert (GObject    *source,
           const char *text,
           char      **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

/* ------------------------------------------------------------------------
 * Picker
 */

static void
test_picker (void)
{
  GtkWidget *window = gtk_window_new ();
  ExPicker *picker = EX_PICKER (ex_picker_new ());
  g_autofree char *inserted = NULL;
  GtkWidget *board;
  CqDesignatorSets d;
  int width;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (picker));
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 560);
  gtk_window_present (GTK_WINDOW (window));
  ex_test_drain ();
  g_signal_connect (picker, "insert", G_CALLBACK (on_insert), &inserted);

  /* No piece type yet: nothing to insert. */
  g_assert_null (ex_picker_get_text (picker));
  g_assert_false (gtk_widget_get_sensitive (ex_picker_get_button (picker, "insert")));

  /* [Qr][d1,h3]: the manual's example, by clicks. */
  click (ex_picker_get_symbol_button (picker, 'Q'));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "Q");
  click (ex_picker_get_symbol_button (picker, 'r'));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Qr]");
  ex_picker_click_square (picker, SQ ("d1"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Qr]d1");
  ex_picker_click_square (picker, SQ ("h3"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Qr][d1,h3]");
  click (ex_picker_get_button (picker, "insert"));
  g_assert_cmpstr (inserted, ==, "[Qr][d1,h3]");

  /* R[a-h1-2]: a rectangle dragged from a1 to h2. */
  click (ex_picker_get_symbol_button (picker, 'Q'));
  click (ex_picker_get_symbol_button (picker, 'r'));
  click (ex_picker_get_symbol_button (picker, 'R'));
  click (ex_picker_get_button (picker, "none"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "R[]");
  ex_picker_drag_squares (picker, SQ ("a1"), SQ ("h2"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "R[a-h1-2]");
  /* Dragging from a chosen square takes squares away. */
  ex_picker_drag_squares (picker, SQ ("c1"), SQ ("f2"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "R[a-b1-2,g-h1-2]");
  /* The rank buttons: rank 1 is not all chosen, so it is added; again,
   * it is taken away. */
  click (ex_picker_get_button (picker, "1"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "R[a-h1,a-b2,g-h2]");
  click (ex_picker_get_button (picker, "1"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "R[a-b2,g-h2]");
  click (ex_picker_get_button (picker, "none"));
  click (ex_picker_get_button (picker, "a"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "Ra?");
  click (ex_picker_get_button (picker, "8"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "R[a1-8,a-h8]");

  /* Light squares: 32 single squares, as compact as the syntax allows. */
  click (ex_picker_get_symbol_button (picker, 'R'));
  click (ex_picker_get_symbol_button (picker, 'B'));
  click (ex_picker_get_button (picker, "light"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==,
                   "B[b1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3,a4,c4,e4,g4,"
                   "b5,d5,f5,h5,a6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8]");
  ex_picker_get_designator (picker, &d);
  g_assert_cmphex (d.squares, ==, CQ_SQUARES_LIGHT);
  click (ex_picker_get_button (picker, "all"));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "B");

  /* Classes: A and . together. */
  click (ex_picker_get_symbol_button (picker, 'B'));
  click (ex_picker_get_symbol_button (picker, 'A'));
  click (ex_picker_get_symbol_button (picker, '.'));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[A.]");

  /* The other way round: a designator from the editor is shown. */
  g_assert_true (ex_picker_set_text (picker, "[Ar][a-h1-2,a8,h8]", NULL));
  g_assert_true (ex_picker_get_symbol_active (picker, 'A'));
  g_assert_true (ex_picker_get_symbol_active (picker, 'r'));
  g_assert_false (ex_picker_get_symbol_active (picker, '.'));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Ar][a-h1-2,a8,h8]");
  /* Written back in its shortest form. */
  g_assert_true (ex_picker_set_text (picker, "[rA][h8,a8,a-h1,a-h2]", NULL));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Ar][a-h1-2,a8,h8]");
  g_assert_false (ex_picker_set_text (picker, "Xa9", NULL));
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Ar][a-h1-2,a8,h8]");

  /* The board's geometry: a1 bottom left, h8 top right. */
  board = ex_picker_get_board (picker);
  width = MIN (gtk_widget_get_width (board), gtk_widget_get_height (board));
  g_assert_cmpint (width, >=, 200);
  {
    double x0 = (gtk_widget_get_width (board) - width) / 2.0;
    double y0 = (gtk_widget_get_height (board) - width) / 2.0;
    double s = width / 8.0;

    g_assert_cmpint (ex_picker_get_square_at (picker, x0 + s / 2, y0 + 7.5 * s), ==, SQ ("a1"));
    g_assert_cmpint (ex_picker_get_square_at (picker, x0 + 7.5 * s, y0 + s / 2), ==, SQ ("h8"));
    g_assert_cmpint (ex_picker_get_square_at (picker, x0 + 3.5 * s, y0 + 4.5 * s), ==, SQ ("d4"));
    g_assert_cmpint (ex_picker_get_square_at (picker, -1, -1), ==, CQ_NO_SQUARE);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------------
 * Pattern board
 */

static void
test_pattern_board (void)
{
  GtkWidget *window = gtk_window_new ();
  ExPatternBoard *pattern = EX_PATTERN_BOARD (ex_pattern_board_new ());
  g_autofree char *inserted = NULL;
  g_autofree char *query_text = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  CqPosition pos;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (pattern));
  gtk_window_present (GTK_WINDOW (window));
  ex_test_drain ();
  g_signal_connect (pattern, "insert", G_CALLBACK (on_insert), &inserted);

  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "(position)");
  /* Each keyword's check button (ex-pattern-board.ui) shows the engine's
   * keyword. */
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    {
      GtkWidget *check = ex_pattern_board_get_flag_button (pattern, 1u << i);

      g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (check)), ==,
                       cq_pattern_flag_keyword (1u << i));
    }

  click (ex_pattern_board_get_brush_button (pattern, 'K'));
  g_assert_cmpint (ex_pattern_board_get_brush (pattern), ==, 'K');
  ex_pattern_board_click_square (pattern, SQ ("g1"));
  click (ex_pattern_board_get_brush_button (pattern, 'k'));
  ex_pattern_board_click_square (pattern, SQ ("g8"));
  /* Dragged from the palette. */
  g_assert_true (ex_pattern_board_drop_symbol (pattern, SQ ("f2"), "P"));
  g_assert_true (ex_pattern_board_drop_symbol (pattern, SQ ("a8"), "U"));
  g_assert_true (ex_pattern_board_drop_symbol (pattern, SQ ("f7"), "."));
  g_assert_false (ex_pattern_board_drop_symbol (pattern, SQ ("a1"), "Ka1"));
  g_assert_false (ex_pattern_board_drop_symbol (pattern, SQ ("a1"), "X"));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_WTM));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_SHIFTHORIZONTAL));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==,
                   "(position Kg1 Pf2 kg8 .f7 Ua8 :wtm :shifthorizontal :flipcolor)");

  /* A second click with the same brush empties the square. */
  ex_pattern_board_click_square (pattern, SQ ("g8"));
  g_assert_cmpuint (ex_pattern_board_get_square (pattern, SQ ("g8")), ==, 0);
  ex_pattern_board_click_square (pattern, SQ ("g8"));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_SHIFTHORIZONTAL));
  ex_pattern_board_insert (pattern);
  g_assert_cmpstr (inserted, ==, "(position Kg1 Pf2 kg8 .f7 Ua8 :wtm :flipcolor)");

  /* The engine compiles what the board makes. */
  query_text = g_strdup_printf ("(match %s)", inserted);
  query = cq_query_new_from_string (query_text, NULL, &error);
  g_assert_no_error (error);

  /* From a position: every square (its piece, or `.`) and the side to
   * move. */
  g_assert_true (cq_position_set_fen (&pos, "8/8/8/8/8/2k5/8/K1R5 b - - 0 1", NULL));
  ex_pattern_board_set_position (pattern, &pos, CQ_SQUARES_ALL);
  for (int sq = 0; sq < 64; sq++)
    g_assert_cmpuint (ex_pattern_board_get_square (pattern, sq), ==,
                      CQ_PIECE_BIT (cq_position_piece_at (&pos, sq)));
  g_assert_true (g_str_has_prefix (ex_pattern_board_get_text (pattern), "(position Ka1 Rc1 kc3 "));
  g_assert_true (g_str_has_suffix (ex_pattern_board_get_text (pattern), " :btm :flipcolor)"));
  /* Only some squares: the empty ones among them become `.`. */
  ex_pattern_board_set_position (pattern, &pos, CQ_BIT (SQ ("a1")) | CQ_BIT (SQ ("b1")));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "(position Ka1 .b1 :btm :flipcolor)");

  /* Clear starts over: the keywords go with the designators. */
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR));
  ex_pattern_board_clear (pattern);
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "(position)");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------------
 * Two themes built with the mouse, run in the window
 */

typedef struct {
  const char *theme;
  const char *pieces[4];   /* "Kc6" ... */
  CqPatternFlags flags;
  guint       games;
} MouseTheme;

static const MouseTheme mouse_themes[] = {
  { "corner-stalemate.cql", { "ka8" },
    CQ_PATTERN_BTM | CQ_PATTERN_STALEMATE | CQ_PATTERN_VARIATIONS | CQ_PATTERN_FLIP
    | CQ_PATTERN_FLIPCOLOR, 8 },
  { "rook-pawn-stalemate.cql", { "pa7", "ka8" },
    CQ_PATTERN_BTM | CQ_PATTERN_STALEMATE | CQ_PATTERN_VARIATIONS | CQ_PATTERN_FLIP
    | CQ_PATTERN_FLIPCOLOR, 2 },
};

static void
test_themes_with_the_mouse (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor;
  ExThemeTools *tools;
  ExPatternBoard *pattern;

  editor = ex_window_get_cql_editor (window);
  g_assert_nonnull (editor);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.theme-tools", NULL));
  tools = ex_window_get_theme_tools (window);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (tools)));
  pattern = ex_theme_tools_get_pattern_board (tools);
  ex_theme_tools_show_page (tools, "pattern");
  ex_test_drain ();

  for (guint t = 0; t < G_N_ELEMENTS (mouse_themes); t++)
    {
      const MouseTheme *mt = &mouse_themes[t];
      g_autofree char *theme_text = ex_theme_library_read (mt->theme, NULL, NULL);
      g_autofree char *text = NULL;
      g_autofree char *png = NULL;
      g_autofree char *count = NULL;

      /* An empty editor, an empty board, no keyword (Clear unticks them). */
      ex_cql_editor_replace_text (editor, "");
      ex_pattern_board_clear (pattern);
      g_assert_cmpuint (ex_pattern_board_get_flags (pattern), ==, 0);

      for (guint i = 0; i < G_N_ELEMENTS (mt->pieces) && mt->pieces[i] != NULL; i++)
        {
          click (ex_pattern_board_get_brush_button (pattern, mt->pieces[i][0]));
          ex_pattern_board_click_square (pattern, SQ (mt->pieces[i] + 1));
        }
      for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
        if (mt->flags & (1u << i))
          click (ex_pattern_board_get_flag_button (pattern, 1u << i));
      ex_pattern_board_insert (pattern);

      /* The editor holds the theme of the library, word for word. */
      text = ex_cql_editor_dup_text (editor);
      g_assert_nonnull (theme_text);
      g_assert_true (g_str_has_suffix (theme_text, text));
      g_assert_true (ex_cql_editor_parse_now (editor));

      g_assert_true (ex_window_run (window));
      g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
      g_assert_false (ex_window_get_status_is_error (window));
      g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, mt->games);
      g_test_message ("%s built with the mouse: %u games", mt->theme, mt->games);

      ex_window_select_result (window, 0);
      ex_test_drain ();
      png = g_strdup_printf ("picker-theme-%u-window.png", t + 1);
      ex_test_screenshot (GTK_WIDGET (window), png);
      g_free (png);
      png = g_strdup_printf ("picker-theme-%u-tools.png", t + 1);
      ex_test_screenshot (GTK_WIDGET (window), png);
      (void) count;
    }

  /* Search for this pattern: the squares outlined on the viewer's board
   * (its matched squares; Ctrl+click changes them). */
  {
    ExBoard *board = ex_game_view_get_board (EX_GAME_VIEW (ex_window_get_game_view (window)));
    const CqPosition *pos = ex_board_get_position (board);
    int king = -1;

    g_assert_nonnull (pos);
    for (int sq = 0; sq < 64; sq++)
      if (cq_position_piece_at (pos, sq) == CQ_WK)
        king = sq;
    g_assert_cmpint (king, >=, 0);
    ex_board_set_highlight (board, CQ_BIT (king));
    g_assert_true (ex_theme_tools_search_board (tools, TRUE, NULL));
    for (int sq = 0; sq < 64; sq++)
      g_assert_cmpuint (ex_pattern_board_get_square (pattern, sq), ==,
                        sq == king ? CQ_PIECE_BIT (CQ_WK) : 0);
    ex_board_set_highlight (board, 0);
    g_assert_false (ex_theme_tools_search_board (tools, TRUE, NULL));
  }

  /* The picker follows the editor's cursor. */
  {
    ExPicker *picker = ex_theme_tools_get_picker (tools);
    GtkTextBuffer *buffer = ex_window_get_query_buffer (window);
    g_autofree char *text = ex_cql_editor_dup_text (editor);
    GtkTextIter iter;

    gtk_text_buffer_get_iter_at_offset (buffer, &iter,
                                        (int) g_utf8_pointer_to_offset (text,
                                                                        strstr (text, "pa7") + 1));
    gtk_text_buffer_place_cursor (buffer, &iter);
    g_assert_cmpstr (ex_picker_get_text (picker), ==, "pa7");
    ex_theme_tools_show_page (tools, "picker");
    ex_test_drain ();
    ex_test_screenshot (GTK_WIDGET (window), "picker-tools-picker.png");
  }

  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
}

/* ------------------------------------------------------------------------
 * Insert keeps the query whole; the pattern board's side-to-move warning;
 * Search for This Position
 */

static void
assert_valid_query (ExCqlEditor *editor)
{
  g_autofree char *text = ex_cql_editor_dup_text (editor);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (query);
}

/* Puts the editor's cursor just after the first @needle of its text. */
static void
place_cursor_after (ExWindow   *window,
                    const char *needle)
{
  GtkTextBuffer *buffer = ex_window_get_query_buffer (window);
  g_autofree char *text = ex_cql_editor_dup_text (ex_window_get_cql_editor (window));
  const char *at = strstr (text, needle);
  GtkTextIter iter;

  g_assert_nonnull (at);
  gtk_text_buffer_get_iter_at_offset (buffer, &iter,
                                      (int) g_utf8_pointer_to_offset (text, at + strlen (needle)));
  gtk_text_buffer_place_cursor (buffer, &iter);
}

static void
assert_editor_text (ExCqlEditor *editor,
                    const char  *expected)
{
  g_autofree char *text = ex_cql_editor_dup_text (editor);

  g_assert_cmpstr (text, ==, expected);
}

/* The picker's and the pattern board's Insert leave a query that compiles:
 * a designator goes into a position list, a position list into the match
 * list, and a match list is made when there is none. */
static void
test_insert_keeps_query_whole (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = ex_window_get_theme_tools (window);
  ExPicker *picker = ex_theme_tools_get_picker (tools);
  ExPatternBoard *pattern = ex_theme_tools_get_pattern_board (tools);


  /* An empty editor: the designator inside (match (position ...)). */
  ex_cql_editor_replace_text (editor, "");
  g_assert_true (ex_picker_set_text (picker, "K[a1,h1,a8,h8]", NULL));
  click (ex_picker_get_button (picker, "insert"));
  assert_editor_text (editor, "(match\n  (position K[a1,h1,a8,h8]))\n");
  assert_valid_query (editor);

  /* The pattern board's list after it, inside the match list, wherever
   * the cursor is. */
  ex_pattern_board_clear (pattern);
  ex_pattern_board_set_square (pattern, SQ ("a8"), CQ_PIECE_BIT (CQ_BK));
  ex_pattern_board_set_flags (pattern, CQ_PATTERN_BTM | CQ_PATTERN_STALEMATE);
  place_cursor_after (window, "K[a1,h1,a8,h8]))");
  ex_pattern_board_insert (pattern);
  assert_editor_text (editor, "(match\n  (position K[a1,h1,a8,h8])\n"
                              "  (position ka8 :btm :stalemate))\n");
  assert_valid_query (editor);

  /* The cursor in a position list: the designator there. */
  place_cursor_after (window, "K[a1,h1");
  g_assert_true (ex_picker_set_text (picker, "Qd4", NULL));
  click (ex_picker_get_button (picker, "insert"));
  assert_editor_text (editor, "(match\n  (position K[a1,h1,a8,h8] Qd4)\n"
                              "  (position ka8 :btm :stalemate))\n");
  assert_valid_query (editor);

  /* The cursor in a comment of a position list: before the comment. */
  ex_cql_editor_replace_text (editor, "(match\n  (position :mate ; the mate\n  ))\n");
  place_cursor_after (window, "the mate");
  g_assert_true (ex_picker_set_text (picker, "Ra1", NULL));
  click (ex_picker_get_button (picker, "insert"));
  assert_editor_text (editor, "(match\n  (position :mate Ra1 ; the mate\n  ))\n");
  assert_valid_query (editor);

  /* The cursor outside every list: the last position list of the match
   * list. */
  ex_cql_editor_replace_text (editor, "(match :pgn x.pgn (position :mate) (position :check))\n");
  place_cursor_after (window, "))\n");
  click (ex_picker_get_button (picker, "insert"));
  assert_editor_text (editor, "(match :pgn x.pgn (position :mate) (position :check Ra1))\n");
  assert_valid_query (editor);

  /* A match list without a position list: a new one. */
  ex_cql_editor_replace_text (editor, "(match :pgn x.pgn)");
  click (ex_picker_get_button (picker, "insert"));
  assert_editor_text (editor, "(match :pgn x.pgn\n  (position Ra1))");
  assert_valid_query (editor);

  /* A bare position list: a match list round it. */
  ex_cql_editor_replace_text (editor, "(position :mate)\n");
  ex_pattern_board_insert (pattern);
  assert_editor_text (editor, "(match\n  (position :mate)\n  (position ka8 :btm :stalemate))\n");
  assert_valid_query (editor);

  /* Only a comment: the match list after it. */
  ex_cql_editor_replace_text (editor, "; rook mates\n");
  click (ex_picker_get_button (picker, "insert"));
  assert_editor_text (editor, "; rook mates\n\n(match\n  (position Ra1))\n");
  assert_valid_query (editor);

  /* Parentheses that do not balance: at the cursor, as typed. */
  ex_cql_editor_replace_text (editor, "(match (position ");
  place_cursor_after (window, "(position ");
  g_assert_false (ex_cql_editor_insert_item (editor, "Ra1"));
  assert_editor_text (editor, "(match (position Ra1");

  ex_test_destroy_window (window);
}

/* :flipcolor with :mate (or :check, :stalemate) needs the side to move:
 * the board says so until :wtm or :btm is ticked. */
static void
test_flipcolor_needs_side (void)
{
  GtkWidget *window = gtk_window_new ();
  ExPatternBoard *pattern = EX_PATTERN_BOARD (ex_pattern_board_new ());

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (pattern));
  gtk_window_present (GTK_WINDOW (window));
  ex_test_drain ();

  ex_pattern_board_set_square (pattern, SQ ("e5"), CQ_PIECE_BIT (CQ_BK));
  g_assert_false (ex_pattern_board_get_side_warning (pattern));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR));
  g_assert_false (ex_pattern_board_get_side_warning (pattern));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_MATE));
  g_assert_true (ex_pattern_board_get_side_warning (pattern));
  ex_test_drain ();
  ex_test_screenshot (window, "picker-flipcolor-warning.png");
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM));
  g_assert_false (ex_pattern_board_get_side_warning (pattern));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "(position ke5 :btm :mate :flipcolor)");
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR));
  g_assert_false (ex_pattern_board_get_side_warning (pattern));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* "Search for This Position" searches for the exact position shown, and
 * finds the game it comes from whatever the pattern board held; without a
 * game shown the status line says why nothing happens. */
static void
test_search_for_this_position (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = ex_window_get_theme_tools (window);
  ExPatternBoard *pattern = ex_theme_tools_get_pattern_board (tools);
  g_autofree char *theme = ex_theme_library_read ("corner-stalemate.cql", NULL, NULL);
  g_autofree char *text = NULL;
  GListModel *results;
  guint64 number;
  gboolean found = FALSE;
  guint n_items = 0;


  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.search-position", NULL));
  g_assert_false (ex_window_is_searching (window));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "No game is shown"));

  /* A game of a search, shown at its matched position (in a variation). */
  ex_cql_editor_replace_text (editor, theme);
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  results = ex_window_get_results (window);
  g_assert_cmpuint (g_list_model_get_n_items (results), >=, 2);
  ex_window_select_result (window, 1);
  ex_test_drain ();
  {
    g_autoptr(ExResult) result = g_list_model_get_item (results, 1);

    number = ex_result_get_number (result);
  }

  /* Keywords left from an earlier pattern and another search set up on
   * the set-up board change nothing: the position shown is searched for,
   * exactly, by the anticipation search, and the query is left alone. */
  ex_pattern_board_set_flags (pattern, CQ_PATTERN_CHECK | CQ_PATTERN_SHIFT | CQ_PATTERN_FLIPCOLOR);
  ex_setup_board_set_search (ex_theme_tools_get_setup_board (tools),
                             CQ_POSITION_MATCH_SYMMETRIC, 3);
  text = ex_cql_editor_dup_text (editor);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.search-position", NULL));
  g_assert_true (ex_window_is_searching (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));

  g_assert_cmpint (ex_setup_board_get_mode (ex_theme_tools_get_setup_board (tools)), ==,
                   CQ_POSITION_MATCH_EXACT);
  g_assert_cmpuint (ex_setup_board_get_max_differ (ex_theme_tools_get_setup_board (tools)), ==, 0);
  {
    g_autofree char *after = ex_cql_editor_dup_text (editor);

    g_assert_cmpstr (after, ==, text);
  }

  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr(ExResult) result = g_list_model_get_item (results, i);

      found |= ex_result_get_number (result) == number;
      n_items++;
    }
  g_assert_true (found);
  g_test_message ("the position of game %" G_GUINT64_FORMAT ": %u games", number, n_items);
  ex_window_select_result (window, 0);
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "picker-search-position-window.png");
  ex_window_set_theme_tools_visible (window, TRUE);
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "picker-search-position-tools.png");

  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
}

/* ------------------------------------------------------------------------
 * Theme library and editor
 */

/* Whether a wrapped line of a theme description that ends at byte @end of
 * @text ends between words: after a space, or after the zero-width space
 * the library puts after a path's '/' (between two folder names) or
 * before a keyword's ':'; never inside a name such as
 * cql6-sample-hhdb-selection.pgn. */
static gboolean
breaks_between_words (const char *text,
                      int         end)
{
  static const char zwsp[] = "\u200B";
  int n = (int) strlen (zwsp);

  if (end > 0 && text[end - 1] == ' ')
    return TRUE;
  return end > n && memcmp (text + end - n, zwsp, (gsize) n) == 0
         && (text[end - n - 1] == '/' || text[end - n - 1] == ' ');
}

/* Walks the theme descriptions under @widget; for each, checks that every
 * line the label wrapped ends between words (breaks_between_words()).
 * Returns the number of descriptions seen. */
static guint
check_description_breaks (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_LABEL (widget)
      && g_strcmp0 (gtk_widget_get_name (widget), "ex-theme-description") == 0)
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      const char *text = pango_layout_get_text (layout);
      GSList *lines = pango_layout_get_lines_readonly (layout);

      g_assert_cmpint (pango_layout_get_line_count (layout), >=, 1);
      for (GSList *l = lines; l != NULL && l->next != NULL; l = l->next)
        {
          PangoLayoutLine *line = l->data;
          int end = line->start_index + line->length;

          if (!breaks_between_words (text, end))
            g_error ("a theme description wraps inside a word: \"%.*s|%s\"",
                     end, text, text + end);
        }
      return 1;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += check_description_breaks (child);
  return n;
}

static void
test_theme_library (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_auto(GStrv) names = ex_theme_library_list ();
  ExThemeTools *tools;
  g_autofree char *text = NULL;
  g_autofree char *theme = NULL;
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;

  g_assert_cmpuint (g_strv_length (names), >=, 15);
  tools = ex_window_get_theme_tools (window);
  g_assert_cmpuint (ex_theme_library_get_n_themes (ex_theme_tools_get_library (tools)), ==,
                    g_strv_length (names));

  theme = ex_theme_library_read ("underpromotion.cql", &title, &description);
  g_assert_cmpstr (title, ==, "Underpromotion");
  g_assert_true (g_str_has_prefix (description, "a pawn promotes to a rook, bishop or knight"));
  /* Loading a theme chooses the database it names (here the sample,
   * although another database was chosen). */
  {
    g_autofree char *big_path = ex_test_make_big_database (2);
    g_autoptr(GFile) big = g_file_new_for_path (big_path);
    g_autofree char *chosen = NULL;

    ex_window_set_database (window, big);
    g_assert_true (ex_theme_library_activate (ex_theme_tools_get_library (tools),
                                              "underpromotion.cql"));
    chosen = ex_window_dup_database_name (window);
    g_assert_cmpstr (chosen, ==, "studies.pgn");
    g_assert_nonnull (strstr (ex_window_get_status_text (window), "sample/studies.pgn"));
    g_unlink (big_path);
  }
  g_assert_false (ex_theme_library_activate (ex_theme_tools_get_library (tools), "../nothing.cql"));
  text = ex_cql_editor_dup_text (ex_window_get_cql_editor (window));
  g_assert_cmpstr (text, ==, theme);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "underpromotion.cql"));

  ex_window_set_theme_tools_visible (window, TRUE);
  ex_theme_tools_show_page (tools, "themes");
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "picker-tools-themes.png");
  /* A description wraps between words, never inside a file name. */
  g_assert_cmpuint (check_description_breaks (GTK_WIDGET (tools)), ==, g_strv_length (names));

  /* Run from the Theme Tools window (its Ctrl+Return and F5). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tools), "tools.run", NULL));
  g_assert_true (ex_window_is_searching (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 20);

  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
}

/* The library speaks the dialect of the query being edited: a CQL 6 query
 * gets the CQL 6 texts and the CQL-6-only themes (marked), a CQL 3 query
 * the CQL 3 texts only; an empty editor follows "new-query-dialect". */
static void
test_theme_library_cql6 (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GSettings *settings = ex_utils_get_settings ();
  g_auto(GStrv) names6 = ex_theme_library_list_dialect (CQ_DIALECT_CQL6);
  g_auto(GStrv) names3 = ex_theme_library_list_dialect (CQ_DIALECT_CQL3);
  g_autofree char *theme = ex_theme_library_read ("underpromotion.cql6", NULL, NULL);
  g_autofree char *database = NULL;
  g_autofree char *text = NULL;
  ExThemeTools *tools;
  ExThemeLibrary *library;
  GtkListBoxRow *row;

  g_assert_cmpuint (g_strv_length (names6), >=, g_strv_length (names3) + 10);
  g_assert_nonnull (theme);
  g_assert_true (g_str_has_prefix (theme, "// Underpromotion: "));
  database = ex_theme_library_get_database (theme);
  g_assert_cmpstr (database, ==, "sample/studies.pgn");

  tools = ex_window_get_theme_tools (window);
  library = ex_theme_tools_get_library (tools);

  /* A CQL 6 query in the editor: CQL 6 themes, the CQL-6-only ones too. */
  ex_cql_editor_replace_text (editor, "cql()\nmate\n");
  ex_test_drain ();
  g_assert_cmpint (ex_theme_library_get_dialect (library), ==, CQ_DIALECT_CQL6);
  g_assert_cmpuint (ex_theme_library_get_n_themes (library), ==, g_strv_length (names6));
  g_assert_nonnull (ex_theme_library_find_row (library, "platzwechsel"));
  row = ex_theme_library_find_row (library, "underpromotion");
  g_assert_nonnull (row);
  /* A double-click on the row loads the CQL 6 text and its database. */
  g_signal_emit_by_name (gtk_widget_get_parent (GTK_WIDGET (row)), "row-activated", row);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, theme);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "underpromotion.cql6"));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "sample/studies.pgn"));

  ex_window_set_theme_tools_visible (window, TRUE);
  ex_theme_tools_show_page (tools, "themes");
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "cql6-themes.png");
  g_assert_cmpuint (check_description_breaks (GTK_WIDGET (tools)), ==, g_strv_length (names6));

  /* Run: the CQL 6 twin finds the CQL 3 theme's 20 games. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tools), "tools.run", NULL));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 20);

  /* A CQL 3 query: the CQL 3 themes only. */
  ex_cql_editor_replace_text (editor, "(match (position :mate))\n");
  ex_test_drain ();
  g_assert_cmpint (ex_theme_library_get_dialect (library), ==, CQ_DIALECT_CQL3);
  g_assert_cmpuint (ex_theme_library_get_n_themes (library), ==, g_strv_length (names3));
  g_assert_null (ex_theme_library_find_row (library, "platzwechsel"));
  g_assert_true (ex_theme_library_activate (library, "underpromotion"));
  g_clear_pointer (&text, g_free);
  text = ex_cql_editor_dup_text (editor);
  g_assert_true (g_str_has_prefix (text, "; Underpromotion: "));

  /* An empty editor: the dialect of new queries. */
  ex_cql_editor_replace_text (editor, "");
  g_settings_set_string (settings, "new-query-dialect", "cql6");
  ex_test_drain ();
  g_assert_cmpint (ex_theme_library_get_dialect (library), ==, CQ_DIALECT_CQL6);
  g_settings_set_string (settings, "new-query-dialect", "cql3");
  ex_test_drain ();
  g_assert_cmpint (ex_theme_library_get_dialect (library), ==, CQ_DIALECT_CQL3);

  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, SEARCH_TIMEOUT_MS));
}

static gboolean
parsed_with_error (gpointer data)
{
  return ex_cql_editor_get_has_error (EX_CQL_EDITOR (data));
}

/* A change clears the error shown at once; the parse after the delay
 * then says the query is valid. */
static gboolean
parsed_without_error (gpointer data)
{
  const char *message = ex_cql_editor_get_message (EX_CQL_EDITOR (data));

  return !ex_cql_editor_get_has_error (EX_CQL_EDITOR (data))
         && message != NULL && strstr (message, "valid CQL") != NULL;
}

static void
test_editor (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor;
  GtkTextBuffer *buffer;
  GtkTextIter iter;
  guint line = 0, column = 0;
  g_autofree char *hover = NULL;
  g_auto(GStrv) keywords = NULL;
  g_auto(GStrv) tags = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *loaded = NULL;

  editor = ex_window_get_cql_editor (window);
  buffer = ex_window_get_query_buffer (window);

  /* Typed, not run: the parse comes by itself after the delay. */
  gtk_text_buffer_set_text (buffer, "(match\n  (position :stalmate Ka1))\n", -1);
  g_assert_false (ex_cql_editor_get_has_error (editor));
  g_assert_true (ex_test_wait_until (parsed_with_error, editor, 5000));
  g_assert_true (ex_cql_editor_get_error_location (editor, &line, &column));
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 13);
  g_assert_true (g_str_has_prefix (ex_cql_editor_get_message (editor), "Line 2, column 13: "));
  g_assert_nonnull (strstr (ex_cql_editor_get_message (editor), ":stalemate"));
  g_assert_true (ex_window_get_status_is_error (window));
  g_assert_cmpstr (ex_window_get_status_text (window), ==, ex_cql_editor_get_message (editor));
  /* Marked in the gutter, on the error's line only. */
  {
    GSList *marks = gtk_source_buffer_get_source_marks_at_line (GTK_SOURCE_BUFFER (buffer), 1,
                                                                "ex-cql-error");
    GSList *none = gtk_source_buffer_get_source_marks_at_line (GTK_SOURCE_BUFFER (buffer), 0,
                                                               "ex-cql-error");

    g_assert_cmpuint (g_slist_length (marks), ==, 1);
    g_assert_null (none);
    g_slist_free (marks);
  }
  /* Hover explains it; a keyword elsewhere gets its description. */
  gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, 1, 14);
  hover = ex_cql_editor_dup_hover_text (editor, &iter);
  g_assert_cmpstr (hover, ==, ex_cql_editor_get_message (editor));
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "picker-editor-error.png");

  gtk_text_buffer_set_text (buffer, "(match\n  (position :stalemate Ka1))\n", -1);
  g_assert_true (ex_test_wait_until (parsed_without_error, editor, 5000));
  g_assert_false (ex_window_get_status_is_error (window));
  g_clear_pointer (&hover, g_free);
  gtk_text_buffer_get_iter_at_line_offset (buffer, &iter, 1, 14);
  hover = ex_cql_editor_dup_hover_text (editor, &iter);
  g_assert_true (g_str_has_prefix (hover, ":stalemate: "));

  /* The CQL highlighting of the GResource: a comment is a comment. */
  {
    GtkSourceBuffer *source = GTK_SOURCE_BUFFER (buffer);
    GtkTextIter start, end;

    g_assert_nonnull (gtk_source_buffer_get_language (source));
    g_assert_cmpstr (gtk_source_language_get_id (gtk_source_buffer_get_language (source)), ==,
                     "cql");
    gtk_text_buffer_set_text (buffer, "; a comment\n(match (position Ka1 :wtm))", -1);
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    gtk_source_buffer_ensure_highlight (source, &start, &end);
    gtk_text_buffer_get_iter_at_offset (buffer, &start, 3);
    g_assert_true (gtk_source_buffer_iter_has_context_class (source, &start, "comment"));
    gtk_text_buffer_get_iter_at_offset (buffer, &start, 25);
    g_assert_false (gtk_source_buffer_iter_has_context_class (source, &start, "comment"));
  }

  /* Completion: keywords, and the tags the query declares. */
  keywords = ex_cql_editor_complete (editor, ":stale");
  g_assert_true (g_strv_contains ((const char *const *) keywords, ":stalemate"));
  gtk_text_buffer_set_text (buffer, "(match :forany rook [Rr] (position $rook[a1]))", -1);
  tags = ex_cql_editor_complete (editor, "$r");
  g_assert_cmpuint (g_strv_length (tags), ==, 1);
  g_assert_cmpstr (tags[0], ==, "$rook");

  /* Save and open again. */
  dir = g_dir_make_tmp ("excelsior-picker-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "rook.cql", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (ex_query_document_save (ex_cql_editor_get_document (editor), file, &error));
  g_assert_no_error (error);
  g_assert_false (gtk_text_buffer_get_modified (buffer));
  /* The file saved to (Save As as well as Save) is the query's file. */
  g_assert_true (ex_query_document_get_file (ex_cql_editor_get_document (editor)) == file);
  loaded = ex_query_document_load_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded, ==, "(match :forany rook [Rr] (position $rook[a1]))");

  /* Open: the file's text, unmodified, the file is the query's; an
   * example or a theme leaves no file behind; a file that is not UTF-8 is
   * refused and changes nothing. */
  gtk_text_buffer_set_text (buffer, "(match (position :mate))", -1);
  ex_query_document_replace (ex_cql_editor_get_document (editor), NULL, NULL, FALSE);
  g_assert_null (ex_query_document_get_file (ex_cql_editor_get_document (editor)));
  g_assert_true (ex_query_document_load (ex_cql_editor_get_document (editor), file, &error));
  g_assert_no_error (error);
  g_assert_false (gtk_text_buffer_get_modified (buffer));
  g_assert_true (g_file_equal (ex_query_document_get_file (ex_cql_editor_get_document (editor)),
                               file));
  {
    g_autofree char *text = ex_cql_editor_dup_text (editor);
    g_autofree char *bad_path = g_build_filename (dir, "latin1.cql", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);

    g_assert_cmpstr (text, ==, "(match :forany rook [Rr] (position $rook[a1]))");
    g_assert_true (g_file_set_contents (bad_path, "(match \xe9)", -1, NULL));
    g_assert_false (ex_query_document_load (ex_cql_editor_get_document (editor), bad, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_clear_error (&error);
    g_assert_true (g_file_equal (ex_query_document_get_file (ex_cql_editor_get_document (editor)),
                               file));
    g_remove (bad_path);
  }

  /* The recent queries: the file saved is the newest; opening it from the
   * menu's action loads it. */
  {
    g_autoptr(GMenuModel) recent = ex_query_document_build_recent_menu ("win.open-recent");
    g_autoptr(GVariant) target = NULL;
    g_autofree char *uri = g_file_get_uri (file);
    g_autofree char *reopened = NULL;

    g_assert_cmpint (g_menu_model_get_n_items (recent), >=, 1);
    target = g_menu_model_get_item_attribute_value (recent, 0, G_MENU_ATTRIBUTE_TARGET,
                                                    G_VARIANT_TYPE_STRING);
    g_assert_cmpstr (g_variant_get_string (target, NULL), ==, uri);
    gtk_text_buffer_set_text (buffer, "", -1);
    g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.open-recent",
                                                       target));
    reopened = ex_cql_editor_dup_text (editor);
    g_assert_cmpstr (reopened, ==, loaded);
  }
  g_unlink (path);
  g_rmdir (dir);

  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  g_autofree char *recent = NULL;
  int status;

  /* The recent files go to a directory of our own, not the user's. */
  data_home = g_dir_make_tmp ("excelsior-picker-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();
  /* These tests build CQL 3 queries from an empty editor, which is written
   * in the dialect of new queries (tests/ui/test-cql6.c tests CQL 6). */
  g_assert_nonnull (ex_utils_get_settings ());
  g_settings_set_string (ex_utils_get_settings (), "new-query-dialect", "cql3");

  g_test_add_func ("/ui-picker/picker", test_picker);
  g_test_add_func ("/ui-picker/pattern-board", test_pattern_board);
  g_test_add_func ("/ui-picker/themes-with-the-mouse", test_themes_with_the_mouse);
  g_test_add_func ("/ui-picker/insert-keeps-query-whole", test_insert_keeps_query_whole);
  g_test_add_func ("/ui-picker/flipcolor-needs-side", test_flipcolor_needs_side);
  g_test_add_func ("/ui-picker/search-for-this-position", test_search_for_this_position);
  g_test_add_func ("/ui-picker/theme-library", test_theme_library);
  g_test_add_func ("/ui-picker/theme-library-cql6", test_theme_library_cql6);
  g_test_add_func ("/ui-picker/editor", test_editor);

  status = g_test_run ();
  g_clear_object (&app);

  /* GtkRecentManager may have written its file. */
  recent = g_build_filename (data_home, "recently-used.xbel", NULL);
  g_unlink (recent);
  g_rmdir (data_home);
  return status;
}
