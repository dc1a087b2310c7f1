/* cq3-transform.c: transform sets and their expansion at compile time
 * (manual "Transforms of piece designators", "Transformation keywords in
 * a position list", "Multiple transformation keywords"; rulings R7).
 *
 * A member of a transform set is a dihedral symmetry, then the colour flip,
 * then a shift (#CqTransform).  A list's instances are the distinct images
 * of its template under the members; an image in which a designator that
 * had squares lost them all is dropped, since the transform moved part of
 * the pattern off the board.  Everything here runs once, when the query is
 * compiled: evaluation only sees concrete masks and square sets.
 *
 * Why one long file: the transforms of every kind of designator, ray and
 * keyword argument, the expansion and its cost budget all apply the same
 * #CqTransform; they are one concept.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-private.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Squares                                                             */

static void
dihedral_apply (guint dihedral, int f, int r, int *tf, int *tr)
{
  switch (dihedral)
    {
    case CQ_DIHEDRAL_IDENTITY:    *tf = f,     *tr = r;     break;
    case CQ_DIHEDRAL_VERTICAL:    *tf = 7 - f, *tr = r;     break;
    case CQ_DIHEDRAL_HORIZONTAL:  *tf = f,     *tr = 7 - r; break;
    case CQ_DIHEDRAL_ROTATE_180:  *tf = 7 - f, *tr = 7 - r; break;
    case CQ_DIHEDRAL_DIAGONAL:    *tf = r,     *tr = f;     break;
    case CQ_DIHEDRAL_OFFDIAGONAL: *tf = 7 - r, *tr = 7 - f; break;
    case CQ_DIHEDRAL_ROTATE_90:   *tf = r,     *tr = 7 - f; break;
    case CQ_DIHEDRAL_ROTATE_270:  *tf = 7 - r, *tr = f;     break;
    default: g_assert_not_reached ();
    }
}

/* The element b ∘ a (a first). */
static guint
dihedral_compose (guint b, guint a)
{
  int f, r, tf, tr;
  int f2, r2, tf2, tr2;

  /* Two squares whose images determine a symmetry. */
  dihedral_apply (a, 1, 0, &f, &r);
  dihedral_apply (b, f, r, &tf, &tr);
  dihedral_apply (a, 0, 2, &f2, &r2);
  dihedral_apply (b, f2, r2, &tf2, &tr2);
  for (guint c = 0; c < 8; c++)
    {
      int x, y, x2, y2;

      dihedral_apply (c, 1, 0, &x, &y);
      dihedral_apply (c, 0, 2, &x2, &y2);
      if (x == tf && y == tr && x2 == tf2 && y2 == tr2)
        return c;
    }
  g_assert_not_reached ();
  return 0;
}

/* One coordinate (file or rank) under a unit shift towards +1 or -1 with
 * the CQL 3 edge rule: a line on the edge moved towards is dropped, one on
 * the opposite edge is kept as well as moved. */
static void
unit_shift_map (int direction, guint8 map[8])
{
  for (int i = 0; i < 8; i++)
    {
      int j = i + direction;

      map[i] = 0;
      if (j >= 0 && j <= 7)
        map[i] |= 1u << j;
      if ((direction > 0 && i == 0) || (direction < 0 && i == 7))
        map[i] |= 1u << i;
    }
}

/* out = second ∘ first, for coordinate maps. */
static void
map_compose (const guint8 second[8], const guint8 first[8], guint8 out[8])
{
  guint8 result[8];

  for (int i = 0; i < 8; i++)
    {
      guint8 targets = first[i];

      result[i] = 0;
      while (targets != 0)
        {
          int j = __builtin_ctz (targets);

          result[i] |= second[j];
          targets &= targets - 1;
        }
    }
  memcpy (out, result, 8);
}

void
_cq_transform_identity (CqTransform *t)
{
  memset (t, 0, sizeof *t);
  for (int i = 0; i < 8; i++)
    t->file_map[i] = t->rank_map[i] = (guint8) (1u << i);
}

void
_cq_transform_shift (CqTransform *t, int dx, int dy)
{
  guint8 unit[8];

  unit_shift_map (dx > 0 ? 1 : -1, unit);
  for (int i = 0; i < abs (dx); i++)
    map_compose (unit, t->file_map, t->file_map);
  unit_shift_map (dy > 0 ? 1 : -1, unit);
  for (int i = 0; i < abs (dy); i++)
    map_compose (unit, t->rank_map, t->rank_map);
  t->dx = (gint8) (t->dx + dx);
  t->dy = (gint8) (t->dy + dy);
}

CqBitboard
_cq_transform_squares (const CqTransform *t, CqBitboard squares)
{
  CqBitboard flipped = 0, shifted = 0;

  if (t->dihedral == CQ_DIHEDRAL_IDENTITY && !t->color)
    flipped = squares;
  else
    while (squares != 0)
      {
        int sq = __builtin_ctzll (squares);
        int f, r;

        squares &= squares - 1;
        dihedral_apply (t->dihedral, CQ_FILE (sq), CQ_RANK (sq), &f, &r);
        if (t->color)
          r = 7 - r;
        flipped |= CQ_BIT (CQ_SQUARE (f, r));
      }

  for (int r = 0; r < 8; r++)
    {
      guint row = (guint) (flipped >> (8 * r)) & 0xFF;
      guint image = 0;
      guint ranks;

      if (row == 0)
        continue;
      while (row != 0)
        {
          image |= t->file_map[__builtin_ctz (row)];
          row &= row - 1;
        }
      for (ranks = t->rank_map[r]; ranks != 0; ranks &= ranks - 1)
        shifted |= (CqBitboard) image << (8 * __builtin_ctz (ranks));
    }
  return shifted;
}

