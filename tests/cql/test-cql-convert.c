/* test-cql-convert.c: cq_query_convert_to_cql6(), CQL 3 -> CQL 6.
 *
 * - Each construct converted: the exact CQL 6 text for some, and every
 *   refusal with its message (docs/convert.md).
 * - The queries the project keeps as CQL 3 files (data/themes, data/queries,
 *   the golden queries, copy-all, the fuzzer's seeds) and the manual's
 *   examples of test-cql-manual.c: each either converts, and the CQL 6
 *   text, compiled as CQL 6, finds exactly the games the CQL 3 query finds
 *   (on the query's database, ../shared/data; skipped without it), or is
 *   refused for the reason listed here.  The positions marked may differ
 *   (CQL 6 marks every matching position, CQL 3 without :markall the first
 *   of each list): the differences are counted and reported.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-game.h"
#include "pgn/cq-pgn.h"

#include "cql-manual-cases.h"

/* ------------------------------------------------------------------ */
/* Constructs                                                         */

static char *
convert (const char *cql3)
{
  g_autoptr(GError) error = NULL;
  char *cql6 = cq_query_convert_to_cql6 (cql3, strlen (cql3), "t.cql", &error);

  g_assert_no_error (error);
  g_assert_nonnull (cql6);
  return cql6;
}

/* @cql3 converts to exactly @expected, which compiles as CQL 6. */
static void
assert_converts (const char *cql3, const char *expected)
{
  g_autofree char *cql6 = convert (cql3);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;

  g_assert_cmpstr (cql6, ==, expected);
  query = cq_query_new_from_string (cql6, "t.cql6", &error);
  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query), ==, CQ_DIALECT_CQL6);
}

