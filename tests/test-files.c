/* test-files.c: the file helpers the tests share (test-files.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "test-files.h"

void
test_remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
find_pgn_files (const char *dir, GPtrArray *found)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  /* Copied: g_dir_read_name() reuses its buffer. */
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        find_pgn_files (path, found);
      else if (g_str_has_suffix (names->pdata[i], ".pgn"))
        g_ptr_array_add (found, g_steal_pointer (&path));
    }
}

GPtrArray *
test_find_pgn_files (const char *dir)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  find_pgn_files (dir, found);
  return found;
}
