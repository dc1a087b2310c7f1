/* test-pgn-game.c: tags, movetext and replay of one game (CqGame).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pgn-test-util.h"

static CqGame *
parse (const char *text)
{
  return cq_game_new_parsed (text, strlen (text), NULL, NULL);
}

static void
assert_fen (const CqNode *node, const char *fen)
{
  g_autofree char *f = node_fen (node);

  g_assert_cmpstr (f, ==, fen);
}

static const char *
skipped_text (const CqGame *game, guint i, const CqNode **node)
{
  guint n;
  const CqSkippedText *s = _cq_game_get_skipped (game, &n);

  g_assert_cmpuint (i, <, n);
  if (node)
    *node = s[i].node;
  return s[i].text;
}

static guint
n_skipped (const CqGame *game)
{
  guint n;

  _cq_game_get_skipped (game, &n);
  return n;
}

/* ------------------------------------------------------------------ */

static void
test_tags (void)
{
  static const char text[] =
    "[Event \"A \\\"quoted\\\" event\"]\n"
    "[Site \"back\\\\slash\"]\n"
    "[White \"\"Socrates Expert\"\"]\n"
    "[Black \"Ugra Cup \\\"]\n"
    "[Round   \"1\" ]\n"
    "[Annotator unquoted value]\n"
    "[Empty \"\"]\n"
    "\n"
    "1. e4 *\n";
  g_autoptr (CqGame) game = cq_game_new_from_text (text, sizeof text - 1, NULL, NULL);

  g_assert_cmpuint (game->n_tags, ==, 7);
  g_assert_cmpstr (game->tags[0].name, ==, "Event");
  g_assert_cmpstr (game->tags[0].value, ==, "A \"quoted\" event");
  g_assert_cmpstr (cq_game_get_tag (game, "Site"), ==, "back\\slash");
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, "\"Socrates Expert\"");
  g_assert_cmpstr (cq_game_get_tag (game, "Black"), ==, "Ugra Cup");
  g_assert_cmpstr (cq_game_get_tag (game, "Round"), ==, "1");
  g_assert_cmpstr (cq_game_get_tag (game, "Annotator"), ==, "unquoted value");
  g_assert_cmpstr (cq_game_get_tag (game, "Empty"), ==, "");
  g_assert_null (cq_game_get_tag (game, "event"));   /* case-sensitive */
  /* Tags only: nothing is replayed yet. */
  g_assert_null (game->root);
  g_assert_cmpuint (game->n_nodes, ==, 0);
  g_assert_null (cq_game_get_node (game, 0));
  g_assert_true (cq_game_parse_moves (game));
  g_assert_cmpuint (game->n_nodes, ==, 2);
  g_assert_cmpstr (game->result, ==, "*");
}

/* chessops' pathological headers: escapes, and ] [ inside strings, several
 * tags on one line. */
static void
test_pathological_tags (void)
{
  gsize len;
  g_autofree char *data = fixture_contents ("pathological-headers.pgn", &len);
  g_autoptr (CqGame) game = cq_game_new_parsed (data, len, NULL, NULL);
  static const char *const expected[][2] = {
    { "A", "b\"" }, { "B", "b\"" }, { "C", "A]]" }, { "D", "A]][" },
    { "E", "\"A]][\"" }, { "F", "\"A]][\"\\" }, { "G", "\"]" },
  };

  g_assert_cmpuint (game->n_tags, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (game->tags[i].name, ==, expected[i][0]);
      g_assert_cmpstr (game->tags[i].value, ==, expected[i][1]);
    }
  g_assert_null (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 1);
  g_assert_null (game->result);
}

/* Tags and moves on one line; a tag-less game. */
static void
test_tags_and_moves_on_one_line (void)
{
  g_autoptr (CqGame) g1 = parse ("[Result \"1-0\"] e4 0-1");
  g_autoptr (CqGame) g2 = parse ("e4 e5 Nf3 Nc6 Bb5 *");

  g_assert_cmpuint (g1->n_tags, ==, 1);
  g_assert_cmpstr (cq_game_get_tag (g1, "Result"), ==, "1-0");
  g_assert_cmpstr (g1->result, ==, "0-1");
  g_assert_cmpuint (g1->n_nodes, ==, 2);
  g_assert_cmpuint (g2->n_tags, ==, 0);
  g_assert_cmpuint (g2->n_nodes, ==, 6);
  g_assert_cmpstr (cq_game_mainline_end (g2)->san, ==, "Bb5");
}

/* Latin-1 text is read as UTF-8; a BOM is dropped. */
static void
test_encoding (void)
{
  static const char latin1[] = "[Site \"Z\xfcrich\"]\n\n1. e4 {Br\xfcssel \xe9t\xe9} *";
  static const char bom[] = "\xEF\xBB\xBF[Site \"Z\xc3\xbcrich\"]\n\n1. e4 *";
  static const char mixed[] = "[Site \"Z\xc3\xbcrich \xfc\"]\n\n*";
  g_autoptr (CqGame) a = parse (latin1);
  g_autoptr (CqGame) b = parse (bom);
  g_autoptr (CqGame) c = parse (mixed);

  g_assert_cmpstr (cq_game_get_tag (a, "Site"), ==, "Z\xc3\xbcrich");
  g_assert_cmpstr (cq_node_get_comment_after (a, cq_game_get_node (a, 1)), ==, "Br\xc3\xbcssel \xc3\xa9t\xc3\xa9");
  g_assert_cmpstr (b->tags[0].name, ==, "Site");
  g_assert_cmpstr (cq_game_get_tag (b, "Site"), ==, "Z\xc3\xbcrich");
  /* Valid UTF-8 is kept, the stray Latin-1 byte converted. */
  g_assert_cmpstr (cq_game_get_tag (c, "Site"), ==, "Z\xc3\xbcrich \xc3\xbc");
}

