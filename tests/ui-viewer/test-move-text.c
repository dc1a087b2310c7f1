/* test-move-text.c: the move list layout of the game viewer (no display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include "ex-move-text.h"
#include "viewer-test-util.h"

/* Written for these tests: NAG glyphs and "$n", suffix annotations, a
 * lichess command inside a comment, block variations at depths 1 and 2 and
 * inline ones at depths 3 and 4.  Node indices in R1 pre-order:
 *  0 root, 1 e4, 2 e5, 3 Nf3, 4 Nc6, 5 f4, 6 exf4, 7 Nf3 (3.), 8 d5,
 *  9 exd5, 10 Qxd5, 11 c6, 12 dxc6, 13 d4, 14 Bc4. */
static const char nested_pgn[] =
  "[Event \"Layout test\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "1. e4 $1 {Best [%csl Gd4] by test} e5 $14 2. Nf3 (2. f4?! exf4 (2... d5!? 3. exd5\n"
  "Qxd5 (3... c6 4. dxc6 (4. d4))) 3. Nf3) (2. Bc4) 2... Nc6 $200 *\n";

static const char nested_text[] =
  "Start 1. e4! Best by test 1... e5 ⩲ 2. Nf3\n"
  "(2. f4?! exf4\n"
  "(2... d5!? 3. exd5 Qxd5 (3... c6 4. dxc6 (4. d4)))\n"
  "3. Nf3)\n"
  "(2. Bc4)\n"
  "2... Nc6 $200 *";

/* Character offset of the first occurrence of @needle in @mt's text. */
static guint
offset_of (const ExMoveText *mt,
           const char       *needle)
{
  const char *at = strstr (mt->text->str, needle);

  g_assert_nonnull (at);
  return g_utf8_pointer_to_offset (mt->text->str, at);
}

/* The text of span @span. */
static char *
span_text (const ExMoveText     *mt,
           const ExMoveTextSpan *span)
{
  const char *start = g_utf8_offset_to_pointer (mt->text->str, span->start);
  const char *end = g_utf8_offset_to_pointer (mt->text->str, span->end);

  return g_strndup (start, end - start);
}

static void
test_nested_layout (void)
{
  g_autoptr(CqGame) game = viewer_test_parse_game (nested_pgn);
  g_autoptr(ExMoveText) mt = NULL;
  static const char *const expected_moves[] = {
    "Start", "e4!", "e5", "Nf3", "Nc6", "f4?!", "exf4", "Nf3", "d5!?",
    "exd5", "Qxd5", "c6", "dxc6", "d4", "Bc4",
  };
  static const struct { const char *text; guint depth; } expected_paragraphs[] = {
    { "Start 1. e4! Best by test 1... e5 ⩲ 2. Nf3", 0 },
    { "(2. f4?! exf4", 1 },
    { "(2... d5!? 3. exd5 Qxd5 (3... c6 4. dxc6 (4. d4)))", 2 },
    { "3. Nf3)", 1 },
    { "(2. Bc4)", 1 },
    { "2... Nc6 $200 *", 0 },
  };
  guint n_paragraphs = 0;
  guint n_comments = 0;
  guint n_nags = 0;

  g_assert_cmpuint (game->n_nodes, ==, 15);
  mt = ex_move_text_new (game);

  g_assert_cmpstr (mt->text->str, ==, nested_text);
  g_assert_cmpuint (mt->n_nodes, ==, 15);
  g_assert_cmpuint (mt->moves->len, ==, 15);

  /* Every node has exactly its move span, and the spans are in text order. */
  for (guint i = 0; i < 15; i++)
    {
      const ExMoveTextSpan *span = ex_move_text_get_move (mt, i);
      g_autofree char *text = NULL;

      g_assert_nonnull (span);
      g_assert_cmpuint (span->node, ==, i);
      text = span_text (mt, span);
      g_assert_cmpstr (text, ==, expected_moves[i]);
      g_assert_cmpint (ex_move_text_node_at_offset (mt, span->start), ==, (int) i);
      g_assert_cmpint (ex_move_text_node_at_offset (mt, span->end - 1), ==, (int) i);
      g_assert_cmpuint (span->mainline, ==, i <= 4);
    }
  for (guint i = 1; i < mt->moves->len; i++)
    g_assert_cmpuint (g_array_index (mt->moves, ExMoveTextSpan, i - 1).end, <=,
                      g_array_index (mt->moves, ExMoveTextSpan, i).start);

  /* Depths: d5 is in a variation of a variation, d4 four levels down. */
  g_assert_cmpuint (ex_move_text_get_move (mt, 3)->depth, ==, 0);
  g_assert_cmpuint (ex_move_text_get_move (mt, 5)->depth, ==, 1);
  g_assert_cmpuint (ex_move_text_get_move (mt, 8)->depth, ==, 2);
  g_assert_cmpuint (ex_move_text_get_move (mt, 11)->depth, ==, 3);
  g_assert_cmpuint (ex_move_text_get_move (mt, 13)->depth, ==, 4);

  /* Clicks between moves hit nothing. */
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "Best")), ==, -1);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "2. Nf3")), ==, -1);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "Nf3")), ==, 3);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "⩲")), ==, -1);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "Bc4") + 1), ==, 14);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, G_MAXUINT), ==, -1);

  for (guint i = 0; i < mt->spans->len; i++)
    {
      const ExMoveTextSpan *span = &g_array_index (mt->spans, ExMoveTextSpan, i);
      g_autofree char *text = span_text (mt, span);

      switch (span->kind)
        {
        case EX_MOVE_TEXT_PARAGRAPH:
          g_assert_cmpuint (n_paragraphs, <, G_N_ELEMENTS (expected_paragraphs));
          g_assert_cmpstr (text, ==, expected_paragraphs[n_paragraphs].text);
          g_assert_cmpuint (span->depth, ==, expected_paragraphs[n_paragraphs].depth);
          g_assert_cmpuint (span->mainline, ==, span->depth == 0);
          n_paragraphs++;
          break;
        case EX_MOVE_TEXT_COMMENT:
          g_assert_cmpstr (text, ==, "Best by test");
          n_comments++;
          break;
        case EX_MOVE_TEXT_NAG:
          g_assert_true (g_str_equal (text, "⩲") || g_str_equal (text, "$200"));
          n_nags++;
          break;
        case EX_MOVE_TEXT_RESULT:
          g_assert_cmpstr (text, ==, "*");
          break;
        case EX_MOVE_TEXT_NUMBER:
          g_assert_true (g_str_has_suffix (text, "."));
          break;
        case EX_MOVE_TEXT_ERROR:
          g_assert_not_reached ();
          break;
        default:
          break;
        }
    }
  g_assert_cmpuint (n_paragraphs, ==, G_N_ELEMENTS (expected_paragraphs));
  g_assert_cmpuint (n_comments, ==, 1);
  g_assert_cmpuint (n_nags, ==, 2);
}

