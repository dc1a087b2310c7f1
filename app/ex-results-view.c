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
 * The window hands over each batch of results as the search finds them
 * (ex_results_view_add()); they reach the list in slices, one per frame,
 * so that building rows never stalls the main loop, and
 * #ExResultsView::delivered tells when the last one is in.
 *
 * Why over 1,000 lines: the list's models (store, filter, sort,
 * selection), its columns with their factories and sorters, and the row
 * feed all work on the same models; the feed's timing depends on how the
 * rows are built.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-utils.h"
#include "ex-game-view.h"
#include "ex-results-view-private.h"

#define N_COLUMNS (EX_RESULT_COLUMN_FOUND + 1)

/* Pixels a column needs beyond its text: a cell's padding, and a title's
 * padding with the sort arrow (the data-table style of Adwaita). */
#define CELL_PADDING  14
#define TITLE_PADDING 24

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

  GListStore          *results;       /* ExResult, in input order */
  GPtrArray           *pending;       /* ExResult found, not yet in @results */
  guint                pending_head;  /* the first of @pending not yet delivered */
  guint                feed_tick_id;
  guint                feed_idle_id;
  guint                feed_small;    /* rows per slice while rows get widgets */
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
};

G_DEFINE_FINAL_TYPE (ExResultsView, ex_results_view, GTK_TYPE_WIDGET)

static void sort_pending_cb (GObject *object, GParamSpec *pspec, gpointer user_data);

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
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
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
  gtk_label_set_text (self->results_count_label, text);
}

/**
 * ex_results_view_show_empty:
 * @title: the empty state's title ("Searching…", "No Matching Games").
 * @description: the line under it.
 *
 * Shows the empty state with @title and @description instead of the list;
 * the list comes back with the first row delivered.
 */
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
 * Columns and sorting
 */

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
  /* Only the wide column is shortened in the middle: its full text in a
   * tooltip.  (Tooltips on every cell make the first rows slow to build.) */
  if (column == EX_RESULT_COLUMN_EVENT)
    gtk_widget_set_tooltip_text (GTK_WIDGET (cell), text);
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

/* Adds column @index, as wide as its widest value needs: @sample (a
 * number or date of the longest kind, so that a 6-digit game number or
 * "1/2-1/2" is never cut) or @n_chars average characters of text, and no
 * narrower than its title with room for the sort arrow.  The widths come
 * from the font, so that they hold for any font size and translation. */
