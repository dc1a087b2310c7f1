/* test-cql6.c: the CQL 6 reader and evaluator on positions written here.
 *
 * Each case is a small game (a FEN and moves) and a CQL 6 query; the test
 * counts the positions the query matches, so that every filter is seen
 * both matching and not matching.  Then the reader: dialect detection,
 * Unicode spellings, messages with file:line:column, and the refusal of
 * filters this version does not evaluate (docs/cql6.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"

/* White: Ke1 Qd1 Ra1 Nc3 Pe4 Pd4; Black: Ke8 Qd8 Rh8 Bb4 Pd5, White to move.
 * Bb4 pins Nc3 to Ke1. */
#define PIN_FEN "3qk2r/8/8/3p4/1b1PP3/2N5/8/R2QK3 w - - 0 1"
/* Scholar's mate: four moves, then mate. */
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* Stalemate: Black Ka8, White Kb6 Qc7 (after 1.Qc7 from Qd6). */
#define STALE_FEN "k7/8/1K1Q4/8/8/8/8/8 w - - 0 1"
/* En passant: after 1...d5 White can take exd6. */
#define EP_FEN "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
/* Promotion: White Pg7 promotes. */
#define PROMO_FEN "k7/6P1/8/8/8/8/8/K7 w - - 0 1"
/* Castling available to White. */
#define CASTLE_FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
/* Pawns: White a2 b2 d4 d5 h2, Black a7 c7 e5. */
#define PAWNS_FEN "4k3/p1p5/8/3Pp3/3P4/8/PP5P/4K3 w - - 0 1"

typedef struct {
  const char *fen;
  const char *moves;  /* movetext, without result */
  const char *query;
  guint       expected; /* positions matched */
} Case;

