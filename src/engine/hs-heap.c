/* hs-heap.c: reading an HPROF file into flat arrays.
 *
 * Passes: (1) walk the top-level records: strings, class names, and the
 * heap-dump bodies of the chosen dump; (2) walk those bodies' sub-records,
 * collecting every object's id and offset, the classes and the roots;
 * (3) sort objects by id (radix), build the id lookup and class layouts;
 * (4) per object, in two threads: class, shallow size, references (CSR);
 * (5) reachability and totals. Every read of the file is bounds-checked.
 */
#include "config.h"

#include <string.h>
#include <zlib.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <setjmp.h>
#include <signal.h>
#include <unistd.h>

#include "hs-heap-private.h"
#include "hs-mem.h"
#include "hs-debug.h"
#include "hs-parallel.h"

G_DEFINE_QUARK (hs-error-quark, hs_error)

typedef struct {
  HsProgressFunc func;
  gpointer data;
  GCancellable *cancellable;
} Progress;

/* HS_DEBUG_TIMES=1: the time of each step of the index phase. */
static HsDebugClock index_clock = { "", FALSE, 0, 0 };
#define debug_time(what) hs_debug_step (&index_clock, (what))

static void
progress_report (Progress *p, const char *phase, double fraction)
{
  if (p->func)
    p->func (phase, CLAMP (fraction, 0.0, 1.0), p->data);
}

static gboolean
check_cancel (Progress *p, GError **error)
{
  return !g_cancellable_set_error_if_cancelled (p->cancellable, error);
}

static void
set_format_error (GError **error, const char *name, guint64 offset, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static void
set_format_error (GError **error, const char *name, guint64 offset, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s: at byte offset %" G_GUINT64_FORMAT ": %s",
               name, offset, msg);
}

/* ---- SIGBUS guard --------------------------------------------------------
 * A mapped file that shrinks while we read it raises SIGBUS on the pages past
 * its new end. Code that reads the mapping runs under a guard: the fault
 * jumps back to the guard, which reports a clean error instead of dying. */
typedef struct { sigjmp_buf env; } BusGuard;
static __thread BusGuard *bus_guard;
static struct sigaction bus_previous;

static void
bus_handler (int sig, siginfo_t *info, void *ctx)
{
  if (bus_guard)
    siglongjmp (bus_guard->env, 1);
  /* Not ours: what was there before, or the default (die). */
  if (bus_previous.sa_flags & SA_SIGINFO && bus_previous.sa_sigaction)
    bus_previous.sa_sigaction (sig, info, ctx);
  else if (bus_previous.sa_handler != SIG_IGN && bus_previous.sa_handler != SIG_DFL && bus_previous.sa_handler)
    bus_previous.sa_handler (sig);
  else {
    signal (SIGBUS, SIG_DFL);
    raise (SIGBUS);
  }
}

static void
bus_install (void)
{
  static gsize once = 0;
  if (g_once_init_enter (&once)) {
    struct sigaction sa = { 0 };
    sa.sa_sigaction = bus_handler;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset (&sa.sa_mask);
    sigaction (SIGBUS, &sa, &bus_previous);
    g_once_init_leave (&once, 1);
  }
}

/* Runs fn (data); FALSE if it touched a page of a file that had shrunk. */
gboolean
hs_guarded_call (GThreadFunc fn, gpointer data)
{
  BusGuard g, *prev = bus_guard;
  bus_install ();
  if (sigsetjmp (g.env, 1) != 0) {
    bus_guard = prev;
    return FALSE;
  }
  bus_guard = &g;
  fn (data);
  bus_guard = prev;
  return TRUE;
}

/* Warnings add up, one line each. */
static void add_warning (HsHeap *heap, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
add_warning (HsHeap *heap, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  char *joined = heap->warning ? g_strconcat (heap->warning, "\n", msg, NULL) : g_strdup (msg);
  g_free (heap->warning);
  heap->warning = joined;
}

/* ---- gzip ---------------------------------------------------------------- */

/* Inflates every gzip member (jcmd -gz writes one per 1 MiB block). */
static guint8 *
gunzip_all (const guint8 *in, gsize in_len, gsize *out_len, gboolean *truncated,
            const char *name, Progress *prog, GError **error)
{
  z_stream zs = { 0 };
  gsize cap = MAX (in_len * 4, (gsize) 1 << 20), used = 0;
  guint8 *out = g_try_malloc (cap);
  int ret;

  if (!out) {
    g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: cannot allocate %" G_GSIZE_FORMAT " bytes to decompress", name, cap);
    return NULL;
  }
  if (inflateInit2 (&zs, 16 + MAX_WBITS) != Z_OK) {
    g_free (out);
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: zlib init failed", name);
    return NULL;
  }
  zs.next_in = (Bytef *) in;
  zs.avail_in = 0;
  gsize consumed = 0;
  guint iter = 0;
  for (;;) {
    if (zs.avail_in == 0) {
      gsize chunk = MIN (in_len - consumed, (gsize) G_MAXUINT32 / 2);
      zs.next_in = (Bytef *) in + consumed;
      zs.avail_in = (uInt) chunk;
      consumed += chunk;
    }
    if (cap - used < (1 << 20)) {
      gsize ncap = cap * 2;
      guint8 *n = g_try_realloc (out, ncap);
      if (!n) {
        inflateEnd (&zs);
        g_free (out);
        g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: out of memory decompressing (needs more than %" G_GSIZE_FORMAT " bytes)", name, cap);
        return NULL;
      }
      out = n;
      cap = ncap;
    }
    zs.next_out = out + used;
    zs.avail_out = (uInt) MIN (cap - used, (gsize) G_MAXUINT32 / 2);
    uInt before = zs.avail_out;
    ret = inflate (&zs, Z_NO_FLUSH);
    used += before - zs.avail_out;
    if (ret == Z_STREAM_END) {
      gsize pos = consumed - zs.avail_in;
      /* Another member follows? Skip padding zeros some writers leave. */
      while (pos < in_len && in[pos] == 0)
        pos++;
      if (pos + 2 <= in_len && in[pos] == 0x1f && in[pos + 1] == 0x8b) {
        inflateReset (&zs);
        consumed = pos;
        zs.avail_in = 0;
        continue;
      }
      break;
    }
    if (ret == Z_BUF_ERROR && zs.avail_in == 0 && consumed >= in_len) {
      /* Truncated gzip: keep what was inflated, and say so. */
      *truncated = TRUE;
      break;
    }
    if (ret != Z_OK && ret != Z_BUF_ERROR) {
      gsize pos = consumed - zs.avail_in;
      inflateEnd (&zs);
      g_free (out);
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s: corrupt gzip data near compressed byte offset %" G_GSIZE_FORMAT ": %s",
                   name, pos, zs.msg ? zs.msg : "inflate error");
      return NULL;
    }
    if ((++iter & 63) == 0) {
      progress_report (prog, "reading", (double) consumed / (double) in_len);
      if (g_cancellable_is_cancelled (prog->cancellable)) {
        inflateEnd (&zs);
        g_free (out);
        g_cancellable_set_error_if_cancelled (prog->cancellable, error);
        return NULL;
      }
    }
  }
  inflateEnd (&zs);
  *out_len = used;
  return out;
}

/* ---- pass 1: top-level records ----------------------------------------- */

typedef struct { guint64 id; guint64 off; guint32 len; } StringRef;
typedef struct { guint64 class_id; guint64 name_id; } LoadClass;
typedef struct { guint64 off, len; } Range;

static int
cmp_string_ref (const void *a, const void *b)
{
  const StringRef *x = a, *y = b;
  return x->id < y->id ? -1 : x->id > y->id;
}

static int
cmp_load_class (const void *a, const void *b)
{
  const LoadClass *x = a, *y = b;
  return x->class_id < y->class_id ? -1 : x->class_id > y->class_id;
}

typedef struct {
  HsHeap *heap;
  GArray *strings;     /* StringRef, sorted after pass 1 */
  GArray *load_classes;/* LoadClass, sorted */
  GArray *bodies;      /* Range of the chosen dump's heap-dump records */
  /* pass 2 output */
  guint64 *obj_ids;
  guint64 *obj_offs;
  guint64 n_objects;
  GCancellable *cancellable;
  GArray *class_dumps; /* guint64 offsets of CLASS_DUMP sub-records */
  gboolean truncated;
  guint64 truncated_at;
  guint64 duplicates;
  guint prim_types_seen; /* bit per HsType */
} Parse;

static const char *
string_lookup (Parse *ps, guint64 id, gsize *len)
{
  StringRef key = { .id = id };
  /* No bsearch on the NULL data of an empty table (UB). */
  StringRef *r = ps->strings->len ? bsearch (&key, ps->strings->data, ps->strings->len, sizeof (StringRef), cmp_string_ref) : NULL;
  if (!r)
    return NULL;
  *len = r->len;
  return (const char *) ps->heap->data + r->off;
}

