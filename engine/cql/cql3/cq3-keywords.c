/* cq3-keywords.c: the table of CQL 3 keywords, lookup and suggestions.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-query.h"
#include "cql/common/cq-common-private.h"
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

char *
_cq_keyword_suggest (const char *name)
{
  /* Close enough to be a slip: at most a third of the word, at least 2. */
  return _cq_words_suggest (name, keyword_pairs, 2, '\'');
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
