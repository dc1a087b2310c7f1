/* ex-diagnostics.c: the workbench's collapsible list of damaged and skipped games.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A search reports each game it could not read in full, or did not search
 * because it is not standard chess, as "file:line: game N: what" (rulings
 * R13).  ExDiagnostics shows those messages in a collapsed expander under
 * the results (the template ex-diagnostics.ui), titled with the counts, one
 * row per game with a button that opens the offending game's text in a
 * window of its own, the line of the error highlighted.  The game is read
 * again on a worker thread from its place in the database, through the
 * checks of the results (ex_game_file_read_text(): the file as searched,
 * the digest of the game's text), so that a file edited since never shows
 * another game's text; the list stays cheap however many games are
 * damaged.
 *
 * The same list takes what a CQL 6 query's `message` filters printed in
 * games that did not match (a matched game's messages are shown with the
 * game, ExQueryNotes): one row per line, "Game: N move M(wtm): text" as
 * CQL 6.2 prints it, counted in the title.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "pgn/cq-pgn.h"
#include "ex-diagnostics.h"
#include "ex-game-file.h"
#include "ex-utils.h"

/* Bytes of a game's text shown at most: a runaway "game" of garbage may be
 * megabytes long. */
#define MAX_GAME_TEXT (1024 * 1024)

/* Rows listed at most; the title still gives the full counts. */
#define MAX_ROWS 1000

struct _ExDiagnostics
{
  GtkWidget      parent_instance;

  /* Template widgets */
  GtkExpander   *expander;
  GtkListView   *list;

  GtkStringList *messages;
  GArray        *games;          /* ExGameText, one per row of @messages */
  ExGameFile    *game_file;      /* the database as the search read it */
  char          *title;
  guint64        damaged;
  guint64        skipped;
  guint64        n_query_messages;  /* lines of `message` output, listed or not */
  guint64        n_handed;          /* of them, handed on by the search */

  GtkWindow     *game_window;    /* weak */
  GCancellable  *open_cancellable;
};

G_DEFINE_FINAL_TYPE (ExDiagnostics, ex_diagnostics, GTK_TYPE_WIDGET)

