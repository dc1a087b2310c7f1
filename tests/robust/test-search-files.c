/* test-search-files.c: databases as they are published, through the engine
 * API: compressed files read back byte for byte (cq-pgn-input.c), progress
 * in compressed bytes, damaged streams, files that are not PGN, several
 * files and folders searched as one (cq_search_run_files()).
 *
 * The compressed fixtures are made here from a PGN text written by the test,
 * with Debian's gzip, bzip2, xz and zstd (a way whose tool is absent is
 * skipped).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "search/cq-search.h"
#include "compress-util.h"

#define N_GAMES 6000

static char *tmp_dir;

/* N_GAMES games, each different (a tag of pseudo-random hex keeps the
 * compressed streams from being all repetition); every third ends in mate. */
static GString *
make_database (void)
{
  GString *text = g_string_new (NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);

  for (guint i = 1; i <= N_GAMES; i++)
    {
      g_string_append_printf (text, "[Event \"game %u\"]\n[Annotator \"%08x%08x\"]\n"
                              "[Result \"*\"]\n\n", i, g_rand_int (rand), g_rand_int (rand));
      if (i % 3 == 0)
        g_string_append (text, "1. f3 e5 2. g4 Qh4# 0-1\n\n");
      else
        g_string_append (text, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n");
    }
  return text;
}

static char *
write_file (const char *name, const char *data, gsize len)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, data, len, &error));
  g_assert_no_error (error);
  return path;
}

/* @src compressed with @tool beside it (@suffix added), or NULL if @tool
 * is absent. */
static char *
compress (const char *src, const char *tool, const char *suffix)
{
  g_autofree char *dest = g_strconcat (src, suffix, NULL);

  return test_compress_file (src, tool, dest);
}

