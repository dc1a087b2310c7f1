/* cq-pgn-input.c: the bytes of one PGN database file, plain or compressed.
 *
 * The first 64 KiB of the file are read and looked at.  Plain text is then
 * handed out as it is (those bytes first, then read() on the file).  A
 * compressed stream or a zip archive is read through libarchive by a pump
 * thread (cq-pgn-pump.c) that fills 1 MiB blocks a few ahead of the
 * reader, which hands them out.
 *
 * A compressed stream is decompressed twice: a first pass only checks it
 * (gzip's CRC-32 and length, through zlib, since libarchive does not
 * check them; the checks of the other formats through libarchive), and
 * only a stream that passes is read for its text.  A check covers a whole
 * block or stream and comes at its end, so text decoded before a failed
 * check may be garbage: a damaged stream yields no game at all
 * (docs/limits.md "Compressed input").  A stream cut short (its end
 * missing, no check failed) is read up to the cut, as before.  Standard
 * input and pipes, which cannot be read twice, are copied to an unlinked
 * temporary file during the first pass.
 *
 * Nothing here waits without looking at the input's cancellable for longer
 * than WAIT_SLICE_MS: a pipe, a FIFO or a terminal is polled before each
 * read (a FIFO is opened without waiting for its writer), and the reader
 * waits for the pump's blocks in slices, so that a cancelled search (^C,
 * Stop) ends within that time even on a pipe that never writes.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-pgn-check.h"
#include "pgn/cq-pgn-input.h"
#include "pgn/cq-pgn-private.h"
#include "pgn/cq-pgn-pump-private.h"

#define SNIFF_SIZE   (64 * 1024)
#define WAIT_SLICE_MS 50

struct _CqPgnInput {
  char        *name;
  int          fd;
  gboolean     close_fd;
  gboolean     must_poll;       /* not a regular file: poll before read() */
  GCancellable *cancellable;
  guint64      file_size;
  const char  *compression;
  /* plain text: the sniffed bytes, then the file */
  guchar      *prefix;
  gsize        prefix_len, prefix_pos;
  guint64      file_pos;
  gboolean     at_end;
  gboolean     held_cr;         /* a CR at the end of the last read, not yet handed out */
  int          extra_byte;      /* a byte read ahead for a one-byte read, or -1 */
  /* compressed */
  CqPgnPump   *pump;
  CqPgnBlock  *block;           /* the block being handed out */
  gsize        block_pos;
  /* zstd frames from one on (a search in parts) */
  CqZstdRange *frames;
  /* a zip's members from one on: the text read ahead to the first game,
   * and where the next part's first member begins (G_MAXUINT64: not yet) */
  GByteArray  *held;
  gsize        held_pos;
  guint64      range_end;
};

typedef struct {
  const char *magic;
  gsize       len;
  gsize       offset;
  const char *name;
  gboolean    readable;   /* through libarchive; else refused with its name */
  gboolean    zip;
} Magic;

static const Magic magics[] = {
  { "\x1f\x8b", 2, 0, "gzip", TRUE, FALSE },
  { "BZh", 3, 0, "bzip2", TRUE, FALSE },
  { "\xfd" "7zXZ\0", 6, 0, "xz", TRUE, FALSE },
  { "\x28\xb5\x2f\xfd", 4, 0, "zstd", TRUE, FALSE },
  { "\x04\x22\x4d\x18", 4, 0, "lz4", TRUE, FALSE },
  { "LZIP", 4, 0, "lzip", TRUE, FALSE },
  { "\x1f\x9d", 2, 0, "compress (.Z)", TRUE, FALSE },
  { "PK\x03\x04", 4, 0, "zip", TRUE, TRUE },
  { "PK\x05\x06", 4, 0, "zip", TRUE, TRUE },
  { "7z\xbc\xaf\x27\x1c", 6, 0, "a 7-Zip archive", FALSE, FALSE },
  { "Rar!\x1a\x07", 6, 0, "a RAR archive", FALSE, FALSE },
  { "ustar", 5, 257, "a tar archive", FALSE, FALSE },
  { "\x89PNG", 4, 0, "a PNG image", FALSE, FALSE },
  { "\xff\xd8\xff", 3, 0, "a JPEG image", FALSE, FALSE },
  { "GIF8", 4, 0, "a GIF image", FALSE, FALSE },
  { "%PDF-", 5, 0, "a PDF document", FALSE, FALSE },
  { "SQLite format 3", 16, 0, "an SQLite database", FALSE, FALSE },
  { "\xff\xfe", 2, 0, "UTF-16 text (convert it to UTF-8)", FALSE, FALSE },
  { "\xfe\xff", 2, 0, "UTF-16 text (convert it to UTF-8)", FALSE, FALSE },
  { "\x7f" "ELF", 4, 0, "a program", FALSE, FALSE },
};

