/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-graph.c: the heap as a graph. Pass 4 of the load reads every
 * object once (two threads): its class, its shallow size and its outgoing
 * references into CSR arrays, less the edge to its class object, which the
 * graph derives from the class column (hs_graph_first). Pass 5 resolves the roots and
 * walks from them (reachability), then sums the totals. The reverse CSR
 * (referrers) is built on first use. */
#include "config.h"

#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-mem.h"
#include "hs-parallel.h"

/* ---- pass 4: per object: class, size, references ----------------------- */

typedef struct
{
  HsHeap *heap;
  guint64 begin, end;
  guint32 *degree;         /* shared, per object (in heap->ref_delta's block, summed later) */
  const HsObj *class_edge; /* heap->ref_class_edge */
  guint64 n_first;         /* implicit edges (not stored) */
  HsObj *edges;
  guint64 n_edges, cap;
  guint64 dangling;
  gboolean failed;
  gboolean bus;                                /* the file shrank under us */
  guint64 missing_class, missing_class_offset; /* instances of no known class */
  guint16 *k16, *units;                        /* the heap's columns (HsHeapColumns) */
  HsClass *k32;
  guint32 unit;
  HsObj *big_obj; /* sizes the 16-bit column cannot hold */
  guint32 *big_size;
  guint64 n_big, big_cap;
  HsLoadProgress *prog; /* only thread 0 reports */
} EdgeJob;

/* An edge to an object already resolved (class objects). */
static inline void
push_obj (EdgeJob *job, HsObj t, guint32 *deg)
{
  if (t == HS_OBJ_NONE)
    return;
  if (G_UNLIKELY (job->n_edges == job->cap))
    {
      job->cap = MAX (job->cap * 2, (guint64)1 << 16);
      job->edges = hs_mem_realloc (job->edges, job->cap * sizeof (HsObj));
    }
  job->edges[job->n_edges++] = t;
  (*deg)++;
}

/* An edge to an id: 0 is null, an id not in the dump is counted dangling. */
static inline void
push_edge (EdgeJob *job, guint64 id, guint32 *deg)
{
  if (id == 0)
    return;
  HsObj t = hs_heap_find (job->heap, id);
  if (t == HS_OBJ_NONE)
    job->dangling++;
  else
    push_obj (job, t, deg);
}

/* The edge from an object of class c to its class object; cid is the class
 * id its record names (0: none, as for primitive arrays). Implicit when c
 * has its class object (hs_graph_first: counted, not stored), else stored
 * by the class's object or, failing that, looked up by the id. */
static inline void
push_class_edge (EdgeJob *job, HsClass c, guint64 cid, guint32 *deg)
{
  if (c != HS_CLASS_NONE && job->class_edge[c] != HS_OBJ_NONE)
    job->n_first++;
  else if (c != HS_CLASS_NONE && hs_class_info (job->heap, c)->obj != HS_OBJ_NONE)
    push_obj (job, hs_class_info (job->heap, c)->obj, deg);
  else
    push_edge (job, cid, deg);
}

/* Object i's class and shallow size into the narrow columns. */
static inline void
put_columns (EdgeJob *job, guint64 i, HsClass c, guint32 size)
{
  if (job->k16)
    job->k16[i] = c == HS_CLASS_NONE ? 0xffff : (guint16)c;
  else
    job->k32[i] = c;
  guint32 u = size / job->unit;
  if (G_LIKELY (u < 0xffff && u * job->unit == size))
    {
      job->units[i] = (guint16)u;
      return;
    }
  job->units[i] = 0xffff;
  if (G_UNLIKELY (job->n_big == job->big_cap))
    {
      job->big_cap = MAX (job->big_cap * 2, (guint64)1024);
      job->big_obj = g_renew (HsObj, job->big_obj, job->big_cap);
      job->big_size = g_renew (guint32, job->big_size, job->big_cap);
    }
  job->big_obj[job->n_big] = (HsObj)i;
  job->big_size[job->n_big++] = size;
}

