/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-row.h: one row of the Class Loaders view's tables: the index
 * of a loader, a duplicate class or one of its definitions in the
 * view's HsClassLoaders (hundreds of rows at most: one small object
 * each). A plain row the view fills. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define HS_TYPE_LOADER_ROW (hs_loader_row_get_type ())
G_DECLARE_FINAL_TYPE (HsLoaderRow, hs_loader_row, HS, LOADER_ROW, GObject)

struct _HsLoaderRow
{
  GObject parent_instance;
  guint index; /* a loader's, or a duplicate class's */
  guint def;   /* a definition of that duplicate, or G_MAXUINT */
};

HsLoaderRow *hs_loader_row_new (guint index, guint def);

G_END_DECLS
