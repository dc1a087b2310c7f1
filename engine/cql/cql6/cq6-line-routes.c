/* cq6-line-routes.c: a path searched route by route.
 *
 * The longest match of a path (cq6-line.c) is found from what is known
 * of each (position, state) pair, which holds as long as a constituent's
 * value depends on its position only.  Two things break that, and the
 * path is then searched as CQL 6.2 searches every path: depth first over
 * the routes its constituents allow (CQL 6 reference, "path"):
 *
 * - `path max F`: F is evaluated at the last position of each route; the
 *   route kept is the one where F is largest (ties: the first found, or
 *   all of them with keepallbest), and the path's value is F's there.
 *   Routes where F has no value are passed over.
 * - pathcount (and pathcountunfocused) in the constituents: the number
 *   of focus moves of the route so far, which depends on the route.
 * - `path firstmatch`: the first route that matches is kept, and the
 *   search stops there (CQL 6.2's order decides which is first).
 * - constituents that write a variable: what it holds after the path is
 *   what the last route tried wrote (or, if atomic, the route kept's).
 *
 * The routes are tried in CQL 6.2's order: the moves of a position main
 * line first, a repetition with as few rounds as it allows first (`*`,
 * `?` and `{m,n}` try to go on before they repeat once more).  The
 * comments a route's constituents write are taken back when the search
 * leaves it, and those of the routes kept written again at the end; what
 * they write to variables stays as the search leaves it, as in CQL 6.2
 * (whose variables, unless `atomic`, keep what the last route tried
 * wrote).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"

/* One step of a route: a constituent tested at @node (TEST), a dash
 * constituent's move to @to (MOVE), or, in a focus path, another piece's
 * move to @to passed over (SKIP). */
enum { STEP_TEST, STEP_MOVE, STEP_SKIP };

typedef struct {
  guint32 node;
  guint32 to;
  gint32  q;
  guint8  kind;
} Step;

/* CQL 6.2's starting value of the best `max` so far: a route whose F is
 * not above it is never kept. */
#define NO_MAX (-100000000)

typedef struct {
  LineRun      *r;
  Cq6Ctx       *c;
  const CqNode *start;
  gint32        count;      /* focus moves of the route being tried */
  GArray       *route;      /* Step: the route being tried */
  GPtrArray    *kept;       /* GArray of Step: the routes kept, the best first */
  GPtrArray    *ends;       /* their last positions */
  gint32        best_count; /* focus moves of the best route, -1: none yet */
  gint64        best_max;   /* F at the best route's end (`max`) */
  guint32      *busy;       /* per state: 1 + the index of the position
                             * where it is being tried, 0: not */
  gboolean      atomic;     /* the constituents change atomic variables */
  Cq6Slot      *best_atomic; /* the variables at the best route's end */
} Routes;

static void search (Routes *R, const CqNode *n, gint q);

static void
push_step (Routes *R, guint8 kind, const CqNode *n, gint q, const CqNode *to)
{
  Step s = { n->index, to != NULL ? to->index : 0, q, kind };

  g_array_append_val (R->route, s);
}

static void
pop_step (Routes *R)
{
  g_array_set_size (R->route, R->route->len - 1);
}

/* Keeps the route being tried (ending at @end): the best one alone when
 * @best, else beside those kept. */
static void
keep_route (Routes *R, const CqNode *end, gboolean best)
{
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (Step), R->route->len);

  g_array_append_vals (copy, R->route->data, R->route->len);
  if (best)
    {
      g_ptr_array_set_size (R->kept, 0);
      g_ptr_array_set_size (R->ends, 0);
    }
  g_ptr_array_add (R->kept, copy);
  g_ptr_array_add (R->ends, (gpointer) end);
  if (best && R->atomic)
    {
      g_free (R->best_atomic);
      R->best_atomic = _cq6_line_save_slots (R->c);
    }
  /* pathlastposition in the constituents: the best route's end so far. */
  R->c->st->line->path_last = R->ends->pdata[0];
}

