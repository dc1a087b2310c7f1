/* test-viewer.c: the board and game view widgets in a real window.
 *
 * Skips (exit 77) without a display.  meson runs it under `xvfb-run -a`
 * with GSK_RENDERER=cairo and GTK_A11Y=none (set below unless already set).
 * Renders the widgets to textures to check what is drawn and saves a
 * screenshot, ex-game-view.png, in the test's build directory.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ex-board.h"
#include "ex-board-painter.h"
#include "ex-game-view.h"
#include "cql/cq-pieceid.h"
#include "ex-move-list.h"
#include "viewer-test-util.h"

#ifndef VIEWER_TEST_OUTPUT_DIR
#define VIEWER_TEST_OUTPUT_DIR "."
#endif

#define SQ(name) cq_square_from_name (name)

static GtkWindow *window;
static ExGameView *view;

/* See test-move-text.c for the node numbers of this game. */
static const char nested_pgn[] =
  "[Event \"Navigation test\"]\n"
  "[White \"Player, A\"]\n"
  "[Black \"Player, B\"]\n"
  "[Date \"2001.??.??\"]\n"
  "[Result \"1-0\"]\n"
  "\n"
  "1. e4 $1 {Best [%csl Gd4] by test} e5 $14 2. Nf3 (2. f4?! exf4 (2... d5!? 3. exd5\n"
  "Qxd5 (3... c6 4. dxc6 (4. d4))) 3. Nf3) (2. Bc4) 2... Nc6 $200 1-0\n";

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the main loop until @widget has drawn a frame with its current
 * state (pending idles run, layout and allocation done), or fails after
 * 5 s.  A tick callback runs in the update phase of a frame; layout and
 * paint follow in the same dispatch, so the second tick is a frame that
 * started after everything pending. */
static void
wait_for_frame (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  gboolean ticked = FALSE;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (widget));

  while (g_main_context_iteration (NULL, FALSE))
    ;

  for (int i = 0; i < 2; i++)
    {
      ticked = FALSE;
      gtk_widget_add_tick_callback (widget, on_tick, &ticked, NULL);
      gtk_widget_queue_draw (widget);
      while (!ticked && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_assert_true (ticked);
    }
}

/* Renders @widget at its allocated size with the window's renderer. */
static GdkTexture *
render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GskRenderer *renderer;
  GdkTexture *texture;

  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);

  /* The paintable shows the widget's last frame: nothing if a redraw was
   * queued since.  Then draw one more frame. */
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  for (int attempt = 0; node == NULL && attempt < 5; attempt++)
    {
      wait_for_frame (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_assert_nonnull (renderer);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);

  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  return texture;
}

/* Downloaded texture pixels (GDK_MEMORY_DEFAULT: B, G, R, A bytes on little
 * endian, premultiplied). */
typedef struct {
  guchar *data;
  int     width;
  int     height;
  gsize   stride;
} Pixels;

static void
pixels_init (Pixels     *pixels,
             GdkTexture *texture)
{
  pixels->width = gdk_texture_get_width (texture);
  pixels->height = gdk_texture_get_height (texture);
  pixels->stride = (gsize) pixels->width * 4;
  pixels->data = g_malloc (pixels->stride * pixels->height);
  gdk_texture_download (texture, pixels->data, pixels->stride);
}

static void
pixels_clear (Pixels *pixels)
{
  g_clear_pointer (&pixels->data, g_free);
}

static void
pixels_get (const Pixels *pixels,
            double        x,
            double        y,
            int          *r,
            int          *g,
            int          *b)
{
  int ix = (int) x, iy = (int) y;
  guint32 value;

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, pixels->width);
  g_assert_cmpint (iy, <, pixels->height);

  memcpy (&value, pixels->data + iy * pixels->stride + ix * 4, 4);
  *r = (value >> 16) & 0xff;
  *g = (value >> 8) & 0xff;
  *b = value & 0xff;
}

static gboolean
color_near (int            r,
            int            g,
            int            b,
            const GdkRGBA *color,
            int            tolerance)
{
  return ABS (r - (int) (color->red * 255 + 0.5)) <= tolerance
         && ABS (g - (int) (color->green * 255 + 0.5)) <= tolerance
         && ABS (b - (int) (color->blue * 255 + 0.5)) <= tolerance;
}

static void
square_color (const char *name,
              GdkRGBA    *color)
{
  int square = SQ (name);
  gboolean light = (CQ_FILE (square) + CQ_RANK (square)) % 2 == 1;

  gdk_rgba_parse (color, light ? EX_BOARD_LIGHT_SQUARE_COLOR : EX_BOARD_DARK_SQUARE_COLOR);
}

