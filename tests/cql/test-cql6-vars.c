/* test-cql6-vars.c: CQL 6 variables, loops, piece ids, functions, while
 * and `~~` on games written here.
 *
 * Each case is a small game (a FEN and moves) and a CQL 6 query; the test
 * counts the positions the query matches, so that each filter is seen
 * matching and not matching.  A second part runs one query over two games
 * to see a persistent variable carried from one to the next, and a third
 * checks the reader's messages.  The rules are those of docs/cql6.md
 * "Variables" and docs/cql6-rulings.md.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql6-test-util.h"
#include "pgn/cq-pgn.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* White Ka1 and Pg7, Black Ka8: the pawn's id is 1 (a1 = 0, g7 = 1, a8 = 2). */
#define PROMO_FEN "k7/6P1/8/8/8/8/8/K7 w - - 0 1"
/* Black Ka8 stalemated by White Kb6 Qc7 after 1.Qc7; no rooks. */
#define STALE_FEN "k7/8/1K1Q4/8/8/8/8/8 w - - 0 1"

typedef struct {
  const char *fen;
  const char *moves;
  const char *query;
  guint       expected; /* positions matched */
} Case;

static const Case cases[] = {
  /* Assignment: a set always has a value, a number only if its filter
   * matches; the operators of each type. */
  { START_FEN, "", "cql() X = [Qq] #X == 2", 1 },
  { START_FEN, "", "cql() X = [Qq] #X == 3", 0 },
  { STALE_FEN, "", "cql() X = R #X == 0", 1 },
  { STALE_FEN, "", "cql() Id = pieceid R", 0 },
  { START_FEN, "1. e4", "cql() Pawns = #P Pawns == 8", 2 },
  { START_FEN, "", "cql() V = 7 V -= 2 V *= 3 V /= 5 V %= 2 V == 1", 1 },
  { START_FEN, "", "cql() V = 1 V += 2 V == 4", 0 },
  { START_FEN, "", "cql() V = 1 V /= 0", 0 },
  { START_FEN, "", "cql() X = Q X |= q #X == 2", 1 },
  { START_FEN, "", "cql() X = [Qq] X &= q #X == 1 X == d8", 1 },
  { START_FEN, "", "cql() S = \"ab\" S += \"cd\" S == \"abcd\"", 1 },
  { START_FEN, "", "cql() S = \"ab\" S == \"abcd\"", 0 },
  /* A string constant assigned is the query's own, shared: joining to the
   * variable leaves the constant as it was at the next position. */
  { START_FEN, "1. e4 e5", "cql() S = \"ab\" S += \"c\" S == \"abc\"", 3 },
  { START_FEN, "1. e4 e5", "cql() if initial {S = \"ab\"} S += \"c\" S == \"abcc\"", 1 },
  /* A position variable, and `:` at it. */
  { START_FEN, "1. e4", "cql() Here = currentposition Here:wtm", 1 },
  { START_FEN, "1. e4 e5", "cql() if initial {Start = currentposition} Start:wtm btm", 1 },
  /* A prefix operator after `:` applies there. */
  { START_FEN, "1. e4 d5 2. exd5", "cql() parent:#p > #p", 1 },
  { START_FEN, "1. e4 d5 2. exd5", "cql() parent:-ply == 1 - ply", 3 },
  /* Values last from position to position within the game. */
  { START_FEN, "1. e4 e5 2. Nf3", "cql() if initial {Count = 0} Count += 1 Count == 3", 1 },
  { START_FEN, "1. e4 f5 2. Qh5+ g6", "cql() if check {Seen = 1} isbound Seen", 2 },
  { START_FEN, "1. e4 e5 2. Nf3", "cql() if initial {Seen = 1} if ply == 2 unbind Seen "
    "isbound Seen", 2 },
  { START_FEN, "", "cql() Seen = 1 unbind Seen", 1 },
  /* isbound takes any name: one assigned later in the query, one no
   * variable has (never bound), a dictionary (always bound). */
  { START_FEN, "1. e4 e5", "cql() if isbound Later true Later = 1 isbound Later", 3 },
  { START_FEN, "1. e4", "cql() isbound Nothing", 0 },
  { START_FEN, "1. e4", "cql() isunbound \"Nothing\"", 2 },
  { START_FEN, "1. e4", "cql() dictionary D isbound D", 2 },
  /* square: the squares whose body matched; all: every one (or none). */
  { START_FEN, "", "cql() #(square Sq in [Aa] Sq & a-h1-2) == 16", 1 },
  { START_FEN, "", "cql() square Sq in [Aa] Sq & a-h4", 0 },
  { START_FEN, "1. e4", "cql() square all Sq in P Sq & a-h2", 1 },
  { STALE_FEN, "", "cql() square all Sq in R Sq & a1", 1 },
  { START_FEN, "", "cql() square Sq in _ (Sq & a-h3 and A attacks Sq)", 1 },
  /* The loop's variable is bound only in its body. */
  { START_FEN, "", "cql() square all Sq in e2 true  isbound Sq", 0 },
  /* piece: the variable follows its piece, through promotion too. */
  { START_FEN, "1. e4", "cql() piece Pawn in Pe2-4 Pawn & e4", 1 },
  { START_FEN, "", "cql() #(piece Pc in [Pp] (Pc & a-h2)) == 8", 1 },
  { PROMO_FEN, "1. g8=Q", "cql() piece all Pc in A Pc & [a1,g7,g8]", 2 },
  { PROMO_FEN, "1. g8=Q", "cql() pieceid Qg8 == 1", 1 },
  { PROMO_FEN, "1. g8=Q", "cql() pieceid Pg7 == 1", 1 },
  { PROMO_FEN, "1. g8=Q", "cql() pieceid Ka1 == 0 pieceid ka8 == 2", 2 },
  { PROMO_FEN, "", "cql() pieceid [Kk]", 0 },
  { PROMO_FEN, "", "cql() pieceid a2", 0 },
  /* A piece variable read at another position (`:`), also where its
   * piece was taken and where its squares are not listed yet; set
   * operations and assignments on piece variables in a loop's body. */
  { START_FEN, "1. e4 d5 2. exd5", "cql() #(piece X in [Pp] child:child:child:X) == 15", 1 },
  { START_FEN, "1. e4 d5 2. exd5", "cql() #(piece X in [Pp] child:child:child:X) == 16", 0 },
  { START_FEN, "1. e4", "cql() C = [a1] piece X in P {C = C ∪ X} #C == 9", 2 },
  { START_FEN, "1. e4", "cql() #(piece X in P #(P ∩ ~X) == 7) == 8", 2 },
  { START_FEN, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6",
    "cql() pieceid pc6 == 19", 1 }, /* the d7-pawn took on c6: ids count a1..h8 */
  /* Functions: arguments become variables, a variable is passed as itself. */
  { START_FEN, "", "cql() function Many(S) { #S > 7 } Many(P) Many(p)", 1 },
  { START_FEN, "", "cql() function Many(S) { #S > 8 } Many(P)", 0 },
  { START_FEN, "", "cql() function Inc(V) { V += 1 } Count = 0 Inc(Count) Inc(Count) "
    "Count == 2", 1 },
  { START_FEN, "", "cql() function Twice(Num) { 2 * Num } Twice(#P) == 16", 1 },
  { START_FEN, "1. e4", "cql() function Is(T) { T == \"Q\" } Is(\"Q\") not Is(\"R\")", 2 },
  { START_FEN, "", "cql() function Outer(S) { Inner(S) } function Inner(S) { #S } Outer(P) == 8", 1 },
  /* while: runs while its condition matches, and matches. */
  { START_FEN, "", "cql() Iters = 0 while (Iters < 5) { Iters += 1 } Iters == 5", 1 },
  { START_FEN, "", "cql() Iters = 9 while (Iters < 5) { Iters += 1 } Iters == 9", 1 },
  { START_FEN, "", "cql() Iters = 0 while (Iters < 20000) { Iters += 1 }", 0 }, /* cut */
  { START_FEN, "", "cql() Iters = 0 while (Iters < 9000) { Iters += 1 }", 1 },
  /* ~~: the text a regular expression finds. */
  { START_FEN, "", "cql() player white ~~ \"Las[a-z]+\" == \"Lasker\"", 1 },
  { START_FEN, "", "cql() player white ~~ \"^Tarr\"", 0 },
  /* while (S ~~ "re"): the body once per match, the groups of each; the
   * matches of a subject are kept for the game (met again at each
   * position), a loop over the same subject inside, the body's own `~~`,
   * and a subject that changes with the position. */
  { START_FEN, "1. e4 d5 2. exd5 Nf6",
    "cql() S = \"\" while (\"RBNQ\" ~~ \"(.)\") { S += \\1 } S == \"RBNQ\"", 5 },
  { START_FEN, "1. e4 d5 2. exd5 Nf6",
    "cql() K2 = 0 while (\"ab\" ~~ \"(.)\") { while (\"ab\" ~~ \".\") { K2 += 1 } } K2 == 4", 5 },
  { START_FEN, "1. e4 d5 2. exd5 Nf6",
    "cql() T = \"\" while (\"xy\" ~~ \"(.)\") { T += \\1 player white ~~ \"(L)\" T += \\1 } "
    "T == \"xLyL\"", 5 },
  { START_FEN, "1. e4 d5 2. exd5 Nf6", "cql() C = 0 while (fen ~~ \"p\") { C += 1 } C == 8", 3 },
};

