/* ex-board-painter.h: the one painter of chess boards in the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every board of the workbench (the viewer's ExBoard, the picker's square
 * board, the pattern board) is laid out and painted here: the geometry
 * (square size, origin, orientation, square at a point, rectangle of a
 * square), the squares and their marks, the coordinates, the pieces,
 * whose images come from one cache, and the arrows and coloured squares of
 * comments (ex-board-shapes.h).  The widgets add only what is their own on
 * top.  Diagrams (ex-diagram.c) draw with the same geometry, colours,
 * piece documents and shapes through cairo.
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "ex-board-shapes.h"

G_BEGIN_DECLS

/* The board palette, as CSS colour strings (gdk_rgba_parse()).  Square a1
 * is dark.  Exposed so that tests and screenshots can check what is drawn. */
#define EX_BOARD_LIGHT_SQUARE_COLOR "#eedcbb"
#define EX_BOARD_DARK_SQUARE_COLOR  "#b48a63"

/**
 * ExBoardPainter:
 * @widget: (unowned): the widget the board is drawn on: its size, scale
 *   factor and Pango context are used.
 * @square_size: the side of a square in pixels, a whole number so that the
 *   squares meet without seams; 0 when the widget has no room for a board.
 * @x0: the left edge of the board in widget coordinates (pixels).
 * @y0: the top edge of the board in widget coordinates (pixels).
 * @flipped: %TRUE when the board is seen from Black's side (h1 top left),
 *   %FALSE for the diagram orientation (a1 bottom left).
 *
 * The board of one widget at its current size: the largest board of whole
 * squares that fits, centred.  A plain value, filled by
 * ex_board_painter_init() and valid until the widget's size changes; it
 * holds no reference.  Squares are numbered a1 = 0, b1 = 1 .. h8 = 63.
 */
typedef struct {
  GtkWidget *widget;
  int        square_size;
  int        x0;
  int        y0;
  gboolean   flipped;
} ExBoardPainter;

/**
 * ExBoardMark:
 * @EX_BOARD_MARK_LAST_MOVE: a yellow tint (the squares of the last move).
 * @EX_BOARD_MARK_MATCH: a blue tint and a blue outline inside the square,
 *   7% of its side wide (at least 2 px): the squares of a matched position.
 * @EX_BOARD_MARK_SELECTED: a stronger blue tint and a 1.5 px outline: the
 *   squares chosen in the picker.
 * @EX_BOARD_MARK_PICKED: a green tint: the square of the piece the user
 *   picked up to move on the viewer's board.
 * @EX_BOARD_MARK_TARGET: a green dot in the middle of the square: an empty
 *   square the picked piece may move to.
 * @EX_BOARD_MARK_CAPTURE: a green ring along the square's edge: a square
 *   whose piece the picked piece may take.
 *
 * How ex_board_painter_snapshot_marks() marks squares.
 */
typedef enum {
  EX_BOARD_MARK_LAST_MOVE,
  EX_BOARD_MARK_MATCH,
  EX_BOARD_MARK_SELECTED,
  EX_BOARD_MARK_PICKED,
  EX_BOARD_MARK_TARGET,
  EX_BOARD_MARK_CAPTURE
} ExBoardMark;

/**
 * ex_board_painter_init:
 * @painter: (out caller-allocates): the painter to fill.
 * @widget: the widget to draw on; not referenced.
 * @flipped: the orientation (see #ExBoardPainter).
 *
 * Lays out the board for @widget's current allocation.
 *
 * Returns: %TRUE if there is room for a board (@painter->square_size > 0).
 */
gboolean    ex_board_painter_init               (ExBoardPainter        *painter,
                                                 GtkWidget             *widget,
                                                 gboolean               flipped);

/**
 * ex_board_painter_get_square_bounds:
 * @painter: a painter.
 * @square: a square, 0 (a1) .. 63 (h8).
 * @bounds: (out): where @square is drawn, in widget coordinates (pixels).
 *
 * Returns: %FALSE (and an empty @bounds) if there is no board or @square is
 *   out of range.
 */