enum {
  GAME_OPENED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
ex_diagnostics_parse_message (const char *message,
                              guint64    *line,
                              guint64    *number)
{
  static GRegex *re;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *l = NULL;
  g_autofree char *n = NULL;

  if (g_once_init_enter (&re))
    g_once_init_leave (&re, g_regex_new (":([0-9]+): game ([0-9]+): ", G_REGEX_OPTIMIZE, 0, NULL));
  if (message == NULL || !g_regex_match (re, message, 0, &match))
    return FALSE;
  l = g_match_info_fetch (match, 1);
  n = g_match_info_fetch (match, 2);
  if (line)
    *line = g_ascii_strtoull (l, NULL, 10);
  if (number)
    *number = g_ascii_strtoull (n, NULL, 10);
  return TRUE;
}

/* Makes @len bytes of game text (without NULs) displayable: UTF-8 as it
 * is, anything else read as Latin-1 (as the engine does). */
static char *
displayable_text (const char *text,
                  gsize       len)
{
  char *out;

  if (g_utf8_validate_len (text, len, NULL))
    out = g_strndup (text, len);
  else
    {
      gsize written = 0;

      out = g_convert (text, len, "UTF-8", "ISO-8859-1", NULL, &written, NULL);
      if (out == NULL)
        out = g_utf8_make_valid (text, len);
    }
  return out;
}

/* @len bytes of a game's text as the game window shows it: NULs as
 * spaces, displayable (displayable_text()), at most MAX_GAME_TEXT bytes
 * and a line that says so after a longer text. */
static char *
shown_game_text (const char *text,
                 gsize       len)
{
  g_autofree char *copy = NULL;
  gsize n = MIN (len, MAX_GAME_TEXT);
  char *shown;

  copy = g_malloc (n + 1);
  memcpy (copy, text, n);
  for (gsize i = 0; i < n; i++)
    if (copy[i] == '\0')
      copy[i] = ' ';
  copy[n] = '\0';
  shown = displayable_text (copy, n);
  if (len > MAX_GAME_TEXT)
    {
      g_autofree char *bytes = g_strdup_printf ("%" G_GSIZE_FORMAT, len);
      char *more = g_strdup_printf (_("%s\n… (the game's text is %s bytes long; "
                                      "the first %d are shown)\n"),
                                    shown, bytes, MAX_GAME_TEXT);
      g_free (shown);
      shown = more;
    }
  return shown;
}

char *
ex_diagnostics_read_game_text (const char    *pgn_path,
                               guint64        number,
                               guint64       *first_line,
                               GCancellable  *cancellable,
                               GError       **error)
{
  g_autoptr(CqPgnReader) reader = NULL;
  const char *text;
  gsize len;
  CqGameSource source;
  GError *local_error = NULL;

  reader = cq_pgn_reader_new_for_path (pgn_path, NULL, error);
  if (reader == NULL)
    return NULL;

  while (cq_pgn_reader_next (reader, &text, &len, &source, &local_error))
    {
      if (source.number == number)
        {
          if (first_line)
            *first_line = source.line;
          return shown_game_text (text, len);
        }
      if (source.number % 1024 == 0
          && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  {
    /* Numbers are formatted first: a G_GUINT64_FORMAT inside _() cannot
     * be extracted by xgettext. */
    g_autofree char *n = ex_utils_format_number (number);

    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                 _("“%s” has no game %s (was the file changed?)"), pgn_path, n);
  }
  return NULL;
}

/* ------------------------------------------------------------------------
 * The game window
 */

typedef struct {
  char       *path;
  char       *message;
  guint64     number;
  guint64     line;
  guint64     first_line;
  ExGameFile *game_file;
  ExGameText  game;
} OpenData;

static void
open_data_free (OpenData *d)
{
  g_free (d->path);
  g_free (d->message);
  g_clear_pointer (&d->game_file, ex_game_file_unref);
  g_free (d);
}

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenData *d = task_data;
  GError *error = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;

  /* Through the checks of the results: the file as searched, the game's
   * text as it was read. */
  text = ex_game_file_read_text (d->game_file, &d->game, &d->first_line, &len, cancellable,
                                 &error);
  if (text == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, shown_game_text (text, len), g_free);
}

static GtkWindow *
build_game_window (ExDiagnostics *self,
                   OpenData      *d,
                   const char    *text,
                   const GError  *error)
{
  GtkWidget *window, *box, *header, *scrolled, *view;
  GtkTextBuffer *buffer;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *base = g_path_get_basename (d->path);
  g_autofree char *title = NULL;

  /* Translators: title of the window that shows a damaged game's text */
  {
    g_autofree char *n = ex_utils_format_number (d->number);

    title = g_strdup_printf (_("Game %s of “%s”"), n, base);
  }
  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), 720, 480);
  if (GTK_IS_WINDOW (root))
    {
      gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (root));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
    }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  header = gtk_label_new (error ? error->message : d->message);
  gtk_label_set_wrap (GTK_LABEL (header), TRUE);
  gtk_label_set_xalign (GTK_LABEL (header), 0.0);
  gtk_label_set_selectable (GTK_LABEL (header), TRUE);
  gtk_widget_add_css_class (header, error ? "error" : "heading");
  gtk_box_append (GTK_BOX (box), header);

  view = gtk_text_view_new ();
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  if (text != NULL)
    {
      GtkTextIter start, end;

      gtk_text_buffer_set_text (buffer, text, -1);
      /* the line of the problem, counted from the game's first line */
      if (d->line >= d->first_line
          && d->line - d->first_line < (guint64) gtk_text_buffer_get_line_count (buffer))
        {
          int line = (int) (d->line - d->first_line);
          GtkTextTag *tag = gtk_text_buffer_create_tag (buffer, "error-line",
                                                        "paragraph-background",
                                                        "rgba(224,27,36,0.18)",
                                                        NULL);

          gtk_text_buffer_get_iter_at_line (buffer, &start, line);
          end = start;
          gtk_text_iter_forward_to_line_end (&end);
          gtk_text_buffer_apply_tag (buffer, tag, &start, &end);
          gtk_text_buffer_place_cursor (buffer, &start);
          gtk_text_buffer_create_mark (buffer, "error-line", &start, TRUE);
        }
    }
  scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_window_set_child (GTK_WINDOW (window), box);

  if (gtk_text_buffer_get_mark (buffer, "error-line"))
    gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (view),
                                  gtk_text_buffer_get_mark (buffer, "error-line"),
                                  0.1, TRUE, 0.0, 0.3);
  return GTK_WINDOW (window);
}

