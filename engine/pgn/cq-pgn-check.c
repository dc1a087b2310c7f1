/* cq-pgn-check.c: the first pass over a compressed PGN database.
 *
 * Every compression format checks its data only at the end of what a
 * check covers (a gzip member, a bzip2 block of up to 900 KB, an xz
 * block, a zstd or lz4 frame), and its decoder hands out the text before
 * it gets there: text decoded from damaged data is garbage until the check
 * fails, and may even hold games that look right.  So a compressed stream
 * is decompressed once only to be checked, keeping nothing, before it is
 * read for its games (cq-pgn-input.c).  gzip goes through zlib, which
 * checks the CRC-32 and length of each member; libarchive reads gzip
 * without checking them.  The other formats go through libarchive, whose
 * decoders check what their format carries.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>

#include <zlib.h>

#include "pgn/cq-pgn-check.h"

#define STEP (64 * 1024)

typedef struct {
  const char   *name;
  const char   *compression;
  CqPgnFillFunc fill;
  gpointer      fill_data;
  GCancellable *cancellable;
  guint64       file_pos;    /* compressed bytes handed out by @fill */
  guint64       out;         /* bytes decompressed */
  gboolean      at_eof;
  int           read_errno;  /* @fill failed with it, or 0 */
  const CqArchiveApi *la;    /* libarchive, for a stream it reads */
} Check;

static gssize
check_fill (Check *c, const void **buf)
{
  gssize n = c->fill (c->fill_data, buf);

  if (n < 0)
    c->read_errno = errno;
  else if (n == 0)
    c->at_eof = TRUE;
  else
    c->file_pos += n;
  return n;
}

static void
set_read_failed (Check *c, GError **error)
{
  if (c->read_errno == ECANCELED)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s: reading cancelled", c->name);
  else
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (c->read_errno),
                 "%s: read error at byte %" G_GUINT64_FORMAT ": %s", c->name, c->file_pos,
                 g_strerror (c->read_errno));
}

static void
set_damaged (Check *c, guint64 at, const char *why, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "%s: the %s data is corrupt (found at byte %" G_GUINT64_FORMAT " of the file: %s); "
               "none of its games is searched, as the text decoded before that point may be "
               "garbage", c->name, c->compression, at, why);
}

/* Whether to go on after @n more bytes of output: FALSE with @error set
 * when cancelled or when the output outgrows the input too far. */
static gboolean
check_step (Check *c, gsize n, GError **error)
{
  c->out += n;
  if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
    return FALSE;
  if (c->out > CQ_PGN_CHECK_EXPANSION_FREE
      && c->out / CQ_PGN_CHECK_MAX_EXPANSION > c->file_pos)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a PGN database: its %s data expands more than %d times "
                   "(%" G_GUINT64_FORMAT " bytes from the first %" G_GUINT64_FORMAT
                   " of the file): a decompression bomb?", c->name, c->compression,
                   CQ_PGN_CHECK_MAX_EXPANSION, c->out, c->file_pos);
      return FALSE;
    }
  return TRUE;
}

/* gzip members, one after the other, each with its CRC-32 and length
 * checked by zlib.  Anything after a member that does not start like one
 * ends the stream, as libarchive ends it there too. */
static gboolean
check_gzip (Check *c, GError **error)
{
  z_stream zs = { 0 };
  g_autofree guchar *out = g_malloc (STEP);
  gboolean ok = TRUE, in_member = TRUE;

  if (inflateInit2 (&zs, 15 + 16) != Z_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot start zlib", c->name);
      return FALSE;
    }
  for (;;)
    {
      int r;

      if (zs.avail_in == 0)
        {
          const void *buf;
          gssize n = check_fill (c, &buf);

          if (n < 0)
            {
              set_read_failed (c, error);
              ok = FALSE;
              break;
            }
          if (n == 0)
            break;     /* cut short if @in_member: the second pass says so */
          zs.next_in = (Bytef *) buf;
          zs.avail_in = n;
        }
      if (!in_member)
        {
          if (zs.next_in[0] != 0x1f)
            break;
          inflateReset (&zs);
          in_member = TRUE;
        }
      zs.next_out = out;
      zs.avail_out = STEP;
      r = inflate (&zs, Z_NO_FLUSH);
      if (r == Z_STREAM_END)
        in_member = FALSE;
      else if (r != Z_OK && r != Z_BUF_ERROR)
        {
          set_damaged (c, c->file_pos - zs.avail_in, zs.msg ? zs.msg : "not deflate data",
                       error);
          ok = FALSE;
          break;
        }
      if (!check_step (c, STEP - zs.avail_out, error))
        {
          ok = FALSE;
          break;
        }
    }
  inflateEnd (&zs);
  return ok;
}

