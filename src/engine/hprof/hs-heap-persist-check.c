/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-persist-check.c: every array a persistent index hands to a heap
 * checked before it is used (docs/index.md, "What a hostile index can
 * do"). Checksums prove only that an index was not damaged by accident:
 * whoever writes one redoes them. So each array's every entry is checked
 * against what the heap's scalars allow, in one pass each (linear in the
 * objects and references, no allocation): a class index below the class
 * count, CSR offsets from 0, never decreasing, to the number of entries,
 * every reference and implicit edge an object; then, in one pass in the
 * dump's order, an object offset inside the dump at an object's
 * sub-record tag of the kind its flags say, whose record holds at least
 * the references the graph gives the object (the rest are the summary's
 * dangling references, counted again). And the objects are
 * bound to the dump's bytes: at 4096 objects spread evenly, the sub-record
 * holds an object and the ids increase, as the sort by id made them.
 * The totals the record holds (the summary's counts and bytes, each
 * class's and each heap's) are computed again from the objects' kinds,
 * reachability and sizes and must be the same (one array of three counts
 * per class), and so are the GC roots' counts from the root records. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

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
 * record's: NULL when they are the same, else what differs. In the same
 * pass: the objects marked roots (the distinct objects of the root
 * records, *root_flags) and each heap's totals (hs-heap-heaps.c). */
static const char *
totals_whole (HsHeap *heap, guint64 *root_flags, GCancellable *cancellable)
{
  guint64 n = heap->n, nk = heap->classes->len;
  const HsSummary *s = &heap->summary;
  guint64 kinds[4] = { 0 }, shallow = 0, reachable = 0, reachable_bytes = 0, roots = 0;
  g_autofree guint64 *per_class = g_new0 (guint64, 3 * MAX (nk, (guint64)1));
  g_autofree HsHeapTotals *per_heap = g_new0 (HsHeapTotals, HS_HEAP_MAX_HEAPS);

  if (s->objects != n || s->classes != nk)
    return "the totals are not those of the objects";
  for (guint64 o = 0; o < n; o++)
    {
      guint kind = heap->flags[o] & HS_FLAG_KIND_MASK;
      gboolean reach = (heap->flags[o] & HS_FLAG_REACHABLE) != 0;
      guint64 sz = hs_heap_object_shallow (heap, (HsObj)o);
      HsClass c = hs_heap_object_class (heap, (HsObj)o);
      HsHeapTotals *t = &per_heap[heap->heap_of ? heap->heap_of[o] : 0];
      kinds[kind == HS_KIND_INSTANCE || kind == HS_KIND_CLASS || kind == HS_KIND_OBJ_ARRAY ? kind : 3]++;
      shallow += sz;
      reachable += reach;
      reachable_bytes += reach ? sz : 0;
      roots += (heap->flags[o] & HS_FLAG_ROOT) != 0;
      t->objects++;
      t->shallow += sz;
      t->reachable += reach;
      t->reachable_shallow += reach ? sz : 0;
      if (c != HS_CLASS_NONE)
        {
          per_class[3 * c] += 1;
          per_class[3 * c + 1] += sz;
          per_class[3 * c + 2] += reach;
        }
      if ((o & (CHECK_EVERY - 1)) == 0 && g_cancellable_is_cancelled (cancellable))
        return NULL; /* the caller says cancelled */
    }
  *root_flags = roots;
  if (s->instances != kinds[HS_KIND_INSTANCE] || s->class_objects != kinds[HS_KIND_CLASS]
      || s->object_arrays != kinds[HS_KIND_OBJ_ARRAY] || s->primitive_arrays != kinds[3]
      || s->shallow_bytes != shallow || s->reachable_objects != reachable
      || s->reachable_bytes != reachable_bytes || s->unreachable_objects != n - reachable
      || s->unreachable_bytes != shallow - reachable_bytes)
    return "the totals are not those of the objects";
  for (guint64 c = 0; c < nk; c++)
    {
      HsClassInfo *ci = hs_class_info (heap, (HsClass)c);
      if (ci->count != per_class[3 * c] || ci->shallow != per_class[3 * c + 1]
          || ci->reachable_count != per_class[3 * c + 2])
        return "the totals are not those of the objects";
    }
  /* A load counts only heaps that hold objects, at least one
   * (_hs_heap_assign_heaps), and always has their totals. */
  if (heap->heap_totals == NULL || heap->n_heaps == 0)
    return "the heaps' totals are not those of the objects";
  for (guint h = 0; h < heap->n_heaps; h++)
    {
      const HsHeapTotals *t = &heap->heap_totals[h];
      if ((n > 0 && per_heap[h].objects == 0) || t->objects != per_heap[h].objects
          || t->shallow != per_heap[h].shallow || t->reachable != per_heap[h].reachable
          || t->reachable_shallow != per_heap[h].reachable_shallow)
        return "the heaps' totals are not those of the objects";
    }
  return NULL;
}

