/* ex-game-list-loader.c: the game list's reader thread.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thread splits each file with the engine's reader (#CqPgnReader) and
 * reads each game's tag pairs only (cq_game_new_from_text(): no move is
 * parsed, so a database of 150,000 games is listed in seconds).  The rows
 * wait in @pending under @mutex until the list takes them, a slice per
 * frame (ex-game-list.c), so that the main loop never waits on the file.
 */
#include "config.h"

#include "ex-game-list-private.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

#include "ex-game-row.h"
#include "pgn/cq-pgn.h"

struct _ExGameLoader
{
  gatomicrefcount  ref_count;
  char           **paths;           /* the database's files */
  char           **reread_paths;    /* per file: where its games are re-read from */
  gboolean        *temporary;       /* per file: its reread path is a copy to delete */
  GCancellable    *cancellable;
  GThread         *thread;

  GMutex           mutex;           /* guards what follows */
  GPtrArray       *pending;         /* ExGameRow (owned from @n_taken on): read */
  guint            n_taken;         /* rows taken from the front of @pending */
  GError          *error;
  gboolean         finished;
};

/* Copies the games of a compressed file into a temporary one as they are
 * read, so that each can be read back at its offset there. */
typedef struct {
  FILE    *file;
  guint64  offset;
} Copy;

static gboolean
copy_game (Copy         *copy,
           const char   *text,
           gsize         len,
           CqGameSource *source,
           GError      **error)
{
  source->offset = copy->offset;
  source->length = len;
  source->line = 0;
  if (fwrite (text, 1, len, copy->file) != len || fwrite ("\n\n", 1, 2, copy->file) != 2)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not keep a copy of the games to show them: %s"),
                   g_strerror (saved_errno));
      return FALSE;
    }
  copy->offset += len + 2;
  return TRUE;
}

/* TRUE if the games of @path can be read back at their offsets in it: a
 * plain (uncompressed) regular file. */
static gboolean
can_reread (const char *path)
{
  const char *compression = NULL;

  return !g_str_equal (path, "-") && g_file_test (path, G_FILE_TEST_IS_REGULAR)
         && cq_pgn_input_sniff (path, &compression, NULL) && compression == NULL;
}

static void
add_row (ExGameLoader *loader,
         ExGameRow    *row)
{
  g_mutex_lock (&loader->mutex);
  g_ptr_array_add (loader->pending, row);
  g_mutex_unlock (&loader->mutex);
}

static gboolean
read_file (ExGameLoader *loader,
           guint         file_index,
           guint64      *number,
           GError      **error)
{
  const char *path = loader->paths[file_index];
  g_autoptr(CqPgnReader) reader = NULL;
  Copy copy = { NULL, 0 };
  const char *text;
  gsize len;
  CqGameSource source;
  gboolean ok = TRUE;

  reader = cq_pgn_reader_new_for_path (path, loader->cancellable, error);
  if (reader == NULL)
    return FALSE;

  if (!can_reread (path))
    {
      g_autofree char *copy_path = NULL;
      int fd = g_file_open_tmp ("excelsior-games-XXXXXX.pgn", &copy_path, error);

      if (fd < 0)
        return FALSE;
      copy.file = fdopen (fd, "wb");
      if (copy.file == NULL)
        {
          int saved_errno = errno;

          close (fd);
          g_unlink (copy_path);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not keep a copy of the games to show them: %s"),
                       g_strerror (saved_errno));
          return FALSE;
        }
      g_mutex_lock (&loader->mutex);
      loader->reread_paths[file_index] = g_steal_pointer (&copy_path);
      loader->temporary[file_index] = TRUE;
      g_mutex_unlock (&loader->mutex);
    }
  else
    {
      g_mutex_lock (&loader->mutex);
      loader->reread_paths[file_index] = g_strdup (path);
      g_mutex_unlock (&loader->mutex);
    }

  while (!g_cancellable_is_cancelled (loader->cancellable))
    {
      g_autoptr(CqGame) game = NULL;

      if (!cq_pgn_reader_next (reader, &text, &len, &source, error))
        {
          ok = error == NULL || *error == NULL;
          break;
        }
      source.file_index = file_index;
      /* The game is read from the copy's data before a row points to it:
       * flushed before the row is handed over. */
      if (copy.file != NULL && (!copy_game (&copy, text, len, &source, error)
                                || fflush (copy.file) != 0))
        {
          ok = FALSE;
          break;
        }
      game = cq_game_new_from_text (text, len, &source, path);
      add_row (loader, ex_game_row_new_from_game (game, ++*number, &source,
                                                  cq_pgn_game_digest (text, len)));
    }

  if (copy.file != NULL)
    fclose (copy.file);
  return ok;
}

