/* ex-application.c: the Excelsior workbench application.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkApplication (org.excelsior.Workbench) that opens one ExWindow.  Files
 * given on the command line are opened in it (G_APPLICATION_HANDLES_OPEN):
 * PGN files (plain or compressed) and folders become the database, searched
 * as one in the order given; anything else is read as a CQL query.
 * Its resources (window template, cql.lang, style.css, icons, example
 * queries) live under /org/excelsior/Workbench/, where GtkApplication also
 * finds the icons by itself.
 *
 * Without GSK_RENDERER in the environment, GTK draws with OpenGL; where that
 * OpenGL is a software rasterizer (Mesa's llvmpipe: no GPU, a virtual
 * machine, Xvfb, a remote X display) the workbench draws with cairo instead
 * (choose_renderer()).
 *
 * With the environment variable EXCELSIOR_SCREENSHOT=FILE.png the window
 * runs its query at start-up, selects the first result when the search has
 * finished, saves a PNG of itself to FILE.png and the application quits
 * (for documentation and for looking at what a user sees).
 */
#include "config.h"

#include <string.h>
#include <epoxy/gl.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "ex-application.h"
#include "ex-indexer.h"
#include "ex-preferences.h"
#include "ex-search-job.h"
#include "ex-utils.h"
#include "ex-window.h"

struct _ExApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (ExApplication, ex_application, GTK_TYPE_APPLICATION)

static ExWindow *
get_window (ExApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (ex_window_new (GTK_APPLICATION (self)));

  return EX_WINDOW (window);
}

static gboolean
screenshot_timeout_cb (gpointer user_data)
{
  ExWindow *window = user_data;
  const char *path = g_object_get_data (G_OBJECT (window), "ex-screenshot-path");
  g_autoptr(GError) error = NULL;
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));

  if (!ex_window_save_screenshot (window, path, &error))
    g_printerr ("%s\n", error->message);
  else
    g_printerr (_("Saved a screenshot to %s\n"), path);

  if (app != NULL)
    g_application_quit (G_APPLICATION (app));

  return G_SOURCE_REMOVE;
}

static void
screenshot_search_finished_cb (ExWindow *window,
                               gboolean  completed,
                               gpointer  user_data)
{
  g_signal_handlers_disconnect_by_func (window, screenshot_search_finished_cb, user_data);

  if (g_list_model_get_n_items (ex_window_get_results (window)) > 0)
    ex_window_select_result (window, 0);

  /* Let the window lay out and draw the game before it is captured. */
  g_timeout_add_full (G_PRIORITY_DEFAULT, 700, screenshot_timeout_cb,
                      g_object_ref (window), g_object_unref);
}

static void
maybe_take_screenshot (ExApplication *self,
                       ExWindow      *window)
{
  const char *path = g_getenv ("EXCELSIOR_SCREENSHOT");

  if (path == NULL || *path == '\0' || g_object_get_data (G_OBJECT (window), "ex-screenshot-path"))
    return;

  g_object_set_data_full (G_OBJECT (window), "ex-screenshot-path", g_strdup (path), g_free);
  g_signal_connect (window, "search-finished", G_CALLBACK (screenshot_search_finished_cb), NULL);
  if (!ex_window_run (window))
    screenshot_search_finished_cb (window, FALSE, NULL);
}

static void
ex_application_activate (GApplication *app)
{
  ExApplication *self = EX_APPLICATION (app);
  ExWindow *window = get_window (self);

  gtk_window_present (GTK_WINDOW (window));
  maybe_take_screenshot (self, window);
}

