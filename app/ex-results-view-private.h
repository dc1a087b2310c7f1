/* ex-results-view-private.h: what only the tests do with the results list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A user sorts by clicking a column's title and filters by typing in the
 * filter box; the tests do both with these functions, through the window's
 * accessors (ex_window_sort_results(), ex_window_is_sorting(),
 * ex_window_set_filter_text() in ex-window-private.h).
 */
#pragma once

#include "ex-results-view.h"

G_BEGIN_DECLS

/**
 * ExResultColumn:
 * The columns of the results list, in display order.
 */
typedef enum {
  EX_RESULT_COLUMN_NUMBER,
  EX_RESULT_COLUMN_SORT,      /* a CQL 6 query's sort values (shown when it sorts) */
  EX_RESULT_COLUMN_WHITE,
  EX_RESULT_COLUMN_BLACK,
  EX_RESULT_COLUMN_EVENT,
  EX_RESULT_COLUMN_ROUND,
  EX_RESULT_COLUMN_DATE,
  EX_RESULT_COLUMN_RESULT,
  EX_RESULT_COLUMN_POSITIONS,
  EX_RESULT_COLUMN_FOUND,     /* what a position search found */
} ExResultColumn;

void     ex_results_view_sort            (ExResultsView  *self,
                                          ExResultColumn  column,
                                          GtkSortType     order);
gboolean ex_results_view_is_sorting      (ExResultsView  *self);
void     ex_results_view_set_filter_text (ExResultsView  *self,
                                          const char     *text);

G_END_DECLS
