/* cq-pgn-reader.c: splits a PGN file of any size into game texts.
 *
 * The input is read in blocks (1 MiB by default) into a buffer that holds
 * the game being scanned; memory does not grow with the file, only with
 * the largest game.  The scanner is a small state machine over bytes that
 * knows just enough PGN to find where games begin and end:
 *
 *  - a game begins with its tag section (`[`) or, for a game without tags,
 *    with its first movetext token (a comment just before it belongs to it);
 *  - it ends at the game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`)
 *    outside comments and variations, at a `[` in the movetext (the next
 *    game's tags), at a blank line followed by White's move 1 (`1.` but not
 *    `1...`) once the game has moves (tag-less games separated by blank
 *    lines), or at the end of the input;
 *  - a tag section ends a header-only game when, after a blank line, a tag
 *    repeats a name already given (and at any repeated `Event` tag);
 *  - `{}` comments may span lines and contain `[` or blank lines; a `{}`
 *    comment that is never closed ends at a blank line followed by a line
 *    that is exactly one tag pair, so that one bad game cannot swallow the
 *    rest of a database;
 *  - `%` in the first column escapes its line (PGN standard 6); a UTF-8
 *    BOM at the start of the input is skipped.
 *
 * Why one long file: scan() is the state machine described above (some
 * 450 lines) with the small look-ahead helpers it alone uses; they share
 * the buffer and the game being scanned.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-input.h"
#include "pgn/cq-pgn-private.h"

#define DEFAULT_BLOCK_SIZE (1u << 20)
/* A "game" larger than this is not PGN (the longest real games are a few
 * hundred KiB): the reader stops with an error rather than use the memory. */
/* The longest game text kept (the longest real games are a few MiB): a
 * longer one is returned as too large (CqGameSource.too_large), its text
 * dropped as it is read, so that memory stays bounded (docs/limits.md). */
#define DEFAULT_MAX_GAME_SIZE CQ_GAME_MAX_TEXT
/* NUL bytes (and DOS end-of-file marks) between two games are padding up
 * to this many; more is binary data, not PGN: the file is not read further
 * (docs/limits.md), rather than skipped in silence for gigabytes. */
#define MAX_NUL_PADDING (64 * 1024)

typedef enum {
  ST_START,     /* between games */
  ST_TAGS,      /* in the tag section */
  ST_MOVES,     /* in the movetext */
  ST_COMMENT    /* in a {} comment (of the movetext, or before a game) */
} ScanState;

typedef enum {
  SCAN_GAME,    /* a game is complete */
  SCAN_MORE,    /* more input is needed */
  SCAN_END,     /* no more games */
  SCAN_BINARY   /* more than MAX_NUL_PADDING NUL bytes between two games */
} ScanResult;

struct _CqPgnReader {
  char        *name;
  CqPgnInput  *input;         /* NULL for memory input */
  const char  *mem;           /* memory input */
  gsize        mem_len;
  gsize        mem_read;      /* bytes of @mem copied so far (block mode) */
  gboolean     zero_copy;     /* memory input scanned in place */

  const guchar *data;         /* the buffer being scanned */
  guchar      *own;           /* owned buffer (file or block mode) */
  gsize        cap;
  gsize        len;           /* valid bytes in @data */
  guint64      data_offset;   /* input offset of data[0] */
  gsize        block_size;
  gsize        max_game_size;
  guint64      size;
  gboolean     eof;
  gboolean     started;       /* BOM and first-line escape handled */

  /* Scanner state; every index is into @data. */
  gsize        pos;
  guint64      line;          /* line number at data[pos] */
  ScanState    state;
  ScanState    comment_return;
  int          depth;         /* variation depth in the movetext */
  gboolean     seen_move;     /* the movetext has a move-like token */
  gboolean     has_event;     /* the tag section has an Event tag */
  gssize       game_start;    /* -1 when no game is in progress */
  gboolean     too_large;     /* the game in progress is longer than max_game_size: */
  guint64      too_large_offset; /* its offset; its text is dropped as it is read */
  guint64      too_large_line;
  guint64      game_line;
  gssize       pending_start; /* a comment before a tag-less game */
  guint64      pending_line;
  guint64      n_games;
  guint64      nul_bytes;     /* NUL bytes since the last game began (padding, or in a
                               * game too large to keep) */
  guint64      nul_offset, nul_line;  /* where it began */
};

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

