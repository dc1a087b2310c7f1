/* cq6-index.c: the necessary condition on a game's summary of a
 * CQL 6 query (cq_query_get_index_condition(), docs/index.md), and
 * whether a query reads only a game's tree or main line
 * (cq_query_reads_only_tree(), cq_query_reads_only_mainline()).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two passes over the compiled filter tree.
 *
 * The first asks whether evaluating a game that does not match could
 * leave a trace: a message, a persistent variable or dictionary, a file,
 * a failed `assert`, or a run-time error that stops the whole search (an
 * arithmetic overflow, a regular expression that gives up, a runaway
 * loop, too many strings or comments in a game).  It is a whitelist: a
 * filter kind this file has not examined leaves a possible trace, and
 * then the condition of the whole query is "true".  The errors that
 * depend on a game's size alone (the stack budget of `line` and `path`,
 * the text budget of comments) are bounded by #CQ_SUMMARY_LONG: such
 * games are always read, so the others have at most
 * #CQ_SUMMARY_LONG_POSITIONS positions.
 *
 * The second derives, filter by filter, what must hold somewhere in the
 * game's tree for the body to match at one of its positions: every
 * position the evaluator looks at (the current one, `x : F`'s, `find`'s,
 * a `line`'s route) is a position of the game, whose summary covers them
 * all.  Any filter not reasoned about here gives "true".
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cql/cql6/cq6-private.h"

/* Every #CqPiece, the empty square included. */
#define ALL_CONTENTS ((guint16) ((1u << CQ_N_PIECES) - 1))

/* "No bound" for the number of times a filter may run at one position. */
#define UNBOUNDED G_MAXUINT32

/* The text `comment` may write per position of a game that is not
 * #CQ_SUMMARY_LONG, so that a game's comments stay well within
 * CQ6_MAX_GAME_TEXT_BYTES. */
#define TEXT_PER_POSITION (CQ6_MAX_GAME_TEXT_BYTES / CQ_SUMMARY_LONG_POSITIONS / 2)

/* How many times a filter under a loop of @n rounds runs, for one run of
 * the loop. */
static guint64
times (guint64 mult, guint64 n)
{
  return mult >= UNBOUNDED / n ? UNBOUNDED : mult * n;
}

static gboolean
var_is_plain (const Cq6Program *prog, guint which)
{
  const Cq6Var *var;

  if (prog->vars == NULL || which >= prog->vars->len)
    return FALSE;
  var = prog->vars->pdata[which];
  return !var->persistent && var->dict == NULL;
}

/* Numbers: a bound on the magnitude of a number filter's value, so that
 * arithmetic that cannot overflow is known to leave no trace.  A value
 * past #BIG has no bound known. */
#define BIG 4.0e18

/* How many times one game's evaluation may run an assignment: far more
 * than a search can do in any time (5,000 positions times four nested
 * loops of 64 rounds is 2^37). */
#define MAX_RUNS 1.1e12

typedef struct {
  const Cq6Program *prog;
  double           *var_bound; /* per variable, BIG when not known */
  guint             tag_strings; /* tag filters met that copy a tag's value */
} Bounds;

static double
number_bound (const Bounds *b, const Cq6Filter *f)
{
  double x, y;

  if (f == NULL)
    return BIG;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_NUMBER:
      return fabs ((double) f->number);
    case CQ6_SIDETOMOVE:
    case CQ6_COLOR:
      return 1;
    case CQ6_FILE:
    case CQ6_RANK:
      return 8;
    case CQ6_PIECENAME:
      return 6;
    case CQ6_COUNT:
      return 64;
    case CQ6_POWER:
      return 64 * 9;
    case CQ6_MOVENUMBER:
    case CQ6_PLY:
    case CQ6_POSITIONID:
    case CQ6_DEPTH:
    case CQ6_DISTANCE:
      return 4294967296.0;
    case CQ6_VARIABLE:
      return f->type == CQ6_TYPE_NUMBER && f->which < b->prog->vars->len
             ? b->var_bound[f->which] : BIG;
    case CQ6_ARITH:
      if (f->n_args != 2)
        return BIG;
      x = number_bound (b, f->args[0]);
      y = number_bound (b, f->args[1]);
      switch (f->which)
        {
        case '+': case '-': return x + y;
        case '*': return x * y;
        case '/': case '%': return x; /* by 0: no value */
        default: return BIG;
        }
    case CQ6_NEGATE:
    case CQ6_ABS:
      return f->n_args == 1 ? number_bound (b, f->args[0]) : BIG;
    case CQ6_MAX:
    case CQ6_MIN:
      x = 0;
      for (guint i = 0; i < f->n_args; i++)
        x = MAX (x, number_bound (b, f->args[i]));
      return x;
    default:
      return BIG;
    }
}

