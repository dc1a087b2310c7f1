/* ex-window.c: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window holds one CQL query in a GtkSourceView, searches one PGN
 * database with it on a dedicated thread (ExSearchJob), lists the matched
 * games in an ExResultsView (ex-results-view.c), shows the selected game in
 * an ExGameView (app/viewer) at its first matched position, and exports
 * the matched games with their {MATCH} marks (rulings R2).
 *
 * Which database is searched: the one shown on the database button, always.
 * A query's :pgn is not used when running (the editor's text has no file
 * to resolve it against); opening a .cql file whose :pgn names an existing
 * file selects that database on the button, so what is shown is what is
 * searched.  The default is the bundled sample database.  The query's
 * :output is not used either: Export writes the matched games.
 *
 * This file holds the window's life cycle, layout, progress display,
 * search and the game of the result selected; its actions, files and
 * export are in ex-window-actions.c, ex-window-files.c and
 * ex-window-export.c, and ex-window-private.h has the instance struct and
 * what those files share.  The results list (ExResultsView) and the status
 * line (ExStatusbar) are widgets of their own.
 *
 * Why over 1,000 lines: the search's life cycle (start, progress,
 * results, the end, Stop) and the window's life cycle are most of it,
 * and they share the window's state; what could stand alone (actions,
 * files, export, results list, status line, editor) already does.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtksourceview/gtksource.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"
#include "ex-game-view.h"
#include "ex-move-list.h"
#include "ex-query-notes.h"

#include "ex-utils.h"
#include "ex-cql-editor.h"
#include "ex-diagnostics.h"
#include "ex-result.h"
#include "ex-results-view-private.h"
#include "ex-search-job.h"
#include "ex-statusbar.h"
#include "ex-symbol-palette.h"
#include "ex-cql6-text.h"
#include "ex-theme-library.h"
#include "ex-window-private.h"

#define SAMPLE_DATABASE "sample/studies.pgn"
#define RESOURCE_PATH   "/org/excelsior/Workbench/"

/* The narrowest window restored from the settings (it can be made
 * narrower, down to what its panes and header bar need), and the share
 * of the width the query and the results get at first. */
#define MIN_WIDTH  640
#define LEFT_SHARE 60

G_DEFINE_FINAL_TYPE (ExWindow, ex_window, GTK_TYPE_APPLICATION_WINDOW)

guint _ex_window_signals[N_SIGNALS];

/* The example queries of data/queries/, offered in the Examples menu. */
static const struct {
  const char *file;
  const char *title;
} examples[] = {
  { "knight-mate.cql",         N_("Checkmate with a White Knight on the Board") },
  { "stalemate.cql",           N_("Stalemates, Variations Included") },
  { "mate-in-variations.cql",  N_("Checkmates in Variations Only") },
  { "king-in-corner.cql",      N_("White King in a Corner") },
  { "queen-on-eighth.cql",     N_("White Queen on the Eighth Rank") },
  { "stalemate-ending.cql",    N_("Main Line Ends in Stalemate") },
  { "black-king-corner-start.cql", N_("Black King in a Corner at the Start") },
  { "underpromotion.cql",      N_("Underpromotions") },
  { "pin-to-king.cql",         N_("A Piece Pinned to Its King") },
  { "knight-attacks-king.cql", N_("A Knight Attacks the King (Shifted, Flipped, Either Colour)") },
  { "white-starts-behind.cql", N_("White Starts with Less Material") },
};

static void setup_editor (ExWindow *self);

/* ------------------------------------------------------------------------
 * Status line and progress
 */

/* Says @text in the status line (ExStatusbar), as an error or not. */
void
_ex_window_set_status (ExWindow   *self,
                       const char *text,
                       gboolean    is_error)
{
  ex_statusbar_set_message (self->statusbar, text, is_error);
}

/* The label over the editor: the query's name, and " •" (as
 * gnome-text-editor marks a document) while the text has changes that are
 * in no file.  A query without a name is "Untitled" once it has any. */
static void
update_query_label (ExWindow *self)
{
  gboolean modified = ex_query_document_get_modified (self->document);
  const char *name = ex_query_document_get_name (self->document);
  g_autofree char *text = NULL;

  if (!modified)
    text = g_strdup (name != NULL ? name : "");
  else
    /* Translators: a query's name and the mark of changes not saved */
    text = g_strdup_printf (_("%s •"), name != NULL ? name : _("Untitled"));
  gtk_label_set_text (self->query_file_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->query_file_label),
                               modified ? _("The query has changes that are not saved in a file")
                                        : NULL);
}

/* The dialect beside the query's name, as the editor tells it from the
 * text: "CQL 6" when its first word is `cql`, else "CQL 3". */
static void
update_dialect_label (ExWindow *self)
{
  gboolean cql6 = ex_query_document_get_dialect (self->document) == CQ_DIALECT_CQL6;

  gtk_label_set_text (self->query_dialect_label, cql6 ? "CQL 6" : "CQL 3");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->query_dialect_label),
                               cql6 ? _("The query is CQL 6: its first word is cql")
                                    : _("The query is CQL 3: a (match ...) list"));
  /* The symbols (ex-symbol-palette.c) are CQL 6's only. */
  gtk_widget_set_visible (GTK_WIDGET (self->symbols_button), cql6);
  /* Conversion goes one way, from CQL 3 (cq_query_convert_to_cql6()). */
  gtk_widget_set_visible (GTK_WIDGET (self->convert_button), !cql6);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.convert-query", !cql6);
}

