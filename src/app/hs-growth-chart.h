/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-chart.h: a small chart of a growing node's objects per dump
 * (its growing children's, added up), drawn with cairo: a line from the
 * oldest dump to the newest, a dot per dump. Set "item" (HsGrowthItem). */
#pragma once

#include <gtk/gtk.h>

#include "hs-growth-item.h"

G_BEGIN_DECLS

#define HS_TYPE_GROWTH_CHART (hs_growth_chart_get_type ())
G_DECLARE_FINAL_TYPE (HsGrowthChart, hs_growth_chart, HS, GROWTH_CHART, GtkWidget)

void hs_growth_chart_set_item (HsGrowthChart *self, HsGrowthItem *item);

G_END_DECLS
