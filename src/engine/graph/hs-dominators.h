/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominators.h: exact dominator tree and retained sizes over a CSR graph.
 * Pure graph code: knows nothing of HPROF; the heap feeds it flat arrays. */
#pragma once

#include <string.h>
#include <gio/gio.h>
#include "hs-types.h"
#include "hs-graph.h"

G_BEGIN_DECLS

/* The virtual root above all GC roots is node index n (one past the last). */
typedef struct _HsDomTree
{
  guint64 n;               /* number of graph nodes (objects) */
  HsObj *idom;             /* n entries: immediate dominator; n (the virtual
                              root) for objects dominated only by it;
                              HS_OBJ_NONE for unreachable objects */
  guint8 *retained40;      /* n+1 entries of 5 bytes (little-endian, 40 bits;
                              then 3 bytes of padding): retained bytes, [n] =
                              all reachable bytes; read hs_dom_tree_retained */
  guint32 *retained_count; /* n+1 entries: retained object count (at most
                              n < 2^32, like an HsObj) */
  /* Dominator-tree children as CSR: children of node v are
   * child_targets[child_offsets[v] .. child_offsets[v+1]), v in [0, n].
   * Read them with hs_dom_tree_children, which sorts a list by retained
   * size (largest first, ties by smaller index) the first time it is asked
   * for; read straight from here, a list may still be in index order. */
  guint32 *child_offsets; /* n+2 entries (at most n reachable objects) */
  HsObj *child_targets;   /* number of reachable objects */
  guint64 n_reachable;
  /* Private. Bit v set: v's list is not sorted yet. NULL: all sorted
   * (trees built by hand). sort_lock serialises the sorting. */
  gint *unsorted;
  GMutex sort_lock;
  /* The persistent index the arrays come from (hs-dom-persist.c), or
   * NULL: they are the tree's own. */
  struct _HsIndexFile *index;
} HsDomTree;

/* Computes the dominator tree of g (node weights: shallow sizes) rooted at
 * a virtual root whose children are roots[0..n_roots).
 * Exact (Lengauer-Tarjan with path compression), iterative, flat 32-bit
 * arrays only: at its peak about 21 bytes per object, the size of the
 * finished tree. Returns NULL with error set if
 * cancelled, or if the graph is beyond its 32-bit counters (an object
 * with 2^32 references or more, or 2^32 stored predecessors) or its
 * 40-bit sizes (more than HS_DOM_RETAINED_MAX reachable bytes). */
HsDomTree *hs_dom_tree_compute (const HsGraph *g, const HsObj *roots, gsize n_roots, HsProgressFunc progress,
                                gpointer progress_data, GCancellable *cancellable, GError **error);
/* The same, and reached (bits, data) is called once on this thread as
 * soon as the walk from the roots is done, before the rest of the work:
 * bit i of bits (64 a word) set if object i is reachable from a root,
 * the same objects whose immediate dominator will not be HS_OBJ_NONE.
 * bits is valid only during the call. Not called if the walk was
 * cancelled or refused. */
typedef void (*HsDomReachedFunc) (const guint64 *bits, gpointer data);
HsDomTree *hs_dom_tree_compute_full (const HsGraph *g, const HsObj *roots, gsize n_roots,
                                     HsDomReachedFunc reached, gpointer reached_data, HsProgressFunc progress,
                                     gpointer progress_data, GCancellable *cancellable, GError **error);
void hs_dom_tree_free (HsDomTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsDomTree, hs_dom_tree_free)

/* Retained sizes are at most HS_DOM_RETAINED_MAX (2^40 - 1, a terabyte;
 * hs_dom_tree_compute refuses a heap with more reachable bytes). */
#define HS_DOM_RETAINED_MAX ((G_GUINT64_CONSTANT (1) << 40) - 1)

/* Retained bytes and object count of v, v in [0, n] ([n]: all reachable).
 * Read them only through these: the representation may shrink. One
 * unaligned 8-byte load (the padding keeps the last one in the block). */
static inline guint64
hs_dom_tree_retained (const HsDomTree *t, guint64 v)
{
  guint64 x;
  memcpy (&x, t->retained40 + 5 * v, sizeof x);
  return GUINT64_FROM_LE (x) & HS_DOM_RETAINED_MAX;
}

static inline guint32
hs_dom_tree_retained_count (const HsDomTree *t, guint64 v)
{
  return t->retained_count[v];
}

/* Trees built by hand (tests): zeroed retained sizes for t->n + 1 nodes
 * (one block, freed with the tree), and one size set (bytes <=
 * HS_DOM_RETAINED_MAX). */
void hs_dom_tree_alloc_retained (HsDomTree *t);

static inline void
hs_dom_tree_set_retained (HsDomTree *t, guint64 v, guint64 bytes)
{
  guint64 x;
  memcpy (&x, t->retained40 + 5 * v, sizeof x);
  x = (GUINT64_FROM_LE (x) & ~HS_DOM_RETAINED_MAX) | (bytes & HS_DOM_RETAINED_MAX);
  x = GUINT64_TO_LE (x);
  memcpy (t->retained40 + 5 * v, &x, sizeof x);
}

/* Children of v (v may be the virtual root n), sorted by retained desc
 * (sorted here on the first call for v; safe from any thread). */
const HsObj *hs_dom_tree_children (const HsDomTree *tree, guint64 v, gsize *n_children);
/* The same without waiting (for the UI thread): TRUE with *children set
 * when v's list is sorted, or was unsorted but at most max_sort long and
 * sorted here because no other thread was sorting; FALSE (*children NULL)
 * otherwise: ask hs_dom_tree_children on a worker. *n_children (optional)
 * is the list's length either way. */
gboolean hs_dom_tree_children_try (const HsDomTree *tree, guint64 v, gsize max_sort, const HsObj **children,
                                   gsize *n_children);

G_END_DECLS

/* Class and precise retained sizes, declared here before they had a unit of
 * their own: callers that include this header still see them. */
#include "hs-retained.h"
