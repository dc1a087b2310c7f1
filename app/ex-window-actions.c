/* ex-window-actions.c: the window's actions (win.*): their list, callbacks and enabled state.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's buttons and menu items (ex-window.ui, ex-window.c) name
 * actions.  The "win.NAME" ones are installed on the class by
 * _ex_window_class_install_actions() at the end of this file, whose list
 * names each one's callback; ex-application.c holds the "app.NAME" ones
 * and sets the actions' keyboard shortcuts.  The callbacks of the actions that
 * open a file chooser live with their chooser, in ex-window-files.c
 * (queries, databases) and ex-window-export.c (Export); the others are
 * here, with _ex_window_update_actions(), which enables and disables the
 * actions as the window's state changes.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-game-view.h"

#include "ex-cql6-text.h"
#include "ex-help-window.h"
#include "ex-theme-tools.h"
#include "ex-utils.h"
#include "ex-window-private.h"

/* ------------------------------------------------------------------------
 * Search
 */

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  ex_window_run (EX_WINDOW (widget));
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ex_window_stop (EX_WINDOW (widget));
}

/* ------------------------------------------------------------------------
 * Browsing: the previous and next result, the filter box, the clipboard
 */

static void
previous_result_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ex_results_view_step (EX_WINDOW (widget)->results_view, -1);
}

static void
next_result_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ex_results_view_step (EX_WINDOW (widget)->results_view, +1);
}

static void
filter_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ex_results_view_focus_filter (EX_WINDOW (widget)->results_view);
}

static void
copy_to_clipboard (ExWindow   *self,
                   char       *text,
                   const char *done_message)
{
  if (text == NULL)
    {
      _ex_window_set_status (self, _("No game is shown: select a result first"), TRUE);
      return;
    }

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _ex_window_set_status (self, done_message, FALSE);
  g_free (text);
}

static void
copy_pgn_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);

  /* The user's moves are in the game's tree while it is shown, so the
   * PGN written has them as a variation. */
  copy_to_clipboard (self, ex_window_dup_game_pgn (self),
                     ex_game_view_get_n_own_moves (EX_GAME_VIEW (self->game_view)) > 0
                       ? _("Copied the game’s PGN, with your moves as a variation")
                       : _("Copied the game’s PGN"));
}

static void
copy_fen_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);

  copy_to_clipboard (self, ex_window_dup_position_fen (self), _("Copied the position’s FEN"));
}

/* ------------------------------------------------------------------------
 * New Query, examples, Theme Tools, recent queries
 */

/* New Query: the starting text of the dialect the preferences choose
 * (ex_cql_new_query_text()), its placeholder selected so that typing
 * replaces it.  Like an example, it replaces unsaved changes as one
 * undoable action. */
static void
new_query_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (ex_query_document_get_buffer (self->document));
  gboolean unsaved = ex_query_document_get_modified (self->document);
  CqDialect dialect = ex_cql_new_query_dialect ();
  const char *placeholder = dialect == CQ_DIALECT_CQL6 ? "true" : "(position)";
  GtkTextIter start, end, found_start, found_end;

  ex_query_document_replace (self->document, ex_cql_new_query_text (dialect), NULL, TRUE);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  if (gtk_text_iter_backward_search (&end, placeholder, GTK_TEXT_SEARCH_TEXT_ONLY,
                                     &found_start, &found_end, NULL))
    gtk_text_buffer_select_range (buffer, &found_start, &found_end);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor));
  _ex_window_set_status (self, unsaved ? _("New query in place of your unsaved one (Ctrl+Z "
                                           "brings it back)")
                                       : _("New query: replace the placeholder with your "
                                           "filters"), FALSE);
}

/* Convert to CQL 6: the CQL 3 query becomes the CQL 6 query that means the
 * same (cq_query_convert_to_cql6(); docs/convert.md), as one undoable
 * action.  The text no longer belongs to its CQL 3 file, so that Save asks
 * for a new one and the CQL 3 file is never overwritten.  A query that does
 * not read, or a part the converter refuses, changes nothing: the status
 * line gives the converter's message (FILE:LINE:COLUMN: ...). */
