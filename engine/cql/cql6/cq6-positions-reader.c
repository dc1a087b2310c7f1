/* cq6-positions-reader.c: the reader of the CQL 6 filters about other
 * positions of the game (parent, child, ancestor, descendant, lca,
 * distance, depth, positionid, `position N`, virtualmainline, find and
 * echo), evaluated by cq6-positions.c.  For echo it also sorts the
 * body's filters by what they look at (the source, the target, or both)
 * and bounds the squares on which the pair may differ, so that the
 * evaluation can skip most pairs.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* Dependencies of a filter, for echo (deps()). */
enum {
  DEP_CURRENT = 1 << 0, /* the position it is evaluated at */
  DEP_SOURCE  = 1 << 1, /* echo's source variable */
  DEP_TARGET  = 1 << 2, /* echo's target variable */
  DEP_OTHER   = 1 << 3, /* anything else: other variables, comments written */
  DEP_CHANGES = 1 << 4  /* may change variables or other state */
};

/* Reading */

/* The dependencies of @f in an echo body whose variables are @src, @tgt. */
static guint
deps (const Cq6Filter *f, guint32 src, guint32 tgt)
{
  guint d = 0;

  if (f == NULL)
    return 0;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_VARIABLE:
      return f->which == src ? DEP_SOURCE : f->which == tgt ? DEP_TARGET : DEP_OTHER;
    case CQ6_AT:
      /* What the right side reads of its position is what the left reads. */
      return deps (f->args[0], src, tgt) | (deps (f->args[1], src, tgt) & ~DEP_CURRENT);
    case CQ6_CURRENT: case CQ6_PARENT: case CQ6_CHILD: case CQ6_POSITION_BY_ID:
    case CQ6_POSITIONID: case CQ6_DEPTH: case CQ6_ANCESTOR: case CQ6_DESCENDANT:
    case CQ6_LCA: case CQ6_DISTANCE: case CQ6_VIRTUALMAINLINE: case CQ6_POSITION_AND:
    case CQ6_TRY:
    case CQ6_PIECEID:
      d = DEP_CURRENT;
      break;
    case CQ6_CONSECUTIVEMOVES:
      /* It keeps the longest match of all its evaluations (cq6-moves.c),
       * and CQL 6.2 evaluates it at every target before the filters
       * written after it: none of those is tested ahead of it (rulings
       * 11). */
      d = DEP_CURRENT | DEP_OTHER | DEP_CHANGES;
      break;
    case CQ6_FIND: case CQ6_LINE: case CQ6_DASH:
    case CQ6_COMMENT: case CQ6_ISBOUND:
      /* They write comments or read bindings: never cached, but they
       * change no variable. */
      d = DEP_CURRENT | DEP_OTHER;
      break;
    default:
      d = f->kind < CQ6_FIRST_STATEFUL ? DEP_CURRENT : DEP_CURRENT | DEP_OTHER | DEP_CHANGES;
      break;
    }
  for (guint i = 0; i < f->n_args; i++)
    d |= deps (f->args[i], src, tgt);
  return d;
}

static gboolean
is_var (const Cq6Filter *f, guint32 var)
{
  return f->kind == CQ6_VARIABLE && f->which == var;
}

/* `source & target == .` (either order on both sides). */
static gboolean
is_same_placement (const Cq6Filter *f, guint32 src, guint32 tgt)
{
  const Cq6Filter *and, *all;

  if (f->kind != CQ6_COMPARE || f->which != CQ6_CMP_EQ)
    return FALSE;
  and = f->args[0]->kind == CQ6_POSITION_AND ? f->args[0] : f->args[1];
  all = and == f->args[0] ? f->args[1] : f->args[0];
  if (and->kind != CQ6_POSITION_AND || all->kind != CQ6_DESIGNATOR
      || all->designator.pieces != CQ_PIECES_ALL || all->designator.squares != ~(CqBitboard) 0)
    return FALSE;
  return (is_var (and->args[0], src) && is_var (and->args[1], tgt))
         || (is_var (and->args[0], tgt) && is_var (and->args[1], src));
}

