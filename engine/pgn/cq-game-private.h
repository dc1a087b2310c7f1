/* cq-game-private.h: internals shared by the files of the game object
 * (cq-game.c, cq-game-tags.c, cq-game-movetext.c).  Not part of the API.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "pgn/cq-game.h"
#include "pgn/cq-pgn-private.h"

G_BEGIN_DECLS

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline gboolean
is_space (char c)
{
  return is_blank (c) || c == '\n';
}

/* Records the first problem of @game as "file:line: game N: what"
 * (rulings R13); later problems are dropped.  @line: absolute line in the
 * input.  The message is cleaned of control characters (cq_message_clean()). */
void _cq_game_error (CqGame *game, guint64 line, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

/* Reads the tag section of @game's text (CqGamePrivate.text) into
 * game->tags, the tags' lines and keys, the first FEN and Variant values
 * and lines, and where the movetext starts (CqGamePrivate.movetext_offset
 * / _line).  @spans: the reader's spans of the first tag pairs
 * (#CqTagSpan, @n_spans; NULL and 0 when there are none, or when the text
 * is not the bytes the reader scanned), whose values are not searched for
 * again.  @setup_only: of the tags the spans give, only FEN and Variant
 * are kept (game->tags lacks them: the game is for a query that reads no
 * tag, CqGamePrivate.tags_unread); the same problems are found.
 * Problems are recorded with _cq_game_error(). */
void _cq_game_parse_tags (CqGame *game, const CqTagSpan *spans, guint n_spans,
                          gboolean setup_only);

/* Marks @game skipped (with its error) if its tags say it is not standard
 * chess: a `Variant` other than standard, or Chess960 castling in the FEN
 * (rulings R13: reported, never examined).  After _cq_game_parse_tags(). */
void _cq_game_check_standard (CqGame *game);


/* A new node of @game's tree below @parent, in @arena: @move (legal in
 * @parent's position, or a null move) played on a copy of that position,
 * its ply, no SAN, comment or NAG, no child or sibling yet; the caller
 * links it (@parent's first child or the last of its siblings) and sets
 * its @in_variation, and its @index (_cq_game_index_nodes()).  Inlined: the
 * reader makes one a ply. */
G_ALWAYS_INLINE static inline CqNode *
_cq_game_new_node (CqArena *arena, CqNode *parent, const CqMove *move)
{
  CqNode *n = _cq_arena_alloc (arena, sizeof *n);

  n->parent = parent;
  n->first_child = NULL;
  n->next_sibling = NULL;
  n->san = NULL;
  n->comments_before_ = NULL;
  n->comments_after_ = NULL;
  n->nags = NULL;
  n->n_nags = 0;
  n->position = parent->position;
  cq_position_make_move (&n->position, move);
  n->move = *move;
  n->ply = parent->ply + 1;
  n->line = parent->line;
  return n;
}

/* Numbers @game's @n_nodes nodes in pre-order (rulings R1: at each node
 * the mainline continuation first, then each variation in PGN order) and
 * sets game->n_nodes and the table of cq_game_get_node().  @n_siblings:
 * the nodes that are not their parent's first child.  @made: the nodes in
 * the order they were made (or NULL), which is pre-order when there is no
 * variation; it becomes the table then. */
void _cq_game_index_nodes (CqGame *game, guint n_nodes, guint n_siblings, CqNode **made);

G_END_DECLS
