/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-index.c: the lookups everything else stands on. Objects sorted by
 * id (hs-heap-sort.c; so HsObj order is id order), the bucketed id -> HsObj lookup
 * (hs_heap_find), the class-id table (hs_heap_class_by_id) and classes by
 * name (hs_heap_find_class). Of the heap's units it calls only the load's
 * helpers (hs-heap-load.c): every other unit stands on it, none under it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-mem.h"
#include "hs-parallel.h"
#include "hs-heap-sort-private.h"

typedef struct
{
  HsHeap *heap;
  guint64 b0, b1; /* buckets [b0, b1) */
} LookupJob;

static gpointer
lookup_job (gpointer data)
{
  LookupJob *job = data;
  HsHeap *heap = job->heap;
  const guint64 *ids = heap->ids, n = heap->n, min_id = heap->min_id;
  const guint shift = heap->shift;
  /* The first object with bucket >= b0. */
  guint64 lo = 0, hi = n;
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;
      if (((ids[mid] - min_id) >> shift) < job->b0)
        lo = mid + 1;
      else
        hi = mid;
    }
  guint64 i = lo;
  for (guint64 b = job->b0; b < job->b1; b++)
    {
      while (i < n && ((ids[i] - min_id) >> shift) < b)
        i++;
      heap->buckets[b] = (guint32)i;
    }
  return NULL;
}

void
_hs_heap_build_lookup (HsHeap *heap)
{
  guint64 n = heap->n;
  if (n == 0)
    {
      heap->n_buckets = 1;
      heap->buckets = g_new0 (guint32, 2);
      return;
    }
  heap->min_id = heap->ids[0];
  guint64 range = heap->ids[n - 1] - heap->min_id;
  guint64 want = MAX ((guint64)1, n / 8);
  guint shift = 0;
  while ((range >> shift) >= want)
    shift++;
  heap->shift = shift;
  heap->n_buckets = (range >> shift) + 1;
  heap->buckets = hs_mem_new (guint32, heap->n_buckets + 1);
  /* buckets[b] = the first object whose id is in bucket b or later; two
   * threads, each a half of the buckets (from a binary search for its
   * first object). */
  guint nthreads = (heap->n_buckets > 65536 && g_get_num_processors () > 1) ? 2 : 1;
  LookupJob jobs[2];
  for (guint t = 0; t < nthreads; t++)
    jobs[t] = (LookupJob){ heap, (heap->n_buckets + 1) * t / nthreads,
                           (heap->n_buckets + 1) * (t + 1) / nthreads };
  hs_run_pair ("hs-lookup", lookup_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  /* The bucket holds an id's high bits: keep only its low `shift` bits,
   * 32 of 64, in place (front to back, each write below what is still to
   * be read). Ids too sparse for that (shift > 32) stay 64-bit. */
  if (shift <= 32)
    {
      guint64 *ids = g_steal_pointer (&heap->ids);
      guint32 *lo = (guint32 *)ids;
      guint64 mask = shift == 64 ? G_MAXUINT64 : ((guint64)1 << shift) - 1;
      for (guint64 i = 0; i < n; i++)
        lo[i] = (guint32)((ids[i] - heap->min_id) & mask);
      heap->ids_lo = hs_mem_realloc (lo, n * sizeof (guint32));
    }
}

/* Sorts objects by id and drops duplicate ids (keeps the last written). */
gboolean
_hs_heap_sort_objects (HsHeap *heap, GCancellable *cancellable)
{
  guint64 duplicates = 0;

  /* (A 64-bit heap->offsets from elsewhere is packed first.) */
  if (heap->offsets)
    _hs_heap_pack_offsets (heap);
  guint ow = heap->off_width;
  guint64 mask = heap->off_mask;
  guint nthreads = g_get_num_processors () > 1 ? 2 : 1;
  if (!_hs_heap_sort_pairs (&heap->ids, &heap->offs, heap->n, ow, mask, nthreads, cancellable))
    return FALSE;
  _hs_heap_debug_time ("sort");
  /* The sort is stable, so among equal ids the last one written comes
   * last: it wins (a later dump of the same object is the newer state). */
  guint64 w = MIN (heap->n, (guint64)1); /* up to the first duplicate, nothing moves */
  while (w < heap->n && heap->ids[w] != heap->ids[w - 1])
    w++;
  guint64 n0 = heap->n;
  for (guint64 i = w; i < heap->n; i++)
    {
      if (w > 0 && heap->ids[i] == heap->ids[w - 1])
        {
          duplicates++;
          hs_offs_put (heap->offs, w - 1, ow, hs_offs_get (heap->offs, i, ow, mask));
          continue;
        }
      heap->ids[w] = heap->ids[i];
      hs_offs_put (heap->offs, w, ow, hs_offs_get (heap->offs, i, ow, mask));
      w++;
    }
  heap->n = w;
  if (w < n0)
    {
      memset (heap->offs + (gsize)w * ow, 0, 8);
      heap->offs = hs_mem_realloc (heap->offs, (gsize)w * ow + 8);
    }
  heap->n_duplicates = duplicates;
  if (duplicates)
    _hs_heap_add_warning (
        heap, "%s: %" G_GUINT64_FORMAT " objects were written more than once; the last copy of each was kept",
        heap->name, duplicates);
  return TRUE;
}

void
_hs_heap_pack_offsets (HsHeap *heap)
{
  guint64 n = heap->n;
  guint w = 4;
  while (w < 8 && ((guint64)heap->len >> (8 * w)) != 0)
    w++;
  heap->off_width = w;
  heap->off_mask = w == 8 ? G_MAXUINT64 : ((guint64)1 << (8 * w)) - 1;
  /* In place, front to back: object i's w bytes land at i * w <= i * 8,
   * below what is still to be read (no second array). */
  gsize need = (gsize)n * w + 8;
  guint8 *buf = hs_mem_realloc (g_steal_pointer (&heap->offsets), MAX ((gsize)n * 8, need));
  const guint64 *src = (const guint64 *)buf;
  for (guint64 i = 0; i < n; i++)
    {
      guint64 v = GUINT64_TO_LE (src[i]);
      memcpy (buf + i * w, &v, w);
    }
  memset (buf + (gsize)n * w, 0, 8);
  heap->offs = hs_mem_realloc (buf, need);
}

void
_hs_heap_drop_ids (HsHeap *heap)
{
  g_clear_pointer (&heap->ids, hs_mem_free);
  g_clear_pointer (&heap->ids_lo, hs_mem_free);
}

/* Hot: called for every reference of every object while the graph is
 * built, so it checks nothing it need not (heap is trusted). */
HsObj
hs_heap_find (HsHeap *heap, guint64 id)
{
  if (heap->n == 0 || id < heap->min_id)
    return HS_OBJ_NONE;
  guint64 b = (id - heap->min_id) >> heap->shift;
  if (b >= heap->n_buckets)
    return HS_OBJ_NONE;
  guint64 lo = heap->buckets[b], hi = heap->buckets[b + 1];
  const guint64 *ids = heap->ids;
  if (heap->ids_lo)
    {
      /* A bucket holds about 8 ids: a search without branches (the last
       * id <= want), as a branchy one mispredicts at every step. */
      const guint32 *idl = heap->ids_lo;
      guint32 want = (guint32)((id - heap->min_id) & (((guint64)1 << heap->shift) - 1));
      if (lo == hi)
        return HS_OBJ_NONE;
      const guint32 *base = idl + lo;
      guint64 len = hi - lo;
      /* Both cache lines the bucket may span, fetched at once. */
      __builtin_prefetch (base + len - 1);
      while (len > 1)
        {
          guint64 half = len / 2;
          base += (base[half] <= want) ? half : 0;
          len -= half;
        }
      return *base == want ? (HsObj)(base - idl) : HS_OBJ_NONE;
    }
  if (ids)
    {
      while (lo < hi)
        {
          guint64 mid = lo + (hi - lo) / 2;
          if (ids[mid] < id)
            lo = mid + 1;
          else if (ids[mid] > id)
            hi = mid;
          else
            return (HsObj)mid;
        }
      return HS_OBJ_NONE;
    }
  /* After the load: the ids are read from the sub-records (about one
   * object per bucket, so one or two reads). */
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;
      guint64 v = hs_heap_id_at (heap, mid);
      if (v < id)
        lo = mid + 1;
      else if (v > id)
        hi = mid;
      else
        return (HsObj)mid;
    }
  return HS_OBJ_NONE;
}

