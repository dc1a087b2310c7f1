/* ex-pattern-board.c: query by example: designators placed on a board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The user drags piecetype designators from the palette onto squares (or
 * picks one as the brush and clicks squares; clicking a square that holds
 * the brush, or a right click, empties it), ticks simple keywords (`:wtm`,
 * `:btm`, `:check`, `:mate`, `:stalemate`, `:variations`) and transforms
 * (`:shift` ... `:flipcolor`, manual "Transformation keywords"), and gets
 * one position list, one piece designator per square
 * (cq_pattern_to_text()); in CQL 6 (ex_pattern_board_set_dialect()), the
 * filters of a body with the transforms as prefixes (ex-cql6-text.c).
 * ExPatternBoard::insert hands it to the editor.
 * ex_pattern_board_set_position() starts from a position of the board
 * viewer ("Anticipations", "Copy Pattern").  The board is laid out
 * and drawn by the board painter (app/viewer/ex-board-painter.h); the
 * pattern board adds the text of classes and sets of piece types.  The
 * layout, the keywords' check buttons and the palette (an ExPiecePalette)
 * included, is the template ex-pattern-board.ui; the clicks and drops on
 * the board come from an ExSquareInput.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-board-painter.h"
#include "ex-cql6-text.h"
#include "ex-pattern-board.h"
#include "ex-piece-counts.h"
#include "ex-piece-palette.h"
#include "ex-square-input.h"

struct _ExPatternBoard
{
  GtkBox          parent_instance;

  /* Template widgets */
  ExPiecePalette *palette;
  GtkWidget      *board;
  GtkWidget      *flag_buttons[CQ_PATTERN_N_FLAGS];   /* [i]: the flag 1 << i */
  GtkWidget      *text_label;
  GtkWidget      *side_warning;
  GtkWidget      *mate_kind_box;
  GtkWidget      *mate_kind_dropdown;
  ExPieceCounts  *piece_counts;

  ExSquareInput  *input;

  guint16         pieces[64];
  char           *text;
  CqDialect       dialect;   /* the dialect of text */
  char           *side_warning_cql3;   /* the template's text of side_warning */
};

G_DEFINE_FINAL_TYPE (ExPatternBoard, ex_pattern_board, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

enum {
  INSERT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* :check, :mate and :stalemate are about the side to move.  With
 * :flipcolor but no :wtm or :btm, the colour-swapped pattern matches with
 * either side to move too: a mated black king on the board also finds
 * mates of White in which the black king is the winner's. */
static gboolean
side_is_missing (CqPatternFlags flags)
{
  return (flags & CQ_PATTERN_FLIPCOLOR) != 0
         && (flags & (CQ_PATTERN_CHECK | CQ_PATTERN_MATE | CQ_PATTERN_STALEMATE)) != 0
         && (flags & (CQ_PATTERN_WTM | CQ_PATTERN_BTM)) == 0;
}

/* Keywords that never hold together: the position would match nothing
 * (`mate stalemate`).  Ticking one unticks the other. */
static const struct {
  CqPatternFlags a, b;
} exclusive_flags[] = {
  { CQ_PATTERN_WTM, CQ_PATTERN_BTM },
  { CQ_PATTERN_MATE, CQ_PATTERN_STALEMATE },
  { CQ_PATTERN_CHECK, CQ_PATTERN_STALEMATE },
};

/* The composers' mates of CQL 6 (cq6-mate.c), in the order of the
 * drop-down's items (ex-pattern-board.ui); the first, none. */
static const struct {
  const char *word;
  gboolean    stalemate;
} mate_kinds[] = {
  { NULL, FALSE },
  { "puremate", FALSE },
  { "modelmate", FALSE },
  { "idealmate", FALSE },
  { "purestalemate", TRUE },
  { "modelstalemate", TRUE },
  { "idealstalemate", TRUE },
};

static guint
mate_kind_index (ExPatternBoard *self)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->mate_kind_dropdown));

  return i < G_N_ELEMENTS (mate_kinds) ? i : 0;
}

