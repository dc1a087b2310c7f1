/* cql-test-util.c: what the tests of the CQL evaluators share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql-test-util.h"

CqGame *
cql_test_game_new (const char *tags,
                   const char *fen,
                   const char *movetext,
                   const char *result,
                   guint64     number)
{
  g_autoptr(GString) text = g_string_new ("[Event \"test\"]\n");
  CqGameSource source = { number, 0, 0, 1 };
  CqGame *game;

  if (tags != NULL)
    g_string_append (text, tags);
  if (result != NULL)
    g_string_append_printf (text, "[Result \"%s\"]\n", result);
  if (fen != NULL)
    g_string_append_printf (text, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
  g_string_append_printf (text, "\n%s %s\n", movetext != NULL ? movetext : "",
                          result != NULL ? result : "*");
  source.length = text->len;
  game = cq_game_new_parsed (text->str, text->len, number != 0 ? &source : NULL, NULL);
  g_assert_nonnull (game);
  if (game->error != NULL)
    g_error ("test game does not parse: %s", game->error);
  g_assert_nonnull (game->root);
  return game;
}

gboolean
cql_test_match (CqQuery     *query,
                CqGame      *game,
                CqMatchInfo *info)
{
  gboolean matched;

  cq_match_info_init (info);
  matched = cq_query_match_game (query, game, info);
  /* The answer does not depend on whether annotations are wanted. */
  g_assert_cmpint (cq_query_match_game (query, game, NULL), ==, matched);
  if (!matched)
    {
      g_assert_cmpuint (info->positions->len, ==, 0);
      cq_match_info_clear (info);
    }
  return matched;
}
