/* cq6-line-private.h: what cq6-line-reader.c (the reader of line, path
 * and the dash filters), cq6-line.c (line and path) and cq6-moves.c (the
 * dash filters' moves, consecutivemoves) share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cql/cql6/cq6-private.h"

G_BEGIN_DECLS

/* A consecutivemoves match: the last moves of its two runs (the nodes
 * they reached), the runs' length (0: none), and the names its comments
 * give the two positions compared (`s-move[1]`). */
typedef struct {
  const CqNode *x_end, *y_end;
  guint         len;
  const char   *x_name, *y_name;
} Cq6ConsecutiveMatch;

/* What one consecutivemoves filter found in the game (cq6-moves.c): the
 * match whose comments the game writes. */
typedef struct {
  const Cq6Filter    *filter;
  Cq6ConsecutiveMatch kept;
} Cq6ConsecutiveFound;

/* What the line filters keep for one game (Cq6State.line). */
struct _Cq6LineState {
  GHashTable *runs;     /* line/path filter -> its automaton and memo */
  const Cq6Filter *last_line; /* the filter of the last run looked up in @runs */
  gpointer    last_run;   /* ... and its run (a LineRun) */
  struct {
    const Cq6Filter *line;
    gpointer         run;
  }           recent[16]; /* the first runs made in the game (all of @runs
                           * while it holds no more) */
  guint       n_recent;
  guint8     *id_shown; /* per node: its `id:N` is written already */
  guint       id_shown_size; /* its length (the game's nodes or more) */
  GArray     *consecutive; /* Cq6ConsecutiveFound, by the filters' places
                            * in the query; NULL until the first is found */
  const CqNode *path_start; /* the start of the path being matched, or NULL */
  gint32      path_count; /* pathcount: the focus moves of the route so far */
  const CqNode *path_last; /* pathlastposition: the end of the best route so far */
  /* The last path that matched in the game (cq6-path-status.c), or NULL. */
  const CqNode *status_start;
  const CqNode *status_last;
  gint32      status_count;
};

/* Creates @c's Cq6State.line when it is NULL (from the tables the
 * thread's last game left, cleared: cq6-line-automaton.c). */
void      _cq6_line_state_ensure (Cq6Ctx *c);

/* The automaton's states (Thompson's construction).  TEST holds a
 * constituent: in a line it takes one position; in a path a dash
 * constituent takes one move and any other tests the position reached.
 * SPLIT goes on at @out or @out2.  ACCEPT: the constituents are done. */
enum { ST_TEST, ST_SPLIT, ST_ACCEPT };

typedef struct {
  guint8           kind;
  const Cq6Filter *f;
  gint             out, out2;
} NState;

/* What is known of (position, state): the length of the longest match
 * from there (MEMO_UNKNOWN not solved yet, MEMO_BUSY being solved, -1 no
 * match) and the step that gives it (TEST: the next position's index
 * times 2, plus 1 if a move was taken, or -1 when the line ends there;
 * SPLIT: 0 for @out, 1 for @out2). */
#define MEMO_UNKNOWN G_MININT32
#define MEMO_BUSY    (G_MININT32 + 1)

typedef struct {
  gint32 len;
  gint32 choice;
} Memo;

/* A line whose constituents write no variable (LineRun.reads_only) keeps its
 * memo from one search to the next while the variables it reads hold the
 * same values (LineRun.banked): one memo per set of values, up to
 * LINE_MEMO_BANKS of them (a piece loop around the line takes its pieces
 * in turn at each position), for at most LINE_MEMO_READS variables. */
#define LINE_MEMO_BANKS 8
#define LINE_MEMO_READS 4

typedef struct {
  Cq6Val   values[LINE_MEMO_READS]; /* the values of LineRun.reads its memo holds for */
  guint32 *touched;  /* its memo indices set, while another bank is in use */
  guint    touched_len;
  guint    touched_size;
  gboolean used;     /* its part of the memo is cleared for this game */
  gboolean valid;    /* its memo holds for @values */
} MemoBank;

