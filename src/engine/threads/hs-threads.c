/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-threads.c: the threads of a dump with their stacks and locals
 * (docs/semantics.md "Threads"), read from the stack records the reader kept
 * (hs-heap-records.c) and the thread-bound roots; the stacks' retained
 * sizes, all threads at once. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-threads.h"
#include "hs-heap-private.h"
#include "hs-mem.h"

gboolean
hs_heap_has_stacks (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, FALSE);
  return heap->stack_frame_ids && heap->stack_frame_ids->len > 0;
}

const char *
hs_thread_state_from_status (gint32 status)
{
  /* JVMTI_THREAD_STATE_* bits, tested in the order of VM.toThreadState. */
  if (status & 0x0004)
    return "RUNNABLE";
  if (status & 0x0400)
    return "BLOCKED";
  if (status & 0x0010)
    return "WAITING";
  if (status & 0x0020)
    return "TIMED_WAITING";
  if (status & 0x0002)
    return "TERMINATED";
  if (!(status & 0x0001))
    return "NEW";
  return "RUNNABLE";
}

static char *
file_string (HsHeap *heap, guint64 off, guint32 len)
{
  if (len == G_MAXUINT32 || off + len > heap->len)
    return NULL;
  return g_utf8_make_valid ((const char *)heap->data + off, len);
}

static int
cmp_frame_id (const void *key, const void *elem)
{
  guint64 k = *(const guint64 *)key, id = ((const HsStackFrameRec *)elem)->id;
  return k < id ? -1 : k > id;
}

static int
cmp_trace_serial (const void *key, const void *elem)
{
  guint32 k = *(const guint32 *)key, s = ((const HsStackTraceRec *)elem)->serial;
  return k < s ? -1 : k > s;
}

static const HsStackTraceRec *
find_trace (HsHeap *heap, guint32 serial)
{
  GArray *t = heap->stack_traces;
  return t && t->len ? bsearch (&serial, t->data, t->len, sizeof (HsStackTraceRec), cmp_trace_serial) : NULL;
}

/* The frame's strings; FALSE when the record is missing. */
static gboolean
fill_frame (HsHeap *heap, guint64 frame_id, HsThreadFrame *f)
{
  GArray *fr = heap->stack_frames;
  const HsStackFrameRec *r
      = fr && fr->len ? bsearch (&frame_id, fr->data, fr->len, sizeof (HsStackFrameRec), cmp_frame_id) : NULL;
  if (!r)
    {
      f->unknown = TRUE;
      f->line = HS_FRAME_LINE_UNKNOWN;
      return FALSE;
    }
  HsClass c = r->class_id ? hs_heap_class_by_id (heap, r->class_id) : HS_CLASS_NONE;
  if (c != HS_CLASS_NONE)
    f->class_name = g_strdup (hs_class_name (heap, c));
  else if ((f->class_name = file_string (heap, r->class_off, r->class_len)))
    g_strdelimit (f->class_name, "/", '.');
  f->method = file_string (heap, r->method_off, r->method_len);
  f->signature = file_string (heap, r->sig_off, r->sig_len);
  f->file = file_string (heap, r->file_off, r->file_len);
  f->line = r->line;
  return TRUE;
}

/* Name, tid, daemon and state from the Thread object: JDK 19+ keep daemon
 * and threadStatus in Thread.holder (a FieldHolder); older JDKs and
 * Android in the Thread itself (Android has no threadStatus). */
