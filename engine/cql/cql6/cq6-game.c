/* cq6-game.c: a CQL 6 program against one game: the header's game
 * filters on the tags, the per-game state (made before and finished after
 * the walk of cq6-eval.c), piece ids and nodes by index for the filters
 * that ask, comments, and the entry points _cq6_accepts_tags() and
 * _cq6_match_game() that common/cq-query.c calls.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "chess/cq-attacks.h"
#include "cql/cq-pieceid.h"

#include <string.h>

/* The header's game filters, then the body's tag filters
 * (Cq6Program.body_tag_filters), on @game's tags (_cq6_accepts_tags()).
 * A body's tag filter that stopped on an error (a string too long) lets
 * the game through: the walk meets the same error where CQL 6.2 does. */
G_NO_INLINE static gboolean
eval_game_filters (const Cq6Program *program, const CqGame *game)
{
  CqNode root = { 0 };
  Cq6State st = { program, game };
  Cq6Ctx c = { program, game, &root, &root.position, -1, -1, &st };
  Cq6Val v = { 0 };
  gboolean ok = TRUE;

  /* A state's depth is measured from its frame (_cq6_too_deep()). */
  st.stack_base = (guintptr) &st;

  if (program->game_filters != NULL)
    ok = _cq6_eval (program->game_filters, &c, &v);
  if (ok && program->body_tag_filters != NULL)
    ok = _cq6_eval (program->body_tag_filters, &c, &v) || st.error != NULL;
  _cq6_regex_memo_free (st.regex_memo);
  if (st.strings != NULL)
    g_string_chunk_free (st.strings);
  if (st.move_list != NULL)
    g_free (st.move_list);
  g_free (st.error);
  return ok;
}

gboolean
_cq6_accepts_tags (const Cq6Program *program, const CqGame *game)
{
  /* Most queries have no filters on the tags: the state below (a
   * position and the evaluation state, zeroed) is made only for those
   * that have. */
  if (program->game_filters == NULL && program->body_tag_filters == NULL)
    return TRUE;
  return eval_game_filters (program, game);
}

const guint8 *
_cq6_piece_ids (Cq6Ctx *c, const CqNode *node)
{
  Cq6State *st = c->st;

  if (st->ids == NULL)
    {
      const CqNode *root = c->game->root;

      st->ids = g_malloc (sizeof *st->ids * MAX (c->game->n_nodes, 1));
      _cq_marks_initial (&root->position, st->ids[0]);
      st->ids_done = 1;
      st->ids_next = _cq6_next_node (root, TRUE);
    }
  /* The node indices are the pre-order of _cq6_next_node(). */
  while (st->ids_done <= node->index)
    {
      const CqNode *n = st->ids_next;

      g_assert (n != NULL && n->index == st->ids_done);
      memcpy (st->ids[n->index], st->ids[n->parent->index], 64);
      _cq_marks_apply_move (st->ids[n->index], &n->move);
      st->ids_done++;
      st->ids_next = _cq6_next_node (n, TRUE);
    }
  return st->ids[node->index];
}

int
_cq6_piece_square (Cq6Ctx *c, const CqNode *node, guint id)
{
  Cq6State *st = c->st;

  if (id >= 64)
    return -1;
  if (st->squares == NULL)
    {
      st->squares = g_malloc (sizeof *st->squares * MAX (c->game->n_nodes, 1));
      st->squares_done = 0;
    }
  if (st->squares_done <= node->index)
    {
      /* The ids are filled in pre-order up to @node: the squares follow. */
      _cq6_piece_ids (c, node);
      for (guint32 i = st->squares_done; i <= node->index; i++)
        {
          memset (st->squares[i], CQ_PIECE_ID_NONE, sizeof st->squares[i]);
          /* Eight squares at a time, visiting only the occupied ones (a
           * study's position has few men): a byte that is not
           * CQ_PIECE_ID_NONE (0xFF) is one whose complement is not zero,
           * which sets its top bit in @occupied. */
          for (int w = 0; w < 64; w += 8)
            {
              guint64 empty, t, occupied;

              memcpy (&empty, st->ids[i] + w, sizeof empty);
              t = ~GUINT64_FROM_LE (empty);
              occupied = (((t & G_GUINT64_CONSTANT (0x7F7F7F7F7F7F7F7F))
                           + G_GUINT64_CONSTANT (0x7F7F7F7F7F7F7F7F)) | t)
                         & G_GUINT64_CONSTANT (0x8080808080808080);
              for (; occupied != 0; occupied &= occupied - 1)
                {
                  int s = w + __builtin_ctzll (occupied) / 8;

                  st->squares[i][st->ids[i][s]] = (guint8) s;
                }
            }
        }
      st->squares_done = node->index + 1;
    }
  return st->squares[node->index][id] == CQ_PIECE_ID_NONE
         ? -1 : st->squares[node->index][id];
}

