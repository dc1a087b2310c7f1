/* ex-search-job.h: one search on its own thread, reporting to the main loop in batches.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "search/cq-search.h"
#include "ex-game-file.h"

G_BEGIN_DECLS

typedef struct _ExSearchJob ExSearchJob;

/**
 * ExSearchJobFuncs:
 * What a job reports, always on the main thread (the thread-default main
 * context of the thread that called ex_search_job_start()), and only while
 * the owner is alive and the job has not been cancelled.
 * @results: a batch of new #ExResult objects, in input order (transfer none
 *   of the array; take references to keep them).
 * @diagnostics: a batch of damaged/skipped game messages ("file:line: game
 *   N: what", rulings R13; array of strings, transfer none) and, in
 *   @games, the place and digest of each one's game (#ExGameText, one per
 *   message, in the same order; transfer none).
 * @query_messages: (nullable) a batch of what a CQL 6 query's `message`
 *   filters printed in games that did not match, one line each as CQL 6.2
 *   prints them, "Game: N move M(wtm): text" (array of strings, transfer
 *   none); a matched game's messages are in its #ExResult instead.  At
 *   most 1,000 lines in all (MAX_QUERY_MESSAGES); @n_dropped says how
 *   many more there were so far.
 * @progress: the latest counts (about every 100 ms).
 * @finished: called once, after the last batch: @error is NULL when the
 *   whole database was searched, otherwise why not (G_FILE_ERROR, or
 *   G_IO_ERROR_CANCELLED if the job was cancelled; a cancelled job reports
 *   @finished too so that its owner may update, but no more batches).
 */
typedef struct {
  void (*results)     (GObject *owner, ExSearchJob *job, GPtrArray *results);
  void (*diagnostics) (GObject *owner, ExSearchJob *job, GPtrArray *messages,
                       GArray *games);
  void (*query_messages) (GObject *owner, ExSearchJob *job, GPtrArray *lines,
                          guint64 n_dropped);
  void (*progress)    (GObject *owner, ExSearchJob *job, const CqSearchProgress *progress);
  void (*finished)    (GObject *owner, ExSearchJob *job, const CqSearchProgress *progress,
                       const GError *error);
} ExSearchJobFuncs;

/**
 * ex_search_job_start:
 * @query: (transfer full): a compiled query.
 * @pgn_paths: (array zero-terminated=1): the database: one PGN file, or
 *   several files and directories searched as one, a directory with its
 *   subdirectories (cq_pgn_expand_inputs_full(), recursive),
 *   plain or compressed.
 * @n_threads: threads the engine searches on; 0: one per core (the
 *   preference "threads").
 * @owner: the object the results are for; held by a weak reference.
 * @funcs: (not nullable): static callbacks, see #ExSearchJobFuncs.
 *
 * Starts cq_search_run_files() on a new thread.  Results come to @funcs on
 * the calling thread's thread-default main context.  When the database is
 * one plain file, a result's game is re-read from it at its offset; else
 * (compressed, several files) the job copies each matched game into a
 * temporary games file as it is found and the result's offset is into
 * that file, so nothing is decompressed again to show or export a result.
 * ex_search_job_get_game_file() is where results are read from.
 *
 * Returns: (transfer full): the job; keep it to cancel it.  The job stays
 *   alive until its thread has been joined, whatever the caller does.
 */
ExSearchJob *ex_search_job_start       (CqQuery                *query,
                                        const char *const      *pgn_paths,
                                        guint                   n_threads,
                                        GObject                *owner,
                                        const ExSearchJobFuncs *funcs);

ExSearchJob *ex_search_job_ref         (ExSearchJob *job);
void         ex_search_job_unref       (ExSearchJob *job);

/* Cancels the search: it stops at once, its pending and future batches are
 * dropped; @finished still comes (with G_IO_ERROR_CANCELLED). */
void         ex_search_job_cancel      (ExSearchJob *job);

/* Where the results' games are read from (ex_game_file_read()): the
 * database itself when it is one plain file, else the job's temporary
 * games file, deleted with the last reference to the #ExGameFile.
 * Returns: (transfer none): the record, made when the job started. */
ExGameFile  *ex_search_job_get_game_file (ExSearchJob *job);

/* Jobs whose thread has not been joined yet (for a clean shutdown). */
guint        ex_search_job_get_n_running (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExSearchJob, ex_search_job_unref)

G_END_DECLS
