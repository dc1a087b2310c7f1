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
 */
#include "config.h"

#include <glib/gi18n.h>

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
                       ExSearch  *search)
{
  ex_statusbar_add_diagnostics (self->statusbar, messages);
  ex_diagnostics_add (self->diagnostics_view, messages);
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
      message = g_strdup_printf (_("Could not search “%s”: %s"), name, error->message);
      _ex_window_set_status (self, message, TRUE);
      if (n == 0)
        ex_results_view_show_empty (self->results_view, _("Search Failed"), error->message);
    }
  else
    {
      g_autofree char *matches = ex_utils_format_count (n);

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
      _ex_window_set_status (self, message, FALSE);
      if (n == 0)
        {
          g_autofree char *description =
            g_strdup_printf (_("The query matched none of the %s games of “%s”."), games, name);

          ex_results_view_show_empty (self->results_view, _("No Matching Games"), description);
        }
    }

  /* The search is over only now (not when its thread ended): Export and
   * Stop change here. */
  _ex_window_update_actions (self);
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
  if (progress->matches == 0)
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
