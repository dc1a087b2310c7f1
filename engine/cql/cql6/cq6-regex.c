/* cq6-regex.c: CQL 6's regular expressions at run time: `S ~~ "re"`, the
 * groups `\N` and `\-N` of the game's last `~~` match, and `while (S ~~
 * "re")`, which runs its body once at each match (CQL 6.2;
 * docs/cql6-rulings.md section 24).  Groups are recorded only when the
 * query uses them (Cq6Program.regex_groups).
 *
 * GRegex (PCRE2) backtracks: a pattern such as `(a|aa)+$` may take
 * seconds on a short string, and PCRE2 gives up at its match limit.  A
 * match that gave up is never read as "no match": the search stops with an
 * error at the `~~` (regex_failed()).  The answers of `~~`, and the
 * matches a `while (S ~~ "re")` loops over, are kept for the game (the
 * memo below), so a pattern applied to the same string at every position
 * runs once.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* The most bytes of subjects and answers the memo of one game keeps; past
 * it the memo starts again empty. */
#define MEMO_MAX_BYTES (16u * 1024 * 1024)

/* One `~~` applied to one subject: the key of the memo. */
typedef struct {
  const Cq6Filter *re;
  gsize            len;
  char             text[];  /* the subject, NUL-terminated */
} MemoKey;

/* Its answer: @n_groups pairs of byte offsets (start, end; -1 for a group
 * that took no part), group 0 the whole match; @n_groups 0: no match. */
typedef struct {
  gint n_groups;
  gint pos[];
} MemoAnswer;

struct _Cq6RegexMemo {
  GHashTable *answers;   /* MemoKey -> MemoAnswer (or, keyed by a `while`,
                          * MemoMatches), both owned */
  gsize       bytes;
};

static guint
memo_key_hash (gconstpointer p)
{
  const MemoKey *k = p;
  guint h = g_direct_hash (k->re);

  /* FNV-1a over the subject's bytes. */
  h ^= 2166136261u;
  for (gsize i = 0; i < k->len; i++)
    h = (h ^ (guchar) k->text[i]) * 16777619u;
  return h;
}

static gboolean
memo_key_equal (gconstpointer a, gconstpointer b)
{
  const MemoKey *x = a, *y = b;

  return x->re == y->re && x->len == y->len && memcmp (x->text, y->text, x->len) == 0;
}

void
_cq6_regex_memo_free (Cq6RegexMemo *memo)
{
  if (memo == NULL)
    return;
  g_hash_table_unref (memo->answers);
  g_free (memo);
}

/* Sets the game's error for @re, whose match at @c gave up (@why), unless
 * an error came first or the search was stopped; the filter then fails. */
static void
regex_failed (const Cq6Filter *re, Cq6Ctx *c, gsize len, const GError *why)
{
  Cq6State *st = c->st;

  if (st->error != NULL || _cq6_stopped (c))
    return;
  st->error = g_strdup_printf ("%s: the regular expression after `~~` gave up on a string "
                               "of %" G_GSIZE_FORMAT " bytes at game %" G_GUINT64_FORMAT
                               ", position %u (positionid): %s; whether it matches is "
                               "unknown, so the search stops (a pattern without nested "
                               "repetition such as `(a+)+` or `(a|aa)+` avoids it)",
                               re->string, len, c->game->source.number, c->node->index,
                               why->code == G_REGEX_ERROR_MATCH
                               ? "the matcher reached its backtracking or memory limit"
                               : "the matcher failed");
}

/* Keeps the @n_groups groups at @pos (pairs of byte offsets, as
 * #MemoAnswer's) of a match in @text as the game's last `~~` match;
 * @pos NULL: the last match failed, there are none. */
static void
groups_set_at (Cq6Ctx *c, gint n_groups, const gint *pos, const char *text)
{
  Cq6State *st = c->st;

  if (!st->program->regex_groups)
    return;
  if (st->groups == NULL)
    st->groups = g_array_new (FALSE, FALSE, sizeof (Cq6RegexGroup));
  g_array_set_size (st->groups, 0);
  if (pos == NULL)
    return;
  for (gint i = 0; i < n_groups; i++)
    {
      Cq6RegexGroup g = { NULL, 0 };
      gint start = pos[2 * i], end = pos[2 * i + 1];

      if (start >= 0)
        {
          g.str = _cq6_state_string_n (c, NULL, text + start, (gsize) (end - start));
          g.start = start;
        }
      g_array_append_val (st->groups, g);
    }
}

