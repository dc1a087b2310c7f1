/* cq-game-tags.c: a game's tag section read into its tags (rulings R1),
 * tag lookup, and the check that the tags describe standard chess.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-game.h"
#include "pgn/cq-game-private.h"
#include "pgn/cq-message.h"
#include "pgn/cq-pgn-private.h"

/* ------------------------------------------------------------------ */
/* Tags                                                                 */

/* Unescapes `\"` and `\\` of the @len bytes at @s into the arena.  With
 * @drop_trailing_backslash (a malformed value), a lone backslash at the end
 * is dropped and the value trimmed. */
static const char *
unescape_value (CqArena *arena, const char *s, gsize len, gboolean malformed)
{
  char *out = _cq_arena_alloc (arena, len + 1);
  char *o = out;

  for (gsize i = 0; i < len; i++)
    {
      if (s[i] == '\\' && i + 1 < len && (s[i + 1] == '"' || s[i + 1] == '\\'))
        i++;
      else if (s[i] == '\\' && i + 1 == len && malformed)
        break;
      *o++ = s[i];
    }
  if (malformed)
    {
      while (o > out && is_blank (o[-1]))
        o--;
    }
  *o = '\0';
  return out;
}

/* A summary of a tag name: its length and three of its bytes.  Equal
 * names have equal keys, so that looking a tag up compares keys and only
 * confirms a match with strcmp() (cq_game_get_tag() runs several times
 * per game). */
static inline guint32
tag_key (const char *name, gsize len)
{
  if (len == 0)
    return 0;
  return (guint32) MIN (len, 255) | (guint32) (guchar) name[0] << 8
         | (guint32) (guchar) name[len / 2] << 16 | (guint32) (guchar) name[len - 1] << 24;
}

/* The tags read so far; @fen and @variant are the values of the first
 * `FEN` and `Variant` tags (or NULL), noted as the tags are read so that
 * the setup of a game needs no second look at its tags.  @text is the
 * game's text and @work its working copy (CqGamePrivate.work), where the
 * names and values of the common tags are NUL-terminated in place. */
typedef struct {
  CqTag      *tags;
  guint64    *lines;
  guint32    *keys;
  guint       n;
  guint       cap;
  const char *fen;
  const char *variant;
  guint64     fen_line, variant_line;
  const char *text;
  char       *work;
} TagList;

/* Makes room in @list for @n more tags (its arrays double from 16). */
static void
tag_list_reserve (CqArena *arena, TagList *list, guint n)
{
  guint cap = list->cap ? list->cap : 16;
  CqTag *tags;
  guint64 *lines;
  guint32 *keys;

  while (cap - list->n < n)
    cap *= 2;
  if (cap == list->cap)
    return;
  /* One block for the three arrays (the arena aligns it to 8 bytes; the
   * sizes of CqTag and guint64 keep the next ones aligned). */
  tags = _cq_arena_alloc (arena, cap * (sizeof (CqTag) + sizeof (guint64) + sizeof (guint32)));
  lines = (guint64 *) (tags + cap);
  keys = (guint32 *) (lines + cap);
  if (list->n)
    {
      memcpy (tags, list->tags, list->n * sizeof (CqTag));
      memcpy (lines, list->lines, list->n * sizeof (guint64));
      memcpy (keys, list->keys, list->n * sizeof (guint32));
    }
  list->tags = tags;
  list->lines = lines;
  list->keys = keys;
  list->cap = cap;
}

/* Keeps in @list the value and line of the first FEN or Variant tag:
 * @name with its tag_key() @key, its @value and its @line. */
G_ALWAYS_INLINE static inline void
note_setup_tag (TagList *list, const char *name, guint32 key, const char *value, guint64 line)
{
  if (G_UNLIKELY (key == tag_key ("FEN", 3)) && list->fen == NULL
      && memcmp (name, "FEN", 3) == 0)
    {
      list->fen = value;
      list->fen_line = line;
    }
  else if (G_UNLIKELY (key == tag_key ("Variant", 7)) && list->variant == NULL
           && memcmp (name, "Variant", 7) == 0)
    {
      list->variant = value;
      list->variant_line = line;
    }
}

