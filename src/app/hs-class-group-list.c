/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-list.c: HsClassGroupList (see the header). */
#include "config.h"
#include "hs-class-group-list.h"

struct _HsClassGroupList
{
  GObject parent_instance;
  HsClassTree *tree;
  guint32 parent;
};

static GType
hs_class_group_list_get_item_type (GListModel *model)
{
  return HS_TYPE_CLASS_GROUP_ROW;
}

static guint
hs_class_group_list_get_n_items (GListModel *model)
{
  HsClassGroupList *self = HS_CLASS_GROUP_LIST (model);
  guint32 n;

  hs_class_tree_children (self->tree, self->parent, &n);
  return n;
}

static gpointer
hs_class_group_list_get_item (GListModel *model, guint position)
{
  HsClassGroupList *self = HS_CLASS_GROUP_LIST (model);
  guint32 n;
  const guint32 *children = hs_class_tree_children (self->tree, self->parent, &n);

  if (position >= n)
    return NULL;
  return hs_class_group_row_new (self->tree, children[position]);
}

static void
hs_class_group_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_class_group_list_get_item_type;
  iface->get_n_items = hs_class_group_list_get_n_items;
  iface->get_item = hs_class_group_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsClassGroupList, hs_class_group_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_class_group_list_model_init))

static void
hs_class_group_list_finalize (GObject *object)
{
  g_clear_pointer (&HS_CLASS_GROUP_LIST (object)->tree, hs_class_tree_unref);
  G_OBJECT_CLASS (hs_class_group_list_parent_class)->finalize (object);
}

static void
hs_class_group_list_class_init (HsClassGroupListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_class_group_list_finalize;
}

static void
hs_class_group_list_init (HsClassGroupList *self)
{
}

HsClassGroupList *
hs_class_group_list_new (HsClassTree *tree, guint32 parent)
{
  HsClassGroupList *self;

  g_return_val_if_fail (tree != NULL, NULL);
  g_return_val_if_fail (parent <= hs_class_tree_get_groups (tree)->n_nodes, NULL);
  self = g_object_new (HS_TYPE_CLASS_GROUP_LIST, NULL);
  self->tree = hs_class_tree_ref (tree);
  self->parent = parent;
  return self;
}
