/* cq6-info.c: the names a CQL 6 query declares (cq_query_list_names()),
 * from the lexer's tokens.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A text being typed rarely reads: the tokens are read piece by piece
 * around the places where the lexer stops.
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query-info.h"
#include "cql/cql6/cq6-private.h"

/* ------------------------------------------------------------------------
 * CQL 6: names from the lexer's tokens
 */

/* A token as the name scan sees it: a word (an identifier or a keyword), a
 * punctuation mark, or something else (a designator, which the parser
 * never takes for a name; a number; a string). */
typedef enum {
  TOKEN_WORD,
  TOKEN_PUNCT,
  TOKEN_OTHER
} TokenKind;

typedef struct {
  TokenKind  kind;
  char      *text;
} Token;

static void
token_clear (gpointer data)
{
  g_free (((Token *) data)->text);
}

static void
append_tokens (GArray *into,
               GArray *tokens)
{
  for (guint i = 0; i < tokens->len; i++)
    {
      const Cq6Token *t = &g_array_index (tokens, Cq6Token, i);
      Token token = { TOKEN_OTHER, NULL };

      switch (t->kind)
        {
        case CQ6_TOK_WORD:
          token.kind = TOKEN_WORD;
          break;
        case CQ6_TOK_PUNCT:
          token.kind = TOKEN_PUNCT;
          break;
        case CQ6_TOK_END:
          continue;
        default:
          break;
        }
      token.text = token.kind != TOKEN_OTHER ? g_strdup (t->text) : NULL;
      g_array_append_val (into, token);
    }
}

/* Appends to @into the tokens of @text (@len bytes of valid UTF-8), read
 * on after each place where the lexer stops (cq_query_list_names()). */
static void
tokenize_tolerant (const char *text,
                   gsize       len,
                   GArray     *into)
{
  g_autofree char *piece = g_strndup (text, len);
  const char *rest = piece;

  while (*rest != '\0')
    {
      g_autoptr(GError) error = NULL;
      GArray *tokens;
      guint line, column;
      gssize at;

      tokens = _cq6_tokenize (rest, strlen (rest), NULL, &error);
      if (tokens != NULL)
        {
          append_tokens (into, tokens);
          _cq6_tokens_free (tokens);
          return;
        }
      if (!cq_query_error_get_location (error, NULL, &line, &column))
        return;
      at = _cq_text_offset_of (rest, line, column, FALSE);
      if (at < 0)
        return;
      /* The text before the stop: the lexer stops at the first place it
       * cannot read, or earlier at a character it does not know. */
      tokenize_tolerant (rest, (gsize) at, into);
      rest += at;
      if (rest[0] == '"' || (rest[0] == '/' && rest[1] == '*'))
        return;
      if (g_ascii_isalnum (*rest) || *rest == '_')
        while (g_ascii_isalnum (*rest) || *rest == '_')
          rest++;
      else
        rest = g_utf8_next_char (rest);
    }
}

static gboolean
is_cql6_keyword (const char *word)
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
  return token != NULL && token->kind == TOKEN_WORD && g_ascii_isalpha (token->text[0])
         && !is_cql6_keyword (token->text);
}

static gboolean
token_is (const Token *token,
          const char  *text)
{
  return token != NULL && token->text != NULL && strcmp (token->text, text) == 0;
}

static void
collect_cql6_names (GArray    *tokens,
                    GPtrArray *names)
{
#define TOK(i) ((i) < tokens->len ? &g_array_index (tokens, Token, (i)) : NULL)
#define ADD(token, kind) _cq_declared_names_add (names, (token)->text, strlen ((token)->text), (kind), TRUE)
  for (guint i = 0; i < tokens->len; i++)
    {
      const Token *t = TOK (i);

      if (t->kind == TOKEN_WORD && (token_is (t, "square") || token_is (t, "piece")))
        {
          guint j = i + 1 + (token_is (TOK (i + 1), "all") ? 1 : 0);

          if (is_name (TOK (j)) && token_is (TOK (j + 1), "in"))
            ADD (TOK (j), token_is (t, "square") ? CQ_NAME_SQUARE : CQ_NAME_PIECE);
        }
      else if (t->kind == TOKEN_WORD && token_is (t, "function") && is_name (TOK (i + 1))
               && token_is (TOK (i + 2), "("))
        ADD (TOK (i + 1), CQ_NAME_FUNCTION);
      else if (t->kind == TOKEN_WORD && token_is (t, "echo") && token_is (TOK (i + 1), "(")
               && is_name (TOK (i + 2)) && is_name (TOK (i + 3)) && token_is (TOK (i + 4), ")"))
        {
          ADD (TOK (i + 2), CQ_NAME_POSITION);
          ADD (TOK (i + 3), CQ_NAME_POSITION);
        }
      else if (is_name (t) && token_is (TOK (i + 1), "=")
               && (i == 0 || !token_is (TOK (i - 1), ".")))
        ADD (t, CQ_NAME_VARIABLE);
    }
#undef ADD
#undef TOK
}


void
_cq6_list_names (const char *text,
                 gssize      len,
                 GPtrArray  *names)
{
  g_autoptr(GArray) tokens = g_array_new (FALSE, TRUE, sizeof (Token));
  g_autofree char *utf8 = NULL;

  g_array_set_clear_func (tokens, token_clear);
  utf8 = _cq_query_text_to_utf8 (text, len < 0 ? strlen (text) : (gsize) len, NULL, NULL);
  if (utf8 == NULL)
    return;
  tokenize_tolerant (utf8, strlen (utf8), tokens);
  collect_cql6_names (tokens, names);
}
