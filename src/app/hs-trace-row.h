/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-trace-row.h: one row of a trace view's list: its position (the trace
 * itself is the view's), made on demand by HsTraceRows. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define HS_TYPE_TRACE_ROW (hs_trace_row_get_type ())
G_DECLARE_FINAL_TYPE (HsTraceRow, hs_trace_row, HS, TRACE_ROW, GObject)

HsTraceRow *hs_trace_row_new (guint position);
guint hs_trace_row_get_position (HsTraceRow *self);

G_END_DECLS
