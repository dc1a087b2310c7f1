/* ex-game-view-navigation.c: moving through the game viewer's game tree.
 *
 * The game.* actions of ExGameView (previous and next move, first and last
 * of the line, into and out of a variation, previous and next match, flip,
 * discard the user's moves), the keys bound to them, and when each is
 * enabled at the node shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ex-game-view-private.h"

/* The first position of the line through @node: walk back while the node
 * is its parent's main continuation. */
static CqNode *
line_start (CqNode *node)
{
  while (node->parent != NULL && node->parent->first_child == node)
    node = node->parent;

  return node;
}

/* The node of the variation that contains @node and replaces a move, or
 * NULL if @node is on the line that starts at the root: walk back while the
 * node is its parent's main continuation. */
static CqNode *
variation_start (CqNode *node)
{
  node = line_start (node);

  return node->parent != NULL ? node : NULL;
}

/* The first variation at @node: an alternative to the next move, or failing
 * that an alternative to the move that led to @node. */
static CqNode *
variation_at (CqNode *node)
{
  if (node->first_child != NULL && node->first_child->next_sibling != NULL)
    return node->first_child->next_sibling;

  if (node->parent != NULL && node->parent->first_child == node)
    return node->next_sibling;

  return NULL;
}

void
_ex_game_view_update_actions (ExGameView *self)
{
  CqNode *node = self->current;
  gboolean has_game = node != NULL;
  gboolean has_next_match = FALSE;
  gboolean has_previous_match = FALSE;

  if (has_game && self->matches->len > 0)
    {
      const CqMatchedPosition *first = &g_array_index (self->matches, CqMatchedPosition, 0);
      const CqMatchedPosition *last = &g_array_index (self->matches, CqMatchedPosition,
                                                      self->matches->len - 1);

      has_previous_match = first->node < node->index;
      has_next_match = last->node > node->index;
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.previous",
                                 has_game && node->parent != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.first",
                                 has_game && line_start (node) != node);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.next",
                                 has_game && node->first_child != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.last",
                                 has_game && node->first_child != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.enter-variation",
                                 has_game && variation_at (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.leave-variation",
                                 has_game && variation_start (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.previous-match", has_previous_match);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.next-match", has_next_match);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.discard-own-moves",
                                 ex_game_view_get_n_own_moves (self) > 0);
  gtk_widget_set_visible (self->discard_button, ex_game_view_get_n_own_moves (self) > 0);
}

static void
action_previous (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current != NULL && self->current->parent != NULL)
    _ex_game_view_set_current (self, self->current->parent, FALSE);
}

static void
action_next (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current != NULL && self->current->first_child != NULL)
    _ex_game_view_set_current (self, self->current->first_child, FALSE);
}

/* Home: the first position of the current line: the root on the line that
 * starts there, else the first move of the variation. */
static void
action_first (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current != NULL)
    _ex_game_view_set_current (self, line_start (self->current), FALSE);
}

/* End: the last position of the current line. */
static void
action_last (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);
  CqNode *node = self->current;

  if (node == NULL)
    return;

  while (node->first_child != NULL)
    node = node->first_child;

  _ex_game_view_set_current (self, node, FALSE);
}

static void
action_enter_variation (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);
  CqNode *variation;

  if (self->current != NULL && (variation = variation_at (self->current)) != NULL)
    _ex_game_view_set_current (self, variation, FALSE);
}

/* Up: back to the position where the current variation branched off (the
 * position before the move it replaces). */
static void
action_leave_variation (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);
  CqNode *start;

  if (self->current != NULL && (start = variation_start (self->current)) != NULL)
    _ex_game_view_set_current (self, start->parent, FALSE);
}

static void
action_next_match (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current == NULL)
    return;

  for (guint i = 0; i < self->matches->len; i++)
    {
      guint32 node = g_array_index (self->matches, CqMatchedPosition, i).node;

      if (node > self->current->index)
        {
          ex_game_view_go_to_node (self, node);
          return;
        }
    }
}

static void
action_previous_match (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current == NULL)
    return;

  for (guint i = self->matches->len; i > 0; i--)
    {
      guint32 node = g_array_index (self->matches, CqMatchedPosition, i - 1).node;

      if (node < self->current->index)
        {
          ex_game_view_go_to_node (self, node);
          return;
        }
    }
}

static void
action_discard_own_moves (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  ex_game_view_discard_own_moves (EX_GAME_VIEW (widget));
}

static void
action_flip (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  ex_board_set_flipped (self->board, !ex_board_get_flipped (self->board));
}

static void
add_key (GtkWidgetClass *widget_class,
         guint           keyval,
         guint           keypad_keyval,
         const char     *action)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, 0, action, NULL);
  if (keypad_keyval != 0)
    gtk_widget_class_add_binding_action (widget_class, keypad_keyval, 0, action, NULL);
}

void
_ex_game_view_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "game.first", NULL, action_first);
  gtk_widget_class_install_action (widget_class, "game.previous", NULL, action_previous);
  gtk_widget_class_install_action (widget_class, "game.next", NULL, action_next);
  gtk_widget_class_install_action (widget_class, "game.last", NULL, action_last);
  gtk_widget_class_install_action (widget_class, "game.enter-variation", NULL,
                                   action_enter_variation);
  gtk_widget_class_install_action (widget_class, "game.leave-variation", NULL,
                                   action_leave_variation);
  gtk_widget_class_install_action (widget_class, "game.next-match", NULL, action_next_match);
  gtk_widget_class_install_action (widget_class, "game.previous-match", NULL,
                                   action_previous_match);
  gtk_widget_class_install_action (widget_class, "game.flip", NULL, action_flip);
  gtk_widget_class_install_action (widget_class, "game.discard-own-moves", NULL,
                                   action_discard_own_moves);

  add_key (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, "game.previous");
  add_key (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, "game.next");
  add_key (widget_class, GDK_KEY_Home, GDK_KEY_KP_Home, "game.first");
  add_key (widget_class, GDK_KEY_End, GDK_KEY_KP_End, "game.last");
  add_key (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, "game.enter-variation");
  add_key (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, "game.leave-variation");
  add_key (widget_class, GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down, "game.next-match");
  add_key (widget_class, GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up, "game.previous-match");
  add_key (widget_class, GDK_KEY_f, GDK_KEY_F, "game.flip");
  /* Only while there are moves of the user's: otherwise Escape goes on to
   * the window (Stop). */
  add_key (widget_class, GDK_KEY_Escape, 0, "game.discard-own-moves");
}
