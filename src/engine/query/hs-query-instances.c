/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-instances.c: the instances of a class (see hs-query.h): found
 * by a scan of the class column, sorted by retained size (a radix sort on
 * a key of the bits that vary), and the first page of that order before
 * the whole list is sorted; each step on both cores (the 32.9 M
 * byte[] of a 140 M-object dump). */
#define _GNU_SOURCE /* qsort_r: sizes past G_MAXINT */
#include "config.h"

#include "hs-query.h"
#include "hs-parallel.h"

#include <stdlib.h>
#include <string.h>

/* Below this many entries one thread does it: a thread costs more. */
#define PARALLEL_MIN 200000

static guint
n_threads (guint64 n)
{
  return n >= PARALLEL_MIN && g_get_num_processors () > 1 ? 2 : 1;
}

/* --- the scan --------------------------------------------------------------- */

typedef struct
{
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
              *w++ = (HsObj)i;
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
              *--w = (HsObj)i;
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
      out = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), (guint)MIN (count, G_MAXUINT));
      g_array_set_size (out, (guint)count);
      for (guint t = 0; t < 2; t++)
        jobs[t] = (ScanJob){ hs_heap_class_col (heap),
                             in_class,
                             nc,
                             t == 0 ? 0 : n / 2,
                             t == 0 && nt == 2 ? n / 2 : n,
                             (HsObj *)out->data,
                             (HsObj *)out->data + count,
                             t == 1,
                             0 };
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
  guint64 rx = dom != NULL ? hs_dom_tree_retained (dom, x) : 0,
          ry = dom != NULL ? hs_dom_tree_retained (dom, y) : 0;
  guint32 sx, sy;

  if (rx != ry)
    return rx > ry;
  if ((sx = hs_size_col_get (shallow, x)) != (sy = hs_size_col_get (shallow, y)))
    return sx > sy;
  return x < y;
}

/* --- the sort: a stable LSD radix sort on both cores ---------------------------- */

/* The order as one unsigned key, ascending: the retained size's bits
 * complemented (largest first); then a part that orders one retained size
 * by shallow size, largest first: retained - shallow for a retained object
 * (it retains itself: 0 or more), or the largest shallow size among the
 * unretained (retained 0) minus its own; then, only when the list is not
 * in index order already, the index. Equal keys keep their (index) order:
 * the sort is stable. (Should a retained size ever be below its object's
 * shallow size, the middle part is retained - shallow + 2^32 for all; for
 * instances of one shallow size it is left out.) Bits every instance
 * shares are left out too: the 32.9 M byte[] of a 140 M-object dump, all
 * leaves, need an 8-bit key, so one pass of 8 bytes an instance
 * (key << 32 | index) sorts them, where six passes of 8-bit digits over
 * 16 bytes an instance did (1.5 s of CPU; 0.6 s now, on two threads). Keys
 * up to 32 bits sort that way in passes of at most 11 bits, keys of 33 to
 * 64 bits as 16-byte entries, wider ones (no dump seen) with a comparison
 * sort. Each pass splits its source in two halves, one a thread; the
 * halves' digit counts for the next pass are counted while scattering, so
 * a pass reads its source once. */

#define RADIX_BITS 11
#define RADIX (1u << RADIX_BITS)
/* Shorter lists are sorted by comparing. */
#define SMALL_SORT 512
#define D_BIAS (G_GUINT64_CONSTANT (1) << 32)

typedef struct
{
  guint lo, bits; /* bits [lo, lo + bits) of the value vary */
} Field;

typedef struct
{
  guint64 key;
  HsObj o;
} WideEntry;

typedef struct
{
  const HsObj *objs;
  guint64 from, to;
  const HsDomTree *dom;
  const HsSizeCol *shallow;
  /* The range pass's answers. */
  guint64 r_and, r_or, d_and, d_or;      /* d: retained + 2^32 - shallow */
  guint64 diff_or;                       /* retained - shallow of the retained */
  guint32 s0_and, s0_or, s0_min, s0_max; /* shallow sizes of the unretained */
  guint32 s_and, s_or;                   /* of all */
  guint32 o_and, o_or;
  gboolean ascending, below; /* below: a retained size under its shallow size */
  /* The pack pass's. */
  Field r, d, ob;
  gboolean split; /* the second part as retained - shallow / s0_max - shallow */
  gboolean packed;
  gpointer dst;
  guint shift, mask;
  guint64 *hist; /* RADIX: this half's first digits */
} KeyJob;

static inline guint64
retained_of (const HsDomTree *dom, HsObj o)
{
  return dom != NULL ? hs_dom_tree_retained (dom, o) : 0;
}

