/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-test-env-private.h: the memory check's and the spill's test hooks,
 * environment variables read only in the test builds (docs/testing.md).
 * Defined in hs-test-env.c, which only the engine's test variant holds:
 * callers call them under #ifdef HS_TEST_HOOKS. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The file hs_memory_available reads instead of /proc/meminfo: the
 * variable's, else path. */
const char *_hs_test_meminfo_path (const char *path);
/* Whether the spill folder's free space is faked, and the fake figure. */
gboolean _hs_test_spill_free (guint64 *bytes);
/* The smallest block that spills: the variable's (smaller blocks spill
 * too, for small dumps), else min. */
gsize _hs_test_spill_min (gsize min);

G_END_DECLS
