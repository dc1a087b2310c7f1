/* cq6-private.h: CQL 6 queries: tokens, the typed filter tree, and the
 * functions the CQL 6 reader, transformer and evaluator share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Design
 * ------
 * A CQL 6 query (docs/cql6.md) is a header `cql(...)` and a body of
 * filters.  The reader (cq6-lexer.c, cq6-parser.c) builds a tree
 * of #Cq6Filter nodes; each node knows the type of its value (a set of
 * squares, a number, a string, or only match / no match), checked when it
 * is read.  Transforms (`flip`, `shift`, ...) are expanded once when the
 * query is read (cq6-transform.c): the orbit of the argument filter is
 * built with the same square, piece and direction maps as CQL 3's
 * transform sets (common/cq-symmetry.c), with CQL 6's shift rule, and evaluated
 * as a union.  The evaluator (cq6-eval.c) walks the tree at each
 * position the search examines; it reads piece designators as the same
 * #CqDesignator (piece mask, square set) as CQL 3 and uses the chess
 * core's attack tables for `attacks`, `pin`, `ray` and the move filters.
 *
 * Why one header of about 1,200 lines: the filter kinds (Cq6Kind), the
 * filter node, the program and the evaluation context are used by every
 * file of the room, and most declarations here are one line with the
 * comment that documents them; a file per topic keeps its own private
 * header only where the others need none of it (cq6-line-private.h).
 */
#pragma once

#include "cql/common/cq-common-private.h"
#include "cql/cq-pieceid.h"

G_BEGIN_DECLS

/* The type of a filter's value (CQL 6 reference, "filters"). */
typedef enum {
  CQ6_TYPE_LOGICAL, /* match / no match only */
  CQ6_TYPE_SET,     /* a set of squares; matches if not empty */
  CQ6_TYPE_NUMBER,  /* an integer; matches if it has a value */
  CQ6_TYPE_STRING,  /* a string; matches if it has a value */
  CQ6_TYPE_POSITION /* a position of the game; matches if it has a value */
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
  CQ6_FEN,          /* the position's FEN (a string; CQL 6.2's form, cq6-positions.c) */
  /* Sets */
  CQ6_UNION,        /* args[0], args[1] */
  CQ6_INTERSECTION, /* args[0], args[1] */
  CQ6_COMPLEMENT,   /* args[0] */
  CQ6_IN,           /* args[0] is a subset of args[1]; strings: args[0] is in
                     * args[1], and with which 1 (`indexof`, a number) where */
  CQ6_EQUAL,        /* `equal(X Y)`: the two values are equal, or both have none */
  CQ6_COUNT,        /* `#` args[0]: number of squares */
  CQ6_ATTACKS,      /* args[0] attacks args[1]: the squares of args[0] */
  CQ6_ATTACKEDBY,   /* args[0] attackedby args[1]: the squares of args[0] */
  CQ6_BETWEEN,      /* args[0], args[1] */
  CQ6_DIRECTION,    /* directions (CQ_RAY_* bits), range, args[0]; see
                     * _cq6_eval_direction */
  CQ6_LIGHT,        /* args[0] */
  CQ6_DARK,         /* args[0] */
  CQ6_PAWNS,        /* which: CQ6_PAWNS_PASSED ...; the pawns of the kind */
  CQ6_PIN,          /* args: from, through, to (each may be NULL); which: the role
                     * whose pieces are the value, CQ6_PIN_FROM ... */
  CQ6_RAY,          /* directions, args: the sets met in turn along a line;
                     * which: CQ6_RAY_XRAY (the first piece must slide that
                     * way), CQ6_RAY_STARTS (the value is the first set's
                     * squares the lines start from, not the last's) */
  CQ6_MAKESQUARE,   /* args: file, rank (numbers 1..8) */
  CQ6_FILE,         /* args[0]: the file (1..8) of its only square */
  CQ6_RANK,         /* args[0]: the rank (1..8) of its only square */
  CQ6_PIECENAME,    /* which: CQ6_PIECENAME_*; args[0]: a set of one square;
                     * what stands there, as a letter or a number */
  CQ6_MATE_FAMILY,  /* which: CQ6_MATEF_*: `puremate` ... `idealstalemate`; the
                     * pieces taking part (cq6-mate.c) */
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
  CQ6_REGEX,        /* `S ~~ "re"`: args[0] a string; regex; the text matched */
  /* Strings (cq6-strings.c) */
  CQ6_CONCAT,       /* `S + T`: args[0], args[1] two strings, joined */
  CQ6_SUBSTRING,    /* `S[i]`, `S[i:j]`: args: the string, i (NULL: 0), j (NULL:
                     * the end); which 1: one index, `S[i]` */
  CQ6_STRING_OP,    /* which: CQ6_STROP_*; args: its arguments */
  CQ6_CURRENTTRANSFORM, /* string: "<name>" of the transform member this image
                         * belongs to ("<>" outside transforms); number: its
                         * rank among equal images (cq6-transform.c) */
  CQ6_HHDB,         /* which: CQ6_HHDB_PRIZE ... CQ6_HHDB_AWARD; number: CQ6_HHDB_WANT_*
                     * flags; the rank of the award in the Event tag */
  CQ6_HHDB_KEY,     /* which: a key (cq6-hhdb-keys.c); string: the Black tag's marker
                     * (CQ6_HHDB_KEY_MARKER) or the comment's text to find;
                     * `hhdb` with another key (cq6-hhdb-keys.c) */
  /* Moves */
  CQ6_MOVE,         /* which: CQ6_MOVE_* flags; args: from, to, capture, promote */
  CQ6_CURRENTMOVE,  /* which: a CQ6_CURMOVE_* kind: the move that led here */
  /* Transforms, after expansion */
  CQ6_ORBIT,        /* args: the transformed filters; count if @which */
  CQ6_NOTRANSFORM,  /* args[0], which no enclosing transform changes; its value */
  CQ6_LASTGAMENUMBER, /* the number of games of the input (Cq6Program.last_game_number) */

  /* Filters from here on may change the evaluation state (variables,
   * comments) or look at other positions: a compound filter holding one
   * keeps its order (CQ6_FIRST_STATEFUL). */

  /* Variables (cq6-vars.c), loops and functions (cq6-loops.c) */
  CQ6_VARIABLE,     /* which: the variable (Cq6Program.vars index); its value;
                       number: CQ6_VAR_READ_* of the variable, so that a read
                       needs not look the variable up */
  CQ6_ASSIGN,       /* which: the variable; number: the operator ('=', '+', '-',
                     * '*', '/', '%', '|', '&'); args[0]: the value */
  CQ6_ISBOUND,      /* which: the variable, G_MAXUINT32 for a name no variable has
                     * (string: the name); number 1: `isunbound` (cq6-edits.c) */
  CQ6_UNBIND,       /* which: the variable */
  CQ6_SQUARE_LOOP,  /* which: the variable; number: 1 for `all`; args: set, body */
  CQ6_PIECE_LOOP,   /* the same over the pieces on the set */
  CQ6_PIECEID,      /* args[0]: a set of one occupied square */
  CQ6_CALL,         /* which: the function (Cq6Program.functions index); args */
  CQ6_WHILE,        /* args: condition, body; which 1: `while (S ~~ "re") body`,
                     * the body once for each match (args[0] the CQ6_REGEX);
                     * which 2: `loop`, args[0] the body */
  CQ6_SUBSTRING_ASSIGN, /* `x[i:j] = T`: which: the string variable; args: i, j (as
                         * CQ6_SUBSTRING's, number 1: one index), T */
  CQ6_REGEX_GROUP,  /* `\N` (which: N): the text of group N of the last `~~`
                     * match; number 1: `\-N`, where that group starts */
  /* Dictionaries (cq6-dictionary.c); which: the dictionary (a Cq6Program.vars
   * index whose Cq6Var.dict is set) */
  CQ6_DICT,         /* `dictionary D`, `D`: matches */
  CQ6_DICT_GET,     /* `D[k]`, args[0] the key: matches if k is a key; its value */
  CQ6_DICT_SET,     /* `D[k] = v`, args: key, value */
  CQ6_DICT_COUNT,   /* `#D`: the number of entries */
  CQ6_DICT_UNBIND,  /* `unbind D[k]`, args[0] the key; `unbind D` (no args) */
  CQ6_DICT_LOOP,    /* `x ∊ D body`: number: the variable x; args[0] the body */
  /* Other positions (cq6-positions.c) */
  CQ6_AT,           /* `x:f`: args[0] a position, args[1] evaluated there */
  CQ6_CURRENT,      /* currentposition */
  CQ6_PARENT,
  CQ6_CHILD,        /* args[0]: which child (0 the main line), or NULL */
  CQ6_POSITION_BY_ID, /* `position N`: args[0] the positionid */
  CQ6_POSITIONID,
  CQ6_DEPTH,
  CQ6_ANCESTOR,     /* args: two positions */
  CQ6_DESCENDANT,   /* args: two positions */
  CQ6_LCA,          /* args: two positions */
  CQ6_DISTANCE,     /* args: two positions */
  CQ6_VIRTUALMAINLINE,
  CQ6_TRY,          /* `try`: exactly one White move on the way here is not the
                     * main continuation */
  CQ6_FIND,         /* which: CQ6_FIND_* flags; range; args[0] */
  CQ6_ECHO,         /* which: the source and target variables (low, high 16 bits);
                     * number: CQ6_ECHO_* flags; range_min, range_max: the masks
                     * of the body's source-only and target-only parts;
                     * directions: 1 + the most squares the pair may differ on
                     * (0: unknown); args[0] the body */
  CQ6_POSITION_AND, /* `x & y`, two positions: the squares whose contents agree */
  /* Lines of moves (cq6-line.c) */
  CQ6_LINE,         /* which: CQ6_LINE_* flags; args: the constituents (a
                     * CQ6_LINE_SEQ), the focus set (path) or NULL, and
                     * with CQ6_LINE_MAX path's `max` filter;
                     * string: path's title or NULL */
  CQ6_DASH,         /* which: CQ6_DASH_* flags; args: from, to, promotion
                     * (a designator of piece types), target filter; each
                     * may be NULL */
  CQ6_CONSECUTIVEMOVES, /* args: two positions */
  CQ6_PATHSTART,    /* the first position of the path being matched */
  CQ6_PATHCOUNT,    /* the focus moves of the path's route so far; which 1:
                     * pathcountunfocused, the other moves since its start;
                     * which 2 (also for PATHSTART, PATHLASTPOSITION): outside
                     * every path, the last path that matched */
  CQ6_PATHLASTPOSITION, /* the last position of the best route so far */
  CQ6_PATHDEBUG,    /* a message on the path's state; matches */
  CQ6_LINE_SEQ,     /* constituents in turn (args); only inside CQ6_LINE */
  CQ6_LINE_REPEAT,  /* args[0] repeated range_min .. range_max times
                     * (range_max -1: no bound); only inside CQ6_LINE */
  /* Output (cq6-output.c) */
  CQ6_COMMENT,      /* args: the parts of the text */
  CQ6_MESSAGE,      /* args: the parts of the text */
  CQ6_STR,          /* `str (parts...)`: a string, the text `comment` would write */
  CQ6_SORT,         /* which: the sort key (Cq6Program.sorts index); args[0] */
  /* Game edits and checks (cq6-edits.c) */
  CQ6_ORIGINALCOMMENT, /* the game's own comment at the position (a string);
                        * args[0] a string to find in it, or NULL; number
                        * 1..255: `hascomment "!"`, the NAG to look for */
  CQ6_SETTAG,       /* string: the tag's name; args[0] its value */
  CQ6_REMOVECOMMENT,
  CQ6_ASSERT,       /* args[0] (NULL: `cql_abort`); string: where it is written */

  /* The user's files (cq6-files.c) */
  CQ6_READFILE,     /* args[0]: the file name; the file's contents */
  CQ6_WRITEFILE,    /* args: the file name, the text appended to it */
  CQ6_SIMILAR,      /* which: the submissions (Cq6Program.similar index);
                     * `similarposition`, cq6-similar.c */
  CQ6_N_KINDS
} Cq6Kind;

