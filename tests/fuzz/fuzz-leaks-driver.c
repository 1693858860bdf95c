/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-leaks-driver.c: runs fuzz-leaks-one over the files given (the kept
 * inputs of regressions/leaks-*) and over inputs of its own from a fixed
 * pseudo-random sequence, so that every build runs the leak search's
 * invariants on a few hundred heaps. */
#include "config.h"

#include "fuzz-leaks-one.h"

int
main (int argc, char **argv)
{
  GRand *rand = g_rand_new_with_seed (20);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
      const char *name;
      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *path = g_build_filename (argv[i], name, NULL);
          g_autofree char *data = NULL;
          gsize len;
          if (!g_str_has_prefix (name, "leaks-") || !g_file_get_contents (path, &data, &len, NULL))
            continue;
          hs_fuzz_leaks_one ((const guint8 *)data, len);
        }
    }
  for (int i = 0; i < 300; i++)
    {
      guint len = g_rand_int_range (rand, 1, 1200);
      guint8 *data = g_malloc (len);
      for (guint k = 0; k < len; k++)
        data[k] = g_rand_int_range (rand, 0, 256);
      if (i % 10 == 0 && len > 2)
        data[1] = 2 + i % 5; /* long chains now and then: abridged traces */
      hs_fuzz_leaks_one (data, len);
      g_free (data);
    }
  g_rand_free (rand);
  return 0;
}
