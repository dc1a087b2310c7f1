/* test-anticipate.c: position searches (cq_query_new_for_position()): the
 * position found by any move order, in variations too; the side to move
 * compared, castling, en passant and counters not; its mirrored and
 * colour-reversed images; positions with a few pieces different.
 *
 * Each case states which nodes (pre-order indices) must match, which image
 * was found there, how many pieces differ and on which squares.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-game.h"

#include "cql-test-util.h"

static CqGame *
game_new (const char *fen, const char *movetext)
{
  return cql_test_game_new (NULL, fen, movetext, "*", 0);
}

/* Searches @game for @fen: "no match", or "node:kind:n_differ[:squares]"
 * per matched node, kind as cq_match_describe() words it before its comma. */
static char *
run (const char *fen, CqPositionMatch mode, guint differ, CqGame *game)
{
  static const char *const kinds[] = { "query", "exact", "mirrored", "colours", "both" };
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_for_position (fen, mode, differ, &error);
  g_autoptr(GString) out = g_string_new (NULL);
  CqMatchInfo info;

  g_assert_no_error (error);
  g_assert_true (cq_query_is_position_search (query));
  g_assert_null (cq_query_get_pgn (query));
  g_assert_true (cq_query_accepts_tags (query, game));
  if (!cql_test_match (query, game, &info))
    return g_strdup ("no match");
  for (guint i = 0; i < info.positions->len; i++)
    {
      const CqMatchedPosition *m = &g_array_index (info.positions, CqMatchedPosition, i);

      g_assert_cmpuint (m->kind, <, G_N_ELEMENTS (kinds));
      g_string_append_printf (out, "%s%u:%s:%u", i > 0 ? " " : "", m->node, kinds[m->kind],
                              m->n_differ);
      for (int sq = 0; sq < 64; sq++)
        if (m->squares & (G_GUINT64_CONSTANT (1) << sq))
          g_string_append_printf (out, ":%c%c", 'a' + (sq & 7), '1' + (sq >> 3));
    }
  cq_match_info_clear (&info);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define assert_run(fen, mode, differ, game, expected) \
  G_STMT_START { \
    g_autofree char *result_ = run ((fen), (mode), (differ), (game)); \
    g_assert_cmpstr (result_, ==, (expected)); \
  } G_STMT_END

#define EXACT CQ_POSITION_MATCH_EXACT
#define SYMMETRIC CQ_POSITION_MATCH_SYMMETRIC

/* Four knight moves in two orders: the main line reaches the position at
 * node 4, the variation (nodes 6-9, after the main line's 1-5) at node 9. */
static void
test_transposition (void)
{
  g_autoptr(CqGame) game = game_new (NULL, "1. Nf3 (1. Nc3 Nc6 2. Nf3 Nf6) 1... Nf6 2. Nc3 Nc6 "
                                     "3. e4");
  const char *fen = "r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3";

  assert_run (fen, EXACT, 0, game, "4:exact:0 9:exact:0");
  /* Castling rights, en passant square and counters are not compared. */
  assert_run ("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w - - 0 1", EXACT, 0, game,
              "4:exact:0 9:exact:0");
  assert_run ("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w", EXACT, 0, game,
              "4:exact:0 9:exact:0");
  /* The side to move is. */
  assert_run ("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 4 3", EXACT, 0,
              game, "no match");
  /* The start position is the root. */
  assert_run ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", EXACT, 0, game,
              "0:exact:0");
}

/* Kings and a pawn: after 1. Kd2 Kd5 2. Kd3 (node 3) White has Kd3, Pe2,
 * Black kd5, Black to move; node 1 has Kd2, Pe2, ke5, Black to move. */
#define KP_START "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"
#define KP_MOVES "1. Kd2 Kd5 2. Kd3"

static void
test_symmetric (void)
{
  g_autoptr(CqGame) game = game_new (KP_START, KP_MOVES);
  /* Node 3 with files reversed: Ke3, Pd2, ke5. */
  const char *mirrored = "8/8/8/4k3/8/4K3/3P4/8 b - - 0 1";
  /* ... with the colours reversed: ranks reversed, kd6, pe7, Kd4, White to move. */
  const char *colours = "8/4p3/3k4/8/3K4/8/8/8 w - - 0 1";
  const char *both = "8/3p4/4k3/8/4K3/8/8/8 w - - 0 1";

  assert_run ("8/8/8/3k4/8/3K4/4P3/8 b - - 0 1", EXACT, 0, game, "3:exact:0");
  assert_run ("8/8/8/3k4/8/3K4/4P3/8 b - - 0 1", SYMMETRIC, 0, game, "3:exact:0");
  assert_run (mirrored, EXACT, 0, game, "no match");
  assert_run (mirrored, SYMMETRIC, 0, game, "3:mirrored:0");
  assert_run (colours, EXACT, 0, game, "no match");
  assert_run (colours, SYMMETRIC, 0, game, "3:colours:0");
  assert_run (both, EXACT, 0, game, "no match");
  assert_run (both, SYMMETRIC, 0, game, "3:both:0");
}

/* With castling rights the mirror is not a symmetry (castling would be on
 * the other wing); the colour reversal still is. */
