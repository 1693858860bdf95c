/* hs-timing.h: HEAPSCOPE_DEBUG_TIMES=1 prints, on stderr, when each step of
 * opening a dump happened, in seconds since the window was asked to open
 * it, and how long each piece of work on the UI thread took. For measuring
 * (tools/ui-timing.sh); costs one branch when off. GLib only: it sits in
 * the engine beside the loader, whose workers mark their steps too. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean hs_timing_enabled (void);
/* Starts the clock (the window was asked to open a file), and on the
 * calling thread's main context a watchdog that marks every step of that
 * thread over 100 ms ("UI thread unresponsive for ..."). */
void     hs_timing_start   (void);
/* "[times] 1.234 s  what" (any thread). */
void     hs_timing_mark    (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* "[times] 1.234 s  what: 0.056 s on the UI thread" for work that began at
 * start (g_get_monotonic_time). */
void     hs_timing_span    (gint64 start, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* "[times] ... longest UI-thread step so far: S s" and "cpu so far: 1.23 s
 * in threads named X" for each thread name of the process (Linux). */
void     hs_timing_cpu_report (void);

G_END_DECLS
