/* ex-help-window.c: the user guide, shown inside the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The guide is the Markdown of docs/ (workbench.md, picker.md, cql.md...),
 * installed with the program or, from the build directory, read in the
 * source tree (ex_utils_find_doc_file()), with the screenshots it shows.
 * Each page is rendered by ex-help-render.c; nothing outside the
 * workbench is needed to read it.  The list on the left names the pages;
 * a link to another page of the guide ("cql.md#filters") opens it here,
 * scrolled to the heading; Back (Alt+Left) returns to the page before.
 * A link to the web is handed to the desktop (gtk_show_uri()); a link to
 * a file that is not a page of the guide says so on the message line.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-help-render.h"
#include "ex-help-window.h"
#include "ex-utils.h"

/* The pages the list offers, in reading order; a link may open any
 * Markdown file of the documentation folder. */
static const struct {
  const char *file;
  const char *title;
} pages[] = {
  { "workbench.md",    N_("The Workbench") },
  { "picker.md",       N_("Building Searches with the Mouse") },
  { "databases.md",    N_("Databases") },
  { "cql.md",          N_("CQL 3") },
  { "cql6.md",         N_("CQL 6") },
  { "convert.md",      N_("Converting CQL 3 to CQL 6") },
  { "limits.md",       N_("Limits and Stopping") },
  { "cql6-rulings.md", N_("CQL 6 Rulings") },
};

struct _ExHelpWindow
{
  GtkWindow          parent_instance;

  /* Template children. */
  GtkListBox        *page_list;
  GtkScrolledWindow *scrolled;
  GtkLabel          *message_label;

  char              *page;       /* the page shown ("cql.md"), or NULL */
  char              *anchor;     /* the heading scrolled to, or NULL */
  GHashTable        *anchors;    /* the page's anchors: char * to GtkWidget (not owned) */
  GPtrArray         *history;    /* char *: the pages shown before ("cql.md#x") */
  guint              scroll_tick;
  guint              selecting_row : 1;
};

G_DEFINE_FINAL_TYPE (ExHelpWindow, ex_help_window, GTK_TYPE_WINDOW)

static void
set_message (ExHelpWindow *self,
             const char   *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

static const char *
page_title (const char *file)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (strcmp (pages[i].file, file) == 0)
      return _(pages[i].title);
  return file;
}

/* Scrolls to the anchor's heading once the page has been laid out (a
 * tick: the frame after the page was set has its sizes). */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  ExHelpWindow *self = EX_HELP_WINDOW (user_data);
  GtkWidget *content = ex_help_window_get_content (self);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);
  GtkWidget *heading = self->anchor != NULL
                       ? g_hash_table_lookup (self->anchors, self->anchor) : NULL;
  graphene_point_t point;

  if (content == NULL || heading == NULL)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_height (heading) == 0
      || !gtk_widget_compute_point (heading, content, &GRAPHENE_POINT_INIT (0, 0), &point))
    return G_SOURCE_CONTINUE;

  gtk_adjustment_set_value (adjustment, MAX (0.0, point.y - 6));
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
scroll_to_anchor (ExHelpWindow *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);

  gtk_adjustment_set_value (adjustment, 0.0);
  if (self->anchor == NULL || self->scroll_tick != 0)
    return;
  self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->scrolled), scroll_tick_cb,
                                                    self, NULL);
}

static void
select_row (ExHelpWindow *self)
{
  GtkListBoxRow *row = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (g_strcmp0 (pages[i].file, self->page) == 0)
      row = gtk_list_box_get_row_at_index (self->page_list, i);
  self->selecting_row = TRUE;
  if (row != NULL)
    gtk_list_box_select_row (self->page_list, row);
  else
    gtk_list_box_unselect_all (self->page_list);
  self->selecting_row = FALSE;
}

static gboolean
link_cb (GtkLabel   *label,
         const char *uri,
         gpointer    user_data);

