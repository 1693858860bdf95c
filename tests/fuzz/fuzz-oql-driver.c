/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-oql-driver.c: runs query files (or every file of folders) through
 * fuzz-oql-one.c without libFuzzer; the 'fuzz' suite runs the kept
 * findings and seeds with it. Exits 0 when every query was handled. */
#include "config.h"

#include <stdio.h>

#include "fuzz-oql-one.h"

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
  printf ("%s: %s\n", path, hs_fuzz_oql_one ((const guint8 *)data, len) ? "ran" : "rejected");
  return TRUE;
}

int
main (int argc, char **argv)
{
  gboolean ok = TRUE;
  hs_fuzz_oql_init ();
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
        g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
      g_ptr_array_sort (names, cmp_names);
      for (guint j = 0; j < names->len; j++)
        ok &= run_file (g_ptr_array_index (names, j));
    }
  return ok ? 0 : 1;
}
