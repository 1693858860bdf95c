/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inflating a gzip dump (hs-gzip.c): its own phase, "decompressing", with
 * the bytes done; Cancel stops it within a few MB of output, whatever the
 * ratio (a 10 GiB bomb of 10 MB here); the temporary file is gone after.
 * Bytes, not time, are what is measured: the assertions hold on any
 * machine, under sanitizers too. */
#include <string.h>
#include <zlib.h>
#include <glib/gstdio.h>

#include "hs-heap.h"

#define MiB ((guint64)1 << 20)

static char *tmpdir;

/* One gzip member of n zeros. */
static GByteArray *
gzip_zeros (gsize n)
{
  z_stream zs = { 0 };
  guint8 *in = g_malloc0 (n);
  gsize cap = deflateBound (&zs, n) + 64;
  GByteArray *out;

  g_assert_cmpint (deflateInit2 (&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), ==, Z_OK);
  cap = deflateBound (&zs, n) + 64;
  out = g_byte_array_sized_new (cap);
  g_byte_array_set_size (out, cap);
  zs.next_in = in;
  zs.avail_in = n;
  zs.next_out = out->data;
  zs.avail_out = cap;
  g_assert_cmpint (deflate (&zs, Z_FINISH), ==, Z_STREAM_END);
  g_byte_array_set_size (out, cap - zs.avail_out);
  deflateEnd (&zs);
  g_free (in);
  return out;
}

/* members copies of 16 MiB of zeros (jcmd -gz writes one member a block):
 * members x 16 MiB inflated from members x ~16 KB. */
static GByteArray *
bomb (guint members)
{
  g_autoptr (GByteArray) one = gzip_zeros (16 * MiB);
  GByteArray *all = g_byte_array_sized_new (one->len * members);
  for (guint i = 0; i < members; i++)
    g_byte_array_append (all, one->data, one->len);
  return all;
}

typedef struct
{
  GCancellable *cancellable;
  guint64 cancel_at; /* cancel once this many bytes came out; 0: never */
  guint64 bytes;     /* the last "bytes:N" */
  guint64 bytes_at_cancel;
  guint n_bytes_reports;
  gboolean decompressing, other_phase_after;
} Seen;

static void
on_progress (const char *phase, double fraction, gpointer data)
{
  Seen *s = data;
  g_assert_true (fraction >= 0.0 && fraction <= 1.0);
  if (g_str_has_prefix (phase, "bytes:"))
    {
      guint64 b = g_ascii_strtoull (phase + 6, NULL, 10);
      g_assert_true (s->decompressing);
      g_assert_cmpuint (b, >=, s->bytes);
      s->bytes = b;
      s->n_bytes_reports++;
      if (s->cancel_at && b >= s->cancel_at && !g_cancellable_is_cancelled (s->cancellable))
        {
          s->bytes_at_cancel = b;
          g_cancellable_cancel (s->cancellable);
        }
    }
  else if (g_str_equal (phase, "decompressing"))
    s->decompressing = TRUE;
  else if (s->decompressing && !g_str_has_prefix (phase, "notice:"))
    s->other_phase_after = TRUE;
}

static guint
files_in (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  g_assert_nonnull (d);
  while (g_dir_read_name (d))
    n++;
  return n;
}

/* A 10 GiB bomb, cancelled after 64 MiB: stopped with G_IO_ERROR_CANCELLED
 * within the next look (4 MiB of output), nothing left in the folder. */
static void
test_cancel_while_decompressing (void)
{
  g_autoptr (GByteArray) gz = bomb (640);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  Seen s = { .cancellable = cancellable, .cancel_at = 64 * MiB };

  g_assert_cmpuint (gz->len, <, 12 * MiB);
  HsHeap *heap
      = hs_heap_open_bytes (gz->data, gz->len, "bomb.hprof.gz", NULL, on_progress, &s, cancellable, &error);
  g_assert_null (heap);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_true (s.decompressing);
  g_assert_cmpuint (s.bytes_at_cancel, >=, 64 * MiB);
  /* No report past the one that cancelled: the next look stopped it. */
  g_assert_cmpuint (s.bytes, ==, s.bytes_at_cancel);
  g_assert_cmpuint (files_in (tmpdir), ==, 0);
}

/* The phase and its bytes: reported every few MB up to the whole size,
 * then the parse goes on (and fails: zeros are no HPROF header). */
static void
test_bytes_reported (void)
{
  g_autoptr (GByteArray) gz = bomb (4);
  g_autoptr (GError) error = NULL;
  Seen s = { 0 };

  HsHeap *heap
      = hs_heap_open_bytes (gz->data, gz->len, "zeros.hprof.gz", NULL, on_progress, &s, NULL, &error);
  g_assert_null (heap);
  g_assert_error (error, HS_ERROR, HS_ERROR_FORMAT);
  g_assert_true (s.decompressing);
  g_assert_cmpuint (s.bytes, ==, 64 * MiB);
  g_assert_cmpuint (s.n_bytes_reports, >=, 64 / 4);
  g_assert_cmpuint (files_in (tmpdir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* A folder of our own, before anything asks for the temporary folder. */
  tmpdir = g_dir_make_tmp ("hs-gzip-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_setenv ("TMPDIR", tmpdir, TRUE);
  g_test_add_func ("/gzip/cancel-while-decompressing", test_cancel_while_decompressing);
  g_test_add_func ("/gzip/bytes-reported", test_bytes_reported);
  int rc = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return rc;
}
