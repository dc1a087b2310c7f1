/* ex-cql-editor.c: the query editor's behaviour (live parse, error marks,
 * hover, completion, files).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ExCqlEditor is attached to the window's GtkSourceView (its completion and
 * hover provider, ExCqlProvider, is in ex-cql-provider.c).  It
 * - compiles the text with the engine (cq_query_new_from_string(), file
 *   name "<editor>") EX_CQL_EDITOR_PARSE_DELAY_MS after the last change;
 *   an error (CQ_QUERY_ERROR, "FILE:LINE:COLUMN: message", rulings R13) is
 *   underlined where it is, marked in the gutter, explained on hover and
 *   in ExCqlEditor:message (the window's status line).  The engine's own
 *   message names the nearest keywords for a misspelt one;
 * - tells the dialect from the text (ExCqlEditor:dialect) and highlights
 *   it with its language (data/cql.lang, data/cql6.lang);
 * - completes and explains the keywords of that dialect (with the
 *   descriptions of cq_query_keywords_for()) and, in CQL 3, the tag names
 *   the query declares with `:forany` (`$name`), in CQL 6 its variables
 *   and functions (cq_query_list_names());
 * - tells the picker which designator the cursor is on
 *   (ExCqlEditor::designator-at-cursor), in either dialect, and puts the
 *   picker's in its place;
 * - shows the errors a search finds when it compiles the text
 *   (ex_cql_editor_show_error()) with the same underline and gutter mark,
 *   and clears the marks as soon as the text changes;
 * - owns the query's file (ExCqlEditor:file): opens, saves (Save and Save
 *   As), keeps the buffer's modified flag and the recent files
 *   (GtkRecentManager), and accepts files dropped on a widget.
 *
 * Why over 1,000 lines (1,790): every item above reads or changes the one
 * buffer; the completion and hover plumbing is in ex-cql-provider.c.  The
 * insertion of the picker's items (ex_cql_editor_insert_item(), a small
 * reader of the match list's structure) is the part to move out next.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"
#include "cql/cq-designator-text.h"
#include "ex-cql-editor.h"
#include "ex-cql-provider.h"
#include "ex-cql6-text.h"

#define EDITOR_FILENAME EX_CQL_EDITOR_FILENAME
#define MARK_CATEGORY   "ex-cql-error"
#define CQL_MIME_TYPE   "text/x-cql"
#define MAX_RECENT      10

/* ------------------------------------------------------------------------
 * The editor
 */

struct _ExCqlEditor
{
  GObject          parent_instance;

  GtkSourceView   *view;          /* weak */
  GtkSourceBuffer *buffer;
  GtkTextTag      *error_tag;
  ExCqlProvider   *provider;

  guint            parse_id;
  char            *message;
  guint            line;          /* 1-based; 0: no error */
  guint            column;
  char            *designator;    /* at the cursor, or NULL */
  GFile           *file;          /* the query's file, or NULL */
  CqDialect        dialect;       /* of the text, as the engine tells it */
  guint            language_id;   /* the idle that sets the buffer's language */
};

G_DEFINE_FINAL_TYPE (ExCqlEditor, ex_cql_editor, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MESSAGE,
  PROP_HAS_ERROR,
  PROP_FILE,
  PROP_DIALECT,
  N_PROPS
};

enum {
  DESIGNATOR_AT_CURSOR,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* A character of a word the editor completes or explains: a keyword
 * (with its ':'), a tag (with its '$'), a designator. */
gboolean
ex_cql_is_word_char (gunichar c)
{
  return g_unichar_isalnum (c) || c == '_' || c == ':' || c == '$';
}

static gboolean
is_item_end (gunichar c)
{
  return c == 0 || g_unichar_isspace (c) || c == '(' || c == ')' || c == ';';
}

/**
 * ex_cql_error_location:
 * @error: a query error of a text compiled under the file name
 *   EX_CQL_EDITOR_FILENAME.
 * @line: (out): 1-based line.
 * @column: (out): 1-based column (0 becomes 1).
 * @rest: (out) (optional): the message after the location
 *   (cq_query_error_get_detail()).
 *
 * Returns: FALSE if @error has no location in the editor's text
 *   (cq_query_error_get_location(): none, or another file's).
 */
gboolean
ex_cql_error_location (const GError  *error,
                       guint         *line,
                       guint         *column,
                       const char   **rest)
{
  const char *filename;

  if (!cq_query_error_get_location (error, &filename, line, column)
      || strcmp (filename, EDITOR_FILENAME) != 0 || *line == 0)
    return FALSE;
  *column = MAX (*column, 1);
  if (rest != NULL)
    *rest = cq_query_error_get_detail (error);
  return TRUE;
}

/**
 * ex_cql_dup_error_text:
 * @error: an error of ex_cql_compile().
 *
 * The error as the workbench shows it, the same for the live parse and for
 * Run: "Line 3, column 5: text" (the editor's file name left out).
 *
 * Returns: (transfer full): the text.
 */
char *
ex_cql_dup_error_text (const GError *error)
{
  guint line, column;
  const char *rest;

  g_return_val_if_fail (error != NULL, NULL);

  if (!ex_cql_error_location (error, &line, &column, &rest))
    return g_strdup (error->message);
  /* Translators: where a query error is, then the error */
  return g_strdup_printf (_("Line %u, column %u: %s"), line, column, rest);
}

/**
 * ex_cql_compile:
 * @text: a query, as the editor holds it.
 *
 * Compiles @text under the editor's file name.  Position lists without
 * the match list around them (`(position :mate)`, which CQL refuses) are
 * compiled as `(match (position :mate))`: the database comes from the
 * window, not from a `:pgn` the user would otherwise have to write.  The
 * locations of errors are those of @text.
 *
 * Returns: (transfer full) (nullable): the query, or NULL with a
 *   CQ_QUERY_ERROR ("<editor>:LINE:COLUMN: message").
 */
CqQuery *
ex_cql_compile (const char  *text,
                GError     **error)
{
  static const char prefix[] = "(match ";
  g_autofree char *wrapped = NULL;
  g_autoptr(GError) local_error = NULL;
  CqQuery *query;
  guint line, column, n_lines = 1;
  const char *rest, *last_line = text;

  g_return_val_if_fail (text != NULL, NULL);

  if (!cq_query_text_is_bare_position_list (text, -1))
    return cq_query_new_from_string (text, EDITOR_FILENAME, error);

  /* On the first line, so that the lines keep their numbers; the closing
   * parenthesis after a line break, out of reach of a last comment. */
  wrapped = g_strconcat (prefix, text, "\n)", NULL);
  query = cq_query_new_from_string (wrapped, EDITOR_FILENAME, &local_error);
  if (query != NULL)
    return query;

  if (!ex_cql_error_location (local_error, &line, &column, &rest))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n' && p[1] != '\0')
      {
        n_lines++;
        last_line = p + 1;
      }
  if (line == 1)
    column = column > strlen (prefix) ? column - (guint) strlen (prefix) : 1;
  else if (line > n_lines)
    {
      /* At the closing parenthesis added: the end of the text. */
      line = n_lines;
      column = (guint) strcspn (last_line, "\n") + 1;
    }
  cq_query_set_error_at (error, local_error->code, EDITOR_FILENAME, line, column, rest);
  return NULL;
}

static void
clear_error (ExCqlEditor *self)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->error_tag, &start, &end);
  gtk_source_buffer_remove_source_marks (self->buffer, &start, &end, MARK_CATEGORY);
  self->line = self->column = 0;
}

