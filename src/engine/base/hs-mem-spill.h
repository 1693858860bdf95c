/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mem-spill.h: the on-disk spill of the big arrays, for a
 * dump whose analysis needs more memory than the machine has.
 *
 * When spilling is on (hs_memory_check decides it, hs_mem_spill_start), the
 * big blocks of hs-mem.c still come from malloc (g_free keeps working on
 * them), but the whole pages inside a spilled block are a MAP_SHARED
 * mapping of a file of its own, unlinked at creation, in the spill
 * directory: the kernel writes them back and evicts them under pressure
 * instead of the OOM killer stepping in, and the file's blocks go back to
 * the disk when the block is freed (its mapping goes) and the spill closes.
 *
 * Only the memory beyond a budget spills: anonymous memory stays the
 * default. A block that would take the big blocks past the budget is first
 * made room for by moving blocks marked cold (hs_mem_set_cold: read-only
 * from now on, like the heap's edge lists) to the disk in place, the biggest
 * first (their pages become clean file pages: written once, re-read when
 * needed, never written again); only if that is not enough does the new
 * block itself come from the spill. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Turns spilling on: blocks of min_block bytes or more beyond `budget`
 * bytes of anonymous memory (this process's RssAnon and the untouched rest
 * of its big blocks) come from files in `dir`, as long as the file system
 * keeps `reserve` bytes free. Safe to call again (new settings). */
void hs_mem_spill_start (const char *dir, guint64 budget, guint64 reserve);
/* Off again: new blocks are anonymous (spilled ones stay until freed). */
void hs_mem_spill_stop (void);
gboolean hs_mem_spill_active (void);

/* The block `mem` (from hs_mem_alloc) is read-only from now on: while
 * spilling, it may be moved to the disk in place (same address). */
void hs_mem_set_cold (gconstpointer mem);

/* Bytes held in spill files now. */
guint64 hs_mem_spilled_bytes (void);

/* ---- for hs-mem.c ---------------------------------------------------------- */

/* A new block of `bytes` from the spill when spilling is on and it does not
 * fit in the budget (after moving cold blocks out); NULL otherwise (then
 * hs-mem.c allocates it as usual and calls _hs_spill_track). Zeroed. */
gpointer _hs_spill_alloc (gsize bytes);
/* Records an anonymous block that hs-mem.c handed out (spilling on). */
void _hs_spill_track (gpointer mem, gsize bytes);
/* TRUE if mem is a spilled block (*usable: its size). */
gboolean _hs_spill_owns (gpointer mem, gsize *usable);
/* realloc for a spilled block or, when spilling is on, for any tracked one
 * (which may move to the spill when it grows past the budget). *handled is
 * FALSE when hs-mem.c should do it the usual way (and track the result). */
gpointer _hs_spill_realloc (gpointer mem, gsize bytes, gboolean *handled);
/* Forgets mem (tracked or spilled; a spilled one's file is closed) before
 * hs-mem.c frees it with g_free; also closes the files of spilled blocks
 * freed with g_free since (their mapping is gone). */
void _hs_spill_forget (gpointer mem);
/* Only the latter (hs_mem_trim, the memory check). */
void _hs_spill_prune (void);

G_END_DECLS