/* The pattern in the board's dialect: the engine's position list or
 * filters for the board and the keywords, then the piece counts and, in
 * CQL 6, the composers' mate, inside the position list in CQL 3, inside
 * the transforms' block in CQL 6 (so that a transform applies to them
 * too), instead of the `true` of an empty CQL 6 pattern. */
static char *
pattern_text (ExPatternBoard *self,
              CqPatternFlags  flags)
{
  gboolean cql6 = self->dialect == CQ_DIALECT_CQL6;
  g_autofree char *base = cql6 ? cq_pattern_to_cql6_text (self->pieces, flags)
                               : cq_pattern_to_text (self->pieces, flags);
  g_autofree char *counts = ex_piece_counts_to_text (self->piece_counts, self->dialect);
  const char *kind = cql6 ? mate_kinds[mate_kind_index (self)].word : NULL;
  g_autofree char *extra = NULL;
  gsize len = strlen (base);

  if (counts != NULL && kind != NULL)
    extra = g_strdup_printf ("%s %s", counts, kind);
  else if (counts != NULL || kind != NULL)
    extra = g_strdup (counts != NULL ? counts : kind);
  if (extra == NULL)
    return g_steal_pointer (&base);
  if (!cql6)
    return g_strdup_printf ("%.*s %s)", (int) len - 1, base, extra);
  if (strcmp (base, "true") == 0)
    return g_steal_pointer (&extra);
  if (base[len - 1] == '}')
    return g_strdup_printf ("%.*s %s}", (int) len - 1, base, extra);
  return g_strdup_printf ("%s %s", base, extra);
}

static void
update_text (ExPatternBoard *self)
{
  CqPatternFlags flags = ex_pattern_board_get_flags (self);
  gboolean cql6 = self->dialect == CQ_DIALECT_CQL6;
  g_autofree char *text = pattern_text (self, flags);

  /* In CQL 6, :variations is a word of the header, not of the position. */
  if (cql6 && (flags & CQ_PATTERN_VARIATIONS))
    {
      g_autofree char *label = g_strdup_printf (_("%s\n(and “variations” in the header)"), text);

      gtk_label_set_text (GTK_LABEL (self->text_label), label);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->text_label), text);
  /* A composers' mate is about the side to move as :mate is. */
  if (self->side_warning != NULL)
    gtk_widget_set_visible (self->side_warning,
                            side_is_missing (mate_kind_index (self) != 0
                                             ? flags | CQ_PATTERN_MATE : flags));
  gtk_widget_queue_draw (self->board);
  if (g_strcmp0 (text, self->text) != 0)
    {
      g_free (self->text);
      self->text = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
    }
}

void
ex_pattern_board_set_square (ExPatternBoard *self,
                             int             square,
                             guint16         pieces)
{
  g_return_if_fail (EX_IS_PATTERN_BOARD (self));
  g_return_if_fail (square >= 0 && square < 64);

  self->pieces[square] = pieces & CQ_PIECES_ALL;
  update_text (self);
}

guint16
ex_pattern_board_get_square (ExPatternBoard *self,
                             int             square)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), 0);
  g_return_val_if_fail (square >= 0 && square < 64, 0);

  return self->pieces[square];
}

void
ex_pattern_board_clear (ExPatternBoard *self)
{
  g_return_if_fail (EX_IS_PATTERN_BOARD (self));

  memset (self->pieces, 0, sizeof self->pieces);
  ex_piece_counts_clear (self->piece_counts);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mate_kind_dropdown), 0);
  /* ex_pattern_board_set_flags() brings the text up to date. */
  ex_pattern_board_set_flags (self, 0);
}

