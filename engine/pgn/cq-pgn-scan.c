/* cq-pgn-scan.c: the splitter's scanner, a small state machine over the
 * bytes of a #CqPgnReader's buffer that finds where games begin and end
 * (the rules are listed in cq-pgn-reader.c), with the look-ahead helpers
 * it alone uses.  It is about 1,000 lines because each rule's fast path
 * (the 64-byte masks of tag pairs, comments and movetext, with their
 * portable fallbacks) sits beside the rule it speeds up: split apart, the
 * state machine's hot loop would call across files and LTO would be
 * needed to inline it back.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-pgn-private.h"
#include "pgn/cq-pgn-reader-private.h"

/* Byte classes. */
static inline gboolean
is_blank (guchar c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline gboolean
is_space (guchar c)
{
  return is_blank (c) || c == '\n';
}

/* A byte that may stand next to a game termination marker. */
static inline gboolean
is_delim (guchar c)
{
  return is_space (c) || c == '(' || c == ')' || c == '{' || c == '}'
         || c == ';' || c == '[' || c == ']';
}

/* Interesting bytes in the movetext before and after the first move-like
 * token: everything else is skipped in a tight loop. */
static guint8 class_moves[256];
static guint8 class_moves_first[256];

void
_cq_pgn_scan_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      static const char special[] = "\n{;()[-/*";

      for (const char *s = special; *s; s++)
        {
          class_moves[(guchar) *s] = 1;
          class_moves_first[(guchar) *s] = 1;
        }
      for (int c = 'a'; c <= 'z'; c++)
        class_moves_first[c] = 1;
      for (int c = 'A'; c <= 'Z'; c++)
        class_moves_first[c] = 1;
      g_once_init_leave (&done, 1);
    }
}

/* The scans below look at 16 bytes at a time, or make a mask of 64, where
 * SSE2 is there (every x86-64): splitting reads every byte of the file,
 * and byte-at-a-time loops cost about a tenth of a simple search.  _cq_find_any3()
 * (cq-pgn-private.h) is the general one. */

#ifdef __SSE2__
/* The bytes of class_moves (a newline or one of `{ ; ( ) [ - / *`) among
 * the 64 at @w, as a mask (bit i for w[i]); ESC (0x1B) is in it too, a
 * byte the movetext's rules skip like any other.  Nine bytes from five
 * compares: `;`, `[`, `{` and ESC are the bytes that are `{` once 0x60 is
 * set in them, `-` and `/` those that are `/` once 0x02 is, and `(`, `)`,
 * `*` those less than 3 above `(`. */
static inline guint64
move_special_mask (const guchar *w)
{
  guint64 bits = 0;

  for (int k = 0; k < 4; k++)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (w + 16 * k));
      __m128i d = _mm_sub_epi8 (v, _mm_set1_epi8 ('('));
      __m128i m = _mm_or_si128 (
        _mm_or_si128 (_mm_cmpeq_epi8 (_mm_or_si128 (v, _mm_set1_epi8 (0x60)), _mm_set1_epi8 ('{')),
                      _mm_cmpeq_epi8 (_mm_or_si128 (v, _mm_set1_epi8 (0x02)), _mm_set1_epi8 ('/'))),
        _mm_or_si128 (_mm_cmpeq_epi8 (_mm_min_epu8 (d, _mm_set1_epi8 (2)), d),
                      _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\n'))));

      bits |= (guint64) (guint32) _mm_movemask_epi8 (m) << (16 * k);
    }
  return bits;
}
#endif

/* The first byte in [@p, @end) of class_moves, or @end; where SSE2 is
 * there, a byte the scanner's rules skip may be returned too (ESC, see
 * move_special_mask()).  *@w and *@bits are the window of the last mask
 * made (move_special_mask() of the 64 bytes at *@w, or no bits): a call
 * from a @p in it takes the next of its bits, so that the movetext's bytes
 * are classified once, 64 at a time, however close its stops are.  @p is
 * never before *@w (the scanner only goes forward). */
