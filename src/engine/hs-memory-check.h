/* hs-memory-check.h: will an analysis of this dump fit in memory? The
 * estimate of what it needs, what the machine can give, and the check that
 * refuses a dump up front with both numbers (issue 18). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Peak anonymous memory (bytes) of a whole analysis (index, leaks,
 * dominators, class retained sizes) of a dump of n_objects objects and
 * n_references references (0: not known yet, a typical count is assumed).
 * The dump's own pages are not counted: they are page cache. */
guint64  hs_heap_estimate_memory (guint64 n_objects, guint64 n_references);

/* What this process can still be given (bytes): MemAvailable (free memory
 * plus what the kernel can reclaim: page cache, reclaimable slab), plus free
 * swap, bounded by the cgroup's memory.max and by RLIMIT_AS (minus the
 * address space already mapped), plus the anonymous memory the process
 * holds already (it counts toward an estimate of the whole). */
guint64  hs_memory_available     (void);

/* FALSE (HS_ERROR_NO_MEMORY) with "NAME: analysing N objects needs about
 * X of memory, Y available ..." when the estimate exceeds what is available.
 * HEAPSCOPE_IGNORE_MEMORY_CHECK=1 (the CLI's --force) skips it. */
gboolean hs_memory_check         (const char *name, guint64 n_objects, guint64 n_references, GError **error);

G_END_DECLS
