/* test-diagram.c: diagrams as composers print them: the piece count, the
 * stipulation and the source line under the board, as SVG <text>
 * elements, the PNG drawn from the same document, and the file chooser's
 * choices of lines, kept in the settings.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On tests/fixtures/viewer/diagram-studies.pgn: studies in the tags of the
 * Heijden database (a win with two composers, a draw, a draw with Black
 * to move and an award, a mate in 2 stated in the first comment) and a
 * master game.  The diagram of the win is saved in the test's build
 * directory (UI_TEST_OUTPUT_DIR) as diagram-study.png, for docs/.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <librsvg/rsvg.h>

#include "ex-application.h"
#include "ex-board.h"
#include "ex-diagram.h"
#include "ex-diagram-text.h"
#include "ex-game-view.h"
#include "ex-utils.h"
#include "ex-window-test.h"
#include "ui-common.h"

#ifndef UI_TEST_OUTPUT_DIR
#define UI_TEST_OUTPUT_DIR "."
#endif

static ExApplication *app;
static char *scratch_dir;

/* What each game's diagram at its start says, found by its White tag. */
static const struct {
  const char *white;
  const char *piece_count;
  const char *stipulation;
  const char *source;       /* as written in the SVG: '&' escaped */
} expected[] = {
  { "Barbier=G Saavedra=F", "(2+2)", "White to play and win",
    "G. Barbier &amp; F. Saavedra, Glasgow Weekly Citizen 1895" },
  { "Réti=R", "(2+2)", "White to play and draw",
    "R. Réti, Kagans Neueste Schachnachrichten 1921" },
  { "Van der Test=A.B", "(2+2)", "Black to move, White draws",
    "A.B. Van der Test, Excelsior Test Column 2026, 2nd–3rd hon. mention" },
  { "Fixture=T", "(2+1)", "#2",
    "T. Fixture, Excelsior Test Column 2026, special prize" },
  { "Anderssen, Adolf", "(16+16)", "White to move",
    "Anderssen, Adolf – Kieseritzky, Lionel, London 1851" },
};

/* A window on the fixture with one result a game, at its start. */
static ExWindow *
new_window_on_fixture (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  g_assert_nonnull (fixtures);
  path = g_build_filename (fixtures, "viewer", "diagram-studies.pgn", NULL);
  file = g_file_new_for_path (path);
  ex_window_set_database (window, file);
  ex_test_run_and_wait (window, "cql() initial\n", EX_TEST_RUN_NO_ERROR);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==,
                    G_N_ELEMENTS (expected));
  return window;
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  return contents;
}

/* The text of @svg's <text> elements of class @klass (a line wrapped
 * into several elements: joined by a blank), or NULL if there is none. */
