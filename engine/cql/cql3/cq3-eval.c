/* cq3-eval.c: evaluates a compiled match list on a game tree.
 *
 * Rulings R1 (which positions), R2 (annotation), R3 (game filters), R4
 * (moves), R5 (check, mate, stalemate, attacks), R6 (rays), R8 (counts
 * and accumulators), R9 (sequences), R10 (relations), R11 (marks and
 * tags), R12 (logic).
 *
 * Queries with tags, accumulators or gapped sequences go through
 * match_themes(): the marks of every node are computed once per game,
 * the accumulators once per binding (phase 1 of R8), each
 * :gappedsequence once per binding for all nodes (a backward pass), then
 * the match list is evaluated as usual for each :forany binding.
 *
 * The query is only read: no global or static mutable state, so several
 * threads may evaluate one query at once.  Nothing is allocated per
 * position.  Per position the common case is a few bit operations: side
 * to move, root/leaf, game tests, then the designators; check, counts,
 * rays, the next move and legal-move existence are computed only when a
 * keyword needs them and everything cheaper passed.
 *
 * Why one long file: the evaluator is one hot loop over the keywords of a
 * position list, with the per-game state (marks, accumulators, sequences,
 * the :relation index) it shares; split across files, the compiler could
 * no longer inline the per-keyword tests into that loop (the searches are
 * measured in tests/bench/RESULTS.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-private.h"
#include "cql/cql6/cq6-private.h"
#include "chess/cq-attacks.h"

#include <stdlib.h>
#include <string.h>

static inline int
lowest_bit (guint mask)
{
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz (mask);
#else
  return g_bit_nth_lsf (mask, -1);
#endif
}

/* What a search knows of a game before any move is replayed: the tags
 * the game tests read (rulings R3), parsed once per game; and, for the
 * keywords that look across positions, the per-game state: marks, the
 * current :forany binding, accumulators, :gappedsequence results.  One
 * per cq_query_match_game() call: nothing is shared between threads. */
typedef struct {
  const CqGame *game;
  gboolean      has_elo[2];
  gint64        elo[2];
  guint8        result;   /* #CqResult */
  /* R11: where[i * 64 + m] is the square of mark m at node i (0xFF: the
   * piece was captured), NULL when the query has no tag. */
  guint         n_tags;
  guint8        tag_mark[CQ_MAX_TAGS];
  guint8       *where;
  /* R8: acc[i * n_acc + k], accumulator k at node i (NULL: none). */
  guint         n_acc;
  gint64       *acc;
  gboolean      accumulating; /* phase 1: :sumrange is not tested */
  /* R9: CqTest* of a :gappedsequence -> guint8[n_nodes], whether it
   * matches at each node (computed once per game and binding). */
  GHashTable   *gapped;
  /* R10: the game's positions grouped by line of play and material, made
   * the first time a :relation needs it (NULL: the plain walk). */
  struct _RelationIndex *relations;
} EvalGame;

static void
eval_game_init (EvalGame *g, const CqGame *game)
{
  memset (g, 0, sizeof *g);
  g->game = game;
  g->has_elo[CQ_WHITE] = _cq_tag_parse_elo (cq_game_get_tag (game, "WhiteElo"), &g->elo[CQ_WHITE]);
  g->has_elo[CQ_BLACK] = _cq_tag_parse_elo (cq_game_get_tag (game, "BlackElo"), &g->elo[CQ_BLACK]);
  g->result = _cq_tag_parse_result (cq_game_get_tag (game, "Result"));
}

static inline gboolean
in_range (const CqRange *range, gint64 value)
{
  return value >= range->min && value <= range->max;
}

/* The squares of @d's square set that hold a piece of its piece set: the
 * designator matches iff this is not 0 (manual "Piece designators"). */
static inline CqBitboard
designator_hits (const CqDesignator *d, const CqPosition *pos, const CqBitboard *tags)
{
  CqBitboard occupied = 0;
  guint mask = d->pieces;

  /* R11: `$tag[squares]` (an empty piece mask): the tag's piece on one of
   * the squares; @tags holds each tag's square at this node. */
  if (G_UNLIKELY (mask == 0))
    return tags != NULL && d->tag >= 0 ? tags[d->tag] & d->squares : 0;
  /* One piece type (Nd4, k[h8]): the commonest designator. */
  if ((mask & (mask - 1)) == 0)
    return pos->pieces[lowest_bit (mask)] & d->squares;
  if (mask == CQ_PIECES_ALL)
    return d->squares;
  /* The colour sets A and a (and U) are the usual attackers: one load
   * instead of a loop over six piece types. */
  if (mask == CQ_PIECES_WHITE)
    return pos->by_color[CQ_WHITE] & d->squares;
  if (mask == CQ_PIECES_BLACK)
    return pos->by_color[CQ_BLACK] & d->squares;
  if (mask == CQ_PIECES_ANY)
    return (pos->by_color[CQ_WHITE] | pos->by_color[CQ_BLACK]) & d->squares;
  while (mask != 0)
    {
      occupied |= pos->pieces[lowest_bit (mask)];
      mask &= mask - 1;
    }
  return occupied & d->squares;
}

/* Without -mpopcnt, __builtin_popcountll is a libgcc call (about 20
 * instructions and a call per use); the inline SWAR count is cheaper. */
static inline int
popcount64 (CqBitboard b)
{
  return _cq_popcount (b);
}

/* Material power (manual ":power"): Q=9 R=5 B=3 N=3 P=1 K=0. */
static const gint8 piece_power[CQ_N_PIECES] = {
  0, 1, 3, 3, 5, 9, 0, 1, 3, 3, 5, 9, 0
};

/* Total power of the pieces matching @d, White's minus Black's if
 * @difference (manual ":power", ":powerdifference"). */
