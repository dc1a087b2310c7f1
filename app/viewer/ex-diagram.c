/* ex-diagram.c: a position as a diagram file (SVG or PNG).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A diagram is an SVG document: the board in the viewer's colours with
 * the board painter's geometry, the pieces rendered by librsvg from the
 * board's own SVG documents (so they stay vectors), the comment's arrows
 * and a frame, drawn with cairo's SVG surface; then the coordinates
 * outside the board as in printed diagrams and the lines under it (piece
 * count, stipulation, source; ex-diagram-text.c words them) added as
 * <text> elements, placed after measuring them with Pango in the same
 * fonts.  A PNG is that document rendered by librsvg, so both have one
 * layout.  The bytes are made in memory and written as exports are
 * (CqOutputFile: a temporary file renamed into place).
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>
#include <librsvg/rsvg.h>

#include "pgn/cq-output-file.h"

#include "ex-board-painter.h"
#include "ex-diagram.h"

/* The layout, in squares: the margin around everything, the band of the
 * coordinates, the gap over the lines under the board, the font sizes and
 * the lines' pitch (in font sizes). */
#define MARGIN        0.25
#define COORD_BAND    0.45
#define TEXT_GAP      0.25
#define COORD_FONT    0.28
#define TEXT_FONT     0.30
#define LINE_PITCH    1.35
/* PNG pixels per SVG point. */
#define PNG_SCALE     2

/* The fonts of the text, first found first: SVG's font-family list and
 * Pango's, so that the text is measured as librsvg will draw it. */
#define FONT_FAMILIES "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"

static const GdkRGBA frame_color = { 0.25, 0.25, 0.25, 1.0 };
#define TEXT_COLOR "#1a1a1a"

ExDiagramFormat
ex_diagram_format_for_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path != NULL ? path : "", -1);

  return g_str_has_suffix (lower, ".png") ? EX_DIAGRAM_PNG : EX_DIAGRAM_SVG;
}

/* A line of text placed in the diagram: its baseline's start (or end, or
 * middle, as @anchor says), its class and size. */
typedef struct {
  char       *text;
  const char *klass;
  const char *anchor;   /* "start", "middle" or "end" */
  double      x, y;
  double      size;
  gboolean    bold;
} TextLine;

static void
text_line_clear (gpointer data)
{
  g_free (((TextLine *) data)->text);
}

static void
add_line (GArray     *lines,
          const char *text,
          gsize       length,
          const char *klass,
          const char *anchor,
          double      x,
          double      y,
          double      size,
          gboolean    bold)
{
  TextLine line = { g_strndup (text, length), klass, anchor, x, y, size, bold };

  g_array_append_val (lines, line);
}

/* @text laid out in the diagram's font at @size, wrapped to @width (0:
 * not wrapped). */
