/* cq-search.h: the search driver: PGN file -> games -> matches, on threads.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"
#include "pgn/cq-game-summary.h"

G_BEGIN_DECLS

/**
 * CqSearchOptions:
 * @n_threads: threads that search, the calling thread included (it also
 *   reads the file and delivers the results); 0 means the number of cores.
 * @want_pgn: if TRUE each #CqMatch carries the annotated PGN text of its
 *   game (the CLI writes it; the workbench re-reads games by offset).
 * @header: write the `{Original game: N}` comment (R2; CLI --noheader);
 *   `{Game number N}` for a CQL 6 query, as CQL 6.2 writes it.
 * @mark_text: (nullable): annotation text; NULL for the query's own
 *   (cq_query_get_mark_text(): "MATCH" for CQL 3, "CQL" or the header's
 *   `matchstring` for CQL 6).
 * @first_game, @last_game: only games whose number lies in this range are
 *   searched (CLI --gamenumber); 0 and G_MAXUINT64 for all.
 * @quiet: leave out a CQL 6 query's automatic comments (`Found`, the echo
 *   and line annotations; #CqPositionComment.automatic), as its header's
 *   `quiet` does (CQL 6.2's -quiet; the mark is left out by @mark_text "").
 * @silent: leave out every comment a CQL 6 query writes (its `comment`s
 *   and sort labels too), as its header's `silent` does (CQL 6.2's
 *   -silent; the game number and the mark by @header and @mark_text).
 * @no_set_tags, @no_remove_comments: a CQL 6 query's `settag` (its
 *   `removecomment`) leaves the games written as they are (CQL 6.2's
 *   -nosettag, -noremovecomment).
 * @range_start, @range_end: for a search of one plain file, only the games
 *   that begin in this byte range (a part of a search in parts,
 *   cq-shard.h): from the first game that begins at or after
 *   @range_start (cq_pgn_find_game_start(); 0: the file's start) to the
 *   last one that begins before @range_end; game numbers and lines count
 *   from that first game.  0 and G_MAXUINT64 for the whole file.
 * @range_frames: @range_start and @range_end are where frames of a zstd
 *   file begin (cq_pgn_zstd_frames()), or indexes of a zip archive's
 *   `*.pgn` members (cq_pgn_zip_members(): a frame then stands for a
 *   member), and the search reads the text from
 *   the frame at @range_start on (cq_pgn_reader_new_for_frames()): its
 *   games' offsets count from there, and the games it searches are those
 *   that begin before the text of the frame at @range_end.
 * @use_index: search each plain file from its index (cq-index.h) when it
 *   has one that is up to date and the query's condition
 *   (cq_query_get_index_condition()) is not "true": only the games that
 *   pass the condition are read, at their offsets; the results are those
 *   of a search of the text, byte for byte.  Not with a byte range or
 *   frames.  Default TRUE.
 * @summarize: deliver each game's #CqGameSummary through
 *   #CqSearchCallbacks.on_game (what cq_index_build() keeps), every game
 *   read whatever its tags; the query may then be NULL, and no game is
 *   evaluated (nothing matches).
 *
 * A query that must run on one thread (cq_query_needs_one_thread()) is
 * searched on one whatever @n_threads says.
 */
typedef struct {
  guint       n_threads;
  gboolean    want_pgn;
  gboolean    header;
  const char *mark_text;
  guint64     first_game;
  guint64     last_game;
  gboolean    quiet;
  gboolean    silent;
  gboolean    no_set_tags;
  gboolean    no_remove_comments;
  guint64     range_start;
  guint64     range_end;
  gboolean    range_frames;
  gboolean    use_index;
  gboolean    summarize;
} CqSearchOptions;

/* Fills @opts with the defaults (all cores, no text, header on, the
 * query's annotation text, indexes used). */
void cq_search_options_init (CqSearchOptions *opts);

/**
 * CqMatch:
 * A matched game.  @source locates its text in its file (@filename, the
 * file's name as given, "<stdin>" for standard input); @text is that text
 * as read (decompressed), @text_len bytes, not NUL-terminated, for callers
 * that keep the game itself (a compressed file cannot be re-read at an
 * offset); @tags are the seven-tag roster values (NULL if absent) copied
 * from the game; @positions the matched positions (R2); @pgn the annotated
 * game text when @want_pgn was set, else NULL; @sort_values the game's
 * values of a CQL 6 query's `sort` filters (cq_query_get_n_sort_keys() of
 * them, else NULL and 0), for cq_query_compare_sort_values(): the search
 * delivers games in input order, the caller sorts them; @sort_labels
 * their text as the output PGN writes it (cq_query_format_sort_labels()),
 * else NULL.  @comments are the #CqPositionComment entries a CQL 6 query
 * wrote in the game, in the order written (#CqMatchInfo.comments; NULL
 * and 0 for none): cq_annotate_comment_texts() turns them into the texts
 * at each position, cq_annotate_write_game() writes the game with them.
 * @messages are the game's `message` lines (also given to @on_message
 * before the match), NULL and 0 for none.  Owned by the search; valid
 * only during the callback: copy what you keep.
 */
