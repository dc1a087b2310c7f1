/* cq6-transform.c: the transform filters of CQL 6 (flip, flipcolor,
 * shift, ...), expanded when the query is read.
 *
 * `τ F` matches a position if some member of τ's transform set, applied to
 * F, matches (CQL 6 reference "transforms").  The images are built here
 * once: every square set, piece set, direction and colour-dependent filter
 * (wtm/btm, result, elo and player sides, the colour constants) of F is
 * mapped with the maps of common/cq-symmetry.c (the dihedral symmetries and the
 * colour flip are the same as CQL 3's).  Shifts follow CQL 6's rule
 * (reference "shift"): squares shifted off the board are removed, a
 * square set that becomes empty drops the whole image, and a square set
 * holding a whole rank (file) keeps that rank (file) where it is under
 * horizontal (vertical) shifts.  A transform nested in the filter is
 * mapped member by member: a member pushed off the board leaves the nested
 * orbit alone, and only a nested orbit left with no member drops the
 * image (CQL 6.2 composes the outer transform with each inner one).
 * Images that come out equal are kept once; the result is a CQ6_ORBIT
 * whose members the evaluator tries in turn.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

/* The most filter nodes the orbits of one query may hold. */
#define ORBIT_NODE_BUDGET 2000000

typedef struct {
  CqTransform t;    /* dihedral and colour part; identity maps */
  int         dx;   /* CQL 6 shift */
  int         dy;
  int         rot45; /* rotate45: eighth turns of the directions */
  gint64      rank;  /* its place in CQL 6.2's list of the transform's members,
                      * which names `currenttransform` among equal images */
} Member;

#define RANK_MASK(r) (G_GUINT64_CONSTANT (0xFF) << (8 * (r)))
#define FILE_MASK(f) (G_GUINT64_CONSTANT (0x0101010101010101) << (f))

/* The image of @squares under a CQL 6 shift by (dx, dy). */
static CqBitboard
shift_squares (CqBitboard squares, int dx, int dy)
{
  CqBitboard full_ranks = 0, full_files = 0, out = 0;

  if (dx == 0 && dy == 0)
    return squares;
  for (int i = 0; i < 8; i++)
    {
      if ((squares & RANK_MASK (i)) == RANK_MASK (i))
        full_ranks |= RANK_MASK (i);
      if ((squares & FILE_MASK (i)) == FILE_MASK (i))
        full_files |= FILE_MASK (i);
    }
  for (CqBitboard rest = squares; rest != 0; rest &= rest - 1)
    {
      int sq = __builtin_ctzll (rest);
      int f = CQ_FILE (sq), r = CQ_RANK (sq);
      gboolean on_rank = (full_ranks & CQ_BIT (sq)) != 0;
      gboolean on_file = (full_files & CQ_BIT (sq)) != 0;

      if (!on_rank)
        f += dx;
      if (!on_file)
        r += dy;
      if (f >= 0 && f < 8 && r >= 0 && r < 8)
        out |= CQ_BIT (CQ_SQUARE (f, r));
    }
  return out;
}

static CqBitboard
member_squares (const Member *m, CqBitboard squares)
{
  return shift_squares (_cq_transform_squares (&m->t, squares), m->dx, m->dy);
}

/* Whether @m sends light squares to dark ones (and dark to light): a
 * reflection in a file or rank line or a quarter turn, the colour flip
 * (which mirrors the ranks), a shift by an odd number of squares in all.
 * A diagonal reflection and the half turn keep the square colours. */
static gboolean
member_swaps_square_colors (const Member *m)
{
  gboolean swaps = (m->dx + m->dy) % 2 != 0;

  switch (m->t.dihedral)
    {
    case CQ_DIHEDRAL_VERTICAL:
    case CQ_DIHEDRAL_HORIZONTAL:
    case CQ_DIHEDRAL_ROTATE_90:
    case CQ_DIHEDRAL_ROTATE_270:
      swaps = !swaps;
      break;
    default:
      break;
    }
  return m->t.color ? !swaps : swaps;
}

/* Applies @m to a copy of @f.  Returns NULL if a square set was pushed off
 * the board (the image is dropped); counts nodes against *budget. */