/* The colour at the centre of square @name of @board (rendered in @pixels). */
static void
square_center (ExBoard      *board,
               const Pixels *pixels,
               const char   *name,
               int          *r,
               int          *g,
               int          *b)
{
  graphene_rect_t bounds;
  graphene_point_t center;

  g_assert_true (ex_board_get_square_bounds (board, SQ (name), &bounds));
  graphene_rect_get_center (&bounds, &center);
  pixels_get (pixels, center.x, center.y, r, g, b);
}

/* Percentage of the pixels of square @name that are not its plain colour. */
static double
square_ink (ExBoard      *board,
            const Pixels *pixels,
            const char   *name)
{
  graphene_rect_t bounds;
  GdkRGBA plain;
  int n = 0, ink = 0;

  square_color (name, &plain);
  g_assert_true (ex_board_get_square_bounds (board, SQ (name), &bounds));
  /* Stay away from the coordinates in the corners. */
  for (double y = bounds.origin.y + bounds.size.height * 0.25;
       y < bounds.origin.y + bounds.size.height * 0.9; y += 1)
    for (double x = bounds.origin.x + bounds.size.width * 0.1;
         x < bounds.origin.x + bounds.size.width * 0.9; x += 1)
      {
        int r, g, b;

        pixels_get (pixels, x, y, &r, &g, &b);
        if (!color_near (r, g, b, &plain, 8))
          ink++;
        n++;
      }

  return 100.0 * ink / n;
}

/* The view's move list (a descendant of @view). */
static ExMoveList *
find_move_list (GtkWidget *widget)
{
  if (EX_IS_MOVE_LIST (widget))
    return EX_MOVE_LIST (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      ExMoveList *found = find_move_list (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Where the move of @node is drawn in @list: its first character's
 * rectangle in widget coordinates. */
static void
move_location (ExMoveList   *list,
               guint         node,
               GdkRectangle *rect)
{
  const ExMoveTextSpan *span = ex_move_text_get_move (ex_move_list_get_move_text (list), node);
  GtkTextIter iter;

  g_assert_nonnull (span);
  gtk_text_buffer_get_iter_at_offset (gtk_text_view_get_buffer (GTK_TEXT_VIEW (list)),
                                      &iter, span->start);
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (list), &iter, rect);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (list), GTK_TEXT_WINDOW_WIDGET,
                                         rect->x, rect->y, &rect->x, &rect->y);
}

/* Activates the key binding of @keyval (no modifier) of @widget, as a key
 * press would when @widget has the focus.  Returns FALSE if it has none. */
static gboolean
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
              && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                 widget, gtk_shortcut_get_arguments (shortcut));
        }
    }

  return FALSE;
}

static void
press (guint keyval,
       guint expected_node)
{
  press_key (GTK_WIDGET (view), keyval);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, expected_node);
}

static void
on_notify_node (GObject    *object,
                GParamSpec *pspec,
                guint      *count)
{
  (*count)++;
}

