/* cq-san.c: reading and writing Standard Algebraic Notation.
 *
 * The reader never generates the whole move list: it finds the pieces of
 * the named type that attack (or, for pawns, push to) the target square
 * from the attack tables, filters them by the disambiguation given, and
 * tests the legality of only those candidates.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cq-chess-private.h"

static gboolean
san_error (GError **error, int code, const char *san, gssize len, const char *fmt, ...)
  G_GNUC_PRINTF (5, 6);

static gboolean
san_error (GError **error, int code, const char *san, gssize len, const char *fmt, ...)
{
  g_autofree char *what = NULL;
  g_autofree char *text = NULL;
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, fmt);
  what = g_strdup_vprintf (fmt, args);
  va_end (args);
  /* Keep the message valid UTF-8 without control characters whatever
   * bytes the move text holds. */
  text = g_utf8_make_valid (san, len);
  for (char *c = text; *c; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      *c = '?';
  g_set_error (error, CQ_CHESS_ERROR, code, "Move \"%s\": %s", text, what);
  return FALSE;
}

/* Character classes of the SAN reader. */
enum {
  C_FILE = 1 << 0,   /* a..h */
  C_RANK = 1 << 1,   /* 1..8 */
  C_PIECE = 1 << 2,  /* K Q R B N P */
  C_PROMO = 1 << 3,  /* Q R B N q r b n */
  C_TRAIL = 1 << 4,  /* + # ! ? and blanks: dropped at the end */
  C_SEP = 1 << 5,    /* x : - between the squares */
  C_SPACE = 1 << 6   /* blanks: dropped at the start */
};

static const guint8 san_class[256] = {
  ['a'] = C_FILE, ['b'] = C_FILE | C_PROMO, ['c'] = C_FILE, ['d'] = C_FILE,
  ['e'] = C_FILE, ['f'] = C_FILE, ['g'] = C_FILE, ['h'] = C_FILE,
  ['1'] = C_RANK, ['2'] = C_RANK, ['3'] = C_RANK, ['4'] = C_RANK,
  ['5'] = C_RANK, ['6'] = C_RANK, ['7'] = C_RANK, ['8'] = C_RANK,
  ['K'] = C_PIECE, ['P'] = C_PIECE,
  ['Q'] = C_PIECE | C_PROMO, ['R'] = C_PIECE | C_PROMO,
  ['B'] = C_PIECE | C_PROMO, ['N'] = C_PIECE | C_PROMO,
  ['q'] = C_PROMO, ['r'] = C_PROMO, ['n'] = C_PROMO,
  ['+'] = C_TRAIL, ['#'] = C_TRAIL, ['!'] = C_TRAIL, ['?'] = C_TRAIL,
  [' '] = C_TRAIL | C_SPACE, ['\t'] = C_TRAIL | C_SPACE,
  ['\r'] = C_TRAIL | C_SPACE, ['\n'] = C_TRAIL | C_SPACE,
  ['x'] = C_SEP, [':'] = C_SEP, ['-'] = C_SEP,
};

static const char *const type_names[] = {
  "", "pawn", "knight", "bishop", "rook", "queen", "king"
};

static int
type_from_letter (char c)
{
  switch (c)
    {
    case 'P': return CQ_PAWN;
    case 'N': return CQ_KNIGHT;
    case 'B': return CQ_BISHOP;
    case 'R': return CQ_ROOK;
    case 'Q': return CQ_QUEEN;
    case 'K': return CQ_KING;
    default: return CQ_NO_TYPE;
    }
}

static int
promotion_from_letter (char c)
{
  switch (c)
    {
    case 'N': case 'n': return CQ_KNIGHT;
    case 'B': case 'b': return CQ_BISHOP;
    case 'R': case 'r': return CQ_ROOK;
    case 'Q': case 'q': return CQ_QUEEN;
    default: return CQ_NO_TYPE;
    }
}

static inline gboolean
is_rank (char c)
{
  return c >= '1' && c <= '8';
}

/* Squares of a piece of type @type that attack @sq (the attack sets of
 * knight, bishop, rook, queen and king are symmetric). */