/* `~(S & T)` (either order): the squares on which source and target
 * differ. */
static gboolean
is_difference (const Cq6Filter *f, guint32 src, guint32 tgt)
{
  const Cq6Filter *and;

  if (f->kind != CQ6_COMPLEMENT || f->args[0]->kind != CQ6_POSITION_AND)
    return FALSE;
  and = f->args[0];
  return (is_var (and->args[0], src) && is_var (and->args[1], tgt))
         || (is_var (and->args[0], tgt) && is_var (and->args[1], src));
}

/* The most squares on which source and target may differ for the body to
 * match, or -1 when the body does not say: a top-level `#D == k` (or `<=`,
 * `<`, the sides either way) where D is `~(S & T)` or a set variable the
 * body assigned it to before, untouched since.  eval_echo() counts the
 * squares on which each pair differs and skips, before evaluating the
 * body, every pair outside the bound. */
static int
max_differing_squares (const Cq6Filter *echo, guint32 src, guint32 tgt, gboolean *exactly_one)
{
  const Cq6Filter *body = echo->args[0];
  Cq6Filter *const *parts = body->kind == CQ6_COMPOUND ? body->args : &echo->args[0];
  guint n = body->kind == CQ6_COMPOUND ? body->n_args : 1;
  guint64 difference_vars = 0; /* set variables (index < 64) holding ~(S & T) */
  int best = -1;

  for (guint i = 0; i < n; i++)
    {
      const Cq6Filter *f = parts[i];

      if (f->kind == CQ6_ASSIGN && f->which < 64)
        {
          if (f->number == '=' && is_difference (f->args[0], src, tgt))
            difference_vars |= G_GUINT64_CONSTANT (1) << f->which;
          else
            difference_vars &= ~(G_GUINT64_CONSTANT (1) << f->which);
          continue;
        }
      if (f->kind == CQ6_COMPARE)
        {
          gboolean count_left = f->args[0]->kind == CQ6_COUNT;
          const Cq6Filter *count = count_left ? f->args[0] : f->args[1];
          const Cq6Filter *k = count_left ? f->args[1] : f->args[0];
          const Cq6Filter *d;
          gint64 bound = -1;

          if (count->kind != CQ6_COUNT || k->kind != CQ6_NUMBER)
            continue;
          d = count->args[0];
          if (!is_difference (d, src, tgt)
              && !(d->kind == CQ6_VARIABLE && d->which < 64
                   && (difference_vars & (G_GUINT64_CONSTANT (1) << d->which))))
            continue;
          if (f->which == CQ6_CMP_EQ && k->number == 1)
            *exactly_one = TRUE;
          if (f->which == CQ6_CMP_EQ
              || f->which == (count_left ? CQ6_CMP_LE : CQ6_CMP_GE))
            bound = k->number;
          else if (f->which == (count_left ? CQ6_CMP_LT : CQ6_CMP_GT))
            bound = k->number - 1;
          if (bound >= 0 && bound < 64 && (best < 0 || bound < best))
            best = (int) bound;
          continue;
        }
      /* Anything else that may change a variable ends what is known. */
      if (deps (f, src, tgt) & DEP_CHANGES)
        break;
    }
  return best;
}

/* Whether @f is built only of filters that read the position they are
 * evaluated at, or the echo's variables, and can neither fail with a
 * run-time error nor write anything: a side of a pair test
 * (pair_test()), which eval_echo() may evaluate where the body would not
 * have. */
static gboolean
is_plain_side (const Cq6Filter *f, guint32 src, guint32 tgt)
{
  if (f == NULL)
    return FALSE;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_VARIABLE:
      return f->which == src || f->which == tgt;
    case CQ6_AT: case CQ6_COUNT:
      break;
    case CQ6_NUMBER: case CQ6_SIDETOMOVE: case CQ6_COLOR: case CQ6_MOVENUMBER:
    case CQ6_PLY: case CQ6_POSITIONID: case CQ6_DEPTH: case CQ6_DESIGNATOR:
      return f->n_args == 0;
    default:
      return FALSE;
    }
  for (guint i = 0; i < f->n_args; i++)
    if (!is_plain_side (f->args[i], src, tgt))
      return FALSE;
  return TRUE;
}

