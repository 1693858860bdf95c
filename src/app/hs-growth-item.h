/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-item.h: one row of the Growth view, a growing node of a
 * series (hs-growth.h) copied out of it: its class and reference, its
 * path as a trace, its objects per dump and its new objects. */
#pragma once

#include <gtk/gtk.h>

#include "hs-growth.h"

G_BEGIN_DECLS

#define HS_TYPE_GROWTH_ITEM (hs_growth_item_get_type ())
G_DECLARE_FINAL_TYPE (HsGrowthItem, hs_growth_item, HS, GROWTH_ITEM, GObject)

HsGrowthItem *hs_growth_item_new (const HsGrowth *g, guint32 node);
/* The node in the series it was made from. */
guint32 hs_growth_item_get_node (HsGrowthItem *self);
/* "java.util.HashMap" */
const char *hs_growth_item_get_class_name (HsGrowthItem *self);
/* The last step: "static com.example.App.cache" */
const char *hs_growth_item_get_reference (HsGrowthItem *self);
/* The path, a line a step: "GC root (System Class) class App (1 → 1)". */
const char *hs_growth_item_get_trace (HsGrowthItem *self);
/* The children that grew, a line each. */
const char *hs_growth_item_get_children (HsGrowthItem *self);
/* "+12 new objects" */
const char *hs_growth_item_get_new_text (HsGrowthItem *self);
/* The objects of its growing children added up, per dump (n values). */
const guint64 *hs_growth_item_get_counts (HsGrowthItem *self, guint *n);

G_END_DECLS
