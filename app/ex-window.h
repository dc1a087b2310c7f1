/* ex-window.h: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

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
void           ex_window_set_database       (ExWindow       *self,
                                             GFile          *file);
GFile         *ex_window_get_database       (ExWindow       *self);
void           ex_window_set_query_text     (ExWindow       *self,
                                             const char     *text);
char          *ex_window_dup_query_text     (ExWindow       *self);
GtkTextBuffer *ex_window_get_query_buffer   (ExWindow       *self);
gboolean       ex_window_load_example       (ExWindow       *self,
                                             const char     *name);
const char *const *ex_window_list_examples  (void);

gboolean       ex_window_run                (ExWindow       *self);
void           ex_window_stop               (ExWindow       *self);
gboolean       ex_window_is_searching       (ExWindow       *self);

/**
 * ExResultColumn:
 * The columns of the results list, in display order.
 */
typedef enum {
  EX_RESULT_COLUMN_NUMBER,
  EX_RESULT_COLUMN_WHITE,
  EX_RESULT_COLUMN_BLACK,
  EX_RESULT_COLUMN_EVENT,
  EX_RESULT_COLUMN_ROUND,
  EX_RESULT_COLUMN_DATE,
  EX_RESULT_COLUMN_RESULT,
  EX_RESULT_COLUMN_POSITIONS,
} ExResultColumn;

GListModel    *ex_window_get_results        (ExWindow       *self);
void           ex_window_sort_results       (ExWindow       *self,
                                             ExResultColumn  column,
                                             GtkSortType     order);
gboolean       ex_window_is_sorting         (ExWindow       *self);
void           ex_window_set_filter_text    (ExWindow       *self,
                                             const char     *text);
void           ex_window_select_result      (ExWindow       *self,
                                             guint           position);
void           ex_window_add_to_selection   (ExWindow       *self,
                                             guint           position);
GtkWidget     *ex_window_get_game_view      (ExWindow       *self);
char          *ex_window_dup_game_pgn       (ExWindow       *self);
char          *ex_window_dup_position_fen   (ExWindow       *self);

const char    *ex_window_get_status_text    (ExWindow       *self);
gboolean       ex_window_get_status_is_error (ExWindow      *self);
gboolean       ex_window_get_error_location (ExWindow       *self,
                                             guint          *line,
                                             guint          *column);

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

gboolean       ex_window_export_full        (ExWindow       *self,
                                             const char     *path,
                                             ExExportScope   scope,
                                             const char     *mark_text,
                                             GError        **error);
gboolean       ex_window_export_to_path     (ExWindow       *self,
                                             const char     *path,
                                             GError        **error);
gboolean       ex_window_is_exporting       (ExWindow       *self);

/* The editor controller and the Theme Tools window. */
typedef struct _ExCqlEditor ExCqlEditor;
ExCqlEditor   *ex_window_get_cql_editor     (ExWindow       *self);
GtkWidget     *ex_window_get_theme_tools    (ExWindow       *self);

gboolean       ex_window_save_screenshot    (ExWindow       *self,
                                             const char     *png_path,
                                             GError        **error);

G_END_DECLS