static inline const guchar *
find_move_special (const guchar *p, const guchar *end, const guchar **w, guint64 *bits)
{
#ifdef __SSE2__
  const guchar *mw = *w;
  guint64 mb = *bits;
  gsize off = p - mw;

  /* Only a window with bits is kept (the first call has none). */
  if (off < 64 && mb != 0)
    {
      guint64 m = mb >> off;

      if (m != 0)
        return p + __builtin_ctzll (m);
      p = mw + 64;
    }
  for (; end - p >= 64; p += 64)
    {
      mb = move_special_mask (p);
      if (mb != 0)
        {
          *w = p;
          *bits = mb;
          return p + __builtin_ctzll (mb);
        }
    }
#else
  (void) w;
  (void) bits;
#endif
  while (p < end && !class_moves[*p])
    p++;
  return p;
}

#ifdef __SSE2__
/* The bytes that end a tag pair's name or value (_cq_simple_tag_pair()):
 * `"`, backslash, `]` and newline, as a mask of the 64 bytes at @w (bit i
 * for w[i]). */
static inline guint64
tag_special_mask (const guchar *w)
{
  guint64 bits = 0;

  for (int k = 0; k < 4; k++)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (w + 16 * k));
      /* backslash (0x5C) and `]` (0x5D) are the bytes that are 0x5D once
       * their low bit is set. */
      __m128i m = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('"')),
                                              _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\n'))),
                                _mm_cmpeq_epi8 (_mm_or_si128 (v, _mm_set1_epi8 (1)),
                                                _mm_set1_epi8 (']')));

      bits |= (guint64) (guint32) _mm_movemask_epi8 (m) << (16 * k);
    }
  return bits;
}
#endif

/* The first `}` or newline in [@p, @end) that a comment's scan must look
 * at, or @end; the newlines before it, each followed by a byte that is
 * neither a blank nor a newline (so that no blank line begins there), are
 * added to *@line. */
static inline const guchar *
find_comment_stop (const guchar *p, const guchar *end, guint64 *line)
{
  guint64 l = *line;

#ifdef __SSE2__
  /* 32 bytes a step; the byte after a newline is read too. */
  while (end - p >= 33)
    {
      const __m128i brace = _mm_set1_epi8 ('}'), newline = _mm_set1_epi8 ('\n');
      __m128i v0 = _mm_loadu_si128 ((const __m128i *) p);
      __m128i v1 = _mm_loadu_si128 ((const __m128i *) (p + 16));
      guint32 bits = (guint32) _mm_movemask_epi8 (
                       _mm_or_si128 (_mm_cmpeq_epi8 (v0, brace), _mm_cmpeq_epi8 (v0, newline)))
                     | (guint32) _mm_movemask_epi8 (
                         _mm_or_si128 (_mm_cmpeq_epi8 (v1, brace),
                                       _mm_cmpeq_epi8 (v1, newline))) << 16;

      for (; bits != 0; bits &= bits - 1)
        {
          const guchar *h = p + __builtin_ctz (bits);

          if (*h == '}' || is_space (h[1]))
            {
              *line = l;
              return h;
            }
          l++;
        }
      p += 32;
    }
#endif
  for (; p < end; p++)
    {
      if (*p == '}')
        break;
      if (*p == '\n')
        {
          if (p + 1 == end || is_space (p[1]))
            break;
          l++;
        }
    }
  *line = l;
  return p;
}

/* Keeps for the game (#CqTagSpan) the closing quote @close of the tag pair
 * that begins at @gs + *@next in @spans (*@n of them): the tag pairs are
 * kept while they follow one another a line each from the game's start
 * @gs (*@next is then where the next one must begin). */
static inline void
keep_tag_span (CqTagSpan *spans, guint *n, gsize *next, const guchar *gs,
               const guchar *close)
{
  gsize c = close - gs;

  /* None past what 32 bits count, nor once full. */
  if (G_LIKELY (c < G_MAXUINT32 - 3))
    {
      spans[(*n)++].close = c;
      *next = c + 3;
      if (G_UNLIKELY (*n == CQ_MAX_TAG_SPANS))
        *next = G_MAXSIZE;
    }
  else
    *next = G_MAXSIZE;
}

