/* ex-search.h: one search of the workbench: its job, state, progress and results.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model of a search, as ExQueryDocument is the model of the query:
 * the window makes one ExSearch per Run (or position search), binds its
 * progress display, actions and results list (ExResultsView) to it, and
 * drops it when the next one starts.  The search's job (ExSearchJob, a
 * thread) reports to the ExSearch that started it and to nothing else, so
 * that a search that was replaced cannot reach its successor.
 */
#pragma once

#include <gio/gio.h>

#include "cql/cq-query.h"
#include "search/cq-annotate.h"
#include "search/cq-search.h"
#include "ex-game-file.h"

G_BEGIN_DECLS

#define EX_TYPE_SEARCH (ex_search_get_type ())

G_DECLARE_FINAL_TYPE (ExSearch, ex_search, EX, SEARCH, GObject)

/**
 * ExSearchState:
 * @EX_SEARCH_IDLE: made, not started.
 * @EX_SEARCH_RUNNING: its job searches the database.
 * @EX_SEARCH_FINISHING: the job has ended; rows found are still on their
 *   way to the list (ex_search_deliver()).
 * @EX_SEARCH_STOPPING: stopped by the user; rows found before are still on
 *   their way to the list.
 * @EX_SEARCH_FINISHED: the whole database was searched; every row is in.
 * @EX_SEARCH_FAILED: the job ended with an error (ex_search_get_error());
 *   every row found is in.
 * @EX_SEARCH_STOPPED: stopped or cancelled; every row kept is in.
 *
 * The state of a search (ExSearch:state, an int).
 */
typedef enum {
  EX_SEARCH_IDLE,
  EX_SEARCH_RUNNING,
  EX_SEARCH_FINISHING,
  EX_SEARCH_STOPPING,
  EX_SEARCH_FINISHED,
  EX_SEARCH_FAILED,
  EX_SEARCH_STOPPED,
} ExSearchState;

/**
 * ex_search_new:
 * @query: (transfer full): the compiled query (or position search).
 * @paths: (array zero-terminated=1): the database's files and folders,
 *   local paths, searched as one in this order.
 * @database_name: the database as the user sees it, for messages.
 * @mark_all: TRUE if the results mark every matching position of a game,
 *   FALSE if only the first (a CQL 3 query without :markall).
 *
 * Returns: (transfer full): a search in state %EX_SEARCH_IDLE.
 */
ExSearch      *ex_search_new              (CqQuery           *query,
                                           const char *const *paths,
                                           const char        *database_name,
                                           gboolean           mark_all);

/**
 * ex_search_start:
 * @n_threads: threads to search on; 0: one per core.
 *
 * Starts the search's job (ExSearchJob) on a thread: %EX_SEARCH_RUNNING.
 * What it finds comes in on the main loop: rows (#ExSearch::rows-queued,
 * then ex_search_deliver()), #ExSearch::diagnostics,
 * #ExSearch::query-messages, #ExSearch::progress, and the end as a change
 * of ExSearch:state.
 */
void           ex_search_start            (ExSearch          *self,
                                           guint              n_threads);

/**
 * ex_search_stop:
 *
 * The user's Stop: cancels the job; the rows found so far stay, those not
 * yet delivered still go to the list (%EX_SEARCH_STOPPING, then
 * %EX_SEARCH_STOPPED; %EX_SEARCH_STOPPED at once when none wait), and the
 * progress counts as matches every row kept.
 *
 * Returns: FALSE if the search was not running (nor finishing): nothing
 *   changed.
 */
gboolean       ex_search_stop             (ExSearch          *self);

/**
 * ex_search_cancel:
 *
 * Ends the search for good, before a new one starts or when the window
 * goes: cancels the job and drops the rows not yet delivered
 * (%EX_SEARCH_STOPPED unless it had ended already).
 */
void           ex_search_cancel           (ExSearch          *self);

ExSearchState  ex_search_get_state        (ExSearch          *self);

/**
 * ex_search_is_running:
 *
 * Returns: TRUE while the search runs or its last rows are on their way
 *   after its end (%EX_SEARCH_RUNNING or %EX_SEARCH_FINISHING): Stop has
 *   something to stop.
 */
gboolean       ex_search_is_running       (ExSearch          *self);

/**
 * ex_search_get_progress:
 *
 * Returns: (transfer none): the latest counts (#ExSearch::progress).
 */
const CqSearchProgress *ex_search_get_progress (ExSearch     *self);

/**
 * ex_search_get_error:
 *
 * Returns: (transfer none) (nullable): why the search failed
 *   (%EX_SEARCH_FAILED: a G_FILE_ERROR or G_IO_ERROR of the job), else NULL.
 */
const GError  *ex_search_get_error        (ExSearch          *self);

/**
 * ex_search_get_results:
 *
 * Returns: (transfer none): the rows delivered so far, #ExResult in input
 *   order (a GListStore that only grows, by ex_search_deliver()).
 */
GListModel    *ex_search_get_results      (ExSearch          *self);

/**
 * ex_search_get_n_pending:
 *
 * Returns: how many rows found are not in ex_search_get_results() yet.
 */
guint          ex_search_get_n_pending    (ExSearch          *self);

/**
 * ex_search_deliver:
 * @max_rows: how many rows to move at most.
 *
 * Moves up to @max_rows of the rows found into ex_search_get_results()
 * (one splice).  The view paces this (ExResultsView: a slice per frame).
 * When the last row is in, a finishing or stopping search is over
 * (%EX_SEARCH_FINISHED, %EX_SEARCH_FAILED or %EX_SEARCH_STOPPED).
 *
 * Returns: how many rows were moved.
 */
guint          ex_search_deliver          (ExSearch          *self,
                                           guint              max_rows);

/**
 * ex_search_get_sort_key:
 * @label: (out) (optional) (nullable): the query's first sort label.
 * @min: (out) (optional): TRUE if its smallest value is the best.
 *
 * Returns: TRUE if the query sorts its games (a CQL 6 `sort`).
 */
gboolean       ex_search_get_sort_key     (ExSearch          *self,
                                           const char       **label,
                                           gboolean          *min);

/* What the results' games are and how they are written. */

/**
 * ex_search_get_game_file:
 *
 * Returns: (transfer none) (nullable): where the results' games are read
 *   back from, and the database as it was searched
 *   (ex_search_job_get_game_file(); ex_game_file_read()); NULL before the
 *   start.
 */
ExGameFile    *ex_search_get_game_file    (ExSearch          *self);

/**
 * ex_search_get_inputs:
 *
 * Returns: (transfer none): the database's files and folders searched,
 *   NULL-terminated.
 */
const char *const *ex_search_get_inputs   (ExSearch          *self);

/* Returns: (transfer none): the database's name as given to ex_search_new(). */
const char    *ex_search_get_database_name (ExSearch         *self);

/* Returns: whether every matching position is marked (ex_search_new()). */
gboolean       ex_search_get_mark_all     (ExSearch          *self);

/**
 * ex_search_get_style:
 *
 * Returns: (transfer none): how `cql` would write the results (its
 *   dialect's header, mark text, quiet, silent; cq_annotation_style_init()).
 */
const CqAnnotationStyle *ex_search_get_style (ExSearch       *self);

G_END_DECLS
