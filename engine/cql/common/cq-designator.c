/* cq-designator.c: piece designators (manual "Piece designators").
 *
 * A piece designator is a piecetype designator followed by a square
 * designator:
 *
 *   designator := piecetype squares
 *   piecetype  := one of K Q R B N P k q r b n p . A a M m I i U ?
 *               | '[' piecetype-char+ ']'
 *   squares    := (empty: all 64 squares)
 *               | unit                  -- `a1`, `?1`, `a?`, `??`
 *               | '[' ']'               -- no square at all
 *               | '[' unit (',' unit)* ']'
 *   unit       := file rank
 *   file       := a-h | '?' | a-h '-' a-h
 *   rank       := 1-8 | '?' | 1-8 '-' 1-8
 *
 * The manual requires brackets around compound square designators but
 * writes one itself without them (`:power Aa-h1-4 10 25`).  A single unit
 * with ranges (`a-h1-4`, `a-c1`, `b3-5`) is unambiguous, so it is accepted
 * unbracketed; a comma list must be bracketed.  A range may be written
 * either way round (`h-a` = `a-h`: "inclusive between").
 *
 * `[Re8]` (the manual's typo, rulings R13) is rejected with a suggestion.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"

#include <string.h>

static guint16
piecetype_mask (char c, gboolean cql6)
{
  /* CQL 6 (docs/cql6.md "Piece designators"): `_` is the empty square and
   * `.` any square, whatever stands on it; M, I, U and ? are CQL 3 only. */
  if (cql6)
    switch (c)
      {
      case '_': return CQ_PIECES_EMPTY;
      case '.': return CQ_PIECES_ALL;
      case 'M': case 'm': case 'I': case 'i': case 'U': case '?': return 0;
      default: break;
      }
  switch (c)
    {
    case 'K': return CQ_PIECE_BIT (CQ_WK);
    case 'Q': return CQ_PIECE_BIT (CQ_WQ);
    case 'R': return CQ_PIECE_BIT (CQ_WR);
    case 'B': return CQ_PIECE_BIT (CQ_WB);
    case 'N': return CQ_PIECE_BIT (CQ_WN);
    case 'P': return CQ_PIECE_BIT (CQ_WP);
    case 'k': return CQ_PIECE_BIT (CQ_BK);
    case 'q': return CQ_PIECE_BIT (CQ_BQ);
    case 'r': return CQ_PIECE_BIT (CQ_BR);
    case 'b': return CQ_PIECE_BIT (CQ_BB);
    case 'n': return CQ_PIECE_BIT (CQ_BN);
    case 'p': return CQ_PIECE_BIT (CQ_BP);
    case '.': return CQ_PIECES_EMPTY;
    case 'A': return CQ_PIECES_WHITE;
    case 'a': return CQ_PIECES_BLACK;
    case 'M': return CQ_PIECE_BIT (CQ_WR) | CQ_PIECE_BIT (CQ_WQ);
    case 'm': return CQ_PIECE_BIT (CQ_BR) | CQ_PIECE_BIT (CQ_BQ);
    case 'I': return CQ_PIECE_BIT (CQ_WB) | CQ_PIECE_BIT (CQ_WN);
    case 'i': return CQ_PIECE_BIT (CQ_BB) | CQ_PIECE_BIT (CQ_BN);
    case 'U': return CQ_PIECES_ANY;
    case '?': return CQ_PIECES_ALL;
    default:  return 0;
    }
}

#define PIECETYPES "K Q R B N P k q r b n p . A a M m I i U ?"
#define PIECETYPES6 "K Q R B N P k q r b n p A a _"

typedef struct {
  const char *text;      /* the whole designator */
  const char *filename;
  guint       line;
  guint       column;    /* of text[0] */
  GError    **error;
  gboolean    cql6;      /* CQL 6 spelling: `_`, `.`, bare squares, no `?` */
} Parser;

/* Reports an error at the character @at of the designator. */
static gboolean G_GNUC_PRINTF (4, 5)
fail (Parser *parser, int code, const char *at, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;
  guint column = parser->column + (guint) g_utf8_pointer_to_offset (parser->text, at);

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  _cq_query_set_error (parser->error, code, parser->filename, parser->line, column,
                       "%s", message);
  return FALSE;
}

