/* ex-game-list.h: every game of the database with its tags (the Games page).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-game-row.h"

G_BEGIN_DECLS

#define EX_TYPE_GAME_LIST (ex_game_list_get_type ())

G_DECLARE_FINAL_TYPE (ExGameList, ex_game_list, EX, GAME_LIST, GtkWidget)

/**
 * ex_game_list_set_paths:
 * @paths: (nullable) (array zero-terminated=1): the database's files in
 *   search order (cq_pgn_expand_inputs()), or NULL for no database.
 *
 * Forgets the rows of the previous database (stopping its reading); once
 * the list is shown (now if it is), reads the games of @paths on a thread
 * (ex-game-list-private.h): their rows come into the list in slices, one
 * about every frame, the filters applied.  Unsets #ExGameList:current.
 */
void        ex_game_list_set_paths       (ExGameList        *self,
                                          const char *const *paths);

/**
 * ex_game_list_is_loading:
 *
 * Returns: TRUE while games of the database are still being read or wait
 *   to come into the list, or wait for the list to be shown.
 */
gboolean    ex_game_list_is_loading      (ExGameList *self);

/**
 * ex_game_list_get_error:
 *
 * Returns: (transfer none) (nullable): why the reading stopped before the
 *   end of the database (the file's G_FILE_ERROR or G_IO_ERROR), or NULL.
 */
const GError *ex_game_list_get_error     (ExGameList *self);

/**
 * ex_game_list_get_games:
 *
 * Returns: (transfer none): every game read so far, in database order, a
 *   #GListModel of #ExGameRow.
 */
GListModel *ex_game_list_get_games       (ExGameList *self);

/**
 * ex_game_list_get_shown:
 *
 * Returns: (transfer none): the games that pass the filters, in the order
 *   shown (database order until a column's title is clicked, then sorted
 *   by that column, ties by game number): the #GtkSingleSelection of
 *   #ExGameRow the list displays, over a #GtkSortListModel (incremental).
 */
GtkSelectionModel *ex_game_list_get_shown (ExGameList *self);

/**
 * ex_game_list_get_current:
 *
 * Returns: (transfer none) (nullable): the game selected (see
 *   #ExGameList:current), or NULL.
 */
ExGameRow  *ex_game_list_get_current     (ExGameList *self);

/**
 * ex_game_list_read_game:
 * @row: a row of the list.
 * @error: a #GError, or %NULL.
 *
 * Reads @row's game back, moves and all, from the database's file or the
 * copy of a compressed one, only while the text at its place is the one
 * listed (cq_pgn_read_game_at_checked() with the row's digest): a file
 * edited since it was listed never shows another game in its place.
 *
 * Returns: (transfer full): the game, or NULL with the G_FILE_ERROR of
 *   cq_pgn_read_game_at(), or G_IO_ERROR_WRONG_ETAG when the file changed.
 */
CqGame     *ex_game_list_read_game       (ExGameList *self,
                                          ExGameRow  *row,
                                          GError    **error);

G_END_DECLS
