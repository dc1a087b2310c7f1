/* ex-picker.c: the visual piece-designator and square-set picker.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A palette of the 21 piecetype designators (manual "Piece designators":
 * the twelve pieces drawn with the board's own images, and the classes
 * `.` `A` `a` `M` `m` `I` `i` `U` `?`, labelled in CQL 6 spelling, `_`
 * `[QR]` `[Aa]` `.`..., while the query is CQL 6), several selectable at once; a
 * small board whose squares are chosen by click or by dragging a rectangle
 * (a drag from an unselected square selects, from a selected one
 * deselects); buttons for each file and rank, light and dark squares, all
 * and none.  The designator they denote is shown live in its shortest
 * form (engine/cql/cq-designator-text.c; in CQL 6 spelling, ex-cql6-text.c,
 * when the query is CQL 6: ex_picker_set_dialect()) and inserted into the
 * editor by "Insert" (ExPicker::insert), or put in place of the designator
 * at the editor's cursor by "Replace" (ExPicker::replace).  The other way
 * round, ex_picker_set_text() shows a designator from the editor.  The board is laid out and drawn by the
 * board painter (app/viewer/ex-board-painter.h), which also renders the
 * palette's piece images.  The layout is the template ex-picker.ui; the
 * palette's 21 buttons and the 16 file and rank buttons are made here, in
 * loops, into its grid and boxes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"
#include "ex-board-painter.h"
#include "ex-cql6-text.h"
#include "ex-picker.h"

#define N_SYMBOLS 21

/* The side of the palette's piece images, in pixels. */
#define PIECE_IMAGE_SIZE 64

struct _ExPicker
{
  GtkBox           parent_instance;

  /* Template widgets */
  GtkWidget       *palette;
  GtkWidget       *ranks;
  GtkWidget       *board;
  GtkWidget       *files;
  GtkWidget       *light_button;
  GtkWidget       *dark_button;
  GtkWidget       *all_button;
  GtkWidget       *none_button;
  GtkWidget       *text_label;
  GtkWidget       *replace_button;
  GtkWidget       *insert_button;

  GtkWidget       *symbol_buttons[N_SYMBOLS];
  GHashTable      *buttons;       /* name -> GtkWidget (not owned) */

  CqBitboard       squares;
  char            *text;          /* shortest designator; NULL: no piece */
  CqDialect        dialect;       /* the spelling of text and labels */
  gboolean         can_replace;   /* a designator is at the editor's cursor */

  /* A drag in progress on the board. */
  int              drag_from;     /* CQ_NO_SQUARE when none */
  int              drag_to;
  gboolean         drag_select;
  guint            updating : 1;
};

G_DEFINE_FINAL_TYPE (ExPicker, ex_picker, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

enum {
  INSERT,
  REPLACE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------------
 * State
 */

static int
symbol_index (char symbol)
{
  const char *p = symbol != '\0' ? strchr (EX_PICKER_SYMBOLS, symbol) : NULL;

  return p != NULL ? (int) (p - EX_PICKER_SYMBOLS) : -1;
}

static guint16
symbol_mask (char symbol)
{
  char text[2] = { symbol, 0 };
  CqDesignatorSets d = { 0, 0 };

  cq_designator_sets_parse (text, &d, NULL);
  return d.pieces;
}

static guint16
get_pieces (ExPicker *self)
{
  guint16 pieces = 0;

  for (int i = 0; i < N_SYMBOLS; i++)
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->symbol_buttons[i])))
      pieces |= symbol_mask (EX_PICKER_SYMBOLS[i]);
  return pieces;
}

static void
update_text (ExPicker *self)
{
  CqDesignatorSets d;
  g_autofree char *text = NULL;

  if (self->updating)
    return;

  ex_picker_get_designator (self, &d);
  text = self->dialect == CQ_DIALECT_CQL6 ? cq_designator_sets_to_cql6_text (&d)
                                          : cq_designator_sets_to_text (&d);

  if (text != NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->text_label), text);
      gtk_widget_remove_css_class (self->text_label, "dim-label");
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (self->text_label), _("Choose one piece type or more"));
      gtk_widget_add_css_class (self->text_label, "dim-label");
    }
  gtk_widget_set_sensitive (self->insert_button, text != NULL);
  gtk_widget_set_sensitive (self->replace_button, text != NULL && self->can_replace);
  gtk_widget_queue_draw (self->board);

  if (g_strcmp0 (text, self->text) != 0)
    {
      g_free (self->text);
      self->text = g_steal_pointer (&text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
    }
}

