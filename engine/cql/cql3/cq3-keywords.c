/* cq3-keywords.c: the table of CQL 3 keywords, lookup and suggestions.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-query.h"
#include "cql/cql3/cq3-keywords-private.h"

#include <string.h>

#define CQ_KEYWORD_ENTRY(id, name, contexts, implemented, description) \
  { name, CQ_KEYWORD_##id, contexts, implemented, description },
static const CqKeywordInfo keywords[CQ_N_KEYWORDS] = {
  CQ_KEYWORD_TABLE (CQ_KEYWORD_ENTRY)
};
#undef CQ_KEYWORD_ENTRY

#define CQ_KEYWORD_PAIR(id, name, contexts, implemented, description) name, description,
static const char *const keyword_pairs[2 * CQ_N_KEYWORDS + 1] = {
  CQ_KEYWORD_TABLE (CQ_KEYWORD_PAIR)
  NULL
};
#undef CQ_KEYWORD_PAIR

const char *const *
cq_query_keywords (void)
{
  return keyword_pairs;
}

const CqKeywordInfo *
_cq_keyword_lookup (const char *name)
{
  for (guint i = 0; i < CQ_N_KEYWORDS; i++)
    if (strcmp (keywords[i].name, name) == 0)
      return &keywords[i];
  return NULL;
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
_cq_keyword_suggest (const char *name)
{
  const CqKeywordInfo *best[3];
  guint n_best = 0;
  guint best_distance = G_MAXUINT;
  guint limit;
  GString *text;

  /* Close enough to be a slip: at most a third of the word, at least 2;
   * or a prefix of the keyword. */
  limit = MAX (2, (guint) strlen (name) / 3);

  for (guint i = 0; i < CQ_N_KEYWORDS; i++)
    {
      guint distance = _cq_edit_distance (name, keywords[i].name);

      /* A cut-off keyword (`:flipdiag`, `:mov`) is as good as a slip. */
      if (strlen (name) >= 4 && g_str_has_prefix (keywords[i].name, name))
        distance = MIN (distance, 1);

      if (distance > limit)
        continue;
      if (distance < best_distance)
        {
          best_distance = distance;
          n_best = 0;
        }
      if (distance == best_distance && n_best < G_N_ELEMENTS (best))
        best[n_best++] = &keywords[i];
    }

  if (n_best == 0)
    return NULL;

  text = g_string_new ("did you mean ");
  for (guint i = 0; i < n_best; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == n_best ? " or " : ", ");
      g_string_append_printf (text, "'%s'", best[i]->name);
    }
  g_string_append_c (text, '?');
  return g_string_free (text, FALSE);
}

char *
_cq_keyword_contexts_describe (guint contexts)
{
  GPtrArray *parts = g_ptr_array_new ();
  char *text;

  if (contexts & CQ_KW_MATCH)
    g_ptr_array_add (parts, (gpointer) "the match list");
  if (contexts & CQ_KW_POSITION)
    g_ptr_array_add (parts, (gpointer) "a position list");
  if (contexts & CQ_KW_RELATION)
    g_ptr_array_add (parts, (gpointer) "a :relation specification");
  g_ptr_array_add (parts, NULL);
  text = g_strjoinv (" or ", (char **) parts->pdata);
  g_ptr_array_free (parts, TRUE);
  return text;
}
