/* cq-search.c: the search driver.
 *
 * The calling thread reads the PGN file and splits it into game texts
 * (cheap) and packs them into batches.  With n threads it keeps a private
 * GThreadPool of n - 1 workers fed with a short queue of batches, and
 * searches every other batch itself, so that exactly n threads are busy
 * and the batches it searches are still in its own cache; at the end of
 * the file it takes the batches no worker has started.  A searcher
 * parses, filters, replays and evaluates each game of a batch and keeps
 * the results in the batch.  The calling thread delivers finished batches
 * strictly in input order, so the output is the same for any thread
 * count.  At most a few batches per thread are in flight, so memory stays
 * flat whatever the size of the file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "search/cq-annotate.h"
#include "search/cq-search.h"

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
  gsize        tags[7];    /* seven-tag roster values in @store, or NO_STRING */
  guint        first_position, n_positions;  /* in @positions (matches only) */
  gsize        pgn, pgn_len;                 /* annotated text in @store, or NO_STRING */
  gsize        text, text_len;               /* the game's own text in the batch's @text */
  gsize        message;    /* diagnostic in @store, or NO_STRING */
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

typedef struct {
  /* input, filled by the reader */
  GString      *text;        /* the games' texts, back to back */
  GArray       *sources;     /* CqGameSource */
  GArray       *offsets;     /* gsize: start of each game in @text */
  /* output, filled by the searching thread */
  GArray       *results;     /* Result, for matched / damaged / skipped games only */
  GString      *store;       /* the results' strings, each NUL-terminated */
  GArray       *positions;   /* CqMatchedPosition of all matches */
  GArray       *sort_values; /* CqSortValue of all matches (CQL 6 sort) */
  GArray       *messages;    /* CqMessage of all games (CQL 6 message) */
  GArray       *comments;    /* CqPositionComment of all matches (CQL 6 comment) */
  guint64       plies;
  guint64       matches;
  guint         file_index;  /* every game of a batch comes from one file */
  gboolean      done;
} Batch;

typedef struct {
  const CqQuery         *query;
  const CqSearchOptions *opts;
  CqAnnotationStyle      style;     /* how matched games are written (@want_pgn) */
  char                 **names;     /* each file's name for messages */
  guint64               *first_numbers;  /* number of each file's first game */
  guint                  n_files;
  GCancellable          *cancellable;
  /* The one stop of the search (stop_search()): set when @cancellable is,
   * when the query's run error is set, and when a RESULT_STOP was
   * delivered; read by the reader and inside games. */
  gint                   stop_flag;
  GMutex                 mutex;     /* guards @cond, @queued and each batch's @done */
  GCond                  cond;
  GQueue                 queued;    /* batches handed to the pool, not yet started */
} SearchShared;

static const char *const roster[7] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result"
};

/* A batch whose buffers grew past this is freed rather than recycled. */
#define BATCH_KEEP_BYTES (8 * 1024 * 1024)

static void
clear_sort_value (gpointer data)
{
  g_free (((CqSortValue *) data)->string);
}

static void
clear_message (gpointer data)
{
  g_free (((CqMessage *) data)->where);
  g_free (((CqMessage *) data)->text);
}

static void
clear_comment (gpointer data)
{
  g_free (((CqPositionComment *) data)->text);
}

static Batch *
batch_new (void)
{
  Batch *b = g_new0 (Batch, 1);
  b->text = g_string_sized_new (BATCH_MAX_BYTES + 4096);
  b->sources = g_array_new (FALSE, FALSE, sizeof (CqGameSource));
  b->offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  b->results = g_array_new (FALSE, TRUE, sizeof (Result));
  b->store = g_string_sized_new (4096);
  b->positions = g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition));
  b->sort_values = g_array_new (FALSE, FALSE, sizeof (CqSortValue));
  g_array_set_clear_func (b->sort_values, clear_sort_value);
  b->messages = g_array_new (FALSE, FALSE, sizeof (CqMessage));
  g_array_set_clear_func (b->messages, clear_message);
  b->comments = g_array_new (FALSE, FALSE, sizeof (CqPositionComment));
  g_array_set_clear_func (b->comments, clear_comment);
  return b;
}

