/* ex-results-view-columns.c: the results list's columns and their sort orders.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of ExResultsView (ex-results-view-private.h): the columns of the
 * column view with their factories and sorters, which of them a search's
 * results need (White, Black, Round and Date only when some result has
 * them; the Sort column for a query that sorts), the sort by a column, and
 * the order export writes a sorting query's games in.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-game-view.h"
#include "ex-results-view-private.h"
#include "ex-utils.h"

/* The text of column @column for @result: a tag value, or a number printed
 * into @buf.  No allocation: this runs for every row that is bound. */
static const char *
result_column_text (ExResult *result,
                    guint     column,
                    char     *buf,
                    gsize     buf_size)
{
  guint n_positions;

  switch (column)
    {
    case EX_RESULT_COLUMN_NUMBER:
      g_snprintf (buf, buf_size, "%" G_GUINT64_FORMAT, ex_result_get_number (result));
      return buf;
    case EX_RESULT_COLUMN_WHITE:
      return ex_result_get_white (result);
    case EX_RESULT_COLUMN_BLACK:
      return ex_result_get_black (result);
    case EX_RESULT_COLUMN_EVENT:
      return ex_result_get_event (result);
    case EX_RESULT_COLUMN_ROUND:
      return ex_result_get_round (result);
    case EX_RESULT_COLUMN_DATE:
      return ex_result_get_date (result);
    case EX_RESULT_COLUMN_RESULT:
      return ex_result_get_result (result);
    case EX_RESULT_COLUMN_POSITIONS:
      ex_result_get_positions (result, &n_positions);
      g_snprintf (buf, buf_size, "%u", n_positions);
      return buf;
    case EX_RESULT_COLUMN_SORT:
      {
        /* The values of the query's sort filters, "187" or "187, 5". */
        guint n;
        const CqSortValue *values = ex_result_get_sort_values (result, &n);
        gsize used = 0;

        buf[0] = '\0';
        for (guint i = 0; i < n && used + 1 < buf_size; i++)
          {
            const char *sep = i > 0 ? ", " : "";

            if (!values[i].has_value)
              used += g_snprintf (buf + used, buf_size - used, "%s-", sep);
            else if (values[i].is_string)
              used += g_snprintf (buf + used, buf_size - used, "%s%s", sep, values[i].string);
            else
              used += g_snprintf (buf + used, buf_size - used, "%s%" G_GINT64_FORMAT, sep,
                                  values[i].number);
            used = MIN (used, buf_size - 1);
          }
        return buf;
      }
    case EX_RESULT_COLUMN_FOUND:
      {
        /* The closest of the positions found: fewest pieces different. */
        const CqMatchedPosition *positions = ex_result_get_positions (result, &n_positions);
        const CqMatchedPosition *best = NULL;

        for (guint i = 0; i < n_positions; i++)
          if (best == NULL || positions[i].n_differ < best->n_differ)
            best = &positions[i];
        if (best == NULL || ex_game_view_describe_match (best, buf, buf_size) == NULL)
          return "";
        return buf;
      }
    default:
      g_assert_not_reached ();
    }
}

/* The Event cell's tooltip: its whole text, looked up when the pointer
 * rests on it, and only when the cell cuts it: a tooltip over a whole
 * text says nothing, and a click where it shows goes to it, not to the
 * row.  (gtk_widget_set_tooltip_text() at every bind cost 6% of building
 * a row: each call makes GTK look for a tooltip to show.) */
static gboolean
event_query_tooltip_cb (GtkWidget  *cell,
                        int         x,
                        int         y,
                        gboolean    keyboard,
                        GtkTooltip *tooltip,
                        gpointer    user_data)
{
  const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (cell));
  g_autoptr(PangoLayout) layout = NULL;
  int width;

  if (text == NULL || *text == '\0')
    return FALSE;
  layout = gtk_widget_create_pango_layout (cell, text);
  pango_layout_get_pixel_size (layout, &width, NULL);
  if (width <= gtk_widget_get_width (cell))
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
label_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);
  gboolean numeric = column == EX_RESULT_COLUMN_NUMBER || column == EX_RESULT_COLUMN_POSITIONS
                     || column == EX_RESULT_COLUMN_SORT;
  /* GtkInscription, not GtkLabel: made for list cells, it measures and
   * lays out for less (rows are built while results pour in). */
  GtkWidget *cell = gtk_inscription_new (NULL);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0 : 0.0);
  /* The wide column (Event) keeps both ends: "Beautiful Ch…Dizvov, 1978". */
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell),
                                     column == EX_RESULT_COLUMN_EVENT
                                     ? GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE
                                     : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 1);
  if (numeric)
    gtk_widget_add_css_class (cell, "numeric");
  /* Only the wide column is shortened in the middle: its full text in a
   * tooltip.  (Tooltips on every cell make the first rows slow to build.) */
  if (column == EX_RESULT_COLUMN_EVENT)
    {
      gtk_widget_set_has_tooltip (cell, TRUE);
      g_signal_connect (cell, "query-tooltip", G_CALLBACK (event_query_tooltip_cb), NULL);
    }
  gtk_list_item_set_child (item, cell);
}