static void
test_keyboard_navigation (void)
{
  CqGame *game = viewer_test_parse_game (nested_pgn);
  guint notifications = 0;
  gulong handler;

  ex_game_view_set_game (view, game, NULL, 0);
  g_assert_true (ex_game_view_get_game (view) == game);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);

  /* The view takes the focus, and the keys are bound on it. */
  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));

  handler = g_signal_connect (view, "notify::node", G_CALLBACK (on_notify_node), &notifications);

  /* Mainline. */
  press (GDK_KEY_Right, 1);
  press (GDK_KEY_Right, 2);
  press (GDK_KEY_Left, 1);
  press (GDK_KEY_End, 4);
  press (GDK_KEY_Right, 4);            /* end of the game: stays */
  press (GDK_KEY_Home, 0);
  press (GDK_KEY_Left, 0);             /* at the root: stays */
  press (GDK_KEY_Up, 0);               /* not in a variation: stays */
  g_assert_cmpuint (notifications, ==, 5);

  /* Down at 1...e5 enters 2.f4, the first alternative to 2.Nf3. */
  ex_game_view_go_to_node (view, 2);
  press (GDK_KEY_Down, 5);
  press (GDK_KEY_Right, 6);            /* 2...exf4 */
  press (GDK_KEY_Down, 8);             /* 2...d5, the alternative to 2...exf4 */
  press (GDK_KEY_Down, 8);             /* nothing branches at 2...d5 */
  press (GDK_KEY_Right, 9);
  press (GDK_KEY_End, 10);             /* end of the 2...d5 line */
  press (GDK_KEY_Home, 8);             /* its first move */
  ex_game_view_go_to_node (view, 9);
  press (GDK_KEY_Down, 11);            /* 3...c6, alternative to 3...Qxd5 */
  press (GDK_KEY_Right, 12);
  press (GDK_KEY_Down, 13);            /* 4.d4, alternative to 4.dxc6 */

  /* Up leaves one variation at a time, back to where it branched. */
  press (GDK_KEY_Up, 11);              /* 4.d4 replaced 4.dxc6 after 3...c6 */
  press (GDK_KEY_Up, 9);               /* 3...c6 replaced 3...Qxd5 after 3.exd5 */
  press (GDK_KEY_Up, 5);               /* the 2...d5 line replaced 2...exf4 after 2.f4 */
  press (GDK_KEY_Up, 2);               /* 2.f4 replaced 2.Nf3 after 1...e5 */
  press (GDK_KEY_Up, 2);               /* mainline: stays */
  ex_game_view_go_to_node (view, 12);
  press (GDK_KEY_Up, 9);               /* 4.dxc6 is in the 3...c6 line */

  /* Down on a move that has alternatives itself enters them. */
  ex_game_view_go_to_node (view, 3);
  press (GDK_KEY_Down, 5);
  press (GDK_KEY_End, 7);
  press (GDK_KEY_Left, 6);
  press (GDK_KEY_Left, 5);
  press (GDK_KEY_Left, 2);

  /* F flips the board, and so does the flipped property. */
  g_assert_false (ex_game_view_get_flipped (view));
  g_assert_true (press_key (GTK_WIDGET (view), GDK_KEY_f));
  g_assert_true (ex_board_get_flipped (ex_game_view_get_board (view)));
  ex_game_view_set_flipped (view, FALSE);
  g_assert_false (ex_board_get_flipped (ex_game_view_get_board (view)));

  /* The board follows the node. */
  ex_game_view_go_to_node (view, 14);  /* 2.Bc4 */
  {
    const CqPosition *pos = ex_board_get_position (ex_game_view_get_board (view));

    g_assert_nonnull (pos);
    g_assert_cmpint (cq_position_piece_at (pos, SQ ("c4")), ==, CQ_WB);
    g_assert_cmpint (cq_position_piece_at (pos, SQ ("f1")), ==, CQ_EMPTY);
    g_assert_cmpint (pos->side_to_move, ==, CQ_BLACK);
  }

  /* The move list: a click on 2.Bc4 (node 14) goes there, one on a move
   * number nowhere. */
  {
    ExMoveList *list = find_move_list (GTK_WIDGET (view));
    GdkRectangle rect;

    g_assert_nonnull (list);
    ex_game_view_go_to_node (view, 0);
    wait_for_frame (GTK_WIDGET (view));
    move_location (list, 14, &rect);
    g_assert_cmpint (ex_move_list_get_node_at (list, rect.x + 2, rect.y + rect.height / 2), ==, 14);
    g_assert_cmpint (ex_move_list_get_node_at (list, rect.x - 8, rect.y + rect.height / 2), ==, -1);
    move_location (list, 0, &rect);
    g_assert_cmpint (ex_move_list_get_node_at (list, rect.x + 2, rect.y + rect.height / 2), ==, 0);
    g_signal_emit_by_name (list, "node-activated", 14);
    g_assert_cmpuint (ex_game_view_get_node (view), ==, 14);
  }

  /* The "node" property. */
  g_object_set (view, "node", 7, NULL);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 7);

  g_signal_handler_disconnect (view, handler);
}

/* set_game goes to the first matched position and outlines its squares;
 * Page Down / Page Up walk the matched positions. */
