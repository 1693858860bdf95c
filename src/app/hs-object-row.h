/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-row.h: one heap object as a tiny row object, built on demand
 * by the object lists (never one GObject per heap object up front). */
#pragma once

#include <gio/gio.h>
#include "hs-loader.h"

G_BEGIN_DECLS

#define HS_TYPE_OBJECT_ROW (hs_object_row_get_type ())
G_DECLARE_FINAL_TYPE (HsObjectRow, hs_object_row, HS, OBJECT_ROW, GObject)

HsObjectRow *hs_object_row_new (HsLoader *loader, HsObj obj);
HsObj hs_object_row_get_obj (HsObjectRow *self);
HsLoader *hs_object_row_get_loader (HsObjectRow *self);
guint64 hs_object_row_get_retained (HsObjectRow *self);
guint64 hs_object_row_get_shallow (HsObjectRow *self);

G_END_DECLS
