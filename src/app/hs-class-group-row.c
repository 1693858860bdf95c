/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-row.c: HsClassTree and HsClassGroupRow (see the header). */
#include "config.h"
#include "hs-class-group-row.h"

struct _HsClassTree
{
  HsClassGroups *groups;
  guint32 *children; /* the groups' child lists, in the order of the last sort */
};

static void
tree_clear (gpointer data)
{
  HsClassTree *tree = data;

  hs_class_groups_free (tree->groups);
  g_free (tree->children);
}

HsClassTree *
hs_class_tree_new (HsClassGroups *groups)
{
  HsClassTree *tree;

  g_return_val_if_fail (groups != NULL, NULL);
  tree = g_atomic_rc_box_new0 (HsClassTree);
  tree->groups = groups;
  tree->children = g_memdup2 (groups->children, sizeof (guint32) * MAX (groups->n_nodes, 1));
  return tree;
}

HsClassTree *
hs_class_tree_ref (HsClassTree *tree)
{
  return g_atomic_rc_box_acquire (tree);
}

void
hs_class_tree_unref (HsClassTree *tree)
{
  if (tree != NULL)
    g_atomic_rc_box_release_full (tree, tree_clear);
}

const HsClassGroups *
hs_class_tree_get_groups (HsClassTree *tree)
{
  return tree->groups;
}

const guint32 *
hs_class_tree_children (HsClassTree *tree, guint32 v, guint32 *n)
{
  *n = tree->groups->child_offsets[v + 1] - tree->groups->child_offsets[v];
  return tree->children + tree->groups->child_offsets[v];
}

void
hs_class_tree_sort (HsClassTree *tree, HsClassColumn column, GtkSortType order)
{
  hs_class_groups_sort_children (tree->groups, tree->children, column,
                                 order == GTK_SORT_DESCENDING ? HS_CLASS_DESCENDING : HS_CLASS_ASCENDING);
}

struct _HsClassGroupRow
{
  GObject parent_instance;
  HsClassTree *tree;
  guint32 node;
};

G_DEFINE_FINAL_TYPE (HsClassGroupRow, hs_class_group_row, G_TYPE_OBJECT)

static void
hs_class_group_row_finalize (GObject *object)
{
  g_clear_pointer (&HS_CLASS_GROUP_ROW (object)->tree, hs_class_tree_unref);
  G_OBJECT_CLASS (hs_class_group_row_parent_class)->finalize (object);
}

static void
hs_class_group_row_class_init (HsClassGroupRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_class_group_row_finalize;
}

static void
hs_class_group_row_init (HsClassGroupRow *self)
{
}

HsClassGroupRow *
hs_class_group_row_new (HsClassTree *tree, guint32 node)
{
  HsClassGroupRow *self;

  g_return_val_if_fail (tree != NULL && node < tree->groups->n_nodes, NULL);
  self = g_object_new (HS_TYPE_CLASS_GROUP_ROW, NULL);
  self->tree = hs_class_tree_ref (tree);
  self->node = node;
  return self;
}

HsClassTree *
hs_class_group_row_get_tree (HsClassGroupRow *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), NULL);
  return self->tree;
}

guint32
hs_class_group_row_get_node (HsClassGroupRow *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), 0);
  return self->node;
}

static const HsClassNode *
node_of (HsClassGroupRow *self)
{
  return &self->tree->groups->nodes[self->node];
}

HsClass
hs_class_group_row_get_class (HsClassGroupRow *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), HS_CLASS_NONE);
  return node_of (self)->klass;
}

const char *
hs_class_group_row_get_name (HsClassGroupRow *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), "");
  return hs_class_groups_node_label (self->tree->groups, self->node);
}

char *
hs_class_group_row_get_full_name (HsClassGroupRow *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), NULL);
  return hs_class_groups_node_path (self->tree->groups, self->node);
}

guint64
hs_class_group_row_get_value (HsClassGroupRow *self, HsClassColumn column)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), 0);
  return hs_class_node_column (node_of (self), column);
}

guint32
hs_class_group_row_get_n_children (HsClassGroupRow *self)
{
  guint32 n;

  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), 0);
  hs_class_groups_children (self->tree->groups, self->node, &n);
  return n;
}
