/* test-viewer-tools.c: what the board pane and the header bar add to
 * browsing: the arrows and coloured squares of comments on the board, the
 * diagram export of the position shown, the database button's menu of
 * recent databases.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On an annotated copy of Réti's 1921 study (tests/fixtures/viewer/
 * reti-annotated.pgn), whose comments carry lichess's [%csl] and [%cal].
 * The screenshots are saved in the test's build directory
 * (UI_TEST_OUTPUT_DIR): viewer-shapes.png, viewer-diagram.png,
 * viewer-database-menu.png.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <librsvg/rsvg.h>

#include "ex-application.h"
#include "ex-utils.h"
#include "ex-board.h"
#include "ex-diagram.h"
#include "ex-diagram-text.h"
#include "ex-game-view.h"
#include "ex-window-test.h"
#include "ui-common.h"

#ifndef UI_TEST_OUTPUT_DIR
#define UI_TEST_OUTPUT_DIR "."
#endif

#define SEARCH_TIMEOUT_MS 60000
#define SQ(name) cq_square_from_name (name)

static ExApplication *app;
static char *scratch_dir;

/* The comments of the fixture, as the board reads them. */
#define SHAPES_START  "[%csl Gh8,Rh5]"
#define SHAPES_KF6    "[%csl Rh4,Gc6][%cal Gf6e5,Ge5d6,Rf6g5,Yg5h4]"

static char *
fixture_path (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  g_assert_nonnull (fixtures);
  return g_build_filename (fixtures, "viewer", "reti-annotated.pgn", NULL);
}

/* A window on the fixture showing its study at 2.Kf6, the first position
 * with the white king on f6. */
static ExWindow *
new_window_on_study (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  g_autofree char *path = fixture_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);

  ex_window_set_database (window, file);
  ex_test_run_and_wait (window, "; the king on the diagonal\n(position Kf6)\n",
                        EX_TEST_RUN_DEFAULT);
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), ==, 1);
  ex_window_select_result (window, 0);
  ex_test_wait_frame (GTK_WIDGET (window));
  return window;
}

static char *
board_shapes (ExGameView *view)
{
  return ex_board_shapes_to_string (ex_board_get_shapes (ex_game_view_get_board (view)));
}

/* The colour at the point (@x, @y) of @widget as drawn now. */
static void
widget_pixel (GtkWidget *widget,
              double     x,
              double     y,
              int       *r,
              int       *g,
              int       *b)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *data = NULL;
  gsize stride = (gsize) width * 4;
  const guchar *p;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  data = g_malloc (stride * height);
  gdk_texture_download (texture, data, stride);
  p = data + (gsize) y * stride + (gsize) x * 4;
  *b = p[0];
  *g = p[1];
  *r = p[2];
}

/* The centre of square @name on @board, moved by (@dx, @dy) squares. */
static void
square_point (ExBoard    *board,
              const char *name,
              double      dx,
              double      dy,
              double     *x,
              double     *y)
{
  graphene_rect_t rect;

  g_assert_true (ex_board_get_square_bounds (board, SQ (name), &rect));
  *x = rect.origin.x + rect.size.width * (0.5 + dx);
  *y = rect.origin.y + rect.size.height * (0.5 + dy);
}

/* The comment after a move puts its arrows and coloured squares on the
 * board at the position after it, as lichess does; the text shows none of
 * the commands. */
