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

/**
 * ex_board_set_piece_ids:
 * @self: an #ExBoard.
 * @ids: (nullable) (array fixed-size=64): the id of the piece on each
 *   square of the position shown (cq_game_piece_ids()), 0xFF for empty
 *   squares; copied.  %NULL removes them.
 *
 * Hovering a piece then shows its id in a tooltip (CQL 6 `pieceid`: the
 * mark of rulings R11, kept through moves and promotion).  Reset by
 * ex_board_set_position().
 */
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

/**
 * ex_board_dup_piece_tooltip:
 * @self: an #ExBoard.
 * @square: 0..63.
 *
 * Returns: (transfer full) (nullable): the tooltip shown when the piece on
 *   @square is hovered, e.g. "White rook on a1, piece id 0" (CQL 6
 *   `pieceid`, rulings R11), or %NULL if the square is empty or no ids were
 *   set (ex_board_set_piece_ids()).
 */
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

/**
 * ex_board_set_interactive:
 * @self: an #ExBoard.
 * @interactive: %TRUE to let the user move the pieces of the side to move.
 *
 * On an interactive board a piece of the side to move is picked up by a
 * click or a drag; its legal targets are marked, and a click on one of
 * them, or a drop there, emits #ExBoard::move-chosen with the move (after
 * the promotion chooser for a pawn that reaches the last rank).  Any
 * other target is refused: the piece goes back.  The board never changes
 * its position itself: the owner shows the position after the move.
 */
void        ex_board_set_interactive     (ExBoard          *self,
                                          gboolean          interactive);
gboolean    ex_board_get_interactive     (ExBoard          *self);

/**
 * ex_board_press_square:
 * @self: an #ExBoard.
 * @square: the square pressed, 0..63, or CQ_NO_SQUARE (off the board).
 *
 * What a pointer press on @square does (the board's gesture calls it;
 * the tests call it too): with a piece picked, a press on one of its
 * targets plays the move; a press on a piece of the side to move picks it
 * up (a press on the piece picked already puts it down on release, unless
 * it is dragged to a target); any other press drops the piece picked.
 *
 * Returns: %TRUE if a piece is picked up now (a drag may follow).
 */
gboolean    ex_board_press_square        (ExBoard          *self,
                                          int               square);

/**
 * ex_board_release_square:
 * @self: an #ExBoard.
 * @square: the square where the pointer was released, or CQ_NO_SQUARE.
 *
 * What releasing the pointer over @square after a press that picked a
 * piece does: on the piece's own square it stays picked (a click; the
 * next click chooses the target), on a legal target the move is played,
 * anywhere else the piece goes back unpicked.
 */
void        ex_board_release_square      (ExBoard          *self,
                                          int               square);

/* The square of the piece picked up, or CQ_NO_SQUARE; the squares it may
 * move to (0 when none is picked). */
int         ex_board_get_picked          (ExBoard          *self);
CqBitboard  ex_board_get_targets         (ExBoard          *self);

/* The popover that asks which piece a pawn promotes to (an
 * #ExPromotionChooser), or %NULL until a promotion was first asked. */
GtkWidget  *ex_board_get_promotion_chooser (ExBoard        *self);

G_END_DECLS
