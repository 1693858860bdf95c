/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-load-private.h: what the passes of hs_heap_open share.
 *
 * hs-heap.c runs the passes in order; each lives in its own unit and calls
 * only the units listed before it here (no cycle):
 *   hs-heap-load.c        progress, format errors, warnings, memory check
 *   hs-heap-records.c     pass 1: top-level records (strings, LOAD_CLASS,
 *                         the chosen dump's bodies)
 *   hs-heap-heaps.c       Android's heaps (0xFE): names, runs, the
 *                         per-object column, per-heap totals, depths
 *   hs-heap-subrecords.c  pass 2: every sub-record (objects, roots, class
 *                         dumps), in two threads
 *   hs-heap-index.c       pass 3a: objects sorted by id, the id lookup, the
 *                         class-id table (also the lookups readers use)
 *   hs-heap-classes.c     pass 3b: the class table, sizes and layouts
 *   hs-heap-graph.c       pass 4: class, size and references per object
 *                         (CSR, two threads); pass 5: reachability, totals
 * The readers of a loaded heap, hs-heap-read.c (accessors, fields, named
 * references, statics) and hs-heap-text.c (strings, labels), call only
 * hs-heap-index.c and each other in that order, never the passes.
 */
#pragma once

#include "hs-heap-private.h"

G_BEGIN_DECLS

/* ---- hs-heap-load.c ---------------------------------------------------- */

typedef struct
{
  HsProgressFunc func;
  gpointer data;
  GCancellable *cancellable;
} HsLoadProgress;

void _hs_progress_report (HsLoadProgress *p, const char *phase, double fraction);
/* FALSE with error set when the load was cancelled. */
gboolean _hs_check_cancel (HsLoadProgress *p, GError **error);
/* HS_ERROR_FORMAT: "NAME: at byte offset N: message". */
void _hs_set_format_error (GError **error, const char *name, guint64 offset, const char *fmt, ...)
    G_GNUC_PRINTF (4, 5);
/* Warnings add up in heap->warning, one line each. */
void _hs_heap_add_warning (HsHeap *heap, const char *fmt, ...) G_GNUC_PRINTF (2, 3);
/* FALSE (HS_ERROR_NO_MEMORY) when n_objects clearly cannot fit in memory. */
gboolean _hs_heap_check_memory (HsHeap *heap, guint64 n_objects, GError **error);
/* The same from the file's size alone, before the sub-record pass. */
gboolean _hs_heap_check_memory_early (HsHeap *heap, HsLoadProgress *prog, GError **error);
/* HEAPSCOPE_DEBUG_TIMES=1: ends the step `what` of the load (NULL: starts). */
void _hs_heap_debug_time (const char *what);

static inline guint64
hs_align_up (guint64 v, guint64 a)
{
  return (v + a - 1) / a * a;
}

/* qsort comparator of guint64 (the first of a pair, if pairs). */
static inline int
hs_cmp_u64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
  return x < y ? -1 : x > y;
}

/* ---- hs-heap-records.c --------------------------------------------------- */

typedef struct
{
  guint64 off, len;
} HsByteRange;

/* What passes 1 and 2 find, for the passes after them. */
typedef struct
{
  HsHeap *heap;
  GArray *strings;      /* string records, sorted after pass 1 */
  GArray *load_classes; /* LOAD_CLASS records, sorted */
  GArray *bodies;       /* HsByteRange of the chosen dump's heap-dump records */
  /* pass 2 output */
  guint64 *obj_ids;
  guint64 *obj_offs; /* NULL: pass 2 writes the packed heap->offs itself */
  guint64 n_objects;
  GCancellable *cancellable;
  GArray *class_dumps; /* guint64 offsets of CLASS_DUMP sub-records */
  gboolean truncated;
  guint64 truncated_at;
  guint prim_types_seen; /* bit per HsType */
  /* Runs of objects of one heap (hs-heap-heaps.c): the offset of each
   * run's first object and its heap, in file order. */
  GArray *heap_run_offs;    /* guint64 */
  GArray *heap_run_heaps;   /* guint8 */
  GHashTable *heap_by_name; /* name -> heap + 1 */
} HsParse;

