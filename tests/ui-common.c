/* ui-common.c: main-loop and widget helpers shared by the workbench tests.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <gdk/x11/gdkx.h>

#include "ui-common.h"

#include "ex-game-view.h"
#include "ex-indexer.h"
#include "ex-search-job.h"
#include "ex-utils.h"
#include "ex-window-test.h"

static gboolean
timeout_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

void
ex_test_spin (guint ms)
{
  gboolean timed_out = FALSE;

  g_timeout_add (ms, timeout_cb, &timed_out);
  while (!timed_out)
    g_main_context_iteration (NULL, TRUE);
}

void
ex_test_drain (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

gboolean
ex_test_wait_until (gboolean (*cond) (gpointer),
                    gpointer   data,
                    guint      timeout_ms)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (timeout_ms, timeout_cb, &timed_out);

  while (!cond (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);

  if (!timed_out)
    g_source_remove (id);

  return cond (data);
}

gboolean
ex_test_search_done (gpointer window)
{
  return !ex_window_is_searching (EX_WINDOW (window));
}

gboolean
ex_test_no_thread_running (gpointer unused)
{
  return ex_search_job_get_n_running () == 0;
}

static gboolean
no_index_task_running (gpointer unused)
{
  return ex_indexer_get_n_running () == 0;
}

gboolean
ex_test_widget_drawn (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

gboolean
ex_test_export_done (gpointer window)
{
  return !ex_window_is_exporting (EX_WINDOW (window));
}

static gboolean
frame_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       user_data)
{
  gboolean *ticked = user_data;

  *ticked = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
flag_set (gpointer flag)
{
  return *(gboolean *) flag;
}

void
ex_test_wait_frame (GtkWidget *widget)
{
  gboolean ticked = FALSE;

  g_assert_true (ex_test_wait_until (ex_test_widget_drawn, widget, EX_TEST_TIMEOUT_MS));
  gtk_widget_add_tick_callback (widget, frame_tick_cb, &ticked, NULL);
  gtk_widget_queue_draw (widget);
  /* The frame clock runs layout and paint in the same dispatch as the tick
   * callbacks, so the frame is drawn once the flag is set. */
  g_assert_true (ex_test_wait_until (flag_set, &ticked, EX_TEST_TIMEOUT_MS));
  ex_test_drain ();
}

void
ex_test_save_screenshot (ExWindow *window, const char *path)
{
  g_autoptr(GError) error = NULL;

  for (guint tries = 0;; tries++)
    {
      ex_test_wait_frame (GTK_WIDGET (window));
      if (ex_window_save_screenshot (window, path, &error))
        return;
      if (tries == 10)
        break;
      g_test_message ("no screenshot yet (%s): another frame", error->message);
      g_clear_error (&error);
    }
  g_assert_no_error (error);
}

/* The first widget of @widget's tree, @widget included, depth first in
 * the order of the children, for which @pred (widget, @data) holds. */
static GtkWidget *
find_widget_if (GtkWidget     *widget,
                gboolean     (*pred) (GtkWidget *, gconstpointer),
                gconstpointer  data)
{
  if (pred (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_if (child, pred, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) type);
}

GtkWidget *
ex_test_find_widget (GtkWidget *widget,
                     GType      type)
{
  return find_widget_if (widget, is_of_type, &type);
}

/* What a label is looked for by: its text, or a part of its markup. */
typedef struct {
  const char *text;
  gboolean    in_markup;
} LabelQuery;

static gboolean
is_label_for (GtkWidget     *widget,
              gconstpointer  data)
{
  const LabelQuery *query = data;

  if (!GTK_IS_LABEL (widget))
    return FALSE;
  if (query->in_markup)
    return strstr (gtk_label_get_label (GTK_LABEL (widget)), query->text) != NULL;
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), query->text) == 0;
}

GtkWidget *
ex_test_find_label (GtkWidget  *widget,
                    const char *text)
{
  return find_widget_if (widget, is_label_for, &(LabelQuery) { text, FALSE });
}

GtkWidget *
ex_test_find_label_markup (GtkWidget  *widget,
                           const char *needle)
{
  return find_widget_if (widget, is_label_for, &(LabelQuery) { needle, TRUE });
}

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

GtkWidget *
ex_test_find_named (GtkWidget  *widget,
                    const char *name)
{
  return find_widget_if (widget, is_named, name);
}

char *
ex_test_copy_file (const char *source,
                   const char *dir,
                   const char *name)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_get_contents (source, &text, &len, NULL));
  g_assert_true (g_file_set_contents (path, text, (gssize) len, NULL));
  return path;
}

CqGame *
ex_test_shown_game (ExWindow *window)
{
  return ex_game_view_get_game (EX_GAME_VIEW (ex_window_get_game_view (window)));
}

