/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-refs on refs.hprof (make-refs-dumps.py, whose docstring lists
 * every reference below): counts, every page size and offset across a
 * referrer that holds the object three times, an array's null and
 * dangling elements, a class object's statics, super and loader, names,
 * and objects out of range. */
#include "hs-refs.h"

static HsHeap *heap;

#define ID_OBJ 0x1000
#define ID_REGISTRY 0x1018
#define ID_ARR 0x1028
#define ID_B 0x2100
#define ID_A 0x2200
#define ID_C 0x2300
#define ID_T 0x2400
#define ID_X 0x2500
#define ID_L 0x2600

static HsObj
obj (guint64 id)
{
  HsObj o = hs_heap_find (heap, id);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  return o;
}

/* One expected reference: the other end's id and the name. */
typedef struct
{
  guint64 id;
  const char *name;
} Want;

static void
assert_page (GArray *page, const Want *want, guint n)
{
  g_assert_cmpuint (page->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const HsRef *r = &g_array_index (page, HsRef, i);
      g_autofree char *name = hs_ref_name (r);
      g_assert_cmphex (hs_heap_object_id (heap, r->obj), ==, want[i].id);
      g_assert_cmpstr (name, ==, want[i].name);
    }
}

/* Every page size from 1 to n + 1 at every offset gives the same list. */
static void
assert_all_pages (HsObj o, HsRefsDirection dir, const Want *want, guint n)
{
  g_assert_cmpuint (hs_refs_count (heap, o, dir), ==, n);
  for (guint size = 1; size <= n + 1; size++)
    for (guint off = 0; off <= n; off++)
      {
        g_autoptr (GArray) page = hs_refs_page (heap, o, dir, off, size);
        guint len = MIN (size, n - off);
        assert_page (page, want + off, len);
      }
}

static void
test_incoming (void)
{
  /* in id order (the Registry's class object first); the array's three
   * references each with its index */
  const Want want[] = {
    { ID_REGISTRY, "INSTANCE" }, { ID_B, "target" }, { ID_A, "[0]" }, { ID_A, "[2]" }, { ID_A, "[4]" },
    { ID_C, "target" },
  };
  assert_all_pages (obj (ID_T), HS_REFS_INCOMING, want, G_N_ELEMENTS (want));
  {
    g_autoptr (GArray) page = hs_refs_page (heap, obj (ID_T), HS_REFS_INCOMING, 2, 1);
    const HsRef *r = &g_array_index (page, HsRef, 0);
    g_assert_cmpint (r->kind, ==, HS_REF_ELEMENT);
    g_assert_cmpuint (r->index, ==, 0);
  }
  /* X: the array's [3] only */
  {
    const Want x[] = { { ID_A, "[3]" } };
    assert_all_pages (obj (ID_X), HS_REFS_INCOMING, x, 1);
  }
  /* the loader: its class's <classLoader> */
  {
    const Want l[] = { { ID_REGISTRY, "<classLoader>" } };
    assert_all_pages (obj (ID_L), HS_REFS_INCOMING, l, 1);
  }
}

static void
test_outgoing (void)
{
  const Want arr[] = {
    { ID_T, "[0]" }, { ID_T, "[2]" }, { ID_X, "[3]" }, { ID_T, "[4]" }, { ID_ARR, "<class>" },
  };
  const Want holder[] = { { ID_T, "target" }, { 0x1008, "<class>" } };
  const Want registry[] = { { ID_T, "INSTANCE" }, { ID_OBJ, "<super>" }, { ID_L, "<classLoader>" } };

  assert_all_pages (obj (ID_A), HS_REFS_OUTGOING, arr, G_N_ELEMENTS (arr));
  assert_all_pages (obj (ID_B), HS_REFS_OUTGOING, holder, G_N_ELEMENTS (holder));
  assert_all_pages (obj (ID_REGISTRY), HS_REFS_OUTGOING, registry, G_N_ELEMENTS (registry));
  {
    g_autoptr (GArray) page = hs_refs_page (heap, obj (ID_REGISTRY), HS_REFS_OUTGOING, 0, 3);
    g_assert_cmpint (g_array_index (page, HsRef, 0).kind, ==, HS_REF_STATIC);
    g_assert_cmpstr (hs_ref_kind_name (g_array_index (page, HsRef, 0).kind), ==, "static");
    g_assert_cmpint (g_array_index (page, HsRef, 1).kind, ==, HS_REF_SUPER);
    g_assert_cmpint (g_array_index (page, HsRef, 2).kind, ==, HS_REF_LOADER);
    g_assert_cmpstr (hs_ref_kind_name (g_array_index (page, HsRef, 2).kind), ==, "loader");
  }
}

static void
test_out_of_range (void)
{
  HsObj n = (HsObj)hs_heap_n_objects (heap);
  g_autoptr (GArray) in = hs_refs_page (heap, n, HS_REFS_INCOMING, 0, 10);
  g_autoptr (GArray) out = hs_refs_page (heap, HS_OBJ_NONE, HS_REFS_OUTGOING, 0, 10);
  g_autoptr (GArray) none = hs_refs_page (heap, obj (ID_T), HS_REFS_INCOMING, 0, 0);

  g_assert_cmpuint (hs_refs_count (heap, n, HS_REFS_INCOMING), ==, 0);
  g_assert_cmpuint (hs_refs_count (heap, HS_OBJ_NONE, HS_REFS_OUTGOING), ==, 0);
  g_assert_cmpuint (in->len, ==, 0);
  g_assert_cmpuint (out->len, ==, 0);
  g_assert_cmpuint (none->len, ==, 0);
  /* far past the end */
  {
    g_autoptr (GArray) far = hs_refs_page (heap, obj (ID_T), HS_REFS_INCOMING, G_MAXUINT64 - 2, 10);
    g_assert_cmpuint (far->len, ==, 0);
  }
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  int rc;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    return 77;
  path = g_build_filename (argv[1], "refs.hprof", NULL);
  heap = hs_heap_open (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_add_func ("/refs/incoming", test_incoming);
  g_test_add_func ("/refs/outgoing", test_outgoing);
  g_test_add_func ("/refs/out-of-range", test_out_of_range);
  rc = g_test_run ();
  hs_heap_free (heap);
  return rc;
}
