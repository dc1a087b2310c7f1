/* cq6-line.c: CQL 6 filters over sequences of moves: the evaluation of
 * line and path (their reader is cq6-line-reader.c; the moves of the dash
 * filters and consecutivemoves are evaluated in cq6-moves.c; the automaton
 * and the per-game tables are made in cq6-line-automaton.c).
 *
 * A dash filter (`--`, `X--Y`, `X[x]Y`, `--=Q`, `--(F)`; CQL 6 reference,
 * "dash") stands for one move of the game out of the current position;
 * `previous` (`currentmove`) before it makes it the move that led here.
 *
 * `line` and `path` are regular expressions over the game tree (CQL 6
 * reference, "line", "path"): their constituents, with the repetition
 * suffixes `*`, `+`, `?`, `{m,n}` and parenthesised groups, are compiled
 * into a small automaton (Thompson's construction) whose test states hold
 * the constituent filters.  The longest match from the current position
 * is found by a search over (position, state) pairs, each pair solved
 * once (memoised), so that a line costs at most positions x states filter
 * evaluations, never one per path through the tree.  When the
 * constituents read no variable and write nothing, the memo is kept for
 * the whole game: the line starting at the next position reuses it.  A
 * path with `max` or firstmatch, or whose constituents read pathcount or
 * write a variable (atomic or not), is searched route by route instead
 * (cq6-line-routes.c), so that the variables end as CQL 6.2's search of
 * each route leaves them; so is a forward line whose constituents write
 * a variable (and hold no dash filter).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "cql/cql6/cq6-line-private.h"
#include "cql/cq-pieceid.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* line and path                                                       */
/* ------------------------------------------------------------------ */

static Memo *
memo_at (LineRun *r, const CqNode *n, gint q)
{
  guint32 i = r->bank_base + n->index * r->n_states + q;
  Memo *m;

  if (r->memo != NULL)
    m = &r->memo[i];
  else if ((m = g_hash_table_lookup (r->memo_map, GUINT_TO_POINTER (i))) == NULL)
    {
      m = g_new (Memo, 1);
      m->len = MEMO_UNKNOWN;
      g_hash_table_insert (r->memo_map, GUINT_TO_POINTER (i), m);
    }
  return m;
}

static gint32 best (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q);

Cq6Slot *
_cq6_line_save_slots (Cq6Ctx *c)
{
  guint n = c->program->vars != NULL ? c->program->vars->len : 0;

  return n > 0 ? g_memdup2 (c->st->slots, n * sizeof (Cq6Slot)) : NULL;
}

void
_cq6_line_restore_slots (Cq6Ctx *c, Cq6Slot *saved)
{
  if (saved == NULL)
    return;
  memcpy (c->st->slots, saved, c->program->vars->len * sizeof (Cq6Slot));
  g_free (saved);
}

/* Keeps the longer of the current best and a step of length @len to
 * @choice (the first found wins a tie: the main line first).  With
 * firstmatch, the first step that leads to a match is kept, whatever its
 * length (one that takes no position only while none other is found). */
static inline void
keep (const LineRun *r, gint32 *len, gint32 *choice, gint32 cand, gint32 cand_choice)
{
  if (r->first ? (*len < 1 && cand > *len) : cand > *len)
    *len = cand, *choice = cand_choice;
}

/* A line's TEST whose constituent holds at the position @n: the match
 * may end there, or go on to the positions after it. */
static void
line_step_on (LineRun *r, Cq6Ctx *c, const CqNode *n, const NState *s, gint32 *len,
              gint32 *choice)
{
  guint32 w = r->line->which;
  gboolean primary = (w & CQ6_LINE_PRIMARY) != 0;

  if (r->accepts[s->out])
    {
      keep (r, len, choice, 1, -1);
      /* CQL 6.2 records a match where the rest may be empty before it
       * goes on: with firstmatch that one is the match. */
      if (r->first)
        return;
    }
  if (w & CQ6_LINE_BACKWARD)
    {
      const CqNode *x = n->parent;

      if (x != NULL && (w & CQ6_LINE_SINGLECOLOR))
        x = x->parent;
      if (x != NULL)
        {
          gint32 k = best (r, c, x, s->out);
          if (k >= 0)
            keep (r, len, choice, k + 1, x->index * 2);
        }
      return;
    }
  for (const CqNode *a = _cq6_first_child (c, n, w); a != NULL;
       a = _cq6_next_child (c, a, primary))
    {
      const CqNode *b = a, *bend = NULL;

      if (r->first && *len >= 1)
        continue;
      /* singlecolor: the positions of the same side to move, two plies on. */
      if (w & CQ6_LINE_SINGLECOLOR)
        b = _cq6_first_child (c, a, w);
      for (; b != bend && b != NULL;
           b = (w & CQ6_LINE_SINGLECOLOR) ? _cq6_next_child (c, b, primary) : NULL)
        {
          gint32 k;

          k = best (r, c, b, s->out);
          if (k >= 0)
            keep (r, len, choice, k + 1, b->index * 2);
        }
    }
}

