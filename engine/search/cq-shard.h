/* cq-shard.h: one search in parts (`cql --shard K/N`), merged into what one
 * run writes (`cql --merge`).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A part searches a contiguous run of the database's bytes, about 1/N of
 * them (cq_shard_plan(): plain files cut between games, zstd files of
 * several frames between frames, zip archives of several `*.pgn` members
 * between members, other compressed files whole), and
 * writes a part file: the query, the database's list of
 * files, and for each file or byte range in order what the search
 * reported (matched games with their text and the query's positions,
 * comments and sort values; `message` lines; damaged games), with game
 * numbers and lines counted within each file or range.  The merge reads
 * every part (cq-shard-merge.c), checks that they belong to one search
 * and that none is missing or unfinished, numbers the games across the database and writes
 * each matched game with the writer of a single run (cq-annotate.h), in
 * input order or in a sorting query's order: the same bytes.
 * docs/cluster.md has the recipes (GNU parallel, Slurm job arrays).
 */
#pragma once

#include <stdio.h>
#include "search/cq-search.h"

G_BEGIN_DECLS

#define CQ_SHARD_ERROR (cq_shard_error_quark ())
GQuark cq_shard_error_quark (void);

/**
 * CqShardError:
 * @CQ_SHARD_ERROR_SPEC: a `--shard` argument that is not K/N with
 *   1 <= K <= N.
 * @CQ_SHARD_ERROR_QUERY: a query that cannot be searched in parts (its
 *   result depends on games of other parts: game numbers, persistent
 *   variables, files written in game order).
 * @CQ_SHARD_ERROR_INPUT: a database that cannot be split (standard input,
 *   a file whose size cannot be read).
 * @CQ_SHARD_ERROR_PART: a part file that cannot be read, is not a part
 *   file, or did not finish; or a part that could not read its piece of a
 *   file cut into parts (a damaged zstd frame).
 * @CQ_SHARD_ERROR_MISMATCH: parts of different searches (query, options,
 *   database, N), or a part given twice.
 * @CQ_SHARD_ERROR_MISSING: a part of 1..N that was not given.
 * @CQ_SHARD_ERROR_OUTPUT: a merge's output that is a file of the database.
 */
typedef enum {
  CQ_SHARD_ERROR_SPEC,
  CQ_SHARD_ERROR_QUERY,
  CQ_SHARD_ERROR_INPUT,
  CQ_SHARD_ERROR_PART,
  CQ_SHARD_ERROR_MISMATCH,
  CQ_SHARD_ERROR_MISSING,
  CQ_SHARD_ERROR_OUTPUT
} CqShardError;

/**
 * CqShardRecipe:
 * How the merge compiles the query again: @text and @name for
 * cq_query_new_from_string() (cq_query_get_text(), the query file's
 * name); or, when @fen is set, cq_query_new_for_position() with @fen,
 * @position_mode and @position_differ.  @variations: -1 as the query
 * says, else the value given to cq_query_set_variations().
 */
typedef struct {
  const char *text;
  const char *name;
  const char *fen;
  guint       position_mode;
  guint       position_differ;
  int         variations;
} CqShardRecipe;

/**
 * cq_shard_parse_spec:
 * @spec: "K/N", 1 <= K <= N <= 100000.
 * Returns: TRUE with @k and @n set, or FALSE with CQ_SHARD_ERROR_SPEC.
 */
gboolean cq_shard_parse_spec (const char *spec, guint *k, guint *n, GError **error);

/**
 * cq_shard_check_query:
 * Refuses (CQ_SHARD_ERROR_QUERY, saying why) a query or options whose
 * result depends on games outside a part: cq_query_needs_one_thread()
 * (persistent variables, dictionaries, readfile/writefile) unless its
 * persistent variables are numbers only added to
 * (cq_query_persistent_is_additive(): the merge adds up the parts'
 * values), cq_query_uses_last_game_number(), cq_query_reads_game_number(),
 * a range of game numbers (@opts first_game/last_game).
 */
gboolean cq_shard_check_query (const CqQuery *query, const CqSearchOptions *opts,
                               GError **error);

/**
 * CqShardUnit:
 * What a part searches of one file of the database: @file (its index in
 * the list) from byte @start to byte @end (#CqSearchOptions.range_start,
 * range_end); 0 and G_MAXUINT64 for the whole file.  @frames: @start and
 * @end are where frames of a zstd file begin, or indexes of a zip
 * archive's `*.pgn` members (#CqSearchOptions.range_frames).
 */
typedef struct {
  guint    file;
  guint64  start;
  guint64  end;
  gboolean frames;
} CqShardUnit;

