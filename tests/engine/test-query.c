/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-query on query.hprof (make-query-dumps.py, whose docstring
 * works out every size below by hand): the one class order for each key,
 * classes by name, instances (retained, then shallow, then index), top
 * objects and the path from a GC root. */
#include "hs-query.h"
#include "hs-class-compare.h"

#include <stdlib.h>

static HsAnalysis *full;    /* with dominators */
static HsAnalysis *shallow; /* dominators skipped */
static HsAnalysis *several; /* toplevel.hprof, with dominators */

/* Object ids of query.hprof (addresses handed out by Addresses). */
#define ID_A 0x10098
#define ID_B 0x100c0
#define ID_C 0x100d8
#define ID_D 0x10100
#define ID_E 0x10118
#define ID_F 0x10140
#define ID_H 0x10158
#define ID_I 0x10180
#define ID_J 0x10198

/* Object ids of toplevel.hprof (Addresses (0x20000, [24, 40])). */
#define ID_P 0x20080
#define ID_Q 0x200c0
#define ID_R 0x20100
#define ID_S 0x20118
#define ID_T 0x20140
#define ID_X 0x20158

static HsObj
obj (HsAnalysis *a, guint64 id)
{
  HsObj o = hs_heap_find (a->heap, id);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  return o;
}

static const char *
class_at (HsAnalysis *a, GArray *classes, guint i)
{
  return hs_class_name (a->heap, g_array_index (classes, HsClass, i));
}

static void
assert_names (HsAnalysis *a, GArray *classes, const char *const *names)
{
  guint i = 0;
  for (; names[i] != NULL; i++)
    {
      g_assert_cmpuint (i, <, classes->len);
      g_assert_cmpstr (class_at (a, classes, i), ==, names[i]);
    }
  g_assert_cmpuint (i, ==, classes->len);
}

static void
test_sorted_classes (void)
{
  /* Counts: java.lang.Class 6 (the class objects), byte[] 3, Node 3
   * (A, B, E), Leaf 2, Loader 1; ties by name. */
  const char *const by_count[]
      = { "java.lang.Class",    "byte[]",           "com.example.Node", "com.example.Leaf",
          "com.example.Loader", "com.example.Node", "java.lang.Object", NULL };
  /* Shallow: byte[] 112 + 24 + 56, Node 3 x 16, Leaf 2 x 16, Loader 8. */
  const char *const by_shallow[]
      = { "byte[]",           "com.example.Node", "com.example.Leaf", "com.example.Loader",
          "com.example.Node", "java.lang.Class",  "java.lang.Object", NULL };
  /* Retained: Node 176, Leaf 144, byte[] 112. */
  const char *const by_retained[]
      = { "com.example.Node", "com.example.Leaf", "byte[]",           "com.example.Loader",
          "com.example.Node", "java.lang.Class",  "java.lang.Object", NULL };
  g_autoptr (GArray) count = hs_query_sorted_classes (full, HS_CLASS_SORT_COUNT, HS_CLASS_FILTER_ALL);
  g_autoptr (GArray) shal = hs_query_sorted_classes (full, HS_CLASS_SORT_SHALLOW, HS_CLASS_FILTER_ALL);
  g_autoptr (GArray) ret = hs_query_sorted_classes (full, HS_CLASS_SORT_RETAINED, HS_CLASS_FILTER_PRESENT);
  g_autoptr (GArray) fallback
      = hs_query_sorted_classes (shallow, HS_CLASS_SORT_RETAINED, HS_CLASS_FILTER_ALL);

  assert_names (full, count, by_count);
  assert_names (full, shal, by_shallow);
  /* Every class has a class object here, so PRESENT keeps them all. */
  assert_names (full, ret, by_retained);
  /* Without dominators, retained falls back to shallow. */
  assert_names (shallow, fallback, by_shallow);

  g_assert_cmpuint (hs_query_class_value (full, g_array_index (ret, HsClass, 0), HS_CLASS_SORT_RETAINED), ==,
                    176);
  g_assert_cmpuint (hs_query_class_value (full, g_array_index (ret, HsClass, 1), HS_CLASS_SORT_RETAINED), ==,
                    144);
  g_assert_cmpuint (hs_query_class_value (full, g_array_index (ret, HsClass, 2), HS_CLASS_SORT_SHALLOW), ==,
                    192);
  g_assert_cmpuint (hs_query_class_value (full, g_array_index (count, HsClass, 0), HS_CLASS_SORT_COUNT), ==,
                    6);

  /* The two com.example.Node classes keep the class index order. */
  HsClass first = HS_CLASS_NONE, second = HS_CLASS_NONE;
  for (guint i = 0; i < count->len; i++)
    if (g_str_equal (class_at (full, count, i), "com.example.Node"))
      {
        if (first == HS_CLASS_NONE)
          first = g_array_index (count, HsClass, i);
        else
          second = g_array_index (count, HsClass, i);
      }
  g_assert_cmpuint (hs_class_count (full->heap, first), ==, 3);
  g_assert_cmpuint (hs_class_count (full->heap, second), ==, 0);
}

