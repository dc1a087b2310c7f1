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

/**
 * ex_theme_library_list:
 * Returns: (transfer full): the file names of the CQL 3 themes
 *   ("excelsior.cql"), sorted, NULL-terminated.
 */
char     **ex_theme_library_list         (void);

/**
 * ex_theme_library_list_dialect:
 * Returns: (transfer full): the file names of the themes of @dialect
 *   ("excelsior.cql", or "excelsior.cql6" and the CQL-6-only
 *   "platzwechsel.cql6"), sorted, NULL-terminated.
 */
char     **ex_theme_library_list_dialect (CqDialect        dialect);

/**
 * ex_theme_library_read:
 * @name: a theme's file name (ex_theme_library_list()).
 * @title: (out) (optional): its title, the first line up to ": ".
 * @description: (out) (optional): the rest of the first line.
 *
 * Returns: (transfer full) (nullable): the theme's CQL text, NULL if there
 *   is no such theme.
 */
char      *ex_theme_library_read         (const char      *name,
                                          char           **title,
                                          char           **description);

/**
 * ex_theme_library_get_database:
 * @text: a theme's CQL text (ex_theme_library_read()).
 *
 * Returns: (transfer full) (nullable): the database the theme names on its
 *   second line ("; database: PATH" in CQL 3, "// database: PATH" in CQL 6,
 *   relative: sample/... under data/, studies/... under the shared data),
 *   NULL if it names none.
 */
char      *ex_theme_library_get_database (const char      *text);

guint      ex_theme_library_get_n_themes (ExThemeLibrary  *self);

/* The number of themes the search entry's words leave shown (all of them
 * while it is empty). */
guint      ex_theme_library_get_n_shown  (ExThemeLibrary  *self);

/* Returns: (transfer none): the GtkSearchEntry over the list: the words
 * typed there keep the themes whose title, description or file name holds
 * each of them, in any case. */
GtkWidget *ex_theme_library_get_search_entry (ExThemeLibrary *self);

/**
 * ex_theme_library_activate:
 * @name: a theme's file name ("excelsior.cql", "excelsior.cql6"), or its
 *   name without the ending ("excelsior"): then the file of the library's
 *   dialect.
 *
 * Emits ExThemeLibrary::load for theme @name, as a click on its row does,
 * with the theme's text in which a quoted "sample/..." file name (the file
 * `similarposition` reads) is the full path of that bundled data file.
 *
 * Returns: FALSE if there is no such theme.
 */
gboolean   ex_theme_library_activate     (ExThemeLibrary  *self,
                                          const char      *name);

/**
 * ex_theme_library_find_row:
 * @name: a theme's name without the ending ("excelsior").
 *
 * Returns: (transfer none) (nullable): its row, NULL if the library does
 *   not show it in its dialect.
 */
GtkListBoxRow *ex_theme_library_find_row (ExThemeLibrary  *self,
                                          const char      *name);

/**
 * ex_theme_library_set_dialect:
 *
 * Lists the themes of @dialect, with their text in it: the window sets
 * the dialect of the query being edited (or of new queries when the
 * editor is empty).
 */
void       ex_theme_library_set_dialect  (ExThemeLibrary  *self,
                                          CqDialect        dialect);

CqDialect  ex_theme_library_get_dialect  (ExThemeLibrary  *self);

G_END_DECLS
