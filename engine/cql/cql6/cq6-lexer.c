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

/* The Unicode symbols other than the piece symbols (piece_run_to_ascii())
 * and their ASCII spelling. */
static const struct { gunichar c; const char *ascii; } unicode_symbols[] = {
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
  { 0x227A, "[<]" },        /* ≺ precedes: left a strict ancestor of right */
  { 0x227B, "[>]" },        /* ≻ succeeds: left a strict descendant of right */
  { 0x227C, "[<=]" },       /* ≼ */
  { 0x227D, "[>=]" },       /* ≽ */
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

/* The ASCII letters of a piece symbol (a figurine, △, ▲, □, ◭), or NULL. */
static const char *
piece_symbol_letters (gunichar c)
{
  static const char *const figurines[] = { "K", "Q", "R", "B", "N", "P",
                                           "k", "q", "r", "b", "n", "p" };

  if (c >= 0x2654 && c <= 0x265F)
    return figurines[c - 0x2654];
  switch (c)
    {
    case 0x25B3: return "A";
    case 0x25B2: return "a";
    case 0x25A1: return "_";
    case 0x25ED: return "Aa";
    default:     return NULL;
    }
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$';
}

/* The length of a square specifier at @s (`a1`, `a-h1`, `c3-6`, `a-h1-8`)
 * that ends there (no name character follows), or 0. */
static gsize
square_spec_extent (const char *s)
{
  const char *q = s;

  if (*q < 'a' || *q > 'h')
    return 0;
  q++;
  if (q[0] == '-' && q[1] >= 'a' && q[1] <= 'h')
    q += 2;
  if (*q < '1' || *q > '8')
    return 0;
  q++;
  if (q[0] == '-' && q[1] >= '1' && q[1] <= '8')
    q += 2;
  return is_name_char (*q) ? 0 : (gsize) (q - s);
}

/* A run of piece symbols at @p is one piece designator, as CQL 6.2 reads
 * it: `♕♖♗` is [QRB], `□△` is [_A], `◭♖` is [AaR], `[♕♖]` the same as
 * `♕♖`; a square specifier may follow (`♖♗a1`).  The run is written in
 * its ASCII spelling, set apart from a name before it (`power▲` is
 * `power a`).  FALSE with an error when a piece is written twice or a
 * name runs into the run (`♖x`), both refused by CQL 6.2; else *@next is
 * the character after the run. */
static gboolean
piece_run_to_ascii (const char *text, const char *p, const char *end, const char *filename,
                    guint line, guint column, Ascii *a, const char **next, GError **error)
{
  g_autoptr(GString) letters = g_string_new (NULL);
  const char *q = p, *l;
  guint n = 0;
  gboolean bracketed;

  while (q < end && (l = piece_symbol_letters (g_utf8_get_char (q))) != NULL)
    {
      for (const char *x = l; *x != '\0'; x++)
        if (strchr (letters->str, *x) != NULL)
          {
            _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                                 "the piece `%c` is written twice in this run of piece "
                                 "symbols", *x);
            return FALSE;
          }
      g_string_append (letters, l);
      q = g_utf8_next_char (q);
      n++;
    }
  *next = q;
  bracketed = p > text && p[-1] == '[' && q < end && *q == ']';
  /* `◭` alone before a name is a piece declaration (`◭X∊S`), read by
   * the tokenizer from `[Aa]` directly before the name. */
  if (!bracketed && q < end && is_name_char (*q)
      && !(n == 1 && letters->len == 2 && !g_ascii_isdigit (*q))
      && square_spec_extent (q) == 0)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, line, column,
                           "a name runs into this piece symbol: `%.*s`; "
                           "separate them with a space",
                           (int) (q - p + strspn (q, "abcdefghijklmnopqrstuvwxyz"
                                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                      "0123456789_$")), p);
      return FALSE;
    }
  if (!bracketed && a->text->len > 0 && is_name_char (a->text->str[a->text->len - 1]))
    ascii_append (a, " ", 1, line, column);
  if (bracketed || letters->len == 1)
    ascii_append (a, letters->str, letters->len, line, column);
  else
    {
      ascii_append (a, "[", 1, line, column);
      ascii_append (a, letters->str, letters->len, line, column);
      ascii_append (a, "]", 1, line, column);
    }
  return TRUE;
}

/* Whether @p starts one of CQL 6's bracketed words: `[x]`, `[element]`,
 * `[forall]`.  (`[piece]`, the token of `◭`, has no spelling of its own:
 * CQL 6.2 writes `◭` as `[Aa]` before a name.) */
static gboolean
bracketed_word (const char *p)
{
  static const char *const words[] = { "[x]", "[element]", "[forall]" };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strncmp (p, words[i], strlen (words[i])) == 0)
      return TRUE;
  return FALSE;
}