static void
batch_free (Batch *b)
{
  g_array_unref (b->positions);
  g_array_unref (b->sort_values);
  g_array_unref (b->messages);
  g_array_unref (b->comments);
  g_string_free (b->store, TRUE);
  g_array_unref (b->results);
  g_array_unref (b->offsets);
  g_array_unref (b->sources);
  g_string_free (b->text, TRUE);
  g_free (b);
}

/* Empties @b for reuse (keeping its buffers) and puts it on @spare, or
 * frees it if a huge game made its buffers large. */
static void
batch_recycle (Batch *b, GQueue *spare)
{
  if (b->text->allocated_len > BATCH_KEEP_BYTES || b->store->allocated_len > BATCH_KEEP_BYTES)
    {
      batch_free (b);
      return;
    }
  g_string_truncate (b->text, 0);
  g_array_set_size (b->sources, 0);
  g_array_set_size (b->offsets, 0);
  g_array_set_size (b->results, 0);
  g_string_truncate (b->store, 0);
  g_array_set_size (b->positions, 0);
  g_array_set_size (b->sort_values, 0);
  g_array_set_size (b->messages, 0);
  g_array_set_size (b->comments, 0);
  b->plies = 0;
  b->matches = 0;
  b->file_index = 0;
  b->done = FALSE;
  g_queue_push_head (spare, b);
}

/* Appends @str (nullable) and its NUL to @b's store; returns its offset. */
static gsize
store_string (Batch *b, const char *str)
{
  gsize at = b->store->len;

  if (str == NULL)
    return NO_STRING;
  g_string_append_len (b->store, str, strlen (str) + 1);
  return at;
}

static const char *
stored (const Batch *b, gsize at)
{
  return at == NO_STRING ? NULL : b->store->str + at;
}

static void
result_init (Result *r, const CqGameSource *source, guint kind)
{
  memset (r, 0, sizeof *r);
  r->source = *source;
  r->kind = kind;
  for (guint i = 0; i < G_N_ELEMENTS (r->tags); i++)
    r->tags[i] = NO_STRING;
  r->pgn = NO_STRING;
  r->message = NO_STRING;
  r->sort_labels = NO_STRING;
}

/* Stops the search: the reader stops reading, and every game being
 * searched stops where it is (cq_game_set_stop_flag()), its answer
 * dropped.  Why the search stops travels apart: the cancellable (the
 * user's stop), the query's run error (a file it reads or writes), or a
 * RESULT_STOP message, delivered in the order of the games (a failed CQL 6
 * `assert`, a regular expression that gave up, a bound passed), which
 * stops the search only once every game before it was delivered. */
static void
stop_search (gint *stop_flag)
{
  g_atomic_int_set (stop_flag, 1);
}

/* The cancellable's "cancelled" handler (on the thread that cancels). */
static void
set_stop_flag (GCancellable *cancellable, gpointer data)
{
  stop_search (data);
}

/* Moves @info's messages (their texts, not copied: a game's messages may
 * be long) to the end of @batch's; returns how many. */
static guint
take_messages (Batch *batch, CqMatchInfo *info)
{
  guint n = info->messages != NULL ? info->messages->len : 0;

  for (guint i = 0; i < n; i++)
    {
      CqMessage *m = &g_array_index (info->messages, CqMessage, i);

      g_array_append_val (batch->messages, *m);
      m->where = m->text = NULL;
    }
  return n;
}

