/* test-board-shapes.c: reading [%csl] and [%cal] from comments (no
 * display).
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include "ex-board-shapes.h"

/* The shapes of @comment written back as commands. */
static char *
parse_to_string (const char *comment,
                 guint      *n_read)
{
  ExBoardShapes shapes;
  guint n;

  ex_board_shapes_clear (&shapes);
  n = ex_board_shapes_parse (&shapes, comment);
  if (n_read != NULL)
    *n_read = n;
  return ex_board_shapes_to_string (&shapes);
}

static void
check (const char *comment,
       const char *expected)
{
  g_autofree char *text = parse_to_string (comment, NULL);

  g_assert_cmpstr (text, ==, expected);
}

/* What lichess writes: squares and arrows in all four colours. */
static void
test_lichess (void)
{
  guint n_read = 0;
  g_autofree char *text = parse_to_string ("Threat! [%csl Gd4,Re5,Yf6,Bg7]"
                                           "[%cal Ge2e4,Rb1c3,Yh1h8,Ba8h1]", &n_read);

  g_assert_cmpuint (n_read, ==, 8);
  g_assert_cmpstr (text, ==, "[%csl Gd4,Re5,Yf6,Bg7][%cal Ge2e4,Rb1c3,Yh1h8,Ba8h1]");
}

/* The squares and colours are read where they are. */
static void
test_values (void)
{
  ExBoardShapes shapes;

  ex_board_shapes_clear (&shapes);
  g_assert_cmpuint (ex_board_shapes_parse (&shapes, "[%cal Ra1h8] [%csl Bc2]"), ==, 2);
  g_assert_cmpuint (shapes.n_shapes, ==, 2);
  g_assert_cmpuint (shapes.shapes[0].from, ==, 0);
  g_assert_cmpuint (shapes.shapes[0].to, ==, 63);
  g_assert_cmpuint (shapes.shapes[0].color, ==, EX_BOARD_SHAPE_RED);
  g_assert_cmpuint (shapes.shapes[1].from, ==, 10);
  g_assert_cmpuint (shapes.shapes[1].to, ==, 10);
  g_assert_cmpuint (shapes.shapes[1].color, ==, EX_BOARD_SHAPE_BLUE);
}

/* Spaces, lower case, line breaks, several commands, text around them. */
static void
test_spelling (void)
{
  check ("before [%csl  gd4 , Re5 ] middle [%cal\nbe2e4] after",
         "[%csl Gd4,Re5][%cal Be2e4]");
  check ("[%csl Gd4][%csl Ra1]", "[%csl Gd4,Ra1]");
  check ("[%clk 0:03:00] [%csl Gd4] [%eval 0.3]", "[%csl Gd4]");
}

/* Malformed items are skipped one by one; other commands and text are
 * ignored; an unclosed command is ignored. */
static void
test_malformed (void)
{
  check (NULL, "");
  check ("", "");
  check ("no commands [d4] [% csl Gd4]", "");
  check ("[%csl Xd4,Gi4,G,Gd9,Gd4d5,Rd4]", "[%csl Rd4]");
  check ("[%cal Ge2e2,Ge2,Ge2e4e5,Qa1a2,Ga1b2]", "[%cal Ga1b2]");
  check ("[%cslx Gd4][%calGd4d5]", "");
  check ("[%csl Gd4", "");
  check ("[%csl ,,Gd4,,]", "[%csl Gd4]");
}

/* The same square or arrow again changes its colour. */
static void
test_repeated (void)
{
  ExBoardShapes shapes;

  ex_board_shapes_clear (&shapes);
  ex_board_shapes_parse (&shapes, "[%csl Gd4,Rd4][%cal Ge2e4,Be2e4,Ge4e2]");
  g_assert_cmpuint (shapes.n_shapes, ==, 3);
  check ("[%csl Gd4,Rd4][%cal Ge2e4,Be2e4,Ge4e2]", "[%csl Rd4][%cal Be2e4,Ge4e2]");
}

/* Shapes beyond EX_BOARD_SHAPES_MAX are dropped, not written past the
 * array. */
static void
test_limit (void)
{
  g_autoptr(GString) comment = g_string_new ("[%cal ");
  ExBoardShapes shapes;

  for (int from = 0; from < 64; from++)
    for (int to = 0; to < 4; to++)
      if (from != to)
        g_string_append_printf (comment, "G%c%c%c%c,", 'a' + from % 8, '1' + from / 8,
                                'a' + to, '1');
  g_string_append_c (comment, ']');

  ex_board_shapes_clear (&shapes);
  g_assert_cmpuint (ex_board_shapes_parse (&shapes, comment->str), ==, EX_BOARD_SHAPES_MAX);
  g_assert_cmpuint (shapes.n_shapes, ==, EX_BOARD_SHAPES_MAX);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/viewer/board-shapes/lichess", test_lichess);
  g_test_add_func ("/viewer/board-shapes/values", test_values);
  g_test_add_func ("/viewer/board-shapes/spelling", test_spelling);
  g_test_add_func ("/viewer/board-shapes/malformed", test_malformed);
  g_test_add_func ("/viewer/board-shapes/repeated", test_repeated);
  g_test_add_func ("/viewer/board-shapes/limit", test_limit);

  return g_test_run ();
}
