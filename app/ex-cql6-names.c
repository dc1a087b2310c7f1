/* ex-cql6-names.c: the names a CQL 6 query gives itself (variables,
 * loop variables, functions, echo's positions), for completion.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor completes the names the query defines as well as CQL 6's
 * keywords (docs/cql6.md "Variables, loops and functions").  A name is
 * defined by
 * - an assignment `Name = ...` (not `==`);
 * - a loop: `square [all] Name in ...`, `piece [all] Name in ...`;
 * - a function: `function Name (...)`;
 * - echo's two positions: `echo (Source Target)`.
 * The text is read as words and punctuation, skipping comments and
 * strings, without the engine's parser, so that the names are offered while
 * the query does not parse yet (it rarely does while being typed).  A word
 * of CQL is never a name.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cql/cq-query.h"
#include "ex-cql6-names.h"

/* One word, or one punctuation character ("=" and "==" kept apart). */
typedef struct {
  char     *text;
  gboolean  word;
} Token;

static void
token_clear (gpointer data)
{
  g_free (((Token *) data)->text);
}

static GArray *
tokenize (const char *text)
{
  GArray *tokens = g_array_new (FALSE, TRUE, sizeof (Token));
  const char *p = text;

  g_array_set_clear_func (tokens, token_clear);
  while (*p != '\0')
    {
      Token token = { NULL, FALSE };

      if (g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      if (p[0] == '/' && p[1] == '/')
        {
          while (*p != '\0' && *p != '\n')
            p++;
          continue;
        }
      if (p[0] == '/' && p[1] == '*')
        {
          const char *end = strstr (p + 2, "*/");

          p = end != NULL ? end + 2 : p + strlen (p);
          continue;
        }
      if (*p == '"')
        {
          for (p++; *p != '\0' && *p != '"'; p++)
            if (*p == '\\' && p[1] != '\0')
              p++;
          if (*p == '"')
            p++;
          continue;
        }
      if (g_ascii_isalnum (*p) || *p == '_')
        {
          const char *start = p;

          while (g_ascii_isalnum (*p) || *p == '_')
            p++;
          token.text = g_strndup (start, p - start);
          token.word = TRUE;
        }
      else if (p[0] == '=' && p[1] == '=')
        {
          token.text = g_strdup ("==");
          p += 2;
        }
      else
        {
          const char *next = g_utf8_next_char (p);

          token.text = g_strndup (p, next - p);
          p = next;
        }
      g_array_append_val (tokens, token);
    }
  return tokens;
}

static gboolean
is_keyword (const char *word)
{
  const char *const *keywords = cq_query_keywords_for (CQ_DIALECT_CQL6);

  for (guint i = 0; keywords[i] != NULL && keywords[i + 1] != NULL; i += 2)
    if (strcmp (keywords[i], word) == 0)
      return TRUE;
  return FALSE;
}

/* A word that can name something: starts with a letter, is no keyword. */
static gboolean
is_name (const Token *token)
{
  return token != NULL && token->word && g_ascii_isalpha (token->text[0])
         && !is_keyword (token->text);
}

static void
add_name (GPtrArray      *names,
          const char     *name,
          ExCql6NameKind  kind)
{
  ExCql6Name *entry;

  for (guint i = 0; i < names->len; i++)
    if (strcmp (((ExCql6Name *) g_ptr_array_index (names, i))->name, name) == 0)
      return;
  entry = g_new (ExCql6Name, 1);
  entry->name = g_strdup (name);
  entry->kind = kind;
  g_ptr_array_add (names, entry);
}

static void
name_free (gpointer data)
{
  ExCql6Name *name = data;

  g_free (name->name);
  g_free (name);
}

#define TOK(i) ((i) < tokens->len ? &g_array_index (tokens, Token, (i)) : NULL)

static gboolean
tok_is (const Token *token,
        const char  *text)
{
  return token != NULL && strcmp (token->text, text) == 0;
}

/**
 * ex_cql6_scan_names:
 * @text: a CQL 6 query, perhaps unfinished.
 *
 * Returns: (transfer full) (element-type ExCql6Name): the names @text
 *   defines, each once, in the order they first appear.
 */
GPtrArray *
ex_cql6_scan_names (const char *text)
{
  g_autoptr(GArray) tokens = NULL;
  GPtrArray *names = g_ptr_array_new_with_free_func (name_free);

  g_return_val_if_fail (text != NULL, names);

  tokens = tokenize (text);
  for (guint i = 0; i < tokens->len; i++)
    {
      const Token *t = TOK (i);

      if ((tok_is (t, "square") || tok_is (t, "piece")))
        {
          guint j = i + 1 + (tok_is (TOK (i + 1), "all") ? 1 : 0);

          if (is_name (TOK (j)) && tok_is (TOK (j + 1), "in"))
            add_name (names, TOK (j)->text,
                      tok_is (t, "square") ? EX_CQL6_NAME_SQUARE : EX_CQL6_NAME_PIECE);
        }
      else if (tok_is (t, "function") && is_name (TOK (i + 1)) && tok_is (TOK (i + 2), "("))
        add_name (names, TOK (i + 1)->text, EX_CQL6_NAME_FUNCTION);
      else if (tok_is (t, "echo") && tok_is (TOK (i + 1), "(")
               && is_name (TOK (i + 2)) && is_name (TOK (i + 3)) && tok_is (TOK (i + 4), ")"))
        {
          add_name (names, TOK (i + 2)->text, EX_CQL6_NAME_POSITION);
          add_name (names, TOK (i + 3)->text, EX_CQL6_NAME_POSITION);
        }
      else if (is_name (t) && tok_is (TOK (i + 1), "=")
               && (i == 0 || !tok_is (TOK (i - 1), ".")))
        add_name (names, t->text, EX_CQL6_NAME_VARIABLE);
    }
  return names;
}

/* The description completion shows beside a name of @kind. */
const char *
ex_cql6_name_kind_describe (ExCql6NameKind kind)
{
  switch (kind)
    {
    case EX_CQL6_NAME_VARIABLE: return _("a variable of this query");
    case EX_CQL6_NAME_SQUARE:   return _("a square variable of this query (square … in)");
    case EX_CQL6_NAME_PIECE:    return _("a piece variable of this query (piece … in)");
    case EX_CQL6_NAME_FUNCTION: return _("a function of this query");
    case EX_CQL6_NAME_POSITION: return _("a position of this query’s echo");
    default:                    return NULL;
    }
}
