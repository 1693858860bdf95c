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
 * selection; without such an action nothing happens). */
#pragma once

#include <gtk/gtk.h>
#include "hs-object-row.h"
#include "hs-object-list.h"

G_BEGIN_DECLS

#define HS_TYPE_OBJECT_COLUMN_VIEW (hs_object_column_view_get_type ())
G_DECLARE_FINAL_TYPE (HsObjectColumnView, hs_object_column_view, HS, OBJECT_COLUMN_VIEW, GtkWidget)

/* tree: the items are GtkTreeListRow of HsObjectRow (expanders in the
 * first column, a "% of Heap" column); else HsObjectRow. HsMoreRow items
 * (hs-paged-list.h) may stand among them: activating one shows more of its
 * list. Also the
 * construct-only "tree" property, for templates. */
GtkWidget *hs_object_column_view_new (gboolean tree);
gboolean hs_object_column_view_get_tree (HsObjectColumnView *self);
/* Shows model (NULL empties the table), nothing selected. */
void hs_object_column_view_set_model (HsObjectColumnView *self, GListModel *model);
/* The model given to set_model (not the selection around it), or NULL. */
GListModel *hs_object_column_view_get_model (HsObjectColumnView *self);
/* Selects the row at position (GTK_INVALID_LIST_POSITION: none), as a
 * click does, and the object selected (HS_OBJ_NONE when none). */
void hs_object_column_view_select (HsObjectColumnView *self, guint position);
HsObj hs_object_column_view_get_selected (HsObjectColumnView *self);

G_END_DECLS