static void
read_thread_object (HsHeap *heap, HsThread *t)
{
  if (t->obj == HS_OBJ_NONE || hs_heap_object_kind (heap, t->obj) != HS_KIND_INSTANCE)
    return;
  t->name = hs_heap_read_string (heap, hs_heap_read_ref (heap, t->obj, "name"), 200);
  gint64 v;
  if (hs_heap_read_integer (heap, t->obj, "tid", &v))
    t->tid = v;
  HsObj holder = hs_heap_read_ref (heap, t->obj, "holder");
  HsObj src = holder != HS_OBJ_NONE ? holder : t->obj;
  HsValue d;
  if (hs_heap_read_field (heap, src, "daemon", &d) && d.type == HS_TYPE_BOOLEAN)
    t->daemon = d.z ? 1 : 0;
  if (hs_heap_read_integer (heap, src, "threadStatus", &v))
    t->state = hs_thread_state_from_status ((gint32)v);
}

typedef struct
{
  guint thread;
  guint32 frame;
  HsThreadLocal local;
} PendingLocal;

static int
cmp_pending (const void *a, const void *b)
{
  const PendingLocal *x = a, *y = b;
  if (x->thread != y->thread)
    return x->thread < y->thread ? -1 : 1;
  if (x->frame != y->frame)
    return x->frame < y->frame ? -1 : 1;
  return 0;
}

static int
cmp_thread_serial (const void *a, const void *b)
{
  const HsThread *x = a, *y = b;
  return x->serial < y->serial ? -1 : x->serial > y->serial;
}

/* The locals of each thread into its frames: frame numbers beyond the trace
 * (and Android's -1) go to a last, unknown frame. */
static void
attach_locals (HsHeap *heap, const HsDomTree *dom, HsThreads *ts, GHashTable *by_serial)
{
  g_autoptr (GArray) pend = g_array_new (FALSE, FALSE, sizeof (PendingLocal));
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      if (r->type != HS_ROOT_JAVA_FRAME && r->type != HS_ROOT_JNI_LOCAL)
        continue;
      gpointer v;
      if (!g_hash_table_lookup_extended (by_serial, GUINT_TO_POINTER (r->thread_serial), NULL, &v))
        continue;
      PendingLocal p = { GPOINTER_TO_UINT (v),
                         r->frame,
                         { .id = r->id, .obj = hs_heap_find (heap, r->id), .root_type = r->type } };
      if (p.local.obj != HS_OBJ_NONE)
        {
          p.local.class_name = hs_heap_object_class_name (heap, p.local.obj);
          p.local.shallow = hs_heap_object_shallow (heap, p.local.obj);
          if (dom && dom->idom[p.local.obj] != HS_OBJ_NONE)
            p.local.retained = hs_dom_tree_retained (dom, p.local.obj);
        }
      g_array_append_val (pend, p);
    }
  if (pend->len > 1)
    qsort (pend->data, pend->len, sizeof (PendingLocal), cmp_pending);
  g_autofree guint *trace_n = g_new0 (guint, MAX (ts->n_threads, 1u));
  for (guint i = 0; i < ts->n_threads; i++)
    trace_n[i] = ts->threads[i].n_frames;
  for (guint i = 0; i < pend->len;)
    {
      const PendingLocal *p = &g_array_index (pend, PendingLocal, i);
      HsThread *t = &ts->threads[p->thread];
      guint j = i;
      while (j < pend->len && g_array_index (pend, PendingLocal, j).thread == p->thread
             && g_array_index (pend, PendingLocal, j).frame == p->frame)
        j++;
      if (p->frame >= trace_n[p->thread] && t->n_frames == trace_n[p->thread])
        {
          /* The unknown frame after the trace's, made on first use. */
          t->frames = g_renew (HsThreadFrame, t->frames, t->n_frames + 1);
          t->frames[t->n_frames++] = (HsThreadFrame){ .unknown = TRUE, .line = HS_FRAME_LINE_UNKNOWN };
        }
      HsThreadFrame *f = &t->frames[MIN (p->frame, t->n_frames - 1)];
      f->locals = g_renew (HsThreadLocal, f->locals, f->n_locals + (j - i));
      for (guint k = i; k < j; k++)
        f->locals[f->n_locals++] = g_array_index (pend, PendingLocal, k).local;
      i = j;
    }
}

