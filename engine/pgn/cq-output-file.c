/* cq-output-file.c: a file of results written atomically, keeping the
 * protections of the file it replaces.  See cq-output-file.h.
 *
 * GIO's g_file_replace() also keeps the mode, but it writes a symbolic
 * link's target or a hard-linked file in place from the start, so that an
 * interrupted search would leave it cut; here the old data stays whole
 * until the commit in every case, and a hard-linked file is overwritten
 * only once the room for its new length is reserved.
 *
 * The temporary file is `.NAME.cql-tmp-XXXXXX` (NAME: the target's name,
 * cut to TMP_NAME_BYTES) and its writer holds an exclusive flock(2) on it
 * as long as it exists.  A crash or SIGKILL cannot remove it, but it
 * drops the lock: the next output to the same file removes the unlocked
 * ones of the same user (remove_stale_temporaries()).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE   /* fallocate */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "pgn/cq-output-file.h"

/* As Linux's limit on symbolic links followed in one path. */
#define MAX_LINKS 40

/* At most this many bytes of the target's name go into the temporary
 * file's name, which stays under the 255 bytes of a name. */
#define TMP_NAME_BYTES 200

/* What follows the target's name in the temporary file's name; mkstemp's
 * six characters end it. */
#define TMP_MARK ".cql-tmp-"
#define TMP_RANDOM "XXXXXX"

struct _CqOutputFile {
  char    *path;        /* as given, for messages */
  char    *target;      /* @path with its symbolic links followed */
  char    *tmp_path;    /* NULL when the target is written directly */
  int      fd;          /* the temporary file's, locked; or the target's */
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

/* The start of the temporary files' names for @target: `.NAME.cql-tmp-`,
 * NAME cut to TMP_NAME_BYTES bytes (not inside a UTF-8 character). */
static char *
temporary_prefix (const char *target)
{
  g_autofree char *base = g_path_get_basename (target);
  gsize len = strlen (base);

  if (len > TMP_NAME_BYTES)
    {
      len = TMP_NAME_BYTES;
      while (len > 0 && ((guchar) base[len] & 0xC0) == 0x80)
        len--;
    }
  return g_strdup_printf (".%.*s" TMP_MARK, (int) len, base);
}

/* Whether @fd is still the file named @path (no one removed or replaced
 * it since it was opened). */
static gboolean
is_named (int fd, const char *path)
{
  struct stat by_fd, by_name;

  return fstat (fd, &by_fd) == 0 && lstat (path, &by_name) == 0
         && by_fd.st_dev == by_name.st_dev && by_fd.st_ino == by_name.st_ino;
}

/* Removes from @dir the temporary files `@prefix` + six characters that
 * are stale: regular files of this user that no process holds locked
 * (their writer died: a crash, SIGKILL, a power cut).  A file in use is
 * locked by its writer (create_temporary()) and left alone; so is
 * anything the lock cannot be taken on (a file system without locks). */
static void
remove_stale_temporaries (const char *dir, const char *prefix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  gsize prefix_len = strlen (prefix);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      struct stat st;
      int fd;

      if (strncmp (name, prefix, prefix_len) != 0
          || strlen (name + prefix_len) != strlen (TMP_RANDOM))
        continue;
      path = g_build_filename (dir, name, NULL);
      /* Only a regular file is opened (a device could act on it). */
      if (lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      fd = g_open (path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0);
      if (fd < 0)
        continue;
      if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == geteuid ()
          && flock (fd, LOCK_EX | LOCK_NB) == 0 && is_named (fd, path))
        g_unlink (path);
      close (fd);
    }
}

/* Creates the temporary file for @target in @dir, mode 0666 less the
 * umask, and locks it for as long as it is open (remove_stale_temporaries()
 * of another run may have removed it between its creation and the lock:
 * then another is made).  Returns its descriptor and sets *@tmp_path, or
 * -1 with errno set. */
static int
create_temporary (const char *dir, const char *prefix, char **tmp_path)
{
  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *path = g_strconcat (dir, G_DIR_SEPARATOR_S, prefix, TMP_RANDOM, NULL);
      int fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, 0666);

      if (fd < 0)
        return -1;
      /* A file system without flock(2) gets an unlocked file, which no
       * other run can lock either, and so never removes. */
      while (flock (fd, LOCK_EX) != 0 && errno == EINTR)
        ;
      if (is_named (fd, path))
        {
          *tmp_path = g_steal_pointer (&path);
          return fd;
        }
      close (fd);
    }
  errno = EAGAIN;
  return -1;
}

