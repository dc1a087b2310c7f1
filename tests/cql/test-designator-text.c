/* test-designator-text.c: piece designators <-> shortest text (no display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "cql/cq-query.h"
#include "cql/cql3/cq3-private.h"
#include "cql/cq-designator-text.h"
#include "cql/cq-query-info.h"

#define BIT(f, r) CQ_BIT (CQ_SQUARE ((f), (r)))

static CqBitboard
rect (int f0, int f1, int r0, int r1)
{
  CqBitboard set = 0;

  for (int r = r0; r <= r1; r++)
    for (int f = f0; f <= f1; f++)
      set |= BIT (f, r);
  return set;
}

static void
assert_squares_text (CqBitboard squares, const char *expected)
{
  g_autofree char *text = cq_squares_to_text (squares);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_designator_text (guint16 pieces, CqBitboard squares, const char *expected)
{
  CqDesignatorSets d = { pieces, squares };
  g_autofree char *text = cq_designator_sets_to_text (&d);

  g_assert_cmpstr (text, ==, expected);
}

#define P(p) CQ_PIECE_BIT (p)

static void
test_piecetypes (void)
{
  static const struct { guint16 pieces; const char *text; } cases[] = {
    { P (CQ_WK), "K" }, { P (CQ_BP), "p" }, { P (CQ_EMPTY), "." },
    { 0x007E, "A" }, { 0x1F80, "a" }, { 0x1FFE, "U" }, { 0x1FFF, "?" },
    { P (CQ_WR) | P (CQ_WQ), "M" }, { P (CQ_BR) | P (CQ_BQ), "m" },
    { P (CQ_WB) | P (CQ_WN), "I" }, { P (CQ_BB) | P (CQ_BN), "i" },
    { P (CQ_WQ) | P (CQ_BR), "[Qr]" },
    { P (CQ_WR) | P (CQ_BB), "[Rb]" },
    { 0x007E | P (CQ_BR), "[Ar]" },
    { 0x007E | P (CQ_EMPTY), "[A.]" },
    { 0x1F80 | P (CQ_EMPTY), "[a.]" },
    { P (CQ_WR) | P (CQ_WQ) | P (CQ_BB) | P (CQ_BN), "[Mi]" },
    { P (CQ_WR) | P (CQ_WQ) | P (CQ_WK), "[MK]" },
    { P (CQ_WR) | P (CQ_WQ) | P (CQ_WB) | P (CQ_WN), "[MI]" },
    { P (CQ_WK) | P (CQ_BK), "[Kk]" },
    { 0x007E & ~P (CQ_WP), "[MIK]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cq_piece_types_to_text (cases[i].pieces);

      g_assert_cmpstr (text, ==, cases[i].text);
    }

  /* Everything but the black king: A, then m i p (4 characters + 2). */
  {
    g_autofree char *text = cq_piece_types_to_text (0x1FFE & ~P (CQ_BK));

    g_assert_cmpstr (text, ==, "[Amip]");
  }

  g_assert_null (cq_piece_types_to_text (0));

  /* Every one of the 8191 sets: the text parses back to the same set, and
   * no text is longer than the one-character-per-piece form. */
  for (guint pieces = 1; pieces <= 0x1FFF; pieces++)
    {
      g_autofree char *text = cq_piece_types_to_text ((guint16) pieces);
      g_autoptr(GError) error = NULL;
      CqDesignatorSets d;
      guint singles = (guint) __builtin_popcount (pieces);

      g_assert_nonnull (text);
      g_assert_true (cq_designator_sets_parse (text, &d, &error));
      g_assert_no_error (error);
      g_assert_cmphex (d.pieces, ==, pieces);
      g_assert_cmphex (d.squares, ==, CQ_SQUARES_ALL);
      g_assert_cmpuint (strlen (text), <=, singles == 1 ? 1 : singles + 2);
    }
}

