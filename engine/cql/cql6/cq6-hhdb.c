/* cq6-hhdb.c: `hhdb` with its award parameters, CQL 6's filter for the
 * studies of the Heijden database (HHdb), which writes a study's award at
 * the start of its Event tag: "1.p" (first prize), "2/3.hm" (shared
 * second and third honourable mention), "sp.c" (special commendation).
 *
 * `hhdb [award | prize | hm | commendation] [special] [max]` matches a
 * game whose Event tag starts with an award of that kind (award: any of
 * the three); its value is the award's rank (the first of a shared rank,
 * the last with `max`; 1 to 10000 when the award names none).  A special
 * award has no rank: unless `special` is asked for, it matches without a
 * number, as CQL 6.2 does (its value is only used by comparisons).
 * The award is read by cq_hhdb_read_award() (pgn/cq-hhdb.c).
 * `hhdb sort TYPE` sorts the games with such an award by it, built from
 * quiet `sort min` filters as CQL 6.2 builds it.  The other `hhdb` keys
 * (composer, stipulation, cooked, gbr, the Black tag's markers...) are
 * read and evaluated by cq6-hhdb-keys.c.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"
#include "pgn/cq-hhdb.h"

#include <string.h>

/* The rank an award with no rank stands for (CQL 6.2's). */
#define UNRANKED_MAX 10000

/* The words that may follow `hhdb` here, in CQ6_HHDB_* order. */
static const char *const award_words[] = {
  "prize", "hm", "commendation", "award", "special", "max", "sort",
};

static int
word_index (const Cq6Token *t, const char *const *words, guint n)
{
  if (t->kind != CQ6_TOK_WORD && t->kind != CQ6_TOK_STRING)
    return -1;
  for (guint i = 0; i < n; i++)
    if (strcmp (t->text, words[i]) == 0)
      return (int) i;
  return -1;
}

/* The `hhdb` filter for an award of @type (CQ6_HHDB_PRIZE ...) with the
 * CQ6_HHDB_WANT_* @flags. */
static Cq6Filter *
award_filter (const Cq6Token *t, int type, gint64 flags)
{
  Cq6Filter *f = _cq6_node (CQ6_HHDB, CQ6_TYPE_NUMBER, t);

  f->which = (guint32) type;
  f->number = flags;
  return f;
}

/* `hhdb sort TYPE`, as CQL 6.2 builds it from quiet `sort min` filters
 * sharing the labels "cql_category", "cql_truerank" and "cql_maxrank":
 * the games with an award of @type (any of the three for award), the
 * prizes first, then the honourable mentions, then the commendations, a
 * special award after the others of its kind, then by the rank, then by
 * the last of a shared rank.  With @special, only special awards. */
static Cq6Filter *
parse_award_sort (Cq6Parser *p, const Cq6Token *t, int type, gboolean special)
{
  static const char *const labels[] = { "cql_category", "cql_truerank", "cql_maxrank" };
  static const gint64 flags[] = {
    CQ6_HHDB_WANT_KIND, CQ6_HHDB_WANT_RANK, CQ6_HHDB_WANT_RANK | CQ6_HHDB_WANT_MAX,
  };
  Cq6Filter *f = NULL;

  if (type == CQ6_HHDB_AWARD)
    {
      /* prize or hm or commendation: the first that matches sorts. */
      for (int kind = CQ6_HHDB_PRIZE; kind <= CQ6_HHDB_COMMENDATION; kind++)
        {
          Cq6Filter *one = parse_award_sort (p, t, kind, FALSE);

          if (one == NULL)
            {
              _cq6_filter_free (f);
              return NULL;
            }
          f = f == NULL ? one : _cq6_node2 (CQ6_OR, CQ6_TYPE_LOGICAL, t, f, one);
        }
    }
  else
    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      {
        Cq6Filter *one = _cq6_sort_filter (p, t, labels[i], TRUE, TRUE,
                                           award_filter (t, type, flags[i]));

        if (one == NULL)
          {
            _cq6_filter_free (f);
            return NULL;
          }
        f = f == NULL ? one : _cq6_node2 (CQ6_AND, CQ6_TYPE_LOGICAL, t, f, one);
      }
  if (special)
    f = _cq6_node2 (CQ6_AND, CQ6_TYPE_LOGICAL, t,
                    award_filter (t, CQ6_HHDB_AWARD,
                                  CQ6_HHDB_WANT_SPECIAL | CQ6_HHDB_LOGICAL_USE), f);
  return f;
}

