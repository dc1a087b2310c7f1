/* cq-query.c: the query object: construction, accessors, destruction, and
 * the dispatch by dialect: a query is CQL 3 (cql3/), CQL 6 (cql6/) or a
 * position search (anticipate/); each provides the entry points declared
 * in cq-common-private.h.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/common/cq-common-private.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

/* @files_dir (nullable): the folder that allows a CQL 6 query's
 * `readfile` and `writefile` (cq_query_new_from_file_allowing_files()). */
static CqQuery *
query_new_from_data (const char *text, gsize len, const char *filename, const char *files_dir,
                     GError **error)
{
  g_autoptr(CqQuery) query = g_new0 (CqQuery, 1);
  Cq6Files *files = NULL;

  query->filename = g_strdup (filename);
  query->text = g_strndup (text, len);
  if (filename != NULL)
    query->dirname = g_path_get_dirname (filename);
  query->accumulators = g_ptr_array_new_with_free_func (g_free);

  /* docs/cql6.md "Dialect": a query whose first word is `cql` is CQL 6. */
  if (_cq6_text_is_cql6 (text, len))
    {
      if (files_dir != NULL)
        {
          files = _cq6_files_new (files_dir, filename, error);
          if (files == NULL)
            return NULL;
        }
      query->cql6 = _cq6_program_read (text, len, filename, files, error);
      if (query->cql6 == NULL)
        return NULL;
      query->pgn = g_strdup (_cq6_program_input (query->cql6));
      if (query->pgn != NULL)
        query->pgn_files = g_strdupv ((char *[]) { query->pgn, NULL });
      query->output = g_strdup (_cq6_program_output (query->cql6));
      if (query->pgn != NULL && query->output != NULL
          && strcmp (query->pgn, query->output) == 0)
        {
          g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC,
                       "%s:1:1: the output file is the input file %s: it would be "
                       "overwritten", filename ? filename : "<query>", query->pgn);
          if (error != NULL)
            _cq_query_error_set_location (*error, filename, 1, 1);
          return NULL;
        }
      if (_cq6_program_files (query->cql6) != NULL)
        {
          /* `writefile` never writes the query or the files its header names. */
          g_autofree char *input = cq_query_resolve_path (query, query->pgn);
          g_autofree char *output = cq_query_resolve_path (query, query->output);

          cq_query_protect_file (query, filename);
          cq_query_protect_file (query, input);
          cq_query_protect_file (query, output);
        }
      return g_steal_pointer (&query);
    }

  if (!_cq3_query_read (query, text, len, error))
    return NULL;
  return g_steal_pointer (&query);
}

CqQuery *
cq_query_new_from_string (const char *text, const char *filename, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return query_new_from_data (text, strlen (text), filename, NULL, error);
}

CqQuery *
cq_query_new_from_string_allowing_files (const char *text, const char *filename,
                                         const char *files_dir, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return query_new_from_data (text, strlen (text), filename, files_dir, error);
}

/* Reads the whole query file @path, at most CQ_QUERY_MAX_FILE_SIZE bytes:
 * a regular file or a pipe; anything else (a directory, a device such as
 * /dev/zero) is refused before a byte is read, and so is a file that goes
 * on past the limit.  Returns the text (NUL-terminated) or NULL with a
 * CQ_QUERY_ERROR_IO. */
static char *
read_query_file (const char *path, gsize *len_out, GError **error)
{
  g_autofree char *text = NULL;
  struct stat st;
  gsize len = 0;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO,
                   "%s: cannot read the query file: %s", path, g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !(S_ISREG (st.st_mode) || S_ISFIFO (st.st_mode)))
    {
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO,
                   "%s: cannot read the query file: %s", path,
                   S_ISDIR (st.st_mode) ? "it is a directory"
                                        : "it is not a regular file or a pipe");
      close (fd);
      return NULL;
    }
  /* One byte more than the limit tells a file at the limit from a longer one. */
  text = g_malloc (CQ_QUERY_MAX_FILE_SIZE + 2);
  while (len <= CQ_QUERY_MAX_FILE_SIZE)
    {
      gssize n = read (fd, text + len, CQ_QUERY_MAX_FILE_SIZE + 1 - len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO,
                       "%s: cannot read the query file: %s", path, g_strerror (saved));
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      len += n;
    }
  close (fd);
  if (len > CQ_QUERY_MAX_FILE_SIZE)
    {
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_IO,
                   "%s: cannot read the query file: it is longer than %d KiB, "
                   "which no query needs", path, CQ_QUERY_MAX_FILE_SIZE / 1024);
      return NULL;
    }
  text[len] = '\0';
  *len_out = len;
  return g_steal_pointer (&text);
}