static const Case cases[] = {
  /* Piece designators, CQL 6 spelling and Unicode. */
  { PIN_FEN, "", "cql() Ke1", 1 },
  { PIN_FEN, "", "cql() Ke2", 0 },
  { PIN_FEN, "", "cql() ♔e1 ♚e8", 1 },
  { PIN_FEN, "", "cql() [RQ]a1", 1 },
  { PIN_FEN, "", "cql() [RQ]a-c1", 1 },
  { PIN_FEN, "", "cql() [RQ]b-c1", 0 },
  { PIN_FEN, "", "cql() _e2", 1 },
  { PIN_FEN, "", "cql() □e1", 0 },
  { PIN_FEN, "", "cql() #. == 64", 1 },
  { PIN_FEN, "", "cql() #A == 6 #a == 5", 1 },
  { PIN_FEN, "", "cql() #△ == 6 #▲ == 5 #◭ == 11", 1 },
  { PIN_FEN, "", "cql() #[Aa] == 11", 1 },
  { PIN_FEN, "", "cql() #_ == 53", 1 },
  { PIN_FEN, "", "cql() a1", 1 },           /* a bare square: whatever is on it */
  { PIN_FEN, "", "cql() #[a1,h8,e4] == 3", 1 },
  { PIN_FEN, "", "cql() #a-h1 == 8", 1 },
  /* Set operators. */
  { PIN_FEN, "", "cql() #(A | a) == 11", 1 },
  { PIN_FEN, "", "cql() #(A ∪ a) == 11", 1 },
  { PIN_FEN, "", "cql() A & a", 0 },
  { PIN_FEN, "", "cql() A ∩ a-h1", 1 },
  { PIN_FEN, "", "cql() #~A == 58", 1 },
  { PIN_FEN, "", "cql() K in a-h1", 1 },
  { PIN_FEN, "", "cql() K ∈ a-h2-8", 0 },
  { PIN_FEN, "", "cql() N in a-h8", 0 },
  { PIN_FEN, "", "cql() B in a-h1", 1 },     /* no white bishop: the empty set is in every set */
  { PIN_FEN, "", "cql() [QK] == [KQ]", 1 },
  { PIN_FEN, "", "cql() B == N", 0 },
  { PIN_FEN, "", "cql() B == b", 0 },
  { PIN_FEN, "", "cql() B != N", 1 },
  { PIN_FEN, "", "cql() P > 1", 1 },        /* a set against a number is its count */
  { PIN_FEN, "", "cql() P > 2", 0 },
  /* Attacks, between, pin, ray, xray. */
  { PIN_FEN, "", "cql() b attacks N", 1 },
  { PIN_FEN, "", "cql() b attacks K", 0 },   /* the knight stands between */
  { PIN_FEN, "", "cql() #(A attacks d5) == 2", 1 }, /* Pe4 and Nc3 */
  { PIN_FEN, "", "cql() #(A → d5) == 2", 1 },
  { PIN_FEN, "", "cql() #(d5 attackedby A) == 1", 1 },
  { PIN_FEN, "", "cql() d5 ← A", 1 },
  { PIN_FEN, "", "cql() #between(a1 e1) == 3", 1 },
  { PIN_FEN, "", "cql() between(K b) & N", 1 },
  { PIN_FEN, "", "cql() between(K k) & a", 0 },
  { PIN_FEN, "", "cql() between(K k) & P", 1 },
  { PIN_FEN, "", "cql() pin & c3", 1 },
  { PIN_FEN, "", "cql() pin from b through N to K", 1 },
  { PIN_FEN, "", "cql() pin from r", 0 },
  { PIN_FEN, "", "cql() pin through P", 0 },
  { PIN_FEN, "", "cql() ray(b N K)", 1 },
  { PIN_FEN, "", "cql() ray(b K)", 0 },
  { PIN_FEN, "", "cql() ray orthogonal (b N K)", 0 },
  { PIN_FEN, "", "cql() ray(R _ _ Q)", 1 },
  { PIN_FEN, "", "cql() xray(b N K)", 1 },
  { PIN_FEN, "", "cql() xray(R _ _ Q)", 1 },
  { PIN_FEN, "", "cql() xray(N _ K)", 0 },   /* a knight does not slide */
  /* Direction filters, light and dark, file and rank, makesquare. */
  { PIN_FEN, "", "cql() up 1 P & d5", 1 },
  { PIN_FEN, "", "cql() down 1 p & d4", 1 },
  { PIN_FEN, "", "cql() up 2 K & e3", 1 },
  { PIN_FEN, "", "cql() up 1 K & e3", 0 },
  { PIN_FEN, "", "cql() #up K == 7", 1 },
  { PIN_FEN, "", "cql() #up 1 3 K == 3", 1 },
  { PIN_FEN, "", "cql() left 4 K & a1", 1 },
  { PIN_FEN, "", "cql() right K & h1", 1 },
  { PIN_FEN, "", "cql() northeast 1 N & d4", 1 },
  { PIN_FEN, "", "cql() northwest 1 N & b4", 1 },
  { PIN_FEN, "", "cql() southeast 1 b & c3", 1 },
  { PIN_FEN, "", "cql() southwest 1 b & a3", 1 },
  { PIN_FEN, "", "cql() southwest 2 b", 0 },
  { PIN_FEN, "", "cql() #orthogonal 1 K == 3", 1 },
  { PIN_FEN, "", "cql() #diagonal 1 K == 2", 1 },
  { PIN_FEN, "", "cql() #anydirection 1 K == 5", 1 },
  { PIN_FEN, "", "cql() #vertical 1 K == 1", 1 },
  { PIN_FEN, "", "cql() #horizontal 1 K == 2", 1 },
  { PIN_FEN, "", "cql() light K", 0 },       /* e1 is dark */
  { PIN_FEN, "", "cql() dark K", 1 },
  { PIN_FEN, "", "cql() file K == 5 rank K == 1", 1 },
  { PIN_FEN, "", "cql() file A == 5", 0 },   /* not a single square */
  { PIN_FEN, "", "cql() makesquare(5 1) & K", 1 },
  { PIN_FEN, "", "cql() makesquare(9 1)", 0 },
  /* Pawn structure. */
  { PAWNS_FEN, "", "cql() #passedpawns == 1", 1 },  /* h2 (c7 guards d5) */
  { PAWNS_FEN, "", "cql() passedpawns & h2", 1 },
  { PAWNS_FEN, "", "cql() passedpawns & a2", 0 },
  { PAWNS_FEN, "", "cql() #doubledpawns == 2", 1 },
  { PAWNS_FEN, "", "cql() #isolatedpawns == 6", 1 }, /* d4 d5 h2, a7 c7 e5 */
  { PAWNS_FEN, "", "cql() #connectedpawns == 2", 1 },/* a2 b2 */
  /* Numbers. */
  { PIN_FEN, "", "cql() #A + #a == 11", 1 },
  { PIN_FEN, "", "cql() #A - #a == 1 #A * 2 == 12", 1 },
  { PIN_FEN, "", "cql() {-7 / 2 == -3} {-7 % 2 == -1}", 1 },
  { PIN_FEN, "", "cql() #A / 0 == 0", 0 },
  { PIN_FEN, "", "cql() 1 < #P < 3", 1 },
  { PIN_FEN, "", "cql() 1 < #P < 2", 0 },
  { PIN_FEN, "", "cql() 2 ≤ #P ≤ 2 #P ≠ 3 #P ≥ 2", 1 },
  { PIN_FEN, "", "cql() abs(#a - #A) == 1", 1 },
  { PIN_FEN, "", "cql() max(#A #a 3) == 6 min(#A #a) == 5", 1 },
  { PIN_FEN, "", "cql() sqrt 17 == 4", 1 },
  { PIN_FEN, "", "cql() sqrt -1 < 100", 0 },
  { PIN_FEN, "", "cql() power A == 9 + 5 + 3 + 2", 1 },
  { PIN_FEN, "", "cql() power a == 9 + 5 + 3 + 1", 1 },
  { START_FEN, "1. e4 e5 2. Qh5", "cql() movenumber == 2", 2 },
  { START_FEN, "1. e4 e5 2. Qh5", "cql() ply == 3", 1 },
  { START_FEN, "1. e4 e5 2. Qh5", "cql() ply == 0 initial", 1 },
  /* The position and logic. */
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() mate", 1 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() mate wtm", 0 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() check btm", 1 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() terminal", 1 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() initial", 1 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() not check", 7 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() wtm", 4 },
  /* Both sides to move at once: never (CQL 6.2: 0 games); the body's
   * first side filter must not let the other one through. */
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() wtm btm", 0 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() btm check wtm", 0 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() sidetomove == black", 4 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() check or initial", 2 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() check and wtm", 0 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() true", 8 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() false", 0 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() if wtm then Q else q", 8 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() if wtm then Qh5", 5 },
  { STALE_FEN, "1. Qc7", "cql() stalemate", 1 },
  { STALE_FEN, "1. Qc7", "cql() stalemate wtm", 0 },
  /* Bodies of position tests alone (the walk's shortcut for them): a
   * check that is no mate, mates in a variation, tests that exclude each
   * other. */
  { START_FEN, "1. e4 f5 2. Qh5+ g6", "cql() check", 1 },
  { START_FEN, "1. e4 f5 2. Qh5+ g6", "cql() btm check mate", 0 },
  { START_FEN, "1. e4 f5 2. Qh5+ g6", "cql() not check", 4 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 (3... d6 4. Qxf7#) 4. Qxf7#",
    "cql(variations) mate btm true", 2 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 (3... d6 4. Qxf7#) 4. Qxf7#",
    "cql() mate check", 1 },
  { START_FEN, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "cql() check stalemate", 0 },
  { STALE_FEN, "1. Qc7", "cql() btm stalemate true", 1 },
  { STALE_FEN, "1. Qc7", "cql() stalemate false", 0 },
  /* Main line and variations. */
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql() mainline", 3 },
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql(variations) variation", 2 },
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql() variation", 0 },
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql(variations) true", 5 },
  /* Moves. */
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql() move to e4", 1 },
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql() move to d4", 0 },  /* main line only */
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql(variations) move to d4", 1 },
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql(variations) move secondary", 1 },
  { START_FEN, "1. e4 (1. d4 d5) 1... e5", "cql(variations) move primary from p", 2 },
  { START_FEN, "1. e4 e5", "cql() move from P", 1 },
  { START_FEN, "1. e4 e5", "cql() move from [Pp]", 2 },
  { START_FEN, "1. e4 e5", "cql() move from N", 0 },
  { START_FEN, "1. e4 e5", "cql() move previous from Pe2", 1 },
  { START_FEN, "1. e4 e5", "cql() move legal from N to f3", 2 },
  { START_FEN, "1. e4 d5 2. exd5", "cql() move capture p", 1 },
  { START_FEN, "1. e4 d5 2. exd5", "cql() move capture P", 0 },
  { EP_FEN, "1... d5 2. exd6", "cql() move enpassant", 1 },
  { EP_FEN, "1... d5 2. exd6", "cql() move legal enpassant", 1 },
  { EP_FEN, "1... d5 2. exd6", "cql() move previous enpassant capture d5", 1 },
  { PROMO_FEN, "1. g8=N", "cql() move promote N", 1 },
  { PROMO_FEN, "1. g8=N", "cql() move promote n", 1 },  /* the type, not the colour */
  { PROMO_FEN, "1. g8=N", "cql() move promote Q", 0 },
  { PROMO_FEN, "1. g8=N", "cql() move legal promote [QRB]", 1 },
  { CASTLE_FEN, "1. O-O", "cql() move castle", 1 },
  { CASTLE_FEN, "1. Kf1", "cql() move castle", 0 },
  { CASTLE_FEN, "1. Kf1", "cql() move legal castle", 1 },
  { PIN_FEN, "", "cql() move legal from N", 0 },          /* pinned */
  { PIN_FEN, "", "cql() move pseudolegal from N to e2", 1 },
  { PIN_FEN, "", "cql() move pseudolegal from K to d2", 1 },
  { PIN_FEN, "", "cql() move pseudolegal from K to e3", 0 },
  { START_FEN, "1. e4 e5 2. -- Nc6", "cql() move null", 1 },
  { START_FEN, "1. e4 e5 2. -- Nc6", "cql() move", 4 },
  /* Game tags and game filters. */
  { START_FEN, "1. e4", "cql() player white \"Lasker\"", 2 },
  { START_FEN, "1. e4", "cql() player white \"lasker\"", 0 },   /* case counts */
  { START_FEN, "1. e4", "cql() player \"Tarr\"", 2 },
  { START_FEN, "1. e4", "cql() player black \"Lasker\"", 0 },
  { START_FEN, "1. e4", "cql() event \"Petersburg\"", 2 },
  { START_FEN, "1. e4", "cql() site \"Nowhere\"", 0 },
  { START_FEN, "1. e4", "cql() \"1914\" in date", 2 },
  { START_FEN, "1. e4", "cql() year == 1914", 2 },
  { START_FEN, "1. e4", "cql() eco == \"C42\"", 2 },
  { START_FEN, "1. e4", "cql() tag \"Annotator\" == \"Test\"", 2 },
  { START_FEN, "1. e4", "cql() tag \"Missing\"", 0 },
  { START_FEN, "1. e4", "cql() result 1-0", 2 },
  { START_FEN, "1. e4", "cql() result 0-1", 0 },
  { START_FEN, "1. e4", "cql() elo white == 2600 elo black == 2500 elo == 2600", 2 },
  { START_FEN, "1. e4", "cql() whiteelo > blackelo", 2 },
  { START_FEN, "1. e4", "cql() gamenumber == 1", 2 },
  { START_FEN, "1. e4", "cql(result 1-0) initial", 1 },
  { START_FEN, "1. e4", "cql(result 0-1) initial", 0 },
  { START_FEN, "1. e4", "cql(player \"Tarrasch\" gamenumber 1 3) initial", 1 },
  { START_FEN, "1. e4", "cql(gamenumber 2 3) initial", 0 },
  /* Transforms. */
  { PIN_FEN, "", "cql() flip Kd1", 1 },
  { PIN_FEN, "", "cql() flip Kh1", 0 },
  { PIN_FEN, "", "cql() flipvertical Kd1", 1 },
  { PIN_FEN, "", "cql() flipvertical Kd8", 0 },
  { PIN_FEN, "", "cql() flipvertical {Ke1 Qd1}", 1 },
  { PIN_FEN, "", "cql() fliphorizontal Ke8", 1 },
  { PIN_FEN, "", "cql() flipcolor ra8", 1 },    /* its image Ra1 */
  { PIN_FEN, "", "cql() flipcolor Ra8", 0 },
  /* A transform is the `or` of its members, the identity first: a
   * variable they assign keeps the first's value (rulings 47). */
  { PIN_FEN, "", "cql() flipvertical {S = Qa-d1-8} S & a-d1-8", 1 },
  { PIN_FEN, "", "cql() flipvertical {S = Qa-d1-8} S & e-h1-8", 0 },
  { PIN_FEN, "", "cql() flipvertical {S = Qe-h1-8} #S == 0", 1 },
  { PIN_FEN, "", "cql() reversecolor Ra1", 0 },  /* only the image ra8 */
  { PIN_FEN, "", "cql() reversecolor ra8", 1 },
  { PIN_FEN, "", "cql() rotate90 Ka5", 0 },
  { PIN_FEN, "", "cql() rotate90 Kh5", 1 },             /* e1 turned a quarter: h5 */
  { PIN_FEN, "", "cql() shift {Ka1 Qb1}", 0 },
  { PIN_FEN, "", "cql() shift {Kb1 Qa1}", 1 },          /* Ke1 Qd1 */
  { PIN_FEN, "", "cql() shifthorizontal {Kb1 Qa1}", 1 },
  { PIN_FEN, "", "cql() shiftvertical {Kb1 Qa1}", 0 },
  { PIN_FEN, "", "cql() shiftvertical Ke5", 1 },
  { PIN_FEN, "", "cql() 1 == flip count K", 1 },
  { PIN_FEN, "", "cql() #(flip K) == 1", 1 },
  { PIN_FEN, "", "cql() 1 == flipcolor count {wtm}", 1 },
  { PIN_FEN, "", "cql() ✵ Kd1", 1 },
  { PIN_FEN, "", "cql() ✵ Kh1", 0 },
  { PIN_FEN, "", "cql() ⬓ ra8", 1 },
  { PIN_FEN, "", "cql() rotate45 {#up 1 K == 1}", 1 },
  { START_FEN, "1. e4", "cql() flipcolor {result 0-1 initial}", 1 },
  { START_FEN, "1. e4", "cql() flipcolor {elo black == 2600 initial}", 1 },
  { START_FEN, "1. e4", "cql() flipcolor {player black \"Lasker\" initial}", 1 },
  { START_FEN, "1. e4", "cql() flipcolor {btm initial}", 1 },
  /* The header's matchcount. */
  { START_FEN, "1. e4 e5 2. Nf3", "cql(matchcount 2 2) wtm", 2 },
  { START_FEN, "1. e4 e5 2. Nf3", "cql(matchcount 3) wtm", 0 },
  /* Comments. */
  { PIN_FEN, "", "// a line comment\ncql() /* a block\ncomment */ Ke1 // more", 1 },
  /* Strings. */
  { PIN_FEN, "", "cql() currenttransform == \"<>\"", 1 },
  { PIN_FEN, "", "cql() flip {Kd1 currenttransform == \"<reflect_v>\"}", 1 },
  { PIN_FEN, "", "cql() flipcolor {Bb5 currenttransform == \"<invertcolor reflect_h>\"}", 1 },
  { PIN_FEN, "", "cql() shift {Kf2 currenttransform == \"<left^1 down^1>\"}", 1 },
  { PIN_FEN, "", "cql() flip {K currenttransform == \"<reflect_v>\"}", 0 },
  { START_FEN, "1. e4 e5", "cql() \"ab\" + \"c\" == \"abc\"", 3 },
  { START_FEN, "1. e4 e5", "cql() x = \"hello\" x[1] == \"e\" x[-1] == \"o\" x[1:3] == \"el\"", 3 },
  { START_FEN, "1. e4 e5", "cql() x = \"hello\" x[:2] + x[3:] == \"helo\" x[9]", 0 },
  { START_FEN, "1. e4 e5", "cql() x = \"hello\" x[0:1] = \"J\" x == \"Jello\"", 3 },
  { START_FEN, "1. e4 e5", "cql() str (\"p\" ply) == \"p1\"", 1 },
  { START_FEN, "1. e4 e5", "cql() int \"-12\" == -12 not int \"1x\" not int \"\"", 3 },
  { START_FEN, "1. e4 e5", "cql() ascii \"A\" == 65 ascii 66 == \"B\" not ascii \"AB\"", 3 },
  { START_FEN, "1. e4 e5",
    "cql() (lowercase \"aB1\") == \"ab1\" (uppercase \"aB1\") == \"AB1\"", 3 },
  { START_FEN, "1. e4 e5", "cql() indexof (\"l\" \"hello\") == 2 not indexof (\"z\" \"a\")", 3 },
  { START_FEN, "1. e4 e5", "cql() #\"hello\" ~~ \"l+\" == 2", 3 },
  { START_FEN, "1. e4 e5", "cql() \"B\" < \"a\" \"ab\" > \"a\"", 3 },
  { START_FEN, "1. e4 e5", "cql() #str (\"a\" \\n \"b\") == 3", 3 },
  { START_FEN, "1. e4 e5", "cql() fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b\"", 1 },
  { START_FEN, "1. e4 e5",
    "cql() fen \"......../......../8/......../......../8/......../........\"", 3 },
  { START_FEN, "1. e4 e5",
    "cql() fen \"......../......../......../8/......../......../......../........\"", 2 },
  { START_FEN, "1. e4 e5", "cql() fen \"aaaaaaaa/aaaaaaaa/8/8/8/8/AAAAAAAA/AAAAAAAA\"", 1 },
  /* hhdb keys over the comments (the sample of HHdb studies has no
   * "<minor_dual"): the position's comment, the game's text, the way
   * here through variation moves not marked <main>. */
  { START_FEN, "1. e4 {<minor_dual> 1...d5} e5", "cql() hhdb \"<minor_dual>\"", 1 },
  { START_FEN, "1. e4 {<cook>} e5", "cql() hhdb \"<cook>\"", 1 },
  { START_FEN, "1. e4 e5 {a <cook here}", "cql() hhdb cooked", 3 },
  { START_FEN, "1. e4 e5", "cql() cql_hhdbhascook", 0 },
  { START_FEN, "1. e4 (1. d4 {<main>} d5) (1. c4 c5) e5", "cql(variations) hhdb variation", 2 },
  { START_FEN, "1. e4 (1. d4 {<main>} d5) (1. c4 c5) e5", "cql(variations) hhdb mainline", 5 },
  /* Integers are 64-bit; sqrt is exact at the top of the range. */
  { PIN_FEN, "", "cql() sqrt 9223372036854775807 == 3037000499", 1 },
  { PIN_FEN, "", "cql() sqrt 9223372030926249001 == 3037000499", 1 },
  { PIN_FEN, "", "cql() sqrt 9223372030926249000 == 3037000498", 1 },
  { PIN_FEN, "", "cql() sqrt 15 == 3 sqrt 16 == 4 sqrt 0 == 0", 1 },
  { PIN_FEN, "", "cql() (-9223372036854775807 - 1) % -1 == 0", 1 },
  { PIN_FEN, "", "cql() 9223372036854775807 - 9223372036854775807 == 0", 1 },
};

static guint
matched_positions (const Case *c)
{
  g_autofree char *pgn = g_strdup_printf (
    "[Event \"St Petersburg\"]\n[Site \"?\"]\n[Date \"1914.05.01\"]\n[Round \"1\"]\n"
    "[White \"Lasker, Emanuel\"]\n[Black \"Tarrasch, Siegbert\"]\n[Result \"1-0\"]\n"
    "[WhiteElo \"2600\"]\n[BlackElo \"2500\"]\n[ECO \"C42\"]\n[Annotator \"Test\"]\n"
    "[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s 1-0\n", c->fen, c->moves);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (c->query, "case.cql", &error);
  g_autoptr(CqGame) game = NULL;
  CqGameSource source = { 0 };
  CqMatchInfo info;
  guint n = 0;

  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query), ==, CQ_DIALECT_CQL6);
  source.number = 1;
  game = cq_game_new_parsed (pgn, strlen (pgn), &source, NULL);
  g_assert_null (game->error);
  cq_match_info_init (&info);
  if (cq_query_accepts_tags (query, game) && cq_query_match_game (query, game, &info))
    n = info.positions->len;
  cq_match_info_clear (&info);
  return n;
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  guint got = matched_positions (c);

  if (got != c->expected)
    g_test_message ("%s on %s %s: %u positions, expected %u", c->query, c->fen, c->moves,
                    got, c->expected);
  g_assert_cmpuint (got, ==, c->expected);
}

