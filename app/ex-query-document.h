/* ex-query-document.h: the query being edited: its text, file, name and dialect.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model under the query editor, as gnome-text-editor's EditorDocument
 * is under its views: the one GtkSourceBuffer of the query, the file it
 * was opened from or saved to, the name shown over the editor, whether it
 * has changes that are in no file, and the dialect of its text.  The
 * window and the editor (ExCqlEditor) follow its properties.
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "cql/cq-query.h"

G_BEGIN_DECLS

#define EX_TYPE_QUERY_DOCUMENT (ex_query_document_get_type ())

G_DECLARE_FINAL_TYPE (ExQueryDocument, ex_query_document, EX, QUERY_DOCUMENT, GObject)

/**
 * ex_query_document_new:
 *
 * Returns: (transfer full): an empty query, CQL 3, without file or name.
 */
ExQueryDocument   *ex_query_document_new          (void);

/**
 * ex_query_document_get_buffer:
 *
 * Returns: (transfer none): the query's text (ExQueryDocument:buffer),
 *   highlighted in its dialect's language.
 */
GtkSourceBuffer   *ex_query_document_get_buffer   (ExQueryDocument *self);

/**
 * ex_query_document_dup_text:
 *
 * Returns: (transfer full): the whole text.
 */
char              *ex_query_document_dup_text     (ExQueryDocument *self);

/**
 * ex_query_document_get_file:
 *
 * Returns: (transfer none) (nullable): the file the query was opened from
 *   or last saved to (ExQueryDocument:file); NULL for a new query, an
 *   example, a theme, or a query converted to CQL 6.
 */
GFile             *ex_query_document_get_file     (ExQueryDocument *self);

/**
 * ex_query_document_get_name:
 *
 * Returns: (transfer none) (nullable): the query's name (ExQueryDocument:name):
 *   its file's, example's or theme's name; NULL when it has none.
 */
const char        *ex_query_document_get_name     (ExQueryDocument *self);

/**
 * ex_query_document_get_modified:
 *
 * Returns: whether the text has changes that are in no file
 *   (ExQueryDocument:modified, the buffer's modified flag).
 */
gboolean           ex_query_document_get_modified (ExQueryDocument *self);

/**
 * ex_query_document_get_dialect:
 *
 * Returns: the dialect of the text (ExQueryDocument:dialect): CQL 6 when
 *   its first word is `cql` (cq_query_text_dialect()), else CQL 3.
 */
CqDialect          ex_query_document_get_dialect  (ExQueryDocument *self);

/**
 * ex_query_document_get_language:
 * @dialect: a #CqDialect.
 *
 * The GtkSourceView language of a dialect's text: "cql" (data/cql.lang)
 * or "cql6" (data/cql6.lang), from the application's resources.
 *
 * Returns: (transfer none): the language.
 */
GtkSourceLanguage *ex_query_document_get_language (CqDialect dialect);

/**
 * ex_query_document_set_text:
 * @text: the new query text (UTF-8).
 * @undoable: TRUE to make the change one undoable action; FALSE for a
 *   starting text that Undo does not take back.
 *
 * Replaces the whole text and puts the cursor at its start.  The file and
 * the name stay.
 */
void               ex_query_document_set_text     (ExQueryDocument *self,
                                                   const char      *text,
                                                   gboolean         undoable);

/**
 * ex_query_document_replace:
 * @text: (nullable): the new text (one undoable action), or NULL when the
 *   buffer already holds it.
 * @name: (nullable): the new name: the example's or theme's, or NULL for none.
 * @pristine: TRUE if the text is as it came (an example, a theme, a new
 *   query): the buffer is marked unmodified.
 *
 * Makes @text a query of its own that belongs to no file: Save then asks
 * for one, so that the file it replaces (a CQL 3 query that was converted,
 * say) is never overwritten.
 */
void               ex_query_document_replace      (ExQueryDocument *self,
                                                   const char      *text,
                                                   const char      *name,
                                                   gboolean         pristine);

/**
 * ex_query_document_set_name:
 * @name: (nullable): the name shown over the editor; NULL or "" for none.
 * @pristine: TRUE to mark the buffer unmodified too.
 *
 * Names the query without changing its text or its file.
 */
void               ex_query_document_set_name     (ExQueryDocument *self,
                                                   const char      *name,
                                                   gboolean         pristine);

/**
 * ex_query_document_load:
 * @file: a query file (UTF-8 text).
 *
 * Reads @file (ex_query_document_load_file(), which adds it to the recent
 * files) and makes it the query: the text replaces the old one (one
 * undoable action), ExQueryDocument:file becomes @file, the name its base
 * name, and the buffer is unmodified.  On error nothing changes.
 *
 * Returns: FALSE with a G_IO_ERROR (G_IO_ERROR_INVALID_DATA if it is not
 *   UTF-8) if @file could not be read.
 */
gboolean           ex_query_document_load         (ExQueryDocument *self,
                                                   GFile           *file,
                                                   GError         **error);

/**
 * ex_query_document_save:
 * @file: where to write (Save: ExQueryDocument:file; Save As: the file chosen).
 *
 * Writes the text to @file (atomically, replacing it), makes @file the
 * query's file and its base name the query's name, marks the buffer
 * unmodified and adds @file to the recent files.
 *
 * Returns: FALSE with a G_IO_ERROR if it could not be written (nothing
 *   changes then).
 */
gboolean           ex_query_document_save         (ExQueryDocument *self,
                                                   GFile           *file,
                                                   GError         **error);

/**
 * ex_query_document_load_file:
 * @file: a query file.
 *
 * Reads a query file and adds it to the recent files.
 *
 * Returns: (transfer full): its text, or NULL with a G_IO_ERROR (or
 *   G_IO_ERROR_INVALID_DATA if it is not UTF-8).
 */
char              *ex_query_document_load_file    (GFile           *file,
                                                   GError         **error);

/**
 * ex_query_document_note_recent:
 * @file: a query file.
 *
 * Adds @file to the recent files (GtkRecentManager) as a CQL query.
 */
void               ex_query_document_note_recent  (GFile           *file);

/**
 * ex_query_document_build_recent_menu:
 * @action_name: the action to activate with the file's URI ("win.open-recent").
 *
 * Returns: (transfer full): a menu of the last 10 .cql files used, newest
 *   first (empty if none).
 */
GMenuModel        *ex_query_document_build_recent_menu (const char *action_name);

G_END_DECLS