static void
test_squares_known (void)
{
  assert_squares_text (CQ_SQUARES_ALL, "");
  assert_squares_text (0, "[]");
  assert_squares_text (BIT (3, 0), "d1");
  assert_squares_text (BIT (3, 0) | BIT (7, 2), "[d1,h3]");
  assert_squares_text (rect (0, 2, 0, 0), "[a-c1]");
  assert_squares_text (rect (1, 1, 2, 4), "[b3-5]");
  assert_squares_text (rect (5, 7, 5, 7), "[f-h6-8]");
  assert_squares_text (BIT (0, 0) | BIT (2, 3), "[a1,c4]");
  assert_squares_text (rect (0, 7, 0, 1) | BIT (0, 7) | BIT (7, 7), "[a-h1-2,a8,h8]");
  assert_squares_text (rect (0, 7, 0, 0), "?1");
  assert_squares_text (rect (0, 0, 0, 7), "a?");
  assert_squares_text (rect (0, 7, 7, 7), "?8");
  assert_squares_text (rect (7, 7, 0, 7), "h?");
  /* Two whole ranks are one rectangle, not `[?1,?2]`: `?` only as a whole
   * simple designator. */
  assert_squares_text (rect (0, 7, 0, 1), "[a-h1-2]");
  /* The corners. */
  assert_squares_text (BIT (0, 0) | BIT (7, 0) | BIT (0, 7) | BIT (7, 7), "[a1,h1,a8,h8]");
  /* An L: a rank range and a file range, overlapping on a1. */
  assert_squares_text (rect (0, 7, 0, 0) | rect (0, 0, 0, 7), "[a-h1,a1-8]");
  /* A cross: overlapping rectangles are fine. */
  assert_squares_text (rect (2, 5, 3, 4) | rect (3, 4, 2, 5), "[d-e3-6,c-f4-5]");
  /* The light and dark squares: 32 single squares each. */
  assert_squares_text (CQ_SQUARES_LIGHT,
                       "[b1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3,a4,c4,e4,g4,"
                       "b5,d5,f5,h5,a6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8]");
  /* All but e4: two rectangles and two file ranges. */
  assert_squares_text (CQ_SQUARES_ALL & ~BIT (4, 3),
                       "[a-d1-8,e1-3,f-h1-8,e5-8]");
}

static void
test_designators_known (void)
{
  assert_designator_text (P (CQ_WQ) | P (CQ_BR), BIT (3, 0) | BIT (7, 2), "[Qr][d1,h3]");
  assert_designator_text (P (CQ_WR), rect (0, 7, 0, 1), "R[a-h1-2]");
  assert_designator_text (P (CQ_WB), CQ_SQUARES_DARK,
                          "B[a1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4,d4,f4,h4,"
                          "a5,c5,e5,g5,b6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8]");
  assert_designator_text (P (CQ_WB) | P (CQ_WN), BIT (0, 0), "Ia1");
  assert_designator_text (0x007E | P (CQ_BR), rect (0, 7, 0, 1) | BIT (0, 7) | BIT (7, 7),
                          "[Ar][a-h1-2,a8,h8]");
  assert_designator_text (P (CQ_WR), CQ_SQUARES_ALL, "R");
  assert_designator_text (0x1FFF, 0, "?[]");
  {
    CqDesignatorSets none = { 0, CQ_SQUARES_ALL };

    g_assert_null (cq_designator_sets_to_text (&none));
  }
}

/* The text of every subset of a small region is as short as the
 * shortest list of rectangles, found by exhaustive search. */