static void
test_sort_names (void)
{
  HsClassSort s = HS_CLASS_SORT_COUNT;
  g_assert_true (hs_class_sort_from_string ("retained", &s));
  g_assert_cmpint (s, ==, HS_CLASS_SORT_RETAINED);
  g_assert_true (hs_class_sort_from_string ("shallow", &s));
  g_assert_cmpint (s, ==, HS_CLASS_SORT_SHALLOW);
  g_assert_true (hs_class_sort_from_string ("count", &s));
  g_assert_cmpint (s, ==, HS_CLASS_SORT_COUNT);
  g_assert_false (hs_class_sort_from_string ("size", &s));
  g_assert_cmpint (s, ==, HS_CLASS_SORT_COUNT);
}

static void
test_classes_named (void)
{
  g_autoptr (GArray) nodes = hs_query_classes_named (full->heap, "com.example.Node");
  g_autoptr (GArray) none = hs_query_classes_named (full->heap, "com.example.Nope");

  g_assert_cmpuint (nodes->len, ==, 2);
  g_assert_cmpuint (g_array_index (nodes, HsClass, 0), <, g_array_index (nodes, HsClass, 1));
  g_assert_cmpuint (hs_class_loader_id (full->heap, g_array_index (nodes, HsClass, 0)), ==, 0);
  g_assert_cmpuint (hs_class_loader_id (full->heap, g_array_index (nodes, HsClass, 1)), ==, ID_J);
  g_assert_cmpuint (none->len, ==, 0);

  /* Both Node classes together: A, B, E (the second has no instances). */
  guint64 count = 0;
  g_autofree guint8 *mask
      = hs_query_instance_mask (full->heap, (const HsClass *)nodes->data, nodes->len, &count);
  g_assert_cmpuint (count, ==, 3);
  g_assert_true (mask[obj (full, ID_A)] && mask[obj (full, ID_B)] && mask[obj (full, ID_E)]);
  g_assert_false (mask[obj (full, ID_C)] || mask[obj (full, ID_J)]);

  g_autoptr (GArray) inst = hs_query_instances (full, (const HsClass *)nodes->data, nodes->len);
  g_assert_cmpuint (inst->len, ==, 3);
  g_assert_cmpuint (g_array_index (inst, HsObj, 0), ==, obj (full, ID_A)); /* 176 */
  g_assert_cmpuint (g_array_index (inst, HsObj, 1), ==, obj (full, ID_B)); /* 144 */
  g_assert_cmpuint (g_array_index (inst, HsObj, 2), ==, obj (full, ID_E)); /* unreachable */
}

static HsClass
class_named (HsAnalysis *a, const char *name)
{
  g_autoptr (GArray) cs = hs_query_classes_named (a->heap, name);
  g_assert_cmpuint (cs->len, >=, 1);
  return g_array_index (cs, HsClass, 0);
}

