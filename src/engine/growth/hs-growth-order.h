/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-order.h: the order of the dumps of a series, oldest first, as
 * hs_growth_add_dump wants them: by the time each dump says it was taken
 * (the HPROF header's timestamp), else, for a file whose header has none
 * or cannot be read without inflating it (gzip), by its modification
 * time. Engine layer: GLib only. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* When the dump at path was taken, in milliseconds since the epoch: the
 * HPROF header's timestamp, else the file's mtime, else 0 (a file that
 * cannot be read: it fails later, when it is analysed). Reads the first
 * bytes of the file only. */
guint64 hs_growth_dump_time_ms (const char *path);
/* Sorts paths (n of them) oldest first by hs_growth_dump_time_ms, equal
 * times by path. */
void hs_growth_order_paths (char **paths, guint n);

G_END_DECLS