#define CQ6_FIRST_STATEFUL CQ6_VARIABLE

/* CQ6_VARIABLE.number: what the variable is (its #Cq6Var's @piece and
 * @type, fixed when it is first named), set when the node is made. */
enum {
  CQ6_VAR_READ_PIECE = 1 << 0,  /* a piece variable: its value is its piece's square */
  CQ6_VAR_READ_SET = 1 << 1     /* a set (it matches when not empty) */
};

/* CQ6_COMPARE.which */
enum {
  CQ6_CMP_LT,
  CQ6_CMP_LE,
  CQ6_CMP_EQ,
  CQ6_CMP_GE,
  CQ6_CMP_GT,
  CQ6_CMP_NE,
  /* Positions only: `[<]` (≺), `[<=]` (≼), `[>]` (≻), `[>=]` (≽), by
   * their place in the game tree (cq6-eval.c). */
  CQ6_CMP_PRECEDES,
  CQ6_CMP_PRECEDES_EQ,
  CQ6_CMP_SUCCEEDS,
  CQ6_CMP_SUCCEEDS_EQ
};

/* Whether @a @op @b holds, for the CQ6_CMP_* of numbers (`!=` for any
 * other): the comparison filter's and echo's pair tests (cq6-positions.c). */
static inline gboolean
_cq6_compare (int op, gint64 a, gint64 b)
{
  switch (op)
    {
    case CQ6_CMP_LT: return a < b;
    case CQ6_CMP_LE: return a <= b;
    case CQ6_CMP_EQ: return a == b;
    case CQ6_CMP_GE: return a >= b;
    case CQ6_CMP_GT: return a > b;
    default:         return a != b;
    }
}

/* CQ6_STRING_OP.which: `int S` (a number), `ascii S` (its one byte's code),
 * `ascii N` (the one-byte string of code N), `lowercase S`, `uppercase S`,
 * `indexof (T S)` (where T first occurs in S, a number). */
enum {
  CQ6_STROP_INT,
  CQ6_STROP_ASCII_CODE,
  CQ6_STROP_ASCII_CHAR,
  CQ6_STROP_LOWERCASE,
  CQ6_STROP_UPPERCASE,
  CQ6_STROP_INDEXOF
};

/* CQ6_HHDB.which (the kind of award; in cq6-hhdb.c's order of words),
 * and its flags in CQ6_HHDB.number. */
enum {
  CQ6_HHDB_PRIZE,
  CQ6_HHDB_HM,
  CQ6_HHDB_COMMENDATION,
  CQ6_HHDB_AWARD,   /* any of the three */
  CQ6_HHDB_SPECIAL, /* words only */
  CQ6_HHDB_MAX,
  CQ6_HHDB_SORT
};
enum {
  CQ6_HHDB_WANT_SPECIAL = 1 << 0, /* `special`: only special awards */
  CQ6_HHDB_WANT_MAX     = 1 << 1, /* `max`: the last of a shared rank */
  CQ6_HHDB_LOGICAL_USE  = 1 << 2, /* only tested: a special award matches */
  CQ6_HHDB_WANT_RANK    = 1 << 3, /* a special award's rank too (`hhdb sort`) */
  CQ6_HHDB_WANT_KIND    = 1 << 4  /* the award's place in `hhdb sort`'s order */
};

/* CQ6_PIECENAME.which: `piecename` ("K", "p", "_" for an empty square),
 * `typename` (the letter in upper case), `type` (1 pawn ... 6 king, 0
 * empty), `colortype` (the type, negated for Black). */
enum {
  CQ6_PIECENAME_NAME,
  CQ6_PIECENAME_TYPENAME,
  CQ6_PIECENAME_TYPE,
  CQ6_PIECENAME_COLORTYPE
};

/* CQ6_MATE_FAMILY.which: the kind of mate (the stalemates from
 * CQ6_MATEF_PURESTALEMATE on). */
enum {
  CQ6_MATEF_PURE,
  CQ6_MATEF_MODEL,
  CQ6_MATEF_IDEAL,
  CQ6_MATEF_PURESTALEMATE,
  CQ6_MATEF_MODELSTALEMATE,
  CQ6_MATEF_IDEALSTALEMATE
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
  CQ6_MOVE_PSEUDOLEGAL = 1 << 7, /* the pseudo-legal moves, not the game's */
  /* The value, from the parameter written first: the set of the from (to,
   * capture) squares of the moves that pass; or (count) their number. */
  CQ6_MOVE_SET_FROM    = 1 << 8,
  CQ6_MOVE_SET_TO      = 1 << 9,
  CQ6_MOVE_SET_CAPTURE = 1 << 10,
  CQ6_MOVE_COUNT       = 1 << 11
};

/* CQ6_FIND.which */
enum {
  CQ6_FIND_BACKWARD = 1 << 0, /* `find <--`: the position and its ancestors */
  CQ6_FIND_ALL      = 1 << 1, /* `find all` */
  CQ6_FIND_QUIET    = 1 << 2,
  CQ6_FIND_RANGE    = 1 << 3  /* a count range was given */
};

/* CQ6_ECHO.number */
enum {
  CQ6_ECHO_IN_ALL         = 1 << 0, /* `in all`: the source is a target too */
  CQ6_ECHO_QUIET          = 1 << 1,
  CQ6_ECHO_SAME_PLACEMENT = 1 << 2  /* the body requires `source & target == .` */
};

/* In CQ6_ECHO.directions: the pair must differ on exactly one square.  Its
 * contents change from one thing to another, so the material differs: by
 * one piece (one put on or taken off) or two (one replaced). */
#define CQ6_ECHO_EXACTLY_ONE 0x80

/* The body's first filters among which echo looks for pair tests
 * (Cq6Filter.pair_parts: bit i for the body's filter i; bit
 * CQ6_ECHO_PAIR_SECOND + i when its side read at the source is its
 * second). */
#define CQ6_ECHO_PAIR_TESTS_MAX 8
#define CQ6_ECHO_PAIR_SECOND    32

/* CQ6_LINE.which */
enum {
  CQ6_LINE_BACKWARD    = 1 << 0, /* `<--`: towards the game's start */
  CQ6_LINE_PRIMARY     = 1 << 1, /* main continuations only */
  CQ6_LINE_SINGLECOLOR = 1 << 2, /* positions of one side to move */
  CQ6_LINE_NESTBAN     = 1 << 3, /* no line starts inside a matched one */
  CQ6_LINE_QUIET       = 1 << 4, /* no Start/End comments */
  CQ6_LINE_PATH        = 1 << 5, /* `path`: dash constituents are moves */
  CQ6_LINE_PIECEPATH   = 1 << 6, /* path piecepath: the focus pieces' ways */
  CQ6_LINE_VERBOSE     = 1 << 7, /* path verbose: each focus move numbered */
  CQ6_LINE_FOCUS_CAPTURE = 1 << 8, /* path focus capture: captures of focus
                                    * pieces are focus moves too */
  CQ6_LINE_KEEPALLBEST = 1 << 9,    /* path keepallbest: every longest route */
  CQ6_LINE_LASTPOSITION = 1 << 10,  /* line lastposition: its value is the
                                     * position the line ends at */
  CQ6_LINE_MAX         = 1 << 11,   /* path max F: args[2] is F */
  CQ6_LINE_FIRSTMATCH  = 1 << 12,   /* firstmatch: the first match found in
                                     * CQL 6.2's search order, not the longest */
  CQ6_LINE_SECONDARY   = 1 << 13,   /* line secondary: variations' moves only */
  CQ6_LINE_RANGE       = 1 << 14,   /* a range: the value must be within
                                     * range_min .. range_max */
  CQ6_LINE_ATOMIC      = 1 << 15,   /* path: its constituents change an atomic
                                     * variable (searched route by route) */
  CQ6_LINE_WRITES      = 1 << 16    /* path or line: its constituents write a
                                     * variable (searched route by route) */
};

