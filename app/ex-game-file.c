/* ex-game-file.c: where a search's matched games are read back from, and
 * the database as it was when searched.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The results keep where their games lie, not the games (design.md,
 * "Memory stays flat"), and the games are read again to be shown, copied
 * or exported.  A database edited after the search (a game deleted in a
 * text editor) would then yield whatever now lies at those offsets: other
 * games, or garbage.  Two checks stop that, both made by
 * ex_game_file_read(), the one function every reader of a result calls:
 *
 *  - each file of the database is recorded (size, modification time to
 *    the nanosecond, device, inode) when the search starts, and the file a
 *    game came from must still be that file: one query of the file per
 *    game read, a few microseconds;
 *  - each matched game's text is digested when it matches
 *    (ex_result_new_from_match(), cq_pgn_game_digest(): a 64-bit
 *    hash of bytes the search holds already, only for the games that
 *    match: about 0.1 µs of CPU for a game of 600 bytes), and the text
 *    read back must have that digest: this catches an edit that kept the
 *    file's size and time, and a games file (for a compressed database or
 *    a folder, the matched games copied by the search job) that was
 *    changed.
 *
 * Both refuse with G_IO_ERROR_WRONG_ETAG and a message saying what
 * changed; nothing wrong is ever shown or written.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ex-game-file.h"
#include "ex-utils.h"

/* What a file of the database was when the search started. */
typedef struct {
  char    *path;
  gboolean found;
  guint64  size;
  gint64   mtime;       /* seconds since the epoch */
  guint32  mtime_nsec;
  guint64  inode;
  guint32  device;
} InputRecord;

struct _ExGameFile
{
  char        *path;
  gboolean     temporary;
  InputRecord *inputs;
  guint        n_inputs;
};

#define RECORD_ATTRIBUTES                                                   \
  G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED ","     \
  G_FILE_ATTRIBUTE_TIME_MODIFIED_NSEC "," G_FILE_ATTRIBUTE_UNIX_INODE ","   \
  G_FILE_ATTRIBUTE_UNIX_DEVICE

/* Queries @path into @record; FALSE with the query's error. */
static gboolean
record_file (const char   *path,
             InputRecord  *record,
             GError      **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;

  info = g_file_query_info (file, RECORD_ATTRIBUTES, G_FILE_QUERY_INFO_NONE, NULL, error);
  record->found = info != NULL;
  if (info == NULL)
    return FALSE;
  record->size = (guint64) g_file_info_get_size (info);
  record->mtime = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);
  record->mtime_nsec = g_file_info_get_attribute_uint32 (info,
                                                         G_FILE_ATTRIBUTE_TIME_MODIFIED_NSEC);
  record->inode = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE);
  record->device = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_DEVICE);
  return TRUE;
}

ExGameFile *
ex_game_file_new (const char        *path,
                  gboolean           temporary,
                  const char *const *inputs)
{
  ExGameFile *self;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (inputs != NULL, NULL);

  self = g_atomic_rc_box_new0 (ExGameFile);
  self->path = g_strdup (path);
  self->temporary = temporary;
  self->n_inputs = g_strv_length ((char **) inputs);
  self->inputs = g_new0 (InputRecord, self->n_inputs);
  for (guint i = 0; i < self->n_inputs; i++)
    {
      self->inputs[i].path = g_strdup (inputs[i]);
      (void) record_file (inputs[i], &self->inputs[i], NULL);
    }
  return self;
}

ExGameFile *
ex_game_file_ref (ExGameFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

static void
game_file_clear (ExGameFile *self)
{
  if (self->temporary)
    g_unlink (self->path);
  g_free (self->path);
  for (guint i = 0; i < self->n_inputs; i++)
    g_free (self->inputs[i].path);
  g_free (self->inputs);
}

void
ex_game_file_unref (ExGameFile *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, (GDestroyNotify) game_file_clear);
}

const char *
ex_game_file_get_path (ExGameFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->path;
}

/* "20,480 bytes, modified 05:12:03": the time alone on the day it is
 * shown, else with its date. */
static char *
describe_record (const InputRecord *record)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_local (record->mtime);
  g_autoptr(GDateTime) today = g_date_time_new_now_local ();
  g_autofree char *size = ex_utils_format_count (record->size);
  g_autofree char *when = NULL;

  if (time == NULL)
    when = g_strdup ("?");
  else if (g_date_time_get_year (time) == g_date_time_get_year (today)
           && g_date_time_get_day_of_year (time) == g_date_time_get_day_of_year (today))
    when = g_date_time_format (time, "%H:%M:%S");
  else
    when = g_date_time_format (time, "%Y-%m-%d %H:%M:%S");

  /* Translators: a file's size and modification time, as in
   * "20,480 bytes, modified 05:12:03" */
  return g_strdup_printf (_("%s bytes, modified %s"), size, when);
}