static gint64
designator_power (const CqDesignator *d, const CqPosition *pos, gboolean difference,
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

/**
 * _cq_attack_count:
 * Rulings R5: the number of (attacker square, target square) pairs where
 * the attacker matches the first designator of @test, the target's
 * content the second (it may be empty), and the attacker could move to the
 * target were it empty, ignoring pins and checks (pawns attack diagonally
 * forward only, sliders stop at the first occupied square).
 *
 * Attacks are symmetric for knights, kings and sliders (a rook on a
 * attacks t iff a rook on t attacks a, with the same occupancy), and a
 * white pawn attacks t from the squares a black pawn on t would attack.
 * So when there are fewer targets than attackers, the pairs are counted
 * from the targets: a handful of table lookups per target.
 */
static gint64
attack_count (const CqTest *test, const CqPosition *pos, const CqBitboard *tags)
{
  CqBitboard occupied = ~pos->pieces[CQ_EMPTY];
  CqBitboard attackers = designator_hits (&test->u.attack.attacker, pos, tags) & occupied;

  _cq_chess_ensure_tables ();
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
  return attack_count (test, pos, NULL);
}

/* The squares of the lines from @s in the directions @directions (CQ_RAY_*
 * bits).  The usual sets are the slider tables; the others (:vertical,
 * :horizontal, transformed subsets) are unions of rays (the tables are
 * ready: ray_count () made sure). */
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

/* The rest of ray_count (): the pairs of ends on one line, then the
 * squares between each pair.  Out of line: ray_count () stays small for
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

/**
 * _cq_ray_count:
 * Rulings R6: the number of (S1, Sn) square pairs on a line in one of the
 * allowed directions of @test such that the first designator matches S1,
 * the last Sn, the middle ones match squares between them in order, and
 * every other square between them is empty.  For :rayattack, only rooks,
 * bishops and queens start rays.
 *
 * Two aligned squares lie on one line only, so each pair is found once:
 * from the smaller of the two end sets (usually the one king of
 * `:rayattack (A a k)`), the other ends are the end set's squares on the
 * lines through it (table lookups), and only those pairs are checked,
 * with the squares between them from _cq_between (for speed: the
 * square-by-square walks from every S1 were half the time of a
 * :rayattack search).
 */
static gint64
ray_count (const CqTest *test, const CqPosition *pos, const CqBitboard *tags)
{
  const CqDesignator *path = test->u.ray.path;
  guint directions = test->u.ray.directions;
  CqBitboard first, last, orth_starts, diag_starts;

  _cq_chess_ensure_tables ();

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
  return ray_count (test, pos, NULL);
}

/* Does the move from @parent to @child satisfy every move test of
 * @instance (rulings R4)?  Adds the squares of matched designators.
 * @tags: the tags' squares at @parent (R11): `$t` matches the piece of
 * tag t (moving, captured, or promoting). */
static gboolean
move_tests_hold (const CqInstance *instance, const CqNode *parent, const CqNode *child,
                 const CqBitboard *tags, CqBitboard *squares)
{
  const CqMove *move = &child->move;
  gboolean null_move = (move->flags & CQ_MOVE_NULL) != 0;
  CqBitboard found = 0;

  for (guint i = 0; i < instance->n_move_tests; i++)
    {
      const CqTest *test = &instance->move_tests[i];
      const CqDesignator *d = &test->u.designator;

      switch (test->kind)
        {
        case CQ_TEST_MOVEFROM:
          /* the moving piece on its square */
          if (null_move || !(d->squares & CQ_BIT (move->from)))
            return FALSE;
          if (d->pieces == 0 ? !(tags != NULL && (tags[d->tag] & CQ_BIT (move->from)))
                             : !(d->pieces & CQ_PIECE_BIT (move->piece)))
            return FALSE;
          found |= CQ_BIT (move->from);
          break;
        case CQ_TEST_MOVETO:
          /* the target square with its content before the move (empty for
           * en passant and castling) */
          if (null_move || !(d->squares & CQ_BIT (move->to)))
            return FALSE;
          if (d->pieces == 0 ? !(tags != NULL && (tags[d->tag] & CQ_BIT (move->to)))
                             : !(d->pieces & CQ_PIECE_BIT (parent->position.board[move->to])))
            return FALSE;
          found |= CQ_BIT (move->to);
          break;
        case CQ_TEST_PROMOTE:
          /* the promoted piece on the promotion square */
          if (null_move || move->promotion == CQ_EMPTY || !(d->squares & CQ_BIT (move->to)))
            return FALSE;
          /* A tag keeps its mark through promotion (R11). */
          if (d->pieces == 0 ? !(tags != NULL && (tags[d->tag] & CQ_BIT (move->from)))
                             : !(d->pieces & CQ_PIECE_BIT (move->promotion)))
            return FALSE;
          found |= CQ_BIT (move->to);
          break;
        case CQ_TEST_ENPASSANT:
          if ((((move->flags & CQ_MOVE_EN_PASSANT) != 0) ^ test->negate) == 0)
            return FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  *squares |= found;
  return TRUE;
}

static gboolean list_matches_node (const CqPositionList *list, const CqNode *node,
                                   const EvalGame *g, CqBitboard *squares);
static gboolean sequence_holds (const CqTest *test, const CqNode *node, const EvalGame *g);
static gboolean relation_holds (const CqRelation *rel, CqBitboard allowable, const EvalGame *g,
                                const CqNode *node);

/* The squares of the bound tags' pieces at @node (0 once captured). */
static inline void
tag_squares (const EvalGame *g, const CqNode *node, CqBitboard tags[CQ_MAX_TAGS])
{
  for (guint t = 0; t < g->n_tags; t++)
    {
      guint8 sq = g->where[(gsize) node->index * 64 + g->tag_mark[t]];

      tags[t] = sq < 64 ? CQ_BIT (sq) : 0;
    }
}

/* :elo, :whiteelo, :blackelo, :result (R3): a missing or non-numeric
 * rating matches no range. */
static gboolean
game_test_holds (const CqTest *test, const EvalGame *g)
{
  int side;

  if (test->kind == CQ_TEST_RESULT)
    return g->result == test->u.result;
  g_assert (test->kind == CQ_TEST_ELO);
  if (test->u.elo.which == 0)
    return (g->has_elo[CQ_WHITE] && in_range (&test->range, g->elo[CQ_WHITE]))
           || (g->has_elo[CQ_BLACK] && in_range (&test->range, g->elo[CQ_BLACK]));
  side = test->u.elo.which == 1 ? CQ_WHITE : CQ_BLACK;
  return g->has_elo[side] && in_range (&test->range, g->elo[side]);
}

/* One test other than the move tests; adds the squares of nested lists
 * that matched to *squares.  @tags: the tags' squares at @node. */
static gboolean
test_holds (const CqTest *test, const CqNode *node, const EvalGame *g, const CqBitboard *tags,
            CqBitboard *squares)
{
  const CqPosition *pos = &node->position;

  switch (test->kind)
    {
    case CQ_TEST_ELO:
    case CQ_TEST_RESULT:
      return game_test_holds (test, g);
    case CQ_TEST_MOVENUMBER:
      return in_range (&test->range, pos->fullmove_number);
    case CQ_TEST_PIECECOUNT:
      return in_range (&test->range,
                       popcount64 (designator_hits (&test->u.designator, pos, tags)));
    case CQ_TEST_POWER:
      return in_range (&test->range, designator_power (&test->u.designator, pos, FALSE, tags));
    case CQ_TEST_POWERDIFFERENCE:
      {
        gint64 difference = designator_power (&test->u.power.designator, pos, TRUE, tags);

        if (test->u.power.black_minus_white)
          difference = -difference;
        return in_range (&test->range, difference);
      }
    case CQ_TEST_ATTACKCOUNT:
      return in_range (&test->range, attack_count (test, pos, tags));
    case CQ_TEST_RAY:
      return in_range (&test->range, ray_count (test, pos, tags));
    case CQ_TEST_TAGMATCH:
      {
        /* R11: the tag's piece (current type and square) matches; a
         * captured piece matches nothing. */
        const CqDesignator *d = &test->u.tagmatch.designator;
        CqBitboard where = tags != NULL ? tags[test->u.tagmatch.tag] : 0;
        int sq;

        if (where == 0 || !(d->squares & where))
          return FALSE;
        sq = __builtin_ctzll (where);
        return (d->pieces & CQ_PIECE_BIT (pos->board[sq])) != 0;
      }
    case CQ_TEST_SUMRANGE:
      /* R8: phase 1 (accumulating) does not test sums. */
      if (g->accumulating)
        return TRUE;
      if (g->acc == NULL) /* no list adds to any accumulator */
        return in_range (&test->range, 0);
      return in_range (&test->range,
                       g->acc[(gsize) node->index * g->n_acc + test->u.accumulator]);
    case CQ_TEST_SEQUENCE:
      return sequence_holds (test, node, g);
    case CQ_TEST_AND:
      {
        CqBitboard found = 0;

        for (guint i = 0; i < test->u.lists.n_lists; i++)
          {
            CqBitboard nested = 0;

            /* R8: a list that accumulates is not short-circuited (phase 1
             * counts every one; cq_query_match_game() does that). */
            if (!list_matches_node (test->u.lists.lists[i], node, g, &nested))
              return FALSE;
            found |= nested;
          }
        *squares |= found;
        return TRUE;
      }
    case CQ_TEST_OR:
      for (guint i = 0; i < test->u.lists.n_lists; i++)
        {
          CqBitboard nested = 0;

          if (list_matches_node (test->u.lists.lists[i], node, g, &nested))
            {
              *squares |= nested;
              return TRUE;
            }
        }
      return FALSE;
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}

static inline gboolean
is_game_test (const CqTest *test)
{
  return test->kind == CQ_TEST_ELO || test->kind == CQ_TEST_RESULT
         || test->kind == CQ_TEST_MOVENUMBER;
}

/* Does @instance match the position of @node?  On a match, *squares gets
 * the squares where its designators (and move designators, and nested
 * lists) found their pieces.  @options: the list's #CqListOption bits. */
static gboolean instance_matches_rest (const CqInstance *instance, const CqNode *node,
                                       const EvalGame *g, guint32 options,
                                       CqBitboard *squares);
static gboolean instance_matches_plain (const CqInstance *instance, const CqNode *node,
                                        const EvalGame *g, CqBitboard *squares);
static gboolean instance_matches_plain_test (const CqInstance *instance, const CqNode *node,
                                             const EvalGame *g, CqBitboard *squares);

/* A count, attack or ray test: neither a game test (first in canonical
 * order) nor a logic one (last). */
static inline gboolean
is_middle_test (const CqTest *test)
{
  return !is_game_test (test) && test->kind != CQ_TEST_AND && test->kind != CQ_TEST_OR
         && test->kind != CQ_TEST_SEQUENCE && test->kind != CQ_TEST_RELATION;
}

/* R5, :stalemate: not in check and no legal move.  A move that is legal
 * unless the side to move is in check rules it out either way, so for
 * nearly every position neither the check test nor the move generator
 * runs. */
static inline gboolean
stalemate_ruled_out (const CqPosition *pos, guint32 conditions)
{
  return (conditions & CQ_COND_STALEMATE) && _cq_position_has_move_unless_in_check (pos);
}

static inline gboolean
instance_matches (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                  guint32 options, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;

  /* The side to move, root and leaf tests inline: :wtm or :btm alone
   * rejects half the positions, not worth a call. */
  if (conditions != 0)
    {
      if ((conditions & CQ_COND_WTM) && pos->side_to_move != CQ_WHITE)
        return FALSE;
      if ((conditions & CQ_COND_BTM) && pos->side_to_move != CQ_BLACK)
        return FALSE;
      if ((conditions & CQ_COND_INITIAL) && node->parent != NULL)
        return FALSE;
      if ((conditions & CQ_COND_TERMINAL) && node->first_child != NULL)
        return FALSE;
    }
  /* R4: a terminal position has no next move. */
  if (instance->n_move_tests > 0 && node->first_child == NULL)
    return FALSE;

  /* Without move tests or tags: designators only (the pieces of a
   * transformed pattern, tried a dozen times per position) inline; with
   * :check, :mate, :stalemate or one count or attack test, a shorter
   * path than the general one.  The same steps in the same order. */
  if (instance->n_move_tests == 0 && g->n_tags == 0)
    {
      if (instance->n_tests == 0 && !(conditions & CQ_COND_NEED_CHECK))
        {
          CqBitboard hits = 0;

          for (guint i = 0; i < instance->n_designators; i++)
            {
              CqBitboard found = designator_hits (&instance->designators[i], pos, NULL);

              if (found == 0)
                return FALSE;
              hits |= found;
            }
          *squares = hits;
          return TRUE;
        }
      if (instance->n_tests == 0)
        return instance_matches_plain (instance, node, g, squares);
      if (instance->n_tests == 1 && is_middle_test (&instance->tests[0]))
        return instance_matches_plain_test (instance, node, g, squares);
    }
  return instance_matches_rest (instance, node, g, options, squares);
}

/* The no legal move test of R5 once @check is known; not in check, a
 * cheaper test answers. */
static inline gboolean
position_has_legal_move (const CqPosition *pos, gboolean check)
{
  return check ? cq_position_has_legal_move (pos)
               : _cq_position_has_legal_move_not_in_check (pos);
}

/* instance_matches_rest () for an instance without move tests or tags
 * and with at most one test, a count, attack or ray (`:mate :wtm`,
 * `:stalemate`, `K[a1] :check`, `:attackcount A k 2`): the same steps, in
 * the same order, without the loops over the kinds of tests. */
G_ALWAYS_INLINE static inline gboolean
instance_matches_plain_steps (const CqInstance *instance, const CqNode *node,
                              const EvalGame *g, gboolean one_test, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;
  CqBitboard hits = 0;
  gboolean check = FALSE;

  for (guint i = 0; i < instance->n_designators; i++)
    {
      CqBitboard found = designator_hits (&instance->designators[i], pos, NULL);

      if (found == 0)
        return FALSE;
      hits |= found;
    }
  if (conditions & CQ_COND_NEED_CHECK)
    {
      check = _cq_in_check (pos);
      if ((conditions & (CQ_COND_CHECK | CQ_COND_MATE)) && !check)
        return FALSE;
      if ((conditions & (CQ_COND_NOCHECK | CQ_COND_STALEMATE)) && check)
        return FALSE;
    }
  if (one_test)
    {
      /* The tests of the transform-heavy searches (tried for every
       * member of the transform set), without the call and switch of
       * test_holds (). */
      const CqTest *test = &instance->tests[0];

      if (test->kind == CQ_TEST_RAY)
        {
          if (!in_range (&test->range, ray_count (test, pos, NULL)))
            return FALSE;
        }
      else if (test->kind == CQ_TEST_ATTACKCOUNT)
        {
          if (!in_range (&test->range, attack_count (test, pos, NULL)))
            return FALSE;
        }
      else if (!test_holds (test, node, g, NULL, &hits))
        return FALSE;
    }
  if ((conditions & CQ_COND_NEED_MOVES) && position_has_legal_move (pos, check))
    return FALSE;
  *squares = hits;
  return TRUE;
}

/* No test at all. */
static G_GNUC_NO_INLINE gboolean
instance_matches_plain (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                        CqBitboard *squares)
{
  return instance_matches_plain_steps (instance, node, g, FALSE, squares);
}

/* One count, attack or ray test. */
static G_GNUC_NO_INLINE gboolean
instance_matches_plain_test (const CqInstance *instance, const CqNode *node,
                             const EvalGame *g, CqBitboard *squares)
{
  return instance_matches_plain_steps (instance, node, g, TRUE, squares);
}

/* The rest of instance_matches (), once the cheap tests above passed. */
static gboolean
instance_matches_rest (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                       guint32 options, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;
  CqBitboard hits = 0;
  CqBitboard tag_bits[CQ_MAX_TAGS];
  const CqBitboard *tags = NULL;
  gboolean check = FALSE;   /* set below whenever CQ_COND_NEED_MOVES is */
  guint t = 0;

  /* Game tests and :movenumber come first in canonical order. */
  for (; t < instance->n_tests && is_game_test (&instance->tests[t]); t++)
    if (!test_holds (&instance->tests[t], node, g, NULL, &hits))
      return FALSE;

  if (g->n_tags > 0)
    {
      tag_squares (g, node, tag_bits);
      tags = tag_bits;
    }

  for (guint i = 0; i < instance->n_designators; i++)
    {
      CqBitboard found = designator_hits (&instance->designators[i], pos, tags);

      if (found == 0)
        return FALSE;
      hits |= found;
    }

  if (conditions & CQ_COND_NEED_CHECK)
    {
      if (stalemate_ruled_out (pos, conditions))
        return FALSE;
      check = _cq_in_check (pos);

      if ((conditions & (CQ_COND_CHECK | CQ_COND_MATE)) && !check)
        return FALSE;
      if ((conditions & (CQ_COND_NOCHECK | CQ_COND_STALEMATE)) && check)
        return FALSE;
    }

  /* Counts, attacks, rays (logic tests come last in canonical order). */
  for (; t < instance->n_tests
         && instance->tests[t].kind != CQ_TEST_AND && instance->tests[t].kind != CQ_TEST_OR
         && instance->tests[t].kind != CQ_TEST_SEQUENCE
         && instance->tests[t].kind != CQ_TEST_RELATION; t++)
    if (!test_holds (&instance->tests[t], node, g, tags, &hits))
      return FALSE;

  /* R4: the move keywords must all hold for one continuation: the
   * mainline move, or any if the list examines variations. */
  if (instance->n_move_tests > 0)
    {
      const CqNode *child = node->first_child;
      gboolean all = (options & CQ_LIST_ALL_CONTINUATIONS) != 0;

      for (; child != NULL; child = all ? child->next_sibling : NULL)
        if (move_tests_hold (instance, node, child, tags, &hits))
          break;
      if (child == NULL)
        return FALSE;
    }

  /* R5: no legal move, en passant included; costly, so late.  Not in
   * check (nearly always for :stalemate), a cheaper test answers. */
  if ((conditions & CQ_COND_NEED_MOVES) && position_has_legal_move (pos, check))
    return FALSE;

  for (; t < instance->n_tests; t++)
    {
      const CqTest *test = &instance->tests[t];

      if (test->kind == CQ_TEST_RELATION)
        {
          /* R10: with :pattern, the squares of the (transformed) top-level
           * piece designators are the allowable squares. */
          CqBitboard allowable = CQ_SQUARES_ALL;

          if (test->u.relation->flags & CQ_RELATION_PATTERN)
            {
              allowable = 0;
              for (guint i = 0; i < instance->n_designators; i++)
                allowable |= instance->designators[i].squares;
            }
          if (!relation_holds (test->u.relation, allowable, g, node))
            return FALSE;
        }
      else if (!test_holds (test, node, g, tags, &hits))
        return FALSE;
    }

  *squares = hits;
  return TRUE;
}

/* Some member of the transform set matches (the first one tried gives the
 * squares); with :not, none does (R12: the whole list, transforms
 * included, is negated; no squares).  A list with an anchor index tries
 * only the instances anchored on occupied squares, and the unanchored
 * ones (cq3-private.h). */
static gboolean
list_matches_node (const CqPositionList *list, const CqNode *node, const EvalGame *g,
                   CqBitboard *squares)
{
  gboolean matched = FALSE;

  /* The first instance that matches ends the search (goto found). */
  if (list->n_groups == 0)
    {
      for (guint i = 0; i < list->n_instances; i++)
        if (instance_matches (&list->instances[i], node, g, list->options, squares))
          goto found;
    }
  else
    {
      const CqPosition *pos = &node->position;

      for (guint k = 0; k < list->n_groups; k++)
        {
          const CqAnchorGroup *group = &list->groups[k];
          CqDesignator anchor = { group->squares, group->pieces, -1 };
          CqBitboard occupied = designator_hits (&anchor, pos, NULL);

          while (occupied != 0)
            {
              int sq = __builtin_ctzll (occupied);

              occupied &= occupied - 1;
              for (guint32 j = group->start[sq]; j < group->start[sq + 1]; j++)
                if (instance_matches (&list->instances[group->indices[j]], node, g,
                                      list->options, squares))
                  goto found;
            }
        }
      for (guint k = 0; k < list->n_unanchored; k++)
        if (instance_matches (&list->instances[list->unanchored[k]], node, g, list->options,
                              squares))
          goto found;
    }
  goto done;
found:
  matched = TRUE;
done:
  if (list->options & CQ_LIST_NOT)
    {
      *squares = 0;
      return !matched;
    }
  return matched;
}

/* ------------------------------------------------------------------ */
/* Sequences (rulings R9)                                              */

/* :sequence: L_j matches @node and, unless it is the last, L_j+1 ... match
 * from a next position: the mainline move's, or with variations any
 * continuation (backtracking).  At most n_lists deep. */
static gboolean
sequence_from (const CqTest *test, guint j, const CqNode *node, const EvalGame *g)
{
  CqBitboard squares;

  if (!list_matches_node (test->u.lists.lists[j], node, g, &squares))
    return FALSE;
  if (j + 1 == test->u.lists.n_lists)
    return TRUE;
  for (const CqNode *child = node->first_child; child != NULL;
       child = test->u.lists.variations ? child->next_sibling : NULL)
    if (sequence_from (test, j + 1, child, g))
      return TRUE;
  return FALSE;
}

/* :gappedsequence at every node of the game, computed once per game (and
 * :forany binding) from the leaves up, so that the whole game costs one
 * evaluation of each element per node rather than one walk to the end of
 * the game per node.  G_j(v), "L_j ... L_n can be placed at v or after
 * it along a line", is G_j(c) for a next position c, or L_j matches v and
 * (j is last, or G_j+1(c) for a next position c).  Node indices are in
 * pre-order, so children come after their parent. */
static const guint8 *
gapped_table (const CqTest *test, const EvalGame *g)
{
  const CqGame *game = g->game;
  guint n_nodes = game->n_nodes;
  guint8 *table = g_hash_table_lookup (g->gapped, test);
  guint8 *cur, *next;

  if (table != NULL)
    return table;
  cur = g_new0 (guint8, n_nodes);
  next = g_new0 (guint8, n_nodes);
  for (guint j = test->u.lists.n_lists; j-- > 0;)
    {
      gboolean last = j + 1 == test->u.lists.n_lists;
      gboolean any = FALSE;

      for (guint i = n_nodes; i-- > 0;)
        {
          const CqNode *node = cq_game_get_node (game, i);
          gboolean later = FALSE, after = last;
          CqBitboard squares;

          for (const CqNode *child = node->first_child; child != NULL;
               child = test->u.lists.variations ? child->next_sibling : NULL)
            {
              later |= cur[child->index];
              after |= next[child->index];
            }
          cur[i] = later || (after && list_matches_node (test->u.lists.lists[j], node, g,
                                                         &squares));
          any |= cur[i];
        }
      { guint8 *t = next; next = cur; cur = t; }
      memset (cur, 0, n_nodes);
      /* L_j ... L_n fit nowhere, so neither do L_1 ... L_n: all zero. */
      if (!any)
        break;
    }
  g_free (cur);
  g_hash_table_insert (g->gapped, (gpointer) test, next);
  return next;
}

static gboolean
sequence_holds (const CqTest *test, const CqNode *node, const EvalGame *g)
{
  if (test->u.lists.gapped)
    return gapped_table (test, g)[node->index] != 0;
  return sequence_from (test, 0, node, g);
}

/* ------------------------------------------------------------------ */
/* Relations (rulings R10)                                             */

/* The image of square @sq under the dihedral symmetry @d (#CqDihedral). */
static inline void
dihedral_map (int d, int sq, int *f, int *r)
{
  int x = CQ_FILE (sq), y = CQ_RANK (sq);

  switch (d)
    {
    case CQ_DIHEDRAL_IDENTITY:    *f = x;     *r = y;     break;
    case CQ_DIHEDRAL_VERTICAL:    *f = 7 - x; *r = y;     break;
    case CQ_DIHEDRAL_HORIZONTAL:  *f = x;     *r = 7 - y; break;
    case CQ_DIHEDRAL_ROTATE_180:  *f = 7 - x; *r = 7 - y; break;
    case CQ_DIHEDRAL_DIAGONAL:    *f = y;     *r = x;     break;
    case CQ_DIHEDRAL_OFFDIAGONAL: *f = 7 - y; *r = 7 - x; break;
    case CQ_DIHEDRAL_ROTATE_90:   *f = y;     *r = 7 - x; break;
    default:                      *f = 7 - y; *r = x;     break;
    }
}

/* P1 against T(P2), T = the symmetry @d then the translation (dx, dy)
 * (pieces moved off the board vanish): on the allowable squares no
 * square holds different pieces, and the missing and new pieces match
 * their designators and ranges (R10). */
static gboolean
relation_transformed (const CqRelation *rel, CqBitboard allowable, const CqPosition *p1,
                      const CqPosition *p2, int d, int dx, int dy)
{
  guint8 image[64];
  gint64 missing = 0, added = 0;

  memset (image, CQ_EMPTY, sizeof image);
  for (CqBitboard occ = ~p2->pieces[CQ_EMPTY]; occ != 0; occ &= occ - 1)
    {
      int q = __builtin_ctzll (occ), f, r;

      dihedral_map (d, q, &f, &r);
      f += dx;
      r += dy;
      if (f >= 0 && f < 8 && r >= 0 && r < 8)
        image[CQ_SQUARE (f, r)] = p2->board[q];
    }
  for (CqBitboard a = allowable; a != 0; a &= a - 1)
    {
      int s = __builtin_ctzll (a);
      int x = p1->board[s], y = image[s];

      if (x == y)
        continue;
      if (x != CQ_EMPTY && y != CQ_EMPTY)
        return FALSE;
      if (x != CQ_EMPTY)
        {
          if (!(rel->missing.pieces & CQ_PIECE_BIT (x)) || !(rel->missing.squares & CQ_BIT (s))
              || ++missing > rel->missing_range.max)
            return FALSE;
        }
      else if (!(rel->added.pieces & CQ_PIECE_BIT (y)) || !(rel->added.squares & CQ_BIT (s))
               || ++added > rel->added_range.max)
        return FALSE;
    }
  return in_range (&rel->missing_range, missing) && in_range (&rel->added_range, added);
}

/* Do P1 and P2 stand in the relation (R10)? */
static gboolean
relation_pair (const CqRelation *rel, CqBitboard allowable, const CqPosition *p1,
               const CqPosition *p2)
{
  CqBitboard occ1 = ~p1->pieces[CQ_EMPTY], occ2 = ~p2->pieces[CQ_EMPTY];
  CqBitboard same = 0;
  int n_dihedral;

  if ((rel->side == CQ_RELATION_SAMESIDE && p1->side_to_move != p2->side_to_move)
      || (rel->side == CQ_RELATION_CHANGESIDE && p1->side_to_move == p2->side_to_move))
    return FALSE;

  /* The original counts compare P1 with the untransformed P2. */
  for (int p = 0; p < CQ_N_PIECES; p++)
    same |= p1->pieces[p] & p2->pieces[p];
  if ((rel->flags & CQ_RELATION_HAS_SAME)
      && !in_range (&rel->same, popcount64 (same & occ1 & allowable)))
    return FALSE;
  if ((rel->flags & CQ_RELATION_HAS_DIFFERENT)
      && !in_range (&rel->different, popcount64 (~same & allowable)))
    return FALSE;

  if (!(rel->flags & (CQ_RELATION_SHIFT | CQ_RELATION_FLIP)))
    {
      /* T is the identity: a few bit operations. */
      CqBitboard missing = occ1 & ~occ2 & allowable, added = occ2 & ~occ1 & allowable;

      if (occ1 & occ2 & ~same & allowable)
        return FALSE;
      if (missing & ~designator_hits (&rel->missing, p1, NULL))
        return FALSE;
      if (added & ~designator_hits (&rel->added, p2, NULL))
        return FALSE;
      return in_range (&rel->missing_range, popcount64 (missing))
             && in_range (&rel->added_range, popcount64 (added));
    }

  n_dihedral = (rel->flags & CQ_RELATION_FLIP) ? 8 : 1;
  if (rel->missing_range.max == 0 && (occ1 & allowable) != 0)
    {
      /* No piece may go missing, so some piece of P2 lands on the first
       * occupied allowable square s0 of P1, with the same piece: that
       * fixes the translation for each symmetry. */
      int s0 = __builtin_ctzll (occ1 & allowable);

      for (int d = 0; d < n_dihedral; d++)
        for (CqBitboard q = p2->pieces[p1->board[s0]]; q != 0; q &= q - 1)
          {
            int f, r, dx, dy;

            dihedral_map (d, __builtin_ctzll (q), &f, &r);
            dx = CQ_FILE (s0) - f;
            dy = CQ_RANK (s0) - r;
            if (!(rel->flags & CQ_RELATION_SHIFT) && (dx != 0 || dy != 0))
              continue;
            if (relation_transformed (rel, allowable, p1, p2, d, dx, dy))
              return TRUE;
          }
      return FALSE;
    }

  for (int d = 0; d < n_dihedral; d++)
    {
      int limit = (rel->flags & CQ_RELATION_SHIFT) ? 7 : 0;

      for (int dx = -limit; dx <= limit; dx++)
        for (int dy = -limit; dy <= limit; dy++)
          if (relation_transformed (rel, allowable, p1, p2, d, dx, dy))
            return TRUE;
    }
  return FALSE;
}

/* R10 on long games.  Comparing each position with every later one of
 * its line is quadratic; but without :shift and :pattern, and with
 * :missingpiececount / :newpiececount designators over the whole board,
 * the material of P1 and P2 alone rules most pairs out: the pieces of each
 * kind that go missing minus those that are new equal the change in that
 * kind's count.  So the positions of each line of play are grouped by
 * material signature (a count per piece kind), and P1 is compared only with
 * the later positions of the groups whose signature allows the relation:
 * O(n x signatures) instead of O(n^2), the same answers. */

#define RELATION_INDEX_MIN_POSITIONS 256

typedef struct {
  guint64 sig;        /* 4 bits per piece kind, CQ_WP .. CQ_BK */
  guint32 start, end; /* its positions: entries[start .. end), in line order */
} SignatureRun;

typedef struct _RelationIndex {
  gboolean      built;
  gboolean      usable;     /* FALSE: a count beyond 15 (a set-up position) */
  guint32      *line;       /* by node index: the first node of its line */
  guint32      *order;      /* by node index: its place in its line */
  const CqNode **entries;   /* all nodes, by (line, signature, place) */
  GHashTable   *runs;       /* line -> GArray of SignatureRun */
} RelationIndex;

static guint64
material_signature (const CqPosition *pos, gboolean *overflow)
{
  guint64 sig = 0;

  for (int p = CQ_WP; p <= CQ_BK; p++)
    {
      int n = popcount64 (pos->pieces[p]);

      if (n > 15)
        *overflow = TRUE;
      sig |= (guint64) MIN (n, 15) << (4 * (p - CQ_WP));
    }
  return sig;
}

typedef struct {
  guint32 line;
  guint64 sig;
  guint32 order;
  const CqNode *node;
} IndexEntry;

static int
index_entry_compare (const void *a, const void *b)
{
  const IndexEntry *x = a, *y = b;

  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->sig != y->sig)
    return x->sig < y->sig ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void
relation_index_build (RelationIndex *ri, const CqGame *game)
{
  guint n = game->n_nodes;
  g_autofree IndexEntry *e = g_new (IndexEntry, n);
  gboolean overflow = FALSE;

  ri->built = TRUE;
  ri->line = g_new (guint32, n);
  ri->order = g_new (guint32, n);
  /* A node starts a line unless it is its parent's first child; pre-order
   * visits a parent before its children. */
  for (guint i = 0; i < n; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);

      if (node->parent != NULL && node->parent->first_child == node)
        {
          ri->line[i] = ri->line[node->parent->index];
          ri->order[i] = ri->order[node->parent->index] + 1;
        }
      else
        {
          ri->line[i] = i;
          ri->order[i] = 0;
        }
      e[i].line = ri->line[i];
      e[i].order = ri->order[i];
      e[i].sig = material_signature (&node->position, &overflow);
      e[i].node = node;
    }
  ri->usable = !overflow;
  if (!ri->usable)
    return;
  qsort (e, n, sizeof *e, index_entry_compare);
  ri->entries = g_new (const CqNode *, n);
  ri->runs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < n;)
    {
      guint j = i;
      GArray *runs = g_hash_table_lookup (ri->runs, GUINT_TO_POINTER (e[i].line));
      SignatureRun run;

      while (j < n && e[j].line == e[i].line && e[j].sig == e[i].sig)
        {
          ri->entries[j] = e[j].node;
          j++;
        }
      if (runs == NULL)
        {
          runs = g_array_new (FALSE, FALSE, sizeof (SignatureRun));
          g_hash_table_insert (ri->runs, GUINT_TO_POINTER (e[i].line), runs);
        }
      run.sig = e[i].sig;
      run.start = i;
      run.end = j;
      g_array_append_val (runs, run);
      i = j;
    }
}

static void
relation_index_clear (RelationIndex *ri)
{
  g_free (ri->line);
  g_free (ri->order);
  g_free (ri->entries);
  g_clear_pointer (&ri->runs, g_hash_table_unref);
}

/* Can positions with material @s1 and @s2 stand in @rel (no shift, no
 * pattern, whole-board designators)?  With m(t) pieces of kind t missing
 * and a(t) new, m(t) - a(t) = count1(t) - count2(t); a kind outside the
 * missing (new) designator can have none missing (new). */
static gboolean
signatures_allow (const CqRelation *rel, guint64 s1, guint64 s2)
{
  gint64 m0 = 0, a0 = 0, lo, hi;
  gboolean overlap = FALSE;

  for (int p = CQ_WP; p <= CQ_BK; p++)
    {
      int shift = 4 * (p - CQ_WP);
      int d = (int) ((s1 >> shift) & 15) - (int) ((s2 >> shift) & 15);
      gboolean in_missing = (rel->missing.pieces & CQ_PIECE_BIT (p)) != 0;
      gboolean in_added = (rel->added.pieces & CQ_PIECE_BIT (p)) != 0;

      if ((d > 0 && !in_missing) || (d < 0 && !in_added))
        return FALSE;
      overlap |= in_missing && in_added;
      if (d > 0)
        m0 += d;
      else
        a0 -= d;
    }
  /* k more pieces may go missing and come back elsewhere (same kind). */
  lo = MAX (0, MAX (rel->missing_range.min - m0, rel->added_range.min - a0));
  hi = MIN (rel->missing_range.max - m0, rel->added_range.max - a0);
  if (!overlap)
    hi = MIN (hi, 0);
  return lo <= hi;
}

static gboolean
relation_index_applies (const CqRelation *rel)
{
  return !(rel->flags & (CQ_RELATION_PATTERN | CQ_RELATION_SHIFT | CQ_RELATION_VARIATIONS
                         | CQ_RELATION_VARIATIONSONLY))
         && rel->missing.squares == CQ_SQUARES_ALL && rel->added.squares == CQ_SQUARES_ALL
         && rel->missing.tag < 0 && rel->added.tag < 0;
}

/* The later positions of @node's line whose material allows @rel. */
static gboolean
relation_holds_indexed (const CqRelation *rel, CqBitboard allowable, const EvalGame *g,
                        RelationIndex *ri, const CqNode *node)
{
  GArray *runs = g_hash_table_lookup (ri->runs, GUINT_TO_POINTER (ri->line[node->index]));
  gboolean overflow = FALSE;
  guint64 s1 = material_signature (&node->position, &overflow);
  guint32 after = ri->order[node->index];
  guint steps = 0;

  for (guint r = 0; r < runs->len; r++)
    {
      const SignatureRun *run = &g_array_index (runs, SignatureRun, r);
      guint32 lo = run->start, hi = run->end;

      if (!signatures_allow (rel, s1, run->sig))
        continue;
      /* The first entry of the run after @node in the line. */
      while (lo < hi)
        {
          guint32 mid = lo + (hi - lo) / 2;

          if (ri->order[ri->entries[mid]->index] <= after)
            lo = mid + 1;
          else
            hi = mid;
        }
      for (guint32 k = lo; k < run->end; k++)
        {
          if (relation_pair (rel, allowable, &node->position, &ri->entries[k]->position))
            return TRUE;
          if (G_UNLIKELY (++steps % 64 == 0) && cq_game_is_stopped (g->game))
            return FALSE;
        }
    }
  return FALSE;
}

/* R10: some P2 strictly after P1 = @node in its line of play (mainline
 * descendants; all descendants with :variations; those in variations
 * with :variationsonly) relates to it. */
static gboolean
relation_holds (const CqRelation *rel, CqBitboard allowable, const EvalGame *g,
                const CqNode *node)
{
  const CqPosition *p1 = &node->position;
  guint steps = 0;

  if (g->relations != NULL && relation_index_applies (rel))
    {
      RelationIndex *ri = g->relations;

      if (!ri->built)
        relation_index_build (ri, g->game);
      if (ri->usable)
        return relation_holds_indexed (rel, allowable, g, ri, node);
    }

  /* The walk can cover the rest of a long game for each position: a
   * stopped search (cq_game_set_stop_flag()) ends it, looked at every
   * 64 positions. */
  if (!(rel->flags & (CQ_RELATION_VARIATIONS | CQ_RELATION_VARIATIONSONLY)))
    {
      for (const CqNode *n2 = node->first_child; n2 != NULL; n2 = n2->first_child)
        {
          if (relation_pair (rel, allowable, p1, &n2->position))
            return TRUE;
          if (G_UNLIKELY (++steps % 64 == 0) && cq_game_is_stopped (g->game))
            return FALSE;
        }
      return FALSE;
    }

  /* Pre-order walk of the subtree below @node, without recursion. */
  for (const CqNode *n2 = node->first_child; n2 != NULL;)
    {
      if (G_UNLIKELY (++steps % 64 == 0) && cq_game_is_stopped (g->game))
        return FALSE;
      if ((!(rel->flags & CQ_RELATION_VARIATIONSONLY) || n2->in_variation)
          && relation_pair (rel, allowable, p1, &n2->position))
        return TRUE;
      if (n2->first_child != NULL)
        n2 = n2->first_child;
      else
        {
          while (n2 != node && n2->next_sibling == NULL)
            n2 = n2->parent;
          if (n2 == node)
            break;
          n2 = n2->next_sibling;
        }
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Top-level lists                                                     */

/* Records a match at @node in @out (nullable). */
static inline void
record_match (const CqNode *node, CqBitboard squares, GArray *out)
{
  if (out != NULL)
    {
      CqMatchedPosition m = { .node = node->index, .squares = squares };
      g_array_append_val (out, m);
    }
}

/* The positions a top-level list examines (R1: pre-order, the root
 * included; the mainline only by default, every node with :variations,
 * nodes off the mainline with :variationsonly): the first, then the next
 * after @node, or NULL. */
static inline const CqNode *
examined_next (const CqPositionList *list, const CqGame *game, const CqNode *node)
{
  /* A stopped search ends the walk (cq_game_set_stop_flag()), looked at
   * every 16 positions: a long game is left within milliseconds. */
  if (node != NULL && G_UNLIKELY ((node->index & 15) == 15) && cq_game_is_stopped (game))
    return NULL;
  /* The mainline walk, inline: it runs once per position. */
  if (G_LIKELY (!(list->options & (CQ_LIST_ROOT_ONLY | CQ_LIST_VARIATIONS
                                   | CQ_LIST_VARIATIONSONLY))))
    return node != NULL ? node->first_child : game->root;
  if (list->options & CQ_LIST_ROOT_ONLY)
    {
      /* :initial: the root is on the mainline (R1), never in a variation. */
      if (node != NULL || (list->options & CQ_LIST_VARIATIONSONLY))
        return NULL;
      return game->root;
    }
  if (list->options & (CQ_LIST_VARIATIONS | CQ_LIST_VARIATIONSONLY))
    {
      gboolean only_variations = (list->options & CQ_LIST_VARIATIONSONLY) != 0;

      /* Node indices are the pre-order of R1. */
      for (guint i = node != NULL ? node->index + 1 : 0; i < game->n_nodes; i++)
        {
          const CqNode *next = cq_game_get_node (game, i);

          if (!only_variations || next->in_variation)
            return next;
        }
      return NULL;
    }
  return node != NULL ? node->first_child : game->root;
}

/* :pretransformmatchcount (R8): one count per member of the transform
 * set; the list holds if some member's count lies in the range.  The
 * positions that member matched are annotated (the first, or every one
 * with :markall); when several members qualify, the one whose first
 * match comes first in R1 order (then the first in set order). */
static gboolean
match_list_pretransform (const CqPositionList *list, const CqGame *game, const EvalGame *g,
                         GArray *out, gboolean want_all)
{
  g_autoptr(GArray) found = out != NULL ? g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition))
                                        : NULL;
  g_autoptr(GArray) best = out != NULL ? g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition))
                                       : NULL;
  guint32 best_first = G_MAXUINT32;
  gboolean matched = FALSE;

  for (guint k = 0; k < list->n_instances; k++)
    {
      gint64 count = 0;
      guint32 first = G_MAXUINT32;

      if (found != NULL)
        g_array_set_size (found, 0);
      for (const CqNode *node = examined_next (list, game, NULL); node != NULL;
           node = examined_next (list, game, node))
        {
          CqBitboard squares;

          if (!instance_matches (&list->instances[k], node, g, list->options, &squares))
            continue;
          if (count++ == 0)
            first = node->index;
          if (count == 1 || want_all)
            record_match (node, squares, found);
          if (count > list->count.max)
            break;
        }
      if (!in_range (&list->count, count))
        continue;
      if (out == NULL)
        return TRUE;
      if (!matched || first < best_first)
        {
          GArray *t = best;

          best = found;
          found = t;
          best_first = first;
        }
      matched = TRUE;
    }
  if (matched)
    g_array_append_vals (out, best->data, best->len);
  return matched;
}

