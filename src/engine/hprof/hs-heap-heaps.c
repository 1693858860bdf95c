/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-heaps.c: Android's heaps. A HEAP_DUMP_INFO (0xFE) sub-record
 * names the heap of the objects after it (app, image, zygote, ...); the
 * objects before any, and every object of a HotSpot dump, are in
 * "default". The sub-record pass notes where the heap changes between two
 * objects (a run: the file offset of its first object and its heap); after
 * the objects are sorted, each one's heap is found from its offset, one
 * byte per object, and none at all when the dump has a single heap. Heaps
 * are numbered in the order their first object appears, counting only
 * heaps that hold objects. At most HS_HEAP_MAX_HEAPS names are told apart;
 * the names after that share one heap, "(other heaps)". */
#include "config.h"

#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-mem.h"
#include "hs-strhash.h"

#define OTHER_HEAPS "(other heaps)"
/* Longest heap name kept, in bytes (longer ones are cut). */
#define MAX_NAME_BYTES 120

void
_hs_heap_heaps_init (HsParse *ps)
{
  HsHeap *heap = ps->heap;
  ps->heap_run_offs = g_array_new (FALSE, FALSE, sizeof (guint64));
  ps->heap_run_heaps = g_array_new (FALSE, FALSE, sizeof (guint8));
  ps->heap_by_name = g_hash_table_new (hs_str_hash, g_str_equal);
  heap->heap_names = g_new0 (const char *, HS_HEAP_MAX_HEAPS);
  heap->heap_names[0] = _hs_heap_intern (heap, "default");
  heap->n_heaps = 1;
  g_hash_table_insert (ps->heap_by_name, (gpointer)heap->heap_names[0], GUINT_TO_POINTER (1));
}

static const char *
name_from_heap_id (guint32 heap_id, char *buf, gsize len)
{
  switch (heap_id)
    {
      case 0: return "default";
      case 'A': return "app";
      case 'I': return "image";
      case 'Z': return "zygote";
      case 'J': return "jit";
      default: g_snprintf (buf, len, "heap %u", heap_id); return buf;
    }
}

guint
_hs_heap_heap_for_info (HsParse *ps, guint32 heap_id, guint64 name_id)
{
  HsHeap *heap = ps->heap;
  gsize len = 0;
  const char *s = name_id ? _hs_parse_string (ps, name_id, &len) : NULL;
  g_autofree char *name = NULL;
  char buf[32];
  if (s && len > 0)
    name = g_utf8_make_valid (s, MIN (len, (gsize)MAX_NAME_BYTES));
  else
    /* A name id that names no string (or an empty one): the heap id's. */
    name = g_strdup (name_from_heap_id (heap_id, buf, sizeof buf));
  gpointer v = g_hash_table_lookup (ps->heap_by_name, name);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  if (heap->n_heaps == HS_HEAP_MAX_HEAPS)
    return HS_HEAP_MAX_HEAPS - 1; /* "(other heaps)" */
  guint h = heap->n_heaps++;
  heap->heap_names[h] = _hs_heap_intern (heap, h == HS_HEAP_MAX_HEAPS - 1 ? OTHER_HEAPS : name);
  if (h < HS_HEAP_MAX_HEAPS - 1)
    g_hash_table_insert (ps->heap_by_name, (gpointer)heap->heap_names[h], GUINT_TO_POINTER (h + 1));
  return h;
}

void
_hs_heap_heaps_clear (HsParse *ps)
{
  g_clear_pointer (&ps->heap_run_offs, g_array_unref);
  g_clear_pointer (&ps->heap_run_heaps, g_array_unref);
  g_clear_pointer (&ps->heap_by_name, g_hash_table_unref);
}

