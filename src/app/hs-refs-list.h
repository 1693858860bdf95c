/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs-list.h: the children of one row of the References view: the
 * row's object's outgoing or incoming references (hs-refs.h), read a page
 * at a time on a worker, then an HsMoreRow ("1,000 of 2,502 shown – show
 * more") while more remain. Nothing is read before the list is first
 * asked its length (GtkTreeListModel makes a row's child list to learn
 * whether it can expand, and drops it); a node with a million referrers
 * shows its first page at once and costs only the pages shown. */
#pragma once

#include <gio/gio.h>
#include "hs-loader.h"
#include "hs-refs.h"
#include "hs-refs-item.h"
#include "hs-more-row.h"

G_BEGIN_DECLS

/* The rows a page adds. */
#define HS_REFS_LIST_PAGE 1000

#define HS_TYPE_REFS_LIST (hs_refs_list_get_type ())
G_DECLARE_FINAL_TYPE (HsRefsList, hs_refs_list, HS, REFS_LIST, GObject)

/* The references of parent's object; the workers get cancellable (the
 * view's). Items: HsRefsItem, then at most one HsMoreRow. */
HsRefsList *hs_refs_list_new (HsLoader *loader, HsRefsItem *parent, HsRefsDirection dir,
                              GCancellable *cancellable);
/* A page is being read ("loading" notifies). */
gboolean hs_refs_list_is_loading (HsRefsList *self);
/* Why the last page could not be read ("error" notifies), else NULL; a
 * cancelled page is no error: nothing is to be said. */
const GError *hs_refs_list_get_error (HsRefsList *self);
/* The workers' cancellable, given at creation: cancelled, the list is
 * stale. */
GCancellable *hs_refs_list_get_cancellable (HsRefsList *self);
/* The references there are (0 until the first page is read) and the rows
 * shown of them. */
guint64 hs_refs_list_get_total (HsRefsList *self);
guint hs_refs_list_get_shown (HsRefsList *self);
/* The next page (what the more row's "activate" does); nothing while one
 * is read or when every reference is shown. */
void hs_refs_list_load_more (HsRefsList *self);

G_END_DECLS
