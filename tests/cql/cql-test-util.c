/* cql-test-util.c: what the tests of the CQL evaluators share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql-test-util.h"

#include <string.h>

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

guint64
cql_test_assert_index_sound (const CqQuery *query,
                             const char    *pgn_path)
{
  g_autoptr(CqIndexCondition) condition = cq_query_get_index_condition (query);
  g_autofree char *text = cq_index_condition_to_string (condition);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = cq_pgn_reader_new_for_path (pgn_path, NULL, &error);
  const char *game_text;
  gsize len;
  CqGameSource source;
  guint64 n_games = 0, n_matched = 0, n_excluded = 0;

  g_assert_no_error (error);
  while (cq_pgn_reader_next (reader, &game_text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_from_text (game_text, len, &source, NULL);
      CqGameSummary summary;
      gboolean passes, matched = FALSE;

      n_games++;
      cq_game_parse_moves (game);
      cq_game_summarize (game, &summary);
      passes = cq_index_condition_test (condition, &summary);
      if (!passes)
        n_excluded++;
      if (!game->skipped && cq_query_accepts_tags (query, game))
        matched = cq_query_match_game (query, game, NULL);
      if (matched)
        {
          n_matched++;
          if (!passes)
            g_error ("%s: game %" G_GUINT64_FORMAT " matches but fails the index condition %s",
                     pgn_path, source.number, text);
        }
    }
  g_assert_no_error (error);
  /* Long conditions are cut: a TAP reader splits very long lines. */
  if (strlen (text) > 160)
    strcpy (text + 157, "...");
  g_test_message ("%s: %s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
                  " matched, %" G_GUINT64_FORMAT " excluded", pgn_path, text, n_games,
                  n_matched, n_excluded);
  return n_excluded;
}
