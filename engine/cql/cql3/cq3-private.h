/* cq3-private.h: the compiled form of a CQL 3 match list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Design
 * ------
 * The CQL text is read into lists (cq3-sexp-private.h), then compiled once
 * into the immutable tree below; evaluation only reads it, so one query
 * serves many threads.
 *
 * - A piece designator becomes a 13-bit piece mask (bit n for #CqPiece n,
 *   CQ_EMPTY included) and a 64-bit square set: it matches a position if
 *   (OR of pieces[p] over the mask) & squares is not 0 -- a few bit
 *   operations, nothing per square.
 * - A position list has list-wide options (traversal, annotation, :not)
 *   that transforms never touch (rulings R7), a *template* (the list as
 *   written, already transformed by the enclosing lists' transform, if it
 *   is nested) and its *instances*: the members of its transform set
 *   applied to the template, each a concrete list of designators,
 *   conditions and tests with every square set, colour and side to move
 *   already transformed (cq3-transform.c).  Instance 0 is the identity.
 *   Members that come out identical are kept once; members in which a
 *   designator was pushed off the board are dropped (R7).  A list matches
 *   a position if some instance does (then, with :not, it does not).
 * - An instance tests, cheapest first: side to move, root/leaf, game
 *   tests (Elo, result) and the move number; then its designators; check;
 *   counts, attacks and rays; the next move; legal-move existence for
 *   :mate / :stalemate; and last the nested lists of :and / :or.
 * - Nested position lists (:and, :or) are #CqPositionList values of their
 *   own, compiled under the enclosing instance's transform (R12): their
 *   template is the enclosing member applied to the nested list as
 *   written, and their own transforms expand on top of it.
 * - Match-list game filters (:year, :result, :player, :gamenumber) are
 *   #CqGameFilter values run on the tags before any move is replayed (R3).
 *
 * - Themes across positions: :sequence / :gappedsequence are tests
 *   holding their element lists (transformed with the instance, R7,
 *   R9); :relation a test with its specification (never transformed
 *   except through :pattern's squares, R10); :tagmatch a test and `$tag`
 *   a designator with an empty piece mask naming a tag (R11); :sumrange a
 *   test reading a per-node accumulator and :accumulate a list property
 *   (R8); :matchcount / :pretransformmatchcount top-level list
 *   properties (R8).  Tags are bound by cq3-game.c, which tracks marks.
 */
#pragma once

#include "cql/common/cq-common-private.h"
#include "cql/cql3/cq3-sexp-private.h"

G_BEGIN_DECLS

/* Piece-type and square sets (CQ_PIECE_BIT(), CQ_PIECES_*, CQ_SQUARES_*)
 * are in cq-query.h. */

/* Per-instance conditions that need no argument (manual "Simple keywords"). */
typedef enum {
  CQ_COND_WTM       = 1 << 0,
  CQ_COND_BTM       = 1 << 1,
  CQ_COND_INITIAL   = 1 << 2, /* the root of the game tree (R1) */
  CQ_COND_TERMINAL  = 1 << 3, /* a node without children */
  CQ_COND_CHECK     = 1 << 4, /* the side to move is in check (R5) */
  CQ_COND_NOCHECK   = 1 << 5,
  CQ_COND_MATE      = 1 << 6, /* in check and no legal move (R5) */
  CQ_COND_STALEMATE = 1 << 7  /* not in check and no legal move (R5) */
} CqCondition;

#define CQ_COND_NEED_CHECK (CQ_COND_CHECK | CQ_COND_NOCHECK | CQ_COND_MATE | CQ_COND_STALEMATE)
#define CQ_COND_NEED_MOVES (CQ_COND_MATE | CQ_COND_STALEMATE)

/* List-wide options: never transformed (rulings R1, R2, R12). */
typedef enum {
  CQ_LIST_VARIATIONS     = 1 << 0,
  CQ_LIST_VARIATIONSONLY = 1 << 1,
  CQ_LIST_MARKALL        = 1 << 2,
  CQ_LIST_NOANNOTATE     = 1 << 3,
  /* Derived at compile time: every instance has :initial and the list has
   * no :not, so only the root can match. */
  CQ_LIST_ROOT_ONLY      = 1 << 4,
  /* :not (R12): the list matches where the list without it does not. */
  CQ_LIST_NOT            = 1 << 5,
  /* Derived: the list or an enclosing one examines variations, so its
   * move keywords consider every continuation (R4). */
  CQ_LIST_ALL_CONTINUATIONS = 1 << 6
} CqListOption;

