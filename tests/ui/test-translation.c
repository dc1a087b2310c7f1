/* test-translation.c: the workbench under its German translation.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Binds the "excelsior" text domain to the catalogues built in the build
 * directory (po/de/LC_MESSAGES/excelsior.mo), opens the real window with
 * LANGUAGE=de, and checks that what the user reads is German (status line,
 * search messages, plurals, column titles) and that the longer German
 * labels do not make the window wider than its default width, before and
 * after a game is shown: the layout survives the longer language.
 * Exits 77 (skipped) without a display.
 */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-game-list.h"
#include "ex-search-job.h"
#include "ex-window-test.h"
#include "ui-common.h"

#define KNIGHT_MATE_QUERY "(match (position :mate :btm N))\n"

static ExApplication *app;

/* The narrowest the window can be, as laid out now. */
static int
minimum_width (ExWindow *window)
{
  int minimum = 0, natural = 0;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, &natural, NULL, NULL);
  return minimum;
}

static ExWindow *
open_window (int *min_width)
{
  ExWindow *window = ex_test_new_window (app, 0, 0, NULL);
  int default_width = 0, default_height = 0;

  *min_width = minimum_width (window);
  gtk_window_get_default_size (GTK_WINDOW (window), &default_width, &default_height);
  g_test_message ("minimum width %d, default width %d", *min_width, default_width);
  /* Everything fits in the default size, in any language. */
  g_assert_cmpint (*min_width, <=, default_width);

  return window;
}

static void
test_german (void)
{
  ExWindow *window;
  int german_width;
  GListModel *results;
  const char *status;

  /* The catalogue itself: a plain message, a context, a plural. */
  g_assert_cmpstr (_("Filter the results"), ==, "Die Ergebnisse filtern");
  g_assert_cmpstr (C_("column", "Event"), ==, "Turnier");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%s game", "%s games", 2), ==, "%s Partien");

  window = open_window (&german_width);
  g_assert_cmpstr (ex_window_get_status_text (window), ==,
                   "Bereit: Eine Abfrage schreiben oder aus den Beispielen wählen, "
                   "dann „Ausführen“ drücken");

  /* A search reports in German too. */
  results = ex_window_get_results (window);
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_DEFAULT);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 14);
  status = ex_window_get_status_text (window);
  g_assert_true (g_str_has_prefix (status,
                                   "14 passende Partien in 103 Partien von „studies.pgn“"));

  /* Showing a game: the viewer's strings are German as well. */
  ex_window_select_result (window, 0);
  ex_test_drain ();
  g_assert_cmpint (minimum_width (window), <=, german_width + 40);
  /* For looking at it: EXCELSIOR_SCREENSHOT=FILE.png saves the window. */
  if (g_getenv ("EXCELSIOR_SCREENSHOT") != NULL)
    ex_test_save_screenshot (window, g_getenv ("EXCELSIOR_SCREENSHOT"));
  ex_test_destroy_window (window);
}

static gboolean
list_loaded (gpointer list)
{
  return !ex_game_list_is_loading (list);
}

/* The Games page in German: its tab, filters and column titles, sorted by
 * the pieces (a click on "Steine"); and the results a failed search kept,
 * labelled in German.  With EXCELSIOR_SCREENSHOT_DIR set, the page is
 * saved there as game-list-de.png. */
static void
test_german_games (void)
{
  ExWindow *window = ex_test_new_window (app, 1400, 900, NULL);
  ExGameList *list = EX_GAME_LIST (ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_GAME_LIST));
  GtkColumnView *view = GTK_COLUMN_VIEW (ex_test_find_widget (GTK_WIDGET (list),
                                                              GTK_TYPE_COLUMN_VIEW));
  GListModel *columns = gtk_column_view_get_columns (view);
  static const char *const titles[] = {
    "Nr.", "Weiß", "Schwarz", "Turnier", "Ort", "Datum", "Ergebnis", "ECO", "Steine",
  };

  g_assert_true (ex_test_wait_until (list_loaded, list, 30000));
  g_assert_nonnull (ex_test_find_label (GTK_WIDGET (window), "Partien"));
  g_assert_cmpstr (gtk_entry_get_placeholder_text (
                     GTK_ENTRY (ex_test_find_named (GTK_WIDGET (list), "year-from-filter"))),
                   ==, "von");
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, G_N_ELEMENTS (titles));
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      g_assert_cmpstr (gtk_column_view_column_get_title (column), ==, titles[i]);
      if (i == G_N_ELEMENTS (titles) - 1)
        gtk_column_view_sort_by_column (view, column, GTK_SORT_ASCENDING);
    }
  ex_test_spin (200);
  ex_test_wait_frame (GTK_WIDGET (window));
  ex_test_screenshot (GTK_WIDGET (window), "game-list-de.png");

  /* A search, then one that fails at run time: the kept results say so. */
  ex_test_run_and_wait (window, KNIGHT_MATE_QUERY, EX_TEST_RUN_NO_ERROR);
  ex_test_run_and_wait (window, "cql()\nassert false\n", EX_TEST_RUN_DEFAULT);
  g_assert_nonnull (ex_test_find_label (GTK_WIDGET (window),
                                        "14 Partien · vorige Suche in „studies.pgn“"));
  g_assert_nonnull (strstr (ex_window_get_status_text (window),
                            "Die vorigen Ergebnisse bleiben erhalten."));
  ex_test_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Any locale but "C", where gettext ignores LANGUAGE; C.UTF-8 is always
   * there (Debian), unlike de_DE.UTF-8. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, EX_LOCALE_BUILD_DIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!ex_test_init (&argc, &argv))
    return 77;

  app = ex_test_new_application ();

  g_test_add_func ("/ui/translation/german", test_german);
  g_test_add_func ("/ui/translation/german-games", test_german_games);
  status = g_test_run ();

  g_clear_object (&app);
  return status;
}