/* Reads the whole of @path through cq_pgn_input_read() in odd-sized steps. */
static GString *
read_all (const char *path, const char **compression, GError **error)
{
  g_autoptr(CqPgnInput) in = cq_pgn_input_open (path, NULL, error);
  GString *text;
  char buf[7777];
  gssize n;

  if (in == NULL)
    return NULL;
  if (compression)
    *compression = cq_pgn_input_get_compression (in);
  text = g_string_new (NULL);
  while ((n = cq_pgn_input_read (in, buf, sizeof buf, error)) > 0)
    g_string_append_len (text, buf, n);
  if (n < 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  g_assert_cmpuint (cq_pgn_input_get_file_position (in), ==, cq_pgn_input_get_file_size (in));
  return text;
}

static void
test_each_compression_reads_back (void)
{
  static const struct { const char *tool, *suffix, *name; } ways[] = {
    { "gzip", ".gz", "gzip" }, { "bzip2", ".bz2", "bzip2" }, { "xz", ".xz", "xz" },
    { "zstd", ".zst", "zstd" }, { "lz4", ".lz4", "lz4" },
  };
  g_autoptr(GString) text = make_database ();
  g_autofree char *plain = write_file ("db.pgn", text->str, text->len);
  guint tried = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      g_autofree char *packed = compress (plain, ways[i].tool, ways[i].suffix);
      g_autoptr(GError) error = NULL;
      const char *compression = NULL;
      GString *back;

      if (packed == NULL)
        continue;
      tried++;
      back = read_all (packed, &compression, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (compression, ==, ways[i].name);
      g_assert_cmpuint (back->len, ==, text->len);
      g_assert_true (memcmp (back->str, text->str, text->len) == 0);
      g_string_free (back, TRUE);
      g_assert_true (cq_pgn_input_sniff (packed, &compression, NULL));
      g_assert_cmpstr (compression, ==, ways[i].name);
      g_unlink (packed);
    }
  g_assert_cmpuint (tried, >=, 2);   /* gzip and xz are always there */
  g_assert_true (cq_pgn_input_sniff (plain, NULL, NULL));
  g_unlink (plain);
}

typedef struct {
  GArray  *numbers;
  GArray  *files;
  GPtrArray *messages;
  guint64 last_bytes, last_total;
  gboolean bytes_went_back;
  gboolean text_ok;
} Collect;

static void
on_match (const CqMatch *m, gpointer user_data)
{
  Collect *c = user_data;

  g_array_append_val (c->numbers, m->source.number);
  g_array_append_val (c->files, m->source.file_index);
  /* The game's own text comes with the match. */
  if (m->text_len < 20 || strncmp (m->text, "[Event \"game ", 13) != 0)
    c->text_ok = FALSE;
}

static void
on_diagnostic (const CqDiagnostic *d, gpointer user_data)
{
  Collect *c = user_data;

  g_ptr_array_add (c->messages, g_strdup (d->message));
}

static void
on_progress (const CqSearchProgress *p, gpointer user_data)
{
  Collect *c = user_data;

  if (p->bytes < c->last_bytes)
    c->bytes_went_back = TRUE;
  c->last_bytes = p->bytes;
  c->last_total = p->total_bytes;
}

static gboolean
search (const char *const *paths, Collect *c, CqSearchProgress *p, GError **error)
{
  static const CqSearchCallbacks cb = { on_match, on_diagnostic, on_progress };
  g_autoptr(GError) qerror = NULL;
  g_autoptr(CqQuery) q = cq_query_new_from_string ("(match (position :mate))", "q.cql", &qerror);
  CqSearchOptions opts;

  g_assert_no_error (qerror);
  memset (c, 0, sizeof *c);
  c->numbers = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->files = g_array_new (FALSE, FALSE, sizeof (guint));
  c->messages = g_ptr_array_new_with_free_func (g_free);
  c->text_ok = TRUE;
  cq_search_options_init (&opts);
  opts.n_threads = 2;
  return cq_search_run_files (q, paths, &opts, &cb, c, NULL, p, error);
}

static void
collect_clear (Collect *c)
{
  g_array_unref (c->numbers);
  g_array_unref (c->files);
  g_ptr_array_unref (c->messages);
}

/* Progress counts compressed bytes, and ends at the file's size. */
static void
test_progress_counts_compressed_bytes (void)
{
  g_autoptr(GString) text = make_database ();
  g_autofree char *plain = write_file ("p.pgn", text->str, text->len);
  g_autofree char *packed = compress (plain, "xz", ".xz");
  const char *paths[] = { packed, NULL };
  CqSearchProgress p = { 0 };
  GStatBuf st;
  Collect c;

  g_assert_nonnull (packed);
  g_assert_cmpint (g_stat (packed, &st), ==, 0);
  g_assert_true (search (paths, &c, &p, NULL));
  g_assert_cmpuint (p.games, ==, N_GAMES);
  g_assert_cmpuint (p.matches, ==, N_GAMES / 3);
  g_assert_cmpuint (p.total_bytes, ==, (guint64) st.st_size);
  g_assert_cmpuint (p.bytes, ==, (guint64) st.st_size);
  g_assert_cmpuint (p.total_bytes, <, text->len / 2);
  g_assert_false (c.bytes_went_back);
  g_assert_true (c.text_ok);
  collect_clear (&c);
  g_unlink (packed);
  g_unlink (plain);
}

/* Game numbers continue across files; each match says its file. */
static void
test_several_files_are_one_database (void)
{
  g_autoptr(GString) text = make_database ();
  g_autofree char *a = write_file ("a.pgn", text->str, text->len);
  g_autofree char *b = compress (a, "gzip", ".gz");
  const char *paths[] = { a, b, a, NULL };
  CqSearchProgress p = { 0 };
  Collect c;

  g_assert_true (search (paths, &c, &p, NULL));
  g_assert_cmpuint (p.games, ==, 3 * N_GAMES);
  g_assert_cmpuint (c.numbers->len, ==, N_GAMES);
  for (guint i = 0; i < c.numbers->len; i++)
    {
      guint64 n = g_array_index (c.numbers, guint64, i);
      guint file = g_array_index (c.files, guint, i);

      g_assert_cmpuint (n % 3, ==, 0);
      g_assert_cmpuint (file, ==, (n - 1) / N_GAMES);
    }
  collect_clear (&c);
  g_unlink (b);
  g_unlink (a);
}

/* A stream cut short: the games before it are searched, the damage is
 * reported once with the last complete game, and the next file is read. */
static void
test_truncated_stream_keeps_the_games_before (void)
{
  g_autoptr(GString) text = make_database ();
  g_autofree char *plain = write_file ("t.pgn", text->str, text->len);
  g_autofree char *packed = compress (plain, "zstd", ".zst");
  g_autofree char *data = NULL;
  g_autofree char *cut = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[] = { NULL, plain, NULL };
  CqSearchProgress p = { 0 };
  guint64 last = 0;
  const char *at;
  gsize len;
  Collect c;

  if (packed == NULL)
    {
      g_test_skip ("zstd is not installed");
      g_unlink (plain);
      return;
    }
  g_assert_true (g_file_get_contents (packed, &data, &len, NULL));
  cut = write_file ("t-cut.pgn.zst", data, len * 2 / 3);
  paths[0] = cut;
  g_assert_false (search (paths, &c, &p, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
  g_assert_cmpuint (c.messages->len, ==, 1);
  at = strstr (g_ptr_array_index (c.messages, 0), "the last complete game is game ");
  g_assert_nonnull (at);
  last = g_ascii_strtoull (at + strlen ("the last complete game is game "), NULL, 10);
  g_assert_cmpuint (last, >, N_GAMES / 3);
  g_assert_cmpuint (last, <, N_GAMES);
  g_assert_cmpuint (p.failed_inputs, ==, 1);
  /* every mate up to the damage, then the whole second file */
  g_assert_cmpuint (c.numbers->len, ==, last / 3 + N_GAMES / 3);
  g_assert_cmpuint (g_array_index (c.numbers, guint64, c.numbers->len - 1), ==, last + N_GAMES);
  collect_clear (&c);
  g_unlink (cut);
  g_unlink (packed);
  g_unlink (plain);
}

static void
test_not_pgn_is_refused (void)
{
  static const struct { const char *data; gsize len; const char *message; } cases[] = {
    { "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "this is a PNG image" },
    { "Rar!\x1a\x07\0\0\0\0", 10, "this is a RAR archive" },
    { "%PDF-1.4\n", 9, "this is a PDF document" },
  };
  g_autoptr(GString) binary = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_file ("bad.pgn", cases[i].data, cases[i].len);
      g_autoptr(GError) error = NULL;
      g_autoptr(CqPgnInput) in = cq_pgn_input_open (path, NULL, &error);

      g_assert_null (in);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      g_unlink (path);
    }

  /* Control bytes throughout: binary, whatever its name. */
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (binary, (char) (i * 37 % 256));
  {
    g_autofree char *path = write_file ("bin.pgn", binary->str, binary->len);
    g_autoptr(GError) error = NULL;
    g_autoptr(CqPgnInput) in = cq_pgn_input_open (path, NULL, &error);

    g_assert_null (in);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "binary data"));
    g_unlink (path);
  }

  /* The control bytes are counted one by one wherever they are (the text
   * is read 16 bytes a step between them): 30 in 1,000 bytes, 3%, is
   * still text (29 spread over runs of plain text, one the last byte); 31
   * are refused with their exact count. */
  for (guint extra = 0; extra <= 1; extra++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(CqPgnInput) in = NULL;

      for (guint i = 0; i < 1000; i++)
        g_string_append_c (text, i % 40 == 39 ? '\n' : 'a');
      for (guint k = 0; k < 29 + extra; k++)
        text->str[(k * 97 + 13) % 1000] = (char) (k % 2 ? 0x01 : 0x00);
      text->str[999] = 0x02;
      path = write_file ("ctl.pgn", text->str, text->len);
      in = cq_pgn_input_open (path, NULL, &error);
      if (extra == 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (in);
        }
      else
        {
          g_assert_null (in);
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
          g_assert_nonnull (strstr (error->message, "(31 control bytes in the first 1000)"));
        }
      g_unlink (path);
    }

  /* A few stray bytes in text are a damaged game, not a binary file. */
  {
    static const char damaged[] = "[Event \"x\"]\n\n1. e4 \x01\x02 e5 *\n\n"
                                  "[Event \"y\"]\n\n1. d4 *\n";
    g_autofree char *path = write_file ("stray.pgn", damaged, sizeof damaged - 1);
    g_autoptr(GError) error = NULL;
    g_autoptr(CqPgnInput) in = cq_pgn_input_open (path, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (in);
    g_unlink (path);
  }
}

static void
test_expand_directories (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "folder", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub.pgn", NULL);
  static const char *const names[] = { "b-10.pgn", "b-9.PGN", "a.zip", "c.pgn.zst", "notes.txt" };
  const char *given[] = { NULL, "-", NULL };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_assert_true (g_file_set_contents (path, "*\n", -1, NULL));
    }
  given[0] = dir;
  files = cq_pgn_expand_inputs (given, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (files), ==, 5);
  g_assert_true (g_str_has_suffix (files[0], "a.zip"));
  g_assert_true (g_str_has_suffix (files[1], "b-9.PGN"));
  g_assert_true (g_str_has_suffix (files[2], "b-10.pgn"));
  g_assert_true (g_str_has_suffix (files[3], "c.pgn.zst"));
  g_assert_cmpstr (files[4], ==, "-");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_unlink (path);
    }
  g_clear_pointer (&files, g_strfreev);
  given[1] = NULL;
  files = cq_pgn_expand_inputs (given, &error);
  g_assert_null (files);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_rmdir (sub);
  g_rmdir (dir);
}

