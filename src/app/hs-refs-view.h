/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs-view.h: the "refs" view: Eclipse MAT's "List objects with
 * outgoing / incoming references". One object's references as a tree that
 * expands as asked: each row the reference (field, [index], <class>, ...)
 * and the object at its other end, with its shallow and retained size;
 * a row's references a page at a time (HsRefsList), read on workers that
 * the view cancels when it is cleared or asked something else. A header
 * names the object and the direction, with a switch between the two and
 * the Export button (the rows shown, as `heapscope-cli refs --csv`
 * writes them: hs_refs_csv_row).
 * Like the Paths view it is in the view switcher only once asked. */
#pragma once

#include "hs-view.h"
#include "hs-refs-item.h"

G_BEGIN_DECLS

#define HS_TYPE_REFS_VIEW (hs_refs_view_get_type ())
G_DECLARE_FINAL_TYPE (HsRefsView, hs_refs_view, HS, REFS_VIEW, HsView)

/* The references of obj: what it refers to, or (incoming) what refers to
 * it; the tree's root row is obj, expanded. */
void hs_refs_view_show (HsRefsView *self, HsObj obj, gboolean incoming);

/* For tests: the object and direction shown; a page is being read; the
 * tree (NULL before the first question); the header; a row's Object
 * column as shown (a more row's text too). */
HsObj hs_refs_view_get_obj (HsRefsView *self);
gboolean hs_refs_view_get_incoming (HsRefsView *self);
gboolean hs_refs_view_is_busy (HsRefsView *self);
GtkTreeListModel *hs_refs_view_get_model (HsRefsView *self);
const char *hs_refs_view_get_title (HsRefsView *self);
char *hs_refs_view_get_row_text (HsRefsView *self, guint position);

G_END_DECLS
