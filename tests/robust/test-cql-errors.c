/* test-cql-errors.c: every kind of CQL error is reported with file, line
 * and column, the offending text and what was expected (rulings R13:
 * "FILE:LINE:COLUMN: message").  One test per error, each checking the
 * exact location, the error code and the key parts of the message.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cql/cq-query.h"

typedef struct {
  const char *name;      /* test path */
  const char *text;      /* the query */
  int         code;      /* CqQueryError, or -1: any code (see below) */
  const char *location;  /* "LINE:COLUMN" */
  const char *parts[3];  /* substrings the message must contain */
} ErrorCase;

/* Queries span several lines so that line and column are both tested. */
static const ErrorCase cases[] = {
  { "unclosed-paren", "(match\n  (position :mate)\n", CQ_QUERY_ERROR_SYNTAX, "1:1",
    { "never closed", "expected ')'", NULL } },
  { "extra-close-paren", "(match\n  (position :mate)))\n", CQ_QUERY_ERROR_SYNTAX, "2:20",
    { "unexpected ')'", NULL } },
  { "unknown-keyword", "(match\n  (position\n    :frobnicate))\n",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD, "3:5", { "':frobnicate'", "no such keyword", NULL } },
  { "unknown-keyword-suggests", "(match (position :chek))\n",
    CQ_QUERY_ERROR_UNKNOWN_KEYWORD, "1:18", { "':chek'", "':check'", NULL } },
  { "missing-position-list", "(match :year 1990)\n", CQ_QUERY_ERROR_SYNTAX, "1:18",
    { "no position list", "expected", "(position" } },
  { "missing-range", "(match\n  (position :piececount [Pp]))\n", CQ_QUERY_ERROR_SYNTAX, "2:29",
    { "':piececount'", "expects a range", "found ')'" } },
  { "range-not-a-number", "(match (position :power [Qq] x 3))\n", CQ_QUERY_ERROR_SYNTAX, "1:30",
    { "':power'", "expects a range", "`x`" } },
  { "bad-range-order", "(match :year 2000 1990 (position))\n", CQ_QUERY_ERROR_SYNTAX, "1:19",
    { "':year'", "`2000 1990`", "must not exceed" } },
  { "extra-argument", "(match\n  (position :initial 3 4))\n", CQ_QUERY_ERROR_SYNTAX, "2:22",
    { "`3`", "where a keyword or a piece designator was expected", NULL } },
  { "extra-word-in-match-list", "(match (position) extra)\n", CQ_QUERY_ERROR_SYNTAX, "1:19",
    { "`extra`", "expected a keyword or a position list", NULL } },
  { "bad-piece-designator", "(match\n (position Z[a1]))\n", CQ_QUERY_ERROR_SYNTAX, "2:12",
    { "`Z[a1]`", "not a piece designator", "expected a piecetype" } },
  { "bad-square-designator", "(match (position K[i9]))\n", CQ_QUERY_ERROR_SYNTAX, "1:20",
    { "`K[i9]`", "expected a square designator", "found 'i'" } },
  { "bad-square-range", "(match (position K[a1-h2]))\n", CQ_QUERY_ERROR_SYNTAX, "1:23",
    { "`K[a1-h2]`", "expected a rank", "found 'h'" } },
  { "missing-designator", "(match (position :attackcount K))\n", CQ_QUERY_ERROR_SYNTAX, "1:32",
    { "':attackcount'", "expects two piece designators", "found ')'" } },
  { "ray-too-short", "(match (position :ray (Q)))\n", CQ_QUERY_ERROR_SYNTAX, "1:23",
    { "':ray'", "at least two piece designators", NULL } },
  { "match-keyword-in-position-list", "(match\n  (position :pgn foo.pgn))\n",
    CQ_QUERY_ERROR_SEMANTIC, "2:13", { "':pgn'", "belongs in the match list", NULL } },
  { "position-keyword-in-match-list", "(match :mate (position))\n",
    CQ_QUERY_ERROR_SEMANTIC, "1:8", { "':mate'", "belongs in a position list", NULL } },
  { "position-list-outside-match", "(position :mate)\n", CQ_QUERY_ERROR_SYNTAX, "1:1",
    { "position list must stand inside the match list", NULL } },
  { "output-equals-pgn", "(match :pgn a.pgn\n       :output a.pgn (position))\n",
    CQ_QUERY_ERROR_SEMANTIC, "2:8", { "':output'", "same file as ':pgn'", NULL } },
  { "empty-text", "", CQ_QUERY_ERROR_SYNTAX, "1:1", { NULL } },
  { "comment-only", "; nothing here\n", CQ_QUERY_ERROR_SYNTAX, "2:1", { NULL } },
  { "missing-argument", "(match :player)\n", CQ_QUERY_ERROR_SYNTAX, "1:15",
    { "':player'", "player's name", NULL } },
  { "keyword-twice", "(match :pgn a.pgn\n  :pgn b.pgn (position))\n",
    CQ_QUERY_ERROR_SEMANTIC, "2:3",
    { "':pgn'", "given twice", "(first at 1:8)" } },
};

