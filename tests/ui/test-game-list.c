/* test-game-list.c: the Games page: a database's games listed with their
 * tags before any query, the filters over them (player, years, pieces,
 * result, ECO, event), the game selected shown in the viewer, a compressed
 * database's games read back from their copy, and the Results page taking
 * over once a search runs.
 *
 * On tests/fixtures/workbench/game-list.pgn (eight games typed for this
 * test; the expected rows below are read off that file).  With
 * EXCELSIOR_SCREENSHOT_DIR set, the page is saved there unfiltered
 * (game-list.png), filtered (game-list-filtered.png) and sorted by its
 * Pieces column (game-list-sorted.png).
 *
 * /ui/game-list/big lists a big database and measures how long it takes
 * and how late the main loop runs meanwhile (a G_PRIORITY_HIGH timeout
 * every 5 ms records its worst lateness, in wall-clock time and in the main
 * thread's CPU time), then filters it: the database is
 * $EXCELSIOR_GAME_LIST_PGN (measured on the 145,716 games of
 * gnuchess-book-1.02.pgn), else the bundled sample repeated 400 times.
 * The worst lateness asserted, in CPU time, is 150 ms times
 * EXCELSIOR_STALL_SLACK (default 4: sanitizers, a loaded 2-core machine),
 * as test-stall's slack: a slice of rows takes under 15 ms, but one
 * dispatch while the list fills takes about 130 ms of the main thread's
 * CPU time, whatever the slice size.  In a sanitized build (0.4 to 2 s
 * there) the figures are reported, not bounded.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <time.h>
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
  GtkWidget *entry = ex_test_find_named (GTK_WIDGET (list), name);
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
  result = GTK_DROP_DOWN (ex_test_find_named (GTK_WIDGET (list), "result-filter"));
  gtk_drop_down_set_selected (result, 2);   /* 0-1 */
  g_assert_true (ex_test_wait_until (shows_n, &(ShownCount) { list, 1 }, 5000));
  {
    g_autoptr(ExGameRow) row = g_list_model_get_item (G_LIST_MODEL (shown), 0);

    g_assert_cmpuint (ex_game_row_get_number (row), ==, 6);
  }
  gtk_drop_down_set_selected (result, 0);
  g_assert_true (ex_test_wait_until (shows_n, &(ShownCount) { list, FIXTURE_GAMES }, 5000));

  /* Selecting a game shows it on the board, moves and all. */
  filter_and_check (list, "pieces-max-filter", "5", up_to_5);
  gtk_selection_model_select_item (shown, 2, TRUE);
  ex_test_spin (100);
  game = ex_test_shown_game (window);
  g_assert_nonnull (game);
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, "Anonymous");
  g_assert_cmpuint (game->n_nodes, ==, 2);
  gtk_selection_model_select_item (shown, 0, TRUE);
  ex_test_spin (100);
  game = ex_test_shown_game (window);
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

static gboolean
sorted (gpointer model)
{
  return gtk_sort_list_model_get_pending (model) == 0;
}

/* Sorts the Games page by column @index (0: #, then White, Black, Event,
 * Site, Date, Result, ECO, Pieces) in @order, as a click on its title
 * does, and returns the game numbers shown, in order (0-terminated). */
static guint64 *
sort_by (ExGameList  *list,
         guint        index,
         GtkSortType  order)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (ex_test_find_widget (GTK_WIDGET (list),
                                                              GTK_TYPE_COLUMN_VIEW));
  GListModel *shown = G_LIST_MODEL (ex_game_list_get_shown (list));
  GListModel *model = gtk_single_selection_get_model (GTK_SINGLE_SELECTION (shown));
  g_autoptr(GtkColumnViewColumn) column =
    g_list_model_get_item (gtk_column_view_get_columns (view), index);
  guint n = g_list_model_get_n_items (shown);
  guint64 *numbers = g_new0 (guint64, n + 1);

  g_assert_true (GTK_IS_SORT_LIST_MODEL (model));
  g_assert_nonnull (gtk_column_view_column_get_sorter (column));
  gtk_column_view_sort_by_column (view, column, order);
  g_assert_true (ex_test_wait_until (sorted, model, 5000));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ExGameRow) row = g_list_model_get_item (shown, i);

      numbers[i] = ex_game_row_get_number (row);
    }
  return numbers;
}

