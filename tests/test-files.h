/* test-files.h: the file helpers the tests share.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* Removes @path and, if it is a folder, everything in it; a symbolic link
 * is removed, never followed.  Errors are ignored (a test's temporary
 * folder that cannot be removed is left behind). */
void test_remove_tree (const char *path);

/* The paths of the files named *.pgn in @dir and the folders below it, in
 * the order of their names at each level, sorted (g_ptr_array_unref()
 * frees them); none if @dir cannot be read. */
GPtrArray *test_find_pgn_files (const char *dir);