/* A line's TEST: the position @n, then the positions after it. */
static void
line_step (LineRun *r, Cq6Ctx *c, const CqNode *n, const NState *s, gint32 *len,
           gint32 *choice)
{
  Cq6Ctx at = _cq6_ctx_at (c, n);
  Cq6Val v;

  if (_cq6_eval (s->f, &at, &v))
    line_step_on (r, c, n, s, len, choice);
}

/* Whether the piece on @sq (of the position with piece ids @ids) is a
 * focus piece of the path. */
static gboolean
focus_piece (LineRun *r, const guint8 *ids, int sq)
{
  return ids[sq] < 64 && (r->focus & ((guint64) 1 << ids[sq]));
}

/* A focus move (CQL 6.2): castling is one when the king or the rook is a
 * focus piece; with `focus capture`, so is a capture of a focus piece. */
gboolean
_cq6_path_focus_move (LineRun *r, Cq6Ctx *c, const CqNode *before, const CqNode *after)
{
  const CqMove *m = &after->move;
  const guint8 *ids;
  int captured;

  if (m->flags & CQ_MOVE_NULL)
    return FALSE;
  ids = _cq6_piece_ids (c, before);
  if (focus_piece (r, ids, m->from))
    return TRUE;
  /* Castling moves the rook too: a focus rook makes it a focus move. */
  if ((m->flags & CQ_MOVE_CASTLE)
      && focus_piece (r, ids, CQ_SQUARE (CQ_FILE (m->to) > CQ_FILE (m->from) ? 7 : 0,
                                         CQ_RANK (m->from))))
    return TRUE;
  if (!(r->line->which & CQ6_LINE_FOCUS_CAPTURE) || m->captured == CQ_EMPTY)
    return FALSE;
  /* En passant takes the pawn beside the arrival square. */
  captured = (m->flags & CQ_MOVE_EN_PASSANT) ? CQ_SQUARE (CQ_FILE (m->to), CQ_RANK (m->from))
                                              : m->to;
  return focus_piece (r, ids, captured);
}

/* A path's TEST: a dash constituent takes a move out of @n (with focus,
 * the moves of other pieces are passed over, CQL 6 reference "path"),
 * any other constituent tests @n and stays there. */
static void
path_step (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q, const NState *s, gint32 *len,
           gint32 *choice)
{
  gboolean primary = (r->line->which & CQ6_LINE_PRIMARY) != 0;
  gboolean focus = r->has_focus;
  Cq6Ctx at = _cq6_ctx_at (c, n);
  DashSets sets;
  Cq6Val v;

  if (!_cq6_is_move_step (s->f))
    {
      if (_cq6_eval (s->f, &at, &v))
        {
          gint32 k = best (r, c, n, s->out);
          if (k >= 0)
            keep (r, len, choice, k, -1);
        }
      return;
    }
  if (n->first_child == NULL)
    return;
  if (!_cq6_dash_sets (s->f, &at, &sets))
    sets.from = sets.to = 0;
  for (const CqNode *a = n->first_child; a != NULL; a = _cq6_next_child (c, a, primary))
    {
      if (focus && !_cq6_path_focus_move (r, c, n, a))
        {
          /* The moves of other pieces are passed over, but not at the
           * start: the reference starts a focus path with a focus move
           * (`path focus N (--){4,}` marks the position before the
           * first knight move only). */
          gint32 k = n == r->start_node ? -1 : best (r, c, a, q);
          if (k >= 1)
            keep (r, len, choice, k, a->index * 2);
          continue;
        }
      if ((sets.from != 0 || (a->move.flags & CQ_MOVE_NULL))
          && _cq6_dash_move_ok (s->f, c, &sets, &a->move, a, NULL))
        {
          gint32 k = best (r, c, a, s->out);
          if (k >= 0)
            keep (r, len, choice, k + 1, a->index * 2 + 1);
        }
    }
}

/* The longest match from position @n in state @q: the number of
 * positions (line) or moves (path) it takes, or -1. */