void
ex_pattern_board_set_position (ExPatternBoard   *self,
                               const CqPosition *pos,
                               CqBitboard        squares)
{
  CqPatternFlags flags;

  g_return_if_fail (EX_IS_PATTERN_BOARD (self));
  g_return_if_fail (pos != NULL);

  for (int sq = 0; sq < 64; sq++)
    {
      CqPiece piece = cq_position_piece_at (pos, sq);

      if ((squares & CQ_BIT (sq)) == 0)
        self->pieces[sq] = 0;
      else
        self->pieces[sq] = CQ_PIECE_BIT (piece);
    }

  flags = ex_pattern_board_get_flags (self) & ~(CQ_PATTERN_WTM | CQ_PATTERN_BTM);
  flags |= pos->side_to_move == CQ_WHITE ? CQ_PATTERN_WTM : CQ_PATTERN_BTM;
  ex_pattern_board_set_flags (self, flags);
  update_text (self);
}

char
ex_pattern_board_get_brush (ExPatternBoard *self)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), '\0');

  return ex_piece_palette_get_brush (self->palette);
}

void
ex_pattern_board_click_square (ExPatternBoard *self,
                               int             square)
{
  guint16 mask;

  g_return_if_fail (EX_IS_PATTERN_BOARD (self));
  g_return_if_fail (square >= 0 && square < 64);

  mask = ex_piece_palette_get_piece_types (self->palette);
  ex_pattern_board_set_square (self, square, self->pieces[square] == mask ? 0 : mask);
}

gboolean
ex_pattern_board_drop_symbol (ExPatternBoard *self,
                              int             square,
                              const char     *symbol)
{
  CqDesignatorSets d;

  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), FALSE);
  g_return_val_if_fail (square >= 0 && square < 64, FALSE);
  g_return_val_if_fail (symbol != NULL, FALSE);

  /* A piecetype only: no squares of its own. */
  if (!cq_designator_sets_parse (symbol, &d, NULL) || d.squares != CQ_SQUARES_ALL)
    return FALSE;
  ex_pattern_board_set_square (self, square, d.pieces);
  return TRUE;
}

void
ex_pattern_board_set_flags (ExPatternBoard *self,
                            CqPatternFlags  flags)
{
  g_return_if_fail (EX_IS_PATTERN_BOARD (self));

  for (int i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->flag_buttons[i]),
                                 (flags & (1u << i)) != 0);
  update_text (self);
}

CqPatternFlags
ex_pattern_board_get_flags (ExPatternBoard *self)
{
  CqPatternFlags flags = 0;

  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), 0);

  for (int i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    if (self->flag_buttons[i] != NULL
        && gtk_check_button_get_active (GTK_CHECK_BUTTON (self->flag_buttons[i])))
      flags |= 1u << i;
  return flags;
}

GtkWidget *
ex_pattern_board_get_flag_button (ExPatternBoard *self,
                                  CqPatternFlags  flag)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), NULL);
  g_return_val_if_fail (cq_pattern_flag_keyword (flag) != NULL, NULL);

  return self->flag_buttons[g_bit_nth_lsf ((gulong) flag, -1)];
}

GtkWidget *
ex_pattern_board_get_brush_button (ExPatternBoard *self,
                                   char            symbol)
{
  GtkWidget *button;

  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), NULL);

  button = ex_piece_palette_get_button (self->palette, symbol);
  g_return_val_if_fail (button != NULL, NULL);
  return button;
}

ExPieceCounts *
ex_pattern_board_get_piece_counts (ExPatternBoard *self)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), NULL);

  return self->piece_counts;
}

GtkWidget *
ex_pattern_board_get_mate_kind_dropdown (ExPatternBoard *self)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), NULL);

  return self->mate_kind_dropdown;
}

gboolean
ex_pattern_board_get_side_warning (ExPatternBoard *self)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), FALSE);

  return gtk_widget_get_visible (self->side_warning);
}

