/* cql.c: the `cql` command-line tool, a drop-in for CQL 3's cql.exe.
 *
 *   cql [OPTION...] FILE[.cql]
 *
 * Reads the query FILE (".cql" is added if FILE does not exist and lacks
 * it, as CQL 3 does), searches the `:pgn` database (or --input) and writes
 * the matched games with `{MATCH}` annotations (rulings R2) to `:output`
 * (or --output).  The output is written to a temporary file beside it and
 * renamed into place only when the search completes (CqOutputFile: the old
 * file's mode is kept, a symbolic link is written through, a file the user
 * may not write is refused before the search), so an interrupted (SIGINT,
 * SIGTERM, SIGHUP) or failed search leaves any existing output untouched
 * (a signal after the search, while the output is written, is ignored);
 * the input database is never written, and an output that is the input or
 * the query file is refused (a name in the query must end in .pgn: the
 * query's reader checks it).  A CQL 6 query's readfile and writefile run only with
 * --allow-files DIR, inside DIR, and never write the output, the
 * databases or the query (cq_query_new_from_file_allowing_files()).
 *
 * Exit status: 0 success, 1 bad query, unreadable or unwritable file,
 * interrupted search; 2 usage error.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE   /* sync_file_range */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <glib-unix.h>

#include "pgn/cq-message.h"
#include "pgn/cq-output-file.h"
#include "search/cq-search.h"
#include "search/cq-shard.h"
#include "cql-private.h"

/* stdio buffer of the output file. */
static char out_buffer[1024 * 1024];

/* The output file's data is handed to the kernel's writeback every this
 * many bytes, so that the fsync before the rename (the output is written
 * atomically) finds little left to write: on the benchmark file written
 * whole it waited about 50 ms with nothing else to do. */
#define WRITEBACK_STEP (8 * 1024 * 1024)

static char    **opt_inputs;
static char     *opt_output;
static gboolean  opt_convert;
static char     *opt_gamenumber;
static char     *opt_matchstring;
static gboolean  opt_noheader;
static gint      opt_threads = 0;
static gboolean  opt_quiet;
static gboolean  opt_stats;
static gboolean  opt_version;
static gboolean  opt_variations;
static gboolean  opt_mainline;
static gboolean  opt_no_marks;
static gboolean  opt_silent;
static gboolean  opt_no_settag;
static gboolean  opt_no_removecomment;
static char     *opt_cql;
static char     *opt_position;
static gboolean  opt_symmetric;
static gint      opt_differ;
static char     *opt_allow_files;
static char     *opt_shard;
static gboolean  opt_merge;
static gboolean  opt_index;
static gboolean  opt_index_info;
static gboolean  opt_no_index;

