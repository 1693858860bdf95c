/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-subrecords.c: pass 2 of the load, the sub-records of the chosen
 * dump's bodies: every object's id and offset, the CLASS_DUMP offsets, the
 * roots and thread objects, the hints of Android and of compressed
 * references. One walk in file order; a second thread writes the object
 * arrays beside it. */
#include "config.h"

#include <string.h>
#include <time.h>

#include "hs-heap-load-private.h"
#include "hs-memory-check.h"
#include "hs-timing.h"
#include "hs-mem.h"

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

/* ---- the object list: a writer beside the walk ---------------------------
 * The walk (one thread, in file order: the sub-records cannot be split
 * without reading them) hands its objects' ids and offsets over in small
 * chunks that stay in the cache; a second thread appends them to the
 * object arrays. Those arrays are the pass's only big output (16 B per
 * object) and their pages are fresh: faulting them in is as much work as
 * the walk itself, and now runs beside it. One list in file order, so no
 * merge copy either. */
#define CHUNK_OBJECTS 16384
#define N_CHUNKS 4

typedef struct
{
  guint n;
  guint64 ids[CHUNK_OBJECTS];
  guint64 offs[CHUNK_OBJECTS];
} Chunk;

typedef struct
{
  GAsyncQueue *full, *empty; /* NULL: the walk appends itself */
  Chunk *chunks[N_CHUNKS];
  guint64 *ids;
  guint8 *offs; /* packed, w bytes each (heap->offs), 8 bytes to spare */
  guint w;
  guint64 n, cap;
  gint oom;             /* atomic: an append failed */
  gint64 t_wall, t_cpu; /* HEAPSCOPE_DEBUG_TIMES: the writer's own time, in us */
} Sink;

/* Pushed after the walk's last chunk. */
static Chunk end_of_walk;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Appends a chunk to the arrays; FALSE if they cannot grow. */
static gboolean
sink_append (Sink *s, const Chunk *c)
{
  if (G_UNLIKELY (s->n + c->n > s->cap))
    {
      guint64 ncap = MAX (s->cap * 2, (guint64)1 << 16);
      guint64 *nids = hs_mem_try_realloc (s->ids, ncap * sizeof (guint64));
      if (nids)
        s->ids = nids;
      guint8 *noffs = nids ? hs_mem_try_realloc (s->offs, ncap * s->w + 8) : NULL;
      if (!noffs)
        return FALSE;
      s->offs = noffs;
      s->cap = ncap;
    }
  memcpy (s->ids + s->n, c->ids, c->n * sizeof (guint64));
  /* In file order, so each 8-byte store's spare bytes are overwritten by
   * the next (the last one's land in the 8 bytes to spare). */
  guint8 *o = s->offs + s->n * s->w;
  for (guint i = 0; i < c->n; i++, o += s->w)
    {
      guint64 v = GUINT64_TO_LE (c->offs[i]);
      memcpy (o, &v, 8);
    }
  s->n += c->n;
  return TRUE;
}

static gpointer
sink_thread (gpointer data)
{
  Sink *s = data;
  gint64 w0 = g_get_monotonic_time (), c0 = thread_cpu_us ();
  for (;;)
    {
      Chunk *c = g_async_queue_pop (s->full);
      if (c == &end_of_walk)
        break;
      if (!g_atomic_int_get (&s->oom) && !sink_append (s, c))
        g_atomic_int_set (&s->oom, 1);
      g_async_queue_push (s->empty, c);
    }
  s->t_wall = g_get_monotonic_time () - w0;
  s->t_cpu = thread_cpu_us () - c0;
  return NULL;
}

/* What the walk finds besides the objects. */
typedef struct
{
  HsParse *ps;
  HsLoadProgress *prog;
  Sink *sink;
  Chunk *cur; /* being filled */
  guint64 n;  /* objects handed to the sink */
  GArray *class_dumps;
  GArray *roots;
  GHashTable *threads; /* serial -> id */
  guint prim_types_seen;
  gboolean android, compressed;
  gboolean have_last_arr;
  guint64 last_arr, last_arr_len;
  /* Heaps (hs-heap-heaps.c): the heap the last HEAP_DUMP_INFO named, the
   * one of the run being written (G_MAXUINT before the first object), and
   * the last HEAP_DUMP_INFO's values (ART repeats it every segment). */
  guint cur_heap, run_heap;
  guint32 info_heap_id;
  guint64 info_name_id;
  gboolean have_info;
  gboolean failed;
  GError *error;
  gboolean stopped; /* a truncated final record: stop here */
  guint64 stopped_at;
} SubJob;

