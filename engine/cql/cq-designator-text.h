/* cq-designator-text.h: CQL 3 piece designators <-> their shortest text,
 * a board of designators -> a position list, and the designator at a
 * place of a CQL 3 or CQL 6 query's text.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The workbench's picker and pattern board build their CQL text here; the
 * text is read back by the same designator parser a search uses.
 */
#pragma once

#include <glib.h>
#include "chess/cq-chess.h"
#include "cql/cq-query.h"

G_BEGIN_DECLS

/**
 * CqDesignatorSets:
 * @pieces: the piece-type set (CQ_PIECE_BIT() bits).
 * @squares: the square set, bit n for square n (a1 = 0, h8 = 63).
 *
 * What a CQL 3 piece designator denotes (manual "Piece designators").
 */
typedef struct {
  guint16    pieces;
  CqBitboard squares;
} CqDesignatorSets;

/**
 * CqPatternFlags:
 * The simple and transform keywords the pattern board can add to its
 * position list (manual "Simple keywords", "Transformation keywords").
 */
typedef enum {
  CQ_PATTERN_WTM               = 1 << 0,
  CQ_PATTERN_BTM               = 1 << 1,
  CQ_PATTERN_CHECK             = 1 << 2,
  CQ_PATTERN_MATE              = 1 << 3,
  CQ_PATTERN_STALEMATE         = 1 << 4,
  CQ_PATTERN_VARIATIONS        = 1 << 5,
  CQ_PATTERN_SHIFT             = 1 << 6,
  CQ_PATTERN_SHIFTHORIZONTAL   = 1 << 7,
  CQ_PATTERN_SHIFTVERTICAL     = 1 << 8,
  CQ_PATTERN_SHIFTMAINDIAGONAL = 1 << 9,
  CQ_PATTERN_SHIFTOFFDIAGONAL  = 1 << 10,
  CQ_PATTERN_SHIFTDIAGONAL     = 1 << 11,
  CQ_PATTERN_FLIP              = 1 << 12,
  CQ_PATTERN_FLIPHORIZONTAL    = 1 << 13,
  CQ_PATTERN_FLIPVERTICAL      = 1 << 14,
  CQ_PATTERN_FLIPDIAGONAL      = 1 << 15,
  CQ_PATTERN_FLIPCOLOR         = 1 << 16,
} CqPatternFlags;

#define CQ_PATTERN_N_FLAGS 17

/* The keyword of a single flag (":wtm", ":flipcolor"...), NULL if @flag is
 * not exactly one of #CqPatternFlags. */
const char *cq_pattern_flag_keyword    (CqPatternFlags          flag);

/* Each function's contract is given at its definition (cq-designator-text.c). */
gboolean    cq_designator_sets_parse   (const char             *text,
                                        CqDesignatorSets       *out,
                                        GError                **error);
char       *cq_piece_types_to_text     (guint16                 pieces);
char       *cq_squares_to_text         (CqBitboard              squares);
char       *cq_designator_sets_to_text (const CqDesignatorSets *designator);
char       *cq_designator_sets_to_cql6_text (const CqDesignatorSets *designator);
gboolean    cq_designator_find_at      (const char             *text,
                                        CqDialect               dialect,
                                        gsize                   offset,
                                        gsize                  *start,
                                        gsize                  *end);
char       *cq_pattern_to_text         (const guint16           pieces[64],
                                        CqPatternFlags          flags);

/**
 * cq_pattern_flag_cql6_supported:
 * @flag: one of #CqPatternFlags.
 *
 * Returns: TRUE if cq_pattern_to_cql6_text() writes @flag: all but the
 *   diagonal flip and the diagonal shifts, which CQL 6 has no word for
 *   (docs/cql6.md "Transforms"); :variations is the header's `variations`.
 */
gboolean    cq_pattern_flag_cql6_supported (CqPatternFlags      flag);

/**
 * cq_pattern_to_cql6_text:
 * @pieces: (array fixed-size=64): the piece-type set placed on each square
 *   (a1 = 0); 0 for a square left free.
 * @flags: keywords to add; those CQL 6 does not write are left out
 *   (cq_pattern_flag_cql6_supported()), and :variations too, since it goes
 *   in the header.
 *
 * The pattern as filters of a CQL 6 body, in the order of
 * cq_pattern_to_text(), each designator in CQL 6 spelling
 * (cq_designator_sets_to_cql6_text()), then the filters about the side to
 * move; the transforms prefix the whole as a braced block:
 * `Kg1 Pf2 kg8 _f7 wtm`, `flipcolor {Kg1 kg8 mate}`; `true` for an empty
 * board without keywords.
 *
 * Returns: (transfer full): the text.
 */
char       *cq_pattern_to_cql6_text        (const guint16       pieces[64],
                                            CqPatternFlags      flags);

G_END_DECLS