static void
set_squares (ExPicker   *self,
             CqBitboard  squares)
{
  self->squares = squares;
  update_text (self);
}

/**
 * ex_picker_get_designator:
 * @out: (out): the piece-type set of the active palette buttons and the
 *   chosen squares.
 */
void
ex_picker_get_designator (ExPicker     *self,
                          CqDesignatorSets *out)
{
  g_return_if_fail (EX_IS_PICKER (self));
  g_return_if_fail (out != NULL);

  out->pieces = get_pieces (self);
  out->squares = self->squares;
}

/**
 * ex_picker_set_designator:
 * Shows @designator: the palette buttons of its shortest piecetype text
 * (`[A.]` activates A and .) and its squares.
 */
void
ex_picker_set_designator (ExPicker           *self,
                          const CqDesignatorSets *designator)
{
  g_autofree char *pieces = NULL;

  g_return_if_fail (EX_IS_PICKER (self));
  g_return_if_fail (designator != NULL);

  pieces = cq_piece_types_to_text (designator->pieces);
  self->updating = TRUE;
  for (int i = 0; i < N_SYMBOLS; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->symbol_buttons[i]),
                                  pieces != NULL && strchr (pieces, EX_PICKER_SYMBOLS[i]) != NULL);
  self->updating = FALSE;
  set_squares (self, designator->squares);
}

/**
 * ex_picker_set_text:
 * @text: a piece designator (`[Qr][d1,h3]`).
 * @error: CQ_QUERY_ERROR_SYNTAX if @text is not one.
 *
 * Shows the designator @text denotes (cq_designator_sets_parse()), read in
 * the picker's dialect (cq_designator_sets_parse_cql6() for CQL 6).
 */
gboolean
ex_picker_set_text (ExPicker    *self,
                    const char  *text,
                    GError     **error)
{
  CqDesignatorSets d;

  g_return_val_if_fail (EX_IS_PICKER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (self->dialect == CQ_DIALECT_CQL6 ? !cq_designator_sets_parse_cql6 (text, &d, error)
                                       : !cq_designator_sets_parse (text, &d, error))
    return FALSE;
  ex_picker_set_designator (self, &d);
  return TRUE;
}

static void update_symbol_labels (ExPicker *self);

/**
 * ex_picker_set_dialect:
 * @dialect: the dialect of the query the picker writes into.
 *
 * Spells the designator in @dialect from now on: `_e4` and `a-h7` in CQL 6
 * where CQL 3 writes `.e4` and `?7` (cq_designator_sets_to_cql6_text()); the
 * palette's classes and their tooltips likewise (`_`, `[QR]`, `[Aa]`, `.`
 * for CQL 3's `.`, `M`, `U`, `?`).
 */
void
ex_picker_set_dialect (ExPicker  *self,
                       CqDialect  dialect)
{
  g_return_if_fail (EX_IS_PICKER (self));

  if (self->dialect == dialect)
    return;
  self->dialect = dialect;
  update_symbol_labels (self);
  update_text (self);
}

/**
 * ex_picker_set_can_replace:
 * @can_replace: whether a piece designator is at the editor's cursor.
 *
 * "Replace" is offered only then (and while a piece type is chosen).
 */
void
ex_picker_set_can_replace (ExPicker *self,
                           gboolean  can_replace)
{
  g_return_if_fail (EX_IS_PICKER (self));

  self->can_replace = can_replace;
  gtk_widget_set_sensitive (self->replace_button, self->text != NULL && can_replace);
}

CqDialect
ex_picker_get_dialect (ExPicker *self)
{
  g_return_val_if_fail (EX_IS_PICKER (self), CQ_DIALECT_CQL3);
  return self->dialect;
}

/**
 * ex_picker_get_text:
 * Returns: (nullable): the shortest text of the designator shown, NULL
 *   while no piece type is chosen.
 */
const char *
ex_picker_get_text (ExPicker *self)
{
  g_return_val_if_fail (EX_IS_PICKER (self), NULL);

  return self->text;
}

gboolean
ex_picker_get_symbol_active (ExPicker *self,
                             char      symbol)
{
  int i = symbol_index (symbol);

  g_return_val_if_fail (EX_IS_PICKER (self), FALSE);
  g_return_val_if_fail (i >= 0, FALSE);

  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->symbol_buttons[i]));
}

