/* ex-search.c: one search of the workbench: its job, state, progress and results.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The job reports batches of rows; they wait in @pending until the view
 * takes them into @results by slices (ex_search_deliver()), so that the
 * main loop never stalls on a large batch (see ex-results-view.c).  The
 * search is over only when its last row is in the list: the job's end
 * leads to %EX_SEARCH_FINISHING while rows wait.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "ex-result.h"
#include "ex-search.h"
#include "ex-search-job.h"

struct _ExSearch
{
  GObject            parent_instance;

  ExSearchState      state;
  CqQuery           *query;          /* until the start: the job takes it */
  ExSearchJob       *job;            /* while it runs */
  CqSearchProgress   progress;
  GError            *error;          /* why it failed */

  GListStore        *results;        /* ExResult delivered, in input order */
  GPtrArray         *pending;        /* ExResult found, not yet in @results */
  guint              pending_head;   /* the first of @pending not yet delivered */

  ExGameFile        *game_file;      /* where the results' games are re-read from */
  char              *database_name;
  char             **inputs;
  gboolean           mark_all;
  CqAnnotationStyle  style;
  char              *mark_text;      /* @style's, owned */
  gboolean           sorts;
  char              *sort_label;
  gboolean           sort_min;
};

G_DEFINE_FINAL_TYPE (ExSearch, ex_search, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

enum {
  ROWS_QUEUED,
  DIAGNOSTICS,
  QUERY_MESSAGES,
  PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_state (ExSearch      *self,
           ExSearchState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* ------------------------------------------------------------------------
 * The job's reports
 */

static void
job_results_cb (GObject     *owner,
                ExSearchJob *job,
                GPtrArray   *results)
{
  ExSearch *self = EX_SEARCH (owner);

  for (guint i = 0; i < results->len; i++)
    g_ptr_array_add (self->pending, g_object_ref (g_ptr_array_index (results, i)));
  g_signal_emit (self, signals[ROWS_QUEUED], 0, results);
}

static void
job_diagnostics_cb (GObject     *owner,
                    ExSearchJob *job,
                    GPtrArray   *messages,
                    GArray      *games)
{
  g_signal_emit (owner, signals[DIAGNOSTICS], 0, messages, games);
}

static void
job_query_messages_cb (GObject     *owner,
                       ExSearchJob *job,
                       GPtrArray   *lines,
                       guint64      n_dropped)
{
  g_signal_emit (owner, signals[QUERY_MESSAGES], 0, lines, n_dropped);
}

static void
job_progress_cb (GObject                *owner,
                 ExSearchJob            *job,
                 const CqSearchProgress *progress)
{
  ExSearch *self = EX_SEARCH (owner);

  self->progress = *progress;
  g_signal_emit (self, signals[PROGRESS], 0);
}

/* A finished search whose rows are all in the list is over. */
static void
end_if_delivered (ExSearch *self)
{
  if (ex_search_get_n_pending (self) > 0)
    return;
  if (self->state == EX_SEARCH_FINISHING)
    set_state (self, self->error != NULL ? EX_SEARCH_FAILED : EX_SEARCH_FINISHED);
  else if (self->state == EX_SEARCH_STOPPING)
    set_state (self, EX_SEARCH_STOPPED);
}

static void
job_finished_cb (GObject                *owner,
                 ExSearchJob            *job,
                 const CqSearchProgress *progress,
                 const GError           *error)
{
  ExSearch *self = EX_SEARCH (owner);

  /* A job cancelled by ex_search_stop() or ex_search_cancel() reports its
   * end too: the search has ended already. */
  if (self->state != EX_SEARCH_RUNNING)
    return;

  self->progress = *progress;
  g_signal_emit (self, signals[PROGRESS], 0);
  g_clear_pointer (&self->job, ex_search_job_unref);
  g_clear_error (&self->error);
  if (error != NULL)
    self->error = g_error_copy (error);
  set_state (self, EX_SEARCH_FINISHING);
  end_if_delivered (self);
}

static const ExSearchJobFuncs job_funcs = {
  .results = job_results_cb,
  .diagnostics = job_diagnostics_cb,
  .query_messages = job_query_messages_cb,
  .progress = job_progress_cb,
  .finished = job_finished_cb,
};

/* ------------------------------------------------------------------------
 * Starting and ending
 */

ExSearch *
ex_search_new (CqQuery           *query,
               const char *const *paths,
               const char        *database_name,
               gboolean           mark_all)
{
  ExSearch *self;
  const char *label;

  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (paths != NULL && paths[0] != NULL, NULL);

  self = g_object_new (EX_TYPE_SEARCH, NULL);
  self->query = query;
  self->inputs = g_strdupv ((char **) paths);
  self->database_name = g_strdup (database_name);
  self->mark_all = mark_all;

  /* What export writes for these results: what `cql` writes for the query
   * (its dialect's header, mark text, quiet and silent).  The mark text
   * is copied: the query goes to the job. */
  cq_annotation_style_init (&self->style, query, NULL);
  self->mark_text = g_strdup (self->style.mark_text);
  self->style.mark_text = self->mark_text;

  /* A query that sorts its games shows its sort values, in its order. */
  self->sorts = cq_query_get_n_sort_keys (query) > 0;
  label = self->sorts ? cq_query_get_sort_label (query, 0, &self->sort_min) : NULL;
  self->sort_label = g_strdup (label);
  return self;
}

void
ex_search_start (ExSearch *self,
                 guint     n_threads)
{
  g_return_if_fail (EX_IS_SEARCH (self));
  g_return_if_fail (self->state == EX_SEARCH_IDLE);

  self->job = ex_search_job_start (g_steal_pointer (&self->query),
                                   (const char *const *) self->inputs, n_threads,
                                   G_OBJECT (self), &job_funcs);
  self->game_file = ex_game_file_ref (ex_search_job_get_game_file (self->job));
  set_state (self, EX_SEARCH_RUNNING);
}

gboolean
ex_search_stop (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), FALSE);

  if (!ex_search_is_running (self))
    return FALSE;

  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      g_clear_pointer (&self->job, ex_search_job_unref);
    }
  g_clear_error (&self->error);
  /* The matches kept: those in the list and those still on their way to
   * it. */
  self->progress.matches = g_list_model_get_n_items (G_LIST_MODEL (self->results))
                           + ex_search_get_n_pending (self);
  set_state (self, EX_SEARCH_STOPPING);
  end_if_delivered (self);
  return TRUE;
}

