/* ex-cql-provider.c: completion and hover for the query editor.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ExCqlProvider is the GtkSourceCompletionProvider and the
 * GtkSourceHoverProvider that ExCqlEditor adds to its view: completion
 * is triggered by ':' and '$' (or Ctrl+Space), proposes what
 * ex_cql_editor_list_proposals() lists (#ExCqlProposal: a word and its
 * description), and hover shows ex_cql_editor_dup_hover_text().  What to
 * propose and explain is the editor's knowledge; this file is only the
 * GtkSourceView plumbing.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ex-cql-editor.h"
#include "ex-cql-provider.h"

/* ------------------------------------------------------------------------
 * ExCqlProposal
 */

struct _ExCqlProposal
{
  GObject  parent_instance;
  char    *word;
  char    *description;
};

static void ex_cql_proposal_iface_init (GtkSourceCompletionProposalInterface *iface) { }

G_DEFINE_FINAL_TYPE_WITH_CODE (ExCqlProposal, ex_cql_proposal, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GTK_SOURCE_TYPE_COMPLETION_PROPOSAL,
                                                      ex_cql_proposal_iface_init))

static void
ex_cql_proposal_finalize (GObject *object)
{
  ExCqlProposal *self = EX_CQL_PROPOSAL (object);

  g_free (self->word);
  g_free (self->description);
  G_OBJECT_CLASS (ex_cql_proposal_parent_class)->finalize (object);
}

static void
ex_cql_proposal_class_init (ExCqlProposalClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ex_cql_proposal_finalize;
}

static void
ex_cql_proposal_init (ExCqlProposal *self)
{
}

ExCqlProposal *
ex_cql_proposal_new (const char *word,
                     const char *description)
{
  ExCqlProposal *self = g_object_new (EX_TYPE_CQL_PROPOSAL, NULL);

  self->word = g_strdup (word);
  self->description = g_strdup (description);
  return self;
}

const char *
ex_cql_proposal_get_word (ExCqlProposal *self)
{
  g_return_val_if_fail (EX_IS_CQL_PROPOSAL (self), NULL);

  return self->word;
}

/* ------------------------------------------------------------------------
 * ExCqlProvider: completion and hover in one object
 */

struct _ExCqlProvider
{
  GObject       parent_instance;
  ExCqlEditor  *editor;   /* weak: the editor owns the provider */
  char         *prefix;
};

static void completion_iface_init (GtkSourceCompletionProviderInterface *iface);
static void hover_iface_init (GtkSourceHoverProviderInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ExCqlProvider, ex_cql_provider, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GTK_SOURCE_TYPE_COMPLETION_PROVIDER,
                                                      completion_iface_init)
                               G_IMPLEMENT_INTERFACE (GTK_SOURCE_TYPE_HOVER_PROVIDER,
                                                      hover_iface_init))

static void
ex_cql_provider_finalize (GObject *object)
{
  ExCqlProvider *self = EX_CQL_PROVIDER (object);

  g_clear_weak_pointer (&self->editor);
  g_free (self->prefix);
  G_OBJECT_CLASS (ex_cql_provider_parent_class)->finalize (object);
}

static void
ex_cql_provider_class_init (ExCqlProviderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ex_cql_provider_finalize;
}

static void
ex_cql_provider_init (ExCqlProvider *self)
{
}

ExCqlProvider *
ex_cql_provider_new (ExCqlEditor *editor)
{
  ExCqlProvider *self;

  g_return_val_if_fail (EX_IS_CQL_EDITOR (editor), NULL);

  self = g_object_new (EX_TYPE_CQL_PROVIDER, NULL);
  g_set_weak_pointer (&self->editor, editor);
  return self;
}

/* ------------------------------------------------------------------------
 * GtkSourceCompletionProvider and GtkSourceHoverProvider
 */

/* The start of the word (keyword characters, ':' and '$') ending at the
 * context's cursor. */
static char *
context_prefix (GtkSourceCompletionContext *context,
                GtkTextIter                *word_start,
                GtkTextIter                *cursor)
{
  GtkTextIter begin;

  gtk_source_completion_context_get_bounds (context, &begin, cursor);
  *word_start = *cursor;
  while (!gtk_text_iter_starts_line (word_start))
    {
      GtkTextIter prev = *word_start;

      gtk_text_iter_backward_char (&prev);
      if (!ex_cql_is_word_char (gtk_text_iter_get_char (&prev)))
        break;
      *word_start = prev;
    }
  return gtk_text_iter_get_text (word_start, cursor);
}

static char *
provider_get_title (GtkSourceCompletionProvider *provider)
{
  return g_strdup (_("CQL"));
}

static gboolean
provider_is_trigger (GtkSourceCompletionProvider *provider,
                     const GtkTextIter           *iter,
                     gunichar                     ch)
{
  return ch == ':' || ch == '$';
}

