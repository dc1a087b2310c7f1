/* cq-pgn-private.h: internals shared by the files of engine/pgn.
 *
 * The per-game arena, the private part of #CqGame, and test hooks.  Not
 * part of the public API.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "pgn/cq-game.h"
#include "pgn/cq-pgn.h"

G_BEGIN_DECLS

/* A bump allocator: a chain of big blocks, freed all at once.  Every
 * allocation is 8-byte aligned and zero-filled only where asked. */
typedef struct _CqArenaBlock CqArenaBlock;

/* @cur / @limit: the free space of the head block (both NULL before the
 * first allocation); the allocation fast path is inline (one compare and
 * one add: it runs several times per ply).  @spare: where the arena takes
 * its first block from and leaves its biggest one when cleared (see
 * _cq_arena_init()). */
typedef struct {
  CqArenaBlock  *head;
  gsize          next_size;
  char          *cur;
  char          *limit;
  CqArenaBlock **spare;
} CqArena;

/* Opens @arena empty; its first block will be of @first_block_size bytes
 * or more.  @spare (nullable): a slot, owned by the caller, that holds at
 * most one block (NULL when empty) and is only used on one thread at a
 * time: the arena takes a block from it rather than allocating, and
 * _cq_arena_clear() leaves the biggest block there, for the next arena
 * of a run of games (free what is left with _cq_arena_block_free()).
 * Without @spare the calling thread's own slot is used (a thread-local
 * look-up at each block taken and returned). */
void     _cq_arena_init  (CqArena *arena, gsize first_block_size, CqArenaBlock **spare);
/* Frees @block (nullable), a block left in a spare slot. */
void     _cq_arena_block_free (CqArenaBlock *block);
/* Opens a new block of at least @size bytes (already rounded to 8) and
 * returns the first @size of them: the rare path of _cq_arena_alloc(). */
gpointer _cq_arena_alloc_slow (CqArena *arena, gsize size);
gpointer _cq_arena_alloc0 (CqArena *arena, gsize size);
void     _cq_arena_clear (CqArena *arena);

/* @size bytes, 8-byte aligned, not zeroed; freed with the arena. */
static inline gpointer
_cq_arena_alloc (CqArena *arena, gsize size)
{
  char *p = arena->cur;

  size = (size + 7) & ~(gsize) 7;
  if (G_UNLIKELY ((gsize) (arena->limit - p) < size || p == NULL))
    return _cq_arena_alloc_slow (arena, size);
  arena->cur = p + size;
  return p;
}

/* A NUL-terminated copy of the @len bytes at @s. */
static inline char *
_cq_arena_strndup (CqArena *arena, const char *s, gsize len)
{
  char *d = _cq_arena_alloc (arena, len + 1);

  memcpy (d, s, len);
  d[len] = '\0';
  return d;
}

/* Text of the movetext that a line of play could not read (after an
 * illegal move, an unbalanced parenthesis, ...).  @node is the last legal
 * node of that line, or NULL when the game has no position at all (bad
 * FEN, non-standard variant).  @text has its whitespace collapsed and its
 * braces replaced, ready to be written inside a `{}` comment. */
typedef struct {
  const CqNode *node;
  const char   *text;
} CqSkippedText;

/* Byte scanners over a game's text.  They look at 16 bytes at a time
 * where SSE2 is there (every x86-64): the reader and the game parser run
 * them over every byte of a database, and a byte-at-a-time loop costs
 * several instructions a byte. */

/* The first byte in [@p, @end) that is one of @a @b @c, or @end. */
static inline const guchar *
_cq_find_any3 (const guchar *p, const guchar *end, guchar a, guchar b, guchar c)
{
#ifdef __SSE2__
  const __m128i va = _mm_set1_epi8 ((char) a);
  const __m128i vb = _mm_set1_epi8 ((char) b);
  const __m128i vc = _mm_set1_epi8 ((char) c);

  while (end - p >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) p);
      __m128i m = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, va), _mm_cmpeq_epi8 (v, vb)),
                                _mm_cmpeq_epi8 (v, vc));
      int bits = _mm_movemask_epi8 (m);

      if (bits != 0)
        return p + __builtin_ctz ((unsigned) bits);
      p += 16;
    }
#endif
  while (p < end && *p != a && *p != b && *p != c)
    p++;
  return p;
}

