/* ex-cql-editor.h: the query editor's behaviour (live parse, error marks,
 * hover, completion); the query itself is an ExQueryDocument.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "cql/cq-query.h"
#include "ex-cql6-text.h"
#include "ex-query-document.h"

G_BEGIN_DECLS

#define EX_TYPE_CQL_EDITOR (ex_cql_editor_get_type ())

G_DECLARE_FINAL_TYPE (ExCqlEditor, ex_cql_editor, EX, CQL_EDITOR, GObject)

/* The dialect of the editor's text: its document's (ExQueryDocument:dialect). */
CqDialect          ex_cql_editor_get_dialect  (ExCqlEditor *self);

/* The delay between the last change and the live parse. */
#define EX_CQL_EDITOR_PARSE_DELAY_MS 300

/* The file name queries from the editor are compiled under. */
#define EX_CQL_EDITOR_FILENAME "<editor>"

/**
 * ex_cql_editor_new:
 * @view: the query editor.
 * @document: the query it edits; its buffer becomes @view's.
 *
 * Attaches the editor behaviour to @view (live parse, error marks, hover,
 * completion, the designator at the cursor; ex-cql-editor.c).  The
 * result does not keep @view alive; free it before or after @view.  It
 * keeps @document.
 *
 * Returns: (transfer full): the editor controller.
 */
ExCqlEditor *ex_cql_editor_new                (GtkSourceView  *view,
                                               ExQueryDocument *document);

/* The query the editor edits (transfer none). */
ExQueryDocument *ex_cql_editor_get_document   (ExCqlEditor    *self);

/**
 * ex_cql_get_item_range:
 * @buffer: the query text.
 * @line, @column: 1-based, columns in characters, as in a CQ_QUERY_ERROR
 *   message (rulings R13).
 * @start, @end: (out): the item (list element) that starts there; a
 *   parenthesis or the end of the text gives one character.
 *
 * Used to underline an error where the engine says it is.
 */
void         ex_cql_get_item_range            (GtkTextBuffer  *buffer,
                                               guint           line,
                                               guint           column,
                                               GtkTextIter    *start,
                                               GtkTextIter    *end);

/**
 * ex_cql_error_location:
 * @error: a query error of a text compiled under the file name
 *   EX_CQL_EDITOR_FILENAME.
 * @line: (out): 1-based line.
 * @column: (out): 1-based column (0 becomes 1).
 * @rest: (out) (optional): the message after the location
 *   (cq_query_error_get_detail()).
 *
 * Returns: FALSE if @error has no location in the editor's text
 *   (cq_query_error_get_location(): none, or another file's).
 */
gboolean     ex_cql_error_location            (const GError   *error,
                                               guint          *line,
                                               guint          *column,
                                               const char    **rest);

/**
 * ex_cql_dup_error_text:
 * @error: an error of ex_cql_compile().
 *
 * The error as the workbench shows it, the same for the live parse and for
 * Run: "Line 3, column 5: text" (the editor's file name left out).
 *
 * Returns: (transfer full): the text.
 */
char        *ex_cql_dup_error_text            (const GError   *error);

/**
 * ex_cql_compile:
 * @text: a query, as the editor holds it.
 *
 * Compiles @text under the editor's file name.  Position lists without
 * the match list around them (`(position :mate)`, which CQL refuses) are
 * compiled as `(match (position :mate))`: the database comes from the
 * window, not from a `:pgn` the user would otherwise have to write.  The
 * locations of errors are those of @text.
 *
 * Returns: (transfer full) (nullable): the query, or NULL with a
 *   CQ_QUERY_ERROR ("<editor>:LINE:COLUMN: message").
 */
CqQuery     *ex_cql_compile                   (const char     *text,
                                               GError        **error);

/**
 * ex_cql_compile_allowing_files:
 * @text: as for ex_cql_compile().
 * @files_dir: (nullable): the folder a CQL 6 query's `readfile` and
 *   `writefile` may use, chosen by the user
 *   (cq_query_new_from_string_allowing_files()); NULL: they are refused
 *   with CQ_QUERY_ERROR_FILES, as by ex_cql_compile().
 *
 * Returns: (transfer full) (nullable): as ex_cql_compile().
 */
CqQuery     *ex_cql_compile_allowing_files    (const char     *text,
                                               const char     *files_dir,
                                               GError        **error);

/**
 * ex_cql_editor_parse_now:
 *
 * Compiles the text at once (as the debounced parse does): shows the error,
 * if any, and sets ExCqlEditor:message.
 *
 * Returns: TRUE if the query compiles.
 */
gboolean     ex_cql_editor_parse_now          (ExCqlEditor    *self);

const char  *ex_cql_editor_get_message        (ExCqlEditor    *self);
gboolean     ex_cql_editor_get_has_error      (ExCqlEditor    *self);

/* Returns: FALSE if the last parse found no error with a location. */
gboolean     ex_cql_editor_get_error_location (ExCqlEditor    *self,
                                               guint          *line,
                                               guint          *column);

/**
 * ex_cql_editor_dup_hover_text:
 * @iter: a place in the buffer.
 *
 * Returns: (transfer full) (nullable): what hovering @iter explains: the
 *   error message on the underlined item, else the description of the
 *   keyword there, else NULL.
 */
char        *ex_cql_editor_dup_hover_text     (ExCqlEditor    *self,
                                               const GtkTextIter *iter);

