/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-groups-csv.h: the grouped class table as CSV, one row per node
 * shown, the same columns for the CLI's `classes --group ... --csv` and
 * the window's export of its grouped table (docs/semantics.md, "CSV").
 * Engine layer. */
#pragma once

#include "hs-class-groups.h"
#include "hs-csv.h"

G_BEGIN_DECLS

/* Writes the header row: depth, kind, name, package, id, loader, the sums
 * over the subtree count, reachable_count, unreachable_count, shallow,
 * retained, native_size, then classes, the class's own row own_count,
 * own_reachable_count, own_unreachable_count, own_shallow, own_retained,
 * own_native_size (when classes are under it), more, obfuscated_name. */
void hs_class_groups_csv_header (HsCsv *csv);
/* Node v of groups (of heap) as one row at depth (0: the top level);
 * more: its children not written after it. */
void hs_class_groups_csv_row (HsCsv *csv, HsHeap *heap, const HsClassGroups *groups, guint32 v, guint depth,
                              guint32 more);

G_END_DECLS
