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
char     *_cq3_describe_item  (const CqSexp *item);
gboolean  _cq3_fail_at        (Compiler *c, int code, guint line, guint column,
                               const char *format, ...) G_GNUC_PRINTF (5, 6);
const CqKeywordInfo *_cq3_check_keyword (Compiler *c, const CqSexp *item,
                                         CqKeywordContext context);
gboolean  _cq3_parse_designator (Compiler *c, const CqSexp *item, CqDesignator *out);
gboolean  _cq3_compile_position_list (Compiler *c, const CqSexp *list, guint32 inherited,
                                      CqPositionList **out);

/* _cq3_fail_at() at the line and column of @item. */
#define fail(c, code, item, ...) \
  _cq3_fail_at ((c), (code), (item)->line, (item)->column, __VA_ARGS__)

/* cq3-arguments.c: the argument after the keyword at @list->items[*i],
 * *i advanced past it; FALSE (NULL, -1) with an error set. */
gboolean  _cq3_looks_like_integer (const char *text);
gboolean  _cq3_take_range     (Compiler *c, const CqSexp *list, guint *i, const char *keyword,
                               gboolean optional, CqRange *out);
gboolean  _cq3_take_designator (Compiler *c, const CqSexp *list, guint *i, const char *keyword,
                                const char *what, CqDesignator *out);
gboolean  _cq3_take_result    (Compiler *c, const CqSexp *list, guint *i, guint8 *out);
gboolean  _cq3_take_ray       (Compiler *c, const CqSexp *list, guint *i, CqTest *test);
gboolean  _cq3_take_position_lists (Compiler *c, const CqSexp *list, guint *i,
                                    guint32 inherited, CqTest *test);
const char *_cq3_take_name    (Compiler *c, const CqSexp *list, guint *i, const char *what);
guint     _cq3_accumulator_index (Compiler *c, const char *name);
int       _cq3_tag_index      (Compiler *c, const CqSexp *item, const char *name);
gboolean  _cq3_take_relation  (Compiler *c, const CqSexp *list, guint *i, CqRelation *rel);

G_END_DECLS