/* A real study: the first chapter of the fixture (Afanasyev 1964), with
 * comments on nearly every move and three variations. */
static void
test_study_layout (void)
{
  g_autoptr(CqGame) game = viewer_test_load_fixture_game (VIEWER_FIXTURE_STUDIES, 1);
  g_autoptr(ExMoveText) mt = ex_move_text_new (game);
  const ExMoveTextSpan *span;
  g_autofree char *kb5 = NULL;

  g_assert_cmpuint (game->n_nodes, ==, 21);
  g_assert_cmpuint (mt->moves->len, ==, 21);

  g_assert_true (g_str_has_prefix (mt->text->str,
                                   "Start In this position white is up two pawns and a knight"));
  g_assert_nonnull (strstr (mt->text->str, "1. c3! Correct! This pawn move covers"));
  g_assert_nonnull (strstr (mt->text->str,
                            "\n(1... Kc4 2. Ne3+ Kd3 3. Ng2 And white will win.)"
                            "\n(1... Kb5 2. Nd4+ Kc4 3. Nxe2 And white wins.)"
                            "\n2. Nd6! Correct!"));
  g_assert_nonnull (strstr (mt->text->str, "\n(3. bxc3? Stalemate!)\n3... Kd4+ Black has"));
  g_assert_true (g_str_has_suffix (mt->text->str,
                                   "white will soon win the game. (1-0) *"));

  /* Node 17 is 1...Kb5, the second variation of the first move. */
  span = ex_move_text_get_move (mt, 17);
  kb5 = span_text (mt, span);
  g_assert_cmpstr (kb5, ==, "Kb5");
  g_assert_cmpuint (span->depth, ==, 1);
  g_assert_false (span->mainline);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "Kb5")), ==, 17);
  g_assert_cmpint (ex_move_text_node_at_offset (mt, offset_of (mt, "Nd6!")), ==, 3);
}

