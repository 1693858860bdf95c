/* SPDX-License-Identifier: GPL-3.0-or-later */
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
void hs_timing_start (void);
/* "[times] 1.234 s  what" (any thread). */
void hs_timing_mark (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* "[times] 1.234 s  what: 0.056 s on the UI thread" for work that began at
 * start (g_get_monotonic_time). */
void hs_timing_span (gint64 start, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* The calling thread's CPU time in microseconds (CLOCK_THREAD_CPUTIME_ID;
 * 0 where there is none). */
gint64 hs_timing_thread_cpu (void);
/* The CPU time of the whole process (every thread, user and system) in
 * microseconds: for a step that runs on several threads; 0 where none. */
gint64 hs_timing_process_cpu (void);
/* hs_timing_span with the thread's CPU time since cpu_start too: "...: S s
 * on the UI thread (C s of CPU)"; the wall time includes waiting for the
 * cores, the CPU time does not. */
void hs_timing_span_cpu (gint64 start, gint64 cpu_start, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* Tests: every span is also handed to hook (wall and CPU seconds; CPU -1
 * when not measured), printed or not. NULL removes it. UI thread only. */
typedef void (*HsTimingHook) (const char *what, double wall_s, double cpu_s, gpointer data);
void hs_timing_set_hook (HsTimingHook hook, gpointer data);

/* "[times] ... longest UI-thread step so far: S s" and "cpu so far: 1.23 s
 * in threads named X" for each thread name of the process (Linux). */
void hs_timing_cpu_report (void);

G_END_DECLS
