/* ex-game-file.h: where a search's matched games are read back from, and
 * the database as it was when searched.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pgn/cq-pgn.h"
#include "ex-result.h"

G_BEGIN_DECLS

typedef struct _ExGameFile ExGameFile;

/**
 * ex_game_file_new:
 * @path: the file the results' games are read from: the database itself
 *   when it is one plain PGN file, else the search job's games file (the
 *   matched games copied as they were found).
 * @temporary: TRUE if @path is the job's games file: it is deleted when
 *   the last reference goes.
 * @inputs: (array zero-terminated=1): the database's files as searched
 *   (cq_pgn_expand_inputs()), in order; a result's
 *   ex_result_get_input_index() indexes this list.
 *
 * Records the size, modification time (to the nanosecond), device and
 * inode of each of @inputs, as they are when the search is about to read
 * them (a file that cannot be queried is recorded as missing).  One query
 * per file, on the calling thread.
 *
 * Immutable afterwards: may be used from any thread.
 *
 * Returns: (transfer full): the record.
 */
ExGameFile   *ex_game_file_new      (const char        *path,
                                     gboolean           temporary,
                                     const char *const *inputs);

ExGameFile   *ex_game_file_ref      (ExGameFile        *self);
void          ex_game_file_unref    (ExGameFile        *self);

/* Returns: (transfer none): the file the games are read from. */
const char   *ex_game_file_get_path (ExGameFile        *self);

/**
 * ex_game_file_check_input:
 * @index: a file of the database (ex_result_get_input_index()).
 *
 * Whether the database's file @index is still the file searched: same
 * size, modification time, device and inode.  One query of the file.
 *
 * Returns: TRUE if it is; FALSE with G_IO_ERROR_WRONG_ETAG saying what
 *   changed ("“studies.pgn” was changed after the search (searched:
 *   20,480 bytes, modified 05:12:03; now: 20,397 bytes, modified
 *   05:20:11). Run the search again."; the date too when it is not
 *   today), "“x.pgn” was replaced by another file after the search" (the
 *   same size and time, another inode), or the G_IO_ERROR of the query
 *   (G_IO_ERROR_NOT_FOUND: the file is gone).
 */
gboolean      ex_game_file_check_input (ExGameFile  *self,
                                        guint        index,
                                        GError     **error);

/**
 * ex_game_file_read:
 * @result: a result of the search this record was made for.
 *
 * Reads @result's game back: the one place every reader of a result (the
 * game view, Copy, Export) goes through.  The database's file the game
 * came from must be unchanged (ex_game_file_check_input()), and the text
 * found at the game's place must be the one that matched (its
 * cq_pgn_game_digest(), cq_pgn_read_game_at_checked()), so that a file
 * edited since the search never yields another game in its place.
 * Synchronous; any thread.
 *
 * Returns: (transfer full): the game, or NULL with G_IO_ERROR_WRONG_ETAG
 *   (what changed: the file, or "Game 12 at byte 40,112 of “x.pgn” is no
 *   longer the game that matched"), or the G_FILE_ERROR of
 *   cq_pgn_read_game_at() (the file cannot be read, or ends before the
 *   game).
 */
CqGame       *ex_game_file_read     (ExGameFile        *self,
                                     ExResult          *result,
                                     GError           **error);

/**
 * ExGameText:
 * @source: where a game's text lies in its file of the database
 *   (@source.file_index indexes the inputs of ex_game_file_new(); the
 *   offset is within that file, of its text after decompression).
 * @digest: cq_pgn_game_digest() of the text as the search read it.
 * @has_text: FALSE when the search kept no text to digest (a file that
 *   could not be read, a game too large): then nothing is read back.
 *
 * A game of the database that is not a result (a damaged or skipped game),
 * as ex_game_file_read_text() reads it back.
 */
typedef struct {
  CqGameSource source;
  guint64      digest;
  gboolean     has_text;
} ExGameText;

/* Returns: (transfer none) (nullable): the path of the database's file
 * @index as searched, or NULL if there is no such file. */
const char   *ex_game_file_get_input_path (ExGameFile *self,
                                           guint       index);

/**
 * ex_game_file_read_text:
 * @game: a game the search reported (not a result: those are read with
 *   ex_game_file_read()).
 * @first_line: (out) (optional): the 1-based line of the game's first
 *   byte in its file.
 * @len: (out): the text's length in bytes.
 *
 * Reads @game's text back from its file of the database, through the same
 * checks as ex_game_file_read(): the file must be the one searched
 * (ex_game_file_check_input()) and the text at the game's place must have
 * the digest the search took.  A plain file is read from the game's
 * offset; a compressed one from its start.  Blocking (a worker thread).
 *
 * Returns: (transfer full): the text (not NUL-terminated within; a NUL
 *   follows it), or NULL with the G_IO_ERROR_WRONG_ETAG or other error of
 *   ex_game_file_check_input(), G_IO_ERROR_WRONG_ETAG "Game N at byte B
 *   of “x.pgn” is no longer the game listed" when the text changed,
 *   G_IO_ERROR_NOT_FOUND without a text to check, or the reader's
 *   G_FILE_ERROR / G_IO_ERROR (G_IO_ERROR_CANCELLED).
 */
char         *ex_game_file_read_text (ExGameFile        *self,
                                      const ExGameText  *game,
                                      guint64           *first_line,
                                      gsize             *len,
                                      GCancellable      *cancellable,
                                      GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExGameFile, ex_game_file_unref)

G_END_DECLS
