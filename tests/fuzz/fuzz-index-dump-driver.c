/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-dump-driver.c: the index-of-a-dump target (fuzz-index-dump.c)
 * without libFuzzer.
 *
 *   fuzz-index-dump-driver [FILE|FOLDER...]   the seeds, then kept inputs
 *   fuzz-index-dump-driver --write-seeds DIR  the seeds as files (fuzz.sh)
 *
 * The seeds are made here with this build's writer (the index names the
 * version that wrote it and the dump's identity, which has the dump's
 * mtime): the index of HS_FUZZ_INDEX_DUMP as hs_index_write leaves it,
 * which must open, and copies of it with, in every section, a u32 at its
 * start, middle and end set to 0xffffffff and to 1, and one byte flipped
 * at its middle: their sums redone by the target, these reach each
 * section's checks with counts, offsets and ids out of range. They must
 * be refused or read without a broken promise (either is fine: a value
 * may be one the dump allows). In folders, only files named dump-index-*
 * are read. Exits 0 when all went as expected. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "fuzz-index-dump.h"
#include "hs-index.h"
#include "hs-index-file.h"

typedef struct
{
  char *name;
  GBytes *bytes;
} Seed;

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

static void
add_seed (GArray *seeds, char *name, const guint8 *data, gsize len)
{
  Seed s = { name, g_bytes_new (data, len) };
  g_array_append_val (seeds, s);
}

static GArray *
make_seeds (void)
{
  GArray *seeds = g_array_new (FALSE, FALSE, sizeof (Seed));
  g_autoptr (GBytes) valid = valid_index ();
  gsize len;
  const guint8 *orig = g_bytes_get_data (valid, &len);
  g_autofree guint8 *b = g_memdup2 (orig, len);
  g_autoptr (GError) error = NULL;
  HsIndexIdentity id;

  add_seed (seeds, g_strdup ("dump-index-seed-valid"), b, len);
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
            add_seed (seeds, g_strdup_printf ("dump-index-seed-%x-%u-%x", sid, k, values[v]), m, len);
          }
      g_autofree guint8 *m = g_memdup2 (orig, len);
      m[off + slen / 2] ^= 0x5a;
      add_seed (seeds, g_strdup_printf ("dump-index-seed-%x-flip", sid), m, len);
    }
  hs_index_file_unref (f);
  return seeds;
}

static void
seeds_free (GArray *seeds)
{
  for (guint i = 0; i < seeds->len; i++)
    {
      Seed *s = &g_array_index (seeds, Seed, i);
      g_free (s->name);
      g_bytes_unref (s->bytes);
    }
  g_array_unref (seeds);
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *)a, *(char *const *)b);
}

static gboolean
run_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, &error))
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return FALSE;
    }
  printf ("%s: %s\n", path, hs_fuzz_index_dump_one ((const guint8 *)data, len) ? "read" : "refused");
  return TRUE;
}

int
main (int argc, char **argv)
{
  GArray *seeds = make_seeds ();
  gboolean ok = TRUE;
  guint read = 0;

  if (argc == 3 && strcmp (argv[1], "--write-seeds") == 0)
    {
      for (guint i = 0; i < seeds->len; i++)
        {
          Seed *s = &g_array_index (seeds, Seed, i);
          g_autofree char *path = g_build_filename (argv[2], s->name, NULL);
          g_autoptr (GError) error = NULL;
          gsize len;
          const char *data = g_bytes_get_data (s->bytes, &len);
          if (!g_file_set_contents (path, data, len, &error))
            {
              fprintf (stderr, "%s\n", error->message);
              ok = FALSE;
            }
        }
      seeds_free (seeds);
      return ok ? 0 : 1;
    }
  for (guint i = 0; i < seeds->len; i++)
    {
      Seed *s = &g_array_index (seeds, Seed, i);
      gsize len;
      const guint8 *data = g_bytes_get_data (s->bytes, &len);
      /* Named before it runs: a crash says which seed. */
      printf ("%s: ", s->name);
      fflush (stdout);
      gboolean opened = hs_fuzz_index_dump_one (data, len);
      printf ("%s\n", opened ? "read" : "refused");
      read += opened;
      /* The index as written is read. */
      if (i == 0 && !opened)
        {
          fprintf (stderr, "%s: expected it to be read\n", s->name);
          ok = FALSE;
        }
    }
  printf ("%u of %u seeds read\n", read, seeds->len);
  seeds_free (seeds);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
      if (!dir)
        {
          ok &= run_file (argv[i]);
          continue;
        }
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      while ((name = g_dir_read_name (dir)))
        if (g_str_has_prefix (name, "dump-index-"))
          g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
      g_ptr_array_sort (names, cmp_names);
      for (guint j = 0; j < names->len; j++)
        ok &= run_file (g_ptr_array_index (names, j));
    }
  return ok ? 0 : 1;
}
