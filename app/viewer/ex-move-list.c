/* ex-move-list.c: the move list of the game viewer (a GtkTextView).
 *
 * The text of a game is laid out by ExMoveText and put in a new
 * GtkTextBuffer that is styled before it is given to the view: a tag applied
 * to a displayed paragraph re-lays it out, and a study's mainline is often
 * one paragraph of several thousand characters.  For the same reason the
 * styles are few and cover whole ranges (mainline paragraphs, comments,
 * matched moves), and the current move is not a tag but a rectangle drawn
 * over the text in GtkTextViewClass.snapshot_layer: going to another move
 * changes nothing in the buffer but a mark.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ex-move-list.h"

struct _ExMoveList
{
  GtkTextView      parent_instance;

  GtkTextTagTable *tags;
  GtkTextTag      *mainline_tag;
  GtkTextTag      *comment_tag;
  GtkTextTag      *result_tag;
  GtkTextTag      *error_tag;
  GtkTextTag      *matched_tag;
  GtkTextTag      *own_tag;
  GtkTextTag      *query_comment_tag;
  GtkTextTag      *indent_tags[EX_MOVE_TEXT_MAX_BLOCK_DEPTH + 1];

  ExMoveText      *move_text;
  ExMoveTextFlags  flags;
  GPtrArray       *notes;         /* the query's text per node (nullable entries), or NULL */
  GtkTextMark     *current_mark;
  int              current;       /* node index, or -1 */
  guint            reveal_idle;
  GtkAdjustment   *vadjustment;   /* the one whose "changed" we watch */
};

G_DEFINE_FINAL_TYPE (ExMoveList, ex_move_list, GTK_TYPE_TEXT_VIEW)

enum {
  NODE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The current move: a translucent fill and an outline, drawn over the text
 * so that it shows on the matched moves' background too. */
static const GdkRGBA current_fill    = { 0.21, 0.52, 0.89, 0.35 };
static const GdkRGBA current_outline = { 0.11, 0.44, 0.85, 1.00 };

static void
ex_move_list_apply (GtkTextBuffer        *buffer,
                    GtkTextTag           *tag,
                    const ExMoveTextSpan *span)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_iter_at_offset (buffer, &start, span->start);
  gtk_text_buffer_get_iter_at_offset (buffer, &end, span->end);
  gtk_text_buffer_apply_tag (buffer, tag, &start, &end);
}

