/* cq-output-file.h: a file of results written atomically, keeping the
 * protections of the file it replaces (the cql tool's output, the
 * workbench's export).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CqOutputFile CqOutputFile;

/**
 * cq_output_file_open:
 * @path: the file to write.
 * @error: a #GError, or %NULL.
 *
 * Gets ready to write @path, as a careful `>` would, but atomically:
 *
 * - a symbolic link is followed to its final target, and the target is
 *   replaced (the link stays a link);
 * - an existing regular file must be writable by the user (access(2)), or
 *   the write is refused at once; the new file gets its mode and, where
 *   the user may set them, its owner and group;
 * - the data goes to a temporary file `.NAME.cql-tmp-XXXXXX` beside the
 *   target (NAME: the target's name, its first 200 bytes), which
 *   cq_output_file_commit() renames over it; until then the old file is
 *   untouched, and cq_output_file_free() without a commit removes the
 *   temporary file.  The temporary file is locked (flock(2)) while it is
 *   open; those of the same name that no process holds locked, left by a
 *   crash or SIGKILL, are removed first (only the user's own);
 * - a file with several hard links is written in place at the commit (the
 *   temporary file's bytes are copied into it), so that every link sees the
 *   new data: not atomic, but the old data stays whole until the search is
 *   done, and then until the room for the new data is reserved in the file
 *   (fallocate(2)): a full disk, the file size limit or the quota refuse
 *   the commit with the old data whole;
 * - anything that is not a regular file (a device such as /dev/null, a
 *   FIFO) is written directly.
 *
 * Returns: (transfer full): the output, or %NULL with a %G_FILE_ERROR:
 *   %G_FILE_ERROR_INVAL for an empty name, %G_FILE_ERROR_ISDIR,
 *   %G_FILE_ERROR_ACCES for a file or directory the user may not write,
 *   %G_FILE_ERROR_LOOP for a symbolic link loop, or the error of creating
 *   the temporary file; the message names @path (docs/cql.md, "Output").
 */
CqOutputFile *cq_output_file_open    (const char *path, GError **error);

/* The descriptor to write the data to (the temporary file's, or the
 * target's when it is written directly).  Owned by the output. */
int           cq_output_file_get_fd  (CqOutputFile *output);

/**
 * cq_output_file_commit:
 *
 * Flushes the data to disk (fsync) and puts it in place: renames the
 * temporary file over the target, or copies it into a hard-linked target
 * once the target has the room for it.
 *
 * Returns: TRUE on success, else FALSE with a %G_FILE_ERROR naming the
 *   file (%G_FILE_ERROR_NOSPC, %G_FILE_ERROR_FAILED for EFBIG or EDQUOT,
 *   ... with "its old data is left whole" when a hard-linked target had no
 *   room); the temporary file is removed either way.
 */
gboolean      cq_output_file_commit  (CqOutputFile *output, GError **error);

/* Closes the output; without a commit the temporary file is removed and
 * the old file (if any) is left as it was. */
void          cq_output_file_free    (CqOutputFile *output);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CqOutputFile, cq_output_file_free)

G_END_DECLS
