/* cq-pieceid.h: piece identity (CQL 3 marks, CQL 6 pieceid).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/* The id of no piece (an empty square). */
#define CQ_PIECE_ID_NONE 0xFF

/**
 * cq_game_piece_ids:
 * @game: a game whose moves were parsed (cq_game_parse_moves()).
 * @node: a node of @game.
 * @ids: (out caller-allocates) (array fixed-size=64): for each square
 *   (a1 = 0 ... h8 = 63), the id of the piece standing there in @node's
 *   position, or #CQ_PIECE_ID_NONE if it is empty.
 *
 * Piece ids are the marks of rulings R11 (CQL 6 `pieceid`): 0, 1, 2 ...
 * over the occupied squares of the game's initial position in the order
 * a1, b1, ..., h1, a2, ..., h8.  An id follows its piece through moves;
 * promotion keeps it, castling moves the rook's id with the rook, and a
 * captured piece's id (en passant included) leaves the board.  Computed by
 * replaying the moves from the root to @node: O(ply of @node), no
 * allocation beyond the path.
 *
 * Returns: the number of ids given out in the initial position (ids are
 *   below it), or 0 if @game has no initial position.
 */
guint cq_game_piece_ids (const CqGame *game, const CqNode *node, guint8 ids[64]);

G_END_DECLS
