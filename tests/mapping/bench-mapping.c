/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-mapping.c: not a test. Reads a mapping file with hs_mapping_load
 * and prints how long the read and parse took (best of N runs) and how
 * many classes it holds; build-aux/bench-mapping.sh writes a big mapping
 * and runs it (docs/performance.md). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hs-mapping.h"

int
main (int argc, char **argv)
{
  int runs = argc > 2 ? atoi (argv[2]) : 5;
  double best = 1e9, best_cpu = 1e9;
  guint classes = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: bench-mapping MAPPING.txt [RUNS]\n");
      return 2;
    }
  for (int i = 0; i < MAX (runs, 1); i++)
    {
      g_autoptr (GError) error = NULL;
      gint64 t0 = g_get_monotonic_time ();
      clock_t c0 = clock ();
      HsMapping *m = hs_mapping_load (argv[1], &error);
      double s = (g_get_monotonic_time () - t0) / 1e6;
      /* CPU time too: on a busy machine the wall clock says little. */
      best_cpu = MIN (best_cpu, (double)(clock () - c0) / CLOCKS_PER_SEC);
      if (m == NULL)
        {
          fprintf (stderr, "bench-mapping: %s\n", error->message);
          return 2;
        }
      classes = hs_mapping_n_classes (m);
      best = MIN (best, s);
      hs_mapping_unref (m);
    }
  printf ("%s: %u classes, best of %d: %.3f s (%.3f s of CPU)\n", argv[1], classes, MAX (runs, 1), best,
          best_cpu);
  return 0;
}
