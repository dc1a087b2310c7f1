/* test-pgn-data.c: every PGN of the shared test data (../shared/data),
 * read, replayed and written back; skipped when the data is absent.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "pgn-test-util.h"

/* What we read in each file, and pgn-extract 19.04's "ok/seen" from
 * SOURCES.md (-1 where it gives none).  @why explains each difference. */
typedef struct {
  const char *path;
  guint       games;
  guint       errors;     /* games with an error (bad FEN, illegal move...) */
  guint       skipped;    /* non-standard games */
  guint       nodes;      /* positions in all games */
  int         pe_ok;
  int         pe_seen;
  const char *why;
} Expected;

static const Expected expected[] = {
  { "edge/chess.js/0.pgn",
    8, 8, 0, 8, 43, 44,
    "the whole file is one line with HTML <br /> between tags and moves: every `[` after `<br />` "
    "starts a game whose movetext begins with `<br`; pgn-extract's lexer skips the junk" },
  { "edge/chess.js/1.pgn",
    1, 0, 0, 82, 1, 1, NULL },
  { "edge/chess.js/2.pgn",
    1, 0, 0, 5, 1, 1, NULL },
  { "edge/chess.js/3.pgn",
    1, 0, 0, 5, 1, 1, NULL },
  { "edge/chesslib/3_games.pgn",
    3, 0, 0, 192, 3, 3, NULL },
  { "edge/chesslib/Morphy_ANSI.pgn",
    211, 0, 0, 14046, 211, 211, NULL },
  { "edge/chesslib/alekseenko_grachev_2017.pgn",
    1, 0, 0, 251, 1, 1, NULL },
  { "edge/chesslib/cct131.pgn",
    3, 0, 0, 341, 3, 3, NULL },
  { "edge/chesslib/ep.pgn",
    1, 0, 0, 165, 1, 1, NULL },
  { "edge/chesslib/err.pgn",
    1, 1, 0, 92, 0, 1, NULL },
  { "edge/chesslib/finalmast11.pgn",
    30, 0, 0, 2691, 30, 30, NULL },
  { "edge/chesslib/longest.pgn",
    1, 0, 0, 17698, 1, 1, NULL },
  { "edge/chesslib/nikolic_arsovic_1989.pgn",
    1, 0, 0, 539, 1, 1, NULL },
  { "edge/chesslib/no_repetition_1.pgn",
    1, 0, 0, 2291, 1, 1, NULL },
  { "edge/chesslib/no_repetition_2.pgn",
    1, 0, 0, 1760, 1, 1, NULL },
  { "edge/chesslib/oo.pgn",
    1, 0, 0, 94, 1, 1, NULL },
  { "edge/chesslib/pgn_order.pgn",
    1, 0, 0, 64, 1, 1, NULL },
  { "edge/chesslib/promoting.pgn",
    1, 0, 0, 78, 1, 1, NULL },
  { "edge/chesslib/rav_alternative.pgn",
    1, 0, 0, 260, 1, 1, NULL },
  { "edge/chesslib/test.pgn",
    1, 0, 0, 682, 1, 1, NULL },
  { "edge/chesslib/test_shortened.pgn",
    1, 0, 0, 80, 1, 1, NULL },
  { "edge/chesslib/teststartpos.pgn",
    1, 0, 0, 5, 1, 1, NULL },
  { "edge/chesslib/z0.pgn",
    1, 0, 0, 59, 0, 1,
    "ChessBase null move Z0: we accept it (cq_san_parse), pgn-extract does not" },
  { "edge/chessops/headers-and-moves-on-the-same-line.pgn",
    3, 0, 3, 3, 2, 2,
    "antichess games: skipped as non-standard (R13); pgn-extract sees 2 games, we split 3 "
    "(a tag section after a blank line starts a game)" },
  { "edge/chessops/leading-whitespace.pgn",
    4, 0, 0, 24, 2, 2,
    "4 games without result tokens, separated by blank lines and tags; pgn-extract joins them "
    "into 2" },
  { "edge/chessops/pathological-headers.pgn",
    1, 0, 0, 1, 0, 0,
    "a header-only game is a game for us (R3 counts every game); pgn-extract counts none" },
  { "edge/pgn-extract-tests/barnes-horton.pgn",
    1, 0, 0, 74, 1, 1, NULL },
  { "edge/pgn-extract-tests/fischer.pgn",
    34, 0, 0, 3194, 34, 34, NULL },
  { "edge/pgn-extract-tests/fools-mate.pgn",
    1, 0, 0, 5, 1, 1, NULL },
  { "edge/pgn-extract-tests/najdorf.pgn",
    8, 0, 0, 616, 8, 8, NULL },
  { "edge/pgn-extract-tests/nested-comment.pgn",
    1, 1, 0, 2, 6, 6,
    "{ } do not nest (PGN standard 8.2.5): the text after the first } is not movetext; pgn-extract "
    "reads nested comments here" },
  { "edge/pgn-extract-tests/petrosian.pgn",
    35, 0, 0, 2666, 35, 35, NULL },
  { "edge/pgn-extract-tests/test-7.pgn",
    1, 0, 0, 166, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-C.pgn",
    1, 0, 0, 74, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-F-text.pgn",
    1, 0, 0, 74, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-P.pgn",
    11, 0, 0, 1032, 11, 11, NULL },
  { "edge/pgn-extract-tests/test-Ta.pgn",
    1, 0, 0, 74, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-allownullmoves.pgn",
    2, 0, 0, 17, 0, 2,
    "null moves -- accepted; pgn-extract needs --allownullmoves" },
  { "edge/pgn-extract-tests/test-checkmate.pgn",
    2, 0, 0, 79, 2, 2, NULL },
  { "edge/pgn-extract-tests/test-e.pgn",
    6, 0, 0, 453, 6, 6, NULL },
  { "edge/pgn-extract-tests/test-fifty.pgn",
    2, 0, 0, 513, 2, 2, NULL },
  { "edge/pgn-extract-tests/test-fixresulttags-in.pgn",
    5, 0, 0, 422, 5, 5, NULL },
  { "edge/pgn-extract-tests/test-fuzzydepth.pgn",
    4, 0, 0, 24, 4, 4, NULL },
  { "edge/pgn-extract-tests/test-hash.pgn",
    35, 0, 0, 3291, 35, 35, NULL },
  { "edge/pgn-extract-tests/test-long-line.pgn",
    1, 0, 0, 5, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-matchplylimit.pgn",
    1, 0, 0, 103, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-nagcomments.pgn",
    1, 0, 0, 2, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-nobadresults.pgn",
    9, 0, 0, 18, 9, 9, NULL },
  { "edge/pgn-extract-tests/test-nochecks.pgn",
    2, 0, 0, 79, 2, 2, NULL },
  { "edge/pgn-extract-tests/test-promotion-in.pgn",
    8, 0, 0, 16, 8, 8, NULL },
  { "edge/pgn-extract-tests/test-repetition.pgn",
    12, 0, 0, 1097, 12, 12, NULL },
  { "edge/pgn-extract-tests/test-s.pgn",
    3, 0, 0, 258, 3, 3, NULL },
  { "edge/pgn-extract-tests/test-setup-in.pgn",
    2, 0, 0, 150, 2, 2, NULL },
  { "edge/pgn-extract-tests/test-splitvariants.pgn",
    1, 0, 0, 8, 1, 1, NULL },
  { "edge/pgn-extract-tests/test-stalemate.pgn",
    3, 0, 0, 182, 3, 3, NULL },
  { "edge/pgn-extract-tests/test-t.pgn",
    6, 0, 0, 545, 6, 6, NULL },
  { "edge/pgn-parser/benko.pgn",
    2, 0, 0, 152, 2, 2, NULL },
  { "edge/pgn-parser/doc-sampleGame.pgn",
    1, 0, 0, 47, 1, 1, NULL },
  { "edge/pgn-parser/doc-sampleGameThrow.pgn",
    1, 1, 0, 3, 3, 3,
    "'Sf3' (German notation) is an illegal move for us; pgn-extract's count of 3 comes from "
    "splitting at the error" },
  { "edge/pgn-parser/doc-sampleGames.pgn",
    9, 0, 0, 546, 9, 9, NULL },
  { "edge/pgn-parser/lichess_mliebelt_2024-01-03.pgn",
    8, 0, 0, 612, 8, 8, NULL },
  { "edge/python-chess/anastasian-lewis.pgn",
    1, 0, 0, 85, 0, 1,
    "null move Z0 accepted" },
  { "edge/python-chess/antichess-programfox.pgn",
    2, 0, 2, 2, 0, 2, NULL },
  { "edge/python-chess/chessbase-empty-line.pgn",
    1, 0, 0, 135, 1, 1, NULL },
  { "edge/python-chess/cutechess-fischerrandom.pgn",
    4, 0, 4, 4, 4, 4,
    "Chess960 (Variant fischerandom): skipped as non-standard" },
  { "edge/python-chess/kasparov-deep-blue-1997.pgn",
    6, 0, 0, 525, 6, 6, NULL },
  { "edge/python-chess/knightvuillaume-jannlee-zh-lichess.pgn",
    1, 0, 1, 1, 42, 43,
    "Crazyhouse: skipped as one non-standard game; pgn-extract splits it at every drop (N@f3)" },
  { "edge/python-chess/molinari-bordais-1979.pgn",
    1, 0, 0, 11, 1, 1, NULL },
  { "edge/python-chess/nepomniachtchi-liren-game1.pgn",
    1, 0, 0, 98, 1, 1, NULL },
  { "edge/python-chess/saturs-jannlee-zh-lichess.pgn",
    1, 0, 1, 1, 38, 39,
    "Crazyhouse: skipped as one non-standard game; pgn-extract splits it at every drop" },
  { "edge/python-chess/stockfish-learning.pgn",
    1, 0, 0, 155, 1, 1, NULL },
  { "edge/python-chess/uci-moves.pgn",
    1, 0, 0, 114, 1, 1, NULL },
  { "edge/python-chess/utf8-bom.pgn",
    2, 0, 0, 2, 2, 2, NULL },
  { "edge/scalachess-header-only/FWWRC.pgn",
    605, 0, 0, 605, 0, 0,
    "605 header-only games: games for us, none for pgn-extract" },
  { "edge/scalachess-header-only/uzchesscup.pgn",
    45, 0, 0, 45, 0, 0,
    "45 header-only games (a repeated tag after a blank line starts a game)" },
  { "edge/scid/res_gameLatin1.pgn",
    1, 0, 0, 480, 1, 1, NULL },
  { "edge/scid/res_gameLatin1expected.pgn",
    1, 0, 0, 480, 1, 1, NULL },
  { "edge/scid/res_gameUTF8.pgn",
    1, 0, 0, 480, 1, 1, NULL },
  { "edge/shakmaty-fuzz/bare.pgn",
    1, 0, 0, 4, 0, 0,
    "a game without tags and without result is a game for us" },
  { "edge/sunfish/pgns-no-tags.pgn",
    278, 0, 0, 16174, 278, 278, NULL },
  { "games/chess.js/benchmark.pgn",
    100, 0, 0, 6293, 100, 100, NULL },
  { "games/chesslib/31_games.pgn",
    31, 0, 0, 1984, 31, 31, NULL },
  { "games/chesslib/Morphy_UTF8.pgn",
    211, 0, 0, 14046, 211, 211, NULL },
  { "games/chesslib/cup.pgn",
    900, 0, 0, 79441, 900, 900, NULL },
  { "games/chesslib/linares_2002.pgn",
    42, 0, 0, 6343, 42, 42, NULL },
  { "games/chesslib/redqueen.pgn",
    270, 0, 0, 35310, 270, 270, NULL },
  { "games/pgn-extract/eco.pgn",
    2014, 0, 0, 22711, 2014, 2014, NULL },
  { "games/pgn-parser/32games.pgn",
    32, 0, 0, 2101, 32, 32, NULL },
  { "games/pgn-parser/twic-01-232games.pgn",
    232, 0, 0, 20009, 232, 232, NULL },
  { "games/shakmaty-benches/lichess_db_1000k.pgn",
    438, 0, 0, 28976, 438, 438, NULL },
  { "games/shakmaty-benches/lichess_db_100k.pgn",
    47, 0, 0, 2817, 47, 47, NULL },
  { "games/shakmaty-benches/lichess_db_10k.pgn",
    5, 0, 0, 262, 5, 5, NULL },
  { "games/shakmaty-benches/twic1599_1000k.pgn",
    1110, 0, 0, 102597, 1110, 1110, NULL },
  { "games/shakmaty-benches/twic1599_100k.pgn",
    110, 0, 0, 9920, 110, 110, NULL },
  { "games/shakmaty-benches/twic1599_10k.pgn",
    9, 0, 0, 1058, 9, 9, NULL },
  { "games/sunfish/3fold.pgn",
    713, 0, 0, 75986, 713, 713, NULL },
  { "games/sunfish/3fold_do.pgn",
    411, 0, 0, 43209, 411, 411, NULL },
  { "games/sunfish/3fold_dont.pgn",
    188, 0, 0, 19689, 188, 188, NULL },
  { "games/sunfish/gaviota-starters.pgn",
    2400, 0, 0, 48767, 2400, 2400, NULL },
  { "studies/cql6-sample-hhdb-selection.pgn",
    253, 0, 0, 24277, 253, 253, NULL },
  { "studies/derived-from-yacpdb-olive/yacpdb-olive-directmates.pgn",
    3979, 6, 0, 3973, 3979, 3979,
    "6 FENs where the side not to move is in check: the chess core rejects them (bad FEN), "
    "pgn-extract accepts them" },
  { "studies/derived-from-yacpdb-olive/yacpdb-olive-studies.pgn",
    1604, 3, 0, 40009, 1604, 1604,
    "1 such FEN, and 2 solutions in non-SAN notation ('b8S+!' German S, "
    "'3.fg' abbreviated pawn capture)" },
  { "studies/pychess-lichess/lichess_study_"
    "2nd-part-game-puzzles-with-interactive-lessons_by_Francesco_Super_2018.01.03.pgn",
    16, 0, 0, 183, 16, 16, NULL },
  { "studies/pychess-lichess/lichess_study_beautiful-checkmate-puzzles_by_thijscom_2018.04.16.pgn",
    27, 0, 0, 241, 27, 27, NULL },
  { "studies/pychess-lichess/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn",
    64, 0, 0, 1428, 64, 64, NULL },
  { "studies/pychess-lichess/lichess_study_beautiful-chess-studies-2_by_thijscom_2018.04.17.pgn",
    39, 0, 0, 934, 39, 39, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "beta-lichess-practice-7th-rank-rook-pawn-with-a-passive-rook_by_arex_2018.04.04.pgn",
    9, 0, 0, 208, 9, 9, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "beta-lichess-practice-checkmating-with-a-knight-and-bishop_by_arex_2017.08.02.pgn",
    13, 0, 0, 383, 13, 13, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "beta-lichess-practice-queen-vs-7th-rank-pawn_by_arex_2018.04.02.pgn",
    18, 0, 0, 287, 18, 18, NULL },
  { "studies/pychess-lichess/lichess_study_charles-xii-at-bender_by_gbtami_2016.08.15.pgn",
    4, 0, 0, 55, 4, 4, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "game-puzzles-with-interactive-lessons_by_Francesco_Super_2017.08.27.pgn",
    19, 0, 0, 162, 19, 19, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-checkmate-patterns-i_by_arex_2017.01.22.pgn",
    17, 0, 0, 17, 17, 17, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-checkmate-patterns-ii_by_arex_2017.01.25.pgn",
    24, 0, 0, 26, 24, 24, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-checkmate-patterns-iii_by_arex_2017.01.27.pgn",
    18, 0, 0, 19, 18, 18, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-checkmate-patterns-iv_by_arex_2017.01.25.pgn",
    16, 0, 0, 26, 16, 16, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-discovered-attacks_by_arex_2017.01.30.pgn",
    10, 0, 0, 19, 10, 10, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-double-check_by_arex_2017.02.12.pgn",
    6, 0, 0, 31, 6, 6, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn",
    6, 1, 0, 52, 6, 6,
    "variation (20... Kf8) is illegal (f8 holds a rook); pgn-extract does not check it" },
  { "studies/pychess-lichess/lichess_study_lichess-practice-interference_by_arex_2017.02.11.pgn",
    7, 0, 0, 50, 7, 7, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-key-squares_by_arex_2017.01.21.pgn",
    11, 0, 0, 27, 11, 11, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-opposition_by_arex_2017.01.22.pgn",
    8, 0, 0, 8, 8, 8, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-overloaded-pieces_by_arex_2017.01.31.pgn",
    11, 0, 0, 94, 11, 11, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-piece-checkmates-i_by_arex_2017.01.25.pgn",
    6, 0, 0, 53, 6, 6, NULL },
  { "studies/pychess-lichess/lichess_study_"
    "lichess-practice-piece-checkmates-ii_by_arex_2017.01.25.pgn",
    7, 0, 0, 73, 7, 7, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-rook-endgames_by_TonyRo_2017.02.01.pgn",
    5, 0, 0, 149, 5, 5, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn",
    18, 3, 0, 42, 17, 18,
    "game 1: 1... Nxg5 with White to move; games 17, 18: a variation for the wrong side; "
    "pgn-extract flags game 1 only" },
  { "studies/pychess-lichess/lichess_study_lichess-practice-the-pin_by_arex_2017.01.22.pgn",
    8, 0, 0, 8, 8, 8, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-the-skewer_by_arex_2017.01.29.pgn",
    9, 0, 0, 27, 9, 9, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-zugzwang_by_arex_2017.02.01.pgn",
    4, 0, 0, 5, 4, 4, NULL },
  { "studies/pychess-lichess/lichess_study_lichess-practice-zwischenzug_by_arex_2017.02.02.pgn",
    5, 0, 0, 27, 5, 5, NULL },
  { "studies/pychess-mate-problems/mate_in_2.pgn",
    166, 0, 0, 664, 166, 166, NULL },
  { "studies/pychess-mate-problems/mate_in_3.pgn",
    375, 0, 0, 2250, 379, 379,
    "3 tags with unescaped inner quotes ([White \"\"Socrates Expert\"\"]): we keep the value, "
    "pgn-extract starts a game at each" },
  { "studies/pychess-mate-problems/mate_in_4.pgn",
    373, 0, 0, 2984, 381, 381,
    "5 such tags" },
};