static PangoLayout *
new_layout (PangoContext *context,
            const char   *text,
            double        size,
            double        width)
{
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string (FONT_FAMILIES);

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* The width of @text at @size. */
static double
text_width (PangoContext *context,
            const char   *text,
            double        size)
{
  g_autoptr(PangoLayout) layout = new_layout (context, text, size, 0);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE;
}

/* Adds @text wrapped to @width, one line from (@x, *@y) on, each
 * LINE_PITCH lower; moves *@y past them. */
static void
add_wrapped (GArray       *lines,
             PangoContext *context,
             const char   *text,
             const char   *klass,
             double        x,
             double        width,
             double       *y)
{
  const double size = TEXT_FONT * EX_DIAGRAM_SQUARE_SIZE;
  g_autoptr(PangoLayout) layout = new_layout (context, text, size, width);
  const char *laid = pango_layout_get_text (layout);

  for (int i = 0; i < pango_layout_get_line_count (layout); i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      const char *start = laid + line->start_index;
      gsize length = (gsize) line->length;

      /* Wrapping leaves the blank at the end of the line: drop it. */
      while (length > 0 && start[length - 1] == ' ')
        length--;
      if (length > 0)
        add_line (lines, start, length, klass, "start", x, *y + size, size, FALSE);
      *y += LINE_PITCH * size;
    }
}

/* Adds @text, parts separated by ", " (the source line), as
 * add_wrapped() does, but breaking the line after a part's comma where
 * whole parts fit on a line. */
static void
add_wrapped_parts (GArray       *lines,
                   PangoContext *context,
                   const char   *text,
                   const char   *klass,
                   double        x,
                   double        width,
                   double       *y)
{
  const double size = TEXT_FONT * EX_DIAGRAM_SQUARE_SIZE;
  g_auto(GStrv) parts = g_strsplit (text, ", ", -1);
  g_autoptr(GString) line = g_string_new (parts[0]);

  for (guint i = 1; parts[i] != NULL; i++)
    {
      g_autofree char *longer = g_strconcat (line->str, ", ", parts[i], NULL);

      if (text_width (context, longer, size) <= width)
        {
          g_string_assign (line, longer);
          continue;
        }
      g_string_append_c (line, ',');
      add_wrapped (lines, context, line->str, klass, x, width, y);
      g_string_assign (line, parts[i]);
    }
  add_wrapped (lines, context, line->str, klass, x, width, y);
}

/* Places the coordinates and the lines under the board of @painter;
 * returns the diagram's height. */
static double
place_text (const ExDiagram      *diagram,
            const ExBoardPainter *painter,
            GArray               *lines)
{
  const double s = EX_DIAGRAM_SQUARE_SIZE;
  const double size = TEXT_FONT * s, coord = COORD_FONT * s;
  const double left = painter->x0, right = painter->x0 + 8 * s;
  PangoContext *context;
  const char *count = diagram->piece_count, *stipulation = diagram->stipulation;
  double y = painter->y0 + 8 * s + COORD_BAND * s, top;

  for (int i = 0; i < 8; i++)
    {
      char rank[2] = { diagram->flipped ? '1' + i : '8' - i, 0 };
      char file[2] = { diagram->flipped ? 'h' - i : 'a' + i, 0 };

      /* The baseline a third of the font size under the centre. */
      add_line (lines, rank, 1, "coordinate", "middle", painter->x0 - COORD_BAND * s / 2,
                painter->y0 + (i + 0.5) * s + 0.36 * coord, coord, TRUE);
      add_line (lines, file, 1, "coordinate", "middle", painter->x0 + (i + 0.5) * s,
                painter->y0 + 8 * s + COORD_BAND * s / 2 + 0.36 * coord, coord, TRUE);
    }

  if (count != NULL && count[0] == '\0')
    count = NULL;
  if (stipulation != NULL && stipulation[0] == '\0')
    stipulation = NULL;
  if (count == NULL && stipulation == NULL
      && (diagram->source == NULL || diagram->source[0] == '\0'))
    return y + MARGIN * s;

  context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  y += TEXT_GAP * s;
  top = y;
  if (count != NULL)
    {
      /* At the right, on the stipulation's first line. */
      add_line (lines, count, strlen (count), "piece-count", "end", right, y + size, size,
                FALSE);
      y += LINE_PITCH * size;
    }
  if (stipulation != NULL)
    {
      double width = 8 * s - (count != NULL ? text_width (context, count, size) + 0.3 * s : 0);

      y = top;
      add_wrapped (lines, context, stipulation, "stipulation", left, width, &y);
      if (count != NULL)
        y = MAX (y, top + LINE_PITCH * size);
    }
  if (diagram->source != NULL && diagram->source[0] != '\0')
    add_wrapped_parts (lines, context, diagram->source, "source", left, right - left, &y);
  g_object_unref (context);
  return y + (MARGIN - (LINE_PITCH - 1) * TEXT_FONT) * s;
}

/* Draws the board at the origin of @cr: the squares, the pieces, the
 * shapes and the frame. */
static void
draw_board (cairo_t              *cr,
            const ExDiagram      *diagram,
            const ExBoardPainter *painter)
{
  const double s = EX_DIAGRAM_SQUARE_SIZE;
  const CqPosition *pos = diagram->position;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  for (int square = 0; square < 64; square++)
    {
      graphene_rect_t rect;
      GdkRGBA color;
      CqPiece piece = cq_position_piece_at (pos, square);

      ex_board_painter_get_square_bounds (painter, square, &rect);
      ex_board_painter_get_square_color (square, &color);
      gdk_cairo_set_source_rgba (cr, &color);
      cairo_rectangle (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height);
      cairo_fill (cr);
      if (piece != CQ_EMPTY)
        ex_board_painter_draw_piece (cr, piece, &rect);
    }
  ex_board_painter_draw_shapes (painter, cr, diagram->shapes);

  gdk_cairo_set_source_rgba (cr, &frame_color);
  cairo_set_line_width (cr, 1.5);
  cairo_rectangle (cr, painter->x0 - 0.75, painter->y0 - 0.75, 8 * s + 1.5, 8 * s + 1.5);
  cairo_stroke (cr);
}

/* Appends @lines to @svg as <text> elements. */
static void
append_text_elements (GString *svg,
                      GArray  *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      const TextLine *line = &g_array_index (lines, TextLine, i);
      g_autofree char *text = g_markup_escape_text (line->text, -1);
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
      char size[G_ASCII_DTOSTR_BUF_SIZE];

      /* Fixed decimals whatever the locale's decimal separator. */
      g_ascii_formatd (x, sizeof x, "%.2f", line->x);
      g_ascii_formatd (y, sizeof y, "%.2f", line->y);
      g_ascii_formatd (size, sizeof size, "%.2f", line->size);
      g_string_append_printf (svg, "<text class=\"%s\" x=\"%s\" y=\"%s\" "
                              "font-family=\"%s\" font-size=\"%s\"%s "
                              "text-anchor=\"%s\" fill=\"" TEXT_COLOR "\">%s</text>\n",
                              line->klass, x, y, FONT_FAMILIES, size,
                              line->bold ? " font-weight=\"bold\"" : "", line->anchor, text);
    }
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The diagram as an SVG document, or NULL with cairo's error. */
static GString *
render_svg (const ExDiagram  *diagram,
            double           *width,
            double           *height,
            GError          **error)
{
  const double s = EX_DIAGRAM_SQUARE_SIZE;
  ExBoardPainter painter = {
    .widget = NULL,
    .square_size = EX_DIAGRAM_SQUARE_SIZE,
    .x0 = (int) ((MARGIN + COORD_BAND) * s),
    .y0 = (int) (MARGIN * s),
    .flipped = diagram->flipped,
  };
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (TextLine));
  g_autoptr(GString) svg = g_string_new (NULL);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  const char *end;

  g_array_set_clear_func (lines, text_line_clear);
  /* The text is placed first: its lines set the diagram's height. */
  *width = (2 * MARGIN + COORD_BAND + 8) * s;
  *height = place_text (diagram, &painter, lines);

  surface = cairo_svg_surface_create_for_stream (append_bytes, svg, *width, *height);
  cr = cairo_create (surface);
  draw_board (cr, diagram, &painter);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  end = status == CAIRO_STATUS_SUCCESS ? g_strrstr (svg->str, "</svg>") : NULL;
  if (end == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot draw the diagram: %s"),
                   cairo_status_to_string (status != CAIRO_STATUS_SUCCESS
                                           ? status : CAIRO_STATUS_WRITE_ERROR));
      return NULL;
    }

  /* cairo writes text as glyph outlines: the text goes in as <text>
   * elements instead, over the board, before the document's end. */
  {
    g_autoptr(GString) text = g_string_new ("<g id=\"diagram-text\">\n");

    append_text_elements (text, lines);
    g_string_append (text, "</g>\n");
    g_string_insert_len (svg, end - svg->str, text->str, (gssize) text->len);
  }
  return g_steal_pointer (&svg);
}

