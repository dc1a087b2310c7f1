/* ex-window-search.c: the window's search: its progress, its end, Stop.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each search is an ExSearch (ex-search.c); the window holds the current
 * one (ex_window_run() and ex_window_find_position() in ex-window.c start
 * it) and follows it through a signal group: its progress (the status
 * line's counts and the progress bar), its damaged and skipped games (the
 * status line and ExDiagnostics), a CQL 6 query's messages, and its state,
 * whose end gives the message that closes the search and
 * #ExWindow::search-finished.  The results list shows the search's rows
 * itself (ex_results_view_set_search()).  A search that was replaced is
 * no longer the group's target: nothing it reports reaches the window.
 *
 * A CQL 6 query with `readfile` or `writefile` reads or writes the user's
 * files: before it runs, a dialog says so and asks for the one folder they
 * may use (a folder chooser), or to cancel (_ex_window_ask_files_folder()).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cql/cq-query-info.h"
#include "index/cq-index.h"
#include "ex-cql-editor.h"
#include "ex-utils.h"
#include "ex-window-private.h"

void
_ex_window_update_progress (ExWindow *self)
{
  const CqSearchProgress *p = ex_search_get_progress (self->search);
  g_autofree char *games = ex_utils_format_count (p->games);
  g_autofree char *matches = ex_utils_format_count (p->matches);
  g_autofree char *text = NULL;

  if (p->seconds > 0.0)
    {
      g_autofree char *rate = ex_utils_format_count ((guint64)(p->games / p->seconds + 0.5));

      /* Translators: games searched · games matched · games per second ·
       * seconds since the search started */
      text = g_strdup_printf (_("%s games · %s matches · %s games/s · %.1f s"),
                              games, matches, rate, p->seconds);
    }
  else
    text = g_strdup_printf (_("%s games · %s matches"), games, matches);

  /* Shown while the search runs; the message that ends it says the same. */
  ex_statusbar_set_progress (self->statusbar, text);
  if (ex_search_get_state (self->search) != EX_SEARCH_RUNNING)
    ex_statusbar_set_progress (self->statusbar, NULL);

  if (p->total_bytes > 0)
    gtk_progress_bar_set_fraction (self->progress_bar,
                                   CLAMP ((double)p->bytes / (double)p->total_bytes, 0.0, 1.0));
  else
    gtk_progress_bar_pulse (self->progress_bar);

  ex_diagnostics_set_counts (self->diagnostics_view, p->damaged, p->skipped);
  ex_statusbar_set_diagnostic_counts (self->statusbar, p->damaged, p->skipped);
}

static void
search_diagnostics_cb (ExWindow  *self,
                       GPtrArray *messages,
                       GArray    *games,
                       ExSearch  *search)
{
  ex_statusbar_add_diagnostics (self->statusbar, messages);
  ex_diagnostics_add (self->diagnostics_view, messages, games);
}

/* A CQL 6 query's messages from games that did not match: listed with the
 * damaged games (a matched game's are shown with the game). */
static void
search_query_messages_cb (ExWindow  *self,
                          GPtrArray *lines,
                          guint64    n_dropped,
                          ExSearch  *search)
{
  ex_diagnostics_add_query_messages (self->diagnostics_view, lines, n_dropped);
}

