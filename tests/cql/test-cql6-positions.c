/* test-cql6-positions.c: the CQL 6 filters about other positions (parent,
 * child, ancestor, descendant, lca, distance, depth, positionid, position,
 * virtualmainline, `x & y`, position comparison), find and echo, on small
 * games with variations written here.
 *
 * Each case gives the positionids the query matches and, where the filter
 * writes comments (find, echo), the comments in the order written, as
 * "id:text" joined by " | ".  The expected answers were checked against
 * CQL 6.2 (build 9.493) on the same games (docs/cql6-rulings.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql6-test-util.h"
#include "pgn/cq-pgn.h"

/* Variations of the first moves.  Positionids: 0 start, main line 1 e4,
 * 2 e5, 3 Nf3, 4 Nc6, 5 Bb5; 6 2.f4, 7 exf4, 8 2...d5; 9 1.d4, 10 d5,
 * 11 c4, 12 1...Nf6, 13 2.c4; 14 1.c4, 15 e5. */
#define OPENINGS \
  "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4 e5) 1... e5 2. Nf3 " \
  "(2. f4 exf4 (2... d5)) 2... Nc6 3. Bb5"
/* Checks and mates: 0 start, 1 e4, 2 e5, 3 Bc4, 4 Nc6, 5 Qh5, 6 Nf6,
 * 7 Qxf7#; 8 3...Ke7, 9 Qxe5+; 10 2.Qh5, 11 Nc6, 12 Qxf7+; 13 2...Ke7,
 * 14 Qxe5#; 15 2.Nf3, 16 f6, 17 Nxe5, 18 fxe5, 19 Qh5+. */
#define CHECKS \
  "1. e4 e5 2. Bc4 (2. Qh5 Nc6 (2... Ke7 3. Qxe5#) 3. Qxf7+) (2. Nf3 f6 " \
  "3. Nxe5 fxe5 4. Qh5+) 2... Nc6 3. Qh5 Nf6 (3... Ke7 4. Qxe5+) 4. Qxf7#"
/* White tries (2.c3, 2.f4, 3.Bc4) and Black alternatives (1...c5, 2...d6):
 * 0 start, 1 e4, 2 e5, 3 Nf3, 4 Nc6, 5 Bb5; 6 2...d6, 7 d4, 8 exd4; 9 3.Bc4,
 * 10 h6; 11 2.f4, 12 exf4, 13 2...d5; 14 1...c5, 15 Nf3, 16 d6, 17 d4;
 * 18 2.c3, 19 d5. */
#define TRIES \
  "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6 3. d4) 2. Nf3 (2. f4 exf4 (2... d5)) " \
  "2... Nc6 (2... d6 3. d4 (3. Bc4 h6) exd4) 3. Bb5"
/* The same placements again: 0 and 4, 1 and 5. */
#define KNIGHTS "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3"
/* Kings alone, mirrored about the board's middle: 0 start (Ke1 Ke8), 1
 * Kd1, 2 Kd8, 3 Ke1, 4 Ke8, 5 Kf1, 6 Kf8, 7 Ke2; 8 1...Kf8, 9 Ke1, 10
 * Ke8. */
#define KINGS \
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"2000.01.01\"]\n[Round \"1\"]\n" \
  "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[SetUp \"1\"]\n" \
  "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n" \
  "1. Kd1 Kd8 (1... Kf8 2. Ke1 Ke8) 2. Ke1 Ke8 3. Kf1 Kf8 4. Ke2 *\n"

typedef struct {
  const char *moves;
  const char *query;
  const char *matched;  /* positionids matched, ascending */
  const char *comments; /* "id:text | ...", or NULL: not checked */
} Case;

