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

/**
 * ex_picker_new:
 * Returns: (transfer floating): a picker with no piece type chosen and all
 *   squares.
 */
GtkWidget  *ex_picker_new                (void);

/**
 * ex_picker_get_designator:
 * @out: (out): the piece-type set of the active palette buttons and the
 *   chosen squares.
 */
void        ex_picker_get_designator     (ExPicker           *self,
                                          CqDesignatorSets       *out);

/**
 * ex_picker_set_designator:
 * Shows @designator: the palette buttons of its shortest piecetype text
 * (`[A.]` activates A and .) and its squares.
 */
void        ex_picker_set_designator     (ExPicker           *self,
                                          const CqDesignatorSets *designator);

/**
 * ex_picker_set_text:
 * @text: a piece designator (`[Qr][d1,h3]`).
 * @error: CQ_QUERY_ERROR_SYNTAX if @text is not one (in CQL 3 also
 *   CQ_QUERY_ERROR_UNSUPPORTED for a `$tag` designator).
 *
 * Shows the designator @text denotes (cq_designator_sets_parse()), read in
 * the picker's dialect (cq_designator_sets_parse_cql6() for CQL 6).
 *
 * Returns: TRUE, or FALSE with @error set and nothing changed.
 */
gboolean    ex_picker_set_text           (ExPicker           *self,
                                          const char         *text,
                                          GError            **error);

/**
 * ex_picker_get_text:
 * Returns: (nullable): the shortest text of the designator shown, NULL
 *   while no piece type is chosen.
 */
const char *ex_picker_get_text           (ExPicker           *self);

/**
 * ex_picker_set_dialect:
 * @dialect: the dialect of the query the picker writes into.
 *
 * Spells the designator in @dialect from now on: `_e4` and `a-h7` in CQL 6
 * where CQL 3 writes `.e4` and `?7` (cq_designator_sets_to_cql6_text()); the
 * palette's classes and their tooltips likewise (`_`, `[QR]`, `[Aa]`, `.`
 * for CQL 3's `.`, `M`, `U`, `?`).
 */
void        ex_picker_set_dialect        (ExPicker           *self,
                                          CqDialect           dialect);

CqDialect   ex_picker_get_dialect        (ExPicker           *self);

gboolean    ex_picker_get_symbol_active  (ExPicker           *self,
                                          char                symbol);

/* Returns: (transfer none): the palette's toggle button for @symbol. */
GtkWidget  *ex_picker_get_symbol_button  (ExPicker           *self,
                                          char                symbol);

/**
 * ex_picker_get_button:
 * @name: "a".."h" (files), "1".."8" (ranks), "light", "dark", "all",
 *   "none", "insert" or "replace".
 *
 * Returns: (transfer none) (nullable): that button of the picker.
 */
GtkWidget  *ex_picker_get_button         (ExPicker           *self,
                                          const char         *name);

/* Toggles @square, as a click on it does.  While every square is chosen
 * (no square designator), a click starts a new set with that square. */
void        ex_picker_click_square       (ExPicker           *self,
                                          int                 square);

/**
 * ex_picker_drag_squares:
 * As a drag on the board from @from to @to: the rectangle they span is
 * selected if @from was not selected, deselected if it was.  While every
 * square is chosen, a drag starts a new set with the rectangle.
 */
void        ex_picker_drag_squares       (ExPicker           *self,
                                          int                 from,
                                          int                 to);

/* Returns: the square at (@x, @y) of the board widget, or CQ_NO_SQUARE. */
int         ex_picker_get_square_at      (ExPicker           *self,
                                          double              x,
                                          double              y);

GtkWidget  *ex_picker_get_board          (ExPicker           *self);

/* Emits ExPicker::insert with the designator's text, if there is one. */
void        ex_picker_insert             (ExPicker           *self);

/* Emits ExPicker::replace with the designator's text, if there is one and
 * a designator at the editor's cursor to replace. */
void        ex_picker_replace            (ExPicker           *self);

/**
 * ex_picker_set_can_replace:
 * @can_replace: whether a piece designator is at the editor's cursor.
 *
 * "Replace" is offered only then (and while a piece type is chosen).
 */
void        ex_picker_set_can_replace    (ExPicker           *self,
                                          gboolean            can_replace);

G_END_DECLS