/* Reports the end of the search, once its rows are all in the list. */
static void
complete_search (ExWindow *self)
{
  const CqSearchProgress *progress = ex_search_get_progress (self->search);
  const GError *error = ex_search_get_error (self->search);
  const char *name = ex_search_get_database_name (self->search);
  g_autofree char *games = NULL;
  g_autofree char *message = NULL;
  guint n;

  games = ex_utils_format_count (progress->games);
  n = g_list_model_get_n_items (ex_search_get_results (self->search));

  if (error != NULL)
    {
      /* A readfile or writefile that failed stops the search: its place
       * in the query is marked (ex_cql_error_location()), as a reading error's. */
      g_autofree char *error_text = NULL;
      guint line, column;

      if (ex_cql_error_location (error, &line, &column, NULL))
        {
          error_text = ex_cql_dup_error_text (error);
          ex_cql_editor_show_error (self->cql_editor, error);
        }
      else if (g_error_matches (error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_STALE))
        /* A game is not where the file's index says (the file was edited
         * and its size and time put back): the search stopped there rather
         * than read another game in its place, and the file is indexed
         * again (ex_indexer_search_finished()). */
        error_text = g_strdup (_("it changed since it was indexed: a game is no longer where "
                                 "its index says, and the search stopped there rather than "
                                 "read another game. It is being indexed again: run the "
                                 "search again once it is"));
      else
        error_text = g_strdup (error->message);
      /* Failed before it found a game, the previous search's rows stay
       * listed (ex_results_view_set_search()). */
      if (ex_results_view_get_search (self->results_view) != self->search)
        message = g_strdup_printf (_("Could not search “%s”: %s. The previous results are "
                                     "kept."), name, error_text);
      else
        message = g_strdup_printf (_("Could not search “%s”: %s"), name, error_text);
      _ex_window_set_status (self, message, TRUE);
      if (n == 0 && ex_results_view_get_search (self->results_view) == self->search)
        ex_results_view_show_empty (self->results_view, _("Search Failed"), error_text);
    }
  else
    {
      g_autofree char *matches = ex_utils_format_count (n);

      /* A search that read an index says so: that is why it was fast. */
      if (progress->indexed_files > 0)
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Found %s matching game in %s games of “%s” "
                                                "(%.2f s, from its index)",
                                                "Found %s matching games in %s games of “%s” "
                                                "(%.2f s, from its index)",
                                                n),
                                   matches, games, name, progress->seconds);
      else
        message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Found %s matching game in %s games of “%s” "
                                                "(%.2f s)",
                                                "Found %s matching games in %s games of “%s” "
                                                "(%.2f s)",
                                                n),
                                   matches, games, name, progress->seconds);
      /* Without :markall CQL marks only the first position of a game that
       * matches: the board's "Match 1 of 1" would otherwise puzzle. */
      if (n > 0 && !ex_search_get_mark_all (self->search))
        {
          g_autofree char *found = g_steal_pointer (&message);

          message = g_strdup_printf ("%s. %s", found,
                                     _("Only the first matching position of each game is "
                                       "marked: add :markall to the position list to mark "
                                       "them all."));
        }
      if (self->output_note != NULL)
        {
          g_autofree char *found = g_steal_pointer (&message);

          message = g_strdup_printf (g_str_has_suffix (found, ".") ? "%s %s" : "%s. %s", found,
                                     self->output_note);
        }
      _ex_window_set_status (self, message, FALSE);
      if (n == 0)
        {
          g_autofree char *description =
            g_strdup_printf (_("The query matched none of the %s games of “%s”."), games, name);

          ex_results_view_show_empty (self->results_view, _("No Matching Games"), description);
        }
    }

  /* The search is over only now (not when its thread ended): Export and
   * Stop change here.  The database searched is indexed now if it has
   * no index. */
  _ex_window_update_actions (self);
  ex_indexer_search_finished (self->indexer, error);
  g_signal_emit (self, _ex_window_signals[SEARCH_FINISHED], 0, error == NULL);
}

/* The search's thread has ended, or the search was stopped: the progress
 * goes; the search is complete when its last row is in the list. */
static void
search_state_cb (ExWindow   *self,
                 GParamSpec *pspec,
                 ExSearch   *search)
{
  ExSearchState state = ex_search_get_state (search);

  if (state == EX_SEARCH_RUNNING)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  ex_statusbar_set_progress (self->statusbar, NULL);
  _ex_window_update_actions (self);
  if (state == EX_SEARCH_FINISHED || state == EX_SEARCH_FAILED)
    complete_search (self);
}

/* The last row found is in the list. */
static void
results_delivered_cb (ExWindow      *self,
                      ExResultsView *view)
{
  _ex_window_update_actions (self);
}

void
ex_window_stop (ExWindow *self)
{
  g_autofree char *games = NULL;
  g_autofree char *matches = NULL;
  g_autofree char *message = NULL;
  const CqSearchProgress *progress;

  g_return_if_fail (EX_IS_WINDOW (self));

  if (self->search == NULL || !ex_search_stop (self->search))
    return;

  /* The matches kept: those in the list and those still on their way to
   * it.  The header says the same number. */
  progress = ex_search_get_progress (self->search);
  _ex_window_update_progress (self);
  games = ex_utils_format_count (progress->games);
  matches = ex_utils_format_count (progress->matches);
  message = g_strdup_printf (_("Search stopped after %s games; %s matching games so far"),
                             games, matches);
  _ex_window_set_status (self, message, FALSE);
  if (progress->matches == 0 && ex_results_view_get_search (self->results_view) == self->search)
    ex_results_view_show_empty (self->results_view, _("Search Stopped"),
                                _("No matching game was found before the search was stopped."));

  g_signal_emit (self, _ex_window_signals[SEARCH_FINISHED], 0, FALSE);
}