static void
ex_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  ExApplication *self = EX_APPLICATION (app);
  ExWindow *window = get_window (self);

  g_autoptr(GPtrArray) databases = g_ptr_array_new ();

  /* Queries first: a database named on the command line wins over a
   * query's :pgn, whatever the order of the arguments.  Several databases
   * (files, compressed files, folders) are searched as one, in the order
   * given. */
  for (int i = 0; i < n_files; i++)
    {
      if (ex_window_is_database_file (files[i]))
        g_ptr_array_add (databases, files[i]);
      else
        ex_window_open_file (window, files[i]);
    }
  if (databases->len == 1)
    ex_window_open_file (window, g_ptr_array_index (databases, 0));
  else if (databases->len > 1)
    ex_window_set_databases (window, (GFile *const *) databases->pdata, databases->len);

  gtk_window_present (GTK_WINDOW (window));
  maybe_take_screenshot (self, window);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  ExApplication *self = user_data;
  const char *authors[] = { _("The Excelsior authors"), NULL };
  const char *pieces[] = { "Colin M.L. Burnett (cburnett), GPL-2.0-or-later", NULL };
  const char *sample[] = { "thijscom (lichess.org studies), GPL-3.0-or-later", NULL };
  const char *cql[] = { "Lewis Stiller, Gady Costeff (CQL 3)", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkAboutDialog *dialog;

  dialog = GTK_ABOUT_DIALOG (gtk_about_dialog_new ());
  g_object_set (dialog,
                "program-name", _("Excelsior"),
                "logo-icon-name", APPLICATION_ID,
                "version", PACKAGE_VERSION,
                "comments", _("Search chess games and studies with the Chess Query Language "
                              "(CQL 3)"),
                "license-type", GTK_LICENSE_GPL_3_0,
                "authors", authors,
                /* Translators: put your name here, one per line */
                "translator-credits", _("translator-credits"),
                "copyright", "© 2026 The Excelsior authors",
                NULL);
  gtk_about_dialog_add_credit_section (dialog, _("Chess pieces"), pieces);
  gtk_about_dialog_add_credit_section (dialog, _("Sample studies"), sample);
  gtk_about_dialog_add_credit_section (dialog, _("Chess Query Language"), cql);
  gtk_about_dialog_add_credit_section (dialog, _("Licences"), (const char *[]) {
    _("The program: GNU General Public License, version 3 or later"),
    _("The chess pieces (cburnett): GNU General Public License, version 2 or later"),
    _("The sample studies: GNU General Public License, version 3 or later, as shipped by pychess"),
    NULL });
  gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  ExApplication *self = user_data;
  GSettings *settings = ex_utils_get_settings ();
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (settings == NULL)
    return;

  gtk_window_present (GTK_WINDOW (ex_preferences_new (parent, settings)));
}

/* The application's windows, each with a reference: closing one may
 * destroy others (its dialogs). */
static GList *
copy_windows (ExApplication *self)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  for (GList *l = windows; l != NULL; l = l->next)
    g_object_ref (l->data);
  return windows;
}

/* Quit closes each workbench window as its close button does
 * (gtk_window_close(): one path, ex-window-close.c), so that an unsaved
 * query is asked about and the state kept.  A window whose user is asked
 * stays open, and so does the application; once no workbench window is
 * left, the other windows (help, preferences) go too. */
static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  ExApplication *self = user_data;
  GList *windows;
  gboolean workbench_left = FALSE;

  windows = copy_windows (self);
  for (GList *l = windows; l != NULL; l = l->next)
    if (EX_IS_WINDOW (l->data))
      gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    workbench_left |= EX_IS_WINDOW (l->data);
  if (workbench_left)
    return;

  windows = copy_windows (self);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free_full (windows, g_object_unref);
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
};

/* TRUE if the display's OpenGL is drawn by the CPU: Mesa's llvmpipe,
 * softpipe or swrast, by the name the driver gives itself (GL_RENDERER). */