/* Whether @f compares, as numbers or by positionid, a side that reads the
 * source only with one that reads the target only (or the position it is
 * evaluated at): e.g. `s < t`, `sidetomove == s:sidetomove`.  Its value
 * for a pair then comes from one value per source and one per target.
 * @second is set when the source's side is args[1]. */
static gboolean
pair_test (const Cq6Filter *f, guint32 src, guint32 tgt, gboolean *second)
{
  guint d0, d1;

  if (f->kind != CQ6_COMPARE || f->which > CQ6_CMP_NE
      || (f->args[0]->type != CQ6_TYPE_NUMBER && f->args[0]->type != CQ6_TYPE_POSITION)
      || f->args[1]->type != f->args[0]->type
      || !is_plain_side (f->args[0], src, tgt) || !is_plain_side (f->args[1], src, tgt))
    return FALSE;
  d0 = deps (f->args[0], src, tgt);
  d1 = deps (f->args[1], src, tgt);
  *second = d1 == DEP_SOURCE;
  if (*second)
    return d0 != 0 && !(d0 & ~(DEP_CURRENT | DEP_TARGET));
  return d0 == DEP_SOURCE && d1 != 0 && !(d1 & ~(DEP_CURRENT | DEP_TARGET));
}

/* Whether @f, a side of the comparison in the body of a square loop
 * (square_pair_test()), is built only of filters that read the position
 * it is evaluated at, echo's variables (on the left of `:` only) or the
 * loop's variable @var, and can neither fail with a run-time error nor
 * write anything; ORs what it reads (DEP_*, the loop's variable left out)
 * into @d.  Its numbers stay small (constants up to 2^32, files, ranks,
 * piece types, plies, sums and differences at most 16 deep), so that its
 * `+` and `-` cannot overflow, which is a run-time error. */
static gboolean
square_side (const Cq6Filter *f, guint32 src, guint32 tgt, guint32 var, guint depth, guint *d)
{
  if (f == NULL || depth > 16)
    return FALSE;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_VARIABLE:
      if (f->which == var)
        return TRUE;
      if (f->which != src && f->which != tgt)
        return FALSE;
      *d |= f->which == src ? DEP_SOURCE : DEP_TARGET;
      return TRUE;
    case CQ6_AT:
      {
        guint inner = 0;

        if (f->args[0]->kind != CQ6_VARIABLE
            || (f->args[0]->which != src && f->args[0]->which != tgt)
            || !square_side (f->args[1], src, tgt, var, depth + 1, &inner))
          return FALSE;
        *d |= (f->args[0]->which == src ? DEP_SOURCE : DEP_TARGET) | (inner & ~DEP_CURRENT);
        return TRUE;
      }
    case CQ6_NUMBER:
      return f->number >= -(G_GINT64_CONSTANT (1) << 32)
             && f->number <= (G_GINT64_CONSTANT (1) << 32);
    case CQ6_SIDETOMOVE: case CQ6_PLY: case CQ6_DESIGNATOR:
      *d |= DEP_CURRENT;
      return f->n_args == 0;
    case CQ6_PIECENAME:
      *d |= DEP_CURRENT;
      break;
    case CQ6_ARITH:
      if (f->which != '+' && f->which != '-')
        return FALSE;
      break;
    case CQ6_MAKESQUARE: case CQ6_FILE: case CQ6_RANK:
      break;
    default:
      return FALSE;
    }
  for (guint i = 0; i < f->n_args; i++)
    if (!square_side (f->args[i], src, tgt, var, depth + 1, d))
      return FALSE;
  return TRUE;
}

