/* cq6-line-automaton.c: a line or path filter compiled into its automaton,
 * and the tables the line filters keep for one game (their matching is
 * cq6-line.c's).
 *
 * A search reads games one after the other on each thread: the tables of
 * one game (the state, each line's automaton, memo and marks) are kept
 * for the next game of the same thread and cleared, not freed, so that a
 * game costs no allocation for them once the first ones are made.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"

#include <string.h>

/* The most memo cells a kept LineRun holds on to (8 bytes each): a game
 * that needs more gets them for itself only. */
#define KEPT_MEMO_CELLS (1u << 18)
/* The most LineRuns a thread keeps (a query holds few lines). */
#define KEPT_RUNS 16

/* What a thread keeps from its last game: a state, its tables empty, and
 * the runs it held. */
typedef struct {
  struct _Cq6LineState *state;
  GPtrArray            *runs;
} LinePool;

static void
line_run_free (gpointer data)
{
  LineRun *r = data;

  g_free (r->states);
  g_free (r->accepts);
  g_free (r->memo);
  if (r->memo_map != NULL)
    g_hash_table_destroy (r->memo_map);
  g_free (r->touched);
  for (guint k = 0; r->banks != NULL && k < LINE_MEMO_BANKS; k++)
    g_free (r->banks[k].touched);
  g_free (r->banks);
  g_free (r->saved_slots);
  g_free (r->banned_buf);
  if (r->ends_buf != NULL)
    g_ptr_array_free (r->ends_buf, TRUE);
  g_free (r);
}

static void
line_state_destroy (struct _Cq6LineState *ls)
{
  g_hash_table_destroy (ls->runs);
  if (ls->consecutive != NULL)
    g_array_unref (ls->consecutive);
  g_free (ls->id_shown);
  g_free (ls);
}

static void
pool_free (gpointer data)
{
  LinePool *pool = data;

  if (pool->state != NULL)
    line_state_destroy (pool->state);
  g_ptr_array_free (pool->runs, TRUE);
  g_free (pool);
}

/* Freed at the thread's exit. */
static GPrivate line_pool = G_PRIVATE_INIT (pool_free);

static LinePool *
pool_get (void)
{
  LinePool *pool = g_private_get (&line_pool);

  if (pool == NULL)
    {
      pool = g_new0 (LinePool, 1);
      pool->runs = g_ptr_array_new_with_free_func (line_run_free);
      g_private_set (&line_pool, pool);
    }
  return pool;
}

/* Gives @r back to the thread's pool: its arrays are kept, what belongs
 * to its game is let go. */
static void
line_run_release (LinePool *pool, LineRun *r)
{
  if (r->memo_map != NULL)
    {
      g_hash_table_destroy (r->memo_map);
      r->memo_map = NULL;
    }
  if (r->memo_cells > KEPT_MEMO_CELLS)
    {
      g_clear_pointer (&r->memo, g_free);
      r->memo_cells = 0;
    }
  if (pool->runs->len >= KEPT_RUNS)
    {
      line_run_free (r);
      return;
    }
  g_ptr_array_add (pool->runs, r);
}

void
_cq6_line_state_free (Cq6State *st)
{
  struct _Cq6LineState *ls = st->line;
  LinePool *pool;
  GHashTableIter it;
  gpointer value;
  struct _Cq6LineState kept;

  if (ls == NULL)
    return;
  st->line = NULL;
  pool = pool_get ();
  g_hash_table_iter_init (&it, ls->runs);
  while (g_hash_table_iter_next (&it, NULL, &value))
    line_run_release (pool, value);
  g_hash_table_remove_all (ls->runs);
  if (ls->consecutive != NULL)
    g_array_set_size (ls->consecutive, 0);
  if (pool->state != NULL)
    {
      line_state_destroy (ls);
      return;
    }
  /* The next game starts from an empty state with the same tables. */
  memset (&kept, 0, sizeof kept);
  kept.runs = ls->runs;
  kept.consecutive = ls->consecutive;
  kept.id_shown = ls->id_shown;
  kept.id_shown_size = ls->id_shown_size;
  *ls = kept;
  pool->state = ls;
}

