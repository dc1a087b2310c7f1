/* cq-pgn-pump.c: the pump, the thread that decompresses a compressed
 * input (cq-pgn-input.c) ahead of its reader.
 *
 * A compressed stream or a zip archive is read through libarchive into
 * 1 MiB blocks, a few ahead of the reader: the search's calling thread,
 * which also splits the text into games, only copies blocks, and
 * decompression (the costly part for xz and bzip2) overlaps with it and
 * with the searching threads.  The pump and the reader share two queues:
 * full blocks go one way, empty ones come back, so memory is bounded by
 * the number of blocks.
 *
 * The stream is decompressed twice: a first pass only checks it
 * (_cq_pgn_check_stream()), and only a stream that passes is read for its
 * text (cq-pgn-input.c says why).  Standard input and pipes, which cannot
 * be read twice, are copied to an unlinked temporary file during the
 * first pass.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-pgn-check.h"
#include "pgn/cq-pgn-pump-private.h"

#define BLOCK_SIZE   (1024 * 1024)
#define N_BLOCKS     4
#define READ_CHUNK   (128 * 1024)
#define READ_STEP    (64 * 1024)

/* State shared by the reader and the pump thread; each holds a reference,
 * so that the reader can let go of a pump that is blocked in read() on a
 * pipe whose writer has gone quiet. */
struct _CqPgnPump {
  gint              ref;
  gint              stop;
  struct archive   *archive;
  const CqArchiveApi *la;        /* libarchive, once @archive is made */
  int               fd;
  gboolean          close_fd;
  gboolean          must_poll;   /* not a regular file: poll before read() */
  GCancellable     *cancellable;
  char             *name;
  const char       *compression;
  gboolean          zip;
  gboolean          gzip;
  guchar           *prefix;      /* the sniffed bytes, handed to libarchive first */
  gsize             prefix_len, prefix_pos;
  guchar           *chunk;       /* libarchive's read buffer */
  guint64           file_pos;    /* bytes handed to libarchive */
  gint64            data_start;  /* the file's offset after @prefix, or -1 if it cannot seek */
  int               spool_fd;    /* first pass on a pipe: its bytes are copied here, or -1 */
  GAsyncQueue      *full;
  GAsyncQueue      *empty;
  /* A zip's *.pgn members from @member_start on (a search in parts): the
   * text begins there; where member @member_end begins is marked in it. */
  guint64           member_start, member_end, member_index;
  guint64           text_pos;    /* text handed out */
  GThread          *thread;      /* the pump's, unreferenced when it is stopped */
};

static CqPgnPump *
pump_ref (CqPgnPump *p)
{
  g_atomic_int_inc (&p->ref);
  return p;
}

static void
block_free (gpointer data)
{
  CqPgnBlock *b = data;

  g_clear_error (&b->error);
  g_free (b->data);
  g_free (b);
}

static void
pump_unref (CqPgnPump *p)
{
  if (!g_atomic_int_dec_and_test (&p->ref))
    return;
  if (p->archive)
    p->la->read_free (p->archive);
  if (p->close_fd && p->fd >= 0)
    close (p->fd);
  if (p->spool_fd >= 0)
    close (p->spool_fd);
  g_async_queue_unref (p->full);
  g_async_queue_unref (p->empty);
  g_clear_object (&p->cancellable);
  g_free (p->chunk);
  g_free (p->prefix);
  g_free (p->name);
  g_free (p);
}

/* The next bytes of the compressed file: the sniffed bytes first, then
 * the file (copied to @p->spool_fd on the first pass over a pipe).
 * Returns the number of bytes at *@buf, 0 at the end, -1 with errno set
 * on an error (ECANCELED when cancelled). */
static gssize
pump_fill (gpointer data, const void **buf)
{
  CqPgnPump *p = data;
  gssize n;

  if (p->prefix_pos < p->prefix_len)
    {
      n = p->prefix_len - p->prefix_pos;
      *buf = p->prefix + p->prefix_pos;
      p->prefix_pos = p->prefix_len;
      p->file_pos += n;
      return n;
    }
  if (g_atomic_int_get (&p->stop))
    {
      errno = ECANCELED;
      return -1;
    }
  n = _cq_pgn_read_cancellable (p->fd, p->chunk, READ_CHUNK, p->must_poll, p->cancellable);
  if (n < 0)
    return -1;
  for (gssize done = 0; p->spool_fd >= 0 && done < n;)
    {
      gssize w = write (p->spool_fd, p->chunk + done, n - done);

      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        return -1;
      done += w;
    }
  *buf = p->chunk;
  p->file_pos += n;
  return n;
}

