/* ex-designator-text.h: CQL 3 piece designators <-> their shortest text.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only (no GTK): the picker and the pattern board build their CQL text
 * here, and the unit tests check it without a display.
 */
#pragma once

#include <glib.h>
#include "chess/cq-chess.h"

G_BEGIN_DECLS

/* Bit n of a piece-type set stands for #CqPiece n (bit 0: CQ_EMPTY, the
 * "empty square piece" `.`).  All thirteen: EX_PIECES_ALL (`?`). */
#define EX_PIECE_BIT(p)    ((guint16) (1u << (p)))
#define EX_PIECES_ALL      ((guint16) 0x1FFF)
#define EX_SQUARES_ALL     G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF)
#define EX_SQUARES_LIGHT   G_GUINT64_CONSTANT (0x55AA55AA55AA55AA)
#define EX_SQUARES_DARK    G_GUINT64_CONSTANT (0xAA55AA55AA55AA55)

/**
 * ExDesignator:
 * @pieces: the piece-type set (EX_PIECE_BIT() bits).
 * @squares: the square set, bit n for square n (a1 = 0, h8 = 63).
 *
 * What a CQL 3 piece designator denotes (manual "Piece designators").
 */
typedef struct {
  guint16    pieces;
  CqBitboard squares;
} ExDesignator;

/**
 * ExPatternFlags:
 * The simple and transform keywords the pattern board can add to its
 * position list (manual "Simple keywords", "Transformation keywords").
 */
typedef enum {
  EX_PATTERN_WTM               = 1 << 0,
  EX_PATTERN_BTM               = 1 << 1,
  EX_PATTERN_CHECK             = 1 << 2,
  EX_PATTERN_MATE              = 1 << 3,
  EX_PATTERN_STALEMATE         = 1 << 4,
  EX_PATTERN_VARIATIONS        = 1 << 5,
  EX_PATTERN_SHIFT             = 1 << 6,
  EX_PATTERN_SHIFTHORIZONTAL   = 1 << 7,
  EX_PATTERN_SHIFTVERTICAL     = 1 << 8,
  EX_PATTERN_SHIFTMAINDIAGONAL = 1 << 9,
  EX_PATTERN_SHIFTOFFDIAGONAL  = 1 << 10,
  EX_PATTERN_SHIFTDIAGONAL     = 1 << 11,
  EX_PATTERN_FLIP              = 1 << 12,
  EX_PATTERN_FLIPHORIZONTAL    = 1 << 13,
  EX_PATTERN_FLIPVERTICAL      = 1 << 14,
  EX_PATTERN_FLIPDIAGONAL      = 1 << 15,
  EX_PATTERN_FLIPCOLOR         = 1 << 16,
} ExPatternFlags;

#define EX_PATTERN_N_FLAGS 17

/* The keyword of a single flag (":wtm", ":flipcolor"...), NULL if @flag is
 * not exactly one of #ExPatternFlags. */
const char *ex_pattern_flag_keyword     (ExPatternFlags flag);

gboolean    ex_designator_parse         (const char          *text,
                                         ExDesignator        *out,
                                         GError             **error);
char       *ex_piecetype_to_text        (guint16              pieces);
char       *ex_squares_to_text          (CqBitboard           squares);
char       *ex_designator_to_text       (const ExDesignator  *designator);
gboolean    ex_designator_find_at       (const char          *text,
                                         gsize                offset,
                                         gsize               *start,
                                         gsize               *end);
char       *ex_pattern_to_text          (const guint16        pieces[64],
                                         ExPatternFlags       flags);

G_END_DECLS
