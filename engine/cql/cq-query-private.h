/* cq-query-private.h: the compiled form of a CQL 3 match list.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Design
 * ------
 * The CQL text is read into lists (cq-sexp-private.h), then compiled once
 * into the immutable tree below; evaluation only reads it, so one query
 * serves many threads.
 *
 * - A piece designator becomes a 13-bit piece mask (bit n for #CqPiece n,
 *   CQ_EMPTY included) and a 64-bit square set: it matches a position if
 *   (OR of pieces[p] over the mask) & squares is not 0 -- a few bit
 *   operations, nothing per square.
 * - A position list has list-wide options (traversal, annotation, count
 *   ranges) that transforms never touch (rulings R7), and one or more
 *   *instances*: the members of its transform set, each a concrete list of
 *   designators, conditions and tests with every square set, colour and
 *   side-to-move already transformed.  Instance 0 is the list as written
 *   (the identity).  Transform keywords (later work) expand into further
 *   instances at compile time, duplicates removed, instances whose
 *   designators were pushed off the board discarded (R7); a list matches
 *   a position if some instance does.
 * - An instance tests, cheapest first: side to move and root/leaf
 *   conditions, then its designators, then check, then (lazily) legal-move
 *   existence for :mate / :stalemate, then its tests.
 * - Keywords with arguments beyond a designator set (counts, rays, move
 *   keywords, logic, sequences, :relation, accumulators, tags) become
 *   #CqTest entries of an instance.  Nested position lists (:and, :or,
 *   :not, :sequence...) are #CqPositionList values of their own, compiled
 *   under the enclosing instance's transform.
 * - Game-level keywords (:year, :result, :player, :gamenumber, :elo...)
 *   become filters run on the tags before any move is replayed.
 *
 * This version compiles: the match list with :pgn / :output and position
 * lists with piece designators and the simple keywords.  Every other
 * keyword is rejected with CQ_QUERY_ERROR_UNSUPPORTED, so no instance has
 * tests yet and every list has exactly one instance.
 */
#pragma once

#include "cql/cq-query.h"
#include "cql/cq-sexp-private.h"

G_BEGIN_DECLS

/* Piece masks: bit n stands for #CqPiece n. */
#define CQ_PIECE_BIT(p)   ((guint16) (1u << (p)))
#define CQ_PIECES_EMPTY   CQ_PIECE_BIT (CQ_EMPTY)
#define CQ_PIECES_WHITE   ((guint16) 0x007E) /* CQ_WP .. CQ_WK */
#define CQ_PIECES_BLACK   ((guint16) 0x1F80) /* CQ_BP .. CQ_BK */
#define CQ_PIECES_ANY     ((guint16) (CQ_PIECES_WHITE | CQ_PIECES_BLACK)) /* U */
#define CQ_PIECES_ALL     ((guint16) 0x1FFF) /* ?: any piece or empty */
#define CQ_SQUARES_ALL    G_GUINT64_CONSTANT (0xFFFFFFFFFFFFFFFF)

/**
 * CqDesignator:
 * A piece designator (manual "Piece designators").
 * @squares: the square set (bit n for square n, a1 = 0).
 * @pieces: the piece-type set, CQ_PIECE_BIT() bits.
 * @tag: -1; or, for a `$name` designator (rulings R11, later work), the
 *   index of the tag whose piece it names (@pieces is then 0).
 */
typedef struct {
  CqBitboard squares;
  guint16    pieces;
  gint16     tag;
} CqDesignator;

/* A range specifier (manual "Range specifiers"), both ends inclusive. */
typedef struct {
  gint64 min;
  gint64 max;
} CqRange;

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

/* List-wide options: never transformed (rulings R1, R2). */
typedef enum {
  CQ_LIST_VARIATIONS     = 1 << 0,
  CQ_LIST_VARIATIONSONLY = 1 << 1,
  CQ_LIST_MARKALL        = 1 << 2,
  CQ_LIST_NOANNOTATE     = 1 << 3,
  /* Derived at compile time: every instance has :initial, so only the
   * root can match. */
  CQ_LIST_ROOT_ONLY      = 1 << 4
} CqListOption;

/* The transform keywords of a list (manual "Transformation keywords",
 * rulings R7): which transform sets its instances were expanded from. */
typedef enum {
  CQ_TRANSFORM_FLIPDIHEDRAL      = 1 << 0,
  CQ_TRANSFORM_FLIPHORIZONTAL    = 1 << 1,
  CQ_TRANSFORM_FLIPVERTICAL      = 1 << 2,
  CQ_TRANSFORM_FLIPDIAGONAL      = 1 << 3,
  CQ_TRANSFORM_FLIPCOLOR         = 1 << 4,
  CQ_TRANSFORM_SHIFTHORIZONTAL   = 1 << 5,
  CQ_TRANSFORM_SHIFTVERTICAL     = 1 << 6,
  CQ_TRANSFORM_SHIFTMAINDIAGONAL = 1 << 7,
  CQ_TRANSFORM_SHIFTOFFDIAGONAL  = 1 << 8
} CqTransformKeyword;

