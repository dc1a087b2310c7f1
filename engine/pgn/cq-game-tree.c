/* cq-game-tree.c: a game made from its moves rather than read from its
 * text (cq_game_new_tree(), cq-game.h): the same nodes as the PGN reader
 * makes (_cq_game_new_node(), _cq_game_index_nodes()), without the text.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pgn/cq-game-private.h"

CqGame *
cq_game_new_tree (const CqPosition *start, guint n_moves, const CqGameSource *source,
                  const char *filename)
{
  CqGame *game;
  CqGamePrivate *priv;
  CqNode *root;

  g_return_val_if_fail (start != NULL, NULL);

  /* An empty text: no tags, no movetext; the game's arena and its
   * private part are made as for any game. */
  game = _cq_game_new_with_tag_spans ("", 0, source, filename, NULL, 0, FALSE, NULL);
  priv = CQ_GAME_PRIVATE (game);
  priv->parsed = TRUE;
  /* The nodes in one more block (the first holds the game itself). */
  priv->arena.next_size = MAX (priv->arena.next_size,
                               MIN ((n_moves + 2) * sizeof (CqNode), (gsize) 4 << 20));
  root = _cq_arena_alloc0 (&priv->arena, sizeof *root);
  root->position = *start;
  root->line = game->source.line;
  game->root = root;
  game->n_nodes = 1;
  priv->tree_siblings = 0;
  return game;
}

CqNode *
cq_game_add_move (CqGame *game, CqNode *parent, const CqMove *move)
{
  CqGamePrivate *priv;
  CqNode *n;

  g_return_val_if_fail (game != NULL && parent != NULL && move != NULL, NULL);

  priv = CQ_GAME_PRIVATE (game);
  n = _cq_game_new_node (&priv->arena, parent, move);
  n->index = game->n_nodes++;
  if (parent->first_child == NULL)
    {
      parent->first_child = n;
      n->in_variation = parent->in_variation;
    }
  else
    {
      CqNode *c = parent->first_child;

      while (c->next_sibling)
        c = c->next_sibling;
      c->next_sibling = n;
      n->in_variation = TRUE;
      priv->tree_siblings++;
    }
  return n;
}

void
cq_game_end_tree (CqGame *game)
{
  CqGamePrivate *priv;

  g_return_if_fail (game != NULL && game->root != NULL);

  priv = CQ_GAME_PRIVATE (game);
  _cq_game_index_nodes (game, game->n_nodes, priv->tree_siblings, NULL);
}
