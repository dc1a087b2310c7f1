/* cq3-across.c: the CQL 3 keywords that look across positions:
 * :sequence and :gappedsequence (rulings R9) and :relation (R10), with
 * the per-game index of positions by material that :relation uses on long
 * games.  Called from the evaluator's per-keyword test (cq3-eval.c).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-eval-private.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Sequences (rulings R9)                                              */

/* :sequence: L_j matches @node and, unless it is the last, L_j+1 ... match
 * from a next position: the mainline move's, or with variations any
 * continuation (backtracking).  At most n_lists deep. */
static gboolean
sequence_from (const CqTest *test, guint j, const CqNode *node, const EvalGame *g)
{
  CqBitboard squares;

  if (!_cq3_list_matches_node (test->u.lists.lists[j], node, g, &squares))
    return FALSE;
  if (j + 1 == test->u.lists.n_lists)
    return TRUE;
  for (const CqNode *child = node->first_child; child != NULL;
       child = test->u.lists.variations ? child->next_sibling : NULL)
    if (sequence_from (test, j + 1, child, g))
      return TRUE;
  return FALSE;
}

/* :gappedsequence at every node of the game, computed once per game (and
 * :forany binding) from the leaves up, so that the whole game costs one
 * evaluation of each element per node rather than one walk to the end of
 * the game per node.  G_j(v), "L_j ... L_n can be placed at v or after
 * it along a line", is G_j(c) for a next position c, or L_j matches v and
 * (j is last, or G_j+1(c) for a next position c).  Node indices are in
 * pre-order, so children come after their parent. */
static const guint8 *
gapped_table (const CqTest *test, const EvalGame *g)
{
  const CqGame *game = g->game;
  guint n_nodes = game->n_nodes;
  guint8 *table = g_hash_table_lookup (g->gapped, test);
  guint8 *cur, *next;

  if (table != NULL)
    return table;
  cur = g_new0 (guint8, n_nodes);
  next = g_new0 (guint8, n_nodes);
  for (guint j = test->u.lists.n_lists; j-- > 0;)
    {
      gboolean last = j + 1 == test->u.lists.n_lists;
      gboolean any = FALSE;

      for (guint i = n_nodes; i-- > 0;)
        {
          const CqNode *node = cq_game_get_node (game, i);
          gboolean later = FALSE, after = last;
          CqBitboard squares;

          for (const CqNode *child = node->first_child; child != NULL;
               child = test->u.lists.variations ? child->next_sibling : NULL)
            {
              later |= cur[child->index];
              after |= next[child->index];
            }
          cur[i] = later || (after && _cq3_list_matches_node (test->u.lists.lists[j], node, g,
                                                         &squares));
          any |= cur[i];
        }
      { guint8 *t = next; next = cur; cur = t; }
      memset (cur, 0, n_nodes);
      /* L_j ... L_n fit nowhere, so neither do L_1 ... L_n: all zero. */
      if (!any)
        break;
    }
  g_free (cur);
  g_hash_table_insert (g->gapped, (gpointer) test, next);
  return next;
}

gboolean
_cq3_sequence_holds (const CqTest *test, const CqNode *node, const EvalGame *g)
{
  if (test->u.lists.gapped)
    return gapped_table (test, g)[node->index] != 0;
  return sequence_from (test, 0, node, g);
}

/* ------------------------------------------------------------------ */
/* Relations (rulings R10)                                             */

/* The image of square @sq under the dihedral symmetry @d (#CqDihedral). */
static inline void
dihedral_map (int d, int sq, int *f, int *r)
{
  int x = CQ_FILE (sq), y = CQ_RANK (sq);

  switch (d)
    {
    case CQ_DIHEDRAL_IDENTITY:    *f = x;     *r = y;     break;
    case CQ_DIHEDRAL_VERTICAL:    *f = 7 - x; *r = y;     break;
    case CQ_DIHEDRAL_HORIZONTAL:  *f = x;     *r = 7 - y; break;
    case CQ_DIHEDRAL_ROTATE_180:  *f = 7 - x; *r = 7 - y; break;
    case CQ_DIHEDRAL_DIAGONAL:    *f = y;     *r = x;     break;
    case CQ_DIHEDRAL_OFFDIAGONAL: *f = 7 - y; *r = 7 - x; break;
    case CQ_DIHEDRAL_ROTATE_90:   *f = y;     *r = 7 - x; break;
    default:                      *f = 7 - y; *r = x;     break;
    }
}

/* P1 against T(P2), T = the symmetry @d then the translation (dx, dy)
 * (pieces moved off the board vanish): on the allowable squares no
 * square holds different pieces, and the missing and new pieces match
 * their designators and ranges (R10). */
