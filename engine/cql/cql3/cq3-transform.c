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
 * What one member does to squares, pieces and directions is shared with
 * CQL 6 and the position search (common/cq-symmetry.c); canonical order,
 * equality and destruction of instances are in cq3-instance.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-private.h"

#include <stdlib.h>
#include <string.h>

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

                _cq_transform_compose (&g_array_index (last, CqTransform, j),
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
/* Transforming instances and lists                                    */

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
  return _cq_instance_hash (p);
}

static gboolean
instance_equal_func (gconstpointer a, gconstpointer b)
{
  return _cq_instance_equal (a, b);
}

/* Below this many instances a list tries them all in turn. */
#define ANCHOR_MIN_INSTANCES 8

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