static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = G_TASK (result);
  OpenData *d = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_task_propagate_pointer (task, &error);
  ExDiagnostics *self;
  GtkWindow *window;

  /* Cancelled: the list was reset or is gone; @source may be finalized. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = EX_DIAGNOSTICS (source);
  g_clear_object (&self->open_cancellable);

  if (self->game_window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->game_window), (gpointer *) &self->game_window);
      gtk_window_destroy (self->game_window);
      self->game_window = NULL;
    }
  window = build_game_window (self, d, text, error);
  self->game_window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->game_window);
  gtk_window_present (window);
  g_signal_emit (self, signals[GAME_OPENED], 0, error == NULL);
}

gboolean
ex_diagnostics_open_game (ExDiagnostics *self,
                          guint          position)
{
  g_autoptr(GTask) task = NULL;
  OpenData *d;
  const char *message;
  const char *path;
  const ExGameText *game;
  guint64 line, number;

  g_return_val_if_fail (EX_IS_DIAGNOSTICS (self), FALSE);

  message = gtk_string_list_get_string (self->messages, position);
  if (message == NULL || self->game_file == NULL || position >= self->games->len
      || !ex_diagnostics_parse_message (message, &line, &number))
    return FALSE;
  game = &g_array_index (self->games, ExGameText, position);
  path = ex_game_file_get_input_path (self->game_file, game->source.file_index);
  if (path == NULL)
    return FALSE;

  if (self->open_cancellable)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();

  d = g_new0 (OpenData, 1);
  d->path = g_strdup (path);
  d->message = g_strdup (message);
  d->game_file = ex_game_file_ref (self->game_file);
  d->game = *game;
  d->number = number;
  d->line = line;
  task = g_task_new (self, self->open_cancellable, read_done_cb, NULL);
  g_task_set_source_tag (task, ex_diagnostics_open_game);
  g_task_set_task_data (task, d, (GDestroyNotify) open_data_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_thread);
  return TRUE;
}

GtkWindow *
ex_diagnostics_get_game_window (ExDiagnostics *self)
{
  g_return_val_if_fail (EX_IS_DIAGNOSTICS (self), NULL);
  return self->game_window;
}

/* ------------------------------------------------------------------------
 * The list
 */

static void
show_clicked_cb (GtkButton   *button,
                 GtkListItem *item)
{
  ExDiagnostics *self = EX_DIAGNOSTICS (gtk_widget_get_ancestor (GTK_WIDGET (button),
                                                                 EX_TYPE_DIAGNOSTICS));

  if (self != NULL)
    ex_diagnostics_open_game (self, gtk_list_item_get_position (item));
}

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new_with_label (_("Show Game"));

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Show the text of this game in the database"));
  g_signal_connect (button, "clicked", G_CALLBACK (show_clicked_cb), item);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), button);
  gtk_list_item_set_child (item, box);
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkWidget *button = gtk_widget_get_next_sibling (label);
  GtkStringObject *s = gtk_list_item_get_item (item);
  const char *message = gtk_string_object_get_string (s);

  gtk_label_set_text (GTK_LABEL (label), message);
  gtk_widget_set_tooltip_text (label, message);
  gtk_widget_set_sensitive (button, ex_diagnostics_parse_message (message, NULL, NULL));
}