/* Whether the variable @var of a CQ6_ASSIGN is a number. */
static gboolean
assigns_number (const Bounds *b, const Cq6Filter *f)
{
  const Cq6Var *var = b->prog->vars->pdata[f->which];

  return var->type == CQ6_TYPE_NUMBER && !var->piece;
}

/* One round of the bounds of the number variables: a variable only set
 * by `=` to bounded values, and by `+=`, `-=` of bounded values at most
 * MAX_RUNS times, is bounded; a variable set otherwise is not. */
static void
bound_assignments (Bounds *b, const Cq6Filter *f, double *next)
{
  if (f == NULL)
    return;
  if (f->kind == CQ6_ASSIGN && f->which < b->prog->vars->len && assigns_number (b, f))
    {
      double x = f->n_args == 1 ? number_bound (b, f->args[0]) : BIG;

      if (f->number == '+' || f->number == '-')
        x *= MAX_RUNS;
      else if (f->number != '=')
        x = BIG;
      next[f->which] = MAX (next[f->which], MIN (x, BIG));
    }
  else if ((f->kind == CQ6_SUBSTRING_ASSIGN || f->kind == CQ6_SQUARE_LOOP
            || f->kind == CQ6_PIECE_LOOP || f->kind == CQ6_UNBIND)
           && f->which < b->prog->vars->len)
    {
      /* Not a number's assignment; a number variable so used is unknown. */
      if (((const Cq6Var *) b->prog->vars->pdata[f->which])->type == CQ6_TYPE_NUMBER)
        next[f->which] = BIG;
    }
  for (guint i = 0; i < f->n_args; i++)
    bound_assignments (b, f->args[i], next);
}

/* The least bounds of the variables: from "none known", each round knows
 * the variables set only from values known the round before. */
static void
bounds_init (Bounds *b, const Cq6Program *prog)
{
  guint n = prog->vars != NULL ? prog->vars->len : 0;
  g_autofree double *next = g_new (double, n + 1);

  b->prog = prog;
  b->tag_strings = 0;
  b->var_bound = g_new (double, n + 1);
  for (guint i = 0; i < n; i++)
    b->var_bound[i] = BIG;
  for (guint round = 0; round <= n; round++)
    {
      gboolean changed = FALSE;

      for (guint i = 0; i < n; i++)
        next[i] = 0;
      bound_assignments (b, prog->body, next);
      for (guint i = 0; i < n; i++)
        if (next[i] < b->var_bound[i])
          b->var_bound[i] = next[i], changed = TRUE;
      if (!changed)
        break;
    }
}

/* The most bytes a part of a `comment` may write, or -1 when unknown. */
static gint64
comment_part_bytes (const Cq6Filter *part)
{
  if (part == NULL)
    return 0;
  if (part->kind == CQ6_STRING)
    return part->string != NULL ? (gint64) strlen (part->string) : 0;
  switch ((Cq6Type) part->type)
    {
    case CQ6_TYPE_SET:
      return 64 * 3 + 4;
    case CQ6_TYPE_NUMBER:
      return 24;
    case CQ6_TYPE_POSITION:
    case CQ6_TYPE_LOGICAL:
      return 128;
    default:
      return -1;
    }
}

/* Whether evaluating @f (run at most @mult times per position examined)
 * can leave no trace of a game that does not match.  Adds to *@text the
 * most bytes its comments write per position. */
