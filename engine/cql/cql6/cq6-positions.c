/* cq6-positions.c: CQL 6 filters about other positions of the game:
 * the position filters (parent, child, ancestor, descendant, lca,
 * distance, depth, positionid, `position N`, virtualmainline, `x & y`),
 * find and echo, evaluated here; read by cq6-positions-reader.c.  (`:`
 * and currentposition are read in cq6-expr.c and evaluated in
 * cq6-eval.c.)
 *
 * A position is a node of the game tree (#CqNode); its positionid is the
 * node's pre-order index, the order in which CQL 6.2 numbers positions:
 * the main continuation before the variations, each variation after the
 * whole subtree of the move it replaces (docs/cql6-rulings.md).  So the
 * descendants of a node are the indices just after it, up to the end of
 * its subtree: `find` and the ancestor tests read them from a per-game
 * table built on first use (#Cq6PosState).
 *
 * `echo` pairs the current position with every other position examined,
 * which is quadratic in the game's length.  The body's filters are sorted
 * once, when the query is read, into those that look at the source only,
 * at the target only, or at both (body_split(), cq6-positions-reader.c):
 * a source that fails its source-only filters tries no target, a target
 * that fails its target-only filters is skipped by every source (the
 * result is kept for the game), and a body that requires `source & target
 * == .` (the same placement) only visits the targets whose placement hash
 * equals the source's.  A body that bounds the squares the pair differs
 * on (`#Diff == 1`) rules out most pairs by their occupied squares before
 * it runs, and with a bound of one square only visits the targets that
 * have the source's men on one half of the board (#Halves).  A
 * comparison of a side read at the source with one read at the target
 * (`s < t`, `sidetomove == s:sidetomove`) is decided from values kept
 * per source and per target (#PairTest), and so is a square loop over
 * all its squares of such a comparison (`[forall] x [element] . piecename
 * x == s:piecename x`), from values kept per position and square
 * (#SquareValues): each position's are computed once for the game, not
 * once per pair.
 *
 * Why over 1,000 lines: echo's filters of pairs share this file's
 * per-game tables (#Cq6PosState) and eval_at(); apart, they would need
 * both in a header of their own.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"
#include "chess/cq-attacks.h"

#include <stdlib.h>
#include <string.h>

/* Per-node flags of #Cq6PosState. */
enum {
  NODE_MAINLINE = 1 << 0, /* every move from the root is a main continuation */
  NODE_VIRTUAL  = 1 << 1  /* on the virtual main line */
};

/* Cached results of an echo body's target-only filters at a node. */
enum { TARGET_UNKNOWN, TARGET_PASSES, TARGET_FAILS };

/**
 * Cq6PosState:
 * What this file keeps for one game (#Cq6State.positions), built on
 * first use.
 * @end: per node index, one past the index of its last descendant.
 * @depth: per node, how many variations it lies in (`depth`).
 * @flags: per node, NODE_* bits.
 * @placement: per node, a hash of the piece placement (or NULL).
 * @by_placement: the node indices sorted by (placement hash, index).
 * @occupied: per node, the squares its pieces stand on (or NULL).
 * @men: per node, how many pieces stand on the board (with @occupied).
 * @shapes: per node, the CQ6_SHAPE_* bits of the moves from it that a
 *   dash filter looks at (or NULL); @all_shapes, those of the whole game.
 * @mainline_shapes: the CQ6_SHAPE_* bits of the main line's moves, with
 *   MAINLINE_SHAPES_KNOWN once they are known.
 * @mainline_fewer: the number of pieces never grows along the main line
 *   (with @occupied; a move takes at most one off and puts none on).
 * @halves: the nodes grouped by the men on the low and on the high half
 *   of the board (#Halves), or NULL.
 * @once: "index\ttext" -> the comment's index in the comments + 1: the
 *   comments written once per position (a truncated entry is stale).
 * @targets: an echo filter -> its per-node TARGET_* results.
 */
struct _Cq6PosState {
  guint32    *end;
  guint32    *depth;
  guint8     *flags;
  guint64    *placement;
  guint32    *by_placement;
  CqBitboard *occupied;
  guint8     *men;
  guint8     *shapes;
  guint8      all_shapes;
  guint8      mainline_shapes;
  gboolean    mainline_fewer;
  struct _Halves *halves;
  GHashTable *once;
  GHashTable *targets;
};

typedef struct _Cq6PosState Cq6PosState;

/* No node (the end of a chain, an empty slot): above every index. */
#define NO_NODE G_MAXUINT32

/**
 * Halves:
 * The game's nodes grouped by the squares of each colour's men on one
 * half of the board (ranks 1-4, ranks 5-8), for the echo whose source
 * and target may differ on at most one square: two such positions have
 * the same men on one half at least (the squares they differ on are all
 * in the other half), so the targets worth testing are the nodes of the
 * source's two groups.
 * @bits: log2 of the slots of the open-addressing table (above twice the
 *   nodes).
 * @key: per slot and half, the half's key (half_key()).
 * @head: per slot and half, the group's lowest node index, or NO_NODE
 *   (an empty slot).
 * @next: per node and half, the next node index of its group, higher, or
 *   NO_NODE: each group is walked in index order.
 */
typedef struct _Halves {
  guint     bits;
  guint64  *key[2];
  guint32  *head[2];
  guint32  *next[2];
} Halves;

/* The tables */

/* The game's positions by index (pre-order), for the loops over them all:
 * one call builds the table. */
static inline const CqNode *const *
nodes_by_index (Cq6Ctx *c)
{
  if (c->st->nodes == NULL)
    _cq6_node_by_index (c, 0);
  return c->st->nodes;
}

/* The state, made empty on first use: the tables are made by the
 * ensure_*() functions (and pos_state()) that need them. */
