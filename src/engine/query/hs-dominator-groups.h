/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominator-groups.h: the dominator tree grouped by class, as Eclipse
 * MAT's "Group by class" on the dominator tree. Engine layer.
 *
 * The children of one node of the dominator tree (the virtual root: the
 * top-level dominators) grouped by their class (HsClass: two classes of
 * one name from two loaders are two groups; class objects are in
 * java.lang.Class's group, as the class table counts them): per group the
 * number of objects, their shallow sizes added up and their retained sizes
 * added up. The objects of one node's children are disjoint subtrees, so a
 * group's retained sum is exactly what freeing its objects would free;
 * the groups of the top level add up to every reachable byte.
 *
 * A group expands to its objects (largest retained first), and an object
 * to its own children grouped again (hs_dom_groups_new on that object).
 * One counting sort by class: linear in the children and the classes. */
#pragma once

#include "hs-analysis.h"

G_BEGIN_DECLS

typedef struct
{
  HsClass klass; /* HS_CLASS_NONE: objects whose class is not in the dump */
  guint64 objects, shallow, retained;
  guint64 first; /* its objects: HsDomGroups.objs[first .. first + objects) */
} HsDomGroup;

typedef struct
{
  guint n_groups;
  HsDomGroup *groups; /* retained descending, then class name, then class index */
  guint64 n_objs;
  HsObj *objs;                        /* the objects, group after group, each group's largest first */
  guint64 objects, shallow, retained; /* the sums over every group */
} HsDomGroups;

/* The children of node v of a->dom (v = a->dom->n: the top level) grouped
 * by class. Sorts v's child list if no one has (hs_dom_tree_children): call
 * it on a worker. NULL (error set) without dominators, for v out of range,
 * or when cancelled. */
HsDomGroups *hs_dom_groups_new (HsAnalysis *a, guint64 v, GCancellable *cancellable, GError **error);
/* The same for a list of reachable objects given (one heap's top-level
 * objects), in their order. */
HsDomGroups *hs_dom_groups_new_for (HsAnalysis *a, const HsObj *objs, guint64 n, GCancellable *cancellable,
                                    GError **error);
void hs_dom_groups_free (HsDomGroups *groups);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsDomGroups, hs_dom_groups_free)

/* A group's class name ("(no class)" for HS_CLASS_NONE). */
const char *hs_dom_group_name (HsHeap *heap, const HsDomGroup *group);

G_END_DECLS
