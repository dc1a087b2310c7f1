/* cq6-mate.c: the problemists' mates of CQL 6.2: `puremate`,
 * `modelmate`, `idealmate`, `purestalemate`, `modelstalemate`,
 * `idealstalemate` (docs/cql6.md "Pure, model and ideal mates").
 *
 * The side to move is the mated side ("us" below is the other, mating
 * side).  A mate is pure when every square of the mated king's field (the
 * squares its king attacks) is made unavailable once only: each empty or
 * mating-side square is guarded by exactly one mating piece (a checking
 * line piece also guards the square behind the king), each of the mated
 * side's own pieces there is unguarded (or, in a single check, guarded
 * once while pinned and able to move, as if unpinned, onto the checking
 * line), and in a double check each checker is needed.  Model: pure, and
 * every mating queen, rook, bishop and knight takes part; ideal: pure, and
 * every piece of both sides takes part.  The stalemates likewise.  Attacks
 * and pins are those of the `attacks` and `pin` filters (cq6-squares.c);
 * the lines through a piece are attack rays (`x -> y -> z`).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "chess/cq-attacks.h"

/* The squares a piece on @s attacks. */
static CqBitboard
attacks_of (const CqPosition *pos, int s)
{
  return cq_attacks_from ((CqPiece) pos->board[s], s, _cq_occupied (pos));
}

static int
sign (int x)
{
  return (x > 0) - (x < 0);
}

/* The squares of the king's field @field a mating piece on @s guards: those
 * it attacks and, when it checks the king on @king along a line, the
 * square behind the king on that line. */
static CqBitboard
guarded_by (const CqPosition *pos, int s, int king, CqBitboard field)
{
  CqBitboard att = attacks_of (pos, s);
  CqPieceType t = CQ_PIECE_TYPE ((CqPiece) pos->board[s]);
  int df, dr, f, r;

  if (!(att & CQ_BIT (king)) || (t != CQ_QUEEN && t != CQ_ROOK && t != CQ_BISHOP))
    return att & field;
  df = sign (CQ_FILE (king) - CQ_FILE (s));
  dr = sign (CQ_RANK (king) - CQ_RANK (s));
  f = CQ_FILE (king) + df;
  r = CQ_RANK (king) + dr;
  if (f < 0 || f > 7 || r < 0 || r > 7)
    return att & field;
  return (att | CQ_BIT (CQ_SQUARE (f, r))) & field;
}

/* How many of the mating pieces @guard (their squares, each guarding
 * guards[s]) guard @square. */
static int
guard_count (const CqBitboard guards[64], CqBitboard pieces, int square)
{
  int n = 0;

  for (; pieces != 0; pieces &= pieces - 1)
    if (guards[__builtin_ctzll (pieces)] & CQ_BIT (square))
      n++;
  return n;
}

/* The squares of @from whose piece has a pseudo-legal move to a square of
 * @to (or, @en_passant, an en passant capture): the side to move's. */
static CqBitboard
pseudolegal_movers (const CqPosition *pos, CqBitboard from, CqBitboard to,
                    gboolean en_passant)
{
  CqMove moves[CQ_MAX_MOVES];
  guint n = cq_position_pseudolegal_moves (pos, moves);
  CqBitboard out = 0;

  for (guint i = 0; i < n; i++)
    if ((from & CQ_BIT (moves[i].from))
        && (en_passant ? (moves[i].flags & CQ_MOVE_EN_PASSANT) != 0
                       : (to & CQ_BIT (moves[i].to)) != 0))
      out |= CQ_BIT (moves[i].from);
  return out;
}

/* Whether a line piece of @sliders attacks through the piece on @through
 * a square of @to: the attack ray `sliders -> through -> to`. */
static gboolean
ray_through (const CqPosition *pos, CqBitboard sliders, int through, CqBitboard to)
{
  CqBitboard sets[3] = { sliders, CQ_BIT (through), to };

  return _cq6_ray_squares (pos, sets, 3, CQ_RAY_ALL, TRUE) != 0;
}

/* The pieces of @pieces pinned to their king. */
static CqBitboard
pinned (const CqPosition *pos, CqBitboard pieces)
{
  return _cq6_pinned (pos, CQ_SQUARES_ALL, pieces, 0, FALSE, CQ6_PIN_THROUGH);
}

/* Whether the mate is pure (see above); the king on @king, its field
 * @field, the checkers @checkers, each mating piece's guarded squares
 * @guards. */
static gboolean
pure_mate (const CqPosition *pos, int king, CqBitboard field, CqBitboard checkers,
           const CqBitboard guards[64])
{
  CqColor them = pos->side_to_move, us = 1 - them;
  CqBitboard mine = pos->by_color[us], theirs = pos->by_color[them];
  gboolean double_check = __builtin_popcountll (checkers) > 1;
  CqBitboard line = checkers | _cq6_between_sets (checkers, CQ_BIT (king));

  for (CqBitboard f = field & ~theirs; f != 0; f &= f - 1)
    if (guard_count (guards, mine, __builtin_ctzll (f)) != 1)
      return FALSE;
  /* The mated side's own pieces in the field: unguarded, or, in a single
   * check, guarded once while pinned and able (but for the pin) to
   * capture the checker, to interpose, or to take en passant. */
  for (CqBitboard f = field & theirs; f != 0; f &= f - 1)
    {
      int s = __builtin_ctzll (f);
      int n = guard_count (guards, mine, s);

      if (n == 0)
        continue;
      if (double_check || n != 1 || pinned (pos, CQ_BIT (s)) == 0)
        return FALSE;
      if (pseudolegal_movers (pos, CQ_BIT (s), line, FALSE) == 0
          && pseudolegal_movers (pos, CQ_BIT (s), 0, TRUE) == 0)
        return FALSE;
    }
  /* A double check: each checker needed, as an unpinned piece (not the
   * king) attacks the other checker or a square between it and the
   * king. */
  if (double_check)
    {
      CqBitboard free = theirs & ~pinned (pos, CQ_SQUARES_ALL) & ~CQ_BIT (king);

      for (CqBitboard c = checkers; c != 0; c &= c - 1)
        {
          CqBitboard other = checkers & ~(c & -c);
          CqBitboard refute = other | _cq6_between_sets (other, CQ_BIT (king));

          if (_cq6_attackers (pos, free, refute) == 0)
            return FALSE;
        }
    }
  return TRUE;
}

