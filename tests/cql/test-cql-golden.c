/* test-cql-golden.c: end-to-end queries on real studies against golden
 * outputs.
 *
 * For each NAME.cql of tests/fixtures/cql/golden/, the engine evaluates
 * the query on the 253 CQL 6 sample studies
 * ($EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-selection.pgn) and must
 * give exactly NAME.expected: one line "game N nodes M: i j k" per matched
 * game (N its number, M the number of positions of its tree, i j k the
 * annotated positions in pre-order, rulings R1, R2).  The expected files
 * were produced and are re-checked by golden_check.py from pgn-extract's
 * replay of the games, without this engine.  The studies' licence does not
 * allow copying them here: only numbers are kept.  Skips when the data is
 * absent.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "cql/cq-query.h"
#include "cql/cql3/cq3-private.h"
#include "pgn/cq-pgn.h"

static char *
studies_path (void)
{
  const char *shared = g_getenv ("EXCELSIOR_SHARED_DATA");
  char *path;

  if (shared == NULL)
    return NULL;
  path = g_build_filename (shared, "studies", "cql6-sample-hhdb-selection.pgn", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_clear_pointer (&path, g_free);
  return path;
}

/* Every game of the studies file, parsed (cq_game_new_parsed); NULL, with
 * the test marked skipped, when the shared data is absent. */
static GPtrArray *
parsed_studies (void)
{
  g_autofree char *pgn = studies_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  GPtrArray *games;
  const char *text;
  gsize len;
  CqGameSource source;

  if (pgn == NULL)
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-selection.pgn is absent");
      return NULL;
    }
  reader = cq_pgn_reader_new_for_path (pgn, NULL, &error);
  g_assert_no_error (error);
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) cq_game_free);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    g_ptr_array_add (games, cq_game_new_parsed (text, len, &source, NULL));
  g_assert_no_error (error);
  return games;
}

static char *
golden_dir (void)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");

  return fixtures != NULL ? g_build_filename (fixtures, "cql", "golden", NULL) : NULL;
}

/* The engine's answer for @cql_path in the golden format. */
static char *
evaluate (const char *cql_path, const char *pgn_path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_file (cql_path, &error);
  g_autoptr(CqPgnReader) reader = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const char *text;
  gsize len;
  CqGameSource source;
  CqMatchInfo info;
  guint games = 0;

  g_assert_no_error (error);
  reader = cq_pgn_reader_new_for_path (pgn_path, NULL, &error);
  g_assert_no_error (error);
  cq_match_info_init (&info);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_from_text (text, len, &source, NULL);

      games++;
      if (!cq_query_match_game (query, game, &info))
        continue;
      g_string_append_printf (out, "game %" G_GUINT64_FORMAT " nodes %u:", source.number,
                              game->n_nodes);
      for (guint i = 0; i < info.positions->len; i++)
        g_string_append_printf (out, " %u",
                                g_array_index (info.positions, CqMatchedPosition, i).node);
      g_string_append_c (out, '\n');
    }
  g_assert_no_error (error);
  g_assert_cmpuint (games, ==, 253);
  cq_match_info_clear (&info);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_golden (gconstpointer data)
{
  const char *name = data;
  g_autofree char *pgn = studies_path ();
  g_autofree char *dir = golden_dir ();
  g_autofree char *cql_path = NULL;
  g_autofree char *expected_path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  g_autoptr(GError) error = NULL;

  if (pgn == NULL)
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-selection.pgn is absent");
      return;
    }
  cql_path = g_strdup_printf ("%s/%s.cql", dir, name);
  expected_path = g_strdup_printf ("%s/%s.expected", dir, name);
  g_file_get_contents (expected_path, &expected, NULL, &error);
  g_assert_no_error (error);
  got = evaluate (cql_path, pgn);
  /* every golden query finds something */
  g_assert_cmpuint (strlen (expected), >, 0);
  g_assert_cmpstr (got, ==, expected);
}

/* The anchor index of a list (common/cq-common-private.h) is only a shortcut: with
 * it or without it (every instance tried at every position), a query
 * matches the same positions of the studies. */
