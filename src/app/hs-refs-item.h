/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs-item.h: one row of the References view's tree: an object and the
 * reference its parent row reaches it through (a field, "[i]", "<class>",
 * ...; none for the tree's root). A row whose object is already on its
 * own path (its parent's, their parent's, ...) is a cycle: the view shows
 * it and does not expand it. Made a page at a time by HsRefsList, never
 * one per heap object up front. */
#pragma once

#include <gio/gio.h>
#include "hs-refs.h"

G_BEGIN_DECLS

#define HS_TYPE_REFS_ITEM (hs_refs_item_get_type ())
G_DECLARE_FINAL_TYPE (HsRefsItem, hs_refs_item, HS, REFS_ITEM, GObject)

/* parent: the row above (NULL for the root); reference: how parent holds
 * obj (outgoing) or obj holds parent (incoming), NULL for the root. */
HsRefsItem *hs_refs_item_new (HsRefsItem *parent, HsObj obj, const char *reference);
/* The same for a row reached through ref (its obj, kind and index kept
 * for the CSV), named reference. */
HsRefsItem *hs_refs_item_new_ref (HsRefsItem *parent, const HsRef *ref, const char *reference);
HsObj hs_refs_item_get_obj (HsRefsItem *self);
const char *hs_refs_item_get_reference (HsRefsItem *self);
/* Fills ref with the reference the row was made from (its name NULL: see
 * hs_refs_item_get_reference); FALSE for the root and a row made with
 * hs_refs_item_new. */
gboolean hs_refs_item_get_ref (HsRefsItem *self, HsRef *ref);
/* The object is one of the rows above it. */
gboolean hs_refs_item_is_cycle (HsRefsItem *self);

G_END_DECLS