static void
update_progress (ExWindow *self)
{
  const CqSearchProgress *p = &self->progress;
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
  if (self->job == NULL)
    ex_statusbar_set_progress (self->statusbar, NULL);

  if (p->total_bytes > 0)
    gtk_progress_bar_set_fraction (self->progress_bar,
                                   CLAMP ((double)p->bytes / (double)p->total_bytes, 0.0, 1.0));
  else
    gtk_progress_bar_pulse (self->progress_bar);

  ex_diagnostics_set_counts (self->diagnostics_view, p->damaged, p->skipped);
  ex_statusbar_set_diagnostic_counts (self->statusbar, p->damaged, p->skipped);
}

/* ------------------------------------------------------------------------
 * Query editor and its errors
 */

/* ------------------------------------------------------------------------
 * Database
 */

/* The database's name as the user sees it: a file's or folder's name, or
 * "N files". */
char *
_ex_window_dup_database_name (ExWindow *self)
{
  if (self->databases->len == 0)
    return g_strdup (_("No Database"));
  if (self->databases->len == 1)
    return g_file_get_basename (g_ptr_array_index (self->databases, 0));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file", "%u files",
                                       self->databases->len),
                          self->databases->len);
}

static void
update_database_label (ExWindow *self)
{
  g_autofree char *name = _ex_window_dup_database_name (self);

  gtk_label_set_text (self->database_label, name);
  if (self->databases->len > 0)
    {
      g_autoptr(GString) paths = g_string_new (NULL);
      g_autofree char *tooltip = NULL;

      for (guint i = 0; i < self->databases->len; i++)
        {
          g_autofree char *path = g_file_get_path (g_ptr_array_index (self->databases, i));
          g_autofree char *base = g_file_get_basename (g_ptr_array_index (self->databases, i));

          g_string_append_printf (paths, "%s“%s”", i ? ", " : "", path != NULL ? path : base);
        }
      tooltip = g_strdup_printf (_("Searching %s. The database chosen here is always the one "
                                   "searched: a query’s :pgn is ignored, except that opening a "
                                   ".cql file whose :pgn exists selects that database."),
                                 paths->str);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->database_button), tooltip);
    }
}

/**
 * ex_window_set_databases:
 * @files: (array length=n_files): PGN files, plain or compressed, and
 *   folders (their PGN files), searched in this order as one database
 *   (only local files can be searched).
 *
 * Sets the database the next search reads.  A running search goes on with
 * the database it started with.
 */
void
ex_window_set_databases (ExWindow     *self,
                         GFile *const *files,
                         guint         n_files)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  g_ptr_array_set_size (self->databases, 0);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->databases, g_object_ref (files[i]));
  _ex_window_note_recent_database (self);
  update_database_label (self);
  _ex_window_update_actions (self);
}

/**
 * ex_window_set_database:
 * @file: (nullable): a PGN file, plain or compressed, or a folder of them.
 *
 * As ex_window_set_databases() with one file (or none).
 */
void
ex_window_set_database (ExWindow *self,
                        GFile    *file)
{
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  ex_window_set_databases (self, &file, file != NULL ? 1 : 0);
}

/* The database's first file or folder, or NULL. */
GFile *
ex_window_get_database (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->databases->len > 0 ? g_ptr_array_index (self->databases, 0) : NULL;
}

/* Where the results' games are re-read from; a games file of the previous
 * search is deleted. */
static void
set_results_games (ExWindow   *self,
                   const char *path,
                   gboolean    temporary)
{
  if (self->results_db_temporary && self->results_db_path != NULL)
    g_unlink (self->results_db_path);
  g_free (self->results_db_path);
  self->results_db_path = g_strdup (path);
  self->results_db_temporary = temporary;
}

void
_ex_window_use_sample_database (ExWindow *self)
{
  g_autofree char *path = ex_utils_find_data_file (SAMPLE_DATABASE);

  if (path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      ex_window_set_database (self, file);
    }
  else
    {
      ex_window_set_database (self, NULL);
      _ex_window_set_status (self, _("The sample database was not found: choose a database"), TRUE);
    }
}

/* ------------------------------------------------------------------------
 * The result shown
 */

/* What a CQL 6 query wrote in @result's game (@game, as re-read): its
 * comments into the move list (shown when the game is set next) and,
 * with its messages, into the panel under the board.  The texts are those
 * `cql` writes at each position (cq_annotate_comment_texts(), quiet
 * honoured; none when silent), without the mark: the move list marks
 * matched moves itself. */
static void
show_query_output (ExWindow *self,
                   ExResult *result,
                   CqGame   *game)
{
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  const CqPositionComment *comments;
  const CqMessage *messages;
  guint n_comments, n_messages;
  const char *const *notes = NULL;
  guint n_notes = 0;

  comments = ex_result_get_comments (result, &n_comments);
  messages = ex_result_get_messages (result, &n_messages);
  if (!self->results_style.silent
      && cq_annotate_comment_texts (comments, n_comments, game->n_nodes,
                                    self->results_style.quiet, NULL, &before, &after))
    {
      notes = (const char *const *) before->pdata;
      n_notes = before->len;
    }
  ex_move_list_set_notes (EX_MOVE_LIST (ex_game_view_get_move_list (EX_GAME_VIEW (self->game_view))),
                          notes, n_notes);
  ex_query_notes_set (self->query_notes, notes, n_notes, messages, n_messages,
                      ex_result_get_n_messages_dropped (result));
}

