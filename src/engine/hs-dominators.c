/* hs-dominators.c: exact dominator tree (Lengauer-Tarjan) and retained sizes.
 *
 * The algorithm is the "simple" Lengauer-Tarjan (path compression, no
 * balancing: O(m log n) in the worst case, whatever the input), run over DFS
 * preorder numbers. Number 0 is the virtual root whose successors are the GC
 * roots; reachable objects get 1 .. N-1. Nothing recurses: the DFS walks the
 * parent chain instead of a stack, and path compression uses a small growable
 * stack. The predecessor lists leave out edges into GC roots (a root's
 * semidominator is the virtual root) and are built on two threads; child
 * lists are sorted by retained size only when first asked for.
 *
 * Memory (n objects, N reachable, M reachable references + root records).
 * Output arrays double as scratch space while the tree is computed:
 *   idom (4n)            DFS preorder number of every object (pre[])
 *   child_targets (4n)   vertex[]: preorder number -> object
 *   child_offsets (8n)   DFS edge cursors, then the predecessor CSR offsets
 * Temporaries: the LT state (16 bytes per object, LtNode), a visited bitmap
 * during the DFS and a root bitmap (n/8 each), the predecessor lists (4M at
 * most: edges into roots are not stored), idom/bucket-next in
 * preorder numbers (4N), and the compression stack (4 bytes per level of
 * the longest compressed path, usually tiny). retained and retained_count
 * (16n) are then made by reallocating the LT state and the predecessor
 * lists, whose pages are already mapped. Peak: about 36n + 4M bytes, i.e.
 * 20 bytes per object + 4 per reference beyond the 16n of outputs alive at
 * that point (44 bytes per object at 2.5 references per object); the
 * finished tree holds 32n, plus a bit per object while lists are unsorted.
 * Big arrays come from hs-mem (huge pages, reuse of freed blocks).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "hs-dominators.h"
#include "hs-mem.h"
#include "hs-debug.h"
#include "hs-parallel.h"

#define POLL_MASK 0xFFFF   /* poll cancellation / report progress every 64k */

/* HS_DEBUG_TIMES=1: the time of each step (this thread's CPU). */
static HsDebugClock dom_clock = { "dom ", TRUE, 0, 0 };
#define dom_debug_time(what) hs_debug_step (&dom_clock, (what))

typedef struct {
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
    ctx->progress ("dominators", base + span * ((double) done / (double) total), ctx->data);
  return TRUE;
}

