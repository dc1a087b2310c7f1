/* ex-window-query.c: the window's query: the editor, its labels, examples and themes.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The query is an ExQueryDocument (ex-query-document.c) edited by an
 * ExCqlEditor (ex-cql-editor.c); the window follows the document through a
 * signal group: the label over the editor shows its name and whether it
 * has unsaved changes, the label beside it its dialect (and the symbol
 * palette and Convert button that go with it).  Here too: the live parse's
 * errors in the status line, the Examples menu, the recent queries' menu,
 * files dropped on the window, and the Theme Tools pane (a side pane of
 * the window, left of the query) with the themes it loads.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-cql6-text.h"
#include "ex-game-view.h"
#include "ex-symbol-palette.h"
#include "ex-theme-library.h"
#include "ex-utils.h"
#include "ex-window-private.h"

#define RESOURCE_PATH "/org/excelsior/Workbench/"

/* The example queries of data/queries/, offered in the Examples menu. */
static const struct {
  const char *file;
  const char *title;
} examples[] = {
  { "knight-mate.cql",         N_("Checkmate with a White Knight on the Board") },
  { "stalemate.cql",           N_("Stalemates, Variations Included") },
  { "mate-in-variations.cql",  N_("Checkmates in Variations Only") },
  { "king-in-corner.cql",      N_("White King in a Corner") },
  { "queen-on-eighth.cql",     N_("White Queen on the Eighth Rank") },
  { "stalemate-ending.cql",    N_("Main Line Ends in Stalemate") },
  { "black-king-corner-start.cql", N_("Black King in a Corner at the Start") },
  { "underpromotion.cql",      N_("Underpromotions") },
  { "pin-to-king.cql",         N_("A Piece Pinned to Its King") },
  { "knight-attacks-king.cql", N_("A Knight Attacks the King (Shifted, Flipped, Either Colour)") },
  { "white-starts-behind.cql", N_("White Starts with Less Material") },
};

/* The label over the editor: the query's name, and " •" (as
 * gnome-text-editor marks a document) while the text has changes that are
 * in no file.  A query without a name is "Untitled" once it has any. */
static void
update_query_label (ExWindow *self)
{
  gboolean modified = ex_query_document_get_modified (self->document);
  const char *name = ex_query_document_get_name (self->document);
  g_autofree char *text = NULL;

  if (!modified)
    text = g_strdup (name != NULL ? name : "");
  else
    /* Translators: a query's name and the mark of changes not saved */
    text = g_strdup_printf (_("%s •"), name != NULL ? name : _("Untitled"));
  gtk_label_set_text (self->query_file_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->query_file_label),
                               modified ? _("The query has changes that are not saved in a file")
                                        : NULL);
}

/* The dialect beside the query's name, as the document tells it from the
 * text: "CQL 6" when its first word is `cql`, else "CQL 3". */
static void
update_dialect_label (ExWindow *self)
{
  gboolean cql6 = ex_query_document_get_dialect (self->document) == CQ_DIALECT_CQL6;

  gtk_label_set_text (self->query_dialect_label, cql6 ? "CQL 6" : "CQL 3");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->query_dialect_label),
                               cql6 ? _("The query is CQL 6: its first word is cql")
                                    : _("The query is CQL 3: a (match ...) list"));
  /* The symbols (ex-symbol-palette.c) are CQL 6's only. */
  gtk_widget_set_visible (GTK_WIDGET (self->symbols_button), cql6);
  /* Conversion goes one way, from CQL 3 (cq_query_convert_to_cql6()). */
  gtk_widget_set_visible (GTK_WIDGET (self->convert_button), !cql6);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.convert-query", !cql6);
}