/* The run holding offset off: the last run starting at or before it. */
static guint
run_of (const guint64 *offs, guint n_runs, guint64 off)
{
  guint lo = 0, hi = n_runs;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      if (offs[mid] <= off)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

gboolean
_hs_heap_assign_heaps (HsHeap *heap, HsParse *ps, GCancellable *cancellable, GError **error)
{
  guint n_runs = ps->heap_run_offs ? ps->heap_run_offs->len : 0;
  const guint64 *offs = n_runs ? (const guint64 *)ps->heap_run_offs->data : NULL;
  const guint8 *run_heap = n_runs ? (const guint8 *)ps->heap_run_heaps->data : NULL;
  /* Heaps that hold objects, renumbered in the order they first appear. */
  guint8 remap[HS_HEAP_MAX_HEAPS];
  gboolean used[HS_HEAP_MAX_HEAPS] = { FALSE };
  const char *names[HS_HEAP_MAX_HEAPS];
  guint n_used = 0;
  for (guint r = 0; r < n_runs; r++)
    if (!used[run_heap[r]])
      {
        used[run_heap[r]] = TRUE;
        remap[run_heap[r]] = n_used;
        names[n_used++] = heap->heap_names[run_heap[r]];
      }
  if (n_used == 0)
    names[n_used++] = "default";
  for (guint h = 0; h < n_used; h++)
    heap->heap_names[h] = _hs_heap_intern (heap, names[h]);
  heap->n_heaps = n_used;
  heap->heap_totals = g_new0 (HsHeapTotals, n_used);
  if (n_used == 1)
    return TRUE; /* no column: every object is in heap 0 */

  heap->heap_of = hs_mem_new (guint8, MAX (heap->n, (guint64)1));
  guint last = 0;
  for (guint64 o = 0; o < heap->n; o++)
    {
      guint64 off = hs_heap_off (heap, o);
      /* Objects sorted by id are mostly in file order: try the last run. */
      if (!(offs[last] <= off && (last + 1 == n_runs || off < offs[last + 1])))
        last = run_of (offs, n_runs, off);
      heap->heap_of[o] = remap[run_heap[last]];
      if ((o & 0xfffff) == 0xfffff && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  return TRUE;
}

guint
hs_heap_n_heaps (HsHeap *heap)
{
  return MAX (heap->n_heaps, 1u);
}

const char *
hs_heap_heap_name (HsHeap *heap, guint h)
{
  g_return_val_if_fail (h < hs_heap_n_heaps (heap), NULL);
  return heap->heap_names ? heap->heap_names[h] : "default";
}

int
hs_heap_find_heap (HsHeap *heap, const char *name)
{
  for (guint h = 0; h < hs_heap_n_heaps (heap); h++)
    if (g_strcmp0 (hs_heap_heap_name (heap, h), name) == 0)
      return (int)h;
  return -1;
}

guint
hs_heap_object_heap (HsHeap *heap, HsObj o)
{
  return heap->heap_of ? heap->heap_of[o] : 0;
}

const HsHeapTotals *
hs_heap_heap_totals (HsHeap *heap, guint h)
{
  static const HsHeapTotals zero;
  g_return_val_if_fail (h < hs_heap_n_heaps (heap), &zero);
  return heap->heap_totals ? &heap->heap_totals[h] : &zero;
}

int
hs_heap_app_heap (HsHeap *heap)
{
  if (!heap->android || hs_heap_n_heaps (heap) < 2)
    return -1;
  return hs_heap_find_heap (heap, "app");
}

void
_hs_heap_heaps_add_totals (HsHeap *heap)
{
  if (!heap->heap_totals)
    return;
  for (guint64 i = 0; i < heap->n; i++)
    {
      HsHeapTotals *t = &heap->heap_totals[heap->heap_of ? heap->heap_of[i] : 0];
      guint64 sz = hs_heap_object_shallow (heap, (HsObj)i);
      t->objects++;
      t->shallow += sz;
      if (heap->flags[i] & HS_FLAG_REACHABLE)
        {
          t->reachable++;
          t->reachable_shallow += sz;
        }
    }
}

/* ---- depth: references from the nearest GC root ------------------------- */

gboolean
hs_heap_compute_depths (HsHeap *heap, GCancellable *cancellable, GError **error)
{
  g_mutex_lock (&heap->depth_lock);
  if (heap->depth)
    {
      g_mutex_unlock (&heap->depth_lock);
      return TRUE;
    }
  guint64 n = heap->n;
  guint32 *depth = hs_mem_new (guint32, MAX (n, (guint64)1));
  HsObj *queue = hs_mem_new (HsObj, MAX (n, (guint64)1));
  guint64 head = 0, tail = 0;
  memset (depth, 0xff, n * sizeof (guint32));
  for (guint64 o = 0; o < n; o++)
    if (heap->flags[o] & HS_FLAG_ROOT)
      {
        depth[o] = 0;
        queue[tail++] = (HsObj)o;
      }
  gboolean ok = TRUE;
  while (head < tail)
    {
      HsObj o = queue[head++], t;
      guint32 d = depth[o] + 1;
      for (HsGraphEdges it = hs_graph_edges (&heap->graph, o); hs_graph_next (&heap->graph, &it, &t);)
        if (depth[t] == G_MAXUINT32)
          {
            depth[t] = d;
            queue[tail++] = t;
          }
      if ((head & 0xfffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
    }
  hs_mem_free (queue);
  if (ok)
    g_atomic_pointer_set (&heap->depth, depth);
  else
    hs_mem_free (depth);
  g_mutex_unlock (&heap->depth_lock);
  return ok;
}

guint32
hs_heap_object_depth (HsHeap *heap, HsObj o)
{
  g_return_val_if_fail (o < heap->n, G_MAXUINT32);
  if (!g_atomic_pointer_get (&heap->depth) && !hs_heap_compute_depths (heap, NULL, NULL))
    return G_MAXUINT32;
  return heap->depth[o];
}

gboolean
hs_heap_depths_known (HsHeap *heap)
{
  return g_atomic_pointer_get (&heap->depth) != NULL;
}

void
_hs_heap_heaps_free (HsHeap *heap)
{
  g_free (heap->heap_names);
  g_free (heap->heap_totals);
  _hs_heap_free_array (heap, heap->heap_of, hs_mem_free);
  _hs_heap_free_array (heap, heap->depth, hs_mem_free);
  g_mutex_clear (&heap->depth_lock);
}
