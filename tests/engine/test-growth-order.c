/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-growth-order.c: the order of a series (hs-growth-order.h) on files
 * written here byte by byte: an HPROF header's timestamp is the u8 after
 * the format string's NUL and the u4 identifier size; without one (0, a
 * gzip file, a header cut short) the file's mtime, set here with utime;
 * nothing to read (missing, a directory, a FIFO, which must not be waited
 * on) gives 0. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include "hs-growth-order.h"

static char *dir;

/* "JAVA PROFILE 1.0.2", NUL, id size 4, then the u8 time, big-endian. */
static char *
write_hprof (const char *name, guint64 ms, gsize cut)
{
  guint8 buf[64];
  gsize n = 0;
  char *path = g_build_filename (dir, name, NULL);

  memcpy (buf, "JAVA PROFILE 1.0.2", 19); /* with its NUL */
  n = 19;
  buf[n++] = 0, buf[n++] = 0, buf[n++] = 0, buf[n++] = 4;
  for (int i = 7; i >= 0; i--)
    buf[n++] = (guint8)(ms >> (8 * i));
  buf[n++] = 0x01; /* a first record's tag, for a file longer than the header */
  g_assert_true (g_file_set_contents (path, (const char *)buf, (gssize)(cut ? cut : n), NULL));
  return path;
}

static void
set_mtime (const char *path, gint64 seconds)
{
  struct utimbuf t = { .actime = seconds, .modtime = seconds };
  g_assert_cmpint (g_utime (path, &t), ==, 0);
}

static void
test_time (void)
{
  g_autofree char *stamped = write_hprof ("stamped.hprof", G_GUINT64_CONSTANT (1701648000123), 0);
  g_autofree char *zero = write_hprof ("zero.hprof", 0, 0);
  g_autofree char *cut = write_hprof ("cut.hprof", G_GUINT64_CONSTANT (1701648000123), 19 + 4 + 3);
  g_autofree char *gz = g_build_filename (dir, "d.hprof.gz", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.hprof", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.hprof", NULL);

  /* The header wins over an mtime set a day later. */
  set_mtime (stamped, 1701734400);
  g_assert_cmpuint (hs_growth_dump_time_ms (stamped), ==, G_GUINT64_CONSTANT (1701648000123));
  /* No timestamp, or a header cut before its end: the mtime, in ms. */
  set_mtime (zero, 1701648090);
  g_assert_cmpuint (hs_growth_dump_time_ms (zero), ==, G_GUINT64_CONSTANT (1701648090000));
  set_mtime (cut, 1701648091);
  g_assert_cmpuint (hs_growth_dump_time_ms (cut), ==, G_GUINT64_CONSTANT (1701648091000));
  /* A gzip file (its magic, not an HPROF header): the mtime. */
  g_assert_true (g_file_set_contents (gz, "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10, NULL));
  set_mtime (gz, 1701648092);
  g_assert_cmpuint (hs_growth_dump_time_ms (gz), ==, G_GUINT64_CONSTANT (1701648092000));
  /* Nothing to read. */
  g_assert_cmpuint (hs_growth_dump_time_ms (missing), ==, 0);
  g_assert_cmpuint (hs_growth_dump_time_ms (dir), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpuint (hs_growth_dump_time_ms (fifo), ==, 0);

  g_unlink (stamped);
  g_unlink (zero);
  g_unlink (cut);
  g_unlink (gz);
  g_unlink (fifo);
}

/* Oldest first; equal times by path. */
static void
test_order (void)
{
  g_autofree char *late = write_hprof ("late.hprof", 3000, 0);
  g_autofree char *early = write_hprof ("early.hprof", 1000, 0);
  g_autofree char *b = write_hprof ("b.hprof", 2000, 0);
  g_autofree char *a = write_hprof ("a.hprof", 2000, 0);
  char *paths[] = { late, b, early, a };

  hs_growth_order_paths (paths, 4);
  g_assert_cmpstr (paths[0], ==, early);
  g_assert_cmpstr (paths[1], ==, a);
  g_assert_cmpstr (paths[2], ==, b);
  g_assert_cmpstr (paths[3], ==, late);
  hs_growth_order_paths (paths, 0); /* nothing to sort */
  for (guint i = 0; i < 4; i++)
    g_unlink (paths[i]);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("hs-growth-order-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_test_add_func ("/growth-order/time", test_time);
  g_test_add_func ("/growth-order/order", test_order);
  status = g_test_run ();
  g_rmdir (dir);
  g_free (dir);
  return status;
}
