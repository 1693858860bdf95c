/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-dump-seeds.c: the index-of-a-dump target's seeds
 * (fuzz-index-dump.c), made with this build's writer (the index names the
 * version that wrote it and the dump's identity, which has the dump's
 * mtime): the index of HS_FUZZ_INDEX_DUMP as hs_index_write leaves it,
 * which must be read, and copies of it with, in every section, a u32 at
 * its start, middle and end set to 0xffffffff and to 1, and one byte
 * flipped at its middle: their sums redone by the target, these reach
 * each section's checks with counts, offsets and ids out of range. They
 * must be refused or read without a broken promise (either is fine: a
 * value may be one the dump allows). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "fuzz-index-dump.h"
#include "fuzz-target.h"
#include "hs-index.h"
#include "hs-index-file.h"

static GBytes *
valid_index (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hs-fuzz-index-dump-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "seed.hsindex", NULL);
  HsAnalysisOptions opts = { 0 };
  HsIndexIdentity id;
  char *data = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  g_assert_true (hs_fuzz_index_dump_identity (&id));
  HsAnalysis *a = hs_analysis_run (HS_FUZZ_INDEX_DUMP, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hs_index_write (a, NULL, &id, path, NULL, &error));
  g_assert_no_error (error);
  hs_analysis_free (a);
  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_unlink (path);
  g_rmdir (dir);
  return g_bytes_new_take (data, len);
}

GPtrArray *
hs_fuzz_index_dump_seeds (void)
{
  GPtrArray *seeds = hs_fuzz_seeds_new ();
  g_autoptr (GBytes) valid = valid_index ();
  gsize len;
  const guint8 *orig = g_bytes_get_data (valid, &len);
  g_autofree guint8 *b = g_memdup2 (orig, len);
  g_autoptr (GError) error = NULL;
  HsIndexIdentity id;

  /* The index as written is read. */
  hs_fuzz_seed_add (seeds, g_strdup ("dump-index-seed-valid"), b, len, HS_FUZZ_EXPECT_TRUE);
  /* Where the sections are, from the reader itself on the valid index. */
  g_assert_true (hs_fuzz_index_dump_identity (&id));
  HsIndexFile *f = hs_index_file_open_bytes (b, len, "seed", &id, HS_INDEX_MATCH_SAME_BYTES, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < hs_index_file_n_sections (f); i++)
    {
      guint32 sid;
      guint64 slen;
      const guint8 *p = hs_index_file_nth_section (f, i, &sid, &slen);
      gsize off = (gsize)(p - b);
      if (slen < 4)
        continue;
      gsize at[] = { off, off + (slen / 2 & ~(gsize)3), off + slen - 4 };
      const guint32 values[] = { G_MAXUINT32, 1 };
      for (guint k = 0; k < G_N_ELEMENTS (at); k++)
        for (guint v = 0; v < G_N_ELEMENTS (values); v++)
          {
            g_autofree guint8 *m = g_memdup2 (orig, len);
            memcpy (m + at[k], &values[v], 4);
            hs_fuzz_seed_add (seeds, g_strdup_printf ("dump-index-seed-%x-%u-%x", sid, k, values[v]), m, len,
                              HS_FUZZ_EXPECT_ANY);
          }
      g_autofree guint8 *m = g_memdup2 (orig, len);
      m[off + slen / 2] ^= 0x5a;
      hs_fuzz_seed_add (seeds, g_strdup_printf ("dump-index-seed-%x-flip", sid), m, len, HS_FUZZ_EXPECT_ANY);
    }
  hs_index_file_unref (f);
  return seeds;
}
