/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominators.c: exact dominator tree (Lengauer-Tarjan) and retained sizes.
 *
 * The algorithm is the "simple" Lengauer-Tarjan (path compression, no
 * balancing: O(m log n) in the worst case, whatever the input), run over DFS
 * preorder numbers. Number 0 is the virtual root whose successors are the GC
 * roots; reachable objects get 1 .. N-1. Nothing recurses: the DFS walks the
 * parent chain instead of a stack, and path compression uses a small growable
 * stack. Only edges from a higher preorder number to a lower one are stored
 * as predecessor lists (built on two threads): an edge v -> w with v < w
 * offers v itself as w's semidominator candidate, so it is folded into a
 * running minimum per vertex instead (the DFS tree edges are all of that
 * kind); edges into GC roots are left out too (a root's semidominator is the
 * virtual root). Child lists are sorted by retained size only when first
 * asked for.
 *
 * Memory (n objects, N <= n + 1 preorder numbers, M stored predecessors: the
 * edges from a later to an earlier vertex of the DFS, not into a root). Every
 * array is 32-bit and is freed (or handed to the next array) as soon as its
 * step is over, so that what is alive at once stays below the finished tree,
 * 21 bytes per object, except for the predecessor lists:
 *   pre (4n)      object -> preorder number; freed once vertex[] is made
 *                 again from it, after the predecessor lists
 *   vertex (4N)   preorder number -> object; its block becomes label[] after
 *                 the DFS; made again after the predecessor lists; becomes
 *                 child_targets
 *   anc (4N)      DFS parent, then LT forest ancestor
 *   off (4N)      DFS edge cursors (relative to the object's first edge),
 *                 then the predecessor offsets, then idom by preorder number
 *                 (slot i + 1: written once slot i + 1 is read for the last
 *                 time), then child_offsets
 *   label (4N), sb (4N)   the rest of the LT state (see semidominators)
 *   preds (4M)    predecessor lists
 *   back (m/8 per thread)   edges stored as predecessors (count -> fill)
 *   then retained (5n: 40 bits), retained_count (4n), idom (4n); two bitmaps
 *   (visited, then roots: n/8 each) and the compression stack (4 bytes per
 *   level of the longest compressed path).
 * Alive at once: DFS 16n; predecessor lists 16n + 4M + m/4; Lengauer-Tarjan
 * 20n + 4M; retained sizes and the finished tree 21n (idom 4n, retained 5n,
 * count 4n, children 8n). The DFS and the predecessor lists, which run while
 * the leak search holds its own arrays beside them, hold the least.
 * Big arrays come from hs-mem (huge pages, reuse of freed blocks).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "hs-dominators.h"
#include "hs-index-file.h"
#include "hs-dominators-private.h"
#include "hs-mem.h"
#include "hs-debug.h"
#include "hs-parallel.h"

/* HEAPSCOPE_DEBUG_TIMES=1: the time of each step (this thread's CPU). */
static HsDebugClock dom_clock = { "dom ", TRUE, 0, 0 };
#define dom_debug_time(what) hs_debug_step (&dom_clock, (what))

typedef struct
{
  HsProgressFunc progress;
  gpointer data;
  GCancellable *cancellable;
} Ctx;

/* Phase weights in the "dominators" progress: DFS, predecessors,
 * semidominators, outputs. */
static gboolean
tick (Ctx *ctx, double base, double span, guint64 done, guint64 total)
{
  if (ctx->cancellable && g_cancellable_is_cancelled (ctx->cancellable))
    return FALSE;
  if (ctx->progress && total > 0)
    ctx->progress ("dominators", base + span * ((double)done / (double)total), ctx->data);
  return TRUE;
}

/* The Lengauer-Tarjan state, per preorder number, in three arrays:
 * anc is the DFS parent until the vertex is linked, then its forest
 * ancestor (path-compressed). label is, until the vertex is processed, the
 * smallest preorder number among its predecessors that come before it (its
 * DFS parent included: the candidates that need no eval); once processed,
 * the vertex of minimum semidominator on its compressed path. sb is the
 * head of the bucket of vertices whose semidominator this vertex is, while
 * that bucket is in use, and the vertex's own semidominator once it is
 * processed (its bucket is empty and never used again by then). */
typedef struct
{
  guint32 *anc, *label, *sb;
} Lt;

/* LT path compression. Vertices >= lo are linked into the forest (anc is
 * their forest parent); the others are forest roots. Afterwards label[v]
 * answers eval(v) for a linked v (its semidominator is sb[label[v]]). */
static inline void
lt_compress (const Lt *L, guint32 v, guint32 lo, U32Stack *stack)
{
  guint32 *anc = L->anc, *label = L->label;
  const guint32 *sb = L->sb;
  if (anc[v] < lo)
    return; /* one step from a forest root: nothing to compress */
  stack->len = 0;
  guint32 x = v;
  while (anc[x] >= lo)
    {
      u32_push (stack, x);
      x = anc[x];
    }
  /* Top down: each y's forest parent a is the y handled just before (the
   * first one's is x), so a's label, its semidominator and its new
   * ancestor are carried in registers instead of read again. */
  guint32 la = label[x], sa = sb[la], ra = anc[x];
  while (stack->len > 0)
    {
      guint32 y = stack->data[--stack->len], ly = label[y], sy = sb[ly];
      if (sa < sy)
        {
          label[y] = ly = la;
          sy = sa;
        }
      anc[y] = ra;
      la = ly;
      sa = sy;
    }
}

/* --- the tree ------------------------------------------------------------ */

void
hs_dom_tree_free (HsDomTree *tree)
{
  if (!tree)
    return;
  /* From an index, some arrays are its pages and the others decoded. */
  gpointer arrays[] = { tree->idom,          tree->retained40,    tree->retained_count,
                        tree->child_offsets, tree->child_targets, tree->unsorted };
  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    if (tree->index == NULL || !hs_index_file_contains (tree->index, arrays[i]))
      g_free (arrays[i]);
  g_clear_pointer (&tree->index, hs_index_file_unref);
  g_mutex_clear (&tree->sort_lock);
  g_free (tree);
}
/* The retained sizes' block: n + 1 entries of 5 bytes, and the padding
 * that the accessor's 8-byte load of the last one reads. */
#define RETAINED40_BYTES(n) (5 * ((guint64)(n) + 1) + 3)

void
hs_dom_tree_alloc_retained (HsDomTree *t)
{
  g_return_if_fail (t != NULL);
  g_free (t->retained40);
  t->retained40 = g_malloc0 (RETAINED40_BYTES (t->n));
}

/* --- the computation, step by step ---------------------------------------- */

/* The state of one computation (the arrays' lifetimes are at the top of the
 * file). The tree owns off (t->child_offsets) from the start and vertex
 * (t->child_targets) whenever it exists; DomBuild owns the rest. */
typedef struct
{
  Ctx ctx;
  guint64 n;
  const HsGraph *g; /* edges and shallow sizes (weights) */
  const HsObj *roots;
  gsize n_roots;
  HsDomTree *t;
  Lt L;            /* per preorder number, n + 2 each */
  guint64 *seen;   /* visited bitmap during the DFS, then the roots */
  guint32 *pre;    /* object -> preorder number, 0 = unvisited */
  guint32 *vertex; /* preorder number -> object, [0] = n */
  guint32 N;       /* preorder numbers used (1 + reachable objects) */
  guint32 *off;    /* predecessor offsets by preorder number, then idomn */
  guint32 *preds;
  guint32 n_preds;
} DomBuild;

/* Immediate dominator of preorder number i, as a preorder number: kept in
 * the predecessor offsets' slot i + 1 (see semidominators). */
#define IDOMN(off, i) ((off)[(guint64)(i) + 1])

static void
dom_build_clear (DomBuild *b)
{
  g_free (b->L.anc);
  g_free (b->L.label);
  g_free (b->L.sb);
  g_free (b->seen);
  g_free (b->pre);
  g_free (b->preds);
}

/* 1. DFS from the virtual root. The path is the parent chain (anc), so
 * there is no stack: when a vertex runs out of edges we return to its
 * parent, at its edge cursor (32-bit, relative to its first edge). Visited
 * objects are tested in a bitmap that stays in cache. FALSE if cancelled. */
#define DFS_AHEAD 8

static gboolean
dfs_number (DomBuild *b)
{
  const HsGraph *g = b->g;
  const guint64 n = b->n;
  const HsObj *roots = b->roots;
  guint32 *anc = b->L.anc;
  guint64 *seen = b->seen;
  guint32 *pre = b->pre, *vertex = b->vertex;
  guint32 *cursor = b->off; /* DFS edge cursor per preorder number */

#define SEEN(x) bit_get (seen, (x))
#define MARK(x) bit_set (seen, (x))
  guint32 N = 1;
  vertex[0] = (guint32)n;
  anc[0] = 0;
  for (gsize r = 0; r < b->n_roots; r++)
    {
      HsObj root = roots[r];
      if (root >= n || SEEN (root))
        continue;
      MARK (root);
      pre[root] = N;
      vertex[N] = root;
      anc[N] = 0;
      cursor[N] = 0;
      guint32 cur = N++;
      while (cur != 0)
        {
          HsObj v = vertex[cur], first = hs_graph_first (g, v);
          guint64 base = hs_graph_slot_begin (g, v), pos = base + cursor[cur], end = hs_graph_slot_end (g, v);
          gboolean descend = FALSE;
          /* Entering v: the edge offsets and visited bits of its first
           * DFS_AHEAD targets at once (their misses overlap), then one
           * more DFS_AHEAD ahead per edge. */
          if (pos == base)
            for (guint64 k = base; k < end && k < base + DFS_AHEAD; k++)
              {
                HsObj y = hs_graph_slot_target (g, v, base, first, k);
                if (y < n)
                  {
                    hs_graph_prefetch_node (g, y);
                    hs_graph_prefetch_class (g, y);
                    PREFETCH (&seen[y >> 6]);
                  }
              }
          while (pos < end)
            {
              HsObj x = hs_graph_slot_target (g, v, base, first, pos++);
              if (pos + DFS_AHEAD - 1 < end)
                {
                  HsObj y = hs_graph_slot_target (g, v, base, first, pos + DFS_AHEAD - 1);
                  if (y < n)
                    {
                      hs_graph_prefetch_node (g, y);
                      hs_graph_prefetch_class (g, y);
                      PREFETCH (&seen[y >> 6]);
                    }
                }
              if (x >= n || SEEN (x))
                continue;
              guint64 xs = hs_graph_begin (g, x), xe = hs_graph_end (g, x);
              MARK (x);
              pre[x] = N;
              vertex[N] = x;
              anc[N] = cur;
              cursor[N] = 0;
              if ((++N & POLL_MASK) == 0 && !tick (&b->ctx, 0.0, 0.25, N, n))
                return FALSE;
              if (xs == xe && hs_graph_first (g, x) == HS_OBJ_NONE)
                continue; /* a leaf: visited, nothing below it */
              hs_graph_prefetch_edge (g, xs);
              descend = TRUE;
              break;
            }
          if (!descend)
            {
              cur = anc[cur];
              continue;
            }
          cursor[cur] = (guint32)(pos - base);
          cur = N - 1;
        }
    }
#undef SEEN
#undef MARK
  b->N = N;
  b->t->n_reachable = N - 1;
  return TRUE;
}

/* 2. Predecessor lists in preorder numbers, of the edges from a later
 * vertex to an earlier one (the others lower label[] instead, which starts
 * as the DFS parent in vertex[]'s block). off[i] .. off[i+1] are the
 * predecessors of i. Counted into off[i+1], shifted to starts, then filled
 * with off[i+1]++ so that no cursor is needed. Two threads split the edges
 * by target object, so that each counter, label and list has one writer
 * (no atomics) and lists keep source order. Then vertex[] is made again
 * from pre[], which is freed. FALSE if cancelled or if the lists do not fit
 * 32-bit offsets (error set). */
static gboolean
build_predecessors (DomBuild *b, GError **error)
{
  const guint64 n = b->n;
  const HsObj *roots = b->roots;
  const gsize n_roots = b->n_roots;
  const guint32 *pre = b->pre;
  const guint32 N = b->N;
  guint32 *off = b->off;
  guint32 *label = b->L.label = g_steal_pointer (&b->t->child_targets);
  b->vertex = NULL;
  memcpy (label, b->L.anc, sizeof (guint32) * N);
  memset (off, 0, sizeof (guint32) * ((guint64)N + 1)); /* N + 1 <= n + 2 */
  /* The visited bitmap, done with, becomes the bitmap of roots. The virtual
   * root is every root's predecessor, also of a root the DFS entered from
   * another object first. */
  guint64 *is_root = b->seen;
  memset (is_root, 0, sizeof (guint64) * (n / 64 + 1));
  for (gsize r = 0; r < n_roots; r++)
    if (roots[r] < n)
      {
        bit_set (is_root, roots[r]);
        label[pre[roots[r]]] = 0;
      }
  guint nthreads = (hs_graph_n_edges (b->g) > 1000000 && g_get_num_processors () > 1) ? 2 : 1;
  PredJob jobs[2];
  for (guint k = 0; k < nthreads; k++)
    jobs[k] = (PredJob){ n,
                         b->g,
                         pre,
                         is_root,
                         label,
                         off,
                         NULL,
                         g_new0 (guint64, hs_graph_n_slots (b->g) / 64 + 1),
                         n * k / nthreads,
                         n * (k + 1) / nthreads,
                         FALSE,
                         b->ctx.cancellable };
  hs_run_pair ("hs-dom-preds", hs_dom_pred_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  dom_debug_time ("preds count");
  if (!tick (&b->ctx, 0.25, 0.1, 1, 1))
    {
      for (guint k = 0; k < nthreads; k++)
        g_free (jobs[k].back);
      return FALSE;
    }
  /* Shift so that off[i+1] holds the start of i, off[0] = off[1] = 0. */
  guint64 total = 0;
  for (guint32 i = 0; i < N; i++)
    {
      guint32 c = off[i + 1];
      off[i + 1] = (guint32)total;
      total += c;
    }
  off[0] = 0;
  if (jobs[0].overflow || (nthreads > 1 && jobs[1].overflow) || total > G_MAXUINT32)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "Too many references for the dominator tree (more than %u back references)", G_MAXUINT32);
      for (guint k = 0; k < nthreads; k++)
        g_free (jobs[k].back);
      return FALSE;
    }
  guint32 *preds = b->preds = hs_mem_alloc (sizeof (guint32) * MAX (total, 1));
  b->n_preds = (guint32)total;
  for (guint k = 0; k < nthreads; k++)
    jobs[k].preds = preds;
  hs_run_pair ("hs-dom-preds", hs_dom_pred_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  for (guint k = 0; k < nthreads; k++)
    g_free (jobs[k].back); /* g_new0, not hs-mem: not kept in its pool through LT */
  g_clear_pointer (&b->seen, g_free);
  /* Now off[i+1] = end of i = start of i+1, and off[0] = start of 0. */
  if (!tick (&b->ctx, 0.35, 0.05, 1, 1))
    return FALSE;
  guint32 *vertex = b->vertex = b->t->child_targets = hs_mem_alloc (sizeof (guint32) * (n + 2));
  vertex[0] = (guint32)n;
  for (guint64 v = 0; v < n; v++)
    if (pre[v] != 0)
      vertex[pre[v]] = (guint32)v;
  g_clear_pointer (&b->pre, hs_mem_free);
  return tick (&b->ctx, 0.40, 0.05, 1, 1);
}

/* 3. Lengauer-Tarjan: semidominators in reverse preorder, then the
 * immediate dominators (by preorder number, IDOMN). bnext[] (bucket lists)
 * and idomn[] share storage: a vertex leaves its bucket exactly when its
 * relative idom is set. Both live in off[] one slot up (slot i + 1 for
 * vertex i): iteration i reads off[i] and off[i + 1] before anything is
 * written there, and writes only slots i + 1 and above (vertices in a
 * bucket it empties are above i), which no later iteration reads.
 * sb[] takes pre[]'s block. FALSE if cancelled. */
static gboolean
semidominators (DomBuild *b)
{
  const guint32 N = b->N;
  guint32 *off = b->off;
  const guint32 total = b->n_preds;
  const guint32 *preds = b->preds;
  const Lt *L = &b->L;
  guint32 *anc = L->anc, *label = L->label;
  guint32 *sb = b->L.sb = hs_mem_alloc0 (sizeof (guint32) * (b->n + 2));
  U32Stack stack = { NULL, 0, 0 };
  for (guint32 i = N - 1; i >= 1; i--)
    {
      guint32 p = anc[i];   /* still the DFS parent: i is not linked yet */
      guint32 s = label[i]; /* the smallest of its predecessors below i */
      guint32 end = off[i + 1];
      for (guint32 e = off[i]; e < end; e++)
        {
          guint32 q = preds[e]; /* q > i: linked already */
          if (e + 8 < total)
            {
              PREFETCH (&anc[preds[e + 8]]);
              PREFETCH (&label[preds[e + 8]]);
            }
          lt_compress (L, q, i + 1, &stack);
          guint32 cand = sb[label[q]];
          if (cand < s)
            s = cand;
        }
      /* i is linked now (every vertex >= i is): its label and semi. Its own
       * bucket is empty and never used again (every vertex whose
       * semidominator is i is a descendant, processed already). */
      label[i] = i;
      sb[i] = s;
      if (s == p)
        {
          /* The common case: i would go into its parent's bucket and come
           * straight out again below with eval(i) = i, so idom(i) = p. */
          IDOMN (off, i) = p;
        }
      else
        {
          IDOMN (off, i) = sb[s]; /* bnext */
          sb[s] = i;
        }
      for (guint32 v = sb[p]; v != 0;)
        {
          guint32 next = IDOMN (off, v);
          lt_compress (L, v, i, &stack);
          guint32 u = label[v];
          IDOMN (off, v) = sb[u] < p ? u : p; /* semi[v] == p */
          v = next;
        }
      sb[p] = 0;
      if ((i & POLL_MASK) == 0 && !tick (&b->ctx, 0.45, 0.3, N - i, N))
        {
          g_free (stack.data);
          return FALSE;
        }
    }
  g_free (stack.data);
  IDOMN (off, 0) = 0;
  for (guint32 i = 1; i < N; i++)
    if (IDOMN (off, i) != sb[i]) /* semi[i] */
      IDOMN (off, i) = IDOMN (off, IDOMN (off, i));
  return TRUE;
}

/* 40-bit retained sizes in place (see HsDomTree.retained40): an 8-byte
 * read-modify-write that leaves the next entry's 3 bytes as they were. */
static inline guint64
ret40_get (const guint8 *r, guint64 v)
{
  guint64 x;
  memcpy (&x, r + 5 * v, sizeof x);
  return GUINT64_FROM_LE (x) & HS_DOM_RETAINED_MAX;
}

static inline void
ret40_add (guint8 *r, guint64 v, guint64 add)
{
  guint64 x;
  memcpy (&x, r + 5 * v, sizeof x);
  x = GUINT64_FROM_LE (x);
  x = (x & ~HS_DOM_RETAINED_MAX) | ((x + add) & HS_DOM_RETAINED_MAX);
  x = GUINT64_TO_LE (x);
  memcpy (r + 5 * v, &x, sizeof x);
}

/* 4. and 5. Retained sizes, counts and idom as objects, on two threads:
 * one sums the bytes, the other the counts and then scatters idom (each
 * array has one writer; both read vertex[] and idomn[]). In reverse
 * preorder every vertex is complete before it is added to its immediate
 * dominator (idom < i). Prefetched in two stages: vertex[] of the idom
 * RET_AHEAD ahead, then the idom's own entry half as far (an iteration is
 * ~9 ns at 140 M objects: 16 ahead was less than a miss to memory). */
#define RET_AHEAD 32
typedef struct
{
  const guint32 *vertex, *idomn;
  const HsGraph *g; /* bytes job: the weights */
  guint32 N;
  guint64 n;
  guint8 *ret;     /* bytes job */
  guint64 total;   /* bytes job: reachable bytes */
  guint32 *cnt;    /* counts job */
  HsObj *idom;     /* counts job */
  gboolean counts; /* which job */
} RetainedJob;

static gpointer
retained_bytes_job (gpointer data)
{
  RetainedJob *job = data;
  const guint32 *vertex = job->vertex, *idomn = job->idomn;
  const HsGraph *g = job->g;
  guint8 *ret = job->ret;
  guint64 total = 0;
  memset (ret, 0, RETAINED40_BYTES (job->n));
  for (guint32 i = job->N - 1; i >= 1; i--)
    {
      if (i > RET_AHEAD)
        {
          HsObj ahead = vertex[i - RET_AHEAD];
          hs_graph_prefetch_weight (g, ahead);
          PREFETCH (&ret[5 * (guint64)ahead]);
          PREFETCH (&vertex[idomn[i - RET_AHEAD]]);
          PREFETCH (&ret[5 * (guint64)vertex[idomn[i - RET_AHEAD / 2]]]);
        }
      HsObj v = vertex[i], d = vertex[idomn[i]];
      guint32 w = hs_graph_weight (g, v);
      guint64 rv = ret40_get (ret, v) + w;
      total += w;
      ret40_add (ret, v, w);
      ret40_add (ret, d, rv);
    }
  job->total = total;
  return NULL;
}

static gpointer
retained_counts_job (gpointer data)
{
  RetainedJob *job = data;
  const guint32 *vertex = job->vertex, *idomn = job->idomn;
  const guint32 N = job->N;
  guint32 *cnt = job->cnt;
  memset (cnt, 0, sizeof (guint32) * (job->n + 1));
  for (guint32 i = N - 1; i >= 1; i--)
    {
      if (i > RET_AHEAD)
        {
          PREFETCH (&cnt[vertex[i - RET_AHEAD]]);
          PREFETCH (&vertex[idomn[i - RET_AHEAD]]);
          PREFETCH (&cnt[vertex[idomn[i - RET_AHEAD / 2]]]);
        }
      HsObj v = vertex[i], d = vertex[idomn[i]];
      cnt[v] += 1;
      cnt[d] += cnt[v];
    }
  HsObj *idom = job->idom;
  for (guint64 v = 0; v < job->n; v++)
    idom[v] = HS_OBJ_NONE;
  for (guint32 i = 1; i < N; i++)
    {
      if (i + RET_AHEAD < N)
        PREFETCH (&idom[vertex[i + RET_AHEAD]]);
      idom[vertex[i]] = vertex[idomn[i]];
    }
  return NULL;
}

static gpointer
retained_job (gpointer data)
{
  RetainedJob *job = data;
  return job->counts ? retained_counts_job (job) : retained_bytes_job (job);
}

/* They and idom take the blocks of the LT state (count label[]'s, idom
 * sb[]'s, retained anc[]'s, grown by a byte per object) once the
 * predecessor lists are given back, so that no more than the finished tree
 * is alive. No sum is larger than the reachable total, so if that fits 40
 * bits every one did. FALSE if cancelled or beyond 40 bits (error set). */
static gboolean
accumulate_retained (DomBuild *b, GError **error)
{
  HsDomTree *t = b->t;
  const guint64 n = b->n;
  g_clear_pointer (&b->preds, g_free);
  t->retained_count = g_steal_pointer (&b->L.label); /* n + 2 entries */
  t->idom = g_steal_pointer (&b->L.sb);
  t->retained40 = hs_mem_realloc (g_steal_pointer (&b->L.anc), RETAINED40_BYTES (n));
  /* (Each job clears its own array first: the two clears run at once.) */
  RetainedJob jobs[2] = {
    { b->vertex, b->off + 1, b->g, b->N, n, t->retained40, 0, NULL, NULL, FALSE },
    { b->vertex, b->off + 1, NULL, b->N, n, NULL, 0, t->retained_count, t->idom, TRUE },
  };
  if (b->N > 1000000 && g_get_num_processors () > 1)
    hs_run_pair ("hs-dom-retained", retained_job, &jobs[0], &jobs[1]);
  else
    {
      retained_job (&jobs[0]);
      retained_job (&jobs[1]);
    }
  RetainedJob job = jobs[0];
  if (job.total > HS_DOM_RETAINED_MAX)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "Too many reachable bytes for the dominator tree (%" G_GUINT64_FORMAT
                   ", at most %" G_GUINT64_FORMAT ")",
                   job.total, HS_DOM_RETAINED_MAX);
      return FALSE;
    }
  return tick (&b->ctx, 0.8, 0.05, 1, 1);
}

