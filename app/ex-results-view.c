/* ex-results-view.c: the list of matched games (results pane of the main window).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A composite widget (ex-results-view.ui): a header with the number of
 * results and the filter box, over a stack that shows either an empty state
 * (a title and a description the window sets) or a GtkColumnView of the
 * matched games.  The view owns the list: a GListStore of ExResult in input
 * order, filtered by the filter box's text (game number, White, Black,
 * Event, Site, Date), sorted by the column whose title was clicked, and
 * selected through a GtkMultiSelection.  The result the game view shows is
 * #ExResultsView:current, the most recently selected one.
 *
 * The view shows one search (ExSearch, ex_results_view_set_search()): its
 * GListStore of ExResult in input order is the list's model.  A search
 * set while rows are listed waits as the next one: the rows listed stay
 * (the header says they are the previous search's) until it finds its
 * first row or searches the database to its end, so that a search that
 * fails or is stopped before it finds a game loses none of them.  The rows
 * the search finds reach that store in slices, one per frame, which the
 * view paces (ex_search_deliver()), so that building rows never stalls the
 * main loop; #ExResultsView::delivered tells when the last one is in.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-utils.h"
#include "ex-results-view-private.h"
#include "ex-search.h"

G_DEFINE_FINAL_TYPE (ExResultsView, ex_results_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CURRENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DELIVERED,
  SELECTION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------
 * The header's count and the empty state
 */

static void
update_results_count (ExResultsView *self)
{
  guint n = g_list_model_get_n_items (self->results);
  g_autofree char *count = ex_utils_format_count (n);
  g_autofree char *text = NULL;

  if (!self->counting)
    {
      gtk_label_set_text (self->results_count_label, "");
      return;
    }

  if (self->filter_text != NULL)
    {
      guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
      g_autofree char *shown_text = ex_utils_format_count (shown);

      /* Translators: results that pass the filter box, of all results */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s of %s game", "%s of %s games", n),
                              shown_text, count);
    }
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s game", "%s games", n), count);
  if (self->kept && self->search != NULL)
    {
      g_autofree char *counted = g_steal_pointer (&text);

      /* Translators: the count of the results listed ("14 games"), then
       * the database the previous search searched: a later search has not
       * found a game yet, or failed */
      text = g_strdup_printf (_("%s · previous search of “%s”"), counted,
                              ex_search_get_database_name (self->search));
    }
  gtk_label_set_text (self->results_count_label, text);
}

void
ex_results_view_show_empty (ExResultsView *self,
                            const char    *title,
                            const char    *description)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  gtk_label_set_text (self->empty_title_label, title);
  gtk_label_set_text (self->empty_description_label, description);
  gtk_stack_set_visible_child_name (self->results_stack, "empty");
}

/* ------------------------------------------------------------------------
 * Delivering rows to the list
 *
 * The search hands over results in batches of up to a few thousand.
 * Splicing a batch into the list at once stalls the main loop: GTK 4.8's
 * list views build a row of widgets for about 200 items at once, and with
 * seven cells a row costs 0.3-0.5 ms under Xvfb (cairo).  So batches wait
 * in the search (ex_search_deliver()) and go to the list in slices, one
 * slice per frame (a tick callback; an idle while the view is not shown):
 * while the list is short and its rows get widgets, as many rows as fit in
 * FEED_BUDGET_US at what the last slices cost a row (about 25 rows: 1,000
 * to 1,500 rows a second); after that, large slices, when an appended row
 * costs a few pointer moves.
 */

#define FEED_ROWS_WITH_WIDGETS 220
#define FEED_SLICE_MIN         2
#define FEED_SLICE_LARGE       4000
/* The time the rows of one small slice may take, their layout and drawing
 * in the same frame not counted: 12 ms leaves most of a frame of 60 Hz to
 * them and amortizes its drawing, and keeps the longest dispatch well
 * within 50 ms. */
#define FEED_BUDGET_US         (12 * G_TIME_SPAN_MILLISECOND)
/* The first slice is small, for the first frame with rows comes soon
 * after Run; the cost of a row assumed before a second: 16 rows. */
#define FEED_FIRST_SLICE       8
#define FEED_FIRST_ROW_US      (FEED_BUDGET_US / 16)