static void
set_message (ExCqlEditor *self,
             const char  *message,
             gboolean     was_error)
{
  gboolean notify_error = was_error != (self->line != 0);

  if (g_strcmp0 (message, self->message) != 0)
    {
      g_free (self->message);
      self->message = g_strdup (message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
    }
  if (notify_error)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_ERROR]);
}

/**
 * ex_cql_get_item_range:
 * @buffer: the query text.
 * @line, @column: 1-based, columns in characters, as in a CQ_QUERY_ERROR
 *   message (rulings R13).
 * @start, @end: (out): the item (list element) that starts there; a
 *   parenthesis or the end of the text gives one character.
 *
 * Used to underline an error where the engine says it is.
 */
void
ex_cql_get_item_range (GtkTextBuffer *buffer,
                       guint          line,
                       guint          column,
                       GtkTextIter   *start_out,
                       GtkTextIter   *end_out)
{
  GtkTextIter start, end;

  if (line > (guint) gtk_text_buffer_get_line_count (buffer))
    gtk_text_buffer_get_end_iter (buffer, &start);
  else
    {
      gtk_text_buffer_get_iter_at_line (buffer, &start, (int) line - 1);
      for (guint i = 1; i < column && !gtk_text_iter_ends_line (&start); i++)
        gtk_text_iter_forward_char (&start);
    }

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
  *start_out = start;
  *end_out = end;
}

/* Underlines the item at LINE:COLUMN and marks its line in the gutter;
 * @item_start (optional) gets where the item starts. */
static void
show_error (ExCqlEditor *self,
            guint        line,
            guint        column,
            GtkTextIter *item_start)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start, end;

  ex_cql_get_item_range (buffer, line, column, &start, &end);
  gtk_text_buffer_apply_tag (buffer, self->error_tag, &start, &end);
  if (item_start != NULL)
    *item_start = start;
  /* The gutter draws only marks at the start of a line. */
  gtk_text_iter_set_line_offset (&start, 0);
  gtk_source_buffer_create_source_mark (self->buffer, NULL, MARK_CATEGORY, &start);
  self->line = line;
  self->column = column;
}

/**
 * ex_cql_editor_parse_now:
 *
 * Compiles the text at once (as the debounced parse does): shows the error,
 * if any, and sets ExCqlEditor:message.
 *
 * Returns: TRUE if the query compiles.
 */
gboolean
ex_cql_editor_parse_now (ExCqlEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;
  GtkTextIter start, end;
  gboolean was_error;
  guint line, column;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);

  g_clear_handle_id (&self->parse_id, g_source_remove);
  was_error = self->line != 0;
  clear_error (self);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  text = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
  query = ex_cql_compile (text, &error);
  if (query != NULL)
    {
      set_message (self, _("The query is valid CQL: press Run to search"), was_error);
      return TRUE;
    }

  if (ex_cql_error_location (error, &line, &column, NULL))
    show_error (self, line, column, NULL);
  message = ex_cql_dup_error_text (error);
  set_message (self, message, was_error);

  return FALSE;
}

/**
 * ex_cql_editor_show_error:
 * @error: a CQ_QUERY_ERROR of this editor's text, as a search's compile
 *   gives it ("<editor>:LINE:COLUMN: message", rulings R13).
 *
 * Shows @error as the live parse shows its errors (the item underlined,
 * the line marked in the gutter) and puts the cursor on it, scrolled into
 * view, with the focus in the editor.  ExCqlEditor:message is left as it
 * is (the caller shows @error's own text).  An error without a location
 * shows nothing in the text.  Cleared, like every error shown, when the
 * text changes.
 */
void
ex_cql_editor_show_error (ExCqlEditor  *self,
                          const GError *error)
{
  GtkTextBuffer *buffer;
  GtkTextIter start;
  gboolean was_error;
  guint line, column;

  g_return_if_fail (EX_IS_CQL_EDITOR (self));
  g_return_if_fail (error != NULL);

  if (!ex_cql_error_location (error, &line, &column, NULL))
    return;

  buffer = GTK_TEXT_BUFFER (self->buffer);
  was_error = self->line != 0;
  clear_error (self);
  show_error (self, line, column, &start);
  if (!was_error)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_ERROR]);

  gtk_text_buffer_place_cursor (buffer, &start);
  if (self->view != NULL)
    {
      gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->view), &start, 0.1, FALSE, 0.0, 0.0);
      gtk_widget_grab_focus (GTK_WIDGET (self->view));
    }
}

static gboolean
parse_timeout_cb (gpointer user_data)
{
  ExCqlEditor *self = user_data;

  self->parse_id = 0;
  ex_cql_editor_parse_now (self);
  return G_SOURCE_REMOVE;
}

/**
 * ex_cql_editor_get_language:
 * @dialect: a #CqDialect.
 *
 * The GtkSourceView language of a dialect's text: "cql" (data/cql.lang)
 * or "cql6" (data/cql6.lang), from the application's resources.
 *
 * Returns: (transfer none): the language.
 */
GtkSourceLanguage *
ex_cql_editor_get_language (CqDialect dialect)
{
  static gsize initialized;
  GtkSourceLanguageManager *manager = gtk_source_language_manager_get_default ();

  if (g_once_init_enter (&initialized))
    {
      gtk_source_language_manager_append_search_path (manager,
                                                      "resource:///org/excelsior/Workbench/"
                                                      "language-specs/");
      g_once_init_leave (&initialized, 1);
    }
  return gtk_source_language_manager_get_language (manager,
                                                   dialect == CQ_DIALECT_CQL6 ? "cql6" : "cql");
}

