/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mem.c: big arrays on transparent huge pages (see hs-mem.h), and on
 * the disk when memory is short (hs-mem-spill.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#define HAVE_POOL 1
#endif

#include "hs-mem.h"
#include "hs-mem-spill.h"

#define BIG_ARRAY ((gsize)4 << 20)

/* Advises every page that [mem, mem + bytes) touches as a huge-page
 * candidate. Only a hint: it fails quietly where THP is off or unknown.
 * The range is rounded outwards, not inwards: malloc maps a big block
 * with its header at the start of the first page, and advising all of the
 * mapping keeps it one VMA, which realloc can then grow with mremap (no
 * copy, no fresh pages) instead of a new block and a copy. */
static void
advise_huge (gpointer mem, gsize bytes)
{
#if defined(MADV_HUGEPAGE)
  if (!mem || bytes < BIG_ARRAY)
    return;
  guintptr page = 4096, start = (guintptr)mem & ~(page - 1);
  guintptr end = ((guintptr)mem + bytes + page - 1) & ~(page - 1);
  if (end > start)
    madvise ((void *)start, end - start, MADV_HUGEPAGE);
#else
  (void)mem;
  (void)bytes;
#endif
}

/* ---- the pool of freed big blocks ----------------------------------------
 * Pages already touched cost nothing to touch again; fresh ones cost a
 * fault and zeroing each (far more under a hypervisor than the memset that
 * clears a reused block). So big blocks that hs_mem_free gets are kept here
 * and handed out again, shrunk or grown in place by realloc (mremap: the
 * pages stay), until hs_mem_trim. */
#define POOL_MAX 16

#if defined(HAVE_POOL)
static GMutex pool_lock;
static gpointer pool[POOL_MAX];
static gsize pool_size[POOL_MAX];
static guint pool_len;

/* A pooled block for `bytes`: the smallest that is big enough, else the
 * biggest (grown). NULL if the pool is empty. */
static gpointer
pool_take (gsize bytes)
{
  gpointer p = NULL;
  gsize size = 0;
  g_mutex_lock (&pool_lock);
  guint best = POOL_MAX;
  for (guint i = 0; i < pool_len; i++)
    {
      gboolean fits = pool_size[i] >= bytes;
      if (best == POOL_MAX)
        best = i;
      else if (fits && (pool_size[best] < bytes || pool_size[i] < pool_size[best]))
        best = i;
      else if (!fits && pool_size[best] < bytes && pool_size[i] > pool_size[best])
        best = i;
    }
  if (best != POOL_MAX)
    {
      p = pool[best];
      size = pool_size[best];
      pool[best] = pool[--pool_len];
      pool_size[best] = pool_size[pool_len];
    }
  g_mutex_unlock (&pool_lock);
  if (!p)
    return NULL;
  if (size >= bytes && size - bytes <= size / 32)
    return p;
  /* Shrink (the tail goes back to the system) or grow (the pages held
   * stay, the rest is fresh). */
  gpointer q = hs_mem_try_realloc (p, bytes);
  if (!q)
    {
      _hs_spill_forget (p);
      g_free (p);
      return NULL;
    }
  return q;
}
#endif

void
hs_mem_free (gpointer mem)
{
  if (!mem)
    return;
  gsize spilled;
  if (_hs_spill_owns (mem, &spilled))
    {
      /* Not kept: reused, its pages would be written to the disk. */
      _hs_spill_forget (mem);
      g_free (mem);
      return;
    }
#if defined(HAVE_POOL)
  gsize size = malloc_usable_size (mem);
  if (size >= BIG_ARRAY)
    {
      g_mutex_lock (&pool_lock);
      if (pool_len < POOL_MAX)
        {
          pool[pool_len] = mem;
          pool_size[pool_len++] = size;
          mem = NULL;
        }
      g_mutex_unlock (&pool_lock);
    }
#endif
  _hs_spill_forget (mem);
  g_free (mem);
}

void
hs_mem_trim (void)
{
#if defined(HAVE_POOL)
  g_mutex_lock (&pool_lock);
  while (pool_len > 0)
    {
      _hs_spill_forget (pool[--pool_len]);
      g_free (pool[pool_len]);
    }
  g_mutex_unlock (&pool_lock);
#endif
  _hs_spill_prune ();
}

gsize
hs_mem_pooled_bytes (void)
{
  gsize total = 0;
#if defined(HAVE_POOL)
  g_mutex_lock (&pool_lock);
  for (guint i = 0; i < pool_len; i++)
    total += pool_size[i];
  g_mutex_unlock (&pool_lock);
#endif
  return total;
}

void
hs_mem_trim_guard (HsMemTrimGuard armed)
{
  if (armed)
    hs_mem_trim ();
}

gpointer
hs_mem_try_alloc (gsize bytes)
{
  if (bytes == 0)
    bytes = 1;
#if defined(HAVE_POOL)
  if (bytes >= BIG_ARRAY)
    {
      gpointer p = pool_take (bytes);
      if (p)
        return p;
    }
#endif
  gpointer p = _hs_spill_alloc (bytes);
  if (p)
    return p;
  p = g_try_malloc (bytes);
  advise_huge (p, bytes);
  _hs_spill_track (p, bytes);
  return p;
}

gpointer
hs_mem_try_alloc0 (gsize bytes)
{
#if defined(HAVE_POOL)
  if (bytes >= BIG_ARRAY)
    {
      gpointer p = pool_take (bytes);
      if (p)
        {
          memset (p, 0, bytes);
          return p;
        }
    }
#endif
  gpointer p = _hs_spill_alloc (bytes); /* zeroed */
  if (p)
    return p;
  /* calloc maps big blocks fresh (already zero, untouched): advised
   * before the first touch, they fault in as huge pages. */
  p = g_try_malloc0 (MAX (bytes, 1));
  advise_huge (p, bytes);
  _hs_spill_track (p, bytes);
  return p;
}

gpointer
hs_mem_try_realloc (gpointer mem, gsize bytes)
{
  if (!mem)
    return hs_mem_try_alloc (bytes);
  gboolean handled;
  gpointer q = _hs_spill_realloc (mem, bytes, &handled);
  if (handled)
    return q;
  gpointer p = g_try_realloc (mem, MAX (bytes, 1));
  advise_huge (p, bytes);
  _hs_spill_track (p, bytes);
  return p;
}

/* The aborting forms, like g_malloc's. */
static gpointer
or_abort (gpointer p, gsize bytes)
{
  if (!p)
    g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, bytes);
  return p;
}

gpointer
hs_mem_alloc (gsize bytes)
{
  return or_abort (hs_mem_try_alloc (bytes), bytes);
}

gpointer
hs_mem_alloc0 (gsize bytes)
{
  return or_abort (hs_mem_try_alloc0 (bytes), bytes);
}

gpointer
hs_mem_realloc (gpointer mem, gsize bytes)
{
  return or_abort (hs_mem_try_realloc (mem, bytes), bytes);
}