static void
assert_refused (const char *cql3, int code, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cql6 = cq_query_convert_to_cql6 (cql3, strlen (cql3), "t.cql", &error);

  g_assert_null (cql6);
  g_assert_error (error, CQ_QUERY_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_header (void)
{
  assert_converts ("(match :pgn in.pgn :output out.pgn (position :mate))",
                   "cql(input in.pgn output out.pgn)\nmate\n");
  /* :year is a body filter, as CQL 6.2 reads it. */
  assert_converts ("(match :year 1990 2000 :gamenumber 5 :result 1/2 (position :mate))",
                   "cql(gamenumber 5 result 1/2-1/2)\n1990 <= year <= 2000\nmate\n");
  /* A file name with a blank is quoted. */
  /* R3: :player ignores case; CQL 6's player does not. */
  assert_converts ("(match :player \"Van Der-k\" (position :mate))",
                   "cql()\nplayer white ~~ \"[Vv][Aa][Nn] [Dd][Ee][Rr][-][Kk]\" or player "
                   "black ~~ \"[Vv][Aa][Nn] [Dd][Ee][Rr][-][Kk]\"\nmate\n");
  assert_converts ("(match :pgn \"my games.pgn\" (position))",
                   "cql(input \"my games.pgn\")\ntrue\n");
  /* :variations and :matchcount of the one position list go to the
   * header; :variationsonly is `variation` as well. */
  assert_converts ("(match (position :check :variations :matchcount 3 1000))",
                   "cql(variations matchcount 3 1000)\ncheck\n");
  assert_converts ("(match (position :mate :variationsonly))",
                   "cql(variations)\nvariation mate\n");
}

static void
test_layout_and_comments (void)
{
  /* Comments before the match list go before the header; a trailing
   * comment beside the filter of its line; the filters of one line stay
   * on one line; a transform is a prefix, its list in braces. */
  assert_converts ("; Mirror mate\n"
                   "(match\n"
                   "  (position\n"
                   "    :btm :mate :variations   ; Black is mated\n"
                   "    ke5                      ; its king\n"
                   "    :piececount U[d-f4-6] 1  ; alone\n"
                   "    :shift :flipcolor))\n",
                   "// Mirror mate\n"
                   "cql(variations)\n"
                   "flipcolor shift {\n"
                   "  btm mate                              // Black is mated\n"
                   "  ke5                                   // its king\n"
                   "  #[Aa][d-f4-6] == 1                    // alone\n"
                   "}\n");
  /* A short list written on one line stays on one line. */
  assert_converts ("(match (position ka8 :btm :stalemate :flip :flipcolor))",
                   "cql()\nflipcolor flip {ka8 btm stalemate}\n");
  /* A comment on a line of its own stays on a line of its own. */
  assert_converts ("(match\n  ; the king\n  (position K[a1,h1,a8,h8]))",
                   "cql()\n// the king\nK[a1,h1,a8,h8]\n");
}

static void
test_designators (void)
{
  /* `.` (empty) is `_`, `?` squares are ranges, U is [Aa], M and I are
   * their pieces, `?` alone is `.`. */
  assert_converts ("(match (position .d4 ?[c?,g?] U[d-f4-6] M I ? k?8))",
                   "cql()\n_d4 [c1-8,g1-8] [Aa][d-f4-6] [QR] [BN] . ka-h8\n");
}

static void
test_position_keywords (void)
{
  assert_converts ("(match (position :wtm :check :nocheck :mate :stalemate :initial :terminal))",
                   "cql()\nwtm check not check mate stalemate initial terminal\n");
  assert_converts ("(match (position :piececount P 4 :piececount N 0 :piececount [Qq] 2 64 "
                   ":power A 0 10))",
                   "cql()\n#P == 4 not N #[Qq] >= 2 power A <= 10\n");
  assert_converts ("(match (position :initial :powerdifference U -100 -1))",
                   "cql()\ninitial (-100 <= power A - power a <= -1)\n");
  assert_converts ("(match (position :powerdifference N 3 1000))",
                   "cql()\npower (N & A) - power (N & a) >= 3\n");
  /* :attackcount: only none and at least one (docs/cql6-rulings.md 13). */
  assert_converts ("(match (position :attackcount N k 1 1000 :attackcount A Ad4 0))",
                   "cql()\nN attacks k not (A attacks Ad4)\n");
  assert_converts ("(match (position :ray (Q n k) :raydiagonal (B p k) 0 "
                   ":rayorthogonal (R r) :rayhorizontal (R k) :rayvertical (Q k)))",
                   "cql()\nray (Q n k) not ray diagonal (B p k) ray orthogonal (R r) "
                   "ray horizontal (R k) ray vertical (Q k)\n");
  assert_converts ("(match (position :rayattack (A a k)))",
                   "cql()\n(ray orthogonal ((A & [RQrq]) a k) | ray diagonal ((A & [BQbq]) "
                   "a k))\n");
  /* A count converts when one end is one square or a king: the number of
   * squares at the other end (the ray read backwards if need be). */
  assert_converts ("(match (position :rayattack (A a k) 2 8 :ray (Qd1 n [rb]) 2 3))",
                   "cql()\n2 <= #(ray orthogonal (k a (A & [RQrq])) | ray diagonal (k a "
                   "(A & [BQbq]))) <= 8 2 <= #(ray (Qd1 n [rb])) <= 3\n");
  /* Otherwise the pairs are summed in a square loop. */
  assert_converts ("(match (position :attackcount A [qr] 2 1000 :ray (Q [nb] ?) 2 5))",
                   "cql()\n{Pairs = 0 square all Attacked in [qr] {Pairs += #(A attacks "
                   "Attacked)} Pairs >= 2} {Pairs = 0 square all Last in . {Pairs += "
                   "#(ray (Last [bn] Q))} 2 <= Pairs <= 5}\n");
  assert_converts ("(match (position :attackcount A k 2 :attackcount Nd4 [KRQ] 2 8 "
                   ":attackcount A .h3 1))",
                   "cql()\n#(A attacks k) == 2 2 <= #([KQR] attackedby Nd4) <= 8 "
                   "#(A attacks _h3) == 1\n");
  assert_converts ("(match (position :result 1-0 :elo 2500 3000 :whiteelo 0 2300))",
                   "cql()\nresult 1-0 (2500 <= elo white <= 3000 or 2500 <= elo black <= 3000) "
                   "elo white <= 2300\n");
}

static void
test_moves (void)
{
  /* One continuation must satisfy all the move keywords of a list (R4):
   * one `move` filter. */
  assert_converts ("(match (position :movefrom [Kk]e? :moveto .[c?,g?]))",
                   "cql()\nmove from [Kk]e1-8 to _[c1-8,g1-8]\n");
  /* :promote's colour goes to `from`, its squares to `to`. */
  assert_converts ("(match (position :promote [RBN] :variations))",
                   "cql(variations)\nmove from P promote [RBN]\n");
  assert_converts ("(match (position :promote [RBNrbn]))", "cql()\nmove promote [RBN]\n");
  assert_converts ("(match (position :movefrom Pe7 :promote n[a-h1]))",
                   "cql()\nmove from (Pe7 & p) to a-h1 promote N\n");
  /* Twice: one move's square matches both. */
  assert_converts ("(match (position :movefrom K :moveto ?[a-h1] :movefrom ?e1))",
                   "cql()\nmove from (K & e1) to a-h1\n");
  assert_converts ("(match (position :enpassant :variations))",
                   "cql(variations)\nmove enpassant\n");
}

static void
test_logic_and_sequences (void)
{
  assert_converts ("(match (position :wtm :check :and ((position Ke2 kg2 :shift :flip) "
                   "(position Ne2))))",
                   "cql()\nwtm check flip shift {Ke2 kg2} Ne2\n");
  assert_converts ("(match (position :or ((position Ka1) (position Kh1 :flipcolor))))",
                   "cql()\nKa1 or (flipcolor Kh1)\n");
  assert_converts ("(match (position :not :shift :mate Kb2))",
                   "cql()\nnot (shift {mate Kb2})\n");
  assert_converts ("(match (position :sequence ((position :check) (position) "
                   "(position :movefrom Qb2 :mate))))",
                   "cql()\nline quiet --> check --> true --> {move from Qb2 mate}\n");
  /* Gapped: any positions before and between (R9). */
  assert_converts ("(match (position :gappedsequence ((position :check) (position :mate))))",
                   "cql()\nline quiet --> true* --> check --> true* --> mate\n");
}

static void
test_several_lists (void)
{
  /* A count from 0: the game may match where the list matches nowhere,
   * which only `not find` says (a count find has no value for none). */
  assert_converts ("(match (position :moveto [Qq] :matchcount 0))",
                   "cql()\ninitial\nnot find quiet {move to [Qq]}\n");
  assert_converts ("(match (position :check :matchcount 0 3) (position Kb2 "
                   ":pretransformmatchcount 0 2 :shift))",
                   "cql()\ninitial\nnot (find all quiet {check} > 3)\n"
                   "shift not (find all quiet {Kb2} > 2)\n");
  /* Each list must match somewhere in the game: a `find` each, from the
   * initial position; a list without :variations keeps to the main line
   * when another has them. */
  assert_converts ("(match (position Ka1) (position Kh8 :variations :movefrom Qd1) "
                   "(position :check :movefrom N :matchcount 2 5))",
                   "cql(variations)\ninitial\nfind quiet {mainline Ka1}\n"
                   "find quiet {Kh8 move from Qd1}\n"
                   "find 2 5 quiet {mainline check move primary from N}\n");
}

static void
test_counting_members (void)
{
  /* R8: :pretransformmatchcount is the transforms before a counting
   * `find` from the initial position; an accumulator is the number of
   * members that match, `(shift count {...})`, read by :sumrange. */
  assert_converts ("(match (position :moveto [Aa]d4 :pretransformmatchcount 6 1000 :shift))",
                   "cql()\ninitial\nshift find 6 1000 quiet {move to [Aa]d4}\n");
  assert_converts ("(match (position Pd2 :piececount [pP][d3-7] 0 :shift :accumulate n "
                   ":sumrange n 3 8))",
                   "cql()\n3 <= (shift count {Pd2 not [Pp][d3-7]}) <= 8\n");
  assert_converts ("(match (position Pd2 :shift :accumulate n :sumrange n 0 1))",
                   "cql()\nshift {Pd2} (shift count {Pd2}) <= 1\n");
  assert_converts ("(match (position :sumrange n 2 4 :and ((position Pd2 :shiftvertical "
                   ":accumulate n))))",
                   "cql()\n2 <= (shiftvertical count {Pd2}) <= 4 shiftvertical Pd2\n");
  /* No list adds to it: the sum is 0. */
  assert_converts ("(match (position :sumrange n 1 3))", "cql()\nfalse\n");
}

static void
test_relation (void)
{
  /* R10: an echo from P1 to the later positions of its line (the main
   * continuations unless the relation has :variations); what differs is
   * pieces gone or come, as the counts allow. */
  assert_converts ("(match (position :relation (:changesidetomove :variations)))",
                   "cql(variations)\nmainline\necho quiet (Source Target) {\n"
                   "  ancestor(Source Target)\n  sidetomove != Source:sidetomove\n"
                   "  Source & Target == .\n}\n");
  assert_converts ("(match (position :variations :relation (:missingpiececount A 1)))",
                   "cql(variations)\necho quiet (Source Target) {\n"
                   "  ancestor(Source Target)\n  depth == Source:depth\n"
                   "  sidetomove == Source:sidetomove\n  Differ = ~(Source & Target)\n"
                   "  not (Differ & [Aa])\n  Differ in Source:A\n  #Differ == 1\n}\n");
  assert_converts ("(match (position :relation (:ignoresidetomove :missingpiececount U 0 2 "
                   ":newpiececount q[a-h8] 1 :originaldifferentcount 1 3)))",
                   "cql()\necho quiet (Source Target) {\n  ancestor(Source Target)\n"
                   "  1 <= #~(Source & Target) <= 3\n  Differ = ~(Source & Target)\n"
                   "  not (Differ & Source:[Aa] & [Aa])\n"
                   "  Missing = Differ & Source:[Aa]\n  #Missing <= 2\n"
                   "  New = Differ & [Aa]\n  New in qa-h8\n  #New == 1\n}\n");
}

static void
test_tags (void)
{
  /* R11: a piece loop over the pieces of the initial position, each piece
   * once it has had a type of the designator; `$tag[squares]` and
   * :tagmatch are the piece variable limited to squares; two tags of one
   * colour never name one piece. */
  assert_converts ("(match :forany pawn P\n"
                   "  (position :initial $pawn[a-h2])\n"
                   "  (position :tagmatch pawn [QRBN]))",
                   "cql()\ninitial\npiece Pawn in A {\n  find quiet (Pawn & P)\n"
                   "  find quiet {initial (Pawn & a-h2)}\n  find quiet (Pawn & [QRBN])\n}\n");
  assert_converts ("(match :forany x [Nn] :forany y [Nn]"
                   " (position :attackcount $x $y 1 :matchcount 2 5 :variations))",
                   "cql(variations)\ninitial\npiece TagX in [Aa] {\n"
                   "  find quiet (TagX & [Nn])\n  piece TagY in [Aa] {\n"
                   "    find quiet (TagY & [Nn])\n    not (TagX & TagY)\n"
                   "    find 2 5 quiet {TagX attacks TagY}\n  }\n}\n");
  /* A list that is only a gapped sequence is tried at the initial
   * position alone: its lines pass through every position (R9). */
  assert_converts ("(match :forany rook [Rr] (position :gappedsequence ((position $rook[b2]) "
                   "(position $rook[e2])) :flip))",
                   "cql()\ninitial\npiece Rook in [Aa] {\n  find quiet (Rook & [Rr])\n"
                   "  flip line quiet --> true* --> (Rook & b2) --> true* --> (Rook & e2)\n}\n");
}

/* R4: a nested list with :variations considers every continuation at the
 * main-line positions of its enclosing list. */
static void
test_nested_variations (void)
{
  assert_converts ("(match (position :and ((position :movefrom Pd2 :variations))))",
                   "cql(variations)\nmainline move from Pd2\n");
  assert_converts ("(match (position :movefrom N :and ((position :movefrom Pd2 :variations))))",
                   "cql(variations)\nmainline move primary from N move from Pd2\n");
}

static void
test_shift_edges (void)
{
  /* Squares off the edge, or whole lines, convert under a shift. */
  assert_converts ("(match (position Pd2 :piececount [pP][d3-7] 0 :shift))",
                   "cql()\nshift {Pd2 not [Pp][d3-7]}\n");
  assert_converts ("(match (position :piececount P[b2-7] 4 :shifthorizontal))",
                   "cql()\nshifthorizontal #P[b2-7] == 4\n");
  assert_converts ("(match (position R?1 :shifthorizontal))",
                   "cql()\nshifthorizontal Ra-h1\n");
  /* A square on an edge is kept by CQL 3 shifts as well as moved (R7),
   * not by CQL 6's: the squares between the edge and it are added. */
  assert_converts ("(match (position Qa2 :shift))", "cql()\nshift (Q & (a2 | left a2))\n");
  assert_converts ("(match (position ?a1 .h8 :shift))",
                   "cql()\nshift {\n  ((a1 | left a1) | down (a1 | left a1)) "
                   "(_ & ((h8 | right h8) | up (h8 | right h8)))\n}\n");
  /* A vertical shift only cares about ranks 1 and 8, inherited shifts
   * reach nested lists. */
  assert_converts ("(match (position Qa2 :shiftvertical))", "cql()\nshiftvertical Qa2\n");
  assert_converts ("(match (position :shiftvertical :or ((position Kc1) (position Kc2))))",
                   "cql()\nshiftvertical (K & (c1 | down c1)) or Kc2\n");
  /* Several squares, some on an edge: they would not leave the board
   * together. */
  assert_refused ("(match (position Q[a2,c2] :shift))", CQ_QUERY_ERROR_CONVERT,
                  "t.cql:1:18: cannot convert to CQL 6: the piece designator `Q[a2,c2]` under "
                  "a shift: it has squares on the edge of the board, which a CQL 3 shift keeps "
                  "as well as moves (rulings R7) and a CQL 6 shift only moves; only a "
                  "designator of one square converts so (docs/cql6-rulings.md 13)");
}

static void
test_refusals (void)
{
  static const struct { const char *cql3; const char *message; } cases[] = {
    { "(match :forany p P (position :promote $p[a8]))",
      "t.cql:1:39: cannot convert to CQL 6: ':promote' with the tag designator `$p[a8]`" },
    { "(match :player \"Ré\" (position))",
      "t.cql:1:16: cannot convert to CQL 6: ':player' with `Ré`: only letters, digits, blanks "
      "and . , - ' ( ) : / convert" },
    { "(match :pgn a.pgn b.pgn (position))",
      "t.cql:1:19: cannot convert to CQL 6: ':pgn' with several files: CQL 6's input names "
      "one" },
    { "(match (position Ka1 :relation (:pattern)))",
      "t.cql:1:33: cannot convert to CQL 6: ':pattern' in a :relation specification: the "
      "squares and transforms of CQL 3's relation are not written in CQL 6 yet" },
    { "(match (position :relation (:shift)))",
      "t.cql:1:29: cannot convert to CQL 6: ':shift' in a :relation specification: the "
      "squares and transforms of CQL 3's relation are not written in CQL 6 yet" },
    { "(match (position :relation () :flipcolor))",
      "t.cql:1:18: cannot convert to CQL 6: ':relation' in a position list with transforms" },
    { "(match (position Pd2 :accumulate n :sumrange n 3 8))",
      "t.cql:1:22: cannot convert to CQL 6: ':accumulate' in a position list without "
      "transforms: CQL 6 counts the members of a transform" },
    { "(match (position Pd2 :shift :accumulate n) (position Pd3 :shift :accumulate n))",
      "t.cql:1:65: cannot convert to CQL 6: ':accumulate' to an accumulator another position "
      "list adds to" },
    { "(match (position :shift :and ((position Pd2 :accumulate n))))",
      "t.cql:1:45: cannot convert to CQL 6: ':accumulate' in a position list inside a "
      "transformed one" },
    { "(match (position Pd2 :shift :accumulate n) (position :flip :sumrange n 1 3))",
      "t.cql:1:60: cannot convert to CQL 6: ':sumrange' in a transformed position list: CQL 6 "
      "would transform the count it reads" },
    { "(match (position :movenumber 30))",
      "t.cql:1:18: cannot convert to CQL 6: ':movenumber': CQL 3 counts from the move number "
      "of the game's FEN, CQL 6's movenumber from 1 at the first position "
      "(docs/cql6-rulings.md 7)" },
    { "(match (position :noenpassant))",
      "t.cql:1:18: cannot convert to CQL 6: ':noenpassant': CQL 6's move has no parameter "
      "for a move that is not en passant" },
    { "(match (position :mate :noannotate))",
      "t.cql:1:24: cannot convert to CQL 6: ':noannotate': CQL 6 marks every position a "
      "query matches" },
    { "(match (position Ka1 :flipdiagonal))",
      "t.cql:1:22: cannot convert to CQL 6: the transform ':flipdiagonal': CQL 6 has no "
      "transform with its members" },
    { "(match (position Kb2 :shiftmaindiagonal))",
      "t.cql:1:22: cannot convert to CQL 6: the transform ':shiftmaindiagonal': CQL 6 has no "
      "transform with its members" },
    { "(match (position :promote [Rb]))",
      "t.cql:1:18: cannot convert to CQL 6: ':promote' with different white and black piece "
      "types: CQL 6's promote names a type whatever its colour; write two position lists "
      "joined by :or" },
    { "(match (position :promote K))",
      "t.cql:1:18: cannot convert to CQL 6: ':promote' to a king or a pawn, which never "
      "matches: CQL 6's promote refuses those types" },
    { "(match (position Kd4 :shift :and ((position Rd2 :flip))))",
      "t.cql:1:35: cannot convert to CQL 6: a nested position list with transforms of its own "
      "inside a shifted one: CQL 3 and CQL 6 compose them differently" },
    { "(match (position :and ((position :mate :variationsonly))))",
      "t.cql:1:40: cannot convert to CQL 6: ':variationsonly' in a nested position list" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].cql3, CQ_QUERY_ERROR_CONVERT, cases[i].message);

  /* A CQL 6 text is CQL 6 already. */
  assert_refused ("cql() mate", CQ_QUERY_ERROR_CONVERT,
                  "t.cql:1:1: cannot convert to CQL 6: the query is CQL 6 already");
}

/* A bad CQL 3 query fails with the compiler's own error. */
static void
test_compiler_errors (void)
{
  static const char *const bad[] = {
    "(match (position :movefromto Ke1))",
    "(match (position K[a1-h2]))",
    "(match (position (position)))",
    "(match (position Ka1)",
    "(position Ka1)",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) compile_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_string (bad[i], "t.cql", &compile_error);
      g_autofree char *cql6 = cq_query_convert_to_cql6 (bad[i], strlen (bad[i]), "t.cql",
                                                        &error);

      g_assert_null (query);
      g_assert_null (cql6);
      g_assert_nonnull (error);
      g_assert_cmpint (error->domain, ==, compile_error->domain);
      g_assert_cmpint (error->code, ==, compile_error->code);
      g_assert_cmpstr (error->message, ==, compile_error->message);
    }
}

/* ------------------------------------------------------------------ */
/* The query files on their databases                                 */

typedef struct {
  const char *path;     /* under the source root */
  /* NULL: it converts; "compile": the CQL 3 compiler refuses it (a seed
   * of the fuzzer), and the converter with the same error; otherwise a
   * part of the converter's refusal message. */
  const char *refusal;
} FileCase;

static const FileCase files[] = {
  { "data/themes/captures-one-square.cql", NULL },
  { "data/themes/castling.cql", NULL },
  { "data/themes/corner-stalemate.cql", NULL },
  { "data/themes/excelsior.cql", NULL },
  { "data/themes/kings-opposition-knight.cql", NULL },
  { "data/themes/knight-chases-knight.cql", NULL },
  { "data/themes/many-checks.cql", NULL },
  { "data/themes/mirror-mate.cql", NULL },
  { "data/themes/model-stalemate-pins.cql", NULL },
  { "data/themes/mutual-zugzwang.cql", NULL },
  { "data/themes/passed-pawns.cql", NULL },
  { "data/themes/pinned-knight.cql", NULL },
  { "data/themes/quadrupled-pawns.cql", NULL },
  { "data/themes/queen-staircase.cql", NULL },
  { "data/themes/recurs-piece-missing.cql", NULL },
  { "data/themes/rook-four-corners.cql", NULL },
  { "data/themes/rook-mate-edge.cql", NULL },
  { "data/themes/rook-pawn-stalemate.cql", NULL },
  { "data/themes/rook-rectangle.cql", NULL },
  { "data/themes/underpromotion.cql", NULL },
  { "data/themes/unguarded-guard.cql", NULL },
  { "data/queries/black-king-corner-start.cql", NULL },
  { "data/queries/king-in-corner.cql", NULL },
  { "data/queries/knight-attacks-king.cql", NULL },
  { "data/queries/knight-mate.cql", NULL },
  { "data/queries/mate-in-variations.cql", NULL },
  { "data/queries/pin-to-king.cql", NULL },
  { "data/queries/queen-on-eighth.cql", NULL },
  { "data/queries/stalemate-ending.cql", NULL },
  { "data/queries/stalemate.cql", NULL },
  { "data/queries/underpromotion.cql", NULL },
  { "data/queries/white-starts-behind.cql", NULL },
  { "tests/fixtures/cql/golden/captures-one-square.cql", NULL },
  { "tests/fixtures/cql/golden/eg151-missing-white.cql", NULL },
  { "tests/fixtures/cql/golden/en-passant.cql", NULL },
  { "tests/fixtures/cql/golden/excelsior.cql", NULL },
  { "tests/fixtures/cql/golden/knight-chase.cql", NULL },
  { "tests/fixtures/cql/golden/knight-pin.cql", NULL },
  { "tests/fixtures/cql/golden/mate-rook-queen.cql", NULL },
  { "tests/fixtures/cql/golden/material-deficit-win.cql", NULL },
  { "tests/fixtures/cql/golden/mutual-zugzwang.cql", NULL },
  { "tests/fixtures/cql/golden/passers-black-2.cql", NULL },
  { "tests/fixtures/cql/golden/passers-both.cql", NULL },
  { "tests/fixtures/cql/golden/passers-white-3.cql", NULL },
  { "tests/fixtures/cql/golden/quadrupled-pawns.cql", NULL },
  { "tests/fixtures/cql/golden/rook-rectangle.cql", NULL },
  { "tests/fixtures/cql/golden/rookcorners.cql", NULL },
  { "tests/fixtures/cql/golden/staircase.cql", NULL },
  { "tests/fixtures/cql/golden/underpromotion.cql", NULL },
  { "tests/fixtures/cql/golden/unguarded-guard-twice.cql", NULL },
  { "tests/fixtures/cql/golden/unguarded-guard.cql", NULL },
  { "tests/fixtures/cql/copy-all.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q01.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q02.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q03.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q04.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q05.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q06.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q07.cql", "':noannotate'" },
  { "tests/fixtures/fuzz/seed-cql/q08.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q09.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q10.cql", "the transform ':shiftdiagonal'" },
  { "tests/fixtures/fuzz/seed-cql/q11.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q12.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q13.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q14.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q15.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q16.cql", NULL },
  { "tests/fixtures/fuzz/seed-cql/q17.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q18.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q19.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q20.cql", "compile" },
  { "tests/fixtures/fuzz/seed-cql/q21.cql", "compile" },
};

/* The source root: tests/ is G_TEST_SRCDIR. */
static char *
source_path (const char *relative)
{
  return g_test_build_filename (G_TEST_DIST, "..", relative, NULL);
}

/* The database a query is searched on: its `; database:` line (sample/
 * under data/, studies/ under the shared data), or the 253 HHdb studies;
 * NULL when the shared data is absent. */
static char *
database_for (const char *text)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  const char *line = strstr (text, "; database:");
  g_autofree char *name = NULL;

  if (line != NULL)
    {
      const char *end = strchr (line, '\n');

      line += strlen ("; database:");
      name = g_strstrip (g_strndup (line, end != NULL ? (gsize) (end - line) : strlen (line)));
    }
  else
    name = g_strdup ("studies/cql6-sample-hhdb-selection.pgn");
  if (g_str_has_prefix (name, "sample/"))
    {
      g_autofree char *relative = g_build_filename ("data", name, NULL);

      return source_path (relative);
    }
  if (shared == NULL || !g_file_test (shared, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_build_filename (shared, name, NULL);
}

/* What @query finds in @pgn_path: for each matching game, a line "N:
 * node node ..." (the positions it marks). */
static GPtrArray *
search (CqQuery *query, const char *pgn_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  const char *text;
  gsize len;
  CqGameSource source;
  CqMatchInfo info;

  reader = cq_pgn_reader_new_for_path (pgn_path, NULL, &error);
  g_assert_no_error (error);
  cq_match_info_init (&info);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_from_text (text, len, &source, NULL);
      GString *line;

      if (!cq_query_accepts_tags (query, game) || !cq_query_match_game (query, game, &info))
        continue;
      line = g_string_new (NULL);
      g_string_append_printf (line, "%" G_GUINT64_FORMAT ":", source.number);
      for (guint i = 0; i < info.positions->len; i++)
        g_string_append_printf (line, " %u",
                                g_array_index (info.positions, CqMatchedPosition, i).node);
      g_ptr_array_add (found, g_string_free (line, FALSE));
    }
  g_assert_no_error (error);
  cq_match_info_clear (&info);
  return found;
}

/* The game numbers of search()'s lines, "N N N". */
static char *
games_of (GPtrArray *found)
{
  GString *games = g_string_new (NULL);

  for (guint i = 0; i < found->len; i++)
    {
      const char *line = found->pdata[i];

      g_string_append_printf (games, "%s%.*s", i > 0 ? " " : "",
                              (int) (strchr (line, ':') - line), line);
    }
  return g_string_free (games, FALSE);
}

/* Counts of the file test, reported at the end. */
static guint n_converted, n_equal, n_refused, n_compile, n_mark_differences;

static void
test_file (gconstpointer data)
{
  const FileCase *fc = data;
  g_autofree char *path = source_path (fc->path);
  g_autofree char *text = NULL;
  g_autofree char *cql6 = NULL;
  g_autofree char *db = NULL;
  g_autofree char *games3 = NULL;
  g_autofree char *games6 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query3 = NULL;
  g_autoptr(CqQuery) query6 = NULL;
  g_autoptr(GPtrArray) found3 = NULL;
  g_autoptr(GPtrArray) found6 = NULL;
  gsize len;
  guint differ = 0;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  g_assert_no_error (error);
  cql6 = cq_query_convert_to_cql6 (text, len, fc->path, &error);

  if (fc->refusal != NULL && strcmp (fc->refusal, "compile") == 0)
    {
      g_autoptr(GError) compile_error = NULL;

      query3 = cq_query_new_from_string (text, fc->path, &compile_error);
      g_assert_null (query3);
      g_assert_null (cql6);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, compile_error->message);
      g_assert_cmpint (error->code, ==, compile_error->code);
      g_test_message ("%s: not CQL 3 the compiler takes: %s", fc->path, error->message);
      n_compile++;
      return;
    }
  if (fc->refusal != NULL)
    {
      g_assert_null (cql6);
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_CONVERT);
      g_assert_nonnull (strstr (error->message, fc->refusal));
      g_test_message ("%s: refused: %s", fc->path, error->message);
      n_refused++;
      return;
    }

  g_assert_no_error (error);
  g_assert_nonnull (cql6);
  n_converted++;
  query6 = cq_query_new_from_string (cql6, fc->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query6), ==, CQ_DIALECT_CQL6);
  query3 = cq_query_new_from_string (text, fc->path, &error);
  g_assert_no_error (error);

  db = database_for (text);
  if (db == NULL)
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA is not set: the query's database is not there");
      return;
    }
  g_assert_true (g_file_test (db, G_FILE_TEST_IS_REGULAR));
  found3 = search (query3, db);
  found6 = search (query6, db);
  games3 = games_of (found3);
  games6 = games_of (found6);
  /* The same games, exactly. */
  g_assert_cmpstr (games6, ==, games3);
  n_equal++;
  for (guint i = 0; i < found3->len; i++)
    if (strcmp (found3->pdata[i], found6->pdata[i]) != 0)
      differ++;
  n_mark_differences += differ;
  g_test_message ("%s: %u games, the same; marks differ in %u (%s)", fc->path, found3->len,
                  differ, db);
}