/* Whether the list is being filled by a search: each slice is then sorted
 * at once (a slice costs a merge into the sorted rows); otherwise a sort
 * (a click on a column's title) is incremental, so that re-sorting many
 * thousand rows never stalls the main loop. */
static void
set_filling (ExResultsView *self,
             gboolean       filling)
{
  gtk_sort_list_model_set_incremental (self->sorted, !filling);
}

guint
ex_results_view_get_n_pending (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), 0);

  return self->search != NULL ? ex_search_get_n_pending (self->search) : 0;
}

static gboolean
feed_slice (ExResultsView *self)
{
  guint n = g_list_model_get_n_items (self->results);
  gboolean small = n < FEED_ROWS_WITH_WIDGETS;
  guint k = FEED_SLICE_LARGE;

  if (n == 0)
    k = FEED_FIRST_SLICE;
  else if (small)
    k = MAX (FEED_SLICE_MIN, (guint)(FEED_BUDGET_US / MAX (self->feed_row_us, 1)));
  k = MIN (k, ex_results_view_get_n_pending (self));
  if (k > 0)
    {
      gint64 start = g_get_monotonic_time ();

      /* The list follows in rows_added_cb(). */
      ex_search_deliver (self->search, k);

      /* The next slice's size: the mean of the last row cost and this one,
       * so that one slow slice (another program had the core) does not
       * shrink the next to nothing.  The first slice also shows the list
       * in place of the empty state: its cost says little of a row's. */
      if (small && n > 0)
        self->feed_row_us = (self->feed_row_us + (g_get_monotonic_time () - start) / k) / 2;
    }

  if (ex_results_view_get_n_pending (self) > 0)
    return G_SOURCE_CONTINUE;

  self->feed_tick_id = 0;
  self->feed_idle_id = 0;
  set_filling (self, FALSE);
  g_signal_emit (self, signals[DELIVERED], 0);

  return G_SOURCE_REMOVE;
}

static gboolean
feed_tick_cb (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  return feed_slice (EX_RESULTS_VIEW (widget));
}

static gboolean
feed_idle_cb (gpointer user_data)
{
  return feed_slice (EX_RESULTS_VIEW (user_data));
}

/* A hidden view gets no frames: go on delivering from an idle. */
static void
ex_results_view_unmap (GtkWidget *widget)
{
  ExResultsView *self = EX_RESULTS_VIEW (widget);

  if (self->feed_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->feed_tick_id);
      self->feed_tick_id = 0;
      self->feed_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, feed_idle_cb, self, NULL);
    }

  GTK_WIDGET_CLASS (ex_results_view_parent_class)->unmap (widget);
}

static void
stop_feeding (ExResultsView *self)
{
  if (self->feed_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->feed_tick_id);
  g_clear_handle_id (&self->feed_idle_id, g_source_remove);
  self->feed_tick_id = 0;
}

/* The search found a batch of rows: the first batch decides which of the
 * White, Black, Round and Date columns are shown (those that some result
 * has a value for), later ones may only show more; the rows go to the list
 * by slices, one per frame (from an idle while the view is not shown), the
 * first slice at once when the view is shown. */
static void
rows_queued_cb (ExResultsView *self,
                GPtrArray     *results,
                ExSearch      *search)
{
  guint n = g_list_model_get_n_items (self->results) + ex_search_get_n_pending (search);

  _ex_results_view_update_column_visibility (self, results, n == results->len);
  /* The list may have caught up with the search (::delivered) before it
   * found these: they are sorted in at once too. */
  set_filling (self, TRUE);

  if (self->feed_tick_id != 0 || self->feed_idle_id != 0)
    return;

  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      /* The first slice at once: the first match is shown in the next frame. */
      if (feed_slice (self) == G_SOURCE_REMOVE)
        return;
      self->feed_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), feed_tick_cb,
                                                         NULL, NULL);
    }
  else
    self->feed_idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, feed_idle_cb, self, NULL);
}

