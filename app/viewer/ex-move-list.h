/* ex-move-list.h: the move list of the game viewer (a GtkTextView).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cql/cq-query.h"
#include "ex-move-text.h"

G_BEGIN_DECLS

#define EX_TYPE_MOVE_LIST (ex_move_list_get_type ())

G_DECLARE_FINAL_TYPE (ExMoveList, ex_move_list, EX, MOVE_LIST, GtkTextView)

/**
 * ex_move_list_set_game:
 * @self: an #ExMoveList.
 * @game: (nullable): the game to list (see ex_move_text_new()), or %NULL to
 *   empty the list.  Not referenced: the caller keeps it alive until the
 *   next call.
 * @matched: (nullable): one byte per node of @game, non-zero for a matched
 *   position (its move is marked); @game->n_nodes bytes.
 *
 * Lays out @game and fills a new text buffer with it, styled while detached
 * from the view (tags applied to a displayed paragraph would re-layout it
 * each time).  The current move is the root's "Start" token.
 */
void              ex_move_list_set_game      (ExMoveList   *self,
                                              const CqGame *game,
                                              const guint8 *matched);

/**
 * ex_move_list_set_current:
 * @self: an #ExMoveList.
 * @node: a node index of the game listed.
 *
 * Highlights the move of @node (drawn over the text, so the buffer does not
 * change) and scrolls it into view.  Costs O(log n) plus one scroll per
 * frame, whatever the length of the game.
 */
void              ex_move_list_set_current   (ExMoveList   *self,
                                              guint         node);

/**
 * ex_move_list_get_node_at:
 * @self: an #ExMoveList.
 * @x, @y: a point in widget coordinates.
 *
 * Returns: the node index of the move under the point, or -1.
 */
int               ex_move_list_get_node_at   (ExMoveList   *self,
                                              double        x,
                                              double        y);

/**
 * ex_move_list_get_move_text:
 * @self: an #ExMoveList.
 *
 * Returns: (nullable) (transfer none): the layout shown, or %NULL.
 */
const ExMoveText *ex_move_list_get_move_text (ExMoveList   *self);

/**
 * ex_move_list_set_flags:
 * @flags: how the next ex_move_list_set_game() lays out moves (figurines).
 */
void              ex_move_list_set_flags     (ExMoveList      *self,
                                              ExMoveTextFlags  flags);

/**
 * ex_move_list_set_notes:
 * @notes: (array length=n_notes) (nullable): what the query wrote at each
 *   node (each nullable; cq_annotate_comment_texts()), copied; NULL for
 *   none.
 *
 * Sets the query's comments the next ex_move_list_set_game() shows, in
 * their own style (not the game's comments' grey italics), after the move
 * that reached their position.  They stay until changed.
 */
void              ex_move_list_set_notes     (ExMoveList         *self,
                                              const char *const  *notes,
                                              guint               n_notes);

G_END_DECLS
