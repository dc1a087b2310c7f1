/* ex-board-painter.c: the one painter of chess boards in the workbench.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer's board, the picker's square board and the pattern board are
 * all laid out and drawn here, so that they look alike and hit-test alike.
 * The board is drawn into a GtkSnapshot: one colour node per square, colour
 * and border nodes for the marks, text for the coordinates and one texture
 * node per piece.  The piece images (the cburnett set, see
 * pieces/cburnett/ATTRIBUTION.md) are rendered with librsvg into cairo image
 * surfaces and turned into GdkTextures, which one process-wide cache keeps
 * per size for the few sizes used last: an ordinary redraw (a new position,
 * a new selection) renders no SVG at all, and resizing a window does not
 * make the cache grow.  ExBoardCanvas is a widget that only shows a board
 * drawn by its owner with these functions (made in code, or in a template
 * and given its draw function afterwards).
 */
#include "config.h"

#include <librsvg/rsvg.h>
#include <math.h>

#include "ex-board-painter.h"
#include "ex-viewer-private.h"

/* How many sizes of piece images the cache keeps. */
#define N_CACHED_SIZES 8

/* The palette, parsed once from the EX_BOARD_*_COLOR strings.  Marks are
 * drawn over the square colour. */
static GdkRGBA light_color;
static GdkRGBA dark_color;
static const GdkRGBA last_move_tint = { 0.80, 0.82, 0.20, 0.50 };
static const GdkRGBA match_tint     = { 0.21, 0.52, 0.89, 0.45 };
static const GdkRGBA selected_tint  = { 0.21, 0.52, 0.89, 0.55 };
static const GdkRGBA mark_outline   = { 0.10, 0.37, 0.71, 1.00 };
/* The user's piece and where it may go, in lichess's green. */
static const GdkRGBA picked_tint    = { 0.08, 0.33, 0.12, 0.50 };
static const GdkRGBA target_dot     = { 0.08, 0.33, 0.12, 0.50 };

/* Parsed SVG documents, one per piece (piece_handles[CQ_EMPTY] is unused),
 * loaded on first use.  NULL if a document failed to load. */
static RsvgHandle *piece_handles[CQ_N_PIECES];

/* The images of one size, indexed by CqPiece, rendered as they are asked
 * for. */
typedef struct {
  int         size;       /* device pixels; 0 for an unused slot */
  guint64     last_use;   /* use_clock when last asked for */
  GdkTexture *textures[CQ_N_PIECES];
} PieceSet;

static PieceSet piece_sets[N_CACHED_SIZES];
static guint64 use_clock;

static void
ensure_palette (void)
{
  static gboolean parsed = FALSE;

  if (parsed)
    return;
  gdk_rgba_parse (&light_color, EX_BOARD_LIGHT_SQUARE_COLOR);
  gdk_rgba_parse (&dark_color, EX_BOARD_DARK_SQUARE_COLOR);
  parsed = TRUE;
}

static const char *
piece_basename (CqPiece piece)
{
  static const char *const names[CQ_N_PIECES] = {
    NULL,
    "wP.svg", "wN.svg", "wB.svg", "wR.svg", "wQ.svg", "wK.svg",
    "bP.svg", "bN.svg", "bB.svg", "bR.svg", "bQ.svg", "bK.svg",
  };

  return names[piece];
}

static void
ensure_piece_handles (void)
{
  static gboolean loaded = FALSE;

  if (loaded)
    return;
  loaded = TRUE;

  _ex_viewer_ensure_resources ();
  for (int piece = CQ_WP; piece < CQ_N_PIECES; piece++)
    {
      g_autofree char *path = g_strconcat (EX_VIEWER_PIECES_PATH,
                                           piece_basename (piece), NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;

      bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (bytes != NULL)
        piece_handles[piece] = rsvg_handle_new_from_data (g_bytes_get_data (bytes, NULL),
                                                          g_bytes_get_size (bytes),
                                                          &error);
      if (piece_handles[piece] == NULL)
        g_warning ("Cannot load the piece image %s: %s", path, error->message);
    }
}

/* Renders @handle into a new @size x @size texture, or returns NULL. */
static GdkTexture *
render_piece_texture (RsvgHandle *handle,
                      int         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  RsvgRectangle viewport = { 0, 0, size, size };
  cairo_surface_t *surface;
  GdkTexture *texture = NULL;
  cairo_t *cr;
  gboolean ok;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }

  cr = cairo_create (surface);
  ok = rsvg_handle_render_document (handle, cr, &viewport, &error);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  if (ok)
    {
      /* CAIRO_FORMAT_ARGB32 is GDK_MEMORY_DEFAULT: premultiplied, native
       * endian. */
      int stride = cairo_image_surface_get_stride (surface);

      bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * size);
      texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes, stride);
    }
  else
    g_warning ("Cannot render a piece image: %s", error->message);

  cairo_surface_destroy (surface);
  return texture;
}

