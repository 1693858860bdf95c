/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-list.h: a GListModel of HsObjectRow over an array of object
 * indexes; rows are built when asked for. */
#pragma once

#include <gio/gio.h>
#include "hs-loader.h"
#include "hs-object-row.h"

G_BEGIN_DECLS

#define HS_TYPE_OBJECT_LIST (hs_object_list_get_type ())
G_DECLARE_FINAL_TYPE (HsObjectList, hs_object_list, HS, OBJECT_LIST, GObject)

/* Borrows items (they must live as long as the loader's analysis, e.g. the
 * dominator tree's child lists). */
HsObjectList *hs_object_list_new_borrowed (HsLoader *loader, const HsObj *items, gsize n);
/* Takes ownership of the array of HsObj. */
HsObjectList *hs_object_list_new_take (HsLoader *loader, GArray *items);
HsObj hs_object_list_get_obj (HsObjectList *self, guint position);
/* The rows found late (lists sorted on a worker), without
 * disturbing the rows shown: both give a list whose first
 * get_n_items entries are the ones it has now, and announce only the rows
 * added (the selection and the scroll position stay). set_borrowed
 * borrows items as new_borrowed does; take takes the GArray. */
void hs_object_list_set_borrowed (HsObjectList *self, const HsObj *items, gsize n);
void hs_object_list_take (HsObjectList *self, GArray *items);

G_END_DECLS
