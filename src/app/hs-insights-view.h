/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-insights-view.h: the "insights" view: what is wasted. The
 * waste finders run on a worker once the analysis is done; then a summary
 * line ("About 41 MB could be saved: …"), each kind of finding as a list,
 * biggest first (activating a row opens its first object in the inspector,
 * its Class button the class table filtered to it), and a gallery of the
 * dump's bitmaps drawn with cairo. */
#pragma once

#include "hs-view.h"
#include "hs-waste.h"

G_BEGIN_DECLS

#define HS_TYPE_INSIGHTS_VIEW (hs_insights_view_get_type ())
G_DECLARE_FINAL_TYPE (HsInsightsView, hs_insights_view, HS, INSIGHTS_VIEW, HsView)

typedef enum
{
  HS_INSIGHTS_STRINGS,
  HS_INSIGHTS_COLLECTIONS,
  HS_INSIGHTS_ARRAYS,
  HS_INSIGHTS_BOXED,
  HS_INSIGHTS_BITMAPS,
  HS_INSIGHTS_N_KINDS
} HsInsightsKind;

GtkWidget *hs_insights_view_new (void);
/* TRUE while the worker runs. */
gboolean hs_insights_view_is_busy (HsInsightsView *self);
/* A reference to the findings shown (free with hs_waste_free), NULL while
 * they are not known (or self is NULL): the HTML export passes them to the
 * report (HsReportOptions.waste) instead of computing them again. */
HsWaste *hs_insights_view_ref_waste (HsInsightsView *self);
/* The summary line, "" before the findings are known. */
const char *hs_insights_view_get_summary (HsInsightsView *self);
/* Rows of a kind's list (bitmaps: tiles of the gallery) and their text. */
guint hs_insights_view_get_n_rows (HsInsightsView *self, HsInsightsKind kind);
const char *hs_insights_view_get_row_text (HsInsightsView *self, HsInsightsKind kind, guint i);
/* The object a row opens (HS_OBJ_NONE when out of range). */
guint32 hs_insights_view_get_row_object (HsInsightsView *self, HsInsightsKind kind, guint i);

G_END_DECLS