/* Errors of the keywords that look across positions (tags, :relation,
 * counts, sequences); any error code but CQ_QUERY_ERROR_IO is accepted. */
static const ErrorCase pending_cases[] = {
  { "too-many-tags",
    "(match :forany a K :forany b K :forany c K :forany d K :forany e K :forany f K\n"
    " :forany g K :forany h K :forany i K :forany j K :forany k K (position))\n",
    -1, "1:32", { ":forany", "at most", NULL } },
  { "tag-with-relation",
    "(match :forany x K\n  (position :relation (:pattern $x[e1])))\n",
    -1, "2:13", { ":relation", ":forany", NULL } },
  { "matchcount-below-top-level",
    "(match\n  (position :sequence ((position :matchcount 2 3))))\n",
    -1, "2:34", { "':matchcount'", "top level", NULL } },
  { "two-sequences",
    "(match (position :sequence ((position)) :sequence ((position))))\n",
    -1, "1:41", { ":sequence", "only one", NULL } },
};

static void
check_case (gconstpointer data)
{
  const ErrorCase *ec = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (ec->text, "robust.cql", &error);
  g_autofree char *prefix = NULL;

  g_assert_null (query);
  g_assert_nonnull (error);
  g_assert_true (error->domain == CQ_QUERY_ERROR);
  g_test_message ("%s", error->message);
  if (ec->code >= 0)
    g_assert_cmpint (error->code, ==, ec->code);
  else
    g_assert_true (error->code != CQ_QUERY_ERROR_IO);
  /* FILE:LINE:COLUMN: message */
  if (ec->location)
    {
      prefix = g_strdup_printf ("robust.cql:%s: ", ec->location);
      if (!g_str_has_prefix (error->message, prefix))
        {
          g_test_fail_printf ("expected the location %s in: %s", prefix, error->message);
          return;
        }
    }
  else
    {
      g_autoptr(GRegex) re = g_regex_new ("^robust\\.cql:[1-9][0-9]*:[1-9][0-9]*: .+", 0, 0, NULL);
      g_assert_true (g_regex_match (re, error->message, 0, NULL));
    }
  for (guint i = 0; i < G_N_ELEMENTS (ec->parts) && ec->parts[i]; i++)
    if (strstr (error->message, ec->parts[i]) == NULL)
      g_test_fail_printf ("expected '%s' in: %s", ec->parts[i], error->message);
}

/* The same errors from a file: the file name as given is in the message. */
static void
test_from_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(CqQuery) query = NULL;
  int fd = g_file_open_tmp ("cq-errors-XXXXXX.cql", &path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (write (fd, "(match\n\t(position Q[a9]))\n", 26), ==, 26);
  close (fd);
  query = cq_query_new_from_file (path, &error);
  g_assert_null (query);
  prefix = g_strdup_printf ("%s:2:", path);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_true (strstr (error->message, "`Q[a9]`") != NULL);
  g_clear_error (&error);
  remove (path);

  query = cq_query_new_from_file (path, &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  g_assert_true (strstr (error->message, path) != NULL);
}

/* Lists nested without end are refused at a fixed depth, not recursed
 * into until the stack overflows. */
static void
test_deep_nesting (void)
{
  g_autoptr(GString) text = g_string_new ("(match (position");
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append (text, " :not (position");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, ')');
  g_string_append (text, "))");
  query = cq_query_new_from_string (text->str, "robust.cql", &error);
  g_assert_null (query);
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "robust.cql:1:"));
  g_assert_true (strstr (error->message, "nested deeper") != NULL);
}

/* Columns count characters, not bytes (R13). */
static void
test_column_in_characters (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query =
    cq_query_new_from_string ("(match :player \"Ré\" (position :zz))", "robust.cql", &error);

  g_assert_null (query);
  g_assert_true (g_str_has_prefix (error->message, "robust.cql:1:31: "));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strconcat ("/robust/cql-error/", cases[i].name, NULL);
      g_test_add_data_func (path, &cases[i], check_case);
    }
  for (guint i = 0; i < G_N_ELEMENTS (pending_cases); i++)
    {
      g_autofree char *path = g_strconcat ("/robust/cql-error/", pending_cases[i].name, NULL);
      g_test_add_data_func (path, &pending_cases[i], check_case);
    }
  g_test_add_func ("/robust/cql-error/from-file", test_from_file);
  g_test_add_func ("/robust/cql-error/column-in-characters", test_column_in_characters);
  g_test_add_func ("/robust/cql-error/deep-nesting", test_deep_nesting);
  return g_test_run ();
}