/* A message for @text, or NULL if it compiles. */
static char *
error_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, "q.cql", &error);

  return query != NULL ? NULL : g_strdup (error->message);
}

static void
test_dialect (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) q3 = cq_query_new_from_string ("(match (position :mate))", NULL, &error);
  g_autoptr(CqQuery) q6 = NULL;
  g_autoptr(CqQuery) q6c = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (q3), ==, CQ_DIALECT_CQL3);
  g_assert_cmpstr (cq_query_get_mark_text (q3), ==, "MATCH");
  q6 = cq_query_new_from_string ("cql(input in.pgn output out.pgn matchstring \"Hit\") mate",
                                 NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (q6), ==, CQ_DIALECT_CQL6);
  g_assert_cmpstr (cq_query_get_pgn (q6), ==, "in.pgn");
  g_assert_cmpstr (cq_query_get_output (q6), ==, "out.pgn");
  g_assert_cmpstr (cq_query_get_mark_text (q6), ==, "Hit");
  /* A file name is read up to white space, `(`, `)`, `<`, `>` or a quote,
   * digits running into letters and all (CQL 6.2 reads it so). */
  {
    g_autoptr(CqQuery) q = cq_query_new_from_string (
      "cql(input studies-2_by_x_2018.03.05.pgn output 2x♔.pgn) mate", NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (cq_query_get_pgn (q), ==, "studies-2_by_x_2018.03.05.pgn");
    g_assert_cmpstr (cq_query_get_output (q), ==, "2x♔.pgn");
  }
  /* The `///` line ends at its line break: a dash on the next line is
   * not written right after the comment (it would be its left side). */
  {
    g_autofree char *message = error_of ("cql() path -- x=currentposition ///\"x\"\n"
                                         "  -- check");

    g_assert_null (message);
  }
  q6c = cq_query_new_from_string ("/* first */ // second\n  cql(quiet) check", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (q6c), ==, CQ_DIALECT_CQL6);
  g_assert_cmpstr (cq_query_get_mark_text (q6c), ==, "");
  /* Byte order marks before the text are dropped, as CQL 6.2 does. */
  {
    g_autoptr(CqQuery) q = cq_query_new_from_string ("\xEF\xBB\xBF\xEF\xBB\xBF" "cql() mate",
                                                     NULL, &error);
    g_autofree char *message = error_of ("\xEF\xBB\xBF" "cql() frob");

    g_assert_no_error (error);
    g_assert_cmpint (cq_query_get_dialect (q), ==, CQ_DIALECT_CQL6);
    g_assert_nonnull (strstr (message, "q.cql:1:7: unknown filter `frob`"));
  }
  /* A word that only starts with cql is not the header. */
  {
    g_autofree char *message = error_of ("cqlx() mate");

    g_assert_nonnull (strstr (message, "q.cql:1:1:"));
  }
}

