/* test-query-output.c: what a CQL 6 query writes, seen and exported in the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On tests/fixtures/workbench (three games typed for this test and a query
 * that writes comments, an automatic comment and messages):
 *   - the move list shows the query's comments after their moves, as spans
 *     of their own kind (not the game's comments), and the panel under the
 *     board the comment of the position shown as the user steps through;
 *   - the matched game's messages are shown with it, and those of the game
 *     that did not match are listed with the diagnostics;
 *   - Export writes, byte for byte, what the `cql` tool writes for the
 *     same query and database (also with `quiet`, `silent`, a
 *     `matchstring`, and for a query that sorts, in its order).
 * On the bundled sample, a query that prints at every position: a result
 * keeps its first lines and counts the rest, the diagnostics count every
 * line of the games that did not match, as many as `cql` prints.
 * With EXCELSIOR_SCREENSHOT_DIR set, the window showing the comments and
 * the messages is saved there as cql6-comments.png.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-utils.h"
#include "ex-cql-editor.h"
#include "ex-diagnostics.h"
#include "ex-game-view.h"
#include "ex-move-list.h"
#include "ex-query-notes.h"
#include "ex-result.h"
#include "ex-window-test.h"
#include "ui-common.h"
#include "test-files.h"

#define SEARCH_TIMEOUT_MS 60000

/* Node indices in the fixture's first game (Legal's mate): 6...Ke7 and
 * 7.Nd5#, and its own comment after 3...Bg4. */
#define NODE_KE7 12
#define NODE_ND5 13
#define NODE_BG4 6

static ExApplication *app;
static char *tmp_dir;

static char *
fixture (const char *name)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  g_assert_nonnull (fixtures);
  return g_build_filename (fixtures, "workbench", name, NULL);
}

/* A window of 1400 x 900 on the fixture database query-output.pgn. */
static ExWindow *
new_fixture_window (void)
{
  g_autofree char *pgn = fixture ("query-output.pgn");

  return ex_test_new_window (app, 1400, 900, pgn);
}

static gboolean
not_sorting (gpointer data)
{
  return !ex_window_is_sorting (EX_WINDOW (data));
}

/* Runs @text in @window; returns the number of results. */
static guint
run (ExWindow   *window,
     const char *text)
{
  ex_cql_editor_replace_text (ex_window_get_cql_editor (window), text);
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (not_sorting, window, SEARCH_TIMEOUT_MS));
  g_assert_false (ex_window_get_status_is_error (window));
  return g_list_model_get_n_items (ex_window_get_results (window));
}

static char *
fixture_query (void)
{
  g_autofree char *path = fixture ("query-output.cql");
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  return text;
}

/* The text of the spans of @kind at @node in the move list of @view,
 * joined by "|", or NULL when there is none. */
static char *
span_text (ExGameView     *view,
           ExMoveTextKind  kind,
           guint           node)
{
  const ExMoveText *mt = ex_move_list_get_move_text (EX_MOVE_LIST (ex_game_view_get_move_list (view)));
  GString *out = NULL;

  g_assert_nonnull (mt);
  for (guint i = 0; i < mt->spans->len; i++)
    {
      const ExMoveTextSpan *span = &g_array_index (mt->spans, ExMoveTextSpan, i);
      const char *start, *end;

      if (span->kind != kind || span->node != node)
        continue;
      start = g_utf8_offset_to_pointer (mt->text->str, span->start);
      end = g_utf8_offset_to_pointer (mt->text->str, span->end);
      if (out == NULL)
        out = g_string_new (NULL);
      else
        g_string_append_c (out, '|');
      g_string_append_len (out, start, end - start);
    }
  return out != NULL ? g_string_free (out, FALSE) : NULL;
}

/* The query's comments in the move list and under the board, the messages
 * with the game, those of the game that did not match in the diagnostics. */
