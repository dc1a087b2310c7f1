/* cq-shard-merge.c: the merge of a search run in parts (cq_shard_merge(),
 * cq-shard.h): the part files read back, checked and written as one run.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "search/cq-shard-private.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include "search/cq-annotate.h"


typedef struct {
  char        *path;
  GMappedFile *map;
  GBytes      *bytes;
  GVariant    *header;
  guint        k;
  gsize        records;      /* offset of the first record after the header */
} Part;

static void
part_clear (Part *p)
{
  g_free (p->path);
  g_clear_pointer (&p->header, g_variant_unref);
  g_clear_pointer (&p->bytes, g_bytes_unref);
  g_clear_pointer (&p->map, g_mapped_file_unref);
}

/* Reads the record at *@at of @p: its kind and value (little-endian data
 * swapped to the host's order).  FALSE at the end or on a cut record. */
static gboolean
next_record (Part *p, gsize *at, char *kind, const char *type, GVariant **value)
{
  gsize size = g_bytes_get_size (p->bytes);
  const guint8 *data = g_bytes_get_data (p->bytes, NULL);
  guint32 len;

  if (*at + 5 > size)
    return FALSE;
  memcpy (&len, data + *at, 4);
  len = GUINT32_FROM_LE (len);
  if (len > size - *at - 5)
    return FALSE;
  *kind = (char) data[*at + 4];
  if (value != NULL)
    {
      g_autoptr(GBytes) slice = g_bytes_new_from_bytes (p->bytes, *at + 5, len);
      GVariant *v = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (type),
                                                                  slice, FALSE));

      if (G_BYTE_ORDER == G_BIG_ENDIAN)
        {
          GVariant *s = g_variant_byteswap (v);
          g_variant_unref (v);
          v = s;
        }
      *value = v;
    }
  *at += 5 + len;
  return TRUE;
}

static const char *
type_of (char kind)
{
  switch (kind)
    {
    case 'H': return HEADER_TYPE;
    case 'F': return FILE_TYPE;
    case 'M': return MATCH_TYPE;
    case 'G': return MESSAGE_TYPE;
    case 'D': return DIAG_TYPE;
    case 'E': return END_TYPE;
    case 'P': return "as";
    case 'Z': return "t";
    default:  return NULL;
    }
}

/* Opens @path, reads its header and checks that it ends with 'Z' and
 * that every record is whole and known. */
static gboolean
part_open (Part *p, const char *path, GError **error)
{
  gsize at = 8, size;
  const char *data;
  gboolean finished = FALSE;
  guint version;
  char kind;

  p->path = g_strdup (path);
  p->map = g_mapped_file_new (path, FALSE, error);
  if (p->map == NULL)
    return FALSE;
  p->bytes = g_mapped_file_get_bytes (p->map);
  data = g_bytes_get_data (p->bytes, &size);
  if (size < 8 || memcmp (data, PART_MAGIC, 8) != 0
      || !next_record (p, &at, &kind, HEADER_TYPE, &p->header) || kind != 'H'
      || !g_variant_is_normal_form (p->header))
    {
      g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_PART,
                   "%s: not a part file of `cql --shard`", path);
      return FALSE;
    }
  p->records = at;
  g_variant_get_child (p->header, 0, "u", &version);
  if (version != PART_VERSION)
    {
      g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_PART,
                   "%s: a part file of another version of `cql` (%u, not %u): run the "
                   "parts again with this one", path, version, PART_VERSION);
      return FALSE;
    }
  g_variant_get_child (p->header, 1, "u", &p->k);
  while (at < size)
    {
      gsize before = at;

      /* A cut record is a part that stopped while writing it. */
      if (!next_record (p, &at, &kind, NULL, NULL))
        break;
      if (type_of (kind) == NULL)
        {
          g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_PART,
                       "%s: damaged at byte %" G_GSIZE_FORMAT, path, before);
          return FALSE;
        }
      finished = kind == 'Z' && at == size;
    }
  if (!finished)
    {
      g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_PART,
                   "%s: part %u did not finish: run it again", path, p->k);
      return FALSE;
    }
  return TRUE;
}

/* A matched game waiting to be written (sorting queries). */
typedef struct {
  GVariant    *record;
  guint64      number, number_in_file, line_base, text_base;
  guint        file;
  guint64      order;
  CqSortValue *values;
  guint        n_values;
} Pending;

static void
pending_clear (gpointer data)
{
  Pending *m = data;

  g_variant_unref (m->record);
  for (guint i = 0; i < m->n_values; i++)
    g_free (m->values[i].string);
  g_free (m->values);
}

