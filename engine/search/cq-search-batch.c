/* cq-search-batch.c: the searching of a batch of games, on a worker
 * thread or the calling one (cq-search.c hands the batches out and
 * delivers them in order).  Each game of a batch is parsed, filtered,
 * replayed and evaluated, and what is reported of it (a match with its
 * positions, comments and sort values; a damaged or skipped game; its
 * `message` lines) is kept in the batch without an allocation of its own.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "index/cq-index-moves.h"
#include "search/cq-search-private.h"

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

Batch *
_cq_batch_new (void)
{
  Batch *b = g_new0 (Batch, 1);
  b->text = g_string_sized_new (BATCH_MAX_BYTES + 4096);
  b->games = g_array_new (FALSE, FALSE, sizeof (BatchGame));
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

void
_cq_batch_free (Batch *b)
{
  g_array_unref (b->positions);
  g_array_unref (b->sort_values);
  g_array_unref (b->messages);
  g_array_unref (b->comments);
  g_clear_pointer (&b->summaries, g_array_unref);
  g_clear_pointer (&b->moves, g_byte_array_unref);
  g_string_free (b->store, TRUE);
  g_array_unref (b->results);
  g_array_unref (b->games);
  g_free (b->spans);
  g_string_free (b->text, TRUE);
  _cq_arena_block_free (b->arena_spare);
  g_free (b);
}

/* Empties @b for reuse (keeping its buffers) and puts it on @spare, or
 * frees it if a huge game made its buffers large. */
