/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the reader's narrow per-object columns (hs-columns.h) at their
 * limits, on the dumps make-columns-dumps.py writes (its docstring works out
 * every size): shallow sizes in 16-bit units of the alignment with a table
 * for the big ones, plain 32-bit sizes when the table would outweigh the
 * column, and class indexes beyond 16 bits; the graph's 32-bit edge
 * offsets with the nodes where their high word steps; the referrers; the
 * implicit edge to the class object. */
#include "hs-heap-load-private.h"
#include "hs-mem.h"

static const char *dir;

static HsHeap *
open_dump (const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  return heap;
}

static void
test_sizes (void)
{
  HsHeap *heap = open_dump ("columns-sizes.hprof");
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 205);
  g_assert_cmpuint (hs_heap_object_align (heap), ==, 8);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 0), ==, 0);
  for (HsObj o = 1; o <= 200; o++)
    g_assert_cmpuint (hs_heap_object_shallow (heap, o), ==, 24);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 201), ==, 524272);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 202), ==, 524280);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 203), ==, 600016);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 204), ==, 800016);
  /* The same through the column, as graph code reads it. */
  const HsSizeCol *sc = hs_heap_size_col (heap);
  g_assert_nonnull (sc->units);
  g_assert_cmpuint (sc->n_big, ==, 3);
  g_assert_cmpuint (hs_size_col_get (sc, 201), ==, 524272);
  g_assert_cmpuint (hs_size_col_get (sc, 204), ==, 800016);
  g_assert_cmpuint (hs_class_shallow (heap, hs_heap_find_class (heap, "byte[]")), ==, 604816);
  g_assert_cmpuint (hs_class_shallow (heap, hs_heap_find_class (heap, "int[]")), ==, 1048552);
  g_assert_cmpuint (hs_class_shallow (heap, hs_heap_find_class (heap, "long[]")), ==, 800016);
  g_assert_cmpuint (hs_heap_summary (heap)->shallow_bytes, ==, 2453384);
  hs_heap_free (heap);
}

static void
test_sizes_plain (void)
{
  HsHeap *heap = open_dump ("columns-few.hprof");
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 4);
  const HsSizeCol *sc = hs_heap_size_col (heap);
  g_assert_null (sc->units);
  g_assert_nonnull (sc->s32);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 0), ==, 0);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 1), ==, 24);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 2), ==, 524280);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 3), ==, 600016);
  g_assert_cmpuint (hs_heap_summary (heap)->shallow_bytes, ==, 24 + 524280 + 600016);
  hs_heap_free (heap);
}

static void
test_many_classes (void)
{
  HsHeap *heap = open_dump ("columns-classes.hprof");
  /* Object and C0 .. C69999 with their class objects, four instances. */
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 70001 + 4);
  g_assert_cmpuint (hs_heap_n_classes (heap), >, 70000);
  g_assert_nonnull (hs_heap_class_col (heap)->k32);
  static const char *const names[] = { "C0", "C65534", "C65535", "C69999" };
  for (guint i = 0; i < 4; i++)
    {
      HsObj o = 70001 + i;
      HsClass c = hs_heap_find_class (heap, names[i]);
      g_assert_cmpuint (c, !=, HS_CLASS_NONE);
      g_assert_cmpuint (hs_heap_object_class (heap, o), ==, c);
      g_assert_cmpuint (hs_class_col_get (hs_heap_class_col (heap), o), ==, c);
      g_assert_cmpuint (hs_class_count (heap, c), ==, 1);
      g_assert_cmpuint (hs_heap_object_shallow (heap, o), ==, i == 3 ? 16 : 8);
      /* its class object, an instance of java.lang.Class */
      HsObj co = hs_class_object (heap, c);
      g_assert_cmpuint (co, !=, HS_OBJ_NONE);
      g_assert_cmpstr (hs_class_name (heap, hs_heap_object_class (heap, co)), ==, "java.lang.Class");
    }
  hs_heap_free (heap);
}

static void
test_few_classes (void)
{
  HsHeap *heap = open_dump ("columns-sizes.hprof");
  const HsClassCol *cc = hs_heap_class_col (heap);
  g_assert_nonnull (cc->k16);
  HsClass b = hs_heap_find_class (heap, "byte[]");
  g_assert_cmpuint (hs_heap_object_class (heap, 1), ==, b);
  g_assert_cmpuint (hs_heap_object_class (heap, 203), ==, b);
  g_assert_cmpuint (hs_class_col_get (cc, 204), ==, hs_heap_find_class (heap, "long[]"));
  g_assert_cmpuint (hs_class_count (heap, b), ==, 201);
  hs_heap_free (heap);
}

