/* ex-setup-board.c: a position set up on a board, to find where it occurs.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The composer puts pieces on the board by dragging them from the palette
 * (or by choosing one as the brush and clicking squares), moves them by
 * dragging them from square to square, takes one off with a right click or
 * by dropping it off the board, chooses the side to move and the castling
 * rights, or pastes a FEN.  Find checks that the position is legal
 * (cq_position_set_fen(): one king each, no pawn on the first or last
 * rank, the side not to move not in check) and emits ::find with the FEN
 * and the search options; the window runs the position search
 * (cq_query_new_for_position()).  The board is drawn by the board painter
 * (app/viewer/ex-board-painter.h).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-board-painter.h"
#include "ex-setup-board.h"

/* The palette: the twelve pieces and the eraser. */
#define N_BRUSHES 13
static const char brush_chars[N_BRUSHES + 1] = "KQRBNPkqrbnp.";

/* The side of the palette's and the drag icon's piece images, in pixels. */
#define PIECE_IMAGE_SIZE 64

struct _ExSetupBoard
{
  GtkBox          parent_instance;

  /* Template widgets */
  GtkWidget      *palette;
  GtkWidget      *board;
  GtkWidget      *white_button;
  GtkWidget      *black_button;
  GtkWidget      *castle_wk;
  GtkWidget      *castle_wq;
  GtkWidget      *castle_bk;
  GtkWidget      *castle_bq;
  GtkWidget      *fen_entry;
  GtkWidget      *mode_dropdown;
  GtkWidget      *differ_spin;
  GtkWidget      *message_label;

  GtkWidget      *brush_buttons[N_BRUSHES];

  guint8          pieces[64];
  CqPiece         brush;
  gboolean        updating;   /* the widgets are being set from the state */
};

G_DEFINE_FINAL_TYPE (ExSetupBoard, ex_setup_board, GTK_TYPE_BOX)

enum {
  FIND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------
 * State and FEN
 */

static void
set_message (ExSetupBoard *self,
             const char   *message)
{
  gtk_label_set_text (GTK_LABEL (self->message_label), message);
  gtk_widget_set_visible (self->message_label, message[0] != '\0');
}

/* The castling right @bit is possible only with its king and rook at home. */
static gboolean
castling_possible (ExSetupBoard *self,
                   guint         bit)
{
  switch (bit)
    {
    case CQ_CASTLE_WK: return self->pieces[4] == CQ_WK && self->pieces[7] == CQ_WR;
    case CQ_CASTLE_WQ: return self->pieces[4] == CQ_WK && self->pieces[0] == CQ_WR;
    case CQ_CASTLE_BK: return self->pieces[60] == CQ_BK && self->pieces[63] == CQ_BR;
    case CQ_CASTLE_BQ: return self->pieces[60] == CQ_BK && self->pieces[56] == CQ_BR;
    default: return FALSE;
    }
}

static GtkWidget *
castling_button (ExSetupBoard *self,
                 guint         bit)
{
  switch (bit)
    {
    case CQ_CASTLE_WK: return self->castle_wk;
    case CQ_CASTLE_WQ: return self->castle_wq;
    case CQ_CASTLE_BK: return self->castle_bk;
    default: return self->castle_bq;
    }
}

/* Brings the castling buttons (only possible rights can be ticked), the
 * FEN entry and the board up to date after a change of the state. */
static void
update (ExSetupBoard *self)
{
  g_autofree char *fen = NULL;

  self->updating = TRUE;
  for (guint bit = 1; bit <= CQ_CASTLE_BQ; bit <<= 1)
    {
      GtkWidget *button = castling_button (self, bit);
      gboolean possible = castling_possible (self, bit);

      gtk_widget_set_sensitive (button, possible);
      if (!possible)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (button), FALSE);
    }
  fen = ex_setup_board_dup_fen (self);
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), fen);
  self->updating = FALSE;
  gtk_widget_queue_draw (self->board);
}

