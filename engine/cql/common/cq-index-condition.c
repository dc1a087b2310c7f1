/* cq-index-condition.c: necessary conditions on game summaries
 * (cq-index-condition.h): a small tree of leaves and `and`/`or` nodes,
 * tested on one summary or, a column at a time, on an index's summaries.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cql/cq-index-condition.h"
#include "cql/cq-query.h"

typedef enum {
  COND_TRUE,
  COND_FALSE,
  COND_FLAGS,
  COND_SQUARES,
  COND_AT_LEAST,
  COND_AT_MOST,
  COND_KEYS,
  COND_AND,
  COND_OR,
} CondKind;

struct _CqIndexCondition {
  CondKind          kind;
  guint32           flags;    /* COND_FLAGS */
  guint16           pieces;   /* COND_SQUARES, COND_AT_LEAST, COND_AT_MOST */
  guint64           squares;  /* COND_SQUARES */
  guint             n;        /* COND_AT_LEAST, COND_AT_MOST; COND_KEYS: of @keys */
  guint64          *keys;     /* COND_KEYS */
  CqIndexCondition *a, *b;    /* COND_AND, COND_OR */
};

#define ALL_PIECES ((guint16) ((1u << CQ_N_PIECES) - 1))

static CqIndexCondition *
cond_new (CondKind kind)
{
  CqIndexCondition *c = g_new0 (CqIndexCondition, 1);

  c->kind = kind;
  return c;
}

CqIndexCondition *
cq_index_condition_new_true (void)
{
  return cond_new (COND_TRUE);
}

CqIndexCondition *
cq_index_condition_new_false (void)
{
  return cond_new (COND_FALSE);
}

CqIndexCondition *
cq_index_condition_new_flags (guint32 all_of)
{
  CqIndexCondition *c;

  if (all_of == 0)
    return cq_index_condition_new_true ();
  c = cond_new (COND_FLAGS);
  c->flags = all_of;
  return c;
}

CqIndexCondition *
cq_index_condition_new_squares (guint16 pieces, guint64 squares)
{
  CqIndexCondition *c;

  pieces &= ALL_PIECES;
  if (pieces == 0 || squares == 0)
    return cq_index_condition_new_false ();
  c = cond_new (COND_SQUARES);
  c->pieces = pieces;
  c->squares = squares;
  return c;
}

CqIndexCondition *
cq_index_condition_new_count_at_least (guint16 pieces, guint n)
{
  CqIndexCondition *c;

  pieces &= ALL_PIECES;
  if (n == 0)
    return cq_index_condition_new_true ();
  if (pieces == 0 || n > 64)
    return cq_index_condition_new_false ();
  c = cond_new (COND_AT_LEAST);
  c->pieces = pieces;
  c->n = n;
  return c;
}

CqIndexCondition *
cq_index_condition_new_count_at_most (guint16 pieces, guint n)
{
  CqIndexCondition *c;

  pieces &= ALL_PIECES;
  if (pieces == 0 || n >= 64)
    return cq_index_condition_new_true ();
  c = cond_new (COND_AT_MOST);
  c->pieces = pieces;
  c->n = n;
  return c;
}

CqIndexCondition *
cq_index_condition_new_keys (const guint64 *keys, guint n_keys)
{
  CqIndexCondition *c;

  g_return_val_if_fail (keys != NULL || n_keys == 0, NULL);

  if (n_keys == 0)
    return cq_index_condition_new_false ();
  c = cond_new (COND_KEYS);
  c->keys = g_memdup2 (keys, n_keys * sizeof *keys);
  c->n = n_keys;
  return c;
}

void
cq_index_condition_free (CqIndexCondition *c)
{
  if (c == NULL)
    return;
  cq_index_condition_free (c->a);
  cq_index_condition_free (c->b);
  g_free (c->keys);
  g_free (c);
}