static la_ssize_t
check_read_cb (struct archive *a, void *data, const void **buf)
{
  Check *c = data;
  gssize n = check_fill (c, buf);

  if (n < 0)
    c->la->set_error (a, c->read_errno, "%s", g_strerror (c->read_errno));
  return n;
}

/* libarchive failed: sets @error unless the stream was only cut short,
 * which libarchive's filters word as "truncated ... input" (liblzma as "No
 * progress is possible") once the file's end was read. */
static gboolean
archive_failed (Check *c, struct archive *a, GError **error)
{
  const char *why = c->la->error_string (a);
  g_autofree char *lower = g_ascii_strdown (why ? why : "", -1);

  if (g_cancellable_set_error_if_cancelled (c->cancellable, error))
    return FALSE;
  if (c->read_errno != 0)
    {
      set_read_failed (c, error);
      return FALSE;
    }
  if (c->at_eof && (strstr (lower, "truncated") != NULL
                    || strstr (lower, "no progress is possible") != NULL))
    return TRUE;
  set_damaged (c, c->file_pos, why ? why : "decompression failed", error);
  return FALSE;
}

static gboolean
check_archive (Check *c, gboolean zip, guint64 first_member, guint64 end_member,
               GError **error)
{
  guint64 index = 0;

  const CqArchiveApi *la = c->la = _cq_archive_api (error);
  struct archive *a;
  g_autofree guchar *out = NULL;
  gboolean ok = TRUE;

  if (la == NULL)
    return FALSE;
  a = la->read_new ();
  out = g_malloc (STEP);
  la->read_support_filter_all (a);
  if (zip)
    la->read_support_format_zip (a);
  else
    la->read_support_format_raw (a);
  if (la->read_open (a, c, NULL, check_read_cb, NULL) != ARCHIVE_OK)
    {
      ok = archive_failed (c, a, error);
      la->read_free (a);
      return ok;
    }
  for (;;)
    {
      struct archive_entry *entry;
      int r = la->read_next_header (a, &entry);
      gboolean member_done = FALSE;

      if (r == ARCHIVE_EOF)
        break;
      if (r < ARCHIVE_WARN)
        {
          ok = archive_failed (c, a, error);
          break;
        }
      if (zip && (!_cq_pgn_is_pgn_member (la, entry) || index++ < first_member))
        continue;
      if (zip && index > end_member)
        break;
      while (!member_done)
        {
          la_ssize_t n = la->read_data (a, out, STEP);

          if (n < 0)
            {
              ok = archive_failed (c, a, error);
              break;
            }
          member_done = n == 0;
          if (!check_step (c, n, error))
            {
              ok = FALSE;
              break;
            }
        }
      if (!member_done)
        break;
    }
  la->read_free (a);
  return ok;
}

gboolean
_cq_pgn_check_stream (const char *name, const char *compression, gboolean gzip,
                      gboolean zip, guint64 first_member, guint64 end_member,
                      CqPgnFillFunc fill, gpointer fill_data, GCancellable *cancellable,
                      GError **error)
{
  Check c = {
    .name = name, .compression = compression, .fill = fill, .fill_data = fill_data,
    .cancellable = cancellable,
  };

  return gzip ? check_gzip (&c, error) : check_archive (&c, zip, first_member, end_member, error);
}

gboolean
_cq_pgn_is_pgn_member (const CqArchiveApi *la, struct archive_entry *entry)
{
  const char *path = la->entry_pathname (entry);
  gsize len = path ? strlen (path) : 0;

  return la->entry_filetype (entry) == AE_IFREG && len > 4
         && g_ascii_strcasecmp (path + len - 4, ".pgn") == 0;
}