static gpointer
range_job (gpointer data)
{
  KeyJob *j = data;
  guint64 r_and = G_MAXUINT64, r_or = 0, d_and = G_MAXUINT64, d_or = 0;
  guint64 diff_or = 0;
  guint32 s_and = G_MAXUINT32, s_or = 0, o_and = G_MAXUINT32, o_or = 0, s0_and = G_MAXUINT32, s0_or = 0,
          s0_min = G_MAXUINT32, s0_max = 0;
  gboolean ascending = TRUE, below = FALSE;

  for (guint64 i = j->from; i < j->to; i++)
    {
      HsObj o = j->objs[i];
      guint32 s = hs_size_col_get (j->shallow, o);
      guint64 r = retained_of (j->dom, o), d = r + D_BIAS - s;
      s_and &= s;
      s_or |= s;
      if (r == 0)
        {
          s0_and &= s;
          s0_or |= s;
          s0_min = MIN (s0_min, s);
          s0_max = MAX (s0_max, s);
        }
      else if (r >= s)
        diff_or |= r - s;
      else
        below = TRUE;
      r_and &= r;
      r_or |= r;
      d_and &= d;
      d_or |= d;
      o_and &= o;
      o_or |= o;
      if (i > j->from && o <= j->objs[i - 1])
        ascending = FALSE;
    }
  j->r_and = r_and;
  j->r_or = r_or;
  j->d_and = d_and;
  j->d_or = d_or;
  j->diff_or = diff_or;
  j->s0_and = s0_and;
  j->s0_or = s0_or;
  j->s0_min = s0_min;
  j->s0_max = s0_max;
  j->below = below;
  j->s_and = s_and;
  j->s_or = s_or;
  j->o_and = o_and;
  j->o_or = o_or;
  j->ascending = ascending;
  return NULL;
}

static Field
field_of (guint64 and_, guint64 or_)
{
  guint64 vary = and_ ^ or_;
  Field f = { 0, 0 };

  if (vary != 0)
    {
      f.lo = (guint)__builtin_ctzll (vary);
      f.bits = 64 - (guint)__builtin_clzll (vary) - f.lo;
    }
  return f;
}

static inline guint64
bits_of (guint64 v, Field f)
{
  return f.bits == 0 ? 0 : (v >> f.lo) & (G_MAXUINT64 >> (64 - f.bits));
}

static gpointer
pack_job (gpointer data)
{
  KeyJob *j = data;
  /* Locals: the stores below could alias the job's fields. */
  const HsObj *objs = j->objs;
  const HsDomTree *dom = j->dom;
  const HsSizeCol *shallow = j->shallow;
  guint64 *hist = j->hist, *packed = j->packed ? j->dst : NULL;
  WideEntry *wide = j->packed ? NULL : j->dst;
  const Field r_f = j->r, d_f = j->d, o_f = j->ob;
  const gboolean split = j->split;
  const guint32 s0_max = j->s0_max;
  guint shift = j->shift, mask = j->mask, dshift = o_f.bits, rshift = d_f.bits + o_f.bits;
  guint64 rmax = r_f.bits == 0 ? 0 : G_MAXUINT64 >> (64 - r_f.bits);

  for (guint64 i = j->from, to = j->to; i < to; i++)
    {
      HsObj o = objs[i];
      guint32 s = hs_size_col_get (shallow, o);
      guint64 r = retained_of (dom, o), d = !split ? r + D_BIAS - s : r != 0 ? r - s : s0_max - s;
      guint64 key = (r_f.bits != 0 ? (rmax - bits_of (r, r_f)) << rshift : 0) | (bits_of (d, d_f) << dshift)
                    | bits_of (o, o_f);
      if (packed != NULL)
        packed[i] = key = key << 32 | o;
      else
        wide[i] = (WideEntry){ key, o };
      hist[(key >> shift) & mask]++;
    }
  return NULL;
}

typedef struct
{
  gconstpointer src;
  gpointer dst;
  HsObj *out; /* the last pass writes the indexes here instead */
  guint64 from, to, half;
  guint shift, next_shift, mask;
  guint64 *off;  /* RADIX: where this half's next entry of each digit goes */
  guint64 *next; /* 2 x RADIX: the next pass's digits in dst's two halves */
} PassJob;

#define PACKED_KEY(x) (x)
#define PACKED_OBJ(x) ((HsObj)(x))
#define WIDE_KEY(x) ((x).key)
#define WIDE_OBJ(x) ((x).o)

