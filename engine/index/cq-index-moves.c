/* cq-index-moves.c: the compact encoding of a game's tree
 * (cq-index-moves.h).  docs/index.md, "The game tree", describes it byte
 * by byte; in short:
 *
 * - the start: byte 0 for the standard start position, else byte 1 and
 *   the FEN of the root (cq_position_to_fen()) with its NUL;
 * - then the moves in PGN order: each line's moves in turn, and after a
 *   move the variations that replace it, each between an OPEN and a
 *   CLOSE token (the reader's own order: an OPEN goes back to the
 *   position before the last move, a CLOSE returns to that move);
 * - a move is a byte: its high nibble the piece's *slot*, the rank of its
 *   square among the squares of the side to move (by square number, a1
 *   first: 16 at most), its low nibble a code by the piece's type (a
 *   knight's or king's direction, a pawn's step and promotion, the file
 *   or rank a rook or bishop goes to); a queen's diagonal move takes a
 *   second byte;
 * - the tokens that are not moves (OPEN, CLOSE, a null move, the escape
 *   before a queen's diagonal move) are the king's slot with the codes a
 *   king's move does not use (10 to 13).
 *
 * Decoding reads the piece from the board and the capture, the en passant
 * and the double step from the position: no move generation, no SAN.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "chess/cq-attacks.h"
#include "index/cq-index-moves.h"

enum {
  START_INITIAL = 0,
  START_FEN     = 1,
};

/* The low nibble of a king's slot. */
enum {
  KING_CASTLE_SHORT = 8,
  KING_CASTLE_LONG  = 9,
  TOKEN_OPEN        = 10,
  TOKEN_CLOSE       = 11,
  TOKEN_NULL        = 12,
  TOKEN_QUEEN_DIAG  = 13,
};

/* A pawn's codes: 0 one step, 1 two steps, 2 a capture towards the a-file,
 * 3 towards the h-file; a promotion is 4 + 4 * (0 step, 1 towards a, 2
 * towards h) + (knight 0, bishop 1, rook 2, queen 3). */
enum {
  PAWN_STEP = 0, PAWN_DOUBLE = 1, PAWN_TAKE_A = 2, PAWN_TAKE_H = 3, PAWN_PROMOTE = 4,
};

/* Nesting of variations the decoder follows; the PGN reader reads at
 * most 200. */
#define MAX_DEPTH 256

static const gint8 knight_steps[8][2] = {   /* file, rank */
  { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 },
};
static const gint8 king_steps[8][2] = {
  { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 },
};
/* The code of a knight's or king's step by the difference of its squares
 * (to - from + 17): the tables above turned round, for the encoder. */
static const guint8 knight_codes[35] = {
  4, 15, 3, 15, 15, 15, 15, 5, 15, 15, 15, 2, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 6,
  15, 15, 15, 1, 15, 15, 15, 15, 7, 15, 0
};
static const guint8 king_codes[35] = {
  15, 15, 15, 15, 15, 15, 15, 15, 5, 4, 3, 15, 15, 15, 15, 15, 6, 15, 2, 15, 15, 15, 15, 15,
  7, 0, 1, 15, 15, 15, 15, 15, 15, 15, 15
};

/* The slot of @square among the squares of the side to move in @pos. */
static inline guint
slot_of (const CqPosition *pos, int square)
{
  return _cq_popcount (pos->by_color[pos->side_to_move] & (CQ_BIT (square) - 1));
}

static inline guint8
king_byte (const CqPosition *pos, guint code)
{
  CqBitboard king = pos->pieces[CQ_MAKE_PIECE (pos->side_to_move, CQ_KING)];

  return (guint8) (slot_of (pos, __builtin_ctzll (king)) << 4 | code);
}

/* The code of a bishop's (or a queen's) diagonal move. */
static inline guint
diagonal_code (int from, int to)
{
  int df = CQ_FILE (to) - CQ_FILE (from), dr = CQ_RANK (to) - CQ_RANK (from);

  return (df == dr ? 0 : 8) | CQ_FILE (to);
}

