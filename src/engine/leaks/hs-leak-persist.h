/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-persist.h: a leak report written into a persistent index section
 * and read back (docs/index.md): every field of groups, traces, nodes and
 * the traces' private facts, so that what the views, the text, the JSON
 * and the HTML report show from a report read back is byte for byte what
 * they show from the report found. Engine layer: GLib only. */
#pragma once

#include "hs-index-blob.h"
#include "hs-leak-report.h"

G_BEGIN_DECLS

void hs_leak_report_save (const HsLeakReport *report, HsIndexBlob *out);
/* NULL when the bytes are not a report this version wrote (the cursor is
 * then failed); every object index is checked against n_objects. */
HsLeakReport *hs_leak_report_load (HsIndexCursor *in, guint64 n_objects);
/* One trace, for what embeds traces (suspects' paths). */
void hs_leak_trace_save (const HsLeakTrace *trace, HsIndexBlob *out);
HsLeakTrace *hs_leak_trace_load (HsIndexCursor *in, guint64 n_objects);

G_END_DECLS
