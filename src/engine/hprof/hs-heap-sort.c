/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-sort.c: the objects' (id, offset) pairs sorted by id, equal ids
 * in file order (hs-heap-sort-private.h). HotSpot writes objects as a few
 * hundred ascending runs (heap regions, then classes): the largest set of
 * runs whose id ranges do not overlap is taken as is (a weighted interval
 * schedule), the rest is radix sorted, and the two are merged in one pass
 * into new arrays. The passes over every pair (finding the runs, the
 * merge) read and write memory at the bus's pace: each runs as two halves
 * on two threads. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-heap-sort-private.h"
#include "hs-heap-private.h"
#include "hs-mem.h"
#include "hs-parallel.h"

/* Pairs below which one thread does it all (a thread costs more). */
#define SORT_PAIR_MIN 65536
/* Pairs between two polls of the cancellable in the merge. */
#define SORT_POLL 65536

/* For writes in increasing i only: 8 bytes, whose spare ones the next
 * write covers (the last write's land in the 8 bytes to spare). */
static inline void
put_off_seq (guint8 *offs, guint64 i, guint w, guint64 v)
{
  v = GUINT64_TO_LE (v);
  memcpy (offs + i * w, &v, 8);
}

/* Stable LSD radix sort of (key, payload) pairs by key, skipping digits that
 * are the same everywhere. */
static void
radix_sort_pairs (guint64 *keys, guint64 *vals, guint64 n)
{
  if (n < 2)
    return;
  gboolean sorted = TRUE;
  for (guint64 i = 1; i < n && sorted; i++)
    sorted = keys[i - 1] <= keys[i];
  if (sorted)
    return;
  guint64 *k2 = hs_mem_new (guint64, n), *v2 = hs_mem_new (guint64, n);
  guint64 *ka = keys, *va = vals, *kb = k2, *vb = v2;
  for (guint shift = 0; shift < 64; shift += 11)
    {
      guint64 count[2048] = { 0 };
      for (guint64 i = 0; i < n; i++)
        count[(ka[i] >> shift) & 2047]++;
      if (count[(ka[0] >> shift) & 2047] == n)
        continue;
      guint64 sum = 0;
      for (guint i = 0; i < 2048; i++)
        {
          guint64 c = count[i];
          count[i] = sum;
          sum += c;
        }
      for (guint64 i = 0; i < n; i++)
        {
          guint64 pos = count[(ka[i] >> shift) & 2047]++;
          kb[pos] = ka[i];
          vb[pos] = va[i];
        }
      guint64 *t = ka;
      ka = kb;
      kb = t;
      t = va;
      va = vb;
      vb = t;
    }
  if (ka != keys)
    {
      memcpy (keys, ka, n * sizeof (guint64));
      memcpy (vals, va, n * sizeof (guint64));
    }
  hs_mem_free (k2);
  hs_mem_free (v2);
}

typedef struct
{
  guint64 start, len, first, last;
} Run;