/* A game that stops at an illegal move keeps its moves and shows the error. */
static void
test_error_layout (void)
{
  static const char pgn[] = "[Event \"Broken\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";
  g_autoptr(CqGame) game = cq_game_new_parsed (pgn, strlen (pgn), NULL, "broken.pgn");
  g_autoptr(ExMoveText) mt = ex_move_text_new (game);
  const ExMoveTextSpan *last;

  g_assert_nonnull (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 3);
  g_assert_true (g_str_has_prefix (mt->text->str, "Start 1. e4 e5"));
  g_assert_nonnull (strstr (mt->text->str, "\nError: "));
  g_assert_nonnull (strstr (mt->text->str, game->error));

  /* The error span, then its own paragraph, which is not the mainline's. */
  last = &g_array_index (mt->spans, ExMoveTextSpan, mt->spans->len - 2);
  g_assert_cmpuint (last->kind, ==, EX_MOVE_TEXT_ERROR);
  g_assert_cmpuint (last->end, ==, g_utf8_strlen (mt->text->str, -1));
  last = &g_array_index (mt->spans, ExMoveTextSpan, mt->spans->len - 1);
  g_assert_cmpuint (last->kind, ==, EX_MOVE_TEXT_PARAGRAPH);
  g_assert_false (last->mainline);
  g_assert_cmpuint (last->end, ==, g_utf8_strlen (mt->text->str, -1));
}

static void
test_nag_glyphs (void)
{
  g_assert_cmpstr (ex_nag_to_glyph (1), ==, "!");
  g_assert_cmpstr (ex_nag_to_glyph (2), ==, "?");
  g_assert_cmpstr (ex_nag_to_glyph (3), ==, "!!");
  g_assert_cmpstr (ex_nag_to_glyph (4), ==, "??");
  g_assert_cmpstr (ex_nag_to_glyph (5), ==, "!?");
  g_assert_cmpstr (ex_nag_to_glyph (6), ==, "?!");
  g_assert_cmpstr (ex_nag_to_glyph (10), ==, "=");
  g_assert_cmpstr (ex_nag_to_glyph (16), ==, "±");
  g_assert_cmpstr (ex_nag_to_glyph (19), ==, "−+");
  g_assert_cmpstr (ex_nag_to_glyph (22), ==, "⨀");
  g_assert_cmpstr (ex_nag_to_glyph (13), ==, "∞");
  g_assert_cmpstr (ex_nag_to_glyph (140), ==, "∆");
  g_assert_cmpstr (ex_nag_to_glyph (142), ==, "⌓");
  g_assert_cmpstr (ex_nag_to_glyph (143), ==, "≤");
  g_assert_cmpstr (ex_nag_to_glyph (144), ==, "==");
  g_assert_cmpstr (ex_nag_to_glyph (145), ==, "RR");
  g_assert_cmpstr (ex_nag_to_glyph (146), ==, "N");
  g_assert_null (ex_nag_to_glyph (147));
  g_assert_null (ex_nag_to_glyph (0));
  g_assert_null (ex_nag_to_glyph (9));
  g_assert_null (ex_nag_to_glyph (255));
}

