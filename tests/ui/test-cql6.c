/* test-cql6.c: the workbench writes CQL 6 as well as CQL 3.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * New Query starts from a query that parses, in the dialect the
 * preferences choose; the picker and the pattern board write the dialect of
 * the query they insert into (every designator and pattern they can make
 * parses as CQL 6, a pattern finds the same games as its CQL 3 list), and
 * an insertion leaves the query whole; the symbol palette types CQL 6's
 * Unicode symbols; completion offers the query's own variables and
 * functions.  On the bundled sample (103 studies).
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "cql/cq-query-info.h"
#include "ex-application.h"
#include "ex-utils.h"
#include "ex-cql6-text.h"
#include "ex-pattern-board.h"
#include "ex-picker.h"
#include "ex-preferences.h"
#include "ex-symbol-palette.h"
#include "ex-result.h"
#include "ex-theme-tools.h"
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

static void
assert_parses (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, "<test>", &error);

  if (query == NULL)
    g_error ("does not parse: %s\n%s", error->message, text);
}

/* The text on the pattern board's brush button of a class (@symbol). */
static const char *
brush_label (ExPatternBoard *pattern,
             char            symbol)
{
  GtkWidget *button = ex_pattern_board_get_brush_button (pattern, symbol);
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));

  g_assert_true (GTK_IS_LABEL (child));
  return gtk_label_get_text (GTK_LABEL (child));
}

static guint
run (ExWindow *window)
{
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  return g_list_model_get_n_items (ex_window_get_results (window));
}

/* New Query: CQL 6 by default, CQL 3 when the preferences say so; both
 * parse as they are; the drop-down of the preferences sets the key. */
static void
test_new_query (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GSettings *settings = ex_utils_get_settings ();
  GtkWidget *preferences;
  GtkDropDown *dropdown;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  g_autofree char *selected = NULL;

  g_assert_nonnull (settings);
  {
    g_autofree char *dialect = g_settings_get_string (settings, "new-query-dialect");
    g_assert_cmpstr (dialect, ==, "cql6");
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-query", NULL));
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, ex_cql_new_query_text (CQ_DIALECT_CQL6));
  g_assert_true (g_str_has_prefix (text, "cql()\n"));
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_cmpint (ex_cql_editor_get_dialect (editor), ==, CQ_DIALECT_CQL6);
  g_assert_cmpstr (gtk_label_get_text (ex_window_get_dialect_label (window)), ==, "CQL 6");
  /* The placeholder is selected: typing replaces it. */
  g_assert_true (gtk_text_buffer_get_selection_bounds (ex_window_get_query_buffer (window),
                                                       &start, &end));
  selected = gtk_text_iter_get_text (&start, &end);
  g_assert_cmpstr (selected, ==, "true");
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "cql6-new-query.png");

  /* The preferences' drop-down writes the key. */
  preferences = ex_preferences_new (GTK_WINDOW (window), settings);
  gtk_window_present (GTK_WINDOW (preferences));
  ex_test_drain ();
  dropdown = GTK_DROP_DOWN (ex_test_find_widget (preferences, GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (dropdown);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  gtk_drop_down_set_selected (dropdown, 1);
  {
    g_autofree char *dialect = g_settings_get_string (settings, "new-query-dialect");
    g_assert_cmpstr (dialect, ==, "cql3");
  }
  ex_test_drain ();
  ex_test_screenshot (preferences, "cql6-preferences.png");
  gtk_window_destroy (GTK_WINDOW (preferences));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-query", NULL));
  g_free (text);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, ex_cql_new_query_text (CQ_DIALECT_CQL3));
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_cmpint (ex_cql_editor_get_dialect (editor), ==, CQ_DIALECT_CQL3);
  assert_parses (ex_cql_new_query_text (CQ_DIALECT_CQL3));
  assert_parses (ex_cql_new_query_text (CQ_DIALECT_CQL6));

  g_settings_set_string (settings, "new-query-dialect", "cql6");
  ex_test_drain ();
  ex_test_destroy_window (window);
}

/* Every designator the picker can make (each piece-type set of the palette
 * on several square sets) is a CQL 6 set filter that parses, and reads
 * back as the same sets; every pattern keyword CQL 6 has parses. */
