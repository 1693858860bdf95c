/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-item.c: HsCompareItem, a row of the Compare view. */
#include "config.h"
#include "hs-compare-item.h"

struct _HsCompareItem
{
  GObject parent_instance;
  GObject *owner;
  const HsCompareRow *row;
};

G_DEFINE_FINAL_TYPE (HsCompareItem, hs_compare_item, G_TYPE_OBJECT)

static void
hs_compare_item_finalize (GObject *object)
{
  HsCompareItem *self = HS_COMPARE_ITEM (object);

  g_clear_object (&self->owner);
  G_OBJECT_CLASS (hs_compare_item_parent_class)->finalize (object);
}

static void
hs_compare_item_class_init (HsCompareItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_compare_item_finalize;
}

static void
hs_compare_item_init (HsCompareItem *self)
{
}

HsCompareItem *
hs_compare_item_new (GObject *owner, const HsCompareRow *row)
{
  HsCompareItem *self;

  g_return_val_if_fail (G_IS_OBJECT (owner) && row != NULL, NULL);

  self = g_object_new (HS_TYPE_COMPARE_ITEM, NULL);
  self->owner = g_object_ref (owner);
  self->row = row;
  return self;
}

const HsCompareRow *
hs_compare_item_get_row (HsCompareItem *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_ITEM (self), NULL);
  return self->row;
}

const char *
hs_compare_item_get_name (HsCompareItem *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_ITEM (self), NULL);
  return self->row->name;
}
