/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-treemap-layout.h: squarified treemap layout of the dominator tree (engine
 * layer, no drawing): used by the window's cairo widget and the HTML
 * report's inline SVG. */
#pragma once

#include "hs-dominators.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 node;      /* object index, or dom->n for the virtual root */
  double x, y, w, h; /* in the caller's coordinates */
  guint depth;       /* 0 = the laid-out node itself */
  guint64 parent;    /* enclosing node (G_MAXUINT64 for depth 0) */
  gboolean has_children_shown;
} HsTreemapRect;

/* Lays out node (and its dominator-tree descendants down to max_depth
 * levels) in the rectangle, area proportional to retained size, squarified
 * (Bruls, Huizing, van Wijk). Children smaller than min_area (in square
 * units) are merged into nothing (not laid out). Each level is inset by
 * `padding` (room for a label on top: `header` units). Returns a GArray of
 * HsTreemapRect, parents before children. Iterative, bounded by max_rects. */
GArray *hs_treemap_layout (const HsDomTree *dom, guint64 node, double x, double y, double w, double h,
                           guint max_depth, double min_area, double padding, double header, guint max_rects);

/* Added by the report: the same layout; with include_rest, each laid-out
 * parent also gets one box standing for all its children that were left
 * out (smaller than min_area, or beyond max_rects) when together they are
 * at least min_area: node = HS_TREEMAP_REST, parent and depth set, never
 * expanded. It counts against max_rects. The parent's own shallow size
 * stays empty space. Without include_rest this is hs_treemap_layout. */
#define HS_TREEMAP_REST (G_MAXUINT64 - 1)
GArray *hs_treemap_layout_full (const HsDomTree *dom, guint64 node, double x, double y, double w, double h,
                                guint max_depth, double min_area, double padding, double header,
                                guint max_rects, gboolean include_rest);

G_END_DECLS
