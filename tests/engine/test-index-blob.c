/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of index records (hs-index-blob.c): the bytes a builder writes
 * (little-endian, worked out by hand), a round trip of every kind, and a
 * cursor on every cut of a record failing without reading a byte past its
 * end: each cut is copied to the end of a page followed by an inaccessible
 * one, so a read past it is a crash in any build, not only under ASan.
 * Counts too big for the bytes left, strings with a NUL or invalid UTF-8,
 * object indexes out of range fail; NULL and "" stay apart. Lists (object
 * indexes, u64s, strings): their bytes by hand, read back, a count bigger
 * than the record refused before anything is allocated for it, a cut
 * inside a list failing with the items before it. Varints
 * (hs-index-varint.h): their bytes by hand, and the reader failing on a
 * value past its end, wider than 32 bits or longer than 5 bytes. */
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hs-index-blob.h"
#include "hs-index-varint.h"
#include "hs-types.h"

/* len bytes copied so that they end where an inaccessible page begins. */
typedef struct
{
  guint8 *map;
  gsize map_len;
  guint8 *data;
} Fenced;

static void
fenced_init (Fenced *f, const guint8 *bytes, gsize len)
{
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize pages = (len + page - 1) / page + 1;

  f->map_len = (pages + 1) * page;
  f->map = mmap (NULL, f->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (f->map != MAP_FAILED);
  g_assert_cmpint (mprotect (f->map + pages * page, page, PROT_NONE), ==, 0);
  f->data = f->map + pages * page - len;
  if (len > 0)
    memcpy (f->data, bytes, len);
}

static void
fenced_clear (Fenced *f)
{
  munmap (f->map, f->map_len);
}

static void
assert_bytes (HsIndexBlob *b, const guint8 *want, gsize len)
{
  g_assert_cmpuint (b->bytes->len, ==, len);
  g_assert_true (memcmp (b->bytes->data, want, len) == 0);
}

/* The encoding, by hand. */
static void
test_bytes (void)
{
  HsIndexBlob b;

  hs_index_blob_init (&b);
  hs_index_blob_u8 (&b, 0xAB);
  hs_index_blob_u32 (&b, 0x01020304);
  hs_index_blob_u64 (&b, G_GUINT64_CONSTANT (0x1122334455667788));
  hs_index_blob_i64 (&b, -2);
  hs_index_blob_double (&b, 1.0); /* 0x3FF0000000000000 */
  hs_index_blob_str (&b, "ab");
  hs_index_blob_str (&b, NULL);
  hs_index_blob_str (&b, "");
  hs_index_blob_bytes (&b, "xyz", 3);
  hs_index_blob_bytes (&b, NULL, 0);
  static const guint8 want[] = {
    0xAB,                                           /* u8 */
    0x04, 0x03, 0x02, 0x01,                         /* u32 */
    0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, /* u64 */
    0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, /* i64 -2 */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F, /* 1.0 */
    0x02, 0x00, 0x00, 0x00, 'a',  'b',              /* "ab" */
    0xFF, 0xFF, 0xFF, 0xFF,                         /* NULL */
    0x00, 0x00, 0x00, 0x00,                         /* "" */
    'x',  'y',  'z',
  };
  assert_bytes (&b, want, sizeof want);
  hs_index_blob_clear (&b);
  g_assert_null (b.bytes);
}

/* A record of every kind, the way a section is written. */
static void
build_record (HsIndexBlob *b)
{
  hs_index_blob_init (b);
  hs_index_blob_u8 (b, 7);
  hs_index_blob_u32 (b, 3); /* a count of three u64 */
  for (guint i = 0; i < 3; i++)
    hs_index_blob_u64 (b, G_MAXUINT64 - i);
  hs_index_blob_i64 (b, G_MININT64);
  hs_index_blob_double (b, -0.0);
  hs_index_blob_double (b, INFINITY);
  hs_index_blob_str (b, "héllo");
  hs_index_blob_str (b, NULL);
  hs_index_blob_str (b, "");
  hs_index_blob_u32 (b, 41);          /* an object below 42 */
  hs_index_blob_u32 (b, G_MAXUINT32); /* none */
  hs_index_blob_bytes (b, "\0\1\2\3", 4);
}

/* Reads the record back; TRUE when every value was as written (on a cut
 * record, reads fail from the cut on and return 0 / NULL). */
static gboolean
read_record (HsIndexCursor *c)
{
  gboolean same = TRUE;

  same &= hs_index_cursor_u8 (c) == 7;
  guint32 n = hs_index_cursor_count (c, 8);
  same &= n == 3;
  for (guint i = 0; i < n; i++)
    same &= hs_index_cursor_u64 (c) == G_MAXUINT64 - i;
  same &= hs_index_cursor_i64 (c) == G_MININT64;
  double z = hs_index_cursor_double (c);
  same &= z == 0.0 && signbit (z);
  same &= isinf (hs_index_cursor_double (c));
  g_autofree char *s1 = hs_index_cursor_str (c);
  g_autofree char *s2 = hs_index_cursor_str (c);
  g_autofree char *s3 = hs_index_cursor_str (c);
  same &= g_strcmp0 (s1, "héllo") == 0 && s2 == NULL && g_strcmp0 (s3, "") == 0;
  same &= hs_index_cursor_obj (c, 42, FALSE) == 41;
  same &= hs_index_cursor_obj (c, 42, TRUE) == HS_OBJ_NONE;
  const guint8 *raw = hs_index_cursor_bytes (c, 4);
  same &= raw != NULL && memcmp (raw, "\0\1\2\3", 4) == 0;
  return same;
}

static void
test_round_trip (void)
{
  HsIndexBlob b;
  HsIndexCursor c;

  build_record (&b);
  Fenced f;
  fenced_init (&f, b.bytes->data, b.bytes->len);
  hs_index_cursor_init (&c, f.data, b.bytes->len);
  g_assert_true (read_record (&c));
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  /* Past the end now: one more read fails, and stays failed. */
  g_assert_cmpuint (hs_index_cursor_u8 (&c), ==, 0);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  fenced_clear (&f);

  /* Not read to the end: ok, but not whole. */
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_assert_cmpuint (hs_index_cursor_u8 (&c), ==, 7);
  g_assert_true (hs_index_cursor_ok (&c, FALSE));
  g_assert_false (hs_index_cursor_ok (&c, TRUE));
  hs_index_blob_clear (&b);
}

/* Every cut of the record: the reads fail, none past the cut (the fence
 * would crash), and the values read before the cut are the ones written. */
static void
test_cut (void)
{
  HsIndexBlob b;

  build_record (&b);
  for (gsize cut = 0; cut < b.bytes->len; cut++)
    {
      Fenced f;
      HsIndexCursor c;
      fenced_init (&f, b.bytes->data, cut);
      hs_index_cursor_init (&c, f.data, cut);
      g_assert_false (read_record (&c));
      g_assert_false (hs_index_cursor_ok (&c, FALSE));
      g_assert_false (hs_index_cursor_ok (&c, TRUE));
      /* Every reader, once more, on the failed cursor. */
      g_assert_cmpuint (hs_index_cursor_u32 (&c), ==, 0);
      g_assert_cmpuint (hs_index_cursor_u64 (&c), ==, 0);
      g_assert_null (hs_index_cursor_str (&c));
      g_assert_null (hs_index_cursor_bytes (&c, 0));
      g_assert_cmpuint (hs_index_cursor_count (&c, 1), ==, 0);
      g_assert_cmpuint (hs_index_cursor_obj (&c, 10, TRUE), ==, HS_OBJ_NONE);
      fenced_clear (&f);
    }
  /* No bytes at all, and a NULL buffer. */
  HsIndexCursor c;
  hs_index_cursor_init (&c, NULL, 0);
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  g_assert_null (hs_index_cursor_bytes (&c, 1));
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  hs_index_blob_clear (&b);
}

/* Cursor over hand-made bytes, fenced. */
static HsIndexCursor
cursor_on (Fenced *f, const guint8 *bytes, gsize len)
{
  HsIndexCursor c;

  fenced_init (f, bytes, len);
  hs_index_cursor_init (&c, f->data, len);
  return c;
}

/* A count is refused when the bytes left cannot hold that many items. */
static void
test_count (void)
{
  Fenced f;
  guint8 buf[4 + 24] = { 3, 0, 0, 0 };

  /* 3 items of 8 bytes in 24: fine; in 23: refused. */
  HsIndexCursor c = cursor_on (&f, buf, 28);
  g_assert_cmpuint (hs_index_cursor_count (&c, 8), ==, 3);
  g_assert_true (hs_index_cursor_ok (&c, FALSE));
  fenced_clear (&f);
  c = cursor_on (&f, buf, 27);
  g_assert_cmpuint (hs_index_cursor_count (&c, 8), ==, 0);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  fenced_clear (&f);
  /* 3 items of "0 bytes" count as 1 byte each: 3 in 3 bytes, not in 2. */
  c = cursor_on (&f, buf, 7);
  g_assert_cmpuint (hs_index_cursor_count (&c, 0), ==, 3);
  fenced_clear (&f);
  c = cursor_on (&f, buf, 6);
  g_assert_cmpuint (hs_index_cursor_count (&c, 0), ==, 0);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  fenced_clear (&f);
  /* 2^32 - 1 items in 24 bytes. */
  guint8 huge[4 + 24] = { 0xff, 0xff, 0xff, 0xff };
  c = cursor_on (&f, huge, 28);
  g_assert_cmpuint (hs_index_cursor_count (&c, 1), ==, 0);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  fenced_clear (&f);
  /* A count itself cut. */
  c = cursor_on (&f, buf, 3);
  g_assert_cmpuint (hs_index_cursor_count (&c, 1), ==, 0);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  fenced_clear (&f);
}

/* Strings: a NUL inside, invalid UTF-8, a length past the end fail; NULL
 * and "" come back apart. */
static void
test_strings (void)
{
  static const struct
  {
    const guint8 *bytes;
    gsize len;
    gboolean ok;
  } cases[] = {
    { (const guint8 *)"\3\0\0\0a\0b", 7, FALSE },     /* a NUL inside */
    { (const guint8 *)"\2\0\0\0\xff\xfe", 6, FALSE }, /* not UTF-8 */
    { (const guint8 *)"\2\0\0\0\xc3", 5, FALSE },     /* cut */
    { (const guint8 *)"\2\0\0\0\xc3\x28", 6, FALSE }, /* a bad second byte */
    { (const guint8 *)"\xfe\xff\xff\xff"
                      "abc",
      7, FALSE },                                    /* 2^32 - 2 bytes claimed */
    { (const guint8 *)"\2\0\0\0\xc3\xa9", 6, TRUE }, /* é */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Fenced f;
      HsIndexCursor c = cursor_on (&f, cases[i].bytes, cases[i].len);
      g_autofree char *s = hs_index_cursor_str (&c);
      g_assert_cmpint (s != NULL, ==, cases[i].ok);
      g_assert_cmpint (hs_index_cursor_ok (&c, TRUE), ==, cases[i].ok);
      fenced_clear (&f);
    }

  HsIndexBlob b;
  hs_index_blob_init (&b);
  hs_index_blob_str (&b, NULL);
  hs_index_blob_str (&b, "");
  HsIndexCursor c;
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_autofree char *null = hs_index_cursor_str (&c);
  g_assert_true (hs_index_cursor_ok (&c, FALSE));
  g_autofree char *empty = hs_index_cursor_str (&c);
  g_assert_null (null);
  g_assert_nonnull (empty);
  g_assert_cmpstr (empty, ==, "");
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  hs_index_blob_clear (&b);
}

/* Object indexes: below n; none only when allowed; a failure sticks. */
static void
test_obj (void)
{
  HsIndexBlob b;
  HsIndexCursor c;

  hs_index_blob_init (&b);
  hs_index_blob_u32 (&b, 9);
  hs_index_blob_u32 (&b, 10);
  hs_index_blob_u32 (&b, G_MAXUINT32);
  hs_index_blob_u32 (&b, 0);
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_assert_cmpuint (hs_index_cursor_obj (&c, 10, FALSE), ==, 9);
  g_assert_cmpuint (hs_index_cursor_obj (&c, 10, TRUE), ==, HS_OBJ_NONE); /* 10 is out of range */
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  g_assert_cmpuint (hs_index_cursor_obj (&c, 10, TRUE), ==, HS_OBJ_NONE);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));

  hs_index_cursor_init (&c, b.bytes->data + 8, 8);
  g_assert_cmpuint (hs_index_cursor_obj (&c, 10, TRUE), ==, HS_OBJ_NONE);
  g_assert_true (hs_index_cursor_ok (&c, FALSE));
  g_assert_cmpuint (hs_index_cursor_obj (&c, 10, TRUE), ==, 0);
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  hs_index_cursor_init (&c, b.bytes->data + 8, 8);
  g_assert_cmpuint (hs_index_cursor_obj (&c, 10, FALSE), ==, HS_OBJ_NONE); /* none not allowed */
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  /* A value the reader finds wrong: failed on purpose. */
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  hs_index_cursor_fail (&c);
  g_assert_cmpuint (hs_index_cursor_u32 (&c), ==, 0);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  hs_index_blob_clear (&b);
}

