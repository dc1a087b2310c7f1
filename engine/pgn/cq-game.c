/* cq-game.c: a game's tags, and its movetext read and replayed into a tree
 * of positions (rulings R1).
 *
 * Why one long file: the tag reader, the movetext tokenizer, the SAN
 * replay into nodes, comments and variations share the game's arena and
 * the parser state, and the movetext reader is the hottest path of a
 * search after the evaluator (its tokenizer and make-move are inlined).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <string.h>

#include "pgn/cq-game.h"
#include "pgn/cq-message.h"
#include "pgn/cq-pgn-private.h"

/* Deeper nesting of variations is an error (real studies stay below 20);
 * the bound keeps the writer's recursion shallow on hostile input. */
#define MAX_VARIATION_DEPTH 200

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline gboolean
is_space (char c)
{
  return is_blank (c) || c == '\n';
}

/* ------------------------------------------------------------------ */
/* Errors                                                               */

static void game_error (CqGame *game, guint64 line, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

/* Records the first problem of @game as "file:line: game N: what"
 * (rulings R13). */
static void
game_error (CqGame *game, guint64 line, const char *fmt, ...)
{
  g_autofree char *what = NULL;
  g_autofree char *clean = NULL;
  va_list args;

  if (game->error != NULL)
    return;
  va_start (args, fmt);
  what = g_strdup_vprintf (fmt, args);
  va_end (args);
  /* The message may quote the game's text: control characters escaped,
   * long words cut (cq_message_clean()). */
  clean = cq_message_clean (what);
  game->error = cq_game_format_error (game->filename, line, game->source.number, clean);
  game->error_line = line;
  game->error_what = strlen (game->error) - strlen (clean);
}

char *
cq_game_format_error (const char *filename, guint64 line, guint64 number, const char *what)
{
  return g_strdup_printf ("%s:%" G_GUINT64_FORMAT ": game %" G_GUINT64_FORMAT ": %s",
                          filename != NULL ? filename : "<input>", line, number, what);
}

/* ------------------------------------------------------------------ */
/* Text                                                                 */

/* Copies @len bytes of @text into the arena as UTF-8: valid UTF-8 is kept,
 * every other byte is read as ISO-8859-1 (Latin-1, as older databases are
 * written).  Drops a leading BOM.  One pass over the text: ASCII runs are
 * skipped 16 bytes at a time and only the other characters are checked
 * (g_utf8_get_char_validated(), which accepts what g_utf8_validate() does);
 * the text is converted from the first byte that is not UTF-8. */
static char *
copy_as_utf8 (CqArena *arena, const char *text, gsize len, gsize *out_len)
{
  const char *end, *p;
  char *out, *o;

  if (len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    {
      text += 3;
      len -= 3;
    }
  end = text + len;
  for (p = _cq_skip_ascii (text, end); p < end; p = _cq_skip_ascii (p, end))
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
  if (p == end)
    {
      *out_len = len;
      return _cq_arena_strndup (arena, text, len);
    }

  /* Not UTF-8 from @p on: the part before is copied as it is. */
  out = _cq_arena_alloc (arena, 2 * len + 1);
  memcpy (out, text, p - text);
  o = out + (p - text);
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

/* Writes the @len bytes at @s to @out with runs of whitespace (and NUL
 * bytes) collapsed to one space and the ends trimmed; with @sanitize,
 * braces become parentheses so that the text can stand inside a `{}`
 * comment.  @out has room for @len bytes.  Returns the end of what it
 * wrote (@out itself if nothing is left). */
static char *
normalize_into (char *out, const char *s, gsize len, gboolean sanitize)
{
  char *o = out;
  gboolean space = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = s[i];

      if (is_space (c) || c == '\0')
        {
          space = o != out;
          continue;
        }
      if (space)
        *o++ = ' ';
      space = FALSE;
      if (sanitize && c == '{')
        c = '(';
      else if (sanitize && c == '}')
        c = ')';
      *o++ = c;
    }
  return o;
}

/* A copy of @s normalised as by normalize_into(), or NULL if nothing is
 * left. */
static const char *
normalize_text (CqArena *arena, const char *s, gsize len, gboolean sanitize)
{
  char *out = _cq_arena_alloc (arena, len + 1);
  char *o = normalize_into (out, s, len, sanitize);

  *o = '\0';
  return o == out ? NULL : out;
}

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
  const char *text;
  char       *work;
} TagList;

/* Appends the tag @name (NUL-terminated, @name_len bytes) = @value; both
 * stay where they are (in the arena or the working copy). */
static inline void
tag_list_add (CqArena *arena, TagList *list, const char *name, gsize name_len,
              const char *value, guint64 line)
{
  guint32 key;

  if (G_UNLIKELY (list->n == list->cap))
    {
      guint cap = list->cap ? list->cap * 2 : 16;
      CqTag *tags = _cq_arena_alloc (arena, cap * sizeof (CqTag));
      guint64 *lines = _cq_arena_alloc (arena, cap * sizeof (guint64));
      guint32 *keys = _cq_arena_alloc (arena, cap * sizeof (guint32));

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
  key = tag_key (name, name_len);
  list->tags[list->n].name = name;
  list->tags[list->n].value = value;
  list->lines[list->n] = line;
  list->keys[list->n] = key;
  list->n++;
  if (G_UNLIKELY (key == tag_key ("FEN", 3)) && list->fen == NULL
      && memcmp (name, "FEN", 3) == 0)
    list->fen = value;
  else if (G_UNLIKELY (key == tag_key ("Variant", 7)) && list->variant == NULL
           && memcmp (name, "Variant", 7) == 0)
    list->variant = value;
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
  while (!tag_name_stop[(guchar) *q])
    q++;
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

static void
parse_tags (CqGame *game)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);
  const char *text = priv->text;
  const char *p = text, *end = text + priv->text_len;
  guint64 line = game->source.line;
  TagList list = { .text = text, .work = priv->work };
  gboolean line_start = TRUE;

  for (;;)
    {
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

                  game_error (game, line, "%s between the tags: skipped", shown);
                }
              p = nl;
              continue;
            }
        }
      if (p == end || *p != '[')
        break;
      {
        const char *start = p;
        TagProblem problem;

        p = parse_tag (&priv->arena, &list, p, end, line, &problem);
        if (problem != TAG_OK)
          {
            g_autofree char *shown = cq_message_clean_len (start, p - start);

            if (problem == TAG_BAD_NAME)
              game_error (game, line, "a control character in the tag name of %s", shown);
            else
              game_error (game, line, "the tag %s is cut off by the end of the file", shown);
          }
      }
    }

  game->tags = list.tags;
  game->n_tags = list.n;
  priv->tag_lines = list.lines;
  priv->tag_keys = list.keys;
  priv->fen = list.fen;
  priv->variant = list.variant;
  priv->movetext_offset = p - text;
  priv->movetext_line = line;
}

