/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-column-view.h: the table of heap objects (HsObjectRow) used by
 * the instance pane (HsInstancesPane: the classes and compare views) and
 * by the dominator tree: object name
 * and description, shallow size, retained size (and, as a tree, the
 * expanders and the share of the heap).
 *
 * Activating a row (double click, Enter) activates "win.inspect" with the
 * object; selecting one activates "win.select-object" with it (the window
 * inspects it if its inspector is open: the inspector follows the
 * selection; without such an action nothing happens). Rows can be
 * selected several at a time (GtkMultiSelection): the bar under them
 * computes their precise retained size together (HsSelectionBar; also the
 * rows' context menu, through the widget's "rows.retained-size" action). */
#pragma once

#include <gtk/gtk.h>
#include "hs-object-row.h"
#include "hs-object-list.h"
#include "hs-selection-bar.h"

G_BEGIN_DECLS

#define HS_TYPE_OBJECT_COLUMN_VIEW (hs_object_column_view_get_type ())
G_DECLARE_FINAL_TYPE (HsObjectColumnView, hs_object_column_view, HS, OBJECT_COLUMN_VIEW, GtkWidget)

/* tree: the items are GtkTreeListRow of HsObjectRow (expanders in the
 * first column, a "% of Heap" column); else HsObjectRow. HsMoreRow items
 * (hs-paged-list.h) may stand among them: activating one shows more of its
 * list. Set by the construct-only "tree" property, in templates. */

/* Shows model (NULL empties the table), nothing selected. */
void hs_object_column_view_set_model (HsObjectColumnView *self, GListModel *model);
/* The model given to set_model (not the selection around it), or NULL. */
GListModel *hs_object_column_view_get_model (HsObjectColumnView *self);
/* Selects the row at position alone (GTK_INVALID_LIST_POSITION: none), as
 * a click does, and the object selected (the first row's when several are:
 * HS_OBJ_NONE when none). */
void hs_object_column_view_select (HsObjectColumnView *self, guint position);
HsObj hs_object_column_view_get_selected (HsObjectColumnView *self);
/* Selects n rows from position, alone (as Shift+click does). */
void hs_object_column_view_select_range (HsObjectColumnView *self, guint position, guint n);
/* The Depth column's cells bound while the heap's depths were not known
 * are empty: call this once they are (hs_heap_compute_depths on a worker)
 * to fill them. */
void hs_object_column_view_show_depths (HsObjectColumnView *self);

G_END_DECLS