static void
test_matched_positions (void)
{
  /* Deliberately unsorted, with a duplicate and an index out of range. */
  const CqMatchedPosition matches[] = {
    { 13, CQ_BIT (SQ ("c4")) },
    { 9, CQ_BIT (SQ ("a1")) | CQ_BIT (SQ ("b1")) },
    { 500, 0 },
    { 13, CQ_BIT (SQ ("c4")) },
  };
  CqGame *game = viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 1);
  ExBoard *board = ex_game_view_get_board (view);

  ex_game_view_set_game (view, game, matches, G_N_ELEMENTS (matches));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 9);   /* 2...Qb1 */
  g_assert_cmpuint (ex_board_get_highlight (board), ==, CQ_BIT (SQ ("a1")) | CQ_BIT (SQ ("b1")));
  g_assert_cmpint (cq_position_piece_at (ex_board_get_position (board), SQ ("b1")), ==, CQ_BQ);

  ex_game_view_go_to_node (view, 0);
  g_assert_cmpuint (ex_board_get_highlight (board), ==, 0);

  press (GDK_KEY_Page_Down, 9);
  press (GDK_KEY_Page_Down, 13);
  g_assert_cmpuint (ex_board_get_highlight (board), ==, CQ_BIT (SQ ("c4")));
  press (GDK_KEY_Page_Down, 13);
  press (GDK_KEY_Page_Up, 9);
  press (GDK_KEY_Page_Up, 9);

  /* CQL 6 pieceid on hover (rulings R11): the board's tooltip gives the id
   * the engine computes for the piece, and ids number the initial
   * position's pieces a1, b1, ..., h8 from 0. */
  {
    guint8 ids[64];
    g_autofree char *tip = NULL;
    g_autofree char *expected = NULL;
    g_autofree char *root_tip = NULL;
    const CqPosition *root;
    int first = -1;

    ex_game_view_go_to_node (view, 9);
    cq_game_piece_ids (ex_game_view_get_game (view),
                       cq_game_get_node (ex_game_view_get_game (view), 9), ids);
    tip = ex_board_dup_piece_tooltip (board, SQ ("b1"));
    expected = g_strdup_printf ("Black queen on b1, piece id %u", ids[SQ ("b1")]);
    g_assert_cmpstr (tip, ==, expected);
    ex_game_view_go_to_node (view, 0);
    root = ex_board_get_position (board);
    for (int sq = 0; sq < 64 && first < 0; sq++)
      if (cq_position_piece_at (root, sq) != CQ_EMPTY)
        first = sq;
    root_tip = ex_board_dup_piece_tooltip (board, first);
    g_assert_nonnull (root_tip);
    g_assert_true (g_str_has_suffix (root_tip, ", piece id 0"));
  }

  /* No match: the initial position. */
  ex_game_view_set_game (view, viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 2), NULL, 0);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
  g_assert_cmpuint (ex_board_get_highlight (board), ==, 0);

  /* A match on the root. */
  {
    const CqMatchedPosition root_match = { 0, CQ_BIT (SQ ("d6")) };

    ex_game_view_set_game (view, viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 2),
                           &root_match, 1);
    g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
    g_assert_cmpuint (ex_board_get_highlight (board), ==, CQ_BIT (SQ ("d6")));
  }

  /* Clearing. */
  ex_game_view_set_game (view, NULL, NULL, 0);
  g_assert_null (ex_game_view_get_game (view));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
  g_assert_null (ex_board_get_position (board));
  g_assert_false (press_key (GTK_WIDGET (view), GDK_KEY_Right));
}

/* A study's header says its stipulation in words: HHdb's Black tag, a GBR
 * code with the sign of the stipulation, is not shown as it is. */
static void
test_study_header (void)
{
  static const char hhdb[] =
    "[Event \"3.p Moscow ty\"]\n[White \"Tarasiuk=V\"]\n[Black \"(=0001.33b7d6)\"]\n"
    "[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"3N4/1K6/pP1k1p2/8/8/1P6/2pP4/8 w - - 0 1\"]\n"
    "\n1. Ka8 1/2-1/2\n";
  CqGame *game = cq_game_new_parsed (hhdb, strlen (hhdb), NULL, "hhdb.pgn");
  g_autofree char *caption = NULL;

  g_assert_nonnull (game->root);
  ex_game_view_set_game (view, game, NULL, 0);
  caption = ex_game_view_dup_caption (view);
  g_test_message ("%s", caption);
  g_assert_true (g_str_has_prefix (caption,
                                   "Tarasiuk=V\nWhite to play and draw  ·  3.p Moscow ty"));
  g_assert_null (strstr (caption, "0001.33"));
  ex_game_view_set_game (view, NULL, NULL, 0);
}

/* Games the engine could not fully read are shown as far as they go. */
static void
test_broken_games (void)
{
  static const char bad_fen[] =
    "[Event \"Bad FEN\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
  static const char illegal[] = "[Event \"Illegal\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
  const CqMatchedPosition match = { 2, 0 };
  ExBoard *board = ex_game_view_get_board (view);
  CqGame *game;

  /* No initial position: no node, an empty board, keys do nothing. */
  game = cq_game_new_parsed (bad_fen, strlen (bad_fen), NULL, "bad-fen.pgn");
  g_assert_null (game->root);
  g_assert_nonnull (game->error);
  ex_game_view_set_game (view, game, &match, 1);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 0);
  g_assert_null (ex_board_get_position (board));
  g_assert_false (press_key (GTK_WIDGET (view), GDK_KEY_Right));
  g_assert_false (press_key (GTK_WIDGET (view), GDK_KEY_Down));
  wait_for_frame (GTK_WIDGET (view));

  /* Stops at the illegal move: the position after 1...e5 is the end. */
  game = cq_game_new_from_text (illegal, strlen (illegal), NULL, "illegal.pgn");
  ex_game_view_set_game (view, game, &match, 1);         /* parses the moves */
  g_assert_nonnull (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 3);
  g_assert_cmpuint (ex_game_view_get_node (view), ==, 2);
  press (GDK_KEY_Right, 2);
  press (GDK_KEY_Home, 0);
  press (GDK_KEY_End, 2);
  wait_for_frame (GTK_WIDGET (view));

  ex_game_view_set_game (view, NULL, NULL, 0);
}

