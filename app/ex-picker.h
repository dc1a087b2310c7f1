/* ex-picker.h: the visual piece-designator and square-set picker.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "cql/cq-designator-text.h"
#include "ex-piece-palette.h"

G_BEGIN_DECLS

#define EX_TYPE_PICKER (ex_picker_get_type ())

G_DECLARE_FINAL_TYPE (ExPicker, ex_picker, EX, PICKER, GtkBox)

/* The 21 piecetype designators of the palette, in palette order:
 * "KQRBNP?kqrbnpU.AaMmIi". */
#define EX_PICKER_SYMBOLS EX_PIECE_PALETTE_DESIGNATORS

GtkWidget  *ex_picker_new                (void);

void        ex_picker_get_designator     (ExPicker           *self,
                                          CqDesignatorSets       *out);
void        ex_picker_set_designator     (ExPicker           *self,
                                          const CqDesignatorSets *designator);
gboolean    ex_picker_set_text           (ExPicker           *self,
                                          const char         *text,
                                          GError            **error);
const char *ex_picker_get_text           (ExPicker           *self);
void        ex_picker_set_dialect        (ExPicker           *self,
                                          CqDialect           dialect);
CqDialect   ex_picker_get_dialect        (ExPicker           *self);

gboolean    ex_picker_get_symbol_active  (ExPicker           *self,
                                          char                symbol);
GtkWidget  *ex_picker_get_symbol_button  (ExPicker           *self,
                                          char                symbol);
GtkWidget  *ex_picker_get_button         (ExPicker           *self,
                                          const char         *name);

void        ex_picker_click_square       (ExPicker           *self,
                                          int                 square);
void        ex_picker_drag_squares       (ExPicker           *self,
                                          int                 from,
                                          int                 to);
int         ex_picker_get_square_at      (ExPicker           *self,
                                          double              x,
                                          double              y);
GtkWidget  *ex_picker_get_board          (ExPicker           *self);

void        ex_picker_insert             (ExPicker           *self);
void        ex_picker_replace            (ExPicker           *self);
void        ex_picker_set_can_replace    (ExPicker           *self,
                                          gboolean            can_replace);

G_END_DECLS
