/* test-cql6-output.c: the CQL 6 filters that write: comment, message,
 * sort, and the persistent variables' values printed at the end.
 *
 * Small games written here; the texts expected are those CQL 6.2 (build
 * 9.493) writes for the same queries (docs/cql6-rulings.md, "Output").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"

/* Fool's mate: the mate is position 4 (2...Qh4#). */
#define FOOL "[Event \"t1\"]\n[Result \"0-1\"]\n\n{start} 1. f3 e5 2. g4 {hmm} Qh4# 0-1\n"
/* Scholar's mate with a variation: 1...c5 is position 8 (pre-order). */
#define SCHOLAR "[Event \"t2\"]\n[Result \"1-0\"]\n\n" \
  "1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
#define SHORT "[Event \"t3\"]\n[Result \"*\"]\n\n1. d4 d5 *\n"

static CqQuery *
query_new (const char *text)
{
  g_autoptr(GError) error = NULL;
  CqQuery *query = cq_query_new_from_string (text, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (query);
  return query;
}

/* Matches @pgn (one game, numbered @number) against @query into @info. */
static gboolean
match (CqQuery *query, const char *pgn, guint64 number, CqMatchInfo *info)
{
  CqGameSource source = { 0 };
  g_autoptr(CqGame) game = NULL;

  source.number = number;
  game = cq_game_new_from_text (pgn, strlen (pgn), &source, NULL);
  return cq_query_match_game (query, game, info);
}

/* The comments of @info as "node:text" lines. */
static char *
comments_text (const CqMatchInfo *info)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < info->comments->len; i++)
    {
      const CqPositionComment *c = &g_array_index (info->comments, CqPositionComment, i);

      g_string_append_printf (out, "%u:%s%s\n", c->node, c->text, c->automatic ? " (auto)" : "");
    }
  return g_string_free (out, FALSE);
}

/* The comments @text writes on @pgn, which must match (or not). */
static void
check_comments (const char *text, const char *pgn, gboolean matches, const char *expected)
{
  g_autoptr(CqQuery) query = query_new (text);
  CqMatchInfo info;
  g_autofree char *got = NULL;

  cq_match_info_init (&info);
  g_assert_cmpint (match (query, pgn, 1, &info), ==, matches);
  got = comments_text (&info);
  g_assert_cmpstr (got, ==, expected);
  cq_match_info_clear (&info);
}

static void
test_comment_text (void)
{
  /* Parts joined without spaces; the comment at the matched position. */
  check_comments ("cql() mate comment (\"mate with \" #A \" white pieces\")", FOOL, TRUE,
                  "4:mate with 16 white pieces\n");
  check_comments ("cql() mate comment \"plain\"", FOOL, TRUE, "4:plain\n");
  check_comments ("cql() mate comment ply", FOOL, TRUE, "4:4\n");
  /* Sets: one square by name, else bracketed in square order. */
  check_comments ("cql() ply == 3 comment (Q \"|\" K \"|\" 3 \"|\" P)", FOOL, TRUE,
                  "3:d1|e1|3|[a2,b2,c2,d2,e2,h2,f3,g4]\n");
  check_comments ("cql() initial comment (a3 & A)", FOOL, TRUE, "0:[]\n");
  /* Logical parts, parts without a value. */
  check_comments ("cql() initial comment (true \"|\" check \"|\" 2 + 3 \"|\" \"x\" \"y\")",
                  FOOL, TRUE, "0:<true>|<false>|5|xy\n");
  /* Positions: their move; a comment inside a comment comes first. */
  check_comments ("cql() ply == 3 x = currentposition comment (x)", FOOL, TRUE,
                  "3:move 2(btm)\n");
  check_comments ("cql() initial comment (comment (\"a\") \"b\")", FOOL, TRUE,
                  "0:a\n0:<true>b\n");
  /* A text built inside another's parts (a str, a comment) leaves the
   * outer text's parts before it as they were. */
  check_comments ("cql() initial comment (\"a\" str (\"b\" ply \"c\") \"d\")", FOOL, TRUE,
                  "0:ab0cd\n");
  check_comments ("cql() initial comment (\"a\" comment (\"b\" str (\"c\")) \"d\")", FOOL,
                  TRUE, "0:bc\n0:a<true>d\n");
  /* Piece variables: piece and square; an unbound variable by name. */
  check_comments ("cql() ply == 3 piece x in Q comment (x)", FOOL, TRUE, "3:Qd1\n");
  check_comments ("cql() if false {Nn = 1} initial comment (Nn)", FOOL, TRUE,
                  "0:<unbound: Nn>\n");
  /* A string after a tag filter or originalcomment is a part of its own
   * (in parentheses, the search). */
  check_comments ("cql() ply == 3 comment (originalcomment \"|\" event \"t\" (event \"t\"))",
                  FOOL, TRUE, "3:hmm|t1t<true>\n");
}

