/* ex-own-line.h: the line of moves the user plays on the viewer's board,
 * grafted onto the game's tree while the game is shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/**
 * ExOwnLine:
 *
 * The user's moves from one position of a #CqGame: a chain of #CqNode
 * allocated here (not in the game's arena) and linked into the game's tree
 * as the last variation of the position they start from, or as its
 * continuation when the line ends there.  Linked in, they are walked like
 * the game's own nodes by everything that follows the tree's pointers: the
 * move list's layout, navigation, piece ids and the PGN writer
 * (cq_pgn_write_game(), which then writes them as a variation).  Their
 * indices follow the game's: the game's @n_nodes, plus one per move, so
 * that tables sized by the game's nodes tell them apart.  The game's file
 * is never written.
 *
 * Only games read without error take moves (ex_own_line_accepts()): the
 * PGN writer keeps the unread text of a damaged game in a table indexed
 * by the game's nodes only.
 */
typedef struct _ExOwnLine ExOwnLine;

/* A new, empty line for @game (not owned; free the line before it). */
ExOwnLine    *ex_own_line_new        (CqGame          *game);

/* Unlinks the moves from the game's tree and frees them. */
void          ex_own_line_free       (ExOwnLine       *line);

/* TRUE if moves may be added to @game (it has positions and no error). */
gboolean      ex_own_line_accepts    (const CqGame    *game);

/**
 * ex_own_line_play:
 * @line: an #ExOwnLine.
 * @from: the node shown: a node of the game or of @line.
 * @move: a move of @from's position.
 * @added: (out) (optional): set to %TRUE if the move was added (the tree
 *   changed), %FALSE if an existing node was followed.
 *
 * Plays @move at @from.  If a move of the tree already leads from @from
 * with @move (the game's, or the next of the user's), that node is
 * returned and nothing changes.  Otherwise the move is added: after
 * @from when @from is the user's (the user's moves after @from are
 * dropped first), or as a new line from @from, which replaces the user's
 * earlier line, when @from is the game's.
 *
 * Returns: (transfer none) (nullable): the node reached by @move, or
 *   %NULL (nothing changes) if @move is not a legal move of @from.
 */
CqNode       *ex_own_line_play       (ExOwnLine       *line,
                                      CqNode          *from,
                                      const CqMove    *move,
                                      gboolean        *added);

/* Unlinks and frees every move of the line. */
void          ex_own_line_clear      (ExOwnLine       *line);

/* The number of moves in the line. */
guint         ex_own_line_get_length (const ExOwnLine *line);

/* The node the line starts from (a node of the game), or NULL if the line
 * is empty. */
CqNode       *ex_own_line_get_branch (const ExOwnLine *line);

/* The user's node of index @index (the game's n_nodes or more), or NULL. */
CqNode       *ex_own_line_get_node   (const ExOwnLine *line,
                                      guint            index);

/* TRUE if @node is one of the user's moves. */
gboolean      ex_own_line_contains   (const ExOwnLine *line,
                                      const CqNode    *node);

G_END_DECLS
