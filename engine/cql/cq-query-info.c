/* cq-query-info.c: what the readers tell about a query's text besides its
 * compiled form (cq-query-info.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - The CQ_QUERY_ERROR domain is an extended GError domain: each error
 *   carries the file name, line and column its message starts with.
 * - A text being typed rarely reads.  The CQL 3 questions read it with the
 *   list reader and, where the reader stops, mend the text at the place
 *   the error names and read again; the CQL 6 names come from the lexer's
 *   tokens, read piece by piece around the places it stops.
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query-info.h"
#include "cql/cq-query-private.h"
#include "cql/cq-cql6-private.h"

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
 * CQL 3: the list reader on a text being typed
 */

/* The byte offset in @text of the character at @line:@column (1-based,
 * columns in characters), lines ending at "\n" and, when @cr_ends_line,
 * also at "\r\n" and a lone "\r" (as the CQL 3 reader counts them); or -1
 * if @text has no such character. */
static gssize
offset_of (const char *text,
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

/* The items of @text as the CQL 3 reader reads them (cq-sexp.c), the text
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
      at = offset_of (mended->str, line, column, TRUE);
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

static void
declared_name_free (gpointer data)
{
  CqDeclaredName *name = data;

  g_free (name->name);
  g_free (name);
}

static void
add_name (GPtrArray  *names,
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
            add_name (names, next->text, n, CQ_NAME_TAG, FALSE);
        }
    }
}

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
      at = offset_of (rest, line, column, FALSE);
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
#define ADD(token, kind) add_name (names, (token)->text, strlen ((token)->text), (kind), TRUE)
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

GPtrArray *
cq_query_list_names (const char *text,
                     gssize      len,
                     CqDialect   dialect)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (declared_name_free);
  g_autofree char *utf8 = NULL;

  g_return_val_if_fail (text != NULL, names);

  if (dialect == CQ_DIALECT_CQL3)
    {
      g_autoptr(CqSexp) top = read_mended (text, len);

      if (top != NULL)
        collect_tags (top, names);
    }
  else
    {
      g_autoptr(GArray) tokens = g_array_new (FALSE, TRUE, sizeof (Token));

      g_array_set_clear_func (tokens, token_clear);
      utf8 = _cq_query_text_to_utf8 (text, len < 0 ? strlen (text) : (gsize) len, NULL, NULL);
      if (utf8 == NULL)
        return names;
      tokenize_tolerant (utf8, strlen (utf8), tokens);
      collect_cql6_names (tokens, names);
    }
  return names;
}

/* ------------------------------------------------------------------------
 * CQL 6 designators
 */

gboolean
cq_designator_sets_parse_cql6 (const char        *text,
                               CqDesignatorSets  *out,
                               GError           **error)
{
  g_autofree char *stripped = NULL;
  CqDesignator d;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  if (stripped[0] == '\0')
    {
      cq_query_set_error_at (error, CQ_QUERY_ERROR_SYNTAX, "<designator>", 1, 1,
                             "expected a piece designator, found nothing");
      return FALSE;
    }
  if (_cq6_match_designator (stripped) != strlen (stripped))
    {
      g_autofree char *detail = g_strdup_printf ("`%s`: expected one CQL 6 piece designator",
                                                 stripped);

      cq_query_set_error_at (error, CQ_QUERY_ERROR_SYNTAX, "<designator>", 1, 1, detail);
      return FALSE;
    }
  if (!_cq_designator_parse_cql6 (stripped, "<designator>", 1, 1, &d, error))
    return FALSE;
  out->pieces = d.pieces;
  out->squares = d.squares;
  return TRUE;
}
