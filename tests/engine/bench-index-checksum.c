/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-index-checksum: the index checksum's speed on 1 GiB in memory (one
 * core), then writing that GiB as an index section and opening it again
 * (every checksum checked, on both cores, from the page cache). Prints the
 * figures for docs/index.md; asserts nothing about time. Suite 'bench'
 * (docs/testing.md): meson test -C BUILD --suite bench index-checksum. */
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "hs-index-file.h"

#define GiB ((guint64)1 << 30)

int
main (void)
{
  g_autoptr (GError) error = NULL;
  guint64 *data = g_malloc (GiB);
  guint64 x = 88172645463325252ull;
  HsIndexIdentity id = { 0 };

  for (guint64 i = 0; i < GiB / 8; i++)
    {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      data[i] = x;
    }
  (void)hs_index_checksum (data, 256 << 20); /* warm */
  gint64 t0 = g_get_monotonic_time ();
  guint64 sum = hs_index_checksum (data, GiB);
  gint64 t1 = g_get_monotonic_time ();
  printf ("checksum of 1 GiB, one core: %.3f s, %.2f GB/s (sum %016" G_GINT64_MODIFIER "x)\n",
          (t1 - t0) / 1e6, GiB / ((t1 - t0) / 1e6) / 1e9, sum);

  g_autofree char *dir = g_dir_make_tmp ("hs-bench-index-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "bench.hsindex", NULL);
  HsIndexWriter *w = hs_index_writer_new (path, &id, &error);
  t0 = g_get_monotonic_time ();
  if (w == NULL || !hs_index_writer_add (w, 0x100, data, GiB, &error)
      || !hs_index_writer_finish (w, NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  t1 = g_get_monotonic_time ();
  printf ("write 1 GiB (checksummed while written): %.3f s\n", (t1 - t0) / 1e6);
  g_free (data);
  for (int round = 0; round < 3; round++)
    {
      t0 = g_get_monotonic_time ();
      HsIndexFile *f = hs_index_file_open (path, &id, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
      t1 = g_get_monotonic_time ();
      if (f == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      printf ("open and check 1 GiB (both cores, page cache): %.3f s, %.2f GB/s\n", (t1 - t0) / 1e6,
              GiB / ((t1 - t0) / 1e6) / 1e9);
      hs_index_file_unref (f);
    }
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
