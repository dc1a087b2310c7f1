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
 * @piece_count: (nullable): the piece count, "(4+5)", right under the
 *   board's right edge (ex_diagram_piece_count()); %NULL or "" for none.
 * @stipulation: (nullable): the stipulation line, "White to play and
 *   win", under the board's left edge (ex_diagram_stipulation()); %NULL
 *   or "" for none.
 * @source: (nullable): the source line, "A. Troitzky, Novoe Vremya 1910",
 *   under those, wrapped to the board's width (ex_diagram_source());
 *   %NULL or "" for none.
 *
 * What a diagram shows.  Coordinates (files a..h under the board, ranks
 * 1..8 to its left) and a frame are always drawn.
 */
typedef struct {
  const CqPosition    *position;
  gboolean             flipped;
  const ExBoardShapes *shapes;
  const char          *piece_count;
  const char          *stipulation;
  const char          *source;
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
 * Draws @diagram as an SVG document: the squares in the board's colours,
 * the pieces rendered by librsvg from the same SVG documents as the
 * board's (ex_board_painter_draw_piece()), the shapes and the frame drawn
 * with cairo; the coordinates and the lines under the board are written
 * as SVG <text> elements (class "coordinate", "piece-count",
 * "stipulation" and "source"), in a sans-serif font family with
 * fallbacks, so that they stay text that can be searched and edited.  A
 * PNG is that document rendered by librsvg at twice its size: the same
 * layout.  Main thread only (the piece documents are shared with the
 * board painter).
 *
 * Returns: (transfer full): the file's bytes, or %NULL with a
 *   %G_IO_ERROR_FAILED if cairo or librsvg failed.
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
