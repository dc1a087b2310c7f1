/* ex-game-view.c: a game viewer (tag header, board, navigation, move list).
 *
 * Composite widget (ex-game-view.ui): the header labels, an #ExBoard, the
 * navigation bar and an #ExMoveList.  The view owns the game and keeps the
 * node shown; navigation is in GtkWidget actions bound to keys.
 *
 * The moves the user plays on the board (ExBoard::move-chosen) go into an
 * #ExOwnLine, linked into the game's tree while the game is shown, so that
 * the move list, navigation and "copy as PGN" take them like the game's
 * own variations; the move list sets them apart.  They are dropped with
 * the game, or by "game.discard-own-moves" (Escape, the button under the
 * board); the database is never written.
 *
 * The labels are in ex-game-view-labels.c, the navigation of the tree in
 * ex-game-view-navigation.c (ex-game-view-private.h); the user's line
 * itself is in ex-own-line.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-game-view-private.h"
#include "cql/cq-pieceid.h"
#include "ex-nav-bar.h"
#include "ex-viewer-private.h"

G_DEFINE_FINAL_TYPE (ExGameView, ex_game_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NODE,
  PROP_FLIPPED,
  PROP_FIGURINE,
  PROP_N_OWN_MOVES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Fills the move list from self->game (or empties it). */
static void
ex_game_view_fill_move_list (ExGameView *self)
{
  g_autofree guint8 *matched = NULL;

  if (self->game != NULL && self->game->root != NULL)
    {
      matched = g_new0 (guint8, self->game->n_nodes);
      for (guint i = 0; i < self->matches->len; i++)
        matched[g_array_index (self->matches, CqMatchedPosition, i).node] = 1;
    }

  ex_move_list_set_game (self->move_list, self->game, matched);
}

void
_ex_game_view_set_current (ExGameView *self,
                           CqNode     *node,
                           gboolean    force)
{
  const CqMatchedPosition *match = NULL;
  g_autofree char *text = NULL;

  if (node == self->current && !force)
    return;

  self->current = node;

  if (node == NULL)
    {
      ex_board_set_position (self->board, NULL, NULL);
      ex_board_set_highlight (self->board, 0);
      ex_board_set_shapes (self->board, NULL);
      gtk_label_set_text (self->position_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->match_label), FALSE);
      _ex_game_view_update_actions (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE]);
      return;
    }

  /* The user's nodes are numbered after the game's: never matched. */
  if (self->match_of_node != NULL && node->index < self->game->n_nodes
      && self->match_of_node[node->index] != 0)
    match = &g_array_index (self->matches, CqMatchedPosition,
                            self->match_of_node[node->index] - 1);

  ex_board_set_position (self->board, &node->position,
                         node->parent != NULL ? &node->move : NULL);
  {
    /* CQL 6 pieceid (rulings R11): shown when a piece is hovered. */
    guint8 ids[64];

    cq_game_piece_ids (self->game, node, ids);
    ex_board_set_piece_ids (self->board, ids);
  }
  ex_board_set_highlight (self->board, match != NULL ? match->squares : 0);
  {
    /* The arrows and coloured squares of the comment after the move (at
     * the root: the game's first comment), as lichess shows them. */
    ExBoardShapes shapes;

    ex_board_shapes_clear (&shapes);
    ex_board_shapes_parse (&shapes, cq_node_get_comment_after (self->game, node));
    ex_board_set_shapes (self->board, &shapes);
  }

  ex_move_list_set_current (self->move_list, node->index);

  text = _ex_game_view_describe_node (node);
  gtk_label_set_text (self->position_label, text);

  if (match != NULL)
    {
      /* Translators: shown when the position is a match of the query;
       * "2 of 5" is the rank of this matched position among the game's. */
      g_autofree char *label = g_strdup_printf (_("Match %u of %u"),
                                                self->match_of_node[node->index],
                                                self->matches->len);
      char found[64];

      /* A position search says which image it found. */
      if (ex_game_view_describe_match (match, found, sizeof found) != NULL)
        {
          g_autofree char *both = g_strdup_printf ("%s · %s", label, found);

          gtk_label_set_text (self->match_label, both);
        }
      else
        gtk_label_set_text (self->match_label, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->match_label), match != NULL);

  _ex_game_view_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE]);
}

static void
ex_game_view_clear (ExGameView *self)
{
  self->current = NULL;
  /* The user's moves are linked into the game's tree: out first. */
  g_clear_pointer (&self->own_line, ex_own_line_free);
  g_clear_pointer (&self->game, cq_game_free);
  g_clear_pointer (&self->match_of_node, g_free);
  if (self->matches != NULL)
    g_array_set_size (self->matches, 0);
}

static int
compare_matches (gconstpointer a,
                 gconstpointer b)
{
  const CqMatchedPosition *ma = a;
  const CqMatchedPosition *mb = b;

  return ma->node < mb->node ? -1 : ma->node > mb->node;
}

