/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-timing.c: HEAPSCOPE_DEBUG_TIMES marks and spans (see hs-timing.h). */
#include "config.h"
#include "hs-timing.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Set on the UI thread before the worker it times is started. */
static gint64 origin;
static HsTimingHook hook;
static gpointer hook_data;

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

/* The UI-thread watchdog: a high-priority tick every WATCH_MS on the
 * thread that started the clock; a tick that comes more than STALL_MS late
 * means that thread was busy (or not given a core) for that long. Each
 * late tick says which: the thread's CPU time over the step (our code or
 * GTK's running), its time in the run queue (waiting for a core: the
 * machine was busy) and the rest (blocked: a lock, a read, a sleep), from
 * /proc/thread-self/schedstat (Linux; only the CPU time elsewhere). */
#define WATCH_MS 10
#define STALL_MS 100
static gint64 watch_last, watch_longest;
static gint64 watch_cpu, watch_queued;
static guint watch_id;
static int watch_fd = -1;

/* Nanoseconds the calling thread has waited in the run queue, or -1. */
static gint64
thread_queued_ns (void)
{
  char buf[96];
  ssize_t len;
  guint64 run, wait;

  if (watch_fd < 0)
    return -1;
  len = pread (watch_fd, buf, sizeof buf - 1, 0);
  if (len <= 0)
    return -1;
  buf[len] = '\0';
  if (sscanf (buf, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, &run, &wait) != 2)
    return -1;
  return (gint64)wait;
}

static gboolean
watch_tick (gpointer data)
{
  gint64 now = g_get_monotonic_time ();
  gint64 late = now - watch_last - WATCH_MS * 1000;
  gint64 cpu = hs_timing_thread_cpu ();
  gint64 queued = thread_queued_ns ();

  if (late > watch_longest)
    watch_longest = late;
  if (late > STALL_MS * 1000)
    {
      double step = (now - watch_last) / 1e6;
      double on_cpu = (cpu - watch_cpu) / 1e6;
      if (queued >= 0 && watch_queued >= 0)
        {
          double waiting = (queued - watch_queued) / 1e9;
          hs_timing_mark ("UI thread unresponsive for %.3f s (a step over %d ms): %.3f s on a core, "
                          "%.3f s waiting for one, %.3f s blocked",
                          late / 1e6, STALL_MS, on_cpu, waiting, MAX (0.0, step - on_cpu - waiting));
        }
      else
        hs_timing_mark ("UI thread unresponsive for %.3f s (a step over %d ms): %.3f s on a core", late / 1e6,
                        STALL_MS, on_cpu);
    }
  watch_last = now;
  watch_cpu = cpu;
  watch_queued = queued;
  return G_SOURCE_CONTINUE;
}

void
hs_timing_start (void)
{
  if (!hs_timing_enabled ())
    return;
  origin = g_get_monotonic_time ();
  g_printerr ("[times] 0.000 s  open requested\n");
  watch_last = origin;
  watch_longest = 0;
  if (watch_fd < 0)
    watch_fd = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  watch_cpu = hs_timing_thread_cpu ();
  watch_queued = thread_queued_ns ();
  if (watch_id == 0)
    watch_id = g_timeout_add_full (G_PRIORITY_HIGH, WATCH_MS, watch_tick, NULL, NULL);
}

static double
since_origin (gint64 now)
{
  return origin > 0 ? (now - origin) / 1e6 : 0;
}

/* "[times] T s  what[: S s on the UI thread]" (S only when start > 0). */
static void G_GNUC_PRINTF (2, 0) print_line (gint64 start, const char *format, va_list args)
{
  g_autofree char *what = g_strdup_vprintf (format, args);
  gint64 now = g_get_monotonic_time ();

  if (start > 0)
    g_printerr ("[times] %.3f s  %s: %.3f s on the UI thread\n", since_origin (now), what,
                (now - start) / 1e6);
  else
    g_printerr ("[times] %.3f s  %s\n", since_origin (now), what);
}

