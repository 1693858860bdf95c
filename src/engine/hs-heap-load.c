/* hs-heap-load.c: what every pass of the load uses: progress and
 * cancellation, format errors that name the file and byte offset, warnings,
 * the memory check, the step clock. */
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hs-heap-load-private.h"
#include "hs-debug.h"

/* HS_DEBUG_TIMES=1: the time of each step of the index phase. */
static HsDebugClock index_clock = { "", FALSE, 0, 0 };

void
_hs_heap_debug_time (const char *what)
{
  hs_debug_step (&index_clock, what);
}

void
_hs_progress_report (HsLoadProgress *p, const char *phase, double fraction)
{
  if (p->func)
    p->func (phase, CLAMP (fraction, 0.0, 1.0), p->data);
}

gboolean
_hs_check_cancel (HsLoadProgress *p, GError **error)
{
  return !g_cancellable_set_error_if_cancelled (p->cancellable, error);
}

void
_hs_set_format_error (GError **error, const char *name, guint64 offset, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s: at byte offset %" G_GUINT64_FORMAT ": %s", name, offset,
               msg);
}

void
_hs_heap_add_warning (HsHeap *heap, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  char *joined = heap->warning ? g_strconcat (heap->warning, "\n", msg, NULL) : g_strdup (msg);
  g_free (heap->warning);
  heap->warning = joined;
}

/* Rough memory need per object and per reference, to fail cleanly instead
 * of being killed when a dump cannot fit. */
gboolean
_hs_heap_check_memory (HsHeap *heap, guint64 n_objects, GError **error)
{
  guint64 per_object = 8 + 8 + 4 + 4 + 1 + 8 + 4 * 3 /* refs est. */ + 40 /* later phases */;
  guint64 need = n_objects * per_object;
  guint64 avail = 0;
  struct rlimit rl;
  if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    {
      /* The limit is on the whole address space: what is mapped already
     * (the file, the object tables, the libraries) counts too. */
      guint64 used = 0;
      g_autofree char *statm = NULL;
      if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
        used = g_ascii_strtoull (statm, NULL, 10) * (guint64)sysconf (_SC_PAGESIZE);
      avail = rl.rlim_cur > used ? rl.rlim_cur - used : 1;
    }
  g_autofree char *meminfo = NULL;
  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    {
      const char *m = strstr (meminfo, "MemAvailable:");
      if (m)
        {
          guint64 kb = g_ascii_strtoull (m + 13, NULL, 10);
          guint64 sys = kb * 1024;
          avail = avail ? MIN (avail, sys) : sys;
        }
    }
  if (avail && need > avail)
    {
      g_autofree char *need_s = g_format_size (need), *avail_s = g_format_size (avail);
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "%s: analysing %" G_GUINT64_FORMAT
                   " objects needs about %s of memory, but only %s is available",
                   heap->name, n_objects, need_s, avail_s);
      return FALSE;
    }
  return TRUE;
}
