/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-cache: the folder of indexes under $XDG_CACHE_HOME (a temporary
 * folder here), filled with files of chosen sizes and mtimes: which go
 * when room is made (the least recently used, never keep, never what is
 * not an index), the limit and where it is kept, a folder that cannot be
 * written. The files are plain bytes: nothing here opens an index. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-index-cache.h"
#include "hs-types.h"

#define GiB ((guint64)1 << 30)

static char *root; /* XDG_CACHE_HOME and XDG_CONFIG_HOME are below it */

static char *
dir (void)
{
  return hs_index_cache_dir ();
}

/* name in the cache folder: size bytes, mtime Unix seconds. */
static char *
put (const char *name, gsize size, gint64 mtime)
{
  g_autofree char *d = dir ();
  char *path = g_build_filename (d, name, NULL);
  g_autofree char *data = g_malloc0 (size + 1);
  struct timespec times[2] = { { (time_t)mtime, 0 }, { (time_t)mtime, 0 } };

  g_assert_cmpint (g_mkdir_with_parents (d, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, data, (gssize)size, NULL));
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW), ==, 0);
  return path;
}

static gboolean
exists (const char *name)
{
  g_autofree char *d = dir ();
  g_autofree char *path = g_build_filename (d, name, NULL);
  struct stat st;
  return g_lstat (path, &st) == 0;
}

/* Empties the folder and the limit before each test. */
static void
reset (void)
{
  g_autofree char *d = dir ();
  g_autofree char *config = g_build_filename (root, "config", "heapscope", "cache.ini", NULL);
  g_autoptr (GDir) gd = g_dir_open (d, 0, NULL);
  const char *name;
  struct stat st;

  if (g_lstat (d, &st) == 0 && !S_ISDIR (st.st_mode))
    g_assert_cmpint (g_unlink (d), ==, 0);
  while (gd && (name = g_dir_read_name (gd)) != NULL)
    {
      g_autofree char *p = g_build_filename (d, name, NULL);
      g_assert_cmpint (g_unlink (p), ==, 0);
    }
  g_unlink (config);
  g_assert_cmpint (g_mkdir_with_parents (d, 0700), ==, 0);
}

static void
test_dir (void)
{
  g_autofree char *d = dir ();
  g_autofree char *want = g_build_filename (root, "cache", "heapscope", NULL);
  g_assert_cmpstr (d, ==, want);
}

static void
test_default_limit (void)
{
  reset ();
  g_assert_false (hs_index_cache_limit_is_set ());
  /* At least 1 GiB; else four times the biggest, in the folder or coming. */
  g_assert_cmpuint (hs_index_cache_limit (0), ==, GiB);
  g_assert_cmpuint (hs_index_cache_limit (GiB / 4), ==, GiB);
  g_assert_cmpuint (hs_index_cache_limit (GiB), ==, 4 * GiB);
  g_assert_cmpuint (hs_index_cache_limit (3 * GiB), ==, 12 * GiB);
  /* A 300 MiB index in the folder (sparse: no disk used). */
  g_autofree char *big = put ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex", 0, 1000);
  g_assert_cmpint (truncate (big, 300 << 20), ==, 0);
  g_assert_cmpuint (hs_index_cache_limit (0), ==, 1200 << 20);
  g_assert_cmpuint (hs_index_cache_limit (GiB), ==, 4 * GiB);
}

