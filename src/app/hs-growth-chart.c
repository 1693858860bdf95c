/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-chart.c: the Growth view's small chart (see the header). */
#include "config.h"

#include "hs-growth-chart.h"
#include "hs-palette.h"

struct _HsGrowthChart
{
  GtkWidget parent_instance;
  HsGrowthItem *item;
};

G_DEFINE_FINAL_TYPE (HsGrowthChart, hs_growth_chart, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

void
hs_growth_chart_set_item (HsGrowthChart *self, HsGrowthItem *item)
{
  g_return_if_fail (HS_IS_GROWTH_CHART (self));
  if (g_set_object (&self->item, item))
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ITEM]);
    }
}

static void
hs_growth_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  HsGrowthChart *self = HS_GROWTH_CHART (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  const guint64 *counts;
  guint64 lo = G_MAXUINT64, hi = 0;
  guint n = 0;
  GdkRGBA fg;
  cairo_t *cr;

  if (self->item == NULL || w < 4 || h < 4)
    return;
  counts = hs_growth_item_get_counts (self->item, &n);
  if (n < 2)
    return;
  for (guint k = 0; k < n; k++)
    {
      lo = MIN (lo, counts[k]);
      hi = MAX (hi, counts[k]);
    }
  /* The accent reaches 3:1 on the window and view backgrounds. */
  hs_palette_get (HS_PALETTE_ACCENT, hs_palette_is_dark (), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_set_line_width (cr, 1.5);
  gdk_cairo_set_source_rgba (cr, &fg);
  for (guint k = 0; k < n; k++)
    {
      double x = 3 + (double)k * (w - 6) / (n - 1);
      double y = h - 3 - (hi > lo ? (double)(counts[k] - lo) * (h - 6) / (double)(hi - lo) : 0);
      if (k == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  for (guint k = 0; k < n; k++)
    {
      double x = 3 + (double)k * (w - 6) / (n - 1);
      double y = h - 3 - (hi > lo ? (double)(counts[k] - lo) * (h - 6) / (double)(hi - lo) : 0);
      cairo_arc (cr, x, y, 2, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
}

static void
hs_growth_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                         int *natural, int *minimum_baseline, int *natural_baseline)
{
  (void)widget;
  (void)for_size;
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 72 : 24;
  *minimum_baseline = *natural_baseline = -1;
}

static void
hs_growth_chart_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
      case PROP_ITEM: hs_growth_chart_set_item (HS_GROWTH_CHART (object), g_value_get_object (value)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_growth_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
      case PROP_ITEM: g_value_set_object (value, HS_GROWTH_CHART (object)->item); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_growth_chart_dispose (GObject *object)
{
  g_clear_object (&HS_GROWTH_CHART (object)->item);
  G_OBJECT_CLASS (hs_growth_chart_parent_class)->dispose (object);
}

static void
hs_growth_chart_class_init (HsGrowthChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->set_property = hs_growth_chart_set_property;
  object_class->get_property = hs_growth_chart_get_property;
  object_class->dispose = hs_growth_chart_dispose;
  widget_class->snapshot = hs_growth_chart_snapshot;
  widget_class->measure = hs_growth_chart_measure;
  props[PROP_ITEM]
      = g_param_spec_object ("item", NULL, NULL, HS_TYPE_GROWTH_ITEM,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_css_name (widget_class, "growthchart");
}

static void
hs_growth_chart_init (HsGrowthChart *self)
{
  (void)self;
}
