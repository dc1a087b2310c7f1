/* cq-output-file.c: a file of results written atomically, keeping the
 * protections of the file it replaces.  See cq-output-file.h.
 *
 * GIO's g_file_replace() also keeps the mode, but it writes a symbolic
 * link's target or a hard-linked file in place from the start, so that an
 * interrupted search would leave it cut; here the old data stays whole
 * until the commit in every case.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-output-file.h"

/* As Linux's limit on symbolic links followed in one path. */
#define MAX_LINKS 40

struct _CqOutputFile {
  char    *path;        /* as given, for messages */
  char    *target;      /* @path with its symbolic links followed */
  char    *tmp_path;    /* NULL when the target is written directly */
  int      fd;
  gboolean hard_linked; /* commit copies into @target instead of renaming */
  gboolean committed;
};

static gboolean
set_errno_error (GError **error, int saved, const char *path, const char *what)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s%s%s", path,
               what ? what : "", what ? ": " : "", g_strerror (saved));
  return FALSE;
}

/* Follows the symbolic links of @path to the file they end at (which need
 * not exist). */
static char *
follow_links (const char *path, GError **error)
{
  g_autofree char *p = g_strdup (path);

  for (guint n = 0; n <= MAX_LINKS; n++)
    {
      GStatBuf st;
      g_autofree char *link = NULL;
      g_autofree char *dir = NULL;

      if (g_lstat (p, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&p);
      link = g_file_read_link (p, NULL);
      if (link == NULL)
        return g_steal_pointer (&p);
      if (g_path_is_absolute (link))
        {
          g_free (p);
          p = g_steal_pointer (&link);
          continue;
        }
      dir = g_path_get_dirname (p);
      g_free (p);
      p = g_build_filename (dir, link, NULL);
    }
  set_errno_error (error, ELOOP, path, NULL);
  return NULL;
}

CqOutputFile *
cq_output_file_open (const char *path, GError **error)
{
  g_autoptr(CqOutputFile) out = NULL;
  g_autofree char *dir = NULL;
  GStatBuf st;
  gboolean exists;

  g_return_val_if_fail (path != NULL, NULL);

  if (*path == '\0')
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                           "the output file name is empty");
      return NULL;
    }
  out = g_new0 (CqOutputFile, 1);
  out->fd = -1;
  out->path = g_strdup (path);
  out->target = follow_links (path, error);
  if (out->target == NULL)
    return NULL;

  exists = g_stat (out->target, &st) == 0;
  if (!exists && errno != ENOENT)
    {
      set_errno_error (error, errno, path, "cannot write");
      return NULL;
    }
  if (exists && S_ISDIR (st.st_mode))
    {
      set_errno_error (error, EISDIR, path, "cannot write");
      return NULL;
    }
  if (exists && !S_ISREG (st.st_mode))
    {
      /* A device or a FIFO: written directly; a file renamed over it would
       * replace it. */
      out->fd = g_open (out->target, O_WRONLY | O_CLOEXEC, 0);
      if (out->fd < 0)
        {
          set_errno_error (error, errno, path, "cannot write");
          return NULL;
        }
      return g_steal_pointer (&out);
    }
  /* What `>` would refuse is refused (the rename alone needs only the
   * directory to be writable). */
  if (exists && access (out->target, W_OK) != 0)
    {
      set_errno_error (error, errno, path, "cannot write");
      return NULL;
    }

  dir = g_path_get_dirname (out->target);
  out->tmp_path = g_build_filename (dir, ".cqlXXXXXX", NULL);
  /* A new file gets 0666 less the umask, as any new document. */
  out->fd = g_mkstemp_full (out->tmp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (out->fd < 0)
    {
      int saved = errno;

      g_clear_pointer (&out->tmp_path, g_free);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot write: cannot create a file in %s: %s", path, dir,
                   g_strerror (saved));
      return NULL;
    }
  if (exists)
    {
      out->hard_linked = st.st_nlink > 1;
      /* The owner can only be given away by root; the group, by a member
       * of it.  Either failing leaves the user's own, as `cp` does. */
      if (fchown (out->fd, st.st_uid, st.st_gid) != 0)
        (void) fchown (out->fd, (uid_t) -1, st.st_gid);
      if (fchmod (out->fd, st.st_mode & 07777) != 0)
        {
          set_errno_error (error, errno, path, "cannot keep its mode");
          return NULL;
        }
    }
  return g_steal_pointer (&out);
}

int
cq_output_file_get_fd (CqOutputFile *output)
{
  g_return_val_if_fail (output != NULL, -1);
  return output->fd;
}

/* Copies the temporary file into the hard-linked target, in place. */
static gboolean
copy_into_target (CqOutputFile *out, GError **error)
{
  g_autofree char *buf = g_malloc (1 << 20);
  int src, dst;
  gboolean ok = TRUE;

  src = g_open (out->tmp_path, O_RDONLY | O_CLOEXEC, 0);
  if (src < 0)
    return set_errno_error (error, errno, out->path, "cannot write");
  dst = g_open (out->target, O_WRONLY | O_TRUNC | O_CLOEXEC, 0);
  if (dst < 0)
    {
      close (src);
      return set_errno_error (error, errno, out->path, "cannot write");
    }
  for (;;)
    {
      gssize n = read (src, buf, 1 << 20);
      gssize done = 0;

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n < 0)
            ok = set_errno_error (error, errno, out->path, "cannot write");
          break;
        }
      while (ok && done < n)
        {
          gssize w = write (dst, buf + done, n - done);

          if (w < 0 && errno == EINTR)
            continue;
          if (w < 0)
            ok = set_errno_error (error, errno, out->path, "cannot write");
          else
            done += w;
        }
      if (!ok)
        break;
    }
  if (ok && fsync (dst) != 0)
    ok = set_errno_error (error, errno, out->path, "cannot write");
  if (close (dst) != 0 && ok)
    ok = set_errno_error (error, errno, out->path, "cannot write");
  close (src);
  return ok;
}

gboolean
cq_output_file_commit (CqOutputFile *output, GError **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (!output->committed, FALSE);

  if (output->tmp_path != NULL && fsync (output->fd) != 0)
    ok = set_errno_error (error, errno, output->path, "cannot write");
  if (close (output->fd) != 0 && ok)
    ok = set_errno_error (error, errno, output->path, "cannot write");
  output->fd = -1;
  if (ok && output->tmp_path != NULL)
    {
      if (output->hard_linked)
        ok = copy_into_target (output, error);
      else if (g_rename (output->tmp_path, output->target) != 0)
        ok = set_errno_error (error, errno, output->path, "cannot replace it");
    }
  if (output->tmp_path != NULL && (!ok || output->hard_linked))
    g_unlink (output->tmp_path);
  g_clear_pointer (&output->tmp_path, g_free);
  output->committed = TRUE;
  return ok;
}

void
cq_output_file_free (CqOutputFile *output)
{
  if (output == NULL)
    return;
  if (output->fd >= 0)
    close (output->fd);
  if (output->tmp_path != NULL)
    g_unlink (output->tmp_path);
  g_free (output->tmp_path);
  g_free (output->target);
  g_free (output->path);
  g_free (output);
}
