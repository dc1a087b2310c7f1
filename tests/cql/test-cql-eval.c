/* test-cql-eval.c: evaluating position lists on games (manual "Piece
 * designators inside a position", "Simple keywords in a position list";
 * rulings R1, R2, R5, R8).
 *
 * Each case builds a game from a FEN and moves through the PGN API and
 * states exactly which positions must match (by pre-order node index) and
 * which squares the matched designators found.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-game.h"

#include "cql-test-util.h"
#include "pgn/cq-pgn.h"

static CqGame *
game_new (const char *fen, const char *movetext)
{
  return cql_test_game_new (NULL, fen, movetext, "*", 0);
}

static void
append_squares (GString *out, guint64 squares)
{
  gboolean first = TRUE;

  for (int sq = 0; sq < 64; sq++)
    if (squares & (G_GUINT64_CONSTANT (1) << sq))
      {
        g_string_append_printf (out, "%c%c%c", first ? ':' : ',', 'a' + (sq & 7), '1' + (sq >> 3));
        first = FALSE;
      }
}

/* Evaluates @cql on @game: "no match", or the annotated positions as
 * "node:squares node:squares ..." (squares in a1..h8 order). */
static char *
run (const char *cql, CqGame *game)
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

      if (i > 0)
        {
          /* sorted, no duplicates (R2) */
          g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, i - 1).node,
                            <, m->node);
          g_string_append_c (out, ' ');
        }
      g_string_append_printf (out, "%u", m->node);
      append_squares (out, m->squares);
    }
  cq_match_info_clear (&info);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define assert_run(cql, game, expected) \
  G_STMT_START { \
    g_autofree char *result_ = run ((cql), (game)); \
    g_assert_cmpstr (result_, ==, (expected)); \
  } G_STMT_END

/* One position from a FEN. */
static void
assert_fen (const char *cql, const char *fen, const char *expected)
{
  g_autoptr(CqGame) game = game_new (fen, NULL);
  g_autofree char *result = run (cql, game);

  if (g_strcmp0 (result, expected) != 0)
    {
      g_test_message ("%s on %s: got \"%s\", expected \"%s\"", cql, fen, result, expected);
      g_test_fail ();
    }
}

/* ------------------------------------------------------------------ */
/* manual "Piece designators inside a position"                        */

static void
test_position_Ra3 (void)
{
  const char *q = "(match (position Ra3))";

  assert_fen (q, "4k3/8/8/8/8/R7/8/4K3 w - - 0 1", "0:a3");
  assert_fen (q, "4k3/8/8/8/8/1R6/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/8/8/r7/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/8/8/Q7/8/4K3 w - - 0 1", "no match");
}

static void
test_position_major_on_a_file (void)
{
  const char *q = "(match (position [RQ][a1-8]))";

  assert_fen (q, "4k3/8/8/Q7/8/8/8/4K3 w - - 0 1", "0:a5");
  assert_fen (q, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "0:a1");
  assert_fen (q, "4k3/R7/8/Q7/8/8/8/4K3 w - - 0 1", "0:a5,a7");
  assert_fen (q, "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/q7/8/8/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/B7/8/8/8/4K3 w - - 0 1", "no match");
}

static void
test_position_major_and_black_queen (void)
{
  const char *q = "(match (position [RQ][a1-8] q[h1-8]))";

  assert_fen (q, "4k3/8/8/Q6q/8/8/8/4K3 w - - 0 1", "0:a5,h5");
  assert_fen (q, "4k3/8/8/R7/7q/8/8/4K3 w - - 0 1", "0:h4,a5");
  assert_fen (q, "4k3/8/8/Q5q1/8/8/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/7q/8/8/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/Q7/8/8/7Q/4K3 w - - 0 1", "no match");
}

