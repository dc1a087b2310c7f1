/* ex-window.c: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window holds one CQL query in a GtkSourceView, searches one PGN
 * database with it on a dedicated thread (ExSearchJob), lists the matched
 * games in a GtkColumnView over a GListStore of ExResult, shows the selected
 * game in an ExGameView (app/viewer) at its first matched position, and
 * exports the matched games with their {MATCH} marks (rulings R2).
 *
 * Which database is searched: the one shown on the database button, always.
 * A query's :pgn is not used when running (the editor's text has no file
 * to resolve it against); opening a .cql file whose :pgn names an existing
 * file selects that database on the button, so what is shown is what is
 * searched.  The default is the bundled sample database.  The query's
 * :output is not used either: Export writes the matched games.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"
#include "ex-game-view.h"

#include "ex-application.h"
#include "ex-export.h"
#include "ex-result.h"
#include "ex-search-job.h"
#include "ex-window.h"

/* The name given to the CQL reader, so that its messages read
 * "<editor>:LINE:COLUMN: message" (rulings R13). */
#define EDITOR_FILENAME "<editor>"
#define SAMPLE_DATABASE "sample/studies.pgn"
#define RESOURCE_PATH   "/org/excelsior/Workbench/"
#define MAX_DIAGNOSTICS 200

/* The columns of the results list, in display order. */
enum {
  COLUMN_NUMBER,
  COLUMN_WHITE,
  COLUMN_BLACK,
  COLUMN_EVENT,
  COLUMN_ROUND,
  COLUMN_DATE,
  COLUMN_RESULT,
  COLUMN_POSITIONS,
  N_COLUMNS
};

struct _ExWindow
{
  GtkApplicationWindow  parent_instance;

  /* Template widgets */
  GtkButton            *database_button;
  GtkLabel             *database_label;
  GtkLabel             *progress_label;
  GtkMenuButton        *examples_button;
  GtkProgressBar       *progress_bar;
  GtkLabel             *query_file_label;
  GtkSourceView        *editor;
  GtkLabel             *results_count_label;
  GtkStack             *results_stack;
  GtkLabel             *empty_title_label;
  GtkLabel             *empty_description_label;
  GtkColumnView        *results_view;
  GtkBox               *viewer_box;
  GtkBox               *status_bar;
  GtkImage             *status_icon;
  GtkLabel             *status_label;
  GtkLabel             *diagnostics_label;

  GtkSourceBuffer      *buffer;
  GtkTextTag           *error_tag;
  GtkWidget            *game_view;

  GtkColumnViewColumn  *columns[N_COLUMNS];

  GListStore           *results;       /* ExResult, in input order */
  GtkSortListModel     *sorted;
  GtkSingleSelection   *selection;

  GFile                *database;
  GFile                *query_file;
  ExSearchJob          *job;           /* the current search, or NULL */
  char                 *results_db_path;
  CqSearchProgress      progress;
  GPtrArray            *diagnostics;   /* first MAX_DIAGNOSTICS messages */

  guint                 error_line;    /* 1-based; 0: no error shown */
  guint                 error_column;
  guint                 status_is_error : 1;
  guint                 exporting : 1;
};

G_DEFINE_FINAL_TYPE (ExWindow, ex_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  SEARCH_FINISHED,
  EXPORT_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The example queries of data/queries/, offered in the Examples menu. */
static const struct {
  const char *file;
  const char *title;
} examples[] = {
  { "knight-mate.cql",         N_("Checkmate with a White Knight on the Board") },
  { "stalemate.cql",           N_("Stalemates, Variations Included") },
  { "mate-in-variations.cql",  N_("Checkmates in Variations Only") },
  { "king-in-corner.cql",      N_("White King in a Corner") },
  { "queen-on-eighth.cql",     N_("White Queen on the Eighth Rank") },
  { "stalemate-ending.cql",    N_("Main Line Ends in Stalemate") },
  { "black-king-corner-start.cql", N_("Black King in a Corner at the Start") },
};

static void update_actions (ExWindow *self);

/* ------------------------------------------------------------------------
 * Status line, progress and counts
 */

static void
set_status (ExWindow   *self,
            const char *text,
            gboolean    is_error)
{
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), is_error);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_bar), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_bar), "error");
  self->status_is_error = !!is_error;
}

/* "1,234" in the user's locale. */
static char *
format_count (guint64 n)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

