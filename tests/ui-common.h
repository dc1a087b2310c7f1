/* ui-common.h: main-loop and widget helpers shared by the workbench tests
 * (tests/ui, tests/ui-picker, tests/ui-robust).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every function here runs on the main thread and iterates the default
 * main context (g_main_context_default()); none of them asserts: the
 * callers check what they return.
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-application.h"

G_BEGIN_DECLS

/* Lets the default main context run for @ms milliseconds (layout,
 * drawing, pending idles and timeouts), blocking in between. */
void ex_test_spin (guint ms);

/* Iterates the default main context until @cond (@data) returns TRUE or
 * @timeout_ms milliseconds have passed, whichever comes first.  @cond is
 * called before each iteration and once more at the end; @data is passed
 * through (not owned).  Returns the last value of @cond: FALSE means the
 * wait timed out. */
gboolean ex_test_wait_until (gboolean (*cond) (gpointer),
                             gpointer   data,
                             guint      timeout_ms);

/* A condition for ex_test_wait_until(): TRUE when @window (an ExWindow,
 * not owned) runs no search (!ex_window_is_searching()). */
gboolean ex_test_search_done (gpointer window);

/* A condition for ex_test_wait_until(): TRUE when no search thread runs in
 * the process (ex_search_job_get_n_running() == 0).  @unused is ignored
 * (pass NULL). */
gboolean ex_test_no_thread_running (gpointer unused);

/* The first widget of type @type (or a subtype) in @widget's tree, @widget
 * itself included, searched depth first in the order of the children; NULL
 * if there is none.  The widget returned belongs to the tree (no reference
 * is added). */
GtkWidget *ex_test_find_widget (GtkWidget *widget,
                                GType      type);

/* Saves @widget as drawn into $EXCELSIOR_SCREENSHOT_DIR/@name (PNG), for a
 * person to look at; does nothing without that variable.  Asserts that
 * the widget is drawn and the file written. */
void ex_test_screenshot (GtkWidget  *widget,
                         const char *name);

/* Sets up a workbench test: the environment the suites run in (memory
 * GSettings backend, cairo renderer, no accessibility bus), g_test_init()
 * and GTK.  Returns FALSE without a display: the test then exits 77
 * (skipped). */
gboolean ex_test_init (int *argc, char ***argv);

/* The workbench application the tests drive, registered (non-unique, so
 * that tests may run side by side).  Aborts if it cannot register. */
ExApplication *ex_test_new_application (void);

/* A temporary PGN file of @copies copies of the bundled sample database
 * (data/sample/studies.pgn, 103 games each), games in the sample's order,
 * so that a search of it lasts a while.  Returns: (transfer full): its
 * path; the caller deletes the file.  Asserts that it could be written. */
char *ex_test_make_big_database (guint copies);

G_END_DECLS
