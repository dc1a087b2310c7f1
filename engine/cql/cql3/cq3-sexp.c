/* cq3-sexp.c: the CQL list reader (manual "CQL Syntax").
 *
 * A CQL file is a sequence of items: strings without whitespace or
 * parentheses, and parenthesised lists of items; `;` starts a comment that
 * runs to the end of the line.  As an extension (player names have
 * spaces), a string may be written in double quotes on one line:
 * `"van der Heijden"`.  Every item keeps its 1-based line and
 * column (columns count characters) for the messages of rulings R13.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"
#include "cql/cql3/cq3-sexp-private.h"

#include <string.h>

static CqSexp *
sexp_new (CqSexpKind kind, guint line, guint column)
{
  CqSexp *sexp = g_new0 (CqSexp, 1);

  sexp->kind = kind;
  sexp->line = line;
  sexp->column = column;
  return sexp;
}

void
_cq_sexp_free (CqSexp *sexp)
{
  if (sexp == NULL)
    return;
  for (guint i = 0; i < sexp->n_items; i++)
    _cq_sexp_free (sexp->items[i]);
  g_free (sexp->items);
  g_free (sexp->text);
  g_free (sexp);
}

/* A list being read: its node and the items read so far. */
typedef struct {
  CqSexp    *list;
  GPtrArray *items;
} OpenList;

static void
open_list_close (OpenList *open)
{
  open->list->n_items = open->items->len;
  open->list->items = (CqSexp **) g_ptr_array_free (open->items, FALSE);
  open->items = NULL;
}

static void
open_list_clear (gpointer data)
{
  OpenList *open = data;

  if (open->items != NULL)
    {
      g_ptr_array_free (open->items, TRUE);
      open->items = NULL;
      _cq_sexp_free (open->list);
    }
}

static gboolean
is_space (gunichar c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
         || g_unichar_isspace (c) || c == 0xFEFF;
}

/* Ends a string item. */
static gboolean
is_delimiter (gunichar c)
{
  return c == '(' || c == ')' || c == ';' || c == '"' || is_space (c);
}

CqSexp *
_cq_sexp_read (const char *text, gsize len, const char *filename, GError **error)
{
  g_autofree char *utf8 = NULL;
  g_autoptr(GArray) stack = NULL;
  const char *p;
  guint line = 1, column = 1;
  CqSexp *root;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  utf8 = _cq_query_text_to_utf8 (text != NULL ? text : "", len, filename, error);
  if (utf8 == NULL)
    return NULL;

  stack = g_array_new (FALSE, FALSE, sizeof (OpenList));
  g_array_set_clear_func (stack, open_list_clear);

  {
    OpenList top;

    top.list = sexp_new (CQ_SEXP_LIST, 1, 1);
    top.items = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq_sexp_free);
    g_array_append_val (stack, top);
  }

  p = utf8;
  if (g_str_has_prefix (p, "\xEF\xBB\xBF"))
    p += 3;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n' || c == '\r')
        {
          if (c == '\r' && p[1] == '\n')
            p++;
          p++;
          line++;
          column = 1;
        }
      else if (is_space (c))
        {
          p = g_utf8_next_char (p);
          column++;
        }
      else if (c == ';')
        {
          while (*p != '\0' && *p != '\n' && *p != '\r')
            {
              p = g_utf8_next_char (p);
              column++;
            }
        }
      else if (c == '(')
        {
          OpenList open;

          if (stack->len - 1 >= CQ_SEXP_MAX_DEPTH)
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                                   "lists nested deeper than %d levels",
                                   CQ_SEXP_MAX_DEPTH);
              return NULL;
            }
          open.list = sexp_new (CQ_SEXP_LIST, line, column);
          open.items = g_ptr_array_new_with_free_func ((GDestroyNotify) _cq_sexp_free);
          g_array_append_val (stack, open);
          p++;
          column++;
        }
      else if (c == ')')
        {
          OpenList *open;

          if (stack->len == 1)
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                                   "unexpected ')': no '(' is open here");
              return NULL;
            }
          open = &g_array_index (stack, OpenList, stack->len - 1);
          open->list->end_line = line;
          open->list->end_column = column;
          open_list_close (open);
          {
            CqSexp *done = open->list;
            OpenList *parent;

            g_array_set_size (stack, stack->len - 1);
            parent = &g_array_index (stack, OpenList, stack->len - 1);
            g_ptr_array_add (parent->items, done);
          }
          p++;
          column++;
        }
      else if (c == '"')
        {
          /* A quoted string: everything up to the next '"' on the line,
           * spaces and parentheses included (a player's name). */
          const char *start = p + 1;
          const char *end = start;
          guint length = 0;
          CqSexp *string;
          OpenList *parent;

          while (*end != '\0' && *end != '"' && *end != '\n' && *end != '\r')
            {
              end = g_utf8_next_char (end);
              length++;
            }
          if (*end != '"')
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                                   "this '\"' is never closed: expected '\"' before the end of "
                                   "the line");
              return NULL;
            }
          string = sexp_new (CQ_SEXP_STRING, line, column);
          string->text = g_strndup (start, end - start);
          string->quoted = TRUE;
          parent = &g_array_index (stack, OpenList, stack->len - 1);
          g_ptr_array_add (parent->items, string);
          p = end + 1;
          column += length + 2;
        }
      else
        {
          const char *start = p;
          CqSexp *string = sexp_new (CQ_SEXP_STRING, line, column);
          OpenList *parent;

          while (*p != '\0' && !is_delimiter (g_utf8_get_char (p)))
            {
              p = g_utf8_next_char (p);
              column++;
            }
          string->text = g_strndup (start, p - start);
          parent = &g_array_index (stack, OpenList, stack->len - 1);
          g_ptr_array_add (parent->items, string);
        }
    }

  if (stack->len > 1)
    {
      OpenList *open = &g_array_index (stack, OpenList, stack->len - 1);

      _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename,
                           open->list->line, open->list->column,
                           "this '(' is never closed: expected ')' before the end of the text");
      return NULL;
    }

  {
    OpenList *top = &g_array_index (stack, OpenList, 0);

    root = top->list;
    root->end_line = line;
    root->end_column = column;
    open_list_close (top);
    g_array_set_size (stack, 0);
  }

  return root;
}
