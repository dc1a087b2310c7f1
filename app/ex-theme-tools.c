/* ex-theme-tools.c: the "Theme Tools" pane of the main window.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A notebook with the picker, the pattern board and the theme library
 * (ex-theme-tools.ui).  The picker's and the pattern board's Insert put
 * their text into the editor's query, in its dialect (or that of new
 * queries, into an empty editor); a theme replaces the editor's text;
 * when the editor's cursor moves onto a designator, the picker shows it,
 * and its Replace puts the picker's designator in that one's place.
 * The pattern page can start from the board viewer's position
 * ("Anticipations") or from the squares outlined on it ("Copy Pattern":
 * the matched squares, which Ctrl+click on the viewer's board
 * adds or removes).  Ctrl+Return and F5 run the query, as in the rest of
 * the window.  The pane is a side pane of the main window (ExWindow shows
 * and hides it), so that the results and the board stay in view; what it
 * asks of the window (Run, the position search) goes through the
 * window's win.* actions.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-utils.h"
#include "ex-cql-editor.h"
#include "ex-cql6-text.h"
#include "ex-game-view.h"
#include "ex-pattern-board.h"
#include "ex-picker.h"
#include "ex-setup-board.h"
#include "ex-theme-library.h"
#include "ex-theme-tools.h"

struct _ExThemeTools
{
  GtkBox          parent_instance;

  ExCqlEditor    *editor;     /* weak */
  ExGameView     *game_view;  /* weak */

  /* Template children. */
  GtkNotebook    *notebook;
  ExPicker       *picker;
  ExPatternBoard *pattern;
  ExSetupBoard   *setup;
  ExThemeLibrary *library;
  GtkLabel       *board_status;

  /* How deep the editor's buffer is in user actions (a replaced text is
   * deleted, then inserted, in one). */
  guint           user_action_depth;
};

G_DEFINE_FINAL_TYPE (ExThemeTools, ex_theme_tools, GTK_TYPE_BOX)

/* The picker and the pattern board write the dialect of the editor's
 * text, and the theme library offers its themes in it, or in that of new
 * queries for an empty editor
 * (ex_cql_insert_dialect()).  A long text is not empty: its dialect is the
 * one the editor tells, without copying it at each key. */
static void
update_dialect (ExThemeTools *self)
{
  GtkTextBuffer *buffer;
  CqDialect dialect;

  if (self->editor == NULL)
    return;
  buffer = ex_cql_editor_get_buffer (self->editor);
  if (gtk_text_buffer_get_char_count (buffer) > 4096)
    dialect = ex_cql_editor_get_dialect (self->editor);
  else
    {
      g_autofree char *text = ex_cql_editor_dup_text (self->editor);

      dialect = ex_cql_insert_dialect (text);
    }
  ex_picker_set_dialect (self->picker, dialect);
  ex_pattern_board_set_dialect (self->pattern, dialect);
  ex_theme_library_set_dialect (self->library, dialect);
}

/* The buffer changed: its dialect is told once a user action is over, so
 * that a text replaced (a theme loaded) is not seen empty between its
 * deletion and its insertion, which would list the themes in the dialect
 * of new queries and then in the text's again. */
static void
buffer_changed_cb (ExThemeTools *self)
{
  if (self->user_action_depth == 0)
    update_dialect (self);
}

static void
begin_user_action_cb (ExThemeTools *self)
{
  self->user_action_depth++;
}

static void
end_user_action_cb (ExThemeTools *self)
{
  if (self->user_action_depth > 0 && --self->user_action_depth == 0)
    update_dialect (self);
}

/* The picker's designator and the pattern board's position go where they
 * keep the query whole: ex_cql_editor_insert_item() in CQL 3,
 * ex_cql_editor_insert_cql6_item() in CQL 6, the pattern's :variations
 * then into the header. */
