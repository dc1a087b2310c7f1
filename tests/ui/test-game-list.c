/* test-game-list.c: the Games page: a database's games listed with their
 * tags before any query, the filters over them (player, years, pieces,
 * result, ECO, event), the game selected shown in the viewer, a compressed
 * database's games read back from their copy, and the Results page taking
 * over once a search runs.
 *
 * On tests/fixtures/workbench/game-list.pgn (eight games typed for this
 * test; the expected rows below are read off that file).  With
 * EXCELSIOR_SCREENSHOT_DIR set, the page is saved there unfiltered
 * (game-list.png) and filtered (game-list-filtered.png).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ex-application.h"
#include "ex-game-list.h"
#include "ex-game-view.h"
#include "ex-window-test.h"
#include "compress-util.h"
#include "ui-common.h"

#define FIXTURE_GAMES 8

static ExApplication *app;
static char *tmp_dir;

static char *
fixture_path (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  g_assert_nonnull (fixtures);
  return g_build_filename (fixtures, "workbench", "game-list.pgn", NULL);
}

/* The descendant of @widget named @name (a filter box of the page). */
static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
list_loaded (gpointer list)
{
  return !ex_game_list_is_loading (list);
}

typedef struct {
  ExGameList *list;
  guint       n;
} ShownCount;

/* TRUE once the filters are applied (a search entry applies its text
 * after a short delay) and the list shows @n games. */
static gboolean
shows_n (gpointer data)
{
  ShownCount *c = data;
  GListModel *shown = G_LIST_MODEL (ex_game_list_get_shown (c->list));

  return g_list_model_get_n_items (shown) == c->n;
}

/* Types @text into the filter box @name and asserts that the list then
 * shows exactly the games numbered in @expected (0-terminated), in order. */
static void
filter_and_check (ExGameList *list,
                  const char *name,
                  const char *text,
                  const guint64 *expected)
{
  GtkWidget *entry = find_named (GTK_WIDGET (list), name);
  GListModel *shown = G_LIST_MODEL (ex_game_list_get_shown (list));
  ShownCount c = { list, 0 };

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  while (expected[c.n] != 0)
    c.n++;
  if (!ex_test_wait_until (shows_n, &c, 5000))
    g_error ("filter %s = \"%s\": %u games shown, expected %u", name, text,
             g_list_model_get_n_items (shown), c.n);
  /* Longer than the search entry's delay: the count stays. */
  ex_test_spin (400);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, c.n);
  for (guint i = 0; i < c.n; i++)
    {
      g_autoptr(ExGameRow) row = g_list_model_get_item (shown, i);

      g_assert_cmpuint (ex_game_row_get_number (row), ==, expected[i]);
    }
}

static ExGameList *
window_game_list (ExWindow *window)
{
  GtkWidget *list = ex_test_find_widget (GTK_WIDGET (window), EX_TYPE_GAME_LIST);

  g_assert_nonnull (list);
  return EX_GAME_LIST (list);
}

