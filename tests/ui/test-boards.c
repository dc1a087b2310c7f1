/* test-boards.c: the pattern board, the set-up board and the theme
 * library as a composer uses them, in the real window on the bundled
 * sample (103 studies).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - Clear starts over (designators, keywords, counts, composers' mate);
 *   keywords that cannot hold together cannot both be ticked; the
 *   keywords are labelled in the query's dialect; Insert replaces New
 *   Query's placeholder `true`.
 * - The set-up board's message goes once the position can occur; its
 *   search row's labels get their natural width at the window's default
 *   size; the Found text does not contradict itself.
 * - Piece counts write the expected text in both dialects, and the
 *   queries find the games a count of each position's pieces finds
 *   (the sample read here with the engine's PGN reader).
 * - The theme library's search entry filters the themes as one types.
 *
 * With EXCELSIOR_SCREENSHOT_DIR set, screenshots of the changed views are
 * written there.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "pgn/cq-game.h"
#include "pgn/cq-pgn.h"
#include "ex-application.h"
#include "ex-cql-editor.h"
#include "ex-cql6-text.h"
#include "ex-game-view.h"
#include "ex-pattern-board.h"
#include "ex-piece-counts.h"
#include "ex-result.h"
#include "ex-setup-board.h"
#include "ex-theme-library.h"
#include "ex-theme-tools.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define SEARCH_TIMEOUT_MS 60000
#define SQ(name) cq_square_from_name (name)

static ExApplication *app;

static void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  if (GTK_IS_CHECK_BUTTON (button))
    gtk_check_button_set_active (GTK_CHECK_BUTTON (button),
                                 !gtk_check_button_get_active (GTK_CHECK_BUTTON (button)));
  else
    g_signal_emit_by_name (button, "clicked");
}

static gboolean
is_active (ExPatternBoard *pattern,
           CqPatternFlags  flag)
{
  return gtk_check_button_get_active (
    GTK_CHECK_BUTTON (ex_pattern_board_get_flag_button (pattern, flag)));
}

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

/* Asserts that @widget is allocated at least the width it asks for
 * (natural), CSS border and padding on both sides (which the allocation
 * holds and gtk_widget_get_width() leaves out). */
static void
assert_natural_width (GtkWidget  *widget,
                      const char *what)
{
  GtkAllocation allocation;
  int minimum, natural;

  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_cmpint (gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget),
                   ==, 0);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  gtk_widget_get_allocation (widget, &allocation);
  if (allocation.width < natural)
    g_error ("%s: %d pixels wide, needs %d", what, allocation.width, natural);
}

static ExThemeTools *
open_tools (ExWindow *window)
{
  ExThemeTools *tools;

  ex_window_set_theme_tools_visible (window, TRUE);
  tools = ex_window_get_theme_tools (window);
  g_assert_nonnull (tools);
  ex_test_wait_until (ex_test_widget_drawn, tools, EX_TEST_TIMEOUT_MS);
  return tools;
}

static guint
run (ExWindow *window)
{
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  return g_list_model_get_n_items (ex_window_get_results (window));
}

/* The game numbers of the window's results, in the list's order. */
static GArray *
result_numbers (ExWindow *window)
{
  GListModel *results = ex_window_get_results (window);
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr(ExResult) result = g_list_model_get_item (results, i);
      guint64 number = ex_result_get_number (result);

      g_array_append_val (numbers, number);
    }
  return numbers;
}

/* ------------------------------------------------------------------------
 * The pattern board
 */

/* Clear starts over; keywords that cannot hold together cannot both be
 * ticked; a composers' mate is exclusive with :mate and :stalemate. */
