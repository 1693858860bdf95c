/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-machine.h: what the engine reads of the machine to decide about
 * memory (hs-memory-check.c, hs-mem-spill.c), in one unit. The installed
 * programs link hs-machine.c; the test programs link another unit with
 * the same functions instead (tests/engine/hs-machine-steered.c, steered
 * by the environment: docs/testing.md), so that no product source holds
 * a test's behaviour. Engine layer: GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The text of /proc/meminfo (g_free), or NULL when it cannot be read. */
char *hs_machine_meminfo (void);
/* Free bytes of the file system of dir (0 when unknown); spilled: what
 * this process wrote there so far (already counted by the file system). */
guint64 hs_machine_free_bytes (const char *dir, guint64 spilled);
/* The smallest block that may spill to the disk. */
gsize hs_machine_spill_min_block (void);

G_END_DECLS