static void
update_progress (ExWindow *self)
{
  const CqSearchProgress *p = &self->progress;
  g_autofree char *games = format_count (p->games);
  g_autofree char *matches = format_count (p->matches);
  g_autofree char *text = NULL;

  if (p->seconds > 0.0)
    {
      g_autofree char *rate = format_count ((guint64)(p->games / p->seconds + 0.5));

      /* Translators: games searched · games matched · games per second */
      text = g_strdup_printf (_("%s games · %s matches · %s games/s"), games, matches, rate);
    }
  else
    text = g_strdup_printf (_("%s games · %s matches"), games, matches);

  gtk_label_set_text (self->progress_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), TRUE);

  if (p->total_bytes > 0)
    gtk_progress_bar_set_fraction (self->progress_bar,
                                   CLAMP ((double)p->bytes / (double)p->total_bytes, 0.0, 1.0));
  else
    gtk_progress_bar_pulse (self->progress_bar);

  if (p->damaged + p->skipped > 0)
    {
      g_autofree char *damaged = format_count (p->damaged);
      g_autofree char *skipped = format_count (p->skipped);
      g_autofree char *label = NULL;
      g_autoptr(GString) tooltip = g_string_new (NULL);

      /* Translators: games that could not be read in full / games that are
       * not standard chess (rulings R13) */
      if (p->damaged == 0)
        label = g_strdup_printf (_("%s skipped"), skipped);
      else if (p->skipped == 0)
        label = g_strdup_printf (_("%s damaged"), damaged);
      else
        label = g_strdup_printf (_("%s damaged, %s skipped"), damaged, skipped);

      for (guint i = 0; i < self->diagnostics->len; i++)
        {
          if (tooltip->len > 0)
            g_string_append_c (tooltip, '\n');
          g_string_append (tooltip, g_ptr_array_index (self->diagnostics, i));
        }
      if (p->damaged + p->skipped > self->diagnostics->len)
        g_string_append (tooltip, "\n…");

      gtk_label_set_text (self->diagnostics_label, label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->diagnostics_label), tooltip->str);
      gtk_widget_set_visible (GTK_WIDGET (self->diagnostics_label), TRUE);
    }
}

static void
update_results_count (ExWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
  g_autofree char *count = format_count (n);
  g_autofree char *text = NULL;

  if (self->results_db_path == NULL)
    {
      gtk_label_set_text (self->results_count_label, "");
      return;
    }

  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s game", "%s games", n), count);
  gtk_label_set_text (self->results_count_label, text);
}

static void
show_empty_state (ExWindow   *self,
                  const char *title,
                  const char *description)
{
  gtk_label_set_text (self->empty_title_label, title);
  gtk_label_set_text (self->empty_description_label, description);
  gtk_stack_set_visible_child_name (self->results_stack, "empty");
}

/* ------------------------------------------------------------------------
 * Query editor and its errors
 */

static void
clear_query_error (ExWindow *self)
{
  GtkTextIter start, end;

  if (self->error_line == 0)
    return;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->error_tag, &start, &end);
  self->error_line = 0;
  self->error_column = 0;
}

/* Reads LINE and COLUMN from "<editor>:LINE:COLUMN: message" (rulings R13). */
static gboolean
parse_error_location (const char *message,
                      guint      *line,
                      guint      *column)
{
  const char *p;
  char *end;
  guint64 l, c;

  if (!g_str_has_prefix (message, EDITOR_FILENAME ":"))
    return FALSE;

  p = message + strlen (EDITOR_FILENAME ":");
  l = g_ascii_strtoull (p, &end, 10);
  if (end == p || *end != ':')
    return FALSE;
  p = end + 1;
  c = g_ascii_strtoull (p, &end, 10);
  if (end == p || *end != ':' || l == 0 || l > G_MAXINT || c > G_MAXINT)
    return FALSE;

  *line = (guint)l;
  *column = (guint)MAX (c, 1);
  return TRUE;
}

static gboolean
is_item_end (gunichar c)
{
  return c == 0 || g_unichar_isspace (c) || c == '(' || c == ')' || c == ';';
}

/* Shows a compilation error: in the status line, and in the editor by
 * underlining the item at LINE:COLUMN and putting the cursor there. */
static void
show_query_error (ExWindow     *self,
                  const GError *error)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;
  guint line, column;

  set_status (self, error->message, TRUE);

  if (!parse_error_location (error->message, &line, &column))
    return;

  clear_query_error (self);

  if (line > (guint)gtk_text_buffer_get_line_count (buffer))
    gtk_text_buffer_get_end_iter (buffer, &start);
  else
    {
      gtk_text_buffer_get_iter_at_line (buffer, &start, (int)line - 1);
      /* Columns count characters (R13); stop at the end of the line. */
      for (guint i = 1; i < column && !gtk_text_iter_ends_line (&start); i++)
        gtk_text_iter_forward_char (&start);
    }

  /* Underline the item that starts there; a parenthesis or the end of the
   * text gets one character. */
  end = start;
  if (gtk_text_iter_is_end (&start) || gtk_text_iter_ends_line (&start))
    {
      if (!gtk_text_iter_starts_line (&start))
        gtk_text_iter_backward_char (&start);
      else
        gtk_text_iter_forward_char (&end);
    }
  else if (!is_item_end (gtk_text_iter_get_char (&start)))
    {
      while (!gtk_text_iter_is_end (&end) && !is_item_end (gtk_text_iter_get_char (&end)))
        gtk_text_iter_forward_char (&end);
    }
  else
    gtk_text_iter_forward_char (&end);

  gtk_text_buffer_apply_tag (buffer, self->error_tag, &start, &end);
  gtk_text_buffer_place_cursor (buffer, &start);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->editor), &start, 0.1, FALSE, 0.0, 0.0);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor));

  self->error_line = line;
  self->error_column = column;
}

static void
buffer_changed_cb (ExWindow      *self,
                   GtkTextBuffer *buffer)
{
  clear_query_error (self);
}