static void
init_classes (void)
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

/* The scans below look at 16 bytes at a time where SSE2 is there (every
 * x86-64): splitting reads every byte of the file, and byte-at-a-time
 * loops cost about a tenth of a simple search.  _cq_find_any3()
 * (cq-pgn-private.h) is the general one. */

/* The first byte in [@p, @end) of class_moves (a newline or one of
 * `{ ; ( ) [ - / *`), or @end. */
static inline const guchar *
find_move_special (const guchar *p, const guchar *end)
{
#ifdef __SSE2__
  while (end - p >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) p);
      __m128i m1 = _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\n')),
                                 _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('{')));
      __m128i m2 = _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 (';')),
                                 _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('(')));
      __m128i m3 = _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 (')')),
                                 _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('[')));
      __m128i m4 = _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('-')),
                                 _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('/')));
      __m128i m = _mm_or_si128 (_mm_or_si128 (m1, m2),
                                _mm_or_si128 (_mm_or_si128 (m3, m4),
                                              _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('*'))));
      int bits = _mm_movemask_epi8 (m);

      if (bits != 0)
        return p + __builtin_ctz ((unsigned) bits);
      p += 16;
    }
#endif
  while (p < end && !class_moves[*p])
    p++;
  return p;
}

static CqPgnReader *
reader_new (const char *name)
{
  CqPgnReader *r = g_new0 (CqPgnReader, 1);

  init_classes ();
  r->name = g_strdup (name ? name : "<input>");
  r->block_size = DEFAULT_BLOCK_SIZE;
  r->max_game_size = DEFAULT_MAX_GAME_SIZE;
  r->line = 1;
  r->state = ST_START;
  r->game_start = -1;
  r->pending_start = -1;
  return r;
}

CqPgnReader *
cq_pgn_reader_new_for_path (const char *path, GCancellable *cancellable, GError **error)
{
  CqPgnInput *input;
  CqPgnReader *r;

  g_return_val_if_fail (path != NULL, NULL);

  input = cq_pgn_input_open (path, cancellable, error);
  if (input == NULL)
    return NULL;
  r = reader_new (cq_pgn_input_get_name (input));
  r->input = input;
  r->size = cq_pgn_input_get_file_size (input);
  return r;
}

gboolean
cq_pgn_reader_start_at (CqPgnReader *reader, guint64 offset, GError **error)
{
  g_return_val_if_fail (reader != NULL && reader->len == 0 && reader->n_games == 0, FALSE);

  if (reader->input == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: only a file can be read from a byte offset", reader->name);
      return FALSE;
    }
  if (!cq_pgn_input_seek (reader->input, offset, error))
    return FALSE;
  /* A game's first byte: no byte-order mark, no escape line to skip. */
  reader->data_offset = offset;
  reader->started = offset > 0;
  return TRUE;
}

CqPgnReader *
cq_pgn_reader_new_for_frames (const char *path, guint64 start, guint64 end,
                              GCancellable *cancellable, guint64 *first, GError **error)
{
  CqPgnInput *input;
  CqPgnReader *r;

  g_return_val_if_fail (path != NULL && first != NULL, NULL);

  input = _cq_pgn_input_open_frames (path, start, end, cancellable, first, error);
  if (input == NULL)
    return NULL;
  r = reader_new (cq_pgn_input_get_name (input));
  r->input = input;
  r->size = cq_pgn_input_get_file_size (input);
  /* From a frame after the first, the text begins with a game. */
  r->data_offset = *first;
  r->started = start > 0;
  return r;
}