static char *
text_element (const char *svg,
              const char *klass)
{
  g_autofree char *open = g_strdup_printf ("<text class=\"%s\"", klass);
  g_autoptr(GString) text = NULL;

  for (const char *at = strstr (svg, open); at != NULL; at = strstr (at + 1, open))
    {
      const char *start = strchr (at, '>'), *end;

      g_assert_nonnull (start);
      end = strstr (start, "</text>");
      g_assert_nonnull (end);
      if (text == NULL)
        text = g_string_new (NULL);
      else
        g_string_append_c (text, ' ');
      g_string_append_len (text, start + 1, end - start - 1);
    }
  return text != NULL ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* Exports the diagram of the position shown with @lines to @name in the
 * scratch folder; returns the SVG document. */
static char *
export_svg (ExWindow   *window,
            guint       lines,
            const char *name)
{
  g_autofree char *path = g_build_filename (scratch_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *svg;

  g_assert_true (ex_window_export_diagram (window, path, lines, &error));
  g_assert_no_error (error);
  svg = read_file (path);
  g_unlink (path);
  return svg;
}

static guint
find_expected (ExGameView *view)
{
  const char *white = cq_game_get_tag (ex_game_view_get_game (view), "White");

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_strcmp0 (white, expected[i].white) == 0)
      return i;
  g_assert_not_reached ();
}

/* Each game's diagram at its start: the three lines as <text>, the
 * coordinates too, and no text drawn as glyph outlines. */
static void
test_diagram_lines (void)
{
  ExWindow *window = new_window_on_fixture ();
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  guint seen = 0;

  for (guint r = 0; r < G_N_ELEMENTS (expected); r++)
    {
      g_autofree char *svg = NULL;
      g_autofree char *count = NULL, *stipulation = NULL, *source = NULL;
      guint i;

      ex_window_select_result (window, r);
      ex_test_wait_frame (GTK_WIDGET (window));
      ex_game_view_go_to_node (view, 0);
      i = find_expected (view);
      seen |= 1u << i;

      svg = export_svg (window, EX_DIAGRAM_ALL_LINES, "study.svg");
      count = text_element (svg, "piece-count");
      stipulation = text_element (svg, "stipulation");
      source = text_element (svg, "source");
      g_test_message ("%s: %s | %s | %s", expected[i].white, count, stipulation, source);
      g_assert_cmpstr (count, ==, expected[i].piece_count);
      g_assert_cmpstr (stipulation, ==, expected[i].stipulation);
      g_assert_cmpstr (source, ==, expected[i].source);

      /* The coordinates are text as well, and cairo drew no glyphs. */
      g_assert_cmpuint (ex_test_count_occurrences (svg, "<text class=\"coordinate\""), ==, 16);
      g_assert_nonnull (strstr (svg, ">a</text>"));
      g_assert_nonnull (strstr (svg, ">8</text>"));
      g_assert_nonnull (strstr (svg, "font-family=\"DejaVu Sans, "));
      g_assert_null (strstr (svg, "glyph"));
    }
  g_assert_cmpuint (seen, ==, (1u << G_N_ELEMENTS (expected)) - 1);

  ex_test_destroy_window (window);
}

/* Away from the start the stipulation line is only the side to move; each
 * line can be left out. */
static void
test_diagram_choices (void)
{
  ExWindow *window = new_window_on_fixture ();
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  g_autofree char *svg = NULL, *stipulation = NULL, *count = NULL;
  g_autofree char *none = NULL, *source_only = NULL, *source = NULL;
  guint r;

  for (r = 0; r < G_N_ELEMENTS (expected); r++)
    {
      ex_window_select_result (window, r);
      ex_test_wait_frame (GTK_WIDGET (window));
      if (find_expected (view) == 0)
        break;
    }
  g_assert_cmpuint (r, <, G_N_ELEMENTS (expected));

  /* After 1.c7 (node 1): Black to move, and the count unchanged. */
  ex_game_view_go_to_node (view, 1);
  svg = export_svg (window, EX_DIAGRAM_ALL_LINES, "after.svg");
  stipulation = text_element (svg, "stipulation");
  count = text_element (svg, "piece-count");
  g_assert_cmpstr (stipulation, ==, "Black to move");
  g_assert_cmpstr (count, ==, "(2+2)");

  /* No lines: only the coordinates are text. */
  none = export_svg (window, 0, "none.svg");
  g_assert_null (strstr (none, "class=\"piece-count\""));
  g_assert_null (strstr (none, "class=\"stipulation\""));
  g_assert_null (strstr (none, "class=\"source\""));
  g_assert_cmpuint (ex_test_count_occurrences (none, "<text "), ==, 16);

  /* The source alone. */
  source_only = export_svg (window, EX_DIAGRAM_SOURCE, "source.svg");
  source = text_element (source_only, "source");
  g_assert_cmpstr (source, ==, expected[0].source);
  g_assert_null (strstr (source_only, "class=\"stipulation\""));
  g_assert_null (strstr (source_only, "class=\"piece-count\""));

  ex_test_destroy_window (window);
}

/* The file chooser offers each line as a choice, from the settings, and
 * keeps what was chosen for the next one. */
static void
test_diagram_chooser (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  GSettings *settings = ex_utils_get_settings ();
  GtkFileChooserNative *dialog;
  GtkFileChooser *chooser;

  g_assert_nonnull (settings);
  g_settings_reset (settings, "diagram-piece-count");
  g_settings_reset (settings, "diagram-stipulation");
  g_settings_reset (settings, "diagram-source");

  /* At first every line is on. */
  dialog = ex_window_new_diagram_chooser (window);
  chooser = GTK_FILE_CHOOSER (dialog);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "piece-count"), ==, "true");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "stipulation"), ==, "true");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "source"), ==, "true");
  g_assert_cmpuint (ex_window_diagram_chooser_lines (chooser), ==, EX_DIAGRAM_ALL_LINES);

  /* Without the piece count and the source: only the stipulation, and
   * the settings say so. */
  gtk_file_chooser_set_choice (chooser, "piece-count", "false");
  gtk_file_chooser_set_choice (chooser, "source", "false");
  g_assert_cmpuint (ex_window_diagram_chooser_lines (chooser), ==, EX_DIAGRAM_STIPULATION);
  g_assert_false (g_settings_get_boolean (settings, "diagram-piece-count"));
  g_assert_true (g_settings_get_boolean (settings, "diagram-stipulation"));
  g_assert_false (g_settings_get_boolean (settings, "diagram-source"));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (dialog));
  g_object_unref (dialog);

  /* The next chooser offers the same. */
  dialog = ex_window_new_diagram_chooser (window);
  chooser = GTK_FILE_CHOOSER (dialog);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "piece-count"), ==, "false");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "stipulation"), ==, "true");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "source"), ==, "false");
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (dialog));
  g_object_unref (dialog);

  g_settings_reset (settings, "diagram-piece-count");
  g_settings_reset (settings, "diagram-source");
  ex_test_destroy_window (window);
}

