/* cq-game.c: the game object: its text as UTF-8 (copied into its arena,
 * or the caller's where it may be kept), its accessors and nodes.  Its
 * tags are read in cq-game-tags.c, its movetext in cq-game-movetext.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <string.h>

#include "pgn/cq-game.h"
#include "pgn/cq-game-private.h"
#include "pgn/cq-message.h"
#include "pgn/cq-pgn-private.h"

/* ------------------------------------------------------------------ */
/* Errors                                                               */

/* Records the first problem of @game as "file:line: game N: what"
 * (rulings R13). */
void
_cq_game_error (CqGame *game, guint64 line, const char *fmt, ...)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);
  gboolean mainline = !priv->reading_variation && priv->mainline_error == NULL;
  g_autofree char *what = NULL;
  g_autofree char *clean = NULL;
  va_list args;

  if (game->error != NULL && !mainline)
    return;
  va_start (args, fmt);
  what = g_strdup_vprintf (fmt, args);
  va_end (args);
  /* The message may quote the game's text: control characters escaped,
   * long words cut (cq_message_clean()). */
  clean = cq_message_clean (what);
  if (mainline)
    {
      priv->mainline_error = cq_game_format_error (game->filename, line, game->source.number,
                                                   clean);
      priv->mainline_error_line = line;
      priv->mainline_error_what = strlen (priv->mainline_error) - strlen (clean);
    }
  if (game->error != NULL)
    return;
  game->error = cq_game_format_error (game->filename, line, game->source.number, clean);
  game->error_line = line;
  game->error_what = strlen (game->error) - strlen (clean);
}

const char *
_cq_game_get_mainline_error (const CqGame *game, guint64 *line, gsize *what)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);

  *line = priv->mainline_error_line;
  *what = priv->mainline_error_what;
  return priv->mainline_error;
}

char *
cq_game_format_error (const char *filename, guint64 line, guint64 number, const char *what)
{
  return g_strdup_printf ("%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": %s",
                          filename != NULL ? filename : "<input>", line, number, what);
}

/* ------------------------------------------------------------------ */
/* Text                                                                 */

/* The first byte of [@p, @end) from which the text is not UTF-8, or @end.
 * ASCII runs are skipped 16 bytes at a time and only the other characters
 * are checked (g_utf8_get_char_validated(), which accepts what
 * g_utf8_validate() does). */
static const char *
utf8_valid_end (const char *p, const char *end)
{
  for (p = _cq_skip_ascii (p, end); p < end; p = _cq_skip_ascii (p, end))
    {
      gunichar u;

      /* Two-byte characters (U+0080..U+07FF: the accents of Latin
       * alphabets, Cyrillic) are nearly all a file has: checked here. */
      if ((guchar) p[0] >= 0xC2 && (guchar) p[0] <= 0xDF && end - p >= 2
          && ((guchar) p[1] & 0xC0) == 0x80)
        {
          p += 2;
          continue;
        }
      u = g_utf8_get_char_validated (p, end - p);
      if (u == (gunichar) -1 || u == (gunichar) -2)
        break;
      p += g_utf8_skip[(guchar) *p];
    }
  return p;
}

/* Copies the @len bytes at @src to @dst while they are ASCII, 16 at a
 * time; returns how many bytes from the start are ASCII and copied (a
 * multiple of 16; 0 without SSE2).  Most games are ASCII throughout, and
 * most of the others up to a name: their copy and their UTF-8 check are
 * then one pass. */
static gsize
copy_ascii_prefix (char *dst, const char *src, gsize len)
{
  gsize i = 0;

#ifdef __SSE2__
  /* 32 bytes a test while they are ASCII, then 16 to find the block. */
  for (; len - i >= 32; i += 32)
    {
      __m128i a = _mm_loadu_si128 ((const __m128i *) (src + i));
      __m128i b = _mm_loadu_si128 ((const __m128i *) (src + i + 16));

      _mm_storeu_si128 ((__m128i *) (dst + i), a);
      _mm_storeu_si128 ((__m128i *) (dst + i + 16), b);
      if (_mm_movemask_epi8 (_mm_or_si128 (a, b)) != 0)
        break;
    }
  for (; len - i >= 16; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (src + i));

      _mm_storeu_si128 ((__m128i *) (dst + i), v);
      if (_mm_movemask_epi8 (v) != 0)
        break;
    }
