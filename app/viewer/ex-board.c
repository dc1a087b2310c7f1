/* ex-board.c: a chess board widget for the Excelsior workbench.
 *
 * The board is drawn in GtkWidget::snapshot by the board painter
 * (ex-board-painter.c): the squares, the tints of the last move and the
 * matched squares, the coordinates, the pieces, whose images come from
 * the painter's cache, and over them the arrows and coloured squares of the
 * comment (ex_board_set_shapes()).  The check mark is the board's own.
 *
 * An interactive board (ex_board_set_interactive()) lets the user play a
 * move: one drag gesture serves both ways of moving, click-click (a press
 * and release on the piece picks it, a press on a target plays the move)
 * and drag-and-drop (the piece follows the pointer and is dropped on its
 * target).  The targets are the legal moves of the position from the
 * picked square (cq_position_legal_moves()), so nothing else is accepted.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ex-board.h"
#include "ex-promotion-chooser.h"

#define MIN_BOARD_SIZE     240
#define NATURAL_BOARD_SIZE 480

struct _ExBoard
{
  GtkWidget   parent_instance;

  CqPosition  position;
  CqMove      last_move;
  CqBitboard  highlight;
  ExBoardShapes shapes;
  guint       has_position : 1;
  guint       has_last_move : 1;
  guint       flipped : 1;
  guint       has_piece_ids : 1;

  /* The piece id (CQL mark, rulings R11) on each square, shown in the
   * tooltip of a hovered piece (ex_board_set_piece_ids()). */
  guint8      piece_ids[64];

  /* Moving pieces: the square picked up (CQ_NO_SQUARE: none), the legal
   * moves from it and their target squares; while a drag moves it, the
   * pointer; the move waiting for the promotion chooser. */
  gboolean    interactive;
  int         picked;
  CqMove      picked_moves[CQ_MAX_MOVES];
  guint       n_picked_moves;
  CqBitboard  targets;
  gboolean    dragging;
  gboolean    pressed_again;  /* the press was on the piece already picked */
  double      drag_x;
  double      drag_y;
  CqMove      pending;
  GtkWidget  *chooser;
};