static void
show_result (ExWindow *self,
             ExResult *result)
{
  g_autoptr(GError) error = NULL;
  const CqMatchedPosition *positions;
  CqGame *game;
  guint n_positions;

  if (self->results_db_path == NULL)
    return;

  game = cq_pgn_read_game_at (self->results_db_path, ex_result_get_source (result), &error);
  if (game == NULL)
    {
      g_autofree char *number = ex_utils_format_number (ex_result_get_number (result));
      g_autofree char *message = g_strdup_printf (_("Could not read game %s: %s"),
                                                  number, error->message);

      _ex_window_set_status (self, message, TRUE);
      return;
    }

  positions = ex_result_get_positions (result, &n_positions);
  show_query_output (self, result, game);
  ex_game_view_set_game (EX_GAME_VIEW (self->game_view), game, positions, n_positions);
  ex_query_notes_set_node (self->query_notes,
                           ex_game_view_get_node (EX_GAME_VIEW (self->game_view)));
  _ex_window_update_actions (self);
}

static void
update_selection_status (ExWindow *self,
                         guint     n_selected)
{
  g_autofree char *count = NULL;
  g_autofree char *message = NULL;

  if (n_selected < 2)
    return;
  count = ex_utils_format_count (n_selected);
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s game selected",
                                          "%s games selected", n_selected), count);
  _ex_window_set_status (self, message, FALSE);
}

/* The result to show has changed: show its game (its first matched
 * position). */
static void
current_result_cb (ExWindow      *self,
                   GParamSpec    *pspec,
                   ExResultsView *view)
{
  ExResult *result = ex_results_view_get_current (view);

  if (result != NULL)
    show_result (self, result);
}

/* Selecting several results says how many are selected. */
static void
results_selection_changed_cb (ExWindow      *self,
                              guint          n_selected,
                              guint          n_added,
                              ExResultsView *view)
{
  if (n_added > 0)
    update_selection_status (self, n_selected);
  _ex_window_update_actions (self);
}

/* ------------------------------------------------------------------------
 * Searching
 */

static void complete_search (ExWindow *self);

static void
job_results_cb (GObject     *owner,
                ExSearchJob *job,
                GPtrArray   *results)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  ex_results_view_add (self->results_view, results);
}

static void
job_diagnostics_cb (GObject     *owner,
                    ExSearchJob *job,
                    GPtrArray   *messages)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  ex_statusbar_add_diagnostics (self->statusbar, messages);
  ex_diagnostics_add (self->diagnostics_view, messages);
}

/* A CQL 6 query's messages from games that did not match: listed with the
 * damaged games (a matched game's are shown with the game). */
static void
job_query_messages_cb (GObject     *owner,
                       ExSearchJob *job,
                       GPtrArray   *lines,
                       guint64      n_dropped)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  ex_diagnostics_add_query_messages (self->diagnostics_view, lines, n_dropped);
}

static void
job_progress_cb (GObject                *owner,
                 ExSearchJob            *job,
                 const CqSearchProgress *progress)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  self->progress = *progress;
  update_progress (self);
}

static void
end_search (ExWindow *self)
{
  g_clear_pointer (&self->job, ex_search_job_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  ex_statusbar_set_progress (self->statusbar, NULL);
  _ex_window_update_actions (self);
}

static void
job_finished_cb (GObject                *owner,
                 ExSearchJob            *job,
                 const CqSearchProgress *progress,
                 const GError           *error)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  self->progress = *progress;
  update_progress (self);
  end_search (self);

  /* The search is over when its last row is in the list. */
  g_clear_error (&self->finish_error);
  if (error != NULL)
    self->finish_error = g_error_copy (error);
  self->finish_pending = TRUE;
  if (ex_results_view_get_n_pending (self->results_view) == 0)
    complete_search (self);
}

/* Reports the end of the search, once its rows are all in the list. */
static void
complete_search (ExWindow *self)
{
  const CqSearchProgress *progress = &self->progress;
  g_autoptr(GError) error = g_steal_pointer (&self->finish_error);
  g_autofree char *name = NULL;
  g_autofree char *games = NULL;
  g_autofree char *message = NULL;
  guint n;

  self->finish_pending = FALSE;
  name = g_strdup (self->results_db_name);
  games = ex_utils_format_count (progress->games);
  n = g_list_model_get_n_items (ex_results_view_get_results (self->results_view));

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
      if (n > 0 && !self->results_mark_all)
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

/* The last row found is in the list: the search is over if its job is. */
static void
results_delivered_cb (ExWindow      *self,
                      ExResultsView *view)
{
  if (self->finish_pending)
    complete_search (self);
  else
    _ex_window_update_actions (self);
}

static const ExSearchJobFuncs job_funcs = {
  .results = job_results_cb,
  .diagnostics = job_diagnostics_cb,
  .query_messages = job_query_messages_cb,
  .progress = job_progress_cb,
  .finished = job_finished_cb,
};

/**
 * ex_window_stop:
 *
 * Cancels the running search, if any.  The window is usable at once: the
 * matches found so far stay (those not yet in the list still reach it, in
 * slices as during the search, and the header and the status line count
 * them), the search thread winds down on its own (the batches it has not
 * handed over are dropped) and is joined from the main loop.  Emits
 * #ExWindow::search-finished with FALSE.
 */
void
ex_window_stop (ExWindow *self)
{
  g_autofree char *games = NULL;
  g_autofree char *matches = NULL;
  g_autofree char *message = NULL;
  guint n;

  g_return_if_fail (EX_IS_WINDOW (self));

  if (self->job == NULL && !self->finish_pending)
    return;

  self->finish_pending = FALSE;
  g_clear_error (&self->finish_error);
  if (self->job != NULL)
    ex_search_job_cancel (self->job);
  end_search (self);

  /* The matches kept: those in the list and those still on their way to
   * it.  The header says the same number. */
  n = g_list_model_get_n_items (ex_results_view_get_results (self->results_view))
      + ex_results_view_get_n_pending (self->results_view);
  self->progress.matches = n;
  update_progress (self);
  games = ex_utils_format_count (self->progress.games);
  matches = ex_utils_format_count (n);
  message = g_strdup_printf (_("Search stopped after %s games; %s matching games so far"),
                             games, matches);
  _ex_window_set_status (self, message, FALSE);
  if (n == 0)
    ex_results_view_show_empty (self->results_view, _("Search Stopped"),
                                _("No matching game was found before the search was stopped."));

  g_signal_emit (self, _ex_window_signals[SEARCH_FINISHED], 0, FALSE);
}

/* Does @text use :markall outside its comments? */
static gboolean
has_markall (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ';')
        p += strcspn (p, "\n") - 1;
      else if (g_str_has_prefix (p, ":markall"))
        return TRUE;
    }
  return FALSE;
}

