/* cq3-compile-private.h: what the CQL 3 compiler (cq3-compile.c) and its
 * argument readers (cq3-arguments.c) share: the compiler's state and the
 * functions each calls in the other.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cql/cql3/cq3-private.h"
#include "cql/cql3/cq3-keywords-private.h"

G_BEGIN_DECLS

/* The state of one compilation: the query being filled, where errors go,
 * the instances the query may still create (its budget), the nesting
 * depth, and the first :relation (R11: not with tags). */
typedef struct {
  CqQuery    *query;
  const char *filename; /* for messages */
  GError    **error;
  guint64     budget;   /* instances the query may still create */
  guint       depth;    /* 0 while compiling a top-level position list */
  const CqSexp *relation_item; /* the first :relation (R11: not with tags) */
} Compiler;

/* cq3-compile.c: messages, keyword lookup, designators, nested lists. */

/* How an item reads in a message: `text`, or "a list `(head ...)`".
 * (transfer full) */
char     *_cq3_describe_item  (const CqSexp *item);

/* Sets the compiler's error: @code (a CqQueryError) at @line:@column of
 * the query, "FILE:LINE:COLUMN: message" (rulings R13).  Returns FALSE. */
gboolean  _cq3_fail_at        (Compiler *c, int code, guint line, guint column,
                               const char *format, ...) G_GNUC_PRINTF (5, 6);

/* Looks up a keyword and checks that it may stand in @context and is
 * evaluated there.  Returns NULL with the error set otherwise. */
const CqKeywordInfo *_cq3_check_keyword (Compiler *c, const CqSexp *item,
                                         CqKeywordContext context);

/* A piece designator, `$tag[squares]` included (rulings R11). */
gboolean  _cq3_parse_designator (Compiler *c, const CqSexp *item, CqDesignator *out);

/* Compiles a position list: its template (the list as written), not yet
 * expanded into instances (compile_top_list() and cq3-transform.c do). */
gboolean  _cq3_compile_position_list (Compiler *c, const CqSexp *list, guint32 inherited,
                                      CqPositionList **out);

/* _cq3_fail_at() at the line and column of @item. */
#define fail(c, code, item, ...) \
  _cq3_fail_at ((c), (code), (item)->line, (item)->column, __VA_ARGS__)

/* cq3-arguments.c: the argument after the keyword at @list->items[*i],
 * *i advanced past it; FALSE (NULL, -1) with an error set. */
gboolean  _cq3_looks_like_integer (const char *text);

/* A range specifier after @list->items[*i], an argument of @keyword
 * (manual "Range specifiers"): one integer, or two (first <= second, else
 * CQ_QUERY_ERROR_SYNTAX), possibly negative.  If @optional and no integer
 * follows, *out is left as it is (TRUE).  Advances *i. */
gboolean  _cq3_take_range     (Compiler *c, const CqSexp *list, guint *i, const char *keyword,
                               gboolean optional, CqRange *out);

/* A piece designator after @list->items[*i], an argument of @keyword
 * ("keyword 'K' expects WHAT, found X" if it is missing).  Advances *i. */
gboolean  _cq3_take_designator (Compiler *c, const CqSexp *list, guint *i, const char *keyword,
                                const char *what, CqDesignator *out);

/* `1-0`, `0-1`, `1/2-1/2` or `1/2` after @list->items[*i] (manual "The
 * match list"; rulings R3).  Advances *i. */
gboolean  _cq3_take_result    (Compiler *c, const CqSexp *list, guint *i, guint8 *out);

/* A ray specifier `(D1 D2 ... Dn)` after @list->items[*i] (manual ":ray";
 * rulings R6).  Advances *i. */
gboolean  _cq3_take_ray       (Compiler *c, const CqSexp *list, guint *i, CqTest *test);

/* The list of position lists after @list->items[*i] (:and, :or; rulings
 * R12).  Advances *i. */
gboolean  _cq3_take_position_lists (Compiler *c, const CqSexp *list, guint *i,
                                    guint32 inherited, CqTest *test);

/* A name argument (tag or accumulator): alphanumeric (manual "Tagging"). */
const char *_cq3_take_name    (Compiler *c, const CqSexp *list, guint *i, const char *what);

/* The index of accumulator @name, added if new (R8). */
guint     _cq3_accumulator_index (Compiler *c, const char *name);

/* A tag defined by :forany (R11), or -1 with CQ_QUERY_ERROR_SEMANTIC. */
int       _cq3_tag_index      (Compiler *c, const CqSexp *item, const char *name);

/* A relation specification `(:keyword ...)` after @list->items[*i]
 * (manual "The :relation keyword"; rulings R10).  Advances *i. */
gboolean  _cq3_take_relation  (Compiler *c, const CqSexp *list, guint *i, CqRelation *rel);

G_END_DECLS
