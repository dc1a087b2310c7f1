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

/* CQL 3's result in CQL 6 (`1/2` is `1/2-1/2`). */
const char *_cq_convert_result_text (const char *text);

/* Converts the keywords of the position list @list into @b (initialised
 * by the caller); cv->shift_h/_v hold the shifts it inherits.  FALSE with
 * cv->error set if some construct cannot be converted. */
gboolean  _cq_convert_list          (Converter *cv, const CqSexp *list, Block *b);

/* @b on one line: its filters in braces, its transforms before them,
 * `not` before all for :not.  (transfer full) */
char     *_cq_convert_block_inline  (const Block *b);

/* cq-convert-keywords.c; each contract is given at its definition. */
gboolean  _cq_convert_edge_safe     (CqBitboard squares, gboolean horizontal, gboolean vertical);
char     *_cq_convert_designator_text (Converter *cv, const CqSexp *item);
char     *_cq_convert_range_text    (const char *expr, gint64 min, gint64 max, gint64 lo,
                                     gint64 hi);
gboolean  _cq_convert_designator_unique (const CqSexp *item);
gint64    _cq_convert_designator_bound (const CqSexp *item);
char     *_cq_convert_ray_text      (Converter *cv, const CqKeywordInfo *info, const CqSexp *arg,
                                     gboolean reversed, const char *last);
char     *_cq_convert_relation_text (Converter *cv, const CqSexp *spec);
const CqSexp *_cq_convert_list_keyword_at (const CqSexp *list, const char *name);
const CqSexp *_cq_convert_list_accumulator (const CqSexp *list);

/* Fills cv->sums from the :accumulate of @list and its nested lists. */
gboolean  _cq_convert_accumulators  (Converter *cv, const CqSexp *list, gboolean inherited);

/* TRUE if @text is one parenthesised group, `(...)`, and not `(a) or (b)`. */
gboolean  _cq_convert_one_group     (const char *text);

G_END_DECLS
