/* test-query-info.c: what the engine tells about a query's text besides
 * its compiled form (cq-query-info.h): error locations as data, :markall,
 * bare position lists, declared names, CQL 6 designators.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib.h>

#include "cql/cq-query.h"
#include "cql/cq-query-info.h"
#include "cql/cq-designator-text.h"

/* A real query, read whole: a theme of data/themes, or a fixture of
 * @dir under EXCELSIOR_FIXTURES. */
static char *
read_theme (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "themes", name,
                                                 NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static char *
read_fixture (const char *dir,
              const char *name)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  g_autofree char *path = NULL;
  char *text = NULL;

  g_assert_nonnull (fixtures);
  path = g_build_filename (fixtures, dir, name, NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* @error is a CQ_QUERY_ERROR of @code at @file:@line:@column, and its
 * message is that location followed by its detail. */
static void
assert_error_at (const GError *error,
                 int           code,
                 const char   *file,
                 guint         line,
                 guint         column)
{
  const char *got_file = NULL;
  guint got_line = 0, got_column = 0;
  g_autofree char *message = NULL;

  g_assert_error (error, CQ_QUERY_ERROR, code);
  g_assert_true (cq_query_error_get_location (error, &got_file, &got_line, &got_column));
  g_assert_cmpstr (got_file, ==, file);
  g_assert_cmpuint (got_line, ==, line);
  g_assert_cmpuint (got_column, ==, column);
  message = g_strdup_printf ("%s:%u:%u: %s", file, line, column,
                             cq_query_error_get_detail (error));
  g_assert_cmpstr (message, ==, error->message);
}

static void
assert_compile_error_at (const char *text,
                         int         code,
                         guint       line,
                         guint       column)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, "broken.cql", &error);

  g_assert_null (query);
  assert_error_at (error, code, "broken.cql", line, column);
}

static void
test_error_location_cql3 (void)
{
  g_autofree char *theme = read_theme ("excelsior.cql");
  g_autofree char *broken = NULL;
  char *at;

  /* The list reader. */
  assert_compile_error_at ("(match\n  (position :mate)", CQ_QUERY_ERROR_SYNTAX, 1, 1);
  assert_compile_error_at ("(match (position)))", CQ_QUERY_ERROR_SYNTAX, 1, 19);
  assert_compile_error_at ("(match\n  :player \"Carlsen)\n", CQ_QUERY_ERROR_SYNTAX, 2, 11);
  /* The compiler: a misspelt keyword, a designator, a keyword in the wrong list. */
  assert_compile_error_at ("(match\n  (position :mtae))", CQ_QUERY_ERROR_UNKNOWN_KEYWORD, 2, 13);
  assert_compile_error_at ("(match (position Ka9))", CQ_QUERY_ERROR_SYNTAX, 1, 20);
  assert_compile_error_at ("(match (position :pgn x.pgn))", CQ_QUERY_ERROR_SEMANTIC, 1, 18);

  /* A real query with its tag misspelt where it is used. */
  broken = g_strdup (theme);
  at = strstr (broken, "$pawn[a-h2]");
  g_assert_nonnull (at);
  memcpy (at, "$pown", 5);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CqQuery) query = cq_query_new_from_string (broken, NULL, &error);
    guint line = 1, column = 1;

    for (const char *p = broken; p < at; p = g_utf8_next_char (p))
      if (*p == '\n')
        line++, column = 1;
      else
        column++;
    g_assert_null (query);
    assert_error_at (error, CQ_QUERY_ERROR_SEMANTIC, "<query>", line, column);
  }
}

