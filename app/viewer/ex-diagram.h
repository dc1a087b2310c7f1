/* ex-diagram.h: a position as a diagram file (SVG or PNG).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "chess/cq-chess.h"
#include "ex-board-shapes.h"

G_BEGIN_DECLS

/* The side of a square: in points in SVG, in pixels in PNG. */
#define EX_DIAGRAM_SQUARE_SIZE 48

/**
 * ExDiagramFormat:
 * @EX_DIAGRAM_SVG: a scalable SVG document; the pieces stay vectors.
 * @EX_DIAGRAM_PNG: a PNG image at twice the SVG's size in pixels, for
 *   print and high-density screens.
 */
typedef enum {
  EX_DIAGRAM_SVG,
  EX_DIAGRAM_PNG
} ExDiagramFormat;

/**
 * ExDiagram:
 * @position: the position to draw.
 * @flipped: %TRUE to draw it from Black's side (h1 top left).
 * @shapes: (nullable): the arrows and coloured squares of the position's
 *   comment, drawn as the board shows them; %NULL for none.
 * @caption: (nullable): text under the board (several lines allowed,
 *   wrapped to the board's width); %NULL or "" for none.
 *
 * What a diagram shows.  Coordinates (files a..h under the board, ranks
 * 1..8 to its left) and a frame are always drawn.
 */
typedef struct {
  const CqPosition    *position;
  gboolean             flipped;
  const ExBoardShapes *shapes;
  const char          *caption;
} ExDiagram;

/* The format a file name asks for: PNG for a name ending in ".png" (any
 * case), otherwise SVG. */
ExDiagramFormat ex_diagram_format_for_path (const char *path);

/**
 * ex_diagram_render:
 * @diagram: what to draw.
 * @format: SVG or PNG.
 * @error: a #GError, or %NULL.
 *
 * Draws @diagram with cairo: the squares in the board's colours, the pieces
 * rendered by librsvg from the same SVG documents as the board's
 * (ex_board_painter_draw_piece()), the shapes, the coordinates and the
 * caption.  Main thread only (the piece documents are shared with the
 * board painter).
 *
 * Returns: (transfer full): the file's bytes, or %NULL with a
 *   %G_IO_ERROR_FAILED if cairo failed.
 */
GBytes         *ex_diagram_render          (const ExDiagram *diagram,
                                            ExDiagramFormat  format,
                                            GError         **error);

/**
 * ex_diagram_write:
 * @diagram: what to draw.
 * @path: the file to write.
 * @format: SVG or PNG (usually ex_diagram_format_for_path()).
 * @error: a #GError, or %NULL.
 *
 * Renders @diagram (ex_diagram_render()) and writes it to @path as the
 * exports are written (cq_output_file_open()): to a temporary file beside
 * it, renamed over @path when complete, so that a failure leaves an
 * existing file as it was.
 *
 * Returns: %TRUE on success.
 */
gboolean        ex_diagram_write           (const ExDiagram *diagram,
                                            const char      *path,
                                            ExDiagramFormat  format,
                                            GError         **error);

G_END_DECLS
