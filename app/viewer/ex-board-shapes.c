/* ex-board-shapes.c: the arrows and coloured squares of PGN comments.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A comment is scanned for "[%csl" and "[%cal" followed by white space; the
 * text up to the closing ']' is split at commas and each item read as a
 * colour letter and one or two square names.  Malformed items are skipped
 * one by one, so that one typo does not lose the rest of the annotation.
 */
#include "config.h"

#include <string.h>

#include "ex-board-shapes.h"

static const char color_letters[EX_BOARD_SHAPE_N_COLORS] = { 'G', 'R', 'Y', 'B' };

void
ex_board_shapes_clear (ExBoardShapes *shapes)
{
  g_return_if_fail (shapes != NULL);

  shapes->n_shapes = 0;
}

/* The square named at @p ("e4"), or -1. */
static int
read_square (const char *p)
{
  char file = g_ascii_tolower (p[0]);

  if (file < 'a' || file > 'h' || p[1] < '1' || p[1] > '8')
    return -1;
  return (p[1] - '1') * 8 + (file - 'a');
}

/* Adds one shape, replacing one on the same squares. */
static gboolean
add_shape (ExBoardShapes *shapes,
           int            from,
           int            to,
           int            color)
{
  for (guint i = 0; i < shapes->n_shapes; i++)
    if (shapes->shapes[i].from == from && shapes->shapes[i].to == to)
      {
        shapes->shapes[i].color = color;
        return TRUE;
      }

  if (shapes->n_shapes >= EX_BOARD_SHAPES_MAX)
    return FALSE;
  shapes->shapes[shapes->n_shapes++] = (ExBoardShape) { from, to, color };
  return TRUE;
}

/* Reads the item of @len bytes at @item (spaces trimmed): "Gd4" when
 * @arrow is FALSE, "Ge2e4" when it is TRUE. */
static gboolean
parse_item (ExBoardShapes *shapes,
            const char    *item,
            gsize          len,
            gboolean       arrow)
{
  const char *letter;
  int color = -1, from, to;

  while (len > 0 && g_ascii_isspace (*item))
    item++, len--;
  while (len > 0 && g_ascii_isspace (item[len - 1]))
    len--;
  if (len != (arrow ? 5u : 3u))
    return FALSE;

  letter = memchr (color_letters, g_ascii_toupper (item[0]), sizeof color_letters);
  if (letter != NULL)
    color = letter - color_letters;
  from = read_square (item + 1);
  to = arrow ? read_square (item + 3) : from;
  if (color < 0 || from < 0 || to < 0 || (arrow && from == to))
    return FALSE;
  return add_shape (shapes, from, to, color);
}

guint
ex_board_shapes_parse (ExBoardShapes *shapes,
                       const char    *comment)
{
  guint n_read = 0;

  g_return_val_if_fail (shapes != NULL, 0);

  if (comment == NULL)
    return 0;

  for (const char *p = strstr (comment, "[%"); p != NULL; p = strstr (p, "[%"))
    {
      const char *end;
      gboolean arrow;

      p += 2;
      if (strncmp (p, "csl", 3) == 0)
        arrow = FALSE;
      else if (strncmp (p, "cal", 3) == 0)
        arrow = TRUE;
      else
        continue;
      if (!g_ascii_isspace (p[3]))
        continue;
      end = strchr (p, ']');
      if (end == NULL)
        break;

      for (const char *item = p + 4; item < end;)
        {
          const char *comma = memchr (item, ',', end - item);
          const char *item_end = comma != NULL ? comma : end;

          if (parse_item (shapes, item, item_end - item, arrow))
            n_read++;
          item = item_end + 1;
        }
      p = end;
    }

  return n_read;
}

static void
append_items (GString             *text,
              const ExBoardShapes *shapes,
              gboolean             arrows)
{
  gsize start = text->len;

  for (guint i = 0; i < shapes->n_shapes; i++)
    {
      const ExBoardShape *shape = &shapes->shapes[i];

      if ((shape->from != shape->to) != arrows)
        continue;
      g_string_append (text, text->len == start ? (arrows ? "[%cal " : "[%csl ") : ",");
      g_string_append_printf (text, "%c%c%c", color_letters[shape->color],
                              'a' + shape->from % 8, '1' + shape->from / 8);
      if (arrows)
        g_string_append_printf (text, "%c%c", 'a' + shape->to % 8, '1' + shape->to / 8);
    }
  if (text->len > start)
    g_string_append_c (text, ']');
}

char *
ex_board_shapes_to_string (const ExBoardShapes *shapes)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (shapes != NULL, g_string_free (text, FALSE));

  append_items (text, shapes, FALSE);
  append_items (text, shapes, TRUE);
  return g_string_free (text, FALSE);
}
