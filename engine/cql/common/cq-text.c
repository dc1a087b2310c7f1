/* cq-text.c: what both dialects' readers do with a query's text before
 * reading it (UTF-8, whatever the file's encoding) and how they report
 * an error in it ("FILE:LINE:COLUMN: message", rulings R13).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"
#include "pgn/cq-message.h"

#include <string.h>

void
_cq_query_set_error (GError    **error,
                     int         code,
                     const char *filename,
                     guint       line,
                     guint       column,
                     const char *format,
                     ...)
{
  g_autofree char *message = NULL;
  g_autofree char *clean = NULL;
  gboolean was_set;
  va_list args;

  if (error == NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* The message may quote the query: control characters escaped, long
   * words cut (cq_message_clean()). */
  clean = cq_message_clean (message);

  /* g_set_error() keeps an error already set (and warns): so does its location. */
  was_set = *error != NULL;
  g_set_error (error, CQ_QUERY_ERROR, code, "%s:%u:%u: %s",
               filename != NULL ? filename : "<query>", line, column, clean);
  if (!was_set)
    _cq_query_error_set_location (*error, filename, line, column);
}

char *
_cq_query_text_to_utf8 (const char *text, gsize len, const char *filename, GError **error)
{
  const char *nul = memchr (text, '\0', len);
  const char *valid_end = NULL;
  char *converted;

  if (nul != NULL)
    {
      /* Locate the NUL for the message; the text before it is what counts. */
      guint line = 1, column = 1;
      g_autofree char *head = NULL;

      head = g_utf8_make_valid (text, nul - text);
      for (const char *p = head; *p != '\0'; p = g_utf8_next_char (p))
        {
          if (*p == '\n')
            line++, column = 1;
          else
            column++;
        }
      _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                           "NUL byte in the query text: a CQL file is text");
      return NULL;
    }

  if (g_utf8_validate_len (text, len, &valid_end))
    return g_strndup (text, len);

  /* Old CQL files written on Windows are Windows-1252; ISO-8859-1 maps every
   * byte, so the second conversion cannot fail. */
  converted = g_convert (text, len, "UTF-8", "WINDOWS-1252", NULL, NULL, NULL);
  if (converted == NULL)
    converted = g_convert (text, len, "UTF-8", "ISO-8859-1", NULL, NULL, NULL);
  if (converted == NULL)
    converted = g_utf8_make_valid (text, len);
  return converted;
}
