/* cq-index-moves.h: a game's tree of moves in the index's compact
 * encoding, about a byte a move, that replays without SAN and without a
 * move generation (docs/index.md, "The game tree").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/**
 * cq_index_moves_encode:
 * @game: a game read (cq_game_parse_moves()), with a root.
 * @out: the encoding is appended to it.
 *
 * Appends the encoding of @game's start position and of its tree (the
 * main line and every variation, as they were read: a game with an error
 * keeps the positions it has) to @out.
 *
 * Returns: the bytes appended; 0 (having appended nothing) if @game has
 *   no root (a FEN that could not be set up).
 */
gsize   cq_index_moves_encode (const CqGame *game, GByteArray *out);

/**
 * cq_index_moves_decode:
 * @data: the @len bytes of one game's encoding (cq_index_moves_encode()).
 * @source: (nullable): where the game lies in its file
 *   (cq_game_new_tree()).
 * @filename: (nullable): the file's name, as for cq_game_new_tree().
 *
 * Replays the encoding into a game of positions and moves only
 * (cq_game_new_tree()): the same nodes as the text's
 * cq_game_parse_moves() (positions, moves, plies, pre-order indices,
 * variations), without tags, comments, NAGs or SAN.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL if @data is not
 *   a well-formed encoding (a damaged index: the caller reads the text).
 */
CqGame *cq_index_moves_decode (const guint8 *data, gsize len, const CqGameSource *source,
                               const char *filename);

G_END_DECLS
