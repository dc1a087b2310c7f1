/* cq-cql6-line.c: CQL 6 filters over sequences of moves: line, the dash
 * filters and path, consecutivemoves.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql/cq-cql6-private.h"

gboolean
_cq6_parse_line_word (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  (void) p, (void) t, (void) out;
  return FALSE;
}

gboolean
_cq6_parse_line_punct (Cq6Parser *p, Cq6Token *t, Cq6Filter **out)
{
  (void) p, (void) t, (void) out;
  return FALSE;
}

gboolean
_cq6_eval_line (const Cq6Filter *f, Cq6Ctx *c, Cq6Val *v)
{
  (void) f, (void) c, (void) v;
  g_assert_not_reached ();
  return FALSE;
}
