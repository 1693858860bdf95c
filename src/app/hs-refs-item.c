/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs-item.c: HsRefsItem, a row of the References view (see the
 * header). */
#include "config.h"
#include "hs-refs-item.h"

struct _HsRefsItem
{
  GObject parent_instance;
  HsRefsItem *parent;
  HsObj obj;
  char *reference;
  gboolean cycle;
  gboolean has_ref;
  HsRefKind kind;
  guint32 index;
};

G_DEFINE_FINAL_TYPE (HsRefsItem, hs_refs_item, G_TYPE_OBJECT)

static void
hs_refs_item_finalize (GObject *object)
{
  HsRefsItem *self = HS_REFS_ITEM (object);

  g_clear_object (&self->parent);
  g_free (self->reference);
  G_OBJECT_CLASS (hs_refs_item_parent_class)->finalize (object);
}

static void
hs_refs_item_class_init (HsRefsItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_refs_item_finalize;
}

static void
hs_refs_item_init (HsRefsItem *self)
{
  self->obj = HS_OBJ_NONE;
}

HsRefsItem *
hs_refs_item_new (HsRefsItem *parent, HsObj obj, const char *reference)
{
  HsRefsItem *self = g_object_new (HS_TYPE_REFS_ITEM, NULL);

  g_return_val_if_fail (parent == NULL || HS_IS_REFS_ITEM (parent), self);
  self->parent = parent != NULL ? g_object_ref (parent) : NULL;
  self->obj = obj;
  self->reference = g_strdup (reference);
  /* As deep as the user expanded: a few rows up, once per row made. */
  for (HsRefsItem *p = parent; p != NULL && !self->cycle; p = p->parent)
    self->cycle = p->obj == obj;
  return self;
}

HsRefsItem *
hs_refs_item_new_ref (HsRefsItem *parent, const HsRef *ref, const char *reference)
{
  HsRefsItem *self;

  g_return_val_if_fail (ref != NULL, NULL);
  self = hs_refs_item_new (parent, ref->obj, reference);
  self->has_ref = TRUE;
  self->kind = ref->kind;
  self->index = ref->index;
  return self;
}

HsObj
hs_refs_item_get_obj (HsRefsItem *self)
{
  g_return_val_if_fail (HS_IS_REFS_ITEM (self), HS_OBJ_NONE);
  return self->obj;
}

const char *
hs_refs_item_get_reference (HsRefsItem *self)
{
  g_return_val_if_fail (HS_IS_REFS_ITEM (self), NULL);
  return self->reference;
}

gboolean
hs_refs_item_is_cycle (HsRefsItem *self)
{
  g_return_val_if_fail (HS_IS_REFS_ITEM (self), FALSE);
  return self->cycle;
}

gboolean
hs_refs_item_get_ref (HsRefsItem *self, HsRef *ref)
{
  g_return_val_if_fail (HS_IS_REFS_ITEM (self), FALSE);
  g_return_val_if_fail (ref != NULL, FALSE);
  if (!self->has_ref)
    return FALSE;
  *ref = (HsRef){ .obj = self->obj, .kind = self->kind, .name = NULL, .index = self->index };
  return TRUE;
}