/* The transform keywords of a list (manual "Transformation keywords",
 * rulings R7).  :flip is :flipdihedral; :shift is :shifthorizontal
 * composed with :shiftvertical; :shiftdiagonal is the union of the main-
 * and off-diagonal shifts. */
typedef enum {
  CQ_TRANSFORM_FLIPDIHEDRAL      = 1 << 0,
  CQ_TRANSFORM_FLIPHORIZONTAL    = 1 << 1,
  CQ_TRANSFORM_FLIPVERTICAL      = 1 << 2,
  CQ_TRANSFORM_FLIPDIAGONAL      = 1 << 3,
  CQ_TRANSFORM_FLIPCOLOR         = 1 << 4,
  CQ_TRANSFORM_SHIFTHORIZONTAL   = 1 << 5,
  CQ_TRANSFORM_SHIFTVERTICAL     = 1 << 6,
  CQ_TRANSFORM_SHIFTMAINDIAGONAL = 1 << 7,
  CQ_TRANSFORM_SHIFTOFFDIAGONAL  = 1 << 8,
  CQ_TRANSFORM_SHIFTDIAGONAL     = 1 << 9,
  CQ_TRANSFORM_SHIFT             = 1 << 10
} CqTransformKeyword;

#define CQ_TRANSFORM_FLIPS  (CQ_TRANSFORM_FLIPDIHEDRAL | CQ_TRANSFORM_FLIPHORIZONTAL \
                             | CQ_TRANSFORM_FLIPVERTICAL | CQ_TRANSFORM_FLIPDIAGONAL)
#define CQ_TRANSFORM_SHIFTS (CQ_TRANSFORM_SHIFTHORIZONTAL | CQ_TRANSFORM_SHIFTVERTICAL \
                             | CQ_TRANSFORM_SHIFTMAINDIAGONAL | CQ_TRANSFORM_SHIFTOFFDIAGONAL \
                             | CQ_TRANSFORM_SHIFTDIAGONAL | CQ_TRANSFORM_SHIFT)

/* The kinds of #CqTest. */
typedef enum {
  /* Game tests: the same at every position of a game (R3). */
  CQ_TEST_ELO,             /* u.elo.which, range */
  CQ_TEST_RESULT,          /* u.result (R3, R7) */
  CQ_TEST_MOVENUMBER,      /* range (R4) */
  /* Piece configuration (manual "Piece configuration keywords"). */
  CQ_TEST_PIECECOUNT,      /* u.designator, range */
  CQ_TEST_POWER,           /* u.designator, range */
  CQ_TEST_POWERDIFFERENCE, /* u.power, range; sign flipped by colour flip (R7) */
  CQ_TEST_ATTACKCOUNT,     /* u.attack, range (R5) */
  CQ_TEST_RAY,             /* u.ray, range (R6) */
  /* The next move (R4): tested together on each continuation. */
  CQ_TEST_MOVEFROM,        /* u.designator */
  CQ_TEST_MOVETO,          /* u.designator */
  CQ_TEST_PROMOTE,         /* u.designator */
  CQ_TEST_ENPASSANT,       /* negate: :noenpassant */
  /* Tags (R11). */
  CQ_TEST_TAGMATCH,        /* u.tagmatch */
  /* Accumulators (R8). */
  CQ_TEST_SUMRANGE,        /* u.accumulator, range */
  /* Logic (R12). */
  CQ_TEST_AND,             /* u.lists */
  CQ_TEST_OR,              /* u.lists */
  /* Across positions (R9, R10). */
  CQ_TEST_SEQUENCE,        /* u.lists (gapped, variations) */
  CQ_TEST_RELATION         /* u.relation */
} CqTestKind;

