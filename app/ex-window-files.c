/* ex-window-files.c: the window's files: opening and saving queries, choosing databases.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which files are databases and which are queries, ex_window_open_file()
 * (the command line, drops, recent queries and the Open dialog all come
 * here), and the file choosers of the query and database menus: Open,
 * Save, Save As, Choose a Database, Choose a Folder, and the bundled
 * sample.  Opening a .cql file whose :pgn names an existing file selects
 * that database (see ex-window.c's file comment).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cql/cq-query.h"

#include "ex-window-private.h"

/* The names of the database files the engine reads (cq_pgn_expand_inputs());
 * the engine itself tells them by content. */
static const char *const database_suffixes[] = {
  "pgn", "pgn.gz", "pgn.bz2", "pgn.xz", "pgn.zst", "pgn.lz4", "zip",
};

/**
 * ex_window_is_database_file:
 * @file: a file named on the command line or dropped on the window.
 *
 * Returns: TRUE if @file is to be opened as a database (a name ending in
 *   .pgn, .pgn.gz, .pgn.bz2, .pgn.xz, .pgn.zst, .pgn.lz4 or .zip, or a
 *   folder), FALSE if it is to be read as a query.
 */
gboolean
ex_window_is_database_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_utf8_strdown (name, -1);

  for (guint i = 0; i < G_N_ELEMENTS (database_suffixes); i++)
    {
      g_autofree char *suffix = g_strconcat (".", database_suffixes[i], NULL);
      if (g_str_has_suffix (lower, suffix))
        return TRUE;
    }
  return g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY;
}

/* Opening a .cql file whose :pgn names an existing file selects that
 * database (see the file comment). */
static void
select_query_database (ExWindow   *self,
                       GFile      *query_file,
                       const char *text)
{
  g_autofree char *query_path = g_file_get_path (query_file);
  g_autoptr(CqQuery) query = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GFile) database = NULL;

  if (query_path == NULL)
    return;

  /* Compiled with its own path so that a relative :pgn resolves against
   * the query's directory; errors are for Run to show. */
  query = cq_query_new_from_string (text, query_path, NULL);
  if (query == NULL || cq_query_get_pgn (query) == NULL)
    return;

  pgn = cq_query_resolve_path (query, cq_query_get_pgn (query));
  if (pgn == NULL || !g_file_test (pgn, G_FILE_TEST_IS_REGULAR))
    return;

  database = g_file_new_for_path (pgn);
  ex_window_set_database (self, database);
  message = g_strdup_printf (_("Database “%s” selected from the query’s :pgn"),
                             cq_query_get_pgn (query));
  _ex_window_set_status (self, message, FALSE);
}

/**
 * ex_window_open_file:
 * @file: a PGN database (by its .pgn suffix) or a CQL query.
 *
 * A .pgn file becomes the database to search; anything else is read as a
 * query into the editor (UTF-8; errors shown in the status line).
 */
void
ex_window_open_file (ExWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_basename (file);

  if (ex_window_is_database_file (file))
    {
      ex_window_set_database (self, file);
      message = g_strdup_printf (_("Database: “%s”"), name);
      _ex_window_set_status (self, message, FALSE);
      return;
    }

  if (!ex_cql_editor_open (self->cql_editor, file, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        message = g_strdup_printf (_("Could not open “%s”: it is not UTF-8 text"), name);
      else
        message = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
      _ex_window_set_status (self, message, TRUE);
      return;
    }

  contents = ex_cql_editor_dup_text (self->cql_editor);
  _ex_window_set_query_name (self, name, FALSE);
  message = g_strdup_printf (_("Opened “%s”"), name);
  _ex_window_set_status (self, message, FALSE);
  select_query_database (self, file, contents);
}

GtkFileFilter *
_ex_window_new_filter (const char *name,
                       const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  return filter;
}

static GtkFileFilter *
new_database_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("PGN Databases (also compressed)"));
  for (guint i = 0; i < G_N_ELEMENTS (database_suffixes); i++)
    gtk_file_filter_add_suffix (filter, database_suffixes[i]);
  return filter;
}

static void
choose_database_response_cb (GtkNativeDialog *dialog,
                             int              response,
                             ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func (g_object_unref);
      guint n = g_list_model_get_n_items (files);

      for (guint i = 0; i < n; i++)
        {
          GFile *file = g_list_model_get_item (files, i);

          if (g_file_peek_path (file) == NULL)
            {
              g_object_unref (file);
              _ex_window_set_status (self, _("Only local files can be searched"), TRUE);
              break;
            }
          g_ptr_array_add (chosen, file);
        }
      if (chosen->len == n && n > 0)
        {
          g_autofree char *name = NULL;
          g_autofree char *message = NULL;

          ex_window_set_databases (self, (GFile *const *) chosen->pdata, chosen->len);
          name = _ex_window_dup_database_name (self);
          message = g_strdup_printf (_("Database: “%s”"), name);
          _ex_window_set_status (self, message, FALSE);
        }
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_ex_window_choose_database_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Database"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  /* Several files are searched as one database, in the order chosen. */
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_database_filter ());
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog),
                               _ex_window_new_filter (_("All Files"), "*"));
  g_signal_connect (dialog, "response", G_CALLBACK (choose_database_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_ex_window_choose_database_folder_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Folder of Databases"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        _("_Choose"), _("_Cancel"));
  g_signal_connect (dialog, "response", G_CALLBACK (choose_database_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_ex_window_sample_database_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);

  _ex_window_use_sample_database (self);
  if (self->databases->len > 0)
    _ex_window_set_status (self, _("Database: the bundled sample of 103 studies"), FALSE);
}

static void
open_query_response_cb (GtkNativeDialog *dialog,
                        int              response,
                        ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        ex_window_open_file (self, file);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_ex_window_open_query_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Open a Query"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog),
                               _ex_window_new_filter (_("CQL Queries"), "*.[cC][qQ][lL]"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog),
                               _ex_window_new_filter (_("All Files"), "*"));
  g_signal_connect (dialog, "response", G_CALLBACK (open_query_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_query_response_cb (GtkNativeDialog *dialog,
                        int              response,
                        ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;
      g_autofree char *name = NULL;
      g_autofree char *message = NULL;

      if (file == NULL)
        goto out;

      name = g_file_get_basename (file);
      if (ex_cql_editor_save_to_file (self->cql_editor, file, &error))
        {
          _ex_window_set_query_name (self, name, FALSE);
          message = g_strdup_printf (_("Saved “%s”"), name);
          _ex_window_set_status (self, message, FALSE);
        }
      else
        {
          message = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
          _ex_window_set_status (self, message, TRUE);
        }
    }

out:
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_ex_window_save_query_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GFile *file = ex_cql_editor_get_file (self->cql_editor);
  GtkFileChooserNative *dialog;

  /* Save writes the query's own file at once; Save As (and Save of a new
   * query) asks where. */
  if (file != NULL && g_str_equal (action_name, "win.save-query"))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *message = NULL;

      if (ex_cql_editor_save_to_file (self->cql_editor, file, &error))
        message = g_strdup_printf (_("Saved “%s”"), name);
      else
        message = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
      _ex_window_set_status (self, message, error != NULL);
      return;
    }

  dialog = gtk_file_chooser_native_new (_("Save the Query"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog),
                               _ex_window_new_filter (_("CQL Queries"), "*.[cC][qQ][lL]"));
  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("query.cql"));
  g_signal_connect (dialog, "response", G_CALLBACK (save_query_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