static const GOptionEntry entries[] = {
  { "input", 'i', 0, G_OPTION_ARG_FILENAME_ARRAY, &opt_inputs,
    "Search FILE instead of the query's :pgn (plain or compressed; a directory: its "
    "PGN files; - for standard input); repeat it to search several files as one database",
    "FILE" },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    "Write matched games to FILE instead of the query's :output (- for standard output)", "FILE" },
  { "gamenumber", 'g', 0, G_OPTION_ARG_STRING, &opt_gamenumber,
    "Search only game N, or games N to M (1-based, as :gamenumber)", "N[-M]" },
  { "matchstring", 0, 0, G_OPTION_ARG_STRING, &opt_matchstring,
    "Annotate matched positions with TEXT instead of MATCH", "TEXT" },
  { "noheader", 0, 0, G_OPTION_ARG_NONE, &opt_noheader,
    "Do not write the {Original game: N} comment", NULL },
  { "threads", 't', 0, G_OPTION_ARG_INT, &opt_threads,
    "Search on N threads (default: the number of cores)", "N" },
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, &opt_quiet,
    "Do not report each damaged or skipped game, nor progress", NULL },
  { "stats", 0, 0, G_OPTION_ARG_NONE, &opt_stats,
    "Also print the positions examined and the throughput (benchmarks)", NULL },
  { "version", 'V', 0, G_OPTION_ARG_NONE, &opt_version,
    "Print the version and exit", NULL },
  { "cql", 0, 0, G_OPTION_ARG_STRING, &opt_cql,
    "CQL 6 filters that matched positions must also pass; with no FILE they are the "
    "whole query", "FILTERS" },
  { "variations", 0, 0, G_OPTION_ARG_NONE, &opt_variations,
    "CQL 6: examine variations too, as the header's `variations`", NULL },
  { "mainline", 0, 0, G_OPTION_ARG_NONE, &opt_mainline,
    "CQL 6: examine the main line only (the default)", NULL },
  { "no-match-comments", 0, 0, G_OPTION_ARG_NONE, &opt_no_marks,
    "Do not annotate matched positions (CQL 6.2's -quiet)", NULL },
  { "silent", 0, 0, G_OPTION_ARG_NONE, &opt_silent,
    "Add no comment at all: neither the game number nor the annotations", NULL },
  { "no-settag", 0, 0, G_OPTION_ARG_NONE, &opt_no_settag,
    "CQL 6: write the games' tags as they are, whatever `settag` says (CQL 6.2's -nosettag)",
    NULL },
  { "no-removecomment", 0, 0, G_OPTION_ARG_NONE, &opt_no_removecomment,
    "CQL 6: keep the games' comments that `removecomment` removes (CQL 6.2's "
    "-noremovecomment)", NULL },
  { "position", 0, 0, G_OPTION_ARG_STRING, &opt_position,
    "Instead of a query: find the games where the position FEN occurs (pieces and side to "
    "move; main line and variations)", "FEN" },
  { "symmetric", 0, 0, G_OPTION_ARG_NONE, &opt_symmetric,
    "With --position: also find it mirrored and with the colours reversed", NULL },
  { "differ", 0, 0, G_OPTION_ARG_INT, &opt_differ,
    "With --position: also find positions with at most N pieces different", "N" },
  { "allow-files", 0, 0, G_OPTION_ARG_FILENAME, &opt_allow_files,
    "Let a CQL 6 query's readfile and writefile use the files in DIR, and no others "
    "(without it they are refused)", "DIR" },
  { "shard", 0, 0, G_OPTION_ARG_STRING, &opt_shard,
    "Search part K of N of the database and write a part file (--output) for --merge",
    "K/N" },
  { "merge", 0, 0, G_OPTION_ARG_NONE, &opt_merge,
    "Merge the part files given as arguments into --output, as one run writes it", NULL },
  { "index", 0, 0, G_OPTION_ARG_NONE, &opt_index,
    "Instead of searching: build the index of each PGN file given as an argument, which "
    "later searches of it use", NULL },
  { "index-info", 0, 0, G_OPTION_ARG_NONE, &opt_index_info,
    "Say whether each PGN file given as an argument has an up-to-date index, where, and "
    "of how many games", NULL },
  { "no-index", 0, 0, G_OPTION_ARG_NONE, &opt_no_index,
    "Read every game of the database's text even where an index of it exists", NULL },
  { "convert", 0, 0, G_OPTION_ARG_NONE, &opt_convert,
    "Instead of searching: write the CQL 3 query FILE in CQL 6, to standard output or to "
    "--output", NULL },
  { NULL }
};

typedef struct {
  FILE        *out;            /* temporary output file, or stdout */
  int          writeback_fd;   /* the temporary file's descriptor, or -1 */
  guint64      written;        /* bytes given to @out */
  guint64      written_back;   /* bytes whose writeback has been started */
  const char  *out_name;       /* for messages */
  gboolean     write_failed;
  int          write_errno;
  gboolean     progress_shown;
  gboolean     tty;
  guint64      damaged_shown;
  /* the search thread's result */
  const CqQuery *query;
  const char *const *inputs;
  CqSearchOptions opts;
  GCancellable *cancellable;
  CqSearchProgress progress;
  GError      *error;
  gboolean     ok;
  GMainLoop   *loop;
  /* --shard K/N: the part searched and how its query is compiled again */
  guint        shard_k, shard_n;
  CqShardRecipe recipe;
  /* a CQL 6 query with `sort`: the games are kept in @spill (a temporary
   * file) and written in sorted order at the end */
  FILE        *spill;
  guint64      spilled;         /* bytes in @spill */
  GArray      *sorted;          /* SortedGame */
  guint        n_sort_keys;
} Cli;

/* A matched game of a sorted query, waiting in the spill file. */
typedef struct {
  guint64      offset;
  gsize        len;
  guint64      order;           /* input order: ties keep it */
  CqSortValue *values;          /* owned, @n_values of them */
  guint        n_values;
} SortedGame;

static void
clear_progress_line (Cli *cli)
{
  if (cli->progress_shown)
    {
      fputs ("\r\033[K", stderr);
      cli->progress_shown = FALSE;
    }
}

/* Writes @len bytes at @data to the output; on failure cancels the search. */
static gboolean
write_out (Cli *cli, const char *data, gsize len)
{
  if (fwrite (data, 1, len, cli->out) != len)
    {
      cli->write_failed = TRUE;
      cli->write_errno = errno;
      g_cancellable_cancel (cli->cancellable);
      return FALSE;
    }
  cli->written += len;
#ifdef HAVE_SYNC_FILE_RANGE
  /* All but the stdio buffer's worth is in the kernel; start writing it
   * to disk without waiting.  Advisory: a failure shows in the fsync. */
  if (cli->writeback_fd >= 0
      && cli->written - cli->written_back >= WRITEBACK_STEP + sizeof out_buffer)
    {
      guint64 upto = cli->written - sizeof out_buffer;

      (void) sync_file_range (cli->writeback_fd, cli->written_back,
                              upto - cli->written_back, SYNC_FILE_RANGE_WRITE);
      cli->written_back = upto;
    }
#endif
  return TRUE;
}

