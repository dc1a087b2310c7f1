/* cq-cql6-private.h: CQL 6 queries: tokens, the typed filter tree, and the
 * functions the CQL 6 reader, transformer and evaluator share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Design
 * ------
 * A CQL 6 query (docs/cql6.md) is a header `cql(...)` and a body of
 * filters.  The reader (cq-cql6-lexer.c, cq-cql6-parser.c) builds a tree
 * of #Cq6Filter nodes; each node knows the type of its value (a set of
 * squares, a number, a string, or only match / no match), checked when it
 * is read.  Transforms (`flip`, `shift`, ...) are expanded once when the
 * query is read (cq-cql6-transform.c): the orbit of the argument filter is
 * built with the same square, piece and direction maps as CQL 3's
 * transform sets (cq-transform.c), with CQL 6's shift rule, and evaluated
 * as a union.  The evaluator (cq-cql6-eval.c) walks the tree at each
 * position the search examines; it reads piece designators as the same
 * #CqDesignator (piece mask, square set) as CQL 3 and uses the chess
 * core's attack tables for `attacks`, `pin`, `ray` and the move filters.
 */
#pragma once

#include "cql/cq-query-private.h"

G_BEGIN_DECLS

/* The type of a filter's value (CQL 6 reference, "filters"). */
typedef enum {
  CQ6_TYPE_LOGICAL, /* match / no match only */
  CQ6_TYPE_SET,     /* a set of squares; matches if not empty */
  CQ6_TYPE_NUMBER,  /* an integer; matches if it has a value */
  CQ6_TYPE_STRING   /* a string; matches if it has a value */
} Cq6Type;

/* The filters of the tree.  The comment gives what the node holds. */
typedef enum {
  /* Values */
  CQ6_DESIGNATOR,   /* designator */
  CQ6_NUMBER,       /* number */
  CQ6_STRING,       /* string */
  /* Logic */
  CQ6_COMPOUND,     /* args: all must match; value of the last */
  CQ6_AND,          /* args[0], args[1] */
  CQ6_OR,           /* args[0], args[1] */
  CQ6_NOT,          /* args[0] */
  CQ6_IF,           /* args: condition, then, else (may be NULL) */
  CQ6_TRUE,
  CQ6_FALSE,
  /* The position */
  CQ6_CHECK,
  CQ6_MATE,
  CQ6_STALEMATE,
  CQ6_WTM,
  CQ6_BTM,
  CQ6_SIDETOMOVE,   /* number: 1 white, -1 black */
  CQ6_COLOR,        /* number: `white` 1, `black` -1 */
  CQ6_INITIAL,
  CQ6_TERMINAL,
  CQ6_MAINLINE,
  CQ6_VARIATION,
  CQ6_MOVENUMBER,
  CQ6_PLY,
  /* Sets */
  CQ6_UNION,        /* args[0], args[1] */
  CQ6_INTERSECTION, /* args[0], args[1] */
  CQ6_COMPLEMENT,   /* args[0] */
  CQ6_IN,           /* args[0] is a subset of args[1] */
  CQ6_COUNT,        /* `#` args[0]: number of squares */
  CQ6_ATTACKS,      /* args[0] attacks args[1]: the squares of args[0] */
  CQ6_ATTACKEDBY,   /* args[0] attackedby args[1]: the squares of args[0] */
  CQ6_BETWEEN,      /* args[0], args[1] */
  CQ6_DIRECTION,    /* directions (CQ_RAY_* bits), range, args[0] */
  CQ6_LIGHT,        /* args[0] */
  CQ6_DARK,         /* args[0] */
  CQ6_PAWNS,        /* which: CQ6_PAWNS_PASSED ...; the pawns of the kind */
  CQ6_PIN,          /* args: from, through, to (each may be NULL); the pinned pieces */
  CQ6_RAY,          /* directions, args: the sets met in turn along a line;
                     * which 1: xray (the first piece must slide that way) */
  CQ6_MAKESQUARE,   /* args: file, rank (numbers 1..8) */
  CQ6_FILE,         /* args[0]: the file (1..8) of its only square */
  CQ6_RANK,         /* args[0]: the rank (1..8) of its only square */
  /* Numbers */
  CQ6_COMPARE,      /* which: CQ6_CMP_*, args[0], args[1] */
  CQ6_ARITH,        /* which: '+', '-', '*', '/', '%', args[0], args[1] */
  CQ6_NEGATE,       /* args[0] */
  CQ6_ABS,          /* args[0] */
  CQ6_MAX,          /* args */
  CQ6_MIN,          /* args */
  CQ6_SQRT,         /* args[0] */
  CQ6_POWER,        /* args[0]: the material value of its pieces */
  CQ6_GAMENUMBER,
  CQ6_ELO,          /* which: 0 the higher of both, 1 White, 2 Black */
  CQ6_YEAR,
  /* Game tags */
  CQ6_TAG,          /* string (the tag name); args[0] a string to find, or NULL */
  CQ6_PLAYER,       /* which: 0 either, 1 White, 2 Black; args[0] as CQ6_TAG */
  CQ6_RESULT,       /* which: #CqResult */
  /* Moves */
  CQ6_MOVE,         /* which: CQ6_MOVE_* flags; args: from, to, capture, promote */
  /* Transforms, after expansion */
  CQ6_ORBIT,        /* args: the transformed filters; count if @which */
  CQ6_N_KINDS
} Cq6Kind;

