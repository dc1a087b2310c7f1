/* test-index-cql6.c: the index conditions of CQL 6 queries
 * (cql6/cq6-index.c): the condition of typical queries, "true" for a
 * query whose evaluation of any game could leave a trace, and soundness
 * (no matching game excluded) for every CQL 6 query of the repository
 * on the games it is run on.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "cql-test-util.h"

static CqQuery *
compile (const char *text)
{
  g_autoptr(GError) error = NULL;
  CqQuery *query = cq_query_new_from_string (text, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (cq_query_get_dialect (query), ==, CQ_DIALECT_CQL6);
  return query;
}

static char *
condition_text (const char *text)
{
  g_autoptr(CqQuery) query = compile (text);
  g_autoptr(CqIndexCondition) condition = cq_query_get_index_condition (query);

  return cq_index_condition_to_string (condition);
}

/* Queries and the condition each must give. */
static const struct {
  const char *query;
  const char *condition;
} shapes[] = {
  { "cql() mate", "flags(mate)" },
  { "cql() stalemate", "flags(stalemate)" },
  { "cql() check", "flags(check)" },
  { "cql() Qa1", "squares(Q,a1)" },
  /* A compound: all of it. */
  { "cql() {mate Ra1 check}", "and(and(squares(R,a1),flags(check)),flags(mate))" },
  { "cql() mate or stalemate", "or(flags(mate),flags(stalemate))" },
  /* With the side to move: the parts of a compound test one position. */
  { "cql() mate wtm", "flags(mate|mate-wtm)" },
  { "cql() btm stalemate", "flags(stalemate|stalemate-btm)" },
  { "cql() check and wtm", "flags(check|check-wtm)" },
  { "cql() wtm btm mate", "flags(mate)" },
  { "cql() wtm {mate}", "flags(mate)" },
  { "cql() flipcolor {mate wtm}", "or(flags(mate|mate-wtm),flags(mate|mate-btm))" },
  { "cql() not mate", "true" },
  /* Counts: at least (and one on the squares), at most on the whole board. */
  { "cql() #R >= 2", "and(count>=(R,2),squares(R,a1-h8))" },
  { "cql() #[Qq] == 0", "count<=(Qq,0)" },
  { "cql() 1 < #N", "and(count>=(N,2),squares(N,a1-h8))" },
  { "cql() #N[a-h8] < 3", "true" },
  { "cql() #P < 0", "false" },
  { "cql() power Q >= 10", "and(count>=(Q,2),squares(Q,a1-h8))" },
  /* Moves: promotions, castling, en passant. */
  { "cql() move promote N", "flags(promote=N)" },
  { "cql() move castle", "flags(castle)" },
  { "cql() move enpassant", "flags(enpassant)" },
  { "cql() move legal promote N", "true" },
  /* No empty squares in an index: `_` asks nothing of it. */
  { "cql() move from K to _", "squares(K,a1-h8)" },
  /* Transforms: the union of the images. */
  { "cql() flipcolor Ka1", "or(squares(K,a1),squares(k,a8))" },
  { "cql() flip {Ka1 Rh1}", NULL },
  /* Dash filters: the move's squares and the position it leads to. */
  { "cql() Q--k", "and(squares(Q,a1-h8),squares(k,a1-h8))" },
  { "cql() [x]=N", "flags(promote=N|capture)" },
  { "cql() legal Q--k", "true" },
  { "cql() sort \"checks\" line --> check+", "flags(check)" },
  /* Other positions of the game. */
  { "cql() find mate", "flags(mate)" },
  { "cql() parent:check", "flags(check)" },
  { "cql() line --> check --> mate", "flags(check|mate)" },
  { "cql() line --> check* --> mate", "flags(mate)" },
  { "cql() line --> check{2,} --> stalemate", "flags(check|stalemate)" },
  { "cql() line --> check --> -- mate", "flags(check|mate)" },
  /* Arithmetic that cannot overflow leaves no trace. */
  { "cql() Seen = 0 Seen += #P Seen * 2 - 1 > 3 mate", "flags(mate)" },
  { "cql() Where = a1 Where |= Q mate", "flags(mate)" },
  /* One tag filter: a tag's value is bounded by the game's size. */
  { "cql() player \"Kasparov\" mate", "flags(mate)" },
  /* Variables: a read is not known. */
  { "cql() x = #P x > 3", "true" },
  { "cql() square x in [Qq] {mate}", "and(squares(Qq,a1-h8),flags(mate))" },
  { "cql() square all x in Q mate", "true" },
  /* Matchcount admitting 0 matches every game. */
  { "cql(matchcount 0 10) mate", "true" },
};