/* Shows @file (a page of the guide), scrolled to @anchor (nullable). */
static gboolean
load_page (ExHelpWindow *self,
           const char   *file,
           const char   *anchor,
           GError      **error)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;
  gsize length;
  GtkWidget *content;

  if (!g_str_has_suffix (file, ".md") || strchr (file, '/') != NULL
      || (path = ex_utils_find_doc_file (file)) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("“%s” is not a page of the user guide installed with the workbench"),
                   file);
      return FALSE;
    }
  if (!g_file_get_contents (path, &text, &length, error))
    return FALSE;

  dir = g_path_get_dirname (path);
  g_hash_table_remove_all (self->anchors);
  content = ex_help_render_page (text, length, dir, self->anchors, link_cb, self);
  gtk_widget_set_margin_start (content, 24);
  gtk_widget_set_margin_end (content, 24);
  gtk_widget_set_margin_top (content, 12);
  gtk_widget_set_margin_bottom (content, 24);
  gtk_scrolled_window_set_child (self->scrolled, content);
  /* The page at its natural height: the screenshots' least height is 0,
   * since they may be scaled down to the width. */
  gtk_scrollable_set_vscroll_policy (
    GTK_SCROLLABLE (gtk_scrolled_window_get_child (self->scrolled)), GTK_SCROLL_NATURAL);

  g_free (self->page);
  self->page = g_strdup (file);
  g_free (self->anchor);
  self->anchor = g_strdup (anchor);
  /* Translators: the help window's title: the page's title */
  title = g_strdup_printf (_("%s — Excelsior Help"), page_title (file));
  gtk_window_set_title (GTK_WINDOW (self), title);
  select_row (self);
  scroll_to_anchor (self);
  return TRUE;
}

/* @page ("cql.md#x", "#x", "cql.md") as its file (the page shown for
 * "#x") and its anchor (NULL for none). */
static char *
split_page (ExHelpWindow *self,
            const char   *page,
            char        **anchor)
{
  const char *hash = strchr (page, '#');
  char *file = hash != NULL ? g_strndup (page, hash - page) : g_strdup (page);

  *anchor = hash != NULL && hash[1] != '\0' ? g_strdup (hash + 1) : NULL;
  if (g_str_has_prefix (file, "./"))
    memmove (file, file + 2, strlen (file + 2) + 1);
  if (*file == '\0' && self->page != NULL)
    {
      g_free (file);
      file = g_strdup (self->page);
    }
  return file;
}

static char *
dup_current (ExHelpWindow *self)
{
  if (self->page == NULL)
    return NULL;
  return self->anchor != NULL ? g_strconcat (self->page, "#", self->anchor, NULL)
                              : g_strdup (self->page);
}

