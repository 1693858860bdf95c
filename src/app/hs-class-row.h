/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-row.h: one class of the dump as a tiny row object, with the
 * numeric columns of the classes view. */
#pragma once

#include <gio/gio.h>
#include "hs-loader.h"
#include "hs-class-table.h"

G_BEGIN_DECLS

#define HS_TYPE_CLASS_ROW (hs_class_row_get_type ())
G_DECLARE_FINAL_TYPE (HsClassRow, hs_class_row, HS, CLASS_ROW, GObject)

/* table: the figures (of one heap, or all), shared by the rows. */
HsClassRow *hs_class_row_new (HsLoader *loader, HsClass klass, HsClassTable *table);
HsClass hs_class_row_get_class (HsClassRow *self);
const char *hs_class_row_get_name (HsClassRow *self);
/* The dump's own name when a mapping renamed the class, else NULL. */
const char *hs_class_row_get_obfuscated_name (HsClassRow *self);
/* Numeric value of a column (not NAME). */
guint64 hs_class_row_get_value (HsClassRow *self, HsClassColumn column);

G_END_DECLS
