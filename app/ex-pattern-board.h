/* ex-pattern-board.h: query by example: designators placed on a board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "cql/cq-designator-text.h"

G_BEGIN_DECLS

#define EX_TYPE_PATTERN_BOARD (ex_pattern_board_get_type ())

G_DECLARE_FINAL_TYPE (ExPatternBoard, ex_pattern_board, EX, PATTERN_BOARD, GtkBox)

GtkWidget      *ex_pattern_board_new              (void);

void            ex_pattern_board_set_square       (ExPatternBoard   *self,
                                                   int               square,
                                                   guint16           pieces);
guint16         ex_pattern_board_get_square       (ExPatternBoard   *self,
                                                   int               square);
void            ex_pattern_board_clear            (ExPatternBoard   *self);
void            ex_pattern_board_set_position     (ExPatternBoard   *self,
                                                   const CqPosition *pos,
                                                   CqBitboard        squares);

char            ex_pattern_board_get_brush        (ExPatternBoard   *self);
void            ex_pattern_board_click_square     (ExPatternBoard   *self,
                                                   int               square);
gboolean        ex_pattern_board_drop_symbol      (ExPatternBoard   *self,
                                                   int               square,
                                                   const char       *symbol);
int             ex_pattern_board_get_square_at    (ExPatternBoard   *self,
                                                   double            x,
                                                   double            y);

void            ex_pattern_board_set_flags        (ExPatternBoard   *self,
                                                   CqPatternFlags    flags);
CqPatternFlags  ex_pattern_board_get_flags        (ExPatternBoard   *self);
GtkWidget      *ex_pattern_board_get_flag_button  (ExPatternBoard   *self,
                                                   CqPatternFlags    flag);
GtkWidget      *ex_pattern_board_get_brush_button (ExPatternBoard   *self,
                                                   char              symbol);

const char     *ex_pattern_board_get_text         (ExPatternBoard   *self);
void            ex_pattern_board_set_dialect      (ExPatternBoard   *self,
                                                   CqDialect         dialect);
CqDialect       ex_pattern_board_get_dialect      (ExPatternBoard   *self);
gboolean        ex_pattern_board_get_side_warning (ExPatternBoard   *self);
void            ex_pattern_board_insert           (ExPatternBoard   *self);

G_END_DECLS
