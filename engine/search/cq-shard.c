/* cq-shard.c: one search in parts (cq-shard.h): the plan of what each part
 * searches, and the part's search written as a part file
 * (cq-shard-private.h describes it; cq-shard-merge.c reads it back).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "search/cq-shard-private.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

G_DEFINE_QUARK (cq-shard-error-quark, cq_shard_error)

gboolean
cq_shard_parse_spec (const char *spec, guint *k, guint *n, GError **error)
{
  guint64 a = 0, b = 0;
  char *end = NULL;

  if (spec != NULL && g_ascii_isdigit (*spec))
    a = g_ascii_strtoull (spec, &end, 10);
  if (end != NULL && *end == '/' && g_ascii_isdigit (end[1]))
    b = g_ascii_strtoull (end + 1, &end, 10);
  if (end == NULL || *end != '\0' || a < 1 || b < a || b > MAX_PARTS)
    {
      g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_SPEC,
                   "--shard takes K/N with 1 <= K <= N <= %d, not '%s'", MAX_PARTS,
                   spec != NULL ? spec : "");
      return FALSE;
    }
  *k = (guint) a;
  *n = (guint) b;
  return TRUE;
}

gboolean
cq_shard_check_query (const CqQuery *query, const CqSearchOptions *opts, GError **error)
{
  const char *why = NULL;

  if (cq_query_needs_one_thread (query) && !cq_query_persistent_is_additive (query))
    why = "it carries values from game to game (persistent variables other than numbers "
          "only added to, a dictionary not declared local, readfile or writefile)";
  else if (cq_query_uses_last_game_number (query))
    why = "it reads lastgamenumber";
  else if (cq_query_reads_game_number (query))
    why = "it reads the games' numbers (gamenumber)";
  else if (opts != NULL && (opts->first_game > 1 || opts->last_game < G_MAXUINT64))
    why = "a range of game numbers was given";
  if (why == NULL)
    return TRUE;
  g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_QUERY,
               "this query cannot be searched in parts: %s, and a part does not know the "
               "games of the parts before it", why);
  return FALSE;
}

static void
frames_free (gpointer frames)
{
  if (frames != NULL)
    g_array_unref (frames);
}

GArray *
cq_shard_plan (const char *const *paths, guint k, guint n, GError **error)
{
  guint n_paths = g_strv_length ((char **) paths);
  g_autofree guint64 *sizes = g_new0 (guint64, n_paths + 1);
  g_autofree gboolean *plain = g_new0 (gboolean, n_paths + 1);
  g_autoptr(GPtrArray) frames = g_ptr_array_new_full (n_paths, frames_free);
  g_autofree gboolean *zip = g_new0 (gboolean, n_paths + 1);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (CqShardUnit));
  guint64 total = 0, a = 0, lo, hi;

  g_return_val_if_fail (k >= 1 && k <= n, NULL);
  for (guint i = 0; i < n_paths; i++)
    {
      const char *compression = NULL;
      GStatBuf st;

      if (strcmp (paths[i], "-") == 0)
        {
          g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_INPUT,
                       "standard input cannot be searched in parts");
          return NULL;
        }
      if (g_stat (paths[i], &st) != 0)
        {
          int saved = errno;
          g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_INPUT,
                       "%s: cannot read its size: %s", paths[i], g_strerror (saved));
          return NULL;
        }
      sizes[i] = (guint64) st.st_size;
      total += sizes[i];
      /* A file that is not PGN stays whole: its search says what it is. */
      plain[i] = S_ISREG (st.st_mode) && cq_pgn_input_sniff (paths[i], &compression, NULL)
                 && compression == NULL;
      /* A zstd file of several frames is cut between frames; one whose
       * frames cannot be listed (damaged) stays whole, and its search
       * reports the damage as one run does. */
      g_ptr_array_add (frames, S_ISREG (st.st_mode) && compression != NULL
                               && strcmp (compression, "zstd") == 0
                               ? cq_pgn_zstd_frames (paths[i], NULL) : NULL);
      /* A zip archive of several *.pgn members is cut between members
       * (their sizes in its place of @frames); one whose members cannot
       * be listed stays whole. */
      zip[i] = S_ISREG (st.st_mode) && compression != NULL && strcmp (compression, "zip") == 0;
      if (zip[i])
        frames->pdata[i] = cq_pgn_zip_members (paths[i], NULL);
      if (frames->pdata[i] != NULL && ((GArray *) frames->pdata[i])->len < 2)
        g_clear_pointer (&frames->pdata[i], g_array_unref);
    }
  /* Part k's share of the database's bytes. */
  lo = total / n * (k - 1) + total % n * (k - 1) / n;
  hi = total / n * k + total % n * k / n;
  for (guint i = 0; i < n_paths; a += sizes[i], i++)
    {
      CqShardUnit u = { i, 0, G_MAXUINT64, FALSE };
      guint64 b = a + sizes[i];
      GArray *starts = frames->pdata[i];

      if (starts != NULL)
        {
          /* Each frame goes to the part its middle byte is in: part k gets
           * a run of whole frames (none if its share holds no middle). */
          gboolean have = FALSE;
          double member_bytes = 0, before = 0;

          /* A zip's members: their uncompressed sizes share out the
           * archive's bytes; @start and @end are indexes of members. */
          for (guint j = 0; zip[i] && j < starts->len; j++)
            member_bytes += g_array_index (starts, guint64, j);
          for (guint j = 0; j < starts->len; j++)
            {
              guint64 s, e;
              double middle;
              guint part;

              if (zip[i])
                {
                  double m = g_array_index (starts, guint64, j);

                  s = j;
                  e = j + 1;
                  middle = member_bytes > 0 ? sizes[i] * (before + m / 2) / member_bytes
                                            : sizes[i] * (j + 0.5) / starts->len;
                  before += m;
                }
              else
                {
                  s = g_array_index (starts, guint64, j);
                  e = j + 1 < starts->len ? g_array_index (starts, guint64, j + 1)
                                          : sizes[i];
                  middle = s + (e - s) / 2.0;
                }
              part = (guint) MIN ((guint64) n - 1, (guint64) ((a + middle) * n / total));
              if (part + 1 == k && !have)
                {
                  u.start = s;
                  have = TRUE;
                }
              if (part + 1 == k)
                u.end = j + 1 < starts->len ? e : G_MAXUINT64;
            }
          if (!have)
            continue;
          u.frames = u.start > 0 || u.end != G_MAXUINT64;
        }
      else if (plain[i] && sizes[i] > 0)
        {
          /* A plain file is cut at the parts' byte boundaries. */
          if (MAX (a, lo) >= MIN (b, hi))
            continue;
          u.start = MAX (a, lo) - a;
          u.end = hi < b ? hi - a : G_MAXUINT64;
        }
      else
        {
          /* Compressed (or empty): whole, in the part its middle byte is in;
           * with no bytes at all, the files are dealt out by number. */
          guint part = total > 0
                       ? (guint) MIN ((guint64) n - 1,
                                      (guint64) ((a + sizes[i] / 2.0) * n / total))
                       : (guint) ((guint64) i * n / n_paths);
          if (part + 1 != k)
            continue;
        }
      g_array_append_val (units, u);
    }
  return g_steal_pointer (&units);
}