CqOutputFile *
cq_output_file_open (const char *path, GError **error)
{
  g_autoptr(CqOutputFile) out = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *prefix = NULL;
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
  prefix = temporary_prefix (out->target);
  remove_stale_temporaries (dir, prefix);
  /* A new file gets 0666 less the umask, as any new document. */
  out->fd = create_temporary (dir, prefix, &out->tmp_path);
  if (out->fd < 0)
    {
      int saved = errno;

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

/* Writes @len bytes at @data to @fd at @offset.  FALSE with errno set. */
static gboolean
pwrite_all (int fd, const char *data, gsize len, off_t offset)
{
  while (len > 0)
    {
      gssize w = pwrite (fd, data, len, offset);

      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          if (w == 0)
            errno = EIO;
          return FALSE;
        }
      data += w, len -= (gsize) w, offset += w;
    }
  return TRUE;
}

/* Copies the bytes [@from, @to) of @src to the same place in @dst.  FALSE
 * with errno set. */
static gboolean
copy_range (int src, int dst, off_t from, off_t to)
{
  enum { CHUNK = 1 << 20 };
  g_autofree char *buf = g_malloc (CHUNK);

  while (from < to)
    {
      gssize n = pread (src, buf, MIN ((off_t) CHUNK, to - from), from);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = EIO;   /* the temporary file got shorter */
          return FALSE;
        }
      if (!pwrite_all (dst, buf, (gsize) n, from))
        return FALSE;
      from += n;
    }
  return TRUE;
}

/* Makes room in @dst (of @old_size bytes) for @new_size bytes without
 * changing its first @old_size bytes: fallocate(2) from 0, which also
 * fills the holes of a sparse file; where the file system has no
 * fallocate, the new data beyond @old_size is appended.  On failure the
 * file is cut back to @old_size, its old data whole; FALSE with errno
 * set. */
static gboolean
reserve_room (int src, int dst, off_t old_size, off_t new_size)
{
  int saved;

  if (new_size == 0 || fallocate (dst, 0, 0, new_size) == 0)
    return TRUE;
  saved = errno;
  if ((saved == EOPNOTSUPP || saved == ENOSYS) && new_size <= old_size)
    return TRUE;
  if ((saved == EOPNOTSUPP || saved == ENOSYS)
      && copy_range (src, dst, old_size, new_size) && fsync (dst) == 0)
    return TRUE;
  if (saved == EOPNOTSUPP || saved == ENOSYS)
    saved = errno;
  /* A failed fallocate may leave the blocks it got, and the length. */
  (void) ftruncate (dst, old_size);
  errno = saved;
  return FALSE;
}

/* Copies the temporary file into the hard-linked target, in place, so
 * that every link sees the new data.  The old data is touched only once
 * the whole new data is on disk in the temporary file and the target has
 * the room for it (reserve_room()): running out of space (ENOSPC), past
 * the file size limit (EFBIG) or the disk quota (EDQUOT) leaves the old
 * data whole. */
static gboolean
copy_into_target (CqOutputFile *out, GError **error)
{
  struct stat src_st, dst_st;
  gboolean ok = TRUE;
  int dst;

  if (fstat (out->fd, &src_st) != 0)
    return set_errno_error (error, errno, out->path, "cannot write");
  dst = g_open (out->target, O_WRONLY | O_CLOEXEC, 0);
  if (dst < 0)
    return set_errno_error (error, errno, out->path, "cannot write");
  if (fstat (dst, &dst_st) != 0)
    ok = set_errno_error (error, errno, out->path, "cannot write");
  else if (!reserve_room (out->fd, dst, dst_st.st_size, src_st.st_size))
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot write: no room for the new data (%" G_GINT64_FORMAT
                   " bytes) in the file, which has %u links and is written in place: %s; "
                   "its old data is left whole", out->path, (gint64) src_st.st_size,
                   (guint) dst_st.st_nlink, g_strerror (saved));
      ok = FALSE;
    }
  else if (!copy_range (out->fd, dst, 0, src_st.st_size)
           || ftruncate (dst, src_st.st_size) != 0 || fsync (dst) != 0)
    {
      /* Past the reservation: an I/O error, or a copy-on-write file
       * system (btrfs) that needs new blocks to overwrite old ones. */
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: cannot write: %s, while the new data was copied into the file in "
                   "place (it has %u links): it may hold part old, part new data",
                   out->path, g_strerror (saved), (guint) dst_st.st_nlink);
      ok = FALSE;
    }
  if (close (dst) != 0 && ok)
    ok = set_errno_error (error, errno, out->path, "cannot write");
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
  /* The temporary file stays open, and so locked, until it is renamed or
   * removed (remove_stale_temporaries() of another run leaves it). */
  if (ok && output->tmp_path != NULL)
    {
      if (output->hard_linked)
        ok = copy_into_target (output, error);
      else if (g_rename (output->tmp_path, output->target) != 0)
        ok = set_errno_error (error, errno, output->path, "cannot replace it");
    }
  if (output->tmp_path != NULL && (!ok || output->hard_linked))
    g_unlink (output->tmp_path);
  if (close (output->fd) != 0 && ok)
    ok = set_errno_error (error, errno, output->path, "cannot write");
  output->fd = -1;
  g_clear_pointer (&output->tmp_path, g_free);
  output->committed = TRUE;
  return ok;
}

void
cq_output_file_free (CqOutputFile *output)
{
  if (output == NULL)
    return;
  /* Removed before its lock goes with the descriptor. */
  if (output->tmp_path != NULL)
    g_unlink (output->tmp_path);
  if (output->fd >= 0)
    close (output->fd);
  g_free (output->tmp_path);
  g_free (output->target);
  g_free (output->path);
  g_free (output);
}