/* Whether @f is `[forall] x [element] K (A OP B)` (a square loop over
 * all its squares whose body is a comparison of numbers, strings or
 * sets) where K reads the target only, one side of the comparison the
 * source only and the other not the source, each through square_side():
 * for a pair, each side's value at each square then depends on one
 * position alone, and eval_echo() keeps them per source and per target.
 * @second is set when the source's side is the comparison's args[1].
 * The loop binds its variable only while it runs, so it changes nothing
 * the rest of the body sees. */
static gboolean
square_pair_test (const Cq6Filter *f, guint32 src, guint32 tgt, gboolean *second)
{
  const Cq6Filter *cmp;
  guint dk = 0, d0 = 0, d1 = 0;

  if (f->kind != CQ6_SQUARE_LOOP || !f->number || f->args[1] == NULL
      || f->args[1]->kind != CQ6_COMPARE)
    return FALSE;
  cmp = f->args[1];
  if (cmp->which > CQ6_CMP_NE || cmp->args[0]->type != cmp->args[1]->type
      || (cmp->args[0]->type != CQ6_TYPE_NUMBER && cmp->args[0]->type != CQ6_TYPE_STRING
          && cmp->args[0]->type != CQ6_TYPE_SET)
      || !square_side (f->args[0], src, tgt, G_MAXUINT32, 0, &dk) || (dk & DEP_SOURCE)
      || !square_side (cmp->args[0], src, tgt, f->which, 0, &d0)
      || !square_side (cmp->args[1], src, tgt, f->which, 0, &d1))
    return FALSE;
  *second = d1 == DEP_SOURCE;
  if (*second)
    return !(d0 & DEP_SOURCE);
  return d0 == DEP_SOURCE && !(d1 & DEP_SOURCE);
}

/* Sorts the first 64 filters of an echo body: range_min gets the mask of
 * those that read the source variable only, range_max those that read the
 * target only (the position or the target variable), pair_parts those of
 * the others that are pair tests (pair_test(), square_pair_test());
 * CQ6_ECHO_SAME_PLACEMENT is set if one requires the same placement.  Only
 * filters before the first one that may change a variable are sorted:
 * skipping a pair must not skip a change the body would have made. */
static void
body_split (Cq6Filter *echo, guint32 src, guint32 tgt)
{
  const Cq6Filter *body = echo->args[0];
  Cq6Filter *const *parts = body->kind == CQ6_COMPOUND ? body->args : &echo->args[0];
  guint n = body->kind == CQ6_COMPOUND ? body->n_args : 1;

  for (guint i = 0; i < n && i < 64; i++)
    {
      guint d = deps (parts[i], src, tgt);
      gboolean second;

      if (i < CQ6_ECHO_PAIR_TESTS_MAX && square_pair_test (parts[i], src, tgt, &second))
        {
          echo->pair_parts |= (G_GUINT64_CONSTANT (1) << i)
                              | ((guint64) second << (CQ6_ECHO_PAIR_SECOND + i));
          continue;
        }
      if (d & DEP_CHANGES)
        break;
      if ((d & DEP_SOURCE) && !(d & (DEP_CURRENT | DEP_TARGET | DEP_OTHER)))
        echo->range_min |= G_GINT64_CONSTANT (1) << i;
      else if (!(d & (DEP_SOURCE | DEP_OTHER)))
        echo->range_max |= G_GINT64_CONSTANT (1) << i;
      else if (i < CQ6_ECHO_PAIR_TESTS_MAX && pair_test (parts[i], src, tgt, &second))
        echo->pair_parts |= (G_GUINT64_CONSTANT (1) << i)
                            | ((guint64) second << (CQ6_ECHO_PAIR_SECOND + i));
      if (is_same_placement (parts[i], src, tgt))
        echo->number |= CQ6_ECHO_SAME_PLACEMENT;
    }
}

