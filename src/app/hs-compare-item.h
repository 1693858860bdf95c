/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-item.h: one class of a comparison of two dumps as a tiny row
 * object (a pointer to its HsCompareRow), made on demand by
 * HsCompareList. */
#pragma once

#include <gio/gio.h>
#include "hs-compare.h"

G_BEGIN_DECLS

#define HS_TYPE_COMPARE_ITEM (hs_compare_item_get_type ())
G_DECLARE_FINAL_TYPE (HsCompareItem, hs_compare_item, HS, COMPARE_ITEM, GObject)

/* owner: what keeps row valid (the list model), referenced by the item. */
HsCompareItem *hs_compare_item_new (GObject *owner, const HsCompareRow *row);
const HsCompareRow *hs_compare_item_get_row (HsCompareItem *self);
const char *hs_compare_item_get_name (HsCompareItem *self);

G_END_DECLS