static void
test_cql6_text (void)
{
  static const CqBitboard square_sets[] = {
    CQ_SQUARES_ALL, 0, G_GUINT64_CONSTANT (1) << 0, G_GUINT64_CONSTANT (0xFF) << 48,
    G_GUINT64_CONSTANT (0x0101010101010101) << 4, (G_GUINT64_CONSTANT (1) << 63) | 1,
    G_GUINT64_CONSTANT (0x0000001818000000),
  };
  const char *symbols = EX_PICKER_SYMBOLS;
  guint n = 0;

  for (guint i = 0; symbols[i] != '\0'; i++)
    for (guint j = 0; j < G_N_ELEMENTS (square_sets); j++)
      {
        char piece[2] = { symbols[i], 0 };
        CqDesignatorSets d, back;
        g_autofree char *text = NULL;
        g_autofree char *query = NULL;

        g_assert_true (cq_designator_sets_parse (piece, &d, NULL));
        d.squares = square_sets[j];
        text = cq_designator_sets_to_cql6_text (&d);
        g_assert_nonnull (text);
        query = g_strdup_printf ("cql()\n%s\n", text);
        assert_parses (query);
        if (d.squares != 0)
          {
            g_assert_true (cq_designator_sets_parse_cql6 (text, &back, NULL));
            g_assert_cmphex (back.pieces, ==, d.pieces);
            g_assert_cmphex (back.squares, ==, d.squares);
          }
        n++;
      }
  g_test_message ("%u CQL 6 designators parse", n);
}

/* The picker and the pattern board in CQL 6: into an empty editor (a
 * `cql()` header is made), at the cursor, out of a comment, with
 * `variations` into the header; always a query that parses.  The pattern
 * of the library's corner-stalemate theme, built in CQL 6, finds the same
 * 8 games as its CQL 3 list. */
static void
test_picker_and_pattern (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GtkTextBuffer *buffer = ex_window_get_query_buffer (window);
  ExThemeTools *tools;
  ExPicker *picker;
  ExPatternBoard *pattern;
  g_autofree char *text = NULL;
  GtkTextIter iter;
  CqDesignatorSets d = { CQ_PIECE_BIT (CQ_WR), G_GUINT64_CONSTANT (1) << 0 };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.theme-tools", NULL));
  tools = ex_window_get_theme_tools (window);
  picker = ex_theme_tools_get_picker (tools);
  pattern = ex_theme_tools_get_pattern_board (tools);

  /* An empty editor: the dialect of new queries, CQL 6. */
  ex_cql_editor_replace_text (editor, "");
  ex_test_drain ();
  g_assert_cmpint (ex_picker_get_dialect (picker), ==, CQ_DIALECT_CQL6);
  ex_picker_set_designator (picker, &d);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "Ra1");
  ex_picker_insert (picker);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql()\nRa1\n");
  g_assert_true (ex_cql_editor_parse_now (editor));

  /* At the cursor, after the word it is in. */
  ex_cql_editor_replace_text (editor, "cql()\nmate\nK\n");
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, 8);   /* in "mate" */
  gtk_text_buffer_place_cursor (buffer, &iter);
  d.pieces = CQ_PIECES_EMPTY;
  d.squares = G_GUINT64_CONSTANT (0xFF) << 8;
  ex_picker_set_designator (picker, &d);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "_a-h2");
  ex_picker_insert (picker);
  g_free (text);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql()\nmate _a-h2\nK\n");
  g_assert_true (ex_cql_editor_parse_now (editor));

  /* The cursor in a comment: at the end of the body instead. */
  ex_cql_editor_replace_text (editor, "cql()\n// a comment\nmate");
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, 10);
  gtk_text_buffer_place_cursor (buffer, &iter);
  ex_picker_set_designator (picker, &d);
  ex_picker_insert (picker);
  g_free (text);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql()\n// a comment\nmate\n_a-h2\n");
  g_assert_true (ex_cql_editor_parse_now (editor));

  /* A `///` line is code, the comment filter's parts: at the cursor. */
  ex_cql_editor_replace_text (editor, "cql()\nmate ///\"on \" \n");
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, 20);
  gtk_text_buffer_place_cursor (buffer, &iter);
  ex_picker_set_designator (picker, &d);
  ex_picker_insert (picker);
  g_free (text);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql()\nmate ///\"on \" _a-h2\n");
  g_assert_true (ex_cql_editor_parse_now (editor));

  /* The pattern board: the corner-stalemate theme with the mouse. */
  ex_theme_tools_show_page (tools, "pattern");
  ex_cql_editor_replace_text (editor, "cql()\n// Stalemated in the corner\n");
  ex_test_drain ();
  g_assert_cmpint (ex_pattern_board_get_dialect (pattern), ==, CQ_DIALECT_CQL6);
  g_assert_false (gtk_widget_get_sensitive (
    ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPDIAGONAL)));
  /* The brush's classes are spelled as the query spells them. */
  g_assert_cmpstr (brush_label (pattern, 'U'), ==, "[Aa]");
  g_assert_cmpstr (brush_label (pattern, '.'), ==, "_");
  g_assert_cmpstr (brush_label (pattern, 'M'), ==, "[QR]");
  ex_pattern_board_clear (pattern);
  click (ex_pattern_board_get_brush_button (pattern, 'k'));
  ex_pattern_board_click_square (pattern, SQ ("a8"));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_BTM));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_STALEMATE));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_VARIATIONS));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIP));
  click (ex_pattern_board_get_flag_button (pattern, CQ_PATTERN_FLIPCOLOR));
  g_assert_cmpstr (ex_pattern_board_get_text (pattern), ==,
                   "flip flipcolor {ka8 btm stalemate}");
  ex_pattern_board_insert (pattern);
  g_free (text);
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql(variations)\n// Stalemated in the corner\n"
                             "flip flipcolor {ka8 btm stalemate}\n");
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_cmpuint (run (window), ==, 8);
  ex_window_select_result (window, 0);
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "cql6-pattern-board.png");
  ex_test_screenshot (GTK_WIDGET (window), "cql6-pattern-window.png");

  /* The same in CQL 3, from the same board. */
  ex_cql_editor_replace_text (editor, "(match\n  :pgn x.pgn)\n");
  ex_test_drain ();
  g_assert_cmpint (ex_pattern_board_get_dialect (pattern), ==, CQ_DIALECT_CQL3);
  g_assert_cmpstr (brush_label (pattern, 'U'), ==, "U");
  g_assert_cmpstr (brush_label (pattern, '.'), ==, ".");
  ex_cql_editor_replace_text (editor, "(match)\n");
  ex_pattern_board_insert (pattern);
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_cmpuint (run (window), ==, 8);

  /* The picker in CQL 6 too, for the screenshot. */
  ex_cql_editor_replace_text (editor, "cql()\nmate\n");
  ex_theme_tools_show_page (tools, "picker");
  d.pieces = CQ_PIECE_BIT (CQ_WQ) | CQ_PIECE_BIT (CQ_BQ);
  d.squares = G_GUINT64_CONSTANT (0x0000001818000000);
  ex_picker_set_designator (picker, &d);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Qq][d-e4-5]");
  ex_picker_insert (picker);
  g_assert_true (ex_cql_editor_parse_now (editor));
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "cql6-picker.png");

  ex_window_set_theme_tools_visible (window, FALSE);
  ex_test_destroy_window (window);
}

