/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-native: the rule table on dumps written by
 * make-native-dumps.py (whose docstring works every figure out), the sums up
 * the dominator tree, and the corpus Android dump. */
#include <string.h>

#include "hs-native.h"
#include "../hs-test-corpus.h"

static const char *dump_dir;

static HsHeap *
open_dump (const char *path)
{
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  return heap;
}

static HsDomTree *
heap_dom (HsHeap *heap)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    if (hs_heap_root (heap, i)->obj != HS_OBJ_NONE)
      g_array_append_val (roots, hs_heap_root (heap, i)->obj);
  HsDomTree *t = hs_dom_tree_compute (hs_heap_graph (heap), (const HsObj *)roots->data, roots->len, NULL,
                                      NULL, NULL, &error);
  g_assert_no_error (error);
  return t;
}

static guint64
get (GHashTable *table, HsObj o)
{
  guint64 *v = g_hash_table_lookup (table, GUINT_TO_POINTER (o));
  return v ? *v : 0;
}

/* The only JNI global of the dump. */
static HsObj
jni_global (HsHeap *heap)
{
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    if (hs_heap_root (heap, i)->type == HS_ROOT_JNI_GLOBAL)
      return hs_heap_root (heap, i)->obj;
  g_assert_not_reached ();
}

static void
test_android_o (void)
{
  g_autofree char *path = g_build_filename (dump_dir, "native-o.hprof", NULL);
  g_autoptr (HsHeap) heap = open_dump (path);
  HsObj o = jni_global (heap);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  g_assert_cmpstr (hs_heap_object_class_name (heap, o), ==, "com.example.Owner");
  HsObj bx = hs_heap_read_ref (heap, o, "bx"), by = hs_heap_read_ref (heap, o, "by");
  HsObj bz = hs_heap_read_ref (heap, o, "bz"), m = hs_heap_read_ref (heap, o, "m");
  HsObj buf = hs_heap_read_ref (heap, o, "buf"), s = hs_heap_read_ref (heap, o, "sub");
  HsObj oth = hs_heap_read_ref (heap, o, "oth");
  HsObj bw = hs_heap_read_ref (heap, s, "bw");
  g_assert_cmpuint (bw, !=, HS_OBJ_NONE);
  g_assert_cmpstr (hs_heap_object_class_name (heap, m), ==, "android.graphics.Matrix");

  /* The unreachable Owner: the one no field points at. */
  HsObj u = HS_OBJ_NONE;
  HsClass owner_class = hs_heap_object_class (heap, o);
  for (HsObj x = 0; x < hs_heap_n_objects (heap); x++)
    if (hs_heap_object_class (heap, x) == owner_class && hs_heap_object_kind (heap, x) == HS_KIND_INSTANCE
        && !hs_heap_object_reachable (heap, x))
      u = x;
  g_assert_cmpuint (u, !=, HS_OBJ_NONE);

  g_autoptr (GHashTable) native = hs_native_sizes (heap);
  g_assert_cmpuint (get (native, bx), ==, 20480);
  g_assert_cmpuint (get (native, by), ==, 800);
  g_assert_cmpuint (get (native, bz), ==, 0);
  g_assert_cmpuint (get (native, m), ==, 40 + 96);
  g_assert_cmpuint (get (native, buf), ==, 4096);
  g_assert_cmpuint (get (native, bw), ==, 100);
  g_assert_cmpuint (get (native, oth), ==, 0);
  g_assert_cmpuint (get (native, u), ==, 40);
  g_assert_cmpuint (get (native, o), ==, 0);
  /* Nothing else is charged. */
  g_assert_cmpuint (g_hash_table_size (native), ==, 6); /* bx by m buf bw u */

  g_autoptr (HsDomTree) dom = heap_dom (heap);
  g_assert_cmpuint (dom->idom[bx], ==, o);
  g_assert_cmpuint (dom->idom[bw], ==, s);
  g_assert_cmpuint (dom->idom[u], ==, HS_OBJ_NONE);
  g_autoptr (GHashTable) retained = hs_native_retained (dom, native);
  g_assert_cmpuint (get (retained, bx), ==, 20480);
  g_assert_cmpuint (get (retained, m), ==, 136);
  g_assert_cmpuint (get (retained, bw), ==, 100);
  g_assert_cmpuint (get (retained, s), ==, 100);
  g_assert_cmpuint (get (retained, o), ==, 25612);
  g_assert_cmpuint (get (retained, (HsObj)dom->n), ==, 25612);
  g_assert_cmpuint (get (retained, u), ==, 0);
  /* Only the charged reachable objects, S, O and the virtual root. */
  g_assert_cmpuint (g_hash_table_size (retained), ==, 5 + 3);
}

