/* ex-symbol-palette.c: a popover of the Unicode symbols of CQL 6.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CQL 6 reads every symbol of the reference's palette as its ASCII
 * spelling (docs/cql6.md "Lexical structure"; the lexer's table is in
 * engine/cql/cql6/cq6-lexer.c): ♔ is K, ∪ is |, → is ->.  Few keyboards
 * type them, so the editor's symbol button opens this popover: one button
 * per symbol the engine supports, in rows (white pieces, black pieces,
 * piece classes and squares, set and comparison operators, attacks and
 * transforms), each explained by its tooltip with its ASCII spelling.  A
 * click inserts the symbol at the editor's cursor (replacing the
 * selection), closes the popover and gives the editor the focus back.
 * The symbols the engine reads but refuses (⊢ ―― × ◎ ∙) are left out.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-symbol-palette.h"

#define N_COLUMNS 6

typedef struct {
  const char *symbol;
  const char *ascii;
  const char *meaning;   /* N_() */
  guint       row;       /* a new row starts when it changes */
} Symbol;

static const Symbol symbols[] = {
  { "♔", "K", N_("white king"), 0 }, { "♕", "Q", N_("white queen"), 0 },
  { "♖", "R", N_("white rook"), 0 }, { "♗", "B", N_("white bishop"), 0 },
  { "♘", "N", N_("white knight"), 0 }, { "♙", "P", N_("white pawn"), 0 },
  { "♚", "k", N_("black king"), 1 }, { "♛", "q", N_("black queen"), 1 },
  { "♜", "r", N_("black rook"), 1 }, { "♝", "b", N_("black bishop"), 1 },
  { "♞", "n", N_("black knight"), 1 }, { "♟", "p", N_("black pawn"), 1 },
  { "△", "A", N_("any white piece"), 2 }, { "▲", "a", N_("any black piece"), 2 },
  { "◭", "[Aa]", N_("any piece"), 2 }, { "□", "_", N_("an empty square"), 2 },
  { "▦", ".", N_("every square"), 2 },
  { "∪", "|", N_("union"), 3 }, { "∩", "&", N_("intersection"), 3 },
  { "∈", "in", N_("is in (a subset of)"), 3 }, { "≤", "<=", N_("at most"), 3 },
  { "≥", ">=", N_("at least"), 3 }, { "≠", "!=", N_("not equal"), 3 },
  { "→", "->", N_("attacks"), 4 }, { "←", "<-", N_("attacked by"), 4 },
  { "✵", "flip", N_("flip: the board’s 8 symmetries"), 4 },
  { "⬓", "flipcolor", N_("flipcolor: the colours swapped"), 4 },
  { "∊", "[element]", N_("x∊S {…}: a loop over the squares of S (◭X∊S: over its pieces)"), 5 },
  { "∀", "[forall]", N_("∀x∊S {…}: the loop matches when its body matches for every one"), 5 },
  { "≺", "[<]", N_("x≺y: position x comes before y on y’s line of play"), 5 },
  { "≼", "[<=]", N_("x≼y: x comes before y or is y"), 5 },
  { "≻", "[>]", N_("x≻y: position x comes after y on x’s line of play"), 5 },
  { "≽", "[>=]", N_("x≽y: read by CQL 6.2 as ≻ (x is not y)"), 5 },
};

struct _ExSymbolPalette
{
  GtkPopover   parent_instance;

  GtkTextView *view;       /* weak */
  GtkWidget   *buttons[G_N_ELEMENTS (symbols)];
};

G_DEFINE_FINAL_TYPE (ExSymbolPalette, ex_symbol_palette, GTK_TYPE_POPOVER)

guint
ex_symbol_palette_get_n_symbols (void)
{
  return G_N_ELEMENTS (symbols);
}

const char *
ex_symbol_palette_get_symbol (guint        index,
                              const char **ascii)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (symbols), NULL);

  if (ascii != NULL)
    *ascii = symbols[index].ascii;
  return symbols[index].symbol;
}

GtkWidget *
ex_symbol_palette_get_button (ExSymbolPalette *self,
                              const char      *symbol)
{
  g_return_val_if_fail (EX_IS_SYMBOL_PALETTE (self), NULL);
  g_return_val_if_fail (symbol != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (strcmp (symbols[i].symbol, symbol) == 0)
      return self->buttons[i];
  return NULL;
}

static void
symbol_clicked_cb (GtkButton       *button,
                   ExSymbolPalette *self)
{
  const Symbol *s = g_object_get_data (G_OBJECT (button), "ex-symbol");
  GtkTextBuffer *buffer;

  gtk_popover_popdown (GTK_POPOVER (self));
  if (self->view == NULL)
    return;
  buffer = gtk_text_view_get_buffer (self->view);
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete_selection (buffer, TRUE, gtk_text_view_get_editable (self->view));
  gtk_text_buffer_insert_interactive_at_cursor (buffer, s->symbol, -1,
                                                gtk_text_view_get_editable (self->view));
  gtk_text_buffer_end_user_action (buffer);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
ex_symbol_palette_dispose (GObject *object)
{
  ExSymbolPalette *self = EX_SYMBOL_PALETTE (object);

  g_clear_weak_pointer (&self->view);
  G_OBJECT_CLASS (ex_symbol_palette_parent_class)->dispose (object);
}

static void
ex_symbol_palette_class_init (ExSymbolPaletteClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ex_symbol_palette_dispose;
}

static void
ex_symbol_palette_init (ExSymbolPalette *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_("CQL 6 symbols"));
  GtkWidget *grid = gtk_grid_new ();
  guint row = 0, column = 0;

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 2);
  gtk_box_append (GTK_BOX (box), grid);

  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    {
      const Symbol *s = &symbols[i];
      GtkWidget *button = gtk_button_new_with_label (s->symbol);
      /* Translators: a symbol's meaning, then its ASCII spelling */
      g_autofree char *tooltip = g_strdup_printf (_("%s (%s)"), _(s->meaning), s->ascii);

      if (i > 0 && s->row != symbols[i - 1].row)
        row++, column = 0;
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "symbol-button");
      gtk_widget_set_size_request (button, 36, 36);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tooltip, -1);
      g_object_set_data (G_OBJECT (button), "ex-symbol", (gpointer) s);
      g_signal_connect (button, "clicked", G_CALLBACK (symbol_clicked_cb), self);
      gtk_grid_attach (GTK_GRID (grid), button, (int) column, (int) row, 1, 1);
      self->buttons[i] = button;
      column = (column + 1) % N_COLUMNS;
    }
  gtk_popover_set_child (GTK_POPOVER (self), box);
}

GtkWidget *
ex_symbol_palette_new (GtkTextView *view)
{
  ExSymbolPalette *self;

  g_return_val_if_fail (GTK_IS_TEXT_VIEW (view), NULL);

  self = g_object_new (EX_TYPE_SYMBOL_PALETTE, NULL);
  g_set_weak_pointer (&self->view, view);
  return GTK_WIDGET (self);
}
