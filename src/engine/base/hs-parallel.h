/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-parallel.h: the engine's one way of using both cores for a step. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Runs fn (first) on this thread and fn (second) on a new one named name,
 * and returns when both are done. second NULL: only fn (first). If no
 * thread can be made, fn (second) runs here after fn (first). */
void hs_run_pair (const char *name, GThreadFunc fn, gpointer first, gpointer second);

/* Lowers the calling thread's priority by increment (nice, at most +19;
 * Linux: per thread, and inherited by the threads it starts afterwards,
 * e.g. hs_run_pair's second). It cannot be raised again: for a thread
 * whose remaining work nobody waits for. Failure is harmless. */
void hs_thread_lower_priority (int increment);

/* Runs fn (data) on a new thread named name, at nice + increment
 * (hs_thread_lower_priority), and returns when it is done; here at the
 * usual priority if no thread can be made. Background work yields to what
 * a user asked for: the window's lists run at +10, the waste pass at +19. */
void hs_run_niced_by (const char *name, int increment, GThreadFunc fn, gpointer data);

G_END_DECLS