/* The common form of a tag pair, `[Name "value"]`, recognised in one
 * pass: from the `[` at @p, the first two of the bytes `"`, backslash, `]` and
 * newline are both quotes and the second is followed by `]`.  The value
 * then has nothing to unescape and the pair ends after that `]`.  Returns
 * the byte after the `]` and sets *@open and *@close to the two quotes, or
 * returns NULL for any other form (or when the bytes run out first), for
 * which the callers' general rules apply: every pair of this form reads
 * the same under them.  The name before the first quote is not looked at. */
static inline const guchar *
_cq_simple_tag_pair (const guchar *p, const guchar *end, const guchar **open,
                     const guchar **close)
{
  const guchar *s = p + 1, *first = NULL;

#ifdef __SSE2__
  while (end - s >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) s);
      __m128i m = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('"')),
                                              _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\\'))),
                                _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 (']')),
                                              _mm_cmpeq_epi8 (v, _mm_set1_epi8 ('\n'))));
      unsigned bits = (unsigned) _mm_movemask_epi8 (m);

      for (; bits != 0; bits &= bits - 1)
        {
          const guchar *h = s + __builtin_ctz (bits);

          if (*h != '"')
            return NULL;
          if (first != NULL)
            {
              if (end - h < 2 || h[1] != ']')
                return NULL;
              *open = first;
              *close = h;
              return h + 2;
            }
          first = h;
        }
      s += 16;
    }
#endif
  for (; s < end; s++)
    {
      if (*s != '"' && *s != '\\' && *s != ']' && *s != '\n')
        continue;
      if (*s != '"')
        return NULL;
      if (first != NULL)
        {
          if (end - s < 2 || s[1] != ']')
            return NULL;
          *open = first;
          *close = s;
          return s + 2;
        }
      first = s;
    }
  return NULL;
}

/* Appends @len bytes at @s to @out (@s may be %NULL when @len is 0).
 * g_string_append_len () goes through the general g_string_insert_len ()
 * (overlap checks, memmove): a third of the writer's time when every game
 * of a database matches, and about 60 instructions a game where the search
 * copies each game into its batch.  When the string has room, the bytes
 * are copied in place (GString's fields are public: @str holds
 * @allocated_len bytes, NUL-terminated at @len); otherwise
 * g_string_set_size () grows it. */
static inline void
_cq_string_append (GString *out, const char *s, gsize len)
{
  gsize at = out->len;

  if (G_LIKELY (at + len < out->allocated_len))
    {
      out->len = at + len;
      out->str[out->len] = '\0';
    }
  else
    g_string_set_size (out, at + len);
  if (len > 0)
    memcpy (out->str + at, s, len);
}

/* Writes @number in decimal into @buf (at least 21 bytes), without a
 * NUL; returns the length.  For the numbers every written game carries
 * (move numbers, NAGs, the game number), where g_snprintf () costs more
 * than the rest of the writing. */
static inline gsize
_cq_format_uint (char *buf, guint64 number)
{
  char digits[20];
  gsize n = 0, len = 0;

  do
    {
      digits[n++] = (char) ('0' + number % 10);
      number /= 10;
    }
  while (number > 0);
  while (n > 0)
    buf[len++] = digits[--n];
  return len;
}

/* The first byte in [@p, @end) that is not ASCII, or @end. */
static inline const char *
_cq_skip_ascii (const char *p, const char *end)
{
#ifdef __SSE2__
  while (end - p >= 16)
    {
      int bits = _mm_movemask_epi8 (_mm_loadu_si128 ((const __m128i *) p));

      if (bits != 0)
        return p + __builtin_ctz ((unsigned) bits);
      p += 16;
    }
#endif
  while (p < end && (guchar) *p < 0x80)
    p++;
  return p;
}

/* One comment of a node as read: @len bytes of the game's text at @text
 * (between the braces, or after the `;`).  A node's comments are a list in
 * PGN order; the first one of a list knows its last one (@tail, so that a
 * comment is appended in O(1)) and, once the game's comments have been
 * asked for, the text of the whole list (@joined). */
struct _CqComments {
  const char *text;
  gsize       len;
  CqComments *next;
  CqComments *tail;
  const char *joined;
};