/* The cache slot of @size: the one that holds it, or else the one used
 * least recently, emptied. */
static PieceSet *
lookup_piece_set (int size)
{
  PieceSet *oldest = &piece_sets[0];

  for (guint i = 0; i < G_N_ELEMENTS (piece_sets); i++)
    {
      PieceSet *set = &piece_sets[i];

      if (set->size == size)
        {
          set->last_use = ++use_clock;
          return set;
        }
      if (set->last_use < oldest->last_use)
        oldest = set;
    }

  for (guint i = 0; i < G_N_ELEMENTS (oldest->textures); i++)
    g_clear_object (&oldest->textures[i]);
  oldest->size = size;
  oldest->last_use = ++use_clock;
  return oldest;
}

GdkTexture *
ex_board_painter_get_piece_texture (CqPiece piece,
                                    int     size)
{
  PieceSet *set;

  g_return_val_if_fail (size > 0, NULL);

  if (piece <= CQ_EMPTY || piece >= CQ_N_PIECES)
    return NULL;
  ensure_piece_handles ();
  if (piece_handles[piece] == NULL)
    return NULL;

  set = lookup_piece_set (size);
  if (set->textures[piece] == NULL)
    set->textures[piece] = render_piece_texture (piece_handles[piece], size);

  return set->textures[piece] != NULL ? g_object_ref (set->textures[piece]) : NULL;
}

/* ------------------------------------------------------------------------
 * Geometry
 */

