/* cq-pgn-check.h: the first pass over a compressed PGN database, which
 * only checks that the stream decompresses and passes its integrity
 * checks (private to engine/pgn).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "pgn/cq-archive.h"

G_BEGIN_DECLS

/* A decompressed stream may expand at most this many times its compressed
 * size (beyond CQ_PGN_CHECK_EXPANSION_FREE bytes): PGN compresses some 5
 * to 20 times, a few hundred for a database of one game repeated; more is
 * a decompression bomb, not a database (docs/limits.md). */
#define CQ_PGN_CHECK_MAX_EXPANSION  10000
#define CQ_PGN_CHECK_EXPANSION_FREE (64 * 1024 * 1024)

/* Hands out the next compressed bytes: their number (at *@buf, valid until
 * the next call), 0 at the end of the file, or -1 with errno set
 * (ECANCELED when the reading was cancelled). */
typedef gssize (*CqPgnFillFunc) (gpointer data, const void **buf);

/**
 * _cq_pgn_check_stream:
 * @name: the file's name, for messages.
 * @compression: its compression's name ("gzip", "xz", "zip", ...).
 * @gzip: the stream is gzip: its CRC-32 and length are checked with zlib
 *   (libarchive decompresses gzip without checking them).
 * @zip: the file is a zip archive: its `*.pgn` members are checked (their
 *   CRC-32, by libarchive); otherwise it is one raw stream, checked by
 *   libarchive as far as the format carries checks (bzip2's block and
 *   stream CRCs, xz's block checks, lzip's CRC-32, zstd's and lz4's
 *   checksums when the file has them; .Z has none).
 * @first_member, @end_member: of a zip archive, the indexes among its
 *   `*.pgn` members of the first one checked and of the one after the last
 *   (a search in parts reads those; the others are skipped without being
 *   decompressed, and a damaged one after them fails only where its text
 *   is read); 0 and G_MAXUINT64 otherwise.
 * @fill: reads the file from its start.
 * @fill_data: for @fill.
 * @cancellable: (nullable): looked at between steps of 64 KiB of output.
 * @error: a #GError, or %NULL.
 *
 * Decompresses the whole stream (concatenated gzip members included) into
 * a scratch buffer, keeping nothing.  Memory: a few hundred KiB.
 *
 * Returns: %TRUE if every check passed, and also if the stream is only cut
 *   short (it ends before its end, no check failed: the text before the
 *   cut is read, and the cut reported, by the second pass); %FALSE with
 *   - %G_IO_ERROR_INVALID_DATA if the stream is damaged (a check fails or
 *     it cannot be decoded; the message names the file and the byte of it
 *     where the damage was found) or expands more than
 *     %CQ_PGN_CHECK_MAX_EXPANSION times;
 *   - a %G_FILE_ERROR if the file cannot be read;
 *   - %G_IO_ERROR_CANCELLED if @cancellable was cancelled.
 */
gboolean _cq_pgn_check_stream (const char *name, const char *compression, gboolean gzip,
                               gboolean zip, guint64 first_member, guint64 end_member,
                               CqPgnFillFunc fill, gpointer fill_data,
                               GCancellable *cancellable, GError **error);

/* Whether a zip archive's @entry is a member that is read: a regular file
 * named `*.pgn` (any case). */
gboolean _cq_pgn_is_pgn_member (const CqArchiveApi *la, struct archive_entry *entry);

G_END_DECLS