/* Whether the n bytes at off lie inside the dump. */
static inline gboolean
inside (const HsHeap *heap, guint64 off, guint64 n)
{
  return off <= heap->len && n <= heap->len - off;
}

/* The references object o's record (at off, of the tag its kind was
 * checked to be) holds that are not null, as hs-heap-graph.c's
 * edge_worker reads them, without looking the ids up: each is the
 * implicit edge to the class object, a stored edge or dangling. c is the
 * object's class, class_slot whether the edge to its class object is
 * implicit or stored by the class's object (push_class_edge), class_refs
 * each class object's (class_refs_of). The bytes of the record read are
 * added to *read. G_MAXUINT64 when the record runs past the dump. */
static inline guint64
record_refs (HsHeap *heap, guint64 off, HsClass c, gboolean class_slot, const guint32 *class_refs,
             guint64 *read)
{
  const guint8 *b = heap->data + off + 1;
  guint ids = heap->id_size;
  guint64 head = 2 * (guint64)ids + 9, refs = 0;

  switch (heap->data[off])
    {
      case HS_HPROF_INSTANCE_DUMP:
        {
          if (!inside (heap, off, head))
            return G_MAXUINT64;
          guint32 nbytes = hs_be32 (b + 2 * ids + 4);
          const guint8 *fields = b + 2 * ids + 8;
          if (!inside (heap, off + head, nbytes))
            return G_MAXUINT64;
          *read += head + nbytes;
          if (c == HS_CLASS_NONE)
            return 1; /* an instance of no class: dangling */
          HsClassInfo *ci = hs_class_info (heap, c);
          refs = class_slot || hs_read_id (b + ids + 4, ids) != 0;
          /* Increasing (class_refs_of): the first past the record ends them. */
          const guint32 *ro = heap->class_ref_offsets ? heap->class_ref_offsets + ci->refs_start : NULL;
          for (guint32 k = 0; k < ci->refs_count && (guint64)ro[k] + ids <= nbytes; k++)
            refs += hs_read_id (fields + ro[k], ids) != 0;
          return refs;
        }
      case HS_HPROF_OBJ_ARRAY_DUMP:
        {
          if (!inside (heap, off, head))
            return G_MAXUINT64;
          guint32 len = hs_be32 (b + ids + 4);
          const guint8 *el = b + 2 * ids + 8;
          if (!inside (heap, off + head, (guint64)len * ids))
            return G_MAXUINT64;
          *read += head + (guint64)len * ids;
          refs = class_slot || hs_read_id (b + ids + 8, ids) != 0;
          for (guint32 k = 0; k < len; k++)
            refs += hs_read_id (el + (guint64)k * ids, ids) != 0;
          return refs;
        }
      case HS_HPROF_CLASS_DUMP:
        {
          HsClass self = hs_heap_class_by_id (heap, hs_read_id (b, ids));
          return self == HS_CLASS_NONE ? 0 : class_refs[self];
        }
      default: /* primitive arrays: the edge to the class object only */ return class_slot;
    }
}

/* Each class's references from its class object (superclass, loader,
 * static fields that are not null), in refs[], once per class; and its
 * instances' reference offsets as a load makes them: each class's run of
 * them increasing, the runs as many in all as the table holds (a load
 * appends each class's run once), so that reading them costs at most
 * the table. FALSE when they are not so. */
