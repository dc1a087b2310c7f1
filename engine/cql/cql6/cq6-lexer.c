/* cq6-lexer.c: the tokens of a CQL 6 query.
 *
 * The text is first mapped to its ASCII spelling (CQL 6 reference,
 * "Unicode characters": every non-ASCII symbol has an ASCII equivalent,
 * e.g. ♔ = K, △ = A, □ = _, ∩ = &, ≤ = <=), remembering the line and
 * column of every byte, then split into words, piece designators,
 * numbers, strings and punctuation.  A word that is a whole piece
 * designator (`Ka1`, `a`, `[RQ]a-h7`, `a1`, `_`) is one; any other word
 * (`attacks`, `and`, `Kings`) is an identifier or keyword.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* The Unicode symbols and their ASCII spelling. */
static const struct { gunichar c; const char *ascii; } unicode_symbols[] = {
  { 0x2654, "K" }, { 0x2655, "Q" }, { 0x2656, "R" }, { 0x2657, "B" },
  { 0x2658, "N" }, { 0x2659, "P" }, { 0x265A, "k" }, { 0x265B, "q" },
  { 0x265C, "r" }, { 0x265D, "b" }, { 0x265E, "n" }, { 0x265F, "p" },
  { 0x25B3, "A" },          /* △ any white piece */
  { 0x25B2, "a" },          /* ▲ any black piece */
  { 0x25ED, "[Aa]" },       /* ◭ any piece */
  { 0x25A1, "_" },          /* □ empty square */
  { 0x25A6, "." },          /* ▦ any square (a-h1-8) */
  { 0x2735, " flip " },     /* ✵ */
  { 0x2B13, " flipcolor " },/* ⬓ */
  { 0x2190, "<-" },
  { 0x2192, "->" },
  { 0x2264, "<=" },
  { 0x2265, ">=" },
  { 0x2260, "!=" },
  { 0x222A, "|" },          /* ∪ */
  { 0x2229, "&" },          /* ∩ */
  { 0x2208, " in " },       /* ∈ */
  { 0x00D7, "[x]" },        /* × capture */
  { 0x2015, "-" },          /* ―― is -- */
  { 0x22A2, " path " },     /* ⊢ */
  { 0x25CE, " focus " },    /* ◎ */
  { 0x2219, " currentposition " },
  { 0x220A, " [element] " },
  { 0x2200, " [forall] " },
};

typedef struct {
  GString *text;  /* the ASCII spelling */
  GArray  *line;  /* guint per byte of text */
  GArray  *column;
} Ascii;

static void
ascii_append (Ascii *a, const char *s, gsize n, guint line, guint column)
{
  g_string_append_len (a->text, s, n);
  for (gsize i = 0; i < n; i++)
    {
      g_array_append_val (a->line, line);
      g_array_append_val (a->column, column);
    }
}

/* Maps @text to ASCII; FALSE with an error at an unknown non-ASCII
 * character outside strings and comments. */
static gboolean
to_ascii (const char *text, gsize len, const char *filename, Ascii *a, GError **error)
{
  const char *p = text, *end = text + len;
  guint line = 1, column = 1;
  gboolean in_string = FALSE, in_line_comment = FALSE, in_block_comment = FALSE;

  while (p < end)
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (c < 0x80 || in_string || in_line_comment || in_block_comment)
        {
          /* Strings and comments are kept as written. */
          if (!in_line_comment && !in_block_comment && c == '"' )
            {
              gboolean escaped = FALSE;
              /* count preceding backslashes inside a string */
              if (in_string)
                {
                  const char *q = p;
                  guint n = 0;
                  while (q > text && q[-1] == '\\')
                    q--, n++;
                  escaped = n % 2 == 1;
                }
              if (!escaped)
                in_string = !in_string;
            }
          else if (!in_string && !in_block_comment && !in_line_comment
                   && c == '/' && next < end && *next == '/')
            in_line_comment = TRUE;
          else if (!in_string && !in_line_comment && !in_block_comment
                   && c == '/' && next < end && *next == '*')
            {
              ascii_append (a, "/*", 2, line, column);
              p = next + 1;
              column += 2;
              in_block_comment = TRUE;
              continue;
            }
          else if (in_block_comment && c == '*' && next < end && *next == '/')
            {
              ascii_append (a, "*/", 2, line, column);
              p = next + 1;
              column += 2;
              in_block_comment = FALSE;
              continue;
            }
          else if (c == '\n')
            in_line_comment = FALSE;
          ascii_append (a, p, next - p, line, column);
        }
      else
        {
          const char *ascii = NULL;

          for (guint i = 0; i < G_N_ELEMENTS (unicode_symbols); i++)
            if (unicode_symbols[i].c == c)
              ascii = unicode_symbols[i].ascii;
          if (ascii == NULL)
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                                   "unexpected character '%.*s' (U+%04X): not a CQL symbol",
                                   (int) (next - p), p, c);
              return FALSE;
            }
          ascii_append (a, ascii, strlen (ascii), line, column);
        }
      if (c == '\n')
        line++, column = 1;
      else
        column++;
      p = next;
    }
  return TRUE;
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Punctuation, longest first. */
static const char *const punctuation[] = {
  "-->", "<--", "<=", ">=", "==", "!=", "->", "<-", "--", "~~", "::",
  "+=", "-=", "*=", "/=", "%=", "|=", "&=",
  "(", ")", "{", "}", "[", "]", ",", "&", "|", "~", "#", "+", "-", "*", "/", "%",
  "<", ">", "=", ":", "?", "!", "@", ";", "^", "$", "'", ".", "\\",
};