typedef struct {
  CqGameSource             source;
  const char              *event, *site, *date, *round, *white, *black, *result;
  const CqMatchedPosition *positions;
  guint                    n_positions;
  const char              *pgn;
  gsize                    pgn_len;
  const char              *text;
  gsize                    text_len;
  const char              *filename;
  const CqSortValue       *sort_values;
  guint                    n_sort_values;
  const char              *sort_labels;
  const CqPositionComment *comments;
  guint                    n_comments;
  const CqMessage         *messages;
  guint                    n_messages;
} CqMatch;

/**
 * CqDiagnostic:
 * A game that was skipped (not standard chess) or damaged (could not be
 * read or replayed in full): @message is "file:line: game N: what" (R13).
 * A file of the database that could not be read to its end (corrupt or
 * truncated compressed data, a read error) or at all is reported the same
 * way, with @input set, after every game read before the damage: then
 * @source.number is the last complete game and @message says where the
 * file stopped.  For a game, @line and @what are the parts of @message
 * that are not its file and number: the line it names and the text after
 * "game N: " (cq_game_format_error() makes @message of them again, with
 * another number); 0 and NULL for a file.
 * @text, @text_len: the game's text as read (valid during the callback
 *   only), so that a caller can tell later whether the file still holds it
 *   (cq_pgn_game_digest()); NULL and 0 for a file, or a game whose text
 *   was not kept (@source.too_large).
 */
typedef struct {
  CqGameSource source;
  gboolean     skipped;
  const char  *message;
  gboolean     input;     /* a file, not a game: see above */
  guint64      line;
  const char  *what;
  const char  *text;
  gsize        text_len;
} CqDiagnostic;

/**
 * CqSearchProgress:
 * @games: games searched so far (with a range of games, those in it);
 * @matches: games matched so far;
 * @bytes / @total_bytes: input read so far and its size;
 * @plies: positions examined so far; @seconds: elapsed wall time;
 * @failed_inputs: files that could not be read to their end.  For a
 * compressed file @bytes and @total_bytes count compressed bytes, so the
 * fraction is right whatever the compression.
 * For a search of a byte range (#CqSearchOptions.range_start): @range_first
 * the offset of its first game (the file's size if none begins in it),
 * @range_next the offset of the first game at or after the range's end
 * (the file's size at its end), @range_lines the lines from @range_first
 * to @range_next (0 at the file's end).  With @range_frames, these offsets
 * count from the text of the frame at @range_start, the file's end is the
 * text's end, and @range_text_end is the offset there of the frame at
 * @range_end (where the next part's text begins; 0 otherwise).
 * @index_passed: games an index let the search pass over without reading
 *   them (#CqSearchOptions.use_index; counted in @games, and their
 *   positions in @plies, as if read); @indexed_files: files searched from
 *   their index.
 */
typedef struct {
  guint64 games;
  guint64 matches;
  guint64 damaged;
  guint64 skipped;
  guint64 bytes;
  guint64 total_bytes;
  guint64 plies;
  double  seconds;
  guint64 failed_inputs;
  guint64 range_first;
  guint64 range_next;
  guint64 range_lines;
  guint64 range_text_end;
  guint64 index_passed;
  guint64 indexed_files;
} CqSearchProgress;

/**
 * CqSearchCallbacks:
 * All callbacks are called from the thread that runs cq_search_run(),
 * never concurrently, and matches in input order whatever the thread
 * count.  @on_progress is called about every 100 ms and once at the end.
 * @on_message receives what a CQL 6 query's `message` filters said in a
 * game (@source), matched or not, in input order, before the game's
 * match; CQL 6.2 prints it as `Game: N WHERE: TEXT`.
 * @on_game receives, with #CqSearchOptions.summarize, every game's source
 * and summary in input order, with @digest the cq_pgn_game_digest() of
 * its text (computed on the thread that summarised it) and @moves, the
 * @moves_len bytes of its tree in the index's compact encoding
 * (cq_index_moves_encode(); 0 bytes for a game without a start
 * position); a skipped or
 * damaged game's diagnostic comes before its summary.  A game too large
 * to keep has none (its diagnostic says so, @source.too_large), nor has
 * the damage of a file not read to its end (a diagnostic with @input).
 * @on_index_unused: with #CqSearchOptions.use_index, a file of the
 * search (@file_index in its list) has an index that cannot be used, and
 * is searched from its text: @why says why, a CQ_INDEX_ERROR
 * (%CQ_INDEX_ERROR_STALE, %CQ_INDEX_ERROR_CORRUPT).  Not called for a
 * file without an index (%CQ_INDEX_ERROR_MISSING), one that cannot have
 * one (%CQ_INDEX_ERROR_UNSUPPORTED) or whose index cannot be read (a
 * G_FILE_ERROR), nor when the query's condition lets every game through
 * (no index is then opened).
 * Any member may be NULL.
 */
