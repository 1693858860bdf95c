/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-item.h: the rows of the paths view's tree: a node of merged
 * paths, or one path of an object and its steps, over a shared result
 * (HsPathsResult). Rows are made when GtkTreeListModel asks for a node's
 * children, never one per heap object up front. */
#pragma once

#include <gio/gio.h>
#include "hs-paths.h"

G_BEGIN_DECLS

/* What a request computed: merged paths or the paths of one object. */
typedef struct _HsPathsResult HsPathsResult;
HsPathsResult *hs_paths_result_new_merged (HsHeap *heap, HsMergedPaths *merged); /* takes merged */
HsPathsResult *hs_paths_result_new_set (HsHeap *heap, HsPathSet *set);           /* takes set */
HsPathsResult *hs_paths_result_ref (HsPathsResult *r);
void hs_paths_result_unref (HsPathsResult *r);
const HsMergedPaths *hs_paths_result_get_merged (HsPathsResult *r); /* NULL for a path set */
const HsPathSet *hs_paths_result_get_set (HsPathsResult *r);        /* NULL for merged paths */
/* The top rows (HsPathsItem). */
GListModel *hs_paths_result_top_model (HsPathsResult *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsPathsResult, hs_paths_result_unref)

#define HS_TYPE_PATHS_ITEM (hs_paths_item_get_type ())
G_DECLARE_FINAL_TYPE (HsPathsItem, hs_paths_item, HS, PATHS_ITEM, GObject)

/* The children of item (HsPathsItem), or NULL when it has none: the
 * GtkTreeListModel's create function. */
GListModel *hs_paths_item_children (HsPathsItem *self);
/* The first column: "GC root KIND: class", "reference → class", "Path
 * 2 (4 references)" or "class @0xid". */
char *hs_paths_item_get_label (HsPathsItem *self);
/* Counts and sizes; FALSE for a row that has none (a path's header). */
gboolean hs_paths_item_get_counts (HsPathsItem *self, guint64 *objects, guint64 *reached, guint64 *shallow,
                                   guint64 *retained);
/* The objects standing at this row (one for a path's step). */
const HsObj *hs_paths_item_get_objects (HsPathsItem *self, gsize *n);
/* The reference into this row as an exclusion names it ("Class.field"),
 * or NULL when it cannot be excluded (elements, locals, tops). */
char *hs_paths_item_get_exclusion (HsPathsItem *self);

G_END_DECLS