/* @s (@len bytes) as UTF-8 the simple way: each valid UTF-8 character
 * kept, each other byte read as Latin-1. */
static char *
reference_utf8 (const char *s, gsize len)
{
  GString *out = g_string_new (NULL);
  const char *p = s, *end = s + len;

  while (p < end)
    {
      gunichar u = g_utf8_get_char_validated (p, end - p);

      if (u == (gunichar) -1 || u == (gunichar) -2)
        {
          g_string_append_unichar (out, (guchar) *p);
          p++;
        }
      else
        {
          g_string_append_len (out, p, g_utf8_skip[(guchar) *p]);
          p += g_utf8_skip[(guchar) *p];
        }
    }
  return g_string_free (out, FALSE);
}

/* A game's text is checked and copied in blocks of 16 and 32 bytes: a
 * character that is not ASCII at each place around them (in a tag value,
 * a comment, at the text's end), valid, Latin-1 or cut short, reads as the
 * simple conversion does, whether the game copies its text or keeps the
 * caller's (which it does only where it is valid UTF-8). */
static void
test_encoding_blocks (void)
{
  static const char *const chars[] = { "\xc3\xbc", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xfc",
                                       "\xe2\x82", "\xc0\x80", "\xed\xa0\x80" };

  for (guint c = 0; c < G_N_ELEMENTS (chars); c++)
    for (guint pad = 0; pad < 70; pad++)
      for (guint where = 0; where < 3; where++)
        {
          g_autofree char *fill = g_strnfill (pad, 'a');
          g_autofree char *text = NULL;
          g_autofree char *expect = NULL;
          g_autoptr (CqGame) copied = NULL;
          g_autoptr (CqGame) kept = NULL;
          gboolean valid;
          gsize len;

          if (where == 0)
            text = g_strdup_printf ("[Event \"%s%s\"]\n[Site \"b\"]\n\n1. e4 {%s} e5 *", fill,
                                    chars[c], fill);
          else if (where == 1)
            text = g_strdup_printf ("[Event \"x\"]\n\n1. e4 {%s%s} e5 *", fill, chars[c]);
          else
            text = g_strdup_printf ("[Event \"x\"]\n\n1. e4 e5 * %s%s", fill, chars[c]);
          len = strlen (text);
          valid = g_utf8_validate (text, len, NULL);
          expect = reference_utf8 (text, len);
          copied = cq_game_new_from_text (text, len, NULL, NULL);
          kept = _cq_game_new_with_tag_spans (text, len, NULL, NULL, NULL, 0, TRUE, NULL);
          g_assert_cmpstr (cq_game_get_text (copied), ==, expect);
          g_assert_cmpstr (cq_game_get_text (kept), ==, expect);
          g_assert_true ((cq_game_get_text (kept) == text) == valid);
          g_assert_true (cq_game_get_text (copied) != text);
          g_assert_cmpuint (kept->n_tags, ==, copied->n_tags);
          for (guint i = 0; i < kept->n_tags; i++)
            g_assert_cmpstr (kept->tags[i].value, ==, copied->tags[i].value);
          if (where == 0)
            {
              g_autofree char *value = g_strdup_printf ("%s%s", fill, chars[c]);
              g_autofree char *value_utf8 = reference_utf8 (value, strlen (value));

              g_assert_cmpstr (cq_game_get_tag (kept, "Event"), ==, value_utf8);
              g_assert_cmpstr (cq_game_get_tag (kept, "Site"), ==, "b");
            }
          cq_game_parse_moves (copied);
          cq_game_parse_moves (kept);
          g_assert_cmpstr (kept->error, ==, copied->error);
          g_assert_cmpuint (kept->n_nodes, ==, copied->n_nodes);
          g_assert_cmpuint (kept->n_nodes, ==, 3);
          g_assert_cmpstr (cq_node_get_comment_after (kept, cq_game_get_node (kept, 1)), ==,
                           cq_node_get_comment_after (copied, cq_game_get_node (copied, 1)));
          /* The caller's text is as it was. */
          g_assert_cmpuint (strlen (text), ==, len);
        }
}

/* Scid's Latin-1 test game reads exactly as its UTF-8 version. */
static void
test_latin1_fixture (void)
{
  gsize la, lb;
  g_autofree char *a = fixture_contents ("res_gameLatin1.pgn", &la);
  g_autofree char *b = fixture_contents ("res_gameLatin1expected.pgn", &lb);
  g_autoptr (CqGame) ga = cq_game_new_parsed (a, la, NULL, NULL);
  g_autoptr (CqGame) gb = cq_game_new_parsed (b, lb, NULL, NULL);

  g_assert_null (ga->error);
  g_assert_null (gb->error);
  g_assert_cmpuint (ga->n_nodes, ==, 480);
  g_assert_cmpstr (cq_game_get_tag (ga, "White"), ==,
                   "Kr\xc3\xa0mn\xc3\xack, Vl\xc3\xa3\xc3\x9a" "dimir");
  g_assert_cmpuint (ga->n_tags, ==, gb->n_tags);
  for (guint i = 0; i < ga->n_tags; i++)
    {
      g_assert_cmpstr (ga->tags[i].name, ==, gb->tags[i].name);
      g_assert_cmpstr (ga->tags[i].value, ==, gb->tags[i].value);
    }
  assert_same_tree (ga, gb);
}

