/* ex-promotion-chooser.h: the popover in which the user picks the piece a
 * pawn promotes to on the viewer's board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"

G_BEGIN_DECLS

#define EX_TYPE_PROMOTION_CHOOSER (ex_promotion_chooser_get_type ())

G_DECLARE_FINAL_TYPE (ExPromotionChooser, ex_promotion_chooser, EX, PROMOTION_CHOOSER,
                      GtkPopover)

/**
 * ex_promotion_chooser_new:
 *
 * Creates a popover with four buttons, queen, rook, bishop and knight, each
 * showing the piece's image from the board painter's cache.  Clicking one
 * emits #ExPromotionChooser::chosen and then closes the popover; closing
 * it any other way (Escape, a click outside) chooses nothing.
 *
 * Returns: (transfer floating): a new #ExPromotionChooser.
 */
GtkWidget   *ex_promotion_chooser_new        (void);

/**
 * ex_promotion_chooser_set_color:
 * @self: an #ExPromotionChooser.
 * @color: the side whose pawn promotes: the buttons show its pieces.
 */
void         ex_promotion_chooser_set_color  (ExPromotionChooser *self,
                                              CqColor             color);

/**
 * ex_promotion_chooser_get_button:
 * @self: an #ExPromotionChooser.
 * @type: CQ_QUEEN, CQ_ROOK, CQ_BISHOP or CQ_KNIGHT.
 *
 * Returns: (transfer none) (nullable): the button of @type, %NULL for any
 *   other type.  For the tests, which click it.
 */
GtkWidget   *ex_promotion_chooser_get_button (ExPromotionChooser *self,
                                              CqPieceType         type);

G_END_DECLS