static gboolean
set_language_cb (gpointer data)
{
  ExCqlEditor *self = data;

  self->language_id = 0;
  gtk_source_buffer_set_language (self->buffer, ex_cql_editor_get_language (self->dialect));
  return G_SOURCE_REMOVE;
}

/* Highlights the text in its dialect: told from its first word, so that a
 * pasted CQL 6 query reads as CQL 6 at once. */
static void
update_dialect (ExCqlEditor *self)
{
  GtkTextIter start, end;
  g_autofree char *head = NULL;
  CqDialect dialect;

  /* The first word after comments: the first 4,096 characters are read,
   * not the whole text at each key (a query of a megabyte may be pasted). */
  gtk_text_buffer_get_start_iter (GTK_TEXT_BUFFER (self->buffer), &start);
  gtk_text_buffer_get_iter_at_offset (GTK_TEXT_BUFFER (self->buffer), &end, 4096);
  head = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
  dialect = cq_query_text_dialect (head, -1);
  if (dialect == self->dialect && gtk_source_buffer_get_language (self->buffer) != NULL)
    return;
  self->dialect = dialect;
  /* Not while the buffer is being changed: a new language's highlighting
   * engine set in the middle of an undoable replacement (delete, then
   * insert) gets the deletion's offsets wrong (a GtkSourceView critical,
   * fix_offsets_delete_); the language follows at once after the change. */
  if (self->language_id == 0)
    self->language_id = g_idle_add_full (G_PRIORITY_HIGH, set_language_cb, self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIALECT]);
}

/**
 * ex_cql_editor_get_dialect:
 *
 * Returns: the dialect of the editor's text (ExCqlEditor:dialect).
 */
CqDialect
ex_cql_editor_get_dialect (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), CQ_DIALECT_CQL3);
  return self->dialect;
}

/* An error shown belongs to the text it was found in: any change clears
 * it at once, and the parse after the delay shows it again if it is still
 * there. */
static void
buffer_changed_cb (ExCqlEditor   *self,
                   GtkTextBuffer *buffer)
{
  update_dialect (self);
  if (self->line != 0)
    {
      clear_error (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_ERROR]);
    }
  g_clear_handle_id (&self->parse_id, g_source_remove);
  self->parse_id = g_timeout_add (EX_CQL_EDITOR_PARSE_DELAY_MS, parse_timeout_cb, self);
}

/* The text of the whole buffer and the byte offset of @iter in it. */
static char *
text_and_offset (ExCqlEditor       *self,
                 const GtkTextIter *iter,
                 gsize             *offset)
{
  GtkTextIter start, end;
  g_autofree char *before = NULL;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  before = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, iter, FALSE);
  *offset = strlen (before);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

static void
cursor_moved_cb (ExCqlEditor   *self,
                 GParamSpec    *pspec,
                 GtkTextBuffer *buffer)
{
  g_autofree char *designator = NULL;

  if (ex_cql_editor_get_designator_at_cursor (self, &designator) &&
      g_strcmp0 (designator, self->designator) != 0)
    g_signal_emit (self, signals[DESIGNATOR_AT_CURSOR], 0, designator);
  g_free (self->designator);
  self->designator = g_steal_pointer (&designator);
}

/* The bounds of the piece designator the cursor is on or just after
 * (cq_designator_find_at()), in the dialect of the text as it is now: when
 * a paste moves the cursor, the buffer's "changed" that updates
 * self->dialect has not come yet. */
static gboolean
designator_at_cursor (ExCqlEditor *self,
                      GtkTextIter *from,
                      GtkTextIter *to)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter cursor;
  g_autofree char *all = NULL;
  gsize offset, start, end;

  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  all = text_and_offset (self, &cursor, &offset);
  if (!cq_designator_find_at (all, cq_query_text_dialect (all, -1), offset, &start, &end))
    return FALSE;
  /* Bytes to characters: the text before may hold any character. */
  gtk_text_buffer_get_iter_at_offset (buffer, from, (int) g_utf8_strlen (all, (gssize) start));
  gtk_text_buffer_get_iter_at_offset (buffer, to, (int) g_utf8_strlen (all, (gssize) end));
  return TRUE;
}

/**
 * ex_cql_editor_get_designator_at_cursor:
 * @text: (out) (optional): the piece designator the cursor is on or just
 *   after (cq_designator_find_at()), in the text's dialect.
 *
 * Returns: TRUE if the cursor is on a piece designator.
 */
gboolean
ex_cql_editor_get_designator_at_cursor (ExCqlEditor  *self,
                                        char        **text)
{
  GtkTextIter from, to;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);

  if (text != NULL)
    *text = NULL;
  if (!designator_at_cursor (self, &from, &to))
    return FALSE;
  if (text != NULL)
    *text = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &from, &to, FALSE);
  return TRUE;
}

/**
 * ex_cql_editor_replace_designator_at_cursor:
 * @text: a piece designator in the text's dialect (the picker's).
 *
 * Puts @text in place of the piece designator the cursor is on or just
 * after, as one undoable action, and leaves the cursor after it: one
 * designator for another keeps the query as whole as it was.
 *
 * Returns: FALSE, changing nothing, if the cursor is on no designator.
 */
gboolean
ex_cql_editor_replace_designator_at_cursor (ExCqlEditor *self,
                                            const char  *text)
{
  GtkTextBuffer *buffer;
  GtkTextIter from, to;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!designator_at_cursor (self, &from, &to))
    return FALSE;
  buffer = GTK_TEXT_BUFFER (self->buffer);
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &from, &to);
  gtk_text_buffer_insert (buffer, &from, text, -1);
  gtk_text_buffer_end_user_action (buffer);
  gtk_text_buffer_place_cursor (buffer, &from);
  if (self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
  return TRUE;
}

/* Inserts @text at @where as it is (one undoable action) and leaves the
 * cursor after it, with the focus in the editor. */
