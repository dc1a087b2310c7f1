/* ex-game-list.c: every game of the database with its tags (the Games page).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The database is browsed as Scid or ChessBase show one: a row per game
 * with White, Black, Event, Site, Date, Result, ECO and the number of
 * pieces of its first position (a study's diagram), before any query.
 *
 * A thread reads the tags (ex-game-list-loader.c); its rows come into
 * @games in slices, one about every frame (16 ms), so that a database of
 * 150,000 games is listed while the window stays responsive.  The filters
 * are a GtkCustomFilter over @games (GtkFilterListModel, incremental: a
 * new filter on a big database is applied a slice at a time too); a click
 * on a column's title sorts the games shown by it (GtkSortListModel with
 * the column view's sorter, incremental as well).
 * Selecting a row sets #ExGameList:current; the window shows its game,
 * read back with ex_game_list_read_game().
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ex-game-list.h"
#include "ex-game-list-private.h"
#include "ex-utils.h"

/* Rows moved into the list per slice: at most 125,000 a second, more
 * than the reader gives (about 40,000 a second on a loaded 2-core
 * machine); a slice of 4,000 took 20 to 30 ms under Xvfb, too long for a
 * frame. */
#define ROWS_PER_SLICE 2000
#define SLICE_INTERVAL_MS 16

struct _ExGameList
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkSearchEntry     *player_entry;
  GtkSearchEntry     *event_entry;
  GtkEntry           *eco_entry;
  GtkDropDown        *result_dropdown;
  GtkEntry           *year_from_entry;
  GtkEntry           *year_to_entry;
  GtkEntry           *pieces_min_entry;
  GtkEntry           *pieces_max_entry;
  GtkLabel           *count_label;
  GtkColumnView      *column_view;

  GListStore         *games;         /* ExGameRow, database order */
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;
  gboolean            sort_changed;  /* the order changed; not yet scrolled to its top */
  guint               scroll_idle_id;
  GtkSingleSelection *selection;
  ExGameRow          *current;
  char              **paths;         /* the database's files, read once shown */
  ExGameLoader       *loader;        /* the database being read or read, or NULL */
  guint               feed_id;
  GError             *error;

  /* The filters (empty or 0: none); the texts casefolded. */
  char               *player;
  char               *event;
  char               *eco;
  const char         *result;
  guint               year_from, year_to;
  guint               pieces_min, pieces_max;
};

G_DEFINE_FINAL_TYPE (ExGameList, ex_game_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CURRENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------
 * Filtering
 */

/* Whether @haystack contains @needle (casefolded, non-empty), in any
 * case: ASCII needles are compared byte by byte (the bytes of other UTF-8
 * characters never equal an ASCII letter), others on @haystack casefolded. */
static gboolean
text_contains (const char *haystack,
               const char *needle)
{
  gsize n = strlen (needle);
  gboolean ascii = TRUE;

  for (const char *p = needle; *p != '\0'; p++)
    if ((guchar) *p >= 0x80)
      ascii = FALSE;
  if (ascii)
    {
      for (const char *p = haystack; *p != '\0'; p++)
        if (g_ascii_strncasecmp (p, needle, n) == 0)
          return TRUE;
      return FALSE;
    }
  else
    {
      g_autofree char *folded = g_utf8_casefold (haystack, -1);

      return strstr (folded, needle) != NULL;
    }
}

static gboolean
row_passes (gpointer item,
            gpointer data)
{
  ExGameList *self = data;
  ExGameRow *row = item;
  guint year = ex_game_row_get_year (row);
  guint pieces = ex_game_row_get_pieces (row);

  if (self->player != NULL && !text_contains (ex_game_row_get_white (row), self->player)
      && !text_contains (ex_game_row_get_black (row), self->player))
    return FALSE;
  if (self->event != NULL && !text_contains (ex_game_row_get_event (row), self->event)
      && !text_contains (ex_game_row_get_site (row), self->event))
    return FALSE;
  if (self->eco != NULL
      && g_ascii_strncasecmp (ex_game_row_get_eco (row), self->eco, strlen (self->eco)) != 0)
    return FALSE;
  if (self->result != NULL && strcmp (ex_game_row_get_result (row), self->result) != 0)
    return FALSE;
  if (self->year_from != 0 && (year == 0 || year < self->year_from))
    return FALSE;
  if (self->year_to != 0 && (year == 0 || year > self->year_to))
    return FALSE;
  if (self->pieces_min != 0 && pieces < self->pieces_min)
    return FALSE;
  if (self->pieces_max != 0 && pieces > self->pieces_max)
    return FALSE;
  return TRUE;
}

/* The text of @editable casefolded and stripped, or NULL when empty. */
static char *
dup_filter_text (GtkEditable *editable)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));

  return text[0] != '\0' ? g_utf8_casefold (text, -1) : NULL;
}

