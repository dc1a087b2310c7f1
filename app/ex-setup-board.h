/* ex-setup-board.h: a position set up on a board, to find where it occurs.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "cql/cq-query.h"

G_BEGIN_DECLS

#define EX_TYPE_SETUP_BOARD (ex_setup_board_get_type ())

G_DECLARE_FINAL_TYPE (ExSetupBoard, ex_setup_board, EX, SETUP_BOARD, GtkBox)

/* The piece on @square (0 = a1 .. 63 = h8), CQ_EMPTY for none. */
CqPiece     ex_setup_board_get_piece      (ExSetupBoard     *self,
                                           int               square);
void        ex_setup_board_set_piece      (ExSetupBoard     *self,
                                           int               square,
                                           CqPiece           piece);

/* The piece a click puts down (CQ_EMPTY: a click empties the square). */
void        ex_setup_board_set_brush      (ExSetupBoard     *self,
                                           CqPiece           piece);

/* What a primary click on @square does: puts the brush there, or empties
 * the square if it holds the brush already. */
void        ex_setup_board_click_square   (ExSetupBoard     *self,
                                           int               square);

/**
 * ex_setup_board_drop:
 * @square: where the piece is dropped.
 * @payload: what was dragged: a piece letter (`N`, `k`) from the palette,
 *   or a letter and the square it left (`N@g1`) from the board.
 *
 * What a drop on the board does: the piece goes to @square, and leaves its
 * square when it came from the board.  Returns: FALSE for another payload.
 */
gboolean    ex_setup_board_drop           (ExSetupBoard     *self,
                                           int               square,
                                           const char       *payload);

/* Pieces, side to move and castling rights of @pos. */
void        ex_setup_board_set_position   (ExSetupBoard     *self,
                                           const CqPosition *pos);

/**
 * ex_setup_board_set_fen:
 * Sets the board from @fen (its side to move and castling rights too; the
 * fields after the side to move may be missing).  Returns: FALSE with a
 * CQ_CHESS_ERROR, the board unchanged, if @fen is not a FEN.
 */
gboolean    ex_setup_board_set_fen        (ExSetupBoard     *self,
                                           const char       *fen,
                                           GError          **error);

/* The FEN of the board: pieces, side to move, the castling rights whose
 * king and rook stand at home, no en passant square, counters "0 1".
 * Transfer full. */
char       *ex_setup_board_dup_fen        (ExSetupBoard     *self);

void        ex_setup_board_set_side_to_move (ExSetupBoard   *self,
                                             CqColor         color);
CqColor     ex_setup_board_get_side_to_move (ExSetupBoard   *self);

/* The search options: exact or symmetric, and how many pieces may differ
 * (0 .. CQ_POSITION_MAX_DIFFER). */
void        ex_setup_board_set_search     (ExSetupBoard     *self,
                                           CqPositionMatch   mode,
                                           guint             max_differ);
CqPositionMatch ex_setup_board_get_mode   (ExSetupBoard     *self);
guint       ex_setup_board_get_max_differ (ExSetupBoard     *self);

/**
 * ex_setup_board_find:
 * What the Find button does: if the board is a legal position, emits
 * #ExSetupBoard::find with its FEN and the search options and returns
 * TRUE; otherwise shows why not under the board and returns FALSE.
 */
gboolean    ex_setup_board_find           (ExSetupBoard     *self);

/* The message under the board ("" when none): why the position cannot be
 * searched, or a FEN that could not be read. */
const char *ex_setup_board_get_message    (ExSetupBoard     *self);

G_END_DECLS
