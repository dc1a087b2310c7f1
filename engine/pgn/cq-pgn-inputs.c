/* cq-pgn-inputs.c: the files of a database given as several paths (files,
 * folders of PGN files, standard input), in search order.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "pgn/cq-pgn-input.h"

static gboolean
is_database_name (const char *name)
{
  static const char *const suffixes[] = {
    ".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.xz", ".pgn.zst", ".pgn.lz4", ".zip",
  };
  g_autofree char *lower = g_ascii_strdown (name, -1);

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (lower, suffixes[i]))
      return TRUE;
  return FALSE;
}

typedef struct {
  char *path;
  char *key;    /* g_utf8_collate_key_for_filename() of the name */
} DirEntry;

static int
compare_keys (gconstpointer a, gconstpointer b)
{
  const DirEntry *ea = a, *eb = b;
  return strcmp (ea->key, eb->key);
}

/* Adds the database files of the folder @dir_path to @out, in name order
 * (numbers in their natural order); with @recursive, then those of its
 * sub-folders, each in turn the same way, in name order too.  Symbolic
 * links to folders are not followed (a link to a parent would never end),
 * nor are hidden folders (".git").  Returns FALSE with @error only if
 * @dir_path cannot be read; a sub-folder that cannot be read is left out. */
static gboolean
add_folder (GPtrArray  *out,
            const char *dir_path,
            gboolean    recursive,
            GError    **error)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, error);
  g_autoptr(GArray) files = NULL;
  g_autoptr(GArray) folders = NULL;
  const char *name;

  if (dir == NULL)
    return FALSE;
  files = g_array_new (FALSE, FALSE, sizeof (DirEntry));
  folders = g_array_new (FALSE, FALSE, sizeof (DirEntry));
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      DirEntry e;
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      GArray *into;

      if (is_database_name (name) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        into = files;
      else if (recursive && name[0] != '.' && !g_file_test (path, G_FILE_TEST_IS_SYMLINK)
               && g_file_test (path, G_FILE_TEST_IS_DIR))
        into = folders;
      else
        continue;
      e.path = g_steal_pointer (&path);
      e.key = g_utf8_collate_key_for_filename (name, -1);
      g_array_append_val (into, e);
    }
  g_array_sort (files, compare_keys);
  g_array_sort (folders, compare_keys);
  for (guint i = 0; i < files->len; i++)
    {
      DirEntry *e = &g_array_index (files, DirEntry, i);
      g_ptr_array_add (out, e->path);
      g_free (e->key);
    }
  for (guint i = 0; i < folders->len; i++)
    {
      DirEntry *e = &g_array_index (folders, DirEntry, i);

      add_folder (out, e->path, TRUE, NULL);
      g_free (e->path);
      g_free (e->key);
    }
  return TRUE;
}

GStrv
cq_pgn_expand_inputs_full (const char *const *paths,
                           gboolean           recursive,
                           GError           **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (paths != NULL, NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      const char *path = paths[i];

      if (g_str_equal (path, "-"))
        g_ptr_array_add (out, g_strdup (path));
      else if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          guint n_before = out->len;

          if (!add_folder (out, path, recursive, error))
            return NULL;
          if (out->len == n_before)
            {
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                           recursive
                           ? "%s: neither the folder nor its sub-folders hold a PGN file "
                             "(*.pgn, *.pgn.gz, *.pgn.bz2, *.pgn.xz, *.pgn.zst, *.pgn.lz4, *.zip)"
                           : "%s: the directory holds no PGN file (*.pgn, *.pgn.gz, *.pgn.bz2, "
                             "*.pgn.xz, *.pgn.zst, *.pgn.lz4, *.zip)", path);
              return NULL;
            }
        }
      else if (g_file_test (path, G_FILE_TEST_EXISTS))
        g_ptr_array_add (out, g_strdup (path));
      else
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                       "%s: cannot open: %s", path, g_strerror (ENOENT));
          return NULL;
        }
    }
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

GStrv
cq_pgn_expand_inputs (const char *const *paths, GError **error)
{
  return cq_pgn_expand_inputs_full (paths, FALSE, error);
}