static void
activate_cb (GtkListView   *list,
             guint          position,
             ExDiagnostics *self)
{
  ex_diagnostics_open_game (self, position);
}

static void
update_title (ExDiagnostics *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->messages));
  guint64 total = self->damaged + self->skipped;
  g_autofree char *counts = NULL;
  g_autofree char *damaged = ex_utils_format_number (self->damaged);
  g_autofree char *skipped = ex_utils_format_number (self->skipped);

  /* The counts are formatted first: xgettext cannot extract a string that
   * contains G_GUINT64_FORMAT. */
  if (self->damaged > 0 && self->skipped > 0)
    counts = g_strdup_printf (_("%s damaged and %s skipped games"), damaged, skipped);
  else if (self->damaged > 0)
    counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s damaged game",
                                           "%s damaged games",
                                           (gulong) MIN (self->damaged, G_MAXULONG)),
                              damaged);
  else if (self->skipped > 0)
    counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s skipped game",
                                           "%s skipped games",
                                           (gulong) MIN (self->skipped, G_MAXULONG)),
                              skipped);
  else
    counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game reported",
                                           "%u games reported", shown), shown);

  /* Messages of games that did not match are listed after, or among, the
   * damaged games; the title counts both. */
  if (self->n_query_messages > 0)
    {
      g_autofree char *n = ex_utils_format_number (self->n_query_messages);
      g_autofree char *lines
        = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "%s message from games that did not match",
                                        "%s messages from games that did not match",
                                        (gulong) MIN (self->n_query_messages, G_MAXULONG)),
                           n);

      total += self->n_query_messages;
      if (self->damaged + self->skipped == 0)
        {
          g_free (counts);
          counts = g_steal_pointer (&lines);
        }
      else
        {
          char *both = g_strdup_printf ("%s · %s", counts, lines);

          g_free (counts);
          counts = both;
        }
    }

  g_free (self->title);
  if (total > shown)
    /* Translators: "3 damaged games (the first 500 are listed)" */
    self->title = g_strdup_printf (_("%s (the first %u are listed)"), counts, shown);
  else
    self->title = g_steal_pointer (&counts);
  gtk_expander_set_label (self->expander, self->title);
  gtk_widget_set_visible (GTK_WIDGET (self), shown > 0 || total > 0);
}

void
ex_diagnostics_reset (ExDiagnostics *self,
                      ExGameFile    *game_file)
{
  g_return_if_fail (EX_IS_DIAGNOSTICS (self));

  if (self->open_cancellable)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  g_clear_pointer (&self->game_file, ex_game_file_unref);
  if (game_file != NULL)
    self->game_file = ex_game_file_ref (game_file);
  g_array_set_size (self->games, 0);
  self->damaged = self->skipped = 0;
  self->n_query_messages = 0;
  self->n_handed = 0;
  gtk_string_list_splice (self->messages, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->messages)), NULL);
  gtk_expander_set_expanded (self->expander, FALSE);
  update_title (self);
}

void
ex_diagnostics_add (ExDiagnostics *self,
                    GPtrArray     *messages,
                    GArray        *games)
{
  g_autofree const char **strv = NULL;
  guint n_rows, n;

  g_return_if_fail (EX_IS_DIAGNOSTICS (self));

  n_rows = g_list_model_get_n_items (G_LIST_MODEL (self->messages));
  if (messages == NULL || messages->len == 0 || n_rows >= MAX_ROWS)
    return;
  n = MIN (messages->len, MAX_ROWS - n_rows);
  strv = g_new0 (const char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      ExGameText game = { { 0 }, 0, FALSE };

      if (games != NULL && i < games->len)
        game = g_array_index (games, ExGameText, i);
      strv[i] = g_ptr_array_index (messages, i);
      g_array_append_val (self->games, game);
    }
  gtk_string_list_splice (self->messages, n_rows, 0, strv);
  update_title (self);
}