/* ------------------------------------------------------------------ */
/* Writing a part                                                      */

typedef struct {
  FILE        *out;
  int          write_errno;
  guint        file_index;
  const CqSearchCallbacks *callbacks;
  gpointer     user_data;
  gboolean     first_failed;
} PartWriter;

/* Appends one record; the first write error is kept. */
static void
put_record (PartWriter *w, char kind, GVariant *value)
{
  g_autoptr(GVariant) v = g_variant_ref_sink (value);
  g_autoptr(GVariant) le = NULL;
  gsize size;
  guint32 len;

  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    v = le = g_variant_byteswap (v);
  size = g_variant_get_size (v);
  if (w->write_errno != 0)
    return;
  len = GUINT32_TO_LE ((guint32) size);
  if (fwrite (&len, 4, 1, w->out) != 1 || fputc (kind, w->out) == EOF
      || (size > 0 && fwrite (g_variant_get_data (v), 1, size, w->out) != size))
    w->write_errno = errno != 0 ? errno : EIO;
}

static GVariant *
sort_values_variant (const CqSortValue *values, guint n)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(bbxms)"));
  for (guint i = 0; i < n; i++)
    g_variant_builder_add (&b, "(bbxms)", values[i].has_value, values[i].is_string,
                           values[i].number, values[i].string);
  return g_variant_builder_end (&b);
}