guint64
cq_pgn_reader_get_range_end (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, G_MAXUINT64);
  return reader->input != NULL ? _cq_pgn_input_get_range_end (reader->input) : G_MAXUINT64;
}

CqPgnReader *
cq_pgn_reader_new_for_data (const char *data, gsize len, const char *name)
{
  CqPgnReader *r = reader_new (name);

  g_return_val_if_fail (data != NULL || len == 0, r);
  r->mem = data ? data : "";
  r->mem_len = len;
  r->zero_copy = TRUE;
  r->data = (const guchar *) r->mem;
  r->len = len;
  r->eof = TRUE;
  r->size = len;
  return r;
}

void
_cq_pgn_reader_set_block_size (CqPgnReader *reader, gsize block_size)
{
  g_return_if_fail (reader != NULL && block_size > 0);
  g_return_if_fail (reader->n_games == 0 && reader->pos == 0);

  reader->block_size = block_size;
  if (reader->zero_copy)
    {
      reader->zero_copy = FALSE;
      reader->data = NULL;
      reader->len = 0;
      reader->eof = FALSE;
    }
}

void
_cq_pgn_reader_set_max_game_size (CqPgnReader *reader, gsize max_game_size)
{
  g_return_if_fail (reader != NULL && max_game_size > 0);
  reader->max_game_size = max_game_size;
}

void
cq_pgn_reader_free (CqPgnReader *reader)
{
  if (reader == NULL)
    return;
  cq_pgn_input_free (reader->input);
  g_free (reader->own);
  g_free (reader->name);
  g_free (reader);
}

const char *
cq_pgn_reader_get_name (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, NULL);
  return reader->name;
}

guint64
cq_pgn_reader_get_position (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->data_offset + reader->pos;
}

guint64
cq_pgn_reader_get_size (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->size;
}

guint64
cq_pgn_reader_get_file_position (CqPgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  if (reader->input == NULL)
    return reader->data_offset + reader->pos;
  return cq_pgn_input_get_file_position (reader->input);
}

/* Drops the bytes before the game in progress, makes room for a block and
 * reads it.  Sets @eof at the end of the input. */