/* One line or path filter in one game. */
typedef struct {
  const Cq6Filter *line;
  NState          *states;   /* n_states of them */
  gint             start;
  guint8          *accepts;  /* per state: ACCEPT is reached without a step */
  gboolean         pure;     /* memo entries hold for every start position */
  gboolean         writes_nothing; /* the constituents write no variable
                                    * and no comment */
  gboolean         reads_only; /* they write no variable (comments they may) */
  guint            n_states;
  Memo            *memo;     /* n_nodes x n_states, or NULL: @memo_map */
  GHashTable      *memo_map; /* index -> Memo*, for very large ones */
  guint32         *touched;  /* memo indices set by this evaluation (impure):
                              * @touched_len of @touched_size used (best()
                              * adds one at every position and state) */
  guint            touched_len;
  guint            touched_size;
  gint32           busy_hits; /* best() met a (position, state) being solved:
                               * the memo of this search holds for its
                               * start only */
  /* Memo banks: with @banked, the memo is @n_banks parts of n_nodes x
   * n_states cells, @bank the one in use (its cells from @bank_base;
   * its touched cells are @touched). */
  gboolean         banked;
  guint            reads[LINE_MEMO_READS]; /* the variables read */
  guint            n_reads;
  guint            n_banks;
  guint            bank;
  guint            next_bank; /* the next one to be taken for new values */
  guint32          bank_base;
  MemoBank        *banks;   /* LINE_MEMO_BANKS of them, made for the first
                             * banked line and kept from game to game;
                             * NULL before */
  Cq6Slot         *saved_slots; /* the variables best() put aside: a stack
                                 * as deep as its recursion, @saved_len of
                                 * @saved_size used */
  guint            saved_len;
  guint            saved_size;
  guint8          *banned;   /* nestban: per node, inside a matched line;
                              * NULL without nestban */
  guint64          focus;    /* path focus: the ids of the focus pieces */
  const CqNode    *start_node; /* path focus: where this evaluation starts */
  gboolean         has_focus; /* path focus (or singlecolor): other pieces'
                               * moves are passed over */
  gboolean         first;    /* line firstmatch: the first match, not the longest */
  gboolean         routes;   /* path searched route by route (cq6-line-routes.c):
                              * it has `max` or firstmatch, or its constituents
                              * read pathcount or change an atomic variable */
  gboolean         memo_decides; /* pure, not routes nor keepallbest: no match
                                  * starts where the memo says none does */
  /* The arrays, kept from game to game: their lengths. */
  guint            states_size;
  guint            accepts_size;
  guint64          memo_cells;
  guint8          *banned_buf;
  guint            banned_size;
  /* The last positions of the routes kept (search_line()'s, with
   * keepallbest or routes): kept from call to call, a path being
   * searched at every position; @ends_busy while a search holds it (a
   * search of the same line inside it makes its own). */
  GPtrArray       *ends_buf;
  gboolean         ends_busy;
} LineRun;

/* The LineRun of the line or path filter @f in @c's game: made (its
 * automaton compiled, its memo cleared) at the first call of a game,
 * kept in Cq6State.line until the game's end. */
LineRun  *_cq6_line_run          (const Cq6Filter *f, Cq6Ctx *c);

/* _cq6_line_run(), at once when @f is the line looked up last. */
static inline LineRun *
_cq6_line_run_of (const Cq6Filter *f, Cq6Ctx *c)
{
  const struct _Cq6LineState *ls = c->st->line;

  return ls != NULL && ls->last_line == f ? ls->last_run : _cq6_line_run (f, c);
}

/* The sets of a dash filter, evaluated in the position before its move. */
typedef struct {
  CqBitboard from, to;
} DashSets;

/* Evaluates the from- and to-sets of the dash filter @f in @before;
 * FALSE if one does not match or is empty. */
gboolean  _cq6_dash_sets         (const Cq6Filter *f, Cq6Ctx *before, DashSets *s);

/* Does the move @m (leading to @after, or NULL for a move not in the
 * game) pass the dash filter @f?  CQL 6 reference, "dash": the from-set
 * holds the moving piece's square, the to-set the square moved to (for
 * `[x]`, the square of the piece taken, so that en passant counts), `=T`
 * the promotion's piece type, `(F)` the position after the move.  F's
 * value there goes to @value (NULL: not wanted). */
gboolean  _cq6_dash_move_ok      (const Cq6Filter *f, Cq6Ctx *c, const DashSets *s,
                                  const CqMove *m, const CqNode *after, Cq6Val *value);

/* What kind of move a move is, for the dash filters' quick tests:
 * CQ6_SHAPE_* bits (a null move is neither). */
enum {
  CQ6_SHAPE_PROMOTION = 1 << 0,
  CQ6_SHAPE_CAPTURE   = 1 << 1
};

static inline guint
_cq6_move_shape (const CqMove *m)
{
  if (m->flags & CQ_MOVE_NULL)
    return 0;
  return (m->promotion != CQ_EMPTY ? CQ6_SHAPE_PROMOTION : 0)
         | (m->captured != CQ_EMPTY ? CQ6_SHAPE_CAPTURE : 0);
}

