/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominators-view.h: the "dominators" view: the dominator tree as an
 * expandable table (children sorted by retained size), with a line on the
 * whole reachable heap. When it is given a finished loader it sorts the
 * tree's top level on a worker thread, so that its first visit does not
 * wait for that sort; the UI thread never waits for a sort: a list not
 * sorted yet shows "Sorting…" (the top level) or no rows under its
 * expander (a child list) until a worker has sorted it. Every list, the
 * top level and each node's children, shows its first 1000 rows, then a
 * row "1,000 of M shown – show more" (hs-paged-list.h): the view's memory
 * and time are bounded by the rows shown, not by the tree. Activating a
 * row activates "win.inspect". */
#pragma once

#include "hs-view.h"
#include "hs-object-row.h"

G_BEGIN_DECLS

#define HS_TYPE_DOMINATORS_VIEW (hs_dominators_view_get_type ())
G_DECLARE_FINAL_TYPE (HsDominatorsView, hs_dominators_view, HS, DOMINATORS_VIEW, HsView)

GtkWidget *hs_dominators_view_new (void);
/* The tree shown (items GtkTreeListRow of HsObjectRow, top level first,
 * largest retained size first, and of HsMoreRow after the first page of a
 * longer list); NULL until filled, or when the dump has no
 * dominator tree. While the top level is being sorted this waits for the
 * sort, and it gives the table every row at once, not a few per turn of
 * the main loop (for tests; the view itself never does either). */
GtkTreeListModel *hs_dominators_view_get_model (HsDominatorsView *self);
/* The line above the tree (totals, or why there is no tree). */
const char *hs_dominators_view_get_summary (HsDominatorsView *self);
/* TRUE while the top level or a child list asked for is being sorted on a
 * worker (the spinner beside the summary turns). */
gboolean hs_dominators_view_is_sorting (HsDominatorsView *self);
/* Rows per page of every list (HS_PAGED_LIST_PAGE unless set; 0: every
 * row, no "show more"). A tree shown already is shown again, collapsed. */
void hs_dominators_view_set_page_size (HsDominatorsView *self, gsize rows);

/* Groups the tree by class (the header's "Group by Class"), as Eclipse
 * MAT's "Group by class": the top level, then every object's children,
 * grouped by their class (items HsDomGroupRow: the class, its objects,
 * their shallow and retained sizes added up), a group expanding to its
 * objects. The top level is grouped on a worker: until then get_model is
 * NULL and is_sorting TRUE. */
void hs_dominators_view_set_grouped (HsDominatorsView *self, gboolean grouped);

G_END_DECLS
