/* test-fen.c: FEN reading, writing and validation; square and piece names.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-test-data.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static void
assert_round_trip (const char *fen)
{
  g_autoptr (GError) error = NULL;
  CqPosition pos;
  char buf[CQ_FEN_MAX];
  gsize len;

  if (!cq_position_set_fen (&pos, fen, &error))
    g_error ("%s: %s", fen, error->message);
  assert_position_consistent (&pos);
  len = cq_position_to_fen (&pos, buf);
  g_assert_cmpuint (len, ==, strlen (buf));
  g_assert_cmpstr (buf, ==, fen);
}

static void
test_fen_initial (void)
{
  CqPosition a, b;
  char buf[CQ_FEN_MAX];

  cq_position_set_initial (&a);
  assert_position_consistent (&a);
  g_assert_cmpuint (cq_position_to_fen (&a, buf), ==, strlen (START_FEN));
  g_assert_cmpstr (buf, ==, START_FEN);
  g_assert_true (cq_position_set_fen (&b, START_FEN, NULL));
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);

  g_assert_cmpint (cq_position_piece_at (&a, CQ_SQUARE (4, 0)), ==, CQ_WK);
  g_assert_cmpint (cq_position_piece_at (&a, CQ_SQUARE (3, 7)), ==, CQ_BQ);
  g_assert_cmpint (cq_position_piece_at (&a, CQ_SQUARE (4, 4)), ==, CQ_EMPTY);
  g_assert_cmpuint (a.pieces[CQ_EMPTY], ==, G_GUINT64_CONSTANT (0x0000FFFFFFFF0000));
  g_assert_cmpuint (a.by_color[CQ_WHITE], ==, G_GUINT64_CONSTANT (0xFFFF));
  g_assert_cmpuint (a.pieces[CQ_BP], ==, G_GUINT64_CONSTANT (0x00FF000000000000));
  g_assert_cmpint (a.ep_square, ==, CQ_NO_SQUARE);
  g_assert_cmpuint (a.fullmove_number, ==, 1);
}

static void
test_fen_round_trip_fixtures (void)
{
  g_autoptr (GPtrArray) entries = perft_data_load_fixtures ();

  for (guint i = 0; i < entries->len; i++)
    {
      PerftEntry *e = entries->pdata[i];
      g_autofree char *fen = fen_with_counters (e->fen);

      assert_round_trip (fen);
    }
}

/* FENs written by other programs; each must come back unchanged. */
static void
test_fen_round_trip_misc (void)
{
  static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    /* ep square kept although no black pawn can capture. */
    "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2",
    "4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
    "8/8/8/8/8/8/8/K6k w - - 65535 4294967295",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 3 17",
    "7k/8/8/8/8/8/8/K7 w - - 0 0",
    /* The common "w - - 0 1" shape, read by its short path. */
    "2n3n1/6kp/6Pp/7P/3K2P1/2B5/8/8 w - - 1 0",
    "1K6/5k2/8/3p4/4p2P/R2b4/8/8 b - - 9 9",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    assert_round_trip (fens[i]);
}

