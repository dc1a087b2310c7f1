/* test-cql-themes.c: the keywords that look across positions or follow one
 * piece: :sequence, :gappedsequence (rulings R9), :relation (R10),
 * :matchcount, :pretransformmatchcount, :accumulate, :sumrange (R8),
 * :forany, :tagmatch, `$tag` and piece ids (R11).
 *
 * Each case builds a small game from a FEN and moves, and states exactly
 * which positions (pre-order node indices, R1) the query annotates, or
 * "no match".  The games are written so that the expected answer can be
 * followed move by move in the comments.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql/cq-pieceid.h"
#include "pgn/cq-game.h"

#include "cql-test-util.h"

static CqGame *
game_new (const char *fen, const char *movetext, const char *result)
{
  return cql_test_game_new (NULL, fen, movetext, result != NULL ? result : "*", 0);
}

/* "no match", or the annotated node indices "i j k". */
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
    g_string_append_printf (out, "%s%u", i > 0 ? " " : "",
                            g_array_index (info.positions, CqMatchedPosition, i).node);
  cq_match_info_clear (&info);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define assert_run(cql, game, expected) \
  G_STMT_START { \
    g_autofree char *result_ = run ((cql), (game)); \
    g_assert_cmpstr (result_, ==, (expected)); \
  } G_STMT_END

