/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-view.h: the "compare" view: what changed since a baseline
 * dump, class by class (docs/semantics.md "Comparing two
 * dumps"). The baseline is analysed on a worker (an HsLoader without the
 * leak search, its phases shown with a Cancel button); once done only its
 * class table is kept (HsClassHistogram) and the loader, with its
 * analysis, is let go. The table has one row per class name of either
 * dump (HsCompareList), sortable by every column (default: retained
 * growth, biggest first) and filterable by name; selecting a class lists
 * its biggest instances in the current dump (activating one inspects it
 * through "win.inspect"). A dump dropped on the view becomes the
 * baseline. Giving the view another dump (or none) drops the baseline. */
#pragma once

#include "hs-view.h"
#include "hs-compare-list.h"

G_BEGIN_DECLS

#define HS_TYPE_COMPARE_VIEW (hs_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (HsCompareView, hs_compare_view, HS, COMPARE_VIEW, HsView)

/* Starts analysing dump (0-based) of file as the baseline of the dump
 * shown (which must be analysed), with the same weak-reference setting.
 * A comparison shown or a baseline being analysed is dropped first.
 * Returns FALSE (nothing done) when there is no analysed dump. */
gboolean hs_compare_view_set_baseline (HsCompareView *self, GFile *file, int dump);
/* The baseline is another dump analysed already (another tab's): its
 * class table is made now, nothing is read again. FALSE when the dump
 * shown is not analysed or is that one. */
gboolean hs_compare_view_set_baseline_analysis (HsCompareView *self, HsAnalysis *baseline);
/* Stops analysing the baseline (the view goes back to its empty page). */
void hs_compare_view_cancel (HsCompareView *self);
/* Stops comparing: the empty page again. */
void hs_compare_view_drop_baseline (HsCompareView *self);

/* "empty", "loading", "error" or "table". */
const char *hs_compare_view_get_page (HsCompareView *self);
/* The loader of the baseline while it is analysed, else NULL. */
HsLoader *hs_compare_view_get_baseline_loader (HsCompareView *self);
/* The message of the error page, NULL unless it is shown. */
const char *hs_compare_view_get_error_text (HsCompareView *self);
/* The header line (hs_compare_summary), "" without a comparison. */
const char *hs_compare_view_get_summary (HsCompareView *self);
/* The size-rules and file warnings shown, or NULL when none. */
const char *hs_compare_view_get_warning (HsCompareView *self);

/* The rows as shown (filtered and sorted, items HsCompareItem), NULL
 * without a comparison. */
HsCompareList *hs_compare_view_get_list (HsCompareView *self);
/* Sorts as a click on a column's header does, and the sort shown (also
 * after a click). */
void hs_compare_view_sort_by_column (HsCompareView *self, HsCompareField field, GtkSortType order);
void hs_compare_view_get_sort (HsCompareView *self, HsCompareField *field, GtkSortType *order);
/* As typing in the filter entry does. */
void hs_compare_view_set_filter (HsCompareView *self, const char *text);
/* Every row (show), or only the classes that changed (the default). */
void hs_compare_view_set_show_unchanged (HsCompareView *self, gboolean show);

/* Selects the row at position (as a click does): its class's instances in
 * the current dump are found on a worker and listed below. */
void hs_compare_view_select_class (HsCompareView *self, guint position);
/* The instances listed (HsObjectRow), NULL while hidden or pending. */
GListModel *hs_compare_view_get_instances (HsCompareView *self);

G_END_DECLS