/* A printable description of the character at @p ("end of text" at NUL). */
static char *
describe_char (const char *p)
{
  if (*p == '\0')
    return g_strdup ("the end of the designator");
  return g_strdup_printf ("'%.*s'", (int) (g_utf8_next_char (p) - p), p);
}

static gboolean
is_file (char c)
{
  return c >= 'a' && c <= 'h';
}

static gboolean
is_rank (char c)
{
  return c >= '1' && c <= '8';
}

/* file rank, with '?' and ranges; advances *p. */
static gboolean
parse_unit (Parser *parser, const char **p, CqBitboard *squares)
{
  const char *s = *p;
  int file_lo, file_hi, rank_lo, rank_hi;
  CqBitboard set = 0;

  if (*s == '?' && !parser->cql6)
    {
      file_lo = 0, file_hi = 7;
      s++;
    }
  else if (is_file (*s))
    {
      file_lo = file_hi = *s - 'a';
      s++;
      if (*s == '-')
        {
          if (!is_file (s[1]))
            {
              g_autofree char *found = describe_char (s + 1);
              return fail (parser, CQ_QUERY_ERROR_SYNTAX, s + 1,
                           "`%s`: expected a file (a-h) after '-' in a file range, found %s",
                           parser->text, found);
            }
          file_hi = s[1] - 'a';
          s += 2;
        }
    }
  else
    {
      g_autofree char *found = describe_char (s);
      return fail (parser, CQ_QUERY_ERROR_SYNTAX, s,
                   "`%s`: expected a square designator (a file a-h or '?', "
                   "then a rank 1-8 or '?'), found %s",
                   parser->text, found);
    }

  if (*s == '?' && !parser->cql6)
    {
      rank_lo = 0, rank_hi = 7;
      s++;
    }
  else if (is_rank (*s))
    {
      rank_lo = rank_hi = *s - '1';
      s++;
      if (*s == '-')
        {
          if (!is_rank (s[1]))
            {
              g_autofree char *found = describe_char (s + 1);
              return fail (parser, CQ_QUERY_ERROR_SYNTAX, s + 1,
                           "`%s`: expected a rank (1-8) after '-' in a rank range, found %s",
                           parser->text, found);
            }
          rank_hi = s[1] - '1';
          s += 2;
        }
    }
  else
    {
      g_autofree char *found = describe_char (s);
      return fail (parser, CQ_QUERY_ERROR_SYNTAX, s,
                   "`%s`: expected a rank (1-8 or '?') after the file, found %s",
                   parser->text, found);
    }

  if (file_lo > file_hi)
    {
      int t = file_lo;
      file_lo = file_hi, file_hi = t;
    }
  if (rank_lo > rank_hi)
    {
      int t = rank_lo;
      rank_lo = rank_hi, rank_hi = t;
    }
  for (int rank = rank_lo; rank <= rank_hi; rank++)
    for (int file = file_lo; file <= file_hi; file++)
      set |= CQ_BIT (CQ_SQUARE (file, rank));

  *squares |= set;
  *p = s;
  return TRUE;
}

/* `[Re8]`-style slip (rulings R13): the bracket holds piecetypes followed
 * by a square.  Returns the designator the user probably meant, or NULL. */
static char *
bracket_slip_suggestion (const char *inside, gsize len)
{
  if (len < 3 || !is_file (inside[len - 2]) || !is_rank (inside[len - 1]))
    return NULL;
  for (gsize i = 0; i < len - 2; i++)
    if (piecetype_mask (inside[i], FALSE) == 0)
      return NULL;
  if (len - 2 == 1)
    return g_strdup_printf ("%c%.2s", inside[0], inside + len - 2);
  return g_strdup_printf ("[%.*s]%.2s", (int) (len - 2), inside, inside + len - 2);
}

gboolean
_cq_designator_parse (const char   *text,
                      const char   *filename,
                      guint         line,
                      guint         column,
                      CqDesignator *out,
                      GError      **error)
{
  return _cq_designator_parse_tagged (text, filename, line, column, NULL, 0, out, error);
}

static gboolean designator_parse (Parser *parser, char *const *tag_names, guint n_tags,
                                  CqDesignator *out);