Cq6Filter *
_cq6_parse_hhdb (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Token *last = NULL, *sort = NULL, *max = NULL;
  int type = -1, i;
  gboolean special = FALSE;

  /* Every other key (composer, stipulation, the Black tag's markers...)
   * is read by cq6-hhdb-keys.c. */
  if (word_index (_cq6_peek (p), award_words, G_N_ELEMENTS (award_words)) < 0)
    return _cq6_parse_hhdb_key (p, t);
  while ((i = word_index (_cq6_peek (p), award_words, G_N_ELEMENTS (award_words))) >= 0)
    {
      Cq6Token *w = _cq6_peek (p);

      if ((i <= CQ6_HHDB_AWARD && type >= 0) || (i == CQ6_HHDB_SPECIAL && special)
          || (i == CQ6_HHDB_MAX && max != NULL) || (i == CQ6_HHDB_SORT && sort != NULL))
        {
          _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX, "`hhdb`: `%s` %s", w->text,
                        i <= CQ6_HHDB_AWARD ? "is a second kind of award (award, prize, hm, "
                                              "commendation)"
                                            : "is given twice");
          return NULL;
        }
      if (i <= CQ6_HHDB_AWARD)
        type = i;
      else if (i == CQ6_HHDB_SPECIAL)
        special = TRUE;
      else if (i == CQ6_HHDB_MAX)
        max = w;
      else
        sort = w;
      last = _cq6_advance (p);
    }
  if (sort != NULL)
    {
      /* CQL 6.2's checks: `hhdb prize sort #P` would be read as
       * `hhdb prize sort` then `#P`, so a last `sort` is refused. */
      const char *why = last == sort ? "`sort` is the last word after `hhdb`: write `hhdb sort "
                                       "prize` (a `sort` filter after `hhdb` needs parentheses)"
                      : type < 0 && !special ? "`hhdb sort` needs award, prize, hm, "
                                               "commendation or special"
                      : max != NULL ? "`hhdb` cannot take both `sort` and `max`" : NULL;

      if (why != NULL)
        {
          _cq6_fail_at (p, last == sort || max == NULL ? sort : max, CQ_QUERY_ERROR_SYNTAX,
                        "%s", why);
          return NULL;
        }
      return parse_award_sort (p, t, type < 0 ? CQ6_HHDB_AWARD : type, special);
    }
  return award_filter (t, type < 0 ? CQ6_HHDB_AWARD : type,
                       (special ? CQ6_HHDB_WANT_SPECIAL : 0)
                       | (max != NULL ? CQ6_HHDB_WANT_MAX : 0));
}

gboolean
_cq6_eval_hhdb (const Cq6Filter *f, const char *event, Cq6Val *v)
{
  CqHhdbAward award;
  gint64 first, last;
  int type;

  if (!cq_hhdb_read_award (event, &award))
    return FALSE;
  type = award.kind == CQ_HHDB_PRIZE ? CQ6_HHDB_PRIZE
         : award.kind == CQ_HHDB_HM ? CQ6_HHDB_HM : CQ6_HHDB_COMMENDATION;
  if ((f->which != CQ6_HHDB_AWARD && (int) f->which != type)
      || ((f->number & CQ6_HHDB_WANT_SPECIAL) && !award.special))
    return FALSE;
  if (f->number & CQ6_HHDB_WANT_KIND)
    {
      /* 1 prize, 3 hm, 5 commendation; one more when special. */
      v->num = 2 * type + 1 + (award.special ? 1 : 0);
      return TRUE;
    }
  first = award.first, last = award.last;
  if (first == 0)
    first = 1, last = UNRANKED_MAX;
  if (award.special && !(f->number & (CQ6_HHDB_WANT_SPECIAL | CQ6_HHDB_WANT_RANK)))
    {
      /* A special award has no rank: it matches, with no number. */
      v->num = 0;
      return (f->number & CQ6_HHDB_LOGICAL_USE) != 0;
    }
  v->num = (f->number & CQ6_HHDB_WANT_MAX) ? last : first;
  return TRUE;
}

/* Marks the `hhdb` filters that are only tested, not asked for their
 * number: the filters of a block or of the query, and `and`, `or`, `not`
 * and `if`'s condition. */
void
_cq6_hhdb_mark_uses (Cq6Filter *f)
{
  if (f == NULL)
    return;
  for (guint i = 0; i < f->n_args; i++)
    {
      Cq6Filter *arg = f->args[i];

      if (arg != NULL && arg->kind == CQ6_HHDB
          && (f->kind == CQ6_COMPOUND || f->kind == CQ6_AND || f->kind == CQ6_OR
              || f->kind == CQ6_NOT || (f->kind == CQ6_IF && i == 0)))
        arg->number |= CQ6_HHDB_LOGICAL_USE;
      _cq6_hhdb_mark_uses (arg);
    }
}