static GListModel *
provider_populate (GtkSourceCompletionProvider  *provider,
                   GtkSourceCompletionContext   *context,
                   GError                      **error)
{
  ExCqlProvider *self = EX_CQL_PROVIDER (provider);
  GtkTextIter start, cursor;
  g_autofree char *prefix = context_prefix (context, &start, &cursor);

  if (self->editor == NULL || prefix[0] == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "nothing to complete");
      return NULL;
    }
  g_free (self->prefix);
  self->prefix = g_strdup (prefix);
  return G_LIST_MODEL (ex_cql_editor_list_proposals (self->editor, prefix));
}

static void
provider_populate_async (GtkSourceCompletionProvider *provider,
                         GtkSourceCompletionContext  *context,
                         GCancellable                *cancellable,
                         GAsyncReadyCallback          callback,
                         gpointer                     user_data)
{
  g_autoptr(GTask) task = g_task_new (provider, cancellable, callback, user_data);
  GError *error = NULL;
  GListModel *model = provider_populate (provider, context, &error);

  if (model == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, model, g_object_unref);
}

static GListModel *
provider_populate_finish (GtkSourceCompletionProvider  *provider,
                          GAsyncResult                 *result,
                          GError                      **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
provider_refilter (GtkSourceCompletionProvider *provider,
                   GtkSourceCompletionContext  *context,
                   GListModel                  *model)
{
  ExCqlProvider *self = EX_CQL_PROVIDER (provider);
  GtkTextIter start, cursor;
  g_autofree char *prefix = context_prefix (context, &start, &cursor);
  g_autoptr(GListStore) fresh = NULL;

  if (self->editor == NULL || !G_IS_LIST_STORE (model))
    return;
  fresh = ex_cql_editor_list_proposals (self->editor, prefix);
  g_list_store_remove_all (G_LIST_STORE (model));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (fresh)); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (fresh), i);

      g_list_store_append (G_LIST_STORE (model), item);
    }
}

static void
provider_display (GtkSourceCompletionProvider *provider,
                  GtkSourceCompletionContext  *context,
                  GtkSourceCompletionProposal *proposal,
                  GtkSourceCompletionCell     *cell)
{
  ExCqlProposal *p = EX_CQL_PROPOSAL (proposal);

  switch (gtk_source_completion_cell_get_column (cell))
    {
    case GTK_SOURCE_COMPLETION_COLUMN_TYPED_TEXT:
      gtk_source_completion_cell_set_text (cell, ex_cql_proposal_get_word (p));
      break;
    case GTK_SOURCE_COMPLETION_COLUMN_COMMENT:
    case GTK_SOURCE_COMPLETION_COLUMN_DETAILS:
      gtk_source_completion_cell_set_text (cell, p->description);
      break;
    default:
      gtk_source_completion_cell_set_text (cell, NULL);
      break;
    }
}

static void
provider_activate (GtkSourceCompletionProvider *provider,
                   GtkSourceCompletionContext  *context,
                   GtkSourceCompletionProposal *proposal)
{
  GtkTextIter start, cursor;
  g_autofree char *prefix = context_prefix (context, &start, &cursor);
  GtkTextBuffer *buffer = gtk_text_iter_get_buffer (&cursor);

  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_delete (buffer, &start, &cursor);
  gtk_text_buffer_insert (buffer, &start,
                          ex_cql_proposal_get_word (EX_CQL_PROPOSAL (proposal)), -1);
  gtk_text_buffer_end_user_action (buffer);
}

static void
completion_iface_init (GtkSourceCompletionProviderInterface *iface)
{
  iface->get_title = provider_get_title;
  iface->is_trigger = provider_is_trigger;
  iface->populate_async = provider_populate_async;
  iface->populate_finish = provider_populate_finish;
  iface->refilter = provider_refilter;
  iface->display = provider_display;
  iface->activate = provider_activate;
}

static gboolean
hover_populate (GtkSourceHoverProvider  *provider,
                GtkSourceHoverContext   *context,
                GtkSourceHoverDisplay   *display,
                GError                 **error)
{
  ExCqlProvider *self = EX_CQL_PROVIDER (provider);
  GtkTextIter iter;
  g_autofree char *text = NULL;
  GtkWidget *label;

  if (self->editor == NULL || !gtk_source_hover_context_get_iter (context, &iter) ||
      (text = ex_cql_editor_dup_hover_text (self->editor, &iter)) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "nothing to explain here");
      return FALSE;
    }

  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_source_hover_display_append (display, label);
  return TRUE;
}

static void
hover_populate_async (GtkSourceHoverProvider *provider,
                      GtkSourceHoverContext  *context,
                      GtkSourceHoverDisplay  *display,
                      GCancellable           *cancellable,
                      GAsyncReadyCallback     callback,
                      gpointer                user_data)
{
  g_autoptr(GTask) task = g_task_new (provider, cancellable, callback, user_data);
  GError *error = NULL;

  if (hover_populate (provider, context, display, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
hover_populate_finish (GtkSourceHoverProvider  *provider,
                       GAsyncResult            *result,
                       GError                 **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
hover_iface_init (GtkSourceHoverProviderInterface *iface)
{
  iface->populate_async = hover_populate_async;
  iface->populate_finish = hover_populate_finish;
}