/* :relation's specification (manual "The :relation keyword", R10). */
typedef enum {
  CQ_RELATION_PATTERN        = 1 << 0,
  CQ_RELATION_VARIATIONS     = 1 << 1,
  CQ_RELATION_VARIATIONSONLY = 1 << 2,
  CQ_RELATION_SHIFT          = 1 << 3,
  CQ_RELATION_FLIP           = 1 << 4,
  CQ_RELATION_HAS_SAME       = 1 << 5, /* :originalsamecount given */
  CQ_RELATION_HAS_DIFFERENT  = 1 << 6  /* :originaldifferentcount given */
} CqRelationFlag;

typedef enum {
  CQ_RELATION_SAMESIDE,
  CQ_RELATION_CHANGESIDE,
  CQ_RELATION_IGNORESIDE
} CqRelationSide;

/**
 * CqRelation:
 * @flags: #CqRelationFlag bits.
 * @side: #CqRelationSide.
 * @same, @different: the ranges of :originalsamecount and
 *   :originaldifferentcount (when the flag says they were given).
 * @missing, @missing_range: :missingpiececount (default U 0).
 * @added, @added_range: :newpiececount (default U 0).
 */
typedef struct {
  guint32      flags;
  guint8       side;
  CqRange      same;
  CqRange      different;
  CqDesignator missing;
  CqRange      missing_range;
  CqDesignator added;
  CqRange      added_range;
} CqRelation;

#define CQ_TEST_IS_MOVE(kind) ((kind) >= CQ_TEST_MOVEFROM && (kind) <= CQ_TEST_ENPASSANT)

/**
 * CqTest:
 * A position-list keyword with arguments, already transformed.  @negate
 * inverts the result (:noenpassant).  The union member used depends on
 * @kind (see #CqTestKind).
 */
typedef struct {
  CqTestKind kind;
  gboolean   negate;
  CqRange    range;
  union {
    CqDesignator designator;
    struct { CqDesignator designator; gboolean black_minus_white; } power;
    struct { CqDesignator attacker, target; } attack;
    struct { CqDesignator *path; guint n_path; guint8 directions; gboolean attack_only; } ray;
    struct {
      CqPositionList **lists;
      guint            n_lists;
      gboolean         gapped;     /* :gappedsequence */
      gboolean         variations; /* R9: any line of the tree, not the mainline */
    } lists;
    struct { CqDesignator designator; guint8 tag; } tagmatch;
    guint accumulator;            /* index into CqQuery.accumulators */
    CqRelation *relation;         /* owned */
    struct { guint8 which; } elo; /* 0 either player, 1 White, 2 Black */
    guint8 result;                /* #CqResult */
  } u;
} CqTest;

/**
 * CqInstance:
 * One member of a position list's transform set, fully concrete.
 * @conditions: #CqCondition bits (colour flip swaps WTM and BTM).
 * @designators: the list's top-level piece designators, duplicates removed
 *   (manual: repeating a designator has no effect), fewest squares first.
 * @tests: keywords with arguments other than the move keywords, cheapest
 *   first (game tests and :movenumber, counts, attacks and rays, logic).
 * @move_tests: the move keywords (R4): they must all hold for one
 *   continuation of the position.
 */
typedef struct {
  guint32       conditions;
  guint         n_designators;
  CqDesignator *designators;
  guint         n_tests;
  CqTest       *tests;
  guint         n_move_tests;
  CqTest       *move_tests;
} CqInstance;

/**
 * CqPositionList:
 * @line, @column: where its `(` stands.
 * @options: #CqListOption bits.
 * @transforms: #CqTransformKeyword bits (0: identity only).
 * @template_: the list as written (under the enclosing lists' transform).
 * @n_instances, @instances: the transform set; [0] is the identity.
 * @n_groups, @groups: with many instances, an index of those that have a
 *   one-square designator (#CqAnchorGroup); 0 and NULL otherwise.
 * @n_unanchored, @unanchored: then the other instances, which every
 *   position tries.
 */
struct _CqPositionList {
  guint          line;
  guint          column;
  guint32        options;
  guint32        transforms;
  CqInstance     template_;
  guint          n_instances;
  CqInstance    *instances;
  guint          n_groups;
  CqAnchorGroup *groups;
  guint          n_unanchored;
  guint32       *unanchored;
  /* Accumulators and match counts (rulings R8).  @accumulator: index of
   * the :accumulate accumulator, or -1.  @count_kind: 0, or CQ_COUNT_MATCH
   * for :matchcount, CQ_COUNT_PRETRANSFORM for :pretransformmatchcount
   * (top-level lists only), with @count its range. */
  gint           accumulator;
  guint8         count_kind;
  CqRange        count;
};

