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

static gboolean
add_directory (GPtrArray *out, const char *dir_path, GError **error)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, error);
  g_autoptr(GArray) entries = NULL;
  const char *name;

  if (dir == NULL)
    return FALSE;
  entries = g_array_new (FALSE, FALSE, sizeof (DirEntry));
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      DirEntry e;
      g_autofree char *path = NULL;

      if (!is_database_name (name))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      e.path = g_steal_pointer (&path);
      e.key = g_utf8_collate_key_for_filename (name, -1);
      g_array_append_val (entries, e);
    }
  if (entries->len == 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   "%s: the directory holds no PGN file (*.pgn, *.pgn.gz, *.pgn.bz2, "
                   "*.pgn.xz, *.pgn.zst, *.pgn.lz4, *.zip)", dir_path);
      return FALSE;
    }
  g_array_sort (entries, compare_keys);
  for (guint i = 0; i < entries->len; i++)
    {
      DirEntry *e = &g_array_index (entries, DirEntry, i);
      g_ptr_array_add (out, e->path);
      g_free (e->key);
    }
  return TRUE;
}

GStrv
cq_pgn_expand_inputs (const char *const *paths, GError **error)
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
          if (!add_directory (out, path, error))
            return NULL;
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