static const Magic *
find_magic (const guchar *p, gsize n)
{
  for (guint i = 0; i < G_N_ELEMENTS (magics); i++)
    {
      const Magic *m = &magics[i];
      if (n >= m->offset + m->len && memcmp (p + m->offset, m->magic, m->len) == 0)
        return m;
    }
  return NULL;
}

/* PGN is text: refuses @p (the first bytes of @name's text) if more than
 * 3% of it are control characters (NUL included).  Binary formats (images,
 * compressed data, other databases) are far above that; text with a few
 * stray bytes (a damaged game) passes, and its games are reported one by
 * one. */
static gboolean
check_text (const guchar *p, gsize n, const char *name, const char *inside, GError **error)
{
  gsize control = 0;
  const Magic *m;

  if (n >= 6 && inside != NULL && (m = find_magic (p, n)) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a PGN file: the %s data holds %s%s, not PGN text",
                   name, inside, m->name, m->readable ? " data" : "");
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    {
      guchar c;

#ifdef __SSE2__
      /* Text is read 16 bytes a step while no byte in them is below 32
       * but the newline: the byte-by-byte count below cost about 800,000
       * instructions a file, 1% of searching 7,000 studies. */
      if (i % 16 == 0)
        {
          const __m128i low = _mm_set1_epi8 (31), newline = _mm_set1_epi8 ('\n');

          while (n - i >= 16)
            {
              __m128i v = _mm_loadu_si128 ((const __m128i *) (p + i));
              __m128i below = _mm_cmpeq_epi8 (_mm_min_epu8 (v, low), v);

              if (_mm_movemask_epi8 (_mm_andnot_si128 (_mm_cmpeq_epi8 (v, newline), below)) != 0)
                break;
              i += 16;
            }
          if (i == n)
            break;
        }
#endif
      c = p[i];
      if (c < 32 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' && c != 27)
        control++;
    }
  if (n >= 64 && control * 100 > n * 3)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a PGN file: %sbinary data (%" G_GSIZE_FORMAT " control bytes in the "
                   "first %" G_GSIZE_FORMAT "), or compressed in a way that is not known",
                   name, inside ? "its decompressed text is " : "", control, n);
      return FALSE;
    }
  return TRUE;
}

/* Waits until @fd can be read (data, its end, or an error) or @cancellable
 * is cancelled.  Returns 1 when readable, 0 when cancelled, -1 with errno
 * set on a poll error. */
static int
wait_readable (int fd, GCancellable *cancellable)
{
  for (;;)
    {
      struct pollfd pfd = { .fd = fd, .events = POLLIN };
      int r;

      if (g_cancellable_is_cancelled (cancellable))
        return 0;
      r = poll (&pfd, 1, WAIT_SLICE_MS);
      if (r < 0 && errno != EINTR)
        return -1;
      if (r > 0)
        return 1;
    }
}

/* read() that gives up when @cancellable is cancelled: for a file that is
 * not a regular one (@must_poll), it waits in slices with poll().  Returns
 * the bytes read, 0 at the end, -1 with errno set on an error (ECANCELED
 * when cancelled).  The pump's reads too (cq-pgn-pump-private.h). */
gssize
_cq_pgn_read_cancellable (int fd, void *buf, gsize len, gboolean must_poll,
                          GCancellable *cancellable)
{
  for (;;)
    {
      gssize n;

      if (g_cancellable_is_cancelled (cancellable))
        {
          errno = ECANCELED;
          return -1;
        }
      if (must_poll)
        {
          int r = wait_readable (fd, cancellable);

          if (r == 0)
            {
              errno = ECANCELED;
              return -1;
            }
          if (r < 0)
            return -1;
        }
      n = read (fd, buf, len);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      return n;
    }
}

/* Reads up to @len bytes, as many as the file gives before its end. */
static gssize
read_full (CqPgnInput *in, guchar *buf, gsize len)
{
  gsize done = 0;

  while (done < len)
    {
      gssize n = _cq_pgn_read_cancellable (in->fd, buf + done, len - done, in->must_poll,
                                           in->cancellable);

      if (n < 0)
        return -1;
      if (n == 0)
        break;
      done += n;
    }
  return done;
}