static void
label_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  guint column = GPOINTER_TO_UINT (user_data);
  GtkInscription *cell = GTK_INSCRIPTION (gtk_list_item_get_child (item));
  ExResult *result = gtk_list_item_get_item (item);
  char buf[32];
  const char *text = result_column_text (result, column, buf, sizeof buf);

  gtk_inscription_set_text (cell, text);
  /* For the row menu: the result whose row was clicked (the list item
   * holds it while the cell shows it). */
  g_object_set_data (G_OBJECT (cell), "ex-result", result);
}

static int
compare_tags (const char *a,
              const char *b)
{
  /* Games without the tag sort last. */
  if (a == NULL || b == NULL)
    return (a == NULL) - (b == NULL);
  return g_ascii_strcasecmp (a, b);
}

/* By the first sort value, then the next: numbers by size, strings by
 * their bytes, a missing value below any other (so that the games without
 * one come last when the largest values come first). */
static int
compare_sort_values (ExResult *ra,
                     ExResult *rb)
{
  guint na, nb;
  const CqSortValue *a = ex_result_get_sort_values (ra, &na);
  const CqSortValue *b = ex_result_get_sort_values (rb, &nb);

  for (guint i = 0; i < MIN (na, nb); i++)
    {
      int cmp;

      if (a[i].has_value != b[i].has_value)
        return a[i].has_value ? 1 : -1;
      if (!a[i].has_value)
        continue;
      if (a[i].is_string && b[i].is_string)
        cmp = strcmp (a[i].string, b[i].string);
      else
        cmp = (a[i].number > b[i].number) - (a[i].number < b[i].number);
      if (cmp != 0)
        return cmp;
    }
  return 0;
}

/* The Sort column's order: the query's, the best value first (the largest,
 * or with `sort min` the smallest), ties in game number order, as CQL 6.2
 * writes sorted games (docs/cql6.md "sort"). */
static int
compare_by_sort_key (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  ExResultsView *self = user_data;
  ExResult *ra = (ExResult *)a;
  ExResult *rb = (ExResult *)b;
  int cmp = compare_sort_values (ra, rb);
  guint64 na = ex_result_get_number (ra);
  guint64 nb = ex_result_get_number (rb);

  if (!self->sort_min)
    cmp = -cmp;
  if (cmp == 0)
    cmp = (na > nb) - (na < nb);
  return cmp < 0 ? GTK_ORDERING_SMALLER : cmp > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static int
compare_by_sort_key_ptr (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  return compare_by_sort_key (*(ExResult *const *) a, *(ExResult *const *) b, user_data);
}

void
ex_results_view_order_as_query (ExResultsView *self,
                                GPtrArray     *results)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));
  g_return_if_fail (results != NULL);

  if (self->by_sort_value)
    g_ptr_array_sort_with_data (results, compare_by_sort_key_ptr, self);
}

/* The sort order of column GPOINTER_TO_UINT (@user_data); ties are broken
 * by game number, so that every order is total and stable.  Plain C
 * comparisons (no GtkExpression): the sort model compares often while
 * 100,000 rows come in. */
