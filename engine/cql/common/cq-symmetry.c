/* cq-symmetry.c: what one symmetry of the board does to squares, pieces
 * and ray directions (manual "Transforms of piece designators"; rulings
 * R7).
 *
 * A member (#CqTransform) is a dihedral symmetry, then the colour flip,
 * then a shift with the CQL 3 edge rule.  CQL 3 builds its transform sets
 * from these (cql3/cq3-transform.c), CQL 6 its transform filters
 * (cql6/cq6-transform.c), the position search the images of a position
 * (anticipate/cq-anticipate.c).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"

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


void
_cq_transform_compose (const CqTransform *second, const CqTransform *first, CqTransform *out)
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