void
ex_game_view_set_game (ExGameView              *self,
                       CqGame                  *game,
                       const CqMatchedPosition *positions,
                       guint                    n_positions)
{
  CqNode *target = NULL;

  g_return_if_fail (EX_IS_GAME_VIEW (self));
  g_return_if_fail (positions != NULL || n_positions == 0);

  if (game != NULL && game == self->game)
    {
      g_critical ("%s: the game is already shown", G_STRFUNC);
      return;
    }

  ex_game_view_clear (self);
  self->game = game;

  if (game != NULL)
    {
      cq_game_parse_moves (game);

      if (game->root != NULL && game->n_nodes > 0)
        {
          guint n_kept = 0;

          /* Keep valid matches, sorted by node, without duplicates. */
          for (guint i = 0; i < n_positions; i++)
            if (positions[i].node < game->n_nodes)
              g_array_append_val (self->matches, positions[i]);
          g_array_sort (self->matches, compare_matches);
          for (guint i = 0; i < self->matches->len; i++)
            {
              CqMatchedPosition *m = &g_array_index (self->matches, CqMatchedPosition, i);

              if (n_kept > 0
                  && g_array_index (self->matches, CqMatchedPosition, n_kept - 1).node == m->node)
                continue;
              g_array_index (self->matches, CqMatchedPosition, n_kept++) = *m;
            }
          g_array_set_size (self->matches, n_kept);

          self->match_of_node = g_new0 (guint32, game->n_nodes);
          for (guint i = 0; i < self->matches->len; i++)
            self->match_of_node[g_array_index (self->matches, CqMatchedPosition, i).node] = i + 1;

          target = self->matches->len > 0
                     ? cq_game_get_node (game,
                                         g_array_index (self->matches, CqMatchedPosition, 0).node)
                     : game->root;
          if (target == NULL)
            target = game->root;
        }
    }

  if (ex_own_line_accepts (game))
    self->own_line = ex_own_line_new (game);
  ex_board_set_interactive (self->board, self->own_line != NULL);

  _ex_game_view_update_header (self);
  ex_game_view_fill_move_list (self);
  _ex_game_view_set_current (self, target, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_OWN_MOVES]);
}

guint
ex_game_view_get_n_own_moves (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), 0);

  return self->own_line != NULL ? ex_own_line_get_length (self->own_line) : 0;
}

gboolean
ex_game_view_play_move (ExGameView   *self,
                        const CqMove *move)
{
  gboolean added;
  CqNode *node;

  g_return_val_if_fail (EX_IS_GAME_VIEW (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (self->own_line == NULL || self->current == NULL)
    return FALSE;

  node = ex_own_line_play (self->own_line, self->current, move, &added);
  if (node == NULL)
    return FALSE;
  if (added)
    {
      /* The tree changed: lay the move list out again. */
      ex_game_view_fill_move_list (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_OWN_MOVES]);
    }
  _ex_game_view_set_current (self, node, TRUE);
  return TRUE;
}

void
ex_game_view_discard_own_moves (ExGameView *self)
{
  CqNode *branch;

  g_return_if_fail (EX_IS_GAME_VIEW (self));

  if (ex_game_view_get_n_own_moves (self) == 0)
    return;

  branch = ex_own_line_get_branch (self->own_line);
  if (ex_own_line_contains (self->own_line, self->current))
    self->current = branch;
  ex_own_line_clear (self->own_line);
  ex_game_view_fill_move_list (self);
  _ex_game_view_set_current (self, self->current, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_OWN_MOVES]);
}

CqGame *
ex_game_view_get_game (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), NULL);

  return self->game;
}

void
ex_game_view_go_to_node (ExGameView *self,
                         guint       index)
{
  CqNode *node;

  g_return_if_fail (EX_IS_GAME_VIEW (self));
  g_return_if_fail (self->game != NULL && self->game->root != NULL);
  g_return_if_fail (index < self->game->n_nodes + ex_game_view_get_n_own_moves (self));

  if (index < self->game->n_nodes)
    node = cq_game_get_node (self->game, index);
  else
    node = ex_own_line_get_node (self->own_line, index);
  g_return_if_fail (node != NULL);

  _ex_game_view_set_current (self, node, FALSE);
}

guint
ex_game_view_get_node (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), 0);

  return self->current != NULL ? self->current->index : 0;
}

ExBoard *
ex_game_view_get_board (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), NULL);

  return self->board;
}

gboolean
ex_game_view_get_flipped (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), FALSE);

  return ex_board_get_flipped (self->board);
}

void
ex_game_view_set_flipped (ExGameView *self,
                          gboolean    flipped)
{
  g_return_if_fail (EX_IS_GAME_VIEW (self));

  ex_board_set_flipped (self->board, flipped);
}

GtkWidget *
ex_game_view_get_move_list (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), NULL);

  return GTK_WIDGET (self->move_list);
}

gboolean
ex_game_view_get_figurine (ExGameView *self)
{
  g_return_val_if_fail (EX_IS_GAME_VIEW (self), FALSE);

  return self->figurine;
}

