/* hs-heap-subrecords.c: pass 2 of the load, the sub-records of the chosen
 * dump's bodies: every object's id and offset, the CLASS_DUMP offsets, the
 * roots and thread objects, the hints of Android and of compressed
 * references. With several bodies, two threads take a half each. */
#include "config.h"

#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-memory-check.h"
#include "hs-mem.h"
#include "hs-parallel.h"

/* Length of the sub-record at p (tag included), or 0 if it does not fit in
 * [p, end); *bad set for an unknown tag. */
static guint64
subrecord_length (const guint8 *p, const guint8 *end, guint ids, gboolean *bad)
{
  guint64 avail = end - p;
  guint64 need;
  *bad = FALSE;
  switch (p[0])
    {
      case HS_ROOT_UNKNOWN:
      case HS_ROOT_STICKY_CLASS:
      case HS_ROOT_MONITOR_USED:
      case HS_ROOT_INTERNED_STRING:
      case HS_ROOT_FINALIZING:
      case HS_ROOT_DEBUGGER:
      case HS_ROOT_REFERENCE_CLEANUP:
      case HS_ROOT_VM_INTERNAL:
      case HS_ROOT_UNREACHABLE: need = 1 + ids; break;
      case HS_ROOT_JNI_GLOBAL: need = 1 + 2 * (guint64)ids; break;
      case HS_ROOT_JNI_LOCAL:
      case HS_ROOT_JAVA_FRAME:
      case HS_ROOT_JNI_MONITOR: need = 1 + ids + 8; break;
      case HS_ROOT_NATIVE_STACK:
      case HS_ROOT_THREAD_BLOCK: need = 1 + ids + 4; break;
      case HS_ROOT_THREAD_OBJECT: need = 1 + ids + 8; break;
      case HS_HPROF_HEAP_DUMP_INFO: need = 1 + 4 + ids; break;
      case HS_HPROF_PRIM_ARRAY_NODATA:
        {
          /* As 0x23 without the data (hprof-conv writes it as a zero-length
     * 0x23): the same element types, and no more elements than a 0x23
     * could hold in a heap dump record (u4 length), as its size is taken
     * from the declared length. */
          need = 1 + ids + 4 + 4 + 1;
          if (avail < need)
            return 0;
          guint es = hs_type_size (p[1 + ids + 8], ids);
          if (es == 0 || p[1 + ids + 8] == HS_TYPE_OBJECT
              || (guint64)hs_be32 (p + 1 + ids + 4) * es > G_MAXUINT32 - (1 + ids + 4 + 4 + 1))
            {
              *bad = TRUE;
              return 0;
            }
          break;
        }
      case HS_HPROF_INSTANCE_DUMP:
        need = 1 + ids + 4 + ids + 4;
        if (avail < need)
          return 0;
        need += hs_be32 (p + 1 + ids + 4 + ids);
        break;
      case HS_HPROF_OBJ_ARRAY_DUMP:
        need = 1 + ids + 4 + 4 + ids;
        if (avail < need)
          return 0;
        need += (guint64)hs_be32 (p + 1 + ids + 4) * ids;
        break;
      case HS_HPROF_PRIM_ARRAY_DUMP:
        {
          need = 1 + ids + 4 + 4 + 1;
          if (avail < need)
            return 0;
          guint es = hs_type_size (p[1 + ids + 8], ids);
          if (es == 0 || p[1 + ids + 8] == HS_TYPE_OBJECT)
            {
              *bad = TRUE;
              return 0;
            }
          need += (guint64)hs_be32 (p + 1 + ids + 4) * es;
          break;
        }
      case HS_HPROF_CLASS_DUMP:
        {
          guint64 q = 1 + 7 * (guint64)ids + 4 + 4;
          if (avail < q + 2)
            return 0;
          guint np = hs_be16 (p + q);
          q += 2;
          for (guint i = 0; i < np; i++)
            {
              if (avail < q + 3)
                return 0;
              guint ts = hs_type_size (p[q + 2], ids);
              if (ts == 0)
                {
                  *bad = TRUE;
                  return 0;
                }
              q += 3 + ts;
            }
          if (avail < q + 2)
            return 0;
          guint ns = hs_be16 (p + q);
          q += 2;
          for (guint i = 0; i < ns; i++)
            {
              if (avail < q + ids + 1)
                return 0;
              guint ts = hs_type_size (p[q + ids], ids);
              if (ts == 0)
                {
                  *bad = TRUE;
                  return 0;
                }
              q += ids + 1 + ts;
            }
          if (avail < q + 2)
            return 0;
          guint nf = hs_be16 (p + q);
          q += 2;
          q += (guint64)nf * (ids + 1);
          need = q;
          break;
        }
      default: *bad = TRUE; return 0;
    }
  return avail >= need ? need : 0;
}

