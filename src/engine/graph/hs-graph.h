/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-graph.h: the reference graph as the whole-heap walks read it (the
 * dominator tree, retained sets, class retained sizes): n nodes (objects),
 * each with a run of out-edges, a weight (its shallow size) and a class.
 *
 * Read it only through the inline accessors below. What sits behind them is
 * the reader's business (hs-heap-graph.c fills the heap's graph; tests and
 * hs-threads.c wrap their own flat arrays with hs_graph_init) and may become
 * narrower or implicit without the walks changing.
 *
 * The heap's graph: edge offsets per block of 64 nodes, a 64-bit base and
 * a 16-bit distance from it per node (about 2.1 bytes a node; the rare
 * block whose edges span 2^16 or more keeps full offsets aside), weights
 * and classes in the heap's narrow columns (hs-columns.h). The first edge of most objects, to
 * their class's class object, is not stored: it follows from the class
 * column and a per-class table (hs_graph_first). */
#pragma once

#include <glib.h>
#include "hs-types.h"
#include "hs-columns.h"

G_BEGIN_DECLS

#define HS_GRAPH_BLOCK_SHIFT 6
#define HS_GRAPH_ESCAPED (G_GUINT64_CONSTANT (1) << 63)

typedef struct
{
  guint64 n; /* nodes 0 .. n-1 */
  /* Private: the representation behind the accessors. The offsets of the
   * edges (n + 1 entries) are either off64_ (hs_graph_init) or, for node v
   * of block b = v >> 6, base_[b] + delta_[v]; a block whose last offset
   * is 2^16 or more past its first is escaped instead: base_[b] is
   * HS_GRAPH_ESCAPED | k, its offsets esc_[64 k .. 64 k + 63]. */
  const guint64 *off64_;
  const guint16 *delta_; /* n + 1 */
  const guint64 *base_;  /* n / 64 + 1 */
  const guint64 *esc_;
  const HsObj *targets_;
  HsSizeCol weights_;  /* empty: every weight 0 */
  HsClassCol classes_; /* empty: every class HS_CLASS_NONE */
  /* Per class: the target of the implicit first edge of every node of that
   * class (HS_OBJ_NONE: none), n_first_ nodes have one. NULL: none has. */
  const HsObj *class_edge_;
  guint64 n_first_;
} HsGraph;

/* Wraps flat CSR arrays (edges of v: targets[offsets[v] .. offsets[v+1]))
 * that outlive g, and returns g. weights and classes may be NULL. */