/**
 * CqTransform:
 * One member of a transform set (rulings R7: shift after colour flip after
 * dihedral flip).  @dihedral: 0 identity, 1..7 the other symmetries of
 * the square; @color: colour flip; @dx, @dy: a shift built from unit
 * shifts with the CQL 3 edge rule.
 */
typedef struct {
  guint8 dihedral;
  guint8 color;
  gint8  dx;
  gint8  dy;
} CqTransform;

typedef struct _CqPositionList CqPositionList;
typedef struct _CqRelation CqRelation;

/* The kinds of #CqTest (later work; none is produced yet). */
typedef enum {
  CQ_TEST_PIECECOUNT,      /* designator, range */
  CQ_TEST_POWER,           /* designator, range */
  CQ_TEST_POWERDIFFERENCE, /* designator, range; negated by colour flip (R7) */
  CQ_TEST_ATTACKCOUNT,     /* attack.attacker, attack.target, range (R5) */
  CQ_TEST_RAY,             /* ray, range (R6) */
  CQ_TEST_MOVEFROM,        /* designator (R4) */
  CQ_TEST_MOVETO,          /* designator (R4) */
  CQ_TEST_PROMOTE,         /* designator (R4) */
  CQ_TEST_ENPASSANT,       /* negate: :noenpassant */
  CQ_TEST_MOVENUMBER,      /* range (R4) */
  CQ_TEST_AND,             /* lists (R12) */
  CQ_TEST_OR,              /* lists (R12) */
  CQ_TEST_SEQUENCE,        /* lists (R9) */
  CQ_TEST_GAPPEDSEQUENCE,  /* lists (R9) */
  CQ_TEST_RELATION,        /* relation (R10) */
  CQ_TEST_ELO,             /* range, which: 0 either, 1 white, 2 black (R3) */
  CQ_TEST_RESULT,          /* result (R3, R7) */
  CQ_TEST_TAGMATCH,        /* tagmatch (R11) */
  CQ_TEST_ACCUMULATE,      /* accumulator (R8) */
  CQ_TEST_SUMRANGE         /* accumulator, range (R8) */
} CqTestKind;

/* Ray directions (R6): bit per direction, N NE E SE S SW W NW. */
#define CQ_RAY_ORTHOGONAL 0x55
#define CQ_RAY_DIAGONAL   0xAA

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
    struct { CqDesignator attacker, target; } attack;
    struct { CqDesignator *path; guint n_path; guint8 directions; gboolean attack_only; } ray;
    struct { CqPositionList **lists; guint n_lists; } lists;
    CqRelation  *relation;
    struct { guint index; } accumulator;
    struct { guint tag; CqDesignator designator; } tagmatch;
    struct { guint8 which; } elo;
    struct { const char *result; } result;
  } u;
} CqTest;

/**
 * CqInstance:
 * One member of a position list's transform set, fully concrete.
 * @conditions: #CqCondition bits (colour flip swaps WTM and BTM).
 * @designators: the list's top-level piece designators, duplicates removed
 *   (manual: repeating a designator has no effect).
 * @tests: keywords with arguments (none yet: see the design note above).
 */
typedef struct {
  guint32       conditions;
  guint         n_designators;
  CqDesignator *designators;
  guint         n_tests;
  CqTest       *tests;
} CqInstance;

/**
 * CqPositionList:
 * @line, @column: where its `(` stands.
 * @options: #CqListOption bits.
 * @transforms: #CqTransformKeyword bits (0: identity only).
 * @n_instances, @instances: the transform set; [0] is the identity.
 */
struct _CqPositionList {
  guint       line;
  guint       column;
  guint32     options;
  guint32     transforms;
  guint       n_instances;
  CqInstance *instances;
};

/**
 * CqQuery:
 * @filename: the query file's name as given (NULL: none).
 * @dirname: its directory, for relative :pgn / :output paths (NULL: none).
 * @pgn, @output: the :pgn / :output arguments as written (NULL: absent).
 * @lists: the top-level position lists, in order.
 */
struct _CqQuery {
  char            *filename;
  char            *dirname;
  char            *pgn;
  char            *output;
  guint            n_lists;
  CqPositionList **lists;
};

/**
 * _cq_designator_parse:
 * @text: a piece designator such as `Ra3`, `[Qr][d1,h3]`, `?[a-h1-2,a8]`.
 * @filename, @line, @column: where @text starts, for messages.
 * @out: (out): the compiled designator.
 *
 * Returns: TRUE, or FALSE with CQ_QUERY_ERROR_SYNTAX pointing at the
 *   offending character (CQ_QUERY_ERROR_UNSUPPORTED for `$tag`).
 */
gboolean _cq_designator_parse (const char   *text,
                               const char   *filename,
                               guint         line,
                               guint         column,
                               CqDesignator *out,
                               GError      **error);

/* Compiles the pseudo-list of _cq_sexp_read() into @query (its filename
 * and dirname already set). */
gboolean _cq_query_compile    (CqQuery       *query,
                               const CqSexp  *top,
                               GError       **error);

void     _cq_position_list_free (CqPositionList *list);

G_END_DECLS
