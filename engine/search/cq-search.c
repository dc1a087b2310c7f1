/* cq-search.c: the search driver.
 *
 * The calling thread reads the PGN file and splits it into game texts
 * (cheap) and packs them into batches.  With n threads it keeps a private
 * GThreadPool of n - 1 workers fed with a short queue of batches, and
 * searches every other batch itself, so that exactly n threads are busy
 * and the batches it searches are still in its own cache; at the end of
 * the file it takes the batches no worker has started.  A searcher
 * parses, filters, replays and evaluates each game of a batch and keeps
 * the results in the batch (cq-search-batch.c).  The calling thread
 * delivers finished batches strictly in input order, so the output is the
 * same for any thread count.  At most a few batches per thread are in flight, so memory stays
 * flat whatever the size of the file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "index/cq-index.h"
#include "search/cq-search-private.h"

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
  opts->range_frames = FALSE;
  opts->use_index = TRUE;
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

/* Delivers @batch's summaries (#CqSearchOptions.summarize) up to the
 * game numbered @before (excluded), from *@next on. */
static void
deliver_summaries (Delivery *d, Batch *batch, guint *next, guint64 before)
{
  for (; *next < batch->summaries->len; (*next)++)
    {
      const Summarized *s = &g_array_index (batch->summaries, Summarized, *next);

      if (s->source.number >= before)
        break;
      if (d->cb->on_game != NULL)
        d->cb->on_game (&s->source, &s->summary, s->digest,
                        batch->moves->data + s->moves_at, s->moves_len, d->user_data);
    }
}