static void
part_on_match (const CqMatch *m, gpointer data)
{
  PartWriter *w = data;
  GVariantBuilder pos, com;

  g_variant_builder_init (&pos, G_VARIANT_TYPE ("a(utyyu)"));
  for (guint i = 0; i < m->n_positions; i++)
    {
      const CqMatchedPosition *p = &m->positions[i];
      g_variant_builder_add (&pos, "(utyyu)", p->node, (guint64) p->squares, p->kind,
                             p->n_differ, p->comments_before);
    }
  g_variant_builder_init (&com, G_VARIANT_TYPE ("a(usby)"));
  for (guint i = 0; i < m->n_comments; i++)
    {
      const CqPositionComment *c = &m->comments[i];
      g_variant_builder_add (&com, "(usby)", c->node, c->text != NULL ? c->text : "",
                             c->automatic, c->edit);
    }
  put_record (w, 'M', g_variant_new (MATCH_FORMAT, m->source.number, m->source.offset,
                                     m->source.line,
                                     g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, m->text,
                                                                m->text_len, 1),
                                     &pos, &com,
                                     sort_values_variant (m->sort_values, m->n_sort_values),
                                     m->sort_labels));
  if (w->callbacks != NULL && w->callbacks->on_match != NULL)
    w->callbacks->on_match (m, w->user_data);
}

static void
part_on_message (const CqGameSource *source, const CqMessage *message, gpointer data)
{
  PartWriter *w = data;

  put_record (w, 'G', g_variant_new (MESSAGE_TYPE, source->number, message->where,
                                     message->text));
  if (w->callbacks != NULL && w->callbacks->on_message != NULL)
    w->callbacks->on_message (source, message, w->user_data);
}

static void
part_on_diagnostic (const CqDiagnostic *diag, gpointer data)
{
  PartWriter *w = data;

  /* A game's problem as its fields (the merge numbers the game again and
   * moves its line on); a file's as its message. */
  put_record (w, 'D', g_variant_new (DIAG_TYPE, diag->source.number, diag->source.line,
                                     diag->input ? 0 : diag->line, diag->skipped, diag->input,
                                     diag->input || diag->what == NULL ? diag->message
                                     : diag->what));
  if (w->callbacks != NULL && w->callbacks->on_diagnostic != NULL)
    w->callbacks->on_diagnostic (diag, w->user_data);
}