gboolean
ex_window_is_searching (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return self->search != NULL && ex_search_is_running (self->search);
}

void
_ex_window_setup_search (ExWindow *self)
{
  self->search_signals = g_signal_group_new (EX_TYPE_SEARCH);
  g_signal_group_connect_object (self->search_signals, "progress",
                                 G_CALLBACK (_ex_window_update_progress), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->search_signals, "diagnostics",
                                 G_CALLBACK (search_diagnostics_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->search_signals, "query-messages",
                                 G_CALLBACK (search_query_messages_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->search_signals, "notify::state",
                                 G_CALLBACK (search_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_view, "delivered",
                           G_CALLBACK (results_delivered_cb), self, G_CONNECT_SWAPPED);
}

/* ------------------------------------------------------------------------
 * A query that reads or writes files: the folder they may use
 */

/* The query's text while the user chooses: the dialogs hold it. */
#define FILES_QUERY_KEY "ex-files-query-text"

static void
files_folder_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          ExWindow        *self)
{
  const char *text = g_object_get_data (G_OBJECT (dialog), FILES_QUERY_KEY);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;
      CqQuery *query = NULL;

      if (folder == NULL || g_file_peek_path (folder) == NULL)
        _ex_window_set_status (self, _("Only a local folder can be allowed"), TRUE);
      else if ((query = ex_cql_compile_allowing_files (text, g_file_peek_path (folder),
                                                       &error)) == NULL)
        {
          g_autofree char *error_text = ex_cql_dup_error_text (error);

          _ex_window_set_status (self, error_text, TRUE);
          ex_cql_editor_show_error (self->cql_editor, error);
        }
      else
        _ex_window_start_search (self, query, cq_query_marks_all (query));
    }
  else
    _ex_window_set_status (self, _("Search cancelled: the query’s files were not allowed"),
                           FALSE);
  _ex_window_update_actions (self);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
files_question_response_cb (GtkDialog *question,
                            int        response,
                            ExWindow  *self)
{
  char *text = g_object_steal_data (G_OBJECT (question), FILES_QUERY_KEY);

  gtk_window_destroy (GTK_WINDOW (question));
  if (response != GTK_RESPONSE_ACCEPT)
    {
      g_free (text);
      _ex_window_set_status (self, _("Search cancelled: the query’s files were not allowed"),
                             FALSE);
      return;
    }
  {
    GtkFileChooserNative *chooser =
      gtk_file_chooser_native_new (_("Choose the Folder the Query’s Files Are In"),
                                   GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                   _("_Allow"), _("_Cancel"));

    g_object_set_data_full (G_OBJECT (chooser), FILES_QUERY_KEY, text, g_free);
    g_signal_connect (chooser, "response", G_CALLBACK (files_folder_response_cb), self);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
  }
}

void
_ex_window_ask_files_folder (ExWindow   *self,
                             const char *text)
{
  GtkWidget *question;

  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  /* GtkMessageDialog: the workbench builds against GTK 4.8, which has no
   * GtkAlertDialog. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  question = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL
                                                        | GTK_DIALOG_DESTROY_WITH_PARENT,
                                     GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                     _("This query reads or writes files"));
  gtk_message_dialog_format_secondary_text (
    GTK_MESSAGE_DIALOG (question),
    _("Its readfile or writefile filters may use the files of one folder you choose, and no "
      "others: not the databases, not the files outside it. Allow them only for a query you "
      "trust."));
  gtk_dialog_add_buttons (GTK_DIALOG (question), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Choose Folder…"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_object_set_data_full (G_OBJECT (question), FILES_QUERY_KEY, g_strdup (text), g_free);
  g_signal_connect (question, "response", G_CALLBACK (files_question_response_cb), self);
  gtk_window_present (GTK_WINDOW (question));
  _ex_window_set_status (self, _("The query reads or writes files: choose the folder they "
                                 "may use"), FALSE);
}
