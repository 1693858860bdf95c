/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-collections.c: collections against their capacity, read through
 * their own fields. A layout names the backing arrays and the size field
 * candidates (the first present wins, so JDK versions that name them
 * differently read alike); a class takes the layout of the nearest class
 * of its superclass chain in hs_collection_layouts[], and is reported under its own name.
 *
 * Right-sized (docs/semantics.md "Waste"): a list or deque needs `size`
 * slots, a hash table the smallest power of two whose 3/4 holds `size`
 * (0 slots when empty). wasted = (capacity - ideal) slots times the bytes
 * of one slot over every backing array (ArrayMap: an int and two
 * references). A HashSet is read through its map, which is then not
 * counted again on its own. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"
#include "hs-collection-layouts.h"

typedef struct
{
  gint8 layout; /* index in hs_collection_layouts[], -1: not a collection */
  HsWField arrays[2], sizes[2], counter_cells;
} ClassFields;

typedef struct
{
  guint64 size, capacity, wasted, backing_shallow;
  gboolean ok;
} Reading;

static guint64
elem_bytes (HsHeap *heap, HsObj arr)
{
  HsType t = hs_heap_array_elem_type (heap, arr);
  return t == HS_TYPE_OBJECT ? heap->ref_size : hs_type_size (t, heap->id_size);
}

static guint64
ideal_slots (HsCollectionKind k, guint64 size)
{
  if (size == 0)
    return 0;
  if (k != HS_COLLECTION_HASH && k != HS_COLLECTION_CHM)
    return size;
  guint64 cap = 1;
  while (cap * 3 / 4 < size && cap < (G_GUINT64_CONSTANT (1) << 40))
    cap <<= 1;
  return cap;
}

static void resolve (HsHeap *heap, ClassFields *cf, HsClass c);

static gboolean
read_one (HsWasteCtx *ctx, guint8 *owned, ClassFields *cf, HsObj o, Reading *r)
{
  HsHeap *heap = ctx->heap;
  const HsCollectionLayout *l = &hs_collection_layouts[cf->layout];
  gint64 v = 0, v2 = 0;
  memset (r, 0, sizeof *r);
  if (l->kind == HS_COLLECTION_DEQUE)
    {
      if (!hs_wfield_int (heap, o, cf->sizes[0], &v) || !hs_wfield_int (heap, o, cf->sizes[1], &v2))
        return FALSE;
    }
  else if (l->kind != HS_COLLECTION_SET && !hs_wfield_int (heap, o, cf->sizes[0], &v)
           && !hs_wfield_int (heap, o, cf->sizes[1], &v))
    return FALSE;
  HsObj arr[2]
      = { hs_wfield_ref_edges (heap, o, cf->arrays[0]), hs_wfield_ref_edges (heap, o, cf->arrays[1]) };
  guint64 cap = 0;
  if (arr[0] != HS_OBJ_NONE && l->kind != HS_COLLECTION_SET)
    {
      HsKind k = hs_heap_object_kind (heap, arr[0]);
      if (k != HS_KIND_OBJ_ARRAY && k != HS_KIND_PRIM_ARRAY)
        return FALSE;
      cap = hs_heap_array_length (heap, arr[0]);
    }
  switch (l->kind)
    {
      case HS_COLLECTION_CHM:
        {
          /* JDK 8+: baseCount plus the counter cells' values. */
          HsObj cells = hs_wfield_ref (heap, o, cf->counter_cells);
          guint32 nc = cells != HS_OBJ_NONE ? hs_heap_array_length (heap, cells) : 0;
          for (guint32 i = 0; i < nc && i < 4096; i++)
            {
              HsObj cell = hs_heap_find (heap, hs_heap_obj_array_get (heap, cells, i));
              gint64 cv;
              if (cell != HS_OBJ_NONE && hs_heap_read_integer (heap, cell, "value", &cv) && cv > 0)
                v += cv;
            }
        }
        break;
      case HS_COLLECTION_DEQUE:
        v = v2 - v; /* tail - head, wrapped */
        if (v < 0)
          v += (gint64)cap;
        break;
      case HS_COLLECTION_SET:
        {
          /* The map it wraps: read as what it is, charged to the set. */
          (void)ctx;
          HsObj map = arr[0];
          if (map == HS_OBJ_NONE || hs_heap_object_kind (heap, map) != HS_KIND_INSTANCE)
            return FALSE;
          ClassFields inner = { -1 };
          resolve (heap, &inner, hs_heap_object_class (heap, map));
          if (inner.layout < 0 || hs_collection_layouts[inner.layout].kind != HS_COLLECTION_HASH
              || !read_one (ctx, owned, &inner, map, r))
            return FALSE;
          hs_bit_set (owned, map);
          r->backing_shallow += hs_heap_object_shallow (heap, map);
          return TRUE;
        }
      default: break;
    }
  if (v < 0)
    return FALSE;
  r->size = (guint64)v;
  r->capacity = cap;
  guint64 ideal = ideal_slots (l->kind, r->size);
  for (guint i = 0; i < 2; i++)
    {
      if (arr[i] == HS_OBJ_NONE)
        continue;
      r->backing_shallow += hs_heap_object_shallow (heap, arr[i]);
      guint64 len = hs_heap_array_length (heap, arr[i]);
      if (cap > ideal && cap > 0)
        r->wasted += (cap - ideal) * (len / cap) * elem_bytes (heap, arr[i]);
    }
  r->ok = TRUE;
  return TRUE;
}