static inline CqBitboard
attackers_of_type (int type, int sq, CqBitboard occ)
{
  switch (type)
    {
    case CQ_KNIGHT: return _cq_knight_attacks[sq];
    case CQ_BISHOP: return _cq_bishop_attacks (sq, occ);
    case CQ_ROOK: return _cq_rook_attacks (sq, occ);
    case CQ_QUEEN: return _cq_bishop_attacks (sq, occ) | _cq_rook_attacks (sq, occ);
    case CQ_KING: return _cq_king_attacks[sq];
    default: return 0;
    }
}

/* The squares a piece of each type (knight to king) attacks from a
 * square on an empty board, as two tables whose union is the set: the
 * queen's are the bishop's and the rook's lines, the others' are one
 * table twice.  Indexed by the type, so that the SAN reader resolves
 * every piece with the same instructions: a branch on the type, which
 * the movetext decides, is often mispredicted. */
static const CqBitboard *const pseudo_attacks[2][CQ_KING + 1] = {
  { [CQ_KNIGHT] = _cq_knight_attacks, [CQ_BISHOP] = _cq_bishop_pseudo,
    [CQ_ROOK] = _cq_rook_pseudo, [CQ_QUEEN] = _cq_bishop_pseudo, [CQ_KING] = _cq_king_attacks },
  { [CQ_KNIGHT] = _cq_knight_attacks, [CQ_BISHOP] = _cq_bishop_pseudo,
    [CQ_ROOK] = _cq_rook_pseudo, [CQ_QUEEN] = _cq_rook_pseudo, [CQ_KING] = _cq_king_attacks },
};

/* The pieces among @own of type @type (knight to king) that could move
 * to @to: those that attack it on an empty board with nothing between
 * (a knight's or king's square has nothing between it and @to, so the
 * test keeps it).  Found without the big magic tables (for speed: the
 * SAN reader runs once per ply and their cache misses dominated it). */
static inline CqBitboard
candidates_of_type (int type, int to, CqBitboard occ, CqBitboard own)
{
  CqBitboard c = (pseudo_attacks[0][type][to] | pseudo_attacks[1][type][to]) & own, r = c;

  while (c)
    {
      int sq = _cq_pop_lsb (&c);

      if (_cq_between[to][sq] & occ)
        r &= ~CQ_BIT (sq);
    }
  return r;
}

static inline void
fill_move (CqMove *m, int from, int to, int piece, int captured, int promotion, int flags)
{
  m->from = (guint8) from;
  m->to = (guint8) to;
  m->piece = (guint8) piece;
  m->captured = (guint8) captured;
  m->promotion = (guint8) promotion;
  m->flags = (guint8) flags;
}

static gboolean
parse_castling (const CqPosition *pos, gboolean long_side, const char *san, gssize len,
                CqMove *move, GError **error)
{
  CqColor us = pos->side_to_move, them = us ^ 1;
  int home = us == CQ_WHITE ? 0 : 56;
  int king = CQ_MAKE_PIECE (us, CQ_KING);
  guint8 right = us == CQ_WHITE ? (long_side ? CQ_CASTLE_WQ : CQ_CASTLE_WK)
                                : (long_side ? CQ_CASTLE_BQ : CQ_CASTLE_BK);
  CqBitboard occ = _cq_occupied (pos);
  CqBitboard path = long_side ? CQ_BIT (home + 1) | CQ_BIT (home + 2) | CQ_BIT (home + 3)
                              : CQ_BIT (home + 5) | CQ_BIT (home + 6);
  int step = long_side ? -1 : 1;

  if (!(pos->castling & right) || pos->board[home + 4] != king
      || pos->board[long_side ? home : home + 7] != CQ_MAKE_PIECE (us, CQ_ROOK))
    return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                      "%s has no right to castle %s", us == CQ_WHITE ? "White" : "Black",
                      long_side ? "queenside" : "kingside");
  if (occ & path)
    return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                      "castling is blocked by a piece between king and rook");
  for (int i = 0; i < 3; i++)
    if (_cq_attacked_xray (pos, home + 4 + i * step, them, occ, 0))
      return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                        i == 0 ? "cannot castle out of check"
                               : "cannot castle through or into check");
  fill_move (move, home + 4, home + 4 + 2 * step, king, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_CASTLE);
  return TRUE;
}

/* How many of @cands (squares of the moving side's pieces that can reach
 * @to) may move there without leaving their king in check; *@from is set
 * to the last such square (to the only candidate, legal or not, when there
 * is one).  @capsq is the square of the piece captured, or -1.  With one
 * candidate (every pawn push, nearly every other move) no loop runs.
 * @king: the candidates are the king (a constant at each call: the test
 * for the other pieces is shorter). */