/* Rows came into the search's list (ex_search_deliver()). */
static void
rows_added_cb (ExResultsView *self,
               guint          position,
               guint          removed,
               guint          added,
               GListModel    *results)
{
  /* The slice is sorted into the list already (the list is not sorted
   * incrementally while it fills): the row held in view is put back there
   * before the next frame is laid out, never one frame later from an
   * idle, which the main loop may not reach for seconds while it is busy
   * (the Games page loading a large database). */
  if (gtk_sort_list_model_get_pending (self->sorted) == 0)
    _ex_results_view_keep_held_row (self);
  if (position == 0 && added > 0)
    gtk_stack_set_visible_child_name (self->results_stack, "results");
  update_results_count (self);
}

/* Lists @search's rows (none yet) in place of those listed. */
static void
show_search (ExResultsView *self,
             ExSearch      *search)
{
  const char *label = NULL;
  gboolean min = FALSE;
  gboolean sorts;

  self->kept = FALSE;
  self->hold = EX_RESULTS_HOLD_TOP;
  gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  if (self->current != NULL)
    {
      g_clear_object (&self->current);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
    }
  stop_feeding (self);

  g_signal_handlers_disconnect_by_func (self->results, rows_added_cb, self);
  g_clear_object (&self->results);
  g_set_object (&self->search, search);
  g_signal_group_set_target (self->search_signals, search);
  self->results = search != NULL ? g_object_ref (ex_search_get_results (search))
                                 : G_LIST_MODEL (g_list_store_new (EX_TYPE_RESULT));
  /* While the rows come in, each slice is sorted into the list at once:
   * an incremental sort would show the new rows unsorted at the list's
   * end for a few frames, and move them (and the row clicked) in steps. */
  set_filling (self, search != NULL);
  gtk_filter_list_model_set_model (self->filtered, self->results);
  g_signal_connect_object (self->results, "items-changed", G_CALLBACK (rows_added_cb),
                           self, G_CONNECT_SWAPPED);

  self->counting = search != NULL;
  update_results_count (self);
  sorts = search != NULL && ex_search_get_sort_key (search, &label, &min);
  _ex_results_view_set_sort_key (self, sorts, label, min);
}

static void
forget_next (ExResultsView *self)
{
  g_signal_group_set_target (self->next_signals, NULL);
  g_clear_object (&self->next);
}

/* The next search found its first rows: they replace the kept ones. */
static void
next_rows_queued_cb (ExResultsView *self,
                     GPtrArray     *results,
                     ExSearch      *search)
{
  g_autoptr(ExSearch) next = g_object_ref (search);

  forget_next (self);
  show_search (self, next);
  rows_queued_cb (self, results, next);
}

/* The next search ended before it found a row: searched to its end, its
 * empty list replaces the kept one; failed or stopped, the kept rows stay,
 * still labelled as the previous search's. */
static void
next_state_cb (ExResultsView *self,
               GParamSpec    *pspec,
               ExSearch      *search)
{
  g_autoptr(ExSearch) next = g_object_ref (search);

  switch (ex_search_get_state (next))
    {
    case EX_SEARCH_FINISHED:
      forget_next (self);
      show_search (self, next);
      break;
    case EX_SEARCH_FAILED:
    case EX_SEARCH_STOPPED:
      forget_next (self);
      update_results_count (self);
      break;
    default:
      break;
    }
}

void
ex_results_view_set_search (ExResultsView *self,
                            ExSearch      *search)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));
  g_return_if_fail (search == NULL || EX_IS_SEARCH (search));

  forget_next (self);
  if (search != NULL && self->search != NULL && g_list_model_get_n_items (self->results) > 0)
    {
      self->next = g_object_ref (search);
      g_signal_group_set_target (self->next_signals, search);
      self->kept = TRUE;
      update_results_count (self);
      return;
    }
  show_search (self, search);
}

ExSearch *
ex_results_view_get_search (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return self->search;
}

/* ------------------------------------------------------------------------
 * Filter
 */

static gboolean
contains_casefolded (const char *haystack,
                     const char *needle)
{
  g_autofree char *folded = NULL;

  if (haystack == NULL || *haystack == '\0')
    return FALSE;
  folded = g_utf8_casefold (haystack, -1);
  return strstr (folded, needle) != NULL;
}

/* A result passes the filter box when its game number, or one of its
 * White, Black, Event, Site or Date tags, contains the text (case folded). */
