/* ex-results-view-private.h: what the results list's files share, and what only the tests do.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ExResultsView is one widget written in two files: ex-results-view.c
 * (the models, the row feed, the filter, the selection) and
 * ex-results-view-columns.c (the columns and their sort orders); they
 * share the instance struct and the _ex_results_view_* functions below.
 *
 * A user sorts by clicking a column's title and filters by typing in the
 * filter box; the tests do both with ex_results_view_sort() and
 * ex_results_view_set_filter_text(), through the window's accessors
 * (ex_window_sort_results(), ex_window_is_sorting(),
 * ex_window_set_filter_text() in ex-window-test.h).
 */
#pragma once

#include "ex-results-view.h"
#include "ex-search.h"

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

/**
 * ex_results_view_sort:
 * @column: the column to sort by (as a click on its title does); a hidden
 *   column is shown first.
 * @order: ascending or descending; ties are broken by game number.
 *
 * Sorting is incremental: ex_results_view_is_sorting() tells when it is
 * done.
 */
void     ex_results_view_sort            (ExResultsView  *self,
                                          ExResultColumn  column,
                                          GtkSortType     order);

/* Whether the list is still being sorted or filtered. */
gboolean ex_results_view_is_sorting      (ExResultsView  *self);

/**
 * ex_results_view_set_filter_text:
 * @text: (nullable): the text of the filter box; NULL or "" shows every result.
 *
 * Shows only the results whose number, White, Black, Event, Site or Date
 * contains @text, ignoring case.  Sets the filter box's text too.
 * Filtering is incremental: ex_results_view_is_sorting() tells when it is
 * done.
 */
void     ex_results_view_set_filter_text (ExResultsView  *self,
                                          const char     *text);

#define N_COLUMNS (EX_RESULT_COLUMN_FOUND + 1)

/* What the list keeps in view while the rows of a search that sorts come
 * in (they land anywhere, the best above): its top, the best rows, until
 * the user selects a row (then that row, which the game view shows) or
 * scrolls (then nothing: where the user went). */
typedef enum {
  EX_RESULTS_HOLD_TOP,
  EX_RESULTS_HOLD_CURRENT,
  EX_RESULTS_HOLD_NONE,
} ExResultsHold;

/* Pixels a column needs beyond its text: a cell's padding, and a title's
 * padding with the sort arrow (the data-table style of Adwaita). */
#define CELL_PADDING  14
#define TITLE_PADDING 24
/* The Sort column's title is the query's label, cut when long: the arrow
 * after a cut title needs a few pixels more than after a whole one. */
#define SORT_TITLE_EXTRA 8

struct _ExResultsView
{
  GtkWidget            parent_instance;

  /* Template widgets */
  GtkLabel            *results_count_label;
  GtkSearchEntry      *filter_entry;
  GtkStack            *results_stack;
  GtkLabel            *empty_title_label;
  GtkLabel            *empty_description_label;
  GtkColumnView       *column_view;

  GtkColumnViewColumn *columns[N_COLUMNS];

  ExSearch            *search;        /* the search shown, or NULL */
  GSignalGroup        *search_signals;
  ExSearch            *next;          /* started while the rows of @search are kept */
  GSignalGroup        *next_signals;
  gboolean             kept;          /* the rows are a previous search's (see @next) */
  GListModel          *results;       /* its ExResult, in input order (or an empty list) */
  guint                feed_tick_id;
  guint                feed_idle_id;
  gint64               feed_row_us;   /* what a row cost while rows get widgets, µs */
  GtkFilter           *filter;
  char                *filter_text;   /* case folded; NULL: no filter */
  GtkFilterListModel  *filtered;
  GtkSortListModel    *sorted;
  GtkMultiSelection   *selection;
  ExResult            *current;        /* the result shown: the last selected */
  GtkBitset           *last_selection; /* the selection before its last change */
  gboolean             counting;       /* a result set was started: the header counts it */
  gboolean             sort_min;       /* the Sort column: the smallest value is the best */
  gboolean             by_sort_value;  /* the search sorts: listed by the Sort column */
  guint                scroll_idle_id;
  ExResultsHold        hold;           /* which row the list keeps in view while it fills */
};

/* ex-results-view.c */

/* The position of #ExResultsView:current in the (sorted, filtered) list,
 * or GTK_INVALID_LIST_POSITION (none, or filtered out). */
guint    _ex_results_view_current_position        (ExResultsView *self);

/* ex-results-view-columns.c */

/* Adds column @index, as wide as its widest value needs: @sample (a
 * number or date of the longest kind, so that a 6-digit game number or
 * "1/2-1/2" is never cut) or @n_chars average characters of text, and no
 * narrower than its title with room for the sort arrow.  The widths come
 * from the font, so that they hold for any font size and translation. */
void     _ex_results_view_add_column              (ExResultsView *self,
                                                   guint          index,
                                                   const char    *title,
                                                   const char    *sample,
                                                   guint          n_chars);

/* Shows or hides column @index.  Hidden columns are removed from the view:
 * GTK 4.8 still counts the width of an invisible column, so that the
 * expanding column (Event) would not fill the space. */
void     _ex_results_view_show_column             (ExResultsView *self,
                                                   guint          index,
                                                   gboolean       visible);

/* Shows the White, Black, Round and Date columns only if some result has a
 * value for them (study collections often have none).  Decided on the
 * first batch of a search, before its rows exist; a later batch may only
 * show more columns. */
void     _ex_results_view_update_column_visibility (ExResultsView *self,
                                                    GPtrArray     *results,
                                                    gboolean       first);

/* For a search that sorts its games (@sorts: a CQL 6 query with `sort`)
 * shows the Sort column, titled with its first sort's @label ("Sort" when
 * NULL), and orders the list by it as CQL 6.2 orders its output (the best
 * value first: the largest, or with `sort min` (@min) the smallest); hides
 * it for any other search, which is ordered by game number again after a
 * sorted one. */
void     _ex_results_view_set_sort_key            (ExResultsView *self,
                                                   gboolean       sorts,
                                                   const char    *label,
                                                   gboolean       min);

/* Watches the list's scrolled window for the user's scrolling (wheel,
 * touchpad, a press on the scroll bar): from then on the list stays where
 * the user takes it while rows come in (@hold). */
void     _ex_results_view_watch_user_scroll       (ExResultsView *self);

/* For a list sorted by the Sort column, scrolls to what @hold says: the
 * top (the best value) or the result shown, as little as shows it; or
 * nowhere once the user scrolled.  Called for each slice of rows
 * delivered. */
void     _ex_results_view_keep_held_row           (ExResultsView *self);

/* Handler of the sort model's notify::pending: once a sort by the Sort
 * column is done, _ex_results_view_keep_held_row() from an idle. */
void     _ex_results_view_sort_pending_cb         (GObject       *object,
                                                   GParamSpec    *pspec,
                                                   gpointer       user_data);

G_END_DECLS