/* Appends the tag @name (NUL-terminated, @name_len bytes) = @value; both
 * stay where they are (in the arena or the working copy). */
static inline void
tag_list_add (CqArena *arena, TagList *list, const char *name, gsize name_len,
              const char *value, guint64 line)
{
  guint32 key;

  if (G_UNLIKELY (list->n == list->cap))
    tag_list_reserve (arena, list, 1);
  key = tag_key (name, name_len);
  list->tags[list->n].name = name;
  list->tags[list->n].value = value;
  list->lines[list->n] = line;
  list->keys[list->n] = key;
  list->n++;
  note_setup_tag (list, name, key, value, line);
}

/* The bytes that end a tag name: space and control characters, DEL,
 * quote and brackets. */
static const guint8 tag_name_stop[256] = {
  [0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
  [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1,
  [0x0E] = 1, [0x0F] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1,
  [0x15] = 1, [0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1,
  [0x1C] = 1, [0x1D] = 1, [0x1E] = 1, [0x1F] = 1, [' '] = 1, [0x7F] = 1,
  ['"'] = 1, [']'] = 1, ['['] = 1,
};

/* The first byte of tag_name_stop from @q (the text is NUL-terminated at
 * @end, and NUL is such a byte).  Names are short: one 16-byte compare
 * where the text goes on that far. */
static inline const char *
name_end (const char *q, const char *end)
{
#ifdef __SSE2__
  if (end - q >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) q);
      __m128i m = _mm_or_si128 (
        _mm_or_si128 (_mm_cmpeq_epi8 (_mm_min_epu8 (v, _mm_set1_epi8 (0x20)), v),
                      _mm_cmpeq_epi8 (v, _mm_set1_epi8 (0x7F))),
        _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('"')),
                      _mm_or_si128 (_mm_cmpeq_epi8 (v, _mm_set1_epi8 ('[')),
                                    _mm_cmpeq_epi8 (v, _mm_set1_epi8 (']')))));
      unsigned bits = (unsigned) _mm_movemask_epi8 (m);

      if (bits != 0)
        return q + __builtin_ctz (bits);
      q += 16;
    }
#endif
  while (!tag_name_stop[(guchar) *q])
    q++;
  return q;
}

/* The two bytes at @p as one number, to test them with one compare. */
G_ALWAYS_INLINE static inline guint16
byte_pair (const char *p)
{
  guint16 v;

  memcpy (&v, p, 2);
  return v;
}

/* What parse_tag() found wrong with a tag pair, for a message. */
typedef enum {
  TAG_OK,
  TAG_BAD_NAME,   /* a control character in the name */
  TAG_CUT,        /* the text ends inside it */
} TagProblem;

/* Reads the tag pair at the `[` at @p; a tag pair never spans lines.
 * Returns the position after it; sets @problem. */
