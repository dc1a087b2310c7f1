/* test-cql6-files.c: CQL 6 `readfile` and `writefile` and the folder they
 * are confined to (engine/cql/cql6/cq6-files.c, docs/cql6.md "readfile and
 * writefile").
 *
 * Each test works in a fresh temporary folder: the folder allowed holds a
 * text file, a sub-folder, a FIFO, a folder named like a file, a symbolic
 * link inside and one leading out; a file outside it stands for the
 * user's other files.  Searches run through cq_search_run_files() on a
 * database of three games written there, so that a failing filter stops
 * the search as the tool sees it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "search/cq-search.h"
#include "test-files.h"

static const char games[] =
  "[Event \"First\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
  "[Event \"Second\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n"
  "1. f3 e5 2. g4 Qh4# 0-1\n\n"
  "[Event \"Third\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n"
  "1. d4 d5 *\n";

typedef struct {
  char *root;      /* holds everything, removed at the end */
  char *dir;       /* the folder allowed */
  char *outside;   /* a file of the user's, outside it */
  char *pgn;       /* the database, in the folder allowed */
  guint matches;
} Fixture;

static char *
in_dir (const Fixture *fx, const char *name)
{
  return g_build_filename (fx->dir, name, NULL);
}

static void
write_file (const char *path, const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static void
fixture_set_up (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = NULL, *fifo = NULL, *folder = NULL, *link_out = NULL;
  g_autofree char *link_in = NULL, *text = NULL, *nested = NULL;

  fx->root = g_dir_make_tmp ("cql6-files-XXXXXX", &error);
  g_assert_no_error (error);
  fx->dir = g_build_filename (fx->root, "allowed", NULL);
  g_assert_cmpint (g_mkdir (fx->dir, 0700), ==, 0);
  fx->outside = g_build_filename (fx->root, "secret.cqo", NULL);
  write_file (fx->outside, "the user's secret\n");
  fx->pgn = in_dir (fx, "games.pgn");
  write_file (fx->pgn, games);

  text = in_dir (fx, "notes.cqo");
  write_file (text, "First\nThird\n");
  sub = in_dir (fx, "sub");
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  nested = g_build_filename (sub, "deep.cql", NULL);
  write_file (nested, "deep");
  fifo = in_dir (fx, "pipe.cqo");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  folder = in_dir (fx, "folder.cqo");
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  link_out = in_dir (fx, "out-link.cqo");
  g_assert_cmpint (symlink (fx->outside, link_out), ==, 0);
  link_in = in_dir (fx, "in-link.cqo");
  g_assert_cmpint (symlink ("notes.cqo", link_in), ==, 0);
}

static void
fixture_tear_down (Fixture *fx, gconstpointer data)
{
  test_remove_tree (fx->root);
  g_free (fx->root);
  g_free (fx->dir);
  g_free (fx->outside);
  g_free (fx->pgn);
}

static void
on_match (const CqMatch *match, gpointer user_data)
{
  ((Fixture *) user_data)->matches++;
}

/* Reads @body (after `cql()`) as the query file q.cql of the folder
 * allowed, with that folder allowed (or none if @allow is FALSE), the
 * database protected as the tool protects it. */
static CqQuery *
read_query (Fixture *fx, const char *body, gboolean allow, GError **error)
{
  g_autofree char *path = in_dir (fx, "q.cql");
  g_autofree char *text = g_strdup_printf ("cql()\n%s\n", body);
  CqQuery *query;

  write_file (path, text);
  query = cq_query_new_from_file_allowing_files (path, NULL, allow ? fx->dir : NULL, error);
  if (query != NULL)
    cq_query_protect_file (query, fx->pgn);
  return query;
}

/* Searches the database with @body; TRUE if the whole search ran, else
 * FALSE with @error set (the filters' run-time error). */
static gboolean
search (Fixture *fx, const char *body, const char *output, GError **error)
{
  g_autoptr(CqQuery) query = read_query (fx, body, TRUE, error);
  CqSearchCallbacks cb = { on_match, NULL, NULL, NULL };
  const char *paths[] = { fx->pgn, NULL };
  CqSearchOptions opts;

  g_assert_nonnull (query);
  g_assert_true (cq_query_needs_one_thread (query));
  if (output != NULL)
    {
      g_autofree char *out = in_dir (fx, output);
      cq_query_protect_file (query, out);
    }
  cq_search_options_init (&opts);
  opts.n_threads = 4;
  fx->matches = 0;
  return cq_search_run_files (query, paths, &opts, &cb, fx, NULL, NULL, error);
}

/* The search stops with a CQ_QUERY_ERROR_IO at the filter whose message
 * holds @part. */
static void
assert_stops (Fixture *fx, const char *body, const char *output, const char *part)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (search (fx, body, output, &error));
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  if (strstr (error->message, part) == NULL || strstr (error->message, "q.cql:2:") == NULL)
    g_error ("expected \"q.cql:2:\" and \"%s\" in \"%s\"", part, error->message);
}

