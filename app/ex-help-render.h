/* ex-help-render.h: a Markdown page of the user guide as GTK widgets.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called when a link of the page is followed: @uri as the page wrote it
 * ("cql.md#filters", "#keys", "https://..."); returns TRUE when handled
 * (as GtkLabel::activate-link's handlers do). */
typedef gboolean (*ExHelpLinkFunc) (GtkLabel   *label,
                                    const char *uri,
                                    gpointer    user_data);

/**
 * ex_help_render_page:
 * @text: the page, CommonMark (UTF-8; not necessarily NUL-terminated).
 * @length: its length in bytes.
 * @base_dir: the folder the page's images are found in.
 * @anchors: a table (string to GtkWidget, not owned) that gets each
 *   heading's anchor, as GitHub names them (ex_help_slug()), and the
 *   widget showing the heading; an anchor met twice keeps the first.
 * @link_func: called when a link is followed; @user_data is passed to it.
 *
 * Parses @text with libcmark and builds a vertical box of widgets showing
 * it: headings, paragraphs (emphasis, strong, code and links as Pango
 * markup), code blocks, lists (nested), block quotes, rules, images (a
 * GtkPicture of the file, scaled down to the width) and the tables of
 * GitHub's Markdown, which CommonMark reads as paragraphs: a paragraph
 * whose second line is a delimiter row (`|---|---|`) is shown as a grid,
 * each cell's text read by libcmark.  Raw HTML is not interpreted.
 *
 * Returns: (transfer floating): the box.
 */
GtkWidget *ex_help_render_page (const char     *text,
                                gsize           length,
                                const char     *base_dir,
                                GHashTable     *anchors,
                                ExHelpLinkFunc  link_func,
                                gpointer        user_data);

/**
 * ex_help_slug:
 * @heading: a heading's text (UTF-8).
 *
 * The anchor GitHub gives a heading: lower case, letters, digits, '_' and
 * '-' kept, each space made a '-', anything else dropped ("Search for
 * This Position" is "search-for-this-position").
 *
 * Returns: (transfer full): the anchor.
 */
char      *ex_help_slug        (const char     *heading);

G_END_DECLS
