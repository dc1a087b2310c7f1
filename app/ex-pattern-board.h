/* ex-pattern-board.h: query by example: designators placed on a board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "chess/cq-chess.h"
#include "cql/cq-designator-text.h"
#include "ex-piece-counts.h"

G_BEGIN_DECLS

#define EX_TYPE_PATTERN_BOARD (ex_pattern_board_get_type ())

G_DECLARE_FINAL_TYPE (ExPatternBoard, ex_pattern_board, EX, PATTERN_BOARD, GtkBox)

/**
 * ex_pattern_board_new:
 * Returns: (transfer floating): an empty pattern board, no keyword.
 */
GtkWidget      *ex_pattern_board_new              (void);

/**
 * ex_pattern_board_set_square:
 * @square: 0 (a1) .. 63 (h8).
 * @pieces: the piece-type set to place there (CQ_PIECE_BIT() bits), or 0 to
 *   leave the square free (no designator).
 */
void            ex_pattern_board_set_square       (ExPatternBoard   *self,
                                                   int               square,
                                                   guint16           pieces);

guint16         ex_pattern_board_get_square       (ExPatternBoard   *self,
                                                   int               square);

/* Starts over: empties every square, unticks every keyword, takes the
 * piece counts off and sets the composers' mate to none. */
void            ex_pattern_board_clear            (ExPatternBoard   *self);

/**
 * ex_pattern_board_set_position:
 * @pos: a position (from the board viewer).
 * @squares: the squares to copy: each gets @pos's piece there, or `.` if
 *   it is empty there (all 64: the exact position).
 *
 * Replaces the board's designators with @pos's pieces on @squares, and
 * ticks :wtm or :btm as @pos's side to move (the other keywords stay).
 */
void            ex_pattern_board_set_position     (ExPatternBoard   *self,
                                                   const CqPosition *pos,
                                                   CqBitboard        squares);

char            ex_pattern_board_get_brush        (ExPatternBoard   *self);

/* A click on @square: places the brush, or empties the square if it holds
 * the brush already (or there is no brush). */
void            ex_pattern_board_click_square     (ExPatternBoard   *self,
                                                   int               square);

/**
 * ex_pattern_board_drop_symbol:
 * @symbol: a piecetype designator (`K`, `U`, `[Qr]`...), as dragged from
 *   the palette.
 *
 * Returns: FALSE (and nothing changes) if @symbol is not a piecetype
 *   designator.
 */
gboolean        ex_pattern_board_drop_symbol      (ExPatternBoard   *self,
                                                   int               square,
                                                   const char       *symbol);

int             ex_pattern_board_get_square_at    (ExPatternBoard   *self,
                                                   double            x,
                                                   double            y);

/* Ticks the keywords of @flags and unticks the others; of two keywords
 * that cannot hold together (see ex_pattern_board_get_flag_button()), the
 * later in #CqPatternFlags order stays ticked. */
void            ex_pattern_board_set_flags        (ExPatternBoard   *self,
                                                   CqPatternFlags    flags);
CqPatternFlags  ex_pattern_board_get_flags        (ExPatternBoard   *self);

/* Returns: (transfer none): the check button of a single @flag.  Its
 * label is the keyword in the board's dialect (`:btm`, `btm`).  Ticking it
 * unticks the keywords it cannot hold with (:wtm and :btm, :mate and
 * :stalemate, :check and :stalemate), so that the pattern can match. */
GtkWidget      *ex_pattern_board_get_flag_button  (ExPatternBoard   *self,
                                                   CqPatternFlags    flag);

GtkWidget      *ex_pattern_board_get_brush_button (ExPatternBoard   *self,
                                                   char              symbol);

/* Returns: (transfer none): the piece counts' editor under the keywords:
 * its counts are part of the pattern (ex-piece-counts.h). */
ExPieceCounts  *ex_pattern_board_get_piece_counts (ExPatternBoard   *self);

/**
 * ex_pattern_board_get_mate_kind_dropdown:
 *
 * The composers' mates (CQL 6 only; hidden, and set to none, in CQL 3):
 * item 0 none, then `puremate`, `modelmate`, `idealmate`,
 * `purestalemate`, `modelstalemate`, `idealstalemate` (cq6-mate.c).  One
 * chosen unticks :mate and :stalemate (and :check for a stalemate), and
 * goes into the text as its filter.
 *
 * Returns: (transfer none): the GtkDropDown.
 */
GtkWidget      *ex_pattern_board_get_mate_kind_dropdown (ExPatternBoard *self);

/* Returns: the position the board, the keywords, the piece counts and the
 * composers' mate make: a position list in CQL 3 (`(position Kg1
 * :piececount p 0)`), filters of the body in CQL 6 (`Kg1 not p
 * modelmate`). */
const char     *ex_pattern_board_get_text         (ExPatternBoard   *self);

/**
 * ex_pattern_board_set_dialect:
 * @dialect: the dialect of the query the board writes into.
 *
 * Writes the pattern in @dialect from now on: a position list in CQL 3,
 * filters of the body in CQL 6 (cq_pattern_to_cql6_text()), and labels the
 * keywords as @dialect spells them.  The keywords CQL 6 has no word for
 * (the diagonal flip and shifts) are insensitive then, and left out of the
 * text.
 */
void            ex_pattern_board_set_dialect      (ExPatternBoard   *self,
                                                   CqDialect         dialect);

CqDialect       ex_pattern_board_get_dialect      (ExPatternBoard   *self);

/* Returns: TRUE while the board warns that :flipcolor needs the side to
 * move (:flipcolor with :check, :mate, :stalemate or a composers' mate,
 * no :wtm or :btm). */
gboolean        ex_pattern_board_get_side_warning (ExPatternBoard   *self);

void            ex_pattern_board_insert           (ExPatternBoard   *self);

G_END_DECLS