/* The symbol palette: shown for CQL 6 only; a symbol goes in at the
 * cursor and the query still parses. */
static void
test_symbols (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GtkTextBuffer *buffer = ex_window_get_query_buffer (window);
  GtkWidget *button = GTK_WIDGET (ex_window_get_symbols_button (window));
  ExSymbolPalette *palette;
  g_autofree char *text = NULL;
  GtkTextIter iter;

  ex_cql_editor_replace_text (editor, "(match (position :mate))\n");
  g_assert_false (gtk_widget_get_visible (button));
  ex_cql_editor_replace_text (editor, "cql()\na1\n");
  g_assert_true (gtk_widget_get_visible (button));

  for (guint i = 0; i < ex_symbol_palette_get_n_symbols (); i++)
    {
      const char *ascii;
      const char *symbol = ex_symbol_palette_get_symbol (i, &ascii);
      g_autofree char *ascii_text = NULL;
      g_autofree char *unicode_text = NULL;

      /* Each symbol the palette offers is one CQL 6 reads. */
      if (strcmp (ascii, "[element]") == 0)
        unicode_text = g_strdup_printf ("cql()\nx%sa-h1 {x & K}\n", symbol);
      else if (strcmp (ascii, "[forall]") == 0)
        unicode_text = g_strdup_printf ("cql()\n%sx∊P {x & a-h2}\n", symbol);
      else if (ascii[0] == '[' && strchr ("<>", ascii[1]) != NULL)
        unicode_text = g_strdup_printf ("cql()\nposition 0 %s currentposition\n", symbol);
      else if (g_str_has_prefix (ascii, "flip"))
        unicode_text = g_strdup_printf ("cql()\n%s{Ka1}\n", symbol);
      else if (strchr ("KQRBNPkqrbnpAa_.[", ascii[0]) != NULL)
        unicode_text = g_strdup_printf ("cql()\n%s\n", symbol);
      else if (strcmp (ascii, "->") == 0 || strcmp (ascii, "<-") == 0
               || strcmp (ascii, "|") == 0 || strcmp (ascii, "&") == 0
               || strcmp (ascii, "in") == 0)
        unicode_text = g_strdup_printf ("cql()\nK%sk\n", symbol);
      else
        unicode_text = g_strdup_printf ("cql()\n#K%s1\n", symbol);
      assert_parses (unicode_text);
    }

  /* The highlighting: `///` is a filter, not a comment; `//` and `////`
   * start comments. */
  {
    GtkSourceBuffer *source = GTK_SOURCE_BUFFER (buffer);
    static const char text6[] = "cql()\nmate ///\"x\" ply\ncheck // c\nply //// d\n";
    GtkTextIter start, end;

    ex_cql_editor_replace_text (editor, text6);
    ex_test_drain (); /* the language follows the dialect from an idle */
    g_assert_nonnull (gtk_source_buffer_get_language (source));
    g_assert_cmpstr (gtk_source_language_get_id (gtk_source_buffer_get_language (source)), ==,
                     "cql6");
    g_assert_true (gtk_source_buffer_get_highlight_syntax (source));
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    gtk_source_buffer_ensure_highlight (source, &start, &end);
    gtk_text_buffer_get_iter_at_line_offset (buffer, &start, 1, 6);
    g_assert_false (gtk_source_buffer_iter_has_context_class (source, &start, "comment"));
    gtk_text_buffer_get_iter_at_line_offset (buffer, &start, 1, 14);
    g_assert_false (gtk_source_buffer_iter_has_context_class (source, &start, "comment"));
    gtk_text_buffer_get_iter_at_line_offset (buffer, &start, 2, 9);
    g_assert_true (gtk_source_buffer_iter_has_context_class (source, &start, "comment"));
    gtk_text_buffer_get_iter_at_line_offset (buffer, &start, 3, 6);
    g_assert_true (gtk_source_buffer_iter_has_context_class (source, &start, "comment"));
    ex_cql_editor_replace_text (editor, "cql()\na1\n");
  }

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  ex_test_drain ();
  palette = EX_SYMBOL_PALETTE (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (palette)));
  ex_test_screenshot (GTK_WIDGET (palette), "cql6-symbols.png");
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, 6);   /* before "a1" */
  gtk_text_buffer_place_cursor (buffer, &iter);
  click (ex_symbol_palette_get_button (palette, "♔"));
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql()\n♔a1\n");
  g_assert_true (ex_cql_editor_parse_now (editor));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (palette)));

  ex_test_destroy_window (window);
}

