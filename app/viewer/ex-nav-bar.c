/* ex-nav-bar.c: the row under the board, which wraps when it is narrow.
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The row under the board holds the position and match labels, the
 * navigation buttons and the flip button.  In one row a GtkCenterBox asks
 * for the sum of its children's minimum widths, so a long "Match 2 of 14 ·
 * reflected" made the viewer, and with it the window, wider than the
 * window was asked to be when Theme Tools narrowed the viewer.  This bar
 * puts the labels on a row of their own above the buttons instead, and
 * asks for a height for the width it gets (height-for-width).
 */
#include "config.h"

#include "ex-nav-bar.h"

enum
{
  PART_START,
  PART_CENTER,
  PART_END,
  N_PARTS
};

struct _ExNavBar
{
  GtkWidget parent_instance;

  int       spacing;
  gboolean  wrapped;
};

G_DEFINE_FINAL_TYPE (ExNavBar, ex_nav_bar, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SPACING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The bar's three parts in the order they were added; NULL for a part
 * missing or hidden. */
static void
get_parts (ExNavBar  *self,
           GtkWidget *parts[N_PARTS])
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  for (int i = 0; i < N_PARTS; i++)
    {
      parts[i] = child != NULL && gtk_widget_should_layout (child) ? child : NULL;
      if (child != NULL)
        child = gtk_widget_get_next_sibling (child);
    }
}

static void
measure_part (GtkWidget      *part,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural)
{
  *minimum = *natural = 0;
  if (part != NULL)
    gtk_widget_measure (part, orientation, for_size, minimum, natural, NULL, NULL);
}

/* The natural widths of the parts, and the spacing between the parts that
 * are shown. */
static void
natural_widths (ExNavBar  *self,
                GtkWidget *parts[N_PARTS],
                int        widths[N_PARTS],
                int       *spacing)
{
  int n_shown = 0;

  for (int i = 0; i < N_PARTS; i++)
    {
      int minimum;

      measure_part (parts[i], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &widths[i]);
      n_shown += parts[i] != NULL;
    }
  *spacing = MAX (n_shown - 1, 0) * self->spacing;
}

/* Whether the three parts fit in one row @width pixels wide, each at its
 * natural width. */
static gboolean
fits_one_row (ExNavBar  *self,
              GtkWidget *parts[N_PARTS],
              int        width)
{
  int widths[N_PARTS];
  int spacing;

  natural_widths (self, parts, widths, &spacing);
  return widths[PART_START] + widths[PART_CENTER] + widths[PART_END] + spacing <= width;
}

static GtkSizeRequestMode
ex_nav_bar_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ex_nav_bar_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  ExNavBar *self = EX_NAV_BAR (widget);
  GtkWidget *parts[N_PARTS];
  int min[N_PARTS], nat[N_PARTS];

  get_parts (self, parts);
  *minimum_baseline = *natural_baseline = -1;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int lower;

      for (int i = 0; i < N_PARTS; i++)
        measure_part (parts[i], orientation, -1, &min[i], &nat[i]);
      /* Wrapped: the start part alone, or the centre and end parts. */
      lower = min[PART_CENTER] + min[PART_END];
      if (parts[PART_CENTER] != NULL && parts[PART_END] != NULL)
        lower += self->spacing;
      *minimum = MAX (min[PART_START], lower);
      /* One row, the centre part centred. */
      *natural = nat[PART_CENTER] + 2 * MAX (nat[PART_START], nat[PART_END])
                 + 2 * self->spacing;
      *natural = MAX (*natural, *minimum);
      return;
    }

  /* Heights: of one row, or of the start part's row over the other two's
   * (the width unknown: one row). */
  if (for_size < 0 || fits_one_row (self, parts, for_size))
    {
      *minimum = *natural = 0;
      for (int i = 0; i < N_PARTS; i++)
        {
          measure_part (parts[i], orientation, -1, &min[i], &nat[i]);
          *minimum = MAX (*minimum, min[i]);
          *natural = MAX (*natural, nat[i]);
        }
      return;
    }
  for (int i = 0; i < N_PARTS; i++)
    measure_part (parts[i], orientation, i == PART_START ? for_size : -1, &min[i], &nat[i]);
  *minimum = MAX (min[PART_CENTER], min[PART_END]);
  *natural = MAX (nat[PART_CENTER], nat[PART_END]);
  if (parts[PART_START] != NULL)
    {
      int rows_spacing = parts[PART_CENTER] != NULL || parts[PART_END] != NULL
                         ? self->spacing / 2 : 0;

      *minimum += min[PART_START] + rows_spacing;
      *natural += nat[PART_START] + rows_spacing;
    }
}

