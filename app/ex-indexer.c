/* ex-indexer.c: the index of a window's database, built in the background.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A search of a plain PGN file reads it from its index when the index is
 * up to date (CqSearchOptions.use_index, on by default; docs/index.md).
 * ExIndexer gives the workbench's databases their indexes without being
 * asked: once a database has been searched, each of its files without an
 * up-to-date index is indexed (cq_index_build()) on a worker thread.
 *
 * The state of each file's index is read by cq_index_open() on a worker
 * (a GTask on the shared pool: it hashes the first and last 64 KiB of the
 * file) when the database is chosen, after each search, after each build
 * and when a file monitor says a file changed.  The builds are a
 * background chore, never in the user's way:
 *
 *   - one at a time in the whole application (@building), and never while
 *     a search runs: a search that starts cancels the build (the search
 *     never waits), which starts again once no search runs;
 *   - on a thread of its own at a low priority (BUILD_THREAD_NICE:
 *     the build's reader threads inherit it), started from the GTask's
 *     thread, so that no thread of GLib's shared pool is left reniced;
 *   - a file whose build failed is not tried again while it stays the
 *     same file (its size and modification time), a build the user
 *     cancelled not again for this database, and a file changed is
 *     indexed again only after its next search (which reads its text).
 *
 * A search that finds a game no longer where the index says (the file was
 * edited and its size and time put back: CQ_INDEX_ERROR_STALE from the
 * search) marks every file to be indexed again, although its identity
 * checks pass.
 */
#include "config.h"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "index/cq-index.h"
#include "ex-indexer.h"
#include "ex-search-job.h"
#include "ex-utils.h"

/* The nice value of a build's threads, that of the searches'
 * (ex-search-job.c): below the main loop and the user's other programs.
 * Not lower: on a busy machine a thread at 19 gets a few percent of a
 * core against those at 0, and a build (or its noticing a cancel) could
 * take minutes. */
#define BUILD_THREAD_NICE 10

/* How often the progress of a build is shown, and a build waiting for
 * the searches to end looks again. */
#define PROGRESS_INTERVAL_MS 200
#define RETRY_INTERVAL_MS    300

/* Files watched for changes at most (one inotify watch each): a folder of
 * more files is checked at each search only. */
#define MAX_WATCHED_FILES 64

/* How long after a change is noticed its state is read (a file written
 * in several steps gives several events). */
#define CHANGE_DELAY_MS 150

/* A status of a file's index: CQ_INDEX_ERROR codes, or these. */
enum {
  FILE_INDEXED = -1,
  FILE_UNKNOWN = -2,
  FILE_UNREADABLE = -3,  /* the file or its index cannot be read (G_FILE_ERROR) */
};

typedef struct {
  char    *path;
  int      status;        /* FILE_* or a CqIndexError */
  char    *why;           /* why it has no index, or NULL */
  char    *index_path;    /* where its index is (or would be), or NULL */
  guint64  n_games;       /* with FILE_INDEXED */
  guint64  index_size;
  gboolean wanted;        /* to be built: searched since it changed */
  gboolean force;         /* to be built although it opens (a search found it stale) */
  char    *failed;        /* the file's identity when its build failed, or NULL */
  char    *failed_why;
} FileState;

/* What a check of the indexes gives, per file (the worker's result). */
typedef struct {
  int      status;
  char    *why;
  char    *index_path;
  guint64  n_games;
  guint64  index_size;
} FileCheck;

/* A build, shared with its threads. */
typedef struct {
  char         *path;
  guint         n_threads;
  GCancellable *cancellable;
  GMutex        mutex;
  guint64       bytes;        /* under @mutex */
  guint64       total_bytes;
  GError       *error;        /* the nice'd thread's */
} BuildData;

struct _ExIndexer
{
  GObject       parent_instance;

  GPtrArray    *files;         /* FileState */
  guint         generation;    /* the database's, and each check's */
  gboolean      checked;       /* the states of @files are known */
  guint         n_checks;      /* checks running: the states may be old */
  gboolean      want_after_check;  /* a search ended: build what the next check finds */
  gboolean      user_cancelled;
  GPtrArray    *monitors;      /* GFileMonitor */
  guint         change_id;     /* the check after a change, pending */

