/* cq6-expr.c: the precedence levels of the CQL 6 reader (cq6-parser.c
 * has the table, lowest first): from the primaries and the `:` of a
 * position filter up through attacks, the set operators, counts,
 * arithmetic, comparisons, `in`, not, and, or.  A primary that is a word
 * is read by _cq6_parse_word().
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* Whether @left, before the binary operator at the current token, is of
 * the type @want the operator needs.  If not, the operator is left unread,
 * as CQL 6.2 does, for an enclosing filter to take (see Cq6Parser's
 * @unread_op), and this is noted for the message if none does. */
static gboolean
left_fits (Cq6Parser *p, const Cq6Token *at, const Cq6Filter *left, Cq6Type want)
{
  if (left->type == want)
    return TRUE;
  p->unread_op = p->pos + 1;
  p->unread_left = at;
  p->unread_type = left->type;
  p->unread_want = want;
  return FALSE;
}

/* The error where a filter was expected at @t; at an operator left unread
 * (left_fits()), that its left side is not of its type. */
static void
fail_expected_filter (Cq6Parser *p, const Cq6Token *t)
{
  g_autofree char *found = _cq6_token_text (t);

  if (!_cq6_fail_unread_op (p))
    _cq6_fail_at (p, t, CQ_QUERY_ERROR_SYNTAX, "expected a filter, found %s", found);
}

static Cq6Filter *parse_attacks (Cq6Parser *p);

/* `~X`, a primary as CQL 6.2 reads it, so that it may stand wherever a
 * set argument may (`move to ~q`, `pin through ~N`, `dark ~p`, `A attacks
 * ~B`); its argument reaches up to attacks and attackedby: `~A attacks B`
 * is `~(A attacks B)`, `~A & B` is `(~A) & B`. */
static Cq6Filter *
parse_complement (Cq6Parser *p)
{
  Cq6Token *t = _cq6_advance (p);
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *arg = parse_attacks (p);

  /* `~X--Y`: a dash filter binds more loosely than `~` in CQL 6.2,
   * so the complement is of its from-set X. */
  if (arg != NULL && arg->kind == CQ6_DASH && arg->args[0] != NULL
      && !(arg->which & (CQ6_DASH_PREVIOUS | CQ6_DASH_COUNT | CQ6_DASH_LEGAL
                         | CQ6_DASH_PSEUDOLEGAL)))
    {
      _cq6_filter_set_arg (arg, 0, _cq6_node1 (CQ6_COMPLEMENT, CQ6_TYPE_SET, t, arg->args[0]));
      return arg;
    }
  arg = _cq6_want_type (p, at, arg, CQ6_TYPE_SET, "`~`");
  return arg ? _cq6_node1 (CQ6_COMPLEMENT, CQ6_TYPE_SET, t, arg) : NULL;
}

static Cq6Filter *
parse_primary_inner (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  switch (t->kind)
    {
    case CQ6_TOK_DESIGNATOR:
      {
        Cq6Filter *f = _cq6_node (CQ6_DESIGNATOR, CQ6_TYPE_SET, _cq6_advance (p));
        f->designator = t->designator;
        return f;
      }
    case CQ6_TOK_NUMBER:
      {
        Cq6Filter *f = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, _cq6_advance (p));
        f->number = t->number;
        return f;
      }
    case CQ6_TOK_STRING:
      {
        Cq6Filter *f = _cq6_node (CQ6_STRING, CQ6_TYPE_STRING, _cq6_advance (p));
        f->string = g_strdup (t->text);
        return f;
      }
    case CQ6_TOK_WORD:
      _cq6_advance (p);
      return _cq6_parse_word (p, t);
    case CQ6_TOK_PUNCT:
      if (_cq6_is_punct (t, "{"))
        {
          _cq6_advance (p);
          return _cq6_parse_sequence (p, t, "}");
        }
      if (_cq6_is_punct (t, "~"))
        return parse_complement (p);
      if (_cq6_is_punct (t, "("))
        {
          Cq6Filter *f;

          _cq6_advance (p);
          f = _cq6_parse_filter (p);
          if (f != NULL && !_cq6_expect_punct (p, ")", "to close the '('"))
            {
              _cq6_filter_free (f);
              return NULL;
            }
          return f;
        }
      {
        Cq6Filter *f = NULL;

        if (_cq6_parse_line_punct (p, t, &f))
          return f;
      }
      /* `[]`: the empty set. */
      if (_cq6_is_punct (t, "[") && _cq6_is_punct (_cq6_peek_at (p, 1), "]"))
        {
          Cq6Filter *f = _cq6_node (CQ6_DESIGNATOR, CQ6_TYPE_SET, _cq6_advance (p));

          _cq6_advance (p);
          f->designator.pieces = CQ_PIECES_ALL;
          f->designator.squares = 0;
          f->designator.tag = -1;
          return f;
        }
      if (_cq6_is_punct (t, "-->") || _cq6_is_punct (t, "<--") || _cq6_is_punct (t, "--")
          || _cq6_is_punct (t, ":")
          || _cq6_is_punct (t, "~~") || _cq6_is_punct (t, "[") || _cq6_is_punct (t, "$"))
        {
          _cq6_fail_at (p, t, CQ_QUERY_ERROR_UNSUPPORTED, "`%s` is not supported yet", t->text);
          return NULL;
        }
      G_GNUC_FALLTHROUGH;
    default:
      fail_expected_filter (p, t);
      return NULL;
    }
}

