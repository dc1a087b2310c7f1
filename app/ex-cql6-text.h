/* ex-cql6-text.h: the text the workbench writes in either dialect: new
 * queries, the palettes' class spellings, and where an item goes in a
 * CQL 6 query (the designators and patterns themselves are the engine's,
 * cq-designator-text.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cql/cq-designator-text.h"
#include "cql/cq-query.h"

G_BEGIN_DECLS

/* What an item to insert is: a designator goes at the cursor when it can;
 * a position (several filters) on a line of its own. */
typedef enum {
  EX_CQL6_ITEM_DESIGNATOR,
  EX_CQL6_ITEM_POSITION,
} ExCql6ItemKind;

/* Where ex_cql6_plan_insertion() puts an item: @header_text at
 * @header_offset (or nothing, @header_text NULL), @body_text at
 * @body_offset; both offsets are in characters of the text before the
 * change.  With @replace_all the whole text is replaced by @body_text.
 * @cursor: where the cursor goes, in characters of the text after. */
typedef struct {
  gboolean  replace_all;
  int       header_offset;
  char     *header_text;
  int       body_offset;
  char     *body_text;
  int       cursor;
} ExCql6Insertion;

void        ex_cql6_insertion_clear        (ExCql6Insertion        *insertion);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExCql6Insertion, ex_cql6_insertion_clear)

CqDialect   ex_cql_new_query_dialect       (void);
const char *ex_cql_new_query_text          (CqDialect               dialect);
CqDialect   ex_cql_insert_dialect          (const char             *text);

char       *ex_cql_class_spelling          (char                    symbol,
                                            CqDialect               dialect);

void        ex_cql6_plan_insertion         (const char             *text,
                                            int                     cursor,
                                            const char             *item,
                                            ExCql6ItemKind          kind,
                                            const char             *header_word,
                                            ExCql6Insertion        *out);
void        ex_cql6_insert_into_buffer     (GtkTextBuffer          *buffer,
                                            const char             *item,
                                            ExCql6ItemKind          kind,
                                            const char             *header_word);

G_END_DECLS
