/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-order.h: the order of the class table's rows for one column,
 * as flat arrays (a value and a name per class, one sort of class
 * indexes): the same order as hs_class_sorter_new's (the column, then the
 * name, then the class index; descending is that order reversed). A big
 * table is sorted on a worker so that a click on a header returns at once. */
#pragma once

#include <gtk/gtk.h>
#include "hs-class-row.h"

G_BEGIN_DECLS

/* A table of at least this many classes is sorted on a worker
 * (hs_class_order_sort_async); a smaller one on the calling thread (a few
 * milliseconds), so that its order is there when the call returns. */
#define HS_CLASS_ORDER_WORKER_MIN 10000

/* The order itself, for class a (its column value va, its name na) and
 * class b: by the value, then the name in byte order (deterministic, and
 * fast enough for 100k classes), then the class index; -1, 0 or 1. The
 * name column passes equal values. */
int hs_class_order_compare (guint64 va, const char *na, HsClass a, guint64 vb, const char *nb, HsClass b);

/* The classes of table (hs_class_table_get_analysis's heap: every class)
 * in the order of column: n_classes class indexes, g_free them. Reads the
 * analysis's names: hold it (hs_analysis_hold) off the UI thread. NULL
 * when cancelled. */
guint32 *hs_class_order_sort (HsClassTable *table, HsClassColumn column, GtkSortType order,
                              GCancellable *cancellable);

/* The same on a worker that holds the analysis while it reads. source
 * (a GObject or NULL) is the task's, kept until the callback; loader keeps
 * the analysis alive; table is referenced. */
void hs_class_order_sort_async (gpointer source, HsLoader *loader, HsClassTable *table, HsClassColumn column,
                                GtkSortType order, GCancellable *cancellable, GAsyncReadyCallback callback,
                                gpointer user_data);
/* The order (transfer full), NULL and error when cancelled. */
guint32 *hs_class_order_sort_finish (GAsyncResult *result, GError **error);

G_END_DECLS