/* Recursive (the workbench's folders): a folder's own files first, then
 * each sub-folder's, sub-folders in natural name order, at any depth;
 * hidden folders and links to folders left out; without recursion the
 * sub-folders are not read (cql, CQL 6.2). */
static void
test_expand_directories_recursive (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "tree", NULL);
  static const char *const names[] = {
    "z.pgn", "sub-10/a.pgn", "sub-9/b.pgn", "sub-9/deeper/c.pgn.gz", ".git/d.pgn",
    "sub-9/notes.txt",
  };
  static const char *const order[] = {
    "z.pgn", "sub-9/b.pgn", "sub-9/deeper/c.pgn.gz", "sub-10/a.pgn",
  };
  g_autofree char *link = g_build_filename (dir, "sub-9", "up", NULL);
  const char *given[] = { dir, NULL };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  g_auto(GStrv) flat = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *parent = g_path_get_dirname (path);

      g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, "*\n", -1, NULL));
    }
  g_assert_cmpint (symlink (dir, link), ==, 0);

  files = cq_pgn_expand_inputs_full (given, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (files), ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autofree char *want = g_build_filename (dir, order[i], NULL);
      g_assert_cmpstr (files[i], ==, want);
    }

  flat = cq_pgn_expand_inputs (given, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (flat), ==, 1);
  g_assert_true (g_str_has_suffix (flat[0], "z.pgn"));

  g_unlink (link);
  for (guint i = G_N_ELEMENTS (names); i-- > 0;)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *parent = g_path_get_dirname (path);

      g_unlink (path);
      g_rmdir (parent);
    }
  {
    g_autofree char *sub9 = g_build_filename (dir, "sub-9", NULL);
    g_rmdir (sub9);
  }

  /* No database file anywhere in the tree: an error either way. */
  {
    g_autofree char *nested = g_build_filename (dir, "only", "folders", NULL);

    g_assert_cmpint (g_mkdir_with_parents (nested, 0700), ==, 0);
    g_clear_pointer (&files, g_strfreev);
    files = cq_pgn_expand_inputs_full (given, TRUE, &error);
    g_assert_null (files);
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_rmdir (nested);
    g_clear_pointer (&nested, g_free);
    nested = g_build_filename (dir, "only", NULL);
    g_rmdir (nested);
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cq-files-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/search/files/compressions", test_each_compression_reads_back);
  g_test_add_func ("/search/files/progress", test_progress_counts_compressed_bytes);
  g_test_add_func ("/search/files/several", test_several_files_are_one_database);
  g_test_add_func ("/search/files/truncated", test_truncated_stream_keeps_the_games_before);
  g_test_add_func ("/search/files/not-pgn", test_not_pgn_is_refused);
  g_test_add_func ("/search/files/directories", test_expand_directories);
  g_test_add_func ("/search/files/directories-recursive", test_expand_directories_recursive);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
