/* cq-anticipate-index.c: the necessary condition on a game's summary of a
 * position search query (cq_query_get_index_condition(), docs/index.md).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cql/common/cq-common-private.h"

/* Not analysed yet: every game is read. */
CqIndexCondition *
_cq_anticipation_index_condition (const CqAnticipation *anticipation)
{
  return cq_index_condition_new_true ();
}