/* `currenttransform` in the image of @m: @m's name as CQL 6.2 writes it
 * (`reflect_v`, `clockwise90`, `invertcolor reflect_h`, `right^1 up^2`,
 * `rotate45^3`), before the name of the transform applied inside; its
 * rank (CQ6_CURRENTTRANSFORM.number) likewise, @m's place the most
 * significant. */
static void
set_transform_name (Cq6Filter *f, const Member *m)
{
  static const char *const dihedral_names[] = {
    [CQ_DIHEDRAL_IDENTITY] = "", [CQ_DIHEDRAL_VERTICAL] = "reflect_v",
    [CQ_DIHEDRAL_HORIZONTAL] = "reflect_h", [CQ_DIHEDRAL_ROTATE_180] = "rotate180",
    [CQ_DIHEDRAL_DIAGONAL] = "reflect_a1h8", [CQ_DIHEDRAL_OFFDIAGONAL] = "reflect_a8h1",
    [CQ_DIHEDRAL_ROTATE_90] = "clockwise90", [CQ_DIHEDRAL_ROTATE_270] = "counterclockwise90"
  };
  GString *name = g_string_new (NULL);
  const char *inner = f->string + 1;   /* "<...>" */

  g_string_append (name, dihedral_names[m->t.dihedral]);
  if (m->t.color)
    g_string_append (name, name->len > 0 ? " invertcolor reflect_h" : "invertcolor reflect_h");
  if (m->dx != 0)
    g_string_append_printf (name, "%s%s^%d", name->len > 0 ? " " : "",
                            m->dx > 0 ? "right" : "left", ABS (m->dx));
  if (m->dy != 0)
    g_string_append_printf (name, "%s%s^%d", name->len > 0 ? " " : "",
                            m->dy > 0 ? "up" : "down", ABS (m->dy));
  if (m->rot45 != 0)
    g_string_append_printf (name, "%srotate45^%d", name->len > 0 ? " " : "",
                            (int) m->rank);
  if (inner[0] != '>' && name->len > 0)
    g_string_append_c (name, ' ');
  g_string_append_len (name, inner, (gssize) strlen (inner) - 1);
  g_free (f->string);
  f->string = g_strdup_printf ("<%s>", name->str);
  g_string_free (name, TRUE);
  /* range_min: how many transforms were applied before this one. */
  f->number += m->rank << (8 * f->range_min);
  f->range_min++;
}

/* @kept and @dup are equal images (but for `currenttransform`'s names):
 * @kept takes the name of each `currenttransform` that CQL 6.2 lists
 * first, as it keeps the first of equal images. */
static void
keep_first_names (Cq6Filter *kept, const Cq6Filter *dup)
{
  if (kept == NULL || dup == NULL || kept->kind != dup->kind || kept->n_args != dup->n_args)
    return;
  if (kept->kind == CQ6_CURRENTTRANSFORM && dup->number < kept->number)
    {
      g_free (kept->string);
      kept->string = g_strdup (dup->string);
      kept->number = dup->number;
    }
  for (guint i = 0; i < kept->n_args; i++)
    keep_first_names (kept->args[i], dup->args[i]);
}