/* The CQ6_SHAPE_* bits the move a plain dash filter @f (`X--Y`, `X[x]Y`,
 * not `previous`, `legal` nor countmoves) takes must all have: capture
 * for `[x]`, promotion for `=T` (_cq6_dash_move_ok()); 0 when it needs
 * none, or when its from- and to-sets are not a designator or a variable
 * (whose evaluation has no effect but its value).  A position none of
 * whose moves has them cannot match @f, and its sets need not be
 * evaluated there. */
guint     _cq6_dash_needs        (const Cq6Filter *f);

/* The dash filter @f (`X--Y`, `X[x]Y`, with `previous`, `legal`,
 * `pseudolegal`, counted or not) at @c's position; a count in @v. */
gboolean  _cq6_eval_dash         (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);

/* consecutivemoves(x y): with L the lowest common ancestor of x and y,
 * the length of the longest run of consecutive moves played from L to x
 * that is also played, in the same order, from L to y (CQL 6 reference,
 * "consecutivemoves"; moves are the same when the same piece goes from
 * the same square to the same square: the reference takes 1.h8=N and
 * 1.h8=Q for one move, 6.Rxd8+ and 6.Qxd8+ for two).  Writes `x-move[i]` and `y-move[i]` (the
 * arguments' variable names) after the i-th move of each run, i counted
 * forward in time (rulings 11).  A longest common substring by dynamic
 * programming: |S| x |T| steps. */
gboolean  _cq6_eval_consecutive  (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v);


/* The game's continuations from @node the search looks at: the main one
 * only unless the header asks for variations (as `move`, ruling 2), or
 * @primary. */
static inline const CqNode *
_cq6_next_child (const Cq6Ctx *c, const CqNode *child, gboolean primary)
{
  return primary || !c->program->variations ? NULL : child->next_sibling;
}

/* The first continuation from @node a line with the CQ6_LINE_* flags
 * @which follows: the main one, or with `line secondary` the first
 * variation's (none unless the header asks for variations); the next
 * ones come from _cq6_next_child(). */
static inline const CqNode *
_cq6_first_child (const Cq6Ctx *c, const CqNode *node, guint32 which)
{
  if (!(which & CQ6_LINE_SECONDARY))
    return node->first_child;
  return node->first_child != NULL && c->program->variations ? node->first_child->next_sibling
                                                               : NULL;
}

/* A dash filter that takes a move as a path's constituent: not `previous
 * --`, countmoves, or `legal --` (which look at moves without making one). */
static inline gboolean
_cq6_is_move_step (const Cq6Filter *f)
{
  return f->kind == CQ6_DASH
         && !(f->which & (CQ6_DASH_PREVIOUS | CQ6_DASH_COUNT | CQ6_DASH_LEGAL
                          | CQ6_DASH_PSEUDOLEGAL));
}

/* Is the move to @after made by a focus piece of @r's path (castling:
 * the king or the rook; with `focus capture`, a capture of one)? */
gboolean  _cq6_path_focus_move   (LineRun *r, Cq6Ctx *c, const CqNode *before,
                                  const CqNode *after);

/* A copy of the variables' values (NULL when there are none), and the
 * putting back of one (which frees it). */
Cq6Slot  *_cq6_line_save_slots   (Cq6Ctx *c);
void      _cq6_line_restore_slots (Cq6Ctx *c, Cq6Slot *saved);

/* The path @r from @c's position searched route by route, as CQL 6.2
 * does (cq6-line-routes.c): every route the constituents allow, in its
 * order; the route kept is the one with the most focus moves, or with
 * `max F` the one where F is largest at its last position (ties: the
 * first found; keepallbest keeps all of them).  Replays the routes kept
 * so that what their constituents write stays; their last positions go
 * to @ends (empty on the call; the first is the route kept), F's value
 * to @max.  When the
 * constituents change atomic variables (CQ6_LINE_ATOMIC), they are put
 * back as they were before the path, and @atomic gets a copy of the
 * variables at the end of the route kept (NULL: none kept; the caller
 * frees it and gives them to the atomic variables if the path matches,
 * with _cq6_path_atomic_restore()).  Returns the number of focus moves
 * of the route kept, or -1. */
gint32    _cq6_path_routes       (LineRun *r, Cq6Ctx *c, GPtrArray *ends, gint64 *max,
                                  Cq6Slot **atomic);
/* Gives the variables atomic in @path (_cq6_atomic_in_path()) the values
 * in @saved (a copy of the slots made by the route search); the other
 * variables are left alone. */
void      _cq6_path_atomic_restore (Cq6Ctx *c, const Cq6Filter *path, const Cq6Slot *saved);

G_END_DECLS
