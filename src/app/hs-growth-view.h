/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-view.h: the "growth" view: what keeps growing over a series of
 * dumps ending with the tab's (docs/semantics.md "Growth over a series of
 * dumps"). Given the older dumps ("Add to Series…"), it analyses them one
 * after the other on workers, keeps only their trees of shortest paths,
 * adds the tab's own and lists the growing nodes: class, path, a small
 * chart of the objects per dump; the selected node's path in the leak
 * trace widget (the children that grew on its last card), Show Objects (the
 * objects the node merges in this dump, found on a worker and listed in
 * the class view's instance list, "tab.show-objects") and Export as CSV.
 * Revealed on demand. */
#pragma once

#include "hs-view.h"
#include "hs-leak-trace-view.h"

G_BEGIN_DECLS

#define HS_TYPE_GROWTH_VIEW (hs_growth_view_get_type ())
G_DECLARE_FINAL_TYPE (HsGrowthView, hs_growth_view, HS, GROWTH_VIEW, HsView)

/* The older dumps of the series, oldest first (n >= 1); the tab's dump
 * is the newest. FALSE when the tab's analysis is not done. */
gboolean hs_growth_view_set_series (HsGrowthView *self, GFile *const *older, guint n);
/* "empty", "loading", "error" or "content". */
const char *hs_growth_view_get_page (HsGrowthView *self);
/* The rows shown (HsGrowthItem), or NULL before a series is done. */
GListModel *hs_growth_view_get_model (HsGrowthView *self);
/* Show Objects: the selected node's objects in this dump, found on a
 * worker, then listed in the class view ("tab.show-objects"). FALSE when
 * nothing is selected or a search runs. */
gboolean hs_growth_view_show_objects (HsGrowthView *self);
/* TRUE while Show Objects looks for the selected node's objects. */
gboolean hs_growth_view_objects_pending (HsGrowthView *self);
/* The line above the list: how many paths grew, then the series'
 * warnings (dumps of different programs or Java versions), a line each. */
const char *hs_growth_view_get_summary (HsGrowthView *self);
/* The error shown on the error page. */
const char *hs_growth_view_get_error_text (HsGrowthView *self);

G_END_DECLS