char *
ex_setup_board_dup_fen (ExSetupBoard *self)
{
  GString *fen;
  guint n_rights = 0;
  static const struct { guint bit; char c; } rights[] = {
    { CQ_CASTLE_WK, 'K' }, { CQ_CASTLE_WQ, 'Q' }, { CQ_CASTLE_BK, 'k' }, { CQ_CASTLE_BQ, 'q' },
  };

  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), NULL);

  fen = g_string_new (NULL);
  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 8; file++)
        {
          CqPiece piece = self->pieces[CQ_SQUARE (file, rank)];

          if (piece == CQ_EMPTY)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_c (fen, (char) ('0' + empty));
          empty = 0;
          g_string_append_c (fen, cq_piece_char (piece));
        }
      if (empty > 0)
        g_string_append_c (fen, (char) ('0' + empty));
      if (rank > 0)
        g_string_append_c (fen, '/');
    }
  g_string_append (fen, ex_setup_board_get_side_to_move (self) == CQ_WHITE ? " w " : " b ");
  for (guint i = 0; i < G_N_ELEMENTS (rights); i++)
    if (castling_possible (self, rights[i].bit)
        && gtk_check_button_get_active (GTK_CHECK_BUTTON (castling_button (self, rights[i].bit))))
      {
        g_string_append_c (fen, rights[i].c);
        n_rights++;
      }
  g_string_append (fen, n_rights > 0 ? " - 0 1" : "- - 0 1");
  return g_string_free (fen, FALSE);
}

void
ex_setup_board_set_position (ExSetupBoard     *self,
                             const CqPosition *pos)
{
  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  g_return_if_fail (pos != NULL);

  memcpy (self->pieces, pos->board, sizeof self->pieces);
  self->updating = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (pos->side_to_move == CQ_WHITE
                                                   ? self->white_button : self->black_button),
                                TRUE);
  for (guint bit = 1; bit <= CQ_CASTLE_BQ; bit <<= 1)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (castling_button (self, bit)),
                                 (pos->castling & bit) != 0);
  self->updating = FALSE;
  set_message (self, "");
  update (self);
}

gboolean
ex_setup_board_set_fen (ExSetupBoard *self,
                        const char   *fen,
                        GError      **error)
{
  g_auto(GStrv) fields = NULL;
  g_autofree char *full = NULL;
  CqPosition pos;

  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  /* A diagram's FEN often stops after the side to move. */
  fields = g_strsplit_set (fen, " \t", -1);
  if (g_strv_length (fields) == 2)
    full = g_strconcat (fen, " - -", NULL);
  if (!cq_position_set_fen (&pos, full != NULL ? full : fen, error))
    return FALSE;
  ex_setup_board_set_position (self, &pos);
  return TRUE;
}

CqPiece
ex_setup_board_get_piece (ExSetupBoard *self,
                          int           square)
{
  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), CQ_EMPTY);
  g_return_val_if_fail (square >= 0 && square < 64, CQ_EMPTY);

  return (CqPiece) self->pieces[square];
}

void
ex_setup_board_set_piece (ExSetupBoard *self,
                          int           square,
                          CqPiece       piece)
{
  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  g_return_if_fail (square >= 0 && square < 64);
  g_return_if_fail (piece < CQ_N_PIECES);

  self->pieces[square] = (guint8) piece;
  set_message (self, "");
  update (self);
}

void
ex_setup_board_set_brush (ExSetupBoard *self,
                          CqPiece       piece)
{
  const char *c;

  g_return_if_fail (EX_IS_SETUP_BOARD (self));

  c = strchr (brush_chars, piece == CQ_EMPTY ? '.' : cq_piece_char (piece));
  g_return_if_fail (c != NULL);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->brush_buttons[c - brush_chars]), TRUE);
}

void
ex_setup_board_click_square (ExSetupBoard *self,
                             int           square)
{
  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  g_return_if_fail (square >= 0 && square < 64);

  ex_setup_board_set_piece (self, square,
                            self->pieces[square] == self->brush ? CQ_EMPTY : self->brush);
}

