/* cq3-index.c: the necessary condition on a game's summary of a
 * CQL 3 query (cq_query_get_index_condition(), docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game matches when every top-level position list matches (cq3-game.c),
 * so the condition is the `and` of one condition per list: "some position
 * of the game matches this list" (none for a list with :not, or with a
 * :matchcount range that admits zero matches: "true").  Nothing a CQL 3
 * query computes outlives its game (accumulators and marks are per game,
 * it prints nothing), so no query must read every game for its traces.
 *
 * A list matches at a position when some member of its transform set
 * does; a member, when all its elements hold there (designators,
 * :mate/:check/:stalemate, counts, attacks, move keywords, nested lists).
 * The exact condition, the `or` over members of the `and` over elements,
 * would grow with the transform set (a shift has dozens of members), so
 * each element's images are united on their own: the `and` over elements
 * of the `or` over members.  That is weaker, hence still necessary, and
 * stays small: the images of one designator fold into one `squares` leaf
 * per piece set.
 *
 * The members are taken from the list as written (its template), each
 * transform of its set applied to the elements' designators; a nested
 * list's members apply after the enclosing ones (cq3-transform.c).  The
 * elements of a list nested in an :and or a :sequence are conjuncts of
 * the enclosing member, so they join its elements (united over both
 * members); a nested :or stays a condition of its own, and an element
 * with too many distinct images of that kind becomes "true".  A
 * member that would push a designator off the board is not dropped here
 * (the evaluator drops it): its other elements only weaken the union.
 */
#include "config.h"

#include "cql/cql3/cq3-private.h"

/* Nested lists deeper than this, or more member images than the budget
 * in all, give "true": a query that heavy is rare, and reading every
 * game is always right. */
#define MAX_DEPTH  8
#define MAX_IMAGES 200000
/* The distinct images of an element other than `squares` leaves (those
 * of a nested :or, say) that its union keeps; with more, it is "true":
 * each costs the select of an index a pass or more over its columns. */
#define MAX_OTHERS 4

/* The union, over members, of one element's images. */
typedef struct {
  gboolean    any;        /* some image is "true" */
  GArray     *squares;    /* SquaresLeaf: one per piece set */
  GHashTable *others;     /* text -> CqIndexCondition */
} Union;

typedef struct {
  guint16 pieces;
  guint64 squares;
} SquaresLeaf;

typedef struct {
  const CqTransform *chain[MAX_DEPTH];
  guint              depth;
  guint64            images;     /* member images built so far */
  gboolean           gave_up;
} Walk;

static Union *
union_new (void)
{
  Union *u = g_new0 (Union, 1);

  u->squares = g_array_new (FALSE, FALSE, sizeof (SquaresLeaf));
  u->others = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify) cq_index_condition_free);
  return u;
}

static void
union_free (Union *u)
{
  g_array_unref (u->squares);
  g_hash_table_unref (u->others);
  g_free (u);
}

static void
union_add_squares (Union *u, guint16 pieces, guint64 squares)
{
  if (squares == 0)
    return;
  for (guint i = 0; i < u->squares->len; i++)
    {
      SquaresLeaf *leaf = &g_array_index (u->squares, SquaresLeaf, i);

      if (leaf->pieces == pieces)
        {
          leaf->squares |= squares;
          return;
        }
    }
  g_array_append_val (u->squares, ((SquaresLeaf) { pieces, squares }));
}

/* Takes @c. */
static void
union_add (Union *u, CqIndexCondition *c)
{
  char *text;

  if (cq_index_condition_is_true (c))
    u->any = TRUE;
  if (u->any)
    {
      cq_index_condition_free (c);
      return;
    }
  text = cq_index_condition_to_string (c);
  if (!g_hash_table_contains (u->others, text)
      && g_hash_table_size (u->others) == MAX_OTHERS)
    {
      /* Too many distinct images to test them all: "true". */
      u->any = TRUE;
      g_free (text);
      cq_index_condition_free (c);
      return;
    }
  if (g_hash_table_contains (u->others, text))
    {
      g_free (text);
      cq_index_condition_free (c);
    }
  else
    g_hash_table_insert (u->others, text, c);
}