static void
test_anchor_index (void)
{
  static const char *const queries[] = {
    "(match (position Nd4 kf3 :shift :flip :flipcolor :variations :markall))",
    "(match (position Ke6 Pe5 ke8 Bd4 :shift :flip :flipcolor :variations :markall))",
    "(match (position Kd4 Pd5 kd6 :shift :flip :flipcolor :variations :markall))",
    "(match (position Pa4 Nd4 :shifthorizontal :flipcolor :variations :markall))",
    "(match (position Kd4 :shift :flipcolor :or ((position Rd1 :shiftvertical) (position :check)) "
    ":variations :markall))",
    "(match (position Ra1 kb3 :shift :flip :not :variations :markall))",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = parsed_studies ();
  CqMatchInfo info;

  if (games == NULL)
    return;

  cq_match_info_init (&info);
  for (guint q = 0; q < G_N_ELEMENTS (queries); q++)
    {
      g_autoptr(CqQuery) query = cq_query_new_from_string (queries[q], NULL, &error);
      CqPositionList *list;
      guint n_groups, matched_games = 0, matched_positions = 0;

      g_assert_no_error (error);
      list = query->lists[0];
      n_groups = list->n_groups;
      g_assert_cmpuint (n_groups, >, 0);
      for (guint i = 0; i < games->len; i++)
        {
          g_autoptr(GArray) anchored = NULL;
          gboolean m1, m2;

          list->n_groups = n_groups;
          m1 = cq_query_match_game (query, games->pdata[i], &info);
          anchored = g_array_copy (info.positions);
          list->n_groups = 0;
          m2 = cq_query_match_game (query, games->pdata[i], &info);
          g_assert_cmpint (m1, ==, m2);
          g_assert_cmpuint (anchored->len, ==, info.positions->len);
          for (guint k = 0; k < anchored->len; k++)
            g_assert_cmpuint (g_array_index (anchored, CqMatchedPosition, k).node, ==,
                              g_array_index (info.positions, CqMatchedPosition, k).node);
          matched_games += m1;
          matched_positions += anchored->len;
        }
      list->n_groups = n_groups;
      g_test_message ("%s: %u instances, %u anchor groups, %u games, %u positions", queries[q],
                      list->n_instances, n_groups, matched_games, matched_positions);
      /* each query finds something, and not everything */
      g_assert_cmpuint (matched_games, >, 0);
      g_assert_cmpuint (matched_positions, >, 0);
    }
  cq_match_info_clear (&info);
}

/* The evaluator's shortcuts for simple lists (positions of the wrong
 * side skipped without trying the instances, designator-only instances
 * inline, single-type and colour designators, the pawn-push answer to
 * "has a legal move" when not in check) against the full computation
 * written here with the public chess API: the same positions of every
 * study, variations included. */
typedef gboolean (*PositionPredicate) (const CqPosition *pos);

static gboolean
wtm_mate (const CqPosition *pos)
{
  return pos->side_to_move == CQ_WHITE && cq_position_in_check (pos)
         && !cq_position_has_legal_move (pos);
}

static gboolean
stalemate (const CqPosition *pos)
{
  return !cq_position_in_check (pos) && !cq_position_has_legal_move (pos);
}

static gboolean
btm_check (const CqPosition *pos)
{
  return pos->side_to_move == CQ_BLACK && cq_position_in_check (pos);
}

static gboolean
btm_king_corners (const CqPosition *pos)
{
  /* K[a-d1-4] k[e-h5-8] :btm */
  const CqBitboard low = G_GUINT64_CONSTANT (0x000000000F0F0F0F);
  const CqBitboard high = G_GUINT64_CONSTANT (0xF0F0F0F000000000);

  return pos->side_to_move == CQ_BLACK && (pos->pieces[CQ_WK] & low)
         && (pos->pieces[CQ_BK] & high);
}

static gboolean
wtm_white_e4_black_d5 (const CqPosition *pos)
{
  /* A[e4] a[d5] :wtm */
  return pos->side_to_move == CQ_WHITE && (pos->by_color[CQ_WHITE] & CQ_BIT (28))
         && (pos->by_color[CQ_BLACK] & CQ_BIT (35));
}

static gboolean
any_on_d4_e5 (const CqPosition *pos)
{
  /* U[d4] U[e5] */
  CqBitboard occ = pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK];

  return (occ & CQ_BIT (27)) && (occ & CQ_BIT (36));
}

