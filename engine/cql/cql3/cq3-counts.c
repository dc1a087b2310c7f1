/* cq3-counts.c: the counting keywords of a CQL 3 position list: :power and
 * :powerdifference, :attackcount (rulings R5) and the :ray family (R6),
 * counted on one position with the engine's attack geometry
 * (chess/cq-attacks.h).  Called from the evaluator's per-keyword test
 * (cq3-eval.c).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-eval-private.h"

/* Material power (manual ":power"): Q=9 R=5 B=3 N=3 P=1 K=0. */
static const gint8 piece_power[CQ_N_PIECES] = {
  0, 1, 3, 3, 5, 9, 0, 1, 3, 3, 5, 9, 0
};

gint64
_cq3_designator_power (const CqDesignator *d, const CqPosition *pos, gboolean difference,
                  const CqBitboard *tags)
{
  gint64 total = 0;
  guint mask = d->pieces & CQ_PIECES_ANY;

  if (d->pieces == 0)
    {
      /* A tag designator: the power of the tag's piece if it matches. */
      CqBitboard hit = designator_hits (d, pos, tags);
      int piece;

      if (hit == 0)
        return 0;
      piece = pos->board[__builtin_ctzll (hit)];
      return (difference && piece >= CQ_BP) ? -piece_power[piece] : piece_power[piece];
    }

  while (mask != 0)
    {
      int piece = lowest_bit (mask);
      gint64 power = piece_power[piece] * popcount64 (pos->pieces[piece] & d->squares);

      mask &= mask - 1;
      total += (difference && piece >= CQ_BP) ? -power : power;
    }
  return total;
}

/* Attacks are symmetric for knights, kings and sliders (a rook on a
 * attacks t iff a rook on t attacks a, with the same occupancy), and a
 * white pawn attacks t from the squares a black pawn on t would attack.
 * So when there are fewer targets than attackers, the pairs are counted
 * from the targets: a handful of table lookups per target. */
gint64
_cq3_attack_count (const CqTest *test, const CqPosition *pos, const CqBitboard *tags)
{
  CqBitboard occupied = ~pos->pieces[CQ_EMPTY];
  CqBitboard attackers = designator_hits (&test->u.attack.attacker, pos, tags) & occupied;
  CqBitboard targets;
  gint64 count = 0;

  if (attackers == 0)
    return 0;
  targets = designator_hits (&test->u.attack.target, pos, tags);
  if (targets == 0)
    return 0;

  /* One target (a king, a square) against several attackers is the
   * usual case: decided without counting. */
  if (_cq_more_than_one (targets) ? popcount64 (targets) < popcount64 (attackers)
                                  : _cq_more_than_one (attackers))
    {
      const CqBitboard *p = pos->pieces;
      CqBitboard knights = (p[CQ_WN] | p[CQ_BN]) & attackers;
      CqBitboard kings = (p[CQ_WK] | p[CQ_BK]) & attackers;
      CqBitboard diagonal = (p[CQ_WB] | p[CQ_BB] | p[CQ_WQ] | p[CQ_BQ]) & attackers;
      CqBitboard orthogonal = (p[CQ_WR] | p[CQ_BR] | p[CQ_WQ] | p[CQ_BQ]) & attackers;
      CqBitboard white_pawns = p[CQ_WP] & attackers, black_pawns = p[CQ_BP] & attackers;

      while (targets != 0)
        {
          int t = __builtin_ctzll (targets);
          CqBitboard from;

          targets &= targets - 1;
          /* The tables of cq_attacks_from (), inline: the call and its
           * switch cost more than the lookups. */
          from = (_cq_knight_attacks[t] & knights) | (_cq_king_attacks[t] & kings)
                 | (_cq_pawn_attacks[CQ_BLACK][t] & white_pawns)
                 | (_cq_pawn_attacks[CQ_WHITE][t] & black_pawns);
          if (diagonal & _cq_bishop_pseudo[t])
            from |= _cq_bishop_attacks (t, occupied) & diagonal;
          if (orthogonal & _cq_rook_pseudo[t])
            from |= _cq_rook_attacks (t, occupied) & orthogonal;
          if (from != 0)
            count += popcount64 (from);
        }
      return count;
    }

  while (attackers != 0)
    {
      int sq = __builtin_ctzll (attackers);

      attackers &= attackers - 1;
      count += popcount64 (cq_attacks_from ((CqPiece) pos->board[sq], sq, occupied) & targets);
    }
  return count;
}

gint64
_cq_attack_count (const CqTest *test, const CqPosition *pos)
{
  return _cq3_attack_count (test, pos, NULL);
}