static void     stop_for_new_search (ExWindow *self);
static gboolean start_search        (ExWindow *self,
                                     CqQuery  *query,
                                     gboolean  mark_all);

/**
 * ex_window_run:
 *
 * Compiles the editor's text (ex_cql_compile(): position lists alone are
 * run inside a match list) and, if it compiles, searches the chosen
 * database with it on a new thread, after cancelling the search that was
 * running.  On a compilation error (CQ_QUERY_ERROR, rulings R13) the
 * message is shown in the status line as the live parse shows it ("Line
 * 1, column 5: ..."), the item at its line:column is underlined and gets
 * the cursor, and nothing runs.
 *
 * Returns: TRUE if a search was started.
 */
gboolean
ex_window_run (ExWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  CqQuery *query;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  stop_for_new_search (self);
  text = ex_window_dup_query_text (self);
  query = ex_cql_compile (text, &error);
  if (query == NULL)
    {
      g_autofree char *error_text = ex_cql_dup_error_text (error);

      _ex_window_set_status (self, error_text, TRUE);
      ex_cql_editor_show_error (self->cql_editor, error);
      _ex_window_update_actions (self);
      return FALSE;
    }
  /* CQL 6 marks every matching position (docs/cql6.md); CQL 3 only the
   * first of a game, unless :markall. */
  return start_search (self, query,
                       cq_query_get_dialect (query) == CQ_DIALECT_CQL6 || has_markall (text));
}

/**
 * ex_window_find_position:
 * @fen: the position (cq_query_new_for_position()).
 * @mode: exact, or also its mirrored and colour-reversed images.
 * @max_differ: how many pieces may differ.
 *
 * Searches the chosen database for every game where the position occurs,
 * as ex_window_run() searches for a query (the results list says which
 * image was found, the board outlines the squares that differ); the
 * query in the editor is left as it is.  A FEN that is not a legal
 * position is reported in the status line.
 *
 * Returns: TRUE if a search was started.
 */
gboolean
ex_window_find_position (ExWindow        *self,
                         const char      *fen,
                         CqPositionMatch  mode,
                         guint            max_differ)
{
  g_autoptr(GError) error = NULL;
  CqQuery *query;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  stop_for_new_search (self);
  query = cq_query_new_for_position (fen, mode, max_differ, &error);
  if (query == NULL)
    {
      _ex_window_set_status (self, error->message, TRUE);
      _ex_window_update_actions (self);
      return FALSE;
    }
  return start_search (self, query, TRUE);
}

/* Cancels the search that runs, before a new one starts. */
static void
stop_for_new_search (ExWindow *self)
{
  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      /* end_search() also hides the progress bar, should nothing start */
      end_search (self);
    }
  ex_results_view_discard_pending (self->results_view);
  self->finish_pending = FALSE;
  g_clear_error (&self->finish_error);
}

/* Searches the chosen database with @query (taken), whose results mark
 * every matching position of a game if @mark_all, else the first. */
