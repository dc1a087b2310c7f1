/* ex-export.c: write the matched games of a search to a PGN file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each matched game is re-read from its byte offset in the database
 * (design.md: results keep offsets, not text) through ex_game_file_read(),
 * which refuses a game the file no longer holds as it matched (the
 * export then fails and the destination is left as it was), and written with
 * cq_annotate_write_game(), the function `cql` writes its output with, in
 * the style of the search (#CqAnnotationStyle): for a CQL 3 query the
 * comment {Original game: N} first and {MATCH} (or the chosen annotation
 * text) after each matched position (rulings R2), unless the export is
 * without annotations; for a CQL 6 query {Game number N}, the query's
 * comments merged at their positions with its mark among them, and its
 * sort labels, as `cql` writes them (docs/workbench.md says where the
 * two can differ).  The file is written
 * through CqOutputFile, as the cql tool writes its output: to a temporary
 * file beside the destination, renamed over it at the end with its mode
 * kept, so a failed or cancelled export leaves the destination untouched.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "pgn/cq-output-file.h"
#include "pgn/cq-pgn.h"
#include "ex-export.h"
#include "ex-result.h"

#define FLUSH_SIZE (256 * 1024)

gboolean
ex_export_check_destination (const char  *dest_path,
                             const char  *pgn_path,
                             GError     **error)
{
  g_autoptr(GFile) dest = NULL;
  g_autoptr(GFile) db = NULL;
  GStatBuf dest_st, db_st;

  g_return_val_if_fail (dest_path != NULL, FALSE);
  g_return_val_if_fail (pgn_path != NULL, FALSE);

  dest = g_file_new_for_path (dest_path);
  db = g_file_new_for_path (pgn_path);
  if (g_file_equal (dest, db)
      || (g_stat (dest_path, &dest_st) == 0 && g_stat (pgn_path, &db_st) == 0
          && dest_st.st_dev == db_st.st_dev && dest_st.st_ino == db_st.st_ino))
    {
      g_autofree char *name = g_path_get_basename (pgn_path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Refusing to overwrite “%s”: it is the database being searched"), name);
      return FALSE;
    }

  return TRUE;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        len,
           const char  *path,
           GError     **error)
{
  while (len > 0)
    {
      gssize n = write (fd, data, len);

      if (n < 0)
        {
          int saved_errno = errno;

          if (saved_errno == EINTR)
            continue;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
          return FALSE;
        }
      data += n;
      len -= (gsize)n;
    }

  return TRUE;
}

gboolean
ex_export_append_game (GString                 *out,
                       ExGameFile              *games,
                       ExResult                *result,
                       const CqAnnotationStyle *style,
                       GError                 **error)
{
  g_autoptr(CqGame) game = NULL;
  CqAnnotatedMatch match = { 0 };

  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (games != NULL, FALSE);
  g_return_val_if_fail (EX_IS_RESULT (result), FALSE);
  g_return_val_if_fail (style != NULL, FALSE);

  game = ex_game_file_read (games, result, error);
  if (game == NULL)
    return FALSE;

  match.number = ex_result_get_number (result);
  match.positions = ex_result_get_positions (result, &match.n_positions);
  match.comments = ex_result_get_comments (result, &match.n_comments);
  match.sort_labels = ex_result_get_sort_labels (result);
  cq_annotate_write_game (out, game, style, &match);

  return TRUE;
}

gboolean
ex_export_write (ExGameFile    *games,
                 GPtrArray     *results,
                 const char    *dest_path,
                 const CqAnnotationStyle *style,
                 GCancellable  *cancellable,
                 guint         *n_written,
                 GError       **error)
{
  g_autoptr(CqOutputFile) output = NULL;
  g_autoptr(GString) out = NULL;
  g_autoptr(GError) local = NULL;
  gboolean ok = TRUE;
  int fd;
  guint i;

  g_return_val_if_fail (games != NULL, FALSE);
  g_return_val_if_fail (results != NULL, FALSE);
  g_return_val_if_fail (dest_path != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);

  if (n_written != NULL)
    *n_written = 0;

  if (!ex_export_check_destination (dest_path, ex_game_file_get_path (games), error))
    return FALSE;

  output = cq_output_file_open (dest_path, &local);
  if (output == NULL)
    {
      g_set_error (error, G_FILE_ERROR, local->code, _("Could not export: %s"), local->message);
      return FALSE;
    }
  fd = cq_output_file_get_fd (output);
  out = g_string_sized_new (FLUSH_SIZE + 4096);
  for (i = 0; ok && i < results->len; i++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (!ex_export_append_game (out, games, g_ptr_array_index (results, i), style,
                                       error))
        ok = FALSE;
      else if (out->len >= FLUSH_SIZE)
        {
          ok = write_all (fd, out->str, out->len, dest_path, error);
          g_string_truncate (out, 0);
        }
    }
  if (ok)
    ok = write_all (fd, out->str, out->len, dest_path, error);
  /* Without a commit the destination is left as it was. */
  if (ok && !cq_output_file_commit (output, &local))
    {
      g_set_error (error, G_FILE_ERROR, local->code, _("Could not export: %s"), local->message);
      ok = FALSE;
    }
  if (!ok)
    return FALSE;

  if (n_written != NULL)
    *n_written = results->len;

  return TRUE;
}

typedef struct {
  ExGameFile *games;
  GPtrArray *results;
  char      *dest_path;
  char      *mark_text;   /* @style's, owned */
  CqAnnotationStyle style;
} ExportData;

static void
export_data_free (ExportData *data)
{
  ex_game_file_unref (data->games);
  g_ptr_array_unref (data->results);
  g_free (data->dest_path);
  g_free (data->mark_text);
  g_free (data);
}

static gpointer
export_thread (gpointer user_data)
{
  GTask *task = user_data;
  ExportData *data = g_task_get_task_data (task);
  GError *error = NULL;
  guint n_written = 0;

  if (ex_export_write (data->games, data->results, data->dest_path, &data->style,
                       g_task_get_cancellable (task), &n_written, &error))
    g_task_return_int (task, n_written);
  else
    g_task_return_error (task, error);
  g_object_unref (task);

  return NULL;
}

void
ex_export_async (ExGameFile          *games,
                 GPtrArray           *results,
                 const char          *dest_path,
                 const CqAnnotationStyle *style,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  GTask *task;
  ExportData *data;

  g_return_if_fail (games != NULL);
  g_return_if_fail (results != NULL);
  g_return_if_fail (dest_path != NULL);
  g_return_if_fail (style != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ex_export_async);
  data = g_new0 (ExportData, 1);
  data->games = ex_game_file_ref (games);
  data->results = g_ptr_array_ref (results);
  data->dest_path = g_strdup (dest_path);
  data->mark_text = g_strdup (style->mark_text != NULL ? style->mark_text : "");
  data->style = *style;
  data->style.mark_text = data->mark_text;
  g_task_set_task_data (task, data, (GDestroyNotify)export_data_free);

  g_thread_unref (g_thread_new ("excelsior-export", export_thread, task));
}

gboolean
ex_export_finish (GAsyncResult  *result,
                  guint         *n_written,
                  GError       **error)
{
  gssize n;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  n = g_task_propagate_int (G_TASK (result), error);
  if (n < 0)
    return FALSE;
  if (n_written != NULL)
    *n_written = (guint)n;

  return TRUE;
}
