/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-model.h: a GListModel of HsClassRow, one per class of the dump
 * (rows built when asked for), in the order of its sort (the properties
 * sort-column and sort-order): the order is computed by hs-class-order
 * over flat arrays, on a worker for a big table (its own GCancellable,
 * cancelled by a newer sort or when the model goes), and shown with one
 * items-changed; busy is TRUE while it is computed. Until its first order
 * is there the model has no rows. Also the sorters of its columns. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"
#include "hs-class-row.h"

G_BEGIN_DECLS

#define HS_TYPE_CLASS_MODEL (hs_class_model_get_type ())
G_DECLARE_FINAL_TYPE (HsClassModel, hs_class_model, HS, CLASS_MODEL, GObject)

/* table: the figures the rows show (of one heap, or all); referenced. The
 * model is first sorted by column in order (at once when small). */
HsClassModel *hs_class_model_new (HsLoader *loader, HsClassTable *table, HsClassColumn column,
                                  GtkSortType order);
HsClassTable *hs_class_model_get_table (HsClassModel *self);
/* Sorts the rows by column in order (nothing when they are, or are being,
 * sorted so); a sort running is cancelled. */
void hs_class_model_set_sort (HsClassModel *self, HsClassColumn column, GtkSortType order);
HsClassColumn hs_class_model_get_sort_column (HsClassModel *self);
GtkSortType hs_class_model_get_sort_order (HsClassModel *self);
/* TRUE while an order is computed on a worker. */
gboolean hs_class_model_get_busy (HsClassModel *self);
/* The order being computed, computed here and shown (a class must be
 * found among the rows at once). */
void hs_class_model_sort_now (HsClassModel *self);

/* A sorter for one column: ascending order of that column, ties broken by
 * name then class index so every order is total (hs_class_compare). */
GtkSorter *hs_class_sorter_new (HsClassColumn column);

G_END_DECLS
