/* hs-query-instances.c: the instances of a class (see hs-query.h): found
 * by a scan of the class column (both cores), sorted by retained size, and
 * the first page of that order (both cores) long before the whole list is
 * sorted (issue 18: the 32.9 M byte[] of a 140 M-object dump). */
#include "config.h"

#include "hs-query.h"
#include "hs-parallel.h"

#include <string.h>

/* Below this many entries one thread does it: a thread costs more. */
#define PARALLEL_MIN 200000

static guint
n_threads (guint64 n)
{
  return n >= PARALLEL_MIN && g_get_num_processors () > 1 ? 2 : 1;
}

/* --- the scan --------------------------------------------------------------- */

typedef struct {
  const HsClassCol *klass;
  const guint8 *in_class;
  guint nc;
  guint64 from, to;
  HsObj *begin, *end; /* the list: a job writes only inside it */
  gboolean backward;
  guint64 matched;
} ScanJob;

/* The first half is scanned forward and written from the start of the
 * list, the second backward and written from its end: one read of the
 * class column, since the class table says how many there are. Writes
 * stay inside the list whatever the count; matched tells whether the two
 * met exactly. begin == end: count only. */
static gpointer
scan_job (gpointer data)
{
  ScanJob *j = data;
  const HsClassCol *klass = j->klass;
  const guint8 *in_class = j->in_class;
  guint nc = j->nc;
  guint64 matched = 0;
  HsClass k;

  if (!j->backward)
    {
      HsObj *w = j->begin;
      for (guint64 i = j->from; i < j->to; i++)
        if ((k = hs_class_col_get (klass, i)) < nc && in_class[k])
          {
            if (w < j->end)
              *w++ = (HsObj) i;
            matched++;
          }
    }
  else
    {
      HsObj *w = j->end;
      for (guint64 i = j->to; i-- > j->from;)
        if ((k = hs_class_col_get (klass, i)) < nc && in_class[k])
          {
            if (w > j->begin)
              *--w = (HsObj) i;
            matched++;
          }
    }
  j->matched = matched;
  return NULL;
}

GArray *
hs_query_instances_unsorted (HsAnalysis *analysis, const HsClass *classes, guint n_classes)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  g_return_val_if_fail (classes != NULL || n_classes == 0, NULL);

  HsHeap *heap = analysis->heap;
  guint64 n = hs_heap_n_objects (heap), count = 0;
  guint nc = hs_heap_n_classes (heap);
  g_autofree guint8 *in_class = g_new0 (guint8, nc + 1);
  guint nt = n_threads (n);
  ScanJob jobs[2];
  GArray *out;

  for (guint i = 0; i < n_classes; i++)
    if (classes[i] < nc && !in_class[classes[i]])
      {
        in_class[classes[i]] = 1;
        count += hs_class_count (heap, classes[i]);
      }
  for (guint attempt = 0;; attempt++)
    {
      out = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), (guint) MIN (count, G_MAXUINT));
      g_array_set_size (out, (guint) count);
      for (guint t = 0; t < 2; t++)
        jobs[t] = (ScanJob) { hs_heap_class_col (heap), in_class, nc, t == 0 ? 0 : n / 2,
                              t == 0 && nt == 2 ? n / 2 : n, (HsObj *) out->data, (HsObj *) out->data + count,
                              t == 1, 0 };
      hs_run_pair ("hs-instances", scan_job, &jobs[0], nt == 2 ? &jobs[1] : NULL);
      guint64 found = jobs[0].matched + (nt == 2 ? jobs[1].matched : 0);
      if (found == count || attempt > 0)
        break;
      /* The class table disagreed (a heap whose totals are not counted):
       * once more with the count just found. */
      count = found;
      g_array_unref (out);
    }
  return out;
}

/* --- the order ---------------------------------------------------------------- */

/* Largest retained size first, then largest shallow size, then index. */
static inline gboolean
before (const HsDomTree *dom, const HsSizeCol *shallow, HsObj x, HsObj y)
{
  guint64 rx = dom != NULL ? hs_dom_tree_retained (dom, x) : 0, ry = dom != NULL ? hs_dom_tree_retained (dom, y) : 0;
  guint32 sx, sy;

  if (rx != ry)
    return rx > ry;
  if ((sx = hs_size_col_get (shallow, x)) != (sy = hs_size_col_get (shallow, y)))
    return sx > sy;
  return x < y;
}

/* --- the sort: a stable LSD radix sort on keys gathered once ------------------ */

/* 16 bytes an instance, twice, while it runs: millions of instances of one
 * class sort in well under a second, where a comparison sort that reads
 * the retained array at random took seconds. Byte passes whose digit is
 * the same for every key are skipped (most classes have one shallow size,
 * and few retained sizes need more than four bytes). One thread: split on
 * two (each half counting its digits before every pass) it cost 40 % more
 * CPU for a third less wall time at 140 M objects (32.9 M byte[]: 1.2 s of
 * CPU alone, 1.7 s on two threads), and a front end shows the first page
 * (hs_query_instances_first) long before either is done. */
typedef struct {
  guint64 ret; /* ~retained: ascending order = largest first */
  guint32 shallow; /* ~shallow */
  HsObj o;
} InstanceKey;

#define N_PASSES 12 /* 4 on the shallow size (least significant), 8 on retained */

static inline guint
digit (const InstanceKey *k, guint p)
{
  return p < 4 ? (k->shallow >> (8 * p)) & 0xff : (guint) ((k->ret >> (8 * (p - 4))) & 0xff);
}

