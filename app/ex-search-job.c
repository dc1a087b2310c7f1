/* ex-search-job.c: one search on its own thread, reporting to the main loop in batches.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * design.md, "GUI threading": each search runs cq_search_run() on a
 * dedicated thread (never the shared GTask pool: a scan may take minutes).
 * The engine calls back on that thread; the callbacks only copy what they
 * need into a pending batch under a mutex.  At most one idle source is
 * queued at a time: it is queued for the first match, when the batch
 * reaches BATCH_MAX_RESULTS,
 * when BATCH_INTERVAL_US has passed since the last hand-over, on every
 * progress report (the engine sends one about every 100 ms) and at the end.
 * The idle takes the whole batch, so however fast matches come the main
 * loop sees a few hand-overs per second.
 *
 * The idle holds only a GWeakRef on the owner (its ExSearch), and drops the
 * batch when the owner is gone or the job was cancelled (a newer search
 * replaced it, or Stop).  The final idle joins the thread, which by then is
 * returning, so the main loop never blocks on it.
 */
#include "config.h"

#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <glib/gi18n.h>

#include "ex-game-file.h"
#include "ex-result.h"
#include "ex-search-job.h"
#include "ex-utils.h"

#define BATCH_MAX_RESULTS 200
#define BATCH_INTERVAL_US (100 * G_TIME_SPAN_MILLISECOND)

/* The nice value of the search threads: they still get every idle core,
 * but yield to the main loop when they compete with it. */
#define SEARCH_THREAD_NICE 10

/* Lines of `message` output from games that did not match kept at most
 * for the diagnostics list (the rest are counted). */
#define MAX_QUERY_MESSAGES 1000

/* How soon the main loop retries a hand-over whose mutex was taken. */
#define HANDOVER_RETRY_MS 2

struct _ExSearchJob
{
  gatomicrefcount         ref_count;

  /* Set at start, read-only afterwards. */
  CqQuery                *query;
  char                  **pgn_paths;    /* the database's files (directories expanded) */
  char                   *games_path;   /* where the results' games are re-read from */
  ExGameFile             *game_file;    /* @games_path and the database as searched */
  int                     games_fd;     /* the kept games' file, or -1 (see _start) */
  GCancellable           *cancellable;
  guint                   n_threads;
  GMainContext           *main_context;
  GWeakRef                owner;
  const ExSearchJobFuncs *funcs;

  /* Main thread only. */
  GThread                *thread;
  gboolean                finished;

  /* Worker thread only. */
  guint64                 games_len;    /* bytes written to @games_fd */
  gboolean                games_failed;
  gint64                  last_handover;
  gboolean                matched_any;
  guint64                 held_game;     /* the game whose messages are held */
  GPtrArray              *held_messages; /* its `message` lines, or NULL */
  guint64                 held_over;     /* its lines past the limit, only counted */
  guint64                 n_query_messages;  /* lines handed on or dropped */

  /* Shared, under @mutex. */
  GMutex                  mutex;
  GPtrArray              *pending_results;
  GPtrArray              *pending_messages;
  GArray                 *pending_games;     /* ExGameText, one per pending message */
  GPtrArray              *pending_query_messages;
  guint64                 dropped_query_messages;
  CqSearchProgress        progress;
  gboolean                have_progress;
  gboolean                idle_queued;
  gboolean                done;
  GError                 *error;
};

static gint n_running;

static gboolean handover_cb (gpointer user_data);

static void
ex_search_job_free (ExSearchJob *job)
{
  /* The last reference is dropped by the final idle, after the join. */
  g_assert (job->thread == NULL);

  g_weak_ref_clear (&job->owner);
  g_clear_pointer (&job->query, cq_query_free);
  g_clear_pointer (&job->pgn_paths, g_strfreev);
  g_clear_pointer (&job->games_path, g_free);
  g_clear_pointer (&job->game_file, ex_game_file_unref);
  if (job->games_fd >= 0)
    close (job->games_fd);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->main_context, g_main_context_unref);
  g_clear_pointer (&job->pending_results, g_ptr_array_unref);
  g_clear_pointer (&job->pending_messages, g_ptr_array_unref);
  g_clear_pointer (&job->pending_games, g_array_unref);
  g_clear_pointer (&job->pending_query_messages, g_ptr_array_unref);
  g_clear_pointer (&job->held_messages, g_ptr_array_unref);
  g_clear_error (&job->error);
  g_mutex_clear (&job->mutex);
  g_free (job);
}

ExSearchJob *
ex_search_job_ref (ExSearchJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);

  g_atomic_ref_count_inc (&job->ref_count);
  return job;
}

void
ex_search_job_unref (ExSearchJob *job)
{
  g_return_if_fail (job != NULL);

  if (g_atomic_ref_count_dec (&job->ref_count))
    ex_search_job_free (job);
}

