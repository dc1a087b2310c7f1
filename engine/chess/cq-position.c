/* cq-position.c: the position record: FEN in and out, making moves, names.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cq-chess-private.h"

G_DEFINE_QUARK (cq-chess-error-quark, cq_chess_error)

static const char piece_chars[CQ_N_PIECES + 1] = ".PNBRQKpnbrqk";

char
cq_piece_char (CqPiece piece)
{
  if ((guint) piece >= CQ_N_PIECES)
    return '?';
  return piece_chars[piece];
}

/* The #CqPiece of each byte, plus one (0: no piece), for
 * cq_piece_from_char(): a FEN's placement field reads one per square. */
static const guint8 piece_of_char[256] = {
  ['.'] = CQ_EMPTY + 1,
  ['P'] = CQ_WP + 1, ['N'] = CQ_WN + 1, ['B'] = CQ_WB + 1,
  ['R'] = CQ_WR + 1, ['Q'] = CQ_WQ + 1, ['K'] = CQ_WK + 1,
  ['p'] = CQ_BP + 1, ['n'] = CQ_BN + 1, ['b'] = CQ_BB + 1,
  ['r'] = CQ_BR + 1, ['q'] = CQ_BQ + 1, ['k'] = CQ_BK + 1,
};

int
cq_piece_from_char (char c)
{
  return (int) piece_of_char[(guchar) c] - 1;
}

void
cq_square_name (int square, char *buf)
{
  if (square < 0 || square > 63)
    {
      buf[0] = '-';
      buf[1] = '\0';
      return;
    }
  buf[0] = (char) ('a' + CQ_FILE (square));
  buf[1] = (char) ('1' + CQ_RANK (square));
  buf[2] = '\0';
}

int
cq_square_from_name (const char *name)
{
  if (name == NULL || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8'
      || name[2] != '\0')
    return -1;
  return CQ_SQUARE (name[0] - 'a', name[1] - '1');
}

static void
put_piece (CqPosition *pos, CqPiece piece, int sq)
{
  pos->board[sq] = piece;
  pos->pieces[piece] |= CQ_BIT (sq);
  pos->by_color[CQ_PIECE_COLOR (piece)] |= CQ_BIT (sq);
}

/* Zeroed 64 bytes at a time, which GCC writes with a few vector stores:
 * one memset() of the whole record becomes `rep stos`, whose start-up
 * costs more, and whose stores the FEN reader's loads of the piece masks
 * right after wait for. */
static void
clear_position (CqPosition *pos)
{
  char *bytes = (char *) pos;

  G_STATIC_ASSERT (sizeof *pos > 192 && sizeof *pos <= 256);
  memset (bytes, 0, 64);
  memset (bytes + 64, 0, 64);
  memset (bytes + 128, 0, 64);
  memset (bytes + 192, 0, sizeof *pos - 192);
  pos->ep_square = CQ_NO_SQUARE;
  pos->fullmove_number = 1;
}

static void
finish_occupancy (CqPosition *pos)
{
  pos->pieces[CQ_EMPTY] = ~(pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK]);
}

/* What a byte of a FEN's piece placement field is: nothing valid (0), a
 * run of 1 to 8 empty squares (its length), the end of a rank ('/'), the
 * end of the field (NUL or white space), or a piece (FEN_PIECE plus the
 * #CqPiece; '.' is not one). */
enum {
  FEN_INVALID = 0,
  FEN_EMPTY_1 = 1,
  FEN_RANK_END = 9,
  FEN_FIELD_END = 10,
  FEN_PIECE = 16
};

static const guint8 placement_class[256] = {
  ['\0'] = FEN_FIELD_END, [' '] = FEN_FIELD_END, ['\t'] = FEN_FIELD_END,
  ['\r'] = FEN_FIELD_END, ['\n'] = FEN_FIELD_END,
  ['/'] = FEN_RANK_END,
  ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8,
  ['P'] = FEN_PIECE + CQ_WP, ['N'] = FEN_PIECE + CQ_WN, ['B'] = FEN_PIECE + CQ_WB,
  ['R'] = FEN_PIECE + CQ_WR, ['Q'] = FEN_PIECE + CQ_WQ, ['K'] = FEN_PIECE + CQ_WK,
  ['p'] = FEN_PIECE + CQ_BP, ['n'] = FEN_PIECE + CQ_BN, ['b'] = FEN_PIECE + CQ_BB,
  ['r'] = FEN_PIECE + CQ_BR, ['q'] = FEN_PIECE + CQ_BQ, ['k'] = FEN_PIECE + CQ_BK,
};