/* Reads in the tag section of the game that begins at @gs the tag pairs
 * of the common form (_cq_simple_tag_pair()) from the `[` at @p, one a
 * line, as the general rules of _cq_pgn_scan() read them (keeping their
 * spans, noting an Event tag), with none of their other tests: most tag
 * sections are only these.  Stops at the first `[` the general rules must
 * read (a blank before the name, a second Event tag, any other form) or
 * after a pair not followed by a line that begins with `[`.  Returns where
 * it stopped (@p if it read nothing), with *@line the line number there.
 *
 * Where SSE2 is there, the bytes that decide a pair's form are found in a
 * mask of the 64 bytes from a window's start @w (tag_special_mask()), made
 * again only when a pair's first two of them are not both in it (about
 * two tag pairs a mask on the studies). */
static inline const guchar *
scan_simple_tags (CqPgnReader *r, const guchar *gs, const guchar *p,
                  const guchar *end, guint64 *line)
{
  guint64 l = *line;
#ifdef __SSE2__
  const guchar *w = p + 1;
  guint64 bits = 0;
#endif

  for (;;)
    {
      const guchar *open, *close, *q;
      gboolean is_event;

      if (end - p < 7 || p[1] == ' ' || p[1] == '\t')
        break;
      is_event = memcmp (p + 1, "Event", 5) == 0 && is_blank (p[6]);
      if (is_event && r->has_event)
        break;
#ifdef __SSE2__
      {
        /* The window's bits from p + 1 on; both of the first two are the
         * pair's first two bytes that decide it only when both lie in the
         * window. */
        gsize off = p + 1 - w;
        guint64 m = off < 64 ? bits >> off : 0;

        /* The byte after the second of them is read too. */
        if ((m & (m - 1)) == 0 && end - (p + 1) >= 65)
          {
            w = p + 1;
            bits = tag_special_mask (w);
            m = bits;
          }
        if ((m & (m - 1)) != 0)
          {
            open = p + 1 + __builtin_ctzll (m);
            close = p + 1 + __builtin_ctzll (m & (m - 1));
            if (*open != '"' || *close != '"' || close[1] != ']')
              break;
            q = close + 2;
          }
        else
          q = _cq_simple_tag_pair (p, end, &open, &close);
      }
#else
      q = _cq_simple_tag_pair (p, end, &open, &close);
#endif
      if (q == NULL)
        break;
      if (p == gs + r->tag_span_next)
        keep_tag_span (r->tag_spans, &r->n_tag_spans, &r->tag_span_next, gs, close);
      if (is_event)
        r->has_event = TRUE;
      if (end - q >= 2 && q[0] == '\n' && q[1] == '[')
        {
          l++;
          p = q + 1;
          continue;
        }
      p = q;
      break;
    }
  *line = l;
  return p;
}

/* Skips the `%` escape lines that start at @q (a line start).  Returns the
 * first byte after them, or NULL if more input is needed to know. */
static const guchar *
skip_escape_lines (const guchar *q, const guchar *end, gboolean eof, guint64 *line)
{
  guint64 l = *line;

  while (q < end && *q == '%')
    {
      const guchar *nl = memchr (q, '\n', end - q);
      if (nl == NULL)
        {
          if (!eof)
            return NULL;
          q = end;
          break;
        }
      q = nl + 1;
      l++;
    }
  if (q == end && !eof)
    return NULL;
  *line = l;
  return q;
}

/* Skips whitespace, newlines and escape lines from @q.  Returns the first other byte (or @end at
 * the end of the input), or NULL if more input is needed. */
static const guchar *
skip_space_lookahead (const guchar *q, const guchar *end, gboolean eof)
{
  guint64 dummy = 0;

  for (;;)
    {
      while (q < end && is_blank (*q))
        q++;
      if (q == end)
        return eof ? q : NULL;
      if (*q != '\n')
        return q;
      q = skip_escape_lines (q + 1, end, eof, &dummy);
      if (q == NULL)
        return NULL;
    }
}

/* If @q is at a blank line (only blanks up to a newline), returns TRUE.
 * Sets *@need_more if the input ends before that is known. */
static gboolean
at_blank_line (const guchar *q, const guchar *end, gboolean eof, gboolean *need_more)
{
  while (q < end && is_blank (*q))
    q++;
  if (q == end)
    {
      *need_more = !eof;
      return FALSE;
    }
  return *q == '\n';
}

/* Reads a tag name after the `[` at @q.  Returns its length (0 if none),
 * or -1 if more input is needed. */