/* A study's variation annotated as yacpdb and the HHdb do ($143 worse is,
 * $144 equal is, $22 zugzwang, $18 winning): each NAG is its symbol in the
 * move list, a span of its own, and no raw `$n` is left. */
static void
test_study_nags (void)
{
  static const char study[] =
    "[Event \"NAG test\"]\n"
    "[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"]\n"
    "[SetUp \"1\"]\n"
    "[Result \"1-0\"]\n"
    "\n"
    "1. Kf7 $22 (1. Ra2 $144 Kg8) (1. Ra7 $143 Kg8) 1... Kh7 2. Rh1# $18 1-0\n";
  g_autoptr(CqGame) game = viewer_test_parse_game (study);
  g_autoptr(ExMoveText) mt = ex_move_text_new (game);
  static const char *const expected[] = { "⨀", "==", "≤", "+−" };
  guint n_nags = 0;

  g_assert_null (game->error);
  g_assert_null (strchr (mt->text->str, '$'));
  g_assert_cmpstr (mt->text->str, ==,
                   "Start 1. Kf7 ⨀\n"
                   "(1. Ra2 == Kg8)\n"
                   "(1. Ra7 ≤ Kg8)\n"
                   "1... Kh7 2. Rh1# +− 1-0");
  for (guint i = 0; i < mt->spans->len; i++)
    {
      const ExMoveTextSpan *span = &g_array_index (mt->spans, ExMoveTextSpan, i);

      if (span->kind == EX_MOVE_TEXT_NAG)
        {
          g_autofree char *text = span_text (mt, span);

          g_assert_cmpuint (n_nags, <, G_N_ELEMENTS (expected));
          g_assert_cmpstr (text, ==, expected[n_nags]);
          n_nags++;
        }
    }
  g_assert_cmpuint (n_nags, ==, G_N_ELEMENTS (expected));
}

static void
test_figurine (void)
{
  g_autoptr(CqGame) game = viewer_test_parse_game (nested_pgn);
  g_autoptr(ExMoveText) mt = NULL;
  char out[4 * CQ_SAN_MAX + 1];
  char tiny[5];

  g_assert_cmpuint (ex_san_to_figurine ("Nf3", out, sizeof out), ==, strlen ("♘f3"));
  g_assert_cmpstr (out, ==, "♘f3");
  ex_san_to_figurine ("Qxd5+", out, sizeof out);
  g_assert_cmpstr (out, ==, "♕xd5+");
  ex_san_to_figurine ("exd8=Q#", out, sizeof out);
  g_assert_cmpstr (out, ==, "exd8=♕#");
  ex_san_to_figurine ("Rbxb7", out, sizeof out);
  g_assert_cmpstr (out, ==, "♖bxb7");
  ex_san_to_figurine ("O-O-O", out, sizeof out);
  g_assert_cmpstr (out, ==, "O-O-O");
  ex_san_to_figurine ("Kxe2", out, sizeof out);
  g_assert_cmpstr (out, ==, "♔xe2");
  ex_san_to_figurine ("Bb5", out, sizeof out);
  g_assert_cmpstr (out, ==, "♗b5");
  /* Truncated, never split inside a figurine: "♘" is 3 bytes. */
  g_assert_cmpuint (ex_san_to_figurine ("Nf3", tiny, sizeof tiny), ==, 4);
  g_assert_cmpstr (tiny, ==, "♘f");

  /* The whole move list: the same layout with figurines in the moves only
   * (the comment "Best by test" keeps its letter B). */
  mt = ex_move_text_new_full (game, EX_MOVE_TEXT_FIGURINE);
  g_assert_cmpstr (mt->text->str, ==,
                   "Start 1. e4! Best by test 1... e5 ⩲ 2. ♘f3\n"
                   "(2. f4?! exf4\n"
                   "(2... d5!? 3. exd5 ♕xd5 (3... c6 4. dxc6 (4. d4)))\n"
                   "3. ♘f3)\n"
                   "(2. ♗c4)\n"
                   "2... ♘c6 $200 *");
  /* Spans count characters: the figurine is one. */
  {
    const ExMoveTextSpan *span = ex_move_text_get_move (mt, 3);

    g_assert_cmpuint (span->end - span->start, ==, 3);
    g_assert_cmpuint (span->start, ==, offset_of (mt, "♘f3"));
  }
}

