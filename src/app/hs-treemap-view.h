/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-treemap-view.h: the "treemap" view: the dominator tree as a treemap
 * (HsTreemapWidget), with breadcrumbs of the zoom path (each one zooms back
 * to its level) and a hint line. Right-clicking a rectangle activates
 * "win.inspect" with its object. */
#pragma once

#include "hs-view.h"
#include "hs-treemap-widget.h"

G_BEGIN_DECLS

#define HS_TYPE_TREEMAP_VIEW (hs_treemap_view_get_type ())
G_DECLARE_FINAL_TYPE (HsTreemapView, hs_treemap_view, HS, TREEMAP_VIEW, HsView)

GtkWidget *hs_treemap_view_new (void);
/* The treemap shown (given the loader when the view is filled): zoom it
 * with hs_treemap_widget_zoom_into and friends. */
HsTreemapWidget *hs_treemap_view_get_treemap (HsTreemapView *self);
/* The breadcrumbs shown for the zoom path: their number (one per step
 * when the path has at most 8 steps; longer paths show their first two
 * and last four steps, "…" between), the label of one ("All Objects" for
 * the whole heap, else the simple class name of the step's object), or
 * NULL past the end. Activating crumb i zooms to the step it stands for,
 * as a click on it does. */
guint hs_treemap_view_get_n_crumbs (HsTreemapView *self);
const char *hs_treemap_view_get_crumb_label (HsTreemapView *self, guint i);
void hs_treemap_view_activate_crumb (HsTreemapView *self, guint i);
/* Fills the view if it is not yet, and zooms to obj from the whole heap
 * (the breadcrumbs then show obj's dominators; a leaf of the dominator
 * tree shows its parent, which holds its rectangle). */
void hs_treemap_view_zoom_to_object (HsTreemapView *self, HsObj obj);

/* Entries of the legend under the map (packages of its outer boxes). */
guint hs_treemap_view_get_n_legend (HsTreemapView *self);

G_END_DECLS