/* The end of a file name after `input` or `output`: white space, a
 * parenthesis, `<`, `>`, a quote (CQL 6.2 reads the name so, whatever it
 * holds: `input studies-2_by_x_2018.03.05.pgn`). */
static gboolean
ends_file_name (char c)
{
  return c == '\0' || g_ascii_isspace (c) || strchr ("()<>\"", c) != NULL;
}

/* At a word's start @p: the length of `input` or `output`, the white
 * space after it and the file name that follows unquoted, or 0. */
static gsize
file_name_extent (const char *p, const char *end)
{
  const char *q = p;
  gsize n;

  if (end - p >= 5 && strncmp (p, "input", 5) == 0)
    n = 5;
  else if (end - p >= 6 && strncmp (p, "output", 6) == 0)
    n = 6;
  else
    return 0;
  q += n;
  if (q < end && is_name_char (*q))
    return 0;
  while (q < end && g_ascii_isspace (*q))
    q++;
  if (q == end || ends_file_name (*q))
    return 0;
  while (q < end && !ends_file_name (*q))
    q++;
  return q - p;
}

/* Whether @p starts `///`, the line comment filter, and not `////`, a
 * comment (CQL 6.2 reads them so). */
static gboolean
is_line_comment_filter (const char *p, const char *end)
{
  return end - p >= 3 && strncmp (p, "///", 3) == 0 && (end - p == 3 || p[3] != '/');
}

/* U+FEFF, the byte order mark, in UTF-8. */
#define BOM "\xEF\xBB\xBF"

/* Maps @text to ASCII; FALSE with an error at an unknown non-ASCII
 * character outside strings and comments. */