CqQuery *
cq_query_new_from_file (const char *path, GError **error)
{
  return cq_query_new_from_file_with_filters (path, NULL, error);
}

CqQuery *
cq_query_new_from_file_with_filters (const char *path, const char *filters, GError **error)
{
  return cq_query_new_from_file_allowing_files (path, filters, NULL, error);
}

CqQuery *
cq_query_new_from_file_allowing_files (const char *path, const char *filters,
                                       const char *files_dir, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *joined = NULL;
  gsize len = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  contents = read_query_file (path, &len, error);
  if (contents == NULL)
    return NULL;
  if (filters == NULL)
    return query_new_from_data (contents, len, path, files_dir, error);
  if (!_cq6_text_is_cql6 (contents, len))
    {
      g_set_error (error, CQ_QUERY_ERROR, CQ_QUERY_ERROR_SEMANTIC,
                   "%s:1:1: filters given on the command line (-cql) can only be added to a "
                   "CQL 6 query", path);
      if (error != NULL)
        _cq_query_error_set_location (*error, path, 1, 1);
      return NULL;
    }
  /* The body is the file's filters and then these: all must match. */
  joined = g_strdup_printf ("%.*s\n%s\n", (int) len, contents, filters);
  return query_new_from_data (joined, strlen (joined), path, files_dir, error);
}

void
cq_query_free (CqQuery *query)
{
  if (query == NULL)
    return;
  _cq3_query_clear (query);
  g_free (query->filename);
  g_free (query->text);
  g_free (query->dirname);
  g_free (query->pgn);
  g_strfreev (query->pgn_files);
  g_free (query->output);
  g_clear_pointer (&query->accumulators, g_ptr_array_unref);
  _cq6_program_free (query->cql6);
  _cq_anticipation_free (query->position);
  g_free (query);
}

const char *
cq_query_get_pgn (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  return query->pgn;
}

const char *const *
cq_query_get_pgn_files (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  return (const char *const *) query->pgn_files;
}

CqDialect
cq_query_get_dialect (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, CQ_DIALECT_CQL3);
  return query->cql6 != NULL ? CQ_DIALECT_CQL6 : CQ_DIALECT_CQL3;
}

const char *const *
cq_query_keywords_for (CqDialect dialect)
{
  return dialect == CQ_DIALECT_CQL6 ? _cq6_keywords () : cq_query_keywords ();
}

CqDialect
cq_query_text_dialect (const char *text, gssize len)
{
  g_return_val_if_fail (text != NULL, CQ_DIALECT_CQL3);
  return _cq6_text_is_cql6 (text, len < 0 ? strlen (text) : (gsize) len)
         ? CQ_DIALECT_CQL6 : CQ_DIALECT_CQL3;
}

const char *
cq_query_get_mark_text (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, "MATCH");
  if (query->cql6 == NULL)
    return "MATCH";
  return _cq6_program_mark_text (query->cql6);
}

gboolean
cq_query_get_silent (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->cql6 != NULL && _cq6_program_get_silent (query->cql6);
}

gboolean
cq_query_get_quiet (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->cql6 != NULL && _cq6_program_get_quiet (query->cql6);
}

gboolean
cq_query_persistent_is_additive (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->cql6 != NULL && _cq6_program_has_persistent (query->cql6)
         && !_cq6_program_uses_files (query->cql6)
         && _cq6_program_persistent_additive (query->cql6);
}

gboolean
cq_query_needs_one_thread (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->cql6 != NULL && (_cq6_program_has_persistent (query->cql6)
                                 || _cq6_program_uses_files (query->cql6));
}

