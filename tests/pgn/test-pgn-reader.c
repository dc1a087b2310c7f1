/* test-pgn-reader.c: splitting PGN input into game texts (CqPgnReader).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "pgn-test-util.h"

typedef struct {
  char        *text;
  CqGameSource source;
} SplitGame;

static void
split_game_free (gpointer p)
{
  SplitGame *g = p;

  g_free (g->text);
  g_free (g);
}

/* Splits with @reader (block size @block, 0 for the default) into an array
 * of SplitGame. */
static GPtrArray *
split_reader (CqPgnReader *reader, gsize block)
{
  GPtrArray *games = g_ptr_array_new_with_free_func (split_game_free);
  g_autoptr (GError) error = NULL;
  const char *text;
  gsize len;
  CqGameSource source;
  guint64 last_pos = 0;

  if (block)
    _cq_pgn_reader_set_block_size (reader, block);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      SplitGame *g = g_new0 (SplitGame, 1);

      g->text = g_malloc (len + 1);   /* not g_strndup: junk may hold NULs */
      memcpy (g->text, text, len);
      g->text[len] = '\0';
      g->source = source;
      g_assert_cmpuint (source.length, ==, len);
      g_assert_cmpuint (source.number, ==, games->len + 1);
      /* The position only moves forward and is past the game. */
      g_assert_cmpuint (cq_pgn_reader_get_position (reader), >=, last_pos);
      g_assert_cmpuint (cq_pgn_reader_get_position (reader), >=, source.offset + len);
      last_pos = cq_pgn_reader_get_position (reader);
      g_ptr_array_add (games, g);
    }
  g_assert_no_error (error);
  /* Still FALSE after the end. */
  g_assert_false (cq_pgn_reader_next (reader, &text, &len, &source, &error));
  g_assert_no_error (error);
  return games;
}

static GPtrArray *
split_data (const char *data, gsize len, gsize block)
{
  g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_data (data, len, "test");

  return split_reader (reader, block);
}

static GPtrArray *
split_file (const char *path, gsize block)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_path (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (reader);
  g_assert_cmpstr (cq_pgn_reader_get_name (reader), ==, path);
  return split_reader (reader, block);
}

/* The line of byte @offset of @data, counted independently of the reader. */
static guint64
line_of (const char *data, guint64 offset)
{
  guint64 line = 1;

  for (guint64 i = 0; i < offset; i++)
    if (data[i] == '\n')
      line++;
  return line;
}

/* Each game's text is the input at its offset, and its line is right. */
static void
assert_consistent (const char *data, gsize len, GPtrArray *games)
{
  for (guint i = 0; i < games->len; i++)
    {
      SplitGame *g = games->pdata[i];

      g_assert_cmpuint (g->source.offset + g->source.length, <=, len);
      g_assert_cmpmem (g->text, g->source.length, data + g->source.offset, g->source.length);
      g_assert_cmpuint (g->source.line, ==, line_of (data, g->source.offset));
      if (i > 0)
        {
          SplitGame *prev = games->pdata[i - 1];
          g_assert_cmpuint (g->source.offset, >=, prev->source.offset + prev->source.length);
        }
    }
}

static void
assert_same_split (GPtrArray *a, GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      SplitGame *x = a->pdata[i], *y = b->pdata[i];

      g_assert_cmpstr (x->text, ==, y->text);
      g_assert_cmpuint (x->source.number, ==, y->source.number);
      g_assert_cmpuint (x->source.offset, ==, y->source.offset);
      g_assert_cmpuint (x->source.length, ==, y->source.length);
      g_assert_cmpuint (x->source.line, ==, y->source.line);
    }
}

static const gsize block_sizes[] = { 1, 2, 3, 5, 7, 13, 64, 1000 };