static gboolean
start_search (ExWindow *self,
              CqQuery  *query,
              gboolean  mark_all)
{
  g_autoptr(GPtrArray) paths = NULL;
  const char *path;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  paths = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < self->databases->len; i++)
    {
      char *file_path = g_file_get_path (g_ptr_array_index (self->databases, i));

      if (file_path == NULL)
        break;
      g_ptr_array_add (paths, file_path);
    }
  if (paths->len == 0 || paths->len < self->databases->len)
    {
      cq_query_free (query);
      _ex_window_set_status (self, _("Choose a database to search (a local PGN file)"), TRUE);
      _ex_window_update_actions (self);
      return FALSE;
    }
  g_ptr_array_add (paths, NULL);
  path = g_ptr_array_index (paths, 0);

  /* A new result set: forget the old one.  A query that sorts its games
   * shows its sort values, in its order. */
  ex_results_view_clear (self->results_view);
  {
    gboolean min = FALSE;
    const char *label = cq_query_get_n_sort_keys (query) > 0
                        ? cq_query_get_sort_label (query, 0, &min) : NULL;

    ex_results_view_set_sort_key (self->results_view, cq_query_get_n_sort_keys (query) > 0,
                                  label, min);
  }
  ex_statusbar_reset_diagnostics (self->statusbar);
  ex_diagnostics_reset (self->diagnostics_view, path);
  memset (&self->progress, 0, sizeof self->progress);
  ex_game_view_set_game (EX_GAME_VIEW (self->game_view), NULL, NULL, 0);
  ex_query_notes_set (self->query_notes, NULL, 0, NULL, 0, 0);

  /* What export writes for these results: what `cql` writes for the query
   * (its dialect's header, mark text, quiet and silent). */
  cq_annotation_style_init (&self->results_style, query, NULL);
  g_free (self->results_mark_text);
  self->results_mark_text = g_strdup (self->results_style.mark_text);
  self->results_style.mark_text = self->results_mark_text;
  self->job = ex_search_job_start (query, (const char *const *) paths->pdata,
                                   ex_utils_settings_get_uint ("threads", 0),
                                   G_OBJECT (self), &job_funcs);
  set_results_games (self, ex_search_job_get_games_path (self->job),
                     ex_search_job_keeps_games (self->job));
  g_free (self->results_db_name);
  self->results_db_name = _ex_window_dup_database_name (self);
  g_strfreev (self->results_db_inputs);
  self->results_db_inputs = g_strdupv ((char **) paths->pdata);
  self->results_mark_all = mark_all;

  name = _ex_window_dup_database_name (self);
  message = g_strdup_printf (_("Searching “%s”…"), name);
  _ex_window_set_status (self, message, FALSE);
  ex_results_view_show_empty (self->results_view, _("Searching…"), message);
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  update_progress (self);
  _ex_window_update_actions (self);

  return TRUE;
}

gboolean
ex_window_is_searching (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return self->job != NULL || self->finish_pending;
}

/* ------------------------------------------------------------------------
 * The game shown, as PGN and FEN
 */

/**
 * ex_window_dup_game_pgn:
 *
 * Returns: (transfer full) (nullable): the game shown in the viewer as PGN
 *   (export format, cq_pgn_write_game(), without annotations), with the
 *   moves the user played on the board as a variation (they are in the
 *   game's tree while it is shown, ExOwnLine), or NULL when no game is
 *   shown.
 */
char *
ex_window_dup_game_pgn (ExWindow *self)
{
  CqGame *game;
  GString *out;

  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  game = ex_game_view_get_game (EX_GAME_VIEW (self->game_view));
  if (game == NULL)
    return NULL;

  out = g_string_new (NULL);
  cq_pgn_write_game (out, game, NULL);
  return g_string_free (out, FALSE);
}

/**
 * ex_window_dup_position_fen:
 *
 * Returns: (transfer full) (nullable): the FEN of the position on the
 *   board, or NULL when no game is shown.
 */
char *
ex_window_dup_position_fen (ExWindow *self)
{
  const CqPosition *pos;
  char fen[CQ_FEN_MAX];

  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  if (ex_game_view_get_game (EX_GAME_VIEW (self->game_view)) == NULL)
    return NULL;
  pos = ex_board_get_position (ex_game_view_get_board (EX_GAME_VIEW (self->game_view)));
  if (pos == NULL)
    return NULL;

  cq_position_to_fen (pos, fen);
  return g_strdup (fen);
}

/* ------------------------------------------------------------------------
 * Examples
 */

/**
 * ex_window_list_examples:
 *
 * Returns: (transfer none): the file names of the example queries offered
 *   in the Examples menu, NULL-terminated.  Static.
 */
const char *const *
ex_window_list_examples (void)
{
  static const char *names[G_N_ELEMENTS (examples) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
      names[i] = examples[i].file;

  return names;
}

/**
 * ex_window_load_example:
 * @name: an example's file name (ex_window_list_examples()).
 *
 * Replaces the editor's text with the example (undoable: Ctrl+Z brings
 * back the text it replaced).  Every example NAME.cql has a CQL 6 twin
 * NAME.cql6 that finds the same games in the bundled sample: when the
 * editor holds a CQL 6 query (or is empty and new queries are CQL 6), the
 * twin is loaded.
 *
 * Returns: FALSE if there is no such example.
 */
static char *
read_example (const char *name)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (strchr (name, '/') != NULL)
    return NULL;

  path = g_strconcat (RESOURCE_PATH "queries/", name, NULL);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

gboolean
ex_window_load_example (ExWindow   *self,
                        const char *name)
{
  g_autofree char *text = NULL;
  g_autofree char *twin = NULL;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (g_str_has_suffix (name, ".cql"))
    {
      g_autofree char *current = ex_query_document_dup_text (self->document);

      if (ex_cql_insert_dialect (current) == CQ_DIALECT_CQL6)
        {
          twin = g_strconcat (name, "6", NULL);
          text = read_example (twin);
          if (text != NULL)
            name = twin;
        }
    }
  if (text == NULL)
    text = read_example (name);
  if (text == NULL)
    return FALSE;

  ex_query_document_replace (self->document, text, name, TRUE);

  return TRUE;
}

static void
setup_examples_menu (ExWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(examples[i].title), NULL);

      g_menu_item_set_action_and_target (item, "win.load-example", "s", examples[i].file);
      g_menu_append_item (menu, item);
    }

  gtk_menu_button_set_menu_model (self->examples_button, G_MENU_MODEL (menu));
}

