/* cq-cql6-output.c: CQL 6 filters that write: comment, message, sort.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-cql6-private.h"

gboolean
_cq6_parse_output_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  (void) p, (void) t, (void) out;
  return FALSE;
}

gboolean
_cq6_eval_output (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  (void) f, (void) c, (void) v;
  g_assert_not_reached ();
  return FALSE;
}

void
_cq6_output_finish (Cq6State *st, CqMatchInfo *info)
{
  (void) st, (void) info;
}

void
_cq6_program_free_output (Cq6Program *prog)
{
  g_clear_pointer (&prog->sorts, g_ptr_array_unref);
}