static void
picker_insert_cb (ExThemeTools *self,
                  const char   *text)
{
  if (self->editor == NULL || text == NULL)
    return;
  update_dialect (self);
  text = ex_picker_get_text (self->picker);
  if (text == NULL)
    return;
  if (ex_picker_get_dialect (self->picker) == CQ_DIALECT_CQL6)
    ex_cql_editor_insert_cql6_item (self->editor, text, EX_CQL6_ITEM_DESIGNATOR, NULL);
  else
    ex_cql_editor_insert_item (self->editor, text);
}

static void
pattern_insert_cb (ExThemeTools *self,
                   const char   *text)
{
  gboolean variations;

  if (self->editor == NULL || text == NULL)
    return;
  update_dialect (self);
  text = ex_pattern_board_get_text (self->pattern);
  variations = (ex_pattern_board_get_flags (self->pattern) & CQ_PATTERN_VARIATIONS) != 0;
  if (ex_pattern_board_get_dialect (self->pattern) == CQ_DIALECT_CQL6)
    ex_cql_editor_insert_cql6_item (self->editor, text, EX_CQL6_ITEM_POSITION,
                                    variations ? "variations" : NULL);
  else
    ex_cql_editor_insert_item (self->editor, text);
}

static void
load_cb (ExThemeTools *self,
         const char   *name,
         const char   *text)
{
  if (self->editor != NULL)
    ex_cql_editor_replace_text (self->editor, text);
}

/* The designator at the cursor in the picker, read in the dialect of the
 * text as it is now: a paste that changes the dialect moves the cursor
 * before the buffer's "changed" reaches update_dialect(). */
static void
designator_at_cursor_cb (ExThemeTools *self,
                         const char   *text)
{
  update_dialect (self);
  ex_picker_set_text (self->picker, text, NULL);
}

/* Replace is offered while the cursor is on a designator. */
static void
update_can_replace (ExThemeTools *self)
{
  if (self->editor == NULL)
    return;
  ex_picker_set_can_replace (self->picker,
                             ex_cql_editor_get_designator_at_cursor (self->editor, NULL));
}

static void
picker_replace_cb (ExThemeTools *self,
                   const char   *text)
{
  if (self->editor == NULL || text == NULL)
    return;
  update_dialect (self);
  text = ex_picker_get_text (self->picker);
  if (text != NULL)
    ex_cql_editor_replace_designator_at_cursor (self->editor, text);
}

/* Ctrl+click on the viewer's board adds or removes a square of its
 * outline: the pattern that "Copy Pattern" copies. */
static void
board_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  ExBoard         *board)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  int square;

  if ((state & GDK_CONTROL_MASK) == 0)
    return;
  square = ex_board_get_square_at (board, x, y);
  if (square == CQ_NO_SQUARE)
    return;
  ex_board_set_highlight (board, ex_board_get_highlight (board) ^ CQ_BIT (square));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

gboolean
ex_theme_tools_search_board (ExThemeTools  *self,
                             gboolean       selected_only,
                             GError       **error)
{
  ExBoard *board;
  const CqPosition *pos;
  CqBitboard squares;
  const char *why_not;

  g_return_val_if_fail (EX_IS_THEME_TOOLS (self), FALSE);

  board = self->game_view != NULL ? ex_game_view_get_board (self->game_view) : NULL;
  pos = board != NULL ? ex_board_get_position (board) : NULL;
  squares = selected_only && board != NULL ? ex_board_get_highlight (board) : CQ_SQUARES_ALL;
  if (pos == NULL || squares == 0)
    {
      why_not = pos == NULL ? _("No game is shown: select a result first, its position is "
                                "searched for")
                            : _("No square is outlined on the game’s board: Ctrl+click the "
                                "pieces of the pattern");
      gtk_label_set_text (self->board_status, why_not);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, why_not);
      return FALSE;
    }

  if (selected_only)
    {
      ex_pattern_board_set_position (self->pattern, pos, squares);
      gtk_label_set_text (self->board_status,
                          _("The outlined squares of the game’s board, ready to refine"));
      ex_theme_tools_show_page (self, "pattern");
      return TRUE;
    }

  /* The exact position, whatever the set-up board held before. */
  ex_setup_board_set_position (self->setup, pos);
  ex_setup_board_set_search (self->setup, CQ_POSITION_MATCH_EXACT, 0);
  ex_theme_tools_show_page (self, "setup");
  return ex_setup_board_find (self->setup);
}