static void
add_column (ExResultsView *self,
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
  width = MAX (width + CELL_PADDING, text_width (self, title) + TITLE_PADDING);

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

/* Shows or hides column @index.  Hidden columns are removed from the view:
 * GTK 4.8 still counts the width of an invisible column, so that the
 * expanding column (Event) would not fill the space. */
static void
show_column (ExResultsView *self,
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

/* Shows the White, Black, Round and Date columns only if some result has a
 * value for them (study collections often have none).  Decided on the
 * first batch of a search, before its rows exist; a later batch may only
 * show more columns. */
static void
update_column_visibility (ExResultsView *self,
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

      show_column (self, EX_RESULT_COLUMN_FOUND,
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
    show_column (self, EX_RESULT_COLUMN_WHITE, white);
  if (first || black)
    show_column (self, EX_RESULT_COLUMN_BLACK, black);
  if (first || round)
    show_column (self, EX_RESULT_COLUMN_ROUND, round);
  if (first || date)
    show_column (self, EX_RESULT_COLUMN_DATE, date);
}

/* Rows that come in sorted by value land above the ones shown first, and
 * the list keeps those in view: when the sort is done, and nothing was
 * selected yet, the list goes back to its top, the best value. */
static gboolean
scroll_to_top_cb (gpointer user_data)
{
  ExResultsView *self = user_data;

  self->scroll_idle_id = 0;
  if (!self->by_sort_value || self->current != NULL
      || g_list_model_get_n_items (G_LIST_MODEL (self->sorted)) == 0)
    return G_SOURCE_REMOVE;
  /* The column view's list (GTK 4.8 has no gtk_column_view_scroll_to()):
   * its scroll-to-item action, which moves the anchor too. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", 0);
  return G_SOURCE_REMOVE;
}

static void
sort_pending_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  ExResultsView *self = user_data;

  if (!self->by_sort_value || self->current != NULL || self->scroll_idle_id != 0
      || gtk_sort_list_model_get_pending (self->sorted) > 0)
    return;
  /* Not from inside the sort model's change (the list is being rebuilt),
   * and after the next layout. */
  self->scroll_idle_id = g_idle_add_full (G_PRIORITY_LOW, scroll_to_top_cb, self, NULL);
}

/**
 * ex_results_view_set_sort_key:
 * @sorts: the search about to start sorts its games (a CQL 6 query with
 *   `sort`: cq_query_get_n_sort_keys() > 0).
 * @label: (nullable): its first sort's label, the column's title; NULL
 *   for "Sort".
 * @min: the first sort is `sort min`.
 *
 * Shows the Sort column for such a search, titled with the label, and
 * orders the list by it as CQL 6.2 orders its output (the best value
 * first: the largest, or with `sort min` the smallest); hides it for any
 * other search, which is ordered by game number again after a sorted one.
 */
void
ex_results_view_set_sort_key (ExResultsView *self,
                              gboolean       sorts,
                              const char    *label,
                              gboolean       min)
{
  GtkColumnViewColumn *column;

  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  column = self->columns[EX_RESULT_COLUMN_SORT];
  self->by_sort_value = sorts;
  if (!sorts)
    {
      /* The last search sorted: its order goes with its column. */
      if (gtk_column_view_column_get_column_view (column) != NULL)
        gtk_column_view_sort_by_column (self->column_view,
                                        self->columns[EX_RESULT_COLUMN_NUMBER],
                                        GTK_SORT_ASCENDING);
      show_column (self, EX_RESULT_COLUMN_SORT, FALSE);
      return;
    }
  if (label == NULL)
    label = C_("column", "Sort");
  gtk_column_view_column_set_title (column, label);
  /* As wide as the title needs, but not wider than a name column. */
  gtk_column_view_column_set_fixed_width (
    column, MAX (text_width (self, "-00000000") + CELL_PADDING,
                 MIN (text_width (self, label), text_width (self, "MMMMMMMMMMMM")) + TITLE_PADDING));
  self->sort_min = min;
  self->by_sort_value = TRUE;
  show_column (self, EX_RESULT_COLUMN_SORT, TRUE);
  /* Ascending in the column's own order: the best value first. */
  gtk_column_view_sort_by_column (self->column_view, column, GTK_SORT_ASCENDING);
}

/**
 * ex_results_view_sort:
 * @column: the column to sort by (as a click on its title does); a hidden
 *   column is shown first.
 * @order: ascending or descending; ties are broken by game number.
 *
 * Sorting is incremental: ex_results_view_is_sorting() tells when it is
 * done.
 */
void
ex_results_view_sort (ExResultsView  *self,
                      ExResultColumn  column,
                      GtkSortType     order)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));
  g_return_if_fail ((guint)column < N_COLUMNS);

  show_column (self, column, TRUE);
  gtk_column_view_sort_by_column (self->column_view, self->columns[column], order);
}

/* Whether the list is still being sorted or filtered. */
gboolean
ex_results_view_is_sorting (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), FALSE);

  return gtk_sort_list_model_get_pending (self->sorted) > 0
         || gtk_filter_list_model_get_pending (self->filtered) > 0;
}

/* ------------------------------------------------------------------------
 * Delivering rows to the list
 *
 * The search hands over results in batches of up to a few thousand.
 * Splicing a batch into the list at once stalls the main loop: GTK 4.8's
 * list views build a row of widgets for about 200 items at once, and with
 * seven labels a row that took 0.4-0.7 s under Xvfb.  So batches wait in
 * @pending and go to the list in slices, one slice per frame (a tick
 * callback; an idle while the view is not shown): small slices while
 * the list is short and its rows get widgets, large ones after, when an
 * appended row costs a few pointer moves.
 */