/* The squares of a condition written by cq_index_condition_to_string()
 * as a range, for the table above. */
static char *
shorten (const char *text)
{
  GString *all = g_string_new (NULL);

  for (int sq = 0; sq < 64; sq++)
    g_string_append_printf (all, "%s%c%c", sq == 0 ? "" : " ", 'a' + sq % 8, '1' + sq / 8);
  {
    g_autofree char *from = g_string_free (all, FALSE);
    g_auto(GStrv) parts = g_strsplit (text, from, -1);

    return g_strjoinv ("a1-h8", parts);
  }
}

static void
test_shapes (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autofree char *got = condition_text (shapes[i].query);
      g_autofree char *text = shorten (got);

      g_test_message ("%s: %s", shapes[i].query, text);
      if (shapes[i].condition != NULL)
        g_assert_cmpstr (text, ==, shapes[i].condition);
    }
}

/* `flip {Ka1 Rh1}`: eight images, each a king on a corner with a rook on
 * a neighbouring corner. */
static void
test_flip (void)
{
  g_autoptr(CqQuery) query = compile ("cql() flip {Ka1 Rh1}");
  g_autoptr(CqIndexCondition) condition = cq_query_get_index_condition (query);
  CqGameSummary summary;

  memset (&summary, 0, sizeof summary);
  summary.squares[CQ_WK] = CQ_BIT (CQ_SQUARE (7, 7));
  summary.squares[CQ_WR] = CQ_BIT (CQ_SQUARE (7, 0));
  g_assert_true (cq_index_condition_test (condition, &summary));
  summary.squares[CQ_WR] = CQ_BIT (CQ_SQUARE (3, 3));
  g_assert_false (cq_index_condition_test (condition, &summary));
  /* The image is not colour-swapped. */
  summary.squares[CQ_WK] = 0;
  summary.squares[CQ_BK] = CQ_BIT (CQ_SQUARE (7, 7));
  summary.squares[CQ_BR] = CQ_BIT (CQ_SQUARE (7, 0));
  g_assert_false (cq_index_condition_test (condition, &summary));
}

/* Queries whose evaluation of a game that does not match can leave a
 * trace (or that this analysis does not know): every game is read. */
static const char *const traces[] = {
  "cql() message (\"here\") mate",
  "cql() persistent hits = 0 mate",
  "cql() persistent hits += 1 mate",
  "cql() assert not mate mate",
  "cql() dictionary Seen Seen[\"a\"] = 1 mate",
  "cql() local dictionary Plies Plies[ply] = 1 mate",
  "cql() player \"Kasparov\" player \"Karpov\" mate",
  "cql() Big = 1 Big *= 1000 mate",
  "cql() Big = 2 Big = Big * Big mate",
  "cql() Big = 2 Total = 0 Total += Big Big = Total mate",
  "cql() event ~~ \"a(b|c)*\" mate",
  "cql() Digits = 0 while (event ~~ \"[0-9]\") { Digits += 1 } mate",
  "cql() find all {comment (\"seen\")} mate",
  "cql() line --> {comment (\"x\")} --> mate",
  "cql() square x in . square y in . comment (x y) mate",
};

static void
test_traces (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    {
      g_autofree char *got = condition_text (traces[i]);

      g_test_message ("%s: %s", traces[i], got);
      g_assert_cmpstr (got, ==, "true");
    }
}

