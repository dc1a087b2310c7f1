/* test-cql-manual.c: every example of the CQL 3.02 manual (and its FAQ)
 * that uses transforms, piece configurations, moves, logic or game
 * filters, with constructed positions that must match and ones that must
 * not.  Test names follow the manual's sections.
 *
 * Expected results are written as in test-cql-eval.c: "no match", or the
 * matching node indices (pre-order, rulings R1), each optionally with the
 * squares the designators found ("0:c2,h8"); without squares only the
 * nodes are compared.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-game.h"

typedef struct {
  const char *name;     /* /cql/manual/<section>/<example>/<n> */
  const char *cql;      /* the match list */
  const char *fen;      /* NULL: the standard start */
  const char *moves;    /* movetext, or NULL */
  const char *expected;
} ManualCase;

#define START NULL

static const ManualCase cases[] = {
  /* ---------------------------------------------------------------- */
  /* "CQL Syntax": quadrupled pawns; (position) copies every game      */
  { "syntax/quadrupled-pawns/white-c-file",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/8/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1", NULL, "0" },
  { "syntax/quadrupled-pawns/black-g-file",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/8/6p1/6p1/6p1/6p1/8/4K3 w - - 0 1", NULL, "0" },
  { "syntax/quadrupled-pawns/a-file-edge",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/P7/P7/8/P7/P7/8/4K3 w - - 0 1", NULL, "0" },
  { "syntax/quadrupled-pawns/tripled",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/8/2P5/2P5/2P5/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "syntax/quadrupled-pawns/two-files",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/8/2P5/2P5/3P4/3P4/8/4K3 w - - 0 1", NULL, "no match" },
  { "syntax/quadrupled-pawns/quintupled-is-not-four",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/2P5/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1", NULL, "no match" },
  { "syntax/quadrupled-pawns/mixed-colours",
    "(match (position :piececount P[b2-7] 4 :shifthorizontal :flipcolor))",
    "4k3/8/2p5/2P5/2P5/2P5/8/4K3 w - - 0 1", NULL, "no match" },
  { "syntax/shifthorizontal-flipcolor-alone",
    "(match (position :shifthorizontal :flipcolor))", START, "1. e4", "0" },

  /* ---------------------------------------------------------------- */
  /* "Transformation keywords in a position list"                      */
  { "transformation-keywords/Rc2-Bh8-wtm/match", "(match (position Rc2 Bh8 :wtm))",
    "4k2B/8/8/8/8/8/2R5/4K3 w - - 0 1", NULL, "0:c2,h8" },
  { "transformation-keywords/Rc2-Bh8-wtm/btm", "(match (position Rc2 Bh8 :wtm))",
    "4k2B/8/8/8/8/8/2R5/4K3 b - - 0 1", NULL, "no match" },
  /* the unit left shift of the list */
  { "transformation-keywords/Rb2-Bg8-wtm", "(match (position Rb2 Bg8 :wtm))",
    "4k1B1/8/8/8/8/8/1R6/4K3 w - - 0 1", NULL, "0:b2,g8" },
  /* its colour flip (the manual's "Rb8 Bg1 :btm" is rb7 bg1 :btm) */
  { "transformation-keywords/Rb2-Bg8-wtm-flipcolor/btm-black-pieces",
    "(match (position Rb2 Bg8 :wtm :flipcolor))",
    "4k3/1r6/8/8/8/8/8/4K1b1 b - - 0 1", NULL, "0:g1,b7" },
  { "transformation-keywords/Rb2-Bg8-wtm-flipcolor/wtm-black-pieces",
    "(match (position Rb2 Bg8 :wtm :flipcolor))",
    "4k3/1r6/8/8/8/8/8/4K1b1 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-shifthorizontal/Ra3-qe3",
    "(match (position Rc3 qg3 :shifthorizontal))",
    "4k3/8/8/8/8/R3q3/8/4K3 w - - 0 1", NULL, "0:a3,e3" },
  { "transformation-keywords/Rc3-qg3-shifthorizontal/Rd3-qh3",
    "(match (position Rc3 qg3 :shifthorizontal))",
    "4k3/8/8/8/8/3R3q/8/4K3 w - - 0 1", NULL, "0:d3,h3" },
  { "transformation-keywords/Rc3-qg3-shifthorizontal/five-apart",
    "(match (position Rc3 qg3 :shifthorizontal))",
    "4k3/8/8/8/8/R4q2/8/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-shifthorizontal/other-rank",
    "(match (position Rc3 qg3 :shifthorizontal))",
    "4k3/8/8/8/2R3q1/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-shiftvertical/rank-6",
    "(match (position Rc3 qg3 :shiftvertical))",
    "4k3/8/2R3q1/8/8/8/8/4K3 w - - 0 1", NULL, "0:c6,g6" },
  { "transformation-keywords/Rc3-qg3-shiftvertical/d-and-h-files",
    "(match (position Rc3 qg3 :shiftvertical))",
    "4k3/8/3R3q/8/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-shift/d5-h5", "(match (position Rc3 qg3 :shift))",
    "4k3/8/8/3R3q/8/8/8/4K3 w - - 0 1", NULL, "0:d5,h5" },
  { "transformation-keywords/Rc3-qg3-shift/different-ranks", "(match (position Rc3 qg3 :shift))",
    "4k3/8/7q/3R4/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-shift/queen-left-of-rook", "(match (position Rc3 qg3 :shift))",
    "3k4/8/8/q3R3/8/8/8/6K1 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-fliphorizontal/c6-g6",
    "(match (position Rc3 qg3 :fliphorizontal))",
    "4k3/8/2R3q1/8/8/8/8/4K3 w - - 0 1", NULL, "0:c6,g6" },
  { "transformation-keywords/Rc3-qg3-fliphorizontal/c4-g4",
    "(match (position Rc3 qg3 :fliphorizontal))",
    "4k3/8/8/8/2R3q1/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Rc3-qg3-flipdiagonal/c3-c7",
    "(match (position Rc3 qg3 :flipdiagonal))",
    "4k3/2q5/8/8/8/2R5/8/4K3 w - - 0 1", NULL, "0:c3,c7" },
  { "transformation-keywords/Rc3-qg3-flipdiagonal/c3-c6",
    "(match (position Rc3 qg3 :flipdiagonal))",
    "4k3/8/2q5/8/8/2R5/8/4K3 w - - 0 1", NULL, "no match" },
  /* off-diagonal image: Rf6 qf2 */
  { "transformation-keywords/Rc3-qg3-flip/f6-f2", "(match (position Rc3 qg3 :flip))",
    "4k3/8/5R2/8/8/8/5q2/4K3 w - - 0 1", NULL, "0:f2,f6" },
  { "transformation-keywords/Rc3-qg3-flip/f6-f3", "(match (position Rc3 qg3 :flip))",
    "4k3/8/5R2/8/8/5q2/8/4K3 w - - 0 1", NULL, "no match" },
  /* "Pc2 Rc1 :shiftvertical ... will match a position in which, say, the
   * white rook is on c2 and the white pawn on c7" */
  { "transformation-keywords/Pc2-Rc1-shiftvertical/Rc2-Pc7",
    "(match (position Pc2 Rc1 :shiftvertical))",
    "4k3/2P5/8/8/8/8/2R5/4K3 w - - 0 1", NULL, "0:c2,c7" },
  { "transformation-keywords/Pc2-Rc1-shiftvertical/Rc4-Pc5",
    "(match (position Pc2 Rc1 :shiftvertical))",
    "4k3/8/8/2P5/2R5/8/8/4K3 w - - 0 1", NULL, "0:c4,c5" },
  { "transformation-keywords/Pc2-Rc1-shiftvertical/rook-in-front",
    "(match (position Pc2 Rc1 :shiftvertical))",
    "4k3/8/2R5/2P5/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Pc2-Rc1-shiftvertical/other-file",
    "(match (position Pc2 Rc1 :shiftvertical))",
    "4k3/8/8/5P2/8/8/5R2/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Pc2-Rc1-shift/f-file", "(match (position Pc2 Rc1 :shift))",
    "4k3/8/8/5P2/8/8/5R2/4K3 w - - 0 1", NULL, "0:f2,f5" },
  { "transformation-keywords/Pc2-Rc1-shift/different-files", "(match (position Pc2 Rc1 :shift))",
    "4k3/8/8/5P2/8/8/6R1/4K3 w - - 0 1", NULL, "no match" },
  { "transformation-keywords/Pc2-Rc1-shift/rook-in-front", "(match (position Pc2 Rc1 :shift))",
    "4k3/8/5R2/5P2/8/8/8/4K3 w - - 0 1", NULL, "no match" },

  /* ---------------------------------------------------------------- */
  /* "Multiple transformation keywords"                                */
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip/Nc3-ke4",
    "(match (position Nd4 kf3 :shift :flip))", "8/8/8/8/4k3/2N5/8/K7 b - - 0 1", NULL,
    "0:c3,e4" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip/corner-Ng6-kh8",
    "(match (position Nd4 kf3 :shift :flip))", "7k/8/6N1/8/8/8/8/K7 b - - 0 1", NULL,
    "0:g6,h8" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip/edge-Na5-kc4",
    "(match (position Nd4 kf3 :shift :flip))", "8/8/8/N7/2k5/8/8/K7 b - - 0 1", NULL,
    "0:c4,a5" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip/no-attack",
    "(match (position Nd4 kf3 :shift :flip))", "8/8/8/4k3/8/2N5/8/K7 b - - 0 1", NULL,
    "no match" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip/black-knight",
    "(match (position Nd4 kf3 :shift :flip))", "k7/8/8/8/4K3/2n5/8/8 w - - 0 1", NULL,
    "no match" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip-flipcolor/black-knight",
    "(match (position Nd4 kf3 :shift :flip :flipcolor))", "k7/8/8/8/4K3/2n5/8/8 w - - 0 1",
    NULL, "0:c3,e4" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip-flipcolor/white-knight",
    "(match (position Nd4 kf3 :shift :flip :flipcolor))", "7k/8/6N1/8/8/8/8/K7 b - - 0 1",
    NULL, "0:g6,h8" },
  { "multiple-transformation-keywords/Nd4-kf3-shift-flip-flipcolor/no-attack",
    "(match (position Nd4 kf3 :shift :flip :flipcolor))", "k7/8/8/4K3/8/2n5/8/8 w - - 0 1",
    NULL, "no match" },
  /* "can be written much more efficiently as" :attackcount N k 1 100 */
  { "multiple-transformation-keywords/attackcount-N-k-flipcolor/black-knight",
    "(match (position :attackcount N k 1 100 :flipcolor))", "k7/8/8/8/4K3/2n5/8/8 w - - 0 1",
    NULL, "0" },
  { "multiple-transformation-keywords/attackcount-N-k-flipcolor/white-knight",
    "(match (position :attackcount N k 1 100 :flipcolor))", "7k/8/6N1/8/8/8/8/K7 b - - 0 1",
    NULL, "0" },
  { "multiple-transformation-keywords/attackcount-N-k-flipcolor/no-attack",
    "(match (position :attackcount N k 1 100 :flipcolor))", "k7/8/8/4K3/8/2n5/8/8 w - - 0 1",
    NULL, "no match" },

  /* ---------------------------------------------------------------- */
  /* "Piece configuration keywords": :piececount, :power,              */
  /* :powerdifference, :attackcount                                     */
  { "piececount/R-2/two", "(match (position :piececount R 2))",
    "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", NULL, "0" },
  { "piececount/R-2/three", "(match (position :piececount R 2))",
    "4k3/8/8/8/8/8/R7/R3K2R w - - 0 1", NULL, "no match" },
  { "piececount/R-2/one", "(match (position :piececount R 2))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL, "no match" },
  { "piececount/rooks-queens-Nd4/match",
    "(match (position :piececount [Rr][a1-8] 1 3 :piececount [Qq][a-h8] 4 Nd4))",
    "QqQq3k/8/8/8/3N4/8/8/r3K3 w - - 0 1", NULL, "0:d4" },
  { "piececount/rooks-queens-Nd4/written-with-question-marks",
    "(match (position Nd4 :piececount [Rr][a?] 1 3 :piececount [Qq][?8] 4))",
    "QqQq3k/8/8/8/3N4/8/8/r3K3 w - - 0 1", NULL, "0:d4" },
  { "piececount/rooks-queens-Nd4/three-queens",
    "(match (position :piececount [Rr][a1-8] 1 3 :piececount [Qq][a-h8] 4 Nd4))",
    "Qq1q3k/8/8/8/3N4/8/8/r3K3 w - - 0 1", NULL, "no match" },
  { "piececount/rooks-queens-Nd4/no-rook-on-a-file",
    "(match (position Nd4 :piececount [Rr][a?] 1 3 :piececount [Qq][?8] 4))",
    "QqQq3k/8/8/8/3N4/8/8/1r2K3 w - - 0 1", NULL, "no match" },
  { "piececount/rooks-queens-Nd4/no-knight",
    "(match (position :piececount [Rr][a1-8] 1 3 :piececount [Qq][a-h8] 4 Nd4))",
    "QqQq3k/8/8/8/4N3/8/8/r3K3 w - - 0 1", NULL, "no match" },
  { "power/a-6/rook-pawn", "(match (position :power a 6))",
    "r3k3/4p3/8/8/8/8/8/4K3 w - - 0 1", NULL, "0" },
  { "power/a-6/seven", "(match (position :power a 6))",
    "r3k3/4pp2/8/8/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "power/a-6/bishop-knight", "(match (position :power a 6))",
    "1nb1k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL, "0" },
  { "power/Aa-h1-4-10-25/queen-pawn", "(match (position :power Aa-h1-4 10 25))",
    "4k3/8/8/8/8/8/3QP3/4K3 w - - 0 1", NULL, "0" },
  { "power/Aa-h1-4-10-25/queen-only", "(match (position :power Aa-h1-4 10 25))",
    "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", NULL, "no match" },
  { "power/Aa-h1-4-10-25/rook-on-rank-5-not-counted", "(match (position :power Aa-h1-4 10 25))",
    "4k3/8/8/3R4/8/8/3Q4/4K3 w - - 0 1", NULL, "no match" },
  { "power/Aa-h1-4-10-25/too-much", "(match (position :power Aa-h1-4 10 25))",
    "4k3/8/8/8/8/8/QQQ5/4K3 w - - 0 1", NULL, "no match" },
  { "powerdifference/U-4/rook-vs-pawn", "(match (position :powerdifference U 4))",
    "4k3/4p3/8/8/8/8/8/R3K3 w - - 0 1", NULL, "0" },
  { "powerdifference/U-4/rook-vs-nothing", "(match (position :powerdifference U 4))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL, "no match" },
  { "powerdifference/U-4/black-ahead", "(match (position :powerdifference U 4))",
    "r3k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "powerdifference/Rr--5-10/one-fewer", "(match (position :powerdifference [Rr] -5 10))",
    "r3k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL, "0" },
  { "powerdifference/Rr--5-10/two-more", "(match (position :powerdifference [Rr] -5 10))",
    "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", NULL, "0" },
  { "powerdifference/Rr--5-10/two-fewer", "(match (position :powerdifference [Rr] -5 10))",
    "r3k2r/8/8/8/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "powerdifference/Rr--5-10/three-more", "(match (position :powerdifference [Rr] -5 10))",
    "4k3/8/8/8/8/8/R7/R3K2R w - - 0 1", NULL, "no match" },
  { "powerdifference/exchange/black-up-an-exchange",
    "(match (position :powerdifference [RrBbNn] -1000 -2))",
    "r3k3/8/8/8/8/8/8/2B1K3 w - - 0 1", NULL, "0" },
  { "powerdifference/exchange/level", "(match (position :powerdifference [RrBbNn] -1000 -2))",
    "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL, "no match" },
  { "powerdifference/exchange/queens-do-not-count",
    "(match (position :powerdifference [RrBbNn] -1000 -2))",
    "r2qk3/8/8/8/8/8/8/Q1R1K3 w - - 0 1", NULL, "no match" },
  { "attackcount/A-k-2/double-check", "(match (position :attackcount A k 2))",
    "4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", NULL, "0" },
  { "attackcount/A-k-2/single-check", "(match (position :attackcount A k 2))",
    "4k3/8/8/1B6/8/8/8/5RK1 b - - 0 1", NULL, "no match" },
  { "attackcount/A-k-2/black-double-check", "(match (position :attackcount A k 2))",
    "4r1k1/8/8/8/1b6/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "attackcount/A-k-2-flipcolor/black-double-check",
    "(match (position :attackcount A k 2 :flipcolor))",
    "4r1k1/8/8/8/1b6/8/8/4K3 w - - 0 1", NULL, "0" },
  { "attackcount/A-k-2-flipcolor/white-double-check",
    "(match (position :attackcount A k 2 :flipcolor))",
    "4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1", NULL, "0" },
  { "attackcount/A-k-2-flipcolor/single-check",
    "(match (position :attackcount A k 2 :flipcolor))",
    "4k3/8/8/1B6/8/8/8/5RK1 b - - 0 1", NULL, "no match" },
  { "attackcount/A-.h3-1/pawn-g2", "(match (position :attackcount A .h3 1))",
    "4k3/8/8/8/8/8/6P1/4K3 w - - 0 1", NULL, "0" },
  { "attackcount/A-.h3-1/pawn-and-knight", "(match (position :attackcount A .h3 1))",
    "4k3/8/8/8/8/8/6P1/4K1N1 w - - 0 1", NULL, "no match" },
  { "attackcount/A-.h3-1/h3-occupied", "(match (position :attackcount A .h3 1))",
    "4k3/8/8/8/8/7p/6P1/4K3 w - - 0 1", NULL, "no match" },
  /* a pawn attacks diagonally forward only (R5): a pawn on h4 does not */
  { "attackcount/A-.h3-1/pawn-h4-does-not-attack", "(match (position :attackcount A .h3 1))",
    "4k3/8/8/8/7P/8/8/4K3 w - - 0 1", NULL, "no match" },
  /* at most three rank-1 squares can be attacked from a8-c8 (one per
   * rook; a bishop on a8 reaches h1 only), so the manual's range 5 9 can
   * never hold; three rooks make exactly 3 */
  { "attackcount/RB-a-c8-rank-1-5-9/never", "(match (position :attackcount [RB][a-c8] ??1 5 9))",
    "RRR5/8/7k/8/8/8/7K/8 b - - 0 1", NULL, "no match" },
  { "attackcount/RB-a-c8-rank-1-5-9/three-rooks-count-3",
    "(match (position :attackcount [RB][a-c8] ??1 3))",
    "RRR5/8/7k/8/8/8/7K/8 b - - 0 1", NULL, "0" },
  { "attackcount/RB-a-c8-rank-1-5-9/bishop-a8-reaches-h1",
    "(match (position :attackcount [RB][a-c8] ??1 3))",
    "BRR5/8/7k/8/8/8/8/K7 b - - 0 1", NULL, "0" },
  { "attackcount/RB-a-c8-rank-1-5-9/blocked-file",
    "(match (position :attackcount [RB][a-c8] ??1 3))",
    "RRR5/8/7k/8/8/2P5/7K/8 b - - 0 1", NULL, "no match" },
  { "attackcount/n-KRQ-3-100/fork", "(match (position :attackcount n [KRQ] 3 100))",
    "k7/8/8/3n4/5K2/2Q1R3/8/8 w - - 0 1", NULL, "0" },
  { "attackcount/n-KRQ-3-100/bishop-is-not-major",
    "(match (position :attackcount n [KRQ] 3 100))",
    "k7/8/8/3n4/5K2/2Q1B3/8/8 w - - 0 1", NULL, "no match" },

  /* ---------------------------------------------------------------- */
  /* ":ray" and its variants (rulings R6)                               */
  { "ray/k-Q/queen-checks", "(match (position :ray (k Q)))",
    "4k3/8/8/8/8/8/8/K3Q3 b - - 0 1", NULL, "0" },
  { "ray/k-Q/diagonal", "(match (position :ray (k Q)))",
    "8/8/8/8/8/2k5/8/K3Q3 b - - 0 1", NULL, "0" },
  { "ray/k-Q/blocked", "(match (position :ray (k Q)))",
    "4k3/4p3/8/8/8/8/8/K3Q3 w - - 0 1", NULL, "no match" },
  { "ray/k-Q/not-aligned", "(match (position :ray (k Q)))",
    "4k3/8/8/8/8/8/8/K2Q4 b - - 0 1", NULL, "no match" },
  { "ray/Qa-n-k-upper-half/pin", "(match (position :ray (Qa? n k[?4-8])))",
    "8/8/8/Q1n1k3/8/8/8/4K3 b - - 0 1", NULL, "0" },
  { "ray/Qa-n-k-upper-half/diagonal-pin", "(match (position :ray (Qa? n k[?4-8])))",
    "8/8/4k3/3n4/8/8/Q7/4K3 b - - 0 1", NULL, "0" },
  { "ray/Qa-n-k-upper-half/king-on-rank-3", "(match (position :ray (Qa? n k[?4-8])))",
    "8/8/8/8/8/Q1n1k3/8/4K3 b - - 0 1", NULL, "no match" },
  { "ray/Qa-n-k-upper-half/piece-between", "(match (position :ray (Qa? n k[?4-8])))",
    "8/8/8/Q1nPk3/8/8/8/4K3 b - - 0 1", NULL, "no match" },
  { "ray/Qa-n-k-upper-half/queen-on-b-file", "(match (position :ray (Qa? n k[?4-8])))",
    "8/8/8/1Qn1k3/8/8/8/4K3 b - - 0 1", NULL, "no match" },
  { "ray/three-queens-king/rank", "(match (position :ray (Qa? Qc? Qe? kg?)))",
    "8/8/8/8/Q1Q1Q1k1/8/8/K7 b - - 0 1", NULL, "0" },
  { "ray/three-queens-king/diagonal", "(match (position :ray (Qa? Qc? Qe? kg?)))",
    "8/6k1/8/4Q3/8/2Q5/8/Q3K3 b - - 0 1", NULL, "0" },
  { "ray/three-queens-king/king-on-h-file", "(match (position :ray (Qa? Qc? Qe? kg?)))",
    "8/8/8/8/Q1Q1Q2k/8/8/K7 b - - 0 1", NULL, "no match" },
  { "ray/three-queens-king/knight-between", "(match (position :ray (Qa? Qc? Qe? kg?)))",
    "8/8/8/8/Q1Q1QNk1/8/8/K7 b - - 0 1", NULL, "no match" },
  { "ray/Q-n-k-2-4/two-pins", "(match (position :ray (Q n k) 2 4))",
    "8/8/8/Q1n1k3/8/4n3/8/4Q2K b - - 0 1", NULL, "0" },
  { "ray/Q-n-k-2-4/one-pin", "(match (position :ray (Q n k) 2 4))",
    "8/8/8/Q1n1k3/8/4n3/8/7K b - - 0 1", NULL, "no match" },
  { "rayorthogonal/R-b-k/rank", "(match (position :rayorthogonal (R b k)))",
    "R1b1k3/8/8/8/8/8/8/4K3 b - - 0 1", NULL, "0" },
  { "rayorthogonal/R-b-k/file", "(match (position :rayorthogonal (R b k)))",
    "4k3/8/4b3/8/8/8/8/K3R3 b - - 0 1", NULL, "0" },
  { "rayorthogonal/R-b-k/diagonal-is-not-orthogonal", "(match (position :rayorthogonal (R b k)))",
    "4k3/8/2b5/8/R7/8/8/4K3 b - - 0 1", NULL, "no match" },
  { "raydiagonal/Q-B-n-k/battery", "(match (position :raydiagonal (Q B n k)))",
    "8/8/5k2/8/3n4/8/1B6/Q3K3 b - - 0 1", NULL, "0" },
  { "raydiagonal/Q-B-n-k/bishop-in-front-of-queen", "(match (position :raydiagonal (Q B n k)))",
    "8/8/5k2/8/3n4/8/1Q6/B3K3 b - - 0 1", NULL, "no match" },
  { "raydiagonal/Q-B-n-k/on-a-rank", "(match (position :raydiagonal (Q B n k)))",
    "8/8/8/8/QB1n1k2/8/8/4K3 b - - 0 1", NULL, "no match" },
  { "rayvertical/Ra-b-k/a-file", "(match (position :rayvertical (R[a1-8] b k)))",
    "8/k7/8/8/b7/8/8/R3K3 b - - 0 1", NULL, "0" },
  { "rayvertical/Ra-b-k/b-file", "(match (position :rayvertical (R[a1-8] b k)))",
    "8/1k6/8/8/1b6/8/8/1R5K b - - 0 1", NULL, "no match" },
  { "rayvertical/Ra-b-k/rank", "(match (position :rayvertical (R[a1-8] b k)))",
    "8/8/8/8/R1b1k3/8/8/4K3 b - - 0 1", NULL, "no match" },
  { "rayhorizontal/K-.-.-k/three-empty", "(match (position :rayhorizontal (K . . k)))",
    "8/8/8/K3k3/8/8/8/8 w - - 0 1", NULL, "0" },
  { "rayhorizontal/K-.-.-k/two-empty", "(match (position :rayhorizontal (K . . k)))",
    "8/8/8/K2k4/8/8/8/8 w - - 0 1", NULL, "0" },
  { "rayhorizontal/K-.-.-k/one-empty", "(match (position :rayhorizontal (K . . k)))",
    "8/8/8/1K1k4/8/8/8/8 w - - 0 1", NULL, "no match" },
  { "rayhorizontal/K-.-.-k/pawn-between", "(match (position :rayhorizontal (K . . k)))",
    "8/8/8/K1P1k3/8/8/8/8 w - - 0 1", NULL, "no match" },
  { "rayhorizontal/K-.-.-k/vertical", "(match (position :rayhorizontal (K . . k)))",
    "4k3/8/8/8/4K3/8/8/8 w - - 0 1", NULL, "no match" },
  { "rayattack/A-a-k/bishop-pins", "(match (position :rayattack (A a k)))",
    "8/8/8/B7/8/2n5/8/4k2K b - - 0 1", NULL, "0" },
  { "rayattack/A-a-k/rook-on-diagonal", "(match (position :rayattack (A a k)))",
    "8/8/8/R7/8/2n5/8/4k2K b - - 0 1", NULL, "no match" },
  { "rayattack/A-a-k/queen-on-file", "(match (position :rayattack (A a k)))",
    "8/8/8/4Q3/8/4n3/8/4k2K b - - 0 1", NULL, "0" },
  /* :ray would count the knight on c3 "pinned" by a white pawn */
  { "rayattack/A-a-k/pawn-does-not-pin", "(match (position :rayattack (A a k)))",
    "8/8/8/P7/8/2n5/8/4k2K b - - 0 1", NULL, "no match" },
  { "rayattack/A-a-k/ray-counts-the-pawn", "(match (position :ray (A a k)))",
    "8/8/8/P7/8/2n5/8/4k2K b - - 0 1", NULL, "0" },
  { "rayattack/Ad5-a-rk-lower-half-3/three-pins",
    "(match (position :rayattack (Ad5 a [rk][a-h1-4]) 3))",
    "6K1/8/8/3Q4/2n1b3/3p4/r7/3k3r b - - 0 1", NULL, "0" },
  { "rayattack/Ad5-a-rk-lower-half-3/two-pins",
    "(match (position :rayattack (Ad5 a [rk][a-h1-4]) 3))",
    "6K1/8/8/3Q4/2n1b3/3p4/r7/3k3b b - - 0 1", NULL, "no match" },
  { "rayattack/stalemate-multiple-pins/two-pins",
    "(match (position :stalemate :rayattack (A a k) 2 8 :flipcolor))",
    "kb5R/1n6/1K6/8/8/8/8/7B b - - 0 1", NULL, "0" },
  { "rayattack/stalemate-multiple-pins/white-stalemated",
    "(match (position :stalemate :rayattack (A a k) 2 8 :flipcolor))",
    "7b/8/8/8/8/1k6/1N6/KB5r w - - 0 1", NULL, "0" },
  { "rayattack/stalemate-multiple-pins/no-pin",
    "(match (position :stalemate :rayattack (A a k) 2 8 :flipcolor))",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL, "no match" },
  /* two pins, but the knight can move: not stalemate */
  { "rayattack/stalemate-multiple-pins/not-stalemate",
    "(match (position :stalemate :rayattack (A a k) 2 8 :flipcolor))",
    "kb5R/1n6/1K6/8/8/8/8/7B w - - 0 1", NULL, "no match" },

  /* ---------------------------------------------------------------- */
  /* "Move keywords" (rulings R4)                                      */
  { "movefrom/Ra3/rook-moves", "(match (position :movefrom Ra3))",
    "4k3/8/8/8/8/R7/8/4K3 w - - 0 1", "1. Ra4", "0:a3" },
  { "movefrom/Ra3/king-moves", "(match (position :movefrom Ra3))",
    "4k3/8/8/8/8/R7/8/4K3 w - - 0 1", "1. Ke2", "no match" },
  { "movefrom/U-rank-8/knight", "(match (position :movefrom U?8))", START, "1. e4 Nf6", "1:g8" },
  { "movefrom/U-rank-8/pawns", "(match (position :movefrom U?8))", START, "1. e4 e5", "no match" },
  { "moveto/.a3/a3", "(match (position :moveto .a3))", START, "1. a3 e5", "0:a3" },
  { "moveto/.a3/b3", "(match (position :moveto .a3))", START, "1. b3 e5", "no match" },
  { "moveto/R-b-file/captures-rook", "(match (position :moveto R[b1-8]))",
    "1r2k3/8/8/8/8/8/1R6/4K3 b - - 0 1", "1... Rxb2", "0:b2" },
  { "moveto/R-b-file/no-capture", "(match (position :moveto R[b1-8]))",
    "1r2k3/8/8/8/8/8/1R6/4K3 b - - 0 1", "1... Rb3", "no match" },
  /* "quite different from the natural PGN interpretation" */
  { "moveto/R-b-file/white-rook-moves-to-b-file", "(match (position :moveto R[b1-8]))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Rb1", "no match" },
  { "movefrom-R-moveto-b-file/rook-to-b1", "(match (position :movefrom R :moveto ?b?))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Rb1", "0:a1,b1" },
  { "movefrom-R-moveto-b-file/rook-to-a2", "(match (position :movefrom R :moveto ?b?))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Ra2", "no match" },
  { "movefrom-R-moveto-b-file/king-to-b-file", "(match (position :movefrom R :moveto ?b?))",
    "4k3/8/8/8/8/8/8/R1K5 w - - 0 1", "1. Kb2", "no match" },
  { "promote/RBN/knight", "(match (position :promote [RBN]))",
    "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "1. e8=N+", "0:e8" },
  { "promote/RBN/queen", "(match (position :promote [RBN]))",
    "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "1. e8=Q", "no match" },
  { "promote/RBN/black-underpromotes", "(match (position :promote [RBN]))",
    "4k3/8/8/8/8/8/4p3/K7 b - - 0 1", "1... e1=R", "no match" },
  { "promote/BN-a8/bishop", "(match (position :promote [BN]a8))",
    "8/P5k1/8/8/8/8/8/4K3 w - - 0 1", "1. a8=B", "0:a8" },
  { "promote/BN-a8/rook", "(match (position :promote [BN]a8))",
    "8/P5k1/8/8/8/8/8/4K3 w - - 0 1", "1. a8=R", "no match" },
  { "promote/BN-a8/knight-on-b8", "(match (position :promote [BN]a8))",
    "1r6/P5k1/8/8/8/8/8/4K3 w - - 0 1", "1. axb8=N", "no match" },
  /* the manual's `[Re8]` is a typo for Re8 (rulings R13) */
  { "promote/Re8-movefrom-Pf7-moveto-q/rook-takes-queen",
    "(match (position :promote Re8 :movefrom Pf7 :moveto q))",
    "4q3/5P1k/8/8/8/8/8/K7 w - - 0 1", "1. fxe8=R", "0:f7,e8" },
  { "promote/Re8-movefrom-Pf7-moveto-q/queen-takes-queen",
    "(match (position :promote Re8 :movefrom Pf7 :moveto q))",
    "4q3/5P1k/8/8/8/8/8/K7 w - - 0 1", "1. fxe8=Q", "no match" },
  { "promote/Re8-movefrom-Pf7-moveto-q/no-capture",
    "(match (position :promote Re8 :movefrom Pf7 :moveto q))",
    "4q3/5P1k/8/8/8/8/8/K7 w - - 0 1", "1. f8=R", "no match" },
  { "castling/Kk-e-to-c-or-g/white-short",
    "(match (position :movefrom [Kk]e? :moveto .[c?,g?]))",
    START, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O", "6:e1,g1" },
  { "castling/Kk-e-to-c-or-g/black-long",
    "(match (position :movefrom [Kk]e? :moveto .[c?,g?]))",
    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "1... O-O-O", "0:c8,e8" },
  { "castling/Kk-e-to-c-or-g/king-steps",
    "(match (position :movefrom [Kk]e? :moveto .[c?,g?]))",
    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "1... Kd7", "no match" },
  { "castling/Kk-e-to-c-or-g/rook-of-castling-is-not-a-move",
    "(match (position :movefrom R :markall))",
    START, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O", "no match" },
  { "enpassant/capture", "(match (position :enpassant))", START,
    "1. e4 Nf6 2. e5 d5 3. exd6", "4" },
  { "enpassant/target-square-is-empty", "(match (position :enpassant :moveto .d6 :movefrom Pe5))",
    START, "1. e4 Nf6 2. e5 d5 3. exd6", "4:e5,d6" },
  { "enpassant/captured-pawn-is-not-the-to-piece", "(match (position :enpassant :moveto p))",
    START, "1. e4 Nf6 2. e5 d5 3. exd6", "no match" },
  { "enpassant/ordinary-capture", "(match (position :enpassant))", START,
    "1. e4 d5 2. exd5", "no match" },
  { "noenpassant/every-other-move", "(match (position :noenpassant :markall))", START,
    "1. e4 Nf6 2. e5 d5 3. exd6", "0 1 2 3" },
  { "movenumber/10-20-check/move-12", "(match (position :movenumber 10 20 :check))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 12", "12. Ra8+", "1" },
  { "movenumber/10-20-check/move-5", "(match (position :movenumber 10 20 :check))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 5", "5. Ra8+", "no match" },
  { "movenumber/10-20-check/no-check", "(match (position :movenumber 10 20 :check))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 12", "12. Ra7", "no match" },
  { "movenumber/35-mate/mate-on-move-35", "(match (position :movenumber 35 :mate))",
    "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 35", "35. Ra8#", "1" },
  { "movenumber/35-mate/mate-on-move-34", "(match (position :movenumber 35 :mate))",
    "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 34", "34. Ra8#", "no match" },
  /* R4: from the standard start the move number is ply/2 + 1 */
  { "movenumber/standard-start", "(match (position :movenumber 2 :markall))", START,
    "1. e4 e5 2. Nf3 Nc6 3. Bb5", "2 3" },

  /* ---------------------------------------------------------------- */
  /* "Logical keywords" (rulings R12)                                  */
  { "and/opposition-and-Ne2/match",
    "(match (position :wtm :check :and ((position Ke2 kg2 :shift :flip) (position Ne2))))",
    "8/8/4k3/8/r3K3/8/4N3/8 w - - 0 1", NULL, "0:e2,e4,e6" },
  { "and/opposition-and-Ne2/knight-elsewhere",
    "(match (position :wtm :check :and ((position Ke2 kg2 :shift :flip) (position Ne2))))",
    "8/8/4k3/8/r3K3/8/3N4/8 w - - 0 1", NULL, "no match" },
  { "and/opposition-and-Ne2/no-opposition",
    "(match (position :wtm :check :and ((position Ke2 kg2 :shift :flip) (position Ne2))))",
    "8/4k3/8/8/r3K3/8/4N3/8 w - - 0 1", NULL, "no match" },
  { "and/opposition-and-Ne2/no-check",
    "(match (position :wtm :check :and ((position Ke2 kg2 :shift :flip) (position Ne2))))",
    "8/8/4k3/8/4K3/8/4N3/r7 w - - 0 1", NULL, "no match" },
  { "or/opposition-or-Ne2/knight-only",
    "(match (position :wtm :check :or ((position Ke1 kg1 :shift :flip) (position Ne2))))",
    "8/4k3/8/8/r3K3/8/4N3/8 w - - 0 1", NULL, "0" },
  { "or/opposition-or-Ne2/opposition-only",
    "(match (position :wtm :check :or ((position Ke1 kg1 :shift :flip) (position Ne2))))",
    "8/8/4k3/8/r3K3/8/3N4/8 w - - 0 1", NULL, "0" },
  { "or/opposition-or-Ne2/both",
    "(match (position :wtm :check :or ((position Ke1 kg1 :shift :flip) (position Ne2))))",
    "8/8/4k3/8/r3K3/8/4N3/8 w - - 0 1", NULL, "0" },
  { "or/opposition-or-Ne2/neither",
    "(match (position :wtm :check :or ((position Ke1 kg1 :shift :flip) (position Ne2))))",
    "8/4k3/8/8/r3K3/8/3N4/8 w - - 0 1", NULL, "no match" },
  { "or/opposition-or-Ne2/no-check",
    "(match (position :wtm :check :or ((position Ke1 kg1 :shift :flip) (position Ne2))))",
    "8/8/4k3/8/4K3/8/4N3/r7 w - - 0 1", NULL, "no match" },
  /* "(position Ra3 :not) is equivalent to (position [aQBNPK.]a3)" */
  { "not/Ra3/white-rook", "(match (position Ra3 :not))",
    "4k3/8/8/8/8/R7/8/4K3 w - - 0 1", NULL, "no match" },
  { "not/Ra3/empty", "(match (position Ra3 :not))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL, "0" },
  { "not/Ra3/black-rook", "(match (position Ra3 :not))",
    "4k3/8/8/8/8/r7/8/4K3 w - - 0 1", NULL, "0" },
  { "not/Ra3/white-queen", "(match (position Ra3 :not))",
    "4k3/8/8/8/8/Q7/8/4K3 w - - 0 1", NULL, "0" },
  { "not/equivalent-designator/white-rook", "(match (position [aQBNPK.]a3))",
    "4k3/8/8/8/8/R7/8/4K3 w - - 0 1", NULL, "no match" },
  { "not/equivalent-designator/empty", "(match (position [aQBNPK.]a3))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL, "0" },
  { "not/equivalent-designator/black-rook", "(match (position [aQBNPK.]a3))",
    "4k3/8/8/8/8/r7/8/4K3 w - - 0 1", NULL, "0" },
  /* the first position where the rook has left a3 */
  { "not/Ra3/game", "(match (position Ra3 :not))", "4k3/8/8/8/8/R7/8/4K3 w - - 0 1",
    "1. Ra4 Kd7 2. Ra3", "1" },
  /* R12: :not negates the whole list, transforms included */
  { "not/with-transform/some-member-matches", "(match (position Ra3 :shifthorizontal :not))",
    "7k/8/8/8/8/4R3/8/4K3 w - - 0 1", NULL, "no match" },
  { "not/with-transform/no-member-matches", "(match (position Ra3 :shifthorizontal :not))",
    "7k/8/8/8/4R3/8/8/4K3 w - - 0 1", NULL, "0" },
  { "not/nested", "(match (position Ke1 :and ((position Ra3 :not) (position :wtm))))",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL, "0:e1" },

  /* ---------------------------------------------------------------- */
  /* FAQ                                                               */
  { "faq/Pa4-Nd4-shifthorizontal/pawn-five-files-left",
    "(match (position Pa4 Nd4 :shifthorizontal))", "4k3/8/8/8/1P4N1/8/8/4K3 w - - 0 1", NULL,
    "0:b4,g4" },
  { "faq/Pa4-Nd4-shifthorizontal/exactly-three",
    "(match (position Pa4 Nd4 :shifthorizontal))", "4k3/8/8/8/1P2N3/8/8/4K3 w - - 0 1", NULL,
    "0:b4,e4" },
  { "faq/Pa4-Nd4-shifthorizontal/two-files-apart",
    "(match (position Pa4 Nd4 :shifthorizontal))", "4k3/8/8/8/4P1N1/8/8/4K3 w - - 0 1", NULL,
    "no match" },
  { "faq/Pa4-Nd4-shifthorizontal/knight-on-c4",
    "(match (position Pa4 Nd4 :shifthorizontal))", "4k3/8/8/8/P1N5/8/8/4K3 w - - 0 1", NULL,
    "no match" },
  { "faq/Pb4-Ne4-shifthorizontal/exactly-three",
    "(match (position Pb4 Ne4 :shifthorizontal))", "4k3/8/8/8/P2N4/8/8/4K3 w - - 0 1", NULL,
    "0:a4,d4" },
  { "faq/Pb4-Ne4-shifthorizontal/five-apart",
    "(match (position Pb4 Ne4 :shifthorizontal))", "4k3/8/8/8/1P4N1/8/8/4K3 w - - 0 1", NULL,
    "no match" },
  { "faq/Pa4-Pa5-Nd4-Nd5-shifthorizontal/pairs",
    "(match (position Pa4 Pa5 Nd4 Nd5 :shifthorizontal))",
    "4k3/8/8/1P3N2/1P3N2/8/8/4K3 w - - 0 1", NULL, "0:b4,f4,b5,f5" },
  { "faq/Pa4-Pa5-Nd4-Nd5-shifthorizontal/knights-not-paired",
    "(match (position Pa4 Pa5 Nd4 Nd5 :shifthorizontal))",
    "4k3/8/8/1P4N1/1P3N2/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "faq/moveto-?d4", "(match (position :moveto ?d4))", START, "1. d4", "0:d4" },
  { "faq/moveto-?d4/other-square", "(match (position :moveto ?d4))", START, "1. e4", "no match" },
  { "faq/passed-pawn-b-file/white", "(match (position Pb2 :piececount p[a-c3-7] 0 "
    ":shiftvertical :flipcolor))", "4k3/8/8/1P6/8/8/8/4K3 w - - 0 1", NULL, "0:b5" },
  { "faq/passed-pawn-b-file/black-pawn-behind",
    "(match (position Pb2 :piececount p[a-c3-7] 0 :shiftvertical :flipcolor))",
    "4k3/8/8/1P6/p7/8/8/4K3 w - - 0 1", NULL, "0:b5" },
  { "faq/passed-pawn-b-file/blocked-by-c6",
    "(match (position Pb2 :piececount p[a-c3-7] 0 :shiftvertical :flipcolor))",
    "4k3/8/2p5/1P6/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  { "faq/passed-pawn-b-file/black-passer",
    "(match (position Pb2 :piececount p[a-c3-7] 0 :shiftvertical :flipcolor))",
    "4k3/8/8/8/1p6/8/8/4K3 w - - 0 1", NULL, "0:b4" },
  { "faq/passed-pawn-b-file/c-file-pawn",
    "(match (position Pb2 :piececount p[a-c3-7] 0 :shiftvertical :flipcolor))",
    "4k3/8/8/2P5/8/8/8/4K3 w - - 0 1", NULL, "no match" },
  /* The FAQ's "light-squared" list holds a1, c1, ...: the dark squares (a1
   * is dark); its "dark-squared" list the light ones.  As written: */
  { "faq/bishop-colour/first-list-holds-c1",
    "(match (position B[a1,a3,a5,a7,b2,b4,b6,b8,c1,c3,c5,c7,d2,d4,d6,d8,e1,e3,e5,e7,f2,f4,f6,"
    "f8,g1,g3,g5,g7,h2,h4,h6,h8]))", START, NULL, "0:c1" },
  { "faq/bishop-colour/second-list-holds-f1",
    "(match (position B[a2,a4,a6,a8,b1,b3,b5,b7,c2,c4,c6,c8,d1,d3,d5,d7,e2,e4,e6,e8,f1,f3,f5,"
    "f7,g2,g4,g6,g8,h1,h3,h5,h7]))", START, NULL, "0:f1" },
  { "faq/bishop-colour/first-list-without-c1-bishop",
    "(match (position B[a1,a3,a5,a7,b2,b4,b6,b8,c1,c3,c5,c7,d2,d4,d6,d8,e1,e3,e5,e7,f2,f4,f6,"
    "f8,g1,g3,g5,g7,h2,h4,h6,h8]))", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", NULL, "no match" },
  /* the unguarded-guard fragment without its :sequence: in check, the
   * next move interposes on an empty square of the checking ray */
  { "faq/unguarded-guard-fragment/interposition",
    "(match (position :wtm :moveto .d4 :check :or ((position :rayorthogonal ([qr] .d4 K)) "
    "(position :raydiagonal ([qb] .d4 K))) :shift :markall))",
    "4q2k/8/8/8/8/8/2B5/4K3 w - - 0 1", "1. Be4", "0" },
  { "faq/unguarded-guard-fragment/diagonal-interposition",
    "(match (position :wtm :moveto .d4 :check :or ((position :rayorthogonal ([qr] .d4 K)) "
    "(position :raydiagonal ([qb] .d4 K))) :shift :markall))",
    "7k/8/8/b7/8/8/8/3RK3 w - - 0 1", "1. Rd2", "0" },
  { "faq/unguarded-guard-fragment/king-moves",
    "(match (position :wtm :moveto .d4 :check :or ((position :rayorthogonal ([qr] .d4 K)) "
    "(position :raydiagonal ([qb] .d4 K))) :shift :markall))",
    "4q2k/8/8/8/8/8/2B5/4K3 w - - 0 1", "1. Kf2", "no match" },
  /* the passed-pawn list of "Using accumulators", without accumulators */
  { "faq/passed-pawn-Pd2-shift/d5", "(match (position Pd2 :piececount [pP][d3-7] 0 "
    ":piececount p[c3-7,e3-7] 0 :shift))", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", NULL, "0:d5" },
  { "faq/passed-pawn-Pd2-shift/a5-edge", "(match (position Pd2 :piececount [pP][d3-7] 0 "
    ":piececount p[c3-7,e3-7] 0 :shift))", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1", NULL, "0:a5" },
  { "faq/passed-pawn-Pd2-shift/guarded-by-e6", "(match (position Pd2 :piececount [pP][d3-7] 0 "
    ":piececount p[c3-7,e3-7] 0 :shift))", "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1", NULL,
    "no match" },
  { "faq/passed-pawn-Pd2-shift/a5-with-b6", "(match (position Pd2 :piececount [pP][d3-7] 0 "
    ":piececount p[c3-7,e3-7] 0 :shift))", "4k3/8/1p6/P7/8/8/8/4K3 w - - 0 1", NULL,
    "no match" },
};

/* ------------------------------------------------------------------ */

static CqGame *
game_new (const char *tags, const char *fen, const char *movetext, guint64 number)
{
  g_autoptr(GString) text = g_string_new ("[Event \"test\"]\n");
  CqGameSource source = { number, 0, 0, 1 };
  CqGame *game;

  if (tags != NULL)
    g_string_append (text, tags);
  if (fen != NULL)
    g_string_append_printf (text, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
  g_string_append_printf (text, "\n%s *\n", movetext != NULL ? movetext : "");
  source.length = text->len;
  game = cq_game_new_parsed (text->str, text->len, &source, NULL);
  if (game->error != NULL)
    g_error ("test game does not parse: %s", game->error);
  g_assert_nonnull (game->root);
  return game;
}

/* "no match", or "node[:squares] node[:squares] ..." */
static char *
run (const char *cql, CqGame *game, gboolean with_squares)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (cql, "t.cql", &error);
  g_autoptr(GString) out = g_string_new (NULL);
  CqMatchInfo info;
  gboolean matched;

  g_assert_no_error (error);
  cq_match_info_init (&info);
  matched = cq_query_match_game (query, game, &info);
  g_assert_cmpint (cq_query_match_game (query, game, NULL), ==, matched);
  if (!matched)
    {
      cq_match_info_clear (&info);
      return g_strdup ("no match");
    }
  for (guint i = 0; i < info.positions->len; i++)
    {
      const CqMatchedPosition *m = &g_array_index (info.positions, CqMatchedPosition, i);
      gboolean first = TRUE;

      g_string_append_printf (out, "%s%u", i ? " " : "", m->node);
      if (with_squares)
        for (int sq = 0; sq < 64; sq++)
          if (m->squares & (G_GUINT64_CONSTANT (1) << sq))
            {
              g_string_append_printf (out, "%c%c%c", first ? ':' : ',', 'a' + (sq & 7),
                                      '1' + (sq >> 3));
              first = FALSE;
            }
    }
  cq_match_info_clear (&info);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_manual_case (gconstpointer data)
{
  const ManualCase *c = data;
  g_autoptr(CqGame) game = game_new (NULL, c->fen, c->moves, 1);
  g_autofree char *result = run (c->cql, game, strchr (c->expected, ':') != NULL);

  g_assert_cmpstr (result, ==, c->expected);
}

/* ------------------------------------------------------------------ */
/* Game-related keywords and the match list (rulings R3)               */

/* "(position :result 1-0 :whiteelo 0 2300 :blackelo 2600 3000 :flipcolor)
 * searches for positions in which a 2300 player or below defeated a 2600
 * player or above." */
static void
test_game_related_upset (void)
{
  static const struct { const char *tags; gboolean match; } games[] = {
    { "[Result \"1-0\"]\n[WhiteElo \"2250\"]\n[BlackElo \"2650\"]\n", TRUE },
    { "[Result \"0-1\"]\n[WhiteElo \"2650\"]\n[BlackElo \"2250\"]\n", TRUE },
    { "[Result \"1-0\"]\n[WhiteElo \"2300\"]\n[BlackElo \"3000\"]\n", TRUE },
    { "[Result \"0-1\"]\n[WhiteElo \"2250\"]\n[BlackElo \"2650\"]\n", FALSE },
    { "[Result \"1/2-1/2\"]\n[WhiteElo \"2250\"]\n[BlackElo \"2650\"]\n", FALSE },
    { "[Result \"1-0\"]\n[WhiteElo \"2400\"]\n[BlackElo \"2650\"]\n", FALSE },
    { "[Result \"1-0\"]\n[WhiteElo \"2250\"]\n", FALSE },
    { "[Result \"1-0\"]\n[WhiteElo \"2250\"]\n[BlackElo \"?\"]\n", FALSE },
    { "[WhiteElo \"2250\"]\n[BlackElo \"2650\"]\n", FALSE },
  };
  g_autoptr(CqQuery) query = cq_query_new_from_string (
    "(match (position :result 1-0 :whiteelo 0 2300 :blackelo 2600 3000 :flipcolor))",
    NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(CqGame) game = game_new (games[i].tags, NULL, "1. e4", 1);

      g_test_message ("game %u", i);
      g_assert_cmpint (cq_query_accepts_tags (query, game), ==, games[i].match);
      g_assert_cmpint (cq_query_match_game (query, game, NULL), ==, games[i].match);
    }
}

/* :elo: the rating of at least one player; :result 1/2 abbreviates
 * 1/2-1/2 in a position list too */
static void
test_game_related_elo_result (void)
{
  static const struct { const char *cql; const char *tags; gboolean match; } cases[] = {
    { "(match (position :elo 2600 2700))", "[WhiteElo \"2000\"]\n[BlackElo \"2650\"]\n", TRUE },
    { "(match (position :elo 2600 2700))", "[WhiteElo \"2650\"]\n[BlackElo \"2000\"]\n", TRUE },
    { "(match (position :elo 2600 2700))", "[WhiteElo \"2000\"]\n[BlackElo \"2750\"]\n", FALSE },
    { "(match (position :elo 2600 2700))", "[WhiteElo \"-\"]\n[BlackElo \"\"]\n", FALSE },
    { "(match (position :elo 0 5000))", "[WhiteElo \"2600x\"]\n", FALSE },
    { "(match (position :whiteelo 2600 :flipcolor))", "[BlackElo \"2600\"]\n", TRUE },
    { "(match (position :result 1/2))", "[Result \"1/2-1/2\"]\n", TRUE },
    { "(match (position :result 1/2-1/2))", "[Result \"1-0\"]\n", FALSE },
    { "(match (position :result 0-1 :flipcolor))", "[Result \"1-0\"]\n", TRUE },
    { "(match (position :result 0-1 :flipcolor))", "[Result \"1/2-1/2\"]\n", FALSE },
    /* :not: a game whose result is not 1-0 */
    { "(match (position :result 1-0 :not))", "[Result \"0-1\"]\n", TRUE },
    { "(match (position :result 1-0 :not))", "[Result \"1-0\"]\n", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CqQuery) query = cq_query_new_from_string (cases[i].cql, NULL, NULL);
      g_autoptr(CqGame) game = game_new (cases[i].tags, NULL, "1. e4", 1);

      g_test_message ("%s on %s", cases[i].cql, cases[i].tags);
      g_assert_nonnull (query);
      g_assert_cmpint (cq_query_match_game (query, game, NULL), ==, cases[i].match);
    }
}

/* "The match list": (match :player costeff :result 1-0 :gamenumber 10
 * 1000 :year 1934 2000 (position)) */
static void
test_match_list_example (void)
{
  static const struct { const char *tags; guint64 number; gboolean match; } games[] = {
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n[Date \"1995.03.01\"]\n", 10, TRUE },
    { "[Black \"G. COSTEFF\"]\n[Result \"1-0\"]\n[Date \"1934.??.??\"]\n", 1000, TRUE },
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n[Date \"2000\"]\n", 500, TRUE },
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n[Date \"1995.03.01\"]\n", 9, FALSE },
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n[Date \"1995.03.01\"]\n", 1001, FALSE },
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n[Date \"1933.12.31\"]\n", 10, FALSE },
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n[Date \"????.??.??\"]\n", 10, FALSE },
    { "[White \"Costeff, G.\"]\n[Result \"1-0\"]\n", 10, FALSE },
    { "[White \"Costeff, G.\"]\n[Result \"1/2-1/2\"]\n[Date \"1995.03.01\"]\n", 10, FALSE },
    { "[White \"Stiller, L.\"]\n[Result \"1-0\"]\n[Date \"1995.03.01\"]\n", 10, FALSE },
    { "[White \"Cost eff\"]\n[Result \"1-0\"]\n[Date \"1995.03.01\"]\n", 10, FALSE },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (
    "(match\n :pgn heijden.pgn\n :output out.pgn\n :player costeff\n :result 1-0\n"
    " :gamenumber 10 1000\n :year 1934 2000\n (position)\n)", NULL, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(CqGame) game = game_new (games[i].tags, NULL, "1. e4", games[i].number);

      g_test_message ("game %u", i);
      g_assert_cmpint (cq_query_accepts_tags (query, game), ==, games[i].match);
      g_assert_cmpint (cq_query_match_game (query, game, NULL), ==, games[i].match);
    }
}

/* :player is case-insensitive beyond ASCII; several filters all hold; the
 * FAQ's ":gamenumber 650499 650701". */
static void
test_match_list_filters (void)
{
  static const struct {
    const char *cql;
    const char *tags;
    guint64 number;
    gboolean match;
  } cases[] = {
    { "(match :player \xc3\xa9mile (position))", "[White \"\xc3\x89MILE Zola\"]\n", 1, TRUE },
    { "(match :player zola (position))", "[Black \"\xc3\x89mile ZOLA\"]\n", 1, TRUE },
    { "(match :player zolb (position))", "[Black \"\xc3\x89mile ZOLA\"]\n", 1, FALSE },
    { "(match :player van :player heijden (position))", "[White \"van der Heijden\"]\n", 1, TRUE },
    { "(match :player van :player costeff (position))", "[White \"van der Heijden\"]\n", 1, FALSE },
    /* a quoted name may hold spaces */
    { "(match :player \"der Heij\" (position))", "[Black \"van der Heijden\"]\n", 1, TRUE },
    { "(match :player \"der Heij\" (position))", "[Black \"van derHeijden\"]\n", 1, FALSE },
    { "(match :gamenumber 650499 650701 (position))", NULL, 650500, TRUE },
    { "(match :gamenumber 650499 650701 (position))", NULL, 650702, FALSE },
    { "(match :gamenumber 3 (position))", NULL, 3, TRUE },
    { "(match :year 1934 (position))", "[Date \"1934.??.??\"]\n", 1, TRUE },
    { "(match :result 1/2 (position))", "[Result \"1/2-1/2\"]\n", 1, TRUE },
    { "(match :result 0-1 (position))", "[Result \"*\"]\n", 1, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CqQuery) query = cq_query_new_from_string (cases[i].cql, NULL, NULL);
      g_autoptr(CqGame) game = game_new (cases[i].tags, NULL, "1. e4", cases[i].number);

      g_test_message ("%s", cases[i].cql);
      g_assert_nonnull (query);
      g_assert_cmpint (cq_query_match_game (query, game, NULL), ==, cases[i].match);
    }
}

/* ------------------------------------------------------------------ */
/* Rulings R4: continuations, null moves                                */

static void
test_R4_continuations (void)
{
  /* 0 start, 1 e4, 2 e5 (mainline); 3 d4 (variation) */
  g_autoptr(CqGame) game = game_new (NULL, NULL, "1. e4 (1. d4) 1... e5", 1);
  g_autoptr(CqGame) null_move = game_new (NULL, NULL, "1. e4 -- 2. d4", 1);
  g_autofree char *r1 = run ("(match (position :movefrom Pd2))", game, TRUE);
  g_autofree char *r2 = run ("(match (position :movefrom Pd2 :variations))", game, TRUE);
  g_autofree char *r3 = run ("(match (position :movefrom Pe2 :moveto .d4 :variations))", game,
                             TRUE);
  g_autofree char *r4 = run ("(match (position :variations :and ((position :movefrom Pd2))))",
                             game, TRUE);
  g_autofree char *r5 = run ("(match (position :and ((position :movefrom Pd2 :variations))))",
                             game, TRUE);
  g_autofree char *r6 = run ("(match (position :movefrom U :markall))", null_move, FALSE);
  g_autofree char *r7 = run ("(match (position :noenpassant :markall))", null_move, FALSE);
  g_autofree char *r8 = run ("(match (position :moveto . :markall :variations))", game, FALSE);
  g_autofree char *r9 = run ("(match (position :movefrom U :terminal))", game, FALSE);

  g_assert_cmpstr (r1, ==, "no match");
  g_assert_cmpstr (r2, ==, "0:d2");
  /* one continuation must satisfy every move keyword */
  g_assert_cmpstr (r3, ==, "no match");
  /* nested lists inherit the enclosing list's :variations ... */
  g_assert_cmpstr (r4, ==, "0:d2");
  /* ... and a nested list's own :variations counts for its move keywords */
  g_assert_cmpstr (r5, ==, "0:d2");
  /* a null move moves no piece, and is no en passant capture */
  g_assert_cmpstr (r6, ==, "0 2");
  g_assert_cmpstr (r7, ==, "0 1 2");
  /* terminal positions have no next move */
  g_assert_cmpstr (r8, ==, "0 1");
  g_assert_cmpstr (r9, ==, "no match");
}

/* The squares reported for a match include those of nested lists. */
static void
test_R2_squares_of_nested_lists (void)
{
  g_autoptr(CqGame) game = game_new (NULL, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Ra8+", 1);
  g_autofree char *r1 = run ("(match (position Ke1 :or ((position Rh1) (position Ra1))))", game,
                             TRUE);
  g_autofree char *r2 = run ("(match (position :check :and ((position Ra8) (position ke8))))",
                             game, TRUE);

  g_assert_cmpstr (r1, ==, "0:a1,e1");
  g_assert_cmpstr (r2, ==, "1:a8,e8");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CQL_TEST_NONFATAL") != NULL)
    g_test_set_nonfatal_assertions ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql/manual/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_manual_case);
    }
  g_test_add_func ("/cql/manual/game-related/result-whiteelo-blackelo-flipcolor",
                   test_game_related_upset);
  g_test_add_func ("/cql/manual/game-related/elo-result", test_game_related_elo_result);
  g_test_add_func ("/cql/manual/match-list/example", test_match_list_example);
  g_test_add_func ("/cql/manual/match-list/filters", test_match_list_filters);
  g_test_add_func ("/cql/rulings/R4-continuations", test_R4_continuations);
  g_test_add_func ("/cql/rulings/R2-squares-of-nested-lists", test_R2_squares_of_nested_lists);

  return g_test_run ();
}