static gpointer
edge_worker (gpointer data)
{
  EdgeJob *job = data;
  HsHeap *heap = job->heap;
  const guint8 *d = heap->data;
  guint ids = heap->id_size;

  for (guint64 i = job->begin; i < job->end; i++)
    {
      const guint8 *p = d + hs_heap_off (heap, i);
      const guint8 *b = p + 1;
      guint32 deg = 0;
      HsClass c = HS_CLASS_NONE;
      guint64 shallow = 0;
      guint kind = HS_KIND_INSTANCE;
      switch (p[0])
        {
          case HS_HPROF_INSTANCE_DUMP:
            {
              guint64 cid = hs_read_id (b + ids + 4, ids);
              guint32 nbytes = hs_be32 (b + 2 * ids + 4);
              const guint8 *fields = b + 2 * ids + 8;
              c = hs_heap_class_by_id (heap, cid);
              if (c != HS_CLASS_NONE)
                {
                  HsClassInfo *ci = hs_class_info (heap, c);
                  shallow = ci->instance_size;
                  push_class_edge (job, c, cid, &deg);
                  /* NULL when no class has reference fields: NULL + 0 is undefined. */
                  const guint32 *ro
                      = heap->class_ref_offsets ? heap->class_ref_offsets + ci->refs_start : NULL;
                  for (guint32 k = 0; k < ci->refs_count; k++)
                    if ((guint64)ro[k] + ids <= nbytes)
                      push_edge (job, hs_read_id (fields + ro[k], ids), &deg);
                }
              else
                {
                  job->dangling++;
                  if (job->missing_class++ == 0)
                    job->missing_class_offset = hs_heap_off (heap, i);
                }
              break;
            }
          case HS_HPROF_OBJ_ARRAY_DUMP:
            {
              kind = HS_KIND_OBJ_ARRAY;
              guint32 len = hs_be32 (b + ids + 4);
              guint64 cid = hs_read_id (b + ids + 8, ids);
              const guint8 *el = b + 2 * ids + 8;
              c = hs_heap_class_by_id (heap, cid);
              shallow = hs_object_layout_array_size (&heap->layout, HS_TYPE_OBJECT, len);
              push_class_edge (job, c, cid, &deg);
              for (guint32 k = 0; k < len; k++)
                push_edge (job, hs_read_id (el + (guint64)k * ids, ids), &deg);
              break;
            }
          case HS_HPROF_PRIM_ARRAY_DUMP:
          case HS_HPROF_PRIM_ARRAY_NODATA:
            {
              kind = HS_KIND_PRIM_ARRAY;
              guint32 len = hs_be32 (b + ids + 4);
              guint type = b[ids + 8];
              c = heap->prim_class[type < 12 ? type : 0];
              shallow = hs_object_layout_array_size (&heap->layout, type, len);
              push_class_edge (job, c, 0, &deg);
              break;
            }
          case HS_HPROF_CLASS_DUMP:
            {
              kind = HS_KIND_CLASS;
              HsClass self = hs_heap_class_by_id (heap, hs_read_id (b, ids));
              c = heap->class_class;
              if (self != HS_CLASS_NONE)
                {
                  HsClassInfo *ci = hs_class_info (heap, self);
                  shallow = ci->statics_size;
                  push_edge (job, ci->super_id, &deg);
                  push_edge (job, ci->loader_id, &deg);
                  for (guint k = 0; k < ci->n_statics; k++)
                    if (ci->statics[k].type == HS_TYPE_OBJECT)
                      push_edge (job, ci->statics[k].value.id, &deg);
                }
              break;
            }
          default: g_assert_not_reached ();
        }
      put_columns (job, i, c, (guint32)MIN (shallow, (guint64)G_MAXUINT32));
      heap->flags[i] = kind;
      job->degree[i] = deg;
      if (job->prog && (i & 0xfffff) == 0)
        {
          _hs_progress_report (job->prog, "references",
                               (double)(i - job->begin) / (double)MAX ((guint64)1, job->end - job->begin));
          if (g_cancellable_is_cancelled (job->prog->cancellable))
            {
              job->failed = TRUE;
              return NULL;
            }
        }
    }
  return NULL;
}

static gpointer
guarded_edge_worker (gpointer data)
{
  EdgeJob *job = data;
  if (!hs_guarded_call (edge_worker, job))
    job->failed = job->bus = TRUE;
  return NULL;
}