/* Called with @job->mutex held: queue the hand-over unless one is queued. */
static void
queue_handover_locked (ExSearchJob *job)
{
  GSource *source;

  job->last_handover = g_get_monotonic_time ();
  if (job->idle_queued)
    return;

  job->idle_queued = TRUE;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_static_name (source, "[excelsior] search hand-over");
  g_source_set_callback (source, handover_cb, ex_search_job_ref (job),
                         (GDestroyNotify)ex_search_job_unref);
  g_source_attach (source, job->main_context);
  g_source_unref (source);
}

/* Search thread: the held `message` lines belong to a game that did not
 * match (the search reports a game's messages before its match, and
 * nothing of a game after the next one's): they go to the diagnostics. */
static void
flush_held_messages (ExSearchJob *job)
{
  if (job->held_messages == NULL || (job->held_messages->len == 0 && job->held_over == 0))
    return;
  g_mutex_lock (&job->mutex);
  for (guint i = 0; i < job->held_messages->len; i++)
    {
      if (job->n_query_messages++ < MAX_QUERY_MESSAGES)
        g_ptr_array_add (job->pending_query_messages,
                         g_strdup (g_ptr_array_index (job->held_messages, i)));
      else
        job->dropped_query_messages++;
    }
  job->n_query_messages += job->held_over;
  job->dropped_query_messages += job->held_over;
  g_mutex_unlock (&job->mutex);
  g_ptr_array_set_size (job->held_messages, 0);
  job->held_over = 0;
}

static void
on_message (const CqGameSource *source,
            const CqMessage    *message,
            gpointer            user_data)
{
  ExSearchJob *job = user_data;
  g_autofree char *number = NULL;

  if (job->held_messages == NULL)
    job->held_messages = g_ptr_array_new_with_free_func (g_free);
  if (job->held_game != source->number)
    flush_held_messages (job);
  job->held_game = source->number;
  /* Past the limit the lines are only counted: a query may print at every
   * position of every game. */
  if (job->n_query_messages + job->held_messages->len >= MAX_QUERY_MESSAGES)
    {
      job->held_over++;
      return;
    }
  number = ex_utils_format_number (source->number);
  /* Translators: a CQL query's `message` output, as CQL 6.2 prints it:
   * "Game: 12 move 3(wtm): text" (the game's number, where, what). */
  g_ptr_array_add (job->held_messages,
                   g_strdup_printf (_("Game: %s %s: %s"), number, message->where,
                                    message->text));
}

static void
on_match (const CqMatch *match,
          gpointer       user_data)
{
  ExSearchJob *job = user_data;
  ExResult *result;

  /* A matched game's messages are in its result. */
  if (job->held_messages != NULL && job->held_game == match->source.number)
    {
      g_ptr_array_set_size (job->held_messages, 0);
      job->held_over = 0;
    }
  flush_held_messages (job);

  if (job->games_fd >= 0)
    {
      /* The game is kept in the job's games file, and the result points
       * there: a compressed file cannot be re-read at an offset, and the
       * games of several files are best read from one. */
      CqGameSource kept = match->source;
      gsize done = 0;

      while (!job->games_failed && done < match->text_len)
        {
          gssize n = write (job->games_fd, match->text + done, match->text_len - done);

          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            job->games_failed = TRUE;
          else
            done += n;
        }
      kept.offset = job->games_len;
      kept.length = match->text_len;
      kept.file_index = 0;
      job->games_len += match->text_len;
      result = ex_result_new_from_match (match, &kept);
    }
  else
    result = ex_result_new_from_match (match, NULL);

  g_mutex_lock (&job->mutex);
  g_ptr_array_add (job->pending_results, result);
  /* The first match goes at once: the user sees a result as soon as there
   * is one (the target: within 200 ms of Run). */
  if (!job->matched_any
      || job->pending_results->len >= BATCH_MAX_RESULTS
      || g_get_monotonic_time () - job->last_handover >= BATCH_INTERVAL_US)
    queue_handover_locked (job);
  job->matched_any = TRUE;
  g_mutex_unlock (&job->mutex);
}

static void
on_diagnostic (const CqDiagnostic *diag,
               gpointer            user_data)
{
  ExSearchJob *job = user_data;

  g_mutex_lock (&job->mutex);
  /* Keep the first few hundred messages; the count is in the progress. */
  if (job->pending_messages->len < 500)
    {
      /* The game's place and digest, so that its text is shown only while
       * the file still holds it (ex_game_file_read_text()). */
      ExGameText game = { diag->source, 0, diag->text != NULL && !diag->input };

      if (game.has_text)
        game.digest = cq_pgn_game_digest (diag->text, diag->text_len);
      g_ptr_array_add (job->pending_messages, g_strdup (diag->message));
      g_array_append_val (job->pending_games, game);
    }
  g_mutex_unlock (&job->mutex);
}

