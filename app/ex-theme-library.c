/* ex-theme-library.c: the library of ready theme searches (data/themes).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A theme is NAME.cql (CQL 3) and/or NAME.cql6 (CQL 6) in data/themes,
 * compiled into the GResource under /org/excelsior/Workbench/themes/.  The
 * first line of either is a comment "; Title: one-line description (where
 * it finds something)" (`//` in CQL 6), the second "; database: PATH"
 * (sample/... under data/, studies/... under the shared data).  A theme
 * with both files finds the same games in both dialects on that database;
 * one with only NAME.cql6 says what CQL 3 cannot (echo, line, piece
 * loops).  tests/ui-picker/test-themes.c runs each file.
 *
 * The library (its template ex-theme-library.ui: a hint and a search entry
 * over a scrolled list) lists the themes of its dialect (ex_theme_library_set_dialect():
 * the dialect of the query being edited) by title with their description,
 * the CQL-6-only ones marked "CQL 6 only"; the words typed in the search
 * entry keep the rows whose title, description or file name holds each of
 * them (case and accents as GLib's casefold compares them); activating one emits
 * ExThemeLibrary::load with its text in that dialect, which the window
 * puts in the editor.  A file a theme's query reads (the submissions of
 * `similarposition "sample/studies.pgn"`) is named as the database is,
 * sample/... among the bundled data; the loaded text names it by its full
 * path, so that the search finds it whatever the working folder, and the
 * composer sees which file to replace with their own.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ex-theme-library.h"
#include "ex-utils.h"

#define THEMES_PATH "/org/excelsior/Workbench/themes/"

struct _ExThemeLibrary
{
  GtkBox      parent_instance;

  /* Template widgets */
  GtkListBox *list;
  GtkWidget  *search_entry;

  char      **search_words;   /* casefolded; NULL: every row is shown */
  char       *loaded;         /* the theme loaded last, without its ending */

  CqDialect   dialect;
  guint       n_themes;
};

G_DEFINE_FINAL_TYPE (ExThemeLibrary, ex_theme_library, GTK_TYPE_BOX)

enum {
  LOAD,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_DIALECT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void fill_list (ExThemeLibrary *self);

/* The file name ending of @dialect's themes. */
static const char *
dialect_suffix (CqDialect dialect)
{
  return dialect == CQ_DIALECT_CQL6 ? ".cql6" : ".cql";
}

/* Whether the theme of file @name (either dialect) has a file in the
 * other dialect too. */
static gboolean
has_twin (const char *name)
{
  gboolean cql6 = g_str_has_suffix (name, ".cql6");
  g_autofree char *base = g_strndup (name, strlen (name) - (cql6 ? 5 : 4));
  g_autofree char *path = g_strconcat (THEMES_PATH, base, cql6 ? ".cql" : ".cql6", NULL);

  return g_resources_get_info (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL);
}

char **
ex_theme_library_list (void)
{
  return ex_theme_library_list_dialect (CQ_DIALECT_CQL3);
}

char **
ex_theme_library_list_dialect (CqDialect dialect)
{
  g_auto(GStrv) names = g_resources_enumerate_children (THEMES_PATH,
                                                        G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  GPtrArray *array = g_ptr_array_new ();

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], dialect_suffix (dialect)))
      g_ptr_array_add (array, g_strdup (names[i]));
  for (guint i = 1; i < array->len; i++)
    for (guint j = i; j > 0 && g_ascii_strcasecmp (array->pdata[j - 1], array->pdata[j]) > 0; j--)
      {
        gpointer t = array->pdata[j - 1];
        array->pdata[j - 1] = array->pdata[j];
        array->pdata[j] = t;
      }
  g_ptr_array_add (array, NULL);
  return (char **) g_ptr_array_free (array, FALSE);
}

char *
ex_theme_library_read (const char  *name,
                       char       **title,
                       char       **description)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  g_autofree char *first = NULL;
  const char *end, *colon;
  gsize lead;

  g_return_val_if_fail (name != NULL, NULL);

  if (strchr (name, '/') != NULL)
    return NULL;
  path = g_strconcat (THEMES_PATH, name, NULL);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  end = strchr (text, '\n');
  first = g_strndup (text, end != NULL ? (gsize) (end - text) : strlen (text));
  g_strstrip (first);
  /* The comment's opening: "; " in CQL 3, "// " in CQL 6. */
  lead = strspn (first, "; /");
  colon = strstr (first, ": ");
  if (title != NULL)
    *title = g_strstrip (g_strndup (first + lead,
                                    colon != NULL ? (gsize) (colon - first) - lead : 0));
  if (description != NULL)
    *description = g_strdup (colon != NULL ? colon + 2 : first + lead);

  return g_steal_pointer (&text);
}