/* ------------------------------------------------------------------------
 * Accessors
 */

void
ex_window_set_query_text (ExWindow   *self,
                          const char *text)
{
  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  ex_query_document_set_text (self->document, text, TRUE);
}

/* Returns: (transfer full): the editor's text. */
char *
ex_window_dup_query_text (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return ex_query_document_dup_text (self->document);
}

GtkTextBuffer *
ex_window_get_query_buffer (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return GTK_TEXT_BUFFER (ex_query_document_get_buffer (self->document));
}

ExQueryDocument *
ex_window_get_query_document (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->document;
}

/* Returns: (transfer none): the results as shown (sorted), a
 * GtkMultiSelection of #ExResult. */
GListModel *
ex_window_get_results (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return G_LIST_MODEL (ex_results_view_get_model (self->results_view));
}

/* As a click on @column's title: ex_results_view_sort(). */
void
ex_window_sort_results (ExWindow       *self,
                        ExResultColumn  column,
                        GtkSortType     order)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_sort (self->results_view, column, order);
}

/* Whether the list is still being sorted or filtered. */
gboolean
ex_window_is_sorting (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return ex_results_view_is_sorting (self->results_view);
}

/* As typing @text in the filter box: ex_results_view_set_filter_text(). */
void
ex_window_set_filter_text (ExWindow   *self,
                           const char *text)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_set_filter_text (self->results_view, text);
}

/* Selects only the result at @position of ex_window_get_results() and
 * shows its game at its first matched position. */
void
ex_window_select_result (ExWindow *self,
                         guint     position)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_select (self->results_view, position, TRUE);
}

/* Adds the result at @position to the selection (as Ctrl+click does) and
 * shows its game. */
void
ex_window_add_to_selection (ExWindow *self,
                            guint     position)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_select (self->results_view, position, FALSE);
}

GtkWidget *
ex_window_get_game_view (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->game_view;
}

const char *
ex_window_get_status_text (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return ex_statusbar_get_message (self->statusbar);
}

gboolean
ex_window_get_status_is_error (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return ex_statusbar_get_is_error (self->statusbar);
}

/**
 * ex_window_get_error_location:
 * @line: (out): 1-based line of the query error shown in the editor.
 * @column: (out): 1-based column (characters).
 *
 * Returns: FALSE if no error is shown (none, or the text changed since).
 */
gboolean
ex_window_get_error_location (ExWindow *self,
                              guint    *line,
                              guint    *column)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return ex_cql_editor_get_error_location (self->cql_editor, line, column);
}

/* ------------------------------------------------------------------------
 * Screenshot
 */

/**
 * ex_window_save_screenshot:
 * @png_path: where to write the PNG.
 *
 * Renders the window as it is now (it must be shown) with its own renderer
 * and saves it as PNG.
 *
 * Returns: FALSE with G_IO_ERROR_FAILED if the window is not shown or the
 *   file could not be written.
 */
gboolean
ex_window_save_screenshot (ExWindow    *self,
                           const char  *png_path,
                           GError     **error)
{
  GtkWidget *widget = GTK_WIDGET (self);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderer *renderer;
  int width, height;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (png_path != NULL, FALSE);

  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  renderer = gtk_native_get_renderer (GTK_NATIVE (self));
  if (width <= 0 || height <= 0 || renderer == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The window is not shown: no screenshot"));
      return FALSE;
    }

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The window drew nothing: no screenshot"));
      return FALSE;
    }

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, png_path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Could not write the screenshot “%s”"), png_path);
      return FALSE;
    }

  return TRUE;
}

/* ------------------------------------------------------------------------
 * GObject
 */

/* Gives the query and results side LEFT_SHARE percent of a window @width
 * wide.  Both sides then keep their share when the window is resized: the
 * results list needs the width as much as the board does. */
static void
set_pane_position (ExWindow *self,
                   int       width)
{
  gtk_paned_set_position (self->main_paned, width * LEFT_SHARE / 100);
}

/* Applies the kept settings: window size, the last database and query,
 * board orientation and figurines (org.excelsior.Workbench). */
static void
restore_settings (ExWindow *self)
{
  GSettings *settings = ex_utils_get_settings ();
  g_autofree char *database = NULL;
  g_autofree char *query = NULL;
  int width;

  if (settings == NULL)
    return;

  width = MAX (g_settings_get_int (settings, "window-width"), MIN_WIDTH);
  gtk_window_set_default_size (GTK_WINDOW (self), width,
                               MAX (g_settings_get_int (settings, "window-height"), 500));
  set_pane_position (self, width);
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (settings, "board-flipped", self->game_view, "flipped", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "figurine-notation", self->game_view, "figurine",
                   G_SETTINGS_BIND_DEFAULT);

  database = g_settings_get_string (settings, "last-database");
  if (*database != '\0' && g_file_test (database, G_FILE_TEST_IS_REGULAR))
    {
      g_autoptr(GFile) file = g_file_new_for_path (database);

      ex_window_set_database (self, file);
    }

  query = g_settings_get_string (settings, "last-query");
  if (*query != '\0')
    {
      /* In no file: shown as an unsaved query. */
      ex_query_document_set_text (self->document, query, FALSE);
      ex_query_document_set_name (self->document, NULL, FALSE);
    }
}

/* Keeps the window size, the database and the query when the user closes
 * the window (not when a program destroys it). */
