/* ui-common.h: main-loop and widget helpers shared by the workbench tests
 * (tests/ui, tests/ui-picker, tests/ui-robust).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every function here runs on the main thread and iterates the default
 * main context (g_main_context_default()).  The waits and conditions do not
 * assert (the callers check what they return); the window fixtures
 * (ex_test_new_window() and after) do, and fail the test when what they
 * wait for does not happen within EX_TEST_TIMEOUT_MS.
 */
#pragma once

#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-window.h"
#include "pgn/cq-game.h"

G_BEGIN_DECLS

/* How long the window fixtures wait for a window to be drawn or a search
 * to end before they fail the test: generous, since a wait ends as soon as
 * its condition holds (a search of the sample under the sanitizers on a
 * loaded machine takes seconds, not minutes). */
#define EX_TEST_TIMEOUT_MS 120000

/* Lets the default main context run for @ms milliseconds (layout,
 * drawing, pending idles and timeouts), blocking in between.  Only for a
 * test that needs time itself to pass (to interrupt a search at varied
 * moments, or to measure the main loop while a search runs); to wait for a
 * state, use ex_test_wait_until() or ex_test_drain(). */
void ex_test_spin (guint ms);

/* Dispatches what the default main context has ready (idles, due timeouts,
 * window-system events already received) until nothing is pending, without
 * blocking: the state a test asserts after a change once the idle work the
 * change queued has run. */
void ex_test_drain (void);

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

/* Asks for a new frame of @widget's window and waits until its frame clock
 * has run it (update, layout and paint), then drains the main context: the
 * state a test draws or measures after a change.  Fails the test after
 * EX_TEST_TIMEOUT_MS. */
void ex_test_wait_frame (GtkWidget *widget);

/* ex_window_save_screenshot() of @window to @path once a frame has been
 * drawn, waiting for another frame while the window's snapshot is empty
 * (a relayout queued by the change before can leave it so for a frame);
 * fails the test if no screenshot is saved within a few frames. */
void ex_test_save_screenshot (ExWindow *window, const char *path);

/* A condition for ex_test_wait_until(): TRUE when @widget (a GtkWidget,
 * not owned) is mapped and has a size allocated. */
gboolean ex_test_widget_drawn (gpointer widget);

/* A condition for ex_test_wait_until(): TRUE when @window (an ExWindow,
 * not owned) is not exporting (!ex_window_is_exporting()). */
gboolean ex_test_export_done (gpointer window);

/* The first widget of type @type (or a subtype) in @widget's tree, @widget
 * itself included, searched depth first in the order of the children; NULL
 * if there is none.  The widget returned belongs to the tree (no reference
 * is added). */
GtkWidget *ex_test_find_widget (GtkWidget *widget,
                                GType      type);

/* The first label of @widget's tree (@widget included, depth first) whose
 * text (gtk_label_get_text(), without markup) is @text; NULL if there is
 * none.  Returns: (transfer none): the label, a GtkLabel. */
GtkWidget *ex_test_find_label (GtkWidget  *widget,
                               const char *text);

/* The first label of @widget's tree (as ex_test_find_label()) whose label
 * as set (gtk_label_get_label(): its markup, if it uses markup) contains
 * @needle; NULL if there is none.  Returns: (transfer none): the label. */
GtkWidget *ex_test_find_label_markup (GtkWidget  *widget,
                                      const char *needle);

/* The first widget of @widget's tree (as ex_test_find_label()) whose name
 * (gtk_widget_get_name(), the .ui file's name property) is @name; NULL if
 * there is none.  Returns: (transfer none): the widget. */
GtkWidget *ex_test_find_named (GtkWidget  *widget,
                               const char *name);

/* Copies the file @source to @dir/@name (written anew, replacing any file
 * there).  Returns: (transfer full): the copy's path; the caller deletes
 * the file.  Asserts that it could be read and written. */
char *ex_test_copy_file (const char *source,
                         const char *dir,
                         const char *name);