static void
insert_plain (ExCqlEditor *self,
              GtkTextIter *where,
              const char  *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_insert (buffer, where, text, -1);
  gtk_text_buffer_end_user_action (buffer);
  gtk_text_buffer_place_cursor (buffer, where);
  if (self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

/* Inserts @text at @where (one undoable action) with a space before when
 * it would touch the item before, and after unless a space, a ')' or the
 * end follows (so that a comment after it stays apart), and leaves the cursor
 * after it, with the focus in the editor. */
static void
insert_at (ExCqlEditor *self,
           GtkTextIter *where,
           const char  *text)
{
  g_autoptr(GString) insert = g_string_new (text);
  GtkTextIter before = *where;
  gunichar next = gtk_text_iter_get_char (where);

  if (gtk_text_iter_backward_char (&before) && !is_item_end (gtk_text_iter_get_char (&before)))
    g_string_prepend_c (insert, ' ');
  if (next != 0 && next != ')' && !g_unichar_isspace (next))
    g_string_append_c (insert, ' ');
  insert_plain (self, where, insert->str);
}

/* Inserts @text at the cursor, as it is (see ex_cql_editor_insert_item()
 * for an insertion that keeps the query whole). */
void
ex_cql_editor_insert (ExCqlEditor *self,
                      const char  *text)
{
  GtkTextIter cursor;

  g_return_if_fail (EX_IS_CQL_EDITOR (self));
  g_return_if_fail (text != NULL);

  gtk_text_buffer_get_iter_at_mark (GTK_TEXT_BUFFER (self->buffer), &cursor,
                                    gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (self->buffer)));
  insert_at (self, &cursor, text);
}

/* One parenthesised list of the query, in character offsets. */
typedef struct {
  int   open;       /* its '(' */
  int   close;      /* its ')' */
  int   head_end;   /* just after its first item (or its '(' if it has none) */
  int   parent;     /* index of the enclosing list, -1 at the top */
  char *head;       /* its first item, "match", "position"... (or "") */
} ListSpan;

static void
list_span_clear (gpointer data)
{
  g_free (((ListSpan *) data)->head);
}

/* Reads the lists of @text as the engine's list reader does (`;` comments
 * to the end of the line, "quoted strings" on one line).  Items outside
 * any list set *@loose.
 *
 * Returns: (transfer full): the lists in the order they open, or NULL if
 *   the parentheses do not balance. */
static GArray *
scan_lists (const char *text,
            gboolean   *loose)
{
  g_autoptr(GArray) lists = g_array_new (FALSE, TRUE, sizeof (ListSpan));
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (int));
  const char *p = text;
  int offset = 0;

  g_array_set_clear_func (lists, list_span_clear);
  *loose = FALSE;
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);

      if (c == ';')
        {
          while (*p != '\0' && *p != '\n')
            p = g_utf8_next_char (p), offset++;
          continue;
        }
      if (c == '(')
        {
          ListSpan span = { offset, -1, offset + 1, -1, NULL };
          const char *q = g_utf8_next_char (p);
          int end = offset + 1;
          int index = (int) lists->len;

          if (stack->len > 0)
            span.parent = g_array_index (stack, int, stack->len - 1);
          while (*q != '\0' && g_unichar_isspace (g_utf8_get_char (q)))
            q = g_utf8_next_char (q), end++;
          if (*q != '\0' && !is_item_end (g_utf8_get_char (q)))
            {
              const char *word = q;

              while (*q != '\0' && !is_item_end (g_utf8_get_char (q)))
                q = g_utf8_next_char (q), end++;
              span.head = g_strndup (word, q - word);
              span.head_end = end;
            }
          else
            span.head = g_strdup ("");
          g_array_append_val (lists, span);
          g_array_append_val (stack, index);
        }
      else if (c == ')')
        {
          if (stack->len == 0)
            return NULL;
          g_array_index (lists, ListSpan,
                         g_array_index (stack, int, stack->len - 1)).close = offset;
          g_array_set_size (stack, stack->len - 1);
        }
      else if (!g_unichar_isspace (c) && stack->len == 0)
        *loose = TRUE;
      if (c == '"')
        {
          /* A quoted string runs to the next '"' on its line. */
          p = g_utf8_next_char (p), offset++;
          while (*p != '\0' && *p != '"' && *p != '\n')
            p = g_utf8_next_char (p), offset++;
          if (*p != '"')
            continue;
        }
      p = g_utf8_next_char (p), offset++;
    }
  if (stack->len != 0)
    return NULL;
  return g_steal_pointer (&lists);
}

#define SPAN(lists, i) (&g_array_index ((lists), ListSpan, (i)))

static gboolean
span_is (GArray     *lists,
         int         i,
         const char *head)
{
  return i >= 0 && g_strcmp0 (SPAN (lists, i)->head, head) == 0;
}

/* The innermost list whose parentheses hold @offset (strictly after its
 * '(', up to its ')'), or -1. */
static int
list_at (GArray *lists,
         int     offset)
{
  int found = -1;

  for (guint i = 0; i < lists->len; i++)
    if (SPAN (lists, i)->open < offset && offset <= SPAN (lists, i)->close)
      found = (int) i;
  return found;
}

/* The last list directly inside @parent whose head is @head, or -1. */
static int
last_child (GArray     *lists,
            int         parent,
            const char *head)
{
  int found = -1;

  for (guint i = 0; i < lists->len; i++)
    if (SPAN (lists, i)->parent == parent && span_is (lists, (int) i, head))
      found = (int) i;
  return found;
}

static void
iter_at (ExCqlEditor *self,
         GtkTextIter *iter,
         int          offset)
{
  gtk_text_buffer_get_iter_at_offset (GTK_TEXT_BUFFER (self->buffer), iter, offset);
}

/* Inserts "\n  @text" just before the ')' at @close: a new item on its own
 * line at the end of the list. */
static void
append_to_list (ExCqlEditor *self,
                int          close,
                const char  *text)
{
  g_autofree char *line = g_strdup_printf ("\n  %s", text);
  GtkTextIter where;

  iter_at (self, &where, close);
  insert_plain (self, &where, line);
}

/* @offset, or where the comment that holds it starts (its `;`): text put
 * there stays out of the comment. */
static int
comment_start (const char *text,
               int         offset)
{
  const char *end = g_utf8_offset_to_pointer (text, offset);
  const char *line = end;
  gboolean quoted = FALSE;

  while (line > text && line[-1] != '\n')
    line--;
  for (const char *p = line; p < end; p++)
    if (*p == '"')
      quoted = !quoted;
    else if (*p == ';' && !quoted)
      return (int) g_utf8_pointer_to_offset (text, p);
  return offset;
}

/* @where: set to @offset of @text (the buffer's text), moved out of the
 * comment or the word it is in: before the comment, after the word. */
static void
item_boundary (ExCqlEditor *self,
               const char  *text,
               int          offset,
               GtkTextIter *where)
{
  GtkTextIter before;

  iter_at (self, where, comment_start (text, offset));
  before = *where;
  if (gtk_text_iter_backward_char (&before) && !is_item_end (gtk_text_iter_get_char (&before)))
    while (!is_item_end (gtk_text_iter_get_char (where)))
      gtk_text_iter_forward_char (where);
}

