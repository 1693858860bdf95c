/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the index container's reader (hs-index-file.c) on files the
 * writer made: a round trip of sections of every size (an empty one, one
 * of 80 MiB past the chunk size), the layout and checksums against
 * docs/index.md (index-test-ref.h computes them again), and every kind of
 * broken file refused with HS_ERROR_INDEX and a message naming it: cut,
 * one byte flipped anywhere, other versions, another dump's, tables that
 * point outside, overlap, repeat ids or claim too many sections, a file
 * cut while mapped. The writer's own refusals are test-index-writer.c. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "hs-index-blob.h"
#include "hs-index-file.h"
#include "hs-types.h"
#include "index-test-ref.h"

/* The documented layout (docs/index.md), written out here on purpose. */
#define HEADER 192
#define OFF_FORMAT 16
#define OFF_N 24
#define OFF_TABLE 32
#define OFF_LENGTH 40
#define OFF_CREATED 48
#define OFF_IDENTITY 56
#define OFF_VERSION 112
#define OFF_CHECKSUM 184
#define ENTRY 32

#define BIG_LEN (80 * REF_MiB + 12) /* five chunks of 16 MiB and 12 bytes */

static const HsIndexIdentity ident_a = {
  .size = 123456789,
  .mtime_ns = G_GINT64_CONSTANT (1700000000123456789),
  .dev = 2049,
  .ino = 987654,
  .hprof_timestamp_ms = G_GUINT64_CONSTANT (1733000000000),
  .sample_hash = G_GUINT64_CONSTANT (0x1122334455667788),
  .options_hash = 0xabcdef,
};

typedef struct
{
  guint32 id;
  const guint8 *data;
  guint64 len;
} Section;

/* The sections of the small index: an INFO and a HEAP record, an array of
 * 1000 numbers, an empty section, 13 odd bytes. */
typedef struct
{
  HsIndexBlob info, heap;
  guint32 array[1000];
  guint8 odd[13];
  Section s[5];
} Small;

static void
small_init (Small *m)
{
  hs_index_blob_init (&m->info);
  hs_index_blob_str (&m->info, "/data/dumps/app.hprof");
  hs_index_blob_str (&m->info, PACKAGE_VERSION);
  hs_index_blob_i64 (&m->info, 1733000000);
  hs_index_blob_init (&m->heap);
  for (guint i = 0; i < 9; i++)
    hs_index_blob_u64 (&m->heap, (guint64)i * 1000003);
  for (guint i = 0; i < 1000; i++)
    m->array[i] = i * 7 + 1;
  for (guint i = 0; i < 13; i++)
    m->odd[i] = (guint8)(0xA0 + i);
  m->s[0] = (Section){ HS_INDEX_SECTION_INFO, m->info.bytes->data, m->info.bytes->len };
  m->s[1] = (Section){ HS_INDEX_SECTION_HEAP, m->heap.bytes->data, m->heap.bytes->len };
  m->s[2] = (Section){ 0x100, (const guint8 *)m->array, sizeof m->array };
  m->s[3] = (Section){ 0x101, NULL, 0 };
  m->s[4] = (Section){ 0x102, m->odd, sizeof m->odd };
}

static void
small_clear (Small *m)
{
  hs_index_blob_clear (&m->info);
  hs_index_blob_clear (&m->heap);
}

static void
write_index (const char *path, const HsIndexIdentity *id, const Section *s, guint n)
{
  g_autoptr (GError) error = NULL;
  HsIndexWriter *w = hs_index_writer_new (path, id, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      hs_index_writer_add (w, s[i].id, s[i].data, s[i].len, &error);
      g_assert_no_error (error);
    }
  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  g_assert_no_error (error);
}

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hs-index-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_chmod (p, 0600);
      g_assert_cmpint (g_unlink (p), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static guint64
align64 (guint64 x)
{
  return (x + 63) / 64 * 64;
}

/* The bytes of a file, in an 8-byte aligned buffer. */
static guint8 *
read_file (const char *path, gsize *len)
{
  g_autoptr (GError) error = NULL;
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint ((guintptr)data % 8, ==, 0);
  return (guint8 *)data;
}

static void
put_file (const char *path, const guint8 *data, gsize len)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, (const char *)data, len, &error));
  g_assert_no_error (error);
}