/* The code of a rook's (or a queen's) move along a rank or a file. */
static inline guint
line_code (int from, int to)
{
  return CQ_RANK (to) == CQ_RANK (from) ? (guint) CQ_FILE (to) : 8 | (guint) CQ_RANK (to);
}

/* Writes the bytes of @m, a move of @pos, at @out; returns the byte
 * after them. */
static guint8 *
encode_move (const CqPosition *pos, const CqMove *m, guint8 *out)
{
  guint code = 0;
  int df, dr;

  if (m->flags & CQ_MOVE_NULL)
    {
      *out++ = king_byte (pos, TOKEN_NULL);
      return out;
    }
  df = CQ_FILE (m->to) - CQ_FILE (m->from);
  dr = CQ_RANK (m->to) - CQ_RANK (m->from);
  switch (CQ_PIECE_TYPE (m->piece))
    {
    case CQ_PAWN:
      code = df < 0 ? PAWN_TAKE_A : df > 0 ? PAWN_TAKE_H : (dr == 2 || dr == -2) ? PAWN_DOUBLE
                                                                               : PAWN_STEP;
      if (m->promotion != CQ_EMPTY)
        code = PAWN_PROMOTE + 4 * (df == 0 ? 0 : code - 1)
               + (CQ_PIECE_TYPE (m->promotion) - CQ_KNIGHT);
      break;
    case CQ_KNIGHT:
      code = knight_codes[m->to - m->from + 17];
      break;
    case CQ_BISHOP:
      code = diagonal_code (m->from, m->to);
      break;
    case CQ_ROOK:
      code = line_code (m->from, m->to);
      break;
    case CQ_QUEEN:
      if (df != 0 && dr != 0)
        {
          *out++ = king_byte (pos, TOKEN_QUEEN_DIAG);
          code = diagonal_code (m->from, m->to);
        }
      else
        code = line_code (m->from, m->to);
      break;
    case CQ_KING:
      if (m->flags & CQ_MOVE_CASTLE)
        code = m->to > m->from ? KING_CASTLE_SHORT : KING_CASTLE_LONG;
      else
        code = king_codes[m->to - m->from + 17];
      break;
    default:
      g_return_val_if_reached (out);
    }
  *out++ = (guint8) (slot_of (pos, m->from) << 4 | code);
  return out;
}

/* Encodes the line that starts with @first (a node that is not the root)
 * and, after each of its moves that is its parent's first child, the
 * variations that replace it. */
static guint8 *
encode_line (const CqNode *first, guint8 *out)
{
  for (const CqNode *n = first; n != NULL; n = n->first_child)
    {
      out = encode_move (&n->parent->position, &n->move, out);
      if (n != n->parent->first_child)
        continue;
      for (const CqNode *v = n->next_sibling; v != NULL; v = v->next_sibling)
        {
          const CqNode *end = v;

          /* OPEN and CLOSE are read in the position the decoder stands
           * on: after @n, and after the variation's last move. */
          *out++ = king_byte (&n->position, TOKEN_OPEN);
          out = encode_line (v, out);
          while (end->first_child)
            end = end->first_child;
          *out++ = king_byte (&end->position, TOKEN_CLOSE);
        }
    }
  return out;
}

gsize
cq_index_moves_encode (const CqGame *game, GByteArray *out)
{
  CqPosition initial;
  guint before;
  guint8 *p;

  g_return_val_if_fail (game != NULL && out != NULL, 0);

  if (game->root == NULL)
    return 0;
  before = out->len;
  /* At most 4 bytes a node: a move of 2, and the OPEN and CLOSE of the
   * variation it may begin; written in place, then cut to size. */
  g_byte_array_set_size (out, before + 1 + CQ_FEN_MAX + 4 * (gsize) game->n_nodes);
  p = out->data + before;
  cq_position_set_initial (&initial);
  if (memcmp (&initial, &game->root->position, sizeof initial) == 0)
    *p++ = START_INITIAL;
  else
    {
      *p++ = START_FEN;
      p += cq_position_to_fen (&game->root->position, (char *) p) + 1;
    }
  if (game->root->first_child != NULL)
    p = encode_line (game->root->first_child, p);
  g_byte_array_set_size (out, p - out->data);
  return out->len - before;
}