  /* The build running (@building == self). */
  BuildData    *build;
  guint         build_file;    /* its index in @files */
  guint         progress_id;
  double        fraction;
};

G_DEFINE_FINAL_TYPE (ExIndexer, ex_indexer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Main thread only: every indexer, the one building, the retry's source,
 * and the tasks whose threads are running. */
static GList     *indexers;
static ExIndexer *building;
static guint      retry_id;
static guint      n_running;

static void schedule (void);
static void check (ExIndexer *self);

static void
file_state_free (gpointer data)
{
  FileState *file = data;

  g_free (file->path);
  g_free (file->why);
  g_free (file->index_path);
  g_free (file->failed);
  g_free (file->failed_why);
  g_free (file);
}

static void
file_checks_free (gpointer data)
{
  GArray *checks = data;

  for (guint i = 0; i < checks->len; i++)
    {
      FileCheck *c = &g_array_index (checks, FileCheck, i);

      g_free (c->why);
      g_free (c->index_path);
    }
  g_array_unref (checks);
}

static void
build_data_free (BuildData *data)
{
  g_free (data->path);
  g_clear_object (&data->cancellable);
  g_mutex_clear (&data->mutex);
  g_clear_error (&data->error);
  g_free (data);
}

/* The identity a failed build is kept with: the file's size and
 * modification time; NULL if it cannot be read. */
static char *
dup_identity (const char *path)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return NULL;
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT, (gint64) st.st_size,
                          (gint64) st.st_mtime);
}

/* ------------------------------------------------------------------------
 * The state
 */

ExIndexState
ex_indexer_get_state (ExIndexer *self)
{
  guint n_indexed = 0, n_unsupported = 0, n_changed = 0, n_failed = 0;

  g_return_val_if_fail (EX_IS_INDEXER (self), EX_INDEX_STATE_NONE);

  if (self->files->len == 0)
    return EX_INDEX_STATE_NONE;
  if (building == self)
    return EX_INDEX_STATE_INDEXING;
  if (!self->checked)
    return EX_INDEX_STATE_NONE;
  for (guint i = 0; i < self->files->len; i++)
    {
      FileState *file = g_ptr_array_index (self->files, i);

      if (file->status == FILE_INDEXED && !file->force)
        n_indexed++;
      else if (file->status == CQ_INDEX_ERROR_UNSUPPORTED || file->status == FILE_UNREADABLE)
        n_unsupported++;
      else if (file->failed != NULL)
        n_failed++;
      else if (file->status == CQ_INDEX_ERROR_STALE || file->status == CQ_INDEX_ERROR_CORRUPT
               || file->force)
        n_changed++;
    }
  if (n_unsupported == self->files->len)
    return EX_INDEX_STATE_UNSUPPORTED;
  if (n_indexed + n_unsupported == self->files->len)
    return EX_INDEX_STATE_INDEXED;
  if (n_changed > 0)
    return EX_INDEX_STATE_CHANGED;
  if (n_failed > 0)
    return EX_INDEX_STATE_FAILED;
  return EX_INDEX_STATE_NOT_INDEXED;
}

double
ex_indexer_get_fraction (ExIndexer *self)
{
  g_return_val_if_fail (EX_IS_INDEXER (self), 0.0);

  return building == self ? self->fraction : 0.0;
}

