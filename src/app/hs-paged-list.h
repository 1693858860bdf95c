/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paged-list.h: a list model that shows the first rows of another one,
 * a page at a time, then HsMoreRow rows: "N of M shown – show more" (the
 * next page) and, once more than one page is shown, "Show all M". Eclipse
 * MAT's way with a dominator-tree node of millions of children: the rows
 * a GtkTreeListModel makes, and so the view's memory and time, are bounded
 * by what is shown, not by the list (8 M top-level rows made a
 * 134 ms step on the UI thread). The order is the wrapped list's. */
#pragma once

#include <gio/gio.h>
#include "hs-more-row.h"

G_BEGIN_DECLS

/* The rows a page adds (the first page too). */
#define HS_PAGED_LIST_PAGE 1000

#define HS_TYPE_PAGED_LIST (hs_paged_list_get_type ())
G_DECLARE_FINAL_TYPE (HsPagedList, hs_paged_list, HS, PAGED_LIST, GObject)

/* Shows the first page rows of rows (0: every row), then the more rows.
 * Follows rows' items-changed (e.g. a list sorted later grows from empty).
 * Items are GObjects: rows' items, then HsMoreRow. */
HsPagedList *hs_paged_list_new (GListModel *rows, gsize page);
/* One page more, or every row: only the rows added (and the more rows
 * after them) are announced, so the rows shown, the selection among them
 * and the scroll position stay. */
void hs_paged_list_show_more (HsPagedList *self);
void hs_paged_list_show_all (HsPagedList *self);

G_END_DECLS
