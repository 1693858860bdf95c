/* hs-window-legacy.h: what the tests see of the Classes, Dominator Tree
 * and Treemap pages until those are HsView subclasses. Temporary. */
#pragma once

#include "hs-window.h"
#include "hs-models.h"
#include "hs-treemap-widget.h"

G_BEGIN_DECLS

GListModel       *hs_window_get_class_model     (HsWindow *self);
void              hs_window_sort_classes        (HsWindow *self, HsClassColumn column, GtkSortType order);
void              hs_window_get_class_sort      (HsWindow *self, HsClassColumn *column, GtkSortType *order);
void              hs_window_set_class_filter    (HsWindow *self, const char *text);
void              hs_window_select_class        (HsWindow *self, guint position);
GListModel       *hs_window_get_instances       (HsWindow *self);
gboolean          hs_window_instances_pending   (HsWindow *self);
void              hs_window_show_instances      (HsWindow *self, guint position);
GtkTreeListModel *hs_window_get_dominator_model (HsWindow *self);
HsTreemapWidget  *hs_window_get_treemap         (HsWindow *self);

G_END_DECLS