void
hs_query_sort_instances (HsAnalysis *analysis, HsObj *objs, guint64 k)
{
  g_return_if_fail (analysis != NULL && analysis->heap != NULL);
  g_return_if_fail (objs != NULL || k == 0);

  if (k < 2)
    return;
  const HsDomTree *dom = analysis->dom;
  const HsSizeCol *shallow = hs_heap_size_col (analysis->heap);
  InstanceKey *a = g_new (InstanceKey, k), *b = g_new (InstanceKey, k);
  guint64 (*hist)[256] = g_malloc0 (N_PASSES * sizeof *hist);

  for (guint64 i = 0; i < k; i++)
    {
      HsObj o = objs[i];
      a[i].ret = ~(dom != NULL ? hs_dom_tree_retained (dom, o) : 0);
      a[i].shallow = ~hs_size_col_get (shallow, o);
      a[i].o = o;
      for (guint p = 0; p < N_PASSES; p++)
        hist[p][digit (&a[i], p)]++;
    }
  for (guint p = 0; p < N_PASSES; p++)
    {
      guint64 sum = 0;
      gboolean trivial = FALSE;
      for (guint d = 0; d < 256; d++)
        {
          guint64 c = hist[p][d];
          if (c == k)
            trivial = TRUE;
          hist[p][d] = sum;
          sum += c;
        }
      if (trivial)
        continue;
      for (guint64 i = 0; i < k; i++)
        b[hist[p][digit (&a[i], p)]++] = a[i];
      InstanceKey *t = a;
      a = b;
      b = t;
    }
  for (guint64 i = 0; i < k; i++)
    objs[i] = a[i].o;
  g_free (hist);
  g_free (a);
  g_free (b);
}

GArray *
hs_query_instances (HsAnalysis *analysis, const HsClass *classes, guint n_classes)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  g_return_val_if_fail (classes != NULL || n_classes == 0, NULL);

  GArray *out = hs_query_instances_unsorted (analysis, classes, n_classes);
  hs_query_sort_instances (analysis, (HsObj *) out->data, out->len);
  return out;
}

GArray *
hs_query_instances_of_class (HsAnalysis *analysis, HsClass c)
{
  return hs_query_instances (analysis, &c, 1);
}

/* --- the first page ------------------------------------------------------------- */

typedef struct {
  const HsObj *objs;
  guint64 from, to;
  const HsDomTree *dom;
  const HsSizeCol *shallow;
  guint limit;
  HsObj *heap; /* limit entries: the one that comes last in the order at [0] */
  guint len;
} FirstJob;

/* A bounded heap whose root is the entry that comes last: an instance
 * that comes before it replaces it. One read of each instance's sizes,
 * nothing sorted but the page. */
static void
first_sift_down (FirstJob *j, guint i)
{
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      if (l < j->len && before (j->dom, j->shallow, j->heap[m], j->heap[l]))
        m = l;
      if (r < j->len && before (j->dom, j->shallow, j->heap[m], j->heap[r]))
        m = r;
      if (m == i)
        return;
      HsObj t = j->heap[i];
      j->heap[i] = j->heap[m];
      j->heap[m] = t;
      i = m;
    }
}

static gpointer
first_job (gpointer data)
{
  FirstJob *j = data;

  for (guint64 i = j->from; i < j->to; i++)
    {
      HsObj o = j->objs[i];
      if (j->len < j->limit)
        {
          guint c = j->len++;
          j->heap[c] = o;
          while (c > 0 && before (j->dom, j->shallow, j->heap[(c - 1) / 2], j->heap[c]))
            {
              HsObj t = j->heap[c];
              j->heap[c] = j->heap[(c - 1) / 2];
              j->heap[(c - 1) / 2] = t;
              c = (c - 1) / 2;
            }
        }
      else if (before (j->dom, j->shallow, o, j->heap[0]))
        {
          j->heap[0] = o;
          first_sift_down (j, 0);
        }
    }
  return NULL;
}

static gint
cmp_first (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const FirstJob *j = data;
  HsObj x = *(const HsObj *) pa, y = *(const HsObj *) pb;
  if (x == y)
    return 0;
  return before (j->dom, j->shallow, x, y) ? -1 : 1;
}

GArray *
hs_query_instances_first (HsAnalysis *analysis, const HsObj *objs, guint64 k, guint limit)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  g_return_val_if_fail (objs != NULL || k == 0, NULL);

  guint nt = n_threads (k);
  FirstJob jobs[2];
  GArray *out;

  limit = (guint) MIN ((guint64) limit, k);
  for (guint t = 0; t < 2; t++)
    jobs[t] = (FirstJob) { objs, t == 0 ? 0 : k / 2, t == 0 && nt == 2 ? k / 2 : k,
                           analysis->dom, hs_heap_size_col (analysis->heap), limit, NULL, 0 };
  out = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), 2 * limit);
  g_array_set_size (out, 2 * limit);
  jobs[0].heap = (HsObj *) out->data;
  jobs[1].heap = (HsObj *) out->data + limit;
  hs_run_pair ("hs-instances", first_job, &jobs[0], nt == 2 ? &jobs[1] : NULL);
  /* Both halves' best, side by side, sorted: the first limit are the page. */
  if (nt == 2)
    memmove (jobs[0].heap + jobs[0].len, jobs[1].heap, jobs[1].len * sizeof (HsObj));
  g_array_set_size (out, jobs[0].len + (nt == 2 ? jobs[1].len : 0));
  g_qsort_with_data (out->data, (gint) out->len, sizeof (HsObj), cmp_first, &jobs[0]);
  g_array_set_size (out, limit);
  return out;
}
