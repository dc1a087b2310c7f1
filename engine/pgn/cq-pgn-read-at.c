/* cq-pgn-read-at.c: reading one game back from its place in a PGN file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The workbench keeps where a matched game lies (#CqGameSource), not its
 * text, and reads it again to show or export it.  The file may have been
 * edited since: cq_pgn_read_game_at_checked() compares the text found
 * with the digest taken when the game matched, so that an edited file
 * never yields another game in its place.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <zlib.h>

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-private.h"

/* The @source->length bytes at @source->offset of @path, NUL-terminated
 * (g_free()), or NULL with a G_FILE_ERROR. */
static char *
read_text_at (const char *path, const CqGameSource *source, GError **error)
{
  g_autofree char *buf = NULL;
  gsize done = 0;
  int fd;

  if (source->length > G_MAXSIZE - 1)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                   "%s: game %" G_GUINT64_FORMAT " is too large", path, source->number);
      return NULL;
    }
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot open: %s", path, g_strerror (saved));
      return NULL;
    }
  buf = g_malloc (source->length + 1);
  while (done < source->length)
    {
      gssize n = pread (fd, buf + done, source->length - done, source->offset + done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : 0;
          if (n < 0)
            g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                         "%s: cannot read game %" G_GUINT64_FORMAT " at byte %"
                         G_GUINT64_FORMAT ": %s",
                         path, source->number, source->offset, g_strerror (saved));
          else
            g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                         "%s: file ends before game %" G_GUINT64_FORMAT " (byte %" G_GUINT64_FORMAT
                         ", %" G_GUINT64_FORMAT " bytes): was it changed?",
                         path, source->number, source->offset, source->length);
          close (fd);
          return NULL;
        }
      done += n;
    }
  close (fd);
  buf[done] = '\0';

  return g_steal_pointer (&buf);
}

/* The game in @text (@source->length bytes of @path), parsed. */
static CqGame *
parse_text_at (const char *path, const char *text, const CqGameSource *source)
{
  CqGame *game = cq_game_new_from_text (text, source->length, source, path);

  /* The game keeps its own copy of the name (messages made so far have
   * copied it already). */
  game->filename = _cq_arena_strndup (&CQ_GAME_PRIVATE (game)->arena, path, strlen (path));
  cq_game_parse_moves (game);
  return game;
}

CqGame *
cq_pgn_read_game_at (const char *path, const CqGameSource *source, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL && source != NULL, NULL);

  text = read_text_at (path, source, error);
  if (text == NULL)
    return NULL;
  return parse_text_at (path, text, source);
}

guint64
cq_pgn_game_digest (const char *text, gsize len)
{
  uLong crc = crc32 (0L, Z_NULL, 0);
  uLong adler = adler32 (0L, Z_NULL, 0);

  g_return_val_if_fail (text != NULL || len == 0, 0);

  /* zlib takes at most uInt bytes a call. */
  while (len > 0)
    {
      uInt n = (uInt) MIN (len, (gsize) G_MAXUINT32);

      crc = crc32 (crc, (const Bytef *) text, n);
      adler = adler32 (adler, (const Bytef *) text, n);
      text += n;
      len -= n;
    }
  return ((guint64) (adler & 0xffffffffu) << 32) | (crc & 0xffffffffu);
}

CqGame *
cq_pgn_read_game_at_checked (const char *path, const CqGameSource *source, guint64 digest,
                             GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL && source != NULL, NULL);

  text = read_text_at (path, source, error);
  if (text == NULL)
    return NULL;
  if (cq_pgn_game_digest (text, source->length) != digest)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   "%s: game %" G_GUINT64_FORMAT " at byte %" G_GUINT64_FORMAT
                   " is no longer the game that matched: the file was changed",
                   path, source->number, source->offset);
      return NULL;
    }
  return parse_text_at (path, text, source);
}
