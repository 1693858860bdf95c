/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-table.h: the class table's figures for one heap (or every
 * heap): count, reachable count, shallow, retained and native size per
 * class, as the window's class table and the CLI's `classes` show them.
 * Shared (reference counted) by the rows made from it. Engine layer. */
#pragma once

#include "hs-analysis.h"
#include "hs-query-heaps.h"
#include "hs-class-groups.h"
#include "hs-class-compare.h"

G_BEGIN_DECLS

typedef struct _HsClassTable HsClassTable;

/* heap: hs-heap.h's index, -1 for every heap (then the analysis's own class
 * table, and the native sizes summed per class). One heap's figures take a
 * pass over the objects and the dominator tree: build those on a worker
 * (NULL when cancelled). */
HsClassTable *hs_class_table_new (HsAnalysis *analysis, int heap, GCancellable *cancellable);
HsClassTable *hs_class_table_ref (HsClassTable *table);
void hs_class_table_unref (HsClassTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsClassTable, hs_class_table_unref)

guint64 hs_class_table_count (HsClassTable *table, HsClass c);
guint64 hs_class_table_reachable (HsClassTable *table, HsClass c);
guint64 hs_class_table_shallow (HsClassTable *table, HsClass c);
guint64 hs_class_table_retained (HsClassTable *table, HsClass c);
/* Native memory (Bitmap pixels, registered native allocations) of the
 * class's instances, hs_analysis_native_size summed. */
guint64 hs_class_table_native (HsClassTable *table, HsClass c);
/* A numeric column's value (0 for HS_CLASS_COLUMN_NAME). */
guint64 hs_class_table_value (HsClassTable *table, HsClassColumn column, HsClass c);
/* The figures to group (hs-class-groups.h), native sizes included: they
 * point into table, which must outlive them. g_free the result. */
HsClassFigures *hs_class_table_figures (HsClassTable *table);
HsAnalysis *hs_class_table_get_analysis (HsClassTable *table);

G_END_DECLS