/* Move numbers, suffixes, NAGs, comments, variations, pre-order. */
static void
test_movetext (void)
{
  static const char text[] =
    "[Event \"M\"]\n"
    "\n"
    "1. e4! e5?! 2. Nf3 $14 {c1} Nc6 ; semi\n"
    "3.Bb5 a6 4. Ba4 (4. Bxc6 dxc6 (4... bxc6 5. d4) 5. O-O) 4... Nf6 1-0\n";
  CqGameSource source = { 5, 1000, sizeof text - 1, 20 };
  g_autoptr (CqGame) game = cq_game_new_parsed (text, sizeof text - 1, &source, "m.pgn");
  static const char *const sans[] = {
    NULL, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "Bxc6", "dxc6", "O-O", "bxc6", "d4"
  };
  static const guint plies[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 8, 9, 8, 9 };
  static const guint8 in_var[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1 };
  CqNode *n;

  g_assert_true (cq_game_parse_moves (game));   /* idempotent */
  g_assert_null (game->error);
  g_assert_false (game->skipped);
  g_assert_cmpstr (game->filename, ==, "m.pgn");
  g_assert_cmpuint (game->source.number, ==, 5);
  g_assert_cmpstr (game->result, ==, "1-0");
  g_assert_cmpuint (game->n_nodes, ==, G_N_ELEMENTS (sans));
  for (guint i = 0; i < game->n_nodes; i++)
    {
      n = cq_game_get_node (game, i);
      g_assert_cmpuint (n->index, ==, i);
      assert_same_string (n->san, sans[i]);
      g_assert_cmpuint (n->ply, ==, plies[i]);
      g_assert_cmpuint (n->in_variation, ==, in_var[i]);
    }
  g_assert_null (cq_game_get_node (game, game->n_nodes));
  g_assert_true (cq_game_mainline_end (game) == cq_game_get_node (game, 8));

  /* Tree shape: Ba4's variation hangs off the position before Ba4. */
  g_assert_true (cq_game_get_node (game, 6)->first_child == cq_game_get_node (game, 7));
  g_assert_true (cq_game_get_node (game, 7)->next_sibling == cq_game_get_node (game, 9));
  g_assert_true (cq_game_get_node (game, 10)->next_sibling == cq_game_get_node (game, 12));
  g_assert_true (cq_game_get_node (game, 12)->parent == cq_game_get_node (game, 9));

  /* NAGs and comments. */
  n = cq_game_get_node (game, 1);
  g_assert_cmpuint (n->n_nags, ==, 1);
  g_assert_cmpuint (n->nags[0], ==, 1);
  n = cq_game_get_node (game, 2);
  g_assert_cmpuint (n->n_nags, ==, 1);
  g_assert_cmpuint (n->nags[0], ==, 6);
  n = cq_game_get_node (game, 3);
  g_assert_cmpuint (n->n_nags, ==, 1);
  g_assert_cmpuint (n->nags[0], ==, 14);
  g_assert_cmpstr (cq_node_get_comment_after (game, n), ==, "c1");
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 4)), ==, "semi");
  g_assert_null (cq_node_get_comment_after (game, cq_game_get_node (game, 5)));

  /* Lines in the file: the game starts at line 20. */
  g_assert_cmpuint (game->root->line, ==, 20);
  g_assert_cmpuint (cq_game_get_node (game, 1)->line, ==, 22);
  g_assert_cmpuint (cq_game_get_node (game, 5)->line, ==, 23);

  /* Positions. */
  assert_fen (game->root, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert_fen (cq_game_get_node (game, 8),
              "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5");
  assert_fen (cq_game_get_node (game, 11),
              "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5");
  g_assert_true (cq_game_get_node (game, 11)->move.flags & CQ_MOVE_CASTLE);
  g_assert_cmpint (cq_game_get_node (game, 11)->move.from, ==, CQ_SQUARE (4, 0));
  g_assert_cmpint (cq_game_get_node (game, 11)->move.to, ==, CQ_SQUARE (6, 0));
}

/* The termination marker: a comment waiting for a move after a closed
 * variation goes after the mainline's last move, a move number before the
 * marker says nothing, and a marker inside a variation is no result. */
static void
test_result_marker (void)
{
  g_autoptr (CqGame) a = parse ("1. e4 (1. d4 *) {after the variation} 1... e5 2. 1-0");
  g_autoptr (CqGame) b = parse ("1. e4 e5 (1... c5) {waiting} 1/2");
  g_autoptr (CqGame) c = parse ("1. e4 0-1 {late} $1");

  g_assert_null (a->error);
  g_assert_cmpstr (a->result, ==, "1-0");
  g_assert_cmpuint (a->n_nodes, ==, 4);
  g_assert_cmpstr (cq_node_get_comment_before (a, cq_game_get_node (a, 2)), ==,
                   "after the variation");
  g_assert_null (b->error);
  g_assert_cmpstr (b->result, ==, "1/2-1/2");
  g_assert_cmpstr (cq_node_get_comment_after (b, cq_game_get_node (b, 2)), ==, "waiting");
  /* After the result, comments and NAGs still go to the last move. */
  g_assert_null (c->error);
  g_assert_cmpstr (c->result, ==, "0-1");
  g_assert_cmpstr (cq_node_get_comment_after (c, cq_game_get_node (c, 1)), ==, "late");
  g_assert_cmpuint (cq_game_get_node (c, 1)->n_nags, ==, 1);
  g_assert_cmpuint (cq_game_get_node (c, 1)->nags[0], ==, 1);
}