static void
set_oom_error (SubJob *job)
{
  /* Out of memory while indexing: a message, not an abort. The same
   * estimate as the up-front check (hs-memory-check.c). */
  guint64 n = job->sink->n;
  g_autofree char *s = g_format_size (hs_heap_estimate_memory (n, 0));
  g_clear_error (&job->error);
  g_set_error (&job->error, HS_ERROR, HS_ERROR_NO_MEMORY,
               "%s: out of memory after indexing %" G_GUINT64_FORMAT
               " objects: analysing this dump needs more than %s of memory",
               job->ps->heap->name, n, s);
  job->failed = TRUE;
}

/* The chunk being filled goes to the sink; FALSE when the sink is out of
 * memory (the error is set). */
static gboolean
flush_chunk (SubJob *job)
{
  Sink *s = job->sink;
  if (job->cur->n == 0)
    return TRUE;
  job->n += job->cur->n;
  if (!s->full)
    {
      gboolean ok = sink_append (s, job->cur);
      job->cur->n = 0;
      if (!ok)
        set_oom_error (job);
      return ok;
    }
  g_async_queue_push (s->full, job->cur);
  job->cur = g_async_queue_pop (s->empty);
  job->cur->n = 0;
  if (g_atomic_int_get (&s->oom))
    {
      set_oom_error (job);
      return FALSE;
    }
  return TRUE;
}

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
  guint nb = ps->bodies->len;
  guint64 n = 0;
  guint64 first_off = nb ? g_array_index (ps->bodies, HsByteRange, 0).off : 0;
  guint64 last_off = nb ? g_array_index (ps->bodies, HsByteRange, nb - 1).off : 0;

  for (guint r = 0; r < nb && !job->stopped; r++)
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
                  Chunk *c = job->cur;
                  if (G_UNLIKELY (job->cur_heap != job->run_heap))
                    {
                      guint8 h = job->cur_heap;
                      g_array_append_val (ps->heap_run_offs, off);
                      g_array_append_val (ps->heap_run_heaps, h);
                      job->run_heap = job->cur_heap;
                    }
                  c->ids[c->n] = id;
                  c->offs[c->n++] = off;
                  if (G_UNLIKELY (c->n == CHUNK_OBJECTS) && !flush_chunk (job))
                    return NULL;
                  if (tag == HS_HPROF_CLASS_DUMP)
                    g_array_append_val (job->class_dumps, off);
                  else if (tag == HS_HPROF_PRIM_ARRAY_DUMP || tag == HS_HPROF_PRIM_ARRAY_NODATA)
                    job->prim_types_seen |= 1u << (b[ids + 8] & 31);
                  else if (tag == HS_HPROF_OBJ_ARRAY_DUMP)
                    {
                      /* Compressed references (docs/semantics.md): an object array starting
           * inside the space the previous one would need with 8-byte refs. */
                      guint64 alen = hs_be32 (b + ids + 4);
                      if (job->have_last_arr && id > job->last_arr
                          && id < job->last_arr + 16 + 8 * job->last_arr_len)
                        job->compressed = TRUE;
                      job->last_arr = id;
                      job->last_arr_len = alen;
                      job->have_last_arr = TRUE;
                    }
                  break;
                }
              case HS_HPROF_HEAP_DUMP_INFO:
                {
                  guint32 hid = hs_be32 (b);
                  guint64 nid = hs_read_id (b + 4, ids);
                  job->android = TRUE;
                  if (!job->have_info || hid != job->info_heap_id || nid != job->info_name_id)
                    {
                      job->cur_heap = _hs_heap_heap_for_info (ps, hid, nid);
                      job->info_heap_id = hid;
                      job->info_name_id = nid;
                      job->have_info = TRUE;
                    }
                  break;
                }
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
                    0.05 + 0.9 * (double)(off - first_off) / (double)MAX ((guint64)1, last_off - first_off));
              if (g_cancellable_is_cancelled (ps->cancellable))
                {
                  job->failed = TRUE;
                  g_cancellable_set_error_if_cancelled (ps->cancellable, &job->error);
                  return NULL;
                }
            }
        }
    }
  flush_chunk (job);
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