/* Evaluates one game; appends a Result if there is anything to report. */
static void
search_game (SearchShared *shared, Batch *batch, const char *text, gsize len,
             const CqGameSource *source, CqMatchInfo *info)
{
  g_autoptr(CqGame) game = cq_game_new_from_text (text, len, source,
                                                  shared->names[source->file_index]);
  g_autofree char *labels = NULL;
  Result r;

  cq_game_set_stop_flag (game, &shared->stop_flag);
  if (game->skipped)
    {
      result_init (&r, source, RESULT_SKIPPED);
      r.message = store_string (batch, game->error);
      r.text = text - batch->text->str;
      r.text_len = len;
      g_array_append_val (batch->results, r);
      return;
    }

  if (!cq_query_accepts_tags (shared->query, game))
    return;

  cq_game_parse_moves (game);
  batch->plies += game->n_nodes;
  if (cq_game_is_stopped (game))
    return;   /* stopped inside the game: nothing about it is reported */

  if (game->error != NULL)
    {
      result_init (&r, source, game->skipped ? RESULT_SKIPPED : RESULT_DAMAGED);
      r.message = store_string (batch, game->error);
      r.text = text - batch->text->str;
      r.text_len = len;
      g_array_append_val (batch->results, r);
      if (game->skipped)
        return;
    }

  if (game->root == NULL)
    return;

  /* A CQL 6 `readfile` or `writefile` that failed stops the search, as
   * CQL 6.2 halts: this game and the rest are not reported. */
  if (!cq_query_match_game (shared->query, game, info) || cq_game_is_stopped (game)
      || cq_query_get_run_error (shared->query) != NULL)
    {
      if (info->error != NULL)
        {
          /* The games before it are delivered, then the search stops. */
          result_init (&r, source, RESULT_STOP);
          r.message = store_string (batch, info->error);
          g_clear_pointer (&info->error, g_free);
          g_array_append_val (batch->results, r);
          return;
        }
      if (cq_query_get_run_error (shared->query) != NULL)
        {
          stop_search (&shared->stop_flag);
          return;
        }
      /* CQL 6.2 prints the messages of every game, matched or not. */
      if (!cq_game_is_stopped (game) && info->messages != NULL && info->messages->len > 0)
        {
          result_init (&r, source, RESULT_MESSAGES);
          r.first_message = batch->messages->len;
          r.n_messages = take_messages (batch, info);
          g_array_append_val (batch->results, r);
        }
      return;
    }

  result_init (&r, source, RESULT_MATCH);
  r.first_message = batch->messages->len;
  r.n_messages = take_messages (batch, info);
  r.first_sort = batch->sort_values->len;
  r.n_sort = info->sort_values->len;
  for (guint i = 0; i < info->sort_values->len; i++)
    {
      CqSortValue v = g_array_index (info->sort_values, CqSortValue, i);

      v.string = g_strdup (v.string);
      g_array_append_val (batch->sort_values, v);
    }
  r.text = text - batch->text->str;
  r.text_len = len;
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    r.tags[i] = store_string (batch, cq_game_get_tag (game, roster[i]));
  r.first_position = batch->positions->len;
  r.n_positions = info->positions->len;
  g_array_append_vals (batch->positions, info->positions->data, info->positions->len);

  /* A CQL 6 query's comments, for the caller (the workbench shows them)
   * and the output PGN: their texts move to the batch, not copied (a
   * game's comments may be long). */
  r.first_comment = batch->comments->len;
  r.n_comments = info->comments->len;
  for (guint i = 0; i < info->comments->len; i++)
    {
      CqPositionComment *c = &g_array_index (info->comments, CqPositionComment, i);

      g_array_append_val (batch->comments, *c);
      c->text = NULL;
    }
  if (info->sort_values->len > 0)
    labels = cq_query_format_sort_labels (shared->query,
                                          (const CqSortValue *) info->sort_values->data);

  if (shared->opts->want_pgn)
    {
      CqAnnotatedMatch am = { 0 };

      am.number = source->number;
      if (shared->n_files > 1)
        {
          am.file_name = shared->names[source->file_index];
          am.number_in_file = source->number - shared->first_numbers[source->file_index] + 1;
        }
      am.positions = (const CqMatchedPosition *) info->positions->data;
      am.n_positions = info->positions->len;
      am.comments = r.n_comments > 0 ? &g_array_index (batch->comments, CqPositionComment,
                                                       r.first_comment) : NULL;
      am.n_comments = r.n_comments;
      am.sort_labels = labels;
      r.pgn = batch->store->len;
      cq_annotate_write_game (batch->store, game, &shared->style, &am);
      r.pgn_len = batch->store->len - r.pgn;
      g_string_append_c (batch->store, '\0');
    }
  r.sort_labels = store_string (batch, labels);

  batch->matches++;
  g_array_append_val (batch->results, r);
}