typedef struct {
  guint   games, errors, skipped, nodes;
  guint64 max_line;
} Counts;

static Counts
read_file (const char *path, gboolean check_write)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CqPgnReader) reader = cq_pgn_reader_new_for_path (path, NULL, &error);
  g_autoptr (GString) out = g_string_new (NULL);
  Counts c = { 0 };
  const char *text;
  gsize len;
  CqGameSource source;

  g_assert_no_error (error);
  while (cq_pgn_reader_next (reader, &text, &len, &source, &error))
    {
      g_autoptr (CqGame) game = cq_game_new_parsed (text, len, &source, path);

      c.games++;
      c.nodes += game->n_nodes;
      c.skipped += game->skipped;
      c.errors += game->error != NULL && !game->skipped;
      if (game->error)
        {
          /* "file:line: game N: what" (rulings R13) */
          g_autofree char *prefix = g_strdup_printf ("%s:", path);
          g_autofree char *game_n = g_strdup_printf (": game %u: ", c.games);

          g_assert_true (g_str_has_prefix (game->error, prefix));
          g_assert_nonnull (strstr (game->error, game_n));
        }
      g_assert_cmpuint (source.line, >=, c.max_line);
      c.max_line = source.line;
      if (check_write)
        {
          /* Whatever the game, its export reads back without error. */
          g_autoptr (CqGame) again = NULL;

          g_string_truncate (out, 0);
          cq_pgn_write_game (out, game, NULL);
          again = cq_game_new_parsed (out->str, out->len, NULL, "written");
          if (!game->skipped && game->root)
            {
              g_assert_null (again->error);
              g_assert_cmpuint (again->n_nodes, ==, game->n_nodes);
            }
        }
    }
  g_assert_no_error (error);
  return c;
}

