/* ex-square-input.c: clicks, drags and drops on a board, as squares.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The set-up board, the pattern board and the picker take input on their
 * boards through this one object: it adds the event controllers their
 * flags ask for to the board widget (a click gesture, a drop target of
 * text, a drag source of the pieces, a drag gesture for rectangles), finds
 * the square under the pointer with the board painter's geometry, and
 * turns what happened into signals with squares, which each board
 * connects to its own model.
 */
#include "config.h"

#include "ex-board-painter.h"
#include "ex-square-input.h"

/* The side of the drag icon's piece image, in pixels. */
#define DRAG_IMAGE_SIZE 64

struct _ExSquareInput
{
  GObject                 parent_instance;

  GtkWidget              *board;        /* weak */
  GPtrArray              *controllers;  /* the controllers added to the board (owned) */
  gboolean                flipped;

  ExSquareInputPieceFunc  piece_func;
  gpointer                piece_data;
  int                     piece_from;   /* the square of the piece being dragged */

  int                     span_from;    /* CQ_NO_SQUARE when no rectangle is spanned */
  int                     span_to;
};

G_DEFINE_FINAL_TYPE (ExSquareInput, ex_square_input, G_TYPE_OBJECT)

enum {
  CLICKED,
  REMOVED,
  DROPPED,
  SPANNED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

int
ex_square_input_get_square_at (ExSquareInput *self,
                               double         x,
                               double         y)
{
  ExBoardPainter painter;

  g_return_val_if_fail (EX_IS_SQUARE_INPUT (self), CQ_NO_SQUARE);

  if (self->board == NULL || !ex_board_painter_init (&painter, self->board, self->flipped))
    return CQ_NO_SQUARE;
  return ex_board_painter_get_square_at (&painter, x, y);
}

void
ex_square_input_set_flipped (ExSquareInput *self,
                             gboolean       flipped)
{
  g_return_if_fail (EX_IS_SQUARE_INPUT (self));
  self->flipped = !!flipped;
}

void
ex_square_input_set_piece_func (ExSquareInput          *self,
                                ExSquareInputPieceFunc  func,
                                gpointer                user_data)
{
  g_return_if_fail (EX_IS_SQUARE_INPUT (self));
  self->piece_func = func;
  self->piece_data = user_data;
}

gboolean
ex_square_input_get_span (ExSquareInput *self,
                          int           *from,
                          int           *to)
{
  g_return_val_if_fail (EX_IS_SQUARE_INPUT (self), FALSE);

  if (from != NULL)
    *from = self->span_from;
  if (to != NULL)
    *to = self->span_to;
  return self->span_from != CQ_NO_SQUARE;
}

void
ex_square_input_set_drag_icon (GtkDragSource *source,
                               int            piece)
{
  g_autoptr(GdkTexture) texture = NULL;

  if (piece > CQ_EMPTY && piece < CQ_N_PIECES)
    texture = ex_board_painter_get_piece_texture ((CqPiece) piece, DRAG_IMAGE_SIZE);
  if (texture != NULL)
    gtk_drag_source_set_icon (source, GDK_PAINTABLE (texture), 20, 20);
}

static void
redraw (ExSquareInput *self)
{
  if (self->board != NULL)
    gtk_widget_queue_draw (self->board);
}

/* ------------------------------------------------------------------------
 * Clicks and drops
 */

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   ExSquareInput   *self)
{
  int square = ex_square_input_get_square_at (self, x, y);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (square != CQ_NO_SQUARE)
    g_signal_emit (self, signals[button == GDK_BUTTON_SECONDARY ? REMOVED : CLICKED], 0, square);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         ExSquareInput *self)
{
  int square = ex_square_input_get_square_at (self, x, y);
  gboolean accepted = FALSE;

  if (square == CQ_NO_SQUARE || !G_VALUE_HOLDS_STRING (value) || g_value_get_string (value) == NULL)
    return FALSE;
  g_signal_emit (self, signals[DROPPED], 0, square, g_value_get_string (value), &accepted);
  return accepted;
}

/* ------------------------------------------------------------------------
 * Pieces dragged from the board
 */

/* A piece dragged from a square: "N@g1", so that the drop moves it. */
static GdkContentProvider *
piece_drag_prepare_cb (GtkDragSource *source,
                       double         x,
                       double         y,
                       ExSquareInput *self)
{
  int square = ex_square_input_get_square_at (self, x, y);
  CqPiece piece;
  char name[3];
  g_autofree char *payload = NULL;

  if (square == CQ_NO_SQUARE || self->piece_func == NULL)
    return NULL;
  piece = self->piece_func (square, self->piece_data);
  if (piece == CQ_EMPTY)
    return NULL;
  cq_square_name (square, name);
  payload = g_strdup_printf ("%c@%s", cq_piece_char (piece), name);
  self->piece_from = square;
  ex_square_input_set_drag_icon (source, piece);
  return gdk_content_provider_new_typed (G_TYPE_STRING, payload);
}

/* A piece dropped where nothing takes it: off the board. */
static gboolean
piece_drag_cancel_cb (GtkDragSource      *source,
                      GdkDrag            *drag,
                      GdkDragCancelReason reason,
                      ExSquareInput      *self)
{
  if (reason == GDK_DRAG_CANCEL_NO_TARGET && self->piece_from != CQ_NO_SQUARE)
    g_signal_emit (self, signals[REMOVED], 0, self->piece_from);
  return FALSE;
}

