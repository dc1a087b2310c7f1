/* ex-statusbar.h: the main window's status line.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_STATUSBAR (ex_statusbar_get_type ())

G_DECLARE_FINAL_TYPE (ExStatusbar, ex_statusbar, EX, STATUSBAR, GtkWidget)

/**
 * ex_statusbar_set_message:
 * @text: the message, one line (longer ones are ellipsized; the whole text
 *   is the tooltip).
 * @is_error: TRUE to show it as an error (red, with an icon).
 *
 * Replaces the message.
 */
void        ex_statusbar_set_message           (ExStatusbar *self,
                                                const char  *text,
                                                gboolean     is_error);

/**
 * ex_statusbar_get_message:
 *
 * Returns: (transfer none): the message shown ("" before the first).
 */
const char *ex_statusbar_get_message           (ExStatusbar *self);

/**
 * ex_statusbar_get_is_error:
 *
 * Returns: whether the message shown is an error.
 */
gboolean    ex_statusbar_get_is_error          (ExStatusbar *self);

/**
 * ex_statusbar_set_progress:
 * @text: (nullable): the progress of the search running, one line; NULL
 *   hides it (the text is kept for ex_statusbar_get_progress()).
 *
 * Shows the progress at the right of the message, never shortened: the
 * message is ellipsized instead.
 */
void        ex_statusbar_set_progress          (ExStatusbar *self,
                                                const char  *text);

/**
 * ex_statusbar_get_progress:
 *
 * Returns: (transfer none): the last progress text set, shown or not ("" if
 *   none was).
 */
const char *ex_statusbar_get_progress          (ExStatusbar *self);

/**
 * ex_statusbar_reset_diagnostics:
 *
 * Hides the count of damaged and skipped games and forgets their messages
 * (a new search starts).
 */
void        ex_statusbar_reset_diagnostics     (ExStatusbar *self);

/**
 * ex_statusbar_add_diagnostics:
 * @messages: (element-type utf8): the search's messages about damaged and
 *   skipped games, one line each; copied.
 *
 * Keeps the messages, up to the first 200 since the last
 * ex_statusbar_reset_diagnostics(), for the tooltip of the count.  The
 * count itself changes with ex_statusbar_set_diagnostic_counts().
 */
void        ex_statusbar_add_diagnostics       (ExStatusbar *self,
                                                GPtrArray   *messages);

/**
 * ex_statusbar_set_diagnostic_counts:
 * @damaged: games of the search that could not be read in full.
 * @skipped: games that are not standard chess.
 *
 * Shows "N damaged, M skipped" (or only the one that is not zero), with the
 * messages kept in its tooltip ("…" at the end when there are more games
 * than messages kept).  When both are zero, the count is left as it is.
 */
void        ex_statusbar_set_diagnostic_counts (ExStatusbar *self,
                                                guint64      damaged,
                                                guint64      skipped);

/**
 * ex_statusbar_set_index:
 * @text: (nullable): the state of the database's index, a few words
 *   (ex_indexer_dup_label()); NULL hides it.
 * @tooltip: (nullable): its details.
 * @can_cancel: show the button that cancels the build (win.cancel-indexing).
 */
void        ex_statusbar_set_index             (ExStatusbar *self,
                                                const char  *text,
                                                const char  *tooltip,
                                                gboolean     can_cancel);

/**
 * ex_statusbar_get_index:
 *
 * Returns: (transfer none): the index's state shown ("" when hidden).
 */
const char *ex_statusbar_get_index             (ExStatusbar *self);

G_END_DECLS