static CqIndexCondition *
combine (CondKind kind, CqIndexCondition *a, CqIndexCondition *b)
{
  /* The absorbing and the neutral element of each. */
  CondKind absorbing = kind == COND_AND ? COND_FALSE : COND_TRUE;
  CondKind neutral = kind == COND_AND ? COND_TRUE : COND_FALSE;
  CqIndexCondition *c;

  g_return_val_if_fail (a != NULL && b != NULL, NULL);

  if (a->kind == absorbing || b->kind == neutral)
    {
      cq_index_condition_free (b);
      return a;
    }
  if (b->kind == absorbing || a->kind == neutral)
    {
      cq_index_condition_free (a);
      return b;
    }
  if (kind == COND_AND && a->kind == COND_FLAGS && b->kind == COND_FLAGS)
    {
      a->flags |= b->flags;
      cq_index_condition_free (b);
      return a;
    }
  if (kind == COND_OR && a->kind == COND_SQUARES && b->kind == COND_SQUARES
      && (a->pieces == b->pieces || a->squares == b->squares))
    {
      /* Two designators of one piece set (or one square set): one leaf. */
      a->pieces |= b->pieces;
      a->squares |= b->squares;
      cq_index_condition_free (b);
      return a;
    }
  c = cond_new (kind);
  c->a = a;
  c->b = b;
  return c;
}

CqIndexCondition *
cq_index_condition_and (CqIndexCondition *a, CqIndexCondition *b)
{
  return combine (COND_AND, a, b);
}

CqIndexCondition *
cq_index_condition_or (CqIndexCondition *a, CqIndexCondition *b)
{
  return combine (COND_OR, a, b);
}

CqIndexCondition *
cq_index_condition_copy (const CqIndexCondition *c)
{
  CqIndexCondition *copy;

  g_return_val_if_fail (c != NULL, NULL);

  copy = g_memdup2 (c, sizeof *c);
  if (c->keys != NULL)
    copy->keys = g_memdup2 (c->keys, c->n * sizeof *c->keys);
  if (c->a != NULL)
    copy->a = cq_index_condition_copy (c->a);
  if (c->b != NULL)
    copy->b = cq_index_condition_copy (c->b);
  return copy;
}

static guint16
swap_piece_colors (guint16 pieces)
{
  guint16 out = pieces & CQ_PIECE_BIT (CQ_EMPTY);

  for (guint p = CQ_WP; p <= CQ_WK; p++)
    {
      if (pieces & CQ_PIECE_BIT (p))
        out |= CQ_PIECE_BIT (p + 6);
      if (pieces & CQ_PIECE_BIT (p + 6))
        out |= CQ_PIECE_BIT (p);
    }
  return out;
}

CqIndexCondition *
cq_index_condition_transform (const CqIndexCondition *c, const gint8 square_map[64],
                              gboolean swap_colors)
{
  gboolean drops = FALSE;
  guint64 image = 0;

  g_return_val_if_fail (c != NULL && square_map != NULL, NULL);

  switch (c->kind)
    {
    case COND_AND:
    case COND_OR:
      return combine (c->kind, cq_index_condition_transform (c->a, square_map, swap_colors),
                      cq_index_condition_transform (c->b, square_map, swap_colors));
    case COND_SQUARES:
      for (guint sq = 0; sq < 64; sq++)
        if ((c->squares & CQ_BIT (sq)) && square_map[sq] >= 0)
          image |= CQ_BIT (square_map[sq]);
      return cq_index_condition_new_squares (swap_colors ? swap_piece_colors (c->pieces)
                                                         : c->pieces, image);
    case COND_AT_LEAST:
    case COND_AT_MOST:
      for (guint sq = 0; sq < 64; sq++)
        drops |= square_map[sq] < 0;
      if (drops)
        return cq_index_condition_new_true ();
      else
        {
          CqIndexCondition *copy = cq_index_condition_copy (c);

          if (swap_colors)
            copy->pieces = swap_piece_colors (copy->pieces);
          return copy;
        }
    case COND_FLAGS:
      return cq_index_condition_new_flags (swap_colors ? CQ_SUMMARY_SWAP_COLORS (c->flags)
                                                       : c->flags);
    case COND_KEYS:
      /* The image of a position is known, not that of its key. */
      return cq_index_condition_new_true ();
    case COND_TRUE:
    case COND_FALSE:
    default:
      return cq_index_condition_copy (c);
    }
}

gboolean
cq_index_condition_is_true (const CqIndexCondition *c)
{
  g_return_val_if_fail (c != NULL, TRUE);
  return c->kind == COND_TRUE;
}