static void
test_pattern_clear_and_exclusive (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = open_tools (window);
  ExPatternBoard *pattern = ex_theme_tools_get_pattern_board (tools);
  ExPieceCounts *counts = ex_pattern_board_get_piece_counts (pattern);
  GtkWidget *kind = ex_pattern_board_get_mate_kind_dropdown (pattern);

  ex_theme_tools_show_page (tools, "pattern");
  ex_cql_editor_replace_text (editor, "cql()\n");
  ex_test_drain ();
  g_assert_cmpint (ex_pattern_board_get_dialect (pattern), ==, CQ_DIALECT_CQL6);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (kind)));

  /* :mate, then :stalemate: :mate goes; :check with :stalemate neither. */
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_MATE));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_STALEMATE));
  g_assert_false (is_active (pattern, CQ_PATTERN_MATE));
  g_assert_true (is_active (pattern, CQ_PATTERN_STALEMATE));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_CHECK));
  g_assert_false (is_active (pattern, CQ_PATTERN_STALEMATE));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_MATE));
  g_assert_true (is_active (pattern, CQ_PATTERN_CHECK));
  g_assert_true (is_active (pattern, CQ_PATTERN_MATE));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_WTM));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM));
  g_assert_false (is_active (pattern, CQ_PATTERN_WTM));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "btm check mate");
  /* set_flags cannot set both either. */
  ex_pattern_board_set_flags (pattern, CQ_PATTERN_MATE | CQ_PATTERN_STALEMATE);
  g_assert_cmpuint (ex_pattern_board_get_flags (pattern)
                    & (CQ_PATTERN_MATE | CQ_PATTERN_STALEMATE), !=,
                    CQ_PATTERN_MATE | CQ_PATTERN_STALEMATE);

  /* A composers' mate unticks :mate and :stalemate, and :check for a
   * stalemate; ticking :mate again sets it back to none. */
  ex_pattern_board_set_flags (pattern, CQ_PATTERN_CHECK | CQ_PATTERN_MATE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 2);
  g_assert_false (is_active (pattern, CQ_PATTERN_MATE));
  g_assert_true (is_active (pattern, CQ_PATTERN_CHECK));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "check modelmate");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 4);
  g_assert_false (is_active (pattern, CQ_PATTERN_CHECK));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "purestalemate");
  /* Under flipcolor it needs the side to move, as mate does. */
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR));
  g_assert_true (ex_pattern_board_get_side_warning (pattern));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM));
  g_assert_false (ex_pattern_board_get_side_warning (pattern));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "flipcolor {btm purestalemate}");
  ex_pattern_board_set_flags (pattern, 0);
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_MATE));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)), ==, 0);
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "mate");

  /* Everything set, then Clear (the button) takes everything off. */
  click (ex_pattern_board_get_brush_button (pattern, 'K'));
  ex_pattern_board_click_square (pattern, SQ ("g1"));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_WTM));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIP));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_VARIATIONS));
  g_assert_true (ex_piece_counts_set_controls (counts, EX_COUNT_AT_LEAST, 2,
                                               CQ_PIECE_BIT (CQ_WN), NULL));
  g_assert_true (ex_piece_counts_add_current (counts));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 3);
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "flip {Kg1 wtm #N >= 2 idealmate}");
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (tools), "pattern-board-counts.png");
  click (find_button (GTK_WIDGET (pattern), "_Clear"));
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    g_assert_false (is_active (pattern, 1u << i));
  for (int sq = 0; sq < 64; sq++)
    g_assert_cmpuint (ex_pattern_board_get_square (pattern, sq), ==, 0);
  g_assert_cmpuint (ex_piece_counts_get_n_counts (counts), ==, 0);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)), ==, 0);
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "true");

  /* In CQL 3 there is no composers' mate to offer. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 1);
  ex_cql_editor_replace_text (editor, "(match)\n");
  ex_test_drain ();
  g_assert_cmpint (ex_pattern_board_get_dialect (pattern), ==, CQ_DIALECT_CQL3);
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (kind)));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (kind)), ==, 0);
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "(position)");

  ex_window_set_theme_tools_visible (window, FALSE);
  ex_test_destroy_window (window);
}

/* The keywords are labelled as the query's dialect spells them; Insert
 * replaces New Query's placeholder `true`. */