/* Where comments go (before / after a move, root). */
static void
test_comment_placement (void)
{
  g_autoptr (CqGame) game = parse (
    "{start} ; and more\n"
    "1. e4 {after e4} (1. d4 {after   d4}) {before e5} 1... e5 (1... c5 {x})\n"
    "({before\n e6} 1... e6) 2. Nf3 {end} {again} *");
  /* Pre-order: root e4 e5 Nf3 c5 e6 d4 */
  static const char *const sans[] = { NULL, "e4", "e5", "Nf3", "c5", "e6", "d4" };

  g_assert_null (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 7);
  for (guint i = 0; i < 7; i++)
    assert_same_string (cq_game_get_node (game, i)->san, sans[i]);
  g_assert_cmpstr (cq_node_get_comment_after (game, game->root), ==, "start and more");
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 1)), ==, "after e4");
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 6)), ==, "after d4");
  g_assert_cmpstr (cq_node_get_comment_before (game, cq_game_get_node (game, 2)), ==, "before e5");
  g_assert_null (cq_node_get_comment_after (game, cq_game_get_node (game, 2)));
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 4)), ==, "x");
  g_assert_cmpstr (cq_node_get_comment_before (game, cq_game_get_node (game, 5)), ==, "before e6");
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 3)), ==, "end again");
}

/* The FEN tag, with or without SetUp; Black to move first. */
static void
test_fen_start (void)
{
  g_autoptr (CqGame) game = parse (
    "[FEN \"8/8/8/4k3/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd5 41. e4+ Ke5 *");
  CqNode *end;

  g_assert_null (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 4);
  assert_fen (game->root, "8/8/8/4k3/8/8/4P3/4K3 b - - 0 40");
  end = cq_game_mainline_end (game);
  g_assert_cmpuint (end->ply, ==, 3);
  g_assert_cmpuint (end->position.fullmove_number, ==, 42);
  assert_fen (end, "8/8/8/4k3/4P3/8/8/4K3 w - - 1 42");
}

/* Null moves -- and Z0, stray dots, detached e.p. */
static void
test_null_moves_and_oddities (void)
{
  g_autoptr (CqGame) game = parse ("1. e4 -- 2. d4 Z0 3. e5 d5 4. exd6 e.p. 4. ... Kd7 *");
  CqNode *n;

  g_assert_null (game->error);
  g_assert_cmpuint (game->n_nodes, ==, 9);
  n = cq_game_get_node (game, 2);
  g_assert_true (n->move.flags & CQ_MOVE_NULL);
  g_assert_cmpuint (n->position.side_to_move, ==, CQ_WHITE);
  g_assert_true (cq_game_get_node (game, 4)->move.flags & CQ_MOVE_NULL);
  g_assert_true (cq_game_get_node (game, 7)->move.flags & CQ_MOVE_EN_PASSANT);
  g_assert_cmpstr (cq_game_get_node (game, 8)->san, ==, "Kd7");
}

static void
test_annotation_nags (void)
{
  g_autoptr (CqGame) game = parse ("1. e4!! e5?? 2. Nf3!? Nc6? 3. Bb5 ! $18 $32 a6 *");
  /* count, then the NAGs */
  static const guint8 nags[][4] = { { 0 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 1, 2 },
                                    { 3, 1, 18, 32 } };

  g_assert_null (game->error);
  for (guint i = 1; i < G_N_ELEMENTS (nags); i++)
    {
      CqNode *n = cq_game_get_node (game, i);
      g_assert_cmpuint (n->n_nags, ==, nags[i][0]);
      g_assert_cmpmem (n->nags, n->n_nags, &nags[i][1], nags[i][0]);
    }
  g_assert_cmpstr (cq_game_get_node (game, 1)->san, ==, "e4");
  g_assert_cmpstr (cq_game_get_node (game, 3)->san, ==, "Nf3");
}

/* Tokens that begin with a move of a common shape and go on (a second
 * check mark, a suffix, "e.p.", the longer castling): the token is read
 * whole, by the general rules, as when nothing was read from its start. */
static void
test_token_goes_on (void)
{
  g_autoptr (CqGame) game = parse ("1.e4+! d5 2.e5++ f5 3.exf6e.p. Nc6 4.d4#? Bf5 5.Nc3 Qd7 "
                                   "6.Bf4 O-O-O+! 7.Qd2 e5 8.d4xe5 *");
  static const char *const sans[] = {
    NULL, "e4+", "d5", "e5++", "f5", "exf6e.p.", "Nc6", "d4#", "Bf5", "Nc3", "Qd7", "Bf4",
    "O-O-O+", "Qd2", "e5", "d4xe5"
  };

  g_assert_null (game->error);
  g_assert_cmpuint (game->n_nodes, ==, G_N_ELEMENTS (sans));
  for (guint i = 1; i < game->n_nodes; i++)
    g_assert_cmpstr (cq_game_get_node (game, i)->san, ==, sans[i]);
  g_assert_true (cq_game_get_node (game, 5)->move.flags & CQ_MOVE_EN_PASSANT);
  g_assert_cmpuint (cq_game_get_node (game, 12)->move.to, ==, cq_square_from_name ("c8"));
  g_assert_cmpuint (cq_game_get_node (game, 15)->move.from, ==, cq_square_from_name ("d4"));
  g_assert_cmpuint (cq_game_get_node (game, 1)->n_nags, ==, 1);
}

