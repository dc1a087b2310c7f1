/* test-themes.c: every theme of the theme library (data/themes) through
 * the engine (no display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each theme names, on its second line ("; database: PATH"), the database
 * in which it finds something: "sample/..." under data/, "studies/..."
 * under the shared data (EXCELSIOR_SHARED_DATA; those themes skip without
 * it).  Per theme the table below gives EITHER the exact number of games
 * it matches there, OR the keyword the engine does not evaluate yet
 * (CQ_QUERY_ERROR_UNSUPPORTED).  When a keyword lands in engine/cql the
 * test fails for its themes: run the theme, check the games it finds, and
 * put their count here.
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
};

static char *
theme_path (const char *file)
{
  return g_build_filename (SOURCE_DATADIR, "themes", file, NULL);
}

/* The library has at least 15 themes and every one is in the table. */
static void
test_complete (void)
{
  g_autofree char *dir_path = g_build_filename (SOURCE_DATADIR, "themes", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, &error);
  const char *name;
  guint n = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean found = FALSE;

      if (!g_str_has_suffix (name, ".cql"))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
        found |= strcmp (themes[i].file, name) == 0;
      if (!found)
        g_error ("theme %s is not in the test's table", name);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (themes));
  g_assert_cmpuint (n, >=, 15);
}

typedef struct {
  guint64 matches;
} Counts;

static void
on_match (const CqMatch *match,
          gpointer       user_data)
{
  Counts *counts = user_data;

  counts->matches++;
  g_assert_cmpuint (match->n_positions, >, 0);
}

static void
test_theme (gconstpointer data)
{
  const Theme *theme = data;
  g_autofree char *path = theme_path (theme->file);
  g_autofree char *text = NULL;
  g_autofree char *database = NULL;
  g_autofree char *db_path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_auto(GStrv) lines = NULL;
  CqSearchOptions options;
  CqSearchCallbacks callbacks = { on_match, NULL, NULL };
  Counts counts = { 0 };

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);

  /* "; Title: one line of description (... DATABASE ...)." */
  lines = g_strsplit (text, "\n", 3);
  g_assert_cmpuint (g_strv_length (lines), >=, 3);
  g_assert_true (g_str_has_prefix (lines[0], "; "));
  g_assert_nonnull (strstr (lines[0], ": "));
  g_assert_true (g_str_has_prefix (lines[1], "; database: "));
  database = g_strdup (lines[1] + strlen ("; database: "));
  g_strstrip (database);
  /* The description says where the theme finds something. */
  g_assert_nonnull (strstr (lines[0], database));

  query = cq_query_new_from_file (path, &error);
  if (theme->games < 0)
    {
      g_assert_null (query);
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, theme->unsupported));
      g_test_message ("%s: %s", theme->file, error->message);
      return;
    }
  g_assert_no_error (error);
  g_assert_nonnull (query);

  if (g_str_has_prefix (database, "sample/"))
    db_path = g_build_filename (SOURCE_DATADIR, database, NULL);
  else
    {
      const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");

      g_assert_true (g_str_has_prefix (database, "studies/"));
      if (shared == NULL || !g_file_test (shared, G_FILE_TEST_IS_DIR))
        {
          g_test_skip ("EXCELSIOR_SHARED_DATA is not set: the theme's database is not there");
          return;
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
  g_test_message ("%s: %" G_GUINT64_FORMAT " games in %s", theme->file, counts.matches, database);
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
    }

  return g_test_run ();
}