/* CQ6_COMPARE.which */
enum {
  CQ6_CMP_LT,
  CQ6_CMP_LE,
  CQ6_CMP_EQ,
  CQ6_CMP_GE,
  CQ6_CMP_GT,
  CQ6_CMP_NE
};

/* CQ6_PAWNS.which */
enum {
  CQ6_PAWNS_PASSED,
  CQ6_PAWNS_DOUBLED,
  CQ6_PAWNS_ISOLATED,
  CQ6_PAWNS_CONNECTED
};

/* CQ6_MOVE.which: what `move` looks at and which moves count. */
enum {
  CQ6_MOVE_PREVIOUS    = 1 << 0, /* the move that led here, not the next */
  CQ6_MOVE_LEGAL       = 1 << 1, /* the legal moves, not the game's */
  CQ6_MOVE_PRIMARY     = 1 << 2, /* only the main continuation */
  CQ6_MOVE_SECONDARY   = 1 << 3, /* only continuations in variations */
  CQ6_MOVE_ENPASSANT   = 1 << 4,
  CQ6_MOVE_CASTLE      = 1 << 5,
  CQ6_MOVE_NULL        = 1 << 6,
  CQ6_MOVE_PSEUDOLEGAL = 1 << 7  /* the pseudo-legal moves, not the game's */
};

/* ORBIT value rule: sets are united, numbers give their maximum; with
 * CQ6_ORBIT_COUNT the value is the number of members that match. */
#define CQ6_ORBIT_COUNT 1

typedef struct _Cq6Filter Cq6Filter;

/**
 * Cq6Filter:
 * One node of the filter tree.
 * @kind: #Cq6Kind.
 * @type: #Cq6Type of its value.
 * @which: a kind-specific choice (see #Cq6Kind).
 * @directions: CQ_RAY_* bits (direction filters, ray).
 * @line, @column: where it starts in the query (1-based).
 * @designator: CQ6_DESIGNATOR.
 * @number: CQ6_NUMBER; @range_min, @range_max for direction ranges.
 * @string: CQ6_STRING, CQ6_TAG's name (owned).
 * @args, @n_args: the argument filters (owned; an entry may be NULL).
 * @groups, @n_groups, @unanchored, @n_unanchored: a CQ6_ORBIT's anchor
 *   index (_cq_anchor_index_build()), when it has many members: a member
 *   that needs a piece on one square is tried only where one stands.
 */
struct _Cq6Filter {
  guint16       kind;
  guint8        type;
  guint8        directions;
  guint32       which;
  guint         line;
  guint         column;
  CqDesignator  designator;
  gint64        number;
  gint64        range_min;
  gint64        range_max;
  char         *string;
  Cq6Filter   **args;
  guint         n_args;
  CqAnchorGroup *groups;
  guint          n_groups;
  guint32       *unanchored;
  guint          n_unanchored;
};

/**
 * Cq6Program:
 * A compiled CQL 6 query: the body and the header's parameters.
 * @body: a CQ6_COMPOUND of the body's filters.
 * @input, @output: the header's `input` / `output` (NULL: absent).
 * @variations: examine variations too (header `variations`).
 * @matchcount_min, @matchcount_max: how many positions must match.
 * @matchstring: the comment at matched positions (NULL: "CQL").
 * @quiet, @silent: header flags (no automatic comments / no output
 *   comments at all).
 * @game_filters: header game filters (a CQ6_COMPOUND, or NULL), run on the
 *   tags before moves are read.
 * @needs_moves: the body looks at moves or positions (not only tags).
 */
typedef struct _Cq6Program {
  Cq6Filter *body;
  Cq6Filter *game_filters;
  char      *input;
  char      *output;
  char      *matchstring;
  gboolean   variations;
  gboolean   quiet;
  gboolean   silent;
  gint64     matchcount_min;
  gint64     matchcount_max;
} Cq6Program;