/* The threads' overflow lists, in object order (thread 0's range comes
 * first), become the size column's table. Should a dump have so many sizes
 * the 16-bit column cannot hold that the table outweighs the 2 bytes per
 * object it saves, the column becomes plain 32-bit sizes. */
static void
merge_big_sizes (HsHeap *heap, EdgeJob *jobs, guint nthreads)
{
  HsSizeCol *sc = &heap->cols.shallow;
  guint64 n = heap->n, n_big = 0;
  for (guint t = 0; t < nthreads; t++)
    n_big += jobs[t].n_big;
  if (n_big > 0 && n_big <= n / 8)
    {
      HsObj *bo = g_new (HsObj, n_big);
      guint32 *bs = g_new (guint32, n_big);
      guint64 k = 0;
      for (guint t = 0; t < nthreads; t++)
        {
          if (jobs[t].n_big == 0)
            continue; /* big_obj NULL: no memcpy from NULL, even of 0 bytes */
          memcpy (bo + k, jobs[t].big_obj, jobs[t].n_big * sizeof (HsObj));
          memcpy (bs + k, jobs[t].big_size, jobs[t].n_big * sizeof (guint32));
          k += jobs[t].n_big;
        }
      sc->big_obj = bo;
      sc->big_size = bs;
      sc->n_big = n_big;
    }
  else if (n_big > 0)
    {
      guint32 *s32 = hs_mem_new (guint32, n + 1);
      guint64 k[2] = { 0, 0 };
      for (guint64 i = 0; i < n; i++)
        {
          guint16 u = sc->units[i];
          if (u != 0xffff)
            s32[i] = (guint32)u * sc->unit;
          else
            {
              guint t = i >= jobs[nthreads - 1].begin ? nthreads - 1 : 0;
              s32[i] = jobs[t].big_size[k[t]++];
            }
        }
      hs_mem_free ((gpointer)sc->units);
      sc->units = NULL;
      sc->s32 = s32;
    }
  for (guint t = 0; t < nthreads; t++)
    {
      g_free (jobs[t].big_obj);
      g_free (jobs[t].big_size);
    }
}

/* One pass over the blocks of 64 entries: a block's degrees are read
 * before its deltas are written, and those (2 bytes each, from byte 128 b)
 * never reach the degrees of a later block (4 bytes each, from byte 256 b):
 * the deltas fill the first half of deg's block, which then shrinks. */
guint64
_hs_heap_offsets_from_degrees (guint32 *deg, guint64 n, guint16 **delta_out, guint64 **base_out,
                               guint64 **esc_out, guint64 *n_esc)
{
  guint64 nb = (n >> HS_GRAPH_BLOCK_SHIFT) + 1;
  guint64 *base = hs_mem_new (guint64, nb);
  guint16 *delta = (guint16 *)deg;
  GArray *esc = NULL;
  guint64 sum = 0;
  for (guint64 b = 0; b < nb; b++)
    {
      guint64 v0 = b << HS_GRAPH_BLOCK_SHIFT, m = MIN ((guint64)64, n + 1 - v0);
      guint64 off[64];
      for (guint64 i = 0; i < m; i++)
        {
          off[i] = sum;
          if (G_LIKELY (v0 + i < n))
            sum += deg[v0 + i];
        }
      if (G_LIKELY (off[m - 1] - off[0] <= G_MAXUINT16))
        {
          base[b] = off[0];
          for (guint64 i = 0; i < m; i++)
            delta[v0 + i] = (guint16)(off[i] - off[0]);
          continue;
        }
      if (!esc)
        esc = g_array_new (FALSE, FALSE, sizeof (guint64));
      base[b] = HS_GRAPH_ESCAPED | (esc->len >> HS_GRAPH_BLOCK_SHIFT);
      for (guint64 i = m; i < 64; i++)
        off[i] = off[m - 1];
      g_array_append_vals (esc, off, 64);
      for (guint64 i = 0; i < m; i++)
        delta[v0 + i] = 0;
    }
  *delta_out = hs_mem_realloc (deg, (n + 1) * sizeof (guint16));
  *base_out = base;
  *n_esc = esc ? esc->len >> HS_GRAPH_BLOCK_SHIFT : 0;
  *esc_out = esc ? (guint64 *)g_array_free (esc, FALSE) : NULL;
  return sum;
}