/* A game of a sorted query goes to the spill file; its place is kept. */
static void
spill_match (Cli *cli, const CqMatch *match)
{
  SortedGame g = { cli->spilled, match->pgn_len, cli->sorted->len, NULL, cli->n_sort_keys };

  if (fwrite (match->pgn, 1, match->pgn_len, cli->spill) != match->pgn_len)
    {
      cli->write_failed = TRUE;
      cli->write_errno = errno;
      cli->out_name = "the temporary file of the sorted games";
      g_cancellable_cancel (cli->cancellable);
      return;
    }
  cli->spilled += match->pgn_len;
  g.values = g_new0 (CqSortValue, cli->n_sort_keys);
  for (guint k = 0; k < cli->n_sort_keys && k < match->n_sort_values; k++)
    {
      g.values[k] = match->sort_values[k];
      g.values[k].string = g_strdup (match->sort_values[k].string);
    }
  g_array_append_val (cli->sorted, g);
}

static void
clear_sorted_game (gpointer data)
{
  SortedGame *g = data;

  for (guint k = 0; g->values != NULL && k < g->n_values; k++)
    g_free (g->values[k].string);
  g_free (g->values);
}

static gint
compare_sorted (gconstpointer a, gconstpointer b, gpointer data)
{
  const SortedGame *x = a, *y = b;
  int cmp = cq_query_compare_sort_values (data, x->values, y->values);

  if (cmp != 0)
    return cmp;
  return (x->order > y->order) - (x->order < y->order);
}

/* Writes the spilled games in the order of their sort values (CQL 6.2:
 * the best first, ties in input order). */
static void
write_sorted (Cli *cli)
{
  g_autofree char *buf = NULL;
  gsize size = 0;

  g_array_sort_with_data (cli->sorted, compare_sorted, (gpointer) cli->query);
  for (guint i = 0; i < cli->sorted->len && !cli->write_failed; i++)
    {
      const SortedGame *g = &g_array_index (cli->sorted, SortedGame, i);

      if (g->len > size)
        buf = g_realloc (buf, size = g->len);
      if (fseeko (cli->spill, (off_t) g->offset, SEEK_SET) != 0
          || fread (buf, 1, g->len, cli->spill) != g->len)
        {
          cli->write_failed = TRUE;
          cli->write_errno = errno ? errno : EIO;
          cli->out_name = "the temporary file of the sorted games";
          return;
        }
      write_out (cli, buf, g->len);
    }
}

static void
on_match (const CqMatch *match, gpointer user_data)
{
  Cli *cli = user_data;

  if (cli->write_failed || match->pgn == NULL)
    return;
  if (cli->spill != NULL)
    spill_match (cli, match);
  else
    write_out (cli, match->pgn, match->pgn_len);
}

/* A CQL 6 `message`, on standard output as CQL 6.2 prints it. */
void
cql_print_message (const CqGameSource *source, const CqMessage *message)
{
  /* Database text reaches the terminal: its control characters escaped. */
  g_autofree char *where = cq_message_escape_controls (message->where);
  g_autofree char *text = cq_message_escape_controls (message->text);

  printf ("Game: %" G_GUINT64_FORMAT " %s: %s\n", source->number, where, text);
}

static void
on_message (const CqGameSource *source, const CqMessage *message, gpointer user_data)
{
  clear_progress_line (user_data);
  cql_print_message (source, message);
}

static void
on_diagnostic (const CqDiagnostic *diag, gpointer user_data)
{
  /* No progress line is shown under --quiet, so none is cleared for a
   * diagnostic that is not printed. */
  clear_progress_line (user_data);
  cql_print_diagnostic (diag, opt_quiet);
}

static void
on_progress (const CqSearchProgress *p, gpointer user_data)
{
  Cli *cli = user_data;
  double rate = p->seconds > 0 ? p->games / p->seconds : 0;

  if (opt_quiet || !cli->tty)
    return;
  fprintf (stderr, "\r\033[K%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " matches, "
           "%.0f games/s, %.0f%%", p->games, p->matches, rate,
           p->total_bytes ? 100.0 * p->bytes / p->total_bytes : 0.0);
  cli->progress_shown = TRUE;
}

/* A file whose index is out of date or damaged: its text is searched. */
static void
on_index_unused (guint file_index, const GError *why, gpointer user_data)
{
  Cli *cli = user_data;
  g_autofree char *shown = cq_message_escape_controls (why->message);

  clear_progress_line (cli);
  /* The message names the file (cq_index_open()). */
  fprintf (stderr, "cql: %s; its text is searched instead\n", shown);
}