static const char *
parse_tag (CqArena *arena, TagList *list, const char *p, const char *end, guint64 line,
           TagProblem *problem)
{
  const char *eol;
  const char *q = p + 1, *name;
  const char *value = NULL;
  const char *after;
  gsize name_len;

  /* The form of nearly every tag, `[Name "value"]` with nothing to
   * unescape, read in one pass (the text is NUL-terminated: the name
   * stops there); the general rules below give the same tag for it. */
  name = q;
  q = name_end (q, end);
  if (q > name && q[0] == ' ' && q[1] == '"')
    {
      const char *v = q + 2;
      const char *s = (const char *) _cq_find_any3 ((const guchar *) v, (const guchar *) end,
                                                    '"', '\\', '\n');

      if (s + 1 < end && s[0] == '"' && s[1] == ']')
        {
          /* Name and value are NUL-terminated where they are in the
           * working copy: the space after the name, the closing quote. */
          char *w = list->work - (list->text - name);

          w[q - name] = '\0';
          w[s - name] = '\0';
          *problem = TAG_OK;
          tag_list_add (arena, list, w, q - name, w + (v - name), line);
          return s + 2;
        }
    }
  q = p + 1;
  eol = memchr (p, '\n', end - p);
  if (eol == NULL)
    eol = end;
  while (q < eol && is_blank (*q))
    q++;
  /* A tag name has no space, control character, quote or bracket. */
  name = q;
  while (q < eol && !tag_name_stop[(guchar) *q])
    q++;
  name_len = q - name;
  *problem = TAG_OK;
  if (q < eol && (guchar) *q < 0x20 && !is_blank (*q))
    *problem = TAG_BAD_NAME;
  else if (eol == end && memchr (p, ']', eol - p) == NULL)
    *problem = TAG_CUT;
  while (q < eol && is_blank (*q))
    q++;

  if (q < eol && *q == '"')
    {
      const char *open = q, *s = q + 1;
      gboolean closed = FALSE, escaped = FALSE;

      /* The standard form: a string with \" and \\ escapes, then `]`. */
      while (s < eol)
        {
          /* Scanned up to @end, not @eol, so that the scan runs 16 bytes
           * at a time to the value's end: the line ends at its newline. */
          s = (const char *) _cq_find_any3 ((const guchar *) s, (const guchar *) end,
                                            '"', '\\', '\n');
          if (s >= eol)
            {
              s = eol;
              break;
            }
          if (*s == '"')
            {
              closed = TRUE;
              break;
            }
          if (s + 1 < eol && (s[1] == '"' || s[1] == '\\'))
            {
              s += 2;
              escaped = TRUE;
            }
          else
            s++;
        }
      after = NULL;
      if (closed)
        {
          const char *r = s + 1;
          while (r < eol && is_blank (*r))
            r++;
          if (r == eol || *r == ']')
            {
              /* Most values have nothing to unescape: a plain copy. */
              value = escaped ? unescape_value (arena, open + 1, s - open - 1, FALSE)
                              : _cq_arena_strndup (arena, open + 1, s - open - 1);
              after = r < eol ? r + 1 : eol;
            }
        }
      if (after == NULL)
        {
          /* Malformed, e.g. [White ""Socrates Expert""] or a value that
           * ends in a backslash: the value runs to the first quote that is
           * followed by `]` and then the end of the line or another tag. */
          for (s = open + 1; s < eol; s++)
            {
              const char *r;

              if (*s != '"')
                continue;
              r = s + 1;
              while (r < eol && is_blank (*r))
                r++;
              if (r == eol || *r != ']')
                continue;
              r++;
              while (r < eol && is_blank (*r))
                r++;
              if (r == eol || *r == '[')
                {
                  value = unescape_value (arena, open + 1, s - open - 1, TRUE);
                  after = r;
                  break;
                }
            }
          if (after == NULL)
            {
              const char *e = eol;
              while (e > open + 1 && (is_blank (e[-1]) || e[-1] == ']' || e[-1] == '"'))
                e--;
              value = unescape_value (arena, open + 1, e - open - 1, TRUE);
              after = eol;
            }
        }
    }
  else
    {
      /* An unquoted value: up to `]`. */
      const char *v = q;
      const char *e;

      while (q < eol && *q != ']')
        q++;
      e = q;
      while (e > v && is_blank (e[-1]))
        e--;
      value = _cq_arena_strndup (arena, v, e - v);
      after = q < eol ? q + 1 : eol;
    }

  if (name_len > 0)
    tag_list_add (arena, list, _cq_arena_strndup (arena, name, name_len), name_len, value, line);
  return after;
}

