/* ex-preferences.h: the workbench's preferences window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_PREFERENCES (ex_preferences_get_type ())

G_DECLARE_FINAL_TYPE (ExPreferences, ex_preferences, EX, PREFERENCES, GtkWindow)

/**
 * ex_preferences_new:
 * @parent: (nullable): the window it belongs to (modal for it).
 * @settings: the org.excelsior.Workbench settings.
 *
 * Returns: (transfer none): a new preferences window, owned by GTK until it
 *   is closed; present it.
 */
GtkWidget *ex_preferences_new (GtkWindow *parent,
                               GSettings *settings);

G_END_DECLS
