/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-trace-view.h: one leak trace of a leak group, the path of a
 * problem suspect, or a growing node's path over a series of dumps, as
 * LeakCanary shows a trace: a card per node (status
 * badge, class, why it is or is not leaking), the references between them
 * (suspects marked), the instance chooser of a group, Copy Trace, and what
 * else leaking it retains; for a suspect, its sentence, the classes below
 * its accumulation point, its biggest members (class suspects) and a
 * button that zooms the treemap to the accumulation point.
 *
 * The nodes are rows of a GtkListView over a model of the trace's nodes:
 * only the visible rows are built, so a trace of 100,000 nodes costs what
 * a short one does. An abridged trace (HsLeakTrace.n_elided) shows its
 * elided run as one row "… N more references". */
#pragma once

#include <gtk/gtk.h>
#include "hs-analysis.h"

G_BEGIN_DECLS

#define HS_TYPE_LEAK_TRACE_VIEW (hs_leak_trace_view_get_type ())
G_DECLARE_FINAL_TYPE (HsLeakTraceView, hs_leak_trace_view, HS, LEAK_TRACE_VIEW, GtkWidget)

/* Shows trace trace_index of group (borrowed: it must outlive the view's
 * use of it). analysis is NULL while only the leaks are known (retained
 * sizes pending); group NULL shows nothing. */
void hs_leak_trace_view_show (HsLeakTraceView *self, HsLeakGroup *group, guint trace_index,
                              HsAnalysis *analysis);
/* Shows a problem suspect of analysis->suspects: an object suspect, or
 * (object NULL) a class suspect. Borrowed like a group. */
void hs_leak_trace_view_show_suspect (HsLeakTraceView *self, HsAnalysis *analysis, HsObjectSuspect *object,
                                      HsClassSuspect *klass);
/* Shows a growing node's path over a series (hs-growth-trace.h) as a
 * trace: a card per step (its class and objects per dump; the last one
 * "Growing", with its growth and the children that grew), the references
 * between them as refs names them (refs->len == the nodes'), and an
 * inspect button on the steps whose obj is an object of analysis (the
 * newest dump). Takes trace and refs. */
void hs_leak_trace_view_show_growth (HsLeakTraceView *self, HsAnalysis *analysis, HsLeakTrace *trace,
                                     GPtrArray *refs, const char *title, const char *subtitle);
/* The analysis is done: the retained sizes, the order of the traces and
 * what else they retain are shown; the trace stays. */
void hs_leak_trace_view_set_analysis (HsLeakTraceView *self, HsAnalysis *analysis);

HsLeakGroup *hs_leak_trace_view_get_group (HsLeakTraceView *self);
/* The trace shown: a leak's, or a suspect's path (NULL when none). */
HsLeakTrace *hs_leak_trace_view_get_trace (HsLeakTraceView *self);
HsObjectSuspect *hs_leak_trace_view_get_object_suspect (HsLeakTraceView *self);
HsClassSuspect *hs_leak_trace_view_get_class_suspect (HsLeakTraceView *self);
/* Nodes of the trace shown (0 when none). */
guint hs_leak_trace_view_get_n_nodes (HsLeakTraceView *self);
/* Rows of the node list: the nodes, plus one for an elided run. */
guint hs_leak_trace_view_get_n_rows (HsLeakTraceView *self);
/* What row i shows: its node (NULL for the elided row or past the end),
 * and the text of the elided row ("… 9,999,990 more references"). */
HsLeakNode *hs_leak_trace_view_get_row_node (HsLeakTraceView *self, guint i);
char *hs_leak_trace_view_get_row_text (HsLeakTraceView *self, guint i);
/* Row widgets the list has built (the visible ones and a few more). */
guint hs_leak_trace_view_get_n_row_widgets (HsLeakTraceView *self);
/* Title (group description or the suspect's sentence) and the line under
 * it (kind of leak and retained size), as shown (or NULL). */
const char *hs_leak_trace_view_get_title (HsLeakTraceView *self);
const char *hs_leak_trace_view_get_subtitle (HsLeakTraceView *self);
/* Rows of the suspect's "Retained classes" and "Biggest members" lists. */
guint hs_leak_trace_view_get_n_retained_classes (HsLeakTraceView *self);
/* The class column of row `row` (0 = the first below the heading) of the
 * retained classes, "↳ byte[]" for a class one level down; NULL past
 * the end. */
const char *hs_leak_trace_view_get_retained_class_row (HsLeakTraceView *self, guint row);
guint hs_leak_trace_view_get_n_members (HsLeakTraceView *self);

G_END_DECLS