char *
ex_indexer_dup_label (ExIndexer *self)
{
  g_return_val_if_fail (EX_IS_INDEXER (self), NULL);

  switch (ex_indexer_get_state (self))
    {
    case EX_INDEX_STATE_NONE:
      return NULL;
    case EX_INDEX_STATE_NOT_INDEXED:
      return g_strdup (_("Not indexed"));
    case EX_INDEX_STATE_INDEXING:
      /* Translators: the database's index is being built; how much is done */
      return g_strdup_printf (_("Indexing… %d%%"), (int) (self->fraction * 100.0));
    case EX_INDEX_STATE_INDEXED:
      return g_strdup (_("Indexed"));
    case EX_INDEX_STATE_CHANGED:
      return g_strdup (_("Changed since indexed"));
    case EX_INDEX_STATE_UNSUPPORTED:
      return g_strdup (_("Not indexable"));
    case EX_INDEX_STATE_FAILED:
      return g_strdup (_("Indexing failed"));
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
ex_indexer_dup_detail (ExIndexer *self)
{
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (EX_IS_INDEXER (self), NULL);

  if (self->files->len == 0)
    return NULL;
  text = g_string_new (_("An index lets a search read only the games its query could match. "
                         "A database is indexed in the background after its first search."));
  if (!ex_utils_settings_get_boolean ("auto-index", TRUE))
    g_string_append_printf (text, " %s", _("(Off in the Preferences.)"));
  for (guint i = 0; i < self->files->len && i < 10; i++)
    {
      FileState *file = g_ptr_array_index (self->files, i);
      g_autofree char *base = g_path_get_basename (file->path);

      g_string_append_printf (text, "\n“%s”: ", base);
      if (building == self && self->build_file == i)
        g_string_append (text, _("being indexed"));
      else if (file->failed != NULL)
        g_string_append_printf (text, _("could not be indexed: %s"), file->failed_why);
      else if (file->status == FILE_INDEXED && file->force)
        g_string_append (text, _("changed since it was indexed; indexed again after its next "
                                 "search"));
      else if (file->status == FILE_INDEXED)
        {
          g_autofree char *games = ex_utils_format_count (file->n_games);
          g_autofree char *size = g_format_size (file->index_size);

          /* Translators: a file's index: its games, its size, where it is */
          g_string_append_printf (text, _("indexed, %s games, %s, in %s"), games, size,
                                  file->index_path);
        }
      else if (file->status == CQ_INDEX_ERROR_STALE || file->status == CQ_INDEX_ERROR_CORRUPT)
        g_string_append (text, _("changed since it was indexed; indexed again after its next "
                                 "search"));
      else if (file->status == CQ_INDEX_ERROR_MISSING)
        g_string_append (text, _("not indexed yet"));
      else if (file->status == FILE_UNKNOWN)
        g_string_append (text, "…");
      else
        g_string_append_printf (text, _("cannot be indexed: %s"),
                                file->why != NULL ? file->why : "");
    }
  if (self->files->len > 10)
    g_string_append (text, "\n…");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
notify_state (ExIndexer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* ------------------------------------------------------------------------
 * Checking the indexes
 */

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  char **paths = task_data;
  GArray *checks = g_array_new (FALSE, TRUE, sizeof (FileCheck));

  for (guint i = 0; paths[i] != NULL; i++)
    {
      FileCheck c = { FILE_INDEXED, NULL, NULL, 0, 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(CqIndex) index = cq_index_open (paths[i], &error);

      if (index != NULL)
        {
          c.index_path = g_strdup (cq_index_get_file (index));
          c.n_games = cq_index_get_n_games (index);
          c.index_size = cq_index_get_file_size (index);
        }
      else
        {
          c.status = error->domain == CQ_INDEX_ERROR ? error->code : FILE_UNREADABLE;
          c.why = g_strdup (error->message);
          c.index_path = cq_index_get_path (paths[i], NULL);
        }
      g_array_append_val (checks, c);
    }
  g_task_return_pointer (task, checks, file_checks_free);
}

static void
check_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  ExIndexer *self = EX_INDEXER (object);
  guint generation = GPOINTER_TO_UINT (user_data);
  GArray *checks = g_task_propagate_pointer (G_TASK (result), NULL);

  n_running--;
  self->n_checks--;
  /* A check of another database, or one a later check replaces. */
  if (checks == NULL || generation != self->generation || checks->len != self->files->len)
    {
      if (checks != NULL)
        file_checks_free (checks);
      /* The last check to end may be this one, not the one kept. */
      schedule ();
      return;
    }
  for (guint i = 0; i < checks->len; i++)
    {
      FileCheck *c = &g_array_index (checks, FileCheck, i);
      FileState *file = g_ptr_array_index (self->files, i);

      file->status = c->status;
      g_free (file->why);
      file->why = g_steal_pointer (&c->why);
      g_free (file->index_path);
      file->index_path = g_steal_pointer (&c->index_path);
      file->n_games = c->n_games;
      file->index_size = c->index_size;
      /* A file changed since its build failed is tried again. */
      if (file->failed != NULL)
        {
          g_autofree char *identity = dup_identity (file->path);

          if (g_strcmp0 (identity, file->failed) != 0 || file->status == FILE_INDEXED)
            {
              g_clear_pointer (&file->failed, g_free);
              g_clear_pointer (&file->failed_why, g_free);
            }
        }
      if (self->want_after_check)
        file->wanted = TRUE;
    }
  file_checks_free (checks);
  self->checked = TRUE;
  self->want_after_check = FALSE;
  notify_state (self);
  schedule ();
}

/* Reads the state of each file's index again, on a worker; the last check
 * started is the one kept. */
static void
check (ExIndexer *self)
{
  g_autoptr(GTask) task = NULL;
  char **paths;

  if (self->files->len == 0)
    return;
  paths = g_new0 (char *, self->files->len + 1);
  for (guint i = 0; i < self->files->len; i++)
    paths[i] = g_strdup (((FileState *) g_ptr_array_index (self->files, i))->path);
  self->generation++;
  task = g_task_new (self, NULL, check_done, GUINT_TO_POINTER (self->generation));
  g_task_set_source_tag (task, check);
  g_task_set_task_data (task, paths, (GDestroyNotify) g_strfreev);
  n_running++;
  self->n_checks++;
  g_task_run_in_thread (task, check_thread);
}

/* ------------------------------------------------------------------------
 * Building
 */

static void
build_progress (guint64  bytes,
                guint64  total_bytes,
                guint64  games,
                gpointer user_data)
{
  BuildData *data = user_data;

  g_mutex_lock (&data->mutex);
  data->bytes = bytes;
  data->total_bytes = total_bytes;
  g_mutex_unlock (&data->mutex);
}

/* The build itself, on a thread of its own at BUILD_THREAD_NICE (on Linux
 * the nice value is the thread's, and the reader threads cq_index_build()
 * starts inherit it). */
static gpointer
build_nice_thread (gpointer user_data)
{
  BuildData *data = user_data;

#ifdef __linux__
  (void) setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), BUILD_THREAD_NICE);
#endif
  (void) cq_index_build (data->path, data->n_threads, build_progress, data, data->cancellable,
                         &data->error);
  return NULL;
}

static void
build_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  BuildData *data = task_data;

  g_thread_join (g_thread_new ("excelsior-index", build_nice_thread, data));
  if (data->error != NULL)
    g_task_return_error (task, g_steal_pointer (&data->error));
  else
    g_task_return_boolean (task, TRUE);
}