G_DEFINE_FINAL_TYPE (ExBoard, ex_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_HIGHLIGHT,
  PROP_INTERACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The check mark: a red glow under the king. */
static const GdkRGBA check_inner = { 0.93, 0.05, 0.05, 1.00 };
static const GdkRGBA check_outer = { 0.93, 0.05, 0.05, 0.00 };

/* The lowest square of a non-empty bitboard. */
static inline int
lowest_square (CqBitboard bb)
{
  return __builtin_ctzll (bb);
}

gboolean
ex_board_get_square_bounds (ExBoard         *self,
                            int              square,
                            graphene_rect_t *bounds)
{
  ExBoardPainter painter;

  g_return_val_if_fail (EX_IS_BOARD (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  ex_board_painter_init (&painter, GTK_WIDGET (self), self->flipped);
  return ex_board_painter_get_square_bounds (&painter, square, bounds);
}

int
ex_board_get_square_at (ExBoard *self,
                        double   x,
                        double   y)
{
  ExBoardPainter painter;

  g_return_val_if_fail (EX_IS_BOARD (self), CQ_NO_SQUARE);

  ex_board_painter_init (&painter, GTK_WIDGET (self), self->flipped);
  return ex_board_painter_get_square_at (&painter, x, y);
}

static void
ex_board_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  ExBoard *self = EX_BOARD (widget);
  ExBoardPainter painter;
  graphene_rect_t rect;

  if (!ex_board_painter_init (&painter, widget, self->flipped))
    return;

  ex_board_painter_snapshot_squares (&painter, snapshot);

  if (self->has_position && self->has_last_move
      && !(self->last_move.flags & CQ_MOVE_NULL))
    {
      ex_board_painter_snapshot_marks (&painter, snapshot, CQ_BIT (self->last_move.from),
                                       EX_BOARD_MARK_LAST_MOVE);
      ex_board_painter_snapshot_marks (&painter, snapshot, CQ_BIT (self->last_move.to),
                                       EX_BOARD_MARK_LAST_MOVE);
    }

  ex_board_painter_snapshot_marks (&painter, snapshot, self->highlight, EX_BOARD_MARK_MATCH);

  if (self->has_position && self->picked != CQ_NO_SQUARE)
    {
      CqBitboard occupied = self->position.by_color[CQ_WHITE] | self->position.by_color[CQ_BLACK];

      ex_board_painter_snapshot_marks (&painter, snapshot, CQ_BIT (self->picked),
                                       EX_BOARD_MARK_PICKED);
      ex_board_painter_snapshot_marks (&painter, snapshot, self->targets & ~occupied,
                                       EX_BOARD_MARK_TARGET);
      ex_board_painter_snapshot_marks (&painter, snapshot, self->targets & occupied,
                                       EX_BOARD_MARK_CAPTURE);
    }

  /* Check: a red glow under the king of the side to move. */
  if (self->has_position && cq_position_in_check (&self->position))
    {
      CqPiece king = CQ_MAKE_PIECE (self->position.side_to_move, CQ_KING);
      CqBitboard kings = self->position.pieces[king];

      if (kings != 0)
        {
          const GskColorStop stops[] = {
            { 0.00f, check_inner },
            { 0.30f, check_inner },
            { 1.00f, check_outer },
          };
          float size = painter.square_size;
          graphene_point_t center;

          ex_board_painter_get_square_bounds (&painter, lowest_square (kings), &rect);
          graphene_rect_get_center (&rect, &center);
          gtk_snapshot_append_radial_gradient (snapshot, &rect, &center,
                                               size * 0.62f, size * 0.62f,
                                               0.0f, 1.0f,
                                               stops, G_N_ELEMENTS (stops));
        }
    }

  ex_board_painter_snapshot_coordinates (&painter, snapshot);

  if (!self->has_position)
    return;

  /* Pieces. */
  for (CqBitboard bb = self->position.by_color[CQ_WHITE] | self->position.by_color[CQ_BLACK];
       bb != 0; bb &= bb - 1)
    {
      int square = lowest_square (bb);

      /* The piece being dragged is drawn at the pointer instead. */
      if (self->dragging && square == self->picked)
        continue;
      ex_board_painter_get_square_bounds (&painter, square, &rect);
      ex_board_painter_snapshot_piece (&painter, snapshot,
                                       cq_position_piece_at (&self->position, square), &rect);
    }

  ex_board_painter_snapshot_shapes (&painter, snapshot, &self->shapes);

  if (self->dragging && self->picked != CQ_NO_SQUARE)
    {
      float size = painter.square_size;

      graphene_rect_init (&rect, self->drag_x - size / 2.0f, self->drag_y - size / 2.0f,
                          size, size);
      ex_board_painter_snapshot_piece (&painter, snapshot,
                                       cq_position_piece_at (&self->position, self->picked),
                                       &rect);
    }
}

static void
ex_board_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  *minimum = MIN_BOARD_SIZE;
  *natural = NATURAL_BOARD_SIZE;
}

static GtkSizeRequestMode
ex_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* "White: Kc7, Nf5, Pb2" for one side, or NULL if it has no pieces. */
static char *
describe_side (const CqPosition *pos,
               CqColor           color)
{
  static const CqPieceType order[] = { CQ_KING, CQ_QUEEN, CQ_ROOK, CQ_BISHOP, CQ_KNIGHT, CQ_PAWN };
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      CqPiece piece = CQ_MAKE_PIECE (color, order[i]);

      for (CqBitboard bb = pos->pieces[piece]; bb != 0; bb &= bb - 1)
        {
          char name[3];

          cq_square_name (lowest_square (bb), name);
          if (list->len > 0)
            g_string_append (list, ", ");
          g_string_append_c (list, g_ascii_toupper (cq_piece_char (piece)));
          g_string_append (list, name);
        }
    }

  if (list->len == 0)
    return NULL;

  /* Translators: %s is a list of pieces such as "Kc7, Nf5, Pb2". */
  return color == CQ_WHITE ? g_strdup_printf (_("White: %s."), list->str)
                           : g_strdup_printf (_("Black: %s."), list->str);
}

char *
ex_board_dup_description (ExBoard *self)
{
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  GString *text;

  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  if (!self->has_position)
    return g_strdup (_("Empty board."));

  text = g_string_new (NULL);
  white = describe_side (&self->position, CQ_WHITE);
  black = describe_side (&self->position, CQ_BLACK);
  if (white != NULL)
    g_string_append (text, white);
  if (black != NULL)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", black);
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, self->position.side_to_move == CQ_WHITE ? _("White to move.")
                                                                 : _("Black to move."));
  if (cq_position_in_check (&self->position))
    g_string_append_printf (text, " %s", _("Check."));

  return g_string_free (text, FALSE);
}

