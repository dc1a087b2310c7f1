/* cq-shard.c: one search in parts and their merge (cq-shard.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A part file is the 8 bytes "CQSHARD1" and then records: a 4-byte
 * little-endian length, one byte saying what the record is, and that many
 * bytes of a GVariant in its little-endian serialised form:
 *   'H' the header: the query's recipe, the options that shape the
 *       output, the database's files (names, sizes, modification times),
 *       K, N and the part's run of files;
 *   'F' a file of the part begins: its index in the database and the
 *       byte range of it the part searches (0 and G_MAXUINT64: whole);
 *   'G' a `message` line, 'D' a damaged or skipped game, 'M' a matched
 *       game: numbers are the game's number within its file;
 *   'E' the file ends: its number of games, how its search ended and,
 *       for a byte range, where its first game and the next range's
 *       first game begin and the lines between them;
 *   'P' the values of the query's persistent variables after the part
 *       (numbers only added to: the merge adds them up);
 *   'Z' the part finished (a part without it did not).
 */
#include "search/cq-shard.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include "search/cq-annotate.h"

#define PART_MAGIC "CQSHARD1"
#define PART_VERSION 1
#define MAX_PARTS 100000

#define HEADER_TYPE "(uuuyssuuiasatax(bbsbbbb)a(utt))"
#define FILE_TYPE "(utt)"
#define MATCH_TYPE  "(tttaya(utyyu)a(usby)a(bbxms)ms)"
/* The same for g_variant_new(): the text and the sort values as GVariants. */
#define MATCH_FORMAT "(ttt@aya(utyyu)a(usby)@a(bbxms)ms)"
#define MESSAGE_TYPE "(tss)"
#define DIAG_TYPE "(ttbbs)"
#define END_TYPE "(uttttttusttt)"

/* How the search of one file of a part ended ('E' records). */
enum { FILE_OK, FILE_PARTIAL, FILE_FAILED, FILE_STOPPED };

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

GArray *
cq_shard_plan (const char *const *paths, guint k, guint n, GError **error)
{
  guint n_paths = g_strv_length ((char **) paths);
  g_autofree guint64 *sizes = g_new0 (guint64, n_paths + 1);
  g_autofree gboolean *plain = g_new0 (gboolean, n_paths + 1);
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
    }
  /* Part k's share of the database's bytes. */
  lo = total / n * (k - 1) + total % n * (k - 1) / n;
  hi = total / n * k + total % n * k / n;
  for (guint i = 0; i < n_paths; a += sizes[i], i++)
    {
      CqShardUnit u = { i, 0, G_MAXUINT64 };
      guint64 b = a + sizes[i];

      if (plain[i] && sizes[i] > 0)
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

  put_record (w, 'D', g_variant_new (DIAG_TYPE, diag->source.number, diag->source.line,
                                     diag->skipped, diag->input, diag->message));
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
      put_record (&w, 'F', g_variant_new (FILE_TYPE, i, u->start, u->end));
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
                                          p.range_next, p.range_lines));
      total.games += p.games;
      total.matches += p.matches;
      total.damaged += p.damaged;
      total.skipped += p.skipped;
      total.plies += p.plies;
      total.bytes += p.bytes;
      total.total_bytes += p.total_bytes;
      total.failed_inputs += p.failed_inputs + (status == FILE_FAILED);
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
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Merging                                                             */

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
  guint64      number, number_in_file, line_base;
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

/* Every "game LOCAL" of @text as "game GLOBAL". */
static char *
renumber_games (const char *text, guint64 local, guint64 global)
{
  g_autofree char *from = g_strdup_printf ("game %" G_GUINT64_FORMAT, local);
  g_autofree char *to = g_strdup_printf ("game %" G_GUINT64_FORMAT, global);
  GString *s = g_string_new (NULL);
  gsize flen = strlen (from);
  const char *p = text, *hit;

  while ((hit = strstr (p, from)) != NULL)
    {
      gboolean word = (hit == text || !g_ascii_isalnum (hit[-1]))
                      && !g_ascii_isdigit (hit[flen]);

      g_string_append_len (s, p, hit - p);
      g_string_append (s, word ? to : from);
      p = hit + flen;
    }
  g_string_append (s, p);
  return g_string_free (s, FALSE);
}

/* "game N" in a part's message, with N numbered within its file or byte
 * range, said with the game's number in the database as one run says it;
 * and the line of "FILE:LINE: " at its start, counted from the range's
 * first game, moved on by @line_base. */
static char *
renumber (const char *text, guint64 local, guint64 global, const char *name,
          guint64 line_base)
{
  gsize len = strlen (name);

  if (line_base > 0 && strncmp (text, name, len) == 0 && text[len] == ':'
      && g_ascii_isdigit (text[len + 1]))
    {
      char *end = NULL;
      guint64 line = g_ascii_strtoull (text + len + 1, &end, 10);

      if (*end == ':')
        {
          g_autofree char *rest = renumber_games (end, local, global);
          return g_strdup_printf ("%s:%" G_GUINT64_FORMAT "%s", name, line + line_base, rest);
        }
    }
  return renumber_games (text, local, global);
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
             guint64 line_base)
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

              g_variant_get (rec, FILE_TYPE, &file, &start, &end);
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
                }
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
              guint64 local, line;

              g_variant_get (rec, "(ttbb&s)", &local, &line, &diag.skipped, &diag.input,
                             &message);
              diag.source.number = games_before + local;
              diag.source.line = line + line_base;
              diag.source.file_index = cur_file;
              diag.message = text = renumber (message, local, diag.source.number,
                                              mg.names[cur_file], line_base);
              if (callbacks != NULL && callbacks->on_diagnostic != NULL)
                callbacks->on_diagnostic (&diag, user_data);
            }
          else if (kind == 'M')
            {
              guint64 local;

              g_variant_get_child (rec, 0, "t", &local);
              if (pending == NULL)
                write_match (&mg, rec, cur_file, games_before + local, file_games + local,
                             line_base);
              else
                {
                  g_autoptr(GVariant) vals = g_variant_get_child_value (rec, 6);
                  Pending m = { g_variant_ref (rec), games_before + local, file_games + local,
                                line_base, cur_file, order, NULL, 0 };
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
              guint index, status;
              const char *message;

              g_variant_get (rec, "(uttttttu&sttt)", &index, &games, &matches, &damaged,
                             &skipped, &plies, &bytes, &status, &message, &first, &next,
                             &lines);
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
          write_match (&mg, m->record, m->file, m->number, m->number_in_file, m->line_base);
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
