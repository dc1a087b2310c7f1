/* ex-theme-tools.h: the "Theme Tools" pane of the main window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-types.h"

G_BEGIN_DECLS

#define EX_TYPE_THEME_TOOLS (ex_theme_tools_get_type ())

G_DECLARE_FINAL_TYPE (ExThemeTools, ex_theme_tools, EX, THEME_TOOLS, GtkBox)

/**
 * ex_theme_tools_new:
 * @editor: the query editor the tools write into (not owned; the tools
 *   stop writing when it is finalized).
 * @game_view: (nullable): the board viewer whose position the pattern board
 *   can copy (not owned).  A Ctrl+click gesture is added to its board.
 *
 * The tools run the query and the position search through the win.run
 * and win.find-position actions of the window they are put in (the main
 * window's side pane, ex_window_get_theme_tools()).
 *
 * Returns: (transfer floating): the "Theme Tools" pane, a vertical box.
 */
ExThemeTools   *ex_theme_tools_new               (ExCqlEditor  *editor,
                                                  ExGameView   *game_view);

ExPicker       *ex_theme_tools_get_picker        (ExThemeTools *self);
ExPatternBoard *ex_theme_tools_get_pattern_board (ExThemeTools *self);
ExThemeLibrary *ex_theme_tools_get_library       (ExThemeTools *self);
ExSetupBoard   *ex_theme_tools_get_setup_board   (ExThemeTools *self);

/**
 * ex_theme_tools_setup_from_game:
 * Copies the position shown in the game viewer onto the set-up board and
 * shows its page.  Returns: FALSE (and says why on the board's page) when
 * no game is shown.
 */
gboolean        ex_theme_tools_setup_from_game   (ExThemeTools *self);

/* @page: "picker", "pattern", "themes" or "setup" (the set-up board). */
void            ex_theme_tools_show_page         (ExThemeTools *self,
                                                  const char   *page);

/**
 * ex_theme_tools_search_board:
 * @selected_only: FALSE for the whole position ("Anticipations"), TRUE
 *   for the squares outlined on the viewer's board only ("Copy Pattern").
 * @error: (optional): G_IO_ERROR_NOT_FOUND saying why nothing was done, in
 *   words for the status line (the tools' board page says it too).
 *
 * "Anticipations" finds every game in which the position the
 * board viewer shows occurs: the anticipation search
 * (cq_query_new_for_position(), exact mode: every square and the side to
 * move, main line and variations), the same as the set-up board's Find,
 * which gets the position to change it or to widen the search.  The
 * editor's query is left alone.  "Copy Pattern" puts the
 * outlined squares into the pattern board, with the side to move, to
 * refine and insert.
 *
 * Returns: FALSE with @error set if the viewer shows no position (or, with
 *   @selected_only, no square is outlined); for the whole position, else
 *   what the set-up board's Find returns (ex_setup_board_find()).
 */
gboolean        ex_theme_tools_search_board      (ExThemeTools *self,
                                                  gboolean      selected_only,
                                                  GError      **error);

G_END_DECLS
