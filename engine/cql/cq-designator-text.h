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

/**
 * cq_designator_sets_parse:
 * @text: one piece designator, such as `Ra3`, `[Qr][d1,h3]`, `?[a-h1-2,a8]`
 *   (surrounding white space allowed).
 * @out: (out): its sets.
 * @error: CQ_QUERY_ERROR_SYNTAX (with the column of the offending
 *   character, file name "<designator>") if @text is not a piece
 *   designator; CQ_QUERY_ERROR_UNSUPPORTED for a `$tag` designator.
 *
 * Parses @text with the engine's own designator parser (manual "Piece
 * designators", rulings R13).
 */
gboolean    cq_designator_sets_parse   (const char             *text,
                                        CqDesignatorSets       *out,
                                        GError                **error);

/**
 * cq_designator_sets_parse_cql6:
 * @text: one CQL 6 piece designator, such as `Ra3`, `[Qr]d1`, `_e4`,
 *   `a-h7`, `.` (surrounding white space allowed).
 * @out: (out): its sets (#CqDesignatorSets, in CQL 3's terms: `_` is the
 *   empty square CQ_PIECES_EMPTY, `.` and a bare square designator stand
 *   for CQ_PIECES_ALL).
 * @error: CQ_QUERY_ERROR_SYNTAX, file name "<designator>" and the column
 *   of the offending character, if @text is not one piece designator.
 *
 * Reads @text with the CQL 6 reader's own designator parser (docs/cql6.md
 * "Piece designators"): the token the lexer would take, and all of @text.
 * The CQL 3 counterpart is cq_designator_sets_parse(), the way back
 * cq_designator_sets_to_cql6_text().
 *
 * Returns: TRUE, or FALSE with @error set.
 */
gboolean    cq_designator_sets_parse_cql6 (const char          *text,
                                           CqDesignatorSets    *out,
                                           GError             **error);

/**
 * cq_piece_types_to_text:
 * @pieces: a piece-type set (CQ_PIECE_BIT() bits).
 *
 * Returns: (transfer full) (nullable): the shortest piecetype designator
 *   denoting exactly @pieces (`Q`, `[Qr]`, `[A.]`), or NULL if @pieces is
 *   empty (no piecetype designator denotes no piece at all).
 */
char       *cq_piece_types_to_text     (guint16                 pieces);

/**
 * cq_squares_to_text:
 * @squares: a square set (bit n = square n, a1 = 0).
 *
 * Returns: (transfer full): the shortest square designator denoting
 *   exactly @squares (as cq-designator-text.c says): "" for all 64 squares, `d1`,
 *   `?1`, `a?`, `[]`, `[a-c1]`, `[d1,h3]`, `[a-h1-2,a8,h8]`.
 */
char       *cq_squares_to_text         (CqBitboard              squares);

/**
 * cq_designator_sets_to_text:
 * @designator: a piece designator's sets.
 *
 * Returns: (transfer full) (nullable): the piecetype text then the square
 *   text (cq_piece_types_to_text(), cq_squares_to_text()), e.g.
 *   `[Qr][d1,h3]`, `R[a-h1-2]`; NULL if the piece-type set is empty.
 */
char       *cq_designator_sets_to_text (const CqDesignatorSets *designator);

/**
 * cq_designator_sets_to_cql6_text:
 * @designator: a piece designator's sets.
 *
 * The same sets in CQL 6 spelling (docs/cql6.md "Piece designators"),
 * read back by _cq_designator_parse_cql6(): piece letters as in CQL 3
 * (`A` and `a` for a whole colour, brackets for several), `_` for the
 * empty square (CQL 3 `.`), then the squares, with no `?` (`a-h2`,
 * `[c1-8,g1-8]`); a designator of every piece type or empty is its
 * squares alone (`d4`), `.` if it is all 64 squares; `~.` denotes no
 * square at all.
 *
 * Returns: (transfer full) (nullable): the text, e.g. `[Aa]d4`, `_d4`,
 *   `U[d-f4-6]` -> `[Aa][d-f4-6]`; NULL if the piece-type set is empty.
 */
char       *cq_designator_sets_to_cql6_text (const CqDesignatorSets *designator);

/**
 * cq_designator_find_at:
 * @text: a CQL query (UTF-8).
 * @dialect: the dialect @text is written in.
 * @offset: a byte offset into @text (the editor's cursor), at most its
 *   length.
 * @start: (out) (optional): byte offset of the designator's first
 *   character.
 * @end: (out) (optional): byte offset just past its last character.
 *
 * Finds the piece designator that contains @offset or ends at it.  In
 * CQL 3 it is an item (white space, parenthesis or comment delimited)
 * that the designator parser reads whole; items inside a `;` comment are
 * not designators.  In CQL 6 it is a designator token as the reader
 * splits the text (`Ka1`, `[RQ]a-h7`, `N[b1,g1]`, `_`, `[Aa]`, `.`; in
 * `R & a-h8` each operand is one, the set expression none), outside `//`
 * and `/ * * /` comments and strings.
 *
 * Returns: TRUE if there is a piece designator at @offset.
 */
gboolean    cq_designator_find_at      (const char             *text,
                                        CqDialect               dialect,
                                        gsize                   offset,
                                        gsize                  *start,
                                        gsize                  *end);

/**
 * cq_pattern_to_text:
 * @pieces: (array fixed-size=64): the piece-type set placed on each square
 *   (a1 = 0); 0 for a square left free.
 * @flags: keywords to add.
 *
 * Writes the pattern as one position list: one piece designator per
 * square that holds something (a designator with several squares would
 * match when any one of them matches, not all), white king first, then
 * queen, rook... black, empty squares, classes; squares a1..h8 within a
 * kind; then the keywords in #CqPatternFlags order.  For instance
 * `(position Kg1 Pf2 kg8 .f7 :wtm :flipcolor)`.
 *
 * Returns: (transfer full): the position list.
 */
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
 * cq_pattern_flag_cql6_keyword:
 * @flag: one of #CqPatternFlags.
 *
 * Returns: (nullable): the word cq_pattern_to_cql6_text() writes for
 *   @flag (`wtm`, `flipcolor`; `variations`, a word of the header), or
 *   NULL for a flag CQL 6 has no word for (cq_pattern_flag_cql6_supported()).
 */
const char *cq_pattern_flag_cql6_keyword   (CqPatternFlags      flag);

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
