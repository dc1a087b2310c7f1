/* cq-search.h: the search driver: PGN file -> games -> matches, on threads.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cql/cq-query.h"
#include "pgn/cq-pgn.h"

G_BEGIN_DECLS

/**
 * CqSearchOptions:
 * @n_threads: threads that search, the calling thread included (it also
 *   reads the file and delivers the results); 0 means the number of cores.
 * @want_pgn: if TRUE each #CqMatch carries the annotated PGN text of its
 *   game (the CLI writes it; the workbench re-reads games by offset).
 * @header: write the `{Original game: N}` comment (R2; CLI --noheader).
 * @mark_text: (nullable): annotation text, "MATCH" by default.
 * @first_game, @last_game: only games whose number lies in this range are
 *   searched (CLI --gamenumber); 0 and G_MAXUINT64 for all.
 */
typedef struct {
  guint       n_threads;
  gboolean    want_pgn;
  gboolean    header;
  const char *mark_text;
  guint64     first_game;
  guint64     last_game;
} CqSearchOptions;

/* Fills @opts with the defaults (all cores, no text, header on, "MATCH"). */
void cq_search_options_init (CqSearchOptions *opts);

/**
 * CqMatch:
 * A matched game.  @source locates its text in the file; @tags are the
 * seven-tag roster values (NULL if absent) copied from the game;
 * @positions the matched positions (R2); @pgn the annotated game text when
 * @want_pgn was set, else NULL.  Owned by the search; valid only during
 * the callback: copy what you keep.
 */
typedef struct {
  CqGameSource             source;
  const char              *event, *site, *date, *round, *white, *black, *result;
  const CqMatchedPosition *positions;
  guint                    n_positions;
  const char              *pgn;
  gsize                    pgn_len;
} CqMatch;

/**
 * CqDiagnostic:
 * A game that was skipped (not standard chess) or damaged (could not be
 * read or replayed in full): @message is "file:line: game N: what" (R13).
 */
typedef struct {
  CqGameSource source;
  gboolean     skipped;
  const char  *message;
} CqDiagnostic;

/**
 * CqSearchProgress:
 * @games: games read so far; @matches: games matched so far;
 * @bytes / @total_bytes: input read so far and its size;
 * @plies: positions examined so far; @seconds: elapsed wall time.
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
} CqSearchProgress;

/**
 * CqSearchCallbacks:
 * All callbacks are called from the thread that runs cq_search_run(),
 * never concurrently, and matches in input order whatever the thread
 * count.  @on_progress is called about every 100 ms and once at the end.
 * Any member may be NULL.
 */
typedef struct {
  void (*on_match)      (const CqMatch *match, gpointer user_data);
  void (*on_diagnostic) (const CqDiagnostic *diag, gpointer user_data);
  void (*on_progress)   (const CqSearchProgress *progress, gpointer user_data);
} CqSearchCallbacks;

/**
 * cq_search_run:
 * @query: a compiled query.
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

G_END_DECLS
