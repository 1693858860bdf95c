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
#include "hs-dominators-private.h"
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
/* --- the computation, step by step ---------------------------------------- */

/* The state of one computation. The output arrays of the tree double as
 * scratch space (see the top of the file): pre[] is t->idom, vertex[] is
 * t->child_targets, the DFS cursors and then the predecessor offsets are
 * t->child_offsets. */
typedef struct {
  Ctx ctx;
  guint64 n;
  const guint64 *offsets;
  const HsObj *targets;
  const HsObj *roots;
  gsize n_roots;
  const guint32 *shallow;
  HsDomTree *t;
  LtNode *L;            /* per preorder number, n + 1 */
  guint64 *seen;        /* visited bitmap during the DFS, then the roots */
  guint32 *pre;         /* object -> preorder number, 0 = unvisited */
  guint32 *vertex;      /* preorder number -> object, [0] = n */
  guint32 N;            /* preorder numbers used (1 + reachable objects) */
  guint64 *off;         /* predecessor CSR offsets by preorder number */
  guint32 *preds;
  guint64 n_preds;
  guint32 *idomn;       /* immediate dominator by preorder number */
} DomBuild;

static void
dom_build_clear (DomBuild *b)
{
  g_free (b->L);
  g_free (b->seen);
  g_free (b->preds);
  g_free (b->idomn);
}

/* 1. DFS from the virtual root. The path is the parent chain (L[].anc),
 * so there is no stack: when a vertex runs out of edges we return to its
 * parent. Visited objects are tested in a bitmap that stays in cache.
 * FALSE if cancelled. */
static gboolean
dfs_number (DomBuild *b)
{
  const guint64 n = b->n, *offsets = b->offsets;
  const HsObj *targets = b->targets, *roots = b->roots;
  LtNode *L = b->L;
  guint64 *seen = b->seen;
  guint32 *pre = b->pre, *vertex = b->vertex;
  guint64 *cursor = b->t->child_offsets;   /* DFS edge cursor per preorder number */

#define SEEN(x) bit_get (seen, (x))
#define MARK(x) bit_set (seen, (x))
  guint32 N = 1;
  vertex[0] = (guint32) n;
  L[0].anc = 0;
  for (gsize r = 0; r < b->n_roots; r++)
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
              if ((++N & POLL_MASK) == 0 && !tick (&b->ctx, 0.0, 0.25, N, n))
                return FALSE;
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
#undef SEEN
#undef MARK
  b->N = N;
  b->t->n_reachable = N - 1;
  return TRUE;
}

/* 2. Predecessor lists in preorder numbers (virtual root edges included).
 * off[i] .. off[i+1] are the predecessors of i. Counted into off[i+2],
 * prefix-summed, then filled with off[i+1]++ so that no cursor is needed.
 * Two threads split the edges by target object, so that each counter and
 * each list has one writer (no atomics) and lists keep source order.
 * FALSE if cancelled. */
static gboolean
build_predecessors (DomBuild *b)
{
  const guint64 n = b->n, *offsets = b->offsets;
  const HsObj *roots = b->roots;
  const gsize n_roots = b->n_roots;
  const guint32 *pre = b->pre;
  const guint32 N = b->N;
  guint64 *off = b->off = b->t->child_offsets;
  memset (off, 0, sizeof (guint64) * ((guint64) N + 1));   /* N + 1 <= n + 2 */
  /* The visited bitmap, done with, becomes the bitmap of roots. */
  guint64 *is_root = b->seen;
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
    jobs[k] = (PredJob) { n, offsets, b->targets, pre, is_root, off, NULL, n * k / nthreads, n * (k + 1) / nthreads,
                          b->ctx.cancellable };
  hs_run_pair ("hs-dom-preds", pred_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  if (!tick (&b->ctx, 0.25, 0.1, 1, 1))
    return FALSE;
  /* Shift so that off[i+1] holds the start of i, off[0] = off[1] = 0. */
  guint64 total = 0;
  for (guint32 i = 0; i < N; i++)
    {
      guint64 c = off[i + 1];
      off[i + 1] = total;
      total += c;
    }
  off[0] = 0;
  guint32 *preds = b->preds = hs_mem_alloc (sizeof (guint32) * total);
  b->n_preds = total;
  for (gsize r = 0; r < n_roots; r++)
    if (roots[r] < n && pre[roots[r]] != 0)
      preds[off[pre[roots[r]] + 1]++] = 0;
  for (guint k = 0; k < nthreads; k++)
    jobs[k].preds = preds;
  hs_run_pair ("hs-dom-preds", pred_job, &jobs[0], nthreads > 1 ? &jobs[1] : NULL);
  /* Now off[i+1] = end of i = start of i+1, and off[0] = start of 0. */
  return tick (&b->ctx, 0.35, 0.1, 1, 1);
}

/* 3. Lengauer-Tarjan: semidominators in reverse preorder, then the
 * immediate dominators (idomn, by preorder number). bnext[] (bucket lists)
 * and idomn[] share storage: a vertex leaves its bucket exactly when its
 * relative idom is set. FALSE if cancelled. */
static gboolean
semidominators (DomBuild *b)
{
  const guint32 N = b->N;
  const guint64 *off = b->off, total = b->n_preds;
  const guint32 *preds = b->preds;
  LtNode *L = b->L;
  guint32 *idomn = b->idomn = hs_mem_alloc (sizeof (guint32) * N);
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
      if ((i & POLL_MASK) == 0 && !tick (&b->ctx, 0.45, 0.3, N - i, N))
        {
          g_free (stack.data);
          return FALSE;
        }
    }
  g_free (stack.data);
  for (guint32 i = 1; i < N; i++)
    if (idomn[i] != L[i].bhead)   /* semi[i] */
      idomn[i] = idomn[idomn[i]];
  return TRUE;
}