/* A primary: one level of the reader's recursion (every path back to a
 * whole filter, through brackets, braces or a keyword's arguments, passes
 * here), and its tree no higher than the bound. */
static Cq6Filter *
parse_primary_base (Cq6Parser *p)
{
  Cq6Filter *f;

  if (!_cq6_nest_enter (p, _cq6_peek (p)))
    return NULL;
  f = _cq6_height_check (p, parse_primary_inner (p));
  _cq6_nest_leave (p);
  return f;
}

static Cq6Filter *parse_count (Cq6Parser *p);
static Cq6Filter *parse_unary (Cq6Parser *p);

Cq6Filter *
_cq6_parse_primary (Cq6Parser *p)
{
  Cq6Token *start = _cq6_peek (p);
  Cq6Filter *f = parse_primary_base (p);

  while (f != NULL && _cq6_is_punct (_cq6_peek (p), ":"))
    {
      Cq6Token *colon;
      Cq6Filter *right;

      /* In a string's index `S[i:j]` the `:` after i is the index's. */
      if (p->in_substring > 0 && f->type != CQ6_TYPE_POSITION)
        break;
      colon = _cq6_advance (p);
      if (f->type != CQ6_TYPE_POSITION)
        {
          g_autofree char *found = _cq6_token_text (start);
          _cq6_fail_at (p, colon, CQ_QUERY_ERROR_SEMANTIC,
                        "the left of ':' must be a position (e.g. parent, or a position "
                        "variable), but %s is %s", found, _cq6_type_name (f->type));
          _cq6_filter_free (f);
          return NULL;
        }
      /* A prefix operator applies to what follows, there: `X:#Q`, `X:~A`
       * (a primary), `X:-ply` (CQL 6.2 reads them so). */
      if (_cq6_is_punct (_cq6_peek (p), "#"))
        right = parse_count (p);
      else if (_cq6_is_punct (_cq6_peek (p), "-"))
        right = parse_unary (p);
      else
        right = parse_primary_base (p);
      if (right == NULL)
        {
          _cq6_filter_free (f);
          return NULL;
        }
      f = _cq6_height_check (p, _cq6_node2 (CQ6_AT, right->type, colon, f, right));
    }
  return _cq6_height_check (p, _cq6_parse_string_postfix (p, start, f));
}

Cq6Filter *
_cq6_parse_direction (Cq6Parser *p)
{
  return _cq6_parse_primary (p);
}

static Cq6Filter *
parse_attacks (Cq6Parser *p)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = _cq6_parse_direction (p);

  /* CQL 6.2 also spells them `attack` and `attacked by`. */
  while (left != NULL && (_cq6_is_word (_cq6_peek (p), "attacks")
                          || _cq6_is_word (_cq6_peek (p), "attack")
                          || _cq6_is_word (_cq6_peek (p), "attackedby")
                          || (_cq6_is_word (_cq6_peek (p), "attacked")
                              && _cq6_is_word (_cq6_peek_at (p, 1), "by")))
         && left_fits (p, at, left, CQ6_TYPE_SET))
    {
      Cq6Token *op = _cq6_advance (p);
      gboolean attacks = strcmp (op->text, "attacks") == 0 || strcmp (op->text, "attack") == 0;
      Cq6Token *rat;
      Cq6Filter *right;

      if (strcmp (op->text, "attacked") == 0)
        _cq6_advance (p); /* by */
      rat = _cq6_peek (p);

      right = _cq6_want_type (p, rat, _cq6_parse_direction (p), CQ6_TYPE_SET, op->text);
      if (right == NULL)
        {
          _cq6_filter_free (left);
          return NULL;
        }
      left = _cq6_height_check (p, _cq6_node2 (attacks ? CQ6_ATTACKS : CQ6_ATTACKEDBY,
                                               CQ6_TYPE_SET, op, left, right));
    }
  return left;
}

