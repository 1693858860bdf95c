/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-selection-bar.h: the bar under a table whose rows can be selected
 * several at a time (instances, the dominator tree, query results, the
 * class table, a suspect's members): how many rows are selected, a
 * "Calculate Precise Retained Size" button, and the answer: the objects,
 * their shallow size and what they retain together
 * (hs-retained-selection.h), computed on a worker with a progress bar and
 * a Cancel button. A new request cancels the one running; so do another
 * loader and the bar's dispose.
 *
 * The table's owner tells the bar how many rows are selected and how to
 * collect the set when asked (hs_selection_bar_set_collect_func); the
 * rows' context menu asks through the owner's "rows.retained-size" action
 * (hs-object-menu.c offers it where the action exists), which calls
 * hs_selection_bar_compute_selection. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"
#include "hs-retained-selection.h"

G_BEGIN_DECLS

#define HS_TYPE_SELECTION_BAR (hs_selection_bar_get_type ())
G_DECLARE_FINAL_TYPE (HsSelectionBar, hs_selection_bar, HS, SELECTION_BAR, GtkWidget)

/* Fills objs (HsObj) and classes (HsClass: all their instances) with the
 * selection; returns the loader whose analysis they index (not a new
 * reference), or NULL when there is nothing to compute. */
typedef HsLoader *(*HsSelectionCollectFunc) (HsSelectionBar *bar, GArray *objs, GArray *classes,
                                             gpointer data);

void hs_selection_bar_set_collect_func (HsSelectionBar *self, HsSelectionCollectFunc func, gpointer data);
/* How many rows are selected now: the bar shows itself for one or more. */
void hs_selection_bar_set_n_selected (HsSelectionBar *self, guint n);
/* Collects the selection and computes its retained size on a worker. */
void hs_selection_bar_compute_selection (HsSelectionBar *self);
/* The same for a set given (arrays copied; either may be NULL). */
void hs_selection_bar_compute (HsSelectionBar *self, HsLoader *loader, GArray *objs, GArray *classes);
/* The same for a class suspect's members (hs_retained_selection_top_level_of,
 * found on the worker). */
void hs_selection_bar_compute_members (HsSelectionBar *self, HsLoader *loader, const char *class_name);
/* A narrow bar for a sidebar (the suspects' list): its parts one under the
 * other, no selection count and no button (the rows ask it). */
void hs_selection_bar_set_compact (HsSelectionBar *self, gboolean compact);
/* Cancels a computation running; the bar says so. */
void hs_selection_bar_cancel (HsSelectionBar *self);
/* Forgets what was computed (another dump): cancels, empties, hides. */
void hs_selection_bar_reset (HsSelectionBar *self);

/* For tests: a computation is running; the last answer (FALSE: none since
 * the last request); the text shown. */
gboolean hs_selection_bar_get_busy (HsSelectionBar *self);
gboolean hs_selection_bar_get_result (HsSelectionBar *self, HsRetainedSelection *out);
const char *hs_selection_bar_get_text (HsSelectionBar *self);

G_END_DECLS