static gboolean
class_refs_of (HsHeap *heap, guint32 *refs)
{
  guint64 total = 0;

  for (guint c = 0; c < heap->classes->len; c++)
    {
      HsClassInfo *ci = hs_class_info (heap, c);
      guint32 r = (ci->super_id != 0) + (ci->loader_id != 0);
      for (guint k = 0; k < ci->n_statics; k++)
        r += ci->statics[k].type == HS_TYPE_OBJECT && ci->statics[k].value.id != 0;
      refs[c] = r;
      total += ci->refs_count;
    }
  if (total != heap->n_class_ref_offsets)
    return FALSE;
  for (guint c = 0; c < heap->classes->len; c++)
    {
      HsClassInfo *ci = hs_class_info (heap, c);
      for (guint32 k = 1; k < ci->refs_count; k++)
        if (heap->class_ref_offsets[ci->refs_start + k] <= heap->class_ref_offsets[ci->refs_start + k - 1])
          return FALSE;
    }
  return TRUE;
}

/* Every object's offset inside the dump at a sub-record of its kind, and
 * the references its record holds (record_refs) against the graph's: no
 * object has more stored and implicit edges than its record has
 * references, the implicit edges are the graph's count of them, and the
 * rest are the summary's dangling references. One pass over the objects
 * in the dump's order, reading each record once: the records read are at
 * most the dump (a load's do not overlap), so objects made to share a
 * record cannot make the pass longer than the dump. NULL when so, else
 * what differs. */
static const char *
records_whole (HsHeap *heap, GCancellable *cancellable)
{
  const HsGraph *g = &heap->graph;
  guint64 n = heap->n, implicit = 0, dangling = 0, begin = 0, read = 0;
  g_autofree guint32 *class_refs = g_new (guint32, MAX (heap->classes->len, 1u));

  if (!class_refs_of (heap, class_refs))
    return "the classes' reference fields are not whole";
  for (guint64 o = 0; o < n; o++)
    {
      guint64 off = hs_heap_off (heap, o);
      if (off >= heap->len || heap->len - off < 1 + (guint64)heap->id_size || tag_kind (heap->data[off]) < 0)
        return "an object's offset is not an object of the dump";
      /* The kind says how its record is read (an array's length and
       * elements): it must be the record's. */
      if (tag_kind (heap->data[off]) != (int)(heap->flags[o] & HS_FLAG_KIND_MASK))
        return "an object's kind is not that of its record in the dump";
      HsClass c = hs_heap_object_class (heap, (HsObj)o);
      gboolean first = c != HS_CLASS_NONE && heap->ref_class_edge[c] != HS_OBJ_NONE;
      gboolean class_slot = c != HS_CLASS_NONE && (first || hs_class_info (heap, c)->obj != HS_OBJ_NONE);
      guint64 refs = record_refs (heap, off, c, class_slot, class_refs, &read);
      guint64 end = hs_graph_offset_ (g, o + 1), stored = end - begin;
      begin = end;
      if (refs == G_MAXUINT64 || read > heap->len)
        return "an object's offset is not an object of the dump";
      if (stored + first > refs)
        return "an object has more references than its record in the dump";
      implicit += first;
      dangling += refs - stored - first;
      if ((o & (CHECK_EVERY - 1)) == 0 && g_cancellable_is_cancelled (cancellable))
        return NULL; /* the caller says cancelled */
    }
  if (implicit != g->n_first_ || dangling != heap->summary.dangling_references)
    return "the references are not those of the dump";
  return NULL;
}

static int
compare_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
  return x < y ? -1 : x > y;
}

/* The root records and the summary's counts of them, made again as
 * hs-heap-graph.c's _hs_heap_compute_reachability makes them: each
 * record's object is the one its id names (none: the record is missing),
 * marked a root, and a root of a frame its thread's object; the records
 * an analysis inferred (HS_ROOT_INFERRED) are there only when no other
 * names an object; the distinct objects, all of them and by type, are
 * the summary's, and as many as the objects marked roots. O(r log r) in
 * the r records, which the record's bytes bound. */