/* Degrees 2^32 - 1, 2^32 - 1, 3, 0: offsets 0, 2^32 - 1, 2^33 - 2, 2^33 + 1
 * and 2^33 + 1 at the end (node 2 past 2^32, node 3 past 2^33): one block,
 * escaped (it spans far more than 2^16). The graph's edge ranges read them
 * back (no target is read: that would need 2^33 of them). */
static void
test_graph_high_words (void)
{
  guint32 *deg = hs_mem_new (guint32, 5);
  static const guint32 d[5] = { G_MAXUINT32, G_MAXUINT32, 3, 0, 0xdead };
  for (guint i = 0; i < 5; i++)
    deg[i] = d[i];
  guint16 *delta = NULL;
  guint64 *base = NULL, *esc = NULL, n_esc = 0;
  guint64 total = _hs_heap_offsets_from_degrees (deg, 4, &delta, &base, &esc, &n_esc);
  g_assert_cmphex (total, ==, G_GUINT64_CONSTANT (0x200000001));
  g_assert_cmpuint (n_esc, ==, 1);
  g_assert_nonnull (esc);
  HsGraph g = { .n = 4, .delta_ = delta, .base_ = base, .esc_ = esc };
  g_assert_cmphex (hs_graph_begin (&g, 0), ==, 0);
  g_assert_cmphex (hs_graph_end (&g, 0), ==, 0xffffffffu);
  g_assert_cmphex (hs_graph_begin (&g, 1), ==, 0xffffffffu);
  g_assert_cmphex (hs_graph_end (&g, 1), ==, G_GUINT64_CONSTANT (0x1fffffffe));
  g_assert_cmphex (hs_graph_begin (&g, 2), ==, G_GUINT64_CONSTANT (0x1fffffffe));
  g_assert_cmphex (hs_graph_end (&g, 2) - hs_graph_begin (&g, 2), ==, 3);
  g_assert_cmphex (hs_graph_begin (&g, 3), ==, G_GUINT64_CONSTANT (0x200000001));
  g_assert_cmphex (hs_graph_end (&g, 3), ==, G_GUINT64_CONSTANT (0x200000001));
  g_assert_cmphex (hs_graph_n_edges (&g), ==, G_GUINT64_CONSTANT (0x200000001));
  g_free (delta);
  g_free (base);
  g_free (esc);

  /* Below 2^16 edges: nothing escaped. */
  guint32 *small = hs_mem_new (guint32, 3);
  small[0] = 5;
  small[1] = 7;
  total = _hs_heap_offsets_from_degrees (small, 2, &delta, &base, &esc, &n_esc);
  g_assert_cmpuint (total, ==, 12);
  g_assert_cmpuint (n_esc, ==, 0);
  g_assert_null (esc);
  g = (HsGraph){ .n = 2, .delta_ = delta, .base_ = base };
  g_assert_cmpuint (hs_graph_begin (&g, 1), ==, 5);
  g_assert_cmpuint (hs_graph_end (&g, 1), ==, 12);
  g_assert_cmpuint (hs_graph_n_stored (&g), ==, 12);
  g_free (delta);
  g_free (base);
}

/* 64-node blocks, built in place: 300 nodes (5 blocks, the last one partial
 * with the end entry at 300); a block's span is the degrees of its first 63
 * nodes. Block 0: degree 1 each (span 63); block 1: node 64 of degree
 * 65473, the rest 1 (span 65473 + 62 = 2^16 - 1, not escaped), block 2:
 * node 128 of degree 65474 (span 2^16, escaped); block
 * 3: node 192 of degree 2^32 - 1, so block 4 (nodes 256 .. 299 and the end)
 * starts past 2^32 and is not escaped: a 64-bit base, 16-bit deltas. Every
 * offset is checked against a plain running sum. */