static void
test_error_location_cql6 (void)
{
  g_autofree char *real = read_fixture ("cql6/diff", "function-attacked.cql");
  g_autofree char *broken = NULL;

  /* The lexer: a string never closed, a character CQL does not know. */
  assert_compile_error_at ("cql()\nplayer white \"Carlsen\n", CQ_QUERY_ERROR_SYNTAX, 2, 14);
  assert_compile_error_at ("cql()\n  Ka1 \xe2\x98\x83\n", CQ_QUERY_ERROR_SYNTAX, 2, 7);
  /* The parser: an unknown word, a missing argument. */
  assert_compile_error_at ("cql()\nmtae\n", CQ_QUERY_ERROR_UNKNOWN_KEYWORD, 2, 1);
  /* The header's output equal to its input: at 1:1. */
  assert_compile_error_at ("cql(input a.pgn output a.pgn)\ntrue\n", CQ_QUERY_ERROR_SEMANTIC, 1, 1);

  /* A real query with its function's brace left open. */
  broken = g_strdup (real);
  *strrchr (broken, '}') = ' ';
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CqQuery) query = cq_query_new_from_string (broken, "f.cql", &error);
    guint line = 0, column = 0;

    g_assert_null (query);
    g_assert_true (cq_query_error_get_location (error, NULL, &line, &column));
    g_assert_cmpuint (line, ==, 2);
    assert_error_at (error, error->code, "f.cql", line, column);
  }
}

static void
test_error_location_convert (void)
{
  g_autofree char *theme = read_theme ("excelsior.cql");
  g_autoptr(GError) refused = NULL;
  g_autoptr(GError) cql6 = NULL;
  g_autoptr(GError) syntax = NULL;
  char *text;

  /* :noannotate is a keyword the converter refuses, at the keyword. */
  static const char noannotate[] = "(match\n  (position :noannotate))";

  text = cq_query_convert_to_cql6 (noannotate, strlen (noannotate), "r.cql", &refused);
  g_assert_null (text);
  assert_error_at (refused, CQ_QUERY_ERROR_CONVERT, "r.cql", 2, 13);

  text = cq_query_convert_to_cql6 ("cql()\ntrue\n", 11, NULL, &cql6);
  g_assert_null (text);
  assert_error_at (cql6, CQ_QUERY_ERROR_CONVERT, "<query>", 1, 1);

  text = cq_query_convert_to_cql6 ("(match (position :mtae))", 24, "s.cql", &syntax);
  g_assert_null (text);
  assert_error_at (syntax, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, "s.cql", 1, 18);

  /* A real query that converts sets no error. */
  text = cq_query_convert_to_cql6 (theme, strlen (theme), NULL, NULL);
  g_free (text);
}

static void
test_error_location_kept (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) copy = NULL;
  g_autoptr(GError) io = NULL;
  g_autoptr(GError) fen = NULL;
  g_autoptr(GError) other = NULL;
  g_autoptr(GError) set = NULL;
  g_autoptr(CqQuery) none = NULL;
  const char *file = NULL;
  guint line = 0, column = 0;

  none = cq_query_new_from_string ("(match\n (position :mtae))", "x.cql", &error);
  g_assert_null (none);
  copy = g_error_copy (error);
  g_clear_error (&error);
  assert_error_at (copy, CQ_QUERY_ERROR_UNKNOWN_KEYWORD, "x.cql", 2, 12);

  /* Errors without a location: the detail is the whole message. */
  none = cq_query_new_from_file ("/nonexistent/query.cql", &io);
  g_assert_null (none);
  g_assert_error (io, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO);
  g_assert_false (cq_query_error_get_location (io, &file, &line, &column));
  g_assert_null (file);
  g_assert_cmpstr (cq_query_error_get_detail (io), ==, io->message);

  none = cq_query_new_for_position ("not a fen", CQ_POSITION_MATCH_EXACT, 0, &fen);
  g_assert_null (none);
  g_assert_false (cq_query_error_get_location (fen, NULL, NULL, NULL));

  other = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_NOENT, "x.cql:1:1: no");
  g_assert_false (cq_query_error_get_location (other, NULL, NULL, NULL));
  g_assert_cmpstr (cq_query_error_get_detail (other), ==, "x.cql:1:1: no");

  /* An error set by a caller at a place of its own text. */
  cq_query_set_error_at (&set, CQ_QUERY_ERROR_SYNTAX, "<editor>", 3, 7, "a message: with colons");
  g_assert_cmpstr (set->message, ==, "<editor>:3:7: a message: with colons");
  assert_error_at (set, CQ_QUERY_ERROR_SYNTAX, "<editor>", 3, 7);
  g_assert_cmpstr (cq_query_error_get_detail (set), ==, "a message: with colons");
  cq_query_set_error_at (NULL, CQ_QUERY_ERROR_SYNTAX, NULL, 1, 1, "ignored");
}