gboolean    ex_board_painter_get_square_bounds  (const ExBoardPainter  *painter,
                                                 int                    square,
                                                 graphene_rect_t       *bounds);

/**
 * ex_board_painter_get_square_at:
 * @painter: a painter.
 * @x: a horizontal position in widget coordinates (pixels).
 * @y: a vertical position in widget coordinates (pixels).
 *
 * Returns: the square under the point, 0 (a1) .. 63 (h8), or CQ_NO_SQUARE
 *   (-1) if the point is outside the board.
 */
int         ex_board_painter_get_square_at      (const ExBoardPainter  *painter,
                                                 double                 x,
                                                 double                 y);

/**
 * ex_board_painter_snapshot_squares:
 * @painter: a painter.
 * @snapshot: where to draw.
 *
 * Draws the 64 squares in the light and dark colours
 * (#EX_BOARD_LIGHT_SQUARE_COLOR, #EX_BOARD_DARK_SQUARE_COLOR).
 */
void        ex_board_painter_snapshot_squares   (const ExBoardPainter  *painter,
                                                 GtkSnapshot           *snapshot);

/**
 * ex_board_painter_snapshot_marks:
 * @painter: a painter.
 * @snapshot: where to draw.
 * @squares: a bitboard (bit n = square n, a1 = 0 .. h8 = 63) of the squares
 *   to mark; 0 draws nothing.
 * @mark: how to mark them.
 *
 * Draws @mark over each square of @squares (over the square colours, under
 * the coordinates and pieces).
 */
void        ex_board_painter_snapshot_marks     (const ExBoardPainter  *painter,
                                                 GtkSnapshot           *snapshot,
                                                 CqBitboard             squares,
                                                 ExBoardMark            mark);

/**
 * ex_board_painter_snapshot_coordinates:
 * @painter: a painter.
 * @snapshot: where to draw.
 *
 * Draws the rank digits in the top left corner of the left column and the
 * file letters in the bottom right corner of the bottom row, in the colour
 * of the other squares, with a font of 17% of the square (at least 7 px).
 * Nothing when squares are smaller than 24 px.
 */
void        ex_board_painter_snapshot_coordinates (const ExBoardPainter *painter,
                                                   GtkSnapshot         *snapshot);

/**
 * ex_board_painter_snapshot_piece:
 * @painter: a painter.
 * @snapshot: where to draw.
 * @piece: a #CqPiece, CQ_WP .. CQ_BK; anything else draws nothing.
 * @rect: where to draw the image, in widget coordinates (pixels): usually a
 *   square's bounds (ex_board_painter_get_square_bounds()), or a part of one.
 *
 * Draws @piece's image, rendered at @rect's width in device pixels
 * (ex_board_painter_get_piece_texture()).  When the image cannot be loaded,
 * the piece letter is drawn instead so that the board stays readable.
 */
void        ex_board_painter_snapshot_piece     (const ExBoardPainter  *painter,
                                                 GtkSnapshot           *snapshot,
                                                 CqPiece                piece,
                                                 const graphene_rect_t *rect);

/**
 * ex_board_painter_snapshot_shapes:
 * @painter: a painter.
 * @snapshot: where to draw.
 * @shapes: (nullable): the coloured squares and arrows of a comment
 *   (ex_board_shapes_parse()); %NULL or none draws nothing.
 *
 * Draws @shapes over the board as lichess does: a coloured ring inside each
 * square and a translucent arrow from the centre of one square to the
 * other, in green, red, yellow or blue.  Drawn last, over the pieces.
 */
void        ex_board_painter_snapshot_shapes    (const ExBoardPainter  *painter,
                                                 GtkSnapshot           *snapshot,
                                                 const ExBoardShapes   *shapes);

/**
 * ex_board_painter_draw_shapes:
 * @painter: a painter; only its geometry is used (@painter->widget may be
 *   %NULL).
 * @cr: where to draw, in the painter's coordinates.
 * @shapes: (nullable): the shapes.
 *
 * As ex_board_painter_snapshot_shapes(), with cairo (for diagrams).
 */
void        ex_board_painter_draw_shapes        (const ExBoardPainter  *painter,
                                                 cairo_t               *cr,
                                                 const ExBoardShapes   *shapes);