static void
test_set_limit (void)
{
  g_autofree char *config = g_build_filename (root, "config", "heapscope", "cache.ini", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  reset ();
  g_assert_true (hs_index_cache_set_limit (12345, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (hs_index_cache_limit_is_set ());
  g_assert_cmpuint (hs_index_cache_limit (10 * GiB), ==, 12345);
  g_assert_true (g_file_get_contents (config, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[cache]"));
  g_assert_nonnull (strstr (text, "limit-bytes=12345"));
  /* 0: no index is kept. */
  g_assert_true (hs_index_cache_set_limit (0, FALSE, &error));
  g_assert_cmpuint (hs_index_cache_limit (0), ==, 0);
  g_assert_false (hs_index_cache_make_room (1, NULL, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_clear_error (&error);
  /* Back to the default. */
  g_assert_true (hs_index_cache_set_limit (0, TRUE, &error));
  g_assert_false (hs_index_cache_limit_is_set ());
  g_assert_cmpuint (hs_index_cache_limit (0), ==, GiB);
  /* A limit that is not a number is no limit. */
  g_assert_true (g_file_set_contents (config, "[cache]\nlimit-bytes=lots\n", -1, NULL));
  g_assert_false (hs_index_cache_limit_is_set ());
  g_assert_cmpuint (hs_index_cache_limit (0), ==, GiB);
}

static void
test_evicts_least_recently_used (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *d = NULL;
  g_autofree char *keep = NULL;

  reset ();
  g_assert_true (hs_index_cache_set_limit (10000, FALSE, &error));
  /* 4 x 2000 bytes: 8000. Oldest first: a (100), keep (200), b (300),
   * c (400). */
  g_free (put ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex", 2000, 100));
  keep = put ("00000000000000000000000000000000.hsindex", 2000, 200);
  g_free (put ("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.hsindex", 2000, 300));
  g_free (put ("cccccccccccccccccccccccccccccccc.hsindex", 2000, 400));
  /* Not ours: never removed, not counted. */
  g_free (put ("notes.txt", 50000, 50));
  g_free (put ("x.hsindex.bak", 50000, 50));

  /* 2000 more fits: keep's bytes are not counted (it is being replaced),
   * 6000 + 2000 <= 10000. */
  g_assert_true (hs_index_cache_make_room (2000, keep, &error));
  g_assert_no_error (error);
  g_assert_true (exists ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex")
                 && exists ("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.hsindex")
                 && exists ("cccccccccccccccccccccccccccccccc.hsindex"));
  /* 5000 more: 6000 + 5000 > 10000: a goes (the oldest), 4000 + 5000 fits. */
  g_assert_true (hs_index_cache_make_room (5000, keep, &error));
  g_assert_false (exists ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex"));
  g_assert_true (exists ("00000000000000000000000000000000.hsindex")
                 && exists ("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.hsindex")
                 && exists ("cccccccccccccccccccccccccccccccc.hsindex"));
  /* 9000 more: b and c go; keep stays whatever it costs. */
  g_assert_true (hs_index_cache_make_room (9000, keep, &error));
  g_assert_false (exists ("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.hsindex")
                  || exists ("cccccccccccccccccccccccccccccccc.hsindex"));
  g_assert_true (exists ("00000000000000000000000000000000.hsindex"));
  /* Without keep, keep is an index like the others. */
  g_assert_true (hs_index_cache_make_room (9000, NULL, &error));
  g_assert_false (exists ("00000000000000000000000000000000.hsindex"));
  g_assert_true (exists ("notes.txt") && exists ("x.hsindex.bak"));
  /* Bigger than the limit: refused, nothing removed. */
  g_free (put ("dddddddddddddddddddddddddddddddd.hsindex", 2000, 500));
  g_assert_false (hs_index_cache_make_room (10001, NULL, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "bigger than"));
  g_assert_true (exists ("dddddddddddddddddddddddddddddddd.hsindex"));
  g_clear_error (&error);

  /* A touch makes an index the most recently used. */
  g_free (put ("eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.hsindex", 2000, 600));
  d = dir ();
  g_autofree char *dpath = g_build_filename (d, "dddddddddddddddddddddddddddddddd.hsindex", NULL);
  hs_index_cache_touch (dpath);
  g_assert_true (hs_index_cache_make_room (8000, NULL, &error));
  g_assert_true (exists ("dddddddddddddddddddddddddddddddd.hsindex"));
  g_assert_false (exists ("eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.hsindex"));
}

static void
test_temporary_files (void)
{
  g_autoptr (GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  reset ();
  g_assert_true (hs_index_cache_set_limit (10000, FALSE, &error));
  /* A writer's temporary file two hours old is left over: it goes; one a
   * minute old may be being written: it stays. */
  g_free (put (".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex.tmp-old000", 100, now - 2 * 3600));
  g_free (put (".bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.hsindex.tmp-new000", 100, now - 60));
  g_assert_true (hs_index_cache_make_room (10, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (exists (".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex.tmp-old000"));
  g_assert_true (exists (".bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.hsindex.tmp-new000"));
  /* No probe file is left behind. */
  g_autofree char *d = dir ();
  g_autoptr (GDir) gd = g_dir_open (d, 0, NULL);
  const char *name;
  guint n = 0;
  while ((name = g_dir_read_name (gd)) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 1);
}

static void
test_symlinks_are_never_followed (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *outside = g_build_filename (root, "outside.hsindex", NULL);
  g_autofree char *d = NULL;
  g_autofree char *link = NULL;
  struct stat st;

  reset ();
  g_assert_true (hs_index_cache_set_limit (1000, FALSE, &error));
  g_assert_true (g_file_set_contents (outside, "precious", -1, NULL));
  g_free (put ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex", 500, 100));
  d = dir ();
  link = g_build_filename (d, "11111111111111111111111111111111.hsindex", NULL);
  g_assert_cmpint (symlink (outside, link), ==, 0);
  /* The link is neither counted nor removed (whatever its time); a goes. */
  g_assert_true (hs_index_cache_make_room (1000, NULL, &error));
  g_assert_false (exists ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.hsindex"));
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_cmpint (g_stat (outside, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 8);
  /* A folder named like an index is not touched either. */
  g_autofree char *sub = g_build_filename (d, "folder.hsindex", NULL);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  guint64 removed = 1;
  g_assert_true (hs_index_cache_clear (&removed, &error));
  g_assert_cmpuint (removed, ==, 0);
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_cmpint (g_stat (outside, &st), ==, 0);
  g_assert_cmpint (g_rmdir (sub), ==, 0);
}

static void
test_list_and_clear (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = NULL;
  guint64 removed = 0;

  reset ();
  /* No folder at all: an empty list, nothing to clear. */
  g_autofree char *d = dir ();
  g_assert_cmpint (g_rmdir (d), ==, 0);
  list = hs_index_cache_list (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);
  g_assert_true (hs_index_cache_clear (&removed, &error));
  g_assert_cmpuint (removed, ==, 0);

  g_free (put ("11111111111111111111111111111111.hsindex", 300, 1000));
  g_free (put ("22222222222222222222222222222222.hsindex", 500, 3000));
  g_free (put ("33333333333333333333333333333333.hsindex", 700, 2000));
  g_free (put (".ffffffffffffffffffffffffffffffff.hsindex.tmp-100000", 11, 10));
  g_free (put ("readme", 13, 10));
  list = hs_index_cache_list (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  const char *order[]
      = { "22222222222222222222222222222222.hsindex", "33333333333333333333333333333333.hsindex",
          "11111111111111111111111111111111.hsindex" };
  const guint64 sizes[] = { 500, 700, 300 };
  const gint64 used[] = { 3000, 2000, 1000 };
  for (guint i = 0; i < 3; i++)
    {
      const HsIndexCacheEntry *e = g_ptr_array_index (list, i);
      g_autofree char *base = g_path_get_basename (e->path);
      g_assert_cmpstr (base, ==, order[i]);
      g_assert_cmpuint (e->size, ==, sizes[i]);
      g_assert_cmpint (e->last_used, ==, used[i]);
      /* Zeros are no index: unreadable, so unusable and no dump named. */
      g_assert_false (e->usable);
      g_assert_null (e->dump_path);
      g_assert_cmpint (e->created, ==, 0);
    }
  /* Clearing removes the indexes and the temporary file: 1511 bytes. */
  g_assert_true (hs_index_cache_clear (&removed, &error));
  g_assert_cmpuint (removed, ==, 300 + 500 + 700 + 11);
  g_assert_true (exists ("readme"));
  g_assert_false (exists ("11111111111111111111111111111111.hsindex")
                  || exists (".ffffffffffffffffffffffffffffffff.hsindex.tmp-100000"));
}

/* The file system keeps a twentieth of itself free: an index that takes
 * every free byte is refused; a small one is taken when the disk has more
 * than a twentieth free now (by a margin of a hundredth, for the other
 * programs writing meanwhile). */
static void
test_file_system_full (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *d = NULL;
  struct statvfs vfs;

  reset ();
  d = dir ();
  g_assert_true (hs_index_cache_set_limit (G_MAXUINT64, FALSE, &error));
  g_assert_cmpint (statvfs (d, &vfs), ==, 0);
  guint64 fs_size = (guint64)vfs.f_blocks * vfs.f_frsize;
  guint64 avail = (guint64)vfs.f_bavail * vfs.f_frsize;

  g_assert_false (hs_index_cache_make_room (avail, NULL, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "nearly full"));
  g_clear_error (&error);
  if (avail > fs_size / 20 + fs_size / 100)
    g_assert_true (hs_index_cache_make_room (1000, NULL, &error));
  else if (avail + fs_size / 100 < fs_size / 20)
    g_assert_false (hs_index_cache_make_room (1000, NULL, &error));
  else
    g_test_message ("free space within a hundredth of the twentieth: the small index is not tried");
}

/* Where the folder should be there is a file: it cannot be made. */
static void
test_cannot_create (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *d = NULL;

  reset ();
  d = dir ();
  g_assert_cmpint (g_rmdir (d), ==, 0);
  g_assert_true (g_file_set_contents (d, "in the way", -1, NULL));
  g_assert_false (hs_index_cache_make_room (1000, NULL, &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "cannot create the index cache folder"));
  g_assert_nonnull (strstr (error->message, d));
  g_clear_error (&error);
  /* Listing it: an error, not a crash. */
  g_assert_null (hs_index_cache_list (&error));
  g_assert_error (error, HS_ERROR, HS_ERROR_IO);
  g_assert_cmpint (g_unlink (d), ==, 0);
}

/* A folder without write permission: refused, unless the process is root,
 * which writes anyway: what the probe finds is what counts. */
static void
test_read_only (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *d = NULL;

  reset ();
  d = dir ();
  g_assert_cmpint (g_chmod (d, 0500), ==, 0);
  gboolean ok = hs_index_cache_make_room (1000, NULL, &error);
  g_assert_cmpint (g_chmod (d, 0700), ==, 0);
  if (geteuid () == 0)
    {
      g_test_message ("root: the folder is writable whatever its mode");
      g_assert_no_error (error);
      g_assert_true (ok);
    }
  else
    {
      g_assert_false (ok);
      g_assert_error (error, HS_ERROR, HS_ERROR_IO);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "read-only"));
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *cache = NULL;
  g_autofree char *config = NULL;

  root = g_dir_make_tmp ("hs-index-cache-XXXXXX", NULL);
  g_assert_nonnull (root);
  cache = g_build_filename (root, "cache", NULL);
  config = g_build_filename (root, "config", NULL);
  /* Before GLib reads them (it keeps them for the process's life). */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/index-cache/dir", test_dir);
  g_test_add_func ("/index-cache/default-limit", test_default_limit);
  g_test_add_func ("/index-cache/set-limit", test_set_limit);
  g_test_add_func ("/index-cache/evicts-least-recently-used", test_evicts_least_recently_used);
  g_test_add_func ("/index-cache/temporary-files", test_temporary_files);
  g_test_add_func ("/index-cache/symlinks", test_symlinks_are_never_followed);
  g_test_add_func ("/index-cache/list-and-clear", test_list_and_clear);
  g_test_add_func ("/index-cache/file-system-full", test_file_system_full);
  g_test_add_func ("/index-cache/cannot-create", test_cannot_create);
  g_test_add_func ("/index-cache/read-only", test_read_only);
  int rc = g_test_run ();
  g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", root);
  if (system (rm) != 0)
    g_printerr ("could not remove %s\n", root);
  return rc;
}