/* The same bytes for read_placement_fast(), which takes one step per byte
 * of the field without a branch, in three tables (a load each is cheaper
 * than taking fields apart).  step_squares: one more than the squares a
 * byte covers (1 for a piece, 1 to 8 for a digit, 0 for '/';
 * STEP_FIELD_END for a byte that ends the field), 0 for any other byte
 * (less one, it stops the fast reading too).  step_piece: the #CqPiece it
 * puts on its first square (CQ_EMPTY but for a piece).  step_rank_end: 1
 * for '/'. */
enum {
  STEP_STOP = 0x40,
  STEP_FIELD_END = 0x80
};

#define SQUARES(n) ((n) + 1)

static const guint8 step_squares[256] = {
  ['\0'] = SQUARES (STEP_FIELD_END), [' '] = SQUARES (STEP_FIELD_END),
  ['\t'] = SQUARES (STEP_FIELD_END), ['\r'] = SQUARES (STEP_FIELD_END),
  ['\n'] = SQUARES (STEP_FIELD_END),
  ['/'] = SQUARES (0),
  ['1'] = SQUARES (1), ['2'] = SQUARES (2), ['3'] = SQUARES (3), ['4'] = SQUARES (4),
  ['5'] = SQUARES (5), ['6'] = SQUARES (6), ['7'] = SQUARES (7), ['8'] = SQUARES (8),
  ['P'] = SQUARES (1), ['N'] = SQUARES (1), ['B'] = SQUARES (1),
  ['R'] = SQUARES (1), ['Q'] = SQUARES (1), ['K'] = SQUARES (1),
  ['p'] = SQUARES (1), ['n'] = SQUARES (1), ['b'] = SQUARES (1),
  ['r'] = SQUARES (1), ['q'] = SQUARES (1), ['k'] = SQUARES (1),
};

#undef SQUARES

static const guint8 step_piece[256] = {
  ['P'] = CQ_WP, ['N'] = CQ_WN, ['B'] = CQ_WB, ['R'] = CQ_WR, ['Q'] = CQ_WQ, ['K'] = CQ_WK,
  ['p'] = CQ_BP, ['n'] = CQ_BN, ['b'] = CQ_BB, ['r'] = CQ_BR, ['q'] = CQ_BQ, ['k'] = CQ_BK,
};

static const guint8 step_rank_end[256] = { ['/'] = 1 };

void
cq_position_set_initial (CqPosition *pos)
{
  static const CqPieceType back[8] = {
    CQ_ROOK, CQ_KNIGHT, CQ_BISHOP, CQ_QUEEN, CQ_KING, CQ_BISHOP, CQ_KNIGHT, CQ_ROOK
  };

  g_return_if_fail (pos != NULL);

  clear_position (pos);
  for (int f = 0; f < 8; f++)
    {
      put_piece (pos, CQ_MAKE_PIECE (CQ_WHITE, back[f]), CQ_SQUARE (f, 0));
      put_piece (pos, CQ_WP, CQ_SQUARE (f, 1));
      put_piece (pos, CQ_BP, CQ_SQUARE (f, 6));
      put_piece (pos, CQ_MAKE_PIECE (CQ_BLACK, back[f]), CQ_SQUARE (f, 7));
    }
  pos->castling = CQ_CASTLE_WK | CQ_CASTLE_WQ | CQ_CASTLE_BK | CQ_CASTLE_BQ;
  finish_occupancy (pos);
}

static gboolean
fen_error (GError **error, const char *fen, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fen_error (GError **error, const char *fen, const char *fmt, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, fmt);
  what = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_set_error (error, CQ_CHESS_ERROR, CQ_CHESS_ERROR_BAD_FEN, "Bad FEN \"%s\": %s", fen, what);
  return FALSE;
}

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

