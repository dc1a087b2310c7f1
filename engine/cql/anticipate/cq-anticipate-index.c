/* cq-anticipate-index.c: the necessary condition on a game's summary of a
 * position search query (cq_query_get_index_condition(), docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game matches when one of its positions equals one of the searched
 * position's images (cq-anticipate.c), or, with pieces allowed to differ,
 * is within that many pieces of one: the `or` over the images of what an
 * image's position puts in the summary.  The side to move is not in the
 * summary's counts and squares, but is in the positions' keys: an exact
 * search (no piece may differ) asks that the game's filter of keys may
 * hold the image's key (cq-zobrist.h: the pieces on their squares and the
 * side to move, which is what an exact match compares).  Each count or
 * squares leaf costs a pass over the index's columns (a count, one over
 * each kind it sums), so an image gives a dozen at most: counts of a few
 * groups of kinds, and eight pieces on their squares; the key is tested
 * only on the games those leave.
 */
#include "config.h"

#include "chess/cq-zobrist.h"
#include "cql/anticipate/cq-anticipate-private.h"

/* The pieces of an image tested on their squares. */
#define MAX_SQUARE_LEAVES 8

/* The rarer kinds first: a queen or a rook on a given square says more of
 * a game than a pawn there; the kings, everywhere, last. */
static const CqPieceType kind_order[] = {
  CQ_QUEEN, CQ_ROOK, CQ_BISHOP, CQ_KNIGHT, CQ_PAWN, CQ_KING,
};

/* What a position within @max_differ pieces of @image (cq-anticipate.c:
 * the sum over kinds of the pieces added or removed, a moved piece
 * counting once) puts in the summary:
 * - the pawns of each colour and the kinds absent from @image: at most
 *   @max_differ more than @image has (pawns are selective: they only go);
 * - the other kinds present (pieces allowed to differ): together, at most
 *   @max_differ fewer;
 * - exact only: a few pieces on their squares, and @image's key. */
static CqIndexCondition *
image_condition (const Image *image, guint max_differ)
{
  CqIndexCondition *c = cq_index_condition_new_true ();
  guint16 absent = 0, present = 0;
  guint n_present = 0, n_squares = 0;

  for (guint p = CQ_WP; p <= CQ_BK; p++)
    {
      guint n = (guint) __builtin_popcountll (image->pieces[p]);

      if (CQ_PIECE_TYPE (p) == CQ_PAWN)
        c = cq_index_condition_and (c, cq_index_condition_new_count_at_most (
                                         CQ_PIECE_BIT (p), n + max_differ));
      else if (n == 0)
        absent |= CQ_PIECE_BIT (p);
      else if (CQ_PIECE_TYPE (p) != CQ_KING)
        {
          present |= CQ_PIECE_BIT (p);
          n_present += n;
        }
    }
  if (absent != 0)
    c = cq_index_condition_and (c, cq_index_condition_new_count_at_most (absent, max_differ));
  /* (Exact: the squares below say as much.) */
  if (max_differ > 0 && n_present > max_differ)
    c = cq_index_condition_and (c, cq_index_condition_new_count_at_least (
                                     present, n_present - max_differ));

  /* Pieces on their squares: exact only (a moved piece is a difference). */
  for (guint k = 0; k < G_N_ELEMENTS (kind_order) && max_differ == 0; k++)
    for (guint color = CQ_WHITE; color <= CQ_BLACK; color++)
      {
        CqPiece p = CQ_MAKE_PIECE (color, kind_order[k]);

        for (CqBitboard on = image->pieces[p]; on != 0 && n_squares < MAX_SQUARE_LEAVES;
             on &= on - 1)
          {
            c = cq_index_condition_and (c, cq_index_condition_new_squares (
                                             CQ_PIECE_BIT (p), CQ_BIT (__builtin_ctzll (on))));
            n_squares++;
          }
      }
  if (max_differ == 0)
    {
      guint64 key = _cq_pieces_key (image->pieces, image->side_to_move);

      /* Last: the filters are tested on the games the rest leaves. */
      c = cq_index_condition_and (c, cq_index_condition_new_keys (&key, 1));
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
