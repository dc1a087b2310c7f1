/* ex-theme-library.c: the library of ready theme searches (data/themes).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every theme is one .cql file of data/themes, compiled into the GResource
 * under /org/excelsior/Workbench/themes/.  Its first line is a comment
 * "; Title: one-line description (where it finds something)", its second
 * "; database: PATH" (sample/... under data/, studies/... under the shared
 * data); tests/ui-picker/test-themes.c runs each one.  The library lists
 * them by title with their description; activating one emits
 * ExThemeLibrary::load with its text, which the window puts in the editor.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-theme-library.h"

#define THEMES_PATH "/org/excelsior/Workbench/themes/"

struct _ExThemeLibrary
{
  GtkBox      parent_instance;

  GtkListBox *list;
  guint       n_themes;
};

G_DEFINE_FINAL_TYPE (ExThemeLibrary, ex_theme_library, GTK_TYPE_BOX)

enum {
  LOAD,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * ex_theme_library_list:
 * Returns: (transfer full): the file names of the themes ("excelsior.cql"),
 *   sorted, NULL-terminated.
 */
char **
ex_theme_library_list (void)
{
  g_auto(GStrv) names = g_resources_enumerate_children (THEMES_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  GPtrArray *array = g_ptr_array_new ();

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], ".cql"))
      g_ptr_array_add (array, g_strdup (names[i]));
  for (guint i = 1; i < array->len; i++)
    for (guint j = i; j > 0 && g_ascii_strcasecmp (array->pdata[j - 1], array->pdata[j]) > 0; j--)
      {
        gpointer t = array->pdata[j - 1];
        array->pdata[j - 1] = array->pdata[j];
        array->pdata[j] = t;
      }
  g_ptr_array_add (array, NULL);
  return (char **) g_ptr_array_free (array, FALSE);
}

/**
 * ex_theme_library_read:
 * @name: a theme's file name (ex_theme_library_list()).
 * @title: (out) (optional): its title, the first line up to ": ".
 * @description: (out) (optional): the rest of the first line.
 *
 * Returns: (transfer full) (nullable): the theme's CQL text, NULL if there
 *   is no such theme.
 */
char *
ex_theme_library_read (const char  *name,
                       char       **title,
                       char       **description)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  g_autofree char *first = NULL;
  const char *end, *colon;

  g_return_val_if_fail (name != NULL, NULL);

  if (strchr (name, '/') != NULL)
    return NULL;
  path = g_strconcat (THEMES_PATH, name, NULL);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  end = strchr (text, '\n');
  first = g_strndup (text, end != NULL ? (gsize) (end - text) : strlen (text));
  g_strstrip (first);
  colon = strstr (first, ": ");
  if (title != NULL)
    *title = g_strstrip (g_strndup (first + strspn (first, "; "),
                                    colon != NULL ? (gsize) (colon - first) - strspn (first, "; ") : 0));
  if (description != NULL)
    *description = g_strdup (colon != NULL ? colon + 2 : first + strspn (first, "; "));

  return g_steal_pointer (&text);
}

/* Rows in the order of their titles. */
static int
compare_rows (GtkListBoxRow *a,
              GtkListBoxRow *b,
              gpointer       user_data)
{
  return g_utf8_collate (g_object_get_data (G_OBJECT (a), "ex-title"),
                         g_object_get_data (G_OBJECT (b), "ex-title"));
}

static void
row_activated_cb (GtkListBox     *list,
                  GtkListBoxRow  *row,
                  ExThemeLibrary *self)
{
  ex_theme_library_activate (self, g_object_get_data (G_OBJECT (row), "ex-theme"));
}

/**
 * ex_theme_library_activate:
 * Emits ExThemeLibrary::load for theme @name, as a click on its row does.
 *
 * Returns: FALSE if there is no such theme.
 */
gboolean
ex_theme_library_activate (ExThemeLibrary *self,
                           const char     *name)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  text = ex_theme_library_read (name, NULL, NULL);
  if (text == NULL)
    return FALSE;
  g_signal_emit (self, signals[LOAD], 0, name, text);
  return TRUE;
}

guint
ex_theme_library_get_n_themes (ExThemeLibrary *self)
{
  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), 0);

  return self->n_themes;
}

