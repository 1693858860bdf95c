/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-sort-private.h: the objects' (id, offset) pairs sorted by id
 * (hs-heap-sort.c), for the load's index step and its tests. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Sorts the n pairs (*pkeys[i], offset i of *pvals, packed w bytes each
 * with 8 bytes to spare, read through mask) by key, equal keys in their
 * order in the arrays (stable). The arrays may be replaced (the old ones
 * freed). nthreads (1 or 2) is how many threads the passes over every
 * pair use (one below 65,536 pairs); the result is the same for both.
 * FALSE only when cancellable was cancelled (the arrays are then left as
 * they were). */
gboolean _hs_heap_sort_pairs (guint64 **pkeys, guint8 **pvals, guint64 n, guint w, guint64 mask,
                              guint nthreads, GCancellable *cancellable);

G_END_DECLS