void
_cq6_line_state_ensure (Cq6Ctx *c)
{
  Cq6State *st = c->st;
  LinePool *pool;
  struct _Cq6LineState *ls;
  guint n = MAX (c->game->n_nodes, 1);

  if (st->line != NULL)
    return;
  pool = pool_get ();
  ls = pool->state;
  pool->state = NULL;
  if (ls == NULL)
    {
      ls = g_new0 (struct _Cq6LineState, 1);
      ls->runs = g_hash_table_new (NULL, NULL);
    }
  if (ls->id_shown_size < n)
    {
      g_free (ls->id_shown);
      ls->id_shown = g_new (guint8, n);
      ls->id_shown_size = n;
    }
  memset (ls->id_shown, 0, n);
  st->line = ls;
}

static gint
add_state (LineRun *r, guint8 kind, const Cq6Filter *f, gint out, gint out2)
{
  if (r->n_states == r->states_size)
    {
      r->states_size = MAX (16, 2 * r->states_size);
      r->states = g_renew (NState, r->states, r->states_size);
    }
  r->states[r->n_states] = (NState) { kind, f, out, out2 };
  return r->n_states++;
}

/* Compiles @f so that it goes on to state @next; returns its first state. */
static gint
compile (LineRun *r, const Cq6Filter *f, gint next)
{
  gint tail;

  switch (f->kind)
    {
    case CQ6_LINE_SEQ:
      for (guint i = f->n_args; i-- > 0;)
        next = compile (r, f->args[i], next);
      return next;
    case CQ6_LINE_REPEAT:
      if (f->range_max < 0)
        {
          gint loop = add_state (r, ST_SPLIT, NULL, -1, next);
          gint body = compile (r, f->args[0], loop);

          r->states[loop].out = body;
          tail = loop;
        }
      else
        {
          /* x{0,k}: (x (x ...)?)? */
          tail = next;
          for (gint64 k = f->range_min; k < f->range_max; k++)
            {
              gint body = compile (r, f->args[0], tail);

              tail = add_state (r, ST_SPLIT, NULL, body, next);
            }
        }
      for (gint64 k = 0; k < f->range_min; k++)
        tail = compile (r, f->args[0], tail);
      return tail;
    default:
      return add_state (r, ST_TEST, f, next, -1);
    }
}

/* Reads no variable and writes nothing: its value at a position depends
 * on the position only. */
static gboolean
pure (const Cq6Filter *f)
{
  if (f == NULL)
    return TRUE;
  if (f->kind >= CQ6_FIRST_STATEFUL && f->kind != CQ6_DASH && f->kind != CQ6_LINE_SEQ
      && f->kind != CQ6_LINE_REPEAT)
    return FALSE;
  for (guint i = 0; i < f->n_args; i++)
    if (!pure (f->args[i]))
      return FALSE;
  return TRUE;
}

/* Reads variables and writes nothing but comments (pure() but for
 * these): adds the variables read to @r's reads and sets *@comments if it
 * writes a comment.  FALSE also when the variables are more than
 * LINE_MEMO_READS or one is neither a number, a set nor a piece (values
 * compared by memo_bank_same(); a position's would be written by name,
 * which marks the position). */
static gboolean
reads_only (const Cq6Filter *f, LineRun *r, const Cq6Program *p, gboolean *comments)
{
  if (f == NULL)
    return TRUE;
  if (f->kind == CQ6_VARIABLE)
    {
      const Cq6Var *var = p->vars->pdata[f->which];
      guint i;

      if (var->dict != NULL
          || !(var->piece || var->type == CQ6_TYPE_SET || var->type == CQ6_TYPE_NUMBER))
        return FALSE;
      for (i = 0; i < r->n_reads && r->reads[i] != f->which; i++)
        ;
      if (i == r->n_reads)
        {
          if (r->n_reads == LINE_MEMO_READS)
            return FALSE;
          r->reads[r->n_reads++] = f->which;
        }
      return TRUE;
    }
  if (f->kind == CQ6_COMMENT)
    *comments = TRUE;
  else if (f->kind >= CQ6_FIRST_STATEFUL && f->kind != CQ6_DASH && f->kind != CQ6_LINE_SEQ
           && f->kind != CQ6_LINE_REPEAT)
    return FALSE;
  for (guint i = 0; i < f->n_args; i++)
    if (!reads_only (f->args[i], r, p, comments))
      return FALSE;
  return TRUE;
}