/**
 * ex_cql_editor_insert_item:
 * @text: a piece designator (the picker's `K[a1,h1]`) or a whole position
 *   list (the pattern board's `(position ...)`).
 *
 * Puts @text where it makes the query whole rather than at the cursor
 * alone (one undoable action; the cursor ends after it):
 *
 * - a designator goes into a position list: at the cursor when the cursor
 *   is in one (after the word it is in), else at the end of the position
 *   list that holds the cursor's list, else at the end of the match list's
 *   last position list, else into a new `(position ...)` at the end of the
 *   match list;
 * - a position list goes into the match list: at the cursor when the
 *   cursor is between the match list's items, else at its end;
 * - when there is no match list, one is made: around the text there is
 *   (a bare position list, say), or alone in an empty editor.
 *
 * When the parentheses do not balance (the query is being edited), or the
 * text holds something that is neither a list nor a comment outside every
 * list, @text goes at the cursor, as ex_cql_editor_insert() puts it.
 *
 * Returns: FALSE if @text went at the cursor for that reason.
 */
gboolean
ex_cql_editor_insert_item (ExCqlEditor *self,
                           const char  *text)
{
  GtkTextBuffer *buffer;
  g_autofree char *all = NULL;
  g_autoptr(GArray) lists = NULL;
  gboolean loose, is_list;
  GtkTextIter cursor, where;
  int offset, match, inner, position;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  buffer = GTK_TEXT_BUFFER (self->buffer);
  is_list = g_str_has_prefix (text, "(");
  all = ex_cql_editor_dup_text (self);
  lists = scan_lists (all, &loose);
  if (lists == NULL || loose)
    {
      ex_cql_editor_insert (self, text);
      return FALSE;
    }

  match = last_child (lists, -1, "match");
  if (match < 0)
    {
      g_autofree char *item = is_list ? g_strdup (text)
                                      : g_strdup_printf ("(position %s)", text);
      g_autofree char *query = NULL;
      GtkTextMark *after;
      int end = -1;

      /* A match list round the lists there are (a bare position list, say)
       * with the item after them, or after the comments, if that is all
       * the text holds; the cursor just inside its last ')'. */
      for (guint i = 0; i < lists->len; i++)
        if (SPAN (lists, i)->parent < 0)
          end = SPAN (lists, i)->close + 1;
      gtk_text_buffer_begin_user_action (buffer);
      if (end >= 0)
        {
          g_autofree char *tail = g_strdup_printf ("\n  %s)", item);

          iter_at (self, &where, end);
          gtk_text_buffer_insert (buffer, &where, tail, -1);
          gtk_text_iter_backward_char (&where);
          after = gtk_text_buffer_create_mark (buffer, NULL, &where, FALSE);
          iter_at (self, &where, SPAN (lists, 0)->open);
          gtk_text_buffer_insert (buffer, &where, "(match\n  ", -1);
        }
      else
        {
          gboolean blank = g_strstrip (all)[0] == '\0';

          if (blank)
            {
              GtkTextIter start;

              gtk_text_buffer_get_bounds (buffer, &start, &where);
              gtk_text_buffer_delete (buffer, &start, &where);
            }
          gtk_text_buffer_get_end_iter (buffer, &where);
          query = g_strdup_printf ("%s(match\n  %s)\n", blank ? "" : "\n", item);
          gtk_text_buffer_insert (buffer, &where, query, -1);
          gtk_text_iter_backward_chars (&where, 2);
          after = gtk_text_buffer_create_mark (buffer, NULL, &where, FALSE);
        }
      gtk_text_buffer_end_user_action (buffer);
      gtk_text_buffer_get_iter_at_mark (buffer, &where, after);
      gtk_text_buffer_delete_mark (buffer, after);
      if (!is_list)
        gtk_text_iter_backward_char (&where);
      gtk_text_buffer_place_cursor (buffer, &where);
      if (self->view != NULL)
        gtk_widget_grab_focus (GTK_WIDGET (self->view));
      return TRUE;
    }

  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  offset = gtk_text_iter_get_offset (&cursor);
  inner = list_at (lists, offset);

  if (is_list)
    {
      /* Between the match list's items (after its head): at the cursor. */
      if (inner == match && offset >= SPAN (lists, match)->head_end)
        {
          item_boundary (self, all, offset, &where);
          insert_at (self, &where, text);
        }
      else
        append_to_list (self, SPAN (lists, match)->close, text);
      return TRUE;
    }

  /* A designator: the position list the cursor is in, or the one that
   * holds the cursor's list, or the match list's last one. */
  if (span_is (lists, inner, "position"))
    {
      item_boundary (self, all, MAX (offset, SPAN (lists, inner)->head_end), &where);
      insert_at (self, &where, text);
      return TRUE;
    }
  position = -1;
  for (int i = inner; i >= 0 && position < 0; i = SPAN (lists, i)->parent)
    if (span_is (lists, i, "position"))
      position = i;
  if (position < 0)
    position = last_child (lists, match, "position");
  if (position >= 0)
    {
      iter_at (self, &where, SPAN (lists, position)->close);
      insert_at (self, &where, text);
    }
  else
    {
      g_autofree char *item = g_strdup_printf ("(position %s)", text);

      append_to_list (self, SPAN (lists, match)->close, item);
      /* The cursor after the designator, inside its list. */
      gtk_text_buffer_get_iter_at_mark (buffer, &where, gtk_text_buffer_get_insert (buffer));
      gtk_text_iter_backward_char (&where);
      gtk_text_buffer_place_cursor (buffer, &where);
    }
  return TRUE;
}

/**
 * ex_cql_editor_insert_cql6_item:
 * @text: a CQL 6 designator (the picker's) or a position's filters (the
 *   pattern board's).
 * @kind: which of the two @text is.
 * @header_word: (nullable): a header parameter the item needs.
 *
 * The CQL 6 counterpart of ex_cql_editor_insert_item(): @text goes into
 * the query's body where it keeps the query whole, a `cql()` header first
 * into an empty editor (ex_cql6_insert_into_buffer()).
 */
