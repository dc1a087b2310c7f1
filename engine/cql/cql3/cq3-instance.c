/* cq3-instance.c: the instances of CQL 3 position lists: their canonical
 * order (evaluation order, cheapest test first), equality and hashing (so
 * that members of a transform set with identical images are kept once,
 * rulings R7), and what frees them.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql3/cq3-private.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Canonical order and equality of instances                           */

static int
designator_compare (const CqDesignator *a, const CqDesignator *b)
{
  int ca = __builtin_popcountll (a->squares), cb = __builtin_popcountll (b->squares);

  if (ca != cb)
    return ca < cb ? -1 : 1;
  /* A single piece type is cheaper to test than a set. */
  ca = __builtin_popcount (a->pieces);
  cb = __builtin_popcount (b->pieces);
  if (ca != cb)
    return ca < cb ? -1 : 1;
  if (a->pieces != b->pieces)
    return a->pieces < b->pieces ? -1 : 1;
  if (a->squares != b->squares)
    return a->squares < b->squares ? -1 : 1;
  if (a->tag != b->tag)
    return a->tag < b->tag ? -1 : 1;
  return 0;
}

static int
designator_compare_func (gconstpointer a, gconstpointer b)
{
  return designator_compare (a, b);
}

/* Evaluation cost class of a test: cheapest first (cq3-eval.c). */
static int
test_cost (CqTestKind kind)
{
  switch (kind)
    {
    case CQ_TEST_ELO:
    case CQ_TEST_RESULT:
    case CQ_TEST_MOVENUMBER:
      return 0;
    case CQ_TEST_PIECECOUNT:
    case CQ_TEST_POWER:
    case CQ_TEST_POWERDIFFERENCE:
      return 1;
    case CQ_TEST_TAGMATCH:
    case CQ_TEST_SUMRANGE:
      return 1;
    case CQ_TEST_ATTACKCOUNT:
      return 2;
    case CQ_TEST_RAY:
      return 3;
    case CQ_TEST_MOVEFROM:
    case CQ_TEST_MOVETO:
    case CQ_TEST_PROMOTE:
    case CQ_TEST_ENPASSANT:
      return 4;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
      return 5;
    case CQ_TEST_SEQUENCE:
      return 6;
    case CQ_TEST_RELATION:
    default:
      return 7;
    }
}

#define CMP(x, y) G_STMT_START { if ((x) != (y)) return (x) < (y) ? -1 : 1; } G_STMT_END

static int
test_compare (const CqTest *a, const CqTest *b)
{
  int c;

  CMP (test_cost (a->kind), test_cost (b->kind));
  CMP (a->kind, b->kind);
  CMP (a->negate, b->negate);
  CMP (a->range.min, b->range.min);
  CMP (a->range.max, b->range.max);
  switch (a->kind)
    {
    case CQ_TEST_PIECECOUNT:
    case CQ_TEST_POWER:
    case CQ_TEST_MOVEFROM:
    case CQ_TEST_MOVETO:
    case CQ_TEST_PROMOTE:
      return designator_compare (&a->u.designator, &b->u.designator);
    case CQ_TEST_POWERDIFFERENCE:
      CMP (a->u.power.black_minus_white, b->u.power.black_minus_white);
      return designator_compare (&a->u.power.designator, &b->u.power.designator);
    case CQ_TEST_ATTACKCOUNT:
      c = designator_compare (&a->u.attack.attacker, &b->u.attack.attacker);
      return c != 0 ? c : designator_compare (&a->u.attack.target, &b->u.attack.target);
    case CQ_TEST_RAY:
      CMP (a->u.ray.directions, b->u.ray.directions);
      CMP (a->u.ray.attack_only, b->u.ray.attack_only);
      CMP (a->u.ray.n_path, b->u.ray.n_path);
      for (guint i = 0; i < a->u.ray.n_path; i++)
        if ((c = designator_compare (&a->u.ray.path[i], &b->u.ray.path[i])) != 0)
          return c;
      return 0;
    case CQ_TEST_ELO:
      CMP (a->u.elo.which, b->u.elo.which);
      return 0;
    case CQ_TEST_RESULT:
      CMP (a->u.result, b->u.result);
      return 0;
    case CQ_TEST_TAGMATCH:
      CMP (a->u.tagmatch.tag, b->u.tagmatch.tag);
      return designator_compare (&a->u.tagmatch.designator, &b->u.tagmatch.designator);
    case CQ_TEST_SUMRANGE:
      CMP (a->u.accumulator, b->u.accumulator);
      return 0;
    case CQ_TEST_RELATION:
      /* One per list (the compiler refuses a second): never transformed. */
      return 0;
    case CQ_TEST_SEQUENCE:
      CMP (a->u.lists.gapped, b->u.lists.gapped);
      CMP (a->u.lists.variations, b->u.lists.variations);
      G_GNUC_FALLTHROUGH;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
      /* Written order: transforms keep it, and the nested lists' own
       * positions in the file tell them apart. */
      CMP (a->u.lists.n_lists, b->u.lists.n_lists);
      CMP (a->u.lists.lists[0]->line, b->u.lists.lists[0]->line);
      CMP (a->u.lists.lists[0]->column, b->u.lists.lists[0]->column);
      return 0;
    case CQ_TEST_MOVENUMBER:
    case CQ_TEST_ENPASSANT:
    default:
      return 0;
    }
}