static gboolean
relation_transformed (const CqRelation *rel, CqBitboard allowable, const CqPosition *p1,
                      const CqPosition *p2, int d, int dx, int dy)
{
  guint8 image[64];
  gint64 missing = 0, added = 0;

  memset (image, CQ_EMPTY, sizeof image);
  for (CqBitboard occ = ~p2->pieces[CQ_EMPTY]; occ != 0; occ &= occ - 1)
    {
      int q = __builtin_ctzll (occ), f, r;

      dihedral_map (d, q, &f, &r);
      f += dx;
      r += dy;
      if (f >= 0 && f < 8 && r >= 0 && r < 8)
        image[CQ_SQUARE (f, r)] = p2->board[q];
    }
  for (CqBitboard a = allowable; a != 0; a &= a - 1)
    {
      int s = __builtin_ctzll (a);
      int x = p1->board[s], y = image[s];

      if (x == y)
        continue;
      if (x != CQ_EMPTY && y != CQ_EMPTY)
        return FALSE;
      if (x != CQ_EMPTY)
        {
          if (!(rel->missing.pieces & CQ_PIECE_BIT (x)) || !(rel->missing.squares & CQ_BIT (s))
              || ++missing > rel->missing_range.max)
            return FALSE;
        }
      else if (!(rel->added.pieces & CQ_PIECE_BIT (y)) || !(rel->added.squares & CQ_BIT (s))
               || ++added > rel->added_range.max)
        return FALSE;
    }
  return in_range (&rel->missing_range, missing) && in_range (&rel->added_range, added);
}

/* Do P1 and P2 stand in the relation (R10)? */
static gboolean
relation_pair (const CqRelation *rel, CqBitboard allowable, const CqPosition *p1,
               const CqPosition *p2)
{
  CqBitboard occ1 = ~p1->pieces[CQ_EMPTY], occ2 = ~p2->pieces[CQ_EMPTY];
  CqBitboard same = 0;
  int n_dihedral;

  if ((rel->side == CQ_RELATION_SAMESIDE && p1->side_to_move != p2->side_to_move)
      || (rel->side == CQ_RELATION_CHANGESIDE && p1->side_to_move == p2->side_to_move))
    return FALSE;

  /* The original counts compare P1 with the untransformed P2. */
  for (int p = 0; p < CQ_N_PIECES; p++)
    same |= p1->pieces[p] & p2->pieces[p];
  if ((rel->flags & CQ_RELATION_HAS_SAME)
      && !in_range (&rel->same, popcount64 (same & occ1 & allowable)))
    return FALSE;
  if ((rel->flags & CQ_RELATION_HAS_DIFFERENT)
      && !in_range (&rel->different, popcount64 (~same & allowable)))
    return FALSE;

  if (!(rel->flags & (CQ_RELATION_SHIFT | CQ_RELATION_FLIP)))
    {
      /* T is the identity: a few bit operations. */
      CqBitboard missing = occ1 & ~occ2 & allowable, added = occ2 & ~occ1 & allowable;

      if (occ1 & occ2 & ~same & allowable)
        return FALSE;
      if (missing & ~designator_hits (&rel->missing, p1, NULL))
        return FALSE;
      if (added & ~designator_hits (&rel->added, p2, NULL))
        return FALSE;
      return in_range (&rel->missing_range, popcount64 (missing))
             && in_range (&rel->added_range, popcount64 (added));
    }

  n_dihedral = (rel->flags & CQ_RELATION_FLIP) ? 8 : 1;
  if (rel->missing_range.max == 0 && (occ1 & allowable) != 0)
    {
      /* No piece may go missing, so some piece of P2 lands on the first
       * occupied allowable square s0 of P1, with the same piece: that
       * fixes the translation for each symmetry. */
      int s0 = __builtin_ctzll (occ1 & allowable);

      for (int d = 0; d < n_dihedral; d++)
        for (CqBitboard q = p2->pieces[p1->board[s0]]; q != 0; q &= q - 1)
          {
            int f, r, dx, dy;

            dihedral_map (d, __builtin_ctzll (q), &f, &r);
            dx = CQ_FILE (s0) - f;
            dy = CQ_RANK (s0) - r;
            if (!(rel->flags & CQ_RELATION_SHIFT) && (dx != 0 || dy != 0))
              continue;
            if (relation_transformed (rel, allowable, p1, p2, d, dx, dy))
              return TRUE;
          }
      return FALSE;
    }

  for (int d = 0; d < n_dihedral; d++)
    {
      int limit = (rel->flags & CQ_RELATION_SHIFT) ? 7 : 0;

      for (int dx = -limit; dx <= limit; dx++)
        for (int dy = -limit; dy <= limit; dy++)
          if (relation_transformed (rel, allowable, p1, p2, d, dx, dy))
            return TRUE;
    }
  return FALSE;
}

