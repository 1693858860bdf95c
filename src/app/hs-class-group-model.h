/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-model.h: a GListModel of HsClassGroupRow, the top level
 * of the classes grouped (by package, loader or superclass) as the
 * classes view's grouped table shows them: the root of its
 * GtkTreeListModel (the children of a row: hs_class_group_row_children).
 * The grouping, the filter and the sort are properties; the classes are
 * grouped on a worker (its own GCancellable, cancelled by a newer grouping
 * or filter, a new table, or when the model goes) and the rows shown with
 * one items-changed; busy is TRUE meanwhile. The rows shown until then
 * are the previous grouping's (none at first, or without a grouping). A
 * new sort orders every level at once (a sort of the groups, not of the
 * classes) and changes every row. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"
#include "hs-class-group-row.h"

G_BEGIN_DECLS

#define HS_TYPE_CLASS_GROUP_MODEL (hs_class_group_model_get_type ())
G_DECLARE_FINAL_TYPE (HsClassGroupModel, hs_class_group_model, HS, CLASS_GROUP_MODEL, GObject)

/* The values of the grouping property: no rows, or the classes grouped by
 * one of HsClassGrouping (as the classes view's drop-down lists them). */
#define HS_CLASS_GROUP_MODEL_NONE 0u
#define HS_CLASS_GROUP_MODEL_BY(grouping) (1u + (guint)(grouping))

HsClassGroupModel *hs_class_group_model_new (void);
/* The figures grouped (of one heap, or all; referenced), or NULL: no
 * rows. Drops the rows shown and a grouping running, and groups again. */
void hs_class_group_model_set_table (HsClassGroupModel *self, HsLoader *loader, HsClassTable *table);
void hs_class_group_model_set_grouping (HsClassGroupModel *self, guint grouping);
guint hs_class_group_model_get_grouping (HsClassGroupModel *self);
/* Only the classes whose name holds filter (case-insensitive); NULL or
 * empty: every class the table includes. */
void hs_class_group_model_set_filter (HsClassGroupModel *self, const char *filter);
const char *hs_class_group_model_get_filter (HsClassGroupModel *self);
void hs_class_group_model_set_sort (HsClassGroupModel *self, HsClassColumn column, GtkSortType order);
gboolean hs_class_group_model_get_busy (HsClassGroupModel *self);
/* Why the last grouping failed (not a cancel), or NULL; cleared by the
 * next request. */
const GError *hs_class_group_model_get_error (HsClassGroupModel *self);
/* The tree shown, or NULL: no rows yet. */
HsClassTree *hs_class_group_model_get_tree (HsClassGroupModel *self);

/* The children of a row as a GListModel (NULL: a leaf), for
 * gtk_tree_list_model_new. */
GListModel *hs_class_group_row_children (gpointer item, gpointer user_data);

G_END_DECLS
