/* ex-piece-counts.c: piece counts of the pattern board.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A count says how many pieces of a class the position has ("at least 2
 * white knights", "exactly 0 black pawns" = "no black pawns"), on the
 * whole board or on squares typed (`d5`, `a-h7`).  The pattern board
 * (ex-pattern-board.c) writes the counts into its position: CQL 3's
 * `:piececount` keyword in the position list, CQL 6's `#` counts of the
 * body (ex_piece_count_to_text()).  The controls and the rows of the
 * counts added are the template ex-piece-counts.ui; each row shows its
 * count in words and has a button that takes it off.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-piece-counts.h"

struct _ExPieceCounts
{
  GtkBox     parent_instance;

  /* Template widgets */
  GtkWidget *relation_dropdown;
  GtkWidget *number_spin;
  GtkWidget *class_dropdown;
  GtkWidget *squares_entry;
  GtkWidget *rows;

  GArray    *counts;   /* of ExPieceCount, in the order of the rows */
};

G_DEFINE_FINAL_TYPE (ExPieceCounts, ex_piece_counts, GTK_TYPE_BOX)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The classes the drop-down offers, in its order (ex-piece-counts.ui):
 * every piece but the king (always one of each), and each colour's
 * pieces. */
static const guint16 piece_classes[] = {
  CQ_PIECE_BIT (CQ_WP), CQ_PIECE_BIT (CQ_WN), CQ_PIECE_BIT (CQ_WB),
  CQ_PIECE_BIT (CQ_WR), CQ_PIECE_BIT (CQ_WQ), CQ_PIECES_WHITE,
  CQ_PIECE_BIT (CQ_BP), CQ_PIECE_BIT (CQ_BN), CQ_PIECE_BIT (CQ_BB),
  CQ_PIECE_BIT (CQ_BR), CQ_PIECE_BIT (CQ_BQ), CQ_PIECES_BLACK,
};

/* @n pieces of @pieces in words, "2 white knights"; NULL for a set that
 * is not one of piece_classes[].  (The names alone are the symbol
 * palette's, translated without a plural: here each carries its number.) */
static char *
counted_pieces (guint16 pieces,
                guint   n)
{
  const char *format = NULL;

  if (pieces == CQ_PIECE_BIT (CQ_WP)) format = ngettext ("%u white pawn", "%u white pawns", n);
  if (pieces == CQ_PIECE_BIT (CQ_WN)) format = ngettext ("%u white knight", "%u white knights", n);
  if (pieces == CQ_PIECE_BIT (CQ_WB)) format = ngettext ("%u white bishop", "%u white bishops", n);
  if (pieces == CQ_PIECE_BIT (CQ_WR)) format = ngettext ("%u white rook", "%u white rooks", n);
  if (pieces == CQ_PIECE_BIT (CQ_WQ)) format = ngettext ("%u white queen", "%u white queens", n);
  if (pieces == CQ_PIECES_WHITE) format = ngettext ("%u white piece", "%u white pieces", n);
  if (pieces == CQ_PIECE_BIT (CQ_BP)) format = ngettext ("%u black pawn", "%u black pawns", n);
  if (pieces == CQ_PIECE_BIT (CQ_BN)) format = ngettext ("%u black knight", "%u black knights", n);
  if (pieces == CQ_PIECE_BIT (CQ_BB)) format = ngettext ("%u black bishop", "%u black bishops", n);
  if (pieces == CQ_PIECE_BIT (CQ_BR)) format = ngettext ("%u black rook", "%u black rooks", n);
  if (pieces == CQ_PIECE_BIT (CQ_BQ)) format = ngettext ("%u black queen", "%u black queens", n);
  if (pieces == CQ_PIECES_BLACK) format = ngettext ("%u black piece", "%u black pieces", n);
  return format != NULL ? g_strdup_printf (format, n) : NULL;
}

/* "No white pawns": the plural name of @pieces after "no"; NULL for a set
 * that is not one of piece_classes[]. */