/* CQ6_CURRENTMOVE.which: what the move that led to the position is
 * (`primary`, ..., logical) or where it went (`from`, `to`, sets). */
enum {
  CQ6_CURMOVE_PRIMARY, CQ6_CURMOVE_SECONDARY, CQ6_CURMOVE_ENPASSANT, CQ6_CURMOVE_NULL,
  CQ6_CURMOVE_CASTLE, CQ6_CURMOVE_OO, CQ6_CURMOVE_OOO, CQ6_CURMOVE_FROM, CQ6_CURMOVE_TO,
  CQ6_CURMOVE_EPSQUARE
};

/* CQ6_DASH.which */
enum {
  CQ6_DASH_CAPTURE     = 1 << 0, /* `[x]`: captures only */
  CQ6_DASH_PREVIOUS    = 1 << 1, /* `previous --`: the move that led here */
  CQ6_DASH_COUNT       = 1 << 2, /* `countmoves`: the number of moves */
  CQ6_DASH_LEGAL       = 1 << 3, /* `legal --`, countmoves legal */
  CQ6_DASH_PSEUDOLEGAL = 1 << 4  /* `pseudolegal --`, countmoves pseudolegal */
};

/* ORBIT value rule: sets are united, numbers give their maximum; with
 * CQ6_ORBIT_COUNT the value is the number of members that match, and the
 * orbit matches when it is within range_min .. range_max. */
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
 * @height: the levels of the tree from this node to its deepest leaf (1
 *   for a leaf), kept by _cq6_filter_add_arg() (CQ6_MAX_HEIGHT).
 * @designator: CQ6_DESIGNATOR.
 * @number: CQ6_NUMBER; @range_min, @range_max for direction ranges.
 * @string: CQ6_STRING, CQ6_TAG's name; CQ6_REGEX's, CQ6_COMMENT's and
 *   CQ6_MESSAGE's place in the query, "FILE:LINE:COL", for their run-time
 *   errors (owned).
 * @args, @n_args: the argument filters (owned; an entry may be NULL).
 * @regex: CQ6_REGEX's compiled pattern (owned).
 * @groups, @n_groups, @unanchored, @n_unanchored: a CQ6_ORBIT's anchor
 *   index (_cq_anchor_index_build()), when it has many members: a member
 *   that needs a piece on one square is tried only where one stands.
 * @pair_parts: CQ6_ECHO: the mask of its body's filters that compare a
 *   side read at the source only with one read at the target only, or
 *   that are square loops over all their squares of such a comparison
 *   (cq6-positions-reader.c), tested on cached values before the body.
 */
struct _Cq6Filter {
  guint16       kind;
  guint8        type;
  guint8        directions;
  guint32       which;
  guint         line;
  guint         column;
  guint         height;
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
  GRegex        *regex;
  guint64        pair_parts;
};

/**
 * Cq6Var:
 * A variable of the query (CQL 6 reference, "variables"), named when
 * first assigned; its type is fixed from then on.
 * @name: its name (owned).
 * @type: the type of its value: a set, a number, a string or a position.
 * @piece: a piece variable (`piece x in ...`): it holds a piece id and
 *   its value is the square of that piece (a set).
 * @persistent: keeps its value from game to game.
 * @quiet: `persistent quiet`: not printed at the end of the run.
 * @atomic: declared `atomic` (CQL 6 reference "atomic"): a path that
 *   changes it puts it back on each route it abandons (cq6-line-routes.c);
 *   the same as any variable elsewhere.
 * @atomic_decl: the first `atomic X = F` that declares it (not owned).
 * @dict: a dictionary (owned, cq6-dictionary.c), or NULL: a dictionary's
 *   @type is CQ6_TYPE_LOGICAL, @persistent set unless it is `local`.
 * @uses: how many times the query's text names it (_cq6_find_var());
 *   @additions: how many of those are `+=` or `-=` of a number onto it;
 *   @reset: some assignment to it is not one of those.  A persistent
 *   number named only so is a sum over the games, which a search in parts
 *   can add up (_cq6_program_persistent_additive()).
 */