typedef struct {
  CqArena        arena;
  /* The game text, UTF-8, NUL-terminated: in the arena, or the caller's
   * (_cq_game_new_with_tag_spans() with @borrow). */
  const char    *text;
  gsize          text_len;
  /* A copy of @text in which the names and values of the common tags and
   * the SANs of the nodes are NUL-terminated in place, so that they need
   * no copy of their own: one copy of the text per game. */
  char          *work;
  gsize          movetext_offset;
  guint64        movetext_line; /* absolute line of text[movetext_offset] */
  guint64       *tag_lines;     /* absolute line of each tag */
  guint32       *tag_keys;      /* tag_key() of each tag's name */
  const char    *fen;           /* the first FEN tag's value, or NULL */
  const char    *variant;       /* the first Variant tag's value, or NULL */
  guint64        fen_line, variant_line;  /* their lines (absolute) */
  gboolean       tags_unread;   /* _cq_game_new_with_tag_spans(@setup_only) */
  CqNode       **nodes;         /* by pre-order index */
  CqSkippedText *skipped;
  guint          n_skipped;
  guint          skipped_cap;
  gboolean       parsed;
  gboolean       variations_unread;  /* cq_game_is_partial() */
  /* The reader is inside a variation (a problem found now is one of a
   * variation), and the first problem found outside every variation
   * (_cq_game_get_mainline_error()): its message, line and "what". */
  gboolean       reading_variation;
  char          *mainline_error;
  guint64        mainline_error_line;
  gsize          mainline_error_what;
  guint          tree_siblings; /* cq_game_add_move(): nodes not a first child */
  gsize          comments_joined;  /* g_once: the comments' texts are made */
  const gint    *stop;          /* not owned: see cq_game_set_stop_flag() */
} CqGamePrivate;

#define CQ_GAME_PRIVATE(game) ((CqGamePrivate *) (game)->priv_)

/* The unread parts of @game's movetext (see #CqSkippedText). */
const CqSkippedText *_cq_game_get_skipped (const CqGame *game, guint *n_skipped);

/* A tag pair of the common form `[Name "value"]` as the scanner found it
 * while cutting the input into games (_cq_simple_tag_pair()): the offset,
 * from the game's first byte, of the quote that closes its value (the
 * first two of the bytes quote, backslash, `]` and newline after its `[`
 * are quotes, the second, @close, followed by `]`).  The scanner hands out
 * the tag pairs that begin the game with nothing between them but one
 * byte (a newline, the game checks): the first at the game's first byte,
 * each next one at @close + 3 of the one before, so that the game need not
 * look for their values again (_cq_game_parse_tags()). */
typedef struct {
  guint32 close;
} CqTagSpan;

/* At most this many tag spans are kept per game; the tags after them are
 * read from the text. */
#define CQ_MAX_TAG_SPANS 48

/* The tag spans of the game the last cq_pgn_reader_next() returned (see
 * #CqTagSpan): *@n_spans of them, valid until the next call; none for a
 * game too large to keep. */
const CqTagSpan *_cq_pgn_reader_get_tag_spans (CqPgnReader *reader, guint *n_spans);

/* cq_game_new_from_text() with the tag spans the reader found in @text
 * (_cq_pgn_reader_get_tag_spans(), @n_spans of them; may be 0): the same
 * game, read faster.  The spans must be those of exactly this text.
 * @borrow: TRUE if @text outlives the game and text[@len] is NUL; the game
 * then keeps a text that is valid UTF-8 where it is rather than copying it
 * (cq_game_get_text() returns it).  @spare (nullable): the spare-block
 * slot of the game's arena (_cq_arena_init()); it must outlive the game,
 * which must be freed on a thread that may use the slot. */
CqGame *_cq_game_new_with_tag_spans (const char *text, gsize len, const CqGameSource *source,
                                     const char *filename, const CqTagSpan *spans,
                                     guint n_spans, gboolean borrow, CqArenaBlock **spare);

/* _cq_game_new_with_tag_spans() with @borrow, for a query that reads no
 * tag (cq_query_reads_only_tree()): of the tags the spans give, only the
 * set-up tags (FEN, Variant) are read, the others left out of game->tags;
 * the same problems are found and the same positions replayed.  Such a
 * game is for evaluating the query only (cq_game_is_partial()). */
CqGame *_cq_game_new_for_positions (const char *text, gsize len, const CqGameSource *source,
                                    const char *filename, const CqTagSpan *spans,
                                    guint n_spans, CqArenaBlock **spare);

/* For a game of _cq_game_new_for_positions() whose movetext was read
 * (cq_game_parse_mainline()) with no variation left out and no problem
 * found: reads its other tags from the same @spans, after which the game
 * is the one a whole reading makes (the same tree, tags and text) and
 * cq_game_is_partial() is FALSE.  A game that matched is so completed
 * instead of read again.  Returns FALSE, changing nothing, for any other
 * game: it must be read whole. */
gboolean _cq_game_complete_tags (CqGame *game, const CqTagSpan *spans, guint n_spans);

