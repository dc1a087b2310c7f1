/* test-cql6-squares.c: the squares a CQL 6 query gives a matched position
 * for the board viewer's highlight (CqMatchedPosition.squares).
 *
 * Each case is one position (a FEN without moves) and a CQL 6 query that
 * matches it; the test asserts the squares: those of the body's set
 * filters, of the set filters inside its blocks, `and`s and `or`s that
 * matched, and inside the transform member that matched, but not of what
 * a `not` or the test of an `if` holds (cql6/cq6-eval.c, eval_collect()).  Where a
 * CQL 3 query says the same, its squares are compared too.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"

/* White Ka1 Rh1 Pe4, Black ka8 rh8 pd5, White to move. */
#define ROOKS_FEN "k6r/8/8/3p4/4P3/8/8/K6R w - - 0 1"
/* Black ka8 rh8 only against White Kc3: flipcolor {Ka1 Rh1} matches in
 * its colour-flipped member alone. */
#define BLACK_FEN "k6r/8/8/8/8/2K5/8/8 b - - 0 1"

#define SQ(name) CQ_BIT (CQ_SQUARE ((name)[0] - 'a', (name)[1] - '1'))

typedef struct {
  const char *fen;
  const char *query;
  CqBitboard  squares;  /* as SQ (...) | ... */
  const char *cql3;     /* a CQL 3 query with the same squares, or NULL */
} Case;

static const Case cases[] = {
  /* The body's own set filters, as before. */
  { ROOKS_FEN, "cql() Ka1 Rh1", SQ ("a1") | SQ ("h1"), "(match (position Ka1 Rh1))" },
  /* A block: all of its set filters, not the last one's alone. */
  { ROOKS_FEN, "cql() {Ka1 Rh1 wtm}", SQ ("a1") | SQ ("h1"), NULL },
  { ROOKS_FEN, "cql() {Ka1 {Rh1 kh8 or ka8}}", SQ ("a1") | SQ ("h1") | SQ ("a8"), NULL },
  /* and: both sides; or: the side that matched, the left one first. */
  { ROOKS_FEN, "cql() Ka1 and Rh1", SQ ("a1") | SQ ("h1"), NULL },
  { ROOKS_FEN, "cql() Qd1 or Rh1", SQ ("h1"), NULL },
  { ROOKS_FEN, "cql() Rh1 or Ka1", SQ ("h1"), NULL },
  /* A logical transform: the member that matched, here the colour flip. */
  { BLACK_FEN, "cql() flipcolor {Ka1 Rh1 wtm}", SQ ("a8") | SQ ("h8"),
    "(match (position Ka1 Rh1 :wtm :flipcolor))" },
  { ROOKS_FEN, "cql() flip {Ka1 Rh1}", SQ ("a1") | SQ ("h1"),
    "(match (position Ka1 Rh1 :flip))" },
  /* A transform inside a block, with a filter beside it. */
  { BLACK_FEN, "cql() {flipcolor {Ka1 Rh1} Kc3}", SQ ("a8") | SQ ("h8") | SQ ("c3"), NULL },
  /* A set-valued transform: its value, every member that matched. */
  { ROOKS_FEN, "cql() flipcolor Ka1", SQ ("a1") | SQ ("a8"), NULL },
  /* A set expression is one set filter: its value. */
  { ROOKS_FEN, "cql() [Rr] & h1-8", SQ ("h1") | SQ ("h8"), NULL },
  /* not and if: what they test is not shown; an `if` whose value is a
   * set (the branch taken) shows that value, as any set filter does. */
  { ROOKS_FEN, "cql() not Qd1 Ka1", SQ ("a1"), NULL },
  { ROOKS_FEN, "cql() if Ka1 Rh1 else Qd1", SQ ("h1"), NULL },
  { ROOKS_FEN, "cql() if Qd1 check else wtm", 0, NULL },
  { ROOKS_FEN, "cql() {not {Qd1 Ka1} Pe4}", SQ ("e4"), NULL },
};

static CqBitboard
squares_of (const char *query_text, const char *fen)
{
  g_autofree char *pgn = g_strdup_printf (
    "[Event \"Test\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
    "[SetUp \"1\"]\n[FEN \"%s\"]\n\n*\n", fen);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (query_text, "case.cql", &error);
  CqGameSource source = { 0 };
  g_autoptr(CqGame) game = NULL;
  CqMatchInfo info;
  CqBitboard squares;

  g_assert_no_error (error);
  source.number = 1;
  game = cq_game_new_parsed (pgn, strlen (pgn), &source, NULL);
  g_assert_null (game->error);
  cq_match_info_init (&info);
  g_assert_true (cq_query_accepts_tags (query, game));
  g_assert_true (cq_query_match_game (query, game, &info));
  g_assert_cmpuint (info.positions->len, ==, 1);
  squares = g_array_index (info.positions, CqMatchedPosition, 0).squares;
  cq_match_info_clear (&info);
  return squares;
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  CqBitboard got = squares_of (c->query, c->fen);

  if (got != c->squares)
    g_test_message ("%s on %s: squares %016" G_GINT64_MODIFIER "x, expected %016"
                    G_GINT64_MODIFIER "x", c->query, c->fen, got, c->squares);
  g_assert_cmpuint (got, ==, c->squares);
  if (c->cql3 != NULL)
    g_assert_cmpuint (squares_of (c->cql3, c->fen), ==, c->squares);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql6/squares/case-%02u", i);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  return g_test_run ();
}