static gboolean
strv_has (char **strv, const char *word)
{
  return strv != NULL && g_strv_contains ((const char *const *) strv, word);
}

/* Completion offers the names the query defines, in CQL 6 only. */
static void
test_completion (void)
{
  static const char query[] =
    "cql()\n"
    "// \"Ignored = 1\" in a comment\n"
    "Count = 0\n"
    "square Target in A\n"
    "  piece all Mover in [Nn]\n"
    "    Mover attacks Target\n"
    "function Twice(x) {x + x}\n"
    "echo (Source Destination) {Count == 0}\n"
    "Co\n";
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  g_auto(GStrv) co = NULL, ta = NULL, mo = NULL, tw = NULL, so = NULL, de = NULL, ig = NULL;
  g_autoptr(GPtrArray) names = cq_query_list_names (query, -1, CQ_DIALECT_CQL6);

  g_assert_cmpuint (names->len, ==, 6);
  ex_cql_editor_replace_text (editor, query);
  co = ex_cql_editor_complete (editor, "Co");
  ta = ex_cql_editor_complete (editor, "Ta");
  mo = ex_cql_editor_complete (editor, "Mo");
  tw = ex_cql_editor_complete (editor, "Tw");
  so = ex_cql_editor_complete (editor, "So");
  de = ex_cql_editor_complete (editor, "De");
  ig = ex_cql_editor_complete (editor, "Ig");
  g_assert_true (strv_has (co, "Count"));
  g_assert_true (strv_has (ta, "Target"));
  g_assert_true (strv_has (mo, "Mover"));
  g_assert_true (strv_has (tw, "Twice"));
  g_assert_true (strv_has (so, "Source"));
  g_assert_true (strv_has (de, "Destination"));
  g_assert_false (strv_has (ig, "Ignored"));

  /* The keywords still come (`count` for "co"). */
  g_strfreev (co);
  co = ex_cql_editor_complete (editor, "co");
  g_assert_true (strv_has (co, "count"));

  /* A CQL 3 query has no such names. */
  ex_cql_editor_replace_text (editor, "; Count = 0\n(match (position :mate))\n");
  g_strfreev (co);
  co = ex_cql_editor_complete (editor, "Co");
  g_assert_false (strv_has (co, "Count"));

  ex_test_destroy_window (window);
}