static gint32
best (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q)
{
  Memo *m = memo_at (r, n, q);
  const NState *s;
  gint32 len = -1, choice = -1;

  /* The variables are put aside only if the constituents may write one. */
  guint n_vars = c->program->vars != NULL && !r->reads_only ? c->program->vars->len : 0;
  guint mark = 0;

  if (m->len != MEMO_UNKNOWN)
    {
      if (m->len != MEMO_BUSY)
        return m->len;
      r->busy_hits++;
      return -1;
    }
  if (G_UNLIKELY (_cq6_too_deep (c, r->line)))
    return -1;
  m->len = MEMO_BUSY;
  if (!r->pure)
    {
      guint32 i = r->bank_base + n->index * r->n_states + q;
      if (r->touched_len == r->touched_size)
        {
          r->touched_size = MAX (256, 2 * r->touched_size);
          r->touched = g_renew (guint32, r->touched, r->touched_size);
        }
      r->touched[r->touched_len++] = i;
      /* The search tries routes that may not be taken: what their
       * constituents write (variables, comments) is taken back here, and
       * the route chosen is replayed once it is known (replay()). */
      if (!r->writes_nothing)
        {
          /* Put aside on the run's stack (best() is called at every
           * position and state: no allocation each time). */
          if (r->saved_len + n_vars > r->saved_size)
            {
              r->saved_size = MAX (64, 2 * (r->saved_len + n_vars));
              r->saved_slots = g_renew (Cq6Slot, r->saved_slots, r->saved_size);
            }
          if (n_vars > 0)
            memcpy (r->saved_slots + r->saved_len, c->st->slots, n_vars * sizeof (Cq6Slot));
          r->saved_len += n_vars;
          mark = _cq6_comments_mark (c);
        }
    }
  s = &r->states[q];
  switch (s->kind)
    {
    case ST_ACCEPT:
      len = 0;
      break;
    case ST_SPLIT:
      {
        gint32 a, b;

        if (r->first)
          {
            /* CQL 6.2 tries a repetition's fewest rounds first: on
             * (@out2) before once more (@out). */
            b = best (r, c, n, s->out2);
            len = b, choice = 1;
            if (len < 1)
              keep (r, &len, &choice, best (r, c, n, s->out), 0);
            break;
          }
        a = best (r, c, n, s->out), b = best (r, c, n, s->out2);
        len = a, choice = 0;
        keep (r, &len, &choice, b, 1);
      }
      break;
    default:
      if (r->line->which & CQ6_LINE_PATH)
        path_step (r, c, n, q, s, &len, &choice);
      else
        line_step (r, c, n, s, &len, &choice);
      break;
    }
  if (!r->pure && !r->writes_nothing)
    {
      r->saved_len -= n_vars;
      if (n_vars > 0)
        memcpy (c->st->slots, r->saved_slots + r->saved_len, n_vars * sizeof (Cq6Slot));
      _cq6_comments_rollback (c, mark);
    }
  m = memo_at (r, n, q); /* the map may have grown */
  m->len = len;
  m->choice = choice;
  return len;
}

/* Follows the memo's choices from the start: the last position of the
 * match; with nestban, marks the positions it goes through, as CQL 6.2
 * does: a line's after its start, a path's from its start up to the one
 * before its last (the next path may start where one ends). */
static const CqNode *
match_end (LineRun *r, Cq6Ctx *c, const CqNode *n)
{
  gboolean path = (r->line->which & CQ6_LINE_PATH) != 0;
  const CqNode *last = n, *start = n;
  gint q = r->start;

  for (guint guard = 0; guard < G_MAXUINT / 2; guard++)
    {
      const NState *s = &r->states[q];
      const Memo *m = memo_at (r, n, q);

      if (r->banned != NULL && !path && n != start)
        r->banned[n->index] = 1;
      if (s->kind == ST_ACCEPT)
        return path ? n : last;
      if (s->kind == ST_SPLIT)
        {
          q = m->choice == 1 ? s->out2 : s->out;
          continue;
        }
      last = n;
      if (m->choice < 0)
        {
          if (path)
            q = s->out;
          else
            return n;
          continue;
        }
      if (r->banned != NULL && path)
        r->banned[n->index] = 1;
      n = _cq6_node_by_index (c, m->choice / 2);
      if (!path || (m->choice & 1))
        q = s->out;
    }
  return last;
}

/* Is the route from @n in state @q through the step to @a (@move: a
 * dash constituent's move, else a focus path passing over another
 * piece's move) one of the longest?  A move is tried again, what it
 * writes taken back. */
