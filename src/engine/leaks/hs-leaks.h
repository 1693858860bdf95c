/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leaks.h: LeakCanary-style leak finding: leaking objects (watched
 * KeyedWeakReferences, Android object inspectors), shortest paths from GC
 * roots with LeakCanary's priorities, leaking statuses, library-leak
 * matchers, grouping by fingerprint; and the same paths to chosen objects.
 * The result types are in hs-leak-report.h. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"
#include "hs-leak-report.h"

G_BEGIN_DECLS

/* Long traces are abridged (hostile or unlucky dumps have paths of
 * millions of nodes, and thousands of leaks behind one such path). A trace
 * of at most HS_LEAK_TRACE_MAX_NODES nodes is whole. A longer one keeps at
 * most that many, with one gap (HsLeakTrace.n_elided, .elided_at):
 * - the first HS_LEAK_TRACE_HEAD nodes from the GC root and the last
 *   HS_LEAK_TRACE_TAIL nodes up to the leaking object (or target);
 * - the suspects (the nodes between the last NO and the first YES, whose
 *   references are suspect) with a node each side: the gap is put between
 *   the head and the suspects, or between the suspects and the tail,
 *   whichever keeps fewer nodes;
 * - when even that keeps more than HS_LEAK_TRACE_MAX_NODES (the suspects
 *   themselves are a long stretch), only the head and the tail are kept.
 * Statuses, reasons and fingerprints are those of the whole path (the
 * fingerprint covers every suspect reference, elided or not), so grouping
 * does not depend on the abridgement. In the text form the gap is one line
 * "… N more" (N with thousands separators) where the nodes stand; in JSON
 * it is one element {"elided": N} in "nodes" at that point. */
#define HS_LEAK_TRACE_MAX_NODES 64
#define HS_LEAK_TRACE_HEAD 8
#define HS_LEAK_TRACE_TAIL 8

typedef struct
{
  /* Treat objects the Android inspectors mark leaking as leaks even without
   * a KeyedWeakReference ("heap analysis without watcher"). */
  gboolean android_inspectors_as_leaks;
  /* The same, only for an Android dump without LeakCanary's
   * KeyedWeakReference class (an Android Studio or `am dumpheap` dump):
   * what the front ends do unless told otherwise. */
  gboolean android_inspectors_when_unwatched;
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
 * - Retained size and count of a trace: hs_dom_tree_retained (dom, leaking object)
 *   (exact); 0 when dom is NULL.
 * Returns NULL with error set on cancellation or a bad matcher file. */
/* An Android dump without LeakCanary's KeyedWeakReference class (see
 * HsLeakOptions.android_inspectors_when_unwatched). */
gboolean hs_leaks_unwatched_android (HsHeap *heap);
HsLeakReport *hs_leaks_find (HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts,
                             HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                             GError **error);

typedef struct
{
  HsObj target; /* where the trace ends (its last node) */
  /* The references from the node before this one (when it is on the path)
   * to the target are marked suspect and its nodes from this one on show
   * their retained size; HS_OBJ_NONE or not on the path: the last
   * reference only. */
  HsObj mark_from;
} HsLeakTarget;

/* The leak-trace path to each target: the same search (roots, two queues,
 * matchers, references never followed) as hs_leaks_find, with the targets
 * in place of the leaking objects, except that a target is not a leaf (one
 * target on the way to another does not hide it). Each trace has the
 * inspectors' statuses and reasons with Shark's propagation, but its last
 * node is not forced leaking; its suspect references are the marked ones;
 * its retained size is the target's (0 without dom); no key, signature or
 * watcher facts. Stops as soon as every reachable target is found. Returns
 * n_targets entries (HsLeakTrace*, NULL for a target no strong path
 * reaches); the array frees them. NULL with error set on cancellation or a
 * bad matcher file. */
GPtrArray *hs_leaks_trace_targets (HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts,
                                   const HsLeakTarget *targets, guint n_targets, GCancellable *cancellable,
                                   GError **error);

/* The trace in LeakCanary's text form (┬───, │ GC Root:, ├─, ↓, ~~~, ╰→). */
char *hs_leak_trace_to_text (const HsLeakTrace *trace);
/* Reference label as LeakCanary prints it: "static Foo.bar", "Foo.baz",
 * "Object[].[3]", "<Java Local>". */
char *hs_leak_node_ref_label (const HsLeakNode *node);

/* The report as JSON: {"application_leaks":[group...], "library_leaks":[...],
 * "leaking_objects", "watched_references", "without_path":[...]}; a group is
 * {fingerprint, description, library, pattern, count, retained_bytes,
 * traces}; a trace {gc_root, gc_root_type, gc_root_thread, retained_bytes,
 * retained_count, key, description, retained_duration_ms, watch_duration_ms,
 * signature, nodes, also_leaking:["0x.."]}; a node {id "0x..", class, type,
 * description, leaking, reasons, labels, [retained_bytes, retained_count],
 * reference: {kind "field|static|element|local", name, index, owner, label,
 * suspect} or null on the last node}. */
void hs_leak_report_to_json (const HsLeakReport *report, GString *out);
/* A trace's nodes alone, as the "nodes" array above. */
void hs_leak_trace_nodes_to_json (const HsLeakTrace *trace, GString *out);

G_END_DECLS