/* Keeps the groups of @answer, the answer for @text, as the game's last
 * `~~` match; @answer NULL: the last match failed, there are none. */
static void
groups_set (Cq6Ctx *c, const MemoAnswer *answer, const char *text)
{
  groups_set_at (c, answer != NULL ? answer->n_groups : 0,
                 answer != NULL ? answer->pos : NULL, text);
}

/* The answer of one match (n_groups 0 when it failed), newly allocated. */
static MemoAnswer *
answer_new (const GMatchInfo *match)
{
  gint n = match != NULL && g_match_info_matches (match)
           ? g_match_info_get_match_count (match) : 0;
  MemoAnswer *answer = g_malloc (sizeof *answer + 2 * sizeof (gint) * (gsize) MAX (n, 0));

  answer->n_groups = MAX (n, 0);
  for (gint i = 0; i < answer->n_groups; i++)
    if (!g_match_info_fetch_pos (match, i, &answer->pos[2 * i], &answer->pos[2 * i + 1]))
      answer->pos[2 * i] = answer->pos[2 * i + 1] = -1;
  return answer;
}

/* A new key of the memo for @f applied to @subject (@len bytes). */
static MemoKey *
memo_key_new (const Cq6Filter *f, const char *subject, gsize len)
{
  MemoKey *key = g_malloc (sizeof *key + len + 1);

  key->re = f;
  key->len = len;
  memcpy (key->text, subject, len + 1);
  return key;
}

/* The game's memo (made on first use). */
static Cq6RegexMemo *
memo (Cq6State *st)
{
  if (st->regex_memo == NULL)
    {
      st->regex_memo = g_new0 (Cq6RegexMemo, 1);
      st->regex_memo->answers = g_hash_table_new_full (memo_key_hash, memo_key_equal,
                                                       g_free, g_free);
    }
  return st->regex_memo;
}

/* Keeps @value (@value_bytes) under @key (both given to the memo), or
 * returns FALSE, taking neither, when it is too big to keep. */
static gboolean
memo_keep (Cq6RegexMemo *m, MemoKey *key, gpointer value, gsize value_bytes)
{
  gsize bytes = sizeof *key + key->len + 1 + value_bytes;

  if (bytes > MEMO_MAX_BYTES)
    return FALSE;
  if (m->bytes + bytes > MEMO_MAX_BYTES)
    {
      g_hash_table_remove_all (m->answers);
      m->bytes = 0;
    }
  g_hash_table_insert (m->answers, key, value);
  m->bytes += bytes;
  return TRUE;
}

gboolean
_cq6_eval_regex (const Cq6Filter *f, Cq6Ctx *c, const char *subject, Cq6Val *v)
{
  Cq6State *st = c->st;
  gsize len = strlen (subject);
  g_autofree MemoKey *key = memo_key_new (f, subject, len);
  g_autofree MemoAnswer *unkept = NULL;
  const MemoAnswer *answer;

  answer = g_hash_table_lookup (memo (st)->answers, key);
  if (answer == NULL)
    {
      g_autoptr(GMatchInfo) match = NULL;
      g_autoptr(GError) error = NULL;
      MemoAnswer *fresh;

      g_regex_match_full (f->regex, subject, (gssize) len, 0, 0, &match, &error);
      if (error != NULL)
        {
          regex_failed (f, c, len, error);
          groups_set (c, NULL, NULL);
          return FALSE;
        }
      answer = fresh = answer_new (match);
      if (memo_keep (st->regex_memo, key, fresh,
                     sizeof *fresh + 2 * sizeof (gint) * (gsize) fresh->n_groups))
        key = NULL;
      else
        unkept = fresh;   /* too big to keep: answered once */
    }
  if (answer->n_groups == 0)
    {
      groups_set (c, NULL, NULL);
      return FALSE;
    }
  groups_set (c, answer, subject);
  v->str = _cq6_state_string_n (c, f, subject + answer->pos[0],
                                (gsize) (answer->pos[1] - answer->pos[0]));
  return TRUE;
}