typedef struct {
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

/* Per preorder number, the Lengauer-Tarjan state in one slot of a cache
 * line: anc is the DFS parent until the vertex is linked, then its forest
 * ancestor (path-compressed); label the vertex of minimum semidominator on
 * the compressed path and lsemi that semidominator (so eval never looks
 * semi[label] up elsewhere); bhead the bucket of vertices whose
 * semidominator this vertex is. */
typedef struct {
  guint32 anc, label, lsemi, bhead;
} LtNode;

/* LT path compression. Vertices >= lo are linked into the forest (anc is
 * their forest parent); the others are forest roots. Afterwards L[v].label
 * and L[v].lsemi answer eval(v) for a linked v. */
static inline void
lt_compress (LtNode *L, guint32 v, guint32 lo, U32Stack *stack)
{
  if (L[v].anc < lo)
    return;   /* one step from a forest root: nothing to compress */
  stack->len = 0;
  guint32 x = v;
  while (L[x].anc >= lo)
    {
      u32_push (stack, x);
      x = L[x].anc;
    }
  while (stack->len > 0)
    {
      guint32 y = stack->data[--stack->len];
      const LtNode *a = &L[L[y].anc];
      if (a->lsemi < L[y].lsemi)
        {
          L[y].lsemi = a->lsemi;
          L[y].label = a->label;
        }
      L[y].anc = a->anc;
    }
}

#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch (addr)
#else
#define PREFETCH(addr) ((void) 0)
#endif

/* --- children sort ------------------------------------------------------- */

static inline gboolean
child_before (const guint64 *retained, HsObj a, HsObj b)
{
  return retained[a] > retained[b] || (retained[a] == retained[b] && a < b);
}

static gint
child_cmp (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const guint64 *retained = user_data;
  HsObj a = *(const HsObj *) pa, b = *(const HsObj *) pb;
  if (a == b)
    return 0;
  return child_before (retained, a, b) ? -1 : 1;
}

/* Sorts one child list: retained size descending, then index ascending. */
static void
sort_list (const guint64 *retained, HsObj *list, guint64 len)
{
  if (len <= 16)
    {
      for (guint64 i = 1; i < len; i++)
        {
          HsObj x = list[i];
          guint64 j = i;
          while (j > 0 && child_before (retained, x, list[j - 1]))
            {
              list[j] = list[j - 1];
              j--;
            }
          list[j] = x;
        }
      return;
    }
  /* g_qsort_with_data counts in gint: split longer lists, then merge. */
  if (len <= (guint64) G_MAXINT)
    {
      g_qsort_with_data (list, (gint) len, sizeof (HsObj), child_cmp, (gpointer) retained);
      return;
    }
  guint64 half = len / 2;
  sort_list (retained, list, half);
  sort_list (retained, list + half, len - half);
  HsObj *merged = hs_mem_new (HsObj, len);
  guint64 i = 0, j = half, w = 0;
  while (i < half && j < len)
    merged[w++] = child_before (retained, list[j], list[i]) ? list[j++] : list[i++];
  while (i < half)
    merged[w++] = list[i++];
  while (j < len)
    merged[w++] = list[j++];
  memcpy (list, merged, len * sizeof (HsObj));
  g_free (merged);
}

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

#define UNSORTED_WORD(v) ((v) >> 5)
#define UNSORTED_BIT(v)  (1u << ((v) & 31))

/* --- predecessor lists ---------------------------------------------------- */

/* One thread's share of the predecessor lists: the edges whose target
 * object is in [wlo, whi) and not a GC root. Counts into off[pre[w] + 1]
 * (preds NULL), or fills preds[off[pre[w] + 1]++].
 *
 * Edges into GC roots are left out: a root's semidominator is the virtual
 * root (its predecessor 0, the smallest number there is), whatever else
 * points to it, and a predecessor list serves nothing but its target's
 * semidominator. In a Java heap that is most edges into class objects
 * (system classes are roots), one per instance: a third or more of all. */
typedef struct {
  guint64 n;
  const guint64 *offsets;
  const HsObj *targets;
  const guint32 *pre;
  const guint64 *is_root;   /* bitmap by object */
  guint64 *off;
  guint32 *preds;
  HsObj wlo, whi;
  GCancellable *cancellable;  /* a cancelled job stops; the caller sees it */
} PredJob;

static gpointer
pred_job (gpointer data)
{
  PredJob *job = data;
  const guint64 n = job->n, *offsets = job->offsets, m_end = offsets[n];
  const HsObj *targets = job->targets;
  const guint32 *pre = job->pre;
  const guint64 *is_root = job->is_root;
  guint64 *off = job->off;
  guint32 *preds = job->preds;
  const HsObj wlo = job->wlo, whi = job->whi;

  for (guint64 v = 0; v < n; v++)
    {
      guint32 pv = pre[v];
      if ((v & POLL_MASK) == 0 && job->cancellable && g_cancellable_is_cancelled (job->cancellable))
        return NULL;
      if (pv == 0)
        continue;
      guint64 end = offsets[v + 1];
      for (guint64 e = offsets[v]; e < end; e++)
        {
          HsObj w = targets[e];
          /* Prefetch across objects (lists average 2-3 entries): pre[] of
           * the target 16 edges ahead, then its counter 8 edges ahead. */
          if (e + 16 < m_end)
            {
              HsObj a = targets[e + 16];
              if (a >= wlo && a < whi)
                PREFETCH (&pre[a]);
            }
          if (e + 8 < m_end)
            {
              HsObj b = targets[e + 8];
              if (b >= wlo && b < whi)
                PREFETCH (&off[pre[b] + 1]);
            }
          if (w < wlo || w >= whi || bit_get (is_root, w) || pre[w] == 0)
            continue;
          if (preds)
            preds[off[pre[w] + 1]++] = pv;
          else
            off[pre[w] + 1]++;
        }
    }
  return NULL;
}

/* --- the tree ------------------------------------------------------------ */

void
hs_dom_tree_free (HsDomTree *tree)
{
  if (!tree)
    return;
  g_free (tree->idom);
  g_free (tree->retained);
  g_free (tree->retained_count);
  g_free (tree->child_offsets);
  g_free (tree->child_targets);
  g_free (tree->unsorted);
  g_mutex_clear (&tree->sort_lock);
  g_free (tree);
}

HsDomTree *
hs_dom_tree_compute (guint64         n,
                     const guint64  *offsets,
                     const HsObj    *targets,
                     const HsObj    *roots,
                     gsize           n_roots,
                     const guint32  *shallow,
                     HsProgressFunc  progress,
                     gpointer        progress_data,
                     GCancellable   *cancellable,
                     GError        **error)
{
  Ctx ctx = { progress, progress_data, cancellable };
  /* What the index phase and this one free is kept for reuse until we
   * return, whichever way. */
  G_GNUC_UNUSED g_auto (HsMemTrimGuard) trim_on_return = TRUE;
  dom_debug_time (NULL);

  /* The virtual root n must be a valid HsObj distinct from HS_OBJ_NONE. */
  if (n >= (guint64) HS_OBJ_NONE)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "Too many objects for the dominator tree (%" G_GUINT64_FORMAT ")", n);
      return NULL;
    }
  for (guint64 v = 0; v < n; v++)
    if (offsets[v + 1] < offsets[v])
      {
        g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                     "Reference offsets are not monotonic at object %" G_GUINT64_FORMAT, v);
        return NULL;
      }

  g_autoptr(HsDomTree) t = g_new0 (HsDomTree, 1);
  g_mutex_init (&t->sort_lock);
  t->n = n;
  t->idom = hs_mem_alloc0 (sizeof (HsObj) * n);
  t->child_offsets = hs_mem_alloc (sizeof (guint64) * (n + 2));
  t->child_targets = hs_mem_alloc (sizeof (HsObj) * (n + 1));
  g_autofree LtNode *L = hs_mem_alloc (sizeof (LtNode) * (n + 1));
  g_autofree guint64 *seen = g_new0 (guint64, n / 64 + 1);

  guint32 *pre = t->idom;                 /* object -> preorder number, 0 = unvisited */
  guint32 *vertex = t->child_targets;     /* preorder number -> object, [0] = n */
  guint64 *cursor = t->child_offsets;     /* DFS edge cursor per preorder number */