static Cq6Filter *
parse_set_binary (Cq6Parser *p, const char *op, Cq6Kind kind, Cq6Filter *(*next) (Cq6Parser *))
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = next (p);

  while (left != NULL && _cq6_is_punct (_cq6_peek (p), op))
    {
      Cq6Token *t;
      Cq6Token *rat;
      Cq6Filter *right;
      g_autofree char *where = g_strdup_printf ("`%s`", op);

      if (kind == CQ6_INTERSECTION && left->type == CQ6_TYPE_POSITION)
        {
          /* `x & y` of two positions: the squares where they agree (echo). */
          t = _cq6_advance (p);
          rat = _cq6_peek (p);
          right = _cq6_want_type (p, rat, next (p), CQ6_TYPE_POSITION, where);
          if (right == NULL)
            {
              _cq6_filter_free (left);
              return NULL;
            }
          left = _cq6_height_check (p, _cq6_node2 (CQ6_POSITION_AND, CQ6_TYPE_SET, t,
                                                   left, right));
          continue;
        }
      if (!left_fits (p, at, left, CQ6_TYPE_SET))
        break;
      t = _cq6_advance (p);
      rat = _cq6_peek (p);
      right = _cq6_want_type (p, rat, next (p), CQ6_TYPE_SET, where);
      if (right == NULL)
        {
          _cq6_filter_free (left);
          return NULL;
        }
      left = _cq6_height_check (p, _cq6_node2 (kind, CQ6_TYPE_SET, t, left, right));
    }
  return left;
}

static Cq6Filter *
parse_intersection (Cq6Parser *p)
{
  return parse_set_binary (p, "&", CQ6_INTERSECTION, parse_attacks);
}

static Cq6Filter *
parse_bar (Cq6Parser *p)
{
  return parse_set_binary (p, "|", CQ6_UNION, parse_intersection);
}

/* A set expression, as CQL 6.2 reads the argument of `#`, power, focus...:
 * unions, and below them the attack arrows `->` and `<-` (→ ←, attacks
 * and attackedby, ruling 6), whose sides are unions: `T -> X | k` is `T
 * -> (X | k)`.  A chain of the same arrow (`A -> B -> C`, `A <- B <- C`)
 * is an attack ray, as CQL 6.2 reads it: an `xray` along the lines a
 * queen, rook or bishop slides on, from the first set to the last for
 * `->` and from the last to the first for `<-`; its value is always the
 * squares of the first set written that are on such a line. */
static Cq6Filter *
parse_arrows (Cq6Parser *p)
{
  Cq6Token *at = _cq6_peek (p), *op;
  Cq6Filter *left = parse_bar (p), *f;
  GPtrArray *sides;
  gboolean attacks;

  if (left == NULL
      || !(_cq6_is_punct (_cq6_peek (p), "->") || _cq6_is_punct (_cq6_peek (p), "<-"))
      || !left_fits (p, at, left, CQ6_TYPE_SET))
    return left;
  op = _cq6_advance (p);
  attacks = strcmp (op->text, "->") == 0;
  sides = g_ptr_array_new ();
  g_ptr_array_add (sides, left);
  for (;;)
    {
      Cq6Token *rat = _cq6_peek (p);
      Cq6Filter *right;

      if (sides->len == 16)
        {
          _cq6_fail_at (p, rat, CQ_QUERY_ERROR_UNSUPPORTED,
                        "a chain of more than 16 attack arrows is not supported");
          right = NULL;
        }
      else
        right = _cq6_want_type (p, rat, parse_bar (p), CQ6_TYPE_SET, op->text);
      if (right == NULL)
        {
          for (guint i = 0; i < sides->len; i++)
            _cq6_filter_free (sides->pdata[i]);
          g_ptr_array_free (sides, TRUE);
          return NULL;
        }
      g_ptr_array_add (sides, right);
      /* Only the same arrow continues the chain. */
      if (!_cq6_is_punct (_cq6_peek (p), op->text))
        break;
      _cq6_advance (p);
    }
  if (sides->len == 2)
    f = _cq6_node2 (attacks ? CQ6_ATTACKS : CQ6_ATTACKEDBY, CQ6_TYPE_SET, op,
                    sides->pdata[0], sides->pdata[1]);
  else
    {
      f = _cq6_node (CQ6_RAY, CQ6_TYPE_SET, op);
      f->which = CQ6_RAY_XRAY | (attacks ? CQ6_RAY_STARTS : 0);
      f->directions = CQ_RAY_ALL;
      for (guint i = 0; i < sides->len; i++)
        _cq6_filter_add_arg (f, sides->pdata[attacks ? i : sides->len - 1 - i]);
    }
  g_ptr_array_free (sides, TRUE);
  return f;
}