static void
ex_theme_library_class_init (ExThemeLibraryClass *klass)
{
  /**
   * ExThemeLibrary::load:
   * @name: the theme's file name.
   * @text: its CQL text.
   *
   * A theme was chosen: load @text into the editor.
   */
  signals[LOAD] =
    g_signal_new ("load", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
}

static void
ex_theme_library_init (ExThemeLibrary *self)
{
  g_auto(GStrv) names = ex_theme_library_list ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *hint = gtk_label_new (_("Double-click a theme to load it into the editor, then press Run."));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);

  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0.0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_box_append (GTK_BOX (self), hint);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "rich-list");
  g_signal_connect (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  gtk_list_box_set_sort_func (self->list, compare_rows, NULL, NULL);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = NULL;
      g_autofree char *description = NULL;
      g_autofree char *text = ex_theme_library_read (names[i], &title, &description);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *title_label = gtk_label_new (title);
      GtkWidget *description_label = gtk_label_new (description);

      if (text == NULL)
        continue;
      gtk_label_set_xalign (GTK_LABEL (title_label), 0.0);
      gtk_widget_add_css_class (title_label, "heading");
      gtk_label_set_xalign (GTK_LABEL (description_label), 0.0);
      gtk_label_set_wrap (GTK_LABEL (description_label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (description_label), 50);
      gtk_widget_add_css_class (description_label, "dim-label");
      gtk_box_append (GTK_BOX (box), title_label);
      gtk_box_append (GTK_BOX (box), description_label);
      gtk_widget_set_margin_top (box, 4);
      gtk_widget_set_margin_bottom (box, 4);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_widget_set_tooltip_text (row, text);
      g_object_set_data_full (G_OBJECT (row), "ex-theme", g_strdup (names[i]), g_free);
      g_object_set_data_full (G_OBJECT (row), "ex-title", g_strdup (title), g_free);
      gtk_list_box_append (self->list, row);
      self->n_themes++;
    }

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self), scrolled);
}

/**
 * ex_theme_library_new:
 * Returns: (transfer floating): a list of every theme of the GResource.
 */
GtkWidget *
ex_theme_library_new (void)
{
  return g_object_new (EX_TYPE_THEME_LIBRARY, NULL);
}

/* ------------------------------------------------------------------------
 * The "Theme Tools" window
 *
 * A notebook with the picker, the pattern board and this library.  The
 * picker's and the pattern board's Insert put their text at the editor's
 * cursor; a theme replaces the editor's text; when the editor's cursor
 * moves onto a designator, the picker shows it.  The pattern page can
 * start from the board viewer's position ("Search for This Position") or
 * from the squares outlined on it ("Search for This Pattern": the matched
 * squares, which Ctrl+click on the viewer's board adds or removes).
 */

#include "ex-cql-editor.h"
#include "ex-game-view.h"
#include "ex-pattern-board.h"
#include "ex-picker.h"

typedef struct {
  ExCqlEditor    *editor;     /* weak */
  GtkWidget      *game_view;  /* weak */
  GtkNotebook    *notebook;
  ExPicker       *picker;
  ExPatternBoard *pattern;
  ExThemeLibrary *library;
  GtkLabel       *board_status;
} Tools;

static void
tools_free (gpointer data)
{
  Tools *tools = data;

  g_clear_weak_pointer (&tools->editor);
  g_clear_weak_pointer (&tools->game_view);
  g_free (tools);
}

static Tools *
get_tools (GtkWidget *window)
{
  return g_object_get_data (G_OBJECT (window), "ex-theme-tools");
}

/* Into an empty editor, a position list comes inside a match list, so that
 * it is a whole query at once. */
static void
insert_cb (GObject    *source,
           const char *text,
           Tools      *tools)
{
  g_autofree char *current = NULL;

  if (tools->editor == NULL || text == NULL)
    return;
  current = ex_cql_editor_dup_text (tools->editor);
  if (g_strstrip (current)[0] == '\0' && g_str_has_prefix (text, "(position"))
    {
      g_autofree char *query = g_strdup_printf ("(match\n  %s)\n", text);

      ex_cql_editor_replace_text (tools->editor, query);
    }
  else
    ex_cql_editor_insert (tools->editor, text);
}