static void
replace_query_text (ExWindow   *self,
                    const char *text,
                    gboolean    undoable)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  /* gtk_text_buffer_set_text() is irreversible: delete and insert instead
   * when the change is to be undoable. */
  if (undoable)
    {
      gtk_text_buffer_begin_user_action (buffer);
      gtk_text_buffer_get_bounds (buffer, &start, &end);
      gtk_text_buffer_delete (buffer, &start, &end);
      gtk_text_buffer_insert (buffer, &start, text, -1);
      gtk_text_buffer_end_user_action (buffer);
    }
  else
    gtk_text_buffer_set_text (buffer, text, -1);

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
}

/* ------------------------------------------------------------------------
 * Database
 */

static void
update_database_label (ExWindow *self)
{
  if (self->database != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->database);
      g_autofree char *path = g_file_get_path (self->database);
      g_autofree char *tooltip = NULL;

      gtk_label_set_text (self->database_label, name);
      tooltip = g_strdup_printf (_("Searching “%s”. The database chosen here is always the one "
                                   "searched: a query’s :pgn is ignored, except that opening a "
                                   ".cql file whose :pgn exists selects that database."),
                                 path != NULL ? path : name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->database_button), tooltip);
    }
  else
    gtk_label_set_text (self->database_label, _("No Database"));
}

/**
 * ex_window_set_database:
 * @file: (nullable): a PGN file (only local files can be searched).
 *
 * Sets the database the next search reads.  A running search goes on with
 * the database it started with.
 */
void
ex_window_set_database (ExWindow *self,
                        GFile    *file)
{
  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->database, file);
  update_database_label (self);
  update_actions (self);
}

GFile *
ex_window_get_database (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->database;
}

static void
use_sample_database (ExWindow *self)
{
  g_autofree char *path = ex_application_find_data_file (SAMPLE_DATABASE);

  if (path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);

      ex_window_set_database (self, file);
    }
  else
    {
      ex_window_set_database (self, NULL);
      set_status (self, _("The sample database was not found: choose a database"), TRUE);
    }
}

/* ------------------------------------------------------------------------
 * Results
 */

static void
label_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  gboolean numeric = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "ex-numeric"));
  gboolean expand = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "ex-expand"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  /* The wide column (Event) keeps both ends: "Beautiful Ch…Dizvov, 1978". */
  gtk_label_set_ellipsize (GTK_LABEL (label), expand ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
label_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  const char *property = g_object_get_data (G_OBJECT (factory), "ex-property");
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  ExResult *result = gtk_list_item_get_item (item);
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *text = NULL;

  g_object_get_property (G_OBJECT (result), property, &value);
  if (G_VALUE_HOLDS_STRING (&value))
    text = g_value_dup_string (&value);
  else if (G_VALUE_HOLDS_UINT64 (&value))
    text = g_strdup_printf ("%" G_GUINT64_FORMAT, g_value_get_uint64 (&value));
  else if (G_VALUE_HOLDS_UINT (&value))
    text = g_strdup_printf ("%u", g_value_get_uint (&value));

  gtk_label_set_text (label, text != NULL ? text : "");
  /* Only the wide column is shortened in the middle: its full text in a
   * tooltip.  (Tooltips on every cell make the first rows slow to build.) */
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "ex-expand")))
    gtk_widget_set_tooltip_text (GTK_WIDGET (label), text);
}

static void
add_column (ExWindow   *self,
            guint       index,
            const char *title,
            const char *property,
            gboolean    numeric,
            gboolean    expand,
            int         fixed_width)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;
  GtkExpression *expression;
  GtkSorter *sorter;

  g_object_set_data (G_OBJECT (factory), "ex-property", (gpointer)property);
  g_object_set_data (G_OBJECT (factory), "ex-numeric", GINT_TO_POINTER (numeric));
  g_object_set_data (G_OBJECT (factory), "ex-expand", GINT_TO_POINTER (expand));
  g_signal_connect (factory, "setup", G_CALLBACK (label_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (label_bind_cb), NULL);

  expression = gtk_property_expression_new (EX_TYPE_RESULT, NULL, property);
  if (numeric)
    sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
  else
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));

  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  if (fixed_width > 0)
    gtk_column_view_column_set_fixed_width (column, fixed_width);
  gtk_column_view_append_column (self->results_view, column);
  g_object_unref (sorter);

  self->columns[index] = column;
}

/* Shows or hides column @index.  Hidden columns are removed from the view:
 * GTK 4.8 still counts the width of an invisible column, so that the
 * expanding column (Event) would not fill the space. */
static void
show_column (ExWindow *self,
             guint     index,
             gboolean  shown)
{
  GtkColumnViewColumn *column = self->columns[index];
  guint position = 0;

  if (shown == (gtk_column_view_column_get_column_view (column) != NULL))
    return;

  if (!shown)
    {
      gtk_column_view_remove_column (self->results_view, column);
      return;
    }

  for (guint i = 0; i < index; i++)
    if (gtk_column_view_column_get_column_view (self->columns[i]) != NULL)
      position++;
  gtk_column_view_insert_column (self->results_view, position, column);
}

