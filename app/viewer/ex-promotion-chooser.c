/* ex-promotion-chooser.c: the popover in which the user picks the piece a
 * pawn promotes to on the viewer's board.
 *
 * A row of four flat buttons (queen, rook, bishop, knight, the order of
 * most chess programs), each with the piece's image rendered by the board
 * painter (ex_board_painter_get_piece_texture()), so that the choice looks
 * like the pieces on the board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-promotion-chooser.h"
#include "ex-board-painter.h"

/* The side of a piece image in the chooser, in logical pixels. */
#define PIECE_SIZE 48

static const CqPieceType choices[4] = { CQ_QUEEN, CQ_ROOK, CQ_BISHOP, CQ_KNIGHT };

struct _ExPromotionChooser
{
  GtkPopover  parent_instance;

  GtkWidget  *buttons[4];
  GtkWidget  *images[4];
  CqColor     color;
  gboolean    has_color;
};

G_DEFINE_FINAL_TYPE (ExPromotionChooser, ex_promotion_chooser, GTK_TYPE_POPOVER)

enum {
  SIGNAL_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_button_clicked (GtkButton          *button,
                   ExPromotionChooser *self)
{
  CqPieceType type = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ex-piece-type"));

  /* Chosen first: closing tells the board that nothing was chosen. */
  g_signal_emit (self, signals[SIGNAL_CHOSEN], 0, (guint) type);
  gtk_popover_popdown (GTK_POPOVER (self));
}

void
ex_promotion_chooser_set_color (ExPromotionChooser *self,
                                CqColor             color)
{
  int scale;

  g_return_if_fail (EX_IS_PROMOTION_CHOOSER (self));

  if (self->has_color && self->color == color)
    return;

  self->color = color;
  self->has_color = TRUE;
  /* Rendered for the screen's scale so that the images stay sharp. */
  scale = MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      g_autoptr(GdkTexture) texture =
        ex_board_painter_get_piece_texture (CQ_MAKE_PIECE (color, choices[i]), PIECE_SIZE * scale);

      gtk_image_set_from_paintable (GTK_IMAGE (self->images[i]), GDK_PAINTABLE (texture));
    }
}

GtkWidget *
ex_promotion_chooser_get_button (ExPromotionChooser *self,
                                 CqPieceType         type)
{
  g_return_val_if_fail (EX_IS_PROMOTION_CHOOSER (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    if (choices[i] == type)
      return self->buttons[i];

  return NULL;
}

GtkWidget *
ex_promotion_chooser_new (void)
{
  return g_object_new (EX_TYPE_PROMOTION_CHOOSER, NULL);
}

static void
ex_promotion_chooser_class_init (ExPromotionChooserClass *klass)
{
  /**
   * ExPromotionChooser::chosen:
   * @self: the chooser.
   * @type: the #CqPieceType chosen (CQ_QUEEN, CQ_ROOK, CQ_BISHOP or
   *   CQ_KNIGHT).
   *
   * Emitted when a piece is clicked, before the popover closes (its
   * #GtkPopover::closed follows).
   */
  signals[SIGNAL_CHOSEN] =
    g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ex_promotion_chooser_init (ExPromotionChooser *self)
{
  static const char *const names[4] = {
    N_("Promote to a queen"), N_("Promote to a rook"),
    N_("Promote to a bishop"), N_("Promote to a knight"),
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      self->images[i] = gtk_image_new ();
      gtk_image_set_pixel_size (GTK_IMAGE (self->images[i]), PIECE_SIZE);
      self->buttons[i] = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (self->buttons[i]), self->images[i]);
      gtk_button_set_has_frame (GTK_BUTTON (self->buttons[i]), FALSE);
      gtk_widget_set_tooltip_text (self->buttons[i], _(names[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->buttons[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _(names[i]), -1);
      g_object_set_data (G_OBJECT (self->buttons[i]), "ex-piece-type",
                         GUINT_TO_POINTER (choices[i]));
      g_signal_connect (self->buttons[i], "clicked", G_CALLBACK (on_button_clicked), self);
      gtk_box_append (GTK_BOX (box), self->buttons[i]);
    }

  gtk_popover_set_child (GTK_POPOVER (self), box);
  gtk_popover_set_position (GTK_POPOVER (self), GTK_POS_TOP);
  ex_promotion_chooser_set_color (self, CQ_WHITE);
}
