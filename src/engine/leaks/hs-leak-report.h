/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-report.h: what the leak finder returns: nodes, traces, groups and
 * the report, their free functions, their order by retained size, and the
 * facts each trace carries privately (node ids, labels). Engine layer: GLib
 * only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"

G_BEGIN_DECLS

typedef enum
{
  HS_LEAKING_UNKNOWN = 0,
  HS_LEAKING_NO = 1,
  HS_LEAKING_YES = 2,
} HsLeaking;

typedef enum
{
  HS_PATH_REF_FIELD,   /* instance field */
  HS_PATH_REF_STATIC,  /* static field (from a class object) */
  HS_PATH_REF_ELEMENT, /* array element */
  HS_PATH_REF_LOCAL,   /* <Java Local> on a thread (root is a thread) */
} HsPathRefKind;

typedef struct
{
  HsObj obj;
  char *class_name;  /* Java source form; "class Foo" not used: see is_class */
  gboolean is_class; /* node is a class object */
  HsKind kind;       /* the object's kind, set when the trace is built */
  char *description; /* short: string value, thread name, ... or NULL */
  HsLeaking leaking;
  GPtrArray *reasons; /* char*: "Activity#mDestroyed is true", ... */
  /* The reference from this node to the next one (unused on the last node). */
  HsPathRefKind ref_kind;
  char *ref_name;         /* field name, or NULL for elements/locals */
  guint32 ref_index;      /* element index */
  char *ref_owner_class;  /* declaring class for fields/statics (display) */
  gboolean suspect;       /* between the last NO and the first YES */
  char *obfuscated_class; /* the dump's name of the class when a mapping renamed it */
} HsLeakNode;

/* Facts of a trace's nodes kept out of the public struct (hs-leak-report-private.h). */
typedef struct _HsLeakTracePrivate HsLeakTracePrivate;

typedef struct
{
  guint8 root_type;       /* HsRootType of the GC root the path starts at */
  char *root_thread_name; /* for thread-bound roots, or NULL */
  GPtrArray *nodes;       /* HsLeakNode*: nodes[0] is the GC root object,
                                the last node is the leaking object */
  HsObj leaking_obj;
  guint64 retained_bytes; /* exact, from the dominator tree */
  guint64 retained_count;
  /* From the KeyedWeakReference, if there is one (else NULL / -1). */
  char *key;
  char *watch_description;
  gint64 retained_duration_ms; /* heapDumpUptimeMillis - retainedUptimeMillis */
  gint64 watch_duration_ms;    /* heapDumpUptimeMillis - watchUptimeMillis */
  /* Other leaking objects reachable only through this one. */
  GArray *also_leaking;     /* HsObj */
  char *signature;          /* fingerprint hex (same as the group's) */
  HsLeakTracePrivate *priv; /* set by the traces the engine builds, else NULL */
  /* A long trace is abridged (see HS_LEAK_TRACE_MAX_NODES in hs-leaks.h):
   * nodes holds only the kept nodes; n_elided nodes of the path (0 when it
   * is whole) stand before nodes[elided_at] (meaningless when n_elided is
   * 0). The path's full length is nodes->len + n_elided. */
  guint64 n_elided;
  guint elided_at;
} HsLeakTrace;

typedef struct
{
  char fingerprint[41]; /* SHA-1 hex of the suspect references */
  char *description;    /* e.g. "LeakyService.sInstance" or the matcher's text */
  gboolean library;
  char *library_pattern; /* the matcher that made it a library leak, or NULL */
  GPtrArray *traces;     /* HsLeakTrace*, shortest first */
} HsLeakGroup;

typedef struct
{
  GPtrArray *application_leaks;   /* HsLeakGroup* sorted by retained desc */
  GPtrArray *library_leaks;       /* HsLeakGroup* */
  guint64 n_leaking_objects;      /* objects found leaking (before de-dup) */
  guint64 n_watched;              /* KeyedWeakReference instances seen */
  GPtrArray *unreachable_leaking; /* char*: leaking objects with no path (collected) */
} HsLeakReport;

void hs_leak_report_free (HsLeakReport *report);
/* For a report found with dom == NULL: fills the retained sizes from the
 * dominator tree and sorts traces and groups as hs_leaks_find does. */
void hs_leak_report_set_retained (HsLeakReport *report, const HsDomTree *dom);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsLeakReport, hs_leak_report_free)

void hs_leak_trace_free (HsLeakTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsLeakTrace, hs_leak_trace_free)

/* Sum of the retained sizes of the group's traces (what the lists show). */
guint64 hs_leak_group_get_retained (const HsLeakGroup *group);

const char *hs_leaking_name (HsLeaking l); /* "YES", "NO", "UNKNOWN" */
/* "class", "array" or "instance": the one rule for a node's kind (JSON,
 * text, report). */
/* "class", "array" or "instance": the node's kind as the JSON, text and
 * HTML reports name it. */
const char *hs_leak_node_kind (const HsLeakNode *node);

/* The object id, as written, of a node of a trace made by the engine (0
 * for other traces). */
guint64 hs_leak_trace_node_id (const HsLeakTrace *trace, guint node_index);
/* The GC root line as the text and JSON have it ("Java local variable in
 * `store.Worker.hold(Worker.java:42)` of thread `worker-3`"; names between
 * backticks), or the root type's name for other traces. */
const char *hs_leak_trace_root_description (const HsLeakTrace *trace);

G_END_DECLS