/* 6. and 7. Children CSR, in the blocks of idomn (dead now) and vertex[]
 * (dead now): counts in co[d], inclusive prefix sums (co[d] = end of d's
 * list), then filled backwards with --co[d] so that each list comes out in
 * ascending index and co[d] ends as the start of d's list. The lists come
 * out in index order; each is sorted by retained size the first time
 * someone asks for it (hs_dom_tree_children): that is a small part of them
 * in a session, and sorting them all would cost more than a tenth of the
 * analysis, so the lists of two or more are only marked unsorted.
 *
 * On two threads, split by dominator d (each co[d], list and unsorted word
 * has one writer): each reads all of idom[] (sequentially) but writes only
 * its own range, and the second counts the children of the first's range
 * on the way, which is where its lists start. */
#define CHILD_AHEAD 64

typedef struct
{
  HsDomTree *t;
  guint64 n;
  guint64 dlo, dhi; /* dominators [dlo, dhi), dlo a multiple of 32 */
} ChildrenJob;

static gpointer
children_job (gpointer data)
{
  ChildrenJob *job = data;
  HsDomTree *t = job->t;
  const guint64 n = job->n, dlo = job->dlo, dhi = job->dhi;
  guint32 *co = t->child_offsets;
  const HsObj *idom = t->idom;
  HsObj *ct = t->child_targets;
  guint64 before = 0;
  memset (co + dlo, 0, sizeof (guint32) * (dhi - dlo));
  /* Both scattered passes jump around co[] by idom: prefetched
   * CHILD_AHEAD objects ahead (a short iteration: 16 was too close at
   * 140 M). HS_OBJ_NONE is above every range. */
  for (guint64 v = 0; v < n; v++)
    {
      if (v + CHILD_AHEAD < n && idom[v + CHILD_AHEAD] - dlo < dhi - dlo)
        PREFETCH (&co[idom[v + CHILD_AHEAD]]);
      HsObj d = idom[v];
      if (d - dlo < dhi - dlo)
        co[d]++;
      else if (d < dlo)
        before++;
    }
  guint64 acc = before;
  for (guint64 k = dlo; k < dhi; k++)
    {
      acc += co[k];
      co[k] = (guint32)acc;
    }
  if (dhi == n + 1)
    co[n + 1] = (guint32)acc;
  const guint64 end = acc; /* the end of the range's last list */
  for (guint64 v = n; v-- > 0;)
    {
      if (v >= CHILD_AHEAD && idom[v - CHILD_AHEAD] - dlo < dhi - dlo)
        PREFETCH (&co[idom[v - CHILD_AHEAD]]);
      HsObj d = idom[v];
      if (d - dlo < dhi - dlo)
        ct[--co[d]] = (HsObj)v;
    }
  for (guint64 v = dlo; v < dhi; v++)
    {
      guint64 e = v + 1 < dhi ? co[v + 1] : end;
      if (e - co[v] >= 2)
        t->unsorted[UNSORTED_WORD (v)] |= UNSORTED_BIT (v);
    }
  return NULL;
}

