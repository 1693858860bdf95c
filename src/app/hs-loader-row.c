/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-row.c: see hs-loader-row.h. */
#include "config.h"
#include "hs-loader-row.h"

G_DEFINE_FINAL_TYPE (HsLoaderRow, hs_loader_row, G_TYPE_OBJECT)

static void
hs_loader_row_class_init (HsLoaderRowClass *klass)
{
}

static void
hs_loader_row_init (HsLoaderRow *self)
{
  self->def = G_MAXUINT;
}

HsLoaderRow *
hs_loader_row_new (guint index, guint def)
{
  HsLoaderRow *row = g_object_new (HS_TYPE_LOADER_ROW, NULL);

  row->index = index;
  row->def = def;
  return row;
}