static void
test_comment_shapes (void)
{
  ExWindow *window = new_window_on_study ();
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  ExBoard *board = ex_game_view_get_board (view);
  g_autofree char *shapes = board_shapes (view);
  g_autofree char *path = NULL;
  double x, y;
  int r, g, b;

  g_assert_cmpstr (shapes, ==, SHAPES_KF6);
  ex_test_drain ();

  /* The green ring inside c6 (left edge), the red one inside h4, the
   * green arrow f6-e5 half-way, the yellow arrowhead near h4. */
  square_point (board, "c6", -0.46, 0, &x, &y);
  widget_pixel (GTK_WIDGET (board), x, y, &r, &g, &b);
  g_assert_cmpint (g, >, r + 30);
  g_assert_cmpint (g, >, b + 30);
  square_point (board, "h4", 0, -0.46, &x, &y);
  widget_pixel (GTK_WIDGET (board), x, y, &r, &g, &b);
  g_assert_cmpint (r, >, g + 40);
  square_point (board, "f6", -0.5, 0.5, &x, &y);
  widget_pixel (GTK_WIDGET (board), x, y, &r, &g, &b);
  g_assert_cmpint (g, >, r + 30);
  square_point (board, "g5", 0.35, -0.35, &x, &y);
  widget_pixel (GTK_WIDGET (board), x, y, &r, &g, &b);
  g_assert_cmpint (r, >, b + 60);
  g_assert_cmpint (g, >, b + 30);
  /* Nothing where no shape is: a7 keeps its colour. */
  square_point (board, "a7", 0, 0, &x, &y);
  widget_pixel (GTK_WIDGET (board), x, y, &r, &g, &b);
  g_assert_cmpint (ABS (r - 0xb4), <, 4);

  path = g_build_filename (UI_TEST_OUTPUT_DIR, "viewer-shapes.png", NULL);
  ex_test_save_screenshot (window, path);
  g_test_message ("screenshot: %s", path);

  /* The start: the game's first comment; 1.Kg7: its arrows; 1...h4: none. */
  ex_game_view_go_to_node (view, 0);
  g_free (shapes);
  shapes = board_shapes (view);
  g_assert_cmpstr (shapes, ==, SHAPES_START);
  ex_game_view_go_to_node (view, 1);
  g_free (shapes);
  shapes = board_shapes (view);
  g_assert_cmpstr (shapes, ==, "[%cal Gh8g7,Gg7f6]");
  ex_game_view_go_to_node (view, 2);
  g_free (shapes);
  shapes = board_shapes (view);
  g_assert_cmpstr (shapes, ==, "");

  ex_test_destroy_window (window);
}

static char *
read_file (const char *path,
           gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  return contents;
}

/* Diagram export: SVG (pieces as vectors) and PNG, with and without the
 * lines under the board, the shapes and orientation of the board, written whole. */