static void
collect (const char *dir, const char *rel, GPtrArray *files)
{
  g_autofree char *path = g_build_filename (dir, rel, NULL);
  g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *child = g_build_filename (rel, name, NULL);
      g_autofree char *full = g_build_filename (dir, child, NULL);

      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        collect (dir, child, files);
      else if (g_str_has_suffix (name, ".pgn"))
        g_ptr_array_add (files, g_steal_pointer (&child));
    }
}

/* Every PGN under games/, studies/ and edge/: read without crash, the
 * counts as expected; differences from pgn-extract listed. */
static void
test_all_files (void)
{
  const char *dir = shared_data_dir ();
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint total_games = 0, total_errors = 0, total_skipped = 0;

  if (dir == NULL)
    {
      g_test_skip ("the shared data (EXCELSIOR_SHARED_DATA) is absent");
      return;
    }
  collect (dir, "games", files);
  collect (dir, "studies", files);
  collect (dir, "edge", files);
  g_assert_cmpuint (files->len, ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < files->len; i++)
    {
      const char *rel = files->pdata[i];
      const Expected *e = NULL;
      g_autofree char *path = g_build_filename (dir, rel, NULL);
      Counts c;

      for (guint j = 0; j < G_N_ELEMENTS (expected); j++)
        if (strcmp (expected[j].path, rel) == 0)
          e = &expected[j];
      if (e == NULL)
        g_error ("%s is not in the table of expected counts", rel);

      c = read_file (path, TRUE);
      g_test_message ("%s: %u games, %u errors, %u skipped, %u positions; pgn-extract %d/%d%s%s",
                      rel, c.games, c.errors, c.skipped, c.nodes, e->pe_ok, e->pe_seen,
                      e->why ? ": " : "", e->why ? e->why : "");
      g_assert_cmpuint (c.games, ==, e->games);
      g_assert_cmpuint (c.errors, ==, e->errors);
      g_assert_cmpuint (c.skipped, ==, e->skipped);
      g_assert_cmpuint (c.nodes, ==, e->nodes);
      /* Where we differ from pgn-extract, the table says why. */
      if (e->pe_seen >= 0
          && ((int) c.games != e->pe_seen || (int) (c.games - c.errors - c.skipped) != e->pe_ok))
        g_assert_nonnull (e->why);
      total_games += c.games;
      total_errors += c.errors;
      total_skipped += c.skipped;
    }
  g_test_message ("all files: %u games, %u with errors, %u skipped", total_games, total_errors,
                  total_skipped);
}