static void
resolve (HsHeap *heap, ClassFields *cf, HsClass c)
{
  cf->layout = -1;
  if (c == HS_CLASS_NONE)
    return;
  cf->layout = (gint8)hs_collection_layout_of (heap, c);
  if (cf->layout < 0)
    return;
  const HsCollectionLayout *l = &hs_collection_layouts[cf->layout];
  for (guint i = 0; i < 2; i++)
    {
      cf->arrays[i] = l->arrays[i] ? hs_wfield (heap, c, l->arrays[i]) : (HsWField){ -1, 0 };
      cf->sizes[i] = l->sizes[i] ? hs_wfield (heap, c, l->sizes[i]) : (HsWField){ -1, 0 };
    }
  if (cf->arrays[0].pos < 0 && l->alt_array)
    cf->arrays[0] = hs_wfield (heap, c, l->alt_array);
  cf->counter_cells = hs_wfield (heap, c, "counterCells");
  /* Layouts without the backing array (ConcurrentHashMap's segments of
   * JDK 7, say) are not read. */
  if (cf->arrays[0].pos < 0)
    cf->layout = -1;
}

static gint
cmp_collections (gconstpointer pa, gconstpointer pb)
{
  const HsWasteCollection *a = pa, *b = pb;
  guint64 x = a->wasted + a->empty_bytes, y = b->wasted + b->empty_bytes;
  if (x != y)
    return x > y ? -1 : 1;
  return a->klass < b->klass ? -1 : a->klass > b->klass;
}

void
hs_waste_collections_prepare (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  guint n_classes = hs_heap_n_classes (heap);
  ClassFields *cf = g_new0 (ClassFields, MAX (n_classes, 1));
  gboolean any = FALSE;
  for (HsClass c = 0; c < n_classes; c++)
    {
      resolve (heap, &cf[c], c);
      if (cf[c].layout >= 0)
        {
          ctx->role[c] |= HS_WROLE_COLLECTION;
          any = TRUE;
        }
    }
  if (!any)
    g_clear_pointer (&cf, g_free);
  ctx->collections = cf;
}

