/* ex-export.h: write the matched games of a search to a PGN file.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "search/cq-annotate.h"

G_BEGIN_DECLS

gboolean ex_export_check_destination (const char    *dest_path,
                                      const char    *pgn_path,
                                      GError       **error);
gboolean ex_export_write             (const char    *pgn_path,
                                      GPtrArray     *results,
                                      const char    *dest_path,
                                      const CqAnnotationStyle *style,
                                      GCancellable  *cancellable,
                                      guint         *n_written,
                                      GError       **error);
void     ex_export_async             (const char         *pgn_path,
                                      GPtrArray          *results,
                                      const char         *dest_path,
                                      const CqAnnotationStyle *style,
                                      GCancellable       *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
gboolean ex_export_finish            (GAsyncResult  *result,
                                      guint         *n_written,
                                      GError       **error);

G_END_DECLS
