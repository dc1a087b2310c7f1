/* cq-query-info.h: what the readers of both dialects tell about a query's
 * text besides its compiled form: where an error is, whether a query marks
 * every matching position, whether a CQL 3 text is a bare position list,
 * the names a query declares, the sets of a CQL 6 piece designator.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An editor asks these questions of a text while it is being typed; the
 * answers come from the same readers a search uses (cql3/cq3-sexp.c for
 * CQL 3, the lexer cql6/cq6-lexer.c and designator parser
 * common/cq-designator.c for CQL 6), so that the editor never reads CQL
 * differently from the engine.
 */
#pragma once

#include <glib.h>
#include "cql/cq-query.h"
#include "cql/cq-designator-text.h"

G_BEGIN_DECLS

/**
 * cq_query_error_get_location:
 * @error: any #GError.
 * @filename: (out) (optional) (transfer none): the file name the message
 *   starts with ("<query>" when the reader was given none); owned by
 *   @error.
 * @line: (out) (optional): 1-based line.
 * @column: (out) (optional): 1-based column, in characters (0 when the
 *   message says 0).
 *
 * Where a CQ_QUERY_ERROR is, as data: the FILE, LINE and COLUMN its
 * message starts with ("FILE:LINE:COLUMN: message", #CqQueryError, rulings
 * R13).  Every reader and compiler of either dialect, and
 * cq_query_convert_to_cql6(), records it on the errors they set with a
 * location.  An extended error of the CQ_QUERY_ERROR domain (GLib's
 * G_DEFINE_EXTENDED_ERROR): g_error_copy() keeps the location.
 *
 * Returns: TRUE if @error is a CQ_QUERY_ERROR with a location; FALSE for
 *   any other error and for those without one (CQ_QUERY_ERROR_IO, the FEN
 *   of cq_query_new_for_position()), the out values then untouched.
 */
gboolean    cq_query_error_get_location (const GError  *error,
                                         const char   **filename,
                                         guint         *line,
                                         guint         *column);

/**
 * cq_query_error_get_detail:
 * @error: any #GError.
 *
 * Returns: (transfer none): @error's message after its location and the
 *   space that follows it ("unknown keyword..." of
 *   "<query>:3:5: unknown keyword..."), for a caller that shows the
 *   location its own way; the whole message for an error without a
 *   location (cq_query_error_get_location()).  Points into @error's
 *   message.
 */
const char *cq_query_error_get_detail   (const GError  *error);

/**
 * cq_query_set_error_at:
 * @error: (out) (optional): where to put the error, as g_set_error().
 * @code: a #CqQueryError.
 * @filename: (nullable): the file name of the message ("<query>" if NULL).
 * @line, @column: 1-based, column in characters.
 * @detail: the message after the location, written as it is.
 *
 * Sets a CQ_QUERY_ERROR "FILE:LINE:COLUMN: DETAIL" with its location
 * recorded (cq_query_error_get_location()), as the engine's readers set
 * theirs: for a caller that compiles a text built from the user's (a
 * position list wrapped in a match list) and reports an error at the
 * place of the user's text.
 */
void        cq_query_set_error_at       (GError       **error,
                                         CqQueryError   code,
                                         const char    *filename,
                                         guint          line,
                                         guint          column,
                                         const char    *detail);

/**
 * cq_query_marks_all:
 *
 * Whether a search marks every matching position of a game, not only the
 * first: TRUE for a CQL 3 query one of whose position lists, at any depth,
 * has `:markall` (manual "Position list keywords", rulings R2), for a CQL
 * 6 query (CQL 6 marks every matching position, docs/cql6.md) and for a
 * position search (cq_query_new_for_position(): every matching position
 * is reported); FALSE for other CQL 3 queries.
 */
gboolean    cq_query_marks_all          (const CqQuery *query);

/**
 * cq_query_text_is_bare_position_list:
 * @text: a CQL 3 query's text, @len bytes (-1: NUL-terminated); UTF-8 or
 *   Windows-1252 as the reader takes it.
 *
 * Whether the first item of @text, as the CQL 3 list reader reads it
 * (cq3-sexp.c: `;` comments skipped), is a position list, `(position ...)`,
 * rather than the match list a query must be (manual "CQL Syntax").  An
 * editor compiles such a text inside `(match ...)`: the user writes the
 * position list and the database comes from elsewhere.  The text need
 * not read yet: a `(` not closed, a `)` without its `(` or a `"` not
 * closed on its line is read as if mended (closed, left out, left out),
 * so that the answer holds while the text is typed.
 *
 * Returns: TRUE for a bare position list.
 */
gboolean    cq_query_text_is_bare_position_list (const char *text,
                                                 gssize      len);

/**
 * CqNameKind:
 * What a name a query declares stands for (cq_query_list_names()).
 * @CQ_NAME_TAG: CQL 3: a tag, `:forany NAME designator` (rulings R11),
 *   used as `$NAME` in designators and as NAME after `:tagmatch`.
 * @CQ_NAME_VARIABLE: CQL 6: a variable, `Name = ...` (not `==`, not a
 *   dictionary entry's `.Name =`).
 * @CQ_NAME_SQUARE: CQL 6: a square variable, `square [all] Name in ...`.
 * @CQ_NAME_PIECE: CQL 6: a piece variable, `piece [all] Name in ...`.
 * @CQ_NAME_FUNCTION: CQL 6: a function, `function Name (...)`.
 * @CQ_NAME_POSITION: CQL 6: one of echo's two positions,
 *   `echo (Source Target)`.
 * (docs/cql6.md "Variables, loops and functions".)
 */
typedef enum {
  CQ_NAME_TAG,
  CQ_NAME_VARIABLE,
  CQ_NAME_SQUARE,
  CQ_NAME_PIECE,
  CQ_NAME_FUNCTION,
  CQ_NAME_POSITION,
} CqNameKind;

/**
 * CqDeclaredName:
 * @name: the name (owned by the array that holds it).
 * @kind: what it stands for.
 */
typedef struct {
  char       *name;
  CqNameKind  kind;
} CqDeclaredName;

/**
 * cq_query_list_names:
 * @text: a query, @len bytes (-1: NUL-terminated), perhaps unfinished.
 * @dialect: the dialect to read @text in.
 *
 * The names @text declares, for an editor's completion (#CqNameKind says
 * which declarations count).  CQL 3: the name after each `:forany` (its
 * letters, digits and `_`), read by the CQL 3 list reader, mended as
 * cq_query_text_is_bare_position_list() mends it; in the order written,
 * a name declared twice listed twice.  CQL 6: read from the tokens of
 * the CQL 6 lexer, not the parser, so that a query that does not parse
 * yet (it rarely does while being typed) has its names; where the lexer
 * stops (a character it does not know, a number running into a word), the
 * rest of the word is passed over and the text after it read on, except
 * after a string or a block comment never closed, which runs to the end;
 * a CQL 6 keyword (cq_query_keywords_for()) is never a name; each name
 * once, in the order it first appears.
 *
 * Returns: (transfer full) (element-type CqDeclaredName): the names (an
 *   empty array when there are none; g_ptr_array_unref() frees them).
 */
GPtrArray  *cq_query_list_names         (const char *text,
                                         gssize      len,
                                         CqDialect   dialect);

G_END_DECLS