static gboolean
tied_step (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q, const NState *s, const CqNode *a,
           gboolean move)
{
  gint32 want = memo_at (r, n, q)->len, k;
  Cq6Ctx at = _cq6_ctx_at (c, n);
  DashSets sets;
  Cq6Slot *saved;
  guint mark;
  gboolean ok;

  k = memo_at (r, a, move ? s->out : q)->len;
  if (k < 0 || k != (move ? want - 1 : want) || (!move && (k < 1 || n == r->start_node)))
    return FALSE;
  if (!move)
    return r->has_focus && !_cq6_path_focus_move (r, c, n, a);
  if (r->has_focus && !_cq6_path_focus_move (r, c, n, a))
    return FALSE;
  saved = _cq6_line_save_slots (c);
  mark = _cq6_comments_mark (c);
  ok = _cq6_dash_sets (s->f, &at, &sets)
       && (sets.from != 0 || (a->move.flags & CQ_MOVE_NULL))
       && _cq6_dash_move_ok (s->f, c, &sets, &a->move, a, NULL);
  _cq6_line_restore_slots (c, saved);
  _cq6_comments_rollback (c, mark);
  return ok;
}

/* Evaluates the constituents along the match found (the memo's
 * choices), so that what they write (variables, comments) is that of the
 * route taken, as if it had been the only one tried.  With keepallbest
 * (@ends not NULL) every longest route is taken, in the order the search
 * tries them (main line first), and their last positions are added to
 * @ends. */
static void
replay_from (LineRun *r, Cq6Ctx *c, const CqNode *n, gint q, GPtrArray *ends)
{
  gboolean path = (r->line->which & CQ6_LINE_PATH) != 0;
  gboolean primary = (r->line->which & CQ6_LINE_PRIMARY) != 0;

  for (guint guard = 0; guard < G_MAXUINT / 2; guard++)
    {
      const NState *s = &r->states[q];
      const Memo *m = memo_at (r, n, q);
      Cq6Ctx at = _cq6_ctx_at (c, n);
      Cq6Val v;

      if (m->len < 0)
        return;
      if (s->kind == ST_ACCEPT)
        {
          if (ends != NULL)
            g_ptr_array_add (ends, (gpointer) n);
          return;
        }
      if (s->kind == ST_SPLIT)
        {
          if (ends != NULL && memo_at (r, n, s->out)->len == m->len
              && memo_at (r, n, s->out2)->len == m->len)
            {
              replay_from (r, c, n, s->out, ends);
              replay_from (r, c, n, s->out2, ends);
              return;
            }
          q = m->choice == 1 ? s->out2 : s->out;
          continue;
        }
      if (ends != NULL && path && m->choice >= 0)
        {
          /* Every step to a longest route, each followed on its own. */
          g_autoptr(GPtrArray) steps = g_ptr_array_new ();
          g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (gboolean));

          for (const CqNode *a = n->first_child; a != NULL; a = _cq6_next_child (c, a, primary))
            for (int mv = 1; mv >= 0; mv--)
              if (_cq6_is_move_step (s->f) && tied_step (r, c, n, q, s, a, mv))
                {
                  gboolean is_move = mv;

                  g_ptr_array_add (steps, (gpointer) a);
                  g_array_append_val (moves, is_move);
                }
          for (guint i = 0; i < steps->len; i++)
            {
              const CqNode *a = steps->pdata[i];

              if (g_array_index (moves, gboolean, i))
                {
                  DashSets sets;

                  if (_cq6_dash_sets (s->f, &at, &sets))
                    _cq6_dash_move_ok (s->f, c, &sets, &a->move, a, NULL);
                  replay_from (r, c, a, s->out, ends);
                }
              else
                replay_from (r, c, a, q, ends);
            }
          return;
        }
      if (path && m->choice >= 0 && (m->choice & 1))
        {
          /* A dash constituent's move: its `(F)` at the position reached. */
          const CqNode *a = _cq6_node_by_index (c, m->choice / 2);
          DashSets sets;

          if (_cq6_dash_sets (s->f, &at, &sets))
            _cq6_dash_move_ok (s->f, c, &sets, &a->move, a, NULL);
          n = a, q = s->out;
          continue;
        }
      if (path && m->choice >= 0)
        {
          /* A focus path passing over another piece's move. */
          n = _cq6_node_by_index (c, m->choice / 2);
          continue;
        }
      _cq6_eval (s->f, &at, &v);
      if (m->choice < 0)
        {
          if (!path)
            return;
          q = s->out;
          continue;
        }
      n = _cq6_node_by_index (c, m->choice / 2);
      q = s->out;
    }
}