static void
test_android_n (void)
{
  g_autofree char *path = g_build_filename (dump_dir, "native-n.hprof", NULL);
  g_autoptr (HsHeap) heap = open_dump (path);
  HsObj o = jni_global (heap);
  HsObj b1 = hs_heap_read_ref (heap, o, "bx"), b2 = hs_heap_read_ref (heap, o, "by");
  g_assert_cmpstr (hs_heap_object_class_name (heap, b1), ==, "android.graphics.Bitmap");
  g_assert_cmpstr (hs_heap_object_class_name (heap, b2), ==, "android.graphics.Bitmap");
  g_autoptr (GHashTable) native = hs_native_sizes (heap);
  g_assert_cmpuint (g_hash_table_size (native), ==, 0);
  g_autoptr (HsDomTree) dom = heap_dom (heap);
  g_autoptr (GHashTable) retained = hs_native_retained (dom, native);
  g_assert_cmpuint (g_hash_table_size (retained), ==, 0);
}

/* A chain of 1,000,000 objects with 7 native bytes on every tenth one:
 * object i retains the native bytes of every charged object from i on.
 * A walk per charged object and ancestor would take 5e10 steps. */
static void
test_retained_deep (void)
{
  const guint64 n = 1000000;
  g_autofree guint64 *offsets = g_new (guint64, n + 1);
  g_autofree HsObj *targets = g_new (HsObj, n);
  g_autofree guint32 *shallow = g_new (guint32, n);
  for (guint64 i = 0; i < n; i++)
    {
      offsets[i] = i;
      targets[i] = (HsObj)(i + 1 < n ? i + 1 : 0);
      shallow[i] = 16;
    }
  offsets[n] = n;
  HsObj root = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (HsDomTree) dom
      = hs_dom_tree_compute (hs_graph_init (&(HsGraph){ 0 }, n, offsets, targets, shallow, NULL), &root, 1,
                             NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GHashTable) native = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  for (guint64 i = 0; i < n; i += 10)
    {
      guint64 *v = g_new (guint64, 1);
      *v = 7;
      g_hash_table_insert (native, GUINT_TO_POINTER ((guint)i), v);
    }
  g_autoptr (GHashTable) retained = hs_native_retained (dom, native);
  /* Objects 0 .. n-10 have a charged object at or below them, plus the
   * virtual root; the multiples of 10 in [i, n) number n/10 - ceil(i/10). */
  g_assert_cmpuint (g_hash_table_size (retained), ==, (n - 10 + 1) + 1);
  for (guint64 i = 0; i < n; i += 9999)
    g_assert_cmpuint (get (retained, (HsObj)i), ==, 7 * (n / 10 - (i + 9) / 10));
  g_assert_cmpuint (get (retained, (HsObj)n), ==, 7 * (n / 10));
  g_assert_null (hs_native_retained (NULL, native));
}

/* The corpus dump is an Android 4/5-era heap: its 26 Bitmaps keep their
 * pixels in a byte[] mBuffer (on the Java heap), and it has no Cleaners,
 * so nothing is native. */
static void
test_corpus (void)
{
  g_autofree char *path = hs_test_corpus_path ("android/leak_service_binder.hprof");
  if (!path)
    return;
  g_autoptr (HsHeap) heap = open_dump (path);
  HsClass bitmap = hs_heap_find_class (heap, "android.graphics.Bitmap");
  g_assert_cmpuint (bitmap, !=, HS_CLASS_NONE);
  guint bitmaps = 0, with_buffer = 0;
  for (HsObj x = 0; x < hs_heap_n_objects (heap); x++)
    if (hs_heap_object_class (heap, x) == bitmap && hs_heap_object_kind (heap, x) == HS_KIND_INSTANCE)
      {
        bitmaps++;
        with_buffer += hs_heap_read_ref (heap, x, "mBuffer") != HS_OBJ_NONE;
      }
  g_assert_cmpuint (bitmaps, ==, 26);
  g_assert_cmpuint (with_buffer, >, 0);
  g_autoptr (GHashTable) native = hs_native_sizes (heap);
  g_assert_cmpuint (g_hash_table_size (native), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dump_dir = argc > 1 ? argv[1] : ".";
  g_test_add_func ("/native/android-o", test_android_o);
  g_test_add_func ("/native/android-n", test_android_n);
  g_test_add_func ("/native/retained-deep", test_retained_deep);
  g_test_add_func ("/native/corpus", test_corpus);
  return g_test_run ();
}
