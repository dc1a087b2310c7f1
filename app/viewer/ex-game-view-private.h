/* ex-game-view-private.h: what the files of the game viewer share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ExGameView is one GObject written in three files:
 *
 *   ex-game-view.c             life cycle, the game and the node shown, the
 *                              user's moves, properties
 *   ex-game-view-labels.c      the tag header, the position and match
 *                              labels, the caption of a diagram
 *   ex-game-view-navigation.c  moving through the game tree: the game.*
 *                              actions, their keys and when they are enabled
 *
 * This header holds the instance struct and the functions those files
 * share (named _ex_game_view_*); the rest of the application uses
 * ex-game-view.h.
 */
#pragma once

#include "ex-game-view.h"
#include "ex-move-list.h"
#include "ex-own-line.h"

G_BEGIN_DECLS

struct _ExGameView
{
  GtkWidget          parent_instance;

  /* Template children. */
  GtkLabel          *title_label;
  GtkLabel          *details_label;
  ExBoard           *board;
  GtkLabel          *position_label;
  GtkLabel          *match_label;
  GtkToggleButton   *flip_button;
  GtkWidget         *discard_button;
  ExMoveList        *move_list;

  CqGame            *game;
  ExOwnLine         *own_line;
  CqNode            *current;
  gboolean           figurine;

  /* The matched positions sorted by node, without duplicates, and for each
   * node index its entry in @matches plus one (0: not matched). */
  GArray            *matches;
  guint32           *match_of_node;
};

/* Shows @node (may be NULL: no game) on the board, in the move list and the
 * labels, and enables the actions that apply there.  Does nothing if @node
 * is already shown, unless @force.  (ex-game-view.c) */
void  _ex_game_view_set_current        (ExGameView      *self,
                                        CqNode          *node,
                                        gboolean         force);

/* Sets the title and details labels from self->game's tags (a study: the
 * composer and the stipulation).  (ex-game-view-labels.c) */
void  _ex_game_view_update_header      (ExGameView      *self);

/* The text of the position label for @node: "Start position" or
 * "12... Nf6"; free with g_free().  (ex-game-view-labels.c) */
char *_ex_game_view_describe_node      (const CqNode    *node);

/* Enables the game.* actions that apply at the node shown, and shows the
 * button that discards the user's moves while there are some.
 * (ex-game-view-navigation.c) */
void  _ex_game_view_update_actions     (ExGameView      *self);

/* Installs the game.* actions and binds their keys (arrows, Home, End,
 * Page Up/Down, F, Escape).  (ex-game-view-navigation.c) */
void  _ex_game_view_class_init_actions (GtkWidgetClass  *widget_class);

G_END_DECLS
