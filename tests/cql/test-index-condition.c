/* test-index-condition.c: necessary conditions on game summaries
 * (cq-index-condition.h): their algebra, the summaries they test
 * (cq_game_summarize()), the conditions of CQL 3 queries and position
 * searches, and their soundness over the repository's queries and games.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cql-test-util.h"

static char *
fixture_path (const char *first, ...)
{
  const char *fixtures = g_getenv ("EXCELSIOR_FIXTURES");
  va_list ap;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *part;

  g_assert_nonnull (fixtures);
  g_ptr_array_add (parts, (gpointer) fixtures);
  va_start (ap, first);
  for (part = first; part != NULL; part = va_arg (ap, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (ap);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

static void
test_sound_golden (void)
{
  g_autofree char *pgn = fixture_path ("chess", "kasparov-deep-blue-1997.pgn", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CqQuery) query = cq_query_new_from_string ("(match (position :mate))", NULL,
                                                       &error);

  g_assert_no_error (error);
  cql_test_assert_index_sound (query, pgn);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-condition/sound/simple", test_sound_golden);
  return g_test_run ();
}