static void
ex_board_update_accessible (ExBoard *self)
{
  g_autofree char *label = ex_board_dup_description (self);
  char fen[CQ_FEN_MAX] = "";

  if (self->has_position)
    cq_position_to_fen (&self->position, fen);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, fen,
                                  -1);
}


/* Drops the piece picked up, if any. */
static void
ex_board_unpick (ExBoard *self)
{
  if (self->picked == CQ_NO_SQUARE && !self->dragging)
    return;

  self->picked = CQ_NO_SQUARE;
  self->n_picked_moves = 0;
  self->targets = 0;
  self->dragging = FALSE;
  self->pressed_again = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Picks up the piece on @square: its legal moves and their targets. */
static void
ex_board_pick (ExBoard *self,
               int      square)
{
  CqMove moves[CQ_MAX_MOVES];
  guint n = cq_position_legal_moves (&self->position, moves);

  self->picked = square;
  self->n_picked_moves = 0;
  self->targets = 0;
  for (guint i = 0; i < n; i++)
    if (moves[i].from == square)
      {
        self->picked_moves[self->n_picked_moves++] = moves[i];
        self->targets |= CQ_BIT (moves[i].to);
      }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ex_board_emit_move (ExBoard      *self,
                    const CqMove *move)
{
  CqMove copy = *move;

  ex_board_unpick (self);
  g_signal_emit (self, signals[SIGNAL_MOVE_CHOSEN], 0, &copy);
}

static void
on_promotion_chosen (ExPromotionChooser *chooser,
                     guint               type,
                     ExBoard            *self)
{
  CqMove moves[CQ_MAX_MOVES];
  CqPiece promotion;
  guint n;

  if (!self->has_position || self->pending.from >= 64)
    return;

  promotion = CQ_MAKE_PIECE (self->position.side_to_move, type);
  n = cq_position_legal_moves (&self->position, moves);
  for (guint i = 0; i < n; i++)
    if (moves[i].from == self->pending.from && moves[i].to == self->pending.to
        && moves[i].promotion == promotion)
      {
        self->pending.from = 64;
        ex_board_emit_move (self, &moves[i]);
        return;
      }
}

static void
on_promotion_closed (ExBoard *self)
{
  /* Closed without a choice (Escape, a click elsewhere): no move. */
  self->pending.from = 64;
  ex_board_unpick (self);
}

GtkWidget *
ex_board_get_promotion_chooser (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  return self->chooser;
}

/* Plays the move of the picked piece to @to, one of its targets: at once,
 * or for a promotion once the chooser says to which piece. */
static void
ex_board_choose_target (ExBoard *self,
                        int      to)
{
  const CqMove *found = NULL;
  graphene_rect_t bounds;

  for (guint i = 0; i < self->n_picked_moves; i++)
    if (self->picked_moves[i].to == to)
      {
        found = &self->picked_moves[i];
        break;
      }
  if (found == NULL)
    return;

  if (found->promotion == CQ_EMPTY)
    {
      ex_board_emit_move (self, found);
      return;
    }

  /* The four promotions share from and to: ask. */
  self->pending = *found;
  self->dragging = FALSE;
  if (self->chooser == NULL)
    {
      self->chooser = ex_promotion_chooser_new ();
      gtk_widget_set_parent (self->chooser, GTK_WIDGET (self));
      g_signal_connect (self->chooser, "chosen", G_CALLBACK (on_promotion_chosen), self);
      g_signal_connect_swapped (self->chooser, "closed", G_CALLBACK (on_promotion_closed), self);
    }
  ex_promotion_chooser_set_color (EX_PROMOTION_CHOOSER (self->chooser),
                                  self->position.side_to_move);
  if (ex_board_get_square_bounds (self, to, &bounds))
    gtk_popover_set_pointing_to (GTK_POPOVER (self->chooser),
                                 &(GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                   (int) bounds.size.width,
                                                   (int) bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->chooser));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ex_board_press_square (ExBoard *self,
                       int      square)
{
  CqPiece piece;

  g_return_val_if_fail (EX_IS_BOARD (self), FALSE);

  if (!self->interactive || !self->has_position)
    return FALSE;

  if (square < 0 || square > 63)
    {
      ex_board_unpick (self);
      return FALSE;
    }

  if (self->picked != CQ_NO_SQUARE && (self->targets & CQ_BIT (square)) != 0)
    {
      ex_board_choose_target (self, square);
      return FALSE;
    }

  /* A second click on the piece picked puts it down (on release: a drag
   * may start from it as well). */
  self->pressed_again = square == self->picked;
  if (self->pressed_again)
    return TRUE;

  piece = cq_position_piece_at (&self->position, square);
  if (piece != CQ_EMPTY && CQ_PIECE_COLOR (piece) == self->position.side_to_move)
    {
      ex_board_pick (self, square);
      return TRUE;
    }

  ex_board_unpick (self);
  return FALSE;
}

void
ex_board_release_square (ExBoard *self,
                         int      square)
{
  g_return_if_fail (EX_IS_BOARD (self));

  if (self->picked == CQ_NO_SQUARE)
    return;

  self->dragging = FALSE;
  if (square == self->picked && !self->pressed_again)
    {
      /* A click on the piece: it stays picked for the second click. */
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->pressed_again = FALSE;
  if (square >= 0 && square < 64 && (self->targets & CQ_BIT (square)) != 0)
    ex_board_choose_target (self, square);
  else
    ex_board_unpick (self);
}

int
ex_board_get_picked (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), CQ_NO_SQUARE);

  return self->picked;
}

CqBitboard
ex_board_get_targets (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), 0);

  return self->targets;
}