static Cq6Filter *
transform_filter (const Cq6Filter *f, const Member *m, gint64 *budget, gboolean *over)
{
  Cq6Filter *out;

  if (f == NULL)
    return NULL;
  if (--*budget < 0)
    {
      *over = TRUE;
      return NULL;
    }
  /* `notransform F`: F is the same in every image (CQL 6 reference
   * "notransform"). */
  if (f->kind == CQ6_NOTRANSFORM)
    return _cq6_filter_copy (f);
  out = _cq6_filter_new (f->kind, f->type, f->line, f->column);
  memcpy (out, f, sizeof *f);
  out->string = g_strdup (f->string);
  /* `~~`'s compiled pattern is shared, not copied. */
  if (f->regex != NULL)
    out->regex = g_regex_ref (f->regex);
  out->args = NULL;
  out->n_args = 0;
  out->groups = NULL;
  out->unanchored = NULL;
  out->n_groups = out->n_unanchored = 0;
  for (guint i = 0; i < f->n_args; i++)
    {
      Cq6Filter *arg = NULL;

      if (f->args[i] != NULL)
        {
          arg = transform_filter (f->args[i], m, budget, over);
          /* A member of a nested orbit pushed off the board leaves that
           * orbit only; the orbit fails the image when no member is left
           * (below).  CQL 6.2 composes the outer transform with each
           * inner one and drops each composed image on its own
           * (docs/cql6-rulings.md section 15). */
          if (arg == NULL && f->kind == CQ6_ORBIT && !*over)
            continue;
          if (arg == NULL)
            {
              _cq6_filter_free (out);
              return NULL;
            }
        }
      _cq6_filter_add_arg (out, arg);
    }
  if (f->kind == CQ6_ORBIT && out->n_args == 0 && f->n_args != 0)
    {
      _cq6_filter_free (out);
      return NULL;
    }

  switch (f->kind)
    {
    case CQ6_DESIGNATOR:
      out->designator.squares = member_squares (m, f->designator.squares);
      out->designator.pieces = _cq_transform_pieces (&m->t, f->designator.pieces);
      if (out->designator.squares == 0 && f->designator.squares != 0)
        {
          _cq6_filter_free (out);
          return NULL;
        }
      break;
    case CQ6_DIRECTION:
    case CQ6_RAY:
      out->directions = _cq_transform_directions (&m->t, f->directions);
      if (m->rot45 != 0)
        out->directions = (guint8) ((out->directions << m->rot45)
                                    | (out->directions >> (8 - m->rot45)));
      break;
    case CQ6_LIGHT:
    case CQ6_DARK:
      /* `light X` and `dark X` keep the squares of their colour: the
       * image of the light squares are the dark ones when @m swaps the
       * colours (CQL 6.2: `flipvertical {dark B}` also matches a bishop
       * on a light square). */
      if (member_swaps_square_colors (m))
        out->kind = f->kind == CQ6_LIGHT ? CQ6_DARK : CQ6_LIGHT;
      break;
    case CQ6_WTM:
    case CQ6_BTM:
      if (m->t.color)
        out->kind = f->kind == CQ6_WTM ? CQ6_BTM : CQ6_WTM;
      break;
    case CQ6_COLOR:
      if (m->t.color)
        out->number = -f->number;
      break;
    case CQ6_ELO:
    case CQ6_PLAYER:
      if (m->t.color && f->which != 0)
        out->which = 3 - f->which;
      break;
    case CQ6_RESULT:
      if (m->t.color && f->which == CQ_RESULT_WHITE_WINS)
        out->which = CQ_RESULT_BLACK_WINS;
      else if (m->t.color && f->which == CQ_RESULT_BLACK_WINS)
        out->which = CQ_RESULT_WHITE_WINS;
      break;
    case CQ6_CURRENTTRANSFORM:
      set_transform_name (out, m);
      break;
    case CQ6_ORBIT:
      {
        /* A nested orbit: its members transformed, equal ones merged. */
        guint kept = 0;

        for (guint i = 0; i < out->n_args; i++)
          {
            gboolean dup = FALSE;

            guint j;

            for (j = 0; j < kept && !dup; j++)
              dup = _cq6_filter_equal (out->args[j], out->args[i]);
            if (dup)
              {
                keep_first_names (out->args[j - 1], out->args[i]);
                _cq6_filter_free (out->args[i]);
              }
            else
              out->args[kept++] = out->args[i];
          }
        out->n_args = kept;
        _cq6_orbit_index (out);
      }
      break;
    default:
      break;
    }
  return out;
}