static void
test_comments_and_messages (void)
{
  ExWindow *window = new_fixture_window ();
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  ExQueryNotes *notes;
  GListModel *diagnostics = ex_diagnostics_get_model (ex_window_get_diagnostics (window));
  g_autofree char *query = fixture_query ();
  g_autofree char *at_mate = NULL;
  g_autofree char *before_mate = NULL;
  g_autofree char *game_comment = NULL;
  g_autofree char *own_comment_as_query = NULL;
  gboolean listed = FALSE;

  g_assert_cmpuint (run (window, query), ==, 2);
  ex_window_select_result (window, 0);
  ex_test_drain ();
  notes = EX_QUERY_NOTES (ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_QUERY_NOTES));
  g_assert_nonnull (notes);

  /* The move list: the query's comments after 6...Ke7 and 7.Nd5#, the
   * automatic "Found" with the mate's (the query is not quiet); the game's
   * own comment stays a comment of the game. */
  at_mate = span_text (view, EX_MOVE_TEXT_QUERY_COMMENT, NODE_ND5);
  before_mate = span_text (view, EX_MOVE_TEXT_QUERY_COMMENT, NODE_KE7);
  g_assert_cmpstr (at_mate, ==, "mate with 15 white pieces Found");
  g_assert_cmpstr (before_mate, ==, "the move before the mate");
  own_comment_as_query = span_text (view, EX_MOVE_TEXT_QUERY_COMMENT, NODE_BG4);
  g_assert_null (own_comment_as_query);
  game_comment = span_text (view, EX_MOVE_TEXT_COMMENT, 0);
  g_assert_nonnull (game_comment);
  g_assert_nonnull (strstr (game_comment, "The pin that is not one"));

  /* Under the board: the comment of the position shown, which starts at
   * the match, changes as the user steps through. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, NODE_ND5);
  g_assert_cmpstr (ex_query_notes_get_comment (notes), ==, "mate with 15 white pieces Found");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.previous", NULL));
  g_assert_cmpuint (ex_game_view_get_node (view), ==, NODE_KE7);
  g_assert_cmpstr (ex_query_notes_get_comment (notes), ==, "the move before the mate");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.previous", NULL));
  g_assert_null (ex_query_notes_get_comment (notes));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.next", NULL));
  g_assert_cmpstr (ex_query_notes_get_comment (notes), ==, "the move before the mate");

  /* The matched game's messages, as CQL 6.2 prints them without the game. */
  g_assert_cmpstr (ex_query_notes_get_messages (notes), ==,
                   "move 6(btm): check, 15 white pieces\n"
                   "move 7(btm): check, 15 white pieces");

  /* The game that did not match: its message in the diagnostics list,
   * counted in its title; the matched games' messages are not there. */
  for (guint i = 0; i < g_list_model_get_n_items (diagnostics); i++)
    {
      g_autoptr(GtkStringObject) s = g_list_model_get_item (diagnostics, i);
      const char *line = gtk_string_object_get_string (s);

      g_assert_null (strstr (line, "Game: 1 "));
      g_assert_null (strstr (line, "Game: 3 "));
      listed |= g_strcmp0 (line, "Game: 2 move 3(btm): check, 16 white pieces") == 0;
    }
  g_assert_true (listed);
  g_assert_nonnull (strstr (ex_diagnostics_get_title (ex_window_get_diagnostics (window)),
                            "1 message from games that did not match"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (ex_window_get_diagnostics (window))));

  /* Back to the mate for the picture. */
  ex_game_view_go_to_node (view, NODE_ND5);
  ex_diagnostics_set_expanded (ex_window_get_diagnostics (window), TRUE);
  ex_test_drain ();
  ex_test_screenshot (GTK_WIDGET (window), "cql6-comments.png");

  /* The next game shows its own comment and messages only. */
  ex_window_select_result (window, 1);
  ex_test_drain ();
  g_assert_cmpstr (ex_query_notes_get_comment (notes), ==, "mate with 16 white pieces Found");
  g_assert_cmpstr (ex_query_notes_get_messages (notes), ==, "move 3(btm): check, 16 white pieces");

  /* quiet: find's automatic "Found" is left out, as in the output PGN. */
  {
    g_autofree char *quiet = g_strconcat ("cql(quiet)\n", strstr (query, "cql()\n") + 6, NULL);
    g_autofree char *text = NULL;

    g_assert_cmpuint (run (window, quiet), ==, 2);
    ex_window_select_result (window, 0);
    ex_test_drain ();
    text = span_text (view, EX_MOVE_TEXT_QUERY_COMMENT, NODE_ND5);
    g_assert_cmpstr (text, ==, "mate with 15 white pieces");
    g_assert_cmpstr (ex_query_notes_get_comment (notes), ==, "mate with 15 white pieces");
  }

  /* silent: no comment at all; the messages are still shown (CQL 6.2
   * prints them whatever the output's comments). */
  {
    g_autofree char *silent = g_strconcat ("cql(silent)\n", strstr (query, "cql()\n") + 6, NULL);

    g_assert_cmpuint (run (window, silent), ==, 2);
    ex_window_select_result (window, 0);
    ex_test_drain ();
    g_assert_null (span_text (view, EX_MOVE_TEXT_QUERY_COMMENT, NODE_ND5));
    g_assert_null (ex_query_notes_get_comment (notes));
    g_assert_nonnull (ex_query_notes_get_messages (notes));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (notes)));
  }

  /* A CQL 3 query writes nothing of this: the panel is hidden. */
  g_assert_cmpuint (run (window, "(match (position :mate))\n"), ==, 2);
  ex_window_select_result (window, 0);
  ex_test_drain ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (notes)));
  g_assert_null (span_text (view, EX_MOVE_TEXT_QUERY_COMMENT, NODE_ND5));

  ex_test_destroy_window (window);
}