static gboolean
marks_all (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string (text, NULL, &error);

  g_assert_no_error (error);
  return cq_query_marks_all (query);
}

static void
test_marks_all (void)
{
  g_autofree char *with = read_theme ("passed-pawns.cql");
  g_autofree char *without = read_theme ("excelsior.cql");
  g_autofree char *cql6 = read_fixture ("cql6/diff", "function-attacked.cql");
  g_autoptr(CqQuery) position = NULL;

  g_assert_true (marks_all (with));
  g_assert_false (marks_all (without));
  g_assert_true (marks_all (cql6));
  /* In a comment it says nothing; in a nested list it counts. */
  g_assert_false (marks_all ("(match ; :markall\n (position :mate))"));
  g_assert_true (marks_all ("(match (position :or ((position :check :markall))))"));
  position = cq_query_new_for_position ("8/8/8/8/8/8/8/K6k w - - 0 1",
                                        CQ_POSITION_MATCH_EXACT, 0, NULL);
  g_assert_nonnull (position);
  g_assert_true (cq_query_marks_all (position));
}

static void
test_bare_position_list (void)
{
  static const struct { const char *text; gboolean bare; } cases[] = {
    { "(position :mate)", TRUE },
    { "; a comment\n  ( ; another\n position :check)", TRUE },
    { "(position", TRUE },                  /* not closed yet */
    { "(position) )", TRUE },               /* a `)` too many */
    { "(position :player \"Tal)", TRUE },   /* a quote not closed */
    { "(position\"x\")", TRUE },
    { "(match (position :mate))", FALSE },
    { "(positions)", FALSE },
    { "(\"position\")", FALSE },
    { "position", FALSE },
    { "; (position)\n(match)", FALSE },
    { "", FALSE },
  };
  g_autofree char *theme = read_theme ("excelsior.cql");
  const char *list;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (cq_query_text_is_bare_position_list (cases[i].text, -1), ==,
                       cases[i].bare);
    }
  /* A real query, and one of its position lists alone. */
  g_assert_false (cq_query_text_is_bare_position_list (theme, -1));
  list = strstr (theme, "(position");
  g_assert_true (cq_query_text_is_bare_position_list (list, -1));
  /* @len counts: the text stops before "(position". */
  g_assert_false (cq_query_text_is_bare_position_list ("; x\n(position)", 4));
}

/* The names of @names, "name:kind name:kind ...". */
static char *
names_text (GPtrArray *names)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      const CqDeclaredName *name = g_ptr_array_index (names, i);

      g_string_append_printf (text, "%s%s:%d", i > 0 ? " " : "", name->name, name->kind);
    }
  return g_string_free (text, FALSE);
}

static void
assert_names (const char *text,
              CqDialect   dialect,
              const char *expected)
{
  g_autoptr(GPtrArray) names = cq_query_list_names (text, -1, dialect);
  g_autofree char *got = names_text (names);

  g_assert_cmpstr (got, ==, expected);
}

static void
test_names_cql3 (void)
{
  g_autofree char *excelsior = read_theme ("excelsior.cql");
  g_autofree char *chases = read_theme ("knight-chases-knight.cql");
  g_autofree char *typing = NULL;

  assert_names (excelsior, CQ_DIALECT_CQL3, "pawn:0");
  assert_names (chases, CQ_DIALECT_CQL3, "chaser:0 prey:0");
  /* Being typed: the match list not closed, a comment after the tag. */
  typing = g_strndup (chases, strstr (chases, ":forany prey") - chases + strlen (":forany pr"));
  assert_names (typing, CQ_DIALECT_CQL3, "chaser:0 pr:0");
  assert_names ("(match :forany t1 K ; x\n", CQ_DIALECT_CQL3, "t1:0");
  assert_names ("(match :forany a K) )) :forany b k", CQ_DIALECT_CQL3, "a:0 b:0");
  /* Not a declaration: in a comment, in quotes, without a name. */
  assert_names ("; :forany x K\n(match :player \":forany y\" :forany (position))",
                CQ_DIALECT_CQL3, "");
  /* A name declared twice is listed twice. */
  assert_names ("(match :forany t K :forany t Q)", CQ_DIALECT_CQL3, "t:0 t:0");
}