/* The hand-made fixture with every splitting rule: see the expectations. */
static void
test_splitter_cases (void)
{
  static const struct {
    guint64     line;
    const char *starts;
    const char *ends;
  } expected[] = {
    { 2, "[Event \"G1\"]", "3. Bb5 1-0" },
    { 12, "[Event \"G2 header only\"]", "[Result \"*\"]" },
    { 15, "[Event \"G3 header only\"]", "[Result \"*\"]" },
    { 18, "[Event \"G4\"]", "2. c4 *" },
    { 22, "1. e4 e5 *", "1. e4 e5 *" },
    { 23, "e4 c5 Nf3 d6 1/2-1/2", "e4 c5 Nf3 d6 1/2-1/2" },
    { 25, "1. c4 e5", "1. c4 e5" },
    { 27, "1. d4 d5 2. c4", "1. d4 d5 2. c4" },
    { 29, "[Event \"G9 no result\"]", "1. e4 e5 2. Nf3" },
    { 32, "[Event \"G10 unterminated comment\"]", "{ this comment is never closed" },
    { 36, "[Event \"G11\"]", "Qh4# 0-1" },
  };
  g_autofree char *path = fixture_path ("splitter-cases.pgn");
  g_autoptr (GPtrArray) games = NULL;
  gsize len;
  char *data = fixture_contents ("splitter-cases.pgn", &len);
  games = split_file (path, 0);
  g_assert_cmpuint (games->len, ==, G_N_ELEMENTS (expected));
  assert_consistent (data, len, games);
  for (guint i = 0; i < games->len; i++)
    {
      SplitGame *g = games->pdata[i];

      g_assert_cmpuint (g->source.line, ==, expected[i].line);
      g_assert_true (g_str_has_prefix (g->text, expected[i].starts));
      g_assert_true (g_str_has_suffix (g->text, expected[i].ends));
      /* The offset is that of the first occurrence of the game's start
       * after the previous game. */
      g_assert_true (g_str_has_prefix (data + g->source.offset, expected[i].starts));
    }
  /* Spot checks with literal numbers. */
  g_assert_cmpuint (((SplitGame *) games->pdata[0])->source.offset, ==, 55);
  {
    const char *hit = g_strstr_len (data, len, "[Event \"G11\"]");
    gsize g11 = hit ? (gsize) (hit - data) : 0;
    g_assert_cmpuint (((SplitGame *) games->pdata[10])->source.offset, ==, g11);
  }

  /* Any block size, from a file or from memory, gives the same games. */
  for (guint b = 0; b < G_N_ELEMENTS (block_sizes); b++)
    {
      g_autoptr (GPtrArray) by_file = split_file (path, block_sizes[b]);
      g_autoptr (GPtrArray) by_mem = split_data (data, len, block_sizes[b]);

      assert_same_split (games, by_file);
      assert_same_split (games, by_mem);
    }
  {
    g_autoptr (GPtrArray) in_place = split_data (data, len, 0);
    assert_same_split (games, in_place);
  }
  g_free (data);
}

/* A BOM, CRLF line ends, escape lines. */
static void
test_bom_crlf (void)
{
  static const char data[] =
    "\xEF\xBB\xBF[Event \"A\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {c\r\n\r\n[x]} *\r\n\r\n"
    "%escape\r\n[Event \"B\"]\r\n\r\n1. d4 1-0\r\n";
  g_autoptr (GPtrArray) games = split_data (data, sizeof data - 1, 0);
  SplitGame *a, *b;

  g_assert_cmpuint (games->len, ==, 2);
  a = games->pdata[0];
  b = games->pdata[1];
  g_assert_cmpuint (a->source.offset, ==, 3);
  g_assert_cmpuint (a->source.line, ==, 1);
  g_assert_cmpstr (a->text, ==, "[Event \"A\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {c\r\n\r\n[x]} *");
  g_assert_cmpuint (b->source.line, ==, 9);
  g_assert_cmpstr (b->text, ==, "[Event \"B\"]\r\n\r\n1. d4 1-0");
  assert_consistent (data, sizeof data - 1, games);
  for (guint i = 0; i < G_N_ELEMENTS (block_sizes); i++)
    {
      g_autoptr (GPtrArray) g2 = split_data (data, sizeof data - 1, block_sizes[i]);
      assert_same_split (games, g2);
    }
}

/* Tag-less games: by result tokens, by blank lines before "1.", and a
 * comment before the first move belongs to the game. */
