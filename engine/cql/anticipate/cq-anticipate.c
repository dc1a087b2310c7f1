/* cq-anticipate.c: position searches: every game where a given position
 * occurs, exactly, up to its symmetries, or with a few pieces different.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The searched position is turned once into its images (the position
 * itself, then its mirrored and colour-reversed forms, by the transform
 * maps of cq3-transform.c), each held as the 12 piece bitboards and the
 * side to move.  A game's positions are then compared with each image:
 * an exact search is a comparison of the two occupancy bitboards and, when
 * they are equal, of the 12 piece bitboards; a search that lets pieces
 * differ first bounds the difference by the piece counts of each colour,
 * which rules out nearly every position of a game at the cost of two
 * popcounts, and only then counts the difference piece type by piece type.
 */
#include "cql/anticipate/cq-anticipate-private.h"

#include <string.h>

void
_cq_anticipation_free (CqAnticipation *anticipation)
{
  g_free (anticipation);
}

/* The image of @pos under @t (a dihedral map and the colour flip; no
 * shift), as the piece bitboards and the side to move. */
static void
image_init (Image *image, const CqPosition *pos, const CqTransform *t, CqMatchKind kind)
{
  memset (image, 0, sizeof *image);
  for (int p = CQ_WP; p <= CQ_BK; p++)
    {
      int q = __builtin_ctz (_cq_transform_pieces (t, CQ_PIECE_BIT (p)));

      image->pieces[q] = _cq_transform_squares (t, pos->pieces[p]);
      image->by_color[CQ_PIECE_COLOR (q)] |= image->pieces[q];
    }
  image->side_to_move = (guint8) (pos->side_to_move ^ (t->color ? 1 : 0));
  image->kind = (guint8) kind;
  image->count[0] = (guint8) __builtin_popcountll (image->by_color[0]);
  image->count[1] = (guint8) __builtin_popcountll (image->by_color[1]);
}

/* The images are built here once: the identity first, then (symmetric
 * mode) the mirror about the vertical bisector (files reversed) and the
 * colour flip of cq3-transform.c (ranks reversed, colours swapped), and
 * the two composed.  No image can equal another: the colour flip changes
 * the side to move, and the mirror moves each king to another file. */
CqQuery *
cq_query_new_for_position (const char *fen, CqPositionMatch mode, guint max_differ,
                           GError **error)
{
  g_autoptr(GError) fen_error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *full = NULL;
  g_auto(GStrv) fields = NULL;
  guint n_fields;
  CqAnticipation *anticipation;
  CqPosition pos;
  CqQuery *query;
  static const struct {
    guint8 dihedral;
    guint8 color;
    guint8 kind;
  } members[] = {
    { CQ_DIHEDRAL_IDENTITY, 0, CQ_MATCH_KIND_EXACT },
    { CQ_DIHEDRAL_VERTICAL, 0, CQ_MATCH_KIND_MIRRORED },
    { CQ_DIHEDRAL_IDENTITY, 1, CQ_MATCH_KIND_COLORS_REVERSED },
    { CQ_DIHEDRAL_VERTICAL, 1, CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED },
  };

  g_return_val_if_fail (fen != NULL, NULL);
  g_return_val_if_fail (mode == CQ_POSITION_MATCH_EXACT || mode == CQ_POSITION_MATCH_SYMMETRIC,
                        NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = g_strdup (fen);
  /* A pasted diagram often has the board and the side to move only. */
  fields = g_strsplit_set (g_strstrip (text), " \t", -1);
  n_fields = 0;
  for (guint i = 0; fields[i] != NULL; i++)
    if (fields[i][0] != '\0')
      n_fields++;
  if (n_fields == 2)
    full = g_strconcat (text, " - -", NULL);
  else if (n_fields == 3)
    full = g_strconcat (text, " -", NULL);
  if (!cq_position_set_fen (&pos, full != NULL ? full : text, &fen_error))
    {
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX, "%s", fen_error->message);
      return NULL;
    }
  if (max_differ > CQ_POSITION_MAX_DIFFER)
    {
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC,
                   "at most %d pieces may differ, not %u", CQ_POSITION_MAX_DIFFER, max_differ);
      return NULL;
    }

  anticipation = g_new0 (CqAnticipation, 1);
  anticipation->max_differ = max_differ;
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      CqTransform t;

      if (mode == CQ_POSITION_MATCH_EXACT && i > 0)
        break;
      /* Castling is not symmetric left to right: with castling rights the
       * mirrored position is another problem. */
      if (members[i].dihedral != CQ_DIHEDRAL_IDENTITY && pos.castling != 0)
        continue;
      _cq_transform_identity (&t);
      t.dihedral = members[i].dihedral;
      t.color = members[i].color;
      image_init (&anticipation->images[anticipation->n_images++], &pos, &t,
                  members[i].kind);
    }

  query = g_new0 (CqQuery, 1);
  query->accumulators = g_ptr_array_new_with_free_func (g_free);
  query->position = anticipation;
  return query;
}