static int
move_number (const Cq6Ctx *c, const CqNode *n)
{
  gboolean root_btm = c->game->root->position.side_to_move == CQ_BLACK;

  return 1 + (n->ply + (root_btm ? 1 : 0)) / 2;
}

/* The comments a match writes (rulings 11): at its first
 * position `Start line that ends at move N(wtm)`, at its last `End line
 * of length L that starts at move M(btm)`.  A position in a variation
 * is named by its positionid too: `[id]` where it is referred to, `id:N`
 * at itself, once (the reference writes a position's `id:N` in the first
 * comment that needs it only). */
static gboolean
first_id (Cq6Ctx *c, const CqNode *n)
{
  guint8 *shown = &c->st->line->id_shown[n->index];

  if (!n->in_variation || *shown)
    return FALSE;
  *shown = 1;
  return TRUE;
}

static void
add_comments (const Cq6Filter *f, Cq6Ctx *c, const CqNode *start, const CqNode *end, gint32 len,
              gint64 max)
{
  const char *what = (f->which & CQ6_LINE_PATH) ? "path" : "line";
  g_autofree char *s_id = NULL, *s_ref = NULL, *e_id = NULL, *e_ref = NULL;
  g_autofree char *s_text = NULL, *e_text = NULL, *max_text = NULL;

  if ((f->which & CQ6_LINE_QUIET) || c->program->quiet || c->program->silent)
    return;
  s_id = first_id (c, start) ? g_strdup_printf ("id:%u ", start->index) : g_strdup ("");
  s_ref = start->in_variation ? g_strdup_printf ("[%u]", start->index) : g_strdup ("");
  e_id = first_id (c, end) ? g_strdup_printf (" id:%u", end->index) : g_strdup ("");
  e_ref = end->in_variation ? g_strdup_printf ("[%u]", end->index) : g_strdup ("");
  s_text = g_strdup_printf ("%sStart %s that ends at move %d(%s)%s", s_id, what,
                            move_number (c, end),
                            end->position.side_to_move == CQ_WHITE ? "wtm" : "btm", e_ref);
  /* With `max`, CQL 6.2 adds its value, before the position's id. */
  if (f->which & CQ6_LINE_MAX)
    max_text = g_strdup_printf (" Max value: %" G_GINT64_FORMAT, max);
  e_text = g_strdup_printf ("End %s of length %d that starts at move %d(%s)%s%s%s", what, len,
                            move_number (c, start),
                            start->position.side_to_move == CQ_WHITE ? "wtm" : "btm", s_ref,
                            max_text != NULL ? max_text : "", e_id);
  if (start == end)
    {
      /* A line of one position: CQL 6.2 writes its End comment first,
       * with the position's id:N in front. */
      g_autofree char *first = g_strconcat (s_id, e_text, NULL);

      _cq6_add_comment (c, end, first);
      _cq6_add_comment (c, start, s_text + strlen (s_id));
      return;
    }
  _cq6_add_comment (c, start, s_text);
  _cq6_add_comment (c, end, e_text);
}

/* piecepath: the way of the piece on @sq at @start along the moves to
 * @path[0..n-1] (the positions after each move), as CQL 6.2 writes it:
 * `Ra1-a4-h4`, ending `(xh4)` where it is taken; "" if it never moved. */
static void
append_piece_way (Cq6Ctx *c, const CqNode *start, int sq, const CqNode *const *path,
                  guint n, GString *out)
{
  guint8 id = _cq6_piece_ids (c, start)[sq];
  g_autoptr(GString) way = g_string_new (NULL);
  int last = sq;
  char name[3];

  cq_square_name (sq, name);
  g_string_append_c (way, cq_piece_char (cq_position_piece_at (&start->position, sq)));
  g_string_append (way, name);
  for (guint i = 0; i < n; i++)
    {
      int now = _cq6_piece_square (c, path[i], id);

      cq_square_name (last, name);
      if (now < 0)
        {
          g_string_append_printf (way, "(x%s)", name);
          break;
        }
      if (now != last)
        {
          cq_square_name (now, name);
          g_string_append_printf (way, "-%s", name);
          last = now;
        }
    }
  if (way->len <= 3)
    return;
  if (out->len > 0)
    g_string_append_c (out, ' ');
  g_string_append (out, way->str);
}

