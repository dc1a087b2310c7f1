/* cq6-files.c: `readfile` and `writefile`, the CQL 6 filters that read and
 * write the user's files (CQL 6 reference "readfile", "writefile"), and the
 * folder they are confined to.
 *
 * A query file may come from anywhere: it must not read or write the
 * user's files unless the user allows it.  The reader refuses both filters
 * (CQ_QUERY_ERROR_FILES) unless the query is read with a folder that
 * allows them (cq_query_new_from_file_allowing_files()); then every file
 * name the query gives is taken inside that folder:
 * - an absolute name, a name with a `..` component, and a name whose real
 *   path leaves the folder (a symbolic link out of it) are refused;
 * - only regular files are opened: a FIFO, a device or a directory is
 *   refused before it is opened (lstat and stat), opened with O_NOFOLLOW
 *   and O_NONBLOCK, and checked again on the descriptor (fstat);
 * - `writefile` never writes a protected file (cq_query_protect_file():
 *   the output, the databases searched, the query file).
 *
 * As in CQL 6.2, `readfile` takes .pgn, .cqo and .cql files and
 * `writefile` writes .cqo and .cql files; `writefile` opens (emptying) a
 * file the first time it writes to it and appends from then on, for the
 * whole search, each write reaching the file at once (no buffer).  A query
 * that uses either runs on one thread (cq_query_needs_one_thread()), so
 * the order of the writes is the games' order.  An error while a filter
 * runs (a missing file, a refused name) stops the search, as CQL 6.2
 * halts: the first such error is kept (cq_query_get_run_error()) and both
 * filters fail from then on (docs/cql6-rulings.md, "readfile and
 * writefile").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The longest file `readfile` reads: a string of the query is held in
 * memory whole. */
#define CQ6_READFILE_MAX_BYTES (64 * 1024 * 1024)

typedef struct {
  dev_t dev;
  ino_t ino;
} FileId;

struct _Cq6Files {
  char       *dir;        /* the allowed folder's real path */
  char       *query_name; /* the query's file name, for messages */
  GArray     *protected_ids;   /* FileId of the protected files that exist */
  GPtrArray  *protected_paths; /* their real paths (or the real path of the
                                * folder they would be in, and their name) */
  GHashTable *written;    /* real path -> descriptor + 1, the files opened by
                           * writefile */
  GHashTable *read;       /* real path -> the contents last read (owned) */
  GPtrArray  *old_texts;  /* contents replaced in @read, kept: a variable
                           * may still hold them */
  GRecMutex   mutex;     /* a name or text may hold another readfile */
  GError     *error;      /* the first run-time error, or NULL */
};

Cq6Files *
_cq6_files_new (const char *dir, const char *query_name, GError **error)
{
  g_autofree char *real = NULL;
  struct stat st;
  Cq6Files *files;

  real = realpath (dir, NULL);
  if (real == NULL || stat (real, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      int saved = real == NULL ? errno : ENOTDIR;

      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO,
                   "%s: cannot allow the query's files in this folder: %s", dir,
                   g_strerror (saved));
      return NULL;
    }
  files = g_new0 (Cq6Files, 1);
  files->dir = g_steal_pointer (&real);
  files->query_name = g_strdup (query_name != NULL ? query_name : "<query>");
  files->protected_ids = g_array_new (FALSE, FALSE, sizeof (FileId));
  files->protected_paths = g_ptr_array_new_with_free_func (g_free);
  files->written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  files->read = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  files->old_texts = g_ptr_array_new_with_free_func (g_free);
  g_rec_mutex_init (&files->mutex);
  return files;
}

static void
close_written (gpointer key, gpointer value, gpointer data)
{
  close (GPOINTER_TO_INT (value) - 1);
}

void
_cq6_files_free (Cq6Files *files)
{
  if (files == NULL)
    return;
  g_hash_table_foreach (files->written, close_written, NULL);
  g_hash_table_unref (files->written);
  g_hash_table_unref (files->read);
  g_ptr_array_unref (files->old_texts);
  g_array_unref (files->protected_ids);
  g_ptr_array_unref (files->protected_paths);
  g_clear_error (&files->error);
  g_rec_mutex_clear (&files->mutex);
  g_free (files->dir);
  g_free (files->query_name);
  g_free (files);
}

/* The real path of @path, or of its folder followed by its name when it
 * does not exist (yet): an output file is created by the search. */
static char *
real_path_of (const char *path)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *real_dir = NULL;
  char *real = realpath (path, NULL);

  if (real != NULL)
    return real;
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  real_dir = realpath (dir, NULL);
  return real_dir != NULL ? g_build_filename (real_dir, base, NULL) : NULL;
}