/* ------------------------------------------------------------------ */
/* Game                                                                 */

static void check_standard (CqGame *game);

CqGame *
cq_game_new_from_text (const char *text, gsize len, const CqGameSource *source,
                       const char *filename)
{
  CqArena arena;
  CqGame *game;
  CqGamePrivate *priv;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  /* The game itself lives in its arena (no malloc per game: the arena's
   * block is the one the thread's previous game freed).  One block for the
   * whole game in the usual case: a ply takes about 7 bytes of movetext
   * and one node (~280 bytes) plus its SAN. */
  _cq_arena_init (&arena, MIN (48 * (gsize) len + 4096, (gsize) 1 << 20));
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

  priv->text = copy_as_utf8 (&priv->arena, text ? text : "", len, &priv->text_len);
  priv->work = _cq_arena_alloc (&priv->arena, priv->text_len + 1);
  memcpy (priv->work, priv->text, priv->text_len + 1);
  parse_tags (game);
  check_standard (game);
  if (game->source.too_large)
    {
      game_error (game, game->source.line, "the game is %" G_GUINT64_FORMAT " bytes long, more "
                  "than the %d MiB a game may have: skipped", game->source.length,
                  (int) (CQ_GAME_MAX_TEXT >> 20));
      game->skipped = TRUE;
    }
  return game;
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
  _cq_arena_clear (&arena);
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

const char *
cq_game_get_text (const CqGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return CQ_GAME_PRIVATE (game)->text;
}

static guint64
tag_line (const CqGame *game, const char *name)
{
  for (guint i = 0; i < game->n_tags; i++)
    if (strcmp (game->tags[i].name, name) == 0)
      return CQ_GAME_PRIVATE (game)->tag_lines[i];
  return game->source.line;
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

/* ------------------------------------------------------------------ */
/* Movetext                                                             */

/* Bytes that end a movetext token: whitespace, NUL and { } ( ) ; [ ] $ ". */
static const guint8 token_delim[256] = {
  [0] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
  ['{'] = 1, ['}'] = 1, ['('] = 1, [')'] = 1, [';'] = 1, ['['] = 1, [']'] = 1,
  ['$'] = 1, ['"'] = 1,
};

static inline gboolean
is_token_delim (char c)
{
  return token_delim[(guchar) c];
}

/* Byte classes of the token fast path (fast_token()): 0 for a byte of a
 * plain move or move number, TOKEN_END for a token delimiter (exactly the
 * bytes of token_delim), TOKEN_GENERAL for the bytes that only the general
 * rules of handle_token() read: `.` (outside a move number), the
 * annotation suffixes `!` `?`, and the result `*`. */
#define TOKEN_END     1
#define TOKEN_GENERAL 2
static const guint8 token_class[256] = {
  [0] = TOKEN_END, [' '] = TOKEN_END, ['\t'] = TOKEN_END, ['\n'] = TOKEN_END,
  ['\r'] = TOKEN_END, ['\v'] = TOKEN_END, ['\f'] = TOKEN_END,
  ['{'] = TOKEN_END, ['}'] = TOKEN_END, ['('] = TOKEN_END, [')'] = TOKEN_END,
  [';'] = TOKEN_END, ['['] = TOKEN_END, [']'] = TOKEN_END, ['$'] = TOKEN_END,
  ['"'] = TOKEN_END,
  ['.'] = TOKEN_GENERAL, ['!'] = TOKEN_GENERAL, ['?'] = TOKEN_GENERAL, ['*'] = TOKEN_GENERAL,
};

static void
add_skipped (CqGame *game, const CqNode *node, const char *text, gsize len)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);
  const char *t = normalize_text (&priv->arena, text, len, TRUE);

  if (t == NULL)
    return;
  if (priv->n_skipped == priv->skipped_cap)
    {
      guint cap = priv->skipped_cap ? priv->skipped_cap * 2 : 4;
      CqSkippedText *s = _cq_arena_alloc (&priv->arena, cap * sizeof *s);

      if (priv->n_skipped)
        memcpy (s, priv->skipped, priv->n_skipped * sizeof *s);
      priv->skipped = s;
      priv->skipped_cap = cap;
    }
  priv->skipped[priv->n_skipped].node = node;
  priv->skipped[priv->n_skipped].text = t;
  priv->n_skipped++;
}