/* The token forms that the fast path reads (move numbers, plain moves,
 * numbers glued to moves) next to those that only the general rules read
 * (suffixes, full stops, results), with no space or several around
 * delimiters: each node's SAN is its own NUL-terminated string. */
static void
test_token_forms (void)
{
  g_autoptr (CqGame) game = parse ("1.e4 e5!(1...c5 2.Nf3)2.Nf3{x}Nc6$1 3.Bb5;y\n"
                                   "a6\t 4.Ba4 Nf6? 5.O-O 5...Be7 \r\n6.Re1  b5 7.Bb3 d6 8.c3 O-O. "
                                   "9.h3 Na5 10.Bc2 c5 11.d4 Qc7 12.Nbd2 cxd4 13.cxd4 Bd7!? "
                                   "14.Nf1 Rac8 15.Ne3 Nc6 16.d5 Nb4 17.Bb1 a5 18.a3 Na6 *");
  static const char *const sans[] = {
    NULL, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
    "d6", "c3", "O-O", "h3", "Na5", "Bc2", "c5", "d4", "Qc7", "Nbd2", "cxd4", "cxd4",
    "Bd7", "Nf1", "Rac8", "Ne3", "Nc6", "d5", "Nb4", "Bb1", "a5", "a3", "Na6", "c5", "Nf3"
  };
  CqNode *n;

  g_assert_null (game->error);
  g_assert_cmpstr (game->result, ==, "*");
  g_assert_cmpuint (game->n_nodes, ==, G_N_ELEMENTS (sans));
  for (guint i = 1; i < game->n_nodes; i++)
    g_assert_cmpstr (cq_game_get_node (game, i)->san, ==, sans[i]);
  g_assert_cmpuint (cq_game_get_node (game, 2)->nags[0], ==, 1);
  g_assert_cmpuint (cq_game_get_node (game, 4)->nags[0], ==, 1);
  g_assert_cmpuint (cq_game_get_node (game, 8)->nags[0], ==, 2);
  g_assert_cmpuint (cq_game_get_node (game, 26)->nags[0], ==, 5);
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 3)), ==, "x");
  g_assert_cmpstr (cq_node_get_comment_after (game, cq_game_get_node (game, 5)), ==, "y");
  n = cq_game_get_node (game, 6);
  g_assert_cmpuint (n->line, ==, 2);
  g_assert_cmpuint (cq_game_get_node (game, 11)->line, ==, 3);

  /* A glued number before an illegal move: the error and the unread
   * text start with the number, as with a number on its own. */
  {
    g_autoptr (CqGame) bad = parse ("1.e4 e5 2.Nf6 Nc6 *");
    const CqNode *at;

    g_assert_cmpstr (bad->error, ==, "<input>:1: game 1: illegal move '2.Nf6' after 1...e5");
    g_assert_cmpstr (skipped_text (bad, 0, &at), ==, "2.Nf6 Nc6");
    g_assert_true (at == cq_game_get_node (bad, 2));
  }
}

/* Tag names that share a length and their first, middle and last bytes
 * are still told apart. */
static void
test_tag_lookup (void)
{
  static const char text[] =
    "[BlaXk \"x\"]\n[Black \"b\"]\n[Bla \"c\"]\n[B \"d\"]\n[Black \"second\"]\n\n*\n";
  g_autoptr (CqGame) game = cq_game_new_from_text (text, sizeof text - 1, NULL, NULL);

  g_assert_cmpstr (cq_game_get_tag (game, "BlaXk"), ==, "x");
  g_assert_cmpstr (cq_game_get_tag (game, "Black"), ==, "b");
  g_assert_cmpstr (cq_game_get_tag (game, "Bla"), ==, "c");
  g_assert_cmpstr (cq_game_get_tag (game, "B"), ==, "d");
  g_assert_null (cq_game_get_tag (game, "Blak"));
  g_assert_null (cq_game_get_tag (game, ""));
  g_assert_null (cq_game_get_tag (game, "White"));
}

/* ------------------------------------------------------------------ */
/* Errors (rulings R13): message, line, positions kept. */

static void
test_error_mainline (void)
{
  static const char text[] = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Nf9 a6 4. d4 *\n";
  CqGameSource source = { 7, 0, sizeof text - 1, 10 };
  g_autoptr (CqGame) game = cq_game_new_parsed (text, sizeof text - 1, &source, "t.pgn");
  const CqNode *anchor;

  g_assert_false (cq_game_parse_moves (game));
  g_assert_cmpstr (game->error, ==, "t.pgn:13: game 7: illegal move 'Nf9' after 2...Nc6");
  g_assert_cmpuint (game->n_nodes, ==, 5);
  g_assert_cmpstr (cq_game_mainline_end (game)->san, ==, "Nc6");
  g_assert_cmpstr (game->result, ==, "*");
  g_assert_cmpuint (n_skipped (game), ==, 1);
  g_assert_cmpstr (skipped_text (game, 0, &anchor), ==, "3. Nf9 a6 4. d4");
  g_assert_true (anchor == cq_game_mainline_end (game));
}

