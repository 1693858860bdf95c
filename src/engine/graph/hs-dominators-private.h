/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominators-private.h: what the units of the dominator tree
 * (hs-dominators.c, hs-dom-preds.c, hs-dom-children.c) and the
 * retained-size walks (hs-retained.c) share: a growable stack of 32-bit
 * values (no recursion over the heap anywhere), bitmaps, prefetching, the
 * tree's bitmap of unsorted child lists, and the predecessor-list jobs. */
#pragma once

#include <gio/gio.h>
#include "hs-graph.h"

G_BEGIN_DECLS

#define POLL_MASK 0xFFFF /* poll cancellation / report progress every 64k */

#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch (addr)
#else
#define PREFETCH(addr) ((void)0)
#endif

static inline gboolean
bit_get (const guint64 *bits, guint64 i)
{
  return (bits[i >> 6] >> (i & 63)) & 1;
}

static inline void
bit_set (guint64 *bits, guint64 i)
{
  bits[i >> 6] |= G_GUINT64_CONSTANT (1) << (i & 63);
}

typedef struct
{
  guint32 *data;
  gsize len, cap;
} U32Stack;

static inline void
u32_push (U32Stack *s, guint32 v)
{
  if (G_UNLIKELY (s->len == s->cap))
    {
      s->cap = s->cap ? s->cap * 2 : 1024;
      s->data = g_renew (guint32, s->data, s->cap);
    }
  s->data[s->len++] = v;
}

/* HsDomTree.unsorted: bit v set while v's child list is not sorted yet. */
#define UNSORTED_WORD(v) ((v) >> 5)
#define UNSORTED_BIT(v) (1u << ((v)&31))

/* --- predecessor lists (hs-dom-preds.c) ---------------------------------- */

/* One thread's share of the predecessor lists: the edges whose target
 * object is in [wlo, whi). An edge v -> w between preorder numbers pv < pw
 * lowers label[pw] to pv (count pass only); one with pv > pw, w not a GC
 * root, is counted into off[pw + 1] and marked in the job's bitmap of
 * edges (count pass, preds NULL); the fill pass (pred_fill) then visits only
 * the marked edges to fill preds[off[pw + 1]++], instead of looking up pre[]
 * of every target again (a quarter of the edges are marked on bench-10m).
 *
 * Edges into GC roots are left out: a root's semidominator is the virtual
 * root (its predecessor 0, the smallest number there is), whatever else
 * points to it, and a predecessor list serves nothing but its target's
 * semidominator. In a Java heap that is most edges into class objects
 * (system classes are roots), one per instance: a third or more of all. */
typedef struct
{
  guint64 n;
  const HsGraph *g;
  const guint32 *pre;
  const guint64 *is_root; /* bitmap by object */
  guint32 *label;
  guint32 *off;
  guint32 *preds;
  guint64 *back; /* bitmap by edge: stored as a predecessor */
  HsObj wlo, whi;
  gboolean overflow;         /* a count passed 2^32 - 1 */
  GCancellable *cancellable; /* a cancelled job stops; the caller sees it */
} PredJob;

/* Runs one PredJob: the count pass (preds NULL) or the fill pass. */
gpointer hs_dom_pred_job (gpointer data);

G_END_DECLS