static void
test_file_counts (void)
{
  guint n_files = G_N_ELEMENTS (files);

  g_test_message ("files: %u converted (%u searched, the same games), %u refused, %u not "
                  "taken by the CQL 3 compiler; %u games with other marks",
                  n_converted, n_equal, n_refused, n_compile, n_mark_differences);
  if (n_converted + n_refused + n_compile == 0)
    {
      g_test_skip ("no file case ran");
      return;
    }
  g_assert_cmpuint (n_converted + n_refused + n_compile, ==, n_files);
}

/* ------------------------------------------------------------------ */
/* The manual's examples on their games                               */

/* The manual's examples the converter refuses: a prefix of the case's
 * name and a part of the refusal. */
static const struct { const char *name; const char *refusal; } manual_refused[] = {
  { "transformation-keywords/Rc3-qg3-flipdiagonal/", "the transform ':flipdiagonal'" },
  { "noenpassant/", "':noenpassant'" },
  { "movenumber/", "':movenumber'" },
  { NULL, NULL }
};

static CqGame *
manual_game (const ManualCase *c)
{
  g_autoptr(GString) text = g_string_new ("[Event \"test\"]\n");
  CqGameSource source = { 1, 0, 0, 1 };
  CqGame *game;

  if (c->fen != NULL)
    g_string_append_printf (text, "[SetUp \"1\"]\n[FEN \"%s\"]\n", c->fen);
  g_string_append_printf (text, "\n%s *\n", c->moves != NULL ? c->moves : "");
  source.length = text->len;
  game = cq_game_new_parsed (text->str, text->len, &source, NULL);
  g_assert_null (game->error);
  return game;
}