static gboolean
filter_result (gpointer item,
               gpointer user_data)
{
  ExResultsView *self = user_data;
  ExResult *result = item;
  char number[32];

  if (self->filter_text == NULL)
    return TRUE;

  g_snprintf (number, sizeof number, "%" G_GUINT64_FORMAT, ex_result_get_number (result));
  return strstr (number, self->filter_text) != NULL
         || contains_casefolded (ex_result_get_white (result), self->filter_text)
         || contains_casefolded (ex_result_get_black (result), self->filter_text)
         || contains_casefolded (ex_result_get_event (result), self->filter_text)
         || contains_casefolded (ex_result_get_site (result), self->filter_text)
         || contains_casefolded (ex_result_get_date (result), self->filter_text);
}

void
ex_results_view_set_filter_text (ExResultsView *self,
                                 const char    *text)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->filter_entry)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), text ? text : "");

  if (text != NULL && *text != '\0')
    folded = g_utf8_casefold (text, -1);
  /* The entry reports its text again after a delay: nothing to redo. */
  if (g_strcmp0 (folded, self->filter_text) == 0)
    return;
  g_free (self->filter_text);
  self->filter_text = g_steal_pointer (&folded);

  /* No filter at all when the box is empty: the model passes through. */
  gtk_filter_list_model_set_filter (self->filtered,
                                    self->filter_text != NULL ? self->filter : NULL);
  gtk_filter_changed (self->filter, GTK_FILTER_CHANGE_DIFFERENT);
  update_results_count (self);
}

/* The incremental filter has passed more results: recount. */
static void
filtered_items_changed_cb (ExResultsView *self,
                           guint          position,
                           guint          removed,
                           guint          added,
                           GListModel    *model)
{
  if (self->filter_text != NULL)
    update_results_count (self);
}

static void
filter_changed_cb (ExResultsView  *self,
                   GtkSearchEntry *entry)
{
  ex_results_view_set_filter_text (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

gboolean
ex_results_view_is_filtered (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), FALSE);

  return self->filter_text != NULL;
}

void
ex_results_view_focus_filter (ExResultsView *self)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
}

/* ------------------------------------------------------------------------
 * Selection
 */

guint
_ex_results_view_current_position (ExResultsView *self)
{
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint position;

  if (self->current == NULL)
    return GTK_INVALID_LIST_POSITION;
  /* The result shown is most often selected: a look at the few selected
   * rows first, before a walk through the whole list. */
  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (gtk_bitset_get_size (selected) <= 64)
    for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position); ok;
         ok = gtk_bitset_iter_next (&iter, &position))
      {
        g_autoptr(ExResult) item = g_list_model_get_item (model, position);

        if (item == self->current)
          return position;
      }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ExResult) item = g_list_model_get_item (model, i);

      if (item == self->current)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* The game view shows the most recently selected result: the one a click
 * added, or, when a Shift+click or Ctrl+A adds several, the end of the
 * added range farthest from the result shown before (the clicked row). */
static void
selection_changed_cb (ExResultsView     *self,
                      guint              position,
                      guint              n_items,
                      GtkSelectionModel *model)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (model);
  g_autoptr(GtkBitset) added = gtk_bitset_copy (selected);
  g_autoptr(ExResult) result = NULL;
  guint target = GTK_INVALID_LIST_POSITION;

  gtk_bitset_subtract (added, self->last_selection);
  g_clear_pointer (&self->last_selection, gtk_bitset_unref);
  /* A copy: GtkMultiSelection returns its own bitset, changed in place. */
  self->last_selection = gtk_bitset_copy (selected);

  if (gtk_bitset_is_empty (added))
    {
      g_signal_emit (self, signals[SELECTION_CHANGED], 0,
                     (guint) gtk_bitset_get_size (selected), 0);
      return;
    }
  if (gtk_bitset_get_size (added) == 1)
    target = gtk_bitset_get_minimum (added);
  else
    {
      guint current = _ex_results_view_current_position (self);
      guint lo = gtk_bitset_get_minimum (added);
      guint hi = gtk_bitset_get_maximum (added);

      if (current != GTK_INVALID_LIST_POSITION && gtk_bitset_contains (selected, current)
          && gtk_bitset_get_size (added) + 1 == gtk_bitset_get_size (selected)
          && (lo > current || hi < current))
        /* Shift+click from the result shown: the row clicked. */
        target = lo > current ? hi : lo;
      else if (current != GTK_INVALID_LIST_POSITION && gtk_bitset_contains (selected, current))
        target = GTK_INVALID_LIST_POSITION; /* Ctrl+A: keep the game shown */
      else
        target = lo;
    }

  if (target != GTK_INVALID_LIST_POSITION)
    {
      result = g_list_model_get_item (G_LIST_MODEL (model), target);
      if (result != NULL && result != self->current)
        {
          g_set_object (&self->current, result);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
        }
      /* While rows of a sorting search come in, the list keeps the row
       * selected in view, not its top. */
      self->hold = EX_RESULTS_HOLD_CURRENT;
    }
  g_signal_emit (self, signals[SELECTION_CHANGED], 0,
                 (guint) gtk_bitset_get_size (selected), (guint) gtk_bitset_get_size (added));
}