gboolean
ex_game_file_check_input (ExGameFile  *self,
                          guint        index,
                          GError     **error)
{
  const InputRecord *then;
  InputRecord now = { 0 };
  g_autoptr(GError) local = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->n_inputs, FALSE);

  then = &self->inputs[index];
  name = g_filename_display_basename (then->path);
  if (!record_file (then->path, &now, &local))
    {
      g_set_error (error, G_IO_ERROR,
                   local->domain == G_IO_ERROR ? local->code : G_IO_ERROR_FAILED,
                   _("“%s” can no longer be read: %s. Run the search again."),
                   name, local->message);
      return FALSE;
    }
  if (!then->found)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("“%s” could not be read when it was searched. Run the search again."),
                   name);
      return FALSE;
    }
  if (now.size != then->size || now.mtime != then->mtime || now.mtime_nsec != then->mtime_nsec)
    {
      g_autofree char *before = describe_record (then);
      g_autofree char *after = describe_record (&now);

      /* Translators: the first %s is a file's name, the others its size
       * and time (see "%s bytes, modified %s") */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("“%s” was changed after the search (searched: %s; now: %s). "
                     "Run the search again."), name, before, after);
      return FALSE;
    }
  if (now.inode != then->inode || now.device != then->device)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("“%s” was replaced by another file after the search. "
                     "Run the search again."), name);
      return FALSE;
    }
  return TRUE;
}

CqGame *
ex_game_file_read (ExGameFile  *self,
                   ExResult    *result,
                   GError     **error)
{
  g_autoptr(GError) local = NULL;
  const CqGameSource *source;
  guint index;
  CqGame *game;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (EX_IS_RESULT (result), NULL);

  index = ex_result_get_input_index (result);
  if (index < self->n_inputs && !ex_game_file_check_input (self, index, error))
    return NULL;

  source = ex_result_get_source (result);
  game = cq_pgn_read_game_at_checked (self->path, source, ex_result_get_digest (result), &local);
  if (game != NULL)
    return game;

  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG)
      || g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_FAILED))
    {
      g_autofree char *number = ex_utils_format_number (source->number);
      g_autofree char *offset = ex_utils_format_count (source->offset);
      g_autofree char *name = g_filename_display_basename (index < self->n_inputs
                                                           ? self->inputs[index].path
                                                           : self->path);

      if (self->temporary)
        /* Translators: the copy of the matched games the search keeps for
         * a compressed database or a folder */
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                     _("Game %s of “%s” is no longer the game that matched: the copy of the "
                       "matched games (%s) was changed. Run the search again."),
                     number, name, self->path);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                     _("Game %s at byte %s of “%s” is no longer the game that matched: the "
                       "file was changed after the search. Run the search again."),
                     number, offset, name);
      return NULL;
    }
  g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

const char *
ex_game_file_get_input_path (ExGameFile *self,
                             guint       index)
{
  g_return_val_if_fail (self != NULL, NULL);

  return index < self->n_inputs ? self->inputs[index].path : NULL;
}

char *
ex_game_file_read_text (ExGameFile        *self,
                        const ExGameText  *game,
                        guint64           *first_line,
                        gsize             *len,
                        GCancellable      *cancellable,
                        GError           **error)
{
  const CqGameSource *want;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autofree char *name = NULL;
  g_autofree char *number = NULL;
  g_autofree char *offset = NULL;
  GError *local = NULL;
  const char *text;
  CqGameSource found;
  gsize found_len;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (len != NULL, NULL);

  want = &game->source;
  number = ex_utils_format_number (want->number);
  if (want->file_index >= self->n_inputs || !game->has_text)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("Game %s was not kept by the search: it cannot be read back"), number);
      return NULL;
    }
  if (!ex_game_file_check_input (self, want->file_index, error))
    return NULL;

  reader = cq_pgn_reader_new_for_path (self->inputs[want->file_index].path, cancellable, error);
  if (reader == NULL)
    return NULL;
  /* A plain file: straight to the game; a compressed one is read from its
   * start (it cannot seek). */
  (void) cq_pgn_reader_start_at (reader, want->offset, NULL);
  while (cq_pgn_reader_next (reader, &text, &found_len, &found, &local))
    {
      if (found.offset < want->offset)
        continue;
      if (found.offset == want->offset && found_len == want->length
          && cq_pgn_game_digest (text, found_len) == game->digest)
        {
          char *copy = g_malloc (found_len + 1);

          memcpy (copy, text, found_len);
          copy[found_len] = '\0';
          /* The line the search counted (a reader started at the offset
           * counts from 1 there): the same file, the same text. */
          if (first_line != NULL)
            *first_line = want->line;
          *len = found_len;
          return copy;
        }
      break;
    }
  if (local != NULL && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
    {
      g_propagate_error (error, local);
      return NULL;
    }
  g_clear_error (&local);

  offset = ex_utils_format_count (want->offset);
  name = g_filename_display_basename (self->inputs[want->file_index].path);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
               _("Game %s at byte %s of “%s” is no longer the game listed: the file was "
                 "changed after the search. Run the search again."), number, offset, name);
  return NULL;
}
