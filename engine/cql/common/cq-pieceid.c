/* cq-pieceid.c: marks (rulings R11) and CQL 6 piece ids.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-pieceid.h"
#include "cql/common/cq-common-private.h"

#include <string.h>

guint
_cq_marks_initial (const CqPosition *root, guint8 marks[64])
{
  guint n = 0;

  for (int sq = 0; sq < 64; sq++)
    marks[sq] = root->board[sq] != CQ_EMPTY ? (guint8) n++ : CQ_PIECE_ID_NONE;
  return n;
}

void
_cq_marks_apply_move (guint8 marks[64], const CqMove *move)
{
  guint8 mark;

  if (move->flags & CQ_MOVE_NULL)
    return;
  mark = marks[move->from];
  if (move->flags & CQ_MOVE_EN_PASSANT)
    /* The pawn taken stands beside the moving one, on its rank. */
    marks[CQ_SQUARE (CQ_FILE (move->to), CQ_RANK (move->from))] = CQ_PIECE_ID_NONE;
  marks[move->from] = CQ_PIECE_ID_NONE;
  marks[move->to] = mark; /* a captured piece's mark leaves the board */
  if (move->flags & CQ_MOVE_CASTLE)
    {
      /* R4, R11: a king move of two squares; the rook's mark goes with it. */
      int rank = CQ_RANK (move->from);
      gboolean king_side = CQ_FILE (move->to) > CQ_FILE (move->from);
      int rook_from = CQ_SQUARE (king_side ? 7 : 0, rank);
      int rook_to = CQ_SQUARE (king_side ? 5 : 3, rank);

      marks[rook_to] = marks[rook_from];
      marks[rook_from] = CQ_PIECE_ID_NONE;
    }
}

guint
cq_game_piece_ids (const CqGame *game, const CqNode *node, guint8 ids[64])
{
  g_autofree const CqNode **path = NULL;
  guint depth = 0, n;

  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (ids != NULL, 0);

  memset (ids, CQ_PIECE_ID_NONE, 64);
  if (game->root == NULL || node == NULL)
    return 0;
  for (const CqNode *n2 = node; n2->parent != NULL; n2 = n2->parent)
    depth++;
  path = g_new (const CqNode *, MAX (depth, 1));
  {
    guint k = depth;

    for (const CqNode *n2 = node; n2->parent != NULL; n2 = n2->parent)
      path[--k] = n2;
  }
  n = _cq_marks_initial (&game->root->position, ids);
  for (guint k = 0; k < depth; k++)
    _cq_marks_apply_move (ids, &path[k]->move);
  return n;
}