static gboolean
quit_idle (gpointer data)
{
  Cli *cli = data;

  g_main_loop_quit (cli->loop);
  return G_SOURCE_REMOVE;
}

static gpointer
search_thread (gpointer data)
{
  Cli *cli = data;
  CqSearchCallbacks cb = { on_match, on_diagnostic, on_progress, on_message, NULL,
                           on_index_unused };
  CqSearchCallbacks part_cb = { NULL, cql_part_on_diagnostic, NULL, NULL };

  if (cli->shard_n > 0)
    cli->ok = cq_shard_search_part (cli->query, &cli->recipe, cli->inputs, cli->shard_k,
                                    cli->shard_n, &cli->opts, cli->out, &part_cb, cli,
                                    cli->cancellable, &cli->progress, &cli->error);
  else
    cli->ok = cq_search_run_files (cli->query, cli->inputs, &cli->opts, &cb, cli,
                                   cli->cancellable, &cli->progress, &cli->error);
  /* Quit from the loop itself: a g_main_loop_quit() that came before
   * g_main_loop_run() started would be lost and the tool would hang (seen
   * under ASan when the search fails at once, e.g. on a directory). */
  g_idle_add (quit_idle, cli);
  return NULL;
}

static gboolean
on_interrupt (gpointer data)
{
  Cli *cli = data;

  g_cancellable_cancel (cli->cancellable);
  return G_SOURCE_CONTINUE;
}

/* "N", "N-M" or "N:M" into a range; FALSE if malformed. */
static gboolean
parse_game_range (const char *text, guint64 *first, guint64 *last)
{
  guint64 a, b;
  char *end;

  if (!g_ascii_isdigit (*text))
    return FALSE;
  a = g_ascii_strtoull (text, &end, 10);
  if (*end == '\0')
    b = a;
  else if ((*end == '-' || *end == ':') && g_ascii_isdigit (end[1]))
    {
      b = g_ascii_strtoull (end + 1, &end, 10);
      if (*end != '\0')
        return FALSE;
    }
  else
    return FALSE;
  if (a == 0 || b < a)
    return FALSE;
  *first = a;
  *last = b;
  return TRUE;
}

/* CQL 6.2's command line writes long options with one dash (`-input
 * FILE`, `-gamenumber 3 10`, `-s`); GOption would read `-input` as `-i
 * nput`.  Returns a copy of @argv with those forms in GNU spelling; the
 * GNU forms pass unchanged, and so does everything after `--`. */
