/* cq-index.h: the persistent index of a PGN file: where each game lies
 * and what its positions hold (#CqGameSummary), kept in the user's cache
 * so that a search passes over the games a query cannot match
 * (cq_query_get_index_condition()) and reads only the others.  The
 * format, its version and its checks: docs/index.md.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cql/cq-index-condition.h"
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/**
 * CqIndexError:
 * @CQ_INDEX_ERROR_MISSING: the file has no index (none was built, or it
 *   was removed).
 * @CQ_INDEX_ERROR_STALE: the file is not the one that was indexed (its
 *   size, modification time or first and last blocks differ): the index
 *   is never used for it; build it again.
 * @CQ_INDEX_ERROR_CORRUPT: the index file fails its checks (another
 *   version, a wrong size, a bad checksum).
 * @CQ_INDEX_ERROR_UNSUPPORTED: the input cannot be indexed (standard
 *   input, a compressed file: its games cannot be read at an offset).
 * @CQ_INDEX_ERROR_DAMAGED: the file could not be read to its end, or
 *   holds a game too large to keep; a search of its text reports that.
 */
typedef enum {
  CQ_INDEX_ERROR_MISSING,
  CQ_INDEX_ERROR_STALE,
  CQ_INDEX_ERROR_CORRUPT,
  CQ_INDEX_ERROR_UNSUPPORTED,
  CQ_INDEX_ERROR_DAMAGED,
} CqIndexError;

#define CQ_INDEX_ERROR (cq_index_error_quark ())
GQuark cq_index_error_quark (void);

typedef struct _CqIndex CqIndex;

/**
 * cq_index_get_path:
 * @pgn_path: a PGN file.
 *
 * Where the index of @pgn_path is kept: in the folder named by the
 * environment variable `EXCELSIOR_INDEX_DIR` if set, else in
 * g_get_user_cache_dir()/excelsior/index; the file is named by the
 * SHA-256 of @pgn_path's real path (so one file has one index, whatever
 * name it is given), with the extension `.cqx`.
 *
 * Returns: (transfer full): the path, or NULL with a G_FILE_ERROR if
 *   @pgn_path's real path cannot be found.
 */
char     *cq_index_get_path (const char *pgn_path, GError **error);

/**
 * CqIndexProgressFunc:
 * @bytes, @total_bytes: the part of the file read so far, and its size.
 * @games: games read so far.
 */
typedef void (*CqIndexProgressFunc) (guint64 bytes, guint64 total_bytes, guint64 games,
                                     gpointer user_data);

/**
 * cq_index_build:
 * @pgn_path: a plain PGN file (never written).
 * @n_threads: threads that read, as #CqSearchOptions.n_threads (0: all cores).
 * @progress: (nullable) (scope call): called about every 100 ms on the
 *   calling thread.
 * @cancellable: (nullable): cancel to stop; no index is then written.
 *
 * Reads and replays every game of @pgn_path (the search driver, with its
 * threads), summarises each (cq_game_summarize()) and writes the index at
 * cq_index_get_path() atomically: a temporary file in its folder, renamed
 * over the old index once complete, so that a reader never sees half an
 * index.
 *
 * Returns: TRUE once written; FALSE with a CQ_INDEX_ERROR
 *   (%CQ_INDEX_ERROR_UNSUPPORTED, %CQ_INDEX_ERROR_DAMAGED), a G_FILE_ERROR
 *   or G_IO_ERROR (the file or the index cannot be read or written) or
 *   %G_IO_ERROR_CANCELLED.
 */
gboolean  cq_index_build (const char *pgn_path, guint n_threads,
                          CqIndexProgressFunc progress, gpointer user_data,
                          GCancellable *cancellable, GError **error);

/**
 * cq_index_open:
 * @pgn_path: a PGN file.
 *
 * Opens @pgn_path's index (memory-mapped, GMappedFile) after checking it:
 * its version and size, and that @pgn_path is still the file it was built
 * from (size, modification time to the nanosecond, SHA-256 of its first
 * and last 64 KiB).
 *
 * Returns: (transfer full): the index, or NULL with a CQ_INDEX_ERROR
 *   (%CQ_INDEX_ERROR_MISSING, %CQ_INDEX_ERROR_STALE,
 *   %CQ_INDEX_ERROR_CORRUPT, %CQ_INDEX_ERROR_UNSUPPORTED) or a
 *   G_FILE_ERROR.
 */
