/* test-pgn-mainline.c: a game's main line read without its variations
 * (cq_game_parse_mainline()), also with its set-up tags only
 * (_cq_game_new_for_positions()), against the same game read whole: the
 * same main line, node for node, and the same problems outside the
 * variations, on hand-made games and on every game of the fixtures and of
 * ../shared/data (edge and studies, when present); a game read with its
 * set-up tags only and completed (_cq_game_complete_tags()) against the
 * whole reading, tags and written text.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-pgn.h"
#include "pgn-test-util.h"
#include "test-files.h"

static CqGame *
mainline (const char *text, gsize len, const CqGameSource *source, const char *name)
{
  CqGame *game = cq_game_new_from_text (text, len, source, name);

  cq_game_parse_mainline (game);
  return game;
}

/* @part, read without its variations, has @whole's main line: the same
 * moves, SAN, positions, plies and lines, and the same end; its error is
 * @whole's when nothing was passed over, and a problem it found is one
 * @whole found too.  Returns whether anything was passed over. */
static gboolean
assert_same_mainline (const CqGame *part, const CqGame *whole)
{
  const CqNode *a = part->root, *b = whole->root;

  g_assert_true ((a == NULL) == (b == NULL));
  g_assert_cmpint (part->skipped, ==, whole->skipped);
  if (!cq_game_is_partial (part))
    {
      g_assert_cmpuint (part->n_nodes, ==, whole->n_nodes);
      g_assert_cmpstr (part->error, ==, whole->error);
    }
  else if (!CQ_GAME_PRIVATE (part)->variations_unread)
    g_assert_cmpuint (part->n_nodes, ==, whole->n_nodes);
  else
    {
      g_assert_cmpuint (part->n_nodes, <=, whole->n_nodes);
      if (part->error != NULL)
        g_assert_nonnull (whole->error);
    }
  g_assert_cmpstr (part->result, ==, whole->result);
  /* The first problem outside every variation, which a search reports of
   * a game its query does not match, is the same however it was read. */
  {
    guint64 line_a, line_b;
    gsize what_a, what_b;
    const char *a_error = _cq_game_get_mainline_error (part, &line_a, &what_a);
    const char *b_error = _cq_game_get_mainline_error (whole, &line_b, &what_b);

    g_assert_cmpstr (a_error, ==, b_error);
    if (a_error != NULL)
      {
        g_assert_cmpuint (line_a, ==, line_b);
        g_assert_cmpuint (what_a, ==, what_b);
      }
  }
  for (; a != NULL && b != NULL; a = a->first_child, b = b->first_child)
    {
      g_assert_cmpstr (a->san, ==, b->san);
      g_assert_cmpuint (a->ply, ==, b->ply);
      g_assert_cmpuint (a->line, ==, b->line);
      g_assert_true (a->in_variation == b->in_variation);
      g_assert_true (memcmp (&a->move, &b->move, sizeof a->move) == 0);
      g_assert_true (memcmp (&a->position, &b->position, sizeof a->position) == 0);
    }
  g_assert_true (a == NULL && b == NULL);
  return cq_game_is_partial (part);
}

static void
test_passed_over (void)
{
  static const char text[] =
    "[Event \"v\"]\n\n"
    "1. e4 {a (paren} e5 (1... c5 {) in a comment} 2. Nf3 (2. c3 ; ) after a semicolon\n"
    "d5) 2... d6) 2. Nf3\n"
    "%( an escaped line\n"
    "(2. d4 {\n\n} exd4) Nc6 3. Bb5 (3. Bc4 (3. d4)) a6 *\n";
  g_autoptr (CqGame) part = mainline (text, sizeof text - 1, NULL, NULL);
  g_autoptr (CqGame) whole = cq_game_new_parsed (text, sizeof text - 1, NULL, NULL);

  g_assert_true (assert_same_mainline (part, whole));
  g_assert_cmpuint (part->n_nodes, ==, 7);   /* the root and six moves */
  g_assert_null (part->error);
  g_assert_cmpuint (cq_game_mainline_end (part)->line, ==, 8);
  /* Idempotent: nothing more is read. */
  g_assert_true (cq_game_parse_moves (part));
  g_assert_cmpuint (part->n_nodes, ==, 7);
  g_assert_false (cq_game_is_partial (whole));
}

/* A problem inside a variation passed over is not found; one in the main
 * line after it is, on the same line as the whole reading says. */
static void
test_problems (void)
{
  static const char bad_variation[] = "1. e4 e5 (1... Ke7 2. Kxe5) 2. Nf3 *";
  static const char bad_after[] = "1. e4 e5 (1... c5\n2. Nf3)\n2. Nf3 Nc6 3. Qxh8 *";
  static const char unclosed[] = "1. e4 e5 (1... c5 2. Nf3 *";
  static const char unclosed_comment[] = "1. e4 e5 (1... c5 {2. Nf3) 2. Nf3 *";
  static const char no_move[] = "(1. d4) 1. e4 e5 *";
  struct { const char *text; gboolean passed; } cases[] = {
    { bad_variation, TRUE }, { bad_after, TRUE }, { unclosed, FALSE },
    { unclosed_comment, FALSE }, { no_move, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CqGame) part = mainline (cases[i].text, strlen (cases[i].text), NULL, NULL);
      g_autoptr (CqGame) whole = cq_game_new_parsed (cases[i].text, strlen (cases[i].text),
                                                     NULL, NULL);

      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (assert_same_mainline (part, whole), ==, cases[i].passed);
      g_assert_nonnull (whole->error);
    }

  {
    g_autoptr (CqGame) part = mainline (bad_variation, strlen (bad_variation), NULL, NULL);
    g_autoptr (CqGame) after = mainline (bad_after, strlen (bad_after), NULL, NULL);

    g_assert_null (part->error);
    g_assert_cmpstr (after->error, ==, "<input>:3: game 1: illegal move 'Qxh8' after 2...Nc6");
  }
}

