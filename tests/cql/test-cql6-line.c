/* test-cql6-line.c: CQL 6 line, path, the dash filters, previous,
 * countmoves and consecutivemoves on small games written here.
 *
 * Each case is a game (a FEN and movetext, with variations) and a query;
 * the test checks how many positions match and, where given, the
 * automatic comments written (CqMatchInfo.comments, as "node:text"
 * joined by " | ", node being the pre-order index).  Every filter is
 * seen both matching and not matching.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql6-test-util.h"
#include "pgn/cq-pgn.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* Scholar's mate: nodes 0 (start) .. 7 (after 4.Qxf7#). */
#define MATE "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
/* Nodes: 0 start, 1 e4, 2 e5, 3 Nf3, then the variation 4 d4, 5 d5, 6 c4. */
#define VARS "1. e4 (1. d4 d5 2. c4) 1... e5 2. Nf3"
/* Nodes: 0, 1 e4, 2 e5, 3 Nf3, 4 Nc6, variation 5 c5, 6 Nf3, 7 Nc6. */
#define TWO_WAYS "1. e4 e5 (1... c5 2. Nf3 Nc6) 2. Nf3 Nc6"
/* Black to move: 1...d5 2.exd6 (en passant). */
#define EP_FEN "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"
#define PROMO_FEN "k7/6P1/8/8/8/8/8/K7 w - - 0 1"

typedef struct {
  const char *fen;
  const char *moves;
  const char *query;
  guint       expected;  /* positions matched */
  const char *comments;  /* "node:text | ...", or NULL: not checked */
} Case;

