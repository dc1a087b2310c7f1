/* ex-window.c: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window holds one CQL query (ExQueryDocument) in a GtkSourceView,
 * searches one PGN database with it on a dedicated thread (ExSearch and
 * its ExSearchJob), lists the matched games in an ExResultsView
 * (ex-results-view.c), shows the selected game in
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
 * This file holds the window's life cycle, layout, the database, Run and
 * the position search (which start an ExSearch), the game of the result
 * selected and the screenshot.  The query side is in ex-window-query.c,
 * following the search in ex-window-search.c, the actions, files and
 * export in ex-window-actions.c, ex-window-files.c and ex-window-export.c,
 * the tests' accessors in ex-window-test.c; ex-window-private.h has the
 * instance struct and what those files share.  The results list
 * (ExResultsView) and the status line (ExStatusbar) are widgets of their
 * own.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"
#include "pgn/cq-pgn.h"
#include "ex-game-view.h"
#include "ex-move-list.h"
#include "ex-query-notes.h"

#include "ex-utils.h"
#include "ex-cql-editor.h"
#include "ex-diagnostics.h"
#include "ex-result.h"
#include "ex-results-view-private.h"
#include "ex-statusbar.h"
#include "ex-window-private.h"

#define RESOURCE_PATH   "/org/excelsior/Workbench/"

/* The narrowest window restored from the settings (it can be made
 * narrower, down to what its panes and header bar need), and the share
 * of the width the query and the results get at first. */
#define MIN_WIDTH  640
#define LEFT_SHARE 60

G_DEFINE_FINAL_TYPE (ExWindow, ex_window, GTK_TYPE_APPLICATION_WINDOW)

guint _ex_window_signals[N_SIGNALS];

/* ------------------------------------------------------------------------
 * Status line and progress
 */

void
_ex_window_set_status (ExWindow   *self,
                       const char *text,
                       gboolean    is_error)
{
  ex_statusbar_set_message (self->statusbar, text, is_error);
}

/* ------------------------------------------------------------------------
 * Query editor and its errors
 */

/* ------------------------------------------------------------------------
 * Database
 */

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

/* "32 files in 4 folders": how many files the database's folders give
 * and in how many folders they are ("3 files" in one), when it names a
 * folder or files of several; NULL for files of one folder. */
static char *
dup_folder_count (ExWindow *self)
{
  guint n_folders = 0;
  guint n_files = _ex_window_count_database_files (self, &n_folders, NULL);
  gboolean has_folder = FALSE;

  for (guint i = 0; i < self->databases->len; i++)
    has_folder |= g_file_query_file_type (g_ptr_array_index (self->databases, i),
                                          G_FILE_QUERY_INFO_NONE, NULL)
                  == G_FILE_TYPE_DIRECTORY;
  if (n_files == 0 || (!has_folder && n_folders < 2))
    return NULL;
  if (n_folders == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file", "%u files", n_files),
                            n_files);
  /* Translators: how many database files a folder and its sub-folders
   * hold, e.g. "32 files in 4 folders" (always several folders) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file in %u folders",
                                       "%u files in %u folders", n_files),
                          n_files, n_folders);
}

void
_ex_window_say_database (ExWindow *self)
{
  g_autofree char *name = _ex_window_dup_database_name (self);
  g_autofree char *count = dup_folder_count (self);
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  if (self->databases->len > 0 && _ex_window_count_database_files (self, NULL, &error) == 0)
    {
      message = g_strdup_printf (_("Database: “%s”: %s"), name, error->message);
      _ex_window_set_status (self, message, TRUE);
      return;
    }
  if (count != NULL && self->databases->len > 1)
    /* Translators: a database of several files and folders chosen: how
     * many files they hold */
    message = g_strdup_printf (_("Database: %s"), count);
  else if (count != NULL)
    /* Translators: a database chosen, and how many files its folders hold */
    message = g_strdup_printf (_("Database: “%s”: %s"), name, count);
  else
    message = g_strdup_printf (_("Database: “%s”"), name);
  _ex_window_set_status (self, message, FALSE);
}

static void
update_database_label (ExWindow *self)
{
  g_autofree char *name = _ex_window_dup_database_name (self);
  g_autofree char *count = dup_folder_count (self);

  if (count != NULL && self->databases->len > 1)
    gtk_label_set_text (self->database_label, count);
  else if (count != NULL)
    {
      /* Translators: the database button's label for a folder: its name
       * and how many files it and its sub-folders hold */
      g_autofree char *label = g_strdup_printf (_("%s: %s"), name, count);

      gtk_label_set_text (self->database_label, label);
    }
  else
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
      if (count != NULL)
        /* Translators: after the database's paths in its button's tooltip */
        g_string_append_printf (paths, _(" (%s, sub-folders included)"), count);
      tooltip = g_strdup_printf (_("Searching %s. The database chosen here is always the one "
                                   "searched: a query’s :pgn is ignored, except that opening a "
                                   ".cql file whose :pgn exists selects that database."),
                                 paths->str);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->database_button), tooltip);
    }
}