/* "no match" or the marked nodes. */
static char *
run (CqQuery *query, CqGame *game)
{
  GString *out = g_string_new (NULL);
  CqMatchInfo info;

  cq_match_info_init (&info);
  if (!cq_query_match_game (query, game, &info))
    g_string_append (out, "no match");
  for (guint i = 0; i < info.positions->len; i++)
    g_string_append_printf (out, "%s%u", i > 0 ? " " : "",
                            g_array_index (info.positions, CqMatchedPosition, i).node);
  cq_match_info_clear (&info);
  return g_string_free (out, FALSE);
}

static guint n_manual_converted, n_manual_refused, n_manual_marks;

static void
test_manual_case (gconstpointer data)
{
  const ManualCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *cql6 = cq_query_convert_to_cql6 (c->cql, strlen (c->cql), "t.cql", &error);
  g_autoptr(CqQuery) query3 = NULL;
  g_autoptr(CqQuery) query6 = NULL;
  g_autoptr(CqGame) game = NULL;
  g_autofree char *result3 = NULL;
  g_autofree char *result6 = NULL;
  const char *refusal = NULL;

  for (guint i = 0; manual_refused[i].name != NULL; i++)
    if (g_str_has_prefix (c->name, manual_refused[i].name))
      refusal = manual_refused[i].refusal;
  if (refusal != NULL)
    {
      g_assert_null (cql6);
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_CONVERT);
      g_assert_nonnull (strstr (error->message, refusal));
      n_manual_refused++;
      return;
    }
  g_assert_no_error (error);
  n_manual_converted++;
  query6 = cq_query_new_from_string (cql6, "t.cql6", &error);
  g_assert_no_error (error);
  query3 = cq_query_new_from_string (c->cql, "t.cql", &error);
  g_assert_no_error (error);
  game = manual_game (c);
  result3 = run (query3, game);
  result6 = run (query6, game);
  /* The same answer: whether the game matches. */
  g_assert_cmpint (strcmp (result3, "no match") == 0, ==, strcmp (result6, "no match") == 0);
  if (strcmp (result3, result6) != 0)
    {
      n_manual_marks++;
      g_test_message ("%s: marks %s (CQL 3) and %s (CQL 6)", c->name, result3, result6);
    }
}

