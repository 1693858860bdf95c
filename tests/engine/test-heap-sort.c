/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the objects' sort by id (hs-heap-sort.c): on (id, offset) pairs
 * laid out as HotSpot writes them (ascending runs: regions in a shuffled
 * order, some overlapping others, ids written twice, class objects at the
 * end), the one-thread and the two-thread sort must both give exactly what
 * a plain stable sort by id gives (qsort of (id, file position) here), for
 * offsets packed in 4 and in 5 bytes; also for a single run, for runs too
 * many to merge (all radix sorted), for a second thread's half starting
 * right after leftovers with the same id as its first pair, and a
 * cancelled sort leaves its arrays as they were. */
#include <stdlib.h>
#include <string.h>

#include "hs-heap-private.h"
#include "hs-heap-sort-private.h"
#include "hs-mem.h"

typedef struct
{
  guint64 key, pos;
} Pair;

static int
cmp_pair (const void *a, const void *b)
{
  const Pair *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Offsets grow with the position in the file; object i's is 16 + 40 i plus
 * a little, so that no two are equal. */
static guint64
offset_of (guint64 i, guint w)
{
  guint64 v = 16 + 40 * i + (i * 7) % 13;
  return w == 4 ? v : v + ((guint64)1 << 32);
}

typedef struct
{
  guint64 n;
  guint64 *keys;
} Layout;

/* Runs of ascending ids in file order: `regions` regions of `per` ids each
 * (a region r holds ids base + r * 2^20 + 8 k) in a shuffled order, every
 * `overlap`-th region's ids shifted by 4 into its neighbour's range (so
 * they cannot all be kept and become leftovers), `dups` ids of the first
 * region written again at the end, then `classes` ids far below. */
static Layout
make_layout (guint regions, guint per, guint overlap, guint dups, guint classes, guint32 seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  guint *order = g_new (guint, regions);
  for (guint r = 0; r < regions; r++)
    order[r] = r;
  for (guint r = regions; r > 1; r--)
    {
      guint j = g_rand_int_range (rand, 0, r);
      guint t = order[r - 1];
      order[r - 1] = order[j];
      order[j] = t;
    }
  Layout l = { (guint64)regions * per + dups + classes, NULL };
  l.keys = g_new (guint64, l.n);
  guint64 at = 0;
  const guint64 base = 0x700000000ull;
  for (guint x = 0; x < regions; x++)
    {
      guint r = order[x];
      guint64 start = base + ((guint64)r << 20);
      if (overlap && r % overlap == 1)
        start -= ((guint64)1 << 20) - 4; /* into region r - 1's ids */
      for (guint k = 0; k < per; k++)
        l.keys[at++] = start + 8 * (guint64)k;
    }
  for (guint k = 0; k < dups; k++)
    l.keys[at++] = base + 8 * (guint64)(k * 3 % per);
  for (guint k = 0; k < classes; k++)
    l.keys[at++] = 0x1000 + 16 * (guint64)k;
  g_assert_cmpuint (at, ==, l.n);
  g_free (order);
  g_rand_free (rand);
  return l;
}

/* Sorts a copy of l with nthreads and checks it against the reference. */
static void
check_sort (const Layout *l, guint w, guint nthreads)
{
  guint64 n = l->n;
  guint64 mask = w == 8 ? G_MAXUINT64 : ((guint64)1 << (8 * w)) - 1;
  guint64 *keys = hs_mem_new (guint64, n);
  guint8 *vals = hs_mem_alloc0 ((gsize)n * w + 8);
  Pair *ref = g_new (Pair, n);
  for (guint64 i = 0; i < n; i++)
    {
      keys[i] = l->keys[i];
      hs_offs_put (vals, i, w, offset_of (i, w));
      ref[i] = (Pair){ l->keys[i], i };
    }
  qsort (ref, n, sizeof (Pair), cmp_pair);
  g_assert_true (_hs_heap_sort_pairs (&keys, &vals, n, w, mask, nthreads, NULL));
  guint64 bad = 0;
  for (guint64 i = 0; i < n; i++)
    {
      if (keys[i] != ref[i].key || hs_offs_get (vals, i, w, mask) != offset_of (ref[i].pos, w))
        {
          if (bad++ == 0)
            g_test_message (
                "first difference at %" G_GUINT64_FORMAT ": id %" G_GINT64_MODIFIER
                "x offset %" G_GUINT64_FORMAT ", want id %" G_GINT64_MODIFIER "x offset %" G_GUINT64_FORMAT,
                i, keys[i], hs_offs_get (vals, i, w, mask), ref[i].key, offset_of (ref[i].pos, w));
        }
    }
  g_assert_cmpuint (bad, ==, 0);
  /* The 8 bytes to spare stay zero. */
  for (guint i = 0; i < 8; i++)
    g_assert_cmpuint (vals[(gsize)n * w + i], ==, 0);
  g_free (ref);
  hs_mem_free (keys);
  hs_mem_free (vals);
}

static void
check_both (const Layout *l)
{
  for (guint w = 4; w <= 5; w++)
    for (guint t = 1; t <= 2; t++)
      check_sort (l, w, t);
}

/* Regions in shuffled order, some overlapping, duplicates, class objects:
 * the merge of kept runs and leftovers, split in two. */
static void
test_regions (void)
{
  for (guint32 seed = 1; seed <= 3; seed++)
    {
      Layout l = make_layout (300, 1000 + seed * 37, 7, 500, 900, seed);
      check_both (&l);
      g_free (l.keys);
    }
}

/* Few long regions: the split falls inside what one run covers. */
static void
test_few_regions (void)
{
  Layout l = make_layout (3, 70000, 0, 0, 10, 9);
  check_both (&l);
  g_free (l.keys);
  /* Two regions, the second overlapping the first: half leftovers. */
  Layout m = make_layout (2, 80000, 2, 0, 0, 4);
  check_both (&m);
  g_free (m.keys);
}

/* The second half's first pair has the same id as leftovers written before
 * it (duplicates of the split run's first ids written into other runs). */
static void
test_split_ties (void)
{
  guint64 per = 50000, n = 4 * per + 3000;
  Layout l = { n, g_new (guint64, n) };
  guint64 at = 0;
  /* Runs A < B < C < D by id, written D, C, then the first 1,000 ids of C
   * three times each, descending (leftovers after C's pairs in the file),
   * then B, A: four runs, all kept, the second thread starting at C. */
  guint64 start[4] = { 0x100000, 0x200000, 0x300000, 0x400000 };
  for (guint x = 0; x < 4; x++)
    {
      for (guint64 k = 0; k < per; k++)
        l.keys[at++] = start[3 - x] + 8 * k;
      if (x == 1)
        for (guint rep = 0; rep < 3; rep++)
          for (guint64 k = 0; k < 1000; k++)
            l.keys[at++] = start[2] + 8 * (999 - k);
    }
  g_assert_cmpuint (at, ==, n);
  check_both (&l);
  /* The same leftovers written between D and C: before C's pairs in the
   * file, so ahead of them among equal ids (the last, C's first id,
   * begins C's run). */
  at = 0;
  for (guint64 k = 0; k < per; k++)
    l.keys[at++] = start[3] + 8 * k;
  for (guint rep = 0; rep < 3; rep++)
    for (guint64 k = 0; k < 1000; k++)
      l.keys[at++] = start[2] + 8 * (999 - k);
  for (guint x = 1; x < 4; x++)
    for (guint64 k = 0; k < per; k++)
      l.keys[at++] = start[3 - x] + 8 * k;
  g_assert_cmpuint (at, ==, n);
  check_both (&l);
  g_free (l.keys);
}

/* One run (nothing moves) and more runs than merging is worth. */
static void
test_one_and_many_runs (void)
{
  Layout one = make_layout (1, 100000, 0, 0, 0, 1);
  check_both (&one);
  g_free (one.keys);
  guint64 n = 200000;
  Layout many = { n, g_new (guint64, n) };
  for (guint64 i = 0; i < n; i++)
    many.keys[i] = 0x10000 + 8 * ((i * 7919) % n); /* 7919 is prime to n */
  check_both (&many);
  g_free (many.keys);
}

/* Cancelled: the merge stops (40 regions written in descending order, each
 * its own run, all kept), FALSE, the arrays as they were. */
static void
test_cancelled (void)
{
  Layout l = { 40 * 5000, g_new (guint64, 40 * 5000) };
  for (guint64 i = 0; i < l.n; i++)
    l.keys[i] = 0x700000000ull + ((guint64)(39 - i / 5000) << 20) + 8 * (i % 5000);
  guint w = 5;
  guint64 mask = ((guint64)1 << 40) - 1;
  guint64 *keys = hs_mem_new (guint64, l.n);
  guint8 *vals = hs_mem_alloc0 ((gsize)l.n * w + 8);
  for (guint64 i = 0; i < l.n; i++)
    {
      keys[i] = l.keys[i];
      hs_offs_put (vals, i, w, offset_of (i, w));
    }
  GCancellable *c = g_cancellable_new ();
  g_cancellable_cancel (c);
  for (guint t = 1; t <= 2; t++)
    {
      guint64 *k0 = keys;
      guint8 *v0 = vals;
      g_assert_false (_hs_heap_sort_pairs (&keys, &vals, l.n, w, mask, t, c));
      g_assert_true (keys == k0 && vals == v0);
      for (guint64 i = 0; i < l.n; i++)
        {
          g_assert_cmpuint (keys[i], ==, l.keys[i]);
          g_assert_cmpuint (hs_offs_get (vals, i, w, mask), ==, offset_of (i, w));
        }
    }
  g_object_unref (c);
  hs_mem_free (keys);
  hs_mem_free (vals);
  g_free (l.keys);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/heap-sort/regions", test_regions);
  g_test_add_func ("/heap-sort/few-regions", test_few_regions);
  g_test_add_func ("/heap-sort/split-ties", test_split_ties);
  g_test_add_func ("/heap-sort/one-and-many-runs", test_one_and_many_runs);
  g_test_add_func ("/heap-sort/cancelled", test_cancelled);
  return g_test_run ();
}