static gboolean
progress_cb (gpointer user_data)
{
  ExIndexer *self = user_data;
  BuildData *data = self->build;
  double fraction = 0.0;

  g_mutex_lock (&data->mutex);
  if (data->total_bytes > 0)
    fraction = CLAMP ((double) data->bytes / (double) data->total_bytes, 0.0, 1.0);
  g_mutex_unlock (&data->mutex);
  if (fraction != self->fraction)
    {
      self->fraction = fraction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
    }
  return G_SOURCE_CONTINUE;
}

static void
build_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  ExIndexer *self = EX_INDEXER (object);
  g_autoptr(GError) error = NULL;
  guint generation = GPOINTER_TO_UINT (user_data);

  n_running--;
  g_assert (building == self);
  building = NULL;
  g_clear_handle_id (&self->progress_id, g_source_remove);
  self->build = NULL;  /* the task's data, freed with it */
  self->fraction = 0.0;

  if (!g_task_propagate_boolean (G_TASK (result), &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      && generation == self->generation && self->build_file < self->files->len)
    {
      /* Not tried again while the file stays as it is. */
      FileState *file = g_ptr_array_index (self->files, self->build_file);

      g_free (file->failed);
      file->failed = dup_identity (file->path);
      if (file->failed == NULL)
        file->failed = g_strdup ("");
      g_free (file->failed_why);
      file->failed_why = g_strdup (error->message);
      file->wanted = FALSE;
    }
  else if (error == NULL && generation == self->generation
           && self->build_file < self->files->len)
    {
      FileState *file = g_ptr_array_index (self->files, self->build_file);

      file->wanted = FALSE;
      file->force = FALSE;
    }
  /* Cancelled: by a search (the file is still wanted: built again once
   * no search runs), by a change of the file (built after its next
   * search) or by the user (not again for this database). */
  notify_state (self);
  /* Every window's database is checked again (another window may search
   * the file just indexed); a check schedules the next build when it is
   * done. */
  for (GList *l = indexers; l != NULL; l = l->next)
    check (l->data);
}

