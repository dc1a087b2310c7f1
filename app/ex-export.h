/* ex-export.h: write the matched games of a search to a PGN file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "search/cq-annotate.h"
#include "ex-game-file.h"
#include "ex-result.h"

G_BEGIN_DECLS

/**
 * ex_export_check_destination:
 * @dest_path: the file to be written.
 * @pgn_path: the database the results come from.
 *
 * The database is never written: refuses @dest_path when it is the same
 * file as @pgn_path (same path, or the same device and inode: a link).
 *
 * Returns: FALSE with G_IO_ERROR_INVALID_ARGUMENT if @dest_path is the
 *   database.
 */
gboolean ex_export_check_destination (const char    *dest_path,
                                      const char    *pgn_path,
                                      GError       **error);

/**
 * ex_export_append_game:
 * @out: the text to append to.
 * @games: where @result's game is read from (ex_search_get_game_file()).
 * @result: a matched game.
 * @style: as for ex_export_write().
 *
 * Appends @result's game to @out as Export writes it (and `cql`, with
 * cq_annotate_write_game()): what Export and Copy the Game as Exported
 * PGN both write.  Any thread.
 *
 * Returns: TRUE if appended; FALSE with the error of ex_game_file_read()
 *   (G_IO_ERROR_WRONG_ETAG: the database changed since the search), and
 *   @out unchanged.
 */
gboolean ex_export_append_game       (GString                 *out,
                                      ExGameFile              *games,
                                      ExResult                *result,
                                      const CqAnnotationStyle *style,
                                      GError                 **error);

/**
 * ex_export_write:
 * @games: where the results' games are read from (ex_search_get_game_file()).
 * @results: (element-type ExResult): the matched games, in the order to
 *   write them.
 * @dest_path: the PGN file to write (created or replaced, atomically).
 * @style: how to annotate the games: that of the search
 *   (cq_annotation_style_init()), its @mark_text the annotation written
 *   after each matched position ("MATCH" in CQL 3, rulings R2; "CQL" or
 *   the header's matchstring in CQL 6), "" for none.
 * @n_written: (out) (optional): number of games written.
 *
 * Synchronous; may run on any thread (@results are immutable).
 *
 * Returns: TRUE on success; FALSE with G_IO_ERROR_INVALID_ARGUMENT if
 *   @dest_path is the database, G_IO_ERROR_WRONG_ETAG if the database was
 *   changed after the search (ex_game_file_read()), G_FILE_ERROR if a file
 *   could not be read or written, G_IO_ERROR_CANCELLED; then @dest_path
 *   is unchanged.
 */
gboolean ex_export_write             (ExGameFile    *games,
                                      GPtrArray     *results,
                                      const char    *dest_path,
                                      const CqAnnotationStyle *style,
                                      GCancellable  *cancellable,
                                      guint         *n_written,
                                      GError       **error);

/**
 * ex_export_async:
 * @results: (element-type ExResult): the games to write (the array is
 *   referenced, not copied: do not change it).
 * @games: as for ex_export_write(); referenced.
 * @style: as for ex_export_write(); copied.
 *
 * Runs ex_export_write() on its own thread (not the shared GTask pool: a
 * large export takes a while, design.md) and calls @callback on the
 * calling thread's thread-default main context.
 */
void     ex_export_async             (ExGameFile         *games,
                                      GPtrArray          *results,
                                      const char         *dest_path,
                                      const CqAnnotationStyle *style,
                                      GCancellable       *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);

/* Returns: TRUE with the number of games written, or FALSE with the error
 * of ex_export_write(). */
gboolean ex_export_finish            (GAsyncResult  *result,
                                      guint         *n_written,
                                      GError       **error);

G_END_DECLS