/* Tokens of the lexer. */
typedef enum {
  CQ6_TOK_END,
  CQ6_TOK_WORD,        /* an identifier or a keyword: text */
  CQ6_TOK_DESIGNATOR,  /* a piece designator: designator */
  CQ6_TOK_NUMBER,      /* number */
  CQ6_TOK_STRING,      /* text (without quotes, escapes applied) */
  CQ6_TOK_PUNCT        /* text: ( ) { } , & | ~ # + - * / % < <= == >= > != = */
} Cq6TokenKind;

typedef struct {
  Cq6TokenKind kind;
  guint        line;
  guint        column;
  const char  *start;   /* in the ASCII spelling of the text, for messages */
  gsize        len;
  char        *text;    /* WORD, STRING, PUNCT: owned, NUL-terminated */
  gint64       number;
  CqDesignator designator;
} Cq6Token;

/**
 * _cq6_tokenize:
 * @text: the query, @len bytes, UTF-8.
 * @filename: for messages ("<query>" when NULL).
 *
 * Splits @text into tokens, Unicode spellings already mapped to their
 * ASCII ones (docs/cql6.md "Lexical structure").  Returns: (transfer full):
 * a #GArray of #Cq6Token ending with a CQ6_TOK_END, or NULL with
 * CQ_QUERY_ERROR_SYNTAX at the offending character.
 */
GArray    *_cq6_tokenize        (const char *text, gsize len, const char *filename,
                                 GError **error);
void       _cq6_tokens_free     (GArray *tokens);

/* TRUE if the first token of @text (after comments and white space) is
 * the word `cql`: the text is CQL 6 (docs/cql6.md "Dialect"). */
gboolean   _cq6_text_is_cql6    (const char *text, gsize len);

/* Reads @text into a program (cq-cql6-parser.c); NULL with a
 * CQ_QUERY_ERROR ("FILE:LINE:COLUMN: message") on failure. */
Cq6Program *_cq6_program_read   (const char *text, gsize len, const char *filename,
                                 GError **error);
void        _cq6_program_free   (Cq6Program *program);

Cq6Filter  *_cq6_filter_new     (Cq6Kind kind, Cq6Type type, guint line, guint column);
void        _cq6_filter_add_arg (Cq6Filter *filter, Cq6Filter *arg);
void        _cq6_filter_free    (Cq6Filter *filter);
Cq6Filter  *_cq6_filter_copy    (const Cq6Filter *filter);
gboolean    _cq6_filter_equal   (const Cq6Filter *a, const Cq6Filter *b);

/* cq-cql6-keywords.c: {word, description, ...}, NULL-ended (static). */
const char *const *_cq6_keywords (void);

/* cq-cql6-transform.c */

/* The transform filters, as CQ_TRANSFORM_* sets plus CQL 6's own. */
typedef enum {
  CQ6_XF_FLIP,
  CQ6_XF_FLIPVERTICAL,
  CQ6_XF_FLIPHORIZONTAL,
  CQ6_XF_FLIPCOLOR,
  CQ6_XF_REVERSECOLOR,
  CQ6_XF_ROTATE90,
  CQ6_XF_ROTATE45,
  CQ6_XF_SHIFT,
  CQ6_XF_SHIFTHORIZONTAL,
  CQ6_XF_SHIFTVERTICAL
} Cq6TransformKind;

/**
 * _cq6_orbit_new:
 * @kind: the transform filter.
 * @arg: (transfer full): its argument filter.
 * @count: the `count` form.
 *
 * The orbit of `kind arg` (CQL 6 reference "transforms", "shift"): the
 * distinct images of @arg under the transform set, images in which a
 * non-empty square set became empty dropped.  Returns a CQ6_ORBIT filter
 * (or @arg itself when the orbit is only the identity and @count is not
 * set), or NULL with CQ_QUERY_ERROR_SEMANTIC when the orbit would be too
 * large.
 */
Cq6Filter  *_cq6_orbit_new      (Cq6TransformKind kind, Cq6Filter *arg, gboolean count,
                                 guint line, guint column, const char *filename,
                                 GError **error);

/* (Re)builds the anchor index of a CQ6_ORBIT after its members changed. */
void        _cq6_orbit_index    (Cq6Filter *orbit);
void        _cq6_orbit_index_clear (Cq6Filter *orbit);

/* cq-cql6-eval.c */

/* Runs the header's game filters on @game's tags (no moves read). */
gboolean    _cq6_accepts_tags   (const Cq6Program *program, const CqGame *game);

/* Evaluates the body at every position examined; fills @out with the
 * matched positions (#CqMatchedPosition, sorted).  Returns TRUE if the
 * game matches (matchcount satisfied). */
gboolean    _cq6_match_game     (const Cq6Program *program, CqGame *game, GArray *out);

G_END_DECLS