#define DEFINE_PASS(NAME, TYPE, KEY, OBJ)                                                                    \
  static gpointer NAME (gpointer data)                                                                       \
  {                                                                                                          \
    PassJob *j = data;                                                                                       \
    const TYPE *src = j->src;                                                                                \
    TYPE *dst = j->dst;                                                                                      \
    guint64 *off = j->off, *next = j->next, half = j->half;                                                  \
    guint shift = j->shift, next_shift = j->next_shift, mask = j->mask;                                      \
                                                                                                             \
    if (j->out != NULL)                                                                                      \
      {                                                                                                      \
        for (guint64 i = j->from; i < j->to; i++)                                                            \
          j->out[off[(KEY (src[i]) >> shift) & mask]++] = OBJ (src[i]);                                      \
        return NULL;                                                                                         \
      }                                                                                                      \
    for (guint64 i = j->from; i < j->to; i++)                                                                \
      {                                                                                                      \
        TYPE x = src[i];                                                                                     \
        guint64 pos = off[(KEY (x) >> shift) & mask]++;                                                      \
        dst[pos] = x;                                                                                        \
        next[(pos >= half ? RADIX : 0) + ((KEY (x) >> next_shift) & mask)]++;                                \
      }                                                                                                      \
    return NULL;                                                                                             \
  }

DEFINE_PASS (pass_packed, guint64, PACKED_KEY, PACKED_OBJ)
DEFINE_PASS (pass_wide, WideEntry, WIDE_KEY, WIDE_OBJ)

/* The list's order as a comparison (before), for the sorts that compare. */
typedef struct
{
  const HsDomTree *dom;
  const HsSizeCol *shallow;
} Order;

static int
cmp_before (const void *pa, const void *pb, void *data)
{
  const Order *o = data;
  HsObj x = *(const HsObj *)pa, y = *(const HsObj *)pb;
  if (x == y)
    return 0;
  return before (o->dom, o->shallow, x, y) ? -1 : 1;
}

void
hs_query_sort_instances (HsAnalysis *analysis, HsObj *objs, guint64 k)
{
  g_return_if_fail (analysis != NULL && analysis->heap != NULL);
  g_return_if_fail (objs != NULL || k == 0);

  if (k < 2)
    return;
  if (k < SMALL_SORT)
    {
      /* The radix sort's tables cost more than comparing a short list (a
       * dump of a million small classes, sorted class by class). */
      Order o = { analysis->dom, hs_heap_size_col (analysis->heap) };
      qsort_r (objs, k, sizeof (HsObj), cmp_before, &o);
      return;
    }
  guint nt = n_threads (k);
  guint64 half = nt == 2 ? k / 2 : k;
  KeyJob kj[2];

  for (guint t = 0; t < 2; t++)
    kj[t] = (KeyJob){ .objs = objs,
                      .from = t == 0 ? 0 : half,
                      .to = t == 0 ? half : k,
                      .dom = analysis->dom,
                      .shallow = hs_heap_size_col (analysis->heap) };
  hs_run_pair ("hs-instances", range_job, &kj[0], nt == 2 ? &kj[1] : NULL);
  if (nt == 1)
    kj[1] = kj[0];
  gboolean ascending = kj[0].ascending && kj[1].ascending && (nt == 1 || objs[half - 1] < objs[half]);
  Field r = field_of (kj[0].r_and & kj[1].r_and, kj[0].r_or | kj[1].r_or);
  /* The second part, split when every retained size covers its object. */
  gboolean split = !kj[0].below && !kj[1].below;
  guint32 s0_max = MAX (kj[0].s0_max, kj[1].s0_max);
  Field d = { 0, 0 };
  if ((kj[0].s_and & kj[1].s_and) == (kj[0].s_or | kj[1].s_or))
    ; /* one shallow size: the retained size orders alone */
  else if (split)
    {
      guint32 s0_min = MIN (kj[0].s0_min, kj[1].s0_min);
      guint64 top = (kj[0].diff_or | kj[1].diff_or) | (s0_min <= s0_max ? s0_max - s0_min : 0);
      guint64 low
          = (kj[0].diff_or | kj[1].diff_or) | ((kj[0].s0_and & kj[1].s0_and) ^ (kj[0].s0_or | kj[1].s0_or));
      /* Every value is at most top, and a multiple of 2^ctz(low). */
      guint hi = top == 0 ? 0 : 64 - (guint)__builtin_clzll (top);
      d.lo = low == 0 ? 0 : (guint)__builtin_ctzll (low);
      d.bits = hi > d.lo ? hi - d.lo : 0;
    }
  else
    d = field_of (kj[0].d_and & kj[1].d_and, kj[0].d_or | kj[1].d_or);
  Field ob = ascending ? (Field){ 0, 0 } : field_of (kj[0].o_and & kj[1].o_and, kj[0].o_or | kj[1].o_or);
  guint bits = r.bits + d.bits + ob.bits;

  g_debug ("instances: %" G_GUINT64_FORMAT " sorted on a %u-bit key (%u + %u%s + %u)", k, bits, r.bits,
           d.bits, split ? "" : " unsplit", ob.bits);

  if (bits == 0)
    return; /* equal keys, in index order (or one object listed again and again) */
  if (bits > 64)
    {
      Order o = { kj[0].dom, kj[0].shallow };
      qsort_r (objs, k, sizeof (HsObj), cmp_before, &o); /* k may pass G_MAXINT */
      return;
    }

  gboolean packed = bits <= 32;
  guint npass = (bits + RADIX_BITS - 1) / RADIX_BITS, width = (bits + npass - 1) / npass;
  guint base = packed ? 32 : 0, mask = (1u << width) - 1;
  gsize esize = packed ? sizeof (guint64) : sizeof (WideEntry);
  gpointer a = g_malloc (k * esize), b = npass > 1 ? g_malloc (k * esize) : NULL;
  guint64 *hist = g_new0 (guint64, 2 * RADIX), *off = g_new (guint64, 2 * RADIX);
  guint64 *next = g_new (guint64, 4 * RADIX);

  for (guint t = 0; t < 2; t++)
    {
      kj[t].r = r;
      kj[t].d = d;
      kj[t].ob = ob;
      kj[t].split = split;
      kj[t].s0_max = s0_max;
      kj[t].packed = packed;
      kj[t].dst = a;
      kj[t].shift = base;
      kj[t].mask = mask;
      kj[t].hist = hist + t * RADIX;
    }
  hs_run_pair ("hs-instances", pack_job, &kj[0], nt == 2 ? &kj[1] : NULL);

  for (guint p = 0; p < npass; p++)
    {
      PassJob pj[2];
      guint64 sum = 0;

      for (guint v = 0; v < RADIX; v++)
        {
          off[v] = sum;
          off[RADIX + v] = sum + hist[v];
          sum += hist[v] + hist[RADIX + v];
        }
      memset (next, 0, 4 * RADIX * sizeof *next);
      for (guint t = 0; t < 2; t++)
        pj[t] = (PassJob){ a,
                           b,
                           p + 1 == npass ? objs : NULL,
                           t == 0 ? 0 : half,
                           t == 0 ? half : k,
                           half,
                           base + p * width,
                           base + (p + 1) * width,
                           mask,
                           off + t * RADIX,
                           next + t * 2 * RADIX };
      hs_run_pair ("hs-instances", packed ? pass_packed : pass_wide, &pj[0], nt == 2 ? &pj[1] : NULL);
      for (guint v = 0; v < 2 * RADIX; v++)
        hist[v] = next[v] + next[2 * RADIX + v];
      gpointer t = a;
      a = b;
      b = t;
    }
  g_free (next);
  g_free (off);
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
  hs_query_sort_instances (analysis, (HsObj *)out->data, out->len);
  return out;
}

