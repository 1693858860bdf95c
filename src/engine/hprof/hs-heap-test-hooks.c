/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-test-hooks.c: the load's test hook (hs-heap-test-hooks-private.h):
 * HS_TEST_TRUNCATE_AFTER_LOAD=N cuts a mapped dump to N bytes right after
 * it was indexed, as another program rewriting it would
 * (tests/cli/test_hostile_io.py). Test support only: the installed
 * programs, which never write to a dump, do not hold it (docs/testing.md). */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include "hs-heap-private.h"
#include "hs-heap-test-hooks-private.h"

#ifndef HS_TEST_HOOKS
#error "hs-heap-test-hooks.c is only built into the test variant of the engine"
#endif

void
_hs_heap_test_after_load (HsHeap *heap)
{
  const char *n = g_getenv ("HS_TEST_TRUNCATE_AFTER_LOAD");
  if (n && heap->mapped && truncate (heap->path, (off_t)g_ascii_strtoull (n, NULL, 10)) != 0)
    g_warning ("HS_TEST_TRUNCATE_AFTER_LOAD: %s", g_strerror (errno));
}
