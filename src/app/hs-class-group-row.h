/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-row.h: one node of the classes view's grouped table (a
 * package, a class loader, or a class under its package, loader or
 * superclass) as a tiny row object over the shared HsClassTree, with the
 * columns of HsClassRow: a group's figures are the sums over its subtree
 * (hs-class-groups.h). */
#pragma once

#include <gtk/gtk.h>
#include "hs-class-row.h"
#include "hs-class-groups.h"

G_BEGIN_DECLS

/* The grouped classes a grouped table shows (shared by its rows,
 * reference counted): the engine's groups and the order of their levels
 * shown. */
typedef struct _HsClassTree HsClassTree;

/* Takes groups. */
HsClassTree *hs_class_tree_new (HsClassGroups *groups);
HsClassTree *hs_class_tree_ref (HsClassTree *tree);
void hs_class_tree_unref (HsClassTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsClassTree, hs_class_tree_unref)
const HsClassGroups *hs_class_tree_get_groups (HsClassTree *tree);
/* The children of node v (groups->n_nodes: the top level) in the order of
 * the last hs_class_tree_sort (first: the groups', by retained size). */
const guint32 *hs_class_tree_children (HsClassTree *tree, guint32 v, guint32 *n);
/* Sorts every level as the classes table sorts its rows by column
 * (hs_class_groups_sort_children), in order. On the UI thread: a qsort per level,
 * milliseconds for 50,000 classes; lists made before show the new order
 * only when made again. */
void hs_class_tree_sort (HsClassTree *tree, HsClassColumn column, GtkSortType order);

#define HS_TYPE_CLASS_GROUP_ROW (hs_class_group_row_get_type ())
G_DECLARE_FINAL_TYPE (HsClassGroupRow, hs_class_group_row, HS, CLASS_GROUP_ROW, GObject)

HsClassGroupRow *hs_class_group_row_new (HsClassTree *tree, guint32 node);
HsClassTree *hs_class_group_row_get_tree (HsClassGroupRow *self);
guint32 hs_class_group_row_get_node (HsClassGroupRow *self);
/* The class of a class node; HS_CLASS_NONE for a package or a loader. */
HsClass hs_class_group_row_get_class (HsClassGroupRow *self);
/* What the first column shows: a package's last segment, a loader's
 * label, a class's name (its simple name under its package). */
const char *hs_class_group_row_get_name (HsClassGroupRow *self);
/* The full name: "java.util" for a package, the class's full name. */
char *hs_class_group_row_get_full_name (HsClassGroupRow *self);
/* The sums over the node's subtree for a numeric column (not NAME). */
guint64 hs_class_group_row_get_value (HsClassGroupRow *self, HsClassColumn column);
guint32 hs_class_group_row_get_n_children (HsClassGroupRow *self);

G_END_DECLS