static gboolean
gl_is_software (GdkDisplay *display)
{
  g_autoptr(GdkGLContext) context = NULL;
  const char *name;
  gboolean software;

  if (!gdk_display_prepare_gl (display, NULL))
    return FALSE;
  context = gdk_display_create_gl_context (display, NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return FALSE;
  gdk_gl_context_make_current (context);
  name = (const char *) glGetString (GL_RENDERER);
  software = name != NULL
             && (strstr (name, "llvmpipe") != NULL || strstr (name, "softpipe") != NULL
                 || strstr (name, "swrast") != NULL
                 || strstr (name, "Software Rasterizer") != NULL);
  gdk_gl_context_clear_current ();
  return software;
}

/* GTK's default renderer is OpenGL.  On a software rasterizer its frames
 * cost far more than cairo's, and its drawing threads take the cores the
 * search runs on: measured under Xvfb on 2 cores (llvmpipe), a frame of the
 * results list filling took 250-350 ms with GL against 30-70 ms with
 * cairo, and `mate wtm` on 145,716 games ended 6.3-7.5 s after Run against
 * 1.3 s (tests/bench/RESULTS.md, "Workbench").  So there the workbench
 * asks for cairo, unless the user chose a renderer with GSK_RENDERER.  GTK
 * reads the variable when it creates the first window's renderer, which
 * comes after this (at start-up, before any window).  The test costs 30-40
 * ms of start-up on llvmpipe; with a GPU, GTK's GL renderer goes on with
 * the display's GL, already prepared. */
static void
choose_renderer (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  if (g_getenv ("GSK_RENDERER") != NULL || display == NULL)
    return;
  if (gl_is_software (display))
    g_setenv ("GSK_RENDERER", "cairo", TRUE);
}

static void
ex_application_startup (GApplication *app)
{
  static const char *run_accels[] = { "<Control>Return", "F5", NULL };
  static const char *stop_accels[] = { "Escape", NULL };
  static const char *export_accels[] = { "<Control>e", NULL };
  static const char *new_accels[] = { "<Control>n", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *save_accels[] = { "<Control>s", NULL };
  static const char *save_as_accels[] = { "<Control><Shift>s", NULL };
  static const char *theme_tools_accels[] = { "<Control>t", NULL };
  static const char *database_accels[] = { "<Control>d", NULL };
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *filter_accels[] = { "<Control>f", NULL };
  static const char *previous_result_accels[] = { "<Control>Page_Up", NULL };
  static const char *next_result_accels[] = { "<Control>Page_Down", NULL };
  static const char *copy_pgn_accels[] = { "<Control><Shift>c", NULL };
  static const char *copy_fen_accels[] = { "<Control><Alt>c", NULL };
  static const char *copy_exported_accels[] = { "<Control><Shift>e", NULL };
  static const char *help_accels[] = { "F1", NULL };

  g_autoptr(GtkCssProvider) css = NULL;

  G_APPLICATION_CLASS (ex_application_parent_class)->startup (app);
  choose_renderer ();

  /* GtkApplication finds the icons under the resource base path by itself,
   * not the style sheet. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/org/excelsior/Workbench/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  gtk_source_init ();
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.run", run_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.stop", stop_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.export", export_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-query", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open-query", open_accels);
  /* Every key here, and only here, so that the menus show the keys that
   * work (a menu item's accelerator is the application's). */
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.save-query", save_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.save-query-as",
                                         save_as_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.theme-tools",
                                         theme_tools_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.choose-database",
                                         database_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.filter", filter_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.previous-result",
                                         previous_result_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.next-result",
                                         next_result_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.copy-pgn", copy_pgn_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.copy-fen", copy_fen_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.copy-exported-pgn",
                                         copy_exported_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.help", help_accels);
}

static void
ex_application_shutdown (GApplication *app)
{
  /* Windows cancel their searches and index builds when destroyed; wait
   * for the threads to be joined (their final idles run on this main context), which takes
   * only as long as the engine needs to notice the cancellation. */
  while (ex_search_job_get_n_running () > 0 || ex_indexer_get_n_running () > 0)
    g_main_context_iteration (NULL, TRUE);

  G_APPLICATION_CLASS (ex_application_parent_class)->shutdown (app);
}

static void
ex_application_class_init (ExApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = ex_application_activate;
  app_class->open = ex_application_open;
  app_class->startup = ex_application_startup;
  app_class->shutdown = ex_application_shutdown;
}

static void
ex_application_init (ExApplication *self)
{
  /* --help names what may be given on the command line, and how the two
   * kinds of file are told apart. */
  g_application_set_option_context_parameter_string (G_APPLICATION (self),
                                                     _("[QUERY.cql] [DATABASE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
    _("Search chess games and studies with the Chess Query Language (CQL 3 and CQL 6).\n\n"
      "QUERY.cql is opened in the editor.  DATABASE is a PGN file, plain or\n"
      "compressed (.pgn.gz, .pgn.bz2, .pgn.xz, .pgn.zst, a .zip of PGN files),\n"
      "or a folder of them; several are searched as one, in the order given."));
}

ExApplication *
ex_application_new (GApplicationFlags flags)
{
  return g_object_new (EX_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/excelsior/Workbench",
                       NULL);
}