static gboolean
to_ascii (const char *text, gsize len, const char *filename, Ascii *a, GError **error)
{
  const char *p = text, *end = text + len;
  guint line = 1, column = 1;
  gboolean in_string = FALSE, in_line_comment = FALSE, in_block_comment = FALSE;

  /* Byte order marks before the text are dropped, as CQL 6.2 does. */
  while (end - p >= 3 && strncmp (p, BOM, 3) == 0)
    p += 3;
  while (p < end)
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (c < 0x80 || in_string || in_line_comment || in_block_comment)
        {
          /* Strings and comments are kept as written. */
          if (!in_line_comment && !in_block_comment && c == '"' )
            {
              gboolean escaped;
              const char *q = p;
              guint n = 0;

              /* After an odd number of backslashes, a quote inside a
               * string is escaped, and outside one it is the string `\"`. */
              while (q > text && q[-1] == '\\')
                q--, n++;
              escaped = n % 2 == 1;
              if (!escaped)
                in_string = !in_string;
            }
          else if (!in_string && !in_block_comment && !in_line_comment
                   && is_line_comment_filter (p, end))
            {
              /* `///` is a filter, and the rest of its line is read. */
              ascii_append (a, "///", 3, line, column);
              p += 3;
              column += 3;
              continue;
            }
          else if (!in_string && !in_block_comment && !in_line_comment
                   && ((c == '/' && next < end && *next == '/') || c == ';'))
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
          else if (!in_string && !in_line_comment && !in_block_comment
                   && (p == text || !is_name_char (p[-1])))
            {
              gsize n = file_name_extent (p, end);

              if (n > 0)
                {
                  /* `input` or `output` and its file name, kept as
                   * written (the tokenizer reads the name). */
                  for (const char *q = p; q < p + n; q = g_utf8_next_char (q))
                    {
                      ascii_append (a, q, g_utf8_next_char (q) - q, line, column);
                      if (*q == '\n')
                        line++, column = 1;
                      else
                        column++;
                    }
                  p += n;
                  continue;
                }
            }
          ascii_append (a, p, next - p, line, column);
        }
      else if (piece_symbol_letters (c) != NULL)
        {
          const char *after;

          if (!piece_run_to_ascii (text, p, end, filename, line, column, a, &after, error))
            return FALSE;
          column += g_utf8_strlen (p, after - p);
          p = after;
          continue;
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
  "[<=]", "[>=]", "[<]", "[>]",
  "-->", "<--", "<=", ">=", "==", "!=", "->", "<-", "--", "~~", "::",
  "+=", "-=", "*=", "/=", "%=", "|=", "&=",
  "(", ")", "{", "}", "[", "]", ",", "&", "|", "~", "#", "+", "-", "*", "/", "%",
  "<", ">", "=", ":", "?", "!", "@", "^", "$", "'", ".", "\\",
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
  const char *s, *p, *end;
  guint end_line = 1, end_column = 1;
  gboolean ok = TRUE, in_line_comment = FALSE, newline = FALSE, want_file_name = FALSE;

  /* Valid UTF-8 first (an old file's Windows-1252 converted, as for CQL
   * 3): the mapping below walks the text character by character. */
  utf8 = _cq_query_text_to_utf8 (text, len, filename, error);
  if (utf8 == NULL || !to_ascii (utf8, strlen (utf8), filename, &a, error))
    {
      ok = FALSE;
      goto out;
    }
  s = a.text->str;
  /* The text's end, known once: a strlen() at each token made reading
   * quadratic in the query's length. */
  end = s + a.text->len;
  p = s;
  for (;;)
    {
      Cq6Token tok = { 0 };
      gsize i, n;

      while (g_ascii_isspace (*p))
        newline |= *p++ == '\n';
      if ((p[0] == '/' && p[1] == '/' && !is_line_comment_filter (p, end))
          || p[0] == ';')
        {
          /* A comment to the end of the line (`;` starts one too in CQL
           * 6.2).  It takes its line break along: after a `///`, as in
           * CQL 6.2, only a line break between tokens ends its line. */
          while (*p != '\0' && *p++ != '\n')
            ;
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
      if (in_line_comment && (newline || *p == '\0'))
        {
          /* The end of the `///` filter's line. */
          gsize at = i > 0 ? i - 1 : 0;

          tok.kind = CQ6_TOK_PUNCT;
          tok.text = g_strdup (CQ6_LINE_COMMENT_END);
          tok.line = at < a.line->len ? g_array_index (a.line, guint, at) : end_line;
          tok.column = at < a.column->len ? g_array_index (a.column, guint, at) : end_column;
          /* At the line break: nothing is written right after it. */
          tok.start = s + at;
          g_array_append_val (tokens, tok);
          in_line_comment = FALSE;
          continue;
        }
      newline = FALSE;
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

      if (want_file_name && !ends_file_name (*p))
        {
          const char *q = p;

          while (!ends_file_name (*q))
            q++;
          tok.kind = CQ6_TOK_STRING;
          tok.text = g_strndup (p, q - p);
          p = q;
        }
      else if (is_line_comment_filter (p, end))
        {
          if (in_line_comment)
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                   tok.column, "a second `///` on the line of another");
              ok = FALSE;
              goto out;
            }
          /* A word, read as a filter like `comment` (cq6-output.c). */
          tok.kind = CQ6_TOK_WORD;
          tok.text = g_strdup ("///");
          p += 3;
          in_line_comment = TRUE;
        }
      else if (*p == '"')
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
      else if (*p == '\\' && (p[1] == '"' || p[1] == '\\'
                               || (strchr ("ntr", p[1]) != NULL && p[1] != '\0'
                                   && !is_word_char (p[2]))))
        {
          /* `\n`, `\t`, `\r`, `\"`, `\\` outside a string: the string
           * of that one character (CQL 6 reference "backslash"), as in
           * `str ("pin" \n "mate")`. */
          static const char from[] = "ntr\"\\", to[] = "\n\t\r\"\\";

          tok.kind = CQ6_TOK_STRING;
          tok.text = g_strndup (&to[strchr (from, p[1]) - from], 1);
          p += 2;
        }
      else if (g_ascii_isdigit (*p))
        {
          gint64 value = 0;

          while (g_ascii_isdigit (*p))
            {
              if (value > (G_MAXINT64 - (*p - '0')) / 10)
                {
                  _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                       tok.column, "this number is too large: numbers are "
                                       "64-bit, at most 9223372036854775807");
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
      else if (bracketed_word (p))
        {
          /* `[x]`, `[element]`, `[forall]`: bracketed words of CQL 6.  Any
           * other word in brackets is a word between `[` and `]`: a
           * dictionary's key, `D[fen]`. */
          const char *q = strchr (p, ']') + 1;

          /* `[x]` is the capture form of `--`: punctuation like it. */
          tok.kind = q - p == 3 && p[1] == 'x' ? CQ6_TOK_PUNCT : CQ6_TOK_WORD;
          tok.text = g_strndup (p, q - p);
          p = q;
        }
      else
        {
          guint k;

          /* CQL 6.2's lexer refuses a repetition range with neither bound
           * rather than read it as `*`. */
          if (strncmp (p, "{,}", 3) == 0)
            {
              _cq_query_set_error (error, CQ_QUERY_ERROR_SYNTAX, filename, tok.line,
                                   tok.column,
                                   "`{,}` is an empty repetition range, which CQL 6 does "
                                   "not allow: write `*` for any number of times");
              ok = FALSE;
              goto out;
            }
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
      /* A file name follows `input` and `output` (file_name_extent()). */
      want_file_name = tok.kind == CQ6_TOK_WORD
                       && (strcmp (tok.text, "input") == 0 || strcmp (tok.text, "output") == 0);
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

  while (end - p >= 3 && strncmp (p, BOM, 3) == 0)
    p += 3;
  for (;;)
    {
      while (p < end && g_ascii_isspace (*p))
        p++;
      if ((p + 1 < end && p[0] == '/' && p[1] == '/') || (p < end && p[0] == ';'))
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