/* The game @window's board and move list show (ExGameView), NULL for none.
 * Returns: (transfer none): the game, owned by the view. */
CqGame *ex_test_shown_game (ExWindow *window);

/* Clicks @widget at (@x, @y), in its own coordinates, with the pointer's
 * first button @n_clicks times (2: a double-click), a real click of the X
 * server through xdotool ($XDOTOOL, else the one in $PATH): GTK 4.8 has no
 * way to make the events its gestures take.  The pointer moves there and
 * clicks at once, so no tooltip of what it passes over shows (one under the
 * pointer would take the click).  Returns once xdotool has sent the events:
 * GTK takes them in the main loop.  Fails the test without xdotool or the
 * X11 backend, or if xdotool fails. */
void ex_test_pointer_click (GtkWidget *widget,
                            double     x,
                            double     y,
                            guint      n_clicks);

/* ex_test_pointer_click(), then lets the main loop run 100 ms a click and
 * more, for GTK to take the events, and drains it. */
void ex_test_click (GtkWidget *widget,
                    double     x,
                    double     y,
                    guint      n_clicks);

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

/* Makes a temporary folder of the test's own below $TMPDIR (or /tmp) and
 * sets $TMPDIR to it, so that the files the workbench makes in
 * g_get_tmp_dir() (a search's games file, the copy of a compressed
 * database) can be counted apart from those of the tests that run at the
 * same time.  Call it first in main(), before anything has called
 * g_get_tmp_dir(), which keeps its first answer.  Returns: (transfer
 * full): the folder, for the test to remove (g_rmdir()) at its end.
 * Aborts if the folder cannot be made. */
char *ex_test_own_tmp_dir (void);

/* The workbench application the tests drive, registered (non-unique, so
 * that tests may run side by side).  Aborts if it cannot register. */
ExApplication *ex_test_new_application (void);

/* The path of the bundled sample database (data/sample/studies.pgn, 103
 * games).  Returns: (transfer full): the path.  Asserts that it is found. */
char *ex_test_sample_database (void);

/* The number of places @needle occurs in @haystack, overlapping ones
 * included; 0 if it does not occur. */
guint ex_test_count_occurrences (const char *haystack,
                                 const char *needle);

/* A temporary PGN file of @copies copies of the bundled sample database
 * (data/sample/studies.pgn, 103 games each), games in the sample's order,
 * so that a search of it lasts a while.  Returns: (transfer full): its
 * path; the caller deletes the file.  Asserts that it could be written. */
char *ex_test_make_big_database (guint copies);

/* A new workbench window of @app, presented, once it is drawn and the idle
 * work of its start has run.  @width and @height: if both are above 0, the
 * size the settings ("window-width", "window-height") give the window,
 * written to them first (they stay for later windows); else the settings
 * are left as they are.  @database: (nullable): a PGN file or folder for
 * the window to search instead of the one it opens with.  Returns: (transfer
 * none): the window, owned by GTK until ex_test_destroy_window(). */
ExWindow *ex_test_new_window (ExApplication *app,
                              int            width,
                              int            height,
                              const char    *database);

/* Destroys @window and waits until no search thread runs in the process
 * (a search the window ran stops when it goes), nor the build of an
 * index (ExIndexer). */
void ex_test_destroy_window (ExWindow *window);

typedef enum
{
  EX_TEST_RUN_DEFAULT  = 0,
  /* Also asserts that the search ended without an error in the status. */
  EX_TEST_RUN_NO_ERROR = 1 << 0,
} ExTestRunFlags;

/* Puts @query (nullable: the query in the editor stays) into @window's
 * editor, presses Run, asserts that a search started, and waits until it
 * has ended and no search thread runs any more. */
void ex_test_run_and_wait (ExWindow       *window,
                           const char     *query,
                           ExTestRunFlags  flags);

/* The text on @widget's clipboard, read as a paste would read it, waiting
 * up to a minute for it (a failed read fails the test).  Returns:
 * (transfer full): the text. */
char *ex_test_read_clipboard (GtkWidget *widget);

G_END_DECLS
