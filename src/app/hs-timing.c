/* hs-timing.c */
#include "config.h"
#include "hs-timing.h"

/* Set on the UI thread before the worker it times is started. */
static gint64 origin;

gboolean
hs_timing_enabled (void)
{
  static gsize once;
  static gboolean enabled;

  if (g_once_init_enter (&once))
    {
      const char *v = g_getenv ("HEAPSCOPE_DEBUG_TIMES");
      enabled = v != NULL && v[0] != '\0' && !g_str_equal (v, "0");
      g_once_init_leave (&once, 1);
    }
  return enabled;
}

void
hs_timing_start (void)
{
  if (!hs_timing_enabled ())
    return;
  origin = g_get_monotonic_time ();
  g_printerr ("[times] 0.000 s  open requested\n");
}

static double
since_origin (gint64 now)
{
  return origin > 0 ? (now - origin) / 1e6 : 0;
}

void
hs_timing_mark (const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  if (!hs_timing_enabled ())
    return;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("[times] %.3f s  %s\n", since_origin (g_get_monotonic_time ()), what);
}

void
hs_timing_span (gint64 start, const char *format, ...)
{
  g_autofree char *what = NULL;
  gint64 now = g_get_monotonic_time ();
  va_list args;

  if (!hs_timing_enabled ())
    return;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("[times] %.3f s  %s: %.3f s on the UI thread\n", since_origin (now), what, (now - start) / 1e6);
}