/* The comments of path's `title`, `piecepath` and `verbose` (CQL 6.2),
 * written before the Start and End comments, also with `quiet`: at the
 * start the title and `Focus path: ` with the way of each focus piece
 * (the pieces on the focus set at the start, a1 to h8), and with verbose
 * after each (focus) move `title: move i of len`.  For another route of
 * the best length (@alternative, keepallbest) CQL 6.2 writes the best
 * route's focus path again, which its comments then hold already: no
 * `Focus path` is written for it. */
static void
add_path_comments (LineRun *r, Cq6Ctx *c, const CqNode *start, const CqNode *end,
                   gint32 len, CqBitboard focus_set, gboolean alternative)
{
  const Cq6Filter *f = r->line;
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  guint i, moves = 0;

  if (c->program->silent)
    return;
  if (f->string != NULL)
    _cq6_add_user_comment (c, start, f->string);
  for (const CqNode *n = end; n != start && n != NULL; n = n->parent)
    g_ptr_array_insert (path, 0, (gpointer) n);
  if ((f->which & CQ6_LINE_PIECEPATH) && !alternative)
    {
      g_autoptr(GString) ways = g_string_new (NULL);
      CqBitboard occupied = start->position.by_color[CQ_WHITE]
                            | start->position.by_color[CQ_BLACK];

      for (CqBitboard s = focus_set & occupied; s != 0 && path->len > 0; s &= s - 1)
        append_piece_way (c, start, __builtin_ctzll (s),
                          (const CqNode *const *) path->pdata, path->len, ways);
      if (ways->len > 0)
        {
          g_autofree char *text = g_strdup_printf ("Focus path: %s", ways->str);
          _cq6_add_user_comment (c, start, text);
        }
    }
  if (!(f->which & CQ6_LINE_VERBOSE))
    return;
  for (i = 0; i < path->len; i++)
    {
      const CqNode *after = path->pdata[i];

      if (!r->has_focus || _cq6_path_focus_move (r, c, after->parent, after))
        {
          g_autofree char *text = g_strdup_printf ("%s%smove %u of %d",
                                                   f->string ? f->string : "",
                                                   f->string ? ": " : "", ++moves, len);
          _cq6_add_user_comment (c, after, text);
        }
    }
}

/* best() from @c's position in the start state, for a run whose memo
 * decides (LineRun.memo_decides): when the start is a line's TEST, its
 * constituent is evaluated in @c itself (the caches of its position's
 * check and moves shared), so that a position where it fails, most of
 * them, costs that evaluation and little more. */
static inline gint32
start_best (LineRun *r, Cq6Ctx *c)
{
  const NState *s = &r->states[r->start];
  Cq6Ctx at, *e = c;
  gint32 len = -1, choice = -1;
  Memo *m;
  Cq6Val v;

  if (s->kind != ST_TEST || (r->line->which & CQ6_LINE_PATH) || r->memo == NULL)
    return best (r, c, c->node, r->start);
  m = &r->memo[c->node->index * r->n_states + r->start];
  if (m->len != MEMO_UNKNOWN)
    return m->len == MEMO_BUSY ? -1 : m->len;
  /* Under a transform @c's position is not its node's. */
  if (c->pos != &c->node->position)
    {
      at = _cq6_ctx_at (c, c->node);
      e = &at;
    }
  /* `check`, the commonest first constituent, without the evaluator's
   * dispatch. */
  if (!(s->f->kind == CQ6_CHECK ? _cq6_in_check (e) : _cq6_eval (s->f, e, &v)))
    {
      m->len = -1, m->choice = -1;
      return -1;
    }
  m->len = MEMO_BUSY;
  line_step_on (r, c, c->node, s, &len, &choice);
  m->len = len, m->choice = choice;
  return len;
}

/* Whether the value @v of the variable @var (a piece, a number or a set:
 * the kinds a banked line reads) is @w. */
static gboolean
memo_bank_same (Cq6Ctx *c, guint var, const Cq6Val *v, const Cq6Val *w)
{
  const Cq6Var *x = c->program->vars->pdata[var];

  return x->piece || x->type == CQ6_TYPE_NUMBER ? v->num == w->num : v->set == w->set;
}

/* Takes the memo bank of @r (LineRun.banked) that holds for the values
 * of the variables it reads now, or the next one in turn, cleared, for
 * them.  With a variable unbound (its reading fails, as it may at other
 * values) the bank taken is not kept for other searches. */
