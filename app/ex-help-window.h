/* ex-help-window.h: the user guide, shown inside the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_HELP_WINDOW (ex_help_window_get_type ())

G_DECLARE_FINAL_TYPE (ExHelpWindow, ex_help_window, EX, HELP_WINDOW, GtkWindow)

/**
 * ex_help_window_new:
 * @parent: (nullable): the window the help belongs to: the help is
 *   transient for it, one of its application's windows, and destroyed
 *   with it.
 *
 * Returns: (transfer none): a help window, not shown yet, owned by GTK
 *   (hidden, not destroyed, when closed).
 */
ExHelpWindow *ex_help_window_new         (GtkWindow    *parent);

/**
 * ex_help_window_show_page:
 * @page: a page of the user guide, as a link names it: "cql.md",
 *   "cql.md#filters" (scrolled to that heading's anchor), or "#filters"
 *   (a heading of the page shown).
 * @error: (optional): G_IO_ERROR_NOT_FOUND if the page is not a page of
 *   the guide (a Markdown file of the documentation folder, found by
 *   ex_utils_find_doc_file(): installed, or the source tree's docs/ from
 *   the build directory), or the file's error if it cannot be read.
 *
 * Reads the page (its Markdown rendered by ex_help_render_page()) and
 * shows it, remembering the page shown before for Back.  An anchor the
 * page does not have shows the page from its top.
 *
 * Returns: TRUE if the page is shown; FALSE with @error set, the page
 *   shown before staying (the window says why on its message line).
 */
gboolean      ex_help_window_show_page   (ExHelpWindow *self,
                                          const char   *page,
                                          GError      **error);

/* The file name of the page shown ("workbench.md"), or NULL before any. */
const char   *ex_help_window_get_page    (ExHelpWindow *self);

/* The anchor the page was last scrolled to ("filters"), or NULL. */
const char   *ex_help_window_get_anchor  (ExHelpWindow *self);

/* The box of widgets showing the page (ex_help_render_page()), or NULL. */
GtkWidget    *ex_help_window_get_content (ExHelpWindow *self);

/* The text of the message line: why a link or page was not shown, or "". */
const char   *ex_help_window_get_message (ExHelpWindow *self);

G_END_DECLS