void
ex_cql_editor_insert_cql6_item (ExCqlEditor    *self,
                                const char     *text,
                                ExCql6ItemKind  kind,
                                const char     *header_word)
{
  g_return_if_fail (EX_IS_CQL_EDITOR (self));
  g_return_if_fail (text != NULL);

  ex_cql6_insert_into_buffer (GTK_TEXT_BUFFER (self->buffer), text, kind, header_word);
  if (self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

/* The buffer of the editor's text (owned by the editor). */
GtkTextBuffer *
ex_cql_editor_get_buffer (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);
  return GTK_TEXT_BUFFER (self->buffer);
}

/**
 * ex_cql_editor_set_text:
 * @text: the new query text (UTF-8).
 * @undoable: TRUE to make the change one undoable action; FALSE for a
 *   starting text that Undo does not take back.
 *
 * Replaces the whole text and puts the cursor at its start.  The text is
 * parsed after the usual delay.
 */
void
ex_cql_editor_set_text (ExCqlEditor *self,
                        const char  *text,
                        gboolean     undoable)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_if_fail (EX_IS_CQL_EDITOR (self));
  g_return_if_fail (text != NULL);

  buffer = GTK_TEXT_BUFFER (self->buffer);
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

/* Replaces the whole text with @text (one undoable action) and parses it
 * at once. */
void
ex_cql_editor_replace_text (ExCqlEditor *self,
                            const char  *text)
{
  g_return_if_fail (EX_IS_CQL_EDITOR (self));
  g_return_if_fail (text != NULL);

  ex_cql_editor_set_text (self, text, TRUE);
  ex_cql_editor_parse_now (self);
}

/* Returns: (transfer full): the whole text. */
char *
ex_cql_editor_dup_text (ExCqlEditor *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

const char *
ex_cql_editor_get_message (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);

  return self->message;
}

gboolean
ex_cql_editor_get_has_error (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);

  return self->line != 0;
}

/* Returns: FALSE if the last parse found no error with a location. */
gboolean
ex_cql_editor_get_error_location (ExCqlEditor *self,
                                  guint       *line,
                                  guint       *column)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);

  if (self->line == 0)
    return FALSE;
  if (line != NULL)
    *line = self->line;
  if (column != NULL)
    *column = self->column;
  return TRUE;
}

/* The description of @keyword in cq_query_keywords(), or NULL. */
static const char *
keyword_description (CqDialect   dialect,
                     const char *keyword)
{
  const char *const *keywords = cq_query_keywords_for (dialect);

  for (guint i = 0; keywords[i] != NULL && keywords[i + 1] != NULL; i += 2)
    if (strcmp (keywords[i], keyword) == 0)
      return keywords[i + 1];
  return NULL;
}

/**
 * ex_cql_editor_dup_hover_text:
 * @iter: a place in the buffer.
 *
 * Returns: (transfer full) (nullable): what hovering @iter explains: the
 *   error message on the underlined item, else the description of the
 *   keyword there, else NULL.
 */
char *
ex_cql_editor_dup_hover_text (ExCqlEditor       *self,
                              const GtkTextIter *iter)
{
  GtkTextIter start, end;
  g_autofree char *word = NULL;
  const char *description;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);

  if (self->line != 0 && self->message != NULL &&
      (gtk_text_iter_has_tag (iter, self->error_tag) ||
       (guint) gtk_text_iter_get_line (iter) + 1 == self->line))
    return g_strdup (self->message);

  start = end = *iter;
  while (!gtk_text_iter_starts_line (&start))
    {
      GtkTextIter prev = start;

      gtk_text_iter_backward_char (&prev);
      if (!ex_cql_is_word_char (gtk_text_iter_get_char (&prev)))
        break;
      start = prev;
    }
  while (!gtk_text_iter_ends_line (&end) && ex_cql_is_word_char (gtk_text_iter_get_char (&end)))
    gtk_text_iter_forward_char (&end);
  word = gtk_text_iter_get_text (&start, &end);
  description = keyword_description (self->dialect, word);
  if (description == NULL)
    return NULL;
  return g_strdup_printf ("%s: %s", word, description);
}

/* The description completion shows beside a name the query declares. */
static const char *
name_kind_describe (CqNameKind kind)
{
  switch (kind)
    {
    case CQ_NAME_VARIABLE: return _("a variable of this query");
    case CQ_NAME_SQUARE:   return _("a square variable of this query (square … in)");
    case CQ_NAME_PIECE:    return _("a piece variable of this query (piece … in)");
    case CQ_NAME_FUNCTION: return _("a function of this query");
    case CQ_NAME_POSITION: return _("a position of this query’s echo");
    case CQ_NAME_TAG:
    default:               return NULL;
    }
}

/**
 * ex_cql_editor_list_proposals:
 * @prefix: the start of a word (keyword characters, ':' and '$').
 *
 * Returns: (transfer full): every completion of @prefix, an #ExCqlProposal
 *   each: in CQL 6 the names the query defines (cq_query_list_names()), the
 *   keywords (with their description, cq_query_keywords()) then
 *   the tags the query declares with `:forany` (`$name`, or `name` after
 *   `:tagmatch`).
 */
GListStore *
ex_cql_editor_list_proposals (ExCqlEditor *self,
                              const char  *prefix)
{
  GListStore *store = g_list_store_new (EX_TYPE_CQL_PROPOSAL);
  const char *const *keywords = cq_query_keywords_for (self->dialect);
  g_autofree char *text = ex_cql_editor_dup_text (self);
  /* :forany tags are CQL 3's (cq_query_list_names()). */
  g_autoptr(GPtrArray) tags = self->dialect == CQ_DIALECT_CQL3
                              ? cq_query_list_names (text, -1, CQ_DIALECT_CQL3)
                              : g_ptr_array_new ();

  /* The names a CQL 6 query defines, before the keywords: they are what
   * this query is about. */
  if (self->dialect == CQ_DIALECT_CQL6 && prefix[0] != '\0')
    {
      g_autoptr(GPtrArray) names = cq_query_list_names (text, -1, CQ_DIALECT_CQL6);

      for (guint i = 0; i < names->len; i++)
        {
          CqDeclaredName *name = g_ptr_array_index (names, i);

          if (g_str_has_prefix (name->name, prefix) && strcmp (name->name, prefix) != 0)
            {
              g_autoptr(ExCqlProposal) proposal =
                ex_cql_proposal_new (name->name, name_kind_describe (name->kind));

              g_list_store_append (store, proposal);
            }
        }
    }

  for (guint i = 0; keywords[i] != NULL && keywords[i + 1] != NULL; i += 2)
    if (g_str_has_prefix (keywords[i], prefix) && strcmp (keywords[i], prefix) != 0)
      {
        g_autoptr(ExCqlProposal) proposal = ex_cql_proposal_new (keywords[i], keywords[i + 1]);

        g_list_store_append (store, proposal);
      }

  for (guint i = 0; i < tags->len; i++)
    {
      const char *name = ((CqDeclaredName *) g_ptr_array_index (tags, i))->name;
      g_autofree char *dollar = g_strconcat ("$", name, NULL);

      /* `$name` as a piecetype; `name` after :tagmatch. */
      if (g_str_has_prefix (dollar, prefix) && strcmp (dollar, prefix) != 0)
        {
          g_autoptr(ExCqlProposal) proposal =
            ex_cql_proposal_new (dollar, _("the piece of the tag declared by :forany"));

          g_list_store_append (store, proposal);
        }
      else if (prefix[0] != '\0' && prefix[0] != '$' && prefix[0] != ':' &&
               g_str_has_prefix (name, prefix) && strcmp (name, prefix) != 0)
        {
          g_autoptr(ExCqlProposal) proposal =
            ex_cql_proposal_new (name, _("a tag declared by :forany"));

          g_list_store_append (store, proposal);
        }
    }

  return store;
}