/* TRUE if @file is to be built now. */
static gboolean
needs_build (ExIndexer *self,
             FileState *file)
{
  if (!file->wanted || file->failed != NULL)
    return FALSE;
  return file->force || file->status == CQ_INDEX_ERROR_MISSING
         || file->status == CQ_INDEX_ERROR_STALE || file->status == CQ_INDEX_ERROR_CORRUPT;
}

/* Starts the build of @self's first file that needs one; FALSE if none. */
static gboolean
start_build (ExIndexer *self)
{
  g_autoptr(GTask) task = NULL;
  BuildData *data;

  /* Not on states a check running is about to replace. */
  if (!self->checked || self->n_checks > 0 || self->user_cancelled)
    return FALSE;
  for (guint i = 0; i < self->files->len; i++)
    {
      FileState *file = g_ptr_array_index (self->files, i);

      if (!needs_build (self, file))
        continue;
      data = g_new0 (BuildData, 1);
      data->path = g_strdup (file->path);
      data->n_threads = ex_utils_settings_get_uint ("threads", 0);
      data->cancellable = g_cancellable_new ();
      g_mutex_init (&data->mutex);

      building = self;
      self->build = data;
      self->build_file = i;
      self->fraction = 0.0;
      task = g_task_new (self, data->cancellable, build_done,
                         GUINT_TO_POINTER (self->generation));
      g_task_set_source_tag (task, start_build);
      g_task_set_task_data (task, data, (GDestroyNotify) build_data_free);
      n_running++;
      g_task_run_in_thread (task, build_thread);
      self->progress_id = g_timeout_add (PROGRESS_INTERVAL_MS, progress_cb, self);
      notify_state (self);
      return TRUE;
    }
  return FALSE;
}

static gboolean
retry_cb (gpointer user_data)
{
  retry_id = 0;
  schedule ();
  return G_SOURCE_REMOVE;
}

/* Starts the next build the application's indexers need, unless one runs
 * or a search does (then looks again shortly). */
static void
schedule (void)
{
  if (building != NULL || !ex_utils_settings_get_boolean ("auto-index", TRUE))
    return;
  if (ex_search_job_get_n_running () > 0)
    {
      if (retry_id == 0)
        retry_id = g_timeout_add (RETRY_INTERVAL_MS, retry_cb, NULL);
      return;
    }
  for (GList *l = indexers; l != NULL; l = l->next)
    if (start_build (l->data))
      return;
}

static void
cancel_build (ExIndexer *self)
{
  if (building != self)
    return;
  g_cancellable_cancel (self->build->cancellable);
}

/* ------------------------------------------------------------------------
 * Following the database
 */

static gboolean
change_cb (gpointer user_data)
{
  ExIndexer *self = user_data;

  self->change_id = 0;
  check (self);
  return G_SOURCE_REMOVE;
}

/* A file of the database changed (or was replaced, or removed): a build of
 * it would index what is gone; it is indexed again after its next search. */
static void
file_changed_cb (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 ExIndexer         *self)
{
  /* Only a change of the text: a read may change the file's times, and
   * the build reads it (a file only touched is found stale by its next
   * search). */
  if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT
      || event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED)
    return;
  /* Not even by a search that ended before the change, whose check may
   * not be done. */
  self->want_after_check = FALSE;
  for (guint i = 0; i < self->files->len; i++)
    ((FileState *) g_ptr_array_index (self->files, i))->wanted = FALSE;
  cancel_build (self);
  if (self->change_id == 0)
    self->change_id = g_timeout_add (CHANGE_DELAY_MS, change_cb, self);
}

