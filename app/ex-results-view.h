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

void               ex_results_view_set_search      (ExResultsView *self,
                                                    ExSearch      *search);
guint              ex_results_view_get_n_pending   (ExResultsView *self);
void               ex_results_view_show_empty      (ExResultsView *self,
                                                    const char    *title,
                                                    const char    *description);

GListModel        *ex_results_view_get_results     (ExResultsView *self);
GListModel        *ex_results_view_get_shown       (ExResultsView *self);
GtkSelectionModel *ex_results_view_get_model       (ExResultsView *self);
GPtrArray         *ex_results_view_dup_selected    (ExResultsView *self);
void               ex_results_view_order_as_query  (ExResultsView *self,
                                                    GPtrArray     *results);
ExResult          *ex_results_view_get_current     (ExResultsView *self);

void               ex_results_view_select          (ExResultsView *self,
                                                    guint          position,
                                                    gboolean       unselect_rest);
void               ex_results_view_step            (ExResultsView *self,
                                                    int            delta);

gboolean           ex_results_view_is_filtered     (ExResultsView *self);
void               ex_results_view_focus_filter    (ExResultsView *self);

G_END_DECLS