static void
test_names_cql6 (void)
{
  static const char query[] =
    "cql()\n"
    "// \"Ignored = 1\" in a comment\n"
    "Count = 0\n"
    "square Target in A\n"
    "  piece all Mover in [Nn]\n"
    "    Mover attacks Target\n"
    "function Twice(x) {x + x}\n"
    "echo (Source Destination) {Count == 0}\n"
    "Count = 1 Co\n";
  g_autofree char *function = read_fixture ("cql6/diff", "function-attacked.cql");
  g_autofree char *echo = read_fixture ("cql6/diff", "echo-lca-distance.cql");

  assert_names (query, CQ_DIALECT_CQL6,
                "Count:1 Target:2 Mover:3 Twice:4 Source:5 Destination:5");
  assert_names (function, CQ_DIALECT_CQL6, "Hits:4");
  assert_names (echo, CQ_DIALECT_CQL6, "s:5 t:5 L:1");
  /* Not names: `==`, a dictionary entry, a keyword, a designator, a string. */
  assert_names ("cql() x == 1 d.y = 2 check = 3 K = 4 \"s = 5\"", CQ_DIALECT_CQL6, "");
  /* Being typed: the lexer stops at `1a` and at a character it does not
   * know, and reads on after them; a string or comment not closed runs to
   * the end. */
  assert_names ("cql() A1 = 1a B2 = \xe2\x98\x83 C3 = 3", CQ_DIALECT_CQL6,
                "A1:1 B2:1 C3:1");
  assert_names ("cql() First = 1 message \"Second = 2", CQ_DIALECT_CQL6, "First:1");
  assert_names ("cql() First = 1 /* Second = 2", CQ_DIALECT_CQL6, "First:1");
  assert_names ("cql() function Half(", CQ_DIALECT_CQL6, "Half:4");
  assert_names ("", CQ_DIALECT_CQL6, "");
}

static void
assert_designator (const char *text,
                   guint16     pieces,
                   CqBitboard  squares)
{
  g_autoptr(GError) error = NULL;
  CqDesignatorSets d = { 0, 0 };

  g_test_message ("%s", text);
  g_assert_true (cq_designator_sets_parse_cql6 (text, &d, &error));
  g_assert_no_error (error);
  g_assert_cmphex (d.pieces, ==, pieces);
  g_assert_cmphex (d.squares, ==, squares);
}

static void
assert_not_designator (const char *text)
{
  g_autoptr(GError) error = NULL;
  CqDesignatorSets d = { 0, 0 };
  const char *file = NULL;

  g_test_message ("%s", text);
  g_assert_false (cq_designator_sets_parse_cql6 (text, &d, &error));
  g_assert_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SYNTAX);
  g_assert_true (cq_query_error_get_location (error, &file, NULL, NULL));
  g_assert_cmpstr (file, ==, "<designator>");
}