/* The file at path is refused with HS_ERROR_INDEX, a message that names
 * it and contains what (if not NULL). */
static void
assert_refused (const char *path, const HsIndexIdentity *expected, HsIndexMatch match, const char *what)
{
  g_autoptr (GError) error = NULL;
  HsIndexFile *f = hs_index_file_open (path, expected, match, NULL, &error);

  g_assert_null (f);
  g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
  g_assert_true (g_str_has_prefix (error->message, path));
  if (what && strstr (error->message, what) == NULL)
    g_error ("“%s” does not say “%s”", error->message, what);
}

/* The same on bytes (copied to an aligned buffer). */
static void
assert_bytes_refused (const guint8 *data, gsize len, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autofree guint8 *copy = g_memdup2 (data, len ? len : 1);
  HsIndexFile *f
      = hs_index_file_open_bytes (copy, len, "broken.hsindex", &ident_a, HS_INDEX_MATCH_SAME_FILE, &error);

  g_assert_null (f);
  g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
  g_assert_true (g_str_has_prefix (error->message, "broken.hsindex: "));
  if (what && strstr (error->message, what) == NULL)
    g_error ("“%s” does not say “%s”", error->message, what);
}

/* Round trip: contents, alignment, identity, date, version, and the layout
 * and sums docs/index.md describes. */
