/* hs-graph.h: the reference graph as the whole-heap walks read it (the
 * dominator tree, retained sets, class retained sizes): n nodes (objects),
 * each with a run of out-edges, a weight (its shallow size) and a class.
 *
 * Read it only through the inline accessors below. What sits behind them is
 * the reader's business (hs-heap-graph.c fills the heap's graph; tests and
 * hs-threads.c wrap their own flat arrays with hs_graph_init) and may become
 * narrower or implicit without the walks changing. */
#pragma once

#include <glib.h>
#include "hs-types.h"

G_BEGIN_DECLS

typedef struct {
  guint64        n;         /* nodes 0 .. n-1 */
  /* Private: the representation behind the accessors. */
  const guint64 *offsets_;  /* n + 1 entries into targets_ */
  const HsObj   *targets_;
  const guint32 *weights_;  /* n entries, or NULL (every weight 0) */
  const HsClass *classes_;  /* n entries, or NULL (every class HS_CLASS_NONE) */
} HsGraph;

/* Wraps flat CSR arrays (edges of v: targets[offsets[v] .. offsets[v+1]))
 * that outlive g, and returns g. weights and classes may be NULL. */
static inline const HsGraph *
hs_graph_init (HsGraph       *g,
               guint64        n,
               const guint64 *offsets,
               const HsObj   *targets,
               const guint32 *weights,
               const HsClass *classes)
{
  g->n = n;
  g->offsets_ = offsets;
  g->targets_ = targets;
  g->weights_ = weights;
  g->classes_ = classes;
  return g;
}

static inline guint64 hs_graph_n (const HsGraph *g) { return g->n; }

/* Edges are numbered 0 .. hs_graph_n_edges: those of v are
 * [hs_graph_begin (g, v), hs_graph_end (g, v)), in the order the object
 * holds its references (walks that break ties by edge order rely on it). */
static inline guint64 hs_graph_n_edges (const HsGraph *g) { return g->offsets_[g->n]; }
static inline guint64 hs_graph_begin (const HsGraph *g, guint64 v) { return g->offsets_[v]; }
static inline guint64 hs_graph_end (const HsGraph *g, guint64 v) { return g->offsets_[v + 1]; }
static inline HsObj hs_graph_target (const HsGraph *g, guint64 e) { return g->targets_[e]; }

static inline guint32
hs_graph_weight (const HsGraph *g, guint64 v)
{
  return g->weights_ ? g->weights_[v] : 0;
}

static inline HsClass
hs_graph_class (const HsGraph *g, guint64 v)
{
  return g->classes_ ? g->classes_[v] : HS_CLASS_NONE;
}

/* Hints for walks that jump around: bring v's edge range, edge e, or v's
 * weight into the cache before they are read. */
static inline void
hs_graph_prefetch_node (const HsGraph *g, guint64 v)
{
  __builtin_prefetch (&g->offsets_[v]);
}

static inline void
hs_graph_prefetch_edge (const HsGraph *g, guint64 e)
{
  __builtin_prefetch (&g->targets_[e]);
}

static inline void
hs_graph_prefetch_weight (const HsGraph *g, guint64 v)
{
  if (g->weights_)
    __builtin_prefetch (&g->weights_[v]);
}

G_END_DECLS
