/* test-san.c: SAN reading and writing.
 *
 * - Every legal move of the positions of the perft trees (fixture
 *   positions, depth 2 or 3): cq_san_format() gives the same text as a slow
 *   reference written here from the legal move list, and cq_san_parse()
 *   reads that text, its long algebraic form and its usual variants back
 *   to the same move.
 * - Each accepted notation and each error kind on hand-made positions.
 * - The six games of Kasparov - Deep Blue 1997 (fixture PGN): every move
 *   reads and writes back verbatim.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "chess-test-data.h"

static gboolean
moves_equal (const CqMove *a, const CqMove *b)
{
  return a->from == b->from && a->to == b->to && a->piece == b->piece
         && a->captured == b->captured && a->promotion == b->promotion && a->flags == b->flags;
}

static void
move_to_lan (const CqMove *m, char *buf)
{
  cq_square_name (m->from, buf);
  cq_square_name (m->to, buf + 2);
  if (m->promotion != CQ_EMPTY)
    {
      buf[4] = (char) g_ascii_tolower (cq_piece_char (m->promotion));
      buf[5] = '\0';
    }
}

/* The SAN of moves[i], built the slow way from the whole legal move list. */
static void
reference_san (const CqPosition *pos, const CqMove *moves, guint n, guint i, GString *out)
{
  const CqMove *m = &moves[i];
  CqPieceType type = CQ_PIECE_TYPE (m->piece);
  gboolean capture = m->captured != CQ_EMPTY;
  char sq[3];
  CqPosition after;
  CqMove replies[CQ_MAX_MOVES];

  g_string_truncate (out, 0);
  if (m->flags & CQ_MOVE_CASTLE)
    g_string_append (out, CQ_FILE (m->to) == 6 ? "O-O" : "O-O-O");
  else if (type == CQ_PAWN)
    {
      if (capture)
        g_string_append_printf (out, "%cx", 'a' + CQ_FILE (m->from));
      cq_square_name (m->to, sq);
      g_string_append (out, sq);
      if (m->promotion != CQ_EMPTY)
        g_string_append_printf (out, "=%c", g_ascii_toupper (cq_piece_char (m->promotion)));
    }
  else
    {
      gboolean same = FALSE, same_file = FALSE, same_rank = FALSE;

      g_string_append_c (out, g_ascii_toupper (cq_piece_char (m->piece)));
      for (guint k = 0; k < n; k++)
        if (k != i && moves[k].piece == m->piece && moves[k].to == m->to)
          {
            same = TRUE;
            same_file |= CQ_FILE (moves[k].from) == CQ_FILE (m->from);
            same_rank |= CQ_RANK (moves[k].from) == CQ_RANK (m->from);
          }
      if (same && !same_file)
        g_string_append_c (out, 'a' + CQ_FILE (m->from));
      else if (same && !same_rank)
        g_string_append_c (out, '1' + CQ_RANK (m->from));
      else if (same)
        {
          cq_square_name (m->from, sq);
          g_string_append (out, sq);
        }
      if (capture)
        g_string_append_c (out, 'x');
      cq_square_name (m->to, sq);
      g_string_append (out, sq);
    }
  after = *pos;
  cq_position_make_move (&after, m);
  if (cq_position_in_check (&after))
    g_string_append_c (out, cq_position_legal_moves (&after, replies) > 0 ? '+' : '#');
}

static void
assert_parses_to (const CqPosition *pos, const char *text, const CqMove *expected)
{
  g_autoptr (GError) error = NULL;
  CqMove got;

  if (!cq_san_parse (pos, text, -1, &got, &error))
    {
      char fen[CQ_FEN_MAX];

      cq_position_to_fen (pos, fen);
      g_error ("%s: cannot read \"%s\": %s", fen, text, error->message);
    }
  if (!moves_equal (&got, expected))
    {
      char fen[CQ_FEN_MAX];

      cq_position_to_fen (pos, fen);
      g_error ("%s: \"%s\" read as %d-%d, expected %d-%d", fen, text, got.from, got.to,
               expected->from, expected->to);
    }
}

typedef struct {
  guint64 moves;
  guint64 prefix_moves;
  GString *ref;
  GString *variant;
} WalkStats;