static void
test_round_trip (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "a.hsindex", NULL);
  g_autoptr (GError) error = NULL;
  Small m;
  guint64 *big = g_new (guint64, BIG_LEN / 8 + 1);
  guint64 x = 88172645463325252ull;

  small_init (&m);
  for (guint64 i = 0; i < BIG_LEN / 8 + 1; i++)
    {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
      big[i] = x;
    }
  Section s[6];
  memcpy (s, m.s, sizeof m.s);
  s[5] = (Section){ 0x103, (const guint8 *)big, BIG_LEN };
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  write_index (path, &ident_a, s, 6);
  gint64 after = g_get_real_time () / G_USEC_PER_SEC;

  HsIndexFile *f = hs_index_file_open (path, &ident_a, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f);
  for (guint i = 0; i < 6; i++)
    {
      guint64 len = 1;
      const guint8 *p = hs_index_file_section (f, s[i].id, &len);
      g_assert_nonnull (p);
      g_assert_cmpuint (len, ==, s[i].len);
      g_assert_cmpuint ((guintptr)p % 64, ==, 0);
      g_assert_true (hs_index_file_contains (f, p));
      if (len > 0)
        g_assert_true (memcmp (p, s[i].data, len) == 0);
    }
  guint64 len = 1;
  g_assert_null (hs_index_file_section (f, 0x2ff, &len));
  g_assert_cmpuint (len, ==, 0);
  g_assert_false (hs_index_file_contains (f, &len));
  g_assert_true (memcmp (hs_index_file_identity (f), &ident_a, sizeof ident_a) == 0);
  g_assert_cmpint (hs_index_file_created (f), >=, before);
  g_assert_cmpint (hs_index_file_created (f), <=, after);
  g_assert_cmpstr (hs_index_file_program_version (f), ==, PACKAGE_VERSION);
  g_assert_cmpstr (hs_index_file_path (f), ==, path);
  g_assert_cmpuint (hs_index_file_n_sections (f), ==, 6);
  guint32 id = 0;
  g_assert_nonnull (hs_index_file_nth_section (f, 2, &id, &len));
  g_assert_cmpuint (id, ==, 0x100); /* ids in order: 1, 2, 0x100, ... */

  /* The layout: the header, each section at the next 64-byte boundary, the
   * table; the length is that sum. */
  guint64 want = HEADER;
  for (guint i = 0; i < 6; i++)
    want = align64 (want + s[i].len);
  want += 6 * ENTRY;
  GStatBuf st;
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint ((guint64)st.st_size, ==, want);
  g_assert_cmpuint (hs_index_file_length (f), ==, want);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0600);

  /* Copy-on-write: a write to a section stays in this process. */
  guint8 *arr = hs_index_file_section (f, 0x100, &len);
  arr[0] ^= 0xff;
  hs_index_file_unref (f);
  gsize flen;
  g_autofree guint8 *bytes = read_file (path, &flen);
  g_assert_cmpuint (flen, ==, want);

  /* The header's fields and the table's sums against the documentation. */
  g_assert_true (memcmp (bytes, "HSINDEX", 8) == 0);
  g_assert_cmpuint (ref_get32 (bytes + OFF_FORMAT), ==, HS_INDEX_FORMAT_VERSION);
  g_assert_cmpuint (ref_get32 (bytes + OFF_N), ==, 6);
  guint64 table = ref_get64 (bytes + OFF_TABLE);
  g_assert_cmpuint (table, ==, want - 6 * ENTRY);
  g_assert_cmpuint (ref_get64 (bytes + OFF_LENGTH), ==, want);
  g_assert_cmpstr ((const char *)bytes + OFF_VERSION, ==, PACKAGE_VERSION);
  g_assert_cmpuint (ref_get64 (bytes + OFF_IDENTITY + 8 * 6), ==, ident_a.options_hash);
  g_assert_cmpuint (ref_get64 (bytes + OFF_CHECKSUM), ==,
                    ref_header_checksum (bytes, bytes + table, 6 * ENTRY));
  guint64 at = HEADER;
  for (guint i = 0; i < 6; i++)
    {
      const guint8 *e = bytes + table + i * ENTRY;
      g_assert_cmpuint (ref_get32 (e), ==, s[i].id);
      g_assert_cmpuint (ref_get32 (e + 4), ==, 0);
      g_assert_cmpuint (ref_get64 (e + 8), ==, at);
      g_assert_cmpuint (ref_get64 (e + 16), ==, s[i].len);
      g_assert_cmpuint (ref_get64 (e + 24), ==, ref_checksum (bytes + at, s[i].len));
      g_assert_cmpuint (hs_index_checksum (bytes + at, s[i].len), ==, ref_checksum (bytes + at, s[i].len));
      at = align64 (at + s[i].len);
    }
  g_assert_cmpuint (ref_get32 (bytes + HEADER + align64 (m.info.bytes->len) + align64 (m.heap.bytes->len)),
                    ==, 1);

  /* Read-only works (the mapping is private, the file opened read-only). */
  g_assert_cmpint (g_chmod (path, 0400), ==, 0);
  f = hs_index_file_open (path, NULL, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  guint32 *again = hs_index_file_section (f, 0x100, &len);
  g_assert_cmpuint (again[999], ==, 999 * 7 + 1);
  again[999] = 5; /* copy-on-write, even on a read-only file */
  hs_index_file_unref (f);

  /* The header alone: INFO, and nothing else handed out. */
  f = hs_index_file_open_header (path, &error);
  g_assert_no_error (error);
  const guint8 *info = hs_index_file_section (f, HS_INDEX_SECTION_INFO, &len);
  HsIndexCursor c;
  hs_index_cursor_init (&c, info, len);
  g_autofree char *dump = hs_index_cursor_str (&c);
  g_autofree char *version = hs_index_cursor_str (&c);
  g_assert_cmpint (hs_index_cursor_i64 (&c), ==, 1733000000);
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  g_assert_cmpstr (dump, ==, "/data/dumps/app.hprof");
  g_assert_null (hs_index_file_section (f, 0x100, &len));
  g_assert_cmpuint (hs_index_file_n_sections (f), ==, 6);
  hs_index_file_unref (f);

  small_clear (&m);
  g_free (big);
  remove_dir (dir);
}

/* The engine's checksum is the documented one on every length up to 200
 * bytes (tails of each size, several stripes), a few bigger ones and a
 * chunked one; and one flipped bit anywhere, two swapped words or one
 * zero more change it. */