GArray *
hs_query_instances_of_class (HsAnalysis *analysis, HsClass c)
{
  return hs_query_instances (analysis, &c, 1);
}

/* --- the first page ------------------------------------------------------------- */

typedef struct
{
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

GArray *
hs_query_instances_first (HsAnalysis *analysis, const HsObj *objs, guint64 k, guint limit)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  g_return_val_if_fail (objs != NULL || k == 0, NULL);

  guint nt = n_threads (k);
  FirstJob jobs[2];
  GArray *out;

  limit = (guint)MIN ((guint64)limit, k);
  for (guint t = 0; t < 2; t++)
    jobs[t] = (FirstJob){ objs,
                          t == 0 ? 0 : k / 2,
                          t == 0 && nt == 2 ? k / 2 : k,
                          analysis->dom,
                          hs_heap_size_col (analysis->heap),
                          limit,
                          NULL,
                          0 };
  out = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), 2 * limit);
  g_array_set_size (out, 2 * limit);
  jobs[0].heap = (HsObj *)out->data;
  jobs[1].heap = (HsObj *)out->data + limit;
  hs_run_pair ("hs-instances", first_job, &jobs[0], nt == 2 ? &jobs[1] : NULL);
  /* Both halves' best, side by side, sorted: the first limit are the page. */
  if (nt == 2)
    memmove (jobs[0].heap + jobs[0].len, jobs[1].heap, jobs[1].len * sizeof (HsObj));
  g_array_set_size (out, jobs[0].len + (nt == 2 ? jobs[1].len : 0));
  Order o = { jobs[0].dom, jobs[0].shallow };
  qsort_r (out->data, out->len, sizeof (HsObj), cmp_before, &o);
  g_array_set_size (out, limit);
  return out;
}