static void
check_node (const CqPosition *pos, guint depth, WalkStats *st)
{
  CqMove moves[CQ_MAX_MOVES];
  char sans[CQ_MAX_MOVES][CQ_SAN_MAX];
  guint n = cq_position_legal_moves (pos, moves);

  for (guint i = 0; i < n; i++)
    {
      const CqMove *m = &moves[i];
      char lan[6];
      gsize len = cq_san_format (pos, m, sans[i]);
      char with_after[CQ_SAN_MAX];
      CqPosition after = *pos;

      /* The game-tree variant gives the same text from the position after. */
      cq_position_make_move (&after, m);
      g_assert_cmpuint (cq_san_format_after (pos, m, &after, with_after), ==, len);
      g_assert_cmpstr (with_after, ==, sans[i]);
      g_assert_cmpuint (len, ==, strlen (sans[i]));
      g_assert_cmpuint (len, <, CQ_SAN_MAX);
      reference_san (pos, moves, n, i, st->ref);
      g_assert_cmpstr (sans[i], ==, st->ref->str);
      for (guint k = 0; k < i; k++)
        g_assert_cmpstr (sans[k], !=, sans[i]);

      assert_parses_to (pos, sans[i], m);
      /* The prefix reader takes the text whole or not at all, with the
       * same move. */
      {
        CqMove got;
        const char *end = cq_san_parse_prefix (pos, sans[i], &got);

        if (end != NULL)
          {
            g_assert_true (end == sans[i] + len);
            g_assert_true (moves_equal (&got, m));
            st->prefix_moves++;
          }
        else
          {
            /* Only promotions and moves from a square given in full
             * ("Qh4xe1": two rank digits) are left to cq_san_parse(). */
            guint digits = 0;

            for (const char *c = sans[i]; *c; c++)
              digits += g_ascii_isdigit (*c) ? 1 : 0;
            g_assert_true (m->promotion != CQ_EMPTY || digits == 2);
          }
      }
      /* Same text given with an explicit length and trailing garbage. */
      {
        CqMove got;
        g_autofree char *padded = g_strconcat (sans[i], "zz", NULL);

        g_assert_true (cq_san_parse (pos, padded, (gssize) len, &got, NULL));
        g_assert_true (moves_equal (&got, m));
      }
      move_to_lan (m, lan);
      assert_parses_to (pos, lan, m);

      /* Variants: annotation suffixes, no check mark, no 'x', no '='. */
      g_string_assign (st->variant, sans[i]);
      g_string_append (st->variant, "!?");
      assert_parses_to (pos, st->variant->str, m);
      g_string_assign (st->variant, sans[i]);
      while (st->variant->len > 0 && strchr ("+#", st->variant->str[st->variant->len - 1]))
        g_string_truncate (st->variant, st->variant->len - 1);
      assert_parses_to (pos, st->variant->str, m);
      if (CQ_PIECE_TYPE (m->piece) != CQ_PAWN || m->captured == CQ_EMPTY)
        {
          char *x = strchr (st->variant->str, 'x');

          if (x != NULL)
            {
              g_string_erase (st->variant, x - st->variant->str, 1);
              assert_parses_to (pos, st->variant->str, m);
            }
        }
      if (m->promotion != CQ_EMPTY)
        {
          char *eq = strchr (st->variant->str, '=');

          g_string_erase (st->variant, eq - st->variant->str, 1);
          assert_parses_to (pos, st->variant->str, m);
        }
      /* Fully disambiguated piece move ("Qh4xe1"). */
      if (CQ_PIECE_TYPE (m->piece) > CQ_PAWN && !(m->flags & CQ_MOVE_CASTLE))
        {
          char from[3], to[3];

          cq_square_name (m->from, from);
          cq_square_name (m->to, to);
          g_string_printf (st->variant, "%c%s%s%s", g_ascii_toupper (cq_piece_char (m->piece)),
                           from, m->captured != CQ_EMPTY ? "x" : "", to);
          assert_parses_to (pos, st->variant->str, m);
        }
      st->moves++;
    }

  if (depth > 1)
    for (guint i = 0; i < n; i++)
      {
        CqPosition child = *pos;

        cq_position_make_move (&child, &moves[i]);
        check_node (&child, depth - 1, st);
      }
}