guint16
_cq_transform_pieces (const CqTransform *t, guint16 pieces)
{
  if (!t->color)
    return pieces;
  /* White pieces are bits 1..6, black ones 7..12. */
  return (guint16) ((pieces & CQ_PIECES_EMPTY)
                    | ((pieces & CQ_PIECES_WHITE) << 6)
                    | ((pieces & CQ_PIECES_BLACK) >> 6));
}

gboolean
_cq_transform_designator (const CqTransform *t, const CqDesignator *in, CqDesignator *out)
{
  CqBitboard squares = _cq_transform_squares (t, in->squares);

  out->squares = squares;
  out->pieces = _cq_transform_pieces (t, in->pieces);
  out->tag = in->tag;
  return squares != 0 || in->squares == 0;
}

static const int direction_vector[8][2] = {
  { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
};

guint8
_cq_transform_directions (const CqTransform *t, guint8 directions)
{
  guint8 out = 0;

  for (int d = 0; d < 8; d++)
    {
      int f0, r0, f1, r1, dx, dy;

      if ((directions & (1u << d)) == 0)
        continue;
      /* The linear part of the symmetry: the image of a step from d4. */
      dihedral_apply (t->dihedral, 3, 3, &f0, &r0);
      dihedral_apply (t->dihedral, 3 + direction_vector[d][0], 3 + direction_vector[d][1],
                      &f1, &r1);
      dx = f1 - f0;
      dy = r1 - r0;
      if (t->color)
        dy = -dy;
      for (int e = 0; e < 8; e++)
        if (direction_vector[e][0] == dx && direction_vector[e][1] == dy)
          out |= (guint8) (1u << e);
    }
  return out;
}

/* ------------------------------------------------------------------ */
/* Transform sets                                                      */

static guint
transform_hash (gconstpointer p)
{
  const CqTransform *t = p;
  guint h = t->dihedral * 31u + t->color;

  for (int i = 0; i < 8; i++)
    h = h * 131u + t->file_map[i] * 7u + t->rank_map[i];
  return h;
}

/* Members that act alike (the nominal dx, dy aside) are the same member. */
static gboolean
transform_equal (gconstpointer a, gconstpointer b)
{
  const CqTransform *x = a, *y = b;

  return x->dihedral == y->dihedral && x->color == y->color
         && memcmp (x->file_map, y->file_map, 8) == 0
         && memcmp (x->rank_map, y->rank_map, 8) == 0;
}

/* Appends @t to @set unless an equal member is there. */
static void
set_add (GArray *set, GHashTable *seen, const CqTransform *t)
{
  if (g_hash_table_contains (seen, t))
    return;
  g_array_append_val (set, *t);
  /* Keys point into a copy owned by the table. */
  g_hash_table_add (seen, g_memdup2 (t, sizeof *t));
}

/* The displacements (dx, dy) of one shift keyword's set (R7): marks
 * vectors[dx + 7][dy + 7]. */
static void
shift_keyword_vectors (guint32 keyword, gboolean vectors[15][15])
{
  memset (vectors, 0, sizeof (gboolean) * 15 * 15);
  for (int a = -7; a <= 7; a++)
    switch (keyword)
      {
      case CQ_TRANSFORM_SHIFTHORIZONTAL:
        vectors[a + 7][7] = TRUE;
        break;
      case CQ_TRANSFORM_SHIFTVERTICAL:
        vectors[7][a + 7] = TRUE;
        break;
      case CQ_TRANSFORM_SHIFT:
        for (int b = -7; b <= 7; b++)
          vectors[a + 7][b + 7] = TRUE;
        break;
      case CQ_TRANSFORM_SHIFTMAINDIAGONAL:
        vectors[a + 7][a + 7] = TRUE;
        break;
      case CQ_TRANSFORM_SHIFTOFFDIAGONAL:
        vectors[a + 7][-a + 7] = TRUE;
        break;
      case CQ_TRANSFORM_SHIFTDIAGONAL:
        /* the union of the two diagonal sets */
        vectors[a + 7][a + 7] = TRUE;
        vectors[a + 7][-a + 7] = TRUE;
        break;
      default:
        g_assert_not_reached ();
      }
}

static GArray *
flip_keyword_set (guint32 keyword)
{
  GArray *set = g_array_new (FALSE, FALSE, sizeof (CqTransform));
  CqTransform t;

  _cq_transform_identity (&t);
  g_array_append_val (set, t);
  for (guint d = 1; d < 8; d++)
    {
      gboolean in;

      switch (keyword)
        {
        case CQ_TRANSFORM_FLIPDIHEDRAL:   in = TRUE; break;
        case CQ_TRANSFORM_FLIPHORIZONTAL: in = d == CQ_DIHEDRAL_HORIZONTAL; break;
        case CQ_TRANSFORM_FLIPVERTICAL:   in = d == CQ_DIHEDRAL_VERTICAL; break;
        case CQ_TRANSFORM_FLIPDIAGONAL:   in = d == CQ_DIHEDRAL_DIAGONAL; break;
        default: g_assert_not_reached (); in = FALSE;
        }
      if (in)
        {
          t.dihedral = (guint8) d;
          g_array_append_val (set, t);
        }
    }
  return set;
}

/* second ∘ first, where both are pure flips. */
static void
compose (const CqTransform *second, const CqTransform *first, CqTransform *out)
{
  CqTransform r;

  r.dihedral = (guint8) dihedral_compose (second->dihedral, first->dihedral);
  r.color = 0;
  r.dx = (gint8) (first->dx + second->dx);
  r.dy = (gint8) (first->dy + second->dy);
  map_compose (second->file_map, first->file_map, r.file_map);
  map_compose (second->rank_map, first->rank_map, r.rank_map);
  *out = r;
}

/* The compositions of one member of each flip keyword's set, in any
 * order: by dynamic programming over the subsets of keywords, the last
 * keyword applied ranging over the subset. */
static GArray *
composition_set (GPtrArray *keyword_sets)
{
  guint n = keyword_sets->len;
  g_autoptr(GPtrArray) by_subset = g_ptr_array_new_full (1u << n, (GDestroyNotify) g_array_unref);
  GArray *result;

  for (guint subset = 0; subset < (1u << n); subset++)
    {
      GArray *set = g_array_new (FALSE, FALSE, sizeof (CqTransform));
      g_autoptr(GHashTable) seen = g_hash_table_new_full (transform_hash, transform_equal,
                                                          g_free, NULL);

      if (subset == 0)
        {
          CqTransform id;

          _cq_transform_identity (&id);
          set_add (set, seen, &id);
        }
      for (guint k = 0; k < n; k++)
        {
          GArray *before, *last;

          if ((subset & (1u << k)) == 0)
            continue;
          before = g_ptr_array_index (by_subset, subset & ~(1u << k));
          last = g_ptr_array_index (keyword_sets, k);
          for (guint i = 0; i < before->len; i++)
            for (guint j = 0; j < last->len; j++)
              {
                CqTransform t;

                compose (&g_array_index (last, CqTransform, j),
                         &g_array_index (before, CqTransform, i), &t);
                set_add (set, seen, &t);
              }
        }
      g_ptr_array_add (by_subset, set);
    }
  result = g_ptr_array_index (by_subset, (1u << n) - 1);
  return g_array_ref (result);
}

static GArray *
transform_set_compute (guint32 transforms)
{
  static const guint32 flips[] = {
    CQ_TRANSFORM_FLIPDIHEDRAL, CQ_TRANSFORM_FLIPHORIZONTAL, CQ_TRANSFORM_FLIPVERTICAL,
    CQ_TRANSFORM_FLIPDIAGONAL,
  };
  static const guint32 shifts[] = {
    CQ_TRANSFORM_SHIFTHORIZONTAL, CQ_TRANSFORM_SHIFTVERTICAL, CQ_TRANSFORM_SHIFT,
    CQ_TRANSFORM_SHIFTMAINDIAGONAL, CQ_TRANSFORM_SHIFTOFFDIAGONAL, CQ_TRANSFORM_SHIFTDIAGONAL,
  };
  g_autoptr(GPtrArray) flip_sets = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) flip_members = NULL;
  g_autoptr(GArray) shift_members = g_array_new (FALSE, FALSE, sizeof (CqTransform));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (transform_hash, transform_equal, g_free,
                                                      NULL);
  GArray *set = g_array_new (FALSE, FALSE, sizeof (CqTransform));
  guint colors = (transforms & CQ_TRANSFORM_FLIPCOLOR) ? 2 : 1;
  gboolean reach[15][15] = { { FALSE } };

  /* :flipdihedral already holds every symmetry. */
  if (transforms & CQ_TRANSFORM_FLIPDIHEDRAL)
    transforms &= ~(guint32) (CQ_TRANSFORM_FLIPS & ~CQ_TRANSFORM_FLIPDIHEDRAL);
  for (guint i = 0; i < G_N_ELEMENTS (flips); i++)
    if (transforms & flips[i])
      g_ptr_array_add (flip_sets, flip_keyword_set (flips[i]));
  flip_members = composition_set (flip_sets);

  /* Several shift keywords: the shift by the sum of one displacement of
   * each keyword's set ("there is exactly one shift transformation that
   * sends a given square to another given square"), as far as a square
   * can travel on the board (-7..7 each way). */
  reach[7][7] = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (shifts); i++)
    {
      gboolean vectors[15][15];
      gboolean next[15][15] = { { FALSE } };

      if ((transforms & shifts[i]) == 0)
        continue;
      shift_keyword_vectors (shifts[i], vectors);
      for (int x = 0; x < 15; x++)
        for (int y = 0; y < 15; y++)
          if (reach[x][y])
            for (int u = 0; u < 15; u++)
              for (int v = 0; v < 15; v++)
                if (vectors[u][v])
                  {
                    int sx = x + u - 7, sy = y + v - 7;

                    if (sx >= 0 && sx < 15 && sy >= 0 && sy < 15)
                      next[sx][sy] = TRUE;
                  }
      memcpy (reach, next, sizeof reach);
    }
  /* The identity first, then by displacement. */
  for (int k = -1; k < 15 * 15; k++)
    {
      int x = k < 0 ? 7 : k / 15, y = k < 0 ? 7 : k % 15;
      CqTransform t;

      if (!reach[x][y] || (k >= 0 && x == 7 && y == 7))
        continue;
      _cq_transform_identity (&t);
      _cq_transform_shift (&t, x - 7, y - 7);
      g_array_append_val (shift_members, t);
    }

  /* shift ∘ colour ∘ flip; the identity comes first. */
  for (guint s = 0; s < shift_members->len; s++)
    for (guint c = 0; c < colors; c++)
      for (guint f = 0; f < flip_members->len; f++)
        {
          CqTransform t = g_array_index (shift_members, CqTransform, s);

          t.dihedral = g_array_index (flip_members, CqTransform, f).dihedral;
          t.color = (guint8) c;
          set_add (set, seen, &t);
        }
  return set;
}

