/* cq-pgn-range.c: where a search in parts cuts a plain PGN file between
 * games (cq_pgn_find_game_start(), cq-shard.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-private.h"

#define BLOCK (256 * 1024)
#define SKIP_CHUNK (128 * 1024)

static gboolean
is_tag_name_char (guchar c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Whether the line that ends just before @p (a line start, @p > @start)
 * is blank, reading back no further than @start; a line that reaches
 * @start is blank if it has no other byte and @line_start says that
 * @start begins a line. */
static gboolean
blank_line_before (const guchar *start, const guchar *p, gboolean line_start)
{
  const guchar *q = p - 1;

  /* The line end before @p: LF, CR or CRLF. */
  if (*q == '\n' && q > start && q[-1] == '\r')
    q--;
  if (q == start)
    return line_start;
  for (q--; q >= start; q--)
    {
      if (*q == '\n' || *q == '\r')
        return TRUE;
      if (*q != ' ' && *q != '\t')
        return FALSE;
    }
  return line_start;   /* reached @start: known only if it begins a line */
}

gboolean
_cq_pgn_game_start_in (const guchar *buf, gsize len, gsize from, gboolean line_start,
                       gboolean eof, gsize *found)
{
  const guchar *end = buf + len, *p;

  /* A game begins at a `[` that starts a line, followed by a tag name's
   * first character, after a blank line. */
  for (p = buf + from; p + 1 < end; p++)
    {
      p = memchr (p, '[', (gsize) (end - 1 - p));
      if (p == NULL)
        break;
      if (!is_tag_name_char (p[1]))
        continue;
      if (p == buf ? line_start
          : (p[-1] == '\n' || p[-1] == '\r') && blank_line_before (buf, p, line_start))
        {
          *found = (gsize) (p - buf);
          return TRUE;
        }
    }
  /* Undecided: the last byte, whose next byte is not read yet. */
  *found = eof || len == 0 ? len : MAX (from, len - 1);
  return FALSE;
}

gboolean
cq_pgn_find_game_start (const char *path, guint64 from, guint64 *found, GError **error)
{
  /* Each block is read with the 4 KiB before it, so that the blank line
   * before a tag at its start can be seen. */
  const gsize back = 4096;
  g_autofree guchar *buf = g_malloc (BLOCK + back + 2);
  guint64 at = from;
  GStatBuf st;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot read: %s", path, g_strerror (saved));
      if (fd >= 0)
        close (fd);
      return FALSE;
    }
  *found = (guint64) st.st_size;
  while (at < (guint64) st.st_size)
    {
      guint64 base = at > back ? at - back : 0;
      gssize n = pread (fd, buf, BLOCK + back + 2, (off_t) base);
      gsize hit;

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       "%s: cannot read at byte %" G_GUINT64_FORMAT ": %s", path, base,
                       g_strerror (saved));
          close (fd);
          return FALSE;
        }
      if (n == 0)
        break;
      /* The block's first byte is no line start (the file's start is not
       * looked at: a byte range begins after it). */
      if (_cq_pgn_game_start_in (buf, (gsize) n, (gsize) (at - base), FALSE, FALSE, &hit))
        {
          *found = base + (guint64) hit;
          close (fd);
          return TRUE;
        }
      /* The next block starts where this one's last whole byte pair was. */
      if (base + (guint64) n >= (guint64) st.st_size)
        break;
      at = base + (guint64) n - 1;
    }
  close (fd);
  return TRUE;
}

gboolean
_cq_pgn_skip_to_game (CqPgnTextFunc read, gpointer data, GByteArray **held, guint64 *first,
                      GError **error)
{
  g_autoptr(GByteArray) text = g_byte_array_new ();
  guint64 base = 0;            /* text offset of text->data[0] */
  gsize from = 0, found;
  gboolean line_start = TRUE;

  for (;;)
    {
      gsize had = text->len;
      gssize n;

      g_byte_array_set_size (text, had + SKIP_CHUNK);
      n = read (data, text->data + had, SKIP_CHUNK, error);
      if (n < 0)
        return FALSE;
      g_byte_array_set_size (text, had + (gsize) n);
      if (_cq_pgn_game_start_in (text->data, text->len, from, line_start, n == 0, &found))
        {
          *first = base + found;
          g_byte_array_remove_range (text, 0, (guint) found);
          *held = g_steal_pointer (&text);
          return TRUE;
        }
      if (n == 0)
        {
          *first = base + text->len;   /* no game begins in the rest of the text */
          *held = NULL;
          return TRUE;
        }
      from = found;
      /* A long run without a game: keep only what a later decision needs
       * (the text before is then no longer a line start). */
      if (from > 4 * 1024 * 1024)
        {
          gsize drop = from - 64 * 1024;

          g_byte_array_remove_range (text, 0, (guint) drop);
          base += drop;
          from -= drop;
          line_start = FALSE;
        }
    }
}
