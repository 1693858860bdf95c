/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-driver.c: runs files (or every file of folders) through the same
 * code path as the fuzzer, without libFuzzer. Used by the regression test:
 *   fuzz-driver FILE|DIR...
 * Exits 0 when every input was handled (loaded or rejected with an
 * HS_ERROR); a crash, a sanitizer report or a fatal GLib message fails. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-one.h"

static int n_loaded, n_rejected;

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  /* g_ptr_array_sort passes pointers to the elements. */
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
  /* Copy into a buffer of exactly len bytes so that ASan sees any read
   * past the end (g_file_get_contents adds a NUL). */
  guint8 *exact = g_malloc (len ? len : 1);
  memcpy (exact, data, len);
  gboolean loaded = hs_fuzz_one (exact, len);
  g_free (exact);
  printf ("%s: %s\n", path, loaded ? "loaded" : "rejected");
  if (loaded)
    n_loaded++;
  else
    n_rejected++;
  return TRUE;
}

int
main (int argc, char **argv)
{
  gboolean ok = TRUE;
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE|DIR...\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
          g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
          const char *name;
          while (dir && (name = g_dir_read_name (dir)))
            if (name[0] != '.' && !g_str_has_suffix (name, ".md"))
              g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
          g_ptr_array_sort (names, cmp_names);
          for (guint j = 0; j < names->len; j++)
            ok &= run_file (g_ptr_array_index (names, j));
        }
      else
        {
          ok &= run_file (argv[i]);
        }
    }
  printf ("%d loaded, %d rejected\n", n_loaded, n_rejected);
  return ok ? 0 : 1;
}
