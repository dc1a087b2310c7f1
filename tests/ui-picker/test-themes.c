/* test-themes.c: every theme of the theme library (data/themes) through
 * the engine (no display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A theme is NAME.cql (CQL 3) and/or NAME.cql6 (CQL 6).  Each file names,
 * on its second line ("; database: PATH", "// database: PATH" in CQL 6),
 * the database in which it finds something: "sample/..." under data/, "studies/..."
 * under the shared data (EXCELSIOR_SHARED_DATA; those themes skip without
 * it).  Per theme the table below gives EITHER the exact number of games
 * it matches there, OR the keyword the engine does not evaluate yet
 * (CQ_QUERY_ERROR_UNSUPPORTED).  When a keyword lands in engine/cql the
 * test fails for its themes: run the theme, check the games it finds, and
 * put their count here.
 *
 * A file the query itself reads ("sample/studies.pgn" in a CQL string, as
 * `similarposition` reads it) is a bundled data file: the test puts its
 * path in, as the workbench's theme library does when it loads the theme.
 *
 * Every CQL 3 theme has a CQL 6 twin that finds exactly the same game
 * numbers on that database (/themes/twin/...), and at least ten themes
 * exist only in CQL 6; each finds at least one game.
 */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "cql/cq-query.h"
#include "search/cq-search.h"

typedef struct {
  const char *file;
  gint64      games;        /* expected matching games; -1: unsupported */
  const char *unsupported;  /* the keyword named in the error */
} Theme;

static const Theme themes[] = {
  { "captures-one-square.cql",       1, NULL },
  { "castling.cql",                  1, NULL },
  { "corner-stalemate.cql",          8, NULL },
  { "excelsior.cql",                 8, NULL },
  { "kings-opposition-knight.cql",   2, NULL },
  { "knight-chases-knight.cql",      6, NULL },
  { "many-checks.cql",              25, NULL },
  { "mirror-mate.cql",               5, NULL },
  { "model-stalemate-pins.cql",     10, NULL },
  { "mutual-zugzwang.cql",          27, NULL },
  { "passed-pawns.cql",             36, NULL },
  { "pinned-knight.cql",             6, NULL },
  { "quadrupled-pawns.cql",          4, NULL },
  { "queen-staircase.cql",           6, NULL },
  { "recurs-piece-missing.cql",     17, NULL },
  { "rook-mate-edge.cql",            1, NULL },
  { "rook-pawn-stalemate.cql",       2, NULL },
  { "rook-four-corners.cql",         3, NULL },
  { "rook-rectangle.cql",            3, NULL },
  { "underpromotion.cql",           20, NULL },
  { "unguarded-guard.cql",          17, NULL },
  /* The CQL 6 twins: the same games. */
  { "captures-one-square.cql6",      1, NULL },
  { "castling.cql6",                 1, NULL },
  { "corner-stalemate.cql6",         8, NULL },
  { "excelsior.cql6",                8, NULL },
  { "kings-opposition-knight.cql6",  2, NULL },
  { "knight-chases-knight.cql6",     6, NULL },
  { "many-checks.cql6",             25, NULL },
  { "mirror-mate.cql6",              5, NULL },
  { "model-stalemate-pins.cql6",    10, NULL },
  { "mutual-zugzwang.cql6",         27, NULL },
  { "passed-pawns.cql6",            36, NULL },
  { "pinned-knight.cql6",            6, NULL },
  { "quadrupled-pawns.cql6",         4, NULL },
  { "queen-staircase.cql6",          6, NULL },
  { "recurs-piece-missing.cql6",    17, NULL },
  { "rook-mate-edge.cql6",           1, NULL },
  { "rook-pawn-stalemate.cql6",      2, NULL },
  { "rook-four-corners.cql6",        3, NULL },
  { "rook-rectangle.cql6",           3, NULL },
  { "underpromotion.cql6",          20, NULL },
  { "unguarded-guard.cql6",         17, NULL },
  /* Only CQL 6 can say these (the same games as CQL 6.2 finds). */
  { "check-series.cql6",            25, NULL },
  { "domination.cql6",              18, NULL },
  { "echo-mates.cql6",               6, NULL },
  { "excelsior-march.cql6",          5, NULL },
  { "king-march.cql6",              15, NULL },
  { "knight-round-trip.cql6",       10, NULL },
  { "platzwechsel.cql6",             9, NULL },
  { "rook-rectangle-corners.cql6",  20, NULL },
  { "systematic-manoeuvre.cql6",     8, NULL },
  { "underpromotion-echo.cql6",     40, NULL },
  { "model-mate.cql6",              31, NULL },
  { "ideal-mate.cql6",               9, NULL },
  { "pure-stalemate.cql6",          28, NULL },
  { "model-stalemate.cql6",         23, NULL },
  { "cooked-prize-winner.cql6",      4, NULL },
  { "similar-position.cql6",         3, NULL },
};