static int
cmp_run_start (const void *a, const void *b)
{
  const Run *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static int
cmp_run_last (const void *a, const void *b)
{
  const Run *x = a, *y = b;
  return x->last < y->last ? -1 : x->last > y->last;
}

/* All pairs radix sorted, the packed offsets unpacked for it (a dump in
 * too many runs: rare). */
static void
radix_sort_packed (guint64 *keys, guint8 *vals, guint64 n, guint w, guint64 mask)
{
  guint64 *v = hs_mem_new (guint64, n);
  for (guint64 i = 0; i < n; i++)
    v[i] = hs_offs_get (vals, i, w, mask);
  radix_sort_pairs (keys, v, n);
  for (guint64 i = 0; i < n; i++)
    put_off_seq (vals, i, w, v[i]);
  memset (vals + (gsize)n * w, 0, 8);
  hs_mem_free (v);
}

/* ---- the runs: descents counted by halves ---------------------------- */

typedef struct
{
  const guint64 *keys;
  guint64 i0, i1; /* pairs i with i0 <= i < i1 compared with i - 1 */
  guint64 descents;
} CountJob;

static gpointer
count_job (gpointer data)
{
  CountJob *job = data;
  const guint64 *keys = job->keys;
  guint64 d = 0;
  for (guint64 i = job->i0; i < job->i1; i++)
    d += keys[i - 1] > keys[i];
  job->descents = d;
  return NULL;
}

static guint64
count_runs (const guint64 *keys, guint64 n, guint nthreads)
{
  CountJob jobs[2] = { { keys, 1, n, 0 }, { keys, n, n, 0 } };
  if (nthreads > 1)
    {
      jobs[0].i1 = jobs[1].i0 = MAX ((guint64)1, n / 2);
      hs_run_pair ("hs-sort", count_job, &jobs[0], &jobs[1]);
    }
  else
    count_job (&jobs[0]);
  return 1 + jobs[0].descents + jobs[1].descents;
}

/* ---- the merge: the chosen runs with the sorted leftovers ------------ */

typedef struct
{
  const guint64 *keys;
  const guint8 *vals;
  const Run *runs;
  const guint8 *chosen;
  const guint64 *lk, *lv; /* leftovers, sorted by (key, offset) */
  guint w;
  guint64 mask;
  guint64 r0, r1;   /* the chosen runs among runs[r0..r1) */
  guint64 li0, li1; /* the leftovers [li0, li1) */
  guint64 o0;       /* where the first pair goes */
  guint64 *ok;
  guint8 *ov;
  GCancellable *cancellable;
  gboolean cancelled;
} MergeJob;

static gpointer
merge_job (gpointer data)
{
  MergeJob *job = data;
  const guint64 *keys = job->keys, *lk = job->lk, *lv = job->lv;
  const guint w = job->w;
  const guint64 mask = job->mask, li1 = job->li1;
  guint64 *ok = job->ok;
  guint8 *ov = job->ov;
  guint64 o = job->o0, li = job->li0, poll = 0;
  for (guint64 j = job->r0; j < job->r1; j++)
    {
      if (!job->chosen[j])
        continue;
      const Run *r = &job->runs[j];
      for (guint64 i = r->start; i < r->start + r->len; i++)
        {
          guint64 v = hs_offs_get (job->vals, i, w, mask);
          while (li < li1 && (lk[li] < keys[i] || (lk[li] == keys[i] && lv[li] < v)))
            {
              ok[o] = lk[li];
              put_off_seq (ov, o++, w, lv[li++]);
            }
          ok[o] = keys[i];
          put_off_seq (ov, o++, w, v);
        }
      poll += job->runs[j].len;
      if (poll >= SORT_POLL)
        {
          poll = 0;
          if (g_cancellable_is_cancelled (job->cancellable))
            {
              job->cancelled = TRUE;
              return NULL;
            }
        }
    }
  while (li < li1)
    {
      ok[o] = lk[li];
      put_off_seq (ov, o++, w, lv[li++]);
    }
  return NULL;
}

/* Leftovers before (key, v): the first index whose pair is not less. */
static guint64
leftovers_before (const guint64 *lk, const guint64 *lv, guint64 m, guint64 key, guint64 v)
{
  guint64 lo = 0, hi = m;
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;
      if (lk[mid] < key || (lk[mid] == key && lv[mid] < v))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

gboolean
_hs_heap_sort_pairs (guint64 **pkeys, guint8 **pvals, guint64 n, guint w, guint64 mask, guint nthreads,
                     GCancellable *cancellable)
{
  guint64 *keys = *pkeys;
  guint8 *vals = *pvals;
  if (n < SORT_PAIR_MIN)
    nthreads = 1;
  nthreads = CLAMP (nthreads, 1u, 2u);
  if (n < 2)
    return TRUE;
  guint64 nr = count_runs (keys, n, nthreads);
  if (nr == 1)
    return TRUE;
  if (nr > n / 64 || nr > 1000000)
    {
      radix_sort_packed (keys, vals, n, w, mask);
      return TRUE;
    }
  Run *runs = g_new (Run, nr);
  guint64 r = 0, start = 0;
  for (guint64 i = 1; i <= n; i++)
    {
      if (i == n || keys[i - 1] > keys[i])
        {
          runs[r++] = (Run){ start, i - start, keys[start], keys[i - 1] };
          start = i;
        }
    }
  qsort (runs, nr, sizeof (Run), cmp_run_last);
  /* best[j]: the most objects in non-overlapping runs among runs[0..j). */
  guint64 *best = g_new0 (guint64, nr + 1);
  guint64 *prev = g_new (guint64, nr);
  for (guint64 j = 0; j < nr; j++)
    {
      guint64 lo = 0, hi = j; /* runs[0..lo) end before runs[j] starts */
      while (lo < hi)
        {
          guint64 mid = (lo + hi) / 2;
          if (runs[mid].last < runs[j].first)
            lo = mid + 1;
          else
            hi = mid;
        }
      prev[j] = lo;
      guint64 take = best[lo] + runs[j].len;
      best[j + 1] = MAX (best[j], take);
    }
  guint8 *chosen = g_new0 (guint8, nr);
  for (guint64 j = nr; j > 0;)
    {
      if (best[j] == best[j - 1])
        {
          j--;
          continue;
        }
      chosen[j - 1] = 1;
      j = prev[j - 1];
    }
  guint64 kept = best[nr];
  g_free (best);
  g_free (prev);
  if (kept < n / 2)
    {
      g_free (runs);
      g_free (chosen);
      radix_sort_packed (keys, vals, n, w, mask);
      return TRUE;
    }
  /* Leftovers, in file order, radix sorted (stable). */
  guint64 m = n - kept;
  guint64 *lk = hs_mem_new (guint64, m + 1), *lv = hs_mem_new (guint64, m + 1);
  {
    /* The runs not chosen, back in file order (the runs cut [0, n) in
     * pieces): their objects are the leftovers, in file order. */
    guint64 nl = 0;
    Run *left = g_new (Run, nr);
    for (guint64 j = 0; j < nr; j++)
      if (!chosen[j])
        left[nl++] = runs[j];
    qsort (left, nl, sizeof (Run), cmp_run_start);
    guint64 at = 0;
    for (guint64 j = 0; j < nl; j++)
      {
        memcpy (lk + at, keys + left[j].start, left[j].len * sizeof (guint64));
        for (guint64 i = 0; i < left[j].len; i++)
          lv[at + i] = hs_offs_get (vals, left[j].start + i, w, mask);
        at += left[j].len;
      }
    g_assert (at == m);
    g_free (left);
  }
  radix_sort_pairs (lk, lv, m);
  guint64 *ok = hs_mem_new (guint64, n);
  guint8 *ov = hs_mem_alloc ((gsize)n * w + 8);
  /* The chosen runs are in id order (they do not overlap): the second
   * thread starts at the first chosen run past half of the kept pairs,
   * after the leftovers that come before that run's first pair. */
  MergeJob jobs[2];
  jobs[0]
      = (MergeJob){ keys, vals, runs, chosen, lk, lv, w, mask, 0, nr, 0, m, 0, ok, ov, cancellable, FALSE };
  jobs[1] = jobs[0];
  guint64 split = nr;
  if (nthreads > 1)
    {
      guint64 before = 0;
      for (guint64 j = 0; j < nr; j++)
        {
          if (!chosen[j])
            continue;
          if (before >= kept / 2 && before > 0)
            {
              split = j;
              break;
            }
          before += runs[j].len;
        }
      if (split < nr)
        {
          guint64 k0 = keys[runs[split].start];
          guint64 v0 = hs_offs_get (vals, runs[split].start, w, mask);
          guint64 li = leftovers_before (lk, lv, m, k0, v0);
          jobs[0].r1 = jobs[1].r0 = split;
          jobs[0].li1 = jobs[1].li0 = li;
          jobs[1].o0 = before + li;
        }
    }
  hs_run_pair ("hs-sort", merge_job, &jobs[0], split < nr ? &jobs[1] : NULL);
  if (split < nr)
    {
      /* The first half's last 8-byte store spills over the second half's
       * first pair: that pair is the split run's first, written again. */
      hs_offs_put (ov, jobs[1].o0, w, hs_offs_get (vals, runs[split].start, w, mask));
    }
  gboolean cancelled = jobs[0].cancelled || jobs[1].cancelled;
  memset (ov + (gsize)n * w, 0, 8);
  hs_mem_free (lk);
  hs_mem_free (lv);
  g_free (runs);
  g_free (chosen);
  if (cancelled)
    {
      hs_mem_free (ok);
      hs_mem_free (ov);
      return FALSE;
    }
  hs_mem_free (keys);
  hs_mem_free (vals);
  *pkeys = ok;
  *pvals = ov;
  return TRUE;
}
