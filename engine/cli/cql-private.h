/* cql-private.h: what the `cql` tool's files share (cql.c, cql-shard.c).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "search/cq-search.h"

enum { EXIT_OK = 0, EXIT_FAILURE_ = 1, EXIT_USAGE = 2 };

/* TRUE if @a and @b name one file (same device and inode). */
gboolean cql_same_file (const char *a, const char *b);

/* A CQL 6 `message` on standard output as CQL 6.2 prints it:
 * `Game: N WHERE: TEXT`, control characters escaped. */
void     cql_print_message (const CqGameSource *source, const CqMessage *message);

/* The diagnostics of a part (`cql --shard`): a file of the database that
 * could not be read to its end, on standard error; the games' ones are
 * kept in the part file for the merge. */
void     cql_part_on_diagnostic (const CqDiagnostic *diag, gpointer data);

/* `cql --merge PART... --output OUT`: writes what one run over the whole
 * database writes (cq_shard_merge()), atomically; says on standard error
 * what it did or why not.  Returns the exit status. */
int      cql_merge_parts (const char *const *parts, const char *output, gboolean quiet);
