/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-test-hooks-private.h: the load's test hook, for the test builds
 * only (docs/testing.md). Defined in hs-heap-test-hooks.c, which only the
 * engine's test variant holds: hs-heap.c calls it under #ifdef
 * HS_TEST_HOOKS. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

/* Called on a heap just opened, before it is returned. */
void _hs_heap_test_after_load (HsHeap *heap);

G_END_DECLS