#define CQ_COUNT_MATCH        1
#define CQ_COUNT_PRETRANSFORM 2

/* A match-list game filter (rulings R3). */
typedef enum {
  CQ_FILTER_YEAR,        /* range */
  CQ_FILTER_GAMENUMBER,  /* range */
  CQ_FILTER_RESULT,      /* result */
  CQ_FILTER_PLAYER       /* player: case-folded */
} CqGameFilterKind;

struct _CqGameFilter {
  CqGameFilterKind kind;
  CqRange          range;
  guint8           result;
  char            *player;
};

/* Compiles the pseudo-list of _cq_sexp_read() into @query (its filename
 * and dirname already set). */
gboolean _cq_query_compile    (CqQuery       *query,
                               const CqSexp  *top,
                               GError       **error);

void     _cq_position_list_free (CqPositionList *list);
/* A hash of @instance consistent with _cq_instance_equal(). */
guint    _cq_instance_hash      (const CqInstance *instance);
/* Free what a test / an instance owns (arrays, nested lists). */
void     _cq_test_clear         (CqTest *test);
void     _cq_instance_clear     (CqInstance *instance);

/* cq3-counts.c: the counts of :attackcount (rulings R5) and of the :ray
 * family (R6) for one position, exposed for tests. */
gint64   _cq_attack_count       (const CqTest *test, const CqPosition *pos);
gint64   _cq_ray_count          (const CqTest *test, const CqPosition *pos);

/* cq3-transform.c */

/**
 * _cq_transform_set:
 * @transforms: #CqTransformKeyword bits.
 *
 * The members of the transform set of a list with these keywords (rulings
 * R7): every composition shift ∘ colour ∘ flip, where the flip part is a
 * composition of one member of each flip keyword's set (in any order) and
 * the shift part one of each shift keyword's set (in any order); members
 * that act identically are listed once.  [0] is the identity.
 *
 * Returns: (transfer full): a #GArray of #CqTransform.
 */
GArray  *_cq_transform_set      (guint32 transforms);

/**
 * _cq_instance_transform:
 * Deep copy of @in under @t into @out: designators, conditions (WTM/BTM
 * swapped by the colour flip), tests (ray directions, Elo sides, result,
 * :powerdifference sign) and nested lists (re-expanded over their
 * transformed template).  Designators and tests are put in canonical
 * order.  @budget counts down the instances created; on FALSE @out is
 * cleared.
 *
 * Returns: FALSE if a designator was pushed off the board (R7) or the
 *   budget ran out (*budget is then 0).
 */
gboolean _cq_instance_transform (const CqInstance *in, const CqTransform *t,
                                 CqInstance *out, guint64 *budget);

/* Puts the designators (deduplicated) and the tests of @instance in
 * canonical order: evaluation order, and equal instances compare equal. */
void     _cq_instance_normalise (CqInstance *instance);

gboolean _cq_instance_equal     (const CqInstance *a, const CqInstance *b);

/* What an instance costs against the budget of _cq_position_list_expand(),
 * counted in piece designators (16 bytes each): an instance with its three
 * arrays takes about as much as four. */
#define CQ_INSTANCE_COST 4

/* What expanding @list would cost against the budget of
 * _cq_position_list_expand() (its instances, their designators, and the
 * same for the lists nested in them), computed without expanding anything:
 * a query too costly is refused at once.  Returns G_MAXUINT64 as soon as
 * the cost is known to exceed @limit. */
guint64  _cq_position_list_cost (const CqPositionList *list, guint64 limit);

/**
 * _cq_position_list_expand:
 * Fills @list->instances from its template and transform keywords: the
 * distinct images of the template under the members of the transform
 * set, members that push a designator off the board dropped (R7).
 *
 * Returns: FALSE if more than *budget instances would be created.
 */
gboolean _cq_position_list_expand (CqPositionList *list, guint64 *budget);

G_END_DECLS