static gboolean
is_field_end (char c)
{
  return c == '\0' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Reads an unsigned decimal field of at most @max; returns the end or NULL. */
static const char *
read_counter (const char *p, guint64 max, guint64 *out)
{
  guint64 v = 0;

  if (!g_ascii_isdigit (*p))
    return NULL;
  while (g_ascii_isdigit (*p))
    {
      v = v * 10 + (guint64) (*p - '0');
      if (v > max)
        return NULL;
      p++;
    }
  if (!is_field_end (*p))
    return NULL;
  *out = v;
  return p;
}

/* The colour and empty-square masks of @pos, whose pieces and side to move
 * are read from @fen, made from its piece masks; then the tests of a legal
 * placement (one king a side, no pawn on rank 1 or 8, the side not to move
 * not in check) and the castling rights it cannot have dropped. */
static gboolean
check_placement (CqPosition *pos, const char *fen, GError **error)
{
  for (int t = CQ_WP; t <= CQ_WK; t++)
    {
      pos->by_color[CQ_WHITE] |= pos->pieces[t];
      pos->by_color[CQ_BLACK] |= pos->pieces[t + 6];
    }
  finish_occupancy (pos);

  /* Legality of the placement. */
  for (int c = 0; c < 2; c++)
    {
      CqBitboard k = pos->pieces[CQ_MAKE_PIECE (c, CQ_KING)];

      /* Exactly one bit; counted only for the message. */
      if (k == 0 || _cq_more_than_one (k))
        return fen_error (error, fen, "%s has %d kings, not 1", c == CQ_WHITE ? "White" : "Black",
                          _cq_popcount (k));
    }
  if ((pos->pieces[CQ_WP] | pos->pieces[CQ_BP]) & (CQ_RANK_1_BB | CQ_RANK_8_BB))
    return fen_error (error, fen, "a pawn stands on rank 1 or 8");
  {
    CqColor them = pos->side_to_move ^ 1;

    if (_cq_attacked_xray (pos, _cq_king_square (pos, them), pos->side_to_move,
                           _cq_occupied (pos), 0))
      return fen_error (error, fen, "the side not to move (%s) is in check",
                        them == CQ_WHITE ? "White" : "Black");
  }

  /* Drop castling rights the placement cannot have. */
  if (pos->castling == 0)
    return TRUE;
  if (pos->board[CQ_SQUARE (4, 0)] != CQ_WK)
    pos->castling &= ~(CQ_CASTLE_WK | CQ_CASTLE_WQ);
  if (pos->board[CQ_SQUARE (7, 0)] != CQ_WR)
    pos->castling &= ~CQ_CASTLE_WK;
  if (pos->board[CQ_SQUARE (0, 0)] != CQ_WR)
    pos->castling &= ~CQ_CASTLE_WQ;
  if (pos->board[CQ_SQUARE (4, 7)] != CQ_BK)
    pos->castling &= ~(CQ_CASTLE_BK | CQ_CASTLE_BQ);
  if (pos->board[CQ_SQUARE (7, 7)] != CQ_BR)
    pos->castling &= ~CQ_CASTLE_BK;
  if (pos->board[CQ_SQUARE (0, 7)] != CQ_BR)
    pos->castling &= ~CQ_CASTLE_BQ;

  return TRUE;
}

/* Reads the piece placement field at *@pp into @pos (cleared), one class
 * lookup per byte, with the message of the first fault: returns TRUE with
 * *@pp at the byte after the field, or FALSE with @error set.  @sq is the square the next
 * byte describes, @rank_end the first square past its rank (the rank is
 * rank_end / 8 - 1, the file sq - (rank_end - 8)).  The colour masks are
 * made from the piece masks afterwards (check_placement()). */
static G_GNUC_NO_INLINE gboolean
read_placement (CqPosition *pos, const char *fen, const char **pp, GError **error)
{
  const char *p = *pp;
  int sq = 56, rank_end = 64;

  for (;; p++)
    {
      guint cls = placement_class[(guchar) *p];

      if (G_LIKELY (cls >= FEN_PIECE))
        {
          CqPiece piece = (CqPiece) (cls - FEN_PIECE);

          if (sq >= rank_end)
            return fen_error (error, fen, "rank %d describes more than 8 squares", rank_end / 8);
          pos->board[sq] = piece;
          pos->pieces[piece] |= CQ_BIT (sq);
          sq++;
        }
      else if (cls - FEN_EMPTY_1 < 8)
        {
          sq += (int) cls;
          if (sq > rank_end)
            return fen_error (error, fen, "rank %d describes more than 8 squares", rank_end / 8);
        }
      else if (cls == FEN_RANK_END)
        {
          if (sq != rank_end)
            return fen_error (error, fen, "rank %d describes %d squares, not 8", rank_end / 8,
                              sq - (rank_end - 8));
          if (rank_end == 8)
            return fen_error (error, fen, "more than 8 ranks");
          rank_end -= 8;
          sq = rank_end - 8;
        }
      else if (cls == FEN_FIELD_END)
        break;
      else
        return fen_error (error, fen, "unexpected character '%c' in the piece placement", *p);
    }
  if (rank_end != 8)
    return fen_error (error, fen, "the piece placement has %d ranks, not 8", 9 - rank_end / 8);
  if (sq != 8)
    return fen_error (error, fen, "rank 1 describes %d squares, not 8", sq);
  *pp = p;
  return TRUE;
}

/* read_placement() for a valid field, without its branch per byte (a
 * study's placement mixes pieces, digits and '/' in no order a branch
 * predictor can learn): each byte puts its piece, or CQ_EMPTY, on the
 * square it starts at, and the squares are counted in FEN order (a8 = 0,
 * h8 = 7, a7 = 8, ..., h1 = 63; the square of count n is n ^ 56).  The
 * count at each '/' is kept, and the field is valid if it is 8, 16, ...,
 * 56 at the seven '/' and 64 at the end.  Returns the byte after the
 * field, or NULL if it is not valid: then @pos holds stray pieces and
 * the caller clears it and reads the field again with read_placement(),
 * for the message.  The stray bits of pieces[CQ_EMPTY] (a digit's or a
 * '/''s square) are overwritten by check_placement(). */
static inline const char *
read_placement_fast (CqPosition *pos, const char *p)
{
  union {
    guint8  at[8];
    guint64 all;
  } ends = { .all = 0 };
  guint n = 0, ranks = 0, squares;

  for (;; p++)
    {
      guint c = (guchar) *p, sq = (n & 63) ^ 56, piece;

      squares = step_squares[c] - 1u;
      if (squares >= STEP_STOP)
        break;
      piece = step_piece[c];
      pos->board[sq] = (guint8) piece;
      pos->pieces[piece] |= CQ_BIT (sq);
      ends.at[ranks & 7] = (guint8) n;
      ranks += step_rank_end[c];
      n += squares;
    }
  /* ends.at[7] is the count before the last byte of rank 1: not tested. */
  if (squares != STEP_FIELD_END || n != 64 || ranks != 7
      || (GUINT64_FROM_LE (ends.all) & G_GUINT64_CONSTANT (0x00FFFFFFFFFFFFFF))
           != G_GUINT64_CONSTANT (0x0038302820181008))
    return NULL;
  return p;
}

gboolean
cq_position_set_fen (CqPosition *pos, const char *fen, GError **error)
{
  const char *p, *end;
  guint64 counter;

  g_return_val_if_fail (pos != NULL, FALSE);

  if (fen == NULL)
    return fen_error (error, "", "no FEN given");

  clear_position (pos);

  /* 1. Piece placement. */
  p = skip_spaces (fen);
  if (*p == '\0')
    return fen_error (error, fen, "empty string");
  end = read_placement_fast (pos, p);
  if (G_UNLIKELY (end == NULL))
    {
      clear_position (pos);
      if (!read_placement (pos, fen, &p, error))
        return FALSE;
    }
  else
    p = end;

  /* 2 to 6 in the shape nearly every composed study's FEN has,
   * "w - - 0 1": one blank between the fields, no castling rights, no en
   * passant square, single-digit counters.  The same values as the
   * general reader below, without its field by field tests. */
  if (p[0] == ' ' && (p[1] == 'w' || p[1] == 'b') && p[2] == ' ' && p[3] == '-' && p[4] == ' '
      && p[5] == '-' && p[6] == ' ' && g_ascii_isdigit (p[7]) && p[8] == ' '
      && g_ascii_isdigit (p[9]) && p[10] == '\0')
    {
      pos->side_to_move = p[1] == 'w' ? CQ_WHITE : CQ_BLACK;
      pos->halfmove_clock = (guint16) (p[7] - '0');
      pos->fullmove_number = (guint32) (p[9] - '0');
      return check_placement (pos, fen, error);
    }

  /* 2. Side to move. */
  p = skip_spaces (p);
  if (*p == '\0')
    return fen_error (error, fen, "the side to move is missing");
  if ((*p != 'w' && *p != 'b') || !is_field_end (p[1]))
    return fen_error (error, fen, "the side to move must be 'w' or 'b'");
  pos->side_to_move = *p == 'w' ? CQ_WHITE : CQ_BLACK;
  p++;

  /* 3. Castling rights. */
  p = skip_spaces (p);
  if (*p == '\0')
    return fen_error (error, fen, "the castling field is missing");
  if (*p == '-' && is_field_end (p[1]))
    p++;
  else
    {
      for (; !is_field_end (*p); p++)
        {
          switch (*p)
            {
            case 'K': pos->castling |= CQ_CASTLE_WK; break;
            case 'Q': pos->castling |= CQ_CASTLE_WQ; break;
            case 'k': pos->castling |= CQ_CASTLE_BK; break;
            case 'q': pos->castling |= CQ_CASTLE_BQ; break;
            default:
              if ((*p >= 'A' && *p <= 'H') || (*p >= 'a' && *p <= 'h'))
                return fen_error (error, fen,
                                  "castling letter '%c' is a Chess960 (Shredder/X-FEN) right; "
                                  "only standard chess is supported", *p);
              return fen_error (error, fen, "unexpected character '%c' in the castling field",
                                *p);
            }
        }
    }

  /* 4. En passant square. */
  p = skip_spaces (p);
  if (*p == '\0')
    return fen_error (error, fen, "the en passant field is missing");
  if (*p == '-' && is_field_end (p[1]))
    p++;
  else
    {
      int ep_rank = pos->side_to_move == CQ_WHITE ? 5 : 2;

      if (p[0] < 'a' || p[0] > 'h' || p[1] < '1' || p[1] > '8' || !is_field_end (p[2]))
        return fen_error (error, fen, "the en passant field must be '-' or a square");
      if (p[1] - '1' != ep_rank)
        return fen_error (error, fen, "en passant square %c%c is not on rank %d", p[0], p[1],
                          ep_rank + 1);
      pos->ep_square = CQ_SQUARE (p[0] - 'a', p[1] - '1');
      p += 2;
    }

  /* 5, 6. Halfmove clock and fullmove number, both optional. */
  p = skip_spaces (p);
  if (*p != '\0' && *p != '\r' && *p != '\n')
    {
      const char *q = read_counter (p, G_MAXUINT16, &counter);

      if (q == NULL)
        return fen_error (error, fen, "the halfmove clock must be a number from 0 to %u",
                          G_MAXUINT16);
      pos->halfmove_clock = (guint16) counter;
      p = skip_spaces (q);
      if (*p != '\0' && *p != '\r' && *p != '\n')
        {
          q = read_counter (p, G_MAXUINT32, &counter);
          if (q == NULL)
            return fen_error (error, fen, "the fullmove number must be a number from 0 to %u",
                              G_MAXUINT32);
          pos->fullmove_number = (guint32) counter;
          p = q;
        }
    }
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
    p++;
  if (*p != '\0')
    return fen_error (error, fen, "unexpected text after the last field");

  return check_placement (pos, fen, error);
}

gsize
cq_position_to_fen (const CqPosition *pos, char *buf)
{
  char *p = buf;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 8; file++)
        {
          CqPiece piece = pos->board[CQ_SQUARE (file, rank)];

          if (piece == CQ_EMPTY)
            {
              empty++;
              continue;
            }
          if (empty)
            *p++ = (char) ('0' + empty);
          empty = 0;
          *p++ = cq_piece_char (piece);
        }
      if (empty)
        *p++ = (char) ('0' + empty);
      if (rank > 0)
        *p++ = '/';
    }
  *p++ = ' ';
  *p++ = pos->side_to_move == CQ_WHITE ? 'w' : 'b';
  *p++ = ' ';
  if (pos->castling == 0)
    *p++ = '-';
  if (pos->castling & CQ_CASTLE_WK)
    *p++ = 'K';
  if (pos->castling & CQ_CASTLE_WQ)
    *p++ = 'Q';
  if (pos->castling & CQ_CASTLE_BK)
    *p++ = 'k';
  if (pos->castling & CQ_CASTLE_BQ)
    *p++ = 'q';
  *p++ = ' ';
  if (pos->ep_square >= 0 && pos->ep_square < 64)
    {
      cq_square_name (pos->ep_square, p);
      p += 2;
    }
  else
    *p++ = '-';
  p += g_snprintf (p, CQ_FEN_MAX - (gsize) (p - buf), " %u %u", (guint) pos->halfmove_clock,
                   (guint) pos->fullmove_number);
  return (gsize) (p - buf);
}