static gint
compare_pending (gconstpointer a, gconstpointer b, gpointer query)
{
  const Pending *x = a, *y = b;
  int cmp = cq_query_compare_sort_values (query, x->values, y->values);

  if (cmp != 0)
    return cmp;
  return (x->order > y->order) - (x->order < y->order);
}

typedef struct {
  CqQuery          *query;
  CqAnnotationStyle style;
  CqSearchOptions   opts;
  char            **names;
  guint             n_files;
  FILE             *out;
  int               write_errno;
  GString          *buf;
} Merge;

/* Writes the game of an 'M' record as one run writes it. */
static void
write_match (Merge *mg, GVariant *rec, guint file, guint64 number, guint64 number_in_file,
             guint64 line_base, guint64 text_base)
{
  g_autoptr(GVariant) text_v = g_variant_get_child_value (rec, 3);
  g_autoptr(GVariant) pos_v = g_variant_get_child_value (rec, 4);
  g_autoptr(GVariant) com_v = g_variant_get_child_value (rec, 5);
  g_autoptr(GArray) positions = g_array_new (FALSE, TRUE, sizeof (CqMatchedPosition));
  g_autoptr(GArray) comments = g_array_new (FALSE, TRUE, sizeof (CqPositionComment));
  g_autofree char *labels = NULL;
  g_autoptr(CqGame) game = NULL;
  CqGameSource source = { 0 };
  CqAnnotatedMatch am = { 0 };
  GVariantIter it;
  gsize text_len;
  const char *text = g_variant_get_fixed_array (text_v, &text_len, 1);
  guint32 node, before;
  guint64 squares;
  guint8 kind, differ, edit;
  const char *ctext;
  gboolean automatic;

  g_variant_get_child (rec, 1, "t", &source.offset);
  source.offset += text_base;
  g_variant_get_child (rec, 2, "t", &source.line);
  source.line += line_base;
  g_variant_get_child (rec, 7, "ms", &labels);
  source.number = number;
  source.length = text_len;
  source.file_index = file;
  g_variant_iter_init (&it, pos_v);
  while (g_variant_iter_next (&it, "(utyyu)", &node, &squares, &kind, &differ, &before))
    {
      CqMatchedPosition p = { 0 };

      p.node = node;
      p.squares = squares;
      p.kind = kind;
      p.n_differ = differ;
      p.comments_before = before;
      g_array_append_val (positions, p);
    }
  g_variant_iter_init (&it, com_v);
  while (g_variant_iter_next (&it, "(u&sby)", &node, &ctext, &automatic, &edit))
    {
      CqPositionComment c = { node, (char *) ctext, automatic, edit };
      g_array_append_val (comments, c);
    }
  game = cq_game_new_from_text (text, text_len, &source, mg->names[file]);
  cq_game_parse_moves (game);
  am.number = number;
  if (mg->n_files > 1)
    {
      am.file_name = mg->names[file];
      am.number_in_file = number_in_file;
    }
  am.positions = (const CqMatchedPosition *) positions->data;
  am.n_positions = positions->len;
  am.comments = comments->len > 0 ? (const CqPositionComment *) comments->data : NULL;
  am.n_comments = comments->len;
  am.sort_labels = labels;
  g_string_truncate (mg->buf, 0);
  cq_annotate_write_game (mg->buf, game, &mg->style, &am);
  if (mg->write_errno == 0 && fwrite (mg->buf->str, 1, mg->buf->len, mg->out) != mg->buf->len)
    mg->write_errno = errno != 0 ? errno : EIO;
}

/* The header fields every part of one search shares (all but K and the
 * part's run of files). */
static gboolean
same_search (GVariant *a, GVariant *b)
{
  static const guint shared[] = { 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };

  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    {
      g_autoptr(GVariant) x = g_variant_get_child_value (a, shared[i]);
      g_autoptr(GVariant) y = g_variant_get_child_value (b, shared[i]);

      if (!g_variant_equal (x, y))
        return FALSE;
    }
  return TRUE;
}

static CqQuery *
compile_recipe (GVariant *header, GError **error)
{
  const char *text, *name;
  guint8 kind;
  guint mode, differ;
  gint variations;
  CqQuery *query;

  g_variant_get_child (header, 3, "y", &kind);
  g_variant_get_child (header, 4, "&s", &text);
  g_variant_get_child (header, 5, "&s", &name);
  g_variant_get_child (header, 6, "u", &mode);
  g_variant_get_child (header, 7, "u", &differ);
  g_variant_get_child (header, 8, "i", &variations);
  if (kind == 'p')
    query = cq_query_new_for_position (text, (CqPositionMatch) mode, differ, error);
  else
    query = cq_query_new_from_string (text, *name != '\0' ? name : NULL, error);
  if (query != NULL && variations >= 0)
    cq_query_set_variations (query, variations != 0);
  return query;
}

