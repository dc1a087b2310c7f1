/* cq-search.c: the search driver.
 *
 * The calling thread reads the PGN file and splits it into game texts
 * (cheap), packs them into batches and hands the batches to a private
 * GThreadPool.  Workers parse, filter, replay and evaluate each game of a
 * batch and keep the results in the batch.  The calling thread delivers
 * finished batches strictly in input order, so the output is the same for
 * any thread count.  At most a few batches per worker are in flight, so
 * memory stays flat whatever the size of the file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "search/cq-search.h"

#define BATCH_MAX_GAMES   256
#define BATCH_MAX_BYTES   (512 * 1024)
#define BATCHES_PER_WORKER 4
#define PROGRESS_INTERVAL_US (100 * 1000)

/* One matched or reported game inside a batch. */
typedef struct {
  CqGameSource source;
  guint        kind;       /* RESULT_* */
  char        *tags[7];    /* seven-tag roster, owned */
  GArray      *positions;  /* CqMatchedPosition, owned (matches only) */
  GString     *pgn;        /* annotated text (matches, want_pgn) */
  char        *message;    /* diagnostics */
} Result;

enum {
  RESULT_MATCH,
  RESULT_DAMAGED,
  RESULT_SKIPPED
};

typedef struct {
  /* input, filled by the reader */
  GString      *text;        /* the games' texts, back to back */
  GArray       *sources;     /* CqGameSource */
  GArray       *offsets;     /* gsize: start of each game in @text */
  /* output, filled by a worker */
  GArray       *results;     /* Result, for matched / damaged / skipped games only */
  guint64       plies;
  guint64       matches;
  gboolean      done;
} Batch;

typedef struct {
  const CqQuery         *query;
  const CqSearchOptions *opts;
  const char            *filename;
  GCancellable          *cancellable;
  GMutex                 mutex;
  GCond                  cond;
} SearchShared;

static const char *const roster[7] = {
  "Event", "Site", "Date", "Round", "White", "Black", "Result"
};

static Batch *
batch_new (void)
{
  Batch *b = g_new0 (Batch, 1);
  b->text = g_string_sized_new (BATCH_MAX_BYTES + 4096);
  b->sources = g_array_new (FALSE, FALSE, sizeof (CqGameSource));
  b->offsets = g_array_new (FALSE, FALSE, sizeof (gsize));
  b->results = g_array_new (FALSE, TRUE, sizeof (Result));
  return b;
}

static void
result_clear (Result *r)
{
  for (guint i = 0; i < G_N_ELEMENTS (r->tags); i++)
    g_free (r->tags[i]);
  if (r->positions)
    g_array_unref (r->positions);
  if (r->pgn)
    g_string_free (r->pgn, TRUE);
  g_free (r->message);
}

static void
batch_free (Batch *b)
{
  for (guint i = 0; i < b->results->len; i++)
    result_clear (&g_array_index (b->results, Result, i));
  g_array_unref (b->results);
  g_array_unref (b->offsets);
  g_array_unref (b->sources);
  g_string_free (b->text, TRUE);
  g_free (b);
}

