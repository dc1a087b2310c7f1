/* ex-cql-editor-insert.c: the query editor puts the picker's and the pattern board's items.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of ExCqlEditor (ex-cql-editor-private.h).  A CQL 3 item goes where
 * it keeps the match list whole: into the position list the cursor is in,
 * else the last one, else a new one (ex_cql_editor_insert_item(), with a
 * small reader of the lists' structure, scan_lists()); a CQL 6 item into
 * the query's body (ex_cql6_insert_into_buffer()).
 */
#include "config.h"

#include <string.h>

#include "ex-cql-editor-private.h"
#include "ex-cql6-text.h"

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

