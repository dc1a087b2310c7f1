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
 * round, ex_picker_set_text() shows a designator from the editor.  The
 * board is laid out and drawn by the board painter
 * (app/viewer/ex-board-painter.h); its clicks and rectangles come from an
 * ExSquareInput.  The layout, the palette (an ExPiecePalette) included, is
 * the template ex-picker.ui; the 16 file and rank buttons are made here,
 * in a loop, into its boxes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"
#include "ex-board-painter.h"
#include "ex-cql6-text.h"
#include "ex-picker.h"
#include "ex-piece-palette.h"
#include "ex-square-input.h"

/* The buttons that choose a whole set of squares: their template ids, the
 * names ex_picker_get_button() knows them by, and their sets. */
static const struct {
  const char *id;
  const char *name;
  CqBitboard  squares;
} square_set_buttons[] = {
  { "light_button", "light", CQ_SQUARES_LIGHT },
  { "dark_button",  "dark",  CQ_SQUARES_DARK },
  { "all_button",   "all",   CQ_SQUARES_ALL },
  { "none_button",  "none",  0 },
};

struct _ExPicker
{
  GtkBox           parent_instance;

  /* Template widgets */
  ExPiecePalette  *palette;
  GtkWidget       *ranks;
  GtkWidget       *board;
  GtkWidget       *files;
  GtkWidget       *text_label;
  GtkWidget       *replace_button;
  GtkWidget       *insert_button;

  ExSquareInput   *input;
  GHashTable      *buttons;       /* name -> GtkWidget (not owned) */

  CqBitboard       squares;
  char            *text;          /* shortest designator; NULL: no piece */
  CqDialect        dialect;       /* the spelling of text and labels */
  gboolean         can_replace;   /* a designator is at the editor's cursor */
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

void
ex_picker_get_designator (ExPicker     *self,
                          CqDesignatorSets *out)
{
  g_return_if_fail (EX_IS_PICKER (self));
  g_return_if_fail (out != NULL);

  out->pieces = ex_piece_palette_get_piece_types (self->palette);
  out->squares = self->squares;
}

void
ex_picker_set_designator (ExPicker           *self,
                          const CqDesignatorSets *designator)
{
  g_autofree char *pieces = NULL;

  g_return_if_fail (EX_IS_PICKER (self));
  g_return_if_fail (designator != NULL);

  pieces = cq_piece_types_to_text (designator->pieces);
  self->updating = TRUE;
  ex_piece_palette_set_active_symbols (self->palette, pieces);
  self->updating = FALSE;
  set_squares (self, designator->squares);
}

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

void
ex_picker_set_dialect (ExPicker  *self,
                       CqDialect  dialect)
{
  g_return_if_fail (EX_IS_PICKER (self));

  if (self->dialect == dialect)
    return;
  self->dialect = dialect;
  ex_piece_palette_set_dialect (self->palette, dialect);
  update_text (self);
}

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
  g_return_val_if_fail (EX_IS_PICKER (self), FALSE);
  g_return_val_if_fail (symbol != '\0', FALSE);

  return ex_piece_palette_get_active (self->palette, symbol);
}

GtkWidget *
ex_picker_get_symbol_button (ExPicker *self,
                             char      symbol)
{
  GtkWidget *button;

  g_return_val_if_fail (EX_IS_PICKER (self), NULL);

  button = ex_piece_palette_get_button (self->palette, symbol);
  g_return_val_if_fail (button != NULL, NULL);
  return button;
}

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

void
ex_picker_insert (ExPicker *self)
{
  g_return_if_fail (EX_IS_PICKER (self));

  if (self->text != NULL)
    g_signal_emit (self, signals[INSERT], 0, self->text);
}

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

int
ex_picker_get_square_at (ExPicker *self,
                         double    x,
                         double    y)
{
  g_return_val_if_fail (EX_IS_PICKER (self), CQ_NO_SQUARE);

  return ex_square_input_get_square_at (self->input, x, y);
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
  guint16 pieces = ex_piece_palette_get_piece_types (self->palette);
  CqPiece shown = CQ_EMPTY;
  int from, to;

  /* The drag selects if it started on an unchosen square (or while all
   * are chosen), deselects otherwise, as ex_picker_drag_squares(). */
  if (ex_square_input_get_span (self->input, &from, &to))
    preview = rectangle (from, to);
  if (self->squares == CQ_SQUARES_ALL || (preview != 0 && (self->squares & CQ_BIT (from)) == 0))
    selected = self->squares | preview;
  else
    selected = self->squares & ~preview;

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
  /* As narrow as the board's squares (style.css): a text button's
   * padding would make the files wider than the board. */
  gtk_widget_add_css_class (button, "picker-line");
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

/* Light, Dark, All or None: exactly that set (square_set_buttons[]). */
static void
square_set_clicked_cb (GtkButton *button,
                       ExPicker  *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (square_set_buttons); i++)
    if (g_hash_table_lookup (self->buttons, square_set_buttons[i].name) == button)
      set_squares (self, square_set_buttons[i].squares);
}

/* Binds the square-set buttons of the template to their names and sets. */
static void
add_square_set_buttons (ExPicker *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (square_set_buttons); i++)
    {
      GObject *button = gtk_widget_get_template_child (GTK_WIDGET (self), EX_TYPE_PICKER,
                                                       square_set_buttons[i].id);

      g_hash_table_insert (self->buttons, g_strdup (square_set_buttons[i].name), button);
      g_signal_connect (button, "clicked", G_CALLBACK (square_set_clicked_cb), self);
    }
}

static void
palette_changed_cb (ExPiecePalette *palette,
                    ExPicker       *self)
{
  update_text (self);
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
  ExPicker *self = EX_PICKER (object);

  g_clear_object (&self->input);
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
  g_type_ensure (EX_TYPE_PIECE_PALETTE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, ExPicker, palette);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, ranks);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, board);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, files);
  /* Found by id in add_square_set_buttons(), not kept in the struct. */
  for (guint i = 0; i < G_N_ELEMENTS (square_set_buttons); i++)
    gtk_widget_class_bind_template_child_full (widget_class, square_set_buttons[i].id, FALSE, 0);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, text_label);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, replace_button);
  gtk_widget_class_bind_template_child (widget_class, ExPicker, insert_button);
  gtk_widget_class_bind_template_callback (widget_class, palette_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, ex_picker_insert);
  gtk_widget_class_bind_template_callback (widget_class, ex_picker_replace);
}

static void
ex_picker_init (ExPicker *self)
{
  self->buttons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  ex_board_canvas_set_func (EX_BOARD_CANVAS (self->board), snapshot_board, self, NULL);
  /* A click chooses or leaves a square, a drag a rectangle. */
  self->input = ex_square_input_new (self->board, EX_SQUARE_INPUT_SPAN);
  g_signal_connect_swapped (self->input, "clicked", G_CALLBACK (ex_picker_click_square), self);
  g_signal_connect_swapped (self->input, "spanned", G_CALLBACK (ex_picker_drag_squares), self);
  add_line_buttons (self);
  add_square_set_buttons (self);
  g_hash_table_insert (self->buttons, g_strdup ("insert"), self->insert_button);
  g_hash_table_insert (self->buttons, g_strdup ("replace"), self->replace_button);

  /* Start with all squares, nothing chosen. */
  self->squares = CQ_SQUARES_ALL;
  update_text (self);
}

GtkWidget *
ex_picker_new (void)
{
  return g_object_new (EX_TYPE_PICKER, NULL);
}