void
ex_board_set_interactive (ExBoard  *self,
                          gboolean  interactive)
{
  g_return_if_fail (EX_IS_BOARD (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;

  self->interactive = interactive;
  if (!interactive)
    ex_board_unpick (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
ex_board_get_interactive (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), FALSE);

  return self->interactive;
}

/* The drag gesture: a press, the pointer's moves, the release. */

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ExBoard        *self)
{
  if (!ex_board_press_square (self, ex_board_get_square_at (self, x, y)))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_x = x;
  self->drag_y = y;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ExBoard        *self)
{
  double x, y;

  if (self->picked == CQ_NO_SQUARE)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  /* A few pixels of jitter in a click are not a drag. */
  if (!self->dragging
      && !gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    return;
  self->dragging = TRUE;
  self->drag_x = x + dx;
  self->drag_y = y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ExBoard        *self)
{
  double x, y;

  if (self->picked == CQ_NO_SQUARE)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!self->dragging)
    {
      /* Released without a drag: a click, whatever square it ends on. */
      ex_board_release_square (self, self->picked);
      return;
    }
  ex_board_release_square (self, ex_board_get_square_at (self, x + dx, y + dy));
}

void
ex_board_set_position (ExBoard          *self,
                       const CqPosition *pos,
                       const CqMove     *last_move)
{
  g_return_if_fail (EX_IS_BOARD (self));

  self->has_position = pos != NULL;
  if (pos != NULL)
    self->position = *pos;
  /* Ids belong to one position: the caller sets them again after this. */
  self->has_piece_ids = FALSE;

  self->has_last_move = pos != NULL && last_move != NULL
                        && last_move->from < 64 && last_move->to < 64;
  if (self->has_last_move)
    self->last_move = *last_move;
  /* A piece picked up belongs to the position it was picked in. */
  ex_board_unpick (self);
  if (self->chooser != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->chooser));

  ex_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CqPosition *
ex_board_get_position (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  return self->has_position ? &self->position : NULL;
}

void
ex_board_set_highlight (ExBoard    *self,
                        CqBitboard  squares)
{
  g_return_if_fail (EX_IS_BOARD (self));

  if (self->highlight == squares)
    return;

  self->highlight = squares;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT]);
}

CqBitboard
ex_board_get_highlight (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), 0);

  return self->highlight;
}

void
ex_board_set_shapes (ExBoard             *self,
                     const ExBoardShapes *shapes)
{
  g_return_if_fail (EX_IS_BOARD (self));

  if (shapes == NULL && self->shapes.n_shapes == 0)
    return;
  if (shapes != NULL)
    self->shapes = *shapes;
  else
    ex_board_shapes_clear (&self->shapes);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const ExBoardShapes *
ex_board_get_shapes (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  return &self->shapes;
}

void
ex_board_set_flipped (ExBoard  *self,
                      gboolean  flipped)
{
  g_return_if_fail (EX_IS_BOARD (self));

  flipped = !!flipped;
  if (self->flipped == (guint) flipped)
    return;

  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
ex_board_get_flipped (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), FALSE);

  return self->flipped;
}