void
_cq6_files_protect (Cq6Files *files, const char *path)
{
  struct stat st;
  char *real;

  if (files == NULL || path == NULL || strcmp (path, "-") == 0)
    return;
  g_rec_mutex_lock (&files->mutex);
  if (stat (path, &st) == 0)
    {
      FileId id = { st.st_dev, st.st_ino };
      g_array_append_val (files->protected_ids, id);
    }
  real = real_path_of (path);
  if (real != NULL)
    g_ptr_array_add (files->protected_paths, real);
  g_rec_mutex_unlock (&files->mutex);
}

const GError *
_cq6_files_error (const Cq6Files *files)
{
  return files != NULL ? files->error : NULL;
}

/* Keeps the first run-time error, at @f's place in the query. */
static gboolean
fail (Cq6Files *files, const Cq6Filter *f, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (Cq6Files *files, const Cq6Filter *f, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  if (files->error != NULL)
    return FALSE;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  _cq_query_set_error (&files->error, CQ_QUERY_ERROR_IO, files->query_name, f->line,
                       f->column, "%s", text);
  return FALSE;
}

/* Whether @name ends with one of @exts (".cqo", ...) as CQL 6.2 tells a
 * file's extension: the text from the last dot, in lower or upper case. */
static gboolean
has_extension (const char *name, const char *const *exts)
{
  const char *dot = strrchr (name, '.');

  if (dot == NULL || strchr (dot, '/') != NULL)
    return FALSE;
  for (guint i = 0; exts[i] != NULL; i++)
    {
      g_autofree char *upper = g_ascii_strup (exts[i], -1);

      if (strcmp (dot, exts[i]) == 0 || strcmp (dot, upper) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_protected (const Cq6Files *files, const char *real, const struct stat *st)
{
  for (guint i = 0; i < files->protected_ids->len; i++)
    {
      const FileId *id = &g_array_index (files->protected_ids, FileId, i);

      if (st != NULL && id->dev == st->st_dev && id->ino == st->st_ino)
        return TRUE;
    }
  for (guint i = 0; i < files->protected_paths->len; i++)
    if (strcmp (files->protected_paths->pdata[i], real) == 0)
      return TRUE;
  return FALSE;
}

/* What the file @st describes is, for a message: NULL for a regular file. */
static const char *
not_regular (const struct stat *st)
{
  if (S_ISREG (st->st_mode))
    return NULL;
  if (S_ISDIR (st->st_mode))
    return "it is a folder";
  if (S_ISFIFO (st->st_mode))
    return "it is a pipe (FIFO)";
  if (S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode))
    return "it is a device";
  if (S_ISSOCK (st->st_mode))
    return "it is a socket";
  return "it is not a regular file";
}

/* The real path in the allowed folder of the file @name a query gives,
 * or NULL with the run-time error set (@what: the filter, for messages).
 * @must_exist: readfile; writefile may name a file to create. */
static char *
resolve (Cq6Files *files, const Cq6Filter *f, const char *what, const char *name,
         gboolean must_exist)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *real = NULL;
  gsize dir_len = strlen (files->dir);

  if (name[0] == '\0')
    return fail (files, f, "%s: the file name is empty", what), NULL;
  if (g_path_is_absolute (name))
    return fail (files, f, "%s: the file name \"%s\" is absolute; a query's files are named "
                 "inside the folder allowed (%s)", what, name, files->dir), NULL;
  parts = g_strsplit (name, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (strcmp (parts[i], "..") == 0)
      return fail (files, f, "%s: the file name \"%s\" goes up a folder (..); a query's "
                   "files stay inside the folder allowed (%s)", what, name, files->dir), NULL;
  joined = g_build_filename (files->dir, name, NULL);
  real = must_exist ? realpath (joined, NULL) : real_path_of (joined);
  if (real == NULL)
    {
      int saved = errno;

      return fail (files, f, "%s: cannot open \"%s\" in %s: %s", what, name, files->dir,
                   g_strerror (saved)), NULL;
    }
  /* A symbolic link may lead out of the folder: the real path decides. */
  if (strncmp (real, files->dir, dir_len) != 0
      || (real[dir_len] != '/' && !(dir_len == 1 && files->dir[0] == '/')))
    return fail (files, f, "%s: \"%s\" leads out of the folder allowed (%s) to %s", what,
                 name, files->dir, real), NULL;
  return g_steal_pointer (&real);
}

/* Opens @real (resolve()) for writefile or readfile: a regular file only,
 * checked before (lstat: @real has no symbolic link left) and after it is
 * opened (fstat).  Returns the descriptor or -1 with the error set. */
static int
open_regular (Cq6Files *files, const Cq6Filter *f, const char *what, const char *name,
              const char *real, int flags, struct stat *st)
{
  const char *kind;
  int fd;

  if (lstat (real, st) == 0 && (kind = not_regular (st)) != NULL)
    return fail (files, f, "%s: \"%s\" is not a regular file: %s", what, name, kind), -1;
  fd = open (real, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;

      return fail (files, f, "%s: cannot open \"%s\" in %s: %s", what, name, files->dir,
                   g_strerror (saved)), -1;
    }
  if (fstat (fd, st) != 0 || (kind = not_regular (st)) != NULL)
    {
      close (fd);
      return fail (files, f, "%s: \"%s\" is not a regular file: %s", what, name,
                   kind != NULL ? kind : g_strerror (errno)), -1;
    }
  return fd;
}

/* Reads the whole of @fd; NULL with the error set. */
static char *
read_all (Cq6Files *files, const Cq6Filter *f, const char *name, int fd, gsize *len_out)
{
  GString *text = g_string_new (NULL);
  char buf[65536];

  for (;;)
    {
      gssize n = read (fd, buf, sizeof buf);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_string_free (text, TRUE);
          return fail (files, f, "readfile: cannot read \"%s\": %s", name,
                       g_strerror (saved)), NULL;
        }
      if (n == 0)
        break;
      if (text->len + (gsize) n > CQ6_READFILE_MAX_BYTES)
        {
          g_string_free (text, TRUE);
          return fail (files, f, "readfile: \"%s\" is longer than %d MiB, more than a query "
                       "string holds", name, CQ6_READFILE_MAX_BYTES / (1024 * 1024)), NULL;
        }
      g_string_append_len (text, buf, n);
    }
  *len_out = text->len;
  return g_string_free (text, FALSE);
}

/* `readfile NAME`: the contents of the file as a string (as UTF-8: a file
 * in another encoding is read as the query reader reads one, Windows-1252;
 * a file with a NUL byte is refused, not text).  The same contents read
 * again give the same string, kept by @files. */
static gboolean
eval_readfile (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  static const char *const exts[] = { ".pgn", ".cqo", ".cql", NULL };
  Cq6Files *files = c->program->files;
  g_autofree char *real = NULL;
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;
  const char *cached;
  struct stat st;
  Cq6Val name = { 0 };
  gsize len = 0;
  int fd;

  if (files->error != NULL)
    return FALSE;
  if (!_cq6_eval (f->args[0], c, &name) || name.str == NULL)
    return fail (files, f, "readfile: its file name has no value here (CQL 6.2 stops on it)");
  if (!has_extension (name.str, exts))
    return fail (files, f, "readfile: the file name must end in .pgn, .cqo or .cql, not \"%s\"",
                 name.str);
  real = resolve (files, f, "readfile", name.str, TRUE);
  if (real == NULL)
    return FALSE;
  fd = open_regular (files, f, "readfile", name.str, real, O_RDONLY, &st);
  if (fd < 0)
    return FALSE;
  raw = read_all (files, f, name.str, fd, &len);
  close (fd);
  if (raw == NULL)
    return FALSE;
  if (memchr (raw, '\0', len) != NULL)
    return fail (files, f, "readfile: \"%s\" holds a NUL byte: it is not a text file",
                 name.str);
  text = _cq_query_text_to_utf8 (raw, len, name.str, NULL);
  if (text == NULL)
    return fail (files, f, "readfile: cannot read \"%s\" as text", name.str);
  cached = g_hash_table_lookup (files->read, real);
  if (cached == NULL || strcmp (cached, text) != 0)
    {
      char *old_key = NULL, *old_text = NULL;

      if (g_hash_table_steal_extended (files->read, real, (gpointer *) &old_key,
                                       (gpointer *) &old_text))
        {
          g_free (old_key);
          g_ptr_array_add (files->old_texts, old_text);
        }
      cached = text;
      g_hash_table_insert (files->read, g_steal_pointer (&real), g_steal_pointer (&text));
    }
  v->str = cached;
  return TRUE;
}

/* The descriptor writefile writes @real through, opened (and emptied) on
 * its first write; -1 with the error set. */
static int
written_fd (Cq6Files *files, const Cq6Filter *f, const char *name, const char *real)
{
  gpointer known = g_hash_table_lookup (files->written, real);
  struct stat st;
  int fd;

  if (known != NULL)
    return GPOINTER_TO_INT (known) - 1;
  if (is_protected (files, real, lstat (real, &st) == 0 ? &st : NULL))
    return fail (files, f, "writefile: \"%s\" is a file of the search itself (its output, a "
                 "database or the query): writefile never writes it", name), -1;
  /* Emptied only once known to be a regular file that is not protected. */
  fd = open_regular (files, f, "writefile", name, real, O_WRONLY | O_CREAT, &st);
  if (fd < 0)
    return -1;
  if (is_protected (files, real, &st))
    {
      close (fd);
      return fail (files, f, "writefile: \"%s\" is a file of the search itself (its output, a "
                   "database or the query): writefile never writes it", name), -1;
    }
  if (ftruncate (fd, 0) != 0)
    {
      int saved = errno;

      close (fd);
      return fail (files, f, "writefile: cannot empty \"%s\": %s", name, g_strerror (saved)), -1;
    }
  g_hash_table_insert (files->written, g_strdup (real), GINT_TO_POINTER (fd + 1));
  return fd;
}

/* `writefile (NAME TEXT)`: appends TEXT to the file; matches when TEXT has
 * a value (CQL 6.2: without one nothing is written and the filter fails). */
static gboolean
eval_writefile (const Cq6Filter *f, Cq6Ctx *c)
{
  static const char *const exts[] = { ".cqo", ".cql", NULL };
  Cq6Files *files = c->program->files;
  g_autofree char *real = NULL;
  Cq6Val name = { 0 }, text = { 0 };
  gsize len, done = 0;
  int fd;

  if (files->error != NULL)
    return FALSE;
  if (!_cq6_eval (f->args[0], c, &name) || name.str == NULL)
    return fail (files, f, "writefile: its file name has no value here (CQL 6.2 stops on it)");
  if (!_cq6_eval (f->args[1], c, &text) || text.str == NULL)
    return FALSE;
  if (!has_extension (name.str, exts))
    return fail (files, f, "writefile: the file name must end in .cqo or .cql, not \"%s\"",
                 name.str);
  real = resolve (files, f, "writefile", name.str, FALSE);
  if (real == NULL)
    return FALSE;
  fd = written_fd (files, f, name.str, real);
  if (fd < 0)
    return FALSE;
  len = strlen (text.str);
  while (done < len)
    {
      gssize n = write (fd, text.str + done, len - done);

      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : EIO;

          return fail (files, f, "writefile: cannot write \"%s\": %s", name.str,
                       g_strerror (saved));
        }
      done += (gsize) n;
    }
  return TRUE;
}

gboolean
_cq6_eval_files (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6Files *files = c->program->files;
  gboolean ok;

  /* The reader refuses both filters without a folder allowed. */
  g_return_val_if_fail (files != NULL, FALSE);
  /* Nothing is read or written once the game's evaluation is over (an
   * error such as an overflow, or a stop): its answer is the error. */
  if (_cq6_halted (c))
    return FALSE;
  g_rec_mutex_lock (&files->mutex);
  ok = f->kind == CQ6_READFILE ? eval_readfile (f, c, v) : eval_writefile (f, c);
  g_rec_mutex_unlock (&files->mutex);
  return ok;
}

/* @what (the file name, the text) of the filter @word, a string filter read
 * as CQL 6.2 reads it (sums and `~~`: `readfile "a" + ".cqo"`); NULL with
 * the error set. */
static Cq6Filter *
parse_name_or_text (Cq6Parser *p, const char *word, const char *what)
{
  Cq6Token *at = _cq6_peek (p);
  g_autofree char *where = g_strdup_printf ("%s of `%s`", what, word);

  if (!_cq6_starts_filter (at))
    {
      g_autofree char *found = _cq6_token_text (at);

      _cq6_fail_at (p, at, CQ_QUERY_ERROR_SYNTAX, "expected %s, a string filter, found %s",
                    where, found);
      return NULL;
    }
  return _cq6_want_type (p, at, _cq6_parse_add (p), CQ6_TYPE_STRING, where);
}

gboolean
_cq6_parse_files_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  gboolean read = strcmp (t->text, "readfile") == 0;
  Cq6Filter *f, *name, *text;

  *out = NULL;
  if (!read && strcmp (t->text, "writefile") != 0)
    return FALSE;
  if (p->prog->files == NULL)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_FILES,
                    "`%s` %s the user's files: refused unless the search allows a folder for "
                    "them (cql --allow-files DIR; the workbench asks)", t->text,
                    read ? "reads" : "writes");
      return TRUE;
    }
  if (read)
    {
      name = parse_name_or_text (p, "readfile", "the file name");
      *out = name != NULL ? _cq6_node1 (CQ6_READFILE, CQ6_TYPE_STRING, t, name) : NULL;
      return TRUE;
    }
  if (!_cq6_expect_punct (p, "(", "after `writefile` (writefile (\"name.cqo\" text))"))
    return TRUE;
  name = parse_name_or_text (p, "writefile", "the file name");
  if (name == NULL)
    return TRUE;
  text = parse_name_or_text (p, "writefile", "the text to write");
  if (text == NULL || !_cq6_expect_punct (p, ")", "after the text of `writefile`"))
    {
      _cq6_filter_free (name);
      _cq6_filter_free (text);
      return TRUE;
    }
  f = _cq6_node2 (CQ6_WRITEFILE, CQ6_TYPE_LOGICAL, t, name, text);
  *out = f;
  return TRUE;
}