static void
test_comment_position_ids (void)
{
  /* Off the main line a position is named with its id, and marked with it. */
  check_comments ("cql(variations) ply == 2 x = currentposition comment (x)", SCHOLAR, TRUE,
                  "2:move 2(wtm)\n8:id:8\n8:move 2(wtm)[8]\n");
}

static void
test_comment_rollback (void)
{
  /* Comments of a position that does not match are dropped. */
  check_comments ("cql() comment (\"c\") mate", FOOL, TRUE, "4:c\n");
  /* A filter that fails takes its comments back. */
  check_comments ("cql() ply == 3 {comment (\"a\") false} or comment (\"b\")", FOOL, TRUE,
                  "3:b\n");
  check_comments ("cql() ply == 3 not {comment (\"n\") false}", FOOL, TRUE, "");
  check_comments ("cql() ply == 3 {not {comment (\"n\") true}} or true", FOOL, TRUE, "");
  check_comments ("cql() ply == 3 if {comment (\"c\") true} comment (\"t\")", FOOL, TRUE,
                  "3:c\n3:t\n");
  check_comments ("cql() ply == 3 if {comment (\"c\") false} comment (\"t\") else comment (\"e\")",
                  FOOL, TRUE, "3:e\n");
  check_comments ("cql() ply == 3 (currentposition:{comment (\"p\") false} or true)", FOOL, TRUE,
                  "");
  /* comment matches always: nothing matches here, nothing is kept. */
  check_comments ("cql() comment (\"all\") false", FOOL, FALSE, "");
  check_comments ("cql() comment (\"x\") ply == 3", SHORT, FALSE, "");
}

static void
test_mark_place (void)
{
  g_autoptr(CqQuery) query = query_new ("cql() comment (\"own\") parent:comment (\"late\")");
  CqMatchInfo info;

  cq_match_info_init (&info);
  g_assert_true (match (query, FOOL, 1, &info));
  /* Positions 1..4 match (the first has no parent); when position 1
   * matched, 2 comments had been written (own at 1, late at 0). */
  g_assert_cmpuint (info.positions->len, ==, 4);
  g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, 0).node, ==, 1);
  g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, 0).comments_before, ==, 2);
  g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, 3).comments_before, ==, 8);
  cq_match_info_clear (&info);
}

