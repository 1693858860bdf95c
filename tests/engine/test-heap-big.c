/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the reader's compact per-object arrays at their limits: a dump
 * bigger than 4 GiB (sub-record offsets beyond 32 bits, packed in 5 bytes)
 * and ids too sparse for the 32-bit bucket-relative form (the 64-bit
 * fallback). The dumps are written here, into memory: the big one into an
 * anonymous mapping whose untouched pages (two byte arrays of 2.5 GiB of
 * zeros) cost nothing.
 *
 * Both dumps hold: class Node (id 0x1000, one object field "next"), Node A
 * (id 0x2000, next = B, a JNI global root) and Node B (id B_ID, next = A),
 * written last, after the big arrays when there are some. By id the objects
 * are: the class object (HsObj 0), A (1), then B and the arrays in the order
 * of their ids. */
#include <string.h>

#include "hs-heap-private.h"
#include "hprof-out.h"

typedef HprofOut W;

static void
instance (W *w, guint64 id, guint64 next)
{
  u1 (w, 0x21);
  u8 (w, id);
  u4 (w, 0);
  u8 (w, 0x1000);
  u4 (w, 8);
  u8 (w, next);
}

/* Writes the dump into d (big enough); returns its length and where B's
 * sub-record starts. n_big byte arrays of big_len bytes each come before B,
 * one per segment, at ids 0x5000, 0x6000... */
static gsize
write_dump (guint8 *d, guint64 b_id, guint n_big, guint32 big_len, guint64 *b_off)
{
  W w = { d, 0 };
  memcpy (d, "JAVA PROFILE 1.0.2", 19);
  w.at = 19;
  u4 (&w, 8);
  u8 (&w, 0);
  string (&w, 1, "Node");
  string (&w, 2, "next");
  gsize l = record (&w, 0x02); /* LOAD_CLASS */
  u4 (&w, 1);
  u8 (&w, 0x1000);
  u4 (&w, 0);
  u8 (&w, 1);
  end_record (&w, l);

  l = record (&w, 0x1c);
  u1 (&w, 0x20); /* CLASS_DUMP Node */
  u8 (&w, 0x1000);
  u4 (&w, 0);
  for (int i = 0; i < 6; i++)
    u8 (&w, 0); /* super, loader, signers, domain, reserved x2 */
  u4 (&w, 8);
  u1 (&w, 0), u1 (&w, 0); /* constant pool */
  u1 (&w, 0), u1 (&w, 0); /* statics */
  u1 (&w, 0), u1 (&w, 1); /* one instance field */
  u8 (&w, 2);
  u1 (&w, 2);    /* object */
  u1 (&w, 0x05); /* ROOT_STICKY_CLASS */
  u8 (&w, 0x1000);
  u1 (&w, 0x01); /* ROOT_JNI_GLOBAL A */
  u8 (&w, 0x2000);
  u8 (&w, 0x9999);
  instance (&w, 0x2000, b_id);
  end_record (&w, l);

  for (guint k = 0; k < n_big; k++)
    {
      l = record (&w, 0x1c);
      u1 (&w, 0x23);
      u8 (&w, 0x5000 + 0x1000 * (guint64)k);
      u4 (&w, 0);
      u4 (&w, big_len);
      u1 (&w, 8);      /* byte */
      w.at += big_len; /* zeros, never touched */
      end_record (&w, l);
    }

  l = record (&w, 0x1c);
  *b_off = w.at;
  instance (&w, b_id, 0x2000);
  end_record (&w, l);
  l = record (&w, 0x2c); /* HEAP_DUMP_END */
  end_record (&w, l);
  return w.at;
}

/* A's and B's references: the class object (the implicit first edge),
 * then the other one. */
