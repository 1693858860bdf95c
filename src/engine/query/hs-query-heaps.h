/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-heaps.h: the questions asked per heap (Android's app, image and
 * zygote heaps, hs-heap.h): each heap's totals and "bytes retained by
 * heap", and the class table over one heap's objects. Engine layer. */
#pragma once

#include "hs-query.h"

G_BEGIN_DECLS

typedef struct
{
  const char *name; /* owned by the heap */
  guint64 objects, shallow, reachable, reachable_shallow;
  /* Bytes retained by the heap (SEMANTICS.md): the retained sizes of its
   * objects whose immediate dominator is the virtual root or an object of
   * another heap. */
  guint64 retained;
} HsHeapRow;

/* One row per heap (hs_heap_n_heaps), in heap order. dom may be NULL: with
 * several heaps the dominator tree is then computed here (cancellable);
 * a single heap retains every reachable byte. NULL on error. g_free it. */
HsHeapRow *hs_query_heaps (HsHeap *heap, const HsDomTree *dom, guint *n_rows, GCancellable *cancellable,
                           GError **error);

/* The class table over the objects of one heap: per class the count,
 * reachable count and shallow bytes of its instances in that heap, and
 * their class retained size (SEMANTICS.md's, counting only instances of
 * the heap: an instance counts when no instance of its class in the heap
 * is among its dominators; each one's retained size whole). */
typedef struct
{
  guint heap;
  guint n_classes;
  guint64 *count, *reachable, *shallow, *retained; /* retained: NULL without dominators */
} HsHeapClasses;

HsHeapClasses *hs_query_heap_classes (HsAnalysis *analysis, guint heap, GCancellable *cancellable,
                                      GError **error);
void hs_heap_classes_free (HsHeapClasses *hc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsHeapClasses, hs_heap_classes_free)
guint64 hs_heap_classes_value (const HsHeapClasses *hc, HsClass c, HsClassSort sort);
/* The classes with instances in the heap, in hs-query.h's class order. */
GArray *hs_query_sorted_heap_classes (HsAnalysis *analysis, const HsHeapClasses *hc, HsClassSort sort);

/* Keeps the objects (HsObj) of objs that are in heap h, in their order. */
void hs_query_keep_heap (HsHeap *heap, GArray *objs, guint h);
/* The biggest reachable objects of heap h by retained size (as
 * hs_query_top_objects; h < 0: every heap). */
GArray *hs_query_top_objects_in_heap (HsAnalysis *analysis, guint limit, int h);
/* The same among heap h's objects that no object of h retains (their
 * immediate dominator is the root or in another heap); h < 0: as
 * hs_query_top_level_objects. */
GArray *hs_query_top_level_objects_in_heap (HsAnalysis *analysis, guint limit, int h);

G_END_DECLS
