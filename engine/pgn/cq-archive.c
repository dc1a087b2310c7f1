/* cq-archive.c: libarchive, loaded the first time a compressed database is
 * opened.
 *
 * libarchive brings a dozen libraries with it (liblzma, libzstd, liblz4,
 * libbz2, nettle, libacl, libxml2 and through it ICU and libstdc++).  Linked
 * into the program, the dynamic loader maps and relocates all of them at
 * every start: measured on this project's machine, that is about 10 ms of
 * the 22 ms of CPU a `cql` run on a small file costs, although most
 * databases are plain PGN and never need it.  So the engine links against
 * its headers only and opens the library with GModule when a compressed
 * input (cq-pgn-input.c, cq-pgn-check.c) first needs it.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gmodule.h>

#include "pgn/cq-archive.h"

/* The library's name with its ABI version: libarchive has kept soname 13
 * since 3.0 (2011); Debian's package is libarchive13. */
#define ARCHIVE_SONAME "libarchive.so.13"

static CqArchiveApi api;
static GError *load_error;

static gboolean
load_symbol (GModule *module, const char *name, gpointer *slot)
{
  if (g_module_symbol (module, name, slot) && *slot != NULL)
    return TRUE;
  g_set_error (&load_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               "%s has no %s: compressed databases cannot be read (%s)",
               ARCHIVE_SONAME, name, g_module_error ());
  return FALSE;
}

static gpointer
load_api (gpointer data)
{
  GModule *module = g_module_open (ARCHIVE_SONAME, G_MODULE_BIND_LOCAL);
  gboolean ok;

  if (module == NULL)
    {
      g_set_error (&load_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "cannot load %s, needed for compressed databases (Debian package "
                   "libarchive13): %s", ARCHIVE_SONAME, g_module_error ());
      return NULL;
    }
#define LOAD(field, name) load_symbol (module, name, (gpointer *) &api.field)
  ok = LOAD (read_new, "archive_read_new")
       && LOAD (read_free, "archive_read_free")
       && LOAD (read_support_filter_all, "archive_read_support_filter_all")
       && LOAD (read_support_format_zip, "archive_read_support_format_zip")
       && LOAD (read_support_format_raw, "archive_read_support_format_raw")
       && LOAD (read_open, "archive_read_open")
       && LOAD (read_next_header, "archive_read_next_header")
       && LOAD (read_data, "archive_read_data")
       && LOAD (read_data_skip, "archive_read_data_skip")
       && LOAD (error_string, "archive_error_string")
       && LOAD (set_error, "archive_set_error")
       && LOAD (entry_pathname, "archive_entry_pathname")
       && LOAD (entry_filetype, "archive_entry_filetype")
       && LOAD (entry_size, "archive_entry_size")
       && LOAD (entry_size_is_set, "archive_entry_size_is_set");
#undef LOAD
  if (!ok)
    {
      g_module_close (module);
      return NULL;
    }
  /* Kept for the life of the process: the functions are called from any
   * thread that reads a compressed input. */
  g_module_make_resident (module);
  return &api;
}

const CqArchiveApi *
_cq_archive_api (GError **error)
{
  static GOnce once = G_ONCE_INIT;
  const CqArchiveApi *loaded = g_once (&once, load_api, NULL);

  if (loaded == NULL && error != NULL)
    *error = g_error_copy (load_error);
  return loaded;
}
