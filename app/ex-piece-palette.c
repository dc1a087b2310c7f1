/* ex-piece-palette.c: the palette of pieces and piece classes of a board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The set-up board (twelve pieces and an eraser, one the brush), the
 * pattern board (the 21 piecetype designators, one the brush) and the
 * picker (the 21, several at once) show this palette.  Its buttons are
 * made in constructed() from the properties the template gives: the
 * pieces as the board painter's images (app/viewer/ex-board-painter.h),
 * the classes as labels in the dialect's spelling; their tooltips, which
 * are also their accessible labels, follow the dialect too.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cql/cq-designator-text.h"
#include "ex-board-painter.h"
#include "ex-cql6-text.h"
#include "ex-piece-palette.h"
#include "ex-square-input.h"

/* The side of the pieces' images as rendered, in pixels; shown at
 * image-size. */
#define PIECE_IMAGE_SIZE 64

struct _ExPiecePalette
{
  GtkGrid      parent_instance;

  /* Construct-only properties */
  char        *symbols;
  guint        columns;
  guint        image_size;
  guint        button_size;
  gboolean     multiple;
  gboolean     draggable;
  gboolean     eraser;

  CqDialect    dialect;
  GPtrArray   *buttons;   /* [i]: the button of symbols[i], then the eraser's; not owned */
};

G_DEFINE_FINAL_TYPE (ExPiecePalette, ex_piece_palette, GTK_TYPE_GRID)

enum {
  PROP_0,
  PROP_SYMBOLS,
  PROP_COLUMNS,
  PROP_MULTIPLE,
  PROP_DRAGGABLE,
  PROP_ERASER,
  PROP_IMAGE_SIZE,
  PROP_BUTTON_SIZE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The index of @symbol's button, the eraser's for '\0'; -1 if none. */
static int
button_index (ExPiecePalette *self,
              char            symbol)
{
  const char *p;

  if (symbol == '\0')
    return self->eraser ? (int) strlen (self->symbols) : -1;
  p = strchr (self->symbols, symbol);
  return p != NULL ? (int) (p - self->symbols) : -1;
}

static gboolean
button_active (ExPiecePalette *self,
               guint           i)
{
  return gtk_toggle_button_get_active (g_ptr_array_index (self->buttons, i));
}

/* ------------------------------------------------------------------------
 * Labels and tooltips
 */

/* What a symbol stands for, in @dialect's spelling.  The classes CQL 6
 * spells otherwise (it has no `M I U ?`, and `.` is every square there)
 * have a tooltip of their own. */
static const char *
meaning_tooltip (char      symbol,
                 CqDialect dialect)
{
  if (dialect == CQ_DIALECT_CQL6)
    switch (symbol)
      {
      case '.': return _("_: empty square");
      case 'M': return _("[QR]: white major piece (queen or rook)");
      case 'm': return _("[qr]: black major piece (queen or rook)");
      case 'I': return _("[BN]: white minor piece (bishop or knight)");
      case 'i': return _("[bn]: black minor piece (bishop or knight)");
      case 'U': return _("[Aa]: any piece at all");
      case '?': return _(".: any piece or an empty square");
      default:  break;
      }
  switch (symbol)
    {
    case 'K': return _("K: white king");
    case 'Q': return _("Q: white queen");
    case 'R': return _("R: white rook");
    case 'B': return _("B: white bishop");
    case 'N': return _("N: white knight");
    case 'P': return _("P: white pawn");
    case 'k': return _("k: black king");
    case 'q': return _("q: black queen");
    case 'r': return _("r: black rook");
    case 'b': return _("b: black bishop");
    case 'n': return _("n: black knight");
    case 'p': return _("p: black pawn");
    case '.': return _(".: empty square");
    case 'A': return _("A: any white piece");
    case 'a': return _("a: any black piece");
    case 'M': return _("M: white major piece (queen or rook)");
    case 'm': return _("m: black major piece (queen or rook)");
    case 'I': return _("I: white minor piece (bishop or knight)");
    case 'i': return _("i: black minor piece (bishop or knight)");
    case 'U': return _("U: any piece at all");
    case '?': return _("?: any piece or an empty square");
    default:  return NULL;
    }
}

static void
set_tooltip (GtkWidget  *button,
             const char *tooltip)
{
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

/* The labels (of the classes; the pieces are images) and the tooltips in
 * the palette's dialect. */
static void
update_labels (ExPiecePalette *self)
{
  for (guint i = 0; self->symbols[i] != '\0'; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->buttons, i);
      GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));
      g_autofree char *spelling = ex_cql_class_spelling (self->symbols[i], self->dialect);