gboolean
ex_setup_board_drop (ExSetupBoard *self,
                     int           square,
                     const char   *payload)
{
  int piece, from = CQ_NO_SQUARE;

  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), FALSE);
  g_return_val_if_fail (square >= 0 && square < 64, FALSE);

  if (payload == NULL || payload[0] == '\0')
    return FALSE;
  piece = cq_piece_from_char (payload[0]);
  if (piece <= CQ_EMPTY)
    return FALSE;
  if (payload[1] == '@')
    {
      from = cq_square_from_name (payload + 2);
      if (from == CQ_NO_SQUARE || self->pieces[from] != piece)
        return FALSE;
    }
  else if (payload[1] != '\0')
    return FALSE;
  if (from != CQ_NO_SQUARE)
    self->pieces[from] = CQ_EMPTY;
  ex_setup_board_set_piece (self, square, (CqPiece) piece);
  return TRUE;
}

void
ex_setup_board_set_side_to_move (ExSetupBoard *self,
                                 CqColor       color)
{
  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (color == CQ_WHITE ? self->white_button
                                                                    : self->black_button),
                                TRUE);
}

CqColor
ex_setup_board_get_side_to_move (ExSetupBoard *self)
{
  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), CQ_WHITE);
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->black_button))
         ? CQ_BLACK : CQ_WHITE;
}

void
ex_setup_board_set_search (ExSetupBoard   *self,
                           CqPositionMatch mode,
                           guint           max_differ)
{
  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mode_dropdown),
                              mode == CQ_POSITION_MATCH_SYMMETRIC ? 1 : 0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->differ_spin),
                             MIN (max_differ, CQ_POSITION_MAX_DIFFER));
}

CqPositionMatch
ex_setup_board_get_mode (ExSetupBoard *self)
{
  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), CQ_POSITION_MATCH_EXACT);
  return gtk_drop_down_get_selected (GTK_DROP_DOWN (self->mode_dropdown)) == 1
         ? CQ_POSITION_MATCH_SYMMETRIC : CQ_POSITION_MATCH_EXACT;
}

guint
ex_setup_board_get_max_differ (ExSetupBoard *self)
{
  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), 0);
  return (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->differ_spin));
}

gboolean
ex_setup_board_find (ExSetupBoard *self)
{
  g_autofree char *fen = NULL;
  g_autoptr(GError) error = NULL;
  CqPosition pos;

  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), FALSE);

  fen = ex_setup_board_dup_fen (self);
  if (!cq_position_set_fen (&pos, fen, &error))
    {
      /* Translators: %s is the chess engine's reason, in English. */
      g_autofree char *message = g_strdup_printf (_("This position cannot occur in a game: %s"),
                                                  error->message);
      set_message (self, message);
      return FALSE;
    }
  set_message (self, "");
  g_signal_emit (self, signals[FIND], 0, fen, (guint) ex_setup_board_get_mode (self),
                 ex_setup_board_get_max_differ (self));
  return TRUE;
}

const char *
ex_setup_board_get_message (ExSetupBoard *self)
{
  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), "");
  return gtk_label_get_text (GTK_LABEL (self->message_label));
}

/* ------------------------------------------------------------------------
 * The board and the palette
 */

static int
square_at (ExSetupBoard *self,
           double        x,
           double        y)
{
  ExBoardPainter painter;

  if (!ex_board_painter_init (&painter, self->board, FALSE))
    return CQ_NO_SQUARE;
  return ex_board_painter_get_square_at (&painter, x, y);
}

static void
snapshot_board (ExBoardCanvas        *canvas,
                GtkSnapshot          *snapshot,
                const ExBoardPainter *painter,
                gpointer              user_data)
{
  ExSetupBoard *self = user_data;

  ex_board_painter_snapshot_squares (painter, snapshot);
  ex_board_painter_snapshot_coordinates (painter, snapshot);
  for (int sq = 0; sq < 64; sq++)
    if (self->pieces[sq] != CQ_EMPTY)
      {
        graphene_rect_t rect;

        ex_board_painter_get_square_bounds (painter, sq, &rect);
        ex_board_painter_snapshot_piece (painter, snapshot, (CqPiece) self->pieces[sq], &rect);
      }
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   ExSetupBoard    *self)
{
  int square = square_at (self, x, y);

  if (square == CQ_NO_SQUARE)
    return;
  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_SECONDARY)
    ex_setup_board_set_piece (self, square, CQ_EMPTY);
  else
    ex_setup_board_click_square (self, square);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         ExSetupBoard  *self)
{
  int square = square_at (self, x, y);

  if (square == CQ_NO_SQUARE || !G_VALUE_HOLDS_STRING (value))
    return FALSE;
  return ex_setup_board_drop (self, square, g_value_get_string (value));
}