gboolean
_hs_heap_build_graph (HsHeap *heap, HsLoadProgress *prog, GError **error)
{
  guint64 n = heap->n;
  guint nthreads = (n > 200000 && g_get_num_processors () > 1) ? 2 : 1;
  /* Class indexes in 16 bits when they fit (0xffff: none); sizes in units
   * of the alignment every size formula rounds to (docs/semantics.md), the odd
   * ones in a table (merge_big_sizes). */
  guint16 *k16 = heap->classes->len < 0xffff ? hs_mem_new (guint16, n + 1) : NULL;
  HsClass *k32 = k16 ? NULL : hs_mem_new (HsClass, n + 1);
  guint16 *units = hs_mem_new (guint16, n + 1);
  heap->cols.klass.k16 = k16;
  heap->cols.klass.k32 = k32;
  heap->cols.shallow.units = units;
  heap->cols.shallow.unit = MAX (heap->align, 1u);
  heap->flags = hs_mem_new0 (guint8, n + 1);
  /* Each object's degree goes where its offset will be (summed in place). */
  guint32 *degree = hs_mem_new (guint32, n + 1);
  heap->ref_delta = (guint16 *)degree;
  /* The first edge of an instance or array, to its class's class object,
   * is implicit (HsGraph's hs_graph_first): per class, that object, except
   * for java.lang.Class, whose instances are the class objects (they have
   * no such edge; a stray instance dump of it keeps its edge stored). */
  guint nk = heap->classes->len;
  HsObj *class_edge = heap->ref_class_edge = g_new (HsObj, MAX (nk, 1u));
  for (guint k = 0; k < nk; k++)
    class_edge[k] = k == heap->class_class ? HS_OBJ_NONE : hs_class_info (heap, k)->obj;
  EdgeJob jobs[2] = { 0 };

  for (guint t = 0; t < nthreads; t++)
    {
      jobs[t].heap = heap;
      jobs[t].begin = n * t / nthreads;
      jobs[t].end = n * (t + 1) / nthreads;
      jobs[t].degree = degree;
      jobs[t].class_edge = class_edge;
      jobs[t].k16 = k16;
      jobs[t].k32 = k32;
      jobs[t].units = units;
      jobs[t].unit = heap->cols.shallow.unit;
      jobs[t].prog = t == 0 ? prog : NULL;
    }
  hs_run_pair ("hs-edges", guarded_edge_worker, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  if (jobs[0].failed || jobs[1].failed)
    {
      gboolean bus = jobs[0].bus || jobs[1].bus;
      for (guint t = 0; t < nthreads; t++)
        {
          hs_mem_free (jobs[t].edges);
          g_free (jobs[t].big_obj);
          g_free (jobs[t].big_size);
        }
      g_clear_pointer (&heap->ref_delta, hs_mem_free);
      g_clear_pointer (&heap->ref_class_edge, g_free);
      if (bus)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read",
                       heap->name);
          return FALSE;
        }
      return _hs_check_cancel (prog, error);
    }
  guint64 total = 0, n_first = 0;
  guint64 missing = 0, missing_at = 0;
  for (guint t = 0; t < nthreads; t++)
    {
      total += jobs[t].n_edges;
      n_first += jobs[t].n_first;
      heap->summary.dangling_references += jobs[t].dangling;
      if (jobs[t].missing_class && !missing)
        missing_at = jobs[t].missing_class_offset;
      missing += jobs[t].missing_class;
    }
  if (missing)
    _hs_heap_add_warning (
        heap,
        "%s: %" G_GUINT64_FORMAT
        " instance%s of a class that is not in the dump (the first at byte offset %" G_GUINT64_FORMAT
        "): counted with size 0",
        heap->name, missing, missing == 1 ? "" : "s", missing_at);
  merge_big_sizes (heap, jobs, nthreads);
  guint64 n_esc;
  guint64 sum
      = _hs_heap_offsets_from_degrees (degree, n, &heap->ref_delta, &heap->ref_base, &heap->ref_esc, &n_esc);
  g_assert (sum == total);
  g_debug ("edge offsets: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " blocks escaped", n_esc,
           (n >> HS_GRAPH_BLOCK_SHIFT) + 1);
  heap->ref_targets = hs_mem_realloc (jobs[0].edges, MAX (total, (guint64)1) * sizeof (HsObj));
  if (nthreads == 2 && jobs[1].n_edges)
    {
      /* Appended from the end, the second list shrinking as it goes, so
     * that both are never whole in memory at once. */
      guint64 left = jobs[1].n_edges;
      while (left > 0)
        {
          guint64 chunk = MIN (left, (guint64)1 << 22);
          left -= chunk;
          memcpy (heap->ref_targets + jobs[0].n_edges + left, jobs[1].edges + left, chunk * sizeof (HsObj));
          if (left > 0)
            jobs[1].edges = g_realloc (jobs[1].edges, left * sizeof (HsObj));
        }
    }
  if (nthreads == 2)
    hs_mem_free (jobs[1].edges);
  HsGraph *g = &heap->graph;
  *g = (HsGraph){ 0 };
  g->n = n;
  g->delta_ = heap->ref_delta;
  g->base_ = heap->ref_base;
  g->esc_ = heap->ref_esc;
  g->targets_ = heap->ref_targets;
  g->weights_ = heap->cols.shallow;
  g->classes_ = heap->cols.klass;
  g->class_edge_ = class_edge;
  g->n_first_ = n_first;
  return TRUE;
}