static void
check_optimal_in_region (int files, int ranks)
{
  guint n_cells = (guint) (files * ranks);
  guint n_sets = 1u << n_cells;
  g_autofree guint *best = g_new (guint, n_sets);   /* sum of (length + 1) */
  GArray *rects = g_array_new (FALSE, FALSE, sizeof (guint) * 2);

  /* Every rectangle of the region as a mask of cells, with its length. */
  for (int f0 = 0; f0 < files; f0++)
    for (int f1 = f0; f1 < files; f1++)
      for (int r0 = 0; r0 < ranks; r0++)
        for (int r1 = r0; r1 < ranks; r1++)
          {
            guint entry[2] = { 0, 2 + (f1 > f0 ? 2 : 0) + (r1 > r0 ? 2 : 0) };

            for (int r = r0; r <= r1; r++)
              for (int f = f0; f <= f1; f++)
                entry[0] |= 1u << (r * files + f);
            g_array_append_vals (rects, entry, 1);
          }

  /* best[T] = the cheapest union of rectangles inside T equal to T. */
  for (guint t = 0; t < n_sets; t++)
    best[t] = t == 0 ? 0 : G_MAXUINT;
  for (guint t = 1; t < n_sets; t++)
    {
      guint low = t & -t;

      /* Some rectangle R inside T covers T's lowest cell; the others are
       * inside T too and their union U lies between T \ R and T (strictly
       * below T, else R is useless), so U < T is already known. */
      for (guint i = 0; i < rects->len; i++)
        {
          guint *entry = &g_array_index (rects, guint, i * 2);
          guint rest, free;

          if ((entry[0] & low) == 0 || (entry[0] & ~t) != 0)
            continue;
          rest = t & ~entry[0];
          free = t & entry[0];
          for (guint sub = free;; sub = (sub - 1) & free)
            {
              guint u = rest | sub;

              if (u != t && best[u] != G_MAXUINT)
                best[t] = MIN (best[t], best[u] + entry[1] + 1);
              if (sub == 0)
                break;
            }
        }
    }

  for (guint t = 1; t < n_sets; t++)
    {
      CqBitboard squares = 0;
      g_autofree char *text = NULL;
      g_autofree char *designator = NULL;
      g_autoptr(GError) error = NULL;
      CqDesignatorSets d;
      guint optimum;

      for (guint c = 0; c < n_cells; c++)
        if (t & (1u << c))
          squares |= BIT ((int) (c % (guint) files), (int) (c / (guint) files));

      text = cq_squares_to_text (squares);
      /* best[t] is the sum of (length + 1): minus one comma, plus []. */
      optimum = __builtin_popcount (t) == 1 ? 2 : best[t] + 1;
      g_assert_cmpuint (strlen (text), ==, optimum);

      designator = g_strconcat ("Q", text, NULL);
      g_assert_true (cq_designator_sets_parse (designator, &d, &error));
      g_assert_no_error (error);
      g_assert_cmphex (d.squares, ==, squares);
      g_assert_cmphex (d.pieces, ==, P (CQ_WQ));
    }

  g_array_unref (rects);
}

static void
test_squares_optimal (void)
{
  check_optimal_in_region (3, 3);
  check_optimal_in_region (4, 3);
  check_optimal_in_region (2, 5);
}

/* Many square sets, round trip: text, parsed, same set; shown again, same
 * text. */
static void
round_trip (CqBitboard squares, guint16 pieces)
{
  CqDesignatorSets d = { pieces, squares }, back;
  g_autofree char *text = cq_designator_sets_to_text (&d);
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (text);
  if (!cq_designator_sets_parse (text, &back, &error))
    g_error ("%s does not parse: %s", text, error->message);
  g_assert_cmphex (back.squares, ==, squares);
  g_assert_cmphex (back.pieces, ==, pieces);
  again = cq_designator_sets_to_text (&back);
  g_assert_cmpstr (again, ==, text);
}

static void
test_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  guint n = 0;

  /* Every rectangle. */
  for (int f0 = 0; f0 < 8; f0++)
    for (int f1 = f0; f1 < 8; f1++)
      for (int r0 = 0; r0 < 8; r0++)
        for (int r1 = r0; r1 < 8; r1++, n++)
          round_trip (rect (f0, f1, r0, r1), P (CQ_WR));

  /* Light, dark, every pair of files and ranks, the board but a square. */
  round_trip (CQ_SQUARES_LIGHT, P (CQ_WB));
  round_trip (CQ_SQUARES_DARK, P (CQ_BB) | P (CQ_EMPTY));
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++, n++)
      {
        round_trip (rect (i, i, 0, 7) | rect (j, j, 0, 7), 0x1FFE);
        round_trip (rect (0, 7, i, i) | rect (0, 7, j, j), 0x1FFF);
        round_trip (CQ_SQUARES_ALL & ~BIT (i, j), P (CQ_EMPTY));
      }

  /* Random sets, sparse to dense, with random piece types. */
  for (guint i = 0; i < 800; i++, n++)
    {
      CqBitboard squares = 0;
      double density = (i % 10 + 1) / 11.0;
      guint16 pieces = (guint16) g_rand_int_range (rand, 1, 0x2000);

      for (int sq = 0; sq < 64; sq++)
        if (g_rand_double (rand) < density)
          squares |= CQ_BIT (sq);
      round_trip (squares, pieces);
    }

  /* Random unions of a few rectangles: the text is never longer than the
   * rectangles they were made of. */
  for (guint i = 0; i < 800; i++, n++)
    {
      CqBitboard squares = 0;
      guint k = (guint) g_rand_int_range (rand, 1, 5);
      guint bound = 2;
      g_autofree char *text = NULL;

      for (guint j = 0; j < k; j++)
        {
          int f0 = g_rand_int_range (rand, 0, 8), f1 = g_rand_int_range (rand, f0, 8);
          int r0 = g_rand_int_range (rand, 0, 8), r1 = g_rand_int_range (rand, r0, 8);

          squares |= rect (f0, f1, r0, r1);
          bound += 2 + (f1 > f0 ? 2 : 0) + (r1 > r0 ? 2 : 0) + (j > 0 ? 1 : 0);
        }
      round_trip (squares, P (CQ_BN));
      text = cq_squares_to_text (squares);
      g_assert_cmpuint (strlen (text), <=, bound);
    }

  g_test_message ("%u square sets round-tripped", n);
}