/* Transform sets depend on the keyword bits only; they are computed once
 * per process and shared (never freed). */
G_LOCK_DEFINE_STATIC (transform_sets);
static GHashTable *transform_sets;

GArray *
_cq_transform_set (guint32 transforms)
{
  GArray *set;

  G_LOCK (transform_sets);
  if (transform_sets == NULL)
    transform_sets = g_hash_table_new (g_direct_hash, g_direct_equal);
  set = g_hash_table_lookup (transform_sets, GUINT_TO_POINTER (transforms + 1));
  if (set == NULL)
    {
      set = transform_set_compute (transforms);
      g_hash_table_insert (transform_sets, GUINT_TO_POINTER (transforms + 1), set);
    }
  G_UNLOCK (transform_sets);
  return g_array_ref (set);
}

/* ------------------------------------------------------------------ */
/* Canonical order and equality of instances                           */

static int
designator_compare (const CqDesignator *a, const CqDesignator *b)
{
  int ca = __builtin_popcountll (a->squares), cb = __builtin_popcountll (b->squares);

  if (ca != cb)
    return ca < cb ? -1 : 1;
  /* A single piece type is cheaper to test than a set. */
  ca = __builtin_popcount (a->pieces);
  cb = __builtin_popcount (b->pieces);
  if (ca != cb)
    return ca < cb ? -1 : 1;
  if (a->pieces != b->pieces)
    return a->pieces < b->pieces ? -1 : 1;
  if (a->squares != b->squares)
    return a->squares < b->squares ? -1 : 1;
  if (a->tag != b->tag)
    return a->tag < b->tag ? -1 : 1;
  return 0;
}

