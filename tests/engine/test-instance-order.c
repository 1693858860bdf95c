/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The instance order (hs-query.h: retained size descending, then shallow
 * size descending, then object index) on order.hprof
 * (make-order-dumps.py): 240,000 byte[] and 210,000 Object[] whose sizes
 * follow formulas, so this file computes every instance's retained and
 * shallow size from the object id alone and sorts them itself. The lists
 * are long enough for the engine's sort to run on two threads; the byte[]
 * keys fit in 32 bits with the index, the Object[] ones do not; the same
 * lists reversed (not in index order) must come out the same; so must the
 * lists of an analysis without dominators (by shallow size). */
#include "hs-query.h"

#include <string.h>

#define N_BYTES 240000
#define N_BAGS 210000

static HsAnalysis *full, *flat;

static guint64
align8 (guint64 v)
{
  return (v + 7) & ~(guint64)7;
}

typedef struct
{
  guint64 id, retained, shallow;
} Expected;

/* make-order-dumps.py's formulas. */
static Expected
expected_of (guint64 id, gboolean with_dominators)
{
  Expected e = { id, 0, 0 };

  if (id >= 0x10000000 && id < 0x20000000)
    {
      guint64 i = (id - 0x10000000) / 0x100;
      e.shallow = align8 (12 + (i * 7919) % 61);
      e.retained = i % 7 != 3 ? e.shallow : 0;
    }
  else
    {
      guint64 m = (id - 0x20000000) / 0x100, n = m == 0 ? 1 : m % 4, held = 0;
      e.shallow = align8 (12 + 4 * n);
      for (guint64 k = 0; k < n; k++)
        held += align8 (12 + 4 * (m == 0 ? 100000 : (13 * m + 7 * k) % 40));
      e.retained = m % 6 != 2 ? e.shallow + held : 0;
    }
  if (!with_dominators)
    e.retained = 0;
  return e;
}

static gint
cmp_expected (gconstpointer pa, gconstpointer pb)
{
  const Expected *x = pa, *y = pb;

  if (x->retained != y->retained)
    return x->retained > y->retained ? -1 : 1;
  if (x->shallow != y->shallow)
    return x->shallow > y->shallow ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static void
check_order (HsAnalysis *a, const char *class_name, guint64 first_id, guint n)
{
  HsClass c = hs_heap_find_class (a->heap, class_name);
  g_autoptr (GArray) unsorted = hs_query_instances_unsorted (a, &c, 1);
  g_autoptr (GArray) sorted = hs_query_instances (a, &c, 1);
  g_autofree Expected *want = g_new (Expected, n);

  g_assert_cmpuint (unsorted->len, ==, n);
  g_assert_cmpuint (sorted->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      HsObj o = g_array_index (unsorted, HsObj, i);
      /* Index order is id order; the ids are the generator's. */
      g_assert_cmpuint (hs_heap_object_id (a->heap, o), ==, first_id + 0x100 * (guint64)i);
      want[i] = expected_of (first_id + 0x100 * (guint64)i, a->dom != NULL);
      g_assert_cmpuint (hs_heap_object_shallow (a->heap, o), ==, want[i].shallow);
      if (a->dom != NULL)
        g_assert_cmpuint (hs_dom_tree_retained (a->dom, o), ==, want[i].retained);
    }
  qsort (want, n, sizeof *want, cmp_expected);
  for (guint i = 0; i < n; i++)
    if (hs_heap_object_id (a->heap, g_array_index (sorted, HsObj, i)) != want[i].id)
      g_error ("%s: row %u is 0x%" G_GINT64_MODIFIER "x, expected 0x%" G_GINT64_MODIFIER "x", class_name, i,
               hs_heap_object_id (a->heap, g_array_index (sorted, HsObj, i)), want[i].id);

  /* Not in index order: the index breaks the ties, not the input order. */
  g_autoptr (GArray) reversed = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), n);
  for (guint i = n; i-- > 0;)
    g_array_append_val (reversed, g_array_index (unsorted, HsObj, i));
  hs_query_sort_instances (a, (HsObj *)reversed->data, reversed->len);
  g_assert_cmpmem (reversed->data, n * sizeof (HsObj), sorted->data, n * sizeof (HsObj));

  /* The first page is the sorted list's start. */
  g_autoptr (GArray) page = hs_query_instances_first (a, (const HsObj *)unsorted->data, n, 1000);
  g_assert_cmpmem (page->data, page->len * sizeof (HsObj), sorted->data, 1000 * sizeof (HsObj));
}

static void
test_bytes (void)
{
  check_order (full, "byte[]", 0x10000000, N_BYTES);
  /* Hand-checked corners: first a reachable byte[] of the longest length
   * (60: first at i = 50, 50 mod 7 = 1), align(12 + 60) = 72 bytes; last
   * an unreachable one of length 0 to 4 (16 bytes). */
  HsClass c = hs_heap_find_class (full->heap, "byte[]");
  g_autoptr (GArray) sorted = hs_query_instances (full, &c, 1);
  HsObj first = g_array_index (sorted, HsObj, 0), last = g_array_index (sorted, HsObj, N_BYTES - 1);
  g_assert_cmpuint (hs_dom_tree_retained (full->dom, first), ==, 72);
  g_assert_cmpuint (hs_dom_tree_retained (full->dom, last), ==, 0);
  g_assert_cmpuint (hs_heap_object_shallow (full->heap, last), ==, 16);
}

static void
test_bags (void)
{
  check_order (full, "java.lang.Object[]", 0x20000000, N_BAGS);
  /* Bag 0 (a root, its int[100000]) comes first: 16 + 400,016 bytes. */
  HsClass c = hs_heap_find_class (full->heap, "java.lang.Object[]");
  g_autoptr (GArray) sorted = hs_query_instances (full, &c, 1);
  g_assert_cmpuint (hs_heap_object_id (full->heap, g_array_index (sorted, HsObj, 0)), ==, 0x20000000);
  g_assert_cmpuint (hs_dom_tree_retained (full->dom, g_array_index (sorted, HsObj, 0)), ==, 16 + 400016);
}

static void
test_without_dominators (void)
{
  check_order (flat, "byte[]", 0x10000000, N_BYTES);
  check_order (flat, "java.lang.Object[]", 0x20000000, N_BAGS);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  HsAnalysisOptions opts = { 0 };

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-instance-order DUMP_DIR");
  path = g_build_filename (argv[1], "order.hprof", NULL);
  opts.skip_leaks = TRUE;
  full = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  opts.skip_dominators = TRUE;
  flat = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/instance-order/byte-arrays", test_bytes);
  g_test_add_func ("/instance-order/object-arrays", test_bags);
  g_test_add_func ("/instance-order/without-dominators", test_without_dominators);
  return g_test_run ();
}