/* ------------------------------------------------------------------------
 * Rectangles spanned by a drag
 */

static void
span_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ExSquareInput  *self)
{
  int square = ex_square_input_get_square_at (self, x, y);

  if (square == CQ_NO_SQUARE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->span_from = self->span_to = square;
  redraw (self);
}

static void
span_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ExSquareInput  *self)
{
  double x, y;
  int square;

  if (self->span_from == CQ_NO_SQUARE)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  square = ex_square_input_get_square_at (self, x + dx, y + dy);
  if (square != CQ_NO_SQUARE && square != self->span_to)
    {
      self->span_to = square;
      redraw (self);
    }
}

static void
span_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ExSquareInput  *self)
{
  int from = self->span_from, to = self->span_to;

  if (from == CQ_NO_SQUARE)
    return;
  self->span_from = self->span_to = CQ_NO_SQUARE;
  if (from == to)
    g_signal_emit (self, signals[CLICKED], 0, from);
  else
    g_signal_emit (self, signals[SPANNED], 0, from, to);
}

/* ------------------------------------------------------------------------
 * GObject
 */

/* Adds @controller to the board; its signals are connected to the input
 * (and cut when the input goes), so that the board may outlive it. */
static void
add_controller (ExSquareInput      *self,
                GtkEventController *controller)
{
  g_ptr_array_add (self->controllers, g_object_ref (controller));
  gtk_widget_add_controller (self->board, controller);
}

ExSquareInput *
ex_square_input_new (GtkWidget          *board,
                     ExSquareInputFlags  flags)
{
  ExSquareInput *self;

  g_return_val_if_fail (GTK_IS_WIDGET (board), NULL);

  self = g_object_new (EX_TYPE_SQUARE_INPUT, NULL);
  self->board = board;
  g_object_add_weak_pointer (G_OBJECT (board), (gpointer *) &self->board);

  if (flags & EX_SQUARE_INPUT_CLICK)
    {
      GtkGesture *click = gtk_gesture_click_new ();

      /* Any button: the secondary one removes. */
      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
      g_signal_connect_object (click, "released", G_CALLBACK (click_released_cb), self, 0);
      add_controller (self, GTK_EVENT_CONTROLLER (click));
    }
  if (flags & EX_SQUARE_INPUT_DROP)
    {
      GdkDragAction actions = GDK_ACTION_COPY;
      GtkDropTarget *target;

      /* A piece from a square is moved, one from a palette copied. */
      if (flags & EX_SQUARE_INPUT_DRAG_PIECES)
        actions |= GDK_ACTION_MOVE;
      target = gtk_drop_target_new (G_TYPE_STRING, actions);
      g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, 0);
      add_controller (self, GTK_EVENT_CONTROLLER (target));
    }
  if (flags & EX_SQUARE_INPUT_DRAG_PIECES)
    {
      GtkDragSource *source = gtk_drag_source_new ();

      gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
      g_signal_connect_object (source, "prepare", G_CALLBACK (piece_drag_prepare_cb), self, 0);
      g_signal_connect_object (source, "drag-cancel", G_CALLBACK (piece_drag_cancel_cb), self, 0);
      add_controller (self, GTK_EVENT_CONTROLLER (source));
    }
  if (flags & EX_SQUARE_INPUT_SPAN)
    {
      GtkGesture *drag = gtk_gesture_drag_new ();

      g_signal_connect_object (drag, "drag-begin", G_CALLBACK (span_begin_cb), self, 0);
      g_signal_connect_object (drag, "drag-update", G_CALLBACK (span_update_cb), self, 0);
      g_signal_connect_object (drag, "drag-end", G_CALLBACK (span_end_cb), self, 0);
      add_controller (self, GTK_EVENT_CONTROLLER (drag));
    }
  return self;
}

static void
ex_square_input_dispose (GObject *object)
{
  ExSquareInput *self = EX_SQUARE_INPUT (object);

  if (self->board != NULL)
    {
      for (guint i = 0; i < self->controllers->len; i++)
        gtk_widget_remove_controller (self->board, g_ptr_array_index (self->controllers, i));
      g_object_remove_weak_pointer (G_OBJECT (self->board), (gpointer *) &self->board);
      self->board = NULL;
    }
  g_ptr_array_set_size (self->controllers, 0);

  G_OBJECT_CLASS (ex_square_input_parent_class)->dispose (object);
}

static void
ex_square_input_finalize (GObject *object)
{
  ExSquareInput *self = EX_SQUARE_INPUT (object);

  g_ptr_array_unref (self->controllers);

  G_OBJECT_CLASS (ex_square_input_parent_class)->finalize (object);
}

static void
ex_square_input_class_init (ExSquareInputClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ex_square_input_dispose;
  object_class->finalize = ex_square_input_finalize;

  /* What each signal means: ex_square_input_new() in ex-square-input.h. */
  signals[CLICKED] =
    g_signal_new ("clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[REMOVED] =
    g_signal_new ("removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[DROPPED] =
    g_signal_new ("dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 2, G_TYPE_INT, G_TYPE_STRING);
  signals[SPANNED] =
    g_signal_new ("spanned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
}

static void
ex_square_input_init (ExSquareInput *self)
{
  self->controllers = g_ptr_array_new_with_free_func (g_object_unref);
  self->piece_from = CQ_NO_SQUARE;
  self->span_from = self->span_to = CQ_NO_SQUARE;
}