static void
test_pattern_labels_and_insert (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = open_tools (window);
  ExPatternBoard *pattern = ex_theme_tools_get_pattern_board (tools);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  const char *placeholder_query = ex_cql_new_query_text (CQ_DIALECT_CQL6);

  ex_theme_tools_show_page (tools, "pattern");
  ex_cql_editor_replace_text (editor, placeholder_query);
  ex_test_drain ();
  g_assert_cmpint (ex_pattern_board_get_dialect (pattern), ==, CQ_DIALECT_CQL6);
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    {
      GtkWidget *check = ex_pattern_board_get_flag_button (pattern, 1u << i);
      const char *word = cq_pattern_flag_cql6_keyword (1u << i);

      g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (check)), ==,
                       word != NULL ? word : cq_pattern_flag_keyword (1u << i));
      g_assert_cmpint (gtk_widget_get_sensitive (check), ==, word != NULL);
    }
  g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (
    ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM))), ==, "btm");
  g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (
    ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR))), ==, "flipcolor");

  /* The placeholder `true` of New Query goes; the comments stay. */
  ex_pattern_board_clear (pattern);
  click (ex_pattern_board_get_brush_button (pattern, 'k'));
  ex_pattern_board_click_square (pattern, SQ ("a8"));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_STALEMATE));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIP));
  ex_pattern_board_insert (pattern);
  text = ex_cql_editor_dup_text (editor);
  g_assert_true (g_str_has_suffix (placeholder_query, "\ntrue\n"));
  expected = g_strdup_printf ("%.*s\nflip {ka8 btm stalemate}\n",
                              (int) strlen (placeholder_query) - 6, placeholder_query);
  g_assert_cmpstr (text, ==, expected);
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_cmpuint (run (window), >, 0);
  /* A second insertion goes after the first: no placeholder is left. */
  ex_pattern_board_insert (pattern);
  g_free (text);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpuint (ex_test_count_occurrences (text, "flip {ka8 btm stalemate}"), ==, 2);

  /* Back in CQL 3, the CQL 3 keywords. */
  ex_cql_editor_replace_text (editor, ex_cql_new_query_text (CQ_DIALECT_CQL3));
  ex_test_drain ();
  g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (
    ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM))), ==, ":btm");
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    g_assert_cmpstr (gtk_check_button_get_label (GTK_CHECK_BUTTON (
      ex_pattern_board_get_flag_button (pattern, 1u << i))), ==, cq_pattern_flag_keyword (1u << i));

  ex_window_set_theme_tools_visible (window, FALSE);
  ex_test_destroy_window (window);
}

/* ------------------------------------------------------------------------
 * Piece counts
 */

typedef struct {
  ExCountRelation relation;
  guint           number;
  guint16         pieces;
  const char     *squares;
  const char     *cql3;     /* the count's text in CQL 3 */
  const char     *cql6;     /* and in CQL 6 */
  const char     *words;    /* its row */
} CountCase;

static const CountCase count_cases[] = {
  { EX_COUNT_AT_LEAST, 2, CQ_PIECE_BIT (CQ_WN), NULL,
    ":piececount N 2 64", "#N >= 2", "at least 2 white knights" },
  { EX_COUNT_EXACTLY, 0, CQ_PIECE_BIT (CQ_BP), NULL,
    ":piececount p 0", "not p", "no black pawns" },
  { EX_COUNT_AT_MOST, 1, CQ_PIECE_BIT (CQ_BP), NULL,
    ":piececount p 0 1", "#p <= 1", "at most 1 black pawn" },
  { EX_COUNT_EXACTLY, 1, CQ_PIECE_BIT (CQ_WQ), NULL,
    ":piececount Q 1", "#Q == 1", "exactly 1 white queen" },
  { EX_COUNT_EXACTLY, 0, CQ_PIECE_BIT (CQ_BP), "d5",
    ":piececount pd5 0", "not pd5", "no black pawns on d5" },
  { EX_COUNT_AT_LEAST, 3, CQ_PIECES_WHITE, "a-h7",
    ":piececount A?7 3 64", "#Aa-h7 >= 3", "at least 3 white pieces on a-h7" },
};

/* Whether @pos has what @c counts. */
static gboolean
count_holds (const CountCase  *c,
             const CqPosition *pos,
             CqBitboard        squares)
{
  guint n = 0;

  for (int sq = 0; sq < 64; sq++)
    if ((squares & CQ_BIT (sq)) && pos->board[sq] != CQ_EMPTY
        && (c->pieces & CQ_PIECE_BIT (pos->board[sq])))
      n++;
  switch (c->relation)
    {
    case EX_COUNT_AT_LEAST: return n >= c->number;
    case EX_COUNT_AT_MOST: return n <= c->number;
    default: return n == c->number;
    }
}

/* The numbers of the sample's games with a position of the main line
 * where every count of @cases (@n of them, on @squares each) holds: what
 * the queries must find, found by counting pieces. */
static GArray *
expected_games (const CountCase *cases,
                guint            n,
                const CqBitboard squares[])
{
  g_autofree char *sample = ex_test_sample_database ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = cq_pgn_reader_new_for_path (sample, NULL, &error);
  GArray *numbers = g_array_new (FALSE, FALSE, sizeof (guint64));
  const char *text;
  gsize len;
  CqGameSource source;

  g_assert_no_error (error);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_parsed (text, len, &source, sample);

      for (CqNode *node = game->root; node != NULL; node = node->first_child)
        {
          gboolean all = TRUE;

          for (guint i = 0; i < n && all; i++)
            all = count_holds (&cases[i], &node->position, squares[i]);
          if (all)
            {
              g_array_append_val (numbers, source.number);
              break;
            }
        }
    }
  g_assert_no_error (error);
  return numbers;
}