/* Round trips on real files: the 253 studies of the CQL 6 sample (deep
 * variations, NAGs, comments, Latin-1), annotated games, clock comments. */
static void
test_round_trips (void)
{
  static const struct {
    const char *path;
    guint       games;
  } cases[] = {
    { "studies/cql6-sample-hhdb-selection.pgn", 253 },
    { "studies/pychess-lichess/lichess_study_"
      "beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn", 64 },
    { "studies/pychess-lichess/lichess_study_"
      "beautiful-chess-studies-2_by_thijscom_2018.04.17.pgn", 39 },
    { "games/chesslib/linares_2002.pgn", 42 },
    { "games/chesslib/cup.pgn", 900 },
    { "games/chesslib/redqueen.pgn", 270 },
    { "games/shakmaty-benches/lichess_db_1000k.pgn", 438 },
    { "games/pgn-extract/eco.pgn", 2014 },
    { "edge/scid/res_gameUTF8.pgn", 1 },
    { "edge/chesslib/longest.pgn", 1 },
    { "edge/scalachess-header-only/FWWRC.pgn", 605 },
  };
  const char *dir = shared_data_dir ();

  if (dir == NULL)
    {
      g_test_skip ("the shared data (EXCELSIOR_SHARED_DATA) is absent");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].path, NULL);
      g_autofree char *data = NULL;
      g_autoptr (GError) error = NULL;
      gsize len;

      g_test_message ("%s", cases[i].path);
      g_file_get_contents (path, &data, &len, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (assert_round_trip (data, len, cases[i].path), ==, cases[i].games);
    }
}