static void
test_checksum (void)
{
  guint8 buf[4096 + 5];
  guint32 r = 12345;

  for (gsize i = 0; i < sizeof buf; i++)
    buf[i] = (guint8)((r = r * 1103515245 + 12345) >> 16);
  for (guint64 len = 0; len <= 200; len++)
    g_assert_cmpuint (hs_index_checksum (buf, len), ==, ref_checksum (buf, len));
  g_assert_cmpuint (hs_index_checksum (buf, sizeof buf), ==, ref_checksum (buf, sizeof buf));
  g_assert_cmpuint (hs_index_checksum (buf + 3, 1001), ==, ref_checksum (buf + 3, 1001));
  g_assert_cmpuint (hs_index_checksum (NULL, 0), ==, ref_checksum (buf, 0));

  guint64 sum = hs_index_checksum (buf, 256);
  for (guint bit = 0; bit < 256 * 8; bit++)
    {
      buf[bit / 8] ^= (guint8)(1u << (bit % 8));
      g_assert_cmpuint (hs_index_checksum (buf, 256), !=, sum);
      buf[bit / 8] ^= (guint8)(1u << (bit % 8));
    }
  guint8 swapped[256];
  memcpy (swapped, buf, 256);
  memcpy (swapped, buf + 8, 8);
  memcpy (swapped + 8, buf, 8);
  g_assert_cmpuint (hs_index_checksum (swapped, 256), !=, sum);
  guint8 zeros[65] = { 0 };
  g_assert_cmpuint (hs_index_checksum (zeros, 64), !=, hs_index_checksum (zeros, 65));

  /* Chunked: 64 MiB + 1 byte is five chunks, the last one byte. */
  guint64 n = 64 * REF_MiB + 1;
  guint8 *big = g_malloc (n);
  for (guint64 i = 0; i < n; i++)
    big[i] = (guint8)(i * 131 + (i >> 20));
  g_assert_cmpuint (hs_index_checksum (big, n), ==, ref_checksum (big, n));
  g_assert_cmpuint (hs_index_checksum (big, n - 1), ==, ref_checksum (big, n - 1));
  big[n - 1] ^= 1;
  guint64 flipped = hs_index_checksum (big, n);
  big[n - 1] ^= 1;
  g_assert_cmpuint (flipped, !=, hs_index_checksum (big, n));
  g_free (big);
}

/* A small index written, then read back as bytes: what each test breaks. */
static guint8 *
small_bytes (const char *dir, gsize *len)
{
  g_autofree char *path = g_build_filename (dir, "small.hsindex", NULL);
  Small m;

  small_init (&m);
  write_index (path, &ident_a, m.s, 5);
  small_clear (&m);
  guint8 *b = read_file (path, len);
  g_unlink (path);
  return b;
}

/* The table's sums made right again after a change (the reference's). */
static void
fix_header (guint8 *b)
{
  guint64 table = ref_get64 (b + OFF_TABLE);
  guint32 n = ref_get32 (b + OFF_N);
  ref_put64 (b + OFF_CHECKSUM, ref_header_checksum (b, b + table, (guint64)n * ENTRY));
}

/* Cut at every 1/16 of the length and a few bytes before the end: as
 * files, and for the big index as bytes. */
static void
test_cut (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "cut.hsindex", NULL);
  gsize len;
  g_autofree guint8 *b = small_bytes (dir, &len);
  g_autoptr (GError) error = NULL;

  /* Whole, it opens. */
  HsIndexFile *f = hs_index_file_open_bytes (b, len, "whole", &ident_a, HS_INDEX_MATCH_SAME_FILE, &error);
  g_assert_no_error (error);
  hs_index_file_unref (f);

  gsize cuts[16 + 9];
  guint n = 0;
  for (guint k = 0; k < 16; k++)
    cuts[n++] = len * k / 16;
  for (guint k = 1; k <= 8; k++)
    cuts[n++] = len - k;
  cuts[n++] = len - ENTRY; /* the last table entry gone */
  for (guint i = 0; i < n; i++)
    {
      put_file (path, b, cuts[i]);
      assert_refused (path, &ident_a, HS_INDEX_MATCH_SAME_FILE, NULL);
      assert_bytes_refused (b, cuts[i], NULL);
    }
  /* A longer file (bytes appended) is refused too. */
  g_autofree guint8 *longer = g_malloc0 (len + 64);
  memcpy (longer, b, len);
  assert_bytes_refused (longer, len + 64, "but its header says");

  /* The big index, cut, as bytes: refused before any section is read. */
  g_autofree char *big_path = g_build_filename (dir, "big.hsindex", NULL);
  guint8 *big = g_malloc0 (BIG_LEN);
  Section s = { 0x100, big, BIG_LEN };
  write_index (big_path, &ident_a, &s, 1);
  g_free (big);
  gsize big_len;
  g_autofree guint8 *bb = read_file (big_path, &big_len);
  for (guint k = 0; k < 16; k++)
    {
      f = hs_index_file_open_bytes (bb, big_len * k / 16, "big", NULL, HS_INDEX_MATCH_SAME_FILE, &error);
      g_assert_null (f);
      g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
      g_assert_true (k == 0 || strstr (error->message, "cut short") != NULL);
      g_clear_error (&error);
    }
  f = hs_index_file_open_bytes (bb, big_len, "big", NULL, HS_INDEX_MATCH_SAME_FILE, &error);
  g_assert_no_error (error);
  hs_index_file_unref (f);
  g_unlink (big_path);
  g_unlink (path);
  remove_dir (dir);
}