gboolean
ex_help_window_show_page (ExHelpWindow  *self,
                          const char    *page,
                          GError       **error)
{
  g_autofree char *anchor = NULL;
  g_autofree char *file = NULL;
  g_autofree char *before = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (EX_IS_HELP_WINDOW (self), FALSE);
  g_return_val_if_fail (page != NULL, FALSE);

  file = split_page (self, page, &anchor);
  before = dup_current (self);

  if (self->page != NULL && strcmp (file, self->page) == 0)
    {
      /* A heading of the page shown: only scrolled to. */
      g_free (self->anchor);
      self->anchor = g_steal_pointer (&anchor);
      scroll_to_anchor (self);
    }
  else if (!load_page (self, file, anchor, &local_error))
    {
      set_message (self, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  set_message (self, NULL);
  if (before != NULL)
    g_ptr_array_add (self->history, g_steal_pointer (&before));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.back", self->history->len > 0);
  return TRUE;
}

typedef struct
{
  ExHelpWindow *self;  /* weak */
  char         *uri;
} FollowLink;

static FollowLink *
follow_link_new (ExHelpWindow *self,
                 const char   *uri)
{
  FollowLink *link = g_new0 (FollowLink, 1);

  g_set_weak_pointer (&link->self, self);
  link->uri = g_strdup (uri);
  return link;
}

static void
follow_link_free (gpointer data)
{
  FollowLink *link = data;

  g_clear_weak_pointer (&link->self);
  g_free (link->uri);
  g_free (link);
}

static gboolean
follow_link_idle (gpointer data)
{
  FollowLink *link = data;

  if (link->self != NULL)
    ex_help_window_show_page (link->self, link->uri, NULL);
  return G_SOURCE_REMOVE;
}

/* A link of the page: another page of the guide opens here; the web is
 * the desktop's. */
static gboolean
link_cb (GtkLabel   *label,
         const char *uri,
         gpointer    user_data)
{
  ExHelpWindow *self = EX_HELP_WINDOW (user_data);
  const char *scheme = g_uri_peek_scheme (uri);

  if (scheme != NULL && strcmp (scheme, "file") != 0)
    {
      gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
      return TRUE;
    }
  /* After the label's signal: the new page replaces the label. */
  g_idle_add_full (G_PRIORITY_DEFAULT, follow_link_idle,
                   follow_link_new (self, uri), follow_link_free);
  return TRUE;
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ExHelpWindow *self = EX_HELP_WINDOW (widget);
  g_autofree char *page = NULL;
  g_autofree char *anchor = NULL;
  g_autofree char *file = NULL;

  if (self->history->len == 0)
    return;
  page = g_ptr_array_steal_index (self->history, self->history->len - 1);
  file = split_page (self, page, &anchor);
  if (self->page != NULL && strcmp (file, self->page) == 0)
    {
      g_free (self->anchor);
      self->anchor = g_steal_pointer (&anchor);
      scroll_to_anchor (self);
    }
  else
    load_page (self, file, anchor, NULL);
  gtk_widget_action_set_enabled (widget, "help.back", self->history->len > 0);
}

static void
row_selected_cb (ExHelpWindow  *self,
                 GtkListBoxRow *row)
{
  int index;

  if (row == NULL || self->selecting_row)
    return;
  index = gtk_list_box_row_get_index (row);
  if (index >= 0 && (guint) index < G_N_ELEMENTS (pages))
    ex_help_window_show_page (self, pages[index].file, NULL);
}

const char *
ex_help_window_get_page (ExHelpWindow *self)
{
  g_return_val_if_fail (EX_IS_HELP_WINDOW (self), NULL);
  return self->page;
}

const char *
ex_help_window_get_anchor (ExHelpWindow *self)
{
  g_return_val_if_fail (EX_IS_HELP_WINDOW (self), NULL);
  return self->anchor;
}

GtkWidget *
ex_help_window_get_content (ExHelpWindow *self)
{
  GtkWidget *viewport;

  g_return_val_if_fail (EX_IS_HELP_WINDOW (self), NULL);

  /* The scrolled window put the page in a viewport. */
  viewport = gtk_scrolled_window_get_child (self->scrolled);
  return viewport != NULL ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
}

const char *
ex_help_window_get_message (ExHelpWindow *self)
{
  g_return_val_if_fail (EX_IS_HELP_WINDOW (self), NULL);
  return gtk_label_get_text (self->message_label);
}

static void
ex_help_window_dispose (GObject *object)
{
  ExHelpWindow *self = EX_HELP_WINDOW (object);

  if (self->scroll_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->scrolled), self->scroll_tick);
      self->scroll_tick = 0;
    }
  G_OBJECT_CLASS (ex_help_window_parent_class)->dispose (object);
}

static void
ex_help_window_finalize (GObject *object)
{
  ExHelpWindow *self = EX_HELP_WINDOW (object);

  g_free (self->page);
  g_free (self->anchor);
  g_hash_table_unref (self->anchors);
  g_ptr_array_unref (self->history);
  G_OBJECT_CLASS (ex_help_window_parent_class)->finalize (object);
}

static void
ex_help_window_class_init (ExHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_help_window_dispose;
  object_class->finalize = ex_help_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ExHelpWindow, page_list);
  gtk_widget_class_bind_template_child (widget_class, ExHelpWindow, scrolled);
  gtk_widget_class_bind_template_child (widget_class, ExHelpWindow, message_label);
  gtk_widget_class_bind_template_callback (widget_class, row_selected_cb);

  gtk_widget_class_install_action (widget_class, "help.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "help.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ex_help_window_init (ExHelpWindow *self)
{
  self->anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->history = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *label = gtk_label_new (_(pages[i].title));

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_list_box_append (self->page_list, label);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.back", FALSE);
}

ExHelpWindow *
ex_help_window_new (GtkWindow *parent)
{
  /* One of the application's windows: its shortcuts (Ctrl+Q) work here. */
  return g_object_new (EX_TYPE_HELP_WINDOW, "transient-for", parent,
                       "application", parent != NULL ? gtk_window_get_application (parent) : NULL,
                       NULL);
}
