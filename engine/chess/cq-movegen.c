/* cq-movegen.c: legal move generation and perft.
 *
 * Fully legal generation (no make/unmake test per move): the checkers of
 * the king give the squares a non-king move may go to (capture the checker
 * or block), pinned pieces stay on the line through their king, the king
 * never steps onto an attacked square (with itself removed from the
 * occupancy, so it cannot retreat along a checking ray), and en passant,
 * which may uncover the king on its rank, is tested by replaying the
 * occupancy change.  One generator serves three modes: list the moves,
 * count them (perft's last ply), and stop at the first one (mate and
 * stalemate tests).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cq-chess-private.h"

typedef enum {
  MODE_LIST,
  MODE_COUNT,
  MODE_ANY,
  MODE_PSEUDO_LIST  /* list the pseudo-legal moves: own king's safety ignored */
} GenMode;

typedef struct {
  const CqPosition *pos;
  CqMove *moves;
  guint n;
} Gen;

static inline void
push_move (Gen *g, int from, int to, int piece, int captured, int promotion, int flags)
{
  CqMove *m = &g->moves[g->n++];

  m->from = (guint8) from;
  m->to = (guint8) to;
  m->piece = (guint8) piece;
  m->captured = (guint8) captured;
  m->promotion = (guint8) promotion;
  m->flags = (guint8) flags;
}

/* Adds the moves of the piece on @from to every square of @targets.
 * Returns TRUE to stop (MODE_ANY found a move). */
#define EMIT_TARGETS(from, piece, targets)                                  \
  G_STMT_START {                                                            \
    CqBitboard t_ = (targets);                                              \
    if (mode == MODE_ANY) { if (t_) return 1; }                             \
    else if (mode == MODE_COUNT) g.n += (guint) _cq_popcount (t_);          \
    else                                                                    \
      while (t_)                                                            \
        {                                                                   \
          int to_ = _cq_pop_lsb (&t_);                                      \
          push_move (&g, (from), to_, (piece), pos->board[to_], CQ_EMPTY, 0); \
        }                                                                   \
  } G_STMT_END

/* Pawn moves to every square of @targets from @targets - @delta. */
#define EMIT_PAWNS(targets, delta, flags_)                                  \
  G_STMT_START {                                                            \
    CqBitboard t_ = (targets);                                              \
    CqBitboard promo_ = t_ & (CQ_RANK_1_BB | CQ_RANK_8_BB);                 \
    if (mode == MODE_ANY) { if (t_) return 1; }                             \
    else if (mode == MODE_COUNT)                                            \
      g.n += (guint) (_cq_popcount (t_) + 3 * _cq_popcount (promo_));       \
    else                                                                    \
      while (t_)                                                            \
        {                                                                   \
          int to_ = _cq_pop_lsb (&t_);                                      \
          int cap_ = pos->board[to_];                                       \
          if (CQ_BIT (to_) & promo_)                                        \
            {                                                               \
              for (int pt_ = CQ_QUEEN; pt_ >= CQ_KNIGHT; pt_--)             \
                push_move (&g, to_ - (delta), to_, pawn, cap_,              \
                           CQ_MAKE_PIECE (us, pt_), (flags_));              \
            }                                                               \
          else                                                              \
            push_move (&g, to_ - (delta), to_, pawn, cap_, CQ_EMPTY, (flags_)); \
        }                                                                   \
  } G_STMT_END

static inline CqBitboard
shift_up (CqBitboard b, CqColor us)
{
  return us == CQ_WHITE ? b << 8 : b >> 8;
}

static inline CqBitboard
bit_or_zero (int sq)
{
  return (guint) sq < 64 ? CQ_BIT (sq) : 0;
}

/* The squares the king on @ksq can step to without being attacked (the
 * king itself removed from @occ_noking, so that it cannot retreat along
 * a checking ray); with @first_only, stops at the first one.  The attack
 * test finds the sliders through the small line tables, not the magic
 * ones (see _cq_attacked_xray()). */
static inline CqBitboard
king_steps (const CqPosition *pos, int ksq, CqBitboard own, CqColor them, CqBitboard occ_noking,
            gboolean first_only)
{
  CqBitboard b = _cq_king_attacks[ksq] & ~own, safe = 0;

  while (b)
    {
      int to = _cq_pop_lsb (&b);

      if (!_cq_attacked_xray (pos, to, them, occ_noking, 0))
        {
          safe |= CQ_BIT (to);
          if (first_only)
            break;
        }
    }
  return safe;
}

