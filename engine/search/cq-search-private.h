/* cq-search-private.h: what the search driver (cq-search.c) shares with
 * the searching of batches on worker threads (cq-search-batch.c).
 * Internal to engine/search.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "search/cq-annotate.h"
#include "search/cq-search.h"
/* For the reader's tag spans (#CqTagSpan), carried from the reader to the
 * game through the batch. */
#include "pgn/cq-pgn-private.h"

G_BEGIN_DECLS

#define BATCH_MAX_GAMES   256
#define BATCH_MAX_BYTES   (512 * 1024)
#define BATCHES_PER_WORKER 4
/* Batches waiting in the pool's queue, per worker, before the calling
 * thread searches a batch itself: enough that a worker never waits for
 * work while the calling thread searches one. */
#define QUEUED_PER_WORKER 2
#define PROGRESS_INTERVAL_US (100 * 1000)

/* Where nothing is stored in a batch's @store. */
#define NO_STRING G_MAXSIZE

/* One matched or reported game inside a batch.  Its strings lie in the
 * batch's @store and its positions in the batch's @positions, so that a
 * result costs no allocation of its own and a recycled batch none at all. */
typedef struct {
  CqGameSource source;
  guint        kind;       /* RESULT_* */
  gsize        tags[CQ_TAG_ROSTER_SIZE]; /* cq_game_get_roster() values in @store, or NO_STRING */
  guint        first_position, n_positions;  /* in @positions (matches only) */
  gsize        pgn, pgn_len;                 /* annotated text in @store, or NO_STRING */
  gsize        text, text_len;               /* the game's own text in the batch's @text */
  gsize        message;    /* diagnostic in @store, or NO_STRING */
  guint64      message_line;   /* a game's diagnostic: #CqGame.error_line, */
  gsize        message_what;   /* and .error_what */
  guint        first_sort, n_sort;          /* in @sort_values (matches only) */
  guint        first_message, n_messages;   /* in @messages */
  guint        first_comment, n_comments;   /* in @comments (matches only) */
  gsize        sort_labels;                 /* in @store, or NO_STRING */
} Result;

enum {
  RESULT_MATCH,
  RESULT_DAMAGED,
  RESULT_SKIPPED,
  RESULT_MESSAGES,  /* a game that did not match, with `message` lines */
  RESULT_STOP       /* a failed CQL 6 `assert`: @message; the search stops here */
};

/* A game's summary in a batch (#CqSearchOptions.summarize), with the
 * digest of its text, which the worker computes while the text is at
 * hand (cq_index_build() keeps both). */
typedef struct {
  CqGameSource  source;
  guint64       digest;
  CqGameSummary summary;
  guint         moves_at;    /* its compact moves (cq-index-moves.h) in */
  guint         moves_len;   /* the batch's @moves */
} Summarized;

/* A game of a batch: where it lies in its file (@source), its text at
 * @offset in the batch's text, its reader's tag spans (#CqTagSpan) from
 * @first_span in the batch's spans. */
typedef struct {
  CqGameSource source;
  gsize        offset;
  guint        first_span;
  guint        n_spans;
} BatchGame;

typedef struct {
  /* input, filled by the reader */
  GString      *text;        /* the games' texts, back to back */
  GArray       *games;       /* BatchGame: each game's source, text and tag spans */
  CqTagSpan    *spans;       /* the reader's tag spans of the games, in turn */
  gsize         n_spans;
  gsize         spans_cap;
  /* output, filled by the searching thread */
  GArray       *results;     /* Result, for matched / damaged / skipped games only */
  GString      *store;       /* the results' strings, each NUL-terminated */
  GArray       *positions;   /* CqMatchedPosition of all matches */
  GArray       *sort_values; /* CqSortValue of all matches (CQL 6 sort) */
  GArray       *messages;    /* CqMessage of all games (CQL 6 message) */
  GArray       *comments;    /* CqPositionComment of all matches (CQL 6 comment) */
  GArray       *summaries;   /* Summarized of every game (summarize only; else NULL) */
  GByteArray   *moves;       /* their compact moves (summarize only; else NULL) */
  guint64       plies;
  guint64       matches;
  guint         file_index;  /* every game of a batch comes from one file */
  gboolean      done;
  /* the spare block of its games' arenas (_cq_arena_init()), kept for
   * the batch's next game and, once recycled, for the next batch */
  CqArenaBlock *arena_spare;
} Batch;