static void
search_batch (Batch *batch, SearchShared *shared)
{
  CqMatchInfo info;

  cq_match_info_init (&info);
  for (guint i = 0; i < batch->sources->len; i++)
    {
      gsize start = g_array_index (batch->offsets, gsize, i);
      gsize end = i + 1 < batch->offsets->len
                  ? g_array_index (batch->offsets, gsize, i + 1) : batch->text->len;

      if (g_atomic_int_get (&shared->stop_flag))
        break;
      search_game (shared, batch, batch->text->str + start, end - start,
                   &g_array_index (batch->sources, CqGameSource, i), &info);
      /* Nothing after a RESULT_STOP is delivered: the rest of the batch
       * is not searched. */
      if (batch->results->len > 0
          && g_array_index (batch->results, Result, batch->results->len - 1).kind == RESULT_STOP)
        break;
    }
  cq_match_info_clear (&info);
}

/* Takes the oldest batch nobody has started, or NULL. */
static Batch *
take_queued (SearchShared *shared)
{
  Batch *batch;

  g_mutex_lock (&shared->mutex);
  batch = g_queue_pop_head (&shared->queued);
  g_mutex_unlock (&shared->mutex);
  return batch;
}

static void
search_and_finish (Batch *batch, SearchShared *shared)
{
  search_batch (batch, shared);

  g_mutex_lock (&shared->mutex);
  batch->done = TRUE;
  g_cond_broadcast (&shared->cond);
  g_mutex_unlock (&shared->mutex);
}

/* A pool task is only a wake-up: the worker takes the oldest queued batch,
 * which may already have been taken by the calling thread. */
static void
worker_func (gpointer data, gpointer user_data)
{
  SearchShared *shared = user_data;
  Batch *batch = take_queued (shared);

  if (batch != NULL)
    search_and_finish (batch, shared);
}

void
cq_search_options_init (CqSearchOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->n_threads = 0;
  opts->want_pgn = FALSE;
  opts->header = TRUE;
  opts->mark_text = NULL;
  opts->first_game = 0;
  opts->last_game = G_MAXUINT64;
  opts->range_start = 0;
  opts->range_end = G_MAXUINT64;
}

typedef struct {
  const CqSearchCallbacks *cb;
  char                   **names;
  gpointer                 user_data;
  CqSearchProgress         progress;
  gint64                   start_us;
  gint64                   last_progress_us;
  char                    *stop_message;  /* a RESULT_STOP delivered: nothing after it is */
  gint                    *stop_flag;     /* SearchShared's */
} Delivery;

static void
deliver_batch (Delivery *d, Batch *batch)
{
  d->progress.plies += batch->plies;
  for (guint i = 0; i < batch->results->len; i++)
    {
      Result *r = &g_array_index (batch->results, Result, i);

      if (r->kind == RESULT_STOP)
        {
          /* Every game before it is delivered: the games still being
           * searched are after it, and need not be finished. */
          d->stop_message = g_strdup (stored (batch, r->message));
          stop_search (d->stop_flag);
          return;
        }
      /* A game's messages come before its match. */
      if (d->cb->on_message != NULL)
        for (guint k = 0; k < r->n_messages; k++)
          d->cb->on_message (&r->source, &g_array_index (batch->messages, CqMessage,
                                                         r->first_message + k),
                             d->user_data);
      if (r->kind == RESULT_MESSAGES)
        continue;
      if (r->kind == RESULT_MATCH)
        {
          CqMatch m = { 0 };

          d->progress.matches++;
          if (d->cb->on_match == NULL)
            continue;
          m.source = r->source;
          m.event = stored (batch, r->tags[0]);
          m.site = stored (batch, r->tags[1]);
          m.date = stored (batch, r->tags[2]);
          m.round = stored (batch, r->tags[3]);
          m.white = stored (batch, r->tags[4]);
          m.black = stored (batch, r->tags[5]);
          m.result = stored (batch, r->tags[6]);
          m.positions = r->n_positions == 0 ? NULL
                        : &g_array_index (batch->positions, CqMatchedPosition, r->first_position);
          m.n_positions = r->n_positions;
          m.pgn = stored (batch, r->pgn);
          m.pgn_len = r->pgn_len;
          m.text = batch->text->str + r->text;
          m.text_len = r->text_len;
          m.filename = d->names[r->source.file_index];
          m.n_sort_values = r->n_sort;
          m.sort_values = r->n_sort == 0 ? NULL
                          : &g_array_index (batch->sort_values, CqSortValue, r->first_sort);
          m.sort_labels = stored (batch, r->sort_labels);
          m.n_comments = r->n_comments;
          m.comments = r->n_comments == 0 ? NULL
                       : &g_array_index (batch->comments, CqPositionComment, r->first_comment);
          m.n_messages = r->n_messages;
          m.messages = r->n_messages == 0 ? NULL
                       : &g_array_index (batch->messages, CqMessage, r->first_message);
          d->cb->on_match (&m, d->user_data);
        }
      else
        {
          CqDiagnostic diag = { 0 };

          if (r->kind == RESULT_SKIPPED)
            d->progress.skipped++;
          else
            d->progress.damaged++;
          if (d->cb->on_diagnostic == NULL)
            continue;
          diag.source = r->source;
          diag.skipped = r->kind == RESULT_SKIPPED;
          diag.message = stored (batch, r->message);
          if (r->text_len > 0 && !r->source.too_large)
            {
              diag.text = batch->text->str + r->text;
              diag.text_len = r->text_len;
            }
          d->cb->on_diagnostic (&diag, d->user_data);
        }
    }
}