char *
ex_theme_library_get_database (const char *text)
{
  static const char *const prefixes[] = { "; database: ", "// database: " };
  g_auto(GStrv) lines = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  lines = g_strsplit (text, "\n", 3);
  if (g_strv_length (lines) < 2)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (lines[1], prefixes[i]))
      return g_strstrip (g_strdup (lines[1] + strlen (prefixes[i])));
  return NULL;
}

/* Rows in the order of their titles. */
static int
compare_rows (GtkListBoxRow *a,
              GtkListBoxRow *b,
              gpointer       user_data)
{
  return g_utf8_collate (g_object_get_data (G_OBJECT (a), "ex-title"),
                         g_object_get_data (G_OBJECT (b), "ex-title"));
}

/* A row is shown when its text (title, description, file name,
 * casefolded: "ex-search") holds every word searched for. */
static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  ExThemeLibrary *self = user_data;
  const char *text = g_object_get_data (G_OBJECT (row), "ex-search");

  if (self->search_words == NULL)
    return TRUE;
  for (guint i = 0; self->search_words[i] != NULL; i++)
    if (text == NULL || strstr (text, self->search_words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
search_changed_cb (ExThemeLibrary *self)
{
  g_autofree char *folded =
    g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);

  g_clear_pointer (&self->search_words, g_strfreev);
  self->search_words = g_strsplit_set (g_strstrip (folded), " \t", -1);
  if (self->search_words[0] == NULL || self->search_words[0][0] == '\0')
    g_clear_pointer (&self->search_words, g_strfreev);
  else
    {
      /* Runs of blanks split into empty words, which every text holds. */
      guint kept = 0;

      for (guint i = 0; self->search_words[i] != NULL; i++)
        if (self->search_words[i][0] != '\0')
          self->search_words[kept++] = self->search_words[i];
        else
          g_free (self->search_words[i]);
      self->search_words[kept] = NULL;
    }
  gtk_list_box_invalidate_filter (self->list);
}

guint
ex_theme_library_get_n_shown (ExThemeLibrary *self)
{
  guint n = 0;

  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), 0);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && filter_row (GTK_LIST_BOX_ROW (row), self))
      n++;
  return n;
}

GtkWidget *
ex_theme_library_get_search_entry (ExThemeLibrary *self)
{
  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), NULL);

  return self->search_entry;
}

static void
row_activated_cb (GtkListBox     *list,
                  GtkListBoxRow  *row,
                  ExThemeLibrary *self)
{
  ex_theme_library_activate (self, g_object_get_data (G_OBJECT (row), "ex-theme"));
}

/* The row highlighted is the theme loaded last (in the library's
 * dialect), none before the first: a row clicked loads its theme, and
 * the highlight must not stay on a theme the editor no longer has. */
static void
select_loaded (ExThemeLibrary *self)
{
  GtkListBoxRow *row = self->loaded != NULL
                       ? ex_theme_library_find_row (self, self->loaded) : NULL;

  if (row != NULL)
    gtk_list_box_select_row (self->list, row);
  else
    gtk_list_box_unselect_all (self->list);
}

/* @text with each quoted file name "sample/..." that names a bundled data
 * file (ex_utils_find_data_file()) replaced by that file's full path; a
 * path holding a quote stays as it was (a CQL string cannot hold one). */
static char *
resolve_bundled_files (const char *text)
{
  static const char opening[] = "\"sample/";
  GString *out = g_string_new (NULL);
  const char *p = text, *hit;

  while ((hit = strstr (p, opening)) != NULL)
    {
      const char *name = hit + 1;
      const char *close = strchr (name, '"');
      g_autofree char *relative = NULL;
      g_autofree char *path = NULL;

      if (close == NULL)
        break;
      relative = g_strndup (name, close - name);
      path = strchr (relative, '\n') == NULL ? ex_utils_find_data_file (relative) : NULL;
      g_string_append_len (out, p, name - p);
      if (path != NULL && strchr (path, '"') == NULL)
        g_string_append (out, path);
      else
        g_string_append (out, relative);
      p = close;
    }
  g_string_append (out, p);
  return g_string_free (out, FALSE);
}