/* Lists: a u32 count, then the items, by hand; read back the same. */
static void
test_lists (void)
{
  static const guint32 objs[] = { 5, 0, 41 };
  static const guint64 u64s[] = { 1, G_MAXUINT64 };
  g_autoptr (GArray) o = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GArray) v = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GPtrArray) strs = g_ptr_array_new ();
  g_autoptr (GArray) none = g_array_new (FALSE, FALSE, sizeof (HsObj));
  HsIndexBlob b;

  g_array_append_vals (o, objs, G_N_ELEMENTS (objs));
  g_array_append_vals (v, u64s, G_N_ELEMENTS (u64s));
  g_ptr_array_add (strs, "ab");
  g_ptr_array_add (strs, "");
  hs_index_blob_init (&b);
  hs_index_blob_objs (&b, o);
  hs_index_blob_u64s (&b, v);
  hs_index_blob_strs (&b, strs);
  hs_index_blob_objs (&b, none);
  static const guint8 want[] = {
    0x03, 0x00, 0x00, 0x00,                         /* 3 objects */
    0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* 5, 0 */
    0x29, 0x00, 0x00, 0x00,                         /* 41 */
    0x02, 0x00, 0x00, 0x00,                         /* 2 u64s */
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* 1 */
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, /* 2^64 - 1 */
    0x02, 0x00, 0x00, 0x00,                         /* 2 strings */
    0x02, 0x00, 0x00, 0x00, 'a',  'b',              /* "ab" */
    0x00, 0x00, 0x00, 0x00,                         /* "" */
    0x00, 0x00, 0x00, 0x00,                         /* no objects */
  };
  assert_bytes (&b, want, sizeof want);

  Fenced f;
  HsIndexCursor c = cursor_on (&f, want, sizeof want);
  g_autoptr (GArray) o2 = hs_index_cursor_objs (&c, 42);
  g_autoptr (GArray) v2 = hs_index_cursor_u64s (&c);
  g_autoptr (GPtrArray) s2 = hs_index_cursor_strs (&c);
  g_autoptr (GArray) none2 = hs_index_cursor_objs (&c, 42);
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  g_assert_cmpmem (o2->data, o2->len * sizeof (HsObj), objs, sizeof objs);
  g_assert_cmpmem (v2->data, v2->len * sizeof (guint64), u64s, sizeof u64s);
  g_assert_cmpuint (s2->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (s2, 0), ==, "ab");
  g_assert_cmpstr (g_ptr_array_index (s2, 1), ==, "");
  g_assert_cmpuint (none2->len, ==, 0);
  fenced_clear (&f);

  /* 41 is not below 41; none is not an object of a list. */
  hs_index_cursor_init (&c, want, sizeof want);
  g_autoptr (GArray) o3 = hs_index_cursor_objs (&c, 41);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  g_assert_cmpuint (o3->len, ==, 3); /* 5, 0, and the refused one */
  static const guint8 with_none[] = { 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF };
  hs_index_cursor_init (&c, with_none, sizeof with_none);
  g_autoptr (GArray) o4 = hs_index_cursor_objs (&c, 42);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));

  /* A NULL in a list of strings is written, and refused when read. */
  g_autoptr (GPtrArray) with_null = g_ptr_array_new ();
  g_ptr_array_add (with_null, "x");
  g_ptr_array_add (with_null, NULL);
  hs_index_blob_clear (&b);
  hs_index_blob_init (&b);
  hs_index_blob_strs (&b, with_null);
  static const guint8 want_null[] = { 2, 0, 0, 0, 1, 0, 0, 0, 'x', 0xFF, 0xFF, 0xFF, 0xFF };
  assert_bytes (&b, want_null, sizeof want_null);
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_autoptr (GPtrArray) s3 = hs_index_cursor_strs (&c);
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  g_assert_cmpuint (s3->len, ==, 1);
  hs_index_blob_clear (&b);
}

