/* ex-theme-library.h: the library of ready theme searches (data/themes).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_THEME_LIBRARY (ex_theme_library_get_type ())

G_DECLARE_FINAL_TYPE (ExThemeLibrary, ex_theme_library, EX, THEME_LIBRARY, GtkBox)

GtkWidget *ex_theme_library_new          (void);

char     **ex_theme_library_list         (void);
char      *ex_theme_library_read         (const char      *name,
                                          char           **title,
                                          char           **description);
guint      ex_theme_library_get_n_themes (ExThemeLibrary  *self);
gboolean   ex_theme_library_activate     (ExThemeLibrary  *self,
                                          const char      *name);

G_END_DECLS

/* The "Theme Tools" window: the picker, the pattern board and the theme
 * library in one notebook, wired to the query editor and the board viewer.
 * See ex-theme-library.c. */
typedef struct _ExCqlEditor ExCqlEditor;
typedef struct _ExPicker ExPicker;
typedef struct _ExPatternBoard ExPatternBoard;

GtkWidget      *ex_theme_tools_new               (GtkWindow   *parent,
                                                  ExCqlEditor *editor,
                                                  GtkWidget   *game_view);
ExPicker       *ex_theme_tools_get_picker        (GtkWidget   *tools);
ExPatternBoard *ex_theme_tools_get_pattern_board (GtkWidget   *tools);
ExThemeLibrary *ex_theme_tools_get_library       (GtkWidget   *tools);
void            ex_theme_tools_show_page         (GtkWidget   *tools,
                                                  const char  *page);
gboolean        ex_theme_tools_search_board      (GtkWidget   *tools,
                                                  gboolean     selected_only);