/* For MODE_ANY: whether one of the @sliders, moving along the lines of
 * @lines (_cq_bishop_pseudo or _cq_rook_pseudo), has a legal move, the
 * king on @ksq in check from @checkers (one piece at most) or not.  Not
 * in check (@target is every square not ours), a slider has a move if and
 * only if the first square of one of its lines is not ours: a line's
 * attacks begin there, and a pinned slider's moves along its pin line are
 * all legal (so only the first squares on that line count).  In check,
 * a move must end on @target (the checker or a square between it and the
 * king): a square of @target on one of the slider's lines (on its pin
 * line, if pinned) with nothing between.  The same answer as the magic
 * attack sets masked as in generate()'s other modes. */
static inline gboolean
slider_can_move (CqBitboard sliders, const CqBitboard *lines, int ksq, CqBitboard pinned,
                 CqBitboard checkers, CqBitboard target, CqBitboard occ)
{
  while (sliders)
    {
      int from = _cq_pop_lsb (&sliders);
      CqBitboard t = lines[from] & target;

      if (pinned & CQ_BIT (from))
        t &= _cq_line[ksq][from];
      if (!checkers)
        {
          if (t & _cq_king_attacks[from])
            return TRUE;
          continue;
        }
      while (t)
        if ((_cq_between[from][_cq_pop_lsb (&t)] & occ) == 0)
          return TRUE;
    }
  return FALSE;
}