static void
assert_same_games (GArray *found,
                   GArray *expected)
{
  g_assert_cmpuint (found->len, ==, expected->len);
  for (guint i = 0; i < found->len; i++)
    g_assert_cmpuint (g_array_index (found, guint64, i), ==, g_array_index (expected, guint64, i));
}

static int
compare_numbers (gconstpointer a,
                 gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* Runs the query in the editor and asserts that it finds @expected. */
static void
assert_finds (ExWindow *window,
              GArray   *expected)
{
  g_autoptr(GArray) found = NULL;

  g_assert_cmpuint (run (window), ==, expected->len);
  found = result_numbers (window);
  g_array_sort (found, compare_numbers);
  assert_same_games (found, expected);
}

static void
test_piece_counts (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  ExWindow *window = ex_test_new_window (app, 1400, 900, sample);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = open_tools (window);
  ExPatternBoard *pattern = ex_theme_tools_get_pattern_board (tools);
  ExPieceCounts *counts = ex_pattern_board_get_piece_counts (pattern);

  ex_theme_tools_show_page (tools, "pattern");
  ex_pattern_board_clear (pattern);

  /* Each count alone: its text and words, and the games it finds in both
   * dialects. */
  for (guint i = 0; i < G_N_ELEMENTS (count_cases); i++)
    {
      const CountCase *c = &count_cases[i];
      g_autoptr(GArray) expected = NULL;
      g_autofree char *cql3 = g_strdup_printf ("(position %s)", c->cql3);
      g_autofree char *words = NULL;
      CqBitboard squares;

      ex_cql_editor_replace_text (editor, "(match)\n");
      ex_test_drain ();
      ex_pattern_board_clear (pattern);
      g_assert_true (ex_piece_counts_set_controls (counts, c->relation, c->number, c->pieces,
                                                   c->squares));
      g_assert_true (ex_piece_counts_add_current (counts));
      g_assert_cmpuint (ex_piece_counts_get_n_counts (counts), ==, 1);
      squares = ex_piece_counts_get_count (counts, 0)->squares;
      words = ex_piece_count_describe (ex_piece_counts_get_count (counts, 0));
      g_assert_cmpstr (words, ==, c->words);
      g_assert_nonnull (ex_test_find_label (GTK_WIDGET (counts), c->words));
      g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, cql3);
      expected = expected_games (c, 1, &squares);
      g_assert_cmpuint (expected->len, >, 0);
      g_assert_cmpuint (expected->len, <, 103);
      ex_pattern_board_insert (pattern);
      g_assert_true (ex_cql_editor_parse_now (editor));
      assert_finds (window, expected);

      ex_cql_editor_replace_text (editor, "cql()\n");
      ex_test_drain ();
      g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, c->cql6);
      ex_pattern_board_insert (pattern);
      g_assert_true (ex_cql_editor_parse_now (editor));
      assert_finds (window, expected);
    }

  /* Two counts with a piece on the board and a transform: "at least 2
   * white knights", "no black pawns", a white king anywhere. */
  {
    const CountCase two[] = { count_cases[0], count_cases[1] };
    const CqBitboard squares[] = { CQ_SQUARES_ALL, CQ_SQUARES_ALL };
    g_autoptr(GArray) expected = expected_games (two, 2, squares);
    g_autofree char *text = NULL;

    ex_cql_editor_replace_text (editor, "cql()\n");
    ex_test_drain ();
    ex_pattern_board_clear (pattern);
    for (guint i = 0; i < 2; i++)
      {
        g_assert_true (ex_piece_counts_set_controls (counts, two[i].relation, two[i].number,
                                                     two[i].pieces, NULL));
        click (find_button (GTK_WIDGET (counts), "A_dd"));
      }
    g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "#N >= 2 not p");
    ex_pattern_board_insert (pattern);
    assert_finds (window, expected);
    text = ex_cql_editor_dup_text (editor);
    g_assert_cmpstr (text, ==, "cql()\n#N >= 2 not p\n");

    /* The same in CQL 3. */
    ex_cql_editor_replace_text (editor, "(match)\n");
    ex_test_drain ();
    g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==,
                     "(position :piececount N 2 64 :piececount p 0)");
    ex_pattern_board_insert (pattern);
    assert_finds (window, expected);

    /* A count taken off with its button. */
    click (gtk_widget_get_last_child (gtk_widget_get_first_child (
      gtk_widget_get_last_child (GTK_WIDGET (counts)))));
    g_assert_cmpuint (ex_piece_counts_get_n_counts (counts), ==, 1);
    g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==, "(position :piececount p 0)");
  }

  /* Squares that are no square designator add nothing. */
  g_assert_true (ex_piece_counts_set_controls (counts, EX_COUNT_EXACTLY, 1,
                                               CQ_PIECE_BIT (CQ_WR), "z9"));
  g_assert_false (ex_piece_counts_add_current (counts));
  g_assert_cmpuint (ex_piece_counts_get_n_counts (counts), ==, 1);
  /* The king is no class to count (always one); no empty square either. */
  g_assert_false (ex_piece_counts_set_controls (counts, EX_COUNT_EXACTLY, 1,
                                                CQ_PIECE_BIT (CQ_WK), NULL));

  ex_window_set_theme_tools_visible (window, FALSE);
  ex_test_destroy_window (window);
}