Cq6Filter *
_cq6_parse_set_expression (Cq6Parser *p)
{
  return parse_arrows (p);
}

/* The set expression, then a dash filter tied to it (`Ba1--h8`, `~T--`,
 * `X[x]`: no space before the dash), whose from-set is the whole set
 * expression, as CQL 6.2 reads a left-tied dash: `~T--` is a move of a
 * piece other than T, `parent:K--` a move from the parent's king square. */
Cq6Filter *
_cq6_parse_union (Cq6Parser *p)
{
  guint start = p->pos;
  Cq6Filter *f = parse_arrows (p);

  return f != NULL ? _cq6_height_check (p, _cq6_parse_line_infix (p, f, start)) : NULL;
}

/* # and the other prefixes whose argument is a set union. */
static Cq6Filter *
parse_count (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_punct (t, "#"))
    {
      Cq6Token *at;
      Cq6Filter *arg;

      _cq6_advance (p);
      at = _cq6_peek (p);
      arg = _cq6_parse_union (p);
      /* `#D`: the number of entries of the dictionary D. */
      if (arg != NULL && arg->kind == CQ6_DICT)
        return _cq6_dict_count (arg, t);
      /* `#` of a string is its length in bytes (CQL 6.2). */
      if (arg == NULL || arg->type != CQ6_TYPE_STRING)
        arg = _cq6_want_type (p, at, arg, CQ6_TYPE_SET, "`#`");
      return arg ? _cq6_node1 (CQ6_COUNT, CQ6_TYPE_NUMBER, t, arg) : NULL;
    }
  return _cq6_parse_union (p);
}

static Cq6Filter *
parse_unary (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_punct (t, "-"))
    {
      Cq6Token *at;
      Cq6Filter *arg;

      _cq6_advance (p);
      at = _cq6_peek (p);
      if (at->kind == CQ6_TOK_NUMBER)
        {
          Cq6Filter *f = _cq6_node (CQ6_NUMBER, CQ6_TYPE_NUMBER, t);
          f->number = -_cq6_advance (p)->number;
          return f;
        }
      if (!_cq6_nest_enter (p, t))
        return NULL;
      arg = _cq6_want_type (p, at, parse_unary (p), CQ6_TYPE_NUMBER, "unary `-`");
      _cq6_nest_leave (p);
      return arg ? _cq6_node1 (CQ6_NEGATE, CQ6_TYPE_NUMBER, t, arg) : NULL;
    }
  return parse_count (p);
}

