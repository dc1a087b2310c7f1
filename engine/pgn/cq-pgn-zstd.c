/* cq-pgn-zstd.c: a zstd file's frames, and its text read from one of them
 * on (a search in parts, cq-shard.h).
 *
 * A zstd file may be a sequence of frames, each compressed on its own
 * (RFC 8878 section 3.1: `zstd` on pieces then `cat`, the seekable
 * format, `zstd --rsyncable` does not make them).  A frame can be
 * decompressed without the ones before it, so such a file is cut at frame
 * boundaries.  The frames are found without decompressing anything: from
 * the seek table of the seekable format when the file ends with one
 * (zstd's contrib/seekable_format), else by walking the frame and block
 * headers with libzstd's ZSTD_findFrameCompressedSize().
 *
 * libzstd is opened at run time (cq-module.c), as libarchive is
 * (cq-archive.c), so that a `cql` run on plain PGN does not map it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <zstd.h>

#include "pgn/cq-module.h"
#include "pgn/cq-pgn-private.h"

#define MAGIC_FRAME      0xFD2FB528u
#define MAGIC_SKIPPABLE  0x184D2A50u   /* the low 4 bits are free */
#define MAGIC_SEEKABLE   0x8F92EAB1u   /* the seek table's footer */
#define SEEK_FOOTER      9             /* frames (4), descriptor (1), magic (4) */
#define IN_CHUNK         (128 * 1024)

typedef struct {
  size_t       (*find_frame_compressed_size) (const void *src, size_t len);
  unsigned     (*is_error) (size_t code);
  const char  *(*get_error_name) (size_t code);
  ZSTD_DStream *(*create_dstream) (void);
  size_t       (*free_dstream) (ZSTD_DStream *s);
  size_t       (*init_dstream) (ZSTD_DStream *s);
  size_t       (*decompress_stream) (ZSTD_DStream *s, ZSTD_outBuffer *out,
                                     ZSTD_inBuffer *in);
} ZstdApi;

#define SYMBOL(field, name) { name, G_STRUCT_OFFSET (ZstdApi, field) }

static const CqModuleSymbol symbols[] = {
  SYMBOL (find_frame_compressed_size, "ZSTD_findFrameCompressedSize"),
  SYMBOL (is_error, "ZSTD_isError"),
  SYMBOL (get_error_name, "ZSTD_getErrorName"),
  SYMBOL (create_dstream, "ZSTD_createDStream"),
  SYMBOL (free_dstream, "ZSTD_freeDStream"),
  SYMBOL (init_dstream, "ZSTD_initDStream"),
  SYMBOL (decompress_stream, "ZSTD_decompressStream"),
  { NULL, 0 }
};

static ZstdApi api;

/* libzstd has kept soname 1 since 1.0 (2016); Debian's package is libzstd1. */
static CqModule module = {
  "libzstd.so.1", "libzstd1", "to cut a zstd file into parts", symbols, &api, G_ONCE_INIT,
  NULL
};

static const ZstdApi *
zstd_api (GError **error)
{
  return _cq_module_load (&module, error);
}