static void
search_position_cb (ExThemeTools *self)
{
  ex_theme_tools_search_board (self, FALSE, NULL);
}

static void
search_pattern_cb (ExThemeTools *self)
{
  ex_theme_tools_search_board (self, TRUE, NULL);
}

/* The set-up board's Find: the window runs the position search. */
static void
find_position_cb (ExThemeTools *self,
                  const char   *fen,
                  guint         mode,
                  guint         max_differ)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.find-position", "(suu)",
                              fen, mode, max_differ);
}

gboolean
ex_theme_tools_setup_from_game (ExThemeTools *self)
{
  ExBoard *board;
  const CqPosition *pos;

  g_return_val_if_fail (EX_IS_THEME_TOOLS (self), FALSE);

  board = self->game_view != NULL ? ex_game_view_get_board (self->game_view) : NULL;
  pos = board != NULL ? ex_board_get_position (board) : NULL;
  ex_theme_tools_show_page (self, "setup");
  if (pos == NULL)
    return FALSE;
  ex_setup_board_set_position (self->setup, pos);
  return TRUE;
}

static void
setup_from_game_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ex_theme_tools_setup_from_game (EX_THEME_TOOLS (widget));
}

/* Ctrl+Return and F5 run the query from here too: the main window's
 * win.run (the search uses the editor's text and its database). */
static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  gtk_widget_activate_action (widget, "win.run", NULL);
}

static void
ex_theme_tools_dispose (GObject *object)
{
  ExThemeTools *self = EX_THEME_TOOLS (object);

  g_clear_weak_pointer (&self->editor);
  g_clear_weak_pointer (&self->game_view);
  gtk_widget_dispose_template (GTK_WIDGET (self), EX_TYPE_THEME_TOOLS);

  G_OBJECT_CLASS (ex_theme_tools_parent_class)->dispose (object);
}

static void
ex_theme_tools_class_init (ExThemeToolsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_theme_tools_dispose;

  g_type_ensure (EX_TYPE_PICKER);
  g_type_ensure (EX_TYPE_PATTERN_BOARD);
  g_type_ensure (EX_TYPE_THEME_LIBRARY);
  g_type_ensure (EX_TYPE_SETUP_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-theme-tools.ui");
  gtk_widget_class_bind_template_child (widget_class, ExThemeTools, notebook);
  gtk_widget_class_bind_template_child (widget_class, ExThemeTools, picker);
  gtk_widget_class_bind_template_child (widget_class, ExThemeTools, pattern);
  gtk_widget_class_bind_template_child (widget_class, ExThemeTools, setup);
  gtk_widget_class_bind_template_child (widget_class, ExThemeTools, library);
  gtk_widget_class_bind_template_child (widget_class, ExThemeTools, board_status);
  gtk_widget_class_bind_template_callback (widget_class, search_position_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_pattern_cb);

  gtk_widget_class_install_action (widget_class, "tools.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "tools.setup-from-game", NULL,
                                   setup_from_game_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "tools.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "tools.run", NULL);
}

/* A page shown from its top, with the tabs: the window scrolls the pane
 * (when it is short) to the widget that has the focus, a theme's row
 * say, and a taller page shown after kept that offset, its tabs and the
 * top of its board out of view. */
static void
page_switched_cb (ExThemeTools *self)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;

  if (scrolled == NULL)
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
}

static void
ex_theme_tools_init (ExThemeTools *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->picker, "insert", G_CALLBACK (picker_insert_cb), self);
  g_signal_connect_swapped (self->picker, "replace", G_CALLBACK (picker_replace_cb), self);
  g_signal_connect_swapped (self->pattern, "insert", G_CALLBACK (pattern_insert_cb), self);
  g_signal_connect_swapped (self->library, "load", G_CALLBACK (load_cb), self);
  g_signal_connect_swapped (self->setup, "find", G_CALLBACK (find_position_cb), self);
  g_signal_connect_swapped (self->notebook, "switch-page", G_CALLBACK (page_switched_cb), self);
}

