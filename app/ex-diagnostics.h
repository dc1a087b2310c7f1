/* ex-diagnostics.h: the workbench's collapsible list of damaged and skipped games.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_DIAGNOSTICS (ex_diagnostics_get_type ())

G_DECLARE_FINAL_TYPE (ExDiagnostics, ex_diagnostics, EX, DIAGNOSTICS, GtkWidget)

GtkWidget  *ex_diagnostics_new            (void);
void        ex_diagnostics_reset          (ExDiagnostics *self,
                                           const char    *pgn_path);
void        ex_diagnostics_add            (ExDiagnostics *self,
                                           GPtrArray     *messages);
void        ex_diagnostics_add_query_messages (ExDiagnostics *self,
                                               GPtrArray     *lines,
                                               guint64        n_dropped);
void        ex_diagnostics_set_counts     (ExDiagnostics *self,
                                           guint64        damaged,
                                           guint64        skipped);
GListModel *ex_diagnostics_get_model      (ExDiagnostics *self);
const char *ex_diagnostics_get_title      (ExDiagnostics *self);
gboolean    ex_diagnostics_get_expanded   (ExDiagnostics *self);
void        ex_diagnostics_set_expanded   (ExDiagnostics *self,
                                           gboolean       expanded);
gboolean    ex_diagnostics_open_game      (ExDiagnostics *self,
                                           guint          position);
GtkWindow  *ex_diagnostics_get_game_window (ExDiagnostics *self);

gboolean    ex_diagnostics_parse_message  (const char    *message,
                                           guint64       *line,
                                           guint64       *number);
char       *ex_diagnostics_read_game_text (const char    *pgn_path,
                                           guint64        number,
                                           guint64       *first_line,
                                           GCancellable  *cancellable,
                                           GError       **error);

G_END_DECLS
