/* ex-game-list-private.h: the game list's reader thread (ex-game-list-loader.c).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ExGameLoader ExGameLoader;

/**
 * ex_game_loader_start:
 * @paths: (array zero-terminated=1): the database's files, in search order
 *   (as cq_pgn_expand_inputs() lists them).
 *
 * Starts a thread that reads the games of @paths one after the other with
 * the engine's reader (#CqPgnReader), each game's tags only
 * (cq_game_new_from_text(), no moves), and makes an #ExGameRow of each.
 * A plain PGN file is re-read in place; the games of a compressed file
 * (or of a pipe) are copied, as read, into a temporary file (deleted with
 * the loader) that they are re-read from.
 *
 * Returns: (transfer full): the loader; free it with ex_game_loader_unref()
 *   after ex_game_loader_cancel() if it may still run.
 */
ExGameLoader *ex_game_loader_start          (const char *const *paths);

/* Stops the thread soon (between two games).  Main thread. */
void          ex_game_loader_cancel         (ExGameLoader *loader);

/**
 * ex_game_loader_take_rows:
 * @max_rows: at most this many.
 *
 * Returns: (transfer full) (element-type ExGameRow): the rows read since
 *   the last call, in database order, at most @max_rows (possibly none).
 */
GPtrArray    *ex_game_loader_take_rows      (ExGameLoader *loader,
                                             guint         max_rows);

/**
 * ex_game_loader_is_done:
 * @error: (out) (optional) (transfer none): where the error that ended
 *   the reading is put (a G_FILE_ERROR or G_IO_ERROR naming the file), or
 *   NULL when every file was read (or the reading was cancelled).
 *
 * Returns: TRUE once the thread has ended and every row was taken.
 */
gboolean      ex_game_loader_is_done        (ExGameLoader  *loader,
                                             const GError **error);

/**
 * ex_game_loader_get_reread_path:
 * @file_index: a row's CqGameSource.file_index.
 *
 * Returns: (transfer none) (nullable): the file that row's game is read
 *   back from with cq_pgn_read_game_at(): the database's file itself, or
 *   the copy of a compressed one; NULL for an index no row has yet.
 */
const char   *ex_game_loader_get_reread_path (ExGameLoader *loader,
                                              guint         file_index);

ExGameLoader *ex_game_loader_ref            (ExGameLoader *loader);
void          ex_game_loader_unref          (ExGameLoader *loader);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExGameLoader, ex_game_loader_unref)

G_END_DECLS
