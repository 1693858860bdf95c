/* SPDX-License-Identifier: GPL-3.0-or-later */
/* waste-beside-ab.c: the analysis and the waste pass of one dump, with the
 * pass beside the dominators (on) or after the analysis (off); prints the
 * wall seconds of hs_analysis_run, of hs_waste_find after it, and of both
 * (docs/performance.md, "The waste pass beside the dominators"). Not built
 * by meson; against a build directory:
 *
 *   gcc -O2 -o /tmp/waste-ab tools/waste-beside-ab.c -Isrc/engine -Ibuild \
 *     build/src/engine/hs-engine-resources.c $(pkg-config --cflags glib-2.0 gio-2.0) \
 *     build/src/engine/libheapscope-engine.a \
 *     $(pkg-config --libs glib-2.0 gio-2.0 zlib) -lm
 *   for i in 1 2 3 4 5; do /tmp/waste-ab DUMP on; /tmp/waste-ab DUMP off; done
 */
#include <stdio.h>
#include <string.h>

#include "hs-waste.h"

int
main (int argc, char **argv)
{
  if (argc != 3 || (strcmp (argv[2], "on") != 0 && strcmp (argv[2], "off") != 0))
    {
      fprintf (stderr, "usage: %s DUMP on|off\n", argv[0]);
      return 2;
    }
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };
  opts.find_waste = strcmp (argv[2], "on") == 0;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (HsAnalysis) a = hs_analysis_run (argv[1], &opts, NULL, NULL, NULL, &error);
  gint64 t1 = g_get_monotonic_time ();
  g_autoptr (HsWaste) w = a ? hs_waste_find (a, NULL, &error) : NULL;
  gint64 t2 = g_get_monotonic_time ();
  if (!w)
    {
      fprintf (stderr, "%s\n", error ? error->message : "failed");
      return 1;
    }
  printf ("%s: analysis %.3f s, waste after it %.3f s, both %.3f s%s\n", argv[2], (t1 - t0) / 1e6,
          (t2 - t1) / 1e6, (t2 - t0) / 1e6, w->beside ? " (found beside)" : "");
  return 0;
}
