/* bench-chess.c: speed of the chess core (meson benchmark, suite 'chess').
 *
 *   bench-chess [PGN...]
 *
 * Perft of the start position (depth 5) and of Kiwipete (depths 4 and 5)
 * in nodes per second, then SAN reading speed on real games: every
 * mainline move of the PGN files given (default: the shared TWIC and
 * lichess samples when EXCELSIOR_SHARED_DATA is set, else the fixture
 * games) is read with cq_san_parse() from its position, many times over;
 * also the replay rate (read + make the move) in games per second.
 * Games with a FEN tag or a move that fails to read are left out.  Each
 * figure is the best of three runs, in thread CPU time (the machine may
 * be shared).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <time.h>

#include "chess-test-data.h"

typedef struct {
  CqPosition pos;
  char san[12];
  guint8 len;
} SanCase;

/* CPU time of this thread: steadier than wall time on a shared machine. */
static double
now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
bench_perft (const char *name, const char *fen, guint depth)
{
  CqPosition pos;
  double t = G_MAXDOUBLE;
  guint64 nodes = 0;

  g_assert_true (cq_position_set_fen (&pos, fen, NULL));
  for (int run = 0; run < 3; run++)
    {
      double t0 = now ();

      nodes = cq_perft (&pos, depth);
      t = MIN (t, now () - t0);
    }
  g_print ("perft %-10s depth %u: %12" G_GUINT64_FORMAT " nodes %7.3f s %7.1f Mnodes/s\n",
           name, depth, nodes, t, nodes / t / 1e6);
}

/* Splits PGN text into games of mainline SAN tokens (comments,
 * variations, NAGs, move numbers and results dropped). */