/* Holds a dash filter outside a nested line (CQL 6.2 then follows, for a
 * line constituent, only the move the dash took). */
static gboolean
holds_dash (const Cq6Filter *f)
{
  if (f == NULL || f->kind == CQ6_LINE)
    return FALSE;
  if (f->kind == CQ6_DASH)
    return TRUE;
  for (guint i = 0; i < f->n_args; i++)
    if (holds_dash (f->args[i]))
      return TRUE;
  return FALSE;
}

gboolean
_cq6_reads_path_route (const Cq6Filter *f)
{
  if (f == NULL || (f->kind == CQ6_LINE && (f->which & CQ6_LINE_PATH)))
    return FALSE;
  if (_cq6_path_status_in_search (f))
    return TRUE;
  for (guint i = 0; i < f->n_args; i++)
    if (_cq6_reads_path_route (f->args[i]))
      return TRUE;
  return FALSE;
}

/* A LineRun from the thread's pool, or a new one, its arrays empty. */
static LineRun *
line_run_take (void)
{
  LinePool *pool = pool_get ();
  LineRun *r, kept;

  if (pool->runs->len == 0)
    {
      r = g_new0 (LineRun, 1);
      return r;
    }
  r = g_ptr_array_steal_index_fast (pool->runs, pool->runs->len - 1);
  memset (&kept, 0, sizeof kept);
  kept.states = r->states;
  kept.states_size = r->states_size;
  kept.accepts = r->accepts;
  kept.accepts_size = r->accepts_size;
  kept.memo = r->memo;
  kept.memo_cells = r->memo_cells;
  kept.touched = r->touched;
  kept.touched_size = r->touched_size;
  kept.banks = r->banks;
  kept.saved_slots = r->saved_slots;
  kept.saved_size = r->saved_size;
  kept.banned_buf = r->banned_buf;
  kept.banned_size = r->banned_size;
  kept.ends_buf = r->ends_buf;
  *r = kept;
  return r;
}