#define SEEN(x) bit_get (seen, (x))
#define MARK(x) bit_set (seen, (x))

  /* 1. DFS from the virtual root. The path is the parent chain (L[].anc),
   * so there is no stack: when a vertex runs out of edges we return to its
   * parent. Visited objects are tested in a bitmap that stays in cache. */
  guint32 N = 1;
  vertex[0] = (guint32) n;
  L[0].anc = 0;
  for (gsize r = 0; r < n_roots; r++)
    {
      HsObj root = roots[r];
      if (root >= n || SEEN (root))
        continue;
      MARK (root);
      pre[root] = N;
      vertex[N] = root;
      L[N].anc = 0;
      cursor[N] = offsets[root];
      guint32 cur = N++;
      while (cur != 0)
        {
          HsObj v = vertex[cur];
          guint64 pos = cursor[cur], end = offsets[v + 1];
          gboolean descend = FALSE;
          while (pos < end)
            {
              HsObj x = targets[pos++];
              /* The next siblings' edge offsets, before they are needed. */
              if (pos + 2 < end && targets[pos + 2] < n)
                PREFETCH (&offsets[targets[pos + 2]]);
              if (x >= n || SEEN (x))
                continue;
              guint64 xs = offsets[x], xe = offsets[x + 1];
              MARK (x);
              pre[x] = N;
              vertex[N] = x;
              L[N].anc = cur;
              cursor[N] = xs;
              if ((++N & POLL_MASK) == 0 && !tick (&ctx, 0.0, 0.25, N, n))
                return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);
              if (xs == xe)
                continue;   /* a leaf: visited, nothing below it */
              PREFETCH (&targets[xs]);
              descend = TRUE;
              break;
            }
          if (!descend)
            {
              cur = L[cur].anc;
              continue;
            }
          cursor[cur] = pos;
          cur = N - 1;
        }
    }
  t->n_reachable = N - 1;
  dom_debug_time ("dfs");