static char **
translate_cql6_options (int argc, char **argv)
{
  static const struct { const char *name; const char *gnu; gboolean value; } forms[] = {
    { "input", "--input", TRUE }, { "output", "--output", TRUE },
    { "singlethreaded", "--threads=1", FALSE }, { "s", "--threads=1", FALSE },
    { "threads", "--threads", TRUE }, { "matchstring", "--matchstring", TRUE },
    { "noheader", "--noheader", FALSE }, { "variations", "--variations", FALSE },
    { "mainline", "--mainline", FALSE }, { "quiet", "--no-match-comments", FALSE },
    { "silent", "--silent", FALSE }, { "cql", "--cql", TRUE },
    { "nosettag", "--no-settag", FALSE }, { "noremovecomment", "--no-removecomment", FALSE },
    { "version", "--version", FALSE }, { "help", "--help", FALSE },
    { "allow-files", "--allow-files", TRUE },
  };
  GPtrArray *out = g_ptr_array_new ();
  gboolean done = FALSE;

  g_ptr_array_add (out, g_strdup (argv[0]));
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      gboolean translated = FALSE;

      if (done || arg[0] != '-' || arg[1] == '-' || arg[1] == '\0')
        {
          done = done || strcmp (arg, "--") == 0;
          g_ptr_array_add (out, g_strdup (arg));
          continue;
        }
      if ((strcmp (arg + 1, "gamenumber") == 0 || strcmp (arg + 1, "g") == 0) && i + 1 < argc)
        {
          /* -gamenumber A [B] */
          const char *a = argv[++i];
          if (i + 1 < argc && argv[i + 1][0] != '\0'
              && strspn (argv[i + 1], "0123456789") == strlen (argv[i + 1]))
            g_ptr_array_add (out, g_strdup_printf ("--gamenumber=%s-%s", a, argv[++i]));
          else
            g_ptr_array_add (out, g_strdup_printf ("--gamenumber=%s", a));
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (forms) && !translated; k++)
        if (strcmp (arg + 1, forms[k].name) == 0)
          {
            translated = TRUE;
            g_ptr_array_add (out, g_strdup (forms[k].gnu));
            if (forms[k].value && i + 1 < argc)
              g_ptr_array_add (out, g_strdup (argv[++i]));
          }
      if (!translated)
        g_ptr_array_add (out, g_strdup (arg));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* A CQL 6 query's persistent variables, on standard output after the
 * search as CQL 6.2 prints them: `Mates: 58`, one line each. */
static void
print_persistent (const CqQuery *query)
{
  g_auto(GStrv) pairs = cq_query_get_persistent (query);

  for (guint i = 0; pairs != NULL && pairs[i] != NULL; i += 2)
    printf ("%s: %s\n", pairs[i], pairs[i + 1]);
}

/* The query file as CQL 3 finds it: as given, or with ".cql" added. */
static char *
find_query_file (const char *name)
{
  if (!g_file_test (name, G_FILE_TEST_EXISTS) && !g_str_has_suffix (name, ".cql"))
    return g_strconcat (name, ".cql", NULL);
  return g_strdup (name);
}

gboolean
cql_same_file (const char *a, const char *b)
{
  GStatBuf sa, sb;

  if (g_stat (a, &sa) != 0 || g_stat (b, &sb) != 0)
    return FALSE;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = NULL;
  g_autofree char *query_path = NULL;
  g_auto(GStrv) inputs = NULL;
  g_auto(GStrv) args = NULL;
  const char *const *given = NULL;
  g_autofree char *output = NULL;
  g_autoptr(CqOutputFile) output_file = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  gboolean to_stdout;
  GThread *thread;
  guint sigint_id, sigterm_id, sighup_id;
  int status;
  Cli cli = { 0 };

  cli.writeback_fd = -1;
  /* Past the file size limit (RLIMIT_FSIZE) a write fails with EFBIG and
   * the output is refused as for a full disk, instead of the process
   * being killed with its temporary file left behind. */
  signal (SIGXFSZ, SIG_IGN);

  context = g_option_context_new ("FILE[.cql]");
  g_option_context_set_summary (context,
    "Search a PGN database with a CQL query (CQL 3 or CQL 6) and write the matching games.");
  g_option_context_set_description (context,
    "FILE holds one CQL 3 (match ...) list, its :pgn naming the database and :output the\n"
    "file that receives the matched games, annotated with {MATCH} comments; or a\n"
    "CQL 6 query, cql(input ... output ...) and filters, annotated with {CQL}.\n"
    "An output named in the query must end in .pgn; --output may name any file;\n"
    "neither may be the query file or a database.\n"
    "CQL 6.2's option forms are accepted too: -input, -output, -s, -singlethreaded,\n"
    "-threads N, -gamenumber A [B], -matchstring S, -noheader, -variations, -mainline,\n"
    "-quiet (no {CQL} comments), -silent, -nosettag, -noremovecomment,\n"
    "-cql 'FILTERS', -allow-files DIR.\n"
    "A CQL 6 query's readfile and writefile are refused unless --allow-files DIR\n"
    "names the folder they may use: only files in it, never the output, the\n"
    "databases or the query itself (docs/cql6.md \"readfile and writefile\").\n"
    "--position FEN takes the place of FILE: the games where that position occurs\n"
    "(pieces and side to move), annotated with what was found ({MATCH mirrored}).\n"
    "--shard K/N searches the K-th of N equal parts of the database (plain files cut\n"
    "between games, compressed files whole) and writes a part file to --output;\n"
    "--merge PART... --output FILE writes what one run over the whole database\n"
    "writes (docs/cluster.md).\n"
    "--convert FILE writes the CQL 3 query FILE in CQL 6 (to standard output, or to\n"
    "--output FILE, never over FILE itself) instead of searching; a construct CQL 6\n"
    "cannot say with the same meaning is refused at its line and column.\n"
    "A database may be plain PGN or compressed (gzip, bzip2, xz, zstd, lz4, or .pgn\n"
    "files in a zip archive: told by their content), several files or directories\n"
    "searched as one (game numbers continue from file to file), or - for standard input.\n"
    "--index FILE... builds the index of each plain PGN file (in the user's cache,\n"
    "or $EXCELSIOR_INDEX_DIR), so that a search can pass over the games its query\n"
    "cannot match (the same output); --no-index reads every game of the text.\n"
    "--index-info FILE... says whether each file has an up-to-date\n"
    "index (docs/index.md).\n"
    "Exit status: 0 success, 1 bad query or file, 2 usage error.\n"
    "Report bugs through the Excelsior issue tracker.");
  g_option_context_add_main_entries (context, entries, NULL);
  args = translate_cql6_options (argc, argv);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      fprintf (stderr, "cql: %s\nTry 'cql --help' for more information.\n", error->message);
      return EXIT_USAGE;
    }
  if (opt_version)
    {
      printf ("cql (Excelsior) %s\nCQL 3.02 query language with CQL 6 pieceid.\n"
              "License GPL-3.0-or-later.\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  argc = (int) g_strv_length (args);
  if (opt_index || opt_index_info)
    return cql_index_command (opt_index, opt_index_info, (const char *const *) args + 1,
                              MAX (opt_threads, 0), opt_quiet);
  if (opt_merge)
    {
      if (argc < 2 || opt_output == NULL || opt_shard != NULL)
        {
          fprintf (stderr, "cql: --merge takes the part files and --output FILE (no --shard)\n"
                   "Try 'cql --help' for more information.\n");
          return EXIT_USAGE;
        }
      return cql_merge_parts ((const char *const *) args + 1, opt_output, opt_quiet);
    }
  if (opt_shard != NULL)
    {
      if (!cq_shard_parse_spec (opt_shard, &cli.shard_k, &cli.shard_n, &error))
        {
          fprintf (stderr, "cql: %s\n", error->message);
          return EXIT_USAGE;
        }
      if (opt_output == NULL || g_str_equal (opt_output, "-") || opt_convert)
        {
          fprintf (stderr, "cql: --shard writes a part file: give it with --output FILE\n"
                   "Try 'cql --help' for more information.\n");
          return EXIT_USAGE;
        }
    }
  if (opt_position != NULL && (argc > 1 || opt_cql != NULL))
    {
      fprintf (stderr, "cql: --position is the whole query: no query file or --cql with it\n"
               "Try 'cql --help' for more information.\n");
      return EXIT_USAGE;
    }
  if (opt_convert)
    {
      if (argc != 2 || opt_position != NULL || opt_cql != NULL)
        {
          fprintf (stderr, "cql: --convert takes one CQL 3 query file, and no --position or "
                   "--cql\nTry 'cql --help' for more information.\n");
          return EXIT_USAGE;
        }
      query_path = find_query_file (args[1]);
      return cql_convert_query (query_path, opt_output);
    }
  if (opt_position == NULL && (opt_symmetric || opt_differ != 0))
    {
      fprintf (stderr, "cql: --symmetric and --differ go with --position\n"
               "Try 'cql --help' for more information.\n");
      return EXIT_USAGE;
    }
  if (opt_differ < 0 || opt_differ > CQ_POSITION_MAX_DIFFER)
    {
      fprintf (stderr, "cql: --differ must be between 0 and %d\n", CQ_POSITION_MAX_DIFFER);
      return EXIT_USAGE;
    }
  if (opt_position == NULL && (argc > 2 || (argc < 2 && opt_cql == NULL)))
    {
      fprintf (stderr, "cql: %s\nTry 'cql --help' for more information.\n",
               argc < 2 ? "missing query file" : "only one query file may be given");
      return EXIT_USAGE;
    }
  if (opt_variations && opt_mainline)
    {
      fprintf (stderr, "cql: --variations and --mainline exclude each other\n");
      return EXIT_USAGE;
    }

  cq_search_options_init (&cli.opts);
  cli.opts.want_pgn = TRUE;
  cli.opts.header = !opt_noheader && !opt_silent;
  if (opt_matchstring)
    cli.opts.mark_text = opt_matchstring;
  if (opt_no_marks || opt_silent)
    cli.opts.mark_text = "";
  if (opt_threads < 0 || opt_threads > 256)
    {
      fprintf (stderr, "cql: --threads must be between 0 and 256\n");
      return EXIT_USAGE;
    }
  cli.opts.n_threads = (guint) opt_threads;
  /* CQL 6.2's -quiet and -silent also leave out the query's automatic
   * comments (Found, ...); -silent its comments and sort labels too. */
  cli.opts.quiet = opt_no_marks || opt_silent;
  cli.opts.silent = opt_silent;
  cli.opts.no_set_tags = opt_no_settag;
  cli.opts.no_remove_comments = opt_no_removecomment;
  cli.opts.use_index = !opt_no_index;
  if (opt_gamenumber
      && !parse_game_range (opt_gamenumber, &cli.opts.first_game, &cli.opts.last_game))
    {
      fprintf (stderr, "cql: --gamenumber takes N or N-M with 1 <= N <= M, not '%s'\n",
               opt_gamenumber);
      return EXIT_USAGE;
    }

  if (opt_position != NULL)
    {
      query_path = g_strdup ("--position");
      query = cq_query_new_for_position (opt_position,
                                         opt_symmetric ? CQ_POSITION_MATCH_SYMMETRIC
                                                       : CQ_POSITION_MATCH_EXACT,
                                         (guint) opt_differ, &error);
    }
  else if (argc == 2)
    {
      query_path = find_query_file (args[1]);
      query = cq_query_new_from_file_allowing_files (query_path, opt_cql, opt_allow_files,
                                                     &error);
    }
  else
    {
      /* -cql alone: the filters are the whole (CQL 6) query. */
      g_autofree char *text = g_strdup_printf ("cql()\n%s\n", opt_cql);
      query_path = g_strdup ("<-cql>");
      query = cq_query_new_from_string_allowing_files (text, query_path, opt_allow_files,
                                                       &error);
    }
  if (query == NULL)
    {
      if (opt_position != NULL)
        fprintf (stderr, "cql: --position: %s\n", error->message);
      else
        fprintf (stderr, "%s\n", error->message);
      return EXIT_FAILURE_;
    }
  if (cli.shard_n > 0)
    {
      if (!cq_shard_check_query (query, &cli.opts, &error))
        {
          fprintf (stderr, "%s: %s\n", query_path, error->message);
          return EXIT_FAILURE_;
        }
      cli.recipe.text = cq_query_get_text (query);
      cli.recipe.name = query_path;
      cli.recipe.fen = opt_position;
      cli.recipe.position_mode = opt_symmetric ? CQ_POSITION_MATCH_SYMMETRIC
                                               : CQ_POSITION_MATCH_EXACT;
      cli.recipe.position_differ = (guint) opt_differ;
      cli.recipe.variations = opt_variations ? 1 : opt_mainline ? 0 : -1;
    }
  if ((opt_variations || opt_mainline) && !cq_query_set_variations (query, opt_variations))
    fprintf (stderr, "cql: --variations and --mainline apply to CQL 6 queries; a CQL 3 list "
             "says :variations itself\n");

  given = opt_inputs ? (const char *const *) opt_inputs : cq_query_get_pgn_files (query);
  output = g_strdup (opt_output ? opt_output : cq_query_get_output (query));
  if (opt_position != NULL && (given == NULL || output == NULL))
    {
      fprintf (stderr, "cql: --position needs --input and --output\n");
      return EXIT_USAGE;
    }
  if (given == NULL)
    {
      fprintf (stderr, "%s: the query has no :pgn and no --input was given\n", query_path);
      return EXIT_FAILURE_;
    }
  if (output == NULL)
    {
      fprintf (stderr, "%s: the query has no :output and no --output was given\n", query_path);
      return EXIT_FAILURE_;
    }
  /* Directories stand for the PGN files in them. */
  inputs = cq_pgn_expand_inputs (given, &error);
  if (inputs == NULL)
    {
      fprintf (stderr, "cql: %s\n", error->message);
      return EXIT_FAILURE_;
    }
  if (g_strv_length (inputs) > 1 && g_strv_contains ((const char *const *) inputs, "-"))
    {
      fprintf (stderr, "cql: standard input (-) cannot be one of several inputs\n");
      return EXIT_USAGE;
    }
  to_stdout = g_str_equal (output, "-");
  /* A query's writefile never writes the files of the search itself. */
  if (!to_stdout)
    cq_query_protect_file (query, output);
  for (guint k = 0; inputs[k] != NULL; k++)
    cq_query_protect_file (query, inputs[k]);
  for (guint k = 0; !to_stdout && inputs[k] != NULL; k++)
    if (g_str_equal (inputs[k], output) || cql_same_file (inputs[k], output))
      {
        fprintf (stderr, "cql: the output '%s' is the input database; refusing to overwrite it\n",
                 output);
        return EXIT_FAILURE_;
      }
  /* Nor the query file, whether its header or --output names it. */
  if (!to_stdout && argc == 2 && cql_output_is_query_file (output, query_path))
    return EXIT_FAILURE_;

  /* ^C, SIGTERM and SIGHUP cancel the search from here on: installed
   * before the temporary output file is made, so that no signal can end
   * the process between the two and leave that file behind.  A signal
   * that comes before the loop runs is dispatched when it starts. */
  cancellable = g_cancellable_new ();
  cli.cancellable = cancellable;
  sigint_id = g_unix_signal_add (SIGINT, on_interrupt, &cli);
  sigterm_id = g_unix_signal_add (SIGTERM, on_interrupt, &cli);
  sighup_id = g_unix_signal_add (SIGHUP, on_interrupt, &cli);

  status = EXIT_FAILURE_;
  if (to_stdout)
    {
      cli.out = stdout;
      cli.out_name = "standard output";
    }
  else
    {
      int fd;

      output_file = cq_output_file_open (output, &error);
      if (output_file == NULL)
        {
          fprintf (stderr, "cql: %s\n", error->message);
          goto out;
        }
      /* stdio gets its own descriptor: the output file keeps its own for
       * the fsync and the rename. */
      fd = dup (cq_output_file_get_fd (output_file));
      cli.out = fd >= 0 ? fdopen (fd, "w") : NULL;
      cli.out_name = output;
      cli.writeback_fd = fd;
      if (cli.out == NULL)
        {
          fprintf (stderr, "cql: cannot write '%s': %s\n", output, g_strerror (errno));
          if (fd >= 0)
            close (fd);
          goto out;
        }
    }
  /* Games are written one by one, a few hundred bytes each: a large
   * buffer saves most of the write calls (85 instead of 23,000 for the
   * benchmark file written whole).  A terminal keeps its lines.
   * glibc ignores the size unless it is given the buffer, which must
   * outlive the stream (stdout is flushed after main returns). */
  if (!isatty (fileno (cli.out)))
    setvbuf (cli.out, out_buffer, _IOFBF, sizeof out_buffer);

  /* A query with `sort`: the games are written in its order at the end,
   * meanwhile kept in a temporary file (memory holds only their places). */
  cli.n_sort_keys = cq_query_get_n_sort_keys (query);
  if (cli.n_sort_keys > 0 && cli.shard_n == 0)
    {
      cli.spill = tmpfile ();
      if (cli.spill == NULL)
        {
          fprintf (stderr, "cql: cannot create a temporary file for the sorted games: %s\n",
                   g_strerror (errno));
          goto out;
        }
      cli.sorted = g_array_new (FALSE, FALSE, sizeof (SortedGame));
      g_array_set_clear_func (cli.sorted, clear_sorted_game);
    }

  cli.query = query;
  cli.inputs = (const char *const *) inputs;
  cli.tty = isatty (STDERR_FILENO);
  cli.loop = g_main_loop_new (NULL, FALSE);

  thread = g_thread_new ("cql-search", search_thread, &cli);
  g_main_loop_run (cli.loop);
  g_thread_join (thread);
  /* The signal sources stay until the end: an interrupt that comes once
   * the search is over is caught and ignored, so that the output is
   * written and renamed whole rather than left as a temporary file. */
  g_main_loop_unref (cli.loop);
  clear_progress_line (&cli);

  /* The sorted games, once every game has been searched. */
  if (cli.spill != NULL)
    {
      if (!cli.write_failed && (cli.ok || g_error_matches (cli.error, G_IO_ERROR,
                                                           G_IO_ERROR_PARTIAL_INPUT)))
        write_sorted (&cli);
      fclose (cli.spill);
      g_array_unref (cli.sorted);
    }

  if (fflush (cli.out) != 0 && !cli.write_failed)
    {
      cli.write_failed = TRUE;
      cli.write_errno = errno;
    }
  if (!to_stdout && fclose (cli.out) != 0 && !cli.write_failed)
    {
      cli.write_failed = TRUE;
      cli.write_errno = errno;
    }

  if (cli.write_failed)
    {
      fprintf (stderr, "cql: cannot write '%s': %s\n", cli.out_name, g_strerror (cli.write_errno));
      g_clear_error (&cli.error);
      status = EXIT_FAILURE_;
      goto out;
    }
  if (!cli.ok && !g_error_matches (cli.error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
    {
      /* The output file is left as it was (cq_output_file_free()). */
      if (g_error_matches (cli.error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "cql: interrupted; '%s' was not written\n", cli.out_name);
      else
        {
          g_autofree char *shown = cq_message_escape_controls (cli.error ? cli.error->message
                                                               : "search failed");
          fprintf (stderr, "cql: %s\n", shown);
        }
      g_clear_error (&cli.error);
      status = EXIT_FAILURE_;
      goto out;
    }
  if (output_file != NULL && !cq_output_file_commit (output_file, &error))
    {
      fprintf (stderr, "cql: %s\n", error->message);
      g_clear_error (&cli.error);
      status = EXIT_FAILURE_;
      goto out;
    }

  /* Some input could not be read to its end: every game read was
   * searched, and the output holds their matches; the exit status says
   * that the database was not searched whole. */
  if (!cli.ok)
    {
      fprintf (stderr, "cql: %s\n", cli.error->message);
      cql_print_count (&cli.progress, " read");
      g_clear_error (&cli.error);
      status = EXIT_FAILURE_;
      goto out;
    }

  cql_print_damaged (&cli.progress, opt_quiet);
  cql_print_count (&cli.progress, " in %.2f seconds", cli.progress.seconds);
  /* A part keeps them in its part file: the merge prints their sums. */
  if (cli.shard_n == 0)
    print_persistent (query);
  if (opt_stats)
    fprintf (stderr, "stats: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
             " positions, %.3f s, %.0f games/s, %.1f ns per position, %u threads\n",
             cli.progress.games, cli.progress.plies, cli.progress.seconds,
             cli.progress.seconds > 0 ? cli.progress.games / cli.progress.seconds : 0.0,
             cli.progress.plies ? cli.progress.seconds * 1e9 / cli.progress.plies : 0.0,
             opt_threads > 0 ? (guint) opt_threads : g_get_num_processors ());
  if (opt_stats && cli.progress.indexed_files > 0)
    fprintf (stderr, "stats: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " games read "
             "(%" G_GUINT64_FORMAT " passed over by the index of %" G_GUINT64_FORMAT
             " of %u files)\n",
             cli.progress.games - cli.progress.index_passed, cli.progress.games,
             cli.progress.index_passed, cli.progress.indexed_files,
             g_strv_length (inputs));
  status = EXIT_OK;
out:
  g_source_remove (sigint_id);
  g_source_remove (sigterm_id);
  g_source_remove (sighup_id);
  return status;
}