/**
 * ex_cql_editor_complete:
 * @prefix: what was typed of the word (`:mat`, `$r`).
 *
 * Returns: (transfer full): the completions offered for @prefix, as the
 *   completion popup shows them, NULL-terminated.
 */
char **
ex_cql_editor_complete (ExCqlEditor *self,
                        const char  *prefix)
{
  g_autoptr(GListStore) store = NULL;
  GStrvBuilder *builder;
  char **result;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);
  g_return_val_if_fail (prefix != NULL, NULL);

  store = ex_cql_editor_list_proposals (self, prefix);
  builder = g_strv_builder_new ();
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (store)); i++)
    {
      g_autoptr(ExCqlProposal) proposal = g_list_model_get_item (G_LIST_MODEL (store), i);

      g_strv_builder_add (builder, ex_cql_proposal_get_word (proposal));
    }
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

/* ------------------------------------------------------------------------
 * Files
 */

/**
 * ex_cql_editor_note_recent:
 * Adds @file to the recent files (GtkRecentManager) as a CQL query.
 */
void
ex_cql_editor_note_recent (GFile *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = { 0 };

  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  data.mime_type = (char *) CQL_MIME_TYPE;
  data.app_name = (char *) "Excelsior";
  data.app_exec = (char *) "excelsior %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static gint
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *x = *(GtkRecentInfo **) a, *y = *(GtkRecentInfo **) b;
  GDateTime *tx = gtk_recent_info_get_modified (x), *ty = gtk_recent_info_get_modified (y);

  return g_date_time_compare (ty, tx);
}

/**
 * ex_cql_editor_build_recent_menu:
 * @action_name: the action to activate with the file's URI ("win.open-recent").
 *
 * Returns: (transfer full): a menu of the last MAX_RECENT .cql files used,
 *   newest first (empty if none).
 */
GMenuModel *
ex_cql_editor_build_recent_menu (const char *action_name)
{
  GMenu *menu = g_menu_new ();
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) cql = g_ptr_array_new ();
  guint n = 0;

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if (g_strcmp0 (gtk_recent_info_get_mime_type (info), CQL_MIME_TYPE) == 0 ||
          g_str_has_suffix (uri, ".cql"))
        g_ptr_array_add (cql, info);
    }
  g_ptr_array_sort (cql, compare_recent);

  for (guint i = 0; i < cql->len && n < MAX_RECENT; i++, n++)
    {
      GtkRecentInfo *info = g_ptr_array_index (cql, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, action_name, "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (menu, item);
    }

  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return G_MENU_MODEL (menu);
}

/**
 * ex_cql_editor_load_file:
 * Reads a query file and adds it to the recent files.
 *
 * Returns: (transfer full): its text, or NULL with a G_IO_ERROR (or
 *   G_IO_ERROR_INVALID_DATA if it is not UTF-8).
 */
char *
ex_cql_editor_load_file (GFile   *file,
                         GError **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;
  if (!g_utf8_validate_len (contents, length, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("It is not UTF-8 text"));
      return NULL;
    }
  ex_cql_editor_note_recent (file);
  return g_steal_pointer (&contents);
}

static void
set_file (ExCqlEditor *self,
          GFile       *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/**
 * ex_cql_editor_get_file:
 *
 * Returns: (transfer none) (nullable): the query's file (ExCqlEditor:file).
 */
GFile *
ex_cql_editor_get_file (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);

  return self->file;
}

/**
 * ex_cql_editor_forget_file:
 *
 * The text no longer belongs to a file (an example or a theme replaced
 * it): Save will ask for a name.
 */
void
ex_cql_editor_forget_file (ExCqlEditor *self)
{
  g_return_if_fail (EX_IS_CQL_EDITOR (self));

  set_file (self, NULL);
}

/**
 * ex_cql_editor_open:
 * @file: a query file (UTF-8 text).
 *
 * Reads @file (ex_cql_editor_load_file(), which adds it to the recent
 * files) and makes it the query: the text replaces the editor's (one
 * undoable action), ExCqlEditor:file becomes @file and the buffer is
 * unmodified.  On error nothing changes.
 *
 * Returns: FALSE with a G_IO_ERROR (G_IO_ERROR_INVALID_DATA if it is not
 *   UTF-8) if @file could not be read.
 */
gboolean
ex_cql_editor_open (ExCqlEditor  *self,
                    GFile        *file,
                    GError      **error)
{
  g_autofree char *contents = NULL;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  contents = ex_cql_editor_load_file (file, error);
  if (contents == NULL)
    return FALSE;
  ex_cql_editor_set_text (self, contents, TRUE);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  set_file (self, file);
  return TRUE;
}

/**
 * ex_cql_editor_save_to_file:
 * @file: where to write (Save: ExCqlEditor:file; Save As: the file chosen).
 *
 * Writes the buffer to @file (atomically, replacing it), makes @file the
 * query's file (ExCqlEditor:file), marks the buffer unmodified and adds
 * @file to the recent files.
 *
 * Returns: FALSE with a G_IO_ERROR if it could not be written (nothing
 *   changes then).
 */
gboolean
ex_cql_editor_save_to_file (ExCqlEditor  *self,
                            GFile        *file,
                            GError      **error)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  text = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error))
    return FALSE;
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  set_file (self, file);
  ex_cql_editor_note_recent (file);
  return TRUE;
}