static void
test_tagless (void)
{
  static const char data[] =
    "e4 e5 Nf3 Nc6 Bb5 *\n"
    "Nf3 Nc6 e4 e5 { Match game 1 at 4 ply. } Bc4 *\n"
    "{ intro } 1. d4 d5\n"
    "\n"
    "1. c4 e5 2. Nc3\n"
    "\n"
    "   1. e4 e5 2. Nf3 Nc6 3. Bb5 { leading whitespace } *\n"
    "\n"
    "{ only a comment, no game }\n";
  g_autoptr (GPtrArray) games = split_data (data, sizeof data - 1, 0);

  g_assert_cmpuint (games->len, ==, 5);
  g_assert_cmpstr (((SplitGame *) games->pdata[0])->text, ==, "e4 e5 Nf3 Nc6 Bb5 *");
  g_assert_cmpstr (((SplitGame *) games->pdata[1])->text, ==,
                   "Nf3 Nc6 e4 e5 { Match game 1 at 4 ply. } Bc4 *");
  g_assert_cmpstr (((SplitGame *) games->pdata[2])->text, ==, "{ intro } 1. d4 d5");
  g_assert_cmpuint (((SplitGame *) games->pdata[2])->source.line, ==, 3);
  g_assert_cmpstr (((SplitGame *) games->pdata[3])->text, ==, "1. c4 e5 2. Nc3");
  g_assert_cmpuint (((SplitGame *) games->pdata[3])->source.line, ==, 5);
  g_assert_cmpstr (((SplitGame *) games->pdata[4])->text, ==,
                   "1. e4 e5 2. Nf3 Nc6 3. Bb5 { leading whitespace } *");
  g_assert_cmpuint (((SplitGame *) games->pdata[4])->source.offset, ==,
                    strstr (data, "1. e4 e5 2. Nf3 Nc6") - data);
  assert_consistent (data, sizeof data - 1, games);
  for (guint i = 0; i < G_N_ELEMENTS (block_sizes); i++)
    {
      g_autoptr (GPtrArray) g2 = split_data (data, sizeof data - 1, block_sizes[i]);
      assert_same_split (games, g2);
    }
}

/* The movetext's bytes that matter to the splitter (newline, `{`, `;`,
 * `(`, `)`, `[`, `-`, `/`, `*`, a result in a variation or in an escaped
 * line that does not end the game, a byte that looks like them, ESC, a
 * line that begins with a blank) at every place of the
 * 64-byte windows the scanner classifies them in, and at every place of
 * the blocks. */
static void
test_movetext_windows (void)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
  g_autoptr (GString) data = g_string_new (NULL);
  g_autoptr (GPtrArray) games = NULL;
  guint n = 140;

  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (data, "[Event \"G%u\"]\n\n1. e4 ", i);
      for (guint k = 0; k < i % 67; k++)
        g_string_append_c (data, k % 3 == 0 ? 'a' : ' ');
      g_string_append (data, "e5 2. O-O (2. Nf3 1-0 0-1 * 1/2-1/2) \x1B Nc6 2+ 3-0 ;x\n"
                       "{c [ } 3. d4 $1 11-0 a/b\n% an escaped line: 0-1 [x\n  ");
      g_string_append (data, results[i % 4]);
      /* A game without tags next: only the result ends the one before. */
      g_string_append (data, "\n1. c4 c5 *");
      g_string_append (data, i % 5 == 0 ? "\n" : "\n\n");
    }
  games = split_data (data->str, data->len, 0);
  g_assert_cmpuint (games->len, ==, 2 * n);
  assert_consistent (data->str, data->len, games);
  for (guint i = 0; i < n; i++)
    {
      SplitGame *g = games->pdata[2 * i];
      g_autofree char *start = g_strdup_printf ("[Event \"G%u\"]", i);

      g_assert_true (g_str_has_prefix (g->text, start));
      g_assert_true (g_str_has_suffix (g->text, results[i % 4]));
      g_assert_nonnull (strstr (g->text, "a/b\n"));
      g_assert_cmpstr (((SplitGame *) games->pdata[2 * i + 1])->text, ==, "1. c4 c5 *");
    }
  for (guint b = 0; b < G_N_ELEMENTS (block_sizes); b++)
    {
      g_autoptr (GPtrArray) g2 = split_data (data->str, data->len, block_sizes[b]);
      assert_same_split (games, g2);
    }
}

/* A blank line inside a game's movetext does not split it when what
 * follows is not White's first move; "1..." continues a game. */
static void
test_blank_line_in_movetext (void)
{
  static const char data[] =
    "[Event \"A\"]\n\n1. e4 {long comment}\n\n1... e5\n\n2. Nf3 Nc6\n\n{more} 3. Bb5 *\n"
    "[Event \"B\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n{start}\n\n1. Kb1 *\n";
  g_autoptr (GPtrArray) games = split_data (data, sizeof data - 1, 0);

  g_assert_cmpuint (games->len, ==, 2);
  g_assert_true (g_str_has_suffix (((SplitGame *) games->pdata[0])->text, "3. Bb5 *"));
  g_assert_true (g_str_has_suffix (((SplitGame *) games->pdata[1])->text, "1. Kb1 *"));
}

