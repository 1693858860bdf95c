/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-treemap-widget.h: the dominator tree as a squarified treemap. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"

G_BEGIN_DECLS

#define HS_TYPE_TREEMAP_WIDGET (hs_treemap_widget_get_type ())
G_DECLARE_FINAL_TYPE (HsTreemapWidget, hs_treemap_widget, HS, TREEMAP_WIDGET, GtkWidget)

GtkWidget *hs_treemap_widget_new (void);
/* NULL clears. Shows the whole tree (the virtual root). */
void hs_treemap_widget_set_loader (HsTreemapWidget *self, HsLoader *loader);
/* The heap shown (hs-heap.h's index): the boxes of objects of other heaps
 * are drawn faded; -1 (the default): none. */
void hs_treemap_widget_set_heap (HsTreemapWidget *self, int heap);
/* The zoom path from the virtual root (dom->n) down to the shown node. */
const guint64 *hs_treemap_widget_get_path (HsTreemapWidget *self, guint *n);
void hs_treemap_widget_zoom_to (HsTreemapWidget *self, guint depth);
void hs_treemap_widget_zoom_into (HsTreemapWidget *self, guint64 node);
gboolean hs_treemap_widget_zoom_out (HsTreemapWidget *self);
/* Number of rectangles of the current layout (0 before the first draw). */
guint hs_treemap_widget_get_n_rects (HsTreemapWidget *self);
/* The node under a point of the current layout, or G_MAXUINT64. */
guint64 hs_treemap_widget_node_at (HsTreemapWidget *self, double x, double y);

/* Trees with more reachable objects than this are laid out on a worker
 * thread (default 200000; tests set 0 to exercise that path). */
void hs_treemap_widget_set_async_threshold (HsTreemapWidget *self, guint64 n_objects);
gboolean hs_treemap_widget_is_computing (HsTreemapWidget *self);
/* The legend of the layout drawn: one class name per package of the
 * outer boxes (its colour is the package's, hs_palette_package at depth
 * 1), largest first, at most HS_TREEMAP_LEGEND_MAX. Free it. Up to date
 * when "layout-done" is emitted. */
#define HS_TREEMAP_LEGEND_MAX 8
GPtrArray *hs_treemap_widget_get_legend (HsTreemapWidget *self);

G_END_DECLS
