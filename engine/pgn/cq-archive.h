/* cq-archive.h: libarchive's functions, from the library loaded at run time
 * (cq-archive.c says why).  Internal to engine/pgn.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <archive.h>
#include <archive_entry.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* The functions of libarchive the engine calls, with their <archive.h>
 * types (the headers are read at build time; the library is not linked). */
typedef struct {
  struct archive *(*read_new) (void);
  int             (*read_free) (struct archive *a);
  int             (*read_support_filter_all) (struct archive *a);
  int             (*read_support_format_zip) (struct archive *a);
  int             (*read_support_format_raw) (struct archive *a);
  int             (*read_open) (struct archive *a, void *client_data,
                                archive_open_callback *open, archive_read_callback *read,
                                archive_close_callback *close);
  int             (*read_next_header) (struct archive *a, struct archive_entry **entry);
  la_ssize_t      (*read_data) (struct archive *a, void *buf, size_t len);
  int             (*read_data_skip) (struct archive *a);
  const char     *(*error_string) (struct archive *a);
  void            (*set_error) (struct archive *a, int code, const char *fmt, ...)
                    G_GNUC_PRINTF (3, 4);
  const char     *(*entry_pathname) (struct archive_entry *entry);
  __LA_MODE_T     (*entry_filetype) (struct archive_entry *entry);
  la_int64_t      (*entry_size) (struct archive_entry *entry);
  int             (*entry_size_is_set) (struct archive_entry *entry);
} CqArchiveApi;

/**
 * _cq_archive_api:
 * @error: return location for a #GError
 *
 * libarchive's functions, the library (soname libarchive.so.13) loaded on
 * the first call, once, from any thread, and kept loaded.
 *
 * Returns: (transfer none): the functions, or %NULL with @error
 *   (%G_IO_ERROR_NOT_SUPPORTED) when the library or one of its functions
 *   cannot be loaded: compressed databases cannot be read then.
 */
const CqArchiveApi *_cq_archive_api (GError **error);

G_END_DECLS