static void
collect_games (const char *text, GPtrArray *games, guint *skipped)
{
  const char *p = text;
  GPtrArray *cur = NULL;
  int depth = 0;
  gboolean fen_game = FALSE;

  while (*p)
    {
      if (*p == '[' && depth == 0 && (p == text || p[-1] == '\n'))
        {
          if (g_str_has_prefix (p, "[Event "))
            {
              if (cur != NULL && (fen_game || cur->len == 0))
                {
                  g_ptr_array_remove (games, cur);
                  (*skipped)++;
                }
              cur = g_ptr_array_new_with_free_func (g_free);
              g_ptr_array_add (games, cur);
              fen_game = FALSE;
            }
          if (g_str_has_prefix (p, "[FEN "))
            fen_game = TRUE;
          while (*p && *p != '\n')
            p++;
          continue;
        }
      if (*p == '{')
        {
          while (*p && *p != '}')
            p++;
          if (*p)
            p++;
          continue;
        }
      if (*p == '(' || *p == ')')
        {
          depth += *p == '(' ? 1 : -1;
          p++;
          continue;
        }
      if (g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      {
        const char *start = p;

        while (*p && !g_ascii_isspace (*p) && *p != '{' && *p != '(' && *p != ')')
          p++;
        if (depth > 0 || cur == NULL || *start == '$' || *start == '*'
            || g_str_has_prefix (start, "1-0") || g_str_has_prefix (start, "0-1")
            || g_str_has_prefix (start, "1/2"))
          continue;
        while (start < p && (g_ascii_isdigit (*start) || *start == '.'))
          start++;
        if (start < p)
          g_ptr_array_add (cur, g_strndup (start, (gsize) (p - start)));
      }
    }
  if (cur != NULL && (fen_game || cur->len == 0))
    {
      g_ptr_array_remove (games, cur);
      (*skipped)++;
    }
}

/* Reads and plays every game @rounds times; returns the plies played. */
static guint64
replay_games (GPtrArray *games, guint rounds)
{
  guint64 plies = 0;

  for (guint r = 0; r < rounds; r++)
    for (guint g = 0; g < games->len; g++)
      {
        GPtrArray *moves = games->pdata[g];
        CqPosition pos;
        guint i;

        cq_position_set_initial (&pos);
        for (i = 0; i < moves->len; i++)
          {
            CqMove m;

            if (!cq_san_parse (&pos, moves->pdata[i], -1, &m, NULL))
              break;
            cq_position_make_move (&pos, &m);
          }
        plies += i;
      }
  return plies;
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GArray) cases = g_array_new (FALSE, FALSE, sizeof (SanCase));
  guint skipped = 0, bad = 0, rounds;
  guint64 parsed = 0;
  double t;
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");

  bench_perft ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5);
  bench_perft ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 4);
  bench_perft ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 5);

  for (int i = 1; i < argc; i++)
    g_ptr_array_add (files, g_strdup (argv[i]));
  if (files->len == 0 && shared != NULL)
    {
      g_ptr_array_add (files, g_build_filename (shared, "games", "shakmaty-benches",
                                                "twic1599_1000k.pgn", NULL));
      g_ptr_array_add (files, g_build_filename (shared, "games", "shakmaty-benches",
                                                "lichess_db_1000k.pgn", NULL));
    }
  if (files->len == 0 || !g_file_test (files->pdata[0], G_FILE_TEST_EXISTS))
    {
      g_ptr_array_set_size (files, 0);
      g_ptr_array_add (files, chess_fixture_path ("chess", "kasparov-deep-blue-1997.pgn"));
    }

  for (guint f = 0; f < files->len; f++)
    {
      g_autofree char *text = NULL;
      g_autoptr (GError) error = NULL;

      if (!g_file_get_contents (files->pdata[f], &text, NULL, &error))
        g_error ("%s", error->message);
      collect_games (text, games, &skipped);
    }

  /* Positions and move texts of every mainline move. */
  for (guint g = 0; g < games->len; g++)
    {
      GPtrArray *moves = games->pdata[g];
      CqPosition pos;
      guint first = cases->len;

      cq_position_set_initial (&pos);
      for (guint i = 0; i < moves->len; i++)
        {
          const char *san = moves->pdata[i];
          SanCase c;
          CqMove m;

          if (strlen (san) >= sizeof c.san || !cq_san_parse (&pos, san, -1, &m, NULL))
            {
              g_array_set_size (cases, first);
              bad++;
              break;
            }
          c.pos = pos;
          c.len = (guint8) strlen (san);
          memcpy (c.san, san, c.len + 1u);
          g_array_append_val (cases, c);
          cq_position_make_move (&pos, &m);
        }
    }
  g_print ("SAN input: %u files, %u games, %u moves (%u games with FEN or empty left out, "
           "%u with an unreadable move)\n", files->len, games->len - bad, cases->len, skipped,
           bad);
  if (cases->len == 0)
    return 1;

  rounds = MAX (1u, 1000000u / cases->len);
  t = G_MAXDOUBLE;
  for (int run = 0; run < 3; run++)
    {
      double t0 = now ();

      parsed = 0;
      for (guint r = 0; r < rounds; r++)
        for (guint i = 0; i < cases->len; i++)
          {
            const SanCase *c = &g_array_index (cases, SanCase, i);
            CqMove m;

            parsed += cq_san_parse (&c->pos, c->san, c->len, &m, NULL);
          }
      t = MIN (t, now () - t0);
    }
  g_print ("cq_san_parse: %" G_GUINT64_FORMAT " parses in %.3f s: %.2f M parses/s (%.0f ns each)\n",
           parsed, t, parsed / t / 1e6, t / parsed * 1e9);

  {
    guint64 plies = 0;
    double best = G_MAXDOUBLE;

    for (int run = 0; run < 3; run++)
      {
        double t0 = now ();

        plies = replay_games (games, rounds);
        best = MIN (best, now () - t0);
      }
    g_print ("replay (parse + make): %.0f games/s, %.2f M plies/s\n",
             (double) rounds * games->len / best, plies / best / 1e6);
  }
  {
    char buf[CQ_SAN_MAX];
    guint64 n = 0;

    t = now ();
    for (guint i = 0; i < cases->len; i++)
      {
        const SanCase *c = &g_array_index (cases, SanCase, i);
        CqMove m;

        g_assert_true (cq_san_parse (&c->pos, c->san, c->len, &m, NULL));
        n += cq_san_format (&c->pos, &m, buf) > 0;
      }
    t = now () - t;
    g_print ("cq_san_format (with parse): %.2f M moves/s\n", n / t / 1e6);
  }
  return 0;
}