static gboolean
not_sorting (gpointer data)
{
  return !ex_window_is_sorting (EX_WINDOW (data));
}

/* A CQL 6 query that sorts lists its games best value first, ties in game
 * number order, as CQL 6.2 writes them; the next query that does not
 * sort is listed by game number again. */
static void
test_sort_column (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  GListModel *results;
  guint n;

  ex_cql_editor_replace_text (editor, "cql()\ninitial\nsort \"white pieces\" #A\n");
  n = run (window);
  g_assert_cmpuint (n, >, 10);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  results = ex_window_get_results (window);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autoptr(ExResult) a = g_list_model_get_item (results, i);
      g_autoptr(ExResult) b = g_list_model_get_item (results, i + 1);
      guint na, nb;
      const CqSortValue *va = ex_result_get_sort_values (a, &na);
      const CqSortValue *vb = ex_result_get_sort_values (b, &nb);

      g_assert_cmpuint (na, ==, 1);
      g_assert_cmpuint (nb, ==, 1);
      g_assert_true (va[0].has_value && !va[0].is_string);
      g_assert_cmpint (va[0].number, >=, vb[0].number);
      if (va[0].number == vb[0].number)
        g_assert_cmpuint (ex_result_get_number (a), <, ex_result_get_number (b));
    }
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "cql6-sort-column.png");

  /* sort min: the smallest first. */
  ex_cql_editor_replace_text (editor, "cql()\ninitial\nsort min #A\n");
  n = run (window);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  {
    g_autoptr(ExResult) first = g_list_model_get_item (results, 0);
    g_autoptr(ExResult) last = g_list_model_get_item (results, n - 1);
    guint k;

    g_assert_cmpint (ex_result_get_sort_values (first, &k)[0].number, <=,
                     ex_result_get_sort_values (last, &k)[0].number);
  }

  /* A query that does not sort: game number order, no sort values. */
  ex_cql_editor_replace_text (editor, "cql()\nmate\n");
  n = run (window);
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autoptr(ExResult) a = g_list_model_get_item (results, i);
      g_autoptr(ExResult) b = g_list_model_get_item (results, i + 1);
      guint k;

      g_assert_null (ex_result_get_sort_values (a, &k));
      g_assert_cmpuint (ex_result_get_number (a), <, ex_result_get_number (b));
    }
  ex_test_destroy_window (window);
}

/* The shown toplevel window of @type, or NULL. */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint k = 0; k < g_list_model_get_n_items (toplevels); k++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, k);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

/* A query with readfile and writefile: Run asks first; Cancel runs
 * nothing; a folder chosen is the one the files are in. */
static void
test_files_folder (void)
{
  static const char query[] = "cql()\ninitial\nNames = readfile \"names.cqo\"\n"
                              "event in Names\nwritefile (\"seen.cqo\" event)\n";
  static const char event[] = "Beautiful Chess Studies (1): Becker, 1988";
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  g_autofree char *dir = g_dir_make_tmp ("ui-files-XXXXXX", NULL);
  g_autofree char *names = g_build_filename (dir, "names.cqo", NULL);
  g_autofree char *seen = g_build_filename (dir, "seen.cqo", NULL);
  g_autofree char *written = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkWindow *question, *chooser;

  g_assert_true (g_file_set_contents (names, event, -1, NULL));
  ex_window_set_query_text (window, query);
  g_assert_true (ex_cql_editor_parse_now (ex_window_get_cql_editor (window)));

  g_assert_false (ex_window_run (window));
  ex_test_drain ();
  question = find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  g_assert_true (gtk_window_get_transient_for (question) == GTK_WINDOW (window));
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  ex_test_drain ();
  g_assert_null (find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "cancelled"));
  g_assert_false (g_file_test (seen, G_FILE_TEST_EXISTS));

  g_assert_false (ex_window_run (window));
  ex_test_drain ();
  question = find_toplevel (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  ex_test_drain ();
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_nonnull (chooser);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  ex_test_drain ();
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 1);
  g_assert_true (g_file_get_contents (seen, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, event);

  g_unlink (names);
  g_unlink (seen);
  g_rmdir (dir);
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

  g_test_add_func ("/cql6/new-query", test_new_query);
  g_test_add_func ("/cql6/text", test_cql6_text);
  g_test_add_func ("/cql6/picker-and-pattern", test_picker_and_pattern);
  g_test_add_func ("/cql6/symbols", test_symbols);
  g_test_add_func ("/cql6/completion", test_completion);
  g_test_add_func ("/cql6/sort-column", test_sort_column);
  g_test_add_func ("/cql6/files-folder", test_files_folder);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
