/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-memory-check.h: will an analysis of this dump fit in memory? The
 * estimate of what it needs, what the machine can give, and the check that
 * spills to the disk what does not fit (hs-mem-spill.h) or, when the disk
 * has no room for it either, refuses the dump up front with the numbers
 * rather than failing part-way through the load. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Peak anonymous memory (bytes) of a whole analysis (index, leaks,
 * dominators, class retained sizes) of a dump of n_objects objects and
 * n_references references (0: not known yet, a typical count is assumed).
 * The dump's own pages are not counted: they are page cache. */
guint64 hs_heap_estimate_memory (guint64 n_objects, guint64 n_references);

/* What this process can still be given (bytes): MemAvailable (free memory
 * plus what the kernel can reclaim: page cache, reclaimable slab), plus free
 * swap, bounded by the cgroup's memory.max and by RLIMIT_AS (minus the
 * address space already mapped), plus the anonymous memory the process
 * holds already (it counts toward an estimate of the whole). */
guint64 hs_memory_available (void);

/* The estimate against what is available. When it does not fit, spilling
 * starts (hs_mem_spill_start: a budget of the available memory less a
 * margin, the rest to the spill directory) and the notice "NAME: analysing
 * N objects needs about X of memory, Y available: spilling about Z to DIR;
 * this will be slower" goes to the notice function, and a shorter one for
 * the window, "Not enough memory: spilling about Z to DIR; this will be
 * slower (needs about X, Y available)", translated (gettext, as the
 * window's strings), to *notice (if not NULL; free it);
 * when it fits, spilling stops. FALSE (HS_ERROR_NO_MEMORY)
 * with "NAME: analysing N objects needs about X of memory, Y available, ..."
 * and the spill directory's free space when neither fits.
 * HEAPSCOPE_IGNORE_MEMORY_CHECK=1, or hs_memory_set_check_ignored (the
 * CLI's --force), skips it (no spill).
 * HEAPSCOPE_SPILL_BUDGET=BYTES[KMG] sets the budget. */
gboolean hs_memory_check (const char *name, guint64 n_objects, guint64 n_references, GError **error);
gboolean hs_memory_check_full (const char *name, guint64 n_objects, guint64 n_references, char **notice,
                               GError **error);

/* TRUE: every check passes (the CLI's --force), as with
 * HEAPSCOPE_IGNORE_MEMORY_CHECK=1. */
void hs_memory_set_check_ignored (gboolean ignore);

/* The same decided early, from the file's size alone (before the objects
 * are counted): spilling starts if a dump of this size would not fit at a
 * typical 48 bytes per object on disk; FALSE only if it could not fit even
 * at 128 bytes per object with the whole spill directory. */
gboolean hs_memory_check_file (const char *name, guint64 file_size, char **notice, GError **error);

/* The spill directory: HEAPSCOPE_SPILL_DIR, else the user's cache
 * ($XDG_CACHE_HOME/heapscope or ~/.cache/heapscope, made if missing), else
 * /var/tmp; the first that is writable and not in memory (tmpfs, ramfs).
 * *free_bytes: its free space (hs-machine.h). NULL
 * if none. */
char *hs_memory_spill_dir (guint64 *free_bytes);

/* Where notices go (the CLI prints them on stderr); NULL: nowhere. */
typedef void (*HsMemoryNoticeFunc) (const char *notice, gpointer data);
void hs_memory_set_notice_func (HsMemoryNoticeFunc func, gpointer data);

G_END_DECLS