void _hs_parse_init (HsParse *ps, HsHeap *heap, GCancellable *cancellable);
void _hs_parse_clear (HsParse *ps);
gboolean _hs_heap_pass_records (HsParse *ps, HsLoadProgress *prog, GError **error);
/* The bytes of STRING record id (not NUL-terminated), NULL if none. */
const char *_hs_parse_string (HsParse *ps, guint64 id, gsize *len);
/* The raw name (as the file spells it) LOAD_CLASS gives class_id, or NULL. */
const char *_hs_parse_class_name (HsParse *ps, guint64 class_id, gsize *len);

/* ---- hs-heap-heaps.c ---------------------------------------------------- */

void _hs_heap_heaps_init (HsParse *ps);
void _hs_heap_heaps_clear (HsParse *ps);
/* The heap a HEAP_DUMP_INFO names (by its name string, else its heap id). */
guint _hs_heap_heap_for_info (HsParse *ps, guint32 heap_id, guint64 name_id);
/* After the sort: each object's heap from its offset; the heaps that hold
 * objects, renumbered. */
gboolean _hs_heap_assign_heaps (HsHeap *heap, HsParse *ps, GCancellable *cancellable, GError **error);
/* Pass 5's per-heap totals (after reachability). */
void _hs_heap_heaps_add_totals (HsHeap *heap);
void _hs_heap_heaps_free (HsHeap *heap);

/* ---- hs-heap-subrecords.c ----------------------------------------------- */

gboolean _hs_heap_pass_subrecords (HsParse *ps, HsLoadProgress *prog, GError **error);

/* ---- hs-heap-index.c ------------------------------------------------------ */

/* Sorts heap->ids / heap->offs (packed) by id; of equal ids the last
 * written is kept (with a warning). FALSE when cancelled. */
gboolean _hs_heap_sort_objects (HsHeap *heap, GCancellable *cancellable);
/* The id -> HsObj buckets behind hs_heap_find. */
void _hs_heap_build_lookup (HsHeap *heap);
/* The sorted class-id table behind hs_heap_class_by_id. */
void _hs_heap_index_class_ids (HsHeap *heap);

/* ---- hs-heap-classes.c ---------------------------------------------------- */

/* The class table from the CLASS_DUMP records (names, fields, statics,
 * superclasses made loop-free); Android detection by Object's fields. */
gboolean _hs_heap_load_classes (HsParse *ps, GError **error);
/* Reference size and object alignment (docs/semantics.md). */
void _hs_heap_set_ref_size_and_align (HsHeap *heap);
/* ---- hs-heap-object-layout.c ---------------------------------------------- */

/* The object layout: guessed from the above, then read from the statics
 * the dump records it in (docs/semantics.md). */
void _hs_heap_read_object_layout (HsHeap *heap);
/* Class objects found by id, and the classes objects need that the dump
 * lacks (primitive arrays of the types seen, java.lang.Class). */
void _hs_heap_resolve_classes (HsHeap *heap, guint prim_types_seen);
/* Instance sizes and the reference-field offsets of each class. */
void _hs_heap_layout_classes (HsHeap *heap);

/* ---- hs-heap-graph.c -------------------------------------------------------- */

/* Pass 4: heap->klass, shallow, flags and the references (CSR). */
gboolean _hs_heap_build_graph (HsHeap *heap, HsLoadProgress *prog, GError **error);
/* Degrees (n entries, n + 1 allocated, hs_mem) into HsGraph's edge offsets:
 * *delta in deg's block (shrunk), *base and *esc (NULL: no block escaped,
 * *n_esc of them) new, all g_free-able; returns the number of edges. */
guint64 _hs_heap_offsets_from_degrees (guint32 *deg, guint64 n, guint16 **delta, guint64 **base,
                                       guint64 **esc, guint64 *n_esc);
/* Pass 5: roots resolved; unless defer, reachability and the totals. */
void _hs_heap_compute_reachability (HsHeap *heap, gboolean defer);

G_END_DECLS
