/* test-robust-search.c: the search never crashes, never hangs and never
 * stays silent on bad PGN.
 *
 * Every PGN under ../shared/data (EXCELSIOR_SHARED_DATA; those tests skip
 * without it) and every regression input under tests/fixtures/fuzz/ is
 * searched; each damaged or skipped game must be reported exactly once as
 * "file:line: game N: what" (rulings R13) and the search must go on.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "search/cq-search.h"

typedef struct {
  GPtrArray  *messages;   /* diagnostics, in order */
  GArray     *diag_games; /* guint64 game numbers of the diagnostics */
  GArray     *matches;    /* guint64 game numbers of the matches */
  GPtrArray  *pgns;       /* annotated texts of the matches */
  guint       n_skipped;
  const char *display;    /* expected file prefix of messages */
  GCancellable *cancel_after_first;
  guint       callbacks_after_cancel;
} Collect;

static void
collect_init (Collect *c)
{
  memset (c, 0, sizeof *c);
  c->messages = g_ptr_array_new_with_free_func (g_free);
  c->diag_games = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->matches = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->pgns = g_ptr_array_new_with_free_func (g_free);
}

static void
collect_clear (Collect *c)
{
  g_ptr_array_unref (c->messages);
  g_array_unref (c->diag_games);
  g_array_unref (c->matches);
  g_ptr_array_unref (c->pgns);
}

static void
on_match (const CqMatch *m, gpointer user_data)
{
  Collect *c = user_data;

  if (c->cancel_after_first && g_cancellable_is_cancelled (c->cancel_after_first))
    c->callbacks_after_cancel++;
  g_array_append_val (c->matches, m->source.number);
  g_ptr_array_add (c->pgns, m->pgn ? g_strndup (m->pgn, m->pgn_len) : NULL);
  if (c->cancel_after_first)
    g_cancellable_cancel (c->cancel_after_first);
}

static void
on_diagnostic (const CqDiagnostic *d, gpointer user_data)
{
  Collect *c = user_data;
  g_autofree char *prefix = NULL;
  g_autofree char *game = g_strdup_printf (": game %" G_GUINT64_FORMAT ": ", d->source.number);

  if (c->display)
    {
      prefix = g_strdup_printf ("%s:", c->display);
      if (!g_str_has_prefix (d->message, prefix))
        g_error ("diagnostic without the file name %s: %s", c->display, d->message);
    }
  /* file:line: game N: what, with a non-empty what */
  if (strstr (d->message, game) == NULL || g_str_has_suffix (d->message, game)
      || !g_utf8_validate (d->message, -1, NULL))
    g_error ("diagnostic not in the form file:line: game N: what: %s", d->message);
  for (guint i = 0; i < c->diag_games->len; i++)
    if (g_array_index (c->diag_games, guint64, i) == d->source.number)
      g_error ("game %" G_GUINT64_FORMAT " reported twice: %s", d->source.number, d->message);
  g_array_append_val (c->diag_games, d->source.number);
  g_ptr_array_add (c->messages, g_strdup (d->message));
  if (d->skipped)
    c->n_skipped++;
}

static const CqSearchCallbacks callbacks = { on_match, on_diagnostic, NULL };

static char *
write_tmp (const char *text, gssize len)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("cq-robust-XXXXXX.pgn", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
  return path;
}

static CqQuery *
query (const char *text)
{
  g_autoptr(GError) error = NULL;
  CqQuery *q = cq_query_new_from_string (text, "robust.cql", &error);

  g_assert_no_error (error);
  return q;
}

