/* ex-help-render.c: a Markdown page of the user guide as GTK widgets.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libcmark parses the page; its tree is walked here into a vertical box
 * of widgets, one or more per block: a label for each heading and
 * paragraph (its inlines as Pango markup, links as <a href> that the
 * label hands to the page's link function), a framed, selectable
 * monospace label for each code block, a bullet or number beside each
 * list item's blocks, a GtkPicture for each image, a grid for each table.
 * CommonMark has no tables: GitHub's (a header row, a delimiter row
 * `|---|:--|`, then rows) reach here as paragraphs, so such a paragraph's
 * lines are read from the source again (cmark gives a block's lines),
 * split into cells at the unescaped '|' outside code, and each cell is
 * parsed by libcmark on its own.
 */
#include "config.h"

#include <string.h>
#include <cmark.h>

#include "ex-help-render.h"

typedef struct
{
  const char     *text;        /* the page's source */
  gsize           length;
  GArray         *line_starts; /* gsize: the offset of each line (0 for line 1) */
  const char     *base_dir;
  GHashTable     *anchors;
  ExHelpLinkFunc  link_func;
  gpointer        user_data;
} RenderContext;

char *
ex_help_slug (const char *heading)
{
  GString *slug = g_string_new (NULL);

  g_return_val_if_fail (heading != NULL, NULL);

  for (const char *p = heading; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalnum (c) || c == '_' || c == '-')
        g_string_append_unichar (slug, g_unichar_tolower (c));
      else if (c == ' ')
        g_string_append_c (slug, '-');
    }
  return g_string_free (slug, FALSE);
}

/* Appends @node's inlines to @markup (Pango markup) and their text to
 * @plain (nullable); the images met are added to @images (nullable) as
 * cmark nodes. */
static void
append_inlines (GString    *markup,
                GString    *plain,
                GPtrArray  *images,
                cmark_node *node)
{
  for (cmark_node *child = cmark_node_first_child (node); child != NULL;
       child = cmark_node_next (child))
    {
      const char *literal = cmark_node_get_literal (child);
      g_autofree char *escaped = NULL;

      switch (cmark_node_get_type (child))
        {
        case CMARK_NODE_TEXT:
          escaped = g_markup_escape_text (literal, -1);
          g_string_append (markup, escaped);
          if (plain != NULL)
            g_string_append (plain, literal);
          break;
        case CMARK_NODE_SOFTBREAK:
          g_string_append_c (markup, ' ');
          if (plain != NULL)
            g_string_append_c (plain, ' ');
          break;
        case CMARK_NODE_LINEBREAK:
          g_string_append_c (markup, '\n');
          break;
        case CMARK_NODE_CODE:
          escaped = g_markup_escape_text (literal, -1);
          g_string_append_printf (markup, "<tt>%s</tt>", escaped);
          if (plain != NULL)
            g_string_append (plain, literal);
          break;
        case CMARK_NODE_EMPH:
          g_string_append (markup, "<i>");
          append_inlines (markup, plain, images, child);
          g_string_append (markup, "</i>");
          break;
        case CMARK_NODE_STRONG:
          g_string_append (markup, "<b>");
          append_inlines (markup, plain, images, child);
          g_string_append (markup, "</b>");
          break;
        case CMARK_NODE_LINK:
          escaped = g_markup_escape_text (cmark_node_get_url (child), -1);
          g_string_append_printf (markup, "<a href=\"%s\">", escaped);
          append_inlines (markup, plain, images, child);
          g_string_append (markup, "</a>");
          break;
        case CMARK_NODE_IMAGE:
          /* Shown under the paragraph's text. */
          if (images != NULL)
            g_ptr_array_add (images, child);
          break;
        default:
          /* Raw HTML is not interpreted. */
          break;
        }
    }
}

static GtkWidget *
new_label (RenderContext *ctx,
           const char    *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_halign (label, GTK_ALIGN_FILL);
  if (ctx->link_func != NULL)
    g_signal_connect (label, "activate-link", G_CALLBACK (ctx->link_func), ctx->user_data);
  return label;
}

static void
append_image (RenderContext *ctx,
              GtkBox        *box,
              cmark_node    *image)
{
  const char *url = cmark_node_get_url (image);
  g_autofree char *path = NULL;
  g_autoptr(GString) alt = g_string_new (NULL);
  GtkWidget *picture;

  if (url == NULL || g_uri_peek_scheme (url) != NULL || g_path_is_absolute (url))
    return;
  path = g_build_filename (ctx->base_dir, url, NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;

  {
    g_autoptr(GString) ignored = g_string_new (NULL);

    append_inlines (ignored, alt, NULL, image);
  }
  picture = gtk_picture_new_for_filename (path);
  /* The page's width, or less: never wider than the image. */
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_SCALE_DOWN);
  gtk_picture_set_alternative_text (GTK_PICTURE (picture), alt->str);
  gtk_widget_set_tooltip_text (picture, alt->str);
  gtk_widget_set_halign (picture, GTK_ALIGN_FILL);
  gtk_widget_add_css_class (picture, "help-image");
  gtk_box_append (box, picture);
}

