/* ex-piece-palette.h: the palette of pieces and piece classes of a board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "cql/cq-query.h"

G_BEGIN_DECLS

/* The 21 piecetype designators of the picker's and the pattern board's
 * palettes, in palette order (CQL 3 manual, "Piece designators"): the
 * twelve pieces and the classes `?` `U` `.` `A` `a` `M` `m` `I` `i`. */
#define EX_PIECE_PALETTE_DESIGNATORS "KQRBNP?kqrbnpU.AaMmIi"

#define EX_TYPE_PIECE_PALETTE (ex_piece_palette_get_type ())

/**
 * ExPiecePalette:
 *
 * A grid of toggle buttons, one per symbol: a piece letter of FEN (`K`,
 * `n`), drawn with the board painter's image of the piece, or a class of
 * piece types (`U`, `.`, `M`...), labelled with its spelling in the
 * query's dialect (ex_cql_class_spelling()).  Built from construct-only
 * properties, so that a template (.ui) lays it out:
 *
 * - `symbols` (string): the symbols in order, #EX_PIECE_PALETTE_DESIGNATORS
 *   unless set;
 * - `columns` (uint, 7): buttons to a row;
 * - `multiple` (boolean, false): several buttons may be active at once (the
 *   picker); otherwise at most one, the brush (a group of toggle buttons);
 * - `draggable` (boolean, false): each symbol can be dragged onto a board,
 *   as its text (ExSquareInput's drop); the tooltips then say so (`Drag K
 *   onto a square...`); otherwise they say what the symbol stands for
 *   (`K: white king`);
 * - `eraser` (boolean, false): one more button, in a column of its own at
 *   the right: the brush that empties squares (ex_piece_palette_get_brush()
 *   returns '\0' for it);
 * - `image-size` (uint, 24) and `button-size` (uint, 34): the pieces'
 *   images and the buttons, square, in pixels.
 *
 * #ExPiecePalette::changed is emitted whenever a button is toggled.
 */
G_DECLARE_FINAL_TYPE (ExPiecePalette, ex_piece_palette, EX, PIECE_PALETTE, GtkGrid)

/* Labels and tooltips in @dialect's spelling from now on (CQL 3 at first). */
void        ex_piece_palette_set_dialect        (ExPiecePalette *self,
                                                 CqDialect       dialect);

/* The brush: the symbol of the active button, or '\0' for none or the
 * eraser.  Meant for a palette that is not `multiple`. */
char        ex_piece_palette_get_brush          (ExPiecePalette *self);

/* Makes @symbol's button the active one ('\0': the eraser, or none when
 * there is no eraser).  A symbol not in the palette is a programming error
 * (g_return_if_fail). */
void        ex_piece_palette_set_brush          (ExPiecePalette *self,
                                                 char            symbol);

gboolean    ex_piece_palette_get_active         (ExPiecePalette *self,
                                                 char            symbol);

/* Activates exactly the buttons whose symbols are in @symbols (NULL: none),
 * as cq_piece_types_to_text() writes a set (`[A.]` activates A and .). */
void        ex_piece_palette_set_active_symbols (ExPiecePalette *self,
                                                 const char     *symbols);

/* The piece-type set (CQ_PIECE_BIT() bits) of the active symbols together
 * (cq_designator_sets_parse() of each); 0 when none is active. */
guint16     ex_piece_palette_get_piece_types    (ExPiecePalette *self);

/* Returns: (transfer none) (nullable): @symbol's button ('\0': the eraser),
 * NULL if there is none. */
GtkWidget  *ex_piece_palette_get_button         (ExPiecePalette *self,
                                                 char            symbol);

G_END_DECLS