static void
test_instances (void)
{
  /* byte[]: F (retained 112) first; then the unreachable H (24 bytes) and
   * I (56 bytes) by shallow size, although H has the smaller index. */
  g_autoptr (GArray) arrays = hs_query_instances_of_class (full, class_named (full, "byte[]"));
  g_assert_cmpuint (arrays->len, ==, 3);
  g_assert_cmpuint (g_array_index (arrays, HsObj, 0), ==, obj (full, ID_F));
  g_assert_cmpuint (g_array_index (arrays, HsObj, 1), ==, obj (full, ID_I));
  g_assert_cmpuint (g_array_index (arrays, HsObj, 2), ==, obj (full, ID_H));
  g_assert_cmpuint (obj (full, ID_H), <, obj (full, ID_I));

  /* Leaf: D (128) before C (16). */
  g_autoptr (GArray) leaves = hs_query_instances_of_class (full, class_named (full, "com.example.Leaf"));
  g_assert_cmpuint (leaves->len, ==, 2);
  g_assert_cmpuint (g_array_index (leaves, HsObj, 0), ==, obj (full, ID_D));
  g_assert_cmpuint (g_array_index (leaves, HsObj, 1), ==, obj (full, ID_C));

  /* Without dominators: by shallow size, then index. */
  g_autoptr (GArray) flat = hs_query_instances_of_class (shallow, class_named (shallow, "byte[]"));
  g_assert_cmpuint (flat->len, ==, 3);
  g_assert_cmpuint (g_array_index (flat, HsObj, 0), ==, obj (shallow, ID_F));
  g_assert_cmpuint (g_array_index (flat, HsObj, 1), ==, obj (shallow, ID_I));
  g_assert_cmpuint (g_array_index (flat, HsObj, 2), ==, obj (shallow, ID_H));

  g_autoptr (GArray) empty = hs_query_instances (full, NULL, 0);
  g_assert_cmpuint (empty->len, ==, 0);
}

static void
test_top_objects (void)
{
  g_autoptr (GArray) top = hs_query_top_objects (full, 4);
  g_autoptr (GArray) all = hs_query_top_objects (full, 100);
  g_autoptr (GArray) none = hs_query_top_objects (shallow, 4);
  g_autoptr (GArray) zero = hs_query_top_objects (full, 0);

  /* A 176, B 144, D 128, F 112. */
  g_assert_cmpuint (top->len, ==, 4);
  g_assert_cmpuint (g_array_index (top, HsObj, 0), ==, obj (full, ID_A));
  g_assert_cmpuint (g_array_index (top, HsObj, 1), ==, obj (full, ID_B));
  g_assert_cmpuint (g_array_index (top, HsObj, 2), ==, obj (full, ID_D));
  g_assert_cmpuint (g_array_index (top, HsObj, 3), ==, obj (full, ID_F));
  /* Reachable only: A, B, C, D, F and the four class objects the
   * reachable instances refer to (Object, byte[], Node, Leaf). */
  g_assert_cmpuint (all->len, ==, 9);
  g_assert_cmpuint (g_array_index (all, HsObj, 4), ==, obj (full, ID_C));
  for (guint i = 0; i < all->len; i++)
    g_assert_cmpuint (g_array_index (all, HsObj, i), !=, obj (full, ID_E));
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (zero->len, ==, 0);
}

/* The objects no other object retains: by definition the dominator tree's
 * virtual-root children; checked against a scan of idom. */
static void
test_top_level_objects (void)
{
  const HsDomTree *dom = full->dom;
  g_autoptr (GArray) one = hs_query_top_level_objects (full, 1);
  g_autoptr (GArray) all = hs_query_top_level_objects (full, 1000);
  g_autoptr (GArray) none = hs_query_top_level_objects (shallow, 4);
  guint64 n_top = 0;

  for (guint64 i = 0; i < dom->n; i++)
    n_top += dom->idom[i] == (HsObj)dom->n;
  g_assert_cmpuint (n_top, >=, 1);
  g_assert_cmpuint (all->len, ==, n_top);
  g_assert_cmpuint (one->len, ==, 1);
  for (guint i = 0; i < all->len; i++)
    {
      HsObj o = g_array_index (all, HsObj, i);
      g_assert_cmpuint (dom->idom[o], ==, dom->n);
      if (i > 0)
        g_assert_cmpuint (hs_dom_tree_retained (dom, g_array_index (all, HsObj, i - 1)), >=,
                          hs_dom_tree_retained (dom, o));
    }
  /* The first of the whole list, and nothing left out is bigger. */
  g_assert_cmpuint (g_array_index (one, HsObj, 0), ==, g_array_index (all, HsObj, 0));
  for (guint i = 1; i < all->len; i++)
    g_assert_cmpuint (hs_dom_tree_retained (dom, g_array_index (all, HsObj, i)), <=,
                      hs_dom_tree_retained (dom, g_array_index (one, HsObj, 0)));
  g_assert_cmpuint (none->len, ==, 0);
  /* query.hprof: A (176, the docstring) is the one instance on top. */
  g_assert_cmpuint (g_array_index (one, HsObj, 0), ==, obj (full, ID_A));
  g_assert_cmpuint (hs_dom_tree_retained (dom, obj (full, ID_A)), ==, 176);
}

