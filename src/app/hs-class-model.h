/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-model.h: a GListModel of HsClassRow, one per class of the dump
 * (rows built when asked for), and the sorters of its columns. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"
#include "hs-class-row.h"

G_BEGIN_DECLS

#define HS_TYPE_CLASS_MODEL (hs_class_model_get_type ())
G_DECLARE_FINAL_TYPE (HsClassModel, hs_class_model, HS, CLASS_MODEL, GObject)

/* table: the figures the rows show (of one heap, or all); referenced. */
HsClassModel *hs_class_model_new (HsLoader *loader, HsClassTable *table);
HsClassTable *hs_class_model_get_table (HsClassModel *self);
/* The rows in order (transfer full: hs_class_order_sort's n_classes class
 * indexes), or NULL for class index order; every row changes. */
void hs_class_model_set_order (HsClassModel *self, guint32 *order);

/* A sorter for one column: ascending order of that column, ties broken by
 * name then class index so every order is total. */
GtkSorter *hs_class_sorter_new (HsClassColumn column);

G_END_DECLS