/* A route is done at @end: is it the best so far (CQL 6.2's order: a
 * larger F with `max`, else more focus moves), or tied with keepallbest? */
static void
route_done (Routes *R, const CqNode *end)
{
  const Cq6Filter *f = R->r->line;
  gboolean allbest = (f->which & CQ6_LINE_KEEPALLBEST) != 0;

  if (f->which & CQ6_LINE_MAX)
    {
      Cq6Ctx at = _cq6_ctx_at (R->c, end);
      guint mark = _cq6_comments_mark (R->c);
      Cq6Val v = { 0 };
      gboolean ok;

      R->c->st->line->path_count = R->count;
      ok = _cq6_eval (f->args[2], &at, &v);
      _cq6_comments_rollback (R->c, mark);
      if (!ok)
        return;
      if (v.num > R->best_max)
        {
          R->best_max = v.num;
          R->best_count = R->count;
          keep_route (R, end, TRUE);
        }
      else if (v.num == R->best_max && allbest && R->best_count > 0)
        keep_route (R, end, FALSE);
      return;
    }
  if (R->count > R->best_count)
    {
      R->best_count = R->count;
      keep_route (R, end, TRUE);
    }
  else if (R->count == R->best_count && allbest)
    keep_route (R, end, FALSE);
}

/* path firstmatch: a route is kept, nothing more is tried. */
static inline gboolean
stopped (const Routes *R)
{
  return (R->r->line->which & CQ6_LINE_FIRSTMATCH) && R->kept->len > 0;
}

/* The TEST state @q (constituent @s->f) at @n. */
static void
test (Routes *R, const CqNode *n, gint q, const NState *s)
{
  LineRun *r = R->r;
  Cq6Ctx *c = R->c;
  gboolean primary = (r->line->which & CQ6_LINE_PRIMARY) != 0;
  gboolean focus = r->has_focus;
  Cq6Ctx at = _cq6_ctx_at (c, n);
  DashSets sets;
  guint mark;
  Cq6Slot *atomic;
  Cq6Val v;

  if (!_cq6_is_move_step (s->f))
    {
      mark = _cq6_comments_mark (c);
      c->st->line->path_count = R->count;
      if (_cq6_eval (s->f, &at, &v))
        {
          push_step (R, STEP_TEST, n, q, NULL);
          search (R, n, s->out);
          pop_step (R);
        }
      _cq6_comments_rollback (c, mark);
      return;
    }
  if (n->first_child == NULL)
    return;
  if (!_cq6_dash_sets (s->f, &at, &sets))
    sets.from = sets.to = 0;
  for (const CqNode *a = n->first_child; a != NULL && !stopped (R);
       a = _cq6_next_child (c, a, primary))
    {
      if (focus && !_cq6_path_focus_move (r, c, n, a))
        {
          /* Another piece's move is passed over, but not at the start:
           * the path starts with a focus move (as in path_step()). */
          if (n != R->start)
            {
              push_step (R, STEP_SKIP, n, q, a);
              search (R, a, q);
              pop_step (R);
            }
          continue;
        }
      if (sets.from == 0 && !(a->move.flags & CQ_MOVE_NULL))
        continue;
      mark = _cq6_comments_mark (c);
      atomic = R->atomic ? _cq6_line_save_slots (c) : NULL;
      /* CQL 6.2 counts the move before its targets are tested. */
      c->st->line->path_count = R->count + 1;
      if (_cq6_dash_move_ok (s->f, c, &sets, &a->move, a, NULL))
        {
          push_step (R, STEP_MOVE, n, q, a);
          R->count++;
          search (R, a, s->out);
          R->count--;
          pop_step (R);
        }
      _cq6_comments_rollback (c, mark);
      if (atomic != NULL)
        {
          _cq6_path_atomic_restore (c, atomic);
          g_free (atomic);
        }
    }
}