#define FEED_ROWS_WITH_WIDGETS 220
#define FEED_SLICE_MIN         2
#define FEED_SLICE_MAX         32
#define FEED_SLICE_LARGE       4000
/* The budget of one small slice: it is halved when a slice takes longer,
 * doubled when it takes less than a quarter. */
#define FEED_BUDGET_US         (8 * G_TIME_SPAN_MILLISECOND)

/**
 * ex_results_view_get_n_pending:
 *
 * Returns: how many results given to ex_results_view_add() are not in the
 *   list yet.
 */
guint
ex_results_view_get_n_pending (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), 0);

  return self->pending->len - self->pending_head;
}

static gboolean
feed_slice (ExResultsView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
  gboolean small = n < FEED_ROWS_WITH_WIDGETS;
  guint k = small ? self->feed_small : FEED_SLICE_LARGE;

  k = MIN (k, ex_results_view_get_n_pending (self));
  if (k > 0)
    {
      gint64 start = g_get_monotonic_time ();
      gint64 spent;

      g_list_store_splice (self->results, n, 0, self->pending->pdata + self->pending_head, k);
      self->pending_head += k;
      sort_pending_cb (NULL, NULL, self);
      if (n == 0)
        gtk_stack_set_visible_child_name (self->results_stack, "results");
      update_results_count (self);

      spent = g_get_monotonic_time () - start;
      if (small && k == self->feed_small)
        {
          if (spent > FEED_BUDGET_US)
            self->feed_small = MAX (FEED_SLICE_MIN, self->feed_small / 2);
          else if (spent < FEED_BUDGET_US / 4)
            self->feed_small = MIN (FEED_SLICE_MAX, self->feed_small * 2);
        }
    }

  if (ex_results_view_get_n_pending (self) > 0)
    return G_SOURCE_CONTINUE;

  g_ptr_array_set_size (self->pending, 0);
  self->pending_head = 0;
  self->feed_tick_id = 0;
  self->feed_idle_id = 0;
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
  g_ptr_array_set_size (self->pending, 0);
  self->pending_head = 0;
}

static void
queue_rows (ExResultsView *self,
            GPtrArray     *results)
{
  for (guint i = 0; i < results->len; i++)
    g_ptr_array_add (self->pending, g_object_ref (g_ptr_array_index (results, i)));

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

/**
 * ex_results_view_add:
 * @results: (element-type ExResult): a batch of results, in input order,
 *   following those given before; each is referenced, the array is not
 *   kept.
 *
 * Queues @results for the list.  They go in by slices, one per frame (from
 * an idle while the view is not shown); the first slice goes in at once
 * when the view is shown.  #ExResultsView::delivered is emitted when the
 * last queued result is in.  The first batch after ex_results_view_clear()
 * decides which of the White, Black, Round and Date columns are shown
 * (those that some result has a value for); later ones may only show more.
 */
void
ex_results_view_add (ExResultsView *self,
                     GPtrArray     *results)
{
  guint n;

  g_return_if_fail (EX_IS_RESULTS_VIEW (self));
  g_return_if_fail (results != NULL);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->results))
      + ex_results_view_get_n_pending (self);
  update_column_visibility (self, results, n == 0);
  queue_rows (self, results);
}

/**
 * ex_results_view_discard_pending:
 *
 * Drops the results given to ex_results_view_add() that are not in the list
 * yet, without #ExResultsView::delivered; those in the list stay.
 */
void
ex_results_view_discard_pending (ExResultsView *self)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  stop_feeding (self);
}

static gpointer
unref_thread (gpointer data)
{
  g_object_unref (data);
  return NULL;
}

/* Empties the list for a new search.  g_list_store_remove_all() on a list
 * of 115,000 rows took 0.35 s (tests/ui/test-stall.c): 0.2 s of it freeing
 * the results.  So the filter gets a new, empty store and the old one, with
 * its immutable results, is freed on a thread of its own; what remains is
 * the models and the view letting go of the rows (0.14 s for 115,000). */
