/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-instances-pane.h: the pane below the classes view's and the compare
 * view's class tables that lists a class's instances (HsObjectColumnView:
 * object, shallow and retained size; activating a row activates
 * "win.inspect"): a heading label, a close button, and the instances,
 * found on a worker, largest retained size first (hs-query.h's order).
 *
 * The pane is hidden until something is listed (the close button hides it
 * again). A new list, or hs_instances_pane_forget, drops what a worker
 * still finds for the one before. The classes view's search shows its
 * results here too (hs_instances_pane_begin, _show_objects). A filter
 * entry narrows the list shown (hs_instances_pane_set_filter). */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"

G_BEGIN_DECLS

/* A list longer than this shows its first page before the rest is sorted
 * (HS_INSTANCES_PANE_FIRST_PAGE). */
#define HS_INSTANCES_PANE_PAGE 1000

typedef enum
{
  HS_INSTANCES_PANE_DEFAULT = 0,
  /* A list longer than a page shows its first page (the sorted list's
   * first rows) as soon as it is known, and the rest below it when sorted
   * (both views); else the list comes whole. */
  HS_INSTANCES_PANE_FIRST_PAGE = 1 << 0,
  /* The heading says "… of NAME in this dump, …" (the compare view: the
   * instances are the current dump's, not the baseline's). */
  HS_INSTANCES_PANE_IN_THIS_DUMP = 1 << 1,
  /* The classes are every class of NAME (one per class loader), found on
   * the worker (hs_query_classes_named); classes and n_classes are ignored
   * (the compare view: its rows are names). */
  HS_INSTANCES_PANE_ALL_NAMED = 1 << 2,
} HsInstancesPaneFlags;

#define HS_TYPE_INSTANCES_PANE (hs_instances_pane_get_type ())
G_DECLARE_FINAL_TYPE (HsInstancesPane, hs_instances_pane, HS, INSTANCES_PANE, GtkWidget)

/* Shows the pane, "Finding the instances of NAME…", and finds the
 * instances of classes (n_classes of them; several for a name that more
 * than one class loader defines) of loader's analysis (done) on a worker.
 * The worker's timing marks (HEAPSCOPE_DEBUG_TIMES) name the list NAME. */
void hs_instances_pane_list_classes (HsInstancesPane *self, HsLoader *loader, const HsClass *classes,
                                     guint n_classes, const char *name, HsInstancesPaneFlags flags);
/* For objects another worker finds: drops what is shown or pending, shows
 * the pane with label and nothing listed (pending), and returns the
 * request's cancellable (a reference), cancelled once another list is
 * asked for, the pane forgets or goes: the worker's, and what tells that
 * its answer came too late. */
GCancellable *hs_instances_pane_begin (HsInstancesPane *self, const char *label);
/* Lists objs (an array of HsObj of loader's heap, taken) under label:
 * the answer to the current request. */
void hs_instances_pane_show_objects (HsInstancesPane *self, const char *label, HsLoader *loader,
                                     GArray *objs);
/* Empties and hides the pane; a worker's late answer is dropped. */
void hs_instances_pane_forget (HsInstancesPane *self);
/* The heap whose instances hs_instances_pane_list_classes lists from now
 * on (hs-heap.h's index; -1, the default: every heap). */
void hs_instances_pane_set_heap (HsInstancesPane *self, int heap);

/* The objects listed (items HsObjectRow; an HsObjectList), or NULL while
 * the pane is hidden or they are being found (hs_instances_pane_pending). */
GListModel *hs_instances_pane_get_instances (HsInstancesPane *self);
/* The rows shown now: also a long list's first page while the rest is
 * sorted (the same list, grown when the rest arrives); NULL while hidden
 * or before anything is found. */
GListModel *hs_instances_pane_get_shown (HsInstancesPane *self);
gboolean hs_instances_pane_get_pending (HsInstancesPane *self);

/* The filter entry above the list (hs-instance-filter.h's syntax): the
 * whole list is filtered on a worker as the user types and the matches
 * shown ("N of M instances match …"); an empty text shows it all again; a
 * text that does not parse is said under the entry (get_filter_error,
 * NULL when none) and changes nothing. set_filter types text as the user
 * would, at once; get_filtering: a filter is running. */
void hs_instances_pane_set_filter (HsInstancesPane *self, const char *text);
gboolean hs_instances_pane_get_filtering (HsInstancesPane *self);
const char *hs_instances_pane_get_filter_error (HsInstancesPane *self);

G_END_DECLS
