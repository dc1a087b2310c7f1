/* ex-window-files.c: the window's files: opening and saving queries, choosing databases.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which files are databases and which are queries, ex_window_open_file()
 * (the command line, drops, recent queries and the Open dialog all come
 * here), and the file choosers of the query and database menus: Open,
 * Save, Save As, Choose a Database, Choose a Folder, Add Files to the
 * Database, and the bundled sample; how many files a database's folders
 * give (with their sub-folders); the database button's menu of recent
 * databases.  Opening a
 * .cql file whose :pgn names an existing file selects that database (see
 * ex-window.c's file comment).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn-input.h"

#include "ex-utils.h"
#include "ex-window-private.h"

/* The names of the database files the engine reads (cq_pgn_expand_inputs());
 * the engine itself tells them by content. */
static const char *const database_suffixes[] = {
  "pgn", "pgn.gz", "pgn.bz2", "pgn.xz", "pgn.zst", "pgn.lz4", "zip",
};

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
  g_autoptr(GError) error = NULL;

  if (query_path == NULL)
    return;

  /* Compiled with its own path so that a relative :pgn resolves against
   * the query's directory; errors are for Run to show. */
  query = cq_query_new_from_string (text, query_path, &error);
  /* A query with readfile or writefile is read with a folder only to
   * learn its database here: it is never searched. */
  if (g_error_matches (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES))
    query = cq_query_new_from_string_allowing_files (text, query_path, g_get_tmp_dir (), NULL);
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
      _ex_window_say_database (self);
      return;
    }

  if (!ex_query_document_load (self->document, file, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        message = g_strdup_printf (_("Could not open “%s”: it is not UTF-8 text"), name);
      else
        message = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
      _ex_window_set_status (self, message, TRUE);
      return;
    }

  contents = ex_query_document_dup_text (self->document);
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

guint
_ex_window_count_database_files (ExWindow  *self,
                                 guint     *n_folders,
                                 GError   **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) folders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) paths = NULL;
  g_auto(GStrv) files = NULL;

  if (n_folders != NULL)
    *n_folders = 0;
  for (guint i = 0; i < self->databases->len; i++)
    {
      const char *path = g_file_peek_path (g_ptr_array_index (self->databases, i));

      if (path != NULL)
        g_strv_builder_add (builder, path);
    }
  paths = g_strv_builder_end (builder);
  if (paths[0] == NULL)
    return 0;
  /* As the search lists them (ex_search_job_start()). */
  files = cq_pgn_expand_inputs_full ((const char *const *) paths, TRUE, error);
  if (files == NULL)
    return 0;
  for (guint i = 0; files[i] != NULL; i++)
    g_hash_table_add (folders, g_path_get_dirname (files[i]));
  if (n_folders != NULL)
    *n_folders = g_hash_table_size (folders);
  return g_strv_length (files);
}

/* The chosen files (@dialog's) as a new array of GFile, or NULL, with an
 * error in the status line, if one is not a local file. */
static GPtrArray *
dup_chosen_files (ExWindow        *self,
                  GtkNativeDialog *dialog)
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
          return NULL;
        }
      g_ptr_array_add (chosen, file);
    }
  return n > 0 ? g_steal_pointer (&chosen) : NULL;
}

static void
choose_database_response_cb (GtkNativeDialog *dialog,
                             int              response,
                             ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GPtrArray) chosen = dup_chosen_files (self, dialog);

      if (chosen != NULL)
        {
          ex_window_set_databases (self, (GFile *const *) chosen->pdata, chosen->len);
          _ex_window_say_database (self);
        }
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
add_database_files_response_cb (GtkNativeDialog *dialog,
                                int              response,
                                ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GPtrArray) chosen = dup_chosen_files (self, dialog);

      if (chosen != NULL)
        {
          ex_window_add_databases (self, (GFile *const *) chosen->pdata, chosen->len);
          _ex_window_say_database (self);
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
  /* Several folders are searched as one database, each with its
   * sub-folders. */
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (choose_database_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_ex_window_add_database_files_action (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Add Files to the Database"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  /* Files of another folder than the database's, searched after them. */
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_database_filter ());
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog),
                               _ex_window_new_filter (_("All Files"), "*"));
  g_signal_connect (dialog, "response", G_CALLBACK (add_database_files_response_cb), self);
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
      if (ex_query_document_save (self->document, file, &error))
        {
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
  /* Closing waits for the file (ex-window-close.c); last, as it may
   * destroy the window. */
  _ex_window_query_saved (self, response == GTK_RESPONSE_ACCEPT
                                && !ex_query_document_get_modified (self->document));
}

