/* test-index-moves.c: the index's compact moves (cq-index-moves.h): every
 * game of the PGN fixtures, of the studies and of a part of the gnuchess
 * book (../shared/data; skipped without it) decodes to the tree its text
 * gives (the same nodes: positions, moves, plies, pre-order indices,
 * variations, links); a damaged encoding is refused, never misread.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>

#include "index/cq-index-moves.h"
#include "pgn/cq-pgn.h"
#include "test-files.h"

/* Games, moves and bytes of the encodings checked, for the messages. */
typedef struct {
  guint64 games;
  guint64 moves;
  guint64 bytes;
  guint64 start_bytes;
} Counts;

static guint
index_of (const CqNode *n)
{
  return n != NULL ? n->index : G_MAXUINT;
}

/* @decoded has the nodes of @game, one by one. */
static void
assert_same_tree (const CqGame *game, const CqGame *decoded)
{
  g_assert_nonnull (decoded->root);
  g_assert_cmpuint (decoded->n_nodes, ==, game->n_nodes);
  for (guint i = 0; i < game->n_nodes; i++)
    {
      const CqNode *a = cq_game_get_node (game, i), *b = cq_game_get_node (decoded, i);

      g_assert_nonnull (b);
      g_assert_cmpuint (b->index, ==, i);
      g_assert_cmpuint (a->index, ==, i);
      g_assert_true (memcmp (&a->position, &b->position, sizeof a->position) == 0);
      g_assert_true (memcmp (&a->move, &b->move, sizeof a->move) == 0);
      g_assert_cmpuint (a->ply, ==, b->ply);
      g_assert_cmpuint (a->in_variation, ==, b->in_variation);
      g_assert_cmpuint (index_of (a->parent), ==, index_of (b->parent));
      g_assert_cmpuint (index_of (a->first_child), ==, index_of (b->first_child));
      g_assert_cmpuint (index_of (a->next_sibling), ==, index_of (b->next_sibling));
      g_assert_null (b->san);
      g_assert_cmpuint (b->n_nags, ==, 0);
    }
  g_assert_true (cq_game_get_node (decoded, game->n_nodes) == NULL);
  g_assert_cmpuint (decoded->n_tags, ==, 0);
  g_assert_null (decoded->error);
  g_assert_false (decoded->skipped);
}

/* Round trip of every game of @path (up to @max_games; 0: all). */
static void
check_file (const char *path, guint64 max_games, Counts *counts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  CqPgnReader *reader = cq_pgn_reader_new_for_path (path, NULL, &error);
  const char *text;
  gsize len;
  CqGameSource source;

  g_assert_no_error (error);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_parsed (text, len, &source, path);
      g_autoptr(CqGame) decoded = NULL;
      gsize n;

      g_byte_array_set_size (bytes, 0);
      n = cq_index_moves_encode (game, bytes);
      if (game->root == NULL)
        {
          g_assert_cmpuint (n, ==, 0);
          continue;
        }
      g_assert_cmpuint (n, ==, bytes->len);
      decoded = cq_index_moves_decode (bytes->data, bytes->len, &source, path);
      g_assert_nonnull (decoded);
      assert_same_tree (game, decoded);
      g_assert_cmpuint (decoded->source.number, ==, source.number);
      counts->games++;
      counts->moves += game->n_nodes - 1;
      counts->bytes += bytes->len;
      counts->start_bytes += bytes->data[0] == 0 ? 1 : strlen ((const char *) bytes->data + 1) + 2;
      if (max_games != 0 && source.number >= max_games)
        break;
    }
  g_assert_no_error (error);
  cq_pgn_reader_free (reader);
}

static void
report (const char *what, const Counts *c)
{
  guint64 move_bytes = c->bytes - c->start_bytes;

  g_test_message ("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " moves, "
                  "%.3f bytes a move (start positions apart), %.1f bytes a game in all",
                  what, c->games, c->moves, c->moves ? (double) move_bytes / c->moves : 0.0,
                  c->games ? (double) c->bytes / c->games : 0.0);
}

/* The PGN fixtures: variations nested and in a row, null moves, comments,
 * errors (a game keeps its positions up to the last legal one), FEN
 * starts, skipped variants. */