/* The members of a transform filter's set, identity first. */
static GArray *
members (Cq6TransformKind kind)
{
  GArray *set = g_array_new (FALSE, TRUE, sizeof (Member));
  Member m = { 0 };

  _cq_transform_identity (&m.t);
  switch (kind)
    {
    case CQ6_XF_FLIP:
      for (int d = CQ_DIHEDRAL_IDENTITY; d <= CQ_DIHEDRAL_ROTATE_270; d++)
        {
          /* CQL 6.2 lists them as (reflect files, reflect ranks, swap) from
           * (no, no, no) to (yes, yes, yes), after the identity. */
          static const gint64 flip_rank[] = {
            [CQ_DIHEDRAL_IDENTITY] = 0, [CQ_DIHEDRAL_DIAGONAL] = 2,
            [CQ_DIHEDRAL_HORIZONTAL] = 3, [CQ_DIHEDRAL_ROTATE_270] = 4,
            [CQ_DIHEDRAL_VERTICAL] = 5, [CQ_DIHEDRAL_ROTATE_90] = 6,
            [CQ_DIHEDRAL_ROTATE_180] = 7, [CQ_DIHEDRAL_OFFDIAGONAL] = 8
          };

          m.t.dihedral = (guint8) d;
          m.rank = flip_rank[d];
          g_array_append_val (set, m);
        }
      break;
    case CQ6_XF_FLIPVERTICAL:
    case CQ6_XF_FLIPHORIZONTAL:
      g_array_append_val (set, m);
      m.t.dihedral = kind == CQ6_XF_FLIPVERTICAL ? CQ_DIHEDRAL_VERTICAL : CQ_DIHEDRAL_HORIZONTAL;
      m.rank = 1;
      g_array_append_val (set, m);
      break;
    case CQ6_XF_FLIPCOLOR:
      g_array_append_val (set, m);
      m.t.color = 1;
      m.rank = 1;
      g_array_append_val (set, m);
      break;
    case CQ6_XF_REVERSECOLOR:
      m.t.color = 1;
      g_array_append_val (set, m);
      break;
    case CQ6_XF_ROTATE90:
      {
        static const guint8 rotations[] = { CQ_DIHEDRAL_IDENTITY, CQ_DIHEDRAL_ROTATE_90,
                                            CQ_DIHEDRAL_ROTATE_180, CQ_DIHEDRAL_ROTATE_270 };
        /* CQL 6.2 lists the quarter turn counterclockwise first. */
        static const gint64 ranks[] = { 0, 3, 2, 1 };

        for (guint i = 0; i < G_N_ELEMENTS (rotations); i++)
          {
            m.t.dihedral = rotations[i];
            m.rank = ranks[i];
            g_array_append_val (set, m);
          }
      }
      break;
    case CQ6_XF_ROTATE45:
      for (int k = 0; k < 8; k++)
        {
          m.rot45 = k;
          /* CQL 6.2 counts its eighth turns the other way round. */
          m.rank = (8 - k) % 8;
          g_array_append_val (set, m);
        }
      break;
    case CQ6_XF_SHIFT:
    case CQ6_XF_SHIFTHORIZONTAL:
    case CQ6_XF_SHIFTVERTICAL:
      g_array_append_val (set, m);
      for (int dy = -7; dy <= 7; dy++)
        for (int dx = -7; dx <= 7; dx++)
          {
            if (dx == 0 && dy == 0)
              continue;
            if ((kind == CQ6_XF_SHIFTHORIZONTAL && dy != 0)
                || (kind == CQ6_XF_SHIFTVERTICAL && dx != 0))
              continue;
            m.dx = dx;
            m.dy = dy;
            /* CQL 6.2 lists the shifts by dx, then dy. */
            m.rank = 1 + (dx + 7) * 15 + (dy + 7);
            g_array_append_val (set, m);
          }
      break;
    }
  return set;
}

/* Adds @image to @orbit unless an equal member is there (then frees it). */
static void
add_distinct (Cq6Filter *orbit, Cq6Filter *image)
{
  for (guint j = 0; j < orbit->n_args; j++)
    if (_cq6_filter_equal (orbit->args[j], image))
      {
        keep_first_names (orbit->args[j], image);
        _cq6_filter_free (image);
        return;
      }
  _cq6_filter_add_arg (orbit, image);
}

static gint64
count_nodes (const Cq6Filter *f)
{
  gint64 n = 1;

  if (f == NULL)
    return 0;
  for (guint i = 0; i < f->n_args; i++)
    n += count_nodes (f->args[i]);
  return n;
}

/* Orbits with fewer members are tried member by member. */
#define ANCHOR_MIN_MEMBERS 8

/* The one-square designator a member needs to match (itself, or one of
 * the filters of a compound member), the rarest pieces first (a king
 * before a knight, as CQL 3's lists choose); or NULL. */
static const CqDesignator *
member_anchor (const Cq6Filter *member)
{
  const CqDesignator *best = NULL;
  guint n = member->kind == CQ6_COMPOUND ? member->n_args : 1;

  for (guint i = 0; i < n; i++)
    {
      const Cq6Filter *f = member->kind == CQ6_COMPOUND ? member->args[i] : member;
      const CqDesignator *d = &f->designator;

      if (f->kind != CQ6_DESIGNATOR || __builtin_popcountll (d->squares) != 1
          || d->pieces == CQ_PIECES_ALL)
        continue;
      if (best == NULL
          || _cq_piece_mask_weight (d->pieces) < _cq_piece_mask_weight (best->pieces))
        best = d;
    }
  return best;
}