static gboolean
children_csr (DomBuild *b)
{
  HsDomTree *t = b->t;
  const guint64 n = b->n;
  t->unsorted = g_new0 (gint, UNSORTED_WORD (n) + 1);
  guint64 half = ((n + 1) / 2) & ~(guint64)31;
  gboolean two = n > 1000000 && g_get_num_processors () > 1;
  ChildrenJob jobs[2] = {
    { t, n, 0, two ? half : n + 1 },
    { t, n, half, n + 1 },
  };
  hs_run_pair ("hs-dom-children", children_job, &jobs[0], two ? &jobs[1] : NULL);
  t->child_targets = hs_mem_renew (HsObj, t->child_targets, MAX (t->n_reachable, 1));
  b->vertex = NULL;
  b->off = NULL;
  return tick (&b->ctx, 0.8, 0.05, 1, 1);
}

HsDomTree *
hs_dom_tree_compute (const HsGraph *g, const HsObj *roots, gsize n_roots, HsProgressFunc progress,
                     gpointer progress_data, GCancellable *cancellable, GError **error)
{
  return hs_dom_tree_compute_full (g, roots, n_roots, NULL, NULL, progress, progress_data, cancellable,
                                   error);
}

HsDomTree *
hs_dom_tree_compute_full (const HsGraph *g, const HsObj *roots, gsize n_roots, HsDomReachedFunc reached,
                          gpointer reached_data, HsProgressFunc progress, gpointer progress_data,
                          GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (g != NULL, NULL);
  g_return_val_if_fail (roots != NULL || n_roots == 0, NULL);
  const guint64 n = hs_graph_n (g);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* What the index phase and this one free is kept for reuse until we
   * return, whichever way. */
  G_GNUC_UNUSED g_auto (HsMemTrimGuard) trim_on_return = TRUE;
  dom_debug_time (NULL);

  /* The virtual root n must be a valid HsObj distinct from HS_OBJ_NONE. */
  if (n >= (guint64)HS_OBJ_NONE)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "Too many objects for the dominator tree (%" G_GUINT64_FORMAT ")", n);
      return NULL;
    }
  for (guint64 v = 0; v < n; v++)
    {
      guint64 begin = hs_graph_begin (g, v), end = hs_graph_end (g, v);
      if (end < begin)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                       "Reference offsets are not monotonic at object %" G_GUINT64_FORMAT, v);
          return NULL;
        }
      /* The DFS keeps each object's edge cursor (over its slots: one
       * more than its stored edges) in 32 bits. */
      if (end - begin >= G_MAXUINT32)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                       "Object %" G_GUINT64_FORMAT " has too many references for the dominator tree", v);
          return NULL;
        }
    }

  g_autoptr (HsDomTree) t = g_new0 (HsDomTree, 1);
  g_mutex_init (&t->sort_lock);
  t->n = n;
  t->child_offsets = hs_mem_alloc (sizeof (guint32) * (n + 2));
  t->child_targets = hs_mem_alloc (sizeof (HsObj) * (n + 2));
  DomBuild b = {
    .ctx = { progress, progress_data, cancellable },
    .n = n,
    .g = g,
    .roots = roots,
    .n_roots = n_roots,
    .t = t,
    .L = { hs_mem_alloc (sizeof (guint32) * (n + 2)), NULL, NULL },
    .seen = g_new0 (guint64, n / 64 + 1),
    .pre = hs_mem_alloc0 (sizeof (guint32) * (n + 2)),
    .vertex = t->child_targets,
    .off = t->child_offsets,
  };

  gboolean ok = dfs_number (&b);
  if (ok)
    {
      dom_debug_time ("dfs");
      /* The visited bits are the reachable objects (build_predecessors
       * reuses them for the roots). */
      if (reached)
        reached (b.seen, reached_data);
      ok = build_predecessors (&b, error);
    }
  if (ok)
    {
      dom_debug_time ("preds");
      ok = semidominators (&b);
    }
  if (ok)
    {
      dom_debug_time ("lt");
      ok = accumulate_retained (&b, error);
    }
  if (ok)
    {
      dom_debug_time ("retained+idom");
      ok = children_csr (&b);
    }
  if (ok)
    {
      dom_debug_time ("children");
      ok = tick (&b.ctx, 1.0, 0.0, 1, 1);
    }
  dom_build_clear (&b);
  if (!ok)
    {
      if (error == NULL || *error == NULL)
        g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  return g_steal_pointer (&t);
}
