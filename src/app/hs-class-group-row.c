/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-row.c: HsClassTree and HsClassGroupRow (see the header). */
#include "config.h"
#include "hs-class-group-row.h"

#include <string.h>

struct _HsClassTree
{
  HsClassGroups *groups;
  guint64 *native;   /* n_nodes: the native sizes summed over each subtree */
  guint32 *children; /* the groups' child lists, in the order of the last sort */
};

static void
tree_clear (gpointer data)
{
  HsClassTree *tree = data;

  hs_class_groups_free (tree->groups);
  g_free (tree->native);
  g_free (tree->children);
}

HsClassTree *
hs_class_tree_new (HsClassGroups *groups, HsClassTable *table)
{
  HsClassTree *tree;

  g_return_val_if_fail (groups != NULL, NULL);
  tree = g_atomic_rc_box_new0 (HsClassTree);
  tree->groups = groups;
  tree->native = g_new0 (guint64, (gsize)groups->n_nodes + 1);
  tree->children = g_memdup2 (groups->children, sizeof (guint32) * MAX (groups->n_nodes, 1));
  if (table != NULL)
    {
      /* Children before parents: the breadth-first order read backwards. */
      for (guint32 v = 0; v < groups->n_nodes; v++)
        if (groups->nodes[v].kind == HS_CLASS_NODE_CLASS)
          tree->native[v] = hs_class_table_native (table, groups->nodes[v].klass);
      for (guint32 i = groups->n_nodes; i-- > 0;)
        {
          const HsClassNode *node = &groups->nodes[groups->order[i]];
          if (node->parent != HS_CLASS_NODE_TOP)
            tree->native[node->parent] += tree->native[groups->order[i]];
        }
    }
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

static guint64
node_value (HsClassTree *tree, guint32 v, HsClassColumn column)
{
  const HsClassNode *node = &tree->groups->nodes[v];

  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return node->count;
      case HS_CLASS_COLUMN_REACHABLE: return node->reachable;
      case HS_CLASS_COLUMN_UNREACHABLE: return node->count - node->reachable;
      case HS_CLASS_COLUMN_NATIVE: return tree->native[v];
      case HS_CLASS_COLUMN_SHALLOW: return node->shallow;
      case HS_CLASS_COLUMN_RETAINED: return node->retained;
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: return 0;
    }
}

/* What the first column shows (see hs_class_group_row_get_name). */
static const char *
node_name (HsClassTree *tree, guint32 v)
{
  const HsClassNode *node = &tree->groups->nodes[v];

  if (node->kind == HS_CLASS_NODE_CLASS && tree->groups->by == HS_CLASS_GROUP_PACKAGE)
    return hs_format_simple_name (node->name);
  return node->name;
}

typedef struct
{
  HsClassTree *tree;
  HsClassColumn column;
  gboolean descending;
} SortCtx;

/* The classes table's order (hs_class_sorter_new), the whole comparison
 * turned for descending, as GTK's column view turns a column's sorter. */
static int
compare_nodes (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const SortCtx *ctx = data;
  guint32 a = *(const guint32 *)pa, b = *(const guint32 *)pb;
  int r = 0;

  if (ctx->column != HS_CLASS_COLUMN_NAME)
    {
      guint64 va = node_value (ctx->tree, a, ctx->column), vb = node_value (ctx->tree, b, ctx->column);
      if (va != vb)
        r = va < vb ? -1 : 1;
    }
  if (r == 0)
    r = strcmp (node_name (ctx->tree, a), node_name (ctx->tree, b));
  if (r == 0)
    r = a < b ? -1 : a > b;
  return ctx->descending ? -r : r;
}

void
hs_class_tree_sort (HsClassTree *tree, HsClassColumn column, GtkSortType order)
{
  SortCtx ctx = { tree, column, order == GTK_SORT_DESCENDING };
  const HsClassGroups *g = tree->groups;

  for (guint32 v = 0; v <= g->n_nodes; v++)
    {
      guint32 n = g->child_offsets[v + 1] - g->child_offsets[v];
      if (n > 1)
        g_qsort_with_data (tree->children + g->child_offsets[v], (gint)n, sizeof (guint32), compare_nodes,
                           &ctx);
    }
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
  return node_name (self->tree, self->node);
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
  const HsClassNode *node;

  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), 0);
  node = node_of (self);
  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return node->count;
      case HS_CLASS_COLUMN_REACHABLE: return node->reachable;
      case HS_CLASS_COLUMN_UNREACHABLE: return node->count - node->reachable;
      case HS_CLASS_COLUMN_NATIVE: return self->tree->native[self->node];
      case HS_CLASS_COLUMN_SHALLOW: return node->shallow;
      case HS_CLASS_COLUMN_RETAINED: return node->retained;
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: return 0;
    }
}

guint32
hs_class_group_row_get_n_children (HsClassGroupRow *self)
{
  guint32 n;

  g_return_val_if_fail (HS_IS_CLASS_GROUP_ROW (self), 0);
  hs_class_groups_children (self->tree->groups, self->node, &n);
  return n;
}