/* TRUE if @files are the database's files now, in the same order. */
static gboolean
same_databases (ExWindow     *self,
                GFile *const *files,
                guint         n_files)
{
  if (n_files != self->databases->len)
    return FALSE;
  for (guint i = 0; i < n_files; i++)
    if (!g_file_equal (files[i], g_ptr_array_index (self->databases, i)))
      return FALSE;
  return TRUE;
}

/* Another database was chosen: the results, their damaged games, the game
 * shown and any failure text belong to the previous one, and go (a search
 * that runs stops). */
static void
forget_results (ExWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;

  /* Nothing to forget: no search was made, nor failed. */
  if (self->results_view == NULL
      || (self->search == NULL && !ex_statusbar_get_is_error (self->statusbar)))
    return;
  if (self->search != NULL)
    {
      ex_search_cancel (self->search);
      g_signal_group_set_target (self->search_signals, NULL);
      g_clear_object (&self->search);
    }
  ex_results_view_set_search (self->results_view, NULL);
  ex_statusbar_reset_diagnostics (self->statusbar);
  ex_statusbar_set_progress (self->statusbar, NULL);
  ex_diagnostics_reset (self->diagnostics_view, NULL);
  ex_game_view_set_game (EX_GAME_VIEW (self->game_view), NULL, NULL, 0);
  ex_query_notes_set (self->query_notes, NULL, 0, NULL, 0, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);

  name = _ex_window_dup_database_name (self);
  description = g_strdup_printf (_("Press Run to search “%s” with the query."), name);
  ex_results_view_show_empty (self->results_view, _("No Results Yet"), description);
  _ex_window_set_status (self, description, FALSE);
}

void
ex_window_set_databases (ExWindow     *self,
                         GFile *const *files,
                         guint         n_files)
{
  gboolean changed;

  g_return_if_fail (EX_IS_WINDOW (self));

  changed = !same_databases (self, files, n_files);
  g_ptr_array_set_size (self->databases, 0);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->databases, g_object_ref (files[i]));
  _ex_window_note_recent_database (self);
  update_database_label (self);
  if (changed)
    forget_results (self);
  _ex_window_games_set_databases (self);
  _ex_window_index_set_databases (self);
  _ex_window_update_actions (self);
}

char **
_ex_window_get_database_paths (ExWindow *self)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->databases->len; i++)
    {
      char *path = g_file_get_path (g_ptr_array_index (self->databases, i));

      if (path == NULL)
        return NULL;
      g_ptr_array_add (paths, path);
    }
  if (paths->len == 0)
    return NULL;
  g_ptr_array_add (paths, NULL);
  g_ptr_array_set_free_func (paths, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&paths), FALSE);
}

void
ex_window_add_databases (ExWindow     *self,
                         GFile *const *files,
                         guint         n_files)
{
  g_autoptr(GPtrArray) all = NULL;

  g_return_if_fail (EX_IS_WINDOW (self));

  all = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->databases->len; i++)
    g_ptr_array_add (all, g_object_ref (g_ptr_array_index (self->databases, i)));
  for (guint i = 0; i < n_files; i++)
    if (!g_ptr_array_find_with_equal_func (all, files[i], (GEqualFunc) g_file_equal, NULL))
      g_ptr_array_add (all, g_object_ref (files[i]));
  ex_window_set_databases (self, (GFile *const *) all->pdata, all->len);
}

void
ex_window_set_database (ExWindow *self,
                        GFile    *file)
{
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  ex_window_set_databases (self, &file, file != NULL ? 1 : 0);
}

GFile *
ex_window_get_database (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->databases->len > 0 ? g_ptr_array_index (self->databases, 0) : NULL;
}

