/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-bitmap-widget.h: an android.graphics.Bitmap of the dump drawn with
 * cairo (scaled to fit, over a checkerboard for transparency), or the
 * reason it cannot be drawn. */
#pragma once

#include <gtk/gtk.h>
#include "hs-waste.h"

G_BEGIN_DECLS

/* A cairo surface of the bitmap, at most max_side pixels on its longest
 * side (NULL with *problem set when it cannot be decoded). Thread-safe:
 * workers make them, the UI thread draws them. */
cairo_surface_t *hs_bitmap_surface_new (HsHeap *heap, const HsWasteBitmap *b, guint max_side, char **problem);

/* A widget of size side x side drawing surface (taken); or, when surface
 * is NULL, a label with problem. */
GtkWidget *hs_bitmap_widget_new (cairo_surface_t *surface, const char *problem, int side);

G_END_DECLS
