/* ex-window.h: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the rest of the application, the window's own files and the tests
 * call.  The window's files also use ex-window-private.h, the tests
 * ex-window-test.h.
 */
#pragma once

#include <gtk/gtk.h>
#include "cql/cq-query.h"
#include "ex-types.h"

G_BEGIN_DECLS

#define EX_TYPE_WINDOW (ex_window_get_type ())

G_DECLARE_FINAL_TYPE (ExWindow, ex_window, EX, WINDOW, GtkApplicationWindow)

ExWindow      *ex_window_new                (GtkApplication *application);

void           ex_window_open_file          (ExWindow       *self,
                                             GFile          *file);
void           ex_window_set_databases      (ExWindow       *self,
                                             GFile *const   *files,
                                             guint           n_files);
gboolean       ex_window_is_database_file   (GFile          *file);

gboolean       ex_window_run                (ExWindow       *self);
gboolean       ex_window_find_position      (ExWindow       *self,
                                             const char     *fen,
                                             CqPositionMatch mode,
                                             guint           max_differ);

GListModel    *ex_window_get_results        (ExWindow       *self);
void           ex_window_select_result      (ExWindow       *self,
                                             guint           position);

gboolean       ex_window_save_screenshot    (ExWindow       *self,
                                             const char     *png_path,
                                             GError        **error);

/* The database (ex-window.c). */
void           ex_window_set_database       (ExWindow       *self,
                                             GFile          *file);
GFile         *ex_window_get_database       (ExWindow       *self);

/* The query and the examples (ex-window-query.c). */
char          *ex_window_dup_query_text     (ExWindow       *self);
gboolean       ex_window_load_example       (ExWindow       *self,
                                             const char     *name);
const char *const *ex_window_list_examples  (void);
ExThemeTools  *ex_window_get_theme_tools    (ExWindow       *self);

/* The search (ex-window-search.c). */
void           ex_window_stop               (ExWindow       *self);
gboolean       ex_window_is_searching       (ExWindow       *self);

/* The game shown (ex-window.c). */
char          *ex_window_dup_game_pgn       (ExWindow       *self);
char          *ex_window_dup_position_fen   (ExWindow       *self);

/**
 * ExExportScope:
 * @EX_EXPORT_ALL: every result of the search.
 * @EX_EXPORT_SHOWN: the results that pass the filter box.
 * @EX_EXPORT_SELECTED: the selected results, in input order.
 */
typedef enum {
  EX_EXPORT_ALL,
  EX_EXPORT_SHOWN,
  EX_EXPORT_SELECTED,
} ExExportScope;

/* Export (ex-window-export.c) and the diagram (ex-window-diagram.c). */
gboolean       ex_window_export_full        (ExWindow       *self,
                                             const char     *path,
                                             ExExportScope   scope,
                                             const char     *mark_text,
                                             GError        **error);
gboolean       ex_window_export_to_path     (ExWindow       *self,
                                             const char     *path,
                                             GError        **error);
gboolean       ex_window_is_exporting       (ExWindow       *self);
gboolean       ex_window_export_diagram     (ExWindow       *self,
                                             const char     *path,
                                             gboolean        caption,
                                             GError        **error);

/* ex-window-actions.c: the user documentation win.help opens (F1):
 * docs/workbench.md where it is installed, or in the source tree when the
 * workbench runs from its build directory.  Returns: (transfer full)
 * (nullable): its file:// URI, or NULL if it is nowhere. */
char          *ex_window_dup_help_uri       (void);

G_END_DECLS