/* The game termination marker @tok names, or NULL.  `1/2` is accepted for
 * `1/2-1/2`. */
static const char *
result_token (const char *tok, gsize len)
{
  if (len == 1 && tok[0] == '*')
    return "*";
  if (len == 3 && memcmp (tok, "1-0", 3) == 0)
    return "1-0";
  if (len == 3 && memcmp (tok, "0-1", 3) == 0)
    return "0-1";
  if ((len == 7 && memcmp (tok, "1/2-1/2", 7) == 0) || (len == 3 && memcmp (tok, "1/2", 3) == 0))
    return "1/2-1/2";
  return NULL;
}

/* NAG of an annotation suffix: ! ? !! ?? !? ?! -> 1..6; 0 if @len is 0;
 * -1 if not one of these. */
static int
suffix_nag (const char *s, gsize len)
{
  if (len == 0)
    return 0;
  if (len == 1)
    return s[0] == '!' ? 1 : 2;
  if (len == 2)
    {
      if (s[0] == '!' && s[1] == '!')
        return 3;
      if (s[0] == '?' && s[1] == '?')
        return 4;
      if (s[0] == '!' && s[1] == '?')
        return 5;
      return 6;
    }
  return -1;
}

/* One line of play being read: the mainline or an open variation. */
typedef struct {
  CqNode     *last;       /* the position the next move is played from */
  CqComments *pending;    /* comments waiting for the next move */
  const char *skip_from;  /* start of the unread part of a broken line */
  guint64     open_line;  /* line of the `(` */
  guint8      broken;     /* an error ended this line: skip to its end */
  guint8      after_var;  /* a variation closed since the last move */
  guint8      has_move;   /* a move was played in this line */
  /* The last variation opened from this line appended @sibling as a child
   * of @sibling_parent (see add_child()). */
  CqNode     *sibling_parent;
  CqNode     *sibling;
} Line;

typedef struct {
  CqGame  *game;
  CqArena *arena;
  Line     lines[MAX_VARIATION_DEPTH + 1];
  guint    n_lines;
  guint    skip_depth;    /* parentheses opened inside a broken line */
  gboolean ended;         /* the mainline's result was read */
  const char *number;     /* a move number token just before, or NULL */
  guint    n_nodes;
  guint    n_siblings;    /* nodes that are not a first child */
  CqNode **order;         /* the nodes in the order made */
  guint    order_cap;
  /* The nodes' SANs point into @san_text, the working copy of the
   * movetext that starts at @text (CqGamePrivate.work): the byte after
   * each SAN is overwritten with a NUL there (no allocation per move). */
  const char *text;
  char    *san_text;
  guint    steps;           /* lines since the cancellable was last looked at */
} Parser;

/* The comments of @b appended to those of @a (either may be NULL); @b's
 * list becomes part of @a's. */
static CqComments *
join_comments (CqComments *a, CqComments *b)
{
  if (a == NULL)
    return b;
  if (b == NULL)
    return a;
  a->tail->next = b;
  a->tail = b->tail;
  return a;
}

static inline Line *
top_line (Parser *ps)
{
  return &ps->lines[ps->n_lines - 1];
}

/* The node after which the unread text of @line is written. */
static CqNode *
line_anchor (Parser *ps, Line *line)
{
  if (line->has_move || line == &ps->lines[0])
    return line->last;
  return line[-1].last;
}

