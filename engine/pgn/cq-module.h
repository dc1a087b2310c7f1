/* cq-module.h: a shared library opened at run time, its functions looked
 * up once into a table (libarchive: cq-archive.c; libzstd: cq-pgn-zstd.c).
 * Internal to engine/pgn.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* One function of the library: its symbol, and where its address goes in
 * the table (G_STRUCT_OFFSET() of the table's field). */
typedef struct {
  const char *symbol;
  gsize       offset;
} CqModuleSymbol;

/* A library to open at run time.  The caller fills the first five fields
 * in a static initialiser, with G_ONCE_INIT for @once; the last two are
 * _cq_module_load()'s. */
typedef struct {
  const char           *soname;     /* with its ABI version: "libzstd.so.1" */
  const char           *package;    /* the Debian package that brings it */
  const char           *needed;     /* what for, after "needed": "for ..." */
  const CqModuleSymbol *symbols;    /* ending with { NULL, 0 } */
  gpointer              table;      /* a struct of function pointers */
  GOnce                 once;
  GError               *error;
} CqModule;

/**
 * _cq_module_load:
 * @module: the library and its functions
 * @error: return location for a #GError
 *
 * Opens @module's library on the first call (once, whatever the thread),
 * writes the address of each of its symbols into @module->table and keeps
 * the library loaded for the life of the process; later calls return the
 * same answer.
 *
 * Returns: (transfer none): @module->table, or %NULL with @error
 *   (%G_IO_ERROR_NOT_SUPPORTED) when the library cannot be opened or lacks
 *   one of the symbols; the message names the library, its Debian package
 *   or the missing symbol, and what the library is needed for.
 */
gpointer _cq_module_load (CqModule *module, GError **error);

G_END_DECLS
