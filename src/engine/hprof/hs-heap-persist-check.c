/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-persist-check.c: every array a persistent index hands to a heap
 * checked before it is used (docs/index.md, "What a hostile index can
 * do"). Checksums prove only that an index was not damaged by accident:
 * whoever writes one redoes them. So each array's every entry is checked
 * against what the heap's scalars allow, in one pass each (linear in the
 * objects and references, no allocation): a class index below the class
 * count, an object offset inside the dump at an object's sub-record tag
 * of the kind its flags say,
 * CSR offsets from 0, never decreasing, to the number of entries, every
 * reference and implicit edge an object. And the objects are
 * bound to the dump's bytes: at 4096 objects spread evenly, the sub-record
 * holds an object and the ids increase, as the sort by id made them.
 * The totals the record holds (the summary's counts and bytes, each
 * class's) are computed again from the objects' kinds, reachability and
 * sizes and must be the same (one array of three counts per class). */
#include "config.h"

#include "hs-heap-persist.h"
#include "hs-heap-private.h"

#define SAMPLES 4096
/* Cancel is looked at every this many objects. */
#define CHECK_EVERY ((guint64)1 << 20)

/* The kind of object a sub-record tag holds, or -1 for a tag that holds
 * none. */
static int
tag_kind (guint8 tag)
{
  switch (tag)
    {
      case 0x20: return HS_KIND_CLASS;      /* CLASS_DUMP */
      case 0x21: return HS_KIND_INSTANCE;   /* INSTANCE_DUMP */
      case 0x22: return HS_KIND_OBJ_ARRAY;  /* OBJECT_ARRAY_DUMP */
      case 0x23:                            /* PRIMITIVE_ARRAY_DUMP */
      case 0xc3: return HS_KIND_PRIM_ARRAY; /* Android's PRIMITIVE_ARRAY_NODATA */
      default: return -1;
    }
}

/* The offsets' compact form: every escape inside its block's. */
static gboolean
offsets_whole (const HsHeap *heap)
{
  if (heap->off_delta == NULL)
    return TRUE;
  guint64 blocks = (heap->n + HS_OFF_BLOCK - 1) >> HS_OFF_BLOCK_SHIFT;
  guint64 n_esc = MAX (heap->n_off_esc, 1);
  for (guint64 b = 0; b < blocks; b++)
    if (heap->off_esc_first[b] > heap->off_esc_first[b + 1] || heap->off_esc_first[b + 1] > n_esc)
      return FALSE;
  for (guint64 o = 0; o < heap->n; o++)
    {
      guint v = heap->off_delta[o];
      guint64 b = o >> HS_OFF_BLOCK_SHIFT;
      if (v >= HS_OFF_DIRECT
          && heap->off_esc_first[b] + (guint64)(v - HS_OFF_DIRECT) >= heap->off_esc_first[b + 1])
        return FALSE;
    }
  return TRUE;
}

/* The references' CSR: escaped blocks inside ref_esc, offsets from 0 never
 * decreasing. */
static gboolean
references_whole (const HsHeap *heap, guint64 n_esc_blocks)
{
  const HsGraph *g = &heap->graph;
  guint64 blocks = (heap->n >> HS_GRAPH_BLOCK_SHIFT) + 1;
  guint64 prev = 0;

  for (guint64 b = 0; b < blocks; b++)
    if ((heap->ref_base[b] & HS_GRAPH_ESCAPED) && (heap->ref_base[b] & ~HS_GRAPH_ESCAPED) >= n_esc_blocks)
      return FALSE;
  if (hs_graph_offset_ (g, 0) != 0)
    return FALSE;
  for (guint64 v = 1; v <= heap->n; v++)
    {
      guint64 off = hs_graph_offset_ (g, v);
      if (off < prev)
        return FALSE;
      prev = off;
    }
  return TRUE;
}

/* The totals as hs-heap-graph.c's compute_totals makes them, against the
 * record's: FALSE when one differs. */
static gboolean
totals_whole (HsHeap *heap, GCancellable *cancellable)
{
  guint64 n = heap->n, nk = heap->classes->len;
  const HsSummary *s = &heap->summary;
  guint64 kinds[4] = { 0 }, shallow = 0, reachable = 0, reachable_bytes = 0;
  g_autofree guint64 *per_class = g_new0 (guint64, 3 * MAX (nk, (guint64)1));

  if (s->objects != n || s->classes != nk)
    return FALSE;
  for (guint64 o = 0; o < n; o++)
    {
      guint kind = heap->flags[o] & HS_FLAG_KIND_MASK;
      gboolean reach = (heap->flags[o] & HS_FLAG_REACHABLE) != 0;
      guint64 sz = hs_heap_object_shallow (heap, (HsObj)o);
      HsClass c = hs_heap_object_class (heap, (HsObj)o);
      kinds[kind == HS_KIND_INSTANCE || kind == HS_KIND_CLASS || kind == HS_KIND_OBJ_ARRAY ? kind : 3]++;
      shallow += sz;
      reachable += reach;
      reachable_bytes += reach ? sz : 0;
      if (c != HS_CLASS_NONE)
        {
          per_class[3 * c] += 1;
          per_class[3 * c + 1] += sz;
          per_class[3 * c + 2] += reach;
        }
      if ((o & (CHECK_EVERY - 1)) == 0 && g_cancellable_is_cancelled (cancellable))
        return TRUE; /* the caller says cancelled */
    }
  if (s->instances != kinds[HS_KIND_INSTANCE] || s->class_objects != kinds[HS_KIND_CLASS]
      || s->object_arrays != kinds[HS_KIND_OBJ_ARRAY] || s->primitive_arrays != kinds[3]
      || s->shallow_bytes != shallow || s->reachable_objects != reachable
      || s->reachable_bytes != reachable_bytes || s->unreachable_objects != n - reachable
      || s->unreachable_bytes != shallow - reachable_bytes)
    return FALSE;
  for (guint64 c = 0; c < nk; c++)
    {
      HsClassInfo *ci = hs_class_info (heap, (HsClass)c);
      if (ci->count != per_class[3 * c] || ci->shallow != per_class[3 * c + 1]
          || ci->reachable_count != per_class[3 * c + 2])
        return FALSE;
    }
  return TRUE;
}

gboolean
_hs_heap_persist_check (HsHeap *heap, const char *index_path, GCancellable *cancellable, GError **error)
{
  guint64 n = heap->n, nk = heap->classes->len;
  const char *what = NULL;

  /* Classes: below the count, or none. */
  for (guint64 o = 0; o < n && !what; o++)
    {
      HsClass k = hs_class_col_get (&heap->cols.klass, o);
      if (k != HS_CLASS_NONE && k >= nk)
        what = "an object's class is not a class of the heap";
      if ((o & (CHECK_EVERY - 1)) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  /* Offsets: inside the dump, each at an object's tag, its id readable. */
  if (!what && !offsets_whole (heap))
    what = "the objects' offsets are not whole";
  for (guint64 o = 0; o < n && !what; o++)
    {
      guint64 off = hs_heap_off (heap, o);
      if (off >= heap->len || heap->len - off < 1 + (guint64)heap->id_size || tag_kind (heap->data[off]) < 0)
        what = "an object's offset is not an object of the dump";
      /* The kind says how its record is read (an array's length and
       * elements): it must be the record's. */
      else if (tag_kind (heap->data[off]) != (int)(heap->flags[o] & HS_FLAG_KIND_MASK))
        what = "an object's kind is not that of its record in the dump";
    }
  /* Bound to the dump: sampled ids increase, and each is found again. */
  guint64 step = MAX (n / SAMPLES, (guint64)1), prev_id = 0;
  for (guint64 o = 0; o < n && !what; o += step)
    {
      guint64 id = hs_read_id (heap->data + hs_heap_off (heap, o) + 1, heap->id_size);
      if (o > 0 && id <= prev_id)
        what = "the objects are not those of the dump";
      prev_id = id;
    }
  /* The id lookup's buckets: never decreasing, inside the objects. */
  for (guint64 b = 0; b <= heap->n_buckets && heap->buckets && !what; b++)
    if (heap->buckets[b] > n || (b > 0 && heap->buckets[b] < heap->buckets[b - 1]))
      what = "the id lookup is not whole";
  /* References: the CSR, every target an object, every implicit edge. */
  if (!what && n > 0)
    {
      guint64 esc_blocks = 0;
      for (guint64 b = 0, nb = (n >> HS_GRAPH_BLOCK_SHIFT) + 1; b < nb; b++)
        if (heap->ref_base[b] & HS_GRAPH_ESCAPED)
          esc_blocks = MAX (esc_blocks, (heap->ref_base[b] & ~HS_GRAPH_ESCAPED) + 1);
      if (!references_whole (heap, esc_blocks))
        what = "the references are not whole";
    }
  if (!what && n > 0)
    {
      guint64 edges = hs_graph_offset_ (&heap->graph, n);
      for (guint64 e = 0; e < edges && !what; e++)
        if (heap->ref_targets[e] >= n)
          what = "a reference is not to an object";
    }
  for (guint64 c = 0; heap->ref_class_edge && c < nk && !what; c++)
    if (heap->ref_class_edge[c] != HS_OBJ_NONE && heap->ref_class_edge[c] >= n)
      what = "a class's edge is not to an object";
  /* The sizes' overflow table: objects in increasing order (it is
   * searched), each an object. */
  for (guint64 i = 0; i < heap->cols.shallow.n_big && !what; i++)
    if (heap->cols.shallow.big_obj[i] >= n
        || (i > 0 && heap->cols.shallow.big_obj[i] <= heap->cols.shallow.big_obj[i - 1]))
      what = "the objects' sizes are not whole";
  /* The class ids: sorted, each a class. */
  for (guint64 i = 0; i < heap->n_class_ids && !what; i++)
    if ((heap->class_ids_index && heap->class_ids_index[i] >= nk)
        || (i > 0 && heap->class_ids_sorted[i] <= heap->class_ids_sorted[i - 1]))
      what = "the class ids are not whole";
  /* Each object's heap. */
  for (guint64 o = 0; heap->heap_of && o < n && !what; o++)
    if (heap->heap_of[o] >= MAX (heap->n_heaps, 1u))
      what = "an object's heap is not a heap of the dump";
  /* The totals, once every array they are made of is known whole. */
  if (!what && heap->totals_done && !totals_whole (heap, cancellable))
    what = "the totals are not those of the objects";
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (what)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: %s", index_path, what);
      return FALSE;
    }
  return TRUE;
}