ExThemeTools *
ex_theme_tools_new (ExCqlEditor *editor,
                    ExGameView  *game_view)
{
  ExThemeTools *self;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (editor), NULL);
  g_return_val_if_fail (game_view == NULL || EX_IS_GAME_VIEW (game_view), NULL);

  self = g_object_new (EX_TYPE_THEME_TOOLS, NULL);
  g_set_weak_pointer (&self->editor, editor);
  if (game_view != NULL)
    {
      GtkGesture *click = gtk_gesture_click_new ();
      ExBoard *board = ex_game_view_get_board (game_view);

      g_set_weak_pointer (&self->game_view, game_view);
      gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
      g_signal_connect (click, "pressed", G_CALLBACK (board_pressed_cb), board);
      gtk_widget_add_controller (GTK_WIDGET (board), GTK_EVENT_CONTROLLER (click));
    }
  g_signal_connect_object (editor, "designator-at-cursor", G_CALLBACK (designator_at_cursor_cb),
                           self, G_CONNECT_SWAPPED);
  /* After the editor's own handler of the cursor's moves, which tells the
   * dialect and the designator. */
  g_signal_connect_object (ex_cql_editor_get_buffer (editor), "notify::cursor-position",
                           G_CALLBACK (update_can_replace), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (ex_cql_editor_get_buffer (editor), "changed",
                           G_CALLBACK (buffer_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ex_cql_editor_get_buffer (editor), "begin-user-action",
                           G_CALLBACK (begin_user_action_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ex_cql_editor_get_buffer (editor), "end-user-action",
                           G_CALLBACK (end_user_action_cb), self, G_CONNECT_SWAPPED);
  if (ex_utils_get_settings () != NULL)
    g_signal_connect_object (ex_utils_get_settings (), "changed::new-query-dialect",
                             G_CALLBACK (update_dialect), self, G_CONNECT_SWAPPED);
  update_dialect (self);

  return self;
}

ExPicker *
ex_theme_tools_get_picker (ExThemeTools *self)
{
  g_return_val_if_fail (EX_IS_THEME_TOOLS (self), NULL);
  return self->picker;
}

ExPatternBoard *
ex_theme_tools_get_pattern_board (ExThemeTools *self)
{
  g_return_val_if_fail (EX_IS_THEME_TOOLS (self), NULL);
  return self->pattern;
}

ExSetupBoard *
ex_theme_tools_get_setup_board (ExThemeTools *self)
{
  g_return_val_if_fail (EX_IS_THEME_TOOLS (self), NULL);
  return self->setup;
}

ExThemeLibrary *
ex_theme_tools_get_library (ExThemeTools *self)
{
  g_return_val_if_fail (EX_IS_THEME_TOOLS (self), NULL);
  return self->library;
}

void
ex_theme_tools_show_page (ExThemeTools *self,
                          const char   *page)
{
  g_return_if_fail (EX_IS_THEME_TOOLS (self));
  g_return_if_fail (page != NULL);

  if (strcmp (page, "picker") == 0)
    gtk_notebook_set_current_page (self->notebook, 0);
  else if (strcmp (page, "pattern") == 0)
    gtk_notebook_set_current_page (self->notebook, 1);
  else if (strcmp (page, "themes") == 0)
    gtk_notebook_set_current_page (self->notebook, 2);
  else if (strcmp (page, "setup") == 0)
    gtk_notebook_set_current_page (self->notebook, 3);
}
