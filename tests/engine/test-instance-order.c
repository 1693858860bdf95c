/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The instance order (hs-query.h: retained size descending, then shallow
 * size descending, then object index) on order.hprof
 * (make-order-dumps.py): 240,000 byte[] and 210,000 Object[] whose sizes
 * follow formulas, so this file computes every instance's retained and
 * shallow size from the object id alone and sorts them itself. The lists
 * are long enough for the engine's sort to run on two threads; the byte[]
 * keys fit in 32 bits with the index, the Object[] ones do not; the same
 * lists reversed (not in index order) must come out the same; so must the
 * lists of an analysis without dominators (by shallow size). Every
 * class's list as a persistent index keeps it (hs-class-instances) must
 * be the same order, also after a round trip through an index file, and
 * a broken one is refused or not used. */
#include "hs-query.h"
#include "hs-class-instances.h"

#include <string.h>
#include <glib/gstdio.h>

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

  /* Every class's list, as an index keeps it: the same rows. */
  if (a->dom != NULL)
    {
      g_autoptr (HsClassInstances) ci = hs_class_instances_build (a, NULL);
      g_autoptr (GArray) listed = hs_class_instances_of (ci, c, hs_heap_n_objects (a->heap));
      g_assert_nonnull (listed);
      g_assert_cmpuint (listed->len, ==, n);
      for (guint i = 0; i < n; i++)
        g_assert_cmpuint (hs_heap_object_id (a->heap, g_array_index (listed, HsObj, i)), ==, want[i].id);
    }
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

/* Every object of a class in exactly one list, its class's; the lists
 * as long as the class table's counts; each in the instance order. */
static void
test_class_instances (void)
{
  g_autoptr (HsClassInstances) ci = hs_class_instances_build (full, NULL);
  HsHeap *heap = full->heap;
  guint nc = hs_heap_n_classes (heap);
  guint64 n = hs_heap_n_objects (heap), total = 0;
  g_autofree guint8 *seen = g_new0 (guint8, n);

  g_assert_cmpuint (hs_class_instances_n_classes (ci), ==, nc);
  for (HsClass c = 0; c < nc; c++)
    {
      g_autoptr (GArray) list = hs_class_instances_of (ci, c, n);
      g_assert_nonnull (list);
      g_assert_cmpuint (list->len, ==, hs_class_count (heap, c));
      for (guint i = 0; i < list->len; i++)
        {
          HsObj o = g_array_index (list, HsObj, i);
          g_assert_cmpuint (hs_heap_object_class (heap, o), ==, c);
          g_assert_cmpuint (seen[o], ==, 0);
          seen[o] = 1;
          if (i > 0)
            {
              HsObj p = g_array_index (list, HsObj, i - 1);
              guint64 rp = hs_dom_tree_retained (full->dom, p), ro = hs_dom_tree_retained (full->dom, o);
              g_assert_true (rp > ro
                             || (rp == ro
                                 && (hs_heap_object_shallow (heap, p) > hs_heap_object_shallow (heap, o)
                                     || (hs_heap_object_shallow (heap, p) == hs_heap_object_shallow (heap, o)
                                         && p < o))));
            }
        }
      total += list->len;
    }
  g_assert_cmpuint (total, ==, n);
  g_assert_null (hs_class_instances_of (ci, nc, n)); /* no such class */
}

static char *
temp_index_path (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hs-class-inst-XXXXXX", &error);
  g_assert_no_error (error);
  char *path = g_build_filename (dir, "t.hsindex", NULL);
  g_free (dir);
  return path;
}

static void
remove_index (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_remove (path);
  g_rmdir (dir);
}

static const HsIndexIdentity ident = { 1, 2, 3, 4, 5, 6, 7 };