static int
designator_compare_func (gconstpointer a, gconstpointer b)
{
  return designator_compare (a, b);
}

/* Evaluation cost class of a test: cheapest first (cq3-eval.c). */
static int
test_cost (CqTestKind kind)
{
  switch (kind)
    {
    case CQ_TEST_ELO:
    case CQ_TEST_RESULT:
    case CQ_TEST_MOVENUMBER:
      return 0;
    case CQ_TEST_PIECECOUNT:
    case CQ_TEST_POWER:
    case CQ_TEST_POWERDIFFERENCE:
      return 1;
    case CQ_TEST_TAGMATCH:
    case CQ_TEST_SUMRANGE:
      return 1;
    case CQ_TEST_ATTACKCOUNT:
      return 2;
    case CQ_TEST_RAY:
      return 3;
    case CQ_TEST_MOVEFROM:
    case CQ_TEST_MOVETO:
    case CQ_TEST_PROMOTE:
    case CQ_TEST_ENPASSANT:
      return 4;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
      return 5;
    case CQ_TEST_SEQUENCE:
      return 6;
    case CQ_TEST_RELATION:
    default:
      return 7;
    }
}

#define CMP(x, y) G_STMT_START { if ((x) != (y)) return (x) < (y) ? -1 : 1; } G_STMT_END

static int
test_compare (const CqTest *a, const CqTest *b)
{
  int c;

  CMP (test_cost (a->kind), test_cost (b->kind));
  CMP (a->kind, b->kind);
  CMP (a->negate, b->negate);
  CMP (a->range.min, b->range.min);
  CMP (a->range.max, b->range.max);
  switch (a->kind)
    {
    case CQ_TEST_PIECECOUNT:
    case CQ_TEST_POWER:
    case CQ_TEST_MOVEFROM:
    case CQ_TEST_MOVETO:
    case CQ_TEST_PROMOTE:
      return designator_compare (&a->u.designator, &b->u.designator);
    case CQ_TEST_POWERDIFFERENCE:
      CMP (a->u.power.black_minus_white, b->u.power.black_minus_white);
      return designator_compare (&a->u.power.designator, &b->u.power.designator);
    case CQ_TEST_ATTACKCOUNT:
      c = designator_compare (&a->u.attack.attacker, &b->u.attack.attacker);
      return c != 0 ? c : designator_compare (&a->u.attack.target, &b->u.attack.target);
    case CQ_TEST_RAY:
      CMP (a->u.ray.directions, b->u.ray.directions);
      CMP (a->u.ray.attack_only, b->u.ray.attack_only);
      CMP (a->u.ray.n_path, b->u.ray.n_path);
      for (guint i = 0; i < a->u.ray.n_path; i++)
        if ((c = designator_compare (&a->u.ray.path[i], &b->u.ray.path[i])) != 0)
          return c;
      return 0;
    case CQ_TEST_ELO:
      CMP (a->u.elo.which, b->u.elo.which);
      return 0;
    case CQ_TEST_RESULT:
      CMP (a->u.result, b->u.result);
      return 0;
    case CQ_TEST_TAGMATCH:
      CMP (a->u.tagmatch.tag, b->u.tagmatch.tag);
      return designator_compare (&a->u.tagmatch.designator, &b->u.tagmatch.designator);
    case CQ_TEST_SUMRANGE:
      CMP (a->u.accumulator, b->u.accumulator);
      return 0;
    case CQ_TEST_RELATION:
      /* One per list (the compiler refuses a second): never transformed. */
      return 0;
    case CQ_TEST_SEQUENCE:
      CMP (a->u.lists.gapped, b->u.lists.gapped);
      CMP (a->u.lists.variations, b->u.lists.variations);
      G_GNUC_FALLTHROUGH;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
      /* Written order: transforms keep it, and the nested lists' own
       * positions in the file tell them apart. */
      CMP (a->u.lists.n_lists, b->u.lists.n_lists);
      CMP (a->u.lists.lists[0]->line, b->u.lists.lists[0]->line);
      CMP (a->u.lists.lists[0]->column, b->u.lists.lists[0]->column);
      return 0;
    case CQ_TEST_MOVENUMBER:
    case CQ_TEST_ENPASSANT:
    default:
      return 0;
    }
}

