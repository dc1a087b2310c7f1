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

/* The digest's odd multipliers: 64-bit constants with bits spread evenly
 * (the golden ratio's and another), so that a product depends on every
 * bit of its factor below each bit. */
#define DIGEST_K1 G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
#define DIGEST_K2 G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f)

static inline guint64
rotl64 (guint64 x, int r)
{
  return (x << r) | (x >> (64 - r));
}

/* One 8-byte word into the state: a bijection of the word (multiply by an
 * odd constant, rotate, multiply) xored into the state, then a bijection
 * of the state.  The word's part does not depend on the state, so only
 * the xor, the rotation and one multiply chain from word to word. */
static inline guint64
digest_step (guint64 h, guint64 word)
{
  return rotl64 (h ^ (rotl64 (word * DIGEST_K2, 31) * DIGEST_K1), 27) * DIGEST_K1 + DIGEST_K2;
}

guint64
cq_pgn_game_digest (const char *text, gsize len)
{
  guint64 h = DIGEST_K2;
  guint64 word;
  gsize n = len;

  g_return_val_if_fail (text != NULL || len == 0, 0);

  /* Words read little-endian whatever the machine, so that a digest kept
   * in an index file means the same on any machine. */
  for (; n >= 8; text += 8, n -= 8)
    {
      memcpy (&word, text, 8);
      h = digest_step (h, GUINT64_FROM_LE (word));
    }
  word = 0;
  memcpy (&word, text, n);
  h = digest_step (h, GUINT64_FROM_LE (word));
  /* The length (the last word's zero padding is otherwise invisible),
   * then a final mix (xor-shift and odd multiplies, each a bijection) so
   * that every bit of the state reaches every bit of the digest. */
  h ^= (guint64) len * DIGEST_K1;
  h ^= h >> 33;
  h *= DIGEST_K2;
  h ^= h >> 29;
  h *= DIGEST_K1;
  h ^= h >> 32;
  return h;
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