static gboolean
black_king_attacked_once (const CqPosition *pos)
{
  /* :attackcount A k 1 */
  CqBitboard occ = pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK];
  int count = 0;

  for (int sq = 0; sq < 64; sq++)
    if (pos->board[sq] != CQ_EMPTY && pos->board[sq] < CQ_BP
        && (cq_attacks_from (pos->board[sq], sq, occ) & pos->pieces[CQ_BK]))
      count++;
  return count == 1;
}

static void
test_simple_lists (void)
{
  static const struct {
    const char *query;
    PositionPredicate holds;
  } cases[] = {
    { "(match (position :mate :wtm :variations :markall))", wtm_mate },
    { "(match (position :stalemate :variations :markall))", stalemate },
    { "(match (position :check :btm :variations :markall))", btm_check },
    { "(match (position K[a-d1-4] k[e-h5-8] :btm :variations :markall))", btm_king_corners },
    { "(match (position A[e4] a[d5] :wtm :variations :markall))", wtm_white_e4_black_d5 },
    { "(match (position U[d4] U[e5] :variations :markall))", any_on_d4_e5 },
    { "(match (position :attackcount A k 1 :variations :markall))", black_king_attacked_once },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = parsed_studies ();
  CqMatchInfo info;

  if (games == NULL)
    return;

  cq_match_info_init (&info);
  for (guint q = 0; q < G_N_ELEMENTS (cases); q++)
    {
      g_autoptr(CqQuery) query = cq_query_new_from_string (cases[q].query, NULL, &error);
      guint matched_positions = 0;

      g_assert_no_error (error);
      for (guint i = 0; i < games->len; i++)
        {
          CqGame *game = games->pdata[i];
          gboolean m = cq_query_match_game (query, game, &info);
          guint k = 0;

          for (guint n = 0; n < game->n_nodes; n++)
            if (cases[q].holds (&cq_game_get_node (game, n)->position))
              {
                g_assert_cmpuint (k, <, info.positions->len);
                g_assert_cmpuint (g_array_index (info.positions, CqMatchedPosition, k).node,
                                  ==, n);
                k++;
              }
          g_assert_cmpuint (k, ==, info.positions->len);
          g_assert_cmpint (m, ==, k > 0);
          matched_positions += k;
        }
      g_test_message ("%s: %u positions", cases[q].query, matched_positions);
      /* the stalemate of a study may be absent; the others occur */
      if (cases[q].holds != stalemate)
        g_assert_cmpuint (matched_positions, >, 0);
    }
  cq_match_info_clear (&info);
}

static CqDesignator
designator (const char *text)
{
  CqDesignator d;

  g_assert_true (_cq_designator_parse (text, "t.cql", 1, 1, &d, NULL));
  return d;
}

static gboolean
on (const CqDesignator *d, const CqPosition *pos, int sq)
{
  return (d->squares & CQ_BIT (sq)) && (d->pieces & (1u << pos->board[sq]));
}

/* Rulings R5 by brute force: every (attacker, target) square pair. */
static gint64
brute_attack_count (const CqTest *test, const CqPosition *pos)
{
  CqBitboard occupied = ~pos->pieces[CQ_EMPTY];
  gint64 count = 0;

  for (int a = 0; a < 64; a++)
    {
      if (pos->board[a] == CQ_EMPTY || !on (&test->u.attack.attacker, pos, a))
        continue;
      for (int t = 0; t < 64; t++)
        if (on (&test->u.attack.target, pos, t)
            && (cq_attacks_from ((CqPiece) pos->board[a], a, occupied) & CQ_BIT (t)))
          count++;
    }
  return count;
}

/* Can designators path[0 .. n-1] be paired, in order, with some of the
 * squares between[0 .. m-1], every unpaired square being empty? */
static gboolean
embeds (const CqDesignator *path, guint n, const int *between, guint m, const CqPosition *pos)
{
  if (m == 0)
    return n == 0;
  /* pair the first square with path[0] ... */
  if (n > 0 && on (&path[0], pos, between[0]) && embeds (path + 1, n - 1, between + 1, m - 1, pos))
    return TRUE;
  /* ... or leave it unpaired, if it is empty */
  return pos->board[between[0]] == CQ_EMPTY && embeds (path, n, between + 1, m - 1, pos);
}

/* Rulings R6 by brute force: every (S1, direction, Sn). */
static gint64
brute_ray_count (const CqTest *test, const CqPosition *pos)
{
  static const int step[8][2] = {
    { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
  };
  const CqDesignator *path = test->u.ray.path;
  guint n = test->u.ray.n_path;
  gint64 count = 0;

  for (int s1 = 0; s1 < 64; s1++)
    for (int d = 0; d < 8; d++)
      {
        int between[8], m = 0;
        int f = CQ_FILE (s1), r = CQ_RANK (s1);
        CqPieceType type = CQ_PIECE_TYPE (pos->board[s1]);

        if (!(test->u.ray.directions & (1u << d)) || !on (&path[0], pos, s1))
          continue;
        if (test->u.ray.attack_only
            && (pos->board[s1] == CQ_EMPTY
                || !(type == CQ_QUEEN || (type == CQ_ROOK && d % 2 == 0)
                     || (type == CQ_BISHOP && d % 2 == 1))))
          continue;
        for (;;)
          {
            int sn;

            f += step[d][0];
            r += step[d][1];
            if (f < 0 || f > 7 || r < 0 || r > 7)
              break;
            sn = CQ_SQUARE (f, r);
            if (on (&path[n - 1], pos, sn) && embeds (path + 1, n - 2, between, m, pos))
              count++;
            between[m++] = sn;
          }
      }
  return count;
}

/* :attackcount and the :ray family count exactly as a brute force does,
 * at every other position of the studies (variations included; half of
 * them keeps the suite quick under sanitizers). */
static void
test_counts_brute_force (void)
{
  static const char *const attacks[][2] = {
    { "A", "k" }, { "a", "K" }, { "U", "." }, { "?", "U" }, { "n", "[KRQ]" },
    { "[RB][a-c8]", "??1" }, { "P", "?" }, { "p", "a" }, { "[Kk]", "[Pp]" },
  };
  static const struct {
    const char *path[5];
    guint n;
    guint8 directions;
    gboolean attack;
  } rays[] = {
    { { "Q", "n", "k" }, 3, CQ_RAY_ALL, FALSE },
    { { "A", "a", "k" }, 3, CQ_RAY_ALL, TRUE },
    { { "U", "a", "[kq]" }, 3, CQ_RAY_ALL, TRUE },
    { { "U", ".", "U" }, 3, CQ_RAY_ALL, FALSE },
    { { "K", ".", ".", "k" }, 4, CQ_RAY_HORIZONTAL, FALSE },
    { { "?", "?" }, 2, CQ_RAY_ALL, FALSE },
    { { "R", "b", "k" }, 3, CQ_RAY_ORTHOGONAL, FALSE },
    { { "[QB]", "?", "k" }, 3, CQ_RAY_DIAGONAL, FALSE },
    { { "U", "?", "?", "U" }, 4, CQ_RAY_VERTICAL, FALSE },
    /* More ends than starts (counted from the starts), middles that
     * never match an empty square (no walk) and that do (the walk),
     * rays in both square orders, one-way direction sets. */
    { { "[RQ]", "a", "?" }, 3, CQ_RAY_ALL, TRUE },
    { { "K", ".", "U" }, 3, CQ_RAY_ALL, FALSE },
    { { "K", "U" }, 2, CQ_RAY_ALL, FALSE },
    { { "Q", "a", "A", "k" }, 4, CQ_RAY_ALL, FALSE },
    { { "[qr]", "?", "A", "[KQ]" }, 4, CQ_RAY_ALL, TRUE },
    { { "B", "?", ".", "?", "." }, 5, CQ_RAY_DIAGONAL, FALSE },
    { { "A", "?", "k" }, 3, 0x03, FALSE },
    { { "A", "?", "k" }, 3, 0x1C, TRUE },
    { { "U", "K" }, 2, 0x0E, FALSE },
    { { "a", "U" }, 2, 0x0E, FALSE },
    { { "A", "?", "?" }, 3, 0x31, TRUE },
  };
  g_autofree char *pgn = studies_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CqPgnReader) reader = NULL;
  CqTest attack_tests[G_N_ELEMENTS (attacks)];
  CqTest ray_tests[G_N_ELEMENTS (rays)];
  CqDesignator paths[G_N_ELEMENTS (rays)][5];
  const char *text;
  gsize len;
  CqGameSource source;
  guint64 positions = 0, nonzero = 0;
  guint64 ray_nonzero[G_N_ELEMENTS (rays)] = { 0 };

  if (pgn == NULL)
    {
      g_test_skip ("EXCELSIOR_SHARED_DATA/studies/cql6-sample-hhdb-selection.pgn is absent");
      return;
    }
  memset (attack_tests, 0, sizeof attack_tests);
  memset (ray_tests, 0, sizeof ray_tests);
  for (guint k = 0; k < G_N_ELEMENTS (attacks); k++)
    {
      attack_tests[k].kind = CQ_TEST_ATTACKCOUNT;
      attack_tests[k].u.attack.attacker = designator (attacks[k][0]);
      attack_tests[k].u.attack.target = designator (attacks[k][1]);
    }
  for (guint k = 0; k < G_N_ELEMENTS (rays); k++)
    {
      for (guint j = 0; j < rays[k].n; j++)
        paths[k][j] = designator (rays[k].path[j]);
      ray_tests[k].kind = CQ_TEST_RAY;
      ray_tests[k].u.ray.path = paths[k];
      ray_tests[k].u.ray.n_path = rays[k].n;
      ray_tests[k].u.ray.directions = rays[k].directions;
      ray_tests[k].u.ray.attack_only = rays[k].attack;
    }

  reader = cq_pgn_reader_new_for_path (pgn, NULL, &error);
  g_assert_no_error (error);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr(CqGame) game = cq_game_new_parsed (text, len, &source, NULL);

      for (guint i = source.number % 2; i < game->n_nodes; i += 2)
        {
          const CqPosition *pos = &cq_game_get_node (game, i)->position;

          positions++;
          for (guint k = 0; k < G_N_ELEMENTS (attacks); k++)
            {
              gint64 fast = _cq_attack_count (&attack_tests[k], pos);

              g_assert_cmpint (fast, ==, brute_attack_count (&attack_tests[k], pos));
              nonzero += fast != 0;
            }
          for (guint k = 0; k < G_N_ELEMENTS (rays); k++)
            {
              gint64 fast = _cq_ray_count (&ray_tests[k], pos);

              g_assert_cmpint (fast, ==, brute_ray_count (&ray_tests[k], pos));
              nonzero += fast != 0;
              ray_nonzero[k] += fast != 0;
            }
        }
    }
  g_assert_no_error (error);
  g_assert_cmpuint (positions, >, 12000);
  g_assert_cmpuint (nonzero, >, positions);
  /* every ray case is exercised on some position, not only with 0 */
  for (guint k = 0; k < G_N_ELEMENTS (rays); k++)
    g_assert_cmpuint (ray_nonzero[k], >, 0);
  g_test_message ("%" G_GUINT64_FORMAT " positions, %" G_GUINT64_FORMAT " non-zero counts",
                  positions, nonzero);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);

  dir = golden_dir ();
  if (dir == NULL)
    {
      g_printerr ("EXCELSIOR_FIXTURES is not set\n");
      return 1;
    }
  listing = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (listing);
  for (const char *entry; (entry = g_dir_read_name (listing)) != NULL;)
    if (g_str_has_suffix (entry, ".cql"))
      g_ptr_array_add (names, g_strndup (entry, strlen (entry) - 4));
  g_ptr_array_sort (names, compare_names);
  /* at least the first six end-to-end queries: a mate with rook and
   * queen, a knight pin, en passant, underpromotion, quadrupled pawns, a
   * material balance */
  g_assert_cmpuint (names->len, >=, 6);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/cql/golden/%s", (char *) names->pdata[i]);

      g_test_add_data_func (path, names->pdata[i], test_golden);
    }
  g_test_add_func ("/cql/golden/anchor-index-changes-nothing", test_anchor_index);
  g_test_add_func ("/cql/golden/simple-lists-agree-with-chess-api", test_simple_lists);
  g_test_add_func ("/cql/golden/counts-agree-with-brute-force", test_counts_brute_force);
  return g_test_run ();
}