static void
setup_results_view (ExWindow *self)
{
  self->results = g_list_store_new (EX_TYPE_RESULT);

  /* Translators: column titles of the results list */
  add_column (self, COLUMN_NUMBER, C_("column", "#"), "number", TRUE, FALSE, 48);
  add_column (self, COLUMN_WHITE, C_("column", "White"), "white", FALSE, FALSE, 100);
  add_column (self, COLUMN_BLACK, C_("column", "Black"), "black", FALSE, FALSE, 100);
  add_column (self, COLUMN_EVENT, C_("column", "Event"), "event", FALSE, TRUE, 132);
  add_column (self, COLUMN_ROUND, C_("column", "Round"), "round", FALSE, FALSE, 52);
  add_column (self, COLUMN_DATE, C_("column", "Date"), "date", FALSE, FALSE, 92);
  add_column (self, COLUMN_RESULT, C_("column", "Result"), "result", FALSE, FALSE, 60);
  /* Translators: the number of matched positions of a game */
  add_column (self, COLUMN_POSITIONS, C_("column", "Positions"), "n-positions", TRUE, FALSE, 80);
  show_column (self, COLUMN_ROUND, FALSE);

  self->sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->results)),
                                          g_object_ref (gtk_column_view_get_sorter (self->results_view)));
  gtk_sort_list_model_set_incremental (self->sorted, TRUE);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  gtk_column_view_set_model (self->results_view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_sort_by_column (self->results_view, self->columns[COLUMN_NUMBER],
                                  GTK_SORT_ASCENDING);
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
update_column_visibility (ExWindow  *self,
                          GPtrArray *batch,
                          gboolean   first)
{
  gboolean white = FALSE, black = FALSE, round = FALSE, date = FALSE;

  for (guint i = 0; i < batch->len && !(white && black && round && date); i++)
    {
      ExResult *result = g_ptr_array_index (batch, i);

      white |= is_known_tag (ex_result_get_white (result));
      black |= is_known_tag (ex_result_get_black (result));
      round |= is_known_tag (ex_result_get_round (result));
      date |= is_known_tag (ex_result_get_date (result));
    }

  if (first || white)
    show_column (self, COLUMN_WHITE, white);
  if (first || black)
    show_column (self, COLUMN_BLACK, black);
  if (first || round)
    show_column (self, COLUMN_ROUND, round);
  if (first || date)
    show_column (self, COLUMN_DATE, date);
}

static void
show_result (ExWindow *self,
             ExResult *result)
{
  g_autoptr(GError) error = NULL;
  const CqMatchedPosition *positions;
  CqGame *game;
  guint n_positions;

  if (self->results_db_path == NULL)
    return;

  game = cq_pgn_read_game_at (self->results_db_path, ex_result_get_source (result), &error);
  if (game == NULL)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, ex_result_get_number (result));
      g_autofree char *message = g_strdup_printf (_("Could not read game %s: %s"),
                                                  number, error->message);

      set_status (self, message, TRUE);
      return;
    }

  positions = ex_result_get_positions (result, &n_positions);
  ex_game_view_set_game (EX_GAME_VIEW (self->game_view), game, positions, n_positions);
}

static void
selected_item_changed_cb (ExWindow           *self,
                          GParamSpec         *pspec,
                          GtkSingleSelection *selection)
{
  ExResult *result = gtk_single_selection_get_selected_item (selection);

  if (result != NULL)
    show_result (self, result);
}

/* ------------------------------------------------------------------------
 * Searching
 */

static void
job_results_cb (GObject     *owner,
                ExSearchJob *job,
                GPtrArray   *results)
{
  ExWindow *self = EX_WINDOW (owner);
  guint n;

  if (job != self->job)
    return;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
  update_column_visibility (self, results, n == 0);
  g_list_store_splice (self->results, n, 0, results->pdata, results->len);
  gtk_stack_set_visible_child_name (self->results_stack, "results");
  update_results_count (self);
  update_actions (self);
}

static void
job_diagnostics_cb (GObject     *owner,
                    ExSearchJob *job,
                    GPtrArray   *messages)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  for (guint i = 0; i < messages->len && self->diagnostics->len < MAX_DIAGNOSTICS; i++)
    g_ptr_array_add (self->diagnostics, g_strdup (g_ptr_array_index (messages, i)));
}

static void
job_progress_cb (GObject                *owner,
                 ExSearchJob            *job,
                 const CqSearchProgress *progress)
{
  ExWindow *self = EX_WINDOW (owner);

  if (job != self->job)
    return;

  self->progress = *progress;
  update_progress (self);
}

