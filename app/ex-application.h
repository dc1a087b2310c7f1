/* ex-application.h: the Excelsior workbench application.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_APPLICATION (ex_application_get_type ())

G_DECLARE_FINAL_TYPE (ExApplication, ex_application, EX, APPLICATION, GtkApplication)

/**
 * ex_application_new:
 * @flags: extra flags (tests add G_APPLICATION_NON_UNIQUE).
 *
 * Returns: (transfer full): the application, with HANDLES_OPEN.
 */
ExApplication *ex_application_new            (GApplicationFlags flags);

G_END_DECLS