/* One byte flipped, anywhere in the file (header, table, each section,
 * the padding between them), and the index is refused; then once in each
 * part as a file. */
static void
test_flipped (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "flipped.hsindex", NULL);
  gsize len;
  g_autofree guint8 *b = small_bytes (dir, &len);

  for (gsize i = 0; i < len; i++)
    {
      b[i] ^= 0x5a;
      assert_bytes_refused (b, len, NULL);
      b[i] ^= 0x5a;
    }
  /* As files: the header, the table, and the middle of every section
   * that has bytes (the checksum says which). */
  guint64 table = ref_get64 (b + OFF_TABLE);
  gsize places[] = { 0, 100, OFF_CHECKSUM, table + 3, len - 1 };
  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    {
      b[places[i]] ^= 0x01;
      put_file (path, b, len);
      assert_refused (path, &ident_a, HS_INDEX_MATCH_SAME_FILE, NULL);
      b[places[i]] ^= 0x01;
    }
  for (guint i = 0; i < 5; i++)
    {
      const guint8 *e = b + table + i * ENTRY;
      guint64 at = ref_get64 (e + 8), slen = ref_get64 (e + 16);
      if (slen == 0)
        continue;
      b[at + slen / 2] ^= 0x80;
      put_file (path, b, len);
      g_autofree char *what = g_strdup_printf ("checksum of section 0x%x", ref_get32 (e));
      assert_refused (path, &ident_a, HS_INDEX_MATCH_SAME_FILE, what);
      b[at + slen / 2] ^= 0x80;
    }
  g_unlink (path);
  remove_dir (dir);
}

/* Another format version, another program version: said so. */
static void
test_versions (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "version.hsindex", NULL);
  gsize len;
  g_autofree guint8 *b = small_bytes (dir, &len);

  ref_put32 (b + OFF_FORMAT, HS_INDEX_FORMAT_VERSION + 1);
  put_file (path, b, len);
  g_autofree char *format = g_strdup_printf ("index format %d, this Heapscope reads format %d",
                                             HS_INDEX_FORMAT_VERSION + 1, HS_INDEX_FORMAT_VERSION);
  assert_refused (path, NULL, HS_INDEX_MATCH_SAME_FILE, format);
  ref_put32 (b + OFF_FORMAT, HS_INDEX_FORMAT_VERSION);

  memset (b + OFF_VERSION, 0, 64);
  strcpy ((char *)b + OFF_VERSION, "0.0.1-other");
  fix_header (b); /* right sums: the version alone is wrong */
  put_file (path, b, len);
  g_autofree char *other
      = g_strdup_printf ("written by Heapscope 0.0.1-other, this is Heapscope %s", PACKAGE_VERSION);
  assert_refused (path, NULL, HS_INDEX_MATCH_SAME_FILE, other);

  /* Not text: said without it. */
  memset (b + OFF_VERSION, 0xff, 64);
  put_file (path, b, len);
  assert_refused (path, NULL, HS_INDEX_MATCH_SAME_FILE, "program version at byte 112 is not readable");
  g_unlink (path);
  remove_dir (dir);
}

/* Another dump: every field under SAME_FILE; under SAME_BYTES the size,
 * timestamp, sampled hash and options only. */