static void
test_message (void)
{
  g_autoptr(CqQuery) query = query_new ("cql() ply == 3 message (\"m \" ply) false");
  g_autoptr(CqQuery) var = query_new ("cql(variations) ply == 2 message (currentposition)");
  CqMatchInfo info;
  const CqMessage *m;

  cq_match_info_init (&info);
  /* Kept although the game does not match: CQL 6.2 prints them all. */
  g_assert_false (match (query, FOOL, 1, &info));
  g_assert_cmpuint (info.messages->len, ==, 1);
  m = &g_array_index (info.messages, CqMessage, 0);
  g_assert_cmpuint (m->node, ==, 3);
  g_assert_cmpstr (m->where, ==, "move 2(btm)");
  g_assert_cmpstr (m->text, ==, "m 3");
  g_assert_cmpuint (info.comments->len, ==, 0);
  /* Reset for the next game. */
  g_assert_false (match (query, SHORT, 2, &info));
  g_assert_cmpuint (info.messages->len, ==, 0);

  g_assert_true (match (var, SCHOLAR, 2, &info));
  g_assert_cmpuint (info.messages->len, ==, 2);
  m = &g_array_index (info.messages, CqMessage, 1);
  g_assert_cmpstr (m->where, ==, "move 2(wtm)[8]");
  g_assert_cmpstr (m->text, ==, "move 2(wtm)[8]");
  cq_match_info_clear (&info);
}

static CqSortValue *
sort_values (const CqMatchInfo *info)
{
  CqSortValue *v = g_new0 (CqSortValue, MAX (info->sort_values->len, 1));

  for (guint k = 0; k < info->sort_values->len; k++)
    {
      v[k] = g_array_index (info->sort_values, CqSortValue, k);
      v[k].string = g_strdup (v[k].string);
    }
  return v;
}

static void
free_values (CqSortValue *v, guint n)
{
  for (guint k = 0; k < n; k++)
    g_free (v[k].string);
  g_free (v);
}

static void
test_sort (void)
{
  /* The value over every position examined, matched or not. */
  g_autoptr(CqQuery) query = query_new ("cql() sort \"p\" ply sort min ply ply <= 3");
  CqMatchInfo info;
  CqSortValue *fool, *scholar, *shortv;
  g_autofree char *labels = NULL;

  cq_match_info_init (&info);
  g_assert_cmpuint (cq_query_get_n_sort_keys (query), ==, 2);
  g_assert_true (match (query, FOOL, 1, &info));
  g_assert_cmpuint (info.sort_values->len, ==, 2);
  fool = sort_values (&info);
  g_assert_true (fool[0].has_value && !fool[0].is_string);
  g_assert_cmpint (fool[0].number, ==, 4);
  g_assert_cmpint (fool[1].number, ==, 0);
  labels = cq_query_format_sort_labels (query, fool);
  /* CQL 6.2 numbers the unlabelled sorts only. */
  g_assert_cmpstr (labels, ==, " p: 4 <sort-id-1>: 0");
  g_assert_true (match (query, SCHOLAR, 2, &info));
  scholar = sort_values (&info);
  g_assert_cmpint (scholar[0].number, ==, 7);
  g_assert_true (match (query, SHORT, 3, &info));
  shortv = sort_values (&info);
  /* Larger first for max; equal values compare equal. */
  g_assert_cmpint (cq_query_compare_sort_values (query, scholar, fool), <, 0);
  g_assert_cmpint (cq_query_compare_sort_values (query, fool, shortv), <, 0);
  g_assert_cmpint (cq_query_compare_sort_values (query, fool, fool), ==, 0);
  free_values (fool, 2);
  free_values (scholar, 2);
  free_values (shortv, 2);
  cq_match_info_clear (&info);
}