/* ---- pass 5: reachability and totals -------------------------------------- */

static void compute_totals (HsHeap *heap);

/* A dump cut before its root records (HotSpot writes them last) has none:
 * rather than nothing reachable, the objects nothing references stand for
 * the roots (one pass over the edges; objects only in cycles stay
 * unreachable). Each gets an HS_ROOT_INFERRED record. Returns how many,
 * queued for the walk. */
static guint64
infer_roots (HsHeap *heap, HsObj *queue)
{
  guint64 n = heap->n, found = 0;
  guint8 *referenced = hs_mem_new0 (guint8, n / 8 + 1);
  for (HsObj o = 0; o < n; o++)
    {
      HsObj t;
      for (HsGraphEdges it = hs_graph_edges (&heap->graph, o); hs_graph_next (&heap->graph, &it, &t);)
        if (t != o)
          referenced[t >> 3] |= (guint8)(1u << (t & 7));
    }
  for (HsObj o = 0; o < n; o++)
    if (!(referenced[o >> 3] & (1u << (o & 7))))
      {
        HsRoot r = { hs_heap_object_id (heap, o), o, HS_ROOT_INFERRED, 0, 0, HS_OBJ_NONE };
        g_array_append_val (heap->roots, r);
        heap->flags[o] |= HS_FLAG_ROOT | HS_FLAG_REACHABLE;
        queue[found++] = o;
      }
  hs_mem_free (referenced);
  heap->summary.roots_inferred = TRUE;
  _hs_heap_add_warning (heap,
                        "the dump has no GC roots (cut short before them?): the %" G_GUINT64_FORMAT
                        " objects nothing references are taken as the roots",
                        found);
  return found;
}

