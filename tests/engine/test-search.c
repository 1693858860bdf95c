/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-search on search.hprof (make-search-dumps.py, whose docstring
 * lists which strings and classes each needle names): strings by contents,
 * classes by name, ASCII-only case folding, the result cap with the total,
 * cancellation; and hs-object-path's text on the same dump. */
#include "hs-search.h"
#include "hs-object-path.h"

static HsHeap *heap;

static HsObj
obj (guint64 id)
{
  HsObj o = hs_heap_find (heap, id);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  return o;
}

static gboolean
has_string (HsSearchResult *r, guint64 id)
{
  for (guint i = 0; i < r->strings->len; i++)
    if (g_array_index (r->strings, HsObj, i) == obj (id))
      return TRUE;
  return FALSE;
}

static void
test_contains (void)
{
  g_assert_true (hs_search_contains ("Hello", 5, "hell", 4));
  g_assert_true (hs_search_contains ("xHELLO", 6, "hello", 5));
  g_assert_false (hs_search_contains ("hel", 3, "hell", 4));
  g_assert_false (hs_search_contains ("abc", 3, "abd", 3));
  g_assert_true (hs_search_contains ("abc", 3, "", 0));
  g_assert_true (hs_search_contains ("aab", 3, "ab", 2));
}

static void
test_strings (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsSearchResult) r = hs_search (heap, "hello", 100, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (r->n_strings, ==, 3);
  g_assert_cmpuint (r->strings->len, ==, 3);
  g_assert_true (has_string (r, 0x20000));
  g_assert_true (has_string (r, 0x20010));
  g_assert_true (has_string (r, 0x20020));
  /* The bare byte[] "hello there" is no String. */
  g_assert_false (has_string (r, 0x30000));
  g_assert_cmpuint (r->n_classes, ==, 1);
  g_assert_cmpstr (hs_class_name (heap, g_array_index (r->classes, HsClass, 0)), ==,
                   "com.example.HelloService");
}

static void
test_non_ascii (void)
{
  g_autoptr (HsSearchResult) r = hs_search (heap, "grüß", 100, NULL, NULL);
  g_autoptr (HsSearchResult) upper = hs_search (heap, "GRÜSS", 100, NULL, NULL);

  g_assert_cmpuint (r->n_strings, ==, 1);
  g_assert_true (has_string (r, 0x20020));
  g_assert_cmpuint (upper->n_strings, ==, 0);
}

static void
test_classes_and_cap (void)
{
  g_autoptr (HsSearchResult) ex = hs_search (heap, "EXAMPLE", 100, NULL, NULL);
  g_autoptr (HsSearchResult) capped = hs_search (heap, "hello", 2, NULL, NULL);
  g_autoptr (HsSearchResult) none = hs_search (heap, "zzz", 100, NULL, NULL);

  g_assert_cmpuint (ex->n_classes, ==, 2);
  g_assert_cmpuint (ex->n_strings, ==, 0);
  g_assert_cmpuint (capped->strings->len, ==, 2);
  g_assert_cmpuint (capped->n_strings, ==, 3);
  g_assert_cmpuint (none->n_strings + none->n_classes, ==, 0);
}

static void
test_cancelled (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_autoptr (GError) error = NULL;

  g_cancellable_cancel (c);
  g_assert_null (hs_search (heap, "hello", 100, c, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_path_text (void)
{
  /* 0x20000 is a JNI global: the path is the object alone; its byte[] is
   * reached through .value. */
  g_autofree char *s = hs_object_path_text (heap, obj (0x20000), 1000);
  g_autofree char *arr = hs_object_path_text (heap, obj (0x10000), 1000);
  g_autofree char *none = hs_object_path_text (heap, obj (0x20040), 1000);

  g_assert_cmpstr (s, ==, "java.lang.String@0x20000\n");
  g_assert_cmpstr (arr, ==, "java.lang.String@0x20000 .value\nbyte[]@0x10000\n");
  g_assert_null (none);
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  int rc;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  path = g_build_filename (argv[1], "search.hprof", NULL);
  heap = hs_heap_open (path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_add_func ("/search/contains", test_contains);
  g_test_add_func ("/search/strings", test_strings);
  g_test_add_func ("/search/non-ascii", test_non_ascii);
  g_test_add_func ("/search/classes-and-cap", test_classes_and_cap);
  g_test_add_func ("/search/cancelled", test_cancelled);
  g_test_add_func ("/search/path-text", test_path_text);
  rc = g_test_run ();
  hs_heap_free (heap);
  return rc;
}