gboolean
cq_shard_merge (const char *const *paths, const char *output, FILE *out,
                const CqSearchCallbacks *callbacks, gpointer user_data,
                CqSearchProgress *progress, char ***persistent, GError **error)
{
  g_autoptr(GPtrArray) sums = NULL;
  guint n_given = g_strv_length ((char **) paths), n = 0;
  g_autofree Part *parts = g_new0 (Part, MAX (n_given, 1));
  g_autofree Part **by_k = NULL;
  g_autoptr(GArray) pending = NULL;
  g_autoptr(GError) ending = NULL;
  CqSearchProgress total = { 0 };
  Merge mg = { 0 };
  gint64 start = g_get_monotonic_time ();
  gboolean ok = FALSE, stopped = FALSE;
  guint next_file = 0, cur_file = 0, file = 0;
  guint64 order = 0, games_before = 0, file_games = 0, line_base = 0;
  guint64 unit_start = 0, open_end = G_MAXUINT64, range_next = 0;
  guint64 text_base = 0, range_base = 0;   /* text offsets of a run of zstd frames */
  gboolean unit_frames = FALSE;
  const char *mark;
  gboolean has_mark;

  g_return_val_if_fail (n_given > 0, FALSE);
  for (guint i = 0; i < n_given; i++)
    if (!part_open (&parts[i], paths[i], error))
      goto out;
  g_variant_get_child (parts[0].header, 2, "u", &n);
  by_k = g_new0 (Part *, n + 1);
  for (guint i = 0; i < n_given; i++)
    {
      if (!same_search (parts[0].header, parts[i].header))
        {
          g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_MISMATCH,
                       "%s and %s are parts of different searches (query, options, "
                       "database or number of parts)", paths[0], paths[i]);
          goto out;
        }
      if (by_k[parts[i].k] != NULL)
        {
          g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_MISMATCH,
                       "%s and %s are both part %u of %u", by_k[parts[i].k]->path, paths[i],
                       parts[i].k, n);
          goto out;
        }
      by_k[parts[i].k] = &parts[i];
    }
  for (guint k = 1; k <= n; k++)
    if (by_k[k] == NULL)
      {
        g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_MISSING,
                     "part %u of %u is missing: run `cql --shard %u/%u` and give its file "
                     "to the merge", k, n, k, n);
        goto out;
      }

  mg.query = compile_recipe (parts[0].header, error);
  if (mg.query == NULL)
    goto out;
  {
    g_autoptr(GVariant) names = g_variant_get_child_value (parts[0].header, 9);
    mg.names = g_variant_dup_strv (names, NULL);
    mg.n_files = g_strv_length (mg.names);
  }
  for (guint i = 0; output != NULL && i < mg.n_files; i++)
    {
      GStatBuf a, b;

      if (strcmp (output, mg.names[i]) == 0
          || (g_stat (output, &a) == 0 && g_stat (mg.names[i], &b) == 0
              && a.st_dev == b.st_dev && a.st_ino == b.st_ino))
        {
          g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_OUTPUT,
                       "the output '%s' is a file of the database; refusing to overwrite it",
                       output);
          goto out;
        }
    }
  cq_search_options_init (&mg.opts);
  g_variant_get_child (parts[0].header, 12, "(bb&sbbbb)", &mg.opts.header, &has_mark, &mark,
                       &mg.opts.quiet, &mg.opts.silent, &mg.opts.no_set_tags,
                       &mg.opts.no_remove_comments);
  mg.opts.mark_text = has_mark ? mark : NULL;
  cq_annotation_style_init (&mg.style, mg.query, &mg.opts);
  mg.out = out;
  mg.buf = g_string_new (NULL);
  if (cq_query_get_n_sort_keys (mg.query) > 0)
    {
      pending = g_array_new (FALSE, FALSE, sizeof (Pending));
      g_array_set_clear_func (pending, pending_clear);
    }

  /* The parts in order, each file's records in order: the games get
   * their numbers in the database from the counts of the files (and the
   * byte ranges of a file) before them.  A file cut into byte ranges must
   * come whole, and each range must begin where the one before stopped. */
  for (guint k = 1; k <= n && !stopped; k++)
    {
      Part *p = by_k[k];
      gsize at = p->records;
      char kind;

      while (!stopped)
        {
          gsize here = at;
          GVariant *rec = NULL;

          if (!next_record (p, &at, &kind, NULL, NULL))
            break;
          at = here;
          next_record (p, &at, &kind, type_of (kind), &rec);
          if (kind == 'F')
            {
              guint64 start, end;
              gboolean frames;

              g_variant_get (rec, FILE_TYPE, &file, &start, &end, &frames);
              if (start == 0 ? (file != next_file || open_end != G_MAXUINT64)
                             : (file != cur_file || open_end != start))
                {
                  g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_MISMATCH,
                               "%s: part %u does not continue the parts before it "
                               "(file %u, bytes from %" G_GUINT64_FORMAT ")", p->path, k,
                               file + 1, start);
                  g_variant_unref (rec);
                  goto out;
                }
              if (start == 0)
                {
                  next_file++;
                  file_games = line_base = 0;
                  range_base = 0;
                }
              /* Frames: the part's text offsets count from its first frame,
               * which the part before found at its text end. */
              text_base = frames ? range_base : 0;
              unit_frames = frames;
              cur_file = file;
              unit_start = start;
              open_end = end;
            }
          else if (kind == 'G')
            {
              CqGameSource source = { 0 };
              CqMessage msg = { 0 };
              guint64 local;

              g_variant_get (rec, "(t&s&s)", &local, &msg.where, &msg.text);
              source.number = games_before + local;
              source.file_index = cur_file;
              if (callbacks != NULL && callbacks->on_message != NULL)
                callbacks->on_message (&source, &msg, user_data);
            }
          else if (kind == 'D')
            {
              CqDiagnostic diag = { 0 };
              g_autofree char *text = NULL;
              const char *message;
              guint64 local, game_line, line;

              g_variant_get (rec, "(tttbb&s)", &local, &game_line, &line, &diag.skipped,
                             &diag.input, &message);
              diag.source.number = games_before + local;
              diag.source.line = game_line + line_base;
              diag.source.file_index = cur_file;
              if (diag.input)
                diag.message = message;
              else
                {
                  /* The game's number in the database, its line in the file. */
                  diag.line = line + line_base;
                  diag.what = message;
                  diag.message = text = cq_game_format_error (mg.names[cur_file], diag.line,
                                                              diag.source.number, message);
                }
              if (callbacks != NULL && callbacks->on_diagnostic != NULL)
                callbacks->on_diagnostic (&diag, user_data);
            }
          else if (kind == 'M')
            {
              guint64 local;

              g_variant_get_child (rec, 0, "t", &local);
              if (pending == NULL)
                write_match (&mg, rec, cur_file, games_before + local, file_games + local,
                             line_base, text_base);
              else
                {
                  g_autoptr(GVariant) vals = g_variant_get_child_value (rec, 6);
                  Pending m = { g_variant_ref (rec), games_before + local, file_games + local,
                                line_base, text_base, cur_file, order, NULL, 0 };
                  GVariantIter it;
                  gboolean has, is_string;
                  gint64 number;
                  char *string;

                  m.n_values = cq_query_get_n_sort_keys (mg.query);
                  m.values = g_new0 (CqSortValue, m.n_values);
                  g_variant_iter_init (&it, vals);
                  for (guint i = 0;
                       g_variant_iter_next (&it, "(bbxms)", &has, &is_string, &number,
                                            &string); i++)
                    {
                      if (i >= m.n_values)
                        {
                          g_free (string);
                          continue;
                        }
                      m.values[i].has_value = has;
                      m.values[i].is_string = is_string;
                      m.values[i].number = number;
                      m.values[i].string = string;
                    }
                  g_array_append_val (pending, m);
                }
              order++;
              total.matches++;
            }
          else if (kind == 'E')
            {
              guint64 games, matches, damaged, skipped, plies, bytes, first, next, lines;
              guint64 text_end;
              guint index, status;
              const char *message;

              g_variant_get (rec, "(uttttttu&stttt)", &index, &games, &matches, &damaged,
                             &skipped, &plies, &bytes, &status, &message, &first, &next,
                             &lines, &text_end);
              if ((status == FILE_FAILED || status == FILE_PARTIAL)
                  && (unit_start > 0 || open_end != G_MAXUINT64))
                {
                  /* One run would stop in this file (or, for compressed
                   * data, read none of it): the other parts' games of it
                   * cannot stand for that. */
                  g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_PART,
                               "%s: part %u could not read its piece of %s: %s; the file is "
                               "damaged: repair it, or search it whole to see what one run "
                               "reads of it", p->path, k, mg.names[index], message);
                  g_variant_unref (rec);
                  goto out;
                }
              first += text_base;
              next += text_base;
              if (unit_start > 0 && first != range_next)
                {
                  /* The part before stopped at another game than the one
                   * this part began with: a game would be lost or twice. */
                  g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_MISMATCH,
                               "%s: part %u begins %s at byte %" G_GUINT64_FORMAT " but the "
                               "part before stopped at byte %" G_GUINT64_FORMAT ": the file "
                               "cannot be cut there (games not separated by a blank line?); "
                               "search it with fewer parts, or cut it into files",
                               p->path, k, mg.names[index], first, range_next);
                  g_variant_unref (rec);
                  goto out;
                }
              range_next = next;
              range_base = unit_frames ? text_base + text_end : 0;
              games_before += games;
              file_games += games;
              line_base += lines;
              total.games += games;
              total.damaged += damaged;
              total.skipped += skipped;
              total.plies += plies;
              total.bytes += bytes;
              if (status == FILE_FAILED && index == 0)
                {
                  /* One run stops before its first game when the
                   * database's first file cannot be read. */
                  g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, message);
                  g_variant_unref (rec);
                  goto out;
                }
              if (status == FILE_FAILED || status == FILE_PARTIAL)
                {
                  total.failed_inputs++;
                  if (status == FILE_FAILED && callbacks != NULL
                      && callbacks->on_diagnostic != NULL)
                    {
                      CqDiagnostic diag = { 0 };

                      diag.source.file_index = index;
                      diag.input = TRUE;
                      diag.message = message;
                      callbacks->on_diagnostic (&diag, user_data);
                    }
                  if (ending == NULL)
                    ending = g_error_new (G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                                          "%s could not be read to its end",
                                          mg.names[index]);
                }
              if (status == FILE_STOPPED)
                {
                  g_clear_error (&ending);
                  ending = g_error_new_literal (CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC,
                                                message);
                  stopped = TRUE;
                }
            }
          else if (kind == 'P')
            {
              g_autofree const char **pairs = g_variant_get_strv (rec, NULL);

              if (sums == NULL)
                sums = g_ptr_array_new_with_free_func (g_free);
              for (guint i = 0; pairs[i] != NULL && pairs[i + 1] != NULL; i += 2)
                {
                  gint64 v = g_ascii_strtoll (pairs[i + 1], NULL, 10);

                  if (i / 2 >= sums->len / 2)
                    {
                      g_ptr_array_add (sums, g_strdup (pairs[i]));
                      g_ptr_array_add (sums, g_strdup ("0"));
                    }
                  v += g_ascii_strtoll (sums->pdata[i + 1], NULL, 10);
                  g_free (sums->pdata[i + 1]);
                  sums->pdata[i + 1] = g_strdup_printf ("%" G_GINT64_FORMAT, v);
                }
            }
          g_variant_unref (rec);
          if (kind == 'Z')
            break;
        }
    }
  if (!stopped && (next_file != mg.n_files || open_end != G_MAXUINT64))
    {
      g_set_error (error, CQ_SHARD_ERROR, CQ_SHARD_ERROR_MISMATCH,
                   "the parts do not cover the whole database (%u of its %u files)",
                   next_file, mg.n_files);
      goto out;
    }

  if (pending != NULL)
    {
      g_array_sort_with_data (pending, compare_pending, mg.query);
      for (guint i = 0; i < pending->len; i++)
        {
          Pending *m = &g_array_index (pending, Pending, i);
          write_match (&mg, m->record, m->file, m->number, m->number_in_file, m->line_base,
                       m->text_base);
        }
    }
  if (mg.write_errno != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (mg.write_errno),
                   "cannot write the output: %s", g_strerror (mg.write_errno));
      goto out;
    }
  total.seconds = (g_get_monotonic_time () - start) / 1e6;
  if (progress != NULL)
    *progress = total;
  if (persistent != NULL && sums != NULL)
    {
      g_ptr_array_add (sums, NULL);
      *persistent = (char **) g_ptr_array_free (g_steal_pointer (&sums), FALSE);
    }
  ok = ending == NULL;
  if (ending != NULL)
    g_propagate_error (error, g_steal_pointer (&ending));
out:
  if (mg.buf != NULL)
    g_string_free (mg.buf, TRUE);
  g_strfreev (mg.names);
  if (mg.query != NULL)
    cq_query_free (mg.query);
  for (guint i = 0; i < n_given; i++)
    part_clear (&parts[i]);
  return ok;
}
