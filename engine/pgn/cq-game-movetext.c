/* cq-game-movetext.c: a game's movetext read and replayed into a tree of
 * positions (rulings R1): the tokenizer, the SAN replay into nodes,
 * comments and variations, and the nodes' pre-order numbering.
 *
 * Why one file: the tokenizer, the replay, comments and variations share
 * the parser state (the passing over of a main line's variations, too,
 * which must end each where the reader would), and the movetext reader is
 * the hottest path of a search after the evaluator (its tokenizer and
 * make-move are inlined).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-game.h"
#include "pgn/cq-game-private.h"
#include "pgn/cq-pgn-private.h"

/* Deeper nesting of variations is an error (real studies stay below 20);
 * the bound keeps the writer's recursion shallow on hostile input. */
#define MAX_VARIATION_DEPTH 200

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
  gboolean pass_variations; /* cq_game_parse_mainline(): skip the main line's */
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

/* nag_values[v] == v: a node's first NAG points here (no allocation);
 * the nodes' NAG arrays are never written once made. */
static const guint8 nag_values[256] = {
#define NAG_ROW(r) r, r + 1, r + 2, r + 3, r + 4, r + 5, r + 6, r + 7, \
                   r + 8, r + 9, r + 10, r + 11, r + 12, r + 13, r + 14, r + 15
  NAG_ROW (0), NAG_ROW (16), NAG_ROW (32), NAG_ROW (48), NAG_ROW (64), NAG_ROW (80),
  NAG_ROW (96), NAG_ROW (112), NAG_ROW (128), NAG_ROW (144), NAG_ROW (160), NAG_ROW (176),
  NAG_ROW (192), NAG_ROW (208), NAG_ROW (224), NAG_ROW (240),
#undef NAG_ROW
};

/* Appends NAG @value (0 to 255) to @node's. */
static void
add_nag (CqArena *arena, CqNode *node, guint value)
{
  guint8 *nags;

  if (node->n_nags == 0)
    {
      node->nags = &nag_values[value];
      node->n_nags = 1;
      return;
    }
  if (node->n_nags == G_MAXUINT8)
    return;
  nags = _cq_arena_alloc (arena, node->n_nags + 1);
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
      _cq_game_error (ps->game, lineno, "variations nested more than %d deep", MAX_VARIATION_DEPTH);
      break_line (ps, line, p);
      ps->skip_depth = 1;   /* this '(' */
      return;
    }
  var = &ps->lines[ps->n_lines++];
  CQ_GAME_PRIVATE (ps->game)->reading_variation = TRUE;
  memset (var, 0, sizeof *var);
  var->open_line = lineno;
  if (!line->has_move)
    {
      _cq_game_error (ps->game, lineno, "variation with no move before it to replace");
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
  CQ_GAME_PRIVATE (ps->game)->reading_variation = ps->n_lines > 1;
  outer->after_var = TRUE;
}

/* Inlined: a call costs about a tenth of the work per move. */
G_ALWAYS_INLINE static inline CqNode *
add_child (Parser *ps, CqNode *parent, const CqMove *move, const char *san, gsize san_len,
           CqComments *before, guint64 lineno)
{
  CqNode *n = _cq_game_new_node (ps->arena, parent, move);
  char *s = ps->san_text + (san - ps->text);

  /* @san lies in the movetext, and the byte after it is a delimiter or
   * a suffix of the same token: no other SAN uses it. */
  s[san_len] = '\0';
  n->san = s;
  n->comments_before_ = before;
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
  line->last = add_child (ps, line->last, move, san, len, line->pending, lineno);
  line->pending = NULL;
  line->has_move = TRUE;
  line->after_var = FALSE;
}

/* The fast path of handle_token() for the two tokens that make up nearly
 * all movetext: a move number ("12." "12...") and a legal move with no
 * annotation suffix or full stop ("Nf3", "exd5+", or "12.Nf3" glued to
 * its number).  The caller has checked that @line is not broken and that
 * the game has not ended.  @tok is in a NUL-terminated text.  Sets
 * *@number to @tok for a move number, to NULL for a move (the caller keeps
 * it in a register rather than in ps->number).
 * Returns the end of the token, or NULL (having changed nothing) when the
 * general rules must read it: these give the same result on the tokens
 * read here, and the errors on the others. */