/* ------------------------------------------------------------------------
 * The set-up board
 */

static void
test_setup_board (void)
{
  g_autofree char *sample = ex_test_sample_database ();
  ExWindow *window = ex_test_new_window (app, 1400, 900, sample);
  ExThemeTools *tools = open_tools (window);
  ExSetupBoard *setup = ex_theme_tools_get_setup_board (tools);
  GtkWidget *entry = ex_test_find_widget (GTK_WIDGET (setup), GTK_TYPE_ENTRY);
  GtkWidget *dropdown = ex_test_find_widget (GTK_WIDGET (setup), GTK_TYPE_DROP_DOWN);
  GtkWidget *spin = ex_test_find_widget (GTK_WIDGET (setup), GTK_TYPE_SPIN_BUTTON);
  GtkWidget *row = gtk_widget_get_parent (dropdown);
  CqMatchedPosition match = { 0 };
  char buf[64];

  ex_theme_tools_show_page (tools, "setup");
  ex_test_wait_frame (GTK_WIDGET (tools));

  /* White to move with the black king in check cannot occur; Black to
   * move can: the message goes with the fix. */
  g_assert_true (ex_setup_board_set_fen (setup, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL));
  ex_setup_board_set_piece (setup, SQ ("a1"), CQ_EMPTY);
  ex_setup_board_set_piece (setup, SQ ("e1"), CQ_EMPTY);
  ex_setup_board_set_piece (setup, SQ ("e2"), CQ_WR);
  ex_setup_board_set_piece (setup, SQ ("a1"), CQ_WK);
  g_assert_false (ex_setup_board_find (setup));
  g_assert_nonnull (strstr (ex_setup_board_get_message (setup), "cannot occur"));
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (tools), "setup-board-error.png");
  ex_setup_board_set_side_to_move (setup, CQ_BLACK);
  g_assert_cmpstr (ex_setup_board_get_message (setup), ==, "");

  /* A FEN that cannot be read, then one that can, typed: the message goes
   * as soon as the entry holds it. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "8/8/8/8 w");
  g_signal_emit_by_name (entry, "activate");
  g_assert_nonnull (strstr (ex_setup_board_get_message (setup), "Not a FEN"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "4k3/8/8/8/8/8/8/4K3 w");
  g_assert_cmpstr (ex_setup_board_get_message (setup), ==, "");

  /* The search row fits the window's default width: the drop-down, the
   * spin button and the label after it get their natural widths. */
  ex_setup_board_set_search (setup, CQ_POSITION_MATCH_SYMMETRIC, 1);
  ex_test_wait_frame (GTK_WIDGET (tools));
  assert_natural_width (dropdown, "the search drop-down");
  assert_natural_width (spin, "the pieces-that-may-differ spin button");
  assert_natural_width (gtk_widget_get_last_child (row), "the label after the spin button");
  g_assert_cmpint (gtk_widget_get_width (row), <=, gtk_widget_get_width (GTK_WIDGET (setup)));
  /* Whatever width the other pages ask for: the row's natural width fits
   * in the Theme Tools pane as the window gives it, its margins off. */
  {
    int natural;

    gtk_widget_measure (row, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
    g_assert_cmpint (natural, <=, gtk_widget_get_width (GTK_WIDGET (tools))
                                  - gtk_widget_get_margin_start (GTK_WIDGET (setup))
                                  - gtk_widget_get_margin_end (GTK_WIDGET (setup)));
  }
  ex_test_screenshot (GTK_WIDGET (tools), "setup-board-search-row.png");

  /* The Found text. */
  match.kind = CQ_MATCH_KIND_EXACT;
  g_assert_cmpstr (ex_game_view_describe_match (&match, buf, sizeof buf), ==, "Exact position");
  match.n_differ = 1;
  g_assert_cmpstr (ex_game_view_describe_match (&match, buf, sizeof buf), ==, "1 piece differs");
  match.kind = CQ_MATCH_KIND_MIRRORED;
  match.n_differ = 2;
  g_assert_cmpstr (ex_game_view_describe_match (&match, buf, sizeof buf), ==,
                   "Mirrored, 2 pieces differ");

  ex_window_set_theme_tools_visible (window, FALSE);
  ex_test_destroy_window (window);
}

