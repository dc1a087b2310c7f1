/* ex-window.h: the workbench's main window (query editor, results, game view).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the rest of the application calls.  The window's own files and the
 * tests also use ex-window-private.h.
 */
#pragma once

#include <gtk/gtk.h>
#include "cql/cq-query.h"

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

G_END_DECLS
