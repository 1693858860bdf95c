/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-list.h: a GListModel of HsClassGroupRow, the children of
 * one node of an HsClassTree (or its top level) in the tree's order
 * (hs_class_tree_sort), rows built when asked for: one level of the
 * classes view's grouped table. */
#pragma once

#include <gio/gio.h>
#include "hs-class-group-row.h"

G_BEGIN_DECLS

#define HS_TYPE_CLASS_GROUP_LIST (hs_class_group_list_get_type ())
G_DECLARE_FINAL_TYPE (HsClassGroupList, hs_class_group_list, HS, CLASS_GROUP_LIST, GObject)

/* parent: a node of tree's groups, or groups->n_nodes for the top level. */
HsClassGroupList *hs_class_group_list_new (HsClassTree *tree, guint32 parent);

G_END_DECLS