/**
 * ex_board_painter_draw_piece:
 * @cr: where to draw.
 * @piece: a #CqPiece, CQ_WP .. CQ_BK.
 * @rect: where to draw the image, in @cr's user coordinates.
 *
 * Renders @piece's SVG document (the images of
 * ex_board_painter_get_piece_texture()) with librsvg straight into @cr, so
 * that a vector surface (SVG, PDF) keeps the piece as vectors.  Main thread
 * only.
 *
 * Returns: %FALSE if @piece is not a piece or its image cannot be loaded
 *   or rendered.
 */
gboolean    ex_board_painter_draw_piece         (cairo_t               *cr,
                                                 CqPiece                piece,
                                                 const graphene_rect_t *rect);

/**
 * ex_board_painter_get_square_color:
 * @square: a square, 0 (a1) .. 63 (h8).
 * @color: (out): the colour of @square (#EX_BOARD_LIGHT_SQUARE_COLOR or
 *   #EX_BOARD_DARK_SQUARE_COLOR).
 */
void        ex_board_painter_get_square_color   (int                    square,
                                                 GdkRGBA               *color);

/**
 * ex_board_painter_get_piece_texture:
 * @piece: a #CqPiece, CQ_WP .. CQ_BK.
 * @size: the side of the image in device pixels, 1 or more.
 *
 * The image of @piece (the cburnett set, see pieces/cburnett/ATTRIBUTION.md)
 * rendered from its SVG document with librsvg at @size x @size pixels.
 * Images are kept per size for the few sizes used last, so that a redraw at
 * the same size renders no SVG.  Main thread only.
 *
 * Returns: (transfer full) (nullable): the image, or %NULL if @piece is not
 *   a piece or its image cannot be loaded or rendered.
 */
GdkTexture *ex_board_painter_get_piece_texture  (CqPiece                piece,
                                                 int                    size);

#define EX_TYPE_BOARD_CANVAS (ex_board_canvas_get_type ())

G_DECLARE_FINAL_TYPE (ExBoardCanvas, ex_board_canvas, EX, BOARD_CANVAS, GtkWidget)

/**
 * ExBoardCanvasFunc:
 * @canvas: the canvas being drawn.
 * @snapshot: where to draw.
 * @painter: the board laid out for @canvas's current size (not flipped),
 *   with room for at least one pixel per square.
 * @user_data: the data given to ex_board_canvas_new().
 *
 * Draws the board of an #ExBoardCanvas with the painter's functions and
 * whatever the owner adds on top.
 */
typedef void (*ExBoardCanvasFunc) (ExBoardCanvas        *canvas,
                                   GtkSnapshot          *snapshot,
                                   const ExBoardPainter *painter,
                                   gpointer              user_data);

/**
 * ex_board_canvas_new:
 * @func: draws the board.
 * @user_data: (closure): passed to @func.
 * @destroy: (nullable): called on @user_data when the canvas is finalized.
 *
 * A widget that only draws a board, with @func, for the boards that are part
 * of another widget (the picker's squares, the pattern board).  It asks for
 * no size: set one with gtk_widget_set_size_request().  Its accessible role
 * is an image.
 *
 * Returns: (transfer floating): a new #ExBoardCanvas.
 */
GtkWidget  *ex_board_canvas_new                 (ExBoardCanvasFunc      func,
                                                 gpointer               user_data,
                                                 GDestroyNotify         destroy);

/**
 * ex_board_canvas_set_func:
 * @self: a canvas.
 * @func: (nullable): draws the board; %NULL draws nothing.
 * @user_data: (closure): passed to @func.
 * @destroy: (nullable): called on @user_data when the canvas is finalized
 *   or gets another function.
 *
 * Replaces the function that draws the board (the @destroy of the one
 * before is called), for a canvas made by a template (`ExBoardCanvas` in a
 * .ui file), and redraws.
 */
void        ex_board_canvas_set_func            (ExBoardCanvas         *self,
                                                 ExBoardCanvasFunc      func,
                                                 gpointer               user_data,
                                                 GDestroyNotify         destroy);

G_END_DECLS
