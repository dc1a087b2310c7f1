/* fuzz-pgn.c: libFuzzer target for the PGN reader, the game parser and
 * replay, and the PGN writer.
 *
 * The input is a PGN file.  It is split into games by a reader over
 * memory; each game is parsed and replayed, its tree walked, and written
 * back in export format, which must parse again.  Any crash, hang, leak or
 * sanitizer report is a bug; so is a broken invariant checked below.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "pgn/cq-pgn.h"

/* Checks the node tree of @game: pre-order indices, parent links, plies. */
static void
check_tree (const CqGame *game)
{
  guint count = 0;
  const CqNode *node = game->root;

  if (node == NULL)
    return;
  g_assert_cmpuint (node->index, ==, 0);
  while (node != NULL)
    {
      g_assert (cq_game_get_node (game, node->index) == node);
      g_assert_cmpuint (node->index, ==, count);
      if (node->parent)
        g_assert_cmpuint (node->ply, ==, node->parent->ply + 1);
      count++;
      /* pre-order walk */
      if (node->first_child)
        node = node->first_child;
      else
        {
          while (node != NULL && node->next_sibling == NULL)
            node = node->parent;
          if (node != NULL)
            node = node->next_sibling;
        }
    }
  g_assert_cmpuint (count, ==, game->n_nodes);
  g_assert (cq_game_get_node (game, game->n_nodes) == NULL);
  g_assert (cq_game_mainline_end (game) != NULL);
}

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr(CqPgnReader) reader = NULL;
  const char *text;
  gsize len;
  CqGameSource source;
  guint64 previous_end = 0;
  GError *error = NULL;

  reader = cq_pgn_reader_new_for_data ((const char *) data, size, "fuzz.pgn");
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = NULL;
      g_autoptr(GString) out = g_string_new (NULL);
      CqPgnWriteOptions wopts = { 0 };

      g_assert_no_error (error);
      g_assert_cmpuint (source.offset, >=, previous_end);
      g_assert_cmpuint (source.offset + source.length, <=, size);
      g_assert_cmpuint (len, ==, source.length);
      g_assert (text == (const char *) data + source.offset);
      previous_end = source.offset + source.length;

      game = cq_game_new_parsed (text, len, &source, "fuzz.pgn");
      g_assert (game != NULL);
      check_tree (game);
      if (game->error)
        g_assert (g_str_has_prefix (game->error, "fuzz.pgn:"));
      if (game->skipped || game->root == NULL)
        continue;

      wopts.header_comment = "Original game: 1";
      wopts.mark_text = "MATCH";
      cq_pgn_write_game (out, game, &wopts);
      g_assert (g_utf8_validate (out->str, out->len, NULL));

      /* What we write must read back to the same mainline. */
      {
        g_autoptr(CqGame) again = cq_game_new_parsed (out->str, out->len, NULL, "again.pgn");
        if (game->error == NULL)
          {
            if (again->error != NULL)
              g_error ("written game does not parse: %s\n%.*s\n---\n%s",
                       again->error, (int) len, text, out->str);
            g_assert_cmpuint (again->n_nodes, ==, game->n_nodes);
          }
      }
    }
  g_assert_no_error (error);
  g_assert_cmpuint (cq_pgn_reader_get_position (reader), <=, size);
  return 0;
}
