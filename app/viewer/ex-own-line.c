/* ex-own-line.c: the line of moves the user plays on the viewer's board,
 * grafted onto the game's tree while the game is shown (see ex-own-line.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ex-own-line.h"

struct _ExOwnLine
{
  CqGame    *game;
  /* The user's nodes in order: nodes[0] hangs from a node of the game,
   * each next one is the previous one's first child. */
  GPtrArray *nodes;
};

static void
own_node_free (gpointer data)
{
  CqNode *node = data;

  g_free ((char *) node->san);
  g_free (node);
}

ExOwnLine *
ex_own_line_new (CqGame *game)
{
  ExOwnLine *line;

  g_return_val_if_fail (game != NULL, NULL);

  line = g_new0 (ExOwnLine, 1);
  line->game = game;
  line->nodes = g_ptr_array_new_with_free_func (own_node_free);
  return line;
}

void
ex_own_line_free (ExOwnLine *line)
{
  if (line == NULL)
    return;

  ex_own_line_clear (line);
  g_ptr_array_unref (line->nodes);
  g_free (line);
}

gboolean
ex_own_line_accepts (const CqGame *game)
{
  return game != NULL && game->root != NULL && game->error == NULL && !game->skipped;
}

/* Unlinks @node, the first child of its parent or its last variation,
 * from the tree. */
static void
unlink_node (CqNode *node)
{
  CqNode *parent = node->parent;

  if (parent->first_child == node)
    {
      parent->first_child = NULL;
      return;
    }
  for (CqNode *sibling = parent->first_child; sibling != NULL; sibling = sibling->next_sibling)
    if (sibling->next_sibling == node)
      {
        sibling->next_sibling = NULL;
        return;
      }
  g_assert_not_reached ();
}

/* Drops the user's moves from the @keep-th on. */
static void
truncate_line (ExOwnLine *line,
               guint      keep)
{
  if (keep >= line->nodes->len)
    return;

  unlink_node (g_ptr_array_index (line->nodes, keep));
  g_ptr_array_set_size (line->nodes, keep);
}

void
ex_own_line_clear (ExOwnLine *line)
{
  g_return_if_fail (line != NULL);

  truncate_line (line, 0);
}

static gboolean
same_move (const CqMove *a,
           const CqMove *b)
{
  return a->from == b->from && a->to == b->to && a->promotion == b->promotion
         && (a->flags & CQ_MOVE_NULL) == (b->flags & CQ_MOVE_NULL);
}

CqNode *
ex_own_line_play (ExOwnLine    *line,
                  CqNode       *from,
                  const CqMove *move,
                  gboolean     *added)
{
  CqMove legal[CQ_MAX_MOVES];
  char san[CQ_SAN_MAX + 1];
  gboolean is_legal = FALSE;
  CqNode *node;
  guint n_legal;

  g_return_val_if_fail (line != NULL && from != NULL && move != NULL, NULL);
  g_return_val_if_fail (ex_own_line_accepts (line->game), NULL);

  if (added != NULL)
    *added = FALSE;
  /* Whoever calls, only a legal move goes into the tree. */
  n_legal = cq_position_legal_moves (&from->position, legal);
  for (guint i = 0; i < n_legal && !is_legal; i++)
    is_legal = same_move (&legal[i], move);
  if (!is_legal)
    return NULL;

  for (CqNode *child = from->first_child; child != NULL; child = child->next_sibling)
    if (same_move (&child->move, move))
      return child;

  if (ex_own_line_contains (line, from))
    truncate_line (line, from->index - line->game->n_nodes + 1);
  else
    truncate_line (line, 0);

  node = g_new0 (CqNode, 1);
  node->parent = from;
  node->move = *move;
  node->position = from->position;
  cq_position_make_move (&node->position, move);
  if (cq_san_format (&from->position, move, san) > 0)
    node->san = g_strdup (san);
  node->index = line->game->n_nodes + line->nodes->len;
  node->ply = from->ply + 1;
  node->in_variation = TRUE;
  node->line = from->line;

  if (from->first_child == NULL)
    from->first_child = node;
  else
    {
      CqNode *last = from->first_child;

      while (last->next_sibling != NULL)
        last = last->next_sibling;
      last->next_sibling = node;
    }
  g_ptr_array_add (line->nodes, node);
  if (added != NULL)
    *added = TRUE;
  return node;
}

guint
ex_own_line_get_length (const ExOwnLine *line)
{
  g_return_val_if_fail (line != NULL, 0);

  return line->nodes->len;
}

CqNode *
ex_own_line_get_branch (const ExOwnLine *line)
{
  g_return_val_if_fail (line != NULL, NULL);

  return line->nodes->len > 0 ? ((CqNode *) g_ptr_array_index (line->nodes, 0))->parent : NULL;
}

CqNode *
ex_own_line_get_node (const ExOwnLine *line,
                      guint            index)
{
  g_return_val_if_fail (line != NULL, NULL);

  if (index < line->game->n_nodes || index - line->game->n_nodes >= line->nodes->len)
    return NULL;
  return g_ptr_array_index (line->nodes, index - line->game->n_nodes);
}

gboolean
ex_own_line_contains (const ExOwnLine *line,
                      const CqNode    *node)
{
  g_return_val_if_fail (line != NULL, FALSE);

  return node != NULL && ex_own_line_get_node (line, node->index) == node;
}