static void
memo_bank_take (LineRun *r, Cq6Ctx *c)
{
  const Cq6Slot *slots = c->st->slots;
  guint32 cells = r->n_states * MAX (c->game->n_nodes, 1);
  gboolean bound = TRUE, found;
  MemoBank *b;
  guint k;

  for (guint i = 0; i < r->n_reads; i++)
    bound = bound && slots[r->reads[i]].bound;
  for (k = 0; bound && k < r->n_banks; k++)
    {
      guint i;

      b = &r->banks[k];
      for (i = 0; b->valid && i < r->n_reads; i++)
        if (!memo_bank_same (c, r->reads[i], &slots[r->reads[i]].val, &b->values[i]))
          break;
      if (b->valid && i == r->n_reads)
        break;
    }
  found = bound && k < r->n_banks;
  if (!found)
    {
      k = r->next_bank;
      r->next_bank = (k + 1) % r->n_banks;
    }
  if (k != r->bank)
    {
      /* The bank in use gives its touched cells back to its slot (which
       * holds an array of its own only when a game began with another
       * bank in use). */
      b = &r->banks[r->bank];
      g_free (b->touched);
      b->touched = r->touched, b->touched_len = r->touched_len;
      b->touched_size = r->touched_size;
      b = &r->banks[k];
      r->touched = b->touched, r->touched_len = b->touched_len;
      r->touched_size = b->touched_size;
      b->touched = NULL, b->touched_len = b->touched_size = 0;
      r->bank = k;
      r->bank_base = k * cells;
    }
  b = &r->banks[k];
  if (!b->used)
    {
      for (guint32 i = 0; i < cells; i++)
        r->memo[r->bank_base + i] = (Memo) { MEMO_UNKNOWN, 0 };
      b->used = TRUE;
      r->touched_len = 0;
    }
  if (found)
    return;
  /* New values: the cells the bank's last values set are cleared. */
  for (guint i = 0; i < r->touched_len; i++)
    r->memo[r->touched[i]].len = MEMO_UNKNOWN;
  r->touched_len = 0;
  for (guint i = 0; i < r->n_reads; i++)
    b->values[i] = slots[r->reads[i]].val;
  b->valid = bound;
}

/* The line or path @f (its run @r) from @c's position, once eval_line()
 * has not ruled it out. */