static inline __attribute__ ((always_inline)) guint
generate (const CqPosition *pos, CqMove *moves, GenMode mode)
{
  Gen g = { pos, moves, 0 };
  CqColor us = pos->side_to_move, them = us ^ 1;
  CqBitboard own = pos->by_color[us], opp = pos->by_color[them];
  CqBitboard occ = own | opp;
  const CqBitboard *their = pos->pieces + (them == CQ_WHITE ? 0 : 6);
  int ksq = _cq_king_square (pos, us);
  int king = CQ_MAKE_PIECE (us, CQ_KING);
  int pawn = CQ_MAKE_PIECE (us, CQ_PAWN);
  CqBitboard checkers, target, pinned = 0, snipers, b;
  gboolean in_check;
  CqBitboard occ_noking = occ ^ CQ_BIT (ksq);
  CqBitboard their_diag = their[CQ_WB] | their[CQ_WQ];
  CqBitboard their_orth = their[CQ_WR] | their[CQ_WQ];

  /* Checkers and pinned pieces in one pass over the enemy sliders on a
   * line through the king (small tables, no magic lookup, for speed): with
   * nothing between, a slider checks; with one piece of ours alone
   * between, that piece is pinned. */
  checkers = (_cq_pawn_attacks[us][ksq] & their[CQ_WP])
             | (_cq_knight_attacks[ksq] & their[CQ_WN])
             | (_cq_king_attacks[ksq] & their[CQ_WK]);
  snipers = (_cq_rook_pseudo[ksq] & their_orth) | (_cq_bishop_pseudo[ksq] & their_diag);
  while (snipers)
    {
      int s = _cq_pop_lsb (&snipers);
      CqBitboard between = _cq_between[ksq][s] & occ;

      if (between == 0)
        checkers |= CQ_BIT (s);
      else if (!_cq_more_than_one (between) && (between & own))
        pinned |= between;
    }
  in_check = checkers != 0;
  if (mode == MODE_PSEUDO_LIST)
    checkers = pinned = 0;

  /* King steps.  MODE_ANY tries them last (each needs an attack test)
   * unless in double check, where nothing else can move. */
  if (mode != MODE_ANY || _cq_more_than_one (checkers))
    {
      CqBitboard safe = mode == MODE_PSEUDO_LIST ? _cq_king_attacks[ksq] & ~own
                        : king_steps (pos, ksq, own, them, occ_noking, FALSE);

      EMIT_TARGETS (ksq, king, safe);
      if (_cq_more_than_one (checkers))
        return g.n;
    }

  target = ~own;
  if (checkers)
    target &= _cq_between[ksq][_cq_lsb (checkers)] | checkers;

  /* MODE_ANY: an unpinned pawn's single push (set-wise, no attack
   * lookup) answers most positions before the sliders are looked at. */
  if (mode == MODE_ANY
      && (shift_up (pos->pieces[pawn] & ~pinned, us) & ~occ & target
          & ~(CQ_RANK_1_BB | CQ_RANK_8_BB)) != 0)
    return 1;

  /* Knights: a pinned knight never moves. */
  b = pos->pieces[CQ_MAKE_PIECE (us, CQ_KNIGHT)] & ~pinned;
  while (b)
    {
      int from = _cq_pop_lsb (&b);
      EMIT_TARGETS (from, CQ_MAKE_PIECE (us, CQ_KNIGHT), _cq_knight_attacks[from] & target);
    }

  /* Sliders.  MODE_ANY only asks whether one can move, which the small
   * tables answer without the magic ones (800 KiB, a cache miss at
   * nearly every lookup when the search reads game after game). */
  if (mode == MODE_ANY)
    {
      CqBitboard queens = pos->pieces[CQ_MAKE_PIECE (us, CQ_QUEEN)];

      if (slider_can_move (pos->pieces[CQ_MAKE_PIECE (us, CQ_BISHOP)] | queens,
                           _cq_bishop_pseudo, ksq, pinned, checkers, target, occ)
          || slider_can_move (pos->pieces[CQ_MAKE_PIECE (us, CQ_ROOK)] | queens,
                              _cq_rook_pseudo, ksq, pinned, checkers, target, occ))
        return 1;
    }
  else
    {
      b = pos->pieces[CQ_MAKE_PIECE (us, CQ_BISHOP)];
      while (b)
        {
          int from = _cq_pop_lsb (&b);
          CqBitboard t = _cq_bishop_attacks (from, occ) & target;
          if (pinned & CQ_BIT (from))
            t &= _cq_line[ksq][from];
          EMIT_TARGETS (from, CQ_MAKE_PIECE (us, CQ_BISHOP), t);
        }
      b = pos->pieces[CQ_MAKE_PIECE (us, CQ_ROOK)];
      while (b)
        {
          int from = _cq_pop_lsb (&b);
          CqBitboard t = _cq_rook_attacks (from, occ) & target;
          if (pinned & CQ_BIT (from))
            t &= _cq_line[ksq][from];
          EMIT_TARGETS (from, CQ_MAKE_PIECE (us, CQ_ROOK), t);
        }
      b = pos->pieces[CQ_MAKE_PIECE (us, CQ_QUEEN)];
      while (b)
        {
          int from = _cq_pop_lsb (&b);
          CqBitboard t = (_cq_bishop_attacks (from, occ) | _cq_rook_attacks (from, occ)) & target;
          if (pinned & CQ_BIT (from))
            t &= _cq_line[ksq][from];
          EMIT_TARGETS (from, CQ_MAKE_PIECE (us, CQ_QUEEN), t);
        }
    }

  /* Pawns: unpinned ones set-wise, pinned ones one by one. */
  {
    CqBitboard pawns = pos->pieces[pawn];
    CqBitboard free_pawns = pawns & ~pinned;
    CqBitboard empty = ~occ;
    CqBitboard rank3 = us == CQ_WHITE ? G_GUINT64_CONSTANT (0x0000000000FF0000)
                                      : G_GUINT64_CONSTANT (0x0000FF0000000000);
    int up = us == CQ_WHITE ? 8 : -8;
    int left = us == CQ_WHITE ? 7 : -9;   /* capture towards the a-file */
    int right = us == CQ_WHITE ? 9 : -7;  /* capture towards the h-file */
    CqBitboard push1, push2, cap_l, cap_r;

    push1 = shift_up (free_pawns, us) & empty;
    push2 = shift_up (push1 & rank3, us) & empty;
    cap_l = (shift_up (free_pawns & ~CQ_FILE_A_BB, us) >> 1) & opp;
    cap_r = (shift_up (free_pawns & ~CQ_FILE_H_BB, us) << 1) & opp;

    EMIT_PAWNS (push1 & target, up, 0);
    EMIT_PAWNS (push2 & target, 2 * up, CQ_MOVE_DOUBLE_PUSH);
    EMIT_PAWNS (cap_l & target, left, 0);
    EMIT_PAWNS (cap_r & target, right, 0);

    b = pawns & pinned;
    while (b)
      {
        int from = _cq_pop_lsb (&b);
        CqBitboard line = _cq_line[ksq][from] & target;
        CqBitboard one = shift_up (CQ_BIT (from), us) & empty;
        CqBitboard two = shift_up (one & rank3, us) & empty;
        CqBitboard caps = _cq_pawn_attacks[us][from] & opp;

        EMIT_PAWNS (one & line, up, 0);
        EMIT_PAWNS (two & line, 2 * up, CQ_MOVE_DOUBLE_PUSH);
        EMIT_PAWNS (caps & line & bit_or_zero (from + left), left, 0);
        EMIT_PAWNS (caps & line & bit_or_zero (from + right), right, 0);
      }

    /* En passant: the captured pawn must really be there; legality by
     * replaying the occupancy (covers the pin along the rank). */
    if (pos->ep_square >= 0)
      {
        int ep = pos->ep_square;
        int capsq = ep - up;

        if (pos->board[capsq] == CQ_MAKE_PIECE (them, CQ_PAWN)
            && pos->board[ep] == CQ_EMPTY)
          {
            b = _cq_pawn_attacks[them][ep] & pawns;
            while (b)
              {
                int from = _cq_pop_lsb (&b);

                if (mode == MODE_PSEUDO_LIST || _cq_king_safe_after (pos, from, ep, capsq))
                  {
                    if (mode == MODE_ANY)
                      return 1;
                    else if (mode == MODE_COUNT)
                      g.n++;
                    else
                      push_move (&g, from, ep, pawn, CQ_MAKE_PIECE (them, CQ_PAWN), CQ_EMPTY,
                                 CQ_MOVE_EN_PASSANT);
                  }
              }
          }
      }
  }

  /* Castling: never out of, through or into check. */
  if (!in_check && (pos->castling & (us == CQ_WHITE ? 3 : 12)))
    {
      int home = us == CQ_WHITE ? 0 : 56;
      int rook = CQ_MAKE_PIECE (us, CQ_ROOK);
      guint8 ks = us == CQ_WHITE ? CQ_CASTLE_WK : CQ_CASTLE_BK;
      guint8 qs = us == CQ_WHITE ? CQ_CASTLE_WQ : CQ_CASTLE_BQ;

      if ((pos->castling & ks) && ksq == home + 4 && pos->board[home + 7] == rook
          && !(occ & (CQ_BIT (home + 5) | CQ_BIT (home + 6)))
          && !_cq_attackers_of (pos, home + 5, them, occ)
          && !_cq_attackers_of (pos, home + 6, them, occ))
        {
          if (mode == MODE_ANY)
            return 1;
          else if (mode == MODE_COUNT)
            g.n++;
          else
            push_move (&g, home + 4, home + 6, king, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_CASTLE);
        }
      if ((pos->castling & qs) && ksq == home + 4 && pos->board[home] == rook
          && !(occ & (CQ_BIT (home + 1) | CQ_BIT (home + 2) | CQ_BIT (home + 3)))
          && !_cq_attackers_of (pos, home + 3, them, occ)
          && !_cq_attackers_of (pos, home + 2, them, occ))
        {
          if (mode == MODE_ANY)
            return 1;
          else if (mode == MODE_COUNT)
            g.n++;
          else
            push_move (&g, home + 4, home + 2, king, CQ_EMPTY, CQ_EMPTY, CQ_MOVE_CASTLE);
        }
    }

  if (mode == MODE_ANY)
    return king_steps (pos, ksq, own, them, occ_noking, TRUE) != 0;
  return g.n;
}