gboolean
cq_query_is_position_search (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->position != NULL;
}

/* The pieces to add, remove or move elsewhere to turn @pos into @image
 * (see cq_query_new_for_position()), or more than @limit as soon as that
 * is known; the squares whose contents differ go to @squares. */
static guint
image_distance (const Image *image, const CqPosition *pos, guint limit, CqBitboard *squares)
{
  guint d = 0;
  CqBitboard differ = 0;

  for (int p = CQ_WP; p <= CQ_BK && d <= limit; p++)
    {
      CqBitboard extra = pos->pieces[p] & ~image->pieces[p];
      CqBitboard missing = image->pieces[p] & ~pos->pieces[p];

      d += (guint) MAX (__builtin_popcountll (extra), __builtin_popcountll (missing));
      differ |= extra | missing;
    }
  *squares = differ;
  return d;
}

gboolean
_cq_anticipation_match_game (const CqAnticipation *anticipation, const CqGame *game,
                             GArray *out)
{
  gboolean matched = FALSE;
  guint limit = anticipation->max_differ;

  for (guint i = 0; i < game->n_nodes; i++)
    {
      const CqPosition *pos = &cq_game_get_node (game, i)->position;
      CqMatchedPosition best = { .node = i, .kind = CQ_MATCH_KIND_QUERY };
      guint best_d = G_MAXUINT;

      if ((i & 4095) == 4095 && cq_game_is_stopped (game))
        return FALSE;
      if (limit == 0)
        {
          /* Equal occupancy first: it rules out nearly every position. */
          for (guint k = 0; k < anticipation->n_images; k++)
            {
              const Image *image = &anticipation->images[k];

              if (pos->by_color[0] == image->by_color[0]
                  && pos->by_color[1] == image->by_color[1]
                  && pos->side_to_move == image->side_to_move
                  && memcmp (pos->pieces + CQ_WP, image->pieces + CQ_WP,
                             12 * sizeof (CqBitboard)) == 0)
                {
                  best.kind = image->kind;
                  best_d = 0;
                  break;
                }
            }
        }
      else
        {
          int count[2] = { __builtin_popcountll (pos->by_color[0]),
                           __builtin_popcountll (pos->by_color[1]) };

          for (guint k = 0; k < anticipation->n_images && best_d > 0; k++)
            {
              const Image *image = &anticipation->images[k];
              CqBitboard squares;
              guint d;

              /* A piece added or removed changes its colour's count by
               * one, a piece moved none: the counts bound the distance. */
              if (pos->side_to_move != image->side_to_move
                  || (guint) (ABS (count[0] - image->count[0])
                              + ABS (count[1] - image->count[1])) > limit)
                continue;
              d = image_distance (image, pos, MIN (limit, best_d - 1), &squares);
              if (d <= limit && d < best_d)
                {
                  best_d = d;
                  best.kind = image->kind;
                  best.n_differ = (guint8) d;
                  best.squares = squares;
                }
            }
        }
      if (best_d == G_MAXUINT)
        continue;
      matched = TRUE;
      if (out == NULL)
        return TRUE;
      g_array_append_val (out, best);
    }
  return matched;
}

char *
cq_match_describe (const CqMatchedPosition *position)
{
  static const char *const kinds[] = {
    [CQ_MATCH_KIND_QUERY] = "",
    [CQ_MATCH_KIND_EXACT] = "exact",
    [CQ_MATCH_KIND_MIRRORED] = "mirrored",
    [CQ_MATCH_KIND_COLORS_REVERSED] = "colours reversed",
    [CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED] = "mirrored, colours reversed",
  };
  GString *text;

  g_return_val_if_fail (position != NULL, NULL);

  if (position->kind == CQ_MATCH_KIND_QUERY || position->kind >= G_N_ELEMENTS (kinds))
    return g_strdup ("");
  text = g_string_new (kinds[position->kind]);
  if (position->squares != 0)
    {
      g_string_append (text, ", differs on");
      for (CqBitboard s = position->squares; s != 0; s &= s - 1)
        {
          char name[3];

          cq_square_name (__builtin_ctzll (s), name);
          g_string_append_printf (text, " %s", name);
        }
    }
  return g_string_free (text, FALSE);
}