static void
end_search (ExWindow *self)
{
  g_clear_pointer (&self->job, ex_search_job_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  update_actions (self);
}

static void
job_finished_cb (GObject                *owner,
                 ExSearchJob            *job,
                 const CqSearchProgress *progress,
                 const GError           *error)
{
  ExWindow *self = EX_WINDOW (owner);
  g_autofree char *name = NULL;
  g_autofree char *games = NULL;
  g_autofree char *message = NULL;
  guint n;

  if (job != self->job)
    return;

  self->progress = *progress;
  update_progress (self);
  end_search (self);

  name = g_path_get_basename (self->results_db_path);
  games = format_count (progress->games);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->results));

  if (error != NULL)
    {
      message = g_strdup_printf (_("Could not search “%s”: %s"), name, error->message);
      set_status (self, message, TRUE);
      if (n == 0)
        show_empty_state (self, _("Search Failed"), error->message);
    }
  else
    {
      g_autofree char *matches = format_count (n);

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Found %s matching game in %s games of “%s” (%.2f s)",
                                              "Found %s matching games in %s games of “%s” (%.2f s)",
                                              n),
                                 matches, games, name, progress->seconds);
      set_status (self, message, FALSE);
      if (n == 0)
        {
          g_autofree char *description =
            g_strdup_printf (_("The query matched none of the %s games of “%s”."), games, name);

          show_empty_state (self, _("No Matching Games"), description);
        }
    }

  g_signal_emit (self, signals[SEARCH_FINISHED], 0, error == NULL);
}

static const ExSearchJobFuncs job_funcs = {
  .results = job_results_cb,
  .diagnostics = job_diagnostics_cb,
  .progress = job_progress_cb,
  .finished = job_finished_cb,
};

/**
 * ex_window_stop:
 *
 * Cancels the running search, if any.  The window is usable at once: the
 * results found so far stay, the search thread winds down on its own (its
 * last batches are dropped) and is joined from the main loop.  Emits
 * #ExWindow::search-finished with FALSE.
 */
void
ex_window_stop (ExWindow *self)
{
  g_autofree char *games = NULL;
  g_autofree char *matches = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (EX_IS_WINDOW (self));

  if (self->job == NULL)
    return;

  ex_search_job_cancel (self->job);
  end_search (self);

  games = format_count (self->progress.games);
  matches = format_count (g_list_model_get_n_items (G_LIST_MODEL (self->results)));
  message = g_strdup_printf (_("Search stopped after %s games; %s matching games so far"),
                             games, matches);
  set_status (self, message, FALSE);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->results)) == 0)
    show_empty_state (self, _("Search Stopped"), _("No matching game was found before the search was stopped."));

  g_signal_emit (self, signals[SEARCH_FINISHED], 0, FALSE);
}

/**
 * ex_window_run:
 *
 * Compiles the editor's text (file name "<editor>") and, if it compiles,
 * searches the chosen database with it on a new thread, after cancelling
 * the search that was running.  On a compilation error (CQ_QUERY_ERROR,
 * rulings R13) the message is shown in the status line, the item at its
 * line:column is underlined and gets the cursor, and nothing runs.
 *
 * Returns: TRUE if a search was started.
 */
gboolean
ex_window_run (ExWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  CqQuery *query;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      g_clear_pointer (&self->job, ex_search_job_unref);
    }

  clear_query_error (self);
  text = ex_window_dup_query_text (self);
  query = cq_query_new_from_string (text, EDITOR_FILENAME, &error);
  if (query == NULL)
    {
      show_query_error (self, error);
      update_actions (self);
      return FALSE;
    }

  if (self->database == NULL || (path = g_file_get_path (self->database)) == NULL)
    {
      cq_query_free (query);
      set_status (self, _("Choose a database to search (a local PGN file)"), TRUE);
      update_actions (self);
      return FALSE;
    }

  /* A new result set: forget the old one. */
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_list_store_remove_all (self->results);
  g_ptr_array_set_size (self->diagnostics, 0);
  memset (&self->progress, 0, sizeof self->progress);
  g_free (self->results_db_path);
  self->results_db_path = g_strdup (path);
  ex_game_view_set_game (EX_GAME_VIEW (self->game_view), NULL, NULL, 0);

  self->job = ex_search_job_start (query, path, G_OBJECT (self), &job_funcs);

  name = g_file_get_basename (self->database);
  message = g_strdup_printf (_("Searching “%s”…"), name);
  set_status (self, message, FALSE);
  show_empty_state (self, _("Searching…"), message);
  gtk_widget_set_visible (GTK_WIDGET (self->diagnostics_label), FALSE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  update_progress (self);
  update_results_count (self);
  update_actions (self);

  return TRUE;
}

gboolean
ex_window_is_searching (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return self->job != NULL;
}

/* ------------------------------------------------------------------------
 * Export
 */

typedef struct {
  ExWindow *self;
  char     *dest_name;
} ExportClosure;

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportClosure *closure = user_data;
  g_autoptr(ExWindow) self = closure->self;
  g_autofree char *dest = closure->dest_name;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  guint n_written = 0;

  g_free (closure);

  self->exporting = FALSE;
  if (ex_export_finish (result, &n_written, &error))
    {
      g_autofree char *count = format_count (n_written);

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Exported %s game to “%s”",
                                              "Exported %s games to “%s”", n_written),
                                 count, dest);
      set_status (self, message, FALSE);
    }
  else
    {
      message = g_strdup_printf (_("Could not export to “%s”: %s"), dest, error->message);
      set_status (self, message, TRUE);
    }

  update_actions (self);
  g_signal_emit (self, signals[EXPORT_FINISHED], 0, error == NULL);
}

