/* ex-square-input.h: clicks, drags and drops on a board, as squares.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"

G_BEGIN_DECLS

/**
 * ExSquareInputFlags:
 * @EX_SQUARE_INPUT_CLICK: a click on a square emits #ExSquareInput::clicked,
 *   or #ExSquareInput::removed with the secondary button (a right click
 *   empties a square); on the button's release, so that a drag that starts
 *   there is no click.
 * @EX_SQUARE_INPUT_DROP: text dropped on a square emits
 *   #ExSquareInput::dropped: a piece symbol dragged from a palette (`N`,
 *   `U`, `[Qr]`), or a piece dragged from a square of the board (`N@g1`).
 * @EX_SQUARE_INPUT_DRAG_PIECES: the pieces on the board can be dragged
 *   (ex_square_input_set_piece_func() says which square holds which
 *   piece): dropped on a square, they arrive as `N@g1`; dropped off the
 *   board, #ExSquareInput::removed says so.
 * @EX_SQUARE_INPUT_SPAN: a drag with the primary button spans the
 *   rectangle of squares from where it starts to where it is
 *   (ex_square_input_get_span() while it lasts, #ExSquareInput::spanned at
 *   its end); a press and release on one square emits
 *   #ExSquareInput::clicked.
 *
 * What an #ExSquareInput listens to; combined with `|`.
 */
typedef enum {
  EX_SQUARE_INPUT_CLICK       = 1 << 0,
  EX_SQUARE_INPUT_DROP        = 1 << 1,
  EX_SQUARE_INPUT_DRAG_PIECES = 1 << 2,
  EX_SQUARE_INPUT_SPAN        = 1 << 3,
} ExSquareInputFlags;

/**
 * ExSquareInputPieceFunc:
 * @square: a square, 0 (a1) .. 63 (h8).
 * @user_data: the data given to ex_square_input_set_piece_func().
 *
 * Returns: the #CqPiece on @square, CQ_EMPTY for none.
 */
typedef CqPiece (*ExSquareInputPieceFunc) (int      square,
                                           gpointer user_data);

#define EX_TYPE_SQUARE_INPUT (ex_square_input_get_type ())

G_DECLARE_FINAL_TYPE (ExSquareInput, ex_square_input, EX, SQUARE_INPUT, GObject)

/**
 * ex_square_input_new:
 * @board: the widget a board is drawn on (an #ExBoardCanvas); not
 *   referenced.  The event controllers that @flags ask for are added to it,
 *   and taken off again when the input is disposed.
 * @flags: what to listen to.
 *
 * The squares of the board are those the board painter lays out on @board
 * (ex_board_painter_init()), a1 bottom left unless
 * ex_square_input_set_flipped() says otherwise.  The owner keeps the
 * reference returned and connects the signals to its own model; their
 * arguments after the input are the squares (and the dropped text), so
 * that g_signal_connect_swapped() can call a board's own functions:
 *
 * - `clicked (int square)`: a click on @square;
 * - `removed (int square)`: a right click on @square, or its piece dragged
 *   off the board: empty it;
 * - `dropped (int square, const char *text) -> gboolean`: @text dropped on
 *   @square, accepted if the handler returns %TRUE;
 * - `spanned (int from, int to)`: a drag spanned the rectangle of @from
 *   and @to (two different squares).
 *
 * Returns: (transfer full): a new input.
 */
ExSquareInput *ex_square_input_new            (GtkWidget              *board,
                                               ExSquareInputFlags      flags);

/**
 * ex_square_input_set_flipped:
 * @flipped: %TRUE when the board is drawn from Black's side (h1 top left),
 *   as the painter's #ExBoardPainter:flipped.
 *
 * The orientation in which squares are found under the pointer; it must be
 * the one the board is drawn in.
 */
void           ex_square_input_set_flipped    (ExSquareInput          *self,
                                               gboolean                flipped);

/**
 * ex_square_input_get_square_at:
 * @x: a horizontal position in the board widget's coordinates (pixels).
 * @y: a vertical position in the board widget's coordinates (pixels).
 *
 * Returns: the square under the point, 0 (a1) .. 63 (h8), or CQ_NO_SQUARE
 *   if the point is off the board or the widget has no room for one.
 */
int            ex_square_input_get_square_at  (ExSquareInput          *self,
                                               double                  x,
                                               double                  y);

/**
 * ex_square_input_set_piece_func:
 * @func: what is on each square, for #EX_SQUARE_INPUT_DRAG_PIECES: an
 *   empty square cannot be dragged.
 * @user_data: (closure): passed to @func; not owned, so it must live as
 *   long as the input (the board that owns the input).
 */
void           ex_square_input_set_piece_func (ExSquareInput          *self,
                                               ExSquareInputPieceFunc  func,
                                               gpointer                user_data);

/**
 * ex_square_input_get_span:
 * @from: (out) (optional): the square the drag started on.
 * @to: (out) (optional): the square the pointer is on now (the last one on
 *   the board).
 *
 * The rectangle being spanned by an #EX_SQUARE_INPUT_SPAN drag; the input
 * redraws the board whenever it changes, so that the board can show it.
 *
 * Returns: %TRUE while such a drag lasts (@from and @to set), %FALSE
 *   otherwise (both CQ_NO_SQUARE).
 */
gboolean       ex_square_input_get_span       (ExSquareInput          *self,
                                               int                    *from,
                                               int                    *to);

/**
 * ex_square_input_set_drag_icon:
 * @source: a drag source about to start a drag.
 * @piece: the #CqPiece dragged; anything else leaves the default icon.
 *
 * Shows @piece's image (ex_board_painter_get_piece_texture(), 64 px) under
 * the pointer while it is dragged, for the boards' and palettes' drags.
 */
void           ex_square_input_set_drag_icon  (GtkDragSource          *source,
                                               int                     piece);

G_END_DECLS
