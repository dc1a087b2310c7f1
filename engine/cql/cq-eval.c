/* cq-eval.c: evaluates a compiled match list on a game tree.
 *
 * Rulings R1 (which positions), R2 (annotation), R3 (game filters), R4
 * (moves), R5 (check, mate, stalemate, attacks), R6 (rays), R8 (every
 * top-level list must match at least once), R12 (logic).
 *
 * The query is only read: no global or static mutable state, so several
 * threads may evaluate one query at once.  Nothing is allocated per
 * position.  Per position the common case is a few bit operations: side
 * to move, root/leaf, game tests, then the designators; check, counts,
 * rays, the next move and legal-move existence are computed only when a
 * keyword needs them and everything cheaper passed.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-query-private.h"

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
 * the game tests read (rulings R3), parsed once per game. */
typedef struct {
  const CqGame *game;
  gboolean      has_elo[2];
  gint64        elo[2];
  guint8        result;   /* #CqResult */
} EvalGame;

/* A rating: digits only (surrounding blanks allowed); "", "?", "-" or
 * anything else is no rating (R3). */
static gboolean
parse_elo (const char *text, gint64 *out)
{
  gint64 value = 0;
  gboolean digits = FALSE;

  if (text == NULL)
    return FALSE;
  while (*text == ' ')
    text++;
  for (; g_ascii_isdigit (*text); text++)
    {
      digits = TRUE;
      if (value < 100000000)
        value = value * 10 + (*text - '0');
    }
  while (*text == ' ')
    text++;
  if (!digits || *text != '\0')
    return FALSE;
  *out = value;
  return TRUE;
}

static guint8
parse_result (const char *text)
{
  if (text == NULL)
    return CQ_RESULT_NONE;
  if (strcmp (text, "1-0") == 0)
    return CQ_RESULT_WHITE_WINS;
  if (strcmp (text, "0-1") == 0)
    return CQ_RESULT_BLACK_WINS;
  if (strcmp (text, "1/2-1/2") == 0)
    return CQ_RESULT_DRAW;
  return CQ_RESULT_NONE;
}

static void
eval_game_init (EvalGame *g, const CqGame *game)
{
  g->game = game;
  g->has_elo[CQ_WHITE] = parse_elo (cq_game_get_tag (game, "WhiteElo"), &g->elo[CQ_WHITE]);
  g->has_elo[CQ_BLACK] = parse_elo (cq_game_get_tag (game, "BlackElo"), &g->elo[CQ_BLACK]);
  g->result = parse_result (cq_game_get_tag (game, "Result"));
}

static inline gboolean
in_range (const CqRange *range, gint64 value)
{
  return value >= range->min && value <= range->max;
}

/* The squares of @d's square set that hold a piece of its piece set: the
 * designator matches iff this is not 0 (manual "Piece designators"). */
static inline CqBitboard
designator_hits (const CqDesignator *d, const CqPosition *pos)
{
  CqBitboard occupied = 0;
  guint mask = d->pieces;

  if (mask == CQ_PIECES_ALL)
    return d->squares;
  while (mask != 0)
    {
      occupied |= pos->pieces[lowest_bit (mask)];
      mask &= mask - 1;
    }
  return occupied & d->squares;
}

static inline int
popcount64 (CqBitboard b)
{
  return __builtin_popcountll (b);
}

/* Material power (manual ":power"): Q=9 R=5 B=3 N=3 P=1 K=0. */
static const gint8 piece_power[CQ_N_PIECES] = {
  0, 1, 3, 3, 5, 9, 0, 1, 3, 3, 5, 9, 0
};

/* Total power of the pieces matching @d, White's minus Black's if
 * @difference (manual ":power", ":powerdifference"). */