static void
test_board_description (void)
{
  g_autoptr(GError) error = NULL;
  ExBoard *board = EX_BOARD (g_object_ref_sink (ex_board_new ()));
  CqPosition pos;
  g_autofree char *empty = ex_board_dup_description (board);
  g_autofree char *text = NULL;

  g_assert_cmpstr (empty, ==, "Empty board.");

  cq_position_set_fen (&pos, "8/2K5/8/2k2N2/4P3/8/1PP1p3/8 w - - 0 1", &error);
  g_assert_no_error (error);
  ex_board_set_position (board, &pos, NULL);
  text = ex_board_dup_description (board);
  g_assert_cmpstr (text, ==, "White: Kc7, Nf5, Pb2, Pc2, Pe4. Black: Kc5, Pe2. White to move.");

  g_object_unref (board);
}

/* What the board draws: palette, pieces, last move, matched squares, check,
 * orientation.  Saves the screenshot. */
static void
test_board_rendering (void)
{
  const CqMatchedPosition matches[] = { { 9, CQ_BIT (SQ ("a1")) | CQ_BIT (SQ ("b1")) } };
  CqGame *game = viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 1);
  ExBoard *board = ex_game_view_get_board (view);
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  graphene_rect_t bounds;
  GdkRGBA light, dark;
  Pixels pixels;
  int r, g, b;

  gdk_rgba_parse (&light, EX_BOARD_LIGHT_SQUARE_COLOR);
  gdk_rgba_parse (&dark, EX_BOARD_DARK_SQUARE_COLOR);

  ex_game_view_set_game (view, game, matches, G_N_ELEMENTS (matches));
  ex_game_view_go_to_node (view, 0);
  wait_for_frame (GTK_WIDGET (board));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >=, 240);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (board)), >=, 240);

  /* Initial position: 8/2K5/8/2k2N2/4P3/8/1PP1p3/8 w. */
  texture = render_widget (GTK_WIDGET (board));
  pixels_init (&pixels, texture);
  square_center (board, &pixels, "a1", &r, &g, &b);
  g_assert_true (color_near (r, g, b, &dark, 3));
  square_center (board, &pixels, "a8", &r, &g, &b);
  g_assert_true (color_near (r, g, b, &light, 3));
  square_center (board, &pixels, "d4", &r, &g, &b);
  g_assert_true (color_near (r, g, b, &dark, 3));
  g_assert_cmpfloat (square_ink (board, &pixels, "d4"), <, 1.0);   /* empty */
  g_assert_cmpfloat (square_ink (board, &pixels, "c7"), >, 15.0);  /* white king */
  g_assert_cmpfloat (square_ink (board, &pixels, "c5"), >, 15.0);  /* black king */
  g_assert_cmpfloat (square_ink (board, &pixels, "b2"), >, 8.0);   /* white pawn */
  /* The coordinates: "1" in the top left corner of a1 and "a" in its bottom
   * right corner, in the light colour. */
  {
    int found = 0;

    ex_board_get_square_bounds (board, SQ ("a1"), &bounds);
    for (double y = bounds.origin.y; y < bounds.origin.y + bounds.size.height * 0.3; y++)
      for (double x = bounds.origin.x; x < bounds.origin.x + bounds.size.width * 0.3; x++)
        {
          pixels_get (&pixels, x, y, &r, &g, &b);
          found += color_near (r, g, b, &light, 40);
        }
    g_assert_cmpint (found, >, 4);
  }
  pixels_clear (&pixels);
  g_clear_object (&texture);

  /* After 1.c3: c2 and c3 tinted. */
  ex_game_view_go_to_node (view, 1);
  wait_for_frame (GTK_WIDGET (board));
  texture = render_widget (GTK_WIDGET (board));
  pixels_init (&pixels, texture);
  square_center (board, &pixels, "c2", &r, &g, &b);
  g_assert_false (color_near (r, g, b, &light, 10));
  g_assert_false (color_near (r, g, b, &dark, 10));
  g_assert_cmpfloat (square_ink (board, &pixels, "c3"), >, 50.0);   /* pawn over the tint */
  square_center (board, &pixels, "c1", &r, &g, &b);
  g_assert_true (color_near (r, g, b, &dark, 3));
  pixels_clear (&pixels);
  g_clear_object (&texture);

  /* The matched position 2...Qb1: a1 and b1 outlined and tinted blue. */
  ex_game_view_go_to_node (view, 9);
  wait_for_frame (GTK_WIDGET (board));
  texture = render_widget (GTK_WIDGET (board));
  pixels_init (&pixels, texture);
  square_center (board, &pixels, "a1", &r, &g, &b);
  g_assert_false (color_near (r, g, b, &dark, 10));
  g_assert_cmpint (b, >, r);
  ex_board_get_square_bounds (board, SQ ("a1"), &bounds);
  pixels_get (&pixels, bounds.origin.x + bounds.size.width / 2, bounds.origin.y + 1, &r, &g, &b);
  g_assert_cmpint (b, >, r + 60);                                  /* the outline */
  square_center (board, &pixels, "a2", &r, &g, &b);
  g_assert_true (color_near (r, g, b, &light, 3));
  pixels_clear (&pixels);
  g_clear_object (&texture);

  /* 3...Kd4+ is a discovered check: red around the white king on c7. */
  ex_game_view_go_to_node (view, 6);
  wait_for_frame (GTK_WIDGET (board));
  texture = render_widget (GTK_WIDGET (board));
  pixels_init (&pixels, texture);
  ex_board_get_square_bounds (board, SQ ("c7"), &bounds);
  pixels_get (&pixels, bounds.origin.x + bounds.size.width * 0.5,
              bounds.origin.y + bounds.size.height * 0.04, &r, &g, &b);
  g_assert_cmpint (r, >, g + 60);
  pixels_clear (&pixels);
  g_clear_object (&texture);

  /* Flipped: a1 in the top right corner, still dark; h8 bottom left. */
  ex_board_set_flipped (board, TRUE);
  g_assert_true (ex_game_view_get_flipped (view));
  wait_for_frame (GTK_WIDGET (board));
  texture = render_widget (GTK_WIDGET (board));
  pixels_init (&pixels, texture);
  ex_board_get_square_bounds (board, SQ ("a1"), &bounds);
  g_assert_cmpfloat (bounds.origin.x, >, gtk_widget_get_width (GTK_WIDGET (board)) / 2);
  g_assert_cmpfloat (bounds.origin.y, <, gtk_widget_get_height (GTK_WIDGET (board)) / 2);
  g_assert_cmpint (ex_board_get_square_at (board, bounds.origin.x + 2, bounds.origin.y + 2),
                   ==, SQ ("a1"));
  square_center (board, &pixels, "h7", &r, &g, &b);
  g_assert_true (color_near (r, g, b, &light, 3));
  g_assert_cmpfloat (square_ink (board, &pixels, "c7"), >, 15.0);
  pixels_clear (&pixels);
  g_clear_object (&texture);
  ex_board_set_flipped (board, FALSE);

  /* The screenshot: the window (for its background) with the view at
   * 3...Kd4+, a matched position in check, with another matched position
   * (2...Qb1) marked in the move list. */
  {
    const CqMatchedPosition shot_matches[] = {
      { 6, CQ_BIT (SQ ("d4")) | CQ_BIT (SQ ("c3")) },
      { 9, CQ_BIT (SQ ("b1")) },
    };

    ex_game_view_set_game (view, viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 1),
                           shot_matches, G_N_ELEMENTS (shot_matches));
    g_assert_cmpuint (ex_game_view_get_node (view), ==, 6);
  }
  wait_for_frame (GTK_WIDGET (view));
  texture = render_widget (GTK_WIDGET (window));
  path = g_build_filename (VIEWER_TEST_OUTPUT_DIR, "ex-game-view.png", NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* Draw function of the canvas in test_board_painter(): records the
 * painter it was given and draws the squares. */
static void
record_painter (ExBoardCanvas        *canvas,
                GtkSnapshot          *snapshot,
                const ExBoardPainter *painter,
                gpointer              user_data)
{
  *(ExBoardPainter *) user_data = *painter;
  ex_board_painter_snapshot_squares (painter, snapshot);
}

/* The painter's geometry (whole squares, centred, both orientations, the
 * square at a point and the rectangle of a square agree), its piece image
 * cache and ExBoardCanvas. */
static void
test_board_painter (void)
{
  GtkWidget *canvas_window = gtk_window_new ();
  ExBoardPainter drawn = { NULL, 0, 0, 0, FALSE };
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GdkTexture) again = NULL;
  g_autoptr(GdkTexture) other = NULL;
  g_autoptr(GdkTexture) restored = NULL;
  ExBoardPainter painter;
  GtkWidget *canvas;

  canvas = ex_board_canvas_new (record_painter, &drawn, NULL);
  gtk_widget_set_size_request (canvas, 301, 250);
  gtk_window_set_child (GTK_WINDOW (canvas_window), canvas);
  gtk_window_present (GTK_WINDOW (canvas_window));
  wait_for_frame (canvas);

  /* The canvas hands its draw function the board of its size. */
  g_assert_true (drawn.widget == canvas);
  g_assert_false (drawn.flipped);
  g_assert_true (ex_board_painter_init (&painter, canvas, FALSE));
  g_assert_cmpint (drawn.square_size, ==, painter.square_size);
  g_assert_cmpint (painter.square_size, ==, MIN (gtk_widget_get_width (canvas),
                                                 gtk_widget_get_height (canvas)) / 8);
  g_assert_cmpint (painter.x0, ==, (gtk_widget_get_width (canvas) - 8 * painter.square_size) / 2);
  g_assert_cmpint (painter.y0, ==, (gtk_widget_get_height (canvas) - 8 * painter.square_size) / 2);

  for (int flipped = 0; flipped < 2; flipped++)
    {
      graphene_rect_t bounds;
      double x, y;

      ex_board_painter_init (&painter, canvas, flipped);
      for (int sq = 0; sq < 64; sq++)
        {
          g_assert_true (ex_board_painter_get_square_bounds (&painter, sq, &bounds));
          g_assert_cmpfloat (bounds.size.width, ==, painter.square_size);
          g_assert_cmpint (ex_board_painter_get_square_at (&painter, bounds.origin.x,
                                                           bounds.origin.y), ==, sq);
          /* The last point inside the square, bottom right. */
          x = bounds.origin.x + bounds.size.width - 0.1;
          y = bounds.origin.y + bounds.size.height - 0.1;
          g_assert_cmpint (ex_board_painter_get_square_at (&painter, x, y), ==, sq);
        }
      /* a1 bottom left, or top right when flipped. */
      ex_board_painter_get_square_bounds (&painter, SQ ("a1"), &bounds);
      g_assert_cmpfloat (bounds.origin.x, ==, flipped ? painter.x0 + 7 * painter.square_size
                                                      : painter.x0);
      g_assert_cmpfloat (bounds.origin.y, ==, flipped ? painter.y0
                                                      : painter.y0 + 7 * painter.square_size);
      g_assert_cmpint (ex_board_painter_get_square_at (&painter, painter.x0 - 0.5, painter.y0),
                       ==, CQ_NO_SQUARE);
      g_assert_cmpint (ex_board_painter_get_square_at (&painter,
                                                       painter.x0 + 8 * painter.square_size,
                                                       painter.y0), ==, CQ_NO_SQUARE);
      g_assert_false (ex_board_painter_get_square_bounds (&painter, 64, &bounds));
    }

  /* One image per piece and size, rendered once. */
  texture = ex_board_painter_get_piece_texture (CQ_WK, 40);
  again = ex_board_painter_get_piece_texture (CQ_WK, 40);
  other = ex_board_painter_get_piece_texture (CQ_WK, 41);
  g_assert_nonnull (texture);
  g_assert_true (texture == again);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 40);
  g_assert_cmpint (gdk_texture_get_width (other), ==, 41);
  g_assert_null (ex_board_painter_get_piece_texture (CQ_EMPTY, 40));
  /* The cache keeps a few sizes only: many other sizes push 40 out, and it
   * is rendered again, while the image the caller holds stays valid. */
  for (int size = 100; size < 120; size++)
    g_object_unref (ex_board_painter_get_piece_texture (CQ_WK, size));
  restored = ex_board_painter_get_piece_texture (CQ_WK, 40);
  g_assert_true (restored != texture);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 40);

  /* The view's window gets the keyboard back for the tests that follow. */
  gtk_window_destroy (GTK_WINDOW (canvas_window));
  gtk_window_present (window);
  wait_for_frame (GTK_WIDGET (view));
}