static void
test_identity (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "identity.hsindex", NULL);
  Small m;
  g_autoptr (GError) error = NULL;

  small_init (&m);
  write_index (path, &ident_a, m.s, 5);
  small_clear (&m);
  static const struct
  {
    gsize offset;
    const char *name;
    gboolean same_bytes_too;
  } fields[] = {
    { G_STRUCT_OFFSET (HsIndexIdentity, size), "size", TRUE },
    { G_STRUCT_OFFSET (HsIndexIdentity, mtime_ns), "modification time", FALSE },
    { G_STRUCT_OFFSET (HsIndexIdentity, dev), "device and inode", FALSE },
    { G_STRUCT_OFFSET (HsIndexIdentity, ino), "device and inode", FALSE },
    { G_STRUCT_OFFSET (HsIndexIdentity, hprof_timestamp_ms), "HPROF timestamp", TRUE },
    { G_STRUCT_OFFSET (HsIndexIdentity, sample_hash), "sampled contents", TRUE },
    { G_STRUCT_OFFSET (HsIndexIdentity, options_hash), "analysis options", TRUE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      HsIndexIdentity other = ident_a;
      *(guint64 *)((guint8 *)&other + fields[i].offset) += 1;
      g_autofree char *what = g_strdup_printf ("written for another dump (the %s differs)", fields[i].name);
      assert_refused (path, &other, HS_INDEX_MATCH_SAME_FILE, what);
      if (fields[i].same_bytes_too)
        assert_refused (path, &other, HS_INDEX_MATCH_SAME_BYTES, what);
      else
        {
          HsIndexFile *f = hs_index_file_open (path, &other, HS_INDEX_MATCH_SAME_BYTES, NULL, &error);
          g_assert_no_error (error);
          hs_index_file_unref (f);
        }
    }
  /* A copy elsewhere (another device, inode, mtime) matches by bytes. */
  HsIndexIdentity copied = ident_a;
  copied.dev = 66;
  copied.ino = 77;
  copied.mtime_ns = 0;
  HsIndexFile *f = hs_index_file_open (path, &copied, HS_INDEX_MATCH_SAME_BYTES, NULL, &error);
  g_assert_no_error (error);
  hs_index_file_unref (f);
  g_unlink (path);
  remove_dir (dir);
}

/* Tables that lie, with their checksum made right: each caught by its
 * own check. */
static void
test_bad_tables (void)
{
  g_autofree char *dir = make_dir ();
  gsize len;
  g_autofree guint8 *orig = small_bytes (dir, &len);
  g_autofree guint8 *b = g_malloc (len);
  guint64 table = ref_get64 (orig + OFF_TABLE);
  guint8 *e0 = b + table, *e1 = b + table + ENTRY, *e2 = b + table + 2 * ENTRY;

#define RESET() memcpy (b, orig, len)
  /* The table changed, its checksum made right; or a header field that
   * is checked before the checksum (and would send fix_header out). */
#define REFUSED(what)                                                                                        \
  do                                                                                                         \
    {                                                                                                        \
      fix_header (b);                                                                                        \
      assert_bytes_refused (b, len, what);                                                                   \
    }                                                                                                        \
  while (0)
#define REFUSED_RAW(what) assert_bytes_refused (b, len, what)

  /* Pointing past the sections, or past the end with a huge length. */
  RESET ();
  ref_put64 (e0 + 8, table + 64);
  REFUSED ("overruns the file");
  RESET ();
  ref_put64 (e2 + 16, G_MAXUINT64);
  REFUSED ("overruns the file");
  RESET ();
  ref_put64 (e2 + 8, G_MAXUINT64 - 63);
  REFUSED ("overruns the file");
  RESET ();
  ref_put64 (e0 + 8, 0); /* over the header */
  REFUSED ("overruns the file");
  /* Two sections on the same bytes. */
  RESET ();
  ref_put64 (e1 + 8, ref_get64 (e0 + 8));
  REFUSED ("overlaps section 0x1");
  /* Bytes that belong to no section (a section said shorter). */
  RESET ();
  ref_put64 (e2 + 16, ref_get64 (e2 + 16) - 96); /* 3904 bytes: ends on a boundary */
  REFUSED ("128 bytes at byte");
  /* The same id twice. */
  RESET ();
  ref_put32 (e1, HS_INDEX_SECTION_INFO);
  REFUSED ("section 0x1 appears twice (table entries 0 and 1)");
  /* Misaligned, unknown flags. */
  RESET ();
  ref_put64 (e1 + 8, ref_get64 (e1 + 8) + 8);
  REFUSED ("is not 64-byte aligned");
  RESET ();
  ref_put32 (e1 + 4, 1);
  REFUSED ("has unknown flags 0x1");
  /* A huge number of sections, and one too many. */
  RESET ();
  ref_put32 (b + OFF_N, G_MAXUINT32);
  REFUSED_RAW ("a table of 4294967295 sections cannot fit");
  RESET ();
  ref_put32 (b + OFF_N, 6);
  REFUSED_RAW ("does not end the file");
  RESET ();
  ref_put64 (b + OFF_TABLE, table - 64);
  REFUSED_RAW ("does not end the file");
  RESET ();
  ref_put64 (b + OFF_TABLE, G_MAXUINT64);
  REFUSED_RAW ("does not end the file");
  /* Not an index at all; another byte order. */
  RESET ();
  b[0] = 'X';
  REFUSED_RAW ("not a Heapscope index");
  RESET ();
  ref_put32 (b + 8, 0x04030201);
  REFUSED_RAW ("another byte order");
  /* The reference's sums agree with the engine's: unchanged, it opens. */
  RESET ();
  fix_header (b);
  g_assert_true (memcmp (b, orig, len) == 0);
#undef RESET
#undef REFUSED
#undef REFUSED_RAW
  remove_dir (dir);
}