/**
 * cq_shard_plan:
 * @paths: (array zero-terminated=1): the database's files in order.
 * @k, @n: the part, 1-based, and the number of parts.
 *
 * What part @k of @n searches: the database's bytes are shared out into
 * @n runs of equal size, in file order.  A plain PGN file is cut at the
 * runs' boundaries (each part then begins at the first game after its
 * boundary, cq_pgn_find_game_start(), and stops before the first game
 * after the next).  A zstd file of several frames (cq_pgn_zstd_frames())
 * is cut between frames: each frame goes to the part its middle byte falls
 * in, and a part reads from its first frame's text to the first game that
 * begins in the next part's.  A zip archive of several `*.pgn` members
 * (cq_pgn_zip_members()) is cut between members likewise, each member's
 * share of the archive's bytes in proportion to its uncompressed size.
 * Any other compressed file is not cut, and
 * goes whole to the part its middle byte falls in.  Every part computes
 * the same plan from the files' sizes (and a zstd file's frames).
 *
 * Returns: (transfer full): the #CqShardUnit entries in database order
 *   (none: an empty part); NULL with CQ_SHARD_ERROR_INPUT for standard
 *   input ("-") or a file that cannot be stat()ed.
 */
GArray  *cq_shard_plan (const char *const *paths, guint k, guint n, GError **error);

/**
 * cq_shard_search_part:
 * @query: the compiled query, checked with cq_shard_check_query().
 * @recipe: how it was compiled, written into the part for the merge.
 * @paths: (array zero-terminated=1): the whole database's files.
 * @opts: the search's options (@want_pgn is not needed: the merge writes).
 * @out: the part file, written from its current position.
 * @progress: (out) (optional): totals over the part's files.
 *
 * Searches part @k of @n (cq_shard_plan()) unit by unit with
 * cq_search_run_files() and writes the part file.  A file that cannot be
 * read to its end is recorded as such (the merge reports it as one run
 * would); a query that stops the search (a CQL 6 `assert`) stops the part
 * there.  @on_diagnostic and @on_message of @callbacks, if set, also
 * receive what the part's search says (game numbers within their file).
 *
 * Returns: TRUE when the part file was written and every file of the
 *   part read to its end; FALSE with G_IO_ERROR_PARTIAL_INPUT and the
 *   first damaged file's message when the part file was written but a file
 *   could not be read to its end (the merge reports it as one run would,
 *   or refuses if that file was cut into parts), G_IO_ERROR_CANCELLED, or
 *   the error of writing @out (G_IO_ERROR).
 */
gboolean cq_shard_search_part (const CqQuery *query, const CqShardRecipe *recipe,
                               const char *const *paths, guint k, guint n,
                               const CqSearchOptions *opts, FILE *out,
                               const CqSearchCallbacks *callbacks, gpointer user_data,
                               GCancellable *cancellable, CqSearchProgress *progress,
                               GError **error);

/**
 * cq_shard_merge:
 * @parts: (array zero-terminated=1): the part files, in any order.
 * @output: (nullable): the output's name, refused (CQ_SHARD_ERROR_OUTPUT)
 *   if it is a file of the database, as one run refuses it.
 * @out: where the output PGN is written (what one run writes).
 * @callbacks: @on_message gets the `message` lines and @on_diagnostic the
 *   damaged games, both in input order and numbered across the database;
 *   @on_match is not called.
 * @progress: (out) (optional): the totals of the whole search
 *   (@seconds: the merge's time).
 * @persistent: (out) (optional) (transfer full): for a query with
 *   persistent numbers (cq_query_persistent_is_additive()), their values
 *   after the whole search as cq_query_get_persistent() gives them: each
 *   the sum of the parts' values; else left unset.
 *
 * Checks that @parts are the N parts of one search, each once and each
 * finished, that each byte range or run of zstd frames of a file begins
 * where the one before it stopped (in the file's text), and that no part
 * failed to read its piece of a file cut into parts; then writes every
 * matched game as one run over the whole database would: input order with
 * the game numbers of the database, or a sorting query's order (ties in
 * input order).
 *
 * Returns: TRUE when the output was written whole; FALSE with a
 *   CQ_SHARD_ERROR naming the part file (PART, MISMATCH, MISSING), the
 *   query's error if it no longer compiles, the writing error
 *   (G_IO_ERROR), or what one run would end with: %G_IO_ERROR_PARTIAL_INPUT
 *   when a file could not be read to its end (the output is complete for
 *   every game read), the first file's error, or the `assert` message
 *   (CQ_QUERY_ERROR_SEMANTIC) of a part that stopped.
 */
gboolean cq_shard_merge (const char *const *parts, const char *output, FILE *out,
                         const CqSearchCallbacks *callbacks, gpointer user_data,
                         CqSearchProgress *progress, char ***persistent, GError **error);

G_END_DECLS