static void
test_fixtures (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  g_autofree char *dir = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  Counts counts = { 0 };

  dir = fixtures != NULL ? g_build_filename (fixtures, "pgn", NULL)
                         : g_test_build_filename (G_TEST_DIST, "..", "fixtures", "pgn", NULL);
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_str_has_suffix (name, ".pgn"))
        check_file (path, 0, &counts);
    }
  g_assert_cmpuint (counts.games, >, 50);
  report ("fixtures", &counts);
}

static void
check_tree (const char *dir, Counts *counts)
{
  g_autoptr(GPtrArray) paths = test_find_pgn_files (dir);

  for (guint i = 0; i < paths->len; i++)
    check_file (paths->pdata[i], 0, counts);
}

/* Every study and problem of ../shared/data/studies. */
static void
test_studies (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *dir = shared != NULL ? g_build_filename (shared, "studies", NULL) : NULL;
  Counts counts = { 0 };

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no ../shared/data");
      return;
    }
  check_tree (dir, &counts);
  g_assert_cmpuint (counts.games, >, 5000);
  report ("studies", &counts);
}

/* The first 20,000 games of the gnuchess book (master games). */
static void
test_book (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  g_autofree char *path = shared != NULL
    ? g_build_filename (shared, "games", "gnuchess-book-1.02.pgn.xz", NULL) : NULL;
  Counts counts = { 0 };

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no ../shared/data");
      return;
    }
  check_file (path, 20000, &counts);
  g_assert_cmpuint (counts.games, ==, 20000);
  report ("book", &counts);
}

/* A damaged encoding: a byte changed, the encoding cut short or run on,
 * never a crash; what decodes is a game whose moves are well formed. */
static void
test_damaged (void)
{
  static const char pgn[] =
    "[FEN \"r3k2r/pP3ppp/8/3pP3/8/8/P4PPP/R3K2R w KQkq d6 0 20\"]\n\n"
    "20. exd6 (20. bxa8=Q+ Ke7 (20... Kd7) 21. Qb7+) (20. O-O-O O-O) 20... O-O 21. d7 -- "
    "22. d8=N *\n";
  g_autoptr(CqGame) game = cq_game_new_parsed (pgn, sizeof pgn - 1, NULL, NULL);
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(CqGame) whole = NULL;
  GRand *rand = g_rand_new_with_seed (20261129);
  guint n_refused = 0;

  g_assert_null (game->error);
  cq_index_moves_encode (game, bytes);
  whole = cq_index_moves_decode (bytes->data, bytes->len, NULL, NULL);
  g_assert_nonnull (whole);
  assert_same_tree (game, whole);

  g_assert_null (cq_index_moves_decode (bytes->data, 0, NULL, NULL));
  for (guint len = 1; len < bytes->len; len++)
    {
      CqGame *cut = cq_index_moves_decode (bytes->data, len, NULL, NULL);

      n_refused += cut == NULL;
      cq_game_free (cut);
    }
  g_assert_cmpuint (n_refused, >, 0);
  for (guint round = 0; round < 20000; round++)
    {
      g_autoptr(GByteArray) copy = g_byte_array_new ();
      CqGame *g;

      g_byte_array_append (copy, bytes->data, bytes->len);
      copy->data[g_rand_int_range (rand, 0, copy->len)] = (guint8) g_rand_int_range (rand, 0, 256);
      if (g_rand_boolean (rand))
        g_byte_array_append (copy, (const guint8 *) "\xF7\x3A", g_rand_int_range (rand, 1, 3));
      g = cq_index_moves_decode (copy->data, copy->len, NULL, NULL);
      if (g != NULL)
        for (guint i = 1; i < g->n_nodes; i++)
          {
            const CqNode *n = cq_game_get_node (g, i);

            /* Both kings stay on the board. */
            g_assert_cmpuint (__builtin_popcountll (n->position.pieces[CQ_WK]), ==, 1);
            g_assert_cmpuint (__builtin_popcountll (n->position.pieces[CQ_BK]), ==, 1);
          }
      cq_game_free (g);
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-moves/fixtures", test_fixtures);
  g_test_add_func ("/index-moves/damaged", test_damaged);
  g_test_add_func ("/index-moves/studies", test_studies);
  g_test_add_func ("/index-moves/book", test_book);
  return g_test_run ();
}