static void
test_errors (void)
{
  static const struct { const char *text; const char *message; } errors[] = {
    { "cql() mate\n  frob", "q.cql:2:3: unknown filter `frob`" },
    { "cql() echo (s s) mate", "q.cql:1:7: echo's two variables must differ" },
    { "cql() find all 3 5 check", "q.cql:1:7: find with both a range and `all`" },
    { "cql() x = 1 echo (x t) mate", "q.cql:1:19: the variable `x` cannot hold a position" },
    { "cql() --> mate", "q.cql:1:7: `-->` may only follow `line`" },
    { "cql() line --> check{3,2}", "maximum is below its minimum" },
    { "cql() previous mate", "expected a dash filter" },
    { "cql() zobristkey", "q.cql:1:7: unknown filter `zobristkey`" },
    { "cql() flip currenttransform", "q.cql:1:12: `currenttransform` is a string, but the string "
      "is never used here" },
    /* Dictionaries (rulings: dictionaries). */
    { "cql() dictionary D #D", "q.cql:1:20: `#D` counts the entries of a dictionary, but the "
                               "number is never used" },
    { "cql() local dictionary D D[1]=2 D[\"a\"]=3", "this key of `D` is a string, but its keys "
                                                    "are each a number" },
    { "cql() dictionary D D[1]=currentposition", "`D[...] =` cannot hold a position" },
    { "cql() dictionary D D[currentposition]=1", "a position can be a key only of a `local" },
    { "cql() dictionary D key ∊ D true", "the types of `D` are not known yet" },
    { "cql() dictionary D D[1]=2 key ∊ D true key = 3", "`key` is the variable of a loop over" },
    { "cql() local dictionary D D[1]=currentposition comment(D)",
      "the dictionary `D` holds positions, which a comment or message cannot write" },
    { "cql() dictionary D local dictionary D", "the dictionary `D` was declared without `local`" },
    { "cql() x = 1 dictionary x", "`x` is already a variable, not a dictionary" },
    { "cql() dictionary D D[1] += 2", "`+=` does not apply to a dictionary's entry" },
    { "cql() fen", "q.cql:1:7: `fen` is the position's FEN, a string, but the string is never" },
    { "cql() fen \"7/8/8/8/8/8/8/8 w - - 0 1\"", "q.cql:1:11: the FEN after `fen` has '/' "
      "before the end of a rank (at its character 2)" },
    { "cql() fen \"8/8/8/8/8/8/8 w - - 0 1\"", "the FEN after `fen` has a character that" },
    { "cql() fen \"8/8/8/8/8/8/8\"", "the FEN after `fen` has fewer than 64 squares" },
    { "cql() fen \"9/8/8/8/8/8/8/8\"", "the FEN after `fen` has a character that is not" },
    { "cql() \"a\" + \"b\"", "q.cql:1:11: `+` joins two strings, but the string is never used" },
    { "cql() str (\"a\")", "q.cql:1:7: `str` makes a string, but the string is never used" },
    { "cql() lowercase \"a\"", "q.cql:1:7: `lowercase` and `uppercase` make a string, but" },
    { "cql() x = \"ab\" x[1 2]", "q.cql:1:20: expected ']' to close the string's index" },
    { "cql() x = \"ab\" x[check]", "q.cql:1:18: a string's index needs a numeric filter" },
    { "cql() \"a\" + 1 == 2", "q.cql:1:11: expected a filter, found `+`" },
    { "cql() int 3", "q.cql:1:11: `int` needs a string filter here" },
    { "cql() ascii check", "q.cql:1:13: `ascii` needs a string or a number here" },
    { "cql() indexof (\"a\")", "`indexof` takes 2 arguments, found 1" },
    { "cql() check ~~ \"a\"", "q.cql:1:13: `~~` matches a string against a pattern, but its "
      "left is a logical filter" },
    { "cql() x = 3 y", "q.cql:1:13: unknown filter `y` (a variable must be assigned before it is used)" },
    { "cql() x = 3 x = Q", "the variable `x` holds a number and cannot be given a set" },
    { "cql() function f(z) { z } f(1 2)", "`f` takes 1 argument" },
    { "cql() function f(z) { f(z) } f(1)", "`f` calls itself" },
    { "cql() square x in 3 true", "square needs a set filter here" },
    { "cql(frob) mate", "q.cql:1:5: unknown header parameter `frob`" },
    { "cql() ♔a1 €", "q.cql:1:11: unexpected character '€'" },
    { "cql() \"open", "q.cql:1:7: this string is never closed" },
    { "cql() /* open", "q.cql:1:7: this comment `/*` is never closed" },
    { "cql() {mate", "q.cql:1:7: this '{' is never closed" },
    { "cql() mate }", "q.cql:1:12: unmatched '}'" },
    { "cql() A > a", "q.cql:1:9: `>` compares two numbers" },
    /* Comparisons group to the right; `!=` and set equality have no value
     * to compare further (rulings: comparisons). */
    { "cql() 1 < #P != 3", "q.cql:1:9: `<` compares two numbers" },
    { "cql() 2 == Q == q", "q.cql:1:9: `==` compares two numbers" },
    { "cql() check == 1", "q.cql:1:13: expected a filter, found `==`" },
    { "cql() B -> r -> mate", "q.cql:1:17: -> needs a set filter here" },
    /* An operator after a filter not of its type is left for an enclosing
     * filter, as CQL 6.2 does; where none takes it, this is the error. */
    { "cql() check | K", "q.cql:1:7: `|` needs a set filter here, but this is a logical filter" },
    { "cql() #(mate & K)", "q.cql:1:9: `&` needs a set filter here, but this is a logical" },
    { "cql() check * 2", "q.cql:1:7: `*` needs a numeric filter here, but this is a logical" },
    { "cql() #mate", "q.cql:1:8: `#` needs a set filter here" },
    { "cql() abs K", "q.cql:1:11: abs needs a numeric filter here" },
    { "cql() rotate45 Ka1", "q.cql:1:16: rotate45 cannot be applied" },
    { "cql() rotate45 {light B}", "q.cql:1:17: rotate45 cannot be applied to light" },
    { "cql() similarposition \"no-such-file.pgn\"",
      "q.cql:1:23: cannot read the submissions file \"no-such-file.pgn\"" },
    { "cql() similarposition nosort \"a.txt\"",
      "q.cql:1:30: quoted string following 'similarposition' must be the filename of a .pgn" },
    { "cql() similarposition 1", "q.cql:1:23: 'similarposition' must be followed by a quoted" },
    { "cql() hhdb source", "q.cql:1:12: `hhdb source` is not supported: CQL 6.2 lists" },
    { "cql() hhdb foo", "q.cql:1:12: expected an hhdb keyword after `hhdb`" },
    { "cql() hhdb \"MC\"", "q.cql:1:12: expected an hhdb keyword after `hhdb`" },
    { "cql() hhdb mainline", "q.cql:1:12: 'hhdb mainline' can only be used when 'variations'" },
    { "cql() hhdb gbr \"+0[01]\"", "q.cql:1:16: \"+0[01]\" after `hhdb gbr` is searched" },
    { "cql() move enpassantsquare", "q.cql:1:27: expected a filter" },
    { "cql() move enpassantsquare e5 enpassant",
      "q.cql:1:31: `move` takes one `enpassant` or `enpassantsquare`" },
    { "cql() move enpassantsquare e5 promote Q",
      "q.cql:1:7: a move cannot be both an en passant capture and a promotion" },
    { "cql() move null enpassantsquare e5", "q.cql:1:7: `move null` cannot take `promote`" },
    { "cql() hhdb prize sort", "q.cql:1:18: `sort` is the last word after `hhdb`" },
    { "cql() hhdb sort", "q.cql:1:12: `sort` is the last word after `hhdb`" },
    { "cql() hhdb sort mate", "q.cql:1:12: `sort` is the last word after `hhdb`" },
    { "cql() hhdb sort max prize", "q.cql:1:17: `hhdb` cannot take both `sort` and `max`" },
    { "cql() hhdb sort sort prize", "q.cql:1:17: `hhdb`: `sort` is given twice" },
    { "cql() sort \"cql_category\" \"x\" hhdb sort prize",
      "q.cql:1:31: `sort \"cql_category\"` sorts numbers, but an earlier sort" },
    { "cql() sort \"a\" #P sort \"a\" \"x\"",
      "q.cql:1:19: `sort \"a\"` sorts strings, but an earlier sort" },
    { "cql() line secondary <-- check", "q.cql:1:7: `primary` and `secondary` cannot be used" },
    { "cql() notransform", "expected a filter after `notransform`" },
    { "cql() assert", "expected a filter after `assert`" },
    { "cql() atomic piece x in Q true", "`atomic piece` is not part of CQL 6.2" },
    { "cql() persistent atomic x = 1", "`persistent atomic` is not part of CQL 6.2" },
    { "cql() lastgamenumber", "`lastgamenumber` stands where a filter is matched" },
    { "cql() settag (\"White\" \"x\")", "`settag` cannot set the tag \"White\"" },
    { "cql() settag (\"Foo\" 3)", "the value of `settag`" },
    { "cql() hascomment \"$0\"", "looks for the NAGs $1 to $255" },
    { "cql() btm puremainline", "q.cql:1:11: CQL 6.2 does not know `puremainline`" },
    { "cql() next check", "q.cql:1:7: CQL 6.2 does not know `next`" },
    /* Words CQL 6.2 reserves but reads as no filter. */
    { "cql() check oldline", "q.cql:1:13: `oldline` is a word CQL 6.2 reserves but is no "
                             "filter here" },
    { "cql() firstmatch", "q.cql:1:7: `firstmatch` is a word CQL 6.2 reserves" },
    { "cql() any", "q.cql:1:7: `any` was replaced by `.`" },
    { "cql() hascomment \"EG*\"", "looks for the text as written, not as a pattern" },
    { "cql() \\123 == \"a\"", "q.cql:1:7: at most two digits may follow" },
    { "cql() K & left 0 8 c1", "q.cql:1:16: left: the distances must be from -7 to 7" },
    { "cql() K & up 3 1 c1", "q.cql:1:14: up: the distances must be from -7 to 7, the first no greater" },
    { "cql() K & left -2 -1 c1", "q.cql:1:19: left: a distance must not be followed by an operator" },
    { "cql() X = 2 K & left X + 1 c1",
      "q.cql:1:24: left: a distance must not be followed by an operator" },
    /* A variable distance without the set after it (leaked the variable). */
    { "cql() D = 2 up D", "q.cql:1:17: expected a filter, found the end of the query" },
    { "cql()", "the query has no filter" },
    { "cql() move previous legal", "`move previous` cannot be `legal`" },
    { "cql() move previous pseudolegal", "`move previous` cannot be `legal` or `pseudolegal`" },
    { "cql() result 2-0", "expected a result 1-0, 0-1 or 1/2-1/2" },
    { "cql(input a.pgn output a.pgn) mate", "the output file is the input file" },
    /* A query writes only PGN files: never itself, nor the user's others. */
    { "cql(output q.cql) mate", "q.cql:1:12: the header's output file 'q.cql' must end in .pgn" },
    { "cql(output \"/home/u/.bashrc\") mate", "q.cql:1:12: the header's output file" },
    /* The ∊ loops: a piece declaration needs ∊ or `=` (a piece
     * assignment), and ∀ a loop after it (rulings section 16). */
    { "cql() ◭T a1", "q.cql:1:10: expected `∊` after `◭T`, found `a1`" },
    { "cql() ◭X += ♖", "q.cql:1:10: `+=` does not apply to the piece variable `X`: assign it "
                      "with `◭X = ...`" },
    { "cql() x = a1 ◭x = ♖", "q.cql:1:15: the variable `x` is not a piece variable and "
                            "cannot be given a piece" },
    { "cql() ◭X = 3", "q.cql:1:12: a piece assignment needs a set filter here, but this is a "
                     "numeric filter" },
    { "cql() path piecepath -- {2}", "q.cql:1:7: `piecepath` writes the way of the focus "
                                    "pieces: it needs `focus`" },
    /* The user's files only with a folder allowed (test-cql6-files.c). */
    { "cql() X = readfile \"a.cqo\" X == \"\"",
      "q.cql:1:11: `readfile` reads the user's files: refused unless the search allows a "
      "folder for them (cql --allow-files DIR" },
    { "cql() writefile (\"a.cqo\" \"b\")", "q.cql:1:7: `writefile` writes the user's files" },
    { "cql() path title 3 -- {2}", "q.cql:1:18: expected a non-empty string after `title`" },
    { "cql() path singlecolor focus A -- {2}", "q.cql:1:7: `singlecolor` cannot be used "
                                             "with `focus`" },
    { "cql() line primary secondary --> check", "q.cql:1:7: `primary` and `secondary` "
                                              "cannot both" },
    { "cql() line nestban <-- check", "q.cql:1:7: `nestban` cannot be used with `line <--`" },
    { "cql() line keepallbest --> check", "q.cql:1:12: `keepallbest` is not a parameter of "
                                        "line" },
    { "cql() pathdebug", "q.cql:1:7: `pathdebug` describes the path it is in" },
    { "cql() ∀ 3", "q.cql:1:9: expected a variable's name after `∀`, found `3`" },
    { "cql() x∊3 {x}", "q.cql:1:11: ∊ needs a set filter here" },
    { "cql() mate x∊a1", "expected a filter" },
    /* Piece symbols: a run is one designator; a piece twice, or a name
     * run into a symbol, is refused as by CQL 6.2 (rulings section 18). */
    { "cql() ♖♗♖", "q.cql:1:7: the piece `R` is written twice" },
    { "cql() ♖x", "q.cql:1:7: a name runs into this piece symbol: `♖x`" },
    { "cql() △a", "q.cql:1:7: a name runs into this piece symbol: `△a`" },
    { "cql() 3 ≺ 4", "q.cql:1:9: `[<]` compares two positions by the game tree" },
    /* `///`: a filter to the end of its line. */
    { "cql() mate /// \"a\" /// \"b\"", "q.cql:1:20: a second `///` on the line" },
    { "cql() mate ///\ncheck", "q.cql:1:12: `///` has nothing to write" },
    { "cql() {mate /// \"a\" }", "q.cql:1:21: expected the parts of the `///` comment" },
    /* A number where a filter is matched: CQL 6.2 stops on it. */
    { "cql() check 2", "q.cql:1:13: the number 2 stands where a filter is matched" },
    { "cql() line --> check { 2}", "q.cql:1:24: the number 2 stands where a filter" },
    { "cql() line --> 2", "q.cql:1:16: the number 2 stands where a filter" },
    { "cql() path -- (2)", "q.cql:1:16: the number 2 stands where a filter" },
    { "cql() check or -3", "q.cql:1:16: the number -3 stands where a filter" },
    { "cql() not 2", "q.cql:1:11: the number 2 stands where a filter" },
    { "cql() if check then 2 else 3", "q.cql:1:21: the number 2 stands where a filter" },
    { "cql() square x in a1 {check 2}", "q.cql:1:29: the number 2 stands where a filter" },
    { "cql() flip { 2}", "q.cql:1:14: the number 2 stands where a filter" },
    { "cql() x = flip count { 2}", "q.cql:1:24: the number 2 stands where a filter" },
    { "cql() find { 2}", "q.cql:1:14: the number 2 stands where a filter" },
    { "cql() --(2)", "q.cql:1:10: the number 2 stands where a filter" },
    { "cql() function f() {check 2} f()", "q.cql:1:27: the number 2 stands where a filter" },
    /* The same for a numeric, string or position variable alone. */
    { "cql() x = 2 x", "q.cql:1:13: the numeric variable `x` stands alone where a filter" },
    { "cql() x = \"a\" not x", "q.cql:1:19: the string variable `x` stands alone" },
    { "cql() echo (s t) t", "q.cql:1:18: the position variable `t` stands alone" },
    { "cql() function f(y) {y} f(2)", "q.cql:1:22: the numeric variable `y` stands alone" },
    { "cql() x = 2 line --> x", "q.cql:1:22: the numeric variable `x` stands alone" },
    /* And for abs, sqrt, max, min, type, typename, piecename matched. */
    { "cql() check abs -2", "q.cql:1:13: `abs` stands where a filter is matched" },
    { "cql() not max(1 2)", "q.cql:1:11: `max` stands where a filter is matched" },
    { "cql() check type e1", "q.cql:1:13: `type` stands where a filter is matched" },
    { "cql() {typename e1}", "q.cql:1:8: `typename` stands where a filter is matched" },
    /* Arithmetic as a whole constituent of a line. */
    { "cql() x = 1 line --> x + 1", "q.cql:1:24: the arithmetic `+` is a whole constituent" },
    { "cql() line --> {1 - 1}", "q.cql:1:19: the arithmetic `-` is a whole constituent" },
    /* `{,}` is no repetition range in CQL 6.2. */
    { "cql() line --> check{,}", "q.cql:1:21: `{,}` is an empty repetition range" },
    { "cql() path -- {,}", "q.cql:1:15: `{,}` is an empty repetition range" },
    /* Numbers are 64-bit: the largest reads, one more does not. */
    { "cql() 9223372036854775808 > 0", "q.cql:1:7: this number is too large" },
    /* Functions: recursion, direct or not, is refused. */
    { "cql() function Fa() {Fb()} function Fb() {Fa()} Fa()", "q.cql:1:43: `Fa` calls itself" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      g_autofree char *message = error_of (errors[i].text);

      g_test_message ("%s -> %s", errors[i].text, message ? message : "(compiled)");
      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, errors[i].message));
    }
}

