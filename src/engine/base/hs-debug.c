/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-debug.c: step times for HEAPSCOPE_DEBUG_TIMES=1 (see hs-debug.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hs-debug.h"
#include "hs-timing.h"

/* The resident set and its anonymous part (resident minus file-backed:
 * what the analysis itself holds, without the dump's pages). */
static double
rss_mib (double *anon)
{
  double rss = 0;
  *anon = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f)
    {
      unsigned long size = 0, res = 0, shared = 0;
      if (fscanf (f, "%lu %lu %lu", &size, &res, &shared) == 3)
        {
          rss = res * 4096.0 / 1048576.0;
          *anon = (res - MIN (shared, res)) * 4096.0 / 1048576.0;
        }
      fclose (f);
    }
  return rss;
}

void
hs_debug_step (HsDebugClock *clock, const char *what)
{
  if (!hs_timing_enabled ())
    return;
  struct timespec ts;
  clock_gettime (clock->thread_cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &ts);
  gint64 cpu = (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
  gint64 now = g_get_monotonic_time ();
  if (what)
    {
      int pad = 20 - (int)strlen (clock->prefix);
      double anon, rss = rss_mib (&anon);
      g_printerr ("  %s%-*s %7.3f s wall %7.3f s cpu %6.0f MiB RSS %6.0f MiB anon\n", clock->prefix,
                  MAX (pad, 1), what, (now - clock->wall) / 1e6, (cpu - clock->cpu) / 1e6, rss, anon);
    }
  clock->wall = now;
  clock->cpu = cpu;
}
