/* test-pgn-writer.c: PGN export (cq_pgn_write_game) and round trips.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pgn-test-util.h"

static char *
write_text (const char *text, const CqPgnWriteOptions *options)
{
  g_autoptr (CqGame) game = cq_game_new_parsed (text, strlen (text), NULL, NULL);
  GString *out = g_string_new (NULL);

  cq_pgn_write_game (out, game, options);
  return g_string_free (out, FALSE);
}

/* The movetext part of @pgn (after the blank line that ends the tags). */
static const char *
movetext_of (const char *pgn)
{
  const char *p = strstr (pgn, "\n\n");

  g_assert_nonnull (p);
  return p + 2;
}

static void
test_export_format (void)
{
  g_autofree char *out = write_text (
    "[White \"W\"]\n[Event \"E\"]\n[ECO \"C60\"]\n[Black \"B \\\"the\\\" \\\\ Black\"]\n\n"
    "{start}   1.e4 {after\ne4} (1. d4 d5 2. c4! ) 1... e5 2. Nf3 Nc6 3. Bb5 a6 *", NULL);

  g_assert_cmpstr (out, ==,
                   "[Event \"E\"]\n"
                   "[Site \"?\"]\n"
                   "[Date \"????.??.??\"]\n"
                   "[Round \"?\"]\n"
                   "[White \"W\"]\n"
                   "[Black \"B \\\"the\\\" \\\\ Black\"]\n"
                   "[Result \"*\"]\n"
                   "[ECO \"C60\"]\n"
                   "\n"
                   "{start} 1. e4 {after e4} (1. d4 d5 2. c4 $1) 1... e5 2. Nf3 Nc6 3. Bb5 a6 *\n"
                   "\n");
}

/* 12... for Black after a comment, a variation, and at the start of a
 * line; SAN as replayed (long algebraic in, SAN out); FEN games. */
static void
test_move_numbers (void)
{
  g_autofree char *a = write_text ("1. e4 {c} e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 $1 a6 1-0", NULL);
  g_autofree char *b =
    write_text ("[FEN \"8/8/8/4k3/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd5 41. e4+ Ke5 *", NULL);
  g_autofree char *c = write_text ("e2e4 e7e5 g1f3 b8c6 f1b5 *", NULL);
  g_autofree char *d = write_text ("1. e4 -- 2. d4 Z0 *", NULL);
  /* `#` after a mate, also one the game goes on from with a null move;
   * `+` after a check a move was played from, in a variation too. */
  g_autofree char *e = write_text ("1. f3 e5 2. g4 Qh4# -- *", NULL);
  g_autofree char *f = write_text ("1. e4 e5 2. Qh5 Nc6 (2... g6 3. Qxe5+ Qe7 4. Qxh8) 3. Bc4 "
                                   "Nf6 (3... g6 4. Qxe5+) 4. Qxf7# *", NULL);

  g_assert_cmpstr (movetext_of (a), ==,
                   "1. e4 {c} 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 $1 a6 1-0\n\n");
  g_assert_cmpstr (movetext_of (b), ==, "40... Kd5 41. e4+ Ke5 *\n\n");
  g_assert_nonnull (strstr (b, "[FEN \"8/8/8/4k3/8/8/4P3/4K3 b - - 0 40\"]\n"));
  g_assert_cmpstr (movetext_of (c), ==, "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n");
  g_assert_cmpstr (movetext_of (d), ==, "1. e4 -- 2. d4 -- *\n\n");
  g_assert_cmpstr (movetext_of (e), ==, "1. f3 e5 2. g4 Qh4# 3. -- *\n\n");
  g_assert_cmpstr (movetext_of (f), ==,
                   "1. e4 e5 2. Qh5 Nc6 (2... g6 3. Qxe5+ Qe7 4. Qxh8) 3. Bc4 Nf6 (3... g6 4. Qxe5+)\n"
                   "4. Qxf7# *\n\n");
}

/* Lines of at most 80 columns; a token longer than that stands alone;
 * a word starting with `%` never starts a line. */
static void
test_line_width (void)
{
  g_autoptr (GString) in = g_string_new ("1. e4 {");
  g_autofree char *out = NULL;
  g_autofree char *out2 = NULL;
  const char *mt;
  g_autofree char *long_word = g_strnfill (100, 'x');
  g_autoptr (CqGame) again = NULL;
  g_autoptr (GString) pct = g_string_new ("1. e4 {");

  g_string_append (in, long_word);
  g_string_append (in, "} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
                       "8. c3 O-O "
                       "9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 *");
  out = write_text (in->str, NULL);
  mt = movetext_of (out);
  g_assert_cmpstr (mt, ==,
                   "1. e4\n"
                   "{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                   "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}\n"
                   "1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
                   "8. c3 O-O\n"
                   "9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 *\n\n");
  assert_movetext_width (out);

  /* 74 columns of text, then a word that would start the next line. */
  for (guint i = 0; i < 17; i++)
    g_string_append (pct, "abc ");
  g_string_append (pct, "%eval} *");
  out2 = write_text (pct->str, NULL);
  mt = movetext_of (out2);
  g_assert_null (strstr (mt, "\n%"));
  g_assert_nonnull (strstr (mt, "\n %eval}"));
  again = cq_game_new_parsed (out2, strlen (out2), NULL, NULL);
  g_assert_null (again->error);
  g_assert_true (g_str_has_suffix (cq_node_get_comment_after (again, cq_game_get_node (again, 1)), "abc %eval"));
}

