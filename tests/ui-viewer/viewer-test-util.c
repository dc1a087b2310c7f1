/* viewer-test-util.c: helpers shared by the viewer tests.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "viewer-test-util.h"

#include <string.h>

CqGame *
viewer_test_load_fixture_game (const char *name,
                               guint       number)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  CqGameSource source;
  const char *text;
  gsize data_len, len;

  g_assert_nonnull (fixtures);
  path = g_build_filename (fixtures, "viewer", name, NULL);
  g_file_get_contents (path, &data, &data_len, &error);
  g_assert_no_error (error);

  reader = cq_pgn_reader_new_for_data (data, data_len, path);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      if (source.number == number)
        {
          CqGame *game = cq_game_new_parsed (text, len, &source, NULL);

          g_assert_null (game->error);
          g_assert_nonnull (game->root);
          return game;
        }
    }

  g_assert_no_error (error);
  g_error ("%s has no game %u", path, number);
  return NULL;
}

CqGame *
viewer_test_parse_game (const char *pgn)
{
  CqGame *game = cq_game_new_parsed (pgn, strlen (pgn), NULL, NULL);

  g_assert_null (game->error);
  g_assert_nonnull (game->root);
  return game;
}
