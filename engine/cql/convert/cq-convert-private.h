/* cq-convert-private.h: the parts of the CQL 3 -> CQL 6 converter
 * (cq_query_convert_to_cql6()): cq-convert.c writes the match list, the
 * layout and the comments; cq-convert-list.c the position lists;
 * cq-convert-keywords.c designators, ranges, rays, relations and
 * accumulators.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "chess/cq-chess.h"
#include "cql/cql3/cq3-sexp-private.h"
#include "cql/cql3/cq3-keywords-private.h"

G_BEGIN_DECLS

/* The CQL 6 filters of one position list, in the order of the CQL 3
 * keywords, each with the line it comes from. */
typedef struct {
  GPtrArray *texts;    /* char * */
  GArray    *lines;    /* guint: the first CQL 3 line of each filter */
  GArray    *ends;     /* guint: its last line */
  char      *prefix;   /* the transforms, "flipcolor flip shift", or NULL */
  gboolean   negated;  /* :not: the whole list, transforms included */
  gboolean   gapped_only; /* its one filter is a :gappedsequence */
} Block;

typedef struct {
  const char *filename;
  GError    **error;
  GPtrArray  *out;          /* OutLine * */
  /* While a position list is converted: the shifts in effect (its own and
   * those it inherits, rulings R7/R12), for the edge rule; and whether
   * its moves and lines must keep to the main continuation (a list
   * without :variations in a query whose header says `variations`). */
  gboolean    shift_h;
  gboolean    shift_v;
  gboolean    primary;
  /* The match list's tags (:forany, rulings R11) and the CQL 6 piece
   * variables that stand for them. */
  /* Accumulator name -> the CQL 6 count of the members of the list that
   * adds to it (R8); TRUE while that count is being written. */
  GHashTable *sums;
  gboolean    counting;
  /* How deep the list being converted is nested (:and, :or, sequences). */
  guint       depth;
  /* The header says `variations`. */
  gboolean    variations;
  /* The list being converted has transforms, its own or inherited. */
  gboolean    transformed;
  guint       n_tags;
  char       *tag_names[2];
  char       *tag_vars[2];
} Converter;

void      _cq_convert_block_init    (Block *b);
void      _cq_convert_block_clear   (Block *b);
/* Inserts @text (taken) at the start of @b, as if on the line @line. */
void      _cq_convert_block_prepend (Block *b, guint line, char *text);

/* Sets CQ_QUERY_ERROR_CONVERT at @at: "FILE:LINE:COLUMN: cannot convert
 * to CQL 6: message".  Returns FALSE. */
gboolean  _cq_convert_refuse        (Converter *cv, const CqSexp *at, const char *format,
                                     ...) G_GNUC_PRINTF (3, 4);

/* The range after @list->items[*i], as the compiler read it (one or two
 * integers; none leaves @min and @max as they are).  Advances *i. */
void      _cq_convert_take_range    (const CqSexp *list, guint *i, gint64 *min, gint64 *max);

/* CQL 3's result in CQL 6 (`1/2` abbreviates `1/2-1/2`, rulings R3). */
const char *_cq_convert_result_text (const char *text);

/* Converts the keywords of the position list @list (manual "The Position
 * List") into @b (initialised by the caller); cv->shift_h/_v hold the
 * shifts it inherits.  FALSE with cv->error set if some construct cannot
 * be converted. */
gboolean  _cq_convert_list          (Converter *cv, const CqSexp *list, Block *b);

/* A converted position list @b written on one line: its transforms
 * first, then its filters, in braces when there are several (none:
 * `true`); for :not, `not` before all, with the transforms and filters in
 * parentheses when there are transforms (R12), and one filter of several
 * words in braces (`not {check mate}`).  (transfer full) */
char     *_cq_convert_block_inline  (const Block *b);

/* cq-convert-keywords.c: the pieces of the keywords' CQL 6 text. */

/* TRUE if CQL 3's and CQL 6's shifts move @squares alike (rulings R7,
 * docs/cql6-rulings.md 13): CQL 3 keeps a square on the edge opposite to
 * the move as well as moving it, CQL 6 only moves it.  The two agree when
 * no square of the set is on such an edge, or when every line through
 * one is whole (a whole rank under a horizontal shift stays whole in
 * both). */
gboolean  _cq_convert_edge_safe     (CqBitboard squares, gboolean horizontal, gboolean vertical);

/* The piece designator @item of the CQL 3 text (its tag, if any, among
 * cv->tag_names) in CQL 6 spelling, or NULL with cv->error set.  Under a
 * shift, a designator of one square on the edge is written with the
 * squares CQL 3's shift adds; one of several squares with some on the
 * edge is refused (CQ_QUERY_ERROR_CONVERT): its squares would not leave
 * the board together.  (transfer full) */
char     *_cq_convert_designator_text (Converter *cv, const CqSexp *item);

/* @expr within min..max, as a person writes it: `== n`, `>= n`, `<= n`
 * or `a <= X <= b`; @lo and @hi are the values @expr can take (a bound
 * beyond them is left out). */
char     *_cq_convert_range_text    (const char *expr, gint64 min, gint64 max, gint64 lo,
                                     gint64 hi);

/* TRUE if the piece designator @item stands for one square at most in
 * any legal position, whatever the transform: one square, or one king
 * (a legal position has one king of each colour). */
gboolean  _cq_convert_designator_unique (const CqSexp *item);

/* The most squares the piece designator @item can match in a legal
 * position: 1 for a tag or a king; otherwise its squares, at most 32 if
 * it asks for pieces only. */
gint64    _cq_convert_designator_bound (const CqSexp *item);

/* The rays of :ray... as a CQL 6 set filter (`ray diagonal (Q n k)`);
 * :rayattack is the rays whose first square holds a piece that slides
 * that way (R6), one ray filter per kind of line.  @reversed: the
 * designators in the other order (a ray read backwards is a ray), so
 * that the value is the set of first squares.  @last: (nullable) the
 * text that stands for the last designator (a loop's square variable). */
char     *_cq_convert_ray_text      (Converter *cv, const CqKeywordInfo *info, const CqSexp *arg,
                                     gboolean reversed, const char *last);

/* The relation specification @spec (R10) as a CQL 6 echo: the source is
 * P1, each target a later position of its line; on every square the two
 * agree, or P1's piece is missing in P2, or P2 has a new piece on an empty
 * square, as the missing and new piece counts allow.  Refuses :pattern,
 * the relation's :shift and :flip.  (transfer full) */
char     *_cq_convert_relation_text (Converter *cv, const CqSexp *spec);

/* The keyword @name among @list's items, or NULL. */
const CqSexp *_cq_convert_list_keyword_at (const CqSexp *list, const char *name);

/* The name after @list's :accumulate, or NULL. */
const CqSexp *_cq_convert_list_accumulator (const CqSexp *list);

/* Fills cv->sums for the accumulators the position list @list and the
 * lists nested in it add to (R8): the number of transform members of the
 * list that match, `(shift count {...})`, counted before any :sumrange.
 * @inherited: @list is inside a list with transforms, whose members it
 * would count too.  FALSE with cv->error set for what is not converted. */
gboolean  _cq_convert_accumulators  (Converter *cv, const CqSexp *list, gboolean inherited);

/* TRUE if @text is one parenthesised group, `(...)`, and not `(a) or (b)`. */
gboolean  _cq_convert_one_group     (const char *text);

G_END_DECLS
