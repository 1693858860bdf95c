/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-test-env.c: the memory check's and the spill's test hooks
 * (hs-test-env-private.h): HS_TEST_MEMINFO=FILE, read instead of
 * /proc/meminfo; HS_TEST_SPILL_FREE=BYTES, the spill folder's free space;
 * HS_TEST_SPILL_MIN=BYTES, the smallest block that spills. Test support
 * only: the installed programs do not hold it (docs/testing.md). */
#include "config.h"
#include "hs-test-env-private.h"

#ifndef HS_TEST_HOOKS
#error "hs-test-env.c is only built into the test variant of the engine"
#endif

const char *
_hs_test_meminfo_path (const char *path)
{
  const char *mi = g_getenv ("HS_TEST_MEMINFO");
  return mi && *mi ? mi : path;
}

gboolean
_hs_test_spill_free (guint64 *bytes)
{
  const char *t = g_getenv ("HS_TEST_SPILL_FREE");
  if (!t || !*t)
    return FALSE;
  *bytes = g_ascii_strtoull (t, NULL, 10);
  return TRUE;
}

gsize
_hs_test_spill_min (gsize min)
{
  const char *m = g_getenv ("HS_TEST_SPILL_MIN");
  return m && *m ? (gsize)g_ascii_strtoull (m, NULL, 10) : min;
}