/* The number in @editable, or 0 when it holds none. */
static guint
filter_number (GtkEditable *editable)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  guint64 n = 0;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &n, NULL))
    return 0;
  return n;
}

static void update_count (ExGameList *self);

/* A filter box changed: the filters are read again and applied. */
static void
filters_changed_cb (ExGameList *self)
{
  static const char *const results[] = { NULL, "1-0", "0-1", "1/2-1/2", "*" };
  guint result = gtk_drop_down_get_selected (self->result_dropdown);

  g_free (self->player);
  self->player = dup_filter_text (GTK_EDITABLE (self->player_entry));
  g_free (self->event);
  self->event = dup_filter_text (GTK_EDITABLE (self->event_entry));
  g_free (self->eco);
  self->eco = dup_filter_text (GTK_EDITABLE (self->eco_entry));
  self->result = result < G_N_ELEMENTS (results) ? results[result] : NULL;
  self->year_from = filter_number (GTK_EDITABLE (self->year_from_entry));
  self->year_to = filter_number (GTK_EDITABLE (self->year_to_entry));
  self->pieces_min = filter_number (GTK_EDITABLE (self->pieces_min_entry));
  self->pieces_max = filter_number (GTK_EDITABLE (self->pieces_max_entry));
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

/* ------------------------------------------------------------------------
 * The count and the rows coming in
 */

static void
update_count (ExGameList *self)
{
  guint n_games = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  guint n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autofree char *games = ex_utils_format_count (n_games);
  g_autofree char *shown = ex_utils_format_count (n_shown);
  g_autofree char *text = NULL;

  if (self->loader == NULL && n_games == 0 && self->error == NULL)
    text = g_strdup ("");
  else if (n_shown == n_games && gtk_filter_list_model_get_pending (self->filtered) == 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s game", "%s games", n_games),
                            games);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s of %s game", "%s of %s games",
                                         n_games), shown, games);
  if (self->feed_id != 0)
    {
      char *reading = g_strdup_printf (_("%s, reading…"), text);

      g_free (text);
      text = reading;
    }
  else if (self->error != NULL)
    {
      char *stopped = g_strdup_printf (_("%s; the reading stopped: %s"), text,
                                       self->error->message);

      g_free (text);
      text = stopped;
    }
  gtk_label_set_label (self->count_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->count_label), text);
}

static void
stop_loading (ExGameList *self)
{
  g_clear_handle_id (&self->feed_id, g_source_remove);
  if (self->loader != NULL)
    ex_game_loader_cancel (self->loader);
}

/* Moves the rows read since the last slice into the list. */
static gboolean
feed_cb (gpointer data)
{
  ExGameList *self = data;
  g_autoptr(GPtrArray) rows = ex_game_loader_take_rows (self->loader, ROWS_PER_SLICE);
  const GError *error = NULL;

  if (rows->len > 0)
    g_list_store_splice (self->games, g_list_model_get_n_items (G_LIST_MODEL (self->games)), 0,
                         rows->pdata, rows->len);
  if (ex_game_loader_is_done (self->loader, &error))
    {
      if (error != NULL)
        self->error = g_error_copy (error);
      self->feed_id = 0;
      update_count (self);
      return G_SOURCE_REMOVE;
    }
  update_count (self);
  return G_SOURCE_CONTINUE;
}

/* ------------------------------------------------------------------------
 * Selection
 */

static void
selected_cb (ExGameList *self)
{
  ExGameRow *row = gtk_single_selection_get_selected_item (self->selection);

  if (row == self->current)
    return;
  g_set_object (&self->current, row);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
}

/* ------------------------------------------------------------------------
 * Columns
 */

typedef enum {
  COLUMN_NUMBER,
  COLUMN_WHITE,
  COLUMN_BLACK,
  COLUMN_EVENT,
  COLUMN_SITE,
  COLUMN_DATE,
  COLUMN_RESULT,
  COLUMN_ECO,
  COLUMN_PIECES,
} Column;

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  data)
{
  Column column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);
  gboolean numeric = column == COLUMN_NUMBER || column == COLUMN_PIECES;

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