static void
test_san_perft_trees (void)
{
  g_autoptr (GPtrArray) entries = perft_data_load_fixtures ();
  WalkStats st = { 0, 0, g_string_new (NULL), g_string_new (NULL) };

  for (guint i = 0; i < entries->len; i++)
    {
      PerftEntry *e = entries->pdata[i];
      CqPosition pos;
      guint depth;

      g_assert_true (cq_position_set_fen (&pos, e->fen, NULL));
      depth = cq_perft (&pos, 2) <= 600 ? 3 : 2;
      check_node (&pos, depth, &st);
    }
  g_test_message ("%" G_GUINT64_FORMAT " moves written and read, %" G_GUINT64_FORMAT
                  " of them by the prefix reader", st.moves, st.prefix_moves);
  g_assert_cmpuint (st.moves, >, 100000);
  g_assert_cmpuint (st.prefix_moves, >, st.moves / 2);
  g_string_free (st.ref, TRUE);
  g_string_free (st.variant, TRUE);
}

/* Reads @text in @fen and checks the move's squares and promotion. */
static void
check_read (const char *fen, const char *text, const char *from, const char *to, int promotion,
            int flags)
{
  g_autoptr (GError) error = NULL;
  CqPosition pos;
  CqMove m;

  g_assert_true (cq_position_set_fen (&pos, fen, NULL));
  if (!cq_san_parse (&pos, text, -1, &m, &error))
    g_error ("\"%s\" in %s: %s", text, fen, error->message);
  g_assert_cmpint (m.from, ==, cq_square_from_name (from));
  g_assert_cmpint (m.to, ==, cq_square_from_name (to));
  g_assert_cmpint (m.promotion, ==, promotion);
  g_assert_cmpint (m.flags, ==, flags);
  g_assert_cmpint (m.piece, ==, pos.board[m.from]);
}