/* libarchive's read callback. */
static la_ssize_t
pump_read_cb (struct archive *a, void *data, const void **buf)
{
  CqPgnPump *p = data;
  gssize n = pump_fill (p, buf);

  if (n < 0)
    p->la->set_error (a, errno, "%s", errno == ECANCELED ? "reading cancelled"
                      : g_strerror (errno));
  return n;
}

/* Moves to the next member to read: the raw stream's only one, or a zip
 * archive's next *.pgn file.  Returns 1 if there is one, 0 at the end, -1
 * on an error (set). */
static int
pump_next_member (CqPgnPump *p, gboolean first, GError **error)
{
  for (;;)
    {
      struct archive_entry *entry;
      int r = p->la->read_next_header (p->archive, &entry);

      if (r == ARCHIVE_EOF)
        {
          if (first && p->zip)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "%s: the zip archive holds no .pgn file", p->name);
              return -1;
            }
          return 0;
        }
      if (r < ARCHIVE_WARN && g_cancellable_is_cancelled (p->cancellable))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s: reading cancelled", p->name);
          return -1;
        }
      if (r < ARCHIVE_WARN)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: cannot read the %s data at byte %" G_GUINT64_FORMAT
                       " of the file: %s", p->name, p->compression, p->file_pos,
                       p->la->error_string (p->archive));
          return -1;
        }
      if (!p->zip)
        return 1;
      /* Members before a part's first are skipped without decompressing. */
      if (_cq_pgn_is_pgn_member (p->la, entry) && p->member_index++ >= p->member_start)
        return 1;
      p->la->read_data_skip (p->archive);
    }
}

/* Back to the start of the stream for the second pass: the sniffed bytes,
 * then the file after them (or the copy of a pipe's bytes). */
static gboolean
pump_rewind (CqPgnPump *p, GError **error)
{
  p->prefix_pos = 0;
  p->file_pos = 0;
  if (p->spool_fd >= 0)
    {
      if (p->close_fd)
        close (p->fd);
      p->fd = p->spool_fd;
      p->close_fd = TRUE;
      p->spool_fd = -1;
      p->must_poll = FALSE;
      p->data_start = 0;
    }
  if (lseek (p->fd, p->data_start, SEEK_SET) != p->data_start)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot read the file again after checking it: %s", p->name,
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* Opens the second pass: libarchive reads the stream's first block here,
 * so a stream cut inside it holds no text at all. */
static gboolean
pump_open (CqPgnPump *p, GError **error)
{
  p->la = _cq_archive_api (error);
  if (p->la == NULL)
    return FALSE;
  p->archive = p->la->read_new ();
  p->la->read_support_filter_all (p->archive);
  if (p->zip)
    p->la->read_support_format_zip (p->archive);
  else
    p->la->read_support_format_raw (p->archive);
  if (p->la->read_open (p->archive, p, NULL, pump_read_cb, NULL) == ARCHIVE_OK)
    return TRUE;
  if (g_cancellable_set_error_if_cancelled (p->cancellable, error))
    return FALSE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "%s: the %s data is corrupt or truncated before its first text: %s",
               p->name, p->compression, p->la->error_string (p->archive));
  return FALSE;
}