static void
test_parse_errors (void)
{
  static const char *const bad[] = {
    "", "  ", "X", "Ka9", "K[a1", "K[a1,]", "Kz1", "[Re8", "[]", "K[a-1]", "Qa1b2",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      CqDesignatorSets d;

      g_assert_false (cq_designator_sets_parse (bad[i], &d, &error));
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, "<designator>:1:"));
    }

  {
    CqDesignatorSets d;

    g_assert_true (cq_designator_sets_parse ("  [Qr][d1,h3] ", &d, NULL));
    g_assert_cmphex (d.pieces, ==, P (CQ_WQ) | P (CQ_BR));
    g_assert_cmphex (d.squares, ==, BIT (3, 0) | BIT (7, 2));
    g_assert_true (cq_designator_sets_parse ("?[a-h1-2,a8]", &d, NULL));
    g_assert_cmphex (d.pieces, ==, 0x1FFF);
    g_assert_cmphex (d.squares, ==, rect (0, 7, 0, 1) | BIT (0, 7));
  }
}

static void
test_find_at (void)
{
  const char *text = "(match :pgn a.pgn\n  (position Ra1 [Qr][d1,h3] :wtm) ; Kb2 here\n)";
  const char *ra1 = strstr (text, "Ra1");
  const char *qr = strstr (text, "[Qr]");
  gsize start = 0, end = 0;

  g_assert_true (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                        (gsize) (ra1 - text), &start, &end));
  g_assert_cmpuint (start, ==, (gsize) (ra1 - text));
  g_assert_cmpuint (end, ==, (gsize) (ra1 - text) + 3);
  /* Just past the designator still counts. */
  g_assert_true (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                        (gsize) (ra1 - text) + 3, &start, &end));
  g_assert_cmpuint (start, ==, (gsize) (ra1 - text));
  g_assert_true (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                        (gsize) (qr - text) + 6, &start, &end));
  g_assert_cmpuint (start, ==, (gsize) (qr - text));
  g_assert_cmpuint (end - start, ==, strlen ("[Qr][d1,h3]"));
  /* Not designators: keywords, the list head, file names, comments. */
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                         (gsize) (strstr (text, ":wtm") - text) + 1, NULL, NULL));
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3, 3, NULL, NULL));
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                         (gsize) (strstr (text, "position") - text) + 2, NULL, NULL));
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                         (gsize) (strstr (text, "Kb2") - text) + 1, NULL, NULL));
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3, strlen (text) + 1, NULL, NULL));
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3, strlen (text), NULL, NULL));
}

/* Asserts that the designator at @at (the offset of the @n-th byte of the
 * first @word in @text, plus @n) in CQL 6 is @expected (NULL: none). */
static void
assert_cql6_at (const char *text,
                const char *word,
                gsize       n,
                const char *expected)
{
  const char *w = strstr (text, word);
  gsize start = 0, end = 0;
  g_autofree char *got = NULL;
  gboolean found;

  g_assert_nonnull (w);
  found = cq_designator_find_at (text, CQ_DIALECT_CQL6, (gsize) (w - text) + n, &start, &end);
  if (expected == NULL)
    {
      if (found)
        g_test_message ("%s at %s+%" G_GSIZE_FORMAT ": found %.*s", text, word, n,
                        (int) (end - start), text + start);
      g_assert_false (found);
      return;
    }
  g_assert_true (found);
  got = g_strndup (text + start, end - start);
  g_assert_cmpstr (got, ==, expected);
}

/* CQL 6 designator tokens: inside blocks and set expressions, not in
 * words, comments or strings, nor a set expression as a whole. */
