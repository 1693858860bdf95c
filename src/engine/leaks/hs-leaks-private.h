/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leaks-private.h: the state one leak search shares between its units
 * (context, watched references, inspectors, search, trace building): the
 * per-object and per-class flags, the context and the inline readers of the
 * heap's flat arrays used in the hot loops. */
#pragma once

#include "hs-leaks.h"
#include "hs-leak-report-private.h"
#include "hs-heap-private.h"
#include "hs-matchers.h"

G_BEGIN_DECLS

/* ---- per-object search state (one byte) ---------------------------------- */
#define ST_MASK 0x03
#define ST_UNSEEN 0x00
#define ST_Q1 0x01     /* in the normal queue */
#define ST_Q2 0x02     /* in the visit-last queue */
#define ST_DONE 0x03   /* dequeued */
#define F_LOCAL 0x04   /* parent is the thread; the reference is a Java local */
#define F_LIBRARY 0x08 /* reached through a library-leak reference (see lib_of) */
#define F_ROOT 0x10    /* enqueued as a GC root (no parent) */
#define F_LEAKING 0x20 /* a leaking object (or a target of the search) */
#define F_FOUND 0x40   /* a leaking object the search reached */
#define F_BEHIND 0x80  /* leaking object reached behind another (also_leaking) */

/* ---- per-class facts ------------------------------------------------------ */
enum
{
  CF_NAMED = 1 << 0, /* expand with named references (matchers, finalizers) */
  CF_ACTIVITY = 1 << 1,
  CF_SERVICE = 1 << 2,
  CF_APPLICATION = 1 << 3,
  CF_FRAGMENT = 1 << 4, /* android.app.Fragment */
  CF_SUPPORT_FRAGMENT = 1 << 5,
  CF_ANDROIDX_FRAGMENT = 1 << 6,
  CF_VIEW = 1 << 7,
  CF_DIALOG = 1 << 8,
  CF_WINDOW = 1 << 9,
  CF_CONTEXT_WRAPPER = 1 << 10,
  CF_THREAD = 1 << 11,
  CF_CLASSLOADER = 1 << 12,
  CF_MESSAGE_QUEUE = 1 << 13,
  CF_IMM = 1 << 14,
  CF_KWR = 1 << 15,
  CF_BOOKKEEPING = 1 << 16, /* Finalizer / FinalizerReference / Cleaner */
  CF_REFERENCE = 1 << 17,   /* java.lang.ref.Reference subclass */
  CF_LEAF = 1 << 18,        /* instances lead nowhere: no object fields, or a String */
  /* The kind of a java.lang.ref.Reference subclass (for the paths'
   * exclusions, src/engine/paths): whose referent it holds. */
  CF_REF_WEAK = 1 << 19,
  CF_REF_SOFT = 1 << 20,
  CF_REF_PHANTOM = 1 << 21,
  CF_REF_FINAL = 1 << 22,
  CF_EXCLUDED = 1 << 23, /* the class or a superclass has an excluded field */
};

#define CF_REF_KINDS (CF_REF_WEAK | CF_REF_SOFT | CF_REF_PHANTOM | CF_REF_FINAL)

/* What a paths search (src/engine/paths) changes in the leak search's
 * rules; a leak search has none (LeakCtx.ex NULL). */
typedef struct
{
  guint32 follow_referents;       /* CF_REF_* kinds whose referent is followed (visit-last) */
  gboolean skip_finalizing_roots; /* FINALIZING roots are not roots */
  GHashTable *excluded;           /* "Class#field" set: references never followed */
  gboolean exhaustive;            /* search on until the queues are empty */
} LeakExclusions;

#define CF_ANY_FRAGMENT (CF_FRAGMENT | CF_SUPPORT_FRAGMENT | CF_ANDROIDX_FRAGMENT)

typedef struct
{
  HsObj *items;
  gsize head, len, cap;
} LeakQueue;

/* A KeyedWeakReference as found in the dump. */
typedef struct
{
  HsObj ref;
  HsObj referent;
  gboolean retained;
  char *key;
  char *description;
  gint64 watch_ms, retained_ms; /* durations, -1 unknown */
} LeakWatched;

typedef struct
{
  HsHeap *heap;
  const HsDomTree *dom;
  const HsLeakOptions *opts;
  HsMatcherTable *table;
  int api_level; /* -1 not Android, 0 unknown */
  char *manufacturer;
  guint n_classes;
  guint32 *cflags;                /* per class */
  HsObj *class_obj_of;            /* per class: its class object (cached) */
  const HsGraph *graph;           /* the heap's references */
  const guint8 *flags;            /* the heap's per-object flags and classes: */
  const HsClassCol *klass;        /* read straight in the search's hot loops */
  GHashTable *inst_match;         /* "Class#field" -> HsMatcher* (applicable only) */
  GHashTable *static_match;       /* "Class#field" -> HsMatcher* */
  GHashTable *local_match;        /* thread name -> HsMatcher* */
  GHashTable *jni_match;          /* class name -> HsMatcher* */
  GHashTable *inst_match_classes; /* class names with instance matchers */

  guint64 n;
  HsObj *parent;
  guint8 *state;
  GHashTable *lib_of;   /* obj -> HsMatcher*, only for F_LIBRARY nodes */
  GHashTable *root_rec; /* obj -> root record index + 1, for F_ROOT nodes */
  LeakQueue q1, q2;
  /* FALSE (leaks): leaking objects are leaves of the search. TRUE (traces
   * to chosen targets): targets are expanded like any object, so that one
   * target on the way to another does not hide it. */
  gboolean expand_found;

  GArray *watched;      /* LeakWatched */
  GHashTable *watch_of; /* referent obj -> index + 1 into watched (first) */
  GArray *leaking;      /* HsObj, in discovery order */
  guint64 n_found;
  guint64 n_reachable_leaking; /* leaking objects the heap says are reachable */

  /* Memos for long paths and many objects (each filled on first use):
   * the inspectors' own status of an object (1 + HsLeaking, 0 = not yet),
   * the fingerprint part of the reference from an object's search parent
   * to it (index + 1 into fp_parts), the thread-object roots, and the top
   * of a View's mParent chain. */
  guint8 *own_status;
  guint32 *fp_part;
  GPtrArray *fp_parts;      /* char* */
  GHashTable *fp_part_ids;  /* char* (in fp_parts) -> index + 1 */
  GHashTable *thread_roots; /* obj set */
  GHashTable *view_top;     /* View obj -> index into view_tops */
  GArray *view_tops;        /* ViewTop (hs-leak-inspectors.c) */

  const LeakExclusions *ex; /* NULL: the leak search's own rules */

  HsObj activity_thread_services; /* ActivityThread.mServices, cached */
  gboolean services_looked_up;
} LeakCtx;