void
ex_test_pointer_click (GtkWidget *widget,
                       double     x,
                       double     y,
                       guint      n_clicks)
{
  const char *env = g_getenv ("XDOTOOL");
  g_autofree char *xdotool = env != NULL && *env != '\0' ? g_strdup (env)
                                                         : g_find_program_in_path ("xdotool");
  g_autofree char *xid = NULL, *px = NULL, *py = NULL, *repeat = NULL;
  g_autoptr(GError) error = NULL;
  GtkNative *native;
  graphene_point_t point;
  double dx, dy;
  int status;

  g_assert_true (GTK_IS_WIDGET (widget));
  g_assert_cmpuint (n_clicks, >, 0);
  if (xdotool == NULL)
    g_error ("xdotool is needed to click a widget (tools/deps.sh installs it)");
  if (!GDK_IS_X11_DISPLAY (gtk_widget_get_display (widget)))
    g_error ("clicking a widget needs the X11 backend (Xvfb)");
  native = gtk_widget_get_native (widget);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (x, y), &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native)));
  px = g_strdup_printf ("%d", (int) (point.x + dx));
  py = g_strdup_printf ("%d", (int) (point.y + dy));
  repeat = g_strdup_printf ("%u", n_clicks);
  {
    /* 80 ms between the clicks: well within GTK's double-click time. */
    const char *argv[] = { xdotool, "mousemove", "--sync", "--window", xid, px, py,
                           "click", "--repeat", repeat, "--delay", "80", "1", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
}

void
ex_test_click (GtkWidget *widget,
               double     x,
               double     y,
               guint      n_clicks)
{
  ex_test_pointer_click (widget, x, y, n_clicks);
  /* The events reach GTK through the main loop. */
  ex_test_spin (100 * n_clicks + 100);
  ex_test_drain ();
}

void
ex_test_screenshot (GtkWidget  *widget,
                    const char *name)
{
  const char *dir = g_getenv ("EXCELSIOR_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (widget);
  /* A window that has just been shown or resized can snapshot to nothing
   * until its next frame has been drawn: take the next frame's. */
  for (guint frame = 0; node == NULL && frame < 20; frame++)
    {
      ex_test_wait_frame (widget);
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      g_assert_cmpint (width, >, 0);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

char *
ex_test_own_tmp_dir (void)
{
  const char *parent = g_getenv ("TMPDIR");
  char *dir;

  /* g_get_tmp_dir() would answer the same, and keep "/tmp" for good. */
  if (parent == NULL || *parent == '\0')
    parent = "/tmp";
  dir = g_build_filename (parent, "excelsior-tmp-XXXXXX", NULL);
  if (g_mkdtemp (dir) == NULL)
    g_error ("cannot make a temporary folder in %s: %s", parent, g_strerror (errno));
  g_setenv ("TMPDIR", dir, TRUE);
  return dir;
}

gboolean
ex_test_init (int    *argc,
              char ***argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("no display: skipped\n");
      return FALSE;
    }
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("cannot open the display: skipped\n");
      return FALSE;
    }
  /* No animations: a test sees each state at once, and GTK 4.8 stops a
   * scroll animation still running when its scrolled window is unmapped by
   * disconnecting a frame-clock handler it has already dropped (a
   * GLib-GObject critical, fatal under G_DEBUG=fatal-criticals). */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  return TRUE;
}

ExApplication *
ex_test_new_application (void)
{
  ExApplication *app = ex_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr(GError) error = NULL;

  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("could not register the application: %s", error->message);
  return app;
}

char *
ex_test_sample_database (void)
{
  char *path = ex_utils_find_data_file ("sample/studies.pgn");

  g_assert_nonnull (path);
  return path;
}

guint
ex_test_count_occurrences (const char *haystack,
                           const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

char *
ex_test_make_big_database (guint copies)
{
  g_autofree char *sample = ex_utils_find_data_file ("sample/studies.pgn");
  g_autofree char *text = NULL;
  g_autoptr(GString) big = NULL;
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  gsize len;
  int fd;

  g_assert_nonnull (sample);
  g_file_get_contents (sample, &text, &len, &error);
  g_assert_no_error (error);
  big = g_string_sized_new ((len + 2) * copies);
  for (guint i = 0; i < copies; i++)
    {
      g_string_append_len (big, text, len);
      g_string_append (big, "\n\n");
    }
  fd = g_file_open_tmp ("excelsior-test-XXXXXX.pgn", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, big->str, big->len, &error);
  g_assert_no_error (error);
  return path;
}

ExWindow *
ex_test_new_window (ExApplication *app,
                    int            width,
                    int            height,
                    const char    *database)
{
  ExWindow *window;

  if (width > 0 && height > 0)
    {
      GSettings *settings = ex_utils_get_settings ();

      g_assert_nonnull (settings);
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  window = ex_window_new (GTK_APPLICATION (app));
  if (database != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (database);

      ex_window_set_database (window, file);
    }
  gtk_window_present (GTK_WINDOW (window));
  ex_test_wait_frame (GTK_WIDGET (window));
  return window;
}

void
ex_test_destroy_window (ExWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  /* And the build of an index it ran, which stops with it. */
  g_assert_true (ex_test_wait_until (no_index_task_running, NULL, EX_TEST_TIMEOUT_MS));
}

void
ex_test_run_and_wait (ExWindow       *window,
                      const char     *query,
                      ExTestRunFlags  flags)
{
  if (query != NULL)
    ex_window_set_query_text (window, query);
  g_assert_true (ex_window_run (window));
  g_assert_true (ex_window_is_searching (window));
  g_assert_true (ex_test_wait_until (ex_test_search_done, window, EX_TEST_TIMEOUT_MS));
  g_assert_true (ex_test_wait_until (ex_test_no_thread_running, NULL, EX_TEST_TIMEOUT_MS));
  if (flags & EX_TEST_RUN_NO_ERROR)
    g_assert_false (ex_window_get_status_is_error (window));
}

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;
  g_autoptr(GError) error = NULL;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

static gboolean
clipboard_text_arrived (gpointer data)
{
  return *(char **) data != NULL;
}

char *
ex_test_read_clipboard (GtkWidget *widget)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clipboard_read_cb,
                                 &text);
  g_assert_true (ex_test_wait_until (clipboard_text_arrived, &text, 60000));
  return text;
}
