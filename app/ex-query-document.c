/* ex-query-document.c: the query being edited: its text, file, name and dialect.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialect is told from the text's first word at each change, so that
 * a pasted CQL 6 query is highlighted as CQL 6 at once; the buffer's
 * language follows from an idle (see update_dialect()).  Files are read
 * whole and refused unless they are UTF-8; they are written atomically
 * (g_file_replace_contents()).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ex-query-document.h"

#define CQL_MIME_TYPE "text/x-cql"
#define MAX_RECENT    10

struct _ExQueryDocument
{
  GObject          parent_instance;

  GtkSourceBuffer *buffer;
  GFile           *file;          /* the query's file, or NULL */
  char            *name;          /* its file's, example's or theme's name; NULL: none */
  CqDialect        dialect;       /* of the text, as the engine tells it */
  guint            language_id;   /* the idle that sets the buffer's language */
};

G_DEFINE_FINAL_TYPE (ExQueryDocument, ex_query_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BUFFER,
  PROP_FILE,
  PROP_NAME,
  PROP_MODIFIED,
  PROP_DIALECT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------------
 * The text and its dialect
 */

GtkSourceLanguage *
ex_query_document_get_language (CqDialect dialect)
{
  static gsize initialized;
  GtkSourceLanguageManager *manager = gtk_source_language_manager_get_default ();

  if (g_once_init_enter (&initialized))
    {
      gtk_source_language_manager_append_search_path (manager,
                                                      "resource:///org/excelsior/Workbench/"
                                                      "language-specs/");
      g_once_init_leave (&initialized, 1);
    }
  return gtk_source_language_manager_get_language (manager,
                                                   dialect == CQ_DIALECT_CQL6 ? "cql6" : "cql");
}

static gboolean
set_language_cb (gpointer data)
{
  ExQueryDocument *self = data;

  self->language_id = 0;
  gtk_source_buffer_set_language (self->buffer, ex_query_document_get_language (self->dialect));
  return G_SOURCE_REMOVE;
}

/* Highlights the text in its dialect: told from its first word, so that a
 * pasted CQL 6 query reads as CQL 6 at once. */
static void
update_dialect (ExQueryDocument *self)
{
  GtkTextIter start, end;
  g_autofree char *head = NULL;
  CqDialect dialect;

  /* The first word after comments: the first 4,096 characters are read,
   * not the whole text at each key (a query of a megabyte may be pasted). */
  gtk_text_buffer_get_start_iter (GTK_TEXT_BUFFER (self->buffer), &start);
  gtk_text_buffer_get_iter_at_offset (GTK_TEXT_BUFFER (self->buffer), &end, 4096);
  head = gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
  dialect = cq_query_text_dialect (head, -1);
  if (dialect == self->dialect && gtk_source_buffer_get_language (self->buffer) != NULL)
    return;
  self->dialect = dialect;
  /* Not while the buffer is being changed: a new language's highlighting
   * engine set in the middle of an undoable replacement (delete, then
   * insert) gets the deletion's offsets wrong (a GtkSourceView critical,
   * fix_offsets_delete_); the language follows at once after the change. */
  if (self->language_id == 0)
    self->language_id = g_idle_add_full (G_PRIORITY_HIGH, set_language_cb, self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIALECT]);
}

static void
modified_changed_cb (ExQueryDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

GtkSourceBuffer *
ex_query_document_get_buffer (ExQueryDocument *self)
{
  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), NULL);

  return self->buffer;
}

char *
ex_query_document_dup_text (ExQueryDocument *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), NULL);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

CqDialect
ex_query_document_get_dialect (ExQueryDocument *self)
{
  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), CQ_DIALECT_CQL3);

  return self->dialect;
}

gboolean
ex_query_document_get_modified (ExQueryDocument *self)
{
  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), FALSE);

  return gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer));
}

void
ex_query_document_set_text (ExQueryDocument *self,
                            const char      *text,
                            gboolean         undoable)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_if_fail (EX_IS_QUERY_DOCUMENT (self));
  g_return_if_fail (text != NULL);

  buffer = GTK_TEXT_BUFFER (self->buffer);
  /* gtk_text_buffer_set_text() is irreversible: delete and insert instead
   * when the change is to be undoable. */
  if (undoable)
    {
      gtk_text_buffer_begin_user_action (buffer);
      gtk_text_buffer_get_bounds (buffer, &start, &end);
      gtk_text_buffer_delete (buffer, &start, &end);
      gtk_text_buffer_insert (buffer, &start, text, -1);
      gtk_text_buffer_end_user_action (buffer);
    }
  else
    gtk_text_buffer_set_text (buffer, text, -1);
  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
}

/* ------------------------------------------------------------------------
 * File and name
 */

static void
set_file (ExQueryDocument *self,
          GFile           *file)
{
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

GFile *
ex_query_document_get_file (ExQueryDocument *self)
{
  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), NULL);

  return self->file;
}

const char *
ex_query_document_get_name (ExQueryDocument *self)
{
  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), NULL);

  return self->name;
}