static guint32
le32 (const guchar *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

/* The frames from the seek table at the end of @data, if there is a
 * well-formed one whose frames add up to the file; else NULL. */
static GArray *
frames_from_seek_table (const guchar *data, gsize size)
{
  g_autoptr(GArray) starts = NULL;
  guint32 n_frames, entry;
  guint64 table, at = 0;
  const guchar *e;
  guint8 descriptor;

  if (size < 8 + SEEK_FOOTER || le32 (data + size - 4) != MAGIC_SEEKABLE)
    return NULL;
  n_frames = le32 (data + size - SEEK_FOOTER);
  descriptor = data[size - 5];
  if ((descriptor & 0x7c) != 0)
    return NULL;   /* reserved bits set: not a table this code knows */
  entry = descriptor & 0x80 ? 12 : 8;
  table = 8 + (guint64) n_frames * entry + SEEK_FOOTER;
  if (table > size || le32 (data + size - table) != 0x184D2A5Eu
      || le32 (data + size - table + 4) != table - 8)
    return NULL;
  starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  e = data + size - table + 8;
  for (guint32 i = 0; i < n_frames; i++, e += entry)
    {
      guint32 csize = le32 (e);

      if (csize < 4 || at + csize > size - table || le32 (data + at) != MAGIC_FRAME)
        return NULL;
      g_array_append_val (starts, at);
      at += csize;
    }
  if (at != size - table || starts->len == 0)
    return NULL;
  return g_steal_pointer (&starts);
}

GArray *
cq_pgn_zstd_frames (const char *path, GError **error)
{
  g_autoptr(GMappedFile) map = NULL;
  g_autoptr(GArray) starts = NULL;
  const ZstdApi *z;
  const guchar *data;
  gsize size, at = 0;

  z = zstd_api (error);
  if (z == NULL)
    return NULL;
  map = g_mapped_file_new (path, FALSE, error);
  if (map == NULL)
    return NULL;
  data = (const guchar *) g_mapped_file_get_contents (map);
  size = g_mapped_file_get_length (map);
  starts = frames_from_seek_table (data, size);
  if (starts != NULL)
    return g_steal_pointer (&starts);

  /* No seek table: frame by frame, reading only their headers and their
   * blocks' headers (a few bytes every 128 KiB of text at most): the
   * kernel is told not to read ahead around them. */
  if (size > 0)
    (void) madvise ((void *) data, size, MADV_RANDOM);
  starts = g_array_new (FALSE, FALSE, sizeof (guint64));
  while (at < size)
    {
      guint32 magic = size - at >= 4 ? le32 (data + at) : 0;
      size_t len;

      if (magic != MAGIC_FRAME && (magic & 0xFFFFFFF0u) != MAGIC_SKIPPABLE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: no zstd frame begins at byte %" G_GSIZE_FORMAT, path, at);
          return NULL;
        }
      len = z->find_frame_compressed_size (data + at, size - at);
      if (z->is_error (len) || len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: the zstd frame at byte %" G_GSIZE_FORMAT " is damaged or cut "
                       "short: %s", path, at, z->is_error (len) ? z->get_error_name (len)
                       : "empty");
          return NULL;
        }
      /* A skippable frame goes with the frame before it: the parts begin at
       * frames that hold data (the first at the file's start). */
      if (magic == MAGIC_FRAME || starts->len == 0)
        {
          guint64 start = starts->len == 0 ? 0 : at;
          g_array_append_val (starts, start);
        }
      at += len;
    }
  return g_steal_pointer (&starts);
}

/* ------------------------------------------------------------------ */
/* Reading from a frame on                                             */

struct _CqZstdRange {
  const ZstdApi *z;
  ZSTD_DStream  *ds;
  int            fd;
  char          *name;
  GCancellable  *cancellable;
  guint64        start, end;      /* compressed bytes: the first frame, the range's end */
  guint64        file_pos;        /* compressed bytes fed to libzstd */
  guchar        *in_buf;
  ZSTD_inBuffer  in;
  gboolean       in_frame;        /* a frame begun and not yet whole */
  gboolean       at_end;
  gboolean       check;           /* the first pass: stop at @end */
  guint64        text_pos;        /* text handed out, from the range's start */
  guint64        text_end;        /* the text's offset at @end, G_MAXUINT64 until reached */
  GByteArray    *held;            /* text read ahead while looking for the first game */
  gsize          held_pos;
};

/* Feeds more compressed bytes: up to @end while it is ahead (so that the
 * text's offset there is known), then to the file's end.  FALSE on a read
 * error (set); TRUE with nothing more at the file's end. */
static gboolean
feed (CqZstdRange *r, GError **error)
{
  guint64 limit = r->file_pos < r->end ? r->end : G_MAXUINT64;
  gsize want = (gsize) MIN ((guint64) IN_CHUNK, limit - r->file_pos);
  gssize n;

  do
    n = pread (r->fd, r->in_buf, want, (off_t) r->file_pos);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: read error at byte %" G_GUINT64_FORMAT ": %s", r->name, r->file_pos,
                   g_strerror (saved));
      return FALSE;
    }
  r->in.src = r->in_buf;
  r->in.size = (size_t) n;
  r->in.pos = 0;
  r->file_pos += (guint64) n;
  if (n == 0)
    r->at_end = TRUE;
  return TRUE;
}

/* Decompresses into @buf, up to @len bytes, stopping at @end when the
 * text before it is not yet handed out (or, with @r->check, always).
 * Returns the bytes made, 0 at the end of the file (or at @end when
 * checking), -1 with @error. */