static int
test_compare_func (gconstpointer a, gconstpointer b)
{
  return test_compare (a, b);
}

void
_cq_instance_normalise (CqInstance *instance)
{
  guint n = 0;

  if (instance->n_designators > 1)
    {
      qsort (instance->designators, instance->n_designators, sizeof (CqDesignator),
             designator_compare_func);
      for (guint i = 0; i < instance->n_designators; i++)
        if (n == 0 || designator_compare (&instance->designators[n - 1],
                                          &instance->designators[i]) != 0)
          instance->designators[n++] = instance->designators[i];
      instance->n_designators = n;
    }
  if (instance->n_tests > 1)
    qsort (instance->tests, instance->n_tests, sizeof (CqTest), test_compare_func);
  if (instance->n_move_tests > 1)
    qsort (instance->move_tests, instance->n_move_tests, sizeof (CqTest), test_compare_func);
}

static gboolean list_equal (const CqPositionList *a, const CqPositionList *b);

static gboolean
test_equal (const CqTest *a, const CqTest *b)
{
  if (test_compare (a, b) != 0)
    return FALSE;
  if (a->kind == CQ_TEST_AND || a->kind == CQ_TEST_OR || a->kind == CQ_TEST_SEQUENCE)
    for (guint i = 0; i < a->u.lists.n_lists; i++)
      if (!list_equal (a->u.lists.lists[i], b->u.lists.lists[i]))
        return FALSE;
  return TRUE;
}

gboolean
_cq_instance_equal (const CqInstance *a, const CqInstance *b)
{
  if (a->conditions != b->conditions || a->n_designators != b->n_designators
      || a->n_tests != b->n_tests || a->n_move_tests != b->n_move_tests)
    return FALSE;
  for (guint i = 0; i < a->n_designators; i++)
    if (designator_compare (&a->designators[i], &b->designators[i]) != 0)
      return FALSE;
  for (guint i = 0; i < a->n_tests; i++)
    if (!test_equal (&a->tests[i], &b->tests[i]))
      return FALSE;
  for (guint i = 0; i < a->n_move_tests; i++)
    if (!test_equal (&a->move_tests[i], &b->move_tests[i]))
      return FALSE;
  return TRUE;
}

/* Two nested lists are the same if they have the same options and
 * transforms and their templates are equal (then their instances are). */
static gboolean
list_equal (const CqPositionList *a, const CqPositionList *b)
{
  return a->options == b->options && a->transforms == b->transforms
         && _cq_instance_equal (&a->template_, &b->template_);
}