static gboolean
leaves_no_trace (Bounds *b, const Cq6Filter *f, guint64 mult, guint64 *text)
{
  const Cq6Program *prog = b->prog;
  guint64 inner = mult;

  if (f == NULL)
    return TRUE;
  switch ((Cq6Kind) f->kind)
    {
      /* Values, logic, the position, sets, numbers, tags: read only. */
    case CQ6_DESIGNATOR: case CQ6_NUMBER: case CQ6_STRING:
    case CQ6_COMPOUND: case CQ6_AND: case CQ6_OR: case CQ6_NOT: case CQ6_IF:
    case CQ6_TRUE: case CQ6_FALSE:
    case CQ6_CHECK: case CQ6_MATE: case CQ6_STALEMATE: case CQ6_WTM: case CQ6_BTM:
    case CQ6_SIDETOMOVE: case CQ6_COLOR: case CQ6_INITIAL: case CQ6_TERMINAL:
    case CQ6_MAINLINE: case CQ6_VARIATION: case CQ6_MOVENUMBER: case CQ6_PLY:
    case CQ6_UNION: case CQ6_INTERSECTION: case CQ6_COMPLEMENT: case CQ6_IN:
    case CQ6_EQUAL: case CQ6_COUNT: case CQ6_ATTACKS: case CQ6_ATTACKEDBY:
    case CQ6_BETWEEN: case CQ6_DIRECTION: case CQ6_LIGHT: case CQ6_DARK:
    case CQ6_PAWNS: case CQ6_PIN: case CQ6_RAY: case CQ6_MAKESQUARE:
    case CQ6_FILE: case CQ6_RANK: case CQ6_MATE_FAMILY: case CQ6_PIECENAME:
    case CQ6_COMPARE: case CQ6_MAX: case CQ6_MIN: case CQ6_POWER:
    case CQ6_GAMENUMBER: case CQ6_ELO: case CQ6_YEAR:
    case CQ6_RESULT: case CQ6_CURRENTMOVE:
    case CQ6_ORBIT: case CQ6_NOTRANSFORM: case CQ6_LASTGAMENUMBER:
    case CQ6_PIECEID: case CQ6_CALL:
    case CQ6_AT: case CQ6_CURRENT: case CQ6_PARENT: case CQ6_CHILD:
    case CQ6_POSITION_BY_ID: case CQ6_POSITIONID: case CQ6_DEPTH:
    case CQ6_ANCESTOR: case CQ6_DESCENDANT: case CQ6_LCA: case CQ6_DISTANCE:
    case CQ6_VIRTUALMAINLINE: case CQ6_TRY: case CQ6_POSITION_AND:
    case CQ6_DASH: case CQ6_PATHSTART: case CQ6_PATHCOUNT: case CQ6_PATHLASTPOSITION:
    case CQ6_LINE_SEQ: case CQ6_LINE_REPEAT:
      /* `sort` keeps its values for a matching game only. */
    case CQ6_SORT:
      break;

      /* A tag's value (up to CQ_GAME_MAX_TEXT) may be copied into the
       * strings made at a position, which stop the search past
       * CQ6_MAX_POSITION_STRING_BYTES: one such filter, run once. */
    case CQ6_TAG:
    case CQ6_PLAYER:
      if (mult > 1 || ++b->tag_strings * CQ_GAME_MAX_TEXT >= CQ6_MAX_POSITION_STRING_BYTES)
        return FALSE;
      break;

      /* `move ... comment (...)` writes at every move that passes. */
    case CQ6_MOVE:
      if (f->n_args > 4 && f->args[4] != NULL)
        inner = UNBOUNDED;
      break;

      /* Arithmetic stops the search when it overflows. */
    case CQ6_ARITH:
    case CQ6_NEGATE:
    case CQ6_ABS:
      if (number_bound (b, f) >= BIG / 2)
        return FALSE;
      break;

      /* Variables: only the game's own (no persistent one, no dictionary). */
    case CQ6_VARIABLE:
    case CQ6_UNBIND:
      if (!var_is_plain (prog, f->which))
        return FALSE;
      break;
    case CQ6_ISBOUND:
      if (f->which != G_MAXUINT32 && !var_is_plain (prog, f->which))
        return FALSE;
      break;
    case CQ6_ASSIGN:
      /* `x = F`; a set's other operators; a number's `+=`, `-=`... that
       * cannot overflow (its bound is known). */
      if (!var_is_plain (prog, f->which))
        return FALSE;
      if (f->number != '=' && !(f->type == CQ6_TYPE_LOGICAL
                                && ((const Cq6Var *) prog->vars->pdata[f->which])->type
                                   == CQ6_TYPE_SET)
          && !(assigns_number (b, f) && b->var_bound[f->which] < BIG / 2))
        return FALSE;
      break;
    case CQ6_SQUARE_LOOP:
    case CQ6_PIECE_LOOP:
      if (!var_is_plain (prog, f->which))
        return FALSE;
      inner = times (mult, 64);
      break;

      /* Filters that look at other positions run their arguments at
       * many positions, without a bound this file keeps. */
    case CQ6_FIND:
    case CQ6_LINE:
      inner = UNBOUNDED;
      break;
    case CQ6_ECHO:
      if (!var_is_plain (prog, f->which & 0xffff) || !var_is_plain (prog, f->which >> 16))
        return FALSE;
      inner = UNBOUNDED;
      break;

      /* Comments are written only for a matching game, but too many of
       * them stop the search: their text per position is bounded. */
    case CQ6_COMMENT:
      {
        guint64 bytes = 0;

        for (guint i = 0; i < f->n_args; i++)
          {
            gint64 b = comment_part_bytes (f->args[i]);

            if (b < 0)
              return FALSE;
            bytes += (guint64) b + 1;
          }
        if (mult == UNBOUNDED || bytes > TEXT_PER_POSITION)
          return FALSE;
        *text += mult * bytes;
        if (*text > TEXT_PER_POSITION)
          return FALSE;
        break;
      }

      /* Messages, files, asserts, dictionaries, strings that may grow,
       * regular expressions, loops without a bound, and whatever this file
       * has not examined. */
    default:
      return FALSE;
    }

  for (guint i = 0; i < f->n_args; i++)
    if (!leaves_no_trace (b, f->args[i], inner, text))
      return FALSE;
  return TRUE;
}