static void
check_write (const char *fen, const char *from, const char *to, int promotion, const char *san)
{
  CqPosition pos;
  CqMove moves[CQ_MAX_MOVES];
  guint n;
  char buf[CQ_SAN_MAX];

  g_assert_true (cq_position_set_fen (&pos, fen, NULL));
  n = cq_position_legal_moves (&pos, moves);
  for (guint i = 0; i < n; i++)
    if (moves[i].from == cq_square_from_name (from) && moves[i].to == cq_square_from_name (to)
        && moves[i].promotion == promotion)
      {
        cq_san_format (&pos, &moves[i], buf);
        g_assert_cmpstr (buf, ==, san);
        return;
      }
  g_error ("%s: no legal move %s%s", fen, from, to);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define TWO_KNIGHTS "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
#define TWO_ROOKS "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1"
#define THREE_QUEENS "1k6/8/8/8/4Q2Q/8/K7/4r2Q w - - 0 1"
#define EP "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define PROMO "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"
#define PROMO_CAPTURE "k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1"
#define CASTLES "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define KING_TAKES "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1"
#define PINNED_KNIGHT "4k3/8/8/b7/8/2N5/5N2/4K3 w - - 0 1"

static void
test_san_forms (void)
{
  static const char *const e4_forms[] = {
    "e4", "e2e4", "e2-e4", "Pe4", "Pe2e4", "e4+", "e4#", "e4!", "e4?", "e4!!", "e4??", "e4!?",
    "e4?!", " e4 ", "e4\n",
  };
  static const char *const nf3_forms[] = {
    "Nf3", "g1f3", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3+", "Nf3!?", "g1-f3",
  };

  for (guint i = 0; i < G_N_ELEMENTS (e4_forms); i++)
    check_read (START, e4_forms[i], "e2", "e4", CQ_EMPTY, CQ_MOVE_DOUBLE_PUSH);
  for (guint i = 0; i < G_N_ELEMENTS (nf3_forms); i++)
    check_read (START, nf3_forms[i], "g1", "f3", CQ_EMPTY, 0);
  check_read (START, "e3", "e2", "e3", CQ_EMPTY, 0);

  check_read (TWO_KNIGHTS, "Nbd2", "b1", "d2", CQ_EMPTY, 0);
  check_read (TWO_KNIGHTS, "Nfd2", "f3", "d2", CQ_EMPTY, 0);
  check_read (TWO_KNIGHTS, "Nf3d2", "f3", "d2", CQ_EMPTY, 0);
  check_write (TWO_KNIGHTS, "b1", "d2", CQ_EMPTY, "Nbd2");
  check_write (TWO_KNIGHTS, "f3", "d2", CQ_EMPTY, "Nfd2");
  check_write (TWO_KNIGHTS, "f3", "e5", CQ_EMPTY, "Ne5");

  check_read (TWO_ROOKS, "R1e2", "e1", "e2", CQ_EMPTY, 0);
  check_read (TWO_ROOKS, "R3e2", "e3", "e2", CQ_EMPTY, 0);
  check_write (TWO_ROOKS, "e1", "e2", CQ_EMPTY, "R1e2");
  check_write (TWO_ROOKS, "e3", "e2", CQ_EMPTY, "R3e2");

  check_read (THREE_QUEENS, "Qh4xe1", "h4", "e1", CQ_EMPTY, 0);
  check_read (THREE_QUEENS, "Qh4e1", "h4", "e1", CQ_EMPTY, 0);
  check_read (THREE_QUEENS, "Qexe1", "e4", "e1", CQ_EMPTY, 0);
  check_read (THREE_QUEENS, "Q1xe1", "h1", "e1", CQ_EMPTY, 0);
  check_write (THREE_QUEENS, "h4", "e1", CQ_EMPTY, "Qh4xe1");
  check_write (THREE_QUEENS, "e4", "e1", CQ_EMPTY, "Qexe1");
  check_write (THREE_QUEENS, "h1", "e1", CQ_EMPTY, "Q1xe1");

  check_read (EP, "exd6", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_read (EP, "exd6 e.p.", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_read (EP, "exd6e.p.", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_read (EP, "exd6ep", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_read (EP, "exd6 e.p.+", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_read (EP, "ed6", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_read (EP, "e5d6", "e5", "d6", CQ_EMPTY, CQ_MOVE_EN_PASSANT);
  check_write (EP, "e5", "d6", CQ_EMPTY, "exd6");

  check_read (PROMO, "e8=Q", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e8Q", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e8=Q+", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e8=q", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e8(Q)", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e7e8q", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e7e8Q", "e7", "e8", CQ_WQ, 0);
  check_read (PROMO, "e8=N", "e7", "e8", CQ_WN, 0);
  check_read (PROMO, "e8=R", "e7", "e8", CQ_WR, 0);
  check_read (PROMO, "e8B", "e7", "e8", CQ_WB, 0);
  check_read (PROMO, "e7e8b", "e7", "e8", CQ_WB, 0);
  check_write (PROMO, "e7", "e8", CQ_WQ, "e8=Q+");
  check_write (PROMO, "e7", "e8", CQ_WN, "e8=N");
  check_read (PROMO_CAPTURE, "exd8=N", "e7", "d8", CQ_WN, 0);
  check_read (PROMO_CAPTURE, "exd8N", "e7", "d8", CQ_WN, 0);
  check_read (PROMO_CAPTURE, "e7d8n", "e7", "d8", CQ_WN, 0);
  check_write (PROMO_CAPTURE, "e7", "d8", CQ_WQ, "exd8=Q+");
  check_write (PROMO_CAPTURE, "e7", "d8", CQ_WB, "exd8=B");
  check_read ("8/8/8/8/8/8/4p3/K5k1 b - - 0 1", "e1=Q", "e2", "e1", CQ_BQ, 0);

  check_read (CASTLES, "O-O", "e1", "g1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "0-0", "e1", "g1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "O-O-O", "e1", "c1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "0-0-0", "e1", "c1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "O-O+", "e1", "g1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "O-O-O!", "e1", "c1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "e1g1", "e1", "g1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read (CASTLES, "e1c1", "e1", "c1", CQ_EMPTY, CQ_MOVE_CASTLE);
  check_read ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", "e8", "g8", CQ_EMPTY,
              CQ_MOVE_CASTLE);
  check_read ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", "e8", "c8", CQ_EMPTY,
              CQ_MOVE_CASTLE);
  check_write (CASTLES, "e1", "g1", CQ_EMPTY, "O-O");
  check_write (CASTLES, "e1", "c1", CQ_EMPTY, "O-O-O");
  check_write ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1", "c1", CQ_EMPTY, "O-O-O");
  check_write ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1", "c1", CQ_EMPTY, "O-O-O+");

  check_read (KING_TAKES, "Kxe2", "e1", "e2", CQ_EMPTY, 0);
  check_read (KING_TAKES, "Ke2", "e1", "e2", CQ_EMPTY, 0);
  check_write (KING_TAKES, "e1", "e2", CQ_EMPTY, "Kxe2");

  /* Two knights reach e4 but Nc3 is pinned by Ba5: not ambiguous. */
  check_read (PINNED_KNIGHT, "Ne4", "f2", "e4", CQ_EMPTY, 0);
  check_write (PINNED_KNIGHT, "f2", "e4", CQ_EMPTY, "Ne4");

  /* Mate sign. */
  check_write ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1", "a8", CQ_EMPTY, "Ra8#");
  check_read ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "a1", "a8", CQ_EMPTY, 0);
}

/* Reads @text with cq_san_parse_prefix() in @fen: NULL when @read is -1,
 * else @read bytes and the move from @from to @to. */
static void
check_prefix (const char *fen, const char *text, int read, const char *from, const char *to)
{
  CqPosition pos;
  CqMove m;
  const char *end;

  g_assert_true (cq_position_set_fen (&pos, fen, NULL));
  end = cq_san_parse_prefix (&pos, text, &m);
  if (read < 0)
    {
      if (end != NULL)
        g_error ("\"%s\" in %s: read %d bytes", text, fen, (int) (end - text));
      return;
    }
  if (end == NULL)
    g_error ("\"%s\" in %s: not read", text, fen);
  g_assert_cmpint (end - text, ==, read);
  g_assert_cmpint (m.from, ==, cq_square_from_name (from));
  g_assert_cmpint (m.to, ==, cq_square_from_name (to));
}

static void
test_san_prefix (void)
{
  /* The shapes, each ending where the move ends whatever follows. */
  check_prefix (START, "e4", 2, "e2", "e4");
  check_prefix (START, "e4 e5", 2, "e2", "e4");
  check_prefix (START, "e4+!", 3, "e2", "e4");
  check_prefix (START, "e4!", 2, "e2", "e4");
  check_prefix (START, "e4e5", 2, "e2", "e4");
  check_prefix (START, "Nf3)", 3, "g1", "f3");
  check_prefix (START, "Nf3#{", 4, "g1", "f3");
  check_prefix (TWO_KNIGHTS, "Nbd2", 4, "b1", "d2");
  check_prefix (TWO_KNIGHTS, "Nfxd2+", 6, "f3", "d2");
  check_prefix (TWO_ROOKS, "R1e2", 4, "e1", "e2");
  check_prefix (TWO_ROOKS, "R3xe2", 5, "e3", "e2");
  check_prefix (THREE_QUEENS, "Qexe1", 5, "e4", "e1");
  check_prefix (EP, "exd6", 4, "e5", "d6");
  check_prefix (EP, "exd6e.p.", 4, "e5", "d6");
  check_prefix (CASTLES, "O-O", 3, "e1", "g1");
  check_prefix (CASTLES, "O-O-O+", 6, "e1", "c1");
  check_prefix (CASTLES, "O-O-", 3, "e1", "g1");
  check_prefix (KING_TAKES, "Kxe2", 4, "e1", "e2");
  /* A capture mark without a capture is read as cq_san_parse() reads it. */
  check_prefix (START, "Nxf3", 4, "g1", "f3");

  /* Other shapes and moves that are not legal or not single: left to
   * cq_san_parse(). */
  check_prefix (START, "", -1, NULL, NULL);
  check_prefix (START, "e5", -1, NULL, NULL);
  check_prefix (START, "Pe4", -1, NULL, NULL);
  check_prefix (START, "e2e4", -1, NULL, NULL);
  check_prefix (START, "Ng1f3", -1, NULL, NULL);
  check_prefix (START, "0-0", -1, NULL, NULL);
  check_prefix (START, "O-O", -1, NULL, NULL);
  check_prefix (START, "--", -1, NULL, NULL);
  check_prefix (START, " e4", -1, NULL, NULL);
  check_prefix (START, "E4", -1, NULL, NULL);
  check_prefix (START, "N", -1, NULL, NULL);
  check_prefix (START, "Nx", -1, NULL, NULL);
  check_prefix (START, "Nxf", -1, NULL, NULL);
  check_prefix (START, "Nxxf3", -1, NULL, NULL);
  check_prefix (START, "Nx3", -1, NULL, NULL);
  check_prefix (TWO_KNIGHTS, "Nxd2", -1, NULL, NULL);
  check_prefix (TWO_KNIGHTS, "Nd2", -1, NULL, NULL);
  check_prefix (TWO_KNIGHTS, "Nbxx2", -1, NULL, NULL);
  check_prefix (PROMO, "e8", -1, NULL, NULL);
  check_prefix (PROMO, "e8=Q", -1, NULL, NULL);
  check_prefix (PROMO_CAPTURE, "exd8", -1, NULL, NULL);
  check_prefix (PINNED_KNIGHT, "Nce4", -1, NULL, NULL);
  check_prefix (PINNED_KNIGHT, "Nd4", -1, NULL, NULL);
  check_prefix (EP, "dxe6", -1, NULL, NULL);
}

static void
test_san_null (void)
{
  static const char *const forms[] = { "--", "Z0", "0000", "--+", " Z0 " };
  CqPosition pos;
  char buf[CQ_SAN_MAX];

  cq_position_set_initial (&pos);
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autoptr (GError) error = NULL;
      CqMove m;

      if (!cq_san_parse (&pos, forms[i], -1, &m, &error))
        g_error ("\"%s\": %s", forms[i], error->message);
      g_assert_cmpint (m.flags, ==, CQ_MOVE_NULL);
      g_assert_cmpuint (cq_san_format (&pos, &m, buf), ==, 2);
      g_assert_cmpstr (buf, ==, "--");
    }
}

static void
check_error (const char *fen, const char *text, int code, const char *message_part)
{
  g_autoptr (GError) error = NULL;
  CqPosition pos;
  CqMove m;

  g_assert_true (cq_position_set_fen (&pos, fen, NULL));
  if (cq_san_parse (&pos, text, -1, &m, &error))
    g_error ("\"%s\" accepted in %s (%d-%d)", text, fen, m.from, m.to);
  if (!g_error_matches (error, CQ_CHESS_ERROR, code))
    g_error ("\"%s\" in %s: expected code %d, got %d: %s", text, fen, code, error->code,
             error->message);
  {
    g_autofree char *quoted = g_strdup_printf ("\"%s\"", text);

    gboolean printable = TRUE;

    for (const char *c = text; *c; c++)
      printable &= (guchar) *c >= 0x20;
    /* Control characters are shown as '?'. */
    if (printable && strstr (error->message, quoted) == NULL)
      g_error ("message \"%s\" does not quote the move", error->message);
  }
  if (message_part != NULL && strstr (error->message, message_part) == NULL)
    g_error ("\"%s\": message \"%s\" lacks \"%s\"", text, error->message, message_part);
  /* Without a GError the answer is the same. */
  g_assert_false (cq_san_parse (&pos, text, -1, &m, NULL));
}

static void
test_san_errors (void)
{
  static const char *const junk[] = {
    "", "  ", "+", "!?", "xyz", "Nf9", "Ni3", "K", "e", "e9", "O-O-O-O", "O-0", "Ke1e2e3",
    "e8=K", "e8=P", "Xe4", "Nf3Nf3", "---", "e4 e5", "N", "=Q", "11", "a1a", "exd",
    "Z1", "\xc3\xa9" "4", "e4\x01",
  };

  for (guint i = 0; i < G_N_ELEMENTS (junk); i++)
    check_error (START, junk[i], CQ_CHESS_ERROR_BAD_SAN, NULL);
  check_error (PROMO, "Ne8=Q", CQ_CHESS_ERROR_BAD_SAN, "only a pawn can promote");
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *huge = g_strnfill (200, 'a');
    CqPosition pos;
    CqMove m;

    cq_position_set_initial (&pos);
    g_assert_false (cq_san_parse (&pos, huge, -1, &m, &error));
    g_assert_error (error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_SAN);
    g_clear_error (&error);
    g_assert_false (cq_san_parse (&pos, NULL, -1, &m, &error));
    g_assert_error (error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_SAN);
    /* An explicit length shorter than the text. */
    g_assert_false (cq_san_parse (&pos, "e4", 1, &m, NULL));
    g_assert_false (cq_san_parse (&pos, "e4", 0, &m, NULL));
  }

  check_error (START, "e5", CQ_CHESS_ERROR_ILLEGAL_MOVE, "no pawn");
  check_error (START, "e2e5", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_error (START, "Nf4", CQ_CHESS_ERROR_ILLEGAL_MOVE, "no knight");
  check_error (START, "Ke2", CQ_CHESS_ERROR_ILLEGAL_MOVE, "holds a white piece");
  check_error (START, "Bc4", CQ_CHESS_ERROR_ILLEGAL_MOVE, "no bishop");
  check_error (START, "O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE, "blocked");
  check_error (START, "exd5", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_error (START, "e7e5", CQ_CHESS_ERROR_ILLEGAL_MOVE, "no white piece on e7");
  check_error (START, "e3e4", CQ_CHESS_ERROR_ILLEGAL_MOVE, "no white piece on e3");
  check_error (START, "Nbd2", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_error (START, "e4=Q", CQ_CHESS_ERROR_ILLEGAL_MOVE, "only on the last rank");
  check_error (PROMO, "e8", CQ_CHESS_ERROR_ILLEGAL_MOVE, "must promote");
  check_error (PROMO, "e7e8", CQ_CHESS_ERROR_ILLEGAL_MOVE, "must promote");
  check_error (EP, "dxe6", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_error ("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_error (PINNED_KNIGHT, "Nce4", CQ_CHESS_ERROR_ILLEGAL_MOVE, "pinned");
  check_error (PINNED_KNIGHT, "Nd5", CQ_CHESS_ERROR_ILLEGAL_MOVE, "pinned");
  check_error (KING_TAKES, "Kf1", CQ_CHESS_ERROR_ILLEGAL_MOVE, "king would be in check");
  /* En passant that would expose the king along the rank. */
  check_error ("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "exd6", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  /* Castling out of, through and into check, and without the right. */
  check_error ("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE,
               "no right");
  check_error ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0-0-0", CQ_CHESS_ERROR_BAD_SAN, NULL);
  check_error ("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE,
               "out of check");
  check_error ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE,
               "through or into check");
  check_error ("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE,
               "through or into check");
  check_error ("4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", "O-O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE,
               "through or into check");
  /* b1 attacked does not stop O-O-O; b1 occupied does. */
  check_read ("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", "O-O-O", "e1", "c1", CQ_EMPTY,
              CQ_MOVE_CASTLE);
  check_error ("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O", CQ_CHESS_ERROR_ILLEGAL_MOVE,
               "blocked");

  check_error (TWO_KNIGHTS, "Nd2", CQ_CHESS_ERROR_AMBIGUOUS_MOVE, "2 knights");
  check_error (TWO_KNIGHTS, "N2d2", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_error (TWO_ROOKS, "Re2", CQ_CHESS_ERROR_AMBIGUOUS_MOVE, "2 rooks");
  check_error (TWO_ROOKS, "Ree2", CQ_CHESS_ERROR_AMBIGUOUS_MOVE, NULL);
  check_error (THREE_QUEENS, "Qxe1", CQ_CHESS_ERROR_AMBIGUOUS_MOVE, "3 queens");
  check_error (THREE_QUEENS, "Qhxe1", CQ_CHESS_ERROR_AMBIGUOUS_MOVE, "2 queens");
  check_error (THREE_QUEENS, "Q4xe1", CQ_CHESS_ERROR_AMBIGUOUS_MOVE, "2 queens");
  /* Two pawns can take on d5 only with the file given. */
  check_error ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "d5", CQ_CHESS_ERROR_ILLEGAL_MOVE, NULL);
  check_read ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "cxd5", "c4", "d5", CQ_EMPTY, 0);
  check_read ("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "exd5", "e4", "d5", CQ_EMPTY, 0);
}

/* Random short strings over the SAN alphabet (and a few other bytes) in
 * random playout positions: never a crash; an accepted text names one of
 * the legal moves (or a null move), a refused one gives one of the three
 * error codes with a valid UTF-8 message. */
static void
test_san_random_text (void)
{
  static const char alphabet[] = "KQRBNPabcdefgh12345678xX=+#!?-O0oZ:.() ep\xff\x01";
  CqPosition pos;
  guint accepted = 0;

  cq_position_set_initial (&pos);
  for (guint round = 0; round < 100000; round++)
    {
      char text[12];
      int len = g_test_rand_int_range (0, 9);
      g_autoptr (GError) error = NULL;
      CqMove m, moves[CQ_MAX_MOVES];
      guint n = cq_position_legal_moves (&pos, moves);

      if (round % 2)
        {
          for (int k = 0; k < len; k++)
            text[k] = alphabet[g_test_rand_int_range (0, sizeof alphabet - 1)];
        }
      else
        {
          /* SAN-shaped: [piece] [file] [rank] [x] file rank [=promotion] [mark] */
          len = 0;
          if (g_test_rand_bit ())
            text[len++] = "KQRBNP"[g_test_rand_int_range (0, 6)];
          if (g_test_rand_int_range (0, 4) == 0)
            text[len++] = 'a' + g_test_rand_int_range (0, 8);
          if (g_test_rand_int_range (0, 6) == 0)
            text[len++] = '1' + g_test_rand_int_range (0, 8);
          if (g_test_rand_int_range (0, 3) == 0)
            text[len++] = 'x';
          text[len++] = 'a' + g_test_rand_int_range (0, 8);
          text[len++] = '1' + g_test_rand_int_range (0, 8);
          if (g_test_rand_int_range (0, 8) == 0)
            {
              text[len++] = '=';
              text[len++] = "QRBNK"[g_test_rand_int_range (0, 5)];
            }
          if (g_test_rand_int_range (0, 4) == 0)
            text[len++] = "+#!?"[g_test_rand_int_range (0, 4)];
        }
      text[len] = '\0';
      {
        CqMove pm;
        const char *end = cq_san_parse_prefix (&pos, text, &pm);

        /* What the prefix reader reads, cq_san_parse() reads alike. */
        if (end != NULL)
          {
            g_assert_true (end > text && end <= text + len);
            g_assert_true (cq_san_parse (&pos, text, end - text, &m, NULL));
            g_assert_true (moves_equal (&m, &pm));
          }
      }
      if (cq_san_parse (&pos, text, len, &m, &error))
        {
          gboolean found = (m.flags & CQ_MOVE_NULL) != 0;

          for (guint i = 0; i < n && !found; i++)
            found = moves_equal (&moves[i], &m);
          g_assert_true (found);
          accepted++;
        }
      else
        {
          g_assert_true (error->domain == CQ_CHESS_ERROR);
          g_assert_cmpint (error->code, >=, CQ_CHESS_ERROR_BAD_SAN);
          g_assert_cmpint (error->code, <=, CQ_CHESS_ERROR_AMBIGUOUS_MOVE);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
        }
      /* Wander: play a random legal move now and then. */
      if (round % 50 == 0)
        {
          if (n == 0)
            cq_position_set_initial (&pos);
          else
            cq_position_make_move (&pos, &moves[g_test_rand_int_range (0, (gint32) n)]);
        }
    }
  g_test_message ("%u random texts accepted", accepted);
  g_assert_cmpuint (accepted, >, 200);
}

/* Movetext tokens of a PGN file: no tags, comments, move numbers, results. */
static GPtrArray *
pgn_games (const char *text)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *cur = NULL;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) toks = NULL;

      if (lines[i][0] == '[')
        {
          if (g_str_has_prefix (lines[i], "[Event "))
            {
              cur = g_ptr_array_new_with_free_func (g_free);
              g_ptr_array_add (games, cur);
            }
          continue;
        }
      toks = g_strsplit_set (lines[i], " \t\r", -1);
      for (guint k = 0; toks[k] != NULL; k++)
        {
          char *t = toks[k];
          char *dot = strrchr (t, '.');

          if (dot != NULL && g_ascii_isdigit (t[0]))
            t = dot + 1;
          if (*t == '\0' || strcmp (t, "1-0") == 0 || strcmp (t, "0-1") == 0
              || strcmp (t, "1/2-1/2") == 0 || strcmp (t, "*") == 0)
            continue;
          g_assert_nonnull (cur);
          g_ptr_array_add (cur, g_strdup (t));
        }
    }
  return games;
}

static void
test_san_real_games (void)
{
  g_autofree char *path = chess_fixture_path ("chess", "kasparov-deep-blue-1997.pgn");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  /* The PlyCount tags of the six games. */
  static const guint plies[] = { 89, 89, 95, 111, 98, 37 };
  guint total = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  games = pgn_games (text);
  g_assert_cmpuint (games->len, ==, G_N_ELEMENTS (plies));
  for (guint g = 0; g < games->len; g++)
    {
      GPtrArray *moves = games->pdata[g];
      CqPosition pos;

      g_assert_cmpuint (moves->len, ==, plies[g]);
      cq_position_set_initial (&pos);
      for (guint i = 0; i < moves->len; i++)
        {
          const char *san = moves->pdata[i];
          CqMove m;
          char buf[CQ_SAN_MAX];

          if (!cq_san_parse (&pos, san, -1, &m, &error))
            g_error ("game %u ply %u: %s", g + 1, i + 1, error->message);
          cq_san_format (&pos, &m, buf);
          g_assert_cmpstr (buf, ==, san);
          cq_position_make_move (&pos, &m);
          assert_position_consistent (&pos);
          total++;
        }
      g_assert_cmpuint (pos.fullmove_number, ==, plies[g] / 2 + 1);
    }
  g_assert_cmpuint (total, ==, 519);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chess/san/perft-trees", test_san_perft_trees);
  g_test_add_func ("/chess/san/forms", test_san_forms);
  g_test_add_func ("/chess/san/prefix", test_san_prefix);
  g_test_add_func ("/chess/san/null", test_san_null);
  g_test_add_func ("/chess/san/errors", test_san_errors);
  g_test_add_func ("/chess/san/random-text", test_san_random_text);
  g_test_add_func ("/chess/san/real-games", test_san_real_games);
  return g_test_run ();
}
