/* test-cql6-diff.c: CQL 6 queries on real studies against what CQL 6.2
 * itself finds.
 *
 * For each NAME.cql of tests/fixtures/cql6/diff/, NAME.expected names the
 * input (its first line, "# input: studies/FILE", under
 * $EXCELSIOR_SHARED_DATA) and lists the games CQL 6.2 build 9.493 writes
 * for the query, one line "game N: M" each (N the game's number in the
 * file, M the positions it marks).  Those are facts observed from the
 * reference (docs/cql6-rulings.md), not computed here: the engine must
 * give exactly the same lines.  Queries of filters this version does not
 * evaluate yet are listed in not_yet[]: they must be refused with
 * CQ_QUERY_ERROR_UNSUPPORTED, never run.  A query with `readfile` or
 * `writefile` runs in a temporary folder allowed for them, holding a copy
 * of the fixtures' data files (*.cqo), as CQL 6.2 was run in a folder
 * holding them.  Skips when the data is absent.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"
#include "test-files.h"

/* Fixtures of CQL 6 filters not supported yet (docs/cql6.md). */
static const char *const not_yet[] = {
  NULL
};

static char *
fixtures_dir (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  return fixtures != NULL ? g_build_filename (fixtures, "cql6", "diff", NULL) : NULL;
}

/* One matched game: its line and, for a query with `sort`, its values. */
typedef struct {
  char        *line;
  CqSortValue *values;
  guint        n_values;
} Matched;

static void
matched_clear (gpointer data)
{
  Matched *m = data;

  for (guint k = 0; k < m->n_values; k++)
    g_free (m->values[k].string);
  g_free (m->values);
  g_free (m->line);
}

static gint
compare_matched (gconstpointer a, gconstpointer b, gpointer query)
{
  const Matched *x = a, *y = b;

  return cq_query_compare_sort_values (query, x->values, y->values);
}

/* The engine's answer for @query on @pgn_path, in the fixtures' format:
 * the games in input order, or for a query with `sort` in the order of
 * the sort values the engine gives (cq_query_compare_sort_values(), ties
 * in input order), as the CLI writes them. */
static char *
evaluate (CqQuery *query, const char *pgn_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) matched = g_array_new (FALSE, FALSE, sizeof (Matched));
  guint n_keys = cq_query_get_n_sort_keys (query);
  const char *text;
  gsize len;
  CqGameSource source;
  CqMatchInfo info;

  g_array_set_clear_func (matched, matched_clear);
  if (cq_query_uses_last_game_number (query))
    {
      /* The search driver gives `lastgamenumber` CQL 6.2's estimate of
       * the games (its `[White ` tags); every game of the studies has
       * one, so here it is their number. */
      gint64 n = 0;

      reader = cq_pgn_reader_new_for_path (pgn_path, NULL, &error);
      g_assert_no_error (error);
      while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
        n++;
      g_clear_pointer (&reader, cq_pgn_reader_free);
      cq_query_set_last_game_number (query, n);
    }
  reader = cq_pgn_reader_new_for_path (pgn_path, NULL, &error);
  g_assert_no_error (error);
  cq_match_info_init (&info);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_from_text (text, len, &source, NULL);
      Matched m = { 0 };

      if (!cq_query_accepts_tags (query, game) || !cq_query_match_game (query, game, &info))
        continue;
      m.line = g_strdup_printf ("game %" G_GUINT64_FORMAT ": %u\n", source.number,
                                info.positions->len);
      g_assert_cmpuint (info.sort_values->len, ==, n_keys);
      m.n_values = n_keys;
      m.values = g_new0 (CqSortValue, MAX (n_keys, 1));
      for (guint k = 0; k < n_keys; k++)
        {
          m.values[k] = g_array_index (info.sort_values, CqSortValue, k);
          m.values[k].string = g_strdup (m.values[k].string);
        }
      g_array_append_val (matched, m);
    }
  g_assert_no_error (error);
  cq_match_info_clear (&info);
  /* g_array_sort_with_data() is stable: ties keep the input order. */
  if (n_keys > 0)
    g_array_sort_with_data (matched, compare_matched, query);
  for (guint i = 0; i < matched->len; i++)
    g_string_append (out, g_array_index (matched, Matched, i).line);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A temporary folder holding a copy of the fixtures' data files (*.cqo),
 * for a query's readfile and writefile; NULL on failure. */
static char *
files_folder (const char *fixtures)
{
  g_autoptr(GDir) d = g_dir_open (fixtures, 0, NULL);
  char *folder = g_dir_make_tmp ("cql6-diff-XXXXXX", NULL);
  const char *entry;

  g_assert_nonnull (d);
  g_assert_nonnull (folder);
  while ((entry = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (entry, ".cqo"))
      {
        g_autofree char *from = g_build_filename (fixtures, entry, NULL);
        g_autofree char *to = g_build_filename (folder, entry, NULL);
        g_autofree char *text = NULL;
        gsize len = 0;

        g_assert_true (g_file_get_contents (from, &text, &len, NULL));
        g_assert_true (g_file_set_contents (to, text, (gssize) len, NULL));
      }
  return folder;
}

static void
test_diff (gconstpointer data)
{
  const char *name = data;
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *dir = fixtures_dir ();
  g_autofree char *cql_path = g_strdup_printf ("%s/%s.cql", dir, name);
  g_autofree char *expected_path = g_strdup_printf ("%s/%s.expected", dir, name);
  g_autofree char *expected = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *got = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_autofree char *folder = NULL;
  char *newline;

  g_file_get_contents (expected_path, &expected, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (expected, "# input: "));
  newline = strchr (expected, '\n');
  g_assert_nonnull (newline);
  *newline = '\0';

  query = cq_query_new_from_file (cql_path, &error);
  if (g_error_matches (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES))
    {
      g_clear_error (&error);
      folder = files_folder (dir);
      query = cq_query_new_from_file_allowing_files (cql_path, NULL, folder, &error);
    }
  if (g_strv_contains (not_yet, name))
    {
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "not supported yet"));
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query), ==, CQ_DIALECT_CQL6);

  if (shared != NULL)
    pgn = g_build_filename (shared, expected + strlen ("# input: "), NULL);
  if (pgn == NULL || !g_file_test (pgn, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared studies ($EXCELSIOR_SHARED_DATA) are absent");
      if (folder != NULL)
        test_remove_tree (folder);
      return;
    }
  got = evaluate (query, pgn);
  g_assert_null (cq_query_get_run_error (query));
  if (folder != NULL)
    test_remove_tree (folder);
  g_assert_cmpstr (got, ==, newline + 1);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  g_test_init (&argc, &argv, NULL);
  dir = fixtures_dir ();
  g_assert_nonnull (dir);
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  /* A file a query names (similarposition's submissions) lies next to
   * it, where CQL 6.2 was run to observe the facts. */
  g_assert_cmpint (g_chdir (dir), ==, 0);
  while ((entry = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (entry, ".cql"))
      g_ptr_array_add (names, g_strndup (entry, strlen (entry) - 4));
  g_ptr_array_sort (names, compare_names);
  /* The fixtures cover every filter of docs/cql6.md: losing them is a failure. */
  g_assert_cmpuint (names->len, >=, 100);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql6/diff/%s",
                                               (char *) g_ptr_array_index (names, i));
      g_test_add_data_func (path, g_ptr_array_index (names, i), test_diff);
    }
  return g_test_run ();
}