static void
test_graph_blocks (void)
{
  const guint64 n = 300;
  guint32 *deg = hs_mem_new (guint32, n + 1);
  guint64 *want = g_new (guint64, n + 1);
  for (guint64 v = 0; v < n; v++)
    deg[v] = v == 64 ? 65473 : v == 128 ? 65474 : v == 192 ? G_MAXUINT32 : v >= 256 ? (guint32)(v % 7) : 1;
  want[0] = 0;
  for (guint64 v = 0; v < n; v++)
    want[v + 1] = want[v] + deg[v];
  g_assert_cmpuint (want[127] - want[64], ==, 65535);
  g_assert_cmpuint (want[191] - want[128], ==, 65536);
  g_assert_cmphex (want[256], >, G_MAXUINT32);
  guint16 *delta = NULL;
  guint64 *base = NULL, *esc = NULL, n_esc = 0;
  guint64 total = _hs_heap_offsets_from_degrees (deg, n, &delta, &base, &esc, &n_esc);
  g_assert_cmpuint (total, ==, want[n]);
  /* blocks 2 and 3 */
  g_assert_cmpuint (n_esc, ==, 2);
  g_assert_cmphex (base[0], ==, 0);
  g_assert_cmphex (base[1], ==, 64);
  g_assert_cmphex (base[2], ==, HS_GRAPH_ESCAPED | 0);
  g_assert_cmphex (base[3], ==, HS_GRAPH_ESCAPED | 1);
  g_assert_cmphex (base[4], ==, want[256]);
  HsGraph g = { .n = n, .delta_ = delta, .base_ = base, .esc_ = esc };
  for (guint64 v = 0; v < n; v++)
    {
      g_assert_cmphex (hs_graph_begin (&g, v), ==, want[v]);
      g_assert_cmphex (hs_graph_end (&g, v), ==, want[v + 1]);
    }
  g_assert_cmphex (hs_graph_n_stored (&g), ==, want[n]);
  g_free (delta);
  g_free (base);
  g_free (esc);
  g_free (want);
}

/* Referrers (the reverse CSR, 32-bit offsets below 2^32 references) against
 * a plain scan of every object's references, on the sample dump: the same
 * sources, ascending, one per reference. */