static void
test_error_in_variation (void)
{
  g_autoptr (CqGame) g1 = parse ("1. e4 e5 (1... Ke7 2. Kxe5 Nf6) 2. Nf3 *");
  g_autoptr (CqGame) g2 = parse ("1. e4 e5 (1... c5 2. Nf3 Qxh8 (2... d6) 3. d4) 2. d4 *");
  const CqNode *anchor;

  g_assert_cmpstr (g1->error, ==,
                   "<input>:1: game 1: illegal move 'Ke7' after 1.e4 (in a variation)");
  /* The mainline goes on. */
  g_assert_cmpuint (g1->n_nodes, ==, 4);
  g_assert_cmpstr (cq_game_mainline_end (g1)->san, ==, "Nf3");
  g_assert_cmpstr (skipped_text (g1, 0, &anchor), ==, "1... Ke7 2. Kxe5 Nf6");
  g_assert_true (anchor == cq_game_get_node (g1, 2));   /* e5, the move it replaces */

  g_assert_cmpstr (g2->error, ==,
                   "<input>:1: game 1: illegal move 'Qxh8' after 2.Nf3 (in a variation)");
  /* root e4 e5 d4 c5 Nf3 */
  g_assert_cmpuint (g2->n_nodes, ==, 6);
  g_assert_cmpstr (cq_game_get_node (g2, 5)->san, ==, "Nf3");
  g_assert_true (cq_game_get_node (g2, 5)->in_variation);
  g_assert_cmpstr (skipped_text (g2, 0, &anchor), ==, "Qxh8 (2... d6) 3. d4");
  g_assert_true (anchor == cq_game_get_node (g2, 5));
  g_assert_cmpstr (cq_game_mainline_end (g2)->san, ==, "d4");
  g_assert_cmpstr (g2->result, ==, "*");
}

static void
test_error_bad_fen (void)
{
  static const char text[] =
    "[Event \"F\"]\n"
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\"]\n\n1. e4 e5 1-0\n";
  g_autoptr (CqGame) game = cq_game_new_parsed (text, sizeof text - 1, NULL, "f.pgn");
  const CqNode *anchor = (const CqNode *) 1;

  g_assert_false (cq_game_parse_moves (game));
  g_assert_null (game->root);
  g_assert_cmpuint (game->n_nodes, ==, 0);
  g_assert_null (cq_game_mainline_end (game));
  g_assert_false (game->skipped);
  g_assert_true (g_str_has_prefix (game->error, "f.pgn:2: game 1: cannot set up the FEN tag: "));
  g_assert_cmpstr (game->result, ==, "1-0");
  g_assert_cmpstr (skipped_text (game, 0, &anchor), ==, "1. e4 e5");
  g_assert_null (anchor);
}

static void
test_error_parentheses (void)
{
  g_autoptr (CqGame) g1 = parse ("1. e4 e5 ) 2. Nf3 *");
  g_autoptr (CqGame) g2 = parse ("1. e4 e5 (1... c5\n2. Nf3 *");
  g_autoptr (CqGame) g3 = parse ("(1. d4) 1. e4 *");

  g_assert_cmpstr (g1->error, ==, "<input>:1: game 1: unbalanced ')' (no variation is open)");
  g_assert_cmpuint (g1->n_nodes, ==, 3);
  g_assert_cmpstr (g1->result, ==, "*");
  g_assert_cmpstr (skipped_text (g1, 0, NULL), ==, ") 2. Nf3");

  g_assert_cmpstr (g2->error, ==, "<input>:1: game 1: unterminated variation (no ')' for the '(')");
  g_assert_cmpuint (g2->n_nodes, ==, 5);
  g_assert_cmpstr (cq_game_get_node (g2, 4)->san, ==, "Nf3");
  g_assert_null (g2->result);   /* the * stood inside the variation */

  g_assert_cmpstr (g3->error, ==, "<input>:1: game 1: variation with no move before it to replace");
  g_assert_cmpuint (g3->n_nodes, ==, 2);
  g_assert_cmpstr (cq_game_mainline_end (g3)->san, ==, "e4");
  g_assert_cmpstr (skipped_text (g3, 0, NULL), ==, "(1. d4");
}

static void
test_error_comment (void)
{
  g_autoptr (CqGame) game = parse ("1. e4 e5\n2. Nf3 {never\nclosed 3. Bb5 *");

  g_assert_cmpstr (game->error, ==, "<input>:2: game 1: unterminated comment (no '}' for the '{')");
  g_assert_cmpuint (game->n_nodes, ==, 4);
  g_assert_null (game->result);
  g_assert_cmpstr (skipped_text (game, 0, NULL), ==, "(never closed 3. Bb5 *");
}