static void
test_castling_blocks_mirror (void)
{
  /* Kd1, Rh1, kd8: the mirror of Ke1, Ra1, ke8. */
  g_autoptr(CqGame) game = game_new ("3k4/8/8/8/8/8/8/3K3R b - - 0 1", "1... Kc7");
  /* Ke1, Ra1, ke8 with White's long castling: its mirror is the root,
   * but castling makes it another position. */
  assert_run ("4k3/8/8/8/8/8/8/R3K3 b Q - 0 1", SYMMETRIC, 0, game, "no match");
  assert_run ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", SYMMETRIC, 0, game, "0:mirrored:0");
  /* The colour reversal of the root: kd8 -> Kd1, Kd1 -> kd8, Rh1 -> rh8,
   * White to move. */
  assert_run ("3k3r/8/8/8/8/8/8/3K4 w - - 0 1", SYMMETRIC, 0, game, "0:colours:0");
}

static void
test_differ (void)
{
  g_autoptr(CqGame) game = game_new (KP_START, KP_MOVES);

  /* The pawn on e3 rather than e2: one piece elsewhere. */
  assert_run ("8/8/8/3k4/8/3KP3/8/8 b - - 0 1", EXACT, 0, game, "no match");
  assert_run ("8/8/8/3k4/8/3KP3/8/8 b - - 0 1", EXACT, 1, game, "3:exact:1:e2:e3");
  /* Node 1 differs by both kings and the pawn. */
  assert_run ("8/8/8/3k4/8/3KP3/8/8 b - - 0 1", EXACT, 2, game, "3:exact:1:e2:e3");
  assert_run ("8/8/8/3k4/8/3KP3/8/8 b - - 0 1", EXACT, 3, game,
              "1:exact:3:d2:e2:d3:e3:d5:e5 3:exact:1:e2:e3");
  /* A knight more: one piece. */
  assert_run ("8/8/8/3k4/8/3K4/4P3/7N b - - 0 1", EXACT, 1, game, "3:exact:1:h1");
  /* A knight instead of the pawn: two (the pawn away, the knight there). */
  assert_run ("8/8/8/3k4/8/3K4/4N3/8 b - - 0 1", EXACT, 1, game, "no match");
  assert_run ("8/8/8/3k4/8/3K4/4N3/8 b - - 0 1", EXACT, 2, game, "3:exact:2:e2");
  /* The side to move still counts. */
  assert_run ("8/8/8/3k4/8/3KP3/8/8 w - - 0 1", EXACT, 4, game, "0:exact:3:e1:e2:d3:e3:d5:e5 "
              "2:exact:2:d2:e2:d3:e3");
  /* Mirrored with the pawn moved: the squares are the game's. */
  assert_run ("8/8/8/4k3/8/3PK3/8/8 b - - 0 1", SYMMETRIC, 1, game, "3:mirrored:1:e2:e3");
  /* Node 3 is the position itself; node 1 has both kings elsewhere, two
   * pieces from the position and two from its mirror image (Ke3, Pd2, ke5):
   * the first image in order is reported. */
  assert_run ("8/8/8/3k4/8/3K4/4P3/8 b - - 0 1", SYMMETRIC, 2, game,
              "1:exact:2:d2:d3:d5:e5 3:exact:0");
}

static void
test_describe (void)
{
  CqMatchedPosition m = { .node = 3, .kind = CQ_MATCH_KIND_MIRRORED, .n_differ = 1,
                          .squares = (G_GUINT64_CONSTANT (1) << 12)
                                     | (G_GUINT64_CONSTANT (1) << 20) };
  g_autofree char *a = cq_match_describe (&m);
  g_autofree char *b = NULL, *c = NULL;

  g_assert_cmpstr (a, ==, "mirrored, differs on e2 e3");
  m.kind = CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED;
  m.squares = 0;
  b = cq_match_describe (&m);
  g_assert_cmpstr (b, ==, "mirrored, colours reversed");
  m.kind = CQ_MATCH_KIND_QUERY;
  c = cq_match_describe (&m);
  g_assert_cmpstr (c, ==, "");
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  CqQuery *query;

  query = cq_query_new_for_position ("8/8/8/8/8/8/8/8 w - - 0 1", EXACT, 0, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "8/8/8/8/8/8/8/8"));
  g_clear_error (&error);

  query = cq_query_new_for_position ("not a fen", SYMMETRIC, 0, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
  g_clear_error (&error);

  query = cq_query_new_for_position (KP_START, EXACT, CQ_POSITION_MAX_DIFFER + 1, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC);
  g_clear_error (&error);

  query = cq_query_new_for_position (KP_START, EXACT, CQ_POSITION_MAX_DIFFER, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query), ==, CQ_DIALECT_CQL3);
  g_assert_cmpstr (cq_query_get_mark_text (query), ==, "MATCH");
  cq_query_free (query);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/anticipate/transposition", test_transposition);
  g_test_add_func ("/anticipate/symmetric", test_symmetric);
  g_test_add_func ("/anticipate/castling-blocks-mirror", test_castling_blocks_mirror);
  g_test_add_func ("/anticipate/differ", test_differ);
  g_test_add_func ("/anticipate/describe", test_describe);
  g_test_add_func ("/anticipate/errors", test_errors);
  return g_test_run ();
}