static void
on_progress (const CqSearchProgress *progress,
             gpointer                user_data)
{
  ExSearchJob *job = user_data;

  g_mutex_lock (&job->mutex);
  job->progress = *progress;
  job->have_progress = TRUE;
  queue_handover_locked (job);
  g_mutex_unlock (&job->mutex);
}

static gpointer
search_thread (gpointer user_data)
{
  ExSearchJob *job = user_data;
  static const CqSearchCallbacks callbacks = {
    .on_match = on_match,
    .on_diagnostic = on_diagnostic,
    .on_progress = on_progress,
    .on_message = on_message,
  };
  CqSearchOptions options;
  CqSearchProgress final = { 0 };
  GError *error = NULL;
  gboolean ok;

#ifdef __linux__
  /* On Linux the nice value belongs to the thread and is inherited by the
   * threads it creates: the engine's worker pool is created inside
   * cq_search_run(), so the whole search runs below the main loop.  Without
   * this, on a 2-core machine the workers starve the main loop for seconds
   * while results arrive (measured: 0.7-2 s without a frame).  Failure only
   * costs responsiveness. */
  (void)setpriority (PRIO_PROCESS, (id_t)syscall (SYS_gettid), SEARCH_THREAD_NICE);
#endif

  cq_search_options_init (&options);
  options.want_pgn = FALSE;
  options.n_threads = job->n_threads;

  ok = cq_search_run_files (job->query, (const char *const *) job->pgn_paths, &options,
                            &callbacks, job, job->cancellable, &final, &error);
  flush_held_messages (job);
  if (job->games_failed && error == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 "%s: the games of the results could not be kept (is the disk full?)",
                 job->games_path);
  if (!ok && error == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED, "search failed");

  /* done and the last hand-over in one critical section, so that exactly one
   * idle sees done (see handover_cb). */
  g_mutex_lock (&job->mutex);
  job->done = TRUE;
  job->error = error;
  if (ok || final.games > 0)
    {
      job->progress = final;
      job->have_progress = TRUE;
    }
  queue_handover_locked (job);
  g_mutex_unlock (&job->mutex);

  return NULL;
}

static gboolean
handover_cb (gpointer user_data)
{
  ExSearchJob *job = user_data;
  g_autoptr(GObject) owner = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) messages = NULL;
  g_autoptr(GArray) games = NULL;
  g_autoptr(GPtrArray) query_messages = NULL;
  guint64 dropped;
  g_autoptr(GError) error = NULL;
  CqSearchProgress progress;
  gboolean have_progress;
  gboolean done;
  gboolean live;

  /* Never wait for the search threads here: they run at a lower priority
   * (SEARCH_THREAD_NICE), so one preempted while it holds the mutex can be
   * kept off the CPU for a long time by other programs, and the main loop
   * would wait with it (priority inversion: measured as 220 ms stalls on a
   * loaded machine with 24 ms of main-thread work).  If the mutex is taken,
   * try again shortly; idle_queued stays set, so no other hand-over is
   * queued meanwhile. */
  if (!g_mutex_trylock (&job->mutex))
    {
      GSource *retry = g_timeout_source_new (HANDOVER_RETRY_MS);

      g_source_set_priority (retry, G_PRIORITY_DEFAULT_IDLE);
      g_source_set_static_name (retry, "[excelsior] search hand-over retry");
      g_source_set_callback (retry, handover_cb, ex_search_job_ref (job),
                             (GDestroyNotify)ex_search_job_unref);
      g_source_attach (retry, job->main_context);
      g_source_unref (retry);
      return G_SOURCE_REMOVE;
    }
  job->idle_queued = FALSE;
  results = g_steal_pointer (&job->pending_results);
  job->pending_results = g_ptr_array_new_with_free_func (g_object_unref);
  messages = g_steal_pointer (&job->pending_messages);
  job->pending_messages = g_ptr_array_new_with_free_func (g_free);
  games = g_steal_pointer (&job->pending_games);
  job->pending_games = g_array_new (FALSE, FALSE, sizeof (ExGameText));
  query_messages = g_steal_pointer (&job->pending_query_messages);
  job->pending_query_messages = g_ptr_array_new_with_free_func (g_free);
  dropped = job->dropped_query_messages;
  progress = job->progress;
  have_progress = job->have_progress;
  job->have_progress = FALSE;
  done = job->done;
  if (done)
    error = g_steal_pointer (&job->error);
  g_mutex_unlock (&job->mutex);

  if (job->finished)
    return G_SOURCE_REMOVE;

  owner = g_weak_ref_get (&job->owner);
  live = owner != NULL && !g_cancellable_is_cancelled (job->cancellable);

  if (live && results->len > 0 && job->funcs->results != NULL)
    job->funcs->results (owner, job, results);
  if (live && messages->len > 0 && job->funcs->diagnostics != NULL)
    job->funcs->diagnostics (owner, job, messages, games);
  if (live && (query_messages->len > 0 || dropped > 0) && job->funcs->query_messages != NULL)
    job->funcs->query_messages (owner, job, query_messages, dropped);
  if (live && have_progress && job->funcs->progress != NULL)
    job->funcs->progress (owner, job, &progress);

  if (done)
    {
      /* The worker is past its last callback: joining takes no time. */
      g_thread_join (g_steal_pointer (&job->thread));
      job->finished = TRUE;
      g_atomic_int_add (&n_running, -1);
      /* The thread's reference; the idle's own keeps @job alive until we
       * return. */
      ex_search_job_unref (job);

      if (error == NULL && g_cancellable_is_cancelled (job->cancellable))
        error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      if (owner != NULL && job->funcs->finished != NULL)
        job->funcs->finished (owner, job, &progress, error);
    }

  return G_SOURCE_REMOVE;
}