/* The PGN writer refuses a game whose variations were not read. */
static void
test_writer_refuses (void)
{
  static const char text[] = "1. e4 e5 (1... c5) 2. Nf3 *";
  g_autoptr (CqGame) part = mainline (text, strlen (text), NULL, NULL);
  g_autoptr (GString) out = g_string_new (NULL);

  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, "*is_partial*");
  cq_pgn_write_game (out, part, NULL);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (out->len, ==, 0);
}

/* Every game of @data: its main line read alone is the whole reading's.
 * Adds the games, those with a variation passed over, and those read with
 * their set-up tags only then completed. */
static void
check_all (const char *data, gsize len, const char *name, guint *games, guint *passed,
           guint *completed)
{
  g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_data (data, len, name);
  g_autoptr (GError) error = NULL;
  const char *text;
  gsize tlen;
  CqGameSource source;

  while (cq_pgn_reader_next (reader, &text, &tlen, &source, &error))
    {
      g_autoptr (CqGame) part = mainline (text, tlen, &source, name);
      g_autoptr (CqGame) whole = cq_game_new_parsed (text, tlen, &source, name);
      /* With the set-up tags only, from the reader's tag spans, as a
       * search reads a game for a query that reads no tag. */
      guint n_spans;
      const CqTagSpan *spans = _cq_pgn_reader_get_tag_spans (reader, &n_spans);
      g_autofree char *copy = g_strndup (text, tlen);
      g_autoptr (CqGame) light = _cq_game_new_for_positions (copy, tlen, &source, name,
                                                             spans, n_spans, NULL);

      (*games)++;
      *passed += assert_same_mainline (part, whole);
      cq_game_parse_mainline (light);
      g_assert_true (cq_game_is_partial (light));
      assert_same_mainline (light, whole);
      g_assert_true (light->n_tags <= whole->n_tags);
      /* Completed with its other tags when nothing else was left out (a
       * search does so with a game that matched): then the game is the
       * whole reading's, tags and written text. */
      if (_cq_game_complete_tags (light, spans, n_spans))
        {
          g_autoptr (GString) a = g_string_new (NULL);
          g_autoptr (GString) b = g_string_new (NULL);

          g_assert_false (cq_game_is_partial (light));
          g_assert_cmpuint (light->n_tags, ==, whole->n_tags);
          for (guint i = 0; i < whole->n_tags; i++)
            {
              g_assert_cmpstr (light->tags[i].name, ==, whole->tags[i].name);
              g_assert_cmpstr (light->tags[i].value, ==, whole->tags[i].value);
            }
          cq_pgn_write_game (a, light, NULL);
          cq_pgn_write_game (b, whole, NULL);
          g_assert_cmpstr (a->str, ==, b->str);
          (*completed)++;
        }
      else
        g_assert_true (CQ_GAME_PRIVATE (light)->variations_unread || light->error != NULL
                       || light->skipped);
    }
  g_assert_no_error (error);
}

/* Every game of every *.pgn file in @dir and below. */
static void
check_dir (const char *dir, guint *games, guint *passed, guint *completed)
{
  g_autoptr (GPtrArray) paths = test_find_pgn_files (dir);

  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *data = NULL;
      g_autofree char *name = g_path_get_basename (paths->pdata[i]);
      gsize len;

      if (g_file_get_contents (paths->pdata[i], &data, &len, NULL))
        check_all (data, len, name, games, passed, completed);
    }
}

static void
test_fixtures (void)
{
  g_autofree char *dir = fixture_path ("..");   /* every fixture, not only pgn/ */
  guint games = 0, passed = 0, completed = 0;

  check_dir (dir, &games, &passed, &completed);
  g_test_message ("%u games, %u with variations passed over, %u completed", games, passed,
                  completed);
  g_assert_cmpuint (games, >, 50);
  g_assert_cmpuint (passed, >, 5);
  g_assert_cmpuint (completed, >, 20);
}

static void
test_shared_data (void)
{
  const char *shared = shared_data_dir ();
  const char *subdirs[] = { "edge", "studies" };
  guint games = 0, passed = 0, completed = 0;

  if (shared == NULL)
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (subdirs); i++)
    {
      g_autofree char *dir = g_build_filename (shared, subdirs[i], NULL);

      check_dir (dir, &games, &passed, &completed);
    }
  g_test_message ("%u games, %u with variations passed over, %u completed", games, passed,
                  completed);
  g_assert_cmpuint (games, >, 7000);
  g_assert_cmpuint (passed, >, 1000);
  g_assert_cmpuint (completed, >, 1000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/mainline/passed-over", test_passed_over);
  g_test_add_func ("/pgn/mainline/problems", test_problems);
  g_test_add_func ("/pgn/mainline/writer-refuses", test_writer_refuses);
  g_test_add_func ("/pgn/mainline/fixtures", test_fixtures);
  g_test_add_func ("/pgn/mainline/shared-data", test_shared_data);

  return g_test_run ();
}