/* Header-only games: a repeated tag after a blank line, or a repeated
 * Event, starts a new game; a blank line inside one tag section does not
 * (ChessBase exports). */
static void
test_header_only (void)
{
  g_autofree char *data = NULL;
  g_autoptr (GPtrArray) games = NULL;
  gsize len;

  data = fixture_contents ("uzchesscup.pgn", &len);
  games = split_data (data, len, 0);
  g_assert_cmpuint (games->len, ==, 45);
  g_assert_true (g_str_has_prefix (((SplitGame *) games->pdata[0])->text, "[Event \"Round 1:"));
  g_assert_true (g_str_has_prefix (((SplitGame *) games->pdata[1])->text, "[Round \"1.2\"]"));
  g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.line, ==, 20);
  assert_consistent (data, len, games);
  for (guint i = 0; i < G_N_ELEMENTS (block_sizes); i++)
    {
      g_autoptr (GPtrArray) g2 = split_data (data, len, block_sizes[i]);
      assert_same_split (games, g2);
    }
  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_pointer (&data, g_free);

  data = fixture_contents ("chessbase-empty-line.pgn", &len);
  games = split_data (data, len, 0);
  g_assert_cmpuint (games->len, ==, 1);
  g_clear_pointer (&games, g_ptr_array_unref);

  {
    static const char two[] = "[Event \"A\"]\n[Site \"x\"]\n[Event \"B\"]\n[Site \"y\"]\n";
    games = split_data (two, sizeof two - 1, 0);
    g_assert_cmpuint (games->len, ==, 2);
    g_assert_cmpstr (((SplitGame *) games->pdata[1])->text, ==, "[Event \"B\"]\n[Site \"y\"]");
    g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.line, ==, 3);
  }
}

/* Fixtures copied from other projects' test suites: game counts. */
static void
test_fixture_counts (void)
{
  static const struct {
    const char *name;
    guint       games;
  } cases[] = {
    { "utf8-bom.pgn", 2 },
    { "chessbase-empty-line.pgn", 1 },
    { "test-fuzzydepth.pgn", 4 },
    { "test-nagcomments.pgn", 1 },
    { "nested-comment.pgn", 1 },
    { "leading-whitespace.pgn", 4 },
    { "pathological-headers.pgn", 1 },
    { "z0.pgn", 1 },
    { "cct131.pgn", 3 },
    { "bare.pgn", 1 },
    { "uzchesscup.pgn", 45 },
    { "doc-sampleGameThrow.pgn", 1 },
    { "cutechess-fischerrandom.pgn", 4 },
    { "res_gameLatin1.pgn", 1 },
    { "test-allownullmoves.pgn", 2 },
    { "rav_alternative.pgn", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture_path (cases[i].name);
      g_autofree char *data = NULL;
      g_autoptr (GPtrArray) games = split_file (path, 0);
      gsize len;

      data = fixture_contents (cases[i].name, &len);
      g_test_message ("%s: %u games", cases[i].name, games->len);
      g_assert_cmpuint (games->len, ==, cases[i].games);
      assert_consistent (data, len, games);
      for (guint b = 0; b < G_N_ELEMENTS (block_sizes); b++)
        {
          g_autoptr (GPtrArray) g2 = split_file (path, block_sizes[b]);
          assert_same_split (games, g2);
        }
    }
}

/* The UTF-8 BOM is skipped: the first game starts at byte 3. */
static void
test_bom_fixture (void)
{
  g_autofree char *path = fixture_path ("utf8-bom.pgn");
  g_autoptr (GPtrArray) games = split_file (path, 0);

  g_assert_cmpuint (((SplitGame *) games->pdata[0])->source.offset, ==, 3);
  g_assert_true (g_str_has_prefix (((SplitGame *) games->pdata[0])->text, "[Event \"A\"]"));
  g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.line, ==, 14);
}