gboolean
_cq_designator_parse_cql6 (const char   *text,
                           const char   *filename,
                           guint         line,
                           guint         column,
                           CqDesignator *out,
                           GError      **error)
{
  Parser parser = { text, filename, line, column, error, TRUE };

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  /* A bare square designator (`a1`, `[a1,h8]`, `a-h1-8`) stands for the
   * squares whatever is on them. */
  if ((is_file (text[0]) && (is_rank (text[1]) || text[1] == '-'))
      || (text[0] == '[' && is_file (text[1])
          && (is_rank (text[2]) || text[2] == '-')))
    {
      const char *p = text;
      CqBitboard squares = 0;

      if (*p == '[')
        {
          p++;
          for (;;)
            {
              if (!parse_unit (&parser, &p, &squares))
                return FALSE;
              if (*p != ',')
                break;
              p++;
            }
          if (*p != ']')
            return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                         "`%s`: expected ',' or ']' in the square list", text);
          p++;
        }
      else if (!parse_unit (&parser, &p, &squares))
        return FALSE;
      if (*p != '\0')
        return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                     "`%s`: unexpected text after the square designator", text);
      out->pieces = CQ_PIECES_ALL;
      out->squares = squares;
      out->tag = -1;
      return TRUE;
    }
  return designator_parse (&parser, NULL, 0, out);
}

gboolean
_cq_designator_parse_tagged (const char   *text,
                             const char   *filename,
                             guint         line,
                             guint         column,
                             char *const  *tag_names,
                             guint         n_tags,
                             CqDesignator *out,
                             GError      **error)
{
  Parser parser = { text, filename, line, column, error, FALSE };

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  return designator_parse (&parser, tag_names, n_tags, out);
}

static gboolean
designator_parse (Parser *parser_, char *const *tag_names, guint n_tags, CqDesignator *out)
{
  Parser parser = *parser_;
  const char *text = parser.text;
  const char *p = text;
  const char *piecetypes = parser.cql6 ? PIECETYPES6 : PIECETYPES;
  guint16 pieces = 0;
  CqBitboard squares = 0;
  const char *square_start;
  gint16 tag = -1;

  if (*p == '$' && !parser.cql6)
    {
      /* R11: `$name[squares]`: the tag's piece on one of the squares; the
       * name is alphanumeric, so the squares are in brackets. */
      const char *name = p + 1;
      const char *end = name;
      gsize len;

      while (g_ascii_isalnum (*end) || *end == '_')
        end++;
      len = end - name;
      if (len == 0)
        return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                     "`%s`: expected a tag name after '$'", text);
      for (guint t = 0; t < n_tags; t++)
        if (strlen (tag_names[t]) == len && strncmp (tag_names[t], name, len) == 0)
          tag = (gint16) t;
      if (tag < 0)
        return fail (&parser, CQ_QUERY_ERROR_SEMANTIC, p,
                     "`%s`: the tag '%.*s' is not defined: define it in the match list "
                     "with `:forany %.*s DESIGNATOR`", text, (int) len, name, (int) len, name);
      if (*end != '\0' && *end != '[')
        return fail (&parser, CQ_QUERY_ERROR_SYNTAX, end,
                     "`%s`: the squares after a tag name must be in brackets: `$%.*s[%s]`",
                     text, (int) len, name, end);
      p = end;
    }
  /* The piecetype designator. */
  else if (*p == '[')
    {
      const char *inside = p + 1;
      const char *close = strchr (inside, ']');

      if (close == NULL)
        return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                     "`%s`: this '[' of a piecetype set is never closed: expected ']'", text);
      if (close == inside)
        return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                     "`%s`: empty piecetype set '[]': expected piecetypes such as [RQ] "
                     "(%s)", text, piecetypes);
      for (const char *c = inside; c < close; c = g_utf8_next_char (c))
        {
          guint16 mask = piecetype_mask (*c, parser.cql6);

          if (mask == 0)
            {
              g_autofree char *found = describe_char (c);
              g_autofree char *meant = NULL;

              if (*c == '$')
                return fail (&parser, CQ_QUERY_ERROR_SYNTAX, c,
                             "`%s`: a tag cannot stand inside a piecetype set: "
                             "write `$name[squares]`",
                             text);
              meant = bracket_slip_suggestion (inside, close - inside);
              /* The suggestion replaces the whole designator: point at it. */
              if (meant != NULL)
                return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                             "`%.*s`: %s is not a piecetype; did you mean `%s`?",
                             (int) (close + 1 - p), p, found, meant);
              return fail (&parser, CQ_QUERY_ERROR_SYNTAX, c,
                           "`%s`: %s is not a piecetype (expected one of %s)",
                           text, found, piecetypes);
            }
          pieces |= mask;
        }
      p = close + 1;
    }
  else
    {
      pieces = piecetype_mask (*p, parser.cql6);
      if (pieces == 0)
        {
          g_autofree char *found = describe_char (p);

          /* A bare square (`:moveto d4`, manual FAQ) lacks its piecetype. */
          if (is_file (p[0]) && is_rank (p[1]) && p[2] == '\0')
            return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                         "`%s` is not a piece designator: it needs a piecetype first; "
                         "did you mean `?%s` (anything) or `.%s` (empty)?",
                         text, text, text);
          return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                       "`%s` is not a piece designator: expected a piecetype (%s"
                       ") or '[', found %s", text, piecetypes, found);
        }
      p++;
    }

  /* The square designator. */
  square_start = p;
  if (*p == '\0')
    squares = CQ_SQUARES_ALL;
  else if (*p == '[')
    {
      p++;
      if (*p != ']')
        {
          for (;;)
            {
              if (!parse_unit (&parser, &p, &squares))
                return FALSE;
              if (*p == ',')
                {
                  p++;
                  continue;
                }
              if (*p == ']')
                break;
              {
                g_autofree char *found = describe_char (p);
                return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                             "`%s`: expected ',' or ']' in the square list, found %s",
                             text, found);
              }
            }
        }
      p++;
    }
  else
    {
      if (!parse_unit (&parser, &p, &squares))
        return FALSE;
      if (*p == ',')
        return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                     "`%s`: a list of square designators must be in brackets: `%.*s[%s]`",
                     text, (int) (square_start - text), text, square_start);
    }

  if (*p != '\0')
    {
      g_autofree char *found = describe_char (p);
      return fail (&parser, CQ_QUERY_ERROR_SYNTAX, p,
                   "`%s`: unexpected %s after the square designator", text, found);
    }

  out->pieces = pieces;
  out->squares = squares;
  out->tag = tag;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The extent of a CQL 6 designator in a text                          */