/* The union as a condition; an element with no image at all (every
 * image pushed off the board) holds nowhere: "false". */
static CqIndexCondition *
union_build (Union *u)
{
  CqIndexCondition *c = cq_index_condition_new_false ();
  g_autoptr(GList) keys = NULL;

  if (u->any)
    {
      cq_index_condition_free (c);
      return cq_index_condition_new_true ();
    }
  for (guint i = 0; i < u->squares->len; i++)
    {
      const SquaresLeaf *leaf = &g_array_index (u->squares, SquaresLeaf, i);

      c = cq_index_condition_or (c, cq_index_condition_new_squares (leaf->pieces,
                                                                    leaf->squares));
    }
  /* In a fixed order, so that equal queries give equal texts. */
  keys = g_list_sort (g_hash_table_get_keys (u->others), (GCompareFunc) g_strcmp0);
  for (GList *k = keys; k != NULL; k = k->next)
    c = cq_index_condition_or (c, cq_index_condition_copy (g_hash_table_lookup (u->others,
                                                                                k->data)));
  return c;
}

/* The elements' unions of one list, filled member after member: every
 * member of a list visits the same elements in the same order. */
typedef struct {
  GPtrArray *unions;
  guint      next;
} Elements;

static Union *
element (Elements *e)
{
  if (e->next == e->unions->len)
    g_ptr_array_add (e->unions, union_new ());
  return g_ptr_array_index (e->unions, e->next++);
}

/* @d under the transforms of @w; FALSE for a `$tag` designator (its
 * piece is the game's to choose: "true"). */
static gboolean
image (const Walk *w, const CqDesignator *d, guint16 *pieces, guint64 *squares)
{
  if (d->pieces == 0)
    return FALSE;
  *pieces = d->pieces;
  *squares = d->squares;
  for (guint i = 0; i < w->depth; i++)
    {
      *pieces = _cq_transform_pieces (w->chain[i], *pieces);
      *squares = _cq_transform_squares (w->chain[i], *squares);
    }
  return TRUE;
}

/* The element of designator @d: some position has a piece of its set on
 * one of its squares. */
static void
add_designator (const Walk *w, Elements *e, const CqDesignator *d)
{
  Union *u = element (e);
  guint16 pieces;
  guint64 squares;

  if (!image (w, d, &pieces, &squares))
    u->any = TRUE;
  else if (!u->any)
    union_add_squares (u, pieces, squares);
}

static CqIndexCondition *list_condition (Walk *w, const CqPositionList *list);
static void add_nested (Walk *w, Elements *e, const CqPositionList *list);