void
_cq_batch_recycle (Batch *b, GQueue *spare)
{
  if (b->text->allocated_len > BATCH_KEEP_BYTES || b->store->allocated_len > BATCH_KEEP_BYTES)
    {
      _cq_batch_free (b);
      return;
    }
  g_string_truncate (b->text, 0);
  g_array_set_size (b->games, 0);
  b->n_spans = 0;
  g_array_set_size (b->results, 0);
  g_string_truncate (b->store, 0);
  g_array_set_size (b->positions, 0);
  g_array_set_size (b->sort_values, 0);
  g_array_set_size (b->messages, 0);
  g_array_set_size (b->comments, 0);
  if (b->summaries != NULL)
    g_array_set_size (b->summaries, 0);
  if (b->moves != NULL)
    g_byte_array_set_size (b->moves, 0);
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
  _cq_string_append (b->store, str, strlen (str) + 1);
  return at;
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
void
_cq_search_stop (gint *stop_flag)
{
  g_atomic_int_set (stop_flag, 1);
}

/* The cancellable's "cancelled" handler (on the thread that cancels). */
void
_cq_search_set_stop_flag (GCancellable *cancellable, gpointer data)
{
  _cq_search_stop (data);
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

/* Appends the Result of a skipped or damaged @game (its diagnostic). */
static void
add_game_error (Batch *batch, const CqGame *game, const char *text, gsize len,
                const CqGameSource *source)
{
  Result r;

  result_init (&r, source, game->skipped ? RESULT_SKIPPED : RESULT_DAMAGED);
  r.message = store_string (batch, game->error);
  r.text = text - batch->text->str;
  r.text_len = len;
  r.message_line = game->error_line;
  r.message_what = game->error_what;
  g_array_append_val (batch->results, r);
}

/* Games read without their variations are evaluated twice when they
 * match there (on the main line, then read whole): once MAINLINE_TRIED of
 * them were, if more than MAINLINE_MATCHED_PART matched, the search's
 * other games are read whole at once.  Passing over the variations saves
 * about 40% of the reading of a game whose variations hold half its
 * moves; a game read twice costs about 60% more (`check` on the studies,
 * which most games match: tests/bench/RESULTS.md). */
#define MAINLINE_TRIED        64
#define MAINLINE_MATCHED_PART 0.4

/* Whether @shared's search still reads games without their variations
 * first. */
static gboolean
mainline_first (SearchShared *shared)
{
  gint tried, matched;

  if (!shared->mainline_only)
    return FALSE;
  tried = g_atomic_int_get (&shared->mainline_tried);
  matched = g_atomic_int_get (&shared->mainline_matched);
  return tried < MAINLINE_TRIED || matched <= MAINLINE_MATCHED_PART * tried;
}

/* A new game of @text for search_game(); with @setup_only, with its
 * set-up tags only (_cq_game_new_for_positions()). */
static CqGame *
new_game (SearchShared *shared, Batch *batch, const char *text, gsize len,
          const CqGameSource *source, const CqTagSpan *spans, guint n_spans,
          gboolean setup_only)
{
  const char *name = shared->names[source->file_index];
  CqGame *game = setup_only
                 ? _cq_game_new_for_positions (text, len, source, name, spans, n_spans,
                                               &batch->arena_spare)
                 : _cq_game_new_with_tag_spans (text, len, source, name, spans, n_spans, TRUE,
                                                &batch->arena_spare);

  cq_game_set_stop_flag (game, &shared->stop_flag);
  return game;
}

/* Summarises one game (#CqSearchOptions.summarize): reads and replays its
 * moves, whatever its tags, and appends its Summarized; a skipped or
 * damaged game also gets its diagnostic, as in a search.  A game too large
 * to keep has no text and no summary: only its diagnostic. */
static void
summarize_game (SearchShared *shared, Batch *batch, const char *text, gsize len,
                const CqGameSource *source, const CqTagSpan *spans, guint n_spans)
{
  g_autoptr(CqGame) game = new_game (shared, batch, text, len, source, spans, n_spans, FALSE);
  Summarized s;

  if (!game->skipped)
    {
      cq_game_parse_moves (game);
      batch->plies += game->n_nodes;
      if (cq_game_is_stopped (game))
        return;   /* stopped inside the game: nothing about it is reported */
    }
  if (game->error != NULL)
    add_game_error (batch, game, text, len, source);
  if (source->too_large)
    return;
  s.source = *source;
  s.digest = cq_pgn_game_digest (text, len);
  cq_game_summarize (game, &s.summary);
  s.moves_at = batch->moves->len;
  s.moves_len = cq_index_moves_encode (game, batch->moves);
  g_array_append_val (batch->summaries, s);
}

/* Appends the Result of @game damaged as a search whose query reads the
 * main line only reports a game it does not match: its first problem
 * outside every variation, if any. */
static void
add_mainline_error (Batch *batch, const CqGame *game, const char *text, gsize len,
                    const CqGameSource *source)
{
  Result r;
  guint64 line;
  gsize what;
  const char *error = _cq_game_get_mainline_error (game, &line, &what);

  if (error == NULL)
    return;
  result_init (&r, source, RESULT_DAMAGED);
  r.message = store_string (batch, error);
  r.text = text - batch->text->str;
  r.text_len = len;
  r.message_line = line;
  r.message_what = what;
  g_array_append_val (batch->results, r);
}

/* A game of more text than this may have more positions than a game may
 * (CQ_GAME_MAX_POSITIONS: each takes at least three bytes, `e4 `); one
 * read whole would be skipped before its main line is evaluated, so it is
 * always read without its variations first when the query allows. */
#define MAINLINE_ALWAYS_BYTES ((gsize) 2 * CQ_GAME_MAX_POSITIONS)

/* Evaluates one game; appends a Result if there is anything to report.
 * @text is in @batch's text and text[@len] is NUL (search_batch()): the
 * game keeps it rather than a copy.
 *
 * For a query that reads the main line only (SearchShared.mainline_only),
 * the game is first read without its variations (cq_game_parse_mainline()),
 * and for one that reads no tag either with its set-up tags only
 * (_cq_game_new_for_positions()), and the query evaluated on that: a game
 * that does not match there is done with; one that matches is read whole
 * (or, when it lacks only its tags, given them: _cq_game_complete_tags())
 * and searched as any other, so that what is written and shown of it is
 * the whole game's.
 * Of a game such a query does not match only a problem outside every
 * variation is reported, however it was read (mainline_first() may read
 * it whole): what is reported depends on the query and the game only
 * (docs/cql.md "Damaged and unusual games"). */
static void
search_game (SearchShared *shared, Batch *batch, const char *text, gsize len,
             const CqGameSource *source, const CqTagSpan *spans, guint n_spans,
             CqMatchInfo *info)
{
  gboolean in_part = shared->mainline_only
                     && (mainline_first (shared) || len > MAINLINE_ALWAYS_BYTES);
  g_autoptr(CqGame) game = NULL;
  g_autofree char *labels = NULL;
  gboolean matched, damaged = FALSE;
  Result r;

  game = new_game (shared, batch, text, len, source, spans, n_spans,
                   in_part && shared->positions_only);

  if (game->skipped)
    {
      add_game_error (batch, game, text, len, source);
      return;
    }

  if (!cq_query_accepts_tags (shared->query, game))
    return;

  if (in_part)
    {
      cq_game_parse_mainline (game);
      if (cq_game_is_partial (game))
        {
          gboolean may_match;

          g_atomic_int_inc (&shared->mainline_tried);
          may_match = !game->skipped && game->root != NULL
                      && cq_query_match_game (shared->query, game, info);
          if (cq_game_is_stopped (game))
            return;
          if (!may_match && info->error == NULL)
            {
              batch->plies += game->n_nodes;
              if (game->skipped)
                add_game_error (batch, game, text, len, source);
              else
                add_mainline_error (batch, game, text, len, source);
              return;
            }
          /* Matched, or stopped the search (a `line` deeper than the
           * stack allows): read whole, or only its other tags if nothing
           * else was left out, and evaluated again, which says the same. */
          g_clear_pointer (&info->error, g_free);
          g_atomic_int_inc (&shared->mainline_matched);
          if (!_cq_game_complete_tags (game, spans, n_spans))
            {
              g_clear_pointer (&game, cq_game_free);
              game = new_game (shared, batch, text, len, source, spans, n_spans, FALSE);
            }
        }
    }

  cq_game_parse_moves (game);
  batch->plies += game->n_nodes;
  if (cq_game_is_stopped (game))
    return;   /* stopped inside the game: nothing about it is reported */

  if (game->error != NULL)
    {
      /* Reported now, or for a query of the main line once it is known
       * whether the game matches. */
      if (shared->mainline_only && !game->skipped && game->root != NULL)
        damaged = TRUE;
      else
        add_game_error (batch, game, text, len, source);
      if (game->skipped)
        return;
    }

  if (game->root == NULL)
    return;

  matched = cq_query_match_game (shared->query, game, info);
  if (damaged && !cq_game_is_stopped (game))
    {
      if (matched)
        add_game_error (batch, game, text, len, source);
      else
        add_mainline_error (batch, game, text, len, source);
    }

  /* A CQL 6 `readfile` or `writefile` that failed stops the search, as
   * CQL 6.2 halts: this game and the rest are not reported. */
  if (!matched || cq_game_is_stopped (game) || cq_query_get_run_error (shared->query) != NULL)
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
          _cq_search_stop (&shared->stop_flag);
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
  {
    const char *roster[CQ_TAG_ROSTER_SIZE];

    cq_game_get_roster (game, roster);
    for (guint i = 0; i < CQ_TAG_ROSTER_SIZE; i++)
      r.tags[i] = store_string (batch, roster[i]);
  }
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

  if (shared->opts->summarize && batch->summaries == NULL)
    batch->summaries = g_array_sized_new (FALSE, FALSE, sizeof (Summarized), BATCH_MAX_GAMES);
  if (shared->opts->summarize && batch->moves == NULL)
    batch->moves = g_byte_array_new ();
  cq_match_info_init (&info);
  for (guint i = 0; i < batch->games->len; i++)
    {
      const BatchGame *g = &g_array_index (batch->games, BatchGame, i);
      gsize start = g->offset;
      gsize end = i + 1 < batch->games->len
                  ? g_array_index (batch->games, BatchGame, i + 1).offset : batch->text->len;
      char after;

      if (g_atomic_int_get (&shared->stop_flag))
        break;
      /* The game's text is NUL-terminated in place while the game lives,
       * so that the game need not copy it (the batch is this thread's
       * until it is done); the next game's first byte is put back after. */
      after = batch->text->str[end];
      batch->text->str[end] = '\0';
      if (shared->opts->summarize)
        summarize_game (shared, batch, batch->text->str + start, end - start, &g->source,
                        g->n_spans ? batch->spans + g->first_span : NULL, g->n_spans);
      else
        search_game (shared, batch, batch->text->str + start, end - start,
                     &g->source,
                     g->n_spans ? batch->spans + g->first_span : NULL, g->n_spans, &info);
      batch->text->str[end] = after;
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

void
_cq_search_batch_finish (Batch *batch, SearchShared *shared)
{
  search_batch (batch, shared);

  g_mutex_lock (&shared->mutex);
  batch->done = TRUE;
  g_cond_broadcast (&shared->cond);
  g_mutex_unlock (&shared->mutex);
}

/* A pool task is only a wake-up: the worker takes the oldest queued batch,
 * which may already have been taken by the calling thread. */
void
_cq_search_worker (gpointer data, gpointer user_data)
{
  SearchShared *shared = user_data;
  Batch *batch = take_queued (shared);

  if (batch != NULL)
    _cq_search_batch_finish (batch, shared);
}
