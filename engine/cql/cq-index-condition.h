/* cq-index-condition.h: a necessary condition on a game's summary
 * (#CqGameSummary) that a query puts before a search of an index: a game
 * whose summary fails it cannot match the query, and its evaluation
 * would leave no trace (no match, no message, no variable changed), so
 * the search passes over it without reading it (docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each dialect builds the condition from its compiled query
 * (cq_query_get_index_condition()): a filter it can reason about gives a
 * leaf, `and` and `or` give nodes, a transform the union of its images,
 * and any other filter "true".  The condition never excludes a game that
 * could match: that is its one rule.
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game-summary.h"

G_BEGIN_DECLS

typedef struct _CqIndexCondition CqIndexCondition;

/**
 * CqSummaryColumns:
 * The summaries of @n_games games, one array per member of
 * #CqGameSummary (an index keeps them so, cq-index.h), each @n_games
 * long: @squares[p][i] is game i's #CqGameSummary.squares[p], and so on;
 * @counts[p][i] its #CqGameSummary.min_count[p] and max_count[p] in one
 * byte (cq_game_summary_pack_counts()); @keys holds CQ_SUMMARY_KEY_WORDS
 * words a game, game i's #CqGameSummary.keys at @keys + i *
 * CQ_SUMMARY_KEY_WORDS.  @squares[CQ_EMPTY], and @counts of
 * CQ_SUMMARY_UNCOUNTED (the empty squares, the kings) are NULL: no
 * condition reads them (an index keeps none, cq_index_condition_new_squares(),
 * cq_index_condition_new_count_at_least()).
 *
 * @file_base: NULL, or the start of a file mapped whole that holds the
 * columns (an index, cq_index_get_columns()), open as @fd: a selection
 * then reads the bytes at column address X with pread() from @fd at
 * offset X - @file_base rather than through the mapping, which cost
 * more in page faults than the copy (tests/bench/RESULTS.md).
 */
typedef struct {
  guint64        n_games;
  const guint64 *squares[CQ_N_PIECES];
  const guint8  *counts[CQ_N_PIECES];
  const guint32 *flags;
  const guint64 *keys;
  const void    *file_base;
  int            fd;
} CqSummaryColumns;

/* Leaves.  @pieces: a set of #CqPiece as CQ_PIECE_BIT() bits (CQ_EMPTY
 * included); @squares: a square set (bit n for square n, a1 = 0). */

/* Every game passes; no game passes. */
CqIndexCondition *cq_index_condition_new_true   (void);
CqIndexCondition *cq_index_condition_new_false  (void);
/* The game's #CqGameSummary.flags include every one of @all_of
 * (#CqSummaryFlags; not necessarily at one position). */
CqIndexCondition *cq_index_condition_new_flags  (guint32 all_of);
/* In some position a piece of @pieces stands on a square of @squares:
 * the union of #CqGameSummary.squares over @pieces meets @squares.  The
 * necessary condition of a piece designator that must match somewhere.
 * FALSE when @pieces or @squares is empty; TRUE when @pieces holds
 * CQ_EMPTY (an index keeps no empty squares: they are nearly every square
 * in nearly every game, docs/index.md). */
CqIndexCondition *cq_index_condition_new_squares (guint16 pieces, guint64 squares);
/* Some position has at least @n pieces of @pieces: the sum of
 * #CqGameSummary.max_count over @pieces, as an index reads them back
 * (cq_game_summary_unpack_most()), is at least @n.  TRUE for @n 0, and
 * when @pieces holds CQ_EMPTY or a king (CQ_SUMMARY_UNCOUNTED: an index
 * keeps no counts of them). */
CqIndexCondition *cq_index_condition_new_count_at_least (guint16 pieces, guint n);
/* Some position has at most @n pieces of @pieces: the sum of
 * #CqGameSummary.min_count over @pieces, as an index reads them back, is
 * at most @n.  TRUE when @pieces holds CQ_EMPTY or a king. */
CqIndexCondition *cq_index_condition_new_count_at_most  (guint16 pieces, guint n);

/* Some position may have one of the Zobrist keys @keys (@n_keys of them,
 * copied; cq-zobrist.h): the game's #CqGameSummary.keys may hold one of
 * them (cq_game_summary_may_hold_key()).  The necessary condition of an
 * exact position search.  FALSE when @n_keys is 0.  Its image under a
 * transform is TRUE (a key does not say where the pieces stand). */
CqIndexCondition *cq_index_condition_new_keys (const guint64 *keys, guint n_keys);

/* Both; either.  Each takes ownership of @a and @b and returns a
 * condition that may be one of them (TRUE and FALSE are simplified). */
CqIndexCondition *cq_index_condition_and (CqIndexCondition *a, CqIndexCondition *b);
CqIndexCondition *cq_index_condition_or  (CqIndexCondition *a, CqIndexCondition *b);

/**
 * cq_index_condition_transform:
 * @condition: a condition.
 * @square_map: the image of each square under a symmetry of the board, or
 *   -1 where the square leaves the board (a shift).
 * @swap_colors: TRUE for a transform that also reverses the colours
 *   (`flipcolor`, `reversecolor`): each white piece becomes the black one
 *   of its type and back; the flags stay.
 *
 * Returns: (transfer full): @condition's image, for the union a transform
 *   contributes (cq_index_condition_or() of the images, the identity
 *   included).  A leaf whose squares all leave the board becomes FALSE.
 *   Counts are unchanged by a symmetry of the board; a shift that drops
 *   squares makes a count leaf TRUE.
 */
CqIndexCondition *cq_index_condition_transform (const CqIndexCondition *condition,
                                                const gint8             square_map[64],
                                                gboolean                swap_colors);

CqIndexCondition *cq_index_condition_copy (const CqIndexCondition *condition);
void              cq_index_condition_free (CqIndexCondition *condition);

/* TRUE for the condition every game passes (a search reads every game). */
gboolean cq_index_condition_is_true  (const CqIndexCondition *condition);

/* Whether @summary passes @condition. */
gboolean cq_index_condition_test     (const CqIndexCondition *condition,
                                      const CqGameSummary    *summary);

/**
 * cq_index_condition_select:
 * @bitmap: (out caller-allocates): (@columns->n_games + 63) / 64 words;
 *   bit i (word i / 64, bit i % 64) is set when game i passes
 *   @condition or has a flag of #CQ_SUMMARY_ALWAYS_READ.
 *
 * Tests every game of @columns, a window of games at a time, each
 * column a leaf reads read for the games of the window in question (with
 * pread() when @columns names a file: #CqSummaryColumns.file_base).  A
 * window whose columns cannot all be read from the file (an I/O error, a
 * file shortened since it was opened) has all its games selected: the
 * mapping is not read instead, and the selection stays a superset.
 *
 * Returns: the number of games selected.
 */
guint64  cq_index_condition_select   (const CqIndexCondition *condition,
                                      const CqSummaryColumns *columns,
                                      guint64                *bitmap);

/* The condition as a one-line text, for messages and tests:
 * `true`, `false`, `flags(mate|check)`, `squares(RQ,a1 h8)`,
 * `count>=(P,3)`, `count<=(p,0)`, `keys(0123456789abcdef fedcba9876543210)`,
 * `and(...)`, `or(...)`. */
char    *cq_index_condition_to_string (const CqIndexCondition *condition);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqIndexCondition, cq_index_condition_free)

G_END_DECLS
