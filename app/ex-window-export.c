/* ex-window-export.c: the window's Export: the matched games to a PGN file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Export writes the results of the last search (all of them, those the
 * filter box shows, or the selected ones), in input order (for a CQL 6
 * query that sorts, in its order, as `cql` writes them), re-read from
 * the database by offset, with their {MATCH} marks, on a thread of its own
 * (ex_export_async()).  This file holds the win.export dialog and the
 * functions the tests drive it with, and Copy the Game as Exported PGN, which
 * puts one result on the clipboard as Export writes it; the writing itself
 * is in ex-export.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pgn/cq-pgn.h"

#include "ex-utils.h"
#include "ex-export.h"
#include "ex-window-private.h"

typedef struct {
  ExWindow *self;
  char     *dest_name;
} ExportClosure;

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportClosure *closure = user_data;
  g_autoptr(ExWindow) self = closure->self;
  g_autofree char *dest = closure->dest_name;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  guint n_written = 0;

  g_free (closure);

  self->exporting = FALSE;
  if (ex_export_finish (result, &n_written, &error))
    {
      g_autofree char *count = ex_utils_format_count (n_written);

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Exported %s game to “%s”",
                                              "Exported %s games to “%s”", n_written),
                                 count, dest);
      _ex_window_set_status (self, message, FALSE);
    }
  else
    {
      message = g_strdup_printf (_("Could not export to “%s”: %s"), dest, error->message);
      _ex_window_set_status (self, message, TRUE);
    }

  _ex_window_update_actions (self);
  g_signal_emit (self, _ex_window_signals[EXPORT_FINISHED], 0, error == NULL);
}

/* The annotation text of exported games from the preferences ("MATCH" when
 * there are no settings), or NULL for none. */
static char *
dup_annotation_text (ExWindow *self)
{
  GSettings *settings = ex_utils_get_settings ();
  g_autofree char *text = NULL;

  if (settings == NULL)
    return g_strdup ("MATCH");
  if (!g_settings_get_boolean (settings, "export-annotations"))
    return NULL;
  text = g_settings_get_string (settings, "annotation-text");
  return *text != '\0' ? g_steal_pointer (&text) : g_strdup ("MATCH");
}

/* How the results of the search are exported with the annotation text
 * @mark_text (NULL: without annotations).  @style's strings are the
 * search's or @mark_text: they live as long as these. */
static void
get_export_style (ExWindow          *self,
                  const char        *mark_text,
                  CqAnnotationStyle *style)
{
  /* A CQL 3 query's games get the chosen annotation text; a CQL 6 query's
   * what `cql` writes, its own mark ("CQL" or the header's matchstring),
   * or without annotations none and no automatic comments, as `cql -quiet`
   * writes them. */
  *style = *ex_search_get_style (ex_results_view_get_search (self->results_view));
  if (style->dialect != CQ_DIALECT_CQL6)
    style->mark_text = mark_text != NULL ? mark_text : "";
  else if (mark_text == NULL || *mark_text == '\0')
    {
      style->mark_text = "";
      style->quiet = TRUE;
    }
}

gboolean
ex_window_export_full (ExWindow       *self,
                       const char     *path,
                       ExExportScope   scope,
                       const char     *mark_text,
                       GError        **error)
{
  g_autoptr(GPtrArray) results = NULL;
  g_autofree char *message = NULL;
  GListModel *model;
  ExportClosure *closure;
  CqAnnotationStyle style;
  ExGameFile *games;
  ExSearch *listed;
  guint n;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (ex_window_is_searching (self) || self->exporting
      || ex_results_view_get_n_pending (self->results_view) > 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("Wait for the search to finish before exporting"));
      return FALSE;
    }

  /* The matched games in input order (the list may be sorted otherwise):
   * the store, or the filter's output, which keeps the store's order. */
  if (scope == EX_EXPORT_SELECTED)
    results = ex_results_view_dup_selected (self->results_view);
  else
    {
      model = scope == EX_EXPORT_SHOWN ? ex_results_view_get_shown (self->results_view)
                                       : ex_results_view_get_results (self->results_view);
      results = g_ptr_array_new_with_free_func (g_object_unref);
      n = g_list_model_get_n_items (model);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (results, g_list_model_get_item (model, i));
    }

  /* A query that sorts its games: in its order, as `cql` writes them. */
  ex_results_view_order_as_query (self->results_view, results);

  /* The games listed: those of the previous search when the last one
   * failed before it found one. */
  listed = ex_results_view_get_search (self->results_view);
  games = listed != NULL ? ex_search_get_game_file (listed) : NULL;
  if (results->len == 0 || games == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           scope == EX_EXPORT_SELECTED ? _("No game is selected")
                                                       : _("There are no matched games to export"));
      return FALSE;
    }
  if (!ex_export_check_destination (path, ex_game_file_get_path (games), error))
    return FALSE;
  /* Nor over any file of the database searched. */
  {
    g_auto(GStrv) files = cq_pgn_expand_inputs_full (ex_search_get_inputs (listed), TRUE, NULL);

    for (guint i = 0; files != NULL && files[i] != NULL; i++)
      if (!ex_export_check_destination (path, files[i], error))
        return FALSE;
  }

  self->exporting = TRUE;
  closure = g_new0 (ExportClosure, 1);
  closure->self = g_object_ref (self);
  closure->dest_name = g_path_get_basename (path);
  message = g_strdup_printf (_("Exporting to “%s”…"), closure->dest_name);
  get_export_style (self, mark_text, &style);
  ex_export_async (games, results, path, &style, NULL, export_done_cb, closure);
  _ex_window_set_status (self, message, FALSE);
  _ex_window_update_actions (self);

  return TRUE;
}