/* ------------------------------------------------------------------------
 * Tables
 */

/* The source line @number (1-based), without its indentation and end. */
static char *
dup_line (RenderContext *ctx,
          int            number)
{
  gsize start, end;

  if (number < 1 || (guint) number > ctx->line_starts->len)
    return g_strdup ("");
  start = g_array_index (ctx->line_starts, gsize, number - 1);
  end = (guint) number < ctx->line_starts->len
        ? g_array_index (ctx->line_starts, gsize, number) : ctx->length;
  return g_strstrip (g_strndup (ctx->text + start, end - start));
}

/* A delimiter row: cells of '-' with an optional ':' at either end. */
static gboolean
is_delimiter_row (const char *line)
{
  gboolean dash = FALSE;

  if (strchr (line, '|') == NULL)
    return FALSE;
  for (const char *p = line; *p != '\0'; p++)
    {
      if (*p == '-')
        dash = TRUE;
      else if (*p != '|' && *p != ':' && *p != ' ' && *p != '\t')
        return FALSE;
    }
  return dash;
}

/* A row's cells, split at each '|' that is neither escaped nor inside a
 * code span; a leading and a trailing '|' open and close the row.  "\|"
 * becomes "|" in the cells (GitHub's rule, in code spans too). */
static GPtrArray *
split_row (const char *line)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  gboolean in_code = FALSE;
  const char *p = line;

  if (*p == '|')
    p++;
  for (; *p != '\0'; p++)
    {
      if (*p == '\\' && p[1] == '|')
        {
          g_string_append_c (cell, '|');
          p++;
        }
      else if (*p == '`')
        {
          in_code = !in_code;
          g_string_append_c (cell, '`');
        }
      else if (*p == '|' && !in_code)
        {
          g_ptr_array_add (cells, g_strstrip (g_string_free (cell, FALSE)));
          cell = g_string_new (NULL);
        }
      else
        g_string_append_c (cell, *p);
    }
  g_strstrip (cell->str);
  if (cell->str[0] != '\0')
    g_ptr_array_add (cells, g_string_free (cell, FALSE));
  else
    g_string_free (cell, TRUE);
  return cells;
}

/* A cell's text as Pango markup: its inlines, as libcmark reads them. */
static char *
cell_markup (const char *cell,
             gboolean    header)
{
  cmark_node *doc = cmark_parse_document (cell, strlen (cell), CMARK_OPT_DEFAULT);
  cmark_node *para = cmark_node_first_child (doc);
  GString *markup = g_string_new (header ? "<b>" : NULL);

  if (para != NULL && cmark_node_get_type (para) == CMARK_NODE_PARAGRAPH)
    append_inlines (markup, NULL, NULL, para);
  if (header)
    g_string_append (markup, "</b>");
  cmark_node_free (doc);
  return g_string_free (markup, FALSE);
}

/* A grid for the paragraph @node if it is a table (see the file
 * comment), else NULL. */
static GtkWidget *
render_table (RenderContext *ctx,
              cmark_node    *node)
{
  int first = cmark_node_get_start_line (node);
  int last = cmark_node_get_end_line (node);
  g_autofree char *header = dup_line (ctx, first);
  g_autofree char *delimiter = dup_line (ctx, first + 1);
  GtkWidget *grid, *frame;
  int row = 0;

  if (last <= first || strchr (header, '|') == NULL || !is_delimiter_row (delimiter))
    return NULL;

  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_margin_start (grid, 8);
  gtk_widget_set_margin_end (grid, 8);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  for (int line = first; line <= last; line++)
    {
      g_autofree char *text = NULL;
      g_autoptr(GPtrArray) cells = NULL;

      if (line == first + 1)
        continue;
      text = dup_line (ctx, line);
      cells = split_row (text);
      for (guint column = 0; column < cells->len; column++)
        {
          g_autofree char *markup = cell_markup (g_ptr_array_index (cells, column),
                                                 line == first);
          GtkWidget *label = new_label (ctx, markup);

          gtk_widget_set_valign (label, GTK_ALIGN_START);
          gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
        }
      row++;
    }
  frame = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (frame), grid);
  gtk_widget_add_css_class (frame, "help-table");
  return frame;
}

/* ------------------------------------------------------------------------
 * Blocks
 */

static void render_blocks (RenderContext *ctx,
                           cmark_node    *parent,
                           GtkBox        *box);

static void
render_heading (RenderContext *ctx,
                cmark_node    *node,
                GtkBox        *box)
{
  static const char *const sizes[] = { "xx-large", "x-large", "large", "medium" };
  int level = CLAMP (cmark_node_get_heading_level (node), 1, 4);
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autofree char *span = NULL;
  g_autofree char *slug = NULL;
  GtkWidget *label;

  append_inlines (markup, plain, NULL, node);
  span = g_strdup_printf ("<span size=\"%s\" weight=\"bold\">%s</span>", sizes[level - 1],
                          markup->str);
  label = new_label (ctx, span);
  gtk_widget_set_margin_top (label, level <= 2 ? 18 : 10);
  gtk_widget_add_css_class (label, "help-heading");
  gtk_box_append (box, label);

  slug = ex_help_slug (plain->str);
  if (ctx->anchors != NULL && !g_hash_table_contains (ctx->anchors, slug))
    g_hash_table_insert (ctx->anchors, g_steal_pointer (&slug), label);
}