static gboolean
pass_records (Parse *ps, Progress *prog, GError **error)
{
  HsHeap *heap = ps->heap;
  const guint8 *d = heap->data;
  gsize len = heap->len, pos;
  guint ids = heap->id_size;
  int dump = -1;
  int seg_dump = -1;
  guint n = 0;

  pos = strlen ((const char *) d) + 1 + 4 + 8;
  while (pos < len) {
    if (len - pos < 9) {
      ps->truncated = TRUE;
      ps->truncated_at = pos;
      break;
    }
    guint8 tag = d[pos];
    guint64 blen = hs_be32 (d + pos + 5);
    guint64 body = pos + 9;
    guint64 avail = len - body;
    gboolean cut = blen > avail;
    if (cut) {
      ps->truncated = TRUE;
      ps->truncated_at = pos;
      blen = avail;
    }
    switch (tag) {
    case 0x01: /* STRING */
      if (!cut && blen >= ids) {
        StringRef s = { hs_read_id (d + body, ids), body + ids, (guint32) (blen - ids) };
        g_array_append_val (ps->strings, s);
      }
      break;
    case 0x02: /* LOAD_CLASS */
      if (!cut && blen >= 8 + 2 * (guint64) ids) {
        LoadClass lc = { hs_read_id (d + body + 4, ids), hs_read_id (d + body + 8 + ids, ids) };
        g_array_append_val (ps->load_classes, lc);
      }
      break;
    case 0x0C: /* HEAP_DUMP: a dump of its own */
      dump++;
      if (dump == (int) heap->dump_index) {
        Range r = { body, blen };
        g_array_append_val (ps->bodies, r);
      }
      break;
    case 0x1C: /* HEAP_DUMP_SEGMENT */
      /* All segments of a file make one dump, even across HEAP_DUMP_END
       * markers (the hprof agent's repeated segmented dumps; see
       * docs/semantics.md). */
      if (seg_dump < 0)
        seg_dump = ++dump;
      if (seg_dump == (int) heap->dump_index) {
        Range r = { body, blen };
        g_array_append_val (ps->bodies, r);
      }
      break;
    default: /* other records, known or not, have a length: skip */
      break;
    }
    if (cut)
      break;
    pos = body + blen;
    if ((++n & 0xffff) == 0) {
      progress_report (prog, "parsing", 0.2 * pos / (double) len);
      if (!check_cancel (prog, error))
        return FALSE;
    }
  }
  heap->n_dumps = dump + 1;
  if (heap->n_dumps == 0) {
    if (ps->truncated)
      set_format_error (error, heap->name, ps->truncated_at, "the file is truncated before any heap dump record");
    else
      set_format_error (error, heap->name, heap->len, "the file ends without a heap dump (no HEAP_DUMP or HEAP_DUMP_SEGMENT record)");
    return FALSE;
  }
  if (heap->dump_index >= heap->n_dumps) {
    g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: there is no dump %u: the file holds %u dump%s (numbered from 0)",
                 heap->name, heap->dump_index, heap->n_dumps, heap->n_dumps == 1 ? "" : "s");
    return FALSE;
  }
  /* An empty GArray has NULL data, which qsort must not be given. */
  if (ps->strings->len > 1)
    qsort (ps->strings->data, ps->strings->len, sizeof (StringRef), cmp_string_ref);
  if (ps->load_classes->len > 1)
    qsort (ps->load_classes->data, ps->load_classes->len, sizeof (LoadClass), cmp_load_class);
  return TRUE;
}

/* ---- pass 2: heap dump sub-records --------------------------------------- */

/* Length of the sub-record at p (tag included), or 0 if it does not fit in
 * [p, end); *bad set for an unknown tag. */
static guint64
subrecord_length (const guint8 *p, const guint8 *end, guint ids, gboolean *bad)
{
  guint64 avail = end - p;
  guint64 need;
  *bad = FALSE;
  switch (p[0]) {
  case 0xFF: case 0x05: case 0x07: case 0x89: case 0x8A: case 0x8B:
  case 0x8C: case 0x8D: case 0x90:
    need = 1 + ids; break;
  case 0x01: need = 1 + 2 * (guint64) ids; break;
  case 0x02: case 0x03: case 0x8E: need = 1 + ids + 8; break;
  case 0x04: case 0x06: need = 1 + ids + 4; break;
  case 0x08: need = 1 + ids + 8; break;
  case 0xFE: need = 1 + 4 + ids; break;
  case 0xC3: need = 1 + ids + 4 + 4 + 1; break;
  case 0x21: /* INSTANCE_DUMP */
    need = 1 + ids + 4 + ids + 4;
    if (avail < need) return 0;
    need += hs_be32 (p + 1 + ids + 4 + ids);
    break;
  case 0x22: /* OBJ_ARRAY_DUMP */
    need = 1 + ids + 4 + 4 + ids;
    if (avail < need) return 0;
    need += (guint64) hs_be32 (p + 1 + ids + 4) * ids;
    break;
  case 0x23: { /* PRIM_ARRAY_DUMP */
    need = 1 + ids + 4 + 4 + 1;
    if (avail < need) return 0;
    guint es = hs_type_size (p[1 + ids + 8], ids);
    if (es == 0 || p[1 + ids + 8] == HS_TYPE_OBJECT) { *bad = TRUE; return 0; }
    need += (guint64) hs_be32 (p + 1 + ids + 4) * es;
    break;
  }
  case 0x20: { /* CLASS_DUMP */
    guint64 q = 1 + 7 * (guint64) ids + 4 + 4;
    if (avail < q + 2) return 0;
    guint np = hs_be16 (p + q); q += 2;
    for (guint i = 0; i < np; i++) {
      if (avail < q + 3) return 0;
      guint ts = hs_type_size (p[q + 2], ids);
      if (ts == 0) { *bad = TRUE; return 0; }
      q += 3 + ts;
    }
    if (avail < q + 2) return 0;
    guint ns = hs_be16 (p + q); q += 2;
    for (guint i = 0; i < ns; i++) {
      if (avail < q + ids + 1) return 0;
      guint ts = hs_type_size (p[q + ids], ids);
      if (ts == 0) { *bad = TRUE; return 0; }
      q += ids + 1 + ts;
    }
    if (avail < q + 2) return 0;
    guint nf = hs_be16 (p + q); q += 2;
    q += (guint64) nf * (ids + 1);
    need = q;
    break;
  }
  default:
    *bad = TRUE;
    return 0;
  }
  return avail >= need ? need : 0;
}

/* Output of one sub-record worker (a slice of the dump's bodies). */
typedef struct {
  Parse *ps;
  Progress *prog;         /* NULL in the second thread */
  guint first_body, end_body;
  guint64 *ids, *offs;
  guint64 n, cap;
  GArray *class_dumps;
  GArray *roots;
  GHashTable *threads;    /* serial -> id */
  guint prim_types_seen;
  gboolean android, compressed;
  gboolean have_first_arr, have_last_arr;
  guint64 first_arr, last_arr, last_arr_len;
  gboolean failed;
  GError *error;
  gboolean stopped;       /* a truncated final record: stop here */
  guint64 stopped_at;
} SubJob;

static void
add_root (SubJob *job, guint8 type, guint64 id, guint32 thread, guint32 frame)
{
  HsRoot r = { .id = id, .obj = HS_OBJ_NONE, .type = type, .thread_serial = thread,
               .frame = frame, .thread_obj = HS_OBJ_NONE };
  g_array_append_val (job->roots, r);
}