/* Rulings R2: the header comment first, marks after the move that made
 * the position (before the first move for the root), beside comments. */
static void
test_marks (void)
{
  static const char text[] = "{intro} 1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 *";
  /* pre-order: root e4 e5 Nf3 c5 Nf3' */
  guint8 marks[6] = { 1, 1, 0, 0, 0, 1 };
  CqPgnWriteOptions options = { "Original game: 7", marks, G_N_ELEMENTS (marks), NULL };
  g_autofree char *a = write_text (text, &options);
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autoptr (CqGame) again = NULL;

  g_assert_cmpstr (movetext_of (a), ==,
                   "{Original game: 7} {intro} {MATCH} 1. e4 {c} {MATCH} 1... e5 (1... c5 2. Nf3\n"
                   "{MATCH}) 2. Nf3 *\n\n");

  /* Another mark text; a mark on the last mainline move. */
  memset (marks, 0, sizeof marks);
  marks[3] = 1;
  options.header_comment = NULL;
  options.mark_text = "HIT";
  b = write_text (text, &options);
  g_assert_cmpstr (movetext_of (b), ==,
                   "{intro} 1. e4 {c} 1... e5 (1... c5 2. Nf3) 2. Nf3 {HIT} *\n\n");

  /* Fewer marks than nodes: the others are unmarked. */
  options.n_marks = 1;
  marks[0] = 1;
  c = write_text ("1. e4 *", &options);
  g_assert_cmpstr (movetext_of (c), ==, "{HIT} 1. e4 *\n\n");

  /* Read back: the annotations are comments like any other. */
  again = cq_game_new_parsed (a, strlen (a), NULL, NULL);
  g_assert_null (again->error);
  g_assert_cmpstr (cq_node_get_comment_after (again, again->root), ==, "Original game: 7 intro MATCH");
  g_assert_cmpstr (cq_node_get_comment_after (again, cq_game_get_node (again, 1)), ==, "c MATCH");
  g_assert_cmpstr (cq_node_get_comment_after (again, cq_game_get_node (again, 5)), ==, "MATCH");
}

/* Braces in the texts cannot end the comment early. */
static void
test_comment_braces (void)
{
  CqPgnWriteOptions options = { "a {b} c", NULL, 0, NULL };
  g_autofree char *a = write_text ("*", &options);

  g_assert_cmpstr (movetext_of (a), ==, "{a (b) c} *\n\n");
}

/* A game with an error is written up to its last legal move, and what
 * could not be read is kept as a comment where its line broke off. */
static void
test_error_games (void)
{
  g_autofree char *a = write_text ("1. e4 e5 2. Nf3 Nc6 3. Nf9 a6 4. d4 *", NULL);
  g_autofree char *b = write_text ("1. e4 e5 (1... Ke7 {x} 2. Kxe5) 2. Nf3 *", NULL);
  g_autofree char *c = write_text ("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 {c} e5 1-0", NULL);
  g_autofree char *d = write_text ("[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. N@f3 0-1", NULL);
  g_autofree char *e = write_text ("1. e4 e5 {unterminated 2. Nf3", NULL);
  /* The move number before an unreadable move is kept with it, also
   * across a line break or a tab. */
  g_autofree char *f = write_text ("1. e4 e5 2. Nf3 Nc6 3.\nNf9 a6 *", NULL);
  g_autofree char *g = write_text ("1. e4 e5 2.\tKe3 Nc6 *", NULL);
  g_autoptr (CqGame) again = NULL;

  g_assert_cmpstr (movetext_of (a), ==, "1. e4 e5 2. Nf3 Nc6 {3. Nf9 a6 4. d4} *\n\n");
  g_assert_cmpstr (movetext_of (b), ==, "1. e4 e5 {1... Ke7 (x) 2. Kxe5} 2. Nf3 *\n\n");
  g_assert_cmpstr (movetext_of (c), ==, "{1. e4 (c) e5} 1-0\n\n");
  g_assert_true (g_str_has_prefix (c, "[Event \"?\"]\n"));
  g_assert_nonnull (strstr (c, "[Result \"1-0\"]\n"));
  g_assert_cmpstr (movetext_of (d), ==, "{1. e4 e5 2. N@f3} 0-1\n\n");
  g_assert_nonnull (strstr (d, "[Variant \"Crazyhouse\"]\n"));
  g_assert_cmpstr (movetext_of (e), ==, "1. e4 e5 {(unterminated 2. Nf3} *\n\n");
  g_assert_cmpstr (movetext_of (f), ==, "1. e4 e5 2. Nf3 Nc6 {3. Nf9 a6} *\n\n");
  g_assert_cmpstr (movetext_of (g), ==, "1. e4 e5 {2. Ke3 Nc6} *\n\n");

  /* The written game reads without error and keeps the text. */
  again = cq_game_new_parsed (a, strlen (a), NULL, NULL);
  g_assert_null (again->error);
  g_assert_cmpuint (again->n_nodes, ==, 5);
  g_assert_cmpstr (cq_node_get_comment_after (again, cq_game_mainline_end (again)), ==, "3. Nf9 a6 4. d4");
}