void
cq_query_protect_file (CqQuery *query, const char *path)
{
  g_return_if_fail (query != NULL);
  if (query->cql6 != NULL)
    _cq6_files_protect (_cq6_program_files (query->cql6), path);
}

const GError *
cq_query_get_run_error (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  return query->cql6 != NULL ? _cq6_files_error (_cq6_program_files (query->cql6)) : NULL;
}

const char *
cq_query_get_text (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  return query->text;
}

gboolean
cq_query_reads_game_number (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  if (query->cql6 != NULL)
    return _cq6_program_reads_game_number (query->cql6);
  return query->position == NULL && _cq3_reads_game_number (query);
}

gboolean
cq_query_uses_last_game_number (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);
  return query->cql6 != NULL && _cq6_program_uses_last_game_number (query->cql6);
}

void
cq_query_set_last_game_number (const CqQuery *query, gint64 n)
{
  g_return_if_fail (query != NULL);
  if (query->cql6 != NULL)
    _cq6_program_set_last_game_number (query->cql6, n);
}

char **
cq_query_get_persistent (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  return query->cql6 != NULL ? _cq6_persistent_text (query->cql6) : NULL;
}

guint
cq_query_get_n_sort_keys (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, 0);
  return query->cql6 != NULL ? _cq6_program_get_n_sort_keys (query->cql6) : 0;
}

int
cq_query_compare_sort_values (const CqQuery *query, const CqSortValue *a, const CqSortValue *b)
{
  g_return_val_if_fail (query != NULL, 0);
  return query->cql6 != NULL ? _cq6_compare_sort_values (query->cql6, a, b) : 0;
}

const char *
cq_query_get_sort_label (const CqQuery *query, guint key, gboolean *min)
{
  g_return_val_if_fail (query != NULL, NULL);
  if (min != NULL)
    *min = FALSE;
  return query->cql6 != NULL ? _cq6_sort_label (query->cql6, key, min) : NULL;
}

char *
cq_query_format_sort_labels (const CqQuery *query, const CqSortValue *values)
{
  g_return_val_if_fail (query != NULL, NULL);
  return query->cql6 != NULL ? _cq6_format_sort_labels (query->cql6, values) : NULL;
}

gboolean
cq_query_set_variations (CqQuery *query, gboolean variations)
{
  g_return_val_if_fail (query != NULL, FALSE);
  if (query->cql6 == NULL)
    return FALSE;
  _cq6_program_set_variations (query->cql6, variations);
  return TRUE;
}

const char *
cq_query_get_output (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);
  return query->output;
}

gboolean
_cq_query_output_name_ok (const char *name)
{
  gsize len = strlen (name);

  if (strcmp (name, "-") == 0)
    return TRUE;
  /* A name of its own before the extension: not ".pgn" or "dir/.pgn". */
  return len > 4 && name[len - 5] != '/' && g_ascii_strcasecmp (name + len - 4, ".pgn") == 0;
}

char *
cq_query_resolve_path (const CqQuery *query, const char *name)
{
  g_return_val_if_fail (query != NULL, NULL);

  if (name == NULL)
    return NULL;
  if (g_path_is_absolute (name) || query->dirname == NULL
      || strcmp (query->dirname, ".") == 0)
    return g_strdup (name);
  return g_build_filename (query->dirname, name, NULL);
}

gboolean
cq_query_accepts_tags (const CqQuery *query, const CqGame *game)
{
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  if (query->cql6 != NULL)
    return _cq6_accepts_tags (query->cql6, game);
  if (query->position != NULL)
    return TRUE;
  return _cq3_accepts_tags (query, game);
}

gboolean
cq_query_reads_only_tree (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);

  /* A position search compares each position of the tree with its
   * images (_cq_anticipation_match_game()) and reads nothing else; a
   * CQL 6 query whose filters are on cq6-index.c's list.  A CQL 3 query
   * reads the tags (or the game's number) through its game filters and
   * its lists' :elo and :result only: its other keywords are about the
   * positions and moves (their piece tags, :forany's, are the tree's),
   * its accumulators are counted afresh in each game, and nothing it
   * evaluates can stop a search. */
  if (query->cql6 != NULL)
    return _cq6_reads_only_tree (query->cql6);
  if (query->position != NULL)
    return TRUE;
  return query->n_filters == 0 && !query->reads_game_data;
}

