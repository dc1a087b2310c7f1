/* ex-indexer.h: the index of a window's database, built in the background.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * ExIndexState:
 * @EX_INDEX_STATE_NONE: no database, or its state is not known yet.
 * @EX_INDEX_STATE_NOT_INDEXED: a file has no index (none built yet, the
 *   build was cancelled, or the automatic build is off).
 * @EX_INDEX_STATE_INDEXING: an index is being built (#ExIndexer:fraction).
 * @EX_INDEX_STATE_INDEXED: every file that can have an index has one, up
 *   to date.
 * @EX_INDEX_STATE_CHANGED: a file changed since it was indexed: it is
 *   searched from its text and indexed again after its next search.
 * @EX_INDEX_STATE_UNSUPPORTED: no file can have an index (compressed).
 * @EX_INDEX_STATE_FAILED: a build failed (#ExIndexer:detail says why); it
 *   is not tried again until the file changes.
 */
typedef enum {
  EX_INDEX_STATE_NONE,
  EX_INDEX_STATE_NOT_INDEXED,
  EX_INDEX_STATE_INDEXING,
  EX_INDEX_STATE_INDEXED,
  EX_INDEX_STATE_CHANGED,
  EX_INDEX_STATE_UNSUPPORTED,
  EX_INDEX_STATE_FAILED,
} ExIndexState;

#define EX_TYPE_INDEXER (ex_indexer_get_type ())

G_DECLARE_FINAL_TYPE (ExIndexer, ex_indexer, EX, INDEXER, GObject)

ExIndexer   *ex_indexer_new             (void);

/**
 * ex_indexer_set_files:
 * @files: (array zero-terminated=1) (nullable): the database's files
 *   (folders expanded), or NULL for none.
 *
 * Follows another database: a build of the previous one is cancelled, the
 * state of the new one's indexes is read (on a worker thread: notify
 * "state" when known), and its files are watched, so that a file changed
 * shows as %EX_INDEX_STATE_CHANGED without a search.  Nothing is built
 * before the database is searched (ex_indexer_search_finished()).
 */
void         ex_indexer_set_files       (ExIndexer         *self,
                                         const char *const *files);

/**
 * ex_indexer_search_started:
 *
 * A search starts (in any window): the build running, if any, is
 * cancelled at once (a search never waits for one), and taken up again
 * after the searches end.
 */
void         ex_indexer_search_started  (ExIndexer         *self);

/**
 * ex_indexer_search_finished:
 * @search_error: (nullable): the search's error; %CQ_INDEX_ERROR_STALE
 *   (a game is not where the index says) marks every file's index to be
 *   built again, even if the file's identity did not change.
 *
 * The database was searched: its indexes' state is read again and, with
 * the "auto-index" setting on, the files without an up-to-date index are
 * indexed in the background, one build at a time across the application,
 * at a low priority, once no search runs.  A file whose build failed is
 * not tried again until it changes; a build the user cancelled
 * (ex_indexer_cancel()) is not started again for this database.
 */
void         ex_indexer_search_finished (ExIndexer         *self,
                                         const GError      *search_error);

/**
 * ex_indexer_cancel:
 *
 * Cancels the build running for this database (the Cancel button): no
 * index is written, and none is built again for it until another database
 * is chosen.  Returns: TRUE if a build was running.
 */
gboolean     ex_indexer_cancel          (ExIndexer         *self);

ExIndexState ex_indexer_get_state       (ExIndexer         *self);

/* The part of the build done, 0 to 1 (0 unless %EX_INDEX_STATE_INDEXING). */
double       ex_indexer_get_fraction    (ExIndexer         *self);

/**
 * ex_indexer_dup_label:
 *
 * Returns: (transfer full): the state in a few words ("Indexed",
 *   "Indexing… 45%", "Not indexed", "Changed since indexed", "Not
 *   indexable", "Indexing failed"), or NULL for %EX_INDEX_STATE_NONE.
 */
char        *ex_indexer_dup_label       (ExIndexer         *self);

/**
 * ex_indexer_dup_detail:
 *
 * Returns: (transfer full): a few lines for a tooltip: per file, its
 *   index's path, games and size, or why it has none; NULL without
 *   a database.
 */
char        *ex_indexer_dup_detail      (ExIndexer         *self);

/* Builds running in the application (their threads not yet done):
 * ExApplication's shutdown waits for none. */
guint        ex_indexer_get_n_running   (void);

G_END_DECLS