/* toplevel.hprof: several top-level instances of distinct retained sizes
 * (make-query-dumps.py works them out), so the order can be wrong. */
static void
test_top_level_several (void)
{
  const HsDomTree *dom = several->dom;
  const guint64 ids[] = { ID_P, ID_R, ID_Q, ID_X, ID_S, ID_T };
  const guint64 sizes[] = { 128, 56, 40, 32, 16, 16 };
  g_autoptr (GArray) all = hs_query_top_level_objects (several, 1000);
  g_autoptr (GArray) three = hs_query_top_level_objects (several, 3);
  guint64 n_top = 0;

  for (guint64 i = 0; i < dom->n; i++)
    n_top += dom->idom[i] == (HsObj)dom->n;
  g_assert_cmpuint (all->len, ==, n_top);
  g_assert_cmpuint (all->len, >=, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_assert_cmpuint (g_array_index (all, HsObj, i), ==, obj (several, ids[i]));
      g_assert_cmpuint (hs_dom_tree_retained (dom, g_array_index (all, HsObj, i)), ==, sizes[i]);
    }
  /* The rest are class objects: no statics, 0 bytes. */
  for (guint i = G_N_ELEMENTS (ids); i < all->len; i++)
    g_assert_cmpuint (hs_dom_tree_retained (dom, g_array_index (all, HsObj, i)), ==, 0);
  /* A limit keeps the biggest, in order. */
  g_assert_cmpuint (three->len, ==, 3);
  g_assert_cmpmem (three->data, 3 * sizeof (HsObj), all->data, 3 * sizeof (HsObj));
}

static void
test_root_path (void)
{
  HsHeap *heap = full->heap;
  g_autoptr (GArray) to_f = hs_query_root_path (heap, obj (full, ID_F), 1000);
  g_autoptr (GArray) to_a = hs_query_root_path (heap, obj (full, ID_A), 1000);
  g_autoptr (GArray) to_e = hs_query_root_path (heap, obj (full, ID_E), 1000);
  g_autoptr (GArray) to_d_short = hs_query_root_path (heap, obj (full, ID_D), 3);
  g_autoptr (GArray) to_d = hs_query_root_path (heap, obj (full, ID_D), 4);

  /* A -> B -> D -> F: the root first. */
  g_assert_nonnull (to_f);
  g_assert_cmpuint (to_f->len, ==, 4);
  g_assert_cmpuint (g_array_index (to_f, HsObj, 0), ==, obj (full, ID_A));
  g_assert_cmpuint (g_array_index (to_f, HsObj, 1), ==, obj (full, ID_B));
  g_assert_cmpuint (g_array_index (to_f, HsObj, 2), ==, obj (full, ID_D));
  g_assert_cmpuint (g_array_index (to_f, HsObj, 3), ==, obj (full, ID_F));
  /* A root alone. */
  g_assert_nonnull (to_a);
  g_assert_cmpuint (to_a->len, ==, 1);
  g_assert_cmpuint (g_array_index (to_a, HsObj, 0), ==, obj (full, ID_A));
  /* E has no referrer and is no root. */
  g_assert_null (to_e);
  /* From D the search visits D, then its referrers B and E, then A: it
   * needs 4 visits. */
  g_assert_null (to_d_short);
  g_assert_nonnull (to_d);
  g_assert_cmpuint (to_d->len, ==, 3);
  g_assert_cmpuint (g_array_index (to_d, HsObj, 0), ==, obj (full, ID_A));
  g_assert_cmpuint (g_array_index (to_d, HsObj, 2), ==, obj (full, ID_D));
  /* Out of range. */
  g_assert_null (hs_query_root_path (heap, (HsObj)hs_heap_n_objects (heap), 1000));
}