void
_ex_window_use_sample_database (ExWindow *self)
{
  g_autofree char *path = ex_utils_find_data_file (_EX_WINDOW_SAMPLE_DATABASE);

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

  const CqAnnotationStyle *style =
    ex_search_get_style (ex_results_view_get_search (self->results_view));

  comments = ex_result_get_comments (result, &n_comments);
  messages = ex_result_get_messages (result, &n_messages);
  if (!style->silent
      && cq_annotate_comment_texts (comments, n_comments, game->n_nodes,
                                    style->quiet, NULL, &before, &after))
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
  ExSearch *listed;
  CqGame *game;
  guint n_positions;

  /* The search whose rows are listed, the previous one while the last has
   * found none. */
  listed = ex_results_view_get_search (self->results_view);
  if (listed == NULL || ex_search_get_game_file (listed) == NULL)
    return;

  game = ex_game_file_read (ex_search_get_game_file (listed), result, &error);
  if (game == NULL)
    {
      g_autofree char *number = ex_utils_format_number (ex_result_get_number (result));
      g_autofree char *message = g_strdup_printf (_("Could not read game %s: %s"),
                                                  number, error->message);

      /* Never another game in its place: the board and move list go. */
      ex_game_view_set_game (EX_GAME_VIEW (self->game_view), NULL, NULL, 0);
      ex_query_notes_set (self->query_notes, NULL, 0, NULL, 0, 0);
      _ex_window_update_actions (self);

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
  else
    {
      /* Another search's rows replaced those listed: their game goes. */
      ex_game_view_set_game (EX_GAME_VIEW (self->game_view), NULL, NULL, 0);
      ex_query_notes_set (self->query_notes, NULL, 0, NULL, 0, 0);
      _ex_window_update_actions (self);
    }
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
 *
 * Each search is an ExSearch (ex-search.c): the window holds the current
 * one and follows it through a signal group (its progress, diagnostics,
 * state); the results list shows its rows (ex_results_view_set_search()).
 */

static void     stop_for_new_search (ExWindow *self);

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
  if (g_error_matches (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES))
    {
      /* readfile / writefile: the user chooses the folder they may use
       * (or cancels) before the search runs. */
      _ex_window_ask_files_folder (self, text);
      return FALSE;
    }
  if (query == NULL)
    {
      g_autofree char *error_text = ex_cql_dup_error_text (error);

      _ex_window_set_status (self, error_text, TRUE);
      ex_cql_editor_show_error (self->cql_editor, error);
      _ex_window_update_actions (self);
      return FALSE;
    }
  /* CQL 6 marks every matching position (docs/cql6.md); CQL 3 only the
   * first of a game, unless :markall (cq_query_marks_all()). */
  return _ex_window_start_search (self, query, cq_query_marks_all (query));
}

/* Whether the search of @paths can start: they exist, a folder holds
 * PGN files, and the first file can be opened and read as PGN, which is
 * what makes cq_search_run_files() fail before it searches anything.  A
 * search that cannot start is not started, so that the results and board
 * of the previous one stay. */
static gboolean
database_can_be_searched (const char *const  *paths,
                          GError            **error)
{
  g_auto(GStrv) files = cq_pgn_expand_inputs (paths, error);

  if (files == NULL)
    return FALSE;
  return cq_pgn_input_sniff (files[0], NULL, error);
}

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
  return _ex_window_start_search (self, query, TRUE);
}

/* Cancels the search that runs, before a new one starts: its rows not
 * yet in the list are dropped. */
static void
stop_for_new_search (ExWindow *self)
{
  if (self->search != NULL)
    ex_search_cancel (self->search);
}

gboolean
_ex_window_start_search (ExWindow *self,
                         CqQuery  *query,
                         gboolean  mark_all)
{
  g_autoptr(GPtrArray) paths = NULL;
  g_autoptr(ExSearch) search = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  /* The file the query's header names is never written here (see the file
   * comment): the status says so while the search runs and once it is
   * done, so that no one expects that file. */
  g_clear_pointer (&self->output_note, g_free);
  if (cq_query_get_output (query) != NULL && strcmp (cq_query_get_output (query), "-") != 0)
    self->output_note = g_strdup_printf (_("The query’s output “%s” is not written: Export "
                                           "writes the matched games where you choose."),
                                         cq_query_get_output (query));

  paths = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < self->databases->len; i++)
    {
      char *file_path = g_file_get_path (g_ptr_array_index (self->databases, i));

      if (file_path == NULL)
        break;
      /* A query's writefile never writes a database searched. */
      cq_query_protect_file (query, file_path);
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

  if (!database_can_be_searched ((const char *const *) paths->pdata, &error))
    {
      g_autofree char *db_name = _ex_window_dup_database_name (self);
      g_autofree char *failed = NULL;

      cq_query_free (query);
      /* Translators: the database's name, why it cannot be searched */
      failed = g_strdup_printf (_("Could not search “%s”: %s. The previous results are kept."),
                                db_name, error->message);
      _ex_window_set_status (self, failed, TRUE);
      _ex_window_update_actions (self);
      return FALSE;
    }

  /* A new result set: the list shows the new search's rows only, once it
   * has found one (ex_results_view_set_search()). */
  name = _ex_window_dup_database_name (self);
  search = ex_search_new (query, (const char *const *) paths->pdata, name, mark_all);
  ex_results_view_set_search (self->results_view, search);
  _ex_window_show_page (self, "results");
  g_set_object (&self->search, search);
  g_signal_group_set_target (self->search_signals, search);

  ex_statusbar_reset_diagnostics (self->statusbar);
  /* The result shown stays while its list does (the previous search's
   * rows stay until the new one finds a game). */
  if (ex_results_view_get_current (self->results_view) == NULL)
    {
      ex_game_view_set_game (EX_GAME_VIEW (self->game_view), NULL, NULL, 0);
      ex_query_notes_set (self->query_notes, NULL, 0, NULL, 0, 0);
    }

  /* A build of an index stops for the search (never the other way). */
  ex_indexer_search_started (self->indexer);
  ex_search_start (search, ex_utils_settings_get_uint ("threads", 0));
  /* The damaged games are read back from the database as searched. */
  ex_diagnostics_reset (self->diagnostics_view, ex_search_get_game_file (search));

  message = g_strdup_printf (_("Searching “%s”…"), name);
  if (self->output_note != NULL)
    {
      g_autofree char *status = g_strconcat (message, " ", self->output_note, NULL);

      _ex_window_set_status (self, status, FALSE);
    }
  else
    _ex_window_set_status (self, message, FALSE);
  if (ex_results_view_get_search (self->results_view) == self->search)
    ex_results_view_show_empty (self->results_view, _("Searching…"), message);
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  _ex_window_update_progress (self);
  _ex_window_update_actions (self);

  return TRUE;
}