void
_hs_heap_compute_reachability (HsHeap *heap, gboolean defer)
{
  guint64 n = heap->n;
  HsObj *queue = hs_mem_new (HsObj, n + 1);
  guint64 head = 0, tail = 0;
  HsSummary *s = &heap->summary;

  for (guint i = 0; i < heap->roots->len; i++)
    {
      HsRoot *r = &g_array_index (heap->roots, HsRoot, i);
      r->obj = hs_heap_find (heap, r->id);
      if (r->obj == HS_OBJ_NONE)
        {
          s->roots_missing++;
          continue;
        }
      if (r->type == HS_ROOT_JAVA_FRAME || r->type == HS_ROOT_JNI_LOCAL || r->type == HS_ROOT_NATIVE_STACK
          || r->type == HS_ROOT_THREAD_BLOCK || r->type == HS_ROOT_JNI_MONITOR)
        {
          guint64 *tid = g_hash_table_lookup (heap->thread_objs, GUINT_TO_POINTER (r->thread_serial));
          r->thread_obj = tid ? hs_heap_find (heap, *tid) : HS_OBJ_NONE;
        }
      if (!(heap->flags[r->obj] & HS_FLAG_ROOT))
        {
          heap->flags[r->obj] |= HS_FLAG_ROOT | HS_FLAG_REACHABLE;
          queue[tail++] = r->obj;
        }
    }
  s->root_records = heap->roots->len;
  if (tail == 0 && n > 0)
    tail = infer_roots (heap, queue);
  s->gc_roots = tail;
  /* Distinct objects per root type. */
  {
    GHashTable *seen = g_hash_table_new (g_int64_hash, g_int64_equal);
    GArray *keys = g_array_sized_new (FALSE, FALSE, sizeof (gint64), heap->roots->len);
    for (guint i = 0; i < heap->roots->len; i++)
      {
        HsRoot *r = &g_array_index (heap->roots, HsRoot, i);
        if (r->obj == HS_OBJ_NONE)
          continue;
        gint64 k = ((gint64)r->type << 40) | r->obj;
        g_array_append_val (keys, k);
      }
    for (guint i = 0; i < keys->len; i++)
      {
        gint64 *k = &g_array_index (keys, gint64, i);
        if (!g_hash_table_contains (seen, k))
          {
            g_hash_table_add (seen, k);
            s->roots_by_type[(*k >> 40) & 0xff]++;
          }
      }
    g_hash_table_unref (seen);
    g_array_unref (keys);
  }
  _hs_heap_debug_time ("  roots");
  if (defer)
    {
      /* The dominator tree's walk finds the same set: hs_heap_set_reachable(). */
      hs_mem_free (queue);
      return;
    }
  while (head < tail)
    {
      HsObj o = queue[head++], t;
      for (HsGraphEdges it = hs_graph_edges (&heap->graph, o); hs_graph_next (&heap->graph, &it, &t);)
        {
          if (!(heap->flags[t] & HS_FLAG_REACHABLE))
            {
              heap->flags[t] |= HS_FLAG_REACHABLE;
              queue[tail++] = t;
            }
        }
    }
  hs_mem_free (queue);
  _hs_heap_debug_time ("  bfs");
  compute_totals (heap);
}

static void
compute_totals (HsHeap *heap)
{
  guint64 n = heap->n;
  HsSummary *s = &heap->summary;
  for (guint64 i = 0; i < n; i++)
    {
      guint kind = heap->flags[i] & HS_FLAG_KIND_MASK;
      gboolean reach = (heap->flags[i] & HS_FLAG_REACHABLE) != 0;
      guint64 sz = hs_heap_object_shallow (heap, (HsObj)i);
      switch (kind)
        {
          case HS_KIND_INSTANCE: s->instances++; break;
          case HS_KIND_CLASS: s->class_objects++; break;
          case HS_KIND_OBJ_ARRAY: s->object_arrays++; break;
          default: s->primitive_arrays++; break;
        }
      s->shallow_bytes += sz;
      if (reach)
        {
          s->reachable_objects++;
          s->reachable_bytes += sz;
        }
      HsClass c = hs_heap_object_class (heap, (HsObj)i);
      if (c != HS_CLASS_NONE)
        {
          HsClassInfo *ci = hs_class_info (heap, c);
          ci->count++;
          ci->shallow += sz;
          ci->reachable_count += reach;
        }
    }
  s->objects = n;
  s->unreachable_objects = n - s->reachable_objects;
  s->unreachable_bytes = s->shallow_bytes - s->reachable_bytes;
  s->classes = heap->classes->len;
  _hs_heap_heaps_add_totals (heap);
  heap->totals_done = TRUE;
}

void
hs_heap_set_reachable (HsHeap *heap, const HsObj *idom)
{
  g_return_if_fail (heap != NULL);
  g_return_if_fail (idom != NULL);
  if (heap->totals_done)
    return;
  for (guint64 i = 0; i < heap->n; i++)
    if (idom[i] != HS_OBJ_NONE)
      heap->flags[i] |= HS_FLAG_REACHABLE;
  compute_totals (heap);
}

