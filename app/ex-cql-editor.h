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

ExCqlEditor *ex_cql_editor_new                (GtkSourceView  *view,
                                               ExQueryDocument *document);
ExQueryDocument *ex_cql_editor_get_document   (ExCqlEditor    *self);

void         ex_cql_get_item_range            (GtkTextBuffer  *buffer,
                                               guint           line,
                                               guint           column,
                                               GtkTextIter    *start,
                                               GtkTextIter    *end);
gboolean     ex_cql_error_location            (const GError   *error,
                                               guint          *line,
                                               guint          *column,
                                               const char    **rest);
char        *ex_cql_dup_error_text            (const GError   *error);
CqQuery     *ex_cql_compile                   (const char     *text,
                                               GError        **error);
gboolean     ex_cql_editor_parse_now          (ExCqlEditor    *self);
const char  *ex_cql_editor_get_message        (ExCqlEditor    *self);
gboolean     ex_cql_editor_get_has_error      (ExCqlEditor    *self);
gboolean     ex_cql_editor_get_error_location (ExCqlEditor    *self,
                                               guint          *line,
                                               guint          *column);
char        *ex_cql_editor_dup_hover_text     (ExCqlEditor    *self,
                                               const GtkTextIter *iter);
char       **ex_cql_editor_complete           (ExCqlEditor    *self,
                                               const char     *prefix);
GListStore  *ex_cql_editor_list_proposals     (ExCqlEditor    *self,
                                               const char     *prefix);
gboolean     ex_cql_is_word_char              (gunichar        c);
gboolean     ex_cql_editor_get_designator_at_cursor (ExCqlEditor *self,
                                                     char       **text);
gboolean     ex_cql_editor_replace_designator_at_cursor (ExCqlEditor *self,
                                                         const char  *text);
void         ex_cql_editor_insert             (ExCqlEditor    *self,
                                               const char     *text);
gboolean     ex_cql_editor_insert_item        (ExCqlEditor    *self,
                                               const char     *text);
void         ex_cql_editor_insert_cql6_item   (ExCqlEditor    *self,
                                               const char     *text,
                                               ExCql6ItemKind  kind,
                                               const char     *header_word);
GtkTextBuffer *ex_cql_editor_get_buffer       (ExCqlEditor    *self);
void         ex_cql_editor_replace_text       (ExCqlEditor    *self,
                                               const char     *text);
void         ex_cql_editor_show_error         (ExCqlEditor    *self,
                                               const GError   *error);
char        *ex_cql_editor_dup_text           (ExCqlEditor    *self);


G_END_DECLS