/* Returns: (transfer none): the palette's toggle button for @symbol. */
GtkWidget *
ex_picker_get_symbol_button (ExPicker *self,
                             char      symbol)
{
  int i = symbol_index (symbol);

  g_return_val_if_fail (EX_IS_PICKER (self), NULL);
  g_return_val_if_fail (i >= 0, NULL);

  return self->symbol_buttons[i];
}

/**
 * ex_picker_get_button:
 * @name: "a".."h" (files), "1".."8" (ranks), "light", "dark", "all",
 *   "none", "insert" or "replace".
 *
 * Returns: (transfer none) (nullable): that button of the picker.
 */
GtkWidget *
ex_picker_get_button (ExPicker   *self,
                      const char *name)
{
  g_return_val_if_fail (EX_IS_PICKER (self), NULL);

  return g_hash_table_lookup (self->buttons, name);
}

GtkWidget *
ex_picker_get_board (ExPicker *self)
{
  g_return_val_if_fail (EX_IS_PICKER (self), NULL);

  return self->board;
}

/* Emits ExPicker::insert with the designator's text, if there is one. */
void
ex_picker_insert (ExPicker *self)
{
  g_return_if_fail (EX_IS_PICKER (self));

  if (self->text != NULL)
    g_signal_emit (self, signals[INSERT], 0, self->text);
}

/* Emits ExPicker::replace with the designator's text, if there is one and
 * a designator at the editor's cursor to replace. */
void
ex_picker_replace (ExPicker *self)
{
  g_return_if_fail (EX_IS_PICKER (self));

  if (self->text != NULL && self->can_replace)
    g_signal_emit (self, signals[REPLACE], 0, self->text);
}

/* ------------------------------------------------------------------------
 * The board
 */

static CqBitboard
rectangle (int from,
           int to)
{
  int f0 = MIN (CQ_FILE (from), CQ_FILE (to)), f1 = MAX (CQ_FILE (from), CQ_FILE (to));
  int r0 = MIN (CQ_RANK (from), CQ_RANK (to)), r1 = MAX (CQ_RANK (from), CQ_RANK (to));
  CqBitboard set = 0;

  for (int r = r0; r <= r1; r++)
    for (int f = f0; f <= f1; f++)
      set |= CQ_BIT (CQ_SQUARE (f, r));
  return set;
}

/* Toggles @square, as a click on it does.  While every square is chosen
 * (no square designator), a click starts a new set with that square. */
void
ex_picker_click_square (ExPicker *self,
                        int       square)
{
  g_return_if_fail (EX_IS_PICKER (self));
  g_return_if_fail (square >= 0 && square < 64);

  if (self->squares == CQ_SQUARES_ALL)
    set_squares (self, CQ_BIT (square));
  else
    set_squares (self, self->squares ^ CQ_BIT (square));
}

/**
 * ex_picker_drag_squares:
 * As a drag on the board from @from to @to: the rectangle they span is
 * selected if @from was not selected, deselected if it was.  While every
 * square is chosen, a drag starts a new set with the rectangle.
 */
void
ex_picker_drag_squares (ExPicker *self,
                        int       from,
                        int       to)
{
  CqBitboard rect;

  g_return_if_fail (EX_IS_PICKER (self));
  g_return_if_fail (from >= 0 && from < 64 && to >= 0 && to < 64);

  rect = rectangle (from, to);
  if (self->squares == CQ_SQUARES_ALL)
    set_squares (self, rect);
  else if (self->squares & CQ_BIT (from))
    set_squares (self, self->squares & ~rect);
  else
    set_squares (self, self->squares | rect);
}