static inline const char *
fast_token (Parser *ps, Line *line, const char *tok, guint64 lineno, const char **number)
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
          *number = tok;
          return s;
        }
    }
  *number = NULL;
  san = s;
  /* The common shapes of a move are read straight from the text, which
   * finds the move's end too; anything else, or a token that goes on
   * after the shape read, takes the general reading below. */
  s = cq_san_parse_prefix (&line->last->position, san, &move);
  if (G_LIKELY (s != NULL && token_class[(guchar) *s] == TOKEN_END))
    {
      play_move (ps, line, &move, san, s - san, lineno);
      return s;
    }
  s = san;
  /* Two bytes a turn: a move is mostly two to four bytes, and the loop's
   * own steps cost as much as the test of a byte. */
  while (token_class[(guchar) s[0]] == 0)
    {
      if (token_class[(guchar) s[1]] != 0)
        {
          s++;
          break;
        }
      s += 2;
    }
  if (s == san || token_class[(guchar) *s] != TOKEN_END
      || !cq_san_parse (&line->last->position, san, s - san, &move, NULL))
    return NULL;
  play_move (ps, line, &move, san, s - san, lineno);
  return s;
}

/* The mainline @line (not broken) ends with the termination marker
 * @result: the comments waiting for a move go after the last one. */
static void
end_mainline (Parser *ps, Line *line, const char *result)
{
  ps->game->result = result;
  ps->ended = TRUE;
  if (line->pending)
    {
      line->last->comments_after_ = join_comments (line->last->comments_after_, line->pending);
      line->pending = NULL;
    }
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
      _cq_game_error (ps->game, lineno, "unexpected '%.*s' after the result",
                      (int) MIN (len, 40), tok);
      break_line (ps, line, tok);
      return;
    }

  if (result)
    {
      /* A result inside a variation is ignored. */
      if (ps->n_lines == 1)
        end_mainline (ps, line, result);
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
      _cq_game_error (ps->game, lineno, "%s '%.*s' %s%s", kind, (int) MIN (len, 40), tok, where,
                      ps->n_lines > 1 ? " (in a variation)" : "");
      /* The unread text starts with the move's number, if it had one. */
      break_line (ps, line, ps->number ? ps->number : tok);
      return;
    }

  play_move (ps, line, &move, san, k, lineno);
  if (nag > 0)
    add_nag (ps->arena, line->last, nag);
}


/* Bytes at which variation_end() stops: those that open or close a
 * variation, a comment, or a line (after which `%` escapes the next). */
static const guint8 variation_stop[256] = {
  ['('] = 1, [')'] = 1, ['{'] = 1, [';'] = 1, ['\n'] = 1,
};

/* The first byte in [@p, @end) at which variation_end() stops, or @end:
 * 16 bytes a step where SSE2 is at hand (a variation of a study is some
 * hundred bytes of moves and comments). */
static inline const char *
next_variation_stop (const char *p, const char *end)
{
#ifdef __SSE2__
  const __m128i open = _mm_set1_epi8 ('('), close = _mm_set1_epi8 (')');
  const __m128i brace = _mm_set1_epi8 ('{'), semi = _mm_set1_epi8 (';');
  const __m128i nl = _mm_set1_epi8 ('\n');

  while (end - p >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) p);
      __m128i hit = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, open),
                                                _mm_cmpeq_epi8 (v, close)),
                                  _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, brace),
                                                              _mm_cmpeq_epi8 (v, semi)),
                                                _mm_cmpeq_epi8 (v, nl)));
      int bits = _mm_movemask_epi8 (hit);

      if (bits != 0)
        return p + __builtin_ctz ((unsigned) bits);
      p += 16;
    }
#endif
  while (p < end && !variation_stop[(guchar) *p])
    p++;
  return p;
}