static void
test_fen_lenient (void)
{
  CqPosition pos;
  char buf[CQ_FEN_MAX];
  struct {
    const char *in, *out;
  } cases[] = {
    /* Missing counters. */
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", START_FEN },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1" },
    /* Blanks around and between fields, castling letters in any order. */
    { "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  qkQK  -  0  1 \n", START_FEN },
    /* Near the common "w - - 0 1" shape: read by the general path. */
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
    { "4k3/8/8/8/8/8/8/4K3\tw - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 12", "4k3/8/8/8/8/8/8/4K3 w - - 0 12" },
    /* Rights without their king or rook are dropped. */
    { "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1" },
    { "r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1" },
    { "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1" },
    { "1r2k1r1/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "1r2k1r1/8/8/8/8/8/8/R3K2R b KQ - 0 1" },
    /* tricky.perft xfen-00: X-FEN rights that standard chess cannot have. */
    { "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
      "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w - - 0 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      if (!cq_position_set_fen (&pos, cases[i].in, &error))
        g_error ("%s: %s", cases[i].in, error->message);
      assert_position_consistent (&pos);
      cq_position_to_fen (&pos, buf);
      g_assert_cmpstr (buf, ==, cases[i].out);
    }

  g_assert_true (cq_position_set_fen (&pos, "4k3/8/8/8/8/8/8/4K3 w - - 12 34", NULL));
  g_assert_cmpuint (pos.halfmove_clock, ==, 12);
  g_assert_cmpuint (pos.fullmove_number, ==, 34);
  g_assert_true (cq_position_set_fen (&pos, "4k3/8/8/8/8/8/8/4K3 b - -", NULL));
  g_assert_cmpuint (pos.halfmove_clock, ==, 0);
  g_assert_cmpuint (pos.fullmove_number, ==, 1);
  g_assert_cmpuint (pos.side_to_move, ==, CQ_BLACK);
}

static void
test_fen_bad (void)
{
  struct {
    const char *fen, *message_part;
  } cases[] = {
    { "", "empty" },
    { "   ", "empty" },
    { "8/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings" },
    { "k7/8/8/8/8/8/8/KK6 w - - 0 1", "White has 2 kings" },
    { "K7/8/8/8/8/8/8/8 w - - 0 1", "Black has 0 kings" },
    { "kk6/8/8/8/8/8/8/K7 w - - 0 1", "Black has 2 kings" },
    { "k6P/8/8/8/8/8/8/K7 w - - 0 1", "pawn stands on rank 1 or 8" },
    { "k7/8/8/8/8/8/8/K6p b - - 0 1", "pawn stands on rank 1 or 8" },
    { "k6R/8/8/8/8/8/8/K7 w - - 0 1", "side not to move (Black) is in check" },
    { "k7/8/8/8/8/8/1q6/K7 b - - 0 1", "side not to move (White) is in check" },
    { "k7/8/8/8/8/8/8 w - - 0 1", "7 ranks" },
    { "k7/8/8/8/8/8/8/8/K7 w - - 0 1", "more than 8 ranks" },
    { "k7/8/8/8/8/8/8/K8 w - - 0 1", "more than 8 squares" },
    { "k7/8/8/9/8/8/8/K7 w - - 0 1", "unexpected character '9'" },
    { "k7/8/8/7/8/8/8/K7 w - - 0 1", "rank 5 describes 7 squares" },
    { "k7/8/8/8/8/8/8/K6 w - - 0 1", "rank 1 describes 7 squares" },
    { "k7/8/8/8/8/8/8/K6X w - - 0 1", "unexpected character 'X'" },
    /* Placements the reader without a branch per byte must refuse: 64
     * squares and 7 '/' in all, but 9 and 7 on ranks 8 and 7; more than
     * 64 squares; a '/' after rank 1; '/' alone. */
    { "k8/7/8/8/8/8/8/K7 w - - 0 1", "rank 8 describes more than 8 squares" },
    { "k7/8/8/8/8/8/8/K7888888888 w - - 0 1", "rank 1 describes more than 8 squares" },
    { "k7/8/8/8/8/8/8/K7/ w - - 0 1", "more than 8 ranks" },
    { "//////////// w - - 0 1", "rank 8 describes 0 squares, not 8" },
    { "k7/8/8/8/8/8/8/K7", "side to move is missing" },
    { "k7/8/8/8/8/8/8/K7 x - - 0 1", "side to move must be" },
    { "k7/8/8/8/8/8/8/K7 white - - 0 1", "side to move must be" },
    { "k7/8/8/8/8/8/8/K7 w", "castling field is missing" },
    { "k7/8/8/8/8/8/8/K7 w KQz - 0 1", "unexpected character 'z' in the castling" },
    { "k7/8/8/8/8/8/8/K7 w -K - 0 1", "unexpected character '-' in the castling" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "Chess960" },
    { "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -", "Chess960" },
    { "k7/8/8/8/8/8/8/K7 w -", "en passant field is missing" },
    { "k7/8/8/8/8/8/8/K7 w - e4 0 1", "not on rank 6" },
    { "k7/8/8/8/8/8/8/K7 b - e6 0 1", "not on rank 3" },
    { "k7/8/8/8/8/8/8/K7 w - z6 0 1", "must be '-' or a square" },
    { "k7/8/8/8/8/8/8/K7 w - e66 0 1", "must be '-' or a square" },
    { "k7/8/8/8/8/8/8/K7 w - - -1 1", "halfmove clock" },
    { "k7/8/8/8/8/8/8/K7 w - - 65536 1", "halfmove clock" },
    { "k7/8/8/8/8/8/8/K7 w - - 0 abc", "fullmove number" },
    { "k7/8/8/8/8/8/8/K7 w - - 0 4294967296", "fullmove number" },
    { "k7/8/8/8/8/8/8/K7 w - - 0 1 extra", "unexpected text after the last field" },
    { "k7/8/8/8/8/8/8/K7 w - - 0 1;", "fullmove number" },
    /* Near the common "w - - 0 1" shape: read by the general path. */
    { "k7/8/8/8/8/8/8/K7 w - - x 1", "halfmove clock" },
    { "k7/8/8/8/8/8/8/K7 w - - 0 1x", "fullmove number" },
    { "k7/8/8/8/8/8/8/K7 x - - 0 1", "side to move must be" },
  };
  CqPosition pos;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      if (cq_position_set_fen (&pos, cases[i].fen, &error))
        g_error ("accepted bad FEN \"%s\"", cases[i].fen);
      g_assert_error (error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_FEN);
      if (strstr (error->message, cases[i].message_part) == NULL)
        g_error ("FEN \"%s\": message \"%s\" lacks \"%s\"", cases[i].fen, error->message,
                 cases[i].message_part);
      /* The message quotes the FEN. */
      g_assert_nonnull (strstr (error->message, cases[i].fen));
    }

  {
    g_autoptr (GError) error = NULL;

    g_assert_false (cq_position_set_fen (&pos, NULL, &error));
    g_assert_error (error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_FEN);
  }
  /* No GError wanted: still a clean FALSE. */
  g_assert_false (cq_position_set_fen (&pos, "junk", NULL));
}