/* The tag @column shows ("" when the game has none; "" for the number
 * and the pieces, which are not tags). */
static const char *
column_text (ExGameRow *row,
             Column     column)
{
  switch (column)
    {
    case COLUMN_WHITE: return ex_game_row_get_white (row);
    case COLUMN_BLACK: return ex_game_row_get_black (row);
    case COLUMN_EVENT: return ex_game_row_get_event (row);
    case COLUMN_SITE: return ex_game_row_get_site (row);
    case COLUMN_DATE: return ex_game_row_get_date (row);
    case COLUMN_RESULT: return ex_game_row_get_result (row);
    case COLUMN_ECO: return ex_game_row_get_eco (row);
    case COLUMN_NUMBER:
    case COLUMN_PIECES:
    default:
      return "";
    }
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  data)
{
  ExGameRow *row = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  g_autofree char *number = NULL;
  const char *text = "";

  switch ((Column) GPOINTER_TO_UINT (data))
    {
    case COLUMN_NUMBER:
      text = number = ex_utils_format_number (ex_game_row_get_number (row));
      break;
    case COLUMN_PIECES:
      /* 0: the FEN has no readable placement. */
      if (ex_game_row_get_pieces (row) > 0)
        text = number = g_strdup_printf ("%u", ex_game_row_get_pieces (row));
      break;
    default:
      text = column_text (row, GPOINTER_TO_UINT (data));
      break;
    }
  gtk_label_set_label (label, text);
}

/* Text tags by their letters, ignoring ASCII case; a game without the
 * tag ("") after every game with it (before them when the column is
 * sorted in descending order, as in the results list). */
static int
compare_text (const char *a,
              const char *b)
{
  if (*a == '\0' || *b == '\0')
    return (*a == '\0') - (*b == '\0');
  return g_ascii_strcasecmp (a, b);
}

static int
compare_numbers (guint64 a,
                 guint64 b)
{
  return (a > b) - (a < b);
}

/* Numbers by size, 0 (no year, no readable placement) after the others,
 * as a missing tag. */
static int
compare_present (guint64 a,
                 guint64 b)
{
  if (a == 0 || b == 0)
    return (a == 0) - (b == 0);
  return compare_numbers (a, b);
}

/* @ra and @rb by @column: numbers (the pieces, the Date's year) by size,
 * the other tags by their text; a game without the value comes after
 * those with it; 0 for the game number (the tie-break) and for ties. */
static int
compare_column (ExGameRow *ra,
                ExGameRow *rb,
                Column     column)
{
  int cmp = 0;

  switch (column)
    {
    case COLUMN_NUMBER:
      break;
    case COLUMN_DATE:
      /* The year, then the rest of the date as text. */
      cmp = compare_present (ex_game_row_get_year (ra), ex_game_row_get_year (rb));
      if (cmp == 0)
        cmp = compare_text (ex_game_row_get_date (ra), ex_game_row_get_date (rb));
      break;
    case COLUMN_PIECES:
      cmp = compare_present (ex_game_row_get_pieces (ra), ex_game_row_get_pieces (rb));
      break;
    default:
      cmp = compare_text (column_text (ra, column), column_text (rb, column));
      break;
    }
  return cmp;
}

/* The order of column GPOINTER_TO_UINT (@data) (compare_column()), ties by
 * game number, so that every order is total and stable.  Plain C
 * comparisons: the sort model compares often on a database of 100,000
 * games. */
static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  int cmp = compare_column ((ExGameRow *) a, (ExGameRow *) b, GPOINTER_TO_UINT (data));

  if (cmp == 0)
    cmp = compare_numbers (ex_game_row_get_number ((ExGameRow *) a),
                           ex_game_row_get_number ((ExGameRow *) b));
  return cmp < 0 ? GTK_ORDERING_SMALLER : cmp > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* A new sort order, once applied: the list shows its first games, unless
 * a game is selected (the list keeps that one in view).  GTK keeps the
 * row that was on top in view otherwise, wherever the sort moved it. */
static gboolean
scroll_to_top_cb (gpointer data)
{
  ExGameList *self = data;

  self->scroll_idle_id = 0;
  if (self->current == NULL)
    ex_utils_column_view_scroll_to_top (self->column_view);
  return G_SOURCE_REMOVE;
}

