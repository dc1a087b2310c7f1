/* ex-theme-library.h: the library of ready theme searches (data/themes).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cql/cq-query.h"

G_BEGIN_DECLS

#define EX_TYPE_THEME_LIBRARY (ex_theme_library_get_type ())

G_DECLARE_FINAL_TYPE (ExThemeLibrary, ex_theme_library, EX, THEME_LIBRARY, GtkBox)

char     **ex_theme_library_list         (void);
char     **ex_theme_library_list_dialect (CqDialect        dialect);
char      *ex_theme_library_read         (const char      *name,
                                          char           **title,
                                          char           **description);
char      *ex_theme_library_get_database (const char      *text);
guint      ex_theme_library_get_n_themes (ExThemeLibrary  *self);
gboolean   ex_theme_library_activate     (ExThemeLibrary  *self,
                                          const char      *name);
GtkListBoxRow *ex_theme_library_find_row (ExThemeLibrary  *self,
                                          const char      *name);
void       ex_theme_library_set_dialect  (ExThemeLibrary  *self,
                                          CqDialect        dialect);
CqDialect  ex_theme_library_get_dialect  (ExThemeLibrary  *self);

G_END_DECLS
