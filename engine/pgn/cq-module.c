/* cq-module.c: a shared library opened at run time with GModule, its
 * functions looked up into a table (cq-module.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gmodule.h>

#include "pgn/cq-module.h"

static gpointer
load (gpointer data)
{
  CqModule *m = data;
  GModule *module = g_module_open (m->soname, G_MODULE_BIND_LOCAL);

  if (module == NULL)
    {
      g_set_error (&m->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "cannot load %s, needed %s (Debian package %s): %s", m->soname, m->needed,
                   m->package, g_module_error ());
      return NULL;
    }
  for (const CqModuleSymbol *s = m->symbols; s->symbol != NULL; s++)
    {
      gpointer *slot = G_STRUCT_MEMBER_P (m->table, s->offset);

      if (!g_module_symbol (module, s->symbol, slot) || *slot == NULL)
        {
          const char *why = g_module_error ();

          g_set_error (&m->error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       "%s has no %s, needed %s (%s)", m->soname, s->symbol, m->needed,
                       why != NULL ? why : "its address is NULL");
          g_module_close (module);
          return NULL;
        }
    }
  /* Kept for the life of the process: the functions are called from any
   * thread that reads a compressed input. */
  g_module_make_resident (module);
  return m->table;
}

gpointer
_cq_module_load (CqModule *module, GError **error)
{
  gpointer table = g_once (&module->once, load, module);

  if (table == NULL)
    g_propagate_error (error, g_error_copy (module->error));
  return table;
}