/* What the inspectors say of one object. */
typedef struct
{
  GPtrArray *leaking;     /* reasons it leaks */
  GPtrArray *not_leaking; /* reasons it does not */
  GPtrArray *labels;
} LeakInspection;

/* Class names come from the dump: never NULL here, whatever the heap says. */
static inline const char *
leak_cname (HsHeap *heap, HsClass k)
{
  const char *n = k == HS_CLASS_NONE || k >= hs_heap_n_classes (heap) ? NULL : hs_class_name (heap, k);
  return n ? n : "<unknown class>";
}

static inline HsClass
leak_obj_class (LeakCtx *c, HsObj o)
{
  return hs_class_col_get (c->klass, o);
}

static inline HsKind
leak_obj_kind (LeakCtx *c, HsObj o)
{
  return c->flags[o] & HS_FLAG_KIND_MASK;
}

static inline guint32
leak_obj_cflags (LeakCtx *c, HsObj o)
{
  HsClass k;
  if (o == HS_OBJ_NONE || leak_obj_kind (c, o) != HS_KIND_INSTANCE)
    return 0;
  k = leak_obj_class (c, o);
  return k == HS_CLASS_NONE || k >= c->n_classes ? 0 : c->cflags[k];
}

/* hs-leak-ctx.c: setting up and clearing a context, field readers. */
gboolean _hs_leak_ctx_init (LeakCtx *c, HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts,
                            GError **error);
/* The same with a paths search's exclusions (ex outlives c). */
gboolean _hs_leak_ctx_init_ex (LeakCtx *c, HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts,
                               const LeakExclusions *ex, GError **error);
void _hs_leak_ctx_clear (LeakCtx *c);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LeakCtx, _hs_leak_ctx_clear)
const char *_hs_leak_object_class_name (LeakCtx *c, HsObj o);
int _hs_leak_read_bool (LeakCtx *c, HsObj o, const char *name);
gboolean _hs_leak_read_obj (LeakCtx *c, HsObj o, const char *name, guint64 *id_out, HsObj *obj_out);
char *_hs_leak_read_string_field (LeakCtx *c, HsObj o, const char *name, gsize max);
char *_hs_leak_thread_name (LeakCtx *c, HsObj thread);
gboolean _hs_leak_is_bookkeeping_field (LeakCtx *c, HsClass declared_in, const char *name);

/* hs-leak-watched.c */
void _hs_leak_find_watched (LeakCtx *c);
LeakWatched *_hs_leak_watched_of (LeakCtx *c, HsObj referent);

/* hs-leak-inspectors.c */
void _hs_leak_inspection_init (LeakInspection *r);
void _hs_leak_inspection_clear (LeakInspection *r);
void _hs_leak_inspect (LeakCtx *c, HsObj o, LeakInspection *r);
void _hs_leak_find_inspector_leaks (LeakCtx *c);

/* hs-leak-search.c */
gboolean _hs_leak_ref_followable (LeakCtx *c, HsObj from, const HsNamedRef *r, const HsMatcher **lib);
/* A followable reference that goes to the visit-last queue without a
 * library matcher: a referent a paths search follows. */
gboolean _hs_leak_ref_is_referent (const HsNamedRef *r);
gboolean _hs_leak_run_search (LeakCtx *c, HsProgressFunc progress, gpointer progress_data,
                              GCancellable *cancellable, GError **error);
void _hs_leak_search_behind (LeakCtx *c, GCancellable *cancellable);

/* hs-leak-trace.c */
/* The trace of a leaking object (the last node forced leaking) or, with
 * for_target, of a chosen target (statuses as the inspectors say; the
 * references from mark_from's predecessor on are the suspects). lib_out:
 * the library-leak matcher on the path. */
HsLeakTrace *_hs_leak_build_trace (LeakCtx *c, HsObj l, gboolean for_target, HsObj mark_from,
                                   const HsMatcher **lib_out);
char *_hs_leak_trace_fingerprint (const HsLeakTrace *t, char **short_desc);
/* Groups the traces of the found leaking objects into report and lists the
 * others (behind a found one, or without a path). FALSE if cancelled. */
gboolean _hs_leak_group_traces (LeakCtx *c, HsLeakReport *report, GCancellable *cancellable, GError **error);

G_END_DECLS
