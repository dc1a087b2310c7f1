/* cql-test-util.h: what the tests of the CQL evaluators share: the small
 * games the cases are played on, and one match of a query on a game.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cql/cq-query.h"
#include "pgn/cq-game.h"
#include "pgn/cq-game-summary.h"
#include "pgn/cq-pgn.h"

/* A game for a test case: the tags [Event "test"], @tags (whole tag lines
 * ending in newlines, or NULL) and [Result "@result"] (none if @result is
 * NULL), the position @fen (NULL: the start), then @movetext (NULL: no
 * move) ended by @result (NULL: "*").  @number: the game's number in its file (its
 * #CqGameSource, offset 0), or 0 for a game without a source.  Returns:
 * (transfer full): the game, parsed.  Aborts if it does not parse. */
CqGame *cql_test_game_new (const char *tags,
                           const char *fen,
                           const char *movetext,
                           const char *result,
                           guint64     number);

/* Matches @query on @game into @info (cq_match_info_init() done here) and
 * asserts that the answer is the same without annotations; where the game
 * does not match, asserts that no position is annotated and clears @info.
 * Returns: whether the game matches (then @info is the caller's to clear). */
gboolean cql_test_match (CqQuery     *query,
                         CqGame      *game,
                         CqMatchInfo *info);

/* Reads every game of @pgn_path (cq_pgn_reader_new_for_path()), parses and
 * summarises it (cq_game_summarize()) and evaluates @query on it as a
 * search does (cq_query_accepts_tags(), then cq_query_match_game()):
 * asserts that every game @query matches passes @query's index condition
 * (cq_query_get_index_condition(), cq_index_condition_test()), the one
 * rule of the index.  Prints (g_test_message()) the condition and the
 * counts.  Returns: the number of games the condition excludes (a
 * selective condition must exclude some: the caller may assert it). */
guint64 cql_test_assert_index_sound (const CqQuery *query,
                                     const char    *pgn_path);