const CqNode *
_cq6_node_by_index (Cq6Ctx *c, guint32 index)
{
  Cq6State *st = c->st;

  if (index >= c->game->n_nodes)
    return NULL;
  if (st->nodes == NULL)
    {
      st->nodes = g_new (const CqNode *, c->game->n_nodes);
      for (const CqNode *n = c->game->root; n != NULL; n = _cq6_next_node (n, TRUE))
        st->nodes[n->index] = n;
    }
  return st->nodes[index];
}

const char *
_cq6_state_string_n (Cq6Ctx *c, const Cq6Filter *by, const char *s, gsize len)
{
  Cq6State *st = c->st;

  if (G_UNLIKELY (len >= CQ6_MAX_POSITION_STRING_BYTES - st->position_string_bytes))
    {
      /* The evaluation stops (_cq6_halted()): the value is never used. */
      g_autofree char *where = by != NULL
        ? g_strdup_printf ("%s:%u:%u: ", _cq6_program_filename (c->program), by->line,
                           by->column)
        : g_strdup ("");

      if (st->error == NULL && !_cq6_stopped (c))
        st->error = g_strdup_printf ("%sthe strings made at game %" G_GUINT64_FORMAT
                                     ", position %u (positionid) pass %" G_GSIZE_FORMAT
                                     " MiB, more than one position may make (a loop "
                                     "that joins strings?)", where,
                                     c->game->source.number, c->node->index,
                                     CQ6_MAX_POSITION_STRING_BYTES >> 20);
      return "";
    }
  if (st->strings == NULL)
    st->strings = g_string_chunk_new (256);
  st->position_string_bytes += len + 1;
  st->string_bytes += len + 1;
  return g_string_chunk_insert_len (st->strings, s, (gssize) len);
}

/* Copies *@str into @to (a string of the game's, or of the query or the
 * game's tags: all are copied alike). */
static void
keep_string (GStringChunk *to, const char **str, gsize *bytes)
{
  gsize len;

  if (*str == NULL)
    return;
  len = strlen (*str);
  *str = g_string_chunk_insert_len (to, *str, (gssize) len);
  *bytes += len + 1;
}

void
_cq6_strings_compact (Cq6State *st)
{
  const GPtrArray *vars = st->program->vars;
  guint n_sorts = st->program->sorts != NULL ? st->program->sorts->len : 0;
  GStringChunk *to;
  gsize live = 0;

  st->position_string_bytes = 0;
  if (st->strings == NULL || st->string_bytes <= MAX (1024 * 1024, 2 * st->string_live))
    return;
  to = g_string_chunk_new (256);
  for (guint i = 0; vars != NULL && i < vars->len; i++)
    if (((const Cq6Var *) vars->pdata[i])->type == CQ6_TYPE_STRING && st->slots[i].bound)
      keep_string (to, &st->slots[i].val.str, &live);
  for (guint i = 0; st->groups != NULL && i < st->groups->len; i++)
    keep_string (to, &g_array_index (st->groups, Cq6RegexGroup, i).str, &live);
  for (guint k = 0; st->sort_str != NULL && k < n_sorts; k++)
    keep_string (to, &st->sort_str[k], &live);
  g_string_chunk_free (st->strings);
  st->strings = to;
  st->string_bytes = st->string_live = live;
}

void
_cq6_add_comment (Cq6Ctx *c, const CqNode *node, const char *text)
{
  CqPositionComment comment = { node->index, g_strdup (text), TRUE };

  g_array_append_val (c->st->comments, comment);
}