gboolean
ex_board_painter_init (ExBoardPainter *painter,
                       GtkWidget      *widget,
                       gboolean        flipped)
{
  int width, height, size;

  g_return_val_if_fail (painter != NULL, FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  size = MAX (MIN (width, height), 0) / 8;

  painter->widget = widget;
  painter->square_size = size;
  painter->x0 = (width - 8 * size) / 2;
  painter->y0 = (height - 8 * size) / 2;
  painter->flipped = !!flipped;

  return size > 0;
}

gboolean
ex_board_painter_get_square_bounds (const ExBoardPainter *painter,
                                    int                   square,
                                    graphene_rect_t      *bounds)
{
  int size = painter->square_size;
  int file, rank, col, row;

  g_return_val_if_fail (bounds != NULL, FALSE);

  graphene_rect_init (bounds, 0, 0, 0, 0);
  if (square < 0 || square > 63 || size <= 0)
    return FALSE;

  file = CQ_FILE (square);
  rank = CQ_RANK (square);
  col = painter->flipped ? 7 - file : file;
  row = painter->flipped ? rank : 7 - rank;
  graphene_rect_init (bounds, painter->x0 + col * size, painter->y0 + row * size, size, size);
  return TRUE;
}

int
ex_board_painter_get_square_at (const ExBoardPainter *painter,
                                double                x,
                                double                y)
{
  int size = painter->square_size;
  int x0 = painter->x0, y0 = painter->y0;
  int col, row, file, rank;

  if (size <= 0 || x < x0 || y < y0 || x >= x0 + 8 * size || y >= y0 + 8 * size)
    return CQ_NO_SQUARE;

  col = (int) ((x - x0) / size);
  row = (int) ((y - y0) / size);
  file = painter->flipped ? 7 - col : col;
  rank = painter->flipped ? row : 7 - row;
  return CQ_SQUARE (file, rank);
}

/* ------------------------------------------------------------------------
 * Painting
 */

static gboolean
square_is_light (int square)
{
  return (CQ_FILE (square) + CQ_RANK (square)) % 2 == 1;
}

/* The lowest square of a non-empty bitboard. */
static inline int
lowest_square (CqBitboard bb)
{
  return __builtin_ctzll (bb);
}

void
ex_board_painter_snapshot_squares (const ExBoardPainter *painter,
                                   GtkSnapshot          *snapshot)
{
  graphene_rect_t rect;

  ensure_palette ();
  for (int square = 0; square < 64; square++)
    if (ex_board_painter_get_square_bounds (painter, square, &rect))
      gtk_snapshot_append_color (snapshot,
                                 square_is_light (square) ? &light_color : &dark_color,
                                 &rect);
}

/* Outlines of @width pixels inside each square of @squares.  Whole-pixel
 * widths are border nodes; a fractional width is stroked with cairo, since
 * the GL renderers draw a border node's fractional width as whole pixels
 * and cairo draws it antialiased. */
static void
snapshot_outlines (const ExBoardPainter *painter,
                   GtkSnapshot          *snapshot,
                   CqBitboard            squares,
                   float                 width)
{
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { mark_outline, mark_outline, mark_outline, mark_outline };
  int size = painter->square_size;
  cairo_t *cr = NULL;

  if (width != floorf (width))
    {
      cr = gtk_snapshot_append_cairo (snapshot,
                                      &GRAPHENE_RECT_INIT (painter->x0, painter->y0,
                                                           8 * size, 8 * size));
      gdk_cairo_set_source_rgba (cr, &mark_outline);
      cairo_set_line_width (cr, width);
    }

  for (CqBitboard bb = squares; bb != 0; bb &= bb - 1)
    {
      graphene_rect_t rect;
      GskRoundedRect outline;

      ex_board_painter_get_square_bounds (painter, lowest_square (bb), &rect);
      if (cr != NULL)
        {
          cairo_rectangle (cr, rect.origin.x + width / 2, rect.origin.y + width / 2,
                           rect.size.width - width, rect.size.height - width);
          cairo_stroke (cr);
        }
      else
        {
          gsk_rounded_rect_init_from_rect (&outline, &rect, 0);
          gtk_snapshot_append_border (snapshot, &outline, widths, colors);
        }
    }

  g_clear_pointer (&cr, cairo_destroy);
}

void
ex_board_painter_snapshot_marks (const ExBoardPainter *painter,
                                 GtkSnapshot          *snapshot,
                                 CqBitboard            squares,
                                 ExBoardMark           mark)
{
  graphene_rect_t rect;

  if (squares == 0 || painter->square_size <= 0)
    return;

  switch (mark)
    {
    case EX_BOARD_MARK_LAST_MOVE:
      for (CqBitboard bb = squares; bb != 0; bb &= bb - 1)
        {
          ex_board_painter_get_square_bounds (painter, lowest_square (bb), &rect);
          gtk_snapshot_append_color (snapshot, &last_move_tint, &rect);
        }
      break;

    case EX_BOARD_MARK_MATCH:
      /* Tint and outline square by square. */
      for (CqBitboard bb = squares; bb != 0; bb &= bb - 1)
        {
          int square = lowest_square (bb);

          ex_board_painter_get_square_bounds (painter, square, &rect);
          gtk_snapshot_append_color (snapshot, &match_tint, &rect);
          snapshot_outlines (painter, snapshot, CQ_BIT (square),
                             MAX (2.0f, roundf (painter->square_size * 0.07f)));
        }
      break;

    case EX_BOARD_MARK_SELECTED:
      /* The tints, then the outlines over them. */
      for (CqBitboard bb = squares; bb != 0; bb &= bb - 1)
        {
          ex_board_painter_get_square_bounds (painter, lowest_square (bb), &rect);
          gtk_snapshot_append_color (snapshot, &selected_tint, &rect);
        }
      snapshot_outlines (painter, snapshot, squares, 1.5f);
      break;

    case EX_BOARD_MARK_PICKED:
      for (CqBitboard bb = squares; bb != 0; bb &= bb - 1)
        {
          ex_board_painter_get_square_bounds (painter, lowest_square (bb), &rect);
          gtk_snapshot_append_color (snapshot, &picked_tint, &rect);
        }
      break;

    case EX_BOARD_MARK_TARGET:
    case EX_BOARD_MARK_CAPTURE:
      /* A dot of a quarter of the square on an empty square; on a piece,
       * which a dot would hide, a ring inside the square's edge. */
      for (CqBitboard bb = squares; bb != 0; bb &= bb - 1)
        {
          float side = painter->square_size;
          gboolean dot = mark == EX_BOARD_MARK_TARGET;
          float inset = dot ? roundf (side * 0.375f) : 0.0f;
          float width = dot ? 0.0f : MAX (2.0f, roundf (side * 0.08f));
          GskRoundedRect round;

          ex_board_painter_get_square_bounds (painter, lowest_square (bb), &rect);
          graphene_rect_inset (&rect, inset, inset);
          gsk_rounded_rect_init_from_rect (&round, &rect, rect.size.width / 2.0f);
          if (dot)
            {
              gtk_snapshot_push_rounded_clip (snapshot, &round);
              gtk_snapshot_append_color (snapshot, &target_dot, &rect);
              gtk_snapshot_pop (snapshot);
            }
          else
            {
              const float widths[4] = { width, width, width, width };
              const GdkRGBA colors[4] = { target_dot, target_dot, target_dot, target_dot };

              gtk_snapshot_append_border (snapshot, &round, widths, colors);
            }
        }
      break;

    default:
      g_return_if_reached ();
    }
}

/* Draws @text in a corner of @rect: top left if @top_left, otherwise
 * bottom right. */
static void
snapshot_coordinate (const ExBoardPainter  *painter,
                     GtkSnapshot           *snapshot,
                     PangoFontDescription  *font,
                     const char            *text,
                     const graphene_rect_t *rect,
                     gboolean               top_left,
                     const GdkRGBA         *color)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (painter->widget, text);
  float pad = MAX (1.0f, rect->size.width * 0.05f);
  PangoRectangle ink, logical;
  float x, y;

  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_extents (layout, &ink, &logical);

  if (top_left)
    {
      x = rect->origin.x + pad;
      y = rect->origin.y + pad - ink.y + 1;
    }
  else
    {
      x = rect->origin.x + rect->size.width - pad - logical.width;
      y = rect->origin.y + rect->size.height - pad - (ink.y + ink.height);
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

void
ex_board_painter_snapshot_coordinates (const ExBoardPainter *painter,
                                       GtkSnapshot          *snapshot)
{
  int size = painter->square_size;
  PangoFontDescription *font;
  graphene_rect_t rect;

  if (size < 24)
    return;

  ensure_palette ();
  font = pango_font_description_new ();
  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (7.0, size * 0.17) * PANGO_SCALE);

  for (int i = 0; i < 8; i++)
    {
      /* Square in the left column of row i, and in column i of the bottom row. */
      int left = painter->flipped ? CQ_SQUARE (7, i) : CQ_SQUARE (0, 7 - i);
      int bottom = painter->flipped ? CQ_SQUARE (7 - i, 7) : CQ_SQUARE (i, 0);
      char rank_text[2] = { '1' + CQ_RANK (left), 0 };
      char file_text[2] = { 'a' + CQ_FILE (bottom), 0 };

      ex_board_painter_get_square_bounds (painter, left, &rect);
      snapshot_coordinate (painter, snapshot, font, rank_text, &rect, TRUE,
                           square_is_light (left) ? &dark_color : &light_color);
      ex_board_painter_get_square_bounds (painter, bottom, &rect);
      snapshot_coordinate (painter, snapshot, font, file_text, &rect, FALSE,
                           square_is_light (bottom) ? &dark_color : &light_color);
    }

  pango_font_description_free (font);
}

/* Fallback when a piece image is missing: the piece letter. */
static void
snapshot_piece_letter (const ExBoardPainter  *painter,
                       GtkSnapshot           *snapshot,
                       CqPiece                piece,
                       const graphene_rect_t *rect)
{
  char text[2] = { cq_piece_char (piece), 0 };
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (painter->widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  const GdkRGBA black = { 0, 0, 0, 1 };
  int width, height;

  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, rect->size.height * 0.6 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &width, &height);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (rect->origin.x + (rect->size.width - width) / 2,
                                                rect->origin.y + (rect->size.height - height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, &black);
  gtk_snapshot_restore (snapshot);
}

void
ex_board_painter_snapshot_piece (const ExBoardPainter  *painter,
                                 GtkSnapshot           *snapshot,
                                 CqPiece                piece,
                                 const graphene_rect_t *rect)
{
  g_autoptr(GdkTexture) texture = NULL;
  int size;

  if (piece <= CQ_EMPTY || piece >= CQ_N_PIECES)
    return;

  size = (int) ceilf (rect->size.width * gtk_widget_get_scale_factor (painter->widget));
  if (size <= 0)
    return;

  texture = ex_board_painter_get_piece_texture (piece, size);
  if (texture != NULL)
    gtk_snapshot_append_texture (snapshot, texture, rect);
  else
    snapshot_piece_letter (painter, snapshot, piece, rect);
}

void
ex_board_painter_get_square_color (int      square,
                                   GdkRGBA *color)
{
  g_return_if_fail (color != NULL);

  ensure_palette ();
  *color = square_is_light (square) ? light_color : dark_color;
}

gboolean
ex_board_painter_draw_piece (cairo_t               *cr,
                             CqPiece                piece,
                             const graphene_rect_t *rect)
{
  RsvgRectangle viewport = { rect->origin.x, rect->origin.y,
                             rect->size.width, rect->size.height };
  g_autoptr(GError) error = NULL;

  if (piece <= CQ_EMPTY || piece >= CQ_N_PIECES)
    return FALSE;
  ensure_piece_handles ();
  if (piece_handles[piece] == NULL)
    return FALSE;
  if (!rsvg_handle_render_document (piece_handles[piece], cr, &viewport, &error))
    {
      g_warning ("Cannot render a piece image: %s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The colours of the comment shapes (ExBoardShapeColor order), those of
 * lichess's brushes, and how opaque arrows are drawn. */
static const GdkRGBA shape_colors[EX_BOARD_SHAPE_N_COLORS] = {
  { 0.082, 0.471, 0.106, 1.0 },   /* green  #15781b */
  { 0.533, 0.125, 0.125, 1.0 },   /* red    #882020 */
  { 0.902, 0.561, 0.000, 1.0 },   /* yellow #e68f00 */
  { 0.000, 0.188, 0.533, 1.0 },   /* blue   #003088 */
};
#define SHAPE_ALPHA 0.8

/* An arrow from the centre of @from_rect to that of @to_rect: a shaft of
 * 16% of a square and a head 45% long, whose tip stops short of the
 * target's centre so that the piece there stays visible.  One outline,
 * filled once: a translucent colour then covers every point once (no
 * darker seam where shaft and head meet) without an intermediate group,
 * which cairo's SVG surface does not free. */
static void
draw_arrow (cairo_t               *cr,
            const graphene_rect_t *from_rect,
            const graphene_rect_t *to_rect,
            double                 size)
{
  double x1 = from_rect->origin.x + size / 2, y1 = from_rect->origin.y + size / 2;
  double x2 = to_rect->origin.x + size / 2, y2 = to_rect->origin.y + size / 2;
  double dx = x2 - x1, dy = y2 - y1;
  double length = sqrt (dx * dx + dy * dy);
  double head = size * 0.45, half_width = size * 0.25, tip_margin = size * 0.12;
  double shaft = size * 0.08;
  double ux, uy, nx, ny, tx, ty, bx, by;

  if (length <= head + tip_margin)
    return;
  ux = dx / length;
  uy = dy / length;
  nx = -uy;            /* the unit normal */
  ny = ux;
  tx = x2 - ux * tip_margin;
  ty = y2 - uy * tip_margin;
  bx = tx - ux * head;
  by = ty - uy * head;

  cairo_move_to (cr, x1 + nx * shaft, y1 + ny * shaft);
  cairo_line_to (cr, bx + nx * shaft, by + ny * shaft);
  cairo_line_to (cr, bx + nx * half_width, by + ny * half_width);
  cairo_line_to (cr, tx, ty);
  cairo_line_to (cr, bx - nx * half_width, by - ny * half_width);
  cairo_line_to (cr, bx - nx * shaft, by - ny * shaft);
  cairo_line_to (cr, x1 - nx * shaft, y1 - ny * shaft);
  cairo_close_path (cr);
  cairo_fill (cr);
}

void
ex_board_painter_draw_shapes (const ExBoardPainter *painter,
                              cairo_t              *cr,
                              const ExBoardShapes  *shapes)
{
  double size = painter->square_size;

  if (shapes == NULL || shapes->n_shapes == 0 || size <= 0)
    return;

  cairo_save (cr);
  for (guint i = 0; i < shapes->n_shapes; i++)
    {
      const ExBoardShape *shape = &shapes->shapes[i];
      const GdkRGBA *color = &shape_colors[shape->color % EX_BOARD_SHAPE_N_COLORS];
      graphene_rect_t from_rect, to_rect;

      ex_board_painter_get_square_bounds (painter, shape->from, &from_rect);
      ex_board_painter_get_square_bounds (painter, shape->to, &to_rect);

      /* Each shape covers its points once (a ring's stroke, an arrow's
       * outline), so the translucent colour is even all over. */
      cairo_set_source_rgba (cr, color->red, color->green, color->blue, SHAPE_ALPHA);
      if (shape->from == shape->to)
        {
          double width = size * 0.08;

          cairo_new_path (cr);
          cairo_set_line_width (cr, width);
          cairo_arc (cr, from_rect.origin.x + size / 2, from_rect.origin.y + size / 2,
                     (size - width) / 2, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        draw_arrow (cr, &from_rect, &to_rect, size);
    }
  cairo_restore (cr);
}

void
ex_board_painter_snapshot_shapes (const ExBoardPainter *painter,
                                  GtkSnapshot          *snapshot,
                                  const ExBoardShapes  *shapes)
{
  int size = painter->square_size;
  cairo_t *cr;

  if (shapes == NULL || shapes->n_shapes == 0 || size <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (painter->x0, painter->y0,
                                                       8 * size, 8 * size));
  ex_board_painter_draw_shapes (painter, cr, shapes);
  cairo_destroy (cr);
}

/* ------------------------------------------------------------------------
 * ExBoardCanvas
 */

struct _ExBoardCanvas
{
  GtkWidget          parent_instance;

  ExBoardCanvasFunc  func;
  gpointer           user_data;
  GDestroyNotify     destroy;
};

G_DEFINE_FINAL_TYPE (ExBoardCanvas, ex_board_canvas, GTK_TYPE_WIDGET)

static void
ex_board_canvas_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  ExBoardCanvas *self = EX_BOARD_CANVAS (widget);
  ExBoardPainter painter;

  if (self->func != NULL && ex_board_painter_init (&painter, widget, FALSE))
    self->func (self, snapshot, &painter, self->user_data);
}

static void
ex_board_canvas_finalize (GObject *object)
{
  ExBoardCanvas *self = EX_BOARD_CANVAS (object);

  if (self->destroy != NULL)
    self->destroy (self->user_data);

  G_OBJECT_CLASS (ex_board_canvas_parent_class)->finalize (object);
}

static void
ex_board_canvas_class_init (ExBoardCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ex_board_canvas_finalize;
  widget_class->snapshot = ex_board_canvas_snapshot;

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ex_board_canvas_init (ExBoardCanvas *self)
{
}

GtkWidget *
ex_board_canvas_new (ExBoardCanvasFunc func,
                     gpointer          user_data,
                     GDestroyNotify    destroy)
{
  GtkWidget *self;

  g_return_val_if_fail (func != NULL, NULL);

  self = g_object_new (EX_TYPE_BOARD_CANVAS, NULL);
  ex_board_canvas_set_func (EX_BOARD_CANVAS (self), func, user_data, destroy);
  return self;
}

void
ex_board_canvas_set_func (ExBoardCanvas     *self,
                          ExBoardCanvasFunc  func,
                          gpointer           user_data,
                          GDestroyNotify     destroy)
{
  g_return_if_fail (EX_IS_BOARD_CANVAS (self));

  if (self->destroy != NULL)
    self->destroy (self->user_data);
  self->func = func;
  self->user_data = user_data;
  self->destroy = destroy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
