/* cq-pgn-input.h: the bytes of one PGN database file, whatever its
 * compression: plain text, gzip, bzip2, xz, zstd, lz4, or PGN files in a
 * zip archive, told apart by their content (never by their name), and
 * standard input.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _CqPgnInput CqPgnInput;

/**
 * cq_pgn_input_open:
 * @path: a file, or "-" for standard input (named "<stdin>" in messages).
 * @cancellable: (nullable): kept by the input for its life: once it is
 *   cancelled, opening and every read fail with %G_IO_ERROR_CANCELLED
 *   within 50 ms, even on a pipe or FIFO that never writes (a FIFO is
 *   opened without waiting for its writer).
 * @error: a #GError, or %NULL.
 *
 * Opens @path and looks at its first bytes to tell how it is stored:
 * plain text is read as it is; a gzip, bzip2, xz, zstd or lz4 stream, or a
 * zip archive (whose members named `*.pgn` are read in archive order, each
 * followed by a newline), is decompressed with libarchive on a thread of
 * its own, a few blocks ahead of the reader, so that the threads that
 * search are never kept waiting for it.  Before any of its text is handed
 * out, a compressed stream is decompressed once whole only to be checked
 * (_cq_pgn_check_stream(): gzip's CRC-32 and length, the other formats'
 * checks), since text decoded before a failed check may be garbage; this
 * open waits for that first pass.  Standard input and pipes are copied to
 * an unlinked temporary file meanwhile, to be read a second time.
 *
 * The decompressed text must look like text: a file whose first 64 KiB
 * (after decompression) hold a NUL byte in the first 4 KiB or more than 3%
 * control characters (other than tab, line feed, carriage return, vertical
 * tab, form feed and escape) is refused, as are image, PDF, SQLite, 7-Zip,
 * RAR and tar files, which are named (docs/databases.md).
 *
 * Returns: (transfer full): the input, or %NULL with
 *   - a %G_FILE_ERROR if @path cannot be opened or is a directory;
 *   - %G_IO_ERROR_NOT_SUPPORTED if it is a compressed or archive format
 *     that cannot be read (the message names it);
 *   - %G_IO_ERROR_INVALID_DATA if it is not PGN text (the message says
 *     what it looks like, and at which byte), or if its compressed data
 *     fails a check, cannot be decoded, or expands more than 10,000 times
 *     (the message names the byte of the file where that was found); a
 *     stream only cut short is opened, and its reads fail at the cut;
 *   - a %G_FILE_ERROR if standard input or a pipe cannot be copied to a
 *     temporary file;
 *   - %G_IO_ERROR_CANCELLED if @cancellable was cancelled.
 */
CqPgnInput  *cq_pgn_input_open (const char *path, GCancellable *cancellable, GError **error);

/**
 * cq_pgn_input_sniff:
 * @path: a file ("-" is not looked at: it would consume standard input).
 * @compression: (out) (optional): the compression or archive format (as
 *   cq_pgn_input_get_compression()), NULL for plain text.
 *
 * Looks at the first 64 KiB of @path as cq_pgn_input_open() does, without
 * decompressing anything: for callers that must know how a database is
 * stored before they search it (the workbench keeps the games of its
 * results when they cannot be re-read at an offset).
 *
 * Returns: TRUE if cq_pgn_input_open() would read it (compressed data is
 *   only checked once decompressed); FALSE with its errors otherwise.
 */
gboolean     cq_pgn_input_sniff (const char *path, const char **compression, GError **error);

/**
 * cq_pgn_input_read:
 * @buf: where to put up to @len bytes of PGN text.
 *
 * Returns: the number of bytes put in @buf, 0 at the end of the input, or
 *   -1 with @error set: a %G_FILE_ERROR on a read error, or
 *   %G_IO_ERROR_INVALID_DATA if the compressed data is corrupt or
 *   truncated (the message names the file, the compression and the
 *   compressed byte offset where it stopped), or %G_IO_ERROR_CANCELLED once
 *   the input's cancellable is cancelled.  Bytes returned before an error
 *   are good.
 */
gssize       cq_pgn_input_read (CqPgnInput *input, void *buf, gsize len, GError **error);

/**
 * cq_pgn_input_seek:
 * @offset: a byte offset of the file, at most its size.
 *
 * Makes the next read start at @offset, before anything has been read
 * (a search of a byte range of the file, cq-shard.h).  Text is handed out
 * byte for byte (a lone CR becomes LF, nothing is dropped), so offsets in
 * the text are offsets in the file.
 * Returns: FALSE with %G_IO_ERROR_NOT_SUPPORTED for a compressed file or
 *   a pipe, a %G_FILE_ERROR if the seek fails.
 */
gboolean     cq_pgn_input_seek (CqPgnInput *input, guint64 offset, GError **error);

/* The file's name as given ("<stdin>" for "-"). */
const char  *cq_pgn_input_get_name (CqPgnInput *input);

/* The compression, e.g. "zstd", "gzip", "zip"; NULL for plain text. */
const char  *cq_pgn_input_get_compression (CqPgnInput *input);

/* Bytes of the file (compressed bytes for a compressed file) behind the
 * text returned so far, and the file's size (0 if unknown: a pipe).  For
 * progress: a fraction of the file, whatever its compression. */
guint64      cq_pgn_input_get_file_position (CqPgnInput *input);
guint64      cq_pgn_input_get_file_size (CqPgnInput *input);

void         cq_pgn_input_free (CqPgnInput *input);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqPgnInput, cq_pgn_input_free)

/**
 * cq_pgn_expand_inputs:
 * @paths: (array zero-terminated=1): files, directories, or "-".
 * @error: a #GError, or %NULL.
 *
 * Makes the list of files of a database given as several paths: a file or
 * "-" stands for itself; a directory stands for the files directly in it
 * whose names end in `.pgn`, `.pgn.gz`, `.pgn.bz2`, `.pgn.xz`, `.pgn.zst`,
 * `.pgn.lz4` or `.zip` (any case), sorted by name with numbers in their
 * natural order (`2.pgn` before `10.pgn`), subdirectories and other files
 * left out.
 *
 * Returns: (transfer full): the files in search order, or %NULL with a
 *   %G_FILE_ERROR if a path does not exist or a directory cannot be read,
 *   or holds no such file (%G_FILE_ERROR_NOENT).
 */
GStrv        cq_pgn_expand_inputs (const char *const *paths, GError **error);

/**
 * cq_pgn_expand_inputs_full:
 * @paths: (array zero-terminated=1): files, directories, or "-".
 * @recursive: whether a directory also stands for its subdirectories'
 *   files, at any depth.
 * @error: a #GError, or %NULL.
 *
 * As cq_pgn_expand_inputs(), which is this without @recursive (CQL 6.2
 * reads a directory's own files only, and so does `cql`).  With
 * @recursive, after a directory's own files (in the same order) come its
 * subdirectories', each listed the same way, subdirectories in name order;
 * symbolic links to directories and hidden directories (".git") are left
 * out, as is a subdirectory that cannot be read.  A directory is an error
 * only when neither it nor its subdirectories hold a database file.  The
 * workbench searches folders this way.
 *
 * Returns: (transfer full): the files in search order, or %NULL with a
 *   %G_FILE_ERROR as cq_pgn_expand_inputs().
 */
GStrv        cq_pgn_expand_inputs_full (const char *const *paths,
                                        gboolean           recursive,
                                        GError           **error);

G_END_DECLS