/* The promotion flags of a designator of piece types (either colour). */
static guint32
promotion_flags (const Cq6Filter *types)
{
  static const guint32 flag_of[] = {
    [CQ_KNIGHT] = CQ_SUMMARY_PROMOTE_KNIGHT, [CQ_BISHOP] = CQ_SUMMARY_PROMOTE_BISHOP,
    [CQ_ROOK] = CQ_SUMMARY_PROMOTE_ROOK, [CQ_QUEEN] = CQ_SUMMARY_PROMOTE_QUEEN,
  };
  guint32 flags = 0;

  for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
    if (types->designator.pieces & CQ_PIECE_BIT (p))
      {
        CqPieceType t = CQ_PIECE_TYPE (p);

        if (t >= CQ_KNIGHT && t <= CQ_QUEEN)
          flags |= flag_of[t];
      }
  return flags;
}

/* Some promotion to one of @flags's types: the union of their flags. */
static CqIndexCondition *
any_flag (guint32 flags)
{
  CqIndexCondition *c = cq_index_condition_new_false ();

  for (guint32 bit = 1; bit != 0 && bit <= flags; bit <<= 1)
    if (flags & bit)
      c = cq_index_condition_or (c, cq_index_condition_new_flags (bit));
  return c;
}

static CqIndexCondition *condition_of (const Cq6Filter *f);

/* The conjunction of the conditions of @f's arguments from @first on. */
static CqIndexCondition *
all_args (const Cq6Filter *f, guint first)
{
  CqIndexCondition *c = cq_index_condition_new_true ();

  for (guint i = first; i < f->n_args; i++)
    if (f->args[i] != NULL)
      c = cq_index_condition_and (c, condition_of (f->args[i]));
  return c;
}

/* The side-to-move flags a compound or `and` @f needs: its parts all
 * test one position, so with `wtm` (or `btm`) among them, a `mate`,
 * `stalemate` or `check` among them needs one with that side to move
 * (`mate wtm`: a position where White is mated).  0 if none. */
static guint32
side_to_move_flags (const Cq6Filter *f)
{
  guint32 flags = 0;
  int side = -1;

  for (guint i = 0; i < f->n_args; i++)
    if (f->args[i] != NULL && (f->args[i]->kind == CQ6_WTM || f->args[i]->kind == CQ6_BTM))
      {
        int this = f->args[i]->kind == CQ6_WTM ? CQ_WHITE : CQ_BLACK;

        if (side >= 0 && side != this)
          return 0;   /* never matches; not worth a flag */
        side = this;
      }
  if (side < 0)
    return 0;
  for (guint i = 0; i < f->n_args; i++)
    {
      const Cq6Filter *a = f->args[i];

      if (a == NULL)
        continue;
      if (a->kind == CQ6_CHECK)
        flags |= CQ_SUMMARY_CHECK_WTM << side;
      else if (a->kind == CQ6_MATE
               || (a->kind == CQ6_MATE_FAMILY && a->which < CQ6_MATEF_PURESTALEMATE))
        flags |= CQ_SUMMARY_MATE_WTM << side;
      else if (a->kind == CQ6_STALEMATE || a->kind == CQ6_MATE_FAMILY)
        flags |= CQ_SUMMARY_STALEMATE_WTM << side;
    }
  return flags;
}