/* The id forms the CLI's `object` and the window's Go to both take. */
static void
test_parse_id (void)
{
  guint64 id = 0;
  g_assert_true (hs_query_parse_id ("0x1a2b", &id));
  g_assert_cmphex (id, ==, 0x1a2b);
  g_assert_true (hs_query_parse_id ("1A2B", &id));
  g_assert_cmphex (id, ==, 0x1a2b);
  g_assert_true (hs_query_parse_id ("0XfFfFfFfFfFfFfFfF", &id));
  g_assert_cmphex (id, ==, G_MAXUINT64);
  g_assert_false (hs_query_parse_id ("", &id));
  g_assert_false (hs_query_parse_id ("0x", &id));
  g_assert_false (hs_query_parse_id ("1a2g", &id));
  g_assert_false (hs_query_parse_id ("-1", &id));
  g_assert_false (hs_query_parse_id (" 12", &id));
  g_assert_false (hs_query_parse_id ("java.lang.String", &id));
}

/* The one class comparison, each direction, on hand-made keys: equal
 * values by name, equal names by index; descending turns all three,
 * biggest first only the value. */
typedef struct
{
  guint64 value;
  const char *name;
  guint32 index;
} Key;

static HsClassDirection key_direction;

static int
compare_key (gconstpointer pa, gconstpointer pb)
{
  const Key *a = pa, *b = pb;

  return hs_class_compare (a->value, a->name, a->index, b->value, b->name, b->index, key_direction);
}

static void
assert_key_order (HsClassDirection direction, const guint32 *want)
{
  Key keys[] = { { 5, "b", 1 }, { 5, "a", 2 }, { 9, "a", 0 }, { 5, "a", 3 } };

  key_direction = direction;
  qsort (keys, G_N_ELEMENTS (keys), sizeof (Key), compare_key);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpuint (keys[i].index, ==, want[i]);
}

static void
test_class_compare (void)
{
  static const guint32 ascending[] = { 2, 3, 1, 0 }, descending[] = { 0, 1, 3, 2 },
                       biggest_first[] = { 0, 2, 3, 1 };

  assert_key_order (HS_CLASS_ASCENDING, ascending);
  assert_key_order (HS_CLASS_DESCENDING, descending);
  assert_key_order (HS_CLASS_BIGGEST_FIRST, biggest_first);
  /* A class without a name comes first, as g_strcmp0 puts NULL. */
  g_assert_cmpint (hs_class_compare (5, NULL, 7, 5, "", 2, HS_CLASS_ASCENDING), ==, -1);
  g_assert_cmpint (hs_class_compare (5, NULL, 7, 5, "", 2, HS_CLASS_BIGGEST_FIRST), ==, -1);
  g_assert_cmpint (hs_class_compare (5, NULL, 7, 5, "", 2, HS_CLASS_DESCENDING), ==, 1);
  g_assert_cmpint (hs_class_compare (5, "x", 7, 5, "x", 7, HS_CLASS_DESCENDING), ==, 0);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  HsAnalysisOptions opts = { 0 };

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-query DUMP_DIR");
  path = g_build_filename (argv[1], "query.hprof", NULL);
  opts.skip_leaks = TRUE;
  full = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  opts.skip_dominators = TRUE;
  shallow = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_free (path);
  path = g_build_filename (argv[1], "toplevel.hprof", NULL);
  opts.skip_dominators = FALSE;
  several = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/query/sorted-classes", test_sorted_classes);
  g_test_add_func ("/query/class-compare", test_class_compare);
  g_test_add_func ("/query/sort-names", test_sort_names);
  g_test_add_func ("/query/classes-named", test_classes_named);
  g_test_add_func ("/query/instances", test_instances);
  g_test_add_func ("/query/top-objects", test_top_objects);
  g_test_add_func ("/query/top-level-objects", test_top_level_objects);
  g_test_add_func ("/query/top-level-several", test_top_level_several);
  g_test_add_func ("/query/root-path", test_root_path);
  g_test_add_func ("/query/parse-id", test_parse_id);
  int rc = g_test_run ();
  hs_analysis_free (full);
  hs_analysis_free (shallow);
  hs_analysis_free (several);
  return rc;
}