void
ex_pattern_board_set_dialect (ExPatternBoard *self,
                              CqDialect       dialect)
{
  g_return_if_fail (EX_IS_PATTERN_BOARD (self));

  if (self->dialect == dialect)
    return;
  self->dialect = dialect;
  ex_piece_palette_set_dialect (self->palette, dialect);
  /* The composers' mates are CQL 6's: in CQL 3 there is none to offer. */
  if (dialect != CQ_DIALECT_CQL6)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mate_kind_dropdown), 0);
  gtk_widget_set_visible (self->mate_kind_box, dialect == CQ_DIALECT_CQL6);
  if (self->side_warning_cql3 == NULL)
    self->side_warning_cql3 = g_strdup (gtk_label_get_text (GTK_LABEL (self->side_warning)));
  gtk_label_set_text (GTK_LABEL (self->side_warning),
                      dialect == CQ_DIALECT_CQL6
                      ? _("Tick wtm or btm too: check, mate and stalemate are about the side "
                          "to move, and without it flipcolor also finds your pattern with the "
                          "other side mated (your lone king the winner’s).")
                      : self->side_warning_cql3);
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    if (self->flag_buttons[i] != NULL)
      {
        CqPatternFlags flag = (CqPatternFlags) (1u << i);
        gboolean supported = dialect != CQ_DIALECT_CQL6 || cq_pattern_flag_cql6_supported (flag);
        const char *word = dialect == CQ_DIALECT_CQL6 ? cq_pattern_flag_cql6_keyword (flag) : NULL;
        GtkWidget *button = self->flag_buttons[i];

        /* Each keyword as the query's dialect spells it (`btm`, `:btm`);
         * one CQL 6 has no word for keeps its CQL 3 name, insensitive. */
        gtk_check_button_set_label (GTK_CHECK_BUTTON (button),
                                    word != NULL ? word : cq_pattern_flag_keyword (flag));

        /* The template's own tooltip is kept on the button, for CQL 3. */
        if (g_object_get_data (G_OBJECT (button), "ex-tooltip") == NULL)
          g_object_set_data_full (G_OBJECT (button), "ex-tooltip",
                                  g_strdup (gtk_widget_get_tooltip_text (button)), g_free);
        gtk_widget_set_sensitive (button, supported);
        gtk_widget_set_tooltip_text (button, supported
                                     ? g_object_get_data (G_OBJECT (button), "ex-tooltip")
                                     : _("CQL 3 only: CQL 6 has no such transform"));
      }
  update_text (self);
}

CqDialect
ex_pattern_board_get_dialect (ExPatternBoard *self)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), CQ_DIALECT_CQL3);
  return self->dialect;
}

const char *
ex_pattern_board_get_text (ExPatternBoard *self)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), NULL);

  return self->text;
}

void
ex_pattern_board_insert (ExPatternBoard *self)
{
  g_return_if_fail (EX_IS_PATTERN_BOARD (self));

  g_signal_emit (self, signals[INSERT], 0, self->text);
}

/* ------------------------------------------------------------------------
 * The board
 */

int
ex_pattern_board_get_square_at (ExPatternBoard *self,
                                double          x,
                                double          y)
{
  g_return_val_if_fail (EX_IS_PATTERN_BOARD (self), CQ_NO_SQUARE);

  return ex_square_input_get_square_at (self->input, x, y);
}

/* A single piece type (not `.`): drawn as that piece. */
static gboolean
is_one_piece (guint16 pieces)
{
  return pieces != 0 && (pieces & (pieces - 1)) == 0 && pieces != CQ_PIECE_BIT (CQ_EMPTY);
}

/* Classes and sets of piece types: their piecetype text on a tinted
 * square.  A long set's text may run over the square's sides, up to the
 * widget's edges. */
