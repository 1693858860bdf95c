/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-trace-rows.h: the rows of a trace view as a GListModel of HsTraceRow,
 * n of them, items made when asked for (a 100,000-node trace makes only the
 * few rows the list view shows). */
#pragma once

#include <gio/gio.h>
#include "hs-trace-row.h"

G_BEGIN_DECLS

#define HS_TYPE_TRACE_ROWS (hs_trace_rows_get_type ())
G_DECLARE_FINAL_TYPE (HsTraceRows, hs_trace_rows, HS, TRACE_ROWS, GObject)

HsTraceRows *hs_trace_rows_new (void);
/* Every row changes: now there are n (another trace, or its sizes became
 * known). */
void hs_trace_rows_reset (HsTraceRows *self, guint n);

G_END_DECLS
