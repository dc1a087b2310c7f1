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

/* A diagnostic (a damaged or skipped game, a file that could not be read
 * to its end) on standard error; under @quiet only the files'. */
void     cql_print_diagnostic (const CqDiagnostic *diag, gboolean quiet);

/* The count of damaged and skipped games after a run or a merge, on
 * standard error, if there were any; @quiet says where the details are. */
void     cql_print_damaged (const CqSearchProgress *progress, gboolean quiet);

/* `M matches of G games` and @tail_format (printf(), with what follows
 * it) on standard error: the last line of a run or a merge. */
void     cql_print_count (const CqSearchProgress *progress, const char *tail_format, ...)
                          G_GNUC_PRINTF (2, 3);

/* The diagnostics of a part (`cql --shard`): a file of the database that
 * could not be read to its end, on standard error; the games' ones are
 * kept in the part file for the merge. */
void     cql_part_on_diagnostic (const CqDiagnostic *diag, gpointer data);

/* `cql --merge PART... --output OUT`: writes what one run over the whole
 * database writes (cq_shard_merge()), atomically; says on standard error
 * what it did or why not.  Returns the exit status. */
int      cql_merge_parts (const char *const *parts, const char *output, gboolean quiet);

/* `cql --index FILE...` (@build) builds each file's index (cq_index_build()
 * on @n_threads threads, 0 for all cores), with progress on standard error
 * unless @quiet and a line per file saying what was built or why not;
 * `cql --index-info FILE...` (@info) says on standard output whether each
 * file has an up-to-date index (its columns' checksum checked too),
 * where, and of how many games.  @files: the arguments, NULL-terminated.
 * Returns the exit status: 0 if every file's index was built or is up to
 * date, 1 if not, 2 for a usage error (no file, or both options). */
int      cql_index_command (gboolean build, gboolean info, const char *const *files,
                            guint n_threads, gboolean quiet);

/* Whether @output is the query file @query_path (by its name, or as the
 * same file through any link); if so, says so on standard error. */
gboolean cql_output_is_query_file (const char *output, const char *query_path);

/* `cql --convert`: the CQL 3 query @path in CQL 6 (cq_query_convert_to_cql6()),
 * on standard output (@output NULL or "-") or written atomically to
 * @output (never the query file itself).  Errors on standard error as
 * "FILE:LINE:COLUMN: message".  Returns the exit status. */
int      cql_convert_query (const char *path, const char *output);
