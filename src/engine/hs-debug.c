/* hs-debug.c: step times for HS_DEBUG_TIMES=1 (see hs-debug.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hs-debug.h"

static double
rss_mib (void)
{
  double rss = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f)
    {
      unsigned long size = 0, res = 0;
      if (fscanf (f, "%lu %lu", &size, &res) == 2)
        rss = res * 4096.0 / 1048576.0;
      fclose (f);
    }
  return rss;
}

void
hs_debug_step (HsDebugClock *clock, const char *what)
{
  static int enabled = -1;
  if (enabled < 0)
    enabled = g_getenv ("HS_DEBUG_TIMES") != NULL;
  if (!enabled)
    return;
  struct timespec ts;
  clock_gettime (clock->thread_cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &ts);
  gint64 cpu = (gint64) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
  gint64 now = g_get_monotonic_time ();
  if (what)
    {
      int pad = 20 - (int) strlen (clock->prefix);
      g_printerr ("  %s%-*s %7.3f s wall %7.3f s cpu %6.0f MiB RSS\n", clock->prefix, MAX (pad, 1), what,
                  (now - clock->wall) / 1e6, (cpu - clock->cpu) / 1e6, rss_mib ());
    }
  clock->wall = now;
  clock->cpu = cpu;
}