/* Files that are no index: missing, a folder, empty, all zeros. */
static void
test_not_index (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing.hsindex", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.hsindex", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.hsindex", NULL);
  g_autofree guint8 *zeros = g_malloc0 (8192);

  assert_refused (missing, NULL, HS_INDEX_MATCH_SAME_FILE, g_strerror (ENOENT));
  assert_refused (dir, NULL, HS_INDEX_MATCH_SAME_FILE, "not a regular file");
  put_file (empty, zeros, 0);
  assert_refused (empty, NULL, HS_INDEX_MATCH_SAME_FILE, "0 bytes, less than its 192-byte header");
  put_file (zero, zeros, 8192);
  assert_refused (zero, NULL, HS_INDEX_MATCH_SAME_FILE, "not a Heapscope index");
  g_autoptr (GError) error = NULL;
  g_assert_null (hs_index_file_open_header (zero, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
  g_unlink (empty);
  g_unlink (zero);
  remove_dir (dir);
}

/* Cancelled before the sums: G_IO_ERROR_CANCELLED, nothing kept. */
static void
test_cancel (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "cancel.hsindex", NULL);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  Small m;

  small_init (&m);
  write_index (path, &ident_a, m.s, 5);
  small_clear (&m);
  g_cancellable_cancel (cancel);
  g_assert_null (hs_index_file_open (path, NULL, HS_INDEX_MATCH_SAME_FILE, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_unlink (path);
  remove_dir (dir);
}

/* A file cut while mapped: the pages past the cut read as zeros, the file
 * says it changed, and nothing crashes. */
static void
test_cut_while_mapped (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "shrinks.hsindex", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree guint8 *ones = g_malloc (256 * 1024);
  Section s = { 0x100, ones, 256 * 1024 };
  guint64 len;

  memset (ones, 1, 256 * 1024);
  write_index (path, &ident_a, &s, 1);
  HsIndexFile *f = hs_index_file_open (path, &ident_a, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  volatile guint8 *p = hs_index_file_section (f, 0x100, &len);
  g_assert_cmpuint (p[200000], ==, 1);
  g_assert_false (hs_index_file_changed (f));
  g_assert_cmpint (truncate (path, 4096), ==, 0);
  g_assert_cmpuint (p[200000], ==, 0);
  p[200001] = 7; /* and writable still */
  g_assert_cmpuint (p[200001], ==, 7);
  g_assert_true (hs_index_file_changed (f));
  hs_index_file_unref (f);
  g_unlink (path);
  remove_dir (dir);
}

static void
skip_big_endian (void)
{
  g_test_skip ("the tests read the header as little-endian");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      g_test_add_func ("/index-file/big-endian", skip_big_endian);
      return g_test_run ();
    }
  g_test_add_func ("/index-file/round-trip", test_round_trip);
  g_test_add_func ("/index-file/checksum", test_checksum);
  g_test_add_func ("/index-file/cut", test_cut);
  g_test_add_func ("/index-file/flipped", test_flipped);
  g_test_add_func ("/index-file/versions", test_versions);
  g_test_add_func ("/index-file/identity", test_identity);
  g_test_add_func ("/index-file/bad-tables", test_bad_tables);
  g_test_add_func ("/index-file/not-an-index", test_not_index);
  g_test_add_func ("/index-file/cancel", test_cancel);
  g_test_add_func ("/index-file/cut-while-mapped", test_cut_while_mapped);
  return g_test_run ();
}
