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
HsObjectList *hs_object_list_new_take     (HsLoader *loader, GArray *items);
HsObj         hs_object_list_get_obj      (HsObjectList *self, guint position);

G_END_DECLS