void
hs_timing_mark (const char *format, ...)
{
  va_list args;

  if (!hs_timing_enabled ())
    return;
  va_start (args, format);
  print_line (0, format, args);
  va_end (args);
}

static void G_GNUC_PRINTF (3, 0) span (gint64 start, gint64 cpu_start, const char *format, va_list args)
{
  gint64 now = g_get_monotonic_time ();
  double cpu = cpu_start > 0 ? (hs_timing_thread_cpu () - cpu_start) / 1e6 : -1;
  g_autofree char *what = g_strdup_vprintf (format, args);

  if (hook != NULL)
    hook (what, (now - start) / 1e6, cpu, hook_data);
  if (!hs_timing_enabled ())
    return;
  if (cpu >= 0)
    g_printerr ("[times] %.3f s  %s: %.3f s on the UI thread (%.3f s of CPU)\n", since_origin (now), what,
                (now - start) / 1e6, cpu);
  else
    g_printerr ("[times] %.3f s  %s: %.3f s on the UI thread\n", since_origin (now), what,
                (now - start) / 1e6);
}

void
hs_timing_span (gint64 start, const char *format, ...)
{
  va_list args;

  if (!hs_timing_enabled () && hook == NULL)
    return;
  va_start (args, format);
  span (start, 0, format, args);
  va_end (args);
}

void
hs_timing_span_cpu (gint64 start, gint64 cpu_start, const char *format, ...)
{
  va_list args;

  if (!hs_timing_enabled () && hook == NULL)
    return;
  va_start (args, format);
  span (start, cpu_start, format, args);
  va_end (args);
}

gint64
hs_timing_thread_cpu (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000 + 1; /* never 0 */
}

gint64
hs_timing_process_cpu (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return 0;
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000 + 1;
}

void
hs_timing_set_hook (HsTimingHook new_hook, gpointer data)
{
  hook = new_hook;
  hook_data = data;
}

/* CPU seconds used so far by each thread of the process, summed by thread
 * name (/proc/self/task/N/stat): shows what competes with the analysis for
 * the cores, e.g. the renderer's threads. Linux only; silent elsewhere. */
void
hs_timing_cpu_report (void)
{
  g_autoptr (GDir) dir = NULL;
  g_autoptr (GHashTable) by_name = NULL;
  GHashTableIter iter;
  gpointer key, value;
  const char *entry;
  double tick = (double)sysconf (_SC_CLK_TCK);

  if (!hs_timing_enabled ())
    return;
  if (watch_id != 0)
    hs_timing_mark ("longest UI-thread step so far: %.3f s", watch_longest / 1e6);
  if (tick <= 0 || (dir = g_dir_open ("/proc/self/task", 0, NULL)) == NULL)
    return;
  by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/proc/self/task", entry, "stat", NULL);
      g_autofree char *text = NULL;
      const char *open, *close;
      g_auto (GStrv) fields = NULL;
      double *sum;
      char *name;

      if (!g_file_get_contents (path, &text, NULL, NULL) || (open = strchr (text, '(')) == NULL
          || (close = strrchr (text, ')')) == NULL || close < open)
        continue;
      /* After "pid (comm) ": state is field 3, utime 14 and stime 15. */
      fields = g_strsplit (close + 2, " ", 16);
      if (g_strv_length (fields) < 14)
        continue;
      name = g_strndup (open + 1, close - open - 1);
      /* llvmpipe-0, llvmpipe-1, ...: one line. */
      for (char *c = name + strlen (name); c > name && g_ascii_isdigit (c[-1]); c--)
        c[-1] = '\0';
      sum = g_hash_table_lookup (by_name, name);
      if (sum == NULL)
        {
          sum = g_new0 (double, 1);
          g_hash_table_insert (by_name, g_strdup (name), sum);
        }
      *sum += (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL)) / tick;
      g_free (name);
    }
  g_hash_table_iter_init (&iter, by_name);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (*(double *)value >= 0.01)
      hs_timing_mark ("cpu so far: %.2f s in threads named %s", *(double *)value, (const char *)key);
}