static void
set_read_error (GError **error, const char *name, guint64 at, int saved)
{
  if (saved == ECANCELED)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s: reading cancelled", name);
      return;
    }
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               "%s: read error at byte %" G_GUINT64_FORMAT ": %s", name, at,
               g_strerror (saved));
}

/* ---------------------------------------------------------------- input */

static void
input_free_pump (CqPgnInput *in)
{
  if (in->pump == NULL)
    return;
  _cq_pgn_pump_stop (in->pump, in->block);
  in->block = NULL;
  in->pump = NULL;
}

void
cq_pgn_input_free (CqPgnInput *input)
{
  if (input == NULL)
    return;
  input_free_pump (input);
  _cq_zstd_range_free (input->frames);
  if (input->held != NULL)
    g_byte_array_unref (input->held);
  if (input->close_fd && input->fd >= 0)
    close (input->fd);
  g_clear_object (&input->cancellable);
  g_free (input->prefix);
  g_free (input->name);
  g_free (input);
}

static gboolean
start_pump (CqPgnInput *in, const Magic *m, guint64 member_start, guint64 member_end,
            GError **error)
{
  CqPgnBlock *first;

  /* The pump owns the descriptor and the sniffed bytes now. */
  in->pump = _cq_pgn_pump_start (in->fd, in->close_fd, in->must_poll, in->cancellable, in->name,
                                 m->name, m->zip, in->prefix, in->prefix_len, member_start,
                                 member_end, error);
  in->close_fd = FALSE;
  in->prefix = NULL;
  in->prefix_len = 0;
  if (in->pump == NULL)
    return FALSE;

  /* The first block decides whether this is PGN at all. */
  first = _cq_pgn_pump_next_block (in->pump);
  in->block = first;
  in->block_pos = 0;
  if (first->has_text_end)
    in->range_end = first->text_end;
  if (first->error && first->len == 0)
    {
      g_propagate_error (error, g_error_copy (first->error));
      return FALSE;
    }
  return check_text (first->data, MIN (first->len, SNIFF_SIZE), in->name, m->name, error);
}

/* Opens @path and reads its first bytes into @in->prefix; sets @magic to
 * its compression or archive format, NULL for text.  Fails for files that
 * cannot be opened or read, and for formats that are known not to be PGN. */
static gboolean
open_and_sniff (CqPgnInput *in, const char *path, const Magic **magic, GError **error)
{
  const Magic *m;
  struct stat st;
  gssize n;

  in->fd = -1;
  if (g_str_equal (path, "-"))
    {
      in->name = g_strdup ("<stdin>");
      in->fd = STDIN_FILENO;
    }
  else
    {
      int flags = O_RDONLY | O_CLOEXEC;

      in->name = g_strdup (path);
      /* open() of a FIFO waits for a writer, out of reach of the
       * cancellable: open it without waiting; poll() then waits for the
       * writer's first bytes (or its end) in slices. */
      if (g_stat (path, &st) == 0 && S_ISFIFO (st.st_mode))
        flags |= O_NONBLOCK;
      in->fd = g_open (path, flags, 0);
      if (in->fd < 0)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       "%s: cannot open: %s", path, g_strerror (saved));
          return FALSE;
        }
      in->close_fd = TRUE;
    }
  if (fstat (in->fd, &st) != 0 || S_ISDIR (st.st_mode))
    {
      int saved = S_ISDIR (st.st_mode) ? EISDIR : errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot read: %s", in->name, g_strerror (saved));
      return FALSE;
    }
  in->must_poll = !S_ISREG (st.st_mode) && !S_ISBLK (st.st_mode);
  in->file_size = S_ISREG (st.st_mode) ? (guint64) st.st_size : 0;
#ifdef POSIX_FADV_SEQUENTIAL
  if (S_ISREG (st.st_mode))
    posix_fadvise (in->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif

  in->prefix = g_malloc (SNIFF_SIZE);
  n = read_full (in, in->prefix, SNIFF_SIZE);
  if (n < 0)
    {
      set_read_error (error, in->name, 0, errno);
      return FALSE;
    }
  in->prefix_len = n;

  m = find_magic (in->prefix, in->prefix_len);
  if (m != NULL && !m->readable)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: not a PGN file: this is %s", in->name, m->name);
      return FALSE;
    }
  *magic = m;
  return TRUE;
}

