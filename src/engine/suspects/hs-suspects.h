/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects.h: problem suspects (docs/semantics.md "Problem
 * suspects", docs/semantics.md): the objects and classes that hold at least
 * P% of the reachable heap, where the memory accumulates below them, the
 * leak-trace path to it and what it is made of. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"
#include "hs-leaks.h"

G_BEGIN_DECLS

#define HS_SUSPECTS_DEFAULT_PERCENT 10.0
#define HS_SUSPECTS_MAX_BIGGEST 10  /* members listed per class suspect */
#define HS_SUSPECTS_MAX_CLASSES 10  /* retained classes per object suspect */
#define HS_SUSPECTS_MAX_BELOW 3     /* classes listed under a retained class */
#define HS_SUSPECTS_MAX_THREADS 100 /* threads listed per class suspect */

/* A class of the objects an accumulation point immediately dominates:
 * how many, and the sum of their retained sizes. */
typedef struct
{
  char *class_name;      /* "class X" for class objects */
  char *obfuscated_name; /* the dump's name of the class (X) when a
                              * mapping renamed it, else NULL */
  guint64 count;
  guint64 retained;
  /* One level further down: the objects these objects immediately
   * dominate, by class, the biggest first (at most
   * HS_SUSPECTS_MAX_BELOW; NULL in the rows of `below` themselves). */
  GArray *below;
} HsSuspectClass;

/* What holds a suspect's memory (docs/semantics.md "Problem suspects"). */
typedef enum
{
  HS_SUSPECT_HOLDER_NONE,   /* only a GC root: the description says which */
  HS_SUSPECT_HOLDER_STATIC, /* a static field */
  HS_SUSPECT_HOLDER_LOCAL,  /* a local variable of a thread */
  HS_SUSPECT_HOLDER_FIELD,  /* an instance field */
} HsSuspectHolderKind;

typedef struct
{
  HsSuspectHolderKind kind;
  char *name;       /* "store.ReportCache.ENTRIES"; a local's frame method,
                 * "store.Worker.hold", NULL when the dump has no stacks */
  char *thread;     /* a local's thread name, else NULL */
  char *frame;      /* a local's frame, "store.Worker.hold(Worker.java:42)" */
  guint path_index; /* the path node whose reference is the holder (a
                     * local root's own node when its thread has no
                     * object); G_MAXUINT: none */
} HsSuspectHolder;

/* A thread whose frame holds members of a class suspect in locals. */
typedef struct
{
  guint32 serial;
  char *name;         /* NULL when the thread object has no name */
  char *frame_method; /* "store.Worker.hold", NULL without stacks */
  char *frame;        /* the frame's text, NULL without stacks */
  guint64 count;      /* members held there */
} HsSuspectThread;

typedef struct
{
  HsObj obj; /* a child of the dominator tree's virtual root */
  guint64 id;
  char *class_name;      /* as hs_heap_object_class_name */
  char *obfuscated_name; /* as HsSuspectClass's */
  guint64 retained, retained_count;
  double percent;     /* of the reachable bytes */
  char *description;  /* one sentence */
  HsObj accumulation; /* possibly obj itself */
  guint64 accumulation_id;
  char *accumulation_class;
  char *accumulation_obfuscated_name;
  guint64 accumulation_retained;
  HsLeakTrace *path;        /* GC root -> accumulation point; NULL: none */
  GArray *retained_classes; /* HsSuspectClass, biggest first */
  HsSuspectHolder holder;   /* from the path */
  /* The collection whose backing array (or which itself) is the
   * accumulation point, read through its layout; HS_OBJ_NONE: none. */
  HsObj collection;
  char *collection_class;
  guint64 collection_id;
  guint64 collection_size; /* its entries */
} HsObjectSuspect;

typedef struct
{
  char *class_name;      /* "class X" for a class object's group */
  char *obfuscated_name; /* as HsSuspectClass's */
  guint64 count;         /* members: virtual-root children of the class */
  guint64 retained;      /* sum of their retained sizes */
  double percent;
  char *description;
  GArray *biggest;     /* HsObj, biggest first */
  GArray *biggest_ids; /* guint64, same order */
  /* The longest common prefix (same objects) of the paths to the biggest
   * members, as a trace to its last node; NULL when they share no node. */
  HsLeakTrace *common_path;
  /* Members (virtual-root children) that are thread locals: the
   * (thread, frame) pairs that hold them, by thread serial, at most
   * HS_SUSPECTS_MAX_THREADS; n_threads counts them all. */
  GArray *threads; /* HsSuspectThread */
  guint n_threads;
  guint64 n_local_members; /* members that are locals of a thread */
} HsClassSuspect;

typedef struct
{
  double percent;    /* P */
  guint64 threshold; /* T = ceil(P% x reachable_bytes), at least 1 */
  guint64 reachable_bytes;
  GPtrArray *objects; /* HsObjectSuspect*, biggest first (ties: lower id) */
  GPtrArray *classes; /* HsClassSuspect*, biggest first (ties: name) */
} HsSuspects;

/* T for P (0 < P <= 100): ceil(P/100 x reachable_bytes), exact for P with
 * up to six decimals; at least 1. */
guint64 hs_suspects_threshold (guint64 reachable_bytes, double percent);

/* The suspects of a heap whose reachability is set (hs_heap_set_reachable)
 * with its dominator tree. percent <= 0 means the default (10); above 100,
 * 100. opts: for the paths' search (matchers, API level), may be NULL.
 * Returns NULL with error set on cancellation or a bad matcher file. */
HsSuspects *hs_suspects_find (HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts, double percent,
                              GCancellable *cancellable, GError **error);
void hs_suspects_free (HsSuspects *suspects);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsSuspects, hs_suspects_free)

/* {"threshold": T, "reachable_bytes": N, "objects": [{"id", "class",
 * "retained", "retained_count", "percent", "description", "holder":
 * {"kind": "static" | "local" | "field", "name", "thread"} ("frame" too
 * for a local) or null,
 * "collection": {"id", "class", "size"} or null, "accumulation": {"id",
 * "class", "retained"}, "path": [nodes as in leaks --json] or null,
 * "retained_classes": [{"class", "count", "retained", "below": [{"class",
 * "count", "retained"}]}]}], "classes": [{"class", "count", "retained",
 * "percent", "description", "biggest": ["0x.."], "common_path": [nodes] or
 * null, "threads": [{"name", "frame", "count"}], "threads_total": N}]}.
 * After each "class" whose class a mapping renamed, "obfuscated_name": the
 * dump's name, as in leaks --json. */
void hs_suspects_to_json (const HsSuspects *suspects, GString *out);
/* The same for people: each suspect's sentence, path (LeakCanary's form)
 * and retained classes. */
char *hs_suspects_to_text (const HsSuspects *suspects);

G_END_DECLS