void
ex_search_cancel (ExSearch *self)
{
  g_return_if_fail (EX_IS_SEARCH (self));

  /* The thread winds down by itself and is joined by its final idle. */
  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      g_clear_pointer (&self->job, ex_search_job_unref);
    }
  g_ptr_array_set_size (self->pending, 0);
  self->pending_head = 0;
  if (self->state < EX_SEARCH_FINISHED)
    set_state (self, EX_SEARCH_STOPPED);
}

/* ------------------------------------------------------------------------
 * The rows
 */

guint
ex_search_get_n_pending (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), 0);

  return self->pending->len - self->pending_head;
}

guint
ex_search_deliver (ExSearch *self,
                   guint     max_rows)
{
  guint n, k;

  g_return_val_if_fail (EX_IS_SEARCH (self), 0);

  k = MIN (max_rows, ex_search_get_n_pending (self));
  if (k > 0)
    {
      n = g_list_model_get_n_items (G_LIST_MODEL (self->results));
      g_list_store_splice (self->results, n, 0, self->pending->pdata + self->pending_head, k);
      self->pending_head += k;
    }
  if (ex_search_get_n_pending (self) == 0)
    {
      g_ptr_array_set_size (self->pending, 0);
      self->pending_head = 0;
      end_if_delivered (self);
    }
  return k;
}

GListModel *
ex_search_get_results (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return G_LIST_MODEL (self->results);
}

/* ------------------------------------------------------------------------
 * Accessors
 */