/* R10 on long games.  Comparing each position with every later one of
 * its line is quadratic; but without :shift and :pattern, and with
 * :missingpiececount / :newpiececount designators over the whole board,
 * the material of P1 and P2 alone rules most pairs out: the pieces of each
 * kind that go missing minus those that are new equal the change in that
 * kind's count.  So the positions of each line of play are grouped by
 * material signature (a count per piece kind), and P1 is compared only with
 * the later positions of the groups whose signature allows the relation:
 * O(n x signatures) instead of O(n^2), the same answers. */


static guint64
material_signature (const CqPosition *pos, gboolean *overflow)
{
  guint64 sig = 0;

  for (int p = CQ_WP; p <= CQ_BK; p++)
    {
      int n = popcount64 (pos->pieces[p]);

      if (n > 15)
        *overflow = TRUE;
      sig |= (guint64) MIN (n, 15) << (4 * (p - CQ_WP));
    }
  return sig;
}

typedef struct {
  guint32 line;
  guint64 sig;
  guint32 order;
  const CqNode *node;
} IndexEntry;

static int
index_entry_compare (const void *a, const void *b)
{
  const IndexEntry *x = a, *y = b;

  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->sig != y->sig)
    return x->sig < y->sig ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void
relation_index_build (RelationIndex *ri, const CqGame *game)
{
  guint n = game->n_nodes;
  g_autofree IndexEntry *e = g_new (IndexEntry, n);
  gboolean overflow = FALSE;

  ri->built = TRUE;
  ri->line = g_new (guint32, n);
  ri->order = g_new (guint32, n);
  /* A node starts a line unless it is its parent's first child; pre-order
   * visits a parent before its children. */
  for (guint i = 0; i < n; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);

      if (node->parent != NULL && node->parent->first_child == node)
        {
          ri->line[i] = ri->line[node->parent->index];
          ri->order[i] = ri->order[node->parent->index] + 1;
        }
      else
        {
          ri->line[i] = i;
          ri->order[i] = 0;
        }
      e[i].line = ri->line[i];
      e[i].order = ri->order[i];
      e[i].sig = material_signature (&node->position, &overflow);
      e[i].node = node;
    }
  ri->usable = !overflow;
  if (!ri->usable)
    return;
  qsort (e, n, sizeof *e, index_entry_compare);
  ri->entries = g_new (const CqNode *, n);
  ri->runs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < n;)
    {
      guint j = i;
      GArray *runs = g_hash_table_lookup (ri->runs, GUINT_TO_POINTER (e[i].line));
      SignatureRun run;

      while (j < n && e[j].line == e[i].line && e[j].sig == e[i].sig)
        {
          ri->entries[j] = e[j].node;
          j++;
        }
      if (runs == NULL)
        {
          runs = g_array_new (FALSE, FALSE, sizeof (SignatureRun));
          g_hash_table_insert (ri->runs, GUINT_TO_POINTER (e[i].line), runs);
        }
      run.sig = e[i].sig;
      run.start = i;
      run.end = j;
      g_array_append_val (runs, run);
      i = j;
    }
}

void
_cq3_relation_index_clear (RelationIndex *ri)
{
  g_free (ri->line);
  g_free (ri->order);
  g_free (ri->entries);
  g_clear_pointer (&ri->runs, g_hash_table_unref);
}

/* Can positions with material @s1 and @s2 stand in @rel (no shift, no
 * pattern, whole-board designators)?  With m(t) pieces of kind t missing
 * and a(t) new, m(t) - a(t) = count1(t) - count2(t); a kind outside the
 * missing (new) designator can have none missing (new). */
static gboolean
signatures_allow (const CqRelation *rel, guint64 s1, guint64 s2)
{
  gint64 m0 = 0, a0 = 0, lo, hi;
  gboolean overlap = FALSE;

  for (int p = CQ_WP; p <= CQ_BK; p++)
    {
      int shift = 4 * (p - CQ_WP);
      int d = (int) ((s1 >> shift) & 15) - (int) ((s2 >> shift) & 15);
      gboolean in_missing = (rel->missing.pieces & CQ_PIECE_BIT (p)) != 0;
      gboolean in_added = (rel->added.pieces & CQ_PIECE_BIT (p)) != 0;

      if ((d > 0 && !in_missing) || (d < 0 && !in_added))
        return FALSE;
      overlap |= in_missing && in_added;
      if (d > 0)
        m0 += d;
      else
        a0 -= d;
    }
  /* k more pieces may go missing and come back elsewhere (same kind). */
  lo = MAX (0, MAX (rel->missing_range.min - m0, rel->added_range.min - a0));
  hi = MIN (rel->missing_range.max - m0, rel->added_range.max - a0);
  if (!overlap)
    hi = MIN (hi, 0);
  return lo <= hi;
}