static void
set_drag_icon (GtkDragSource *source,
               CqPiece        piece)
{
  g_autoptr(GdkTexture) texture = ex_board_painter_get_piece_texture (piece, PIECE_IMAGE_SIZE);

  if (texture != NULL)
    gtk_drag_source_set_icon (source, GDK_PAINTABLE (texture), 20, 20);
}

/* A piece dragged from a square: "N@g1", so that the drop moves it. */
static GdkContentProvider *
board_drag_prepare_cb (GtkDragSource *source,
                       double         x,
                       double         y,
                       ExSetupBoard  *self)
{
  int square = square_at (self, x, y);
  char name[3];
  g_autofree char *payload = NULL;

  if (square == CQ_NO_SQUARE || self->pieces[square] == CQ_EMPTY)
    return NULL;
  cq_square_name (square, name);
  payload = g_strdup_printf ("%c@%s", cq_piece_char ((CqPiece) self->pieces[square]), name);
  g_object_set_data_full (G_OBJECT (source), "ex-from", g_strdup (name), g_free);
  set_drag_icon (source, (CqPiece) self->pieces[square]);
  return gdk_content_provider_new_typed (G_TYPE_STRING, payload);
}

/* A piece dragged off the board is taken off it. */
static gboolean
board_drag_cancel_cb (GtkDragSource      *source,
                      GdkDrag            *drag,
                      GdkDragCancelReason reason,
                      ExSetupBoard       *self)
{
  const char *from = g_object_get_data (G_OBJECT (source), "ex-from");
  int square = from != NULL ? cq_square_from_name (from) : CQ_NO_SQUARE;

  if (reason == GDK_DRAG_CANCEL_NO_TARGET && square != CQ_NO_SQUARE)
    ex_setup_board_set_piece (self, square, CQ_EMPTY);
  return FALSE;
}

static GdkContentProvider *
palette_drag_prepare_cb (GtkDragSource *source,
                         double         x,
                         double         y,
                         GtkWidget     *button)
{
  const char *symbol = g_object_get_data (G_OBJECT (button), "ex-symbol");

  set_drag_icon (source, (CqPiece) cq_piece_from_char (symbol[0]));
  return gdk_content_provider_new_typed (G_TYPE_STRING, symbol);
}

static void
brush_toggled_cb (GtkToggleButton *button,
                  ExSetupBoard    *self)
{
  const char *symbol = g_object_get_data (G_OBJECT (button), "ex-symbol");
  int piece = cq_piece_from_char (symbol[0]);

  if (gtk_toggle_button_get_active (button))
    self->brush = piece > CQ_EMPTY ? (CqPiece) piece : CQ_EMPTY;
}

/* One toggle button per piece and the eraser, in one group (the brush);
 * the pieces are drag sources of their letter. */