void
_ex_window_save_query_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GFile *file = ex_query_document_get_file (self->document);
  GtkFileChooserNative *dialog;

  /* Save writes the query's own file at once; Save As (and Save of a new
   * query) asks where. */
  if (file != NULL && g_str_equal (action_name, "win.save-query"))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *message = NULL;

      if (ex_query_document_save (self->document, file, &error))
        message = g_strdup_printf (_("Saved “%s”"), name);
      else
        message = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
      _ex_window_set_status (self, message, error != NULL);
      _ex_window_query_saved (self, error == NULL);
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

/* ------------------------------------------------------------------------
 * Recent databases: the database button's menu
 *
 * The databases chosen last are kept in the settings (recent-databases,
 * most recent first), each as the list of its files and folders, so that
 * a database of several files comes back whole.  The button's menu lists
 * those that still exist, then Open, Open a Folder and the sample; the menu
 * is built each time it opens, as the recent queries' is.
 */

/* How many databases the menu lists. */
#define N_RECENT_DATABASES 8

/* The paths of the database in use, or NULL if one is not a local file. */
static GStrv
dup_database_paths (ExWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->databases->len; i++)
    {
      const char *path = g_file_peek_path (g_ptr_array_index (self->databases, i));

      if (path == NULL)
        return NULL;
      g_strv_builder_add (builder, path);
    }
  return g_strv_builder_end (builder);
}

/* Whether every one of @paths exists and is a database file or folder by
 * its name (ex_window_is_database_file()): a file chosen with the "All
 * Files" filter, a picture say, is searched if asked, but not offered
 * again. */
static gboolean
are_databases (const char *const *paths)
{
  if (paths[0] == NULL)
    return FALSE;
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);

      if (!g_file_query_exists (file, NULL) || !ex_window_is_database_file (file))
        return FALSE;
    }
  return TRUE;
}

void
_ex_window_note_recent_database (ExWindow *self)
{
  GSettings *settings = ex_utils_get_settings ();
  g_auto(GStrv) paths = NULL;
  g_autoptr(GVariant) old = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  GVariant *entry;
  guint n = 1;

  if (settings == NULL || self->databases->len == 0)
    return;
  paths = dup_database_paths (self);
  if (paths == NULL || !are_databases ((const char *const *) paths))
    return;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aas"));
  g_variant_builder_add_value (&builder, g_variant_new_strv ((const char *const *) paths, -1));
  old = g_settings_get_value (settings, "recent-databases");
  g_variant_iter_init (&iter, old);
  while ((entry = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_autofree const char **old_paths = g_variant_get_strv (entry, NULL);

      if (n < N_RECENT_DATABASES && !g_strv_equal (old_paths, (const char *const *) paths))
        {
          g_variant_builder_add_value (&builder, g_variant_ref (entry));
          n++;
        }
      g_variant_unref (entry);
    }
  g_settings_set_value (settings, "recent-databases", g_variant_builder_end (&builder));
}

/* Whether @path is a folder. */
static gboolean
is_folder (const char *path)
{
  return g_file_test (path, G_FILE_TEST_IS_DIR);
}

/* The menu's line for a recent database: its first file or folder by name
 * ("studies (folder)" for a folder), what else it holds ("+ 1 more file",
 * "+ 2 more folders", "+ 3 more files and folders"), and where the first
 * lies (the home folder written "~"), so that two files of one name are
 * told apart: "studies.pgn + 1 more file — ~/data/sample".  GTK 4.8's menus
 * have no tooltips: the database button's tooltip lists every path once
 * the database is chosen. */
static char *
recent_database_label (const char *const *paths)
{
  guint n = g_strv_length ((char **) paths);
  g_autofree char *first = g_filename_display_basename (paths[0]);
  g_autofree char *dir = g_path_get_dirname (paths[0]);
  g_autofree char *where = g_filename_display_name (dir);
  const char *home = g_get_home_dir ();
  g_autofree char *name = NULL;
  guint n_folders = 0;

  if (home != NULL && g_str_has_prefix (dir, home) && strlen (home) > 1
      && (dir[strlen (home)] == '/' || dir[strlen (home)] == '\0'))
    {
      g_autofree char *rest = g_filename_display_name (dir + strlen (home));

      g_free (where);
      where = g_strconcat ("~", rest, NULL);
    }
  if (is_folder (paths[0]))
    {
      /* Translators: a folder in the recent databases' menu */
      name = g_strdup_printf (_("%s (folder)"), first);
    }
  else
    name = g_steal_pointer (&first);
  for (guint i = 1; i < n; i++)
    n_folders += is_folder (paths[i]);
  if (n > 1)
    {
      g_autofree char *one = g_steal_pointer (&name);

      if (n_folders == 0)
        /* Translators: a database of several files in the recent
         * databases' menu: the first file's name, how many more files */
        name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s + %u more file",
                                             "%s + %u more files", n - 1), one, n - 1);
      else if (n_folders == n - 1)
        /* Translators: as "%s + %u more file", the others folders */
        name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s + %u more folder",
                                             "%s + %u more folders", n - 1), one, n - 1);
      else
        /* Translators: as "%s + %u more file", the others files and
         * folders (always at least two) */
        name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s + %u more files and folders",
                                             "%s + %u more files and folders", n - 1),
                                one, n - 1);
    }
  /* Translators: a recent database: its name and its folder */
  return g_strdup_printf (_("%s — %s"), name, where);
}