static gboolean
relation_index_applies (const CqRelation *rel)
{
  return !(rel->flags & (CQ_RELATION_PATTERN | CQ_RELATION_SHIFT | CQ_RELATION_VARIATIONS
                         | CQ_RELATION_VARIATIONSONLY))
         && rel->missing.squares == CQ_SQUARES_ALL && rel->added.squares == CQ_SQUARES_ALL
         && rel->missing.tag < 0 && rel->added.tag < 0;
}

/* The later positions of @node's line whose material allows @rel. */
static gboolean
relation_holds_indexed (const CqRelation *rel, CqBitboard allowable, const EvalGame *g,
                        RelationIndex *ri, const CqNode *node)
{
  GArray *runs = g_hash_table_lookup (ri->runs, GUINT_TO_POINTER (ri->line[node->index]));
  gboolean overflow = FALSE;
  guint64 s1 = material_signature (&node->position, &overflow);
  guint32 after = ri->order[node->index];
  guint steps = 0;

  for (guint r = 0; r < runs->len; r++)
    {
      const SignatureRun *run = &g_array_index (runs, SignatureRun, r);
      guint32 lo = run->start, hi = run->end;

      if (!signatures_allow (rel, s1, run->sig))
        continue;
      /* The first entry of the run after @node in the line. */
      while (lo < hi)
        {
          guint32 mid = lo + (hi - lo) / 2;

          if (ri->order[ri->entries[mid]->index] <= after)
            lo = mid + 1;
          else
            hi = mid;
        }
      for (guint32 k = lo; k < run->end; k++)
        {
          if (relation_pair (rel, allowable, &node->position, &ri->entries[k]->position))
            return TRUE;
          if (G_UNLIKELY (++steps % 64 == 0) && cq_game_is_stopped (g->game))
            return FALSE;
        }
    }
  return FALSE;
}

/* Games of more positions than this look for a stop inside a walk. */
#define RELATION_WATCH_FROM 4096

gboolean
_cq3_relation_holds (const CqRelation *rel, CqBitboard allowable, const EvalGame *g,
                const CqNode *node)
{
  const CqPosition *p1 = &node->position;
  guint steps = 0;

  if (g->relations != NULL && relation_index_applies (rel))
    {
      RelationIndex *ri = g->relations;

      if (!ri->built)
        relation_index_build (ri, g->game);
      if (ri->usable)
        return relation_holds_indexed (rel, allowable, g, ri, node);
    }

  /* The walk can cover the rest of a long game for each position: a
   * stopped search (cq_game_set_stop_flag()) ends it, looked at every
   * 64 positions.  In a game of at most RELATION_WATCH_FROM positions a
   * walk is short (a few milliseconds at worst, with :shift) and the
   * search looks between walks: there the mainline walk, the usual one,
   * has no test in its loop (the test cost 5% of a :relation query). */
  if (!(rel->flags & (CQ_RELATION_VARIATIONS | CQ_RELATION_VARIATIONSONLY)))
    {
      if (g->game->n_nodes <= RELATION_WATCH_FROM)
        {
          for (const CqNode *n2 = node->first_child; n2 != NULL; n2 = n2->first_child)
            if (relation_pair (rel, allowable, p1, &n2->position))
              return TRUE;
          return FALSE;
        }
      for (const CqNode *n2 = node->first_child; n2 != NULL; n2 = n2->first_child)
        {
          if (relation_pair (rel, allowable, p1, &n2->position))
            return TRUE;
          if (G_UNLIKELY (++steps % 64 == 0) && cq_game_is_stopped (g->game))
            return FALSE;
        }
      return FALSE;
    }

  /* Pre-order walk of the subtree below @node, without recursion. */
  for (const CqNode *n2 = node->first_child; n2 != NULL;)
    {
      if (G_UNLIKELY (++steps % 64 == 0) && cq_game_is_stopped (g->game))
        return FALSE;
      if ((!(rel->flags & CQ_RELATION_VARIATIONSONLY) || n2->in_variation)
          && relation_pair (rel, allowable, p1, &n2->position))
        return TRUE;
      if (n2->first_child != NULL)
        n2 = n2->first_child;
      else
        {
          while (n2 != node && n2->next_sibling == NULL)
            n2 = n2->parent;
          if (n2 == node)
            break;
          n2 = n2->next_sibling;
        }
    }
  return FALSE;
}