/* The SVG document @svg of @width x @height points as a PNG image at
 * PNG_SCALE pixels a point, rendered by librsvg. */
static GBytes *
render_png (GString  *svg,
            double    width,
            double    height,
            GError  **error)
{
  g_autoptr(GString) png = g_string_new (NULL);
  RsvgHandle *handle;
  RsvgRectangle viewport = { 0, 0, width * PNG_SCALE, height * PNG_SCALE };
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean drawn;
  cairo_t *cr;

  handle = rsvg_handle_new_from_data ((const guint8 *) svg->str, svg->len, error);
  if (handle == NULL)
    return NULL;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (width * PNG_SCALE),
                                        (int) (height * PNG_SCALE));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  drawn = rsvg_handle_render_document (handle, cr, &viewport, error);
  g_object_unref (handle);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (drawn && status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, png);
  cairo_surface_destroy (surface);
  if (!drawn)
    return NULL;
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot draw the diagram: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_string_free_to_bytes (g_steal_pointer (&png));
}

GBytes *
ex_diagram_render (const ExDiagram  *diagram,
                   ExDiagramFormat   format,
                   GError          **error)
{
  g_autoptr(GString) svg = NULL;
  double width, height;

  g_return_val_if_fail (diagram != NULL && diagram->position != NULL, NULL);

  svg = render_svg (diagram, &width, &height, error);
  if (svg == NULL)
    return NULL;
  if (format == EX_DIAGRAM_PNG)
    return render_png (svg, width, height, error);
  return g_string_free_to_bytes (g_steal_pointer (&svg));
}

gboolean
ex_diagram_write (const ExDiagram  *diagram,
                  const char       *path,
                  ExDiagramFormat   format,
                  GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;
  CqOutputFile *output;
  const guint8 *data;
  gsize size;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  bytes = ex_diagram_render (diagram, format, error);
  if (bytes == NULL)
    return FALSE;

  output = cq_output_file_open (path, error);
  if (output == NULL)
    return FALSE;
  fd = cq_output_file_get_fd (output);
  data = g_bytes_get_data (bytes, &size);
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved_errno = n < 0 ? errno : ENOSPC;
          g_autofree char *name = g_filename_display_name (path);

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Cannot write “%s”: %s"), name, g_strerror (saved_errno));
          cq_output_file_free (output);
          return FALSE;
        }
      data += n;
      size -= n;
    }

  if (!cq_output_file_commit (output, error))
    {
      cq_output_file_free (output);
      return FALSE;
    }
  cq_output_file_free (output);
  return TRUE;
}