/* The :wtm / :btm bits every instance of @list requires, or 0: the
 * positions of the other side are then skipped without trying the
 * instances (half the positions for `(position :mate :wtm)`).
 * Also CQ_COND_STALEMATE if every instance requires it and has no piece
 * designator (cheaper, and tried first, when there is one): the
 * positions where stalemate_ruled_out () holds are skipped likewise,
 * nearly all of them for `(position :stalemate)`.  Only for small lists
 * without an anchor index or :not. */
static guint32
list_side_filter (const CqPositionList *list)
{
  guint32 all = CQ_COND_WTM | CQ_COND_BTM | CQ_COND_STALEMATE;

  if (list->n_groups != 0 || (list->options & CQ_LIST_NOT) || list->n_instances == 0
      || list->n_instances > 8)
    return 0;
  for (guint i = 0; i < list->n_instances; i++)
    {
      all &= list->instances[i].conditions;
      if (list->instances[i].n_designators != 0)
        all &= ~(guint32) CQ_COND_STALEMATE;
    }
  return all;
}

/* Evaluates one top-level position list over the positions it examines
 * (R1) and appends the positions to annotate (R2) to @out (nullable).
 * Returns TRUE if the list matched at least one position, or with
 * :matchcount if the number of positions it matched lies in the range
 * (R8; counting sees every position whatever :markall says). */