static gboolean
ex_window_close_request (GtkWindow *window)
{
  ExWindow *self = EX_WINDOW (window);
  GSettings *settings = ex_utils_get_settings ();

  if (settings != NULL)
    {
      g_autofree char *query = ex_window_dup_query_text (self);
      g_autofree char *database = self->databases->len == 1
                                  ? g_file_get_path (g_ptr_array_index (self->databases, 0)) : NULL;
      g_autofree char *sample = ex_utils_find_data_file (SAMPLE_DATABASE);
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (settings);
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (settings, "window-width", width);
          g_settings_set_int (settings, "window-height", height);
        }
      g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_set_string (settings, "last-query", query);
      g_settings_set_string (settings, "last-database",
                             database != NULL && g_strcmp0 (database, sample) != 0 ? database : "");
      g_settings_apply (settings);
    }

  return GTK_WINDOW_CLASS (ex_window_parent_class)->close_request (window);
}

static void
ex_window_dispose (GObject *object)
{
  ExWindow *self = EX_WINDOW (object);

  /* The thread winds down by itself and is joined by its final idle. */
  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      g_clear_pointer (&self->job, ex_search_job_unref);
    }
  /* Nothing reaches the list, nor the window, after this. */
  if (self->results_view != NULL)
    ex_results_view_discard_pending (self->results_view);

  if (self->theme_tools != NULL)
    gtk_window_destroy (GTK_WINDOW (self->theme_tools));
  g_clear_object (&self->cql_editor);

  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_WINDOW);

  g_clear_object (&self->document_signals);
  g_clear_object (&self->document);
  g_clear_pointer (&self->databases, g_ptr_array_unref);

  G_OBJECT_CLASS (ex_window_parent_class)->dispose (object);
}

static void
ex_window_finalize (GObject *object)
{
  ExWindow *self = EX_WINDOW (object);

  set_results_games (self, NULL, FALSE);
  g_clear_pointer (&self->results_db_name, g_free);
  g_clear_pointer (&self->results_mark_text, g_free);
  g_clear_pointer (&self->results_db_inputs, g_strfreev);
  g_clear_error (&self->finish_error);

  G_OBJECT_CLASS (ex_window_parent_class)->finalize (object);
}

