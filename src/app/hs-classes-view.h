/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-view.h: the "classes" view: one row per class (objects,
 * reachable, unreachable, shallow and retained size), a filter, a status
 * line, and below, the instances of the selected class (found on a
 * worker thread, largest retained size first). Activating an instance
 * activates "win.inspect". */
#pragma once

#include "hs-view.h"
#include "hs-class-model.h"
#include "hs-class-row.h"
#include "hs-object-list.h"

G_BEGIN_DECLS

#define HS_TYPE_CLASSES_VIEW (hs_classes_view_get_type ())
G_DECLARE_FINAL_TYPE (HsClassesView, hs_classes_view, HS, CLASSES_VIEW, HsView)

GtkWidget *hs_classes_view_new (void);

/* The class table's model as shown (filtered and sorted), items
 * HsClassRow; empty until the view is filled. */
GListModel *hs_classes_view_get_class_model (HsClassesView *self);
/* Sorts the table as a click on a column header does, and the sort shown
 * (also after the user clicked a header). Default: retained, descending.
 * A big table's rows change once sorted on a worker (is_sorting). */
void hs_classes_view_sort_by_column (HsClassesView *self, HsClassColumn column, GtkSortType order);
void hs_classes_view_get_sort (HsClassesView *self, HsClassColumn *column, GtkSortType *order);
/* TRUE while the rows' new order is computed on a worker (a table of
 * HS_CLASS_ORDER_WORKER_MIN classes or more, hs-class-order.h): the model
 * keeps its old order (or no rows, before the first) until then. */
gboolean hs_classes_view_is_sorting (HsClassesView *self);
/* Shows the classes whose name contains text (case-insensitive; NULL or
 * "": all), as typing in the filter entry does. */
void hs_classes_view_set_filter (HsClassesView *self, const char *text);
/* Puts the keyboard focus in the filter entry (the window's Find). */
void hs_classes_view_focus_filter (HsClassesView *self);
/* Searches class names and String contents for text (ASCII letters
 * without case) on a worker, as Enter in the filter entry does: the
 * classes are filtered to it and the instance list shows the objects
 * found (class objects, then strings; at most 1000 strings, the label
 * says how many there are). A new search cancels the one running. While
 * it runs, hs_classes_view_instances_pending is TRUE. */
void hs_classes_view_search (HsClassesView *self, const char *text);
/* Go to a class: the filter set to name and the class of exactly that
 * name selected (its instances listed). FALSE when there is none. */
gboolean hs_classes_view_show_class (HsClassesView *self, const char *name);
/* Lists objs (HsObj of the view's dump, taken) in the instance list
 * under label, as a search's results are: another view's set of objects
 * (the Growth view's Show Objects). */
void hs_classes_view_show_objects (HsClassesView *self, const char *label, GArray *objs);
/* The status line ("N classes · ..."). */
const char *hs_classes_view_get_status (HsClassesView *self);

/* Selects the class at position of the model as shown (as a click does),
 * which lists its instances below. */
void hs_classes_view_select_class (HsClassesView *self, guint position);
/* Lists the instances of the class at position (as activating the row
 * does); nothing if they are listed or being found already. */
void hs_classes_view_show_instances (HsClassesView *self, guint position);
/* The instances listed (items HsObjectRow), or NULL while the list is
 * hidden or the instances are being found (then
 * hs_classes_view_instances_pending). */
GListModel *hs_classes_view_get_instances (HsClassesView *self);
gboolean hs_classes_view_instances_pending (HsClassesView *self);
/* The rows the instance list shows now: while a class with more than a
 * page (1000) of instances is being sorted, its first page (the sorted
 * list's first rows, which stay when the rest arrives below them); NULL
 * while hidden or before anything is found. */
GListModel *hs_classes_view_get_instances_shown (HsClassesView *self);
/* The class whose instances are listed or pending, or HS_CLASS_NONE. */
HsClass hs_classes_view_get_instances_class (HsClassesView *self);
/* TRUE while one heap's class figures are being counted (the table is
 * empty until then). */
gboolean hs_classes_view_is_counting (HsClassesView *self);

/* The table grouped (the header's drop-down), or not. With a grouping
 * the table is a tree (items GtkTreeListRow of HsClassGroupRow: packages,
 * loaders, classes) with the same columns, each group's figures the sums
 * over its classes, sorted within each level by the column sorted; it is
 * grouped on a worker (hs_classes_view_is_grouping), of the classes the
 * filter and the heap leave. Activating a class row works as in the plain
 * table; a group's opens or closes it. */
typedef enum
{
  HS_CLASSES_GROUP_NONE,
  HS_CLASSES_GROUP_PACKAGE,
  HS_CLASSES_GROUP_LOADER,
  HS_CLASSES_GROUP_SUPERCLASS,
} HsClassesGrouping;

void hs_classes_view_set_grouping (HsClassesView *self, HsClassesGrouping grouping);
gboolean hs_classes_view_is_grouping (HsClassesView *self);
/* The grouped tree (unsorted: GtkTreeListModel's own order, each level
 * by retained size), NULL without a grouping or while grouping. */
GtkTreeListModel *hs_classes_view_get_tree_model (HsClassesView *self);
/* The rows as the table shows them (plain: HsClassRow; grouped:
 * GtkTreeListRow, sorted); positions are those of select_class and
 * show_instances. */
GListModel *hs_classes_view_get_shown_model (HsClassesView *self);

G_END_DECLS