static void
forget_results (ExResultsView *self)
{
  GListStore *old = self->results;

  stop_feeding (self);
  self->results = g_list_store_new (EX_TYPE_RESULT);
  gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (self->results));
  if (g_list_model_get_n_items (G_LIST_MODEL (old)) > 1000)
    g_thread_unref (g_thread_new ("excelsior-free", unref_thread, old));
  else
    g_object_unref (old);
}

/**
 * ex_results_view_clear:
 *
 * Starts a new, empty set of results (for a new search): unselects every
 * row, unsets #ExResultsView:current, drops the results in the list and
 * those not delivered yet.  The filter and the sort order stay.  From the
 * first call on, the header counts the results ("0 games"); before it, it
 * is blank.  The empty state is left as it is: see
 * ex_results_view_show_empty().
 */
void
ex_results_view_clear (ExResultsView *self)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  gtk_selection_model_unselect_all (GTK_SELECTION_MODEL (self->selection));
  if (self->current != NULL)
    {
      g_clear_object (&self->current);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
    }
  forget_results (self);
  self->counting = TRUE;
  update_results_count (self);
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

/**
 * ex_results_view_set_filter_text:
 * @text: (nullable): the text of the filter box; NULL or "" shows every result.
 *
 * Shows only the results whose number, White, Black, Event, Site or Date
 * contains @text, ignoring case.  Sets the filter box's text too.
 * Filtering is incremental: ex_results_view_is_sorting() tells when it is
 * done.
 */
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

/**
 * ex_results_view_is_filtered:
 *
 * Returns: TRUE if the filter box holds text, so that the list shows only
 *   the results that contain it.
 */
gboolean
ex_results_view_is_filtered (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), FALSE);

  return self->filter_text != NULL;
}

/**
 * ex_results_view_focus_filter:
 *
 * Moves the keyboard focus to the filter box.
 */
void
ex_results_view_focus_filter (ExResultsView *self)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->filter_entry));
}

/* ------------------------------------------------------------------------
 * Selection
 */

/* Returns: the position of the result shown in the (sorted, filtered)
 * list, or GTK_INVALID_LIST_POSITION. */
static guint
current_position (ExResultsView *self)
{
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);

  if (self->current == NULL)
    return GTK_INVALID_LIST_POSITION;
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
      guint current = current_position (self);
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

/**
 * ex_results_view_select:
 * @position: a position in ex_results_view_get_model() (as shown: sorted
 *   and filtered).
 * @unselect_rest: TRUE to select only this result (a click), FALSE to add
 *   it to the selection (a Ctrl+click).
 *
 * Selects the result at @position; it becomes #ExResultsView:current.
 */
void
ex_results_view_select (ExResultsView *self,
                        guint          position,
                        gboolean       unselect_rest)
{
  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position,
                                   unselect_rest);
}

/**
 * ex_results_view_step:
 * @delta: -1 for the previous result, +1 for the next one (in the order
 *   shown).
 *
 * Selects only the result before or after #ExResultsView:current, staying
 * at the first or last one; without a current result, the first (@delta >
 * 0) or the last one.  Does nothing when the list is empty.
 */