static guint
designator_hash (const CqDesignator *d)
{
  return (guint) (d->squares ^ (d->squares >> 29) ^ (d->squares >> 47)) * 17u + d->pieces;
}

guint
_cq_instance_hash (const CqInstance *instance)
{
  guint h = instance->conditions * 7u + instance->n_designators * 131u + instance->n_tests;

  for (guint i = 0; i < instance->n_designators; i++)
    h = h * 31u + designator_hash (&instance->designators[i]);
  for (guint i = 0; i < instance->n_tests; i++)
    {
      const CqTest *t = &instance->tests[i];

      h = h * 31u + t->kind * 3u + (guint) t->range.min;
      switch (t->kind)
        {
        case CQ_TEST_PIECECOUNT:
        case CQ_TEST_POWER:
          h = h * 31u + designator_hash (&t->u.designator);
          break;
        case CQ_TEST_POWERDIFFERENCE:
          h = h * 31u + designator_hash (&t->u.power.designator) + t->u.power.black_minus_white;
          break;
        case CQ_TEST_ATTACKCOUNT:
          h = h * 31u + designator_hash (&t->u.attack.attacker);
          h = h * 31u + designator_hash (&t->u.attack.target);
          break;
        case CQ_TEST_RAY:
          for (guint j = 0; j < t->u.ray.n_path; j++)
            h = h * 31u + designator_hash (&t->u.ray.path[j]);
          h = h * 31u + t->u.ray.directions;
          break;
        case CQ_TEST_AND:
        case CQ_TEST_OR:
        case CQ_TEST_SEQUENCE:
          for (guint j = 0; j < t->u.lists.n_lists; j++)
            h = h * 31u + _cq_instance_hash (&t->u.lists.lists[j]->template_);
          break;
        case CQ_TEST_TAGMATCH:
          h = h * 31u + designator_hash (&t->u.tagmatch.designator) + t->u.tagmatch.tag;
          break;
        case CQ_TEST_SUMRANGE:
          h = h * 31u + t->u.accumulator;
          break;
        case CQ_TEST_RELATION:
          break;
        default:
          h = h * 31u + t->u.result;
          break;
        }
    }
  for (guint i = 0; i < instance->n_move_tests; i++)
    {
      const CqTest *t = &instance->move_tests[i];

      h = h * 31u + t->kind + t->negate;
      if (t->kind != CQ_TEST_ENPASSANT)
        h = h * 31u + designator_hash (&t->u.designator);
    }
  return h;
}

/* ------------------------------------------------------------------ */
/* Destruction                                                         */

void
_cq_test_clear (CqTest *test)
{
  switch (test->kind)
    {
    case CQ_TEST_RAY:
      g_free (test->u.ray.path);
      break;
    case CQ_TEST_AND:
    case CQ_TEST_OR:
    case CQ_TEST_SEQUENCE:
      for (guint i = 0; i < test->u.lists.n_lists; i++)
        _cq_position_list_free (test->u.lists.lists[i]);
      g_free (test->u.lists.lists);
      break;
    case CQ_TEST_RELATION:
      g_free (test->u.relation);
      break;
    default:
      break;
    }
}

void
_cq_instance_clear (CqInstance *instance)
{
  for (guint i = 0; i < instance->n_tests; i++)
    _cq_test_clear (&instance->tests[i]);
  for (guint i = 0; i < instance->n_move_tests; i++)
    _cq_test_clear (&instance->move_tests[i]);
  g_free (instance->designators);
  g_free (instance->tests);
  g_free (instance->move_tests);
  memset (instance, 0, sizeof *instance);
}

void
_cq_position_list_free (CqPositionList *list)
{
  if (list == NULL)
    return;
  for (guint i = 0; i < list->n_instances; i++)
    _cq_instance_clear (&list->instances[i]);
  g_free (list->instances);
  for (guint g = 0; g < list->n_groups; g++)
    g_free (list->groups[g].indices);
  g_free (list->groups);
  g_free (list->unanchored);
  _cq_instance_clear (&list->template_);
  g_free (list);
}
