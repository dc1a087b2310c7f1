/* test-movegen.c: attack sets, check, legal move generation, making moves.
 *
 * The library is compared with slow reference code written here (ray
 * walking, pseudo-legal generation filtered by a reference check test) on
 * random positions: random placements and random playouts from the
 * fixture positions (GTest's random seed; rerun with --seed to repeat).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-test-data.h"
/* Internals: the attack tables and the evaluator's legal-move
 * shortcuts. */
#include "chess/cq-chess-private.h"

static gboolean
on_board (int f, int r)
{
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

static CqBitboard
ref_ray_attacks (int sq, CqBitboard occ, const int (*dirs)[2], int ndirs, gboolean slide)
{
  CqBitboard att = 0;

  for (int d = 0; d < ndirs; d++)
    {
      int f = CQ_FILE (sq) + dirs[d][0], r = CQ_RANK (sq) + dirs[d][1];

      while (on_board (f, r))
        {
          att |= CQ_BIT (CQ_SQUARE (f, r));
          if (!slide || (occ & CQ_BIT (CQ_SQUARE (f, r))))
            break;
          f += dirs[d][0];
          r += dirs[d][1];
        }
    }
  return att;
}

static CqBitboard
ref_attacks (CqPiece piece, int sq, CqBitboard occ)
{
  static const int orth[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  static const int diag[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
  static const int knight[8][2] = {
    { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 }
  };
  static const int wpawn[2][2] = { { -1, 1 }, { 1, 1 } };
  static const int bpawn[2][2] = { { -1, -1 }, { 1, -1 } };

  switch (CQ_PIECE_TYPE (piece))
    {
    case CQ_PAWN:
      return ref_ray_attacks (sq, occ, CQ_PIECE_COLOR (piece) == CQ_WHITE ? wpawn : bpawn, 2,
                              FALSE);
    case CQ_KNIGHT:
      return ref_ray_attacks (sq, occ, knight, 8, FALSE);
    case CQ_BISHOP:
      return ref_ray_attacks (sq, occ, diag, 4, TRUE);
    case CQ_ROOK:
      return ref_ray_attacks (sq, occ, orth, 4, TRUE);
    case CQ_QUEEN:
      return ref_ray_attacks (sq, occ, diag, 4, TRUE) | ref_ray_attacks (sq, occ, orth, 4, TRUE);
    case CQ_KING:
      return ref_ray_attacks (sq, occ, diag, 4, FALSE) | ref_ray_attacks (sq, occ, orth, 4, FALSE);
    default:
      return 0;
    }
}

static gboolean
ref_attacked (const CqPosition *pos, int sq, CqColor by)
{
  CqBitboard occ = pos->by_color[0] | pos->by_color[1];

  for (int s = 0; s < 64; s++)
    {
      int p = pos->board[s];

      if (p != CQ_EMPTY && CQ_PIECE_COLOR (p) == by && (ref_attacks (p, s, occ) & CQ_BIT (sq)))
        return TRUE;
    }
  return FALSE;
}

static int
king_square (const CqPosition *pos, CqColor c)
{
  for (int s = 0; s < 64; s++)
    if (pos->board[s] == CQ_MAKE_PIECE (c, CQ_KING))
      return s;
  g_assert_not_reached ();
}

static gboolean
ref_in_check (const CqPosition *pos)
{
  return ref_attacked (pos, king_square (pos, pos->side_to_move), pos->side_to_move ^ 1);
}

static void
add (CqMove *list, guint *n, int from, int to, int piece, int captured, int promo, int flags)
{
  CqMove m = { from, to, piece, captured, promo, flags };

  list[(*n)++] = m;
}

/* Pseudo-legal moves, then the ones that do not leave the king in check. */
static guint
ref_legal_moves (const CqPosition *pos, CqMove *out)
{
  CqMove pseudo[512];
  guint np = 0, n = 0;
  CqColor us = pos->side_to_move, them = us ^ 1;
  CqBitboard occ = pos->by_color[0] | pos->by_color[1];
  int up = us == CQ_WHITE ? 8 : -8;

  for (int s = 0; s < 64; s++)
    {
      int p = pos->board[s];

      if (p == CQ_EMPTY || CQ_PIECE_COLOR (p) != us)
        continue;
      if (CQ_PIECE_TYPE (p) == CQ_PAWN)
        {
          int last = us == CQ_WHITE ? 7 : 0;
          int start = us == CQ_WHITE ? 1 : 6;
          CqBitboard caps = ref_attacks (p, s, occ);
          int targets[3], nt = 0;

          if (pos->board[s + up] == CQ_EMPTY)
            {
              targets[nt++] = s + up;
              if (CQ_RANK (s) == start && pos->board[s + 2 * up] == CQ_EMPTY)
                add (pseudo, &np, s, s + 2 * up, p, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_DOUBLE_PUSH);
            }
          for (int t = 0; t < 64; t++)
            if (caps & CQ_BIT (t))
              {
                if (pos->board[t] != CQ_EMPTY && CQ_PIECE_COLOR (pos->board[t]) == them)
                  targets[nt++] = t;
                else if (t == pos->ep_square && pos->board[t] == CQ_EMPTY
                         && pos->board[t - up] == CQ_MAKE_PIECE (them, CQ_PAWN))
                  add (pseudo, &np, s, t, p, pos->board[t - up], CQ_EMPTY, CQ_MOVE_EN_PASSANT);
              }
          for (int k = 0; k < nt; k++)
            if (CQ_RANK (targets[k]) == last)
              for (int pt = CQ_QUEEN; pt >= CQ_KNIGHT; pt--)
                add (pseudo, &np, s, targets[k], p, pos->board[targets[k]],
                     CQ_MAKE_PIECE (us, pt), 0);
            else
              add (pseudo, &np, s, targets[k], p, pos->board[targets[k]], CQ_EMPTY, 0);
        }
      else
        {
          CqBitboard att = ref_attacks (p, s, occ);

          for (int t = 0; t < 64; t++)
            if ((att & CQ_BIT (t))
                && (pos->board[t] == CQ_EMPTY || CQ_PIECE_COLOR (pos->board[t]) == them))
              add (pseudo, &np, s, t, p, pos->board[t], CQ_EMPTY, 0);
        }
    }
  /* Castling. */
  {
    int home = us == CQ_WHITE ? 0 : 56;
    int king = CQ_MAKE_PIECE (us, CQ_KING), rook = CQ_MAKE_PIECE (us, CQ_ROOK);
    int ks = us == CQ_WHITE ? CQ_CASTLE_WK : CQ_CASTLE_BK;
    int qs = us == CQ_WHITE ? CQ_CASTLE_WQ : CQ_CASTLE_BQ;

    if ((pos->castling & ks) && pos->board[home + 4] == king && pos->board[home + 7] == rook
        && pos->board[home + 5] == CQ_EMPTY && pos->board[home + 6] == CQ_EMPTY
        && !ref_attacked (pos, home + 4, them) && !ref_attacked (pos, home + 5, them)
        && !ref_attacked (pos, home + 6, them))
      add (pseudo, &np, home + 4, home + 6, king, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_CASTLE);
    if ((pos->castling & qs) && pos->board[home + 4] == king && pos->board[home] == rook
        && pos->board[home + 1] == CQ_EMPTY && pos->board[home + 2] == CQ_EMPTY
        && pos->board[home + 3] == CQ_EMPTY
        && !ref_attacked (pos, home + 4, them) && !ref_attacked (pos, home + 3, them)
        && !ref_attacked (pos, home + 2, them))
      add (pseudo, &np, home + 4, home + 2, king, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_CASTLE);
  }

  for (guint i = 0; i < np; i++)
    {
      CqPosition after = *pos;

      cq_position_make_move (&after, &pseudo[i]);
      if (!ref_attacked (&after, king_square (&after, us), them))
        out[n++] = pseudo[i];
    }
  return n;
}

static int
compare_moves (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (CqMove));
}

static void
check_position (const CqPosition *pos)
{
  CqMove lib[CQ_MAX_MOVES], ref[512];
  guint nl, nr;
  CqBitboard occ = pos->by_color[0] | pos->by_color[1];

  assert_position_consistent (pos);
  nl = cq_position_legal_moves (pos, lib);
  nr = ref_legal_moves (pos, ref);
  g_assert_cmpuint (nl, ==, nr);
  qsort (lib, nl, sizeof (CqMove), compare_moves);
  qsort (ref, nr, sizeof (CqMove), compare_moves);
  g_assert_cmpmem (lib, nl * sizeof (CqMove), ref, nr * sizeof (CqMove));
  g_assert_cmpint (cq_position_has_legal_move (pos), ==, nl > 0);
  g_assert_cmpint (cq_position_in_check (pos), ==, ref_in_check (pos));
  /* The shortcut for positions not in check (the pawn-push test) agrees
   * with the full generator. */
  if (!ref_in_check (pos))
    g_assert_cmpint (_cq_position_has_legal_move_not_in_check (pos), ==, nl > 0);
  /* The first test of :stalemate: a move legal unless in check (TRUE is
   * a proof, FALSE says nothing). */
  if (_cq_position_has_move_unless_in_check (pos))
    g_assert_true (ref_in_check (pos) || nl > 0);
  g_assert_cmpuint (cq_perft (pos, 1), ==, nl);

  for (int sq = 0; sq < 64; sq++)
    {
      for (int c = CQ_WHITE; c <= CQ_BLACK; c++)
        g_assert_cmpint (cq_square_attacked (pos, sq, c), ==, ref_attacked (pos, sq, c));
      if (pos->board[sq] != CQ_EMPTY)
        g_assert_cmpuint (cq_attacks_from (pos->board[sq], sq, occ), ==,
                          ref_attacks (pos->board[sq], sq, occ));
    }
}

static void
test_attacks_random_occupancy (void)
{
  for (int round = 0; round < 2000; round++)
    {
      CqBitboard occ = ((guint64) g_test_rand_int () << 32) ^ (guint32) g_test_rand_int ();

      /* Sparser boards too. */
      if (round % 2)
        occ &= ((guint64) g_test_rand_int () << 32) ^ (guint32) g_test_rand_int ();
      for (int sq = 0; sq < 64; sq++)
        for (int p = CQ_WP; p <= CQ_BK; p++)
          g_assert_cmpuint (cq_attacks_from (p, sq, occ), ==, ref_attacks (p, sq, occ));
    }
  g_assert_cmpuint (cq_attacks_from (CQ_EMPTY, 10, 0), ==, 0);
  /* Pawns attack diagonally forward only (rulings R5). */
  g_assert_cmpuint (cq_attacks_from (CQ_WP, CQ_SQUARE (4, 3), 0), ==,
                    CQ_BIT (CQ_SQUARE (3, 4)) | CQ_BIT (CQ_SQUARE (5, 4)));
  g_assert_cmpuint (cq_attacks_from (CQ_BP, CQ_SQUARE (0, 3), G_MAXUINT64), ==,
                    CQ_BIT (CQ_SQUARE (1, 2)));
  /* A rook on a1 with a blocker on a4 and one on c1. */
  g_assert_cmpuint (cq_attacks_from (CQ_BR, 0, CQ_BIT (24) | CQ_BIT (2)), ==,
                    CQ_BIT (8) | CQ_BIT (16) | CQ_BIT (24) | CQ_BIT (1) | CQ_BIT (2));
}

/* Random legal placements: both kings, up to 20 other pieces, no pawns on
 * the back ranks, random side; kept if the FEN reader accepts it. */
static void
test_random_placements (void)
{
  static const char letters[] = "PNBRQpnbrq";
  guint kept = 0;

  for (int round = 0; round < 3000; round++)
    {
      char board[64];
      GString *fen = g_string_new (NULL);
      int npieces = g_test_rand_int_range (0, 21);
      CqPosition pos;

      memset (board, 0, sizeof board);
      board[g_test_rand_int_range (0, 64)] = 'K';
      for (;;)
        {
          int s = g_test_rand_int_range (0, 64);

          if (!board[s])
            {
              board[s] = 'k';
              break;
            }
        }
      for (int i = 0; i < npieces; i++)
        {
          int s = g_test_rand_int_range (0, 64);
          char c = letters[g_test_rand_int_range (0, 10)];

          if (board[s] || ((c == 'P' || c == 'p') && (s < 8 || s >= 56)))
            continue;
          board[s] = c;
        }
      for (int r = 7; r >= 0; r--)
        {
          int empty = 0;

          for (int f = 0; f < 8; f++)
            {
              char c = board[CQ_SQUARE (f, r)];

              if (!c)
                empty++;
              else
                {
                  if (empty)
                    g_string_append_c (fen, '0' + empty);
                  empty = 0;
                  g_string_append_c (fen, c);
                }
            }
          if (empty)
            g_string_append_c (fen, '0' + empty);
          if (r)
            g_string_append_c (fen, '/');
        }
      g_string_append (fen, g_test_rand_bit () ? " w KQkq - 0 1" : " b KQkq - 0 1");
      if (cq_position_set_fen (&pos, fen->str, NULL))
        {
          check_position (&pos);
          kept++;
        }
      g_string_free (fen, TRUE);
    }
  g_assert_cmpuint (kept, >, 1000);
}

static void
test_random_playouts (void)
{
  g_autoptr (GPtrArray) entries = perft_data_load_fixtures ();
  guint positions = 0, checks = 0, ends = 0;

  for (guint i = 0; i < entries->len; i++)
    for (int game = 0; game < 4; game++)
      {
        PerftEntry *e = entries->pdata[i];
        CqPosition pos;

        g_assert_true (cq_position_set_fen (&pos, e->fen, NULL));
        for (int ply = 0; ply < 120; ply++)
          {
            CqMove moves[CQ_MAX_MOVES];
            guint n;
            char fen[CQ_FEN_MAX];
            CqPosition again;

            check_position (&pos);
            positions++;
            checks += cq_position_in_check (&pos);
            /* FEN of every position reached reads back to the same record. */
            cq_position_to_fen (&pos, fen);
            g_assert_true (cq_position_set_fen (&again, fen, NULL));
            g_assert_cmpmem (&again, sizeof again, &pos, sizeof pos);
            n = cq_position_legal_moves (&pos, moves);
            if (n == 0)
              {
                ends++;
                break;
              }
            cq_position_make_move (&pos, &moves[g_test_rand_int_range (0, (gint32) n)]);
          }
      }
  g_test_message ("%u positions, %u in check, %u mates or stalemates", positions, checks, ends);
  g_assert_cmpuint (positions, >, 10000);
  g_assert_cmpuint (checks, >, 100);
}

static void
assert_fen_after (const char *fen, const char *const *sans, const char *expected)
{
  CqPosition pos;
  char buf[CQ_FEN_MAX];

  g_assert_true (cq_position_set_fen (&pos, fen, NULL));
  for (guint i = 0; sans[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      CqMove m;

      if (!cq_san_parse (&pos, sans[i], -1, &m, &error))
        g_error ("%s: %s", sans[i], error->message);
      cq_position_make_move (&pos, &m);
      assert_position_consistent (&pos);
    }
  cq_position_to_fen (&pos, buf);
  g_assert_cmpstr (buf, ==, expected);
}

static void
test_make_move (void)
{
  const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  /* En passant square after every double push (as FEN does). */
  assert_fen_after (start, (const char *[]) { "e4", NULL },
                    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  assert_fen_after (start, (const char *[]) { "e4", "c5", "Nf3", NULL },
                    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  /* Null moves: side flips, ep cleared, clocks run. */
  assert_fen_after (start, (const char *[]) { "e4", "--", NULL },
                    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  assert_fen_after (start, (const char *[]) { "Z0", "Z0", "Nf3", NULL },
                    "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 3 2");
  /* En passant removes the pawn; castling moves the rook. */
  assert_fen_after (start, (const char *[]) { "e4", "a6", "e5", "d5", "exd6", NULL },
                    "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  assert_fen_after ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 10", (const char *[]) { "O-O", NULL },
                    "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 6 10");
  assert_fen_after ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 10",
                    (const char *[]) { "O-O-O", NULL },
                    "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 6 11");
  /* Rook moves and rook captures clear the rights of that side. */
  assert_fen_after ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", (const char *[]) { "Rxa8+", NULL },
                    "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  assert_fen_after ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                    (const char *[]) { "Rh2", "Rh7", NULL },
                    "r3k3/7r/8/8/8/8/7R/R3K3 w Qq - 2 2");
  assert_fen_after ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                    (const char *[]) { "Kd1", NULL },
                    "r3k2r/8/8/8/8/8/8/R2K3R b kq - 1 1");
  /* Promotion, with capture, to each piece. */
  assert_fen_after ("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", (const char *[]) { "bxa8=N", NULL },
                    "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
  assert_fen_after ("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", (const char *[]) { "a1=R+", NULL },
                    "4k3/8/8/8/8/8/8/r3K3 w - - 0 2");

  /* A hand-built move without flags is played the same way. */
  {
    CqPosition a, b;
    CqMove flagged, bare;

    g_assert_true (cq_position_set_fen (&a, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", NULL));
    b = a;
    g_assert_true (cq_san_parse (&a, "exd6", -1, &flagged, NULL));
    bare = flagged;
    bare.flags = 0;
    cq_position_make_move (&a, &flagged);
    cq_position_make_move (&b, &bare);
    g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
    g_assert_cmpint (cq_position_piece_at (&a, CQ_SQUARE (3, 4)), ==, CQ_EMPTY);

    g_assert_true (cq_position_set_fen (&a, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL));
    b = a;
    g_assert_true (cq_san_parse (&a, "O-O-O", -1, &flagged, NULL));
    bare = flagged;
    bare.flags = 0;
    cq_position_make_move (&a, &flagged);
    cq_position_make_move (&b, &bare);
    g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
    g_assert_cmpint (cq_position_piece_at (&a, CQ_SQUARE (3, 0)), ==, CQ_WR);
  }
}

static void
test_mate_stalemate (void)
{
  CqPosition pos;
  CqMove m, moves[CQ_MAX_MOVES];
  g_autoptr (GError) error = NULL;

  /* rulings R5: after 1.c4 Black's only move is dxc3 e.p.: no stalemate. */
  g_assert_true (cq_position_set_fen (&pos, "8/8/3p2p1/3Pk1P1/3pPp2/5P2/p1PPK3/B7 w - - 0 1",
                                      NULL));
  g_assert_true (cq_san_parse (&pos, "c4", -1, &m, &error));
  g_assert_no_error (error);
  cq_position_make_move (&pos, &m);
  g_assert_cmpint (pos.ep_square, ==, CQ_SQUARE (2, 2));
  g_assert_false (cq_position_in_check (&pos));
  g_assert_true (cq_position_has_legal_move (&pos));
  g_assert_cmpuint (cq_position_legal_moves (&pos, moves), ==, 1);
  g_assert_cmpint (moves[0].flags, ==, CQ_MOVE_EN_PASSANT);
  g_assert_cmpint (moves[0].from, ==, CQ_SQUARE (3, 3));
  g_assert_cmpint (moves[0].to, ==, CQ_SQUARE (2, 2));
  g_assert_cmpint (moves[0].captured, ==, CQ_WP);
  /* The same without the ep square: stalemate. */
  g_assert_true (cq_position_set_fen (&pos, "8/8/3p2p1/3Pk1P1/2PpPp2/5P2/p2PK3/B7 b - - 0 1",
                                      NULL));
  g_assert_false (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  g_assert_cmpuint (cq_position_legal_moves (&pos, moves), ==, 0);

  /* Back-rank mate; fool's mate; smothered mate. */
  g_assert_true (cq_position_set_fen (&pos, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", NULL));
  g_assert_true (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  g_assert_true (cq_position_set_fen (&pos,
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", NULL));
  g_assert_true (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  g_assert_true (cq_position_set_fen (&pos, "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", NULL));
  g_assert_true (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  /* Classic stalemate. */
  g_assert_true (cq_position_set_fen (&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL));
  g_assert_false (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  /* Stalemates where the only piece that could move is pinned: a knight
   * and a pawn on the king's diagonal, a pawn on the king's rank.  The
   * shortcuts of :stalemate must not take the pinned piece's step. */
  {
    static const char *const pinned[] = {
      "k1K5/1n6/1P6/8/8/8/8/7B b - - 0 1",
      "k1K5/1p6/8/1N6/8/8/8/7B b - - 0 1",
      "1N6/8/2K5/kp5R/8/1PP5/8/8 b - - 0 1",
    };

    for (guint i = 0; i < G_N_ELEMENTS (pinned); i++)
      {
        g_assert_true (cq_position_set_fen (&pos, pinned[i], NULL));
        g_assert_false (cq_position_in_check (&pos));
        g_assert_false (cq_position_has_legal_move (&pos));
        g_assert_false (_cq_position_has_move_unless_in_check (&pos));
        g_assert_false (_cq_position_has_legal_move_not_in_check (&pos));
        check_position (&pos);
      }
  }
  /* The queen checks next to the king: mate when guarded, else Kxg7 only. */
  g_assert_true (cq_position_set_fen (&pos, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", NULL));
  g_assert_true (cq_position_in_check (&pos));
  g_assert_false (cq_position_has_legal_move (&pos));
  g_assert_true (cq_position_set_fen (&pos, "7k/6Q1/8/8/8/8/8/6K1 b - - 0 1", NULL));
  g_assert_true (cq_position_has_legal_move (&pos));
  g_assert_cmpuint (cq_position_legal_moves (&pos, moves), ==, 1);
  g_assert_cmpint (moves[0].to, ==, CQ_SQUARE (6, 6));
  g_assert_cmpint (moves[0].captured, ==, CQ_WQ);

  /* Positions where only a bishop, rook or queen could move, for the
   * sliders' test of cq_position_has_legal_move (): not in check, a
   * pinned slider that can move along its pin line only, or not at all
   * (stalemate); in check, a slider's block or capture as the only move,
   * or none (mate). */
  {
    static const struct {
      const char *fen;
      guint n_moves;
    } sliders[] = {
      { "k2r3R/8/1K1B4/8/8/8/8/3R4 b - - 0 1", 6 },
      { "8/8/2K5/2Q5/k7/1q6/2Q5/8 b - - 0 1", 1 },
      { "8/6Q1/4Rr2/8/1K1kB3/8/4R3/8 b - - 0 1", 0 },
      { "2K4k/7b/7Q/8/8/8/6R1/8 b - - 0 1", 0 },
      { "8/1P6/6R1/k5Rn/3r4/1K6/8/8 b - - 0 1", 1 },
      { "2Q5/8/3k4/1K4Q1/6b1/8/8/3R4 b - - 0 1", 1 },
      { "2K5/5Q2/5k2/3Q4/8/8/8/7b b - - 0 1", 0 },
      { "8/2B5/8/Q4N2/k1K2B2/8/5r2/8 b - - 0 1", 0 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (sliders); i++)
      {
        g_assert_true (cq_position_set_fen (&pos, sliders[i].fen, NULL));
        g_assert_cmpuint (cq_position_legal_moves (&pos, moves), ==, sliders[i].n_moves);
        g_assert_cmpint (cq_position_has_legal_move (&pos), ==, sliders[i].n_moves > 0);
        check_position (&pos);
      }
  }

  /* Double check: only king moves. */
  g_assert_true (cq_position_set_fen (&pos, "4k3/8/8/8/8/8/3n4/R3K2r w Q - 0 1", NULL));
  g_assert_true (cq_position_in_check (&pos));
  {
    guint n = cq_position_legal_moves (&pos, moves);

    g_assert_cmpuint (n, >, 0);
    for (guint i = 0; i < n; i++)
      g_assert_cmpint (moves[i].piece, ==, CQ_WK);
    check_position (&pos);
  }
  /* En passant that uncovers the king along the rank is illegal. */
  g_assert_true (cq_position_set_fen (&pos, "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", NULL));
  {
    guint n = cq_position_legal_moves (&pos, moves);

    for (guint i = 0; i < n; i++)
      g_assert_false (moves[i].flags & CQ_MOVE_EN_PASSANT);
    check_position (&pos);
  }
  /* En passant that captures the checking pawn is legal. */
  g_assert_true (cq_position_set_fen (&pos, "8/8/8/3pP3/4K3/8/8/7k w - d6 0 1", NULL));
  g_assert_true (cq_position_in_check (&pos));
  g_assert_true (cq_san_parse (&pos, "exd6", -1, &m, NULL));
  check_position (&pos);
  /* An ep square whose pawn is missing gives no capture (kept as given). */
  g_assert_true (cq_position_set_fen (&pos, "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", NULL));
  g_assert_cmpint (pos.ep_square, ==, CQ_SQUARE (3, 5));
  check_position (&pos);
  g_assert_false (cq_san_parse (&pos, "exd6", -1, &m, NULL));
}

/* The compiled attack tables (cq-gen-tables.c writes them at build time)
 * against the reference walks: the sliders' magic lookups for every
 * occupancy of the squares they can reach on an empty board (a superset
 * of the relevant mask, so a mask missing a square shows), and the
 * between/line tables and rays for every pair of squares. */
static void
test_attack_tables (void)
{
  static const int orth[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  static const int diag[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

  for (int sq = 0; sq < 64; sq++)
    {
      CqBitboard rook_reach = ref_ray_attacks (sq, 0, orth, 4, TRUE);
      CqBitboard bishop_reach = ref_ray_attacks (sq, 0, diag, 4, TRUE);
      CqBitboard sub = 0;

      g_assert_cmphex (_cq_rook_pseudo[sq], ==, rook_reach);
      g_assert_cmphex (_cq_bishop_pseudo[sq], ==, bishop_reach);
      do
        {
          if (_cq_rook_attacks (sq, sub) != ref_ray_attacks (sq, sub, orth, 4, TRUE))
            g_error ("rook on %d, occupancy %016" G_GINT64_MODIFIER "x", sq, sub);
          sub = (sub - rook_reach) & rook_reach;
        }
      while (sub != 0);
      do
        {
          if (_cq_bishop_attacks (sq, sub) != ref_ray_attacks (sq, sub, diag, 4, TRUE))
            g_error ("bishop on %d, occupancy %016" G_GINT64_MODIFIER "x", sq, sub);
          sub = (sub - bishop_reach) & bishop_reach;
        }
      while (sub != 0);

      for (int d = 0; d < 8; d++)
        {
          int df = _cq_ray_step[d][0], dr = _cq_ray_step[d][1];
          CqBitboard ray = 0, back = 0, between = 0;
          int f, r;

          for (f = CQ_FILE (sq) + df, r = CQ_RANK (sq) + dr; on_board (f, r); f += df, r += dr)
            ray |= CQ_BIT (CQ_SQUARE (f, r));
          for (f = CQ_FILE (sq) - df, r = CQ_RANK (sq) - dr; on_board (f, r); f -= df, r -= dr)
            back |= CQ_BIT (CQ_SQUARE (f, r));
          g_assert_cmphex (_cq_ray[sq][d], ==, ray);
          for (f = CQ_FILE (sq) + df, r = CQ_RANK (sq) + dr; on_board (f, r); f += df, r += dr)
            {
              g_assert_cmphex (_cq_between[sq][CQ_SQUARE (f, r)], ==, between);
              g_assert_cmphex (_cq_line[sq][CQ_SQUARE (f, r)], ==, ray | back | CQ_BIT (sq));
              between |= CQ_BIT (CQ_SQUARE (f, r));
            }
        }
      /* Squares on no line with @sq: nothing between, no line. */
      for (int t = 0; t < 64; t++)
        if (!((rook_reach | bishop_reach) & CQ_BIT (t)))
          {
            g_assert_cmphex (_cq_between[sq][t], ==, 0);
            g_assert_cmphex (_cq_line[sq][t], ==, 0);
          }
    }
}

/* Pseudo-legal moves: the legal ones and those that leave the mover's
 * king in check, nothing else. */
static void
test_pseudolegal (void)
{
  static const struct { const char *fen; guint legal; guint pseudo; } cases[] = {
    /* The start: nothing is pinned and no one is in check. */
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20, 20 },
    /* Nc3 pinned by Bb4: legal, the king's 5 steps; pseudo-legal, also the
     * knight's 8 moves off the line. */
    { "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1", 5, 13 },
    /* In check from the rook on e8: legal, the king's 4 steps off the file;
     * pseudo-legal, also Ke2 and the knight's 4 moves. */
    { "4r1k1/8/8/8/8/8/1N6/4K3 w - - 0 1", 4, 9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CqPosition pos;
      CqMove legal[CQ_MAX_MOVES], pseudo[CQ_MAX_MOVES];
      guint nl, np;
      GError *error = NULL;

      g_assert_true (cq_position_set_fen (&pos, cases[i].fen, &error));
      nl = cq_position_legal_moves (&pos, legal);
      np = cq_position_pseudolegal_moves (&pos, pseudo);
      g_test_message ("%s: %u legal, %u pseudo-legal", cases[i].fen, nl, np);
      g_assert_cmpuint (nl, ==, cases[i].legal);
      g_assert_cmpuint (np, ==, cases[i].pseudo);
      /* Every legal move is pseudo-legal. */
      for (guint a = 0; a < nl; a++)
        {
          gboolean found = FALSE;

          for (guint b = 0; b < np && !found; b++)
            found = memcmp (&legal[a], &pseudo[b], sizeof (CqMove)) == 0;
          g_assert_true (found);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chess/movegen/attacks-random-occupancy", test_attacks_random_occupancy);
  g_test_add_func ("/chess/movegen/random-placements", test_random_placements);
  g_test_add_func ("/chess/movegen/random-playouts", test_random_playouts);
  g_test_add_func ("/chess/movegen/make-move", test_make_move);
  g_test_add_func ("/chess/movegen/mate-stalemate", test_mate_stalemate);
  g_test_add_func ("/chess/movegen/pseudolegal", test_pseudolegal);
  g_test_add_func ("/chess/movegen/attack-tables", test_attack_tables);
  return g_test_run ();
}