/* The list reader `which` (0: objects below 1, 1: u64s, 2: strings) on
 * len bytes, fenced: how many items it returned; *ok: not failed, and
 * every byte read. */
static guint
read_list (const guint8 *bytes, gsize len, guint which, gboolean *ok)
{
  Fenced f;
  HsIndexCursor c = cursor_on (&f, bytes, len);
  guint n;

  if (which == 2)
    {
      g_autoptr (GPtrArray) s = hs_index_cursor_strs (&c);
      n = s->len;
    }
  else
    {
      g_autoptr (GArray) a = which == 0 ? hs_index_cursor_objs (&c, 1) : hs_index_cursor_u64s (&c);
      n = a->len;
    }
  *ok = hs_index_cursor_ok (&c, TRUE);
  fenced_clear (&f);
  return n;
}

/* A count bigger than the bytes left can hold: refused at the count, an
 * empty list back. 2^32 - 2 items would be 16 GiB of objects and 32 GiB of
 * u64s or string pointers: sized for them, the read would abort. */
static void
test_list_counts (void)
{
  static const guint8 huge[4 + 12] = { 0xFE, 0xFF, 0xFF, 0xFF };
  static const guint8 three[4 + 12] = { 3, 0, 0, 0 };
  gboolean ok;

  for (guint which = 0; which < 3; which++)
    {
      g_assert_cmpuint (read_list (huge, sizeof huge, which, &ok), ==, 0);
      g_assert_false (ok);
    }
  /* 3 objects (4 bytes each) fit in 12 bytes, 3 u64s do not (24), nor 3
   * strings in 11 (4 bytes each at least). */
  g_assert_cmpuint (read_list (three, sizeof three, 0, &ok), ==, 3);
  g_assert_true (ok);
  g_assert_cmpuint (read_list (three, sizeof three, 1, &ok), ==, 0);
  g_assert_false (ok);
  g_assert_cmpuint (read_list (three, sizeof three - 1, 2, &ok), ==, 0);
  g_assert_false (ok);
}

