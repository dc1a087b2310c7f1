/* ex-board.c: a chess board widget for the Excelsior workbench.
 *
 * The board is drawn in GtkWidget::snapshot: 64 colour nodes, the tints of
 * the last move, the check mark and the matched squares, the coordinates and
 * one texture node per piece.  The piece images (the cburnett set, see
 * pieces/cburnett/ATTRIBUTION.md) are rendered with librsvg into cairo image
 * surfaces at the square size in device pixels and turned into GdkTextures,
 * which are kept until the square size changes, so that an ordinary redraw
 * (a new position) renders no SVG at all.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>
#include <string.h>

#include "ex-board.h"
#include "ex-viewer-private.h"

#define MIN_BOARD_SIZE     240
#define NATURAL_BOARD_SIZE 480

struct _ExBoard
{
  GtkWidget   parent_instance;

  CqPosition  position;
  CqMove      last_move;
  CqBitboard  highlight;
  guint       has_position : 1;
  guint       has_last_move : 1;
  guint       flipped : 1;
  guint       has_piece_ids : 1;

  /* The piece id (CQL mark, rulings R11) on each square, shown in the
   * tooltip of a hovered piece (ex_board_set_piece_ids()). */
  guint8      piece_ids[64];

  /* Piece images at texture_size x texture_size device pixels, indexed by
   * CqPiece (textures[CQ_EMPTY] is unused); rendered lazily. */
  GdkTexture *textures[CQ_N_PIECES];
  int         texture_size;
};

G_DEFINE_FINAL_TYPE (ExBoard, ex_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_HIGHLIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Parsed SVG documents, one per piece, shared by every board; loaded in
 * class_init.  NULL if a document failed to load: the piece is then drawn as
 * a letter so that the position stays readable. */
static RsvgHandle *piece_handles[CQ_N_PIECES];

/* The palette.  Tints are drawn over the square colour. */
static GdkRGBA light_color;
static GdkRGBA dark_color;
static const GdkRGBA last_move_tint = { 0.80, 0.82, 0.20, 0.50 };
static const GdkRGBA match_tint     = { 0.21, 0.52, 0.89, 0.45 };
static const GdkRGBA match_outline  = { 0.10, 0.37, 0.71, 1.00 };
static const GdkRGBA check_inner    = { 0.93, 0.05, 0.05, 1.00 };
static const GdkRGBA check_outer    = { 0.93, 0.05, 0.05, 0.00 };

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
load_piece_handles (void)
{
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

static void
ex_board_clear_textures (ExBoard *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->textures); i++)
    g_clear_object (&self->textures[i]);
  self->texture_size = 0;
}

/* The texture of @piece at @size device pixels, rendered if needed.  When
 * the size changes every cached texture is dropped. */
static GdkTexture *
ex_board_get_piece_texture (ExBoard *self,
                            CqPiece  piece,
                            int      size)
{
  if (size != self->texture_size)
    {
      ex_board_clear_textures (self);
      self->texture_size = size;
    }

  if (self->textures[piece] == NULL && piece_handles[piece] != NULL)
    self->textures[piece] = render_piece_texture (piece_handles[piece], size);

  return self->textures[piece];
}

/* Board geometry for the current allocation: the side of a square in
 * pixels (an integer, so that squares meet without seams) and the top left
 * corner of the board, which is centred.  FALSE if there is no room. */
static gboolean
ex_board_get_geometry (ExBoard *self,
                       int     *square_size,
                       int     *x0,
                       int     *y0)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int size = MIN (width, height) / 8;

  *square_size = size;
  *x0 = (width - 8 * size) / 2;
  *y0 = (height - 8 * size) / 2;

  return size > 0;
}

/* Column and row (0..7, from the top left corner) where @square is drawn. */
static void
ex_board_square_to_cell (ExBoard *self,
                         int      square,
                         int     *col,
                         int     *row)
{
  int file = CQ_FILE (square);
  int rank = CQ_RANK (square);

  *col = self->flipped ? 7 - file : file;
  *row = self->flipped ? rank : 7 - rank;
}

/* The lowest square of a non-empty bitboard. */
static inline int
lowest_square (CqBitboard bb)
{
  return __builtin_ctzll (bb);
}

static gboolean
square_is_light (int square)
{
  return (CQ_FILE (square) + CQ_RANK (square)) % 2 == 1;
}