void
ex_move_list_set_game (ExMoveList   *self,
                       const CqGame *game,
                       const guint8 *matched)
{
  g_autoptr(GtkTextBuffer) buffer = NULL;
  GtkTextIter start;

  g_return_if_fail (EX_IS_MOVE_LIST (self));

  g_clear_pointer (&self->move_text, ex_move_text_free);
  self->current = -1;

  buffer = gtk_text_buffer_new (self->tags);

  if (game != NULL)
    {
      self->move_text = ex_move_text_new_with_notes (game, self->flags,
                                                     self->notes != NULL
                                                     ? (const char *const *) self->notes->pdata
                                                     : NULL,
                                                     self->notes != NULL ? self->notes->len : 0);
      gtk_text_buffer_set_text (buffer, self->move_text->text->str,
                                self->move_text->text->len);

      for (guint i = 0; i < self->move_text->spans->len; i++)
        {
          const ExMoveTextSpan *span = &g_array_index (self->move_text->spans,
                                                       ExMoveTextSpan, i);
          GtkTextTag *tag = NULL;

          switch ((ExMoveTextKind) span->kind)
            {
            case EX_MOVE_TEXT_PARAGRAPH:
              if (span->mainline)
                tag = self->mainline_tag;
              else if (span->depth > 0)
                tag = self->indent_tags[MIN (span->depth, EX_MOVE_TEXT_MAX_BLOCK_DEPTH)];
              break;
            case EX_MOVE_TEXT_COMMENT:
              tag = self->comment_tag;
              break;
            case EX_MOVE_TEXT_RESULT:
              tag = self->result_tag;
              break;
            case EX_MOVE_TEXT_ERROR:
              tag = self->error_tag;
              break;
            case EX_MOVE_TEXT_QUERY_COMMENT:
              tag = self->query_comment_tag;
              break;
            case EX_MOVE_TEXT_MOVE:
              /* @matched covers the game's nodes only, not the user's. */
              if (span->own)
                tag = self->own_tag;
              else if (matched != NULL && span->node < game->n_nodes && matched[span->node])
                tag = self->matched_tag;
              break;
            case EX_MOVE_TEXT_NUMBER:
            case EX_MOVE_TEXT_NAG:
            default:
              break;
            }

          if (tag != NULL)
            ex_move_list_apply (buffer, tag, span);
        }
    }

  /* set_text() leaves the cursor at the end, where the view would scroll. */
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  self->current_mark = gtk_text_buffer_create_mark (buffer, "current", &start, TRUE);

  gtk_text_view_set_buffer (GTK_TEXT_VIEW (self), buffer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ex_move_list_set_flags (ExMoveList      *self,
                        ExMoveTextFlags  flags)
{
  g_return_if_fail (EX_IS_MOVE_LIST (self));

  self->flags = flags;
}

void
ex_move_list_set_notes (ExMoveList         *self,
                        const char *const  *notes,
                        guint               n_notes)
{
  g_return_if_fail (EX_IS_MOVE_LIST (self));

  g_clear_pointer (&self->notes, g_ptr_array_unref);
  if (notes == NULL || n_notes == 0)
    return;
  self->notes = g_ptr_array_new_full (n_notes, g_free);
  for (guint i = 0; i < n_notes; i++)
    g_ptr_array_add (self->notes, g_strdup (notes[i]));
}

const ExMoveText *
ex_move_list_get_move_text (ExMoveList *self)
{
  g_return_val_if_fail (EX_IS_MOVE_LIST (self), NULL);

  return self->move_text;
}

/* Scrolls so that the current move is in view, unless it is, by setting the
 * adjustment at once (gtk_text_view_scroll_to_mark() waits for the next
 * allocation). */
static void
ex_move_list_reveal_current (ExMoveList *self)
{
  GtkTextView *view = GTK_TEXT_VIEW (self);
  GdkRectangle visible, location;
  GtkTextIter iter;

  if (self->current < 0)
    return;

  gtk_text_buffer_get_iter_at_mark (gtk_text_view_get_buffer (view), &iter, self->current_mark);
  gtk_text_view_get_iter_location (view, &iter, &location);
  gtk_text_view_get_visible_rect (view, &visible);

  if (visible.height > 0
      && (location.y < visible.y || location.y + location.height > visible.y + visible.height))
    gtk_adjustment_set_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view)),
                              location.y + gtk_text_view_get_top_margin (view)
                              - visible.height / 5.0);
}

static gboolean
reveal_current_idle (gpointer data)
{
  ExMoveList *self = data;

  self->reveal_idle = 0;
  ex_move_list_reveal_current (self);
  return G_SOURCE_REMOVE;
}

/* The layout changed (new text, lines validated, new width).  A scroll
 * computed before the view had its final width is off, since line heights
 * change with the wrapping: check again once the layout has settled. */
static void
on_adjustment_changed (ExMoveList *self)
{
  if (self->reveal_idle == 0 && self->current >= 0)
    self->reveal_idle = g_idle_add_full (G_PRIORITY_LOW, reveal_current_idle, self, NULL);
}

static void
on_vadjustment_set (ExMoveList *self)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self));

  if (adjustment == self->vadjustment)
    return;

  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, on_adjustment_changed, self);
  g_set_object (&self->vadjustment, adjustment);
  if (adjustment != NULL)
    g_signal_connect_swapped (adjustment, "changed", G_CALLBACK (on_adjustment_changed), self);
}

void
ex_move_list_set_current (ExMoveList *self,
                          guint       node)
{
  GtkTextBuffer *buffer;
  const ExMoveTextSpan *span;
  GtkTextIter start;

  g_return_if_fail (EX_IS_MOVE_LIST (self));

  if (self->move_text == NULL || (span = ex_move_text_get_move (self->move_text, node)) == NULL)
    return;

  self->current = node;
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));
  gtk_text_buffer_get_iter_at_offset (buffer, &start, span->start);
  gtk_text_buffer_move_mark (buffer, self->current_mark, &start);
  gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self), self->current_mark, 0.2, FALSE, 0, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