static void
report_progress (Delivery *d, gboolean force)
{
  gint64 now = g_get_monotonic_time ();

  if (!force && now - d->last_progress_us < PROGRESS_INTERVAL_US)
    return;
  d->last_progress_us = now;
  d->progress.seconds = (now - d->start_us) / 1e6;
  if (d->cb->on_progress)
    d->cb->on_progress (&d->progress, d->user_data);
}

/* Delivers, in order, every finished batch at the head of @pending and
 * puts it on @spare.  With @wait_for, returns only when at most @wait_for
 * batches remain in flight; rather than wait, it searches the batches that
 * no worker has started. */
static void
drain (SearchShared *shared, GQueue *pending, GQueue *spare, Delivery *d, guint wait_for)
{
  for (;;)
    {
      Batch *head;

      g_mutex_lock (&shared->mutex);
      while ((head = g_queue_peek_head (pending)) != NULL && !head->done
             && g_queue_get_length (pending) > wait_for)
        {
          Batch *queued = g_queue_pop_head (&shared->queued);

          if (queued == NULL)
            {
              g_cond_wait (&shared->cond, &shared->mutex);
              continue;
            }
          g_mutex_unlock (&shared->mutex);
          search_and_finish (queued, shared);
          g_mutex_lock (&shared->mutex);
        }
      if (head == NULL || !head->done)
        {
          g_mutex_unlock (&shared->mutex);
          return;
        }
      g_queue_pop_head (pending);
      g_mutex_unlock (&shared->mutex);

      if (!g_cancellable_is_cancelled (shared->cancellable) && d->stop_message == NULL)
        deliver_batch (d, head);
      batch_recycle (head, spare);
      report_progress (d, FALSE);
    }
}

/* Hands @batch to a worker, or searches it here when the workers have
 * enough queued, then delivers what is finished. */
static void
submit_batch (SearchShared *shared, GThreadPool *pool, guint n_threads, guint max_in_flight,
              GQueue *pending, GQueue *spare, Delivery *d, Batch *batch)
{
  gboolean hand_over;

  g_mutex_lock (&shared->mutex);
  g_queue_push_tail (pending, batch);
  hand_over = pool != NULL && shared->queued.length < (n_threads - 1) * QUEUED_PER_WORKER;
  if (hand_over)
    g_queue_push_tail (&shared->queued, batch);
  g_mutex_unlock (&shared->mutex);

  if (hand_over)
    g_thread_pool_push (pool, shared, NULL);
  else
    search_and_finish (batch, shared);   /* the workers have enough queued */
  drain (shared, pending, spare, d, pool == NULL ? 0 : max_in_flight);
}

/* Reports an input that could not be read to its end (or at all) as a
 * diagnostic after every game read before it. */
static void
report_input_error (Delivery *d, guint file_index, guint64 number, const GError *err)
{
  CqDiagnostic diag = { 0 };

  d->progress.failed_inputs++;
  if (d->cb->on_diagnostic == NULL)
    return;
  diag.source.number = number;
  diag.source.file_index = file_index;
  diag.input = TRUE;
  diag.message = err->message;
  d->cb->on_diagnostic (&diag, d->user_data);
}

