/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query.h: the questions every front end (CLI, window, report) asks of a
 * finished analysis, answered once, in one order each. Engine layer.
 *
 * Orders (all total, so every front end lists the same rows the same way):
 * - classes: the chosen value descending, then name (byte order), then
 *   class index;
 * - instances: retained size descending, then shallow size descending,
 *   then object index;
 * - top objects: retained size descending, then object index. */
#pragma once

#include "hs-analysis.h"

G_BEGIN_DECLS

typedef enum
{
  HS_CLASS_SORT_COUNT,    /* instances */
  HS_CLASS_SORT_SHALLOW,  /* shallow bytes of the instances */
  HS_CLASS_SORT_RETAINED, /* analysis->class_retained; shallow when not computed */
} HsClassSort;

typedef enum
{
  HS_CLASS_FILTER_ALL,     /* every class of the class table */
  HS_CLASS_FILTER_PRESENT, /* only classes with instances or a class object */
} HsClassFilter;

/* The value a class is sorted by. */
guint64 hs_query_class_value (HsAnalysis *analysis, HsClass c, HsClassSort sort);
/* Classes (HsClass), sorted as above. */
GArray *hs_query_sorted_classes (HsAnalysis *analysis, HsClassSort sort, HsClassFilter filter);
/* Parses "count", "shallow", "retained" (the CLI's --sort). */
gboolean hs_class_sort_from_string (const char *name, HsClassSort *sort);

/* Every class with this name (several class loaders may define one), in
 * class index order: HsClass, empty when there is none. */
GArray *hs_query_classes_named (HsHeap *heap, const char *name);
/* One byte per object (n_objects + 1 entries): 1 for the instances of the
 * given classes. *count (optional) gets how many there are. g_free it. */
guint8 *hs_query_instance_mask (HsHeap *heap, const HsClass *classes, guint n_classes, guint64 *count);
/* The instances (HsObj) of the given classes, sorted as above (retained
 * sizes count as 0 when the dominators were not computed). */
GArray *hs_query_instances (HsAnalysis *analysis, const HsClass *classes, guint n_classes);
GArray *hs_query_instances_of_class (HsAnalysis *analysis, HsClass c);
/* The same in two steps, for a front end that shows the first rows of a
 * long list before the rest is sorted (hs_query_instances is the one then
 * the other): the instances in index order (one scan of the class column,
 * on both cores), then sorted in place into the order above (both cores). */
GArray *hs_query_instances_unsorted (HsAnalysis *analysis, const HsClass *classes, guint n_classes);
void hs_query_sort_instances (HsAnalysis *analysis, HsObj *objs, guint64 n);
/* The first at most limit of objs[0..n) in that order (a new array; objs
 * is not changed): what hs_query_sort_instances would put first, found in
 * one read of each object's sizes. */
GArray *hs_query_instances_first (HsAnalysis *analysis, const HsObj *objs, guint64 n, guint limit);

/* The biggest reachable objects by retained size, at most limit, largest
 * first (HsObj; empty without dominators). */
GArray *hs_query_top_objects (HsAnalysis *analysis, guint limit);
/* The same among the objects no other object retains (the children of the
 * dominator tree's virtual root): the biggest separate holders of memory,
 * not ten nested objects of one chain. One linear pass, no sort of the
 * (possibly huge) top level. */
GArray *hs_query_top_level_objects (HsAnalysis *analysis, guint limit);

/* A shortest path from a GC root to obj over references (breadth first
 * over the referrers, at most max_visits objects visited): HsObj, the root
 * first and obj last (obj alone when it is a root itself). NULL when no
 * root was found within max_visits or obj is out of range. */
GArray *hs_query_root_path (HsHeap *heap, HsObj obj, guint max_visits);

/* An object id as every front end shows and takes it: "0x1a2b", "1a2b"
 * or "1A2B". FALSE when text is not all hex. */
gboolean hs_query_parse_id (const char *text, guint64 *id);

G_END_DECLS
