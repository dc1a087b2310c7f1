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
 * A little over 1000 lines: the navigation of the tree and the user's
 * moves share the node shown and the move list, and the tree itself is in
 * ex-own-line.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-game-view.h"
#include "cql/cq-pieceid.h"
#include "ex-move-list.h"
#include "ex-own-line.h"
#include "ex-viewer-private.h"

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

/* The value of tag @name, or NULL if it is absent or unknown ("?", "????"). */
static const char *
known_tag (const CqGame *game,
           const char   *name)
{
  const char *value = cq_game_get_tag (game, name);

  if (value == NULL || value[strspn (value, "?-. ")] == '\0')
    return NULL;

  return value;
}

/* "1933.??.??" -> "1933", "2015.06.??" -> "2015.06". */
static char *
clean_date (const char *date)
{
  char *copy = g_strdup (date);
  char *unknown = strstr (copy, ".?");

  if (unknown != NULL)
    *unknown = '\0';

  return copy;
}

/* A game with a set-up position is taken for a composed study or problem:
 * then the White tag holds the composer and the Black tag the stipulation
 * (as in HHdb and yacpdb exports). */
static gboolean
game_is_study (const CqGame *game)
{
  const char *setup = cq_game_get_tag (game, "SetUp");

  return cq_game_get_tag (game, "FEN") != NULL || g_strcmp0 (setup, "1") == 0;
}

static void
append_detail (GString    *details,
               const char *text)
{
  if (text == NULL || *text == '\0')
    return;

  if (details->len > 0)
    g_string_append (details, "  ·  ");
  g_string_append (details, text);
}

static void
ex_game_view_update_header (ExGameView *self)
{
  g_autoptr(GString) details = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *date = NULL;
  const CqGame *game = self->game;
  const char *event, *white, *black, *result;

  if (game == NULL)
    {
      gtk_label_set_text (self->title_label, _("No game"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), NULL);
      gtk_label_set_text (self->details_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->details_label), FALSE);
      return;
    }

  event = known_tag (game, "Event");
  white = known_tag (game, "White");
  black = known_tag (game, "Black");
  result = known_tag (game, "Result");
  if (known_tag (game, "Date") != NULL)
    date = clean_date (known_tag (game, "Date"));

  if (game_is_study (game))
    {
      const char *stipulation = black != NULL ? black : known_tag (game, "Stipulation");

      title = g_strdup (white != NULL ? white : event != NULL ? event : _("Untitled study"));
      if (stipulation != NULL)
        {
          /* Translators: %s is a study's stipulation, e.g. "+" or "=". */
          g_autofree char *text = g_strdup_printf (_("Stipulation: %s"), stipulation);
          append_detail (details, text);
        }
    }
  else if (white != NULL || black != NULL)
    /* Translators: the players of a game, White – Black. */
    title = g_strdup_printf (_("%s – %s"), white != NULL ? white : "?",
                             black != NULL ? black : "?");
  else
    title = g_strdup (event != NULL ? event : _("Untitled game"));

  if (event != NULL && g_strcmp0 (event, title) != 0)
    append_detail (details, event);
  append_detail (details, date);
  if (result != NULL && strcmp (result, "*") != 0)
    append_detail (details, result);

  gtk_label_set_text (self->title_label, title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), title);
  gtk_label_set_text (self->details_label, details->str);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label),
                               details->len > 0 ? details->str : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->details_label), details->len > 0);
}

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

/* The text of the position label: "Start position" or "12...Nf6". */
static char *
describe_node (const CqNode *node)
{
  const CqPosition *before;
  char san[CQ_SAN_MAX + 1];

  if (node->parent == NULL)
    return g_strdup (_("Start position"));

  before = &node->parent->position;
  if (cq_san_format (before, &node->move, san) == 0)
    g_strlcpy (san, node->san != NULL ? node->san : "?", sizeof san);

  return g_strdup_printf (before->side_to_move == CQ_WHITE ? "%u. %s" : "%u... %s",
                          (guint) before->fullmove_number, san);
}

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