static int
compare_results (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  ExResult *ra = (ExResult *)a;
  ExResult *rb = (ExResult *)b;
  guint column = GPOINTER_TO_UINT (user_data);
  guint64 na = ex_result_get_number (ra);
  guint64 nb = ex_result_get_number (rb);
  int cmp = 0;

  switch (column)
    {
    case EX_RESULT_COLUMN_NUMBER:
      break;
    case EX_RESULT_COLUMN_POSITIONS:
      {
        guint pa, pb;

        ex_result_get_positions (ra, &pa);
        ex_result_get_positions (rb, &pb);
        cmp = (pa > pb) - (pa < pb);
      }
      break;

    default:
      {
        char buf_a[32], buf_b[32];

        cmp = compare_tags (result_column_text (ra, column, buf_a, sizeof buf_a),
                            result_column_text (rb, column, buf_b, sizeof buf_b));
      }
      break;
    }

  if (cmp == 0)
    cmp = (na > nb) - (na < nb);

  return cmp < 0 ? GTK_ORDERING_SMALLER : cmp > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* The width in pixels of @text in the list's font. */
static int
text_width (ExResultsView *self,
            const char    *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* The width in pixels of column title @text: the data-table style draws
 * titles bold, wider than the list's text, and a title measured as plain
 * text loses its sort arrow to the cut. */
static int
title_width (ExResultsView *self,
             const char    *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();
  int width;

  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

void
_ex_results_view_add_column (ExResultsView *self,
                             guint          index,
                             const char    *title,
                             const char    *sample,
                             guint          n_chars)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;
  GtkSorter *sorter;
  int width;

  g_signal_connect (factory, "setup", G_CALLBACK (label_setup_cb), GUINT_TO_POINTER (index));
  g_signal_connect (factory, "bind", G_CALLBACK (label_bind_cb), GUINT_TO_POINTER (index));

  if (sample != NULL)
    width = text_width (self, sample);
  else
    {
      PangoFontMetrics *metrics =
        pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (self)), NULL, NULL);

      width = n_chars * pango_font_metrics_get_approximate_char_width (metrics) / PANGO_SCALE;
      pango_font_metrics_unref (metrics);
    }
  width = MAX (width + CELL_PADDING, title_width (self, title) + TITLE_PADDING);

  sorter = index == EX_RESULT_COLUMN_SORT
           ? GTK_SORTER (gtk_custom_sorter_new (compare_by_sort_key, self, NULL))
           : GTK_SORTER (gtk_custom_sorter_new (compare_results, GUINT_TO_POINTER (index), NULL));
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_fixed_width (column, width);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (sorter);

  self->columns[index] = column;
}

void
_ex_results_view_show_column (ExResultsView *self,
                              guint          index,
                              gboolean       shown)
{
  GtkColumnViewColumn *column = self->columns[index];
  guint position = 0;

  if (shown == (gtk_column_view_column_get_column_view (column) != NULL))
    return;

  if (!shown)
    {
      gtk_column_view_remove_column (self->column_view, column);
      return;
    }

  for (guint i = 0; i < index; i++)
    if (gtk_column_view_column_get_column_view (self->columns[i]) != NULL)
      position++;
  gtk_column_view_insert_column (self->column_view, position, column);
}

static gboolean
is_known_tag (const char *value)
{
  /* PGN writes an unknown value as "?" ("????.??.??" for a date). */
  return value != NULL && value[0] != '\0' && value[strspn (value, "?.-")] != '\0';
}

void
_ex_results_view_update_column_visibility (ExResultsView *self,
                                           GPtrArray     *batch,
                                           gboolean       first)
{
  gboolean white = FALSE, black = FALSE, round = FALSE, date = FALSE;

  /* A position search's results say what was found: all or none do. */
  if (first && batch->len > 0)
    {
      guint n;
      const CqMatchedPosition *positions =
        ex_result_get_positions (g_ptr_array_index (batch, 0), &n);

      _ex_results_view_show_column (self, EX_RESULT_COLUMN_FOUND,
                   n > 0 && positions[0].kind != CQ_MATCH_KIND_QUERY);
    }

  for (guint i = 0; i < batch->len && !(white && black && round && date); i++)
    {
      ExResult *result = g_ptr_array_index (batch, i);

      white |= is_known_tag (ex_result_get_white (result));
      black |= is_known_tag (ex_result_get_black (result));
      round |= is_known_tag (ex_result_get_round (result));
      date |= is_known_tag (ex_result_get_date (result));
    }

  if (first || white)
    _ex_results_view_show_column (self, EX_RESULT_COLUMN_WHITE, white);
  if (first || black)
    _ex_results_view_show_column (self, EX_RESULT_COLUMN_BLACK, black);
  if (first || round)
    _ex_results_view_show_column (self, EX_RESULT_COLUMN_ROUND, round);
  if (first || date)
    _ex_results_view_show_column (self, EX_RESULT_COLUMN_DATE, date);
}

/* Rows that come in sorted by value land above the ones shown first, and
 * the list keeps those in view: as long as the user has neither selected
 * a row nor scrolled, the list goes back to its top, the best value; once
 * a row is selected, the list keeps that row (the game shown) in view. */
void
_ex_results_view_keep_held_row (ExResultsView *self)
{
  guint position;

  if (!self->by_sort_value)
    return;
  switch (self->hold)
    {
    case EX_RESULTS_HOLD_TOP:
      if (self->current == NULL)
        ex_utils_column_view_scroll_to_top (self->column_view);
      break;
    case EX_RESULTS_HOLD_CURRENT:
      position = _ex_results_view_current_position (self);
      if (position != GTK_INVALID_LIST_POSITION)
        ex_utils_column_view_scroll_to_row (self->column_view, position);
      break;
    case EX_RESULTS_HOLD_NONE:
    default:
      break;
    }
}