gboolean
ex_window_export_to_path (ExWindow    *self,
                          const char  *path,
                          GError     **error)
{
  g_autofree char *mark_text = NULL;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  mark_text = dup_annotation_text (self);
  return ex_window_export_full (self, path, EX_EXPORT_ALL, mark_text, error);
}

gboolean
ex_window_is_exporting (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return self->exporting;
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
      g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);
      g_autoptr(GError) error = NULL;
      const char *scope_choice = gtk_file_chooser_get_choice (chooser, "scope");
      const char *annotate_choice = gtk_file_chooser_get_choice (chooser, "annotate");
      g_autofree char *mark_text = NULL;
      GSettings *settings = ex_utils_get_settings ();
      ExExportScope scope = EX_EXPORT_ALL;
      gboolean annotate = g_strcmp0 (annotate_choice, "false") != 0;

      if (g_strcmp0 (scope_choice, "shown") == 0)
        scope = EX_EXPORT_SHOWN;
      else if (g_strcmp0 (scope_choice, "selected") == 0)
        scope = EX_EXPORT_SELECTED;

      /* The choice is remembered for the next export. */
      if (settings != NULL)
        g_settings_set_boolean (settings, "export-annotations", annotate);
      if (annotate)
        mark_text = dup_annotation_text (self);

      if (file == NULL || g_file_peek_path (file) == NULL)
        _ex_window_set_status (self, _("Only local files can be written"), TRUE);
      else if (!ex_window_export_full (self, g_file_peek_path (file), scope, mark_text, &error))
        _ex_window_set_status (self, error->message, TRUE);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_ex_window_export_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;
  GtkFileChooser *chooser;
  const char *scope_ids[] = { "all", "shown", "selected", NULL };
  const char *scope_labels[] = { _("All results"), _("The results shown by the filter"),
                                 _("The selected results"), NULL };
  gboolean annotate = ex_utils_settings_get_boolean ("export-annotations", TRUE);
  ExSearch *listed = ex_results_view_get_search (self->results_view);
  const CqAnnotationStyle *style = listed != NULL ? ex_search_get_style (listed) : NULL;

  dialog = gtk_file_chooser_native_new (_("Export the Matched Games"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (dialog);
  gtk_file_chooser_add_filter (chooser,
                               _ex_window_new_filter (_("PGN Databases"), "*.[pP][gG][nN]"));
  gtk_file_chooser_set_current_name (chooser, _("matches.pgn"));
  gtk_file_chooser_add_choice (chooser, "scope", _("Export"), scope_ids, scope_labels);
  gtk_file_chooser_set_choice (chooser, "scope",
                               ex_results_view_is_filtered (self->results_view) ? "shown" : "all");
  /* A CQL 6 query's games carry its own mark ("CQL" or its matchstring)
   * and automatic comments; a CQL 3 query's the preferences' text. */
  if (style != NULL && style->dialect == CQ_DIALECT_CQL6)
    {
      g_autofree char *label = NULL;

      /* Translators: %s is the query's mark, such as CQL */
      label = g_strdup_printf (_("Annotate the matched positions ({%s}) and write the automatic "
                                 "comments"), style->mark_text != NULL ? style->mark_text : "CQL");
      gtk_file_chooser_add_choice (chooser, "annotate", label, NULL, NULL);
    }
  else
    gtk_file_chooser_add_choice (chooser, "annotate",
                                 _("Annotate the matched positions ({MATCH})"), NULL, NULL);
  gtk_file_chooser_set_choice (chooser, "annotate", annotate ? "true" : "false");
  g_signal_connect (dialog, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_ex_window_copy_exported_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  ExResult *result = ex_results_view_get_current (self->results_view);
  ExSearch *listed = ex_results_view_get_search (self->results_view);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *mark_text = NULL;
  g_autofree char *number = NULL;
  g_autofree char *message = NULL;
  CqAnnotationStyle style;

  if (listed == NULL || result == NULL || ex_search_get_game_file (listed) == NULL)
    {
      _ex_window_set_status (self, _("No game is shown: select a result first"), TRUE);
      return;
    }

  /* With the annotations Export writes by default: those of the
   * preferences, as the last export chose them. */
  mark_text = dup_annotation_text (self);
  get_export_style (self, mark_text, &style);
  number = ex_utils_format_number (ex_result_get_number (result));
  if (!ex_export_append_game (out, ex_search_get_game_file (listed), result, &style,
                              &error))
    {
      message = g_strdup_printf (_("Could not copy game %s: %s"), number, error->message);
      _ex_window_set_status (self, message, TRUE);
      return;
    }

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), out->str);
  message = g_strdup_printf (_("Copied game %s as Export writes it"), number);
  _ex_window_set_status (self, message, FALSE);
}