static void
test_find_at_cql6 (void)
{
  const char *text = "cql(input a.pgn)\n"
                     "// Rh8 in a comment\n"
                     "flipcolor {Rh8 [Qq]a-h8 N[b1,g1] _e4 [Aa] A .}\n"
                     "R&a-h1 check Ka1--Kb2 /* Qd1 */ comment (\"Bc4 here\") b1-8\n"
                     "x = a2";

  assert_cql6_at (text, "Rh8 [", 0, "Rh8");
  assert_cql6_at (text, "Rh8 [", 3, "Rh8");
  assert_cql6_at (text, "[Qq]", 2, "[Qq]a-h8");
  assert_cql6_at (text, "[Qq]", 8, "[Qq]a-h8");
  assert_cql6_at (text, "N[b1", 5, "N[b1,g1]");
  assert_cql6_at (text, "_e4", 1, "_e4");
  assert_cql6_at (text, "[Aa]", 1, "[Aa]");
  assert_cql6_at (text, "A .", 0, "A");
  assert_cql6_at (text, " .}", 1, ".");
  /* The operands of a set expression, each alone. */
  assert_cql6_at (text, "R&a", 0, "R");
  assert_cql6_at (text, "R&a", 3, "a-h1");
  assert_cql6_at (text, "Ka1--", 1, "Ka1");
  assert_cql6_at (text, "Kb2", 2, "Kb2");
  assert_cql6_at (text, "b1-8", 0, "b1-8");
  assert_cql6_at (text, "a2", 1, "a2");
  /* Not designators: words, comments, strings, the header. */
  assert_cql6_at (text, "check", 2, NULL);
  assert_cql6_at (text, "flipcolor", 0, NULL);
  assert_cql6_at (text, "Rh8 in", 1, NULL);
  assert_cql6_at (text, "Qd1", 1, NULL);
  assert_cql6_at (text, "Bc4", 1, NULL);
  assert_cql6_at (text, "x =", 0, NULL);
  assert_cql6_at (text, "{", 0, NULL);
  /* The same text read as CQL 3 finds no `_e4`. */
  g_assert_false (cq_designator_find_at (text, CQ_DIALECT_CQL3,
                                         (gsize) (strstr (text, "_e4") - text), NULL, NULL));
}

