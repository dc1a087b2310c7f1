/* cql-convert.c: `cql --convert QUERY`, a CQL 3 query in CQL 6
 * (cq_query_convert_to_cql6()), and the check that an output is not the
 * query file, which the search makes too.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cql/cq-query.h"
#include "pgn/cq-output-file.h"
#include "cql-private.h"

gboolean
cql_output_is_query_file (const char *output, const char *query_path)
{
  if (!g_str_equal (output, query_path) && !cql_same_file (output, query_path))
    return FALSE;
  fprintf (stderr, "cql: the output '%s' is the query file; refusing to overwrite it\n", output);
  return TRUE;
}

int
cql_convert_query (const char *path, const char *output)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *converted = NULL;
  g_autoptr(CqOutputFile) file = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &text, &len, &error))
    {
      fprintf (stderr, "%s: cannot read the query file: %s\n", path, error->message);
      return EXIT_FAILURE_;
    }
  if (len > CQ_QUERY_MAX_FILE_SIZE)
    {
      fprintf (stderr, "%s: cannot read the query file: longer than %d bytes\n", path,
               CQ_QUERY_MAX_FILE_SIZE);
      return EXIT_FAILURE_;
    }
  converted = cq_query_convert_to_cql6 (text, len, path, &error);
  if (converted == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return EXIT_FAILURE_;
    }
  if (output == NULL || g_str_equal (output, "-"))
    {
      if (fputs (converted, stdout) == EOF || fflush (stdout) != 0)
        {
          fprintf (stderr, "cql: cannot write to standard output: %s\n", g_strerror (errno));
          return EXIT_FAILURE_;
        }
      return EXIT_OK;
    }
  if (cql_output_is_query_file (output, path))
    return EXIT_FAILURE_;
  /* Written beside the target and renamed over it once whole. */
  file = cq_output_file_open (output, &error);
  if (file == NULL)
    {
      fprintf (stderr, "cql: cannot write '%s': %s\n", output, error->message);
      return EXIT_FAILURE_;
    }
  for (gsize done = 0, total = strlen (converted); done < total;)
    {
      gssize n = write (cq_output_file_get_fd (file), converted + done, total - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          /* The temporary file goes with @file; the target is untouched. */
          fprintf (stderr, "cql: cannot write '%s': %s\n", output, g_strerror (errno));
          return EXIT_FAILURE_;
        }
      done += (gsize) n;
    }
  if (!cq_output_file_commit (file, &error))
    {
      fprintf (stderr, "cql: cannot write '%s': %s\n", output, error->message);
      return EXIT_FAILURE_;
    }
  return EXIT_OK;
}