/* Whether the filter @filter may hold one of @c's keys. */
static inline gboolean
keys_test (const CqIndexCondition *c, const guint64 *filter)
{
  for (guint k = 0; k < c->n; k++)
    if (cq_game_summary_may_hold_key (filter, c->keys[k]))
      return TRUE;
  return FALSE;
}

static guint
count_sum (const guint8 *counts, guint16 pieces)
{
  guint sum = 0;

  for (guint p = 0; p < CQ_N_PIECES; p++)
    if (pieces & CQ_PIECE_BIT (p))
      sum += counts[p];
  return sum;
}

gboolean
cq_index_condition_test (const CqIndexCondition *c, const CqGameSummary *s)
{
  guint64 on = 0;

  g_return_val_if_fail (c != NULL && s != NULL, TRUE);

  switch (c->kind)
    {
    case COND_TRUE:
      return TRUE;
    case COND_FALSE:
      return FALSE;
    case COND_FLAGS:
      return (s->flags & c->flags) == c->flags;
    case COND_SQUARES:
      for (guint p = 0; p < CQ_N_PIECES; p++)
        if (c->pieces & CQ_PIECE_BIT (p))
          on |= s->squares[p];
      return (on & c->squares) != 0;
    case COND_AT_LEAST:
      return count_sum (s->max_count, c->pieces) >= c->n;
    case COND_AT_MOST:
      return count_sum (s->min_count, c->pieces) <= c->n;
    case COND_KEYS:
      return keys_test (c, s->keys);
    case COND_AND:
      return cq_index_condition_test (c->a, s) && cq_index_condition_test (c->b, s);
    case COND_OR:
      return cq_index_condition_test (c->a, s) || cq_index_condition_test (c->b, s);
    default:
      g_return_val_if_reached (TRUE);
    }
}

/* Whether game @i of @cols passes the leaf @c. */
static inline gboolean
leaf_test_column (const CqIndexCondition *c, const CqSummaryColumns *cols, guint64 i)
{
  guint64 on = 0;
  guint sum = 0;

  switch (c->kind)
    {
    case COND_FLAGS:
      return (cols->flags[i] & c->flags) == c->flags;
    /* Over the leaf's pieces alone (most leaves name one or two): this
     * is the test of each game a selection leaves in question. */
    case COND_SQUARES:
      for (guint pieces = c->pieces; pieces != 0; pieces &= pieces - 1)
        on |= cols->squares[__builtin_ctz (pieces)][i];
      return (on & c->squares) != 0;
    case COND_AT_LEAST:
      for (guint pieces = c->pieces; pieces != 0; pieces &= pieces - 1)
        sum += cols->max_count[__builtin_ctz (pieces)][i];
      return sum >= c->n;
    case COND_AT_MOST:
      for (guint pieces = c->pieces; pieces != 0; pieces &= pieces - 1)
        sum += cols->min_count[__builtin_ctz (pieces)][i];
      return sum <= c->n;
    case COND_KEYS:
      return keys_test (c, cols->keys + i * CQ_SUMMARY_KEY_WORDS);
    default:
      g_return_val_if_reached (TRUE);
    }
}

/* The bits of the games of word @w of a bitmap (games 64 @w to 64 @w +
 * 63, below @n) that pass the leaf @c: a pass without a branch per game,
 * a column at a time, for a word where most games are in question. */
static guint64
leaf_test_word (const CqIndexCondition *c, const CqSummaryColumns *cols, gsize w, guint64 n)
{
  guint64 first = (guint64) w * 64, out = 0;
  guint count = (guint) MIN (n - first, 64);

  if (c->kind == COND_FLAGS)
    {
      const guint32 *flags = cols->flags + first;

      for (guint k = 0; k < count; k++)
        out |= (guint64) ((flags[k] & c->flags) == c->flags) << k;
    }
  else if (c->kind == COND_SQUARES)
    {
      for (guint p = 0; p < CQ_N_PIECES; p++)
        {
          const guint64 *col = cols->squares[p] + first;

          if (!(c->pieces & CQ_PIECE_BIT (p)))
            continue;
          for (guint k = 0; k < count; k++)
            out |= (guint64) ((col[k] & c->squares) != 0) << k;
        }
    }
  else
    {
      for (guint k = 0; k < count; k++)
        out |= (guint64) leaf_test_column (c, cols, first + k) << k;
    }
  return out;
}