gboolean
cq_query_reads_only_mainline (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, FALSE);

  /* A position search examines every position of the tree.  A CQL 3
   * query examines the main line only unless a position list or a
   * relation, at any depth, has :variations or :variationsonly (R9; its
   * sequences, relations and move keywords follow the main continuation
   * otherwise, R4), and keeps nothing from game to game. */
  if (query->cql6 != NULL)
    return _cq6_reads_only_mainline (query->cql6);
  return query->position == NULL && !query->reads_variations;
}

CqIndexCondition *
cq_query_get_index_condition (const CqQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  if (query->cql6 != NULL)
    return _cq6_index_condition (query->cql6);
  if (query->position != NULL)
    return _cq_anticipation_index_condition (query->position);
  return _cq3_index_condition (query);
}

/* Empties @array.  Most games leave the match arrays empty, and
 * g_array_set_size() is a call that looks at the clear function even then:
 * several per game, a per cent of reading the studies. */
static inline void
empty_array (GArray *array)
{
  if (array->len != 0)
    g_array_set_size (array, 0);
}

gboolean
cq_query_match_game (const CqQuery *query, CqGame *game, CqMatchInfo *info)
{
  GArray *out = NULL;
  gboolean matched;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  if (info != NULL)
    {
      if (info->positions == NULL)
        cq_match_info_init (info);
      empty_array (info->positions);
      out = info->positions;
    }

  if (query->cql6 != NULL)
    {
      CqMatchInfo own = { 0 };
      CqMatchInfo *into = info;

      if (into == NULL)
        {
          cq_match_info_init (&own);
          into = &own;
        }
      empty_array (into->comments);
      empty_array (into->sort_values);
      empty_array (into->messages);
      if (!_cq6_accepts_tags (query->cql6, game))
        matched = FALSE;
      else
        {
          cq_game_parse_moves (game);
          matched = !game->skipped && game->root != NULL
                    && _cq6_match_game (query->cql6, game, into);
        }
      /* Messages stay: CQL 6.2 prints them for every game. */
      if (!matched)
        {
          empty_array (into->positions);
          empty_array (into->comments);
          empty_array (into->sort_values);
        }
      if (into == &own)
        cq_match_info_clear (&own);
      return matched;
    }

  if (query->position != NULL)
    {
      cq_game_parse_moves (game);
      matched = !game->skipped && game->root != NULL
                && _cq_anticipation_match_game (query->position, game, out);
      if (out != NULL && !matched)
        empty_array (out);
      return matched;
    }

  return _cq3_match_game (query, game, out);
}

static void
clear_position_comment (gpointer data)
{
  g_free (((CqPositionComment *) data)->text);
}

static void
clear_sort_value (gpointer data)
{
  g_free (((CqSortValue *) data)->string);
}

static void
clear_message (gpointer data)
{
  CqMessage *message = data;

  g_free (message->where);
  g_free (message->text);
}

void
cq_match_info_init (CqMatchInfo *info)
{
  g_return_if_fail (info != NULL);
  info->positions = g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition));
  info->comments = g_array_new (FALSE, FALSE, sizeof (CqPositionComment));
  g_array_set_clear_func (info->comments, clear_position_comment);
  info->sort_values = g_array_new (FALSE, FALSE, sizeof (CqSortValue));
  g_array_set_clear_func (info->sort_values, clear_sort_value);
  info->messages = g_array_new (FALSE, FALSE, sizeof (CqMessage));
  g_array_set_clear_func (info->messages, clear_message);
  info->error = NULL;
}

void
cq_match_info_clear (CqMatchInfo *info)
{
  g_return_if_fail (info != NULL);
  g_clear_pointer (&info->positions, g_array_unref);
  g_clear_pointer (&info->comments, g_array_unref);
  g_clear_pointer (&info->sort_values, g_array_unref);
  g_clear_pointer (&info->messages, g_array_unref);
  g_clear_pointer (&info->error, g_free);
}
