/* ex-preferences.c: the workbench's preferences window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One page of controls (the template ex-preferences.ui), each bound
 * (g_settings_bind) to a key of the org.excelsior.Workbench schema, so that
 * a change applies at once and is kept: the dialect of new queries (a
 * drop-down, mapped to the key's "cql6" and "cql3"), the number of search
 * threads, the board orientation, figurine notation, how exported
 * games are annotated, and whether databases are indexed in the background.  Keyboard: Tab moves between the controls, Escape closes the
 * window.
 */
#include "config.h"

#include "ex-preferences.h"

struct _ExPreferences
{
  GtkWindow      parent_instance;

  GSettings     *settings;

  /* Template objects */
  GtkDropDown   *dialect_dropdown;
  GtkAdjustment *threads_adjustment;
  GtkSwitch     *flipped_switch;
  GtkSwitch     *figurine_switch;
  GtkSwitch     *index_switch;
  GtkSwitch     *annotate_switch;
  GtkEntry      *annotation_entry;
};

G_DEFINE_FINAL_TYPE (ExPreferences, ex_preferences, GTK_TYPE_WINDOW)

/* The drop-down's items, in order: the values of "new-query-dialect". */
static const char *const dialect_values[] = { "cql6", "cql3" };

static gboolean
dialect_get_mapping (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  const char *dialect = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (dialect_values); i++)
    if (g_strcmp0 (dialect, dialect_values[i]) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
dialect_set_mapping (const GValue       *value,
                     const GVariantType *expected_type,
                     gpointer            user_data)
{
  guint i = g_value_get_uint (value);

  return i < G_N_ELEMENTS (dialect_values) ? g_variant_new_string (dialect_values[i]) : NULL;
}

/* Binds the controls to their keys of @self->settings. */
static void
ex_preferences_bind_settings (ExPreferences *self)
{
  g_settings_bind_with_mapping (self->settings, "new-query-dialect", self->dialect_dropdown,
                                "selected", G_SETTINGS_BIND_DEFAULT, dialect_get_mapping,
                                dialect_set_mapping, NULL, NULL);
  g_settings_bind (self->settings, "threads", self->threads_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "board-flipped", self->flipped_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "auto-index", self->index_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "figurine-notation", self->figurine_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-annotations", self->annotate_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "annotation-text", self->annotation_entry, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-annotations", self->annotation_entry, "sensitive",
                   G_SETTINGS_BIND_GET);
}

static void
ex_preferences_dispose (GObject *object)
{
  ExPreferences *self = EX_PREFERENCES (object);

  g_clear_object (&self->settings);
  /* The grid is the window's child: GtkWindow disposes of it (no
   * gtk_widget_dispose_template(), which would unparent it twice). */

  G_OBJECT_CLASS (ex_preferences_parent_class)->dispose (object);
}

static void
ex_preferences_class_init (ExPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_preferences_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, dialect_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, threads_adjustment);
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, flipped_switch);
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, figurine_switch);
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, index_switch);
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, annotate_switch);
  gtk_widget_class_bind_template_child (widget_class, ExPreferences, annotation_entry);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ex_preferences_init (ExPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

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
  ex_preferences_bind_settings (self);

  return GTK_WIDGET (self);
}