#undef SEEN
#undef MARK

  /* 2. Predecessor lists in preorder numbers (virtual root edges included).
   * off[i] .. off[i+1] are the predecessors of i. Counted into off[i+2],
   * prefix-summed, then filled with off[i+1]++ so that no cursor is needed.
   * Two threads split the edges by target object, so that each counter and
   * each list has one writer (no atomics) and lists keep source order. */
  guint64 *off = t->child_offsets;
  memset (off, 0, sizeof (guint64) * ((guint64) N + 1));   /* N + 1 <= n + 2 */
  /* The visited bitmap, done with, becomes the bitmap of roots. */
  guint64 *is_root = seen;
  memset (is_root, 0, sizeof (guint64) * (n / 64 + 1));
  for (gsize r = 0; r < n_roots; r++)
    if (roots[r] < n)
      bit_set (is_root, roots[r]);
  for (gsize r = 0; r < n_roots; r++)
    if (roots[r] < n && pre[roots[r]] != 0)
      off[pre[roots[r]] + 1]++;
  guint nthreads = (offsets[n] > 1000000 && g_get_num_processors () > 1) ? 2 : 1;
  PredJob jobs[2];
  for (guint k = 0; k < nthreads; k++)
    jobs[k] = (PredJob) { n, offsets, targets, pre, is_root, off, NULL, n * k / nthreads, n * (k + 1) / nthreads,
                          cancellable };
  hs_run_pair ("hs-dom-preds", pred_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  if (!tick (&ctx, 0.25, 0.1, 1, 1))
    return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);
  /* Shift so that off[i+1] holds the start of i, off[0] = off[1] = 0. */
  guint64 total = 0;
  for (guint32 i = 0; i < N; i++)
    {
      guint64 c = off[i + 1];
      off[i + 1] = total;
      total += c;
    }
  off[0] = 0;
  g_autofree guint32 *preds = hs_mem_alloc (sizeof (guint32) * total);
  for (gsize r = 0; r < n_roots; r++)
    if (roots[r] < n && pre[roots[r]] != 0)
      preds[off[pre[roots[r]] + 1]++] = 0;
  for (guint k = 0; k < nthreads; k++)
    jobs[k].preds = preds;
  hs_run_pair ("hs-dom-preds", pred_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  if (!tick (&ctx, 0.35, 0.1, 1, 1))
    return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);
  dom_debug_time ("preds");
  /* Now off[i+1] = end of i = start of i+1, and off[0] = start of 0. */

  /* 3. Lengauer-Tarjan. bnext[] (bucket lists) and idomn[] share storage: a
   * vertex leaves its bucket exactly when its relative idom is set. */
  g_autofree guint32 *idomn = hs_mem_alloc (sizeof (guint32) * N);
  guint32 *bnext = idomn;
  for (guint32 i = 0; i < N; i++)
    {
      L[i].label = i;
      L[i].bhead = 0;
    }
  L[0].lsemi = 0;
  idomn[0] = 0;
  U32Stack stack = { NULL, 0, 0 };
  for (guint32 i = N - 1; i >= 1; i--)
    {
      guint32 p = L[i].anc;   /* still the DFS parent: i is not linked yet */
      guint32 s = i;
      guint64 end = off[i + 1];
      for (guint64 e = off[i]; e < end; e++)
        {
          guint32 q = preds[e];
          if (e + 8 < total)
            PREFETCH (&L[preds[e + 8]]);
          guint32 cand = q;
          if (q > i)
            {
              lt_compress (L, q, i + 1, &stack);
              cand = L[q].lsemi;
            }
          if (cand < s)
            s = cand;
        }
      L[i].lsemi = s;
      if (s == p)
        {
          /* The common case: i would go into its parent's bucket and come
           * straight out again below with eval(i) = i, so idom(i) = p. */
          idomn[i] = p;
        }
      else
        {
          bnext[i] = L[s].bhead;
          L[s].bhead = i;
        }
      /* link (p, i) is implicit: every vertex >= i is now linked. */
      for (guint32 v = L[p].bhead; v != 0;)
        {
          guint32 next = bnext[v];
          lt_compress (L, v, i, &stack);
          idomn[v] = L[v].lsemi < p ? L[v].label : p;   /* semi[v] == p */
          v = next;
        }
      L[p].bhead = 0;
      /* i's own bucket is empty now and never used again (every vertex whose
       * semidominator is i is a descendant, processed and linked already):
       * keep semi[i] there for the final pass. */
      L[i].bhead = s;
      if ((i & POLL_MASK) == 0 && !tick (&ctx, 0.45, 0.3, N - i, N))
        {
          g_free (stack.data);
          return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);
        }
    }
  g_free (stack.data);
  for (guint32 i = 1; i < N; i++)
    if (idomn[i] != L[i].bhead)   /* semi[i] */
      idomn[i] = idomn[idomn[i]];

  dom_debug_time ("lt");
  /* 4. Retained sizes and counts: in reverse preorder every vertex is
   * complete before it is added to its immediate dominator (idom < i).
   * The two arrays take over the memory of the LT state and of the
   * predecessor lists (realloc keeps their pages: no fresh page faults). */
  t->retained = hs_mem_realloc (g_steal_pointer (&L), sizeof (guint64) * (n + 1));
  t->retained_count = hs_mem_realloc (g_steal_pointer (&preds), sizeof (guint64) * (n + 1));
  memset (t->retained, 0, sizeof (guint64) * (n + 1));
  memset (t->retained_count, 0, sizeof (guint64) * (n + 1));
  guint64 *ret = t->retained, *cnt = t->retained_count;
  for (guint32 i = N - 1; i >= 1; i--)
    {
      if (i > 16)
        {
          HsObj ahead = vertex[i - 16];
          PREFETCH (&shallow[ahead]);
          PREFETCH (&ret[ahead]);
          PREFETCH (&cnt[ahead]);
          PREFETCH (&vertex[idomn[i - 16]]);
        }
      HsObj v = vertex[i], d = vertex[idomn[i]];
      ret[v] += shallow[v];
      cnt[v] += 1;
      ret[d] += ret[v];
      cnt[d] += cnt[v];
    }
  if (!tick (&ctx, 0.75, 0.05, 1, 1))
    return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);

  dom_debug_time ("retained");
  /* 5. Immediate dominators as objects, in place of pre[]. */
  for (guint64 v = 0; v < n; v++)
    {
      guint32 pv = pre[v];
      t->idom[v] = pv == 0 ? HS_OBJ_NONE : vertex[idomn[pv]];
    }
  g_clear_pointer (&idomn, hs_mem_free);

  dom_debug_time ("idom");
  /* 6. Children CSR (vertex[] is dead now): counts in co[d], inclusive
   * prefix sums (co[d] = end of d's list), then filled backwards with
   * --co[d] so that each list comes out in ascending index and co[d] ends
   * as the start of d's list. */
  guint64 *co = t->child_offsets;
  memset (co, 0, sizeof (guint64) * (n + 2));
  for (guint64 v = 0; v < n; v++)
    if (t->idom[v] != HS_OBJ_NONE)
      co[t->idom[v]]++;
  for (guint64 k = 1; k <= n; k++)
    co[k] += co[k - 1];
  co[n + 1] = co[n];
  for (guint64 v = n; v-- > 0;)
    if (t->idom[v] != HS_OBJ_NONE)
      t->child_targets[--co[t->idom[v]]] = (HsObj) v;
  t->child_targets = hs_mem_renew (HsObj, t->child_targets, MAX (t->n_reachable, 1));
  /* 7. The lists come out in index order; each is sorted by retained size
   * the first time someone asks for it (hs_dom_tree_children): that is a
   * small part of them in a session, and sorting them all would cost more
   * than a tenth of the analysis. */
  t->unsorted = g_new0 (gint, UNSORTED_WORD (n) + 1);
  for (guint64 v = 0; v <= n; v++)
    if (co[v + 1] - co[v] >= 2)
      t->unsorted[UNSORTED_WORD (v)] |= UNSORTED_BIT (v);
  if (!tick (&ctx, 0.8, 0.05, 1, 1))
    return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);

  dom_debug_time ("children");
  if (!tick (&ctx, 1.0, 0.0, 1, 1))
    return (g_cancellable_set_error_if_cancelled (cancellable, error), NULL);
  return g_steal_pointer (&t);
}

