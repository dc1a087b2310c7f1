/* ex-nav-bar.h: the row under the board, which wraps when it is narrow.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_NAV_BAR (ex_nav_bar_get_type ())

G_DECLARE_FINAL_TYPE (ExNavBar, ex_nav_bar, EX, NAV_BAR, GtkWidget)

/**
 * ExNavBar:
 *
 * A container of three children, added in order (in a .ui file, three
 * <child> elements; in code, gtk_widget_set_parent()): a start part (the
 * position and match labels), a centre part (the navigation buttons) and
 * an end part (flip).  When the three fit side by side at their natural
 * widths, with #ExNavBar:spacing pixels between them, they make one row,
 * the centre part centred as far as the start part allows (as in a
 * GtkCenterBox).  Otherwise the start part takes a row of its own, the
 * whole width, above the centre and end parts; so the bar never asks for
 * more than the widest of its parts, and a viewer made narrow by the
 * window's side pane keeps the window at the size it was given.  Invisible
 * children take no room.
 */

/* Returns: (transfer floating): a new, empty #ExNavBar. */
GtkWidget *ex_nav_bar_new          (void);

/* Whether the last allocation put the start part on a row of its own
 * (for tests). */
gboolean   ex_nav_bar_is_wrapped   (ExNavBar *self);

G_END_DECLS