/* Items added or removed (sorting, filtering, a new search) move the
 * positions: the next change is compared with the selection now. */
static void
selection_items_changed_cb (ExResultsView     *self,
                            guint              position,
                            guint              removed,
                            guint              added,
                            GtkSelectionModel *model)
{
  g_autoptr(GtkBitset) selected = gtk_selection_model_get_selection (model);

  g_clear_pointer (&self->last_selection, gtk_bitset_unref);
  self->last_selection = gtk_bitset_copy (selected);
}

void
ex_results_view_select (ExResultsView *self,
                        guint          position,
                        gboolean       unselect_rest)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position,
                                   unselect_rest);
}

void
ex_results_view_step (ExResultsView *self,
                      int            delta)
{
  guint n, selected, target;

  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  selected = _ex_results_view_current_position (self);
  if (n == 0)
    return;
  if (selected == GTK_INVALID_LIST_POSITION)
    target = delta > 0 ? 0 : n - 1;
  else if (delta < 0)
    target = selected > 0 ? selected - 1 : 0;
  else
    target = MIN (selected + 1, n - 1);

  ex_results_view_select (self, target, TRUE);
}

ExResult *
ex_results_view_get_current (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return self->current;
}

GPtrArray *
ex_results_view_dup_selected (ExResultsView *self)
{
  g_autoptr(GtkBitset) selected = NULL;
  g_autoptr(GHashTable) set = NULL;
  GPtrArray *results;
  GtkBitsetIter iter;
  guint position;
  guint n;

  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  results = g_ptr_array_new_with_free_func (g_object_unref);
  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  set = g_hash_table_new (NULL, NULL);
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(ExResult) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

      if (item != NULL)
        g_hash_table_add (set, item);
    }
  n = g_list_model_get_n_items (self->results);
  for (guint i = 0; i < n && g_hash_table_size (set) > 0; i++)
    {
      ExResult *item = g_list_model_get_item (self->results, i);

      if (g_hash_table_remove (set, item))
        g_ptr_array_add (results, item);
      else
        g_object_unref (item);
    }

  return results;
}

/* ------------------------------------------------------------------------
 * The models
 */

GListModel *
ex_results_view_get_results (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return self->results;
}

GListModel *
ex_results_view_get_shown (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return G_LIST_MODEL (self->filtered);
}