/* lichess's drawing commands ([%cal] arrows, [%csl] squares) are not
 * drawn yet; they are never shown as raw text, and a comment of commands
 * alone leaves nothing behind. */
static void
test_drawing_commands (void)
{
  g_autoptr(CqGame) game = viewer_test_parse_game (
    "[Event \"Arrows\"]\n[Result \"*\"]\n\n"
    "1. e4 {[%cal Ge2e4,Rd7d5]} e5 {[%csl Gd4,Ye5][%cal Gg1f3] Good [%clk 0:03:00]} *\n");
  g_autoptr(ExMoveText) mt = ex_move_text_new (game);

  g_assert_cmpstr (mt->text->str, ==, "Start 1. e4 e5 Good *");
}

/* The query's notes: after the game's comment at their position, in a
 * variation too, at the root after "Start"; white space collapsed; an
 * empty note or one past the game's nodes left out. */
static void
test_query_notes (void)
{
  g_autoptr(CqGame) game = viewer_test_parse_game (nested_pgn);
  g_autoptr(ExMoveText) mt = NULL;
  const char *notes[16] = { NULL };
  guint n_query = 0;

  notes[0] = "at the start";
  notes[1] = "after  e4\n(twice spaced)";
  notes[9] = "in a variation";
  notes[14] = "";
  notes[15] = "past the game";
  mt = ex_move_text_new_with_notes (game, EX_MOVE_TEXT_FLAGS_NONE, notes, G_N_ELEMENTS (notes));

  g_assert_nonnull (strstr (mt->text->str, "Start at the start 1. e4! Best by test "
                                           "after e4 (twice spaced) 1... e5"));
  g_assert_nonnull (strstr (mt->text->str, "3. exd5 in a variation 3... Qxd5"));
  g_assert_null (strstr (mt->text->str, "past the game"));
  for (guint i = 0; i < mt->spans->len; i++)
    {
      const ExMoveTextSpan *span = &g_array_index (mt->spans, ExMoveTextSpan, i);
      g_autofree char *text = NULL;

      if (span->kind != EX_MOVE_TEXT_QUERY_COMMENT)
        continue;
      text = span_text (mt, span);
      n_query++;
      switch (span->node)
        {
        case 0: g_assert_cmpstr (text, ==, "at the start"); break;
        case 1: g_assert_cmpstr (text, ==, "after e4 (twice spaced)"); break;
        case 9:
          g_assert_cmpstr (text, ==, "in a variation");
          g_assert_cmpuint (span->depth, ==, 2);
          break;
        default: g_assert_not_reached ();
        }
    }
  g_assert_cmpuint (n_query, ==, 3);
  /* The game's own comment is still a comment of the game. */
  g_assert_cmpuint (offset_of (mt, "Best by test"), <, offset_of (mt, "after e4"));
  /* Without notes: the layout of ex_move_text_new(). */
  {
    g_autoptr(ExMoveText) plain = ex_move_text_new_with_notes (game, EX_MOVE_TEXT_FLAGS_NONE,
                                                               NULL, 0);

    g_assert_cmpstr (plain->text->str, ==, nested_text);
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/viewer/move-text/nested", test_nested_layout);
  g_test_add_func ("/viewer/move-text/study", test_study_layout);
  g_test_add_func ("/viewer/move-text/error", test_error_layout);
  g_test_add_func ("/viewer/move-text/nag-glyphs", test_nag_glyphs);
  g_test_add_func ("/viewer/move-text/study-nags", test_study_nags);
  g_test_add_func ("/viewer/move-text/figurine", test_figurine);
  g_test_add_func ("/viewer/move-text/drawing-commands", test_drawing_commands);
  g_test_add_func ("/viewer/move-text/query-notes", test_query_notes);

  return g_test_run ();
}