void
_cq_game_parse_tags (CqGame *game, const CqTagSpan *spans, guint n_spans, gboolean setup_only)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);
  const char *text = priv->text;
  const char *p = text, *end = text + priv->text_len;
  guint64 line = game->source.line;
  TagList list = { .text = text, .work = priv->work };
  gboolean line_start = TRUE;

  /* The tag pairs the reader's scanner found, one a line from the game's
   * first byte (#CqTagSpan).  The name is read by the rule of the fast
   * path of parse_tag(); when it is followed by ` "`, that quote is the
   * first quote, backslash, `]` or newline after the `[` (none can be in
   * a name but a backslash, and then the scanner keeps no span), so the
   * value runs to the span's closing quote, followed by `]`: what that
   * fast path searches for.  A tag whose name does not pass ends the
   * spans' use, and the loop below reads it and the rest as always, from
   * the same place and line: every tag comes out as it would without. */
  if (n_spans > 0 && text[0] == '[')
    {
      /* The list's arrays and count in locals: the NUL bytes written into
       * the working copy could otherwise be the list's fields, to be read
       * again after each one. */
      CqTag *tags;
      guint64 *lines;
      guint32 *keys;
      guint n = 0;
      gsize text_len = end - text;
      const char *name = text + 1;
      guint64 first_line = line;

      if (!setup_only)
        tag_list_reserve (&priv->arena, &list, n_spans);
      tags = list.tags;
      lines = list.lines;
      keys = list.keys;
      for (;;)
        {
          const char *q;
          gsize close = spans[n].close, name_len;
          guint32 key;
          char *w;

          /* The span must fit this text as the scanner saw it: a `[`
           * before the name (tested before), the closing quote and `]`
           * where it says, the name followed by ` "` (byte tests, so that
           * a span of another text can never misread a tag). */
          if (close + 1 >= text_len || byte_pair (text + close) != byte_pair ("\"]"))
            break;
          q = name_end (name, end);
          if (q == name || byte_pair (q) != byte_pair (" \""))
            break;
          name_len = q - name;
          /* NUL-terminated where they are in the working copy, as
           * parse_tag() does: the space after the name, the closing
           * quote.  Appended as tag_list_add() does; the spans are one a
           * line.  For the set-up tags only, nothing else is kept (their
           * names begin with F and V). */
          w = list.work + (name - text);
          if (!setup_only)
            {
              key = tag_key (name, name_len);
              w[name_len] = '\0';
              list.work[close] = '\0';
              tags[n].name = w;
              tags[n].value = w + name_len + 2;
              lines[n] = first_line + n;
              keys[n] = key;
              note_setup_tag (&list, name, key, w + name_len + 2, first_line + n);
            }
          else if (G_UNLIKELY (name[0] == 'F' || name[0] == 'V'))
            {
              key = tag_key (name, name_len);
              if (key == tag_key ("FEN", 3) || key == tag_key ("Variant", 7))
                list.work[close] = '\0';
              note_setup_tag (&list, name, key, w + name_len + 2, first_line + n);
            }
          n++;
          p = text + close + 2;
          line_start = FALSE;
          /* The next span is at the `[` after this one's `]` and a
           * newline (the text is NUL-terminated: p[1] is readable when
           * p[0] is a newline). */
          if (n == n_spans || p[0] != '\n' || p[1] != '[')
            break;
          name = p + 2;
        }
      if (n > 0)
        line = first_line + n - 1;
      list.n = setup_only ? 0 : n;
    }

  for (;;)
    {
      /* Nearly every tag pair is on the line after the previous one: read
       * it at once (the loop below would come to the same `[`). */
      if (end - p >= 2 && p[0] == '\n' && p[1] == '[')
        {
          line++;
          p++;
          line_start = FALSE;
          goto tag_pair;
        }
      while (p < end)
        {
          if (line_start && *p == '%')
            {
              const char *nl = memchr (p, '\n', end - p);
              p = nl ? nl : end;
              continue;
            }
          line_start = FALSE;
          if (*p == '\n')
            {
              line++;
              p++;
              line_start = TRUE;
              continue;
            }
          if (is_blank (*p))
            {
              p++;
              continue;
            }
          break;
        }
      if (p < end && (*p == ';' || *p == '$'))
        {
          /* A `;` comment line (some programs write them) or a NAG line
           * between two tags: skipped, the tag section goes on; a NAG
           * there is reported. */
          const char *nl = memchr (p, '\n', end - p);
          const char *next = nl ? nl + 1 : end;

          while (next < end && is_blank (*next))
            next++;
          if (nl != NULL && next < end && *next == '[')
            {
              if (*p == '$')
                {
                  g_autofree char *shown = cq_message_clean_len (p, nl - p);

                  _cq_game_error (game, line, "%s between the tags: skipped", shown);
                }
              p = nl;
              continue;
            }
        }
      if (p == end || *p != '[')
        break;
    tag_pair:
      {
        const char *start = p;
        TagProblem problem;

        p = parse_tag (&priv->arena, &list, p, end, line, &problem);
        if (problem != TAG_OK)
          {
            g_autofree char *shown = cq_message_clean_len (start, p - start);

            if (problem == TAG_BAD_NAME)
              _cq_game_error (game, line, "a control character in the tag name of %s", shown);
            else
              _cq_game_error (game, line, "the tag %s is cut off by the end of the file", shown);
          }
      }
    }

  game->tags = list.tags;
  game->n_tags = list.n;
  priv->tag_lines = list.lines;
  priv->tag_keys = list.keys;
  priv->fen = list.fen;
  priv->variant = list.variant;
  priv->fen_line = list.fen_line;
  priv->variant_line = list.variant_line;
  priv->tags_unread = setup_only;
  priv->movetext_offset = p - text;
  priv->movetext_line = line;
}