/* The darkest pixel (the least of red, green, blue) of @data (@width
 * pixels a row, 4 bytes a pixel) in the rows [@top, @bottom). */
static int
darkest (const guchar *data,
         int           width,
         int           top,
         int           bottom)
{
  int least = 255;

  for (int y = top; y < bottom; y++)
    for (int x = 0; x < width; x++)
      {
        const guchar *p = data + ((gsize) y * width + x) * 4;

        least = MIN (least, MIN (p[0], MIN (p[1], p[2])));
      }
  return least;
}

/* The PNG is the SVG document drawn by librsvg: its shape at two pixels a
 * point, the board where the SVG has it, and the lines drawn under it. */
static void
test_diagram_png (void)
{
  ExWindow *window = new_window_on_fixture ();
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  g_autofree char *svg_path = g_build_filename (scratch_dir, "study.svg", NULL);
  g_autofree char *png_path = g_build_filename (scratch_dir, "study.PNG", NULL);
  g_autofree char *shot_path = NULL;
  g_autofree guchar *data = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle;
  double width, height;
  const int s2 = 2 * EX_DIAGRAM_SQUARE_SIZE;
  int w, h, board_bottom;
  guint r;

  for (r = 0; r < G_N_ELEMENTS (expected); r++)
    {
      ex_window_select_result (window, r);
      ex_test_wait_frame (GTK_WIDGET (window));
      if (find_expected (view) == 0)
        break;
    }
  ex_game_view_go_to_node (view, 0);
  g_assert_true (ex_window_export_diagram (window, svg_path, EX_DIAGRAM_ALL_LINES, &error));
  g_assert_true (ex_window_export_diagram (window, png_path, EX_DIAGRAM_ALL_LINES, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ex_diagram_format_for_path (png_path), ==, EX_DIAGRAM_PNG);

  handle = rsvg_handle_new_from_file (svg_path, &error);
  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height));
  g_object_unref (handle);

  texture = gdk_texture_new_from_filename (png_path, &error);
  g_assert_no_error (error);
  w = gdk_texture_get_width (texture);
  h = gdk_texture_get_height (texture);
  g_assert_cmpint (w, ==, (int) ((0.25 * 2 + 0.45 + 8) * s2));
  g_assert_cmpfloat (ABS ((double) h / w - height / width), <, 0.01);
  data = g_malloc ((gsize) w * 4 * h);
  gdk_texture_download (texture, data, (gsize) w * 4);

  /* c1 dark (#b48a63) and h1 light (#eedcbb), where the SVG has them. */
  {
    int x = (int) ((0.25 + 0.45 + 2.5) * s2), y = (int) ((0.25 + 7.5) * s2);
    const guchar *c1 = data + ((gsize) y * w + x) * 4;
    const guchar *h1 = c1 + 5 * s2 * 4;

    g_assert_cmpint (ABS (c1[2] - 0xb4), <, 4);
    g_assert_cmpint (ABS (h1[2] - 0xee), <, 4);
  }

  /* Under the files' letters: the lines, drawn in near-black. */
  board_bottom = (int) ((0.25 + 8 + 0.45) * s2);
  g_assert_cmpint (h - board_bottom, >, s2 / 2);
  g_assert_cmpint (darkest (data, w, board_bottom + 2, h), <, 80);

  shot_path = g_build_filename (UI_TEST_OUTPUT_DIR, "diagram-study.png", NULL);
  g_assert_true (gdk_texture_save_to_png (texture, shot_path));
  g_test_message ("diagram: %s", shot_path);

  g_unlink (svg_path);
  g_unlink (png_path);
  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  scratch_dir = g_dir_make_tmp ("excelsior-diagram-XXXXXX", NULL);
  g_assert_nonnull (scratch_dir);

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui/diagram/lines", test_diagram_lines);
  g_test_add_func ("/ui/diagram/choices", test_diagram_choices);
  g_test_add_func ("/ui/diagram/png", test_diagram_png);
  g_test_add_func ("/ui/diagram/chooser", test_diagram_chooser);
  status = g_test_run ();

  g_clear_object (&app);
  g_rmdir (scratch_dir);
  g_free (scratch_dir);
  return status;
}