/* The first problem of @game found outside every variation (as
 * #CqGame.error says it, with its line and the byte where its "what"
 * begins in *@line and *@what), or NULL: what a search whose query reads
 * the main line only reports of a game it does not match, however the
 * game was read (docs/cql.md "Damaged and unusual games").  Owned by
 * @game. */
const char *_cq_game_get_mainline_error (const CqGame *game, guint64 *line, gsize *what);

/* Test hook: read the input in blocks of @block_size bytes (>= 1) instead
 * of 128 KiB, to exercise games that straddle block boundaries.  For a
 * reader over memory this switches to copying blocks as a file would.
 * Call before the first cq_pgn_reader_next(). */
void _cq_pgn_reader_set_block_size (CqPgnReader *reader, gsize block_size);

/* Where cq_pgn_find_game_start() sees a game begin, in the @len bytes at
 * @buf from @from: TRUE with *@found its index; else FALSE with *@found
 * where to look again once more bytes follow (@len at @eof).  @line_start:
 * whether @buf[0] begins a line (a zstd frame where a part of a search in
 * parts begins: taken as a file's start); else the lines that reach
 * @buf[0] are not known, and no game begins on them. */
gboolean _cq_pgn_game_start_in (const guchar *buf, gsize len, gsize from,
                                gboolean line_start, gboolean eof, gsize *found);

/* Hands out the next text: bytes put in @buf, 0 at the end, -1 with @error. */
typedef gssize (*CqPgnTextFunc) (gpointer data, guchar *buf, gsize len, GError **error);

/* Reads the text of @read ahead to its first game (_cq_pgn_game_start_in(),
 * the text's first byte taken as a line's start): *@first is the game's
 * offset in the text (the text's length if none begins) and *@held the
 * text read from there on (transfer full; NULL at the text's end), which
 * the caller hands out before reading on.  FALSE with @read's error. */
gboolean _cq_pgn_skip_to_game (CqPgnTextFunc read, gpointer data, GByteArray **held,
                               guint64 *first, GError **error);

/* The text of a zstd file from the frame at compressed byte @start on
 * (cq-pgn-zstd.c), for a search of the frames from @start to @end
 * (G_MAXUINT64: the file's end).  The open decompresses those frames once
 * to check them (a damaged one gives no text) and, when @start > 0, reads
 * ahead to the first game that begins in the text (_cq_pgn_game_start_in()
 * with the frame's start as a line start): *@first is its offset in the
 * text from @start (the text's length if none begins); reads hand out the
 * text from there, on past @end to the file's end.  @fd is not owned.
 * Errors: G_IO_ERROR_INVALID_DATA (damaged or truncated frames), a
 * G_FILE_ERROR (read error), G_IO_ERROR_NOT_SUPPORTED (no libzstd),
 * G_IO_ERROR_CANCELLED. */
typedef struct _CqZstdRange CqZstdRange;
CqZstdRange *_cq_zstd_range_open (int fd, const char *name, guint64 start, guint64 end,
                                  GCancellable *cancellable, guint64 *first, GError **error);
/* As cq_pgn_input_read(): bytes put in @buf, 0 at the file's end, -1. */
gssize       _cq_zstd_range_read (CqZstdRange *r, void *buf, gsize len, GError **error);
/* The text's offset (from @start) where @end is, once the text read has
 * reached it; G_MAXUINT64 before.  Every game at or after it is the next
 * part's. */
guint64      _cq_zstd_range_text_end (CqZstdRange *r);
/* Compressed bytes read so far (from the file's start). */
guint64      _cq_zstd_range_file_position (CqZstdRange *r);
void         _cq_zstd_range_free (CqZstdRange *r);

/* An input of the zstd file @path from the frame at @start on, as
 * _cq_zstd_range_open() reads it (cq_pgn_reader_new_for_frames()); its
 * range end as _cq_zstd_range_text_end() (G_MAXUINT64 for other inputs).
 * For a zip archive, from its `*.pgn` member @start on (indexes among
 * them), the text's offset where member @end begins its range end. */
CqPgnInput  *_cq_pgn_input_open_frames (const char *path, guint64 start, guint64 end,
                                        GCancellable *cancellable, guint64 *first,
                                        GError **error);
guint64      _cq_pgn_input_get_range_end (CqPgnInput *input);

/* Test hook: the size beyond which a game is an error (256 MiB). */
void _cq_pgn_reader_set_max_game_size (CqPgnReader *reader, gsize max_game_size);

G_END_DECLS