/**
 * ex_cql_editor_complete:
 * @prefix: what was typed of the word (`:mat`, `$r`).
 *
 * Returns: (transfer full): the completions offered for @prefix, as the
 *   completion popup shows them, NULL-terminated.
 */
char       **ex_cql_editor_complete           (ExCqlEditor    *self,
                                               const char     *prefix);

/**
 * ex_cql_editor_list_proposals:
 * @prefix: the start of a word (keyword characters, ':' and '$').
 *
 * Returns: (transfer full): every completion of @prefix (a longer word
 *   that starts with it), an #ExCqlProposal each: in CQL 6 first the names
 *   the query defines (cq_query_list_names(); none for an empty @prefix),
 *   then the keywords of the editor's dialect with their description
 *   (cq_query_keywords_for()), then in CQL 3 the tags the query declares
 *   with `:forany` (`$name`, or `name` after `:tagmatch`).
 */
GListStore  *ex_cql_editor_list_proposals     (ExCqlEditor    *self,
                                               const char     *prefix);

/* A character of a word the editor completes or explains: a keyword
 * (with its ':'), a tag (with its '$'), a designator. */
gboolean     ex_cql_is_word_char              (gunichar        c);

/**
 * ex_cql_editor_get_designator_at_cursor:
 * @text: (out) (optional): the piece designator the cursor is on or just
 *   after (cq_designator_find_at()), in the text's dialect.
 *
 * Returns: TRUE if the cursor is on a piece designator.
 */
gboolean     ex_cql_editor_get_designator_at_cursor (ExCqlEditor *self,
                                                     char       **text);

/**
 * ex_cql_editor_replace_designator_at_cursor:
 * @text: a piece designator in the text's dialect (the picker's).
 *
 * Puts @text in place of the piece designator the cursor is on or just
 * after, as one undoable action, and leaves the cursor after it: one
 * designator for another keeps the query as whole as it was.
 *
 * Returns: FALSE, changing nothing, if the cursor is on no designator.
 */
gboolean     ex_cql_editor_replace_designator_at_cursor (ExCqlEditor *self,
                                                         const char  *text);

/* Inserts @text at the cursor, as it is (see ex_cql_editor_insert_item()
 * for an insertion that keeps the query whole). */
void         ex_cql_editor_insert             (ExCqlEditor    *self,
                                               const char     *text);

/**
 * ex_cql_editor_insert_item:
 * @text: a piece designator (the picker's `K[a1,h1]`) or a whole position
 *   list (the pattern board's `(position ...)`).
 *
 * Puts @text where it makes the query whole rather than at the cursor
 * alone (one undoable action; the cursor ends after it):
 *
 * - a designator goes into a position list: at the cursor when the cursor
 *   is in one (after the word it is in), else at the end of the position
 *   list that holds the cursor's list, else at the end of the match list's
 *   last position list, else into a new `(position ...)` at the end of the
 *   match list;
 * - a position list goes into the match list: at the cursor when the
 *   cursor is between the match list's items, else at its end;
 * - when there is no match list, one is made: around the text there is
 *   (a bare position list, say), or alone in an empty editor.
 *
 * When the parentheses do not balance (the query is being edited), or the
 * text holds something that is neither a list nor a comment outside every
 * list, @text goes at the cursor, as ex_cql_editor_insert() puts it.
 *
 * Returns: FALSE if @text went at the cursor for that reason.
 */
gboolean     ex_cql_editor_insert_item        (ExCqlEditor    *self,
                                               const char     *text);

/**
 * ex_cql_editor_insert_cql6_item:
 * @text: a CQL 6 designator (the picker's) or a position's filters (the
 *   pattern board's).
 * @kind: which of the two @text is.
 * @header_word: (nullable): a header parameter the item needs.
 *
 * The CQL 6 counterpart of ex_cql_editor_insert_item(): @text goes into
 * the query's body where it keeps the query whole, a `cql()` header first
 * into an empty editor (ex_cql6_insert_into_buffer()).
 */
void         ex_cql_editor_insert_cql6_item   (ExCqlEditor    *self,
                                               const char     *text,
                                               ExCql6ItemKind  kind,
                                               const char     *header_word);

/* The buffer of the editor's text (its document's, ExQueryDocument:buffer). */
GtkTextBuffer *ex_cql_editor_get_buffer       (ExCqlEditor    *self);

/* Replaces the whole text with @text (one undoable action) and parses it
 * at once. */
void         ex_cql_editor_replace_text       (ExCqlEditor    *self,
                                               const char     *text);

/**
 * ex_cql_editor_show_error:
 * @error: a CQ_QUERY_ERROR of this editor's text, as a search's compile
 *   gives it ("<editor>:LINE:COLUMN: message", rulings R13).
 *
 * Shows @error as the live parse shows its errors (the item underlined,
 * the line marked in the gutter) and puts the cursor on it, scrolled into
 * view, with the focus in the editor.  ExCqlEditor:message is left as it
 * is (the caller shows @error's own text).  An error without a location
 * shows nothing in the text.  Cleared, like every error shown, when the
 * text changes.
 */
void         ex_cql_editor_show_error         (ExCqlEditor    *self,
                                               const GError   *error);

/* Returns: (transfer full): the whole text. */
char        *ex_cql_editor_dup_text           (ExCqlEditor    *self);


G_END_DECLS
