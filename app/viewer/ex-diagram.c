/* ex-diagram.c: a position as a diagram file (SVG or PNG).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A diagram is drawn with cairo onto an SVG or an image surface: the board
 * in the viewer's colours with the board painter's geometry, the pieces
 * rendered by librsvg from the board's own SVG documents (so an SVG
 * diagram keeps them as vectors), the comment's arrows, a frame, the
 * coordinates outside the board as in printed diagrams, and an optional
 * caption laid out with Pango.  The bytes are made in memory and written
 * as exports are (CqOutputFile: a temporary file renamed into place).
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "pgn/cq-output-file.h"

#include "ex-board-painter.h"
#include "ex-diagram.h"

/* The layout, in squares: the margin around everything, the band of the
 * coordinates, the gap over the caption, and the font sizes. */
#define MARGIN        0.25
#define COORD_BAND    0.45
#define CAPTION_GAP   0.25
#define COORD_FONT    0.28
#define CAPTION_FONT  0.30
/* PNG pixels per SVG point. */
#define PNG_SCALE     2

static const GdkRGBA frame_color = { 0.25, 0.25, 0.25, 1.0 };
static const GdkRGBA text_color  = { 0.10, 0.10, 0.10, 1.0 };

ExDiagramFormat
ex_diagram_format_for_path (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path != NULL ? path : "", -1);

  return g_str_has_suffix (lower, ".png") ? EX_DIAGRAM_PNG : EX_DIAGRAM_SVG;
}

static PangoLayout *
new_layout (cairo_t    *cr,
            const char *text,
            double      font_size,
            gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size (font, font_size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* The caption laid out for @cr, or NULL without one. */
static PangoLayout *
new_caption_layout (cairo_t         *cr,
                    const ExDiagram *diagram,
                    double           width)
{
  PangoLayout *layout;

  if (diagram->caption == NULL || diagram->caption[0] == '\0')
    return NULL;
  layout = new_layout (cr, diagram->caption, CAPTION_FONT * EX_DIAGRAM_SQUARE_SIZE, FALSE);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  return layout;
}

/* Draws @text centred on (@x, @y). */
static void
draw_centred (cairo_t    *cr,
              const char *text,
              double      x,
              double      y)
{
  g_autoptr(PangoLayout) layout = new_layout (cr, text, COORD_FONT * EX_DIAGRAM_SQUARE_SIZE,
                                              TRUE);
  PangoRectangle ink;

  pango_layout_get_pixel_extents (layout, &ink, NULL);
  cairo_move_to (cr, x - ink.x - ink.width / 2.0, y - ink.y - ink.height / 2.0);
  pango_cairo_show_layout (cr, layout);
}

/* Draws the diagram at the origin of @cr, with @caption (may be NULL)
 * under the board. */
static void
draw_diagram (cairo_t         *cr,
              const ExDiagram *diagram,
              PangoLayout     *caption)
{
  const double s = EX_DIAGRAM_SQUARE_SIZE;
  ExBoardPainter painter = {
    .widget = NULL,
    .square_size = EX_DIAGRAM_SQUARE_SIZE,
    .x0 = (int) ((MARGIN + COORD_BAND) * s),
    .y0 = (int) (MARGIN * s),
    .flipped = diagram->flipped,
  };
  const CqPosition *pos = diagram->position;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  for (int square = 0; square < 64; square++)
    {
      graphene_rect_t rect;
      GdkRGBA color;
      CqPiece piece = cq_position_piece_at (pos, square);

      ex_board_painter_get_square_bounds (&painter, square, &rect);
      ex_board_painter_get_square_color (square, &color);
      gdk_cairo_set_source_rgba (cr, &color);
      cairo_rectangle (cr, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height);
      cairo_fill (cr);
      if (piece != CQ_EMPTY)
        ex_board_painter_draw_piece (cr, piece, &rect);
    }
  ex_board_painter_draw_shapes (&painter, cr, diagram->shapes);

  gdk_cairo_set_source_rgba (cr, &frame_color);
  cairo_set_line_width (cr, 1.5);
  cairo_rectangle (cr, painter.x0 - 0.75, painter.y0 - 0.75, 8 * s + 1.5, 8 * s + 1.5);
  cairo_stroke (cr);

  gdk_cairo_set_source_rgba (cr, &text_color);
  for (int i = 0; i < 8; i++)
    {
      char rank[2] = { diagram->flipped ? '1' + i : '8' - i, 0 };
      char file[2] = { diagram->flipped ? 'h' - i : 'a' + i, 0 };

      draw_centred (cr, rank, painter.x0 - COORD_BAND * s / 2, painter.y0 + (i + 0.5) * s);
      draw_centred (cr, file, painter.x0 + (i + 0.5) * s,
                    painter.y0 + 8 * s + COORD_BAND * s / 2);
    }

  if (caption != NULL)
    {
      cairo_move_to (cr, painter.x0, painter.y0 + 8 * s + (COORD_BAND + CAPTION_GAP) * s);
      pango_cairo_show_layout (cr, caption);
    }
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
ex_diagram_render (const ExDiagram  *diagram,
                   ExDiagramFormat   format,
                   GError          **error)
{
  const double s = EX_DIAGRAM_SQUARE_SIZE;
  double width = (2 * MARGIN + COORD_BAND + 8) * s;
  double height = (2 * MARGIN + COORD_BAND + 8) * s;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(PangoLayout) caption = NULL;
  cairo_surface_t *scratch, *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (diagram != NULL && diagram->position != NULL, NULL);

  /* The caption is measured first: its height sets the diagram's. */
  scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (scratch);
  caption = new_caption_layout (cr, diagram, 8 * s);
  if (caption != NULL)
    {
      int caption_height;

      pango_layout_get_pixel_size (caption, NULL, &caption_height);
      height += CAPTION_GAP * s + caption_height;
    }
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);

  if (format == EX_DIAGRAM_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      cr = cairo_create (surface);
    }
  else
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (width * PNG_SCALE),
                                            (int) (height * PNG_SCALE));
      cr = cairo_create (surface);
      cairo_scale (cr, PNG_SCALE, PNG_SCALE);
    }

  /* The caption again for this surface's font options. */
  g_clear_object (&caption);
  caption = new_caption_layout (cr, diagram, 8 * s);
  draw_diagram (cr, diagram, caption);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && format == EX_DIAGRAM_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot draw the diagram: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
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