/* Mutated FENs (characters replaced, inserted, deleted, text cut short):
 * never a crash; each is either refused with BAD_FEN or gives a
 * consistent position whose FEN reads back to the same record. */
static void
test_fen_mutations (void)
{
  static const char alphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqHAha0123456789e3e6x";
  g_autoptr (GPtrArray) entries = perft_data_load_fixtures ();
  guint accepted = 0, refused = 0;

  for (guint round = 0; round < 20000; round++)
    {
      PerftEntry *e = entries->pdata[g_test_rand_int_range (0, (gint32) entries->len)];
      g_autofree char *base = fen_with_counters (e->fen);
      GString *fen = g_string_new (base);
      int edits = g_test_rand_int_range (1, 4);
      g_autoptr (GError) error = NULL;
      CqPosition pos;

      for (int k = 0; k < edits; k++)
        {
          int at = g_test_rand_int_range (0, (gint32) fen->len);
          char c = alphabet[g_test_rand_int_range (0, sizeof alphabet - 1)];

          switch (g_test_rand_int_range (0, 4))
            {
            case 0: fen->str[at] = c; break;
            case 1: g_string_insert_c (fen, at, c); break;
            case 2: g_string_erase (fen, at, 1); break;
            default: g_string_truncate (fen, at); break;
            }
          if (fen->len == 0)
            break;
        }
      if (cq_position_set_fen (&pos, fen->str, &error))
        {
          char out[CQ_FEN_MAX];
          CqPosition again;

          assert_position_consistent (&pos);
          g_assert_cmpuint (cq_position_to_fen (&pos, out), <, CQ_FEN_MAX);
          g_assert_true (cq_position_set_fen (&again, out, NULL));
          g_assert_cmpmem (&again, sizeof again, &pos, sizeof pos);
          accepted++;
        }
      else
        {
          g_assert_error (error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_FEN);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          refused++;
        }
      g_string_free (fen, TRUE);
    }
  g_test_message ("%u mutated FENs accepted, %u refused", accepted, refused);
  g_assert_cmpuint (accepted, >, 100);
  g_assert_cmpuint (refused, >, 1000);
}