static void
test_refused_without_folder (Fixture *fx, gconstpointer data)
{
  const char *bodies[] = { "initial X = readfile \"notes.cqo\" X == \"x\"",
                           "initial writefile (\"w.cqo\" \"x\")" };

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = read_query (fx, bodies[i], FALSE, &error);
      g_autofree char *where = NULL;

      g_assert_null (query);
      g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES);
      g_assert_nonnull (strstr (error->message, "--allow-files"));
      where = g_strdup_printf ("q.cql:2:%d:", i == 0 ? 13 : 9);
      g_assert_nonnull (strstr (error->message, where));
    }
  /* The ordinary constructor is the same. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CqQuery) query = cq_query_new_from_string ("cql() writefile (\"a.cqo\" \"b\")",
                                                         NULL, &error);
    g_assert_null (query);
    g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES);
  }
}

static void
test_read (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  /* Games whose Event the file names: First and Third. */
  g_assert_true (search (fx, "initial event in readfile \"notes.cqo\"", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fx->matches, ==, 2);
  /* In a sub-folder, through a link that stays inside. */
  g_assert_true (search (fx, "initial readfile \"sub/deep.cql\" == \"deep\"", NULL, &error));
  g_assert_cmpuint (fx->matches, ==, 3);
  g_assert_true (search (fx, "initial \"Third\" in readfile \"in-link.cqo\"", NULL, &error));
  g_assert_cmpuint (fx->matches, ==, 3);
  /* The name is a string filter, and `~~` belongs to it (CQL 6.2). */
  g_assert_true (search (fx, "initial X = readfile \"xnotes.cqo\" ~~ \"n.*\" X ~~ \"Third\"",
                         NULL, &error));
  g_assert_cmpuint (fx->matches, ==, 3);
}

static void
test_write (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = in_dir (fx, "events.cqo");
  g_autofree char *text = NULL;

  write_file (path, "old contents\n");
  /* Emptied at the first write, then appended to, game after game. */
  g_assert_true (search (fx, "initial writefile (\"events.cqo\" event)", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (fx->matches, ==, 3);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "FirstSecondThird");
  g_clear_pointer (&text, g_free);
  /* A text without a value writes nothing and fails. */
  g_assert_true (search (fx, "initial writefile (\"events.cqo\" tag \"Annotator\")", NULL,
                         &error));
  g_assert_cmpuint (fx->matches, ==, 0);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "FirstSecondThird");
  g_clear_pointer (&text, g_free);
  /* A new file in a sub-folder; what was written is read back at once. */
  g_assert_true (search (fx, "initial writefile (\"sub/new.cql\" event) "
                         "(readfile \"sub/new.cql\") ~~ \"Second$\"", NULL, &error));
  g_assert_cmpuint (fx->matches, ==, 1);
  g_free (path);
  path = in_dir (fx, "sub/new.cql");
  text = read_file (path);
  g_assert_cmpstr (text, ==, "FirstSecondThird");
}

static void
test_hostile_names (Fixture *fx, gconstpointer data)
{
  g_autofree char *secret = NULL;
  g_autofree char *abs_read = g_strdup_printf ("initial X = readfile \"%s\" X == \"\"",
                                               fx->outside);
  g_autofree char *abs_write = g_strdup_printf ("initial writefile (\"%s\" \"x\")",
                                                fx->outside);

  assert_stops (fx, abs_read, NULL, "is absolute");
  assert_stops (fx, abs_write, NULL, "is absolute");
  assert_stops (fx, "initial X = readfile \"../secret.cqo\" X == \"\"", NULL, "(..)");
  assert_stops (fx, "initial writefile (\"sub/../../secret.cqo\" \"x\")", NULL, "(..)");
  assert_stops (fx, "initial X = readfile \"out-link.cqo\" X == \"\"", NULL,
                "leads out of the folder");
  assert_stops (fx, "initial writefile (\"out-link.cqo\" \"x\")", NULL,
                "leads out of the folder");
  assert_stops (fx, "initial X = readfile \"pipe.cqo\" X == \"\"", NULL, "pipe (FIFO)");
  assert_stops (fx, "initial writefile (\"pipe.cqo\" \"x\")", NULL, "pipe (FIFO)");
  assert_stops (fx, "initial X = readfile \"folder.cqo\" X == \"\"", NULL, "is a folder");
  assert_stops (fx, "initial writefile (\"folder.cqo\" \"x\")", NULL, "is a folder");
  assert_stops (fx, "initial X = readfile \"missing.cqo\" X == \"\"", NULL, "cannot open");
  assert_stops (fx, "initial X = readfile \"notes.txt\" X == \"\"", NULL, ".pgn, .cqo or .cql");
  assert_stops (fx, "initial writefile (\"notes.pgn\" \"x\")", NULL, ".cqo or .cql");
  /* The search's own files: the output, the query, a database. */
  assert_stops (fx, "initial writefile (\"result.cqo\" \"x\")", "result.cqo",
                "a file of the search itself");
  assert_stops (fx, "initial writefile (\"q.cql\" \"x\")", NULL, "a file of the search itself");
  secret = read_file (fx->outside);
  g_assert_cmpstr (secret, ==, "the user's secret\n");
}