static void
test_pattern (void)
{
  guint16 board[64] = { 0 };
  g_autofree char *empty = cq_pattern_to_text (board, 0);
  g_autofree char *text = NULL;
  g_autofree char *query_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;

  g_assert_cmpstr (empty, ==, "(position)");

  board[CQ_SQUARE (6, 0)] = P (CQ_WK);
  board[CQ_SQUARE (5, 1)] = P (CQ_WP);
  board[CQ_SQUARE (6, 1)] = P (CQ_WP);
  board[CQ_SQUARE (6, 7)] = P (CQ_BK);
  board[CQ_SQUARE (5, 6)] = P (CQ_EMPTY);
  board[CQ_SQUARE (0, 7)] = 0x1FFE;
  board[CQ_SQUARE (3, 3)] = P (CQ_WR) | P (CQ_WQ);
  text = cq_pattern_to_text (board, CQ_PATTERN_WTM | CQ_PATTERN_CHECK);
  g_assert_cmpstr (text, ==, "(position Kg1 Pf2 Pg2 kg8 .f7 Md4 Ua8 :wtm :check)");

  /* The engine accepts it. */
  query_text = g_strdup_printf ("(match %s)", text);
  query = cq_query_new_from_string (query_text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (query);

  g_assert_cmpstr (cq_pattern_flag_keyword (CQ_PATTERN_FLIPCOLOR), ==, ":flipcolor");
  g_assert_cmpstr (cq_pattern_flag_keyword (CQ_PATTERN_SHIFTMAINDIAGONAL), ==,
                   ":shiftmaindiagonal");
  g_assert_null (cq_pattern_flag_keyword (CQ_PATTERN_WTM | CQ_PATTERN_BTM));
  g_assert_null (cq_pattern_flag_keyword (0));
  {
    g_autofree char *all = cq_pattern_to_text (board, (1u << CQ_PATTERN_N_FLAGS) - 1);

    g_assert_true (g_str_has_suffix (all, ":wtm :btm :check :mate :stalemate :variations "
                                          ":shift :shifthorizontal :shiftvertical "
                                          ":shiftmaindiagonal "
                                          ":shiftoffdiagonal :shiftdiagonal :flip :fliphorizontal "
                                          ":flipvertical :flipdiagonal :flipcolor)"));
  }
}

/* cq_designator_sets_to_cql6_text(): the CQL 6 spelling of the converter
 * (docs/convert.md), read back by the CQL 6 designator parser to the same
 * sets. */
static void
assert_cql6_text (guint16 pieces, CqBitboard squares, const char *expected)
{
  CqDesignatorSets sets = { pieces, squares };
  g_autofree char *text = cq_designator_sets_to_cql6_text (&sets);
  g_autoptr(GError) error = NULL;
  CqDesignator d;

  if (expected != NULL)
    g_assert_cmpstr (text, ==, expected);
  /* `~.` (no square) is a complement, not a designator. */
  if (squares == 0)
    return;
  g_assert_true (_cq_designator_parse_cql6 (text, "<t>", 1, 1, &d, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (d.squares, ==, squares);
  g_assert_cmpuint (d.pieces & CQ_PIECES_ALL, ==, pieces & CQ_PIECES_ALL);
}

static void
test_cql6 (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);

  assert_cql6_text (CQ_PIECE_BIT (CQ_WR), BIT (0, 7), "Ra8");
  assert_cql6_text (CQ_PIECES_EMPTY, BIT (3, 3), "_d4");
  assert_cql6_text (CQ_PIECES_ANY, rect (3, 5, 3, 5), "[Aa][d-f4-6]");
  assert_cql6_text (CQ_PIECES_ALL, CQ_SQUARES_ALL, ".");
  assert_cql6_text (CQ_PIECES_ALL, rect (2, 2, 0, 7) | rect (6, 6, 0, 7), "[c1-8,g1-8]");
  assert_cql6_text (CQ_PIECES_ALL, rect (0, 7, 1, 1), "a-h2");
  assert_cql6_text (CQ_PIECE_BIT (CQ_WQ) | CQ_PIECE_BIT (CQ_WR), CQ_SQUARES_ALL, "[QR]");
  assert_cql6_text (CQ_PIECES_WHITE | CQ_PIECE_BIT (CQ_BN) | CQ_PIECES_EMPTY, BIT (4, 1),
                    "[An_]e2");
  assert_cql6_text (CQ_PIECE_BIT (CQ_BK), 0, "~.");
  for (guint i = 0; i < 2000; i++)
    {
      guint16 pieces = (guint16) (g_rand_int (rand) & CQ_PIECES_ALL);
      CqBitboard squares = ((CqBitboard) g_rand_int (rand) << 32) | g_rand_int (rand);

      if (pieces == 0)
        continue;
      /* Some sparse sets and some rectangles too. */
      if (i % 3 == 1)
        squares &= ((CqBitboard) g_rand_int (rand) << 32) | g_rand_int (rand);
      if (i % 3 == 2)
        squares = rect (g_rand_int_range (rand, 0, 4), g_rand_int_range (rand, 4, 8),
                        g_rand_int_range (rand, 0, 4), g_rand_int_range (rand, 4, 8));
      assert_cql6_text (pieces, squares, NULL);
    }
}

/* cq_pattern_to_cql6_text(): the pattern board's CQL 6, the filters of a
 * body that CQL 6 reads, one designator of one square each (read back by
 * the CQL 6 designator parser to the square's sets), in the order of the
 * CQL 3 list. */
static void
assert_cql6_pattern_reads (const char *text)
{
  g_autofree char *query_text = g_strdup_printf ("cql()\n%s\n", text);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (query_text, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (query);
}

static void
test_pattern_cql6 (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (66);
  guint16 board[64] = { 0 };

  {
    g_autofree char *text = cq_pattern_to_cql6_text (board, 0);

    g_assert_cmpstr (text, ==, "true");
  }
  board[CQ_SQUARE (0, 0)] = P (CQ_WK);
  board[CQ_SQUARE (2, 2)] = P (CQ_BK);
  board[CQ_SQUARE (1, 1)] = CQ_PIECES_EMPTY;
  {
    g_autofree char *text = cq_pattern_to_cql6_text (board, CQ_PATTERN_FLIP | CQ_PATTERN_WTM);

    g_assert_cmpstr (text, ==, "flip {Ka1 kc3 _b2 wtm}");
  }
  {
    g_autofree char *text = cq_pattern_to_cql6_text (board, CQ_PATTERN_VARIATIONS
                                                            | CQ_PATTERN_FLIPDIAGONAL);

    /* Neither is a word of a CQL 6 body. */
    g_assert_cmpstr (text, ==, "Ka1 kc3 _b2");
  }
  board[CQ_SQUARE (3, 3)] = P (CQ_WR) | P (CQ_WQ);
  board[CQ_SQUARE (0, 7)] = 0x1FFE;
  {
    g_autofree char *text = cq_pattern_to_cql6_text (board, CQ_PATTERN_FLIPCOLOR
                                                            | CQ_PATTERN_SHIFT
                                                            | CQ_PATTERN_MATE);

    g_assert_cmpstr (text, ==, "flipcolor shift {Ka1 kc3 _b2 [QR]d4 [Aa]a8 mate}");
    assert_cql6_pattern_reads (text);
  }
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    {
      CqPatternFlags flag = 1u << i;
      g_autofree char *text = cq_pattern_to_cql6_text (board, flag);

      const char *word = cq_pattern_flag_cql6_keyword (flag);

      g_assert_true (cq_pattern_flag_cql6_supported (flag)
                     == (flag != CQ_PATTERN_FLIPDIAGONAL && flag != CQ_PATTERN_SHIFTMAINDIAGONAL
                         && flag != CQ_PATTERN_SHIFTOFFDIAGONAL
                         && flag != CQ_PATTERN_SHIFTDIAGONAL));
      assert_cql6_pattern_reads (text);
      /* The word of each flag CQL 6 writes is the word in its text (the
       * CQL 3 keyword without its colon); :variations goes to the header. */
      g_assert_true ((word != NULL) == cq_pattern_flag_cql6_supported (flag));
      if (word != NULL)
        g_assert_cmpstr (word, ==, cq_pattern_flag_keyword (flag) + 1);
      if (word != NULL && flag != CQ_PATTERN_VARIATIONS)
        {
          g_autofree char *spaced = g_strdup_printf (" %s", word);
          g_autofree char *prefix = g_strdup_printf ("%s {", word);

          g_assert_true (g_str_has_suffix (text, spaced) || g_str_has_prefix (text, prefix));
        }
    }

  /* Random boards: every item reads back to its square's sets. */
  for (guint round = 0; round < 300; round++)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) items = NULL;
      guint n_items = 0, n_squares = 0;

      memset (board, 0, sizeof board);
      for (guint k = g_rand_int_range (rand, 0, 10); k > 0; k--)
        board[g_rand_int_range (rand, 0, 64)] = (guint16) (g_rand_int (rand) & CQ_PIECES_ALL);
      for (guint sq = 0; sq < 64; sq++)
        n_squares += (board[sq] & CQ_PIECES_ALL) != 0;
      text = cq_pattern_to_cql6_text (board, 0);
      assert_cql6_pattern_reads (text);
      if (n_squares == 0)
        continue;
      items = g_strsplit (text, " ", -1);
      for (guint i = 0; items[i] != NULL; i++)
        {
          CqDesignatorSets back;
          int sq;

          g_assert_true (cq_designator_sets_parse_cql6 (items[i], &back, NULL));
          g_assert_cmpuint (__builtin_popcountll (back.squares), ==, 1);
          sq = __builtin_ctzll (back.squares);
          g_assert_cmphex (back.pieces, ==, board[sq] & CQ_PIECES_ALL);
          n_items++;
        }
      g_assert_cmpuint (n_items, ==, n_squares);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/designator-text/cql6", test_cql6);
  g_test_add_func ("/designator-text/piecetypes", test_piecetypes);
  g_test_add_func ("/designator-text/squares-known", test_squares_known);
  g_test_add_func ("/designator-text/designators-known", test_designators_known);
  g_test_add_func ("/designator-text/squares-optimal", test_squares_optimal);
  g_test_add_func ("/designator-text/round-trip", test_round_trip);
  g_test_add_func ("/designator-text/parse-errors", test_parse_errors);
  g_test_add_func ("/designator-text/find-at", test_find_at);
  g_test_add_func ("/designator-text/find-at-cql6", test_find_at_cql6);
  g_test_add_func ("/designator-text/pattern", test_pattern);
  g_test_add_func ("/designator-text/pattern-cql6", test_pattern_cql6);

  return g_test_run ();
}