gboolean
cq_search_run (const CqQuery *query, const char *pgn_path,
               const CqSearchOptions *opts, const CqSearchCallbacks *callbacks,
               gpointer user_data, GCancellable *cancellable,
               CqSearchProgress *progress_out, GError **error)
{
  const char *paths[2] = { pgn_path, NULL };

  g_return_val_if_fail (pgn_path != NULL, FALSE);
  return cq_search_run_files (query, paths, opts, callbacks, user_data, cancellable,
                              progress_out, error);
}

/* The number of `[White ` in the files @paths: the number of games CQL
 * 6.2 gives `lastgamenumber` (an estimate, its message says).  -1 with
 * @error set if a file cannot be read (standard input cannot be read
 * twice). */
static gint64
count_white_tags (const char *const *paths, GCancellable *cancellable, GError **error)
{
  static const char tag[] = "[White ";
  const gsize tag_len = sizeof tag - 1;
  gint64 count = 0;

  for (guint file = 0; paths[file] != NULL; file++)
    {
      g_autoptr(GString) buf = g_string_sized_new (1 << 16);
      CqPgnInput *input;
      gssize n;

      if (g_str_equal (paths[file], "-"))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       "`lastgamenumber` counts the games of the input files before the "
                       "search: it cannot read standard input");
          return -1;
        }
      input = cq_pgn_input_open (paths[file], cancellable, error);
      if (input == NULL)
        return -1;
      do
        {
          gsize keep;
          const char *at;

          g_string_set_size (buf, buf->len + (1 << 16));
          n = cq_pgn_input_read (input, buf->str + buf->len - (1 << 16), 1 << 16, error);
          g_string_set_size (buf, buf->len - (1 << 16) + MAX (n, 0));
          for (at = buf->str; (at = memchr (at, '[', buf->len - (gsize) (at - buf->str)))
                              != NULL; at++)
            if ((gsize) (buf->str + buf->len - at) >= tag_len && memcmp (at, tag, tag_len) == 0)
              count++;
          /* The bytes that may start a tag cut by the end of the block. */
          keep = MIN (buf->len, tag_len - 1);
          memmove (buf->str, buf->str + buf->len - keep, keep);
          g_string_set_size (buf, keep);
        }
      while (n > 0);
      cq_pgn_input_free (input);
      if (n < 0)
        return -1;
    }
  return count;
}