G_ALWAYS_INLINE static inline int
legal_candidates (const CqPosition *pos, CqBitboard cands, int to, int capsq, int *from,
                  gboolean king)
{
  int nlegal = 0;

  if (G_LIKELY (cands != 0 && !_cq_more_than_one (cands)))
    {
      *from = _cq_lsb (cands);
      return king ? _cq_king_safe_after (pos, *from, to, capsq)
                  : _cq_king_safe_after_piece_move (pos, *from, to, capsq);
    }
  while (cands)
    {
      int sq = _cq_pop_lsb (&cands);

      if (king ? _cq_king_safe_after (pos, sq, to, capsq)
               : _cq_king_safe_after_piece_move (pos, sq, to, capsq))
        {
          nlegal++;
          *from = sq;
        }
    }
  return nlegal;
}

/* The pawn move to @to: a push when @from_file is -1 or @to's file, else
 * a capture (en passant included) from @from_file.  @us is
 * pos->side_to_move (a constant where the caller can make it one: the
 * squares and pieces of each side are then fixed at compile time). */
G_ALWAYS_INLINE static inline gboolean
resolve_pawn (const CqPosition *pos, CqColor us, int from_file, int from_rank, int to,
              int promo, const char *san, gssize len, CqMove *move, GError **error)
{
  CqColor them = us ^ 1;
  int piece = CQ_MAKE_PIECE (us, CQ_PAWN);
  int last_rank = us == CQ_WHITE ? 7 : 0;
  int up = us == CQ_WHITE ? 8 : -8;
  int target = pos->board[to];
  int flags = 0, captured = CQ_EMPTY, capsq = -1, from = -1, nlegal = 0;
  CqBitboard cands;

  if (from_file >= 0 && from_file != CQ_FILE (to))
    {
      /* Capture: the pawn stands diagonally behind @to. */
      cands = _cq_pawn_attacks[them][to] & pos->pieces[piece] & (CQ_FILE_A_BB << from_file);
      if (target != CQ_EMPTY)
        {
          if (CQ_PIECE_COLOR (target) == us)
            cands = 0;
          captured = target;
          capsq = to;
        }
      else if (to == pos->ep_square && pos->board[to - up] == CQ_MAKE_PIECE (them, CQ_PAWN))
        {
          captured = CQ_MAKE_PIECE (them, CQ_PAWN);
          capsq = to - up;
          flags = CQ_MOVE_EN_PASSANT;
        }
      else
        cands = 0;
    }
  else
    {
      /* Push: one square, or two from the start rank. */
      cands = 0;
      if (target == CQ_EMPTY && to - up >= 0 && to - up < 64)
        {
          if (pos->board[to - up] == piece)
            cands = CQ_BIT (to - up);
          else if (pos->board[to - up] == CQ_EMPTY && CQ_RANK (to) == (us == CQ_WHITE ? 3 : 4)
                   && pos->board[to - 2 * up] == piece)
            {
              cands = CQ_BIT (to - 2 * up);
              flags = CQ_MOVE_DOUBLE_PUSH;
            }
        }
    }
  if (from_rank >= 0)
    cands &= CQ_RANK_1_BB << (8 * from_rank);

  nlegal = legal_candidates (pos, cands, to, capsq, &from, FALSE);
  if (G_UNLIKELY (nlegal != 1))
    return san_error (error, nlegal ? CQ_CHESS_ERROR_AMBIGUOUS_MOVE : CQ_CHESS_ERROR_ILLEGAL_MOVE,
                      san, len, nlegal ? "more than one pawn can move there"
                                       : "no pawn can legally move there");
  if (G_UNLIKELY ((CQ_RANK (to) == last_rank) != (promo != CQ_NO_TYPE)))
    return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                      promo == CQ_NO_TYPE
                        ? "a pawn reaching the last rank must promote (=Q, =R, =B or =N)"
                        : "a pawn can promote only on the last rank");
  fill_move (move, from, to, piece, captured,
             promo != CQ_NO_TYPE ? CQ_MAKE_PIECE (us, promo) : CQ_EMPTY, flags);
  return TRUE;
}

/* The squares a move's from-file and from-rank allow (each -1 when the
 * move names none): the disambiguation of a piece move as one mask. */
