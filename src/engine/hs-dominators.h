/* hs-dominators.h: exact dominator tree and retained sizes over a CSR graph.
 * Pure graph code: knows nothing of HPROF; the heap feeds it flat arrays. */
#pragma once

#include <gio/gio.h>
#include "hs-types.h"
#include "hs-graph.h"

G_BEGIN_DECLS

/* The virtual root above all GC roots is node index n (one past the last). */
typedef struct _HsDomTree {
  guint64  n;              /* number of graph nodes (objects) */
  HsObj   *idom;           /* n entries: immediate dominator; n (the virtual
                              root) for objects dominated only by it;
                              HS_OBJ_NONE for unreachable objects */
  guint64 *retained;       /* n+1 entries: retained bytes; [n] = all reachable bytes */
  guint32 *retained_count; /* n+1 entries: retained object count (at most
                              n < 2^32, like an HsObj) */
  /* Dominator-tree children as CSR: children of node v are
   * child_targets[child_offsets[v] .. child_offsets[v+1]), v in [0, n].
   * Read them with hs_dom_tree_children, which sorts a list by retained
   * size (largest first, ties by smaller index) the first time it is asked
   * for; read straight from here, a list may still be in index order. */
  guint32 *child_offsets;  /* n+2 entries (at most n reachable objects) */
  HsObj   *child_targets;  /* number of reachable objects */
  guint64  n_reachable;
  /* Private. Bit v set: v's list is not sorted yet. NULL: all sorted
   * (trees built by hand). sort_lock serialises the sorting. */
  gint    *unsorted;
  GMutex   sort_lock;
} HsDomTree;

/* Computes the dominator tree of g (node weights: shallow sizes) rooted at
 * a virtual root whose children are roots[0..n_roots).
 * Exact (Lengauer-Tarjan with path compression), iterative, flat 32-bit
 * arrays only: at its peak about 24 bytes per object, the size of the
 * finished tree. shallow has n entries. Returns NULL with error set if
 * cancelled, or if the graph is beyond its 32-bit counters (an object
 * with 2^32 references or more, or 2^32 stored predecessors). */
HsDomTree *hs_dom_tree_compute   (const HsGraph  *g,
                                  const HsObj    *roots,
                                  gsize           n_roots,
                                  HsProgressFunc  progress,
                                  gpointer        progress_data,
                                  GCancellable   *cancellable,
                                  GError        **error);
void       hs_dom_tree_free      (HsDomTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsDomTree, hs_dom_tree_free)

/* Children of v (v may be the virtual root n), sorted by retained desc
 * (sorted here on the first call for v; safe from any thread). */
const HsObj *hs_dom_tree_children (const HsDomTree *tree, guint64 v, gsize *n_children);

G_END_DECLS

/* Class and precise retained sizes, declared here before they had a unit of
 * their own: callers that include this header still see them. */
#include "hs-retained.h"