gboolean
cq_position_in_check (const CqPosition *pos)
{
  CqColor us;

  g_return_val_if_fail (pos != NULL, FALSE);

  us = pos->side_to_move;
  return _cq_attacked_xray (pos, _cq_king_square (pos, us), us ^ 1, _cq_occupied (pos), 0);
}

/* The rare parts of a pawn move, out of line so that the common path of
 * cq_position_make_move () keeps its few values in registers: en passant
 * (a diagonal move to an empty square) and promotion. */
static G_GNUC_NO_INLINE void
make_pawn_special (CqPosition *pos, const CqMove *move, CqColor us, CqPiece piece,
                   CqPiece captured)
{
  int from = move->from, to = move->to;

  if (captured == CQ_EMPTY && ((to - from) & 7) != 0)
    {
      /* Diagonal move to an empty square: en passant. */
      int capsq = us == CQ_WHITE ? to - 8 : to + 8;
      CqPiece pawn = pos->board[capsq];

      pos->pieces[pawn] ^= CQ_BIT (capsq);
      pos->by_color[us ^ 1] ^= CQ_BIT (capsq);
      pos->board[capsq] = CQ_EMPTY;
    }
  else if (move->promotion != CQ_EMPTY)
    {
      pos->pieces[piece] ^= CQ_BIT (to);
      pos->pieces[move->promotion] |= CQ_BIT (to);
      pos->board[to] = move->promotion;
    }
}

