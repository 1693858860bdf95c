/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loaders-view.h: the Class Loaders view: every class loader of the
 * dump with the classes it defines, their instances and its retained
 * size, and the duplicate classes (names several loaders define) with
 * the loaders of each (docs/semantics.md "Class loaders"). Computed on a
 * worker the first time the view is shown. A loader's row opens it in
 * the inspector (win.inspect), a duplicate's the class table on its name
 * (tab.show-class). Its Export button (hs-view.h) copies or saves both
 * tables as `heapscope-cli loaders --csv` writes them. */
#pragma once

#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_LOADERS_VIEW (hs_loaders_view_get_type ())
G_DECLARE_FINAL_TYPE (HsLoadersView, hs_loaders_view, HS, LOADERS_VIEW, HsView)

/* TRUE once the tables are filled. */
gboolean hs_loaders_view_is_ready (HsLoadersView *self);
guint hs_loaders_view_get_n_loaders (HsLoadersView *self);
guint hs_loaders_view_get_n_duplicates (HsLoadersView *self);
/* The text a cell shows: column 0..3 of the loaders table (loader,
 * classes, instances, retained size); g_free it. NULL out of range. */
char *hs_loaders_view_get_loader_cell (HsLoadersView *self, guint row, guint column);
/* The same for the duplicates table: 0..2 (class, loaders, instances). */
char *hs_loaders_view_get_duplicate_cell (HsLoadersView *self, guint row, guint column);

G_END_DECLS
