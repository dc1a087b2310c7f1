/* ex-theme-tools.h: the "Theme Tools" window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-types.h"

G_BEGIN_DECLS

#define EX_TYPE_THEME_TOOLS (ex_theme_tools_get_type ())

G_DECLARE_FINAL_TYPE (ExThemeTools, ex_theme_tools, EX, THEME_TOOLS, GtkWindow)

ExThemeTools   *ex_theme_tools_new               (GtkWindow    *parent,
                                                  ExCqlEditor  *editor,
                                                  ExGameView   *game_view);
ExPicker       *ex_theme_tools_get_picker        (ExThemeTools *self);
ExPatternBoard *ex_theme_tools_get_pattern_board (ExThemeTools *self);
ExThemeLibrary *ex_theme_tools_get_library       (ExThemeTools *self);
ExSetupBoard   *ex_theme_tools_get_setup_board   (ExThemeTools *self);
gboolean        ex_theme_tools_setup_from_game   (ExThemeTools *self);
void            ex_theme_tools_show_page         (ExThemeTools *self,
                                                  const char   *page);
gboolean        ex_theme_tools_search_board      (ExThemeTools *self,
                                                  gboolean      selected_only,
                                                  GError      **error);

G_END_DECLS