/* Evaluates one game; appends a Result if there is anything to report. */
static void
search_game (SearchShared *shared, Batch *batch, const char *text, gsize len,
             const CqGameSource *source, CqMatchInfo *info)
{
  g_autoptr(CqGame) game = cq_game_new_from_text (text, len, source, shared->filename);
  Result r = { 0 };

  r.source = *source;

  if (game->skipped)
    {
      r.kind = RESULT_SKIPPED;
      r.message = g_strdup (game->error);
      g_array_append_val (batch->results, r);
      return;
    }

  if (!cq_query_accepts_tags (shared->query, game))
    return;

  cq_game_parse_moves (game);
  batch->plies += game->n_nodes;

  if (game->error != NULL)
    {
      Result d = { 0 };
      d.source = *source;
      d.kind = game->skipped ? RESULT_SKIPPED : RESULT_DAMAGED;
      d.message = g_strdup (game->error);
      g_array_append_val (batch->results, d);
      if (game->skipped)
        return;
    }

  if (game->root == NULL)
    return;

  if (!cq_query_match_game (shared->query, game, info))
    return;

  r.kind = RESULT_MATCH;
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    r.tags[i] = g_strdup (cq_game_get_tag (game, roster[i]));
  r.positions = g_array_copy (info->positions);

  if (shared->opts->want_pgn)
    {
      CqPgnWriteOptions wopts = { 0 };
      g_autofree char *header = NULL;
      g_autofree guint8 *marks = g_new0 (guint8, game->n_nodes);

      for (guint i = 0; i < r.positions->len; i++)
        {
          guint32 node = g_array_index (r.positions, CqMatchedPosition, i).node;
          if (node < game->n_nodes)
            marks[node] = 1;
        }
      if (shared->opts->header)
        header = g_strdup_printf ("Original game: %" G_GUINT64_FORMAT, source->number);
      wopts.header_comment = header;
      wopts.marks = marks;
      wopts.n_marks = game->n_nodes;
      wopts.mark_text = shared->opts->mark_text ? shared->opts->mark_text : "MATCH";
      r.pgn = g_string_sized_new (len + 256);
      cq_pgn_write_game (r.pgn, game, &wopts);
    }

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

      if (g_cancellable_is_cancelled (shared->cancellable))
        break;
      search_game (shared, batch, batch->text->str + start, end - start,
                   &g_array_index (batch->sources, CqGameSource, i), &info);
    }
  cq_match_info_clear (&info);
}

static void
worker_func (gpointer data, gpointer user_data)
{
  Batch *batch = data;
  SearchShared *shared = user_data;

  search_batch (batch, shared);

  g_mutex_lock (&shared->mutex);
  batch->done = TRUE;
  g_cond_broadcast (&shared->cond);
  g_mutex_unlock (&shared->mutex);
}

void
cq_search_options_init (CqSearchOptions *opts)
{
  memset (opts, 0, sizeof *opts);
  opts->n_threads = 0;
  opts->want_pgn = FALSE;
  opts->header = TRUE;
  opts->mark_text = "MATCH";
  opts->first_game = 0;
  opts->last_game = G_MAXUINT64;
}

typedef struct {
  const CqSearchCallbacks *cb;
  gpointer                 user_data;
  CqSearchProgress         progress;
  gint64                   start_us;
  gint64                   last_progress_us;
} Delivery;