static gboolean
match_list (const CqPositionList *list, CqGame *game, const EvalGame *g, GArray *out)
{
  gboolean counting = list->count_kind == CQ_COUNT_MATCH;
  gboolean want_all;
  gint64 count = 0;
  guint32 filter;
  guint reject_side;
  gboolean stalemate;
  /* One instance, no anchor index, no :not: list_matches_node () would
   * only call instance_matches (); inline here, no call per position. */
  const CqInstance *single = list->n_groups == 0 && list->n_instances == 1
                             && !(list->options & CQ_LIST_NOT) ? &list->instances[0] : NULL;

  if (list->options & CQ_LIST_NOANNOTATE)
    out = NULL;
  want_all = out != NULL && (list->options & CQ_LIST_MARKALL);

  if (list->count_kind == CQ_COUNT_PRETRANSFORM)
    return match_list_pretransform (list, game, g, out, want_all);

  filter = list_side_filter (list);
  /* bit c: positions with c to move are skipped */
  reject_side = ((filter & CQ_COND_WTM) ? 1u << CQ_BLACK : 0)
                | ((filter & CQ_COND_BTM) ? 1u << CQ_WHITE : 0);
  stalemate = (filter & CQ_COND_STALEMATE) != 0;
  for (const CqNode *node = examined_next (list, game, NULL); node != NULL;
       node = examined_next (list, game, node))
    {
      CqBitboard squares;

      if (filter != 0)
        {
          if ((reject_side >> node->position.side_to_move) & 1)
            continue;
          if (stalemate && _cq_position_has_move_unless_in_check (&node->position))
            continue;
        }
      if (single != NULL ? !instance_matches (single, node, g, list->options, &squares)
                         : !list_matches_node (list, node, g, &squares))
        continue;
      if (count++ == 0 || want_all)
        record_match (node, squares, out);
      if (counting ? count > list->count.max : !want_all)
        break;
    }

  return counting ? in_range (&list->count, count) : count > 0;
}