typedef struct {
  ExCqlEditorFileFunc func;
  gpointer            user_data;
} DropClosure;

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DropClosure   *closure)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  for (GSList *l = files; l != NULL; l = l->next)
    closure->func (l->data, closure->user_data);
  return files != NULL;
}

/**
 * ex_cql_editor_add_file_drop:
 * @widget: where files may be dropped (the window).
 * @func: called for each dropped file, in order.
 */
void
ex_cql_editor_add_file_drop (GtkWidget           *widget,
                             ExCqlEditorFileFunc  func,
                             gpointer             user_data)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  DropClosure *closure = g_new0 (DropClosure, 1);

  closure->func = func;
  closure->user_data = user_data;
  g_object_set_data_full (G_OBJECT (target), "ex-closure", closure, g_free);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), closure);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (target));
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_cql_editor_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ExCqlEditor *self = EX_CQL_EDITOR (object);

  switch (prop_id)
    {
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case PROP_HAS_ERROR:
      g_value_set_boolean (value, self->line != 0);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_DIALECT:
      g_value_set_int (value, self->dialect);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_cql_editor_dispose (GObject *object)
{
  ExCqlEditor *self = EX_CQL_EDITOR (object);

  g_clear_handle_id (&self->parse_id, g_source_remove);
  g_clear_handle_id (&self->language_id, g_source_remove);
  if (self->view != NULL)
    {
      gtk_source_completion_remove_provider (gtk_source_view_get_completion (self->view),
                                             GTK_SOURCE_COMPLETION_PROVIDER (self->provider));
      gtk_source_hover_remove_provider (gtk_source_view_get_hover (self->view),
                                        GTK_SOURCE_HOVER_PROVIDER (self->provider));
      g_object_remove_weak_pointer (G_OBJECT (self->view), (gpointer *) &self->view);
      self->view = NULL;
    }
  g_clear_object (&self->provider);
  if (self->buffer != NULL)
    g_signal_handlers_disconnect_by_data (self->buffer, self);
  g_clear_object (&self->buffer);

  G_OBJECT_CLASS (ex_cql_editor_parent_class)->dispose (object);
}

static void
ex_cql_editor_finalize (GObject *object)
{
  ExCqlEditor *self = EX_CQL_EDITOR (object);

  g_free (self->message);
  g_free (self->designator);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (ex_cql_editor_parent_class)->finalize (object);
}

static void
ex_cql_editor_class_init (ExCqlEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ex_cql_editor_get_property;
  object_class->dispose = ex_cql_editor_dispose;
  object_class->finalize = ex_cql_editor_finalize;

  /**
   * ExCqlEditor:message:
   * What the last parse found: the error, as "Line L, column C: message",
   * or that the query is valid.  For the window's status line.
   */
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HAS_ERROR] =
    g_param_spec_boolean ("has-error", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * ExCqlEditor:file:
   * The file the query was opened from or last saved to; NULL for a new
   * query, an example or a theme.
   */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * ExCqlEditor:dialect:
   * The #CqDialect of the text (an int): CQL 6 when its first word is
   * `cql`, else CQL 3.  The buffer's highlighting follows it.
   */
  properties[PROP_DIALECT] =
    g_param_spec_int ("dialect", NULL, NULL, CQ_DIALECT_CQL3, CQ_DIALECT_CQL6, CQ_DIALECT_CQL3,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExCqlEditor::designator-at-cursor:
   * @text: the piece designator the cursor moved onto.
   */
  signals[DESIGNATOR_AT_CURSOR] =
    g_signal_new ("designator-at-cursor", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
ex_cql_editor_init (ExCqlEditor *self)
{
}

static char *
mark_tooltip_cb (GtkSourceMarkAttributes *attributes,
                 GtkSourceMark           *mark,
                 ExCqlEditor             *self)
{
  return g_strdup (self->message);
}

/**
 * ex_cql_editor_new:
 * @view: the query editor; its buffer must be a GtkSourceBuffer.
 *
 * Attaches the editor behaviour to @view (see the file comment).  The
 * result does not keep @view alive; free it before or after @view.
 *
 * Returns: (transfer full): the editor controller.
 */
ExCqlEditor *
ex_cql_editor_new (GtkSourceView *view)
{
  ExCqlEditor *self;
  GtkTextBuffer *buffer;
  g_autoptr(GtkSourceMarkAttributes) attributes = NULL;
  GdkRGBA red;

  g_return_val_if_fail (GTK_SOURCE_IS_VIEW (view), NULL);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  g_return_val_if_fail (GTK_SOURCE_IS_BUFFER (buffer), NULL);

  self = g_object_new (EX_TYPE_CQL_EDITOR, NULL);
  self->view = view;
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &self->view);
  self->buffer = g_object_ref (GTK_SOURCE_BUFFER (buffer));

  gdk_rgba_parse (&red, "#e01b24");
  self->error_tag = gtk_text_buffer_create_tag (buffer, "cql-error",
                                                "underline", PANGO_UNDERLINE_ERROR,
                                                "underline-rgba", &red,
                                                NULL);

  attributes = gtk_source_mark_attributes_new ();
  gtk_source_mark_attributes_set_icon_name (attributes, "dialog-error");
  gtk_source_mark_attributes_set_background (attributes, &(GdkRGBA) { 0.88, 0.11, 0.14, 0.12 });
  g_signal_connect_object (attributes, "query-tooltip-text", G_CALLBACK (mark_tooltip_cb), self, 0);
  gtk_source_view_set_mark_attributes (view, MARK_CATEGORY, attributes, 10);
  gtk_source_view_set_show_line_marks (view, TRUE);

  self->provider = ex_cql_provider_new (self);
  gtk_source_completion_add_provider (gtk_source_view_get_completion (view),
                                      GTK_SOURCE_COMPLETION_PROVIDER (self->provider));
  g_object_set (gtk_source_view_get_completion (view), "show-icons", FALSE, NULL);
  gtk_source_hover_add_provider (gtk_source_view_get_hover (view),
                                 GTK_SOURCE_HOVER_PROVIDER (self->provider));

  g_signal_connect_swapped (buffer, "changed", G_CALLBACK (buffer_changed_cb), self);
  g_signal_connect_swapped (buffer, "notify::cursor-position", G_CALLBACK (cursor_moved_cb), self);

  update_dialect (self);
  /* The first language at once, not after an idle. */
  if (self->language_id != 0)
    {
      g_clear_handle_id (&self->language_id, g_source_remove);
      set_language_cb (self);
    }
  ex_cql_editor_parse_now (self);
  return self;
}