guint
cq_position_legal_moves (const CqPosition *pos, CqMove *moves)
{
  g_return_val_if_fail (pos != NULL && moves != NULL, 0);

  return generate (pos, moves, MODE_LIST);
}

guint
cq_position_pseudolegal_moves (const CqPosition *pos, CqMove *moves)
{
  g_return_val_if_fail (pos != NULL && moves != NULL, 0);

  return generate (pos, moves, MODE_PSEUDO_LIST);
}

gboolean
cq_position_has_legal_move (const CqPosition *pos)
{
  g_return_val_if_fail (pos != NULL, FALSE);

  return generate (pos, NULL, MODE_ANY) != 0;
}

gboolean
_cq_position_has_legal_move_not_in_check (const CqPosition *pos)
{
  if (_cq_position_has_move_unless_in_check (pos))
    return TRUE;
  /* A call, not the generator inline: this function stays small enough
   * to need no stack frame on the common path. */
  return cq_position_has_legal_move (pos);
}

static guint64
perft_rec (const CqPosition *pos, guint depth)
{
  CqMove moves[CQ_MAX_MOVES];
  guint n;
  guint64 nodes = 0;

  if (depth == 1)
    return generate (pos, NULL, MODE_COUNT);

  n = generate (pos, moves, MODE_LIST);
  for (guint i = 0; i < n; i++)
    {
      CqPosition child = *pos;

      cq_position_make_move (&child, &moves[i]);
      nodes += perft_rec (&child, depth - 1);
    }
  return nodes;
}

guint64
cq_perft (const CqPosition *pos, guint depth)
{
  g_return_val_if_fail (pos != NULL, 0);

  if (depth == 0)
    return 1;
  return perft_rec (pos, depth);
}