/* A long study stays quick: set it and walk every node. */
static void
test_long_study (void)
{
  CqGame *game = viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 3);
  guint n_nodes = game->n_nodes;
  gint64 start = g_get_monotonic_time ();
  double elapsed;

  ex_game_view_set_game (view, game, NULL, 0);
  for (guint i = 0; i < n_nodes; i++)
    {
      ex_game_view_go_to_node (view, i);
      g_assert_cmpuint (ex_game_view_get_node (view), ==, i);
    }
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  g_test_message ("Liburkin 1934: %u nodes set and visited in %.1f ms", n_nodes, elapsed);
  g_assert_cmpuint (n_nodes, >, 60);

  ex_game_view_go_to_node (view, 0);
  press (GDK_KEY_End, cq_game_mainline_end (game)->index);

  /* The move list scrolled to the last move of the mainline. */
  {
    ExMoveList *list = find_move_list (GTK_WIDGET (view));
    GdkRectangle rect;

    wait_for_frame (GTK_WIDGET (view));
    move_location (list, cq_game_mainline_end (game)->index, &rect);
    g_assert_cmpint (rect.y, >=, 0);
    g_assert_cmpint (rect.y + rect.height, <=, gtk_widget_get_height (GTK_WIDGET (list)));

    press (GDK_KEY_Home, 0);
    wait_for_frame (GTK_WIDGET (view));
    move_location (list, 0, &rect);
    g_assert_cmpint (rect.y, >=, 0);
    g_assert_cmpint (rect.y + rect.height, <=, gtk_widget_get_height (GTK_WIDGET (list)));
  }
}

