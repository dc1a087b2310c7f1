/* cq6-regex.c: the groups of CQL 6's regular expressions: `\N` and `\-N`
 * read the groups of the game's last `~~` match, and `while (S ~~ "re")`
 * runs its body once at each match (CQL 6.2; docs/cql6-rulings.md section
 * 24).  The `~~` filter itself is evaluated in cq6-eval.c, which records
 * its groups here when the query uses them (Cq6Program.regex_groups).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

void
_cq6_regex_groups_set (Cq6Ctx *c, const GMatchInfo *match, const char *text)
{
  Cq6State *st = c->st;

  if (!st->program->regex_groups)
    return;
  if (st->groups == NULL)
    st->groups = g_array_new (FALSE, FALSE, sizeof (Cq6RegexGroup));
  g_array_set_size (st->groups, 0);
  if (match == NULL)
    return;
  for (gint i = 0; i < g_match_info_get_match_count (match); i++)
    {
      Cq6RegexGroup g = { NULL, 0 };
      gint start, end;

      if (g_match_info_fetch_pos (match, i, &start, &end) && start >= 0)
        {
          g.str = _cq6_state_string_n (c, text + start, (gsize) (end - start));
          g.start = start;
        }
      g_array_append_val (st->groups, g);
    }
}

/* `while (S ~~ "re") body`: the body once at each match of the pattern in
 * S, each match the last one for `\N` there; matches whenever S has a
 * value, whatever the body does (CQL 6.2). */
gboolean
_cq6_eval_regex_loop (const Cq6Filter *f, Cq6Ctx *c)
{
  const Cq6Filter *re = f->args[0];
  g_autoptr(GMatchInfo) match = NULL;
  guint64 round = 0;
  Cq6Val a;

  a.str = NULL;
  if (!_cq6_eval (re->args[0], c, &a) || a.str == NULL)
    return FALSE;
  _cq6_regex_groups_set (c, NULL, NULL);
  for (g_regex_match (re->regex, a.str, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      Cq6Val b;

      if (round++ == CQ6_MAX_WHILE_ROUNDS || _cq6_stopped (c))
        return FALSE;
      _cq6_regex_groups_set (c, match, a.str);
      b.set = 0;
      _cq6_eval (f->args[1], c, &b);
    }
  return TRUE;
}

/* `\N` (`\-N`): group N of the game's last `~~` match, or where it starts. */
gboolean
_cq6_eval_regex_group (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  /* No value when the last `~~` failed or had no such group (CQL
   * 6.2 stops the run with an error there), or when the group took
   * no part in the match. */
  const Cq6RegexGroup *g;

  if (c->st->groups == NULL || f->which >= c->st->groups->len)
    return FALSE;
  g = &g_array_index (c->st->groups, Cq6RegexGroup, f->which);
  if (g->str == NULL)
    return FALSE;
  if (f->number)
    v->num = g->start;
  else
    v->str = g->str;
  return TRUE;
}