/* 4. Retained sizes and counts: in reverse preorder every vertex is
 * complete before it is added to its immediate dominator (idom < i).
 * The two arrays take over the memory of the LT state and of the
 * predecessor lists (realloc keeps their pages: no fresh page faults).
 * FALSE if cancelled. */
static gboolean
accumulate_retained (DomBuild *b)
{
  HsDomTree *t = b->t;
  const guint64 n = b->n;
  const guint32 N = b->N, *vertex = b->vertex, *idomn = b->idomn;
  const guint32 *shallow = b->shallow;
  t->retained = hs_mem_realloc (g_steal_pointer (&b->L), sizeof (guint64) * (n + 1));
  t->retained_count = hs_mem_realloc (g_steal_pointer (&b->preds), sizeof (guint64) * (n + 1));
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
  return tick (&b->ctx, 0.75, 0.05, 1, 1);
}

/* 5. Immediate dominators as objects, in place of pre[]. */
static void
idom_to_objects (DomBuild *b)
{
  const guint64 n = b->n;
  const guint32 *pre = b->pre, *vertex = b->vertex, *idomn = b->idomn;
  HsObj *idom = b->t->idom;
  for (guint64 v = 0; v < n; v++)
    {
      guint32 pv = pre[v];
      idom[v] = pv == 0 ? HS_OBJ_NONE : vertex[idomn[pv]];
    }
  g_clear_pointer (&b->idomn, hs_mem_free);
}

/* 6. Children CSR (vertex[] is dead now): counts in co[d], inclusive
 * prefix sums (co[d] = end of d's list), then filled backwards with
 * --co[d] so that each list comes out in ascending index and co[d] ends
 * as the start of d's list. */
static void
children_csr (DomBuild *b)
{
  HsDomTree *t = b->t;
  const guint64 n = b->n;
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
  b->vertex = NULL;
}

/* 7. The lists come out in index order; each is sorted by retained size
 * the first time someone asks for it (hs_dom_tree_children): that is a
 * small part of them in a session, and sorting them all would cost more
 * than a tenth of the analysis. FALSE if cancelled. */
static gboolean
mark_unsorted (DomBuild *b)
{
  HsDomTree *t = b->t;
  const guint64 n = b->n, *co = t->child_offsets;
  t->unsorted = g_new0 (gint, UNSORTED_WORD (n) + 1);
  for (guint64 v = 0; v <= n; v++)
    if (co[v + 1] - co[v] >= 2)
      t->unsorted[UNSORTED_WORD (v)] |= UNSORTED_BIT (v);
  return tick (&b->ctx, 0.8, 0.05, 1, 1);
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
  g_return_val_if_fail (offsets != NULL, NULL);
  g_return_val_if_fail (targets != NULL || offsets[n] == 0, NULL);
  g_return_val_if_fail (roots != NULL || n_roots == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

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
  DomBuild b = {
    .ctx = { progress, progress_data, cancellable },
    .n = n, .offsets = offsets, .targets = targets, .roots = roots, .n_roots = n_roots,
    .shallow = shallow, .t = t,
    .L = hs_mem_alloc (sizeof (LtNode) * (n + 1)),
    .seen = g_new0 (guint64, n / 64 + 1),
    .pre = t->idom,
    .vertex = t->child_targets,
  };

  gboolean ok = dfs_number (&b);
  if (ok)
    {
      dom_debug_time ("dfs");
      ok = build_predecessors (&b);
    }
  if (ok)
    {
      dom_debug_time ("preds");
      ok = semidominators (&b);
    }
  if (ok)
    {
      dom_debug_time ("lt");
      ok = accumulate_retained (&b);
    }
  if (ok)
    {
      dom_debug_time ("retained");
      idom_to_objects (&b);
      dom_debug_time ("idom");
      children_csr (&b);
      ok = mark_unsorted (&b);
    }
  if (ok)
    {
      dom_debug_time ("children");
      ok = tick (&b.ctx, 1.0, 0.0, 1, 1);
    }
  dom_build_clear (&b);
  if (!ok)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  return g_steal_pointer (&t);
}