/* Every study of the team's data folder (when present): each game is set
 * and every node visited, with the board and move list kept in step. */
static void
test_shared_studies (void)
{
  static const char *const files[] = {
    "studies/cql6-sample-hhdb-selection.pgn",
    "studies/pychess-lichess/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn",
    "studies/pychess-lichess/lichess_study_beautiful-chess-studies-2_by_thijscom_2018.04.17.pgn",
  };
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  guint n_games = 0, n_nodes = 0, max_nodes = 0;
  gint64 start;
  double elapsed;

  if (shared == NULL || !g_file_test (shared, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA is not set or missing");
      return;
    }

  start = g_get_monotonic_time ();
  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = g_build_filename (shared, files[f], NULL);
      g_autoptr(CqPgnReader) reader = NULL;
      g_autoptr(GError) error = NULL;
      CqGameSource source;
      const char *text;
      gsize len;

      reader = cq_pgn_reader_new_for_path (path, NULL, &error);
      if (reader == NULL)
        {
          g_test_skip (error->message);
          return;
        }

      while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
        {
          CqGame *game = cq_game_new_parsed (text, len, &source, path);
          ExBoard *board = ex_game_view_get_board (view);
          CqMatchedPosition last = { 0, CQ_BIT (0) };
          guint count;

          if (game->root == NULL)
            {
              ex_game_view_set_game (view, game, NULL, 0);
              continue;
            }

          count = game->n_nodes;
          last.node = count - 1;
          ex_game_view_set_game (view, game, &last, 1);
          g_assert_cmpuint (ex_game_view_get_node (view), ==, count - 1);
          for (guint i = 0; i < count; i++)
            {
              CqNode *node = cq_game_get_node (game, i);

              ex_game_view_go_to_node (view, i);
              g_assert_true (memcmp (ex_board_get_position (board), &node->position,
                                     sizeof (CqPosition)) == 0);
            }
          n_games++;
          n_nodes += count;
          max_nodes = MAX (max_nodes, count);
        }
      g_assert_no_error (error);
    }
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  g_test_message ("%u games, %u nodes (largest %u) set and visited in %.0f ms",
                  n_games, n_nodes, max_nodes, elapsed);
  g_assert_cmpuint (n_games, >, 300);

  ex_game_view_set_game (view, NULL, NULL, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);

  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return 77;
    }
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP gtk_init_check() failed\n");
      return 77;
    }

  /* Scrolling is animated otherwise: the checks would race it. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 560, 900);
  view = EX_GAME_VIEW (ex_game_view_new ());
  gtk_window_set_child (window, GTK_WIDGET (view));
  gtk_window_present (window);
  wait_for_frame (GTK_WIDGET (view));

  g_test_add_func ("/viewer/board/description", test_board_description);
  g_test_add_func ("/viewer/game-view/keyboard", test_keyboard_navigation);
  g_test_add_func ("/viewer/game-view/matches", test_matched_positions);
  g_test_add_func ("/viewer/board/rendering", test_board_rendering);
  g_test_add_func ("/viewer/board/painter", test_board_painter);
  g_test_add_func ("/viewer/game-view/long-study", test_long_study);
  g_test_add_func ("/viewer/game-view/broken-games", test_broken_games);
  g_test_add_func ("/viewer/game-view/study-header", test_study_header);
  g_test_add_func ("/viewer/game-view/shared-studies", test_shared_studies);

  status = g_test_run ();

  gtk_window_destroy (window);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  return status;
}