static void
deliver_batch (Delivery *d, Batch *batch)
{
  d->progress.plies += batch->plies;
  for (guint i = 0; i < batch->results->len; i++)
    {
      Result *r = &g_array_index (batch->results, Result, i);

      if (r->kind == RESULT_MATCH)
        {
          CqMatch m = { 0 };

          d->progress.matches++;
          if (d->cb->on_match == NULL)
            continue;
          m.source = r->source;
          m.event = r->tags[0];
          m.site = r->tags[1];
          m.date = r->tags[2];
          m.round = r->tags[3];
          m.white = r->tags[4];
          m.black = r->tags[5];
          m.result = r->tags[6];
          m.positions = (const CqMatchedPosition *) r->positions->data;
          m.n_positions = r->positions->len;
          m.pgn = r->pgn ? r->pgn->str : NULL;
          m.pgn_len = r->pgn ? r->pgn->len : 0;
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
          diag.message = r->message;
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

/* Delivers, in order, every finished batch at the head of @pending.  With
 * @wait_for, blocks until at most @wait_for batches remain in flight. */
static void
drain (SearchShared *shared, GQueue *pending, Delivery *d, guint wait_for)
{
  for (;;)
    {
      Batch *head;

      g_mutex_lock (&shared->mutex);
      while ((head = g_queue_peek_head (pending)) != NULL && !head->done
             && g_queue_get_length (pending) > wait_for)
        g_cond_wait (&shared->cond, &shared->mutex);
      if (head == NULL || !head->done)
        {
          g_mutex_unlock (&shared->mutex);
          return;
        }
      g_queue_pop_head (pending);
      g_mutex_unlock (&shared->mutex);

      if (!g_cancellable_is_cancelled (shared->cancellable))
        deliver_batch (d, head);
      batch_free (head);
      report_progress (d, FALSE);
    }
}

gboolean
cq_search_run (const CqQuery *query, const char *pgn_path,
               const CqSearchOptions *opts_in, const CqSearchCallbacks *callbacks,
               gpointer user_data, GCancellable *cancellable,
               CqSearchProgress *progress_out, GError **error)
{
  static const CqSearchCallbacks no_callbacks = { NULL, NULL, NULL };
  CqSearchOptions defaults;
  const CqSearchOptions *opts = opts_in;
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GCancellable) own_cancellable = NULL;
  g_autofree char *display_name = NULL;
  GThreadPool *pool = NULL;
  SearchShared shared;
  Delivery d = { 0 };
  GQueue pending = G_QUEUE_INIT;
  Batch *batch = NULL;
  guint n_threads, max_in_flight;
  GError *local_error = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (pgn_path != NULL, FALSE);

  if (opts == NULL)
    {
      cq_search_options_init (&defaults);
      opts = &defaults;
    }
  if (callbacks == NULL)
    callbacks = &no_callbacks;
  if (cancellable == NULL)
    cancellable = own_cancellable = g_cancellable_new ();

  reader = cq_pgn_reader_new_for_path (pgn_path, error);
  if (reader == NULL)
    return FALSE;

  n_threads = opts->n_threads ? opts->n_threads : g_get_num_processors ();
  n_threads = CLAMP (n_threads, 1, 256);
  max_in_flight = n_threads * BATCHES_PER_WORKER;

  display_name = g_strdup (cq_pgn_reader_get_name (reader));
  shared.query = query;
  shared.opts = opts;
  shared.filename = display_name;
  shared.cancellable = cancellable;
  g_mutex_init (&shared.mutex);
  g_cond_init (&shared.cond);

  d.cb = callbacks;
  d.user_data = user_data;
  d.start_us = g_get_monotonic_time ();
  d.last_progress_us = d.start_us;
  d.progress.total_bytes = cq_pgn_reader_get_size (reader);

  /* With one thread the calling thread does the work itself: no hand-off. */
  if (n_threads > 1)
    {
      pool = g_thread_pool_new (worker_func, &shared, n_threads, TRUE, &local_error);
      if (pool == NULL)
        {
          g_propagate_error (error, local_error);
          g_mutex_clear (&shared.mutex);
          g_cond_clear (&shared.cond);
          return FALSE;
        }
    }

  for (;;)
    {
      const char *text;
      gsize len;
      CqGameSource source;
      gboolean have = cq_pgn_reader_next (reader, &text, &len, &source, &local_error);

      if (!have && local_error != NULL)
        {
          ok = FALSE;
          break;
        }
      if (g_cancellable_is_cancelled (cancellable))
        break;

      if (have)
        {
          d.progress.games = source.number;
          d.progress.bytes = cq_pgn_reader_get_position (reader);
          if (source.number < opts->first_game || source.number > opts->last_game)
            {
              if (source.number > opts->last_game)
                have = FALSE;   /* past the range: stop reading */
              else
                continue;
            }
        }

      if (have)
        {
          gsize offset;

          if (batch == NULL)
            batch = batch_new ();
          offset = batch->text->len;
          g_array_append_val (batch->offsets, offset);
          g_array_append_val (batch->sources, source);
          g_string_append_len (batch->text, text, len);
        }

      if (batch != NULL
          && (!have || batch->sources->len >= BATCH_MAX_GAMES
              || batch->text->len >= BATCH_MAX_BYTES))
        {
          if (pool == NULL)
            {
              search_batch (batch, &shared);
              batch->done = TRUE;
              g_queue_push_tail (&pending, batch);
              drain (&shared, &pending, &d, 0);
            }
          else
            {
              g_mutex_lock (&shared.mutex);
              g_queue_push_tail (&pending, batch);
              g_mutex_unlock (&shared.mutex);
              g_thread_pool_push (pool, batch, NULL);
              drain (&shared, &pending, &d, max_in_flight);
            }
          batch = NULL;
        }

      if (!have)
        break;
    }

  if (batch != NULL)
    batch_free (batch);

  /* Wait for the batches in flight, then stop the workers. */
  drain (&shared, &pending, &d, 0);
  if (pool != NULL)
    g_thread_pool_free (pool, FALSE, TRUE);
  g_assert (g_queue_is_empty (&pending));

  d.progress.bytes = cq_pgn_reader_get_position (reader);
  report_progress (&d, TRUE);
  if (progress_out)
    *progress_out = d.progress;

  g_mutex_clear (&shared.mutex);
  g_cond_clear (&shared.cond);

  if (!ok)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return TRUE;
}