CqPgnInput *
cq_pgn_input_open (const char *path, GCancellable *cancellable, GError **error)
{
  g_autoptr(CqPgnInput) in = NULL;
  const Magic *m = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  in = g_new0 (CqPgnInput, 1);
  in->extra_byte = -1;
  in->range_end = G_MAXUINT64;
  in->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  if (!open_and_sniff (in, path, &m, error))
    return NULL;
  if (m != NULL)
    {
      in->compression = m->name;
      if (!start_pump (in, m, 0, G_MAXUINT64, error))
        return NULL;
      return g_steal_pointer (&in);
    }
  if (!check_text (in->prefix, in->prefix_len, in->name, NULL, error))
    return NULL;
  return g_steal_pointer (&in);
}

static gssize read_text (CqPgnInput *in, void *buf, gsize len, GError **error);

/* The text of a zip's members, for _cq_pgn_skip_to_game(). */
static gssize
read_counted (gpointer data, guchar *buf, gsize len, GError **error)
{
  return read_text (data, buf, len, error);
}

CqPgnInput *
_cq_pgn_input_open_frames (const char *path, guint64 start, guint64 end,
                           GCancellable *cancellable, guint64 *first, GError **error)
{
  g_autoptr(CqPgnInput) in = g_new0 (CqPgnInput, 1);
  const Magic *m = NULL;

  in->extra_byte = -1;
  in->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  if (!open_and_sniff (in, path, &m, error))
    return NULL;
  in->range_end = G_MAXUINT64;
  if (m != NULL && m->zip && !in->must_poll)
    {
      /* Members of a zip: @start and @end are indexes of its *.pgn members. */
      in->compression = m->name;
      *first = 0;
      if (!start_pump (in, m, start, end, error)
          || (start > 0 && !_cq_pgn_skip_to_game (read_counted, in, &in->held, first, error)))
        return NULL;
      return g_steal_pointer (&in);
    }
  if (m == NULL || !g_str_equal (m->name, "zstd") || in->must_poll)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: only a zstd file can be read from one of its frames, and a zip "
                   "archive from one of its members", in->name);
      return NULL;
    }
  in->compression = m->name;
  in->frames = _cq_zstd_range_open (in->fd, in->name, start, end, in->cancellable, first,
                                    error);
  if (in->frames == NULL)
    return NULL;
  return g_steal_pointer (&in);
}

gboolean
cq_pgn_input_sniff (const char *path, const char **compression, GError **error)
{
  g_autoptr(CqPgnInput) in = NULL;
  const Magic *m = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  in = g_new0 (CqPgnInput, 1);
  in->extra_byte = -1;
  if (!open_and_sniff (in, path, &m, error))
    return FALSE;
  if (m == NULL && !check_text (in->prefix, in->prefix_len, in->name, NULL, error))
    return FALSE;
  if (compression)
    *compression = m ? m->name : NULL;
  return TRUE;
}

static gssize
read_text (CqPgnInput *in, void *buf, gsize len, GError **error)
{
  if (in->frames != NULL)
    return _cq_zstd_range_read (in->frames, buf, len, error);
  if (in->held != NULL)
    {
      gsize k = MIN (len, in->held->len - in->held_pos);

      memcpy (buf, in->held->data + in->held_pos, k);
      in->held_pos += k;
      if (in->held_pos == in->held->len)
        g_clear_pointer (&in->held, g_byte_array_unref);
      if (k > 0)
        return (gssize) k;
    }

  if (in->pump == NULL)
    {
      gssize n;

      if (in->prefix_pos < in->prefix_len)
        {
          n = MIN (len, in->prefix_len - in->prefix_pos);
          memcpy (buf, in->prefix + in->prefix_pos, n);
          in->prefix_pos += n;
          in->file_pos += n;
          return n;
        }
      if (in->at_end)
        return 0;
      n = _cq_pgn_read_cancellable (in->fd, buf, len, in->must_poll, in->cancellable);
      if (n < 0)
        {
          set_read_error (error, in->name, in->file_pos, errno);
          return -1;
        }
      if (n == 0)
        in->at_end = TRUE;
      in->file_pos += n;
      return n;
    }

  if (g_cancellable_set_error_if_cancelled (in->cancellable, error))
    return -1;
  for (;;)
    {
      CqPgnBlock *b = in->block;

      if (b == NULL)
        {
          b = in->block = _cq_pgn_pump_next_block (in->pump);
          if (b->has_text_end)
            in->range_end = b->text_end;
        }
      if (in->block_pos < b->len)
        {
          gsize n = MIN (len, b->len - in->block_pos);

          memcpy (buf, b->data + in->block_pos, n);
          in->block_pos += n;
          in->file_pos = b->file_pos;
          return n;
        }
      if (b->error)
        {
          g_propagate_error (error, g_error_copy (b->error));
          return -1;
        }
      if (b->end)
        return 0;
      in->block = NULL;
      in->block_pos = 0;
      _cq_pgn_pump_give_back (in->pump, b);
    }
}