static void
convert_query_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  const char *query_name = ex_query_document_get_name (self->document);
  g_autofree char *text = ex_query_document_dup_text (self->document);
  g_autofree char *converted = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GError) error = NULL;

  if (ex_query_document_get_dialect (self->document) == CQ_DIALECT_CQL6)
    {
      _ex_window_set_status (self, _("The query is CQL 6 already"), FALSE);
      return;
    }
  converted = cq_query_convert_to_cql6 (text, strlen (text),
                                        query_name != NULL ? query_name : _("query"),
                                        &error);
  if (converted == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Not converted: %s"), error->message);

      _ex_window_set_status (self, message, TRUE);
      return;
    }
  /* A query from a file, "rook.cql", becomes "rook (CQL 6)": the name of
   * a text that is no longer that file's; so does an example's or a
   * theme's name ("king-in-corner.cql", "Rook in the four corners"), whose
   * file is CQL 3 too.  A query without a name stays so, as does a name
   * converted before (Undo, then To CQL 6 again). */
  if (query_name != NULL)
    {
      /* Translators: the name of a query converted to CQL 6 */
      const char *format = _("%s (CQL 6)");
      g_autofree char *suffix = g_strdup_printf (format, "");
      g_autofree char *stem = g_strdup (query_name);
      g_autofree char *lower = g_ascii_strdown (query_name, -1);
      char *dot = strrchr (stem, '.');

      /* A file's extension goes; an example's or a theme's name keeps its
       * dots, but not ".cql". */
      if (dot != NULL && dot != stem
          && (ex_query_document_get_file (self->document) != NULL
              || g_str_has_suffix (lower, ".cql")))
        *dot = '\0';
      name = g_str_has_suffix (query_name, suffix) ? g_strdup (query_name)
                                                   : g_strdup_printf (format, stem);
    }
  ex_query_document_replace (self->document, converted, name, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor));
  _ex_window_set_status (self, _("Converted to CQL 6 (Ctrl+Z brings the CQL 3 text back); "
                                 "Save asks for a new file"), FALSE);
}

static void
load_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  /* Changes that are in no file: the example replaces them as one
   * undoable action, and the message says how to get them back. */
  gboolean unsaved = ex_query_document_get_modified (self->document);

  if (ex_window_load_example (self, name))
    {
      g_autofree char *message = NULL;

      if (unsaved)
        message = g_strdup_printf (_("Example “%s” loaded in place of your unsaved query "
                                     "(Ctrl+Z brings it back): press Run"), name);
      else
        message = g_strdup_printf (_("Example “%s” loaded: press Run"), name);
      _ex_window_set_status (self, message, FALSE);
    }
}

/* Shows or hides the Theme Tools pane; shown, it has the focus. */
static void
theme_tools_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  gboolean show = !ex_window_get_theme_tools_visible (self);

  ex_window_set_theme_tools_visible (self, show);
  if (show)
    gtk_widget_child_focus (GTK_WIDGET (ex_window_get_theme_tools (self)), GTK_DIR_TAB_FORWARD);
}

static void
search_board_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  ExThemeTools *tools = ex_window_get_theme_tools (self);
  gboolean pattern = g_str_equal (action_name, "win.search-pattern");
  g_autoptr(GError) error = NULL;

  /* Without a game shown the status line says why nothing happens.  The
   * position is searched for at once (its results come here); a pattern
   * is refined in Theme Tools first. */
  if (!ex_theme_tools_search_board (tools, pattern, &error))
    _ex_window_set_status (self, error->message, TRUE);
  else if (pattern)
    ex_window_set_theme_tools_visible (self, TRUE);
}

/* The set-up board's Find (Theme Tools): parameter (fen, mode, max_differ). */
static void
find_position_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  const char *fen;
  guint mode, max_differ;

  g_variant_get (parameter, "(&suu)", &fen, &mode, &max_differ);
  ex_window_find_position (EX_WINDOW (widget), fen, (CqPositionMatch) mode, max_differ);
}

/* Set up the position shown on the set-up board of Theme Tools. */
static void
setup_position_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ExThemeTools *tools = ex_window_get_theme_tools (EX_WINDOW (widget));

  ex_theme_tools_setup_from_game (tools);
  ex_window_set_theme_tools_visible (EX_WINDOW (widget), TRUE);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  ex_window_open_file (EX_WINDOW (widget), file);
}

/* ------------------------------------------------------------------------
 * Help: the user documentation
 */

ExHelpWindow *
ex_window_show_help (ExWindow   *self,
                     const char *page)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *focus;

  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  if (self->help_window == NULL)
    {
      self->help_window = ex_help_window_new (GTK_WINDOW (self));
      g_object_add_weak_pointer (G_OBJECT (self->help_window), (gpointer *) &self->help_window);
    }
  if (page == NULL)
    {
      focus = gtk_root_get_focus (GTK_ROOT (self));
      page = focus != NULL && self->theme_tools != NULL
             && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->theme_tools))
             ? "picker.md" : "workbench.md";
    }
  if (!ex_help_window_show_page (self->help_window, page, &error))
    _ex_window_set_status (self, error->message, TRUE);
  gtk_window_present (GTK_WINDOW (self->help_window));
  return self->help_window;
}