/* A game larger than the buffer, and games across many blocks. */
static void
test_large_game (void)
{
  g_autoptr (GString) data = g_string_new ("[Event \"Big\"]\n\n");
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *tmp = NULL;
  g_autoptr (GError) error = NULL;
  int fd;

  /* A comment of 3 MiB, then a second game. */
  g_string_append (data, "1. e4 {");
  for (guint i = 0; i < 3 * 1024 * 1024 / 64; i++)
    g_string_append (data, "0123456789 0123456789 0123456789 0123456789 0123456789 01234567\n");
  g_string_append (data, "} e5 1-0\n\n[Event \"Small\"]\n\n1. d4 *\n");

  fd = g_file_open_tmp ("cq-pgn-XXXXXX.pgn", &tmp, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (tmp, data->str, data->len, &error);
  g_assert_no_error (error);

  games = split_file (tmp, 0);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_true (g_str_has_suffix (((SplitGame *) games->pdata[0])->text, "} e5 1-0"));
  g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.line, ==, 3 + 3 * 1024 * 1024 / 64 + 2);
  assert_consistent (data->str, data->len, games);
  {
    g_autoptr (GPtrArray) g2 = split_file (tmp, 4096);
    assert_same_split (games, g2);
  }
  {
    g_autoptr (CqPgnReader) r = cq_pgn_reader_new_for_path (tmp, NULL, &error);
    g_assert_cmpuint (cq_pgn_reader_get_size (r), ==, data->len);
  }
  g_unlink (tmp);
}

/* cq_pgn_read_game_at() finds each game again from its source. */
static void
test_read_game_at (void)
{
  g_autofree char *path = fixture_path ("splitter-cases.pgn");
  g_autoptr (GPtrArray) games = split_file (path, 0);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < games->len; i++)
    {
      SplitGame *g = games->pdata[i];
      g_autoptr (CqGame) a = cq_game_new_parsed (g->text, g->source.length, &g->source, path);
      g_autoptr (CqGame) b = cq_pgn_read_game_at (path, &g->source, &error);

      g_assert_no_error (error);
      g_assert_nonnull (b);
      g_assert_cmpstr (b->filename, ==, path);
      g_assert_true (b->filename != path);   /* the game's own copy */
      g_assert_cmpuint (b->source.number, ==, i + 1);
      g_assert_cmpuint (b->n_tags, ==, a->n_tags);
      assert_same_string (cq_game_get_tag (a, "Event"), cq_game_get_tag (b, "Event"));
      assert_same_string (a->error, b->error);
      assert_same_tree (a, b);
    }

  /* Messages name the file, also for a game skipped from its tags. */
  {
    g_autofree char *c960 = fixture_path ("cutechess-fischerrandom.pgn");
    g_autoptr (GPtrArray) g960 = split_file (c960, 0);
    g_autoptr (CqGame) b = cq_pgn_read_game_at (c960, &((SplitGame *) g960->pdata[1])->source,
                                                &error);
    g_autofree char *expected = g_strdup_printf ("%s:67: game 2: skipped: variant fischerandom",
                                                 c960);

    g_assert_no_error (error);
    g_assert_true (b->skipped);
    g_assert_cmpstr (b->error, ==, expected);
  }

  /* Past the end of the file, and a missing file. */
  {
    CqGameSource beyond = { 99, 100000, 50, 1 };
    CqGame *g = cq_pgn_read_game_at (path, &beyond, &error);

    g_assert_null (g);
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
    g_assert_nonnull (strstr (error->message, "file ends before game 99"));
    g_clear_error (&error);
    g = cq_pgn_read_game_at ("/nonexistent.pgn", &beyond, &error);
    g_assert_null (g);
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
}

/* A game too long to keep is returned without its text, marked too large,
 * and the games after it still come; a "game" that never ends costs no
 * memory either.  NUL padding between games is skipped. */