static void
deliver_batch (Delivery *d, Batch *batch)
{
  guint next_summary = 0;

  d->progress.plies += batch->plies;
  for (guint i = 0; i < batch->results->len; i++)
    {
      Result *r = &g_array_index (batch->results, Result, i);

      /* Summaries and diagnostics in the order of their games: a game's
       * diagnostic before its summary. */
      if (batch->summaries != NULL)
        deliver_summaries (d, batch, &next_summary, r->source.number);

      if (r->kind == RESULT_STOP)
        {
          /* Every game before it is delivered: the games still being
           * searched are after it, and need not be finished. */
          d->stop_message = g_strdup (stored (batch, r->message));
          _cq_search_stop (d->stop_flag);
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
          diag.line = r->message_line;
          diag.what = diag.message + r->message_what;
          if (r->text_len > 0 && !r->source.too_large)
            {
              diag.text = batch->text->str + r->text;
              diag.text_len = r->text_len;
            }
          d->cb->on_diagnostic (&diag, d->user_data);
        }
    }
  if (batch->summaries != NULL)
    deliver_summaries (d, batch, &next_summary, G_MAXUINT64);
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
          _cq_search_batch_finish (queued, shared);
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
      _cq_batch_recycle (head, spare);
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
    _cq_search_batch_finish (batch, shared);   /* the workers have enough queued */
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

/* What the reader loop of cq_search_run_files() uses to hand games on,
 * for the search of a file from its index (cq-search-private.h). */
struct _SearchFeed {
  SearchShared *shared;
  GThreadPool  *pool;
  guint         n_threads, max_in_flight;
  GQueue       *pending, *spare;
  Delivery     *d;
  Batch       **batch;
  guint64      *bytes_before;  /* the sizes of the files before the one read */
};

Batch *
_cq_search_feed_batch (SearchFeed *feed, guint file_index)
{
  if (*feed->batch == NULL)
    {
      *feed->batch = g_queue_is_empty (feed->spare) ? _cq_batch_new ()
                                                     : g_queue_pop_head (feed->spare);
      (*feed->batch)->file_index = file_index;
    }
  return *feed->batch;
}

void
_cq_search_feed_submit (SearchFeed *feed)
{
  if (*feed->batch == NULL)
    return;
  submit_batch (feed->shared, feed->pool, feed->n_threads, feed->max_in_flight,
                feed->pending, feed->spare, feed->d, *feed->batch);
  *feed->batch = NULL;
}

void
_cq_search_feed_drain (SearchFeed *feed)
{
  drain (feed->shared, feed->pending, feed->spare, feed->d, 0);
}

gboolean
_cq_search_feed_stopped (SearchFeed *feed)
{
  return g_cancellable_is_cancelled (feed->shared->cancellable) || feed->d->stop_message != NULL
         || g_atomic_int_get (&feed->shared->stop_flag);
}

CqSearchProgress *
_cq_search_feed_progress (SearchFeed *feed)
{
  return &feed->d->progress;
}

void
_cq_search_feed_set_position (SearchFeed *feed, guint64 file_position)
{
  feed->d->progress.bytes = *feed->bytes_before + file_position;
}

void
_cq_search_feed_index_unused (SearchFeed *feed, guint file_index, const GError *why)
{
  drain (feed->shared, feed->pending, feed->spare, feed->d, 0);
  if (feed->d->cb->on_index_unused != NULL)
    feed->d->cb->on_index_unused (file_index, why, feed->d->user_data);
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
  GError *index_error = NULL;      /* a file changed under its index: the search stops */
  g_autoptr(CqIndexCondition) index_condition = NULL;
  SearchFeed feed;
  gboolean stop = FALSE;
  gulong stop_handler;

  g_return_val_if_fail (paths != NULL && paths[0] != NULL, FALSE);

  if (opts == NULL)
    {
      cq_search_options_init (&defaults);
      opts = &defaults;
    }
  /* Only a summarising search evaluates no query, and it never does. */
  g_return_val_if_fail (query != NULL || opts->summarize, FALSE);
  if (opts->summarize)
    query = NULL;
  if (callbacks == NULL)
    callbacks = &no_callbacks;
  if (cancellable == NULL)
    cancellable = own_cancellable = g_cancellable_new ();

  /* The first file is opened before anything starts: a file that is not
   * PGN at all (or cannot be opened) fails the search at once. */
  if (opts->range_frames)
    {
      /* Frames of a zstd file: the text from the first on, its first game
       * found by the reader; the file's end is the text's. */
      g_return_val_if_fail (paths[1] == NULL, FALSE);
      reader = cq_pgn_reader_new_for_frames (paths[0], opts->range_start, opts->range_end,
                                             cancellable, &d.progress.range_first, error);
      if (reader == NULL)
        return FALSE;
      d.progress.range_next = G_MAXUINT64;
    }
  else
    {
      reader = cq_pgn_reader_new_for_path (paths[0], cancellable, error);
      if (reader == NULL)
        return FALSE;
      d.progress.range_next = cq_pgn_reader_get_size (reader);
    }
  if (opts->range_start > 0 && !opts->range_frames)
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
  if (query != NULL && cq_query_uses_last_game_number (query))
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
  if (query != NULL && cq_query_needs_one_thread (query))
    n_threads = 1;
  max_in_flight = n_threads * BATCHES_PER_WORKER;

  shared.query = query;
  shared.opts = opts;
  if (query != NULL)
    cq_annotation_style_init (&shared.style, query, opts);
  else
    memset (&shared.style, 0, sizeof shared.style);
  shared.mainline_only = query != NULL && !opts->summarize && cq_query_reads_only_mainline (query);
  shared.mainline_tried = shared.mainline_matched = 0;
  shared.positions_only = shared.mainline_only && cq_query_reads_only_tree (query);
  shared.names = (char **) names->pdata;
  shared.first_numbers = first_numbers;
  shared.n_files = n_files;
  shared.cancellable = cancellable;
  shared.stop_flag = 0;
  stop_handler = g_cancellable_connect (cancellable, G_CALLBACK (_cq_search_set_stop_flag),
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
      pool = g_thread_pool_new (_cq_search_worker, &shared, n_threads - 1, TRUE, &local_error);
      if (pool == NULL)
        {
          g_cancellable_disconnect (cancellable, stop_handler);
          g_propagate_error (error, local_error);
          g_mutex_clear (&shared.mutex);
          g_cond_clear (&shared.cond);
          return FALSE;
        }
    }

  feed = (SearchFeed) { &shared, pool, n_threads, max_in_flight, &pending, &spare, &d, &batch,
                        &bytes_before };
  index_condition = _cq_search_index_condition (query, opts);

  for (file = 0; file < n_files && !stop; file++)
    {
      guint64 last_number = games_before;

      first_numbers[file] = games_before + 1;
      /* A file with an index up to date: only the games that may match
       * are read, at their places. */
      if (index_condition != NULL
          && _cq_search_index_file (&feed, query, opts, index_condition, paths[file], file,
                                    games_before, &last_number, &stop, &index_error))
        {
          g_clear_pointer (&reader, cq_pgn_reader_free);
          games_before = last_number;
          bytes_before += sizes[file];
          continue;
        }
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
          if (have && source.offset >= (opts->range_frames
                                        ? cq_pgn_reader_get_range_end (reader)
                                        : opts->range_end))
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
              BatchGame g;
              const CqTagSpan *spans;

              if (batch == NULL)
                {
                  batch = g_queue_is_empty (&spare) ? _cq_batch_new () : g_queue_pop_head (&spare);
                  batch->file_index = file;
                }
              /* The tag pairs the reader found go with the text, so that
               * the game does not search for them again (#CqTagSpan). */
              spans = _cq_pgn_reader_get_tag_spans (reader, &g.n_spans);
              g.offset = batch->text->len;
              g.first_span = batch->n_spans;
              if (g.n_spans > 0)
                {
                  if (G_UNLIKELY (batch->n_spans + g.n_spans > batch->spans_cap))
                    {
                      batch->spans_cap = MAX (2 * batch->spans_cap,
                                              batch->n_spans + g.n_spans + 1024);
                      batch->spans = g_renew (CqTagSpan, batch->spans, batch->spans_cap);
                    }
                  memcpy (batch->spans + batch->n_spans, spans, g.n_spans * sizeof (CqTagSpan));
                  batch->n_spans += g.n_spans;
                }
              g.source = source;
              g_array_append_val (batch->games, g);
              _cq_string_append (batch->text, text, len);
            }

          /* A batch is handed on when full, and at the end of each file. */
          if (batch != NULL
              && (!have || batch->games->len >= BATCH_MAX_GAMES
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
      if (opts->range_frames)
        {
          /* Where the next part's text begins, and (at the text's end)
           * where this part's stopped. */
          d.progress.range_text_end = cq_pgn_reader_get_range_end (reader);
          if (d.progress.range_text_end == G_MAXUINT64)
            d.progress.range_text_end = 0;
          if (d.progress.range_next == G_MAXUINT64)
            d.progress.range_next = cq_pgn_reader_get_position (reader);
        }
      games_before = last_number;
      bytes_before += sizes[file] ? sizes[file] : cq_pgn_reader_get_file_position (reader);
      g_clear_pointer (&reader, cq_pgn_reader_free);
    }

  if (batch != NULL)
    _cq_batch_free (batch);

  /* Finish the batches in flight (searching those no worker has started),
   * then stop the workers. */
  drain (&shared, &pending, &spare, &d, 0);
  if (pool != NULL)
    g_thread_pool_free (pool, FALSE, TRUE);
  g_assert (g_queue_is_empty (&pending));
  g_queue_clear_full (&spare, (GDestroyNotify) _cq_batch_free);

  if (!stop)
    d.progress.bytes = bytes_before;
  report_progress (&d, TRUE);
  if (progress_out)
    *progress_out = d.progress;

  g_cancellable_disconnect (cancellable, stop_handler);
  g_mutex_clear (&shared.mutex);
  g_cond_clear (&shared.cond);

  if (query != NULL && cq_query_get_run_error (query) != NULL)
    {
      /* The query's own error (a file it reads or writes), not the input's. */
      g_clear_error (&first_input_error);
      g_clear_error (&index_error);
      if (error != NULL)
        *error = g_error_copy (cq_query_get_run_error (query));
      return FALSE;
    }
  if (index_error != NULL)
    {
      /* A file changed under its index: no game is read in another's place. */
      g_propagate_error (error, index_error);
      g_clear_error (&first_input_error);
      g_free (d.stop_message);
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
