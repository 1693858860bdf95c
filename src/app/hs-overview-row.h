/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-overview-row.h: one row of the Overview's lists (a fact of the Dump,
 * Memory or JVM card, a system property, a biggest object, a heap of the
 * bytes retained by heap): its texts as properties that the row templates
 * of ui/hs-overview-rows.ui bind. A few dozen rows, and at most
 * PROPS_SHOWN properties: one small object each. The Overview fills it. */
#pragma once

#include <glib-object.h>
#include "hs-types.h"

G_BEGIN_DECLS

#define HS_TYPE_OVERVIEW_ROW (hs_overview_row_get_type ())
G_DECLARE_FINAL_TYPE (HsOverviewRow, hs_overview_row, HS, OVERVIEW_ROW, GObject)

/* A name and its value; key names what the value is (a system property's
 * key) for hs_overview_row_get_key, tip the value's tooltip (or NULL). */
HsOverviewRow *hs_overview_row_new (const char *name, const char *value, const char *key, const char *tip);
/* A biggest object: its label (name), its description (in the tooltip
 * under the label), its retained size, share of the heap as text and as a
 * fraction of 1. */
HsOverviewRow *hs_overview_row_new_object (HsObj obj, const char *label, const char *desc,
                                           const char *retained, const char *percent, double fraction);
/* A heap: its name, objects, shallow, reachable and retained sizes, and
 * the style class of its cells ("heading" for the heap the views show,
 * "dim-label" for the columns' titles, NULL). */
HsOverviewRow *hs_overview_row_new_heap (const char *name, const char *objects, const char *shallow,
                                         const char *reachable, const char *retained, const char *css_class);
const char *hs_overview_row_get_key (HsOverviewRow *self);
const char *hs_overview_row_get_value (HsOverviewRow *self);
const char *hs_overview_row_get_css_class (HsOverviewRow *self);

G_END_DECLS
