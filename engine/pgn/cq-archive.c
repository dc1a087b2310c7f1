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
#include "pgn/cq-archive.h"
#include "pgn/cq-module.h"

#define SYMBOL(field, name) { name, G_STRUCT_OFFSET (CqArchiveApi, field) }

static const CqModuleSymbol symbols[] = {
  SYMBOL (read_new, "archive_read_new"),
  SYMBOL (read_free, "archive_read_free"),
  SYMBOL (read_support_filter_all, "archive_read_support_filter_all"),
  SYMBOL (read_support_format_zip, "archive_read_support_format_zip"),
  SYMBOL (read_support_format_raw, "archive_read_support_format_raw"),
  SYMBOL (read_open, "archive_read_open"),
  SYMBOL (read_next_header, "archive_read_next_header"),
  SYMBOL (read_data, "archive_read_data"),
  SYMBOL (read_data_skip, "archive_read_data_skip"),
  SYMBOL (error_string, "archive_error_string"),
  SYMBOL (set_error, "archive_set_error"),
  SYMBOL (entry_pathname, "archive_entry_pathname"),
  SYMBOL (entry_filetype, "archive_entry_filetype"),
  SYMBOL (entry_size, "archive_entry_size"),
  SYMBOL (entry_size_is_set, "archive_entry_size_is_set"),
  { NULL, 0 }
};

static CqArchiveApi api;

/* The library's name with its ABI version: libarchive has kept soname 13
 * since 3.0 (2011); Debian's package is libarchive13. */
static CqModule module = {
  "libarchive.so.13", "libarchive13", "for compressed databases", symbols, &api, G_ONCE_INIT,
  NULL
};

const CqArchiveApi *
_cq_archive_api (GError **error)
{
  return _cq_module_load (&module, error);
}