static void
test_diagram_export (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 860, NULL);
  g_autofree char *svg_path = g_build_filename (scratch_dir, "reti.svg", NULL);
  g_autofree char *svg_plain_path = g_build_filename (scratch_dir, "reti-plain.SVG", NULL);
  g_autofree char *png_path = g_build_filename (scratch_dir, "reti.png", NULL);
  g_autofree char *shot_path = NULL;
  g_autofree char *svg = NULL;
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle, *plain;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GDir) dir = NULL;
  double width, height, plain_width, plain_height;
  guchar pixel[4];
  gsize length;
  guint n_files = 0;

  /* No game shown: refused, and said so. */
  g_assert_false (ex_window_export_diagram (window, svg_path, EX_DIAGRAM_ALL_LINES, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (g_file_test (svg_path, G_FILE_TEST_EXISTS));
  ex_test_destroy_window (window);

  window = new_window_on_study ();
  g_assert_true (ex_window_export_diagram (window, svg_path, EX_DIAGRAM_ALL_LINES, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "reti.svg"));
  g_assert_true (ex_window_export_diagram (window, svg_plain_path, 0, &error));
  g_assert_true (ex_window_export_diagram (window, png_path, EX_DIAGRAM_ALL_LINES, &error));
  g_assert_no_error (error);

  /* An SVG document, with the lines under the board: taller than without. */
  svg = read_file (svg_path, &length);
  g_assert_nonnull (strstr (svg, "<svg"));
  handle = rsvg_handle_new_from_file (svg_path, &error);
  g_assert_no_error (error);
  plain = rsvg_handle_new_from_file (svg_plain_path, &error);
  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height));
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (plain, &plain_width,
                                                           &plain_height));
  g_assert_cmpfloat (width, ==, plain_width);
  g_assert_cmpfloat (width, >, 8 * EX_DIAGRAM_SQUARE_SIZE);
  g_assert_cmpfloat (height, >, plain_height + 20);
  g_assert_cmpfloat (plain_height, ==, plain_width);
  g_object_unref (handle);
  g_object_unref (plain);

  /* The PNG has the lined SVG's shape at two pixels a point, with a1
   * dark and h1 light. */
  texture = gdk_texture_new_from_filename (png_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >, 16 * EX_DIAGRAM_SQUARE_SIZE);
  g_assert_cmpfloat (ABS ((double) gdk_texture_get_height (texture)
                          / gdk_texture_get_width (texture) - height / width), <, 0.01);
  {
    int w = gdk_texture_get_width (texture);
    g_autofree guchar *data = g_malloc ((gsize) w * 4 * gdk_texture_get_height (texture));
    /* a1's centre: the board starts at 0.7 squares from the left edge. */
    int x = (int) ((0.25 + 0.45 + 0.5) * EX_DIAGRAM_SQUARE_SIZE * 2);
    int y = (int) ((0.25 + 7.5) * EX_DIAGRAM_SQUARE_SIZE * 2);

    gdk_texture_download (texture, data, (gsize) w * 4);
    memcpy (pixel, data + (gsize) y * w * 4 + (gsize) x * 4, 4);
    g_assert_cmpint (ABS (pixel[2] - 0xb4), <, 4);      /* dark: #b48a63 */
    x += 7 * EX_DIAGRAM_SQUARE_SIZE * 2;                  /* h1, light: #eedcbb */
    memcpy (pixel, data + (gsize) y * w * 4 + (gsize) x * 4, 4);
    g_assert_cmpint (ABS (pixel[2] - 0xee), <, 4);
  }

  /* Written whole: no temporary file is left beside them. */
  dir = g_dir_open (scratch_dir, 0, &error);
  g_assert_no_error (error);
  while (g_dir_read_name (dir) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 3);

  /* A directory that does not exist: an error, nothing written. */
  {
    g_autofree char *bad = g_build_filename (scratch_dir, "missing", "x.svg", NULL);

    g_assert_false (ex_window_export_diagram (window, bad, EX_DIAGRAM_ALL_LINES, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  /* For docs/: the PNG as written. */
  shot_path = g_build_filename (UI_TEST_OUTPUT_DIR, "viewer-diagram.png", NULL);
  g_assert_true (gdk_texture_save_to_png (texture, shot_path));
  g_test_message ("diagram: %s", shot_path);

  g_unlink (svg_path);
  g_unlink (svg_plain_path);
  g_unlink (png_path);
  ex_test_destroy_window (window);
}

/* The item of @menu's section @section at @index: its label and target. */
static gboolean
menu_item (GMenuModel  *menu,
           int          section,
           int          index,
           char       **label,
           char       **action,
           GVariant   **target)
{
  g_autoptr(GMenuModel) items = NULL;

  if (section >= g_menu_model_get_n_items (menu))
    return FALSE;
  items = g_menu_model_get_item_link (menu, section, G_MENU_LINK_SECTION);
  if (items == NULL || index >= g_menu_model_get_n_items (items))
    return FALSE;
  g_menu_model_get_item_attribute (items, index, G_MENU_ATTRIBUTE_LABEL, "s", label);
  g_menu_model_get_item_attribute (items, index, G_MENU_ATTRIBUTE_ACTION, "s", action);
  *target = g_menu_model_get_item_attribute_value (items, index, G_MENU_ATTRIBUTE_TARGET,
                                                   G_VARIANT_TYPE ("as"));
  return TRUE;
}

/* Saves the window with the popover @popover drawn over it where it is. */
static void
save_window_with_popover (ExWindow   *window,
                          GtkWidget  *popover,
                          const char *path)
{
  g_autoptr(GdkPaintable) window_paint = gtk_widget_paintable_new (GTK_WIDGET (window));
  g_autoptr(GdkPaintable) popover_paint = gtk_widget_paintable_new (popover);
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (popover));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  double wx, wy, px, py;

  gtk_native_get_surface_transform (GTK_NATIVE (window), &wx, &wy);
  gtk_native_get_surface_transform (GTK_NATIVE (popover), &px, &py);
  gdk_paintable_snapshot (window_paint, GDK_SNAPSHOT (snapshot), width, height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (gdk_popup_get_position_x (GDK_POPUP (surface))
                                                + px - wx,
                                                gdk_popup_get_position_y (GDK_POPUP (surface))
                                                + py - wy));
  gdk_paintable_snapshot (popover_paint, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (popover), gtk_widget_get_height (popover));
  gtk_snapshot_restore (snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* The database button opens a menu of the databases chosen last (most
 * recent first, once each, those that still exist, several files as one:
 * "a.pgn + 1 more file", "sample (folder) + 1 more file") and Open;
 * choosing one selects it. */
static void
test_recent_databases (void)
{
  g_autofree char *fixture = fixture_path ();
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  g_autofree char *gone = g_build_filename (scratch_dir, "gone.pgn", NULL);
  g_autoptr(GFile) fixture_file = g_file_new_for_path (fixture);
  g_autoptr(GFile) sample_file = g_file_new_for_path (sample);
  g_autoptr(GFile) gone_file = g_file_new_for_path (gone);
  GFile *both[] = { fixture_file, sample_file };
  ExWindow *window;
  g_autoptr(GMenuModel) menu = NULL;
  g_autofree char *label = NULL;
  g_autofree char *action = NULL;
  g_autoptr(GVariant) target = NULL;
  g_autofree char *shot_path = NULL;
  GtkPopover *popover;

  g_settings_reset (ex_utils_get_settings (), "recent-databases");
  window = ex_test_new_window (app, 1400, 860, NULL);
  g_assert_true (GTK_IS_MENU_BUTTON (ex_window_get_database_button (window)));

  g_assert_true (g_file_set_contents (gone, "[Event \"x\"]\n\n1. e4 *\n", -1, NULL));
  ex_window_set_database (window, gone_file);
  g_unlink (gone);
  ex_window_set_database (window, fixture_file);
  ex_window_set_databases (window, both, 2);
  ex_window_set_database (window, sample_file);
  ex_window_set_database (window, fixture_file);

  /* Recent: the fixture, the sample, both (the deleted file is left out);
   * then Open, Open a Folder, the sample. */
  menu = ex_window_build_database_menu (window);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 2);
  g_assert_true (menu_item (menu, 0, 0, &label, &action, &target));
  /* Each with its folder: two of one name are told apart. */
  g_assert_true (g_str_has_prefix (label, "reti-annotated.pgn — "));
  g_assert_true (g_str_has_suffix (label, "viewer"));
  g_assert_cmpstr (action, ==, "win.open-recent-database");
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&action, g_free);
  g_clear_pointer (&target, g_variant_unref);
  g_assert_true (menu_item (menu, 0, 1, &label, &action, &target));
  g_assert_true (g_str_has_prefix (label, "studies.pgn — "));
  g_assert_true (g_str_has_suffix (label, "sample"));
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&action, g_free);
  g_clear_pointer (&target, g_variant_unref);
  g_assert_true (menu_item (menu, 0, 2, &label, &action, &target));
  /* Several files: the first and how many more. */
  g_assert_true (g_str_has_prefix (label, "reti-annotated.pgn + 1 more file — "));
  g_assert_false (menu_item (menu, 0, 3, &label, &action, &target));
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&action, g_free);
  g_assert_true (menu_item (menu, 1, 0, &label, &action, &target));
  g_assert_cmpstr (action, ==, "win.choose-database");
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&action, g_free);
  g_clear_pointer (&target, g_variant_unref);

  /* Choosing the two-file entry selects both files. */
  g_assert_true (menu_item (menu, 0, 2, &label, &action, &target));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window),
                                                     "win.open-recent-database", target));
  g_assert_cmpuint (ex_window_get_n_databases (window), ==, 2);
  g_assert_true (g_file_equal (ex_window_get_database (window), fixture_file));
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "2"));
  g_assert_cmpuint (g_variant_n_children (g_settings_get_value (ex_utils_get_settings (),
                                                                "recent-databases")), ==, 4);

  /* A folder and a file: the folder said to be one. */
  {
    g_autofree char *sample_dir = g_path_get_dirname (sample);
    g_autoptr(GFile) dir_file = g_file_new_for_path (sample_dir);
    GFile *mixed[] = { dir_file, fixture_file };
    g_autoptr(GMenuModel) mixed_menu = NULL;

    ex_window_set_databases (window, mixed, 2);
    mixed_menu = ex_window_build_database_menu (window);
    g_clear_pointer (&label, g_free);
    g_clear_pointer (&action, g_free);
    g_clear_pointer (&target, g_variant_unref);
    g_assert_true (menu_item (mixed_menu, 0, 0, &label, &action, &target));
    g_test_message ("%s", label);
    g_assert_true (g_str_has_prefix (label, "sample (folder) + 1 more file — "));
  }

  /* The menu on screen, for the screenshot. */
  ex_window_set_database (window, fixture_file);
  gtk_menu_button_popup (ex_window_get_database_button (window));
  ex_test_drain ();
  popover = gtk_menu_button_get_popover (ex_window_get_database_button (window));
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  shot_path = g_build_filename (UI_TEST_OUTPUT_DIR, "viewer-database-menu.png", NULL);
  ex_test_wait_frame (GTK_WIDGET (popover));
  save_window_with_popover (window, GTK_WIDGET (popover), shot_path);
  gtk_menu_button_popdown (ex_window_get_database_button (window));

  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* None of the user's own recent files or settings. */
  scratch_dir = g_dir_make_tmp ("excelsior-viewer-tools-XXXXXX", NULL);
  g_assert_nonnull (scratch_dir);
  g_setenv ("XDG_DATA_HOME", scratch_dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", scratch_dir, TRUE);

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();

  g_test_add_func ("/ui/viewer-tools/comment-shapes", test_comment_shapes);
  g_test_add_func ("/ui/viewer-tools/diagram-export", test_diagram_export);
  g_test_add_func ("/ui/viewer-tools/recent-databases", test_recent_databases);
  status = g_test_run ();

  g_clear_object (&app);
  g_rmdir (scratch_dir);
  g_free (scratch_dir);
  return status;
}