/* Filters with a trace in a part of the query that cannot match keep the
 * whole query's condition "true"; without it, the same query is
 * selective. */
static void
test_trace_anywhere (void)
{
  g_autofree char *a = condition_text ("cql() mate or message (\"x\")");
  g_autofree char *b = condition_text ("cql() mate comment (\"x\")");

  g_assert_cmpstr (a, ==, "true");
  g_assert_cmpstr (b, ==, "flags(mate)");
}

/* A game deeper than CQ_SUMMARY_LONG_PLIES is always read: a `line` may
 * stop the search with an error there whatever the condition says. */
static void
test_long_game (void)
{
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autoptr(CqGame) game = NULL;
  g_autoptr(CqGame) short_game = NULL;
  CqGameSummary summary;

  for (guint i = 0; i < 150; i++)
    g_string_append_printf (moves, "%u. Nf3 Nf6 %u. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2);
  game = cql_test_game_new (NULL, NULL, moves->str, NULL, 0);
  cq_game_summarize (game, &summary);
  g_assert_true (summary.flags & CQ_SUMMARY_LONG);
  g_assert_true (summary.flags & CQ_SUMMARY_ALWAYS_READ);
  short_game = cql_test_game_new (NULL, NULL, "1. Nf3 Nf6 2. Ng1 Ng8", NULL, 0);
  cq_game_summarize (short_game, &summary);
  g_assert_false (summary.flags & CQ_SUMMARY_LONG);
}

/* The shared data folder's file @rel, or NULL (the test is skipped). */
static char *
shared_path (const char *rel)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  char *path;

  if (shared == NULL)
    return NULL;
  path = g_build_filename (shared, rel, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_clear_pointer (&path, g_free);
  return path;
}

/* Selective queries exclude games of the studies. */
static void
test_excludes (void)
{
  static const char *const selective[] = {
    "cql() mate #[Qq] == 0",
    "cql() move promote N",
    "cql() flip {Ka1 Rh1}",
    "cql() line --> check --> check --> mate",
    "cql() stalemate #[Pp] == 0",
  };
  g_autofree char *pgn = shared_path ("studies/cql6-sample-hhdb-selection.pgn");

  if (pgn == NULL)
    {
      g_test_skip ("the shared studies ($EXCELSIOR_SHARED_DATA) are absent");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (selective); i++)
    {
      g_autoptr(CqQuery) query = compile (selective[i]);

      g_assert_cmpuint (cql_test_assert_index_sound (query, pgn), >, 0);
    }
}

/* The games each query of the repository is checked on: the input a
 * fixture names, else the studies and games below that are present. */
static const char *const repository_games[] = {
  "chess/kasparov-deep-blue-1997.pgn",
  "viewer/diagram-studies.pgn",
  "viewer/beautiful-chess-studies-1-excerpt.pgn",
  "cli/mini.pgn",
};
static const char *const shared_games[] = {
  "studies/cql6-sample-hhdb-selection.pgn",
  "games/chesslib/linares_2002.pgn",
};

/* Compiles the query file @path, in its folder (a file it names lies
 * there); NULL for a query this build refuses (files, not supported). */
static CqQuery *
compile_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *dir = g_path_get_dirname (path);
  CqQuery *query;

  g_assert_cmpint (g_chdir (dir), ==, 0);
  query = cq_query_new_from_file (path, &error);
  if (g_error_matches (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_FILES))
    {
      /* readfile, writefile: compiled with a folder, every game is read. */
      g_autofree char *folder = g_dir_make_tmp ("index-cql6-XXXXXX", NULL);
      g_autoptr(CqQuery) with_files = NULL;
      g_autoptr(CqIndexCondition) condition = NULL;

      g_clear_error (&error);
      with_files = cq_query_new_from_file_allowing_files (path, NULL, folder, &error);
      g_assert_no_error (error);
      condition = cq_query_get_index_condition (with_files);
      g_assert_true (cq_index_condition_is_true (condition));
      g_clear_pointer (&with_files, cq_query_free);
      g_rmdir (folder);
      g_assert_cmpint (g_chdir (cwd), ==, 0);
      return NULL;
    }
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  if (query == NULL)
    {
      g_test_message ("%s: not compiled: %s", path, error->message);
      return NULL;
    }
  if (cq_query_get_dialect (query) != CQ_DIALECT_CQL6)
    g_clear_pointer (&query, cq_query_free);
  return query;
}