/* "after 23...Kh7" for a line whose last move is @last. */
static char *
describe_after (const CqNode *last)
{
  const CqPosition *pp;

  if (last->parent == NULL)
    return g_strdup ("in the initial position");
  pp = &last->parent->position;
  return g_strdup_printf ("after %u%s%s", pp->fullmove_number,
                          pp->side_to_move == CQ_WHITE ? "." : "...", last->san);
}

static void
break_line (Parser *ps, Line *line, const char *at)
{
  line->broken = TRUE;
  line->skip_from = at;
  ps->skip_depth = 0;
  if (line->pending && line->has_move)
    {
      line->last->comments_after_ = join_comments (line->last->comments_after_, line->pending);
      line->pending = NULL;
    }
}

/* Ends the unread part of @line at @at. */
static void
end_skip (Parser *ps, Line *line, const char *at)
{
  if (line->broken)
    add_skipped (ps->game, line_anchor (ps, line), line->skip_from, at - line->skip_from);
  line->broken = FALSE;
}

static void
add_nag (CqArena *arena, CqNode *node, guint value)
{
  guint8 *nags;

  if (node->n_nags == G_MAXUINT8)
    return;
  nags = _cq_arena_alloc (arena, node->n_nags + 1);
  if (node->n_nags)
    memcpy (nags, node->nags, node->n_nags);
  nags[node->n_nags] = value;
  node->nags = nags;
  node->n_nags++;
}

/* Keeps the comment of @len bytes at @s (in the game's text) where it
 * belongs.  Only its place is found here: its text is made when asked for
 * (join_game_comments()).  A comment of whitespace only is no comment. */
static void
add_comment (Parser *ps, const char *s, gsize len)
{
  Line *line = top_line (ps);
  CqComments *text;
  gsize i = 0;

  while (i < len && (is_space (s[i]) || s[i] == '\0'))
    i++;
  if (i == len)
    return;
  text = _cq_arena_alloc (ps->arena, sizeof *text);
  text->text = s;
  text->len = len;
  text->next = NULL;
  text->tail = text;
  text->joined = NULL;
  if (!line->has_move && ps->n_lines > 1)
    line->pending = join_comments (line->pending, text);
  else if (line->after_var && !ps->ended)
    line->pending = join_comments (line->pending, text);
  else
    line->last->comments_after_ = join_comments (line->last->comments_after_, text);
}

static void
open_variation (Parser *ps, const char *p, guint64 lineno)
{
  Line *line = top_line (ps);
  Line *var;

  if (ps->n_lines > MAX_VARIATION_DEPTH)
    {
      /* Too deep: read the variation as unreadable text. */
      game_error (ps->game, lineno, "variations nested more than %d deep", MAX_VARIATION_DEPTH);
      break_line (ps, line, p);
      ps->skip_depth = 1;   /* this '(' */
      return;
    }
  var = &ps->lines[ps->n_lines++];
  memset (var, 0, sizeof *var);
  var->open_line = lineno;
  if (!line->has_move)
    {
      game_error (ps->game, lineno, "variation with no move before it to replace");
      var->last = line->last;
      break_line (ps, var, p);
      return;
    }
  var->last = line->last->parent;
}

static void
close_variation (Parser *ps, const char *p)
{
  Line *line = top_line (ps);
  Line *outer = line - 1;

  end_skip (ps, line, p);
  if (line->pending)
    {
      CqNode *n = line->has_move ? line->last : outer->last;
      n->comments_after_ = join_comments (n->comments_after_, line->pending);
    }
  ps->n_lines--;
  outer->after_var = TRUE;
}

/* Inlined: a call costs about a tenth of the work per move. */
G_ALWAYS_INLINE static inline CqNode *
add_child (Parser *ps, CqNode *parent, const CqMove *move, const char *san, gsize san_len,
           guint64 lineno)
{
  CqNode *n = _cq_arena_alloc (ps->arena, sizeof *n);
  char *s = ps->san_text + (san - ps->text);

  /* @san lies in the movetext, and the byte after it is a delimiter or
   * a suffix of the same token: no other SAN uses it. */
  s[san_len] = '\0';
  n->parent = parent;
  n->first_child = NULL;
  n->next_sibling = NULL;
  n->san = s;
  n->comments_before_ = NULL;
  n->comments_after_ = NULL;
  n->nags = NULL;
  n->n_nags = 0;
  n->position = parent->position;
  cq_position_make_move (&n->position, move);
  n->move = *move;
  n->ply = parent->ply + 1;
  n->line = lineno;
  if (parent->first_child == NULL)
    {
      parent->first_child = n;
      n->in_variation = parent->in_variation;
    }
  else
    {
      /* The last sibling so far: a sibling is the first move of a
       * variation, and the line it was opened from remembers the child
       * its previous variation appended; start there when it is the same
       * parent (a variation nested deeper may have appended after it
       * since), else from the first child.  Many sibling variations in a
       * row cost O(n), not O(n^2). */
      Line *from = ps->n_lines > 1 ? &ps->lines[ps->n_lines - 2] : &ps->lines[0];
      CqNode *c = from->sibling_parent == parent ? from->sibling : parent->first_child;

      while (c->next_sibling)
        c = c->next_sibling;
      c->next_sibling = n;
      from->sibling_parent = parent;
      from->sibling = n;
      n->in_variation = TRUE;
      ps->n_siblings++;
    }
  /* Without variations the nodes are made in pre-order. */
  n->index = ps->n_nodes;
  if (ps->n_nodes < ps->order_cap)
    ps->order[ps->n_nodes] = n;
  ps->n_nodes++;
  return n;
}