static void
help_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ex_window_show_help (EX_WINDOW (widget), NULL);
}

/* ------------------------------------------------------------------------
 * Enabled state and installation
 */

void
_ex_window_update_actions (ExWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  ExResultsView *results = self->results_view;
  /* After Stop the rows found still reach the list: Export waits for
   * them, Stop has nothing left to stop. */
  gboolean running = ex_window_is_searching (self);
  gboolean searching = running
                       || (results != NULL && ex_results_view_get_n_pending (results) > 0);
  guint n = results != NULL ? g_list_model_get_n_items (ex_results_view_get_results (results)) : 0;

  gtk_widget_action_set_enabled (widget, "win.run", self->databases->len > 0);
  gtk_widget_action_set_enabled (widget, "win.stop", running);
  gtk_widget_action_set_enabled (widget, "win.export", !searching && !self->exporting && n > 0);
  gtk_widget_action_set_enabled (widget, "win.previous-result", n > 0);
  gtk_widget_action_set_enabled (widget, "win.next-result", n > 0);
  gtk_widget_action_set_enabled (widget, "win.copy-pgn", self->game_view != NULL
                                 && ex_game_view_get_game (EX_GAME_VIEW (self->game_view)) != NULL);
  gtk_widget_action_set_enabled (widget, "win.copy-exported-pgn", results != NULL
                                 && ex_results_view_get_current (results) != NULL);
  gtk_widget_action_set_enabled (widget, "win.copy-fen", self->game_view != NULL
                                 && ex_game_view_get_game (EX_GAME_VIEW (self->game_view)) != NULL);
  gtk_widget_action_set_enabled (widget, "win.export-diagram", self->game_view != NULL
                                 && ex_game_view_get_game (EX_GAME_VIEW (self->game_view)) != NULL);
}

void
_ex_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-indexing", NULL,
                                   _ex_window_cancel_indexing_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, _ex_window_export_action);
  gtk_widget_class_install_action (widget_class, "win.new-query", NULL, new_query_action);
  gtk_widget_class_install_action (widget_class, "win.convert-query", NULL, convert_query_action);
  gtk_widget_class_install_action (widget_class, "win.open-query", NULL,
                                   _ex_window_open_query_action);
  gtk_widget_class_install_action (widget_class, "win.save-query", NULL,
                                   _ex_window_save_query_action);
  gtk_widget_class_install_action (widget_class, "win.choose-database", NULL,
                                   _ex_window_choose_database_action);
  gtk_widget_class_install_action (widget_class, "win.choose-database-folder", NULL,
                                   _ex_window_choose_database_folder_action);
  gtk_widget_class_install_action (widget_class, "win.add-database-files", NULL,
                                   _ex_window_add_database_files_action);
  gtk_widget_class_install_action (widget_class, "win.sample-database", NULL,
                                   _ex_window_sample_database_action);
  gtk_widget_class_install_action (widget_class, "win.load-example", "s", load_example_action);
  gtk_widget_class_install_action (widget_class, "win.save-query-as", NULL,
                                   _ex_window_save_query_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.theme-tools", NULL, theme_tools_action);
  gtk_widget_class_install_action (widget_class, "win.search-position", NULL, search_board_action);
  gtk_widget_class_install_action (widget_class, "win.search-pattern", NULL, search_board_action);
  gtk_widget_class_install_action (widget_class, "win.find-position", "(suu)",
                                   find_position_action);
  gtk_widget_class_install_action (widget_class, "win.setup-position", NULL,
                                   setup_position_action);
  gtk_widget_class_install_action (widget_class, "win.previous-result", NULL,
                                   previous_result_action);
  gtk_widget_class_install_action (widget_class, "win.next-result", NULL, next_result_action);
  gtk_widget_class_install_action (widget_class, "win.filter", NULL, filter_action);
  gtk_widget_class_install_action (widget_class, "win.copy-pgn", NULL, copy_pgn_action);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_action);
  gtk_widget_class_install_action (widget_class, "win.copy-exported-pgn", NULL,
                                   _ex_window_copy_exported_action);
  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL,
                                   _ex_window_export_diagram_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent-database", "as",
                                   _ex_window_open_recent_database_action);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help_action);
}