static const Case cases[] = {
  /* Dash filters: a move out of the current position. */
  { START_FEN, MATE, "cql() --", 7, NULL },
  { START_FEN, MATE, "cql() Q--f7", 1, NULL },
  { START_FEN, MATE, "cql() Q-- f7", 2, NULL }, /* `Q--` and the set f7 (a pawn is there) */
  { START_FEN, MATE, "cql() q--", 0, NULL },
  { START_FEN, MATE, "cql() Q[x]p", 1, NULL },
  { START_FEN, MATE, "cql() Q[x]n", 0, NULL },
  { START_FEN, MATE, "cql() [x]", 1, NULL },
  { START_FEN, MATE, "cql() --(check)", 1, NULL },
  { START_FEN, MATE, "cql() --(stalemate)", 0, NULL },
  { START_FEN, MATE, "cql() Ba1--h8", 0, NULL },
  { START_FEN, VARS, "cql() --c4", 0, NULL },             /* main line only */
  { START_FEN, VARS, "cql(variations) --c4", 1, NULL },
  { EP_FEN, "1... d5 2. exd6", "cql() P[x]p", 1, NULL },  /* [x]: the taken pawn's square */
  { EP_FEN, "1... d5 2. exd6", "cql() P--p", 0, NULL },   /* --: the square moved to */
  { PROMO_FEN, "1. g8=N", "cql() --=n", 1, NULL },        /* colour ignored */
  { PROMO_FEN, "1. g8=N", "cql() --=Q", 0, NULL },
  { PROMO_FEN, "1. g8=N", "cql() P--g8=[RBN]", 1, NULL },
  { PROMO_FEN, "1. g8=N", "cql() P[x]=N", 0, NULL },
  /* previous / currentmove: the move that led here. */
  { PROMO_FEN, "1. g8=N", "cql() previous --=N", 1, NULL },
  { START_FEN, MATE, "cql() previous Q[x]p mate", 1, NULL },
  { START_FEN, MATE, "cql() currentmove K--", 0, NULL },
  /* countmoves */
  { START_FEN, MATE, "cql() countmoves -- == 1", 7, NULL },
  { START_FEN, MATE, "cql() initial countmoves legal -- == 20", 1, NULL },
  { START_FEN, MATE, "cql() initial countmoves legal N-- == 4", 1, NULL },
  { START_FEN, MATE, "cql() initial countmoves legal P-- == 16", 1, NULL },
  { START_FEN, MATE, "cql() initial legal K--", 0, NULL },
  /* The moves of a position, listed once for all the squares a loop
   * asks about (legal, then pseudo-legal: two lists) and listed again at
   * the next position. */
  { START_FEN, "1. e4 e5", "cql() wtm #(square I in [RNBQ] not legal I――) == 5", 1, NULL },
  { START_FEN, "1. e4 e5", "cql() wtm #(square I in [RNBQ] not legal I――) == 3", 1, NULL },
  { START_FEN, "1. e4 f5 2. Qh5+",
    "cql() check #(square I in a legal I――) < #(square I in a pseudolegal I――)", 1, NULL },
  { START_FEN, "1. e4 f5 2. Qh5+",
    "cql() #(square I in a legal I――) == #(square I in a pseudolegal I――)", 3, NULL },
  /* The filters of the move that led here. */
  { START_FEN, MATE, "cql() primary to & [Pp]", 2, NULL },
  { START_FEN, MATE, "cql() initial from", 0, NULL },
  { START_FEN, MATE, "cql() to & f7 mate", 1, NULL },
  /* line: consecutive positions. */
  { START_FEN, MATE, "cql() line --> mate", 1,
    "7:End line of length 1 that starts at move 4(btm) | 7:Start line that ends at move 4(btm)" },
  { START_FEN, MATE, "cql() line quiet --> mate", 1, "" },
  { START_FEN, MATE, "cql() line --> check --> check", 0, "" },
  { START_FEN, MATE, "cql() line --> Q-- --> not check --> Q--", 1,
    "4:Start line that ends at move 4(wtm) | 6:End line of length 3 that starts at move 3(wtm)" },
  { START_FEN, MATE, "cql() line --> (not check)+ --> mate", 7, NULL },
  { START_FEN, MATE, "cql() line --> (not check){7} --> mate", 1, NULL },
  { START_FEN, MATE, "cql() line --> (not check){8} --> mate", 0, NULL },
  { START_FEN, MATE, "cql() line --> (not check){2,3} --> mate", 2, NULL },
  { START_FEN, MATE, "cql() line --> check? --> mate", 1, NULL },
  { START_FEN, MATE, "cql() line --> check*", 1, NULL },  /* an empty line does not match */
  { START_FEN, MATE, "cql() line --> (Q-- --> not check)+", 1, NULL },
  { START_FEN, MATE, "cql() line <-- mate <-- not check", 1,
    "7:Start line that ends at move 4(wtm) | 6:End line of length 2 that starts at move 4(btm)" },
  { START_FEN, MATE, "cql() line singlecolor --> Q--{2}", 1, NULL },
  { START_FEN, MATE, "cql() line --> Q--{2}", 0, NULL },
  /* firstmatch: the first line found, where the rest may be empty. */
  { START_FEN, MATE, "cql() {line --> not check --> true*} == 1", 0, NULL },
  { START_FEN, MATE, "cql() {line firstmatch --> not check --> true*} == 1", 7, NULL },
  /* A range keeps the longest line within it (or none). */
  { START_FEN, MATE, "cql() line 2 3 --> (not check){2,3} --> mate", 1, NULL },
  { START_FEN, MATE, "cql() line 3 --> not check --> true*", 1, NULL },
  /* After a path: the last one that matched in the game. */
  { START_FEN, MATE, "cql() pathstart", 0, NULL },
  { START_FEN, MATE, "cql() {path -- check} and pathcount == 1 and pathlastposition:mate", 1,
    NULL },
  { START_FEN, MATE, "cql() {path -- --} and pathstart == currentposition", 6, NULL },
  /* nestban: no line starts inside a matched one. */
  { START_FEN, MATE, "cql() line --> not check --> not check", 6, NULL },
  { START_FEN, MATE, "cql() line nestban --> not check --> not check", 3, NULL },
  /* Variations: followed when examined, not with primary; ids named. */
  { START_FEN, VARS, "cql(variations) line --> --d5 --> --c4", 1,
    "4:id:4 Start line that ends at move 2(wtm)[5] | "
    "5:End line of length 2 that starts at move 1(btm)[4] id:5" },
  { START_FEN, VARS, "cql() line --> initial --> --d5", 0, NULL },
  { START_FEN, VARS, "cql(variations) line --> initial --> --d5", 1, NULL },
  { START_FEN, VARS, "cql(variations) line primary --> initial --> --d5", 0, NULL },
  /* path: dash constituents are moves, the others test the position. */
  { START_FEN, MATE, "cql() path Q-- -- Q[x]p", 1,
    "4:Start path that ends at move 4(btm) | 7:End path of length 3 that starts at move 3(wtm)" },
  { START_FEN, MATE, "cql() path -- check", 1, NULL },
  { START_FEN, MATE, "cql() path check", 0, NULL },       /* no move: no path */
  { START_FEN, MATE, "cql() path --{7}", 1, NULL },
  { START_FEN, MATE, "cql() path --{8}", 0, NULL },
  { START_FEN, MATE, "cql() path (-- --)+ mate", 3, NULL },
  { START_FEN, MATE, "cql() path --(check)", 1, NULL },
  /* A dash that begins a path's constituent takes `(F)` after white space
   * as a target (CQL 6.2's path reader); elsewhere that is refused. */
  { START_FEN, MATE, "cql() path -- (check)", 1, NULL },
  { START_FEN, MATE, "cql() path Q-- (check)", 1, NULL },
  { START_FEN, MATE, "cql() path B-- (check)", 0, NULL },
  { START_FEN, MATE, "cql() path check (Q-- (mate))", 0, NULL },
  { START_FEN, MATE, "cql() path Q--(check) (mate)", 1, NULL },
  /* `countmoves X--=T > N` compares the count, as `countmoves X-- > N`
   * (CQL 6.2 reads `T > N` as the promotion and refuses it: rulings 21). */
  { PROMO_FEN, "1. g8=N", "cql() countmoves P--=n > 0", 1, NULL },
  { PROMO_FEN, "1. g8=N", "cql() countmoves P--=q > 0", 0, NULL },
  { PROMO_FEN, "1. g8=N", "cql() countmoves P--=q == 0", 2, NULL },
  { START_FEN, MATE, "cql() path quiet Q-- Q--", 0, "" },
  { START_FEN, MATE, "cql() path focus Q Q-- Q--", 1, NULL },  /* Black's move passed over */
  { START_FEN, MATE, "cql() path focus Q -- --", 1, NULL },
  { START_FEN, MATE, "cql() path focus Q (--){3}", 0, NULL },
  /* A line or path that reads variables keeps its memo from one start to
   * the next while their values are the same, one memo per set of values:
   * a piece loop's pieces in turn (more of them than memos kept), a
   * number that changes at every position, comments written along the
   * route, a repetition that takes no move (its memo holds for one start
   * only). */
  { START_FEN, MATE, "cql() piece X in [a] path -- X--", 3, NULL },
  { START_FEN, MATE, "cql() piece X in [a] path X-- (not check)* -- X--", 3, NULL },
  { START_FEN, MATE, "cql() Nv = ply {line --> true --> (ply != Nv + 3)+} == 3", 6, NULL },
  { START_FEN, MATE, "cql() piece X in A path X-- comment (\"after \" X) -- X--", 1,
    "5:after Qh5 | 4:Start path that ends at move 4(btm) | "
    "7:End path of length 3 that starts at move 3(wtm)" },
  { START_FEN, MATE, "cql() piece X in [a] path (not check)* -- (not mate)* X--", 6, NULL },
  { START_FEN, MATE, "cql() piece X in A path (not mate)* X-- -- X--", 1, NULL },
  /* consecutivemoves: the same moves since the common ancestor. */
  { START_FEN, TWO_WAYS,
    "cql(variations) if mainline {M = currentposition} variation V = currentposition "
    "consecutivemoves(M V) == 2", 1,
    "3:M-move[1] | 6:V-move[1] | 4:M-move[2] | 7:V-move[2]" },
  { START_FEN, TWO_WAYS,
    "cql(variations) if mainline {M = currentposition} variation V = currentposition "
    "consecutivemoves quiet 1 1 (M V)", 1, "" },
  { START_FEN, TWO_WAYS,
    "cql(variations) if mainline {M = currentposition} variation V = currentposition "
    "consecutivemoves(M V) > 2", 0, NULL },
  /* Its comments are those of the game's longest match, found anywhere:
   * here only in a comparison that failed, the game matching by
   * `initial` (as CQL 6.2). */
  { START_FEN, TWO_WAYS,
    "cql(variations) {if mainline {M = currentposition} variation V = currentposition "
    "consecutivemoves(M V) >= 9} or initial", 1,
    "3:M-move[1] | 6:V-move[1] | 4:M-move[2] | 7:V-move[2]" },
  /* Evaluated at every target of an echo before the filters written
   * after it: the run is found at targets off the main line, where
   * `mainline` then fails (as CQL 6.2). */
  { START_FEN, TWO_WAYS,
    "cql(variations) {mainline echo quiet (s t) {consecutivemoves(s t) >= 1 mainline}} "
    "or initial", 1,
    "3:s-move[1] | 6:t-move[1] | 4:s-move[2] | 7:t-move[2]" },
  /* Two consecutivemoves filters: each writes its own, in the order of
   * the query. */
  { START_FEN, TWO_WAYS,
    "cql(variations) if mainline {M = currentposition} variation V = currentposition "
    "{consecutivemoves(V M) == 2 consecutivemoves(M V) == 2}", 1,
    "6:V-move[1] | 3:M-move[1] | 7:V-move[2] | 4:M-move[2] | "
    "3:M-move[1] | 6:V-move[1] | 4:M-move[2] | 7:V-move[2]" },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *pgn = g_strdup_printf (
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
    "[Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s *\n", c->fen, c->moves);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (c->query, "line.cql", &error);
  g_autoptr(CqGame) game = NULL;
  g_autoptr(GString) comments = g_string_new (NULL);
  CqGameSource source = { 0 };
  CqMatchInfo info;
  guint n = 0;

  g_assert_no_error (error);
  source.number = 1;
  game = cq_game_new_parsed (pgn, strlen (pgn), &source, NULL);
  g_assert_null (game->error);
  cq_match_info_init (&info);
  if (cq_query_accepts_tags (query, game) && cq_query_match_game (query, game, &info))
    n = info.positions->len;
  for (guint i = 0; i < info.comments->len; i++)
    {
      const CqPositionComment *pc = &g_array_index (info.comments, CqPositionComment, i);
      g_string_append_printf (comments, "%s%u:%s", i > 0 ? " | " : "", pc->node, pc->text);
    }
  cq_match_info_clear (&info);
  if (n != c->expected)
    g_test_message ("%s on %s: %u positions, expected %u", c->query, c->moves, n, c->expected);
  g_assert_cmpuint (n, ==, c->expected);
  if (c->comments != NULL)
    g_assert_cmpstr (comments->str, ==, c->comments);
}