/* A word of the mask with at least this many games in question is tested
 * whole (leaf_test_word()), one with fewer a game at a time: after an
 * `or`'s first member most games are still in question, and a test per
 * bit found costs a branch that a pass over the word does not. */
#define DENSE_WORD 16

static gboolean
is_leaf (const CqIndexCondition *c)
{
  return c->kind != COND_AND && c->kind != COND_OR;
}

/* The members of the chain of `and` nodes at @c, in order, into @out. */
static void
and_members (const CqIndexCondition *c, GPtrArray *out)
{
  if (c->kind == COND_AND)
    {
      and_members (c->a, out);
      and_members (c->b, out);
    }
  else
    g_ptr_array_add (out, (gpointer) c);
}

/* Games of a sample, in SAMPLE_BLOCKS runs of SAMPLE_RUN games spread over
 * the file: contiguous runs, so that the sample reads a few pages of each
 * column, not a page a game. */
#define SAMPLE_BLOCKS 4
#define SAMPLE_RUN    256

/* The columns of an index on file (#CqSummaryColumns.file_base) are read
 * with pread() in windows of games, never through their mapping: on the
 * machines measured a page fault, or a page mapped by
 * MADV_POPULATE_READ and unmapped at the end, cost more than copying
 * its bytes (tests/bench/RESULTS.md, "Selective queries under 50 ms").
 * A leaf tested on most games reads WINDOW_BYTES of each column at a
 * time; one tested on games here and there, SPARSE_BYTES around each run
 * of them (a system call each, where a page fault each cost four times
 * as much). */
#define WINDOW_BYTES (64 * 1024)
#define SPARSE_BYTES (4 * 1024)

/* The games of a window of the columns: a #CqSummaryColumns of its own
 * (@view, games numbered from 0) for games @first to @first +
 * @view.n_games of the whole, its columns pointing into the whole's
 * (arrays, or a file's mapping read through it) or into @buf, where
 * those a leaf reads were copied from the file. */
typedef struct {
  CqSummaryColumns view;
  guint64          first;
  guint8          *buf[CQ_N_PIECES];   /* WINDOW_BYTES each, made when needed */
} Window;

static void
window_clear (Window *win)
{
  for (guint k = 0; k < CQ_N_PIECES; k++)
    g_free (win->buf[k]);
}

/* @count rows of @width bytes from row @first of @column (a column of
 * @cols) into buffer @slot of @win; returns where they are. */
static const void *
window_slice (Window *win, guint slot, const CqSummaryColumns *cols, const void *column,
              gsize width, guint64 first, guint64 count)
{
  const guint8 *from = (const guint8 *) column + first * width;
  gsize len = (gsize) (count * width), done = 0;
  off_t at;

  if (cols->file_base == NULL)
    return from;
  if (win->buf[slot] == NULL)
    win->buf[slot] = g_malloc (WINDOW_BYTES);
  g_assert (len <= WINDOW_BYTES);
  at = (off_t) (from - (const guint8 *) cols->file_base);
  while (done < len)
    {
      gssize got = pread (cols->fd, win->buf[slot] + done, len - done, at + (off_t) done);

      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        {
          /* A read that fails (the file shortened under its mapping, an
           * I/O error) reads the mapping instead, as before. */
          memcpy (win->buf[slot] + done, from + done, len - done);
          break;
        }
      done += (gsize) got;
    }
  return win->buf[slot];
}

/* The width in bytes of the widest column leaf @c reads. */
static gsize
leaf_width (const CqIndexCondition *c)
{
  switch (c->kind)
    {
    case COND_FLAGS:
      return sizeof (guint32);
    case COND_SQUARES:
      return sizeof (guint64);
    case COND_KEYS:
      return CQ_SUMMARY_KEY_WORDS * sizeof (guint64);
    default:
      return 1;
    }
}

/* Sets @win to games @first to @first + @count of @cols, with the
 * columns leaf @c reads (the others NULL). */