static void
test_database_never_written (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *db = in_dir (fx, "games.cql");
  g_autofree char *text = NULL;
  g_autoptr(CqQuery) query = read_query (fx, "initial writefile (\"games.cql\" \"x\")", TRUE,
                                         &error);
  const char *paths[] = { db, NULL };

  write_file (db, games);
  g_assert_nonnull (query);
  cq_query_protect_file (query, db);
  g_assert_false (cq_search_run_files (query, paths, NULL, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "a file of the search itself"));
  text = read_file (db);
  g_assert_cmpstr (text, ==, games);
}

/* The first game's error stops the search: no game is reported. */
static void
test_error_stops_search (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (search (fx, "gamenumber == 2 X = readfile \"missing.cqo\" X == \"\"", NULL,
                          &error));
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  g_assert_cmpuint (fx->matches, ==, 0);
  g_clear_error (&error);
  /* The games before the error are reported. */
  g_assert_false (search (fx, "initial {gamenumber == 3 X = readfile \"missing.cqo\" X == \"\"}"
                          " or gamenumber == 1", NULL, &error));
  g_assert_cmpuint (fx->matches, ==, 1);
}

static void
test_matched_only_refused (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = read_query (fx, "initial readfile \"notes.cqo\"", TRUE, &error);

  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC);
  g_assert_nonnull (strstr (error->message, "q.cql:2:9:"));
}

/* What the reader refuses with the folder allowed (CQL 6.2 refuses the
 * same when it reads the query). */
static void
test_read_errors (Fixture *fx, gconstpointer data)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "cql() writefile \"a.cqo\" \"b\"", "q.cql:1:17: expected '(' after `writefile`" },
    { "cql() writefile (\"a.cqo\")", "q.cql:1:25: expected the text to write of `writefile`" },
    { "cql() writefile (\"a.cqo\" \"b\" \"c\")", "q.cql:1:30: expected ')'" },
    { "cql() writefile (K \"b\")",
      "q.cql:1:18: the file name of `writefile` needs a string filter" },
    { "cql() X = readfile K X == \"\"",
      "q.cql:1:20: the file name of `readfile` needs a string filter" },
    { "cql() readfile", "q.cql:1:15: expected the file name of `readfile`, a string filter" },
    { "cql() if readfile \"a.cqo\" check", "q.cql:1:10: `readfile` stands where a filter is "
                                          "matched" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_string_allowing_files (cases[i].text, "q.cql",
                                                                          fx->dir, &error);

      g_test_message ("%s -> %s", cases[i].text, error != NULL ? error->message : "(read)");
      g_assert_null (query);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

static void
test_folder_must_exist (Fixture *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = in_dir (fx, "q.cql");
  g_autofree char *missing = in_dir (fx, "no-such-folder");
  g_autoptr(CqQuery) query = NULL;

  write_file (path, "cql() mate\n");
  query = cq_query_new_from_file_allowing_files (path, NULL, missing, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  g_clear_error (&error);
  query = cq_query_new_from_file_allowing_files (path, NULL, fx->pgn, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) \
  g_test_add ("/cql6/files/" path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("refused-without-folder", test_refused_without_folder);
  ADD ("read", test_read);
  ADD ("write", test_write);
  ADD ("hostile-names", test_hostile_names);
  ADD ("database-never-written", test_database_never_written);
  ADD ("error-stops-search", test_error_stops_search);
  ADD ("matched-only-refused", test_matched_only_refused);
  ADD ("read-errors", test_read_errors);
  ADD ("folder-must-exist", test_folder_must_exist);
#undef ADD
  return g_test_run ();
}