/* Plays the legal @move named by the @len bytes at @san in @line. */
static inline void
play_move (Parser *ps, Line *line, const CqMove *move, const char *san, gsize len,
           guint64 lineno)
{
  line->last = add_child (ps, line->last, move, san, len, lineno);
  line->last->comments_before_ = line->pending;
  line->pending = NULL;
  line->has_move = TRUE;
  line->after_var = FALSE;
}

/* The fast path of handle_token() for the two tokens that make up nearly
 * all movetext: a move number ("12." "12...") and a legal move with no
 * annotation suffix or full stop ("Nf3", "exd5+", or "12.Nf3" glued to
 * its number).  The caller has checked that @line is not broken and that
 * the game has not ended.  @tok is in a NUL-terminated text.
 * Returns the end of the token, or NULL (having changed nothing) when the
 * general rules must read it: these give the same result on the tokens
 * read here, and the errors on the others. */
static inline const char *
fast_token (Parser *ps, Line *line, const char *tok, guint64 lineno)
{
  const char *s = tok, *san;
  CqMove move;

  if (g_ascii_isdigit (*s))
    {
      do
        s++;
      while (g_ascii_isdigit (*s));
      /* Not "0-0", a result, or a number without its full stop. */
      if (*s != '.')
        return NULL;
      do
        s++;
      while (*s == '.');
      if (token_class[(guchar) *s] == TOKEN_END)
        {
          ps->number = tok;
          return s;
        }
    }
  san = s;
  while (token_class[(guchar) *s] == 0)
    s++;
  if (s == san || token_class[(guchar) *s] != TOKEN_END
      || !cq_san_parse (&line->last->position, san, s - san, &move, NULL))
    return NULL;
  play_move (ps, line, &move, san, s - san, lineno);
  return s;
}

static void
handle_token (Parser *ps, const char *tok, gsize len, guint64 lineno)
{
  Line *line = top_line (ps);
  const char *result;
  const char *san = tok;
  gsize san_len = len, k;
  int nag;
  CqMove move;
  g_autoptr (GError) err = NULL;

  result = (tok[0] == '1' || tok[0] == '0' || tok[0] == '*') ? result_token (tok, len) : NULL;

  if (line->broken)
    {
      /* Skipping an unreadable line; the mainline's result still counts. */
      if (result && ps->n_lines == 1 && ps->skip_depth == 0 && !ps->ended)
        {
          end_skip (ps, line, tok);
          ps->game->result = result;
          ps->ended = TRUE;
        }
      return;
    }

  if (ps->ended && ps->n_lines == 1)
    {
      game_error (ps->game, lineno, "unexpected '%.*s' after the result", (int) MIN (len, 40), tok);
      break_line (ps, line, tok);
      return;
    }

  if (result)
    {
      /* A result inside a variation is ignored. */
      if (ps->n_lines == 1)
        {
          ps->game->result = result;
          ps->ended = TRUE;
          if (line->pending)
            {
              line->last->comments_after_ = join_comments (line->last->comments_after_,
                                                     line->pending);
              line->pending = NULL;
            }
        }
      return;
    }

  /* Move numbers: 12. 12... 12 (and 1.e4 glued to its move). */
  if (g_ascii_isdigit (tok[0]) && !(len >= 3 && memcmp (tok, "0-0", 3) == 0))
    {
      gsize i = 0, j;

      while (i < len && g_ascii_isdigit (tok[i]))
        i++;
      j = i;
      while (j < len && tok[j] == '.')
        j++;
      if (j == len)
        {
          ps->number = tok;
          return;
        }
      if (j > i)
        {
          san = tok + j;
          san_len = len - j;
        }
    }

  /* Stray dots ("12. ... Nf6") and a detached "e.p." say nothing. */
  k = 0;
  while (k < san_len && san[k] == '.')
    k++;
  if (k == san_len || (san_len == 4 && memcmp (san, "e.p.", 4) == 0))
    return;

  /* Annotation suffixes become NAGs: e4!? -> e4 $5; a lone `!` annotates
   * the last move.  A full stop after a move ("Kc2#.") is dropped. */
  while (san_len > 1 && san[san_len - 1] == '.' && san[san_len - 2] != 'p')
    san_len--;
  k = san_len;
  while (k > 0 && (san[k - 1] == '!' || san[k - 1] == '?'))
    k--;
  nag = suffix_nag (san + k, san_len - k);
  if (k == 0 && nag > 0)
    {
      if (line->has_move || ps->n_lines == 1)
        add_nag (ps->arena, line->last, nag);
      return;
    }

  if (nag < 0 || k == 0
      || !cq_san_parse (&line->last->position, san, k, &move, &err))
    {
      g_autofree char *where = describe_after (line->last);
      const char *kind = "illegal move";

      if (err && err->code == CQ_CHESS_ERROR_AMBIGUOUS_MOVE)
        kind = "ambiguous move";
      else if (len == 1 && strchr ("[]{}\"", tok[0]) != NULL)
        kind = "unexpected";
      game_error (ps->game, lineno, "%s '%.*s' %s%s", kind, (int) MIN (len, 40), tok, where,
                  ps->n_lines > 1 ? " (in a variation)" : "");
      /* The unread text starts with the move's number, if it had one. */
      break_line (ps, line, ps->number ? ps->number : tok);
      return;
    }

  play_move (ps, line, &move, san, k, lineno);
  if (nag > 0)
    add_nag (ps->arena, line->last, nag);
}