gboolean
ex_board_get_square_bounds (ExBoard         *self,
                            int              square,
                            graphene_rect_t *bounds)
{
  int size, x0, y0, col, row;

  g_return_val_if_fail (EX_IS_BOARD (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  graphene_rect_init (bounds, 0, 0, 0, 0);
  if (square < 0 || square > 63 || !ex_board_get_geometry (self, &size, &x0, &y0))
    return FALSE;

  ex_board_square_to_cell (self, square, &col, &row);
  graphene_rect_init (bounds, x0 + col * size, y0 + row * size, size, size);
  return TRUE;
}

int
ex_board_get_square_at (ExBoard *self,
                        double   x,
                        double   y)
{
  int size, x0, y0, col, row, file, rank;

  g_return_val_if_fail (EX_IS_BOARD (self), CQ_NO_SQUARE);

  if (!ex_board_get_geometry (self, &size, &x0, &y0))
    return CQ_NO_SQUARE;

  if (x < x0 || y < y0 || x >= x0 + 8 * size || y >= y0 + 8 * size)
    return CQ_NO_SQUARE;

  col = (int) ((x - x0) / size);
  row = (int) ((y - y0) / size);
  file = self->flipped ? 7 - col : col;
  rank = self->flipped ? row : 7 - row;
  return CQ_SQUARE (file, rank);
}

/* Draws @text in a corner of @rect: top left if @top_left, otherwise
 * bottom right. */
static void
snapshot_coordinate (ExBoard               *self,
                     GtkSnapshot           *snapshot,
                     PangoFontDescription  *font,
                     const char            *text,
                     const graphene_rect_t *rect,
                     gboolean               top_left,
                     const GdkRGBA         *color)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
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

/* Fallback when a piece image is missing: the piece letter. */
static void
snapshot_piece_letter (ExBoard               *self,
                       GtkSnapshot           *snapshot,
                       CqPiece                piece,
                       const graphene_rect_t *rect)
{
  char text[2] = { cq_piece_char (piece), 0 };
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
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

static void
ex_board_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  ExBoard *self = EX_BOARD (widget);
  int size, x0, y0;
  int texture_size;
  graphene_rect_t rect;

  if (!ex_board_get_geometry (self, &size, &x0, &y0))
    return;

  /* Squares. */
  for (int square = 0; square < 64; square++)
    {
      ex_board_get_square_bounds (self, square, &rect);
      gtk_snapshot_append_color (snapshot,
                                 square_is_light (square) ? &light_color : &dark_color,
                                 &rect);
    }

  if (self->has_position && self->has_last_move
      && !(self->last_move.flags & CQ_MOVE_NULL))
    {
      ex_board_get_square_bounds (self, self->last_move.from, &rect);
      gtk_snapshot_append_color (snapshot, &last_move_tint, &rect);
      ex_board_get_square_bounds (self, self->last_move.to, &rect);
      gtk_snapshot_append_color (snapshot, &last_move_tint, &rect);
    }

  /* Matched squares: a tint and an outline inside the square. */
  for (CqBitboard bb = self->highlight; bb != 0; bb &= bb - 1)
    {
      int square = lowest_square (bb);
      float width = MAX (2.0f, roundf (size * 0.07f));
      const float widths[4] = { width, width, width, width };
      const GdkRGBA colors[4] = { match_outline, match_outline, match_outline, match_outline };
      GskRoundedRect outline;

      ex_board_get_square_bounds (self, square, &rect);
      gtk_snapshot_append_color (snapshot, &match_tint, &rect);
      gsk_rounded_rect_init_from_rect (&outline, &rect, 0);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
    }

  /* Check: a red glow under the king of the side to move. */
  if (self->has_position && cq_position_in_check (&self->position))
    {
      CqPiece king = CQ_MAKE_PIECE (self->position.side_to_move, CQ_KING);
      CqBitboard kings = self->position.pieces[king];

      if (kings != 0)
        {
          const GskColorStop stops[] = {
            { 0.00f, check_inner },
            { 0.30f, check_inner },
            { 1.00f, check_outer },
          };
          graphene_point_t center;

          ex_board_get_square_bounds (self, lowest_square (kings), &rect);
          graphene_rect_get_center (&rect, &center);
          gtk_snapshot_append_radial_gradient (snapshot, &rect, &center,
                                               size * 0.62f, size * 0.62f,
                                               0.0f, 1.0f,
                                               stops, G_N_ELEMENTS (stops));
        }
    }

  /* Coordinates inside the edge squares, in the other square colour: the
   * rank on the left column, the file on the bottom row. */
  if (size >= 24)
    {
      PangoFontDescription *font = pango_font_description_new ();

      pango_font_description_set_family (font, "Sans");
      pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
      pango_font_description_set_absolute_size (font, MAX (7.0, size * 0.17) * PANGO_SCALE);

      for (int i = 0; i < 8; i++)
        {
          /* Square in the left column of row i, and in column i of the bottom row. */
          int left = self->flipped ? CQ_SQUARE (7, i) : CQ_SQUARE (0, 7 - i);
          int bottom = self->flipped ? CQ_SQUARE (7 - i, 7) : CQ_SQUARE (i, 0);
          char rank_text[2] = { '1' + CQ_RANK (left), 0 };
          char file_text[2] = { 'a' + CQ_FILE (bottom), 0 };

          ex_board_get_square_bounds (self, left, &rect);
          snapshot_coordinate (self, snapshot, font, rank_text, &rect, TRUE,
                               square_is_light (left) ? &dark_color : &light_color);
          ex_board_get_square_bounds (self, bottom, &rect);
          snapshot_coordinate (self, snapshot, font, file_text, &rect, FALSE,
                               square_is_light (bottom) ? &dark_color : &light_color);
        }

      pango_font_description_free (font);
    }

  if (!self->has_position)
    return;

  /* Pieces. */
  texture_size = size * gtk_widget_get_scale_factor (widget);
  for (CqBitboard bb = self->position.by_color[CQ_WHITE] | self->position.by_color[CQ_BLACK];
       bb != 0; bb &= bb - 1)
    {
      int square = lowest_square (bb);
      CqPiece piece = cq_position_piece_at (&self->position, square);
      GdkTexture *texture;

      if (piece <= CQ_EMPTY || piece >= CQ_N_PIECES)
        continue;

      ex_board_get_square_bounds (self, square, &rect);
      texture = ex_board_get_piece_texture (self, piece, texture_size);
      if (texture != NULL)
        gtk_snapshot_append_texture (snapshot, texture, &rect);
      else
        snapshot_piece_letter (self, snapshot, piece, &rect);
    }
}

static void
ex_board_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  *minimum = MIN_BOARD_SIZE;
  *natural = NATURAL_BOARD_SIZE;
}

static GtkSizeRequestMode
ex_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* "White: Kc7, Nf5, Pb2" for one side, or NULL if it has no pieces. */
static char *
describe_side (const CqPosition *pos,
               CqColor           color)
{
  static const CqPieceType order[] = { CQ_KING, CQ_QUEEN, CQ_ROOK, CQ_BISHOP, CQ_KNIGHT, CQ_PAWN };
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      CqPiece piece = CQ_MAKE_PIECE (color, order[i]);

      for (CqBitboard bb = pos->pieces[piece]; bb != 0; bb &= bb - 1)
        {
          char name[3];

          cq_square_name (lowest_square (bb), name);
          if (list->len > 0)
            g_string_append (list, ", ");
          g_string_append_c (list, g_ascii_toupper (cq_piece_char (piece)));
          g_string_append (list, name);
        }
    }

  if (list->len == 0)
    return NULL;

  /* Translators: %s is a list of pieces such as "Kc7, Nf5, Pb2". */
  return color == CQ_WHITE ? g_strdup_printf (_("White: %s."), list->str)
                           : g_strdup_printf (_("Black: %s."), list->str);
}