static gssize
tag_name_at (const guchar *q, const guchar *end, gboolean eof, const guchar **name)
{
  const guchar *s = q + 1;

  while (s < end && is_blank (*s))
    s++;
  *name = s;
  while (s < end && (g_ascii_isalnum (*s) || *s == '_' || *s == '-' || *s == '+'
                     || *s == '?' || *s == '.' || *s == ':'))
    s++;
  if (s == end && !eof)
    return -1;
  return s - *name;
}

/* Skips the tag that starts at the `[` at @q: up to its `]`, honouring
 * quoted strings and backslash escapes, but never past the end of the line
 * (a tag pair never spans lines).  Returns the byte after it (the `]`'s
 * successor, or the newline), or NULL if more input is needed. */
static const guchar *
skip_tag (const guchar *q, const guchar *end, gboolean eof)
{
  q++;
  for (;;)
    {
      /* Outside a string. */
      q = _cq_find_any3 (q, end, '\n', '"', ']');
      if (q == end)
        return eof ? q : NULL;
      if (*q == '\n')
        return q;
      if (*q == ']')
        return q + 1;
      /* In a string, from its opening quote. */
      q++;
      for (;;)
        {
          q = _cq_find_any3 (q, end, '\n', '"', '\\');
          if (q == end)
            return eof ? q : NULL;
          if (*q == '\n')
            return q;
          if (*q == '"')
            {
              q++;
              break;
            }
          /* A backslash escapes the next byte, but never a newline. */
          if (q + 1 < end && q[1] != '\n')
            q += 2;
          else if (q + 1 == end && !eof)
            return NULL;
          else
            q++;
        }
    }
}

/* TRUE if the tag section data[from..upto) has a tag named @name. */
static gboolean
tag_seen (const guchar *from, const guchar *upto, const guchar *name, gsize len)
{
  const guchar *q = from;

  while (q < upto)
    {
      if (*q == '[')
        {
          const guchar *n;
          gssize l = tag_name_at (q, upto, TRUE, &n);

          if (l == (gssize) len && memcmp (n, name, len) == 0)
            return TRUE;
          q = skip_tag (q, upto, TRUE);
        }
      else
        q++;
    }
  return FALSE;
}

/* Is the line at @q exactly one tag pair: `[Name "value"]`?  Returns 1 or
 * 0, or -1 if more input is needed. */
static int
is_tag_line (const guchar *q, const guchar *end, gboolean eof)
{
  const guchar *name;
  gssize l;

  while (q < end && is_blank (*q))
    q++;
  if (q == end)
    return eof ? 0 : -1;
  if (*q != '[')
    return 0;
  l = tag_name_at (q, end, eof, &name);
  if (l < 0)
    return -1;
  if (l == 0 || !g_ascii_isalpha (name[0]))
    return 0;
  q = name + l;
  while (q < end && is_blank (*q))
    q++;
  if (q == end)
    return eof ? 0 : -1;
  if (*q != '"')
    return 0;
  for (q++; q < end && *q != '"' && *q != '\n'; q++)
    if (*q == '\\' && q + 1 < end && q[1] != '\n')
      q++;
  if (q == end)
    return eof ? 0 : -1;
  if (*q != '"')
    return 0;
  for (q++; q < end && is_blank (*q); q++)
    ;
  if (q == end)
    return eof ? 0 : -1;
  if (*q != ']')
    return 0;
  for (q++; q < end && is_blank (*q); q++)
    ;
  if (q == end)
    return eof ? 1 : -1;
  return *q == '\n';
}

/* The scanner.  On SCAN_MORE the state and r->pos describe a point from
 * which scanning can resume after more input arrives (decisions that need
 * lookahead are not taken until the lookahead is available).  On SCAN_GAME
 * *game_end is the index just after the game's last byte. */
