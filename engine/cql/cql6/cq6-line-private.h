/* cq6-line-private.h: what cq6-line-reader.c (the reader of line, path
 * and the dash filters), cq6-line.c (line and path) and cq6-moves.c (the
 * dash filters' moves, consecutivemoves) share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cql/cql6/cq6-private.h"

G_BEGIN_DECLS

/* What the line filters keep for one game (Cq6State.line). */
struct _Cq6LineState {
  GHashTable *runs;     /* line/path filter -> its automaton and memo */
  guint8     *id_shown; /* per node: its `id:N` is written already */
  GHashTable *written;  /* consecutivemoves filter -> its comments */
  const CqNode *path_start; /* the start of the path being matched, or NULL */
};

/* Creates @c's Cq6State.line when it is NULL. */
void      _cq6_line_state_ensure (Cq6Ctx *c);

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

/* Frees a Recorded (the comments of a consecutivemoves match), a
 * GDestroyNotify. */
void      _cq6_recorded_free     (gpointer data);

/* The game's continuations from @node the search looks at: the main one
 * only unless the header asks for variations (as `move`, ruling 2), or
 * @primary. */
static inline const CqNode *
_cq6_next_child (const Cq6Ctx *c, const CqNode *child, gboolean primary)
{
  return primary || !c->program->variations ? NULL : child->next_sibling;
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

G_END_DECLS
