/* cql6-test-util.c: what the CQL 6 engine tests share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cql6-test-util.h"

#include <string.h>

#include "cql/cq-query.h"

void
cql6_test_errors (const Cql6ErrorCase *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CqQuery) query = cq_query_new_from_string (cases[i].text, "q.cql", &error);

      g_test_message ("%s -> %s", cases[i].text, error != NULL ? error->message : "(read)");
      g_assert_null (query);
      g_assert_nonnull (error);
      if (cases[i].message != NULL)
        g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}
