/* cq6-squares.c: the square sets of the CQL 6 set filters that follow
 * the board's lines and attacks: attacks and attackedby, between, the
 * direction filters (up, down, ..., with distances), pin, ray and xray,
 * the pawn kinds (passed, doubled, isolated, connected), and what stands
 * on one square (piecename, typename, type, colortype).  Built on
 * the engine's attack geometry (chess/cq-attacks.h); evaluated by
 * cq6-eval.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "chess/cq-attacks.h"

CqBitboard
_cq6_attacked_by (const CqPosition *pos, CqBitboard from)
{
  CqBitboard occ = _cq_occupied (pos), out = 0;

  for (from &= occ; from != 0; from &= from - 1)
    {
      int s = __builtin_ctzll (from);
      out |= cq_attacks_from ((CqPiece) pos->board[s], s, occ);
    }
  return out;
}

CqBitboard
_cq6_attackers (const CqPosition *pos, CqBitboard from, CqBitboard targets)
{
  CqBitboard occ = _cq_occupied (pos), out = 0;

  from &= occ;
  if (_cq_popcount (targets) <= _cq_popcount (from))
    {
      for (; targets != 0 && from != 0; targets &= targets - 1)
        {
          CqBitboard hit = _cq_attackers_any (pos, __builtin_ctzll (targets), occ) & from;

          out |= hit;
          from &= ~hit;
        }
      return out;
    }
  for (; from != 0; from &= from - 1)
    {
      int s = __builtin_ctzll (from);
      if (cq_attacks_from ((CqPiece) pos->board[s], s, occ) & targets)
        out |= CQ_BIT (s);
    }
  return out;
}

CqBitboard
_cq6_attacked_in (const CqPosition *pos, CqBitboard targets, CqBitboard from)
{
  CqBitboard occ = _cq_occupied (pos), out = 0;

  from &= occ;
  if (_cq_popcount (targets) <= _cq_popcount (from))
    {
      for (; targets != 0; targets &= targets - 1)
        {
          int t = __builtin_ctzll (targets);
          if (_cq_attackers_any (pos, t, occ) & from)
            out |= CQ_BIT (t);
        }
      return out;
    }
  return targets & _cq6_attacked_by (pos, from);
}

CqBitboard
_cq6_direction_squares (CqBitboard from, guint8 dirs, gint64 min, gint64 max)
{
  CqBitboard out = 0;

  for (; from != 0; from &= from - 1)
    {
      int s = __builtin_ctzll (from);

      for (int d = 0; d < 8; d++)
        {
          if (!(dirs & (1u << d)))
            continue;
          for (int k = (int) min; k <= (int) max; k++)
            {
              int f = CQ_FILE (s) + _cq_ray_step[d][0] * k;
              int r = CQ_RANK (s) + _cq_ray_step[d][1] * k;

              /* Off the board: for k > 0 every further step is off too;
               * for k < 0 a later step, nearer the square, may be on. */
              if (f < 0 || f > 7 || r < 0 || r > 7)
                {
                  if (k > 0)
                    break;
                  continue;
                }
              out |= CQ_BIT (CQ_SQUARE (f, r));
            }
        }
    }
  return out;
}

gboolean
_cq6_eval_direction (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  gint64 bound[2] = { f->range_min, f->range_max };
  Cq6Val a;

  for (guint i = 0; i < 2; i++)
    if (f->n_args > 1 + i && f->args[1 + i] != NULL)
      {
        /* An unbound variable: CQL 6.2 stops with an error; no match here.
         * A distance past 8 squares is off the board, whatever it is. */
        if (!_cq6_eval (f->args[1 + i], c, &a))
          return FALSE;
        bound[i] = CLAMP (a.num, -8, 8);
      }
  if (f->which & CQ6_DIRECTION_ONE_DISTANCE)
    bound[1] = bound[0];
  if (!_cq6_eval (f->args[0], c, &a))
    return FALSE;
  v->set = _cq6_direction_squares (a.set, f->directions, bound[0], bound[1]);
  return v->set != 0;
}

CqBitboard
_cq6_between_sets (CqBitboard a, CqBitboard b)
{
  CqBitboard out = 0;

  for (CqBitboard x = a; x != 0; x &= x - 1)
    for (CqBitboard y = b; y != 0; y &= y - 1)
      out |= _cq_between[__builtin_ctzll (x)][__builtin_ctzll (y)];
  return out;
}

static gboolean
slides_along (CqPiece piece, int d)
{
  CqPieceType t = CQ_PIECE_TYPE (piece);

  if (t == CQ_QUEEN)
    return TRUE;
  if (t == CQ_ROOK)
    return d % 2 == 0;
  if (t == CQ_BISHOP)
    return d % 2 == 1;
  return FALSE;
}