/* Writes the offsets and the objects given as sections and opens the file. */
static HsIndexFile *
write_sections (const char *path, gconstpointer offsets, guint64 off_len, gconstpointer objs,
                guint64 objs_len)
{
  g_autoptr (GError) error = NULL;
  HsIndexWriter *w = hs_index_writer_new (path, &ident, &error);
  g_assert_no_error (error);
  if (offsets)
    g_assert_true (
        hs_index_writer_add (w, HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS, offsets, off_len, &error));
  if (objs)
    g_assert_true (hs_index_writer_add (w, HS_INDEX_SECTION_CLASS_INSTANCE_OBJECTS, objs, objs_len, &error));
  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  HsIndexFile *f = hs_index_file_open (path, &ident, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  return f;
}

/* Through an index file and back: the same lists, read in place, and
 * hs_query_instances then answers from them. */
static void
test_class_instances_persisted (void)
{
  g_autofree char *path = temp_index_path ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HsClassInstances) built = hs_class_instances_build (full, NULL);
  HsHeap *heap = full->heap;
  guint nc = hs_heap_n_classes (heap);
  guint64 n = hs_heap_n_objects (heap);

  HsIndexWriter *w = hs_index_writer_new (path, &ident, &error);
  g_assert_no_error (error);
  g_assert_true (hs_class_instances_persist_write (built, w, &error));
  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  g_autoptr (HsIndexFile) f = hs_index_file_open (path, &ident, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  HsClassInstances *read = hs_class_instances_persist_read (f, nc, n, &error);
  g_assert_no_error (error);
  g_assert_nonnull (read);
  for (HsClass c = 0; c < nc; c++)
    {
      g_autoptr (GArray) a = hs_class_instances_of (built, c, n);
      g_autoptr (GArray) b = hs_class_instances_of (read, c, n);
      g_assert_cmpmem (a->data, a->len * sizeof (HsObj), b->data, b->len * sizeof (HsObj));
    }

  /* The analysis answers from the list: the same rows as the scan and sort. */
  HsClass bytes = hs_heap_find_class (heap, "byte[]");
  g_assert_null (hs_class_instances_listed (full, &bytes, 1));
  g_autoptr (GArray) scanned = hs_query_instances (full, &bytes, 1);
  full->class_instances = read;
  g_autoptr (GArray) listed = hs_class_instances_listed (full, &bytes, 1);
  g_autoptr (GArray) answered = hs_class_instances_query (full, &bytes, 1);
  HsClass two[2] = { bytes, hs_heap_find_class (heap, "java.lang.Object[]") };
  g_autoptr (GArray) of_two = hs_class_instances_listed (full, two, 2);
  full->class_instances = NULL;
  hs_class_instances_free (read);
  g_assert_nonnull (listed);
  g_assert_null (of_two); /* several classes: scanned, as before */
  g_assert_cmpmem (listed->data, listed->len * sizeof (HsObj), scanned->data, scanned->len * sizeof (HsObj));
  g_assert_cmpmem (answered->data, answered->len * sizeof (HsObj), scanned->data,
                   scanned->len * sizeof (HsObj));
  remove_index (path);
}

/* Sections that do not fit are refused; an entry that is no object makes
 * its class's list unusable (the caller scans), the others still serve. */
static void
test_class_instances_broken (void)
{
  g_autofree char *path = temp_index_path ();
  const guint nc = 3;
  const guint64 n = 10;
  guint64 offsets[4] = { 0, 2, 5, 6 };
  HsObj objs[6] = { 1, 0, 4, 3, 2, 9 };
  g_autoptr (GError) error = NULL;

  /* Whole: class 1 is objects 4, 3, 2 in that order. */
  {
    g_autoptr (HsIndexFile) f = write_sections (path, offsets, sizeof offsets, objs, sizeof objs);
    g_autoptr (HsClassInstances) ci = hs_class_instances_persist_read (f, nc, n, &error);
    g_assert_no_error (error);
    g_autoptr (GArray) one = hs_class_instances_of (ci, 1, n);
    HsObj want[3] = { 4, 3, 2 };
    g_assert_cmpmem (one->data, one->len * sizeof (HsObj), want, sizeof want);
    /* With 9 objects, object 9 is none: class 2's list is not used. */
    g_autoptr (GArray) two = hs_class_instances_of (ci, 2, 9);
    g_assert_null (two);
    g_autoptr (GArray) zero = hs_class_instances_of (ci, 0, 9);
    g_assert_cmpuint (zero->len, ==, 2);
    g_remove (path);
  }
  /* Neither section: none, and no error (an index written without them). */
  {
    g_autoptr (HsIndexFile) f = write_sections (path, NULL, 0, NULL, 0);
    g_assert_null (hs_class_instances_persist_read (f, nc, n, &error));
    g_assert_no_error (error);
    g_remove (path);
  }
  /* A range backwards, a last offset past the list, offsets for another
   * number of classes, more objects than the heap has, only one section. */
  guint64 backwards[4] = { 0, 5, 2, 6 }, past[4] = { 0, 2, 5, 7 };
  struct
  {
    const guint64 *offsets;
    guint64 off_len;
    guint64 n_objects;
    gboolean objs;
  } bad[] = {
    { backwards, sizeof backwards, n, TRUE },   { past, sizeof past, n, TRUE },
    { offsets, 3 * sizeof (guint64), n, TRUE }, { offsets, sizeof offsets, 5, TRUE },
    { offsets, sizeof offsets, n, FALSE },      { NULL, 0, n, TRUE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (HsIndexFile) f
          = write_sections (path, bad[i].offsets, bad[i].off_len, bad[i].objs ? objs : NULL, sizeof objs);
      g_assert_null (hs_class_instances_persist_read (f, nc, bad[i].n_objects, &error));
      g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
      g_assert_nonnull (strstr (error->message, "instances of each class"));
      g_clear_error (&error);
      g_remove (path);
    }
  remove_index (path);
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
  g_test_add_func ("/instance-order/class-instances", test_class_instances);
  g_test_add_func ("/instance-order/class-instances-persisted", test_class_instances_persisted);
  g_test_add_func ("/instance-order/class-instances-broken", test_class_instances_broken);
  return g_test_run ();
}