/* Returns: the square at (@x, @y) of the board widget, or CQ_NO_SQUARE. */
int
ex_picker_get_square_at (ExPicker *self,
                         double    x,
                         double    y)
{
  ExBoardPainter painter;

  g_return_val_if_fail (EX_IS_PICKER (self), CQ_NO_SQUARE);

  ex_board_painter_init (&painter, self->board, FALSE);
  return ex_board_painter_get_square_at (&painter, x, y);
}

/* The board: the chosen squares (with the rectangle being dragged shown as
 * it would leave them) marked, and when one piece type is chosen, that
 * piece drawn faintly on them. */
static void
snapshot_board (ExBoardCanvas        *canvas,
                GtkSnapshot          *snapshot,
                const ExBoardPainter *painter,
                gpointer              user_data)
{
  ExPicker *self = EX_PICKER (user_data);
  CqBitboard preview = 0, selected;
  guint16 pieces = get_pieces (self);
  CqPiece shown = CQ_EMPTY;

  if (self->drag_from != CQ_NO_SQUARE && self->drag_to != CQ_NO_SQUARE)
    preview = rectangle (self->drag_from, self->drag_to);
  selected = (self->squares & ~preview) | (self->drag_select ? preview : 0);

  if (pieces != 0 && (pieces & (pieces - 1)) == 0 && pieces != CQ_PIECE_BIT (CQ_EMPTY))
    shown = (CqPiece) g_bit_nth_lsf (pieces, -1);

  ex_board_painter_snapshot_squares (painter, snapshot);
  ex_board_painter_snapshot_marks (painter, snapshot, selected, EX_BOARD_MARK_SELECTED);
  ex_board_painter_snapshot_coordinates (painter, snapshot);

  if (shown == CQ_EMPTY || selected == 0)
    return;
  gtk_snapshot_push_opacity (snapshot, 0.8);
  for (int sq = 0; sq < 64; sq++)
    if (selected & CQ_BIT (sq))
      {
        graphene_rect_t rect;

        ex_board_painter_get_square_bounds (painter, sq, &rect);
        graphene_rect_inset (&rect, rect.size.width * 0.1f, rect.size.height * 0.1f);
        ex_board_painter_snapshot_piece (painter, snapshot, shown, &rect);
      }
  gtk_snapshot_pop (snapshot);
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ExPicker       *self)
{
  int square = ex_picker_get_square_at (self, x, y);

  if (square == CQ_NO_SQUARE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_from = self->drag_to = square;
  self->drag_select = self->squares == CQ_SQUARES_ALL || (self->squares & CQ_BIT (square)) == 0;
  gtk_widget_queue_draw (self->board);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ExPicker       *self)
{
  double x, y;
  int square;

  if (self->drag_from == CQ_NO_SQUARE)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  square = ex_picker_get_square_at (self, x + dx, y + dy);
  if (square != CQ_NO_SQUARE && square != self->drag_to)
    {
      self->drag_to = square;
      gtk_widget_queue_draw (self->board);
    }
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ExPicker       *self)
{
  int from = self->drag_from, to = self->drag_to;

  if (from == CQ_NO_SQUARE)
    return;
  self->drag_from = self->drag_to = CQ_NO_SQUARE;
  if (from == to)
    ex_picker_click_square (self, from);
  else
    ex_picker_drag_squares (self, from, to);
}

/* ------------------------------------------------------------------------
 * Buttons
 */

/* A file or rank: add it, or take it away when it is all chosen. */
static void
line_clicked_cb (GtkButton *button,
                 ExPicker  *self)
{
  CqBitboard set = (CqBitboard) *(const guint64 *) g_object_get_data (G_OBJECT (button),
                                                                      "ex-squares");

  if ((self->squares & set) == set)
    set_squares (self, self->squares & ~set);
  else
    set_squares (self, self->squares | set);
}

/* A file or rank button named and labelled @name, for the squares @line,
 * appended to @box. */
static void
add_line_button (ExPicker   *self,
                 GtkWidget  *box,
                 const char *name,
                 const char *tooltip,
                 CqBitboard  line)
{
  GtkWidget *button = gtk_button_new_with_label (name);
  guint64 *data = g_new (guint64, 1);

  *data = line;
  g_object_set_data_full (G_OBJECT (button), "ex-squares", data, g_free);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  g_signal_connect (button, "clicked", G_CALLBACK (line_clicked_cb), self);
  g_hash_table_insert (self->buttons, g_strdup (name), button);
  gtk_box_append (GTK_BOX (box), button);
}

/* The ranks 8 to 1 beside the board, the files a to h below it. */
static void
add_line_buttons (ExPicker *self)
{
  for (int i = 7; i >= 0; i--)
    {
      char name[2] = { (char) ('1' + i), 0 };
      g_autofree char *tooltip =
        g_strdup_printf (_("Rank %c: add it, or remove it when it is all chosen"), '1' + i);

      add_line_button (self, self->ranks, name, tooltip, G_GUINT64_CONSTANT (0xFF) << (8 * i));
    }
  for (int i = 0; i < 8; i++)
    {
      char name[2] = { (char) ('a' + i), 0 };
      g_autofree char *tooltip =
        g_strdup_printf (_("File %c: add it, or remove it when it is all chosen"), 'a' + i);

      add_line_button (self, self->files, name, tooltip,
                       G_GUINT64_CONSTANT (0x0101010101010101) << i);
    }
}

static void
light_clicked_cb (GtkButton *button,
                  ExPicker  *self)
{
  set_squares (self, CQ_SQUARES_LIGHT);
}

static void
dark_clicked_cb (GtkButton *button,
                 ExPicker  *self)
{
  set_squares (self, CQ_SQUARES_DARK);
}

static void
all_clicked_cb (GtkButton *button,
                ExPicker  *self)
{
  set_squares (self, CQ_SQUARES_ALL);
}

static void
none_clicked_cb (GtkButton *button,
                 ExPicker  *self)
{
  set_squares (self, 0);
}

/* The tooltip of a palette button: its spelling in the picker's dialect
 * and what it stands for.  The classes CQL 6 spells otherwise (it has no
 * `M I U ?`, and `.` is every square there) have a tooltip of their own. */
static const char *
symbol_tooltip (char      symbol,
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

/* The labels (of the classes; the pieces are images), tooltips and
 * accessible labels of the palette in the picker's dialect. */
static void
update_symbol_labels (ExPicker *self)
{
  for (int i = 0; i < N_SYMBOLS; i++)
    {
      char symbol = EX_PICKER_SYMBOLS[i];
      GtkWidget *button = self->symbol_buttons[i];
      GtkWidget *child = gtk_button_get_child (GTK_BUTTON (button));
      const char *tooltip = symbol_tooltip (symbol, self->dialect);

      if (GTK_IS_LABEL (child))
        {
          g_autofree char *label = ex_cql_class_spelling (symbol, self->dialect);

          gtk_label_set_text (GTK_LABEL (child), label);
        }
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
    }
}

static void
symbol_toggled_cb (GtkToggleButton *button,
                   ExPicker        *self)
{
  update_text (self);
}

static void
insert_clicked_cb (GtkButton *button,
                   ExPicker  *self)
{
  ex_picker_insert (self);
}

static void
replace_clicked_cb (GtkButton *button,
                    ExPicker  *self)
{
  ex_picker_replace (self);
}

/* One toggle button per piece type, 7 to a row: the piece's image, or a
 * label for the class's spelling (update_symbol_labels()). */
static void
add_symbol_buttons (ExPicker *self)
{
  for (int i = 0; i < N_SYMBOLS; i++)
    {
      char symbol = EX_PICKER_SYMBOLS[i];
      int piece = cq_piece_from_char (symbol);
      GtkWidget *button = gtk_toggle_button_new ();
      g_autoptr(GdkTexture) texture = NULL;

      if (piece > CQ_EMPTY)
        texture = ex_board_painter_get_piece_texture ((CqPiece) piece, PIECE_IMAGE_SIZE);
      if (texture != NULL)
        {
          GtkWidget *image = gtk_image_new_from_paintable (GDK_PAINTABLE (texture));

          gtk_image_set_pixel_size (GTK_IMAGE (image), 28);
          gtk_button_set_child (GTK_BUTTON (button), image);
        }
      else
        {
          GtkWidget *label = gtk_label_new (NULL);

          gtk_widget_add_css_class (label, "monospace");
          gtk_button_set_child (GTK_BUTTON (button), label);
        }
      gtk_widget_set_size_request (button, 40, 40);
      g_signal_connect (button, "toggled", G_CALLBACK (symbol_toggled_cb), self);
      self->symbol_buttons[i] = button;
      gtk_grid_attach (GTK_GRID (self->palette), button, i % 7, i / 7, 1, 1);
    }
  update_symbol_labels (self);
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_picker_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ExPicker *self = EX_PICKER (object);

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
ex_picker_dispose (GObject *object)
{
  /* GtkBox's dispose removes the children the template does not bind. */
  gtk_widget_dispose_template (GTK_WIDGET (object), EX_TYPE_PICKER);

  G_OBJECT_CLASS (ex_picker_parent_class)->dispose (object);
}

static void
ex_picker_finalize (GObject *object)
{
  ExPicker *self = EX_PICKER (object);

  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->buttons, g_hash_table_unref);

  G_OBJECT_CLASS (ex_picker_parent_class)->finalize (object);
}

static void
ex_picker_class_init (ExPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ex_picker_get_property;
  object_class->dispose = ex_picker_dispose;
  object_class->finalize = ex_picker_finalize;

  /**
   * ExPicker:text:
   * The shortest text of the designator shown; NULL with no piece type.
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExPicker::insert:
   * @text: the designator's text.
   *
   * "Insert" was pressed: put @text at the editor's cursor.
   */
  signals[INSERT] =
    g_signal_new ("insert", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * ExPicker::replace:
   * @text: the designator's text.
   *
   * "Replace" was pressed: put @text in place of the piece designator at
   * the editor's cursor.
   */
  signals[REPLACE] =
    g_signal_new ("replace", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (EX_TYPE_BOARD_CANVAS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, ExPicker, palette);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, ranks);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, board);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, files);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, light_button);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, dark_button);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, all_button);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, none_button);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, text_label);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, replace_button);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, insert_button);
  gtk_widget_class_bind_template_callback (widget_class, drag_begin_cb);
  gtk_widget_class_bind_template_callback (widget_class, drag_update_cb);
  gtk_widget_class_bind_template_callback (widget_class, drag_end_cb);
  gtk_widget_class_bind_template_callback (widget_class, light_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, dark_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, all_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, none_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, insert_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, replace_clicked_cb);
}

