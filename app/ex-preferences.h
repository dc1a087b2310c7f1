/* ex-preferences.h: the workbench's preferences window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_PREFERENCES (ex_preferences_get_type ())

G_DECLARE_FINAL_TYPE (ExPreferences, ex_preferences, EX, PREFERENCES, GtkWindow)

GtkWidget *ex_preferences_new (GtkWindow *parent,
                               GSettings *settings);

G_END_DECLS