static gboolean
is_count_of_designator (const Cq6Filter *f)
{
  return f != NULL && (f->kind == CQ6_COUNT || f->kind == CQ6_POWER) && f->n_args == 1
         && f->args[0] != NULL && f->args[0]->kind == CQ6_DESIGNATOR
         && f->args[0]->designator.tag < 0;
}

/* `#D op n` or `power D op n` (either order). */
static CqIndexCondition *
compare_condition (const Cq6Filter *f)
{
  static const int swapped[] = {
    [CQ6_CMP_LT] = CQ6_CMP_GT, [CQ6_CMP_LE] = CQ6_CMP_GE, [CQ6_CMP_EQ] = CQ6_CMP_EQ,
    [CQ6_CMP_GE] = CQ6_CMP_LE, [CQ6_CMP_GT] = CQ6_CMP_LT, [CQ6_CMP_NE] = CQ6_CMP_NE,
  };
  const Cq6Filter *count, *number;
  int op = (int) f->which;
  const CqDesignator *d;
  gint64 lo = G_MININT64, hi = G_MAXINT64, n;
  CqIndexCondition *c;

  if (op > CQ6_CMP_NE || f->n_args != 2)
    return cq_index_condition_new_true ();
  count = f->args[0], number = f->args[1];
  if (is_count_of_designator (number) && count != NULL && count->kind == CQ6_NUMBER)
    {
      count = f->args[1], number = f->args[0];
      op = swapped[op];
    }
  if (!is_count_of_designator (count) || number == NULL || number->kind != CQ6_NUMBER)
    return cq_index_condition_new_true ();
  n = number->number;
  if (n < -1000 || n > 1000)
    return cq_index_condition_new_true ();
  switch (op)
    {
    case CQ6_CMP_LT: hi = n - 1; break;
    case CQ6_CMP_LE: hi = n; break;
    case CQ6_CMP_EQ: lo = hi = n; break;
    case CQ6_CMP_GE: lo = n; break;
    case CQ6_CMP_GT: lo = n + 1; break;
    default: return cq_index_condition_new_true ();
    }
  if (hi < 0)
    return cq_index_condition_new_false (); /* counts and powers are never negative */

  d = &count->args[0]->designator;
  c = cq_index_condition_new_true ();
  if (count->kind == CQ6_POWER)
    {
      /* The pieces with a value (no king): a power of at least @lo needs
       * at least lo / (the highest value) of them. */
      static const gint64 value[] = { 0, 1, 3, 3, 5, 9, 0 };
      guint16 valued = 0;
      gint64 top = 0;

      for (guint p = CQ_WP; p < CQ_N_PIECES; p++)
        if ((d->pieces & CQ_PIECE_BIT (p)) && value[CQ_PIECE_TYPE (p)] > 0)
          {
            valued |= CQ_PIECE_BIT (p);
            top = MAX (top, value[CQ_PIECE_TYPE (p)]);
          }
      if (lo >= 1)
        {
          if (valued == 0)
            {
              cq_index_condition_free (c);
              return cq_index_condition_new_false ();
            }
          c = cq_index_condition_and (c, cq_index_condition_new_count_at_least (
                                             valued, (guint) ((lo + top - 1) / top)));
          c = cq_index_condition_and (c, cq_index_condition_new_squares (valued, d->squares));
        }
      return c;
    }
  if (lo >= 1)
    {
      /* At least @lo on the designator's squares: at least @lo in all,
       * and one on those squares. */
      c = cq_index_condition_and (c, cq_index_condition_new_count_at_least (d->pieces,
                                                                            (guint) lo));
      c = cq_index_condition_and (c, cq_index_condition_new_squares (d->pieces, d->squares));
    }
  if (hi < 64 && d->squares == G_MAXUINT64)
    c = cq_index_condition_and (c, cq_index_condition_new_count_at_most (d->pieces, (guint) hi));
  return c;
}

/* `move ...`: the game's moves from the position (or the one that led
 * to it, `previous`); `legal` and `pseudolegal` moves need not be
 * played, and only the squares' designators, read in a position of the
 * game, count then. */
