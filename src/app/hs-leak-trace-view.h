/* hs-leak-trace-view.h: one leak trace of a leak group, as LeakCanary
 * shows it: a card per node (status badge, class, why it is or is not
 * leaking), the references between them (suspects marked), the instance
 * chooser of the group, Copy Trace, and what else leaking it retains. */
#pragma once

#include <gtk/gtk.h>
#include "hs-analysis.h"

G_BEGIN_DECLS

#define HS_TYPE_LEAK_TRACE_VIEW (hs_leak_trace_view_get_type ())
G_DECLARE_FINAL_TYPE (HsLeakTraceView, hs_leak_trace_view, HS, LEAK_TRACE_VIEW, GtkWidget)

/* Shows trace trace_index of group (borrowed: it must outlive the view's
 * use of it). analysis is NULL while only the leaks are known (retained
 * sizes pending); group NULL shows nothing. */
void         hs_leak_trace_view_show         (HsLeakTraceView *self,
                                              HsLeakGroup     *group,
                                              guint            trace_index,
                                              HsAnalysis      *analysis);
/* The analysis is done: the retained sizes, the order of the traces and
 * what else they retain are shown; the trace stays. */
void         hs_leak_trace_view_set_analysis (HsLeakTraceView *self,
                                              HsAnalysis      *analysis);

HsLeakGroup *hs_leak_trace_view_get_group    (HsLeakTraceView *self);
HsLeakTrace *hs_leak_trace_view_get_trace    (HsLeakTraceView *self);
/* Node cards shown (0 when none). */
guint        hs_leak_trace_view_get_n_nodes  (HsLeakTraceView *self);
/* Kind of leak and retained size, as shown under the title (or NULL). */
const char  *hs_leak_trace_view_get_subtitle (HsLeakTraceView *self);

G_END_DECLS