static gpointer
subrecord_worker (gpointer data)
{
  SubJob *job = data;
  Parse *ps = job->ps;
  HsHeap *heap = ps->heap;
  const guint8 *d = heap->data;
  guint ids = heap->id_size;
  guint64 n = 0;

  for (guint r = job->first_body; r < job->end_body && !job->stopped; r++) {
    Range *rg = &g_array_index (ps->bodies, Range, r);
    const guint8 *p = d + rg->off, *end = d + rg->off + rg->len;
    while (p < end) {
      gboolean bad;
      guint64 sl = subrecord_length (p, end, ids, &bad);
      guint64 off = p - d;
      if (bad) {
        set_format_error (&job->error, heap->name, off, "unknown or invalid heap dump sub-record (tag 0x%02x)", p[0]);
        job->failed = TRUE;
        return NULL;
      }
      if (sl == 0) {
        /* Does not fit in its record: a truncated file, or a record length
         * that lies. Either way, keep what came before. */
        if (!ps->truncated || rg->off + rg->len < heap->len) {
          set_format_error (&job->error, heap->name, off, "heap dump sub-record (tag 0x%02x) runs past the end of its record", p[0]);
          job->failed = TRUE;
          return NULL;
        }
        job->stopped = TRUE;
        job->stopped_at = off;
        break;
      }
      guint8 tag = p[0];
      const guint8 *b = p + 1;
      switch (tag) {
      case 0x20: case 0x21: case 0x22: case 0x23: case 0xC3: {
        guint64 id = hs_read_id (b, ids);
        if (G_UNLIKELY (job->n == job->cap)) {
          guint64 ncap = MAX (job->cap * 2, (guint64) 1 << 16);
          guint64 *nids = hs_mem_try_realloc (job->ids, ncap * sizeof (guint64));
          if (nids)
            job->ids = nids;
          guint64 *noffs = nids ? hs_mem_try_realloc (job->offs, ncap * sizeof (guint64)) : NULL;
          if (!noffs) {
            /* Out of memory while indexing: a message, not an abort. */
            g_autofree char *s = g_format_size (job->n * 84);
            g_set_error (&job->error, HS_ERROR, HS_ERROR_NO_MEMORY,
                         "%s: out of memory after indexing %" G_GUINT64_FORMAT " objects: analysing this dump needs more than %s of memory",
                         heap->name, job->n, s);
            job->failed = TRUE;
            return NULL;
          }
          job->offs = noffs;
          job->cap = ncap;
        }
        job->ids[job->n] = id;
        job->offs[job->n++] = off;
        if (tag == 0x20)
          g_array_append_val (job->class_dumps, off);
        else if (tag == 0x23 || tag == 0xC3)
          job->prim_types_seen |= 1u << (b[ids + 8] & 31);
        else if (tag == 0x22) {
          /* Compressed references (SEMANTICS.md): an object array starting
           * inside the space the previous one would need with 8-byte refs. */
          guint64 alen = hs_be32 (b + ids + 4);
          if (!job->have_first_arr) {
            job->first_arr = id;
            job->have_first_arr = TRUE;
          } else if (id > job->last_arr && id < job->last_arr + 16 + 8 * job->last_arr_len)
            job->compressed = TRUE;
          job->last_arr = id;
          job->last_arr_len = alen;
          job->have_last_arr = TRUE;
        }
        break;
      }
      case 0xFE:
        job->android = TRUE;
        break;
      case 0x01:
        add_root (job, tag, hs_read_id (b, ids), 0, 0);
        break;
      case 0x02: case 0x03: case 0x8E:
        add_root (job, tag, hs_read_id (b, ids), hs_be32 (b + ids), hs_be32 (b + ids + 4));
        break;
      case 0x04: case 0x06:
        add_root (job, tag, hs_read_id (b, ids), hs_be32 (b + ids), 0);
        break;
      case 0x08: {
        guint64 id = hs_read_id (b, ids);
        guint32 serial = hs_be32 (b + ids);
        add_root (job, tag, id, serial, 0);
        if (id)
          g_hash_table_insert (job->threads, GUINT_TO_POINTER (serial), g_memdup2 (&id, sizeof id));
        break;
      }
      case 0x90: /* ROOT_UNREACHABLE: not a root */
        break;
      default: /* the other one-id roots */
        add_root (job, tag, hs_read_id (b, ids), 0, 0);
        break;
      }
      p += sl;
      if ((++n & 0x3ffff) == 0) {
        if (job->prog)
          progress_report (job->prog, "parsing", 0.05 + 0.9 * (double) (off - g_array_index (ps->bodies, Range, job->first_body).off) /
                                                  (double) MAX ((guint64) 1, g_array_index (ps->bodies, Range, job->end_body - 1).off - g_array_index (ps->bodies, Range, job->first_body).off));
        if (g_cancellable_is_cancelled (ps->cancellable)) {
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
  if (!hs_guarded_call (subrecord_worker, job)) {
    job->failed = TRUE;
    g_clear_error (&job->error);
    g_set_error (&job->error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read", job->ps->heap->name);
  }
  return NULL;
}

static gboolean check_memory (HsHeap *heap, guint64 n_objects, GError **error);

/* Walks the chosen dump's sub-records; with several bodies (segments), in
 * two threads over two halves of the bytes, merged in file order. */
static gboolean
pass_subrecords (Parse *ps, Progress *prog, GError **error)
{
  HsHeap *heap = ps->heap;
  guint nb = ps->bodies->len;
  SubJob jobs[2] = { 0 };
  guint nthreads = 1, split = nb;
  guint64 total = 0, acc = 0;

  for (guint r = 0; r < nb; r++)
    total += g_array_index (ps->bodies, Range, r).len;
  if (nb >= 4 && total > (32u << 20) && g_get_num_processors () > 1) {
    for (split = 0; split < nb && acc < total / 2; split++)
      acc += g_array_index (ps->bodies, Range, split).len;
    nthreads = split < nb ? 2 : 1;
  }
  for (guint t = 0; t < nthreads; t++) {
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
  for (guint t = 0; t < nthreads && ok; t++) {
    if (jobs[t].failed) {
      g_propagate_error (error, g_steal_pointer (&jobs[t].error));
      ok = FALSE;
    } else if (jobs[t].stopped && t == 0 && nthreads == 2) {
      /* A stop before the second half means the rest is not trustworthy. */
      set_format_error (error, heap->name, jobs[t].stopped_at, "heap dump sub-record runs past the end of its record");
      ok = FALSE;
    }
  }
  /* Before the merged copies (g_new aborts): fail with a message instead. */
  if (ok)
    ok = check_memory (heap, jobs[0].n + jobs[1].n, error);
  if (ok) {
    guint64 n = 0;
    for (guint t = 0; t < nthreads; t++)
      n += jobs[t].n;
    ps->n_objects = n;
    /* The first half's arrays grow to hold both (realloc moves no pages
     * of big blocks), the second half is appended. */
    ps->obj_ids = hs_mem_realloc (g_steal_pointer (&jobs[0].ids), MAX (n, (guint64) 1) * sizeof (guint64));
    ps->obj_offs = hs_mem_realloc (g_steal_pointer (&jobs[0].offs), MAX (n, (guint64) 1) * sizeof (guint64));
    guint64 w = jobs[0].n;
    for (guint t = 0; t < nthreads; t++) {
      if (t > 0 && jobs[t].n > 0) {
        memcpy (ps->obj_ids + w, jobs[t].ids, jobs[t].n * sizeof (guint64));
        memcpy (ps->obj_offs + w, jobs[t].offs, jobs[t].n * sizeof (guint64));
        w += jobs[t].n;
      }
      g_array_append_vals (ps->class_dumps, jobs[t].class_dumps->data, jobs[t].class_dumps->len);
      g_array_append_vals (heap->roots, jobs[t].roots->data, jobs[t].roots->len);
      GHashTableIter it;
      gpointer k, v;
      g_hash_table_iter_init (&it, jobs[t].threads);
      while (g_hash_table_iter_next (&it, &k, &v)) {
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
    if (nthreads == 2 && jobs[0].have_last_arr && jobs[1].have_first_arr &&
        jobs[1].first_arr > jobs[0].last_arr && jobs[1].first_arr < jobs[0].last_arr + 16 + 8 * jobs[0].last_arr_len)
      heap->compressed_refs = TRUE;
  }
  for (guint t = 0; t < nthreads; t++) {
    hs_mem_free (jobs[t].ids);
    hs_mem_free (jobs[t].offs);
    g_array_unref (jobs[t].class_dumps);
    g_array_unref (jobs[t].roots);
    g_hash_table_unref (jobs[t].threads);
    g_clear_error (&jobs[t].error);
  }
  return ok;
}

/* ---- sorting ----------------------------------------------------------------- */

/* Stable LSD radix sort of (key, payload) pairs by key, skipping digits that
 * are the same everywhere. */
static void
radix_sort_pairs (guint64 *keys, guint64 *vals, guint64 n)
{
  if (n < 2)
    return;
  gboolean sorted = TRUE;
  for (guint64 i = 1; i < n && sorted; i++)
    sorted = keys[i - 1] <= keys[i];
  if (sorted)
    return;
  guint64 *k2 = hs_mem_new (guint64, n), *v2 = hs_mem_new (guint64, n);
  guint64 *ka = keys, *va = vals, *kb = k2, *vb = v2;
  for (guint shift = 0; shift < 64; shift += 11) {
    guint64 count[2048] = { 0 };
    for (guint64 i = 0; i < n; i++)
      count[(ka[i] >> shift) & 2047]++;
    if (count[(ka[0] >> shift) & 2047] == n)
      continue;
    guint64 sum = 0;
    for (guint i = 0; i < 2048; i++) {
      guint64 c = count[i];
      count[i] = sum;
      sum += c;
    }
    for (guint64 i = 0; i < n; i++) {
      guint64 pos = count[(ka[i] >> shift) & 2047]++;
      kb[pos] = ka[i];
      vb[pos] = va[i];
    }
    guint64 *t = ka; ka = kb; kb = t;
    t = va; va = vb; vb = t;
  }
  if (ka != keys) {
    memcpy (keys, ka, n * sizeof (guint64));
    memcpy (vals, va, n * sizeof (guint64));
  }
  hs_mem_free (k2);
  hs_mem_free (v2);
}

typedef struct { guint64 start, len, first, last; } Run;

static int
cmp_run_start (const void *a, const void *b)
{
  const Run *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static int
cmp_run_last (const void *a, const void *b)
{
  const Run *x = a, *y = b;
  return x->last < y->last ? -1 : x->last > y->last;
}

/* Sorts (id, offset) pairs by id, equal ids in file order (offsets grow
 * with it). HotSpot writes objects as a few hundred ascending runs (heap
 * regions, then classes): the largest set of runs whose id ranges do not
 * overlap is taken as is (a weighted interval schedule), the rest is radix
 * sorted, and the two are merged in one pass. Returns new arrays. */
static void
sort_objects (guint64 **pkeys, guint64 **pvals, guint64 n)
{
  guint64 *keys = *pkeys, *vals = *pvals;
  guint64 nr = 1;
  for (guint64 i = 1; i < n; i++)
    nr += keys[i - 1] > keys[i];
  if (n < 2 || nr == 1)
    return;
  if (nr > n / 64 || nr > 1000000) {
    radix_sort_pairs (keys, vals, n);
    return;
  }
  Run *runs = g_new (Run, nr);
  guint64 r = 0, start = 0;
  for (guint64 i = 1; i <= n; i++) {
    if (i == n || keys[i - 1] > keys[i]) {
      runs[r++] = (Run) { start, i - start, keys[start], keys[i - 1] };
      start = i;
    }
  }
  qsort (runs, nr, sizeof (Run), cmp_run_last);
  /* best[j]: the most objects in non-overlapping runs among runs[0..j). */
  guint64 *best = g_new0 (guint64, nr + 1);
  guint64 *prev = g_new (guint64, nr);
  for (guint64 j = 0; j < nr; j++) {
    guint64 lo = 0, hi = j; /* runs[0..lo) end before runs[j] starts */
    while (lo < hi) {
      guint64 mid = (lo + hi) / 2;
      if (runs[mid].last < runs[j].first)
        lo = mid + 1;
      else
        hi = mid;
    }
    prev[j] = lo;
    guint64 take = best[lo] + runs[j].len;
    best[j + 1] = MAX (best[j], take);
  }
  guint8 *chosen = g_new0 (guint8, nr);
  for (guint64 j = nr; j > 0;) {
    if (best[j] == best[j - 1]) {
      j--;
      continue;
    }
    chosen[j - 1] = 1;
    j = prev[j - 1];
  }
  guint64 kept = best[nr];
  g_free (best);
  g_free (prev);
  if (kept < n / 2) {
    g_free (runs);
    g_free (chosen);
    radix_sort_pairs (keys, vals, n);
    return;
  }
  /* Leftovers, in file order, radix sorted (stable). */
  guint64 m = n - kept;
  guint64 *lk = hs_mem_new (guint64, m + 1), *lv = hs_mem_new (guint64, m + 1);
  {
    /* The runs not chosen, back in file order (the runs cut [0, n) in
     * pieces): their objects are the leftovers, in file order. */
    guint64 nl = 0;
    Run *left = g_new (Run, nr);
    for (guint64 j = 0; j < nr; j++)
      if (!chosen[j])
        left[nl++] = runs[j];
    qsort (left, nl, sizeof (Run), cmp_run_start);
    guint64 w = 0;
    for (guint64 j = 0; j < nl; j++) {
      memcpy (lk + w, keys + left[j].start, left[j].len * sizeof (guint64));
      memcpy (lv + w, vals + left[j].start, left[j].len * sizeof (guint64));
      w += left[j].len;
    }
    g_assert (w == m);
    g_free (left);
  }
  radix_sort_pairs (lk, lv, m);
  guint64 *ok = hs_mem_new (guint64, n), *ov = hs_mem_new (guint64, n);
  guint64 w = 0, li = 0;
  for (guint64 j = 0; j < nr; j++) {
    if (!chosen[j])
      continue;
    for (guint64 i = runs[j].start; i < runs[j].start + runs[j].len; i++) {
      while (li < m && (lk[li] < keys[i] || (lk[li] == keys[i] && lv[li] < vals[i]))) {
        ok[w] = lk[li];
        ov[w++] = lv[li++];
      }
      ok[w] = keys[i];
      ov[w++] = vals[i];
    }
  }
  while (li < m) {
    ok[w] = lk[li];
    ov[w++] = lv[li++];
  }
  g_assert (w == n);
  hs_mem_free (lk);
  hs_mem_free (lv);
  g_free (runs);
  g_free (chosen);
  hs_mem_free (keys);
  hs_mem_free (vals);
  *pkeys = ok;
  *pvals = ov;
}

typedef struct {
  HsHeap *heap;
  guint64 b0, b1;    /* buckets [b0, b1) */
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
  while (lo < hi) {
    guint64 mid = lo + (hi - lo) / 2;
    if (((ids[mid] - min_id) >> shift) < job->b0)
      lo = mid + 1;
    else
      hi = mid;
  }
  guint64 i = lo;
  for (guint64 b = job->b0; b < job->b1; b++) {
    while (i < n && ((ids[i] - min_id) >> shift) < b)
      i++;
    heap->buckets[b] = (guint32) i;
  }
  return NULL;
}

static void
build_lookup (HsHeap *heap)
{
  guint64 n = heap->n;
  if (n == 0) {
    heap->n_buckets = 1;
    heap->buckets = g_new0 (guint32, 2);
    return;
  }
  heap->min_id = heap->ids[0];
  guint64 range = heap->ids[n - 1] - heap->min_id;
  guint64 want = MAX ((guint64) 1, n);
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
    jobs[t] = (LookupJob) { heap, (heap->n_buckets + 1) * t / nthreads, (heap->n_buckets + 1) * (t + 1) / nthreads };
  hs_run_pair ("hs-lookup", lookup_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
}

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
  while (lo < hi) {
    guint64 mid = lo + (hi - lo) / 2;
    if (ids[mid] < id)
      lo = mid + 1;
    else if (ids[mid] > id)
      hi = mid;
    else
      return (HsObj) mid;
  }
  return HS_OBJ_NONE;
}

/* ---- classes ------------------------------------------------------------------ */

/* Java source form of a class name: java/lang/String -> java.lang.String,
 * [I -> int[], [[Ljava/lang/Object; -> java.lang.Object[][]. */
static char *
pretty_class_name (const char *raw, gsize len)
{
  g_autofree char *valid = g_utf8_make_valid (raw, len);
  const char *s = valid;
  guint dims = 0;
  while (s[dims] == '[')
    dims++;
  GString *out = g_string_new (NULL);
  if (dims > 0) {
    const char *e = s + dims;
    switch (*e) {
    case 'Z': g_string_append (out, "boolean"); break;
    case 'C': g_string_append (out, "char"); break;
    case 'F': g_string_append (out, "float"); break;
    case 'D': g_string_append (out, "double"); break;
    case 'B': g_string_append (out, "byte"); break;
    case 'S': g_string_append (out, "short"); break;
    case 'I': g_string_append (out, "int"); break;
    case 'J': g_string_append (out, "long"); break;
    case 'L': {
      gsize l = strlen (e + 1);
      if (l > 0 && e[l] == ';')
        l--;
      g_string_append_len (out, e + 1, l);
      break;
    }
    default: g_string_append (out, s); dims = 0; break;
    }
  } else
    g_string_append (out, s);
  for (char *c = out->str; *c; c++)
    if (*c == '/')
      *c = '.';
  for (guint i = 0; i < dims; i++)
    g_string_append (out, "[]");
  return g_string_free (out, FALSE);
}

static HsClass
add_class (HsHeap *heap, const char *name)
{
  HsClassInfo ci = { 0 };
  ci.name = g_string_chunk_insert_const (heap->names, name);
  ci.obj = HS_OBJ_NONE;
  ci.super = HS_CLASS_NONE;
  g_array_append_val (heap->classes, ci);
  HsClass c = heap->classes->len - 1;
  if (!g_hash_table_contains (heap->class_by_name, ci.name))
    g_hash_table_insert (heap->class_by_name, ci.name, GUINT_TO_POINTER (c + 1));
  return c;
}

static const char *
intern_string_id (Parse *ps, guint64 sid)
{
  gsize len;
  const char *s = string_lookup (ps, sid, &len);
  if (!s) {
    char buf[40];
    g_snprintf (buf, sizeof buf, "<unnamed 0x%" G_GINT64_MODIFIER "x>", sid);
    return g_string_chunk_insert_const (ps->heap->names, buf);
  }
  g_autofree char *v = g_utf8_make_valid (s, len);
  return g_string_chunk_insert_const (ps->heap->names, v);
}

static int
cmp_u64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/* (key, payload) pairs by key, then payload. */
static int
cmp_u64_pair (const void *a, const void *b)
{
  const guint64 *x = a, *y = b;
  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

HsClass
hs_heap_class_by_id (HsHeap *heap, guint64 id)
{
  guint lo = 0, hi = heap->n_class_ids;
  while (lo < hi) {
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

HsValue
hs_value_decode (const guint8 *p, guint type, guint id_size)
{
  HsValue v = { .type = type };
  switch (type) {
  case HS_TYPE_OBJECT: v.id = hs_read_id (p, id_size); break;
  case HS_TYPE_BOOLEAN: v.z = p[0] != 0; break;
  case HS_TYPE_BYTE: v.b = (gint8) p[0]; break;
  case HS_TYPE_CHAR: v.c = hs_be16 (p); break;
  case HS_TYPE_SHORT: v.s = (gint16) hs_be16 (p); break;
  case HS_TYPE_INT: v.i = (gint32) hs_be32 (p); break;
  case HS_TYPE_FLOAT: { guint32 u = hs_be32 (p); memcpy (&v.f, &u, 4); break; }
  case HS_TYPE_LONG: v.j = (gint64) hs_be64 (p); break;
  case HS_TYPE_DOUBLE: { guint64 u = hs_be64 (p); memcpy (&v.d, &u, 8); break; }
  default: break;
  }
  return v;
}

static inline guint64
align_up (guint64 v, guint64 a)
{
  return (v + a - 1) / a * a;
}

static gboolean
load_classes (Parse *ps, GError **error)
{
  HsHeap *heap = ps->heap;
  const guint8 *d = heap->data;
  guint ids = heap->id_size;
  guint nc = ps->class_dumps->len;

  /* A class written twice (repeated dumps merged into one) keeps its last
   * CLASS_DUMP, like every other object; file order is kept otherwise. */
  {
    guint64 *pairs = g_new (guint64, 2 * (gsize) nc + 2);
    for (guint k = 0; k < nc; k++) {
      guint64 off = g_array_index (ps->class_dumps, guint64, k);
      pairs[2 * k] = hs_read_id (d + off + 1, ids);
      pairs[2 * k + 1] = off;
    }
    qsort (pairs, nc, 2 * sizeof (guint64), cmp_u64_pair);
    guint w = 0;
    for (guint k = 0; k < nc; k++) {
      if (k + 1 < nc && pairs[2 * k + 2] == pairs[2 * k])
        continue;
      g_array_index (ps->class_dumps, guint64, w++) = pairs[2 * k + 1];
    }
    g_array_set_size (ps->class_dumps, w);
    g_array_sort (ps->class_dumps, cmp_u64);
    nc = w;
    g_free (pairs);
  }

  for (guint k = 0; k < nc; k++) {
    guint64 off = g_array_index (ps->class_dumps, guint64, k);
    const guint8 *b = d + off + 1;
    guint64 cid = hs_read_id (b, ids);
    LoadClass key = { .class_id = cid };
    LoadClass *lc = ps->load_classes->len ? bsearch (&key, ps->load_classes->data, ps->load_classes->len, sizeof (LoadClass), cmp_load_class) : NULL;
    g_autofree char *name = NULL;
    if (lc) {
      gsize len;
      const char *raw = string_lookup (ps, lc->name_id, &len);
      name = raw ? pretty_class_name (raw, len) : NULL;
    }
    if (!name)
      name = g_strdup_printf ("<unknown class 0x%" G_GINT64_MODIFIER "x>", cid);
    HsClass c = add_class (heap, name);
    HsClassInfo *ci = hs_class_info (heap, c);
    ci->id = cid;
    ci->super_id = hs_read_id (b + ids + 4, ids);
    ci->loader_id = hs_read_id (b + 2 * ids + 4, ids);
    ci->declared_size = hs_be32 (b + 7 * ids + 4);
    guint64 q = 7 * ids + 8;
    guint np = hs_be16 (b + q); q += 2;
    for (guint i = 0; i < np; i++)
      q += 3 + hs_type_size (b[q + 2], ids);
    guint ns = hs_be16 (b + q); q += 2;
    ci->statics = ns ? g_new0 (HsStaticField, ns) : NULL;
    ci->n_statics = ns;
    guint64 ssize = 0;
    for (guint i = 0; i < ns; i++) {
      HsStaticField *sf = &ci->statics[i];
      sf->name = intern_string_id (ps, hs_read_id (b + q, ids));
      sf->type = b[q + ids];
      sf->value = hs_value_decode (b + q + ids + 1, sf->type, ids);
      ssize += sf->type == HS_TYPE_OBJECT ? 0 : hs_type_size (sf->type, ids);
      q += ids + 1 + hs_type_size (sf->type, ids);
    }
    ci->statics_size = (guint32) ssize; /* object statics added once R is known */
    guint nf = hs_be16 (b + q); q += 2;
    ci->fields = nf ? g_new0 (HsFieldDecl, nf) : NULL;
    ci->n_fields = nf;
    for (guint i = 0; i < nf; i++) {
      ci->fields[i].name = intern_string_id (ps, hs_read_id (b + q, ids));
      ci->fields[i].type = b[q + ids];
      if (hs_type_size (ci->fields[i].type, ids) == 0) {
        set_format_error (error, heap->name, off, "class %s declares field %s of invalid type %u",
                          ci->name, ci->fields[i].name, ci->fields[i].type);
        return FALSE;
      }
      q += ids + 1;
    }
  }

  /* Class id lookup. */
  heap->n_class_ids = heap->classes->len;
  heap->class_ids_sorted = g_new (guint64, heap->n_class_ids + 1);
  heap->class_ids_index = g_new (HsClass, heap->n_class_ids + 1);
  {
    guint64 *pairs = g_new (guint64, 2 * (gsize) heap->n_class_ids + 2);
    for (guint i = 0; i < heap->n_class_ids; i++) {
      pairs[2 * i] = hs_class_info (heap, i)->id;
      pairs[2 * i + 1] = i;
    }
    qsort (pairs, heap->n_class_ids, 2 * sizeof (guint64), cmp_u64);
    for (guint i = 0; i < heap->n_class_ids; i++) {
      heap->class_ids_sorted[i] = pairs[2 * i];
      heap->class_ids_index[i] = (HsClass) pairs[2 * i + 1];
    }
    g_free (pairs);
  }
  for (guint i = 0; i < heap->classes->len; i++) {
    HsClassInfo *ci = hs_class_info (heap, i);
    ci->super = ci->super_id ? hs_heap_class_by_id (heap, ci->super_id) : HS_CLASS_NONE;
  }
  /* Break superclass loops (hostile files) where they loop, in time linear
   * in the classes (a walk per class was quadratic on deep hierarchies):
   * state 1 = on the current walk, 2 = its chain ends. */
  {
    guint ncls = heap->classes->len;
    guint8 *state = g_new0 (guint8, ncls + 1);
    for (guint i = 0; i < ncls; i++) {
      HsClass c = i;
      while (c != HS_CLASS_NONE && state[c] == 0) {
        state[c] = 1;
        c = hs_class_info (heap, c)->super;
      }
      if (c != HS_CLASS_NONE && state[c] == 1) {
        /* The walk came back to c: cut c's link into the loop. */
        hs_class_info (heap, c)->super = HS_CLASS_NONE;
        add_warning (heap, "%s: the superclass chain of %s loops; it was cut", heap->name, hs_class_info (heap, c)->name);
      }
      for (c = i; c != HS_CLASS_NONE && state[c] == 1; c = hs_class_info (heap, c)->super)
        state[c] = 2;
    }
    g_free (state);
  }

  /* Android detection by java.lang.Object's shadow$_klass_ field. */
  HsClass obj_class = hs_heap_find_class (heap, "java.lang.Object");
  if (obj_class != HS_CLASS_NONE) {
    HsClassInfo *oc = hs_class_info (heap, obj_class);
    for (guint i = 0; i < oc->n_fields; i++)
      if (g_str_equal (oc->fields[i].name, "shadow$_klass_"))
        heap->android = TRUE;
  }
  return TRUE;
}

/* Sizes that depend on P, R and A, and each class's followed-reference
 * offsets within instance data. */
static void
layout_classes (HsHeap *heap)
{
  guint P = heap->id_size, R = heap->ref_size, A = heap->align;
  guint nc = heap->classes->len;
  GArray *pool = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 *sz = g_new0 (guint32, nc);      /* S(C) before alignment to A */
  guint8 *done = g_new0 (guint8, nc);
  HsClass *chain = g_new (HsClass, nc + 1);

  for (guint i = 0; i < nc; i++) {
    HsClassInfo *ci = hs_class_info (heap, i);
    guint32 nobj = 0;
    for (guint k = 0; k < ci->n_statics; k++)
      nobj += ci->statics[k].type == HS_TYPE_OBJECT;
    ci->statics_size = (guint32) align_up ((guint64) ci->statics_size + (guint64) nobj * R, A);
    if (strcmp (ci->name, "java.lang.ref.Reference") == 0)
      ci->is_reference_class = TRUE;
  }
  /* Sizes and instance data layout, from the top of each chain down. The
   * layout: own fields first, then the superclass's. A
   * class's reference offsets are its own, then its superclass's shifted by
   * its own data size: built from the top of each chain down, in time linear
   * in the pool (a walk of the whole chain per class was quadratic on deep
   * hierarchies). The pool is capped: a hostile file can make every one of
   * thousands of subclasses inherit 65535 reference fields. */
  const guint pool_cap = 1u << 24;
  gboolean capped = FALSE;
  for (guint i = 0; i < nc; i++) {
    guint depth = 0;
    HsClass c = i;
    while (c != HS_CLASS_NONE && !done[c]) {
      chain[depth++] = c;
      c = hs_class_info (heap, c)->super;
    }
    while (depth > 0) {
      HsClass kc = chain[--depth];
      HsClassInfo *k = hs_class_info (heap, kc);
      /* S(C) of SEMANTICS.md: P + R at the top, else the own fields plus
       * S(super), aligned up to R. */
      guint64 own = 0;
      for (guint f = 0; f < k->n_fields; f++)
        own += k->fields[f].type == HS_TYPE_OBJECT ? R : hs_type_size (k->fields[f].type, P);
      guint64 sc = k->super == HS_CLASS_NONE ? P + R : align_up (own + sz[k->super], R);
      sz[kc] = (guint32) MIN (sc, (guint64) G_MAXUINT32);
      k->instance_size = heap->android ? (guint32) align_up (k->declared_size, 8)
                                       : (guint32) align_up (sz[kc], A);
      guint64 pos = 0;
      k->refs_start = pool->len;
      for (guint f = 0; f < k->n_fields; f++) {
        if (k->fields[f].type == HS_TYPE_OBJECT &&
            !(k->is_reference_class && !heap->follow_weak && g_str_equal (k->fields[f].name, "referent"))) {
          guint32 o = (guint32) pos;
          g_array_append_val (pool, o);
        }
        pos += hs_type_size (k->fields[f].type, P);
      }
      if (k->super != HS_CLASS_NONE) {
        const HsClassInfo *s = hs_class_info (heap, k->super);
        if (pool->len + (guint64) s->refs_count > pool_cap) {
          capped = TRUE;
        } else {
          for (guint32 r = 0; r < s->refs_count; r++) {
            guint32 o = (guint32) (pos + g_array_index (pool, guint32, s->refs_start + r));
            g_array_append_val (pool, o);
          }
        }
        pos += s->data_size;
      }
      k->data_size = (guint32) MIN (pos, (guint64) G_MAXUINT32);
      k->refs_count = pool->len - k->refs_start;
      done[kc] = 1;
    }
  }
  if (capped)
    add_warning (heap, "%s: the classes inherit more than %u reference fields in all; the inherited references of some classes were left out",
                 heap->name, pool_cap);
  heap->n_class_ref_offsets = pool->len;
  heap->class_ref_offsets = (guint32 *) g_array_free (pool, FALSE);
  g_free (sz);
  g_free (done);
  g_free (chain);
}

/* Class names of primitive arrays, by element type. */
static const char *const prim_names[12] = {
  [HS_TYPE_BOOLEAN] = "boolean[]", [HS_TYPE_CHAR] = "char[]", [HS_TYPE_FLOAT] = "float[]",
  [HS_TYPE_DOUBLE] = "double[]", [HS_TYPE_BYTE] = "byte[]", [HS_TYPE_SHORT] = "short[]",
  [HS_TYPE_INT] = "int[]", [HS_TYPE_LONG] = "long[]",
};

/* Classes that are not in the dump but that objects need: primitive arrays
 * with no class object, java.lang.Class. */
static void
synthetic_classes (HsHeap *heap)
{
  for (guint t = 0; t < 12; t++) {
    heap->prim_class[t] = HS_CLASS_NONE;
    if (!prim_names[t])
      continue;
    HsClass c = hs_heap_find_class (heap, prim_names[t]);
    heap->prim_class[t] = c; /* created lazily below if an array needs it */
  }
  heap->class_class = hs_heap_find_class (heap, "java.lang.Class");
}

static HsClass
prim_class_for (HsHeap *heap, guint type)
{
  if (type >= 12 || !prim_names[type])
    return HS_CLASS_NONE;
  if (heap->prim_class[type] == HS_CLASS_NONE) {
    heap->prim_class[type] = add_class (heap, prim_names[type]);
    hs_class_info (heap, heap->prim_class[type])->prim_type = type;
  }
  return heap->prim_class[type];
}

/* ---- pass 4: per object: class, size, references ----------------------- */

typedef struct {
  HsHeap *heap;
  guint64 begin, end;
  guint64 *degree;        /* shared, per object (heap->ref_offsets, summed later) */
  HsObj *edges;
  guint64 n_edges, cap;
  guint64 dangling;
  gboolean failed;
  gboolean bus;           /* the file shrank under us */
  guint64 missing_class, missing_class_offset; /* instances of no known class */
  Progress *prog;         /* only thread 0 reports */
} EdgeJob;

static inline void
push_edge (EdgeJob *job, guint64 id, guint32 *deg)
{
  if (id == 0)
    return;
  HsObj t = hs_heap_find (job->heap, id);
  if (t == HS_OBJ_NONE) {
    job->dangling++;
    return;
  }
  if (G_UNLIKELY (job->n_edges == job->cap)) {
    job->cap = MAX (job->cap * 2, (guint64) 1 << 16);
    job->edges = hs_mem_realloc (job->edges, job->cap * sizeof (HsObj));
  }
  job->edges[job->n_edges++] = t;
  (*deg)++;
}

/* An edge to an object already resolved (class objects). */
static inline void
push_obj (EdgeJob *job, HsObj t, guint32 *deg)
{
  if (t == HS_OBJ_NONE)
    return;
  if (G_UNLIKELY (job->n_edges == job->cap)) {
    job->cap = MAX (job->cap * 2, (guint64) 1 << 16);
    job->edges = hs_mem_realloc (job->edges, job->cap * sizeof (HsObj));
  }
  job->edges[job->n_edges++] = t;
  (*deg)++;
}

static gpointer
edge_worker (gpointer data)
{
  EdgeJob *job = data;
  HsHeap *heap = job->heap;
  const guint8 *d = heap->data;
  guint ids = heap->id_size, P = heap->id_size, R = heap->ref_size, A = heap->align;

  for (guint64 i = job->begin; i < job->end; i++) {
    const guint8 *p = d + heap->offsets[i];
    const guint8 *b = p + 1;
    guint32 deg = 0;
    HsClass c = HS_CLASS_NONE;
    guint64 shallow = 0;
    guint kind = HS_KIND_INSTANCE;
    switch (p[0]) {
    case 0x21: {
      guint64 cid = hs_read_id (b + ids + 4, ids);
      guint32 nbytes = hs_be32 (b + 2 * ids + 4);
      const guint8 *fields = b + 2 * ids + 8;
      c = hs_heap_class_by_id (heap, cid);
      if (c != HS_CLASS_NONE) {
        HsClassInfo *ci = hs_class_info (heap, c);
        shallow = ci->instance_size;
        if (ci->obj != HS_OBJ_NONE)
          push_obj (job, ci->obj, &deg);
        else
          push_edge (job, cid, &deg);
        /* NULL when no class has reference fields: NULL + 0 is undefined. */
        const guint32 *ro = heap->class_ref_offsets ? heap->class_ref_offsets + ci->refs_start : NULL;
        for (guint32 k = 0; k < ci->refs_count; k++)
          if ((guint64) ro[k] + ids <= nbytes)
            push_edge (job, hs_read_id (fields + ro[k], ids), &deg);
      } else {
        job->dangling++;
        if (job->missing_class++ == 0)
          job->missing_class_offset = heap->offsets[i];
      }
      break;
    }
    case 0x22: {
      kind = HS_KIND_OBJ_ARRAY;
      guint32 len = hs_be32 (b + ids + 4);
      guint64 cid = hs_read_id (b + ids + 8, ids);
      const guint8 *el = b + 2 * ids + 8;
      c = hs_heap_class_by_id (heap, cid);
      shallow = heap->android ? align_up (12 + 4 * (guint64) len, 8)
                              : align_up (P + R + 4 + (guint64) len * R, A);
      if (c != HS_CLASS_NONE && hs_class_info (heap, c)->obj != HS_OBJ_NONE)
        push_obj (job, hs_class_info (heap, c)->obj, &deg);
      else
        push_edge (job, cid, &deg);
      for (guint32 k = 0; k < len; k++)
        push_edge (job, hs_read_id (el + (guint64) k * ids, ids), &deg);
      break;
    }
    case 0x23: case 0xC3: {
      kind = HS_KIND_PRIM_ARRAY;
      guint32 len = hs_be32 (b + ids + 4);
      guint type = b[ids + 8];
      guint es = hs_type_size (type, ids);
      c = heap->prim_class[type < 12 ? type : 0];
      if (heap->android)
        shallow = align_up ((es == 8 ? 16 : 12) + (guint64) len * es, 8);
      else
        shallow = align_up (align_up (P + R + 4, R) + (guint64) len * es, A);
      if (c != HS_CLASS_NONE)
        push_obj (job, hs_class_info (heap, c)->obj, &deg);
      break;
    }
    case 0x20: {
      kind = HS_KIND_CLASS;
      HsClass self = hs_heap_class_by_id (heap, hs_read_id (b, ids));
      c = heap->class_class;
      if (self != HS_CLASS_NONE) {
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
    default:
      g_assert_not_reached ();
    }
    heap->klass[i] = c;
    heap->shallow[i] = (guint32) MIN (shallow, (guint64) G_MAXUINT32);
    heap->flags[i] = kind;
    job->degree[i] = deg;
    if (job->prog && (i & 0xfffff) == 0) {
      progress_report (job->prog, "references", (double) (i - job->begin) / (double) MAX ((guint64) 1, job->end - job->begin));
      if (g_cancellable_is_cancelled (job->prog->cancellable)) {
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

static gboolean
build_graph (HsHeap *heap, Progress *prog, GError **error)
{
  guint64 n = heap->n;
  guint nthreads = (n > 200000 && g_get_num_processors () > 1) ? 2 : 1;
  /* Each object's degree goes where its offset will be (summed in place). */
  guint64 *degree = heap->ref_offsets = hs_mem_new (guint64, n + 1);
  EdgeJob jobs[2] = { 0 };

  for (guint t = 0; t < nthreads; t++) {
    jobs[t].heap = heap;
    jobs[t].begin = n * t / nthreads;
    jobs[t].end = n * (t + 1) / nthreads;
    jobs[t].degree = degree;
    jobs[t].prog = t == 0 ? prog : NULL;
  }
  hs_run_pair ("hs-edges", guarded_edge_worker, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  if (jobs[0].failed || jobs[1].failed) {
    gboolean bus = jobs[0].bus || jobs[1].bus;
    for (guint t = 0; t < nthreads; t++)
      hs_mem_free (jobs[t].edges);
    g_clear_pointer (&heap->ref_offsets, hs_mem_free);
    if (bus) {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read", heap->name);
      return FALSE;
    }
    return check_cancel (prog, error);
  }
  guint64 total = 0;
  guint64 missing = 0, missing_at = 0;
  for (guint t = 0; t < nthreads; t++) {
    total += jobs[t].n_edges;
    heap->summary.dangling_references += jobs[t].dangling;
    if (jobs[t].missing_class && !missing)
      missing_at = jobs[t].missing_class_offset;
    missing += jobs[t].missing_class;
  }
  if (missing)
    add_warning (heap, "%s: %" G_GUINT64_FORMAT " instance%s of a class that is not in the dump (the first at byte offset %"
                 G_GUINT64_FORMAT "): counted with size 0", heap->name, missing, missing == 1 ? "" : "s", missing_at);
  guint64 sum = 0;
  for (guint64 i = 0; i < n; i++) {
    guint64 d = degree[i];
    degree[i] = sum;
    sum += d;
  }
  degree[n] = sum;
  heap->ref_targets = hs_mem_realloc (jobs[0].edges, MAX (total, (guint64) 1) * sizeof (HsObj));
  if (nthreads == 2 && jobs[1].n_edges) {
    /* Appended from the end, the second list shrinking as it goes, so
     * that both are never whole in memory at once. */
    guint64 left = jobs[1].n_edges;
    while (left > 0) {
      guint64 chunk = MIN (left, (guint64) 1 << 22);
      left -= chunk;
      memcpy (heap->ref_targets + jobs[0].n_edges + left, jobs[1].edges + left, chunk * sizeof (HsObj));
      if (left > 0)
        jobs[1].edges = g_realloc (jobs[1].edges, left * sizeof (HsObj));
    }
  }
  if (nthreads == 2)
    hs_mem_free (jobs[1].edges);
  return TRUE;
}

/* ---- pass 5: reachability and totals -------------------------------------- */

static void compute_totals (HsHeap *heap);

static void
compute_reachability (HsHeap *heap, gboolean defer)
{
  guint64 n = heap->n;
  HsObj *queue = hs_mem_new (HsObj, n + 1);
  guint64 head = 0, tail = 0;
  HsSummary *s = &heap->summary;

  for (guint i = 0; i < heap->roots->len; i++) {
    HsRoot *r = &g_array_index (heap->roots, HsRoot, i);
    r->obj = hs_heap_find (heap, r->id);
    if (r->obj == HS_OBJ_NONE) {
      s->roots_missing++;
      continue;
    }
    if (r->type == HS_ROOT_JAVA_FRAME || r->type == HS_ROOT_JNI_LOCAL || r->type == HS_ROOT_NATIVE_STACK ||
        r->type == HS_ROOT_THREAD_BLOCK || r->type == HS_ROOT_JNI_MONITOR) {
      guint64 *tid = g_hash_table_lookup (heap->thread_objs, GUINT_TO_POINTER (r->thread_serial));
      r->thread_obj = tid ? hs_heap_find (heap, *tid) : HS_OBJ_NONE;
    }
    if (!(heap->flags[r->obj] & HS_FLAG_ROOT)) {
      heap->flags[r->obj] |= HS_FLAG_ROOT | HS_FLAG_REACHABLE;
      queue[tail++] = r->obj;
    }
  }
  s->root_records = heap->roots->len;
  s->gc_roots = tail;
  /* Distinct objects per root type. */
  {
    GHashTable *seen = g_hash_table_new (g_int64_hash, g_int64_equal);
    GArray *keys = g_array_sized_new (FALSE, FALSE, sizeof (gint64), heap->roots->len);
    for (guint i = 0; i < heap->roots->len; i++) {
      HsRoot *r = &g_array_index (heap->roots, HsRoot, i);
      if (r->obj == HS_OBJ_NONE)
        continue;
      gint64 k = ((gint64) r->type << 40) | r->obj;
      g_array_append_val (keys, k);
    }
    for (guint i = 0; i < keys->len; i++) {
      gint64 *k = &g_array_index (keys, gint64, i);
      if (!g_hash_table_contains (seen, k)) {
        g_hash_table_add (seen, k);
        s->roots_by_type[(*k >> 40) & 0xff]++;
      }
    }
    g_hash_table_unref (seen);
    g_array_unref (keys);
  }
  debug_time ("  roots");
  if (defer) {
    /* The dominator tree's walk finds the same set: hs_heap_set_reachable(). */
    hs_mem_free (queue);
    return;
  }
  while (head < tail) {
    HsObj o = queue[head++];
    for (guint64 e = heap->ref_offsets[o]; e < heap->ref_offsets[o + 1]; e++) {
      HsObj t = heap->ref_targets[e];
      if (!(heap->flags[t] & HS_FLAG_REACHABLE)) {
        heap->flags[t] |= HS_FLAG_REACHABLE;
        queue[tail++] = t;
      }
    }
  }
  hs_mem_free (queue);
  debug_time ("  bfs");
  compute_totals (heap);
}

static void
compute_totals (HsHeap *heap)
{
  guint64 n = heap->n;
  HsSummary *s = &heap->summary;
  for (guint64 i = 0; i < n; i++) {
    guint kind = heap->flags[i] & HS_FLAG_KIND_MASK;
    gboolean reach = (heap->flags[i] & HS_FLAG_REACHABLE) != 0;
    guint64 sz = heap->shallow[i];
    switch (kind) {
    case HS_KIND_INSTANCE: s->instances++; break;
    case HS_KIND_CLASS: s->class_objects++; break;
    case HS_KIND_OBJ_ARRAY: s->object_arrays++; break;
    default: s->primitive_arrays++; break;
    }
    s->shallow_bytes += sz;
    if (reach) {
      s->reachable_objects++;
      s->reachable_bytes += sz;
    }
    HsClass c = heap->klass[i];
    if (c != HS_CLASS_NONE) {
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
  heap->totals_done = TRUE;
}

void
hs_heap_set_reachable (HsHeap *heap, const HsObj *idom)
{
  if (heap->totals_done)
    return;
  for (guint64 i = 0; i < heap->n; i++)
    if (idom[i] != HS_OBJ_NONE)
      heap->flags[i] |= HS_FLAG_REACHABLE;
  compute_totals (heap);
}

/* Drops the mapped file's pages from our resident set: they stay in the
 * page cache and come back on the next read, but the later phases, which
 * hardly touch the file, do not carry the whole dump in their RSS. */
void
hs_heap_release_pages (HsHeap *heap)
{
#ifdef MADV_DONTNEED
  /* Only the file mapping: decompressed data lives in the heap. */
  if (!heap->mapped || heap->owned_data || heap->len == 0)
    return;
  gsize page = sysconf (_SC_PAGESIZE);
  guintptr start = (guintptr) heap->data & ~(guintptr) (page - 1);
  madvise ((void *) start, heap->len + ((guintptr) heap->data - start), MADV_DONTNEED);
#endif
}

/* ---- open ---------------------------------------------------------------------- */

static guint64
gcd64 (guint64 a, guint64 b)
{
  while (b) {
    guint64 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Rough memory need per object and per reference, to fail cleanly instead
 * of being killed when a dump cannot fit. */
static gboolean
check_memory (HsHeap *heap, guint64 n_objects, GError **error)
{
  guint64 per_object = 8 + 8 + 4 + 4 + 1 + 8 + 4 * 3 /* refs est. */ + 40 /* later phases */;
  guint64 need = n_objects * per_object;
  guint64 avail = 0;
  struct rlimit rl;
  if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
    /* The limit is on the whole address space: what is mapped already
     * (the file, the object tables, the libraries) counts too. */
    guint64 used = 0;
    g_autofree char *statm = NULL;
    if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
      used = g_ascii_strtoull (statm, NULL, 10) * (guint64) sysconf (_SC_PAGESIZE);
    avail = rl.rlim_cur > used ? rl.rlim_cur - used : 1;
  }
  g_autofree char *meminfo = NULL;
  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL)) {
    const char *m = strstr (meminfo, "MemAvailable:");
    if (m) {
      guint64 kb = g_ascii_strtoull (m + 13, NULL, 10);
      guint64 sys = kb * 1024;
      avail = avail ? MIN (avail, sys) : sys;
    }
  }
  if (avail && need > avail) {
    g_autofree char *need_s = g_format_size (need), *avail_s = g_format_size (avail);
    g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                 "%s: analysing %" G_GUINT64_FORMAT " objects needs about %s of memory, but only %s is available",
                 heap->name, n_objects, need_s, avail_s);
    return FALSE;
  }
  return TRUE;
}

static gboolean
parse_header (HsHeap *heap, GError **error)
{
  const guint8 *d = heap->data;
  gsize len = heap->len;
  static const char magic[] = "JAVA PROFILE 1.0.";
  if (len == 0) {
    set_format_error (error, heap->name, 0, "the file is empty");
    return FALSE;
  }
  if (len < sizeof magic - 1 || memcmp (d, magic, sizeof magic - 1) != 0) {
    set_format_error (error, heap->name, 0, "not an HPROF heap dump (no \"JAVA PROFILE 1.0.x\" header)");
    return FALSE;
  }
  const guint8 *nul = memchr (d, 0, MIN (len, (gsize) 32));
  if (!nul) {
    set_format_error (error, heap->name, 0, "the header's version string is not terminated");
    return FALSE;
  }
  gsize vlen = nul - d;
  if (vlen != 18 || (d[17] != '1' && d[17] != '2' && d[17] != '3')) {
    g_autofree char *v = g_utf8_make_valid ((const char *) d, vlen);
    set_format_error (error, heap->name, 0, "unsupported HPROF version \"%s\" (1.0.1, 1.0.2 and 1.0.3 are known)", v);
    return FALSE;
  }
  memcpy (heap->format, d, vlen);
  heap->format[vlen] = 0;
  if (len < vlen + 1 + 12) {
    set_format_error (error, heap->name, len, "the file ends inside the header");
    return FALSE;
  }
  heap->id_size = hs_be32 (d + vlen + 1);
  if (heap->id_size != 4 && heap->id_size != 8) {
    set_format_error (error, heap->name, vlen + 1, "unsupported identifier size %u (only 4 and 8 exist)", heap->id_size);
    return FALSE;
  }
  heap->timestamp_ms = hs_be64 (d + vlen + 5);
  if (d[17] == '3')
    heap->android = TRUE;
  return TRUE;
}

static HsHeap *
heap_new (const char *name, const HsOpenOptions *opts)
{
  HsHeap *heap = g_new0 (HsHeap, 1);
  heap->name = g_strdup (name);
  heap->path = g_strdup (name);
  heap->dump_index = opts ? (guint) MAX (opts->dump, 0) : 0;
  heap->follow_weak = opts ? opts->follow_weak : FALSE;
  heap->defer_reachability = opts ? opts->defer_reachability : FALSE;
  heap->classes = g_array_new (FALSE, TRUE, sizeof (HsClassInfo));
  heap->names = g_string_chunk_new (1 << 16);
  heap->class_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  heap->roots = g_array_new (FALSE, FALSE, sizeof (HsRoot));
  heap->thread_objs = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  heap->class_class = HS_CLASS_NONE;
  g_mutex_init (&heap->referrers_lock);
  return heap;
}

static gboolean
heap_load (HsHeap *heap, Progress *prog, GError **error)
{
  Parse ps = { .heap = heap };
  gboolean ok = FALSE;

  if (heap->len >= 2 && heap->data[0] == 0x1f && heap->data[1] == 0x8b) {
    gsize out_len = 0;
    gboolean gz_truncated = FALSE;
    gsize gz_len = heap->len;
    guint8 *inflated = gunzip_all (heap->data, heap->len, &out_len, &gz_truncated, heap->name, prog, error);
    if (!inflated)
      return FALSE;
    g_free (heap->owned_data); /* the compressed file, when it was read into memory */
    heap->owned_data = inflated;
    heap->gzip = TRUE;
    heap->data = heap->owned_data;
    heap->len = out_len;
    if (gz_truncated)
      add_warning (heap, "%s: the compressed file is truncated at byte offset %" G_GSIZE_FORMAT
                                       " (%" G_GSIZE_FORMAT " bytes unpacked); what was complete was loaded",
                                       heap->name, gz_len, out_len);
    if (out_len == 0) {
      set_format_error (error, heap->name, gz_len, "the compressed file holds no data%s",
                        gz_truncated ? " (it is truncated)" : "");
      return FALSE;
    }
  }
  if (!parse_header (heap, error))
    return FALSE;

  ps.strings = g_array_new (FALSE, FALSE, sizeof (StringRef));
  ps.load_classes = g_array_new (FALSE, FALSE, sizeof (LoadClass));
  ps.bodies = g_array_new (FALSE, FALSE, sizeof (Range));
  ps.cancellable = prog->cancellable;
  ps.class_dumps = g_array_new (FALSE, FALSE, sizeof (guint64));

  progress_report (prog, "parsing", 0.0);
  debug_time (NULL);
  if (!pass_records (&ps, prog, error))
    goto out;
  debug_time ("records");
  if (!pass_subrecords (&ps, prog, error))
    goto out;
  debug_time ("sub-records");
  if (!check_memory (heap, ps.n_objects, error))
    goto out;
  if (ps.truncated && !heap->gzip) {
    add_warning (heap, "%s: the file is truncated at byte offset %" G_GUINT64_FORMAT "; what was complete before it was loaded",
                                     heap->name, ps.truncated_at);
  }
  if (!load_classes (&ps, error))
    goto out;

  /* Sort objects by id, drop duplicate ids (keep the first written). */
  heap->n = ps.n_objects;
  heap->ids = g_steal_pointer (&ps.obj_ids);
  heap->offsets = g_steal_pointer (&ps.obj_offs);
  debug_time ("classes");
  sort_objects (&heap->ids, &heap->offsets, heap->n);
  debug_time ("sort");
  {
    /* The sort is stable, so among equal ids the last one written comes
     * last: it wins (a later dump of the same object is the newer state). */
    guint64 w = MIN (heap->n, (guint64) 1);   /* up to the first duplicate, nothing moves */
    while (w < heap->n && heap->ids[w] != heap->ids[w - 1])
      w++;
    for (guint64 i = w; i < heap->n; i++) {
      if (w > 0 && heap->ids[i] == heap->ids[w - 1]) {
        ps.duplicates++;
        heap->offsets[w - 1] = heap->offsets[i];
        continue;
      }
      heap->ids[w] = heap->ids[i];
      heap->offsets[w] = heap->offsets[i];
      w++;
    }
    heap->n = w;
    if (ps.duplicates)
      add_warning (heap, "%s: %" G_GUINT64_FORMAT " objects were written more than once; the last copy of each was kept",
                                       heap->name, ps.duplicates);
  }
  if (heap->n >= G_MAXUINT32) {
    g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: %" G_GUINT64_FORMAT " objects: more than this build supports (2^32 - 1)", heap->name, heap->n);
    goto out;
  }
  build_lookup (heap);
  debug_time ("lookup");

  /* Reference size and alignment (SEMANTICS.md). */
  heap->ref_size = (heap->id_size == 8 && heap->compressed_refs) ? 4 : heap->id_size;
  if (heap->android) {
    heap->ref_size = 4;
    heap->align = 8;
  } else {
    guint64 g = 0, prev = 0;
    for (guint64 i = 0; i < heap->n; i++) {
      if (heap->ids[i] == 0)
        continue;
      if (prev) {
        g = gcd64 (g, heap->ids[i] - prev);
        if (g != 0 && g <= 8)
          break; /* it only shrinks, and is clamped to 8 */
      }
      prev = heap->ids[i];
    }
    heap->align = (guint) CLAMP (g, 8, 256);
    if (g == 0)
      heap->align = 8;
  }

  for (guint i = 0; i < heap->classes->len; i++) {
    HsClassInfo *ci = hs_class_info (heap, i);
    ci->obj = hs_heap_find (heap, ci->id);
  }
  synthetic_classes (heap);
  /* Make sure every primitive array type that occurs has a class entry. */
  for (guint t = 0; t < 12; t++)
    if ((ps.prim_types_seen & (1u << t)) && t != HS_TYPE_OBJECT)
      (void) prim_class_for (heap, t);
  if (heap->class_class == HS_CLASS_NONE)
    heap->class_class = add_class (heap, "java.lang.Class");
  layout_classes (heap);

  heap->klass = hs_mem_new (HsClass, heap->n + 1);
  heap->shallow = hs_mem_new (guint32, heap->n + 1);
  heap->flags = hs_mem_new0 (guint8, heap->n + 1);
  debug_time ("layout");
  if (!build_graph (heap, prog, error))
    goto out;
  debug_time ("graph");
  progress_report (prog, "reachability", 0.0);
  if (!check_cancel (prog, error))
    goto out;
  compute_reachability (heap, heap->defer_reachability);
  debug_time ("reachability");
  hs_heap_release_pages (heap);
  progress_report (prog, "reachability", 1.0);
  ok = TRUE;

out:
  /* Big arrays freed while indexing are kept for the dominator tree that
   * follows (hs_dom_tree_compute trims); otherwise give them back now. */
  if (!ok || !heap->defer_reachability)
    hs_mem_trim ();
  g_array_unref (ps.strings);
  g_array_unref (ps.load_classes);
  g_array_unref (ps.bodies);
  g_free (ps.obj_ids);
  g_free (ps.obj_offs);
  g_array_unref (ps.class_dumps);
  return ok;
}

HsHeap *
hs_heap_open_bytes (const guint8 *data, gsize len, const char *name, const HsOpenOptions *opts,
                    HsProgressFunc progress, gpointer progress_data,
                    GCancellable *cancellable, GError **error)
{
  Progress prog = { progress, progress_data, cancellable };
  HsHeap *heap = heap_new (name ? name : "<memory>", opts);
  heap->data = data;
  heap->len = len;
  heap->file_size = len;
  if (!heap_load (heap, &prog, error)) {
    hs_heap_free (heap);
    return NULL;
  }
  return heap;
}

/* Files up to this size are read into memory instead of mapped (see
 * hs_heap_open). */
#define HS_READ_LIMIT ((goffset) 256 << 20)

typedef struct {
  HsHeap *heap;
  Progress *prog;
  GError **error;
  gboolean ok;
} LoadCall;

static gpointer
load_call (gpointer data)
{
  LoadCall *c = data;
  c->ok = heap_load (c->heap, c->prog, c->error);
  return NULL;
}

HsHeap *
hs_heap_open (const char *path, const HsOpenOptions *opts, HsProgressFunc progress,
              gpointer progress_data, GCancellable *cancellable, GError **error)
{
  Progress prog = { progress, progress_data, cancellable };
  GError *local = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0) {
    int e = errno;
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
    return NULL;
  }
  if (S_ISDIR (st.st_mode)) {
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: is a folder, not a heap dump", path);
    return NULL;
  }
  if (!S_ISREG (st.st_mode)) {
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: not a regular file", path);
    return NULL;
  }
  HsHeap *heap = heap_new (path, opts);
  if (st.st_size == 0) {
    set_format_error (error, path, 0, "the file is empty");
    hs_heap_free (heap);
    return NULL;
  }
  progress_report (&prog, "reading", 0.0);
  if (st.st_size <= HS_READ_LIMIT) {
    /* Read, not mapped: a mapped file that another program truncates
     * (a dump rewritten in place, a copy still in progress) raises SIGBUS
     * on the next read of a page past its new end, during the load or
     * much later (inspector, report). A copy in memory cannot change. */
    char *contents = NULL;
    gsize clen = 0;
    if (!g_file_get_contents (path, &contents, &clen, &local)) {
      g_set_error (error, HS_ERROR, local->code == G_FILE_ERROR_NOMEM ? HS_ERROR_NO_MEMORY : HS_ERROR_IO,
                   "%s: %s", path, local->message);
      g_error_free (local);
      hs_heap_free (heap);
      return NULL;
    }
    heap->owned_data = (guint8 *) contents;
    heap->data = heap->owned_data;
    heap->len = clen;
  } else {
    /* Bigger files are mapped (the page cache holds them, not our heap);
     * they are still exposed to SIGBUS if truncated while open. */
    heap->mapped = g_mapped_file_new (path, FALSE, &local);
    if (!heap->mapped) {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, local->message);
      g_error_free (local);
      hs_heap_free (heap);
      return NULL;
    }
    heap->data = (const guint8 *) g_mapped_file_get_contents (heap->mapped);
    heap->len = g_mapped_file_get_length (heap->mapped);
  }
  heap->file_size = heap->len;
  LoadCall call = { heap, &prog, error, FALSE };
  if (!hs_guarded_call (load_call, &call)) {
    hs_mem_trim ();   /* heap_load did not get to it */
    g_clear_error (error);
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read", path);
    hs_heap_free (heap);
    return NULL;
  }
  if (!call.ok) {
    hs_heap_free (heap);
    return NULL;
  }
  /* A file that changed size while we read it: the mapping still shows the
   * bytes as they were, but say so. */
  GStatBuf st2;
  if (g_stat (path, &st2) == 0 && (st2.st_size != st.st_size || st2.st_mtime != st.st_mtime) )
    add_warning (heap, "%s: the file changed while it was being read; the analysis may be inconsistent", path);
  return heap;
}

void
hs_heap_free (HsHeap *heap)
{
  if (!heap)
    return;
  g_free (heap->path);
  g_free (heap->name);
  if (heap->mapped)
    g_mapped_file_unref (heap->mapped);
  g_free (heap->owned_data);
  g_free (heap->warning);
  g_free (heap->ids);
  g_free (heap->offsets);
  g_free (heap->klass);
  g_free (heap->shallow);
  g_free (heap->flags);
  g_free (heap->buckets);
  g_free (heap->ref_offsets);
  g_free (heap->ref_targets);
  g_free (heap->rev_offsets);
  g_free (heap->rev_targets);
  g_mutex_clear (&heap->referrers_lock);
  for (guint i = 0; i < heap->classes->len; i++) {
    HsClassInfo *ci = hs_class_info (heap, i);
    g_free (ci->fields);
    g_free (ci->statics);
  }
  g_array_unref (heap->classes);
  g_free (heap->class_ids_sorted);
  g_free (heap->class_ids_index);
  g_free (heap->class_ref_offsets);
  g_string_chunk_free (heap->names);
  g_hash_table_unref (heap->class_by_name);
  g_array_unref (heap->roots);
  g_hash_table_unref (heap->thread_objs);
  g_free (heap);
}