typedef struct {
  char    *name;
  Cq6Type  type;
  gboolean piece;
  gboolean persistent;
  gboolean quiet;
  gboolean atomic;
  const Cq6Filter *atomic_decl;
  struct _Cq6Dict *dict;
  guint    uses;
  guint    additions;
  gboolean reset;
} Cq6Var;

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
 * @body_tag_filters: copies of the body's leading filters that read only
 *   the tags (a CQ6_COMPOUND, or NULL; cq6-program.c): a game where one
 *   fails matches nowhere, so they are run with @game_filters.
 * @vars: the variables (#Cq6Var, owned), indexed by CQ6_VARIABLE.which.
 * @functions: the functions (owned, cq6-loops.c), indexed by CQ6_CALL.which.
 * @sorts: the sort keys (owned, cq6-output.c), indexed by CQ6_SORT.which.
 * @matchcount_sort: 1 + the sort key of the header's `sort matchcount`
 *   (the number of matching positions), 0 without one.
 * @needs_ids: the body reads piece ids (pieceid, piece variables).
 * @stateful: the body holds a filter of kind CQ6_FIRST_STATEFUL or later.
 * @persistent: the values of the persistent variables (one per variable,
 *   unused for the others), kept from game to game; a query with
 *   persistent variables is searched on one thread
 *   (cq_query_needs_one_thread()).
 * @files: the folder `readfile` and `writefile` are confined to, and the
 *   files they opened (owned, cq6-files.c); NULL: both are refused.
 * @uses_files: the body holds a `readfile` or `writefile` (searched on one
 *   thread, in the games' order).
 */
struct _Cq6Program {
  Cq6Filter *body;
  Cq6Filter *game_filters;
  Cq6Filter *body_tag_filters;
  char      *input;
  char      *output;
  char      *matchstring;
  gboolean   variations;
  gboolean   quiet;
  gboolean   silent;
  gint64     matchcount_min;
  gint64     matchcount_max;
  GPtrArray *vars;
  GPtrArray *functions;
  GPtrArray *sorts;
  guint      matchcount_sort;
  gboolean   needs_ids;
  gboolean   stateful;
  gboolean   regex_groups; /* `\N` is used: `~~` keeps its groups */
  /* `lastgamenumber`: whether the query reads it, the last game number of
   * the header's `gamenumber` range (0: none), and its value for the
   * search, set by it (0: unknown, then it has no value). */
  gboolean   uses_last_game_number;
  /* A `gamenumber` filter or header range: results depend on game numbers. */
  gboolean   reads_game_number;
  gint64     header_last_game;
  gint64     last_game_number;
  GPtrArray *similar;      /* the submissions files of `similarposition`
                            * (Cq6Similar, owned, cq6-similar.c), or NULL */
  struct _Cq6Slot *persistent;
  Cq6Files  *files;
  gboolean   uses_files;
  /* path filter -> guint8 per variable, 1 for an atomic variable declared
   * only after the path: an ordinary variable there (cq6-edits.c), or
   * NULL when no path has one. */
  GHashTable *late_atomic;
  char      *filename;     /* the query's file name for messages, or NULL */
};

/* Tokens of the lexer. */
typedef enum {
  CQ6_TOK_END,
  CQ6_TOK_WORD,        /* an identifier or a keyword: text */
  CQ6_TOK_DESIGNATOR,  /* a piece designator: designator */
  CQ6_TOK_NUMBER,      /* number */
  CQ6_TOK_STRING,      /* text (without quotes, escapes applied) */
  CQ6_TOK_PUNCT        /* text: ( ) { } , & | ~ # + - * / % < <= == >= > != = */
} Cq6TokenKind;

/* The text of the PUNCT token that ends a `///` line comment filter: the
 * tokenizer puts it at the first line break after the `///`. */
#define CQ6_LINE_COMMENT_END "end of ///"

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
/**
 * Cq6Parser:
 * The reader's state, shared by the files that read parts of the
 * language (cq6-parser.c, cq6-expr.c and cq6-program.c the expressions
 * and the header; cq6-vars.c, cq6-loops.c, cq6-positions-reader.c,
 * cq6-line-reader.c, cq6-output.c their filters).
 * @prog: the program being read (its variables, functions and sorts).
 * @params: while a function's body is read for a call: its parameters'
 *   names to the variables passed (cq6-loops.c); else NULL.
 * @call_depth: how many function bodies are being read.
 * @path_depth: how many `path` filters' constituents are being read.
 * @path_item: 1 + the index of the first token of the path constituent
 *   being read (a dash filter that begins there is the path's, see
 *   cq6-line-reader.c); 0 when none.
 * @in_substring: how many string indexes `S[i:j]` are being read (their
 *   `:` is not a position's).
 * @depth: how deep the reader's recursion is (_cq6_nest_enter()).
 * @expanded: the tokens read again for function calls so far
 *   (CQ6_MAX_EXPANDED_TOKENS).
 * @unread_op: 1 + the index of a binary operator left unread because the
 *   filter on its left is not of its type (CQL 6.2 leaves it to an
 *   enclosing filter: in `◭X∊S {F} | T` the body F is logical, so the `|`
 *   joins the loop, a set, and T); 0 when none.  @unread_left is that
 *   filter's first token, @unread_type its type, @unread_want the type the
 *   operator needs: the message when no enclosing filter takes it.
 */
typedef struct {
  GArray     *tokens;
  guint       pos;
  const char *filename;
  GError    **error;
  Cq6Program *prog;
  GHashTable *params;
  guint       call_depth;
  guint       path_depth;
  guint       path_item;
  guint       unread_op;
  const Cq6Token *unread_left;
  Cq6Type     unread_type;
  Cq6Type     unread_want;
  guint       in_substring;
  guint       depth;
  gsize       expanded;
  /* The variables' indexes (cq6-vars.c) and the functions (cq6-loops.c)
   * by name, or NULL before the first. */
  GHashTable *names;
  /* The last suffix fence scan of a constituent (cq6-line-reader.c). */
  gboolean    fence_valid;
  guint       fence_from, fence_stop, fence_depth, fence;
} Cq6Parser;

/* How deep the reader may recurse: brackets, braces, prefix operators
 * (`not`, `-`, `~`, `#`), keywords with an argument (`flip`, `find`...),
 * comparisons and function calls inside one another.  Each level costs
 * about 20 frames of the reader's recursive descent, so the bound keeps
 * the reader within a small part of a thread's stack (sanitizers
 * included); CQL 3 stops at 64. */
#define CQ6_MAX_NESTING 200
/* The most levels of the filter tree, counted from any node down to its
 * deepest leaf (Cq6Filter.height): chains of binary operators such as `a
 * | b | c` or `x + y + z` add one level per operator without recursion of
 * the reader.  Every walk of the tree after reading (checks, ordering,
 * evaluation, freeing) recurses at most this deep. */
#define CQ6_MAX_HEIGHT 1000
/* The most tokens function calls may read again (each call reads its
 * function's body at its place): a bound on the expanded query's size,
 * counted before each body is read. */
#define CQ6_MAX_EXPANDED_TOKENS 1000000

/**
 * _cq6_nest_enter:
 * One more level of the reader's recursion, at @t; FALSE with the error
 * "FILE:LINE:COL: the query nests more than 200 deep here" set on @p
 * (CQ_QUERY_ERROR_SEMANTIC) past CQ6_MAX_NESTING, and the level not
 * taken.  Each TRUE is matched by one _cq6_nest_leave().
 */
gboolean   _cq6_nest_enter      (Cq6Parser *p, const Cq6Token *t);
void       _cq6_nest_leave      (Cq6Parser *p);
/**
 * _cq6_height_check:
 * @f (transfer full, may be NULL) itself if its tree is at most
 * CQ6_MAX_HEIGHT levels high; else NULL with the error "FILE:LINE:COL:
 * ... more than 1000 levels" set on @p at the node where the tree passes
 * the bound (@f freed).
 */
Cq6Filter *_cq6_height_check    (Cq6Parser *p, Cq6Filter *f);
/**
 * _cq6_tree_height_ok:
 * Works out again, without recursion, the height of every node of
 * @root's tree (a node changed after it was added to its parent leaves
 * the parent's stale); FALSE with the error of _cq6_height_check() set on
 * @p if @root is more than @max levels high (@root is not freed).  Run
 * once on the whole query before any recursive walk of it.
 */
gboolean   _cq6_tree_height_ok  (Cq6Parser *p, Cq6Filter *root, guint max);
/**
 * _cq6_tree_has_kind:
 * Whether @f (may be NULL) or a filter below it is of kind @a or @b
 * (give a twice for one kind).
 */
gboolean   _cq6_tree_has_kind   (const Cq6Filter *f, Cq6Kind a, Cq6Kind b);

/* The reader's primitives (cq6-parser.c). */
Cq6Token  *_cq6_peek            (Cq6Parser *p);
Cq6Token  *_cq6_peek_at         (Cq6Parser *p, guint ahead);
Cq6Token  *_cq6_advance         (Cq6Parser *p);
gboolean   _cq6_is_word         (const Cq6Token *t, const char *word);
gboolean   _cq6_is_punct        (const Cq6Token *t, const char *punct);
/* Sets the error (@code, a CqQueryError) at @t's line and column, once;
 * returns FALSE. */
gboolean   _cq6_fail_at         (Cq6Parser *p, const Cq6Token *t, int code,
                                 const char *format, ...) G_GNUC_PRINTF (4, 5);

/* The token as the user wrote it (in its ASCII spelling). */
char      *_cq6_token_text      (const Cq6Token *t);

/* At an operator left unread because its left side is not of its type
 * (Cq6Parser's @unread_op): sets the error "`op` needs ... here, but this
 * is ..." at that left side and returns TRUE; else FALSE. */
gboolean   _cq6_fail_unread_op  (Cq6Parser *p);

/* Takes the punctuation @punct, else CQ_QUERY_ERROR_SYNTAX "expected
 * '@punct' @what, found ...".  Returns FALSE on error. */
gboolean   _cq6_expect_punct    (Cq6Parser *p, const char *punct, const char *what);

/* cq6-tree.c: a new filter node of @kind and @type at @at's line and
 * column, with no argument, with @arg, or with @a and @b (taken). */
Cq6Filter *_cq6_node            (Cq6Kind kind, Cq6Type type, const Cq6Token *at);
Cq6Filter *_cq6_node1           (Cq6Kind kind, Cq6Type type, const Cq6Token *at, Cq6Filter *arg);
Cq6Filter *_cq6_node2           (Cq6Kind kind, Cq6Type type, const Cq6Token *at,
                                 Cq6Filter *a, Cq6Filter *b);
/* @f (read from the token @at, where an error is reported) itself if it
 * has the type @want (or is NULL), else NULL with a
 * CQ_QUERY_ERROR_SEMANTIC naming @where (and @f freed). */
Cq6Filter *_cq6_want_type       (Cq6Parser *p, const Cq6Token *at, Cq6Filter *f,
                                 Cq6Type want, const char *where);

/* Starts a filter: not a closing bracket, an infix operator or the end. */
gboolean   _cq6_starts_filter   (const Cq6Token *t);

/* The levels of the grammar, loosest first: a whole filter (or/and), not,
 * sums, unions, a primary (a word with its arguments, a designator, a
 * number, a string, a braced or parenthesised filter). */
Cq6Filter *_cq6_parse_filter    (Cq6Parser *p);
Cq6Filter *_cq6_parse_not       (Cq6Parser *p);
Cq6Filter *_cq6_parse_add       (Cq6Parser *p);
/* Products: `*`, `/`, `%` (and below them unary minus, counts, sets). */
Cq6Filter *_cq6_parse_mul       (Cq6Parser *p);
Cq6Filter *_cq6_parse_union     (Cq6Parser *p);
/* A set expression without a dash tied to it: unions, intersections,
 * complements and the attack arrows (the to-set of a dash filter). */
Cq6Filter *_cq6_parse_set_expression (Cq6Parser *p);

/* A primary, then `:` and a filter to evaluate at the position it gives
 * (`parent:check`, `source:pieceid x`): `:` binds tightest (CQL 6
 * reference, "colon"). */
Cq6Filter *_cq6_parse_primary   (Cq6Parser *p);

/* cq6-parser.c: a filter named by the word @t (already taken); the
 * game's tag filters (@kind, the tag @name or @which player). */
Cq6Filter *_cq6_parse_word      (Cq6Parser *p, Cq6Token *t);

/* `tag "Name"`, `event`, `site`, `date`, `eco`, `player [white|black]`:
 * a string filter, or with a following string the substring test. */
Cq6Filter *_cq6_parse_tag       (Cq6Parser *p, const Cq6Token *t, Cq6Kind kind,
                                 const char *name, guint32 which);

/* cq6-files.c: `readfile NAME` and `writefile (NAME TEXT)` when @t is one
 * of them (TRUE, *@out the filter or NULL with the error set: refused
 * with CQ_QUERY_ERROR_FILES when the program has no folder for files);
 * FALSE for another word. */
gboolean   _cq6_parse_files_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);

/* "a logical filter", "a set filter", ...: for messages. */
const char *_cq6_type_name      (Cq6Type type);
/* cq6-expr.c: the level of the direction filters; light and dark are read
 * at this level too (their argument is a primary). */
Cq6Filter *_cq6_parse_direction (Cq6Parser *p);
/* The filters up to @close ('}' or ')'), the opening token @open already
 * read, as a CQ6_COMPOUND. */
Cq6Filter *_cq6_parse_sequence  (Cq6Parser *p, const Cq6Token *open, const char *close);
gboolean   _cq6_parse_int       (Cq6Parser *p, gint64 *out, const char *what);

/* `equal(X Y)` (@t, read): CQL 6.2's comparison of any two values (the
 * same kind and value, or neither has one).  NULL with the error set on @p
 * when the arguments do not fit. */
Cq6Filter *_cq6_parse_equal    (Cq6Parser *p, const Cq6Token *t);

/* A set-valued argument read at the level of the direction filters. */
Cq6Filter *_cq6_parse_set_arg   (Cq6Parser *p, const char *where);
/* cq6-moves.c: `move` and its parameters after the word @t (CQL 6
 * reference "move"); NULL with @p's error set. */
Cq6Filter *_cq6_parse_move      (Cq6Parser *p, const Cq6Token *t);

#define CQ6_TYPE_ANY ((Cq6Type) 0xFF)

/* A parenthesised list of filters, `(F G ...)`, e.g. `max(#A #a 3)`,
 * `ray(Q _ k)`: between @min and @max filters of type @type (or of any
 * type: CQ6_TYPE_ANY) added to @f's arguments; @name, the filter's, for
 * messages.  FALSE with the error set on @p otherwise. */
gboolean   _cq6_parse_arg_list  (Cq6Parser *p, Cq6Filter *f, Cq6Type type, guint min,
                                 guint max, const char *name);

/* One integer, or two (@lo, @hi; one gives both), for @what's range;
 * FALSE with an error on @p if there is no integer. */
gboolean   _cq6_parse_range     (Cq6Parser *p, gint64 *lo, gint64 *hi, const char *what);

/* The index of the variable @name (cq6-vars.c), declared with @type
 * if it is new; -1 with an error on @p if @name is a word of CQL or a
 * variable of another type (`echo`'s position variables). */
int        _cq6_declare_var     (Cq6Parser *p, const Cq6Token *name, Cq6Type type);

/* cq6-vars.c: the index of the variable @name in scope (a parameter of
 * the function being read names the variable passed for it), or -1; a new
 * variable @name of @type (@piece: a piece variable), its index. */
int        _cq6_find_var        (Cq6Parser *p, const char *name);
guint      _cq6_add_var         (Cq6Parser *p, const char *name, Cq6Type type,
                                 gboolean piece);
/* The index of the query's variable named @name (no parameters looked
 * at), or -1; from a table by name, not a search. */
int        _cq6_var_index       (Cq6Parser *p, const char *name);
/* cq6-vars.c: the assignment operator @t is (`=`, `+=`, ... `&=`), or
 * NULL; `name = value`, `name += value`, ... with the name @name already
 * read and the operator next (@persistent: `persistent name ...`).
 * Returns the CQ6_ASSIGN filter, or NULL with an error on @p. */
const char *_cq6_assign_op       (const Cq6Token *t);
Cq6Filter  *_cq6_parse_assignment (Cq6Parser *p, Cq6Token *name, gboolean persistent);
/* cq6-vars.c: whether @name is a word of CQL 6 (its keyword table), which
 * no variable or dictionary may be named. */
gboolean   _cq6_is_reserved     (const char *name);
/* cq6-vars.c: a piece assignment, `piece X = S` or `◭X = S`, its first
 * word @t and the name @name read and `=` next (@shown and @gap spell the
 * first word for messages: "piece" " " or "◭" ""). Returns the CQ6_ASSIGN
 * filter, or NULL with an error on @p. */
Cq6Filter  *_cq6_parse_piece_assignment (Cq6Parser *p, Cq6Token *t, Cq6Token *name,
                                         const char *shown, const char *gap);

/* The words each part of the reader knows.  Each returns FALSE if the
 * word @t (already read) is not one of its filters; else TRUE, with
 * *@out the filter or NULL on an error (set on @p). */
gboolean   _cq6_parse_vars_word      (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
gboolean   _cq6_parse_loops_word     (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
gboolean   _cq6_parse_positions_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
gboolean   _cq6_parse_line_word      (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
/**
 * _cq6_parse_line_params:
 * Reads the parameters of the line or path @f (@t its word, read; @f's
 * which has CQ6_LINE_PATH for a path) up to its constituents, into @f's
 * which, range and string; path's focus set and `max` filter go to
 * *@focus_out and *@max_out (owned by the caller, NULL if not given).  A
 * line's `<--` sets CQ6_LINE_BACKWARD (the arrow is not read).  Refuses,
 * as CQL 6.2 does, a parameter given twice, one of path's after `line`,
 * and parameters that do not go together.
 * Returns: FALSE with the error set on @p (nothing to free).
 */
gboolean   _cq6_parse_line_params    (Cq6Parser *p, const Cq6Token *t, Cq6Filter *f,
                                      Cq6Filter **focus_out, Cq6Filter **max_out);
gboolean   _cq6_parse_output_word    (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
/**
 * _cq6_parse_path_status_word:
 * Reads pathstart, pathcount, pathcountunfocused, pathlastposition or
 * pathdebug (@t, read) into *@out (NULL and the parser's error set on a
 * refusal: pathdebug outside a path).  Inside a path's constituents or
 * `max` (p->path_depth > 0) they read that path; outside, the last path
 * that matched in the game (CQL 6 reference, "path status filters").
 * Returns: whether @t is one of these words.
 */
gboolean   _cq6_parse_path_status_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
/**
 * _cq6_path_status_in_search:
 * Whether @f reads the route being searched of the path it is in
 * (pathcount, pathcountunfocused, pathlastposition, pathdebug inside a
 * path): such a path is searched route by route (cq6-line-routes.c).
 */
gboolean   _cq6_path_status_in_search (const Cq6Filter *f);
gboolean   _cq6_parse_dict_word      (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
gboolean   _cq6_parse_edit_word      (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
/* cq6-edits.c: after the query is read, gives each `isbound NAME` in @f
 * written before any variable NAME existed the variable of that name, if
 * the query has one (else it stays never bound, as in CQL 6.2). */
void       _cq6_resolve_bound_names  (Cq6Program *prog, Cq6Filter *f);
/* cq6-edits.c: marks CQ6_LINE_WRITES each `path` or `line` whose
 * constituents write a variable or a dictionary's entry (CQL 6.2 tries
 * the routes one by one, and what the last route tried wrote stays:
 * docs/cql6-rulings.md), and CQ6_LINE_ATOMIC each path whose constituents
 * change an `atomic` variable declared before the path (CQL 6 reference
 * "atomic": the path puts it back on each route it abandons).  An atomic
 * variable declared only after a path is an ordinary variable in that
 * path, as in CQL 6.2 (@prog's late_atomic records it); elsewhere an
 * atomic variable is any variable. */
void       _cq6_check_atomic         (Cq6Program *prog);
/* cq6-edits.c: is variable @index atomic in the path @path (declared
 * atomic before it)? */
gboolean   _cq6_atomic_in_path       (const Cq6Program *prog, const Cq6Filter *path,
                                      guint index);
/* The same for a punctuation token that starts a filter (`-->`, `--`, ...). */
gboolean   _cq6_parse_line_punct     (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
/* After a primary @left, which began at token @start: a `--` or `[x]`
 * written right after it makes @left the from-set of a dash filter
 * (`Ba1--h8`).  Returns (transfer full) that dash filter, @left itself
 * when no dash follows, or NULL on an error (@left freed). */
Cq6Filter *_cq6_parse_line_infix     (Cq6Parser *p, Cq6Filter *left, guint start);

/* cq6-strings.c: `int`, `ascii`, `lowercase`, `uppercase`, `indexof`
 * (as the other _cq6_parse_*_word()). */
gboolean   _cq6_parse_strings_word   (Cq6Parser *p, Cq6Token *t, Cq6Filter **out);
/* After the primary @f (which starts at @at; taken): a string's `[i]`,
 * `[i:j]`, a string variable's `[i:j] = T`, and `~~ "pattern"`, in turn, as
 * CQL 6.2 reads them (binding tighter than every operator but `:`).
 * Returns (transfer full) the filter, or NULL on an error (@f freed). */
Cq6Filter *_cq6_parse_string_postfix (Cq6Parser *p, const Cq6Token *at, Cq6Filter *f);
/* `S + T`, two strings joined (@t the `+`; @left, @right taken). */
Cq6Filter *_cq6_concat               (const Cq6Token *t, Cq6Filter *left, Cq6Filter *right);
/* `fen "FEN"` (@t the word, @text the string): the position's placement
 * is the FEN's (CQL 6 reference "fen"); NULL with a syntax error at @text
 * when the placement is not 64 squares. */
Cq6Filter *_cq6_parse_fen_placement  (Cq6Parser *p, const Cq6Token *t, const Cq6Token *text);
/* The message when @f, a string filter written where it is only matched,
 * has a value that nothing uses and CQL 6.2 stops on (`"a" + "b"`,
 * `str (...)`) or never matches (`lowercase S`); NULL for the others. */
const char *_cq6_string_value_unused (const Cq6Filter *f);

/* cq6-dictionary.c: `#D` for @dict, a CQ6_DICT filter read after `#` (@t):
 * the number of its entries. */
Cq6Filter *_cq6_dict_count           (Cq6Filter *dict, const Cq6Token *t);
/* Checks the body read: refuses (CQ_QUERY_ERROR_SEMANTIC) a `#D` or `fen`
 * used only as a match, a dictionary written in a comment or message, and
 * an assignment to the variable of a loop over a dictionary's keys. */
gboolean   _cq6_check_dict_uses      (Cq6Program *prog, const char *filename,
                                      GError **error);
void       _cq6_dict_free            (struct _Cq6Dict *dict);

/* Frees what cq6-vars.c and cq6-output.c keep in a program. */
void       _cq6_program_free_vars    (Cq6Program *prog);
void       _cq6_program_free_output  (Cq6Program *prog);
guint      _cq6_add_sort_key         (Cq6Program *prog, const char *label, gboolean min);
/* cq6-output.c: the filter `sort [quiet] [min] "label" ARG` would be,
 * @arg (a number or string filter) owned; @label may be NULL (a new
 * unlabelled key).  A label shares the key of the earlier sorts with it
 * (CQL 6.2's sort variable); NULL with @p's error set when that key
 * sorts values of another type. */
Cq6Filter *_cq6_sort_filter          (Cq6Parser *p, const Cq6Token *t, const char *label,
                                      gboolean quiet, gboolean min, Cq6Filter *arg);

Cq6Filter  *_cq6_filter_new     (Cq6Kind kind, Cq6Type type, guint line, guint column);
void        _cq6_filter_add_arg (Cq6Filter *filter, Cq6Filter *arg);
/* Appends the filters of @args (transfer full: they become @filter's
 * arguments, @args is emptied) in one step: for lists of any length,
 * where adding one by one would copy the list at each step. */
void        _cq6_filter_add_args (Cq6Filter *filter, GPtrArray *args);
/* Sets @filter's argument @i (which must exist; the old one is the
 * caller's), or puts @arg before its arguments; the height follows. */
void        _cq6_filter_set_arg  (Cq6Filter *filter, guint i, Cq6Filter *arg);
void        _cq6_filter_prepend_arg (Cq6Filter *filter, Cq6Filter *arg);
void        _cq6_filter_free    (Cq6Filter *filter);
Cq6Filter  *_cq6_filter_copy    (const Cq6Filter *filter);
gboolean    _cq6_filter_equal   (const Cq6Filter *a, const Cq6Filter *b);

/* cq6-transform.c */

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
 * @count: the `count` form (any number of members matching); the caller
 *   narrows the orbit's range_min .. range_max for the range form.
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

/* cq6-eval.c */

/**
 * Cq6Val:
 * A filter's value, by its type: @set (squares), @num, @str (owned by the
 * query, the game, or the evaluation state's string chunk), @node (a
 * position).
 */
typedef struct {
  CqBitboard    set;
  gint64        num;
  const char   *str;
  const CqNode *node;
} Cq6Val;

/* cq6-squares.c: `piecename X`, `typename X`, `type X`, `colortype X`
 * (@which, CQ6_PIECENAME_*): what stands on @square, a set of one square
 * (FALSE, no value, for any other set). */
gboolean    _cq6_piecename      (const CqPosition *pos, CqBitboard square, guint32 which,
                                 Cq6Val *v);

/* cq6-hhdb.c: `hhdb` and its award parameters; the value of one in a
 * game whose Event tag is @event; marks the ones only tested. */
Cq6Filter  *_cq6_parse_hhdb     (Cq6Parser *p, const Cq6Token *t);
gboolean    _cq6_eval_hhdb      (const Cq6Filter *f, const char *event, Cq6Val *v);
void        _cq6_hhdb_mark_uses (Cq6Filter *f);

/* cq6-hhdb-keys.c: `hhdb KEY` for the keys that are not awards (read
 * from the token after `hhdb`, @t being `hhdb`), and `cql_hhdbhascook`. */
Cq6Filter  *_cq6_parse_hhdb_key (Cq6Parser *p, const Cq6Token *t);
Cq6Filter  *_cq6_parse_hhdb_hascook (Cq6Parser *p, const Cq6Token *t);

/* One group of a regular expression's match: @str NULL if it took no
 * part in the match; @start its byte offset in the text searched. */
typedef struct {
  const char *str;
  gint64      start;
} Cq6RegexGroup;

/* A variable's value in one evaluation (or, persistent, across games). */
typedef struct _Cq6Slot {
  gboolean bound;
  Cq6Val   val;   /* a piece variable: @num is the piece id */
} Cq6Slot;

/**
 * Cq6State:
 * What one game's evaluation keeps from position to position: the
 * variables' values, the piece ids of every position (built on first
 * use), the comments to write, the sort values, computed strings.
 */
typedef struct {
  const Cq6Program *program;
  const CqGame     *game;
  Cq6Slot          *slots;
  guint8          (*ids)[64];  /* per node index, or NULL until used */
  guint32           ids_done;  /* @ids holds the nodes of index below it */
  guint32           squares_done; /* @squares holds the nodes below it */
  const CqNode     *ids_next;  /* the node of index @ids_done, or NULL */
  guint8          (*squares)[64]; /* per node index, the square of each piece
                                   * id (0xFF: off the board), or NULL */
  const CqNode    **nodes;     /* by node index, or NULL until used */
  struct _Cq6MoveList *move_list; /* cq6-moves.c: the moves of the position
                                   * last asked for, or NULL until used */
  GArray           *comments;  /* #CqPositionComment, texts owned */
  GStringChunk     *strings;
  gint64           *sort_num;  /* per sort key: the best value so far */
  const char      **sort_str;
  gboolean         *sort_set;
  GArray           *messages;  /* #CqMessage, texts owned */
  GString          *scratch;   /* cq6-output.c: the texts being built, or NULL */
  guint             call_depth;
  struct _Cq6PosState *positions; /* cq6-positions.c, or NULL until used */
  struct _Cq6LineState *line;  /* cq6-line.c: per line filter, or NULL */
  /* While a dash filter's `(F)` is evaluated: its from- and to-sets, which
   * pick the king's or the rook's squares of castling for `from`, `to`. */
  gboolean          in_dash;
  CqBitboard        dash_from, dash_to;
  GArray           *groups;    /* #Cq6RegexGroup of the game's last `~~` match
                                * (empty: none, or it failed), or NULL */
  GTree           **dicts;     /* the local dictionaries' entries by variable
                                * index (cq6-dictionary.c), or NULL until used */
  char             *error;     /* a failed `assert` (or `cql_abort`): the search
                                * stops with this message; NULL */
  GArray           *edits;     /* #CqPositionComment with an edit (settag,
                                * removecomment), or NULL: kept when a filter
                                * fails, added to the comments at the end */
  struct _Cq6RegexMemo *regex_memo; /* cq6-regex.c: answers of `~~`, or NULL */
  gsize             string_bytes;   /* in @strings (_cq6_state_string_n()) */
  gsize             string_live;    /* in @strings after it was last compacted */
  gsize             position_string_bytes; /* made at the current position */
  gsize             text_bytes; /* of the texts `comment` and `message` wrote */
  guint             stop_ticks; /* _cq6_stopped() calls, to look at the flag */
  gboolean          stopped;   /* the search was stopped: every filter fails */
  guintptr          stack_base; /* an address in _cq6_match_game()'s frame:
                                 * how deep the recursive searches (line,
                                 * path) have gone is measured from it */
} Cq6State;

/**
 * Cq6Ctx:
 * Where a filter is evaluated: a position of the game (@node, @pos its
 * position), with the game's evaluation state @st.  @in_check and
 * @has_move cache the position's check and legal-move tests (-1: not yet).
 */
typedef struct {
  const Cq6Program *program;
  const CqGame     *game;
  const CqNode     *node;
  const CqPosition *pos;
  gint8             in_check;
  gint8             has_move;
  Cq6State         *st;
} Cq6Ctx;

/* `check` at @c's position: whether its side to move is in check, found
 * once and kept in @c->in_check (cq6-eval.c). */
gboolean    _cq6_in_check       (Cq6Ctx *c);

/* A context at @node with @c's game and state. */
static inline Cq6Ctx
_cq6_ctx_at (const Cq6Ctx *c, const CqNode *node)
{
  Cq6Ctx out = { c->program, c->game, node, &node->position, -1, -1, c->st };
  return out;
}

/* How many calls of _cq6_stopped() look at the game's stop flag once. */
#define CQ6_STOP_TICKS 256

/**
 * _cq6_stopped:
 * Whether the search was stopped (cq_game_is_stopped()), looked at once
 * every #CQ6_STOP_TICKS calls and remembered once seen, so that every
 * loop of the evaluator may ask at each round (find, echo, the walk over
 * the positions, square, piece and dictionary loops, while, the route
 * search of line and path).  Once TRUE the loops end, and with them the
 * evaluation (a filter without a loop ends by itself): the game's answer
 * means nothing and the search driver reports nothing about it.
 */
static inline gboolean
_cq6_stopped (const Cq6Ctx *c)
{
  Cq6State *st = c->st;

  if (G_UNLIKELY (st->stopped))
    return TRUE;
  if (G_LIKELY (++st->stop_ticks % CQ6_STOP_TICKS != 0))
    return FALSE;
  st->stopped = cq_game_is_stopped (c->game);
  return st->stopped;
}

/* Whether the game's evaluation is over: the search was stopped
 * (_cq6_stopped()) or a run-time error ended it (#Cq6State.error: a failed
 * assert, a regular expression that gave up, an overflow, a runaway loop).
 * The loops of the evaluator ask once a round and then end. */
static inline gboolean
_cq6_halted (const Cq6Ctx *c)
{
  return c->st->error != NULL || _cq6_stopped (c);
}

/* The stack a game's evaluation may use below _cq6_match_game(): the line
 * and path searches recurse once per position of a route, so a game of
 * thousands of plies (edge/chesslib/longest.pgn has 17,697) would
 * overflow a thread's stack (8 MiB by default; CQL 6.2 crashes there).
 * 4 MiB is over 8,000 plies of `line --> true+` (about 500 bytes a
 * ply), ten times the longest real game, and leaves half of the default
 * stack to the filters evaluated at the deepest point; docs/limits.md. */
#define CQ6_MAX_STACK_BYTES (4u << 20)

/* Sets the game's error (the search stops with it, as for the other
 * limits of a game's evaluation) for a search by @by that would go deeper
 * than #CQ6_MAX_STACK_BYTES; returns TRUE (cq6-game.c). */
gboolean    _cq6_stack_exhausted (Cq6Ctx *c, const Cq6Filter *by);

/* Whether a recursive search at @c has used up the game's stack budget
 * (and the error is set): it must then fail at once.  The stack grows
 * down on every platform the engine is built for, so the distance is the
 * frame base less the address of a local here. */
static inline gboolean
_cq6_too_deep (Cq6Ctx *c, const Cq6Filter *by)
{
  char here;

  if (G_LIKELY (c->st->stack_base - (guintptr) &here < CQ6_MAX_STACK_BYTES))
    return FALSE;
  return _cq6_stack_exhausted (c, by);
}

/* Evaluates @f at @c's position: TRUE if it matches, with its value in @v. */
gboolean    _cq6_eval           (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);

/* The kinds each part of the evaluator handles.  Never inlined: _cq6_eval()
 * passes them on with a jump and must keep no stack frame of its own (a
 * function called from one place alone would otherwise be inlined into
 * it, and its frame with it). */
G_NO_INLINE gboolean _cq6_eval_vars (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/* A variable (CQ6_VARIABLE) that _cq6_eval() does not read itself: a
 * piece variable (the square of its piece) or one not bound.  Apart from
 * _cq6_eval_vars(), whose frame is that of assignments. */
G_NO_INLINE gboolean _cq6_eval_variable (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/* An assignment (CQ6_ASSIGN), passed on by _cq6_eval() straight to a
 * frame of its own: a loop's body often assigns at each round (`C = C ∪
 * T`), and _cq6_eval_vars()'s dispatch and frame would double its cost. */
G_NO_INLINE gboolean _cq6_eval_assign (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
G_NO_INLINE gboolean _cq6_eval_loops (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
G_NO_INLINE gboolean _cq6_eval_positions (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/* cq6-line.c: does @f read the route of the path it is in (not of a path
 * inside it): pathcount, pathlastposition, pathdebug?  Such a path is
 * searched route by route (cq6-line-routes.c). */
gboolean    _cq6_reads_path_route (const Cq6Filter *f);
G_NO_INLINE gboolean _cq6_eval_line (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/**
 * _cq6_eval_path_status:
 * Evaluates a path status filter (CQ6_PATHSTART, CQ6_PATHCOUNT,
 * CQ6_PATHLASTPOSITION, CQ6_PATHDEBUG) at @c into @v; FALSE where it has
 * no value (no path started, none matched yet in the game).
 */
G_NO_INLINE gboolean _cq6_eval_path_status (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/**
 * _cq6_path_status_record:
 * Remembers the path that matched from @start to @last with @count focus
 * moves, for the path status filters outside every path; the game's
 * line state (_cq6_line_state_ensure()) must exist.
 */
void        _cq6_path_status_record (Cq6Ctx *c, const CqNode *start, const CqNode *last,
                                     gint32 count);
G_NO_INLINE gboolean _cq6_eval_current_move (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
G_NO_INLINE gboolean _cq6_eval_move (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
G_NO_INLINE gboolean _cq6_eval_output (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/* cq6-strings.c: CQ6_CONCAT, CQ6_SUBSTRING, CQ6_STRING_OP, CQ6_SUBSTRING_ASSIGN. */
G_NO_INLINE gboolean _cq6_eval_strings (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);

G_NO_INLINE gboolean _cq6_eval_edit (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/* cq6-edits.c: moves the game's edits of the output game (settag,
 * removecomment; #Cq6State.edits) to the end of @comments (NULL: drops
 * them). */
void        _cq6_edits_finish   (Cq6State *st, GArray *comments);
/* Frees a #CqPositionComment's text: the clear function of the arrays of
 * them. */
void        _cq6_position_comment_clear (gpointer data);

/* cq6-files.c: `readfile` (its value, the file's contents) and
 * `writefile`; a run-time error makes them fail and is kept
 * (cq_query_get_run_error()). */
G_NO_INLINE gboolean _cq6_eval_files (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);

/* The ids of the pieces in @node's position (the same as
 * cq_game_piece_ids() gives), from the state's table of the nodes' ids,
 * by pre-order index, 64 bytes each, owned by the state: filled in
 * pre-order up to @node on demand (each node's from its parent's and its
 * move, the parent's index being below), so that a query that asks only
 * for the first positions' ids does not pay for the whole game's. */
const guint8 *_cq6_piece_ids    (Cq6Ctx *c, const CqNode *node);

/* The square (a1 = 0 ... h8 = 63) of the piece with id @id in @node's
 * position, or -1 if it is not on the board (captured, or no such id):
 * the inverse of _cq6_piece_ids(), from a table of the nodes' squares by
 * id, filled in pre-order up to @node on demand as the ids are, so that
 * reading a piece variable costs no scan of the board. */
int           _cq6_piece_square (Cq6Ctx *c, const CqNode *node, guint id);

/* The square of the piece with id @id at @node as a one-square set (0
 * when it is not on the board) if the table of _cq6_piece_square() holds
 * @node already, as *@set; FALSE when it does not (then the call does
 * it).  A piece loop's body reads its variable at each round: read here,
 * inline, without a call. */
G_ALWAYS_INLINE static inline gboolean
_cq6_piece_bit_known (const Cq6State *st, const CqNode *node, gint64 id, CqBitboard *set)
{
  guint8 sq;

  if ((guint64) id >= 64)
    {
      *set = 0;
      return TRUE;
    }
  if (st->squares == NULL || st->squares_done <= node->index)
    return FALSE;
  sq = st->squares[node->index][id];
  *set = sq == CQ_PIECE_ID_NONE ? 0 : CQ_BIT (sq);
  return TRUE;
}

/* cq6-moves.c: the legal (@legal) or pseudo-legal moves of @c's
 * position into *@n; the array is the state's, valid until the next
 * call.  Computed once for a position however many filters ask in turn
 * (`legal I――` for each I of a set). */
const CqMove *_cq6_position_moves (Cq6Ctx *c, gboolean legal, guint *n);

/* Whether @a is an ancestor of @b in @c's game, not @b itself. */
gboolean _cq6_node_is_ancestor (Cq6Ctx *c, const CqNode *a, const CqNode *b);

/* The node of @c's game whose pre-order index is @index, or NULL; from a
 * walk of the whole tree made on first use. */
const CqNode *_cq6_node_by_index (Cq6Ctx *c, guint32 index);

/**
 * _cq6_arith:
 * @f: the filter written with the operator (for the error's place)
 * @op: '+', '-', '*', '/' or '%'
 * Sets *@out to @a @op @b, 64-bit and exact (division truncates toward
 * zero, `%` has the dividend's sign).  Returns FALSE for no value: a
 * division by zero (ruling 4), or a result beyond the 64-bit integers,
 * which also stops the search with "FILE:LINE:COL: `op` overflows: ..."
 * (#Cq6State.error; cq6-arith.c).
 */
gboolean _cq6_arith  (const Cq6Filter *f, Cq6Ctx *c, char op, gint64 a, gint64 b,
                      gint64 *out);
/* `-a` and `abs a` (the same rule: the smallest number overflows). */
gboolean _cq6_negate (const Cq6Filter *f, Cq6Ctx *c, gint64 a, gint64 *out);
gboolean _cq6_abs    (const Cq6Filter *f, Cq6Ctx *c, gint64 a, gint64 *out);
/* The integer square root of @n >= 0: the r with r*r <= n < (r+1)*(r+1). */
gint64   _cq6_isqrt  (gint64 n);
/* The query's file name for messages ("<query>" when it has none). */
const char *_cq6_program_filename (const Cq6Program *prog);

/* A copy of @len bytes of @s (NUL added) that lives as long as the game's
 * evaluation (the state's string chunk): for computed string values.  Past
 * the bound of the strings one position may make, the evaluation stops
 * with an error naming @by's place in the query (nullable: the game and
 * position only) and "" is returned. */
const char *_cq6_state_string_n (Cq6Ctx *c, const Cq6Filter *by, const char *s, gsize len);

/* cq6-similar.c: `similarposition [nosort] [notransform] "file.pgn"`
 * (@t the word; the file is read here, relative to the working
 * directory, and a file that cannot be read is an error of the query);
 * the filter at @c: matches where the submissions hold a similar
 * position, commenting each, with the least submission game number. */
typedef struct _Cq6Similar Cq6Similar;
Cq6Filter  *_cq6_parse_similar  (Cq6Parser *p, const Cq6Token *t);
G_NO_INLINE gboolean _cq6_eval_similar (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
void        _cq6_similar_free   (Cq6Similar *sim);

/* cq6-hhdb-keys.c: the value of an `hhdb KEY` filter (CQ6_HHDB_KEY) at @c. */
gboolean    _cq6_eval_hhdb_key  (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);

/**
 * _cq6_eval_regex:
 * `S ~~ "re"` (@f, a CQ6_REGEX) with @subject the value of S at @c: TRUE
 * with the part of @subject the pattern matches first in @v->str (in the
 * game's strings), its groups kept for `\N`.  Answers are remembered for
 * the game (up to 16 MiB of subjects).  A match that gives up (PCRE2's
 * backtracking or memory limit) fails and sets the game's error
 * (#Cq6State.error: the search stops) naming @f's place in the query.
 */
gboolean    _cq6_eval_regex     (const Cq6Filter *f, Cq6Ctx *c, const char *subject, Cq6Val *v);
/* The memo of _cq6_eval_regex() (#Cq6State.regex_memo), NULL allowed. */
typedef struct _Cq6RegexMemo Cq6RegexMemo;
void        _cq6_regex_memo_free (Cq6RegexMemo *memo);
gboolean    _cq6_eval_regex_group (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
/* `while (S ~~ "re") body` (CQ6_WHILE, which 1): matches when S has a value. */
gboolean    _cq6_eval_regex_loop (const Cq6Filter *f, Cq6Ctx *c);

/* The most rounds of `while` and `loop` in one position (and of a
 * dictionary loop beyond the keys it started with): past it the search
 * stops with an error (_cq6_runaway_loop()), where CQL 6.2 would run for
 * ever or take very long. */
#define CQ6_MAX_WHILE_ROUNDS 10000
/* cq6-loops.c: stops the search (#Cq6State.error, once) because the loop
 * @f (@what: "while", "loop", "the loop over D") ran CQ6_MAX_WHILE_ROUNDS
 * rounds at the current position; returns FALSE. */
gboolean    _cq6_runaway_loop    (const Cq6Filter *f, Cq6Ctx *c, const char *what);

/* The most bytes of strings the filters may make at one position (the
 * strings of the game's variables are kept from position to position, the
 * rest dropped: _cq6_strings_compact()); past it the game's evaluation
 * stops with an error (docs/limits.md). */
#define CQ6_MAX_POSITION_STRING_BYTES ((gsize) 128 * 1024 * 1024)

/* The most bytes of text the `comment` and `message` filters may write in
 * one game (the bound of a game's own text): past it the game's evaluation
 * stops with an error naming the filter (docs/limits.md). */
#define CQ6_MAX_GAME_TEXT_BYTES ((gsize) 64 * 1024 * 1024)

/**
 * _cq6_strings_compact:
 * Called between two positions of the walk, when no string value is held
 * anywhere but in @st (the variables, the groups of the last `~~`, the
 * sort values): once the game's strings take more than twice what was
 * live at the last compaction (and over 1 MiB), the live strings are
 * copied to a new chunk and the old one freed, so memory follows the
 * strings the variables hold, not every value they took.  Starts the
 * count of the strings made at the next position.
 */
void        _cq6_strings_compact (Cq6State *st);

/* Adds @text (copied) as an automatic comment at @node: `Found`, the
 * echo and line annotations, which `quiet` leaves out
 * (#CqPositionComment.automatic). */
void        _cq6_add_comment    (Cq6Ctx *c, const CqNode *node, const char *text);
/* The same for the text of a `comment` filter (and the `id:N` of a
 * position named in a text, _cq6_position_ref()), which `quiet` keeps
 * (cq6-output.c). */
void        _cq6_add_user_comment (Cq6Ctx *c, const CqNode *node, const char *text);

/* Comments are written only by filters that match: a filter that fails
 * takes back the comments its arguments wrote (CQL 6.2: `{comment("a")
 * false} or comment("b")` writes only b).  Mark before, roll back on
 * failure. */
static inline guint
_cq6_comments_mark (const Cq6Ctx *c)
{
  /* No comments array: the header's game filters, run on the tags. */
  return c->st->comments != NULL ? c->st->comments->len : 0;
}

static inline void
_cq6_comments_rollback (const Cq6Ctx *c, guint mark)
{
  if (G_UNLIKELY (c->st->comments != NULL && c->st->comments->len > mark))
    g_array_set_size (c->st->comments, mark);
}

/* cq6-positions.c: the comments that refer to another position
 * (echo, line): appends to @out how the reference names @node, "move
 * N(wtm)" or "move N(btm)" (its move number and side to move) followed, off
 * the main line, by "[positionid]"; such a node gets the comment
 * "id:positionid" once (CQL 6.2 output, docs/cql6-rulings.md). */
void        _cq6_position_ref   (Cq6Ctx *c, const CqNode *node, GString *out);
/* Adds @text at @node unless the node already has that comment (the
 * reference writes each text once per position). */
void        _cq6_add_comment_once (Cq6Ctx *c, const CqNode *node, const char *text);
/* Frees the state cq6-positions.c keeps for a game. */
void        _cq6_positions_state_free (Cq6State *st);
/* cq6-dictionary.c: the dictionary filters; frees the game's local
 * dictionaries. */
G_NO_INLINE gboolean _cq6_eval_dict (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);
void        _cq6_dict_state_free (Cq6State *st);
/* cq6-dictionary.c: appends the dictionary @index as CQL 6.2 writes it in
 * a comment or message: "Dictionary D with N entries: " and a line break,
 * then for each entry in key order "<string>k: <NumValue>v" and a line
 * break (<SquareMask> for a set, written as _cq6_append_set() does). */
void        _cq6_dict_text      (Cq6Ctx *c, guint32 index, GString *out);
/* cq6-output.c: appends a set as CQL 6.2 writes it: one square by its
 * name (`a1`), else its squares in order a1, b1, ..., h8 in brackets
 * (`[a1,b2]`, `[]`). */
void        _cq6_append_set     (GString *out, CqBitboard set);
/* cq6-positions.c: `fen`, the FEN of @c's position as CQL 6.2 writes it. */
const char *_cq6_fen            (Cq6Ctx *c);
/* Frees what cq6-line.c keeps in @st for one game. */
void        _cq6_line_state_free (Cq6State *st);
/* Called by the walk when it is done with the game (its line state
 * made): writes the comments of the consecutivemoves matches kept
 * (cq6-moves.c). */
void        _cq6_line_walk_done (Cq6Ctx *c);

/* cq6-squares.c: the sets of the line and attack filters at @pos. */

/* The squares attacked by the pieces on @from. */
CqBitboard  _cq6_attacked_by    (const CqPosition *pos, CqBitboard from);

/* The squares of @from whose piece attacks a square of @targets: from
 * the targets' side when they are fewer (`A attacks k`). */
CqBitboard  _cq6_attackers      (const CqPosition *pos, CqBitboard from, CqBitboard targets);

/* The squares of @targets attacked by a piece of @from. */
CqBitboard  _cq6_attacked_in    (const CqPosition *pos, CqBitboard targets, CqBitboard from);

/* The squares strictly between a square of @a and a square of @b on a
 * line. */
CqBitboard  _cq6_between_sets   (CqBitboard a, CqBitboard b);

/* The squares at distance @min..@max (-7 <= min <= max <= 7) from @from in
 * the directions @dirs (CQ_RAY_* bits): distance 0 is the square itself, a
 * negative distance counts steps the opposite way (as CQL 6.2 does). */
CqBitboard  _cq6_direction_squares (CqBitboard from, guint8 dirs, gint64 min, gint64 max);

/* A direction filter (CQ6_DIRECTION): args[0] its set; args[1], args[2]
 * (when there) the numeric variables giving its distances, NULL where the
 * distance is the number range_min or range_max; which
 * CQ6_DIRECTION_ONE_DISTANCE: one variable, both distances. */
#define CQ6_DIRECTION_ONE_DISTANCE 1u
G_NO_INLINE gboolean _cq6_eval_direction (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);

/* The pieces `pin` gives: those of its first parameter (CQL 6.2; rulings
 * section 17), the pinned ones without parameters. */
typedef enum {
  CQ6_PIN_FROM,      /* the pinning rooks, bishops and queens */
  CQ6_PIN_THROUGH,   /* the pinned pieces */
  CQ6_PIN_TO         /* the pieces they are pinned to */
} Cq6PinRole;

/* `pin from X through Y to Z` (docs/cql6.md "pin"), X = @from, Y =
 * @through, Z = @to (the kings unless @to_given): each pin is a piece of
 * Y that stands alone between an enemy line piece of X and a piece of its
 * own colour of Z or an empty square of Z (as in CQL 6.2).  Seen from each
 * square of Z: the enemy rooks, bishops and queens of X on its lines, and
 * the one piece between.  Returns the
 * squares of the pins' pieces in @role. */
/* A transform in @body that assigns a variable other values in its
 * members, the variable being read, tries its members in their order,
 * the identity first (docs/cql6.md "Transforms", rulings 47). */
void        _cq6_order_orbit_assignments (Cq6Filter *body);
CqBitboard  _cq6_pinned         (const CqPosition *pos, CqBitboard from, CqBitboard through,
                                 CqBitboard to, gboolean to_given, Cq6PinRole role);

/* `ray (X1 ... Xn)` over the argument sets @sets (@n of them) in the
 * directions @dirs (CQ_RAY_* bits): the squares of the last argument
 * reached from a square of the first, each argument's square the next one
 * along the line with only empty squares before it.  @which: CQ6_RAY_XRAY,
 * only along the lines the first piece slides on (ruling 6); CQ6_RAY_STARTS,
 * the squares of the first argument such lines start from instead. */
#define CQ6_RAY_XRAY   1u
#define CQ6_RAY_STARTS 2u
CqBitboard  _cq6_ray_squares    (const CqPosition *pos, const CqBitboard *sets, guint n,
                                 guint8 dirs, guint which);

/* Passed, doubled, isolated or connected pawns (@which, a CQ6_PAWNS_*
 * kind) of both colours. */
CqBitboard  _cq6_pawns_of_kind  (const CqPosition *pos, guint which);

/* cq6-mate.c: `puremate`, `modelmate`, `idealmate` (@which, CQ6_MATEF_*)
 * at @pos, where the side to move is mated (the caller tests it), or the
 * stalemates at a stalemate: whether the mate is of the kind, and then
 * the pieces that take part in it (@participants). */
gboolean    _cq6_mate_family    (const CqPosition *pos, guint which,
                                 CqBitboard *participants);

/* The next position examined after @node, in pre-order: the main line
 * only (first children) unless @variations. */
static inline const CqNode *
_cq6_next_node (const CqNode *node, gboolean variations)
{
  if (!variations || node->first_child != NULL)
    return node->first_child;
  for (; node != NULL; node = node->parent)
    if (node->next_sibling != NULL)
      return node->next_sibling;
  return NULL;
}

/* cq6-eval.c: evaluates the body at every position of @game that the
 * program examines, appending a #CqMatchedPosition per match to @out. */
void        _cq6_walk           (const Cq6Program *program, const CqGame *game, Cq6State *st,
                                 GArray *out);

/* Puts the state's sort values into @info->sort_values (cq6-output.c). */
void        _cq6_output_finish  (Cq6State *st, CqMatchInfo *info);

G_END_DECLS
