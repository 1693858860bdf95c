/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-view-private.h: HsClassesView's fields, shared by its parts:
 * hs-classes-view.c (the view), hs-classes-columns.c (the columns, their
 * cells and sorters) and hs-classes-search.c (the search). */
#pragma once

#include "hs-classes-view.h"
#include "hs-instances-pane.h"
#include "hs-selection-bar.h"
#include "hs-class-group-model.h"

G_BEGIN_DECLS

typedef struct
{
  HsClassesView *self;
  HsClassColumn column;
} ColumnSpy;

struct _HsClassesView
{
  HsView parent_instance;

  /* template */
  GtkBox *box;
  GtkSearchEntry *class_search;
  GtkLabel *class_status;
  GtkDropDown *group_by;
  GtkColumnView *class_view;
  HsInstancesPane *instances_pane;
  HsSelectionBar *class_selection_bar; /* the classes selected: their instances' retained size */

  GtkColumnViewColumn *class_columns[HS_CLASS_N_COLUMNS];
  GtkSorter *base_sorters[HS_CLASS_N_COLUMNS];
  ColumnSpy spies[HS_CLASS_N_COLUMNS];
  GtkCustomFilter *class_filter;
  /* The rows as shown: class_model (which puts its rows in the order of
   * the column sorted itself, on a worker when big) under the filter. The
   * column view's sorter only says which column: no GtkSortListModel,
   * which would make a row object of every class and compare them on the
   * UI thread at each click. */
  GtkFilterListModel *class_filter_model;
  HsClassModel *class_model;
  char *class_query;
  GtkMultiSelection *plain_selection; /* over class_filter_model */

  /* Grouped (group_by not "No grouping"): the tree the table shows, over
   * an HsClassGroupModel (which groups, filters and sorts the classes
   * itself, on a worker). Not under a GtkSortListModel, which would make a
   * row of every child of a node expanded (50,000 classes of one loader)
   * on the UI thread: the tree sorts its levels itself (hs_class_tree_sort)
   * and rows are made for what is shown. */
  GtkTreeListModel *tree_model;
  GtkMultiSelection *tree_selection; /* over tree_model */

  /* GTK 4.8 has no getters on GtkColumnViewSorter: the sort shown is kept
   * here, and found again when it changes (see on_sorter_changed). */
  HsClassColumn sort_column;
  GtkSortType sort_order;
  gboolean spy_armed;
  HsClassColumn spy_column;
  int spy_result;

  HsClass instances_class;          /* whose instances are listed or pending */
  GCancellable *table_cancellable;  /* one heap's class figures being counted */
  GCancellable *search_cancellable; /* the string search running, if any */
};

/* hs-classes-search.c: stops a search running, if any. */
void _hs_classes_view_cancel_search (HsClassesView *self);

/* hs-classes-view.c: the status line; the instances pane emptied and
 * hidden (a search still running is ignored); the handler of a selection
 * of the table (the plain one or the tree). */
void _hs_classes_view_update_status (HsClassesView *self);
void _hs_classes_view_forget_instances (HsClassesView *self);
void _hs_classes_view_on_class_selected (GtkSelectionModel *selection, guint position, guint n_items,
                                         HsClassesView *self);

/* hs-classes-columns.c: appends column c to the table, with its cells and
 * its sorter. */
void _hs_classes_view_add_column (HsClassesView *self, HsClassColumn c);

G_END_DECLS
