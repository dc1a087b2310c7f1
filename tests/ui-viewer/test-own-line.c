/* test-own-line.c: the user's line grafted onto a game's tree (ExOwnLine),
 * read by the move list's layout and the PGN writer; no display needed.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include "ex-move-text.h"
#include "ex-own-line.h"
#include "pgn/cq-pgn.h"
#include "viewer-test-util.h"

#define SQ(name) cq_square_from_name (name)

static const char game_pgn[] =
  "[Event \"Own line\"]\n"
  "[SetUp \"1\"]\n"
  "[FEN \"4k3/1P6/8/8/8/8/8/4K2R w K - 0 1\"]\n"
  "\n"
  "1. Kd2 Kd7 2. b8=Q *\n";

/* The legal move of @node's position from @from to @to (promoting to
 * @promotion, or CQ_EMPTY); fails the test if there is none. */
static CqMove
find_move (const CqNode *node,
           const char   *from,
           const char   *to,
           CqPiece       promotion)
{
  CqMove moves[CQ_MAX_MOVES];
  guint n = cq_position_legal_moves (&node->position, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i].from == SQ (from) && moves[i].to == SQ (to) && moves[i].promotion == promotion)
      return moves[i];
  g_assert_not_reached ();
}

static CqNode *
play (ExOwnLine  *line,
      CqNode     *from,
      const char *from_square,
      const char *to_square,
      CqPiece     promotion,
      gboolean    expect_added)
{
  CqMove move = find_move (from, from_square, to_square, promotion);
  gboolean added = !expect_added;
  CqNode *node = ex_own_line_play (line, from, &move, &added);

  g_assert_nonnull (node);
  g_assert_cmpint (added, ==, expect_added);
  g_assert_true (node->parent == from);
  return node;
}

static char *
write_pgn (const CqGame *game)
{
  GString *out = g_string_new (NULL);

  cq_pgn_write_game (out, game, NULL);
  return g_string_free (out, FALSE);
}

/* The text of the move spans marked as the user's, space-separated. */
static char *
own_spans (const CqGame *game)
{
  g_autoptr(ExMoveText) mt = ex_move_text_new (game);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < mt->moves->len; i++)
    {
      const ExMoveTextSpan *span = &g_array_index (mt->moves, ExMoveTextSpan, i);
      const char *start, *end;

      g_assert_true (ex_move_text_get_move (mt, span->node) == span);
      if (!span->own)
        continue;
      g_assert_cmpuint (span->node, >=, game->n_nodes);
      start = g_utf8_offset_to_pointer (mt->text->str, span->start);
      end = g_utf8_offset_to_pointer (mt->text->str, span->end);
      g_string_append_printf (text, "%s%.*s", text->len > 0 ? " " : "", (int) (end - start), start);
    }
  return g_string_free (text, FALSE);
}

static void
test_variation (void)
{
  g_autoptr(CqGame) game = viewer_test_parse_game (game_pgn);
  ExOwnLine *line = ex_own_line_new (game);
  CqNode *root = game->root, *castled, *kd7, *promoted;
  g_autofree char *pgn = NULL;
  g_autofree char *spans = NULL;
  CqMove illegal = { .from = SQ ("e1"), .to = SQ ("e3"), .piece = CQ_WK };
  gboolean added = TRUE;

  g_assert_true (ex_own_line_accepts (game));
  g_assert_cmpuint (game->n_nodes, ==, 4);

  /* An illegal move changes nothing; the game's move is followed. */
  g_assert_null (ex_own_line_play (line, root, &illegal, &added));
  g_assert_false (added);
  g_assert_true (play (line, root, "e1", "d2", CQ_EMPTY, FALSE) == root->first_child);
  g_assert_cmpuint (ex_own_line_get_length (line), ==, 0);

  /* O-O Kd7 b8=N+: a variation of 1. Kd2, numbered after the game. */
  castled = play (line, root, "e1", "g1", CQ_EMPTY, TRUE);
  kd7 = play (line, castled, "e8", "d7", CQ_EMPTY, TRUE);
  promoted = play (line, kd7, "b7", "b8", CQ_WN, TRUE);
  g_assert_cmpuint (castled->index, ==, 4);
  g_assert_cmpuint (promoted->index, ==, 6);
  g_assert_true (root->first_child->next_sibling == castled);
  g_assert_true (ex_own_line_get_branch (line) == root);
  g_assert_true (ex_own_line_get_node (line, 5) == kd7);
  g_assert_null (ex_own_line_get_node (line, 3));
  g_assert_true (ex_own_line_contains (line, promoted));
  g_assert_false (ex_own_line_contains (line, root->first_child));
  /* The user's next move is followed too. */
  g_assert_true (play (line, castled, "e8", "d7", CQ_EMPTY, FALSE) == kd7);

  spans = own_spans (game);
  g_assert_cmpstr (spans, ==, "O-O Kd7 b8=N+");
  pgn = write_pgn (game);
  g_assert_nonnull (strstr (pgn, "\n1. Kd2 (1. O-O Kd7 2. b8=N+) 1... Kd7 2. b8=Q *\n"));

  /* Another move after O-O replaces Kd7 b8=N+. */
  play (line, castled, "e8", "e7", CQ_EMPTY, TRUE);
  g_assert_cmpuint (ex_own_line_get_length (line), ==, 2);
  g_clear_pointer (&pgn, g_free);
  pgn = write_pgn (game);
  g_assert_nonnull (strstr (pgn, "\n1. Kd2 (1. O-O Ke7) 1... Kd7 2. b8=Q *\n"));

  /* A move elsewhere in the game starts a new line in place of the old:
   * at the end of the game's line it continues it. */
  play (line, cq_game_mainline_end (game), "d7", "c6", CQ_EMPTY, TRUE);
  g_assert_cmpuint (ex_own_line_get_length (line), ==, 1);
  g_assert_null (root->first_child->next_sibling);
  g_clear_pointer (&spans, g_free);
  spans = own_spans (game);
  g_assert_cmpstr (spans, ==, "Kc6");
  g_clear_pointer (&pgn, g_free);
  pgn = write_pgn (game);
  g_assert_nonnull (strstr (pgn, "\n1. Kd2 Kd7 2. b8=Q Kc6 *\n"));

  /* Freed, the line leaves the game's tree as it was read. */
  ex_own_line_free (line);
  g_assert_null (cq_game_mainline_end (game)->first_child);
  g_clear_pointer (&pgn, g_free);
  pgn = write_pgn (game);
  g_assert_nonnull (strstr (pgn, "\n1. Kd2 Kd7 2. b8=Q *\n"));
}

/* A game read with an error takes no moves. */
static void
test_damaged_game (void)
{
  static const char damaged[] = "[Event \"Damaged\"]\n\n1. e4 e5 2. Ke3 *\n";
  g_autoptr(CqGame) game = cq_game_new_parsed (damaged, strlen (damaged), NULL, NULL);

  g_assert_nonnull (game->error);
  g_assert_false (ex_own_line_accepts (game));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/viewer/own-line/variation", test_variation);
  g_test_add_func ("/viewer/own-line/damaged-game", test_damaged_game);

  return g_test_run ();
}