/* The first games of the 145,716-game benchmark file, decompressed with
 * xz through a pipe (only the first 4 MiB). */
static void
test_gnuchess_head (void)
{
  const char *dir = shared_data_dir ();
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) xz = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *xz_path = g_find_program_in_path ("xz");
  GInputStream *in;
  guint plies = 0;
  CqGame *first;

  if (dir == NULL)
    {
      g_test_skip ("the shared data (EXCELSIOR_SHARED_DATA) is absent");
      return;
    }
  if (xz_path == NULL)
    {
      g_test_skip ("xz is not installed");
      return;
    }
  path = g_build_filename (dir, "games", "gnuchess-book-1.02.pgn.xz", NULL);
  xz = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                         &error, xz_path, "-dc", path, NULL);
  g_assert_no_error (error);
  in = g_subprocess_get_stdout_pipe (xz);
  while (bytes->len < 4u << 20)
    {
      guint8 buf[65536];
      gssize n = g_input_stream_read (in, buf, sizeof buf, NULL, &error);

      g_assert_no_error (error);
      if (n == 0)
        break;
      g_byte_array_append (bytes, buf, n);
    }
  g_subprocess_force_exit (xz);
  g_subprocess_wait (xz, NULL, NULL);

  games = parse_all ((const char *) bytes->data, bytes->len, "gnuchess-book-1.02.pgn");
  /* The last game may be cut by the 4 MiB limit: leave it out. */
  g_assert_cmpuint (games->len, >, 5000);
  for (guint i = 0; i + 1 < games->len; i++)
    {
      CqGame *g = games->pdata[i];

      g_assert_null (g->error);
      g_assert_cmpuint (g->source.number, ==, i + 1);
      plies += cq_game_mainline_end (g)->ply;
    }
  first = games->pdata[0];
  g_assert_cmpuint (first->source.offset, ==, 0);
  g_assert_cmpuint (first->source.line, ==, 1);
  g_assert_nonnull (cq_game_get_tag (first, "White"));
  g_test_message ("%u games, %u plies in the first 4 MiB", games->len - 1, plies);
  g_assert_cmpuint (plies, >, 60 * (games->len - 1));
}