/* `echo [quiet] (source target) [in all] body`. */
static Cq6Filter *
parse_echo (Cq6Parser *p, Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_ECHO, CQ6_TYPE_LOGICAL, t), *body;
  int src, tgt;

  if (_cq6_is_word (_cq6_peek (p), "quiet"))
    {
      _cq6_advance (p);
      f->number |= CQ6_ECHO_QUIET;
    }
  if (!_cq6_expect_punct (p, "(", "after `echo` (its two variables, e.g. echo (s t))")
      || (src = _cq6_declare_var (p, _cq6_peek (p), CQ6_TYPE_POSITION)) < 0)
    goto fail;
  _cq6_advance (p);
  if ((tgt = _cq6_declare_var (p, _cq6_peek (p), CQ6_TYPE_POSITION)) < 0)
    goto fail;
  _cq6_advance (p);
  if (src == tgt)
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC, "echo's two variables must differ");
      goto fail;
    }
  if (!_cq6_expect_punct (p, ")", "after echo's two variables"))
    goto fail;
  if (_cq6_is_word (_cq6_peek (p), "in") && _cq6_is_word (_cq6_peek_at (p, 1), "all"))
    {
      p->pos += 2;
      f->number |= CQ6_ECHO_IN_ALL;
    }
  body = _cq6_parse_filter (p);
  if (body == NULL)
    goto fail;
  _cq6_filter_add_arg (f, body);
  f->which = (guint32) src | (guint32) tgt << 16;
  /* A numeric body makes echo numeric: its largest value over the targets. */
  if (body->type == CQ6_TYPE_NUMBER)
    f->type = CQ6_TYPE_NUMBER;
  body_split (f, (guint32) src, (guint32) tgt);
  /* directions: 1 + the most squares source and target may differ on;
   * CQ6_ECHO_EXACTLY_ONE when they must differ on exactly one. */
  {
    gboolean exactly_one = FALSE;
    int differ = max_differing_squares (f, (guint32) src, (guint32) tgt, &exactly_one);

    f->directions = differ >= 0 ? (guint8) (differ + 1) : 0;
    if (exactly_one)
      f->directions = 2 | CQ6_ECHO_EXACTLY_ONE;
  }
  return f;
fail:
  _cq6_filter_free (f);
  return NULL;
}

/* `find [all] [<--] [quiet] [range] F`, the words in any order. */
static Cq6Filter *
parse_find (Cq6Parser *p, Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_FIND, CQ6_TYPE_POSITION, t), *arg;

  for (;;)
    {
      Cq6Token *w = _cq6_peek (p);

      if (_cq6_is_word (w, "all") && !(f->which & CQ6_FIND_ALL))
        f->which |= CQ6_FIND_ALL;
      else if (_cq6_is_word (w, "quiet") && !(f->which & CQ6_FIND_QUIET))
        f->which |= CQ6_FIND_QUIET;
      else if (_cq6_is_punct (w, "<--") && !(f->which & CQ6_FIND_BACKWARD))
        f->which |= CQ6_FIND_BACKWARD;
      else if (_cq6_is_word (w, "count") && !(f->which & CQ6_FIND_RANGE))
        {
          /* `find count`: the number found, whatever it is (CQL 6.2's
           * range `count`, -100000 to 100000): it matches when none is. */
          f->range_min = -100000;
          f->range_max = 100000;
          f->which |= CQ6_FIND_RANGE;
        }
      else if (w->kind == CQ6_TOK_NUMBER && !(f->which & CQ6_FIND_RANGE))
        {
          if (!_cq6_parse_range (p, &f->range_min, &f->range_max, "find's range"))
            goto fail;
          if (f->range_max < f->range_min)
            {
              _cq6_fail_at (p, w, CQ_QUERY_ERROR_SYNTAX,
                            "find's range %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                            " is empty", f->range_min, f->range_max);
              goto fail;
            }
          f->which |= CQ6_FIND_RANGE;
          continue;
        }
      else
        break;
      _cq6_advance (p);
    }
  if ((f->which & CQ6_FIND_ALL) && (f->which & CQ6_FIND_RANGE))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "find with both a range and `all`");
      goto fail;
    }
  /* find's filter is a whole filter, or and and included (CQL 6.2's
   * precedence table): `find X == Y` is `find (X == Y)`.  A comparison
   * after a logical filter stays outside: `find all check >= 20` compares
   * the number found. */
  arg = _cq6_parse_filter (p);
  if (arg == NULL)
    goto fail;
  _cq6_filter_add_arg (f, arg);
  if (f->which & (CQ6_FIND_ALL | CQ6_FIND_RANGE))
    f->type = CQ6_TYPE_NUMBER;
  return f;