static void
test_sort_min_and_strings (void)
{
  g_autoptr(CqQuery) query = query_new ("cql() mate sort min \"pieces\" #[Aa]");
  g_autoptr(CqQuery) strings = query_new ("cql() initial sort \"s\" \"x\"");
  g_autoptr(CqQuery) second = query_new ("cql() initial sort \"a\" 1 + 0 sort \"b\" gamenumber");
  CqMatchInfo info;
  CqSortValue *a, *b;
  g_autofree char *labels = NULL;

  cq_match_info_init (&info);
  g_assert_true (match (query, FOOL, 1, &info));
  a = sort_values (&info);
  g_assert_cmpint (a[0].number, ==, 32);
  g_assert_true (match (query, SCHOLAR, 2, &info));
  b = sort_values (&info);
  g_assert_cmpint (b[0].number, ==, 31);
  /* min: the smaller first. */
  g_assert_cmpint (cq_query_compare_sort_values (query, b, a), <, 0);
  free_values (a, 1);
  free_values (b, 1);

  g_assert_true (match (strings, FOOL, 1, &info));
  a = sort_values (&info);
  g_assert_true (a[0].is_string);
  g_assert_cmpstr (a[0].string, ==, "x");
  labels = cq_query_format_sort_labels (strings, a);
  g_assert_cmpstr (labels, ==, " s: x");
  free_values (a, 1);

  /* Ties on the first key: the second decides. */
  g_assert_true (match (second, FOOL, 1, &info));
  a = sort_values (&info);
  g_assert_true (match (second, SHORT, 3, &info));
  b = sort_values (&info);
  g_assert_cmpint (cq_query_compare_sort_values (second, b, a), <, 0);
  free_values (a, 2);
  free_values (b, 2);
  cq_match_info_clear (&info);
}

static void
test_persistent (void)
{
  g_autoptr(CqQuery) query = query_new (
    "cql() if mate {persistent Mates += 1 persistent Str = \"abc\" persistent Tt = a1 "
    "persistent Pp = [a1,b2] persistent quiet Hidden = 3} mate");
  g_autoptr(CqQuery) never = query_new (
    "cql() initial gamenumber == 5 {persistent Nn = 3 persistent Ss = \"x\" persistent Tt = a1}");
  g_autoptr(CqQuery) plain = query_new ("cql() mate");
  g_auto(GStrv) pairs = NULL;
  g_auto(GStrv) empty = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *joined_empty = NULL;
  CqMatchInfo info;

  g_assert_true (cq_query_needs_one_thread (query));
  g_assert_false (cq_query_needs_one_thread (plain));
  g_assert_null (cq_query_get_persistent (plain));
  cq_match_info_init (&info);
  match (query, FOOL, 1, &info);
  match (query, SCHOLAR, 2, &info);
  match (query, SHORT, 3, &info);
  pairs = cq_query_get_persistent (query);
  joined = g_strjoinv ("|", pairs);
  g_assert_cmpstr (joined, ==, "Mates|2|Str|\"abc\"|Tt|a1|Pp|[a1,b2]");
  /* Never assigned: 0, "" and []. */
  match (never, FOOL, 1, &info);
  empty = cq_query_get_persistent (never);
  joined_empty = g_strjoinv ("|", empty);
  g_assert_cmpstr (joined_empty, ==, "Nn|0|Ss|\"\"|Tt|[]");
  cq_match_info_clear (&info);
}

/* A dictionary kept across games passes its entries from game to game and
 * makes the search run on one thread; a local one starts each game empty
 * and does not; neither is printed with the persistent variables. */
static void
test_dictionaries (void)
{
  g_autoptr(CqQuery) kept = query_new ("cql() dictionary D initial D[gamenumber] = 1 #D == 2");
  g_autoptr(CqQuery) local = query_new (
    "cql() local dictionary D initial D[gamenumber] = 1 #D == 1");
  g_auto(GStrv) pairs = NULL;
  CqMatchInfo info;

  g_assert_true (cq_query_needs_one_thread (kept));
  g_assert_false (cq_query_needs_one_thread (local));
  cq_match_info_init (&info);
  g_assert_false (match (kept, FOOL, 1, &info));
  g_assert_true (match (kept, SCHOLAR, 2, &info));
  g_assert_false (match (kept, SHORT, 3, &info));
  g_assert_true (match (local, FOOL, 1, &info));
  g_assert_true (match (local, SCHOLAR, 2, &info));
  pairs = cq_query_get_persistent (kept);
  g_assert_true (pairs == NULL || pairs[0] == NULL);
  cq_match_info_clear (&info);
}

