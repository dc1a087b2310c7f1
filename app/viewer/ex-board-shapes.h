/* ex-board-shapes.h: the arrows and coloured squares of PGN comments.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * lichess and ChessBase annotate a position with commands in the comment
 * after its move: `[%csl Gd4,Re5]` colours squares and `[%cal Ge2e4,Rb1c3]`
 * draws arrows, each item a colour letter (G green, R red, Y yellow, B
 * blue) and one or two squares.  They are read here, in one place, and
 * drawn on the board by the painter (ex_board_painter_snapshot_shapes()).
 * Needs GLib only.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* At most this many shapes are kept per position; the rest are ignored. */
#define EX_BOARD_SHAPES_MAX 128

/**
 * ExBoardShapeColor:
 * @EX_BOARD_SHAPE_GREEN: G
 * @EX_BOARD_SHAPE_RED: R
 * @EX_BOARD_SHAPE_YELLOW: Y
 * @EX_BOARD_SHAPE_BLUE: B
 */
typedef enum {
  EX_BOARD_SHAPE_GREEN,
  EX_BOARD_SHAPE_RED,
  EX_BOARD_SHAPE_YELLOW,
  EX_BOARD_SHAPE_BLUE,
  EX_BOARD_SHAPE_N_COLORS
} ExBoardShapeColor;

/**
 * ExBoardShape:
 * @from: a square, 0 (a1) .. 63 (h8).
 * @to: the arrow's target square, or @from for a coloured square.
 * @color: an #ExBoardShapeColor.
 */
typedef struct {
  guint8 from;
  guint8 to;
  guint8 color;
} ExBoardShape;

/**
 * ExBoardShapes:
 * @n_shapes: how many entries of @shapes are used.
 * @shapes: the squares and arrows, in the order they were read.
 *
 * A plain value: copy it with `=`, clear it with ex_board_shapes_clear().
 */
typedef struct {
  guint        n_shapes;
  ExBoardShape shapes[EX_BOARD_SHAPES_MAX];
} ExBoardShapes;

/* Empties @shapes. */
void        ex_board_shapes_clear        (ExBoardShapes *shapes);

/**
 * ex_board_shapes_parse:
 * @shapes: the shapes to add to.
 * @comment: (nullable): the text of a PGN comment.
 *
 * Adds the squares of every `[%csl ...]` and the arrows of every
 * `[%cal ...]` command of @comment to @shapes.  Items are separated by
 * commas (spaces around them are allowed); the colour letter may be upper
 * or lower case.  An item that is not a colour and one square (csl) or two
 * different squares (cal) is skipped, as is everything else in the
 * comment.  A shape on the same squares as one already there replaces it
 * (its colour changes), as lichess has one shape per square or arrow.
 *
 * Returns: the number of shapes read from @comment.
 */
guint       ex_board_shapes_parse        (ExBoardShapes *shapes,
                                          const char    *comment);

/**
 * ex_board_shapes_to_string:
 * @shapes: shapes.
 *
 * Writes @shapes back as commands: `[%csl Gd4,Re5][%cal Ge2e4]` (squares
 * first, then arrows, each in the order kept); "" when there are none.
 * For tests and the board's accessible description.
 *
 * Returns: (transfer full): a new string.
 */
char       *ex_board_shapes_to_string    (const ExBoardShapes *shapes);

G_END_DECLS