static const Case cases[] = {
  /* parent, child, child(N) */
  { OPENINGS, "cql(variations) parent:positionid == 9", "10 12" },
  { OPENINGS, "cql(variations) not parent", "0" },
  { OPENINGS, "cql() child:positionid == 3", "2" },
  { OPENINGS, "cql(variations) child(1)", "0 2 6 9" },
  { OPENINGS, "cql(variations) child(1):wtm", "6 9" },
  { OPENINGS, "cql(variations) child(2)", "0" },
  { OPENINGS, "cql(variations) child(3)", "" },
  { OPENINGS, "cql(variations) child(0):positionid == 10", "9" },
  /* depth, positionid, position */
  { OPENINGS, "cql(variations) depth == 2", "8 12 13" },
  { OPENINGS, "cql(variations) depth == 0 positionid >= 4", "4 5" },
  { OPENINGS, "cql() (position 100):wtm", "" },
  { OPENINGS, "cql() not (position 100):wtm", "0 1 2 3 4 5" },
  { OPENINGS, "cql(variations) X = position 12 X:wtm ply == 1", "1 9 14" },
  /* ancestor, descendant, lca, distance: strict ancestors, tree distance */
  { OPENINGS, "cql(variations) ancestor(currentposition position 12)", "0 9" },
  { OPENINGS, "cql(variations) descendant(currentposition position 12)", "13" },
  { OPENINGS, "cql(variations) lca(currentposition position 12):positionid == 9", "9 10 11" },
  { OPENINGS, "cql(variations) distance(currentposition position 12) == 3", "1 11 14" },
  { OPENINGS, "cql(variations) distance(currentposition position 12) == 0", "12" },
  /* position comparison by positionid */
  { OPENINGS, "cql(variations) currentposition > position 12", "13 14 15" },
  { OPENINGS, "cql(variations) parent == position 9", "10 12" },
  /* virtualmainline: White's moves from the main line only */
  { TRIES, "cql(variations) virtualmainline", "0 1 2 3 4 5 6 7 8 14 15 16 17" },
  { TRIES, "cql(variations) not virtualmainline", "9 10 11 12 13 18 19" },
  /* x & y of two positions: the squares that agree */
  { KNIGHTS, "cql() echo quiet (s t) {s & t == .}", "0 1 4 5" },
  { KNIGHTS, "cql() echo quiet (s t) {#~(s & t) == 2}", "0 1 2 3 4 5" },
  { KNIGHTS, "cql() echo quiet (s t) {#~(s & t) == 1}", "" },
  /* find */
  { CHECKS, "cql(variations) initial find check", "0", "7:Found" },
  { CHECKS, "cql(variations) initial find all check", "0",
    "7:Found 1 of 5 | 9:Found 2 of 5 | 12:Found 3 of 5 | 14:Found 4 of 5 | 19:Found 5 of 5" },
  { CHECKS, "cql() initial find all check", "0", "7:Found 1 of 1" },
  { CHECKS, "cql(variations) initial find all check > 5", "", "" },
  { CHECKS, "cql(variations) initial find 1 3 check", "", "" },
  { CHECKS, "cql(variations) initial find 5 check", "0", NULL },
  { CHECKS, "cql(variations) initial find quiet all check", "0", "" },
  { CHECKS, "cql(quiet variations) initial find all check", "0", "" },
  { CHECKS, "cql(variations) ply == 1 find 0 3 stalemate", "1", "" },
  { CHECKS, "cql(variations) ply == 1 find all stalemate", "", "" },
  { CHECKS, "cql(variations) find <-- check mate", "7 14", "7:Found | 14:Found" },
  /* A mate the game goes on from with a null move is still mate (CQL 6.2
   * agrees): only a move that is not null shows a legal move. */
  { "1. f3 e5 2. g4 Qh4# --", "cql() mate", "4", "" },
  { "1. f3 e5 2. g4 Qh4# --", "cql() wtm mate", "4", "" },
  { CHECKS, "cql(variations) terminal find <-- all check", "7 9 12 14 19",
    "7:Found 1 of 1 | 9:Found 1 of 1 | 12:Found 1 of 1 | 14:Found 1 of 1 | 19:Found 1 of 1" },
  { CHECKS, "cql(variations) initial X = find mate X:positionid == 7", "0", "7:Found" },
  { CHECKS, "cql(variations) positionid == 10 find check", "10", "12:Found" },
  { CHECKS, "cql() find mate", "0 1 2 3 4 5 6 7", NULL },
  /* echo */
  { CHECKS, "cql(variations) echo (s t) {s:positionid == 12 t:positionid == 3}", "12",
    "12:s | 3:t | 12:id:12 | 3:-->move 3(btm)[12] | 12:<--move 2(btm) | 2:LCA" },
  { CHECKS, "cql(variations) echo (s t) {s:mate t:mate}", "7 14",
    "7:s | 14:t | 14:-->move 4(btm) | 14:id:14 | 7:<--move 3(btm)[14] | 2:LCA | "
    "14:s | 7:t | 7:-->move 3(btm)[14] | 14:<--move 4(btm)" },
  { CHECKS, "cql(variations) echo quiet (s t) {s:mate t:mate}", "7 14", "" },
  { CHECKS, "cql(variations) echo (s t) in all {s:positionid == 7 t:mate}", "7",
    "7:s | 7:t | 7:-->move 4(btm) | 7:<--move 4(btm) | 14:t | 14:-->move 4(btm) | "
    "14:id:14 | 7:<--move 3(btm)[14] | 2:LCA" },
  { CHECKS, "cql(variations) echo (s t) {s:positionid == t:positionid}", "", "" },
  { CHECKS, "cql(variations) echo quiet (s t) in all {s:positionid == t:positionid}",
    "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", "" },
  { CHECKS, "cql() echo quiet (s t) {t:variation}", "", "" },
  { CHECKS, "cql(variations) initial (echo quiet (s t) {t:positionid}) == 19", "0" },
  { CHECKS, "cql(variations) echo quiet (s t) {ancestor(s t) s:check t:mate}", "", "" },
  { CHECKS, "cql(variations) echo quiet (s t) {descendant(t s) t:mate s:wtm}", "0 2 4 6 13",
    NULL },
  { CHECKS, "cql(variations) echo quiet (s t) {s < t s:check t:check}", "7 9 12 14", NULL },
  /* Comparisons of a side read at the source with one read at the
   * target, which echo tests on cached values before the body: either
   * side first, numbers and positions, `!=`. */
  { CHECKS, "cql(variations) echo quiet (s t) {s < t sidetomove == s:sidetomove check s:check}",
    "7 9 12 14", NULL },
  { CHECKS, "cql(variations) echo quiet (s t) {t > s s:movenumber + 1 <= movenumber check}",
    "0 1 2 3 4 5 10 11 12 13 14 15 16 17", NULL },
  { CHECKS, "cql(variations) echo quiet (s t) {#[Qq] == s:#[Qq] ply > s:ply + 4 t:check}",
    "0 1 2", NULL },
  { CHECKS, "cql(variations) echo quiet (s t) {s:sidetomove != t:sidetomove t >= s check}",
    "0 2 4 6 8 11 13 16 18", NULL },
  /* A square loop over all its squares comparing a side read at the
   * source with one read at the target, square by square, which echo tests
   * on values kept per position and square: strings, numbers and sets,
   * either side first, sides without a value, `!=`, a loop set that
   * varies with the target, and `in all`; and one it cannot take so (a
   * side read at the source and at the target). */
  { KINGS, "cql(variations) echo quiet (s t) {s < t square all sq in . piecename sq == "
    "s:piecename makesquare (8 - file sq + 1 rank sq)}", "0 1 2", NULL },
  { KINGS, "cql(variations) echo quiet (s t) {square all sq in . s:type makesquare (9 - file "
    "sq rank sq) == type sq}", "0 1 2 3 4 10", NULL },
  { KINGS, "cql(variations) echo quiet (s t) {square all sq in [Kk] s:typename makesquare "
    "(9 - file sq rank sq) == typename sq s < t}", "0 1 2", NULL },
  { KINGS, "cql(variations) echo quiet (s t) {s < t square all sq in A type sq <= s:type "
    "makesquare (file sq + 1 rank sq)}", "0 3 4 5 6", NULL },
  { KINGS, "cql(variations) echo quiet (s t) {s < t square all sq in A (type sq != s:type "
    "makesquare (file sq + 1 rank sq))}", "0 1 2 3 4 5 6 7 8 9", NULL },
  { KNIGHTS, "cql() echo quiet (s t) {s < t square all sq in . piecename sq == s:piecename sq}",
    "0 1", NULL },
  { KNIGHTS, "cql() echo quiet (s t) {s > t square all sq in _ [Nn] == s:[Nn]}", "4 5", NULL },
  { KNIGHTS, "cql() echo quiet (s t) in all {square all sq in . (t:piecename sq == s:piecename "
    "sq) ply > 3}", "0 1 4 5", NULL },
  { CHECKS, "cql(variations) echo quiet (s t) {square all sq in A (s:rank makesquare (file sq "
    "1) + ply > t:ply - 2)}", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", NULL },
  { CHECKS, "cql(variations) echo quiet (s t) {s < t square all sq in [PpNn] type sq == "
    "s:type sq}", "1 2 3 4 5 6 8 10 11 13 15 16 18", NULL },
};

/* The positionids matched and the comments written, as the cases spell them. */
static void
run (const Case *c, char **matched, char **comments)
{
  /* Moves starting with "[" are a whole game: tags (a FEN) and moves. */
  g_autofree char *pgn = c->moves[0] == '[' ? g_strdup (c->moves) : g_strdup_printf (
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"2000.01.01\"]\n[Round \"1\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n%s *\n", c->moves);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (c->query, "case.cql", &error);
  g_autoptr(CqGame) game = NULL;
  g_autoptr(GString) m = g_string_new (NULL), t = g_string_new (NULL);
  CqGameSource source = { 0 };
  CqMatchInfo info;

  g_assert_no_error (error);
  source.number = 1;
  game = cq_game_new_parsed (pgn, strlen (pgn), &source, NULL);
  g_assert_null (game->error);
  cq_match_info_init (&info);
  if (cq_query_accepts_tags (query, game) && cq_query_match_game (query, game, &info))
    {
      for (guint i = 0; i < info.positions->len; i++)
        g_string_append_printf (m, "%s%u", i ? " " : "",
                                g_array_index (info.positions, CqMatchedPosition, i).node);
      for (guint i = 0; i < info.comments->len; i++)
        {
          const CqPositionComment *pc = &g_array_index (info.comments, CqPositionComment, i);
          g_string_append_printf (t, "%s%u:%s", i ? " | " : "", pc->node, pc->text);
        }
    }
  cq_match_info_clear (&info);
  *matched = g_string_free (g_steal_pointer (&m), FALSE);
  *comments = g_string_free (g_steal_pointer (&t), FALSE);
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *matched = NULL, *comments = NULL;

  run (c, &matched, &comments);
  g_test_message ("%s: matched [%s], comments [%s]", c->query, matched, comments);
  g_assert_cmpstr (matched, ==, c->matched);
  if (c->comments != NULL)
    g_assert_cmpstr (comments, ==, c->comments);
}

/* The reader's answers to position filters used wrongly. */
static void
test_errors (void)
{
  static const Cql6ErrorCase errors[] = {
    { "cql() parent:", "expected a filter" },
    { "cql() ancestor(currentposition)", "`ancestor` takes 2 arguments" },
    { "cql() lca(1 2)", "lca needs a position filter here" },
    { "cql() child(check)", "child needs a numeric filter here" },
    { "cql() position check", "`position` needs a numeric filter here" },
    { "cql() find 5 3 check", "find's range 5 3 is empty" },
    { "cql() find all 2 check", "find with both a range and `all`" },
    { "cql() echo s t mate", "expected '(' after `echo`" },
    { "cql() echo (s) mate", "expected a variable's name" },
    { "cql() depth < position 0", "`<` compares" },
    { "cql() virtualmainline:mate", "the left of ':' must be a position" },
  };

  cql6_test_errors (errors, G_N_ELEMENTS (errors));
}

/* echo skips the pairs whose material differs too much for `#~(s & t)`
 * to hold (max_differing_squares()); written so that the bound is not
 * seen, the same query must match the same positions. */
static void
test_echo_material_bound (void)
{
  static const char *const games[] = {
    OPENINGS, CHECKS, TRIES, KNIGHTS, "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nxd5",
    /* Promotions to three pieces: their positions differ on e8 only. */
    "[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n"
    "1. e8=Q (1. e8=R Kb7) (1. e8=N Ka7) 1... Kb7 *\n",
  };
  static const char *const pairs[][2] = {
    { "cql(variations) echo quiet (s t) {#~(s & t) <= 2}",
      "cql(variations) echo quiet (s t) {D = ~(s & t) E = D #E <= 2}" },
    { "cql(variations) echo quiet (s t) {D = ~(s & t) #D == 1}",
      "cql(variations) echo quiet (s t) {D = ~(s & t) E = D #E == 1}" },
    { "cql(variations) echo quiet (s t) {3 > #~(t & s)}",
      "cql(variations) echo quiet (s t) {D = ~(t & s) E = D 3 > #E}" },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint q = 0; q < G_N_ELEMENTS (pairs); q++)
      {
        Case bound = { games[g], pairs[q][0], NULL, NULL };
        Case plain = { games[g], pairs[q][1], NULL, NULL };
        g_autofree char *m1 = NULL, *c1 = NULL, *m2 = NULL, *c2 = NULL;

        run (&bound, &m1, &c1);
        run (&plain, &m2, &c2);
        g_test_message ("%s on game %u: %s", pairs[q][0], g, m1);
        g_assert_cmpstr (m1, ==, m2);
        /* The promotions: 1 e8=Q, 2 Kb7, 3 e8=R, 4 Kb7, 5 e8=N, 6 Ka7. */
        if (g == G_N_ELEMENTS (games) - 1 && q == 1)
          g_assert_cmpstr (m1, ==, "1 2 3 4 5");
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql6-positions/case-%02u", i);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/cql6-positions/errors", test_errors);
  g_test_add_func ("/cql6-positions/echo-material-bound", test_echo_material_bound);
  return g_test_run ();
}