static void
test_limits (void)
{
  g_autoptr (GString) data = g_string_new ("[Event \"A\"]\n\n1. e4 *\n\n1. d4 {");
  g_autoptr (CqPgnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  const char *text;
  gsize len;
  CqGameSource source;
  gsize huge_len;

  for (guint i = 0; i < 40000; i++)
    g_string_append (data, "a long comment ");
  g_string_append (data, "} *\n\n[Event \"after\"]\n\n1. c4 *\n\n1. d4 {");
  huge_len = data->len - 22 - strlen ("\n\n[Event \"after\"]\n\n1. c4 *\n\n1. d4 {");
  for (guint i = 0; i < 40000; i++)
    g_string_append (data, "never ends ");
  reader = cq_pgn_reader_new_for_data (data->str, data->len, "huge.pgn");
  _cq_pgn_reader_set_block_size (reader, 4096);
  _cq_pgn_reader_set_max_game_size (reader, 100000);
  g_assert_true (cq_pgn_reader_next (reader, &text, &len, &source, &error));
  g_assert_false (source.too_large);
  g_assert_true (cq_pgn_reader_next (reader, &text, &len, &source, &error));
  g_assert_true (source.too_large);
  g_assert_cmpuint (len, ==, 0);
  g_assert_cmpuint (source.number, ==, 2);
  g_assert_cmpuint (source.offset, ==, 22);
  g_assert_cmpuint (source.length, ==, huge_len);
  g_assert_cmpuint (source.line, ==, 5);
  g_assert_true (cq_pgn_reader_next (reader, &text, &len, &source, &error));
  g_assert_false (source.too_large);
  g_assert_cmpuint (source.number, ==, 3);
  g_assert_cmpmem (text, len, "[Event \"after\"]\n\n1. c4 *", 24);
  /* The last one never ends: it is read to the end of the input, still
   * without keeping its text. */
  g_assert_true (cq_pgn_reader_next (reader, &text, &len, &source, &error));
  g_assert_no_error (error);
  g_assert_true (source.too_large);
  g_assert_cmpuint (source.number, ==, 4);
  g_assert_false (cq_pgn_reader_next (reader, &text, &len, &source, &error));
  g_assert_no_error (error);

  {
    static const char padded[] = "1. e4 *\n\0\0\0\0\n\x1a" "1. d4 *\0\0";
    g_autoptr (GPtrArray) games = split_data (padded, sizeof padded - 1, 0);

    g_assert_cmpuint (games->len, ==, 2);
    g_assert_cmpstr (((SplitGame *) games->pdata[1])->text, ==, "1. d4 *");
    g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.line, ==, 3);
  }
}

/* 64-bit offsets: a sparse file with a game beyond 4 GiB (slow). */
static void
test_beyond_4gib (void)
{
  static const char g1[] = "[Event \"first\"]\n\n1. e4 *\n";
  static const char g2[] = "[Event \"beyond 4 GiB\"]\n\n1. d4 d5 1-0\n";
  const guint64 offset = (G_GUINT64_CONSTANT (9) << 29) + 7;   /* 4.5 GiB + 7 */
  g_autofree char *tmp = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (CqGame) game = NULL;
  int fd;

  fd = g_file_open_tmp ("cq-sparse-XXXXXX.pgn", &tmp, &error);
  g_assert_no_error (error);
  g_assert_cmpint (write (fd, g1, sizeof g1 - 1), ==, sizeof g1 - 1);
  if (pwrite (fd, g2, sizeof g2 - 1, offset) != (gssize) (sizeof g2 - 1))
    {
      close (fd);
      g_unlink (tmp);
      g_test_skip ("cannot write a sparse file beyond 4 GiB here");
      return;
    }
  close (fd);

  games = split_file (tmp, 0);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.offset, ==, offset);
  g_assert_cmpuint (((SplitGame *) games->pdata[1])->source.line, ==, 4);
  game = cq_pgn_read_game_at (tmp, &((SplitGame *) games->pdata[1])->source, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cq_game_get_tag (game, "Event"), ==, "beyond 4 GiB");
  g_assert_cmpuint (game->n_nodes, ==, 3);
  g_unlink (tmp);
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  CqPgnReader *r = cq_pgn_reader_new_for_path ("/nonexistent/x.pgn", NULL, &error);

  g_assert_null (r);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "/nonexistent/x.pgn"));
  g_clear_error (&error);

  r = cq_pgn_reader_new_for_path ("/", NULL, &error);
  g_assert_null (r);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
}

/* Empty input, only whitespace, only comments: no games. */
static void
test_empty (void)
{
  static const char *const inputs[] = { "", "\n\n  \r\n", "% only an escape line\n",
                                        "{ a comment }\n; another\n",
                                        "\xEF\xBB\xBF" };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr (GPtrArray) games = split_data (inputs[i], strlen (inputs[i]), 0);
      g_assert_cmpuint (games->len, ==, 0);
    }
}

/* Random bytes and PGN-like junk: the split is consistent, independent of
 * the block size, and every game can be parsed and written. */