static void
assert_numbers (const guint64 *got,
                const guint64 *expected)
{
  for (guint i = 0; expected[i] != 0 || got[i] != 0; i++)
    if (got[i] != expected[i])
      g_error ("position %u: game %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT,
               i, got[i], expected[i]);
}

/* A click on a column's title sorts the games by it, numbers (game number,
 * the Date's year, pieces) by size, names by their letters, a missing value
 * after the others (before them in descending order), ties by game
 * number; the filters apply to the sorted list, and the game selected is
 * the one in the row. */
static void
test_sort (void)
{
  guint64 previous_year = 0;
  guint64 *numbers;
  g_autofree char *path = fixture_path ();
  ExWindow *window = ex_test_new_window (app, 1400, 900, path);
  ExGameList *list = window_game_list (window);
  GtkSelectionModel *shown = ex_game_list_get_shown (list);

  g_assert_true (ex_test_wait_until (list_loaded, list, 30000));

  /* Pieces: 3 (game 7), 4 (game 1), ..., 32 (the games from the initial
   * position) last, ties by number. */
  numbers = sort_by (list, 8, GTK_SORT_ASCENDING);
  g_assert_cmpuint (numbers[0], ==, 7);
  g_assert_cmpuint (numbers[1], ==, 1);
  for (guint i = 1; numbers[i] != 0; i++)
    {
      g_autoptr(ExGameRow) a = g_list_model_get_item (G_LIST_MODEL (shown), i - 1);
      g_autoptr(ExGameRow) b = g_list_model_get_item (G_LIST_MODEL (shown), i);

      g_assert_cmpuint (ex_game_row_get_pieces (a), <=, ex_game_row_get_pieces (b));
      if (ex_game_row_get_pieces (a) == ex_game_row_get_pieces (b))
        g_assert_cmpuint (numbers[i - 1], <, numbers[i]);
    }
  g_free (numbers);

  /* The first row selected is the game of fewest pieces. */
  gtk_selection_model_select_item (shown, 0, TRUE);
  ex_test_spin (100);
  g_assert_nonnull (ex_test_shown_game (window));
  g_assert_cmpstr (cq_game_get_tag (ex_test_shown_game (window), "White"), ==, "Anonymous");
  ex_test_wait_frame (GTK_WIDGET (window));
  ex_test_screenshot (GTK_WIDGET (window), "game-list-sorted.png");

  /* Date, newest first: years by size; the game without a year (7) sorts
   * after the others in ascending order, so first here. */
  numbers = sort_by (list, 5, GTK_SORT_DESCENDING);
  g_assert_cmpuint (numbers[0], ==, 7);
  for (guint i = 1; numbers[i] != 0; i++)
    {
      g_autoptr(ExGameRow) row = g_list_model_get_item (G_LIST_MODEL (shown), i);
      guint year = ex_game_row_get_year (row);

      g_assert_cmpuint (year, >, 0);
      if (i > 1)
        g_assert_cmpuint (year, <=, previous_year);
      previous_year = year;
    }
  g_free (numbers);

  /* White, by name; filtered, the order stays. */
  numbers = sort_by (list, 1, GTK_SORT_ASCENDING);
  for (guint i = 1; numbers[i] != 0; i++)
    {
      g_autoptr(ExGameRow) a = g_list_model_get_item (G_LIST_MODEL (shown), i - 1);
      g_autoptr(ExGameRow) b = g_list_model_get_item (G_LIST_MODEL (shown), i);

      g_assert_cmpint (g_ascii_strcasecmp (ex_game_row_get_white (a),
                                           ex_game_row_get_white (b)), <=, 0);
    }
  g_free (numbers);
  gtk_editable_set_text (GTK_EDITABLE (ex_test_find_named (GTK_WIDGET (list), "player-filter")),
                         "kasparyan");
  g_assert_true (ex_test_wait_until (shows_n, &(ShownCount) { list, 3 }, 5000));

  /* The game number, descending, then ascending: the database's order. */
  numbers = sort_by (list, 0, GTK_SORT_DESCENDING);
  assert_numbers (numbers, (const guint64[]) { 8, 5, 4, 0 });
  g_free (numbers);
  gtk_editable_set_text (GTK_EDITABLE (ex_test_find_named (GTK_WIDGET (list), "player-filter")),
                         "");
  g_assert_true (ex_test_wait_until (shows_n, &(ShownCount) { list, FIXTURE_GAMES }, 5000));
  numbers = sort_by (list, 0, GTK_SORT_ASCENDING);
  assert_numbers (numbers, (const guint64[]) { 1, 2, 3, 4, 5, 6, 7, 8, 0 });
  g_free (numbers);

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
  game = ex_test_shown_game (window);
  g_assert_nonnull (game);
  g_assert_cmpstr (cq_game_get_tag (game, "White"), ==, "Kasparyan, Genrikh");
  g_assert_cmpuint (game->n_nodes, ==, 3);
  g_assert_null (game->error);

  /* The copy goes with the window. */
  ex_test_destroy_window (window);
  g_assert_true (ex_test_wait_until (no_copies, GUINT_TO_POINTER (copies_before), 10000));
  g_unlink (gz);
}