static gint64
designator_power (const CqDesignator *d, const CqPosition *pos, gboolean difference)
{
  gint64 total = 0;
  guint mask = d->pieces & CQ_PIECES_ANY;

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
gint64
_cq_attack_count (const CqTest *test, const CqPosition *pos)
{
  CqBitboard occupied = ~pos->pieces[CQ_EMPTY];
  CqBitboard attackers = designator_hits (&test->u.attack.attacker, pos) & occupied;
  CqBitboard targets;
  gint64 count = 0;

  if (attackers == 0)
    return 0;
  targets = designator_hits (&test->u.attack.target, pos);
  if (targets == 0)
    return 0;

  if (popcount64 (targets) < popcount64 (attackers))
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
          CqBitboard from = 0;

          targets &= targets - 1;
          if (knights)
            from |= cq_attacks_from (CQ_WN, t, occupied) & knights;
          if (kings)
            from |= cq_attacks_from (CQ_WK, t, occupied) & kings;
          if (diagonal)
            from |= cq_attacks_from (CQ_WB, t, occupied) & diagonal;
          if (orthogonal)
            from |= cq_attacks_from (CQ_WR, t, occupied) & orthogonal;
          if (white_pawns)
            from |= cq_attacks_from (CQ_BP, t, occupied) & white_pawns;
          if (black_pawns)
            from |= cq_attacks_from (CQ_WP, t, occupied) & black_pawns;
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

static const int ray_step[8][2] = {
  { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }
};

/**
 * _cq_ray_count:
 * Rulings R6: the number of (S1, Sn) square pairs on a line in one of the
 * allowed directions of @test such that the first designator matches S1,
 * the last Sn, the middle ones match squares between them in order, and
 * every other square between them is empty.  The walk from S1 keeps the
 * set of "middle designators matched so far" counts reachable (a middle
 * designator such as `.` may or may not pair with an empty square).
 * For :rayattack, only rooks, bishops and queens start rays.
 */
gint64
_cq_ray_count (const CqTest *test, const CqPosition *pos)
{
  guint n = test->u.ray.n_path;
  CqBitboard hits[8];
  CqBitboard empty = pos->pieces[CQ_EMPTY];
  CqBitboard starts;
  guint done = 1u << (n - 2);
  gint64 count = 0;

  for (guint j = 0; j < n; j++)
    {
      hits[j] = designator_hits (&test->u.ray.path[j], pos);
      if (hits[j] == 0)
        return 0;
    }

  starts = hits[0];
  if (test->u.ray.attack_only)
    starts &= pos->pieces[CQ_WR] | pos->pieces[CQ_BR] | pos->pieces[CQ_WB] | pos->pieces[CQ_BB]
              | pos->pieces[CQ_WQ] | pos->pieces[CQ_BQ];
  for (; starts != 0; starts &= starts - 1)
    {
      int s1 = __builtin_ctzll (starts);
      guint directions = test->u.ray.directions;

      if (test->u.ray.attack_only)
        {
          /* R6: a rook or queen starts an orthogonal ray, a bishop or a
           * queen a diagonal one. */
          CqPieceType type = CQ_PIECE_TYPE (pos->board[s1]);
          guint allowed = 0;

          if (type == CQ_ROOK || type == CQ_QUEEN)
            allowed |= CQ_RAY_ORTHOGONAL;
          if (type == CQ_BISHOP || type == CQ_QUEEN)
            allowed |= CQ_RAY_DIAGONAL;
          directions &= allowed;
        }

      for (; directions != 0; directions &= directions - 1)
        {
          int d = lowest_bit (directions);
          int f = CQ_FILE (s1), r = CQ_RANK (s1);
          guint states = 1; /* bit j: j middle designators matched */

          for (;;)
            {
              CqBitboard bit;
              guint next;

              f += ray_step[d][0];
              r += ray_step[d][1];
              if (f < 0 || f > 7 || r < 0 || r > 7)
                break;
              bit = CQ_BIT (CQ_SQUARE (f, r));
              if ((states & done) && (hits[n - 1] & bit))
                count++;
              next = (empty & bit) ? states : 0;
              for (guint j = 0; j + 2 < n; j++)
                if ((states & (1u << j)) && (hits[j + 1] & bit))
                  next |= 1u << (j + 1);
              states = next;
              if (states == 0)
                break;
            }
        }
    }
  return count;
}

/* Does the move from @parent to @child satisfy every move test of
 * @instance (rulings R4)?  Adds the squares of matched designators. */
static gboolean
move_tests_hold (const CqInstance *instance, const CqNode *parent, const CqNode *child,
                 CqBitboard *squares)
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
          if (null_move || !(d->pieces & CQ_PIECE_BIT (move->piece))
              || !(d->squares & CQ_BIT (move->from)))
            return FALSE;
          found |= CQ_BIT (move->from);
          break;
        case CQ_TEST_MOVETO:
          /* the target square with its content before the move (empty for
           * en passant and castling) */
          if (null_move || !(d->pieces & CQ_PIECE_BIT (parent->position.board[move->to]))
              || !(d->squares & CQ_BIT (move->to)))
            return FALSE;
          found |= CQ_BIT (move->to);
          break;
        case CQ_TEST_PROMOTE:
          /* the promoted piece on the promotion square */
          if (null_move || move->promotion == CQ_EMPTY
              || !(d->pieces & CQ_PIECE_BIT (move->promotion))
              || !(d->squares & CQ_BIT (move->to)))
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
 * that matched to *squares. */
static gboolean
test_holds (const CqTest *test, const CqNode *node, const EvalGame *g, CqBitboard *squares)
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
      return in_range (&test->range, popcount64 (designator_hits (&test->u.designator, pos)));
    case CQ_TEST_POWER:
      return in_range (&test->range, designator_power (&test->u.designator, pos, FALSE));
    case CQ_TEST_POWERDIFFERENCE:
      {
        gint64 difference = designator_power (&test->u.power.designator, pos, TRUE);

        if (test->u.power.black_minus_white)
          difference = -difference;
        return in_range (&test->range, difference);
      }
    case CQ_TEST_ATTACKCOUNT:
      return in_range (&test->range, _cq_attack_count (test, pos));
    case CQ_TEST_RAY:
      return in_range (&test->range, _cq_ray_count (test, pos));
    case CQ_TEST_AND:
      {
        CqBitboard found = 0;

        for (guint i = 0; i < test->u.lists.n_lists; i++)
          {
            CqBitboard nested = 0;

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
static gboolean
instance_matches (const CqInstance *instance, const CqNode *node, const EvalGame *g,
                  guint32 options, CqBitboard *squares)
{
  const CqPosition *pos = &node->position;
  guint32 conditions = instance->conditions;
  CqBitboard hits = 0;
  guint t = 0;

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

  /* Game tests and :movenumber come first in canonical order. */
  for (; t < instance->n_tests && is_game_test (&instance->tests[t]); t++)
    if (!test_holds (&instance->tests[t], node, g, &hits))
      return FALSE;

  for (guint i = 0; i < instance->n_designators; i++)
    {
      CqBitboard found = designator_hits (&instance->designators[i], pos);

      if (found == 0)
        return FALSE;
      hits |= found;
    }

  if (conditions & CQ_COND_NEED_CHECK)
    {
      gboolean check = cq_position_in_check (pos);

      if ((conditions & (CQ_COND_CHECK | CQ_COND_MATE)) && !check)
        return FALSE;
      if ((conditions & (CQ_COND_NOCHECK | CQ_COND_STALEMATE)) && check)
        return FALSE;
    }

  /* Counts, attacks, rays (logic tests come last in canonical order). */
  for (; t < instance->n_tests
         && instance->tests[t].kind != CQ_TEST_AND && instance->tests[t].kind != CQ_TEST_OR; t++)
    if (!test_holds (&instance->tests[t], node, g, &hits))
      return FALSE;

  /* R4: the move keywords must all hold for one continuation: the
   * mainline move, or any if the list examines variations. */
  if (instance->n_move_tests > 0)
    {
      const CqNode *child = node->first_child;
      gboolean all = (options & CQ_LIST_ALL_CONTINUATIONS) != 0;

      for (; child != NULL; child = all ? child->next_sibling : NULL)
        if (move_tests_hold (instance, node, child, &hits))
          break;
      if (child == NULL)
        return FALSE;
    }

  /* R5: no legal move, en passant included; costly, so late. */
  if ((conditions & CQ_COND_NEED_MOVES) && cq_position_has_legal_move (pos))
    return FALSE;

  for (; t < instance->n_tests; t++)
    if (!test_holds (&instance->tests[t], node, g, &hits))
      return FALSE;

  *squares = hits;
  return TRUE;
}

/* Some member of the transform set matches (the first one tried gives the
 * squares); with :not, none does (R12: the whole list, transforms
 * included, is negated; no squares).  A list with an anchor index tries
 * only the instances anchored on occupied squares, and the unanchored
 * ones (cq-query-private.h). */
static gboolean
list_matches_node (const CqPositionList *list, const CqNode *node, const EvalGame *g,
                   CqBitboard *squares)
{
  gboolean matched = FALSE;

  if (list->n_groups == 0)
    {
      for (guint i = 0; i < list->n_instances && !matched; i++)
        matched = instance_matches (&list->instances[i], node, g, list->options, squares);
    }
  else
    {
      const CqPosition *pos = &node->position;

      for (guint k = 0; k < list->n_groups && !matched; k++)
        {
          const CqAnchorGroup *group = &list->groups[k];
          CqDesignator anchor = { group->squares, group->pieces, -1 };
          CqBitboard occupied = designator_hits (&anchor, pos);

          while (occupied != 0 && !matched)
            {
              int sq = __builtin_ctzll (occupied);

              occupied &= occupied - 1;
              for (guint32 j = group->start[sq]; j < group->start[sq + 1] && !matched; j++)
                matched = instance_matches (&list->instances[group->indices[j]], node, g,
                                            list->options, squares);
            }
        }
      for (guint k = 0; k < list->n_unanchored && !matched; k++)
        matched = instance_matches (&list->instances[list->unanchored[k]], node, g,
                                    list->options, squares);
    }

  if (list->options & CQ_LIST_NOT)
    {
      *squares = 0;
      return !matched;
    }
  return matched;
}

/* Records a match at @node in @out (nullable).  Returns TRUE if the
 * search of the list may stop there. */
static inline gboolean
record_match (const CqNode *node, CqBitboard squares, GArray *out, gboolean want_all)
{
  if (out != NULL)
    {
      CqMatchedPosition m = { node->index, squares };
      g_array_append_val (out, m);
    }
  return !want_all;
}

/* Evaluates one top-level position list over the positions it examines
 * (R1: pre-order, the root included; the mainline only by default, every
 * node with :variations, nodes off the mainline with :variationsonly) and
 * appends the positions to annotate (R2) to @out (nullable).  Returns TRUE
 * if the list matched at least one position. */
static gboolean
match_list (const CqPositionList *list, CqGame *game, const EvalGame *g, GArray *out)
{
  gboolean matched = FALSE;
  gboolean want_all;
  CqBitboard squares;

  if (list->options & CQ_LIST_NOANNOTATE)
    out = NULL;
  want_all = out != NULL && (list->options & CQ_LIST_MARKALL);

  if (list->options & CQ_LIST_ROOT_ONLY)
    {
      /* :initial: the root is on the mainline (R1), never in a variation. */
      if ((list->options & CQ_LIST_VARIATIONSONLY) == 0
          && list_matches_node (list, game->root, g, &squares))
        {
          record_match (game->root, squares, out, want_all);
          return TRUE;
        }
      return FALSE;
    }

  if (list->options & (CQ_LIST_VARIATIONS | CQ_LIST_VARIATIONSONLY))
    {
      gboolean only_variations = (list->options & CQ_LIST_VARIATIONSONLY) != 0;

      /* Node indices are the pre-order of R1. */
      for (guint i = 0; i < game->n_nodes; i++)
        {
          const CqNode *node = cq_game_get_node (game, i);

          if (only_variations && !node->in_variation)
            continue;
          if (list_matches_node (list, node, g, &squares))
            {
              matched = TRUE;
              if (record_match (node, squares, out, want_all))
                break;
            }
        }
    }
  else
    {
      for (const CqNode *node = game->root; node != NULL; node = node->first_child)
        if (list_matches_node (list, node, g, &squares))
          {
            matched = TRUE;
            if (record_match (node, squares, out, want_all))
              break;
          }
    }

  return matched;
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

/* The year field of a PGN date ("1934.??.??" is 1934), or FALSE (R3). */
static gboolean
parse_year (const char *date, gint64 *year)
{
  gint64 value = 0;
  const char *p = date;

  if (date == NULL)
    return FALSE;
  while (*p == ' ')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    if (value < 100000000)
      value = value * 10 + (*p - '0');
  if (*p != '\0' && *p != '.' && *p != ' ')
    return FALSE;
  *year = value;
  return TRUE;
}

static gboolean
is_ascii (const char *text)
{
  for (; *text != '\0'; text++)
    if ((guchar) *text >= 0x80)
      return FALSE;
  return TRUE;
}

/* R3: does the name contain @needle (already case-folded), ignoring case? */
static gboolean
name_contains (const char *name, const char *needle)
{
  g_autofree char *valid = NULL;
  g_autofree char *folded = NULL;

  if (name == NULL)
    return FALSE;
  if (is_ascii (name) && is_ascii (needle))
    {
      gsize n = strlen (needle);

      for (const char *p = name; *p != '\0'; p++)
        if (g_ascii_strncasecmp (p, needle, n) == 0)
          return TRUE;
      return n == 0;
    }
  if (!g_utf8_validate (name, -1, NULL))
    name = valid = g_utf8_make_valid (name, -1);
  folded = g_utf8_casefold (name, -1);
  return strstr (folded, needle) != NULL;
}

static gboolean
filter_holds (const CqGameFilter *filter, const CqGame *game, const EvalGame *g)
{
  gint64 year;

  switch (filter->kind)
    {
    case CQ_FILTER_YEAR:
      return parse_year (cq_game_get_tag (game, "Date"), &year)
             && in_range (&filter->range, year);
    case CQ_FILTER_GAMENUMBER:
      return in_range (&filter->range, (gint64) game->source.number);
    case CQ_FILTER_RESULT:
      return g->result == filter->result;
    case CQ_FILTER_PLAYER:
      return name_contains (cq_game_get_tag (game, "White"), filter->player)
             || name_contains (cq_game_get_tag (game, "Black"), filter->player);
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

/**
 * cq_query_accepts_tags:
 * @query: a compiled query.
 * @game: a game whose tags were read (its moves need not be).
 *
 * Runs the match list's game filters on @game's tags and number (rulings
 * R3): `:gamenumber` (the game's 1-based number in its file), `:year` (the
 * year field of the Date tag; a game without one fails), `:result` (the
 * Result tag), `:player` (a case-insensitive substring of the White or
 * Black tag).  Also rejects a game in which no instance of some top-level
 * position list can pass its game tests (`:elo`, `:whiteelo`, `:blackelo`,
 * `:result`; rating tags that are missing or not numbers never match), so
 * that a search can skip the game before its moves are read.
 *
 * Returns: TRUE if the game may match, FALSE if it cannot.
 */
gboolean
cq_query_accepts_tags (const CqQuery *query, const CqGame *game)
{
  EvalGame g;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  eval_game_init (&g, game);
  return accepts_tags (query, game, &g);
}

/**
 * cq_query_match_game:
 * @query: a compiled query (only read: thread-safe).
 * @game: a game; its moves are parsed here if they were not yet
 *   (cq_game_parse_moves() is idempotent).  A skipped game, or one
 *   without an initial position, never matches.
 * @info: (out) (nullable): receives the positions to annotate: for each
 *   top-level list without :noannotate, its first matching position in R1
 *   order, or with :markall every one; sorted by node index, duplicates
 *   merged, @squares the union of the squares where the matched piece
 *   designators found their pieces (rulings R2).  Emptied when the game
 *   does not match.
 *
 * The game matches iff it passes the game filters (see
 * cq_query_accepts_tags()) and every top-level position list matches at
 * least one position it examines (rulings R1, R8).
 *
 * Returns: TRUE if the game matches.
 */
gboolean
cq_query_match_game (const CqQuery *query, CqGame *game, CqMatchInfo *info)
{
  GArray *out = NULL;
  EvalGame g;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  if (info != NULL)
    {
      if (info->positions == NULL)
        cq_match_info_init (info);
      g_array_set_size (info->positions, 0);
      out = info->positions;
    }

  eval_game_init (&g, game);
  if (!accepts_tags (query, game, &g))
    return FALSE;
  /* Reading the moves is what marks a game of another variant skipped. */
  cq_game_parse_moves (game);
  if (game->skipped || game->root == NULL)
    return FALSE;

  for (guint i = 0; i < query->n_lists; i++)
    if (!match_list (query->lists[i], game, &g, out))
      {
        if (out != NULL)
          g_array_set_size (out, 0);
        return FALSE;
      }

  if (out != NULL)
    normalise_positions (out);
  return TRUE;
}

void
cq_match_info_init (CqMatchInfo *info)
{
  g_return_if_fail (info != NULL);
  info->positions = g_array_new (FALSE, FALSE, sizeof (CqMatchedPosition));
}

void
cq_match_info_clear (CqMatchInfo *info)
{
  g_return_if_fail (info != NULL);
  g_clear_pointer (&info->positions, g_array_unref);
}