static void
test_browse_and_filter (void)
{
  g_autofree char *path = fixture_path ();
  ExWindow *window = ex_test_new_window (app, 1400, 900, path);
  ExGameList *list = window_game_list (window);
  GListModel *games = ex_game_list_get_games (list);
  GtkSelectionModel *shown = ex_game_list_get_shown (list);
  ExGameView *view = EX_GAME_VIEW (ex_window_get_game_view (window));
  static const guint64 all[] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
  static const guint64 kasparyan[] = { 4, 5, 8, 0 };
  static const guint64 kasparyan_to_1940[] = { 4, 0 };
  static const guint64 years_1920_1940[] = { 1, 3, 4, 0 };
  static const guint64 up_to_1940[] = { 1, 2, 3, 4, 6, 0 };
  static const guint64 up_to_5[] = { 1, 2, 7, 0 };
  static const guint64 six_or_seven[] = { 4, 5, 0 };
  static const guint64 havana[] = { 3, 0 };
  static const guint64 eco_c6[] = { 6, 0 };
  GtkDropDown *result;
  CqGame *game;

  /* A database opened before any search shows its games. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (list)));
  g_assert_true (ex_test_wait_until (list_loaded, list, 30000));
  g_assert_null (ex_game_list_get_error (list));
  g_assert_cmpuint (g_list_model_get_n_items (games), ==, FIXTURE_GAMES);
  {
    g_autoptr(ExGameRow) reti = g_list_model_get_item (games, 0);
    g_autoptr(ExGameRow) capablanca = g_list_model_get_item (games, 2);
    g_autoptr(ExGameRow) anonymous = g_list_model_get_item (games, 6);

    g_assert_cmpstr (ex_game_row_get_white (reti), ==, "Réti, Richard");
    g_assert_cmpstr (ex_game_row_get_black (reti), ==, "Draw");
    g_assert_cmpstr (ex_game_row_get_event (reti), ==, "Kagans Neueste Schachnachrichten");
    g_assert_cmpstr (ex_game_row_get_site (reti), ==, "Wien");
    g_assert_cmpstr (ex_game_row_get_date (reti), ==, "1921.??.??");
    g_assert_cmpuint (ex_game_row_get_year (reti), ==, 1921);
    g_assert_cmpstr (ex_game_row_get_result (reti), ==, "1/2-1/2");
    g_assert_cmpuint (ex_game_row_get_pieces (reti), ==, 4);
    g_assert_cmpstr (ex_game_row_get_eco (reti), ==, "");
    g_assert_cmpstr (ex_game_row_get_eco (capablanca), ==, "D63");
    g_assert_cmpuint (ex_game_row_get_pieces (capablanca), ==, 32);
    g_assert_cmpuint (ex_game_row_get_year (anonymous), ==, 0);
    g_assert_cmpuint (ex_game_row_get_pieces (anonymous), ==, 3);
  }
  filter_and_check (list, "player-filter", "", all);
  ex_test_screenshot (GTK_WIDGET (window), "game-list.png");

  /* Player (White or Black, any case), then a year range with it. */
  filter_and_check (list, "player-filter", "kasparyan", kasparyan);
  filter_and_check (list, "year-to-filter", "1940", kasparyan_to_1940);
  filter_and_check (list, "player-filter", "", up_to_1940);
  filter_and_check (list, "year-from-filter", "1920", years_1920_1940);
  filter_and_check (list, "year-from-filter", "", up_to_1940);
  filter_and_check (list, "year-to-filter", "", all);
  /* The pieces of the first position (a study's FEN; 32 otherwise). */
  filter_and_check (list, "pieces-max-filter", "5", up_to_5);
  filter_and_check (list, "pieces-max-filter", "7", (const guint64[]) { 1, 2, 4, 5, 7, 0 });
  filter_and_check (list, "pieces-min-filter", "6", six_or_seven);
  filter_and_check (list, "pieces-min-filter", "", (const guint64[]) { 1, 2, 4, 5, 7, 0 });
  filter_and_check (list, "pieces-max-filter", "", all);
  /* Event or site; ECO by its beginning; the result. */
  filter_and_check (list, "event-filter", "HAVANA", havana);
  filter_and_check (list, "event-filter", "", all);
  filter_and_check (list, "eco-filter", "c6", eco_c6);
  filter_and_check (list, "eco-filter", "", all);
  result = GTK_DROP_DOWN (find_named (GTK_WIDGET (list), "result-filter"));
  gtk_drop_down_set_selected (result, 2);   /* 0-1 */
  ex_test_spin (100);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, 1);
  gtk_drop_down_set_selected (result, 0);
  ex_test_spin (100);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (shown)), ==, FIXTURE_GAMES);

  /* Selecting a game shows it on the board, moves and all. */
  filter_and_check (list, "pieces-max-filter", "5", up_to_5);
  gtk_selection_model_select_item (shown, 2, TRUE);
  ex_test_spin (100);
  game = ex_game_view_get_game (view);
  g_assert_nonnull (game);
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, "Anonymous");
  g_assert_cmpuint (game->n_nodes, ==, 2);
  gtk_selection_model_select_item (shown, 0, TRUE);
  ex_test_spin (100);
  game = ex_game_view_get_game (view);
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, "Réti, Richard");
  g_assert_cmpuint (game->n_nodes, ==, 8);
  g_assert_false (ex_window_get_status_is_error (window));
  ex_test_screenshot (GTK_WIDGET (window), "game-list-filtered.png");

  /* A search shows its results instead. */
  ex_test_run_and_wait (window, "cql() check", EX_TEST_RUN_NO_ERROR);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (list)));
  g_assert_cmpuint (g_list_model_get_n_items (ex_window_get_results (window)), >, 0);
  ex_test_destroy_window (window);
}

/* The temporary copies of compressed databases' games now in the
 * temporary folder. */
static guint
count_copies (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_get_tmp_dir (), 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "excelsior-games-"))
      n++;
  return n;
}

static gboolean
no_copies (gpointer data)
{
  return count_copies () <= GPOINTER_TO_UINT (data);
}

static void
test_compressed (void)
{
  g_autofree char *plain = fixture_path ();
  g_autofree char *dest = g_build_filename (tmp_dir, "game-list.pgn.gz", NULL);
  g_autofree char *gz = test_compress_file (plain, "gzip", dest);
  guint copies_before = count_copies ();
  ExWindow *window;
  ExGameList *list;
  GtkSelectionModel *shown;
  CqGame *game;

  g_assert_nonnull (gz);
  window = ex_test_new_window (app, 1400, 900, gz);
  list = window_game_list (window);
  shown = ex_game_list_get_shown (list);
  g_assert_true (ex_test_wait_until (list_loaded, list, 30000));
  g_assert_cmpuint (g_list_model_get_n_items (ex_game_list_get_games (list)), ==, FIXTURE_GAMES);
  g_assert_cmpuint (count_copies (), ==, copies_before + 1);

  /* Read back from the copy: the fourth game, its moves replayed. */
  gtk_selection_model_select_item (shown, 3, TRUE);
  ex_test_spin (100);
  game = ex_game_view_get_game (EX_GAME_VIEW (ex_window_get_game_view (window)));
  g_assert_nonnull (game);
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, "Kasparyan, Genrikh");
  g_assert_cmpuint (game->n_nodes, ==, 3);
  g_assert_null (game->error);

  /* The copy goes with the window. */
  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (no_copies, GUINT_TO_POINTER (copies_before), 10000));
  g_unlink (gz);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!ex_test_init (&argc, &argv))
    return 77;
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-gl-XXXXXX", NULL);

  g_test_add_func ("/ui/game-list/browse-and-filter", test_browse_and_filter);
  g_test_add_func ("/ui/game-list/compressed", test_compressed);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  return status;
}
