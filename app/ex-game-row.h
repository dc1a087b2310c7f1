/* ex-game-row.h: one game of a database as the game list shows it (its tags).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "pgn/cq-pgn.h"

G_BEGIN_DECLS

#define EX_TYPE_GAME_ROW (ex_game_row_get_type ())

G_DECLARE_FINAL_TYPE (ExGameRow, ex_game_row, EX, GAME_ROW, GObject)

/**
 * ex_game_row_new_from_game:
 * @game: a game read with cq_game_new_from_text() (its tags only; its
 *   moves are not needed).
 * @number: the game's 1-based ordinal in the whole database (all its
 *   files, in search order: rulings R3).
 * @source: where its text lies in the file it is re-read from
 *   (cq_pgn_read_game_at()), which is that file's entry @file_index of the
 *   game list (ex_game_list_get_reread_path()).
 * @digest: cq_pgn_game_digest() of its text as listed: the game is read
 *   back only while that text is still at @source.
 *
 * Copies the tags the list shows and counts the pieces of the game's
 * first position.  May be called on any thread.
 *
 * Returns: (transfer full): a new row.
 */
ExGameRow          *ex_game_row_new_from_game (const CqGame       *game,
                                               guint64             number,
                                               const CqGameSource *source,
                                               guint64             digest);

/* The game's 1-based ordinal in the database. */
guint64             ex_game_row_get_number  (ExGameRow *self);

/* Where the game's text lies, for cq_pgn_read_game_at(); its file_index
 * names the file it is re-read from (ex_game_list_get_reread_path()). */
const CqGameSource *ex_game_row_get_source  (ExGameRow *self);

/* The digest of the game's text as listed (cq_pgn_read_game_at_checked()). */
guint64             ex_game_row_get_digest  (ExGameRow *self);

/* Tag values ("" when the game has no such tag; never NULL). */
const char         *ex_game_row_get_white   (ExGameRow *self);
const char         *ex_game_row_get_black   (ExGameRow *self);
const char         *ex_game_row_get_event   (ExGameRow *self);
const char         *ex_game_row_get_site    (ExGameRow *self);
const char         *ex_game_row_get_date    (ExGameRow *self);
const char         *ex_game_row_get_result  (ExGameRow *self);
const char         *ex_game_row_get_eco     (ExGameRow *self);

/* The year of the Date tag (its first four digits), or 0 when the date has
 * no year ("????.??.??"). */
guint               ex_game_row_get_year    (ExGameRow *self);

/**
 * ex_game_row_get_pieces:
 *
 * Returns: the number of pieces, kings and pawns included, of the game's
 *   first position: the placement of its FEN tag (a study's diagram), 32
 *   for a game from the standard initial position; 0 when the FEN tag
 *   has no readable placement.
 */
guint               ex_game_row_get_pieces  (ExGameRow *self);

/**
 * ex_game_count_fen_pieces:
 * @fen: a FEN (only its first field, the piece placement, is read).
 *
 * Returns: the number of piece letters (`KQRBNPkqrbnp`) in the placement,
 *   or 0 if the placement holds any other character than those, digits and
 *   `/`.
 */
guint               ex_game_count_fen_pieces (const char *fen);

G_END_DECLS