/* A file edited after it was listed: the game at a changed place is not
 * shown (nor any other in its place), the board is emptied and the status
 * says why; a game whose text is unchanged is still shown. */
static void
test_changed_file (void)
{
  g_autofree char *fixture = fixture_path ();
  g_autofree char *path = ex_test_copy_file (fixture, tmp_dir, "changed.pgn");
  g_autofree char *text = NULL;
  gsize len = 0;
  ExWindow *window;
  ExGameList *list;
  GtkSelectionModel *shown;
  CqGame *game;
  char *hit;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  window = ex_test_new_window (app, 1400, 900, path);
  list = window_game_list (window);
  shown = ex_game_list_get_shown (list);
  g_assert_true (ex_test_wait_until (list_loaded, list, 30000));

  /* The same size, one letter of the fourth game's White changed. */
  hit = strstr (text, "Kasparyan, Genrikh");
  g_assert_nonnull (hit);
  hit[0] = 'X';
  g_assert_true (g_file_set_contents (path, text, (gssize) len, NULL));

  gtk_selection_model_select_item (shown, 0, TRUE);
  ex_test_spin (100);
  g_assert_nonnull (ex_test_shown_game (window));
  gtk_selection_model_select_item (shown, 3, TRUE);
  ex_test_spin (100);
  game = ex_test_shown_game (window);
  g_assert_null (game);
  g_assert_nonnull (strstr (ex_window_get_status_text (window), "no longer the game"));
  ex_test_destroy_window (window);
  g_unlink (path);
}

typedef struct {
  gint64 last, last_cpu;
  gint64 worst, worst_cpu;
} Lateness;

/* The main thread's CPU time in microseconds. */
static gint64
thread_cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

/* Records how late the main loop ran this timeout: in wall-clock time
 * (other programs' time included on a loaded machine) and in the main
 * thread's CPU time (only what the workbench did meanwhile). */