LineRun *
_cq6_line_run (const Cq6Filter *f, Cq6Ctx *c)
{
  struct _Cq6LineState *ls;
  LineRun *r;
  gboolean changed = TRUE, comments;
  guint64 cells;
  guint n_nodes = MAX (c->game->n_nodes, 1);

  _cq6_line_state_ensure (c);
  ls = c->st->line;
  /* A query holds few lines, mostly one: the last one looked up is kept
   * beside the table. */
  if (ls->last_line == f)
    return ls->last_run;
  /* A transform makes a line of each image (`flip` eight): they take
   * turns at each position, found in a short list before the table. */
  r = NULL;
  for (guint i = 0; i < ls->n_recent && r == NULL; i++)
    if (ls->recent[i].line == f)
      r = ls->recent[i].run;
  if (r == NULL && g_hash_table_size (ls->runs) > G_N_ELEMENTS (ls->recent))
    r = g_hash_table_lookup (ls->runs, f);
  if (r != NULL)
    {
      ls->last_line = f, ls->last_run = r;
      return r;
    }
  r = line_run_take ();
  r->line = f;
  r->start = compile (r, f->args[0], add_state (r, ST_ACCEPT, NULL, -1, -1));
  if (r->accepts_size < r->n_states)
    {
      g_free (r->accepts);
      r->accepts = g_new (guint8, r->n_states);
      r->accepts_size = r->n_states;
    }
  memset (r->accepts, 0, r->n_states);
  /* ACCEPT reached through SPLITs only (a fixed point). */
  while (changed)
    {
      changed = FALSE;
      for (guint q = 0; q < r->n_states; q++)
        {
          const NState *s = &r->states[q];
          gboolean a = s->kind == ST_ACCEPT
                       || (s->kind == ST_SPLIT && (r->accepts[s->out] || r->accepts[s->out2]));

          if (a && !r->accepts[q])
            r->accepts[q] = changed = TRUE;
        }
    }
  /* path singlecolor: the focus is the pieces of the side to move at the
   * start (CQL 6.2's `focus (if wtm A else a)`). */
  r->has_focus = f->args[1] != NULL
                 || ((f->which & CQ6_LINE_PATH) && (f->which & CQ6_LINE_SINGLECOLOR));
  r->pure = pure (f->args[0]);
  r->n_reads = 0;
  comments = FALSE;
  r->reads_only = r->pure || reads_only (f->args[0], r, c->program, &comments);
  r->writes_nothing = r->reads_only && !comments;
  r->pure = r->pure && !r->has_focus;
  /* A line's constituents read the pathcount of the path around it,
   * which does not change while the line is matched. */
  r->routes = (f->which & CQ6_LINE_PATH)
              ? ((f->which & (CQ6_LINE_MAX | CQ6_LINE_FIRSTMATCH | CQ6_LINE_ATOMIC
                               | CQ6_LINE_WRITES))
                 || _cq6_reads_path_route (f->args[0]))
              : ((f->which & CQ6_LINE_WRITES)
                 && !(f->which & (CQ6_LINE_BACKWARD | CQ6_LINE_SINGLECOLOR))
                 && !holds_dash (f->args[0]));
  r->first = (f->which & CQ6_LINE_FIRSTMATCH) && !(f->which & CQ6_LINE_PATH);
  /* Its memo holds for the game and its best route is the memo's: where
   * the memo says no match starts, nothing else need be done. */
  r->memo_decides = r->pure && !r->routes && !(f->which & CQ6_LINE_KEEPALLBEST);
  cells = (guint64) n_nodes * r->n_states;
  /* Reading variables only, the memo of a search holds for the next one
   * while they keep their values: one bank per set of values (the
   * comments the constituents write are taken back in the search and
   * written again along the route kept).  The other cases (focus, routes,
   * variables written) depend on the start or on the route. */
  r->banked = !r->pure && r->reads_only && !r->has_focus && !r->routes
              && cells * 2 <= (1u << 22);
  r->n_banks = r->banked ? MIN (LINE_MEMO_BANKS, (1u << 22) / cells) : 1;
  r->bank = r->next_bank = 0;
  r->bank_base = 0;
  if (r->banked)
    {
      if (r->banks == NULL)
        r->banks = g_new0 (MemoBank, LINE_MEMO_BANKS);
      for (guint k = 0; k < LINE_MEMO_BANKS; k++)
        r->banks[k].used = r->banks[k].valid = FALSE, r->banks[k].touched_len = 0;
      r->banks[0].used = TRUE;
    }
  if (cells <= (1u << 22))
    {
      if (r->memo_cells < cells * r->n_banks)
        {
          g_free (r->memo);
          r->memo = g_new (Memo, cells * r->n_banks);
          r->memo_cells = cells * r->n_banks;
        }
      /* The other banks' cells are cleared when first used. */
      for (guint64 i = 0; i < cells; i++)
        r->memo[i] = (Memo) { MEMO_UNKNOWN, 0 };
    }
  else
    {
      g_clear_pointer (&r->memo, g_free);
      r->memo_cells = 0;
      r->memo_map = g_hash_table_new_full (NULL, NULL, NULL, g_free);
    }
  if (f->which & CQ6_LINE_NESTBAN)
    {
      if (r->banned_size < n_nodes)
        {
          g_free (r->banned_buf);
          r->banned_buf = g_new (guint8, n_nodes);
          r->banned_size = n_nodes;
        }
      memset (r->banned_buf, 0, n_nodes);
      r->banned = r->banned_buf;
    }
  g_hash_table_insert (ls->runs, (gpointer) f, r);
  if (ls->n_recent < G_N_ELEMENTS (ls->recent))
    {
      ls->recent[ls->n_recent].line = f;
      ls->recent[ls->n_recent++].run = r;
    }
  ls->last_line = f, ls->last_run = r;
  return r;
}
