/* compress-util.h: compressed fixtures made by the tests themselves.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* Compresses @src with the command-line @tool (gzip, bzip2, xz, zstd, lz4:
 * "TOOL -c SRC > DEST") into @dest.  Returns @dest (transfer full), or NULL
 * when @tool is not installed; aborts the test if @tool fails. */
char *test_compress_file (const char *src, const char *tool, const char *dest);