static void
test_designator_cql6 (void)
{
  const CqBitboard e4 = CQ_BIT (CQ_SQUARE (4, 3));
  const CqBitboard rank7 = G_GUINT64_CONSTANT (0x00FF000000000000);
  GRand *rand = g_rand_new_with_seed (26);

  assert_designator (".", CQ_PIECES_ALL, CQ_SQUARES_ALL);
  assert_designator ("_", CQ_PIECES_EMPTY, CQ_SQUARES_ALL);
  assert_designator ("_e4", CQ_PIECES_EMPTY, e4);
  assert_designator ("e4", CQ_PIECES_ALL, e4);
  assert_designator (" a-h7 ", CQ_PIECES_ALL, rank7);
  assert_designator ("[Aa]", CQ_PIECES_ANY, CQ_SQUARES_ALL);
  assert_designator ("[Qr]e4", CQ_PIECE_BIT (CQ_WQ) | CQ_PIECE_BIT (CQ_BR), e4);
  assert_designator ("A", CQ_PIECES_WHITE, CQ_SQUARES_ALL);
  assert_designator ("a", CQ_PIECES_BLACK, CQ_SQUARES_ALL);
  assert_not_designator ("");
  assert_not_designator ("   ");
  assert_not_designator ("Ka1 Kb2");
  assert_not_designator ("Ka9");
  /* CQL 3's classes are not CQL 6 designators. */
  assert_not_designator ("?");
  assert_not_designator ("M");
  assert_not_designator ("U");

  /* The way back from the text the engine writes. */
  for (guint i = 0; i < 2000; i++)
    {
      CqDesignatorSets d, back = { 0, 0 };
      g_autofree char *text = NULL;

      d.pieces = (guint16) (g_rand_int (rand) & CQ_PIECES_ALL);
      d.squares = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      if (i % 2 == 0)
        d.squares &= ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      if (i % 5 == 0)
        d.squares = CQ_BIT (i % 64);
      if (d.pieces == 0 || d.squares == 0)
        continue;
      text = cq_designator_sets_to_cql6_text (&d);
      if (text == NULL)
        continue;
      g_assert_true (cq_designator_sets_parse_cql6 (text, &back, NULL));
      g_assert_cmphex (back.pieces, ==, d.pieces);
      g_assert_cmphex (back.squares, ==, d.squares);
    }
  g_rand_free (rand);
}

/* Texts being typed are anything: real queries with characters that stop
 * the readers inserted, removed or cut off at random places.  Every
 * function answers (and ends). */
static void
test_mangled_texts (void)
{
  static const char stoppers[] = "()\"/*;{}[]=.\r\n\\$:#~\x01";
  g_autofree char *cql3 = read_theme ("knight-chases-knight.cql");
  g_autofree char *cql6 = read_fixture ("cql6/diff", "echo-lca-distance.cql");
  const char *texts[] = { cql3, cql6 };
  GRand *rand = g_rand_new_with_seed (2026);

  for (guint i = 0; i < 3000; i++)
    {
      GString *text = g_string_new (texts[i % 2]);
      g_autoptr(GPtrArray) names3 = NULL;
      g_autoptr(GPtrArray) names6 = NULL;
      CqDesignatorSets d;

      for (guint k = g_rand_int_range (rand, 1, 6); k > 0; k--)
        {
          gsize at = g_rand_int_range (rand, 0, (gint32) text->len + 1);

          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0:
              g_string_insert_c (text, at,
                                 stoppers[g_rand_int_range (rand, 0, sizeof stoppers - 1)]);
              break;
            case 1:
              g_string_erase (text, at, MIN (1, text->len - at));
              break;
            default:
              g_string_truncate (text, MAX (at, text->len / 2));
              break;
            }
        }
      names3 = cq_query_list_names (text->str, text->len, CQ_DIALECT_CQL3);
      names6 = cq_query_list_names (text->str, -1, CQ_DIALECT_CQL6);
      (void) cq_query_text_is_bare_position_list (text->str, text->len);
      (void) cq_designator_sets_parse_cql6 (text->str + text->len / 2, &d, NULL);
      g_string_free (text, TRUE);
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/query-info/error-location/cql3", test_error_location_cql3);
  g_test_add_func ("/query-info/error-location/cql6", test_error_location_cql6);
  g_test_add_func ("/query-info/error-location/convert", test_error_location_convert);
  g_test_add_func ("/query-info/error-location/kept", test_error_location_kept);
  g_test_add_func ("/query-info/marks-all", test_marks_all);
  g_test_add_func ("/query-info/bare-position-list", test_bare_position_list);
  g_test_add_func ("/query-info/names/cql3", test_names_cql3);
  g_test_add_func ("/query-info/names/cql6", test_names_cql6);
  g_test_add_func ("/query-info/designator-cql6", test_designator_cql6);
  g_test_add_func ("/query-info/mangled-texts", test_mangled_texts);
  return g_test_run ();
}
