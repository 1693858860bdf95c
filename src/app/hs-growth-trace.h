/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-trace.h: a growing node's path as a leak trace, for the leak
 * trace widget (hs_leak_trace_view_show_growth): a node per step (its
 * class, its objects per dump), the root kind of the first, the
 * references between them as the series names them, and for each step
 * its object in the newest dump when it merges exactly one there. */
#pragma once

#include <glib.h>

#include "hs-growth.h"
#include "hs-leak-report.h"

G_BEGIN_DECLS

/* The trace of node (g finished); *refs gets the reference from each
 * node to the next (char*, "" after the last). */
HsLeakTrace *hs_growth_trace_new (const HsGrowth *g, guint32 node, GPtrArray **refs);

G_END_DECLS
