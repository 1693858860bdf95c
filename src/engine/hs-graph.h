/* hs-graph.h: the reference graph as the whole-heap walks read it (the
 * dominator tree, retained sets, class retained sizes): n nodes (objects),
 * each with a run of out-edges, a weight (its shallow size) and a class.
 *
 * Read it only through the inline accessors below. What sits behind them is
 * the reader's business (hs-heap-graph.c fills the heap's graph; tests and
 * hs-threads.c wrap their own flat arrays with hs_graph_init) and may become
 * narrower or implicit without the walks changing.
 *
 * The heap's graph: edge offsets in 32 bits plus the (usually empty) list
 * of the nodes where their high word steps, weights and classes in the
 * heap's narrow columns (hs-columns.h). */
#pragma once

#include <glib.h>
#include "hs-types.h"
#include "hs-columns.h"

G_BEGIN_DECLS

typedef struct {
  guint64        n;         /* nodes 0 .. n-1 */
  /* Private: the representation behind the accessors. The offsets of the
   * edges (n + 1 entries) are either off64_ (hs_graph_init) or the low
   * words off32_ with the high word from hi_step_: hi_step_[k] is the first
   * node whose offset is at least (k + 1) << 32 (ascending, hi_n_ of them:
   * none below 2^32 edges). */
  const guint64 *off64_;
  const guint32 *off32_;
  const HsObj   *hi_step_;
  guint64        hi_n_;
  const HsObj   *targets_;
  HsSizeCol      weights_;  /* empty: every weight 0 */
  HsClassCol     classes_;  /* empty: every class HS_CLASS_NONE */
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
  *g = (HsGraph){ 0 };
  g->n = n;
  g->off64_ = offsets;
  g->targets_ = targets;
  g->weights_.s32 = weights;
  g->classes_.k32 = classes;
  return g;
}

static inline guint64 hs_graph_n (const HsGraph *g) { return g->n; }

/* The offset of v's first edge. */
static inline guint64
hs_graph_offset_ (const HsGraph *g, guint64 v)
{
  if (G_UNLIKELY (g->off64_ != NULL))
    return g->off64_[v];
  guint64 hi = 0;
  while (G_UNLIKELY (hi < g->hi_n_) && g->hi_step_[hi] <= v)
    hi++;
  return (hi << 32) | g->off32_[v];
}

/* Edges are numbered 0 .. hs_graph_n_edges: those of v are
 * [hs_graph_begin (g, v), hs_graph_end (g, v)), in the order the object
 * holds its references (walks that break ties by edge order rely on it). */
static inline guint64 hs_graph_n_edges (const HsGraph *g) { return hs_graph_offset_ (g, g->n); }
static inline guint64 hs_graph_begin (const HsGraph *g, guint64 v) { return hs_graph_offset_ (g, v); }
static inline guint64 hs_graph_end (const HsGraph *g, guint64 v) { return hs_graph_offset_ (g, v + 1); }
static inline HsObj hs_graph_target (const HsGraph *g, guint64 e) { return g->targets_[e]; }

static inline guint32
hs_graph_weight (const HsGraph *g, guint64 v)
{
  return hs_size_col_get (&g->weights_, v);
}

static inline HsClass
hs_graph_class (const HsGraph *g, guint64 v)
{
  return hs_class_col_get (&g->classes_, v);
}

/* Hints for walks that jump around: bring v's edge range, edge e, or v's
 * weight into the cache before they are read. */
static inline void
hs_graph_prefetch_node (const HsGraph *g, guint64 v)
{
  if (g->off64_)
    __builtin_prefetch (&g->off64_[v]);
  else
    __builtin_prefetch (&g->off32_[v]);
}

static inline void
hs_graph_prefetch_edge (const HsGraph *g, guint64 e)
{
  __builtin_prefetch (&g->targets_[e]);
}

static inline void
hs_graph_prefetch_weight (const HsGraph *g, guint64 v)
{
  if (g->weights_.units)
    __builtin_prefetch (&g->weights_.units[v]);
  else if (g->weights_.s32)
    __builtin_prefetch (&g->weights_.s32[v]);
}

G_END_DECLS