typedef struct {
  void (*on_match)      (const CqMatch *match, gpointer user_data);
  void (*on_diagnostic) (const CqDiagnostic *diag, gpointer user_data);
  void (*on_progress)   (const CqSearchProgress *progress, gpointer user_data);
  void (*on_message)    (const CqGameSource *source, const CqMessage *message,
                         gpointer user_data);
  void (*on_game)       (const CqGameSource *source, const CqGameSummary *summary,
                         guint64 digest, const guint8 *moves, gsize moves_len,
                         gpointer user_data);
  void (*on_index_unused) (guint file_index, const GError *why, gpointer user_data);
} CqSearchCallbacks;

/**
 * cq_search_run:
 * @query: (nullable): a compiled query; NULL only with
 *   #CqSearchOptions.summarize.
 * @pgn_path: the database to search (never written).
 * @cancellable: (nullable): cancel to stop at once (then FALSE with
 *   G_IO_ERROR_CANCELLED).
 * @progress: (out) (optional): the final counts.
 *
 * Reads @pgn_path game by game, filters, parses, replays and evaluates
 * each game on @n_threads threads (the calling thread and a private pool
 * of @n_threads - 1), and reports matches in input order.
 * Damaged games are reported and the search goes on.  Memory stays flat
 * whatever the file size.
 *
 * Returns: TRUE when the whole file was searched; FALSE with a
 *   G_FILE_ERROR / G_IO_ERROR if the file could not be read, or
 *   G_IO_ERROR_CANCELLED.
 */
gboolean cq_search_run (const CqQuery *query, const char *pgn_path,
                        const CqSearchOptions *opts,
                        const CqSearchCallbacks *callbacks, gpointer user_data,
                        GCancellable *cancellable, CqSearchProgress *progress,
                        GError **error);

/**
 * cq_search_run_files:
 * @paths: (array zero-terminated=1): the database's files in order (see
 *   cq_pgn_expand_inputs() for directories); each plain or compressed
 *   (cq_pgn_input_open()), "-" for standard input.
 *
 * As cq_search_run(), over several files searched as one database: game
 * numbers continue from file to file (@source.file_index says which file a
 * game is in), and the `{Original game: N}` comment also names the file and
 * the game's number in it, as `{Original game: N (FILE, game M)}`, when
 * there is more than one file.
 *
 * Returns: TRUE when every file was searched to its end; FALSE with
 *   - the error of the first file if it cannot be opened or is not PGN
 *     (nothing is searched);
 *   - %G_IO_ERROR_PARTIAL_INPUT if a file could not be read to its end or
 *     (after the first) at all: every game read was searched and delivered,
 *     and each damage was reported through @on_diagnostic;
 *   - %CQ_INDEX_ERROR_STALE (cq-index.h) if a file searched from its
 *     index no longer holds a game where its index says (it was changed
 *     and its size and modification time put back), or a G_FILE_ERROR if
 *     it cannot be read there: the games before it were delivered, none
 *     after it (never another game in its place);
 *   - %CQ_QUERY_ERROR_SEMANTIC with the message of a CQL 6 `assert` that
 *     failed (or a `cql_abort` reached, #CqMatchInfo.error): the games
 *     before that game were delivered, none after it;
 *   - for a query that reads `lastgamenumber`, the error of a file that
 *     cannot be read (or %G_IO_ERROR_NOT_SUPPORTED for standard input)
 *     while its `[White ` tags are counted before the search
 *     (cq_query_uses_last_game_number());
 *   - %G_IO_ERROR_CANCELLED.
 */
gboolean cq_search_run_files (const CqQuery *query, const char *const *paths,
                              const CqSearchOptions *opts,
                              const CqSearchCallbacks *callbacks, gpointer user_data,
                              GCancellable *cancellable, CqSearchProgress *progress,
                              GError **error);

G_END_DECLS