void
hs_waste_find_collections (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  guint n_classes = hs_heap_n_classes (heap);
  g_autofree ClassFields *cf = ctx->collections;
  ctx->collections = NULL;
  if (!cf)
    return;
  g_autofree gint32 *row = g_new (gint32, MAX (n_classes, 1));
  for (HsClass c = 0; c < n_classes; c++)
    row[c] = -1;
  /* Sets first, so that the maps they wrap are known before the maps are
   * read: two passes over the instances the scan found, in object order. */
  GArray *rows = ctx->w->collections;
  /* Maps wrapped by a set (this finder's own bits: the other thread
   * writes ctx->skip). */
  g_autofree guint8 *owned = g_malloc0 ((heap->n + 7) / 8 + 1);
  gboolean cancelled = FALSE;
  const HsGraph *g = hs_heap_graph (heap);
  g_autoptr (GArray) wasted_of = g_array_new (FALSE, FALSE, sizeof (GArray *));
  for (int pass = 0; pass < 2 && !cancelled; pass++)
    for (guint part = 0; part < 2 && !cancelled; part++)
      for (guint i = 0; ctx->coll_objs[part] && i < ctx->coll_objs[part]->len; i++)
        {
          const HsObj *objs = (const HsObj *)ctx->coll_objs[part]->data;
          HsObj o = objs[i];
          if ((i & 0xffff) == 0 && (cancelled = g_cancellable_is_cancelled (ctx->cancellable)))
            break;
          /* Bound by the memory's latency: fetch the records ahead. */
          if (pass == 1 && i + 16 < ctx->coll_objs[part]->len)
            {
              hs_heap_off_prefetch (heap, objs[i + 16]);
              hs_graph_prefetch_node (g, objs[i + 16]);
              __builtin_prefetch (heap->data + hs_heap_off (heap, objs[i + 8]));
              hs_graph_prefetch_edge (g, hs_graph_begin (g, objs[i + 8]));
              /* The first target's record: its id is matched next. */
              guint64 e4 = hs_graph_begin (g, objs[i + 4]);
              if (e4 < hs_graph_end (g, objs[i + 4]))
                __builtin_prefetch (heap->data + hs_heap_off (heap, hs_graph_target (g, e4)));
            }
          HsClass c = hs_heap_object_class (heap, o);
          if ((hs_collection_layouts[cf[c].layout].kind == HS_COLLECTION_SET) != (pass == 0)
              || hs_bit_get (owned, o))
            continue;
          Reading r;
          if (!read_one (ctx, owned, &cf[c], o, &r))
            continue;
          if (row[c] < 0)
            {
              HsWasteCollection nc = { c, hs_collection_layouts[cf[c].layout].layout };
              nc.objects = g_array_new (FALSE, FALSE, sizeof (HsObj));
              g_array_append_val (rows, nc);
              GArray *ws = g_array_new (FALSE, FALSE, sizeof (guint64));
              g_array_append_val (wasted_of, ws);
              row[c] = rows->len - 1;
            }
          HsWasteCollection *wc = &g_array_index (rows, HsWasteCollection, row[c]);
          GArray *ws = g_array_index (wasted_of, GArray *, row[c]);
          wc->count++;
          wc->size_sum += r.size;
          wc->capacity_sum += r.capacity;
          wc->wasted += r.wasted;
          if (r.size == 0)
            {
              wc->empty++;
              wc->empty_bytes += hs_heap_object_shallow (heap, o) + r.backing_shallow;
            }
          guint b = r.capacity == 0 ? 0 : (guint)MIN (r.size * 10 / r.capacity, HS_WASTE_FILL_BUCKETS - 1);
          wc->fill_histogram[b]++;
          /* Keep the most wasteful ones (ties: lowest index): a small
           * sorted insertion into HS_WASTE_SAMPLE slots. */
          guint64 key = r.wasted + (r.size == 0 ? hs_heap_object_shallow (heap, o) + r.backing_shallow : 0);
          guint pos = ws->len;
          while (pos > 0 && g_array_index (ws, guint64, pos - 1) < key)
            pos--;
          if (pos < HS_WASTE_SAMPLE)
            {
              HsObj x = o;
              g_array_insert_val (ws, pos, key);
              g_array_insert_val (wc->objects, pos, x);
              if (ws->len > HS_WASTE_SAMPLE)
                {
                  g_array_set_size (ws, HS_WASTE_SAMPLE);
                  g_array_set_size (wc->objects, HS_WASTE_SAMPLE);
                }
            }
        }
  for (guint i = 0; i < wasted_of->len; i++)
    g_array_unref (g_array_index (wasted_of, GArray *, i));
  g_array_sort (rows, cmp_collections);
  /* Rows that would save nothing (right-sized, none empty) are not
   * listed: sorted last, they are cut off. */
  while (rows->len > 0)
    {
      HsWasteCollection *last = &g_array_index (rows, HsWasteCollection, rows->len - 1);
      if (last->wasted + last->empty_bytes > 0)
        break;
      g_array_unref (last->objects);
      g_array_set_size (rows, rows->len - 1);
    }
  for (guint i = 0; i < rows->len; i++)
    ctx->w->collections_wasted += g_array_index (rows, HsWasteCollection, i).wasted;
}