static void
ex_game_view_update_actions (ExGameView *self)
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

/* Shows @node (may be NULL: no game).  Does nothing if it is already shown,
 * unless @force. */
static void
ex_game_view_set_current (ExGameView *self,
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
      ex_game_view_update_actions (self);
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

  text = describe_node (node);
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

  ex_game_view_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE]);
}

const char *
ex_game_view_describe_match (const CqMatchedPosition *match,
                             char                    *buf,
                             gsize                    size)
{
  const char *kind;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (buf != NULL && size > 0, NULL);

  /* The position as set up, no piece different, is the exact one; with
   * pieces different only their number is said ("Exact, 1 piece differs"
   * would say both). */
  switch (match->kind)
    {
    case CQ_MATCH_KIND_EXACT:
      if (match->n_differ > 0)
        {
          g_snprintf (buf, size, ngettext ("%u piece differs", "%u pieces differ",
                                           match->n_differ), (guint) match->n_differ);
          return buf;
        }
      kind = _("Exact position");
      break;
    case CQ_MATCH_KIND_MIRRORED:
      kind = _("Mirrored");
      break;
    case CQ_MATCH_KIND_COLORS_REVERSED:
      kind = _("Colours reversed");
      break;
    case CQ_MATCH_KIND_MIRRORED_COLORS_REVERSED:
      kind = _("Mirrored, colours reversed");
      break;
    default:
      return NULL;
    }
  if (match->n_differ == 0)
    g_strlcpy (buf, kind, size);
  else
    /* Translators: "Mirrored, 2 pieces differ": how a position search
     * found a position close to an image of the one set up. */
    g_snprintf (buf, size, ngettext ("%s, %u piece differs", "%s, %u pieces differ",
                                     match->n_differ), kind, (guint) match->n_differ);
  return buf;
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

  ex_game_view_update_header (self);
  ex_game_view_fill_move_list (self);
  ex_game_view_set_current (self, target, TRUE);
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
  ex_game_view_set_current (self, node, TRUE);
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
  ex_game_view_set_current (self, self->current, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_OWN_MOVES]);
}

char *
ex_game_view_dup_caption (ExGameView *self)
{
  const char *title, *details;

  g_return_val_if_fail (EX_IS_GAME_VIEW (self), NULL);

  if (self->game == NULL)
    return NULL;
  title = gtk_label_get_text (self->title_label);
  details = gtk_label_get_text (self->details_label);
  return *details != '\0' ? g_strconcat (title, "\n", details, NULL) : g_strdup (title);
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

  ex_game_view_set_current (self, node, FALSE);
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

/* Actions. */

static void
action_previous (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current != NULL && self->current->parent != NULL)
    ex_game_view_set_current (self, self->current->parent, FALSE);
}

static void
action_next (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);

  if (self->current != NULL && self->current->first_child != NULL)
    ex_game_view_set_current (self, self->current->first_child, FALSE);
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
    ex_game_view_set_current (self, line_start (self->current), FALSE);
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

  ex_game_view_set_current (self, node, FALSE);
}

static void
action_enter_variation (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ExGameView *self = EX_GAME_VIEW (widget);
  CqNode *variation;

  if (self->current != NULL && (variation = variation_at (self->current)) != NULL)
    ex_game_view_set_current (self, variation, FALSE);
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
    ex_game_view_set_current (self, start->parent, FALSE);
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
add_key (GtkWidgetClass *widget_class,
         guint           keyval,
         guint           keypad_keyval,
         const char     *action)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, 0, action, NULL);
  if (keypad_keyval != 0)
    gtk_widget_class_add_binding_action (widget_class, keypad_keyval, 0, action, NULL);
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

  ex_game_view_update_header (self);
  ex_game_view_update_actions (self);
}