/* ------------------------------------------------------------------------
 * The game shown, as PGN and FEN
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
 * Accessors
 */

char *
ex_window_dup_query_text (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return ex_query_document_dup_text (self->document);
}

GListModel *
ex_window_get_results (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return G_LIST_MODEL (ex_results_view_get_model (self->results_view));
}

void
ex_window_select_result (ExWindow *self,
                         guint     position)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_select (self->results_view, position, TRUE);
}

/* ------------------------------------------------------------------------
 * Screenshot
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

  _ex_window_restore_query (self);
}

/* Every close of the window, the user's or Quit's (ex-window-close.c):
 * the unsaved query is asked about, then the state kept. */
static gboolean
ex_window_close_request (GtkWindow *window)
{
  if (_ex_window_close_request (EX_WINDOW (window)))
    return TRUE;

  return GTK_WINDOW_CLASS (ex_window_parent_class)->close_request (window);
}

static void
ex_window_dispose (GObject *object)
{
  ExWindow *self = EX_WINDOW (object);

  /* Nothing reaches the list, nor the window, after this; the thread
   * winds down by itself and is joined by its final idle. */
  if (self->search_signals != NULL)
    g_signal_group_set_target (self->search_signals, NULL);
  if (self->search != NULL)
    ex_search_cancel (self->search);
  /* A build running stops; its task holds the indexer until it ends
   * (ExApplication's shutdown waits for it). */
  if (self->indexer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->indexer, self);
      ex_indexer_set_files (self->indexer, NULL);
    }

  g_clear_object (&self->cql_editor);

  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_WINDOW);

  g_clear_object (&self->document_signals);
  g_clear_object (&self->search_signals);
  g_clear_object (&self->search);
  g_clear_object (&self->indexer);
  g_clear_object (&self->document);
  g_clear_pointer (&self->databases, g_ptr_array_unref);
  g_clear_pointer (&self->output_note, g_free);

  G_OBJECT_CLASS (ex_window_parent_class)->dispose (object);
}

static void
ex_window_class_init (ExWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_window_dispose;
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
  g_type_ensure (EX_TYPE_GAME_LIST);
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
  gtk_widget_class_bind_template_child (widget_class, ExWindow, browse_stack);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, game_list);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, viewer_box);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, game_view);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, recent_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, statusbar);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, tools_paned);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, tools_slot);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, theme_tools_button);

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

  _ex_window_setup_query (self);
  _ex_window_setup_database_menu (self);
  _ex_window_setup_search (self);
  _ex_window_setup_index (self);
  _ex_window_setup_games (self);
  _ex_window_setup_theme_tools (self);
  g_signal_connect_object (self->results_view, "notify::current",
                           G_CALLBACK (current_result_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_view, "selection-changed",
                           G_CALLBACK (results_selection_changed_cb), self, G_CONNECT_SWAPPED);

  _ex_window_set_status (self, _("Ready: write a query or pick one from Examples, then press Run"),
                         FALSE);
  _ex_window_use_sample_database (self);
  restore_settings (self);
  _ex_window_update_actions (self);
}

ExWindow *
ex_window_new (GtkApplication *application)
{
  return g_object_new (EX_TYPE_WINDOW, "application", application, NULL);
}