HsThreads *
hs_threads_read (HsHeap *heap, const HsDomTree *dom)
{
  g_return_val_if_fail (heap != NULL, NULL);
  HsThreads *ts = g_new0 (HsThreads, 1);
  g_autoptr (GArray) arr = g_array_new (FALSE, TRUE, sizeof (HsThread));
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  GString *warn = g_string_new (NULL);
  guint missing_frames = 0;

  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      if (r->type != HS_ROOT_THREAD_OBJECT
          || g_hash_table_contains (seen, GUINT_TO_POINTER (r->thread_serial)))
        continue;
      g_hash_table_add (seen, GUINT_TO_POINTER (r->thread_serial));
      HsThread t
          = { .serial = r->thread_serial, .trace_serial = r->frame, .id = r->id, .tid = -1, .daemon = -1 };
      t.obj = r->id ? hs_heap_find (heap, r->id) : HS_OBJ_NONE;
      g_array_append_val (arr, t);
    }
  if (arr->len > 1)
    qsort (arr->data, arr->len, sizeof (HsThread), cmp_thread_serial);
  g_autoptr (GHashTable) by_serial = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < arr->len; i++)
    {
      HsThread *t = &g_array_index (arr, HsThread, i);
      g_hash_table_insert (by_serial, GUINT_TO_POINTER (t->serial), GUINT_TO_POINTER (i));
      read_thread_object (heap, t);
      if (t->obj != HS_OBJ_NONE && dom && dom->idom[t->obj] != HS_OBJ_NONE)
        t->retained = hs_dom_tree_retained (dom, t->obj);
      const HsStackTraceRec *tr = t->trace_serial ? find_trace (heap, t->trace_serial) : NULL;
      if (t->trace_serial && !tr && hs_heap_has_stacks (heap))
        g_string_append_printf (warn, "thread serial %u: its stack trace %u is not in the dump\n", t->serial,
                                t->trace_serial);
      if (!tr)
        continue;
      t->has_stack = TRUE;
      t->n_frames = tr->n;
      t->frames = g_new0 (HsThreadFrame, MAX (tr->n, 1u));
      for (guint32 k = 0; k < tr->n; k++)
        {
          guint64 fid = g_array_index (heap->stack_frame_ids, guint64, tr->first + k);
          if (!fill_frame (heap, fid, &t->frames[k]) && missing_frames++ < 10)
            g_string_append_printf (warn,
                                    "thread serial %u: frame %u names stack frame 0x%" G_GINT64_MODIFIER
                                    "x, which is not in the dump\n",
                                    t->serial, k, fid);
        }
    }
  if (missing_frames > 10)
    g_string_append_printf (warn, "%u frames name stack frames that are not in the dump\n", missing_frames);
  ts->n_threads = arr->len;
  ts->threads = (HsThread *)g_array_free (g_steal_pointer (&arr), FALSE);
  attach_locals (heap, dom, ts, by_serial);
  hs_threads_apply_mapping (ts, heap); /* after the locals: frames may be added */
  if (warn->len)
    {
      g_string_truncate (warn, warn->len - 1);
      ts->warnings = g_string_free (warn, FALSE);
    }
  else
    g_string_free (warn, TRUE);
  return ts;
}

void
hs_threads_free (HsThreads *ts)
{
  if (!ts)
    return;
  for (guint i = 0; i < ts->n_threads; i++)
    {
      HsThread *t = &ts->threads[i];
      for (guint k = 0; k < t->n_frames; k++)
        {
          HsThreadFrame *f = &t->frames[k];
          g_free (f->class_name);
          g_free (f->method);
          g_free (f->signature);
          g_free (f->file);
          g_free (f->locals);
        }
      g_free (t->frames);
      g_free (t->name);
    }
  g_free (ts->threads);
  g_free (ts->warnings);
  g_free (ts);
}