static gpointer
pump_thread (gpointer data)
{
  CqPgnPump *p = data;
  gboolean in_member = FALSE, first = TRUE, done = FALSE;
  GError *error = NULL;

  /* The first pass: no text comes out of a stream that fails its checks. */
  if (!_cq_pgn_check_stream (p->name, p->compression, p->gzip, p->zip, p->member_start,
                             p->member_end, pump_fill, p, p->cancellable, &error)
      || !pump_rewind (p, &error) || !pump_open (p, &error))
    {
      CqPgnBlock *b = g_async_queue_pop (p->empty);

      b->len = 0;
      b->error = error;
      b->end = TRUE;
      b->file_pos = p->file_pos;
      g_async_queue_push (p->full, b);
      done = TRUE;
    }

  while (!done)
    {
      CqPgnBlock *b = g_async_queue_pop (p->empty);

      if (g_atomic_int_get (&p->stop))
        {
          block_free (b);
          break;
        }
      b->len = 0;
      b->has_text_end = FALSE;
      while (b->len < BLOCK_SIZE)
        {
          la_ssize_t n;

          if (!in_member)
            {
              int r = pump_next_member (p, first, &b->error);

              if (r <= 0)
                {
                  b->end = TRUE;
                  done = TRUE;
                  break;
                }
              in_member = TRUE;
              if (!first && p->zip && b->len < BLOCK_SIZE)
                {
                  b->data[b->len++] = '\n';   /* members never run into each other */
                  p->text_pos++;
                }
              if (p->zip && p->member_index - 1 == p->member_end)
                {
                  b->has_text_end = TRUE;
                  b->text_end = p->text_pos;
                }
              first = FALSE;
            }
          /* In steps: a failing call loses what it decompressed, so the
           * text before a corrupt spot is kept to within a step. */
          n = p->la->read_data (p->archive, b->data + b->len,
                                MIN (BLOCK_SIZE - b->len, READ_STEP));
          if (n < 0 && g_cancellable_is_cancelled (p->cancellable))
            {
              g_set_error (&b->error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           "%s: reading cancelled", p->name);
              done = TRUE;
              break;
            }
          if (n < 0)
            {
              g_set_error (&b->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "%s: the %s data is corrupt or truncated (decompression failed with %"
                           G_GUINT64_FORMAT " bytes of the file read): %s",
                           p->name, p->compression, p->file_pos,
                           p->la->error_string (p->archive));
              done = TRUE;
              break;
            }
          if (n == 0)
            in_member = FALSE;
          b->len += n;
          p->text_pos += (guint64) n;
        }
      b->file_pos = p->file_pos;
      g_async_queue_push (p->full, b);
    }
  pump_unref (p);
  return NULL;
}

CqPgnPump *
_cq_pgn_pump_start (int fd, gboolean close_fd, gboolean must_poll, GCancellable *cancellable,
                    const char *name, const char *compression, gboolean zip, guchar *prefix,
                    gsize prefix_len, guint64 member_start, guint64 member_end, GError **error)
{
  CqPgnPump *p;

  /* libarchive is loaded here, before the pump's thread and its buffers
   * take address space (a process may run under a limit on it). */
  if (_cq_archive_api (error) == NULL)
    {
      if (close_fd)
        close (fd);
      g_free (prefix);
      return NULL;
    }
  p = g_new0 (CqPgnPump, 1);
  p->ref = 1;
  p->spool_fd = -1;
  p->fd = fd;
  p->close_fd = close_fd;
  p->must_poll = must_poll;
  p->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  p->name = g_strdup (name);
  p->compression = compression;
  p->zip = zip;
  p->member_start = member_start;
  p->member_end = member_end;
  p->gzip = g_str_equal (compression, "gzip");
  p->prefix = prefix;
  p->prefix_len = prefix_len;
  p->chunk = g_malloc (READ_CHUNK);
  p->full = g_async_queue_new_full (block_free);
  p->empty = g_async_queue_new_full (block_free);
  for (guint i = 0; i < N_BLOCKS; i++)
    {
      CqPgnBlock *b = g_new0 (CqPgnBlock, 1);
      b->data = g_malloc (BLOCK_SIZE);
      g_async_queue_push (p->empty, b);
    }
  p->data_start = p->must_poll ? -1 : lseek (p->fd, 0, SEEK_CUR);
  if (p->data_start < 0)
    {
      /* Standard input or a pipe: read twice through a copy. */
      g_autofree char *spool_path = NULL;

      p->spool_fd = g_file_open_tmp ("cql-input-XXXXXX", &spool_path, error);
      if (p->spool_fd < 0)
        {
          _cq_pgn_pump_stop (p, NULL);
          return NULL;
        }
      g_unlink (spool_path);
    }
  p->thread = g_thread_new ("cq-decompress", pump_thread, pump_ref (p));
  return p;
}

CqPgnBlock *
_cq_pgn_pump_next_block (CqPgnPump *pump)
{
  return g_async_queue_pop (pump->full);
}

void
_cq_pgn_pump_give_back (CqPgnPump *pump, CqPgnBlock *block)
{
  g_async_queue_push (pump->empty, block);
}

void
_cq_pgn_pump_stop (CqPgnPump *pump, CqPgnBlock *held)
{
  /* Stop the pump: it sees the flag when it next takes an empty block (or
   * returns from read()).  It is not joined: a pump blocked on a quiet
   * pipe holds its own reference and goes when the read returns. */
  g_atomic_int_set (&pump->stop, 1);
  for (guint i = 0; i < N_BLOCKS + 1; i++)
    {
      CqPgnBlock *b = g_new0 (CqPgnBlock, 1);
      g_async_queue_push (pump->empty, b);
    }
  if (held)
    block_free (held);
  if (pump->thread)
    g_thread_unref (pump->thread);
  pump_unref (pump);
}