/* The matches of a pattern in one subject, for `while (S ~~ "re")`: a
 * flat array of gint, @n_matches then, per match, its number of groups and
 * their pairs of offsets (as #MemoAnswer's); @size, the array's length. */
typedef struct {
  gint size;
  gint n_matches;
  gint data[];
} MemoMatches;

/* All the matches of @re in @subject, newly allocated; *@error set when
 * the matcher gave up (the matches before it are kept). */
static MemoMatches *
matches_new (const Cq6Filter *re, const char *subject, GError **error)
{
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GArray) data = g_array_new (FALSE, FALSE, sizeof (gint));
  gint header[2] = { 0, 0 };
  MemoMatches *all;

  g_array_append_vals (data, header, 2);
  for (g_regex_match_full (re->regex, subject, -1, 0, 0, &match, error);
       *error == NULL && g_match_info_matches (match);
       g_match_info_next (match, error))
    {
      gint n = g_match_info_get_match_count (match);

      n = MAX (n, 0);
      g_array_append_val (data, n);
      for (gint i = 0; i < n; i++)
        {
          gint pos[2];

          if (!g_match_info_fetch_pos (match, i, &pos[0], &pos[1]))
            pos[0] = pos[1] = -1;
          g_array_append_vals (data, pos, 2);
        }
      g_array_index (data, gint, 1)++;
    }
  g_array_index (data, gint, 0) = (gint) data->len - 2;
  all = (MemoMatches *) (gpointer) g_array_free (g_steal_pointer (&data), FALSE);
  return all;
}

/* `while (S ~~ "re") body`: the body once at each match of the pattern in
 * S, each match the last one for `\N` there; matches whenever S has a
 * value, whatever the body does (CQL 6.2).  The matches do not depend on
 * the body: those of a subject are found once and kept in the game's memo
 * (a pattern applied to the same string at every position, `while
 * ("RBNQ" ~~ ".")`, runs once a game); the loop reads a copy, which the
 * body's own `~~` cannot take away by clearing the memo. */
gboolean
_cq6_eval_regex_loop (const Cq6Filter *f, Cq6Ctx *c)
{
  const Cq6Filter *re = f->args[0];
  g_autoptr(GError) error = NULL;
  g_autofree MemoMatches *all = NULL;
  const MemoMatches *kept;
  g_autofree MemoKey *key = NULL;
  const gint *at;
  gsize len;
  Cq6Val a;

  a.str = NULL;
  if (!_cq6_eval (re->args[0], c, &a) || a.str == NULL)
    return FALSE;
  len = strlen (a.str);
  /* Keyed by the loop, not the `~~`: its answers are of another kind. */
  key = memo_key_new (f, a.str, len);
  kept = g_hash_table_lookup (memo (c->st)->answers, key);
  if (kept != NULL)
    all = g_memdup2 (kept, sizeof *kept + sizeof (gint) * (gsize) kept->size);
  else
    {
      all = matches_new (re, a.str, &error);
      if (error == NULL)
        {
          gsize bytes = sizeof *all + sizeof (gint) * (gsize) all->size;
          gpointer copy = g_memdup2 (all, bytes);

          if (memo_keep (c->st->regex_memo, key, copy, bytes))
            key = NULL;
          else
            g_free (copy);
        }
    }
  groups_set (c, NULL, NULL);
  at = all->data;
  for (gint m = 0; m < all->n_matches; m++)
    {
      Cq6Val b;

      /* The matches of one string are finite (at most one per byte and
       * the end): no bound on the rounds but the search's stop. */
      if (_cq6_halted (c))
        return FALSE;
      groups_set_at (c, at[0], at + 1, a.str);
      at += 1 + 2 * at[0];
      b.set = 0;
      _cq6_eval (f->args[1], c, &b);
    }
  if (error != NULL)
    {
      /* Gave up looking for the next match: not the end of the matches. */
      regex_failed (re, c, len, error);
      return FALSE;
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