/* TRUE if the results' games can be re-read from @paths at their offsets:
 * one plain (uncompressed) PGN file. */
static gboolean
can_reread (char **paths)
{
  const char *compression = NULL;

  return paths[0] != NULL && paths[1] == NULL && !g_str_equal (paths[0], "-")
         && g_file_test (paths[0], G_FILE_TEST_IS_REGULAR)
         && cq_pgn_input_sniff (paths[0], &compression, NULL) && compression == NULL;
}

ExSearchJob *
ex_search_job_start (CqQuery                *query,
                     const char *const      *pgn_paths,
                     guint                   n_threads,
                     GObject                *owner,
                     const ExSearchJobFuncs *funcs)
{
  ExSearchJob *job;

  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (pgn_paths != NULL && pgn_paths[0] != NULL, NULL);
  g_return_val_if_fail (G_IS_OBJECT (owner), NULL);
  g_return_val_if_fail (funcs != NULL, NULL);

  job = g_new0 (ExSearchJob, 1);
  g_atomic_ref_count_init (&job->ref_count);
  job->query = query;
  /* A folder stands for its files and its sub-folders' (CQL 6.2 and the
   * cql tool read its own files only).  A list that cannot be expanded is
   * searched as given: the search then fails with the message that names
   * the missing file. */
  job->pgn_paths = cq_pgn_expand_inputs_full (pgn_paths, TRUE, NULL);
  if (job->pgn_paths == NULL)
    job->pgn_paths = g_strdupv ((char **) pgn_paths);
  job->games_fd = -1;
  if (can_reread (job->pgn_paths) || !g_file_test (job->pgn_paths[0], G_FILE_TEST_EXISTS))
    job->games_path = g_strdup (job->pgn_paths[0]);
  else
    job->games_fd = g_file_open_tmp ("excelsior-results-XXXXXX.pgn", &job->games_path, NULL);
  if (job->games_path == NULL)
    job->games_path = g_strdup (job->pgn_paths[0]);
  /* The database's files as they are before the search reads them: a
   * result is read back only while they stay so (ExGameFile). */
  job->game_file = ex_game_file_new (job->games_path, job->games_fd >= 0,
                                     (const char *const *) job->pgn_paths);
  job->cancellable = g_cancellable_new ();
  job->n_threads = n_threads;
  job->main_context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&job->owner, owner);
  job->funcs = funcs;
  g_mutex_init (&job->mutex);
  job->pending_results = g_ptr_array_new_with_free_func (g_object_unref);
  job->pending_messages = g_ptr_array_new_with_free_func (g_free);
  job->pending_games = g_array_new (FALSE, FALSE, sizeof (ExGameText));
  job->pending_query_messages = g_ptr_array_new_with_free_func (g_free);
  job->last_handover = g_get_monotonic_time ();

  g_atomic_int_inc (&n_running);
  /* The thread's reference is the one the final idle drops after the join:
   * the thread never drops a reference itself, so the job is never freed
   * on the worker, and never before the join. */
  ex_search_job_ref (job);
  job->thread = g_thread_new ("excelsior-search", search_thread, job);

  return job;
}

void
ex_search_job_cancel (ExSearchJob *job)
{
  g_return_if_fail (job != NULL);

  g_cancellable_cancel (job->cancellable);
}

ExGameFile *
ex_search_job_get_game_file (ExSearchJob *job)
{
  g_return_val_if_fail (job != NULL, NULL);

  return job->game_file;
}

guint
ex_search_job_get_n_running (void)
{
  return (guint)g_atomic_int_get (&n_running);
}
