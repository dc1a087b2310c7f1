/* ex-piece-counts.h: piece counts of the pattern board ("at least 2 white
 * knights", "no black pawns"), written in the query's dialect.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cql/cq-designator-text.h"
#include "cql/cq-query.h"

G_BEGIN_DECLS

/* How a count compares with its number. */
typedef enum {
  EX_COUNT_AT_LEAST,
  EX_COUNT_EXACTLY,
  EX_COUNT_AT_MOST,
} ExCountRelation;

/* The most pieces of one kind a count may name: 16 of one colour, 32 in
 * all. */
#define EX_PIECE_COUNT_MAX 32

/**
 * ExPieceCount:
 * @relation: how the number of pieces compares with @number.
 * @number: 0 .. EX_PIECE_COUNT_MAX.
 * @pieces: the piece types counted (CQ_PIECE_BIT() bits, not the empty
 *   square).
 * @squares: the squares they are counted on (CQ_SQUARES_ALL: anywhere).
 */
typedef struct {
  ExCountRelation relation;
  guint           number;
  guint16         pieces;
  CqBitboard      squares;
} ExPieceCount;

/**
 * ex_piece_count_to_text:
 * @count: a piece count.
 * @dialect: the dialect of the query it goes into.
 *
 * The count as the query says it, read by the engine as it says:
 * - CQL 3 (manual, "Piece configuration keywords", `:piececount`): a
 *   keyword of the position list, `:piececount N 2 64` (at least),
 *   `:piececount p 0` (exactly), `:piececount p[d5] 0 1` (at most);
 * - CQL 6 (docs/cql6.md, `#` counts the squares of a set): a filter,
 *   `#N >= 2`, `#p <= 1`, `#N == 2`, and `not p` for none.
 *
 * Returns: (transfer full): the text.
 */
char       *ex_piece_count_to_text         (const ExPieceCount *count,
                                            CqDialect           dialect);

/**
 * ex_piece_count_describe:
 * @count: a piece count.
 *
 * Returns: (transfer full): the count in words, translated: "at least 2
 *   white knights", "no black pawns", "at most 1 black pawn on d5".
 */
char       *ex_piece_count_describe        (const ExPieceCount *count);

#define EX_TYPE_PIECE_COUNTS (ex_piece_counts_get_type ())

G_DECLARE_FINAL_TYPE (ExPieceCounts, ex_piece_counts, EX, PIECE_COUNTS, GtkBox)

/* Returns: (transfer floating): the counts' editor, no count. */
GtkWidget  *ex_piece_counts_new            (void);

/**
 * ex_piece_counts_add:
 * @count: the count to add (copied).
 *
 * Adds @count to the list, each shown in words with a button that takes
 * it off, and emits ExPieceCounts::changed.
 */
void        ex_piece_counts_add            (ExPieceCounts      *self,
                                            const ExPieceCount *count);

/* Adds the count the editor's controls set (relation, number, piece
 * class, squares), as the Add button does.  Returns: FALSE, adding
 * nothing, if the squares typed are no square designator (then the entry
 * is marked as an error). */
gboolean    ex_piece_counts_add_current    (ExPieceCounts      *self);

/* Takes the @index-th count off (0 the first added). */
void        ex_piece_counts_remove         (ExPieceCounts      *self,
                                            guint               index);

/* Takes every count off. */
void        ex_piece_counts_clear          (ExPieceCounts      *self);

guint       ex_piece_counts_get_n_counts   (ExPieceCounts      *self);

/* Returns: (transfer none): the @index-th count. */
const ExPieceCount *ex_piece_counts_get_count (ExPieceCounts   *self,
                                               guint            index);

/**
 * ex_piece_counts_to_text:
 * @dialect: the dialect of the query.
 *
 * Returns: (transfer full) (nullable): the counts, each as
 *   ex_piece_count_to_text() writes it, separated by spaces; NULL if
 *   there is none.
 */
char       *ex_piece_counts_to_text        (ExPieceCounts      *self,
                                            CqDialect           dialect);

/**
 * ex_piece_counts_set_controls:
 * @relation: the relation to choose.
 * @number: the number to set.
 * @pieces: a piece class the editor offers (one piece type but the king,
 *   or all of one colour, CQ_PIECES_WHITE or CQ_PIECES_BLACK).
 * @squares: (nullable): the squares typed ("d5", "a-h7"), or NULL for
 *   none (anywhere).
 *
 * Sets the editor's controls, as a click on them would.  Returns: FALSE if
 * @pieces is not a class the editor offers.
 */
gboolean    ex_piece_counts_set_controls   (ExPieceCounts      *self,
                                            ExCountRelation     relation,
                                            guint               number,
                                            guint16             pieces,
                                            const char         *squares);

G_END_DECLS