static const char *
roots_whole (HsHeap *heap, guint64 root_flags)
{
  const HsSummary *s = &heap->summary;
  guint nr = heap->roots->len;
  guint64 records = 0, missing = 0, named = 0, inferred = 0, nkeys = 0, distinct = 0;
  guint64 by_type[G_N_ELEMENTS (s->roots_by_type)] = { 0 };
  g_autofree guint64 *keys = g_new (guint64, MAX (nr, 1u));

  for (guint i = 0; i < nr; i++)
    {
      const HsRoot *r = &g_array_index (heap->roots, HsRoot, i);
      if (r->obj != hs_heap_find (heap, r->id))
        return "a root record's object is not the one its id names";
      if (r->type == HS_ROOT_INFERRED)
        {
          if (r->obj == HS_OBJ_NONE)
            return "a root record's object is not the one its id names";
          inferred++;
        }
      else
        {
          records++;
          missing += r->obj == HS_OBJ_NONE;
          named += r->obj != HS_OBJ_NONE;
        }
      HsObj thread = HS_OBJ_NONE;
      if (r->obj != HS_OBJ_NONE
          && (r->type == HS_ROOT_JAVA_FRAME || r->type == HS_ROOT_JNI_LOCAL || r->type == HS_ROOT_NATIVE_STACK
              || r->type == HS_ROOT_THREAD_BLOCK || r->type == HS_ROOT_JNI_MONITOR))
        {
          guint64 *tid = g_hash_table_lookup (heap->thread_objs, GUINT_TO_POINTER (r->thread_serial));
          thread = tid ? hs_heap_find (heap, *tid) : HS_OBJ_NONE;
        }
      if (r->thread_obj != thread)
        return "a root record's thread is not the one its serial names";
      if (r->obj == HS_OBJ_NONE)
        continue;
      if (!(heap->flags[r->obj] & HS_FLAG_ROOT))
        return "a root record's object is not marked a root";
      keys[nkeys++] = ((guint64)r->obj << 8) | r->type;
    }
  qsort (keys, nkeys, sizeof *keys, compare_u64);
  for (guint64 i = 0; i < nkeys; i++)
    {
      if (i > 0 && keys[i] == keys[i - 1])
        continue;
      by_type[keys[i] & 0xff]++;
      if (i == 0 || keys[i] >> 8 != keys[i - 1] >> 8)
        distinct++;
    }
  gboolean should_infer = heap->n > 0 && named == 0;
  if (!s->roots_inferred != !should_infer || (inferred > 0 && !should_infer))
    return "the GC roots are not those of the root records";
  if (s->root_records != records || s->roots_missing != missing || s->gc_roots != distinct
      || root_flags != distinct || memcmp (s->roots_by_type, by_type, sizeof by_type) != 0)
    return "the GC roots are not those of the root records";
  return NULL;
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
  /* The offsets' compact form, before any offset is read. */
  if (!what && !offsets_whole (heap))
    what = "the objects' offsets are not whole";
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
  /* Offsets: inside the dump, each at an object's tag, its id readable,
   * its record's references those of the graph (which is whole now). */
  if (!what && !g_cancellable_is_cancelled (cancellable))
    what = records_whole (heap, cancellable);
  /* Bound to the dump: sampled ids increase, and each is found again. */
  guint64 step = MAX (n / SAMPLES, (guint64)1), prev_id = 0;
  gboolean cancelled = g_cancellable_is_cancelled (cancellable); /* the offsets may be unchecked */
  for (guint64 o = 0; o < n && !what && !cancelled; o += step)
    {
      guint64 id = hs_read_id (heap->data + hs_heap_off (heap, o) + 1, heap->id_size);
      if (o > 0 && id <= prev_id)
        what = "the objects are not those of the dump";
      prev_id = id;
    }
  /* The totals, once every array they are made of is known whole: an
   * index is written after them (hs_heap_set_reachable), never before. */
  guint64 root_flags = 0;
  if (!what && !heap->totals_done)
    what = "the totals are not those of the objects";
  if (!what)
    what = totals_whole (heap, &root_flags, cancellable);
  if (!what && !g_cancellable_is_cancelled (cancellable))
    what = roots_whole (heap, root_flags);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (what)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: %s", index_path, what);
      return FALSE;
    }
  return TRUE;
}
