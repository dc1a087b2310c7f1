/* pgn-test-util.h: helpers shared by the tests of engine/pgn.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "pgn/cq-pgn.h"
#include "pgn/cq-pgn-private.h"

/* Path of a fixture under tests/fixtures/pgn (owned by the caller). */
static inline char *
fixture_path (const char *name)
{
  const char *dir = g_getenv ("EXCELSIOR_FIXTURES");

  if (dir == NULL)
    dir = g_test_get_filename (G_TEST_DIST, "..", "fixtures", NULL);
  return g_build_filename (dir, "pgn", name, NULL);
}

static inline char *
fixture_contents (const char *name, gsize *len)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr (GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, len, &error);
  g_assert_no_error (error);
  return data;
}

/* The shared data directory, or NULL if EXCELSIOR_SHARED_DATA is not set
 * or names no directory (then the test is skipped). */
static inline const char *
shared_data_dir (void)
{
  const char *dir = g_getenv ("EXCELSIOR_SHARED_DATA");

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    return NULL;
  return dir;
}

static inline char *
node_fen (const CqNode *node)
{
  char buf[CQ_FEN_MAX];

  cq_position_to_fen (&node->position, buf);
  return g_strdup (buf);
}

/* Every game of @data, parsed. */
static inline GPtrArray *
parse_all (const char *data, gsize len, const char *name)
{
  g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_data (data, len, name);
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) cq_game_free);
  g_autoptr (GError) error = NULL;
  const char *text;
  gsize tlen;
  CqGameSource source;

  while (cq_pgn_reader_next (reader, &text, &tlen, &source, &error))
    g_ptr_array_add (games, cq_game_new_parsed (text, tlen, &source, name));
  g_assert_no_error (error);
  return games;
}

static inline void
assert_same_string (const char *a, const char *b)
{
  if (a == NULL || b == NULL)
    g_assert_true (a == b);
  else
    g_assert_cmpstr (a, ==, b);
}

/* @a and @b have the same tree: moves, positions, comments, NAGs and
 * variations (in order), node by node in pre-order. */
static inline void
assert_same_tree (const CqGame *a, const CqGame *b)
{
  g_assert_cmpuint (a->n_nodes, ==, b->n_nodes);
  g_assert_true ((a->root == NULL) == (b->root == NULL));
  for (guint i = 0; i < a->n_nodes; i++)
    {
      const CqNode *x = cq_game_get_node (a, i);
      const CqNode *y = cq_game_get_node (b, i);

      g_assert_nonnull (x);
      g_assert_nonnull (y);
      g_assert_cmpuint (x->index, ==, i);
      g_assert_cmpuint (y->index, ==, i);
      g_assert_cmpuint (x->ply, ==, y->ply);
      g_assert_cmpuint (x->in_variation, ==, y->in_variation);
      g_assert_true ((x->parent == NULL) == (y->parent == NULL));
      if (x->parent)
        {
          g_assert_cmpuint (x->parent->index, ==, y->parent->index);
          g_assert_cmpuint (x->move.from, ==, y->move.from);
          g_assert_cmpuint (x->move.to, ==, y->move.to);
          g_assert_cmpuint (x->move.piece, ==, y->move.piece);
          g_assert_cmpuint (x->move.promotion, ==, y->move.promotion);
          g_assert_cmpuint (x->move.flags, ==, y->move.flags);
        }
      g_assert_true ((x->first_child == NULL) == (y->first_child == NULL));
      g_assert_true ((x->next_sibling == NULL) == (y->next_sibling == NULL));
      g_assert_cmpmem (x->position.board, 64, y->position.board, 64);
      g_assert_cmpuint (x->position.side_to_move, ==, y->position.side_to_move);
      g_assert_cmpuint (x->position.castling, ==, y->position.castling);
      assert_same_string (cq_node_get_comment_before (a, x), cq_node_get_comment_before (b, y));
      assert_same_string (cq_node_get_comment_after (a, x), cq_node_get_comment_after (b, y));
      g_assert_cmpmem (x->nags, x->n_nags, y->nags, y->n_nags);
    }
  /* The writer gives a game without a result the `*` marker. */
  if (a->result)
    assert_same_string (a->result, b->result);
}

/* The tags of @b are those of @a, in the export order: the seven-tag
 * roster first (the ones @a lacks filled with their defaults), then the
 * others in @a's order. */
static inline void
assert_exported_tags (const CqGame *a, const CqGame *b)
{
  static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black",
                                         "Result" };
  guint j = 0;

  for (guint r = 0; r < 7; r++, j++)
    {
      const char *v = cq_game_get_tag (a, roster[r]);

      g_assert_cmpuint (j, <, b->n_tags);
      g_assert_cmpstr (b->tags[j].name, ==, roster[r]);
      if (v)
        g_assert_cmpstr (b->tags[j].value, ==, v);
    }
  for (guint i = 0; i < a->n_tags; i++)
    {
      gboolean in_roster = FALSE;

      for (guint r = 0; r < 7; r++)
        in_roster |= strcmp (a->tags[i].name, roster[r]) == 0;
      if (in_roster)
        continue;
      g_assert_cmpuint (j, <, b->n_tags);
      g_assert_cmpstr (b->tags[j].name, ==, a->tags[i].name);
      g_assert_cmpstr (b->tags[j].value, ==, a->tags[i].value);
      j++;
    }
  g_assert_cmpuint (j, ==, b->n_tags);
}

/* No line of @text is longer than 80 bytes (the tag section excepted). */
static inline void
assert_movetext_width (const char *text)
{
  gboolean in_tags = TRUE;

  for (const char *line = text; *line;)
    {
      const char *nl = strchr (line, '\n');
      gsize len = nl ? (gsize) (nl - line) : strlen (line);

      if (len > 0 && line[0] != '[')
        in_tags = FALSE;
      else if (len > 0 && line[0] == '[')
        in_tags = TRUE;
      if (!in_tags && len > 80)
        {
          /* Only a single token longer than the line may exceed it. */
          g_autofree char *l = g_strndup (line, len);
          g_assert_null (strchr (l, ' '));
        }
      if (nl == NULL)
        break;
      line = nl + 1;
    }
}

/* Writes every game of @data, reads the output back and checks that the
 * trees and tags are the same and that writing again gives the same bytes.
 * Returns the number of games. */
static inline guint
assert_round_trip (const char *data, gsize len, const char *name)
{
  g_autoptr (GPtrArray) games = parse_all (data, len, name);
  g_autoptr (GString) out1 = g_string_new (NULL);
  g_autoptr (GString) out2 = g_string_new (NULL);
  g_autoptr (GPtrArray) again = NULL;

  for (guint i = 0; i < games->len; i++)
    {
      const CqGame *g = games->pdata[i];

      g_assert_null (g->error);
      cq_pgn_write_game (out1, g, NULL);
    }
  assert_movetext_width (out1->str);
  again = parse_all (out1->str, out1->len, "written");
  g_assert_cmpuint (again->len, ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      const CqGame *g = games->pdata[i], *h = again->pdata[i];

      g_assert_null (h->error);
      assert_same_tree (g, h);
      assert_exported_tags (g, h);
      cq_pgn_write_game (out2, h, NULL);
    }
  g_assert_cmpuint (out1->len, ==, out2->len);
  g_assert_true (memcmp (out1->str, out2->str, out1->len) == 0);
  return games->len;
}
