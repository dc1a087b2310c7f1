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
 * @body_offset in place of the @body_length characters there (0: none,
 * an insertion); offsets and lengths are in characters of the text before
 * the change.  With @replace_all the whole text is replaced by
 * @body_text.  @cursor: where the cursor goes, in characters of the text
 * after. */
typedef struct {
  gboolean  replace_all;
  int       header_offset;
  char     *header_text;
  int       body_offset;
  int       body_length;
  char     *body_text;
  int       cursor;
} ExCql6Insertion;

void        ex_cql6_insertion_clear        (ExCql6Insertion        *insertion);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ExCql6Insertion, ex_cql6_insertion_clear)

/**
 * ex_cql_new_query_dialect:
 *
 * Returns: the dialect of new queries, as the preferences set it
 *   ("new-query-dialect"); CQL 6 without settings.
 */
CqDialect   ex_cql_new_query_dialect       (void);

/**
 * ex_cql_new_query_text:
 *
 * Returns: the text New Query starts from in @dialect: a header (or match
 *   list), a comment saying what to write, and a placeholder filter, so
 *   that the text parses as it is.
 */
const char *ex_cql_new_query_text          (CqDialect               dialect);

/**
 * ex_cql_insert_dialect:
 * @text: the editor's text.
 *
 * Returns: the dialect the picker and the pattern board write into @text:
 *   its own, or the dialect of new queries when it is empty.
 */
CqDialect   ex_cql_insert_dialect          (const char             *text);

/**
 * ex_cql_class_spelling:
 * @symbol: a piece type or class of the palettes (EX_PICKER_SYMBOLS: `K`,
 *   `.`, `?`, `U`, `M` ...; CQL 3 manual, "Piece designators").
 * @dialect: the dialect of the query being edited.
 *
 * The spelling a palette button shows for @symbol: its CQL 3 letter, or in
 * CQL 6 the designator written for the class alone on every square
 * (cq_designator_sets_to_cql6_text(): `[QR]` for `M`, `_` for `.`, `.` for `?`,
 * `[Aa]` for `U`), so that the picker's and the pattern board's palettes
 * show what they write.
 *
 * Returns: (transfer full): the spelling.
 */
char       *ex_cql_class_spelling          (char                    symbol,
                                            CqDialect               dialect);

/**
 * ex_cql6_plan_insertion:
 * @text: the editor's text, a CQL 6 query (or empty).
 * @cursor: the cursor, in characters.
 * @item: what to insert: a designator (`Ra1`) or a position's filters.
 * @kind: which of the two @item is.
 * @header_word: (nullable): a header parameter the item needs
 *   (`variations`), added to the header unless it is there.
 * @out: (out caller-allocates): the changes; clear with
 *   ex_cql6_insertion_clear().
 *
 * Plans the insertion of @item into the body of @text so that the query
 * stays whole:
 * - into an empty text (blanks only): `cql()`, then @item on its line;
 * - in place of the placeholder of a new query (ex_cql_new_query_text()):
 *   when the body's only filter is `true`, @item replaces it;
 * - a designator at the cursor, moved out of the word it is in and spaced
 *   from its neighbours, when the cursor is in the body outside comments
 *   and strings and the query still parses with it there (or did not parse
 *   before either);
 * - a position on the cursor's line when that line of the body is empty;
 * - otherwise on a new line at the end of the text.
 */
void        ex_cql6_plan_insertion         (const char             *text,
                                            int                     cursor,
                                            const char             *item,
                                            ExCql6ItemKind          kind,
                                            const char             *header_word,
                                            ExCql6Insertion        *out);

/**
 * ex_cql6_insert_into_buffer:
 * @buffer: the editor's buffer, holding a CQL 6 query or nothing.
 *
 * Inserts @item as ex_cql6_plan_insertion() plans it, as one undoable
 * action, and puts the cursor after it.
 */
void        ex_cql6_insert_into_buffer     (GtkTextBuffer          *buffer,
                                            const char             *item,
                                            ExCql6ItemKind          kind,
                                            const char             *header_word);

G_END_DECLS
