/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-list.c: HsObjectList, a list model over a flat array of object
 * indexes (borrowed from the analysis or owned), one tiny row per
 * get_item. */
#include "config.h"
#include "hs-object-list.h"

struct _HsObjectList
{
  GObject parent_instance;
  HsLoader *loader;
  const HsObj *items;
  gsize n;
  GArray *owned;
};

static GType
hs_object_list_get_item_type (GListModel *model)
{
  return HS_TYPE_OBJECT_ROW;
}

static guint
hs_object_list_get_n_items (GListModel *model)
{
  return (guint)MIN (HS_OBJECT_LIST (model)->n, G_MAXUINT);
}

static gpointer
hs_object_list_get_item (GListModel *model, guint position)
{
  HsObjectList *self = HS_OBJECT_LIST (model);
  if (position >= self->n)
    return NULL;
  return hs_object_row_new (self->loader, self->items[position]);
}

static void
hs_object_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_object_list_get_item_type;
  iface->get_n_items = hs_object_list_get_n_items;
  iface->get_item = hs_object_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsObjectList, hs_object_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_object_list_model_init))

static void
hs_object_list_finalize (GObject *object)
{
  HsObjectList *self = HS_OBJECT_LIST (object);
  g_clear_pointer (&self->owned, g_array_unref);
  g_clear_object (&self->loader);
  G_OBJECT_CLASS (hs_object_list_parent_class)->finalize (object);
}

static void
hs_object_list_class_init (HsObjectListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_object_list_finalize;
}

static void
hs_object_list_init (HsObjectList *self)
{
}

HsObjectList *
hs_object_list_new_borrowed (HsLoader *loader, const HsObj *items, gsize n)
{
  HsObjectList *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);

  self = g_object_new (HS_TYPE_OBJECT_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->items = items;
  self->n = items != NULL ? n : 0;
  return self;
}

HsObjectList *
hs_object_list_new_take (HsLoader *loader, GArray *items)
{
  HsObjectList *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);
  g_return_val_if_fail (items != NULL, NULL);

  self = g_object_new (HS_TYPE_OBJECT_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->owned = items;
  self->items = (const HsObj *)items->data;
  self->n = items->len;
  return self;
}

HsObj
hs_object_list_get_obj (HsObjectList *self, guint position)
{
  g_return_val_if_fail (HS_IS_OBJECT_LIST (self), HS_OBJ_NONE);
  return position < self->n ? self->items[position] : HS_OBJ_NONE;
}

/* The new list keeps the first self->n entries: only the tail is new. */
static void
grow (HsObjectList *self, const HsObj *items, gsize n, GArray *owned)
{
  guint before = hs_object_list_get_n_items (G_LIST_MODEL (self));
  GArray *old = self->owned;

  g_return_if_fail (n >= self->n);
  self->items = items;
  self->n = n;
  self->owned = owned;
  g_clear_pointer (&old, g_array_unref);
  if (hs_object_list_get_n_items (G_LIST_MODEL (self)) > before)
    g_list_model_items_changed (G_LIST_MODEL (self), before, 0,
                                hs_object_list_get_n_items (G_LIST_MODEL (self)) - before);
}

void
hs_object_list_set_borrowed (HsObjectList *self, const HsObj *items, gsize n)
{
  g_return_if_fail (HS_IS_OBJECT_LIST (self));
  grow (self, items, items != NULL ? n : 0, NULL);
}

void
hs_object_list_take (HsObjectList *self, GArray *items)
{
  g_return_if_fail (HS_IS_OBJECT_LIST (self));
  g_return_if_fail (items != NULL);
  grow (self, (const HsObj *)items->data, items->len, items);
}