const HsObj *
hs_dom_tree_children (const HsDomTree *tree, guint64 v, gsize *n_children)
{
  if (!tree || v > tree->n)
    {
      if (n_children)
        *n_children = 0;
      return NULL;
    }
  guint64 start = tree->child_offsets[v], end = tree->child_offsets[v + 1];
  if (tree->unsorted &&
      (g_atomic_int_get (&tree->unsorted[UNSORTED_WORD (v)]) & UNSORTED_BIT (v)))
    {
      /* Sorted once, under the lock; the bit is cleared after the list is
       * in order, so a reader that sees it clear sees the sorted list. */
      HsDomTree *t = (HsDomTree *) tree;
      g_mutex_lock (&t->sort_lock);
      if (g_atomic_int_get (&t->unsorted[UNSORTED_WORD (v)]) & UNSORTED_BIT (v))
        {
          sort_list (t->retained, t->child_targets + start, end - start);
          g_atomic_int_and ((guint *) &t->unsorted[UNSORTED_WORD (v)], ~UNSORTED_BIT (v));
        }
      g_mutex_unlock (&t->sort_lock);
    }
  if (n_children)
    *n_children = (gsize) (end - start);
  return end > start ? tree->child_targets + start : NULL;
}

typedef struct {
  const HsDomTree *tree;
  const HsClass *class_of;
  guint n_classes;
  guint64 first, last;       /* positions of top-level children to walk */
  guint64 *out;              /* n_classes entries, zeroed */
} ClassRetainedJob;

