/* cq-pgn-zip.c: the `*.pgn` members of a zip archive, listed from their
 * headers for a search in parts (cq-shard.h); the members themselves are
 * read by cq-pgn-input.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-archive.h"
#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-check.h"

#define CHUNK (128 * 1024)

typedef struct {
  int     fd;
  guchar *buf;
} ZipFile;

static la_ssize_t
zip_read_cb (struct archive *a, void *data, const void **buf)
{
  ZipFile *z = data;
  gssize n;

  (void) a;
  do
    n = read (z->fd, z->buf, CHUNK);
  while (n < 0 && errno == EINTR);
  *buf = z->buf;
  return n;
}

GArray *
cq_pgn_zip_members (const char *path, GError **error)
{
  const CqArchiveApi *la = _cq_archive_api (error);
  g_autoptr(GArray) sizes = NULL;
  g_autofree guchar *buf = NULL;
  ZipFile z;
  struct archive *a;
  gboolean ok = TRUE;

  g_return_val_if_fail (path != NULL, NULL);
  if (la == NULL)
    return NULL;
  z.fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (z.fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
      return NULL;
    }
  z.buf = buf = g_malloc (CHUNK);
  sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  a = la->read_new ();
  la->read_support_format_zip (a);
  if (la->read_open (a, &z, NULL, zip_read_cb, NULL) != ARCHIVE_OK)
    ok = FALSE;
  while (ok)
    {
      struct archive_entry *entry;
      int r = la->read_next_header (a, &entry);

      if (r == ARCHIVE_EOF)
        break;
      if (r < ARCHIVE_WARN)
        {
          ok = FALSE;
          break;
        }
      if (_cq_pgn_is_pgn_member (la, entry))
        {
          guint64 size = la->entry_size_is_set (entry) && la->entry_size (entry) > 0
                         ? (guint64) la->entry_size (entry) : 0;
          g_array_append_val (sizes, size);
        }
      if (la->read_data_skip (a) < ARCHIVE_WARN)
        ok = FALSE;
    }
  if (!ok)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 "%s: cannot list the zip archive's members: %s", path,
                 la->error_string (a) != NULL ? la->error_string (a) : "not a zip archive");
  la->read_free (a);
  close (z.fd);
  return ok ? g_steal_pointer (&sizes) : NULL;
}
