/* ex-result.h: one matched game in the workbench's results list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "search/cq-search.h"

G_BEGIN_DECLS

#define EX_TYPE_RESULT (ex_result_get_type ())

/* The `message` lines a result keeps at most (ex_result_get_messages()). */
#define EX_RESULT_MAX_MESSAGES 100

G_DECLARE_FINAL_TYPE (ExResult, ex_result, EX, RESULT, GObject)

/**
 * ex_result_new_from_match:
 * @match: a match reported by cq_search_run(); valid only during the
 *   callback, so everything kept is copied.
 * @kept: (nullable): where the game's text was copied to (the search
 *   job's games file, ExGameFile), else NULL: it is read back from
 *   @match->source.
 *
 * Keeps the cq_pgn_game_digest() of @match->text (about 0.1 µs of CPU for
 * a game of 600 bytes), so that a game read back later can be refused when the file
 * no longer holds it (ex_game_file_read()).  May be called on the search
 * thread.
 *
 * Returns: (transfer full): a new #ExResult.
 */
ExResult                *ex_result_new_from_match (const CqMatch      *match,
                                                   const CqGameSource *kept);

/* The game's 1-based ordinal in its database (rulings R3). */
guint64                  ex_result_get_number      (ExResult *self);

/* Where the game's text lies in the file the results are read from (the
 * database, or the search job's games file), for ex_game_file_read(). */
const CqGameSource      *ex_result_get_source      (ExResult *self);

/* Which file of the database the game came from (0-based, the order of
 * cq_pgn_expand_inputs()). */
guint                    ex_result_get_input_index (ExResult *self);

/* The cq_pgn_game_digest() of the game's text when it matched. */
guint64                  ex_result_get_digest      (ExResult *self);

/* Tag values (NULL when the game has no such tag). */
const char              *ex_result_get_white       (ExResult *self);
const char              *ex_result_get_black       (ExResult *self);
const char              *ex_result_get_event       (ExResult *self);
const char              *ex_result_get_site        (ExResult *self);
const char              *ex_result_get_date        (ExResult *self);
const char              *ex_result_get_round       (ExResult *self);
const char              *ex_result_get_result      (ExResult *self);

/**
 * ex_result_get_positions:
 * @n_positions: (out): number of entries.
 *
 * Returns: (transfer none) (nullable): the matched positions, sorted by
 *   node index (pre-order, rulings R1/R2); NULL when there are none.
 */
const CqMatchedPosition *ex_result_get_positions   (ExResult *self,
                                                    guint    *n_positions);

/**
 * ex_result_get_sort_values:
 * @n_values: (out): number of entries: the query's sort keys
 *   (cq_query_get_n_sort_keys()), 0 for a query that does not sort.
 *
 * Returns: (transfer none) (nullable): the game's value of each `sort`
 *   filter, in query order (#CqSortValue); NULL when there are none.
 */
const CqSortValue       *ex_result_get_sort_values (ExResult *self,
                                                    guint    *n_values);

/* The game's sort labels as the output PGN writes them after its first
 * comment (cq_query_format_sort_labels()), or NULL for a query that does
 * not sort. */
const char              *ex_result_get_sort_labels (ExResult *self);

/**
 * ex_result_get_comments:
 * @n_comments: (out): number of entries.
 *
 * Returns: (transfer none) (nullable): the comments a CQL 6 query wrote in
 *   the game, in the order written (#CqMatchInfo.comments; node indices
 *   of the game as re-read); NULL when there are none.
 */
const CqPositionComment *ex_result_get_comments    (ExResult *self,
                                                    guint    *n_comments);

/**
 * ex_result_get_messages:
 * @n_messages: (out): number of entries.
 *
 * Returns: (transfer none) (nullable): what the query's `message` filters
 *   printed in the game, in order (#CqMessage), the first
 *   EX_RESULT_MAX_MESSAGES of them (ex_result_get_n_messages_dropped()
 *   counts the others); NULL when nothing.
 */
const CqMessage         *ex_result_get_messages    (ExResult *self,
                                                    guint    *n_messages);

/* How many of the game's messages were not kept (past
 * EX_RESULT_MAX_MESSAGES). */
guint                    ex_result_get_n_messages_dropped (ExResult *self);

G_END_DECLS