/* A misspelt keyword gets the nearest keywords of CQL 6's table, as CQL 3's
 * unknown keywords do (_cq_words_suggest()); a word no keyword is near
 * (a variable used before it is assigned) gets none. */
static void
test_did_you_mean (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "cql() mtae", "q.cql:1:7: unknown filter `mtae` (a variable must be assigned before it "
                    "is used); did you mean `mate`?" },
    { "cql() stalmate", "q.cql:1:7: unknown filter `stalmate` (a variable must be assigned "
                        "before it is used); did you mean `stalemate`?" },
    { "cql() echoo mate", "q.cql:1:7: unknown filter `echoo` (a variable must be assigned "
                          "before it is used); did you mean `echo`?" },
    /* Followed by parentheses, it reads as a call of a function. */
    { "cql() echoo (s t) mate", "q.cql:1:7: `echoo` is not a function defined before this "
                                "call; did you mean `echo`?" },
    { "cql() chek", "q.cql:1:7: unknown filter `chek` (a variable must be assigned before it "
                    "is used); did you mean `check`?" },
    { "cql() Y", "q.cql:1:7: unknown filter `Y` (a variable must be assigned before it "
                 "is used)" },
    { "cql() frob", "q.cql:1:7: unknown filter `frob` (a variable must be assigned before it "
                    "is used); did you mean `from`?" },
    { "cql() zyzzyva", "q.cql:1:7: unknown filter `zyzzyva` (a variable must be assigned "
                       "before it is used)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = error_of (cases[i].text);

      g_assert_cmpstr (message, ==, cases[i].message);
    }
  /* A call of a function that was never defined, named like a keyword. */
  {
    g_autofree char *message = error_of ("cql() pwn(1)");

    g_assert_nonnull (strstr (message, "`pwn` is not a function defined before this call; "
                                       "did you mean `pin`"));
  }
}