static void
snapshot_classes (ExPatternBoard       *self,
                  GtkSnapshot          *snapshot,
                  const ExBoardPainter *painter)
{
  double size = painter->square_size;
  graphene_rect_t bounds;
  cairo_t *cr = NULL;

  graphene_rect_init (&bounds, 0, 0, gtk_widget_get_width (painter->widget),
                      gtk_widget_get_height (painter->widget));
  for (int sq = 0; sq < 64; sq++)
    {
      guint16 pieces = self->pieces[sq];
      g_autofree char *text = NULL;
      cairo_text_extents_t extents;
      graphene_rect_t rect;
      double x, y, font;

      if (pieces == 0 || is_one_piece (pieces))
        continue;

      if (cr == NULL)
        cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      ex_board_painter_get_square_bounds (painter, sq, &rect);
      x = rect.origin.x;
      y = rect.origin.y;
      text = cq_piece_types_to_text (pieces);
      font = size * (strlen (text) > 2 ? 0.32 : 0.5);

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.35);
      cairo_rectangle (cr, x + 1, y + 1, size - 2, size - 2);
      cairo_fill (cr);
      cairo_select_font_face (cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, font);
      cairo_text_extents (cr, text, &extents);
      cairo_set_source_rgba (cr, 0.05, 0.15, 0.35, 1.0);
      cairo_move_to (cr, x + (size - extents.width) / 2 - extents.x_bearing,
                     y + (size - extents.height) / 2 - extents.y_bearing);
      cairo_show_text (cr, text);
    }
  g_clear_pointer (&cr, cairo_destroy);
}

/* The board: the painter's squares and coordinates, the classes, and the
 * single piece types as pieces. */
static void
snapshot_board (ExBoardCanvas        *canvas,
                GtkSnapshot          *snapshot,
                const ExBoardPainter *painter,
                gpointer              user_data)
{
  ExPatternBoard *self = EX_PATTERN_BOARD (user_data);

  ex_board_painter_snapshot_squares (painter, snapshot);
  snapshot_classes (self, snapshot, painter);
  ex_board_painter_snapshot_coordinates (painter, snapshot);

  for (int sq = 0; sq < 64; sq++)
    if (is_one_piece (self->pieces[sq]))
      {
        graphene_rect_t rect;

        ex_board_painter_get_square_bounds (painter, sq, &rect);
        ex_board_painter_snapshot_piece (painter, snapshot,
                                         (CqPiece) g_bit_nth_lsf (self->pieces[sq], -1), &rect);
      }
}

/* A right click takes the designator off its square. */
static void
square_removed_cb (ExSquareInput  *input,
                   int             square,
                   ExPatternBoard *self)
{
  ex_pattern_board_set_square (self, square, 0);
}

/* A keyword ticked unticks those it cannot hold with (exclusive_flags[])
 * and a composers' mate the keyword contradicts or repeats. */
static void
flag_toggled_cb (GtkCheckButton *button,
                 ExPatternBoard *self)
{
  if (gtk_check_button_get_active (button))
    {
      CqPatternFlags flag = 0;
      guint kind = mate_kind_index (self);

      for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
        if (self->flag_buttons[i] == GTK_WIDGET (button))
          flag = (CqPatternFlags) (1u << i);
      for (guint i = 0; i < G_N_ELEMENTS (exclusive_flags); i++)
        {
          CqPatternFlags other = flag == exclusive_flags[i].a ? exclusive_flags[i].b
                                 : flag == exclusive_flags[i].b ? exclusive_flags[i].a : 0;

          if (other != 0)
            gtk_check_button_set_active (GTK_CHECK_BUTTON (
              ex_pattern_board_get_flag_button (self, other)), FALSE);
        }
      if (kind != 0 && (flag == CQ_PATTERN_MATE || flag == CQ_PATTERN_STALEMATE
                        || (flag == CQ_PATTERN_CHECK && mate_kinds[kind].stalemate)))
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->mate_kind_dropdown), 0);
    }
  update_text (self);
}

/* A composers' mate is a mate or a stalemate of its own: it unticks
 * :mate and :stalemate, and :check for a stalemate. */
