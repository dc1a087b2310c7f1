/* cq-cql6-positions.c: CQL 6 filters about other positions of the game:
 * `:` (a filter evaluated at another position), the position filters
 * (parent, child, ancestor, ...), find and echo.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-cql6-private.h"

gboolean
_cq6_parse_positions_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  (void) p, (void) t, (void) out;
  return FALSE;
}

gboolean
_cq6_eval_positions (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  (void) f, (void) c, (void) v;
  g_assert_not_reached ();
  return FALSE;
}