      if (GTK_IS_LABEL (child))
        gtk_label_set_text (GTK_LABEL (child), spelling);
      if (self->draggable)
        {
          /* Translators: %s is a piece type or class as the query spells it,
           * such as K, U or [Aa] */
          g_autofree char *tooltip =
            g_strdup_printf (_("Drag %s onto a square, or choose it and click squares"),
                             spelling);

          set_tooltip (button, tooltip);
        }
      else
        set_tooltip (button, meaning_tooltip (self->symbols[i], self->dialect));
    }
}

/* ------------------------------------------------------------------------
 * The buttons
 */

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 GtkWidget     *button)
{
  const char *symbol = g_object_get_data (G_OBJECT (button), "ex-symbol");

  ex_square_input_set_drag_icon (source, cq_piece_from_char (symbol[0]));
  return gdk_content_provider_new_typed (G_TYPE_STRING, symbol);
}

static void
button_toggled_cb (GtkToggleButton *button,
                   ExPiecePalette  *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/* A toggle button for @symbol: the piece's image, or a label for the
 * class's spelling (update_labels()); a drag source of the symbol when the
 * palette is draggable. */
static GtkWidget *
new_symbol_button (ExPiecePalette *self,
                   char            symbol)
{
  GtkWidget *button = gtk_toggle_button_new ();
  int piece = cq_piece_from_char (symbol);
  g_autoptr(GdkTexture) texture = NULL;

  if (piece > CQ_EMPTY)
    texture = ex_board_painter_get_piece_texture ((CqPiece) piece, PIECE_IMAGE_SIZE);
  if (texture != NULL)
    {
      GtkWidget *image = gtk_image_new_from_paintable (GDK_PAINTABLE (texture));

      gtk_image_set_pixel_size (GTK_IMAGE (image), (int) self->image_size);
      gtk_button_set_child (GTK_BUTTON (button), image);
    }
  else
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_widget_add_css_class (label, "monospace");
      gtk_button_set_child (GTK_BUTTON (button), label);
    }
  g_object_set_data_full (G_OBJECT (button), "ex-symbol", g_strndup (&symbol, 1), g_free);
  if (self->draggable)
    {
      GtkDragSource *source = gtk_drag_source_new ();

      gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
      g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), button);
      gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
    }
  return button;
}

static GtkWidget *
new_eraser_button (void)
{
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), "edit-clear-symbolic");
  set_tooltip (button, _("Eraser: choose it and click squares to empty them"));
  return button;
}

static void
ex_piece_palette_constructed (GObject *object)
{
  ExPiecePalette *self = EX_PIECE_PALETTE (object);
  guint n = (guint) strlen (self->symbols);
  guint rows = (n + self->columns - 1) / self->columns;

  G_OBJECT_CLASS (ex_piece_palette_parent_class)->constructed (object);

  for (guint i = 0; i <= n; i++)
    {
      GtkWidget *button;

      if (i < n)
        button = new_symbol_button (self, self->symbols[i]);
      else if (self->eraser)
        button = new_eraser_button ();
      else
        break;
      if (!self->multiple && i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button),
                                     g_ptr_array_index (self->buttons, 0));
      gtk_widget_set_size_request (button, (int) self->button_size, (int) self->button_size);
      g_signal_connect (button, "toggled", G_CALLBACK (button_toggled_cb), self);
      g_ptr_array_add (self->buttons, button);
      if (i < n)
        gtk_grid_attach (GTK_GRID (self), button, (int) (i % self->columns),
                         (int) (i / self->columns), 1, 1);
      else
        gtk_grid_attach (GTK_GRID (self), button, (int) self->columns, 0, 1, (int) rows);
    }
  update_labels (self);
}

/* ------------------------------------------------------------------------
 * The brush and the active symbols
 */

void
ex_piece_palette_set_dialect (ExPiecePalette *self,
                              CqDialect       dialect)
{
  g_return_if_fail (EX_IS_PIECE_PALETTE (self));

  self->dialect = dialect;
  update_labels (self);
}

char
ex_piece_palette_get_brush (ExPiecePalette *self)
{
  g_return_val_if_fail (EX_IS_PIECE_PALETTE (self), '\0');

  for (guint i = 0; self->symbols[i] != '\0'; i++)
    if (button_active (self, i))
      return self->symbols[i];
  return '\0';
}

void
ex_piece_palette_set_brush (ExPiecePalette *self,
                            char            symbol)
{
  int index;

  g_return_if_fail (EX_IS_PIECE_PALETTE (self));

  index = button_index (self, symbol);
  g_return_if_fail (index >= 0 || symbol == '\0');
  /* The group lets the brush go when another button becomes active. */
  if (index >= 0)
    gtk_toggle_button_set_active (g_ptr_array_index (self->buttons, index), TRUE);
  else
    ex_piece_palette_set_active_symbols (self, NULL);
}