ExSearchState
ex_search_get_state (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), EX_SEARCH_IDLE);

  return self->state;
}

gboolean
ex_search_is_running (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), FALSE);

  return self->state == EX_SEARCH_RUNNING || self->state == EX_SEARCH_FINISHING;
}

const CqSearchProgress *
ex_search_get_progress (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return &self->progress;
}

const GError *
ex_search_get_error (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return self->error;
}

gboolean
ex_search_get_sort_key (ExSearch    *self,
                        const char **label,
                        gboolean    *min)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), FALSE);

  if (label != NULL)
    *label = self->sort_label;
  if (min != NULL)
    *min = self->sort_min;
  return self->sorts;
}

ExGameFile *
ex_search_get_game_file (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return self->game_file;
}

const char *const *
ex_search_get_inputs (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return (const char *const *) self->inputs;
}

const char *
ex_search_get_database_name (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return self->database_name;
}

gboolean
ex_search_get_mark_all (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), FALSE);

  return self->mark_all;
}

const CqAnnotationStyle *
ex_search_get_style (ExSearch *self)
{
  g_return_val_if_fail (EX_IS_SEARCH (self), NULL);

  return &self->style;
}

/* ------------------------------------------------------------------------
 * GObject
 */

static gpointer
unref_thread (gpointer data)
{
  g_object_unref (data);
  return NULL;
}

static void
ex_search_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ExSearch *self = EX_SEARCH (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_search_dispose (GObject *object)
{
  ExSearch *self = EX_SEARCH (object);

  if (self->job != NULL)
    {
      ex_search_job_cancel (self->job);
      g_clear_pointer (&self->job, ex_search_job_unref);
    }
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  /* g_list_store_remove_all() on a list of 115,000 rows took 0.35 s
   * (tests/ui/test-stall.c), 0.2 s of it freeing the results: a large
   * list, with its immutable results, is freed on a thread of its own. */
  if (self->results != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->results)) > 1000)
    g_thread_unref (g_thread_new ("excelsior-free", unref_thread,
                                  g_steal_pointer (&self->results)));
  g_clear_object (&self->results);

  G_OBJECT_CLASS (ex_search_parent_class)->dispose (object);
}

static void
ex_search_finalize (GObject *object)
{
  ExSearch *self = EX_SEARCH (object);

  /* A games file of the job's own goes with the last reference (an
   * export may still hold one). */
  g_clear_pointer (&self->game_file, ex_game_file_unref);
  g_clear_pointer (&self->query, cq_query_free);
  g_clear_error (&self->error);
  g_free (self->database_name);
  g_strfreev (self->inputs);
  g_free (self->mark_text);
  g_free (self->sort_label);

  G_OBJECT_CLASS (ex_search_parent_class)->finalize (object);
}

static void
ex_search_class_init (ExSearchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ex_search_get_property;
  object_class->dispose = ex_search_dispose;
  object_class->finalize = ex_search_finalize;

  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, EX_SEARCH_IDLE, EX_SEARCH_STOPPED, EX_SEARCH_IDLE,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A batch of new ExResult (transfer none), now waiting for
   * ex_search_deliver(). */
  signals[ROWS_QUEUED] =
    g_signal_new ("rows-queued", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_PTR_ARRAY);
  /* A batch of damaged/skipped game messages (strings, transfer none) and
   * their games (ExGameText, one per message; transfer none). */
  signals[DIAGNOSTICS] =
    g_signal_new ("diagnostics", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_PTR_ARRAY, G_TYPE_ARRAY);
  /* A CQL 6 query's messages from games that did not match, and how many
   * were dropped so far (ExSearchJobFuncs.query_messages). */
  signals[QUERY_MESSAGES] =
    g_signal_new ("query-messages", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_PTR_ARRAY, G_TYPE_UINT64);
  /* New counts: ex_search_get_progress(). */
  signals[PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ex_search_init (ExSearch *self)
{
  self->results = g_list_store_new (EX_TYPE_RESULT);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
}