gboolean
_cq_game_complete_tags (CqGame *game, const CqTagSpan *spans, guint n_spans)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);

  /* A problem may have left text unread that a whole reading keeps for
   * the writer, and a variation passed over is not in the tree: only a
   * clean game whose tags alone are missing is completed. */
  if (!priv->tags_unread || !priv->parsed || priv->variations_unread
      || game->error != NULL || game->skipped)
    return FALSE;
  _cq_game_parse_tags (game, spans, n_spans, FALSE);
  return TRUE;
}

const char *
cq_game_get_tag (const CqGame *game, const char *name)
{
  const guint32 *keys;
  guint32 key;

  g_return_val_if_fail (game != NULL && name != NULL, NULL);

  keys = CQ_GAME_PRIVATE (game)->tag_keys;
  key = tag_key (name, strlen (name));
  for (guint i = 0; i < game->n_tags; i++)
    if (keys[i] == key && strcmp (game->tags[i].name, name) == 0)
      return game->tags[i].value;
  return NULL;
}

const char *const cq_tag_roster[CQ_TAG_ROSTER_SIZE] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result"
};

/* The roster's names by tag_key(): a name's key is compared first, as
 * cq_game_get_tag() does, and the name itself only when the key is one
 * of the roster's ("Round" and "Result", "Event" and "EventDate" share
 * their first letter; no two roster names share a key). */
static inline int
roster_index_by_key (const char *name, guint32 key)
{
  static const guint8 lengths[CQ_TAG_ROSTER_SIZE] = { 5, 4, 4, 5, 5, 5, 6 };

  for (guint r = 0; r < CQ_TAG_ROSTER_SIZE; r++)
    if (key == tag_key (cq_tag_roster[r], lengths[r]) && strcmp (name, cq_tag_roster[r]) == 0)
      return (int) r;
  return -1;
}

int
cq_tag_roster_index (const char *name)
{
  g_return_val_if_fail (name != NULL, -1);

  return roster_index_by_key (name, tag_key (name, strlen (name)));
}

void
cq_game_get_roster (const CqGame *game, const char **values)
{
  const guint32 *keys;

  g_return_if_fail (game != NULL && values != NULL);

  keys = CQ_GAME_PRIVATE (game)->tag_keys;
  for (guint r = 0; r < CQ_TAG_ROSTER_SIZE; r++)
    values[r] = NULL;
  for (guint i = 0; i < game->n_tags; i++)
    {
      int r = roster_index_by_key (game->tags[i].name, keys[i]);

      if (r >= 0 && values[r] == NULL)
        values[r] = game->tags[i].value;
    }
}