static G_GNUC_NO_INLINE gboolean
search_line (LineRun *r, const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  const CqNode *end;
  gint32 len;
  CqBitboard focus_set = 0;
  const CqNode *outer_start = NULL, *outer_last = NULL;
  gint64 max = 0;
  guint mark = _cq6_comments_mark (c);
  GPtrArray *ends = NULL;
  gboolean own_ends = FALSE;
  Cq6Slot *atomic = NULL;

  if (r->has_focus)
    {
      /* path focus: the pieces on the set at the start, followed by id;
       * singlecolor: those of the side to move. */
      Cq6Val fv = { 0 };
      const guint8 *ids = _cq6_piece_ids (c, c->node);

      r->focus = 0;
      r->start_node = c->node;
      if (f->args[1] == NULL)
        fv.set = c->pos->by_color[c->pos->side_to_move];
      else if (!_cq6_eval (f->args[1], c, &fv))
        return FALSE;
      focus_set = fv.set;
      for (CqBitboard b = fv.set; b != 0; b &= b - 1)
        {
          int sq = __builtin_ctzll (b);

          if (ids[sq] < 64)
            r->focus |= (guint64) 1 << ids[sq];
        }
      if (r->focus == 0)
        return FALSE;
    }
  if (f->which & CQ6_LINE_PATH)
    {
      /* pathstart in the constituents: this path's start (nested paths
       * put back the outer one's). */
      outer_start = c->st->line->path_start;
      outer_last = c->st->line->path_last;
      c->st->line->path_start = c->node;
      c->st->line->path_last = NULL;
    }
  if (f->which & CQ6_LINE_KEEPALLBEST || r->routes)
    {
      if (r->ends_busy)
        ends = g_ptr_array_new (), own_ends = TRUE;
      else
        {
          if (r->ends_buf == NULL)
            r->ends_buf = g_ptr_array_new ();
          ends = r->ends_buf;
          g_ptr_array_set_size (ends, 0);
          r->ends_busy = TRUE;
        }
    }
  if (r->routes)
    {
      /* pathcount: only such a path's constituents read it (a path that
       * holds one reads its own). */
      gint32 outer_count = c->st->line->path_count;

      len = _cq6_path_routes (r, c, ends, &max, &atomic);
      c->st->line->path_count = outer_count;
    }
  else
    {
      if (r->banked)
        memo_bank_take (r, c);
      r->busy_hits = 0;
      len = best (r, c, c->node, r->start);
      if (len >= 1 && (!r->pure || ends != NULL))
        replay_from (r, c, c->node, r->start, ends);
    }
  if (f->which & CQ6_LINE_PATH)
    {
      c->st->line->path_start = outer_start;
      c->st->line->path_last = outer_last;
    }
  if (len >= 1 && (f->which & CQ6_LINE_RANGE))
    {
      /* The range holds the value (path max: F's), else no match, and
       * what the constituents wrote is taken back (CQL 6.2). */
      gint64 value = (f->which & CQ6_LINE_MAX) ? max : len;

      if (value < f->range_min || value > f->range_max)
        {
          _cq6_comments_rollback (c, mark);
          len = -1;
        }
    }
  /* Atomic variables: their values at the end of the route kept, if the
   * path matches (else they were put back as they were before it). */
  if (atomic != NULL && len >= 1)
    _cq6_path_atomic_restore (c, f, atomic);
  g_free (atomic);
  if (len >= 1)
    {
      if (r->routes)
        {
          end = ends->pdata[0];
          /* nestban, as match_end() marks it: a path's positions from
           * the start up to the one before the last, a line's after its
           * start up to the last. */
          if (!(f->which & CQ6_LINE_PATH))
            for (const CqNode *n = end; r->banned != NULL && n != NULL && n != c->node;
                 n = n->parent)
              r->banned[n->index] = 1;
          else
            for (const CqNode *n = end->parent; r->banned != NULL && n != NULL; n = n->parent)
              {
                r->banned[n->index] = 1;
                if (n == c->node)
                  break;
              }
        }
      else
        end = match_end (r, c, c->node);
      /* pathstart, pathlastposition, pathcount after the path. */
      if (f->which & CQ6_LINE_PATH)
        _cq6_path_status_record (c, c->node, end, len);
      if (f->which & (CQ6_LINE_PIECEPATH | CQ6_LINE_VERBOSE) || f->string != NULL)
        add_path_comments (r, c, c->node, end, len, focus_set, FALSE);
      add_comments (f, c, c->node, end, len, max);
      /* keepallbest: the other longest routes get the path's comments
       * too, and `alternative` at their ends (CQL 6.2). */
      for (guint i = 1; ends != NULL && i < ends->len; i++)
        {
          if (f->which & (CQ6_LINE_PIECEPATH | CQ6_LINE_VERBOSE) || f->string != NULL)
            add_path_comments (r, c, c->node, ends->pdata[i], len, focus_set, TRUE);
          add_comments (f, c, c->node, ends->pdata[i], len, max);
          if (!c->program->quiet && !c->program->silent)
            _cq6_add_comment (c, ends->pdata[i], "alternative");
        }
      /* The line's value: with `lastposition` the position it ends at;
       * with `max`, F's at the route kept; else its length. */
      if (f->which & CQ6_LINE_LASTPOSITION)
        v->node = end;
      else
        v->num = (f->which & CQ6_LINE_MAX) ? max : len;
    }
  /* A banked memo is kept for the next search with the same values,
   * unless the search met a (position, state) being solved: its cells may
   * then hold for this start only. */
  if (r->banked && r->banks[r->bank].valid && r->busy_hits == 0)
    ;
  else if (!r->pure)
    {
      if (r->banked)
        r->banks[r->bank].valid = FALSE;
      for (guint i = 0; i < r->touched_len; i++)
        {
          guint32 k = r->touched[i];

          if (r->memo != NULL)
            r->memo[k].len = MEMO_UNKNOWN;
          else
            g_hash_table_remove (r->memo_map, GUINT_TO_POINTER (k));
        }
      r->touched_len = 0;
    }
  if (own_ends)
    g_ptr_array_free (ends, TRUE);
  else if (ends != NULL)
    r->ends_busy = FALSE;
  return len >= 1;
}

static gboolean
eval_line (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  LineRun *r = _cq6_line_run_of (f, c);

  if (r->banned != NULL && r->banned[c->node->index])
    return FALSE;
  /* Most positions start no match, which the memo tells at once; where
   * one starts, the search finds it in the memo again. */
  if (r->memo_decides && start_best (r, c) < 1)
    return FALSE;
  return search_line (r, f, c, v);
}

gboolean
_cq6_eval_line (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  switch (f->kind)
    {
    case CQ6_DASH:
      return _cq6_eval_dash (f, c, v);
    case CQ6_LINE:
      return eval_line (f, c, v);
    case CQ6_CONSECUTIVEMOVES:
      return _cq6_eval_consecutive (f, c, v);
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}
