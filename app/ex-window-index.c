/* ex-window-index.c: the index of the window's database.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's ExIndexer (ex-indexer.c) follows the database chosen: it
 * is told when a search starts (a build running stops at once) and when
 * one ends (the database's files without an up-to-date index are then
 * indexed in the background).  Its state is shown at the right of the
 * status line ("Indexed", "Indexing… 45%", "Not indexed", "Changed since
 * indexed", "Not indexable"), the details in its tooltip, with a button
 * that cancels the build (win.cancel-indexing).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "pgn/cq-pgn.h"
#include "ex-window-private.h"

static void
update_index (ExWindow *self)
{
  g_autofree char *label = ex_indexer_dup_label (self->indexer);
  g_autofree char *detail = ex_indexer_dup_detail (self->indexer);
  gboolean building = ex_indexer_get_state (self->indexer) == EX_INDEX_STATE_INDEXING;

  ex_statusbar_set_index (self->statusbar, label, detail, building);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-indexing", building);
}

void
_ex_window_index_set_databases (ExWindow *self)
{
  g_auto(GStrv) paths = _ex_window_get_database_paths (self);
  g_auto(GStrv) files = NULL;

  /* The files a search reads: a folder's, sub-folders included. */
  if (paths != NULL)
    files = cq_pgn_expand_inputs_full ((const char *const *) paths, TRUE, NULL);
  ex_indexer_set_files (self->indexer, (const char *const *) files);
}

void
_ex_window_cancel_indexing_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  ExWindow *self = EX_WINDOW (widget);

  if (ex_indexer_cancel (self->indexer))
    _ex_window_set_status (self, _("Indexing cancelled: the database is searched from its "
                                   "text"), FALSE);
}

void
_ex_window_setup_index (ExWindow *self)
{
  self->indexer = ex_indexer_new ();
  g_signal_connect_object (self->indexer, "notify::state", G_CALLBACK (update_index), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->indexer, "notify::fraction", G_CALLBACK (update_index), self,
                           G_CONNECT_SWAPPED);
  update_index (self);
}