static int
test_compare_func (gconstpointer a, gconstpointer b)
{
  return test_compare (a, b);
}

void
_cq_instance_normalise (CqInstance *instance)
{
  guint n = 0;

  if (instance->n_designators > 1)
    {
      qsort (instance->designators, instance->n_designators, sizeof (CqDesignator),
             designator_compare_func);
      for (guint i = 0; i < instance->n_designators; i++)
        if (n == 0 || designator_compare (&instance->designators[n - 1],
                                          &instance->designators[i]) != 0)
          instance->designators[n++] = instance->designators[i];
      instance->n_designators = n;
    }
  if (instance->n_tests > 1)
    qsort (instance->tests, instance->n_tests, sizeof (CqTest), test_compare_func);
  if (instance->n_move_tests > 1)
    qsort (instance->move_tests, instance->n_move_tests, sizeof (CqTest), test_compare_func);
}

static gboolean list_equal (const CqPositionList *a, const CqPositionList *b);

static gboolean
test_equal (const CqTest *a, const CqTest *b)
{
  if (test_compare (a, b) != 0)
    return FALSE;
  if (a->kind == CQ_TEST_AND || a->kind == CQ_TEST_OR || a->kind == CQ_TEST_SEQUENCE)
    for (guint i = 0; i < a->u.lists.n_lists; i++)
      if (!list_equal (a->u.lists.lists[i], b->u.lists.lists[i]))
        return FALSE;
  return TRUE;
}

gboolean
_cq_instance_equal (const CqInstance *a, const CqInstance *b)
{
  if (a->conditions != b->conditions || a->n_designators != b->n_designators
      || a->n_tests != b->n_tests || a->n_move_tests != b->n_move_tests)
    return FALSE;
  for (guint i = 0; i < a->n_designators; i++)
    if (designator_compare (&a->designators[i], &b->designators[i]) != 0)
      return FALSE;
  for (guint i = 0; i < a->n_tests; i++)
    if (!test_equal (&a->tests[i], &b->tests[i]))
      return FALSE;
  for (guint i = 0; i < a->n_move_tests; i++)
    if (!test_equal (&a->move_tests[i], &b->move_tests[i]))
      return FALSE;
  return TRUE;
}

/* Two nested lists are the same if they have the same options and
 * transforms and their templates are equal (then their instances are). */
static gboolean
list_equal (const CqPositionList *a, const CqPositionList *b)
{
  return a->options == b->options && a->transforms == b->transforms
         && _cq_instance_equal (&a->template_, &b->template_);
}

static guint
designator_hash (const CqDesignator *d)
{
  return (guint) (d->squares ^ (d->squares >> 29) ^ (d->squares >> 47)) * 17u + d->pieces;
}

static guint
instance_hash (const CqInstance *instance)
{
  guint h = instance->conditions * 7u + instance->n_designators * 131u + instance->n_tests;

  for (guint i = 0; i < instance->n_designators; i++)
    h = h * 31u + designator_hash (&instance->designators[i]);
  for (guint i = 0; i < instance->n_tests; i++)
    {
      const CqTest *t = &instance->tests[i];

      h = h * 31u + t->kind * 3u + (guint) t->range.min;
      switch (t->kind)
        {
        case CQ_TEST_PIECECOUNT:
        case CQ_TEST_POWER:
          h = h * 31u + designator_hash (&t->u.designator);
          break;
        case CQ_TEST_POWERDIFFERENCE:
          h = h * 31u + designator_hash (&t->u.power.designator) + t->u.power.black_minus_white;
          break;
        case CQ_TEST_ATTACKCOUNT:
          h = h * 31u + designator_hash (&t->u.attack.attacker);
          h = h * 31u + designator_hash (&t->u.attack.target);
          break;
        case CQ_TEST_RAY:
          for (guint j = 0; j < t->u.ray.n_path; j++)
            h = h * 31u + designator_hash (&t->u.ray.path[j]);
          h = h * 31u + t->u.ray.directions;
          break;
        case CQ_TEST_AND:
        case CQ_TEST_OR:
        case CQ_TEST_SEQUENCE:
          for (guint j = 0; j < t->u.lists.n_lists; j++)
            h = h * 31u + instance_hash (&t->u.lists.lists[j]->template_);
          break;
        case CQ_TEST_TAGMATCH:
          h = h * 31u + designator_hash (&t->u.tagmatch.designator) + t->u.tagmatch.tag;
          break;
        case CQ_TEST_SUMRANGE:
          h = h * 31u + t->u.accumulator;
          break;
        case CQ_TEST_RELATION:
          break;
        default:
          h = h * 31u + t->u.result;
          break;
        }
    }
  for (guint i = 0; i < instance->n_move_tests; i++)
    {
      const CqTest *t = &instance->move_tests[i];

      h = h * 31u + t->kind + t->negate;
      if (t->kind != CQ_TEST_ENPASSANT)
        h = h * 31u + designator_hash (&t->u.designator);
    }
  return h;
}

