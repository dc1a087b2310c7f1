/* ex-query-notes.c: under the game viewer, what the query wrote about the game shown.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A CQL 6 query writes comments at positions (`comment`, `find`'s Found,
 * echo's and line's annotations) and prints `message` lines.  The move
 * list shows every comment after its move; this panel, under the board,
 * repeats the comment of the position shown, so that stepping through
 * the game shows it without searching the move list, and lists the
 * game's messages as CQL 6.2 prints them ("move 3(wtm): text", the game
 * number left out: it is the game shown).  The panel is hidden when the
 * game has neither, and each part when it has nothing to show, so a CQL 3
 * query's games look as before.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-query-notes.h"

/* Height of the messages' list before it scrolls. */
#define MESSAGES_MAX_HEIGHT 96

struct _ExQueryNotes
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *comment_title;
  GtkWidget *comment_label;
  GtkWidget *messages_title;
  GtkWidget *messages_scroller;
  GtkWidget *messages_label;

  GPtrArray *notes;       /* char * per node (nullable entries), or NULL */
  char      *messages;    /* the lines shown, or NULL */
  guint      node;
};

G_DEFINE_FINAL_TYPE (ExQueryNotes, ex_query_notes, GTK_TYPE_WIDGET)

static const char *
note_at (ExQueryNotes *self,
         guint         node)
{
  if (self->notes == NULL || node >= self->notes->len)
    return NULL;
  return g_ptr_array_index (self->notes, node);
}

static void
update (ExQueryNotes *self)
{
  const char *note = note_at (self, self->node);
  gboolean any_note = FALSE;

  for (guint i = 0; self->notes != NULL && i < self->notes->len && !any_note; i++)
    any_note = g_ptr_array_index (self->notes, i) != NULL;

  /* While the game has comments the title stays, so that the board does
   * not jump as positions with and without a comment are stepped through. */
  gtk_widget_set_visible (self->comment_title, any_note);
  gtk_widget_set_visible (self->comment_label, any_note);
  gtk_label_set_text (GTK_LABEL (self->comment_label), note != NULL ? note : "—");
  gtk_widget_set_sensitive (self->comment_label, note != NULL);

  gtk_widget_set_visible (self->messages_title, self->messages != NULL);
  gtk_widget_set_visible (self->messages_scroller, self->messages != NULL);
  gtk_label_set_text (GTK_LABEL (self->messages_label),
                      self->messages != NULL ? self->messages : "");

  gtk_widget_set_visible (GTK_WIDGET (self), any_note || self->messages != NULL);
}

void
ex_query_notes_set (ExQueryNotes       *self,
                    const char *const  *notes,
                    guint               n_notes,
                    const CqMessage    *messages,
                    guint               n_messages,
                    guint               n_more)
{
  g_return_if_fail (EX_IS_QUERY_NOTES (self));

  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_clear_pointer (&self->messages, g_free);
  self->node = 0;
  if (notes != NULL && n_notes > 0)
    {
      self->notes = g_ptr_array_new_full (n_notes, g_free);
      for (guint i = 0; i < n_notes; i++)
        g_ptr_array_add (self->notes, g_strdup (notes[i]));
    }
  if (messages != NULL && n_messages > 0)
    {
      GString *text = g_string_new (NULL);

      for (guint i = 0; i < n_messages; i++)
        {
          if (i > 0)
            g_string_append_c (text, '\n');
          /* Translators: one line of a CQL query's `message` output for
           * the game shown: where (as CQL prints it, "move 3(wtm)"), what. */
          g_string_append_printf (text, _("%s: %s"), messages[i].where, messages[i].text);
        }
      if (n_more > 0)
        {
          g_string_append_c (text, '\n');
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "… and %u more message",
                                                     "… and %u more messages", n_more),
                                  n_more);
        }
      self->messages = g_string_free (text, FALSE);
    }
  update (self);
}

void
ex_query_notes_set_node (ExQueryNotes *self,
                         guint         node)
{
  g_return_if_fail (EX_IS_QUERY_NOTES (self));

  if (self->node == node)
    return;
  self->node = node;
  update (self);
}

const char *
ex_query_notes_get_comment (ExQueryNotes *self)
{
  g_return_val_if_fail (EX_IS_QUERY_NOTES (self), NULL);

  return note_at (self, self->node);
}

const char *
ex_query_notes_get_messages (ExQueryNotes *self)
{
  g_return_val_if_fail (EX_IS_QUERY_NOTES (self), NULL);

  return self->messages;
}

static GtkWidget *
new_title (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* A wrapping, selectable label for the query's text; @colour sets it apart
 * from the game's text as the move list does (its "query-comment" tag). */
static GtkWidget *
new_text (const char *colour)
{
  GtkWidget *label = gtk_label_new (NULL);
  PangoAttrList *attrs = pango_attr_list_new ();
  PangoColor c;

  if (colour != NULL && pango_color_parse (&c, colour))
    pango_attr_list_insert (attrs, pango_attr_foreground_new (c.red, c.green, c.blue));
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  pango_attr_list_unref (attrs);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_yalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  return label;
}

static void
ex_query_notes_dispose (GObject *object)
{
  ExQueryNotes *self = EX_QUERY_NOTES (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (ex_query_notes_parent_class)->dispose (object);
}

static void
ex_query_notes_finalize (GObject *object)
{
  ExQueryNotes *self = EX_QUERY_NOTES (object);

  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_free (self->messages);

  G_OBJECT_CLASS (ex_query_notes_parent_class)->finalize (object);
}

static void
ex_query_notes_class_init (ExQueryNotesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_query_notes_dispose;
  object_class->finalize = ex_query_notes_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "querynotes");
}

static void
ex_query_notes_init (ExQueryNotes *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_margin_start (self->box, 8);
  gtk_widget_set_margin_end (self->box, 8);
  gtk_widget_set_margin_top (self->box, 4);
  gtk_widget_set_margin_bottom (self->box, 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->comment_title = new_title (_("Query Comment"));
  self->comment_label = new_text ("#1a5fb4");
  gtk_widget_set_tooltip_text (self->comment_label,
                               _("What the query wrote at the position shown (its comment in the exported game)"));
  self->messages_title = new_title (_("Query Messages"));
  self->messages_label = new_text (NULL);
  self->messages_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->messages_scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->messages_scroller),
                                              MESSAGES_MAX_HEIGHT);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->messages_scroller),
                                                    TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->messages_scroller),
                                 self->messages_label);

  gtk_box_append (GTK_BOX (self->box), self->comment_title);
  gtk_box_append (GTK_BOX (self->box), self->comment_label);
  gtk_box_append (GTK_BOX (self->box), self->messages_title);
  gtk_box_append (GTK_BOX (self->box), self->messages_scroller);
  update (self);
}

GtkWidget *
ex_query_notes_new (void)
{
  return g_object_new (EX_TYPE_QUERY_NOTES, NULL);
}
