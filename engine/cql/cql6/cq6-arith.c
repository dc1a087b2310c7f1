/* cq6-arith.c: the integer operations of CQL 6 queries, checked.
 *
 * CQL 6 numbers are 64-bit signed integers here (CQL 6.2 uses 32-bit ones
 * and wraps around, or dies of SIGFPE on the smallest number divided by
 * -1: no answer to copy).  An operation whose result does not fit, such
 * as `9223372036854775807 + 1`, `-X` or `abs X` of the smallest number,
 * or that number `/ -1`, stops the search with an error naming
 * the operator and where it is written (docs/cql6-rulings.md, "integer
 * overflow"; docs/limits.md).  The binary operators, the assignments
 * `+= -= *= /= %=`, unary minus, `abs` and `sqrt` all go through here.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

/* Stops the search (the game's evaluation error, #Cq6State.error) with
 * the operation that overflowed, once; returns FALSE (no value). */
static gboolean
overflow (const Cq6Filter *f, Cq6Ctx *c, const char *op, gint64 a, gint64 b, gboolean unary)
{
  if (c->st->error != NULL)
    return FALSE;
  if (unary)
    c->st->error = g_strdup_printf ("%s:%u:%u: `%s` overflows: %s %" G_GINT64_FORMAT
                                    " is beyond the 64-bit integers a number holds, at game %"
                                    G_GUINT64_FORMAT ", position %u (positionid)",
                                    _cq6_program_filename (c->program), f->line, f->column,
                                    op, op, a, c->game->source.number, c->node->index);
  else
    c->st->error = g_strdup_printf ("%s:%u:%u: `%s` overflows: %" G_GINT64_FORMAT " %s %"
                                    G_GINT64_FORMAT " is beyond the 64-bit integers a number "
                                    "holds, at game %" G_GUINT64_FORMAT ", position %u "
                                    "(positionid)", _cq6_program_filename (c->program),
                                    f->line, f->column, op, a, op, b,
                                    c->game->source.number, c->node->index);
  return FALSE;
}

gboolean
_cq6_arith (const Cq6Filter *f, Cq6Ctx *c, char op, gint64 a, gint64 b, gint64 *out)
{
  gboolean over;

  switch (op)
    {
    case '+':
      over = __builtin_add_overflow (a, b, out);
      break;
    case '-':
      over = __builtin_sub_overflow (a, b, out);
      break;
    case '*':
      over = __builtin_mul_overflow (a, b, out);
      break;
    case '/':
    case '%':
      /* Division by zero has no value (ruling 4).  The smallest number
       * divided by -1 is one past the largest; its remainder is 0, worked
       * out apart because the machine's division traps on it. */
      if (b == 0)
        return FALSE;
      over = op == '/' && a == G_MININT64 && b == -1;
      if (!over)
        *out = b == -1 ? (op == '/' ? -a : 0) : op == '/' ? a / b : a % b;
      break;
    default:
      g_return_val_if_reached (FALSE);
    }
  if (over)
    {
      /* The assignments name their operator as written: `+=`. */
      char name[] = { op, f->kind == CQ6_ASSIGN ? '=' : '\0', '\0' };

      return overflow (f, c, name, a, b, FALSE);
    }
  return TRUE;
}

gboolean
_cq6_negate (const Cq6Filter *f, Cq6Ctx *c, gint64 a, gint64 *out)
{
  if (a == G_MININT64)
    return overflow (f, c, "-", a, 0, TRUE);
  *out = -a;
  return TRUE;
}

gboolean
_cq6_abs (const Cq6Filter *f, Cq6Ctx *c, gint64 a, gint64 *out)
{
  if (a == G_MININT64)
    return overflow (f, c, "abs", a, 0, TRUE);
  *out = a < 0 ? -a : a;
  return TRUE;
}

gint64
_cq6_isqrt (gint64 n)
{
  guint64 rest = (guint64) n, root = 0, bit = G_GUINT64_CONSTANT (1) << 62;

  g_return_val_if_fail (n >= 0, 0);
  /* Digit by digit in base 4, exact in integers (no rounding of a
   * double): 32 rounds at most.  Each round decides one bit of the root;
   * @bit is the square of that bit's weight. */
  while (bit > rest)
    bit >>= 2;
  while (bit != 0)
    {
      if (rest >= root + bit)
        {
          rest -= root + bit;
          root = (root >> 1) + bit;
        }
      else
        root >>= 1;
      bit >>= 2;
    }
  return (gint64) root;
}