static Cq6PosState *
pos_bare (Cq6Ctx *c)
{
  Cq6State *st = c->st;

  if (st->positions == NULL)
    st->positions = g_new0 (Cq6PosState, 1);
  return st->positions;
}

/* pos_state() the first time in a game. */
static G_GNUC_NO_INLINE Cq6PosState *
make_tree_tables (Cq6Ctx *c)
{
  Cq6PosState *ps = pos_bare (c);
  guint n = c->game->n_nodes;
  const CqNode *const *nodes;

  if (ps->end != NULL)
    return ps;
  nodes = nodes_by_index (c);
  ps->end = g_new0 (guint32, MAX (n, 1));
  ps->depth = g_new0 (guint32, MAX (n, 1));
  ps->flags = g_new0 (guint8, MAX (n, 1));
  /* Pre-order: a parent's index is below its children's. */
  for (guint i = 0; i < n; i++)
    {
      const CqNode *node = nodes[i];
      const CqNode *parent = node->parent;

      if (parent == NULL)
        {
          ps->flags[i] = NODE_MAINLINE | NODE_VIRTUAL;
          continue;
        }
      {
        gboolean main_move = parent->first_child == node;
        guint8 pf = ps->flags[parent->index];

        ps->depth[i] = ps->depth[parent->index] + (main_move ? 0 : 1);
        if ((pf & NODE_MAINLINE) && main_move)
          ps->flags[i] |= NODE_MAINLINE;
        /* Only White's moves must be main continuations (ruling: the
         * reference keeps Black's alternatives on the virtual main line). */
        if ((pf & NODE_VIRTUAL) && (main_move || parent->position.side_to_move == CQ_BLACK))
          ps->flags[i] |= NODE_VIRTUAL;
      }
    }
  for (guint i = n; i-- > 0;)
    {
      const CqNode *node = nodes[i];

      ps->end[i] = MAX (ps->end[i], i + 1);
      if (node->parent != NULL)
        ps->end[node->parent->index] = MAX (ps->end[node->parent->index], ps->end[i]);
    }
  return ps;
}

/* The state with its tree tables (@end, @depth, @flags). */
static inline Cq6PosState *
pos_state (Cq6Ctx *c)
{
  Cq6PosState *ps = c->st->positions;

  return ps != NULL && ps->end != NULL ? ps : make_tree_tables (c);
}

/* `fen` (CQL 6.2's form): the placement, the side to move, the castling
 * rights, the en passant square, then always "0 1".  A castling right
 * holds while its king and rook have stood on their first squares in
 * every position from the game's start to here (not from the start
 * position's FEN: a study set up with "-" and castling pieces at home
 * has "KQkq"); the en passant square follows each double pawn push,
 * whether or not a capture is possible, and is "-" at the game's start. */
const char *
_cq6_fen (Cq6Ctx *c)
{
  static const struct { int king, rook; CqPiece k, r; char letter; } rights[] = {
    { 4, 7, CQ_WK, CQ_WR, 'K' }, { 4, 0, CQ_WK, CQ_WR, 'Q' },
    { 60, 63, CQ_BK, CQ_BR, 'k' }, { 60, 56, CQ_BK, CQ_BR, 'q' },
  };
  char buf[CQ_FEN_MAX + 8];
  const CqMove *m = &c->node->move;
  gsize len = cq_position_to_fen (c->pos, buf);
  char *p = strchr (buf, ' ');

  g_assert (p != NULL && len < CQ_FEN_MAX);
  *p++ = ' ';
  *p++ = c->pos->side_to_move == CQ_WHITE ? 'w' : 'b';
  *p++ = ' ';
  for (guint i = 0; i < G_N_ELEMENTS (rights); i++)
    {
      const CqNode *n = c->node;

      while (n != NULL && n->position.board[rights[i].king] == rights[i].k
             && n->position.board[rights[i].rook] == rights[i].r)
        n = n->parent;
      if (n == NULL)
        *p++ = rights[i].letter;
    }
  if (p[-1] == ' ')
    *p++ = '-';
  *p++ = ' ';
  if (c->node->parent != NULL && CQ_PIECE_TYPE (m->piece) == CQ_PAWN
      && ABS (CQ_RANK (m->to) - CQ_RANK (m->from)) == 2)
    {
      cq_square_name ((m->from + m->to) / 2, p);
      p += 2;
    }
  else
    *p++ = '-';
  strcpy (p, " 0 1");
  return _cq6_state_string_n (c, NULL, buf, strlen (buf));
}

void
_cq6_positions_state_free (Cq6State *st)
{
  Cq6PosState *ps = st->positions;

  if (ps == NULL)
    return;
  g_free (ps->end);
  g_free (ps->depth);
  g_free (ps->flags);
  g_free (ps->placement);
  g_free (ps->by_placement);
  g_free (ps->occupied);
  g_free (ps->men);
  g_free (ps->shapes);
  if (ps->halves != NULL)
    {
      g_free (ps->halves->key[0]);
      g_free (ps->halves->head[0]);
      g_free (ps->halves);
    }
  if (ps->once != NULL)
    g_hash_table_unref (ps->once);
  if (ps->targets != NULL)
    g_hash_table_unref (ps->targets);
  g_free (ps);
  st->positions = NULL;
}

static guint64
placement_hash (const CqPosition *pos)
{
  guint64 h = 0x9E3779B97F4A7C15ull;

  for (int p = CQ_WP; p < CQ_N_PIECES; p++)
    {
      h ^= pos->pieces[p] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9ull;
    }
  return h ^ (h >> 31);
}

typedef struct {
  guint64 hash;
  guint32 index;
} Placed;

