/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-inspector-link.h: a link to an object in the inspector (a field's
 * value, a referrer, a step of the path to a GC root): a flat button
 * whose child the template gives. Clicked, it follows its object through
 * the inspector's "inspector.follow" action; its context menu (right
 * click, long press, Shift+F10) is the object's (hs-object-menu.h). */
#pragma once

#include <gtk/gtk.h>
#include "hs-types.h"

G_BEGIN_DECLS

#define HS_TYPE_INSPECTOR_LINK (hs_inspector_link_get_type ())
G_DECLARE_FINAL_TYPE (HsInspectorLink, hs_inspector_link, HS, INSPECTOR_LINK, GtkButton)

void hs_inspector_link_set_obj (HsInspectorLink *self, HsObj obj);

G_END_DECLS