static void
test_junk (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  static const char alphabet[] = "[]{}()\";%*-/01\n\n \r\xEF\xBB\xBF" "abcKQ.e4$";

  for (guint round = 0; round < 300; round++)
    {
      gsize len = g_rand_int_range (rand, 0, 400);
      g_autofree char *data = g_malloc (len + 1);
      g_autoptr (GPtrArray) games = NULL;

      for (gsize i = 0; i < len; i++)
        data[i] = round % 3 == 0 ? (char) g_rand_int_range (rand, 0, 256)
                                 : alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      games = split_data (data, len, 0);
      assert_consistent (data, len, games);
      {
        gsize block = 1 + round % 7;
        g_autoptr (GPtrArray) g2 = split_data (data, len, block);
        assert_same_split (games, g2);
      }
      /* And every game parses without crashing. */
      for (guint i = 0; i < games->len; i++)
        {
          SplitGame *g = games->pdata[i];
          g_autoptr (CqGame) game = cq_game_new_parsed (g->text, g->source.length, &g->source,
                                                        "junk");
          GString *out = g_string_new (NULL);

          cq_pgn_write_game (out, game, NULL);
          g_string_free (out, TRUE);
        }
    }
}

/* The game read with the reader's tag spans is the game read without them:
 * the same tags, tag lines, movetext and first error, also where the spans
 * stop (a name the fast path refuses, tags on one line, CRLF, an escape or
 * comment line between tags, a text made UTF-8, more tags than are kept)
 * and whatever block size cuts the input. */
static void
assert_spans_read_alike (const char *data, gsize len, guint expect_spans)
{
  static const gsize blocks[] = { 0, 1, 5, 64 };

  for (guint b = 0; b < G_N_ELEMENTS (blocks); b++)
    {
      g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_data (data, len, "spans");
      g_autoptr (GError) error = NULL;
      const char *text;
      gsize tlen;
      CqGameSource source;
      guint game_no = 0;

      if (blocks[b])
        _cq_pgn_reader_set_block_size (reader, blocks[b]);
      while (cq_pgn_reader_next (reader, &text, &tlen, &source, &error))
        {
          guint n_spans;
          const CqTagSpan *spans = _cq_pgn_reader_get_tag_spans (reader, &n_spans);
          g_autoptr (CqGame) with = _cq_game_new_with_tag_spans (text, tlen, &source, "spans",
                                                                 spans, n_spans, FALSE, NULL);
          g_autoptr (CqGame) without = cq_game_new_from_text (text, tlen, &source, "spans");

          if (game_no++ == 0)
            g_assert_cmpuint (n_spans, ==, expect_spans);
          g_assert_cmpuint (with->n_tags, ==, without->n_tags);
          for (guint i = 0; i < with->n_tags; i++)
            {
              g_assert_cmpstr (with->tags[i].name, ==, without->tags[i].name);
              g_assert_cmpstr (with->tags[i].value, ==, without->tags[i].value);
              g_assert_cmpuint (CQ_GAME_PRIVATE (with)->tag_lines[i], ==,
                                CQ_GAME_PRIVATE (without)->tag_lines[i]);
            }
          g_assert_cmpuint (CQ_GAME_PRIVATE (with)->movetext_offset, ==,
                            CQ_GAME_PRIVATE (without)->movetext_offset);
          g_assert_cmpuint (CQ_GAME_PRIVATE (with)->movetext_line, ==,
                            CQ_GAME_PRIVATE (without)->movetext_line);
          g_assert_cmpint (with->skipped, ==, without->skipped);
          cq_game_parse_moves (with);
          cq_game_parse_moves (without);
          g_assert_cmpstr (with->error, ==, without->error);
          g_assert_cmpuint (with->n_nodes, ==, without->n_nodes);
        }
      g_assert_no_error (error);
      g_assert_cmpuint (game_no, >, 0);
    }
}