/* Lines that end with a CR alone (old Mac files) are handed out ending
 * with LF, byte for byte (offsets stay those of the file), so that the
 * reader counts their lines and sees their blank lines; CRLF is left as it
 * is.  A CR at the end of a read is held back until the next byte is
 * known. */
static gssize
read_lines (CqPgnInput *in, guchar *b, gsize len, GError **error)
{
  gsize total;

  for (;;)
    {
      gsize have = 0;
      gssize n;

      if (in->held_cr)
        {
          b[0] = '\r';
          have = 1;
          in->held_cr = FALSE;
        }
      n = read_text (in, b + have, len - have, error);
      if (n < 0)
        {
          if (have == 0)
            return -1;
          /* The held CR first; the error comes again at the next read. */
          g_clear_error (error);
          b[0] = '\n';
          return 1;
        }
      if (n == 0)
        {
          if (have)
            b[0] = '\n';   /* a CR at the very end */
          return have;
        }
      total = have + n;
      for (guchar *cr = memchr (b, '\r', total - 1); cr != NULL;
           cr = memchr (cr + 1, '\r', b + total - 1 - (cr + 1)))
        if (cr[1] != '\n')
          *cr = '\n';
      if (b[total - 1] == '\r')
        {
          in->held_cr = TRUE;
          total--;
        }
      if (total > 0)
        return total;
    }
}

gssize
cq_pgn_input_read (CqPgnInput *in, void *buf, gsize len, GError **error)
{
  guchar *b = buf;
  guchar two[2];
  gssize n;

  g_return_val_if_fail (in != NULL, -1);
  g_return_val_if_fail (len >= 1, -1);

  if (in->extra_byte >= 0)
    {
      b[0] = (guchar) in->extra_byte;
      in->extra_byte = -1;
      return 1;
    }
  if (len >= 2)
    return read_lines (in, b, len, error);
  /* One byte wanted (tests read in tiny blocks): a CR needs the byte after
   * it, so two are read and the second handed out next time. */
  n = read_lines (in, two, 2, error);
  if (n <= 0)
    return n;
  b[0] = two[0];
  if (n == 2)
    in->extra_byte = two[1];
  return 1;
}

const char *
cq_pgn_input_get_name (CqPgnInput *input)
{
  g_return_val_if_fail (input != NULL, NULL);
  return input->name;
}

const char *
cq_pgn_input_get_compression (CqPgnInput *input)
{
  g_return_val_if_fail (input != NULL, NULL);
  return input->compression;
}

guint64
cq_pgn_input_get_file_position (CqPgnInput *input)
{
  g_return_val_if_fail (input != NULL, 0);
  if (input->frames != NULL)
    return _cq_zstd_range_file_position (input->frames);
  return input->file_pos;
}

guint64
_cq_pgn_input_get_range_end (CqPgnInput *input)
{
  return input->frames != NULL ? _cq_zstd_range_text_end (input->frames) : input->range_end;
}

gboolean
cq_pgn_input_seek (CqPgnInput *in, guint64 offset, GError **error)
{
  g_return_val_if_fail (in != NULL, FALSE);

  if (in->pump != NULL || in->must_poll || offset > in->file_size)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: only a plain PGN file can be read from a byte offset", in->name);
      return FALSE;
    }
  if (lseek (in->fd, (off_t) offset, SEEK_SET) < 0)
    {
      set_read_error (error, in->name, offset, errno);
      return FALSE;
    }
  /* The sniffed bytes are those of the file's start: not handed out. */
  in->prefix_pos = in->prefix_len;
  in->file_pos = offset;
  in->at_end = FALSE;
  in->held_cr = FALSE;
  in->extra_byte = -1;
  return TRUE;
}

guint64
cq_pgn_input_get_file_size (CqPgnInput *input)
{
  g_return_val_if_fail (input != NULL, 0);
  return input->file_size;
}
