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
  f->designator.tag = -1;
  return f;
}

void
_cq6_filter_add_arg (Cq6Filter *filter, Cq6Filter *arg)
{
  filter->args = g_renew (Cq6Filter *, filter->args, filter->n_args + 1);
  filter->args[filter->n_args++] = arg;
}

void
_cq6_filter_free (Cq6Filter *filter)
{
  if (filter == NULL)
    return;
  for (guint i = 0; i < filter->n_args; i++)
    _cq6_filter_free (filter->args[i]);
  _cq6_orbit_index_clear (filter);
  g_free (filter->args);
  g_free (filter->string);
  if (filter->regex != NULL)
    g_regex_unref (filter->regex);
  g_free (filter);
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
