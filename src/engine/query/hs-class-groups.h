/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-groups.h: the class table grouped into a tree, as Eclipse MAT's
 * histogram groups it. Engine layer.
 *
 * - by package: java -> java.util -> java.util.HashMap; a class without a
 *   package (int[], a class of the default package) is at the top level.
 *   Arrays are in their element's package (java.lang.String[] in
 *   java.lang);
 * - by class loader: one node per loader (hs_loader_label names it), its
 *   classes below;
 * - by superclass: the class hierarchy, each class under its superclass.
 *
 * Every node holds the sums of count, reachable count, shallow and
 * retained over its subtree, itself included: a group's figures add up
 * its classes' rows, so the top level adds up to the ungrouped table's
 * totals. A retained sum is the sum of the class table's retained sizes
 * (hs-retained.h's lower bound per class), not the retained size of the
 * set: two classes' instances may retain each other's.
 *
 * Built in flat arrays in time linear in the classes and their names (a
 * hash of (parent, segment) per package level, a sort of the loader ids,
 * one breadth-first order for the sums), no recursion: 50,000 classes and
 * hierarchies 50,000 deep are fine. */
#pragma once

#include "hs-query.h"
#include "hs-query-heaps.h"
#include "hs-class-compare.h"

G_BEGIN_DECLS

typedef enum
{
  HS_CLASS_GROUP_PACKAGE,
  HS_CLASS_GROUP_LOADER,
  HS_CLASS_GROUP_SUPERCLASS,
} HsClassGrouping;

/* "package", "loader", "superclass" (the CLI's --group). */
gboolean hs_class_grouping_from_string (const char *name, HsClassGrouping *grouping);
const char *hs_class_grouping_to_string (HsClassGrouping grouping);

/* The per-class figures to group (n_classes entries each; retained and
 * native may be NULL: zeros). include (optional): 1 for the classes to show; NULL: every
 * class with instances or a class object (HS_CLASS_FILTER_PRESENT). By
 * superclass, the superclasses of an included class are included too. */
typedef struct
{
  guint n_classes;
  const guint64 *count, *reachable, *shallow, *retained, *native;
  const guint8 *include;
} HsClassFigures;

/* The figures of the analysis's class table (every heap) or, with hc, of
 * one heap (then only classes with instances in it are included). The
 * arrays point into the analysis or hc, which must outlive the result;
 * g_free the result (it owns its include mask). */
HsClassFigures *hs_class_figures_new (HsAnalysis *analysis, const HsHeapClasses *hc);

typedef enum
{
  HS_CLASS_NODE_PACKAGE,
  HS_CLASS_NODE_LOADER,
  HS_CLASS_NODE_CLASS,
} HsClassNodeKind;

#define HS_CLASS_NODE_TOP G_MAXUINT32 /* the parent of a top-level node */

typedef struct
{
  HsClassNodeKind kind;
  HsClass klass;     /* CLASS nodes, else HS_CLASS_NONE */
  guint64 loader_id; /* LOADER nodes: the loader's object id (0: bootstrap) */
  /* The node's label: a package's last segment ("util"), a loader's
   * hs_loader_label, a class's name (owned by the groups or the heap). */
  const char *name;
  guint32 parent;                                      /* HS_CLASS_NODE_TOP at the top level */
  guint32 depth;                                       /* 0 at the top level */
  guint32 n_classes;                                   /* classes in the subtree, itself included */
  guint64 count, reachable, shallow, retained, native; /* sums over the subtree */
  /* The class's own row, 0 for groups. */
  guint64 own_count, own_reachable, own_shallow, own_retained, own_native;
} HsClassNode;

typedef struct
{
  HsClassGrouping by;
  guint32 n_nodes;
  HsClassNode *nodes;
  /* Children as CSR: those of node v are children[child_offsets[v] ..
   * child_offsets[v + 1]), v in [0, n_nodes]; v = n_nodes is the top level.
   * In the order of the last hs_class_groups_sort (first: by retained). */
  guint32 *child_offsets; /* n_nodes + 2 entries */
  guint32 *children;      /* n_nodes entries */
  /* Every node, parents before their children (breadth first from the
   * top): read backwards to add up a column of one's own. */
  guint32 *order;
  /* The sums over every included class (the ungrouped table's totals). */
  guint64 count, reachable, shallow, retained, native;
  guint32 n_classes;
  /*< private >*/
  GStringChunk *strings;
} HsClassGroups;

/* Groups fig's classes of heap. NULL (error set) when cancelled. Reads
 * the heap only: may run on a worker. */
HsClassGroups *hs_class_groups_new (HsHeap *heap, const HsClassFigures *fig, HsClassGrouping by,
                                    GCancellable *cancellable, GError **error);
void hs_class_groups_free (HsClassGroups *groups);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsClassGroups, hs_class_groups_free)

/* Sorts every node's children by the value (sums) descending, then name
 * (byte order), then node index: the order of hs-query.h
 * (hs_class_compare, HS_CLASS_BIGGEST_FIRST). */
void hs_class_groups_sort (HsClassGroups *groups, HsClassSort sort);
/* The window's order of the tree: sorts every level of children (a copy
 * of groups->children, laid out as it is) by column in direction, names
 * compared as hs_class_groups_node_label shows them. */
void hs_class_groups_sort_children (const HsClassGroups *groups, guint32 *children, HsClassColumn column,
                                    HsClassDirection direction);
/* The children of node v (groups->n_nodes: the top level). */
static inline const guint32 *
hs_class_groups_children (const HsClassGroups *groups, guint32 v, guint32 *n)
{
  *n = groups->child_offsets[v + 1] - groups->child_offsets[v];
  return groups->children + groups->child_offsets[v];
}
/* A package node's full name ("java.util"); for other nodes their name.
 * g_free it. */
char *hs_class_groups_node_path (const HsClassGroups *groups, guint32 v);
/* What a table shows as node v's name: a package's last segment, a
 * loader's label, a class's name (its simple name under its package,
 * grouped by package). */
const char *hs_class_groups_node_label (const HsClassGroups *groups, guint32 v);
/* The sum a sort orders by. */
guint64 hs_class_node_value (const HsClassNode *node, HsClassSort sort);
/* The sum over node's subtree in a numeric column (0 for the name). */
guint64 hs_class_node_column (const HsClassNode *node, HsClassColumn column);

G_END_DECLS