/* Walks the chosen dump's sub-records in file order; past 1 MiB of bodies
 * and with two cores, the object arrays are written by a second thread. */
gboolean
_hs_heap_pass_subrecords (HsParse *ps, HsLoadProgress *prog, GError **error)
{
  HsHeap *heap = ps->heap;
  Sink sink = { 0 };
  SubJob job = { 0 };
  GThread *writer = NULL;
  guint64 total = 0;

  for (guint r = 0; r < ps->bodies->len; r++)
    total += g_array_index (ps->bodies, HsByteRange, r).len;
  for (guint i = 0; i < N_CHUNKS; i++)
    sink.chunks[i] = g_new (Chunk, 1);
  /* Offsets are packed as they are written: as many bytes as the file's
   * length needs (4 below 4 GiB, 5 below 1 TiB). */
  sink.w = 4;
  while (sink.w < 8 && ((guint64)heap->len >> (8 * sink.w)) != 0)
    sink.w++;
  if (total > (1u << 20) && g_get_num_processors () > 1)
    {
      sink.full = g_async_queue_new ();
      sink.empty = g_async_queue_new ();
      for (guint i = 1; i < N_CHUNKS; i++)
        g_async_queue_push (sink.empty, sink.chunks[i]);
      writer = g_thread_try_new ("hs-objects", sink_thread, &sink, NULL);
      if (!writer)
        {
          g_clear_pointer (&sink.full, g_async_queue_unref);
          g_clear_pointer (&sink.empty, g_async_queue_unref);
        }
    }
  job.ps = ps;
  job.prog = prog;
  job.sink = &sink;
  job.cur = sink.chunks[0];
  job.cur->n = 0;
  job.class_dumps = ps->class_dumps;
  job.roots = heap->roots;
  job.threads = heap->thread_objs;
  job.run_heap = G_MAXUINT;
  _hs_heap_heaps_init (ps);
  gint64 w0 = g_get_monotonic_time (), c0 = thread_cpu_us ();
  guarded_subrecord_worker (&job);
  gint64 walk_wall = g_get_monotonic_time () - w0, walk_cpu = thread_cpu_us () - c0;
  if (writer)
    {
      g_async_queue_push (sink.full, &end_of_walk);
      g_thread_join (writer);
      if (!job.failed && g_atomic_int_get (&sink.oom))
        set_oom_error (&job);
      g_async_queue_unref (sink.full);
      g_async_queue_unref (sink.empty);
    }
  for (guint i = 0; i < N_CHUNKS; i++)
    g_free (sink.chunks[i]);
  if (hs_timing_enabled ())
    g_printerr ("    walk %.3f s wall %.3f s cpu; writer %.3f s wall %.3f s cpu\n", walk_wall / 1e6,
                walk_cpu / 1e6, sink.t_wall / 1e6, sink.t_cpu / 1e6);

  gboolean ok = TRUE;
  if (job.failed)
    {
      g_propagate_error (error, g_steal_pointer (&job.error));
      ok = FALSE;
    }
  /* Before anything else is allocated: fail with a message instead. */
  if (ok)
    ok = _hs_heap_check_memory (heap, sink.n, error);
  if (ok)
    {
      ps->n_objects = sink.n;
      ps->obj_ids = hs_mem_realloc (g_steal_pointer (&sink.ids), MAX (sink.n, (guint64)1) * sizeof (guint64));
      gsize packed = (gsize)sink.n * sink.w + 8;
      heap->offs = hs_mem_realloc (g_steal_pointer (&sink.offs), packed);
      memset (heap->offs + packed - 8, 0, 8);
      heap->off_width = sink.w;
      heap->off_mask = sink.w == 8 ? G_MAXUINT64 : ((guint64)1 << (8 * sink.w)) - 1;
      ps->prim_types_seen |= job.prim_types_seen;
      heap->android |= job.android;
      heap->compressed_refs |= job.compressed;
      if (job.stopped)
        ps->truncated_at = job.stopped_at;
    }
  hs_mem_free (sink.ids);
  hs_mem_free (sink.offs);
  g_clear_error (&job.error);
  return ok;
}