/* The whole benchmark file (slow tests only): 145,716 games, no error. */
static void
test_gnuchess_full (void)
{
  const char *dir = shared_data_dir ();
  g_autofree char *path = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *cmd = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xz_path = g_find_program_in_path ("xz");
  int status = 0, fd;
  Counts c;

  if (dir == NULL || xz_path == NULL)
    {
      g_test_skip ("needs the shared data (EXCELSIOR_SHARED_DATA) and xz");
      return;
    }
  path = g_build_filename (dir, "games", "gnuchess-book-1.02.pgn.xz", NULL);
  fd = g_file_open_tmp ("cq-gnuchess-XXXXXX.pgn", &tmp, &error);
  g_assert_no_error (error);
  close (fd);
  cmd = g_strdup_printf ("sh -c 'xz -dc \"%s\" > \"%s\"'", path, tmp);
  g_spawn_command_line_sync (cmd, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  c = read_file (tmp, FALSE);
  g_unlink (tmp);
  g_assert_cmpuint (c.games, ==, 145716);
  g_assert_cmpuint (c.errors, ==, 0);
  g_assert_cmpuint (c.skipped, ==, 0);
  g_assert_cmpuint (c.nodes, ==, 11410552);
}

int
main (int argc, char **argv)
{
  /* "--slow" (meson option slow_tests): only the whole benchmark file. */
  gboolean slow = argc > 1 && strcmp (argv[1], "--slow") == 0;

  if (slow)
    argv[1] = argv[0], argv++, argc--;
  g_test_init (&argc, &argv, NULL);

  if (slow)
    g_test_add_func ("/pgn/data/gnuchess-full", test_gnuchess_full);
  else
    {
      g_test_add_func ("/pgn/data/all-files", test_all_files);
      g_test_add_func ("/pgn/data/round-trips", test_round_trips);
      g_test_add_func ("/pgn/data/gnuchess-head", test_gnuchess_head);
    }

  return g_test_run ();
}