static void
window_load (Window *win, const CqIndexCondition *c, const CqSummaryColumns *cols,
             guint64 first, guint64 count)
{
  guint slot = 0;

  memset (&win->view, 0, sizeof win->view);
  win->view.n_games = count;
  win->first = first;
  if (c->kind == COND_FLAGS)
    win->view.flags = window_slice (win, 0, cols, cols->flags, sizeof *cols->flags, first,
                                    count);
  else if (c->kind == COND_KEYS)
    win->view.keys = window_slice (win, 0, cols, cols->keys,
                                   CQ_SUMMARY_KEY_WORDS * sizeof *cols->keys, first, count);
  else
    for (guint p = 0; p < CQ_N_PIECES; p++)
      {
        if (!(c->pieces & CQ_PIECE_BIT (p)))
          continue;
        if (c->kind == COND_SQUARES)
          win->view.squares[p] = window_slice (win, slot++, cols, cols->squares[p],
                                               sizeof (guint64), first, count);
        else if (c->kind == COND_AT_LEAST)
          win->view.max_count[p] = window_slice (win, slot++, cols, cols->max_count[p], 1,
                                                 first, count);
        else if (c->kind == COND_AT_MOST)
          win->view.min_count[p] = window_slice (win, slot++, cols, cols->min_count[p], 1,
                                                 first, count);
      }
}

typedef struct {
  const CqIndexCondition *member;
  guint                   passed;   /* of the sample; G_MAXUINT: not a leaf */
  guint                   at;       /* its place in the chain */
} AndMember;

static gint
and_member_cmp (gconstpointer pa, gconstpointer pb)
{
  const AndMember *a = pa, *b = pb;

  if (a->passed != b->passed)
    return a->passed < b->passed ? -1 : 1;
  return a->at < b->at ? -1 : a->at > b->at;
}

/* Puts the leaves of @members first, those fewest games of a sample of
 * @cols pass first, then the other members in their order: the first
 * member is tested on every game, each next one only on the games left,
 * and the order the condition was built in is no guide (a position's
 * names first its pawns' counts, which nearly every game passes). */
static void
and_order (GPtrArray *members, const CqSummaryColumns *cols, Window *win)
{
  g_autofree AndMember *m = g_new (AndMember, members->len);
  guint64 n = cols->n_games;

  for (guint k = 0; k < members->len; k++)
    {
      const CqIndexCondition *c = members->pdata[k];

      m[k].member = c;
      m[k].at = k;
      m[k].passed = 0;
      if (!is_leaf (c) || c->kind == COND_TRUE || c->kind == COND_FALSE)
        {
          /* (`true` and `false` are never members: `and` drops them.) */
          m[k].passed = c->kind == COND_FALSE ? 0 : G_MAXUINT;
          continue;
        }
      if (c->kind == COND_KEYS)
        {
          /* After the leaves of a few bytes a game: a filter is 64 bytes
           * a game (a pass over a million games' would read 64 MB), so it
           * is tested only on the games the others leave. */
          m[k].passed = G_MAXUINT - 1;
          continue;
        }
      for (guint b = 0; b < SAMPLE_BLOCKS; b++)
        {
          guint64 first = n / SAMPLE_BLOCKS * b, count = MIN (SAMPLE_RUN, n - first);

          if (first >= n)
            continue;
          window_load (win, c, cols, first, count);
          for (guint64 i = 0; i < count; i++)
            m[k].passed += leaf_test_column (c, &win->view, i);
        }
    }
  qsort (m, members->len, sizeof *m, and_member_cmp);
  for (guint k = 0; k < members->len; k++)
    members->pdata[k] = (gpointer) m[k].member;
}

/* Whether a leaf tested on the games of @mask reads most of its columns:
 * at least a game in question per 512 (a page of a column of 8 bytes a
 * game).  It is then read in windows of WINDOW_BYTES; a few games, in
 * windows of SPARSE_BYTES around them. */
static gboolean
mostly_read (const guint64 *mask, gsize n_words, guint64 n_games)
{
  guint64 in_question = 0;

  for (gsize w = 0; w < n_words; w++)
    in_question += (guint64) __builtin_popcountll (mask[w]);
  return in_question >= n_games / 512;
}

