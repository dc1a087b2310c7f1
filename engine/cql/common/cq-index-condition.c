/* cq-index-condition.c: necessary conditions on game summaries
 * (cq-index-condition.h): a small tree of leaves and `and`/`or` nodes,
 * tested on one summary or, a window of games at a time, on an index's
 * summaries.
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
  /* An index keeps no empty squares (docs/index.md, "The format"). */
  if (pieces & CQ_PIECE_BIT (CQ_EMPTY))
    return cq_index_condition_new_true ();
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
  /* Nor the counts of empty squares and kings. */
  if (pieces & CQ_SUMMARY_UNCOUNTED)
    return cq_index_condition_new_true ();
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
  if (pieces == 0 || n >= 64 || (pieces & CQ_SUMMARY_UNCOUNTED))
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

/* The sum over @pieces of the fewest (@most FALSE) or the most of each,
 * as an index reads them back (cq_game_summary_pack_counts()): a summary
 * passes a condition exactly when its row of an index does. */
static guint
count_sum (const CqGameSummary *s, guint16 pieces, gboolean most)
{
  guint sum = 0;

  for (guint p = 0; p < CQ_N_PIECES; p++)
    if (pieces & CQ_PIECE_BIT (p))
      {
        guint8 packed = cq_game_summary_pack_counts (s->min_count[p], s->max_count[p]);

        sum += most ? cq_game_summary_unpack_most (packed)
                    : cq_game_summary_unpack_fewest (packed);
      }
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
      return count_sum (s, c->pieces, TRUE) >= c->n;
    case COND_AT_MOST:
      return count_sum (s, c->pieces, FALSE) <= c->n;
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
        sum += cq_game_summary_unpack_most (cols->counts[__builtin_ctz (pieces)][i]);
      return sum >= c->n;
    case COND_AT_MOST:
      for (guint pieces = c->pieces; pieces != 0; pieces &= pieces - 1)
        sum += cq_game_summary_unpack_fewest (cols->counts[__builtin_ctz (pieces)][i]);
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

/* The selection runs over windows of WINDOW_GAMES games (WINDOW_WORDS
 * words of a bitmap), the whole condition on one window before the
 * next: a column that several leaves read (the images of a transform
 * name the same pieces on other squares) is read once a window, and only
 * over the words of games some leaf has in question there. */
#define WINDOW_GAMES 8192
#define WINDOW_WORDS (WINDOW_GAMES / 64)

/* The columns of an index on file (#CqSummaryColumns.file_base) are read
 * with pread(), never through their mapping: on the machine measured a
 * page fault, or a page mapped by MADV_POPULATE_READ and unmapped at
 * exit, cost more than copying its bytes (tests/bench/RESULTS.md,
 * "Selective queries under 50 ms").  Words of games not in question
 * between two that are are read with them when they span fewer than
 * READ_GAP bytes: a system call costs about as much as copying 8 KiB. */
#define READ_GAP (8 * 1024)

/* A column's rows of the window, as far as they were read. */
typedef struct {
  const void *column;                  /* of the whole */
  gsize       width;                   /* bytes a row */
  guint8     *buf;                     /* WINDOW_GAMES rows, made when needed */
  guint64     loaded[WINDOW_WORDS / 64];
} Slot;

/* The window the condition is tested on: games @first to @first +
 * @count of @cols (@n_words words), and the columns read for it. */
typedef struct {
  const CqSummaryColumns *cols;
  guint64                 first, count;
  gsize                   n_words;
  Slot                    slots[3 * CQ_N_PIECES + 2];
  guint                   n_slots;
  gboolean                failed;  /* a read of this window failed */
} Reader;

static void
reader_set (Reader *r, guint64 first, guint64 count)
{
  r->first = first;
  r->count = count;
  r->n_words = (gsize) ((count + 63) / 64);
  r->failed = FALSE;
  for (guint k = 0; k < r->n_slots; k++)
    memset (r->slots[k].loaded, 0, sizeof r->slots[k].loaded);
}

static void
reader_clear (Reader *r)
{
  for (guint k = 0; k < r->n_slots; k++)
    g_free (r->slots[k].buf);
}

/* Rows @from to @to of the window of @column (@width bytes a row) into
 * @s, from the file.  A read that fails (an I/O error, a file shortened
 * since it was opened) leaves zeros and marks the window failed: its
 * games are then all selected (cq_index_condition_select()).  The
 * mapping is never read instead, where a page past the file's new end
 * would stop the program with SIGBUS. */
static void
slot_read (Reader *r, Slot *s, guint64 from, guint64 to)
{
  const guint8 *at = (const guint8 *) s->column + (r->first + from) * s->width;
  guint8 *out = s->buf + from * s->width;
  gsize len = (gsize) ((to - from) * s->width), done = 0;
  off_t offset = (off_t) (at - (const guint8 *) r->cols->file_base);

  while (done < len)
    {
      gssize got = pread (r->cols->fd, out + done, len - done, offset + (off_t) done);

      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        {
          memset (out + done, 0, len - done);
          r->failed = TRUE;
          return;
        }
      done += (gsize) got;
    }
}

/* The window's rows of @column (@width bytes a row), read from the file
 * over the words of @mask with a game (NULL: all) at least. */
static const void *
reader_column (Reader *r, const void *column, gsize width, const guint64 *mask)
{
  Slot *s = NULL;

  if (r->cols->file_base == NULL)
    return (const guint8 *) column + r->first * width;
  for (guint k = 0; k < r->n_slots && s == NULL; k++)
    if (r->slots[k].column == column)
      s = &r->slots[k];
  if (s == NULL)
    {
      g_assert (r->n_slots < G_N_ELEMENTS (r->slots));
      s = &r->slots[r->n_slots++];
      s->column = column;
      s->width = width;
      s->buf = g_malloc (WINDOW_GAMES * width);
      memset (s->loaded, 0, sizeof s->loaded);
    }
#define NEEDED(w) ((mask == NULL || mask[w] != 0) && !(s->loaded[(w) / 64] >> ((w) % 64) & 1))
  for (gsize w = 0; w < r->n_words;)
    {
      gsize end;

      if (!NEEDED (w))
        {
          w++;
          continue;
        }
      /* A run of words needed, with the gaps short enough between. */
      end = w + 1;
      for (gsize t = end; t < r->n_words; t++)
        {
          if (NEEDED (t))
            end = t + 1;
          else if ((t + 1 - end) * 64 * width > READ_GAP)
            break;
        }
      slot_read (r, s, (guint64) w * 64, MIN ((guint64) end * 64, r->count));
      for (; w < end; w++)
        s->loaded[w / 64] |= G_GUINT64_CONSTANT (1) << (w % 64);
    }
#undef NEEDED
  return s->buf;
}

/* The window's games as columns of their own (numbered from 0), with
 * the columns leaf @c reads, read over the words of @mask (NULL: all). */
static void
reader_view (Reader *r, const CqIndexCondition *c, const guint64 *mask,
             CqSummaryColumns *view)
{
  const CqSummaryColumns *cols = r->cols;

  memset (view, 0, sizeof *view);
  view->n_games = r->count;
  view->fd = -1;
  if (c->kind == COND_FLAGS)
    view->flags = reader_column (r, cols->flags, sizeof *cols->flags, mask);
  else if (c->kind == COND_KEYS)
    view->keys = reader_column (r, cols->keys, CQ_SUMMARY_KEY_WORDS * sizeof *cols->keys,
                                mask);
  else
    for (guint p = 0; p < CQ_N_PIECES; p++)
      {
        if (!(c->pieces & CQ_PIECE_BIT (p)))
          continue;
        if (c->kind == COND_SQUARES)
          view->squares[p] = reader_column (r, cols->squares[p], sizeof (guint64), mask);
        else if (c->kind == COND_AT_LEAST || c->kind == COND_AT_MOST)
          view->counts[p] = reader_column (r, cols->counts[p], 1, mask);
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
 * the columns pass first, then the other members in their order: the
 * first member is tested on every game, each next one only on the games
 * left, and the order the condition was built in is no guide (a
 * position's names first its pawns' counts, which nearly every game
 * passes).  The sample is read through @r. */
static void
and_order (GPtrArray *members, Reader *r)
{
  g_autofree AndMember *m = g_new (AndMember, members->len);
  guint64 n = r->cols->n_games;

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
          guint64 first = n / SAMPLE_BLOCKS * b;
          CqSummaryColumns view;

          if (first >= n)
            continue;
          reader_set (r, first, MIN (SAMPLE_RUN, n - first));
          reader_view (r, c, NULL, &view);
          for (guint64 i = 0; i < view.n_games; i++)
            m[k].passed += leaf_test_column (c, &view, i);
        }
    }
  qsort (m, members->len, sizeof *m, and_member_cmp);
  for (guint k = 0; k < members->len; k++)
    members->pdata[k] = (gpointer) m[k].member;
}

/* The condition as it is tested: each chain of `and`s flattened into its
 * members, in the order of and_order(), decided once for all windows;
 * @other and @rest, a node's bitmaps of a window. */
typedef struct _Plan Plan;
struct _Plan {
  const CqIndexCondition *c;
  Plan                  **members;   /* `and`: the chain's; `or`: its two */
  guint                   n_members;
  guint64                 other[WINDOW_WORDS], rest[WINDOW_WORDS];
};

static Plan *
plan_new (const CqIndexCondition *c, Reader *r)
{
  Plan *p = g_new0 (Plan, 1);

  p->c = c;
  if (c->kind == COND_AND)
    {
      g_autoptr(GPtrArray) members = g_ptr_array_new ();

      and_members (c, members);
      and_order (members, r);
      p->n_members = members->len;
      p->members = g_new (Plan *, members->len);
      for (guint k = 0; k < members->len; k++)
        p->members[k] = plan_new (members->pdata[k], r);
    }
  else if (c->kind == COND_OR)
    {
      p->n_members = 2;
      p->members = g_new (Plan *, 2);
      p->members[0] = plan_new (c->a, r);
      p->members[1] = plan_new (c->b, r);
    }
  return p;
}

static void
plan_free (Plan *p)
{
  for (guint k = 0; k < p->n_members; k++)
    plan_free (p->members[k]);
  g_free (p->members);
  g_free (p);
}

static gboolean
words_zero (const guint64 *words, gsize n_words)
{
  for (gsize w = 0; w < n_words; w++)
    if (words[w] != 0)
      return FALSE;
  return TRUE;
}

/* Sets @bitmap (the window's words) to the games of @r's window passing
 * @p among those of @mask (NULL: every game); its other bits are 0.  A
 * node's later members are tested only on the games the ones before left
 * in question (those they selected, for `and`; not, for `or`; @bitmap
 * and @mask never overlap): after a selective member (a flag, a piece on
 * a few squares) the others cost a test per game left rather than a pass
 * over every column they name, which made a condition of a few hundred
 * leaves (a theme under shifts and flips) cost a second on the book's
 * 145,716 games; and the columns are read only over the words of the
 * games in question. */
static void
select_window (Plan *p, Reader *r, guint64 *bitmap, const guint64 *mask)
{
  const CqIndexCondition *c = p->c;
  gsize n_words = r->n_words;
  CqSummaryColumns view;

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
      select_window (p->members[0], r, bitmap, mask);
      for (guint k = 1; k < p->n_members && !words_zero (bitmap, n_words); k++)
        {
          select_window (p->members[k], r, p->other, bitmap);
          memcpy (bitmap, p->other, n_words * sizeof *bitmap);
        }
      return;
    case COND_OR:
      select_window (p->members[0], r, bitmap, mask);
      for (gsize w = 0; w < n_words; w++)
        p->rest[w] = (mask != NULL ? mask[w] : ~G_GUINT64_CONSTANT (0)) & ~bitmap[w];
      if (words_zero (p->rest, n_words))
        return;
      select_window (p->members[1], r, p->other, p->rest);
      for (gsize w = 0; w < n_words; w++)
        bitmap[w] |= p->other[w];
      return;
    default:
      break;
    }

  if (mask != NULL && words_zero (mask, n_words))
    {
      memset (bitmap, 0, n_words * sizeof *bitmap);
      return;
    }
  reader_view (r, c, mask, &view);
  for (gsize w = 0; w < n_words; w++)
    {
      guint64 bits = mask != NULL ? mask[w] : ~G_GUINT64_CONSTANT (0), out = 0;

      if (bits != 0 && __builtin_popcountll (bits) >= DENSE_WORD)
        {
          bitmap[w] = bits & leaf_test_word (c, &view, w, view.n_games);
          continue;
        }
      while (bits != 0)
        {
          guint k = (guint) __builtin_ctzll (bits);
          guint64 i = (guint64) w * 64 + k;

          bits &= bits - 1;
          if (i < view.n_games && leaf_test_column (c, &view, i))
            out |= G_GUINT64_CONSTANT (1) << k;
        }
      bitmap[w] = out;
    }
}