/* Strings "abc" and "de": 4 + 7 + 6 bytes. Every cut fails, none reads
 * past it (the fence), and the strings whole before the cut come back:
 * below 12 bytes the count of 2 (4 bytes each at least) is refused; from
 * 12 on "abc" is read and "de" is cut. */
static void
test_list_cut (void)
{
  static const guint8 rec[] = { 2, 0, 0, 0, 3, 0, 0, 0, 'a', 'b', 'c', 2, 0, 0, 0, 'd', 'e' };

  for (gsize cut = 0; cut < sizeof rec; cut++)
    {
      Fenced f;
      HsIndexCursor c = cursor_on (&f, rec, cut);
      g_autoptr (GPtrArray) s = hs_index_cursor_strs (&c);
      g_assert_false (hs_index_cursor_ok (&c, FALSE));
      g_assert_cmpuint (s->len, ==, cut >= 12 ? 1 : 0);
      if (s->len == 1)
        g_assert_cmpstr (g_ptr_array_index (s, 0), ==, "abc");
      fenced_clear (&f);
    }
  HsIndexCursor c;
  hs_index_cursor_init (&c, rec, sizeof rec);
  g_autoptr (GPtrArray) s = hs_index_cursor_strs (&c);
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  g_assert_cmpuint (s->len, ==, 2);

  /* Fixed-size items: a cut inside the list fails at its count. */
  static const guint8 ids[] = { 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0 };
  for (gsize cut = 4; cut < sizeof ids; cut++)
    {
      gboolean ok;
      g_assert_cmpuint (read_list (ids, cut, 1, &ok), ==, 0);
      g_assert_false (ok);
    }
}

