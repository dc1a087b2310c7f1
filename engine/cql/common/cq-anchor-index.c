/* cq-anchor-index.c: the index of the members of a transform set by the
 * one-square designator each must match (#CqAnchorGroup), so that a
 * position visits only the members anchored on its occupied squares.
 * CQL 3 lists (cql3/cq3-transform.c) and CQL 6 transform filters
 * (cql6/cq6-transform.c) build it over their members.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"

#include <string.h>

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
