/* ex-board.h: a chess board widget for the Excelsior workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "ex-board-painter.h"

G_BEGIN_DECLS

#define EX_TYPE_BOARD (ex_board_get_type ())

G_DECLARE_FINAL_TYPE (ExBoard, ex_board, EX, BOARD, GtkWidget)

/**
 * ex_board_new:
 *
 * Creates an empty board (no position: squares only).  The board keeps a
 * square aspect ratio and scales with its allocation (at least 240 px).
 *
 * Returns: (transfer floating): a new #ExBoard.
 */
GtkWidget  *ex_board_new                 (void);

/**
 * ex_board_set_position:
 * @self: an #ExBoard.
 * @pos: (nullable): the position to show; copied.  %NULL empties the board.
 * @last_move: (nullable): the move that led to @pos; its from and to squares
 *   are tinted (for castling, the king's squares, rulings R4).  Copied.
 *
 * Shows @pos.  The king of the side to move is marked when it is in check
 * (cq_position_in_check(), rulings R5).  The highlighted squares are kept;
 * change them with ex_board_set_highlight().  Also updates the accessible
 * label (ex_board_dup_description()).
 */
void        ex_board_set_position        (ExBoard          *self,
                                          const CqPosition *pos,
                                          const CqMove     *last_move);

/**
 * ex_board_set_highlight:
 * @self: an #ExBoard.
 * @squares: a bitboard (bit n = square n, a1 = 0 ... h8 = 63) of squares
 *   to outline, usually the squares of a matched position
 *   (#CqMatchedPosition.squares); 0 for none.
 */
void        ex_board_set_highlight       (ExBoard          *self,
                                          CqBitboard        squares);
CqBitboard  ex_board_get_highlight       (ExBoard          *self);

/**
 * ex_board_set_shapes:
 * @self: an #ExBoard.
 * @shapes: (nullable): the coloured squares and arrows of the position's
 *   comment (ex_board_shapes_parse()), drawn over the pieces; copied.
 *   %NULL removes them.
 *
 * Kept until the next call: the game view sets them with each position.
 */
void        ex_board_set_shapes          (ExBoard             *self,
                                          const ExBoardShapes *shapes);

/* The shapes drawn (none: @n_shapes 0); valid until the next
 * ex_board_set_shapes(). */
const ExBoardShapes *ex_board_get_shapes (ExBoard          *self);

/**
 * ex_board_set_flipped:
 * @self: an #ExBoard.
 * @flipped: %TRUE to show the board from Black's side (h1 top left), %FALSE
 *   for the usual diagram orientation (a1 bottom left).
 *
 * Sets the #ExBoard:flipped property.
 */
void        ex_board_set_flipped         (ExBoard          *self,
                                          gboolean          flipped);
gboolean    ex_board_get_flipped         (ExBoard          *self);

/* Piece ids (cq_game_piece_ids()) of the position shown, for the hover
 * tooltip; NULL removes them.  See ex-board.c. */
void        ex_board_set_piece_ids       (ExBoard          *self,
                                          const guint8     *ids);

/**
 * ex_board_get_position:
 * @self: an #ExBoard.
 *
 * Returns: (nullable) (transfer none): the position shown, or %NULL if the
 *   board is empty.  Valid until the next ex_board_set_position().
 */
const CqPosition *ex_board_get_position  (ExBoard          *self);
char       *ex_board_dup_piece_tooltip  (ExBoard          *self,
                                         int               square);

/**
 * ex_board_get_square_bounds:
 * @self: an #ExBoard.
 * @square: a square, 0 (a1) .. 63 (h8).
 * @bounds: (out): where @square is drawn, in widget coordinates (pixels),
 *   for the current allocation and orientation.
 *
 * Returns: %FALSE (and an empty @bounds) if the widget has no size yet or
 *   @square is out of range.
 */
gboolean    ex_board_get_square_bounds   (ExBoard          *self,
                                          int               square,
                                          graphene_rect_t  *bounds);

/**
 * ex_board_get_square_at:
 * @self: an #ExBoard.
 * @x, @y: a point in widget coordinates (pixels).
 *
 * Returns: the square under the point, 0..63, or CQ_NO_SQUARE (-1) if the
 *   point is outside the board.
 */
int         ex_board_get_square_at       (ExBoard          *self,
                                          double            x,
                                          double            y);

/**
 * ex_board_dup_description:
 * @self: an #ExBoard.
 *
 * The text given to assistive technologies as the board's accessible label:
 * the pieces of each side in the order K Q R B N P, then a1..h8, for
 * instance "White: Kc7, Nf5, Pb2. Black: Kc5, Pe2. White to move.", or
 * "Empty board." when no position is shown.  Translated.
 *
 * Returns: (transfer full): a newly allocated UTF-8 string.
 */
char       *ex_board_dup_description     (ExBoard          *self);

G_END_DECLS