/* The end of the variation whose `(` is at @p: the byte after the `)` that
 * read_movetext() would take as closing it (parentheses counted outside
 * `{}` and `;` comments and `%` escape lines; inside a variation nothing
 * else opens or closes one, even after an error), with the newlines up to
 * it in *@lines; NULL if the variation or a comment in it is not closed
 * before @end (read_movetext() then reports it). */
static const char *
variation_end (const char *p, const char *end, guint64 *lines)
{
  guint64 n = 0;
  gsize depth = 0;

  while (p < end)
    {
      p = next_variation_stop (p, end);
      if (p == end)
        break;
      switch (*p)
        {
        case '(':
          depth++;
          p++;
          break;
        case ')':
          p++;
          if (--depth == 0)
            {
              *lines = n;
              return p;
            }
          break;
        case '{':
          {
            const char *close = memchr (p + 1, '}', end - p - 1);

            if (close == NULL)
              return NULL;
            for (const char *s = p + 1; (s = memchr (s, '\n', close - s)) != NULL; s++)
              n++;
            p = close + 1;
          }
          break;
        case ';':
          p = memchr (p, '\n', end - p);
          if (p == NULL)
            return NULL;
          break;
        default:   /* '\n' */
          n++;
          p++;
          if (p < end && *p == '%')
            {
              const char *nl = memchr (p, '\n', end - p);

              p = nl ? nl : end;
            }
          break;
        }
    }
  return NULL;
}

/* Passes over the variation of the main line whose `(` is at @p, one that
 * open_variation() would take: the main line goes on after it as after
 * close_variation().  Returns the byte after its `)` (*@lineno counts the
 * lines passed), or NULL if it is not closed (it is then read, to report
 * it).  Out of line: the reader's loop stays as small as without it. */
static G_GNUC_NO_INLINE const char *
pass_variation (Parser *ps, const char *p, const char *end, guint64 *lineno)
{
  guint64 lines;
  const char *after = variation_end (p, end, &lines);

  if (after == NULL)
    return NULL;
  CQ_GAME_PRIVATE (ps->game)->variations_unread = TRUE;
  ps->lines[0].after_var = TRUE;
  *lineno += lines;
  ps->steps += lines;
  return after;
}