ScanResult
_cq_pgn_scan (CqPgnReader *r, gsize *game_end)
{
  const guchar *base = r->data;
  const guchar *end = base + r->len;
  const guchar *p = base + r->pos;
  const gboolean eof = r->eof;
  guint64 line = r->line;
  const guchar *gs = r->game_start >= 0 ? base + r->game_start : NULL;
  /* find_move_special()'s window: none yet. */
  const guchar *move_w = base;
  guint64 move_bits = 0;

#define NEED_MORE() \
  G_STMT_START { r->pos = p - base; r->line = line; return SCAN_MORE; } G_STMT_END
#define END_GAME_AT(where) \
  G_STMT_START { \
    const guchar *ge_ = (where); \
    r->pos = ge_ - base; \
    r->line = line; \
    r->state = ST_START; \
    while (ge_ > gs && is_space (ge_[-1])) \
      ge_--; \
    *game_end = ge_ - base; \
    return SCAN_GAME; \
  } G_STMT_END

  if (!r->started)
    {
      const guchar *q;

      if (end - p < 3 && !eof)
        NEED_MORE ();
      if (end - p >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
        p += 3;
      q = skip_escape_lines (p, end, eof, &line);
      if (q == NULL)
        NEED_MORE ();
      p = q;
      r->started = TRUE;
    }

  for (;;)
    {
      switch (r->state)
        {
        case ST_START:
          for (;;)
            {
              guchar c;

              if (p == end)
                {
                  if (!eof)
                    NEED_MORE ();
                  /* Only comments were left: not a game. */
                  r->pending_start = -1;
                  r->pos = p - base;
                  r->line = line;
                  return SCAN_END;
                }
              c = *p;
              if (c == '\n')
                {
                  guint64 l = line + 1;
                  const guchar *q = skip_escape_lines (p + 1, end, eof, &l);

                  if (q == NULL)
                    NEED_MORE ();
                  line = l;
                  p = q;
                  continue;
                }
              if (is_blank (c))
                {
                  p++;
                  continue;
                }
              /* NUL padding and the DOS end-of-file mark are not games. */
              if (c == 0x1A || c == 0)
                {
                  if (r->nul_bytes++ == 0)
                    {
                      r->nul_offset = r->data_offset + (p - base);
                      r->nul_line = line;
                    }
                  if (r->nul_bytes > MAX_NUL_PADDING)
                    {
                      r->pos = p - base;
                      r->line = line;
                      return SCAN_BINARY;
                    }
                  p++;
                  continue;
                }
              if (c == '{' || c == ';')
                {
                  if (r->pending_start < 0)
                    {
                      r->pending_start = p - base;
                      r->pending_line = line;
                    }
                  if (c == ';')
                    {
                      const guchar *nl = memchr (p, '\n', end - p);
                      if (nl == NULL)
                        {
                          if (!eof)
                            NEED_MORE ();
                          p = end;
                        }
                      else
                        p = nl;
                      continue;
                    }
                  p++;
                  r->state = ST_COMMENT;
                  r->comment_return = ST_START;
                  break;
                }
              r->n_games++;
              r->nul_bytes = 0;
              if (c == '[')
                {
                  r->pending_start = -1;
                  r->game_start = p - base;
                  r->game_line = line;
                  r->state = ST_TAGS;
                  r->has_event = FALSE;
                  r->n_tag_spans = 0;
                  r->tag_span_next = 0;
                }
              else
                {
                  if (r->pending_start >= 0)
                    {
                      r->game_start = r->pending_start;
                      r->game_line = r->pending_line;
                      r->pending_start = -1;
                    }
                  else
                    {
                      r->game_start = p - base;
                      r->game_line = line;
                    }
                  r->state = ST_MOVES;
                  r->depth = 0;
                  r->seen_move = FALSE;
                  r->n_tag_spans = 0;
                  r->tag_span_next = G_MAXSIZE;
                }
              gs = base + r->game_start;
              break;
            }
          break;

        case ST_TAGS:
          for (;;)
            {
              guchar c;

              if (p == end)
                {
                  if (!eof)
                    NEED_MORE ();
                  END_GAME_AT (p);
                }
              c = *p;
              if (c == '\n')
                {
                  guint64 l = line + 1;
                  const guchar *q = skip_escape_lines (p + 1, end, eof, &l);
                  gboolean more = FALSE;

                  if (q == NULL)
                    NEED_MORE ();
                  if (at_blank_line (q, end, eof, &more))
                    {
                      /* A blank line in the tag section: a new game if the
                       * next tag repeats a name (header-only games). */
                      const guchar *s = skip_space_lookahead (q, end, eof);
                      if (s == NULL)
                        NEED_MORE ();
                      if (s < end && *s == '[')
                        {
                          const guchar *name;
                          gssize nl = tag_name_at (s, end, eof, &name);
                          if (nl < 0)
                            NEED_MORE ();
                          if (nl > 0 && tag_seen (gs, p, name, nl))
                            END_GAME_AT (p);
                        }
                    }
                  else if (more)
                    NEED_MORE ();
                  line = l;
                  p = q;
                  continue;
                }
              if (is_blank (c))
                {
                  p++;
                  continue;
                }
              if (c == '[')
                {
                  const guchar *name, *q;
                  gboolean is_event;

                  q = scan_simple_tags (r, gs, p, end, &line);
                  if (q != p)
                    {
                      p = q;
                      continue;
                    }

                  if (end - p >= 7 && p[1] != ' ' && p[1] != '\t')
                    /* the common `[Name "value"]` */
                    is_event = memcmp (p + 1, "Event", 5) == 0 && is_blank (p[6]);
                  else
                    {
                      gssize nl = tag_name_at (p, end, eof, &name);

                      if (nl < 0)
                        NEED_MORE ();
                      is_event = nl == 5 && memcmp (name, "Event", 5) == 0;
                    }
                  if (is_event && r->has_event)
                    END_GAME_AT (p);
                  {
                    const guchar *open, *close;

                    q = _cq_simple_tag_pair (p, end, &open, &close);
                    if (q != NULL && p == gs + r->tag_span_next)
                      keep_tag_span (r->tag_spans, &r->n_tag_spans, &r->tag_span_next,
                                     gs, close);
                  }
                  if (q == NULL)
                    q = skip_tag (p, end, eof);
                  if (q == NULL)
                    NEED_MORE ();
                  if (is_event)
                    r->has_event = TRUE;
                  /* The next line begins with the next tag (most tags):
                   * no escape line, no blank line, nothing to look at. */
                  if (end - q >= 2 && q[0] == '\n' && q[1] == '[')
                    {
                      line++;
                      q++;
                    }
                  p = q;
                  continue;
                }
              if (c == ';' || c == '$')
                {
                  /* A `;` comment line or a NAG line between two tags
                   * stays in the tag section (cq-game-tags.c skips it the same
                   * way). */
                  const guchar *nl = memchr (p, '\n', end - p);
                  const guchar *s = nl;

                  if (nl == NULL && !eof)
                    NEED_MORE ();
                  if (nl != NULL)
                    {
                      s = nl + 1;
                      while (s < end && is_blank (*s))
                        s++;
                      if (s == end && !eof)
                        NEED_MORE ();
                      if (s < end && *s == '[')
                        {
                          p = nl;
                          continue;
                        }
                    }
                }
              /* Anything else begins the movetext. */
              r->state = ST_MOVES;
              r->depth = 0;
              r->seen_move = FALSE;
              break;
            }
          break;

        case ST_MOVES:
          for (;;)
            {
              const guint8 *cls = r->seen_move ? class_moves : class_moves_first;
              guchar c;

              if (r->seen_move)
                p = find_move_special (p, end, &move_w, &move_bits);
              else
                while (p < end && !cls[*p])
                  p++;
              if (p == end)
                {
                  if (!eof)
                    NEED_MORE ();
                  END_GAME_AT (p);
                }
              c = *p;
              switch (c)
                {
                case '\n':
                  /* Most lines of movetext: the next one begins with a
                   * byte that neither escapes it nor can begin a blank
                   * line, so there is nothing to look at. */
                  if (G_LIKELY (end - p >= 2 && p[1] != '%' && !is_space (p[1])))
                    {
                      line++;
                      p++;
                      break;
                    }
                  {
                    guint64 l = line + 1;
                    const guchar *q = skip_escape_lines (p + 1, end, eof, &l);
                    gboolean more = FALSE;

                    if (q == NULL)
                      NEED_MORE ();
                    if (r->depth == 0 && r->seen_move)
                      {
                        if (at_blank_line (q, end, eof, &more))
                          {
                            /* Blank line: a tag-less game follows if the
                             * next token is move number 1. */
                            const guchar *s = skip_space_lookahead (q, end, eof);
                            if (s == NULL)
                              NEED_MORE ();
                            if (s < end && *s == '1')
                              {
                                const guchar *t = s + 1;
                                while (t < end && is_blank (*t))
                                  t++;
                                if (end - t < 2 && !eof)
                                  NEED_MORE ();
                                /* "1." but not "1...": Black's first move
                                 * continues a game after a comment. */
                                if (t < end && *t == '.' && (t + 1 == end || t[1] != '.'))
                                  END_GAME_AT (p);
                              }
                          }
                        else if (more)
                          NEED_MORE ();
                      }
                    line = l;
                    p = q;
                  }
                  break;

                case '{':
                  p++;
                  r->state = ST_COMMENT;
                  r->comment_return = ST_MOVES;
                  goto next_state;

                case ';':
                  {
                    const guchar *nl = memchr (p, '\n', end - p);
                    if (nl == NULL)
                      {
                        if (!eof)
                          NEED_MORE ();
                        p = end;
                      }
                    else
                      p = nl;
                  }
                  break;

                case '(':
                  r->depth++;
                  p++;
                  break;

                case ')':
                  if (r->depth > 0)
                    r->depth--;
                  p++;
                  break;

                case '[':
                  END_GAME_AT (p);

                case '-':
                  /* 1-0 or 0-1 */
                  if (end - p < 3 && !eof)
                    NEED_MORE ();
                  if (r->depth == 0 && p > gs && end - p >= 2
                      && ((p[-1] == '1' && p[1] == '0') || (p[-1] == '0' && p[1] == '1'))
                      && (p - 1 == gs || is_delim (p[-2]))
                      && (end - p == 2 || is_delim (p[2])))
                    END_GAME_AT (p + 2);
                  p++;
                  break;

                case '/':
                  /* 1/2-1/2, or the abbreviation 1/2 */
                  if (end - p < 7 && !eof)
                    NEED_MORE ();
                  if (r->depth == 0 && p > gs && p[-1] == '1'
                      && (p - 1 == gs || is_delim (p[-2]))
                      && end - p >= 2 && p[1] == '2')
                    {
                      if (end - p == 2 || is_delim (p[2]))
                        END_GAME_AT (p + 2);
                      if (end - p >= 6 && memcmp (p + 2, "-1/2", 4) == 0
                          && (end - p == 6 || is_delim (p[6])))
                        END_GAME_AT (p + 6);
                    }
                  p++;
                  break;

                case '*':
                  if (end - p < 2 && !eof)
                    NEED_MORE ();
                  if (r->depth == 0 && (p == gs || is_delim (p[-1]))
                      && (end - p == 1 || is_delim (p[1])))
                    END_GAME_AT (p + 1);
                  p++;
                  break;

                default:
                  /* A letter: the movetext has a move-like token. */
                  r->seen_move = TRUE;
                  p++;
                  break;
                }
            }
          break;

        case ST_COMMENT:
          for (;;)
            {
              p = find_comment_stop (p, end, &line);
              if (p == end)
                {
                  if (!eof)
                    NEED_MORE ();
                  if (r->comment_return == ST_MOVES)
                    END_GAME_AT (p);
                  r->state = ST_START;
                  break;
                }
              if (*p == '}')
                {
                  p++;
                  r->state = r->comment_return;
                  break;
                }
              /* A newline in the comment.  A blank line followed by a
               * line that is exactly a tag pair means that the comment was
               * never closed: the next game begins there. */
              {
                gboolean more = FALSE;

                if (at_blank_line (p + 1, end, eof, &more))
                  {
                    const guchar *s = skip_space_lookahead (p + 1, end, eof);
                    int t;

                    if (s == NULL)
                      NEED_MORE ();
                    t = (s < end && *s == '[') ? is_tag_line (s, end, eof) : 0;
                    if (t < 0)
                      NEED_MORE ();
                    if (t == 1)
                      {
                        if (r->comment_return == ST_MOVES)
                          END_GAME_AT (p);
                        r->pending_start = -1;
                        r->state = ST_START;
                        break;
                      }
                  }
                else if (more)
                  NEED_MORE ();
                line++;
                p++;
              }
            }
          break;
        }
    next_state:
      ;
    }
#undef NEED_MORE
#undef END_GAME_AT
}
