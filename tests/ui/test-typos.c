/* test-typos.c: a misspelt keyword in the workbench: the nearest keyword
 * is suggested in CQL 6 as in CQL 3, by the live parse (the editor's
 * message) and by Run (the status line), in the same words.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-cql-editor.h"
#include "ex-window-test.h"
#include "ui-common.h"

static ExApplication *app;

static void
test_did_you_mean (void)
{
  static const struct { const char *query; const char *message; } cases[] = {
    { "cql()\nmtae\n", "Line 2, column 1: unknown filter `mtae` (a variable must be assigned "
                       "before it is used); did you mean `mate`?" },
    { "cql()\nstalmate\n", "Line 2, column 1: unknown filter `stalmate` (a variable must be "
                           "assigned before it is used); did you mean `stalemate`?" },
    { "(match (position :stalmate))\n", "Line 1, column 18: unknown keyword ':stalmate'; "
                                        "did you mean ':stalemate'?" },
  };
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  ExCqlEditor *editor = ex_window_get_cql_editor (window);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ex_window_set_query_text (window, cases[i].query);
      g_assert_false (ex_cql_editor_parse_now (editor));
      g_assert_cmpstr (ex_cql_editor_get_message (editor), ==, cases[i].message);
      g_assert_false (ex_window_run (window));
      g_assert_true (ex_window_get_status_is_error (window));
      g_assert_cmpstr (ex_window_get_status_text (window), ==, cases[i].message);
    }
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
  g_test_add_func ("/ui/typos/did-you-mean", test_did_you_mean);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
