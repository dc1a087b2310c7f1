/* test-cql-transform.c: transforms of piece designators and position lists
 * (manual "Transforms of piece designators", "Transformation keywords in a
 * position list", "Multiple transformation keywords"; rulings R7).
 *
 * Each transform keyword is shown with its exact square sets on a
 * designator in the middle of the board and on one at its edge (the CQL 3
 * edge rule), and the compiled instances of lists are listed in full.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql/cql3/cq3-private.h"

/* "a2,b2,d2" */
static char *
squares_text (CqBitboard squares)
{
  GString *out = g_string_new (NULL);

  for (int sq = 0; sq < 64; sq++)
    if (squares & CQ_BIT (sq))
      g_string_append_printf (out, "%s%c%c", out->len ? "," : "", 'a' + CQ_FILE (sq),
                              '1' + CQ_RANK (sq));
  return g_string_free (out, FALSE);
}

/* "Q[a2,b2,d2]"; a piece set as its letters in CqPiece order: "[rBP]" is
 * written "PBr" -> "[PBr]". */
static char *
designator_text (const CqDesignator *d)
{
  g_autoptr(GString) pieces = g_string_new (NULL);
  g_autofree char *squares = squares_text (d->squares);

  for (int p = 0; p < CQ_N_PIECES; p++)
    if (d->pieces & CQ_PIECE_BIT (p))
      g_string_append_c (pieces, cq_piece_char ((CqPiece) p));
  if (pieces->len > 1)
    {
      g_string_prepend_c (pieces, '[');
      g_string_append_c (pieces, ']');
    }
  return g_strdup_printf ("%s[%s]", pieces->str, squares);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The instances of @list: each as its designators (and :wtm / :btm), the
 * instances sorted and joined by "; ". */
static char *
list_images (const CqPositionList *list)
{
  g_autoptr(GPtrArray) images = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < list->n_instances; i++)
    {
      const CqInstance *instance = &list->instances[i];
      GString *image = g_string_new (NULL);

      for (guint d = 0; d < instance->n_designators; d++)
        {
          g_autofree char *text = designator_text (&instance->designators[d]);

          g_string_append_printf (image, "%s%s", d ? " " : "", text);
        }
      if (instance->conditions & CQ_COND_WTM)
        g_string_append (image, " :wtm");
      if (instance->conditions & CQ_COND_BTM)
        g_string_append (image, " :btm");
      g_ptr_array_add (images, g_string_free (image, FALSE));
    }
  g_ptr_array_sort (images, compare_strings);
  for (guint i = 0; i < images->len; i++)
    g_string_append_printf (out, "%s%s", i ? "; " : "", (char *) images->pdata[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static CqQuery *
compile (const char *cql)
{
  g_autoptr(GError) error = NULL;
  CqQuery *query = cq_query_new_from_string (cql, "t.cql", &error);

  g_assert_no_error (error);
  g_assert_nonnull (query);
  return query;
}

/* The sorted images of the first list of (match (position BODY)). */
#define assert_images(body, expected) \
  G_STMT_START { \
    g_autoptr(CqQuery) q_ = compile ("(match (position " body "))"); \
    g_autofree char *images_ = list_images (q_->lists[0]); \
    g_assert_cmpstr (images_, ==, (expected)); \
  } G_STMT_END

#define assert_n_instances(body, n) \
  G_STMT_START { \
    g_autoptr(CqQuery) q_ = compile ("(match (position " body "))"); \
    g_assert_cmpuint (q_->lists[0]->n_instances, ==, (n)); \
  } G_STMT_END

static CqBitboard
squares_of (const char *designator)
{
  CqDesignator d;

  g_assert_true (_cq_designator_parse (designator, "t.cql", 1, 1, &d, NULL));
  return d.squares;
}

/* A shift by (dx, dy) from unit shifts, applied to @designator's squares. */
static char *
shifted (const char *designator, int dx, int dy)
{
  CqTransform t;

  _cq_transform_identity (&t);
  _cq_transform_shift (&t, dx, dy);
  return squares_text (_cq_transform_squares (&t, squares_of (designator)));
}

#define assert_shift(designator, dx, dy, expected) \
  G_STMT_START { \
    g_autofree char *s_ = shifted ((designator), (dx), (dy)); \
    g_assert_cmpstr (s_, ==, (expected)); \
  } G_STMT_END

/* ------------------------------------------------------------------ */
/* manual "Transforms of piece designators": unit shifts, edge rule    */

static void
test_unit_right_shift (void)
{
  /* "the unit right shift transformation of Qd4 is Qe4" */
  assert_shift ("Qd4", 1, 0, "e4");
  /* "of Q[c2,h2] is Qd2": h2 leaves the board */
  assert_shift ("Q[c2,h2]", 1, 0, "d2");
  /* "of Q[a2,c2,h2] is Q[a2,b2,d2]": a2 is kept and shifted in */
  assert_shift ("Q[a2,c2,h2]", 1, 0, "a2,b2,d2");
  /* "three successive unit right transformations applied to Qa4 is
   * Q[a4,b4,c4,d4] ... applying this right transformation to Qd4 is Qg4" */
  assert_shift ("Qa4", 3, 0, "a4,b4,c4,d4");
  assert_shift ("Qd4", 3, 0, "g4");
  assert_shift ("Qd4", 5, 0, "");
  assert_shift ("Qa4", 7, 0, "a4,b4,c4,d4,e4,f4,g4,h4");
}

/* "mutatis mutandis": left drops the a-file and keeps the h-file, up drops
 * rank 8 and keeps rank 1, down drops rank 1 and keeps rank 8. */
static void
test_unit_left_up_down_shift (void)
{
  assert_shift ("Qd4", -1, 0, "c4");
  assert_shift ("Q[a2,c2,h2]", -1, 0, "b2,g2,h2");
  assert_shift ("Qh4", -3, 0, "e4,f4,g4,h4");
  assert_shift ("Qd4", 0, 1, "d5");
  assert_shift ("Qd4", 0, -1, "d3");
  assert_shift ("Q[d1,d5,d8]", 0, -1, "d4,d7,d8");
  /* manual: "the result of applying a unit up shift to (position
   * R[a1,a8,h1,a8]) is the position list (position R[a1,a2,h1,h2])" */
  assert_shift ("R[a1,a8,h1,a8]", 0, 1, "a1,h1,a2,h2");
  /* a diagonal unit shift is a horizontal then a vertical one (R7) */
  assert_shift ("Qa1", 1, 1, "a1,b1,a2,b2");
  assert_shift ("Qd4", 2, -2, "f2");
}

/* The designator's image under a lone dihedral symmetry or colour flip. */
static char *
flipped (const char *designator, CqDihedral dihedral, gboolean color)
{
  CqTransform t;
  CqDesignator d, out;

  _cq_transform_identity (&t);
  t.dihedral = dihedral;
  t.color = color;
  g_assert_true (_cq_designator_parse (designator, "t.cql", 1, 1, &d, NULL));
  _cq_transform_designator (&t, &d, &out);
  return designator_text (&out);
}

#define assert_flip(designator, dihedral, color, expected) \
  G_STMT_START { \
    g_autofree char *f_ = flipped ((designator), (dihedral), (color)); \
    g_assert_cmpstr (f_, ==, (expected)); \
  } G_STMT_END

static void
test_flips (void)
{
  /* "The diagonal flip of Ra8 is Ra1" is a slip of the manual: the
   * reflection about a1-h8 sends a8 to h1 (its second example, and the
   * :flipdiagonal example Rc3 qg3 -> Rc3 qc7, agree with that). */
  assert_flip ("Ra8", CQ_DIHEDRAL_DIAGONAL, FALSE, "R[h1]");
  /* "The diagonal flip of [Aa][a-h1-2,f6,h7] is [Aa][a-b1-8,f6,g8]" */
  assert_flip ("[Aa][a-h1-2,f6,h7]", CQ_DIHEDRAL_DIAGONAL, FALSE,
               "[PNBRQKpnbrqk][a1,b1,a2,b2,a3,b3,a4,b4,a5,b5,a6,b6,f6,a7,b7,a8,b8,g8]");
  /* "the off-diagonal flip of Ra8 is Ra8", of [Pp][a1-8] is [Pp][a-h8] */
  assert_flip ("Ra8", CQ_DIHEDRAL_OFFDIAGONAL, FALSE, "R[a8]");
  assert_flip ("[Pp][a1-8]", CQ_DIHEDRAL_OFFDIAGONAL, FALSE,
               "[Pp][a8,b8,c8,d8,e8,f8,g8,h8]");
  /* "the vertical flip of Uf6 is Uc6", "the horizontal flip of Uf6 is Uf3" */
  assert_flip ("Uf6", CQ_DIHEDRAL_VERTICAL, FALSE, "[PNBRQKpnbrqk][c6]");
  assert_flip ("Uf6", CQ_DIHEDRAL_HORIZONTAL, FALSE, "[PNBRQKpnbrqk][f3]");
  /* "the color flip transformation applied to [Rbp][a2,c2] ... is
   * [rBP][a7,c7]" */
  assert_flip ("[Rbp][a2,c2]", CQ_DIHEDRAL_IDENTITY, TRUE, "[PBr][a7,c7]");
  /* the empty square stays empty; the whole board stays whole */
  assert_flip (".e4", CQ_DIHEDRAL_IDENTITY, TRUE, ".[e5]");
  assert_flip ("[.K]", CQ_DIHEDRAL_ROTATE_90, TRUE,
               "[.k][a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,"
               "a4,b4,c4,d4,e4,f4,g4,h4,a5,b5,c5,d5,e5,f5,g5,h5,a6,b6,c6,d6,e6,f6,g6,h6,"
               "a7,b7,c7,d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8]");
}

/* ------------------------------------------------------------------ */
/* Each transform keyword on a list, middle and edge                   */

static void
test_keyword_flipdihedral (void)
{
  /* manual: "the results of applying the 8 dihedral transformations to
   * the piece designator Qc2 is the 8 piece designators Qc2, Qb3, Qf2,
   * Qg3, Qf7, Qg6, Qb6, and Qc7" */
  assert_images ("Qc2 :flipdihedral",
                 "Q[b3]; Q[b6]; Q[c2]; Q[c7]; Q[f2]; Q[f7]; Q[g3]; Q[g6]");
  assert_images ("Qc2 :flip", "Q[b3]; Q[b6]; Q[c2]; Q[c7]; Q[f2]; Q[f7]; Q[g3]; Q[g6]");
  /* a centre square has 4 images: identical members are kept once */
  assert_images ("Qd4 :flip", "Q[d4]; Q[d5]; Q[e4]; Q[e5]");
  /* a corner has 4, the long diagonal is its own image under two */
  assert_images ("Qa1 :flip", "Q[a1]; Q[a8]; Q[h1]; Q[h8]");
  assert_images ("Q[a1,b2] :flip", "Q[a1,b2]; Q[b7,a8]; Q[g7,h8]; Q[h1,g2]");
  /* the whole board: one member */
  assert_images ("Q :flip", "Q[a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,"
                 "f3,g3,h3,a4,b4,c4,d4,e4,f4,g4,h4,a5,b5,c5,d5,e5,f5,g5,h5,a6,b6,c6,d6,e6,f6,"
                 "g6,h6,a7,b7,c7,d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8]");
}

static void
test_keyword_single_flips (void)
{
  assert_images ("Qc2 :fliphorizontal", "Q[c2]; Q[c7]");
  assert_images ("Qc2 :flipvertical", "Q[c2]; Q[f2]");
  assert_images ("Qc2 :flipdiagonal", "Q[b3]; Q[c2]");
  /* edge and symmetric squares */
  assert_images ("Qa4 :fliphorizontal", "Q[a4]; Q[a5]");
  assert_images ("Qe5 :flipdiagonal", "Q[e5]");
  assert_images ("Q[a1,h8] :flipdiagonal", "Q[a1,h8]");
  /* manual: (position Rc3 qg3 :fliphorizontal) is Rc3 qg3 or Rc6 qg6;
   * :flipdiagonal is Rc3 qg3 or Rc3 qc7 */
  assert_images ("Rc3 qg3 :fliphorizontal", "R[c3] q[g3]; R[c6] q[g6]");
  assert_images ("Rc3 qg3 :flipdiagonal", "R[c3] q[c7]; R[c3] q[g3]");
}

/* Several flip keywords: compositions of one member of each set, in any
 * order (manual "Multiple transformation keywords"). */
static void
test_keyword_several_flips (void)
{
  assert_images ("Qc2 :fliphorizontal :flipvertical", "Q[c2]; Q[c7]; Q[f2]; Q[f7]");
  /* H then D and D then H are different quarter turns */
  assert_images ("Qc2 :fliphorizontal :flipdiagonal", "Q[b3]; Q[b6]; Q[c2]; Q[c7]; Q[g3]");
  assert_n_instances ("Qc2 :fliphorizontal :flipvertical :flipdiagonal", 8);
  assert_n_instances ("Qc2 :flipdihedral :fliphorizontal", 8);
}

static void
test_keyword_flipcolor (void)
{
  assert_images ("Qc2 :flipcolor", "Q[c2]; q[c7]");
  assert_images ("[Rbp][a2,c2] :flipcolor", "[PBr][a7,c7]; [Rpb][a2,c2]");
  /* manual: a colour flip of (position Rb2 Bg8 :wtm) swaps :wtm for :btm
   * (the manual's "Rb8 Bg1" drops the colours and a rank: the colour flip
   * mirrors the ranks, b2 -> b7) */
  assert_images ("Rb2 Bg8 :wtm :flipcolor", "B[g8] R[b2] :wtm; b[g1] r[b7] :btm");
  /* :btm -> :wtm, and a list with both keeps both */
  assert_images ("Kd4 :btm :flipcolor", "K[d4] :btm; k[d5] :wtm");
  assert_images (". :flipcolor", ".[a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,"
                 "e3,f3,g3,h3,a4,b4,c4,d4,e4,f4,g4,h4,a5,b5,c5,d5,e5,f5,g5,h5,a6,b6,c6,d6,e6,f6,"
                 "g6,h6,a7,b7,c7,d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8]");
}

static void
test_keyword_shifthorizontal (void)
{
  /* middle: every file */
  assert_images ("Qd4 :shifthorizontal",
                 "Q[a4]; Q[b4]; Q[c4]; Q[d4]; Q[e4]; Q[f4]; Q[g4]; Q[h4]");
  /* edge: shifted in, never out (left shifts empty it: dropped) */
  assert_images ("Qa4 :shifthorizontal",
                 "Q[a4,b4,c4,d4,e4,f4,g4,h4]; Q[a4,b4,c4,d4,e4,f4,g4]; Q[a4,b4,c4,d4,e4,f4]; "
                 "Q[a4,b4,c4,d4,e4]; Q[a4,b4,c4,d4]; Q[a4,b4,c4]; Q[a4,b4]; Q[a4]");
  assert_n_instances ("Qh4 :shifthorizontal", 8);
  /* manual: (position Rc3 qg3 :shifthorizontal) has exactly the members
   * Rc3 qg3, Rb3 qf3, Ra3 qe3, Rd3 qh3 */
  assert_images ("Rc3 qg3 :shifthorizontal",
                 "R[a3] q[e3]; R[b3] q[f3]; R[c3] q[g3]; R[d3] q[h3]");
}

static void
test_keyword_shiftvertical (void)
{
  assert_images ("Qd4 :shiftvertical",
                 "Q[d1]; Q[d2]; Q[d3]; Q[d4]; Q[d5]; Q[d6]; Q[d7]; Q[d8]");
  assert_images ("Qd8 :shiftvertical",
                 "Q[d1,d2,d3,d4,d5,d6,d7,d8]; Q[d2,d3,d4,d5,d6,d7,d8]; Q[d3,d4,d5,d6,d7,d8]; "
                 "Q[d4,d5,d6,d7,d8]; Q[d5,d6,d7,d8]; Q[d6,d7,d8]; Q[d7,d8]; Q[d8]");
  /* manual: "(position Rc3 qg3 :shiftvertical) will match any position in
   * which there is a white rook on the same rank as a black queen such
   * that the rook is on the c file and the queen on the g file" */
  assert_images ("Rc3 qg3 :shiftvertical",
                 "R[c1] q[g1]; R[c2] q[g2]; R[c3] q[g3]; R[c4] q[g4]; R[c5] q[g5]; "
                 "R[c6] q[g6]; R[c7] q[g7]; R[c8] q[g8]");
  /* manual: Pc2 Rc1 :shiftvertical also matches a rook on c2 behind a
   * pawn on c7: the rook's rank-1 square is kept as it shifts up */
  assert_images ("Pc2 Rc1 :shiftvertical",
                 "P[c2] R[c1]; P[c3] R[c1,c2]; P[c4] R[c1,c2,c3]; P[c5] R[c1,c2,c3,c4]; "
                 "P[c6] R[c1,c2,c3,c4,c5]; P[c7] R[c1,c2,c3,c4,c5,c6]; "
                 "P[c8] R[c1,c2,c3,c4,c5,c6,c7]");
}

static void
test_keyword_shift (void)
{
  g_autoptr(CqQuery) corner = compile ("(match (position Qa1 :shift))");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);

  /* every square once */
  assert_n_instances ("Qd4 :shift", 64);
  /* manual: (position Rc3 qg3 :shift): same rank, rook four files left */
  assert_n_instances ("Rc3 qg3 :shift", 32);
  /* a corner: the rectangles a1..xy, each once */
  g_assert_cmpuint (corner->lists[0]->n_instances, ==, 64);
  for (guint i = 0; i < corner->lists[0]->n_instances; i++)
    {
      const CqInstance *instance = &corner->lists[0]->instances[i];
      CqBitboard squares = instance->designators[0].squares;
      int top = 63 - __builtin_clzll (squares);
      CqBitboard rectangle = 0;

      for (int r = 0; r <= CQ_RANK (top); r++)
        for (int f = 0; f <= CQ_FILE (top); f++)
          rectangle |= CQ_BIT (CQ_SQUARE (f, r));
      g_assert_cmphex (squares, ==, rectangle);
      g_assert_false (g_hash_table_contains (seen, &instance->designators[0].squares));
      g_hash_table_add (seen, (gpointer) &instance->designators[0].squares);
    }
  /* :shift is :shifthorizontal composed with :shiftvertical */
  {
    g_autoptr(CqQuery) a = compile ("(match (position Pc2 Rc1 :shift))");
    g_autoptr(CqQuery) b = compile ("(match (position Pc2 Rc1 :shifthorizontal :shiftvertical))");
    g_autofree char *ia = list_images (a->lists[0]);
    g_autofree char *ib = list_images (b->lists[0]);

    g_assert_cmpstr (ia, ==, ib);
    g_assert_cmpuint (a->lists[0]->n_instances, ==, 56);
  }
}

static void
test_keyword_diagonal_shifts (void)
{
  assert_images ("Qd4 :shiftmaindiagonal",
                 "Q[a1]; Q[b2]; Q[c3]; Q[d4]; Q[e5]; Q[f6]; Q[g7]; Q[h8]");
  assert_images ("Qd4 :shiftoffdiagonal", "Q[a7]; Q[b6]; Q[c5]; Q[d4]; Q[e3]; Q[f2]; Q[g1]");
  assert_images ("Qd4 :shiftdiagonal",
                 "Q[a1]; Q[a7]; Q[b2]; Q[b6]; Q[c3]; Q[c5]; Q[d4]; Q[e3]; Q[e5]; Q[f2]; "
                 "Q[f6]; Q[g1]; Q[g7]; Q[h8]");
  /* edge: the corner is shifted in along both edges */
  assert_images ("Qa1 :shiftmaindiagonal",
                 "Q[a1,b1,a2,b2]; Q[a1,b1,c1,a2,b2,c2,a3,b3,c3]; "
                 "Q[a1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3,a4,b4,c4,d4]; "
                 "Q[a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5]; "
                 "Q[a1,b1,c1,d1,e1,f1,a2,b2,c2,d2,e2,f2,a3,b3,c3,d3,e3,f3,a4,b4,c4,d4,e4,f4,"
                 "a5,b5,c5,d5,e5,f5,a6,b6,c6,d6,e6,f6]; "
                 "Q[a1,b1,c1,d1,e1,f1,g1,a2,b2,c2,d2,e2,f2,g2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,"
                 "e4,f4,g4,a5,b5,c5,d5,e5,f5,g5,a6,b6,c6,d6,e6,f6,g6,a7,b7,c7,d7,e7,f7,g7]; "
                 "Q[a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4,"
                 "b4,c4,d4,e4,f4,g4,h4,a5,b5,c5,d5,e5,f5,g5,h5,a6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,"
                 "d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8]; Q[a1]");
  /* h1 moves up-left along the off-diagonal, shifted in along both edges */
  assert_images ("Qh1 :shiftoffdiagonal",
                 "Q[a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4,"
                 "b4,c4,d4,e4,f4,g4,h4,a5,b5,c5,d5,e5,f5,g5,h5,a6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,"
                 "d7,e7,f7,g7,h7,a8,b8,c8,d8,e8,f8,g8,h8]; "
                 "Q[b1,c1,d1,e1,f1,g1,h1,b2,c2,d2,e2,f2,g2,h2,b3,c3,d3,e3,f3,g3,h3,b4,c4,d4,e4,"
                 "f4,g4,h4,b5,c5,d5,e5,f5,g5,h5,b6,c6,d6,e6,f6,g6,h6,b7,c7,d7,e7,f7,g7,h7]; "
                 "Q[c1,d1,e1,f1,g1,h1,c2,d2,e2,f2,g2,h2,c3,d3,e3,f3,g3,h3,c4,d4,e4,f4,g4,h4,"
                 "c5,d5,e5,f5,g5,h5,c6,d6,e6,f6,g6,h6]; "
                 "Q[d1,e1,f1,g1,h1,d2,e2,f2,g2,h2,d3,e3,f3,g3,h3,d4,e4,f4,g4,h4,d5,e5,f5,g5,h5]; "
                 "Q[e1,f1,g1,h1,e2,f2,g2,h2,e3,f3,g3,h3,e4,f4,g4,h4]; "
                 "Q[f1,g1,h1,f2,g2,h2,f3,g3,h3]; Q[g1,h1,g2,h2]; Q[h1]");
  /* several shift keywords add their displacements: main + off diagonal
   * reach every square of d4's colour */
  assert_n_instances ("Qd4 :shiftmaindiagonal :shiftoffdiagonal", 32);
  assert_n_instances ("Qd4 :shift :shiftdiagonal", 64);
}

/* ------------------------------------------------------------------ */
/* Combinations; R7 drop and de-duplication rules                      */

static void
test_combinations (void)
{
  /* 64 squares x 2 colours */
  assert_n_instances ("Qc2 :shift :flip :flipcolor", 128);
  /* a knight-king contact: 8 orientations x 42 placements x 2 colours */
  assert_n_instances ("Nd4 kf3 :shift :flip :flipcolor", 672);
  /* the benchmarked case: :shift :flip :flipcolor on a 4-designator list
   * (the Dobrescu pattern of the manual's :relation example) */
  assert_n_instances ("Ke6 be7 be4 nd5 :shift :flip :flipcolor", 560);
  assert_n_instances ("Ke6 be7 be4 nd5 :shift :flip", 280);
  assert_n_instances ("Ke6 be7 be4 nd5 :shift", 35);
  /* manual (syntax section): quadrupled pawns */
  assert_images ("P[b2-7] :shifthorizontal :flipcolor",
                 "P[a2,a3,a4,a5,a6,a7]; P[b2,b3,b4,b5,b6,b7]; P[c2,c3,c4,c5,c6,c7]; "
                 "P[d2,d3,d4,d5,d6,d7]; P[e2,e3,e4,e5,e6,e7]; P[f2,f3,f4,f5,f6,f7]; "
                 "P[g2,g3,g4,g5,g6,g7]; P[h2,h3,h4,h5,h6,h7]; p[a2,a3,a4,a5,a6,a7]; "
                 "p[b2,b3,b4,b5,b6,b7]; p[c2,c3,c4,c5,c6,c7]; p[d2,d3,d4,d5,d6,d7]; "
                 "p[e2,e3,e4,e5,e6,e7]; p[f2,f3,f4,f5,f6,f7]; p[g2,g3,g4,g5,g6,g7]; "
                 "p[h2,h3,h4,h5,h6,h7]");
}

static void
test_R7_drop_emptied (void)
{
  /* Qh4 cannot go right, Ra4 cannot go left: only the identity is left */
  assert_images ("Ra4 Qh4 :shifthorizontal", "R[a4] Q[h4]");
  /* a designator that was empty to begin with is not "emptied" */
  assert_n_instances ("B[] Qd4 :shifthorizontal", 8);
  /* designators inside keywords count too: the count's designator falls
   * off the board two files to the right */
  assert_n_instances ("Qd4 :piececount R[f1-8] 0 :shifthorizontal", 6);
  assert_n_instances ("Qd4 :moveto .f4 :shifthorizontal", 6);
  assert_n_instances ("Qd4 :ray (Q . kf4) :shifthorizontal", 6);
  assert_n_instances ("Qd4 :attackcount Q .f4 1 :shifthorizontal", 6);
}

static void
test_R7_duplicates (void)
{
  /* the whole board is its own image: one member whatever the transforms */
  assert_n_instances ("R :shift :flip", 1);
  assert_n_instances ("R :shift :flip :flipcolor", 2);
  /* repeated designators are one (manual), and the order they are written
   * in does not make members differ */
  assert_n_instances ("Ra1 Rh1 Ra1 :flipvertical", 1);
  assert_n_instances ("Ra1 Rh8 :flip", 2);
}

/* R7: colour flip swaps :whiteelo/:blackelo, flips :result and the sign of
 * :powerdifference; it leaves :elo, :movenumber, :check, :initial alone. */
static void
test_R7_colour_flip_of_tests (void)
{
  g_autoptr(CqQuery) q = compile ("(match (position :result 1-0 :whiteelo 0 2300 :blackelo "
                                  "2600 3000 :powerdifference U 4 :movenumber 10 :elo 2000 "
                                  ":check :initial :flipcolor))");
  const CqPositionList *list = q->lists[0];
  guint n_flipped = 0;

  g_assert_cmpuint (list->n_instances, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const CqInstance *instance = &list->instances[i];
      gboolean flipped = FALSE;
      guint seen = 0;

      g_assert_cmphex (instance->conditions, ==, CQ_COND_CHECK | CQ_COND_INITIAL);
      for (guint t = 0; t < instance->n_tests; t++)
        if (instance->tests[t].kind == CQ_TEST_RESULT)
          flipped = instance->tests[t].u.result == CQ_RESULT_BLACK_WINS;
      for (guint t = 0; t < instance->n_tests; t++)
        {
          const CqTest *test = &instance->tests[t];

          switch (test->kind)
            {
            case CQ_TEST_RESULT:
              g_assert_cmpint (test->u.result, ==,
                               flipped ? CQ_RESULT_BLACK_WINS : CQ_RESULT_WHITE_WINS);
              seen |= 1;
              break;
            case CQ_TEST_POWERDIFFERENCE:
              g_assert_cmpint (test->u.power.black_minus_white, ==, flipped);
              g_assert_cmpint (test->range.min, ==, 4);
              seen |= 2;
              break;
            case CQ_TEST_ELO:
              if (test->u.elo.which == 0)
                g_assert_cmpint (test->range.min, ==, 2000);
              else if (test->range.min == 0)
                g_assert_cmpuint (test->u.elo.which, ==, flipped ? 2 : 1);
              else
                g_assert_cmpuint (test->u.elo.which, ==, flipped ? 1 : 2);
              seen |= 4;
              break;
            case CQ_TEST_MOVENUMBER:
              g_assert_cmpint (test->range.min, ==, 10);
              seen |= 8;
              break;
            default:
              g_assert_not_reached ();
            }
        }
      g_assert_cmpuint (seen, ==, 15);
      n_flipped += flipped;
    }
  g_assert_cmpuint (n_flipped, ==, 1);
  /* the list is written with game tests first: they come first in each
   * instance, before the counts (canonical evaluation order) */
  g_assert_cmpint (list->instances[0].tests[0].kind, !=, CQ_TEST_POWERDIFFERENCE);
}

/* Rays: their designators move, and so do their directions (a horizontal
 * ray turned a quarter is vertical). */
static void
test_R7_ray_directions (void)
{
  g_autoptr(CqQuery) q = compile ("(match (position :rayhorizontal (K . . k) :flipdiagonal))");
  g_autoptr(CqQuery) c = compile ("(match (position :raydiagonal (Qa1 kh8) :flipcolor))");
  const CqPositionList *list = q->lists[0];
  guint horizontal = 0, vertical = 0;
  CqTransform t;

  g_assert_cmpuint (list->n_instances, ==, 2);
  for (guint i = 0; i < list->n_instances; i++)
    {
      guint8 d = list->instances[i].tests[0].u.ray.directions;

      horizontal += d == CQ_RAY_HORIZONTAL;
      vertical += d == CQ_RAY_VERTICAL;
    }
  g_assert_cmpuint (horizontal, ==, 1);
  g_assert_cmpuint (vertical, ==, 1);

  g_assert_cmpuint (c->lists[0]->n_instances, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const CqTest *test = &c->lists[0]->instances[i].tests[0];
      g_autofree char *first = designator_text (&test->u.ray.path[0]);
      g_autofree char *last = designator_text (&test->u.ray.path[1]);

      g_assert_cmpuint (test->u.ray.directions, ==, CQ_RAY_DIAGONAL);
      if (strcmp (first, "Q[a1]") == 0)
        g_assert_cmpstr (last, ==, "k[h8]");
      else
        {
          g_assert_cmpstr (first, ==, "q[a8]");
          g_assert_cmpstr (last, ==, "K[h1]");
        }
    }

  /* each single direction under each symmetry */
  _cq_transform_identity (&t);
  t.dihedral = CQ_DIHEDRAL_ROTATE_90;
  g_assert_cmphex (_cq_transform_directions (&t, 0x01), ==, 0x04); /* N -> E */
  g_assert_cmphex (_cq_transform_directions (&t, 0x02), ==, 0x08); /* NE -> SE */
  t.dihedral = CQ_DIHEDRAL_VERTICAL;
  g_assert_cmphex (_cq_transform_directions (&t, 0x02), ==, 0x80); /* NE -> NW */
  t.dihedral = CQ_DIHEDRAL_IDENTITY;
  t.color = 1;
  g_assert_cmphex (_cq_transform_directions (&t, 0x01), ==, 0x10); /* N -> S */
  g_assert_cmphex (_cq_transform_directions (&t, CQ_RAY_ORTHOGONAL), ==, CQ_RAY_ORTHOGONAL);
}

/* R7 / R12: nested lists are transformed with the list that holds them,
 * then expanded by their own transforms. */
static void
test_R7_nested_lists (void)
{
  g_autoptr(CqQuery) q = compile ("(match (position Qa4 :shifthorizontal :or ((position Rb4) "
                                  "(position kd5 :flipvertical))))");
  const CqPositionList *list = q->lists[0];

  /* Rb4 leaves the board after 6 files right, kd5 after 4: the members
   * that would push a nested designator off the board are dropped too */
  g_assert_cmpuint (list->n_instances, ==, 5);
  for (guint i = 0; i < list->n_instances; i++)
    {
      const CqInstance *instance = &list->instances[i];
      CqBitboard queen = instance->designators[0].squares;
      int shift = __builtin_popcountll (queen) - 1; /* Qa4 shifted right by k */
      const CqTest *or = &instance->tests[0];
      const CqPositionList *rook, *king;
      CqBitboard expected = CQ_BIT (CQ_SQUARE (3 + shift, 4)) | CQ_BIT (CQ_SQUARE (4 - shift, 4));
      CqBitboard got = 0;

      g_assert_cmpint (or->kind, ==, CQ_TEST_OR);
      g_assert_cmpuint (or->u.lists.n_lists, ==, 2);
      rook = or->u.lists.lists[0];
      king = or->u.lists.lists[1];
      /* Rb4 moves with the queen */
      g_assert_cmpuint (rook->n_instances, ==, 1);
      g_assert_cmphex (rook->instances[0].designators[0].squares, ==,
                       CQ_BIT (CQ_SQUARE (1 + shift, 3)));
      /* kd5 moves too, then is mirrored by its own :flipvertical */
      g_assert_cmpuint (king->n_instances, ==, 2);
      for (guint k = 0; k < king->n_instances; k++)
        got |= king->instances[k].designators[0].squares;
      g_assert_cmphex (got, ==, expected);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("CQL_TEST_NONFATAL") != NULL)
    g_test_set_nonfatal_assertions ();

  g_test_add_func ("/cql/transforms/unit-right-shift", test_unit_right_shift);
  g_test_add_func ("/cql/transforms/unit-left-up-down-shift", test_unit_left_up_down_shift);
  g_test_add_func ("/cql/transforms/flips", test_flips);
  g_test_add_func ("/cql/transforms/keyword/flipdihedral", test_keyword_flipdihedral);
  g_test_add_func ("/cql/transforms/keyword/fliphorizontal-flipvertical-flipdiagonal",
                   test_keyword_single_flips);
  g_test_add_func ("/cql/transforms/keyword/several-flips", test_keyword_several_flips);
  g_test_add_func ("/cql/transforms/keyword/flipcolor", test_keyword_flipcolor);
  g_test_add_func ("/cql/transforms/keyword/shifthorizontal", test_keyword_shifthorizontal);
  g_test_add_func ("/cql/transforms/keyword/shiftvertical", test_keyword_shiftvertical);
  g_test_add_func ("/cql/transforms/keyword/shift", test_keyword_shift);
  g_test_add_func ("/cql/transforms/keyword/diagonal-shifts", test_keyword_diagonal_shifts);
  g_test_add_func ("/cql/transforms/combinations", test_combinations);
  g_test_add_func ("/cql/transforms/R7-drop-emptied", test_R7_drop_emptied);
  g_test_add_func ("/cql/transforms/R7-duplicates", test_R7_duplicates);
  g_test_add_func ("/cql/transforms/R7-colour-flip-of-tests", test_R7_colour_flip_of_tests);
  g_test_add_func ("/cql/transforms/R7-ray-directions", test_R7_ray_directions);
  g_test_add_func ("/cql/transforms/R7-nested-lists", test_R7_nested_lists);

  return g_test_run ();
}