GtkWidget *
ex_board_new (void)
{
  return g_object_new (EX_TYPE_BOARD, NULL);
}

static void
ex_board_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  ExBoard *self = EX_BOARD (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;

    case PROP_HIGHLIGHT:
      g_value_set_uint64 (value, self->highlight);
      break;

    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_board_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  ExBoard *self = EX_BOARD (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      ex_board_set_flipped (self, g_value_get_boolean (value));
      break;

    case PROP_HIGHLIGHT:
      ex_board_set_highlight (self, g_value_get_uint64 (value));
      break;

    case PROP_INTERACTIVE:
      ex_board_set_interactive (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
ex_board_set_piece_ids (ExBoard      *self,
                        const guint8 *ids)
{
  g_return_if_fail (EX_IS_BOARD (self));

  self->has_piece_ids = ids != NULL;
  if (ids != NULL)
    memcpy (self->piece_ids, ids, sizeof self->piece_ids);
}

char *
ex_board_dup_piece_tooltip (ExBoard *self,
                            int      square)
{
  static const char *const names[CQ_N_PIECES] = {
    NULL,
    N_("White pawn"), N_("White knight"), N_("White bishop"),
    N_("White rook"), N_("White queen"), N_("White king"),
    N_("Black pawn"), N_("Black knight"), N_("Black bishop"),
    N_("Black rook"), N_("Black queen"), N_("Black king"),
  };
  char square_name[3];
  CqPiece piece;

  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  if (!self->has_position || !self->has_piece_ids || square < 0 || square > 63)
    return NULL;
  piece = (CqPiece) self->position.board[square];
  if (piece == CQ_EMPTY || piece >= CQ_N_PIECES || self->piece_ids[square] == 0xFF)
    return NULL;
  cq_square_name (square, square_name);
  /* Translators: a piece, its square and its CQL piece id, e.g.
   * "White rook on a1, piece id 0". */
  return g_strdup_printf (_("%s on %s, piece id %u"), _(names[piece]), square_name,
                          self->piece_ids[square]);
}

static gboolean
ex_board_query_tooltip (GtkWidget  *widget,
                        int         x,
                        int         y,
                        gboolean    keyboard_mode,
                        GtkTooltip *tooltip)
{
  ExBoard *self = EX_BOARD (widget);
  g_autofree char *text = NULL;

  if (keyboard_mode)
    return FALSE;
  text = ex_board_dup_piece_tooltip (self, ex_board_get_square_at (self, x, y));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
ex_board_size_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  ExBoard *self = EX_BOARD (widget);

  if (self->chooser != NULL)
    gtk_popover_present (GTK_POPOVER (self->chooser));
}

static void
ex_board_dispose (GObject *object)
{
  ExBoard *self = EX_BOARD (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      g_clear_pointer (&self->chooser, gtk_widget_unparent);
    }

  G_OBJECT_CLASS (ex_board_parent_class)->dispose (object);
}

static void
ex_board_class_init (ExBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_board_dispose;
  object_class->get_property = ex_board_get_property;
  object_class->set_property = ex_board_set_property;
  widget_class->size_allocate = ex_board_size_allocate;

  widget_class->snapshot = ex_board_snapshot;
  widget_class->query_tooltip = ex_board_query_tooltip;
  widget_class->measure = ex_board_measure;
  widget_class->get_request_mode = ex_board_get_request_mode;

  /**
   * ExBoard:flipped:
   *
   * Whether the board is seen from Black's side (a1 at the top right).
   */
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ExBoard:highlight:
   *
   * The outlined squares as a bitboard (bit n = square n, a1 = 0).
   */
  properties[PROP_HIGHLIGHT] =
    g_param_spec_uint64 ("highlight", NULL, NULL,
                         0, G_MAXUINT64, 0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ExBoard:interactive:
   *
   * Whether the user may move the pieces of the side to move
   * (ex_board_set_interactive()).
   */
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExBoard::move-chosen:
   * @self: the board.
   * @move: (type gpointer): the #CqMove the user played, a legal move of
   *   the position shown; valid during the emission.
   *
   * Emitted on an interactive board when the user has played a move.
   */
  signals[SIGNAL_MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_css_name (widget_class, "chessboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ex_board_init (ExBoard *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->picked = CQ_NO_SQUARE;
  self->pending.from = 64;
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  ex_board_update_accessible (self);
}