static void
check_pair (HsHeap *heap, HsObj a, HsObj b, guint64 b_id, guint64 b_off)
{
  g_assert_cmpuint (hs_heap_find (heap, 0x1000), ==, 0);
  g_assert_cmpuint (hs_heap_find (heap, 0x2000), ==, a);
  g_assert_cmpuint (hs_heap_find (heap, b_id), ==, b);
  g_assert_cmpuint (hs_heap_find (heap, b_id + 8), ==, HS_OBJ_NONE);
  g_assert_cmpuint (hs_heap_find (heap, 0x2008), ==, HS_OBJ_NONE);
  g_assert_cmphex (hs_heap_object_id (heap, b), ==, b_id);
  g_assert_cmphex (hs_heap_object_id (heap, a), ==, 0x2000);
  g_assert_cmpuint (hs_heap_object_offset (heap, b), ==, b_off);
  gsize n = 0;
  HsObj first;
  const HsObj *r = hs_heap_refs (heap, a, &first, &n);
  g_assert_cmpuint (n + (first != HS_OBJ_NONE), ==, 2);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (r[0], ==, b);
  r = hs_heap_refs (heap, b, &first, &n);
  g_assert_cmpuint (n + (first != HS_OBJ_NONE), ==, 2);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (r[0], ==, a);
  g_assert_cmpuint (hs_heap_read_ref (heap, b, "next"), ==, a);
  g_assert_cmpuint (hs_heap_read_ref (heap, a, "next"), ==, b);
  g_assert_true (hs_heap_object_reachable (heap, b));
}

static void
test_beyond_4gib (void)
{
  const guint32 big_len = 0xA0000000u; /* 2.5 GiB */
  gsize cap = 2 * (gsize)big_len + (1 << 20);
  guint8 *d = hprof_out_map_big (cap);
  if (d == NULL)
    return;
  guint64 b_off = 0;
  gsize len = write_dump (d, 0x3000, 2, big_len, &b_off);
  g_assert_cmpuint (b_off, >, G_MAXUINT32);
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open_bytes (d, len, "big.hprof", &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  /* class object, A, B (0x3000), arrays 0x5000 and 0x6000 */
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 5);
  check_pair (heap, 1, 2, 0x3000, b_off);
  g_assert_cmpuint (hs_heap_find (heap, 0x6000), ==, 4);
  /* the second array starts past the first one's 2.5 GiB, B past both */
  g_assert_cmpuint (hs_heap_object_offset (heap, 4), >, hs_heap_object_offset (heap, 3) + big_len);
  g_assert_cmpuint (hs_heap_object_offset (heap, 4) + big_len, <, b_off);
  g_assert_cmpuint (hs_heap_array_length (heap, 4), ==, big_len);
  g_assert_cmpuint (heap->off_width, ==, 5);
  /* A = 256 (id gaps of 0x1000): byte[2.5 GiB] is align(alignUp(8 + 8 + 4,
   * 8) + 0xA0000000, 256), beyond a 16-bit count of 256-byte units; two of
   * five objects that big, so the sizes stay 32-bit. */
  g_assert_cmpuint (hs_heap_object_align (heap), ==, 256);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 3), ==, 0xA0000100u);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 4), ==, 0xA0000100u);
  g_assert_cmpuint (hs_heap_object_shallow (heap, 1), ==, 256);
  hs_heap_free (heap);
  munmap (d, cap);
}

static void
test_sparse_ids (void)
{
  /* B's id is 2^62 above the others: 3 objects over that range leave
   * more than 32 bits to each bucket, so ids stay 64-bit. */
  const guint64 b_id = G_GUINT64_CONSTANT (0x4000000000003000);
  guint8 *d = g_malloc0 (4096);
  guint64 b_off = 0;
  gsize len = write_dump (d, b_id, 0, 0, &b_off);
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open_bytes (d, len, "sparse.hprof", &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, 3);
  check_pair (heap, 1, 2, b_id, b_off);
  g_assert_cmpuint (heap->off_width, ==, 4);
  hs_heap_free (heap);
  g_free (d);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/heap-big/beyond-4gib", test_beyond_4gib);
  g_test_add_func ("/heap-big/sparse-ids", test_sparse_ids);
  return g_test_run ();
}