const HsThread *
hs_threads_find_object (const HsThreads *ts, HsObj o)
{
  g_return_val_if_fail (ts != NULL, NULL);
  if (o == HS_OBJ_NONE)
    return NULL;
  for (guint i = 0; i < ts->n_threads; i++)
    if (ts->threads[i].obj == o)
      return &ts->threads[i];
  return NULL;
}

int
hs_threads_top (const HsThreads *ts)
{
  g_return_val_if_fail (ts != NULL, -1);
  int best = -1;
  for (guint i = 0; i < ts->n_threads; i++)
    {
      const HsThread *t = &ts->threads[i];
      if (best < 0 || t->stack_retained > ts->threads[best].stack_retained
          || (t->stack_retained == ts->threads[best].stack_retained
              && t->retained > ts->threads[best].retained))
        best = (int)i;
    }
  return best;
}

char *
hs_thread_frame_text (const HsThreadFrame *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  if (f->unknown)
    return g_strdup ("<unknown frame>");
  GString *s = g_string_new (f->class_name ? f->class_name : "<unknown class>");
  g_string_append_printf (s, ".%s(", f->method ? f->method : "<unknown method>");
  if (f->line == HS_FRAME_LINE_NATIVE)
    g_string_append (s, "Native Method");
  else if (f->line == HS_FRAME_LINE_COMPILED)
    g_string_append (s, "Compiled frame");
  else if (!f->file)
    g_string_append (s, "Unknown Source");
  else if (f->line > 0)
    g_string_append_printf (s, "%s:%d", f->file, f->line);
  else
    g_string_append (s, f->file);
  g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

/* Frame `frame` of thread_serial's trace as text, or (method_only) as
 * "Class.method"; NULL when the dump does not give it. */
static char *
root_frame (HsHeap *heap, guint32 thread_serial, guint32 frame, gboolean method_only)
{
  if (!hs_heap_has_stacks (heap) || thread_serial == 0)
    return NULL;
  for (guint i = 0; i < heap->stack_traces->len; i++)
    {
      const HsStackTraceRec *tr = &g_array_index (heap->stack_traces, HsStackTraceRec, i);
      if (tr->thread_serial != thread_serial)
        continue;
      if (frame >= tr->n)
        return NULL;
      HsThreadFrame f = { 0 };
      char *text = NULL;
      if (fill_frame (heap, g_array_index (heap->stack_frame_ids, guint64, tr->first + frame), &f))
        text = !method_only ? hs_thread_frame_text (&f)
               : f.unknown  ? NULL
                            : g_strdup_printf ("%s.%s", f.class_name ? f.class_name : "<unknown class>",
                                              f.method ? f.method : "<unknown method>");
      g_free (f.class_name);
      g_free (f.method);
      g_free (f.signature);
      g_free (f.file);
      return text;
    }
  return NULL;
}

char *
hs_heap_root_frame_text (HsHeap *heap, guint32 thread_serial, guint32 frame)
{
  g_return_val_if_fail (heap != NULL, NULL);
  return root_frame (heap, thread_serial, frame, FALSE);
}

char *
hs_heap_root_frame_method (HsHeap *heap, guint32 thread_serial, guint32 frame)
{
  g_return_val_if_fail (heap != NULL, NULL);
  return root_frame (heap, thread_serial, frame, TRUE);
}

char *
hs_heap_root_text (HsHeap *heap, const HsRoot *r)
{
  g_autofree char *thread = NULL, *method = NULL;
  g_return_val_if_fail (heap != NULL && r != NULL, NULL);
  if (r->type != HS_ROOT_JAVA_FRAME && r->type != HS_ROOT_JNI_LOCAL)
    return g_strdup (hs_root_type_name (r->type));
  thread = r->thread_serial ? hs_heap_thread_name (heap, r->thread_serial) : NULL;
  method = hs_heap_root_frame_method (heap, r->thread_serial, r->frame);
  return g_strdup_printf ("%s in %s%s%s", r->type == HS_ROOT_JAVA_FRAME ? "Local variable" : "JNI local",
                          thread ? thread : "a thread", method ? ", " : "", method ? method : "");
}

/* ---- stack retained sizes ------------------------------------------------ */

/* Definition (docs/semantics.md): stack_retained(t) = the precise retained size
 * of S_t, the set of t's locals (Java-frame and JNI-local roots with its
 * serial): the objects reachable from the GC roots that are not reached by
 * a walk from the roots that never enters S_t (S_t's members included).
 *
 * All threads at once:
 *  1. L = every local of every thread. R0 = reachable from the other roots
 *     without entering L: no stack retains any of it.
 *  2. U = the rest, reachable from L alone: what stacks can retain.
 *  3. H = U's subgraph plus a virtual node v_t per thread: v_t -> S_t, every
 *     edge into a local of t redirected to v_t, the v_t (and locals no thread
 *     owns) as H's roots. Taking v_t away from H is taking S_t away from the
 *     heap, so retained(S_t) = what v_t dominates in H: one dominator tree
 *     for every thread (hs_dom_tree_compute).
 *  4. That needs the S_t disjoint: a thread sharing a local with another is
 *     walked on its own (from every other local, inside U, never entering
 *     S_t), and in H that local is a root.
 * test-threads.c checks the result against hs_retained_set_precise. */

enum
{
  MARK_NONE = 0,
  MARK_R0 = G_MAXUINT32,
  MARK_L = G_MAXUINT32 - 1
};
#define OWNER_NONE 0u
#define OWNER_ORPHAN G_MAXUINT32     /* a local of no thread listed */
#define OWNER_MANY (G_MAXUINT32 - 1) /* a local of several threads */

static gboolean
is_local (guint8 type)
{
  return type == HS_ROOT_JAVA_FRAME || type == HS_ROOT_JNI_LOCAL;
}

static HsObj
root_obj (HsHeap *heap, const HsRoot *r)
{
  return r->obj != HS_OBJ_NONE ? r->obj : hs_heap_find (heap, r->id);
}

/* Step 4: the precise walk for one thread, inside U (mark = U index + 1). */
static void
walk_one (HsThread *t, const guint32 *mark, const HsGraph *g, const HsSizeCol *shallow, const HsObj *ulist,
          guint64 nu, const GArray *locals, guint32 *stamp, guint32 gen, HsObj *work)
{
  guint32 blk = 2 * gen, vis = 2 * gen + 1;
  for (guint k = 0; k < t->n_frames; k++)
    for (guint j = 0; j < t->frames[k].n_locals; j++)
      if (t->frames[k].locals[j].obj != HS_OBJ_NONE)
        stamp[mark[t->frames[k].locals[j].obj] - 1] = blk;
  guint64 wh = 0, wt = 0;
  for (guint i = 0; i < locals->len; i++)
    {
      HsObj o = g_array_index (locals, HsObj, i);
      guint32 *st = &stamp[mark[o] - 1];
      if (*st != blk && *st != vis)
        {
          *st = vis;
          work[wt++] = o;
        }
    }
  while (wh < wt)
    {
      HsObj u = work[wh++], x;
      for (HsGraphEdges it = hs_graph_edges (g, u); hs_graph_next (g, &it, &x);)
        {
          if (mark[x] == MARK_R0)
            continue;
          guint32 *st = &stamp[mark[x] - 1];
          if (*st != blk && *st != vis)
            {
              *st = vis;
              work[wt++] = x;
            }
        }
    }
  t->stack_retained = t->stack_retained_count = 0;
  for (guint64 i = 0; i < nu; i++)
    if (stamp[i] != vis)
      {
        t->stack_retained += hs_size_col_get (shallow, ulist[i]);
        t->stack_retained_count++;
      }
}

void
hs_threads_compute_stack_retained (HsThreads *ts, HsHeap *heap)
{
  g_return_if_fail (ts != NULL && heap != NULL);
  guint64 n = hs_heap_n_objects (heap);
  const HsGraph *g = hs_heap_graph (heap);
  guint nt = ts->n_threads;
  ts->stack_retained_done = TRUE;
  for (guint i = 0; i < nt; i++)
    ts->threads[i].stack_retained = ts->threads[i].stack_retained_count = 0;
  if (n == 0 || nt == 0 || n >= G_MAXUINT32 - 2 || nt >= G_MAXUINT32 / 4)
    return;
  guint32 *mark = hs_mem_new0 (guint32, n);
  HsObj *ulist = hs_mem_new (HsObj, n);
  guint64 head = 0, tail = 0;
  g_autoptr (GArray) locals = g_array_new (FALSE, FALSE, sizeof (HsObj));
  gboolean *shared = g_new0 (gboolean, nt);

  /* 1. L, marked first so that R0 stops there; then R0. */
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      HsObj o = root_obj (heap, r);
      if (o != HS_OBJ_NONE && is_local (r->type) && mark[o] != MARK_L)
        {
          mark[o] = MARK_L;
          g_array_append_val (locals, o);
        }
    }
  if (locals->len == 0)
    goto out;
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      HsObj o = root_obj (heap, r);
      if (o != HS_OBJ_NONE && !is_local (r->type) && mark[o] == MARK_NONE)
        {
          mark[o] = MARK_R0;
          ulist[tail++] = o;
        }
    }
  while (head < tail)
    {
      HsObj u = ulist[head++], x;
      for (HsGraphEdges it = hs_graph_edges (g, u); hs_graph_next (g, &it, &x);)
        if (mark[x] == MARK_NONE)
          {
            mark[x] = MARK_R0;
            ulist[tail++] = x;
          }
    }
  /* 2. U from L; mark becomes the U index + 1. */
  guint64 nu = 0;
  for (guint i = 0; i < locals->len; i++)
    {
      HsObj o = g_array_index (locals, HsObj, i);
      ulist[nu] = o;
      mark[o] = (guint32)++nu;
    }
  for (head = 0; head < nu; head++)
    {
      HsObj u = ulist[head], x;
      for (HsGraphEdges it = hs_graph_edges (g, u); hs_graph_next (g, &it, &x);)
        if (mark[x] == MARK_NONE)
          {
            ulist[nu] = x;
            mark[x] = (guint32)++nu;
          }
    }

  /* Owners of the locals. */
  guint32 *owner = hs_mem_new0 (guint32, nu);
  guint nshared = 0;
  for (guint i = 0; i < locals->len; i++)
    owner[mark[g_array_index (locals, HsObj, i)] - 1] = OWNER_ORPHAN;
  for (guint ti = 0; ti < nt; ti++)
    {
      HsThread *t = &ts->threads[ti];
      for (guint k = 0; k < t->n_frames; k++)
        for (guint j = 0; j < t->frames[k].n_locals; j++)
          {
            HsObj o = t->frames[k].locals[j].obj;
            if (o == HS_OBJ_NONE)
              continue;
            guint32 *ow = &owner[mark[o] - 1];
            if (*ow == OWNER_ORPHAN)
              *ow = ti + 1;
            else if (*ow != ti + 1)
              {
                if (*ow != OWNER_MANY && !shared[*ow - 1])
                  {
                    shared[*ow - 1] = TRUE;
                    nshared++;
                  }
                if (!shared[ti])
                  {
                    shared[ti] = TRUE;
                    nshared++;
                  }
                *ow = OWNER_MANY;
              }
          }
    }

  /* 3. H as CSR: U nodes 0..nu-1, v_t at nu + t. */
  {
    guint64 nh = nu + nt;
    guint64 *hoff = hs_mem_new0 (guint64, nh + 1);
    for (guint64 i = 0; i < nu; i++)
      {
        HsObj u = ulist[i], x;
        for (HsGraphEdges it = hs_graph_edges (g, u); hs_graph_next (g, &it, &x);)
          hoff[i + 1] += mark[x] != MARK_R0;
      }
    for (guint64 i = 0; i < nu; i++)
      if (owner[i] != OWNER_NONE && owner[i] != OWNER_ORPHAN && owner[i] != OWNER_MANY)
        hoff[nu + owner[i] - 1 + 1]++;
    for (guint64 v = 0; v < nh; v++)
      hoff[v + 1] += hoff[v];
    HsObj *htg = hs_mem_new (HsObj, MAX (hoff[nh], (guint64)1));
    guint64 *fill = hs_mem_new (guint64, nh);
    memcpy (fill, hoff, nh * sizeof (guint64));
    for (guint64 i = 0; i < nu; i++)
      {
        HsObj u = ulist[i], x;
        for (HsGraphEdges it = hs_graph_edges (g, u); hs_graph_next (g, &it, &x);)
          {
            guint32 m = mark[x];
            if (m == MARK_R0)
              continue;
            guint32 ow = owner[m - 1];
            htg[fill[i]++] = (ow != OWNER_NONE && ow != OWNER_ORPHAN && ow != OWNER_MANY)
                                 ? (HsObj)(nu + ow - 1)
                                 : (HsObj)(m - 1);
          }
      }
    for (guint64 i = 0; i < nu; i++)
      if (owner[i] != OWNER_NONE && owner[i] != OWNER_ORPHAN && owner[i] != OWNER_MANY)
        htg[fill[nu + owner[i] - 1]++] = (HsObj)i;
    g_autoptr (GArray) hroots = g_array_new (FALSE, FALSE, sizeof (HsObj));
    for (guint ti = 0; ti < nt; ti++)
      {
        HsObj v = (HsObj)(nu + ti);
        g_array_append_val (hroots, v);
      }
    for (guint64 i = 0; i < nu; i++)
      if (owner[i] == OWNER_ORPHAN || owner[i] == OWNER_MANY)
        {
          HsObj v = (HsObj)i;
          g_array_append_val (hroots, v);
        }
    guint32 *hshallow = hs_mem_new0 (guint32, nh);
    for (guint64 i = 0; i < nu; i++)
      hshallow[i] = hs_heap_object_shallow (heap, ulist[i]);
    HsGraph hg;
    hs_graph_init (&hg, nh, hoff, htg, hshallow, NULL);
    HsDomTree *dom
        = hs_dom_tree_compute (&hg, (const HsObj *)hroots->data, hroots->len, NULL, NULL, NULL, NULL);
    if (dom)
      {
        for (guint ti = 0; ti < nt; ti++)
          if (!shared[ti])
            {
              ts->threads[ti].stack_retained = hs_dom_tree_retained (dom, nu + ti);
              ts->threads[ti].stack_retained_count
                  = hs_dom_tree_retained_count (dom, nu + ti) - 1; /* not v_t */
            }
        hs_dom_tree_free (dom);
      }
    hs_mem_free (hshallow);
    hs_mem_free (fill);
    hs_mem_free (htg);
    hs_mem_free (hoff);
  }

  /* 4. Threads that share a local with another, one walk each. */
  if (nshared)
    {
      guint32 *stamp = hs_mem_new0 (guint32, nu);
      HsObj *work = hs_mem_new (HsObj, nu);
      guint32 gen = 0;
      for (guint ti = 0; ti < nt; ti++)
        if (shared[ti])
          walk_one (&ts->threads[ti], mark, g, hs_heap_size_col (heap), ulist, nu, locals, stamp, ++gen,
                    work);
      hs_mem_free (work);
      hs_mem_free (stamp);
    }
  hs_mem_free (owner);
out:
  g_free (shared);
  hs_mem_free (ulist);
  hs_mem_free (mark);
}