void
ex_indexer_set_files (ExIndexer         *self,
                      const char *const *files)
{
  g_return_if_fail (EX_IS_INDEXER (self));

  cancel_build (self);
  g_clear_handle_id (&self->change_id, g_source_remove);
  g_ptr_array_set_size (self->monitors, 0);
  g_ptr_array_set_size (self->files, 0);
  self->generation++;
  self->checked = FALSE;
  self->want_after_check = FALSE;
  self->user_cancelled = FALSE;
  for (guint i = 0; files != NULL && files[i] != NULL; i++)
    {
      FileState *file = g_new0 (FileState, 1);

      file->path = g_strdup (files[i]);
      file->status = FILE_UNKNOWN;
      g_ptr_array_add (self->files, file);
    }
  for (guint i = 0; self->files->len <= MAX_WATCHED_FILES && i < self->files->len; i++)
    {
      FileState *file = g_ptr_array_index (self->files, i);
      g_autoptr(GFile) gfile = g_file_new_for_path (file->path);
      GFileMonitor *monitor = g_file_monitor_file (gfile, G_FILE_MONITOR_WATCH_MOVES, NULL,
                                                   NULL);

      if (monitor == NULL)
        continue;
      g_signal_connect_object (monitor, "changed", G_CALLBACK (file_changed_cb), self,
                               G_CONNECT_DEFAULT);
      g_ptr_array_add (self->monitors, monitor);
    }
  notify_state (self);
  check (self);
}

void
ex_indexer_search_started (ExIndexer *self)
{
  g_return_if_fail (EX_IS_INDEXER (self));

  /* Whichever indexer builds: a search in any window stops it. */
  if (building != NULL)
    cancel_build (building);
}

void
ex_indexer_search_finished (ExIndexer    *self,
                            const GError *search_error)
{
  g_return_if_fail (EX_IS_INDEXER (self));

  if (g_error_matches (search_error, CQ_INDEX_ERROR, CQ_INDEX_ERROR_STALE))
    for (guint i = 0; i < self->files->len; i++)
      {
        FileState *file = g_ptr_array_index (self->files, i);

        if (file->status == FILE_INDEXED)
          file->force = TRUE;
      }
  self->want_after_check = TRUE;
  check (self);
}

gboolean
ex_indexer_cancel (ExIndexer *self)
{
  g_return_val_if_fail (EX_IS_INDEXER (self), FALSE);

  if (building != self)
    return FALSE;
  self->user_cancelled = TRUE;
  cancel_build (self);
  return TRUE;
}

guint
ex_indexer_get_n_running (void)
{
  return n_running;
}

/* ------------------------------------------------------------------------
 * The object
 */

static void
ex_indexer_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ExIndexer *self = EX_INDEXER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, ex_indexer_get_state (self));
      break;
    case PROP_FRACTION:
      g_value_set_double (value, ex_indexer_get_fraction (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_indexer_finalize (GObject *object)
{
  ExIndexer *self = EX_INDEXER (object);

  /* Every task holds a reference: none runs now. */
  g_assert (building != self);
  indexers = g_list_remove (indexers, self);
  g_clear_handle_id (&self->change_id, g_source_remove);
  g_clear_pointer (&self->monitors, g_ptr_array_unref);
  g_clear_pointer (&self->files, g_ptr_array_unref);

  G_OBJECT_CLASS (ex_indexer_parent_class)->finalize (object);
}

static void
ex_indexer_class_init (ExIndexerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ex_indexer_get_property;
  object_class->finalize = ex_indexer_finalize;

  /* An #ExIndexState (an int: the enum has no GType). */
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, EX_INDEX_STATE_NONE, EX_INDEX_STATE_FAILED,
                      EX_INDEX_STATE_NONE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* The "auto-index" setting changed: turned off, the build running stops
 * (and is taken up again when it is turned on). */
static void
auto_index_changed_cb (GSettings  *settings,
                       const char *key,
                       ExIndexer  *self)
{
  if (g_settings_get_boolean (settings, key))
    schedule ();
  else
    cancel_build (self);
  notify_state (self);
}

static void
ex_indexer_init (ExIndexer *self)
{
  GSettings *settings = ex_utils_get_settings ();

  self->files = g_ptr_array_new_with_free_func (file_state_free);
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
  indexers = g_list_append (indexers, self);
  if (settings != NULL)
    g_signal_connect_object (settings, "changed::auto-index",
                             G_CALLBACK (auto_index_changed_cb), self, G_CONNECT_DEFAULT);
}

ExIndexer *
ex_indexer_new (void)
{
  return g_object_new (EX_TYPE_INDEXER, NULL);
}