static void
test_error_junk (void)
{
  static const char junk[] = "1. e4 \x01\x02\xff\x00 e5 *";
  g_autoptr (CqGame) g1 = cq_game_new_parsed (junk, sizeof junk - 1, NULL, NULL);
  g_autoptr (CqGame) g2 = parse ("1. e4 e5 1-0 2. Nf3");
  g_autoptr (CqGame) g3 = parse ("1. e4 $300 e5");
  g_autoptr (CqGame) g4 = parse ("1. e4 e5 2. Nf3 } Nc6");
  g_autoptr (GString) deep = g_string_new ("1. e4 ");

  g_assert_nonnull (g1->error);
  g_assert_true (g_str_has_prefix (g1->error, "<input>:1: game 1: illegal move '"));
  g_assert_cmpuint (g1->n_nodes, ==, 2);

  g_assert_cmpstr (g2->error, ==, "<input>:1: game 1: unexpected '2.' after the result");
  g_assert_cmpstr (g2->result, ==, "1-0");
  g_assert_cmpuint (g2->n_nodes, ==, 3);

  g_assert_cmpstr (g3->error, ==, "<input>:1: game 1: bad NAG '$300'");
  g_assert_cmpuint (g3->n_nodes, ==, 2);

  g_assert_cmpstr (g4->error, ==, "<input>:1: game 1: unexpected '}' after 2.Nf3");
  g_assert_cmpuint (g4->n_nodes, ==, 4);

  /* Variations nested far too deep (each replaces the one before): an
   * error, no crash, the mainline goes on after them. */
  for (guint i = 0; i < 1000; i++)
    g_string_append (deep, "(1. d4 ");
  for (guint i = 0; i < 1000; i++)
    g_string_append (deep, ") ");
  g_string_append (deep, "1... e5 *");
  {
    g_autoptr (CqGame) g5 = cq_game_new_parsed (deep->str, deep->len, NULL, NULL);
    g_assert_cmpstr (g5->error, ==, "<input>:1: game 1: variations nested more than 200 deep");
    g_assert_cmpuint (g5->n_nodes, ==, 1 + 1 + 200 + 1);
    g_assert_cmpstr (cq_game_mainline_end (g5)->san, ==, "e5");
    g_assert_cmpstr (g5->result, ==, "*");
  }
}

/* Non-standard games are skipped with a message. */
static void
test_skipped_variants (void)
{
  g_autoptr (CqGame) zh = parse ("[Event \"z\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. N@f3 *");
  g_autoptr (CqGame) c960 =
    parse ("[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w GDgd - 0 1\"]\n\n1. e4 *");
  g_autoptr (CqGame) fp =
    parse ("[Variant \"From Position\"]\n[FEN \"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *");
  g_autoptr (CqGame) std = parse ("[Variant \"standard\"]\n\n1. e4 *");
  g_autoptr (GString) out = g_string_new (NULL);
  gsize len;
  g_autofree char *data = fixture_contents ("cutechess-fischerrandom.pgn", &len);
  g_autoptr (GPtrArray) games = parse_all (data, len, "cutechess-fischerrandom.pgn");

  /* Known from the tags alone, before the moves are read. */
  {
    static const char text[] = "[Variant \"Antichess\"]\n\n1. e3 *";
    g_autoptr (CqGame) tags_only = cq_game_new_from_text (text, sizeof text - 1, NULL, "a.pgn");
    g_assert_true (tags_only->skipped);
    g_assert_cmpstr (tags_only->error, ==, "a.pgn:1: game 1: skipped: variant Antichess");
    g_assert_null (tags_only->root);
  }
  g_assert_false (cq_game_parse_moves (zh));
  g_assert_true (zh->skipped);
  g_assert_cmpstr (zh->error, ==, "<input>:2: game 1: skipped: variant Crazyhouse");
  g_assert_nonnull (zh->root);
  g_assert_cmpuint (zh->n_nodes, ==, 1);
  g_assert_cmpstr (zh->result, ==, "*");
  g_assert_cmpstr (skipped_text (zh, 0, NULL), ==, "1. e4 e5 2. N@f3");

  g_assert_true (c960->skipped);
  g_assert_cmpstr (c960->error, ==,
                   "<input>:1: game 1: skipped: variant Chess960 (castling field 'GDgd' "
                   "in the FEN)");

  g_assert_false (fp->skipped);
  g_assert_null (fp->error);
  g_assert_cmpuint (fp->n_nodes, ==, 2);
  g_assert_null (std->error);

  g_assert_cmpuint (games->len, ==, 4);
  for (guint i = 0; i < games->len; i++)
    {
      CqGame *g = games->pdata[i];
      g_assert_true (g->skipped);
      g_assert_true (g_str_has_suffix (g->error, "skipped: variant fischerandom"));
    }
}