/* Reads the movetext into the tree below ps->lines[0].last (the root);
 * with ps->pass_variations the main line's variations are passed over
 * (cq_game_parse_mainline()).  *@end must be NUL (the game text is
 * NUL-terminated): the token fast path stops there without a bound
 * check. */
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
              _cq_game_error (game, lineno, "reading cancelled");
              return;
            }
          /* Each position takes about 280 bytes: a bound on positions is
           * a bound on the game's memory (docs/limits.md). */
          if (ps->n_nodes > CQ_GAME_MAX_POSITIONS)
            {
              _cq_game_error (game, lineno, "the game has more than %d positions: skipped",
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
                _cq_game_error (game, open_line, "unterminated comment (no '}' for the '{')");
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
              _cq_game_error (game, lineno, "unexpected '(' after the result");
              break_line (ps, line, p);
            }
          else if (ps->pass_variations && ps->n_lines == 1 && line->has_move)
            {
              const char *after = pass_variation (ps, p, end, &lineno);

              if (after != NULL)
                {
                  p = after;
                  break;
                }
              open_variation (ps, p, lineno);
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
              _cq_game_error (game, lineno, "unbalanced ')' (no variation is open)");
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
                    _cq_game_error (game, lineno, "bad NAG '%.*s'", (int) MIN (q - p, 40), p);
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
                  const char *num;

                  /* ps->number stays NULL in the run (the loop's top
                   * cleared it); the number before the token at p is
                   * @number, and the token read sets @num. */
                  q = fast_token (ps, line, p, lineno, &num);
                  if (q == NULL)
                    break;      /* the general rules read the token at p */
                  while (*q == ' ')
                    q++;
                  p = q;
                  if (G_UNLIKELY (token_class[(guchar) *p] != 0 || p >= run_end))
                    {
                      /* Not a token the fast path may read, or the run is
                       * long: the loop's top goes on, and a number
                       * survives whitespace there. */
                      ps->number = num;
                      if (token_class[(guchar) *p] == 0)
                        ps->steps = 256;   /* the loop's top looks now */
                      break;
                    }
                  number = num;
                }
            if (q == NULL)
              {
                const char *result = NULL;

                q = p;
                while (q < end && !is_token_delim (*q))
                  q++;
                /* The mainline's termination marker, read once a game:
                 * handled here as handle_token() would, without its
                 * general rules. */
                if (ps->n_lines == 1 && !line->broken && !ps->ended
                    && (*p == '1' || *p == '0' || *p == '*'))
                  result = result_token (p, q - p);
                if (result != NULL)
                  {
                    end_mainline (ps, line, result);
                    ps->number = NULL;
                    while (*q == ' ')
                      q++;
                    p = q;
                    break;
                  }
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

      _cq_game_error (game, line->open_line, "unterminated variation (no ')' for the '(')");
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

void
_cq_game_index_nodes (CqGame *game, guint n_nodes, guint n_siblings, CqNode **made)
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

  /* Down each line from its first node; the variations met on the way
   * wait on the stack (the last one met is read first). */
  stack[sp++] = game->root;
  while (sp > 0)
    {
      for (CqNode *n = stack[--sp]; n != NULL; n = n->first_child)
        {
          n->index = index;
          priv->nodes[index++] = n;
          if (n->next_sibling)
            stack[sp++] = n->next_sibling;
        }
    }
  g_assert (index == n_nodes);
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

/* cq_game_parse_moves(), or with @mainline_only cq_game_parse_mainline(). */
static gboolean
parse_moves (CqGame *game, gboolean mainline_only)
{
  CqGamePrivate *priv;
  const char *fen, *text, *end;
  g_autoptr (GError) err = NULL;
  CqNode *root;
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

  /* The root is made first and its position set up in place, its other
   * members set one by one: zeroing the whole node and then copying a
   * position into it cost some 60 instructions a game, which counts in a
   * study of ten plies.  If the FEN cannot be read, the node is left
   * unused in the arena. */
  root = _cq_arena_alloc (&priv->arena, sizeof *root);
  root->parent = NULL;
  root->first_child = NULL;
  root->next_sibling = NULL;
  root->san = NULL;
  root->comments_before_ = NULL;
  root->comments_after_ = NULL;
  root->nags = NULL;
  memset (&root->move, 0, sizeof root->move);
  root->n_nags = 0;
  root->in_variation = FALSE;
  root->index = 0;
  root->ply = 0;
  root->line = game->source.line;

  /* _cq_game_check_standard () has set game->skipped already. */
  fen = priv->fen;
  if (fen)
    {
      if (!cq_position_set_fen (&root->position, fen, &err))
        {
          have_start = FALSE;
          _cq_game_error (game, priv->fen_line, "cannot set up the FEN tag: %s",
                          err->message);
        }
    }
  else
    cq_position_set_initial (&root->position);

  if (have_start)
    game->root = root;

  if (!have_start || game->skipped)
    {
      /* Nothing to replay: keep the movetext as text. */
      gsize len = mt_len;

      game->result = trailing_result (text, &len);
      add_skipped (game, game->root, text, len);
      if (game->root)
        _cq_game_index_nodes (game, 1, 0, NULL);
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
  ps->pass_variations = mainline_only;

  read_movetext (ps, text, end, priv->movetext_line);
  _cq_game_index_nodes (game, ps->n_nodes, ps->n_siblings,
               ps->n_nodes <= ps->order_cap ? ps->order : NULL);

  return game->error == NULL;
}

gboolean
cq_game_parse_moves (CqGame *game)
{
  return parse_moves (game, FALSE);
}

gboolean
cq_game_parse_mainline (CqGame *game)
{
  return parse_moves (game, TRUE);
}

gboolean
cq_game_is_partial (const CqGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);

  return CQ_GAME_PRIVATE (game)->variations_unread || CQ_GAME_PRIVATE (game)->tags_unread;
}