static gboolean
lateness_tick (gpointer data)
{
  Lateness *l = data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_time ();

  if (l->last != 0)
    {
      l->worst = MAX (l->worst, now - l->last - 5000);
      l->worst_cpu = MAX (l->worst_cpu, cpu - l->last_cpu);
    }
  l->last = now;
  l->last_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

static gboolean
filter_done (gpointer data)
{
  return gtk_filter_list_model_get_pending (data) == 0;
}

static void
test_big (void)
{
  const char *given = g_getenv ("EXCELSIOR_GAME_LIST_PGN");
  const char *slack_text = g_getenv ("EXCELSIOR_STALL_SLACK");
  double slack = slack_text != NULL ? g_ascii_strtod (slack_text, NULL) : 4.0;
  g_autofree char *made = given == NULL ? ex_test_make_big_database (400) : NULL;
  const char *path = given != NULL ? given : made;
  g_autofree char *text = NULL;
  gsize len = 0;
  guint expected = 0, expected_small = 0;
  Lateness lateness = { 0, 0, 0, 0 };
  ExWindow *window;
  ExGameList *list;
  GListModel *games;
  GObject *filtered;
  guint tick;
  gint64 start, loaded, filtered_at;

  /* The games and those of 5 pieces or fewer, counted on the text: a game
   * starts at its Event tag (true of both files); its FEN tag, if any,
   * comes before the next game's. */
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  for (const char *p = text; p != NULL && *p != '\0'; )
    {
      const char *eol = strchr (p, '\n');

      if (g_str_has_prefix (p, "[Event "))
        expected++;
      else if (g_str_has_prefix (p, "[FEN \""))
        {
          g_autofree char *fen = g_strndup (p + 6, (eol != NULL ? eol : p + strlen (p)) - p - 6);
          guint n = ex_game_count_fen_pieces (fen);

          if (n > 0 && n <= 5)
            expected_small++;
        }
      p = eol != NULL ? eol + 1 : NULL;
    }
  g_clear_pointer (&text, g_free);

  /* The window opens on the sample; then the big database is chosen. */
  window = ex_test_new_window (app, 1400, 900, NULL);
  list = window_game_list (window);
  games = ex_game_list_get_games (list);
  g_assert_true (ex_test_wait_until (list_loaded, list, 30000));
  tick = g_timeout_add_full (G_PRIORITY_HIGH, 5, lateness_tick, &lateness, NULL);
  start = g_get_monotonic_time ();
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    ex_window_set_database (window, file);
  }
  g_assert_true (ex_game_list_is_loading (list));
  g_assert_true (ex_test_wait_until (list_loaded, list, 600000));
  loaded = g_get_monotonic_time ();
  g_assert_null (ex_game_list_get_error (list));
  g_assert_cmpuint (g_list_model_get_n_items (games), ==, expected);

  /* The filter is set from here, outside any dispatch: the lateness is
   * the listing's. */
  g_source_remove (tick);

  /* A filter on every row, applied a slice at a time. */
  filtered = G_OBJECT (gtk_sort_list_model_get_model (GTK_SORT_LIST_MODEL (
                         gtk_single_selection_get_model (GTK_SINGLE_SELECTION (
                           ex_game_list_get_shown (list))))));
  gtk_editable_set_text (GTK_EDITABLE (ex_test_find_named (GTK_WIDGET (list),
                                                          "pieces-max-filter")), "5");
  filtered_at = g_get_monotonic_time ();
  g_assert_true (ex_test_wait_until (filter_done, filtered, 60000));
  filtered_at = g_get_monotonic_time () - filtered_at;
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (filtered)), ==, expected_small);

  g_test_message ("%u games listed in %.2f s (%.0f games/s); main loop at worst %.1f ms late "
                  "(%.1f ms of its CPU time); %u games of 5 pieces or fewer filtered in %.2f s",
                  expected, (loaded - start) / 1e6, expected / ((loaded - start) / 1e6),
                  lateness.worst / 1000.0, lateness.worst_cpu / 1000.0, expected_small,
                  filtered_at / 1e6);
  /* A sanitized build (with MALLOC_CHECK_) is too slow for any bound: the
   * figures are only reported there, as the CLI's timing tests do. */
  if (!EX_TEST_SANITIZED)
    g_assert_cmpfloat (lateness.worst_cpu / 1000.0, <, 150.0 * slack);
  ex_test_destroy_window (window);
  if (made != NULL)
    g_unlink (made);
}

int
main (int   argc,
      char *argv[])
{
  /* Copies of compressed databases are counted in a temporary folder of
   * this test's own: tests that run at the same time make theirs apart. */
  g_autofree char *own_tmp_dir = ex_test_own_tmp_dir ();
  int status;

  if (!ex_test_init (&argc, &argv))
    {
      g_rmdir (own_tmp_dir);
      return 77;
    }
  app = ex_test_new_application ();
  tmp_dir = g_dir_make_tmp ("excelsior-gl-XXXXXX", NULL);

  g_test_add_func ("/ui/game-list/browse-and-filter", test_browse_and_filter);
  g_test_add_func ("/ui/game-list/sort", test_sort);
  g_test_add_func ("/ui/game-list/compressed", test_compressed);
  g_test_add_func ("/ui/game-list/changed-file", test_changed_file);
  g_test_add_func ("/ui/game-list/big", test_big);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  g_rmdir (own_tmp_dir);
  return status;
}
