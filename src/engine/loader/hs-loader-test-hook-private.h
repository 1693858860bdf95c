/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-test-hook-private.h: what hs-loader.c calls of the loader's
 * test hook (hs_loader_set_test_hook, hs-loader.h), for the test builds
 * only (docs/testing.md). Defined in hs-loader-test-hook.c, which only the
 * engine's test variant holds: hs-loader.c calls it under #ifdef
 * HS_TEST_HOOKS. */
#pragma once

#include "hs-loader.h"

G_BEGIN_DECLS

/* Worker thread, once a progress report is queued for the main context:
 * calls the hook installed, if any, with the phase reported. */
void _hs_loader_test_progress (HsLoader *loader, const char *phase, GCancellable *cancellable);

G_END_DECLS