static int
compare_matched (gconstpointer a, gconstpointer b)
{
  const CqMatchedPosition *x = a, *y = b;

  return x->node < y->node ? -1 : x->node > y->node;
}

/* Sorts by node index and merges duplicates (union of squares). */
static void
normalise_positions (GArray *positions)
{
  guint n = 0;

  if (positions->len < 2)
    return;
  g_array_sort (positions, compare_matched);
  for (guint i = 0; i < positions->len; i++)
    {
      CqMatchedPosition *m = &g_array_index (positions, CqMatchedPosition, i);

      if (n > 0 && g_array_index (positions, CqMatchedPosition, n - 1).node == m->node)
        g_array_index (positions, CqMatchedPosition, n - 1).squares |= m->squares;
      else
        g_array_index (positions, CqMatchedPosition, n++) = *m;
    }
  g_array_set_size (positions, n);
}

static gboolean
filter_holds (const CqGameFilter *filter, const CqGame *game, const EvalGame *g)
{
  gint64 year;

  switch (filter->kind)
    {
    case CQ_FILTER_YEAR:
      return _cq_tag_parse_year (cq_game_get_tag (game, "Date"), &year)
             && in_range (&filter->range, year);
    case CQ_FILTER_GAMENUMBER:
      return in_range (&filter->range, (gint64) game->source.number);
    case CQ_FILTER_RESULT:
      return g->result == filter->result;
    case CQ_FILTER_PLAYER:
      return _cq_tag_name_contains (cq_game_get_tag (game, "White"), filter->player)
             || _cq_tag_name_contains (cq_game_get_tag (game, "Black"), filter->player);
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}

/* Can some instance of a top-level list pass its game tests (:elo,
 * :whiteelo, :blackelo, :result) in this game?  If not, the list matches
 * no position of it (unless it has :not). */
static gboolean
list_may_match_game (const CqPositionList *list, const EvalGame *g)
{
  if (list->options & CQ_LIST_NOT)
    return TRUE;
  /* R8: a count range that allows 0 holds where nothing matches. */
  if (list->count_kind != 0 && list->count.min <= 0)
    return TRUE;
  for (guint i = 0; i < list->n_instances; i++)
    {
      const CqInstance *instance = &list->instances[i];
      gboolean ok = TRUE;

      for (guint t = 0; ok && t < instance->n_tests && is_game_test (&instance->tests[t]); t++)
        if (instance->tests[t].kind != CQ_TEST_MOVENUMBER)
          ok = game_test_holds (&instance->tests[t], g);
      if (ok)
        return TRUE;
    }
  return FALSE;
}

static gboolean
accepts_tags (const CqQuery *query, const CqGame *game, const EvalGame *g)
{
  for (guint i = 0; i < query->n_filters; i++)
    if (!filter_holds (&query->filters[i], game, g))
      return FALSE;
  for (guint i = 0; i < query->n_lists; i++)
    if (!list_may_match_game (query->lists[i], g))
      return FALSE;
  return TRUE;
}

/* The lists with :accumulate (R8): top-level lists and those nested in
 * them (through the lists as written, i.e. their identity instance). */
static void
collect_accumulating (const CqPositionList *list, GPtrArray *out)
{
  if (list->accumulator >= 0)
    g_ptr_array_add (out, (gpointer) list);
  if (list->n_instances == 0)
    return;
  for (guint t = 0; t < list->instances[0].n_tests; t++)
    {
      const CqTest *test = &list->instances[0].tests[t];

      if (test->kind == CQ_TEST_AND || test->kind == CQ_TEST_OR
          || test->kind == CQ_TEST_SEQUENCE)
        for (guint k = 0; k < test->u.lists.n_lists; k++)
          collect_accumulating (test->u.lists.lists[k], out);
    }
}

/* R8 phase 1: at every node, each :accumulate list adds the number of
 * members of its transform set that match there (every member, no
 * short-circuit; :sumrange is not tested in this phase).  Phase 2 (the
 * ordinary evaluation) reads the sums. */
static void
compute_accumulators (const CqQuery *query, const CqGame *game, EvalGame *g,
                      GPtrArray *accumulating)
{
  memset (g->acc, 0, sizeof (gint64) * game->n_nodes * g->n_acc);
  g->accumulating = TRUE;
  for (guint i = 0; i < game->n_nodes; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);

      for (guint k = 0; k < accumulating->len; k++)
        {
          const CqPositionList *list = g_ptr_array_index (accumulating, k);
          gint64 count = 0;

          for (guint m = 0; m < list->n_instances; m++)
            {
              CqBitboard squares;

              count += instance_matches (&list->instances[m], node, g, list->options,
                                         &squares);
            }
          if (list->options & CQ_LIST_NOT)
            count = count == 0;
          g->acc[(gsize) i * g->n_acc + list->accumulator] += count;
        }
    }
  g->accumulating = FALSE;
}

