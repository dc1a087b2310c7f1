/* ex-viewer-private.c: internals shared by the files of app/viewer.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ex-viewer-private.h"
#include "ex-viewer-resources.h"

void
_ex_viewer_ensure_resources (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      ex_viewer_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}