static Cq6Filter *
parse_arith (Cq6Parser *p, const char *ops, Cq6Filter *(*next) (Cq6Parser *))
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = next (p);

  while (left != NULL && _cq6_peek (p)->kind == CQ6_TOK_PUNCT && strlen (_cq6_peek (p)->text) == 1
         && strchr (ops, _cq6_peek (p)->text[0]) != NULL)
    {
      Cq6Token *t = _cq6_peek (p);
      Cq6Token *rat;
      Cq6Filter *right;
      g_autofree char *where = g_strdup_printf ("`%s`", t->text);

      if (t->text[0] == '+' && left->type == CQ6_TYPE_STRING)
        {
          /* `S + T` joins two strings.  A number after the `+` is not
           * joined: the `+` is left to the filter around, as CQL 6.2
           * reads it (`int S + 1` adds 1 to `int S`). */
          guint before = p->pos;

          _cq6_advance (p);
          rat = _cq6_peek (p);
          right = next (p);
          if (right != NULL && right->type == CQ6_TYPE_NUMBER)
            {
              _cq6_filter_free (right);
              p->pos = before;
              break;
            }
          right = _cq6_want_type (p, rat, right, CQ6_TYPE_STRING, where);
          if (right == NULL)
            {
              _cq6_filter_free (left);
              return NULL;
            }
          left = _cq6_height_check (p, _cq6_concat (t, left, right));
          if (left == NULL)
            return NULL;
          continue;
        }
      /* CQL 6.2 reads `F - 1` after a non-numeric F as F and the number
       * -1, a filter it stops on when it matches a position: refused. */
      if (t->text[0] == '-' && left->type != CQ6_TYPE_NUMBER)
        {
          _cq6_want_type (p, at, left, CQ6_TYPE_NUMBER, where);
          return NULL;
        }
      if (!left_fits (p, at, left, CQ6_TYPE_NUMBER))
        break;
      _cq6_advance (p);
      rat = _cq6_peek (p);
      right = _cq6_want_type (p, rat, next (p), CQ6_TYPE_NUMBER, where);
      if (right == NULL)
        {
          _cq6_filter_free (left);
          return NULL;
        }
      left = _cq6_height_check (p, _cq6_node2 (CQ6_ARITH, CQ6_TYPE_NUMBER, t, left, right));
      if (left == NULL)
        return NULL;
      left->which = (guchar) t->text[0];
    }
  return left;
}

Cq6Filter *
_cq6_parse_mul (Cq6Parser *p)
{
  return parse_arith (p, "*/%", parse_unary);
}

Cq6Filter *
_cq6_parse_add (Cq6Parser *p)
{
  return parse_arith (p, "+-", _cq6_parse_mul);
}

static int
compare_op (const Cq6Token *t)
{
  /* In the order of CQ6_CMP_*. */
  static const char *const ops[] = { "<", "<=", "==", ">=", ">", "!=",
                                     "[<]", "[<=]", "[>]", "[>=]" };

  if (t->kind != CQ6_TOK_PUNCT)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (strcmp (t->text, ops[i]) == 0)
      return (int) i;
  return -1;
}

/* A set compared with a number stands for its number of squares (ruling
 * 4): `P > 5` is `#P > 5`. */
static Cq6Filter *
count_if_set (Cq6Filter *f, const Cq6Token *at)
{
  if (f->type != CQ6_TYPE_SET)
    return f;
  return _cq6_node1 (CQ6_COUNT, CQ6_TYPE_NUMBER, at, f);
}

/* The comparisons, as CQL 6.2 reads them: right-associative (`a == b ==
 * c` is `a == (b == c)`), and a comparison of two numbers, two strings or
 * two positions has a value when it holds, its left side's value: `Q == q
 * == 2` counts q, then Q, and holds with two queens each.  `!=` is "not
 * ==" and a comparison of two sets is their equality: both only match or
 * not.  A logical filter has no value to compare, so an operator after one
 * is left to the enclosing filter: `find all check >= 20` compares the
 * number of positions found. */
