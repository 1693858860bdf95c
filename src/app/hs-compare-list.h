/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-list.h: the rows of a comparison of two dumps as a GListModel
 * of HsCompareItem, filtered by name and sorted by any field. It owns the
 * HsCompare; the order and the filter are an array of row indexes (the
 * HsCompare's rows never move), and an item is made only when asked for,
 * so a table of tens of thousands of classes costs 4 bytes a row until
 * rows are shown. */
#pragma once

#include <gio/gio.h>
#include "hs-compare.h"
#include "hs-compare-item.h"

G_BEGIN_DECLS

#define HS_TYPE_COMPARE_LIST (hs_compare_list_get_type ())
G_DECLARE_FINAL_TYPE (HsCompareList, hs_compare_list, HS, COMPARE_LIST, GObject)

/* Takes cmp. Sorted by HS_COMPARE_DELTA_RETAINED, biggest growth first. */
HsCompareList *hs_compare_list_new (HsCompare *cmp);
const HsCompare *hs_compare_list_get_compare (HsCompareList *self);

/* descending: numbers biggest first (hs_compare_row_cmp's order: ties by
 * name); ascending: smallest first, ties by name still. NAME and STATUS
 * ascending follow hs_compare_row_cmp, descending reverse it. */
void hs_compare_list_set_sort (HsCompareList *self, HsCompareField field, gboolean descending);
/* The rows whose class name contains text (case-insensitive; NULL or "":
 * all). */
void hs_compare_list_set_filter (HsCompareList *self, const char *text);
/* Only the rows that changed in some figure (the default), or every row. */
void hs_compare_list_set_changed_only (HsCompareList *self, gboolean changed_only);

G_END_DECLS