char *
ex_board_dup_description (ExBoard *self)
{
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  GString *text;

  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  if (!self->has_position)
    return g_strdup (_("Empty board."));

  text = g_string_new (NULL);
  white = describe_side (&self->position, CQ_WHITE);
  black = describe_side (&self->position, CQ_BLACK);
  if (white != NULL)
    g_string_append (text, white);
  if (black != NULL)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", black);
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, self->position.side_to_move == CQ_WHITE ? _("White to move.")
                                                                 : _("Black to move."));
  if (cq_position_in_check (&self->position))
    g_string_append_printf (text, " %s", _("Check."));

  return g_string_free (text, FALSE);
}

static void
ex_board_update_accessible (ExBoard *self)
{
  g_autofree char *label = ex_board_dup_description (self);
  char fen[CQ_FEN_MAX] = "";

  if (self->has_position)
    cq_position_to_fen (&self->position, fen);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, fen,
                                  -1);
}

void
ex_board_set_position (ExBoard          *self,
                       const CqPosition *pos,
                       const CqMove     *last_move)
{
  g_return_if_fail (EX_IS_BOARD (self));

  self->has_position = pos != NULL;
  if (pos != NULL)
    self->position = *pos;
  /* Ids belong to one position: the caller sets them again after this. */
  self->has_piece_ids = FALSE;

  self->has_last_move = pos != NULL && last_move != NULL
                        && last_move->from < 64 && last_move->to < 64;
  if (self->has_last_move)
    self->last_move = *last_move;

  ex_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CqPosition *
ex_board_get_position (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  return self->has_position ? &self->position : NULL;
}

void
ex_board_set_highlight (ExBoard    *self,
                        CqBitboard  squares)
{
  g_return_if_fail (EX_IS_BOARD (self));

  if (self->highlight == squares)
    return;

  self->highlight = squares;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT]);
}

CqBitboard
ex_board_get_highlight (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), 0);

  return self->highlight;
}