ex_move_list_get_node_at (ExMoveList *self,
                          double      x,
                          double      y)
{
  GtkTextIter iter;
  int bx, by;

  g_return_val_if_fail (EX_IS_MOVE_LIST (self), -1);

  if (self->move_text == NULL)
    return -1;

  gtk_text_view_window_to_buffer_coords (GTK_TEXT_VIEW (self), GTK_TEXT_WINDOW_WIDGET,
                                         (int) x, (int) y, &bx, &by);
  if (!gtk_text_view_get_iter_at_location (GTK_TEXT_VIEW (self), &iter, bx, by))
    return -1;

  return ex_move_text_node_at_offset (self->move_text, gtk_text_iter_get_offset (&iter));
}

static void
snapshot_box (GtkSnapshot *snapshot,
              float        x,
              float        y,
              float        width,
              float        height)
{
  const float border = 2.0f;
  const float widths[4] = { border, border, border, border };
  const GdkRGBA colors[4] = { current_outline, current_outline, current_outline, current_outline };
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline,
                                   &GRAPHENE_RECT_INIT (x - 2, y, width + 4, height), 3);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &current_fill, &outline.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

/* Draws the current move's box over the text (layer coordinates are buffer
 * coordinates). */
static void
ex_move_list_snapshot_layer (GtkTextView      *view,
                             GtkTextViewLayer  layer,
                             GtkSnapshot      *snapshot)
{
  ExMoveList *self = EX_MOVE_LIST (view);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  const ExMoveTextSpan *span;
  GdkRectangle first, last;
  GtkTextIter start, end;

  if (layer != GTK_TEXT_VIEW_LAYER_ABOVE_TEXT || self->current < 0 || self->move_text == NULL)
    return;

  span = ex_move_text_get_move (self->move_text, self->current);
  gtk_text_buffer_get_iter_at_offset (buffer, &start, span->start);
  gtk_text_buffer_get_iter_at_offset (buffer, &end, span->end);
  gtk_text_view_get_iter_location (view, &start, &first);
  gtk_text_view_get_iter_location (view, &end, &last);

  if (first.y == last.y)
    snapshot_box (snapshot, first.x, first.y, last.x - first.x, first.height);
  else
    {
      /* The move wraps (only in a very narrow view): box each part. */
      GtkTextIter line_end = start;
      GdkRectangle end_of_first;

      gtk_text_view_forward_display_line_end (view, &line_end);
      gtk_text_view_get_iter_location (view, &line_end, &end_of_first);
      snapshot_box (snapshot, first.x, first.y, end_of_first.x - first.x, first.height);
      snapshot_box (snapshot, gtk_text_view_get_left_margin (view), last.y,
                    last.x - gtk_text_view_get_left_margin (view), last.height);
    }
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            ExMoveList      *self)
{
  int node = ex_move_list_get_node_at (self, x, y);

  if (node < 0)
    return;   /* elsewhere, the text view selects text */

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, (guint) node);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           ExMoveList               *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                   ex_move_list_get_node_at (self, x, y) >= 0 ? "pointer" : "text");
}

static void
ex_move_list_dispose (GObject *object)
{
  ExMoveList *self = EX_MOVE_LIST (object);

  g_clear_handle_id (&self->reveal_idle, g_source_remove);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, on_adjustment_changed, self);
  g_clear_object (&self->vadjustment);
  g_clear_pointer (&self->move_text, ex_move_text_free);
  self->current = -1;

  G_OBJECT_CLASS (ex_move_list_parent_class)->dispose (object);
}

static void
ex_move_list_finalize (GObject *object)
{
  ExMoveList *self = EX_MOVE_LIST (object);

  g_clear_object (&self->tags);
  g_clear_pointer (&self->notes, g_ptr_array_unref);

  G_OBJECT_CLASS (ex_move_list_parent_class)->finalize (object);
}