static void
test_manual_counts (void)
{
  g_test_message ("manual examples: %u converted, the same answer; %u refused; %u with other "
                  "marks", n_manual_converted, n_manual_refused, n_manual_marks);
  if (n_manual_converted + n_manual_refused == 0)
    {
      g_test_skip ("no manual case ran");
      return;
    }
  g_assert_cmpuint (n_manual_converted + n_manual_refused, ==, G_N_ELEMENTS (cases));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cql/convert/header", test_header);
  g_test_add_func ("/cql/convert/layout-and-comments", test_layout_and_comments);
  g_test_add_func ("/cql/convert/designators", test_designators);
  g_test_add_func ("/cql/convert/position-keywords", test_position_keywords);
  g_test_add_func ("/cql/convert/moves", test_moves);
  g_test_add_func ("/cql/convert/logic-and-sequences", test_logic_and_sequences);
  g_test_add_func ("/cql/convert/several-lists", test_several_lists);
  g_test_add_func ("/cql/convert/counting-members", test_counting_members);
  g_test_add_func ("/cql/convert/relation", test_relation);
  g_test_add_func ("/cql/convert/tags", test_tags);
  g_test_add_func ("/cql/convert/nested-variations", test_nested_variations);
  g_test_add_func ("/cql/convert/shift-edges", test_shift_edges);
  g_test_add_func ("/cql/convert/refusals", test_refusals);
  g_test_add_func ("/cql/convert/compiler-errors", test_compiler_errors);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_strdup_printf ("/cql/convert/file/%s", files[i].path);

      /* One level: the counts below run after every file. */
      g_strdelimit (name + strlen ("/cql/convert/file/"), "/", ':');

      g_test_add_data_func (name, &files[i], test_file);
    }
  /* Runs after the file cases (GTest runs the cases of a suite in the
   * order added). */
  g_test_add_func ("/cql/convert/file/~counts", test_file_counts);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/cql/convert/manual/%s", cases[i].name);

      g_strdelimit (name + strlen ("/cql/convert/manual/"), "/", ':');

      g_test_add_data_func (name, &cases[i], test_manual_case);
    }
  g_test_add_func ("/cql/convert/manual/~counts", test_manual_counts);
  return g_test_run ();
}
