/* hs-window-private.h: what the UI tests and the screenshot tool need to
 * see of the window, without poking at widget internals. */
#pragma once

#include "hs-window.h"
#include "hs-loader.h"
#include "hs-models.h"
#include "hs-treemap-widget.h"
#include "hs-inspector.h"

G_BEGIN_DECLS

HsLoader        *hs_window_get_loader        (HsWindow *self);
/* "welcome", "loading", "error" or "content". */
const char      *hs_window_get_page          (HsWindow *self);
const char      *hs_window_get_error_text    (HsWindow *self);
/* "overview", "leaks", "classes", "dominators", "treemap". */
void             hs_window_set_view          (HsWindow *self, const char *name);
/* Leak list rows (groups), application groups first. */
guint            hs_window_get_n_leak_rows   (HsWindow *self);
void             hs_window_select_leak       (HsWindow *self, guint index);
/* The group of a leak list row as shown (NULL past the end), and the
 * row's second line (instances and retained size). */
HsLeakGroup     *hs_window_get_leak_group    (HsWindow *self, guint index);
const char      *hs_window_get_leak_row_subtitle (HsWindow *self, guint index);
/* Node cards shown for the selected trace (0 when none). */
guint            hs_window_get_n_trace_nodes (HsWindow *self);
/* The trace shown and its subtitle (kind of leak, retained size). */
HsLeakTrace     *hs_window_get_shown_trace   (HsWindow *self);
const char      *hs_window_get_trace_subtitle (HsWindow *self);
/* The view shown ("leaks", ...), and whether the leaks are shown while the
 * analysis goes on (the other views and retained sizes follow). */
const char      *hs_window_get_view          (HsWindow *self);
gboolean         hs_window_is_analysing      (HsWindow *self);
/* The class table's model as shown (filtered and sorted), items HsClassRow. */
GListModel      *hs_window_get_class_model   (HsWindow *self);
void             hs_window_sort_classes      (HsWindow *self, HsClassColumn column, GtkSortType order);
void             hs_window_get_class_sort    (HsWindow *self, HsClassColumn *column, GtkSortType *order);
void             hs_window_set_class_filter  (HsWindow *self, const char *text);
/* Selects the class at position of the class table (as a click does), and
 * the instances list shown below it (NULL when hidden or while the
 * instances are being found: hs_window_instances_pending). */
void             hs_window_select_class      (HsWindow *self, guint position);
GListModel      *hs_window_get_instances     (HsWindow *self);
gboolean         hs_window_instances_pending (HsWindow *self);
/* Opens the instances list of the class at position of the class table;
 * they are found on a worker thread. */
void             hs_window_show_instances    (HsWindow *self, guint position);
/* The dominator tree's GtkTreeListModel (items GtkTreeListRow of HsObjectRow). */
GtkTreeListModel*hs_window_get_dominator_model (HsWindow *self);
HsTreemapWidget *hs_window_get_treemap       (HsWindow *self);
HsInspector     *hs_window_get_inspector     (HsWindow *self);
void             hs_window_inspect           (HsWindow *self, HsObj obj);
/* Writes the HTML report on a worker thread, then shows the toast. */
void             hs_window_export_to         (HsWindow *self, const char *path);

/* Dumps offered by the "several dumps" banner (0 when hidden), and the
 * user's choice of one (reloads the file with that dump). */
guint            hs_window_get_n_dumps_offered (HsWindow *self);
void             hs_window_choose_dump       (HsWindow *self, guint index);
/* The window's drop target (files dropped on the window open). */
GtkDropTarget   *hs_window_get_drop_target   (HsWindow *self);
/* The toast's text while it is shown, else NULL. */
const char      *hs_window_get_toast         (HsWindow *self);

G_END_DECLS
