/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-target.c: the seed list and the guarded copy every target may use
 * (fuzz-target.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz-target.h"

void
hs_fuzz_seed_free (HsFuzzSeed *seed)
{
  g_free (seed->name);
  g_bytes_unref (seed->bytes);
  g_free (seed);
}

GPtrArray *
hs_fuzz_seeds_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)hs_fuzz_seed_free);
}

void
hs_fuzz_seed_add (GPtrArray *seeds, char *name, const guint8 *data, gsize len, HsFuzzExpect expect)
{
  HsFuzzSeed *s = g_new (HsFuzzSeed, 1);

  s->name = name;
  s->bytes = g_bytes_new (data, len);
  s->expect = expect;
  g_ptr_array_add (seeds, s);
}

void
hs_fuzz_guarded_copy (HsFuzzGuarded *g, const guint8 *data, gsize len)
{
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize room = (len + 7) / 8 * 8, pages = (room + page - 1) / page;
  guint8 *map;

  g->map_len = (pages + 1) * page;
  map = mmap (NULL, g->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED || mprotect (map + pages * page, page, PROT_NONE) != 0)
    abort ();
  g->map = map;
  g->bytes = map + pages * page - room;
  if (len > 0)
    memcpy (g->bytes, data, len);
}

void
hs_fuzz_guarded_free (HsFuzzGuarded *g)
{
  munmap (g->map, g->map_len);
  g->map = g->bytes = NULL;
}
