/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-mem: big arrays freed with hs_mem_free are handed out again
 * (the same block, best fit), zeroed when asked, and hs_mem_trim lets them
 * go. Pointer identity is what shows the reuse: a fresh block from malloc
 * cannot have the address of a block that is still held by the pool. */
#include <string.h>

#include "hs-mem.h"

#define MiB ((gsize)1 << 20)

static gboolean
all_bytes (const guint8 *p, gsize n, guint8 v)
{
  for (gsize i = 0; i < n; i++)
    if (p[i] != v)
      return FALSE;
  return TRUE;
}

static void
test_small (void)
{
  /* Below the big-array size: plain malloc, freed at once. */
  guint8 *p = hs_mem_alloc0 (1000);
  g_assert_true (all_bytes (p, 1000, 0));
  memset (p, 7, 1000);
  p = hs_mem_realloc (p, 3000);
  g_assert_true (all_bytes (p, 1000, 7));
  hs_mem_free (p);
  hs_mem_free (NULL);
}

static void
test_reuse (void)
{
#if defined(__GLIBC__)
  hs_mem_trim ();
  guint8 *a = hs_mem_alloc (16 * MiB);
  memset (a, 0xAB, 16 * MiB);
  hs_mem_free (a);
  /* The same block back, cleared. */
  guint8 *b = hs_mem_alloc0 (16 * MiB);
  g_assert_true (b == a);
  g_assert_true (all_bytes (b, 16 * MiB, 0));
  hs_mem_free (b);

  /* Best fit among two: the small request gets the small block. */
  guint8 *small = hs_mem_alloc (8 * MiB), *big = hs_mem_alloc (64 * MiB);
  memset (small, 1, 8 * MiB);
  memset (big, 2, 64 * MiB);
  hs_mem_free (big);
  hs_mem_free (small);
  guint8 *x = hs_mem_alloc (8 * MiB);
  g_assert_true (x == small);
  guint8 *y = hs_mem_alloc (63 * MiB); /* within 1/32 of 64: as is */
  g_assert_true (y == big);
  memset (y, 3, 63 * MiB);

  /* Nothing pooled: a fresh block, zeroed by calloc. */
  guint8 *z = hs_mem_alloc0 (32 * MiB);
  g_assert_true (all_bytes (z, 32 * MiB, 0));

  /* A block much bigger than asked for is shrunk, one too small is grown:
   * either way the whole request is usable. */
  hs_mem_free (y);
  guint8 *s = hs_mem_alloc (5 * MiB);
  memset (s, 4, 5 * MiB);
  hs_mem_free (s);
  hs_mem_free (x);
  guint8 *g = hs_mem_alloc0 (40 * MiB); /* best: the 8 MiB block, grown */
  g_assert_true (all_bytes (g, 40 * MiB, 0));
  hs_mem_free (g);
  hs_mem_free (z);
  g_assert_cmpuint (hs_mem_pooled_bytes (), >=, (40 + 32) * MiB);
  {
    /* The guard trims when its scope ends, and only then. */
    G_GNUC_UNUSED g_auto (HsMemTrimGuard) guard = TRUE;
    g_assert_cmpuint (hs_mem_pooled_bytes (), >=, (40 + 32) * MiB);
  }
  g_assert_cmpuint (hs_mem_pooled_bytes (), ==, 0);
  guint8 *after = hs_mem_alloc0 (16 * MiB);
  g_assert_true (all_bytes (after, 16 * MiB, 0));
  g_free (after);
#else
  g_test_skip ("the pool needs glibc's malloc_usable_size");
#endif
}

static void
test_realloc_keeps (void)
{
  guint32 *p = hs_mem_new (guint32, 2 * MiB); /* 8 MiB */
  for (guint32 i = 0; i < 2 * MiB; i++)
    p[i] = i * 2654435761u;
  p = hs_mem_renew (guint32, p, 16 * MiB); /* 64 MiB */
  for (guint32 i = 0; i < 2 * MiB; i++)
    g_assert_cmpuint (p[i], ==, i * 2654435761u);
  p[16 * MiB - 1] = 5;
  p = hs_mem_renew (guint32, p, 1 * MiB);
  for (guint32 i = 0; i < 1 * MiB; i++)
    g_assert_cmpuint (p[i], ==, i * 2654435761u);
  hs_mem_free (p);
  hs_mem_trim ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mem/small", test_small);
  g_test_add_func ("/mem/reuse", test_reuse);
  g_test_add_func ("/mem/realloc-keeps", test_realloc_keeps);
  return g_test_run ();
}