static gboolean
is_standard_variant (const char *v)
{
  return v[0] == '\0' || g_ascii_strcasecmp (v, "standard") == 0
         || g_ascii_strcasecmp (v, "from position") == 0
         || g_ascii_strcasecmp (v, "normal") == 0
         || g_ascii_strcasecmp (v, "chess") == 0;
}

/* The castling field (third field) of @fen, in @buf. */
static void
fen_castling_field (const char *fen, char *buf, gsize size)
{
  const char *p = fen;
  gsize n = 0;

  while (*p == ' ' || *p == '\t')
    p++;
  p += strcspn (p, " \t");   /* the piece placement is long: not byte by byte */
  while (*p == ' ' || *p == '\t')
    p++;
  while (*p != '\0' && *p != ' ' && *p != '\t')   /* the side to move: a letter */
    p++;
  while (*p == ' ' || *p == '\t')
    p++;
  while (*p && *p != ' ' && *p != '\t' && n + 1 < size)
    buf[n++] = *p++;
  buf[n] = '\0';
}

/* TRUE if the castling field is Chess960's Shredder-FEN form (files such
 * as HAha).  X-FEN `KQkq` is read as standard: rights that do not fit the
 * position are dropped by the chess core, since real databases are full of
 * stale rights (a castled king with its `q` kept); a Chess960 game carries
 * its `Variant` tag. */
static gboolean
castling_is_chess960 (const char *field)
{
  for (const char *c = field; *c; c++)
    if ((*c >= 'A' && *c <= 'H') || (*c >= 'a' && *c <= 'h'))
      return TRUE;
  return FALSE;
}

/* TRUE if @fen is a Chess960 start position other than the standard one
 * ("nrbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBNR") with X-FEN rights in
 * @castling: such a game would castle by Chess960 rules, so it is skipped
 * rather than misread. */
static gboolean
fen_is_chess960_start (const char *fen, const char *castling)
{
  char back[9], upper[9];
  const char *c = castling;

  /* No right K, Q, k or q (the field is most often `-`). */
  while (*c != '\0' && *c != 'K' && *c != 'Q' && *c != 'k' && *c != 'q')
    c++;
  if (*c == '\0')
    return FALSE;
  while (*fen == ' ' || *fen == '\t')
    fen++;
  for (int i = 0; i < 8; i++)
    {
      if (strchr ("rnbqk", fen[i]) == NULL || fen[i] == '\0')
        return FALSE;
      back[i] = fen[i];
      upper[i] = g_ascii_toupper (fen[i]);
    }
  back[8] = upper[8] = '\0';
  if (strncmp (fen + 8, "/pppppppp/8/8/8/8/PPPPPPPP/", 27) != 0
      || strncmp (fen + 35, upper, 8) != 0 || (fen[43] != ' ' && fen[43] != '\t')
      || strcmp (back, "rnbqkbnr") == 0)
    return FALSE;
  return TRUE;
}

/* Marks @game skipped if its tags say it is not standard chess: a
 * `Variant` tag other than standard, or a Chess960 castling field in the
 * FEN (rulings R13: reported, never examined). */
void
_cq_game_check_standard (CqGame *game)
{
  const char *fen = CQ_GAME_PRIVATE (game)->fen;
  const char *variant = CQ_GAME_PRIVATE (game)->variant;

  if (variant && !is_standard_variant (variant))
    {
      game->skipped = TRUE;
      _cq_game_error (game, CQ_GAME_PRIVATE (game)->variant_line, "skipped: variant %s", variant);
    }
  else if (fen)
    {
      char castling[16];

      fen_castling_field (fen, castling, sizeof castling);
      if (castling_is_chess960 (castling) || fen_is_chess960_start (fen, castling))
        {
          game->skipped = TRUE;
          _cq_game_error (game, CQ_GAME_PRIVATE (game)->fen_line,
                          "skipped: variant Chess960 (castling field '%s' in the FEN)", castling);
        }
    }
}