/* Reads the movetext into the tree below ps->lines[0].last (the root).
 * *@end must be NUL (the game text is NUL-terminated): the token fast
 * path stops there without a bound check. */
static void
read_movetext (Parser *ps, const char *p, const char *end, guint64 lineno)
{
  CqGame *game = ps->game;

  while (p < end)
    {
      char c = *p;
      Line *line = top_line (ps);
      const char *number = ps->number;

      /* A search may be stopped inside a long game, and a game may not
       * grow without bound: looked at every 256 lines, and every 16 KiB of
       * a long line (the fast path below sets ps->steps). */
      if (G_UNLIKELY (ps->steps >= 256))
        {
          ps->steps = 0;
          if (cq_game_is_stopped (game))
            {
              game_error (game, lineno, "reading cancelled");
              return;
            }
          /* Each position takes about 280 bytes: a bound on positions is
           * a bound on the game's memory (docs/limits.md). */
          if (ps->n_nodes > CQ_GAME_MAX_POSITIONS)
            {
              game_error (game, lineno, "the game has more than %d positions: skipped",
                          CQ_GAME_MAX_POSITIONS);
              game->skipped = TRUE;
              return;
            }
        }

      /* ps->number survives whitespace only. */
      if (!is_space (c))
        ps->number = NULL;
      switch (c)
        {
        case '\n':
          lineno++;
          ps->steps++;
          p++;
          if (p < end && *p == '%')
            {
              const char *nl = memchr (p, '\n', end - p);
              p = nl ? nl : end;
            }
          break;

        case ' ': case '\t': case '\r': case '\v': case '\f':
          p++;
          break;

        case '{':
          {
            const char *close = memchr (p + 1, '}', end - p - 1);
            const char *cend = close ? close : end;
            guint64 open_line = lineno;

            for (const char *s = p + 1; (s = memchr (s, '\n', cend - s)) != NULL; s++)
              lineno++;
            if (close == NULL)
              {
                game_error (game, open_line, "unterminated comment (no '}' for the '{')");
                if (!line->broken)
                  break_line (ps, line, p);
                p = end;
                break;
              }
            if (!line->broken)
              add_comment (ps, p + 1, close - p - 1);
            p = close + 1;
          }
          break;

        case ';':
          {
            const char *nl = memchr (p, '\n', end - p);
            const char *cend = nl ? nl : end;

            if (!line->broken)
              add_comment (ps, p + 1, cend - p - 1);
            p = cend;
          }
          break;

        case '(':
          if (line->broken)
            ps->skip_depth++;
          else if (ps->ended && ps->n_lines == 1)
            {
              game_error (game, lineno, "unexpected '(' after the result");
              break_line (ps, line, p);
            }
          else
            open_variation (ps, p, lineno);
          p++;
          break;

        case ')':
          if (line->broken && ps->skip_depth > 0)
            ps->skip_depth--;
          else if (ps->n_lines > 1)
            close_variation (ps, p);
          else if (!line->broken)
            {
              game_error (game, lineno, "unbalanced ')' (no variation is open)");
              break_line (ps, line, p);
            }
          p++;
          break;

        case '$':
          {
            const char *q = p + 1;
            guint value = 0;

            while (q < end && g_ascii_isdigit (*q) && value < 1000)
              value = value * 10 + (*q++ - '0');
            if (q == p + 1 || value > 255 || (q < end && !is_token_delim (*q)))
              {
                while (q < end && !is_token_delim (*q))
                  q++;
                if (!line->broken)
                  {
                    game_error (game, lineno, "bad NAG '%.*s'", (int) MIN (q - p, 40), p);
                    break_line (ps, line, p);
                  }
              }
            else if (!line->broken && (line->has_move || ps->n_lines == 1))
              add_nag (ps->arena, line->last, value);
            p = q;
          }
          break;

        default:
          {
            const char *q = NULL;

            /* A run of plain tokens separated by spaces (most of a line
             * of movetext) takes one turn of the loop: the steps below
             * are those of the loop's top for each token (spaces leave
             * ps->number alone; a fast token neither breaks nor ends a
             * line, nor opens or closes one).  *end is NUL. */
            /* A line of more than 16 KiB (a whole game on one line) leaves
             * the run now and then, for the loop's top to look at the
             * cancellable and the limits. */
            const char *run_end = end - p > 16384 ? p + 16384 : end;

            if (!line->broken && (!ps->ended || ps->n_lines > 1))
              for (;;)
                {
                  q = fast_token (ps, line, p, lineno);
                  if (q == NULL)
                    break;      /* the general rules read the token at p */
                  while (*q == ' ')
                    q++;
                  p = q;
                  if (token_class[(guchar) *p] != 0)
                    break;      /* not a token the fast path may read */
                  if (G_UNLIKELY (p >= run_end))
                    {
                      ps->steps = 256;   /* the loop's top looks now */
                      break;
                    }
                  number = ps->number;
                  ps->number = NULL;
                }
            if (q == NULL)
              {
                q = p;
                while (q < end && !is_token_delim (*q))
                  q++;
                if (q == p)
                  q = p + 1;   /* a stray ] } [ or " */
                ps->number = number;
                handle_token (ps, p, q - p, lineno);
                if (ps->number == number)
                  ps->number = NULL;
                while (*q == ' ')
                  q++;
                p = q;
              }
          }
          break;
        }
    }

  /* End of the movetext: close what is still open. */
  while (ps->n_lines > 1)
    {
      Line *line = top_line (ps);

      game_error (game, line->open_line, "unterminated variation (no ')' for the '(')");
      close_variation (ps, end);
    }
  {
    Line *main = &ps->lines[0];

    end_skip (ps, main, end);
    if (main->pending)
      main->last->comments_after_ = join_comments (main->last->comments_after_, main->pending);
    main->pending = NULL;
  }
}