static char *
theme_path (const char *file)
{
  return g_build_filename (SOURCE_DATADIR, "themes", file, NULL);
}

/* The library has at least 15 CQL 3 themes, each with a CQL 6 twin, and
 * at least 10 CQL-6-only ones, and every file is in the table. */
static void
test_complete (void)
{
  g_autofree char *dir_path = g_build_filename (SOURCE_DATADIR, "themes", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, &error);
  const char *name;
  guint n = 0, n_cql3 = 0, n_only6 = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean found = FALSE;
      gboolean cql6 = g_str_has_suffix (name, ".cql6");
      g_autofree char *twin = NULL;
      g_autofree char *twin_path = NULL;

      if (!cql6 && !g_str_has_suffix (name, ".cql"))
        continue;
      twin = cql6 ? g_strndup (name, strlen (name) - 1) : g_strconcat (name, "6", NULL);
      twin_path = g_build_filename (dir_path, twin, NULL);
      if (!cql6 && !g_file_test (twin_path, G_FILE_TEST_IS_REGULAR))
        g_error ("theme %s has no CQL 6 twin %s", name, twin);
      if (cql6 && !g_file_test (twin_path, G_FILE_TEST_IS_REGULAR))
        n_only6++;
      if (!cql6)
        n_cql3++;
      for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
        found |= strcmp (themes[i].file, name) == 0;
      if (!found)
        g_error ("theme %s is not in the test's table", name);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (themes));
  g_assert_cmpuint (n_cql3, >=, 15);
  g_assert_cmpuint (n_only6, >=, 10);
}

typedef struct {
  guint64 matches;
  GArray *numbers;  /* the game numbers matched, guint64 */
} Counts;

static void
on_match (const CqMatch *match,
          gpointer       user_data)
{
  Counts *counts = user_data;

  counts->matches++;
  g_assert_cmpuint (match->n_positions, >, 0);
  g_array_append_val (counts->numbers, match->source.number);
}

