/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-driver.c: a fuzz target (fuzz-target.h) without libFuzzer, for
 * every build; the 'fuzz' suite replays the kept inputs with it.
 *
 *   DRIVER [FILE|FOLDER...]   the target's seeds, then the files given
 *                             and those of the folders (sorted by name,
 *                             only the target's: its prefix)
 *   DRIVER --write-seeds DIR  the seeds as files (build-aux/fuzz.sh)
 *
 * Each input is copied into a buffer of exactly its size (so that
 * AddressSanitizer sees a read past its end) and named before it runs (a
 * crash says which). Exits 0 when every input was handled and every seed
 * did what it must; a crash, a sanitizer report or a fatal GLib message
 * fails. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "fuzz-target.h"

static guint n_yes, n_no;

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  /* g_ptr_array_sort passes pointers to the elements. */
  return g_strcmp0 (*(char *const *)a, *(char *const *)b);
}

static gboolean
run_one (const char *name, const guint8 *data, gsize len)
{
  guint8 *exact = g_malloc (len ? len : 1);
  gboolean yes;

  printf ("%s: ", name);
  fflush (stdout);
  if (len > 0)
    memcpy (exact, data, len);
  yes = hs_fuzz_target.run (exact, len);
  g_free (exact);
  printf ("%s\n", yes ? hs_fuzz_target.yes : hs_fuzz_target.no);
  if (yes)
    n_yes++;
  else
    n_no++;
  return yes;
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
  run_one (path, (const guint8 *)data, len);
  return TRUE;
}

static gboolean
is_input (const char *name)
{
  if (hs_fuzz_target.prefix)
    return g_str_has_prefix (name, hs_fuzz_target.prefix);
  return name[0] != '.' && !g_str_has_suffix (name, ".md");
}

static gboolean
run_path (const char *path)
{
  gboolean ok = TRUE;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return run_file (path);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while (dir && (name = g_dir_read_name (dir)))
    if (is_input (name))
      g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, cmp_names);
  for (guint i = 0; i < names->len; i++)
    ok &= run_file (g_ptr_array_index (names, i));
  return ok;
}

static gboolean
write_seeds (GPtrArray *seeds, const char *dir)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < seeds->len; i++)
    {
      HsFuzzSeed *s = g_ptr_array_index (seeds, i);
      g_autofree char *path = g_build_filename (dir, s->name, NULL);
      g_autoptr (GError) error = NULL;
      gsize len;
      const char *data = g_bytes_get_data (s->bytes, &len);
      if (!g_file_set_contents (path, data, len, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          ok = FALSE;
        }
    }
  return ok;
}

static gboolean
run_seeds (GPtrArray *seeds)
{
  gboolean ok = TRUE;
  guint yes = 0;

  for (guint i = 0; i < seeds->len; i++)
    {
      HsFuzzSeed *s = g_ptr_array_index (seeds, i);
      gsize len;
      const guint8 *data = g_bytes_get_data (s->bytes, &len);
      gboolean got = run_one (s->name, data, len);
      yes += got;
      if ((s->expect == HS_FUZZ_EXPECT_TRUE && !got) || (s->expect == HS_FUZZ_EXPECT_FALSE && got))
        {
          fprintf (stderr, "%s: expected it %s\n", s->name,
                   s->expect == HS_FUZZ_EXPECT_TRUE ? hs_fuzz_target.yes : hs_fuzz_target.no);
          ok = FALSE;
        }
    }
  printf ("%u of %u seeds %s\n", yes, seeds->len, hs_fuzz_target.yes);
  return ok;
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) seeds = NULL;
  gboolean ok = TRUE;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  if (hs_fuzz_target.seeds == NULL && argc < 2)
    {
      fprintf (stderr, "usage: %s FILE|DIR...\n", argv[0]);
      return 2;
    }
  if (hs_fuzz_target.init)
    hs_fuzz_target.init ();
  if (hs_fuzz_target.seeds)
    seeds = hs_fuzz_target.seeds ();
  if (argc == 3 && strcmp (argv[1], "--write-seeds") == 0)
    return seeds && write_seeds (seeds, argv[2]) ? 0 : 1;
  if (seeds)
    ok &= run_seeds (seeds);
  for (int i = 1; i < argc; i++)
    ok &= run_path (argv[i]);
  printf ("%u %s, %u %s\n", n_yes, hs_fuzz_target.yes, n_no, hs_fuzz_target.no);
  return ok ? 0 : 1;
}