GtkSelectionModel *
ex_results_view_get_model (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return GTK_SELECTION_MODEL (self->selection);
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_results_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  ExResultsView *self = EX_RESULTS_VIEW (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      g_value_set_object (value, self->current);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ------------------------------------------------------------------------
 * The row menu
 */

static gboolean
unparent_menu_idle (gpointer menu)
{
  if (gtk_widget_get_parent (menu) != NULL)
    gtk_widget_unparent (menu);
  g_object_unref (menu);
  return G_SOURCE_REMOVE;
}

/* A closed row menu goes once the item chosen has been activated (that
 * finds the window's actions through the menu's parent). */
static void
row_menu_closed_cb (GtkPopover *menu)
{
  g_idle_add (unparent_menu_idle, g_object_ref (menu));
}

/* A right click on a row: the row alone is selected, so that its game is
 * the one shown, and its menu opens: the window's actions on the game
 * shown. */
static void
row_menu_pressed_cb (GtkGestureClick *gesture,
                     int              n_press,
                     double           x,
                     double           y,
                     ExResultsView   *self)
{
  GtkWidget *view = GTK_WIDGET (self->column_view);
  GtkWidget *picked = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT);
  ExResult *result = NULL;
  GtkWidget *menu;
  GMenu *model;
  double mx, my;
  guint n;

  for (; picked != NULL && picked != view; picked = gtk_widget_get_parent (picked))
    if ((result = g_object_get_data (G_OBJECT (picked), "ex-result")) != NULL)
      break;
  if (result == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ExResult) item = g_list_model_get_item (G_LIST_MODEL (self->selection), i);

      if (item == result)
        {
          gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), i, TRUE);
          break;
        }
    }

  model = g_menu_new ();
  g_menu_append (model, _("Copy the Game as E_xported PGN"), "win.copy-exported-pgn");
  g_menu_append (model, _("Copy the Game as _PGN"), "win.copy-pgn");
  g_menu_append (model, _("Copy the Position as _FEN"), "win.copy-fen");
  menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (model));
  g_object_unref (model);
  gtk_popover_set_has_arrow (GTK_POPOVER (menu), FALSE);
  gtk_widget_set_halign (menu, GTK_ALIGN_START);
  gtk_widget_set_parent (menu, GTK_WIDGET (self));
  if (!gtk_widget_translate_coordinates (view, GTK_WIDGET (self), x, y, &mx, &my))
    mx = x, my = y;
  gtk_popover_set_pointing_to (GTK_POPOVER (menu),
                               &(GdkRectangle) { (int) mx, (int) my, 1, 1 });
  g_signal_connect (menu, "closed", G_CALLBACK (row_menu_closed_cb), NULL);
  gtk_popover_popup (GTK_POPOVER (menu));
}

static void
ex_results_view_dispose (GObject *object)
{
  ExResultsView *self = EX_RESULTS_VIEW (object);
  GtkWidget *child;

  stop_feeding (self);
  if (self->next_signals != NULL)
    forget_next (self);
  g_clear_object (&self->next_signals);
  g_clear_object (&self->search_signals);
  g_clear_object (&self->search);
  /* The sort model may outlive the view (the column view holds it while
   * it is disposed) and go on sorting: no more scrolling to the top. */
  if (self->sorted != NULL)
    g_signal_handlers_disconnect_by_func (self->sorted, _ex_results_view_sort_pending_cb, self);
  g_clear_handle_id (&self->scroll_idle_id, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_RESULTS_VIEW);
  /* The template's top-level child (the box) is not a bound child. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  g_clear_object (&self->selection);
  g_clear_object (&self->current);
  g_clear_pointer (&self->last_selection, gtk_bitset_unref);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  for (guint i = 0; i < N_COLUMNS; i++)
    g_clear_object (&self->columns[i]);
  g_clear_object (&self->results);

  G_OBJECT_CLASS (ex_results_view_parent_class)->dispose (object);
}

static void
ex_results_view_finalize (GObject *object)
{
  ExResultsView *self = EX_RESULTS_VIEW (object);

  g_clear_pointer (&self->filter_text, g_free);

  G_OBJECT_CLASS (ex_results_view_parent_class)->finalize (object);
}

static void
ex_results_view_class_init (ExResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_results_view_dispose;
  object_class->finalize = ex_results_view_finalize;
  object_class->get_property = ex_results_view_get_property;
  widget_class->unmap = ex_results_view_unmap;

  /**
   * ExResultsView:current:
   *
   * The result to show (#ExResult): the one most recently selected; when a
   * Shift+click or Ctrl+A selects several at once, the end of the added
   * range farthest from the previous one (the clicked row), or the
   * previous one if it is among them.  Unselecting leaves it as it is;
   * ex_results_view_set_search() unsets it.
   */
  properties[PROP_CURRENT] =
    g_param_spec_object ("current", NULL, NULL,
                         EX_TYPE_RESULT,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExResultsView::delivered:
   *
   * Emitted when the last row the search has found is in the list (not
   * when ex_results_view_set_search() or ex_search_cancel() drops the
   * rows still to come).
   */
  signals[DELIVERED] =
    g_signal_new ("delivered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * ExResultsView::selection-changed:
   * @n_selected: how many results are selected now.
   * @n_added: how many the change added to the selection (0 when it only
   *   removed some).
   *
   * Emitted when the selection changes, after #ExResultsView:current was
   * notified if it changed.
   */
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-results-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ExResultsView, results_count_label);
  gtk_widget_class_bind_template_child (widget_class, ExResultsView, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, ExResultsView, results_stack);
  gtk_widget_class_bind_template_child (widget_class, ExResultsView, empty_title_label);
  gtk_widget_class_bind_template_child (widget_class, ExResultsView, empty_description_label);
  gtk_widget_class_bind_template_child (widget_class, ExResultsView, column_view);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "resultsview");
}

