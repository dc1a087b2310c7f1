/* compress-util.c: compressed fixtures made by the tests themselves.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "compress-util.h"

char *
test_compress_file (const char *src, const char *tool, const char *dest)
{
  g_autofree char *exe = g_find_program_in_path (tool);
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (exe == NULL)
    return NULL;
  command = g_strdup_printf ("sh -c '%s -c \"%s\" > \"%s\"'", exe, src, dest);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_strdup (dest);
}
