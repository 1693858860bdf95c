/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-key: the identity of a dump (stat, the HPROF header's time, the
 * sampled hash), the options' hash and the cache name. Every expectation
 * is a fact hs-index-key.h states: the first 64 KiB and the last 64 KiB
 * are always sampled, the size and mtime come from stat, the timestamp is
 * the header's u4 high and low words. */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-index-key.h"
#include "hs-types.h"

/* A file of len bytes (xorshift: no two 4 KiB blocks alike), 1 MiB being
 * well past the ~400 KiB the hash reads (the sampled case). */
#define BIG ((gsize)1 << 20)

static char *tmp;

static char *
write_file (const char *name, const guint8 *data, gsize len)
{
  char *path = g_build_filename (tmp, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, (const char *)data, (gssize)len, &error);
  g_assert_no_error (error);
  return path;
}

static guint8 *
random_bytes (gsize len, guint32 seed)
{
  guint8 *b = g_malloc (len);
  guint32 x = seed;

  for (gsize i = 0; i < len; i++)
    {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      b[i] = (guint8)x;
    }
  return b;
}

static HsIndexIdentity
identity (const char *path)
{
  HsIndexIdentity id;
  g_autoptr (GError) error = NULL;

  g_assert_true (hs_index_identity_of_dump (path, 42, &id, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (id.options_hash, ==, 42);
  return id;
}

/* Rewrites one byte in place (same size), then puts the mtime back. */
static void
poke (const char *path, goffset at)
{
  struct stat st;
  int fd = open (path, O_RDWR);
  guint8 b;

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (fstat (fd, &st), ==, 0);
  g_assert_cmpint (pread (fd, &b, 1, at), ==, 1);
  b ^= 0x5a;
  g_assert_cmpint (pwrite (fd, &b, 1, at), ==, 1);
  struct timespec times[2] = { st.st_atim, st.st_mtim };
  g_assert_cmpint (futimens (fd, times), ==, 0);
  close (fd);
}

static void
test_stat_facts (void)
{
  g_autofree guint8 *data = random_bytes (BIG, 7);
  g_autofree char *path = write_file ("stat.bin", data, BIG);
  struct timespec times[2] = { { 1000000000, 5 }, { 1000000000, 5 } };
  struct stat st;

  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  HsIndexIdentity id = identity (path);
  g_assert_cmpuint (id.size, ==, BIG);
  g_assert_cmpint (id.mtime_ns, ==, G_GINT64_CONSTANT (1000000000000000005));
  g_assert_cmpuint (id.dev, ==, (guint64)st.st_dev);
  g_assert_cmpuint (id.ino, ==, (guint64)st.st_ino);
  g_assert_cmpuint (id.hprof_timestamp_ms, ==, 0); /* random bytes: no header */

  /* Touched: the mtime changes, the bytes and so the hash do not. */
  times[1].tv_sec = 1700000000;
  times[1].tv_nsec = 123456789;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  HsIndexIdentity touched = identity (path);
  g_assert_cmpint (touched.mtime_ns, ==, G_GINT64_CONSTANT (1700000000123456789));
  g_assert_cmpuint (touched.sample_hash, ==, id.sample_hash);
  g_assert_cmpuint (touched.size, ==, id.size);
}

static void
test_sampled_bytes (void)
{
  g_autofree guint8 *data = random_bytes (BIG, 11);
  g_autofree char *path = write_file ("sampled.bin", data, BIG);
  HsIndexIdentity before = identity (path);

  /* A byte in the first 64 KiB: the hash changes, nothing else. */
  poke (path, 40000);
  HsIndexIdentity first = identity (path);
  g_assert_cmpuint (first.sample_hash, !=, before.sample_hash);
  g_assert_cmpuint (first.size, ==, before.size);
  g_assert_cmpint (first.mtime_ns, ==, before.mtime_ns);
  /* Put back: the same hash again (it is a function of the bytes). */
  poke (path, 40000);
  g_assert_cmpuint (identity (path).sample_hash, ==, before.sample_hash);

  /* A byte in the last 64 KiB. */
  poke (path, BIG - 100);
  g_assert_cmpuint (identity (path).sample_hash, !=, before.sample_hash);
  poke (path, BIG - 100);

  /* One byte appended: the size changes, and the hash (it covers the size
   * and the last block moved). */
  FILE *f = fopen (path, "ab");
  g_assert_nonnull (f);
  fputc ('x', f);
  fclose (f);
  HsIndexIdentity longer = identity (path);
  g_assert_cmpuint (longer.size, ==, BIG + 1);
  g_assert_cmpuint (longer.sample_hash, !=, before.sample_hash);

  /* Two files with the same bytes have the same hash, wherever they are. */
  g_autofree char *copy = write_file ("sampled-copy.bin", data, BIG);
  g_autofree char *orig = write_file ("sampled.bin", data, BIG);
  HsIndexIdentity a = identity (orig), b = identity (copy);
  g_assert_cmpuint (a.sample_hash, ==, b.sample_hash);
  g_assert_cmpuint (a.ino, !=, b.ino);
}

static void
test_small_file (void)
{
  /* Smaller than the first block: read whole, a change anywhere shows. */
  guint8 data[1000];

  memset (data, 'a', sizeof data);
  g_autofree char *path = write_file ("small.bin", data, sizeof data);
  HsIndexIdentity a = identity (path);
  poke (path, 999);
  HsIndexIdentity b = identity (path);
  g_assert_cmpuint (a.size, ==, 1000);
  g_assert_cmpuint (a.sample_hash, !=, b.sample_hash);

  g_autofree char *empty = write_file ("empty.bin", data, 0);
  HsIndexIdentity e = identity (empty);
  g_assert_cmpuint (e.size, ==, 0);
  g_assert_cmpuint (e.hprof_timestamp_ms, ==, 0);
}

static void
test_hprof_timestamp (void)
{
  /* "JAVA PROFILE 1.0.2\0", id size 8, time 0x0000018B 0x12345678. */
  static const char text[] = "JAVA PROFILE 1.0.2\0"
                             "\0\0\0\x08"
                             "\0\0\x01\x8b"
                             "\x12\x34\x56\x78";
  const guint8 *header = (const guint8 *)text;
  const gsize header_len = sizeof text - 1; /* 19 + 12: the literal's own NUL left out */
  g_autofree guint8 *data = random_bytes (BIG, 3);

  memcpy (data, header, header_len);
  g_autofree char *big = write_file ("big.hprof", data, BIG);
  g_assert_cmpuint (identity (big).hprof_timestamp_ms, ==, G_GUINT64_CONSTANT (0x0000018B12345678));
  /* The header alone (a dump with no record yet). */
  g_autofree char *bare = write_file ("bare.hprof", header, header_len);
  g_assert_cmpuint (identity (bare).hprof_timestamp_ms, ==, G_GUINT64_CONSTANT (0x0000018B12345678));
  /* Cut inside the time: no timestamp. */
  g_autofree char *cut = write_file ("cut.hprof", header, header_len - 1);
  g_assert_cmpuint (identity (cut).hprof_timestamp_ms, ==, 0);

  /* A gzip file (its magic 1f 8b, deflate): 0, whatever follows. */
  data[0] = 0x1f, data[1] = 0x8b, data[2] = 8;
  g_autofree char *gz = write_file ("dump.hprof.gz", data, BIG);
  g_assert_cmpuint (identity (gz).hprof_timestamp_ms, ==, 0);
}

static void
test_errors (void)
{
  g_autofree char *missing = g_build_filename (tmp, "no-such.hprof", NULL);
  g_autoptr (GError) error = NULL;
  HsIndexIdentity id;

  g_assert_false (hs_index_identity_of_dump (missing, 0, &id, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);
  /* A folder is not a dump. */
  g_assert_false (hs_index_identity_of_dump (tmp, 0, &id, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, tmp));
}

static guint64
options_hash (const HsAnalysisOptions *opts)
{
  g_autoptr (GError) error = NULL;
  guint64 h = 0;

  g_assert_true (hs_index_options_hash (opts, &h, &error));
  g_assert_no_error (error);
  return h;
}

static void
test_options_hash (void)
{
  HsAnalysisOptions base = { 0 };
  HsAnalysisOptions o;
  guint64 h = options_hash (&base);
  static const char table[] = "# a matcher table\ninstance field com.example.Foo#bar\n";
  g_autofree char *m1 = write_file ("matchers-1.txt", (const guint8 *)table, strlen (table));
  g_autofree char *sub = g_build_filename (tmp, "elsewhere", NULL);
  g_autofree char *m2 = NULL;

  g_assert_cmpuint (options_hash (&base), ==, h);
  o = base, o.open.follow_weak = TRUE;
  g_assert_cmpuint (options_hash (&o), !=, h);
  o = base, o.open.dump = 1;
  g_assert_cmpuint (options_hash (&o), !=, h);
  o = base, o.leaks.android_inspectors_as_leaks = TRUE;
  g_assert_cmpuint (options_hash (&o), !=, h);
  o = base, o.leaks.android_inspectors_when_unwatched = TRUE;
  g_assert_cmpuint (options_hash (&o), !=, h);
  o = base, o.leaks.api_level = 29;
  g_assert_cmpuint (options_hash (&o), !=, h);
  /* The threshold: 0 is 10 (hs-analysis.h), 20 is not. */
  o = base, o.suspects_percent = 10;
  g_assert_cmpuint (options_hash (&o), ==, h);
  o = base, o.suspects_percent = 20;
  g_assert_cmpuint (options_hash (&o), !=, h);
  /* What does not change results: what is skipped, a mapping, the pass
   * beside. */
  o = base, o.skip_leaks = TRUE, o.skip_dominators = TRUE, o.beside_in_background = TRUE;
  o.mapping = (HsMapping *)&o; /* never read */
  g_assert_cmpuint (options_hash (&o), ==, h);

  /* A matcher file: its contents count, not its name. */
  o = base, o.leaks.matchers_path = m1;
  guint64 with_table = options_hash (&o);
  g_assert_cmpuint (with_table, !=, h);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  m2 = g_build_filename (sub, "other-name.txt", NULL);
  g_assert_true (g_file_set_contents (m2, table, -1, NULL));
  o.leaks.matchers_path = m2;
  g_assert_cmpuint (options_hash (&o), ==, with_table);
  g_assert_true (g_file_set_contents (m2, "# edited\n", -1, NULL));
  g_assert_cmpuint (options_hash (&o), !=, with_table);

  /* A matcher file that cannot be read: FALSE, the file named. */
  g_autofree char *gone = g_build_filename (tmp, "no-matchers.txt", NULL);
  g_autoptr (GError) error = NULL;
  guint64 out;
  o.leaks.matchers_path = gone;
  g_assert_false (hs_index_options_hash (&o, &out, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, gone));
}

static void
test_cache_name (void)
{
  g_autofree guint8 *data = random_bytes (4096, 5);
  g_autofree char *path = write_file ("named.hprof", data, 4096);
  g_autofree char *link = g_build_filename (tmp, "link.hprof", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  HsIndexIdentity id = identity (path);
  HsIndexIdentity other = id;
  g_autofree char *name = hs_index_cache_name (path, &id);

  /* 32 hex digits and the suffix. */
  g_assert_cmpuint (strlen (name), ==, 32 + strlen (".hsindex"));
  g_assert_true (g_str_has_suffix (name, ".hsindex"));
  for (guint i = 0; i < 32; i++)
    g_assert_true (g_ascii_isxdigit (name[i]) && !g_ascii_isupper (name[i]));

  /* The same file named another way: the same name. */
  g_assert_cmpint (symlink (path, link), ==, 0);
  g_autofree char *via_link = hs_index_cache_name (link, &id);
  g_assert_cmpstr (via_link, ==, name);
  g_assert_cmpint (g_chdir (tmp), ==, 0);
  g_autofree char *relative = hs_index_cache_name ("./sub/../named.hprof", &id);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_assert_cmpstr (relative, ==, name);

  /* Other options, another inode or another file: another name. */
  other.options_hash++;
  g_autofree char *n1 = hs_index_cache_name (path, &other);
  g_assert_cmpstr (n1, !=, name);
  other = id, other.ino++;
  g_autofree char *n2 = hs_index_cache_name (path, &other);
  g_assert_cmpstr (n2, !=, name);
  g_autofree char *copy = write_file ("named-copy.hprof", data, 4096);
  g_autofree char *n3 = hs_index_cache_name (copy, &id);
  g_assert_cmpstr (n3, !=, name);
  /* The size, mtime and hash are not in the name (they are checked when
   * the index is opened): a rewritten dump finds its old index. */
  other = id, other.size++, other.mtime_ns++, other.sample_hash++;
  g_autofree char *n4 = hs_index_cache_name (path, &other);
  g_assert_cmpstr (n4, ==, name);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = g_dir_make_tmp ("hs-index-key-XXXXXX", NULL);
  g_assert_nonnull (tmp);
  g_autofree char *sub = g_build_filename (tmp, "sub", NULL);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_test_add_func ("/index-key/stat", test_stat_facts);
  g_test_add_func ("/index-key/sampled", test_sampled_bytes);
  g_test_add_func ("/index-key/small", test_small_file);
  g_test_add_func ("/index-key/hprof-timestamp", test_hprof_timestamp);
  g_test_add_func ("/index-key/errors", test_errors);
  g_test_add_func ("/index-key/options-hash", test_options_hash);
  g_test_add_func ("/index-key/cache-name", test_cache_name);
  int rc = g_test_run ();
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmp);
  if (system (rm) != 0)
    g_printerr ("could not remove %s\n", tmp);
  return rc;
}