/* ------------------------------------------------------------------ */
/* Transforming instances and lists                                    */

void
_cq_test_clear (CqTest *test)
{
  switch (test->kind)
    {
    case CQ_TEST_RAY:
      g_free (test->u.ray.path);
      break;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
    case CQ_TEST_SEQUENCE:
      for (guint i = 0; i < test->u.lists.n_lists; i++)
        _cq_position_list_free (test->u.lists.lists[i]);
      g_free (test->u.lists.lists);
      break;
    case CQ_TEST_RELATION:
      g_free (test->u.relation);
      break;
    default:
      break;
    }
}

void
_cq_instance_clear (CqInstance *instance)
{
  for (guint i = 0; i < instance->n_tests; i++)
    _cq_test_clear (&instance->tests[i]);
  for (guint i = 0; i < instance->n_move_tests; i++)
    _cq_test_clear (&instance->move_tests[i]);
  g_free (instance->designators);
  g_free (instance->tests);
  g_free (instance->move_tests);
  memset (instance, 0, sizeof *instance);
}

void
_cq_position_list_free (CqPositionList *list)
{
  if (list == NULL)
    return;
  for (guint i = 0; i < list->n_instances; i++)
    _cq_instance_clear (&list->instances[i]);
  g_free (list->instances);
  for (guint g = 0; g < list->n_groups; g++)
    g_free (list->groups[g].indices);
  g_free (list->groups);
  g_free (list->unanchored);
  _cq_instance_clear (&list->template_);
  g_free (list);
}

static CqPositionList *
list_transform (const CqPositionList *in, const CqTransform *t, guint64 *budget)
{
  CqPositionList *out = g_new0 (CqPositionList, 1);

  out->line = in->line;
  out->column = in->column;
  out->options = in->options;
  out->transforms = in->transforms;
  out->accumulator = in->accumulator;
  out->count_kind = in->count_kind;
  out->count = in->count;
  if (!_cq_instance_transform (&in->template_, t, &out->template_, budget)
      || !_cq_position_list_expand (out, budget))
    {
      _cq_position_list_free (out);
      return NULL;
    }
  return out;
}

/* Copies and transforms one test.  Returns FALSE (with @out cleared) if a
 * designator was pushed off the board or the budget ran out. */
static gboolean
test_transform (const CqTest *in, const CqTransform *t, CqTest *out, guint64 *budget)
{
  gboolean ok = TRUE;

  *out = *in;
  switch (in->kind)
    {
    case CQ_TEST_PIECECOUNT:
    case CQ_TEST_POWER:
    case CQ_TEST_MOVEFROM:
    case CQ_TEST_MOVETO:
    case CQ_TEST_PROMOTE:
      return _cq_transform_designator (t, &in->u.designator, &out->u.designator);
    case CQ_TEST_POWERDIFFERENCE:
      /* R7: a colour flip makes it black minus white. */
      if (t->color)
        out->u.power.black_minus_white = !in->u.power.black_minus_white;
      return _cq_transform_designator (t, &in->u.power.designator, &out->u.power.designator);
    case CQ_TEST_ATTACKCOUNT:
      ok = _cq_transform_designator (t, &in->u.attack.attacker, &out->u.attack.attacker);
      ok &= _cq_transform_designator (t, &in->u.attack.target, &out->u.attack.target);
      return ok;
    case CQ_TEST_RAY:
      out->u.ray.path = g_new (CqDesignator, in->u.ray.n_path);
      for (guint i = 0; i < in->u.ray.n_path; i++)
        ok &= _cq_transform_designator (t, &in->u.ray.path[i], &out->u.ray.path[i]);
      out->u.ray.directions = _cq_transform_directions (t, in->u.ray.directions);
      if (!ok)
        g_free (out->u.ray.path);
      return ok;
    case CQ_TEST_ELO:
      /* R7: :whiteelo <-> :blackelo. */
      if (t->color && in->u.elo.which != 0)
        out->u.elo.which = (guint8) (3 - in->u.elo.which);
      return TRUE;
    case CQ_TEST_RESULT:
      /* R7: 1-0 <-> 0-1. */
      if (t->color && in->u.result == CQ_RESULT_WHITE_WINS)
        out->u.result = CQ_RESULT_BLACK_WINS;
      else if (t->color && in->u.result == CQ_RESULT_BLACK_WINS)
        out->u.result = CQ_RESULT_WHITE_WINS;
      return TRUE;
    case CQ_TEST_TAGMATCH:
      /* R7: :tagmatch's designator is transformed; the tag is the same. */
      return _cq_transform_designator (t, &in->u.tagmatch.designator,
                                       &out->u.tagmatch.designator);
    case CQ_TEST_RELATION:
      /* R7: never transformed (its :pattern squares come from the
       * transformed instance at evaluation). */
      out->u.relation = g_memdup2 (in->u.relation, sizeof (CqRelation));
      return TRUE;
    case CQ_TEST_SUMRANGE:
      return TRUE;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
    case CQ_TEST_SEQUENCE:
      out->u.lists.lists = g_new0 (CqPositionList *, in->u.lists.n_lists);
      for (guint i = 0; i < in->u.lists.n_lists && ok; i++)
        {
          out->u.lists.lists[i] = list_transform (in->u.lists.lists[i], t, budget);
          ok = out->u.lists.lists[i] != NULL;
        }
      if (!ok)
        {
          for (guint i = 0; i < in->u.lists.n_lists; i++)
            _cq_position_list_free (out->u.lists.lists[i]);
          g_free (out->u.lists.lists);
        }
      return ok;
    case CQ_TEST_MOVENUMBER:
    case CQ_TEST_ENPASSANT:
    default:
      return TRUE;
    }
}