static void
allocate_part (GtkWidget *part,
               int        x,
               int        y,
               int        width,
               int        height)
{
  if (part != NULL)
    gtk_widget_size_allocate (part, &(GtkAllocation) { x, y, MAX (width, 0), MAX (height, 0) },
                              -1);
}

/* The centre and end parts in a row @width wide at @y: the end part at the
 * end at its natural width (less if it must), the centre part centred,
 * pushed towards the start by the end part and then by @start_end (where
 * the start part ends, 0 when it is on a row of its own). */
static void
allocate_row (ExNavBar  *self,
              GtkWidget *parts[N_PARTS],
              int        start_end,
              int        y,
              int        width,
              int        height)
{
  int min, center_width, end_width, center_x;

  measure_part (parts[PART_END], GTK_ORIENTATION_HORIZONTAL, -1, &min, &end_width);
  end_width = MIN (end_width, width);
  measure_part (parts[PART_CENTER], GTK_ORIENTATION_HORIZONTAL, -1, &min, &center_width);
  if (parts[PART_END] != NULL)
    center_width = MIN (center_width, width - end_width - self->spacing);
  else
    center_width = MIN (center_width, width);
  center_width = MAX (center_width, min);

  center_x = (width - center_width) / 2;
  if (parts[PART_END] != NULL)
    center_x = MIN (center_x, width - end_width - self->spacing - center_width);
  if (start_end > 0)
    center_x = MAX (center_x, start_end + self->spacing);
  center_x = MAX (center_x, 0);

  allocate_part (parts[PART_CENTER], center_x, y, center_width, height);
  allocate_part (parts[PART_END], width - end_width, y, end_width, height);
}

static void
ex_nav_bar_size_allocate (GtkWidget *widget,
                          int        width,
                          int        height,
                          int        baseline)
{
  ExNavBar *self = EX_NAV_BAR (widget);
  GtkWidget *parts[N_PARTS];
  int min, start_height, rows_spacing;

  get_parts (self, parts);
  self->wrapped = !fits_one_row (self, parts, width) && parts[PART_START] != NULL;

  if (!self->wrapped)
    {
      int start_width;

      measure_part (parts[PART_START], GTK_ORIENTATION_HORIZONTAL, -1, &min, &start_width);
      allocate_part (parts[PART_START], 0, 0, start_width, height);
      allocate_row (self, parts, start_width, 0, width, height);
      return;
    }

  /* The start part over the others, each row at its natural height (the
   * bar asked for both). */
  measure_part (parts[PART_START], GTK_ORIENTATION_VERTICAL, width, &min, &start_height);
  rows_spacing = parts[PART_CENTER] != NULL || parts[PART_END] != NULL ? self->spacing / 2 : 0;
  start_height = MIN (start_height, height);
  allocate_part (parts[PART_START], 0, 0, width, start_height);
  allocate_row (self, parts, 0, start_height + rows_spacing, width,
                height - start_height - rows_spacing);
}

static void
ex_nav_bar_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ex_nav_bar_parent_class)->dispose (object);
}

static void
ex_nav_bar_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ExNavBar *self = EX_NAV_BAR (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      g_value_set_int (value, self->spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_nav_bar_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  ExNavBar *self = EX_NAV_BAR (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      if (self->spacing != g_value_get_int (value))
        {
          self->spacing = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ex_nav_bar_class_init (ExNavBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ex_nav_bar_dispose;
  object_class->get_property = ex_nav_bar_get_property;
  object_class->set_property = ex_nav_bar_set_property;
  widget_class->get_request_mode = ex_nav_bar_get_request_mode;
  widget_class->measure = ex_nav_bar_measure;
  widget_class->size_allocate = ex_nav_bar_size_allocate;

  /**
   * ExNavBar:spacing:
   *
   * Pixels between the parts in a row (at least this much is left between
   * the labels and the buttons), and half of it between the two rows.
   */
  properties[PROP_SPACING] =
    g_param_spec_int ("spacing", NULL, NULL,
                      0, G_MAXINT, 12,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "navbar");
}

static void
ex_nav_bar_init (ExNavBar *self)
{
  self->spacing = 12;
}

GtkWidget *
ex_nav_bar_new (void)
{
  return g_object_new (EX_TYPE_NAV_BAR, NULL);
}

gboolean
ex_nav_bar_is_wrapped (ExNavBar *self)
{
  g_return_val_if_fail (EX_IS_NAV_BAR (self), FALSE);

  return self->wrapped;
}