static gboolean
keep_held_row_cb (gpointer user_data)
{
  ExResultsView *self = user_data;

  self->scroll_idle_id = 0;
  _ex_results_view_keep_held_row (self);
  return G_SOURCE_REMOVE;
}

/* The user scrolled the list (wheel, touchpad, the scroll bar): it stays
 * where the user took it. */
static void
user_scrolled_cb (ExResultsView *self)
{
  self->hold = EX_RESULTS_HOLD_NONE;
}

static gboolean
user_scrolled_wheel_cb (ExResultsView *self,
                        double         dx,
                        double         dy)
{
  if (dy != 0.0)
    self->hold = EX_RESULTS_HOLD_NONE;
  return FALSE;
}

void
_ex_results_view_watch_user_scroll (ExResultsView *self)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self->column_view),
                                                 GTK_TYPE_SCROLLED_WINDOW);
  GtkEventController *wheel;
  GtkGesture *press;

  /* In the capture phase: seen before the list scrolls, and let through. */
  wheel = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_propagation_phase (wheel, GTK_PHASE_CAPTURE);
  g_signal_connect_object (wheel, "scroll", G_CALLBACK (user_scrolled_wheel_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (scrolled, wheel);
  press = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect_object (press, "pressed", G_CALLBACK (user_scrolled_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scrolled)),
                             GTK_EVENT_CONTROLLER (press));
}

void
_ex_results_view_sort_pending_cb (GObject    *object,
                                  GParamSpec *pspec,
                                  gpointer    user_data)
{
  ExResultsView *self = user_data;

  if (!self->by_sort_value || self->hold == EX_RESULTS_HOLD_NONE || self->scroll_idle_id != 0
      || gtk_sort_list_model_get_pending (self->sorted) > 0)
    return;
  /* Not from inside the sort model's change (the list is being rebuilt),
   * and after the next layout. */
  self->scroll_idle_id = g_idle_add_full (G_PRIORITY_LOW, keep_held_row_cb, self, NULL);
}

/* Sorts the list by @column alone, in @order, as a click on its title
 * does.  GTK 4.8's gtk_column_view_sort_by_column() does not tell the
 * column that sorted before that it no longer does: its title would keep
 * its arrow, and its next click would only take the arrow it shows
 * already.  Clearing the sort first (sort by no column) tells it. */
static void
sort_by_column (ExResultsView       *self,
                GtkColumnViewColumn *column,
                GtkSortType          order)
{
  gtk_column_view_sort_by_column (self->column_view, NULL, GTK_SORT_ASCENDING);
  gtk_column_view_sort_by_column (self->column_view, column, order);
}

void
_ex_results_view_set_sort_key (ExResultsView *self,
                               gboolean       sorts,
                               const char    *label,
                               gboolean       min)
{
  GtkColumnViewColumn *column;

  column = self->columns[EX_RESULT_COLUMN_SORT];
  self->by_sort_value = sorts;
  if (!sorts)
    {
      /* The last search sorted: its order goes with its column. */
      if (gtk_column_view_column_get_column_view (column) != NULL)
        sort_by_column (self, self->columns[EX_RESULT_COLUMN_NUMBER], GTK_SORT_ASCENDING);
      _ex_results_view_show_column (self, EX_RESULT_COLUMN_SORT, FALSE);
      return;
    }
  if (label == NULL)
    label = C_("column", "Sort");
  gtk_column_view_column_set_title (column, label);
  /* As wide as the title needs, but not wider than a name column. */
  gtk_column_view_column_set_fixed_width (
    column, MAX (text_width (self, "-00000000") + CELL_PADDING,
                 MIN (title_width (self, label), title_width (self, "MMMMMMMMMMMM"))
                 + TITLE_PADDING + SORT_TITLE_EXTRA));
  self->sort_min = min;
  self->by_sort_value = TRUE;
  _ex_results_view_show_column (self, EX_RESULT_COLUMN_SORT, TRUE);
  /* Ascending in the column's own order: the best value first. */
  sort_by_column (self, column, GTK_SORT_ASCENDING);
}

void
ex_results_view_sort (ExResultsView  *self,
                      ExResultColumn  column,
                      GtkSortType     order)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));
  g_return_if_fail ((guint)column < N_COLUMNS);

  _ex_results_view_show_column (self, column, TRUE);
  sort_by_column (self, self->columns[column], order);
}

gboolean
ex_results_view_is_sorting (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), FALSE);

  return gtk_sort_list_model_get_pending (self->sorted) > 0
         || gtk_filter_list_model_get_pending (self->filtered) > 0;
}