/* The pieces that take part in a mate: the mating pieces that check,
 * guard the field, are pinned, pin a piece that could refute the check,
 * or stand between a refuting line piece and its refutation square; and
 * the mated king, its pieces in the field, and those of its pieces that
 * stand between one of their line pieces and the mating king or a
 * refutation square. */
static CqBitboard
mate_participants (const CqPosition *pos, int king, CqBitboard field, CqBitboard checkers,
                   CqBitboard *mating)
{
  CqColor them = pos->side_to_move, us = 1 - them;
  CqBitboard mine = pos->by_color[us], theirs = pos->by_color[them];
  CqBitboard my_king = pos->pieces[CQ_MAKE_PIECE (us, CQ_KING)];
  gboolean single = __builtin_popcountll (checkers) == 1;
  /* Where the mated side would refute the check: the checker, the
   * squares between, and the mating king. */
  CqBitboard refute = my_king | checkers | _cq6_between_sets (checkers, CQ_BIT (king));
  CqBitboard refuters = pseudolegal_movers (pos, theirs, refute, FALSE);
  CqBitboard white = 0, black = 0;

  for (CqBitboard p = mine; p != 0; p &= p - 1)
    {
      int s = __builtin_ctzll (p);

      if ((checkers & CQ_BIT (s)) || (attacks_of (pos, s) & field)
          || pinned (pos, CQ_BIT (s))
          || (single && _cq6_pinned (pos, CQ_BIT (s), refuters, 0, FALSE,
                                     CQ6_PIN_FROM) != 0)
          || (single && ray_through (pos, refuters, s, refute)))
        white |= CQ_BIT (s);
    }
  for (CqBitboard p = theirs; p != 0; p &= p - 1)
    {
      int s = __builtin_ctzll (p);

      if (s == king || (field & CQ_BIT (s)) || ray_through (pos, theirs, s, my_king)
          || (single && ray_through (pos, theirs, s, refute)))
        black |= CQ_BIT (s);
    }
  *mating = white;
  return white | black;
}

/* The stalemates: whether pure; the mating pieces taking part in
 * @mating. */
static gboolean
pure_stalemate (const CqPosition *pos, CqBitboard field, CqBitboard *mating)
{
  CqColor them = pos->side_to_move, us = 1 - them;
  CqBitboard mine = pos->by_color[us], theirs = pos->by_color[them];
  CqBitboard pins = pinned (pos, CQ_SQUARES_ALL);

  /* Each free square of the field and each pinned piece there attacked
   * once, each other piece there not at all. */
  for (CqBitboard f = field; f != 0; f &= f - 1)
    {
      int s = __builtin_ctzll (f);
      int n = __builtin_popcountll (_cq6_attackers (pos, mine, CQ_BIT (s)));

      if ((theirs & CQ_BIT (s)) && !(pins & CQ_BIT (s)) ? n != 0 : n != 1)
        return FALSE;
    }
  *mating = (pins & mine)
            | _cq6_pinned (pos, mine, CQ_SQUARES_ALL, 0, FALSE, CQ6_PIN_FROM)
            | _cq6_attackers (pos, mine, field);
  return TRUE;
}

gboolean
_cq6_mate_family (const CqPosition *pos, guint which, CqBitboard *participants)
{
  CqColor them = pos->side_to_move, us = 1 - them;
  CqBitboard kings = pos->pieces[CQ_MAKE_PIECE (them, CQ_KING)];
  CqBitboard mine = pos->by_color[us];
  CqBitboard pieces = mine & ~pos->pieces[CQ_MAKE_PIECE (us, CQ_KING)]
                      & ~pos->pieces[CQ_MAKE_PIECE (us, CQ_PAWN)];
  CqBitboard field, mating;
  int king;

  if (kings == 0)
    return FALSE;
  king = __builtin_ctzll (kings);
  field = attacks_of (pos, king);
  if (which >= CQ6_MATEF_PURESTALEMATE)
    {
      if (!pure_stalemate (pos, field, &mating))
        return FALSE;
      *participants = mating | pos->by_color[them];
    }
  else
    {
      CqBitboard checkers = _cq6_attackers (pos, mine, CQ_BIT (king));
      CqBitboard guards[64] = { 0 };

      for (CqBitboard p = mine; p != 0; p &= p - 1)
        {
          int s = __builtin_ctzll (p);
          guards[s] = guarded_by (pos, s, king, field);
        }
      if (!pure_mate (pos, king, field, checkers, guards))
        return FALSE;
      *participants = mate_participants (pos, king, field, checkers, &mating);
      if (which == CQ6_MATEF_IDEAL
          && (*participants & pos->by_color[them]) != pos->by_color[them])
        return FALSE;
    }
  switch (which)
    {
    case CQ6_MATEF_MODEL:
    case CQ6_MATEF_MODELSTALEMATE:
      return (pieces & ~mating) == 0;
    case CQ6_MATEF_IDEAL:
    case CQ6_MATEF_IDEALSTALEMATE:
      return mating == mine;
    default:
      return TRUE;
    }
}