static void
check_query_file (const char *path, const char *input)
{
  g_autoptr(CqQuery) query = compile_file (path);
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *dir = g_path_get_dirname (path);
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  if (query == NULL)
    return;
  /* A query may read a file next to it (similarposition). */
  g_assert_cmpint (g_chdir (dir), ==, 0);
  if (input != NULL)
    {
      g_autofree char *pgn = shared_path (input);

      if (pgn != NULL)
        cql_test_assert_index_sound (query, pgn);
    }
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (repository_games); i++)
        {
          g_autofree char *pgn = g_build_filename (fixtures, repository_games[i], NULL);

          cql_test_assert_index_sound (query, pgn);
        }
      for (guint i = 0; i < G_N_ELEMENTS (shared_games); i++)
        {
          g_autofree char *pgn = shared_path (shared_games[i]);

          if (pgn != NULL)
            cql_test_assert_index_sound (query, pgn);
        }
    }
  g_assert_cmpint (g_chdir (cwd), ==, 0);
}

/* The input a differential fixture names (its .expected's first line). */
static char *
fixture_input (const char *cql_path)
{
  g_autofree char *base = g_strndup (cql_path, strlen (cql_path) - 4);
  g_autofree char *expected_path = g_strconcat (base, ".expected", NULL);
  g_autofree char *expected = NULL;
  char *newline;

  if (!g_file_get_contents (expected_path, &expected, NULL, NULL)
      || !g_str_has_prefix (expected, "# input: "))
    return NULL;
  newline = strchr (expected, '\n');
  if (newline != NULL)
    *newline = '\0';
  return g_strdup (expected + strlen ("# input: "));
}

static void
test_sound_diff (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  g_autofree char *dir = g_build_filename (fixtures, "cql6", "diff", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autofree char *probe = shared_path ("studies/cql6-sample-hhdb-selection.pgn");
  const char *entry;
  guint n = 0;

  if (probe == NULL)
    {
      g_test_skip ("the shared studies ($EXCELSIOR_SHARED_DATA) are absent");
      return;
    }
  g_assert_nonnull (d);
  while ((entry = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (entry, ".cql"))
      {
        g_autofree char *path = g_build_filename (dir, entry, NULL);
        g_autofree char *input = fixture_input (path);

        if (input != NULL)
          check_query_file (path, input), n++;
      }
  g_assert_cmpuint (n, >=, 100);
}

/* The themes and example queries of data/ (CQL 6 ones). */
static void
test_sound_data (void)
{
  static const char *const folders[] = { "themes", "queries" };
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  guint n = 0;

  g_assert_nonnull (srcdir);
  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *dir = g_build_filename (srcdir, "..", "data", folders[f], NULL);
      g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
      const char *entry;

      g_assert_nonnull (d);
      while ((entry = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (entry, ".cql6"))
          {
            g_autofree char *path = g_build_filename (dir, entry, NULL);

            check_query_file (path, NULL), n++;
          }
    }
  g_assert_cmpuint (n, >=, 20);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-cql6/shapes", test_shapes);
  g_test_add_func ("/index-cql6/flip", test_flip);
  g_test_add_func ("/index-cql6/traces", test_traces);
  g_test_add_func ("/index-cql6/trace-anywhere", test_trace_anywhere);
  g_test_add_func ("/index-cql6/long-game", test_long_game);
  g_test_add_func ("/index-cql6/excludes", test_excludes);
  g_test_add_func ("/index-cql6/sound/diff", test_sound_diff);
  g_test_add_func ("/index-cql6/sound/data", test_sound_data);
  return g_test_run ();
}