static void
assert_error (const char *cql, int code, const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (cql, "t.cql", &error);

  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

/* ------------------------------------------------------------------ */
/* :sequence (manual "Sequence keywords", rulings R9)                  */

/* The manual's Re8 example is the same as :movefrom Qf3 :moveto .g2.
 * Nodes: 0 root (Re8 Qf3), 1 Qg2, 2 Kh6, 3 Qf3, 4 Kh7, 5 Qg2: the queen
 * goes f3-g2 from nodes 0 and 4. */
static void
test_sequence_manual_equivalence (void)
{
  g_autoptr(CqGame) game = game_new ("4R3/7k/8/8/8/5Q2/8/K7 w - - 0 1",
                                     "1. Qg2 Kh6 2. Qf3 Kh7 3. Qg2", NULL);

  assert_run ("(match (position Re8 :markall :sequence ((position Qf3 .g2) (position .f3 Qg2))))",
              game, "0 4");
  assert_run ("(match (position Re8 :markall :movefrom Qf3 :moveto .g2))", game, "0 4");
  assert_run ("(match (position Re8 :sequence ((position Qf3 .g2) (position .f3 Qg2))))",
              game, "0");
  /* A line that ends before the last element is matched fails (R9). */
  assert_run ("(match (position :markall :sequence ((position Qg2) (position) (position))))",
              game, "1 2");
  assert_run ("(match (position :markall :sequence ((position Qg2) (position Qf3))))",
              game, "2");
}

/* R9: the mainline, unless the list has :variations (any line, with
 * backtracking).  Nodes: 0, 1 e4, 2 e5, 3 d4 (variation), 4 d5. */
static void
test_sequence_variations (void)
{
  g_autoptr(CqGame) game = game_new (NULL, "1. e4 (1. d4 d5) e5", NULL);

  assert_run ("(match (position :sequence ((position :initial) (position Pd4) (position pd5))))",
              game, "no match");
  assert_run ("(match (position :variations :sequence ((position :initial) (position Pd4) "
              "(position pd5))))", game, "0");
  assert_run ("(match (position :variations :sequence ((position :initial) (position Pe4) "
              "(position pe5))))", game, "0");
}

/* :gappedsequence: L1 at the position or later, then L2 later still.
 * Nodes: 0 root, 1 Nc3, 2 a6, 3 Ne4, 4 a5, 5 Nc5, 6 a4, 7 Nd3, 8 a3: the
 * knight stands on d3 at nodes 7 and 8. */
static void
test_gappedsequence (void)
{
  g_autoptr(CqGame) game = game_new (NULL, "1. Nc3 a6 2. Ne4 a5 3. Nc5 a4 4. Nd3 a3", NULL);

  /* Manual: "a knight on d4 at some point after that position": here d3. */
  assert_run ("(match (position :markall :gappedsequence ((position) (position Nd3))))",
              game, "0 1 2 3 4 5 6 7");
  assert_run ("(match (position :markall :gappedsequence ((position Nd3))))",
              game, "0 1 2 3 4 5 6 7 8");
  /* Order matters: Ne4 (node 3) before Nc5 (node 5). */
  assert_run ("(match (position :initial :gappedsequence ((position Ne4) (position Nc5))))",
              game, "0");
  assert_run ("(match (position :initial :gappedsequence ((position Nc5) (position Ne4))))",
              game, "no match");
  /* The manual's rook example: :movefrom elements in order.  The knight
   * leaves c3 from node 2 (2. Ne4), e4 from 4, c5 from 6. */
  assert_run ("(match (position :markall :gappedsequence ((position :movefrom Nc3) "
              "(position :movefrom Ne4) (position :movefrom Nc5))))", game, "0 1 2");
  assert_run ("(match (position :markall :gappedsequence ((position :movefrom Ne4) "
              "(position :movefrom Nc3))))", game, "no match");
}

/* R9 with variations: the elements may follow any line.  Nodes: 0, 1 e4,
 * 2 e5, 3 Nf3, 4 Nc3 (variation from 2), 5 Nc6, 6 d4 (second variation
 * from 2). */
static void
test_gappedsequence_variations (void)
{
  g_autoptr(CqGame) game = game_new (NULL, "1. e4 e5 2. Nf3 (2. Nc3 Nc6) (1. d4)", NULL);

  assert_run ("(match (position :gappedsequence ((position pe5) (position Nc3))))", game,
              "no match");
  assert_run ("(match (position :variations :markall :gappedsequence ((position pe5) "
              "(position Nc3))))", game, "0 1 2 4");
  assert_run ("(match (position :variations :markall :gappedsequence ((position Pd4))))",
              game, "0 1 2 6");
}

/* ------------------------------------------------------------------ */
/* Counting (rulings R8)                                               */

/* Captures: 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nd5 e6 5. Nxc7+ Qxc7.
 * Capturing moves are played from nodes 2 (exd5), 3 (Qxd5), 8 (Nxc7)
 * and 9 (Qxc7): two on d5 and two on c7; the d5 member of the shift set
 * matches first. */
static void
test_matchcount (void)
{
  g_autoptr(CqGame) game = game_new (NULL, "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nd5 e6 "
                                     "5. Nxc7+ Qxc7", NULL);

  assert_run ("(match (position :moveto [Aa] :matchcount 4))", game, "2");
  assert_run ("(match (position :moveto [Aa] :matchcount 4 :markall))", game, "2 3 8 9");
  assert_run ("(match (position :moveto [Aa] :matchcount 5 100))", game, "no match");
  assert_run ("(match (position :moveto [Aa] :matchcount 0 3))", game, "no match");
  /* 0 is allowed: no queen capture at all; nothing to annotate. */
  assert_run ("(match (position :moveto [Qq] :matchcount 0))", game, "");
  assert_run ("(match (position :moveto [Qq] :matchcount 1 10))", game, "no match");
  /* A game keyword that never holds: 0 matches, which 0 allows. */
  assert_run ("(match (position :result 1-0 :matchcount 0))", game, "");
  assert_run ("(match (position :result 1-0 :matchcount 0 3 :flipcolor))", game, "");
  assert_run ("(match (position :result 1-0 :matchcount 1 3))", game, "no match");
  /* Two on one square: one member of the shift set sees both. */
  assert_run ("(match (position :moveto [Aa]d4 :pretransformmatchcount 2 :shift))", game,
              "2");
  assert_run ("(match (position :moveto [Aa]d4 :pretransformmatchcount 2 :shift :markall))",
              game, "2 3");
  assert_run ("(match (position :moveto [Aa]d4 :pretransformmatchcount 3 100 :shift))", game,
              "no match");
  assert_run ("(match (position :moveto [Aa]d4 :matchcount 4 :shift))", game, "2");
}

/* Passed pawns (manual "Using accumulators to count passed pawns"):
 * White a5 and c5 are passed; h5 is held by g6 and e4 by e6.  After
 * 1. hxg6 (node 1) the pawn on g6 is a third passer, and it stays one on
 * g7 (nodes 3, 4). */
static void
test_accumulators (void)
{
  g_autoptr(CqGame) game = game_new ("4k3/8/4p1p1/P1P4P/4P3/8/8/4K3 w - - 0 1",
                                     "1. hxg6 Kf8 2. g7+ Kg8", NULL);
  const char *white = "(position Pd2 :piececount [pP][d3-7] 0 :piececount p[c3-7,e3-7] 0 :shift "
                      ":accumulate w)";

  assert_run ("(match (position Pd2 :piececount [pP][d3-7] 0 :piececount p[c3-7,e3-7] 0 "
              ":shift :accumulate w :sumrange w 3 8 :markall))", game, "1 2 3 4");
  assert_run ("(match (position Pd2 :piececount [pP][d3-7] 0 :piececount p[c3-7,e3-7] 0 "
              ":shift :accumulate w :sumrange w 2 :markall))", game, "0");
  assert_run ("(match (position Pd2 :piececount [pP][d3-7] 0 :piececount p[c3-7,e3-7] 0 "
              ":shift :accumulate w :sumrange w 4 8 :markall))", game, "no match");
  {
    /* The two-phase order (R8): the list that only reads the sum sees
     * the count accumulated by the nested list at the same position. */
    g_autofree char *q = g_strdup_printf ("(match (position :sumrange w 3 :markall :and (%s)))",
                                          white);
    g_autofree char *q2 = g_strdup_printf ("(match (position :sumrange w 2 :markall :or (%s "
                                           "(position))))", white);
    assert_run (q, game, "1 2 3 4");
    /* :or does not short-circuit the accumulation. */
    assert_run (q2, game, "0");
  }
  /* :sumrange of an accumulator nothing adds to is 0. */
  assert_run ("(match (position :sumrange nothing 0 :initial))", game, "0");
  assert_run ("(match (position :sumrange nothing 1 5))", game, "no match");
}

/* ------------------------------------------------------------------ */
/* :relation (rulings R10)                                             */

/* Nodes: 0 root (W Ke1 Ra1 Nc3, B Kh8 rb8, wtm), 1 Nb5, 2 Rxb5, 3 Kd1,
 * 4 Rb8, 5 Ke1: node 5 is the root without the knight (Black to move)
 * and node 1 without the knight on b5 (both Black to move). */
static void
test_relation_missing (void)
{
  g_autoptr(CqGame) game = game_new ("1r5k/8/8/8/8/2N5/8/R3K3 w - - 0 1",
                                     "1. Nb5 Rxb5 2. Kd1 Rb8 3. Ke1", "1-0");

  assert_run ("(match (position :markall :relation (:missingpiececount A 1 10)))", game, "1");
  assert_run ("(match (position :markall :relation (:missingpiececount A 1 10 "
              ":ignoresidetomove)))", game, "0 1");
  assert_run ("(match (position :markall :relation (:missingpiececount A 1 10 "
              ":changesidetomove)))", game, "0");
  /* A black piece missing is not allowed by A. */
  assert_run ("(match (position :markall :relation (:missingpiececount a 1 10 "
              ":ignoresidetomove)))", game, "no match");
  /* By default nothing may go missing: no position recurs exactly. */
  assert_run ("(match (position :relation ()))", game, "no match");
  /* :pattern: only the squares of the list's designators count (a1, e1):
   * nodes 0, 1, 2 have Ra1 Ke1 and so does node 5, later. */
  assert_run ("(match (position Ra1 Ke1 :markall :relation (:pattern :ignoresidetomove)))",
              game, "0 1 2");
  /* :originaldifferentcount over all 64 squares: root vs node 5 differ
   * on c3 only. */
  assert_run ("(match (position :initial :relation (:missingpiececount A 1 "
              ":ignoresidetomove :originaldifferentcount 1)))", game, "0");
  assert_run ("(match (position :initial :relation (:missingpiececount A 1 "
              ":ignoresidetomove :originaldifferentcount 2 64)))", game, "no match");
}

/* The same position with the other side to move (the mutual-zugzwang
 * query of the manual): the white king triangulates, 1. Kd1 Kd8 2. Kd2
 * Ke8 3. Ke1 (node 5) is the root position with Black to move.  In the
 * second game, 1. Kd2 Kd8 2. Ke1 Ke8 (node 4) is the root again, White to
 * move, and so is node 8. */
static void
test_relation_side_to_move (void)
{
  g_autoptr(CqGame) game = game_new ("4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                                     "1. Kd1 Kd8 2. Kd2 Ke8 3. Ke1", NULL);
  g_autoptr(CqGame) again = game_new ("4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                                      "1. Kd2 Kd8 2. Ke1 Ke8 3. Kf1 Kf8 4. Ke1 Ke8", NULL);

  assert_run ("(match (position :markall :relation (:changesidetomove)))", game, "0");
  assert_run ("(match (position :markall :relation ()))", game, "no match");
  assert_run ("(match (position :markall :relation (:ignoresidetomove)))", game, "0");
  assert_run ("(match (position :markall :relation ()))", again, "0 4");
  assert_run ("(match (position :markall :relation (:changesidetomove)))", again,
              "no match");
}

/* :pattern :shift :flip :originalsamecount (the Dobrescu query, R10):
 * the rook and knight side by side on a1 b1 reappear on a3 b3 after
 * 1. Ra3 Kg8 2. Nd2 Kh8 3. Nb3 Kg8 (node 6), shifted by two ranks, with
 * nothing on the original squares. */
static void
test_relation_pattern_shift (void)
{
  g_autoptr(CqGame) game = game_new ("7k/8/8/8/8/8/8/RN2K3 w - - 0 1",
                                     "1. Ra3 Kg8 2. Nd2 Kh8 3. Nb3 Kg8", NULL);

  assert_run ("(match (position Ra1 Nb1 :relation (:pattern :shift :originalsamecount 0)))",
              game, "0");
  assert_run ("(match (position Ra1 Nb1 :relation (:pattern :originalsamecount 0)))", game,
              "no match");
  assert_run ("(match (position Ra1 Nb1 :relation (:pattern :shift :originalsamecount 1 2)))",
              game, "no match");
  /* Flipped: the knight left of the rook is found with :flip only. */
  assert_run ("(match (position Nb1 Rc1 :shift :relation (:pattern :shift "
              ":originalsamecount 0)))", game, "no match");
  assert_run ("(match (position Ra1 Nb1 :flip :relation (:pattern :shift :flip "
              ":originalsamecount 0)))", game, "0");
}

/* The manual's dobrescu.cql on a constructed game (no study of the
 * shared data has the configuration): Ke6 be7 be4 nd5 comes back turned
 * by 180 degrees as Kd3 bd2 bd5 ne4 (White passes with null moves while
 * the black pieces travel), no piece on its old square and none of the
 * old squares holding the same piece. */
static void
test_relation_dobrescu (void)
{
  g_autoptr(CqGame) game = game_new ("k7/4b3/4K3/3n4/4b3/8/8/8 w - - 0 1",
                                     "1. -- Bc2 2. -- Nc3 3. -- Bb3 4. -- Bd5 5. Ke5 Ne4 "
                                     "6. Kd4 Bg5 7. Kd3 Bd2", NULL);
  const char *dobrescu = "(match (position Ke6 be7 be4 nd5 :shift :flip :markall "
                         ":relation (:pattern :shift :flip :originalsamecount %s "
                         ":samesidetomove :variations)))";
  g_autofree char *zero = g_strdup_printf (dobrescu, "0");
  g_autofree char *some = g_strdup_printf (dobrescu, "1 4");

  assert_run (zero, game, "0");
  assert_run (some, game, "no match");
  /* A half turn is no shift: without :flip in the relation, no match. */
  assert_run ("(match (position Ke6 be7 be4 nd5 :relation (:pattern :shift "
              ":originalsamecount 0 :variations)))", game, "no match");
}

/* ------------------------------------------------------------------ */
/* Tags and piece identity (rulings R11)                               */

/* The two white rooks: the one on a1 goes a1-a8-h8-h1 and back to a1,
 * the one on g2 stays.  Nodes: 0 root, 1 Ra8, 2 Kb5, 3 Rh8, 4 Kb6,
 * 5 Rh1, 6 Kb5, 7 Ra1. */
static void
test_forany_rook_corners (void)
{
  g_autoptr(CqGame) game = game_new ("8/8/1k6/8/8/8/4K1R1/R7 w - - 0 1",
                                     "1. Ra8 Kb5 2. Rh8 Kb6 3. Rh1 Kb5 4. Ra1", NULL);
  const char *corners = "(match :forany rook [rR] (position $rook[a1]) (position $rook[h1]) "
                        "(position $rook[h8]) (position $rook[a8]))";

  /* Annotated: a1 at 0, a8 at 1, h8 at 3, h1 at 5. */
  assert_run (corners, game, "0 1 3 5");
  /* The same rook must visit a1 and g2: the one on g2 never goes to a1. */
  assert_run ("(match :forany rook R (position $rook[a1]) (position $rook[g2]))", game,
              "no match");
  /* Two tags, distinct bindings: two different white rooks, one on a1
   * and one on g2 in the same position. */
  assert_run ("(match :forany x R :forany y R (position $x[a1] $y[g2]))", game, "0");
  assert_run ("(match :forany x R :forany y R (position $x[a1] $y[a1]))", game, "no match");
  /* :tagmatch: the tag's piece, type and square. */
  assert_run ("(match :forany x R (position :tagmatch x Rh8 :markall))", game, "3 4");
  assert_run ("(match :forany x [Rr] (position :tagmatch x r))", game, "no match");
  /* A tag may be defined after the position lists that use it. */
  assert_run ("(match (position $t[h8]) :forany t U)", game, "3");
}

/* "Eventually matches": a pawn that promotes to a rook is a rook for
 * :forany; the tag follows it through promotion until it is captured.
 * Nodes: 0 root, 1 b4, 2 Kf7, 3 b5, 4 Ke7, 5 b6, 6 Kd7, 7 b7, 8 Kc7,
 * 9 b8=R, 10 Kxb8. */
static void
test_forany_promotion (void)
{
  g_autoptr(CqGame) game = game_new ("8/6k1/8/8/8/8/1P6/4K3 w - - 0 1",
                                     "1. b4 Kf7 2. b5 Ke7 3. b6 Kd7 4. b7 Kc7 5. b8=R Kxb8",
                                     NULL);

  assert_run ("(match :forany rook R (position $rook[b8]))", game, "9");
  assert_run ("(match :forany rook Q (position $rook[b8]))", game, "no match");
  /* Captured at node 10: the tag's piece is nowhere after. */
  assert_run ("(match :forany p P (position :terminal $p))", game, "no match");
  assert_run ("(match :forany p P (position :terminal :piececount $p 0))", game, "10");
  /* :relation's new pieces: from node 8 to node 9 the pawn on b7 is
   * missing and a rook is new on b8, the other side to move. */
  assert_run ("(match (position :markall :relation (:missingpiececount P 1 "
              ":newpiececount R[b8] 1 :changesidetomove)))", game, "8");
  assert_run ("(match (position :markall :relation (:missingpiececount P 1 "
              ":newpiececount R[a8] 1 :changesidetomove)))", game, "no match");
  /* :movefrom / :promote $tag: the piece that moves or promotes. */
  assert_run ("(match :forany pawn [Pp] (position :initial :tagmatch pawn P?2 "
              ":gappedsequence ((position :movefrom $pawn :promote U)) :flipcolor))", game,
              "0");
  /* :moveto $p: the move that captures the tag's piece. */
  assert_run ("(match :forany p P (position :moveto $p))", game, "9");
}

/* The knight chase: :forany with two tags, :sequence and :matchcount.
 * White's knight keeps moving to squares where Black's knight attacks it
 * (offering itself): 1. Nf3 Nc6 2. Nd4 (attacked from c6) Nb4 3. Nc2
 * (from b4) Nd5 4. Nb4 (from d5) Nc3 5. Na2 (from c3) Nb5.  Black's
 * knight never lands where White's attacks it, so the colour-flipped
 * member adds nothing: four chasing moves, played from nodes 2, 4, 6, 8. */
static void
test_forany_knight_chase (void)
{
  g_autoptr(CqGame) game = game_new ("1n2k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
                                     "1. Nf3 Nc6 2. Nd4 Nb4 3. Nc2 Nd5 4. Nb4 Nc3 5. Na2 Nb5",
                                     NULL);
  const char *chase = "(match :forany chaser [Nn] :forany chasee [Nn] (position "
                      ":tagmatch chaser N :tagmatch chasee n :flipcolor :matchcount %s :markall "
                      ":sequence ((position :movefrom $chaser) (position :attackcount $chasee "
                      "$chaser 1))))";
  g_autofree char *four = g_strdup_printf (chase, "4 100");
  g_autofree char *five = g_strdup_printf (chase, "5 100");

  /* White moves into attack at nodes 2 (Nd4), 4 (Nc2), 6 (Nb4), 8 (Na2). */
  assert_run (four, game, "2 4 6 8");
  assert_run (five, game, "no match");
}

static void
test_tag_errors (void)
{
  assert_error ("(match :forany a K :forany b Q :forany c R (position))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:32: a match list may define at most two tags with :forany (manual "
                "\"Tagging\", rulings R11); this is the third");
  assert_error ("(match (position $nobody[a1]))", CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:18: `$nobody[a1]`: the tag 'nobody' is not defined: define it in "
                "the match list with `:forany nobody DESIGNATOR`");
  assert_error ("(match (position :tagmatch nobody P))", CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:28: the tag 'nobody' is not defined: define it in the match list "
                "with `:forany nobody DESIGNATOR`");
  assert_error ("(match :forany x K (position :relation (:changesidetomove)))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:30: a match list with tags (:forany) cannot use :relation (manual "
                "\"Tagging\", rulings R11)");
  assert_error ("(match :forany x K :forany x Q (position))", CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:28: the tag 'x' is defined twice by :forany");
  assert_error ("(match :forany x K :forany y $x (position))", CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:30: keyword ':forany' expects a piece designator such as `[Pp]`, "
                "not a tag designator");
}

static void
test_theme_errors (void)
{
  assert_error ("(match (position :and ((position :matchcount 1 2))))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:34: keyword ':matchcount' may only stand in a position list at the "
                "top level of the match list (rulings R8)");
  assert_error ("(match (position :sequence ((position)) :gappedsequence ((position))))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:41: a position list may hold only one :sequence or :gappedsequence "
                "(the first is at 1:18); combine them with :and");
  assert_error ("(match (position :relation (:pattern :fliphorizontal)))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:38: keyword ':fliphorizontal' belongs in a position list, not in a "
                ":relation specification");
  assert_error ("(match (position :relation (:missingpiececount A 1 :missingpiececount A 2)))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:52: keyword ':missingpiececount' is given twice in one relation "
                "specification (first at 1:29)");
  assert_error ("(match (position :pattern))", CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:18: keyword ':pattern' belongs in a :relation specification, not in "
                "a position list");
  assert_error ("(match (position :shift :not :pretransformmatchcount 1))",
                CQ_QUERY_ERROR_SEMANTIC,
                "t.cql:1:8: ':pretransformmatchcount' cannot be used with ':not': the negated "
                "list has no transform members to count");
  assert_error ("(match (position :accumulate a-b))", CQ_QUERY_ERROR_SYNTAX,
                "t.cql:1:30: keyword ':accumulate' expects the name of an accumulator, found "
                "`a-b`: a name is made of letters, digits and '_'");
}

/* ------------------------------------------------------------------ */
/* Piece ids (cql6-pieceid.txt, R11)                                   */

static void
test_piece_ids (void)
{
  /* Castling, en passant, promotion, capture. */
  g_autoptr(CqGame) game = game_new ("r3k3/6P1/8/8/3p4/8/4P3/4K2R w Kq - 0 1",
                                     "1. e4 dxe3 2. O-O O-O-O 3. g8=Q", NULL);
  guint8 ids[64];
  const CqNode *node;
  guint n;

  /* Marks over a1..h8: e1 0, h1 1, e2 2, d4 3, g7 4, a8 5, e8 6. */
  n = cq_game_piece_ids (game, game->root, ids);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpuint (ids[4], ==, 0);
  g_assert_cmpuint (ids[7], ==, 1);
  g_assert_cmpuint (ids[12], ==, 2);
  g_assert_cmpuint (ids[27], ==, 3);
  g_assert_cmpuint (ids[54], ==, 4);
  g_assert_cmpuint (ids[56], ==, 5);
  g_assert_cmpuint (ids[60], ==, 6);
  g_assert_cmpuint (ids[0], ==, CQ_PIECE_ID_NONE);

  /* After 1... dxe3 e.p.: the e-pawn (2) is gone, the d-pawn (3) on e3. */
  node = cq_game_get_node (game, 2);
  cq_game_piece_ids (game, node, ids);
  g_assert_cmpuint (ids[20], ==, 3);
  for (int sq = 0; sq < 64; sq++)
    g_assert_cmpuint (ids[sq], !=, 2);
  g_assert_cmpuint (ids[27], ==, CQ_PIECE_ID_NONE);

  /* After 2. O-O O-O-O: king 0 on g1, rook 1 on f1; king 6 on c8, rook 5
   * on d8. */
  node = cq_game_get_node (game, 4);
  cq_game_piece_ids (game, node, ids);
  g_assert_cmpuint (ids[6], ==, 0);
  g_assert_cmpuint (ids[5], ==, 1);
  g_assert_cmpuint (ids[58], ==, 6);
  g_assert_cmpuint (ids[59], ==, 5);
  g_assert_cmpuint (ids[4], ==, CQ_PIECE_ID_NONE);
  g_assert_cmpuint (ids[7], ==, CQ_PIECE_ID_NONE);
  g_assert_cmpuint (ids[56], ==, CQ_PIECE_ID_NONE);

  /* 3. g8=Q: the pawn (4) is a queen on g8 and keeps its mark. */
  node = cq_game_get_node (game, 5);
  cq_game_piece_ids (game, node, ids);
  g_assert_cmpuint (ids[62], ==, 4);
  g_assert_cmpuint (ids[54], ==, CQ_PIECE_ID_NONE);
  g_assert_cmpuint (game->n_nodes, ==, 6);
}

static void
test_piece_ids_promotion (void)
{
  g_autoptr(CqGame) game = game_new ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
                                     "1. axb8=Q Kd7 2. Qb5+", NULL);
  guint8 ids[64];

  /* Marks: e1 0, a7 1, b8 2, e8 3. */
  cq_game_piece_ids (game, cq_game_get_node (game, 3), ids);
  g_assert_cmpuint (ids[33], ==, 1); /* the queen on b5 is the a-pawn */
  g_assert_cmpuint (ids[51], ==, 3); /* the king on d7 */
  for (int sq = 0; sq < 64; sq++)
    g_assert_cmpuint (ids[sq], !=, 2); /* the knight was captured */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cql/themes/sequence/manual-equivalence", test_sequence_manual_equivalence);
  g_test_add_func ("/cql/themes/sequence/R9-variations", test_sequence_variations);
  g_test_add_func ("/cql/themes/gappedsequence/basic", test_gappedsequence);
  g_test_add_func ("/cql/themes/gappedsequence/R9-variations", test_gappedsequence_variations);
  g_test_add_func ("/cql/themes/R8-matchcount-pretransform", test_matchcount);
  g_test_add_func ("/cql/themes/R8-accumulators", test_accumulators);
  g_test_add_func ("/cql/themes/R10-relation-missing", test_relation_missing);
  g_test_add_func ("/cql/themes/R10-relation-side-to-move", test_relation_side_to_move);
  g_test_add_func ("/cql/themes/R10-relation-pattern-shift", test_relation_pattern_shift);
  g_test_add_func ("/cql/themes/R10-relation-dobrescu", test_relation_dobrescu);
  g_test_add_func ("/cql/themes/R11-forany-rook-corners", test_forany_rook_corners);
  g_test_add_func ("/cql/themes/R11-forany-promotion", test_forany_promotion);
  g_test_add_func ("/cql/themes/R11-knight-chase", test_forany_knight_chase);
  g_test_add_func ("/cql/themes/R11-tag-errors", test_tag_errors);
  g_test_add_func ("/cql/themes/errors", test_theme_errors);
  g_test_add_func ("/cql/themes/pieceid/castling-en-passant", test_piece_ids);
  g_test_add_func ("/cql/themes/pieceid/promotion", test_piece_ids_promotion);

  return g_test_run ();
}