static CqIndexCondition *
move_condition (const Cq6Filter *f)
{
  static const guint set_args[] = { 0, 1, 2, 5 };
  CqIndexCondition *c = cq_index_condition_new_true ();
  guint32 flags = 0;

  /* A count of moves has a value (0) when none passes. */
  if (f->which & CQ6_MOVE_COUNT)
    return c;
  for (guint i = 0; i < G_N_ELEMENTS (set_args); i++)
    if (set_args[i] < f->n_args && f->args[set_args[i]] != NULL)
      c = cq_index_condition_and (c, condition_of (f->args[set_args[i]]));
  if (f->which & (CQ6_MOVE_LEGAL | CQ6_MOVE_PSEUDOLEGAL))
    return c;
  if (f->which & CQ6_MOVE_CASTLE)
    flags |= CQ_SUMMARY_CASTLE;
  if (f->which & CQ6_MOVE_ENPASSANT)
    flags |= CQ_SUMMARY_EN_PASSANT;
  if (f->which & CQ6_MOVE_NULL)
    flags |= CQ_SUMMARY_NULL_MOVE;
  if (f->n_args > 2 && f->args[2] != NULL)
    flags |= CQ_SUMMARY_CAPTURE;
  if (f->which & CQ6_MOVE_SECONDARY)
    flags |= CQ_SUMMARY_VARIATIONS;
  c = cq_index_condition_and (c, cq_index_condition_new_flags (flags));
  if (f->n_args > 3 && f->args[3] != NULL && f->args[3]->kind == CQ6_DESIGNATOR)
    c = cq_index_condition_and (c, any_flag (promotion_flags (f->args[3])));
  return c;
}

/* A dash filter (`X--Y`, `[x]`, `--=Q`, `-- F`, in a path or not): a move
 * of the game from a square of X to one of Y (both read in a position of
 * the game, so neither is empty there) of the kind asked, and F in the
 * position it leads to.  A count of moves has a value when none passes;
 * legal and pseudo-legal moves need not be played. */
static CqIndexCondition *
dash_condition (const Cq6Filter *f)
{
  CqIndexCondition *c = cq_index_condition_new_true ();

  if (f->which & (CQ6_DASH_COUNT | CQ6_DASH_LEGAL | CQ6_DASH_PSEUDOLEGAL))
    return c;
  for (guint i = 0; i < f->n_args && i < 4; i++)
    if (i != 2 && f->args[i] != NULL)
      c = cq_index_condition_and (c, condition_of (f->args[i]));
  if (f->which & CQ6_DASH_CAPTURE)
    c = cq_index_condition_and (c, cq_index_condition_new_flags (CQ_SUMMARY_CAPTURE));
  if (f->n_args > 2 && f->args[2] != NULL && f->args[2]->kind == CQ6_DESIGNATOR)
    c = cq_index_condition_and (c, any_flag (promotion_flags (f->args[2])));
  return c;
}

/* What must hold in some position of the game for @f to match at one of
 * its positions. */