/* One evaluation of the match list under the current binding. */
static gboolean
match_binding (const CqQuery *query, CqGame *game, EvalGame *g, GPtrArray *accumulating,
               GArray *out)
{
  if (g->gapped != NULL)
    g_hash_table_remove_all (g->gapped);
  if (g->acc != NULL)
    compute_accumulators (query, game, g, accumulating);
  for (guint i = 0; i < query->n_lists; i++)
    if (!match_list (query->lists[i], game, g, out))
      {
        if (out != NULL)
          g_array_set_size (out, 0);
        return FALSE;
      }
  return TRUE;
}

/* The evaluation with tags, accumulators or gapped sequences:
 * per-game tables, then the match list once per :forany binding (R11):
 * each tag in turn bound to each mark whose piece has, in some position
 * the match list examines, a type in the tag's piece set (squares
 * ignored); two tags never share a mark.  The positions are replayed
 * once; every binding reads the same mark table.  The game matches if
 * some binding does, and the first such binding (marks in increasing
 * order) is annotated. */
static gboolean
match_themes (const CqQuery *query, CqGame *game, EvalGame *g, GArray *out)
{
  g_autoptr(GPtrArray) accumulating = g_ptr_array_new ();
  g_autofree guint8 *marks = NULL;
  g_autofree guint8 *where = NULL;
  g_autofree gint64 *acc = NULL;
  g_autoptr(GHashTable) gapped = NULL;
  guint16 seen[64] = { 0 };
  guint n_marks = 0;
  gboolean matched = FALSE;
  guint n_nodes = game->n_nodes;

  if (query->any_gapped)
    g->gapped = gapped = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < query->n_lists; i++)
    collect_accumulating (query->lists[i], accumulating);
  if (accumulating->len > 0)
    {
      g->n_acc = query->accumulators->len;
      g->acc = acc = g_new (gint64, (gsize) n_nodes * g->n_acc);
    }

  if (query->n_tags == 0)
    return match_binding (query, game, g, accumulating, out);

  /* Marks at every node (R11), and the piece types each mark has in the
   * positions examined (the mainline, or every node if some list looks
   * at variations). */
  marks = g_new (guint8, (gsize) n_nodes * 64);
  where = g_new (guint8, (gsize) n_nodes * 64);
  memset (where, 0xFF, (gsize) n_nodes * 64);
  for (guint i = 0; i < n_nodes; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);
      guint8 *m = marks + (gsize) i * 64;

      if (node->parent == NULL)
        n_marks = _cq_marks_initial (&node->position, m);
      else
        {
          memcpy (m, marks + (gsize) node->parent->index * 64, 64);
          _cq_marks_apply_move (m, &node->move);
        }
      /* Every piece on the board has a mark (none appears from nowhere). */
      for (CqBitboard occ = ~node->position.pieces[CQ_EMPTY]; occ != 0; occ &= occ - 1)
        {
          int sq = __builtin_ctzll (occ);

          if (m[sq] >= 64)
            continue;
          where[(gsize) i * 64 + m[sq]] = (guint8) sq;
          if (query->any_variations || !node->in_variation)
            seen[m[sq]] |= CQ_PIECE_BIT (node->position.board[sq]);
        }
    }
  g->where = where;
  g->n_tags = query->n_tags;

  for (guint a = 0; a < n_marks && !matched; a++)
    {
      if (!(seen[a] & query->tag_pieces[0]))
        continue;
      g->tag_mark[0] = (guint8) a;
      if (query->n_tags == 1)
        {
          matched = match_binding (query, game, g, accumulating, out);
          continue;
        }
      for (guint b = 0; b < n_marks && !matched; b++)
        {
          if (b == a || !(seen[b] & query->tag_pieces[1]))
            continue;
          g->tag_mark[1] = (guint8) b;
          matched = match_binding (query, game, g, accumulating, out);
        }
    }
  return matched;
}

