/* ex-window-test.c: the accessors only the tests use (ex-window-test.h).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a user sees or does that a test checks or does through the window:
 * the widgets it reads (labels, buttons, the status line, the list of
 * damaged games), the query's text and document, the results list's sort
 * and filter, the current search.
 */
#include "config.h"

#include "ex-window-private.h"
#include "ex-window-test.h"

void
ex_window_set_query_text (ExWindow   *self,
                          const char *text)
{
  g_return_if_fail (EX_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  ex_query_document_set_text (self->document, text, TRUE);
}

GtkTextBuffer *
ex_window_get_query_buffer (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return GTK_TEXT_BUFFER (ex_query_document_get_buffer (self->document));
}

ExQueryDocument *
ex_window_get_query_document (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->document;
}

void
ex_window_sort_results (ExWindow       *self,
                        ExResultColumn  column,
                        GtkSortType     order)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_sort (self->results_view, column, order);
}

gboolean
ex_window_is_sorting (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return ex_results_view_is_sorting (self->results_view);
}

void
ex_window_set_filter_text (ExWindow   *self,
                           const char *text)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_set_filter_text (self->results_view, text);
}

void
ex_window_add_to_selection (ExWindow *self,
                            guint     position)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  ex_results_view_select (self->results_view, position, FALSE);
}

GtkWidget *
ex_window_get_game_view (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->game_view;
}

const char *
ex_window_get_status_text (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return ex_statusbar_get_message (self->statusbar);
}

gboolean
ex_window_get_status_is_error (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return ex_statusbar_get_is_error (self->statusbar);
}

gboolean
ex_window_get_error_location (ExWindow *self,
                              guint    *line,
                              guint    *column)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), FALSE);

  return ex_cql_editor_get_error_location (self->cql_editor, line, column);
}

ExCqlEditor *
ex_window_get_cql_editor (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->cql_editor;
}

GtkSourceView *
ex_window_get_editor_view (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->editor;
}

GtkLabel *
ex_window_get_dialect_label (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->query_dialect_label;
}

ExIndexer *
ex_window_get_indexer (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->indexer;
}

ExSearch *
ex_window_get_search (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->search;
}

GtkLabel *
ex_window_get_query_file_label (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->query_file_label;
}

GtkLabel *
ex_window_get_database_label (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->database_label;
}

GtkMenuButton *
ex_window_get_database_button (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->database_button;
}

GtkMenuButton *
ex_window_get_symbols_button (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->symbols_button;
}

GtkButton *
ex_window_get_convert_button (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->convert_button;
}

ExStatusbar *
ex_window_get_statusbar (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->statusbar;
}

ExDiagnostics *
ex_window_get_diagnostics (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->diagnostics_view;
}

guint
ex_window_get_n_databases (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), 0);

  return self->databases->len;
}

char *
ex_window_dup_database_name (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return _ex_window_dup_database_name (self);
}

GMenuModel *
ex_window_build_database_menu (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return _ex_window_build_database_menu (self);
}

void
ex_window_use_sample_database (ExWindow *self)
{
  g_return_if_fail (EX_IS_WINDOW (self));

  _ex_window_use_sample_database (self);
}

GtkToggleButton *
ex_window_get_theme_tools_button (ExWindow *self)
{
  g_return_val_if_fail (EX_IS_WINDOW (self), NULL);

  return self->theme_tools_button;
}