static void
load_cb (ExThemeLibrary *library,
         const char     *name,
         const char     *text,
         Tools          *tools)
{
  if (tools->editor != NULL)
    ex_cql_editor_replace_text (tools->editor, text);
}

static void
designator_at_cursor_cb (ExCqlEditor *editor,
                         const char  *text,
                         ExPicker    *picker)
{
  ex_picker_set_text (picker, text, NULL);
}

/* Ctrl+click on the viewer's board adds or removes a square of its
 * outline: the pattern that "Search for This Pattern" copies. */
static void
board_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  ExBoard         *board)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  int square;

  if ((state & GDK_CONTROL_MASK) == 0)
    return;
  square = ex_board_get_square_at (board, x, y);
  if (square == CQ_NO_SQUARE)
    return;
  ex_board_set_highlight (board, ex_board_get_highlight (board) ^ CQ_BIT (square));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/**
 * ex_theme_tools_search_board:
 * @selected_only: FALSE for the whole position ("Search for This
 *   Position"), TRUE for the squares outlined on the viewer's board only
 *   ("Search for This Pattern").
 *
 * Puts the board viewer's position into the pattern board and shows it.
 *
 * Returns: FALSE if the viewer shows no position (or, with
 *   @selected_only, no square is outlined).
 */
gboolean
ex_theme_tools_search_board (GtkWidget *window,
                             gboolean   selected_only)
{
  Tools *tools = get_tools (window);
  ExBoard *board;
  const CqPosition *pos;
  CqBitboard squares;

  g_return_val_if_fail (tools != NULL, FALSE);

  if (tools->game_view == NULL)
    return FALSE;
  board = ex_game_view_get_board (EX_GAME_VIEW (tools->game_view));
  pos = board != NULL ? ex_board_get_position (board) : NULL;
  if (pos == NULL)
    {
      gtk_label_set_text (tools->board_status, _("Select a matched game first: its board is copied here"));
      return FALSE;
    }
  squares = selected_only ? ex_board_get_highlight (board) : CQ_SQUARES_ALL;
  if (squares == 0)
    {
      gtk_label_set_text (tools->board_status,
                          _("No square is outlined on the game’s board: Ctrl+click the pieces of the pattern"));
      return FALSE;
    }
  ex_pattern_board_set_position (tools->pattern, pos, squares);
  gtk_label_set_text (tools->board_status,
                      selected_only ? _("The outlined squares of the game’s board, ready to refine")
                                    : _("The game’s position, ready to refine"));
  ex_theme_tools_show_page (window, "pattern");
  return TRUE;
}

static void
search_position_cb (GtkButton *button,
                    GtkWidget *window)
{
  ex_theme_tools_search_board (window, FALSE);
}

static void
search_pattern_cb (GtkButton *button,
                   GtkWidget *window)
{
  ex_theme_tools_search_board (window, TRUE);
}

/**
 * ex_theme_tools_new:
 * @parent: the main window.
 * @editor: the query editor the tools write into.
 * @game_view: (nullable): the board viewer (an ExGameView).
 *
 * Returns: (transfer none): the "Theme Tools" window, not shown yet; it is
 *   hidden, not destroyed, when closed, and destroyed with @parent.
 */