void
hs_heap_set_reachable_bits (HsHeap *heap, const guint64 *bits)
{
  g_return_if_fail (heap != NULL);
  g_return_if_fail (bits != NULL);
  if (heap->totals_done)
    return;
  for (guint64 i = 0; i < heap->n; i++)
    if ((bits[i >> 6] >> (i & 63)) & 1)
      heap->flags[i] |= HS_FLAG_REACHABLE;
  compute_totals (heap);
}

/* Per object in whole-heap walks: unchecked. */
const HsObj *
hs_heap_refs (HsHeap *heap, HsObj o, HsObj *first, gsize *n)
{
  guint64 b = hs_graph_begin (&heap->graph, o);
  *first = hs_graph_first (&heap->graph, o);
  *n = hs_graph_end (&heap->graph, o) - b;
  return heap->ref_targets + b;
}

/* The reverse CSR in offsets of type T: each object's in-degree counted at
 * its own slot and summed (off[v] = the end of v's referrers), then every
 * edge placed from the last source down, which leaves off[v] at the start
 * of v's referrers, listed in ascending order, with no second array. */
#define BUILD_REFERRERS(off, tg, g, N)                                                                       \
  G_STMT_START                                                                                               \
  {                                                                                                          \
    for (guint64 e_ = 0, m_ = hs_graph_n_stored (g); e_ < m_; e_++)                                          \
      (off)[hs_graph_target ((g), e_)]++;                                                                    \
    for (guint64 s_ = 0; s_ < (N); s_++)                                                                     \
      {                                                                                                      \
        HsObj f_ = hs_graph_first ((g), s_);                                                                 \
        if (f_ != HS_OBJ_NONE)                                                                               \
          (off)[f_]++;                                                                                       \
      }                                                                                                      \
    for (guint64 i_ = 1; i_ <= (N); i_++)                                                                    \
      (off)[i_] += (off)[i_ - 1];                                                                            \
    for (guint64 s_ = (N); s_-- > 0;)                                                                        \
      {                                                                                                      \
        guint64 b_ = hs_graph_begin ((g), s_);                                                               \
        HsObj f_ = hs_graph_first ((g), s_);                                                                 \
        for (guint64 e_ = hs_graph_end ((g), s_); e_-- > b_;)                                                \
          (tg)[--(off)[hs_graph_target ((g), e_)]] = (HsObj)s_;                                              \
        if (f_ != HS_OBJ_NONE)                                                                               \
          (tg)[--(off)[f_]] = (HsObj)s_;                                                                     \
      }                                                                                                      \
  }                                                                                                          \
  G_STMT_END

const HsObj *
hs_heap_referrers (HsHeap *heap, HsObj o, gsize *n)
{
  g_return_val_if_fail (heap != NULL && o < heap->n && n != NULL, NULL);
  g_mutex_lock (&heap->referrers_lock);
  if (!heap->rev_targets)
    {
      const HsGraph *g = &heap->graph;
      guint64 N = heap->n, E = hs_graph_n_edges (g);
      HsObj *tg = g_new (HsObj, MAX (E, (guint64)1));
      /* Below 2^32 references no in-degree or offset needs more bits. */
      if (E <= G_MAXUINT32)
        {
          guint32 *off = g_new0 (guint32, N + 1);
          BUILD_REFERRERS (off, tg, g, N);
          heap->rev_off32 = off;
        }
      else
        {
          guint64 *off = g_new0 (guint64, N + 1);
          BUILD_REFERRERS (off, tg, g, N);
          heap->rev_off64 = off;
        }
      heap->rev_targets = tg;
      heap->n_rev = E;
    }
  g_mutex_unlock (&heap->referrers_lock);
  guint64 b = heap->rev_off32 ? heap->rev_off32[o] : heap->rev_off64[o];
  guint64 e = heap->rev_off32 ? heap->rev_off32[o + 1] : heap->rev_off64[o + 1];
  *n = e - b;
  return heap->rev_targets + b;
}
