/* ex-results-view.h: the list of matched games (results pane of the main window).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the window calls.  The tests reach the rest (sorting by a column,
 * the filter text) through the window's accessors, which use
 * ex-results-view-private.h.
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-result.h"
#include "ex-search.h"

G_BEGIN_DECLS

#define EX_TYPE_RESULTS_VIEW (ex_results_view_get_type ())

G_DECLARE_FINAL_TYPE (ExResultsView, ex_results_view, EX, RESULTS_VIEW, GtkWidget)

/**
 * ex_results_view_set_search:
 * @search: (nullable): the search to show.
 *
 * Shows @search's rows, those found so far and those to come: unselects
 * every row, unsets #ExResultsView:current and forgets the previous
 * search's rows.  The filter and the sort order stay; the Sort column is
 * shown for a search that sorts its games.  From the first search on, the
 * header counts the rows ("0 games"); before it, it is blank.  The empty
 * state is left as it is: see ex_results_view_show_empty().
 *
 * When rows of a search are listed and @search is not NULL, they stay
 * until @search finds its first row (then its rows replace them) or
 * reaches %EX_SEARCH_FINISHED without one (then its empty list does); if
 * it fails or is stopped first, they stay for good.  Meanwhile the header
 * says they come from the previous search of its database, and
 * ex_results_view_get_search() is that search, not @search.  A NULL
 * @search empties the list at once (another database).
 */
void               ex_results_view_set_search      (ExResultsView *self,
                                                    ExSearch      *search);

/**
 * ex_results_view_get_search:
 *
 * Returns: (transfer none) (nullable): the search whose rows are listed:
 *   the one their games are read back from (ex_search_get_game_file()) and
 *   written as (ex_search_get_style()); a previous one while the last one set has found
 *   no row (ex_results_view_set_search()).
 */
ExSearch          *ex_results_view_get_search      (ExResultsView *self);

/**
 * ex_results_view_get_n_pending:
 *
 * Returns: how many rows the search shown has found that are not in the
 *   list yet.
 */
guint              ex_results_view_get_n_pending   (ExResultsView *self);

/**
 * ex_results_view_show_empty:
 * @title: the empty state's title ("Searching…", "No Matching Games").
 * @description: the line under it.
 *
 * Shows the empty state with @title and @description instead of the list;
 * the list comes back with the first row delivered.
 */
void               ex_results_view_show_empty      (ExResultsView *self,
                                                    const char    *title,
                                                    const char    *description);

/**
 * ex_results_view_get_results:
 *
 * Returns: (transfer none): every result in the list, in input order, a
 *   #GListModel of #ExResult (not those still pending): the search's
 *   (ex_search_get_results()).  A new model after each
 *   ex_results_view_set_search(): do not keep it.
 */
GListModel        *ex_results_view_get_results     (ExResultsView *self);

/**
 * ex_results_view_get_shown:
 *
 * Returns: (transfer none): the results that pass the filter box, in input
 *   order, a #GListModel of #ExResult.
 */
GListModel        *ex_results_view_get_shown       (ExResultsView *self);

/**
 * ex_results_view_get_model:
 *
 * Returns: (transfer none): the results as shown (filtered, sorted), the
 *   #GtkMultiSelection of #ExResult the list displays.
 */
GtkSelectionModel *ex_results_view_get_model       (ExResultsView *self);

/**
 * ex_results_view_dup_selected:
 *
 * Returns: (transfer full) (element-type ExResult): every selected result,
 *   in input order whatever the sort; empty when none is selected.
 */
GPtrArray         *ex_results_view_dup_selected    (ExResultsView *self);

/**
 * ex_results_view_order_as_query:
 * @results: (element-type ExResult): results of the last search, in input
 *   order.
 *
 * When the last search's query sorts its games (a CQL 6 `sort`), puts
 * @results in its order, as `cql` writes them: that of the Sort column,
 * whatever column the list is sorted by now.  Otherwise leaves them as
 * they are.
 */
void               ex_results_view_order_as_query  (ExResultsView *self,
                                                    GPtrArray     *results);

/**
 * ex_results_view_get_current:
 *
 * Returns: (transfer none) (nullable): the result to show: the one most
 *   recently selected (see #ExResultsView:current), or NULL.
 */
ExResult          *ex_results_view_get_current     (ExResultsView *self);

/**
 * ex_results_view_select:
 * @position: a position in ex_results_view_get_model() (as shown: sorted
 *   and filtered).
 * @unselect_rest: TRUE to select only this result (a click), FALSE to add
 *   it to the selection (a Ctrl+click).
 *
 * Selects the result at @position; it becomes #ExResultsView:current.
 */
void               ex_results_view_select          (ExResultsView *self,
                                                    guint          position,
                                                    gboolean       unselect_rest);

/**
 * ex_results_view_step:
 * @delta: -1 for the previous result, +1 for the next one (in the order
 *   shown).
 *
 * Selects only the result before or after #ExResultsView:current, staying
 * at the first or last one; without a current result, the first (@delta >
 * 0) or the last one.  Does nothing when the list is empty.
 */
void               ex_results_view_step            (ExResultsView *self,
                                                    int            delta);

/**
 * ex_results_view_is_filtered:
 *
 * Returns: TRUE if the filter box holds text, so that the list shows only
 *   the results that contain it.
 */
gboolean           ex_results_view_is_filtered     (ExResultsView *self);

/**
 * ex_results_view_focus_filter:
 *
 * Moves the keyboard focus to the filter box.
 */
void               ex_results_view_focus_filter    (ExResultsView *self);

G_END_DECLS