guint64
cq_index_condition_select (const CqIndexCondition *c, const CqSummaryColumns *cols,
                           guint64 *bitmap)
{
  gsize n_words;
  guint64 selected = 0;
  Reader r;
  Plan *plan;

  g_return_val_if_fail (c != NULL && cols != NULL && bitmap != NULL, 0);

  n_words = (cols->n_games + 63) / 64;
  if (n_words == 0)
    return 0;
  memset (&r, 0, sizeof r);
  r.cols = cols;
  plan = plan_new (c, &r);
  for (guint64 first = 0; first < cols->n_games; first += WINDOW_GAMES)
    {
      guint64 *words = bitmap + first / 64;
      const guint32 *flags;

      reader_set (&r, first, MIN (WINDOW_GAMES, cols->n_games - first));
      select_window (plan, &r, words, NULL);
      /* The games always read. */
      flags = reader_column (&r, cols->flags, sizeof *cols->flags, NULL);
      for (gsize w = 0; w < r.n_words; w++)
        {
          guint n = (guint) MIN (64, r.count - (guint64) w * 64);
          guint32 any = 0;
          guint64 out = 0;

          /* Such games are rare: a word without one is found by a pass
           * that vectorizes. */
          for (guint k = 0; k < n; k++)
            any |= flags[w * 64 + k];
          if (!(any & CQ_SUMMARY_ALWAYS_READ))
            continue;
          for (guint k = 0; k < n; k++)
            out |= (guint64) ((flags[w * 64 + k] & CQ_SUMMARY_ALWAYS_READ) != 0) << k;
          words[w] |= out;
        }
      /* The summaries could not all be read: no game of the window is
       * left out on what was read (the search reads each selected game's
       * text, and checks it against its digest). */
      if (r.failed)
        memset (words, 0xff, r.n_words * sizeof *words);
    }
  plan_free (plan);
  reader_clear (&r);
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