fail:
  _cq6_filter_free (f);
  return NULL;
}

gboolean
_cq6_parse_positions_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  const char *w = t->text;
  static const struct { const char *name; Cq6Kind kind; Cq6Type type; } simple[] = {
    { "parent", CQ6_PARENT, CQ6_TYPE_POSITION },
    { "depth", CQ6_DEPTH, CQ6_TYPE_NUMBER },
    { "positionid", CQ6_POSITIONID, CQ6_TYPE_NUMBER },
    { "virtualmainline", CQ6_VIRTUALMAINLINE, CQ6_TYPE_LOGICAL },
    { "try", CQ6_TRY, CQ6_TYPE_LOGICAL },
  };
  static const struct { const char *name; Cq6Kind kind; Cq6Type type; } pairs[] = {
    { "ancestor", CQ6_ANCESTOR, CQ6_TYPE_LOGICAL },
    { "descendant", CQ6_DESCENDANT, CQ6_TYPE_LOGICAL },
    { "lca", CQ6_LCA, CQ6_TYPE_POSITION },
    { "distance", CQ6_DISTANCE, CQ6_TYPE_NUMBER },
  };

  *out = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    if (strcmp (w, simple[i].name) == 0)
      {
        *out = _cq6_node (simple[i].kind, simple[i].type, t);
        return TRUE;
      }
  if (strcmp (w, "fen") == 0)
    {
      /* `fen "..."`: the position's placement is the FEN's. */
      if (_cq6_peek (p)->kind == CQ6_TOK_STRING)
        *out = _cq6_parse_fen_placement (p, t, _cq6_advance (p));
      else
        *out = _cq6_node (CQ6_FEN, CQ6_TYPE_STRING, t);
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    if (strcmp (w, pairs[i].name) == 0)
      {
        Cq6Filter *f = _cq6_node (pairs[i].kind, pairs[i].type, t);

        if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_POSITION, 2, 2, w))
          _cq6_filter_free (f);
        else
          *out = f;
        return TRUE;
      }
  if (strcmp (w, "child") == 0)
    {
      Cq6Filter *f = _cq6_node (CQ6_CHILD, CQ6_TYPE_POSITION, t);

      if (_cq6_is_punct (_cq6_peek (p), "(")
          && !_cq6_parse_arg_list (p, f, CQ6_TYPE_NUMBER, 1, 1, w))
        _cq6_filter_free (f);
      else
        *out = f;
      return TRUE;
    }
  if (strcmp (w, "initialposition") == 0)
    {
      /* CQL 6.2: `position 0`, the game's first position. */
      Cq6Filter *id = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);

      id->number = 0;
      *out = _cq6_node1 (CQ6_POSITION_BY_ID, CQ6_TYPE_POSITION, t, id);
      return TRUE;
    }
  if (strcmp (w, "position") == 0)
    {
      Cq6Token *at = _cq6_peek (p);
      Cq6Filter *id = _cq6_want_type (p, at, _cq6_parse_add (p), CQ6_TYPE_NUMBER, "`position`");

      if (id != NULL)
        *out = _cq6_node1 (CQ6_POSITION_BY_ID, CQ6_TYPE_POSITION, t, id);
      return TRUE;
    }
  if (strcmp (w, "find") == 0)
    {
      *out = parse_find (p, t);
      return TRUE;
    }
  if (strcmp (w, "echo") == 0)
    {
      *out = parse_echo (p, t);
      return TRUE;
    }
  return FALSE;
}