static inline CqBitboard
from_squares (int from_file, int from_rank)
{
  return (from_file >= 0 ? CQ_FILE_A_BB << from_file : ~(CqBitboard) 0)
         & (from_rank >= 0 ? CQ_RANK_1_BB << (8 * from_rank) : ~(CqBitboard) 0);
}

/* The move of a @type piece (knight to king) to @to from one of the
 * squares of @from (from_squares()). */
G_ALWAYS_INLINE static inline gboolean
resolve_piece (const CqPosition *pos, int type, CqBitboard from, int to,
               const char *san, gssize len, CqMove *move, GError **error)
{
  CqColor us = pos->side_to_move;
  int piece = CQ_MAKE_PIECE (us, type);
  int target = pos->board[to];
  int capsq = target != CQ_EMPTY ? to : -1;
  int from_sq = -1, nlegal = 0;
  CqBitboard cands;

  if (G_UNLIKELY (target != CQ_EMPTY && CQ_PIECE_COLOR (target) == us))
    return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                      "the target square holds a %s piece", us == CQ_WHITE ? "white" : "black");
  cands = candidates_of_type (type, to, _cq_occupied (pos), pos->pieces[piece] & from);
  if (G_UNLIKELY (cands == 0))
    return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len, "no %s can move there",
                      type_names[type]);
  nlegal = type == CQ_KING ? legal_candidates (pos, cands, to, capsq, &from_sq, TRUE)
                           : legal_candidates (pos, cands, to, capsq, &from_sq, FALSE);
  if (G_UNLIKELY (nlegal == 0))
    return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                      type == CQ_KING ? "the king would be in check"
                                      : "the %s is pinned or the king is in check",
                      type_names[type]);
  if (G_UNLIKELY (nlegal > 1))
    return san_error (error, CQ_CHESS_ERROR_AMBIGUOUS_MOVE, san, len,
                      "%d %ss can move there", nlegal, type_names[type]);
  fill_move (move, from_sq, to, piece, target, CQ_EMPTY, 0);
  return TRUE;
}

static G_GNUC_NO_INLINE gboolean
parse_general (const CqPosition *pos, const char *san, gssize len, CqMove *move,
               GError **error);