static CqGame *
game_for (const char *fen, const char *moves, guint64 number)
{
  g_autofree char *pgn = g_strdup_printf (
    "[Event \"Test\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n"
    "[White \"Lasker, Emanuel\"]\n[Black \"Tarrasch, Siegbert\"]\n[Result \"*\"]\n"
    "[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s *\n", fen, moves);
  CqGameSource source = { 0 };
  CqGame *game;

  source.number = number;
  game = cq_game_new_parsed (pgn, strlen (pgn), &source, NULL);
  g_assert_null (game->error);
  return game;
}

static guint
matched (CqQuery *query, CqGame *game)
{
  CqMatchInfo info;
  guint n = 0;

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
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (c->query, "case.cql", &error);
  g_autoptr(CqGame) game = NULL;
  guint got;

  g_assert_no_error (error);
  game = game_for (c->fen, c->moves, 1);
  got = matched (query, game);
  if (got != c->expected)
    g_test_message ("%s on %s %s: %u positions, expected %u", c->query, c->fen, c->moves,
                    got, c->expected);
  g_assert_cmpuint (got, ==, c->expected);
}

/* A persistent variable keeps its value from one game to the next; an
 * ordinary one starts each game unbound. */
static void
test_persistent (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (
    "cql() initial persistent Games += 1 Games == 2", "p.cql", &error);
  g_autoptr(CqQuery) plain = NULL;
  g_autoptr(CqGame) first = game_for (START_FEN, "1. e4", 1);
  g_autoptr(CqGame) second = game_for (START_FEN, "1. d4", 2);
  g_autoptr(CqGame) third = game_for (START_FEN, "1. c4", 3);

  g_assert_no_error (error);
  g_assert_cmpuint (matched (query, first), ==, 0);
  g_assert_cmpuint (matched (query, second), ==, 1);
  g_assert_cmpuint (matched (query, third), ==, 0);

  plain = cq_query_new_from_string ("cql() if initial {Games = 0} Games += 1 Games == 1",
                                    "p.cql", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (matched (plain, first), ==, 1);
  g_assert_cmpuint (matched (plain, second), ==, 1);
}

static void
test_errors (void)
{
  static const Cql6ErrorCase errors[] = {
    { "cql() Y", "unknown filter `Y` (a variable must be assigned before it is used)" },
    { "cql() X += 1", "the variable `X` has no value yet" },
    { "cql() X = 1 X = Q", "the variable `X` holds a number and cannot be given a set" },
    { "cql() X = Q X += 1", "the variable `X` holds a set and cannot be given a number" },
    { "cql() X = \"a\" X -= \"b\"", "`-=` does not apply to the variable `X`" },
    { "cql() X = check", "needs a value" },
    { "cql() check = 1", "expected a filter, found `=`" },
    { "cql() Sq = 1 square Sq in e2 true", "the variable `Sq` already holds another kind of value" },
    { "cql() square Sq e2 true", "expected `in` after `square Sq`" },
    { "cql() square Sq in 3 true", "square needs a set filter here" },
    { "cql() function F(Xa Xa) { true }", "the parameter `Xa` is named twice" },
    { "cql() function F(Z) { Z } F(1 2)", "`F` takes 1 argument" },
    { "cql() function F(Z) { F(Z) } F(1)", "`F` calls itself" },
    { "cql() G(1)", "`G` is not a function defined before this call" },
    { "cql() isbound 3", "expected a variable's name after `isbound`" },
    { "cql() X = 1 Y = \"a\" Y ~~ X", "expected the pattern as a string after `~~`" },
    { "cql() player white ~~ \"(\"", "bad pattern after `~~`" },
  };

  cql6_test_errors (errors, G_N_ELEMENTS (errors));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql6/vars/case-%02u", i);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/cql6/vars/persistent", test_persistent);
  g_test_add_func ("/cql6/vars/errors", test_errors);
  return g_test_run ();
}