/* Errors of the reader for these filters. */
static void
test_errors (void)
{
  static const Cql6ErrorCase errors[] = {
    { "cql() --> check", "`-->` may only follow `line`" },
    { "cql() line check", "expected '-->'" },
    { "cql() line --> check <-- mate", NULL },  /* ends the line: `<--` is not a filter */
    { "cql() line --> check{3,1}", "maximum is below its minimum" },
    { "cql() line --> check{100000}", "too large" },
    { "cql() previous check", "expected a dash filter" },
    { "cql() countmoves check", "expected a dash filter" },
    { "cql() check--", "the left side of a dash filter must be a set" },
    { "cql() path", "`path` needs at least one constituent" },
    { "cql() line keepallbest --> check", "`keepallbest` is not a parameter of line" },
    { "cql() line primary <-- check", "cannot be used with `line <--`" },
    { "cql() path firstmatch firstmatch -- check", "multiple `firstmatch` parameters in `path`" },
    { "cql() path focus N focus B -- check", "multiple `focus` parameters in `path`" },
    { "cql() path secondary -- check", "`secondary` is not a parameter of path" },
    { "cql() path max check -- check", "path's `max` needs a numeric filter" },
    { "cql() path max 3 max 4 -- check", "multiple `max` parameters in `path`" },
    { "cql() path -- check pathcount", "`pathcount` as a constituent of `path` is always true" },
    { "cql() path singlecolor focus N -- check", "`singlecolor` cannot be used with `focus`" },
    { "cql() path -- pathmax", "unknown filter `pathmax`" },
    { "cql() pathdebug", "`pathdebug` describes the path it is in" },
    { "cql() countmoves legal [x] > 0", "without `[x]`" },
    { "cql() legal --=Q", "without `[x]` or `=`" },
    { "cql() legal --(check)", "castle, o-o, o-o-o or enpassant" },
    { "cql() path -- legal --", "cannot be a constituent of `path`" },
    { "cql() path check+ --", "only a dash constituent or a group" },
    /* A `(` after white space right after a dash filter, or right after its
     * `(...)`, is refused, as CQL 6.2 does, but where the dash begins a
     * path's constituent. */
    { "cql() P--=n (check)", "1:13: white space between a dash filter and the `(`" },
    { "cql() -- (check)", "1:10: white space between a dash filter and the `(`" },
    { "cql() P[x] (check)", "white space between a dash filter and the `(`" },
    { "cql() P--\n(check)", "2:1: white space between a dash filter and the `(`" },
    { "cql() previous -- (check)", "white space between a dash filter and the `(`" },
    { "cql() countmoves -- (check) > 1", "white space between a dash filter and the `(`" },
    { "cql() legal -- (castle)", "white space between a dash filter and the `(`" },
    { "cql() line --> P-- (check)", "white space between a dash filter and the `(`" },
    { "cql() path {-- (check)}", "white space between a dash filter and the `(`" },
    { "cql() path not -- (check)", "white space between a dash filter and the `(`" },
    { "cql() path -- check -- (check)", "1:24: white space between a dash filter" },
    { "cql() path -- check P-- (check)", "white space between a dash filter and the `(`" },
    { "cql() P--(check) (mate)", "1:18: a `(` right after a dash filter's `(...)`" },
    { "cql() P--=Q(check)(mate)", "1:19: a `(` right after a dash filter's `(...)`" },
  };

  cql6_test_errors (errors, G_N_ELEMENTS (errors));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql6-line/case/%03u", i);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/cql6-line/errors", test_errors);
  return g_test_run ();
}
