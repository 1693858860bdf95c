/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leaks-view.h: the Leaks and Suspects view ("leaks"): the leak groups
 * (application leaks first), then the problem suspects, and the trace (or
 * suspect's path) of the one selected; it opens on the first leak, else
 * the first suspect. Shown early, as soon as the leak search is done, with
 * the retained sizes pending; filled in place (selection and trace kept)
 * when the analysis is done, which brings the suspects (they need the
 * dominator tree). A spin button under the list sets the suspects'
 * threshold (app.suspects-percent: the dump is analysed again). */
#pragma once

#include "hs-view.h"
#include "hs-selection-bar.h"
#include "hs-leak-trace-view.h"

G_BEGIN_DECLS

#define HS_TYPE_LEAKS_VIEW (hs_leaks_view_get_type ())
G_DECLARE_FINAL_TYPE (HsLeaksView, hs_leaks_view, HS, LEAKS_VIEW, HsView)

/* Rows of the list (one per leak group), in the order shown. */
guint hs_leaks_view_get_n_rows (HsLeaksView *self);
/* Selects a row (as a click does): its first trace is shown. */
void hs_leaks_view_select (HsLeaksView *self, guint index);
/* The row the view opens on: the first leak, else the first suspect. */
void hs_leaks_view_select_first (HsLeaksView *self);
/* The group of a row as shown (NULL past the end), and the row's second
 * line (instances and retained size). */
HsLeakGroup *hs_leaks_view_get_group (HsLeaksView *self, guint index);
const char *hs_leaks_view_get_row_subtitle (HsLeaksView *self, guint index);
HsLeakTraceView *hs_leaks_view_get_trace_view (HsLeaksView *self);
/* The suspect rows (after the groups'): object suspects, then class
 * suspects, in analysis->suspects' order; selecting one shows it. */
guint hs_leaks_view_get_n_suspects (HsLeaksView *self);
void hs_leaks_view_select_suspect (HsLeaksView *self, guint index);
const char *hs_leaks_view_get_suspect_subtitle (HsLeaksView *self, guint index);
/* The suspect row's title ("store.ReportCache.ENTRIES, HashMap of 3,000"). */
const char *hs_leaks_view_get_suspect_title (HsLeaksView *self, guint index);
/* The analysis has new suspects (another threshold): their rows again,
 * the leaks' rows and the selection kept (a suspect selected: the same
 * row, or the nearest). Before the old suspects are freed. */
void hs_leaks_view_refresh_suspects (HsLeaksView *self);

/* TRUE when the view is narrow and its list stands above the trace. */
gboolean hs_leaks_view_is_stacked (HsLeaksView *self);

G_END_DECLS
