/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs.h: one object's references a page at a time, as Eclipse MAT's
 * "List objects with outgoing / incoming references" shows them. Engine
 * layer.
 *
 * The references are the edges of the reference graph (docs/semantics.md,
 * References): a Reference's referent only with follow_weak, so an edge
 * from a to b is among a's outgoing references exactly when a is among
 * b's incoming ones.
 * - Outgoing: in the order the object holds them (hs_heap_foreach_ref):
 *   an instance's fields (its own class's first, then its superclasses')
 *   and its class; an array's elements by index and its class; a class
 *   object's static fields, its superclass and its class loader.
 * - Incoming: the referrers index (hs_heap_referrers, built on first use),
 *   in ascending object order; a referrer that holds the object twice is
 *   listed twice, once per field or element.
 * Counting is O(1) (the graph's and the index's offsets). An incoming page
 * costs the page's referrers read once each (the field or index that
 * points back is found by reading the referrer; an array's elements are
 * compared by id, 4.5 ms of CPU for a page at the end of an Object[] that
 * holds the object a million times); an outgoing page reads the object up
 * to the page's end (20 ms for the last page of a million elements).
 * Neither walks anything else. */
#pragma once

#include "hs-analysis.h"
#include "hs-csv.h"
#include "hs-heap.h"

G_BEGIN_DECLS

typedef enum
{
  HS_REFS_OUTGOING,
  HS_REFS_INCOMING,
} HsRefsDirection;

/* One reference: obj is the other end (the target of an outgoing
 * reference, the referrer of an incoming one). */
typedef struct
{
  HsObj obj;
  HsRefKind kind;
  const char *name; /* a field's name (the heap's), else NULL */
  guint32 index;    /* HS_REF_ELEMENT: the array index */
} HsRef;

/* How many references o has in that direction. The first incoming count
 * builds the referrers index (a walk of every edge: call it on a worker). */
guint64 hs_refs_count (HsHeap *heap, HsObj o, HsRefsDirection dir);
/* References offset .. offset + limit - 1 of o in that direction (fewer at
 * the end): a GArray of HsRef, empty past the end or for an object out of
 * range. */
GArray *hs_refs_page (HsHeap *heap, HsObj o, HsRefsDirection dir, guint64 offset, guint limit);
/* The reference's name as MAT writes it: the field ("next", a static's
 * "INSTANCE"), "[i]" for an element, "<class>", "<super>",
 * "<classLoader>"; "?" when it could not be named. Caller frees. */
char *hs_ref_name (const HsRef *ref);
/* "field", "static", "element", "class", "super" or "loader" (JSON). */
const char *hs_ref_kind_name (HsRefKind kind);

/* A reference tree as CSV, one row per node, the root first (what
 * `heapscope-cli refs --csv` writes and the References view's Export):
 * depth (the root 0), reference (hs_ref_name), kind (hs_ref_kind_name),
 * index (an element's, else empty), id, class, shallow, retained (0 when
 * unreachable), cycle ("true" when the object is already on the row's
 * path). The header row: */
void hs_refs_csv_header (HsCsv *csv);
/* One node: ref is how it is reached (NULL for the root: no reference,
 * kind nor index), name its name as shown (NULL: hs_ref_name (ref)), obj
 * the object at its end. An incoming tree's GC root that holds its parent
 * (a JNI global, a sticky class...) is a node without an object: obj
 * HS_OBJ_NONE, name the root's text, kind "root", the rest empty. */
void hs_refs_csv_row (HsCsv *csv, HsAnalysis *analysis, guint depth, const HsRef *ref, const char *name,
                      HsObj obj, gboolean cycle);

G_END_DECLS