/**
 * ex_window_export_to_path:
 * @path: the PGN file to write.
 *
 * Starts writing every matched game, in input order, re-read by offset from
 * the database, with {Original game: N} and {MATCH} (rulings R2), to @path
 * atomically, on its own thread.  #ExWindow::export-finished tells the end.
 *
 * Returns: FALSE with G_IO_ERROR_INVALID_ARGUMENT when @path is the
 *   database, G_IO_ERROR_BUSY while searching or exporting, or
 *   G_IO_ERROR_NOT_FOUND when there is nothing to export.
 */
gboolean
ex_window_export_to_path (ExWindow    *self,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(GPtrArray) results = NULL;
  g_autofree char *message = NULL;
  ExportClosure *closure;
  guint n;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
  if (self->job != NULL || self->exporting)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _("Wait for the search to finish before exporting"));
      return FALSE;
    }
  if (n == 0 || self->results_db_path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no matched games to export"));
      return FALSE;
    }
  if (!ex_export_check_destination (path, self->results_db_path, error))
    return FALSE;

  /* The matched games in input order (the list may be sorted otherwise). */
  results = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (results, g_list_model_get_item (G_LIST_MODEL (self->results), i));

  self->exporting = TRUE;
  closure = g_new0 (ExportClosure, 1);
  closure->self = g_object_ref (self);
  closure->dest_name = g_path_get_basename (path);
  message = g_strdup_printf (_("Exporting to “%s”…"), closure->dest_name);
  ex_export_async (self->results_db_path, results, path, NULL, export_done_cb, closure);
  set_status (self, message, FALSE);
  update_actions (self);

  return TRUE;
}

gboolean
ex_window_is_exporting (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return self->exporting;
}

/* ------------------------------------------------------------------------
 * Files: queries and databases
 */

static gboolean
has_pgn_suffix (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_utf8_strdown (name, -1);

  return g_str_has_suffix (lower, ".pgn");
}

/* Opening a .cql file whose :pgn names an existing file selects that
 * database (see the file comment). */
static void
select_query_database (ExWindow   *self,
                       GFile      *query_file,
                       const char *text)
{
  g_autofree char *query_path = g_file_get_path (query_file);
  g_autoptr(CqQuery) query = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GFile) database = NULL;

  if (query_path == NULL)
    return;

  /* Compiled with its own path so that a relative :pgn resolves against
   * the query's directory; errors are for Run to show. */
  query = cq_query_new_from_string (text, query_path, NULL);
  if (query == NULL || cq_query_get_pgn (query) == NULL)
    return;

  pgn = cq_query_resolve_path (query, cq_query_get_pgn (query));
  if (pgn == NULL || !g_file_test (pgn, G_FILE_TEST_IS_REGULAR))
    return;

  database = g_file_new_for_path (pgn);
  ex_window_set_database (self, database);
  message = g_strdup_printf (_("Database “%s” selected from the query’s :pgn"),
                             cq_query_get_pgn (query));
  set_status (self, message, FALSE);
}

/**
 * ex_window_open_file:
 * @file: a PGN database (by its .pgn suffix) or a CQL query.
 *
 * A .pgn file becomes the database to search; anything else is read as a
 * query into the editor (UTF-8; errors shown in the status line).
 */
void
ex_window_open_file (ExWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  gsize length;

  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_basename (file);

  if (has_pgn_suffix (file))
    {
      ex_window_set_database (self, file);
      message = g_strdup_printf (_("Database: “%s”"), name);
      set_status (self, message, FALSE);
      return;
    }

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &error))
    {
      message = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
      set_status (self, message, TRUE);
      return;
    }
  if (!g_utf8_validate_len (contents, length, NULL))
    {
      message = g_strdup_printf (_("Could not open “%s”: it is not UTF-8 text"), name);
      set_status (self, message, TRUE);
      return;
    }

  replace_query_text (self, contents, TRUE);
  g_set_object (&self->query_file, file);
  gtk_label_set_text (self->query_file_label, name);
  message = g_strdup_printf (_("Opened “%s”"), name);
  set_status (self, message, FALSE);
  select_query_database (self, file, contents);
}

static GtkFileFilter *
new_filter (const char *name,
            const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  return filter;
}

static void
choose_database_response_cb (GtkNativeDialog *dialog,
                             int              response,
                             ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL && g_file_peek_path (file) != NULL)
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *message = g_strdup_printf (_("Database: “%s”"), name);

          ex_window_set_database (self, file);
          set_status (self, message, FALSE);
        }
      else if (file != NULL)
        set_status (self, _("Only local files can be searched"), TRUE);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
choose_database_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Database"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_filter (_("PGN Databases"), "*.[pP][gG][nN]"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_filter (_("All Files"), "*"));
  g_signal_connect (dialog, "response", G_CALLBACK (choose_database_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
sample_database_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);

  use_sample_database (self);
  if (self->database != NULL)
    set_status (self, _("Database: the bundled sample of 103 studies"), FALSE);
}