static void
test_referrers (void)
{
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open (HS_SAMPLE_DUMP, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  guint64 n = hs_heap_n_objects (heap);
  GArray **want = g_new0 (GArray *, n);
  guint64 most = 0;
  for (HsObj s = 0; s < n; s++)
    {
      gsize k = 0;
      HsObj first;
      const HsObj *r = hs_heap_refs (heap, s, &first, &k);
      /* i = 0 is the implicit first reference, then r[i - 1]. */
      for (gsize i = first == HS_OBJ_NONE; i <= k; i++)
        {
          HsObj t = i ? r[i - 1] : first;
          if (!want[t])
            want[t] = g_array_new (FALSE, FALSE, sizeof (HsObj));
          g_array_append_val (want[t], s);
        }
    }
  for (HsObj o = 0; o < n; o++)
    {
      gsize k = 0;
      const HsObj *in = hs_heap_referrers (heap, o, &k);
      g_assert_cmpuint (k, ==, want[o] ? want[o]->len : 0);
      if (k)
        g_assert_cmpmem (in, k * sizeof (HsObj), want[o]->data, k * sizeof (HsObj));
      most = MAX (most, k);
      if (want[o])
        g_array_unref (want[o]);
    }
  g_assert_cmpuint (most, >, 100); /* some class object has many instances */
  g_free (want);
  hs_heap_free (heap);
}

/* The edge to the class object (implicit in the graph) on each kind of
 * object of columns-edges.hprof (make-columns-dumps.py): instances, object
 * and primitive arrays of a class with a class object have it first; class
 * objects, objects of a class the dump never defines or of one with no class
 * object, and a stray instance of java.lang.Class (its edge stored) do not.
 * The edge lists, their total, the walks' slots and the referrers. */
static void
test_class_edges (void)
{
  static const struct
  {
    HsObj first;
    guint n;
    HsObj rest[2];
  } want[13] = {
    { HS_OBJ_NONE, 0, { 0 } }, /* class objects: java.lang.Object, */
    { HS_OBJ_NONE, 1, { 0 } }, /* java.lang.Class, Node, Node[] and */
    { HS_OBJ_NONE, 1, { 0 } }, /* int[]: their superclass */
    { HS_OBJ_NONE, 1, { 0 } }, { HS_OBJ_NONE, 1, { 0 } }, { 2, 1, { 6 } }, /* a: Node, next = b */
    { 2, 1, { 2 } },           /* b: Node, next = Node's class object */
    { 3, 2, { 5, 6 } },        /* Node[] { a, b } */
    { 4, 0, { 0 } },           /* int[3] */
    { HS_OBJ_NONE, 0, { 0 } }, /* instance of an undefined class */
    { HS_OBJ_NONE, 1, { 5 } }, /* array of an undefined class { a } */
    { HS_OBJ_NONE, 0, { 0 } }, /* byte[2]: byte[] has no class object */
    { HS_OBJ_NONE, 1, { 1 } }, /* instance of java.lang.Class: stored */
  };
  HsHeap *heap = open_dump ("columns-edges.hprof");
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 13);
  const HsGraph *g = hs_heap_graph (heap);
  guint64 total = 0, slots = 0;
  for (HsObj o = 0; o < 13; o++)
    {
      HsObj first;
      gsize n = 0;
      const HsObj *r = hs_heap_refs (heap, o, &first, &n);
      g_assert_cmpuint (first, ==, want[o].first);
      g_assert_cmpuint (n, ==, want[o].n);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpuint (r[i], ==, want[o].rest[i]);
      total += n + (first != HS_OBJ_NONE);
      /* The iterator and the slots visit the same, in the same order. */
      HsGraphEdges it = hs_graph_edges (g, o);
      HsObj t;
      guint k = 0;
      while (hs_graph_next (g, &it, &t))
        {
          g_assert_cmpuint (t, ==, k == 0 && first != HS_OBJ_NONE ? first : r[k - (first != HS_OBJ_NONE)]);
          k++;
        }
      g_assert_cmpuint (k, ==, n + (first != HS_OBJ_NONE));
      guint64 sb = hs_graph_slot_begin (g, o), se = hs_graph_slot_end (g, o);
      g_assert_cmpuint (sb, ==, slots);
      g_assert_cmpuint (se - sb, ==, n + 1);
      g_assert_cmpuint (hs_graph_slot_target (g, o, sb, hs_graph_first (g, o), sb), ==, first);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpuint (hs_graph_slot_target (g, o, sb, first, sb + 1 + i), ==, r[i]);
      slots = se;
    }
  g_assert_cmpuint (total, ==, 14);
  g_assert_cmpuint (hs_graph_n_edges (g), ==, 14);
  g_assert_cmpuint (hs_graph_n_stored (g), ==, 10);
  g_assert_cmpuint (hs_graph_n_slots (g), ==, 10 + 13);
  g_assert_cmpuint (slots, ==, 10 + 13);
  /* Node's class object: from a and b's implicit edges, and b's field. */
  gsize k = 0;
  const HsObj *in = hs_heap_referrers (heap, 2, &k);
  g_assert_cmpuint (k, ==, 3);
  g_assert_cmpuint (in[0], ==, 5);
  g_assert_cmpuint (in[1], ==, 6);
  g_assert_cmpuint (in[2], ==, 6);
  in = hs_heap_referrers (heap, 5, &k);
  g_assert_cmpuint (k, ==, 2);
  g_assert_cmpuint (in[0], ==, 7);
  g_assert_cmpuint (in[1], ==, 10);
  in = hs_heap_referrers (heap, 0, &k);
  g_assert_cmpuint (k, ==, 4);
  for (gsize i = 0; i < 4; i++)
    g_assert_cmpuint (in[i], ==, 1 + i);
  in = hs_heap_referrers (heap, 4, &k);
  g_assert_cmpuint (k, ==, 1);
  g_assert_cmpuint (in[0], ==, 8);
  in = hs_heap_referrers (heap, 1, &k);
  g_assert_cmpuint (k, ==, 1);
  g_assert_cmpuint (in[0], ==, 12);
  hs_heap_free (heap);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dir = argv[1];
  g_test_add_func ("/heap-columns/sizes", test_sizes);
  g_test_add_func ("/heap-columns/sizes-plain", test_sizes_plain);
  g_test_add_func ("/heap-columns/many-classes", test_many_classes);
  g_test_add_func ("/heap-columns/few-classes", test_few_classes);
  g_test_add_func ("/heap-columns/graph-high-words", test_graph_high_words);
  g_test_add_func ("/heap-columns/graph-blocks", test_graph_blocks);
  g_test_add_func ("/heap-columns/referrers", test_referrers);
  g_test_add_func ("/heap-columns/class-edges", test_class_edges);
  return g_test_run ();
}
