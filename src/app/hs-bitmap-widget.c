/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-bitmap-widget.c: bitmaps as pictures: the engine's PNG read into a
 * cairo image surface, drawn scaled to fit in a GtkDrawingArea. */
#include "config.h"
#include "hs-bitmap-widget.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef struct
{
  const guint8 *data;
  gsize len, pos;
} PngReader;

static cairo_status_t
read_png (void *closure, unsigned char *out, unsigned int length)
{
  PngReader *r = closure;
  if (r->len - r->pos < length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, r->data + r->pos, length);
  r->pos += length;
  return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *
hs_bitmap_surface_new (HsHeap *heap, const HsWasteBitmap *b, guint max_side, char **problem)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) png = hs_waste_bitmap_png (heap, b, max_side, &error);
  if (!png)
    {
      *problem = g_strdup (b->problem ? b->problem : error->message);
      return NULL;
    }
  PngReader r = { g_bytes_get_data (png, &r.len), 0, 0 };
  r.len = g_bytes_get_size (png);
  cairo_surface_t *s = cairo_image_surface_create_from_png_stream (read_png, &r);
  if (cairo_surface_status (s) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (s);
      *problem = g_strdup (_ ("its PNG could not be read"));
      return NULL;
    }
  return s;
}

static void
draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  cairo_surface_t *s = data;
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  double scale = MIN ((double)width / w, (double)height / h);
  if (scale > 4)
    scale = floor (scale); /* small icons grow by whole pixels */
  double x = (width - w * scale) / 2, y = (height - h * scale) / 2;

  /* A checkerboard under the picture shows its transparency. */
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w * scale, h * scale);
  cairo_clip (cr);
  for (int cy = 0; cy * 8 < height; cy++)
    for (int cx = 0; cx * 8 < width; cx++)
      {
        double v = (cx + cy) % 2 ? 0.8 : 0.95;
        cairo_set_source_rgb (cr, v, v, v);
        cairo_rectangle (cr, cx * 8, cy * 8, 8, 8);
        cairo_fill (cr);
      }
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, s, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), scale >= 2 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_restore (cr);
}

GtkWidget *
hs_bitmap_widget_new (cairo_surface_t *surface, const char *problem, int side)
{
  if (!surface)
    {
      GtkWidget *label = gtk_label_new (problem ? problem : _ ("No picture"));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_widget_set_size_request (label, side, side);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption");
      return label;
    }
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), side);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), side);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, surface,
                                  (GDestroyNotify)cairo_surface_destroy);
  return area;
}