/* The walk of SEMANTICS.md's class retained size over the subtrees of the
 * virtual root's children at positions [first, last): an instance counts when
 * no instance of its class is active above it. Iterative. */
static gpointer
class_retained_walk (gpointer data)
{
  ClassRetainedJob *job = data;
  const HsDomTree *tree = job->tree;
  const HsClass *class_of = job->class_of;
  guint n_classes = job->n_classes;
  guint64 *out_retained = job->out;
  const guint64 *co = tree->child_offsets;
  const HsObj *ct = tree->child_targets;
  g_autofree guint32 *active = g_new0 (guint32, MAX (n_classes, 1));
  gsize cap = 1024, depth = 0;
  g_autofree guint64 *stack = g_new (guint64, cap);

#define ENTER(pos) G_STMT_START {                                          \
    HsObj x_ = ct[pos];                                                    \
    HsClass c_ = class_of[x_];                                             \
    if (c_ < n_classes && active[c_]++ == 0)                               \
      out_retained[c_] += tree->retained[x_];                              \
  } G_STMT_END
#define LEAVE(pos) G_STMT_START {                                          \
    HsClass c_ = class_of[ct[pos]];                                        \
    if (c_ < n_classes)                                                    \
      active[c_]--;                                                        \
  } G_STMT_END

  if (job->first >= job->last)
    return NULL;
  stack[depth++] = job->first;
  ENTER (stack[0]);
  while (depth > 0)
    {
      guint64 pos = stack[depth - 1];
      HsObj x = ct[pos];
      if (co[x + 1] > co[x])
        {
          /* descend to the first child */
          if (depth == cap)
            {
              cap *= 2;
              stack = g_renew (guint64, stack, cap);
            }
          stack[depth++] = co[x];
          ENTER (co[x]);
          continue;
        }
      /* x is a leaf: leave it and the ancestors that have no next sibling */
      for (;;)
        {
          pos = stack[depth - 1];
          LEAVE (pos);
          guint64 end = depth >= 2 ? co[ct[stack[depth - 2]] + 1] : job->last;
          if (pos + 1 < end)
            {
              stack[depth - 1] = pos + 1;
              ENTER (pos + 1);
              break;
            }
          if (--depth == 0)
            break;
        }
    }