static const char *
none_of (guint16 pieces)
{
  if (pieces == CQ_PIECE_BIT (CQ_WP)) return C_("none of", "white pawns");
  if (pieces == CQ_PIECE_BIT (CQ_WN)) return C_("none of", "white knights");
  if (pieces == CQ_PIECE_BIT (CQ_WB)) return C_("none of", "white bishops");
  if (pieces == CQ_PIECE_BIT (CQ_WR)) return C_("none of", "white rooks");
  if (pieces == CQ_PIECE_BIT (CQ_WQ)) return C_("none of", "white queens");
  if (pieces == CQ_PIECES_WHITE) return C_("none of", "white pieces");
  if (pieces == CQ_PIECE_BIT (CQ_BP)) return C_("none of", "black pawns");
  if (pieces == CQ_PIECE_BIT (CQ_BN)) return C_("none of", "black knights");
  if (pieces == CQ_PIECE_BIT (CQ_BB)) return C_("none of", "black bishops");
  if (pieces == CQ_PIECE_BIT (CQ_BR)) return C_("none of", "black rooks");
  if (pieces == CQ_PIECE_BIT (CQ_BQ)) return C_("none of", "black queens");
  if (pieces == CQ_PIECES_BLACK) return C_("none of", "black pieces");
  return NULL;
}

/* "No pieces" whether exactly or at most 0. */
static gboolean
is_none (const ExPieceCount *count)
{
  return count->number == 0 && count->relation != EX_COUNT_AT_LEAST;
}

char *
ex_piece_count_to_text (const ExPieceCount *count,
                        CqDialect           dialect)
{
  CqDesignatorSets d;
  g_autofree char *designator = NULL;

  g_return_val_if_fail (count != NULL, NULL);
  g_return_val_if_fail (count->pieces != 0 && (count->pieces & CQ_PIECES_EMPTY) == 0, NULL);

  d.pieces = count->pieces;
  d.squares = count->squares;
  if (dialect == CQ_DIALECT_CQL6)
    {
      static const char *const operators[] = { ">=", "==", "<=" };

      designator = cq_designator_sets_to_cql6_text (&d);
      if (is_none (count))
        return g_strdup_printf ("not %s", designator);
      return g_strdup_printf ("#%s %s %u", designator, operators[count->relation],
                              count->number);
    }

  /* A range is one number (exactly) or the least and the most; no
   * designator counts more than the 64 squares. */
  designator = cq_designator_sets_to_text (&d);
  switch (count->relation)
    {
    case EX_COUNT_AT_LEAST:
      return g_strdup_printf (":piececount %s %u 64", designator, count->number);
    case EX_COUNT_AT_MOST:
      if (count->number > 0)
        return g_strdup_printf (":piececount %s 0 %u", designator, count->number);
      G_GNUC_FALLTHROUGH;
    case EX_COUNT_EXACTLY:
    default:
      return g_strdup_printf (":piececount %s %u", designator, count->number);
    }
}

char *
ex_piece_count_describe (const ExPieceCount *count)
{
  CqDesignatorSets d = { 0, CQ_SQUARES_ALL };
  g_autofree char *designator = NULL;
  g_autofree char *pieces = NULL;
  g_autofree char *counted = NULL;

  g_return_val_if_fail (count != NULL, NULL);

  /* A set the drop-down does not offer is named by its designator. */
  d.pieces = count->pieces;
  if (none_of (count->pieces) == NULL)
    designator = cq_designator_sets_to_text (&d);
  if (is_none (count))
    /* Translators: "no black pawns". */
    counted = g_strdup_printf (_("no %s"),
                               designator != NULL ? designator : none_of (count->pieces));
  else
    {
      pieces = designator != NULL ? g_strdup_printf ("%u %s", count->number, designator)
                                  : counted_pieces (count->pieces, count->number);
      if (count->relation == EX_COUNT_AT_LEAST)
        /* Translators: "at least 2 white knights". */
        counted = g_strdup_printf (_("at least %s"), pieces);
      else if (count->relation == EX_COUNT_AT_MOST)
        counted = g_strdup_printf (_("at most %s"), pieces);
      else
        counted = g_strdup_printf (_("exactly %s"), pieces);
    }
  if (count->squares != CQ_SQUARES_ALL)
    {
      CqDesignatorSets on = { CQ_PIECES_ALL, count->squares };
      g_autofree char *squares = cq_designator_sets_to_cql6_text (&on);

      /* Translators: "no black pawns on d5". */
      return g_strdup_printf (_("%s on %s"), counted, squares);
    }
  return g_steal_pointer (&counted);
}