/* --- Decoding --- */

/* The square @df files and @dr ranks from @from, or -1 off the board. */
static inline int
step (int from, int df, int dr)
{
  int f = CQ_FILE (from) + df, r = CQ_RANK (from) + dr;

  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : CQ_SQUARE (f, r);
}

/* The move of @code for the piece on @from in @pos, into @m; FALSE if it
 * is not a well-formed move: off the board, onto a piece of its own side
 * or a king, a pawn's step onto a piece or its capture of nothing, a
 * castling without its right.  (Whether a slider's path is clear, or the
 * king left in check, is not tested: the index is trusted that far; what
 * is tested keeps the position one a search can walk.) */
static gboolean
decode_move (const CqPosition *pos, int from, guint code, gboolean diagonal, CqMove *m)
{
  CqColor us = pos->side_to_move;
  CqPiece piece = pos->board[from];
  int to = -1, f = CQ_FILE (from), r = CQ_RANK (from);
  int up = us == CQ_WHITE ? 1 : -1;

  m->from = from;
  m->piece = piece;
  m->promotion = CQ_EMPTY;
  m->flags = 0;
  switch (CQ_PIECE_TYPE (piece))
    {
    case CQ_PAWN:
      {
        guint kind = code < PAWN_PROMOTE ? code : (code - PAWN_PROMOTE) / 4;
        int df;

        if (code >= PAWN_PROMOTE)
          {
            df = kind == 0 ? 0 : kind == 1 ? -1 : 1;
            m->promotion = CQ_MAKE_PIECE (us, CQ_KNIGHT + (code - PAWN_PROMOTE) % 4);
          }
        else
          df = code == PAWN_TAKE_A ? -1 : code == PAWN_TAKE_H ? 1 : 0;
        to = step (from, df, code == PAWN_DOUBLE ? 2 * up : up);
        if (to < 0 || diagonal)
          return FALSE;
        /* A promotion exactly onto the last rank. */
        if ((m->promotion != CQ_EMPTY) != (CQ_RANK (to) == (us == CQ_WHITE ? 7 : 0)))
          return FALSE;
        if (df == 0)
          {
            if (pos->board[to] != CQ_EMPTY)
              return FALSE;
            if (code == PAWN_DOUBLE)
              {
                if (r != (us == CQ_WHITE ? 1 : 6) || pos->board[from + 8 * up] != CQ_EMPTY)
                  return FALSE;
                m->flags = CQ_MOVE_DOUBLE_PUSH;
              }
          }
        else if (pos->board[to] == CQ_EMPTY)
          {
            if (to != pos->ep_square)
              return FALSE;
            m->flags = CQ_MOVE_EN_PASSANT;
            m->to = to;
            m->captured = CQ_MAKE_PIECE (!us, CQ_PAWN);
            return pos->board[to - 8 * up] == m->captured;
          }
        break;
      }
    case CQ_KNIGHT:
      if (code >= 8 || diagonal)
        return FALSE;
      to = step (from, knight_steps[code][0], knight_steps[code][1]);
      break;
    case CQ_QUEEN:
    case CQ_BISHOP:
      if (diagonal || CQ_PIECE_TYPE (piece) == CQ_BISHOP)
        {
          int k = (int) (code & 7) - f;

          if (diagonal && CQ_PIECE_TYPE (piece) != CQ_QUEEN)
            return FALSE;
          to = k == 0 ? -1 : step (from, k, code & 8 ? -k : k);
          break;
        }
      G_GNUC_FALLTHROUGH;
    case CQ_ROOK:
      if (diagonal)
        return FALSE;
      to = code & 8 ? CQ_SQUARE (f, code & 7) : CQ_SQUARE (code & 7, r);
      if (to == from)
        return FALSE;
      break;
    case CQ_KING:
      if (diagonal)
        return FALSE;
      if (code < 8)
        to = step (from, king_steps[code][0], king_steps[code][1]);
      else if (code == KING_CASTLE_SHORT || code == KING_CASTLE_LONG)
        {
          gboolean shorter = code == KING_CASTLE_SHORT;
          guint right = us == CQ_WHITE ? (shorter ? CQ_CASTLE_WK : CQ_CASTLE_WQ)
                                       : (shorter ? CQ_CASTLE_BK : CQ_CASTLE_BQ);

          if (!(pos->castling & right) || from != (us == CQ_WHITE ? 4 : 60))
            return FALSE;
          to = shorter ? from + 2 : from - 2;
          if (pos->board[shorter ? from + 3 : from - 4] != CQ_MAKE_PIECE (us, CQ_ROOK)
              || pos->board[to] != CQ_EMPTY)
            return FALSE;
          m->flags = CQ_MOVE_CASTLE;
        }
      break;
    default:
      return FALSE;
    }
  if (to < 0)
    return FALSE;
  m->to = to;
  m->captured = pos->board[to];
  if (m->captured != CQ_EMPTY
      && (CQ_PIECE_COLOR (m->captured) == us || CQ_PIECE_TYPE (m->captured) == CQ_KING))
    return FALSE;
  return TRUE;
}