/* The rook's half of castling (the king has moved from @from to @to). */
static G_GNUC_NO_INLINE void
make_castling_rook (CqPosition *pos, CqColor us, int from, int to)
{
  int rook_from = to > from ? to + 1 : to - 2;
  int rook_to = to > from ? to - 1 : to + 1;
  CqPiece rook = pos->board[rook_from];
  CqBitboard rft = CQ_BIT (rook_from) | CQ_BIT (rook_to);

  pos->pieces[rook] ^= rft;
  pos->by_color[us] ^= rft;
  pos->board[rook_from] = CQ_EMPTY;
  pos->board[rook_to] = rook;
}

void
cq_position_make_move (CqPosition *pos, const CqMove *move)
{
  CqColor us = pos->side_to_move;
  int from = move->from, to = move->to;
  CqPiece piece, captured;
  CqPieceType type;
  CqBitboard from_to;
  int ep_square = CQ_NO_SQUARE;
  guint16 clock = pos->halfmove_clock;

  if (clock < G_MAXUINT16)
    clock++;

  if (G_UNLIKELY (move->flags & CQ_MOVE_NULL))
    {
      pos->ep_square = CQ_NO_SQUARE;
      pos->halfmove_clock = clock;
      if (us == CQ_BLACK)
        pos->fullmove_number++;
      pos->side_to_move = us ^ 1;
      return;
    }

  piece = pos->board[from];
  captured = pos->board[to];
  type = CQ_PIECE_TYPE (piece);
  from_to = CQ_BIT (from) | CQ_BIT (to);

  if (captured != CQ_EMPTY)
    {
      pos->pieces[captured] ^= CQ_BIT (to);
      pos->by_color[us ^ 1] ^= CQ_BIT (to);
      clock = 0;
    }

  pos->pieces[piece] ^= from_to;
  pos->by_color[us] ^= from_to;
  pos->board[from] = CQ_EMPTY;
  pos->board[to] = piece;

  /* The special cases are recognised from the board as well as from the
   * flags, so that a move built by hand without flags is played right. */
  if (type == CQ_PAWN)
    {
      int diff = to - from;

      clock = 0;
      if (diff == 16 || diff == -16)
        ep_square = from + diff / 2;
      else if ((captured == CQ_EMPTY && (diff & 7) != 0) || move->promotion != CQ_EMPTY)
        make_pawn_special (pos, move, us, piece, captured);
    }
  else if (type == CQ_KING && (to - from == 2 || from - to == 2))
    make_castling_rook (pos, us, from, to);

  pos->halfmove_clock = clock;
  pos->castling &= _cq_castle_keep[from] & _cq_castle_keep[to];
  pos->ep_square = (gint8) ep_square;
  /* CQ_BLACK is 1: the number goes up after Black's move (without a
   * branch, which would alternate at every move). */
  pos->fullmove_number += us;
  pos->side_to_move = us ^ 1;
  pos->pieces[CQ_EMPTY] = ~(pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK]);
}