/* ------------------------------------------------------------------ */
/* Comments                                                             */

/* The text of the comments of @head: each one normalised (normalize_into())
 * and the non-empty ones joined by a space; NULL if none is left. */
static const char *
join_comment_texts (CqArena *arena, const CqComments *head)
{
  gsize room = 1;
  char *out, *o;

  for (const CqComments *c = head; c != NULL; c = c->next)
    room += c->len + 1;
  out = o = _cq_arena_alloc (arena, room);
  for (const CqComments *c = head; c != NULL; c = c->next)
    {
      char *from = o;
      char *e;

      if (o != out)
        *o++ = ' ';
      e = normalize_into (o, c->text, c->len, FALSE);
      o = e == o ? from : e;
    }
  *o = '\0';
  return o == out ? NULL : out;
}

/* Makes the text of every comment list of @game, once (the first caller
 * does it; the others wait for it), so that a game read by one thread and
 * written or shown by another is safe. */
static void
join_game_comments (const CqGame *game)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);

  if (g_once_init_enter (&priv->comments_joined))
    {
      for (guint i = 0; priv->nodes != NULL && i < game->n_nodes; i++)
        {
          CqNode *n = priv->nodes[i];

          if (n->comments_before_ != NULL)
            n->comments_before_->joined = join_comment_texts (&priv->arena, n->comments_before_);
          if (n->comments_after_ != NULL)
            n->comments_after_->joined = join_comment_texts (&priv->arena, n->comments_after_);
        }
      g_once_init_leave (&priv->comments_joined, 1);
    }
}

const char *
cq_node_get_comment_before (const CqGame *game, const CqNode *node)
{
  g_return_val_if_fail (game != NULL && node != NULL, NULL);

  if (node->comments_before_ == NULL)
    return NULL;
  join_game_comments (game);
  return node->comments_before_->joined;
}

const char *
cq_node_get_comment_after (const CqGame *game, const CqNode *node)
{
  g_return_val_if_fail (game != NULL && node != NULL, NULL);

  if (node->comments_after_ == NULL)
    return NULL;
  join_game_comments (game);
  return node->comments_after_->joined;
}

/* Numbers the nodes in pre-order (rulings R1: at each node the mainline
 * continuation first, then each variation in PGN order).  @made: the
 * nodes in the order they were made (or NULL), which is pre-order when
 * there is no variation. */