static void
render_paragraph (RenderContext *ctx,
                  cmark_node    *node,
                  GtkBox        *box)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GPtrArray) images = g_ptr_array_new ();
  GtkWidget *table = render_table (ctx, node);

  if (table != NULL)
    {
      gtk_box_append (box, table);
      return;
    }
  append_inlines (markup, NULL, images, node);
  g_strstrip (markup->str);
  if (markup->str[0] != '\0')
    gtk_box_append (box, new_label (ctx, markup->str));
  for (guint i = 0; i < images->len; i++)
    append_image (ctx, box, g_ptr_array_index (images, i));
}

static void
render_code_block (RenderContext *ctx,
                   cmark_node    *node,
                   GtkBox        *box)
{
  g_autofree char *text = g_strdup (cmark_node_get_literal (node));
  GtkWidget *label, *scrolled, *frame;

  g_strchomp (text);
  label = gtk_label_new (text);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  /* A long line scrolls sideways instead of widening the page. */
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  frame = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (frame), scrolled);
  gtk_widget_add_css_class (frame, "help-code");
  gtk_box_append (box, frame);
}

static void
render_list (RenderContext *ctx,
             cmark_node    *node,
             GtkBox        *box)
{
  gboolean ordered = cmark_node_get_list_type (node) == CMARK_ORDERED_LIST;
  int number = cmark_node_get_list_start (node);
  GtkWidget *list = gtk_box_new (GTK_ORIENTATION_VERTICAL,
                                 cmark_node_get_list_tight (node) ? 2 : 8);

  gtk_widget_set_margin_start (list, 6);
  for (cmark_node *item = cmark_node_first_child (node); item != NULL;
       item = cmark_node_next (item), number++)
    {
      GtkWidget *row = gtk_overlay_new ();
      GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      g_autofree char *mark = ordered ? g_strdup_printf ("%d.", number) : g_strdup ("•");
      GtkWidget *bullet = gtk_label_new (mark);

      /* The mark over the item's indent: a horizontal box would measure
       * the wrapped text's width for a height, and overflow. */
      gtk_widget_set_halign (bullet, GTK_ALIGN_START);
      gtk_widget_set_valign (bullet, GTK_ALIGN_START);
      gtk_widget_set_margin_start (content, 24);
      render_blocks (ctx, item, GTK_BOX (content));
      gtk_overlay_set_child (GTK_OVERLAY (row), content);
      gtk_overlay_add_overlay (GTK_OVERLAY (row), bullet);
      gtk_box_append (GTK_BOX (list), row);
    }
  gtk_box_append (box, list);
}

static void
render_blocks (RenderContext *ctx,
               cmark_node    *parent,
               GtkBox        *box)
{
  for (cmark_node *node = cmark_node_first_child (parent); node != NULL;
       node = cmark_node_next (node))
    {
      GtkWidget *quote;

      switch (cmark_node_get_type (node))
        {
        case CMARK_NODE_HEADING:
          render_heading (ctx, node, box);
          break;
        case CMARK_NODE_PARAGRAPH:
          render_paragraph (ctx, node, box);
          break;
        case CMARK_NODE_CODE_BLOCK:
          render_code_block (ctx, node, box);
          break;
        case CMARK_NODE_LIST:
          render_list (ctx, node, box);
          break;
        case CMARK_NODE_BLOCK_QUOTE:
          quote = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
          gtk_widget_set_margin_start (quote, 18);
          gtk_widget_add_css_class (quote, "help-quote");
          render_blocks (ctx, node, GTK_BOX (quote));
          gtk_box_append (box, quote);
          break;
        case CMARK_NODE_THEMATIC_BREAK:
          gtk_box_append (box, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
          break;
        default:
          /* HTML blocks (comments, mostly) are not shown. */
          break;
        }
    }
}

GtkWidget *
ex_help_render_page (const char     *text,
                     gsize           length,
                     const char     *base_dir,
                     GHashTable     *anchors,
                     ExHelpLinkFunc  link_func,
                     gpointer        user_data)
{
  RenderContext ctx = { text, length, NULL, base_dir, anchors, link_func, user_data };
  cmark_node *doc;
  GtkWidget *box;
  gsize zero = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (base_dir != NULL, NULL);

  ctx.line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_array_append_val (ctx.line_starts, zero);
  for (gsize i = 0; i < length; i++)
    if (text[i] == '\n' && i + 1 < length)
      {
        gsize next = i + 1;

        g_array_append_val (ctx.line_starts, next);
      }

  doc = cmark_parse_document (text, length, CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  gtk_widget_add_css_class (box, "help-page");
  render_blocks (&ctx, doc, GTK_BOX (box));
  cmark_node_free (doc);
  g_array_unref (ctx.line_starts);

  return box;
}