static gpointer
loader_thread (gpointer data)
{
  ExGameLoader *loader = data;
  g_autoptr(GError) error = NULL;
  guint64 number = 0;

  for (guint i = 0; loader->paths[i] != NULL; i++)
    if (!read_file (loader, i, &number, &error))
      break;

  g_mutex_lock (&loader->mutex);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    loader->error = g_steal_pointer (&error);
  loader->finished = TRUE;
  g_mutex_unlock (&loader->mutex);
  ex_game_loader_unref (loader);
  return NULL;
}

ExGameLoader *
ex_game_loader_start (const char *const *paths)
{
  ExGameLoader *loader;
  guint n;

  g_return_val_if_fail (paths != NULL, NULL);

  loader = g_new0 (ExGameLoader, 1);
  g_atomic_ref_count_init (&loader->ref_count);
  loader->paths = g_strdupv ((char **) paths);
  n = g_strv_length (loader->paths);
  loader->reread_paths = g_new0 (char *, n + 1);
  loader->temporary = g_new0 (gboolean, n + 1);
  loader->cancellable = g_cancellable_new ();
  loader->pending = g_ptr_array_new ();
  g_mutex_init (&loader->mutex);
  loader->thread = g_thread_new ("excelsior-game-list", loader_thread,
                                 ex_game_loader_ref (loader));
  return loader;
}

void
ex_game_loader_cancel (ExGameLoader *loader)
{
  g_return_if_fail (loader != NULL);
  g_cancellable_cancel (loader->cancellable);
}

GPtrArray *
ex_game_loader_take_rows (ExGameLoader *loader,
                          guint         max_rows)
{
  GPtrArray *rows;
  guint n;

  g_return_val_if_fail (loader != NULL, NULL);

  g_mutex_lock (&loader->mutex);
  n = MIN (max_rows, loader->pending->len - loader->n_taken);
  rows = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (rows, loader->pending->pdata[loader->n_taken + i]);
  loader->n_taken += n;
  /* The front of @pending is emptied once it is a large part of it. */
  if (loader->n_taken > 4096 && loader->n_taken * 2 > loader->pending->len)
    {
      g_ptr_array_remove_range (loader->pending, 0, loader->n_taken);
      loader->n_taken = 0;
    }
  g_mutex_unlock (&loader->mutex);
  return rows;
}

gboolean
ex_game_loader_is_done (ExGameLoader  *loader,
                        const GError **error)
{
  gboolean done;

  g_return_val_if_fail (loader != NULL, TRUE);

  g_mutex_lock (&loader->mutex);
  done = loader->finished && loader->n_taken == loader->pending->len;
  if (error != NULL)
    *error = loader->error;
  g_mutex_unlock (&loader->mutex);
  return done;
}

const char *
ex_game_loader_get_reread_path (ExGameLoader *loader,
                                guint         file_index)
{
  const char *path = NULL;

  g_return_val_if_fail (loader != NULL, NULL);

  g_mutex_lock (&loader->mutex);
  if (file_index < g_strv_length (loader->paths))
    path = loader->reread_paths[file_index];
  g_mutex_unlock (&loader->mutex);
  return path;
}

ExGameLoader *
ex_game_loader_ref (ExGameLoader *loader)
{
  g_atomic_ref_count_inc (&loader->ref_count);
  return loader;
}

void
ex_game_loader_unref (ExGameLoader *loader)
{
  if (loader == NULL || !g_atomic_ref_count_dec (&loader->ref_count))
    return;

  /* The last reference: the thread has ended (it holds one). */
  if (loader->thread != NULL)
    g_thread_unref (loader->thread);
  for (guint i = 0; loader->paths[i] != NULL; i++)
    if (loader->temporary[i] && loader->reread_paths[i] != NULL)
      g_unlink (loader->reread_paths[i]);
  g_strfreev (loader->paths);
  g_strfreev (loader->reread_paths);
  g_free (loader->temporary);
  g_object_unref (loader->cancellable);
  for (guint i = loader->n_taken; i < loader->pending->len; i++)
    g_object_unref (loader->pending->pdata[i]);
  g_ptr_array_unref (loader->pending);
  g_clear_error (&loader->error);
  g_mutex_clear (&loader->mutex);
  g_free (loader);
}