/* Runs the cql tool on @query_text and the fixture database; returns what
 * it wrote. */
static char *
cql_output (const char *query_text,
            const char *name)
{
  const char *cql = g_getenv ("CQL");
  g_autofree char *query_path = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *out_path = g_strconcat (query_path, ".cli.pgn", NULL);
  g_autofree char *pgn = fixture ("query-output.pgn");
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cql, "-q", "-i", pgn, "-o", out_path, query_path, NULL };
  int status = 0;
  char *text = NULL;

  g_assert_nonnull (cql);
  g_assert_true (g_file_set_contents (query_path, query_text, -1, &error));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_true (g_file_get_contents (out_path, &text, NULL, &error));
  return text;
}

/* Exports every result of @window; returns the file's text. */
static char *
exported (ExWindow   *window,
          const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (ex_window_export_to_path (window, path, &error));
  g_assert_no_error (error);
  g_assert_true (ex_test_wait_until (ex_test_export_done, window, SEARCH_TIMEOUT_MS));
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  return text;
}

/* Export writes what `cql` writes for the same query and database. */
static void
test_export_as_cql (void)
{
  static const struct {
    const char *name;
    const char *prefix;      /* before the fixture query's text, or NULL */
    const char *text;        /* the query, or NULL for the fixture's */
    const char *must;        /* a text the output must hold */
    const char *must_not;    /* and one it must not */
  } cases[] = {
    { "plain", NULL, NULL, "white pieces Found CQL}", "{MATCH}" },
    /* quiet: neither the mark nor find's "Found". */
    { "quiet", "cql(quiet)\n", NULL, "white pieces}", "Found" },
    { "matchstring", "cql(matchstring \"MATE!\")\n", NULL, "MATE!}", "CQL}" },
    /* silent: no comment of the query, not even the game number. */
    { "silent", "cql(silent)\n", NULL, "7. Nd5# 1-0", "Game number" },
    /* A sorting query: the list's order is the tool's, labels included. */
    { "sort", NULL, "cql()\nmate\nsort \"white pieces\" #A\ncomment (\"mate\")\n",
      "white pieces: 16", "{MATCH}" },
  };
  ExWindow *window = new_fixture_window ();
  g_autofree char *query = fixture_query ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *cli = NULL;
      g_autofree char *ours = NULL;
      g_autofree char *file = g_strdup_printf ("%s.cql", cases[i].name);
      g_autofree char *out = g_strdup_printf ("%s.pgn", cases[i].name);

      if (cases[i].text != NULL)
        text = g_strdup (cases[i].text);
      else if (cases[i].prefix != NULL)
        {
          /* The fixture's header replaced by the case's. */
          const char *body = strstr (query, "cql()\n");

          g_assert_nonnull (body);
          text = g_strconcat (cases[i].prefix, body + strlen ("cql()\n"), NULL);
        }
      else
        text = g_strdup (query);

      g_test_message ("case %s", cases[i].name);
      g_assert_cmpuint (run (window, text), >, 0);
      ours = exported (window, out);
      cli = cql_output (text, file);
      g_assert_cmpstr (ours, ==, cli);
      g_assert_nonnull (strstr (ours, cases[i].must));
      g_assert_null (strstr (ours, cases[i].must_not));
      if (strcmp (cases[i].name, "silent") != 0)
        g_assert_nonnull (strstr (ours, "{Game number "));
    }

  ex_test_destroy_window (window);
}