/* Searches @path with @q on @threads threads; checks the counts agree. */
static void
search (const CqQuery *q, const char *path, guint threads, Collect *c, CqSearchProgress *p)
{
  g_autoptr(GError) error = NULL;
  CqSearchOptions opts;
  gboolean ok;

  cq_search_options_init (&opts);
  opts.n_threads = threads;
  opts.want_pgn = TRUE;
  ok = cq_search_run (q, path, &opts, &callbacks, c, NULL, p, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (p->matches, ==, c->matches->len);
  g_assert_cmpuint (p->damaged + p->skipped, ==, c->messages->len);
  g_assert_cmpuint (p->skipped, ==, c->n_skipped);
  g_assert_cmpuint (p->bytes, ==, p->total_bytes);
}

/* Every file of ../shared/data (but the compressed one) is searched to the
 * end, by one and by two threads with the same diagnostics. */
static void
test_shared_data (void)
{
  const char *data = g_getenv ("EXCELSIOR_SHARED_DATA");
  const char *const dirs[] = { "edge", "studies", "games" };
  g_autoptr(CqQuery) q = query ("(match (position :mate :variations :markall))");
  guint64 files = 0, games = 0, damaged = 0, skipped = 0;

  if (data == NULL || !g_file_test (data, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("the shared data (EXCELSIOR_SHARED_DATA) is absent");
      return;
    }
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *top = g_build_filename (data, dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (top, 0, NULL);
      const char *sub;

      if (dir == NULL)
        continue;
      while ((sub = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *subdir = g_build_filename (top, sub, NULL);
          g_autoptr(GDir) dir2 = g_dir_open (subdir, 0, NULL);
          const char *name;

          while (dir2 && (name = g_dir_read_name (dir2)) != NULL)
            {
              g_autofree char *path = g_build_filename (subdir, name, NULL);
              Collect one, two;
              CqSearchProgress p1 = { 0 }, p2 = { 0 };

              if (!g_str_has_suffix (name, ".pgn") && !g_str_has_suffix (name, ".PGN"))
                continue;
              collect_init (&one);
              collect_init (&two);
              search (q, path, 1, &one, &p1);
              search (q, path, 2, &two, &p2);
              g_assert_cmpuint (one.messages->len, ==, two.messages->len);
              for (guint i = 0; i < one.messages->len; i++)
                g_assert_cmpstr (one.messages->pdata[i], ==, two.messages->pdata[i]);
              g_assert_cmpuint (one.matches->len, ==, two.matches->len);
              g_assert_cmpuint (p1.games, ==, p2.games);
              files++;
              games += p1.games;
              damaged += p1.damaged;
              skipped += p1.skipped;
              collect_clear (&one);
              collect_clear (&two);
            }
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " files, %" G_GUINT64_FORMAT " games, %"
                  G_GUINT64_FORMAT " damaged, %" G_GUINT64_FORMAT " skipped",
                  files, games, damaged, skipped);
  g_assert_cmpuint (files, >=, 100);
  g_assert_cmpuint (damaged, >, 0);
  g_assert_cmpuint (skipped, >, 0);
}

/* A damaged game is reported once with its line, is examined up to its last
 * legal position, and the search goes on to the next game. */
static void
test_damaged_game (void)
{
  static const char pgn[] =
    "[Event \"one\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
    "[Event \"two\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6\n4. Qxf7#\n5. Kxf7 1-0\n\n"
    "[Event \"three\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Nf3 Nf6 4. Zz9 d5 *\n\n"
    "[Event \"four\"]\n\n1. d4 d5 2. c4 *\n";
  g_autofree char *path = write_tmp (pgn, -1);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(CqQuery) q = query ("(match (position :mate))");
  Collect c;
  CqSearchProgress p = { 0 };

  collect_init (&c);
  search (q, path, 2, &c, &p);
  g_assert_cmpuint (p.games, ==, 4);
  g_assert_cmpuint (p.damaged, ==, 2);
  g_assert_cmpuint (p.skipped, ==, 0);
  /* game 2 is mate before its illegal move: it still matches */
  g_assert_cmpuint (c.matches->len, ==, 2);
  g_assert_cmpuint (g_array_index (c.matches, guint64, 0), ==, 1);
  g_assert_cmpuint (g_array_index (c.matches, guint64, 1), ==, 2);
  g_assert_cmpuint (g_array_index (c.diag_games, guint64, 0), ==, 2);
  g_assert_cmpuint (g_array_index (c.diag_games, guint64, 1), ==, 3);
  g_assert_true (strstr (c.messages->pdata[0], ":9: game 2: ") != NULL);
  g_assert_true (strstr (c.messages->pdata[0], "Kxf7") != NULL);
  g_assert_true (strstr (c.messages->pdata[1], ":13: game 3: ") != NULL);
  g_assert_true (strstr (c.messages->pdata[1], "Zz9") != NULL);
  /* the annotated damaged game keeps its unreadable rest (nothing lost) */
  g_assert_true (strstr (c.pgns->pdata[1], "Qxf7") != NULL);
  g_assert_true (strstr (c.pgns->pdata[1], "Kxf7") != NULL);
  collect_clear (&c);
  g_unlink (path);
}

/* Non-standard variants are skipped with a report, not misread: a Variant
 * tag, a Shredder-FEN castling field, and a Chess960 start position with
 * X-FEN `KQkq` rights (found by this test; engine/pgn/cq-game.c). */
static void
test_variants_skipped (void)
{
  static const char pgn[] =
    "[Event \"960 tag\"]\n[Variant \"Chess960\"]\n"
    "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n"
    "9. g3 *\n\n"
    "[Event \"960 X-FEN\"]\n[SetUp \"1\"]\n"
    "[FEN \"nrbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBNR w KQkq - 0 1\"]\n\n"
    "1. e4 e5 2. Nf3 Nf6 3. O-O *\n\n"
    "[Event \"atomic\"]\n[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *\n\n"
    "[Event \"from position\"]\n[Variant \"From Position\"]\n[SetUp \"1\"]\n"
    "[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O Kf7 2. Rd7+ *\n\n"
    "[Event \"960 Shredder\"]\n[SetUp \"1\"]\n"
    "[FEN \"nrbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBNR w BHbh - 0 1\"]\n\n"
    "1. e4 *\n\n"
    "[Event \"standard\"]\n[Variant \"Standard\"]\n\n1. e4 *\n";
  g_autofree char *path = write_tmp (pgn, -1);
  g_autoptr(CqQuery) q = query ("(match (position :check))");
  Collect c;
  CqSearchProgress p = { 0 };

  collect_init (&c);
  search (q, path, 1, &c, &p);
  g_assert_cmpuint (p.games, ==, 6);
  g_assert_cmpuint (p.skipped, ==, 4);
  g_assert_cmpuint (p.damaged, ==, 0);
  g_assert_cmpuint (g_array_index (c.diag_games, guint64, 0), ==, 1);
  g_assert_cmpuint (g_array_index (c.diag_games, guint64, 1), ==, 2);
  g_assert_cmpuint (g_array_index (c.diag_games, guint64, 2), ==, 3);
  g_assert_cmpuint (g_array_index (c.diag_games, guint64, 3), ==, 5);
  g_assert_true (strstr (c.messages->pdata[0], "skipped: variant Chess960") != NULL);
  g_assert_true (strstr (c.messages->pdata[1], "skipped: variant Chess960") != NULL);
  g_assert_true (strstr (c.messages->pdata[1], "KQkq") != NULL);
  g_assert_true (strstr (c.messages->pdata[2], "skipped: variant Atomic") != NULL);
  g_assert_true (strstr (c.messages->pdata[3], "skipped: variant Chess960") != NULL);
  /* "From Position" is standard chess: game 4 gives check */
  g_assert_cmpuint (c.matches->len, ==, 1);
  g_assert_cmpuint (g_array_index (c.matches, guint64, 0), ==, 4);
  collect_clear (&c);
  g_unlink (path);
}

/* Bytes that are not PGN at all: random data, NULs, unbalanced brackets,
 * huge tokens.  The search completes and accounts for every game. */
static void
test_garbage (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(CqQuery) q = query ("(match (position :variations))");
  static const char *const pieces[] = {
    "[", "]", "\"", "{", "}", "(", ")", ";", "\n", "\r\n", " ", "1.", "e4", "O-O",
    "Nf3", "$", "*", "1-0", "[Event \"x\"]\n", "\n\n", "%", "\\", "\xe9", "\xff",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n", "[SetUp \"1\"]", "--", "Z0", "!!", "?",
  };
  g_autofree char *path = NULL;
  Collect c;
  CqSearchProgress p = { 0 };

  for (guint i = 0; i < 200000; i++)
    {
      if (g_rand_int_range (rand, 0, 4) == 0)
        g_string_append_c (text, (char) g_rand_int_range (rand, 0, 256));
      else
        g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
    }
  /* one token far longer than any buffer */
  for (guint i = 0; i < 300000; i++)
    g_string_append_c (text, 'a' + i % 26);
  g_string_append (text, "\n\n[Event \"last\"]\n\n1. e4 *\n");
  path = write_tmp (text->str, text->len);
  collect_init (&c);
  search (q, path, 2, &c, &p);
  g_assert_cmpuint (p.games, >, 100);
  g_assert_cmpuint (p.damaged, >, 0);
  g_assert_cmpuint (g_array_index (c.matches, guint64, c.matches->len - 1), ==, p.games);
  collect_clear (&c);
  g_unlink (path);
}

/* Pathological nesting (variations, comments) is reported, not recursed
 * into until the stack overflows. */
static void
test_deep_nesting (void)
{
  g_autoptr(GString) text = g_string_new ("[Event \"deep\"]\n\n1. e4 ");
  g_autoptr(CqQuery) q = query ("(match (position :variations))");
  g_autofree char *path = NULL;
  Collect c;
  CqSearchProgress p = { 0 };

  for (guint i = 0; i < 100000; i++)
    g_string_append (text, "(1. d4 ");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, ')');
  g_string_append (text, " e5 *\n\n[Event \"after\"]\n\n1. d4 {{{{ d5 *\n");
  path = write_tmp (text->str, text->len);
  collect_init (&c);
  search (q, path, 1, &c, &p);
  g_assert_cmpuint (p.games, ==, 2);
  g_assert_cmpuint (p.damaged, ==, 2);
  g_assert_true (strstr (c.messages->pdata[0], ":3: game 1: ") != NULL);
  g_assert_true (strstr (c.messages->pdata[0], "nested") != NULL);
  g_assert_true (strstr (c.messages->pdata[1], ":7: game 2: ") != NULL);
  g_assert_true (strstr (c.messages->pdata[1], "unterminated comment") != NULL);
  g_assert_cmpuint (c.matches->len, ==, 2);
  collect_clear (&c);
  g_unlink (path);
}

/* A file that cannot be read is an error, not an empty result. */
static void
test_unreadable (void)
{
  g_autoptr(CqQuery) q = query ("(match (position))");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cq-robust-XXXXXX", NULL);
  Collect c;

  collect_init (&c);
  g_assert_false (cq_search_run (q, "/nonexistent/robust.pgn", NULL, &callbacks, &c,
                                 NULL, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (strstr (error->message, "/nonexistent/robust.pgn") != NULL);
  g_clear_error (&error);

  g_assert_false (cq_search_run (q, dir, NULL, &callbacks, &c, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (strstr (error->message, dir) != NULL);
  g_assert_cmpuint (c.matches->len + c.messages->len, ==, 0);
  collect_clear (&c);
  g_rmdir (dir);
}

/* Cancelling stops at once: FALSE with G_IO_ERROR_CANCELLED and no
 * callback after the cancel. */
static void
test_cancel (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(CqQuery) q = query ("(match (position))");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  CqSearchOptions opts;
  CqSearchProgress p = { 0 };
  Collect c;

  for (guint i = 0; i < 5000; i++)
    g_string_append_printf (text, "[Event \"%u\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n", i);
  path = write_tmp (text->str, text->len);
  for (guint threads = 1; threads <= 2; threads++)
    {
      collect_init (&c);
      c.cancel_after_first = cancellable;
      g_cancellable_reset (cancellable);
      cq_search_options_init (&opts);
      opts.n_threads = threads;
      g_assert_false (cq_search_run (q, path, &opts, &callbacks, &c, cancellable, &p, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
      g_assert_cmpuint (c.matches->len, >=, 1);
      g_assert_cmpuint (p.games, <, 5000);
      collect_clear (&c);
    }
  g_unlink (path);
}

/* Each input that once crashed a fuzz target is searched cleanly. */
static void
test_fuzz_regressions (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  const char *const dirs[] = { "regress-pgn", "regress-search" };
  g_autoptr(CqQuery) q = query ("(match (position :check :variations :markall))");
  guint n = 0;

  g_assert_nonnull (fixtures);
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *top = g_build_filename (fixtures, "fuzz", dirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (top, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (top, name, NULL);
          Collect c;
          CqSearchProgress p = { 0 };

          if (g_str_has_suffix (name, ".md"))
            continue;
          collect_init (&c);
          search (q, path, 1, &c, &p);
          collect_clear (&c);
          n++;
        }
    }
  g_test_message ("%u regression inputs", n);
}

/* 64-bit offsets (slow, --slow only): a sparse file with a game beyond 4 GiB
 * is searched and the match carries its true offset. */
static void
test_beyond_4gib (void)
{
  static const char g1[] = "[Event \"first\"]\n\n1. e4 *\n";
  static const char g2[] = "[Event \"beyond\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  const guint64 offset = (G_GUINT64_CONSTANT (17) << 28) + 3;   /* 4.25 GiB + 3 */
  g_autoptr(CqQuery) q = query ("(match (position :mate))");
  g_autofree char *path = NULL;
  Collect c;
  CqSearchProgress p = { 0 };
  CqSearchOptions opts;
  g_autoptr(GError) error = NULL;
  int fd = g_file_open_tmp ("cq-robust-sparse-XXXXXX.pgn", &path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (write (fd, g1, sizeof g1 - 1), ==, sizeof g1 - 1);
  if (pwrite (fd, g2, sizeof g2 - 1, offset) != (gssize) (sizeof g2 - 1))
    {
      close (fd);
      g_unlink (path);
      g_test_skip ("cannot write a sparse file beyond 4 GiB here");
      return;
    }
  close (fd);
  collect_init (&c);
  cq_search_options_init (&opts);
  opts.want_pgn = TRUE;
  g_assert_true (cq_search_run (q, path, &opts, &callbacks, &c, NULL, &p, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (p.total_bytes, ==, offset + sizeof g2 - 1);
  g_assert_cmpuint (p.games, ==, 2);
  g_assert_cmpuint (c.matches->len, ==, 1);
  g_assert_cmpuint (g_array_index (c.matches, guint64, 0), ==, 2);
  g_assert_true (strstr (c.pgns->pdata[0], "Qh4#") != NULL);
  collect_clear (&c);
  g_unlink (path);
}

int
main (int argc, char **argv)
{
  gboolean slow = argc > 1 && strcmp (argv[1], "--slow") == 0;

  if (slow)
    argc = 1;
  g_test_init (&argc, &argv, NULL);
  if (slow)
    {
      g_test_add_func ("/robust/search/beyond-4gib", test_beyond_4gib);
      return g_test_run ();
    }
  g_test_add_func ("/robust/search/damaged-game", test_damaged_game);
  g_test_add_func ("/robust/search/variants-skipped", test_variants_skipped);
  g_test_add_func ("/robust/search/garbage", test_garbage);
  g_test_add_func ("/robust/search/deep-nesting", test_deep_nesting);
  g_test_add_func ("/robust/search/unreadable", test_unreadable);
  g_test_add_func ("/robust/search/cancel", test_cancel);
  g_test_add_func ("/robust/search/fuzz-regressions", test_fuzz_regressions);
  g_test_add_func ("/robust/search/shared-data", test_shared_data);
  return g_test_run ();
}