/* ------------------------------------------------------------------------
 * The theme library's search
 */

static gboolean
shown_is (gpointer data)
{
  gpointer *args = data;

  return ex_theme_library_get_n_shown (args[0]) == GPOINTER_TO_UINT (args[1]);
}

static void
search_themes (ExThemeLibrary *library,
               const char     *words,
               guint           n_expected)
{
  gpointer args[2] = { library, GUINT_TO_POINTER (n_expected) };

  gtk_editable_set_text (GTK_EDITABLE (ex_theme_library_get_search_entry (library)), words);
  /* The search entry tells its change after a short pause. */
  if (!ex_test_wait_until (shown_is, args, 5000))
    g_error ("searching “%s”: %u themes shown, expected %u", words,
             ex_theme_library_get_n_shown (library), n_expected);
}

/* How many themes of the library's dialect hold every word of @words in
 * their title, description or file name, casefolded. */
static guint
count_matching (ExThemeLibrary *library,
                const char     *words)
{
  g_auto(GStrv) names = ex_theme_library_list_dialect (ex_theme_library_get_dialect (library));
  g_auto(GStrv) wanted = g_strsplit (words, " ", -1);
  guint n = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = NULL;
      g_autofree char *description = NULL;
      g_autofree char *text = ex_theme_library_read (names[i], &title, &description);
      g_autofree char *all = g_strjoin (" ", title, description, names[i], NULL);
      g_autofree char *folded = g_utf8_casefold (all, -1);
      gboolean ok = text != NULL;

      for (guint j = 0; ok && wanted[j] != NULL; j++)
        {
          g_autofree char *word = g_utf8_casefold (wanted[j], -1);

          ok = strstr (folded, word) != NULL;
        }
      n += ok;
    }
  return n;
}

static void
test_theme_search (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  ExThemeTools *tools = open_tools (window);
  ExThemeLibrary *library = ex_theme_tools_get_library (tools);
  guint all = ex_theme_library_get_n_themes (library);
  guint stalemates = count_matching (library, "stalemate");
  guint two = count_matching (library, "STALEMATE corner");

  ex_theme_tools_show_page (tools, "themes");
  g_assert_cmpuint (all, >, 5);
  g_assert_cmpuint (ex_theme_library_get_n_shown (library), ==, all);
  g_assert_cmpuint (stalemates, >, 0);
  g_assert_cmpuint (stalemates, <, all);
  search_themes (library, "stalemate", stalemates);
  ex_test_wait_frame (GTK_WIDGET (tools));
  ex_test_screenshot (GTK_WIDGET (tools), "theme-library-search.png");
  /* Every word, in any case. */
  g_assert_cmpuint (two, >, 0);
  g_assert_cmpuint (two, <=, stalemates);
  search_themes (library, "STALEMATE corner", two);
  search_themes (library, "no-such-theme-word", 0);
  search_themes (library, "", all);

  ex_window_set_theme_tools_visible (window, FALSE);
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

  g_test_add_func ("/boards/pattern-clear-and-exclusive", test_pattern_clear_and_exclusive);
  g_test_add_func ("/boards/pattern-labels-and-insert", test_pattern_labels_and_insert);
  g_test_add_func ("/boards/piece-counts", test_piece_counts);
  g_test_add_func ("/boards/setup-board", test_setup_board);
  g_test_add_func ("/boards/theme-search", test_theme_search);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