/* The square of @slot among the squares of the side to move, or -1. */
static inline int
slot_square (const CqPosition *pos, guint slot)
{
  CqBitboard b = pos->by_color[pos->side_to_move];

  for (guint i = 0; i < slot && b != 0; i++)
    b &= b - 1;
  return b != 0 ? __builtin_ctzll (b) : -1;
}

CqGame *
cq_index_moves_decode (const guint8 *data, gsize len, const CqGameSource *source,
                       const char *filename)
{
  const guint8 *p = data, *end = data + len;
  CqNode *stack[MAX_DEPTH];
  guint sp = 0;
  CqPosition start;
  CqGame *game;
  CqNode *cur;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (len == 0)
    return NULL;
  if (*p == START_INITIAL)
    {
      cq_position_set_initial (&start);
      p++;
    }
  else if (*p == START_FEN)
    {
      const guint8 *nul = memchr (p + 1, '\0', end - (p + 1));

      if (nul == NULL || !cq_position_set_fen (&start, (const char *) p + 1, NULL))
        return NULL;
      p = nul + 1;
    }
  else
    return NULL;

  game = cq_game_new_tree (&start, end - p, source, filename);
  cur = game->root;
  while (p < end)
    {
      const CqPosition *pos = &cur->position;
      guint slot = *p >> 4, code = *p & 15;
      gboolean diagonal = FALSE;
      int from = slot_square (pos, slot);
      CqMove m;

      p++;
      if (from < 0)
        goto bad;
      if (CQ_PIECE_TYPE (pos->board[from]) == CQ_KING && code >= TOKEN_OPEN)
        {
          if (code == TOKEN_OPEN)
            {
              /* A variation replaces the move that made @cur. */
              if (cur->parent == NULL || sp == MAX_DEPTH)
                goto bad;
              stack[sp++] = cur;
              cur = cur->parent;
              continue;
            }
          if (code == TOKEN_CLOSE)
            {
              if (sp == 0)
                goto bad;
              cur = stack[--sp];
              continue;
            }
          if (code == TOKEN_NULL)
            {
              memset (&m, 0, sizeof m);
              m.flags = CQ_MOVE_NULL;
              cur = cq_game_add_move (game, cur, &m);
              continue;
            }
          if (code != TOKEN_QUEEN_DIAG || p == end)
            goto bad;
          slot = *p >> 4;
          code = *p & 15;
          p++;
          diagonal = TRUE;
          from = slot_square (pos, slot);
          if (from < 0)
            goto bad;
        }
      if (!decode_move (pos, from, code, diagonal, &m))
        goto bad;
      cur = cq_game_add_move (game, cur, &m);
    }
  if (sp != 0)
    goto bad;
  cq_game_end_tree (game);
  return game;

bad:
  cq_game_free (game);
  return NULL;
}