GMenuModel *
_ex_window_build_database_menu (ExWindow *self)
{
  GSettings *settings = ex_utils_get_settings ();
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) recent = g_menu_new ();
  g_autoptr(GMenu) open = g_menu_new ();

  if (settings != NULL)
    {
      g_autoptr(GVariant) entries = g_settings_get_value (settings, "recent-databases");
      GVariantIter iter;
      GVariant *entry;

      g_variant_iter_init (&iter, entries);
      while ((entry = g_variant_iter_next_value (&iter)) != NULL)
        {
          g_autofree const char **paths = g_variant_get_strv (entry, NULL);

          /* Only databases that still exist (an older version kept any
           * file chosen). */
          if (are_databases (paths))
            {
              g_autofree char *label = recent_database_label (paths);
              g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

              g_menu_item_set_action_and_target_value (item, "win.open-recent-database",
                                                       entry);
              g_menu_append_item (recent, item);
            }
          g_variant_unref (entry);
        }
    }

  g_menu_append (open, _("_Open a Database…"), "win.choose-database");
  g_menu_append (open, _("Open a Database _Folder…"), "win.choose-database-folder");
  g_menu_append (open, _("_Add Files to the Database…"), "win.add-database-files");
  g_menu_append (open, _("Use the _Sample Database"), "win.sample-database");
  if (g_menu_model_get_n_items (G_MENU_MODEL (recent)) > 0)
    g_menu_append_section (menu, _("Recent Databases"), G_MENU_MODEL (recent));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (open));
  return G_MENU_MODEL (menu);
}

void
_ex_window_open_recent_database_action (GtkWidget  *widget,
                                        const char *action_name,
                                        GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  g_autofree const char **paths = g_variant_get_strv (parameter, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_path (paths[i]));
  if (files->len == 0)
    return;
  ex_window_set_databases (self, (GFile *const *) files->pdata, files->len);
  _ex_window_say_database (self);
}

static void
database_menu_update (GtkMenuButton *button,
                      gpointer       user_data)
{
  g_autoptr(GMenuModel) menu = _ex_window_build_database_menu (EX_WINDOW (user_data));

  gtk_menu_button_set_menu_model (button, menu);
}

void
_ex_window_setup_database_menu (ExWindow *self)
{
  gtk_menu_button_set_create_popup_func (self->database_button, database_menu_update,
                                         self, NULL);
}
