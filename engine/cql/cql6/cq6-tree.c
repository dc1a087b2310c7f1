/* cq6-tree.c: the nodes of the CQL 6 filter tree: creation, arguments,
 * deep copy (the transforms copy their argument), equality (orbits keep
 * distinct members once) and freeing.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cql6/cq6-private.h"

#include <string.h>

Cq6Filter *
_cq6_filter_new (Cq6Kind kind, Cq6Type type, guint line, guint column)
{
  Cq6Filter *f = g_new0 (Cq6Filter, 1);

  f->kind = kind;
  f->type = type;
  f->line = line;
  f->column = column;
  f->height = 1;
  f->designator.tag = -1;
  return f;
}

void
_cq6_filter_add_arg (Cq6Filter *filter, Cq6Filter *arg)
{
  filter->args = g_renew (Cq6Filter *, filter->args, filter->n_args + 1);
  filter->args[filter->n_args++] = arg;
  if (arg != NULL && arg->height >= filter->height)
    filter->height = arg->height + 1;
}

void
_cq6_filter_add_args (Cq6Filter *filter, GPtrArray *args)
{
  filter->args = g_renew (Cq6Filter *, filter->args, filter->n_args + args->len);
  for (guint i = 0; i < args->len; i++)
    {
      Cq6Filter *arg = args->pdata[i];

      filter->args[filter->n_args++] = arg;
      if (arg != NULL && arg->height >= filter->height)
        filter->height = arg->height + 1;
    }
  /* Emptied without its free function: the filters are @filter's now. */
  g_free (g_ptr_array_steal (args, NULL));
}

static void
filter_free_node (Cq6Filter *filter)
{
  _cq6_orbit_index_clear (filter);
  g_free (filter->args);
  g_free (filter->string);
  if (filter->regex != NULL)
    g_regex_unref (filter->regex);
  g_free (filter);
}

void
_cq6_filter_free (Cq6Filter *filter)
{
  GPtrArray *stack;

  if (filter == NULL)
    return;
  if (filter->n_args == 0)
    {
      filter_free_node (filter);
      return;
    }
  /* Without recursion: the reader frees trees it refuses for their
   * height (_cq6_height_check()), whatever it is. */
  stack = g_ptr_array_new ();
  g_ptr_array_add (stack, filter);
  while (stack->len > 0)
    {
      Cq6Filter *f = g_ptr_array_steal_index_fast (stack, stack->len - 1);

      for (guint i = 0; i < f->n_args; i++)
        if (f->args[i] != NULL)
          g_ptr_array_add (stack, f->args[i]);
      filter_free_node (f);
    }
  g_ptr_array_free (stack, TRUE);
}

Cq6Filter *
_cq6_filter_copy (const Cq6Filter *filter)
{
  Cq6Filter *copy;

  if (filter == NULL)
    return NULL;
  copy = g_memdup2 (filter, sizeof *filter);
  copy->string = g_strdup (filter->string);
  if (filter->regex != NULL)
    copy->regex = g_regex_ref (filter->regex);
  copy->args = filter->n_args ? g_new (Cq6Filter *, filter->n_args) : NULL;
  for (guint i = 0; i < filter->n_args; i++)
    copy->args[i] = _cq6_filter_copy (filter->args[i]);
  copy->groups = NULL;
  copy->unanchored = NULL;
  copy->n_groups = copy->n_unanchored = 0;
  if (copy->kind == CQ6_ORBIT)
    _cq6_orbit_index (copy);
  return copy;
}

/* Whether two orbits with as many members have the same members, in any
 * order: an orbit is the set of its images (their members are distinct),
 * and a transform of an orbit may list them in another order
 * (`flip count {Kd4 shift Rd2}`: the images of `shift Rd2` under each
 * flip are one orbit, so Kd4 and its diagonal mirror give one member, as
 * in CQL 6.2).  The member at the same place is tried first. */
static gboolean
orbit_members_equal (const Cq6Filter *a, const Cq6Filter *b)
{
  for (guint i = 0; i < a->n_args; i++)
    {
      gboolean found = _cq6_filter_equal (a->args[i], b->args[i]);

      for (guint j = 0; j < b->n_args && !found; j++)
        found = j != i && _cq6_filter_equal (a->args[i], b->args[j]);
      if (!found)
        return FALSE;
    }
  return TRUE;
}

gboolean
_cq6_filter_equal (const Cq6Filter *a, const Cq6Filter *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  /* The transform's name is no part of an image (CQL 6.2 compares images
   * without it, and keeps the first it lists). */
  if (a->kind == CQ6_CURRENTTRANSFORM && b->kind == CQ6_CURRENTTRANSFORM)
    return TRUE;
  if (a->kind != b->kind || a->type != b->type || a->which != b->which
      || a->directions != b->directions || a->number != b->number
      || a->range_min != b->range_min || a->range_max != b->range_max
      || a->designator.pieces != b->designator.pieces
      || a->designator.squares != b->designator.squares
      || g_strcmp0 (a->string, b->string) != 0 || a->n_args != b->n_args)
    return FALSE;
  if (a->kind == CQ6_ORBIT)
    return orbit_members_equal (a, b);
  for (guint i = 0; i < a->n_args; i++)
    if (!_cq6_filter_equal (a->args[i], b->args[i]))
      return FALSE;
  return TRUE;
}