static void
test_tag_spans (void)
{
  static const struct {
    const char *text;
    guint       spans;   /* the first game's */
  } cases[] = {
    { "[Event \"a\"]\n[Site \"b\"]\n[White \"W\"]\n\n1. e4 e5 *\n", 3 },
    { "[Event \"\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[Ev\\ent \"a\"]\n[Site \"b\"]\n\n1. e4 *\n", 0 },
    { "[Event \"a\"]\n[Si\\te \"b\"]\n[Date \"?\"]\n\n1. e4 *\n", 1 },
    { "[Event \"a \\\"b\\\"\"]\n[Site \"c\"]\n\n1. e4 *\n", 0 },
    { "[Event \"a]b\"]\n[Site \"c\"]\n\n1. e4 *\n", 0 },
    { "[Event \"a\"] [Site \"b\"]\n[Date \"?\"]\n\n1. e4 *\n", 3 },
    { "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n", 1 },
    { "[Event  \"a\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[Event \"a\" ]\n[Site \"b\"]\n\n1. e4 *\n", 0 },
    { "[ \"x\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[\"x\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[Ev\001nt \"a\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[Event \"a\"]\n% escape\n[Site \"b\"]\n\n1. e4 *\n", 1 },
    { "[Event \"a\"]\n; note\n[Site \"b\"]\n\n1. e4 *\n", 1 },
    { "[Event \"a\"]\n$1\n[Site \"b\"]\n\n1. e4 *\n", 1 },
    { "[Event \"caf\xe9\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n[Site \"d\"]\n\n1. e4 *\n", 2 },
    { "[Event \"a\"]\n[Site \"b\"]\n[Event \"c\"]\n\n1. e4 *\n", 2 },
    { "[Variant \"Chess960\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O *\n", 2 },
    { "\xEF\xBB\xBF[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n", 2 },
    { "[Event \"a\"]\n[Site \"b", 1 },
    { "[Event \"a\"]\n[Site \"b\"]", 2 },
    { "1. e4 e5 *\n", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_spans_read_alike (cases[i].text, strlen (cases[i].text), cases[i].spans);

  /* The same cases followed by a game with long tag values, so that the
   * scanner has the bytes to read each tag pair from one look at the 64
   * after it, with pairs that end in and beyond that window. */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint pad = 0; pad < 80; pad += 13)
      {
        g_autoptr (GString) text = g_string_new (cases[i].text);

        g_string_append (text, "\n\n[Event \"next\"]\n[Site \"");
        for (guint k = 0; k < pad; k++)
          g_string_append_c (text, 'a' + k % 26);
        g_string_append (text, "\"]\n[White \"w\\\"x\"]\n[Black \"b]\"]\n[Date \"?\"]\n"
                               "[Annotator \"");
        for (guint k = 0; k < 2 * pad; k++)
          g_string_append_c (text, 'z' - k % 26);
        g_string_append (text, "\"]\n[Event \"again\"]\n\n1. d4 *\n");
        assert_spans_read_alike (text->str, text->len, cases[i].spans);
      }

  /* More tag pairs than are kept: the rest are read from the text. */
  {
    g_autoptr (GString) many = g_string_new (NULL);

    for (guint i = 0; i < CQ_MAX_TAG_SPANS + 12; i++)
      g_string_append_printf (many, "[Tag%u \"value %u\"]\n", i, i);
    g_string_append (many, "\n1. e4 *\n");
    assert_spans_read_alike (many->str, many->len, CQ_MAX_TAG_SPANS);
  }
}

int
main (int argc, char **argv)
{
  /* "--slow" (meson option slow_tests): only the 4 GiB sparse file. */
  gboolean slow = argc > 1 && strcmp (argv[1], "--slow") == 0;

  if (slow)
    argv[1] = argv[0], argv++, argc--;
  g_test_init (&argc, &argv, NULL);
  if (slow)
    {
      g_test_add_func ("/pgn/reader/beyond-4gib", test_beyond_4gib);
      return g_test_run ();
    }

  g_test_add_func ("/pgn/reader/splitter-cases", test_splitter_cases);
  g_test_add_func ("/pgn/reader/bom-crlf", test_bom_crlf);
  g_test_add_func ("/pgn/reader/tagless", test_tagless);
  g_test_add_func ("/pgn/reader/movetext-windows", test_movetext_windows);
  g_test_add_func ("/pgn/reader/blank-line-in-movetext", test_blank_line_in_movetext);
  g_test_add_func ("/pgn/reader/header-only", test_header_only);
  g_test_add_func ("/pgn/reader/fixture-counts", test_fixture_counts);
  g_test_add_func ("/pgn/reader/bom-fixture", test_bom_fixture);
  g_test_add_func ("/pgn/reader/large-game", test_large_game);
  g_test_add_func ("/pgn/reader/read-game-at", test_read_game_at);
  g_test_add_func ("/pgn/reader/limits", test_limits);
  g_test_add_func ("/pgn/reader/missing-file", test_missing_file);
  g_test_add_func ("/pgn/reader/empty", test_empty);
  g_test_add_func ("/pgn/reader/junk", test_junk);
  g_test_add_func ("/pgn/reader/tag-spans", test_tag_spans);

  return g_test_run ();
}
