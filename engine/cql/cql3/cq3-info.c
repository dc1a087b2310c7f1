/* cq3-info.c: the CQL 3 list reader on a text being typed, for the
 * questions of cq-query-info.h: is it a bare position list, which tags
 * does it declare.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A text being typed rarely reads: where the reader stops, the text is
 * mended at the place the error names and read again.
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query-info.h"
#include "cql/cql3/cq3-private.h"

/* The items of @text as the CQL 3 reader reads them (cq3-sexp.c), the text
 * mended where the reader stops: a `(` never closed gets its `)` at the
 * end, a `)` without `(` and a `"` not closed on its line become spaces.
 * NULL if the text cannot be mended (lists nested too deep). */
static CqSexp *
read_mended (const char *text,
             gssize      len)
{
  g_autofree char *utf8 = NULL;
  GString *mended;
  CqSexp *top = NULL;

  utf8 = _cq_query_text_to_utf8 (text, len < 0 ? strlen (text) : (gsize) len, NULL, NULL);
  if (utf8 == NULL)
    return NULL;
  /* The reader skips a byte-order mark without counting it. */
  mended = g_string_new (g_str_has_prefix (utf8, "\xEF\xBB\xBF") ? utf8 + 3 : utf8);
  /* Each round mends one character: a `)` appended closes the innermost
   * open `(`, the next error names the one around it; a character blanked
   * is never named again. */
  for (gssize last_open = -1;;)
    {
      g_autoptr(GError) error = NULL;
      guint line, column;
      gssize at;

      top = _cq_sexp_read (mended->str, mended->len, NULL, &error);
      if (top != NULL || !cq_query_error_get_location (error, NULL, &line, &column))
        break;
      at = _cq_text_offset_of (mended->str, line, column, TRUE);
      if (at < 0)
        break;
      /* A `(` named again once closed is one nested too deep. */
      if (mended->str[at] == '(' && at != last_open)
        {
          /* On a line of its own, out of reach of a last comment. */
          g_string_append (mended, "\n)");
          last_open = at;
        }
      else if (mended->str[at] == ')' || mended->str[at] == '"')
        mended->str[at] = ' ';
      else
        break;
    }
  g_string_free (mended, TRUE);
  return top;
}

gboolean
cq_query_text_is_bare_position_list (const char *text,
                                     gssize      len)
{
  g_autoptr(CqSexp) top = NULL;
  const CqSexp *first;

  g_return_val_if_fail (text != NULL, FALSE);

  top = read_mended (text, len);
  if (top == NULL || top->n_items == 0)
    return FALSE;
  first = top->items[0];
  return first->kind == CQ_SEXP_LIST && first->n_items > 0
         && first->items[0]->kind == CQ_SEXP_STRING && !first->items[0]->quoted
         && strcmp (first->items[0]->text, "position") == 0;
}


/* The `:forany NAME` of @list and of the lists in it, in text order. */
static void
collect_tags (const CqSexp *list,
              GPtrArray    *names)
{
  for (guint i = 0; i < list->n_items; i++)
    {
      const CqSexp *item = list->items[i];
      const CqSexp *next = i + 1 < list->n_items ? list->items[i + 1] : NULL;

      if (item->kind == CQ_SEXP_LIST)
        collect_tags (item, names);
      else if (!item->quoted && strcmp (item->text, ":forany") == 0
               && next != NULL && next->kind == CQ_SEXP_STRING && !next->quoted)
        {
          gsize n = 0;

          while (g_ascii_isalnum (next->text[n]) || next->text[n] == '_')
            n++;
          if (n > 0)
            _cq_declared_names_add (names, next->text, n, CQ_NAME_TAG, FALSE);
        }
    }
}


void
_cq3_list_names (const char *text,
                 gssize      len,
                 GPtrArray  *names)
{
  g_autoptr(CqSexp) top = read_mended (text, len);

  if (top != NULL)
    collect_tags (top, names);
}