void
ex_diagnostics_add_query_messages (ExDiagnostics *self,
                                   GPtrArray     *lines,
                                   guint64        n_dropped)
{
  g_return_if_fail (EX_IS_DIAGNOSTICS (self));
  g_return_if_fail (lines != NULL);

  /* @n_dropped is the search's running total of lines not handed on. */
  self->n_handed += lines->len;
  self->n_query_messages = self->n_handed + n_dropped;
  ex_diagnostics_add (self, lines, NULL);
  update_title (self);
}

void
ex_diagnostics_set_counts (ExDiagnostics *self,
                           guint64        damaged,
                           guint64        skipped)
{
  g_return_if_fail (EX_IS_DIAGNOSTICS (self));

  if (self->damaged == damaged && self->skipped == skipped)
    return;
  self->damaged = damaged;
  self->skipped = skipped;
  update_title (self);
}

GListModel *
ex_diagnostics_get_model (ExDiagnostics *self)
{
  g_return_val_if_fail (EX_IS_DIAGNOSTICS (self), NULL);
  return G_LIST_MODEL (self->messages);
}

const char *
ex_diagnostics_get_title (ExDiagnostics *self)
{
  g_return_val_if_fail (EX_IS_DIAGNOSTICS (self), NULL);
  return self->title;
}

gboolean
ex_diagnostics_get_expanded (ExDiagnostics *self)
{
  g_return_val_if_fail (EX_IS_DIAGNOSTICS (self), FALSE);
  return gtk_expander_get_expanded (self->expander);
}

void
ex_diagnostics_set_expanded (ExDiagnostics *self,
                             gboolean       expanded)
{
  g_return_if_fail (EX_IS_DIAGNOSTICS (self));
  gtk_expander_set_expanded (self->expander, expanded);
}

GtkWidget *
ex_diagnostics_new (void)
{
  return g_object_new (EX_TYPE_DIAGNOSTICS, NULL);
}

static void
ex_diagnostics_dispose (GObject *object)
{
  ExDiagnostics *self = EX_DIAGNOSTICS (object);
  GtkWidget *child;

  if (self->open_cancellable)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  if (self->game_window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->game_window), (gpointer *) &self->game_window);
      gtk_window_destroy (self->game_window);
      self->game_window = NULL;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_DIAGNOSTICS);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->messages);
  g_clear_pointer (&self->game_file, ex_game_file_unref);

  G_OBJECT_CLASS (ex_diagnostics_parent_class)->dispose (object);
}

static void
ex_diagnostics_finalize (GObject *object)
{
  ExDiagnostics *self = EX_DIAGNOSTICS (object);

  g_array_unref (self->games);
  g_free (self->title);

  G_OBJECT_CLASS (ex_diagnostics_parent_class)->finalize (object);
}

static void
ex_diagnostics_class_init (ExDiagnosticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_diagnostics_dispose;
  object_class->finalize = ex_diagnostics_finalize;

  /**
   * ExDiagnostics::game-opened:
   * @ok: FALSE if the game could not be read (the window says why).
   *
   * A game's window was opened by ex_diagnostics_open_game().
   */
  signals[GAME_OPENED] = g_signal_new ("game-opened", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-diagnostics.ui");
  gtk_widget_class_bind_template_child (widget_class, ExDiagnostics, expander);
  gtk_widget_class_bind_template_child (widget_class, ExDiagnostics, list);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "diagnostics");
}

static void
ex_diagnostics_init (ExDiagnostics *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The list: one row per message, its text and a Show Game button. */
  self->messages = gtk_string_list_new (NULL);
  self->games = g_array_new (FALSE, FALSE, sizeof (ExGameText));
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->messages)));
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), NULL);
  gtk_list_view_set_factory (self->list, factory);
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (selection));
  update_title (self);
}