#endif
  return i;
}

/* Copies @len bytes of @text into the arena as UTF-8, where the first
 * @valid of them are known to be UTF-8: valid UTF-8 is kept, every other
 * byte is read as ISO-8859-1 (Latin-1, as older databases are written). */
static char *
convert_from_latin1 (CqArena *arena, const char *text, gsize len, gsize valid, gsize *out_len)
{
  const char *p = text + valid, *end = text + len;
  char *out, *o;

  out = _cq_arena_alloc (arena, 2 * len + 1);
  memcpy (out, text, valid);
  o = out + valid;
  while (p < end)
    {
      const char *ascii_end = _cq_skip_ascii (p, end);
      guchar c;
      gunichar u;

      memcpy (o, p, ascii_end - p);
      o += ascii_end - p;
      p = ascii_end;
      if (p == end)
        break;
      c = *p;
      u = g_utf8_get_char_validated (p, end - p);
      if (u != (gunichar) -1 && u != (gunichar) -2)
        {
          int n = g_utf8_skip[c];

          memcpy (o, p, n);
          o += n;
          p += n;
          continue;
        }
      /* Latin-1 byte: U+0080..U+00FF in two bytes. */
      *o++ = 0xC0 | (c >> 6);
      *o++ = 0x80 | (c & 0x3F);
      p++;
    }
  *o = '\0';
  *out_len = o - out;
  return out;
}

/* Sets @priv's text (UTF-8, NUL-terminated) and its working copy from the
 * @len bytes at @text: valid UTF-8 is kept, every other byte is read as
 * ISO-8859-1, a leading BOM is dropped.  The working copy is made as the
 * text is checked (copy_ascii_prefix()).  With @borrow (@text outlives
 * the game and text[len] is NUL), a text that is valid UTF-8 is used where
 * it is: the working copy is its only copy. */
static void
set_text (CqGamePrivate *priv, const char *text, gsize len, gboolean borrow)
{
  gsize valid;
  char *work;

  if (len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      text += 3;
      len -= 3;
    }
  work = _cq_arena_alloc (&priv->arena, len + 1);
  valid = copy_ascii_prefix (work, text, len);
  memcpy (work + valid, text + valid, len - valid);
  work[len] = '\0';
  valid = utf8_valid_end (text + valid, text + len) - text;
  if (G_LIKELY (valid == len))
    {
      priv->text = borrow ? text : _cq_arena_strndup (&priv->arena, text, len);
      priv->text_len = len;
      priv->work = work;
      return;
    }
  /* Not UTF-8 from @valid on: converted, and the working copy made anew. */
  priv->text = convert_from_latin1 (&priv->arena, text, len, valid, &priv->text_len);
  priv->work = _cq_arena_alloc (&priv->arena, priv->text_len + 1);
  memcpy (priv->work, priv->text, priv->text_len + 1);
}

/* ------------------------------------------------------------------ */
/* Game                                                                 */

CqGame *
cq_game_new_from_text (const char *text, gsize len, const CqGameSource *source,
                       const char *filename)
{
  return _cq_game_new_with_tag_spans (text, len, source, filename, NULL, 0, FALSE, NULL);
}

