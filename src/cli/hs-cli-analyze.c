/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-analyze.c: `heapscope-cli analyze`: the whole pipeline, with phase times
 * and the peak RSS (--timings). */
#include "config.h"

#include "hs-cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The process's anonymous resident memory now (kB; Linux's RssAnon), -1
 * when unknown: what a reopen from the index costs beside the file-backed
 * pages of the dump and the index, which peak RSS counts too. */
static long
anon_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *at;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) || !(at = strstr (status, "RssAnon:")))
    return -1;
  return strtol (at + strlen ("RssAnon:"), NULL, 10);
}

int
hs_cli_analyze (const HsCliOptions *o, const char *path, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, TRUE, error);
  if (!a)
    return 2;
  double total = (g_get_monotonic_time () - t0) / 1e6;
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  const HsSummary *s = hs_heap_summary (a->heap);
  guint leaks = hs_cli_n_traces (a->leaks->application_leaks) + hs_cli_n_traces (a->leaks->library_leaks);
  if (o->json)
    {
      g_print (
          "{\"objects\": %" G_GUINT64_FORMAT ", \"references\": %" G_GUINT64_FORMAT
          ", \"reachable_bytes\": %" G_GUINT64_FORMAT
          ", \"leaks\": %u, \"total_s\": %.3f, \"peak_rss_kb\": %ld, \"anon_rss_kb\": %ld, \"phases\": {",
          s->objects, hs_graph_n_edges (hs_heap_graph (a->heap)), s->reachable_bytes, leaks, total,
          ru.ru_maxrss, anon_rss_kb ());
      for (guint i = 0; i < a->timings->len; i++)
        {
          HsPhaseTime *t = &g_array_index (a->timings, HsPhaseTime, i);
          g_print ("%s\"%s\": %.3f", i ? ", " : "", t->phase, t->seconds);
        }
      g_print ("}}\n");
      return 0;
    }
  g_print ("%" G_GUINT64_FORMAT " objects, %" G_GUINT64_FORMAT " references, %" G_GUINT64_FORMAT
           " reachable bytes, %u leak%s\n",
           s->objects, hs_graph_n_edges (hs_heap_graph (a->heap)), s->reachable_bytes, leaks,
           leaks == 1 ? "" : "s");
  if (o->timings)
    {
      for (guint i = 0; i < a->timings->len; i++)
        {
          HsPhaseTime *t = &g_array_index (a->timings, HsPhaseTime, i);
          g_print ("  %-16s %8.3f s\n", t->phase, t->seconds);
        }
      g_print ("  %-16s %8.3f s\n", "total", total);
      g_print ("  %-16s %8.1f MiB\n", "peak RSS", ru.ru_maxrss / 1024.0);
      long anon = anon_rss_kb ();
      if (anon >= 0)
        g_print ("  %-16s %8.1f MiB\n", "anonymous now", anon / 1024.0);
    }
  return 0;
}