static void
test_errors (void)
{
  static const struct { const char *query; int code; } cases[] = {
    { "cql() comment ()", CQ_QUERY_ERROR_SYNTAX },
    { "cql() comment (\"a\"", CQ_QUERY_ERROR_SYNTAX },
    { "cql() message", CQ_QUERY_ERROR_SYNTAX },
    { "cql() initial sort \"a\" 7", CQ_QUERY_ERROR_SYNTAX },
    { "cql() sort currentposition", CQ_QUERY_ERROR_SEMANTIC },
    { "cql() sort check", CQ_QUERY_ERROR_SEMANTIC },
    { "cql() sort", CQ_QUERY_ERROR_SYNTAX },
    { "cql() mate persistent Pos = currentposition", CQ_QUERY_ERROR_SEMANTIC },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_string (cases[i].query, NULL, &error);

      g_test_message ("%s", cases[i].query);
      g_assert_null (query);
      g_assert_error (error, CQ_QUERY_ERROR, cases[i].code);
    }
}

/* settag and removecomment come after the comments, as edits that no
 * failing filter takes back; originalcomment reads the game's comment; a
 * dictionary is written as CQL 6.2 writes it; a failed assert leaves its
 * message and no match. */
static void
test_edits (void)
{
  g_autoptr(CqQuery) query = query_new ("cql() ply == 3 {settag (\"Seen\" \"yes\") "
                                        "removecomment false} or comment (originalcomment)");
  g_autoptr(CqQuery) failing = query_new ("cql() ply < 4 assert not check");
  g_autoptr(CqQuery) passing = query_new ("cql() assert not ply == 9");
  CqMatchInfo info;
  g_autofree char *got = NULL;

  cq_match_info_init (&info);
  g_assert_true (match (query, FOOL, 1, &info));
  got = comments_text (&info);
  g_assert_cmpstr (got, ==, "3:hmm\n3:Seen yes\n3:\n");
  g_assert_cmpuint (g_array_index (info.comments, CqPositionComment, 1).edit, ==,
                    CQ_COMMENT_EDIT_TAG);
  g_assert_cmpuint (g_array_index (info.comments, CqPositionComment, 2).edit, ==,
                    CQ_COMMENT_EDIT_REMOVE);
  g_assert_null (info.error);
  g_assert_true (match (passing, FOOL, 1, &info));
  g_assert_null (info.error);
  /* 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#: no check before ply 7. */
  g_assert_true (match (failing, SCHOLAR, 1, &info));
  g_assert_false (match (failing, "[Event \"t\"]\n\n1. e4 f5 2. Qh5+ *\n", 7, &info));
  g_assert_nonnull (strstr (info.error, "assert failed at game 7, position 3"));
  cq_match_info_clear (&info);
  check_comments ("cql() dictionary D D[ply] = ply mate comment (D)", FOOL, TRUE,
                  "4:Dictionary D with 5 entries: \n<NumValue>0: <NumValue>0\n"
                  "<NumValue>1: <NumValue>1\n<NumValue>2: <NumValue>2\n"
                  "<NumValue>3: <NumValue>3\n<NumValue>4: <NumValue>4\n\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cql6/output/comment-text", test_comment_text);
  g_test_add_func ("/cql6/output/comment-position-ids", test_comment_position_ids);
  g_test_add_func ("/cql6/output/comment-rollback", test_comment_rollback);
  g_test_add_func ("/cql6/output/mark-place", test_mark_place);
  g_test_add_func ("/cql6/output/message", test_message);
  g_test_add_func ("/cql6/output/sort", test_sort);
  g_test_add_func ("/cql6/output/sort-min-strings", test_sort_min_and_strings);
  g_test_add_func ("/cql6/output/persistent", test_persistent);
  g_test_add_func ("/cql6/output/dictionaries", test_dictionaries);
  g_test_add_func ("/cql6/output/errors", test_errors);
  g_test_add_func ("/cql6/output/edits", test_edits);
  return g_test_run ();
}
