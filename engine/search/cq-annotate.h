/* cq-annotate.h: the annotated PGN of a matched game, as `cql` writes it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search driver (CLI output, #CqSearchOptions.want_pgn) and the
 * workbench's export write a matched game with the same functions, so that
 * both write the same bytes: the header comment (`{Original game: N}` for
 * CQL 3, `{Game number N}` for CQL 6), the mark after each matched position
 * and, for a CQL 6 query, its comments merged at their positions and its
 * sort labels.  The game viewer uses cq_annotate_comment_texts() to show a
 * CQL 6 query's comments where the output PGN has them.
 */
#pragma once

#include <glib.h>
#include "search/cq-search.h"

G_BEGIN_DECLS

/**
 * CqAnnotationStyle:
 * What is written around every matched game of one search.
 * @dialect: the query's dialect: CQL 6 writes `Game number` and merges
 *   its annotations into the comments already there (CQL 6.2), CQL 3
 *   writes `Original game:` and comments of their own (rulings R2).
 * @mark_text: the mark after each matched position; "" for none (not
 *   NULL).  Not owned.
 * @header: write the header comment.
 * @quiet: leave out the query's automatic comments
 *   (#CqPositionComment.automatic).
 * @silent: leave out every comment of the query and its sort labels.
 * @position_search: the query is a position search: each mark says what
 *   was found there (cq_match_describe()).
 * @no_set_tags, @no_remove_comments: leave out the query's `settag`s (its
 *   `removecomment`s), as #CqSearchOptions says.
 */
typedef struct {
  CqDialect   dialect;
  const char *mark_text;
  gboolean    header;
  gboolean    quiet;
  gboolean    silent;
  gboolean    position_search;
  gboolean    no_set_tags;
  gboolean    no_remove_comments;
} CqAnnotationStyle;

/**
 * cq_annotation_style_init:
 * @style: (out caller-allocates): filled in; its @mark_text points into
 *   @opts or @query, which must outlive it.
 * @query: the query searched.
 * @opts: (nullable): the search's options (NULL: the defaults,
 *   cq_search_options_init()).
 *
 * The style `cql` writes for @query with @opts: the query's mark text
 * unless @opts gives one; the header unless @opts turns it off or the
 * query's header says `silent`; quiet and silent from the query's header
 * or @opts.
 */
void cq_annotation_style_init (CqAnnotationStyle     *style,
                               const CqQuery         *query,
                               const CqSearchOptions *opts);

/**
 * CqAnnotatedMatch:
 * One matched game's part of the annotations.
 * @number: the game's number in the database (the header comment's N).
 * @file_name: (nullable): for a database of several files, the name of
 *   the game's file, written as `N (FILE, game M)`; NULL for one file.
 * @number_in_file: M, the game's number in @file_name.
 * @positions: the matched positions (#CqMatchInfo.positions).
 * @comments: (nullable): a CQL 6 query's comments in the game, in the
 *   order written (#CqMatchInfo.comments); NULL and 0 for none.
 * @sort_labels: (nullable): the game's sort labels
 *   (cq_query_format_sort_labels()), written after the first comment.
 */
typedef struct {
  guint64                  number;
  const char              *file_name;
  guint64                  number_in_file;
  const CqMatchedPosition *positions;
  guint                    n_positions;
  const CqPositionComment *comments;
  guint                    n_comments;
  const char              *sort_labels;
} CqAnnotatedMatch;

/**
 * cq_annotate_write_game:
 * @out: where the game is appended.
 * @game: the matched game, parsed (its node indices those of @match).
 * @style: how the search annotates.
 * @match: this game's matched positions, comments and labels.
 *
 * Appends @game to @out as `cql` writes a matched game
 * (cq_pgn_write_game() with the header, the marks, the query's comments
 * placed around each mark as the position's #CqMatchedPosition.comments_before
 * says, and the sort labels).
 */
void cq_annotate_write_game (GString                 *out,
                             const CqGame            *game,
                             const CqAnnotationStyle *style,
                             const CqAnnotatedMatch  *match);

/**
 * cq_annotate_comment_texts:
 * @comments: (array length=n_comments) (nullable): a CQL 6 query's
 *   comments in one game, in the order written (#CqMatchInfo.comments).
 * @n_nodes: the game's number of nodes; comments at other nodes are
 *   left out.
 * @quiet: leave out the automatic comments.
 * @split: (nullable): per node, the index into @comments before which
 *   the comments go into *@before and from which into *@after (the mark
 *   goes between them: #CqMatchedPosition.comments_before); NULL: all go
 *   into *@before.
 * @before: (out) (transfer full): #GPtrArray of @n_nodes texts (each
 *   nullable, freed with the array).
 * @after: (out) (transfer full): the same, for the comments after the mark.
 *
 * The texts `cql` writes at each position: a position's comments in the
 * order written, joined by single spaces, a text written twice at one
 * position kept once (as CQL 6.2 does).
 *
 * Returns: FALSE, and *@before and *@after untouched, when no comment is
 *   left to write.
 */
gboolean cq_annotate_comment_texts (const CqPositionComment *comments,
                                    guint                    n_comments,
                                    guint                    n_nodes,
                                    gboolean                 quiet,
                                    const guint32           *split,
                                    GPtrArray              **before,
                                    GPtrArray              **after);

G_END_DECLS
