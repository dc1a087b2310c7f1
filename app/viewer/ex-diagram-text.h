/* ex-diagram-text.h: the lines a printed diagram carries under the board:
 * the piece count, the stipulation and the source.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "chess/cq-chess.h"
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/**
 * ExDiagramLines:
 * @EX_DIAGRAM_PIECE_COUNT: the piece count, "(4+5)".
 * @EX_DIAGRAM_STIPULATION: the stipulation, "White to play and win".
 * @EX_DIAGRAM_SOURCE: the source, "A. Troitzky, Novoe Vremya 1910".
 * @EX_DIAGRAM_ALL_LINES: all three.
 *
 * Which lines a diagram shows under the board.
 */
typedef enum {
  EX_DIAGRAM_PIECE_COUNT = 1 << 0,
  EX_DIAGRAM_STIPULATION = 1 << 1,
  EX_DIAGRAM_SOURCE      = 1 << 2,
  EX_DIAGRAM_ALL_LINES   = 0x7
} ExDiagramLines;

/**
 * ex_diagram_piece_count:
 * @pos: a position.
 *
 * The piece count as problem and study columns print it: the white men
 * (kings and pawns included) plus the black men, "(4+5)".
 *
 * Returns: (transfer full): the count.
 */
char *ex_diagram_piece_count (const CqPosition *pos);

/**
 * ex_diagram_stipulation:
 * @game: the game shown.
 * @pos: the position the diagram shows.
 * @at_start: %TRUE if @pos is the game's start position.
 *
 * The stipulation line.  A game states a stipulation by HHdb's "stipulation:"
 * in its first comment (cq_hhdb_stipulation(): "mate in 3" gives "#3"), a
 * Stipulation tag ("+", "=", "#3"), the sign of the GBR code in its Black
 * tag (cq_hhdb_find_gbr(): '+' win, '=' draw) or a Black tag that is only
 * such a sign; the Result tag then says which side wins ("0-1": Black,
 * otherwise White).  At the start position the line joins the side to
 * move and the stipulation: "White to play and win", "White to play and
 * draw", "Black to move, White draws", "#3".  Anywhere else, or for a game
 * that states no stipulation (a game between players), it is only the
 * side to move, "Black to move": none is invented from a result alone.
 *
 * Returns: (transfer full): the line.
 */
char *ex_diagram_stipulation (const CqGame     *game,
                              const CqPosition *pos,
                              gboolean          at_start);

/**
 * ex_diagram_source:
 * @game: the game shown.
 *
 * The source line built from the tags: for a study (a game that states a
 * stipulation, as ex_diagram_stipulation() reads it, or one set up from a
 * FEN without a Black tag) the composers
 * (cq_hhdb_composer(); HHdb's "Troitzky=A" and "Réti, Richard" both become
 * "A. Troitzky", "R. Réti", several joined by " & "), otherwise the players
 * "White – Black"; then the source (the Event tag without HHdb's award
 * and diagram number, or the Site tag when the Event is unknown) with the
 * year of the Date tag; then the award (cq_hhdb_read_award(): "3.p" gives
 * "3rd prize").  Unknown values ("?") are left out.
 *
 * Returns: (transfer full) (nullable): the line, or %NULL when the tags
 *   name nothing.
 */
char *ex_diagram_source      (const CqGame     *game);

G_END_DECLS