typedef struct {
  const CqQuery         *query;
  const CqSearchOptions *opts;
  CqAnnotationStyle      style;     /* how matched games are written (@want_pgn) */
  char                 **names;     /* each file's name for messages */
  guint64               *first_numbers;  /* number of each file's first game */
  guint                  n_files;
  GCancellable          *cancellable;
  /* The one stop of the search (_cq_search_stop()): set when @cancellable is,
   * when the query's run error is set, and when a RESULT_STOP was
   * delivered; read by the reader and inside games. */
  gint                   stop_flag;
  GMutex                 mutex;     /* guards @cond, @queued and each batch's @done */
  GCond                  cond;
  GQueue                 queued;    /* batches handed to the pool, not yet started */
  /* The query reads the main line only (cq_query_reads_only_mainline()):
   * games are read without their variations first (search_game()); of
   * those that had some, how many were, and how many matched there
   * (atomic: every searcher counts). */
  gboolean               mainline_only;
  gint                   mainline_tried, mainline_matched;
  /* ... and reads no tag either (cq_query_reads_only_tree()): the first
   * reading keeps the set-up tags only (_cq_game_new_for_positions()). */
  gboolean               positions_only;
} SearchShared;

static inline const char *
stored (const Batch *b, gsize at)
{
  return at == NO_STRING ? NULL : b->store->str + at;
}

/* A new empty batch; freed, or kept in @spare for reuse when its buffers
 * stayed small (BATCH_KEEP_BYTES). */
Batch *_cq_batch_new (void);
void   _cq_batch_free (Batch *b);
void   _cq_batch_recycle (Batch *b, GQueue *spare);

/* Sets the search's one stop flag; _cq_search_set_stop_flag() is the
 * cancellable's "cancelled" handler that does it. */
void   _cq_search_stop (gint *stop_flag);
void   _cq_search_set_stop_flag (GCancellable *cancellable, gpointer data);

/* Searches every game of @batch (until the search stops), then marks it
 * done under @shared's mutex and wakes the calling thread. */
void   _cq_search_batch_finish (Batch *batch, SearchShared *shared);

/* The pool's task: searches the oldest queued batch, if one is left. */
void   _cq_search_worker (gpointer data, gpointer user_data);

/* The handing of games to the searchers, as the reader loop of
 * cq_search_run_files() does it, for the search of a file from its index
 * (cq-search-index.c).  Defined in cq-search.c; lives as long as the
 * search. */
typedef struct _SearchFeed SearchFeed;

/* The batch being filled, or a new one (from the spare ones) whose games
 * come from file @file_index. */
Batch            *_cq_search_feed_batch (SearchFeed *feed, guint file_index);
/* Hands the batch being filled (if any) to the searchers and delivers
 * what is finished. */
void              _cq_search_feed_submit (SearchFeed *feed);
/* Delivers every batch in flight, so that what comes next comes after. */
void              _cq_search_feed_drain (SearchFeed *feed);
/* Whether the search stops (cancelled, an error, a failed `assert`). */
gboolean          _cq_search_feed_stopped (SearchFeed *feed);
/* The search's counts, which the feeder keeps up to date, and where in
 * the file being searched it is (#CqSearchProgress.bytes). */
CqSearchProgress *_cq_search_feed_progress (SearchFeed *feed);
void              _cq_search_feed_set_position (SearchFeed *feed, guint64 file_position);
/* Tells the caller that file @file_index has an index that cannot be
 * used (#CqSearchCallbacks.on_index_unused), once what came before it is
 * delivered. */
void              _cq_search_feed_index_unused (SearchFeed *feed, guint file_index,
                                                const GError *why);

/* The query's condition on the games' summaries when the search may use
 * indexes (#CqSearchOptions.use_index, no byte range or frames, a
 * condition that is not "true"), else NULL.  Computed once a search. */
CqIndexCondition *_cq_search_index_condition (const CqQuery *query,
                                              const CqSearchOptions *opts);

/**
 * _cq_search_index_file:
 * @query: the search's query.
 * @opts: the search's options (its range of game numbers).
 * @condition: _cq_search_index_condition().
 * @path: file @file_index of the search, whose games are numbered from
 *   @games_before + 1.
 * @last_number: (out): the number of its last game, when searched.
 * @stop: (out): set when no later file is to be searched (past
 *   #CqSearchOptions.last_game, or the search stops).
 * @error: a file changed since it was indexed (%CQ_INDEX_ERROR_STALE,
 *   the search must stop), or a read error.
 *
 * Searches @path from its index when it has one that is up to date:
 * feeds the games that pass @condition to the searchers, in order, and
 * counts the others as searched.
 *
 * Returns: FALSE when @path has no usable index (nothing was fed: search
 *   its text); TRUE when it was searched from its index, or stopped with
 *   @error.
 */
gboolean _cq_search_index_file (SearchFeed *feed, const CqQuery *query,
                                const CqSearchOptions *opts,
                                const CqIndexCondition *condition,
                                const char *path, guint file_index, guint64 games_before,
                                guint64 *last_number, gboolean *stop, GError **error);

G_END_DECLS