/* Varints (hs-index-varint.h): the bytes worked out by hand from the
 * description, 7 bits a byte, lowest first. */
static void
test_varint_bytes (void)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();
  static const guint8 want[] = { 0x00, 0x7f, 0x80, 0x01, 0xac, 0x02, 0xff, 0xff, 0xff, 0xff, 0x0f };

  hs_varint_put (b, 0);
  hs_varint_put (b, 127);
  hs_varint_put (b, 128);
  hs_varint_put (b, 300); /* 0b10_0101100: 0x2c | 0x80, then 2 */
  hs_varint_put (b, G_MAXUINT32);
  g_assert_cmpmem (b->data, b->len, want, sizeof want);

  HsVarintReader r;
  hs_varint_reader_init (&r, want, sizeof want);
  g_assert_cmpuint (hs_varint_next (&r), ==, 0);
  g_assert_cmpuint (hs_varint_next (&r), ==, 127);
  g_assert_cmpuint (hs_varint_next (&r), ==, 128);
  g_assert_cmpuint (hs_varint_next (&r), ==, 300);
  g_assert_cmpuint (hs_varint_next (&r), ==, G_MAXUINT32);
  g_assert_true (hs_varint_reader_done (&r));

  /* zigzag: 0, -1, 1, -2, 2 ... as 0, 1, 2, 3, 4 ... */
  g_assert_cmpuint (hs_varint_zigzag (0), ==, 0);
  g_assert_cmpuint (hs_varint_zigzag (-1), ==, 1);
  g_assert_cmpuint (hs_varint_zigzag (1), ==, 2);
  g_assert_cmpuint (hs_varint_zigzag (-2), ==, 3);
  g_assert_cmpuint (hs_varint_zigzag (G_MININT32), ==, G_MAXUINT32);
  g_assert_cmpuint (hs_varint_zigzag (G_MAXINT32), ==, G_MAXUINT32 - 1);
  for (gint64 d = -1000; d <= 1000; d++)
    g_assert_cmpint (hs_varint_unzigzag (hs_varint_zigzag (d)), ==, d);
  g_assert_cmpint (hs_varint_unzigzag (G_MAXUINT32), ==, G_MININT32);
}