void
_cq6_tokens_free (GArray *tokens)
{
  if (tokens == NULL)
    return;
  for (guint i = 0; i < tokens->len; i++)
    g_free (g_array_index (tokens, Cq6Token, i).text);
  g_array_free (tokens, TRUE);
}

GArray *
_cq6_tokenize (const char *text, gsize len, const char *filename, GError **error)
{
  Ascii a = { g_string_new (NULL), g_array_new (FALSE, FALSE, sizeof (guint)),
              g_array_new (FALSE, FALSE, sizeof (guint)) };
  GArray *tokens = g_array_new (FALSE, TRUE, sizeof (Cq6Token));
  g_autofree char *utf8 = NULL;
  const char *s, *p;
  guint end_line = 1, end_column = 1;
  gboolean ok = TRUE;

  /* Valid UTF-8 first (an old file's Windows-1252 converted, as for CQL
   * 3): the mapping below walks the text character by character. */
  utf8 = _cq_query_text_to_utf8 (text, len, filename, error);
  if (utf8 == NULL || !to_ascii (utf8, strlen (utf8), filename, &a, error))
    {
      ok = FALSE;
      goto out;
    }
  s = a.text->str;
  p = s;
  for (;;)
    {
      Cq6Token tok = { 0 };
      gsize i, n;

      while (g_ascii_isspace (*p))
        p++;
      if (p[0] == '/' && p[1] == '/')
        {
          while (*p != '\0' && *p != '\n')
            p++;
          continue;
        }
      if (p[0] == '/' && p[1] == '*')
        {
          const char *close = strstr (p + 2, "*/");

          if (close == NULL)
            {
              i = p - s;
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename,
                                   g_array_index (a.line, guint, i),
                                   g_array_index (a.column, guint, i),
                                   "this comment `/*` is never closed: expected `*/`");
              ok = FALSE;
              goto out;
            }
          p = close + 2;
          continue;
        }
      i = p - s;
      if (*p == '\0')
        {
          if (a.line->len > 0)
            {
              end_line = g_array_index (a.line, guint, a.line->len - 1);
              end_column = g_array_index (a.column, guint, a.line->len - 1) + 1;
            }
          tok.kind = CQ6_TOK_END;
          tok.line = end_line;
          tok.column = end_column;
          tok.start = p;
          g_array_append_val (tokens, tok);
          break;
        }
      tok.line = g_array_index (a.line, guint, i);
      tok.column = g_array_index (a.column, guint, i);
      tok.start = p;

      if (*p == '"')
        {
          GString *str = g_string_new (NULL);
          const char *q = p + 1;

          while (*q != '\0' && *q != '"')
            {
              if (*q == '\\' && (q[1] == '"' || q[1] == '\\'))
                q++;
              g_string_append_c (str, *q);
              q++;
            }
          if (*q != '"')
            {
              g_string_free (str, TRUE);
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                   tok.column, "this string is never closed: expected '\"'");
              ok = FALSE;
              goto out;
            }
          tok.kind = CQ6_TOK_STRING;
          tok.text = g_string_free (str, FALSE);
          p = q + 1;
        }
      else if (*p == '\\' && (g_ascii_isdigit (p[1]) || (p[1] == '-' && g_ascii_isdigit (p[2]))))
        {
          /* `\N`, `\-N`: a group of the last `~~` match (one or two
           * digits), read by the parser as a word. */
          const char *q = p + 1 + (p[1] == '-');
          gsize digits = strspn (q, "0123456789");

          if (digits > 2)
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                   tok.column, "at most two digits may follow `\\`: `%.*s`",
                                   (int) (q + digits - p), p);
              ok = FALSE;
              goto out;
            }
          tok.kind = CQ6_TOK_WORD;
          tok.text = g_strndup (p, (gsize) (q + digits - p));
          p = q + digits;
        }
      else if (g_ascii_isdigit (*p))
        {
          gint64 value = 0;

          while (g_ascii_isdigit (*p))
            {
              if (value > (G_MAXINT64 - 9) / 10)
                {
                  _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                       tok.column, "this number is too large");
                  ok = FALSE;
                  goto out;
                }
              value = value * 10 + (*p - '0');
              p++;
            }
          if (g_ascii_isalpha (*p) || *p == '_')
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                   tok.column, "a number runs into a word: `%.*s`",
                                   (int) (strcspn (tok.start, " \t\r\n(){}")), tok.start);
              ok = FALSE;
              goto out;
            }
          tok.kind = CQ6_TOK_NUMBER;
          tok.number = value;
        }
      else if (strncmp (p, "[Aa]", 4) == 0 && (g_ascii_isalpha (p[4]) || p[4] == '_')
               && _cq_designator_extent_cql6 (p) == 0)
        {
          /* A piece declaration: `◭` (or `[Aa]`) directly before a name
           * that is no square, as in `◭X∊S {...}`, the piece loop; CQL
           * 6.2 reads it so (docs/cql6-rulings.md, section 16). */
          tok.kind = CQ6_TOK_WORD;
          tok.text = g_strdup ("[piece]");
          p += 4;
        }
      else if ((n = _cq_designator_extent_cql6 (p)) > 0)
        {
          g_autofree char *d = g_strndup (p, n);

          if (!_cq_designator_parse_cql6 (d, filename, tok.line, tok.column,
                                          &tok.designator, error))
            {
              ok = FALSE;
              goto out;
            }
          tok.kind = CQ6_TOK_DESIGNATOR;
          tok.text = g_steal_pointer (&d);
          p += n;
        }
      else if (g_ascii_isalpha (*p) || *p == '_')
        {
          const char *q = p;

          while (is_word_char (*q))
            q++;
          tok.kind = CQ6_TOK_WORD;
          tok.text = g_strndup (p, q - p);
          p = q;
        }
      else if (*p == '[' && g_ascii_isalpha (p[1]) && strchr (p, ']') != NULL
               && strspn (p + 1, "abcdefghijklmnopqrstuvwxyz") == (gsize) (strchr (p, ']') - p - 1))
        {
          /* `[x]`, `[element]`, `[forall]`: bracketed words of CQL 6. */
          const char *q = strchr (p, ']') + 1;

          /* `[x]` is the capture form of `--`: punctuation like it. */
          tok.kind = q - p == 3 && p[1] == 'x' ? CQ6_TOK_PUNCT : CQ6_TOK_WORD;
          tok.text = g_strndup (p, q - p);
          p = q;
        }
      else
        {
          guint k;

          for (k = 0; k < G_N_ELEMENTS (punctuation); k++)
            if (strncmp (p, punctuation[k], strlen (punctuation[k])) == 0)
              break;
          if (k == G_N_ELEMENTS (punctuation))
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                   tok.column, "unexpected character '%c'", *p);
              ok = FALSE;
              goto out;
            }
          tok.kind = CQ6_TOK_PUNCT;
          tok.text = g_strdup (punctuation[k]);
          p += strlen (punctuation[k]);
        }
      tok.len = p - tok.start;
      g_array_append_val (tokens, tok);
    }

out:
  g_array_free (a.line, TRUE);
  g_array_free (a.column, TRUE);
  if (!ok)
    {
      _cq6_tokens_free (tokens);
      g_string_free (a.text, TRUE);
      return NULL;
    }
  /* Token starts point into the ASCII text: the last token (END) owns it,
   * so that it lives as long as the tokens. */
  g_array_index (tokens, Cq6Token, tokens->len - 1).text = g_string_free (a.text, FALSE);
  return tokens;
}

gboolean
_cq6_text_is_cql6 (const char *text, gsize len)
{
  const char *p = text, *end = text + len;

  for (;;)
    {
      while (p < end && g_ascii_isspace (*p))
        p++;
      if (p + 1 < end && p[0] == '/' && p[1] == '/')
        {
          while (p < end && *p != '\n')
            p++;
          continue;
        }
      if (p + 1 < end && p[0] == '/' && p[1] == '*')
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "*/");

          if (close == NULL)
            return FALSE;
          p = close + 2;
          continue;
        }
      break;
    }
  return end - p >= 3 && strncmp (p, "cql", 3) == 0
         && (end - p == 3 || !is_word_char (p[3]));
}
