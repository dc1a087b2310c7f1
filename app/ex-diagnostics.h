/* ex-diagnostics.h: the workbench's collapsible list of damaged and skipped games.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-game-file.h"

G_BEGIN_DECLS

#define EX_TYPE_DIAGNOSTICS (ex_diagnostics_get_type ())

G_DECLARE_FINAL_TYPE (ExDiagnostics, ex_diagnostics, EX, DIAGNOSTICS, GtkWidget)

GtkWidget  *ex_diagnostics_new            (void);

/**
 * ex_diagnostics_reset:
 * @game_file: (nullable): the database of the search that starts, as it
 *   read it (ex_search_get_game_file(); a reference is taken): the games
 *   listed are read back from it.  NULL: no search.
 *
 * Empties the list (a new search), collapses it and hides it until a game
 * is reported; a game being opened is abandoned.
 */
void        ex_diagnostics_reset          (ExDiagnostics *self,
                                           ExGameFile    *game_file);

/**
 * ex_diagnostics_add:
 * @messages: (element-type utf8): "file:line: game N: what" (R13).
 * @games: (nullable) (element-type ExGameText): each message's game, in
 *   the same order: where its text lies and its digest, for
 *   ex_diagnostics_open_game().  NULL: rows that open no game.
 *
 * Appends @messages to the list (up to its limit of rows).
 */
void        ex_diagnostics_add            (ExDiagnostics *self,
                                           GPtrArray     *messages,
                                           GArray        *games);

/**
 * ex_diagnostics_add_query_messages:
 * @lines: (element-type utf8): lines of a CQL 6 query's `message` output
 *   from games that did not match; copied.
 * @n_dropped: how many lines the search did not hand on so far (counted
 *   in the title, not listed).
 *
 * Appends @lines to the list (up to its limit of rows) and counts them.
 */
void        ex_diagnostics_add_query_messages (ExDiagnostics *self,
                                               GPtrArray     *lines,
                                               guint64        n_dropped);

/* The search's counts (CqSearchProgress damaged / skipped), for the title:
 * the list itself may hold only the first few hundred messages. */
void        ex_diagnostics_set_counts     (ExDiagnostics *self,
                                           guint64        damaged,
                                           guint64        skipped);

/* The messages, a GListModel of GtkStringObject (transfer none). */
GListModel *ex_diagnostics_get_model      (ExDiagnostics *self);

const char *ex_diagnostics_get_title      (ExDiagnostics *self);
gboolean    ex_diagnostics_get_expanded   (ExDiagnostics *self);
void        ex_diagnostics_set_expanded   (ExDiagnostics *self,
                                           gboolean       expanded);

/**
 * ex_diagnostics_open_game:
 * @position: a row of ex_diagnostics_get_model().
 *
 * Reads the text of that row's game on a worker thread and shows it in a
 * window of its own (one at a time), the line of the problem highlighted.
 * The game is read through ex_game_file_read_text(): a file changed since
 * the search is refused with the results' message (ex_game_file_read()),
 * and so is a game whose text is no longer the one searched.  Emits
 * #ExDiagnostics::game-opened when the window is up (FALSE if the game
 * could not be read: the window then says why).
 *
 * Returns: TRUE if the row names a game (a message in R13 form).
 */
gboolean    ex_diagnostics_open_game      (ExDiagnostics *self,
                                           guint          position);

/* The window of the last opened game, or NULL. */
GtkWindow  *ex_diagnostics_get_game_window (ExDiagnostics *self);

/**
 * ex_diagnostics_parse_message:
 * @message: a diagnostic, "file:line: game N: what" (rulings R13).
 * @line: (out) (optional): the 1-based line of the problem in the file.
 * @number: (out) (optional): the game's 1-based number in the file.
 *
 * Returns: TRUE if @message has that form.
 */
gboolean    ex_diagnostics_parse_message  (const char    *message,
                                           guint64       *line,
                                           guint64       *number);

/**
 * ex_diagnostics_read_game_text:
 * @pgn_path: the database.
 * @number: the game's 1-based number (rulings R3: every game counts).
 * @first_line: (out) (optional): the file line of the game's first byte.
 *
 * Splits @pgn_path with a #CqPgnReader up to game @number and returns its
 * text, displayable (UTF-8, Latin-1 converted), at most 1 MiB of it.
 * Blocking: call it on a worker thread for big files.
 *
 * Returns: (transfer full): the text, or NULL with a G_FILE_ERROR /
 *   G_IO_ERROR (G_IO_ERROR_NOT_FOUND if the file has fewer games,
 *   G_IO_ERROR_CANCELLED).
 */
char       *ex_diagnostics_read_game_text (const char    *pgn_path,
                                           guint64        number,
                                           guint64       *first_line,
                                           GCancellable  *cancellable,
                                           GError       **error);

G_END_DECLS