static int
compare_placed (const void *a, const void *b)
{
  const Placed *x = a, *y = b;

  if (x->hash != y->hash)
    return x->hash < y->hash ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

static void
ensure_placement (Cq6Ctx *c, Cq6PosState *ps)
{
  guint n = c->game->n_nodes;
  g_autofree Placed *placed = g_new (Placed, MAX (n, 1));

  if (ps->placement != NULL)
    return;
  ps->placement = g_new (guint64, MAX (n, 1));
  ps->by_placement = g_new (guint32, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      ps->placement[i] = placement_hash (&_cq6_node_by_index (c, i)->position);
      placed[i].hash = ps->placement[i];
      placed[i].index = i;
    }
  qsort (placed, n, sizeof *placed, compare_placed);
  for (guint i = 0; i < n; i++)
    ps->by_placement[i] = placed[i].index;
}

static void
ensure_occupied (Cq6Ctx *c, Cq6PosState *ps)
{
  guint n = c->game->n_nodes;

  if (ps->occupied != NULL)
    return;
  const CqNode *const *nodes = nodes_by_index (c);

  ps->occupied = g_new (CqBitboard, MAX (n, 1));
  ps->men = g_new (guint8, MAX (n, 1));
  ps->mainline_fewer = TRUE;
  for (guint i = 0, last = 64; i < n; i++)
    {
      ps->occupied[i] = _cq_occupied (&nodes[i]->position);
      ps->men[i] = (guint8) _cq_popcount (ps->occupied[i]);
      if (ps->flags[i] & NODE_MAINLINE)
        {
          if (ps->men[i] > last)
            ps->mainline_fewer = FALSE;
          last = ps->men[i];
        }
    }
}

static const guint8 *
ensure_shapes (Cq6Ctx *c, Cq6PosState *ps)
{
  guint n = c->game->n_nodes;

  if (ps->shapes != NULL)
    return ps->shapes;
  ps->shapes = g_new0 (guint8, MAX (n, 1));
  /* Every node, in any order: the walk needs no table by index. */
  for (const CqNode *node = c->game->root; node != NULL; node = _cq6_next_node (node, TRUE))
    {
      guint i = node->index;

      for (const CqNode *ch = node->first_child; ch != NULL; ch = _cq6_next_child (c, ch, FALSE))
        ps->shapes[i] |= (guint8) _cq6_move_shape (&ch->move);
      ps->all_shapes |= ps->shapes[i];
    }
  return ps->shapes;
}

/* Cq6PosState.mainline_shapes: the bits below are known. */
#define MAINLINE_SHAPES_KNOWN 0x80

/* The CQ6_SHAPE_* bits of the moves of the main line (a walk of it, once
 * per game). */
static guint
mainline_shapes (Cq6Ctx *c, Cq6PosState *ps)
{
  if (!(ps->mainline_shapes & MAINLINE_SHAPES_KNOWN))
    {
      guint8 bits = MAINLINE_SHAPES_KNOWN;

      for (const CqNode *n = c->game->root->first_child; n != NULL; n = n->first_child)
        bits |= (guint8) _cq6_move_shape (&n->move);
      ps->mainline_shapes = bits;
    }
  return ps->mainline_shapes & ~MAINLINE_SHAPES_KNOWN;
}

/* Narrows [@first, @last) for an echo whose source @s and targets must
 * differ on at most @k squares, when only the main line is examined: the
 * number of pieces of a target is then within @k of the source's, and
 * since it never grows along the main line (a parent's index is below
 * its children's), the targets that fit lie between the last main-line
 * position before @s with too many pieces and the first one after it
 * with too few. */
static void
men_window (Cq6Ctx *c, Cq6PosState *ps, const CqNode *s, guint k, guint32 *first,
            guint32 *last)
{
  guint32 n = c->game->n_nodes, i;
  int men = ps->men[s->index];

  if (c->program->variations || !ps->mainline_fewer)
    return;
  for (i = s->index; i > 0; i--)
    if ((ps->flags[i - 1] & NODE_MAINLINE) && ps->men[i - 1] > men + (int) k)
      break;
  *first = i;
  for (i = s->index + 1; i < n; i++)
    if ((ps->flags[i] & NODE_MAINLINE) && ps->men[i] + (int) k < men)
      break;
  *last = i;
}

/* The slot of @key in half @h of @hv: its own, or the empty one where it
 * would go (linear probing; the table is never full). */
static inline guint32
halves_slot (const Halves *hv, guint h, guint64 key)
{
  guint32 mask = (1u << hv->bits) - 1;
  guint32 i = (guint32) ((key * 0x9E3779B97F4A7C15ull) >> (64 - hv->bits));

  while (hv->head[h][i] != NO_NODE && hv->key[h][i] != key)
    i = (i + 1) & mask;
  return i;
}

/* The key of half @h (0: ranks 1-4, 1: ranks 5-8) of @pos: the squares
 * of White's men there, and of all men (the same men of each colour on
 * the same squares give the same key). */
static inline guint64
half_key (const CqPosition *pos, guint h)
{
  guint64 white = (guint32) (pos->by_color[CQ_WHITE] >> (32 * h));
  guint64 all = (guint32) (_cq_occupied (pos) >> (32 * h));

  return white << 32 | all;
}

/* The nodes of @c's game by half_key() (#Halves). */
static const Halves *
ensure_halves (Cq6Ctx *c, Cq6PosState *ps)
{
  guint n = c->game->n_nodes, bits = 2, slots;
  const CqNode *const *nodes = nodes_by_index (c);
  Halves *hv;
  guint64 *keys;
  guint32 *links;

  if (ps->halves != NULL)
    return ps->halves;
  while ((1u << bits) < 2 * n)
    bits++;
  slots = 1u << bits;
  hv = ps->halves = g_new (Halves, 1);
  hv->bits = bits;
  /* Two blocks: the keys of both halves, their heads and nexts. */
  keys = g_new (guint64, 2 * (gsize) slots);
  links = g_new (guint32, 2 * ((gsize) slots + n));
  for (guint h = 0; h < 2; h++)
    {
      hv->key[h] = keys + h * (gsize) slots;
      hv->head[h] = links + h * ((gsize) slots + n);
      hv->next[h] = hv->head[h] + slots;
      memset (hv->head[h], 0xFF, slots * sizeof (guint32));
      /* Backwards, each node put in front of its group. */
      for (guint i = n; i-- > 0;)
        {
          guint64 key = half_key (&nodes[i]->position, h);
          guint32 at = halves_slot (hv, h, key);

          hv->key[h][at] = key;
          hv->next[h][i] = hv->head[h][at];
          hv->head[h][at] = i;
        }
    }
  return hv;
}

/* The squares on which two positions differ: a piece on one and not the
 * same piece on the other (`~(x & y)`). */
static inline CqBitboard
differing_squares (const CqPosition *a, const CqPosition *b)
{
  CqBitboard d = 0;

  for (int p = CQ_WP; p < CQ_N_PIECES; p++)
    d |= a->pieces[p] ^ b->pieces[p];
  return d;
}

/* Whether @b has at most @k squares. */
static inline gboolean
at_most_squares (CqBitboard b, guint k)
{
  for (guint i = 0; i < k && b != 0; i++)
    b &= b - 1;
  return b == 0;
}

/* Whether @c's game examines @node: all positions with `variations`,
 * else the main line (docs/cql6.md "How a query runs"). */
static gboolean
examined (Cq6Ctx *c, Cq6PosState *ps, guint32 index)
{
  return c->program->variations || (ps->flags[index] & NODE_MAINLINE);
}

/* Comments */

void
_cq6_add_comment_once (Cq6Ctx *c, const CqNode *node, const char *text)
{
  Cq6PosState *ps = pos_bare (c);
  g_autofree char *key = g_strdup_printf ("%u\t%s", node->index, text);
  guint at;
  GArray *comments = c->st->comments;

  if (ps->once == NULL)
    ps->once = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  at = GPOINTER_TO_UINT (g_hash_table_lookup (ps->once, key));
  /* The entry is stale if the comments were cut back since. */
  if (at > 0 && at <= comments->len)
    {
      const CqPositionComment *pc = &g_array_index (comments, CqPositionComment, at - 1);

      if (pc->node == node->index && strcmp (pc->text, text) == 0)
        return;
    }
  _cq6_add_comment (c, node, text);
  g_hash_table_replace (ps->once, g_steal_pointer (&key), GUINT_TO_POINTER (comments->len));
}

void
_cq6_position_ref (Cq6Ctx *c, const CqNode *node, GString *out)
{
  Cq6PosState *ps = pos_state (c);

  g_string_append_printf (out, "move %u(%s)", node->position.fullmove_number,
                          node->position.side_to_move == CQ_WHITE ? "wtm" : "btm");
  if (!(ps->flags[node->index] & NODE_MAINLINE))
    {
      char id[32];

      g_string_append_printf (out, "[%u]", node->index);
      guint before = c->st->comments->len;

      g_snprintf (id, sizeof id, "id:%u", node->index);
      _cq6_add_comment_once (c, node, id);
      /* Not an automatic comment: `quiet` keeps it when a `comment` names
       * the position (CQL 6.2: `cql(quiet) comment (position 8)`). */
      if (c->st->comments->len > before)
        g_array_index (c->st->comments, CqPositionComment, before).automatic = FALSE;
    }
}

/* Whether automatic comments are written: not with `quiet` in the header. */
static gboolean
auto_comments (Cq6Ctx *c)
{
  return !c->program->quiet && !c->program->silent;
}

/* Tree geometry */

static gboolean
is_ancestor (Cq6PosState *ps, const CqNode *a, const CqNode *b)
{
  return a->index < b->index && b->index < ps->end[a->index];
}

gboolean
_cq6_node_is_ancestor (Cq6Ctx *c, const CqNode *a, const CqNode *b)
{
  return is_ancestor (pos_state (c), a, b);
}

static const CqNode *
lca (const CqNode *a, const CqNode *b)
{
  while (a != b)
    {
      if (a->ply >= b->ply)
        a = a->parent;
      else
        b = b->parent;
    }
  return a;
}

/* Evaluation */

/* Two position arguments, or FALSE. */
static gboolean
two_nodes (const Cq6Filter *f, Cq6Ctx *c, const CqNode **a, const CqNode **b)
{
  Cq6Val x = { 0 }, y = { 0 };

  if (!_cq6_eval (f->args[0], c, &x) || x.node == NULL
      || !_cq6_eval (f->args[1], c, &y) || y.node == NULL)
    return FALSE;
  *a = x.node;
  *b = y.node;
  return TRUE;
}

/* F at @node: the comments it wrote are dropped if it fails. */
static gboolean
eval_at (const Cq6Filter *f, Cq6Ctx *c, const CqNode *node, Cq6Val *v)
{
  Cq6Ctx there = _cq6_ctx_at (c, node);
  guint mark = _cq6_comments_mark (c);

  v->set = 0;
  if (_cq6_eval (f, &there, v))
    return TRUE;
  _cq6_comments_rollback (c, mark);
  return FALSE;
}

/* The next position `find` looks at after @node (forward: pre-order
 * within the subtree of @start, variations only if they are examined). */
static const CqNode *
find_next (Cq6Ctx *c, Cq6PosState *ps, const CqNode *start, const CqNode *node)
{
  if (!c->program->variations)
    return node->first_child;
  if (node->index + 1 >= ps->end[start->index])
    return NULL;
  return _cq6_node_by_index (c, node->index + 1);
}

/* `find` (CQL 6 reference "find"): F at the current position and its
 * descendants in pre-order (`<--`: the position and its ancestors, nearest
 * first).  Plain find gives the first position found and writes "Found"
 * there; `all` and a range count the positions found, write "Found i of n"
 * at each, and match when some were found / the count is in the range. */
static gboolean
eval_find (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  /* The tree's tables only for the walk through the variations. */
  Cq6PosState *ps = c->program->variations ? pos_state (c) : pos_bare (c);
  gboolean backward = f->which & CQ6_FIND_BACKWARD;
  gboolean counting = f->which & (CQ6_FIND_ALL | CQ6_FIND_RANGE);
  gboolean comments = !(f->which & CQ6_FIND_QUIET) && auto_comments (c);
  g_autoptr(GArray) found = NULL;
  Cq6Val a;
  gboolean ok;
  /* A body that is a dash filter needing a kind of move (`E--=Q`) is
   * evaluated only where such a move is played. */
  guint needs = _cq6_dash_needs (f->args[0]);
  /* Without variations, from a main-line position, the walk (forward by
   * main continuations, or back) stays on the main line, where the move
   * examined from a position is its main continuation: the main line's
   * moves are enough, without a table of every node's. */
  gboolean on_mainline = needs != 0 && !c->program->variations && !c->node->in_variation;
  const guint8 *shapes = needs != 0 && !on_mainline ? ensure_shapes (c, ps) : NULL;
  /* None such in the whole game (or main line): no position is looked at. */
  gboolean none = on_mainline ? (mainline_shapes (c, ps) & needs) != needs
                              : shapes != NULL && (ps->all_shapes & needs) != needs;

  if (none && _cq6_halted (c))
    return FALSE;
  for (const CqNode *n = none ? NULL : c->node; n != NULL;
       n = backward ? n->parent : find_next (c, ps, c->node, n))
    {
      if (_cq6_halted (c))
        return FALSE;
      if (shapes != NULL && (shapes[n->index] & needs) != needs)
        continue;
      if (on_mainline
          && (n->first_child == NULL || (_cq6_move_shape (&n->first_child->move) & needs) != needs))
        continue;
      if (!eval_at (f->args[0], c, n, &a))
        continue;
      if (!counting)
        {
          if (comments)
            _cq6_add_comment_once (c, n, "Found");
          v->node = n;
          return TRUE;
        }
      if (found == NULL)
        found = g_array_new (FALSE, FALSE, sizeof (const CqNode *));
      g_array_append_val (found, n);
    }
  if (!counting)
    return FALSE;
  v->num = found != NULL ? found->len : 0;
  ok = (f->which & CQ6_FIND_ALL) ? v->num > 0
                                 : v->num >= f->range_min && v->num <= f->range_max;
  if (ok && comments)
    for (guint i = 0; i < v->num; i++)
      {
        char text[64];

        g_snprintf (text, sizeof text, "Found %u of %u", i + 1, (guint) v->num);
        _cq6_add_comment_once (c, g_array_index (found, const CqNode *, i), text);
      }
  return ok;
}

/* The echo comments of one pair (CQL 6.2 output): the variables' names at
 * the source and the target, "-->" the source at the target, "<--" the
 * target at the source, "LCA" at their lowest common ancestor when it is
 * neither. */
static void
echo_comments (const Cq6Filter *f, Cq6Ctx *c, const CqNode *s, const CqNode *t)
{
  const GPtrArray *vars = c->program->vars;
  const char *sname = ((const Cq6Var *) vars->pdata[f->which & 0xFFFF])->name;
  const char *tname = ((const Cq6Var *) vars->pdata[f->which >> 16])->name;
  g_autoptr(GString) text = g_string_new (NULL);
  const CqNode *l;

  _cq6_add_comment_once (c, s, sname);
  _cq6_add_comment_once (c, t, tname);
  g_string_assign (text, "-->");
  _cq6_position_ref (c, s, text);
  _cq6_add_comment_once (c, t, text->str);
  g_string_assign (text, "<--");
  _cq6_position_ref (c, t, text);
  _cq6_add_comment_once (c, s, text->str);
  l = lca (s, t);
  if (l != s && l != t)
    _cq6_add_comment_once (c, l, "LCA");
}

/* Whether the filters of @mask of the echo body match at @node. */
static gboolean
parts_match (const Cq6Filter *f, Cq6Ctx *c, const CqNode *node, guint64 mask)
{
  const Cq6Filter *body = f->args[0];
  Cq6Filter *const *parts = body->kind == CQ6_COMPOUND ? body->args : &f->args[0];
  Cq6Val a;

  for (guint i = 0; mask != 0; i++, mask >>= 1)
    if ((mask & 1) && !eval_at (parts[i], c, node, &a))
      return FALSE;
  return TRUE;
}

/* A pair test of an echo body (Cq6Filter.pair_parts) for one source:
 * @test, the comparison; @source_side, the index of its side read at the
 * source; @source_ok, @source: that side's value there; @targets, per
 * node, the other side's (kept for the game, in #Cq6PosState.targets
 * under @test). */
typedef struct {
  guint8 state; /* TARGET_UNKNOWN, TARGET_PASSES (a value), TARGET_FAILS */
  Cq6Val val;
} PairValue;

/* A side of a square pair test (a square loop's comparison, see
 * square_pair_test() in cq6-positions-reader.c) at one position: @known,
 * the squares whose value was computed; @ok, of those, where the side has
 * a value; @val, per square, the value (the number, the string's pointer
 * or the set); @set, the loop's squares (a target's; with @set_known). */
typedef struct {
  guint64    known;
  guint64    ok;
  CqBitboard set;
  gboolean   set_known;
  guint64    val[64];
} SquareValues;

typedef struct {
  const Cq6Filter *test;
  guint            source_side;
  gboolean         source_ok;
  Cq6Val           source;
  PairValue       *targets;
  /* A square pair test: the source, the values of its side there (filled
   * as squares are asked for), per node the target side's (kept for the
   * game, as @targets). */
  const CqNode    *s;
  SquareValues     source_squares;
  SquareValues    *target_squares;
} PairTest;

/* Fills @pairs for the source @s; returns how many there are. */
static guint
pair_tests_begin (const Cq6Filter *f, Cq6Ctx *c, Cq6PosState *ps, const CqNode *s,
                  PairTest *pairs)
{
  const Cq6Filter *body = f->args[0];
  Cq6Filter *const *parts = body->kind == CQ6_COMPOUND ? body->args : &f->args[0];
  guint n = 0;

  for (guint i = 0; i < CQ6_ECHO_PAIR_TESTS_MAX; i++)
    {
      PairTest *p = &pairs[n];

      if (!(f->pair_parts & (G_GUINT64_CONSTANT (1) << i)))
        continue;
      p->test = parts[i];
      p->source_side = (f->pair_parts >> (CQ6_ECHO_PAIR_SECOND + i)) & 1;
      if (ps->targets == NULL)
        ps->targets = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      if (p->test->kind == CQ6_SQUARE_LOOP)
        {
          /* Values are computed square by square, when a pair asks. */
          p->s = s;
          p->source_squares.known = p->source_squares.ok = 0;
          p->target_squares = g_hash_table_lookup (ps->targets, p->test);
          if (p->target_squares == NULL)
            {
              p->target_squares = g_new0 (SquareValues, MAX (c->game->n_nodes, 1));
              g_hash_table_insert (ps->targets, (gpointer) p->test, p->target_squares);
            }
          n++;
          continue;
        }
      p->source_ok = eval_at (p->test->args[p->source_side], c, s, &p->source);
      p->targets = g_hash_table_lookup (ps->targets, p->test);
      if (p->targets == NULL)
        {
          p->targets = g_new0 (PairValue, MAX (c->game->n_nodes, 1));
          g_hash_table_insert (ps->targets, (gpointer) p->test, p->targets);
        }
      n++;
    }
  return n;
}

/* Narrows [@first, @last), the indices of the targets, by a pair test
 * @p that compares the two variables themselves (`s < t`, `t >= s`):
 * positions compare by positionid, which is the index. */
static void
pair_test_window (const PairTest *p, guint32 source, guint32 *first, guint32 *last)
{
  const Cq6Filter *t = p->test;
  int op = t->which;
  guint32 lo = 0, hi = G_MAXUINT32;

  if (t->args[0]->type != CQ6_TYPE_POSITION || t->args[0]->kind != CQ6_VARIABLE
      || t->args[1]->kind != CQ6_VARIABLE)
    return;
  /* As `target OP source`. */
  if (p->source_side == 0)
    op = op == CQ6_CMP_LT ? CQ6_CMP_GT : op == CQ6_CMP_GT ? CQ6_CMP_LT
       : op == CQ6_CMP_LE ? CQ6_CMP_GE : op == CQ6_CMP_GE ? CQ6_CMP_LE : op;
  switch (op)
    {
    case CQ6_CMP_LT: hi = source; break;
    case CQ6_CMP_LE: hi = source + 1; break;
    case CQ6_CMP_EQ: lo = source, hi = source + 1; break;
    case CQ6_CMP_GE: lo = source; break;
    case CQ6_CMP_GT: lo = source + 1; break;
    default: break;
    }
  *first = MAX (*first, lo);
  *last = MIN (*last, hi);
}

/* The value of @side, a side of a square pair test's comparison, at
 * @node with the loop's variable @var bound to the square @sq, into
 * @values. */
static void
square_value (const Cq6Filter *side, Cq6Ctx *c, const CqNode *node, guint32 var, int sq,
              SquareValues *values)
{
  Cq6Slot *slot = &c->st->slots[var], saved = *slot;
  Cq6Val v = { 0 };

  slot->bound = TRUE;
  memset (&slot->val, 0, sizeof slot->val);
  slot->val.set = CQ_BIT (sq);
  if (eval_at (side, c, node, &v))
    values->ok |= CQ_BIT (sq);
  *slot = saved;
  values->known |= CQ_BIT (sq);
  values->val[sq] = side->type == CQ6_TYPE_STRING ? (guint64) (guintptr) v.str
                    : side->type == CQ6_TYPE_SET ? v.set : (guint64) v.num;
}

/* Whether the square loop of the pair test @p matches at the target @t:
 * its comparison holds at each of its squares, as eval_compare()
 * (cq6-eval.c) decides it, from the values of the sides kept per source
 * and per target. */
static gboolean
square_test_holds (PairTest *p, Cq6Ctx *c, const CqNode *t)
{
  const Cq6Filter *loop = p->test, *cmp = loop->args[1];
  const Cq6Filter *source_side = cmp->args[p->source_side];
  const Cq6Filter *target_side = cmp->args[1 - p->source_side];
  SquareValues *tv = &p->target_squares[t->index], *sv = &p->source_squares;
  SquareValues *first = p->source_side == 0 ? sv : tv, *second = p->source_side == 0 ? tv : sv;

  if (!tv->set_known)
    {
      Cq6Val k = { 0 };

      eval_at (loop->args[0], c, t, &k);
      tv->set = k.set;
      tv->set_known = TRUE;
    }
  for (CqBitboard squares = tv->set; squares != 0; squares &= squares - 1)
    {
      int sq = __builtin_ctzll (squares);
      guint64 a, b;
      gboolean holds;

      if (!(tv->known & CQ_BIT (sq)))
        square_value (target_side, c, t, loop->which, sq, tv);
      if (!(sv->known & CQ_BIT (sq)))
        square_value (source_side, c, p->s, loop->which, sq, sv);
      a = first->val[sq];
      b = second->val[sq];
      if (cmp->args[0]->type == CQ6_TYPE_SET)
        holds = (a == b) == (cmp->which == CQ6_CMP_EQ);
      else if (!(first->ok & second->ok & CQ_BIT (sq)))
        holds = cmp->which == CQ6_CMP_NE;
      else if (cmp->args[0]->type == CQ6_TYPE_STRING)
        holds = _cq6_compare (cmp->which,
                              a == b ? 0 : strcmp ((const char *) (guintptr) a,
                                                   (const char *) (guintptr) b), 0);
      else
        holds = _cq6_compare (cmp->which, (gint64) a, (gint64) b);
      if (!holds)
        return FALSE;
    }
  return TRUE;
}

/* Whether the @n pair tests of @pairs hold for the target @t (the
 * target variable bound to it), as the comparisons would. */
static gboolean
pair_tests_hold (PairTest *pairs, guint n, Cq6Ctx *c, const CqNode *t)
{
  for (guint k = 0; k < n; k++)
    {
      PairTest *p = &pairs[k];
      PairValue *pv;
      const Cq6Val *a, *b;

      if (p->test->kind == CQ6_SQUARE_LOOP)
        {
          if (!square_test_holds (p, c, t))
            return FALSE;
          continue;
        }
      pv = &p->targets[t->index];

      if (pv->state == TARGET_UNKNOWN)
        pv->state = eval_at (p->test->args[1 - p->source_side], c, t, &pv->val)
                    ? TARGET_PASSES : TARGET_FAILS;
      /* `!=` holds when a side has no value, as in cq6-eval.c. */
      if (!p->source_ok || pv->state == TARGET_FAILS)
        {
          if (p->test->which != CQ6_CMP_NE)
            return FALSE;
          continue;
        }
      a = p->source_side == 0 ? &p->source : &pv->val;
      b = p->source_side == 0 ? &pv->val : &p->source;
      if (p->test->args[0]->type == CQ6_TYPE_POSITION
          ? !_cq6_compare (p->test->which, a->node->index, b->node->index)
          : !_cq6_compare (p->test->which, a->num, b->num))
        return FALSE;
    }
  return TRUE;
}

/* `echo` (CQL 6 reference "echo"): the source variable is the current
 * position, the target variable each other position examined (`in all`:
 * the source too), the body evaluated at the target; matches if the body
 * matched at some target, with the largest value of a numeric body.  The
 * variables are unbound afterwards. */
static gboolean
eval_echo (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  Cq6PosState *ps = pos_state (c);
  const CqNode *const *nodes = nodes_by_index (c);
  guint32 src = f->which & 0xFFFF, tgt = f->which >> 16;
  Cq6Slot *ss = &c->st->slots[src], *ts = &c->st->slots[tgt];
  guint64 source_parts = (guint64) f->range_min, target_parts = (guint64) f->range_max;
  gboolean comments = !(f->number & CQ6_ECHO_QUIET) && auto_comments (c);
  gboolean numeric = f->type == CQ6_TYPE_NUMBER;
  const CqNode *s = c->node;
  guint8 *cache = NULL;
  guint32 first = 0, last = c->game->n_nodes;
  const guint32 *order = NULL;
  gboolean any = FALSE;
  guint max_differ = 64, min_differ = 0;
  CqBitboard source_occupied = 0;
  /* With the halves: the next node of the source's two groups. */
  const Halves *hv = NULL;
  guint32 in_low = NO_NODE, in_high = NO_NODE;
  PairTest pairs[CQ6_ECHO_PAIR_TESTS_MAX];
  guint n_pairs = 0;
  Cq6Val a;

  memset (ss, 0, sizeof *ss);
  ss->bound = TRUE;
  ss->val.node = s;
  *ts = *ss;
  if (source_parts != 0 && !parts_match (f, c, s, source_parts))
    goto done;
  if (target_parts != 0)
    {
      if (ps->targets == NULL)
        ps->targets = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      cache = g_hash_table_lookup (ps->targets, f);
      if (cache == NULL)
        {
          cache = g_new0 (guint8, MAX (c->game->n_nodes, 1));
          g_hash_table_insert (ps->targets, (gpointer) f, cache);
        }
    }
  if (f->pair_parts != 0)
    n_pairs = pair_tests_begin (f, c, ps, s, pairs);
  if (f->number & CQ6_ECHO_SAME_PLACEMENT)
    {
      /* Only the targets of the source's placement hash, in index order. */
      guint64 h;
      guint32 lo = 0, hi = c->game->n_nodes;

      ensure_placement (c, ps);
      h = ps->placement[s->index];
      while (lo < hi)
        {
          guint32 mid = lo + (hi - lo) / 2;

          if (ps->placement[ps->by_placement[mid]] < h)
            lo = mid + 1;
          else
            hi = mid;
        }
      first = lo;
      for (last = lo; last < c->game->n_nodes && ps->placement[ps->by_placement[last]] == h;
           last++)
        ;
      order = ps->by_placement;
    }
  if (f->directions != 0)
    {
      /* The body needs the pair to differ on min_differ to max_differ
       * squares (`#Diff == 1`): a square empty on one and not on the other
       * is one of them, so a first test of the occupied squares alone
       * rules out most pairs, and the exact count the rest, before the
       * body runs. */
      ensure_occupied (c, ps);
      max_differ = (f->directions & ~CQ6_ECHO_EXACTLY_ONE) - 1u;
      min_differ = (f->directions & CQ6_ECHO_EXACTLY_ONE) ? 1 : 0;
      source_occupied = ps->occupied[s->index];
      if (order == NULL && max_differ <= 1)
        {
          hv = ensure_halves (c, ps);
          in_low = hv->head[0][halves_slot (hv, 0, half_key (&s->position, 0))];
          in_high = hv->head[1][halves_slot (hv, 1, half_key (&s->position, 1))];
        }
      else if (order == NULL)
        men_window (c, ps, s, max_differ, &first, &last);
    }
  if (order == NULL && hv == NULL)
    for (guint k = 0; k < n_pairs; k++)
      pair_test_window (&pairs[k], s->index, &first, &last);
  for (guint32 k = first;;)
    {
      guint32 i;
      const CqNode *t;

      if (hv != NULL)
        {
          /* The union of the two groups, in index order. */
          if (in_low == NO_NODE && in_high == NO_NODE)
            break;
          i = MIN (in_low, in_high);
          if (in_low == i)
            in_low = hv->next[0][i];
          if (in_high == i)
            in_high = hv->next[1][i];
        }
      else if (k < last)
        i = order != NULL ? order[k++] : k++;
      else
        break;

      if (max_differ < 64 && !at_most_squares (source_occupied ^ ps->occupied[i], max_differ))
        continue;
      if ((i == s->index && !(f->number & CQ6_ECHO_IN_ALL)) || !examined (c, ps, i))
        continue;
      t = nodes[i];
      if (max_differ < 64)
        {
          guint differ = (guint) _cq_popcount (differing_squares (&s->position, &t->position));

          if (differ > max_differ || differ < min_differ)
            continue;
        }
      ts->val.node = t;
      if (cache != NULL)
        {
          if (cache[i] == TARGET_UNKNOWN)
            cache[i] = parts_match (f, c, t, target_parts) ? TARGET_PASSES : TARGET_FAILS;
          if (cache[i] == TARGET_FAILS)
            continue;
        }
      if (n_pairs != 0 && !pair_tests_hold (pairs, n_pairs, c, t))
        continue;
      /* A stop is looked for at the pairs evaluated only: most targets
       * are passed over by the cheap tests above. */
      if (_cq6_halted (c))
        break;
      a.num = 0;
      if (!eval_at (f->args[0], c, t, &a))
        continue;
      if (numeric)
        v->num = any ? MAX (v->num, a.num) : a.num;
      any = TRUE;
      if (comments)
        echo_comments (f, c, s, t);
    }
done:
  ss->bound = ts->bound = FALSE;
  return any;
}

gboolean
_cq6_eval_positions (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const CqNode *node = c->node, *a, *b;
  Cq6Val x = { 0 };

  switch ((Cq6Kind) f->kind)
    {
    case CQ6_PARENT:
      v->node = node->parent;
      return node->parent != NULL;
    case CQ6_CHILD:
      {
        gint64 k = 0;
        const CqNode *child = node->first_child;

        if (f->n_args > 0)
          {
            if (!_cq6_eval (f->args[0], c, &x) || x.num < 0)
              return FALSE;
            k = x.num;
          }
        /* Without `variations` a game is its main line: a variation's
         * first position is not there (ruling 35). */
        if (k > 0 && !c->program->variations)
          return FALSE;
        for (; child != NULL && k > 0; k--)
          child = child->next_sibling;
        v->node = child;
        return child != NULL;
      }
    case CQ6_POSITION_BY_ID:
      /* No position with that id, or one in a variation when variations
       * are not examined: no match (CQL 6 reference "position"; ruling 35). */
      if (!_cq6_eval (f->args[0], c, &x) || x.num < 0 || x.num > G_MAXUINT32)
        return FALSE;
      v->node = _cq6_node_by_index (c, (guint32) x.num);
      return v->node != NULL && examined (c, pos_state (c), (guint32) x.num);
    case CQ6_POSITIONID:
      v->num = node->index;
      return TRUE;
    case CQ6_DEPTH:
      v->num = pos_state (c)->depth[node->index];
      return TRUE;
    case CQ6_VIRTUALMAINLINE:
      return (pos_state (c)->flags[node->index] & NODE_VIRTUAL) != 0;
    case CQ6_TRY:
      {
        /* CQL 6.2's `try` is `notransform 1 == find <-- quiet all {btm
         * secondary}`: among this position and its ancestors, exactly one
         * has Black to move and was reached by a move that is not its
         * parent's first (main) continuation: a White try.  Transforms
         * leave it alone (notransform), and it writes no comment. */
        guint tries = 0;

        for (const CqNode *n = node; n->parent != NULL && tries < 2; n = n->parent)
          if (n->position.side_to_move == CQ_BLACK && n != n->parent->first_child)
            tries++;
        return tries == 1;
      }
    case CQ6_ANCESTOR:
    case CQ6_DESCENDANT:
      /* ancestor(x y): x is an ancestor of y, not y itself. */
      if (!two_nodes (f, c, &a, &b))
        return FALSE;
      return f->kind == CQ6_ANCESTOR ? is_ancestor (pos_state (c), a, b)
                                     : is_ancestor (pos_state (c), b, a);
    case CQ6_LCA:
      if (!two_nodes (f, c, &a, &b))
        return FALSE;
      v->node = lca (a, b);
      return TRUE;
    case CQ6_DISTANCE:
      /* The number of moves between them through their lca. */
      if (!two_nodes (f, c, &a, &b))
        return FALSE;
      v->num = (gint64) a->ply + b->ply - 2 * (gint64) lca (a, b)->ply;
      return TRUE;
    case CQ6_POSITION_AND:
      {
        if (!two_nodes (f, c, &a, &b))
          return (v->set = 0, FALSE);
        v->set = ~differing_squares (&a->position, &b->position);
        return v->set != 0;
      }
    case CQ6_FIND:
      return eval_find (f, c, v);
    case CQ6_ECHO:
      return eval_echo (f, c, v);
    default:
      break;
    }
  g_assert_not_reached ();
  return FALSE;
}