static CqIndexCondition *
condition_of (const Cq6Filter *f)
{
  CqIndexCondition *c;

  if (f == NULL)
    return cq_index_condition_new_true ();
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_DESIGNATOR:
      /* A set matches where it is not empty.  A `$name[...]` designator
       * names a piece by a tag: not reasoned about. */
      if (f->designator.tag >= 0)
        return cq_index_condition_new_true ();
      /* Every content of a square (`[a-h1-8]`-like sets): never empty. */
      if ((f->designator.pieces & ALL_CONTENTS) == ALL_CONTENTS && f->designator.squares != 0)
        return cq_index_condition_new_true ();
      return cq_index_condition_new_squares (f->designator.pieces, f->designator.squares);
    case CQ6_FALSE:
      return cq_index_condition_new_false ();
    case CQ6_COMPOUND:
    case CQ6_AND:
      c = all_args (f, 0);
      if (side_to_move_flags (f) != 0)
        c = cq_index_condition_and (c, cq_index_condition_new_flags (side_to_move_flags (f)));
      return c;
    case CQ6_CALL: /* the arguments' assignments, then the body */
    case CQ6_RAY:  /* each set meets the line */
    case CQ6_INTERSECTION:
    case CQ6_ATTACKS:
    case CQ6_ATTACKEDBY:
    case CQ6_LINE_SEQ:
    case CQ6_SORT: /* fails where its argument does */
      return all_args (f, 0);
    case CQ6_OR:
    case CQ6_UNION:
      if (f->n_args != 2)
        return cq_index_condition_new_true ();
      return cq_index_condition_or (condition_of (f->args[0]), condition_of (f->args[1]));
    case CQ6_IF:
      /* Without `else` a failed condition may still match. */
      if (f->n_args < 3 || f->args[2] == NULL)
        return cq_index_condition_new_true ();
      c = cq_index_condition_and (condition_of (f->args[0]), condition_of (f->args[1]));
      return cq_index_condition_or (c, condition_of (f->args[2]));
    case CQ6_CHECK:
      return cq_index_condition_new_flags (CQ_SUMMARY_CHECK);
    case CQ6_MATE:
      return cq_index_condition_new_flags (CQ_SUMMARY_MATE);
    case CQ6_STALEMATE:
      return cq_index_condition_new_flags (CQ_SUMMARY_STALEMATE);
    case CQ6_MATE_FAMILY:
      return cq_index_condition_new_flags (f->which < CQ6_MATEF_PURESTALEMATE
                                           ? CQ_SUMMARY_MATE : CQ_SUMMARY_STALEMATE);
    case CQ6_VARIATION:
      return cq_index_condition_new_flags (CQ_SUMMARY_VARIATIONS);
    case CQ6_LIGHT:
    case CQ6_DARK:
    case CQ6_DIRECTION:
      /* Squares of (or reached from) its argument's: not empty only
       * where that is not. */
      return f->n_args >= 1 ? condition_of (f->args[0]) : cq_index_condition_new_true ();
    case CQ6_PAWNS:
      return cq_index_condition_new_squares (CQ_PIECE_BIT (CQ_WP) | CQ_PIECE_BIT (CQ_BP),
                                             G_MAXUINT64);
    case CQ6_COMPARE:
      return compare_condition (f);
    case CQ6_ORBIT:
      /* A union of the images: some image matches.  The count form
       * matches with none when its range admits 0. */
      if ((f->which & CQ6_ORBIT_COUNT) && f->range_min <= 0)
        return cq_index_condition_new_true ();
      c = cq_index_condition_new_false ();
      for (guint i = 0; i < f->n_args; i++)
        c = cq_index_condition_or (c, condition_of (f->args[i]));
      return c;
    case CQ6_NOTRANSFORM:
      return f->n_args >= 1 ? condition_of (f->args[0]) : cq_index_condition_new_true ();
    case CQ6_MOVE:
      return move_condition (f);
    case CQ6_DASH:
      return dash_condition (f);
    case CQ6_CURRENTMOVE:
      switch (f->which)
        {
        case CQ6_CURMOVE_SECONDARY:
          return cq_index_condition_new_flags (CQ_SUMMARY_VARIATIONS);
        case CQ6_CURMOVE_ENPASSANT:
          return cq_index_condition_new_flags (CQ_SUMMARY_EN_PASSANT);
        case CQ6_CURMOVE_NULL:
          return cq_index_condition_new_flags (CQ_SUMMARY_NULL_MOVE);
        case CQ6_CURMOVE_CASTLE:
        case CQ6_CURMOVE_OO:
        case CQ6_CURMOVE_OOO:
          return cq_index_condition_new_flags (CQ_SUMMARY_CASTLE);
        default:
          return cq_index_condition_new_true ();
        }
    case CQ6_AT:
      /* `x : F`: F at a position of the game. */
      return f->n_args >= 2 ? condition_of (f->args[1]) : cq_index_condition_new_true ();
    case CQ6_FIND:
      /* At a position of the game; a count range may admit none. */
      if ((f->which & CQ6_FIND_RANGE) && f->range_min <= 0)
        return cq_index_condition_new_true ();
      return f->n_args >= 1 ? condition_of (f->args[0]) : cq_index_condition_new_true ();
    case CQ6_LINE:
      /* The constituents along a route of the game's positions; a range
       * of lengths that admits 0 is not reasoned about. */
      if ((f->which & CQ6_LINE_RANGE) && f->range_min <= 0)
        return cq_index_condition_new_true ();
      return f->n_args >= 1 ? condition_of (f->args[0]) : cq_index_condition_new_true ();
    case CQ6_LINE_REPEAT:
      /* `F*`, `F?` need not match anywhere. */
      if (f->range_min < 1 || f->n_args < 1)
        return cq_index_condition_new_true ();
      return condition_of (f->args[0]);
    case CQ6_SQUARE_LOOP:
    case CQ6_PIECE_LOOP:
      /* `square x in S F`: some square of S where F holds; `all` holds
       * for an empty S.  Variables read in F give "true" there. */
      if (f->number == 1)
        return cq_index_condition_new_true ();
      return all_args (f, 0);
    default:
      return cq_index_condition_new_true ();
    }
}

/* Whether evaluating @program on a game leaves no trace of it but whether
 * it matches (leaves_no_trace() for the header's tag filters, which run on
 * every game before its moves, and the body; no state kept from game to
 * game: no file, no `similarposition`, no persistent variable or
 * dictionary): then a search may pass over a game the index's condition
 * rejects, or evaluate a game twice (_cq6_reads_only_mainline()). */
