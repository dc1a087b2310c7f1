/* test-picker-cql6.c: the picker in a CQL 6 query, in the real window
 * (skips without a display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - The palette's classes are labelled and explained in the dialect of the
 *   editor's text, and follow it when the text changes dialect (a query
 *   pasted or converted): `[Aa]`, `_`, `.`, `[QR]` in CQL 6 where CQL 3
 *   has `U`, `.`, `?`, `M`; each label is what Insert writes for the class
 *   alone.
 * - The designator at the editor's cursor is shown in the picker in
 *   either dialect (`Rh8` and `[Qq]a-h8` inside a transform's block), and
 *   Replace puts the picker's designator in its place, leaving a query
 *   that compiles.
 *
 * With EXCELSIOR_SCREENSHOT_DIR set, the Theme Tools window is saved there
 * as cql6-picker-test.png.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "cql/cq-query.h"
#include "ex-application.h"
#include "ex-cql-editor.h"
#include "ex-picker.h"
#include "ex-theme-tools.h"
#include "ex-window-test.h"
#include "ui-common.h"

static ExApplication *app;

/* The label of the palette button of @symbol (a CQL 3 class letter). */
static const char *
class_label (ExPicker *picker,
             char      symbol)
{
  GtkWidget *child = gtk_button_get_child (GTK_BUTTON (ex_picker_get_symbol_button (picker,
                                                                                    symbol)));

  g_assert_true (GTK_IS_LABEL (child));
  return gtk_label_get_text (GTK_LABEL (child));
}

static const char *
class_tooltip (ExPicker *picker,
               char      symbol)
{
  return gtk_widget_get_tooltip_text (ex_picker_get_symbol_button (picker, symbol));
}

/* Puts the editor's cursor @n bytes into the first @needle of its text. */
static void
place_cursor_in (ExCqlEditor *editor,
                 const char  *needle,
                 gsize        n)
{
  GtkTextBuffer *buffer = ex_cql_editor_get_buffer (editor);
  g_autofree char *text = ex_cql_editor_dup_text (editor);
  const char *at = strstr (text, needle);
  GtkTextIter iter;

  g_assert_nonnull (at);
  gtk_text_buffer_get_iter_at_offset (buffer, &iter,
                                      (int) g_utf8_pointer_to_offset (text, at + n));
  gtk_text_buffer_place_cursor (buffer, &iter);
}

static void
assert_valid_query (ExCqlEditor *editor,
                    CqDialect    dialect)
{
  g_autofree char *text = ex_cql_editor_dup_text (editor);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query), ==, dialect);
}

/* Only @symbol's palette button active, every square: the picker's text. */
static const char *
text_of_class_alone (ExPicker *picker,
                     char      symbol)
{
  CqDesignatorSets none = { 0, CQ_SQUARES_ALL };

  ex_picker_set_designator (picker, &none);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ex_picker_get_symbol_button (picker, symbol)),
                                TRUE);
  return ex_picker_get_text (picker);
}

static void
test_labels_follow_dialect (void)
{
  static const struct { char symbol; const char *cql3; const char *cql6; } classes[] = {
    { '?', "?", "." }, { 'U', "U", "[Aa]" }, { '.', ".", "_" },
    { 'A', "A", "A" }, { 'a', "a", "a" },
    { 'M', "M", "[QR]" }, { 'm', "m", "[qr]" }, { 'I', "I", "[BN]" }, { 'i', "i", "[bn]" },
  };
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExPicker *picker = ex_theme_tools_get_picker (ex_window_get_theme_tools (window));


  /* A CQL 3 query: the CQL 3 letters. */
  ex_cql_editor_replace_text (editor, "(match (position :mate))\n");
  g_assert_cmpint (ex_picker_get_dialect (picker), ==, CQ_DIALECT_CQL3);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      g_assert_cmpstr (class_label (picker, classes[i].symbol), ==, classes[i].cql3);
      g_assert_cmpstr (text_of_class_alone (picker, classes[i].symbol), ==, classes[i].cql3);
    }
  {
    const char *u = class_tooltip (picker, 'U');
    const char *empty = class_tooltip (picker, '.');

    g_assert_cmpstr (u, ==, "U: any piece at all");
    g_assert_cmpstr (empty, ==, ".: empty square");
  }

  /* A CQL 6 query pasted over it: the CQL 6 spellings, which are what the
   * picker writes for each class. */
  ex_cql_editor_replace_text (editor, "cql()\nmate\n");
  g_assert_cmpint (ex_picker_get_dialect (picker), ==, CQ_DIALECT_CQL6);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      g_assert_cmpstr (class_label (picker, classes[i].symbol), ==, classes[i].cql6);
      g_assert_cmpstr (text_of_class_alone (picker, classes[i].symbol), ==, classes[i].cql6);
    }
  {
    const char *u = class_tooltip (picker, 'U');
    const char *empty = class_tooltip (picker, '.');
    const char *any = class_tooltip (picker, '?');
    const char *major = class_tooltip (picker, 'M');
    const char *king = class_tooltip (picker, 'K');

    g_assert_cmpstr (u, ==, "[Aa]: any piece at all");
    g_assert_cmpstr (empty, ==, "_: empty square");
    g_assert_cmpstr (any, ==, ".: any piece or an empty square");
    g_assert_cmpstr (major, ==, "[QR]: white major piece (queen or rook)");
    g_assert_cmpstr (king, ==, "K: white king");
  }

  /* Typed back into CQL 3 (the header's word gone): the letters again. */
  {
    GtkTextBuffer *buffer = ex_cql_editor_get_buffer (editor);

    gtk_text_buffer_set_text (buffer, "(match (position Ka1))", -1);
    g_assert_cmpint (ex_picker_get_dialect (picker), ==, CQ_DIALECT_CQL3);
    g_assert_cmpstr (class_label (picker, 'U'), ==, "U");
    g_assert_cmpstr (class_label (picker, '.'), ==, ".");
  }

  ex_test_destroy_window (window);
}

