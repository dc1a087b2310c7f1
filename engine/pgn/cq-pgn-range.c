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

#define BLOCK (256 * 1024)

static gboolean
is_tag_name_char (guchar c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Whether the line that ends just before @p (a line start, @p > @start)
 * is blank, reading back no further than @start. */
static gboolean
blank_line_before (const guchar *start, const guchar *p)
{
  const guchar *q = p - 1;

  /* The line end before @p: LF, CR or CRLF. */
  if (*q == '\n' && q > start && q[-1] == '\r')
    q--;
  if (q == start)
    return FALSE;
  for (q--; q >= start; q--)
    {
      if (*q == '\n' || *q == '\r')
        return TRUE;
      if (*q != ' ' && *q != '\t')
        return FALSE;
    }
  return FALSE;   /* reached @start: not known, the caller keeps more */
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
      const guchar *end, *p;

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
      end = buf + n;
      for (p = buf + (at - base); p + 1 < end; p++)
        {
          p = memchr (p, '[', (gsize) (end - 1 - p));
          if (p == NULL)
            break;
          if (p > buf && (p[-1] == '\n' || p[-1] == '\r') && is_tag_name_char (p[1])
              && blank_line_before (buf, p))
            {
              *found = base + (guint64) (p - buf);
              close (fd);
              return TRUE;
            }
        }
      /* The next block starts where this one's last whole byte pair was. */
      if (base + (guint64) n >= (guint64) st.st_size)
        break;
      at = base + (guint64) n - 1;
    }
  close (fd);
  return TRUE;
}
