/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-group-row.c: HsDomGroupSet and HsDomGroupRow (see the header). */
#include "config.h"
#include "hs-dom-group-row.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsDomGroupSet
{
  HsDomGroups *groups;
};

static void
set_clear (gpointer data)
{
  hs_dom_groups_free (((HsDomGroupSet *)data)->groups);
}

HsDomGroupSet *
hs_dom_group_set_new (HsDomGroups *groups)
{
  HsDomGroupSet *set;

  g_return_val_if_fail (groups != NULL, NULL);
  set = g_atomic_rc_box_new0 (HsDomGroupSet);
  set->groups = groups;
  return set;
}

HsDomGroupSet *
hs_dom_group_set_ref (HsDomGroupSet *set)
{
  return g_atomic_rc_box_acquire (set);
}

void
hs_dom_group_set_unref (HsDomGroupSet *set)
{
  if (set != NULL)
    g_atomic_rc_box_release_full (set, set_clear);
}

const HsDomGroups *
hs_dom_group_set_get_groups (HsDomGroupSet *set)
{
  return set->groups;
}

GListStore *
hs_dom_group_set_rows (HsDomGroupSet *set, HsLoader *loader)
{
  GListStore *store = g_list_store_new (HS_TYPE_DOM_GROUP_ROW);
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  /* At most one group per class: a few tens of thousands of rows. */
  for (guint i = 0; i < set->groups->n_groups; i++)
    g_ptr_array_add (rows, hs_dom_group_row_new (loader, set, i));
  g_list_store_splice (store, 0, 0, rows->pdata, rows->len);
  return store;
}

struct _HsDomGroupRow
{
  GObject parent_instance;
  HsLoader *loader;
  HsDomGroupSet *set;
  guint group;
};

G_DEFINE_FINAL_TYPE (HsDomGroupRow, hs_dom_group_row, G_TYPE_OBJECT)

static void
hs_dom_group_row_finalize (GObject *object)
{
  HsDomGroupRow *self = HS_DOM_GROUP_ROW (object);

  g_clear_object (&self->loader);
  g_clear_pointer (&self->set, hs_dom_group_set_unref);
  G_OBJECT_CLASS (hs_dom_group_row_parent_class)->finalize (object);
}

static void
hs_dom_group_row_class_init (HsDomGroupRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_dom_group_row_finalize;
}

static void
hs_dom_group_row_init (HsDomGroupRow *self)
{
}

HsDomGroupRow *
hs_dom_group_row_new (HsLoader *loader, HsDomGroupSet *set, guint group)
{
  HsDomGroupRow *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);
  g_return_val_if_fail (set != NULL && group < set->groups->n_groups, NULL);
  self = g_object_new (HS_TYPE_DOM_GROUP_ROW, NULL);
  self->loader = g_object_ref (loader);
  self->set = hs_dom_group_set_ref (set);
  self->group = group;
  return self;
}

HsLoader *
hs_dom_group_row_get_loader (HsDomGroupRow *self)
{
  g_return_val_if_fail (HS_IS_DOM_GROUP_ROW (self), NULL);
  return self->loader;
}

HsDomGroupSet *
hs_dom_group_row_get_set (HsDomGroupRow *self)
{
  g_return_val_if_fail (HS_IS_DOM_GROUP_ROW (self), NULL);
  return self->set;
}

const HsDomGroup *
hs_dom_group_row_get_group (HsDomGroupRow *self)
{
  g_return_val_if_fail (HS_IS_DOM_GROUP_ROW (self), NULL);
  return &self->set->groups->groups[self->group];
}

const HsObj *
hs_dom_group_row_get_objects (HsDomGroupRow *self, gsize *n)
{
  const HsDomGroup *g;

  g_return_val_if_fail (HS_IS_DOM_GROUP_ROW (self), NULL);
  g = hs_dom_group_row_get_group (self);
  *n = g->objects;
  return self->set->groups->objs + g->first;
}

char *
hs_dom_group_row_get_label (HsDomGroupRow *self)
{
  HsAnalysis *a;
  const HsDomGroup *g;
  g_autofree char *count = NULL;

  g_return_val_if_fail (HS_IS_DOM_GROUP_ROW (self), NULL);
  a = hs_loader_get_analysis (self->loader);
  g = hs_dom_group_row_get_group (self);
  count = hs_format_count (g->objects);
  /* Translators: a class name, then how many objects of it the group
   * holds. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %s object", "%s · %s objects", g->objects),
                          a != NULL ? hs_dom_group_name (a->heap, g) : "", count);
}
