/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the sub-record offsets' compact form (hs-heap-offsets.c): per
 * block of HS_OFF_BLOCK objects (by id) the first one's offset, per object
 * a 16-bit distance from it below HS_OFF_DIRECT, else an escape.
 *
 * The dumps are written here, into memory; the writer notes where each
 * object's sub-record starts, so every object's offset and id is checked
 * against what was written (the last copy of an id written twice): past big
 * arrays (a distance of exactly HS_OFF_DIRECT - 1 and HS_OFF_DIRECT after
 * the block's first object), ids out of file order (distances below the
 * block's first), duplicates, escapes so many that the packed form is kept
 * (found at once, or half way through), and objects on both sides of 4 GiB
 * (an anonymous mapping whose 2.5 GiB arrays of zeros are never touched).
 * The escape counts are worked out here from the rule, independently of the
 * encoder's code. */
#include <stdlib.h>
#include <string.h>

#include "hs-heap-private.h"
#include "hprof-out.h"

typedef struct
{
  HprofOut o;
  gsize cap;
  GArray *ids, *offs; /* guint64 each: every object written, in file order */
  gsize seg_len_at;   /* the open HEAP_DUMP_SEGMENT's length field, or 0 */
} W;

static void
segment (W *w)
{
  if (w->seg_len_at)
    end_record (&w->o, w->seg_len_at);
  w->seg_len_at = record (&w->o, 0x1c);
}

static void
note (W *w, guint64 id)
{
  guint64 off = w->o.at;
  g_array_append_val (w->ids, id);
  g_array_append_val (w->offs, off);
}

/* A Node (33 bytes): id, next = 0. */
static void
instance (W *w, guint64 id)
{
  note (w, id);
  u1 (&w->o, 0x21);
  u8 (&w->o, id);
  u4 (&w->o, 0);
  u8 (&w->o, 0x1000);
  u4 (&w->o, 8);
  u8 (&w->o, 0);
}

/* A byte[len] (18 + len bytes); its data left as it is (zeros). */
static void
bytes (W *w, guint64 id, guint32 len)
{
  note (w, id);
  u1 (&w->o, 0x23);
  u8 (&w->o, id);
  u4 (&w->o, 0);
  u4 (&w->o, len);
  u1 (&w->o, 8);
  w->o.at += len;
}

#define INSTANCE_LEN 33
#define BYTES_LEN(n) (18 + (guint64)(n))

/* The header, class Node (id 0x1000, one object field) and its class
 * object, then an open heap-dump segment. */
static void
begin (W *w, guint8 *d, gsize cap)
{
  *w = (W){ { d, 0 },
            cap,
            g_array_new (FALSE, FALSE, sizeof (guint64)),
            g_array_new (FALSE, FALSE, sizeof (guint64)),
            0 };
  memcpy (d, "JAVA PROFILE 1.0.2", 19);
  w->o.at = 19;
  u4 (&w->o, 8);
  u8 (&w->o, 0);
  string (&w->o, 1, "Node");
  string (&w->o, 2, "next");
  gsize l = record (&w->o, 0x02); /* LOAD_CLASS */
  u4 (&w->o, 1);
  u8 (&w->o, 0x1000);
  u4 (&w->o, 0);
  u8 (&w->o, 1);
  end_record (&w->o, l);
  segment (w);
  note (w, 0x1000);
  u1 (&w->o, 0x20); /* CLASS_DUMP Node */
  u8 (&w->o, 0x1000);
  u4 (&w->o, 0);
  for (int i = 0; i < 6; i++)
    u8 (&w->o, 0); /* super, loader, signers, domain, reserved x2 */
  u4 (&w->o, 8);
  u1 (&w->o, 0), u1 (&w->o, 0); /* constant pool */
  u1 (&w->o, 0), u1 (&w->o, 0); /* statics */
  u1 (&w->o, 0), u1 (&w->o, 1); /* one instance field */
  u8 (&w->o, 2);
  u1 (&w->o, 2); /* object */
}

static gsize
finish (W *w)
{
  end_record (&w->o, w->seg_len_at);
  gsize l = record (&w->o, 0x2c); /* HEAP_DUMP_END */
  end_record (&w->o, l);
  g_assert_cmpuint (w->o.at, <=, w->cap);
  return w->o.at;
}

static int
cmp_pair (const void *a, const void *b)
{
  const guint64 *x = a, *y = b;
  return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0;
}

/* The objects by id, the last copy of each id: (id, offset) pairs. */
static guint64 *
expected (W *w, guint64 *n_out)
{
  guint64 n = w->ids->len;
  guint64 *p = g_new (guint64, 2 * n);
  for (guint64 i = 0; i < n; i++)
    {
      p[2 * i] = g_array_index (w->ids, guint64, i);
      /* The file position breaks ties: later copies after earlier. */
      p[2 * i + 1] = g_array_index (w->offs, guint64, i);
    }
  qsort (p, n, 2 * sizeof (guint64), cmp_pair);
  guint64 k = 0;
  for (guint64 i = 0; i < n; i++)
    {
      if (k > 0 && p[2 * (k - 1)] == p[2 * i])
        {
          p[2 * (k - 1) + 1] = MAX (p[2 * (k - 1) + 1], p[2 * i + 1]);
          continue;
        }
      p[2 * k] = p[2 * i];
      p[2 * k + 1] = p[2 * i + 1];
      k++;
    }
  *n_out = k;
  return p;
}

/* The rule: an object is an escape when its offset is below its block's
 * first object's or HS_OFF_DIRECT or more above it. Counts the distances of
 * exactly HS_OFF_DIRECT - 1 and HS_OFF_DIRECT too, and those below. */
static guint64
count_escapes (const guint64 *p, guint64 n, guint64 *at_max, guint64 *at_limit, guint64 *below)
{
  guint64 e = 0;
  *at_max = *at_limit = *below = 0;
  for (guint64 i = 0; i < n; i++)
    {
      guint64 first = p[2 * (i - i % HS_OFF_BLOCK) + 1], off = p[2 * i + 1];
      if (off < first || off - first >= HS_OFF_DIRECT)
        e++;
      *at_max += off >= first && off - first == HS_OFF_DIRECT - 1;
      *at_limit += off >= first && off - first == HS_OFF_DIRECT;
      *below += off < first;
    }
  return e;
}

/* Opens the dump and checks every object's id and offset; returns the heap. */
static HsHeap *
open_and_check (W *w, gsize len, const char *name, guint64 *n_exp, guint64 **exp)
{
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open_bytes (w->o.d, len, name, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  guint64 n = 0;
  guint64 *p = expected (w, &n);
  g_assert_cmpuint (hs_heap_n_objects (heap), ==, n);
  for (guint64 i = 0; i < n; i++)
    {
      if (hs_heap_object_offset (heap, (HsObj)i) != p[2 * i + 1])
        g_error ("%s: object %" G_GUINT64_FORMAT " (id 0x%" G_GINT64_MODIFIER "x): offset %" G_GUINT64_FORMAT
                 ", written at %" G_GUINT64_FORMAT,
                 name, i, p[2 * i], hs_heap_object_offset (heap, (HsObj)i), p[2 * i + 1]);
      g_assert_cmphex (hs_heap_object_id (heap, (HsObj)i), ==, p[2 * i]);
      g_assert_cmpuint (hs_heap_find (heap, p[2 * i]), ==, i);
    }
  *n_exp = n;
  *exp = p;
  return heap;
}

static void
w_clear (W *w)
{
  g_array_unref (w->ids);
  g_array_unref (w->offs);
}

/* Runs of ascending ids (three, as HotSpot's heap regions: the second's
 * ids in a gap of the first's), big arrays at chosen block positions,
 * duplicates. */
static void
test_mixed (void)
{
  gsize cap = 16 << 20;
  guint8 *d = g_malloc0 (cap);
  W w;
  begin (&w, d, cap);
  /* Run 1: ids 0x100000 + 16 k, and 0x10000 more from k = 1501 on. By id
   * the class object (0x1000) is object 0, so run 1's object k is HsObj k
   * up to k = 1500. */
  for (guint k = 1; k < 6000; k++)
    {
      guint64 id = 0x100000 + 16 * (guint64)k + (k > 1500 ? 0x10000 : 0);
      guint pos = k % HS_OFF_BLOCK; /* object k's place in its block */
      if (k == HS_OFF_BLOCK * 3)
        /* A block's first object, so long that the next object lies exactly
         * HS_OFF_DIRECT - 1 after it: still a distance. */
        bytes (&w, id, HS_OFF_DIRECT - 1 - BYTES_LEN (0));
      else if (k == HS_OFF_BLOCK * 5)
        /* The same, one byte more: the next one is the first escape. */
        bytes (&w, id, HS_OFF_DIRECT - BYTES_LEN (0));
      else if (k == HS_OFF_BLOCK * 7 + HS_OFF_BLOCK - 1 || k == HS_OFF_BLOCK * 9 + 30
               || k == HS_OFF_BLOCK * 10 + 1)
        bytes (&w, id, 200000); /* big arrays late, mid, early in a block */
      else if (k % 1000 == 17)
        bytes (&w, id, 70000 + pos);
      else
        instance (&w, id);
    }
  /* Run 2: ids in run 1's gap (HsObj 1501 to 1800): after run 1 in the
   * file, before its end by id, neither end on a block's edge: the block
   * where it starts has escapes after run 1's objects, the block where it
   * ends has run 1's objects (k > 1500) before its first. */
  segment (&w);
  const guint64 run2 = 0x100000 + 16 * 1500 + 8;
  for (guint j = 0; j < 300; j++)
    {
      if (j % 97 == 5)
        bytes (&w, run2 + 16 * (guint64)j, 1000 * j);
      else
        instance (&w, run2 + 16 * (guint64)j);
    }
  /* Run 3: ids above everything, and copies of some earlier ids (the last
   * copy is kept). */
  segment (&w);
  for (guint j = 0; j < 700; j++)
    instance (&w, 0x900000 + 8 * (guint64)j);
  instance (&w, 0x100000 + 16 * 100);
  instance (&w, run2 + 16 * 7);
  bytes (&w, 0x100000 + 16 * 4000 + 0x10000, 300);
  gsize len = finish (&w);

  guint64 n = 0, *p = NULL;
  HsHeap *heap = open_and_check (&w, len, "mixed.hprof", &n, &p);
  g_assert_cmpuint (n, ==, 1 + 5999 + 300 + 700);
  g_assert_cmpuint (1501 % HS_OFF_BLOCK, !=, 0);
  g_assert_cmpuint (1801 % HS_OFF_BLOCK, !=, 0);
  guint64 at_max = 0, at_limit = 0, below = 0, esc = count_escapes (p, n, &at_max, &at_limit, &below);
  /* Both distances at the limit are there: up to run 1's object 1500,
   * object k is HsObj k, and blocks begin at 3 and 5 blocks. */
  g_assert_cmpuint (at_max, >=, 1);
  g_assert_cmpuint (at_limit, >=, 1);
  g_assert_cmpuint (below, >=, 1);
  g_assert_cmpuint (esc, >, 100);
  /* Compact: the escapes cost less than the packed 4 bytes an object. */
  guint64 nb = (n + HS_OFF_BLOCK - 1) / HS_OFF_BLOCK;
  g_assert_cmpuint (2 * n + 12 * nb + 8 * esc, <=, 4 * n);
  g_assert_nonnull (heap->off_delta);
  g_assert_null (heap->offs);
  g_assert_cmpuint (heap->n_off_esc, ==, esc);
  g_assert_cmpuint (heap->off_width, ==, 4);
  hs_heap_free (heap);
  g_free (p);
  w_clear (&w);
  g_free (d);
}

/* Escapes so many that the compact form would cost more than 4 bytes an
 * object: the packed form is kept, found at the start (every other object
 * a 64 KiB array) or half way (after 800 small objects, encoded first). */
static void
check_packed (guint n_small)
{
  gsize cap = 64 << 20;
  guint8 *d = g_malloc0 (cap);
  W w;
  begin (&w, d, cap);
  guint64 id = 0x100000;
  for (guint k = 0; k < n_small; k++, id += 16)
    instance (&w, id);
  for (guint k = 0; k < 800; k++, id += 16)
    {
      if (k % 2)
        bytes (&w, id, 65536);
      else
        instance (&w, id);
    }
  gsize len = finish (&w);
  guint64 n = 0, *p = NULL;
  HsHeap *heap = open_and_check (&w, len, "packed.hprof", &n, &p);
  guint64 at_max, at_limit, below, esc = count_escapes (p, n, &at_max, &at_limit, &below);
  guint64 nb = (n + HS_OFF_BLOCK - 1) / HS_OFF_BLOCK;
  /* 2 bytes an object, 12 a block, 8 an escape: more than 4 an object. */
  g_assert_cmpuint (2 * n + 12 * nb + 8 * esc, >, 4 * n);
  g_assert_null (heap->off_delta);
  g_assert_nonnull (heap->offs);
  hs_heap_free (heap);
  g_free (p);
  w_clear (&w);
  g_free (d);
}

static void
test_packed_kept (void)
{
  check_packed (0);
}

static void
test_packed_half_way (void)
{
  check_packed (800);
}

/* Objects on both sides of 4 GiB: 300 before two 2.5 GiB arrays, 300 after
 * them (blocks whose first offset is beyond 32 bits, and a block that
 * straddles the arrays: escapes beyond 4 GiB). */
static void
test_beyond_4gib (void)
{
  const guint32 big_len = 0xA0000000u; /* 2.5 GiB */
  gsize cap = 2 * (gsize)big_len + (4 << 20);
  guint8 *d = hprof_out_map_big (cap);
  if (d == NULL)
    return;
  W w;
  begin (&w, d, cap);
  guint64 id = 0x100000;
  for (guint k = 0; k < 300; k++, id += 16)
    instance (&w, id);
  for (guint k = 0; k < 2; k++, id += 16)
    {
      segment (&w); /* a record holds less than 4 GiB */
      bytes (&w, id, big_len);
    }
  segment (&w);
  for (guint k = 0; k < 300; k++, id += 16)
    instance (&w, id);
  gsize len = finish (&w);
  g_assert_cmpuint (len, >, G_MAXUINT32);

  guint64 n = 0, *p = NULL;
  HsHeap *heap = open_and_check (&w, len, "big.hprof", &n, &p);
  g_assert_cmpuint (n, ==, 603);
  g_assert_cmpuint (heap->off_width, ==, 5);
  g_assert_nonnull (heap->off_delta);
  guint64 at_max, at_limit, below, esc = count_escapes (p, n, &at_max, &at_limit, &below);
  g_assert_cmpuint (heap->n_off_esc, ==, esc);
  /* In the block of objects 256 (a block's first, below 4 GiB) to 320 or
   * 384, the first array (301) lies close behind the block's first object,
   * the second (302) and what follows beyond the first's 2.5 GiB: escapes;
   * the blocks after it start beyond 4 GiB. */
  g_assert_cmpuint (256 % HS_OFF_BLOCK, ==, 0);
  g_assert_cmpuint (esc, ==, (302 / HS_OFF_BLOCK + 1) * HS_OFF_BLOCK - 302);
  g_assert_cmpuint (hs_heap_object_offset (heap, 602), >, G_MAXUINT32);
  g_assert_cmpuint (hs_heap_object_offset (heap, 602), ==, len - 9 - INSTANCE_LEN);
  hs_heap_free (heap);
  g_free (p);
  w_clear (&w);
  munmap (d, cap);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/heap-offsets/mixed", test_mixed);
  g_test_add_func ("/heap-offsets/packed-kept", test_packed_kept);
  g_test_add_func ("/heap-offsets/packed-half-way", test_packed_half_way);
  g_test_add_func ("/heap-offsets/beyond-4gib", test_beyond_4gib);
  return g_test_run ();
}
