/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-row.h: one row of the Class Loaders view's tables: the index
 * of a loader, a duplicate class or one of its definitions in the
 * view's HsClassLoaders (hundreds of rows at most: one small object
 * each), and the text of its cells as properties the tables' templates
 * bind (ui/hs-loaders-view.ui). The view fills it. */
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
  /* The cells: a loader's name, classes, instances and retained size; a
   * duplicate class's name, loaders and instances. */
  char *name;
  char *classes;
  char *loaders;
  char *instances;
  char *retained;
};

HsLoaderRow *hs_loader_row_new (guint index, guint def);

G_END_DECLS