/* Fixtures with null moves, Z0, annotated variations. */
static void
test_fixtures (void)
{
  static const struct {
    const char *name;
    guint       games;
    guint       errors;
    guint       nodes;   /* in all games */
  } cases[] = {
    { "anastasian-lewis.pgn", 1, 0, 85 },
    { "z0.pgn", 1, 0, 59 },
    { "test-allownullmoves.pgn", 2, 0, 17 },
    { "test-C.pgn", 1, 0, 74 },
    { "test-splitvariants.pgn", 1, 0, 8 },
    { "cct131.pgn", 3, 0, 341 },
    { "rav_alternative.pgn", 1, 0, 260 },
    { "teststartpos.pgn", 1, 0, 5 },
    { "err.pgn", 1, 1, 92 },
    { "nested-comment.pgn", 1, 1, 2 },
    { "doc-sampleGameThrow.pgn", 1, 1, 3 },
    { "test-nagcomments.pgn", 1, 0, 2 },
    { "bare.pgn", 1, 0, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize len;
      g_autofree char *data = fixture_contents (cases[i].name, &len);
      g_autoptr (GPtrArray) games = parse_all (data, len, cases[i].name);
      guint errors = 0, nodes = 0;

      for (guint j = 0; j < games->len; j++)
        {
          CqGame *g = games->pdata[j];
          errors += g->error != NULL;
          nodes += g->n_nodes;
          if (g->error)
            g_test_message ("%s", g->error);
        }
      g_assert_cmpuint (games->len, ==, cases[i].games);
      g_assert_cmpuint (errors, ==, cases[i].errors);
      g_assert_cmpuint (nodes, ==, cases[i].nodes);
    }
}

static void
test_fixture_details (void)
{
  gsize len;
  g_autofree char *err = fixture_contents ("err.pgn", &len);
  g_autoptr (GPtrArray) g1 = parse_all (err, len, "err.pgn");
  g_autofree char *nag = fixture_contents ("test-nagcomments.pgn", &len);
  g_autoptr (GPtrArray) g2 = parse_all (nag, len, "test-nagcomments.pgn");
  g_autofree char *start = fixture_contents ("teststartpos.pgn", &len);
  g_autoptr (GPtrArray) g3 = parse_all (start, len, "teststartpos.pgn");
  CqNode *n;

  g_assert_cmpstr (((CqGame *) g1->pdata[0])->error, ==,
                   "err.pgn:14: game 1: illegal move 'Kg2' after 46.Qb7+");

  /* b3 { good or bad? } $1 { some think this is good } $2 { while ... } */
  n = cq_game_get_node (g2->pdata[0], 1);
  g_assert_cmpstr (n->san, ==, "b3");
  g_assert_cmpuint (n->n_nags, ==, 2);
  g_assert_cmpuint (n->nags[0], ==, 1);
  g_assert_cmpuint (n->nags[1], ==, 2);
  g_assert_cmpstr (cq_node_get_comment_after (g2->pdata[0], n), ==,
                   "good or bad? some think this is good while others think it is not");

  /* FEN with halfmove 15 / fullmove 100. */
  n = ((CqGame *) g3->pdata[0])->root;
  g_assert_cmpuint (n->position.fullmove_number, ==, 100);
  g_assert_cmpuint (n->position.halfmove_clock, ==, 15);
}

/* Games given a spare-block slot take their arena's block from it and
 * leave it there when freed: a run of games reuses one block, a game
 * larger than it gets a new one and the slot keeps the bigger, and
 * every game reads as one made without the slot. */
static void
test_arena_spare_slot (void)
{
  static const char small[] = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *";
  g_autoptr (GString) big = g_string_new ("[Event \"b\"]\n\n1. e4 {");
  CqArenaBlock *slot = NULL, *first;
  CqGame *game;

  game = _cq_game_new_with_tag_spans (small, strlen (small), NULL, NULL, NULL, 0, FALSE, &slot);
  cq_game_parse_moves (game);
  g_assert_cmpuint (game->n_nodes, ==, 4);
  g_assert_null (slot);
  cq_game_free (game);
  g_assert_nonnull (slot);
  first = slot;

  game = _cq_game_new_with_tag_spans (small, strlen (small), NULL, NULL, NULL, 0, FALSE, &slot);
  g_assert_null (slot);   /* its block is the slot's */
  cq_game_parse_moves (game);
  g_assert_cmpstr (cq_game_get_tag (game, "Event"), ==, "a");
  cq_game_free (game);
  g_assert_true (slot == first);

  /* A game whose text needs more than the slot's block. */
  for (guint i = 0; i < 20000; i++)
    g_string_append (big, "long comment ");
  g_string_append (big, "} e5 *");
  game = _cq_game_new_with_tag_spans (big->str, big->len, NULL, NULL, NULL, 0, FALSE, &slot);
  cq_game_parse_moves (game);
  g_assert_cmpuint (game->n_nodes, ==, 3);
  g_assert_cmpstr (cq_game_get_tag (game, "Event"), ==, "b");
  cq_game_free (game);
  g_assert_nonnull (slot);
  g_assert_true (slot != first);   /* the bigger block kept */
  _cq_arena_block_free (slot);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/game/tags", test_tags);
  g_test_add_func ("/pgn/game/pathological-tags", test_pathological_tags);
  g_test_add_func ("/pgn/game/tags-and-moves-on-one-line", test_tags_and_moves_on_one_line);
  g_test_add_func ("/pgn/game/encoding", test_encoding);
  g_test_add_func ("/pgn/game/encoding-blocks", test_encoding_blocks);
  g_test_add_func ("/pgn/game/latin1-fixture", test_latin1_fixture);
  g_test_add_func ("/pgn/game/movetext", test_movetext);
  g_test_add_func ("/pgn/game/comment-placement", test_comment_placement);
  g_test_add_func ("/pgn/game/result-marker", test_result_marker);
  g_test_add_func ("/pgn/game/fen-start", test_fen_start);
  g_test_add_func ("/pgn/game/null-moves", test_null_moves_and_oddities);
  g_test_add_func ("/pgn/game/annotation-nags", test_annotation_nags);
  g_test_add_func ("/pgn/game/token-forms", test_token_forms);
  g_test_add_func ("/pgn/game/token-goes-on", test_token_goes_on);
  g_test_add_func ("/pgn/game/tag-lookup", test_tag_lookup);
  g_test_add_func ("/pgn/game/error-mainline", test_error_mainline);
  g_test_add_func ("/pgn/game/error-variation", test_error_in_variation);
  g_test_add_func ("/pgn/game/error-bad-fen", test_error_bad_fen);
  g_test_add_func ("/pgn/game/error-parentheses", test_error_parentheses);
  g_test_add_func ("/pgn/game/error-comment", test_error_comment);
  g_test_add_func ("/pgn/game/error-junk", test_error_junk);
  g_test_add_func ("/pgn/game/skipped-variants", test_skipped_variants);
  g_test_add_func ("/pgn/game/fixtures", test_fixtures);
  g_test_add_func ("/pgn/game/fixture-details", test_fixture_details);
  g_test_add_func ("/pgn/game/arena-spare-slot", test_arena_spare_slot);

  return g_test_run ();
}
