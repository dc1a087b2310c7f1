/* cq3-game.c: a CQL 3 query against one game: the match list's game
 * filters on the tags (rulings R3), the :forany bindings of tags to marks
 * (R11), the accumulators (R8, phase 1) and the entry points
 * _cq3_accepts_tags() and _cq3_match_game() that common/cq-query.c calls.
 * The positions themselves are evaluated by cq3-eval.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-eval-private.h"

#include <string.h>

static void
eval_game_init (EvalGame *g, const CqGame *game)
{
  memset (g, 0, sizeof *g);
  g->game = game;
  g->has_elo[CQ_WHITE] = _cq_tag_parse_elo (cq_game_get_tag (game, "WhiteElo"), &g->elo[CQ_WHITE]);
  g->has_elo[CQ_BLACK] = _cq_tag_parse_elo (cq_game_get_tag (game, "BlackElo"), &g->elo[CQ_BLACK]);
  g->result = _cq_tag_parse_result (cq_game_get_tag (game, "Result"));
}

static gboolean
filter_holds (const CqGameFilter *filter, const CqGame *game, const EvalGame *g)
{
  gint64 year;

  switch (filter->kind)
    {
    case CQ_FILTER_YEAR:
      return _cq_tag_parse_year (cq_game_get_tag (game, "Date"), &year)
             && in_range (&filter->range, year);
    case CQ_FILTER_GAMENUMBER:
      return in_range (&filter->range, (gint64) game->source.number);
    case CQ_FILTER_RESULT:
      return g->result == filter->result;
    case CQ_FILTER_PLAYER:
      return _cq_tag_name_contains (cq_game_get_tag (game, "White"), filter->player)
             || _cq_tag_name_contains (cq_game_get_tag (game, "Black"), filter->player);
    default:
      g_assert_not_reached ();
      return FALSE;
    }
}

/* Can some instance of a top-level list pass its game tests (:elo,
 * :whiteelo, :blackelo, :result) in this game?  If not, the list matches
 * no position of it (unless it has :not). */
static gboolean
list_may_match_game (const CqPositionList *list, const EvalGame *g)
{
  if (list->options & CQ_LIST_NOT)
    return TRUE;
  /* R8: a count range that allows 0 holds where nothing matches. */
  if (list->count_kind != 0 && list->count.min <= 0)
    return TRUE;
  for (guint i = 0; i < list->n_instances; i++)
    {
      const CqInstance *instance = &list->instances[i];
      gboolean ok = TRUE;

      for (guint t = 0; ok && t < instance->n_tests && is_game_test (&instance->tests[t]); t++)
        if (instance->tests[t].kind != CQ_TEST_MOVENUMBER)
          ok = _cq3_game_test_holds (&instance->tests[t], g);
      if (ok)
        return TRUE;
    }
  return FALSE;
}

static gboolean
accepts_tags (const CqQuery *query, const CqGame *game, const EvalGame *g)
{
  for (guint i = 0; i < query->n_filters; i++)
    if (!filter_holds (&query->filters[i], game, g))
      return FALSE;
  for (guint i = 0; i < query->n_lists; i++)
    if (!list_may_match_game (query->lists[i], g))
      return FALSE;
  return TRUE;
}

/* The lists with :accumulate (R8): top-level lists and those nested in
 * them (through the lists as written, i.e. their identity instance). */
static void
collect_accumulating (const CqPositionList *list, GPtrArray *out)
{
  if (list->accumulator >= 0)
    g_ptr_array_add (out, (gpointer) list);
  if (list->n_instances == 0)
    return;
  for (guint t = 0; t < list->instances[0].n_tests; t++)
    {
      const CqTest *test = &list->instances[0].tests[t];

      if (test->kind == CQ_TEST_AND || test->kind == CQ_TEST_OR
          || test->kind == CQ_TEST_SEQUENCE)
        for (guint k = 0; k < test->u.lists.n_lists; k++)
          collect_accumulating (test->u.lists.lists[k], out);
    }
}

/* R8 phase 1: at every node, each :accumulate list adds the number of
 * members of its transform set that match there (every member, no
 * short-circuit; :sumrange is not tested in this phase).  Phase 2 (the
 * ordinary evaluation) reads the sums. */
static void
compute_accumulators (const CqQuery *query, const CqGame *game, EvalGame *g,
                      GPtrArray *accumulating)
{
  memset (g->acc, 0, sizeof (gint64) * game->n_nodes * g->n_acc);
  g->accumulating = TRUE;
  for (guint i = 0; i < game->n_nodes; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);

      for (guint k = 0; k < accumulating->len; k++)
        {
          const CqPositionList *list = g_ptr_array_index (accumulating, k);
          gint64 count = 0;

          for (guint m = 0; m < list->n_instances; m++)
            {
              CqBitboard squares;

              count += _cq3_instance_matches (&list->instances[m], node, g, list->options,
                                         &squares);
            }
          if (list->options & CQ_LIST_NOT)
            count = count == 0;
          g->acc[(gsize) i * g->n_acc + list->accumulator] += count;
        }
    }
  g->accumulating = FALSE;
}

/* One evaluation of the match list under the current binding. */
static gboolean
match_binding (const CqQuery *query, CqGame *game, EvalGame *g, GPtrArray *accumulating,
               GArray *out)
{
  if (g->gapped != NULL)
    g_hash_table_remove_all (g->gapped);
  if (g->acc != NULL)
    compute_accumulators (query, game, g, accumulating);
  for (guint i = 0; i < query->n_lists; i++)
    if (!_cq3_match_list (query->lists[i], game, g, out))
      {
        if (out != NULL)
          g_array_set_size (out, 0);
        return FALSE;
      }
  return TRUE;
}

