/* ex-symbol-palette.h: a popover of the Unicode symbols of CQL 6.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EX_TYPE_SYMBOL_PALETTE (ex_symbol_palette_get_type ())

G_DECLARE_FINAL_TYPE (ExSymbolPalette, ex_symbol_palette, EX, SYMBOL_PALETTE, GtkPopover)

/**
 * ex_symbol_palette_new:
 * @view: the editor the symbols go into (not owned).
 *
 * Returns: (transfer floating): the popover; set it on a menu button.
 */
GtkWidget  *ex_symbol_palette_new         (GtkTextView     *view);

/* The number of symbols the palette offers. */
guint       ex_symbol_palette_get_n_symbols (void);

/**
 * ex_symbol_palette_get_symbol:
 * @index: 0 .. ex_symbol_palette_get_n_symbols() - 1.
 * @ascii: (out) (optional): its ASCII spelling.
 *
 * Returns: the symbol (UTF-8).
 */
const char *ex_symbol_palette_get_symbol  (guint            index,
                                           const char     **ascii);

/* The button of @symbol, NULL if the palette has none. */
GtkWidget  *ex_symbol_palette_get_button  (ExSymbolPalette *self,
                                           const char      *symbol);

G_END_DECLS
