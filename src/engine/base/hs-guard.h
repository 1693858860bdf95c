/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-guard.h: SIGBUS and mapped files.
 *
 * A mapped file that shrinks while we read it raises SIGBUS on the pages
 * past its new end. A mapping registered here (a dump, hs-heap.c) gets
 * zero pages over the cut part on the first such fault and is marked
 * changed, so every later read anywhere (native sizes, descriptions,
 * leaks, report, inspector) returns instead of killing the process; the
 * owner checks hs_guard_changed at the end of each phase and reports it.
 * Under hs_guarded_call (the load), the fault also ends the guarded call. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Runs fn (data) under a SIGBUS guard; FALSE if the mapped file shrank. */
gboolean hs_guarded_call (GThreadFunc fn, gpointer data);
/* Registers [start, start + len) as a mapped dump (or index); returns a slot for the
 * calls below (-1 when none is free: the mapping is then unguarded). */
int hs_guard_register (const void *start, gsize len);
void hs_guard_unregister (int slot);
/* TRUE once a read of that mapping faulted (the file shrank). */
gboolean hs_guard_changed (int slot);
/* TRUE once any registered mapping faulted. */
gboolean hs_guard_any_changed (void);

G_END_DECLS