gboolean
_cq3_accepts_tags (const CqQuery *query, const CqGame *game)
{
  EvalGame g;

  eval_game_init (&g, game);
  return accepts_tags (query, game, &g);
}

gboolean
_cq3_match_game (const CqQuery *query, CqGame *game, GArray *out)
{
  EvalGame g;
  RelationIndex relations = { 0 };
  gboolean matched;

  eval_game_init (&g, game);
  if (!accepts_tags (query, game, &g))
    return FALSE;
  /* Reading the moves is what marks a game of another variant skipped. */
  cq_game_parse_moves (game);
  if (game->skipped || game->root == NULL)
    return FALSE;
  /* Long games only: on a short one the index costs more than it saves. */
  if (game->n_nodes >= RELATION_INDEX_MIN_POSITIONS)
    g.relations = &relations;

  if (query->n_tags == 0 && query->accumulators->len == 0 && !query->any_gapped)
    {
      matched = TRUE;
      for (guint i = 0; i < query->n_lists && matched; i++)
        matched = match_list (query->lists[i], game, &g, out);
      relation_index_clear (&relations);
      if (out != NULL)
        {
          if (matched)
            normalise_positions (out);
          else
            g_array_set_size (out, 0);
        }
      return matched;
    }

  matched = match_themes (query, game, &g, out);
  relation_index_clear (&relations);
  if (out != NULL)
    {
      if (matched)
        normalise_positions (out);
      else
        g_array_set_size (out, 0);
    }
  return matched;
}