void
ex_query_document_set_name (ExQueryDocument *self,
                            const char      *name,
                            gboolean         pristine)
{
  char *copy;

  g_return_if_fail (EX_IS_QUERY_DOCUMENT (self));

  if (pristine)
    gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  /* Copied before the old name goes: @name may be the document's own
   * (ex_query_document_get_name()). */
  copy = name != NULL && *name != '\0' ? g_strdup (name) : NULL;
  g_free (self->name);
  self->name = copy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

void
ex_query_document_replace (ExQueryDocument *self,
                           const char      *text,
                           const char      *name,
                           gboolean         pristine)
{
  g_return_if_fail (EX_IS_QUERY_DOCUMENT (self));

  if (text != NULL)
    ex_query_document_set_text (self, text, TRUE);
  set_file (self, NULL);
  ex_query_document_set_name (self, name, pristine);
}

void
ex_query_document_note_recent (GFile *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = { 0 };

  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  data.mime_type = (char *) CQL_MIME_TYPE;
  data.app_name = (char *) "Excelsior";
  data.app_exec = (char *) "excelsior %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static gint
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *x = *(GtkRecentInfo **) a, *y = *(GtkRecentInfo **) b;
  GDateTime *tx = gtk_recent_info_get_modified (x), *ty = gtk_recent_info_get_modified (y);

  return g_date_time_compare (ty, tx);
}

GMenuModel *
ex_query_document_build_recent_menu (const char *action_name)
{
  GMenu *menu = g_menu_new ();
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) cql = g_ptr_array_new ();
  guint n = 0;

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);

      if (g_strcmp0 (gtk_recent_info_get_mime_type (info), CQL_MIME_TYPE) == 0 ||
          g_str_has_suffix (uri, ".cql"))
        g_ptr_array_add (cql, info);
    }
  g_ptr_array_sort (cql, compare_recent);

  for (guint i = 0; i < cql->len && n < MAX_RECENT; i++, n++)
    {
      GtkRecentInfo *info = g_ptr_array_index (cql, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, action_name, "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (menu, item);
    }

  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return G_MENU_MODEL (menu);
}

char *
ex_query_document_load_file (GFile   *file,
                             GError **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
    return NULL;
  if (!g_utf8_validate_len (contents, length, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("It is not UTF-8 text"));
      return NULL;
    }
  ex_query_document_note_recent (file);
  return g_steal_pointer (&contents);
}

gboolean
ex_query_document_load (ExQueryDocument  *self,
                        GFile            *file,
                        GError          **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  contents = ex_query_document_load_file (file, error);
  if (contents == NULL)
    return FALSE;
  ex_query_document_set_text (self, contents, TRUE);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  set_file (self, file);
  name = g_file_get_basename (file);
  ex_query_document_set_name (self, name, FALSE);
  return TRUE;
}

gboolean
ex_query_document_save (ExQueryDocument  *self,
                        GFile            *file,
                        GError          **error)
{
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (EX_IS_QUERY_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = ex_query_document_dup_text (self);
  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error))
    return FALSE;
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  set_file (self, file);
  name = g_file_get_basename (file);
  ex_query_document_set_name (self, name, FALSE);
  ex_query_document_note_recent (file);
  return TRUE;
}

/* ------------------------------------------------------------------------
 * GObject
 */

static void
ex_query_document_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ExQueryDocument *self = EX_QUERY_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_BUFFER:
      g_value_set_object (value, self->buffer);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, ex_query_document_get_modified (self));
      break;
    case PROP_DIALECT:
      g_value_set_int (value, self->dialect);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_query_document_dispose (GObject *object)
{
  ExQueryDocument *self = EX_QUERY_DOCUMENT (object);

  g_clear_handle_id (&self->language_id, g_source_remove);
  if (self->buffer != NULL)
    g_signal_handlers_disconnect_by_data (self->buffer, self);
  g_clear_object (&self->buffer);

  G_OBJECT_CLASS (ex_query_document_parent_class)->dispose (object);
}

static void
ex_query_document_finalize (GObject *object)
{
  ExQueryDocument *self = EX_QUERY_DOCUMENT (object);

  g_clear_object (&self->file);
  g_free (self->name);

  G_OBJECT_CLASS (ex_query_document_parent_class)->finalize (object);
}

static void
ex_query_document_class_init (ExQueryDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ex_query_document_get_property;
  object_class->dispose = ex_query_document_dispose;
  object_class->finalize = ex_query_document_finalize;

  properties[PROP_BUFFER] =
    g_param_spec_object ("buffer", NULL, NULL, GTK_SOURCE_TYPE_BUFFER,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIALECT] =
    g_param_spec_int ("dialect", NULL, NULL, CQ_DIALECT_CQL3, CQ_DIALECT_CQL6, CQ_DIALECT_CQL3,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ex_query_document_init (ExQueryDocument *self)
{
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  GtkSourceStyleScheme *scheme;

  self->buffer = gtk_source_buffer_new_with_language (
    ex_query_document_get_language (CQ_DIALECT_CQL3));
  scheme = gtk_source_style_scheme_manager_get_scheme (schemes, "Adwaita");
  if (scheme != NULL)
    gtk_source_buffer_set_style_scheme (self->buffer, scheme);

  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (update_dialect), self);
  g_signal_connect_swapped (self->buffer, "modified-changed",
                            G_CALLBACK (modified_changed_cb), self);

  update_dialect (self);
  /* The first language at once, not after an idle. */
  if (self->language_id != 0)
    {
      g_clear_handle_id (&self->language_id, g_source_remove);
      set_language_cb (self);
    }
}

ExQueryDocument *
ex_query_document_new (void)
{
  return g_object_new (EX_TYPE_QUERY_DOCUMENT, NULL);
}
