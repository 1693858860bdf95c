/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-order.h: the order of the class table's rows for one column,
 * as flat arrays (a value and a name per class, one sort of class
 * indexes), compared by hs_class_compare. Engine layer: the window sorts
 * its class table with it on a worker (HsClassModel). */
#pragma once

#include "hs-class-table.h"

G_BEGIN_DECLS

/* A table of at least this many classes is sorted on a worker; a smaller
 * one on the calling thread (a few milliseconds), so that its order is
 * there when the call returns. */
#define HS_CLASS_ORDER_WORKER_MIN 10000

/* The classes of table (hs_class_table_get_analysis's heap: every class)
 * in the order of column in direction: n_classes class indexes, g_free
 * them. Reads the analysis's names: hold it (hs_analysis_hold) off the
 * thread that may rename them. NULL when cancelled. */
guint32 *hs_class_order_sort (HsClassTable *table, HsClassColumn column, HsClassDirection direction,
                              GCancellable *cancellable);

G_END_DECLS