static void
state_init (Cq6State *st, const Cq6Program *program, const CqGame *game, CqMatchInfo *info)
{
  guint n_vars = program->vars != NULL ? program->vars->len : 0;

  memset (st, 0, sizeof *st);
  st->program = program;
  st->game = game;
  st->slots = n_vars > 0 ? g_new0 (Cq6Slot, n_vars) : NULL;
  /* Persistent variables start each game with the value the last one left. */
  for (guint i = 0; i < n_vars; i++)
    if (((Cq6Var *) program->vars->pdata[i])->persistent)
      st->slots[i] = program->persistent[i];
  st->comments = info->comments;
  st->messages = info->messages;
  st->stack_base = (guintptr) st;
}

gboolean
_cq6_stack_exhausted (Cq6Ctx *c, const Cq6Filter *by)
{
  Cq6State *st = c->st;

  if (st->error == NULL && !_cq6_stopped (c))
    st->error = g_strdup_printf ("%s:%u:%u: the search of this filter at game %"
                                 G_GUINT64_FORMAT ", position %u (positionid) goes "
                                 "deeper than %u MiB of stack (a game of thousands "
                                 "of plies?)", _cq6_program_filename (c->program),
                                 by->line, by->column, c->game->source.number,
                                 c->node->index, CQ6_MAX_STACK_BYTES >> 20);
  return TRUE;
}

static void
state_finish (Cq6State *st, const Cq6Program *program)
{
  guint n_vars = program->vars != NULL ? program->vars->len : 0;

  for (guint i = 0; i < n_vars; i++)
    if (((Cq6Var *) program->vars->pdata[i])->persistent)
      {
        Cq6Slot *keep = &program->persistent[i];

        /* A string lives in the game's chunk: the program keeps a copy. */
        if (((Cq6Var *) program->vars->pdata[i])->type == CQ6_TYPE_STRING)
          {
            char *old = (char *) keep->val.str;

            *keep = st->slots[i];
            keep->val.str = g_strdup (st->slots[i].val.str);
            g_free (old);
          }
        else
          *keep = st->slots[i];
        keep->val.node = NULL; /* a position belongs to its game */
      }
  _cq6_line_state_free (st);
  _cq6_dict_state_free (st);
  g_free (st->slots);
  /* The tables below are made by few queries: no call for them at every
   * game of the others. */
  if (st->ids != NULL)
    g_free (st->ids);
  if (st->squares != NULL)
    g_free (st->squares);
  if (st->nodes != NULL)
    g_free (st->nodes);
  if (st->move_list != NULL)
    g_free (st->move_list);
  _cq6_positions_state_free (st);
  if (st->groups != NULL)
    g_array_unref (st->groups);
  _cq6_regex_memo_free (st->regex_memo);
  if (st->strings != NULL)
    g_string_chunk_free (st->strings);
  if (st->scratch != NULL)
    g_string_free (st->scratch, TRUE);
}

static gint
compare_matched (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const CqMatchedPosition *) a)->node;
  guint32 y = ((const CqMatchedPosition *) b)->node;
  return (x > y) - (x < y);
}

gboolean
_cq6_match_game (const Cq6Program *program, CqGame *game, CqMatchInfo *info)
{
  GArray *out = info->positions;
  Cq6State st;
  gint64 n;

  if (!_cq6_accepts_tags (program, game))
    return FALSE;
  g_array_set_size (out, 0);
  state_init (&st, program, game, info);
  _cq6_walk (program, game, &st, out);
  _cq6_edits_finish (&st, info->comments);
  _cq6_output_finish (&st, info);
  g_free (info->error);
  info->error = g_steal_pointer (&st.error);
  state_finish (&st, program);
  if (st.stopped || cq_game_is_stopped (game))
    {
      /* Stopped inside the game: its answer means nothing, and no
       * filter failed for want of time is an error. */
      g_clear_pointer (&info->error, g_free);
      g_array_set_size (out, 0);
      return FALSE;
    }
  if (info->error != NULL)
    {
      /* A failed assert stops the search (the driver reports it). */
      g_array_set_size (out, 0);
      return FALSE;
    }
  g_array_sort (out, compare_matched);
  n = out->len;
  if (n < program->matchcount_min || n > program->matchcount_max)
    {
      g_array_set_size (out, 0);
      return FALSE;
    }
  if (program->matchcount_sort != 0)
    {
      CqSortValue *value = &g_array_index (info->sort_values, CqSortValue,
                                           program->matchcount_sort - 1);

      value->has_value = TRUE;
      value->number = n;
    }
  /* In range: a game matches even where no position does when the range
   * starts at 0 (`matchcount 0 N`), as CQL 6.2 writes every such game. */
  return TRUE;
}