gboolean
_cq_instance_transform (const CqInstance *in, const CqTransform *t, CqInstance *out,
                        guint64 *budget)
{
  guint32 c = in->conditions;

  guint64 cost = CQ_INSTANCE_COST - 1 + in->n_designators;

  memset (out, 0, sizeof *out);
  /* The budget counts the work: one for each try, and what is made when
   * the designators stay on the board: the instance and its designators
   * (nested lists charge theirs as they are expanded). */
  if (*budget == 0)
    return FALSE;
  (*budget)--;

  /* R7: the colour flip swaps :wtm and :btm. */
  if (t->color)
    c = (c & ~(guint32) (CQ_COND_WTM | CQ_COND_BTM))
        | ((c & CQ_COND_WTM) ? CQ_COND_BTM : 0) | ((c & CQ_COND_BTM) ? CQ_COND_WTM : 0);
  out->conditions = c;

  out->designators = g_new (CqDesignator, MAX (in->n_designators, 1));
  for (guint i = 0; i < in->n_designators; i++)
    if (!_cq_transform_designator (t, &in->designators[i], &out->designators[i]))
      {
        _cq_instance_clear (out);
        return FALSE;
      }
  out->n_designators = in->n_designators;
  if (*budget < cost)
    {
      *budget = 0;
      _cq_instance_clear (out);
      return FALSE;
    }
  *budget -= cost;

  out->tests = g_new0 (CqTest, MAX (in->n_tests, 1));
  for (guint i = 0; i < in->n_tests; i++)
    {
      if (!test_transform (&in->tests[i], t, &out->tests[i], budget))
        {
          _cq_instance_clear (out);
          return FALSE;
        }
      out->n_tests = i + 1;
    }

  out->move_tests = g_new0 (CqTest, MAX (in->n_move_tests, 1));
  for (guint i = 0; i < in->n_move_tests; i++)
    {
      if (!test_transform (&in->move_tests[i], t, &out->move_tests[i], budget))
        {
          _cq_instance_clear (out);
          return FALSE;
        }
      out->n_move_tests = i + 1;
    }

  _cq_instance_normalise (out);
  return TRUE;
}

static guint
instance_hash_func (gconstpointer p)
{
  return instance_hash (p);
}

static gboolean
instance_equal_func (gconstpointer a, gconstpointer b)
{
  return _cq_instance_equal (a, b);
}

/* Below this many instances a list tries them all in turn. */
#define ANCHOR_MIN_INSTANCES 8

guint
_cq_piece_mask_weight (guint16 pieces)
{
  /* empty, P N B R Q K, p n b r q k */
  static const guint8 weight[CQ_N_PIECES] = { 32, 8, 2, 2, 2, 1, 1, 8, 2, 2, 2, 1, 1 };
  guint total = 0;

  for (int p = 0; p < CQ_N_PIECES; p++)
    if (pieces & CQ_PIECE_BIT (p))
      total += weight[p];
  return total;
}

/* The one-square designator of @instance that is most selective, or -1. */
static int
anchor_of (const CqInstance *instance)
{
  int best = -1;
  guint best_weight = G_MAXUINT;

  for (guint i = 0; i < instance->n_designators; i++)
    {
      const CqDesignator *d = &instance->designators[i];
      guint w;

      if (__builtin_popcountll (d->squares) != 1 || d->tag >= 0)
        continue;
      w = _cq_piece_mask_weight (d->pieces);
      if (w < best_weight)
        best = (int) i, best_weight = w;
    }
  return best;
}

void
_cq_anchor_index_build (const CqDesignator *const *anchors, guint n, CqAnchorGroup **groups_out,
                        guint *n_groups, guint32 **unanchored_out, guint *n_unanchored)
{
  g_autoptr(GArray) groups = g_array_new (FALSE, TRUE, sizeof (CqAnchorGroup));
  g_autoptr(GArray) unanchored = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree int *group_of = g_new (int, MAX (n, 1));
  g_autofree int *square_of = g_new (int, MAX (n, 1));

  /* Count the members per (group, square) in start[s + 1]. */
  for (guint i = 0; i < n; i++)
    {
      const CqDesignator *d = anchors[i];
      guint g;

      group_of[i] = -1;
      if (d == NULL)
        {
          guint32 index = i;

          g_array_append_val (unanchored, index);
          continue;
        }
      for (g = 0; g < groups->len; g++)
        if (g_array_index (groups, CqAnchorGroup, g).pieces == d->pieces)
          break;
      if (g == groups->len)
        {
          CqAnchorGroup group = { 0 };

          group.pieces = d->pieces;
          g_array_append_val (groups, group);
        }
      group_of[i] = (int) g;
      square_of[i] = __builtin_ctzll (d->squares);
      g_array_index (groups, CqAnchorGroup, g).squares |= d->squares;
      g_array_index (groups, CqAnchorGroup, g).start[square_of[i] + 1]++;
    }

  /* Offsets, then fill in member order. */
  for (guint g = 0; g < groups->len; g++)
    {
      CqAnchorGroup *group = &g_array_index (groups, CqAnchorGroup, g);

      for (int s = 0; s < 64; s++)
        group->start[s + 1] += group->start[s];
      group->indices = g_new (guint32, MAX (group->start[64], 1));
    }
  {
    g_autofree guint32 *fill = g_new0 (guint32, MAX (groups->len, 1) * 64);

    for (guint i = 0; i < n; i++)
      if (group_of[i] >= 0)
        {
          CqAnchorGroup *group = &g_array_index (groups, CqAnchorGroup, group_of[i]);
          guint32 *slot = &fill[group_of[i] * 64 + square_of[i]];

          group->indices[group->start[square_of[i]] + (*slot)++] = i;
        }
  }

  *n_groups = groups->len;
  *groups_out = (CqAnchorGroup *) g_array_free (g_steal_pointer (&groups), FALSE);
  *n_unanchored = unanchored->len;
  *unanchored_out = (guint32 *) g_array_free (g_steal_pointer (&unanchored), FALSE);
}

