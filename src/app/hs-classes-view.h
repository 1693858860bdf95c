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

GtkWidget  *hs_classes_view_new                (void);

/* The class table's model as shown (filtered and sorted), items
 * HsClassRow; empty until the view is filled. */
GListModel *hs_classes_view_get_class_model    (HsClassesView *self);
/* Sorts the table as a click on a column header does, and the sort shown
 * (also after the user clicked a header). Default: retained, descending. */
void        hs_classes_view_sort_by_column     (HsClassesView *self,
                                                HsClassColumn  column,
                                                GtkSortType    order);
void        hs_classes_view_get_sort           (HsClassesView *self,
                                                HsClassColumn *column,
                                                GtkSortType   *order);
/* Shows the classes whose name contains text (case-insensitive; NULL or
 * "": all), as typing in the filter entry does. */
void        hs_classes_view_set_filter         (HsClassesView *self,
                                                const char    *text);
/* Puts the keyboard focus in the filter entry (the window's Find). */
void        hs_classes_view_focus_filter       (HsClassesView *self);
/* The status line ("N classes · ..."). */
const char *hs_classes_view_get_status         (HsClassesView *self);

/* Selects the class at position of the model as shown (as a click does),
 * which lists its instances below. */
void        hs_classes_view_select_class       (HsClassesView *self,
                                                guint          position);
/* Lists the instances of the class at position (as activating the row
 * does); nothing if they are listed or being found already. */
void        hs_classes_view_show_instances     (HsClassesView *self,
                                                guint          position);
/* The instances listed (items HsObjectRow), or NULL while the list is
 * hidden or the instances are being found (then
 * hs_classes_view_instances_pending). */
GListModel *hs_classes_view_get_instances      (HsClassesView *self);
gboolean    hs_classes_view_instances_pending  (HsClassesView *self);
/* The class whose instances are listed or pending, or HS_CLASS_NONE. */
HsClass     hs_classes_view_get_instances_class (HsClassesView *self);

G_END_DECLS
