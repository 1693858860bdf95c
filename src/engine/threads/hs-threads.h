/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-threads.h: the threads of a dump (docs/semantics.md "Threads"): each
 * ROOT_THREAD_OBJECT with its Thread object's name, daemon flag and state,
 * its stack (STACK_TRACE / STACK_FRAME, innermost first) and the locals
 * (Java-frame and JNI-local roots) of each frame, with the stack's retained
 * size. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"
#include "hs-csv.h"

G_BEGIN_DECLS

/* Line values of a frame besides line numbers (as HPROF writes them). */
enum
{
  HS_FRAME_LINE_UNKNOWN = -1,
  HS_FRAME_LINE_COMPILED = -2,
  HS_FRAME_LINE_NATIVE = -3,
};

typedef struct
{
  guint64 id;             /* object id */
  HsObj obj;              /* HS_OBJ_NONE when the id names no object */
  const char *class_name; /* owned by the heap; NULL when obj is NONE */
  guint32 shallow;
  guint64 retained; /* from the dominator tree, 0 without one */
  guint8 root_type; /* HS_ROOT_JAVA_FRAME or HS_ROOT_JNI_LOCAL */
} HsThreadLocal;

/* One frame, as plain strings the caller may replace (a mapping file's
 * deobfuscation): all owned by the frame (g_free), NULL when unknown. */
typedef struct
{
  char *class_name; /* Java source form */
  char *method;
  char *signature;  /* "(I)V" */
  char *file;       /* "Worker.java" */
  gint32 line;      /* > 0, or HS_FRAME_LINE_* (0 is kept as is) */
  gboolean unknown; /* "<unknown frame>": records missing or broken,
                                or the locals whose frame number is beyond
                                the trace (always the last frame) */
  HsThreadLocal *locals;
  guint n_locals;
} HsThreadFrame;

typedef struct
{
  guint32 serial;         /* thread serial number */
  guint32 trace_serial;   /* its STACK_TRACE, 0 if none */
  guint64 id;             /* thread object id (may be 0) */
  HsObj obj;              /* HS_OBJ_NONE if not in the dump */
  char *name;             /* NULL when the object does not hold one */
  gint64 tid;             /* Thread.tid, -1 if unknown */
  int daemon;             /* 1, 0, or -1 unknown */
  const char *state;      /* "RUNNABLE", ... (static), NULL unknown */
  guint64 retained;       /* retained size of the thread object (dominator tree) */
  guint64 stack_retained; /* see hs_threads_compute_stack_retained */
  guint64 stack_retained_count;
  gboolean has_stack;    /* a STACK_TRACE was found for it */
  HsThreadFrame *frames; /* innermost first */
  guint n_frames;
} HsThread;

typedef struct
{
  HsThread *threads; /* in thread serial order */
  guint n_threads;
  gboolean stack_retained_done;
  char *warnings; /* one line each (missing frames, ...), NULL if none */
} HsThreads;

/* TRUE when the file has STACK_TRACE records with at least one frame. */
gboolean hs_heap_has_stacks (HsHeap *heap);

/* Every thread of the heap. dom (may be NULL) gives the retained sizes of
 * the thread objects and the locals. Stack retained sizes are 0 until
 * hs_threads_compute_stack_retained. Never fails: broken stacks come out
 * as unknown frames with a warning. */
HsThreads *hs_threads_read (HsHeap *heap, const HsDomTree *dom);
void hs_threads_free (HsThreads *threads);
/* The frames through the mapping applied to the heap (hs-heap-mapping.h),
 * inlined methods expanded; nothing without one (hs-threads-mapping.c).
 * hs_threads_read calls it. */
void hs_threads_apply_mapping (HsThreads *threads, HsHeap *heap);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsThreads, hs_threads_free)

/* stack_retained of every thread at once: the precise retained size of the
 * set of its locals (hs_retained_set_precise's definition: objects
 * reachable from the GC roots that no longer are when the walk from the
 * roots may not enter the set, the set's own members included). One walk
 * of the whole heap, then per thread a walk of only the objects that are
 * reachable through some thread's locals alone. */
void hs_threads_compute_stack_retained (HsThreads *threads, HsHeap *heap);

/* The thread whose object is o, or NULL. */
const HsThread *hs_threads_find_object (const HsThreads *threads, HsObj o);
/* Index of the thread holding the largest stack_retained (then retained),
 * -1 when there is none. */
int hs_threads_top (const HsThreads *threads);
/* "RUNNABLE", ... from a JVMTI threadStatus as java.lang.Thread's
 * threadStatus field holds it (VM.toThreadState). */
const char *hs_thread_state_from_status (gint32 status);
/* The text of frame `frame` (0 = innermost) of the stack trace the dump
 * writes for thread_serial, NULL when the dump does not give that frame
 * (no stacks, no such trace or frame, missing STACK_FRAME record). For
 * naming a Java-frame root. Caller frees. */
char *hs_heap_root_frame_text (HsHeap *heap, guint32 thread_serial, guint32 frame);
/* A GC root for people: a local as "Local variable in worker-3,
 * store.Worker.hold" (or "JNI local in ..."; "a thread" when the thread
 * has no name, no frame when the dump has no stacks), any other root as
 * its type's name. Caller frees. */
char *hs_heap_root_text (HsHeap *heap, const HsRoot *r);
/* The same frame as "com.example.Worker.hold" (its class and method). */
char *hs_heap_root_frame_method (HsHeap *heap, guint32 thread_serial, guint32 frame);
/* "com.example.Worker.hold(Worker.java:12)", "(Native Method)", "(Compiled
 * frame)", "(Unknown Source)"; "<unknown frame>". Caller frees. */
char *hs_thread_frame_text (const HsThreadFrame *frame);

/* CSV (hs-csv.h), one row per frame, innermost first (a thread without
 * frames: one row, the frame's cells empty): thread_id, thread_name, tid,
 * daemon (true, false or empty), state, retained, stack_retained, frame
 * (0: innermost), class, method, signature, file, line (as HsThreadFrame
 * has it), locals (how many), locals_retained (the sum of their retained
 * sizes). The header row, then each thread's rows (threads --csv, the
 * Threads view's export; hs-threads-csv.c). */
void hs_threads_csv_header (HsCsv *csv);
void hs_thread_to_csv (const HsThread *thread, HsCsv *csv);

G_END_DECLS
