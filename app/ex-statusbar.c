/* ex-statusbar.c: the main window's status line.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A composite widget (ex-statusbar.ui) along the bottom of the window: the
 * last message (what was found, stopped, loaded, exported, or went wrong),
 * drawn in red with an icon when it is an error; while a search runs, its
 * progress (games searched, matches, rate, time), which has room here that
 * the header bar's title lacks in a narrow window; and on the right how
 * many games of the search could not be read in full (damaged) or are not
 * standard chess (skipped), with their first messages in its tooltip.
 * At the far right, the state of the database's index ("Indexed",
 * "Indexing… 45%", ExIndexer), with a button that cancels its build.
 * The status line keeps the message's error state and those messages; the
 * window writes to it and the tests read it (ex_window_get_status_text()).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-utils.h"
#include "ex-statusbar.h"

/* The damaged/skipped messages kept for the tooltip. */
#define MAX_DIAGNOSTICS 200

struct _ExStatusbar
{
  GtkWidget  parent_instance;

  /* Template widgets */
  GtkBox    *box;
  GtkImage  *status_icon;
  GtkLabel  *status_label;
  GtkLabel  *progress_label;
  GtkLabel  *diagnostics_label;
  GtkLabel  *index_label;
  GtkWidget *index_cancel_button;

  GPtrArray *diagnostics;      /* the first MAX_DIAGNOSTICS messages */
  gboolean   is_error;
};

G_DEFINE_FINAL_TYPE (ExStatusbar, ex_statusbar, GTK_TYPE_WIDGET)

void
ex_statusbar_set_message (ExStatusbar *self,
                          const char  *text,
                          gboolean     is_error)
{
  g_return_if_fail (EX_IS_STATUSBAR (self));

  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
  gtk_widget_set_visible (GTK_WIDGET (self->status_icon), is_error);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->box), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->box), "error");
  self->is_error = !!is_error;
}

const char *
ex_statusbar_get_message (ExStatusbar *self)
{
  g_return_val_if_fail (EX_IS_STATUSBAR (self), NULL);

  return gtk_label_get_text (self->status_label);
}

gboolean
ex_statusbar_get_is_error (ExStatusbar *self)
{
  g_return_val_if_fail (EX_IS_STATUSBAR (self), FALSE);

  return self->is_error;
}

void
ex_statusbar_set_progress (ExStatusbar *self,
                           const char  *text)
{
  g_return_if_fail (EX_IS_STATUSBAR (self));

  if (text != NULL)
    gtk_label_set_text (self->progress_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), text != NULL);
}

const char *
ex_statusbar_get_progress (ExStatusbar *self)
{
  g_return_val_if_fail (EX_IS_STATUSBAR (self), NULL);

  return gtk_label_get_text (self->progress_label);
}

void
ex_statusbar_reset_diagnostics (ExStatusbar *self)
{
  g_return_if_fail (EX_IS_STATUSBAR (self));

  g_ptr_array_set_size (self->diagnostics, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->diagnostics_label), FALSE);
}

void
ex_statusbar_add_diagnostics (ExStatusbar *self,
                              GPtrArray   *messages)
{
  g_return_if_fail (EX_IS_STATUSBAR (self));
  g_return_if_fail (messages != NULL);

  for (guint i = 0; i < messages->len && self->diagnostics->len < MAX_DIAGNOSTICS; i++)
    g_ptr_array_add (self->diagnostics, g_strdup (g_ptr_array_index (messages, i)));
}

void
ex_statusbar_set_diagnostic_counts (ExStatusbar *self,
                                    guint64      damaged,
                                    guint64      skipped)
{
  g_autofree char *damaged_text = NULL;
  g_autofree char *skipped_text = NULL;
  g_autofree char *label = NULL;
  g_autoptr(GString) tooltip = NULL;

  g_return_if_fail (EX_IS_STATUSBAR (self));

  if (damaged + skipped == 0)
    return;

  damaged_text = ex_utils_format_count (damaged);
  skipped_text = ex_utils_format_count (skipped);
  tooltip = g_string_new (NULL);

  /* Translators: games that could not be read in full / games that are
   * not standard chess (rulings R13) */
  if (damaged == 0)
    label = g_strdup_printf (_("%s skipped"), skipped_text);
  else if (skipped == 0)
    label = g_strdup_printf (_("%s damaged"), damaged_text);
  else
    label = g_strdup_printf (_("%s damaged, %s skipped"), damaged_text, skipped_text);

  for (guint i = 0; i < self->diagnostics->len; i++)
    {
      if (tooltip->len > 0)
        g_string_append_c (tooltip, '\n');
      g_string_append (tooltip, g_ptr_array_index (self->diagnostics, i));
    }
  if (damaged + skipped > self->diagnostics->len)
    g_string_append (tooltip, "\n…");

  gtk_label_set_text (self->diagnostics_label, label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->diagnostics_label), tooltip->str);
  gtk_widget_set_visible (GTK_WIDGET (self->diagnostics_label), TRUE);
}

void
ex_statusbar_set_index (ExStatusbar *self,
                        const char  *text,
                        const char  *tooltip,
                        gboolean     can_cancel)
{
  g_return_if_fail (EX_IS_STATUSBAR (self));

  gtk_label_set_text (self->index_label, text != NULL ? text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->index_label), tooltip);
  gtk_widget_set_visible (GTK_WIDGET (self->index_label), text != NULL);
  gtk_widget_set_visible (self->index_cancel_button, text != NULL && can_cancel);
}

const char *
ex_statusbar_get_index (ExStatusbar *self)
{
  g_return_val_if_fail (EX_IS_STATUSBAR (self), NULL);

  return gtk_label_get_text (self->index_label);
}

static void
ex_statusbar_dispose (GObject *object)
{
  ExStatusbar *self = EX_STATUSBAR (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_STATUSBAR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ex_statusbar_parent_class)->dispose (object);
}

static void
ex_statusbar_finalize (GObject *object)
{
  ExStatusbar *self = EX_STATUSBAR (object);

  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);

  G_OBJECT_CLASS (ex_statusbar_parent_class)->finalize (object);
}

static void
ex_statusbar_class_init (ExStatusbarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_statusbar_dispose;
  object_class->finalize = ex_statusbar_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-statusbar.ui");
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, box);
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, status_icon);
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, status_label);
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, progress_label);
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, diagnostics_label);
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, index_label);
  gtk_widget_class_bind_template_child (widget_class, ExStatusbar, index_cancel_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "exstatusbar");
}

static void
ex_statusbar_init (ExStatusbar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->diagnostics = g_ptr_array_new_with_free_func (g_free);
}