gboolean
cq_shard_search_part (const CqQuery *query, const CqShardRecipe *recipe,
                      const char *const *paths, guint k, guint n,
                      const CqSearchOptions *opts, FILE *out,
                      const CqSearchCallbacks *callbacks, gpointer user_data,
                      GCancellable *cancellable, CqSearchProgress *progress,
                      GError **error)
{
  CqSearchCallbacks cb = { part_on_match, part_on_diagnostic, NULL, part_on_message };
  PartWriter w = { out, 0, 0, callbacks, user_data, FALSE };
  guint n_paths = g_strv_length ((char **) paths);
  GVariantBuilder names, sizes, mtimes, unit_list;
  CqSearchProgress total = { 0 };
  CqSearchOptions o = *opts;
  g_autoptr(GArray) units = NULL;
  g_autoptr(GError) damage = NULL;
  gint64 start = g_get_monotonic_time ();

  units = cq_shard_plan (paths, k, n, error);
  if (units == NULL)
    return FALSE;
  g_variant_builder_init (&unit_list, G_VARIANT_TYPE ("a(utt)"));
  for (guint i = 0; i < units->len; i++)
    {
      const CqShardUnit *u = &g_array_index (units, CqShardUnit, i);
      g_variant_builder_add (&unit_list, "(utt)", u->file, u->start, u->end);
    }
  g_variant_builder_init (&names, G_VARIANT_TYPE ("as"));
  g_variant_builder_init (&sizes, G_VARIANT_TYPE ("at"));
  g_variant_builder_init (&mtimes, G_VARIANT_TYPE ("ax"));
  for (guint i = 0; i < n_paths; i++)
    {
      GStatBuf st = { 0 };

      (void) g_stat (paths[i], &st);
      g_variant_builder_add (&names, "s", paths[i]);
      g_variant_builder_add (&sizes, "t", (guint64) st.st_size);
      g_variant_builder_add (&mtimes, "x", (gint64) st.st_mtime);
    }
  if (fwrite (PART_MAGIC, 1, 8, out) != 8)
    w.write_errno = errno != 0 ? errno : EIO;
  put_record (&w, 'H', g_variant_new (HEADER_TYPE, PART_VERSION, k, n,
                                      recipe->fen != NULL ? 'p' : 'q',
                                      recipe->fen != NULL ? recipe->fen : recipe->text,
                                      recipe->name != NULL ? recipe->name : "",
                                      recipe->position_mode, recipe->position_differ,
                                      recipe->variations, &names, &sizes, &mtimes,
                                      opts->header, opts->mark_text != NULL,
                                      opts->mark_text != NULL ? opts->mark_text : "",
                                      opts->quiet, opts->silent, opts->no_set_tags,
                                      opts->no_remove_comments, &unit_list));
  /* The merge writes the games: the part keeps their text, not its PGN. */
  o.want_pgn = FALSE;
  for (guint j = 0; j < units->len && w.write_errno == 0; j++)
    {
      const CqShardUnit *u = &g_array_index (units, CqShardUnit, j);
      guint i = u->file;
      const char *one[] = { paths[i], NULL };
      g_autoptr(GError) err = NULL;
      CqSearchProgress p = { 0 };
      guint status = FILE_OK;

      w.file_index = i;
      o.range_start = u->start;
      o.range_end = u->end;
      o.range_frames = u->frames;
      put_record (&w, 'F', g_variant_new (FILE_TYPE, i, u->start, u->end, u->frames));
      if (!cq_search_run_files (query, one, &o, &cb, &w, cancellable, &p, &err))
        {
          if (g_error_matches (err, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_propagate_error (error, g_steal_pointer (&err));
              return FALSE;
            }
          status = g_error_matches (err, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT) ? FILE_PARTIAL
                   : g_error_matches (err, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC)
                   ? FILE_STOPPED : FILE_FAILED;
        }
      put_record (&w, 'E', g_variant_new (END_TYPE, i, p.games, p.matches, p.damaged,
                                          p.skipped, p.plies, p.bytes, status,
                                          err != NULL ? err->message : "", p.range_first,
                                          p.range_next, p.range_lines, p.range_text_end));
      total.games += p.games;
      total.matches += p.matches;
      total.damaged += p.damaged;
      total.skipped += p.skipped;
      total.plies += p.plies;
      total.bytes += p.bytes;
      total.total_bytes += p.total_bytes;
      total.failed_inputs += p.failed_inputs + (status == FILE_FAILED);
      if ((status == FILE_FAILED || status == FILE_PARTIAL) && damage == NULL)
        damage = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, err->message);
      if (status == FILE_STOPPED)
        break;
    }
  {
    g_auto(GStrv) pairs = cq_query_get_persistent (query);

    if (pairs != NULL)
      put_record (&w, 'P', g_variant_new_strv ((const char *const *) pairs, -1));
  }
  put_record (&w, 'Z', g_variant_new_uint64 (total.games));
  total.seconds = (g_get_monotonic_time () - start) / 1e6;
  if (progress != NULL)
    *progress = total;
  if (w.write_errno != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (w.write_errno),
                   "cannot write the part file: %s", g_strerror (w.write_errno));
      return FALSE;
    }
  if (damage != NULL)
    {
      /* The part file is whole (the merge reports the damage, or refuses
       * when a file cut into parts is damaged); the part says it too. */
      g_propagate_error (error, g_steal_pointer (&damage));
      return FALSE;
    }
  return TRUE;
}
