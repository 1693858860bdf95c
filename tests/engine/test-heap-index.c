/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-heap-index: hs_heap_find on present and absent ids, the class
 * id table and classes by name, on dumps written by make-engine-dumps.py
 * (whose docstring lists every id and what it must find). */
#include <string.h>

#include "hs-heap-private.h"

static const char *dump_dir;

static HsHeap *
open_dump (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dump_dir, name, NULL);
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  return heap;
}

static void
test_find_present (void)
{
  g_autoptr (HsHeap) heap = open_dump ("index.hprof");
  static const guint64 ids[] = { 0x1000, 0x1100, 0x1200, 0x1300, 0x10000, 0x10010, 0x20000, 0x30000 };

  /* The duplicate 0x10010 counts once. */
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, G_N_ELEMENTS (ids));
  for (HsObj o = 0; o < G_N_ELEMENTS (ids); o++)
    {
      g_assert_cmpuint (hs_heap_find (heap, ids[o]), ==, o);
      g_assert_cmphex (hs_heap_object_id (heap, o), ==, ids[o]);
    }
  g_assert_cmpint (hs_heap_object_kind (heap, 7), ==, HS_KIND_PRIM_ARRAY);
  g_assert_cmpint (hs_heap_object_kind (heap, 2), ==, HS_KIND_CLASS);
  /* The later copy of 0x10010 is the one kept. */
  gint64 v = 0;
  g_assert_true (hs_heap_read_integer (heap, 5, "v", &v));
  g_assert_cmpint (v, ==, 2);
  g_assert_true (hs_heap_read_integer (heap, 4, "v", &v));
  g_assert_cmpint (v, ==, 10);
  g_assert_cmpuint (hs_heap_read_ref (heap, 4, "next"), ==, 5);
  g_assert_nonnull (strstr (hs_heap_warning (heap), "1 objects were written more than once"));
}

static void
test_find_absent (void)
{
  g_autoptr (HsHeap) heap = open_dump ("index.hprof");
  static const guint64 absent[] = { 0, 0xfff, 0x1001, 0x1101, 0x10008, 0x2ffff, 0x30001, G_MAXUINT64 };

  for (gsize i = 0; i < G_N_ELEMENTS (absent); i++)
    g_assert_cmpuint (hs_heap_find (heap, absent[i]), ==, HS_OBJ_NONE);
}

static void
test_find_spread (void)
{
  g_autoptr (HsHeap) heap = open_dump ("spread.hprof");

  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 3001);
  g_assert_cmpuint (hs_heap_find (heap, 0x100), ==, 0);
  for (guint64 k = 0; k < 3000; k++)
    {
      guint64 id = 0x100000 + 8 * k * (k + 1) / 2;
      g_assert_cmpuint (hs_heap_find (heap, id), ==, k + 1);
      g_assert_cmpuint (hs_heap_find (heap, id + 4), ==, HS_OBJ_NONE);
      g_assert_cmpuint (hs_heap_find (heap, id - 4), ==, HS_OBJ_NONE);
    }
}

static void
test_class_by_id (void)
{
  g_autoptr (HsHeap) heap = open_dump ("index.hprof");

  HsClass node = hs_heap_class_by_id (heap, 0x1100);
  g_assert_cmpuint (node, !=, HS_CLASS_NONE);
  g_assert_cmpstr (hs_class_name (heap, node), ==, "com.example.Node");
  g_assert_cmphex (hs_class_id (heap, node), ==, 0x1100);
  g_assert_cmpuint (hs_class_object (heap, node), ==, 1);
  g_assert_cmpuint (hs_heap_object_as_class (heap, 1), ==, node);
  g_assert_cmpuint (hs_heap_object_class (heap, 4), ==, node);
  g_assert_cmpstr (hs_class_name (heap, hs_heap_class_by_id (heap, 0x1200)), ==, "com.example.Dup");
  g_assert_cmpstr (hs_class_name (heap, hs_heap_class_by_id (heap, 0x1300)), ==, "com.example.Dup");
  /* Ids of instances, of nothing, and the synthetic classes' id 0. */
  g_assert_cmpuint (hs_heap_class_by_id (heap, 0x10000), ==, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_class_by_id (heap, 0x1001), ==, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_class_by_id (heap, 0), ==, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_object_as_class (heap, 4), ==, HS_CLASS_NONE);
}

static void
test_find_class (void)
{
  g_autoptr (HsHeap) heap = open_dump ("index.hprof");

  HsClass obj = hs_heap_find_class (heap, "java.lang.Object");
  g_assert_cmpuint (obj, !=, HS_CLASS_NONE);
  g_assert_cmphex (hs_class_id (heap, obj), ==, 0x1000);
  /* Of two classes of one name, the first in file order. */
  HsClass dup = hs_heap_find_class (heap, "com.example.Dup");
  g_assert_cmpuint (dup, !=, HS_CLASS_NONE);
  g_assert_cmphex (hs_class_id (heap, dup), ==, 0x1300);
  /* Synthetic classes: no class object, id 0. */
  HsClass ints = hs_heap_find_class (heap, "int[]");
  g_assert_cmpuint (ints, !=, HS_CLASS_NONE);
  g_assert_cmpuint (hs_class_id (heap, ints), ==, 0);
  g_assert_cmpuint (hs_class_object (heap, ints), ==, HS_OBJ_NONE);
  g_assert_cmpuint (hs_heap_object_class (heap, 7), ==, ints);
  g_assert_cmpuint (hs_heap_find_class (heap, "java.lang.Class"), !=, HS_CLASS_NONE);
  /* 4 from the dump, int[] and java.lang.Class. */
  g_assert_cmpuint (hs_heap_n_classes (heap), ==, 6);
  /* Names are in Java source form; absent names. */
  g_assert_cmpuint (hs_heap_find_class (heap, "java/lang/Object"), ==, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_find_class (heap, "com.example.Missing"), ==, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_find_class (heap, "long[]"), ==, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_find_class (heap, ""), ==, HS_CLASS_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dump_dir = argv[1];
  g_test_add_func ("/heap-index/find-present", test_find_present);
  g_test_add_func ("/heap-index/find-absent", test_find_absent);
  g_test_add_func ("/heap-index/find-spread", test_find_spread);
  g_test_add_func ("/heap-index/class-by-id", test_class_by_id);
  g_test_add_func ("/heap-index/find-class", test_find_class);
  return g_test_run ();
}