static void
index_nodes (CqGame *game, guint n_nodes, guint n_siblings, CqNode **made)
{
  CqGamePrivate *priv = CQ_GAME_PRIVATE (game);
  CqNode *local[64];
  CqNode **stack = local;
  guint sp = 0, index = 0;

  game->n_nodes = n_nodes;
  if (made && n_siblings == 0)
    {
      priv->nodes = made;
      return;
    }
  priv->nodes = made ? made : _cq_arena_alloc (&priv->arena, n_nodes * sizeof (CqNode *));
  if (n_siblings + 1 > G_N_ELEMENTS (local))
    stack = _cq_arena_alloc (&priv->arena, (n_siblings + 1) * sizeof (CqNode *));

  stack[sp++] = game->root;
  while (sp > 0)
    {
      CqNode *n = stack[--sp];

      n->index = index;
      priv->nodes[index++] = n;
      if (n->next_sibling)
        stack[sp++] = n->next_sibling;
      if (n->first_child)
        stack[sp++] = n->first_child;
    }
  g_assert (index == n_nodes);
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

  for (int field = 0; field < 2; field++)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      p += strcspn (p, " \t");   /* the piece placement is long: not byte by byte */
    }
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

  if (strpbrk (castling, "KQkq") == NULL)
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
static void
check_standard (CqGame *game)
{
  const char *fen = CQ_GAME_PRIVATE (game)->fen;
  const char *variant = CQ_GAME_PRIVATE (game)->variant;

  if (variant && !is_standard_variant (variant))
    {
      game->skipped = TRUE;
      game_error (game, tag_line (game, "Variant"), "skipped: variant %s", variant);
    }
  else if (fen)
    {
      char castling[16];

      fen_castling_field (fen, castling, sizeof castling);
      if (castling_is_chess960 (castling) || fen_is_chess960_start (fen, castling))
        {
          game->skipped = TRUE;
          game_error (game, tag_line (game, "FEN"),
                      "skipped: variant Chess960 (castling field '%s' in the FEN)", castling);
        }
    }
}

/* The termination marker at the end of the @len bytes at @s, if any:
 * for games whose moves cannot be read at all. */
static const char *
trailing_result (const char *s, gsize *len)
{
  gsize n = *len, start;
  const char *r;

  while (n > 0 && is_space (s[n - 1]))
    n--;
  start = n;
  while (start > 0 && !is_token_delim (s[start - 1]))
    start--;
  r = result_token (s + start, n - start);
  if (r)
    *len = start;
  return r;
}

gboolean
cq_game_parse_moves (CqGame *game)
{
  CqGamePrivate *priv;
  const char *fen, *text, *end;
  g_autoptr (GError) err = NULL;
  CqPosition start;
  gboolean have_start = TRUE;
  gsize mt_len;
  Parser parser, *ps;

  g_return_val_if_fail (game != NULL, FALSE);

  priv = CQ_GAME_PRIVATE (game);
  if (priv->parsed)
    return game->error == NULL && !game->skipped;
  priv->parsed = TRUE;

  text = priv->text + priv->movetext_offset;
  end = priv->text + priv->text_len;
  mt_len = end - text;

  /* Nodes are about 270 bytes and a ply takes about 6 bytes of text:
   * size the next arena block so that a game needs one or two. */
  priv->arena.next_size = MAX (priv->arena.next_size,
                               MIN ((mt_len / 5 + 4) * sizeof (CqNode), (gsize) 4 << 20));

  /* check_standard () has set game->skipped already. */
  fen = priv->fen;
  if (fen)
    {
      if (!cq_position_set_fen (&start, fen, &err))
        {
          have_start = FALSE;
          game_error (game, tag_line (game, "FEN"), "cannot set up the FEN tag: %s", err->message);
        }
    }
  else
    cq_position_set_initial (&start);

  if (have_start)
    {
      CqNode *root = _cq_arena_alloc0 (&priv->arena, sizeof *root);

      root->position = start;
      root->line = game->source.line;
      game->root = root;
    }

  if (!have_start || game->skipped)
    {
      /* Nothing to replay: keep the movetext as text. */
      gsize len = mt_len;

      game->result = trailing_result (text, &len);
      add_skipped (game, game->root, text, len);
      if (game->root)
        index_nodes (game, 1, 0, NULL);
      return FALSE;
    }

  ps = &parser;
  ps->game = game;
  ps->arena = &priv->arena;
  ps->n_lines = 1;
  memset (&ps->lines[0], 0, sizeof (Line));
  ps->lines[0].last = game->root;
  ps->skip_depth = 0;
  ps->ended = FALSE;
  ps->number = NULL;
  ps->n_nodes = 1;
  ps->n_siblings = 0;
  ps->steps = 0;
  /* A move takes at least two bytes and a separator. */
  ps->order_cap = mt_len / 2 + 2;
  ps->order = _cq_arena_alloc (&priv->arena, ps->order_cap * sizeof (CqNode *));
  ps->order[0] = game->root;
  ps->text = text;
  ps->san_text = priv->work + priv->movetext_offset;

  read_movetext (ps, text, end, priv->movetext_line);
  index_nodes (game, ps->n_nodes, ps->n_siblings,
               ps->n_nodes <= ps->order_cap ? ps->order : NULL);

  return game->error == NULL;
}