/* ------------------------------------------------------------------------
 * The rows
 */

static void
remove_clicked_cb (GtkButton     *button,
                   ExPieceCounts *self)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (button));
  guint index = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (self->rows); child != NULL;
       child = gtk_widget_get_next_sibling (child), index++)
    if (child == row)
      {
        ex_piece_counts_remove (self, index);
        return;
      }
}

static GtkWidget *
make_row (ExPieceCounts      *self,
          const ExPieceCount *count)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  g_autofree char *words = ex_piece_count_describe (count);
  GtkWidget *label = gtk_label_new (words);
  GtkWidget *remove = gtk_button_new_from_icon_name ("window-close-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Take this count off"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Take this count off"), -1);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), remove);
  return row;
}

void
ex_piece_counts_add (ExPieceCounts      *self,
                     const ExPieceCount *count)
{
  ExPieceCount copy;

  g_return_if_fail (EX_IS_PIECE_COUNTS (self));
  g_return_if_fail (count != NULL);
  g_return_if_fail (count->pieces != 0 && (count->pieces & CQ_PIECES_EMPTY) == 0);
  g_return_if_fail (count->squares != 0);

  copy = *count;
  copy.number = MIN (copy.number, EX_PIECE_COUNT_MAX);
  g_array_append_val (self->counts, copy);
  gtk_box_append (GTK_BOX (self->rows), make_row (self, &copy));
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The squares of @text ("d5", "a-h7", "[c-f3-6]", "a?"), read as a CQL 3
 * square designator with or without its brackets, or as a CQL 6 one;
 * 0 if it is none. */
static CqBitboard
parse_squares (const char *text)
{
  g_autofree char *bare = g_strconcat ("A", text, NULL);
  g_autofree char *bracketed = g_strconcat ("A[", text, "]", NULL);
  CqDesignatorSets d;

  if (cq_designator_sets_parse (bare, &d, NULL)
      || cq_designator_sets_parse (bracketed, &d, NULL)
      || cq_designator_sets_parse_cql6 (bare, &d, NULL))
    return d.squares;
  return 0;
}

gboolean
ex_piece_counts_add_current (ExPieceCounts *self)
{
  g_autofree char *text = NULL;
  ExPieceCount count;
  guint selected;

  g_return_val_if_fail (EX_IS_PIECE_COUNTS (self), FALSE);

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->squares_entry))));
  count.squares = text[0] == '\0' ? CQ_SQUARES_ALL : parse_squares (text);
  if (count.squares == 0)
    {
      gtk_widget_add_css_class (self->squares_entry, "error");
      return FALSE;
    }
  gtk_widget_remove_css_class (self->squares_entry, "error");
  count.relation = (ExCountRelation)
    gtk_drop_down_get_selected (GTK_DROP_DOWN (self->relation_dropdown));
  count.number = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->number_spin));
  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->class_dropdown));
  count.pieces = piece_classes[MIN (selected, G_N_ELEMENTS (piece_classes) - 1)];
  ex_piece_counts_add (self, &count);
  return TRUE;
}

