/* ex-utils.h: helpers the workbench's classes share (counts, settings, data files).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain functions, no class: what several windows and widgets call, kept
 * once here (as gnome-text-editor keeps its editor-utils.c).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * ex_utils_format_count:
 * @n: a count: games, matches, results.
 *
 * Writes @n as the workbench shows counts, with the digits grouped as the
 * user's locale groups them ("1,234" in English, "1.234" in German).
 *
 * Returns: (transfer full): the text.
 */
char      *ex_utils_format_count        (guint64     n);

/**
 * ex_utils_format_number:
 * @n: a game number, or a count shown in full digits.
 *
 * Writes @n in plain digits ("1234"), for a string that is then put into
 * a translated message: a G_GUINT64_FORMAT inside _() cannot be extracted
 * by xgettext.
 *
 * Returns: (transfer full): the text.
 */
char      *ex_utils_format_number       (guint64     n);

/**
 * ex_utils_get_settings:
 *
 * The settings of the org.excelsior.Workbench schema: the installed schema,
 * or, when the workbench runs from its build directory, the one compiled
 * there (EX_BUILD_SCHEMA_DIR).  Tests choose the memory backend
 * (GSETTINGS_BACKEND=memory) so as not to touch the user's settings.
 *
 * Returns: (transfer none) (nullable): the settings, shared and kept until
 *   exit; NULL if the schema is installed nowhere (then nothing is saved).
 */
GSettings *ex_utils_get_settings        (void);

/**
 * ex_utils_settings_get_boolean:
 * @key: a boolean key of the schema.
 * @fallback: the value without settings.
 *
 * Returns: the setting, or @fallback when ex_utils_get_settings() is NULL.
 */
gboolean   ex_utils_settings_get_boolean (const char *key,
                                          gboolean    fallback);

/**
 * ex_utils_settings_get_uint:
 * @key: an unsigned key of the schema.
 * @fallback: the value without settings.
 *
 * Returns: the setting, or @fallback when ex_utils_get_settings() is NULL.
 */
guint      ex_utils_settings_get_uint   (const char *key,
                                         guint       fallback);

/**
 * ex_utils_find_data_file:
 * @relative_path: a path below the data directory, e.g. "sample/studies.pgn".
 *
 * Looks for an installed data file: first in $EXCELSIOR_DATADIR, then in
 * PKGDATADIR (the installed location), then in the source tree's data/
 * (SOURCE_DATADIR), so that the workbench also runs from its build
 * directory.
 *
 * Returns: (transfer full) (nullable): the first path that exists, or NULL.
 */
char      *ex_utils_find_data_file      (const char *relative_path);

/**
 * ex_utils_find_doc_file:
 * @relative_path: a path below the documentation directory, e.g. "workbench.md".
 *
 * As ex_utils_find_data_file() for the user documentation:
 * $EXCELSIOR_DOCDIR, then DOCDIR (installed), then the source tree's docs/
 * (SOURCE_DOCDIR).
 *
 * Returns: (transfer full) (nullable): the first path that exists, or NULL.
 */
char      *ex_utils_find_doc_file       (const char *relative_path);

/**
 * ex_utils_column_view_scroll_to_top:
 * @view: a #GtkColumnView.
 *
 * Scrolls @view to its first row and makes that row the one the list
 * keeps in view (its anchor), as after a new sort order.  GTK 4.8 has no
 * gtk_column_view_scroll_to(): this activates the inner list's
 * "list.scroll-to-item".  Does nothing on an empty list.
 */
void       ex_utils_column_view_scroll_to_top (GtkColumnView *view);

/**
 * ex_utils_column_view_scroll_to_row:
 * @view: a #GtkColumnView.
 * @position: the row, a position in @view's model.
 *
 * Scrolls @view as little as shows row @position whole (not at all when
 * it is shown) and makes that row the list's anchor, so that the list
 * keeps it in view while rows are inserted or removed around it.  Does
 * nothing when @position is past the list's end.
 */
void       ex_utils_column_view_scroll_to_row (GtkColumnView *view,
                                               guint          position);

G_END_DECLS