void
ex_board_set_flipped (ExBoard  *self,
                      gboolean  flipped)
{
  g_return_if_fail (EX_IS_BOARD (self));

  flipped = !!flipped;
  if (self->flipped == (guint) flipped)
    return;

  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
ex_board_get_flipped (ExBoard *self)
{
  g_return_val_if_fail (EX_IS_BOARD (self), FALSE);

  return self->flipped;
}

GtkWidget *
ex_board_new (void)
{
  return g_object_new (EX_TYPE_BOARD, NULL);
}

static void
ex_board_dispose (GObject *object)
{
  ex_board_clear_textures (EX_BOARD (object));

  G_OBJECT_CLASS (ex_board_parent_class)->dispose (object);
}

static void
ex_board_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  ExBoard *self = EX_BOARD (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;

    case PROP_HIGHLIGHT:
      g_value_set_uint64 (value, self->highlight);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_board_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  ExBoard *self = EX_BOARD (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      ex_board_set_flipped (self, g_value_get_boolean (value));
      break;

    case PROP_HIGHLIGHT:
      ex_board_set_highlight (self, g_value_get_uint64 (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/**
 * ex_board_set_piece_ids:
 * @self: an #ExBoard.
 * @ids: (nullable) (array fixed-size=64): the id of the piece on each
 *   square of the position shown (cq_game_piece_ids()), 0xFF for empty
 *   squares; copied.  %NULL removes them.
 *
 * Hovering a piece then shows its id in a tooltip (CQL 6 `pieceid`: the
 * mark of rulings R11, kept through moves and promotion).  Reset by
 * ex_board_set_position().
 */
void
ex_board_set_piece_ids (ExBoard      *self,
                        const guint8 *ids)
{
  g_return_if_fail (EX_IS_BOARD (self));

  self->has_piece_ids = ids != NULL;
  if (ids != NULL)
    memcpy (self->piece_ids, ids, sizeof self->piece_ids);
}

/**
 * ex_board_dup_piece_tooltip:
 * @self: an #ExBoard.
 * @square: 0..63.
 *
 * Returns: (transfer full) (nullable): the tooltip shown when the piece on
 *   @square is hovered, e.g. "White rook on a1, piece id 0" (CQL 6
 *   `pieceid`, rulings R11), or %NULL if the square is empty or no ids were
 *   set (ex_board_set_piece_ids()).
 */
char *
ex_board_dup_piece_tooltip (ExBoard *self,
                            int      square)
{
  static const char *const names[CQ_N_PIECES] = {
    NULL,
    N_("White pawn"), N_("White knight"), N_("White bishop"),
    N_("White rook"), N_("White queen"), N_("White king"),
    N_("Black pawn"), N_("Black knight"), N_("Black bishop"),
    N_("Black rook"), N_("Black queen"), N_("Black king"),
  };
  char square_name[3];
  CqPiece piece;

  g_return_val_if_fail (EX_IS_BOARD (self), NULL);

  if (!self->has_position || !self->has_piece_ids || square < 0 || square > 63)
    return NULL;
  piece = (CqPiece) self->position.board[square];
  if (piece == CQ_EMPTY || piece >= CQ_N_PIECES || self->piece_ids[square] == 0xFF)
    return NULL;
  cq_square_name (square, square_name);
  /* Translators: a piece, its square and its CQL piece id, e.g.
   * "White rook on a1, piece id 0". */
  return g_strdup_printf (_("%s on %s, piece id %u"), _(names[piece]), square_name,
                          self->piece_ids[square]);
}

static gboolean
ex_board_query_tooltip (GtkWidget  *widget,
                        int         x,
                        int         y,
                        gboolean    keyboard_mode,
                        GtkTooltip *tooltip)
{
  ExBoard *self = EX_BOARD (widget);
  g_autofree char *text = NULL;

  if (keyboard_mode)
    return FALSE;
  text = ex_board_dup_piece_tooltip (self, ex_board_get_square_at (self, x, y));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
ex_board_class_init (ExBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_board_dispose;
  object_class->get_property = ex_board_get_property;
  object_class->set_property = ex_board_set_property;

  widget_class->snapshot = ex_board_snapshot;
  widget_class->query_tooltip = ex_board_query_tooltip;
  widget_class->measure = ex_board_measure;
  widget_class->get_request_mode = ex_board_get_request_mode;

  /**
   * ExBoard:flipped:
   *
   * Whether the board is seen from Black's side (a1 at the top right).
   */
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * ExBoard:highlight:
   *
   * The outlined squares as a bitboard (bit n = square n, a1 = 0).
   */
  properties[PROP_HIGHLIGHT] =
    g_param_spec_uint64 ("highlight", NULL, NULL,
                         0, G_MAXUINT64, 0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "chessboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  gdk_rgba_parse (&light_color, EX_BOARD_LIGHT_SQUARE_COLOR);
  gdk_rgba_parse (&dark_color, EX_BOARD_DARK_SQUARE_COLOR);
  load_piece_handles ();
}

static void
ex_board_init (ExBoard *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  ex_board_update_accessible (self);
}