GtkWidget *
ex_theme_tools_new (GtkWindow   *parent,
                    ExCqlEditor *editor,
                    GtkWidget   *game_view)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *pattern_page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *from_board = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *position_button = gtk_button_new_with_mnemonic (_("Search for This _Position"));
  GtkWidget *pattern_button = gtk_button_new_with_mnemonic (_("Search for This P_attern"));
  Tools *tools = g_new0 (Tools, 1);

  g_return_val_if_fail (EX_IS_CQL_EDITOR (editor), NULL);

  gtk_window_set_title (GTK_WINDOW (window), _("Theme Tools"));
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_hide_on_close (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 500, 800);

  g_set_weak_pointer (&tools->editor, editor);
  if (game_view != NULL)
    {
      GtkGesture *click = gtk_gesture_click_new ();
      ExBoard *board = ex_game_view_get_board (EX_GAME_VIEW (game_view));

      g_set_weak_pointer (&tools->game_view, game_view);
      gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
      g_signal_connect (click, "pressed", G_CALLBACK (board_pressed_cb), board);
      gtk_widget_add_controller (GTK_WIDGET (board), GTK_EVENT_CONTROLLER (click));
    }
  g_object_set_data_full (G_OBJECT (window), "ex-theme-tools", tools, tools_free);

  tools->notebook = GTK_NOTEBOOK (gtk_notebook_new ());
  tools->picker = EX_PICKER (ex_picker_new ());
  tools->pattern = EX_PATTERN_BOARD (ex_pattern_board_new ());
  tools->library = EX_THEME_LIBRARY (ex_theme_library_new ());
  tools->board_status = GTK_LABEL (gtk_label_new (_("Or start from the game shown in the viewer:")));

  gtk_label_set_wrap (tools->board_status, TRUE);
  gtk_label_set_xalign (tools->board_status, 0.0);
  gtk_widget_add_css_class (GTK_WIDGET (tools->board_status), "dim-label");
  gtk_widget_set_tooltip_text (position_button, _("Copy the position shown in the game viewer"));
  gtk_widget_set_tooltip_text (pattern_button,
                               _("Copy the outlined squares of the game viewer (Ctrl+click squares there to change them)"));
  g_signal_connect (position_button, "clicked", G_CALLBACK (search_position_cb), window);
  g_signal_connect (pattern_button, "clicked", G_CALLBACK (search_pattern_cb), window);
  gtk_box_append (GTK_BOX (from_board), position_button);
  gtk_box_append (GTK_BOX (from_board), pattern_button);
  gtk_box_append (GTK_BOX (pattern_page), GTK_WIDGET (tools->pattern));
  gtk_box_append (GTK_BOX (pattern_page), GTK_WIDGET (tools->board_status));
  gtk_box_append (GTK_BOX (pattern_page), from_board);

  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *page = i == 0 ? GTK_WIDGET (tools->picker) : i == 1 ? pattern_page : GTK_WIDGET (tools->library);

      gtk_widget_set_margin_start (page, 8);
      gtk_widget_set_margin_end (page, 8);
      gtk_widget_set_margin_top (page, 8);
      gtk_widget_set_margin_bottom (page, 8);
    }
  gtk_notebook_append_page (tools->notebook, GTK_WIDGET (tools->picker), gtk_label_new_with_mnemonic (_("_Picker")));
  gtk_notebook_append_page (tools->notebook, pattern_page, gtk_label_new_with_mnemonic (_("P_attern Board")));
  gtk_notebook_append_page (tools->notebook, GTK_WIDGET (tools->library), gtk_label_new_with_mnemonic (_("_Themes")));
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (tools->notebook));

  g_signal_connect (tools->picker, "insert", G_CALLBACK (insert_cb), tools);
  g_signal_connect (tools->pattern, "insert", G_CALLBACK (insert_cb), tools);
  g_signal_connect (tools->library, "load", G_CALLBACK (load_cb), tools);
  g_signal_connect_object (editor, "designator-at-cursor", G_CALLBACK (designator_at_cursor_cb),
                           tools->picker, 0);

  return window;
}

ExPicker *
ex_theme_tools_get_picker (GtkWidget *window)
{
  g_return_val_if_fail (get_tools (window) != NULL, NULL);
  return get_tools (window)->picker;
}

ExPatternBoard *
ex_theme_tools_get_pattern_board (GtkWidget *window)
{
  g_return_val_if_fail (get_tools (window) != NULL, NULL);
  return get_tools (window)->pattern;
}

ExThemeLibrary *
ex_theme_tools_get_library (GtkWidget *window)
{
  g_return_val_if_fail (get_tools (window) != NULL, NULL);
  return get_tools (window)->library;
}

/* @page: "picker", "pattern" or "themes". */
void
ex_theme_tools_show_page (GtkWidget  *window,
                          const char *page)
{
  Tools *tools = get_tools (window);

  g_return_if_fail (tools != NULL);
  g_return_if_fail (page != NULL);

  if (strcmp (page, "picker") == 0)
    gtk_notebook_set_current_page (tools->notebook, 0);
  else if (strcmp (page, "pattern") == 0)
    gtk_notebook_set_current_page (tools->notebook, 1);
  else if (strcmp (page, "themes") == 0)
    gtk_notebook_set_current_page (tools->notebook, 2);
}