/* Builds @list's anchor index (#CqAnchorGroup) when it has many
 * instances.  Evaluation then visits, per position, the instances
 * anchored on occupied squares and the unanchored ones: the same matches
 * as trying every instance, found with a few bit operations per group. */
static void
list_index_anchors (CqPositionList *list)
{
  g_autofree const CqDesignator **anchors = NULL;

  if (list->n_instances < ANCHOR_MIN_INSTANCES)
    return;
  anchors = g_new (const CqDesignator *, list->n_instances);
  for (guint i = 0; i < list->n_instances; i++)
    {
      int a = anchor_of (&list->instances[i]);

      anchors[i] = a >= 0 ? &list->instances[i].designators[a] : NULL;
    }
  _cq_anchor_index_build (anchors, list->n_instances, &list->groups, &list->n_groups,
                          &list->unanchored, &list->n_unanchored);
}

static guint64
add_saturated (guint64 a, guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

static guint64
mul_saturated (guint64 a, guint64 b)
{
  return b != 0 && a > G_MAXUINT64 / b ? G_MAXUINT64 : a * b;
}

static guint64
instance_cost (const CqInstance *in, guint64 limit)
{
  guint64 cost = CQ_INSTANCE_COST + in->n_designators;
  const CqTest *sets[2] = { in->tests, in->move_tests };
  guint counts[2] = { in->n_tests, in->n_move_tests };

  for (guint k = 0; k < 2; k++)
    for (guint i = 0; i < counts[k]; i++)
      {
        const CqTest *test = &sets[k][i];

        if (test->kind == CQ_TEST_AND || test->kind == CQ_TEST_OR
            || test->kind == CQ_TEST_SEQUENCE)
          for (guint j = 0; j < test->u.lists.n_lists; j++)
            cost = add_saturated (cost, _cq_position_list_cost (test->u.lists.lists[j], limit));
      }
  return cost;
}

guint64
_cq_position_list_cost (const CqPositionList *list, guint64 limit)
{
  g_autoptr(GArray) members = _cq_transform_set (list->transforms);
  const CqInstance *in = &list->template_;
  guint64 each = instance_cost (in, limit);
  guint64 survivors = 0;

  /* Members whose designators all stay on the board make an instance;
   * the others cost one try each.  Counting stops once over @limit. */
  for (guint m = 0; m < members->len; m++)
    {
      if (add_saturated (m - survivors, mul_saturated (survivors, each)) > limit)
        return G_MAXUINT64;
      const CqTransform *t = &g_array_index (members, CqTransform, m);
      gboolean on_board = TRUE;

      for (guint i = 0; i < in->n_designators && on_board; i++)
        {
          CqDesignator d;

          on_board = _cq_transform_designator (t, &in->designators[i], &d);
        }
      survivors += on_board;
    }
  return add_saturated (members->len - survivors, mul_saturated (survivors, each));
}

gboolean
_cq_position_list_expand (CqPositionList *list, guint64 *budget)
{
  g_autoptr(GArray) members = _cq_transform_set (list->transforms);
  g_autoptr(GArray) instances = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (instance_hash_func, instance_equal_func);

  g_return_val_if_fail (list->n_instances == 0, FALSE);
  instances = g_array_sized_new (FALSE, FALSE, sizeof (CqInstance), members->len);

  for (guint m = 0; m < members->len; m++)
    {
      const CqTransform *t = &g_array_index (members, CqTransform, m);
      CqInstance instance;

      if (!_cq_instance_transform (&list->template_, t, &instance, budget))
        {
          if (*budget == 0)
            {
              for (guint i = 0; i < instances->len; i++)
                _cq_instance_clear (&g_array_index (instances, CqInstance, i));
              g_hash_table_remove_all (seen);
              return FALSE;
            }
          continue; /* pushed off the board (R7) */
        }
      if (g_hash_table_contains (seen, &instance))
        {
          _cq_instance_clear (&instance);
          continue;
        }
      /* @instances never reallocates (sized for every member), so the
       * table may point into it. */
      g_array_append_val (instances, instance);
      g_hash_table_add (seen, &g_array_index (instances, CqInstance, instances->len - 1));
    }

  list->n_instances = instances->len;
  list->instances = (CqInstance *) g_array_free (g_steal_pointer (&instances), FALSE);
  list_index_anchors (list);
  return TRUE;
}