static void
sorted_pending_cb (ExGameList *self)
{
  if (!self->sort_changed || gtk_sort_list_model_get_pending (self->sorted) > 0
      || self->scroll_idle_id != 0)
    return;
  self->sort_changed = FALSE;
  /* Not from inside the sort model's change, and after the next layout. */
  self->scroll_idle_id = g_idle_add_full (G_PRIORITY_LOW, scroll_to_top_cb, self, NULL);
}

static void
sorter_changed_cb (ExGameList *self)
{
  self->sort_changed = TRUE;
  sorted_pending_cb (self);
}

static void
add_columns (ExGameList *self)
{
  static const struct { const char *title; int width; gboolean expand; } columns[] = {
    [COLUMN_NUMBER] = { N_("#"), 40, FALSE },
    [COLUMN_WHITE] = { N_("White"), 90, TRUE },
    [COLUMN_BLACK] = { N_("Black"), 80, TRUE },
    [COLUMN_EVENT] = { N_("Event"), 80, TRUE },
    [COLUMN_SITE] = { N_("Site"), 56, FALSE },
    [COLUMN_DATE] = { N_("Date"), 88, FALSE },
    [COLUMN_RESULT] = { N_("Result"), 62, FALSE },
    [COLUMN_ECO] = { N_("ECO"), 40, FALSE },
    [COLUMN_PIECES] = { N_("Pieces"), 58, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GUINT_TO_POINTER (i));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (i));
      column = gtk_column_view_column_new (_(columns[i].title), factory);
      gtk_column_view_column_set_fixed_width (column, columns[i].width);
      gtk_column_view_column_set_expand (column, columns[i].expand);
      gtk_column_view_column_set_resizable (column, TRUE);
      /* A click on the title sorts by the column, a second click the
       * other way. */
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, GUINT_TO_POINTER (i), NULL));
      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (column);
    }
}

/* ------------------------------------------------------------------------
 * Public API
 */

/* Starts reading the database's games, once: when the list is first
 * shown after ex_game_list_set_paths() (a database only searched is never
 * listed), or shown again after it was hidden while reading. */
static void
start_loading (ExGameList *self)
{
  if (self->loader != NULL || self->paths == NULL)
    return;
  self->loader = ex_game_loader_start ((const char *const *) self->paths);
  self->feed_id = g_timeout_add (SLICE_INTERVAL_MS, feed_cb, self);
  update_count (self);
}

void
ex_game_list_set_paths (ExGameList        *self,
                        const char *const *paths)
{
  g_return_if_fail (EX_IS_GAME_LIST (self));

  stop_loading (self);
  g_clear_pointer (&self->loader, ex_game_loader_unref);
  g_clear_error (&self->error);
  g_list_store_remove_all (self->games);
  if (self->current != NULL)
    {
      g_clear_object (&self->current);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
    }
  g_strfreev (self->paths);
  self->paths = paths != NULL && paths[0] != NULL ? g_strdupv ((char **) paths) : NULL;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    start_loading (self);
  update_count (self);
}

gboolean
ex_game_list_is_loading (ExGameList *self)
{
  g_return_val_if_fail (EX_IS_GAME_LIST (self), FALSE);

  return self->feed_id != 0 || (self->paths != NULL && self->loader == NULL);
}

const GError *
ex_game_list_get_error (ExGameList *self)
{
  g_return_val_if_fail (EX_IS_GAME_LIST (self), NULL);

  return self->error;
}

GListModel *
ex_game_list_get_games (ExGameList *self)
{
  g_return_val_if_fail (EX_IS_GAME_LIST (self), NULL);

  return G_LIST_MODEL (self->games);
}

GtkSelectionModel *
ex_game_list_get_shown (ExGameList *self)
{
  g_return_val_if_fail (EX_IS_GAME_LIST (self), NULL);

  return GTK_SELECTION_MODEL (self->selection);
}

ExGameRow *
ex_game_list_get_current (ExGameList *self)
{
  g_return_val_if_fail (EX_IS_GAME_LIST (self), NULL);

  return self->current;
}

CqGame *
ex_game_list_read_game (ExGameList *self,
                        ExGameRow  *row,
                        GError    **error)
{
  const CqGameSource *source;
  const char *path;

  g_return_val_if_fail (EX_IS_GAME_LIST (self), NULL);
  g_return_val_if_fail (EX_IS_GAME_ROW (row), NULL);

  source = ex_game_row_get_source (row);
  path = self->loader != NULL ? ex_game_loader_get_reread_path (self->loader,
                                                                source->file_index) : NULL;
  if (path == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("The game’s database is no longer open"));
      return NULL;
    }
  /* A file edited since it was listed never yields another game here. */
  return cq_pgn_read_game_at_checked (path, source, ex_game_row_get_digest (row), error);
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_game_list_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ExGameList *self = EX_GAME_LIST (object);

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
ex_game_list_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ex_game_list_parent_class)->map (widget);
  start_loading (EX_GAME_LIST (widget));
}