static void
ex_picker_init (ExPicker *self)
{
  self->buttons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->drag_from = self->drag_to = CQ_NO_SQUARE;

  gtk_widget_init_template (GTK_WIDGET (self));
  ex_board_canvas_set_func (EX_BOARD_CANVAS (self->board), snapshot_board, self, NULL);
  add_symbol_buttons (self);
  add_line_buttons (self);
  g_hash_table_insert (self->buttons, g_strdup ("light"), self->light_button);
  g_hash_table_insert (self->buttons, g_strdup ("dark"), self->dark_button);
  g_hash_table_insert (self->buttons, g_strdup ("all"), self->all_button);
  g_hash_table_insert (self->buttons, g_strdup ("none"), self->none_button);
  g_hash_table_insert (self->buttons, g_strdup ("insert"), self->insert_button);
  g_hash_table_insert (self->buttons, g_strdup ("replace"), self->replace_button);

  /* Start with all squares, nothing chosen. */
  self->squares = CQ_SQUARES_ALL;
  update_text (self);
}

/**
 * ex_picker_new:
 * Returns: (transfer floating): a picker with no piece type chosen and all
 *   squares.
 */
GtkWidget *
ex_picker_new (void)
{
  return g_object_new (EX_TYPE_PICKER, NULL);
}
