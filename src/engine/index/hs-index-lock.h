/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-lock.h: who writes a cache index (docs/index.md, "When an
 * index is being written"): the lock file INDEX.lock beside the cache
 * index, flock'ed by the process that analyses the dump and then writes
 * its index, holding the time its analysis took. Another process opening
 * the same dump meanwhile waits for that index when that is faster than
 * analysing, else analyses itself. Engine layer: GLib only. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _HsIndexLock HsIndexLock;

/* Takes the lock of the cache index at index_path without waiting: NULL
 * with *busy when another process holds it (it is analysing or writing
 * that index); NULL without when no lock file can be made (then nobody
 * waits for this one either). */
HsIndexLock *hs_index_lock_take (const char *index_path, gboolean *busy);
/* Says that the analysis took seconds: its index is being written now. */
void hs_index_lock_analysed (HsIndexLock *lock, double seconds);
/* Closes this process's descriptor: the lock is free once no process
 * (a forked writer inherits it) holds it. The file stays (see
 * hs_index_lock_done). */
void hs_index_lock_free (HsIndexLock *lock);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsIndexLock, hs_index_lock_free)
/* The index at index_path is written (or given up): its lock file goes. */
void hs_index_lock_done (const char *index_path);

/* Waits while another process holds the lock of index_path: through its
 * analysis (it started first, so it ends first), then for its writing as
 * long as an analysis here would take (the time the holder's took), no
 * longer. TRUE when the holder is done (look for the index again), FALSE
 * when waiting stopped (analyse here), also when cancelled. *waited: the
 * seconds spent. */
gboolean hs_index_lock_wait (const char *index_path, GCancellable *cancellable, double *waited);

G_END_DECLS
