/* ex-cql-editor.c: the query editor's behaviour (live parse, error marks,
 * hover, completion).
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
 * - edits an ExQueryDocument (ex-query-document.c), which owns the text
 *   (the one GtkSourceBuffer), the file, the name and the dialect;
 * - completes and explains the keywords of that dialect (with the
 *   descriptions of cq_query_keywords_for()) and, in CQL 3, the tag names
 *   the query declares with `:forany` (`$name`), in CQL 6 its variables
 *   and functions (cq_query_list_names());
 * - tells the picker which designator the cursor is on
 *   (ExCqlEditor::designator-at-cursor), in either dialect, and puts the
 *   picker's in its place;
 * - shows the errors a search finds when it compiles the text
 *   (ex_cql_editor_show_error()) with the same underline and gutter mark,
 *   and clears the marks as soon as the text changes.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"
#include "cql/cq-designator-text.h"
#include "ex-cql-editor-private.h"
#include "ex-cql-provider.h"
#include "ex-cql6-text.h"
#include "ex-query-document.h"

#define EDITOR_FILENAME EX_CQL_EDITOR_FILENAME
#define MARK_CATEGORY   "ex-cql-error"

/* ------------------------------------------------------------------------
 * The editor
 */

G_DEFINE_FINAL_TYPE (ExCqlEditor, ex_cql_editor, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MESSAGE,
  PROP_HAS_ERROR,
  N_PROPS
};

enum {
  DESIGNATOR_AT_CURSOR,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

gboolean
ex_cql_is_word_char (gunichar c)
{
  return g_unichar_isalnum (c) || c == '_' || c == ':' || c == '$';
}

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

CqQuery *
ex_cql_compile (const char  *text,
                GError     **error)
{
  return ex_cql_compile_allowing_files (text, NULL, error);
}

CqQuery *
ex_cql_compile_allowing_files (const char  *text,
                               const char  *files_dir,
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
    return cq_query_new_from_string_allowing_files (text, EDITOR_FILENAME, files_dir, error);

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
  if (g_error_matches (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES))
    {
      /* readfile / writefile: Run asks which folder they may use.  The
       * rest of the query is read with a folder only to check it: this
       * query is never searched. */
      g_autoptr(CqQuery) checked = NULL;

      g_clear_error (&error);
      checked = ex_cql_compile_allowing_files (text, g_get_tmp_dir (), &error);
      if (checked != NULL)
        {
          set_message (self, _("The query is valid CQL; it reads or writes files: Run asks "
                               "which folder they may use"), was_error);
          return TRUE;
        }
    }

  if (ex_cql_error_location (error, &line, &column, NULL))
    show_error (self, line, column, NULL);
  message = ex_cql_dup_error_text (error);
  set_message (self, message, was_error);

  return FALSE;
}

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

CqDialect
ex_cql_editor_get_dialect (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), CQ_DIALECT_CQL3);

  return ex_query_document_get_dialect (self->document);
}

/* An error shown belongs to the text it was found in: any change clears
 * it at once, and the parse after the delay shows it again if it is still
 * there. */
static void
buffer_changed_cb (ExCqlEditor   *self,
                   GtkTextBuffer *buffer)
{
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
 * the document's dialect has not come yet. */
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

GtkTextBuffer *
ex_cql_editor_get_buffer (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);
  return GTK_TEXT_BUFFER (self->buffer);
}

ExQueryDocument *
ex_cql_editor_get_document (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);
  return self->document;
}

void
ex_cql_editor_replace_text (ExCqlEditor *self,
                            const char  *text)
{
  g_return_if_fail (EX_IS_CQL_EDITOR (self));
  g_return_if_fail (text != NULL);

  ex_query_document_set_text (self->document, text, TRUE);
  ex_cql_editor_parse_now (self);
}

char *
ex_cql_editor_dup_text (ExCqlEditor *self)
{
  g_return_val_if_fail (EX_IS_CQL_EDITOR (self), NULL);

  return ex_query_document_dup_text (self->document);
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
  description = keyword_description (ex_cql_editor_get_dialect (self), word);
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

GListStore *
ex_cql_editor_list_proposals (ExCqlEditor *self,
                              const char  *prefix)
{
  GListStore *store = g_list_store_new (EX_TYPE_CQL_PROPOSAL);
  const char *const *keywords = cq_query_keywords_for (ex_cql_editor_get_dialect (self));
  g_autofree char *text = ex_cql_editor_dup_text (self);
  /* :forany tags are CQL 3's (cq_query_list_names()). */
  g_autoptr(GPtrArray) tags = ex_cql_editor_get_dialect (self) == CQ_DIALECT_CQL3
                              ? cq_query_list_names (text, -1, CQ_DIALECT_CQL3)
                              : g_ptr_array_new ();

  /* The names a CQL 6 query defines, before the keywords: they are what
   * this query is about. */
  if (ex_cql_editor_get_dialect (self) == CQ_DIALECT_CQL6 && prefix[0] != '\0')
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_cql_editor_dispose (GObject *object)
{
  ExCqlEditor *self = EX_CQL_EDITOR (object);

  g_clear_handle_id (&self->parse_id, g_source_remove);
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
  g_clear_object (&self->document);

  G_OBJECT_CLASS (ex_cql_editor_parent_class)->dispose (object);
}

static void
ex_cql_editor_finalize (GObject *object)
{
  ExCqlEditor *self = EX_CQL_EDITOR (object);

  g_free (self->message);
  g_free (self->designator);
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

ExCqlEditor *
ex_cql_editor_new (GtkSourceView   *view,
                   ExQueryDocument *document)
{
  ExCqlEditor *self;
  GtkTextBuffer *buffer;
  g_autoptr(GtkSourceMarkAttributes) attributes = NULL;
  GdkRGBA red;

  g_return_val_if_fail (GTK_SOURCE_IS_VIEW (view), NULL);
  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (document), NULL);
  buffer = GTK_TEXT_BUFFER (ex_query_document_get_buffer (document));
  gtk_text_view_set_buffer (GTK_TEXT_VIEW (view), buffer);

  self = g_object_new (EX_TYPE_CQL_EDITOR, NULL);
  self->view = view;
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &self->view);
  self->document = g_object_ref (document);
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

  ex_cql_editor_parse_now (self);
  return self;
}