gboolean
cq_san_parse (const CqPosition *pos, const char *san, gssize len, CqMove *move,
              GError **error)
{
  const guchar *s = (const guchar *) san;
  int n;

  g_return_val_if_fail (pos != NULL && move != NULL, FALSE);

  if (G_UNLIKELY (san == NULL))
    return san_error (error, CQ_CHESS_ERROR_BAD_SAN, "", 0, "no move text");
  if (len < 0)
    len = (gssize) strlen (san);

  /* Fast path for the shapes of nearly every move in real games: "e4",
   * "Nf3", "Nxe5", "exd5", with or without '+' or '#'. */
  n = (int) len;
  if (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#'))
    n--;
  if (n == 2)
    {
      if ((san_class[s[0]] & C_FILE) && (san_class[s[1]] & C_RANK))
        {
          int to = CQ_SQUARE (s[0] - 'a', s[1] - '1');

          return pos->side_to_move == CQ_WHITE
                   ? resolve_pawn (pos, CQ_WHITE, -1, -1, to, CQ_NO_TYPE, san, len, move, error)
                   : resolve_pawn (pos, CQ_BLACK, -1, -1, to, CQ_NO_TYPE, san, len, move, error);
        }
    }
  else if (n == 3 || (n == 4 && s[1] == 'x'))
    {
      int to, type;

      if (!(san_class[s[n - 2]] & C_FILE) || !(san_class[s[n - 1]] & C_RANK))
        return parse_general (pos, san, len, move, error);
      to = CQ_SQUARE (s[n - 2] - 'a', s[n - 1] - '1');
      type = type_from_letter (s[0]);
      if (type != CQ_NO_TYPE && type != CQ_PAWN)
        return resolve_piece (pos, type, ~(CqBitboard) 0, to, san, len, move, error);
      if (n == 4 && (san_class[s[0]] & C_FILE) && CQ_RANK (to) != 0 && CQ_RANK (to) != 7)
        return pos->side_to_move == CQ_WHITE
                 ? resolve_pawn (pos, CQ_WHITE, s[0] - 'a', -1, to, CQ_NO_TYPE, san, len, move,
                                 error)
                 : resolve_pawn (pos, CQ_BLACK, s[0] - 'a', -1, to, CQ_NO_TYPE, san, len, move,
                                 error);
    }
  return parse_general (pos, san, len, move, error);
}

const char *
cq_san_parse_prefix (const CqPosition *pos, const char *san, CqMove *move)
{
  const guchar *s = (const guchar *) san, *t;
  int type, to, from_file = -1;
  CqBitboard from = ~(CqBitboard) 0;
  gboolean ok;

  g_return_val_if_fail (pos != NULL && san != NULL && move != NULL, NULL);

  /* The bytes are read forwards, each only when those before it fit a
   * shape: a NUL ends every shape.  Each shape is resolved as
   * cq_san_parse() resolves the same bytes (its fast path, or
   * parse_general() for disambiguation and castling), so the move is the
   * same; on any failure the caller asks cq_san_parse() for the error. */
  if (san_class[s[0]] & C_FILE)
    {
      if (san_class[s[1]] & C_RANK)
        {
          /* "e4" */
          to = CQ_SQUARE (s[0] - 'a', s[1] - '1');
          s += 2;
        }
      else if (s[1] == 'x' && (san_class[s[2]] & C_FILE) && (san_class[s[3]] & C_RANK)
               && s[3] != '1' && s[3] != '8')
        {
          /* "exd5", not onto a last rank (a promotion is not a shape
           * read here) */
          from_file = s[0] - 'a';
          to = CQ_SQUARE (s[2] - 'a', s[3] - '1');
          s += 4;
        }
      else
        return NULL;
      ok = pos->side_to_move == CQ_WHITE
             ? resolve_pawn (pos, CQ_WHITE, from_file, -1, to, CQ_NO_TYPE, san, 0, move, NULL)
             : resolve_pawn (pos, CQ_BLACK, from_file, -1, to, CQ_NO_TYPE, san, 0, move, NULL);
    }
  else if (s[0] == 'O')
    {
      /* "O-O", "O-O-O" */
      if (s[1] != '-' || s[2] != 'O')
        return NULL;
      if (s[3] == '-' && s[4] == 'O')
        {
          s += 5;
          ok = parse_castling (pos, TRUE, san, 0, move, NULL);
        }
      else
        {
          s += 3;
          ok = parse_castling (pos, FALSE, san, 0, move, NULL);
        }
    }
  else
    {
      type = type_from_letter (s[0]);
      if (type == CQ_NO_TYPE || type == CQ_PAWN)
        return NULL;
      s++;
      /* [from-file | from-rank] [x] to-file to-rank */
      t = s + (s[0] == 'x');
      if ((san_class[t[0]] & C_FILE) && (san_class[t[1]] & C_RANK))
        {
          /* "Nf3", "Nxf3" (nearly every piece move: tested first) */
          to = CQ_SQUARE (t[0] - 'a', t[1] - '1');
          s = t + 2;
        }
      else
        {
          /* The from-file or from-rank of "Nbd2", "R1e2", "Raxe1" */
          if (san_class[s[0]] & C_FILE)
            from = CQ_FILE_A_BB << (*s++ - 'a');
          else if (san_class[s[0]] & C_RANK)
            from = CQ_RANK_1_BB << (8 * (*s++ - '1'));
          if (*s == 'x')
            s++;
          if (!(san_class[s[0]] & C_FILE) || !(san_class[s[1]] & C_RANK))
            return NULL;
          to = CQ_SQUARE (s[0] - 'a', s[1] - '1');
          s += 2;
        }
      ok = resolve_piece (pos, type, from, to, san, 0, move, NULL);
    }
  if (*s == '+' || *s == '#')
    s++;
  return ok ? (const char *) s : NULL;
}

/* Every other form: annotation marks, "e.p.", promotions, castling, null
 * moves, disambiguation, long algebraic. */
static gboolean
parse_general (const CqPosition *pos, const char *san, gssize len, CqMove *move,
               GError **error)
{
  CqColor us;
  const char *s;
  int n, i, j;
  int type = CQ_NO_TYPE, promo = CQ_NO_TYPE;
  int to, from_file = -1, from_rank = -1;
  gboolean explicit_piece = FALSE;

  us = pos->side_to_move;

  /* Trim blanks, then check, mate and annotation marks and "e.p.". */
  if (G_UNLIKELY (len > 64))
    return san_error (error, CQ_CHESS_ERROR_BAD_SAN, san, 40, "move text too long");
  s = san;
  n = (int) len;
  while (n > 0 && (san_class[(guchar) s[n - 1]] & C_TRAIL))
    n--;
  if (G_UNLIKELY (n > 0 && (s[n - 1] == '.' || s[n - 1] == 'p')))
    {
      if (n >= 4 && memcmp (s + n - 4, "e.p.", 4) == 0)
        n -= 4;
      else if (n >= 3 && is_rank (s[n - 3]) && s[n - 2] == 'e')
        n -= 2;
      while (n > 0 && (san_class[(guchar) s[n - 1]] & C_TRAIL))
        n--;
    }
  while (n > 0 && (san_class[(guchar) s[0]] & C_SPACE))
    s++, n--;
  if (G_UNLIKELY (n < 2))
    return san_error (error, CQ_CHESS_ERROR_BAD_SAN, san, len,
                      n == 0 ? "empty move" : "not a move");

  /* [Piece] [from-file] [from-rank] [x:-] to-file to-rank [[=] promotion] */
  i = 0;
  j = n;
  if (san_class[(guchar) s[0]] & C_PIECE)
    {
      type = type_from_letter (s[0]);
      explicit_piece = TRUE;
      i = 1;
    }
  else if (G_UNLIKELY (!(san_class[(guchar) s[0]] & C_FILE)))
    {
      /* Null moves and castling. */
      if ((n == 2 && ((s[0] == '-' && s[1] == '-') || (s[0] == 'Z' && s[1] == '0')))
          || (n == 4 && memcmp (s, "0000", 4) == 0))
        {
          fill_move (move, 0, 0, CQ_EMPTY, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_NULL);
          return TRUE;
        }
      if (s[0] == 'O' || s[0] == '0' || s[0] == 'o')
        {
          char c = s[0];

          if (n == 3 && s[1] == '-' && s[2] == c)
            return parse_castling (pos, FALSE, san, len, move, error);
          if (n == 5 && s[1] == '-' && s[2] == c && s[3] == '-' && s[4] == c)
            return parse_castling (pos, TRUE, san, len, move, error);
        }
      return san_error (error, CQ_CHESS_ERROR_BAD_SAN, san, len, "not a move");
    }
  else
    type = CQ_PAWN;

  if (G_UNLIKELY (!(san_class[(guchar) s[j - 1]] & C_RANK)))
    {
      /* Promotion: "=Q", "Q", "q" or "(Q)" after the target square. */
      if (j - i >= 3 && (san_class[(guchar) s[j - 1]] & C_PROMO)
          && (s[j - 2] == '=' || is_rank (s[j - 2])))
        {
          promo = promotion_from_letter (s[j - 1]);
          j -= s[j - 2] == '=' ? 2 : 1;
        }
      else if (j - i >= 5 && s[j - 1] == ')' && s[j - 3] == '('
               && (san_class[(guchar) s[j - 2]] & C_PROMO))
        {
          promo = promotion_from_letter (s[j - 2]);
          j -= 3;
        }
    }
  if (j - i < 2 || !(san_class[(guchar) s[j - 2]] & C_FILE)
      || !(san_class[(guchar) s[j - 1]] & C_RANK))
    return san_error (error, CQ_CHESS_ERROR_BAD_SAN, san, len, "not a move");
  to = CQ_SQUARE (s[j - 2] - 'a', s[j - 1] - '1');
  j -= 2;
  if (j > i)
    {
      if (san_class[(guchar) s[j - 1]] & C_SEP)
        j--;
      if (j > i && (san_class[(guchar) s[j - 1]] & C_RANK))
        from_rank = s[--j] - '1';
      if (j > i && (san_class[(guchar) s[j - 1]] & C_FILE))
        from_file = s[--j] - 'a';
      if (j != i)
        return san_error (error, CQ_CHESS_ERROR_BAD_SAN, san, len, "not a move");
    }

  /* Long algebraic without a piece letter: the piece is on the from square. */
  if (!explicit_piece && from_file >= 0 && from_rank >= 0)
    {
      int from = CQ_SQUARE (from_file, from_rank);
      int p = pos->board[from];

      if (p == CQ_EMPTY || CQ_PIECE_COLOR (p) != us)
        return san_error (error, CQ_CHESS_ERROR_ILLEGAL_MOVE, san, len,
                          "no %s piece on %c%d", us == CQ_WHITE ? "white" : "black",
                          'a' + from_file, from_rank + 1);
      type = CQ_PIECE_TYPE (p);
      if (type == CQ_KING && from == (us == CQ_WHITE ? 4 : 60)
          && (to == from + 2 || to == from - 2))
        return parse_castling (pos, to < from, san, len, move, error);
    }

  if (promo != CQ_NO_TYPE && type != CQ_PAWN)
    return san_error (error, CQ_CHESS_ERROR_BAD_SAN, san, len, "only a pawn can promote");

  if (type == CQ_PAWN)
    return resolve_pawn (pos, us, from_file, from_rank, to, promo, san, len, move, error);
  return resolve_piece (pos, type, from_squares (from_file, from_rank), to, san, len, move,
                        error);
}

gsize
cq_san_format (const CqPosition *pos, const CqMove *move, char *buf)
{
  CqPosition after;

  g_return_val_if_fail (pos != NULL && move != NULL && buf != NULL, 0);

  after = *pos;
  cq_position_make_move (&after, move);
  return cq_san_format_after (pos, move, &after, buf);
}

gsize
cq_san_format_after (const CqPosition *pos, const CqMove *move, const CqPosition *after,
                     char *buf)
{
  return cq_san_format_known (pos, move, after, FALSE, buf);
}

gsize
cq_san_format_known (const CqPosition *pos, const CqMove *move, const CqPosition *after,
                     gboolean after_has_move, char *buf)
{
  char *p = buf;
  int from = move->from, to = move->to;
  int piece, type;
  gboolean capture;

  g_return_val_if_fail (pos != NULL && move != NULL && after != NULL && buf != NULL, 0);

  if (move->flags & CQ_MOVE_NULL)
    {
      strcpy (buf, "--");
      return 2;
    }

  piece = pos->board[from];
  type = CQ_PIECE_TYPE (piece);
  capture = pos->board[to] != CQ_EMPTY
            || (type == CQ_PAWN && CQ_FILE (from) != CQ_FILE (to));

  if (type == CQ_KING && (to == from + 2 || to == from - 2))
    {
      memcpy (p, to > from ? "O-O" : "O-O-O", to > from ? 3 : 5);
      p += to > from ? 3 : 5;
    }
  else if (type == CQ_PAWN)
    {
      if (capture)
        {
          *p++ = (char) ('a' + CQ_FILE (from));
          *p++ = 'x';
        }
      *p++ = (char) ('a' + CQ_FILE (to));
      *p++ = (char) ('1' + CQ_RANK (to));
      if (move->promotion != CQ_EMPTY)
        {
          *p++ = '=';
          *p++ = cq_piece_char (CQ_MAKE_PIECE (CQ_WHITE, CQ_PIECE_TYPE (move->promotion)));
        }
    }
  else
    {
      *p++ = cq_piece_char (CQ_MAKE_PIECE (CQ_WHITE, type));
      if (type != CQ_KING)
        {
          CqBitboard others = attackers_of_type (type, to, _cq_occupied (pos))
                              & pos->pieces[piece] & ~CQ_BIT (from);
          CqBitboard rivals = 0;
          int capsq = pos->board[to] != CQ_EMPTY ? to : -1;

          while (others)
            {
              int o = _cq_pop_lsb (&others);

              if (_cq_king_safe_after (pos, o, to, capsq))
                rivals |= CQ_BIT (o);
            }
          if (rivals)
            {
              if (!(rivals & (CQ_FILE_A_BB << CQ_FILE (from))))
                *p++ = (char) ('a' + CQ_FILE (from));
              else if (!(rivals & (CQ_RANK_1_BB << (8 * CQ_RANK (from)))))
                *p++ = (char) ('1' + CQ_RANK (from));
              else
                {
                  *p++ = (char) ('a' + CQ_FILE (from));
                  *p++ = (char) ('1' + CQ_RANK (from));
                }
            }
        }
      if (capture)
        *p++ = 'x';
      *p++ = (char) ('a' + CQ_FILE (to));
      *p++ = (char) ('1' + CQ_RANK (to));
    }

  /* The inline test, not the public call: the writer formats every move
   * of every game it writes. */
  if (_cq_in_check (after))
    *p++ = after_has_move || cq_position_has_legal_move (after) ? '+' : '#';
  *p = '\0';
  return (gsize) (p - buf);
}