void
ex_results_view_step (ExResultsView *self,
                      int            delta)
{
  guint n, selected, target;

  g_return_if_fail (EX_IS_RESULTS_VIEW (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  selected = current_position (self);
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

/**
 * ex_results_view_get_current:
 *
 * Returns: (transfer none) (nullable): the result to show: the one most
 *   recently selected (see #ExResultsView:current), or NULL.
 */
ExResult *
ex_results_view_get_current (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return self->current;
}

/**
 * ex_results_view_dup_selected:
 *
 * Returns: (transfer full) (element-type ExResult): every selected result,
 *   in input order whatever the sort; empty when none is selected.
 */
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
  n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
  for (guint i = 0; i < n && g_hash_table_size (set) > 0; i++)
    {
      ExResult *item = g_list_model_get_item (G_LIST_MODEL (self->results), i);

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

/**
 * ex_results_view_get_results:
 *
 * Returns: (transfer none): every result in the list, in input order, a
 *   #GListModel of #ExResult (not those still pending).  A new model after
 *   each ex_results_view_clear(): do not keep it.
 */
GListModel *
ex_results_view_get_results (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return G_LIST_MODEL (self->results);
}

/**
 * ex_results_view_get_shown:
 *
 * Returns: (transfer none): the results that pass the filter box, in input
 *   order, a #GListModel of #ExResult.
 */
GListModel *
ex_results_view_get_shown (ExResultsView *self)
{
  g_return_val_if_fail (EX_IS_RESULTS_VIEW (self), NULL);

  return G_LIST_MODEL (self->filtered);
}

/**
 * ex_results_view_get_model:
 *
 * Returns: (transfer none): the results as shown (filtered, sorted), the
 *   #GtkMultiSelection of #ExResult the list displays.
 */
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

static void
ex_results_view_dispose (GObject *object)
{
  ExResultsView *self = EX_RESULTS_VIEW (object);
  GtkWidget *child;

  stop_feeding (self);
  /* The sort model may outlive the view (the column view holds it while
   * it is disposed) and go on sorting: no more scrolling to the top. */
  if (self->sorted != NULL)
    g_signal_handlers_disconnect_by_func (self->sorted, sort_pending_cb, self);
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

  g_clear_pointer (&self->pending, g_ptr_array_unref);
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
   * ex_results_view_clear() unsets it.
   */
  properties[PROP_CURRENT] =
    g_param_spec_object ("current", NULL, NULL,
                         EX_TYPE_RESULT,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExResultsView::delivered:
   *
   * Emitted when the last result given to ex_results_view_add() is in the
   * list (not after ex_results_view_discard_pending() or
   * ex_results_view_clear()).
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

  self->results = g_list_store_new (EX_TYPE_RESULT);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  self->feed_small = 8;

  /* Translators: column titles of the results list.  For studies White
   * and Black usually hold the composer and the stipulation. */
  add_column (self, EX_RESULT_COLUMN_NUMBER, C_("column", "#"), "000000", 0);
  /* Translators: the values of a CQL 6 query's `sort` filter, when the
   * query gives it no label of its own */
  add_column (self, EX_RESULT_COLUMN_SORT, C_("column", "Sort"), "-00000000", 0);
  add_column (self, EX_RESULT_COLUMN_WHITE, C_("column", "White"), NULL, 12);
  add_column (self, EX_RESULT_COLUMN_BLACK, C_("column", "Black"), NULL, 12);
  add_column (self, EX_RESULT_COLUMN_EVENT, C_("column", "Event"), NULL, 14);
  add_column (self, EX_RESULT_COLUMN_ROUND, C_("column", "Round"), "00.00", 0);
  add_column (self, EX_RESULT_COLUMN_DATE, C_("column", "Date"), "0000.00.00", 0);
  add_column (self, EX_RESULT_COLUMN_RESULT, C_("column", "Result"), "1/2-1/2", 0);
  /* Translators: the number of matched positions of a game */
  add_column (self, EX_RESULT_COLUMN_POSITIONS, C_("column", "Positions"), "00000", 0);
  add_column (self, EX_RESULT_COLUMN_FOUND, C_("column", "Found"), NULL, 20);

  gtk_column_view_column_set_expand (self->columns[EX_RESULT_COLUMN_EVENT], TRUE);
  show_column (self, EX_RESULT_COLUMN_ROUND, FALSE);
  show_column (self, EX_RESULT_COLUMN_FOUND, FALSE);
  show_column (self, EX_RESULT_COLUMN_SORT, FALSE);

  self->filter = GTK_FILTER (gtk_custom_filter_new (filter_result, self, NULL));
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->results)), NULL);
  gtk_filter_list_model_set_incremental (self->filtered, TRUE);
  sorter = gtk_column_view_get_sorter (self->column_view);
  self->sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered)),
                                          g_object_ref (sorter));
  gtk_sort_list_model_set_incremental (self->sorted, TRUE);
  g_signal_connect_object (self->sorted, "notify::pending", G_CALLBACK (sort_pending_cb),
                           self, 0);
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
}