Cq6Filter *
_cq6_node (Cq6Kind kind, Cq6Type type, const Cq6Token *at)
{
  return _cq6_filter_new (kind, type, at->line, at->column);
}

Cq6Filter *
_cq6_node1 (Cq6Kind kind, Cq6Type type, const Cq6Token *at, Cq6Filter *arg)
{
  Cq6Filter *f = _cq6_node (kind, type, at);

  _cq6_filter_add_arg (f, arg);
  return f;
}

Cq6Filter *
_cq6_node2 (Cq6Kind kind, Cq6Type type, const Cq6Token *at, Cq6Filter *a, Cq6Filter *b)
{
  Cq6Filter *f = _cq6_node1 (kind, type, at, a);

  _cq6_filter_add_arg (f, b);
  return f;
}

gboolean
_cq6_nest_enter (Cq6Parser *p, const Cq6Token *t)
{
  if (p->depth >= CQ6_MAX_NESTING)
    return _cq6_fail_at (p, t, CQ_QUERY_ERROR_SEMANTIC,
                         "the query nests more than %d deep here (brackets, braces, "
                         "prefix operators, keywords' arguments, comparisons and "
                         "function calls inside one another)", CQ6_MAX_NESTING);
  p->depth++;
  return TRUE;
}

void
_cq6_nest_leave (Cq6Parser *p)
{
  g_assert (p->depth > 0);
  p->depth--;
}

/* Sets the error on @p at the node of @f's tree where it passes @max
 * levels: down the highest branch to the node whose own subtree just
 * passes the bound. */
static void
fail_too_high (Cq6Parser *p, const Cq6Filter *f, guint max)
{
  const Cq6Filter *at = f;

  for (;;)
    {
      const Cq6Filter *next = NULL;

      for (guint i = 0; i < at->n_args; i++)
        if (at->args[i] != NULL && at->args[i]->height > max
            && (next == NULL || at->args[i]->height > next->height))
          next = at->args[i];
      if (next == NULL)
        break;
      at = next;
    }
  if (p->error != NULL && *p->error == NULL)
    _cq_query_set_error (p->error, CQ_QUERY_ERROR_SEMANTIC, p->filename, at->line, at->column,
                         "the query nests more than %d levels deep here (each operator of "
                         "a chain such as `a | b | c` or `x + y + z` is one level)",
                         CQ6_MAX_HEIGHT);
}

Cq6Filter *
_cq6_height_check (Cq6Parser *p, Cq6Filter *f)
{
  if (f == NULL || f->height <= CQ6_MAX_HEIGHT)
    return f;
  fail_too_high (p, f, CQ6_MAX_HEIGHT);
  _cq6_filter_free (f);
  return NULL;
}

gboolean
_cq6_tree_has_kind (const Cq6Filter *f, Cq6Kind a, Cq6Kind b)
{
  if (f == NULL)
    return FALSE;
  if (f->kind == a || f->kind == b)
    return TRUE;
  for (guint i = 0; i < f->n_args; i++)
    if (_cq6_tree_has_kind (f->args[i], a, b))
      return TRUE;
  return FALSE;
}

gboolean
_cq6_tree_height_ok (Cq6Parser *p, Cq6Filter *root, guint max)
{
  g_autoptr(GPtrArray) order = NULL;

  if (root == NULL)
    return TRUE;
  /* The nodes in pre-order, without recursion; then each node's height
   * from its arguments', last first, so that arguments come before the
   * nodes that hold them. */
  order = g_ptr_array_new ();
  g_ptr_array_add (order, root);
  for (guint k = 0; k < order->len; k++)
    {
      Cq6Filter *f = order->pdata[k];

      for (guint i = 0; i < f->n_args; i++)
        if (f->args[i] != NULL)
          g_ptr_array_add (order, f->args[i]);
    }
  for (guint k = order->len; k-- > 0;)
    {
      Cq6Filter *f = order->pdata[k];

      f->height = 1;
      for (guint i = 0; i < f->n_args; i++)
        if (f->args[i] != NULL && f->args[i]->height >= f->height)
          f->height = f->args[i]->height + 1;
    }
  if (root->height <= max)
    return TRUE;
  fail_too_high (p, root, max);
  return FALSE;
}

void
_cq6_filter_set_arg (Cq6Filter *filter, guint i, Cq6Filter *arg)
{
  g_return_if_fail (i < filter->n_args);
  filter->args[i] = arg;
  if (arg != NULL && arg->height >= filter->height)
    filter->height = arg->height + 1;
}

void
_cq6_filter_prepend_arg (Cq6Filter *filter, Cq6Filter *arg)
{
  filter->args = g_renew (Cq6Filter *, filter->args, filter->n_args + 1);
  memmove (filter->args + 1, filter->args, filter->n_args * sizeof *filter->args);
  filter->n_args++;
  _cq6_filter_set_arg (filter, 0, arg);
}