static void
add_brush_buttons (ExSetupBoard *self)
{
  GtkWidget *group = NULL;

  for (int i = 0; i < N_BRUSHES; i++)
    {
      static char symbols[N_BRUSHES][2];
      int piece = cq_piece_from_char (brush_chars[i]);
      GtkWidget *button = gtk_toggle_button_new ();
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree char *tooltip = NULL;

      symbols[i][0] = brush_chars[i];
      g_object_set_data (G_OBJECT (button), "ex-symbol", symbols[i]);
      if (piece > CQ_EMPTY)
        texture = ex_board_painter_get_piece_texture ((CqPiece) piece, PIECE_IMAGE_SIZE);
      if (texture != NULL)
        {
          GtkWidget *image = gtk_image_new_from_paintable (GDK_PAINTABLE (texture));

          gtk_image_set_pixel_size (GTK_IMAGE (image), 24);
          gtk_button_set_child (GTK_BUTTON (button), image);
        }
      else
        gtk_button_set_icon_name (GTK_BUTTON (button),
                                  piece > CQ_EMPTY ? "image-missing" : "edit-clear-symbolic");
      if (group == NULL)
        group = button;
      else
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (group));
      gtk_widget_set_size_request (button, 34, 34);
      if (piece > CQ_EMPTY)
        {
          GtkDragSource *source = gtk_drag_source_new ();

          /* Translators: %c is a piece letter of FEN, such as K or n */
          tooltip = g_strdup_printf (_("Drag %c onto a square, or choose it and click squares"),
                                     brush_chars[i]);
          gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
          g_signal_connect (source, "prepare", G_CALLBACK (palette_drag_prepare_cb), button);
          gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
        }
      else
        tooltip = g_strdup (_("Eraser: choose it and click squares to empty them"));
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      g_signal_connect (button, "toggled", G_CALLBACK (brush_toggled_cb), self);
      self->brush_buttons[i] = button;
      gtk_grid_attach (GTK_GRID (self->palette), button, i < 12 ? i % 6 : 6, i < 12 ? i / 6 : 0,
                       1, i < 12 ? 1 : 2);
    }
}

/* ------------------------------------------------------------------------
 * Template callbacks
 */

static void
side_toggled_cb (ExSetupBoard *self)
{
  if (!self->updating)
    update (self);
}

static void
castling_toggled_cb (ExSetupBoard *self)
{
  if (!self->updating)
    update (self);
}

static void
start_clicked_cb (ExSetupBoard *self)
{
  CqPosition pos;

  cq_position_set_initial (&pos);
  ex_setup_board_set_position (self, &pos);
}

static void
clear_clicked_cb (ExSetupBoard *self)
{
  memset (self->pieces, 0, sizeof self->pieces);
  set_message (self, "");
  update (self);
}

static void
fen_activate_cb (ExSetupBoard *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->fen_entry)));

  if (!ex_setup_board_set_fen (self, g_strstrip (text), &error))
    {
      /* Translators: %s is the chess engine's reason, in English. */
      g_autofree char *message = g_strdup_printf (_("Not a FEN this board can set up: %s"),
                                                  error->message);
      set_message (self, message);
    }
}

static void
find_clicked_cb (ExSetupBoard *self)
{
  ex_setup_board_find (self);
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_setup_board_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), EX_TYPE_SETUP_BOARD);
  G_OBJECT_CLASS (ex_setup_board_parent_class)->dispose (object);
}

static void
ex_setup_board_class_init (ExSetupBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_setup_board_dispose;

  /**
   * ExSetupBoard::find:
   * @fen: the position's FEN (ex_setup_board_dup_fen()), legal.
   * @mode: a #CqPositionMatch.
   * @max_differ: how many pieces may differ.
   *
   * Find was pressed on a legal position.
   */
  signals[FIND] = g_signal_new ("find", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 3,
                                G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  g_type_ensure (EX_TYPE_BOARD_CANVAS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-setup-board.ui");
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, palette);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, board);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, white_button);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, black_button);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, castle_wk);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, castle_wq);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, castle_bk);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, castle_bq);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, fen_entry);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, mode_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, differ_spin);
  gtk_widget_class_bind_template_child (widget_class, ExSetupBoard, message_label);
  gtk_widget_class_bind_template_callback (widget_class, click_released_cb);
  gtk_widget_class_bind_template_callback (widget_class, drop_cb);
  gtk_widget_class_bind_template_callback (widget_class, side_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, castling_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, fen_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, find_clicked_cb);
}

static void
ex_setup_board_init (ExSetupBoard *self)
{
  GtkDragSource *source;

  gtk_widget_init_template (GTK_WIDGET (self));
  ex_board_canvas_set_func (EX_BOARD_CANVAS (self->board), snapshot_board, self, NULL);
  add_brush_buttons (self);
  ex_setup_board_set_brush (self, CQ_WK);

  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (board_drag_prepare_cb), self);
  g_signal_connect (source, "drag-cancel", G_CALLBACK (board_drag_cancel_cb), self);
  gtk_widget_add_controller (self->board, GTK_EVENT_CONTROLLER (source));

  start_clicked_cb (self);
}