static int
compare_numbers (gconstpointer a,
                 gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* Runs theme file @file on the database it names: the numbers of the
 * games it matches, sorted, in @numbers; FALSE (after g_test_skip()) when
 * the database is not on this computer or @theme says the engine does not
 * evaluate it yet. */
static gboolean
run_theme (const Theme *theme,
           GArray      *numbers)
{
  g_autofree char *path = theme_path (theme->file);
  g_autofree char *text = NULL;
  g_autofree char *database = NULL;
  g_autofree char *db_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_auto(GStrv) lines = NULL;
  CqSearchOptions options;
  CqSearchCallbacks callbacks = { on_match, NULL, NULL };
  Counts counts = { 0, numbers };
  gboolean cql6 = g_str_has_suffix (theme->file, ".cql6");
  const char *comment = cql6 ? "// " : "; ";
  g_autofree char *database_line = g_strconcat (comment, "database: ", NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);

  /* "; Title: one line of description (... DATABASE ...)." ("//" in
   * CQL 6) */
  lines = g_strsplit (text, "\n", 3);
  g_assert_cmpuint (g_strv_length (lines), >=, 3);
  g_assert_true (g_str_has_prefix (lines[0], comment));
  g_assert_nonnull (strstr (lines[0], ": "));
  g_assert_true (g_str_has_prefix (lines[1], database_line));
  database = g_strdup (lines[1] + strlen (database_line));
  g_strstrip (database);
  /* The description says where the theme finds something. */
  g_assert_nonnull (strstr (lines[0], database));

  if (strstr (text, "\"sample/") != NULL)
    {
      g_autofree char *data_dir = g_build_filename (SOURCE_DATADIR, "sample/", NULL);
      g_autofree char *quoted = g_strconcat ("\"", data_dir, NULL);
      g_auto(GStrv) parts = g_strsplit (text, "\"sample/", -1);
      g_autofree char *resolved = g_strjoinv (quoted, parts);

      query = cq_query_new_from_string (resolved, path, &error);
    }
  else
    query = cq_query_new_from_file (path, &error);
  if (theme->games < 0)
    {
      g_assert_null (query);
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, theme->unsupported));
      g_test_message ("%s: %s", theme->file, error->message);
      g_test_skip ("the engine does not evaluate this theme yet");
      return FALSE;
    }
  g_assert_no_error (error);
  g_assert_nonnull (query);
  g_assert_cmpint (cq_query_get_dialect (query), ==, cql6 ? CQ_DIALECT_CQL6 : CQ_DIALECT_CQL3);

  if (g_str_has_prefix (database, "sample/"))
    db_path = g_build_filename (SOURCE_DATADIR, database, NULL);
  else
    {
      const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");

      g_assert_true (g_str_has_prefix (database, "studies/"));
      if (shared == NULL || !g_file_test (shared, G_FILE_TEST_IS_DIR))
        {
          g_test_skip ("EXCELSIOR_SHARED_DATA is not set: the theme's database is not there");
          return FALSE;
        }
      db_path = g_build_filename (shared, database, NULL);
    }
  g_assert_true (g_file_test (db_path, G_FILE_TEST_IS_REGULAR));

  cq_search_options_init (&options);
  options.n_threads = 2;
  g_assert_true (cq_search_run (query, db_path, &options, &callbacks, &counts,
                                NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.matches, ==, (guint64) theme->games);
  g_assert_cmpuint (counts.matches, >, 0);
  g_array_sort (numbers, compare_numbers);
  g_test_message ("%s: %" G_GUINT64_FORMAT " games in %s", theme->file, counts.matches, database);
  return TRUE;
}

static void
test_theme (gconstpointer data)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint64));

  run_theme (data, numbers);
}

static const Theme *
find_theme (const char *file)
{
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (strcmp (themes[i].file, file) == 0)
      return &themes[i];
  return NULL;
}

/* A CQL 3 theme and its CQL 6 twin find the same game numbers. */
static void
test_twin (gconstpointer data)
{
  const Theme *cql3 = data;
  g_autofree char *twin_file = g_strconcat (cql3->file, "6", NULL);
  const Theme *cql6 = find_theme (twin_file);
  g_autoptr(GArray) numbers3 = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) numbers6 = g_array_new (FALSE, FALSE, sizeof (guint64));

  g_assert_nonnull (cql6);
  if (!run_theme (cql3, numbers3) || !run_theme (cql6, numbers6))
    return;
  g_assert_cmpuint (numbers6->len, ==, numbers3->len);
  for (guint i = 0; i < numbers3->len; i++)
    g_assert_cmpuint (g_array_index (numbers6, guint64, i), ==,
                      g_array_index (numbers3, guint64, i));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/themes/complete", test_complete);
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    {
      g_autofree char *name = g_strdup_printf ("/themes/%s", themes[i].file);

      g_test_add_data_func (name, &themes[i], test_theme);
      if (g_str_has_suffix (themes[i].file, ".cql"))
        {
          g_autofree char *twin = g_strdup_printf ("/themes/twin/%s", themes[i].file);

          g_test_add_data_func (twin, &themes[i], test_twin);
        }
    }

  return g_test_run ();
}