static void
add_test (Walk *w, Elements *e, const CqTest *test)
{
  guint16 pieces;
  guint64 squares;
  guint32 promotions = 0;
  CqIndexCondition *c;

  switch (test->kind)
    {
    case CQ_TEST_PIECECOUNT:
      /* At least min pieces of the designator: they stand on its squares,
       * and the board has that many.  At most max: only for a designator
       * of the whole board (the count of the rest is free). */
      if (test->range.min >= 1)
        add_designator (w, e, &test->u.designator);
      else
        element (e)->any = TRUE;
      if (image (w, &test->u.designator, &pieces, &squares))
        {
          union_add (element (e), cq_index_condition_new_count_at_least (
                       pieces, (guint) CLAMP (test->range.min, 0, 65)));
          union_add (element (e), squares == CQ_SQUARES_ALL && test->range.max < 64
                                    ? cq_index_condition_new_count_at_most (
                                        pieces, (guint) MAX (test->range.max, 0))
                                    : cq_index_condition_new_true ());
        }
      else
        {
          element (e)->any = TRUE;
          element (e)->any = TRUE;
        }
      return;
    case CQ_TEST_ATTACKCOUNT:
      /* One attack at least: the attacker and the target's content stand
       * on their squares in one position. */
      if (test->range.min >= 1)
        {
          add_designator (w, e, &test->u.attack.attacker);
          add_designator (w, e, &test->u.attack.target);
        }
      else
        {
          element (e)->any = TRUE;
          element (e)->any = TRUE;
        }
      return;
    case CQ_TEST_MOVEFROM:
      /* The moving piece, on its square before the move. */
    case CQ_TEST_MOVETO:
      /* The target square's content before the move. */
      add_designator (w, e, &test->u.designator);
      return;
    case CQ_TEST_PROMOTE:
      /* The promoted piece stands on the promotion square after the move;
       * the game has a promotion to one of its types. */
      add_designator (w, e, &test->u.designator);
      if (!image (w, &test->u.designator, &pieces, &squares))
        {
          element (e)->any = TRUE;
          return;
        }
      for (guint type = CQ_KNIGHT; type <= CQ_QUEEN; type++)
        if (pieces & (CQ_PIECE_BIT (CQ_MAKE_PIECE (CQ_WHITE, type))
                      | CQ_PIECE_BIT (CQ_MAKE_PIECE (CQ_BLACK, type))))
          promotions |= type == CQ_KNIGHT ? CQ_SUMMARY_PROMOTE_KNIGHT
                        : type == CQ_BISHOP ? CQ_SUMMARY_PROMOTE_BISHOP
                        : type == CQ_ROOK ? CQ_SUMMARY_PROMOTE_ROOK
                                          : CQ_SUMMARY_PROMOTE_QUEEN;
      c = cq_index_condition_new_false ();
      for (guint32 bit = 1; bit != 0 && bit <= promotions; bit <<= 1)
        if (promotions & bit)
          c = cq_index_condition_or (c, cq_index_condition_new_flags (bit));
      union_add (element (e), c);
      return;
    case CQ_TEST_ENPASSANT:
      union_add (element (e), test->negate ? cq_index_condition_new_true ()
                                           : cq_index_condition_new_flags (
                                               CQ_SUMMARY_EN_PASSANT));
      return;
    case CQ_TEST_AND:
    case CQ_TEST_SEQUENCE:
      /* Each nested list matches at this position; each element of a
       * sequence matches somewhere: their elements join this list's. */
      for (guint k = 0; k < test->u.lists.n_lists; k++)
        add_nested (w, e, test->u.lists.lists[k]);
      return;
    case CQ_TEST_OR:
      c = cq_index_condition_new_false ();
      for (guint k = 0; k < test->u.lists.n_lists; k++)
        c = cq_index_condition_or (c, list_condition (w, test->u.lists.lists[k]));
      union_add (element (e), c);
      return;
    case CQ_TEST_RAY:
      /* One ray at least: each designator of its path on a square. */
      for (guint k = 0; k < test->u.ray.n_path; k++)
        if (test->range.min >= 1)
          add_designator (w, e, &test->u.ray.path[k]);
        else
          element (e)->any = TRUE;
      return;
    case CQ_TEST_ELO:
    case CQ_TEST_RESULT:
    case CQ_TEST_MOVENUMBER:
    case CQ_TEST_POWER:
    case CQ_TEST_POWERDIFFERENCE:
    case CQ_TEST_TAGMATCH:
    case CQ_TEST_SUMRANGE:
    case CQ_TEST_RELATION:
    default:
      /* Not reasoned about: no element. */
      return;
    }
}

/* Adds the elements of @instance, under @w's transforms, to @e. */
static void
add_instance (Walk *w, Elements *e, const CqInstance *instance)
{
  guint32 flags = 0;

  /* With :wtm or :btm (both never match), the flag of that side to move:
   * the conditions all hold in one position. */
  guint side = (instance->conditions & (CQ_COND_WTM | CQ_COND_BTM)) == CQ_COND_WTM ? 1
               : (instance->conditions & (CQ_COND_WTM | CQ_COND_BTM)) == CQ_COND_BTM ? 2 : 0;

  if (instance->conditions & CQ_COND_MATE)
    flags |= side == 0 ? CQ_SUMMARY_MATE : CQ_SUMMARY_MATE_WTM << (side - 1);
  if (instance->conditions & CQ_COND_STALEMATE)
    flags |= side == 0 ? CQ_SUMMARY_STALEMATE : CQ_SUMMARY_STALEMATE_WTM << (side - 1);
  if (instance->conditions & CQ_COND_CHECK)
    flags |= side == 0 ? CQ_SUMMARY_CHECK : CQ_SUMMARY_CHECK_WTM << (side - 1);
  /* A transform that reverses the colours makes :wtm :btm: the image of
   * the white king tells. */
  if (side != 0)
    {
      guint16 king = CQ_PIECE_BIT (CQ_WK);

      for (guint i = 0; i < w->depth; i++)
        king = _cq_transform_pieces (w->chain[i], king);
      if (king != CQ_PIECE_BIT (CQ_WK))
        flags = CQ_SUMMARY_SWAP_COLORS (flags);
    }
  union_add (element (e), cq_index_condition_new_flags (flags));
  for (guint i = 0; i < instance->n_designators; i++)
    add_designator (w, e, &instance->designators[i]);
  for (guint i = 0; i < instance->n_tests; i++)
    add_test (w, e, &instance->tests[i]);
  for (guint i = 0; i < instance->n_move_tests; i++)
    add_test (w, e, &instance->move_tests[i]);
}