gboolean
cq_search_run_files (const CqQuery *query, const char *const *paths,
                     const CqSearchOptions *opts_in, const CqSearchCallbacks *callbacks,
                     gpointer user_data, GCancellable *cancellable,
                     CqSearchProgress *progress_out, GError **error)
{
  static const CqSearchCallbacks no_callbacks = { NULL, NULL, NULL };
  CqSearchOptions defaults;
  const CqSearchOptions *opts = opts_in;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GCancellable) own_cancellable = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree guint64 *first_numbers = NULL;
  g_autofree guint64 *sizes = NULL;
  GThreadPool *pool = NULL;
  SearchShared shared;
  Delivery d = { 0 };
  GQueue pending = G_QUEUE_INIT;
  GQueue spare = G_QUEUE_INIT;     /* delivered batches, for reuse */
  Batch *batch = NULL;
  guint n_threads, max_in_flight, n_files, file;
  guint64 games_before = 0;        /* games of the files before this one */
  guint64 bytes_before = 0;        /* their sizes */
  GError *local_error = NULL;
  GError *first_input_error = NULL;
  gboolean stop = FALSE;
  gulong stop_handler;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (paths != NULL && paths[0] != NULL, FALSE);

  if (opts == NULL)
    {
      cq_search_options_init (&defaults);
      opts = &defaults;
    }
  if (callbacks == NULL)
    callbacks = &no_callbacks;
  if (cancellable == NULL)
    cancellable = own_cancellable = g_cancellable_new ();

  /* The first file is opened before anything starts: a file that is not
   * PGN at all (or cannot be opened) fails the search at once. */
  reader = cq_pgn_reader_new_for_path (paths[0], cancellable, error);
  if (reader == NULL)
    return FALSE;
  d.progress.range_next = cq_pgn_reader_get_size (reader);
  if (opts->range_start > 0)
    {
      /* A byte range of one file: its first game, and no other file. */
      g_return_val_if_fail (paths[1] == NULL, FALSE);
      if (!cq_pgn_find_game_start (paths[0], opts->range_start, &d.progress.range_first, error)
          || !cq_pgn_reader_start_at (reader, d.progress.range_first, error))
        {
          cq_pgn_reader_free (reader);
          return FALSE;
        }
    }
  if (cq_query_uses_last_game_number (query))
    {
      gint64 n = count_white_tags (paths, cancellable, error);

      if (n < 0)
        return FALSE;
      cq_query_set_last_game_number (query, (gint64) MIN ((guint64) n, opts->last_game));
    }

  n_files = g_strv_length ((char **) paths);
  names = g_ptr_array_new_with_free_func (g_free);
  first_numbers = g_new0 (guint64, n_files);
  sizes = g_new0 (guint64, n_files);
  for (file = 0; file < n_files; file++)
    {
      GStatBuf st;

      g_ptr_array_add (names, g_strdup (g_str_equal (paths[file], "-") ? "<stdin>" : paths[file]));
      if (!g_str_equal (paths[file], "-") && g_stat (paths[file], &st) == 0 && S_ISREG (st.st_mode))
        sizes[file] = st.st_size;
      d.progress.total_bytes += sizes[file];
    }
  g_ptr_array_add (names, NULL);

  n_threads = opts->n_threads ? opts->n_threads : g_get_num_processors ();
  n_threads = CLAMP (n_threads, 1, 256);
  /* Persistent variables pass from game to game in input order. */
  if (cq_query_needs_one_thread (query))
    n_threads = 1;
  max_in_flight = n_threads * BATCHES_PER_WORKER;

  shared.query = query;
  shared.opts = opts;
  cq_annotation_style_init (&shared.style, query, opts);
  shared.names = (char **) names->pdata;
  shared.first_numbers = first_numbers;
  shared.n_files = n_files;
  shared.cancellable = cancellable;
  shared.stop_flag = 0;
  stop_handler = g_cancellable_connect (cancellable, G_CALLBACK (set_stop_flag),
                                        &shared.stop_flag, NULL);
  g_mutex_init (&shared.mutex);
  g_cond_init (&shared.cond);
  g_queue_init (&shared.queued);

  d.cb = callbacks;
  d.names = (char **) names->pdata;
  d.stop_flag = &shared.stop_flag;
  d.user_data = user_data;
  d.start_us = g_get_monotonic_time ();
  d.last_progress_us = d.start_us;

  /* The calling thread is one of the n searchers: the pool has n - 1
   * workers, and none with one thread (no hand-off at all). */
  if (n_threads > 1)
    {
      pool = g_thread_pool_new (worker_func, &shared, n_threads - 1, TRUE, &local_error);
      if (pool == NULL)
        {
          g_cancellable_disconnect (cancellable, stop_handler);
          g_propagate_error (error, local_error);
          g_mutex_clear (&shared.mutex);
          g_cond_clear (&shared.cond);
          return FALSE;
        }
    }

  for (file = 0; file < n_files && !stop; file++)
    {
      guint64 last_number = games_before;

      first_numbers[file] = games_before + 1;
      if (reader == NULL)
        reader = cq_pgn_reader_new_for_path (paths[file], cancellable, &local_error);
      if (reader == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_error (&local_error);
          break;
        }
      if (reader == NULL)
        {
          /* A later file that cannot be read: reported after the games
           * before it; the files after it are still searched. */
          drain (&shared, &pending, &spare, &d, 0);
          report_input_error (&d, file, games_before, local_error);
          if (first_input_error == NULL)
            first_input_error = local_error;
          else
            g_error_free (local_error);
          local_error = NULL;
          bytes_before += sizes[file];
          continue;
        }

      for (;;)
        {
          const char *text;
          gsize len;
          CqGameSource source;
          gboolean have = cq_pgn_reader_next (reader, &text, &len, &source, &local_error);

          if (g_cancellable_is_cancelled (cancellable) || d.stop_message != NULL
              || g_atomic_int_get (&shared.stop_flag))
            {
              stop = TRUE;
              have = FALSE;
            }
          if (have && source.offset >= opts->range_end)
            {
              /* The first game of the next byte range: not this search's. */
              d.progress.range_next = source.offset;
              d.progress.range_lines = source.line - 1;
              have = FALSE;
              stop = TRUE;
            }
          if (have)
            {
              source.number += games_before;
              source.file_index = file;
              last_number = source.number;
              d.progress.bytes = bytes_before + cq_pgn_reader_get_file_position (reader);
              if (source.number < opts->first_game || source.number > opts->last_game)
                {
                  if (source.number > opts->last_game)
                    {
                      have = FALSE;   /* past the range: stop reading */
                      stop = TRUE;
                    }
                  else
                    continue;
                }
              else
                d.progress.games++;   /* games searched: those in the range */
            }

          if (have)
            {
              gsize offset;

              if (batch == NULL)
                {
                  batch = g_queue_is_empty (&spare) ? batch_new () : g_queue_pop_head (&spare);
                  batch->file_index = file;
                }
              offset = batch->text->len;
              g_array_append_val (batch->offsets, offset);
              g_array_append_val (batch->sources, source);
              g_string_append_len (batch->text, text, len);
            }

          /* A batch is handed on when full, and at the end of each file. */
          if (batch != NULL
              && (!have || batch->sources->len >= BATCH_MAX_GAMES
                  || batch->text->len >= BATCH_MAX_BYTES))
            {
              submit_batch (&shared, pool, n_threads, max_in_flight, &pending, &spare, &d, batch);
              batch = NULL;
            }

          if (!have)
            break;
        }

      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_clear_error (&local_error);   /* stopped, not damaged */
      if (local_error != NULL)
        {
          /* Damaged input (a read error, corrupt or truncated compressed
           * data, a "game" too large to be PGN): the games before it are
           * searched and delivered, then the damage is reported. */
          drain (&shared, &pending, &spare, &d, 0);
          report_input_error (&d, file, last_number, local_error);
          if (first_input_error == NULL)
            first_input_error = local_error;
          else
            g_error_free (local_error);
          local_error = NULL;
        }
      games_before = last_number;
      bytes_before += sizes[file] ? sizes[file] : cq_pgn_reader_get_file_position (reader);
      g_clear_pointer (&reader, cq_pgn_reader_free);
    }

  if (batch != NULL)
    batch_free (batch);

  /* Finish the batches in flight (searching those no worker has started),
   * then stop the workers. */
  drain (&shared, &pending, &spare, &d, 0);
  if (pool != NULL)
    g_thread_pool_free (pool, FALSE, TRUE);
  g_assert (g_queue_is_empty (&pending));
  g_queue_clear_full (&spare, (GDestroyNotify) batch_free);

  if (!stop)
    d.progress.bytes = bytes_before;
  report_progress (&d, TRUE);
  if (progress_out)
    *progress_out = d.progress;

  g_cancellable_disconnect (cancellable, stop_handler);
  g_mutex_clear (&shared.mutex);
  g_cond_clear (&shared.cond);

  if (cq_query_get_run_error (query) != NULL)
    {
      /* The query's own error (a file it reads or writes), not the input's. */
      g_clear_error (&first_input_error);
      if (error != NULL)
        *error = g_error_copy (cq_query_get_run_error (query));
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_clear_error (&first_input_error);
      g_free (d.stop_message);
      return FALSE;
    }
  if (d.stop_message != NULL)
    {
      /* A CQL 6 `assert` failed: CQL 6.2 stops there too. */
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC, "%s", d.stop_message);
      g_clear_error (&first_input_error);
      g_free (d.stop_message);
      return FALSE;
    }
  if (first_input_error != NULL)
    {
      /* G_IO_ERROR_PARTIAL_INPUT tells the caller that every game read was
       * searched and delivered (each damage was reported as a diagnostic). */
      if (n_files == 1)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                     "%s could not be read to its end; the games before the damage were searched",
                     shared.names[0]);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                     "%" G_GUINT64_FORMAT " of %u files could not be read to their end; "
                     "the games before each damage were searched",
                     d.progress.failed_inputs, n_files);
      g_error_free (first_input_error);
      return FALSE;
    }
  return TRUE;
}
