/* ex-window-test.h: what the tests reach in the main window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The accessors only the tests (tests/ui*) use, in ex-window-test.c: the
 * widgets whose text or state they check, the query's buffer and document,
 * the current search, and what a user does by hand in the results list
 * (sorting by a column, typing in the filter box, Ctrl+click).  The
 * application itself uses ex-window.h only.
 */
#pragma once

#include <gtksourceview/gtksource.h>

#include "ex-cql-editor.h"
#include "ex-diagnostics.h"
#include "ex-query-document.h"
#include "ex-results-view-private.h"
#include "ex-search.h"
#include "ex-indexer.h"
#include "ex-statusbar.h"
#include "ex-theme-tools.h"
#include "ex-window.h"

G_BEGIN_DECLS

/* The query: its text (replaced as one undoable action), buffer and
 * document; the editor controller, its view and the dialect label. */
void             ex_window_set_query_text       (ExWindow       *self,
                                                 const char     *text);
GtkTextBuffer   *ex_window_get_query_buffer     (ExWindow       *self);
ExQueryDocument *ex_window_get_query_document   (ExWindow       *self);
ExCqlEditor     *ex_window_get_cql_editor       (ExWindow       *self);
GtkSourceView   *ex_window_get_editor_view      (ExWindow       *self);
GtkLabel        *ex_window_get_dialect_label    (ExWindow       *self);
GtkLabel        *ex_window_get_query_file_label (ExWindow       *self);
/* The question asked on closing a window with an unsaved query (a
 * GtkMessageDialog: GTK_RESPONSE_ACCEPT saves, GTK_RESPONSE_REJECT
 * discards, GTK_RESPONSE_CANCEL keeps the window), or NULL when none is
 * shown (ex-window-close.c). */
GtkWindow       *ex_window_get_close_dialog     (ExWindow       *self);
/* The header bar's Theme Tools toggle button (ex_window_set_theme_tools_visible()). */
GtkToggleButton *ex_window_get_theme_tools_button (ExWindow     *self);
GtkMenuButton   *ex_window_get_symbols_button   (ExWindow       *self);
GtkButton       *ex_window_get_convert_button   (ExWindow       *self);

/* The database: its label, its button, how many files and folders it has. */
GtkLabel        *ex_window_get_database_label   (ExWindow       *self);
GtkMenuButton   *ex_window_get_database_button  (ExWindow       *self);
guint            ex_window_get_n_databases      (ExWindow       *self);
/* Its name as the user sees it (transfer full); the database button's
 * menu as it is built when it opens (transfer full); the bundled sample
 * made the database, as the menu's item does. */
char            *ex_window_dup_database_name    (ExWindow       *self);
GMenuModel      *ex_window_build_database_menu  (ExWindow       *self);
void             ex_window_use_sample_database  (ExWindow       *self);

/* The current search (the last one started; NULL before the first). */
ExSearch        *ex_window_get_search           (ExWindow       *self);

/* The database's index and its state (ExIndexer; ex-window-index.c). */
ExIndexer       *ex_window_get_indexer          (ExWindow       *self);

/* The results list (ExResultsView; ExResultColumn is in
 * ex-results-view-private.h): as a click on a column's title, as typing in
 * the filter box, as a Ctrl+click on a row. */
void             ex_window_sort_results         (ExWindow       *self,
                                                 ExResultColumn  column,
                                                 GtkSortType     order);
gboolean         ex_window_is_sorting           (ExWindow       *self);
void             ex_window_set_filter_text      (ExWindow       *self,
                                                 const char     *text);
void             ex_window_add_to_selection     (ExWindow       *self,
                                                 guint           position);
GtkWidget       *ex_window_get_game_view        (ExWindow       *self);

/* The status line, the list of damaged and skipped games, and the query
 * error shown in the editor (FALSE if none: none, or the text changed
 * since; @line and @column 1-based). */
ExStatusbar     *ex_window_get_statusbar        (ExWindow       *self);
ExDiagnostics   *ex_window_get_diagnostics      (ExWindow       *self);
const char      *ex_window_get_status_text      (ExWindow       *self);
gboolean         ex_window_get_status_is_error  (ExWindow       *self);
gboolean         ex_window_get_error_location   (ExWindow       *self,
                                                 guint          *line,
                                                 guint          *column);

G_END_DECLS
