/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth.h: what keeps growing over a series of dumps of one program
 * (docs/semantics.md "Growth over a series of dumps"). Each dump is
 * walked from its GC roots into the tree of shortest paths, objects
 * reached the same way merged into one node named by its path (root kind,
 * then each reference and class); the nodes are matched across dumps by
 * those names, and a node is growing when one of its children gained at
 * least min_growth objects in every interval. Engine layer: GLib only. */
#pragma once

#include <gio/gio.h>

#include "hs-heap.h"
#include "hs-dominators.h"

G_BEGIN_DECLS

#define HS_GROWTH_NO_NODE G_MAXUINT32
/* At most this many dumps in a series. */
#define HS_GROWTH_MAX_DUMPS 64

typedef struct _HsGrowth HsGrowth;

/* A series of n_dumps dumps (2 .. HS_GROWTH_MAX_DUMPS), oldest first; a
 * node is growing when a child gained at least min_growth (>= 1) objects
 * in every interval. */
HsGrowth *hs_growth_new (guint n_dumps, guint min_growth);
void hs_growth_free (HsGrowth *g);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsGrowth, hs_growth_free)

/* Adds the next dump of the series (at most n_dumps): its tree of
 * shortest paths, counts and retained sizes (dom: the dump's dominator
 * tree). path names the dump in the results (its file). The heap is not
 * kept. FALSE with error on cancellation or lack of memory. */
gboolean hs_growth_add_dump (HsGrowth *g, HsHeap *heap, const HsDomTree *dom, const char *path,
                             GCancellable *cancellable, GError **error);

/* Once every dump is added: the growing nodes, most new objects first.
 * FALSE with error (HS_ERROR_ARGUMENT) when dumps are missing. */
gboolean hs_growth_finish (HsGrowth *g, GError **error);

guint hs_growth_n_dumps (const HsGrowth *g);
guint hs_growth_min_growth (const HsGrowth *g);
const char *hs_growth_dump_path (const HsGrowth *g, guint k);
guint64 hs_growth_dump_objects (const HsGrowth *g, guint k);         /* reachable objects */
guint64 hs_growth_dump_reachable_bytes (const HsGrowth *g, guint k); /* their shallow bytes */
/* What differs between the dumps that makes their comparison doubtful
 * (another program, another JVM version, few classes in common): one
 * sentence each, NULL-terminated (never NULL). */
const char *const *hs_growth_warnings (const HsGrowth *g);

/* The growing nodes (after hs_growth_finish), most new objects first. */
guint hs_growth_n_growing (const HsGrowth *g);
guint32 hs_growth_growing (const HsGrowth *g, guint i);
/* The children of a growing node that grew, most new objects first. */
guint hs_growth_n_growing_children (const HsGrowth *g, guint32 node);
guint32 hs_growth_growing_child (const HsGrowth *g, guint32 node, guint i);
/* New objects of a growing node: what its growing children gained from
 * the first dump to the last. */
guint64 hs_growth_new_objects (const HsGrowth *g, guint32 node);

/* Any node. */
/* The reference from the parent's objects ("Decl.field", "static C.f",
 * "[]" for an array element or a list's, "[key]", "[value]" for a map's,
 * "<Java Local>"); NULL for a top. */
const char *hs_growth_node_reference (const HsGrowth *g, guint32 node);
const char *hs_growth_node_class (const HsGrowth *g, guint32 node);
/* The root kind of a top ("System Class", "Thread"...), NULL below. */
const char *hs_growth_node_root_kind (const HsGrowth *g, guint32 node);
/* Its HsRootType, -1 below a top. */
gint hs_growth_node_root_type (const HsGrowth *g, guint32 node);
guint64 hs_growth_node_objects (const HsGrowth *g, guint32 node, guint k);
guint64 hs_growth_node_retained (const HsGrowth *g, guint32 node, guint k);
/* The path from the top to node, top first (n_steps nodes, g_free). */
guint32 *hs_growth_node_path (const HsGrowth *g, guint32 node, guint *n_steps);

/* The objects node merges in the newest dump (the last added): its
 * objects' indexes in that dump's heap, in index order, at most max (0:
 * all); as many as hs_growth_node_objects (g, node, last) when max allows.
 * NULL with error on cancellation or a node unknown. One pass over the
 * dump's objects (the series keeps each one's node, 4 bytes an object). */
GArray *hs_growth_node_newest_objects (const HsGrowth *g, guint32 node, guint max, GCancellable *cancellable,
                                       GError **error);
/* For each of the n_steps nodes of path (hs_growth_node_path): its object
 * in the newest dump when it merges exactly one there, else HS_OBJ_NONE
 * (g_free). One pass over the dump's objects. */
HsObj *hs_growth_path_newest_objects (const HsGrowth *g, const guint32 *path, guint n_steps);

/* The JSON `heapscope-cli growth --json` prints (docs/cli.md):
 * {"dumps": [{"path", "objects", "reachable_bytes"}], "growing": [node]},
 * a node {"path": [{"root_kind" (the first step only), "reference" (null
 * on the first step), "class"}], "class",
 * "objects": [...], "retained": [...], "children": [{"reference",
 * "class", "objects", "retained"}]}. */
void hs_growth_to_json (const HsGrowth *g, GString *out);
/* The same, each growing node and child with "newest_objects": the ids of
 * its objects in the newest dump (newest: that dump's heap), at most max
 * of them (0: all). */
void hs_growth_to_json_with_objects (const HsGrowth *g, HsHeap *newest, guint max, GString *out);
/* The same as text, a tree per growing node (LeakCanary's shape). */
void hs_growth_to_text (const HsGrowth *g, GString *out);
/* One CSV row per growing child: the growing node's path, the child's
 * reference and class, then objects and retained per dump. */
void hs_growth_to_csv (const HsGrowth *g, GString *out);

G_END_DECLS
