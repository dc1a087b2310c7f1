/* cq-query-info.c: what the readers tell about a query's text besides its
 * compiled form (cq-query-info.h): error locations, marks, the names a
 * query declares.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - The CQ_QUERY_ERROR domain is an extended GError domain: each error
 *   carries the file name, line and column its message starts with.
 * - The names come from each dialect's reader on a text being typed
 *   (cql3/cq3-info.c, cql6/cq6-info.c).
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query-info.h"
#include "cql/common/cq-common-private.h"

/* ------------------------------------------------------------------------
 * Error locations
 */

typedef struct {
  char  *filename;
  guint  line;
  guint  column;
  /* FALSE for an error set without a location (IO, a FEN's error). */
  gboolean located;
} CqQueryErrorPrivate;

static void
cq_query_error_private_init (CqQueryErrorPrivate *priv)
{
  priv->filename = NULL;
  priv->line = priv->column = 0;
  priv->located = FALSE;
}

static void
cq_query_error_private_copy (const CqQueryErrorPrivate *src,
                             CqQueryErrorPrivate       *dest)
{
  dest->filename = g_strdup (src->filename);
  dest->line = src->line;
  dest->column = src->column;
  dest->located = src->located;
}

static void
cq_query_error_private_clear (CqQueryErrorPrivate *priv)
{
  g_clear_pointer (&priv->filename, g_free);
}

G_DEFINE_EXTENDED_ERROR (CqQueryError, cq_query_error)

void
_cq_query_error_set_location (GError     *error,
                              const char *filename,
                              guint       line,
                              guint       column)
{
  CqQueryErrorPrivate *priv;

  g_return_if_fail (error != NULL && error->domain == CQ_QUERY_ERROR);

  priv = cq_query_error_get_private (error);
  g_free (priv->filename);
  priv->filename = g_strdup (filename != NULL ? filename : "<query>");
  priv->line = line;
  priv->column = column;
  priv->located = TRUE;
}

gboolean
cq_query_error_get_location (const GError  *error,
                             const char   **filename,
                             guint         *line,
                             guint         *column)
{
  const CqQueryErrorPrivate *priv;

  if (error == NULL || error->domain != CQ_QUERY_ERROR)
    return FALSE;
  priv = cq_query_error_get_private (error);
  if (!priv->located)
    return FALSE;
  if (filename != NULL)
    *filename = priv->filename;
  if (line != NULL)
    *line = priv->line;
  if (column != NULL)
    *column = priv->column;
  return TRUE;
}

const char *
cq_query_error_get_detail (const GError *error)
{
  g_autofree char *prefix = NULL;
  const char *file;
  guint line, column;

  g_return_val_if_fail (error != NULL, NULL);

  if (!cq_query_error_get_location (error, &file, &line, &column))
    return error->message;
  prefix = g_strdup_printf ("%s:%u:%u:", file, line, column);
  if (!g_str_has_prefix (error->message, prefix))
    return error->message;
  return error->message + strlen (prefix) + (error->message[strlen (prefix)] == ' ');
}

void
cq_query_set_error_at (GError       **error,
                       CqQueryError   code,
                       const char    *filename,
                       guint          line,
                       guint          column,
                       const char    *detail)
{
  gboolean was_set;

  g_return_if_fail (detail != NULL);

  if (error == NULL)
    return;
  was_set = *error != NULL;
  g_set_error (error, CQ_QUERY_ERROR, code, "%s:%u:%u: %s",
               filename != NULL ? filename : "<query>", line, column, detail);
  if (!was_set)
    _cq_query_error_set_location (*error, filename, line, column);
}

/* ------------------------------------------------------------------------
 * Marks
 */

gboolean
cq_query_marks_all (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);

  return query->cql6 != NULL || query->position != NULL || query->any_markall;
}

/* ------------------------------------------------------------------------
 * Names
 */

gssize
_cq_text_offset_of (const char *text,
                    guint       line,
                    guint       column,
                    gboolean    cr_ends_line)
{
  const char *p = text;

  for (guint l = 1; l < line; l++)
    {
      while (*p != '\0' && *p != '\n' && !(cr_ends_line && *p == '\r'))
        p++;
      if (*p == '\0')
        return -1;
      if (*p == '\r' && p[1] == '\n')
        p++;
      p++;
    }
  for (guint c = 1; c < column; c++)
    {
      if (*p == '\0' || *p == '\n' || (cr_ends_line && *p == '\r'))
        return -1;
      p = g_utf8_next_char (p);
    }
  return *p != '\0' ? p - text : -1;
}

void
_cq_declared_name_free (gpointer data)
{
  CqDeclaredName *name = data;

  g_free (name->name);
  g_free (name);
}

void
_cq_declared_names_add (GPtrArray  *names,
                        const char *name,
                        gsize       len,
                        CqNameKind  kind,
                        gboolean    once)
{
  CqDeclaredName *entry;

  if (once)
    for (guint i = 0; i < names->len; i++)
      {
        const char *other = ((CqDeclaredName *) g_ptr_array_index (names, i))->name;

        if (strncmp (other, name, len) == 0 && other[len] == '\0')
          return;
      }
  entry = g_new (CqDeclaredName, 1);
  entry->name = g_strndup (name, len);
  entry->kind = kind;
  g_ptr_array_add (names, entry);
}


GPtrArray *
cq_query_list_names (const char *text,
                     gssize      len,
                     CqDialect   dialect)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (_cq_declared_name_free);

  g_return_val_if_fail (text != NULL, names);

  if (dialect == CQ_DIALECT_CQL3)
    _cq3_list_names (text, len, names);
  else
    _cq6_list_names (text, len, names);
  return names;
}