static gboolean
refill (CqPgnReader *r, GError **error)
{
  gsize keep = r->pos;
  gsize want;
  gssize n;
  GError *local_error = NULL;

  if (r->game_start >= 0 && (gsize) r->game_start < keep)
    keep = r->game_start;
  if (r->pending_start >= 0 && (gsize) r->pending_start < keep)
    keep = r->pending_start;

  if (keep > 0)
    {
      memmove (r->own, r->own + keep, r->len - keep);
      r->len -= keep;
      r->data_offset += keep;
      r->pos -= keep;
      if (r->game_start >= 0)
        r->game_start -= keep;
      if (r->pending_start >= 0)
        r->pending_start -= keep;
    }

  want = r->block_size;
  if (r->cap - r->len < want)
    {
      gsize cap = MAX (r->cap * 2, r->len + want);
      r->own = g_realloc (r->own, cap);
      r->cap = cap;
    }
  r->data = r->own;

  if (r->input == NULL)
    {
      gsize n_mem = MIN (want, r->mem_len - r->mem_read);

      memcpy (r->own + r->len, r->mem + r->mem_read, n_mem);
      r->mem_read += n_mem;
      r->len += n_mem;
      if (n_mem == 0 || r->mem_read == r->mem_len)
        r->eof = TRUE;
      return TRUE;
    }

  n = cq_pgn_input_read (r->input, r->own + r->len, want, &local_error);
  if (n < 0)
    {
      /* The games returned so far are good; the one in progress is cut. */
      guint64 complete = r->n_games - (r->game_start >= 0 ? 1 : 0);

      g_set_error (error, local_error->domain, local_error->code,
                   "%s; the last complete game is game %" G_GUINT64_FORMAT,
                   local_error->message, complete);
      g_error_free (local_error);
      return FALSE;
    }
  if (n == 0)
    r->eof = TRUE;
  r->len += n;
  return TRUE;
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
static ScanResult
scan (CqPgnReader *r, gsize *game_end)
{
  const guchar *base = r->data;
  const guchar *end = base + r->len;
  const guchar *p = base + r->pos;
  const gboolean eof = r->eof;
  guint64 line = r->line;
  const guchar *gs = r->game_start >= 0 ? base + r->game_start : NULL;

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
                   * stays in the tag section (cq-game.c skips it the same
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
                p = find_move_special (p, end);
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
              p = _cq_find_any3 (p, end, '}', '\n', '\n');
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

gboolean
cq_pgn_reader_next (CqPgnReader *reader, const char **text, gsize *len,
                    CqGameSource *source, GError **error)
{
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (text != NULL && len != NULL, FALSE);

  if (reader->data == NULL && !refill (reader, error))
    return FALSE;

  for (;;)
    {
      gsize game_end = 0;
      ScanResult res = scan (reader, &game_end);

      if (res == SCAN_GAME)
        {
          gsize start = reader->game_start;
          guint64 offset = reader->data_offset + start;

          if (reader->too_large)
            {
              offset = reader->too_large_offset;
              start = game_end;   /* no text */
            }
          *text = (const char *) reader->data + start;
          *len = game_end - start;
          if (source)
            {
              source->number = reader->n_games;
              source->offset = offset;
              source->length = reader->data_offset + game_end - offset;
              source->line = reader->game_line;
              source->too_large = reader->too_large;
            }
          reader->game_start = -1;
          reader->too_large = FALSE;
          return TRUE;
        }
      if (res == SCAN_END)
        return FALSE;
      if (res == SCAN_BINARY)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s:%" G_GUINT64_FORMAT ": the text at byte %" G_GUINT64_FORMAT
                       " holds NUL bytes (more than %d after game %" G_GUINT64_FORMAT
                       "): it is not PGN text; the rest of the file is not read",
                       reader->name, reader->nul_line, reader->nul_offset, MAX_NUL_PADDING,
                       reader->n_games);
          return FALSE;
        }
      if (reader->eof)
        return FALSE;   /* not reached: the scanner ends games at EOF */
      if (reader->game_start >= 0 && reader->len - reader->game_start > reader->max_game_size)
        {
          /* A game too large to keep: read on to its end without keeping
           * its text, and return it marked as such. */
          if (!reader->too_large)
            {
              reader->too_large_offset = reader->data_offset + reader->game_start;
              reader->too_large_line = reader->game_line;
            }
          /* Its text is dropped as it is read: NUL bytes in it are binary
           * data rather than a long game, and end the file. */
          for (gsize i = reader->game_start; i < reader->pos; i++)
            reader->nul_bytes += reader->data[i] == 0;
          if (reader->nul_bytes > MAX_NUL_PADDING)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT " (at byte %"
                           G_GUINT64_FORMAT ") holds more than %d NUL bytes: it is not PGN "
                           "text; the rest of the file is not read", reader->name,
                           reader->too_large_line, reader->n_games, reader->too_large_offset,
                           MAX_NUL_PADDING);
              return FALSE;
            }
          reader->too_large = TRUE;
          reader->game_start = reader->pos;
        }
      {
        gssize start = reader->game_start >= 0 ? reader->game_start : reader->pending_start;

        if (start >= 0 && reader->len - start > reader->max_game_size)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         "%s: the text at byte %" G_GUINT64_FORMAT " (line %" G_GUINT64_FORMAT
                         ") runs for more than %" G_GSIZE_FORMAT " bytes without a game end: "
                         "is this PGN?", reader->name, reader->data_offset + start,
                         reader->game_start >= 0 ? reader->game_line : reader->pending_line,
                         reader->max_game_size);
            return FALSE;
          }
      }
      if (!refill (reader, error))
        return FALSE;
    }
}