/* The evaluation with tags, accumulators or gapped sequences:
 * per-game tables, then the match list once per :forany binding (R11):
 * each tag in turn bound to each mark whose piece has, in some position
 * the match list examines, a type in the tag's piece set (squares
 * ignored); two tags never share a mark.  The positions are replayed
 * once; every binding reads the same mark table.  The game matches if
 * some binding does, and the first such binding (marks in increasing
 * order) is annotated. */
static gboolean
match_themes (const CqQuery *query, CqGame *game, EvalGame *g, GArray *out)
{
  g_autoptr(GPtrArray) accumulating = g_ptr_array_new ();
  g_autofree guint8 *marks = NULL;
  g_autofree guint8 *where = NULL;
  g_autofree gint64 *acc = NULL;
  g_autoptr(GHashTable) gapped = NULL;
  guint16 seen[64] = { 0 };
  guint n_marks = 0;
  gboolean matched = FALSE;
  guint n_nodes = game->n_nodes;

  if (query->any_gapped)
    g->gapped = gapped = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  for (guint i = 0; i < query->n_lists; i++)
    collect_accumulating (query->lists[i], accumulating);
  if (accumulating->len > 0)
    {
      g->n_acc = query->accumulators->len;
      g->acc = acc = g_new (gint64, (gsize) n_nodes * g->n_acc);
    }

  if (query->n_tags == 0)
    return match_binding (query, game, g, accumulating, out);

  /* Marks at every node (R11), and the piece types each mark has in the
   * positions examined (the mainline, or every node if some list looks
   * at variations). */
  marks = g_new (guint8, (gsize) n_nodes * 64);
  where = g_new (guint8, (gsize) n_nodes * 64);
  memset (where, 0xFF, (gsize) n_nodes * 64);
  for (guint i = 0; i < n_nodes; i++)
    {
      const CqNode *node = cq_game_get_node (game, i);
      guint8 *m = marks + (gsize) i * 64;

      if (node->parent == NULL)
        n_marks = _cq_marks_initial (&node->position, m);
      else
        {
          memcpy (m, marks + (gsize) node->parent->index * 64, 64);
          _cq_marks_apply_move (m, &node->move);
        }
      /* Every piece on the board has a mark (none appears from nowhere). */
      for (CqBitboard occ = ~node->position.pieces[CQ_EMPTY]; occ != 0; occ &= occ - 1)
        {
          int sq = __builtin_ctzll (occ);

          if (m[sq] >= 64)
            continue;
          where[(gsize) i * 64 + m[sq]] = (guint8) sq;
          if (query->any_variations || !node->in_variation)
            seen[m[sq]] |= CQ_PIECE_BIT (node->position.board[sq]);
        }
    }
  g->where = where;
  g->n_tags = query->n_tags;

  for (guint a = 0; a < n_marks && !matched; a++)
    {
      if (!(seen[a] & query->tag_pieces[0]))
        continue;
      g->tag_mark[0] = (guint8) a;
      if (query->n_tags == 1)
        {
          matched = match_binding (query, game, g, accumulating, out);
          continue;
        }
      for (guint b = 0; b < n_marks && !matched; b++)
        {
          if (b == a || !(seen[b] & query->tag_pieces[1]))
            continue;
          g->tag_mark[1] = (guint8) b;
          matched = match_binding (query, game, g, accumulating, out);
        }
    }
  return matched;
}

gboolean
_cq3_reads_game_number (const CqQuery *query)
{
  for (guint i = 0; i < query->n_filters; i++)
    if (query->filters[i].kind == CQ_FILTER_GAMENUMBER)
      return TRUE;
  return FALSE;
}

gboolean
_cq3_accepts_tags (const CqQuery *query, const CqGame *game)
{
  EvalGame g;

  eval_game_init (&g, game);
  return accepts_tags (query, game, &g);
}

gboolean
_cq3_match_game (const CqQuery *query, CqGame *game, GArray *out)
{
  EvalGame g;
  RelationIndex relations = { 0 };
  gboolean matched;

  eval_game_init (&g, game);
  if (!accepts_tags (query, game, &g))
    return FALSE;
  /* Reading the moves is what marks a game of another variant skipped. */
  cq_game_parse_moves (game);
  if (game->skipped || game->root == NULL)
    return FALSE;
  /* Long games only: on a short one the index costs more than it saves. */
  if (game->n_nodes >= RELATION_INDEX_MIN_POSITIONS)
    g.relations = &relations;

  if (query->n_tags == 0 && query->accumulators->len == 0 && !query->any_gapped)
    {
      matched = TRUE;
      for (guint i = 0; i < query->n_lists && matched; i++)
        matched = _cq3_match_list (query->lists[i], game, &g, out);
      _cq3_relation_index_clear (&relations);
      if (out != NULL)
        {
          if (matched)
            _cq3_normalise_positions (out);
          else
            g_array_set_size (out, 0);
        }
      return matched;
    }

  matched = match_themes (query, game, &g, out);
  _cq3_relation_index_clear (&relations);
  if (out != NULL)
    {
      if (matched)
        _cq3_normalise_positions (out);
      else
        g_array_set_size (out, 0);
    }
  return matched;
}