/* Sets @bitmap (@n_words words) to the games of @cols passing @c among
 * those of @mask (NULL: every game); its other bits are 0.  A node's
 * later members are tested only on the games the ones before left in
 * question (those they selected, for `and`, whose chain of members is
 * ordered by and_order(); not, for `or`; @bitmap and @mask never
 * overlap): after a selective
 * member (a flag, a piece on a few squares) the others cost a test per
 * game left rather than a pass over every column they name, which made
 * a condition of a few hundred leaves (a theme under shifts and flips)
 * cost a second on the book's 145,716 games.  @win: the window a leaf
 * reads its columns through. */
static void
select_into (const CqIndexCondition *c, const CqSummaryColumns *cols, guint64 *bitmap,
             const guint64 *mask, gsize n_words, Window *win)
{
  guint64 n = cols->n_games, per;
  g_autofree guint64 *other = NULL;

  switch (c->kind)
    {
    case COND_TRUE:
      if (mask != NULL)
        memcpy (bitmap, mask, n_words * sizeof *bitmap);
      else
        memset (bitmap, 0xff, n_words * sizeof *bitmap);
      return;
    case COND_FALSE:
      memset (bitmap, 0, n_words * sizeof *bitmap);
      return;
    case COND_AND:
      {
        /* The members of the chain of `and`s, the one that narrows most
         * first (and_order()): each is tested only on the games the
         * ones before left. */
        g_autoptr(GPtrArray) members = g_ptr_array_new ();

        and_members (c, members);
        and_order (members, cols, win);
        other = g_new (guint64, n_words);
        select_into (members->pdata[0], cols, bitmap, mask, n_words, win);
        for (guint k = 1; k < members->len; k++)
          {
            select_into (members->pdata[k], cols, other, bitmap, n_words, win);
            memcpy (bitmap, other, n_words * sizeof *bitmap);
          }
        return;
      }
    case COND_OR:
      {
        g_autofree guint64 *rest = g_new (guint64, n_words);

        select_into (c->a, cols, bitmap, mask, n_words, win);
        for (gsize w = 0; w < n_words; w++)
          rest[w] = (mask != NULL ? mask[w] : ~G_GUINT64_CONSTANT (0)) & ~bitmap[w];
        other = g_new (guint64, n_words);
        select_into (c->b, cols, other, rest, n_words, win);
        for (gsize w = 0; w < n_words; w++)
          bitmap[w] |= other[w];
        return;
      }
    default:
      break;
    }

  /* A window of whole words of games at a time, from the first word with
   * a game in question. */
  per = (mask == NULL || mostly_read (mask, n_words, n) ? WINDOW_BYTES : SPARSE_BYTES)
        / leaf_width (c) / 64 * 64;
  per = MAX (per, 64);
  for (gsize w = 0; w < n_words;)
    {
      guint64 first = (guint64) w * 64, count = MIN (per, n - first);
      gsize end = w + (gsize) ((count + 63) / 64);

      if (mask != NULL && mask[w] == 0)
        {
          bitmap[w++] = 0;
          continue;
        }
      window_load (win, c, cols, first, count);
      for (; w < end; w++)
        {
          gsize local = w - (gsize) (first / 64);
          guint64 bits = mask != NULL ? mask[w] : ~G_GUINT64_CONSTANT (0), out = 0;

          if (bits != 0 && __builtin_popcountll (bits) >= DENSE_WORD)
            {
              bitmap[w] = bits & leaf_test_word (c, &win->view, local, count);
              continue;
            }
          while (bits != 0)
            {
              guint k = (guint) __builtin_ctzll (bits);
              guint64 i = (guint64) local * 64 + k;

              bits &= bits - 1;
              if (i < count && leaf_test_column (c, &win->view, i))
                out |= G_GUINT64_CONSTANT (1) << k;
            }
          bitmap[w] = out;
        }
    }
}