gboolean
ex_piece_palette_get_active (ExPiecePalette *self,
                             char            symbol)
{
  int index;

  g_return_val_if_fail (EX_IS_PIECE_PALETTE (self), FALSE);

  index = button_index (self, symbol);
  g_return_val_if_fail (index >= 0, FALSE);
  return button_active (self, (guint) index);
}

void
ex_piece_palette_set_active_symbols (ExPiecePalette *self,
                                     const char     *symbols)
{
  g_return_if_fail (EX_IS_PIECE_PALETTE (self));

  for (guint i = 0; self->symbols[i] != '\0'; i++)
    gtk_toggle_button_set_active (g_ptr_array_index (self->buttons, i),
                                  symbols != NULL && strchr (symbols, self->symbols[i]) != NULL);
}

guint16
ex_piece_palette_get_piece_types (ExPiecePalette *self)
{
  guint16 pieces = 0;

  g_return_val_if_fail (EX_IS_PIECE_PALETTE (self), 0);

  for (guint i = 0; self->symbols[i] != '\0'; i++)
    if (button_active (self, i))
      {
        char text[2] = { self->symbols[i], '\0' };
        CqDesignatorSets d = { 0, 0 };

        cq_designator_sets_parse (text, &d, NULL);
        pieces |= d.pieces;
      }
  return pieces;
}

GtkWidget *
ex_piece_palette_get_button (ExPiecePalette *self,
                             char            symbol)
{
  int index;

  g_return_val_if_fail (EX_IS_PIECE_PALETTE (self), NULL);

  index = button_index (self, symbol);
  return index >= 0 ? g_ptr_array_index (self->buttons, index) : NULL;
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_piece_palette_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ExPiecePalette *self = EX_PIECE_PALETTE (object);

  switch (prop_id)
    {
    case PROP_SYMBOLS:
      g_free (self->symbols);
      self->symbols = g_value_dup_string (value);
      if (self->symbols == NULL)
        self->symbols = g_strdup (EX_PIECE_PALETTE_DESIGNATORS);
      break;
    case PROP_COLUMNS:
      self->columns = g_value_get_uint (value);
      break;
    case PROP_MULTIPLE:
      self->multiple = g_value_get_boolean (value);
      break;
    case PROP_DRAGGABLE:
      self->draggable = g_value_get_boolean (value);
      break;
    case PROP_ERASER:
      self->eraser = g_value_get_boolean (value);
      break;
    case PROP_IMAGE_SIZE:
      self->image_size = g_value_get_uint (value);
      break;
    case PROP_BUTTON_SIZE:
      self->button_size = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_piece_palette_dispose (GObject *object)
{
  ExPiecePalette *self = EX_PIECE_PALETTE (object);

  /* The buttons are the grid's children; GtkGrid's dispose takes them. */
  g_ptr_array_set_size (self->buttons, 0);

  G_OBJECT_CLASS (ex_piece_palette_parent_class)->dispose (object);
}

static void
ex_piece_palette_finalize (GObject *object)
{
  ExPiecePalette *self = EX_PIECE_PALETTE (object);

  g_ptr_array_unref (self->buttons);
  g_free (self->symbols);

  G_OBJECT_CLASS (ex_piece_palette_parent_class)->finalize (object);
}

static void
ex_piece_palette_class_init (ExPiecePaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = ex_piece_palette_constructed;
  object_class->set_property = ex_piece_palette_set_property;
  object_class->dispose = ex_piece_palette_dispose;
  object_class->finalize = ex_piece_palette_finalize;

  /* What each property does: ex-piece-palette.h. */
  properties[PROP_SYMBOLS] =
    g_param_spec_string ("symbols", NULL, NULL, EX_PIECE_PALETTE_DESIGNATORS, flags);
  properties[PROP_COLUMNS] = g_param_spec_uint ("columns", NULL, NULL, 1, 32, 7, flags);
  properties[PROP_MULTIPLE] = g_param_spec_boolean ("multiple", NULL, NULL, FALSE, flags);
  properties[PROP_DRAGGABLE] = g_param_spec_boolean ("draggable", NULL, NULL, FALSE, flags);
  properties[PROP_ERASER] = g_param_spec_boolean ("eraser", NULL, NULL, FALSE, flags);
  properties[PROP_IMAGE_SIZE] = g_param_spec_uint ("image-size", NULL, NULL, 1, 512, 24, flags);
  properties[PROP_BUTTON_SIZE] =
    g_param_spec_uint ("button-size", NULL, NULL, 1, 512, 34, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::changed: see ex-piece-palette.h. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
ex_piece_palette_init (ExPiecePalette *self)
{
  self->buttons = g_ptr_array_new ();
  self->dialect = CQ_DIALECT_CQL3;
  gtk_grid_set_row_spacing (GTK_GRID (self), 2);
  gtk_grid_set_column_spacing (GTK_GRID (self), 2);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
}