void
_cq6_orbit_index_clear (Cq6Filter *orbit)
{
  for (guint g = 0; g < orbit->n_groups; g++)
    g_free (orbit->groups[g].indices);
  g_clear_pointer (&orbit->groups, g_free);
  g_clear_pointer (&orbit->unanchored, g_free);
  orbit->n_groups = orbit->n_unanchored = 0;
}

void
_cq6_orbit_index (Cq6Filter *orbit)
{
  g_autofree const CqDesignator **anchors = NULL;

  _cq6_orbit_index_clear (orbit);
  if (orbit->n_args < ANCHOR_MIN_MEMBERS)
    return;
  anchors = g_new (const CqDesignator *, orbit->n_args);
  for (guint i = 0; i < orbit->n_args; i++)
    anchors[i] = member_anchor (orbit->args[i]);
  _cq_anchor_index_build (anchors, orbit->n_args, &orbit->groups, &orbit->n_groups,
                          &orbit->unanchored, &orbit->n_unanchored);
}

/* A designator naming particular squares, or a `light` or `dark`, which
 * a turn by 45 degrees cannot map onto squares (NULL if none). */
static const Cq6Filter *
find_square_designator (const Cq6Filter *f)
{
  if (f == NULL)
    return NULL;
  if ((f->kind == CQ6_DESIGNATOR && f->designator.squares != CQ_SQUARES_ALL)
      || f->kind == CQ6_LIGHT || f->kind == CQ6_DARK)
    return f;
  for (guint i = 0; i < f->n_args; i++)
    {
      const Cq6Filter *found = find_square_designator (f->args[i]);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* An assignment to a variable in @f (NULL if none). */
static const Cq6Filter *
find_assignment (const Cq6Filter *f)
{
  if (f == NULL)
    return NULL;
  if (f->kind == CQ6_ASSIGN)
    return f;
  for (guint i = 0; i < f->n_args; i++)
    {
      const Cq6Filter *found = find_assignment (f->args[i]);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* An assignment of @a, a member of an orbit, that assigns another value
 * than the same one of @b, another member (NULL if none): members of
 * another shape count as different. */
static const Cq6Filter *
assignment_differing (const Cq6Filter *a, const Cq6Filter *b)
{
  if (a == NULL || b == NULL)
    return NULL;
  if (a->kind != b->kind || a->n_args != b->n_args)
    return find_assignment (a);
  if (a->kind == CQ6_ASSIGN && !_cq6_filter_equal (a, b))
    return a;
  for (guint i = 0; i < a->n_args; i++)
    {
      const Cq6Filter *found = assignment_differing (a->args[i], b->args[i]);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The first `similarposition` in @f, or NULL. */
static const Cq6Filter *
find_similar (const Cq6Filter *f)
{
  if (f == NULL)
    return NULL;
  if (f->kind == CQ6_SIMILAR)
    return f;
  for (guint i = 0; i < f->n_args; i++)
    {
      const Cq6Filter *found = find_similar (f->args[i]);
      if (found != NULL)
        return found;
    }
  return NULL;
}

Cq6Filter *
_cq6_orbit_new (Cq6TransformKind kind, Cq6Filter *arg, gboolean count, guint line,
                guint column, const char *filename, GError **error)
{
  g_autoptr(GArray) set = NULL;
  Cq6Filter *orbit;
  gint64 budget = ORBIT_NODE_BUDGET, range_min = 0, range_max = G_MAXINT64;
  gboolean over = FALSE, compose_count = FALSE;
  const Cq6Filter *squares;

  /* rotate45 turns directions only (CQL 6 reference "rotate45"). */
  if (kind == CQ6_XF_ROTATE45 && (squares = find_square_designator (arg)) != NULL)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, squares->line,
                           squares->column, "rotate45 cannot be applied to %s: it turns "
                           "directions only",
                           squares->kind == CQ6_LIGHT ? "light"
                           : squares->kind == CQ6_DARK ? "dark"
                           : "a designator of particular squares");
      _cq6_filter_free (arg);
      return NULL;
    }
  /* similarposition tries its own transforms; CQL 6.2 refuses another
   * ("Attempt to apply a transform to anticipate node"). */
  if ((squares = find_similar (arg)) != NULL)
    {
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, squares->line,
                           squares->column, "similarposition cannot be under a transform: "
                           "it tries the board's symmetries itself");
      _cq6_filter_free (arg);
      return NULL;
    }
  set = members (kind);
  orbit = _cq6_filter_new (CQ6_ORBIT, arg->type, line, column);
  /* `flip shift 2 F`: a transform applied to one with a range is one
   * transform, of the composed members, with the inner range (CQL 6.2). */
  if (!count && arg->kind == CQ6_ORBIT && arg->which == CQ6_ORBIT_COUNT)
    {
      compose_count = TRUE;
      range_min = arg->range_min;
      range_max = arg->range_max;
    }

  if (count_nodes (arg) * (gint64) set->len > ORBIT_NODE_BUDGET)
    over = TRUE;
  for (guint i = 0; i < set->len && !over; i++)
    {
      Cq6Filter *image = transform_filter (arg, &g_array_index (set, Member, i), &budget, &over);

      if (image == NULL)
        continue;
      /* `flip shift F`: the images of an orbit are orbits; their members
       * are members of this one (the union of unions, the maximum of
       * maxima), so that one anchor index covers them all; with a range
       * inside, one count over them all.  Not for `count` or a range
       * here, which count this transform's members. */
      if (!count && image->kind == CQ6_ORBIT
          && (image->which != CQ6_ORBIT_COUNT || compose_count))
        {
          for (guint k = 0; k < image->n_args; k++)
            add_distinct (orbit, image->args[k]);
          image->n_args = 0;
          _cq6_filter_free (image);
        }
      else
        add_distinct (orbit, image);
    }
  _cq6_filter_free (arg);
  if (over)
    {
      _cq6_filter_free (orbit);
      _cq_query_set_error (error, CQ_QUERY_ERROR_SEMANTIC, filename, line, column,
                           "this transform makes too many filters (more than %d nodes): "
                           "transform a smaller filter", ORBIT_NODE_BUDGET);
      return NULL;
    }
  _cq6_orbit_index (orbit);
  if (count || compose_count)
    {
      orbit->which = CQ6_ORBIT_COUNT;
      orbit->type = CQ6_TYPE_NUMBER;
      orbit->range_min = range_min;
      orbit->range_max = range_max;
    }
  else if (orbit->type == CQ6_TYPE_STRING)
    orbit->type = CQ6_TYPE_LOGICAL;
  return orbit;
}

/* The filters of @f that read variable @var (its value, whether it is
 * bound, or an operator assignment `+=` ...). */
static guint
count_reads (const Cq6Filter *f, guint var)
{
  guint n = 0;

  if (f == NULL)
    return 0;
  if (f->which == var
      && (f->kind == CQ6_VARIABLE || f->kind == CQ6_ISBOUND
          || (f->kind == CQ6_ASSIGN && f->number != '=')))
    n++;
  for (guint i = 0; i < f->n_args; i++)
    n += count_reads (f->args[i], var);
  return n;
}

/* In @f, below @body: every orbit whose members assign a variable other
 * values, the variable being read somewhere in @body, loses its anchor
 * index, so that its members are tried in their own order. */
static void
order_orbit_assignments (const Cq6Filter *body, Cq6Filter *f)
{
  if (f == NULL)
    return;
  if (f->kind == CQ6_ORBIT)
    {
      const Cq6Filter *a = NULL;

      for (guint i = 1; i < f->n_args && a == NULL; i++)
        a = assignment_differing (f->args[0], f->args[i]);
      if (a != NULL && count_reads (body, a->which) > 0)
        _cq6_orbit_index_clear (f);
    }
  for (guint i = 0; i < f->n_args; i++)
    order_orbit_assignments (body, f->args[i]);
}

void
_cq6_order_orbit_assignments (Cq6Filter *body)
{
  /* CQL 6.2's pages define a transform as the `or` (of a set filter: the
   * `|`) of its members, the identity first: a variable assigned other
   * values in the members keeps the first matching member's (of a set
   * filter, the last one's). CQL 6.2 itself evaluates every member, in an
   * order of its own sorted by the members' structure, and keeps the
   * last: not what its pages say (rulings 47). Members are tried in
   * their order (identity first, then the transform's table: members())
   * when a variable they assign differently is read; elsewhere the
   * anchor index picks the members to try, which no reader can tell. */
  order_orbit_assignments (body, body);
}