/* The elements of a nested list that must match (in an :and, a
 * sequence), for each of its members, added to the enclosing list's: its
 * condition is the `and` of their unions, and a condition that is a
 * conjunct of the enclosing member's folds into the enclosing elements.
 * Every member of the nested list visits the same elements, so each
 * starts where the first did. */
static void
add_nested (Walk *w, Elements *e, const CqPositionList *list)
{
  g_autoptr(GArray) members = NULL;
  guint first = e->next, end = e->next;

  if ((list->options & CQ_LIST_NOT) || w->depth == MAX_DEPTH)
    return;
  members = _cq_transform_set (list->transforms);
  for (guint m = 0; m < members->len && !w->gave_up; m++)
    {
      if (++w->images > MAX_IMAGES)
        {
          w->gave_up = TRUE;
          break;
        }
      w->chain[w->depth++] = &g_array_index (members, CqTransform, m);
      e->next = first;
      add_instance (w, e, &list->template_);
      end = e->next;
      w->depth--;
    }
  e->next = end;
}

/* "Some member of @list matches at some position", under the transforms
 * of @w (those of the enclosing lists). */
static CqIndexCondition *
list_condition (Walk *w, const CqPositionList *list)
{
  g_autoptr(GArray) members = NULL;
  Elements e = { g_ptr_array_new_with_free_func ((GDestroyNotify) union_free), 0 };
  CqIndexCondition *c;

  if ((list->options & CQ_LIST_NOT) || w->depth == MAX_DEPTH || w->gave_up)
    {
      g_ptr_array_unref (e.unions);
      return cq_index_condition_new_true ();
    }
  members = _cq_transform_set (list->transforms);
  for (guint m = 0; m < members->len && !w->gave_up; m++)
    {
      if (++w->images > MAX_IMAGES)
        {
          w->gave_up = TRUE;
          break;
        }
      w->chain[w->depth++] = &g_array_index (members, CqTransform, m);
      e.next = 0;
      add_instance (w, &e, &list->template_);
      w->depth--;
    }
  c = cq_index_condition_new_true ();
  if (!w->gave_up)
    for (guint i = 0; i < e.unions->len; i++)
      c = cq_index_condition_and (c, union_build (g_ptr_array_index (e.unions, i)));
  g_ptr_array_unref (e.unions);
  return c;
}

CqIndexCondition *
_cq3_index_condition (const CqQuery *query)
{
  Walk w = { 0 };
  CqIndexCondition *c = cq_index_condition_new_true ();

  for (guint i = 0; i < query->n_lists; i++)
    {
      const CqPositionList *list = query->lists[i];

      /* A range that admits no match: the list holds on every game. */
      if (list->count_kind != 0 && list->count.min <= 0)
        continue;
      c = cq_index_condition_and (c, list_condition (&w, list));
      /* It examines only positions off the mainline. */
      if ((list->options & CQ_LIST_VARIATIONSONLY) && !(list->options & CQ_LIST_NOT))
        c = cq_index_condition_and (c, cq_index_condition_new_flags (CQ_SUMMARY_VARIATIONS));
    }
  if (w.gave_up)
    {
      cq_index_condition_free (c);
      return cq_index_condition_new_true ();
    }
  return c;
}
