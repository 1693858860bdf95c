/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-row.c: HsObjectRow, one object of the loader's analysis; its
 * sizes are read from the flat engine arrays when asked. */
#include "config.h"
#include "hs-object-row.h"

struct _HsObjectRow
{
  GObject parent_instance;
  HsLoader *loader;
  HsObj obj;
};

G_DEFINE_FINAL_TYPE (HsObjectRow, hs_object_row, G_TYPE_OBJECT)

static void
hs_object_row_finalize (GObject *object)
{
  g_clear_object (&HS_OBJECT_ROW (object)->loader);
  G_OBJECT_CLASS (hs_object_row_parent_class)->finalize (object);
}

static void
hs_object_row_class_init (HsObjectRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_object_row_finalize;
}

static void
hs_object_row_init (HsObjectRow *self)
{
}

HsObjectRow *
hs_object_row_new (HsLoader *loader, HsObj obj)
{
  HsObjectRow *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);

  self = g_object_new (HS_TYPE_OBJECT_ROW, NULL);
  self->loader = g_object_ref (loader);
  self->obj = obj;
  return self;
}

HsObj
hs_object_row_get_obj (HsObjectRow *self)
{
  g_return_val_if_fail (HS_IS_OBJECT_ROW (self), HS_OBJ_NONE);
  return self->obj;
}

HsLoader *
hs_object_row_get_loader (HsObjectRow *self)
{
  g_return_val_if_fail (HS_IS_OBJECT_ROW (self), NULL);
  return self->loader;
}

guint64
hs_object_row_get_retained (HsObjectRow *self)
{
  HsAnalysis *a;

  g_return_val_if_fail (HS_IS_OBJECT_ROW (self), 0);
  a = hs_loader_get_analysis (self->loader);
  if (a == NULL || a->dom == NULL || self->obj >= a->dom->n)
    return 0;
  return hs_dom_tree_retained (a->dom, self->obj);
}

guint64
hs_object_row_get_shallow (HsObjectRow *self)
{
  HsAnalysis *a;

  g_return_val_if_fail (HS_IS_OBJECT_ROW (self), 0);
  a = hs_loader_get_analysis (self->loader);
  if (a == NULL)
    return 0;
  return hs_heap_object_shallow (a->heap, self->obj);
}
