/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-retained.h: retained sizes beyond single objects: per class (over the
 * dominator tree) and of a set of objects (precise, by a walk of the graph).
 * Pure graph code, like hs-dominators. */
#pragma once

#include <glib.h>
#include "hs-types.h"
#include "hs-graph.h"

G_BEGIN_DECLS

typedef struct _HsDomTree HsDomTree; /* hs-dominators.h */

/* Retained size per class as docs/semantics.md defines it: for each class, the sum
 * of retained sizes of its reachable instances that have no instance of the
 * same class among their dominator-tree ancestors. The classes are g's
 * (HS_CLASS_NONE allowed); out_retained has n_classes entries (zeroed here). */
void hs_dom_tree_class_retained (const HsDomTree *tree, const HsGraph *g, guint n_classes,
                                 guint64 *out_retained);

/* The precise retained size of a set of objects (in_set: n bytes, non-zero =
 * member): mark the set, walk from the roots without entering the set, and
 * sum the weights (shallow sizes) of reachable objects left unvisited. */
void hs_retained_set_precise (const HsGraph *g, const HsObj *roots, gsize n_roots, const guint8 *in_set,
                              guint64 *out_bytes, guint64 *out_count);

G_END_DECLS
