/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-view.h: the "paths" view: why objects are still alive. Merged
 * paths to GC roots of a class's instances or of a set of objects, or the
 * paths of one object, as a tree (expanders; objects, reached, shallow and
 * retained as columns; the selected row's objects listed below it), with
 * references excluded at will ("Exclude This Reference" on a row) and what
 * the exclusion freed. Computed on a worker, cancelled when the view is
 * disposed or asked something else. Each question is a place in the
 * window's history (its index, told through "win.visited"). */
#pragma once

#include "hs-view.h"
#include "hs-paths-item.h"

G_BEGIN_DECLS

#define HS_TYPE_PATHS_VIEW (hs_paths_view_get_type ())
G_DECLARE_FINAL_TYPE (HsPathsView, hs_paths_view, HS, PATHS_VIEW, HsView)

/* Merged paths of the instances of klass. */
void hs_paths_view_show_class (HsPathsView *self, HsClass klass);
/* Merged paths of objs (copied); what: how the set is named ("3 objects of
 * a suspect"). */
void hs_paths_view_show_objects (HsPathsView *self, const HsObj *objs, gsize n, const char *what);
/* Merged paths of a class suspect's members (the dominator tree's
 * top-level objects of the class name). */
void hs_paths_view_show_members (HsPathsView *self, const char *class_name);
/* The shortest and the next paths of obj. */
void hs_paths_view_show_other_paths (HsPathsView *self, HsObj obj);
/* The same with the reference "Class.field" excluded (a trace's step). */
void hs_paths_view_show_other_paths_without (HsPathsView *self, HsObj obj, const char *reference);
/* The question shown again, with "Class.field" excluded too. */
void hs_paths_view_exclude (HsPathsView *self, const char *reference);
/* The question shown again with the default exclusions. */
void hs_paths_view_reset_exclusions (HsPathsView *self);
/* Back to question number index (history); FALSE when there is none. */
gboolean hs_paths_view_go_to (HsPathsView *self, guint64 index);

/* For tests: computing; the tree (NULL before the first answer); the
 * summary line; the exclusions line. */
gboolean hs_paths_view_is_busy (HsPathsView *self);
GtkTreeListModel *hs_paths_view_get_model (HsPathsView *self);
const char *hs_paths_view_get_summary (HsPathsView *self);
const char *hs_paths_view_get_exclusions (HsPathsView *self);

G_END_DECLS