gboolean
ex_theme_library_activate (ExThemeLibrary *self,
                           const char     *name)
{
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;
  g_autofree char *resolved = NULL;

  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (g_str_has_suffix (name, ".cql") || g_str_has_suffix (name, ".cql6"))
    file = g_strdup (name);
  else
    file = g_strconcat (name, dialect_suffix (self->dialect), NULL);
  text = ex_theme_library_read (file, NULL, NULL);
  if (text == NULL)
    return FALSE;
  resolved = resolve_bundled_files (text);
  g_free (self->loaded);
  self->loaded = g_strndup (file, strlen (file) - strlen (g_str_has_suffix (file, ".cql6")
                                                         ? ".cql6" : ".cql"));
  g_signal_emit (self, signals[LOAD], 0, file, resolved);
  select_loaded (self);
  return TRUE;
}

GtkListBoxRow *
ex_theme_library_find_row (ExThemeLibrary *self,
                           const char     *name)
{
  g_autofree char *file = NULL;

  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  file = g_strconcat (name, dialect_suffix (self->dialect), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row)
        && g_strcmp0 (g_object_get_data (G_OBJECT (row), "ex-theme"), file) == 0)
      return GTK_LIST_BOX_ROW (row);
  return NULL;
}

void
ex_theme_library_set_dialect (ExThemeLibrary *self,
                              CqDialect       dialect)
{
  g_return_if_fail (EX_IS_THEME_LIBRARY (self));

  if (self->dialect == dialect)
    return;
  self->dialect = dialect;
  fill_list (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIALECT]);
}

CqDialect
ex_theme_library_get_dialect (ExThemeLibrary *self)
{
  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), CQ_DIALECT_CQL3);

  return self->dialect;
}

guint
ex_theme_library_get_n_themes (ExThemeLibrary *self)
{
  g_return_val_if_fail (EX_IS_THEME_LIBRARY (self), 0);

  return self->n_themes;
}