/* Hidden (a search shows its results) before every game is listed: the
 * reading stops, so that it does not take a core from the search; it
 * starts again when the list is shown. */
static void
ex_game_list_unmap (GtkWidget *widget)
{
  ExGameList *self = EX_GAME_LIST (widget);

  if (self->feed_id != 0)
    {
      stop_loading (self);
      g_clear_pointer (&self->loader, ex_game_loader_unref);
      g_list_store_remove_all (self->games);
      update_count (self);
    }
  GTK_WIDGET_CLASS (ex_game_list_parent_class)->unmap (widget);
}

static void
ex_game_list_dispose (GObject *object)
{
  ExGameList *self = EX_GAME_LIST (object);

  GtkWidget *child;

  stop_loading (self);
  g_clear_pointer (&self->loader, ex_game_loader_unref);
  /* The models may outlive the list (the column view holds them while it
   * is disposed): they no longer call it back. */
  if (self->filtered != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->filtered, self);
      g_signal_handlers_disconnect_by_data (self->sorted, self);
      g_clear_handle_id (&self->scroll_idle_id, g_source_remove);
      g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
      g_signal_handlers_disconnect_by_data (self->selection, self);
      gtk_custom_filter_set_filter_func (self->filter, NULL, NULL, NULL);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_GAME_LIST);
  /* The template's top-level child (the box) is not a bound child. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->current);
  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->games);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (ex_game_list_parent_class)->dispose (object);
}

static void
ex_game_list_finalize (GObject *object)
{
  ExGameList *self = EX_GAME_LIST (object);

  g_strfreev (self->paths);
  g_free (self->player);
  g_free (self->event);
  g_free (self->eco);
  G_OBJECT_CLASS (ex_game_list_parent_class)->finalize (object);
}

static void
ex_game_list_class_init (ExGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ex_game_list_get_property;
  object_class->dispose = ex_game_list_dispose;
  object_class->finalize = ex_game_list_finalize;
  widget_class->map = ex_game_list_map;
  widget_class->unmap = ex_game_list_unmap;

  /**
   * ExGameList:current:
   *
   * The game selected (#ExGameRow), or NULL: the window shows it.
   */
  properties[PROP_CURRENT] =
    g_param_spec_object ("current", NULL, NULL, EX_TYPE_GAME_ROW,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-game-list.ui");
  gtk_widget_class_bind_template_child (widget_class, ExGameList, player_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, event_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, eco_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, result_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, year_from_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, year_to_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, pieces_min_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, pieces_max_entry);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, count_label);
  gtk_widget_class_bind_template_child (widget_class, ExGameList, column_view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ex_game_list_init (ExGameList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->games = g_list_store_new (EX_TYPE_GAME_ROW);
  self->filter = gtk_custom_filter_new (row_passes, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->games)),
                                              GTK_FILTER (g_object_ref (self->filter)));
  gtk_filter_list_model_set_incremental (self->filtered, TRUE);
  /* Sorted by the column whose title was clicked (none at first: the
   * database's order), a slice at a time on a big database. */
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->filtered)),
                                          g_object_ref (gtk_column_view_get_sorter (
                                            self->column_view)));
  gtk_sort_list_model_set_incremental (self->sorted, TRUE);
  g_signal_connect_swapped (gtk_column_view_get_sorter (self->column_view), "changed",
                            G_CALLBACK (sorter_changed_cb), self);
  g_signal_connect_swapped (self->sorted, "notify::pending",
                            G_CALLBACK (sorted_pending_cb), self);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "notify::selected-item",
                            G_CALLBACK (selected_cb), self);
  g_signal_connect_swapped (self->filtered, "notify::pending",
                            G_CALLBACK (update_count), self);
  add_columns (self);

  g_signal_connect_swapped (self->player_entry, "search-changed",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->event_entry, "search-changed",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->eco_entry, "changed", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->year_from_entry, "changed",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->year_to_entry, "changed",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->pieces_min_entry, "changed",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->pieces_max_entry, "changed",
                            G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->result_dropdown, "notify::selected",
                            G_CALLBACK (filters_changed_cb), self);
  update_count (self);
}
