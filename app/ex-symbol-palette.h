/* ex-symbol-palette.h: a popover of the Unicode symbols of CQL 6.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_SYMBOL_PALETTE (ex_symbol_palette_get_type ())

G_DECLARE_FINAL_TYPE (ExSymbolPalette, ex_symbol_palette, EX, SYMBOL_PALETTE, GtkPopover)

GtkWidget  *ex_symbol_palette_new         (GtkTextView     *view);
guint       ex_symbol_palette_get_n_symbols (void);
const char *ex_symbol_palette_get_symbol  (guint            index,
                                           const char     **ascii);
GtkWidget  *ex_symbol_palette_get_button  (ExSymbolPalette *self,
                                           const char      *symbol);

G_END_DECLS