const char *const *
ex_window_list_examples (void)
{
  static const char *names[G_N_ELEMENTS (examples) + 1];

  if (names[0] == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
      names[i] = examples[i].file;

  return names;
}

/* The text of the bundled example @name, or NULL if there is none. */
static char *
read_example (const char *name)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (strchr (name, '/') != NULL)
    return NULL;

  path = g_strconcat (RESOURCE_PATH "queries/", name, NULL);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

gboolean
ex_window_load_example (ExWindow   *self,
                        const char *name)
{
  g_autofree char *text = NULL;
  g_autofree char *twin = NULL;

  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (g_str_has_suffix (name, ".cql"))
    {
      g_autofree char *current = ex_query_document_dup_text (self->document);

      if (ex_cql_insert_dialect (current) == CQ_DIALECT_CQL6)
        {
          twin = g_strconcat (name, "6", NULL);
          text = read_example (twin);
          if (text != NULL)
            name = twin;
        }
    }
  if (text == NULL)
    text = read_example (name);
  if (text == NULL)
    return FALSE;

  ex_query_document_replace (self->document, text, name, TRUE);

  return TRUE;
}

static void
setup_examples_menu (ExWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(examples[i].title), NULL);

      g_menu_item_set_action_and_target (item, "win.load-example", "s", examples[i].file);
      g_menu_append_item (menu, item);
    }

  gtk_menu_button_set_menu_model (self->examples_button, G_MENU_MODEL (menu));
}

/* The live parse's errors go to the status line; once fixed, the status
 * says so (other status messages are left alone). */
static void
live_parse_cb (ExWindow    *self,
               GParamSpec  *pspec,
               ExCqlEditor *editor)
{
  if (ex_cql_editor_get_has_error (editor))
    {
      _ex_window_set_status (self, ex_cql_editor_get_message (editor), TRUE);
      self->status_shows_live_error = TRUE;
    }
  else if (self->status_shows_live_error)
    {
      _ex_window_set_status (self, ex_cql_editor_get_message (editor), FALSE);
      self->status_shows_live_error = FALSE;
    }
}

/* Files dropped on the window are opened in order, as from the command
 * line: databases become the database, anything else the query. */
static gboolean
drop_cb (ExWindow      *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  for (GSList *l = files; l != NULL; l = l->next)
    ex_window_open_file (self, l->data);
  return files != NULL;
}

/* The database a theme names (ex_theme_library_get_database()), if it is
 * on this computer: sample/... among the bundled data, studies/... under
 * $EXCELSIOR_SHARED_DATA.  @named gets the name (NULL if it names none). */
static GFile *
theme_database (const char  *text,
                char       **named)
{
  g_autofree char *path = NULL;
  const char *shared;

  *named = ex_theme_library_get_database (text);
  if (*named == NULL)
    return NULL;
  if (g_str_has_prefix (*named, "sample/"))
    path = ex_utils_find_data_file (*named);
  else if ((shared = g_getenv ("EXCELSIOR_SHARED_DATA")) != NULL)
    path = g_build_filename (shared, *named, NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_file_new_for_path (path);
}

/* A theme of the library is now the query (the library's handler has put
 * its text in the editor): it has no file of its own, and the database it
 * names, when it is on this computer, is the one searched. */
static void
theme_loaded_cb (ExWindow   *self,
                 const char *name,
                 const char *text)
{
  g_autofree char *named = NULL;
  g_autoptr(GFile) database = theme_database (text, &named);
  g_autofree char *message = NULL;

  if (database != NULL)
    {
      ex_window_set_database (self, database);
      message = g_strdup_printf (_("Theme “%s” loaded with its database “%s”: press Run"),
                                 name, named);
    }
  else if (named != NULL)
    message = g_strdup_printf (_("Theme “%s” loaded: press Run (its database %s is not on "
                                 "this computer; choose one with the database button)"),
                               name, named);
  else
    message = g_strdup_printf (_("Theme “%s” loaded: press Run"), name);

  ex_query_document_replace (self->document, NULL, name, TRUE);
  _ex_window_set_status (self, message, FALSE);
  self->status_shows_live_error = FALSE;
}

ExThemeTools *
ex_window_get_theme_tools (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  if (self->theme_tools == NULL)
    {
      GtkWidget *scrolled = gtk_scrolled_window_new ();

      self->theme_tools = ex_theme_tools_new (self->cql_editor, EX_GAME_VIEW (self->game_view));
      /* Taller than a short window leaves it: the pane scrolls up and
       * down.  Never narrower than its controls need (a pane scrolled
       * sideways hides the board's files and the tabs): the query, the
       * results and the board give way instead, down to their own minimum
       * widths, which leave a 1000-pixel window room for all three. */
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled),
                                     GTK_WIDGET (self->theme_tools));
      gtk_widget_set_vexpand (scrolled, TRUE);
      gtk_box_append (GTK_BOX (self->tools_slot), scrolled);
      g_object_add_weak_pointer (G_OBJECT (self->theme_tools), (gpointer *) &self->theme_tools);
      g_signal_connect_object (ex_theme_tools_get_library (self->theme_tools), "load",
                               G_CALLBACK (theme_loaded_cb), self, G_CONNECT_SWAPPED);
    }
  return self->theme_tools;
}