CqBitboard
_cq6_pinned (const CqPosition *pos, CqBitboard from, CqBitboard through, CqBitboard to,
             gboolean to_given, Cq6PinRole role)
{
  CqBitboard occ = _cq_occupied (pos), out = 0;
  /* A target given by `to` may be an empty square too, as in CQL 6.2:
   * then a piece of either side may stand pinned against it. */
  CqBitboard targets = to_given ? to : pos->pieces[CQ_WK] | pos->pieces[CQ_BK];

  for (; targets != 0; targets &= targets - 1)
    {
      int z = __builtin_ctzll (targets);
      gboolean empty = (occ & CQ_BIT (z)) == 0;

      for (CqColor color = CQ_WHITE; color <= CQ_BLACK; color++)
        {
          CqColor them = 1 - color;
          const CqBitboard *p = pos->pieces;
          /* The enemy line pieces of X on z's lines, as if the board were
           * empty; usually none, and then nothing more is looked at. */
          CqBitboard queens = p[CQ_MAKE_PIECE (them, CQ_QUEEN)];
          CqBitboard snipers;

          if (!empty && CQ_PIECE_COLOR ((CqPiece) pos->board[z]) != color)
            continue;
          snipers = ((_cq_rook_pseudo[z] & (p[CQ_MAKE_PIECE (them, CQ_ROOK)] | queens))
                     | (_cq_bishop_pseudo[z] & (p[CQ_MAKE_PIECE (them, CQ_BISHOP)] | queens)))
                    & from;
          for (; snipers != 0; snipers &= snipers - 1)
            {
              CqBitboard between = _cq_between[z][__builtin_ctzll (snipers)] & occ;

              /* Exactly one piece between, of z's side and in Y. */
              if (between != 0 && (between & (between - 1)) == 0
                  && (between & pos->by_color[color] & through))
                out |= role == CQ6_PIN_THROUGH ? between
                       : role == CQ6_PIN_FROM ? snipers & -snipers : CQ_BIT (z);
            }
        }
    }
  return out;
}

/* `ray (X1 ... Xn)` from square @s, argument @k on, in direction @d:
 * the squares of the last argument reached, each argument's square the
 * next one along the line with only empty squares before it. */
static CqBitboard
ray_from (const CqPosition *pos, const CqBitboard *sets, guint n, guint k, int s, int d)
{
  CqBitboard occ = _cq_occupied (pos), out = 0;
  int f = CQ_FILE (s), r = CQ_RANK (s);

  for (;;)
    {
      int t;

      f += _cq_ray_step[d][0];
      r += _cq_ray_step[d][1];
      if (f < 0 || f > 7 || r < 0 || r > 7)
        break;
      t = CQ_SQUARE (f, r);
      if (sets[k] & CQ_BIT (t))
        out |= k + 1 == n ? CQ_BIT (t) : ray_from (pos, sets, n, k + 1, t, d);
      if (occ & CQ_BIT (t))
        break;
    }
  return out;
}

CqBitboard
_cq6_ray_squares (const CqPosition *pos, const CqBitboard *sets, guint n, guint8 dirs,
                  guint which)
{
  CqBitboard out = 0;

  for (CqBitboard x = sets[0]; x != 0; x &= x - 1)
    {
      int s = __builtin_ctzll (x);

      for (int d = 0; d < 8; d++)
        if ((dirs & (1u << d))
            && (!(which & CQ6_RAY_XRAY) || slides_along ((CqPiece) pos->board[s], d)))
          {
            CqBitboard reached = ray_from (pos, sets, n, 1, s, d);

            if (reached != 0)
              out |= (which & CQ6_RAY_STARTS) ? CQ_BIT (s) : reached;
          }
    }
  return out;
}

CqBitboard
_cq6_pawns_of_kind (const CqPosition *pos, guint which)
{
  CqBitboard out = 0;

  for (int color = 0; color < 2; color++)
    {
      CqBitboard own = pos->pieces[CQ_MAKE_PIECE (color, CQ_PAWN)];
      CqBitboard enemy = pos->pieces[CQ_MAKE_PIECE (1 - color, CQ_PAWN)];

      for (CqBitboard p = own; p != 0; p &= p - 1)
        {
          int s = __builtin_ctzll (p), f = CQ_FILE (s), r = CQ_RANK (s);
          CqBitboard file = G_GUINT64_CONSTANT (0x0101010101010101) << f;
          CqBitboard sides = ((f > 0) ? file >> 1 : 0) | ((f < 7) ? file << 1 : 0);
          gboolean yes = FALSE;

          switch (which)
            {
            case CQ6_PAWNS_PASSED:
              {
                CqBitboard ahead = 0;
                for (int rr = 0; rr < 8; rr++)
                  if (color == CQ_WHITE ? rr > r : rr < r)
                    ahead |= G_GUINT64_CONSTANT (0xFF) << (8 * rr);
                yes = ((file | sides) & ahead & enemy) == 0;
              }
              break;
            case CQ6_PAWNS_DOUBLED:
              yes = (own & file & ~CQ_BIT (s)) != 0;
              break;
            case CQ6_PAWNS_ISOLATED:
              yes = (own & sides) == 0;
              break;
            case CQ6_PAWNS_CONNECTED:
              yes = (own & sides) != 0;
              break;
            }
          if (yes)
            out |= CQ_BIT (s);
        }
    }
  return out;
}

gboolean
_cq6_piecename (const CqPosition *pos, CqBitboard square, guint32 which, Cq6Val *v)
{
  /* Indexed by #CqPiece; "_" is CQL 6.2's name of an empty square. */
  static const char *const names[CQ_N_PIECES] = {
    "_", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"
  };
  CqPiece piece;

  if (square == 0 || _cq_more_than_one (square))
    return FALSE;   /* not one square */
  piece = (CqPiece) pos->board[__builtin_ctzll (square)];
  switch (which)
    {
    case CQ6_PIECENAME_NAME:
      v->str = names[piece];
      break;
    case CQ6_PIECENAME_TYPENAME:
      v->str = names[piece == CQ_EMPTY ? CQ_EMPTY : CQ_PIECE_TYPE (piece)];
      break;
    case CQ6_PIECENAME_TYPE:
      v->num = piece == CQ_EMPTY ? 0 : CQ_PIECE_TYPE (piece);
      break;
    default:
      v->num = piece == CQ_EMPTY ? 0 : CQ_PIECE_TYPE (piece);
      if (piece != CQ_EMPTY && CQ_PIECE_COLOR (piece) == CQ_BLACK)
        v->num = -v->num;
      break;
    }
  return TRUE;
}