/* Every route from @n in state @q, in CQL 6.2's order. */
static void
search (Routes *R, const CqNode *n, gint q)
{
  const NState *s = &g_array_index (R->r->states, NState, q);
  guint32 was = R->busy[q];

  /* Back at a state at the same position without a move in between
   * (a repetition of constituents that take no move): no new route. */
  if (was == n->index + 1 || stopped (R))
    return;
  R->busy[q] = n->index + 1;
  switch (s->kind)
    {
    case ST_ACCEPT:
      /* A route that takes no move is no match. */
      if (n != R->start)
        route_done (R, n);
      break;
    case ST_SPLIT:
      /* @out repeats (or takes the optional part), @out2 goes on. */
      search (R, n, s->out2);
      search (R, n, s->out);
      break;
    default:
      test (R, n, q, s);
      break;
    }
  R->busy[q] = was;
}

/* Evaluates the constituents along @route again, so that the comments
 * they write are those of the route (the variables are put back as the
 * search left them). */
static void
replay (Routes *R, const GArray *route, const CqNode *end)
{
  Cq6Ctx *c = R->c;
  const Cq6Filter *f = R->r->line;
  gint32 count = 0;
  Cq6Slot *saved = _cq6_line_save_slots (c);
  Cq6Val v;

  for (guint i = 0; i < route->len; i++)
    {
      const Step *st = &g_array_index (route, Step, i);
      const NState *s = &g_array_index (R->r->states, NState, st->q);
      const CqNode *n = _cq6_node_by_index (c, st->node);
      Cq6Ctx at = _cq6_ctx_at (c, n);
      DashSets sets;

      switch (st->kind)
        {
        case STEP_TEST:
          c->st->line->path_count = count;
          _cq6_eval (s->f, &at, &v);
          break;
        case STEP_MOVE:
          if (!_cq6_dash_sets (s->f, &at, &sets))
            sets.from = sets.to = 0;
          c->st->line->path_count = ++count;
          _cq6_dash_move_ok (s->f, c, &sets, &_cq6_node_by_index (c, st->to)->move,
                             _cq6_node_by_index (c, st->to), NULL);
          break;
        default:
          break;
        }
    }
  if (f->which & CQ6_LINE_MAX)
    {
      Cq6Ctx at = _cq6_ctx_at (c, end);

      c->st->line->path_count = count;
      _cq6_eval (f->args[2], &at, &v);
    }
  _cq6_line_restore_slots (c, saved);
}

void
_cq6_path_atomic_restore (Cq6Ctx *c, const Cq6Slot *saved)
{
  for (guint i = 0; saved != NULL && i < c->program->vars->len; i++)
    if (((const Cq6Var *) c->program->vars->pdata[i])->atomic)
      c->st->slots[i] = saved[i];
}

gint32
_cq6_path_routes (LineRun *r, Cq6Ctx *c, GPtrArray *ends, gint64 *max, Cq6Slot **atomic)
{
  Routes R = { 0 };
  Cq6Slot *before = NULL;

  R.r = r;
  R.c = c;
  R.start = c->node;
  R.route = g_array_new (FALSE, FALSE, sizeof (Step));
  R.kept = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  R.ends = g_ptr_array_new ();
  R.best_count = -1;
  R.best_max = NO_MAX;
  R.busy = g_new0 (guint32, r->n_states);
  R.atomic = (r->line->which & CQ6_LINE_ATOMIC) != 0;
  if (R.atomic)
    before = _cq6_line_save_slots (c);
  search (&R, c->node, r->start);
  for (guint i = 0; i < R.kept->len; i++)
    {
      replay (&R, R.kept->pdata[i], R.ends->pdata[i]);
      g_ptr_array_add (ends, R.ends->pdata[i]);
    }
  /* The atomic variables as they were before the path; the caller gives
   * them the best route's values if the path matches. */
  if (before != NULL)
    {
      _cq6_path_atomic_restore (c, before);
      g_free (before);
    }
  *atomic = R.best_atomic;
  *max = R.best_max;
  g_array_unref (R.route);
  g_ptr_array_unref (R.kept);
  g_ptr_array_unref (R.ends);
  g_free (R.busy);
  return R.best_count > 0 ? R.best_count : -1;
}
