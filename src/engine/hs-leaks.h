/* hs-leaks.h: LeakCanary-style leak finding: leaking objects (watched
 * KeyedWeakReferences, Android object inspectors), shortest paths from GC
 * roots with LeakCanary's priorities, leaking statuses, library-leak
 * matchers, grouping by fingerprint. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"

G_BEGIN_DECLS

typedef enum {
  HS_LEAKING_UNKNOWN = 0,
  HS_LEAKING_NO = 1,
  HS_LEAKING_YES = 2,
} HsLeaking;

typedef enum {
  HS_PATH_REF_FIELD,     /* instance field */
  HS_PATH_REF_STATIC,    /* static field (from a class object) */
  HS_PATH_REF_ELEMENT,   /* array element */
  HS_PATH_REF_LOCAL,     /* <Java Local> on a thread (root is a thread) */
} HsPathRefKind;

typedef struct {
  HsObj obj;
  char *class_name;          /* Java source form; "class Foo" not used: see is_class */
  gboolean is_class;         /* node is a class object */
  char *description;         /* short: string value, thread name, ... or NULL */
  HsLeaking leaking;
  GPtrArray *reasons;        /* char*: "Activity#mDestroyed is true", ... */
  /* The reference from this node to the next one (unused on the last node). */
  HsPathRefKind ref_kind;
  char *ref_name;            /* field name, or NULL for elements/locals */
  guint32 ref_index;         /* element index */
  char *ref_owner_class;     /* declaring class for fields/statics (display) */
  gboolean suspect;          /* between the last NO and the first YES */
} HsLeakNode;

typedef struct {
  guint8 root_type;          /* HsRootType of the GC root the path starts at */
  char *root_thread_name;    /* for thread-bound roots, or NULL */
  GPtrArray *nodes;          /* HsLeakNode*: nodes[0] is the GC root object,
                                the last node is the leaking object */
  HsObj leaking_obj;
  guint64 retained_bytes;    /* exact, from the dominator tree */
  guint64 retained_count;
  /* From the KeyedWeakReference, if there is one (else NULL / -1). */
  char *key;
  char *watch_description;
  gint64 retained_duration_ms; /* heapDumpUptimeMillis - retainedUptimeMillis */
  gint64 watch_duration_ms;    /* heapDumpUptimeMillis - watchUptimeMillis */
  /* Other leaking objects reachable only through this one. */
  GArray *also_leaking;      /* HsObj */
  char *signature;           /* fingerprint hex (same as the group's) */
} HsLeakTrace;

typedef struct {
  char fingerprint[41];      /* SHA-1 hex of the suspect references */
  char *description;         /* e.g. "LeakyService.sInstance" or the matcher's text */
  gboolean library;
  char *library_pattern;     /* the matcher that made it a library leak, or NULL */
  GPtrArray *traces;         /* HsLeakTrace*, shortest first */
} HsLeakGroup;

typedef struct {
  GPtrArray *application_leaks; /* HsLeakGroup* sorted by retained desc */
  GPtrArray *library_leaks;     /* HsLeakGroup* */
  guint64 n_leaking_objects;    /* objects found leaking (before de-dup) */
  guint64 n_watched;            /* KeyedWeakReference instances seen */
  GPtrArray *unreachable_leaking; /* char*: leaking objects with no path (collected) */
} HsLeakReport;

typedef struct {
  /* Treat objects the Android inspectors mark leaking as leaks even without
   * a KeyedWeakReference ("heap analysis without watcher"). */
  gboolean android_inspectors_as_leaks;
  /* Library-leak matcher table; NULL = the built-in data file. */
  const char *matchers_path;
  /* Android API level for matcher ranges; 0 = read from the dump
   * (android.os.Build$VERSION.SDK_INT) or unknown. */
  int api_level;
} HsLeakOptions;

/* Finds the leaking objects and their shortest paths (see hs-leaks.c for the
 * algorithm). Decisions where LeakCanary leaves room:
 * - Leaking objects are leaves of the search; one reachable only through
 *   another leaking object gets no trace and is listed in that trace's
 *   also_leaking. Leaking objects nothing strong reaches (only weak/soft
 *   references or ignored references) are listed in unreachable_leaking and
 *   are not counted in n_leaking_objects.
 * - The GC root node gets no status of its own (as in Shark): a class object
 *   is NO because "a class is never leaking", a thread by its inspector.
 * - Fingerprint: SHA-1 (hex) of the concatenated suspect references, each
 *   "Class.field" (the class of the node holding the reference), "Class[x]"
 *   for array elements, "Class.<Java Local>" for locals. A library leak's
 *   fingerprint is the SHA-1 of its matcher's pattern text (all traces
 *   through one known library leak form one group, as in LeakCanary).
 * - Retained size and count of a trace: dom->retained[leaking object]
 *   (exact); 0 when dom is NULL.
 * Returns NULL with error set on cancellation or a bad matcher file. */
HsLeakReport *hs_leaks_find        (HsHeap              *heap,
                                    const HsDomTree     *dom,
                                    const HsLeakOptions *opts,
                                    HsProgressFunc       progress,
                                    gpointer             progress_data,
                                    GCancellable        *cancellable,
                                    GError             **error);
void          hs_leak_report_free  (HsLeakReport *report);
/* For a report found with dom == NULL: fills the retained sizes from the
 * dominator tree and sorts traces and groups as hs_leaks_find does. */
void          hs_leak_report_set_retained (HsLeakReport *report, const HsDomTree *dom);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsLeakReport, hs_leak_report_free)

/* The trace in LeakCanary's text form (┬───, │ GC Root:, ├─, ↓, ~~~, ╰→). */
char         *hs_leak_trace_to_text (const HsLeakTrace *trace);
/* Reference label as LeakCanary prints it: "static Foo.bar", "Foo.baz",
 * "Object[].[3]", "<Java Local>". */
char         *hs_leak_node_ref_label (const HsLeakNode *node);
const char   *hs_leaking_name       (HsLeaking l); /* "YES", "NO", "UNKNOWN" */

/* The report as JSON: {"application_leaks":[group...], "library_leaks":[...],
 * "leaking_objects", "watched_references", "without_path":[...]}; a group is
 * {fingerprint, description, library, pattern, count, retained_bytes,
 * traces}; a trace {gc_root, gc_root_type, gc_root_thread, retained_bytes,
 * retained_count, key, description, retained_duration_ms, watch_duration_ms,
 * signature, nodes, also_leaking:["0x.."]}; a node {id "0x..", class, type,
 * description, leaking, reasons, labels, [retained_bytes, retained_count],
 * reference: {kind "field|static|element|local", name, index, owner, label,
 * suspect} or null on the last node}. */
void          hs_leak_report_to_json (const HsLeakReport *r, GString *out);
/* Extra facts of the nodes of traces made by hs_leaks_find (NULL / 0 for
 * other traces): LeakCanary-style labels ("View.mAttachInfo is null (view
 * detached)", "Thread name: 'main'", ...) and the object id as written. */
const GPtrArray *hs_leak_trace_node_labels (const HsLeakTrace *trace, guint node_index);
guint64       hs_leak_trace_node_id   (const HsLeakTrace *trace, guint node_index);
/* The report as JSON ({"application_leaks": [...], "library_leaks": [...]}). */
void          hs_leak_report_to_json (const HsLeakReport *report, GString *out);

G_END_DECLS