static void
open_query_response_cb (GtkNativeDialog *dialog,
                        int              response,
                        ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        ex_window_open_file (self, file);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
open_query_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Open a Query"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_filter (_("CQL Queries"), "*.[cC][qQ][lL]"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_filter (_("All Files"), "*"));
  g_signal_connect (dialog, "response", G_CALLBACK (open_query_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_query_response_cb (GtkNativeDialog *dialog,
                        int              response,
                        ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;
      g_autofree char *text = ex_window_dup_query_text (self);
      g_autofree char *name = NULL;
      g_autofree char *message = NULL;

      if (file == NULL)
        goto out;

      name = g_file_get_basename (file);
      if (g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                   G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, &error))
        {
          g_set_object (&self->query_file, file);
          gtk_label_set_text (self->query_file_label, name);
          message = g_strdup_printf (_("Saved “%s”"), name);
          set_status (self, message, FALSE);
        }
      else
        {
          message = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);
          set_status (self, message, TRUE);
        }
    }

out:
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
save_query_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Save the Query"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_filter (_("CQL Queries"), "*.[cC][qQ][lL]"));
  if (self->query_file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->query_file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("query.cql"));
  g_signal_connect (dialog, "response", G_CALLBACK (save_query_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    ExWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      if (file == NULL || g_file_peek_path (file) == NULL)
        set_status (self, _("Only local files can be written"), TRUE);
      else if (!ex_window_export_to_path (self, g_file_peek_path (file), &error))
        set_status (self, error->message, TRUE);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Export the Matched Games"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), new_filter (_("PGN Databases"), "*.[pP][gG][nN]"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("matches.pgn"));
  g_signal_connect (dialog, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ------------------------------------------------------------------------
 * Examples
 */

/**
 * ex_window_list_examples:
 *
 * Returns: (transfer none): the file names of the example queries offered
 *   in the Examples menu, NULL-terminated.  Static.
 */
const char *const *
ex_window_list_examples (void)
{
  static const char *names[G_N_ELEMENTS (examples) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
      names[i] = examples[i].file;

  return names;
}

/**
 * ex_window_load_example:
 * @name: an example's file name (ex_window_list_examples()).
 *
 * Replaces the editor's text with the example (undoable).
 *
 * Returns: FALSE if there is no such example.
 */
static char *
read_example (const char *name)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (strchr (name, '/') != NULL)
    return NULL;

  path = g_strconcat (RESOURCE_PATH "queries/", name, NULL);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

gboolean
ex_window_load_example (ExWindow   *self,
                        const char *name)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  text = read_example (name);
  if (text == NULL)
    return FALSE;

  replace_query_text (self, text, TRUE);
  g_clear_object (&self->query_file);
  gtk_label_set_text (self->query_file_label, name);

  return TRUE;
}

static void
load_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (ex_window_load_example (self, name))
    {
      g_autofree char *message = g_strdup_printf (_("Example “%s” loaded: press Run"), name);

      set_status (self, message, FALSE);
    }
}

static void
setup_examples_menu (ExWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(examples[i].title), NULL);

      g_menu_item_set_action_and_target (item, "win.load-example", "s", examples[i].file);
      g_menu_append_item (menu, item);
    }

  gtk_menu_button_set_menu_model (self->examples_button, G_MENU_MODEL (menu));
}

/* ------------------------------------------------------------------------
 * Actions
 */

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  ex_window_run (EX_WINDOW (widget));
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ex_window_stop (EX_WINDOW (widget));
}

static void
update_actions (ExWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean searching = self->job != NULL;
  guint n = self->results != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->results)) : 0;

  gtk_widget_action_set_enabled (widget, "win.run", self->database != NULL);
  gtk_widget_action_set_enabled (widget, "win.stop", searching);
  gtk_widget_action_set_enabled (widget, "win.export", !searching && !self->exporting && n > 0);
}

/* ------------------------------------------------------------------------
 * Accessors
 */

void
ex_window_set_query_text (ExWindow   *self,
                          const char *text)
{
  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  replace_query_text (self, text, TRUE);
}

/* Returns: (transfer full): the editor's text. */
char *
ex_window_dup_query_text (ExWindow *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

GtkTextBuffer *
ex_window_get_query_buffer (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return GTK_TEXT_BUFFER (self->buffer);
}

/* Returns: (transfer none): the results as shown (sorted), a
 * GtkSingleSelection of #ExResult. */
GListModel *
ex_window_get_results (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return G_LIST_MODEL (self->selection);
}

/* Selects the result at @position of ex_window_get_results() and shows its
 * game at its first matched position. */
void
ex_window_select_result (ExWindow *self,
                         guint     position)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  gtk_single_selection_set_selected (self->selection, position);
}

GtkWidget *
ex_window_get_game_view (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->game_view;
}

const char *
ex_window_get_status_text (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return gtk_label_get_text (self->status_label);
}

gboolean
ex_window_get_status_is_error (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return self->status_is_error;
}

/**
 * ex_window_get_error_location:
 * @line: (out): 1-based line of the query error shown in the editor.
 * @column: (out): 1-based column (characters).
 *
 * Returns: FALSE if no error is shown (none, or the text changed since).
 */
gboolean
ex_window_get_error_location (ExWindow *self,
                              guint    *line,
                              guint    *column)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  if (self->error_line == 0)
    return FALSE;
  if (line != NULL)
    *line = self->error_line;
  if (column != NULL)
    *column = self->error_column;
  return TRUE;
}

/* ------------------------------------------------------------------------
 * Screenshot
 */