static gboolean
program_leaves_no_trace (const Cq6Program *program)
{
  guint64 text = 0;
  Bounds bounds;
  gboolean traceless;

  if (program->uses_files || program->similar != NULL)
    return FALSE;
  for (guint i = 0; program->vars != NULL && i < program->vars->len; i++)
    {
      const Cq6Var *var = program->vars->pdata[i];

      if (var->persistent || var->dict != NULL)
        return FALSE;
    }
  bounds_init (&bounds, program);
  traceless = leaves_no_trace (&bounds, program->game_filters, 1, &text)
              && leaves_no_trace (&bounds, program->body, 1, &text);
  g_free (bounds.var_bound);
  return traceless;
}

CqIndexCondition *
_cq6_index_condition (const Cq6Program *program)
{
  g_return_val_if_fail (program != NULL && program->body != NULL,
                        cq_index_condition_new_true ());

  /* A game matches without a matching position. */
  if (program->matchcount_min <= 0 || !program_leaves_no_trace (program))
    return cq_index_condition_new_true ();
  return condition_of (program->body);
}

/* Whether @f and its arguments read nothing of a game but the positions
 * and moves of its tree, and keep nothing: a whitelist of kinds, much
 * shorter than leaves_no_trace()'s (no tag, string, comment, game number,
 * variable, function, loop, piece id, `line`, `find`, `sort`: those are
 * not examined for it yet). */
static gboolean
reads_only_tree (const Cq6Filter *f)
{
  if (f == NULL)
    return TRUE;
  switch ((Cq6Kind) f->kind)
    {
    case CQ6_DESIGNATOR: case CQ6_NUMBER:
    case CQ6_COMPOUND: case CQ6_AND: case CQ6_OR: case CQ6_NOT: case CQ6_IF:
    case CQ6_TRUE: case CQ6_FALSE:
    case CQ6_CHECK: case CQ6_MATE: case CQ6_STALEMATE: case CQ6_WTM: case CQ6_BTM:
    case CQ6_INITIAL: case CQ6_TERMINAL: case CQ6_MAINLINE: case CQ6_VARIATION:
    case CQ6_PLY:
    case CQ6_UNION: case CQ6_INTERSECTION: case CQ6_COMPLEMENT: case CQ6_IN:
    case CQ6_COUNT: case CQ6_ATTACKS: case CQ6_ATTACKEDBY:
    case CQ6_BETWEEN: case CQ6_LIGHT: case CQ6_DARK:
    case CQ6_ORBIT:
      break;
      /* `move` without its `comment (...)`. */
    case CQ6_MOVE:
      if (f->n_args > 4 && f->args[4] != NULL)
        return FALSE;
      break;
    default:
      return FALSE;
    }
  for (guint i = 0; i < f->n_args; i++)
    if (!reads_only_tree (f->args[i]))
      return FALSE;
  return TRUE;
}

gboolean
_cq6_reads_only_tree (const Cq6Program *program)
{
  /* Nothing run on the tags (the header's game filters, the body's tag
   * filters), no sort, no file, no variable, no piece ids, no game
   * number, no function: only the body's filters, each on the list. */
  if (program->game_filters != NULL || program->body_tag_filters != NULL
      || (program->sorts != NULL && program->sorts->len > 0)
      || (program->vars != NULL && program->vars->len > 0)
      || (program->functions != NULL && program->functions->len > 0)
      || program->similar != NULL || program->persistent != NULL || program->uses_files
      || program->needs_ids || program->stateful || program->reads_game_number
      || program->uses_last_game_number || program->matchstring != NULL)
    return FALSE;
  return reads_only_tree (program->body);
}

gboolean
_cq6_reads_only_mainline (const Cq6Program *program)
{
  /* A game that matches on its main line is evaluated again, read whole:
   * nothing of either evaluation may stay but its result.  Without
   * `variations` a game is its main line (echo's targets, find's and
   * line's walks, `move`, child(k) stay on it: docs/cql6.md "How a query
   * runs"), and every filter of leaves_no_trace()'s list has the same
   * value at a position of the main line whether the game was read whole
   * or not, but a position's id, which counts the variations' positions
   * before it (and a position given by id). */
  return !program->variations && program_leaves_no_trace (program)
         && !_cq6_tree_has_kind (program->body, CQ6_POSITIONID, CQ6_POSITION_BY_ID);
}