void
ex_game_view_set_figurine (ExGameView *self,
                           gboolean    figurine)
{
  g_return_if_fail (EX_IS_GAME_VIEW (self));

  figurine = !!figurine;
  if (self->figurine == figurine)
    return;

  self->figurine = figurine;
  ex_move_list_set_flags (self->move_list,
                          figurine ? EX_MOVE_TEXT_FIGURINE : EX_MOVE_TEXT_FLAGS_NONE);
  if (self->game != NULL)
    {
      ex_game_view_fill_move_list (self);
      if (self->current != NULL)
        ex_move_list_set_current (self->move_list, self->current->index);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIGURINE]);
}

GtkWidget *
ex_game_view_new (void)
{
  return g_object_new (EX_TYPE_GAME_VIEW, NULL);
}

/* Mouse. */

static void
on_node_activated (ExGameView *self,
                   guint       node)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  ex_game_view_go_to_node (self, node);
}

static void
on_view_pressed (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 ExGameView      *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_move_chosen (ExGameView   *self,
                const CqMove *move)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  ex_game_view_play_move (self, move);
}

static void
on_board_flipped (ExGameView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

/* GObject. */

static void
ex_game_view_dispose (GObject *object)
{
  ExGameView *self = EX_GAME_VIEW (object);
  GtkWidget *child;

  ex_game_view_clear (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_GAME_VIEW);
  /* The template's top-level child (the paned) is not a bound child. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ex_game_view_parent_class)->dispose (object);
}

static void
ex_game_view_finalize (GObject *object)
{
  ExGameView *self = EX_GAME_VIEW (object);

  g_clear_pointer (&self->matches, g_array_unref);

  G_OBJECT_CLASS (ex_game_view_parent_class)->finalize (object);
}

static void
ex_game_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ExGameView *self = EX_GAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_NODE:
      g_value_set_uint (value, ex_game_view_get_node (self));
      break;

    case PROP_FLIPPED:
      g_value_set_boolean (value, ex_game_view_get_flipped (self));
      break;

    case PROP_FIGURINE:
      g_value_set_boolean (value, self->figurine);
      break;

    case PROP_N_OWN_MOVES:
      g_value_set_uint (value, ex_game_view_get_n_own_moves (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_game_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ExGameView *self = EX_GAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_NODE:
      ex_game_view_go_to_node (self, g_value_get_uint (value));
      break;

    case PROP_FLIPPED:
      ex_game_view_set_flipped (self, g_value_get_boolean (value));
      break;

    case PROP_FIGURINE:
      ex_game_view_set_figurine (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_game_view_class_init (ExGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_game_view_dispose;
  object_class->finalize = ex_game_view_finalize;
  object_class->get_property = ex_game_view_get_property;
  object_class->set_property = ex_game_view_set_property;

  /**
   * ExGameView:node:
   *
   * The pre-order index (rulings R1) of the node shown; 0 without a game.
   * Notified whenever the position shown changes.
   */
  properties[PROP_NODE] =
    g_param_spec_uint ("node", NULL, NULL,
                       0, G_MAXUINT32, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ExGameView:flipped:
   *
   * Whether the board is seen from Black's side.
   */
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ExGameView:figurine:
   *
   * Whether the move list shows pieces as figurines (♘f3) or letters (Nf3).
   */
  properties[PROP_FIGURINE] =
    g_param_spec_boolean ("figurine", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ExGameView:n-own-moves:
   *
   * How many moves the user has played on the board (the moves of the
   * user's line, ex_game_view_play_move()); 0 when there are none.
   */
  properties[PROP_N_OWN_MOVES] =
    g_param_spec_uint ("n-own-moves", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  _ex_viewer_ensure_resources ();
  g_type_ensure (EX_TYPE_BOARD);
  g_type_ensure (EX_TYPE_MOVE_LIST);
  g_type_ensure (EX_TYPE_NAV_BAR);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/viewer/ex-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ExGameView, title_label);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, details_label);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, board);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, position_label);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, match_label);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, flip_button);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, discard_button);
  gtk_widget_class_bind_template_child (widget_class, ExGameView, move_list);

  _ex_game_view_class_init_actions (widget_class);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gameview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ex_game_view_init (ExGameView *self)
{
  GtkEventController *controller;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game viewer"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The board, the moves and the matched positions of the "
                                    "selected game; Page Up and Page Down go to the previous and "
                                    "next match, F flips the board"),
                                  -1);

  self->matches = g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition));

  g_signal_connect_object (self->move_list, "node-activated", G_CALLBACK (on_node_activated),
                           self, G_CONNECT_SWAPPED);

  /* A click anywhere in the view gives it the focus, for the keys. */
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "pressed", G_CALLBACK (on_view_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_object_bind_property (self->board, "flipped", self->flip_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->board, "notify::flipped", G_CALLBACK (on_board_flipped),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "move-chosen", G_CALLBACK (on_move_chosen),
                           self, G_CONNECT_SWAPPED);

  _ex_game_view_update_header (self);
  _ex_game_view_update_actions (self);
}