/* A query that prints at every position: a result keeps its first
 * EX_RESULT_MAX_MESSAGES lines and counts the rest, the diagnostics list
 * its first 1,000 lines of games that did not match and counts them all,
 * as many as `cql` prints.  On the bundled sample (103 studies). */
static void
test_many_messages (void)
{
  static const char query[] = "cql(variations)\nmessage (\"a\")\nmessage (\"b\")\nmate\n";
  ExWindow *window = new_fixture_window ();
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GHashTable) matched = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree char *query_path = g_build_filename (tmp_dir, "many.cql", NULL);
  g_autofree char *out_path = g_build_filename (tmp_dir, "many.cli.pgn", NULL);
  g_autofree char *printed = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GListModel *results;
  guint64 unmatched_lines = 0;
  guint n, most = 0, most_dropped = 0;
  int status = 0;
  const char *argv[] = { g_getenv ("CQL"), "-q", "-i", sample, "-o", out_path, query_path, NULL };

  g_assert_nonnull (sample);
  file = g_file_new_for_path (sample);
  ex_window_set_database (window, file);
  n = run (window, query);
  g_assert_cmpuint (n, >, 0);
  results = ex_window_get_results (window);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ExResult) r = g_list_model_get_item (results, i);
      guint k;

      ex_result_get_messages (r, &k);
      g_assert_cmpuint (k, <=, EX_RESULT_MAX_MESSAGES);
      if (k + ex_result_get_n_messages_dropped (r) > most + most_dropped)
        {
          most = k;
          most_dropped = ex_result_get_n_messages_dropped (r);
        }
      g_hash_table_add (matched, g_memdup2 (&(gint64) { (gint64) ex_result_get_number (r) },
                                            sizeof (gint64)));
    }
  /* Some game printed more than a result keeps. */
  g_assert_cmpuint (most, ==, EX_RESULT_MAX_MESSAGES);
  g_assert_cmpuint (most_dropped, >, 0);

  /* The tool's lines of the games that did not match. */
  g_assert_nonnull (argv[0]);
  g_assert_true (g_file_set_contents (query_path, query, -1, &error));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &printed, NULL, &status, &error));
  g_assert_true (g_spawn_check_wait_status (status, &error));
  lines = g_strsplit (printed, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gint64 number;

      if (!g_str_has_prefix (lines[i], "Game: "))
        continue;
      number = g_ascii_strtoll (lines[i] + strlen ("Game: "), NULL, 10);
      if (!g_hash_table_contains (matched, &number))
        unmatched_lines++;
    }
  g_assert_cmpuint (unmatched_lines, >, 1000);
  expected = g_strdup_printf ("%" G_GUINT64_FORMAT " messages from games that did not match",
                              unmatched_lines);
  g_assert_nonnull (strstr (ex_diagnostics_get_title (ex_window_get_diagnostics (window)),
                            expected));
  g_assert_cmpuint (g_list_model_get_n_items (
                      ex_diagnostics_get_model (ex_window_get_diagnostics (window))),
                    ==, 1000);

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
  tmp_dir = g_dir_make_tmp ("excelsior-query-output-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/query-output/comments-and-messages", test_comments_and_messages);
  g_test_add_func ("/query-output/export-as-cql", test_export_as_cql);
  g_test_add_func ("/query-output/many-messages", test_many_messages);

  status = g_test_run ();
  g_clear_object (&app);
  test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