/* The squares of the lines from @s in the directions @directions (CQ_RAY_*
 * bits).  The usual sets are the slider tables; the others (:vertical,
 * :horizontal, transformed subsets) are unions of rays (the tables are
 * ready: _cq3_ray_count () made sure). */
static inline CqBitboard
ray_lines (int s, guint directions)
{
  CqBitboard lines = 0;

  switch (directions)
    {
    case 0:
      return 0;
    case CQ_RAY_ORTHOGONAL:
      return _cq_rook_pseudo[s];
    case CQ_RAY_DIAGONAL:
      return _cq_bishop_pseudo[s];
    case CQ_RAY_ALL:
      return _cq_rook_pseudo[s] | _cq_bishop_pseudo[s];
    default:
      for (; directions != 0; directions &= directions - 1)
        lines |= _cq_ray[s][lowest_bit (directions)];
      return lines;
    }
}

/* Do the squares strictly between the aligned squares @s1 and @sn match
 * the n - 2 middle designators of a ray (R6)?  Every occupied square must
 * pair with a middle designator in order; an empty square may pair with
 * one (`.`) or stay unpaired.  @middle_empty: some middle designator
 * matches an empty square; when none does, the occupied squares between
 * must be exactly the middle designators' squares, in order, and no walk
 * is needed. */
static inline gboolean
ray_middle_fits (const CqBitboard *hits, guint n, CqBitboard empty, gboolean middle_empty,
                 int s1, int sn)
{
  CqBitboard between = _cq_between[s1][sn];
  CqBitboard occ = between & ~empty;
  gboolean forward = sn > s1; /* square numbers grow along the walk */
  guint states = 1;           /* bit j: j middle designators matched */

  if (n == 2)
    return occ == 0;
  if (!middle_empty)
    {
      if (n == 3)
        return occ != 0 && !_cq_more_than_one (occ) && (occ & hits[1]) != 0;
      if ((guint) _cq_popcount (occ) != n - 2)
        return FALSE;
      for (guint j = 1; j + 1 < n; j++)
        {
          int b = forward ? __builtin_ctzll (occ) : 63 - __builtin_clzll (occ);

          if ((hits[j] & CQ_BIT (b)) == 0)
            return FALSE;
          occ &= ~CQ_BIT (b);
        }
      return TRUE;
    }

  /* Each occupied square between takes a middle designator. */
  if ((guint) _cq_popcount (occ) > n - 2)
    return FALSE;
  while (between != 0)
    {
      int b = forward ? __builtin_ctzll (between) : 63 - __builtin_clzll (between);
      CqBitboard bit = CQ_BIT (b);
      guint next = (empty & bit) ? states : 0;

      between &= ~bit;
      for (guint j = 0; j + 2 < n; j++)
        if ((states & (1u << j)) && (hits[j + 1] & bit))
          next |= 1u << (j + 1);
      states = next;
      if (states == 0)
        return FALSE;
    }
  return (states & (1u << (n - 2))) != 0;
}

/* Fills hits[1 .. n - 2] for the middle designators of a ray test, once
 * a pair of ends on one line is found.  Returns FALSE if one matches
 * nothing (then no ray fits); sets *@middle_empty if one matches an
 * empty square. */
static inline gboolean
ray_middles (const CqDesignator *path, guint n, const CqPosition *pos, const CqBitboard *tags,
             CqBitboard *hits, gboolean *middle_empty)
{
  CqBitboard empty = pos->pieces[CQ_EMPTY];

  *middle_empty = FALSE;
  for (guint j = 1; j + 1 < n; j++)
    {
      hits[j] = designator_hits (&path[j], pos, tags);
      if (hits[j] == 0)
        return FALSE;
      if ((hits[j] & empty) != 0)
        *middle_empty = TRUE;
    }
  return TRUE;
}

/* The rest of _cq3_ray_count (): the pairs of ends on one line, then the
 * squares between each pair.  Out of line: _cq3_ray_count () stays small for
 * the positions where no start is on a line through an end. */