static Cq6Filter *
parse_compare (Cq6Parser *p)
{
  Cq6Filter *left = _cq6_parse_add (p), *right, *cmp;
  Cq6Token *t, *rat;
  int op;

  if (left == NULL || left->type == CQ6_TYPE_LOGICAL || compare_op (_cq6_peek (p)) < 0)
    return left;
  t = _cq6_advance (p);
  rat = _cq6_peek (p);
  op = compare_op (t);
  right = NULL;
  if (_cq6_nest_enter (p, rat))
    {
      right = parse_compare (p);
      _cq6_nest_leave (p);
    }
  if (right == NULL)
    {
      _cq6_filter_free (left);
      return NULL;
    }
  if (left->type == CQ6_TYPE_SET && right->type == CQ6_TYPE_NUMBER)
    left = count_if_set (left, t);
  else if (left->type == CQ6_TYPE_NUMBER && right->type == CQ6_TYPE_SET)
    right = count_if_set (right, rat);
  /* Positions compare by their positionid (CQL 6 reference, "position"). */
  if (left->type != right->type || right->type == CQ6_TYPE_LOGICAL
      || (left->type == CQ6_TYPE_SET && op != CQ6_CMP_EQ && op != CQ6_CMP_NE))
    {
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` compares two numbers, two strings, two positions or (== and != "
                    "only) two sets; here it has %s and %s", t->text,
                    _cq6_type_name (left->type), _cq6_type_name (right->type));
      _cq6_filter_free (left);
      _cq6_filter_free (right);
      return NULL;
    }
  if (op >= CQ6_CMP_PRECEDES && left->type != CQ6_TYPE_POSITION)
    {
      /* CQL 6.2 accepts numbers and strings here, then stops when it
       * compares them: refused. */
      _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                    "`%s` compares two positions by the game tree; here it has %s",
                    t->text, _cq6_type_name (left->type));
      _cq6_filter_free (left);
      _cq6_filter_free (right);
      return NULL;
    }
  cmp = _cq6_node2 (CQ6_COMPARE, CQ6_TYPE_LOGICAL, t, left, right);
  cmp->which = op;
  if (left->type != CQ6_TYPE_SET && op != CQ6_CMP_NE)
    cmp->type = left->type;
  return cmp;
}

static Cq6Filter *
parse_in (Cq6Parser *p)
{
  Cq6Token *at = _cq6_peek (p);
  Cq6Filter *left = parse_compare (p);

  if (left != NULL && _cq6_is_word (_cq6_peek (p), "in"))
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Token *rat = _cq6_peek (p);
      Cq6Filter *right;

      if (left->type == CQ6_TYPE_STRING)
        {
          /* "text" in STRING: the string contains the text. */
          right = _cq6_want_type (p, rat, parse_compare (p), CQ6_TYPE_STRING, "`in`");
          return right ? _cq6_node2 (CQ6_IN, CQ6_TYPE_LOGICAL, t, left, right)
                       : (_cq6_filter_free (left), NULL);
        }
      left = _cq6_want_type (p, at, left, CQ6_TYPE_SET, "`in`");
      right = _cq6_want_type (p, rat, parse_compare (p), CQ6_TYPE_SET, "`in`");
      if (left == NULL || right == NULL)
        {
          _cq6_filter_free (left);
          _cq6_filter_free (right);
          return NULL;
        }
      return _cq6_node2 (CQ6_IN, CQ6_TYPE_LOGICAL, t, left, right);
    }
  return left;
}

Cq6Filter *
_cq6_parse_not (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (_cq6_is_word (t, "not"))
    {
      Cq6Filter *arg;

      _cq6_advance (p);
      if (!_cq6_nest_enter (p, t))
        return NULL;
      arg = _cq6_parse_not (p);
      _cq6_nest_leave (p);
      return arg ? _cq6_node1 (CQ6_NOT, CQ6_TYPE_LOGICAL, t, arg) : NULL;
    }
  return parse_in (p);
}

static Cq6Filter *
parse_logic (Cq6Parser *p, const char *word, Cq6Kind kind, Cq6Filter *(*next) (Cq6Parser *))
{
  Cq6Filter *left = next (p);

  while (left != NULL && _cq6_is_word (_cq6_peek (p), word))
    {
      Cq6Token *t = _cq6_advance (p);
      Cq6Filter *right = next (p);

      if (right == NULL)
        {
          _cq6_filter_free (left);
          return NULL;
        }
      left = _cq6_height_check (p, _cq6_node2 (kind, CQ6_TYPE_LOGICAL, t, left, right));
    }
  return left;
}

static Cq6Filter *
parse_and (Cq6Parser *p)
{
  return parse_logic (p, "and", CQ6_AND, _cq6_parse_not);
}

Cq6Filter *
_cq6_parse_filter (Cq6Parser *p)
{
  Cq6Token *t = _cq6_peek (p);

  if (!_cq6_starts_filter (t) && !_cq6_is_word (t, "not"))
    {
      fail_expected_filter (p, t);
      return NULL;
    }
  return _cq6_height_check (p, parse_logic (p, "or", CQ6_OR, parse_and));
}

Cq6Filter *
_cq6_parse_equal (Cq6Parser *p, const Cq6Token *t)
{
  Cq6Filter *f = _cq6_node (CQ6_EQUAL, CQ6_TYPE_LOGICAL, t);

  if (!_cq6_parse_arg_list (p, f, CQ6_TYPE_ANY, 2, 2, t->text))
    {
      _cq6_filter_free (f);
      return NULL;
    }
  return f;
}