static inline const HsGraph *
hs_graph_init (HsGraph *g, guint64 n, const guint64 *offsets, const HsObj *targets, const guint32 *weights,
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

static inline guint64
hs_graph_n (const HsGraph *g)
{
  return g->n;
}

/* The offset of v's first edge. */
static inline guint64
hs_graph_offset_ (const HsGraph *g, guint64 v)
{
  if (G_UNLIKELY (g->off64_ != NULL))
    return g->off64_[v];
  guint64 w = g->base_[v >> HS_GRAPH_BLOCK_SHIFT];
  if (G_UNLIKELY (w & HS_GRAPH_ESCAPED))
    return g->esc_[((w & ~HS_GRAPH_ESCAPED) << HS_GRAPH_BLOCK_SHIFT) | (v & 63)];
  return w + g->delta_[v];
}

static inline HsClass
hs_graph_class (const HsGraph *g, guint64 v)
{
  return hs_class_col_get (&g->classes_, v);
}

/* v's edges, in the order the object holds its references (walks that
 * break ties by edge order rely on it): first hs_graph_first (g, v) unless
 * it is HS_OBJ_NONE (the implicit edge to the class object), then the
 * stored edges [hs_graph_begin (g, v), hs_graph_end (g, v)), numbered
 * 0 .. hs_graph_n_stored (g) over all nodes, targets hs_graph_target. */
static inline HsObj
hs_graph_first (const HsGraph *g, guint64 v)
{
  if (g->class_edge_ == NULL)
    return HS_OBJ_NONE;
  HsClass c = hs_graph_class (g, v);
  return c == HS_CLASS_NONE ? HS_OBJ_NONE : g->class_edge_[c];
}

static inline guint64
hs_graph_begin (const HsGraph *g, guint64 v)
{
  return hs_graph_offset_ (g, v);
}
static inline guint64
hs_graph_end (const HsGraph *g, guint64 v)
{
  return hs_graph_offset_ (g, v + 1);
}
static inline HsObj
hs_graph_target (const HsGraph *g, guint64 e)
{
  return g->targets_[e];
}
static inline guint64
hs_graph_n_stored (const HsGraph *g)
{
  return hs_graph_offset_ (g, g->n);
}
/* Every edge, the implicit ones included. */
static inline guint64
hs_graph_n_edges (const HsGraph *g)
{
  return hs_graph_n_stored (g) + g->n_first_;
}

/* For plain walks: HsGraphEdges it = hs_graph_edges (g, v); then
 * while (hs_graph_next (g, &it, &t)) visits v's edges in order. */
typedef struct
{
  HsObj first;
  guint64 e, end;
} HsGraphEdges;

static inline HsGraphEdges
hs_graph_edges (const HsGraph *g, guint64 v)
{
  return (HsGraphEdges){ hs_graph_first (g, v), hs_graph_begin (g, v), hs_graph_end (g, v) };
}

static inline gboolean
hs_graph_next (const HsGraph *g, HsGraphEdges *it, HsObj *t)
{
  if (it->first != HS_OBJ_NONE)
    {
      *t = it->first;
      it->first = HS_OBJ_NONE;
      return TRUE;
    }
  if (it->e < it->end)
    {
      *t = g->targets_[it->e++];
      return TRUE;
    }
  return FALSE;
}

/* Slots, for walks that keep state per edge (bitmaps, cursors): v's are
 * [hs_graph_slot_begin (g, v), hs_graph_slot_end (g, v)), the first one its
 * implicit edge (target HS_OBJ_NONE when it has none), then one per stored
 * edge in order; hs_graph_n_slots (g) = stored edges + nodes in all. */
static inline guint64
hs_graph_slot_begin (const HsGraph *g, guint64 v)
{
  return hs_graph_begin (g, v) + v;
}
static inline guint64
hs_graph_slot_end (const HsGraph *g, guint64 v)
{
  return hs_graph_end (g, v) + v + 1;
}
static inline guint64
hs_graph_n_slots (const HsGraph *g)
{
  return hs_graph_n_stored (g) + g->n;
}

/* The target of slot s of v, whose first slot is sb; first is
 * hs_graph_first (g, v) (callers have it at hand). */
static inline HsObj
hs_graph_slot_target (const HsGraph *g, guint64 v, guint64 sb, HsObj first, guint64 s)
{
  return s == sb ? first : g->targets_[s - v - 1];
}

static inline guint32
hs_graph_weight (const HsGraph *g, guint64 v)
{
  return hs_size_col_get (&g->weights_, v);
}

/* Hints for walks that jump around: bring v's edge range, stored edge e,
 * v's class (its implicit edge) or v's weight into the cache before they
 * are read. */
static inline void
hs_graph_prefetch_node (const HsGraph *g, guint64 v)
{
  if (g->off64_)
    __builtin_prefetch (&g->off64_[v]);
  else
    {
      __builtin_prefetch (&g->delta_[v]);
      __builtin_prefetch (&g->base_[v >> HS_GRAPH_BLOCK_SHIFT]);
    }
}

static inline void
hs_graph_prefetch_edge (const HsGraph *g, guint64 e)
{
  __builtin_prefetch (&g->targets_[e]);
}

static inline void
hs_graph_prefetch_class (const HsGraph *g, guint64 v)
{
  if (g->classes_.k16)
    __builtin_prefetch (&g->classes_.k16[v]);
  else if (g->classes_.k32)
    __builtin_prefetch (&g->classes_.k32[v]);
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
