/* hs-mem.h: allocation of the engine's big flat arrays.
 *
 * The analysis touches each of its arrays once, at random, soon after
 * allocating it: what it pays for is the first touch of fresh pages (a page
 * fault per 4 KiB, far more under a hypervisor). Arrays of 4 MiB and more
 * are therefore advised as transparent huge pages (Linux's default
 * "madvise" mode honours it): one fault per 2 MiB. The memory comes from
 * malloc; free it with g_free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gpointer hs_mem_alloc   (gsize bytes);
gpointer hs_mem_alloc0  (gsize bytes);
gpointer hs_mem_realloc (gpointer mem, gsize bytes);
/* NULL (instead of aborting) when the memory is not there. */
gpointer hs_mem_try_alloc  (gsize bytes);
gpointer hs_mem_try_alloc0 (gsize bytes);
gpointer hs_mem_try_realloc (gpointer mem, gsize bytes);

#define hs_mem_new(T, n)         ((T *) hs_mem_alloc (sizeof (T) * (gsize) (n)))
#define hs_mem_new0(T, n)        ((T *) hs_mem_alloc0 (sizeof (T) * (gsize) (n)))
#define hs_mem_renew(T, mem, n)  ((T *) hs_mem_realloc ((mem), sizeof (T) * (gsize) (n)))

G_END_DECLS