static void
test_varint_refused (void)
{
  HsVarintReader r;
  static const guint8 past_end[] = { 0x05, 0x80 };               /* the second says a byte follows */
  static const guint8 wide[] = { 0xff, 0xff, 0xff, 0xff, 0x1f }; /* bit 32 */
  static const guint8 six[] = { 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 };
  static const guint8 left[] = { 0x01, 0x02 };

  hs_varint_reader_init (&r, past_end, sizeof past_end);
  g_assert_cmpuint (hs_varint_next (&r), ==, 5);
  g_assert_cmpuint (hs_varint_next (&r), ==, 0);
  g_assert_true (r.failed);
  g_assert_false (hs_varint_reader_done (&r));
  /* it stays failed, at its end */
  g_assert_cmpuint (hs_varint_next (&r), ==, 0);
  g_assert_true (r.p == r.end);

  hs_varint_reader_init (&r, wide, sizeof wide);
  hs_varint_next (&r);
  g_assert_false (hs_varint_reader_done (&r));

  hs_varint_reader_init (&r, six, sizeof six);
  hs_varint_next (&r);
  g_assert_false (hs_varint_reader_done (&r));

  /* a value left unread: not done */
  hs_varint_reader_init (&r, left, sizeof left);
  g_assert_cmpuint (hs_varint_next (&r), ==, 1);
  g_assert_false (hs_varint_reader_done (&r));

  /* nothing to read */
  hs_varint_reader_init (&r, NULL, 0);
  g_assert_true (hs_varint_reader_done (&r));
  hs_varint_next (&r);
  g_assert_false (hs_varint_reader_done (&r));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-blob/bytes", test_bytes);
  g_test_add_func ("/index-blob/round-trip", test_round_trip);
  g_test_add_func ("/index-blob/cut", test_cut);
  g_test_add_func ("/index-blob/count", test_count);
  g_test_add_func ("/index-blob/strings", test_strings);
  g_test_add_func ("/index-blob/obj", test_obj);
  g_test_add_func ("/index-blob/lists", test_lists);
  g_test_add_func ("/index-blob/list-counts", test_list_counts);
  g_test_add_func ("/index-blob/list-cut", test_list_cut);
  g_test_add_func ("/index-blob/varint-bytes", test_varint_bytes);
  g_test_add_func ("/index-blob/varint-refused", test_varint_refused);
  return g_test_run ();
}