guint64
cq_index_condition_select (const CqIndexCondition *c, const CqSummaryColumns *cols,
                           guint64 *bitmap)
{
  gsize n_words;
  guint64 selected = 0;
  Window win = { { 0 } };
  CqIndexCondition *always;

  g_return_val_if_fail (c != NULL && cols != NULL && bitmap != NULL, 0);

  n_words = (cols->n_games + 63) / 64;
  if (n_words == 0)
    return 0;
  select_into (c, cols, bitmap, NULL, n_words, &win);
  /* The games always read: their flags read a window at a time, as a
   * leaf's. */
  always = cq_index_condition_new_flags (CQ_SUMMARY_ALWAYS_READ);
  for (guint64 first = 0; first < cols->n_games; first += WINDOW_BYTES / sizeof (guint32))
    {
      guint64 count = MIN (WINDOW_BYTES / sizeof (guint32), cols->n_games - first);

      window_load (&win, always, cols, first, count);
      for (guint64 k = 0; k < count; k += 64)
        {
          guint64 out = 0;

          for (guint j = 0; j < MIN (64, count - k); j++)
            out |= (guint64) ((win.view.flags[k + j] & CQ_SUMMARY_ALWAYS_READ) != 0) << j;
          bitmap[(first + k) / 64] |= out;
        }
    }
  cq_index_condition_free (always);
  window_clear (&win);
  /* No bit past the last game. */
  if (cols->n_games % 64 != 0)
    bitmap[n_words - 1] &= (G_GUINT64_CONSTANT (1) << (cols->n_games % 64)) - 1;
  for (gsize w = 0; w < n_words; w++)
    selected += (guint64) __builtin_popcountll (bitmap[w]);
  return selected;
}

static const char piece_letters[] = ".PNBRQKpnbrqk";

static const char *const flag_names[] = {
  "check", "mate", "stalemate", "promote=Q", "promote=R", "promote=B", "promote=N",
  "castle", "enpassant", "capture", "variations", "comments", "nags", "setup",
  "nullmove", "damaged", "skipped", "long", "check-wtm", "check-btm", "mate-wtm",
  "mate-btm", "stalemate-wtm", "stalemate-btm",
};

static void
append_pieces (GString *out, guint16 pieces)
{
  for (guint p = 0; p < CQ_N_PIECES; p++)
    if (pieces & CQ_PIECE_BIT (p))
      g_string_append_c (out, piece_letters[p]);
}

static void
append_condition (GString *out, const CqIndexCondition *c)
{
  gboolean first = TRUE;

  switch (c->kind)
    {
    case COND_TRUE:
      g_string_append (out, "true");
      break;
    case COND_FALSE:
      g_string_append (out, "false");
      break;
    case COND_FLAGS:
      g_string_append (out, "flags(");
      for (guint i = 0; i < G_N_ELEMENTS (flag_names); i++)
        if (c->flags & (1u << i))
          {
            g_string_append_printf (out, "%s%s", first ? "" : "|", flag_names[i]);
            first = FALSE;
          }
      g_string_append_c (out, ')');
      break;
    case COND_SQUARES:
      g_string_append (out, "squares(");
      append_pieces (out, c->pieces);
      g_string_append_c (out, ',');
      for (guint sq = 0; sq < 64; sq++)
        if (c->squares & CQ_BIT (sq))
          {
            g_string_append_printf (out, "%s%c%c", first ? "" : " ",
                                    'a' + CQ_FILE (sq), '1' + CQ_RANK (sq));
            first = FALSE;
          }
      g_string_append_c (out, ')');
      break;
    case COND_AT_LEAST:
    case COND_AT_MOST:
      g_string_append (out, c->kind == COND_AT_LEAST ? "count>=(" : "count<=(");
      append_pieces (out, c->pieces);
      g_string_append_printf (out, ",%u)", c->n);
      break;
    case COND_KEYS:
      g_string_append (out, "keys(");
      for (guint k = 0; k < c->n; k++)
        g_string_append_printf (out, "%s%016" G_GINT64_MODIFIER "x", k == 0 ? "" : " ",
                                c->keys[k]);
      g_string_append_c (out, ')');
      break;
    case COND_AND:
    case COND_OR:
      g_string_append (out, c->kind == COND_AND ? "and(" : "or(");
      append_condition (out, c->a);
      g_string_append_c (out, ',');
      append_condition (out, c->b);
      g_string_append_c (out, ')');
      break;
    default:
      g_assert_not_reached ();
    }
}

char *
cq_index_condition_to_string (const CqIndexCondition *c)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (c != NULL, NULL);
  append_condition (out, c);
  return g_string_free (out, FALSE);
}
