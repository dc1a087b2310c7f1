/* ex-utils.c: helpers the workbench's classes share (counts, settings, data files).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ex-utils.h"

char *
ex_utils_format_count (guint64 n)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
}

char *
ex_utils_format_number (guint64 n)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, n);
}

GSettings *
ex_utils_get_settings (void)
{
  static GSettings *settings;
  static gboolean looked;

  if (!looked)
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr(GSettingsSchemaSource) build_source = NULL;
      g_autoptr(GSettingsSchema) schema = NULL;

      looked = TRUE;
      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
#ifdef EX_BUILD_SCHEMA_DIR
      if (schema == NULL)
        {
          build_source = g_settings_schema_source_new_from_directory (EX_BUILD_SCHEMA_DIR, source,
                                                                      FALSE, NULL);
          if (build_source != NULL)
            schema = g_settings_schema_source_lookup (build_source, APPLICATION_ID, FALSE);
        }
#endif
      if (schema != NULL)
        settings = g_settings_new_full (schema, NULL, NULL);
      else
        g_warning ("The settings schema %s is not installed: preferences are not kept",
                   APPLICATION_ID);
    }

  return settings;
}

gboolean
ex_utils_settings_get_boolean (const char *key,
                               gboolean    fallback)
{
  GSettings *settings = ex_utils_get_settings ();

  return settings != NULL ? g_settings_get_boolean (settings, key) : fallback;
}

guint
ex_utils_settings_get_uint (const char *key,
                            guint       fallback)
{
  GSettings *settings = ex_utils_get_settings ();

  return settings != NULL ? g_settings_get_uint (settings, key) : fallback;
}

/* The first of $@env_var, @installed and @source that holds
 * @relative_path, as a path. */
static char *
find_file (const char *env_var,
           const char *installed,
           const char *source,
           const char *relative_path)
{
  const char *dirs[3];
  const char *env = g_getenv (env_var);
  guint n = 0;

  if (env != NULL && *env != '\0')
    dirs[n++] = env;
  dirs[n++] = installed;
  dirs[n++] = source;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], relative_path, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&path);
    }
  return NULL;
}

char *
ex_utils_find_data_file (const char *relative_path)
{
  g_return_val_if_fail (relative_path != NULL, NULL);

  return find_file ("EXCELSIOR_DATADIR", PKGDATADIR, SOURCE_DATADIR, relative_path);
}

char *
ex_utils_find_doc_file (const char *relative_path)
{
  g_return_val_if_fail (relative_path != NULL, NULL);

  return find_file ("EXCELSIOR_DOCDIR", DOCDIR, SOURCE_DOCDIR, relative_path);
}

void
ex_utils_column_view_scroll_to_row (GtkColumnView *view,
                                    guint          position)
{
  GListModel *model;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  model = G_LIST_MODEL (gtk_column_view_get_model (view));
  if (model == NULL || position >= g_list_model_get_n_items (model))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

void
ex_utils_column_view_scroll_to_top (GtkColumnView *view)
{
  ex_utils_column_view_scroll_to_row (view, 0);
}
