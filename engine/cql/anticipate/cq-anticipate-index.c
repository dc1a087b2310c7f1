/* cq-anticipate-index.c: the necessary condition on a game's summary of a
 * position search query (cq_query_get_index_condition(), docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game matches when one of its positions equals one of the searched
 * position's images (cq-anticipate.c), or, with pieces allowed to differ,
 * is within that many pieces of one: the `or` over the images of what an
 * image's position puts in the summary.  The side to move is not in the
 * summary.  Each leaf costs a pass over the index's columns, so an image
 * gives a score at most: the kinds absent (one leaf for all of them), the
 * count of each kind present but the kings (one of each in every position
 * a search reads), and a few pieces on their squares, the rarer kinds
 * first.
 */
#include "config.h"

#include "cql/anticipate/cq-anticipate-private.h"

/* The pieces of an image tested on their squares. */
#define MAX_SQUARE_LEAVES 4

/* The rarer kinds first: a queen or a rook on a given square says more of
 * a game than a king or a pawn there. */
static const CqPieceType kind_order[] = {
  CQ_QUEEN, CQ_ROOK, CQ_BISHOP, CQ_KNIGHT, CQ_PAWN, CQ_KING,
};

static CqIndexCondition *
image_condition (const Image *image, guint max_differ)
{
  CqIndexCondition *c = cq_index_condition_new_true ();
  guint16 absent = 0;
  guint n_squares = 0;

  for (guint p = CQ_WP; p <= CQ_BK; p++)
    {
      guint n;

      if (CQ_PIECE_TYPE (p) == CQ_KING)
        continue;
      n = (guint) __builtin_popcountll (image->pieces[p]);

      if (n == 0)
        absent |= CQ_PIECE_BIT (p);
      /* A piece added or removed changes its kind's count by one. */
      if (n > max_differ)
        c = cq_index_condition_and (c, cq_index_condition_new_count_at_least (
                                         CQ_PIECE_BIT (p), n - max_differ));
      if (n > 0 || max_differ > 0)
        c = cq_index_condition_and (c, cq_index_condition_new_count_at_most (
                                         CQ_PIECE_BIT (p), n + max_differ));
    }
  if (max_differ == 0 && absent != 0)
    c = cq_index_condition_and (c, cq_index_condition_new_count_at_most (absent, 0));

  /* Pieces on their squares: exact only (moved pieces are differences). */
  for (guint k = 0; k < G_N_ELEMENTS (kind_order) && max_differ == 0; k++)
    for (guint color = CQ_WHITE; color <= CQ_BLACK; color++)
      {
        CqPiece p = CQ_MAKE_PIECE (color, kind_order[k]);
        CqBitboard on = image->pieces[p];

        if (on == 0 || n_squares == MAX_SQUARE_LEAVES)
          continue;
        /* One square of the kind: the highest, away from where white
         * pieces usually begin. */
        c = cq_index_condition_and (c, cq_index_condition_new_squares (
                                         CQ_PIECE_BIT (p),
                                         CQ_BIT (63 - __builtin_clzll (on))));
        n_squares++;
      }
  return c;
}

CqIndexCondition *
_cq_anticipation_index_condition (const CqAnticipation *anticipation)
{
  CqIndexCondition *c = cq_index_condition_new_false ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < anticipation->n_images; i++)
    {
      CqIndexCondition *image = image_condition (&anticipation->images[i],
                                                 anticipation->max_differ);
      char *text = cq_index_condition_to_string (image);

      /* Images that differ only in what the summary does not hold (counts
       * are blind to a mirror) give one condition. */
      if (!g_hash_table_add (seen, text))
        cq_index_condition_free (image);
      else
        c = cq_index_condition_or (c, image);
    }
  return c;
}
