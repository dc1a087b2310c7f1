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
 * (app/viewer/ex-board-painter.h); the palette is an ExPiecePalette, and
 * the clicks, drags and drops on the board come from an ExSquareInput.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-board-painter.h"
#include "ex-piece-palette.h"
#include "ex-setup-board.h"
#include "ex-square-input.h"

struct _ExSetupBoard
{
  GtkBox          parent_instance;

  /* Template widgets */
  ExPiecePalette *palette;
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

  ExSquareInput  *input;

  guint8          pieces[64];
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
 * FEN entry and the board up to date after a change of the state.  The
 * message under the board (why Find or a pasted FEN was refused) goes as
 * soon as the board holds a position that can occur in a game: it is
 * about a position no longer there. */
static void
update (ExSetupBoard *self)
{
  g_autofree char *fen = NULL;
  CqPosition pos;

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
  if (gtk_widget_get_visible (self->message_label) && cq_position_set_fen (&pos, fen, NULL))
    set_message (self, "");
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

/* Reads @fen as the entry takes it: a diagram's FEN often stops after the
 * side to move, and the rest is then "- -". */
static gboolean
read_fen (const char  *fen,
          CqPosition  *pos,
          GError     **error)
{
  g_auto(GStrv) fields = g_strsplit_set (fen, " \t", -1);
  g_autofree char *full = NULL;

  if (g_strv_length (fields) == 2)
    full = g_strconcat (fen, " - -", NULL);
  return cq_position_set_fen (pos, full != NULL ? full : fen, error);
}

gboolean
ex_setup_board_set_fen (ExSetupBoard *self,
                        const char   *fen,
                        GError      **error)
{
  CqPosition pos;

  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  if (!read_fen (fen, &pos, error))
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
  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  g_return_if_fail (piece < CQ_N_PIECES);

  /* The palette's eraser is its brush '\0'. */
  ex_piece_palette_set_brush (self->palette, piece == CQ_EMPTY ? '\0' : cq_piece_char (piece));
}

/* The piece the palette's brush puts down (CQ_EMPTY: the eraser). */
static CqPiece
current_brush (ExSetupBoard *self)
{
  int piece;

  g_return_val_if_fail (EX_IS_SETUP_BOARD (self), CQ_EMPTY);

  piece = cq_piece_from_char (ex_piece_palette_get_brush (self->palette));
  return piece > CQ_EMPTY ? (CqPiece) piece : CQ_EMPTY;
}

void
ex_setup_board_click_square (ExSetupBoard *self,
                             int           square)
{
  CqPiece brush;

  g_return_if_fail (EX_IS_SETUP_BOARD (self));
  g_return_if_fail (square >= 0 && square < 64);

  brush = current_brush (self);
  ex_setup_board_set_piece (self, square, self->pieces[square] == brush ? CQ_EMPTY : brush);
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
 * The board
 */

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

/* A right click, or a piece dragged off the board, empties its square. */
static void
square_removed_cb (ExSquareInput *input,
                   int            square,
                   ExSetupBoard  *self)
{
  ex_setup_board_set_piece (self, square, CQ_EMPTY);
}

static CqPiece
piece_at (int      square,
          gpointer user_data)
{
  ExSetupBoard *self = user_data;

  return (CqPiece) self->pieces[square];
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

/* A FEN typed or pasted into the entry: a message about an unreadable
 * FEN goes once the entry holds one the board can set up (Enter sets it
 * up). */
static void
fen_changed_cb (ExSetupBoard *self)
{
  g_autofree char *text = NULL;
  CqPosition pos;

  if (self->updating || !gtk_widget_get_visible (self->message_label))
    return;
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->fen_entry))));
  if (read_fen (text, &pos, NULL))
    set_message (self, "");
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
  ExSetupBoard *self = EX_SETUP_BOARD (object);

  g_clear_object (&self->input);
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
  g_type_ensure (EX_TYPE_PIECE_PALETTE);
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
  gtk_widget_class_bind_template_callback (widget_class, side_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, castling_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, fen_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, fen_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, find_clicked_cb);
}

static void
ex_setup_board_init (ExSetupBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ex_board_canvas_set_func (EX_BOARD_CANVAS (self->board), snapshot_board, self, NULL);
  ex_setup_board_set_brush (self, CQ_WK);

  /* Clicks, drops from the palette and from squares, and the pieces
   * dragged from square to square or off the board. */
  self->input = ex_square_input_new (self->board, EX_SQUARE_INPUT_CLICK | EX_SQUARE_INPUT_DROP
                                                  | EX_SQUARE_INPUT_DRAG_PIECES);
  ex_square_input_set_piece_func (self->input, piece_at, self);
  g_signal_connect_swapped (self->input, "clicked", G_CALLBACK (ex_setup_board_click_square), self);
  g_signal_connect_swapped (self->input, "dropped", G_CALLBACK (ex_setup_board_drop), self);
  g_signal_connect (self->input, "removed", G_CALLBACK (square_removed_cb), self);

  start_clicked_cb (self);
}
