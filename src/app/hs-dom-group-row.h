/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-group-row.h: one class's group among the children of a node of
 * the dominator tree grouped by class (hs-dominator-groups.h), as a tiny
 * row object of the Dominator Tree view: the class, its objects, their
 * shallow and retained sizes added up. Its children are its objects. */
#pragma once

#include <gio/gio.h>
#include "hs-loader.h"
#include "hs-dominator-groups.h"

G_BEGIN_DECLS

/* The groups of one node, shared by their rows (reference counted). */
typedef struct _HsDomGroupSet HsDomGroupSet;
/* Takes groups. */
HsDomGroupSet *hs_dom_group_set_new (HsDomGroups *groups);
HsDomGroupSet *hs_dom_group_set_ref (HsDomGroupSet *set);
void hs_dom_group_set_unref (HsDomGroupSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsDomGroupSet, hs_dom_group_set_unref)
const HsDomGroups *hs_dom_group_set_get_groups (HsDomGroupSet *set);
/* A GListStore of one HsDomGroupRow per group, in the groups' order. */
GListStore *hs_dom_group_set_rows (HsDomGroupSet *set, HsLoader *loader);

#define HS_TYPE_DOM_GROUP_ROW (hs_dom_group_row_get_type ())
G_DECLARE_FINAL_TYPE (HsDomGroupRow, hs_dom_group_row, HS, DOM_GROUP_ROW, GObject)

HsDomGroupRow *hs_dom_group_row_new (HsLoader *loader, HsDomGroupSet *set, guint group);
HsLoader *hs_dom_group_row_get_loader (HsDomGroupRow *self);
HsDomGroupSet *hs_dom_group_row_get_set (HsDomGroupRow *self);
const HsDomGroup *hs_dom_group_row_get_group (HsDomGroupRow *self);
/* The group's objects, largest retained first (n of them). */
const HsObj *hs_dom_group_row_get_objects (HsDomGroupRow *self, gsize *n);
/* "java.lang.String · 12 objects" (translated). g_free it. */
char *hs_dom_group_row_get_label (HsDomGroupRow *self);

G_END_DECLS