static void
test_designator_at_cursor (void)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);
  ExThemeTools *tools = ex_window_get_theme_tools (window);
  ExPicker *picker = ex_theme_tools_get_picker (tools);
  GtkWidget *replace = ex_picker_get_button (picker, "replace");
  g_autofree char *text = NULL;


  ex_cql_editor_replace_text (editor,
                              "cql()\n"
                              "// Rh1 is in a comment\n"
                              "flipcolor {Rh8 [Qq]a-h8 kg8 R & a-h1}\n");

  /* Just after Rh8: the picker shows it, Replace is offered. */
  place_cursor_in (editor, "Rh8", 3);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "Rh8");
  g_assert_true (ex_picker_get_symbol_active (picker, 'R'));
  g_assert_true (gtk_widget_get_sensitive (replace));

  /* Inside [Qq]a-h8: both queens, the eighth rank. */
  place_cursor_in (editor, "[Qq]a-h8", 5);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Qq]a-h8");
  g_assert_true (ex_picker_get_symbol_active (picker, 'Q'));
  g_assert_true (ex_picker_get_symbol_active (picker, 'q'));
  g_assert_false (ex_picker_get_symbol_active (picker, 'R'));

  /* A black rook added in the picker, and Replace: the designator is
   * rewritten in place, in CQL 6, and the query still compiles. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ex_picker_get_symbol_button (picker, 'r')),
                                TRUE);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "[Qqr]a-h8");
  g_signal_emit_by_name (replace, "clicked");
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "cql()\n"
                             "// Rh1 is in a comment\n"
                             "flipcolor {Rh8 [Qqr]a-h8 kg8 R & a-h1}\n");
  assert_valid_query (editor, CQ_DIALECT_CQL6);
  g_clear_pointer (&text, g_free);
  g_assert_true (ex_cql_editor_get_designator_at_cursor (editor, &text));
  g_assert_cmpstr (text, ==, "[Qqr]a-h8");
  g_clear_pointer (&text, g_free);

  /* The operand of a set expression; the empty squares of its rank. */
  place_cursor_in (editor, "a-h1", 0);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "a-h1");
  {
    CqDesignatorSets empty = { CQ_PIECE_BIT (CQ_EMPTY), G_GUINT64_CONSTANT (0xFF) };

    ex_picker_set_designator (picker, &empty);
  }
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "_a-h1");
  g_signal_emit_by_name (replace, "clicked");
  text = ex_cql_editor_dup_text (editor);
  g_assert_nonnull (strstr (text, "{Rh8 [Qqr]a-h8 kg8 R & _a-h1}"));
  assert_valid_query (editor, CQ_DIALECT_CQL6);
  g_clear_pointer (&text, g_free);

  /* In a comment, on a word: nothing to replace. */
  place_cursor_in (editor, "Rh1 is", 1);
  g_assert_false (gtk_widget_get_sensitive (replace));
  place_cursor_in (editor, "flipcolor", 4);
  g_assert_false (gtk_widget_get_sensitive (replace));

  if (g_getenv ("EXCELSIOR_SCREENSHOT_DIR") != NULL)
    {
      ex_window_set_theme_tools_visible (window, TRUE);
      ex_theme_tools_show_page (tools, "picker");
      place_cursor_in (editor, "[Qqr]a-h8", 2);
      ex_test_drain ();
      ex_test_screenshot (GTK_WIDGET (window), "cql6-picker-test.png");
    }

  /* CQL 3 the same way: the designator replaced in CQL 3 spelling. */
  ex_cql_editor_replace_text (editor, "(match (position Ra1 :mate))\n");
  place_cursor_in (editor, "Ra1", 3);
  g_assert_cmpstr (ex_picker_get_text (picker), ==, "Ra1");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (ex_picker_get_symbol_button (picker, 'Q')),
                                TRUE);
  g_signal_emit_by_name (replace, "clicked");
  text = ex_cql_editor_dup_text (editor);
  g_assert_cmpstr (text, ==, "(match (position Ma1 :mate))\n");
  assert_valid_query (editor, CQ_DIALECT_CQL3);

  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();
  g_test_add_func ("/ui-picker/cql6/labels-follow-dialect", test_labels_follow_dialect);
  g_test_add_func ("/ui-picker/cql6/designator-at-cursor", test_designator_at_cursor);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