static void
ex_theme_library_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ExThemeLibrary *self = EX_THEME_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_DIALECT:
      g_value_set_int (value, self->dialect);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_theme_library_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ExThemeLibrary *self = EX_THEME_LIBRARY (object);

  switch (prop_id)
    {
    case PROP_DIALECT:
      ex_theme_library_set_dialect (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_theme_library_dispose (GObject *object)
{
  g_clear_pointer (&EX_THEME_LIBRARY (object)->search_words, g_strfreev);
  g_clear_pointer (&EX_THEME_LIBRARY (object)->loaded, g_free);
  /* GtkBox unparents the hint and the scrolled window. */
  gtk_widget_dispose_template (GTK_WIDGET (object), EX_TYPE_THEME_LIBRARY);

  G_OBJECT_CLASS (ex_theme_library_parent_class)->dispose (object);
}

static void
ex_theme_library_class_init (ExThemeLibraryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_theme_library_dispose;
  object_class->get_property = ex_theme_library_get_property;
  object_class->set_property = ex_theme_library_set_property;

  /**
   * ExThemeLibrary:dialect:
   *
   * The dialect whose themes are listed and loaded (a CqDialect).
   */
  properties[PROP_DIALECT] =
    g_param_spec_int ("dialect", NULL, NULL, CQ_DIALECT_CQL3, CQ_DIALECT_CQL6, CQ_DIALECT_CQL3,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ExThemeLibrary::load:
   * @name: the theme's file name.
   * @text: its CQL text.
   *
   * A theme was chosen: load @text into the editor.
   */
  signals[LOAD] =
    g_signal_new ("load", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/excelsior/Workbench/ui/ex-theme-library.ui");
  gtk_widget_class_bind_template_child (widget_class, ExThemeLibrary, list);
  gtk_widget_class_bind_template_child (widget_class, ExThemeLibrary, search_entry);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
}

/* @text made to wrap well in the narrow pane.  A file name is cut only
 * between folders: in a word holding a '/', each '-' becomes a
 * non-breaking hyphen (U+2011) and each '/' is followed by a zero-width
 * space (U+200B), so that "studies/cql6-sample-hhdb-selection.pgn" may go
 * onto the next line after "studies/" but is never cut after "sample-".
 * A keyword after a space (":btm :stalemate :flip") gets a zero-width
 * space before its ':', where the line-breaking rules would otherwise
 * never break, so that a list of them wraps between keywords. */
static char *
wrappable_description (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      gsize word = strcspn (p, " \t\n");
      gboolean path = memchr (p, '/', word) != NULL;

      if (*p == ':' && p > text && p[-1] == ' ')
        g_string_append (out, "\u200B");
      for (gsize i = 0; i < word; i++)
        if (path && p[i] == '-')
          g_string_append (out, "\u2011");
        else if (path && p[i] == '/' && i + 1 < word)
          g_string_append (out, "/\u200B");
        else
          g_string_append_c (out, p[i]);
      p += word;
      while (*p == ' ' || *p == '\t' || *p == '\n')
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* The rows of the themes of the library's dialect, made anew when it
 * changes: one row per theme, its title (and "CQL 6 only" for a theme
 * CQL 3 cannot say) over its description, its text in the tooltip. */
static void
fill_list (ExThemeLibrary *self)
{
  g_auto(GStrv) names = ex_theme_library_list_dialect (self->dialect);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->n_themes = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *title = NULL;
      g_autofree char *description = NULL;
      g_autofree char *text = ex_theme_library_read (names[i], &title, &description);
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *title_label = gtk_label_new (title);
      GtkWidget *title_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *shown = description != NULL ? wrappable_description (description) : NULL;
      g_autofree char *search = g_strjoin ("\n", title != NULL ? title : "",
                                           description != NULL ? description : "", names[i],
                                           NULL);
      GtkWidget *description_label = gtk_label_new (shown);

      if (text == NULL)
        continue;
      gtk_label_set_xalign (GTK_LABEL (title_label), 0.0);
      /* A long title wraps: the library is no wider than the pane. */
      gtk_label_set_wrap (GTK_LABEL (title_label), TRUE);
      gtk_widget_add_css_class (title_label, "heading");
      gtk_label_set_xalign (GTK_LABEL (description_label), 0.0);
      gtk_label_set_wrap (GTK_LABEL (description_label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (description_label), 50);
      gtk_widget_add_css_class (description_label, "dim-label");
      gtk_widget_set_name (description_label, "ex-theme-description");
      gtk_box_append (GTK_BOX (title_box), title_label);
      if (self->dialect == CQ_DIALECT_CQL6 && !has_twin (names[i]))
        {
          GtkWidget *only = gtk_label_new (_("CQL 6 only"));

          gtk_widget_add_css_class (only, "caption");
          gtk_widget_add_css_class (only, "accent");
          gtk_widget_set_name (only, "ex-theme-cql6-only");
          gtk_widget_set_tooltip_text (only, _("CQL 3 cannot say this theme: it uses echo, "
                                               "line, piece variables or pieceid"));
          gtk_box_append (GTK_BOX (title_box), only);
        }
      gtk_box_append (GTK_BOX (box), title_box);
      gtk_box_append (GTK_BOX (box), description_label);
      gtk_widget_set_margin_top (box, 4);
      gtk_widget_set_margin_bottom (box, 4);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_widget_set_tooltip_text (row, text);
      g_object_set_data_full (G_OBJECT (row), "ex-theme", g_strdup (names[i]), g_free);
      g_object_set_data_full (G_OBJECT (row), "ex-title", g_strdup (title), g_free);
      g_object_set_data_full (G_OBJECT (row), "ex-search", g_utf8_casefold (search, -1), g_free);
      gtk_list_box_append (self->list, row);
      self->n_themes++;
    }
  select_loaded (self);
}

static void
ex_theme_library_init (ExThemeLibrary *self)
{
  GtkWidget *none;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_sort_func (self->list, compare_rows, NULL, NULL);
  gtk_list_box_set_filter_func (self->list, filter_row, self, NULL);
  none = gtk_label_new (_("No theme has these words in its name or description"));
  gtk_label_set_wrap (GTK_LABEL (none), TRUE);
  gtk_widget_add_css_class (none, "dim-label");
  gtk_widget_set_margin_top (none, 12);
  gtk_list_box_set_placeholder (self->list, none);
  self->dialect = CQ_DIALECT_CQL3;
  fill_list (self);
}