/* The reader's bounds (docs/limits.md): 200 levels of its recursion
 * (200 `not`s and the `check` they hold make 201), trees 1000 levels high
 * (999 operators and the body), each refused at the place that passes
 * it, and the queries one unit shorter read. */
static void
test_nesting_bounds (void)
{
  static const struct { const char *unit, *last; guint count; const char *message; } refused[] = {
    { "not ", "check", 200, "q.cql:1:807: the query nests more than 200 deep here" },
    { "(", "check", 200, "q.cql:1:207: the query nests more than 200 deep here" },
    { "- ", "1 > 0", 202, "q.cql:1:407: the query nests more than 200 deep here" },
    { "1 < ", "1", 200, "q.cql:1:807: the query nests more than 200 deep here" },
    { "a1 | ", "a1", 1000, "q.cql:1:5005: the query nests more than 1000 levels deep here" },
    /* 999 operators: the comparison around them is the 1001st level. */
    { "1 + ", "1 > 0", 999, "q.cql:1:4005: the query nests more than 1000 levels deep" },
    { "parent:", "check", 1000, "q.cql:1:7006: the query nests more than 1000 levels deep" },
    { "check or ", "check", 1000, "q.cql:1:9004: the query nests more than 1000 levels" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    for (guint fewer = 0; fewer < 2; fewer++)
      {
        g_autoptr(GString) text = g_string_new ("cql() ");
        g_autofree char *message = NULL;

        /* One unit fewer than refused reads. */
        for (guint k = 0; k < refused[i].count - fewer; k++)
          g_string_append (text, refused[i].unit);
        g_string_append (text, refused[i].last);
        if (refused[i].unit[0] == '(')
          for (guint k = 0; k < refused[i].count - fewer; k++)
            g_string_append_c (text, ')');
        message = error_of (text->str);
        g_test_message ("%u x %s -> %s", refused[i].count - fewer, refused[i].unit,
                        message ? message : "(compiled)");
        if (fewer)
          g_assert_null (message);
        else
          g_assert_nonnull (strstr (message, refused[i].message));
      }
}

/* Every word the editor offers for CQL 6 is one the reader knows: in some
 * place (a filter, a header parameter, a parameter of move, pin or a
 * transform) it is accepted or refused as not supported yet, never an
 * unknown word; and each has a description. */
static void
test_keywords (void)
{
  const char *const *words = cq_query_keywords_for (CQ_DIALECT_CQL6);
  static const char *const places[] = {
    "cql() %s", "cql(%s) true", "cql(%s x) true", "cql() move %s", "cql() pin %s",
    "cql() flip %s K", "cql() if check %s mate", "cql() %s K", "cql() K %s k",
  };
  guint n = 0;

  g_assert_true (cq_query_keywords_for (CQ_DIALECT_CQL3) == cq_query_keywords ());
  for (guint i = 0; words[i] != NULL; i += 2, n++)
    {
      gboolean known = FALSE;

      g_assert_nonnull (words[i + 1]);
      g_assert_cmpuint (strlen (words[i + 1]), >, 0);
      for (guint k = 0; k < G_N_ELEMENTS (places) && !known; k++)
        {
          g_autofree char *text = g_strdup_printf (places[k], words[i]);
          g_autoptr(GError) error = NULL;
          g_autoptr(CqQuery) query = cq_query_new_from_string (text, "k.cql", &error);

          known = query != NULL || !g_error_matches (error, CQ_QUERY_ERROR,
                                                     CQ_QUERY_ERROR_UNKNOWN_KEYWORD);
          if (known && query == NULL && strstr (words[i + 1], "not supported yet") != NULL)
            g_assert_true (g_error_matches (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_UNSUPPORTED)
                           || !g_str_has_prefix (places[k], "cql() %s"));
        }
      if (!known)
        g_test_message ("unknown to the reader: %s", words[i]);
      g_assert_true (known);
    }
  g_assert_cmpuint (n, >=, 120);
}

/* Old query files are Windows-1252; bytes that are not UTF-8 are read so,
 * and a NUL byte is an error at its place (as for CQL 3). */
/* A number or a variable used for its value (assigned, compared, sorted
 * by, the value of a compound or an `if` whose value is used, an echo's
 * numeric body, a position looked at) is read, as by CQL 6.2: only one
 * that is matched is refused. */
static void
test_numbers_for_their_value (void)
{
  static const char *const queries[] = {
    "cql() x = 2", "cql() x = {check 2}", "cql() {check 2} == 2", "cql() sort {check 2}",
    "cql() x = if check 2 else 3", "cql() echo (s t) 2", "cql() echo (s t) {check 2}",
    "cql() function f() {check 2} f() == 2", "cql() check 2 + 3 == 5",
    "cql() line --> check{1,}", "cql() path -- check {,2}", "cql() x = 2 x == 2",
    "cql() x = 2 sort x", "cql() x = currentposition x:check", "cql() echo (s t) s:check",
    "cql() x = abs -2", "cql() typename e1 == \"K\"", "cql() check colortype e1",
    "cql() x = 1 line --> check {x + 1}", "cql() x = 1 line --> {x + 1 == 2}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      g_autofree char *message = error_of (queries[i]);

      g_test_message ("%s -> %s", queries[i], message ? message : "(compiled)");
      g_assert_null (message);
    }
}

static void
test_encoding (void)
{
  static const char latin1[] = "cql() // caf\xe9 cr\xe8me\nmate \"\xf2\xf2";
  static const char nul[] = "cql()\n mate\0 check";
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;

  g_free (error_of (latin1));
  query = cq_query_new_from_string ("cql() // caf\xe9\nmate", "q.cql", &error);
  g_assert_no_error (error);
  g_clear_pointer (&query, cq_query_free);
  query = cq_query_new_from_string ("cql() event \"Caf\xe9\"", "q.cql", &error);
  g_assert_no_error (error);
  g_clear_pointer (&query, cq_query_free);
  /* cq_query_new_from_string() stops at the NUL: the file reader sees it. */
  {
    g_autofree char *path = NULL;
    int fd = g_file_open_tmp ("cql6-nul-XXXXXX.cql", &path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (write (fd, nul, sizeof nul - 1), ==, (gssize) sizeof nul - 1);
    close (fd);
    query = cq_query_new_from_file (path, &error);
    g_assert_null (query);
    g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, ":2:6: NUL byte"));
    g_unlink (path);
  }
}

/* Does @query match the one-move game whose Date and EventDate tags are
 * both @date (no such tags when NULL)? */
static gboolean
matches_with_date (const char *query_text, const char *date)
{
  g_autofree char *tags = date != NULL
    ? g_strdup_printf ("[Date \"%s\"]\n[EventDate \"%s\"]\n", date, date) : g_strdup ("");
  g_autofree char *pgn = g_strdup_printf ("[Event \"E\"]\n%s[Result \"*\"]\n\n1. e4 *\n", tags);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (query_text, "q.cql", &error);
  g_autoptr(CqGame) game = NULL;
  CqGameSource source = { 0 };
  CqMatchInfo info;
  gboolean hit;

  g_assert_no_error (error);
  source.number = 1;
  game = cq_game_new_parsed (pgn, strlen (pgn), &source, NULL);
  g_assert_null (game->error);
  cq_match_info_init (&info);
  hit = cq_query_accepts_tags (query, game) && cq_query_match_game (query, game, &info);
  cq_match_info_clear (&info);
  return hit;
}

/* date, eventdate, tag "Date" and year read odd Date tags as CQL 6.2 does
 * (observed with its build 9.493; ruling 73). */
static void
test_dates (void)
{
  static const struct { const char *tag, *date; guint year; } cases[] = {
    { NULL, "????.??.??", 0 },         { "?", "????.??.??", 0 },
    { "", "????.??.??", 0 },           { "abc", "????.??.??", 0 },
    { "0000.00.00", "????.??.??", 0 }, { "1930", "1930.??.??", 1930 },
    { "1930.2.5", "1930.02.05", 1930 }, { "19", "0019.??.??", 19 },
    { "1930.13.40", "1930.??.??", 1930 }, { " 1930.02.05 ", "1930.02.05", 1930 },
    { "1930/02/05", "1930.??.??", 1930 }, { "1930.??.05", "1930.??.05", 1930 },
    { "12345.01.01", "????.01.01", 0 }, { "2047.12.31", "2047.12.31", 2047 },
    { "2048.01.01", "????.01.01", 0 },  { "1930.02.30", "1930.02.30", 1930 },
    { "+1930.-1.05", "1930.??.??", 1930 }, { "1930.02", "1930.02.??", 1930 },
    { "1930 .02.05", "1930.02.05", 1930 }, { "4294969226.1.1", "1930.01.01", 1930 },
    { "1930.012.05", "1930.12.05", 1930 }, { "1930.02.05x", "1930.02.05", 1930 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *is_date = g_strdup_printf (
        "cql() initial date == \"%s\" eventdate == \"%s\" tag \"Date\" == \"%s\"",
        cases[i].date, cases[i].date, cases[i].date);
      g_autofree char *is_year = cases[i].year != 0
        ? g_strdup_printf ("cql() initial year == %u", cases[i].year)
        : g_strdup ("cql() initial not year");

      g_test_message ("Date \"%s\"", cases[i].tag ? cases[i].tag : "(none)");
      g_assert_true (matches_with_date (is_date, cases[i].tag));
      g_assert_true (matches_with_date (is_year, cases[i].tag));
      /* Always a value, so always a match as a filter. */
      g_assert_true (matches_with_date ("cql() initial date eventdate", cases[i].tag));
    }
  /* Compared as strings: '?' sorts after the digits. */
  g_assert_true (matches_with_date ("cql() initial date < \"1930.02\"", "1930.1.9"));
  g_assert_false (matches_with_date ("cql() initial date < \"1930.02\"", "1930"));
  g_assert_false (matches_with_date ("cql() initial date < \"1930.02\"", NULL));
  g_assert_true (matches_with_date ("cql() initial date \"0019\"", "19"));
  g_assert_false (matches_with_date ("cql() initial date \"1930.2\"", "1930.2.5"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql6/case/%03u", i);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/cql6/dialect", test_dialect);
  g_test_add_func ("/cql6/errors", test_errors);
  g_test_add_func ("/cql6/did-you-mean", test_did_you_mean);
  g_test_add_func ("/cql6/nesting-bounds", test_nesting_bounds);
  g_test_add_func ("/cql6/numbers-for-their-value", test_numbers_for_their_value);
  g_test_add_func ("/cql6/encoding", test_encoding);
  g_test_add_func ("/cql6/keywords", test_keywords);
  g_test_add_func ("/cql6/dates", test_dates);
  return g_test_run ();
}