static void
ex_move_list_class_init (ExMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkTextViewClass *text_view_class = GTK_TEXT_VIEW_CLASS (klass);

  object_class->dispose = ex_move_list_dispose;
  object_class->finalize = ex_move_list_finalize;

  text_view_class->snapshot_layer = ex_move_list_snapshot_layer;

  /**
   * ExMoveList::node-activated:
   * @self: the move list.
   * @node: the node index of the move clicked.
   *
   * Emitted when a move (or the "Start" token) is clicked.
   */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL,
                  g_cclosure_marshal_VOID__UINT,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static GtkTextTag *
add_tag (GtkTextTagTable *table,
         const char      *name,
         const char      *first_property,
         ...)
{
  GtkTextTag *tag = gtk_text_tag_new (name);
  va_list args;

  va_start (args, first_property);
  g_object_set_valist (G_OBJECT (tag), first_property, args);
  va_end (args);

  gtk_text_tag_table_add (table, tag);
  g_object_unref (tag);
  return tag;
}

static void
ex_move_list_init (ExMoveList *self)
{
  GtkTextView *view = GTK_TEXT_VIEW (self);
  GtkEventController *controller;

  self->current = -1;

  gtk_text_view_set_editable (view, FALSE);
  gtk_text_view_set_cursor_visible (view, FALSE);
  gtk_text_view_set_wrap_mode (view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (view, 12);
  gtk_text_view_set_right_margin (view, 12);
  gtk_text_view_set_top_margin (view, 8);
  gtk_text_view_set_bottom_margin (view, 8);
  gtk_text_view_set_pixels_below_lines (view, 3);
  gtk_text_view_set_pixels_inside_wrap (view, 2);
  /* The keys belong to the game view around it. */
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);

  /* Priority follows the order of creation: later tags win. */
  self->tags = gtk_text_tag_table_new ();
  self->mainline_tag = add_tag (self->tags, "mainline",
                                "weight", PANGO_WEIGHT_SEMIBOLD,
                                NULL);
  for (guint depth = 1; depth <= EX_MOVE_TEXT_MAX_BLOCK_DEPTH; depth++)
    {
      g_autofree char *name = g_strdup_printf ("indent-%u", depth);

      self->indent_tags[depth] = add_tag (self->tags, name,
                                          "left-margin", 12 + 22 * (int) depth,
                                          "pixels-above-lines", 2,
                                          "scale", depth > 1 ? 0.92 : 0.96,
                                          NULL);
    }
  self->comment_tag = add_tag (self->tags, "comment",
                               "foreground", "#77767b",
                               "style", PANGO_STYLE_ITALIC,
                               "weight", PANGO_WEIGHT_NORMAL,
                               NULL);
  /* The query's comments: what `cql` would write into the game, not the
   * game's own; upright, in the blue of the selection, on a pale blue
   * ground, so that they read as the search's output. */
  self->query_comment_tag = add_tag (self->tags, "query-comment",
                                     "foreground", "#1a5fb4",
                                     "background", "#e6eefa",
                                     "style", PANGO_STYLE_NORMAL,
                                     "weight", PANGO_WEIGHT_NORMAL,
                                     NULL);
  self->result_tag = add_tag (self->tags, "result",
                              "weight", PANGO_WEIGHT_BOLD,
                              NULL);
  self->error_tag = add_tag (self->tags, "error",
                             "foreground", "#c01c28",
                             "weight", PANGO_WEIGHT_NORMAL,
                             NULL);
  self->matched_tag = add_tag (self->tags, "matched",
                               "weight", PANGO_WEIGHT_BOLD,
                               "background", "#f6d32d",
                               "foreground", "#241f31",
                               NULL);
  /* The moves the user played on the board: not the game's, so set apart
   * in italic green (the green of the board's move marks). */
  self->own_tag = add_tag (self->tags, "own",
                           "foreground", "#26a269",
                           "style", PANGO_STYLE_ITALIC,
                           "weight", PANGO_WEIGHT_BOLD,
                           NULL);

  ex_move_list_set_game (self, NULL, NULL);

  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (controller), GDK_BUTTON_PRIMARY);
  g_signal_connect (controller, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  /* The scrolled window sets the adjustment when the view is added. */
  g_signal_connect (self, "notify::vadjustment", G_CALLBACK (on_vadjustment_set), NULL);
  on_vadjustment_set (self);
}