static G_GNUC_NO_INLINE gint64
ray_count_pairs (const CqTest *test, const CqPosition *pos, const CqBitboard *tags,
                 CqBitboard last, CqBitboard orth_starts, CqBitboard diag_starts)
{
  const CqDesignator *path = test->u.ray.path;
  guint n = test->u.ray.n_path;
  CqBitboard hits[8]; /* hits[1 .. n - 2]: the middle designators' */
  CqBitboard empty = pos->pieces[CQ_EMPTY];
  CqBitboard starts = orth_starts | diag_starts;
  guint orth = test->u.ray.directions & CQ_RAY_ORTHOGONAL;
  guint diag = test->u.ray.directions & CQ_RAY_DIAGONAL;
  gboolean middle_empty = FALSE, middles_ready = FALSE;
  gint64 count = 0;

  if (_cq_more_than_one (last)
      && (!_cq_more_than_one (starts) || _cq_popcount (last) > _cq_popcount (starts)))
    {
      /* From each start, the ends on its lines. */
      for (; starts != 0; starts &= starts - 1)
        {
          int s1 = __builtin_ctzll (starts);
          CqBitboard bit = CQ_BIT (s1), ends = 0;

          if (orth_starts & bit)
            ends |= ray_lines (s1, orth);
          if (diag_starts & bit)
            ends |= ray_lines (s1, diag);
          ends &= last;
          if (ends != 0 && !middles_ready)
            {
              if (!ray_middles (path, n, pos, tags, hits, &middle_empty))
                return 0;
              middles_ready = TRUE;
            }
          for (; ends != 0; ends &= ends - 1)
            count += ray_middle_fits (hits, n, empty, middle_empty, s1, __builtin_ctzll (ends));
        }
      return count;
    }

  /* From each end, the starts on its lines: a ray from S1 in direction d
   * reaches Sn, so Sn sees S1 in the opposite direction (d + 4). */
  orth = ((orth << 4) | (orth >> 4)) & 0xFF;
  diag = ((diag << 4) | (diag >> 4)) & 0xFF;
  for (; last != 0; last &= last - 1)
    {
      int sn = __builtin_ctzll (last);
      CqBitboard from = (orth_starts & ray_lines (sn, orth)) | (diag_starts & ray_lines (sn, diag));

      if (from != 0 && !middles_ready)
        {
          if (!ray_middles (path, n, pos, tags, hits, &middle_empty))
            return 0;
          middles_ready = TRUE;
        }
      for (; from != 0; from &= from - 1)
        count += ray_middle_fits (hits, n, empty, middle_empty, __builtin_ctzll (from), sn);
    }
  return count;
}

/* Two aligned squares lie on one line only, so each pair is found once:
 * from the smaller of the two end sets (usually the one king of
 * `:rayattack (A a k)`), the other ends are the end set's squares on the
 * lines through it (table lookups), and only those pairs are checked,
 * with the squares between them from _cq_between (for speed: the
 * square-by-square walks from every S1 were half the time of a
 * :rayattack search). */
gint64
_cq3_ray_count (const CqTest *test, const CqPosition *pos, const CqBitboard *tags)
{
  const CqDesignator *path = test->u.ray.path;
  guint directions = test->u.ray.directions;
  CqBitboard first, last, orth_starts, diag_starts;

  /* The two ends first: most positions are decided by them (no start, or
   * no end on a line through a start), before the middle designators are
   * looked at. */
  first = designator_hits (&path[0], pos, tags);
  if (first == 0)
    return 0;
  last = designator_hits (&path[test->u.ray.n_path - 1], pos, tags);
  if (last == 0)
    return 0;

  /* The starts of orthogonal and of diagonal rays. */
  orth_starts = (directions & CQ_RAY_ORTHOGONAL) != 0 ? first : 0;
  diag_starts = (directions & CQ_RAY_DIAGONAL) != 0 ? first : 0;
  if (test->u.ray.attack_only)
    {
      const CqBitboard *p = pos->pieces;
      CqBitboard queens = p[CQ_WQ] | p[CQ_BQ];

      orth_starts &= p[CQ_WR] | p[CQ_BR] | queens;
      diag_starts &= p[CQ_WB] | p[CQ_BB] | queens;
    }
  if ((orth_starts | diag_starts) == 0)
    return 0;

  /* One end (the king of `:rayattack (A a k)`) and all the orthogonal
   * and diagonal directions or none of them (rays in every direction,
   * :rayorthogonal, :raydiagonal): is a start on a line through it?  Not
   * at most positions. */
  if (!_cq_more_than_one (last)
      && ((directions & CQ_RAY_ORTHOGONAL) == 0
          || (directions & CQ_RAY_ORTHOGONAL) == CQ_RAY_ORTHOGONAL)
      && ((directions & CQ_RAY_DIAGONAL) == 0
          || (directions & CQ_RAY_DIAGONAL) == CQ_RAY_DIAGONAL))
    {
      int sn = __builtin_ctzll (last);

      if (((orth_starts & _cq_rook_pseudo[sn]) | (diag_starts & _cq_bishop_pseudo[sn])) == 0)
        return 0;
    }
  return ray_count_pairs (test, pos, tags, last, orth_starts, diag_starts);
}

gint64
_cq_ray_count (const CqTest *test, const CqPosition *pos)
{
  return _cq3_ray_count (test, pos, NULL);
}