void
ex_piece_counts_remove (ExPieceCounts *self,
                        guint          index)
{
  GtkWidget *row;

  g_return_if_fail (EX_IS_PIECE_COUNTS (self));
  g_return_if_fail (index < self->counts->len);

  row = gtk_widget_get_first_child (self->rows);
  for (guint i = 0; i < index; i++)
    row = gtk_widget_get_next_sibling (row);
  gtk_box_remove (GTK_BOX (self->rows), row);
  g_array_remove_index (self->counts, index);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
ex_piece_counts_clear (ExPieceCounts *self)
{
  GtkWidget *row;

  g_return_if_fail (EX_IS_PIECE_COUNTS (self));

  if (self->counts->len == 0)
    return;
  while ((row = gtk_widget_get_first_child (self->rows)) != NULL)
    gtk_box_remove (GTK_BOX (self->rows), row);
  g_array_set_size (self->counts, 0);
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
ex_piece_counts_get_n_counts (ExPieceCounts *self)
{
  g_return_val_if_fail (EX_IS_PIECE_COUNTS (self), 0);
  return self->counts->len;
}

const ExPieceCount *
ex_piece_counts_get_count (ExPieceCounts *self,
                           guint          index)
{
  g_return_val_if_fail (EX_IS_PIECE_COUNTS (self), NULL);
  g_return_val_if_fail (index < self->counts->len, NULL);
  return &g_array_index (self->counts, ExPieceCount, index);
}

char *
ex_piece_counts_to_text (ExPieceCounts *self,
                         CqDialect      dialect)
{
  GString *text;

  g_return_val_if_fail (EX_IS_PIECE_COUNTS (self), NULL);

  if (self->counts->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0; i < self->counts->len; i++)
    {
      g_autofree char *item = ex_piece_count_to_text (&g_array_index (self->counts,
                                                                      ExPieceCount, i),
                                                      dialect);

      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, item);
    }
  return g_string_free (text, FALSE);
}

gboolean
ex_piece_counts_set_controls (ExPieceCounts   *self,
                              ExCountRelation  relation,
                              guint            number,
                              guint16          pieces,
                              const char      *squares)
{
  g_return_val_if_fail (EX_IS_PIECE_COUNTS (self), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (piece_classes); i++)
    if (piece_classes[i] == pieces)
      {
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->relation_dropdown), relation);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->number_spin), number);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->class_dropdown), i);
        gtk_editable_set_text (GTK_EDITABLE (self->squares_entry),
                               squares != NULL ? squares : "");
        return TRUE;
      }
  return FALSE;
}

static void
add_clicked_cb (ExPieceCounts *self)
{
  ex_piece_counts_add_current (self);
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_piece_counts_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), EX_TYPE_PIECE_COUNTS);

  G_OBJECT_CLASS (ex_piece_counts_parent_class)->dispose (object);
}

static void
ex_piece_counts_finalize (GObject *object)
{
  ExPieceCounts *self = EX_PIECE_COUNTS (object);

  g_clear_pointer (&self->counts, g_array_unref);

  G_OBJECT_CLASS (ex_piece_counts_parent_class)->finalize (object);
}

static void
ex_piece_counts_class_init (ExPieceCountsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_piece_counts_dispose;
  object_class->finalize = ex_piece_counts_finalize;

  /**
   * ExPieceCounts::changed:
   * A count was added or taken off.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-piece-counts.ui");
  gtk_widget_class_bind_template_child (widget_class, ExPieceCounts, relation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ExPieceCounts, number_spin);
  gtk_widget_class_bind_template_child (widget_class, ExPieceCounts, class_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ExPieceCounts, squares_entry);
  gtk_widget_class_bind_template_child (widget_class, ExPieceCounts, rows);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
}

static void
ex_piece_counts_init (ExPieceCounts *self)
{
  self->counts = g_array_new (FALSE, FALSE, sizeof (ExPieceCount));
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ex_piece_counts_new (void)
{
  return g_object_new (EX_TYPE_PIECE_COUNTS, NULL);
}