void
ex_window_set_theme_tools_visible (ExWindow *self,
                                   gboolean  visible)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  gtk_widget_set_visible (self->tools_slot, visible);
}

gboolean
ex_window_get_theme_tools_visible (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return gtk_widget_get_visible (self->tools_slot);
}

/* The pane is made when first shown; shown, it is given the focus's
 * place only when asked for from the keyboard or a button (not at start). */
static void
tools_slot_visible_cb (ExWindow   *self,
                       GParamSpec *pspec,
                       GtkWidget  *slot)
{
  if (gtk_widget_get_visible (slot))
    ex_window_get_theme_tools (self);
  else if (gtk_widget_get_focus_child (slot) != NULL)
    /* The focus leaves a pane that goes: to the query. */
    gtk_widget_grab_focus (GTK_WIDGET (self->editor));
}

void
_ex_window_setup_theme_tools (ExWindow *self)
{
  GSettings *settings = ex_utils_get_settings ();

  /* The header's toggle button shows the pane's state and changes it,
   * as win.theme-tools (Ctrl+T, the main menu) does. */
  g_object_bind_property (self->tools_slot, "visible", self->theme_tools_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->tools_slot, "notify::visible",
                           G_CALLBACK (tools_slot_visible_cb), self, G_CONNECT_SWAPPED);
  if (settings != NULL && g_settings_get_boolean (settings, "theme-tools-visible"))
    ex_window_set_theme_tools_visible (self, TRUE);
}

static void
recent_menu_update (GtkMenuButton *button,
                    gpointer       user_data)
{
  g_autoptr(GMenuModel) menu = ex_query_document_build_recent_menu ("win.open-recent");

  gtk_menu_button_set_menu_model (button, menu);
}

static void
setup_editor (ExWindow *self)
{
  self->cql_editor = ex_cql_editor_new (self->editor, self->document);
  gtk_menu_button_set_popover (self->symbols_button,
                               ex_symbol_palette_new (GTK_TEXT_VIEW (self->editor)));
  g_signal_connect_object (self->cql_editor, "notify::message", G_CALLBACK (live_parse_cb), self,
                           G_CONNECT_SWAPPED);
  update_dialect_label (self);
  {
    GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

    g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
  }

  gtk_menu_button_set_create_popup_func (self->recent_button, recent_menu_update, NULL, NULL);
}

void
_ex_window_setup_query (ExWindow *self)
{
  g_autofree char *initial_text = NULL;

  /* The label over the editor follows the query's name and modified
   * flag, the dialect label its dialect. */
  self->document = ex_query_document_new ();
  self->document_signals = g_signal_group_new (EX_TYPE_QUERY_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "notify::name",
                                 G_CALLBACK (update_query_label), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::modified",
                                 G_CALLBACK (update_query_label), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "notify::dialect",
                                 G_CALLBACK (update_dialect_label), self, G_CONNECT_SWAPPED);
  g_signal_group_set_target (self->document_signals, self->document);
  setup_editor (self);
  setup_examples_menu (self);

  initial_text = read_example (examples[0].file);
  if (initial_text != NULL)
    {
      ex_query_document_set_text (self->document, initial_text, FALSE);
      ex_query_document_set_name (self->document, examples[0].file, TRUE);
    }
}