/* _cq_game_new_with_tag_spans() and _cq_game_new_for_positions(). */
static CqGame *
new_game (const char *text, gsize len, const CqGameSource *source, const char *filename,
          const CqTagSpan *spans, guint n_spans, gboolean borrow, gboolean setup_only,
          CqArenaBlock **spare)
{
  CqArena arena;
  CqGame *game;
  CqGamePrivate *priv;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  /* The game itself lives in its arena (no malloc per game: the arena's
   * block is the one the thread's previous game freed).  One block for the
   * whole game in the usual case: a ply takes about 7 bytes of movetext
   * and one node (~280 bytes) plus its SAN. */
  _cq_arena_init (&arena, MIN (48 * (gsize) len + 4096, (gsize) 1 << 20), spare);
  game = _cq_arena_alloc0 (&arena, sizeof (CqGame) + sizeof (CqGamePrivate));
  priv = (CqGamePrivate *) (game + 1);
  priv->arena = arena;
  game->priv_ = priv;
  game->filename = filename;
  if (source)
    game->source = *source;
  else
    {
      game->source.number = 1;
      game->source.offset = 0;
      game->source.length = len;
      game->source.line = 1;
    }
  if (game->source.line == 0)
    game->source.line = 1;

  set_text (priv, text ? text : "", len, borrow && text != NULL);
  /* The spans count bytes of @text: of no use if the copy differs from
   * it (Latin-1 bytes made UTF-8 lengthen it; a game never begins with a
   * byte-order mark where it has spans: the first is at its `[`). */
  if (priv->text_len != len)
    n_spans = 0;
  _cq_game_parse_tags (game, spans, n_spans, setup_only);
  _cq_game_check_standard (game);
  if (game->source.too_large)
    {
      _cq_game_error (game, game->source.line, "the game is %" G_GUINT64_FORMAT " bytes long, "
                      "more than the %d MiB a game may have: skipped", game->source.length,
                      (int) (CQ_GAME_MAX_TEXT >> 20));
      game->skipped = TRUE;
    }
  return game;
}

CqGame *
_cq_game_new_with_tag_spans (const char *text, gsize len, const CqGameSource *source,
                             const char *filename, const CqTagSpan *spans, guint n_spans,
                             gboolean borrow, CqArenaBlock **spare)
{
  return new_game (text, len, source, filename, spans, n_spans, borrow, FALSE, spare);
}

CqGame *
_cq_game_new_for_positions (const char *text, gsize len, const CqGameSource *source,
                            const char *filename, const CqTagSpan *spans, guint n_spans,
                            CqArenaBlock **spare)
{
  return new_game (text, len, source, filename, spans, n_spans, TRUE, TRUE, spare);
}

void
cq_game_set_stop_flag (CqGame *game, const gint *stop)
{
  g_return_if_fail (game != NULL);
  CQ_GAME_PRIVATE (game)->stop = stop;
}

gboolean
cq_game_is_stopped (const CqGame *game)
{
  const gint *stop = CQ_GAME_PRIVATE (game)->stop;

  return stop != NULL && g_atomic_int_get (stop) != 0;
}

void
cq_game_free (CqGame *game)
{
  CqArena arena;

  if (game == NULL)
    return;
  /* The game is in its own arena: freed last, with it. */
  arena = CQ_GAME_PRIVATE (game)->arena;
  g_free (game->error);
  g_free (CQ_GAME_PRIVATE (game)->mainline_error);
  _cq_arena_clear (&arena);
}

const char *
cq_game_get_text (const CqGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return CQ_GAME_PRIVATE (game)->text;
}

CqNode *
cq_game_get_node (const CqGame *game, guint index)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (index >= game->n_nodes || CQ_GAME_PRIVATE (game)->nodes == NULL)
    return NULL;
  return CQ_GAME_PRIVATE (game)->nodes[index];
}

CqNode *
cq_game_mainline_end (const CqGame *game)
{
  CqNode *n;

  g_return_val_if_fail (game != NULL, NULL);

  n = game->root;
  if (n == NULL)
    return NULL;
  while (n->first_child)
    n = n->first_child;
  return n;
}

const CqSkippedText *
_cq_game_get_skipped (const CqGame *game, guint *n_skipped)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);

  *n_skipped = priv->n_skipped;
  return priv->skipped;
}

CqGame *
cq_game_new_parsed (const char *text, gsize len, const CqGameSource *source,
                    const char *filename)
{
  CqGame *game = cq_game_new_from_text (text, len, source, filename);

  cq_game_parse_moves (game);
  return game;
}
