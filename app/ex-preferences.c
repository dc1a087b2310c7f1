/* ex-preferences.c: the workbench's preferences window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One page of controls, each bound (g_settings_bind) to a key of the
 * org.excelsior.Workbench schema, so that a change applies at once and is
 * kept: the number of search threads, the board orientation, figurine
 * notation, and how exported games are annotated.  Keyboard: Tab moves
 * between the controls, Escape closes the window.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-preferences.h"

struct _ExPreferences
{
  GtkWindow  parent_instance;

  GSettings *settings;
  GtkGrid   *grid;
  int        n_rows;
};

G_DEFINE_FINAL_TYPE (ExPreferences, ex_preferences, GTK_TYPE_WINDOW)

/* Adds a row: a heading label (mnemonic for @control), @control, and a
 * dim explanation under them. */
static void
add_row (ExPreferences *self,
         const char    *title,
         const char    *explanation,
         GtkWidget     *control)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (title);
  GtkWidget *detail = gtk_label_new (explanation);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), control);
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (control, GTK_ALIGN_END);

  gtk_label_set_xalign (GTK_LABEL (detail), 0.0);
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (detail), 50);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "caption");

  gtk_accessible_update_relation (GTK_ACCESSIBLE (control),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, detail, NULL,
                                  -1);

  gtk_grid_attach (self->grid, label, 0, self->n_rows, 1, 1);
  gtk_grid_attach (self->grid, control, 1, self->n_rows, 1, 1);
  gtk_grid_attach (self->grid, detail, 0, self->n_rows + 1, 2, 1);
  self->n_rows += 2;
}

static void
add_heading (ExPreferences *self,
             const char    *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "heading");
  if (self->n_rows > 0)
    gtk_widget_set_margin_top (label, 12);
  gtk_grid_attach (self->grid, label, 0, self->n_rows++, 2, 1);
}

static GtkWidget *
new_switch (ExPreferences *self,
            const char    *key)
{
  GtkWidget *widget = gtk_switch_new ();

  g_settings_bind (self->settings, key, widget, "active", G_SETTINGS_BIND_DEFAULT);
  return widget;
}

static void
ex_preferences_build (ExPreferences *self)
{
  GtkWidget *threads, *annotation;
  GtkAdjustment *adjustment;

  add_heading (self, _("Search"));

  adjustment = gtk_adjustment_new (0, 0, 256, 1, 4, 0);
  threads = gtk_spin_button_new (adjustment, 1, 0);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (threads), TRUE);
  g_settings_bind (self->settings, "threads", adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  add_row (self, _("Search _threads"),
           _("How many threads a search uses; 0 uses one per processor core. "
             "Applies to the next search."),
           threads);

  add_heading (self, _("Board and Moves"));
  add_row (self, _("_Black at the bottom"),
           _("Shows the board from Black’s side (the F key flips it)."),
           new_switch (self, "board-flipped"));
  add_row (self, _("_Figurine notation"),
           _("Shows pieces in the move list as figurines (♘f3) instead of letters (Nf3)."),
           new_switch (self, "figurine-notation"));

  add_heading (self, _("Export"));
  add_row (self, _("_Annotate matched positions"),
           _("Writes the annotation text as a comment after each matched position "
             "of an exported game."),
           new_switch (self, "export-annotations"));

  annotation = gtk_entry_new ();
  gtk_entry_set_max_length (GTK_ENTRY (annotation), 200);
  gtk_editable_set_width_chars (GTK_EDITABLE (annotation), 12);
  g_settings_bind (self->settings, "annotation-text", annotation, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-annotations", annotation, "sensitive",
                   G_SETTINGS_BIND_GET);
  add_row (self, _("Annotation _text"),
           _("The comment written after a matched position, {MATCH} by default."),
           annotation);
}

static void
ex_preferences_dispose (GObject *object)
{
  ExPreferences *self = EX_PREFERENCES (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ex_preferences_parent_class)->dispose (object);
}

static void
ex_preferences_class_init (ExPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_preferences_dispose;

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ex_preferences_init (ExPreferences *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_window_set_title (GTK_WINDOW (self), _("Preferences"));
  gtk_window_set_default_size (GTK_WINDOW (self), 480, -1);
  gtk_window_set_resizable (GTK_WINDOW (self), TRUE);

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 24);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  self->grid = GTK_GRID (grid);
  gtk_window_set_child (GTK_WINDOW (self), grid);
}

/**
 * ex_preferences_new:
 * @parent: (nullable): the window it belongs to (modal for it).
 * @settings: the org.excelsior.Workbench settings.
 *
 * Returns: (transfer none): a new preferences window, owned by GTK until it
 *   is closed; present it.
 */
GtkWidget *
ex_preferences_new (GtkWindow *parent,
                    GSettings *settings)
{
  ExPreferences *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (EX_TYPE_PREFERENCES,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->settings = g_object_ref (settings);
  ex_preferences_build (self);

  return GTK_WIDGET (self);
}
