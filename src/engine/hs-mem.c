/* hs-mem.c: big arrays on transparent huge pages (see hs-mem.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "hs-mem.h"

#define BIG_ARRAY ((gsize) 4 << 20)

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
  guintptr page = 4096, start = (guintptr) mem & ~(page - 1);
  guintptr end = ((guintptr) mem + bytes + page - 1) & ~(page - 1);
  if (end > start)
    madvise ((void *) start, end - start, MADV_HUGEPAGE);
#else
  (void) mem;
  (void) bytes;
#endif
}

gpointer
hs_mem_try_alloc (gsize bytes)
{
  if (bytes == 0)
    bytes = 1;
  gpointer p = g_try_malloc (bytes);
  advise_huge (p, bytes);
  return p;
}

gpointer
hs_mem_try_alloc0 (gsize bytes)
{
  /* calloc maps big blocks fresh (already zero, untouched): advised
   * before the first touch, they fault in as huge pages. */
  gpointer p = g_try_malloc0 (MAX (bytes, 1));
  advise_huge (p, bytes);
  return p;
}

gpointer
hs_mem_try_realloc (gpointer mem, gsize bytes)
{
  if (!mem)
    return hs_mem_try_alloc (bytes);
  gpointer p = g_try_realloc (mem, MAX (bytes, 1));
  advise_huge (p, bytes);
  return p;
}

static void
no_memory (gsize bytes)
{
  g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, bytes);
}

gpointer
hs_mem_alloc (gsize bytes)
{
  gpointer p = hs_mem_try_alloc (bytes);
  if (!p)
    no_memory (bytes);
  return p;
}

gpointer
hs_mem_alloc0 (gsize bytes)
{
  gpointer p = hs_mem_try_alloc0 (bytes);
  if (!p)
    no_memory (bytes);
  return p;
}

gpointer
hs_mem_realloc (gpointer mem, gsize bytes)
{
  gpointer p = hs_mem_try_realloc (mem, bytes);
  if (!p)
    no_memory (bytes);
  return p;
}
