/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the index writer (hs-index-writer.c): the file appears under
 * its name only at finish, and nothing is left behind on abort, on a
 * failing write (a file size limit), on a folder that cannot be written,
 * on cancel, or on the same id twice; targets that are a folder, a FIFO or
 * a device are refused; an index replaces the one that was there; the
 * file's size is the header, the sections padded and the table. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "hs-index-file.h"
#include "hs-types.h"

static const HsIndexIdentity ident_a = { .size = 1000, .mtime_ns = 5, .dev = 1, .ino = 2, .sample_hash = 3 };
static const HsIndexIdentity ident_b = { .size = 2000, .mtime_ns = 6, .dev = 1, .ino = 2, .sample_hash = 4 };

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hs-index-w-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  /* g_ptr_array_sort passes pointers to the elements. */
  return g_strcmp0 (*(char *const *)a, *(char *const *)b);
}

/* The names in dir, sorted, joined with spaces ("" when empty). */
static char *
listing (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, cmp_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_chmod (dir, 0700);
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_assert_cmpint (g_remove (p), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Until finish, only ".a.hsindex.tmp-XXXXXX" (mode 0600); after, only
 * a.hsindex, which opens. */
static void
test_appears_at_finish (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "a.hsindex", NULL);
  g_autoptr (GError) error = NULL;
  guint8 data[1000];

  memset (data, 9, sizeof data);
  HsIndexWriter *w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_no_error (error);
  g_assert_true (hs_index_writer_add (w, 0x100, data, sizeof data, &error));
  g_assert_true (hs_index_writer_add (w, 0x101, data, 10, &error));
  g_assert_true (hs_index_writer_add (w, 0x102, NULL, 0, &error));
  g_autofree char *during = listing (dir);
  g_assert_true (g_str_has_prefix (during, ".a.hsindex.tmp-"));
  g_assert_cmpuint (strlen (during), ==, strlen (".a.hsindex.tmp-XXXXXX"));
  g_autofree char *tmp = g_build_filename (dir, during, NULL);
  GStatBuf st;
  g_assert_cmpint (g_stat (tmp, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0600);
  /* the header (192 bytes) and the sections so far at 64-byte boundaries:
   * 1000 bytes in 1024, 10 in 64, the empty one in none */
  g_assert_cmpuint (st.st_size, ==, 192 + 1024 + 64);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  g_assert_no_error (error);
  g_autofree char *after = listing (dir);
  g_assert_cmpstr (after, ==, "a.hsindex");
  /* then the table: 3 entries of 32 bytes */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_size, ==, 192 + 1024 + 64 + 3 * 32);
  HsIndexFile *f = hs_index_file_open (path, &ident_a, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  hs_index_file_unref (f);

  /* Written again: replaced whole (the other identity now). */
  w = hs_index_writer_new (path, &ident_b, &error);
  g_assert_no_error (error);
  g_assert_true (hs_index_writer_add (w, 0x100, data, 5, &error));
  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  f = hs_index_file_open (path, &ident_b, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  guint64 len;
  g_assert_nonnull (hs_index_file_section (f, 0x100, &len));
  g_assert_cmpuint (len, ==, 5);
  hs_index_file_unref (f);
  g_autofree char *last = listing (dir);
  g_assert_cmpstr (last, ==, "a.hsindex");
  remove_dir (dir);
}

/* Abort, cancel and the same id twice leave the folder as it was (an
 * older index in it untouched). */
static void
test_nothing_left (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "b.hsindex", NULL);
  g_autofree char *old = g_build_filename (dir, "old.hsindex", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  guint8 data[64] = { 1 };

  g_assert_true (g_file_set_contents (old, "old", 3, NULL));
  HsIndexWriter *w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_true (hs_index_writer_add (w, 1, data, sizeof data, &error));
  hs_index_writer_abort (w);
  hs_index_writer_abort (NULL);
  g_autofree char *l1 = listing (dir);
  g_assert_cmpstr (l1, ==, "old.hsindex");

  w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_true (hs_index_writer_add (w, 1, data, sizeof data, &error));
  g_cancellable_cancel (cancel);
  g_assert_false (hs_index_writer_finish (w, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_autofree char *l2 = listing (dir);
  g_assert_cmpstr (l2, ==, "old.hsindex");

  w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_true (hs_index_writer_add (w, 0x100, data, sizeof data, &error));
  g_assert_true (hs_index_writer_add (w, 0x101, data, sizeof data, &error));
  g_assert_true (hs_index_writer_add (w, 0x100, data, 8, &error));
  g_assert_false (hs_index_writer_finish (w, NULL, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "section 0x100 was added twice"));
  g_clear_error (&error);
  g_autofree char *l3 = listing (dir);
  g_assert_cmpstr (l3, ==, "old.hsindex");

  /* g_autoptr aborts. */
  {
    g_autoptr (HsIndexWriter) auto_w = hs_index_writer_new (path, &ident_a, &error);
    g_assert_no_error (error);
  }
  g_autofree char *l4 = listing (dir);
  g_assert_cmpstr (l4, ==, "old.hsindex");
  remove_dir (dir);
}

static void
assert_refused_target (const char *path, const char *why)
{
  g_autoptr (GError) error = NULL;
  HsIndexWriter *w = hs_index_writer_new (path, &ident_a, &error);

  g_assert_null (w);
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_autofree char *want = g_strdup_printf ("Cannot write the index “%s”: %s", path, why);
  g_assert_cmpstr (error->message, ==, want);
}

/* A folder, a FIFO, a device: refused before anything is written. */
static void
test_refused_targets (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_refused_target (sub, "it is a folder");
  assert_refused_target (fifo, "not a regular file (a device, FIFO or socket)");
  assert_refused_target ("/dev/null", "not a regular file (a device, FIFO or socket)");
  g_autofree char *l = listing (dir);
  g_assert_cmpstr (l, ==, "fifo sub");
  g_autofree char *devl = listing ("/dev");
  g_assert_null (strstr (devl, ".null.tmp-"));
  GStatBuf st;
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  /* A folder that does not exist. */
  g_autofree char *nowhere = g_build_filename (dir, "none", "c.hsindex", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_null (hs_index_writer_new (nowhere, &ident_a, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
  remove_dir (dir);
}

/* A write that fails half way (a file size limit: EFBIG, as ENOSPC would
 * be): a clear error naming the file, the temporary file removed at once,
 * every later call failing, nothing at the target. Works as root too. */
static void
test_failing_write (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "d.hsindex", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree guint8 *data = g_malloc0 (256 * 1024);
  struct rlimit old, small;

  HsIndexWriter *w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_no_error (error);
  g_assert_true (hs_index_writer_add (w, 1, data, 1000, &error));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old), ==, 0);
  small = old;
  small.rlim_cur = 64 * 1024;
  void (*was) (int) = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  gboolean added = hs_index_writer_add (w, 2, data, 256 * 1024, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old), ==, 0);
  signal (SIGXFSZ, was);

  g_assert_false (added);
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_autofree char *want = g_strdup_printf ("Cannot write the index “%s”: %s", path, g_strerror (EFBIG));
  g_assert_cmpstr (error->message, ==, want);
  g_clear_error (&error);
  g_autofree char *l1 = listing (dir);
  g_assert_cmpstr (l1, ==, ""); /* removed at once: the room is back */
  g_assert_false (hs_index_writer_add (w, 3, data, 8, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_clear_error (&error);
  g_assert_false (hs_index_writer_finish (w, NULL, &error));
  g_assert_cmpstr (error->message, ==, want);
  g_autofree char *l2 = listing (dir);
  g_assert_cmpstr (l2, ==, "");
  remove_dir (dir);
}

/* A folder this user cannot write to (as root: a child that gives root
 * up, since root writes anywhere): refused with EACCES, nothing made. */
static void
test_read_only_folder_child (void)
{
  const char *ro = g_getenv ("HS_TEST_INDEX_RO_DIR");
  g_autofree char *path = g_build_filename (ro, "e.hsindex", NULL);
  g_autoptr (GError) error = NULL;

  if (geteuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
    g_error ("cannot give up root: %s", g_strerror (errno));
  HsIndexWriter *w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_null (w);
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_autofree char *want
      = g_strdup_printf ("Cannot write the index “%s”: cannot create a file in the folder “%s”: %s", path, ro,
                         g_strerror (EACCES));
  g_assert_cmpstr (error->message, ==, want);
}

static void
test_read_only_folder (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *ro = g_build_filename (dir, "ro", NULL);

  g_assert_cmpint (g_mkdir (ro, 0555), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_setenv ("HS_TEST_INDEX_RO_DIR", ro, TRUE);
  g_test_trap_subprocess ("/index-writer/read-only-folder/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_autofree char *l = listing (ro);
  g_assert_cmpstr (l, ==, "");
  remove_dir (dir);
}

/* A target name near NAME_MAX: the temporary name is cut, not refused. */
static void
test_long_name (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *name = g_strnfill (250, 'n');
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  HsIndexWriter *w = hs_index_writer_new (path, &ident_a, &error);
  g_assert_no_error (error);
  g_assert_true (hs_index_writer_add (w, 1, "x", 1, &error));
  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  g_autofree char *l = listing (dir);
  g_assert_cmpstr (l, ==, name);
  remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-writer/appears-at-finish", test_appears_at_finish);
  g_test_add_func ("/index-writer/nothing-left", test_nothing_left);
  g_test_add_func ("/index-writer/refused-targets", test_refused_targets);
  g_test_add_func ("/index-writer/failing-write", test_failing_write);
  g_test_add_func ("/index-writer/read-only-folder", test_read_only_folder);
  g_test_add_func ("/index-writer/read-only-folder/subprocess", test_read_only_folder_child);
  g_test_add_func ("/index-writer/long-name", test_long_name);
  return g_test_run ();
}
