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

#include "cql-test-util.h"

#include "cql-manual-cases.h"

/* ------------------------------------------------------------------ */

static CqGame *
game_new (const char *tags, const char *fen, const char *movetext, guint64 number)
{
  return cql_test_game_new (tags, fen, movetext, NULL, number);
}

/* "no match", or "node[:squares] node[:squares] ..." */
static char *
run (const char *cql, CqGame *game, gboolean with_squares)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (cql, "t.cql", &error);
  g_autoptr(GString) out = g_string_new (NULL);
  CqMatchInfo info;

  g_assert_no_error (error);
  if (!cql_test_match (query, game, &info))
    return g_strdup ("no match");
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

/* R5: mate and stalemate are found where the side to move has no legal
 * move, also where the game goes on with a null move; a position a
 * legal move was played from is neither. */
static void
test_R5_no_legal_move_before_null_move (void)
{
  g_autoptr(CqGame) mate = game_new (NULL, NULL, "1. f3 e5 2. g4 Qh4# --", 1);
  g_autoptr(CqGame) stalemate = game_new (NULL, "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1",
                                          "1. Kg6 --", 1);
  g_autoptr(CqGame) checks = game_new (NULL, NULL, "1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6", 1);
  g_autofree char *r1 = run ("(match (position :mate))", mate, FALSE);
  g_autofree char *r2 = run ("(match (position :mate :wtm))", mate, FALSE);
  g_autofree char *r3 = run ("(match (position :stalemate))", stalemate, FALSE);
  g_autofree char *r4 = run ("(match (position :stalemate ka-h8))", stalemate, FALSE);
  g_autofree char *r5 = run ("(match (position :mate))", checks, FALSE);
  g_autofree char *r6 = run ("(match (position :check :markall))", checks, FALSE);

  g_assert_cmpstr (r1, ==, "4");
  g_assert_cmpstr (r2, ==, "4");
  g_assert_cmpstr (r3, ==, "1");
  g_assert_cmpstr (r4, ==, "1");
  g_assert_cmpstr (r5, ==, "no match");
  g_assert_cmpstr (r6, ==, "3 5");
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
  g_test_add_func ("/cql/manual/R5/no-legal-move-before-null-move",
                   test_R5_no_legal_move_before_null_move);
  g_test_add_func ("/cql/manual/game-related/result-whiteelo-blackelo-flipcolor",
                   test_game_related_upset);
  g_test_add_func ("/cql/manual/game-related/elo-result", test_game_related_elo_result);
  g_test_add_func ("/cql/manual/match-list/example", test_match_list_example);
  g_test_add_func ("/cql/manual/match-list/filters", test_match_list_filters);
  g_test_add_func ("/cql/rulings/R4-continuations", test_R4_continuations);
  g_test_add_func ("/cql/rulings/R2-squares-of-nested-lists", test_R2_squares_of_nested_lists);

  return g_test_run ();
}