static void
mate_kind_changed_cb (ExPatternBoard *self)
{
  guint kind = mate_kind_index (self);

  if (kind != 0)
    {
      gtk_check_button_set_active (GTK_CHECK_BUTTON (
        ex_pattern_board_get_flag_button (self, CQ_PATTERN_MATE)), FALSE);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (
        ex_pattern_board_get_flag_button (self, CQ_PATTERN_STALEMATE)), FALSE);
      if (mate_kinds[kind].stalemate)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (
          ex_pattern_board_get_flag_button (self, CQ_PATTERN_CHECK)), FALSE);
    }
  update_text (self);
}

static void
counts_changed_cb (ExPatternBoard *self)
{
  update_text (self);
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_pattern_board_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ExPatternBoard *self = EX_PATTERN_BOARD (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_pattern_board_dispose (GObject *object)
{
  ExPatternBoard *self = EX_PATTERN_BOARD (object);

  g_clear_object (&self->input);
  /* GtkBox's dispose removes the children the template does not bind. */
  gtk_widget_dispose_template (GTK_WIDGET (object), EX_TYPE_PATTERN_BOARD);

  G_OBJECT_CLASS (ex_pattern_board_parent_class)->dispose (object);
}

static void
ex_pattern_board_finalize (GObject *object)
{
  ExPatternBoard *self = EX_PATTERN_BOARD (object);

  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->side_warning_cql3, g_free);

  G_OBJECT_CLASS (ex_pattern_board_parent_class)->finalize (object);
}

static void
ex_pattern_board_class_init (ExPatternBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ex_pattern_board_get_property;
  object_class->dispose = ex_pattern_board_dispose;
  object_class->finalize = ex_pattern_board_finalize;

  /**
   * ExPatternBoard:text:
   * The position list the board makes, `(position Kg1 ... :wtm)`.
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExPatternBoard::insert:
   * @text: the position list.
   */
  signals[INSERT] =
    g_signal_new ("insert", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (EX_TYPE_BOARD_CANVAS);
  g_type_ensure (EX_TYPE_PIECE_PALETTE);
  g_type_ensure (EX_TYPE_PIECE_COUNTS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-pattern-board.ui");
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, palette);
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, board);
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, text_label);
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, side_warning);
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, mate_kind_box);
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, mate_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ExPatternBoard, piece_counts);
  /* The keywords' check buttons, flag_wtm .. flag_flipcolor, in the order
   * of their flags. */
  for (guint i = 0; i < CQ_PATTERN_N_FLAGS; i++)
    {
      g_autofree char *id = g_strconcat ("flag_", cq_pattern_flag_keyword (1u << i) + 1, NULL);

      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (ExPatternBoard, flag_buttons)
                                                 + (gssize) (i * sizeof (GtkWidget *)));
    }
  gtk_widget_class_bind_template_callback (widget_class, flag_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, mate_kind_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, counts_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, ex_pattern_board_insert);
  gtk_widget_class_bind_template_callback (widget_class, ex_pattern_board_clear);
}

static void
ex_pattern_board_init (ExPatternBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ex_board_canvas_set_func (EX_BOARD_CANVAS (self->board), snapshot_board, self, NULL);
  /* Clicks, and the designators dropped from the palette. */
  self->input = ex_square_input_new (self->board, EX_SQUARE_INPUT_CLICK | EX_SQUARE_INPUT_DROP);
  g_signal_connect_swapped (self->input, "clicked",
                            G_CALLBACK (ex_pattern_board_click_square), self);
  g_signal_connect_swapped (self->input, "dropped",
                            G_CALLBACK (ex_pattern_board_drop_symbol), self);
  g_signal_connect (self->input, "removed", G_CALLBACK (square_removed_cb), self);

  update_text (self);
}

GtkWidget *
ex_pattern_board_new (void)
{
  return g_object_new (EX_TYPE_PATTERN_BOARD, NULL);
}