/* Output of one sub-record worker (a slice of the dump's bodies). */
typedef struct
{
  HsParse *ps;
  HsLoadProgress *prog; /* NULL in the second thread */
  guint first_body, end_body;
  guint64 *ids, *offs;
  guint64 n, cap;
  GArray *class_dumps;
  GArray *roots;
  GHashTable *threads; /* serial -> id */
  guint prim_types_seen;
  gboolean android, compressed;
  gboolean have_first_arr, have_last_arr;
  guint64 first_arr, last_arr, last_arr_len;
  gboolean failed;
  GError *error;
  gboolean stopped; /* a truncated final record: stop here */
  guint64 stopped_at;
} SubJob;

static void
add_root (SubJob *job, guint8 type, guint64 id, guint32 thread, guint32 frame)
{
  HsRoot r = { .id = id,
               .obj = HS_OBJ_NONE,
               .type = type,
               .thread_serial = thread,
               .frame = frame,
               .thread_obj = HS_OBJ_NONE };
  g_array_append_val (job->roots, r);
}

static gpointer
subrecord_worker (gpointer data)
{
  SubJob *job = data;
  HsParse *ps = job->ps;
  HsHeap *heap = ps->heap;
  const guint8 *d = heap->data;
  guint ids = heap->id_size;
  guint64 n = 0;

  for (guint r = job->first_body; r < job->end_body && !job->stopped; r++)
    {
      HsByteRange *rg = &g_array_index (ps->bodies, HsByteRange, r);
      const guint8 *p = d + rg->off, *end = d + rg->off + rg->len;
      while (p < end)
        {
          gboolean bad;
          guint64 sl = subrecord_length (p, end, ids, &bad);
          guint64 off = p - d;
          if (bad)
            {
              _hs_set_format_error (&job->error, heap->name, off,
                                    "unknown or invalid heap dump sub-record (tag 0x%02x)", p[0]);
              job->failed = TRUE;
              return NULL;
            }
          if (sl == 0)
            {
              /* Does not fit in its record: a truncated file, or a record length
         * that lies. Either way, keep what came before. */
              if (!ps->truncated || rg->off + rg->len < heap->len)
                {
                  _hs_set_format_error (&job->error, heap->name, off,
                                        "heap dump sub-record (tag 0x%02x) runs past the end of its record",
                                        p[0]);
                  job->failed = TRUE;
                  return NULL;
                }
              job->stopped = TRUE;
              job->stopped_at = off;
              break;
            }
          guint8 tag = p[0];
          const guint8 *b = p + 1;
          switch (tag)
            {
              case HS_HPROF_CLASS_DUMP:
              case HS_HPROF_INSTANCE_DUMP:
              case HS_HPROF_OBJ_ARRAY_DUMP:
              case HS_HPROF_PRIM_ARRAY_DUMP:
              case HS_HPROF_PRIM_ARRAY_NODATA:
                {
                  guint64 id = hs_read_id (b, ids);
                  if (G_UNLIKELY (job->n == job->cap))
                    {
                      guint64 ncap = MAX (job->cap * 2, (guint64)1 << 16);
                      guint64 *nids = hs_mem_try_realloc (job->ids, ncap * sizeof (guint64));
                      if (nids)
                        job->ids = nids;
                      guint64 *noffs = nids ? hs_mem_try_realloc (job->offs, ncap * sizeof (guint64)) : NULL;
                      if (!noffs)
                        {
                          /* Out of memory while indexing: a message, not an abort. */
                          /* The same estimate as the up-front check (hs-memory-check.c). */
                          g_autofree char *s = g_format_size (hs_heap_estimate_memory (job->n, 0));
                          g_set_error (&job->error, HS_ERROR, HS_ERROR_NO_MEMORY,
                                       "%s: out of memory after indexing %" G_GUINT64_FORMAT
                                       " objects: analysing this dump needs more than %s of memory",
                                       heap->name, job->n, s);
                          job->failed = TRUE;
                          return NULL;
                        }
                      job->offs = noffs;
                      job->cap = ncap;
                    }
                  job->ids[job->n] = id;
                  job->offs[job->n++] = off;
                  if (tag == HS_HPROF_CLASS_DUMP)
                    g_array_append_val (job->class_dumps, off);
                  else if (tag == HS_HPROF_PRIM_ARRAY_DUMP || tag == HS_HPROF_PRIM_ARRAY_NODATA)
                    job->prim_types_seen |= 1u << (b[ids + 8] & 31);
                  else if (tag == HS_HPROF_OBJ_ARRAY_DUMP)
                    {
                      /* Compressed references (SEMANTICS.md): an object array starting
           * inside the space the previous one would need with 8-byte refs. */
                      guint64 alen = hs_be32 (b + ids + 4);
                      if (!job->have_first_arr)
                        {
                          job->first_arr = id;
                          job->have_first_arr = TRUE;
                        }
                      else if (id > job->last_arr && id < job->last_arr + 16 + 8 * job->last_arr_len)
                        job->compressed = TRUE;
                      job->last_arr = id;
                      job->last_arr_len = alen;
                      job->have_last_arr = TRUE;
                    }
                  break;
                }
              case HS_HPROF_HEAP_DUMP_INFO: job->android = TRUE; break;
              case HS_ROOT_JNI_GLOBAL: add_root (job, tag, hs_read_id (b, ids), 0, 0); break;
              case HS_ROOT_JNI_LOCAL:
              case HS_ROOT_JAVA_FRAME:
              case HS_ROOT_JNI_MONITOR:
                add_root (job, tag, hs_read_id (b, ids), hs_be32 (b + ids), hs_be32 (b + ids + 4));
                break;
              case HS_ROOT_NATIVE_STACK:
              case HS_ROOT_THREAD_BLOCK:
                add_root (job, tag, hs_read_id (b, ids), hs_be32 (b + ids), 0);
                break;
              case HS_ROOT_THREAD_OBJECT:
                {
                  guint64 id = hs_read_id (b, ids);
                  guint32 serial = hs_be32 (b + ids);
                  add_root (job, tag, id, serial, hs_be32 (b + ids + 4)); /* frame: its stack trace serial */
                  if (id)
                    g_hash_table_insert (job->threads, GUINT_TO_POINTER (serial), g_memdup2 (&id, sizeof id));
                  break;
                }
              case HS_ROOT_UNREACHABLE: /* not a root */ break;
              default: /* the other one-id roots */ add_root (job, tag, hs_read_id (b, ids), 0, 0); break;
            }
          p += sl;
          if ((++n & 0x3ffff) == 0)
            {
              if (job->prog)
                _hs_progress_report (
                    job->prog, "parsing",
                    0.05
                        + 0.9 * (double)(off - g_array_index (ps->bodies, HsByteRange, job->first_body).off)
                              / (double)MAX (
                                  (guint64)1,
                                  g_array_index (ps->bodies, HsByteRange, job->end_body - 1).off
                                      - g_array_index (ps->bodies, HsByteRange, job->first_body).off));
              if (g_cancellable_is_cancelled (ps->cancellable))
                {
                  job->failed = TRUE;
                  g_cancellable_set_error_if_cancelled (ps->cancellable, &job->error);
                  return NULL;
                }
            }
        }
    }
  return NULL;
}

