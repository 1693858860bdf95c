/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-test-hook.c: the loader's test hook (hs_loader_set_test_hook,
 * hs-loader.h), called by the workers each time they report a phase
 * (hs-loader-test-hook-private.h). Test support only: the installed
 * programs do not hold it (docs/testing.md). */
#include "config.h"
#include "hs-loader.h"
#include "hs-loader-test-hook-private.h"

#ifndef HS_TEST_HOOKS
#error "hs-loader-test-hook.c is only built into the test variant of the engine"
#endif

/* NULL until a test sets it, so a worker pays one atomic read per progress
 * report. */
static const HsLoaderTestHook *test_hook;

void
hs_loader_set_test_hook (const HsLoaderTestHook *hook)
{
  g_return_if_fail (hook == NULL || hook->progress != NULL);
  g_atomic_pointer_set (&test_hook, hook);
}

void
_hs_loader_test_progress (HsLoader *loader, const char *phase, GCancellable *cancellable)
{
  const HsLoaderTestHook *hook = g_atomic_pointer_get (&test_hook);
  if (G_UNLIKELY (hook != NULL))
    hook->progress (loader, phase, cancellable, hook->user_data);
}