static void
test_position_empty_minor_corner (void)
{
  const char *q = "(match (position .d4 id3 U[a1,h1,a8,h8]))";

  assert_fen (q, "4k2r/8/8/8/8/3n4/8/4K3 w - - 0 1", "0:d3,d4,h8");
  assert_fen (q, "4k3/8/8/8/8/3b4/8/R3K3 w - - 0 1", "0:a1,d3,d4");
  assert_fen (q, "4k2r/8/8/8/3P4/3n4/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k3/8/8/8/8/3n4/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k2r/8/8/8/8/3B4/8/4K3 w - - 0 1", "no match");
  assert_fen (q, "4k2r/8/8/8/8/3q4/8/4K3 w - - 0 1", "no match");
}

/* (position R Q) and (position R R Q Q) match the same positions. */
static void
test_position_repeated_designators (void)
{
  static const struct { const char *fen; const char *expected; } cases[] = {
    { "4k3/8/8/8/8/8/8/R2QK3 w - - 0 1", "0:a1,d1" },
    { "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "no match" },
    { "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "no match" },
    { "r2qk3/8/8/8/8/8/8/4K3 w - - 0 1", "no match" },
    { "4k3/8/8/8/8/8/8/RR1QK1Q1 w - - 0 1", "0:a1,b1,d1,g1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      assert_fen ("(match (position R Q))", cases[i].fen, cases[i].expected);
      assert_fen ("(match (position R R Q Q))", cases[i].fen, cases[i].expected);
    }
}

/* manual "Square designators": [] denotes no squares, an empty square
 * designator all of them, '.' the empty square piece. */
static void
test_square_designators (void)
{
  g_autoptr(CqGame) start = game_new (NULL, "1. e4");

  assert_run ("(match (position B[]))", start, "no match");
  assert_run ("(match (position))", start, "0");
  assert_run ("(match (position .e4))", start, "0:e4");
  assert_run ("(match (position Pe4))", start, "1:e4");
  assert_run ("(match (position [Pp][?4]))", start, "1:e4");
  assert_run ("(match (position k?8 :btm))", start, "1:e8");
  assert_run ("(match (position [aQBNPK.]a3))", start, "0:a3");
  assert_run ("(match (position [RBNQP][a1,h1,a8,h8]))", start, "0:a1,h1");
  assert_run ("(match (position [Ar][a-h1-2,a8,h8]))", start,
              "0:a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a8,h8");
  assert_run ("(match (position Ia1))", start, "no match");
  assert_run ("(match (position I[a-h1]))", start, "0:b1,c1,f1,g1");
  assert_run ("(match (position m?8 M?1 .e2 :btm))", start, "1:a1,d1,h1,e2,a8,d8,h8");
}

/* ------------------------------------------------------------------ */
/* manual "Simple keywords in a position list"; rulings R5             */

/* Black is mated: white rook a8 on the back rank, queen d1. */
#define BLACK_MATED "R5k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1"
/* White is mated by the rook on a1; white has a rook and a queen. */
#define WHITE_MATED "6k1/8/8/7R/7Q/8/5PPP/r5K1 w - - 0 1"
/* Black in check, not mate (h7 is free). */
#define BLACK_CHECKED "R5k1/5pp1/8/8/8/8/5PPP/3Q2K1 b - - 0 1"

static void
test_simple_mate (void)
{
  assert_fen ("(match (position R Q :mate))", BLACK_MATED, "0:d1,a8");
  assert_fen ("(match (position R Q :mate))", WHITE_MATED, "0:h4,h5");
  assert_fen ("(match (position R Q :mate))", BLACK_CHECKED, "no match");
  assert_fen ("(match (position r q :mate))", BLACK_MATED, "no match");
  assert_fen ("(match (position :check))", BLACK_CHECKED, "0");
  assert_fen ("(match (position :check))", BLACK_MATED, "0");
  assert_fen ("(match (position :nocheck))", BLACK_MATED, "no match");
  assert_fen ("(match (position :stalemate))", BLACK_MATED, "no match");
}

/* "We can force white to be in mate: (position R Q :mate :wtm)". */
static void
test_simple_mate_wtm (void)
{
  assert_fen ("(match (position R Q :mate :wtm))", WHITE_MATED, "0:h4,h5");
  assert_fen ("(match (position R Q :mate :wtm))", BLACK_MATED, "no match");
  assert_fen ("(match (position R Q :mate :btm))", BLACK_MATED, "0:d1,a8");
  assert_fen ("(match (position R Q :mate :btm))", WHITE_MATED, "no match");
}

/* "(position R Q :initial)" and "(position R Q :initial :check :wtm)". */
static void
test_simple_initial_check_wtm (void)
{
  /* White in check at the root from the rook on e8. */
  g_autoptr(CqGame) root_check = game_new ("4r1k1/8/8/8/8/8/8/R2QK3 w - - 0 1", "1. Kf2 Kh8");
  /* White gets into check only after 1...Re1+. */
  g_autoptr(CqGame) later_check = game_new ("4r1k1/8/8/8/8/8/8/R2Q1K2 w - - 0 1", "1. Kg1 Re1+");
  g_autoptr(CqGame) no_queen = game_new ("4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", "1. Kf2");

  assert_run ("(match (position R Q :initial))", root_check, "0:a1,d1");
  assert_run ("(match (position R Q :initial))", no_queen, "no match");
  assert_run ("(match (position R Q :initial :check :wtm))", root_check, "0:a1,d1");
  assert_run ("(match (position R Q :initial :check :wtm))", later_check, "no match");
  assert_run ("(match (position R Q :check :wtm))", later_check, "2:a1,d1");
  assert_run ("(match (position R Q :initial :check :btm))", root_check, "no match");
  assert_run ("(match (position :initial :variationsonly))", root_check, "no match");
}

/* The scholar's mate: check, mate, side to move, initial, terminal. */
static void
test_simple_keywords_scholars_mate (void)
{
  g_autoptr(CqGame) game =
    game_new (NULL, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");

  g_assert_cmpuint (game->n_nodes, ==, 8);
  assert_run ("(match (position :mate))", game, "7");
  assert_run ("(match (position Q :mate))", game, "7:f7");
  assert_run ("(match (position :mate :wtm))", game, "no match");
  assert_run ("(match (position :check))", game, "7");
  assert_run ("(match (position :check :markall))", game, "7");
  assert_run ("(match (position :nocheck :markall))", game, "0 1 2 3 4 5 6");
  assert_run ("(match (position :btm :markall))", game, "1 3 5 7");
  assert_run ("(match (position :wtm :markall))", game, "0 2 4 6");
  assert_run ("(match (position :initial :markall))", game, "0");
  assert_run ("(match (position :terminal :markall))", game, "7");
  assert_run ("(match (position :stalemate))", game, "no match");
  assert_run ("(match (position :wtm :btm))", game, "no match");
  assert_run ("(match (position :check :nocheck))", game, "no match");
}

static void
test_simple_stalemate (void)
{
  /* 1.Kg6 stalemates the king on h8. */
  g_autoptr(CqGame) game = game_new ("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", "1. Kg6");

  assert_run ("(match (position :stalemate))", game, "1");
  assert_run ("(match (position k[a1,h1,a8,h8] :stalemate))", game, "1:h8");
  assert_run ("(match (position K[a1,h1,a8,h8] :stalemate))", game, "no match");
  assert_run ("(match (position :stalemate :wtm))", game, "no match");
  assert_run ("(match (position :mate))", game, "no match");
  assert_run ("(match (position :stalemate :terminal :nocheck))", game, "1");
  assert_run ("(match (position :stalemate :check))", game, "no match");
}

/* The pieces that could move are pinned (a knight, then a pawn, on the
 * king's diagonal): stalemate all the same, through the list-level
 * shortcut (no designator) and the general path alike. */
static void
test_stalemate_pinned (void)
{
  g_autoptr(CqGame) knight = game_new ("k7/1n1K4/1P6/8/8/8/8/7B w - - 0 1", "1. Kc8");
  g_autoptr(CqGame) pawn = game_new ("k7/1p1K4/8/1N6/8/8/8/7B w - - 0 1", "1. Kc8");

  assert_run ("(match (position :stalemate))", knight, "1");
  assert_run ("(match (position :stalemate :flipcolor))", knight, "1");
  assert_run ("(match (position n[b7] :stalemate))", knight, "1:b7");
  assert_run ("(match (position :stalemate :btm))", knight, "1");
  assert_run ("(match (position :stalemate :wtm))", knight, "no match");
  assert_run ("(match (position :stalemate :wtm :flipcolor))", knight, "1");
  assert_run ("(match (position :stalemate))", pawn, "1");
  assert_run ("(match (position p :stalemate :flipcolor))", pawn, "1:b7");
}

/* Rulings R5: legality includes en passant.  After 1.c4 Black's only move
 * is dxc3 e.p., so the position is not stalemate; without the e.p. right
 * the same placement is. */
static void
test_R5_en_passant_not_stalemate (void)
{
  g_autoptr(CqGame) ep = game_new ("8/8/3p2p1/3Pk1P1/3pPp2/3P1P2/p1PPK3/B7 w - - 0 1", "1. c4");
  g_autoptr(CqGame) ep_played = game_new ("8/8/3p2p1/3Pk1P1/3pPp2/3P1P2/p1PPK3/B7 w - - 0 1",
                                          "1. c4 dxc3");
  g_autoptr(CqGame) no_ep = game_new ("8/8/3p2p1/3Pk1P1/2PpPp2/3P1P2/p2PK3/B7 b - - 0 1", NULL);
  /* The ruling's own FEN: after 1.c4 Black's only legal move is dxc3 e.p.
   * (the d4 pawn is pinned by the a1 bishop, so ...d3 is illegal): not
   * stalemate. */
  g_autoptr(CqGame) ruling = game_new ("8/8/3p2p1/3Pk1P1/3pPp2/5P2/p1PPK3/B7 w - - 0 1", "1. c4");
  static const char d3_text[] =
    "[Event \"test\"]\n[SetUp \"1\"]\n"
    "[FEN \"8/8/3p2p1/3Pk1P1/3pPp2/5P2/p1PPK3/B7 w - - 0 1\"]\n\n1. c4 d3 *\n";
  g_autoptr(CqGame) ruling_d3 = cq_game_new_parsed (d3_text, sizeof d3_text - 1, NULL, NULL);
  g_autoptr(CqGame) ruling_ep = game_new ("8/8/3p2p1/3Pk1P1/3pPp2/5P2/p1PPK3/B7 w - - 0 1",
                                          "1. c4 dxc3");

  assert_run ("(match (position :stalemate))", ep, "no match");
  assert_run ("(match (position :btm :nocheck :terminal))", ep, "1");
  assert_run ("(match (position :stalemate))", no_ep, "0");
  assert_run ("(match (position :stalemate))", ruling, "no match");
  g_assert_cmpuint (ep_played->n_nodes, ==, 3);
  /* ...d3 is refused as illegal (the game stops after 1.c4), dxc3 is played. */
  g_assert_nonnull (ruling_d3->error);
  g_assert_cmpuint (ruling_d3->n_nodes, ==, 2);
  g_assert_null (ruling_ep->error);
  g_assert_cmpuint (ruling_ep->n_nodes, ==, 3);
}

/* ------------------------------------------------------------------ */
/* Rulings R1: which positions a list examines, in pre-order.          */

/* Nodes: 0 start, 1 e4, 2 e5, 3 Nf3 (mainline), 4 d4, 5 d5 (variation). */
#define R1_GAME "1. e4 (1. d4 d5) 1... e5 2. Nf3"

static void
test_R1_traversal (void)
{
  g_autoptr(CqGame) game = game_new (NULL, R1_GAME);

  g_assert_cmpuint (game->n_nodes, ==, 6);
  assert_run ("(match (position Pd4))", game, "no match");
  assert_run ("(match (position Pd4 :variations))", game, "4:d4");
  assert_run ("(match (position Pd4 :variationsonly))", game, "4:d4");
  assert_run ("(match (position Pe4 :variationsonly))", game, "no match");
  assert_run ("(match (position Pe4 :variations))", game, "1:e4");
  assert_run ("(match (position :markall))", game, "0 1 2 3");
  assert_run ("(match (position :variations :markall))", game, "0 1 2 3 4 5");
  assert_run ("(match (position :variationsonly :markall))", game, "4 5");
  assert_run ("(match (position :variations :variationsonly :markall))", game, "4 5");
  assert_run ("(match (position :terminal))", game, "3");
  assert_run ("(match (position :terminal :variations :markall))", game, "3 5");
  assert_run ("(match (position :initial :variations))", game, "0");
  assert_run ("(match (position :btm :variationsonly :markall))", game, "4");
}

/* Nested variations: the mainline continuation first, then each
 * variation in PGN order. */
static void
test_R1_preorder_nested (void)
{
  /* 0 start, 1 e4, 2 e5, 3 Nf3; 4 c5, 5 Nf3, 6 d6; 7 Nc3 */
  g_autoptr(CqGame) game =
    game_new (NULL, "1. e4 e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) 2. Nf3");

  g_assert_cmpuint (game->n_nodes, ==, 8);
  assert_run ("(match (position N[c3,f3] :variations :markall))", game, "3:f3 5:f3 6:f3 7:c3");
  assert_run ("(match (position N[c3,f3] :variationsonly :markall))", game, "5:f3 6:f3 7:c3");
  assert_run ("(match (position N[c3,f3] :markall))", game, "3:f3");
  assert_run ("(match (position :terminal :variations :markall))", game, "3 6 7");
  assert_run ("(match (position pc5 :variations))", game, "4:c5");
}

/* A game that stops at an illegal move is examined up to the last legal
 * position (rulings R13). */
static void
test_R1_damaged_game (void)
{
  static const char text[] = "[Event \"t\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
  g_autoptr(CqGame) game = cq_game_new_parsed (text, sizeof text - 1, NULL, NULL);

  g_assert_nonnull (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 3);
  assert_run ("(match (position :terminal))", game, "2");
  assert_run ("(match (position pe5 Pe4 :markall))", game, "2:e4,e5");
}

/* cq_query_match_game() reads the moves of a game given with its tags
 * only; a game of another variant is skipped and never matches. */
static void
test_R1_unparsed_and_skipped_games (void)
{
  static const char normal[] = "[Event \"t\"]\n\n1. e4 e5 *\n";
  static const char crazyhouse[] = "[Event \"t\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n";
  g_autoptr(CqGame) game = cq_game_new_from_text (normal, sizeof normal - 1, NULL, NULL);
  g_autoptr(CqGame) skipped = cq_game_new_from_text (crazyhouse, sizeof crazyhouse - 1, NULL, NULL);

  assert_run ("(match (position Pe4))", game, "1:e4");
  assert_run ("(match (position))", skipped, "no match");
  g_assert_true (skipped->skipped);
}

/* ------------------------------------------------------------------ */
/* Rulings R2: annotation                                              */

static void
test_R2_first_markall_noannotate (void)
{
  g_autoptr(CqGame) game = game_new (NULL, R1_GAME);

  assert_run ("(match (position Pe4))", game, "1:e4");
  assert_run ("(match (position Pe4 :markall))", game, "1:e4 2:e4 3:e4");
  assert_run ("(match (position Pe4 :noannotate))", game, "");
  assert_run ("(match (position Pe4 :noannotate :markall))", game, "");
  assert_run ("(match (position Pe4 :noannotate) (position Nf3))", game, "3:f3");
}

/* rulings R8: every top-level list must match some position; R2: the
 * union of their annotations, sorted, duplicates merged. */
static void
test_R2_two_lists (void)
{
  g_autoptr(CqGame) game = game_new (NULL, R1_GAME);

  assert_run ("(match (position Pe4) (position Nf3))", game, "1:e4 3:f3");
  assert_run ("(match (position Nf3) (position Pe4))", game, "1:e4 3:f3");
  assert_run ("(match (position Pe4) (position Pd4))", game, "no match");
  assert_run ("(match (position Pd4) (position Pe4))", game, "no match");
  assert_run ("(match (position Pe4) (position Pd4 :variations))", game, "1:e4 4:d4");
  assert_run ("(match (position Pe4 :markall) (position pe5))", game, "1:e4 2:e4,e5 3:e4");
  assert_run ("(match (position Pe4) (position Pe4 :btm))", game, "1:e4");
}

/* A CqMatchInfo may be reused: each call replaces its contents. */
static void
test_R2_info_reuse (void)
{
  g_autoptr(CqGame) game = game_new (NULL, R1_GAME);
  g_autoptr(CqQuery) all = cq_query_new_from_string ("(match (position :markall))", NULL, NULL);
  g_autoptr(CqQuery) none = cq_query_new_from_string ("(match (position Pd4))", NULL, NULL);
  CqMatchInfo info;

  cq_match_info_init (&info);
  g_assert_true (cq_query_match_game (all, game, &info));
  g_assert_cmpuint (info.positions->len, ==, 4);
  g_assert_true (cq_query_match_game (all, game, &info));
  g_assert_cmpuint (info.positions->len, ==, 4);
  g_assert_false (cq_query_match_game (none, game, &info));
  g_assert_cmpuint (info.positions->len, ==, 0);
  cq_match_info_clear (&info);
  g_assert_null (info.positions);
  cq_match_info_clear (&info);
}

/* ------------------------------------------------------------------ */
/* One query, several threads.                                         */

typedef struct {
  const CqQuery *query;
  guint          matches;
} ThreadData;

static gpointer
thread_main (gpointer data)
{
  ThreadData *td = data;
  g_autoptr(CqGame) mate = game_new (NULL, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#");
  g_autoptr(CqGame) stalemate = game_new ("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", "1. Kg6");
  g_autoptr(CqGame) other = game_new (NULL, R1_GAME);
  CqMatchInfo info;

  cq_match_info_init (&info);
  for (guint i = 0; i < 2000; i++)
    {
      if (cq_query_match_game (td->query, mate, &info))
        {
          td->matches++;
          /* the root for the second list, the mate for the first */
          g_assert_cmpuint (info.positions->len, ==, 2);
          g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, 0).node, ==, 0);
          g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, 1).node, ==, 7);
          g_assert_cmphex (g_array_index (info.positions, CqMatchedPosition, 1).squares, ==,
                           G_GUINT64_CONSTANT (1) << 53);
        }
      if (cq_query_match_game (td->query, stalemate, &info))
        td->matches++;
      if (cq_query_match_game (td->query, other, &info))
        td->matches++;
    }
  cq_match_info_clear (&info);
  return NULL;
}

static void
test_threads_share_query (void)
{
  g_autoptr(CqQuery) query =
    cq_query_new_from_string ("(match (position Q[f7] :mate :btm) (position :initial))",
                              NULL, NULL);
  ThreadData data[4] = { { 0 } };
  GThread *threads[4];

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      data[i].query = query;
      threads[i] = g_thread_new ("eval", thread_main, &data[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_thread_join (threads[i]);
      g_assert_cmpuint (data[i].matches, ==, 2000);
    }
}

/* ------------------------------------------------------------------ */
/* Real data: the lazily computed :mate / :stalemate agree with a full
 * legal-move generation on every position of the 253 studies.          */

static void
test_real_data_mate_stalemate (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *path = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(CqQuery) mate = NULL;
  g_autoptr(CqQuery) stalemate = NULL;
  g_autoptr(GError) error = NULL;
  guint games = 0, mates = 0, stalemates = 0, expected_mates = 0, expected_stalemates = 0;
  const char *text;
  gsize len;
  CqGameSource source;
  CqMatchInfo info;

  if (shared == NULL)
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA is not set");
      return;
    }
  path = g_build_filename (shared, "studies", "cql6-sample-hhdb-selection.pgn", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("studies/cql6-sample-hhdb-selection.pgn is not there");
      return;
    }
  reader = cq_pgn_reader_new_for_path (path, NULL, &error);
  g_assert_no_error (error);

  mate = cq_query_new_from_string ("(match (position :mate :variations :markall))", NULL, NULL);
  stalemate = cq_query_new_from_string ("(match (position :stalemate :variations :markall))",
                                        NULL, NULL);
  cq_match_info_init (&info);

  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_parsed (text, len, &source, NULL);

      games++;
      if (game->root == NULL || game->skipped)
        continue;
      for (guint i = 0; i < game->n_nodes; i++)
        {
          const CqNode *node = cq_game_get_node (game, i);
          CqMove moves[CQ_MAX_MOVES];

          if (cq_position_legal_moves (&node->position, moves) == 0)
            {
              /* nothing can follow a mate or a stalemate */
              g_assert_null (node->first_child);
              if (cq_position_in_check (&node->position))
                expected_mates++;
              else
                expected_stalemates++;
            }
        }

      if (cq_query_match_game (mate, game, &info))
        for (guint i = 0; i < info.positions->len; i++)
          {
            guint index = g_array_index (info.positions, CqMatchedPosition, i).node;
            const CqNode *node = cq_game_get_node (game, index);
            CqMove moves[CQ_MAX_MOVES];

            g_assert_true (cq_position_in_check (&node->position));
            g_assert_cmpuint (cq_position_legal_moves (&node->position, moves), ==, 0);
            mates++;
          }
      if (cq_query_match_game (stalemate, game, &info))
        stalemates += info.positions->len;
    }
  g_assert_no_error (error);
  cq_match_info_clear (&info);

  g_assert_cmpuint (games, ==, 253);
  g_assert_cmpuint (mates, ==, expected_mates);
  g_assert_cmpuint (stalemates, ==, expected_stalemates);
  /* The selection holds mating and stalemating studies. */
  g_assert_cmpuint (mates, >, 0);
  g_assert_cmpuint (stalemates, >, 0);
  g_test_message ("%u games: %u mate positions, %u stalemate positions", games, mates, stalemates);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CQL_TEST_NONFATAL") != NULL)
    g_test_set_nonfatal_assertions ();

  g_test_add_func ("/cql/piece-designators-inside-a-position/Ra3", test_position_Ra3);
  g_test_add_func ("/cql/piece-designators-inside-a-position/RQ-a-file",
                   test_position_major_on_a_file);
  g_test_add_func ("/cql/piece-designators-inside-a-position/RQ-a-file-q-h-file",
                   test_position_major_and_black_queen);
  g_test_add_func ("/cql/piece-designators-inside-a-position/empty-d4-minor-d3-corner",
                   test_position_empty_minor_corner);
  g_test_add_func ("/cql/piece-designators-inside-a-position/repeated",
                   test_position_repeated_designators);
  g_test_add_func ("/cql/square-designators/evaluation", test_square_designators);
  g_test_add_func ("/cql/simple-keywords/R-Q-mate", test_simple_mate);
  g_test_add_func ("/cql/simple-keywords/R-Q-mate-wtm", test_simple_mate_wtm);
  g_test_add_func ("/cql/simple-keywords/R-Q-initial-check-wtm", test_simple_initial_check_wtm);
  g_test_add_func ("/cql/simple-keywords/scholars-mate", test_simple_keywords_scholars_mate);
  g_test_add_func ("/cql/simple-keywords/stalemate", test_simple_stalemate);
  g_test_add_func ("/cql/simple-keywords/stalemate-pinned", test_stalemate_pinned);
  g_test_add_func ("/cql/rulings/R5-en-passant-not-stalemate", test_R5_en_passant_not_stalemate);
  g_test_add_func ("/cql/rulings/R1-traversal", test_R1_traversal);
  g_test_add_func ("/cql/rulings/R1-preorder-nested", test_R1_preorder_nested);
  g_test_add_func ("/cql/rulings/R1-damaged-game", test_R1_damaged_game);
  g_test_add_func ("/cql/rulings/R1-unparsed-and-skipped-games",
                   test_R1_unparsed_and_skipped_games);
  g_test_add_func ("/cql/rulings/R2-first-markall-noannotate", test_R2_first_markall_noannotate);
  g_test_add_func ("/cql/rulings/R2-R8-two-lists", test_R2_two_lists);
  g_test_add_func ("/cql/rulings/R2-info-reuse", test_R2_info_reuse);
  g_test_add_func ("/cql/evaluation/threads-share-query", test_threads_share_query);
  g_test_add_func ("/cql/evaluation/real-data-mate-stalemate", test_real_data_mate_stalemate);

  return g_test_run ();
}
