/* cq3-eval-private.h: what the files of the CQL 3 evaluator share:
 * cq3-eval.c (positions, instances, top-level lists), cq3-counts.c
 * (:power, :attackcount, :ray), cq3-across.c (:sequence, :relation) and
 * cq3-game.c (tags, bindings, accumulators, entry points).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cql/cql3/cq3-private.h"
#include "chess/cq-attacks.h"

G_BEGIN_DECLS

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

static inline int
lowest_bit (guint mask)
{
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz (mask);
#else
  return g_bit_nth_lsf (mask, -1);
#endif
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

/* Game tests: the same at every position of a game (R3). */
static inline gboolean
is_game_test (const CqTest *test)
{
  return test->kind == CQ_TEST_ELO || test->kind == CQ_TEST_RESULT
         || test->kind == CQ_TEST_MOVENUMBER;
}

/* The :relation index of a game (cq3-across.c), built the first time a
 * :relation needs it, on games with at least this many positions. */
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

/* cq3-counts.c: the counts of :power / :powerdifference, :attackcount
 * (R5) and the :ray family (R6) at one position; @tags: the bound tags'
 * squares (R11), or NULL. */

/* Total power of the pieces matching @d, White's minus Black's if
 * @difference (manual ":power", ":powerdifference"). */
gint64   _cq3_designator_power (const CqDesignator *d, const CqPosition *pos,
                                gboolean difference, const CqBitboard *tags);

/* Rulings R5: the number of (attacker square, target square) pairs where
 * the attacker matches the first designator of @test, the target's
 * content the second (it may be empty), and the attacker could move to the
 * target were it empty, ignoring pins and checks (pawns attack diagonally
 * forward only, sliders stop at the first occupied square). */
gint64   _cq3_attack_count     (const CqTest *test, const CqPosition *pos,
                                const CqBitboard *tags);

/* Rulings R6: the number of (S1, Sn) square pairs on a line in one of the
 * allowed directions of @test such that the first designator matches S1,
 * the last Sn, the middle ones match squares between them in order, and
 * every other square between them is empty.  For :rayattack, only rooks,
 * bishops and queens start rays. */
gint64   _cq3_ray_count        (const CqTest *test, const CqPosition *pos,
                                const CqBitboard *tags);

/* cq3-eval.c */

/* Whether the game-level test @test (:elo, :whiteelo, :blackelo, :result;
 * R3) holds for the game of @g: a missing or non-numeric rating matches no
 * range. */
gboolean _cq3_game_test_holds  (const CqTest *test, const EvalGame *g);

/* For the other files of the evaluator, as _cq3_game_test_holds(): the
 * instance @instance (a member of a position list's transform set, with
 * the list's #CqListOption bits @options) matches at @node; the squares
 * its designators found (R2) in *@squares. */
gboolean _cq3_instance_matches (const CqInstance *instance, const CqNode *node,
                                const EvalGame *g, guint32 options, CqBitboard *squares);

/* A position list matches at @node: some member of its transform set
 * does (with :not, none; R12); the squares of the first one tried in
 * *@squares. */
gboolean _cq3_list_matches_node (const CqPositionList *list, const CqNode *node,
                                 const EvalGame *g, CqBitboard *squares);

/* Evaluates one top-level position list over the positions it examines
 * (R1) and appends the positions to annotate (R2) to @out (nullable).
 * Returns TRUE if the list matched at least one position, or with
 * :matchcount if the number of positions it matched lies in the range
 * (R8; counting sees every position whatever :markall says). */
gboolean _cq3_match_list       (const CqPositionList *list, CqGame *game, const EvalGame *g,
                                GArray *out);

/* Sorts by node index and merges duplicates (union of squares). */
void     _cq3_normalise_positions (GArray *positions);

/* cq3-across.c */
gboolean _cq3_sequence_holds   (const CqTest *test, const CqNode *node, const EvalGame *g);

/* R10: some P2 strictly after P1 = @node in its line of play (mainline
 * descendants; all descendants with :variations; those in variations
 * with :variationsonly) relates to it. */
gboolean _cq3_relation_holds   (const CqRelation *rel, CqBitboard allowable, const EvalGame *g,
                                const CqNode *node);

/* Frees what @ri holds (not @ri itself). */
void     _cq3_relation_index_clear (RelationIndex *ri);

G_END_DECLS