CqIndex  *cq_index_open (const char *pgn_path, GError **error);
void      cq_index_free (CqIndex *index);

/* Where @index lies (cq_index_get_path()), and its size in bytes. */
const char *cq_index_get_file      (const CqIndex *index);
guint64     cq_index_get_file_size (const CqIndex *index);

/**
 * cq_index_check_data:
 *
 * Checks the CRC-32 of @index's columns, which cq_index_open() does not
 * (it checks the header's: reading the whole index at each open would
 * cost more than the search it saves; docs/index.md).
 *
 * Returns: TRUE if they are as written; FALSE with
 *   %CQ_INDEX_ERROR_CORRUPT.
 */
gboolean    cq_index_check_data    (const CqIndex *index, GError **error);

/* The games of the file (every game the reader splits, numbered from 1
 * as #CqGameSource.number), and their positions in all. */
guint64   cq_index_get_n_games     (const CqIndex *index);
guint64   cq_index_get_n_positions (const CqIndex *index);

/**
 * CqIndexLocator:
 * @offset, @length, @line: where game @i + 1's text lies, as the reader
 *   found it (#CqGameSource).
 * @digest: cq_pgn_game_digest() of its text, which a search compares with
 *   the text it reads (a file changed under the index is refused, never
 *   misread).
 * @n_positions: its positions (#CqGameSummary.n_positions), which a
 *   search counts as examined.
 *
 * A game's locator: what a search needs to read it, in one row of 32
 * bytes of the index file (32-byte aligned: one cache line, one page).
 */
typedef struct {
  guint64 offset;
  guint64 line;
  guint64 digest;
  guint32 length;
  guint32 n_positions;
} CqIndexLocator;

/* The locator of game @i + 1 (@i 0-based, below cq_index_get_n_games()),
 * in place in @index: it lives as long as @index. */
const CqIndexLocator *cq_index_get_locator (const CqIndex *index, guint64 i);

/* Copies the locators of games @first + 1 to @first + @count (0-based
 * @first below cq_index_get_n_games(); fewer at the end) into @out, read
 * from the index file with pread() rather than through its mapping: for
 * a search that reads a few thousand games here and there, a system call
 * costs less than a page fault.  Returns how many were copied. */
guint64   cq_index_read_locators (const CqIndex *index, guint64 first, guint64 count,
                                  CqIndexLocator *out);

/**
 * cq_index_get_game:
 * @i: 0-based, below cq_index_get_n_games().
 * @source: (out): where game @i + 1 lies, as the reader found it
 *   (@file_index 0).
 * @digest: (out) (optional): cq_pgn_game_digest() of its text, which a
 *   search compares with the text it reads (a file changed under the
 *   index is refused, never misread).
 * @summary: (out) (optional): its summary as the index keeps it
 *   (cq_game_summary_as_indexed(): no empty squares, counts past 14 read
 *   as 15 at least).
 */
void      cq_index_get_game (const CqIndex *index, guint64 i, CqGameSource *source,
                             guint64 *digest, CqGameSummary *summary);

/* The positions of game @i + 1 (its #CqGameSummary.n_positions), from
 * its locator alone: cheaper than cq_index_get_game() for a search that
 * counts the positions of the games it passes over. */
guint32   cq_index_get_game_positions (const CqIndex *index, guint64 i);

/**
 * cq_index_get_moves:
 * @i: 0-based, below cq_index_get_n_games().
 * @len: (out): the length of the encoding.
 *
 * The tree of game @i + 1 in the compact move encoding
 * (cq_index_moves_decode(), cq-index-moves.h), in place in @index.
 *
 * Returns: (transfer none) (nullable): its encoding, which lives as long
 *   as @index; %NULL (*@len 0) if the index is damaged there.  An empty
 *   encoding (*@len 0, not %NULL) is that of a game without a start
 *   position (a FEN that cannot be set up).
 */
const guint8 *cq_index_get_moves (const CqIndex *index, guint64 i, gsize *len);

/* The summaries, a column per member, for cq_index_condition_select();
 * they point into @index and live as long as it, and name its file's
 * descriptor (#CqSummaryColumns.fd, owned by @index) for reading them. */
void      cq_index_get_columns (const CqIndex *index, CqSummaryColumns *columns);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqIndex, cq_index_free)

G_END_DECLS