/* Parse, write, parse: same trees and tags; write again: same bytes. */
static void
test_round_trip_fixtures (void)
{
  static const struct {
    const char *name;
    guint       games;
  } cases[] = {
    { "rav_alternative.pgn", 1 },
    { "cct131.pgn", 3 },
    { "test-C.pgn", 1 },
    { "test-splitvariants.pgn", 1 },
    { "test-allownullmoves.pgn", 2 },
    { "anastasian-lewis.pgn", 1 },
    { "teststartpos.pgn", 1 },
    { "res_gameLatin1.pgn", 1 },
    { "res_gameLatin1expected.pgn", 1 },
    { "uzchesscup.pgn", 45 },
    { "test-fuzzydepth.pgn", 4 },
    { "utf8-bom.pgn", 2 },
    { "chessbase-empty-line.pgn", 1 },
    { "bare.pgn", 1 },
    { "splitter-cases.pgn", 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize len;
      char *data = fixture_contents (cases[i].name, &len);

      g_test_message ("%s", cases[i].name);
      if (strcmp (cases[i].name, "splitter-cases.pgn") == 0)
        {
          /* Drop the game with the unterminated comment (an error). */
          gsize g10 = g_strstr_len (data, len, "[Event \"G10") - data;
          gsize g11 = g_strstr_len (data, len, "[Event \"G11") - data;

          memmove (data + g10, data + g11, len - g11 + 1);
          len -= g11 - g10;
        }
      g_assert_cmpuint (assert_round_trip (data, len, cases[i].name), ==, cases[i].games);
      g_free (data);
    }
}

/* Damaged games (random bytes over an annotated game): whatever was read
 * is written so that it reads back without error, with the same number of
 * positions, and writing that again gives the same bytes. */
static void
test_damaged_games (void)
{
  static const char special[] = "{}()[]\";%$!?*-/01\n\r \\.@=+#";
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  gsize len;
  g_autofree char *data = fixture_contents ("rav_alternative.pgn", &len);
  guint with_errors = 0;

  for (guint round = 0; round < 400; round++)
    {
      g_autofree char *copy = g_memdup2 (data, len);
      guint n_mutations = g_rand_int_range (rand, 1, 12);
      g_autoptr (GPtrArray) games = NULL;

      for (guint m = 0; m < n_mutations; m++)
        {
          gsize at = g_rand_int_range (rand, 0, len);
          copy[at] = g_rand_boolean (rand) ? special[g_rand_int_range (rand, 0, sizeof special - 1)]
                                           : (char) g_rand_int_range (rand, 1, 256);
        }
      games = parse_all (copy, len, "damaged.pgn");
      for (guint i = 0; i < games->len; i++)
        {
          CqGame *g = games->pdata[i];
          g_autoptr (GString) out1 = g_string_new (NULL);
          g_autoptr (GString) out2 = g_string_new (NULL);
          g_autoptr (CqGame) again = NULL;

          with_errors += g->error != NULL;
          cq_pgn_write_game (out1, g, NULL);
          again = cq_game_new_parsed (out1->str, out1->len, NULL, "written");
          if (g->root && !g->skipped)
            {
              g_assert_null (again->error);
              g_assert_cmpuint (again->n_nodes, ==, g->n_nodes);
              cq_pgn_write_game (out2, again, NULL);
              g_assert_cmpstr (out1->str, ==, out2->str);
            }
        }
    }
  g_test_message ("%u damaged games had an error", with_errors);
  g_assert_cmpuint (with_errors, >, 100);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/writer/export-format", test_export_format);
  g_test_add_func ("/pgn/writer/move-numbers", test_move_numbers);
  g_test_add_func ("/pgn/writer/line-width", test_line_width);
  g_test_add_func ("/pgn/writer/marks", test_marks);
  g_test_add_func ("/pgn/writer/comment-braces", test_comment_braces);
  g_test_add_func ("/pgn/writer/error-games", test_error_games);
  g_test_add_func ("/pgn/writer/round-trip-fixtures", test_round_trip_fixtures);
  g_test_add_func ("/pgn/writer/damaged-games", test_damaged_games);

  return g_test_run ();
}
