/* ex-game-view.h: a game viewer (tag header, board, navigation, move list).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "pgn/cq-game.h"
#include "cql/cq-query.h"
#include "ex-board.h"

G_BEGIN_DECLS

#define EX_TYPE_GAME_VIEW (ex_game_view_get_type ())

G_DECLARE_FINAL_TYPE (ExGameView, ex_game_view, EX, GAME_VIEW, GtkWidget)

/**
 * ex_game_view_new:
 *
 * Creates an empty game view: a tag header, an #ExBoard, navigation buttons
 * and the move list.  The widget is focusable; while it has the focus the
 * keys Left/Right (previous/next move along the current line), Home/End
 * (start/end of the current line), Down (enter a variation), Up (leave the
 * variation), Page Up/Page Down (previous/next matched position) and F
 * (flip the board) work.  They are bound to the actions "game.previous",
 * "game.next", "game.first", "game.last", "game.enter-variation",
 * "game.leave-variation", "game.previous-match", "game.next-match" and
 * "game.flip".  Clicking a move in the list goes to its position.
 *
 * Returns: (transfer floating): a new #ExGameView.
 */
GtkWidget *ex_game_view_new           (void);

/**
 * ex_game_view_set_game:
 * @self: an #ExGameView.
 * @game: (transfer full) (nullable): the game to show, or %NULL to clear the
 *   view.  Its moves are parsed if they were not (cq_game_parse_moves()).
 *   The view frees it when it is replaced or the view is disposed.
 * @positions: (array length=n_positions) (nullable): the matched positions
 *   of @game (#CqMatchInfo.positions); copied.  Entries whose node index is
 *   not a node of @game are ignored.
 * @n_positions: the number of @positions.
 *
 * Shows @game, with the moves of the matched positions marked in the move
 * list, and goes to the first matched position (lowest node index), or to
 * the initial position if there is none.  Whenever a matched position is
 * shown, its squares (#CqMatchedPosition.squares) are outlined on the
 * board.  A game with a replay error shows its moves up to the error and
 * the error message at the end of the move list.
 */
void       ex_game_view_set_game      (ExGameView              *self,
                                       CqGame                  *game,
                                       const CqMatchedPosition *positions,
                                       guint                    n_positions);

/**
 * ex_game_view_describe_match:
 * @match: a matched position.
 * @buf: (out caller-allocates): where the text goes.
 * @size: the size of @buf in bytes (64 is enough).
 *
 * What a position search found there, translated, for the results list and
 * the board's caption: "Exact position", "Mirrored", "Colours reversed" or
 * "Mirrored, colours reversed"; when pieces differ, "2 pieces differ" after
 * the image's name, or alone for the position as set up.
 *
 * Returns: @buf, or NULL (and @buf untouched) for a CQL query's match.
 */
const char *ex_game_view_describe_match (const CqMatchedPosition *match,
                                         char                    *buf,
                                         gsize                    size);

/**
 * ex_game_view_get_game:
 * @self: an #ExGameView.
 *
 * Returns: (transfer none) (nullable): the game shown, owned by @self.
 */
CqGame    *ex_game_view_get_game      (ExGameView *self);

/**
 * ex_game_view_dup_caption:
 * @self: an #ExGameView.
 *
 * The game as its header names it, for a diagram's caption: the title
 * (the players, or for a study its composer) on the first line and the
 * details (for a study its stipulation as ex_diagram_stipulation() words
 * it at the start, then event, date, result) on the second, e.g.
 * "Réti, Richard\nWhite to play and draw  ·  Kagans Neueste
 * Schachnachrichten  ·  1921  ·  1/2-1/2".
 *
 * Returns: (transfer full) (nullable): the caption, or %NULL when no game
 *   is shown.
 */
char      *ex_game_view_dup_caption   (ExGameView *self);

/**
 * ex_game_view_go_to_node:
 * @self: an #ExGameView.
 * @index: a node index of the game shown (#CqNode.index, pre-order as in
 *   rulings R1), less than #CqGame.n_nodes.
 *
 * Shows the position of node @index on the board, highlights its move in
 * the move list (scrolled into view) and notifies #ExGameView:node.
 * An index out of range is a programming error (g_return_if_fail()).
 */
void       ex_game_view_go_to_node    (ExGameView *self,
                                       guint       index);

/**
 * ex_game_view_get_node:
 * @self: an #ExGameView.
 *
 * Returns: the index of the node shown (the #ExGameView:node property); 0
 *   when no game is shown.
 */
guint      ex_game_view_get_node      (ExGameView *self);

/**
 * ex_game_view_get_board:
 * @self: an #ExGameView.
 *
 * Returns: (transfer none): the view's board.
 */
ExBoard   *ex_game_view_get_board     (ExGameView *self);

/**
 * ex_game_view_get_flipped:
 * @self: an #ExGameView.
 *
 * Returns: the #ExGameView:flipped property (that of the board).
 */
gboolean   ex_game_view_get_flipped   (ExGameView *self);
void       ex_game_view_set_flipped   (ExGameView *self,
                                       gboolean    flipped);

/* Returns: (transfer none): the move list (an #ExMoveList, a GtkTextView). */
GtkWidget *ex_game_view_get_move_list (ExGameView *self);

/**
 * ex_game_view_play_move:
 * @self: an #ExGameView.
 * @move: a move of the position shown.
 *
 * Plays @move as the user's (what a move on the board does): a move the
 * game already has at the position shown is followed; any other legal move
 * goes into the user's line (see ex-own-line.h), shown in the move list
 * as the user's and written by "copy as PGN", and the position after it is
 * shown.  A game read with an error takes no moves.
 *
 * Returns: %FALSE if @move is not legal or the game takes no moves.
 */
gboolean   ex_game_view_play_move         (ExGameView   *self,
                                           const CqMove *move);

/* Drops the user's moves (Escape, "Discard my moves"); if one of them
 * was shown, the position they started from is shown. */
void       ex_game_view_discard_own_moves (ExGameView   *self);

/* The number of moves the user played (#ExGameView:n-own-moves). */
guint      ex_game_view_get_n_own_moves   (ExGameView   *self);

gboolean   ex_game_view_get_figurine  (ExGameView *self);
/**
 * ex_game_view_set_figurine:
 * @figurine: TRUE to show pieces in the move list as figurines (♘f3).
 *
 * Lays the move list out again if it changes; the position shown stays.
 */
void       ex_game_view_set_figurine  (ExGameView *self,
                                       gboolean    figurine);

G_END_DECLS
