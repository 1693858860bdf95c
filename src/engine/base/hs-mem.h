/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mem.h: allocation of the engine's big flat arrays.
 *
 * The analysis touches each of its arrays once, at random, soon after
 * allocating it: what it pays for is the first touch of fresh pages (a page
 * fault per 4 KiB, far more under a hypervisor). Arrays of 4 MiB and more
 * are therefore advised as transparent huge pages (Linux's default
 * "madvise" mode honours it): one fault per 2 MiB. Better still is not to
 * touch fresh pages at all: a big array freed with hs_mem_free is kept and
 * handed out again by the next allocation (hs_mem_trim gives the kept ones
 * back). The memory comes from malloc: g_free works too (no reuse), also
 * on a block whose pages went to the disk when memory was short
 * (hs-mem-spill.h; g_realloc may then copy it back to memory). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gpointer hs_mem_alloc (gsize bytes);
gpointer hs_mem_alloc0 (gsize bytes);
gpointer hs_mem_realloc (gpointer mem, gsize bytes);
/* NULL (instead of aborting) when the memory is not there. */
gpointer hs_mem_try_alloc (gsize bytes);
gpointer hs_mem_try_alloc0 (gsize bytes);
gpointer hs_mem_try_realloc (gpointer mem, gsize bytes);

/* Keeps a big block for reuse (a small one is freed). */
void hs_mem_free (gpointer mem);
/* Frees the blocks kept for reuse: call when a phase of work is over. */
void hs_mem_trim (void);

/* Bytes of the blocks kept for reuse now (0 where there is no pool). */
gsize hs_mem_pooled_bytes (void);

/* g_auto (HsMemTrimGuard) guard = TRUE; trims when the scope ends. */
typedef gboolean HsMemTrimGuard;
void hs_mem_trim_guard (HsMemTrimGuard armed);
G_DEFINE_AUTO_CLEANUP_FREE_FUNC (HsMemTrimGuard, hs_mem_trim_guard, FALSE)

#define hs_mem_new(T, n) ((T *)hs_mem_alloc (sizeof (T) * (gsize)(n)))
#define hs_mem_new0(T, n) ((T *)hs_mem_alloc0 (sizeof (T) * (gsize)(n)))
#define hs_mem_renew(T, mem, n) ((T *)hs_mem_realloc ((mem), sizeof (T) * (gsize)(n)))

G_END_DECLS
