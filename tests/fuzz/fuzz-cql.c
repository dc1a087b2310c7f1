/* fuzz-cql.c: libFuzzer target for the CQL readers and compilers (CQL 3
 * and CQL 6: the text decides).
 *
 * The input is the text of a query.  It must compile, or fail with a
 * CQ_QUERY_ERROR whose message has the form "FILE:LINE:COLUMN: ..."
 * (rulings R13).  A query that compiles is evaluated on a small fixed game
 * so that the evaluator runs on every shape the compiler accepts.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cql/cq-query.h"

static const char game_text[] =
  "[Event \"fuzz\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Nf3 (2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#) 2... Nc6 3. Bb5 a6 "
  "4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 "
  "10. f3 Be6 11. Nc3 Bd6 12. Be3 b6 13. a4 a5 14. Rd2 Ke7 15. Rad1 h5 1-0\n";

static CqGame *the_game;

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autofree char *text = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_autoptr(GError) error = NULL;

  if (size > 64 * 1024)
    return 0;
  if (the_game == NULL)
    {
      the_game = cq_game_new_parsed (game_text, sizeof game_text - 1, NULL, "game.pgn");
      g_assert_null (the_game->error);
    }

  /* The reader takes a NUL-terminated string; an embedded NUL ends it. */
  text = g_strndup ((const char *) data, size);
  query = cq_query_new_from_string (text, "fuzz.cql", &error);
  if (query == NULL)
    {
      g_assert (error != NULL);
      g_assert (error->domain == CQ_QUERY_ERROR);
      if (!g_str_has_prefix (error->message, "fuzz.cql:"))
        g_error ("error message without a location: %s", error->message);
      g_assert (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_null (error);

  {
    CqMatchInfo info;
    g_autofree char *resolved = NULL;

    cq_match_info_init (&info);
    if (cq_query_accepts_tags (query, the_game))
      cq_query_match_game (query, the_game, &info);
    for (guint i = 0; i < info.positions->len; i++)
      g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, i).node,
                        <, the_game->n_nodes);
    cq_match_info_clear (&info);
    if (cq_query_get_pgn (query))
      resolved = cq_query_resolve_path (query, cq_query_get_pgn (query));
  }
  return 0;
}
