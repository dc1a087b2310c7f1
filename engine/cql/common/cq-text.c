/* cq-text.c: what both dialects' readers do with a query's text before
 * reading it (UTF-8, whatever the file's encoding) and how they report
 * an error in it ("FILE:LINE:COLUMN: message", rulings R13; "did you
 * mean" for a misspelt keyword).
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

guint
_cq_edit_distance (const char *a, const char *b)
{
  guint la = strlen (a), lb = strlen (b);
  g_autofree guint *d = NULL;

  /* Optimal string alignment distance over bytes: keywords are ASCII and
   * an unknown word is short (a longer one is cut, it cannot be close). */
  la = MIN (la, 64);
  lb = MIN (lb, 64);
  d = g_new (guint, (la + 1) * (lb + 1));
#define D(i, j) d[(i) * (lb + 1) + (j)]
  for (guint i = 0; i <= la; i++)
    D (i, 0) = i;
  for (guint j = 0; j <= lb; j++)
    D (0, j) = j;
  for (guint i = 1; i <= la; i++)
    for (guint j = 1; j <= lb; j++)
      {
        guint cost = a[i - 1] == b[j - 1] ? 0 : 1;
        guint best = MIN (D (i - 1, j) + 1, D (i, j - 1) + 1);

        best = MIN (best, D (i - 1, j - 1) + cost);
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          best = MIN (best, D (i - 2, j - 2) + 1);
        D (i, j) = best;
      }
  return D (la, lb);
#undef D
}

char *
_cq_words_suggest (const char        *word,
                   const char *const *pairs,
                   guint              min_limit,
                   char               quote)
{
  const char *best[3];
  guint n_best = 0;
  guint best_distance = G_MAXUINT;
  guint limit;
  GString *text;

  /* Close enough to be a slip: at most a third of the word, at least
   * @min_limit; or a prefix of the keyword. */
  limit = MAX (min_limit, (guint) strlen (word) / 3);

  for (guint i = 0; pairs[i] != NULL; i += 2)
    {
      guint distance = _cq_edit_distance (word, pairs[i]);

      /* A cut-off keyword (`:flipdiag`, `:mov`) is as good as a slip. */
      if (strlen (word) >= 4 && g_str_has_prefix (pairs[i], word))
        distance = MIN (distance, 1);

      if (distance > limit)
        continue;
      if (distance < best_distance)
        {
          best_distance = distance;
          n_best = 0;
        }
      /* A word the table lists twice is named once. */
      for (guint k = 0; k < n_best; k++)
        if (strcmp (best[k], pairs[i]) == 0)
          distance = G_MAXUINT;
      if (distance == best_distance && n_best < G_N_ELEMENTS (best))
        best[n_best++] = pairs[i];
    }

  if (n_best == 0)
    return NULL;

  text = g_string_new ("did you mean ");
  for (guint i = 0; i < n_best; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == n_best ? " or " : ", ");
      g_string_append_printf (text, "%c%s%c", quote, best[i], quote);
    }
  g_string_append_c (text, '?');
  return g_string_free (text, FALSE);
}