static gboolean
is_piece_char (char c)
{
  return c != '\0' && strchr ("KQRBNPkqrbnpAa_", c) != NULL;
}

/* file ('-' file)? rank ('-' rank)?: its length, or 0. */
static gsize
match_unit (const char *p)
{
  const char *s = p;

  if (!is_file (*s))
    return 0;
  s++;
  if (*s == '-' && is_file (s[1]))
    s += 2;
  if (!is_rank (*s))
    return 0;
  s++;
  if (*s == '-' && is_rank (s[1]))
    s += 2;
  return s - p;
}

static gsize
match_squares (const char *p)
{
  const char *s;

  if (*p != '[')
    return match_unit (p);
  s = p + 1;
  for (;;)
    {
      gsize n = match_unit (s);

      if (n == 0)
        return 0;
      s += n;
      if (*s == ',')
        s++;
      else if (*s == ']')
        return s + 1 - p;
      else
        return 0;
    }
}

static gsize
match_pieces (const char *p)
{
  const char *s;

  if (is_piece_char (*p))
    return 1;
  if (*p != '[')
    return 0;
  for (s = p + 1; is_piece_char (*s); s++)
    ;
  return s > p + 1 && *s == ']' ? (gsize) (s + 1 - p) : 0;
}

gsize
_cq_designator_extent_cql6 (const char *p)
{
  gsize best = 0, n, m;

  if (*p == '.')
    best = 1;
  n = match_pieces (p);
  if (n > 0)
    {
      best = MAX (best, n);
      m = match_squares (p + n);
      if (m > 0)
        best = n + m;
    }
  m = match_squares (p);
  best = MAX (best, m);
  if (best > 0 && (g_ascii_isalnum (p[best]) || p[best] == '_'))
    return 0;
  return best;
}