static void
ex_window_class_init (ExWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_window_dispose;
  object_class->finalize = ex_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = ex_window_close_request;

  /**
   * ExWindow::search-finished:
   * @completed: TRUE if the whole database was searched.
   *
   * Emitted when the current search ends: completed, failed or stopped.
   */
  _ex_window_signals[SEARCH_FINISHED] =
    g_signal_new ("search-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  /**
   * ExWindow::export-finished:
   * @ok: TRUE if the file was written.
   */
  _ex_window_signals[EXPORT_FINISHED] =
    g_signal_new ("export-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_source_init ();
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  g_type_ensure (EX_TYPE_GAME_VIEW);
  g_type_ensure (EX_TYPE_RESULTS_VIEW);
  g_type_ensure (EX_TYPE_STATUSBAR);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "ui/ex-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ExWindow, database_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, database_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, examples_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, query_file_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, query_dialect_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, symbols_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, convert_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, editor);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, results_view);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, viewer_box);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, game_view);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, recent_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, statusbar);

  _ex_window_class_install_actions (widget_class);
}

static void
game_node_changed_cb (GObject      *game_view,
                      GParamSpec   *pspec,
                      ExQueryNotes *notes)
{
  ex_query_notes_set_node (notes, ex_game_view_get_node (EX_GAME_VIEW (game_view)));
}

static void
ex_window_init (ExWindow *self)
{
  g_autofree char *initial_text = NULL;

  self->databases = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Under the game viewer: the query's comment at the position shown and
   * its messages in the game (hidden for queries that write none). */
  self->query_notes = EX_QUERY_NOTES (ex_query_notes_new ());
  gtk_widget_insert_after (GTK_WIDGET (self->query_notes), GTK_WIDGET (self->viewer_box),
                           self->game_view);
  g_signal_connect_object (self->game_view, "notify::node",
                           G_CALLBACK (game_node_changed_cb), self->query_notes,
                           G_CONNECT_DEFAULT);

  /* Above the status bar: the collapsible list of damaged/skipped games. */
  self->diagnostics_view = EX_DIAGNOSTICS (ex_diagnostics_new ());
  gtk_widget_insert_before (GTK_WIDGET (self->diagnostics_view),
                            gtk_widget_get_parent (GTK_WIDGET (self->statusbar)),
                            GTK_WIDGET (self->statusbar));

  /* The query: the label over the editor follows its name and modified
   * flag, the dialect label its dialect. */
  self->document = ex_query_document_new ();
  self->document_signals = g_signal_group_new (EX_TYPE_QUERY_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "notify::name",
                                 G_CALLBACK (update_query_label), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::modified",
                                 G_CALLBACK (update_query_label), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::dialect",
                                 G_CALLBACK (update_dialect_label), self, G_CONNECT_SWAPPED);
  g_signal_group_set_target (self->document_signals, self->document);
  setup_editor (self);
  _ex_window_setup_database_menu (self);

  g_signal_connect_object (self->results_view, "notify::current",
                           G_CALLBACK (current_result_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_view, "selection-changed",
                           G_CALLBACK (results_selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_view, "delivered",
                           G_CALLBACK (results_delivered_cb), self, G_CONNECT_SWAPPED);
  setup_examples_menu (self);

  /* The first example is the starting text (not an undoable edit). */
  initial_text = read_example (examples[0].file);
  if (initial_text != NULL)
    {
      ex_query_document_set_text (self->document, initial_text, FALSE);
      ex_query_document_set_name (self->document, examples[0].file, TRUE);
    }

  _ex_window_set_status (self, _("Ready: write a query or pick one from Examples, then press Run"),
                         FALSE);
  _ex_window_use_sample_database (self);
  restore_settings (self);
  _ex_window_update_actions (self);
}

/* ------------------------------------------------------------------------
 * The editor's live parse and the Theme Tools window
 */

/* The live parse's errors go to the status line; once fixed, the status
 * says so (other status messages are left alone). */
static void
live_parse_cb (ExWindow    *self,
               GParamSpec  *pspec,
               ExCqlEditor *editor)
{
  if (ex_cql_editor_get_has_error (editor))
    {
      _ex_window_set_status (self, ex_cql_editor_get_message (editor), TRUE);
      self->status_shows_live_error = TRUE;
    }
  else if (self->status_shows_live_error)
    {
      _ex_window_set_status (self, ex_cql_editor_get_message (editor), FALSE);
      self->status_shows_live_error = FALSE;
    }
}

static void
dropped_file_cb (GFile    *file,
                 gpointer  user_data)
{
  ex_window_open_file (EX_WINDOW (user_data), file);
}

/* The database a theme names (ex_theme_library_get_database()), if it is
 * on this computer: sample/... among the bundled data, studies/... under
 * $EXCELSIOR_SHARED_DATA.  @named gets the name (NULL if it names none). */
static GFile *
theme_database (const char  *text,
                char       **named)
{
  g_autofree char *path = NULL;
  const char *shared;

  *named = ex_theme_library_get_database (text);
  if (*named == NULL)
    return NULL;
  if (g_str_has_prefix (*named, "sample/"))
    path = ex_utils_find_data_file (*named);
  else if ((shared = g_getenv ("EXCELSIOR_SHARED_DATA")) != NULL)
    path = g_build_filename (shared, *named, NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_file_new_for_path (path);
}

/* A theme of the library is now the query (the library's handler has put
 * its text in the editor): it has no file of its own, and the database it
 * names, when it is on this computer, is the one searched. */
static void
theme_loaded_cb (ExWindow   *self,
                 const char *name,
                 const char *text)
{
  g_autofree char *named = NULL;
  g_autoptr(GFile) database = theme_database (text, &named);
  g_autofree char *message = NULL;

  if (database != NULL)
    {
      ex_window_set_database (self, database);
      message = g_strdup_printf (_("Theme “%s” loaded with its database “%s”: press Run"),
                                 name, named);
    }
  else if (named != NULL)
    message = g_strdup_printf (_("Theme “%s” loaded: press Run (its database %s is not on "
                                 "this computer; choose one with the database button)"),
                               name, named);
  else
    message = g_strdup_printf (_("Theme “%s” loaded: press Run"), name);

  ex_query_document_replace (self->document, NULL, name, TRUE);
  _ex_window_set_status (self, message, FALSE);
  self->status_shows_live_error = FALSE;
}

/**
 * ex_window_get_theme_tools:
 *
 * Returns: (transfer none): the Theme Tools window (picker, pattern board,
 *   themes; ex_theme_tools_new()), created on first use.
 */
ExThemeTools *
ex_window_get_theme_tools (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  if (self->theme_tools == NULL)
    {
      self->theme_tools = ex_theme_tools_new (GTK_WINDOW (self), self->cql_editor,
                                              EX_GAME_VIEW (self->game_view));
      g_object_add_weak_pointer (G_OBJECT (self->theme_tools), (gpointer *) &self->theme_tools);
      g_signal_connect_object (ex_theme_tools_get_library (self->theme_tools), "load",
                               G_CALLBACK (theme_loaded_cb), self, G_CONNECT_SWAPPED);
    }
  return self->theme_tools;
}

ExCqlEditor *
ex_window_get_cql_editor (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->cql_editor;
}

GtkSourceView *
ex_window_get_editor_view (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->editor;
}

GtkLabel *
ex_window_get_dialect_label (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->query_dialect_label;
}

static void
recent_menu_update (GtkMenuButton *button,
                    gpointer       user_data)
{
  g_autoptr(GMenuModel) menu = ex_query_document_build_recent_menu ("win.open-recent");

  gtk_menu_button_set_menu_model (button, menu);
}

static void
setup_editor (ExWindow *self)
{
  self->cql_editor = ex_cql_editor_new (self->editor, self->document);
  gtk_menu_button_set_popover (self->symbols_button,
                               ex_symbol_palette_new (GTK_TEXT_VIEW (self->editor)));
  g_signal_connect_object (self->cql_editor, "notify::message", G_CALLBACK (live_parse_cb), self,
                           G_CONNECT_SWAPPED);
  update_dialect_label (self);
  ex_cql_editor_add_file_drop (GTK_WIDGET (self), dropped_file_cb, self);

  gtk_menu_button_set_create_popup_func (self->recent_button, recent_menu_update, NULL, NULL);
}

/**
 * ex_window_new:
 * @application: (nullable): the application.
 *
 * Returns: (transfer none): a new window with the first example query and
 *   the bundled sample database, owned by GTK until it is destroyed.
 */
ExWindow *
ex_window_new (GtkApplication *application)
{
  return g_object_new (EX_TYPE_WINDOW, "application", application, NULL);
}
