/* ex-window-close.c: closing the window: the unsaved query asked about, the state kept.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every way of closing the window comes here: its close button (the
 * window manager's close request) and the application's Quit
 * (Ctrl+Q, the menu), which asks each window to close
 * (gtk_window_close()) rather than destroying it.  A query with changes
 * that are in no file is asked about first, as gnome-text-editor asks:
 * Save (the query's file, or Save As's chooser for a query without one),
 * Discard or Cancel; Cancel, or a Save that fails or is cancelled, keeps
 * the window open.  Then the window's size, the database and the query
 * are kept in the settings, and the next window starts with them
 * (_ex_window_restore_query()): the query's file when it has one, else
 * its text.  A window destroyed by a program (the tests, the screenshot)
 * keeps nothing.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-utils.h"
#include "ex-window-private.h"

/* Writes the window's state into the settings: its size, whether Theme
 * Tools are shown, the database (one file other than the bundled sample,
 * the default), and the query: its file (if it has one and the text is
 * what the file holds) and its text.  A discarded query keeps its file,
 * whose text the next window reads, and no text. */
static void
keep_state (ExWindow *self,
            gboolean  discarded)
{
  GtkWindow *window = GTK_WINDOW (self);
  GSettings *settings = ex_utils_get_settings ();
  GFile *query_file = ex_query_document_get_file (self->document);
  g_autofree char *query = NULL;
  g_autofree char *query_path = NULL;
  g_autofree char *database = NULL;
  g_autofree char *sample = NULL;
  int width, height;

  if (settings == NULL)
    return;

  query = discarded ? g_strdup ("") : ex_window_dup_query_text (self);
  if (query_file != NULL && (discarded || !ex_query_document_get_modified (self->document)))
    query_path = g_file_get_path (query_file);
  database = self->databases->len == 1
             ? g_file_get_path (g_ptr_array_index (self->databases, 0)) : NULL;
  sample = ex_utils_find_data_file (_EX_WINDOW_SAMPLE_DATABASE);

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (settings);
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_set_boolean (settings, "theme-tools-visible",
                          ex_window_get_theme_tools_visible (self));
  g_settings_set_string (settings, "last-query", query);
  g_settings_set_string (settings, "last-query-file", query_path != NULL ? query_path : "");
  g_settings_set_string (settings, "last-database",
                         database != NULL && g_strcmp0 (database, sample) != 0 ? database : "");
  g_settings_apply (settings);
}

void
_ex_window_restore_query (ExWindow *self)
{
  GSettings *settings = ex_utils_get_settings ();
  g_autofree char *path = NULL;
  g_autofree char *query = NULL;

  if (settings == NULL)
    return;

  /* The file the query was in, read again: its name over the editor, and
   * Save writes it.  A file that cannot be read any more leaves the text
   * kept with it. */
  path = g_settings_get_string (settings, "last-query-file");
  if (*path != '\0' && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      if (ex_query_document_load (self->document, file, NULL))
        {
          /* Not an undoable change: the window starts with it. */
          g_autofree char *text = ex_query_document_dup_text (self->document);
          g_autofree char *name = g_strdup (ex_query_document_get_name (self->document));

          ex_query_document_set_text (self->document, text, FALSE);
          ex_query_document_set_name (self->document, name, TRUE);
          return;
        }
    }

  query = g_settings_get_string (settings, "last-query");
  if (*query != '\0')
    {
      /* In no file: shown without a name. */
      ex_query_document_set_text (self->document, query, FALSE);
      ex_query_document_set_name (self->document, NULL, FALSE);
    }
}

/* Closes the window for good: the question has been answered. */
static void
close_confirmed (ExWindow *self,
                 gboolean  discarded)
{
  self->close_discards = discarded;
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

void
_ex_window_query_saved (ExWindow *self,
                        gboolean  saved)
{
  if (!self->close_after_save)
    return;
  self->close_after_save = FALSE;
  if (saved)
    close_confirmed (self, FALSE);
}

static void
close_dialog_response_cb (GtkDialog *dialog,
                          int        response,
                          ExWindow  *self)
{
  /* The answer may destroy the window: the dialog, which lives until
   * its signal's emission ends, must not point at it then. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));

  switch (response)
    {
    case GTK_RESPONSE_ACCEPT:
      /* Save, then close once the file is written (at once for a query
       * with a file, after the chooser for one without). */
      self->close_after_save = TRUE;
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save-query", NULL);
      break;
    case GTK_RESPONSE_REJECT:
      close_confirmed (self, TRUE);
      break;
    default:
      _ex_window_set_status (self, _("Not closed: your query is still here"), FALSE);
      break;
    }
}

/* Asks whether to save the query's changes (Save, Discard, Cancel). */
static void
ask_about_query (ExWindow *self)
{
  const char *name = ex_query_document_get_name (self->document);
  GtkWidget *dialog;

  if (self->close_dialog != NULL)
    {
      gtk_window_present (self->close_dialog);
      return;
    }

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL
                                   | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save the changes to the query “%s”?"),
                                   name != NULL ? name : _("Untitled"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("They are in no file: if you do not save them, "
                                              "they are lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_REJECT),
                            "destructive-action");
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_ACCEPT),
                            "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  self->close_dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->close_dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (close_dialog_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
_ex_window_close_request (ExWindow *self)
{
  if (!self->close_confirmed && ex_query_document_get_modified (self->document))
    {
      ask_about_query (self);
      return TRUE;
    }
  keep_state (self, self->close_discards);
  return FALSE;
}

GtkWindow *
ex_window_get_close_dialog (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->close_dialog;
}