static gpointer
guarded_subrecord_worker (gpointer data)
{
  SubJob *job = data;
  if (!hs_guarded_call (subrecord_worker, job))
    {
      job->failed = TRUE;
      g_clear_error (&job->error);
      g_set_error (&job->error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read",
                   job->ps->heap->name);
    }
  return NULL;
}

/* Walks the chosen dump's sub-records; with several bodies (segments), in
 * two threads over two halves of the bytes, merged in file order. */
gboolean
_hs_heap_pass_subrecords (HsParse *ps, HsLoadProgress *prog, GError **error)
{
  HsHeap *heap = ps->heap;
  guint nb = ps->bodies->len;
  SubJob jobs[2] = { 0 };
  guint nthreads = 1, split = nb;
  guint64 total = 0, acc = 0;

  for (guint r = 0; r < nb; r++)
    total += g_array_index (ps->bodies, HsByteRange, r).len;
  if (nb >= 4 && total > (32u << 20) && g_get_num_processors () > 1)
    {
      for (split = 0; split < nb && acc < total / 2; split++)
        acc += g_array_index (ps->bodies, HsByteRange, split).len;
      nthreads = split < nb ? 2 : 1;
    }
  for (guint t = 0; t < nthreads; t++)
    {
      jobs[t].ps = ps;
      jobs[t].prog = t == 0 ? prog : NULL;
      jobs[t].first_body = t == 0 ? 0 : split;
      jobs[t].end_body = (t == 0 && nthreads == 2) ? split : nb;
      jobs[t].class_dumps = g_array_new (FALSE, FALSE, sizeof (guint64));
      jobs[t].roots = g_array_new (FALSE, FALSE, sizeof (HsRoot));
      jobs[t].threads = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
    }
  hs_run_pair ("hs-parse", guarded_subrecord_worker, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);

  gboolean ok = TRUE;
  for (guint t = 0; t < nthreads && ok; t++)
    {
      if (jobs[t].failed)
        {
          g_propagate_error (error, g_steal_pointer (&jobs[t].error));
          ok = FALSE;
        }
      else if (jobs[t].stopped && t == 0 && nthreads == 2)
        {
          /* A stop before the second half means the rest is not trustworthy. */
          _hs_set_format_error (error, heap->name, jobs[t].stopped_at,
                                "heap dump sub-record runs past the end of its record");
          ok = FALSE;
        }
    }
  /* Before the merged copies (g_new aborts): fail with a message instead. */
  if (ok)
    ok = _hs_heap_check_memory (heap, jobs[0].n + jobs[1].n, error);
  if (ok)
    {
      guint64 n = 0;
      for (guint t = 0; t < nthreads; t++)
        n += jobs[t].n;
      ps->n_objects = n;
      /* The first half's arrays grow to hold both (realloc moves no pages
     * of big blocks), the second half is appended. */
      ps->obj_ids = hs_mem_realloc (g_steal_pointer (&jobs[0].ids), MAX (n, (guint64)1) * sizeof (guint64));
      ps->obj_offs = hs_mem_realloc (g_steal_pointer (&jobs[0].offs), MAX (n, (guint64)1) * sizeof (guint64));
      guint64 w = jobs[0].n;
      for (guint t = 0; t < nthreads; t++)
        {
          if (t > 0 && jobs[t].n > 0)
            {
              memcpy (ps->obj_ids + w, jobs[t].ids, jobs[t].n * sizeof (guint64));
              memcpy (ps->obj_offs + w, jobs[t].offs, jobs[t].n * sizeof (guint64));
              w += jobs[t].n;
            }
          g_array_append_vals (ps->class_dumps, jobs[t].class_dumps->data, jobs[t].class_dumps->len);
          g_array_append_vals (heap->roots, jobs[t].roots->data, jobs[t].roots->len);
          GHashTableIter it;
          gpointer k, v;
          g_hash_table_iter_init (&it, jobs[t].threads);
          while (g_hash_table_iter_next (&it, &k, &v))
            {
              g_hash_table_iter_steal (&it);
              g_hash_table_insert (heap->thread_objs, k, v);
            }
          ps->prim_types_seen |= jobs[t].prim_types_seen;
          heap->android |= jobs[t].android;
          heap->compressed_refs |= jobs[t].compressed;
          if (jobs[t].stopped)
            ps->truncated_at = jobs[t].stopped_at;
        }
      /* The pair of object arrays that straddles the two halves. */
      if (nthreads == 2 && jobs[0].have_last_arr && jobs[1].have_first_arr
          && jobs[1].first_arr > jobs[0].last_arr
          && jobs[1].first_arr < jobs[0].last_arr + 16 + 8 * jobs[0].last_arr_len)
        heap->compressed_refs = TRUE;
    }
  for (guint t = 0; t < nthreads; t++)
    {
      hs_mem_free (jobs[t].ids);
      hs_mem_free (jobs[t].offs);
      g_array_unref (jobs[t].class_dumps);
      g_array_unref (jobs[t].roots);
      g_hash_table_unref (jobs[t].threads);
      g_clear_error (&jobs[t].error);
    }
  return ok;
}
