/* cq-pgn-pump-private.h: the decompression thread of a compressed
 * input (cq-pgn-pump.c), and what it shares with the reader of
 * cq-pgn-input.c.  Internal to engine/pgn.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A block of decompressed text, filled by the pump and handed out by the
 * reader. */
typedef struct {
  guchar  *data;
  gsize    len;
  guint64  file_pos;   /* compressed bytes consumed when the block was full */
  gboolean end;
  GError  *error;
  gboolean has_text_end;   /* member @member_end begins in this block, */
  guint64  text_end;       /* at this offset of the text */
} CqPgnBlock;

typedef struct _CqPgnPump CqPgnPump;

/**
 * _cq_pgn_pump_start:
 * @fd: the compressed file, read from its current offset on
 * @close_fd: whether the pump closes @fd when it is done
 * @must_poll: @fd is not a regular file: poll() before each read()
 * @cancellable: (nullable): stops the reads and the wait for blocks
 * @name: the file's name, for messages
 * @compression: the format's name ("gzip", "xz", "zip"...), for messages
 * @zip: a zip archive (its *.pgn members are read) rather than one stream
 * @prefix: (transfer full): the bytes already read from the file's start
 * @prefix_len: their number
 * @member_start: a zip's first *.pgn member to read (0 for all)
 * @member_end: the member whose start is marked in the text (G_MAXUINT64:
 *   none)
 * @error: return location for a #GError
 *
 * Starts the thread that checks the stream (a first pass) and then
 * decompresses it into blocks of 1 MiB, a few ahead of the reader.  The
 * pump owns @fd and @prefix from this call on, whether it succeeds or not.
 *
 * Returns: (transfer full): the pump, stopped with _cq_pgn_pump_stop(), or
 *   %NULL with @error: libarchive's loading error (%G_IO_ERROR_NOT_SUPPORTED)
 *   or that of the temporary file a pipe is copied to.
 */
CqPgnPump  *_cq_pgn_pump_start (int fd, gboolean close_fd, gboolean must_poll,
                                GCancellable *cancellable, const char *name,
                                const char *compression, gboolean zip, guchar *prefix,
                                gsize prefix_len, guint64 member_start, guint64 member_end,
                                GError **error);

/* The next full block, waiting for it (transfer full: given back with
 * _cq_pgn_pump_give_back(), or freed by _cq_pgn_pump_stop()).  A block with
 * @end set is the last; its @error says why the text ended early. */
CqPgnBlock *_cq_pgn_pump_next_block (CqPgnPump *pump);

/* Gives back @block, read, to be filled again. */
void        _cq_pgn_pump_give_back (CqPgnPump *pump, CqPgnBlock *block);

/* Stops the pump and lets go of it, with @held (the block being read, or
 * NULL).  The thread is not joined: one blocked in read() on a quiet pipe
 * goes when the read returns. */
void        _cq_pgn_pump_stop (CqPgnPump *pump, CqPgnBlock *held);

/* cq-pgn-input.c: read() that gives up when @cancellable is cancelled;
 * for a file that is not a regular one (@must_poll) it waits in slices
 * with poll().  Returns the bytes read, 0 at the end, -1 with errno set on
 * an error (ECANCELED when cancelled). */
gssize      _cq_pgn_read_cancellable (int fd, void *buf, gsize len, gboolean must_poll,
                                      GCancellable *cancellable);

G_END_DECLS