#undef ENTER
#undef LEAVE
  return NULL;
}

void
hs_dom_tree_class_retained (const HsDomTree *tree,
                            const HsClass   *class_of,
                            guint            n_classes,
                            guint64         *out_retained)
{
  memset (out_retained, 0, sizeof (guint64) * n_classes);
  if (!tree || tree->n_reachable == 0)
    return;
  const guint64 *co = tree->child_offsets;
  guint64 first = co[tree->n], last = co[tree->n + 1];
  if (first == last)
    return;
  /* Two halves of the virtual root's subtrees, by object count, walked on
   * both cores: each subtree starts with no class active, so the halves
   * are independent and their sums add up. */
  guint64 split = last;
  if (tree->n_reachable > 1000000 && g_get_num_processors () > 1)
    {
      guint64 acc = 0, half = tree->n_reachable / 2;
      for (split = first; split < last && acc < half; split++)
        acc += tree->retained_count[tree->child_targets[split]];
    }
  ClassRetainedJob jobs[2] = {
    { tree, class_of, n_classes, first, split, out_retained },
    { tree, class_of, n_classes, split, last, NULL },
  };
  if (split < last)
    jobs[1].out = g_new0 (guint64, MAX (n_classes, 1));
  hs_run_pair ("hs-class-retained", class_retained_walk, &jobs[0], split < last ? &jobs[1] : NULL);
  if (split < last)
    {
      for (guint c = 0; c < n_classes; c++)
        out_retained[c] += jobs[1].out[c];
      g_free (jobs[1].out);
    }
}

/* Marks what is reachable without entering the set, then continues from the
 * set members met on the way: everything the second walk reaches is what
 * the set retains. A node is marked when pushed, so both stacks together
 * hold each object at most once. */
void
hs_retained_set_precise (guint64         n,
                         const guint64  *offsets,
                         const HsObj    *targets,
                         const HsObj    *roots,
                         gsize           n_roots,
                         const guint32  *shallow,
                         const guint8   *in_set,
                         guint64        *out_bytes,
                         guint64        *out_count)
{
  guint64 bytes = 0, count = 0;
  g_autofree guint8 *seen = g_new0 (guint8, MAX (n, 1));
  U32Stack outside = { NULL, 0, 0 }, blocked = { NULL, 0, 0 };

  for (gsize r = 0; r < n_roots; r++)
    {
      HsObj x = roots[r];
      if (x >= n || seen[x])
        continue;
      seen[x] = 1;
      u32_push (in_set[x] ? &blocked : &outside, x);
    }
  while (outside.len > 0)
    {
      HsObj v = outside.data[--outside.len];
      for (guint64 e = offsets[v]; e < offsets[v + 1]; e++)
        {
          HsObj x = targets[e];
          if (x >= n || seen[x])
            continue;
          seen[x] = 1;
          u32_push (in_set[x] ? &blocked : &outside, x);
        }
    }
  while (blocked.len > 0)
    {
      HsObj v = blocked.data[--blocked.len];
      bytes += shallow[v];
      count++;
      for (guint64 e = offsets[v]; e < offsets[v + 1]; e++)
        {
          HsObj x = targets[e];
          if (x >= n || seen[x])
            continue;
          seen[x] = 1;
          u32_push (&blocked, x);
        }
    }
  g_free (outside.data);
  g_free (blocked.data);
  if (out_bytes)
    *out_bytes = bytes;
  if (out_count)
    *out_count = count;
}