/**
 * ex_window_save_screenshot:
 * @png_path: where to write the PNG.
 *
 * Renders the window as it is now (it must be shown) with its own renderer
 * and saves it as PNG.
 *
 * Returns: FALSE with G_IO_ERROR_FAILED if the window is not shown or the
 *   file could not be written.
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

static GtkSourceLanguage *
get_cql_language (void)
{
  static gsize initialized;
  GtkSourceLanguageManager *manager = gtk_source_language_manager_get_default ();

  if (g_once_init_enter (&initialized))
    {
      gtk_source_language_manager_append_search_path (manager,
                                                      "resource://" RESOURCE_PATH "language-specs/");
      g_once_init_leave (&initialized, 1);
    }

  return gtk_source_language_manager_get_language (manager, "cql");
}

static void
ex_window_dispose (GObject *object)
{
  ExWindow *self = EX_WINDOW (object);

  /* The thread winds down by itself and is joined by its final idle. */
  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      g_clear_pointer (&self->job, ex_search_job_unref);
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_WINDOW);

  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  for (guint i = 0; i < N_COLUMNS; i++)
    g_clear_object (&self->columns[i]);
  g_clear_object (&self->results);
  g_clear_object (&self->buffer);
  g_clear_object (&self->database);
  g_clear_object (&self->query_file);

  G_OBJECT_CLASS (ex_window_parent_class)->dispose (object);
}

static void
ex_window_finalize (GObject *object)
{
  ExWindow *self = EX_WINDOW (object);

  g_clear_pointer (&self->results_db_path, g_free);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);

  G_OBJECT_CLASS (ex_window_parent_class)->finalize (object);
}

static void
ex_window_class_init (ExWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_window_dispose;
  object_class->finalize = ex_window_finalize;

  /**
   * ExWindow::search-finished:
   * @completed: TRUE if the whole database was searched.
   *
   * Emitted when the current search ends: completed, failed or stopped.
   */
  signals[SEARCH_FINISHED] =
    g_signal_new ("search-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  /**
   * ExWindow::export-finished:
   * @ok: TRUE if the file was written.
   */
  signals[EXPORT_FINISHED] =
    g_signal_new ("export-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_source_init ();
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "ui/ex-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ExWindow, database_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, database_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, examples_button);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, query_file_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, editor);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, results_count_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, results_stack);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, empty_title_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, empty_description_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, results_view);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, viewer_box);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, status_bar);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, status_icon);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ExWindow, diagnostics_label);

  gtk_widget_class_install_action (widget_class, "win.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.open-query", NULL, open_query_action);
  gtk_widget_class_install_action (widget_class, "win.save-query", NULL, save_query_action);
  gtk_widget_class_install_action (widget_class, "win.choose-database", NULL,
                                   choose_database_action);
  gtk_widget_class_install_action (widget_class, "win.sample-database", NULL,
                                   sample_database_action);
  gtk_widget_class_install_action (widget_class, "win.load-example", "s", load_example_action);
}

static void
ex_window_init (ExWindow *self)
{
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  GtkSourceStyleScheme *scheme;
  g_autofree char *initial_text = NULL;
  GdkRGBA red;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->diagnostics = g_ptr_array_new_with_free_func (g_free);

  self->buffer = gtk_source_buffer_new_with_language (get_cql_language ());
  scheme = gtk_source_style_scheme_manager_get_scheme (schemes, "Adwaita");
  if (scheme != NULL)
    gtk_source_buffer_set_style_scheme (self->buffer, scheme);
  gtk_text_view_set_buffer (GTK_TEXT_VIEW (self->editor), GTK_TEXT_BUFFER (self->buffer));
  gdk_rgba_parse (&red, "#e01b24");
  self->error_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (self->buffer), "cql-error",
                                                "underline", PANGO_UNDERLINE_ERROR,
                                                "underline-rgba", &red,
                                                NULL);
  g_signal_connect_object (self->buffer, "changed", G_CALLBACK (buffer_changed_cb), self,
                           G_CONNECT_SWAPPED);

  self->game_view = ex_game_view_new ();
  gtk_widget_set_hexpand (self->game_view, TRUE);
  gtk_widget_set_vexpand (self->game_view, TRUE);
  gtk_box_append (self->viewer_box, self->game_view);

  setup_results_view (self);
  g_signal_connect_object (self->selection, "notify::selected-item",
                           G_CALLBACK (selected_item_changed_cb), self, G_CONNECT_SWAPPED);
  setup_examples_menu (self);

  /* The first example is the starting text (not an undoable edit). */
  initial_text = read_example (examples[0].file);
  if (initial_text != NULL)
    {
      replace_query_text (self, initial_text, FALSE);
      gtk_label_set_text (self->query_file_label, examples[0].file);
    }

  set_status (self, _("Ready: write a query or pick one from Examples, then press Run"), FALSE);
  use_sample_database (self);
  update_results_count (self);
  update_actions (self);
}

/**
 * ex_window_new:
 * @application: (nullable): the application.
 *
 * Returns: (transfer none): a new window with the first example query and
 *   the bundled sample database, owned by GTK until it is destroyed.
 */
ExWindow *
ex_window_new (GtkApplication *application)
{
  return g_object_new (EX_TYPE_WINDOW, "application", application, NULL);
}