static void
test_names (void)
{
  char buf[3];

  for (int sq = 0; sq < 64; sq++)
    {
      cq_square_name (sq, buf);
      g_assert_cmpint (buf[0], ==, 'a' + CQ_FILE (sq));
      g_assert_cmpint (buf[1], ==, '1' + CQ_RANK (sq));
      g_assert_cmpint (buf[2], ==, '\0');
      g_assert_cmpint (cq_square_from_name (buf), ==, sq);
    }
  cq_square_name (CQ_SQUARE (4, 3), buf);
  g_assert_cmpstr (buf, ==, "e4");
  cq_square_name (CQ_NO_SQUARE, buf);
  g_assert_cmpstr (buf, ==, "-");
  g_assert_cmpint (cq_square_from_name ("h8"), ==, 63);
  g_assert_cmpint (cq_square_from_name ("a1"), ==, 0);
  g_assert_cmpint (cq_square_from_name ("i1"), ==, -1);
  g_assert_cmpint (cq_square_from_name ("a9"), ==, -1);
  g_assert_cmpint (cq_square_from_name ("A1"), ==, -1);
  g_assert_cmpint (cq_square_from_name ("a1x"), ==, -1);
  g_assert_cmpint (cq_square_from_name ("a"), ==, -1);
  g_assert_cmpint (cq_square_from_name (""), ==, -1);
  g_assert_cmpint (cq_square_from_name (NULL), ==, -1);

  g_assert_cmpint (cq_piece_char (CQ_EMPTY), ==, '.');
  g_assert_cmpint (cq_piece_char (CQ_WK), ==, 'K');
  g_assert_cmpint (cq_piece_char (CQ_WP), ==, 'P');
  g_assert_cmpint (cq_piece_char (CQ_BN), ==, 'n');
  g_assert_cmpint (cq_piece_char (CQ_BQ), ==, 'q');
  for (int p = CQ_EMPTY; p < CQ_N_PIECES; p++)
    g_assert_cmpint (cq_piece_from_char (cq_piece_char (p)), ==, p);
  g_assert_cmpint (cq_piece_from_char ('x'), ==, -1);
  g_assert_cmpint (cq_piece_from_char ('\0'), ==, -1);
  g_assert_cmpint (cq_piece_from_char ('1'), ==, -1);

  g_assert_cmpint (CQ_PIECE_TYPE (CQ_BQ), ==, CQ_QUEEN);
  g_assert_cmpint (CQ_PIECE_COLOR (CQ_BQ), ==, CQ_BLACK);
  g_assert_cmpint (CQ_MAKE_PIECE (CQ_BLACK, CQ_ROOK), ==, CQ_BR);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chess/fen/initial", test_fen_initial);
  g_test_add_func ("/chess/fen/round-trip-fixtures", test_fen_round_trip_fixtures);
  g_test_add_func ("/chess/fen/round-trip-misc", test_fen_round_trip_misc);
  g_test_add_func ("/chess/fen/lenient", test_fen_lenient);
  g_test_add_func ("/chess/fen/bad", test_fen_bad);
  g_test_add_func ("/chess/fen/mutations", test_fen_mutations);
  g_test_add_func ("/chess/names", test_names);
  return g_test_run ();
}
