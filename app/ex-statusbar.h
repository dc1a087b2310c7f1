/* ex-statusbar.h: the main window's status line.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_STATUSBAR (ex_statusbar_get_type ())

G_DECLARE_FINAL_TYPE (ExStatusbar, ex_statusbar, EX, STATUSBAR, GtkWidget)

void        ex_statusbar_set_message           (ExStatusbar *self,
                                                const char  *text,
                                                gboolean     is_error);
const char *ex_statusbar_get_message           (ExStatusbar *self);
gboolean    ex_statusbar_get_is_error          (ExStatusbar *self);

void        ex_statusbar_set_progress          (ExStatusbar *self,
                                                const char  *text);
const char *ex_statusbar_get_progress          (ExStatusbar *self);

void        ex_statusbar_reset_diagnostics     (ExStatusbar *self);
void        ex_statusbar_add_diagnostics       (ExStatusbar *self,
                                                GPtrArray   *messages);
void        ex_statusbar_set_diagnostic_counts (ExStatusbar *self,
                                                guint64      damaged,
                                                guint64      skipped);

G_END_DECLS