void
_hs_heap_index_class_ids (HsHeap *heap)
{
  heap->n_class_ids = heap->classes->len;
  heap->class_ids_sorted = g_new (guint64, heap->n_class_ids + 1);
  heap->class_ids_index = g_new (HsClass, heap->n_class_ids + 1);
  {
    guint64 *pairs = g_new (guint64, 2 * (gsize)heap->n_class_ids + 2);
    for (guint i = 0; i < heap->n_class_ids; i++)
      {
        pairs[2 * i] = hs_class_info (heap, i)->id;
        pairs[2 * i + 1] = i;
      }
    qsort (pairs, heap->n_class_ids, 2 * sizeof (guint64), hs_cmp_u64);
    for (guint i = 0; i < heap->n_class_ids; i++)
      {
        heap->class_ids_sorted[i] = pairs[2 * i];
        heap->class_ids_index[i] = (HsClass)pairs[2 * i + 1];
      }
    g_free (pairs);
  }
}

HsClass
hs_heap_class_by_id (HsHeap *heap, guint64 id)
{
  guint lo = 0, hi = heap->n_class_ids;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (heap->class_ids_sorted[mid] < id)
        lo = mid + 1;
      else if (heap->class_ids_sorted[mid] > id)
        hi = mid;
      else
        return heap->class_ids_index[mid];
    }
  return HS_CLASS_NONE;
}

HsClass
hs_heap_find_class (HsHeap *heap, const char *name)
{
  g_return_val_if_fail (heap != NULL, HS_CLASS_NONE);
  g_return_val_if_fail (name != NULL, HS_CLASS_NONE);
  gpointer v = g_hash_table_lookup (heap->class_by_name, name);
  return v ? GPOINTER_TO_UINT (v) - 1 : HS_CLASS_NONE;
}