static void
ex_results_view_init (ExResultsView *self)
{
  GtkSorter *sorter;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->results = G_LIST_MODEL (g_list_store_new (EX_TYPE_RESULT));
  self->feed_row_us = FEED_FIRST_ROW_US;
  self->search_signals = g_signal_group_new (EX_TYPE_SEARCH);
  g_signal_group_connect_object (self->search_signals, "rows-queued",
                                 G_CALLBACK (rows_queued_cb), self, G_CONNECT_SWAPPED);
  self->next_signals = g_signal_group_new (EX_TYPE_SEARCH);
  g_signal_group_connect_object (self->next_signals, "rows-queued",
                                 G_CALLBACK (next_rows_queued_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->next_signals, "notify::state",
                                 G_CALLBACK (next_state_cb), self, G_CONNECT_SWAPPED);

  /* Translators: column titles of the results list.  For studies White
   * and Black usually hold the composer and the stipulation. */
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_NUMBER, C_("column", "#"), "000000", 0);
  /* Translators: the values of a CQL 6 query's `sort` filter, when the
   * query gives it no label of its own */
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_SORT, C_("column", "Sort"), "-00000000", 0);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_WHITE, C_("column", "White"), NULL, 12);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_BLACK, C_("column", "Black"), NULL, 12);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_EVENT, C_("column", "Event"), NULL, 14);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_ROUND, C_("column", "Round"), "00.00", 0);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_DATE, C_("column", "Date"), "0000.00.00", 0);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_RESULT, C_("column", "Result"), "1/2-1/2", 0);
  /* Translators: the number of matched positions of a game */
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_POSITIONS, C_("column", "Positions"),
                               "00000", 0);
  _ex_results_view_add_column (self, EX_RESULT_COLUMN_FOUND, C_("column", "Found"), NULL, 20);

  gtk_column_view_column_set_expand (self->columns[EX_RESULT_COLUMN_EVENT], TRUE);
  _ex_results_view_show_column (self, EX_RESULT_COLUMN_ROUND, FALSE);
  _ex_results_view_show_column (self, EX_RESULT_COLUMN_FOUND, FALSE);
  _ex_results_view_show_column (self, EX_RESULT_COLUMN_SORT, FALSE);

  self->filter = GTK_FILTER (gtk_custom_filter_new (filter_result, self, NULL));
  self->filtered = gtk_filter_list_model_new (g_object_ref (self->results), NULL);
  gtk_filter_list_model_set_incremental (self->filtered, TRUE);
  sorter = gtk_column_view_get_sorter (self->column_view);
  self->sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered)),
                                          g_object_ref (sorter));
  gtk_sort_list_model_set_incremental (self->sorted, TRUE);
  g_signal_connect_object (self->sorted, "notify::pending",
                           G_CALLBACK (_ex_results_view_sort_pending_cb), self, 0);
  /* Several rows can be selected (Ctrl/Shift+click, Ctrl+A) for Export;
   * the game view shows the last one selected. */
  self->selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  self->last_selection = gtk_bitset_new_empty ();
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_sort_by_column (self->column_view, self->columns[EX_RESULT_COLUMN_NUMBER],
                                  GTK_SORT_ASCENDING);
  g_signal_connect_object (self->filter_entry, "search-changed", G_CALLBACK (filter_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->filtered, "items-changed", G_CALLBACK (filtered_items_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "selection-changed",
                           G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "items-changed",
                           G_CALLBACK (selection_items_changed_cb), self, G_CONNECT_SWAPPED);

  _ex_results_view_watch_user_scroll (self);

  {
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
    g_signal_connect_object (click, "pressed", G_CALLBACK (row_menu_pressed_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (click));
  }
}