static gssize
decode (CqZstdRange *r, guchar *buf, gsize len, GError **error)
{
  ZSTD_outBuffer out = { buf, len, 0 };

  for (;;)
    {
      gboolean at_range_end = r->file_pos == r->end && r->in.pos == r->in.size;
      gsize before = out.pos;
      size_t ret;

      if (g_cancellable_set_error_if_cancelled (r->cancellable, error))
        return -1;
      if (at_range_end && !r->in_frame)
        {
          /* Every frame before @end is whole: the text's offset there. */
          if (r->text_end == G_MAXUINT64)
            r->text_end = r->text_pos + out.pos;
          if (out.pos > 0 || r->check)
            return (gssize) out.pos;
        }
      /* At @end inside a frame, the decoder still holds its last text:
       * no byte after @end is fed before it is out. */
      if (r->in.pos == r->in.size && !(at_range_end && r->in_frame))
        {
          if (!feed (r, error))
            return -1;
          if (r->at_end)
            {
              if (r->in_frame)
                {
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               "%s: the zstd data is truncated (the file ends inside a "
                               "frame, at byte %" G_GUINT64_FORMAT ")", r->name, r->file_pos);
                  return -1;
                }
              return (gssize) out.pos;
            }
        }
      ret = r->z->decompress_stream (r->ds, &out, &r->in);
      if (r->z->is_error (ret))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: the zstd data is corrupt (decompression failed with %"
                       G_GUINT64_FORMAT " bytes of the file read): %s", r->name,
                       r->file_pos - (r->in.size - r->in.pos), r->z->get_error_name (ret));
          return -1;
        }
      r->in_frame = ret != 0;
      if (out.pos == len)
        return (gssize) out.pos;
      if (at_range_end && r->in_frame && out.pos == before)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: the zstd frame before byte %" G_GUINT64_FORMAT " does not end "
                       "there: the file changed since its frames were listed?", r->name,
                       r->end);
          return -1;
        }
    }
}

/* The first pass: every frame of the range decompressed, the text dropped,
 * so that one that fails its checks yields no text at all. */
static gboolean
check_frames (CqZstdRange *r, GError **error)
{
  g_autofree guchar *sink = g_malloc (IN_CHUNK);
  gssize n;

  r->check = TRUE;
  do
    n = decode (r, sink, IN_CHUNK, error);
  while (n > 0);
  if (n < 0)
    return FALSE;
  /* Back to the first frame for the text. */
  r->check = FALSE;
  r->z->init_dstream (r->ds);
  r->file_pos = r->start;
  r->in.size = r->in.pos = 0;
  r->in_frame = FALSE;
  r->at_end = FALSE;
  r->text_end = G_MAXUINT64;
  return TRUE;
}

/* The text from the range's start, counted, for _cq_pgn_skip_to_game(). */
static gssize
decode_counted (gpointer data, guchar *buf, gsize len, GError **error)
{
  CqZstdRange *r = data;
  gssize n = decode (r, buf, len, error);

  if (n > 0)
    r->text_pos += (guint64) n;
  return n;
}

CqZstdRange *
_cq_zstd_range_open (int fd, const char *name, guint64 start, guint64 end,
                     GCancellable *cancellable, guint64 *first, GError **error)
{
  const ZstdApi *z = zstd_api (error);
  CqZstdRange *r;

  if (z == NULL)
    return NULL;
  r = g_new0 (CqZstdRange, 1);
  r->z = z;
  r->ds = z->create_dstream ();
  z->init_dstream (r->ds);
  r->fd = fd;
  r->name = g_strdup (name);
  r->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  r->start = r->file_pos = start;
  r->end = end;
  r->in_buf = g_malloc (IN_CHUNK);
  r->text_end = G_MAXUINT64;
  *first = 0;
  if (!check_frames (r, error)
      || (start > 0 && !_cq_pgn_skip_to_game (decode_counted, r, &r->held, first, error)))
    {
      _cq_zstd_range_free (r);
      return NULL;
    }
  return r;
}

gssize
_cq_zstd_range_read (CqZstdRange *r, void *buf, gsize len, GError **error)
{
  gssize n;

  if (r->held != NULL)
    {
      gsize k = MIN (len, r->held->len - r->held_pos);

      memcpy (buf, r->held->data + r->held_pos, k);
      r->held_pos += k;
      if (r->held_pos == r->held->len)
        g_clear_pointer (&r->held, g_byte_array_unref);
      if (k > 0)
        return (gssize) k;
    }
  n = decode (r, buf, len, error);
  if (n > 0)
    r->text_pos += (guint64) n;
  return n;
}

guint64
_cq_zstd_range_text_end (CqZstdRange *r)
{
  return r->text_end;
}

guint64
_cq_zstd_range_file_position (CqZstdRange *r)
{
  return r->file_pos;
}

void
_cq_zstd_range_free (CqZstdRange *r)
{
  if (r == NULL)
    return;
  r->z->free_dstream (r->ds);
  g_clear_pointer (&r->held, g_byte_array_unref);
  g_clear_object (&r->cancellable);
  g_free (r->in_buf);
  g_free (r->name);
  g_free (r);
}
